"""``splitpot.equity(..., executor=...)``: chunks of work units on a process pool, a real Dask
LocalCluster and local Ray give the one-process answer to the bit (docs/distributed.md)."""

from __future__ import annotations

import functools
import itertools
import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import splitpot as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from splitpot import _equity_units as units
from splitpot.work import ExecutorError, run_chunks

# (game, players, board, options): exact equity of several shapes, and Monte Carlo with a seed.
CASES: list[tuple[str, list[str], str, dict[str, Any]]] = [
    ("holdem", ["AcAd", "KhKs"], "", {}),  # preflop: 990 units
    ("omaha8", ["As2d3hKc", "KdKsQh7c", "Th9h8d6d"], "4c5s9d", {}),  # a flop: one unit
    ("omaha8", ["As2d3hKc", "KdKsQh7c"], "", {"exact": True}),  # preflop, many units
    ("holdem", ["QQ+, AKs", "AhKd"], "", {}),  # a range against a hand
    ("holdem", ["AsKs", "QQ+, AKo", "7h7d"], "", {"samples": 300_000, "seed": 11}),
]
IDS = ["holdem-preflop", "omaha8-flop", "omaha8-preflop", "range-vs-hand", "monte-carlo"]


@functools.cache
def local(case: int) -> sp.EquityResult:
    game, players, board, options = CASES[case]
    return sp.equity(game, players, board, **options)


def _distributed(case: int, executor: object) -> sp.EquityResult:
    game, players, board, options = CASES[case]
    return sp.equity(game, players, board, **options, executor=executor)


def test_the_cases_are_what_they_claim() -> None:
    """Each case is split into more than one chunk, but the one-unit flop, as its id says."""
    for (game, players, board, options), name in zip(CASES, IDS, strict=True):
        job = units.EquityJob.plan(game, players, board, "", **options)
        assert job.exact == ("seed" not in options), name
        assert (job.units == 1) == (name == "omaha8-flop"), (name, job.units)
        assert local(IDS.index(name)).exact == job.exact


@pytest.fixture(scope="module")
def process_pool() -> Iterator[ProcessPoolExecutor]:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        yield pool


@pytest.mark.parametrize("case", range(len(CASES)), ids=IDS)
def test_a_process_pool_gives_the_local_answer(case: int, process_pool: Any) -> None:
    assert _distributed(case, process_pool) == local(case)


@pytest.mark.parametrize("case", range(len(CASES)), ids=IDS)
def test_a_dask_cluster_gives_the_local_answer(case: int, dask_cluster: Any) -> None:
    import distributed

    with distributed.Client(dask_cluster) as client:
        assert _distributed(case, client) == local(case)


@pytest.mark.parametrize("case", range(len(CASES)), ids=IDS)
def test_ray_gives_the_local_answer(case: int, ray_local: Any) -> None:
    assert _distributed(case, ray_local) == local(case)


def _dies_once(marker: str, chunk: units.EquityChunk) -> units.Part:
    """``run_chunk``, but the first call anywhere kills its worker process (no cleanup, as a
    crash would): the marker file, created exclusively, says a worker already died."""
    try:
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return units.run_chunk(chunk)
    os._exit(1)


def _killed_run(case: int, executor: object, marker: Path) -> sp.EquityResult:
    game, players, board, options = CASES[case]
    job = units.EquityJob.plan(game, players, board, "", **options)
    chunks = job.chunks(6)
    assert len(chunks) == 6
    parts = run_chunks(functools.partial(_dies_once, str(marker)), chunks, executor)
    assert marker.exists()  # a worker did die
    raw = units.finish(job, units.merge(*parts))  # merge refuses a unit counted twice
    return sp.odds.EquityResult._from_core(raw)


def test_a_dask_worker_killed_mid_job_changes_nothing(dask_cluster: Any, tmp_path: Path) -> None:
    import cloudpickle
    import distributed

    # The workers cannot import this test module: send _dies_once by value.
    cloudpickle.register_pickle_by_value(__import__(__name__))
    try:
        with distributed.Client(dask_cluster) as client:
            assert _killed_run(3, client, tmp_path / "died") == local(3)
            client.wait_for_workers(2, timeout=30)  # the nanny restarted the dead one
    finally:
        cloudpickle.unregister_pickle_by_value(__import__(__name__))


