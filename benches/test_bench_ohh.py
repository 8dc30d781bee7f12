"""Open Hand History: reading, reading and replaying, and writing the Pluribus hands, against
PHH on the same hands and the floor of ``json.loads`` alone, same run.

The hands are the first ``HANDS`` Pluribus hands of the shared corpus (no-limit hold 'em, six
players), written as OHH once by :func:`splitpot.ohh.dumps_all`; the benchmarks skip without
the corpus. No Python library reads OHH, so the peers are splitpot's own PHH reader (a TOML
parse and a record) and the standard library's JSON parser with nothing done with it.

pytest benches/test_bench_ohh.py --benchmark-enable
"""

from __future__ import annotations

import json
import tarfile
from typing import Any

import pytest
from conftest import per_call
from splitpot import ohh, phh
from test_bench_phh import CORPUS

HANDS = 500


@pytest.fixture(scope="module")
def phh_texts() -> list[str]:
    if not CORPUS.exists():
        pytest.skip(f"the PHH corpus is not here ({CORPUS})")
    with tarfile.open(CORPUS) as tar:
        members = sorted(
            (m for m in tar.getmembers() if m.isfile() and "/pluribus/" in m.name),
            key=lambda m: m.name,
        )[:HANDS]
        return [tar.extractfile(m).read().decode() for m in members]  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def histories(phh_texts: list[str]) -> list[phh.HandHistory]:
    return [phh.loads(t) for t in phh_texts]


@pytest.fixture(scope="module")
def ohh_text(histories: list[phh.HandHistory]) -> str:
    return ohh.dumps_all(histories)


@pytest.mark.benchmark(group="OHH read, Pluribus hands")
def test_ohh_loads(benchmark: Any, ohh_text: str) -> None:
    per_call(benchmark, HANDS)
    assert len(benchmark(ohh.loads, ohh_text)) == HANDS


@pytest.mark.benchmark(group="OHH read, Pluribus hands")
def test_phh_loads_same_hands(benchmark: Any, phh_texts: list[str]) -> None:
    per_call(benchmark, HANDS)
    assert len(benchmark(lambda: [phh.loads(t) for t in phh_texts])) == HANDS


@pytest.mark.benchmark(group="OHH read, Pluribus hands")
def test_json_loads_floor(benchmark: Any, ohh_text: str) -> None:
    per_call(benchmark, HANDS)
    lines = ohh_text.split("\n\n")
    assert len(benchmark(lambda: [json.loads(line) for line in lines])) == HANDS


@pytest.mark.benchmark(group="OHH read + replay, Pluribus hands")
def test_ohh_read_and_replay(benchmark: Any, ohh_text: str) -> None:
    per_call(benchmark, HANDS)
    outcomes = benchmark(lambda: [phh.check(h).status for h in ohh.loads(ohh_text)])
    assert set(outcomes) <= {"match", "odd_chip"}


@pytest.mark.benchmark(group="OHH write, Pluribus hands")
def test_ohh_dumps(benchmark: Any, histories: list[phh.HandHistory]) -> None:
    per_call(benchmark, HANDS)
    assert benchmark(ohh.dumps_all, histories).count("\n\n") == HANDS - 1


@pytest.mark.benchmark(group="OHH write, Pluribus hands")
def test_phh_dumps_same_hands(benchmark: Any, histories: list[phh.HandHistory]) -> None:
    per_call(benchmark, HANDS)
    assert benchmark(phh.dumps_all, histories).count("\n[") == HANDS - 1
