"""Shared deals for the pytest-benchmark suites: the same random cards for every library."""

from __future__ import annotations

import random

import pytest

RANKS = "23456789TJQKA"
SUITS = "cdhs"
N = 1000  # hands per benchmark round; per-call time is the round's time / N


def name(code: int) -> str:
    return RANKS[code // 4] + SUITS[code % 4]


def deals(n: int, k: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), k) for _ in range(n)]


def per_call(benchmark: pytest.FixtureRequest, n: int = N) -> None:
    benchmark.extra_info["calls_per_round"] = n  # type: ignore[attr-defined]
