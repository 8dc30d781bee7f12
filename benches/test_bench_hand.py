"""Whole hands of random legal play: splitpot's Hand against pokerkit's State, same run.

Six-handed no-limit Hold'em (blinds 1/2) and fixed-limit Omaha Hi/Lo (2/4), 200 chips each.
Both engines follow the same random policy (fold 15 %, bet or raise 20 % to a random legal
amount, else check or call) and deal, show down and pay out every hand. Each round plays a
batch of hands; ``calls_per_round`` lets benches/report.py turn rounds into hands per second.

pytest benches/test_bench_hand.py --benchmark-enable
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import per_call
from splitpot.betting import FixedLimit, NoLimit, Structure
from splitpot.games import HOLDEM, OMAHA_HILO, Game
from splitpot.hand import Hand

PLAYERS = 6
STACK = 200
SPLITPOT_HANDS = 200  # per round
POKERKIT_HANDS = {"nl": 20, "fl": 6}  # pokerkit is much slower; keep its rounds short


def splitpot_hand(rng: random.Random, game: Game, structure: Structure) -> Hand:
    hand = Hand(game, structure, [STACK] * PLAYERS, seed=rng.randrange(1 << 32))
    while not hand.is_over:
        la = hand.legal_actions()
        r = rng.random()
        if r < 0.15 and la.fold:
            hand.fold()
        elif r < 0.35 and (la.bet or la.raise_to):
            lo, hi = la.bet or la.raise_to  # type: ignore[misc]
            hand.bet_or_raise_to(rng.randint(lo, hi))
        else:
            hand.check_or_call()
    return hand


def pokerkit_hand(rng: random.Random, kind: str) -> Any:
    pk = pytest.importorskip("pokerkit")
    auto = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING,
        pk.Automation.BOARD_DEALING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
    if kind == "nl":
        state = pk.NoLimitTexasHoldem.create_state(
            auto, True, 0, (1, 2), 2, (STACK,) * PLAYERS, PLAYERS
        )
    else:
        state = pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
            auto, True, 0, (1, 2), 2, 4, (STACK,) * PLAYERS, PLAYERS
        )
    while state.status:
        r = rng.random()
        if r < 0.15 and state.can_fold():
            state.fold()
        elif r < 0.35 and state.can_complete_bet_or_raise_to():
            lo = state.min_completion_betting_or_raising_to_amount
            hi = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(rng.randint(lo, hi))
        else:
            state.check_or_call()
    return state


def _splitpot_round(game: Game, structure: Structure) -> Any:
    rng = random.Random(1)

    def run() -> list[Hand]:
        return [splitpot_hand(rng, game, structure) for _ in range(SPLITPOT_HANDS)]

    return run


@pytest.mark.benchmark(group="hand: 6-max no-limit Hold'em, random play")
def test_splitpot_nl_holdem(benchmark: Any) -> None:
    per_call(benchmark, SPLITPOT_HANDS)
    hands = benchmark.pedantic(_splitpot_round(HOLDEM, NoLimit(1, 2)), rounds=15, iterations=1)
    assert all(sum(h.final_stacks) == STACK * PLAYERS for h in hands)


@pytest.mark.benchmark(group="hand: 6-max no-limit Hold'em, random play")
def test_pokerkit_nl_holdem(benchmark: Any) -> None:
    pytest.importorskip("pokerkit")
    per_call(benchmark, POKERKIT_HANDS["nl"])
    rng = random.Random(1)
    states = benchmark.pedantic(
        lambda: [pokerkit_hand(rng, "nl") for _ in range(POKERKIT_HANDS["nl"])],
        rounds=5,
        iterations=1,
    )
    assert all(sum(s.stacks) == STACK * PLAYERS for s in states)


@pytest.mark.benchmark(group="hand: 6-max fixed-limit Omaha Hi/Lo, random play")
def test_splitpot_fl_omaha8(benchmark: Any) -> None:
    per_call(benchmark, SPLITPOT_HANDS)
    hands = benchmark.pedantic(
        _splitpot_round(OMAHA_HILO, FixedLimit(2, 4)), rounds=15, iterations=1
    )
    assert all(sum(h.final_stacks) == STACK * PLAYERS for h in hands)


@pytest.mark.benchmark(group="hand: 6-max fixed-limit Omaha Hi/Lo, random play")
def test_pokerkit_fl_omaha8(benchmark: Any) -> None:
    pytest.importorskip("pokerkit")
    per_call(benchmark, POKERKIT_HANDS["fl"])
    rng = random.Random(1)
    states = benchmark.pedantic(
        lambda: [pokerkit_hand(rng, "fl") for _ in range(POKERKIT_HANDS["fl"])],
        rounds=3,
        iterations=1,
    )
    assert all(sum(s.stacks) == STACK * PLAYERS for s in states)