def test_a_ray_worker_killed_mid_job_changes_nothing(ray_local: Any, tmp_path: Path) -> None:
    from ray import cloudpickle

    cloudpickle.register_pickle_by_value(__import__(__name__))
    try:
        assert _killed_run(4, ray_local, tmp_path / "died") == local(4)
    finally:
        cloudpickle.unregister_pickle_by_value(__import__(__name__))


# Merging: any partition of the units, merged in any grouping and order, finishes the same.

PARTITIONED = [0, 3, 4]  # holdem preflop, the range, Monte Carlo: a few to a thousand units


@functools.cache
def _job(case: int) -> units.EquityJob:
    game, players, board, options = CASES[case]
    return units.EquityJob.plan(game, players, board, "", **options)


@settings(max_examples=25, deadline=None)
@given(data=st.data(), case=st.sampled_from(PARTITIONED))
def test_any_partition_merged_in_any_order_finishes_to_the_local_answer(
    data: st.DataObject, case: int
) -> None:
    job = _job(case)
    cuts = data.draw(st.sets(st.integers(1, job.units - 1), max_size=12), label="cuts")
    bounds = [0, *sorted(cuts), job.units]
    parts = [units.run_chunk(units.EquityChunk(job, a, b)) for a, b in itertools.pairwise(bounds)]
    parts = data.draw(st.permutations(parts), label="order")
    while len(parts) > 1:  # merge random neighbours: any bracketing of the union
        i = data.draw(st.integers(0, len(parts) - 2), label="merge at")
        parts[i : i + 2] = [units.merge(parts[i], parts[i + 1])]
    result = sp.odds.EquityResult._from_core(units.finish(job, parts[0]))
    assert result == local(case)


def test_a_unit_in_two_parts_is_refused() -> None:
    job = _job(0)
    a = units.run_chunk(units.EquityChunk(job, 0, 10))
    b = units.run_chunk(units.EquityChunk(job, 9, 20))
    with pytest.raises(sp.EquityError, match=r"units 9\.\.10 are in two parts"):
        units.merge(a, b)
    with pytest.raises(sp.EquityError, match="is in two parts"):
        units.merge(a, a)  # the same chunk's result twice (a retry counted twice)


def test_finishing_needs_every_unit_and_no_other() -> None:
    job = _job(4)
    head, tail = (units.run_chunk(units.EquityChunk(job, a, b)) for a, b in [(0, 2), (3, 19)])
    with pytest.raises(sp.EquityError, match=r"units 2\.\.3 are missing"):
        units.finish(job, units.merge(head, tail))
    last = units.run_chunk(units.EquityChunk(job, 18, 19))
    whole = units.merge(head, units.run_chunk(units.EquityChunk(job, 2, 19)))
    with pytest.raises(sp.EquityError, match=r"units 19\.\.20 are not units of this question"):
        units.finish(job, {**whole, (19, 20): last[18, 19]})
    with pytest.raises(sp.EquityError, match="not whole units"):
        units.finish(job, {(0, 19): whole[0, 2][:-1]})
    with pytest.raises(sp.EquityError, match="not within the 19 units"):
        units.EquityChunk(job, 3, 20)


def test_a_seed_left_out_is_chosen_once_for_every_chunk(process_pool: Any) -> None:
    r = sp.equity("holdem", ["AsKs", "QQ"], samples=100_000, executor=process_pool)
    assert r.seed is not None and r.deals == 100_000
    assert sp.equity("holdem", ["AsKs", "QQ"], samples=100_000, seed=r.seed) == r


def test_a_time_limit_cannot_be_split() -> None:
    with pytest.raises(sp.EquityError, match="time_limit cannot be split into work units"):
        sp.equity("holdem", ["AsKs", "QQ"], time_limit=1.0, executor=object())


@pytest.mark.parametrize("executor", [42, "localhost:8786", object()])
def test_an_unknown_executor_is_refused_by_kind(executor: object) -> None:
    with pytest.raises(ExecutorError, match=f"executor={type(executor).__name__}: expected"):
        sp.equity("holdem", ["AsKs", "QQ"], executor=executor)
    assert issubclass(ExecutorError, ValueError)


def test_bad_cards_are_refused_before_any_chunk() -> None:
    with pytest.raises(sp.InvalidCards, match="card Ah is both"):
        sp.equity("holdem", ["AhKh", "AhQd"], executor=object())
