"""Pan through the Python API: ``classify`` per call and over a batch, ``go_out`` on random
11-card deals from the 310-card deck and on hands that go out.

Each benchmark makes N calls per round (``classify_many``: one call over N melds); divide by N
for the per-call time (benches/report.py does). The Rust-only numbers are in benches/pan.rs.
"""

from __future__ import annotations

import random

import pytest
from conftest import N, per_call
from splitpot import pan

RANKS = "A234567JQK"
SUITS = "cdhs"


def candidate_melds(n: int, seed: int) -> list[list[int]]:
    """Half valid melds (runs and groups of 3 to 6 cards), half random 3 to 5 card deals."""
    rng = random.Random(seed)
    deck = [c.code for c in pan.Deck(seed=seed)]
    out: list[list[int]] = []
    while len(out) < n:
        k = rng.randint(3, 6)
        if rng.random() < 0.25:
            start, suit = rng.randint(0, 10 - k), rng.randrange(4)
            out.append([(start + i) * 4 + suit for i in range(k)])
        elif rng.random() < 1 / 3:
            rank = rng.randrange(10)
            out.append([rank * 4 + s for s in rng.sample(range(4), 3)])
        else:
            out.append(rng.sample(deck, rng.randint(3, 5)))
    return out


MELDS = candidate_melds(N, seed=3)
MELD_STRS = [" ".join(str(pan.Card(c)) for c in m) for m in MELDS]
MELD_CARDS = [tuple(pan.Card(c) for c in m) for m in MELDS]
DEALS = [pan.Deck(seed=s).draw(11) for s in range(N)]


def out_hands(n: int, seed: int) -> list[list[int]]:
    """Hands of 11 that go out: random runs and groups (3 to 8 cards) within the deck's copies,
    shuffled."""
    rng = random.Random(seed)
    copies = {c: 7 if c % 4 == 3 else 8 for c in range(40)}
    hands: list[list[int]] = []
    while len(hands) < n:
        sizes = rng.choice([[3, 3, 5], [3, 4, 4], [3, 8], [4, 7], [5, 6]])
        hand: list[int] = []
        for k in sizes:
            rank, suit = rng.randrange(10), rng.randrange(4)
            if rng.random() < 0.5:
                start = rng.randint(0, 10 - k)
                hand += [(start + i) * 4 + suit for i in range(k)]
            elif rng.random() < 0.5:
                hand += [rank * 4 + suit] * k
            else:
                suits = rng.sample(range(4), 3) + [rng.randrange(4) for _ in range(k - 3)]
                hand += [rank * 4 + s for s in suits]
        if all(hand.count(c) <= copies[c] for c in set(hand)):
            rng.shuffle(hand)
            hands.append(hand)
    return hands


OUT = out_hands(N, seed=11)


@pytest.mark.benchmark(group="pan classify single call")
def test_splitpot_classify_string(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    classify = pan.classify
    out = benchmark(lambda: [classify(m) for m in MELD_STRS])  # type: ignore[operator]
    assert out == [pan.classify(m) for m in MELDS]
    assert 0.2 < sum(k is not None for k in out) / N < 0.8


@pytest.mark.benchmark(group="pan classify single call")
def test_splitpot_classify_cards(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    classify = pan.classify
    benchmark(lambda: [classify(m) for m in MELD_CARDS])  # type: ignore[operator]


@pytest.mark.benchmark(group="pan classify single call")
def test_splitpot_classify_int_list(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    classify = pan.classify
    benchmark(lambda: [classify(m) for m in MELDS])  # type: ignore[operator]


@pytest.mark.benchmark(group="pan classify single call")
def test_splitpot_is_meld_int_list(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    is_meld = pan.is_meld
    benchmark(lambda: [is_meld(m) for m in MELDS])  # type: ignore[operator]


@pytest.mark.benchmark(group="pan classify single call")
def test_splitpot_classify_many_int_lists(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    out = benchmark(pan.classify_many, MELDS)  # type: ignore[operator]
    assert out == [pan.classify(m) for m in MELDS]


@pytest.mark.benchmark(group="pan go_out, random 11-card deals")
def test_splitpot_go_out_random_deals(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    go_out = pan.go_out
    out = benchmark(lambda: [go_out(h) for h in DEALS])  # type: ignore[operator]
    assert all(a is None for a in out)  # random deals almost never go out


@pytest.mark.benchmark(group="pan go_out, hands that go out")
def test_splitpot_go_out_out_hands(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    go_out = pan.go_out
    out = benchmark(lambda: [go_out(h) for h in OUT])  # type: ignore[operator]
    assert all(a is not None for a in out)
