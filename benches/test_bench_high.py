"""High-hand evaluation, splitpot against the peers a user would otherwise pick, same deals.

Each benchmark evaluates N hands per round; divide by N for the per-call time
(benches/report.py does, and prints the README table).
"""

from __future__ import annotations

import os

import numpy as np
import pytest
import splitpot as sp
from conftest import N, deals, name, per_call
from splitpot import _core

SEVEN = deals(N, 7, seed=7)
SEVEN_STR = ["".join(name(c) for c in h) for h in SEVEN]
SEVEN_NAMES = [[name(c) for c in h] for h in SEVEN]
OMAHA = deals(N, 9, seed=9)


@pytest.mark.benchmark(group="high 7-card single call")
def test_splitpot_string(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    ev = sp.evaluate_high
    out = benchmark(lambda: [ev(h) for h in SEVEN_STR])  # type: ignore[operator]
    assert out[0].strength == sp.evaluate_high(SEVEN[0]).strength


@pytest.mark.benchmark(group="high 7-card single call")
def test_splitpot_int_list(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    ev = sp.evaluate_high
    benchmark(lambda: [ev(h) for h in SEVEN])  # type: ignore[operator]


@pytest.mark.benchmark(group="high 7-card single call")
def test_splitpot_cardset(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    sets = [sp.CardSet(h) for h in SEVEN]
    ev = sp.evaluate_high
    benchmark(lambda: [ev(s) for s in sets])  # type: ignore[operator]


@pytest.mark.benchmark(group="high 7-card single call")
def test_splitpot_empty_call_floor(benchmark: pytest.FixtureRequest) -> None:
    """The floor (issue 29): a PyO3 call that takes the hand and returns a fixed `HighHand`
    as `evaluate_high` makes one, reading nothing. `evaluate_high`'s rows are measured
    against it (goal: within 1.3x)."""
    per_call(benchmark)
    ev = _core._empty_call
    benchmark(lambda: [ev(h) for h in SEVEN_STR])  # type: ignore[operator]


@pytest.mark.benchmark(group="high 7-card single call")
def test_splitpot_strength_string(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    ev = sp.evaluate_high_strength
    out = benchmark(lambda: [ev(h) for h in SEVEN_STR])  # type: ignore[operator]
    assert out[0] == sp.evaluate_high(SEVEN_STR[0]).strength


@pytest.mark.benchmark(group="high 7-card single call")
def test_splitpot_strength_int_list(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    ev = sp.evaluate_high_strength
    benchmark(lambda: [ev(h) for h in SEVEN])  # type: ignore[operator]


@pytest.mark.benchmark(group="high 7-card single call")
def test_holdem_hand_evaluator(benchmark: pytest.FixtureRequest) -> None:
    hhe = pytest.importorskip("holdem_hand_evaluator")
    per_call(benchmark)
    ev = hhe.evaluate_hand
    benchmark(lambda: [ev(h) for h in SEVEN_STR])  # type: ignore[operator]


@pytest.mark.benchmark(group="high 7-card single call")
def test_phevaluator(benchmark: pytest.FixtureRequest) -> None:
    ph = pytest.importorskip("phevaluator")
    per_call(benchmark)
    ev = ph.evaluate_cards
    benchmark(lambda: [ev(*h) for h in SEVEN_NAMES])  # type: ignore[operator]


@pytest.mark.benchmark(group="high 7-card single call")
def test_eval7(benchmark: pytest.FixtureRequest) -> None:
    eval7 = pytest.importorskip("eval7")
    per_call(benchmark)
    hands = [[eval7.Card(c) for c in h] for h in SEVEN_NAMES]
    ev = eval7.evaluate
    benchmark(lambda: [ev(h) for h in hands])  # type: ignore[operator]


@pytest.mark.benchmark(group="high 7-card single call")
def test_treys(benchmark: pytest.FixtureRequest) -> None:
    treys = pytest.importorskip("treys")
    per_call(benchmark)
    hands = [[treys.Card.new(c) for c in h] for h in SEVEN_NAMES]
    ev = treys.Evaluator().evaluate
    benchmark(lambda: [ev(h[:2], h[2:]) for h in hands])  # type: ignore[operator]


@pytest.mark.benchmark(group="omaha high single call")
def test_splitpot_omaha(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    ev = sp.evaluate_omaha_high
    benchmark(lambda: [ev(d[:4], d[4:]) for d in OMAHA])  # type: ignore[operator]


@pytest.mark.benchmark(group="omaha high single call")
def test_phevaluator_omaha(benchmark: pytest.FixtureRequest) -> None:
    ph = pytest.importorskip("phevaluator")
    per_call(benchmark)
    names = [[name(c) for c in d[4:] + d[:4]] for d in OMAHA]  # board first, then hole
    ev = ph.evaluate_omaha_cards
    benchmark(lambda: [ev(*d) for d in names])  # type: ignore[operator]


BATCH = np.array(deals(1_000_000, 7, seed=1), dtype=np.uint8)
THREADS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
BATCH_GROUP = "high batch of 1,000,000 seven-card hands (peer: one thread's rate x the threads)"


@pytest.mark.benchmark(group=BATCH_GROUP)
def test_splitpot_batch(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark, len(BATCH))
    out = benchmark(sp.evaluate_high_batch, BATCH)  # type: ignore[operator]
    assert out.shape == (len(BATCH),)


@pytest.mark.benchmark(group=BATCH_GROUP)
def test_one_thread_rate_times_threads(benchmark: pytest.FixtureRequest) -> None:
    """The batch goal's yardstick (issue 17): one thread's rate times the thread count. One
    thread evaluating 1/THREADS of the batch takes as long as a perfect run of all of it on
    THREADS threads, so this row's time per hand is that perfect run's, and the batch's
    "speed vs the fastest peer" is its share of it (goal: 0.5x). Same kernel (the checked
    key, `HandKey::from_checked`), kept on the calling thread."""
    part = BATCH[: len(BATCH) // THREADS]
    per_call(benchmark, len(BATCH))
    out = benchmark(_core._high_batch, part, True)  # type: ignore[operator]
    assert list(out[:100]) == list(sp.evaluate_high_batch(part[:100]))
