"""Stud against pokerkit, same run: random legal play and PHH replay (issue 12).

Random play: six-handed fixed-limit Seven Card Stud Hi/Lo (ante 1, bring-in 1, bets 2/4,
200 chips each), splitpot's ``Hand`` against pokerkit's
``FixedLimitSevenCardStudHighLowSplitEightOrBetter``. Both deal, show down and pay out every
hand and follow the same random policy: the bring-in completes 20 % of the time, else posts;
then fold 15 % (when a fold is legal), bet, complete or raise 20 % to the least or the most
legal amount (fixed limit: the same amount, but on fourth street with an open pair, where
splitpot allows the small or the big bet, docs/rules/poker.md §4.2), else check or call.
Each round plays a batch of hands; ``calls_per_round`` lets benches/report.py turn rounds
into hands per second.

PHH replay: ``HISTORIES`` six-handed stud and stud hi/lo hands that pokerkit plays (seeded
cards and decisions, written with ``HandHistory.from_game_state``), each of which splitpot
replays to pokerkit's stacks (checked). splitpot runs ``phh.replay(phh.loads(text))``;
pokerkit runs ``HandHistory.loads(text)`` and iterates its states to the end.

pytest benches/test_bench_stud.py --benchmark-enable
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import per_call
from splitpot import phh
from splitpot.betting import FixedLimit
from splitpot.games import SEVEN_CARD_STUD_HILO
from splitpot.hand import Hand

PLAYERS = 6
STACK = 200
ANTE, BRING_IN, SMALL, BIG = 1, 1, 2, 4
SPLITPOT_HANDS = 200  # per round
POKERKIT_HANDS = 40  # pokerkit is much slower; its hands vary (its own shuffle): not fewer
HISTORIES = 50
STUD8 = "FixedLimitSevenCardStudHighLowSplitEightOrBetter"
GROUP_PLAY = "hand: 6-max fixed-limit Stud Hi/Lo, random play"
GROUP_PHH = "PHH parse + replay, pokerkit's stud and stud hi/lo hands"


def splitpot_hand(rng: random.Random) -> Hand:
    structure = FixedLimit(SMALL, BIG, bring_in=BRING_IN, ante=ANTE)
    hand = Hand(SEVEN_CARD_STUD_HILO, structure, [STACK] * PLAYERS, seed=rng.randrange(1 << 32))
    while not hand.is_over:
        la = hand.legal_actions()
        r = rng.random()
        if la.bring_in is not None:
            if r < 0.2 and la.bet:
                hand.bet()
            else:
                hand.bring_in()
        elif r < 0.15 and la.fold:
            hand.fold()
        elif r < 0.35 and (la.bet or la.raise_to):
            lo, hi = la.bet or la.raise_to  # type: ignore[misc]
            hand.bet_or_raise_to(rng.choice((lo, hi)))  # fourth street's open pair: the ends
        else:
            hand.check_or_call()
    return hand


def _pokerkit_decide(rng: random.Random, state: Any) -> None:
    """One decision of the random policy (the same as :func:`splitpot_hand`'s)."""
    r = rng.random()
    if state.can_post_bring_in():
        if r < 0.2:
            state.complete_bet_or_raise_to()
        else:
            state.post_bring_in()
    elif r < 0.15 and state.can_fold():
        state.fold()
    elif r < 0.35 and state.can_complete_bet_or_raise_to():
        lo = state.min_completion_betting_or_raising_to_amount
        hi = state.max_completion_betting_or_raising_to_amount
        state.complete_bet_or_raise_to(rng.choice((lo, hi)))
    else:
        state.check_or_call()


def _pokerkit_game(deal: bool, name: str = STUD8) -> Any:
    pk = pytest.importorskip("pokerkit")
    names = ["ANTE_POSTING", "BET_COLLECTION", "HOLE_CARDS_SHOWING_OR_MUCKING"]
    names += ["HAND_KILLING", "CHIPS_PUSHING", "CHIPS_PULLING"]
    if deal:
        names += ["CARD_BURNING", "HOLE_DEALING"]
    automations = tuple(getattr(pk.Automation, name) for name in names)
    return getattr(pk, name)(automations, False, ANTE, BRING_IN, SMALL, BIG)


def pokerkit_hand(rng: random.Random, game: Any) -> Any:
    """A random hand dealt by pokerkit itself."""
    state = game((STACK,) * PLAYERS, PLAYERS)
    while state.status:
        _pokerkit_decide(rng, state)
    return state


def _history(seed: int, stud8: Any, stud: Any) -> str:
    """A pokerkit hand with seeded cards and decisions, as PHH text (odd seeds: Stud)."""
    pk = pytest.importorskip("pokerkit")
    rng = random.Random(seed)
    game = stud if seed % 2 else stud8
    state = game((STACK,) * PLAYERS, PLAYERS)
    deck = sorted(game.deck, key=repr)
    rng.shuffle(deck)
    while state.status:
        if state.can_burn_card():
            state.burn_card("??")
        elif state.can_deal_hole():
            state.deal_hole((deck.pop(),))
        else:
            _pokerkit_decide(rng, state)
    text: str = pk.HandHistory.from_game_state(game, state).dumps()
    hand = phh.replay(phh.loads(text))
    assert hand.final_stacks == list(state.stacks), text  # the replay is exact
    return text


@pytest.fixture(scope="module")
def texts() -> list[str]:
    stud8 = _pokerkit_game(False)
    stud = _pokerkit_game(False, "FixedLimitSevenCardStud")
    return [_history(seed, stud8, stud) for seed in range(HISTORIES)]


@pytest.mark.benchmark(group=GROUP_PLAY)
def test_splitpot_fl_stud8(benchmark: Any) -> None:
    per_call(benchmark, SPLITPOT_HANDS)
    rng = random.Random(1)
    hands = benchmark.pedantic(
        lambda: [splitpot_hand(rng) for _ in range(SPLITPOT_HANDS)], rounds=15, iterations=1
    )
    assert all(sum(h.final_stacks) == STACK * PLAYERS for h in hands)


@pytest.mark.benchmark(group=GROUP_PLAY)
def test_pokerkit_fl_stud8(benchmark: Any) -> None:
    game = _pokerkit_game(True)
    per_call(benchmark, POKERKIT_HANDS)
    rng = random.Random(1)
    states = benchmark.pedantic(
        lambda: [pokerkit_hand(rng, game) for _ in range(POKERKIT_HANDS)], rounds=5, iterations=1
    )
    assert all(sum(s.stacks) == STACK * PLAYERS for s in states)


def splitpot_replay(texts: list[str]) -> int:
    chips = 0
    for text in texts:
        chips += sum(phh.replay(phh.loads(text)).final_stacks)
    return chips


def pokerkit_replay(texts: list[str]) -> int:
    pokerkit = pytest.importorskip("pokerkit")
    chips = 0
    for text in texts:
        *_, state = pokerkit.HandHistory.loads(text)
        chips += sum(state.stacks)
    return chips


@pytest.mark.benchmark(group=GROUP_PHH)
def test_splitpot_phh_stud(benchmark: Any, texts: list[str]) -> None:
    per_call(benchmark, len(texts))
    assert benchmark(splitpot_replay, texts) == STACK * PLAYERS * len(texts)


@pytest.mark.benchmark(group=GROUP_PHH)
def test_pokerkit_phh_stud(benchmark: Any, texts: list[str]) -> None:
    per_call(benchmark, len(texts))
    assert benchmark(pokerkit_replay, texts) == STACK * PLAYERS * len(texts)
