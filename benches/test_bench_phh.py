"""Replaying PHH hand histories: splitpot.phh against pokerkit, on the Pluribus hands, same run.

Both sides start from the file's text: splitpot runs ``phh.replay(phh.loads(text))`` (TOML
parse, checks, every action through splitpot's Hand, payout); pokerkit runs
``HandHistory.loads(text)`` and iterates the states to the end (its own replay). The hands
are the first ``HANDS`` Pluribus hands of the shared corpus (no-limit hold 'em, six
players); the benchmarks skip without it.

pytest benches/test_bench_phh.py --benchmark-enable
"""

from __future__ import annotations

import tarfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import per_call
from splitpot import phh

CORPUS = (
    Path(__file__).resolve().parent.parent.parent
    / "shared"
    / "data"
    / "phh-dataset-10088-pokerkit-df30bd0.tar.gz"
)
HANDS = 500


@pytest.fixture(scope="module")
def texts() -> list[str]:
    if not CORPUS.exists():
        pytest.skip(f"the PHH corpus is not here ({CORPUS})")
    out = []
    with tarfile.open(CORPUS) as tar:
        members = sorted(
            (m for m in tar.getmembers() if m.isfile() and "/pluribus/" in m.name),
            key=lambda m: m.name,
        )
        for m in members[:HANDS]:
            f = tar.extractfile(m)
            assert f is not None
            out.append(f.read().decode())
    return out


def splitpot_replay(texts: list[str]) -> int:
    chips = 0
    for text in texts:
        chips += phh.replay(phh.loads(text)).final_stacks[0]
    return chips


def pokerkit_replay(texts: list[str]) -> int:
    pokerkit = pytest.importorskip("pokerkit")
    chips = 0
    for text in texts:
        *_, state = pokerkit.HandHistory.loads(text)
        chips += state.stacks[0]
    return chips


@pytest.mark.benchmark(group="PHH parse + replay, Pluribus hands")
def test_splitpot_phh(benchmark: Any, texts: list[str]) -> None:
    per_call(benchmark, len(texts))
    assert benchmark(splitpot_replay, texts) > 0


@pytest.mark.benchmark(group="PHH parse + replay, Pluribus hands")
def test_pokerkit_phh(benchmark: Any, texts: list[str]) -> None:
    per_call(benchmark, len(texts))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert benchmark(pokerkit_replay, texts) > 0


def _hands_per_second(run: Callable[[list[str]], int], texts: list[str], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run(texts)
        best = min(best, time.perf_counter() - start)
    return len(texts) / best


def test_splitpot_phh_speedup_over_pokerkit(texts: list[str], capsys: Any) -> None:
    """Hands per second of both, best of a few rounds over the same hands (printed)."""
    pytest.importorskip("pokerkit")
    sample = texts[:200]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours = _hands_per_second(splitpot_replay, sample, 3)
        theirs = _hands_per_second(pokerkit_replay, sample, 3)
    with capsys.disabled():
        print(
            f"\nPHH parse + replay, {len(sample)} Pluribus hands: splitpot {ours:,.0f} hands/s, "
            f"pokerkit {theirs:,.0f} hands/s, {ours / theirs:.1f}x"
        )
    assert splitpot_replay(sample) == pokerkit_replay(sample)  # the same chips at the end
    assert ours > theirs
