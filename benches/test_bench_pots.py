"""Paying out a hand: ``splitpot.pots.award`` on a 9-handed hi/lo hand with three side pots.

Goal (issue 5): at least 100,000 awards per second. Measure with

    pytest benches/test_bench_pots.py --benchmark-enable
"""

from __future__ import annotations

import pytest
from splitpot.pots import Rake, award, build_pots

# Omaha Hi/Lo, button on seat 8, so the odd-chip order starts at seat 0. Four seats fold along
# the way (their chips stay in), three go all-in for different amounts, two go to the end.
CONTRIBUTIONS = {0: 10, 1: 20, 2: 60, 3: 40, 4: 150, 5: 320, 6: 500, 7: 500, 8: 200}
FOLDED = {0, 1, 3, 8}
HIGH = {2: 3000, 4: 4200, 5: 4200, 6: 3500, 7: 2000}  # seats 4 and 5 tie for high
LOW = {2: 50, 6: 50, 7: 40}  # seats 2 and 6 tie for low in the main pot
ORDER = (0, 1, 2, 3, 4, 5, 6, 7, 8)
RAKE = Rake(5, cap=30)


def test_award_9_handed_hilo(benchmark: pytest.FixtureRequest) -> None:
    pots, returned = build_pots(CONTRIBUTIONS, FOLDED)
    assert len(pots) == 4  # the main pot and three side pots
    assert returned == {}

    payout = benchmark(award, pots, HIGH, LOW, ORDER, 1, RAKE)  # type: ignore[operator]

    assert payout.rake == 30
    assert sum(payout.totals.values()) + payout.rake == sum(CONTRIBUTIONS.values())
    assert len(payout.awards) == 11  # quartered main pot, tied high in side pot 1, a scoop
    stats = getattr(benchmark, "stats", None)
    if stats is not None:  # None under --benchmark-disable
        benchmark.extra_info["awards_per_second"] = round(1 / stats.stats.median)  # type: ignore[attr-defined]


def test_build_pots_9_handed(benchmark: pytest.FixtureRequest) -> None:
    pots, _returned = benchmark(build_pots, CONTRIBUTIONS, FOLDED)  # type: ignore[operator]
    assert [p.amount for p in pots] == [430, 450, 560, 360]
