"""8-or-better lows and hi/lo, next to the high evaluator and pokerkit's Omaha low, same deals."""

from __future__ import annotations

import numpy as np
import pytest
import splitpot as sp
from conftest import N, deals, name, per_call

SEVEN = ["".join(name(c) for c in h) for h in deals(N, 7, seed=7)]
OMAHA = [
    ("".join(name(c) for c in d[:4]), "".join(name(c) for c in d[4:])) for d in deals(N, 9, seed=9)
]
BATCH = np.array(deals(200_000, 9, seed=1), dtype=np.uint8)


@pytest.mark.benchmark(group="low 7-card single call")
def test_splitpot_low8(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    ev = sp.evaluate_low8
    benchmark(lambda: [ev(h) for h in SEVEN])  # type: ignore[operator]


@pytest.mark.benchmark(group="low 7-card single call")
def test_splitpot_hilo(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    ev = sp.evaluate_hilo
    benchmark(lambda: [ev(h) for h in SEVEN])  # type: ignore[operator]


@pytest.mark.benchmark(group="omaha low single call")
def test_splitpot_omaha_low8(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    ev = sp.evaluate_omaha_low8
    benchmark(lambda: [ev(h, b) for h, b in OMAHA])  # type: ignore[operator]


@pytest.mark.benchmark(group="omaha low single call")
def test_splitpot_omaha_hilo(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    ev = sp.evaluate_omaha_hilo
    benchmark(lambda: [ev(h, b) for h, b in OMAHA])  # type: ignore[operator]


@pytest.mark.benchmark(group="omaha low single call")
def test_splitpot_omaha_high(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark)
    ev = sp.evaluate_omaha_high
    benchmark(lambda: [ev(h, b) for h, b in OMAHA])  # type: ignore[operator]


@pytest.mark.benchmark(group="omaha low single call")
def test_pokerkit_omaha_low8(benchmark: pytest.FixtureRequest) -> None:
    pk = pytest.importorskip("pokerkit")
    per_call(benchmark)

    def run() -> list[object]:
        out = []
        for h, b in OMAHA:
            try:
                out.append(pk.OmahaEightOrBetterLowHand.from_game(h, b))
            except ValueError:  # pokerkit raises when there is no qualifying low
                out.append(None)
        return out

    got = benchmark(run)  # type: ignore[operator]
    ours = [sp.evaluate_omaha_low8(h, b) for h, b in OMAHA]
    assert [g is None for g in got] == [o is None for o in ours]


@pytest.mark.benchmark(group="omaha batch of 200,000 deals")
def test_splitpot_omaha_low8_batch(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark, len(BATCH))
    benchmark(sp.evaluate_omaha_low8_batch, BATCH[:, :4], BATCH[:, 4:])  # type: ignore[operator]


@pytest.mark.benchmark(group="omaha batch of 200,000 deals")
def test_splitpot_omaha_hilo_batch(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark, len(BATCH))
    benchmark(sp.evaluate_omaha_hilo_batch, BATCH[:, :4], BATCH[:, 4:])  # type: ignore[operator]


@pytest.mark.benchmark(group="omaha batch of 200,000 deals")
def test_splitpot_omaha_high_batch(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark, len(BATCH))
    benchmark(sp.evaluate_omaha_high_batch, BATCH[:, :4], BATCH[:, 4:])  # type: ignore[operator]


@pytest.mark.benchmark(group="low batch of 200,000 seven-card hands")
def test_splitpot_low8_batch(benchmark: pytest.FixtureRequest) -> None:
    per_call(benchmark, len(BATCH))
    benchmark(sp.evaluate_low8_batch, BATCH[:, :7])  # type: ignore[operator]
