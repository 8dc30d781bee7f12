"""The Pan game (issue 13): six-player hands played to the end by random legal moves and by
the greedy bots, in games per second; ``legal_moves()`` per call on positions from such games;
the history written and replayed. Goal of the issue: a full six-player bot game under 2 ms.

Each benchmark plays (or calls) N per round; benches/report.py divides by
``calls_per_round``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import per_call
from splitpot.pan import history
from splitpot.pan.bots import GreedyPanBot, RandomPanBot, play_pan_bots
from splitpot.pan.game import PanHand
from splitpot.pan.records import PanPhase

PLAYERS, STACK = 6, 50
GAMES = 20
GROUP_GAMES = "pan six-player game to the end"


def random_game(seed: int, all_play: bool = False) -> PanHand:
    """Random legal moves to the end; with ``all_play`` every player declares play (random
    declarations end about one game in ten before the first draw)."""
    rng = random.Random(seed)
    hand = PanHand([STACK] * PLAYERS, seed=seed)
    while not hand.is_over:
        if all_play and hand.phase is PanPhase.DECLARE:
            hand.play()
        else:
            hand.apply(rng.choice(hand.legal_moves()))
    return hand


def greedy_game(seed: int) -> PanHand:
    hand = PanHand([STACK] * PLAYERS, seed=seed)
    return play_pan_bots(hand, [GreedyPanBot(seed * 7 + i) for i in range(PLAYERS)])


def chips(hands: list[PanHand]) -> int:
    return sum(sum(s or 0 for s in h.result.final_stacks) + h.result.carry for h in hands)


@pytest.mark.benchmark(group=GROUP_GAMES)
def test_pan_random_legal_games(benchmark: Any) -> None:
    per_call(benchmark, GAMES)
    seeds = iter(range(10**9))
    hands = benchmark.pedantic(
        lambda: [random_game(next(seeds)) for _ in range(GAMES)], rounds=15, iterations=1
    )
    assert chips(hands) == STACK * PLAYERS * GAMES


@pytest.mark.benchmark(group=GROUP_GAMES)
def test_pan_random_legal_games_all_play(benchmark: Any) -> None:
    per_call(benchmark, GAMES)
    seeds = iter(range(10**9))
    hands = benchmark.pedantic(
        lambda: [random_game(next(seeds), True) for _ in range(GAMES)], rounds=15, iterations=1
    )
    assert chips(hands) == STACK * PLAYERS * GAMES


@pytest.mark.benchmark(group=GROUP_GAMES)
def test_pan_random_bot_games(benchmark: Any) -> None:
    per_call(benchmark, GAMES)
    seeds = iter(range(10**9))

    def game() -> PanHand:
        seed = next(seeds)
        hand = PanHand([STACK] * PLAYERS, seed=seed)
        return play_pan_bots(hand, [RandomPanBot(seed * 7 + i) for i in range(PLAYERS)])

    hands = benchmark.pedantic(lambda: [game() for _ in range(GAMES)], rounds=15, iterations=1)
    assert chips(hands) == STACK * PLAYERS * GAMES


@pytest.mark.benchmark(group=GROUP_GAMES)
def test_pan_greedy_bot_games(benchmark: Any) -> None:
    per_call(benchmark, GAMES)
    seeds = iter(range(10**9))
    hands = benchmark.pedantic(
        lambda: [greedy_game(next(seeds)) for _ in range(GAMES)], rounds=15, iterations=1
    )
    assert chips(hands) == STACK * PLAYERS * GAMES


def positions(n: int) -> list[PanHand]:
    """Hands stopped at random points of random games: every phase, some melds down."""
    out = []
    rng = random.Random(5)
    while len(out) < n:
        hand = random_game(rng.randrange(10**6))
        events = hand.events
        cut = rng.randrange(len(events) // 3, len(events))
        position = PanHand.from_events(events[:cut])
        if not position.is_over:
            out.append(position)
    return out


@pytest.mark.benchmark(group="pan legal_moves per call")
def test_pan_legal_moves(benchmark: Any) -> None:
    hands = positions(200)
    per_call(benchmark, len(hands))
    out = benchmark(lambda: [h.legal_moves() for h in hands])
    assert all(out)


@pytest.mark.benchmark(group="pan history")
def test_pan_history_dump_and_replay(benchmark: Any) -> None:
    hands = [greedy_game(seed) for seed in range(GAMES)]
    per_call(benchmark, GAMES)

    def round_trip() -> list[PanHand]:
        return [history.replay(history.loads(history.dumps(h))) for h in hands]

    again = benchmark.pedantic(round_trip, rounds=5, iterations=1)
    assert [h.events for h in again] == [h.events for h in hands]
