"""splitpot.work.run_chunks on the local kinds of executor (Dask and Ray: test_work_dask.py)."""

from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from conftest import need
from splitpot import SplitpotError
from splitpot.work import ExecutorError, iter_chunks, run_chunks

CHUNKS = [(i, i * 7 % 5) for i in range(20)]
EXPECTED = [a * b for a, b in CHUNKS]


def _product(chunk: tuple[int, int]) -> int:
    return chunk[0] * chunk[1]


def _fails(chunk: tuple[int, int]) -> int:
    if chunk[0] == 3:
        raise ValueError("chunk 3")
    return 0


@pytest.mark.parametrize("kind", ["none", "threads", "processes", "pool"])
def test_results_come_back_in_chunk_order_on_every_kind(kind: str) -> None:
    seen: list[tuple[int, int]] = []
    if kind == "none":
        out = run_chunks(_product, CHUNKS, progress=lambda d, t: seen.append((d, t)))
    elif kind == "threads":
        with ThreadPoolExecutor(3) as ex:
            out = run_chunks(_product, CHUNKS, ex, progress=lambda d, t: seen.append((d, t)))
    elif kind == "processes":
        with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as ex:
            out = run_chunks(_product, CHUNKS, ex, progress=lambda d, t: seen.append((d, t)))
    else:
        with multiprocessing.get_context("spawn").Pool(2) as pool:
            out = run_chunks(_product, CHUNKS, pool, progress=lambda d, t: seen.append((d, t)))
    assert out == EXPECTED
    assert seen == [(i, len(CHUNKS)) for i in range(1, len(CHUNKS) + 1)]


def test_a_chunks_error_is_raised_as_it_was() -> None:
    with ThreadPoolExecutor(2) as ex, pytest.raises(ValueError, match="chunk 3"):
        run_chunks(_fails, CHUNKS, ex)


@pytest.mark.parametrize("executor", [42, "localhost:8786", object()])
def test_an_unknown_executor_is_refused_by_kind(executor: object) -> None:
    with pytest.raises(ExecutorError, match=f"executor={type(executor).__name__}"):
        run_chunks(_product, CHUNKS, executor)
    assert issubclass(ExecutorError, ValueError)


_RAN: list[int] = []


def _slow_unless_first(chunk: tuple[int, int]) -> int:
    if chunk[0] == 0:
        raise ValueError("chunk 0")
    _RAN.append(chunk[0])
    time.sleep(0.05)
    return 0


def test_the_first_failed_chunk_stops_the_job_at_once() -> None:
    # One worker: chunk 0 fails first, and the chunks not started yet are never run.
    _RAN.clear()
    with ThreadPoolExecutor(1) as ex, pytest.raises(ValueError, match="chunk 0"):
        run_chunks(_slow_unless_first, CHUNKS, ex)
    assert len(_RAN) <= 2, _RAN  # at most the one the worker had begun


def _fails_and_counts(job: tuple[str, int]) -> int:
    folder, i = job
    if i == 1:
        Path(folder, f"attempt-{os.getpid()}-{time.monotonic_ns()}").touch()
        raise ValueError("chunk 1")
    return i


def test_on_dask_a_chunk_that_raises_runs_once_and_its_error_comes_back(
    dask_cluster: Any, tmp_path: Path
) -> None:
    distributed = need("distributed", "dask")
    with distributed.Client(dask_cluster) as client, pytest.raises(ValueError, match="chunk 1"):
        run_chunks(_fails_and_counts, [(str(tmp_path), i) for i in range(4)], client)
    assert len(list(tmp_path.iterdir())) == 1  # not retried: retries are for dead workers


def test_check_files_refuses_zero_files_per_chunk() -> None:
    from splitpot import phh

    files = phh.find_files([str(Path(__file__).parent / "data")])
    assert files
    with pytest.raises(SplitpotError, match="files_per_chunk must be >= 1, got 0"):
        phh.check_files(files, files_per_chunk=0)


def test_a_failed_cluster_job_is_one_line_naming_the_scheduler(dask_cluster: Any) -> None:
    from concurrent.futures import CancelledError

    from splitpot import _scheduler

    address = dask_cluster.scheduler_address
    with pytest.raises(SplitpotError, match=f"--scheduler {address}: the cluster did not"):
        with _scheduler.connect(address):
            raise CancelledError("lost")
    with pytest.raises(ValueError, match="a chunk's own"), _scheduler.connect(address):
        raise ValueError("a chunk's own error, as it was raised")


# --------------------------------------------------------------------------- iter_chunks


@pytest.mark.parametrize("kind", ["none", "threads", "pool"])
def test_iter_chunks_keeps_order_and_at_most_ahead_chunks_out(kind: str) -> None:
    pulled: list[int] = []

    def chunks() -> Any:
        for chunk in CHUNKS:
            pulled.append(chunk[0])
            yield chunk

    out = []
    with ThreadPoolExecutor(3) as threads, multiprocessing.get_context("spawn").Pool(2) as pool:
        executor = {"none": None, "threads": threads, "pool": pool}[kind]
        for result in iter_chunks(_product, chunks(), executor, ahead=4):
            out.append(result)
            # The chunks taken so far, plus at most `ahead` given out beyond them.
            assert len(pulled) <= len(out) + 4
    assert out == EXPECTED


def test_iter_chunks_raises_the_first_error_and_cancels_the_rest() -> None:
    started: list[int] = []

    def slow(chunk: tuple[int, int]) -> int:
        started.append(chunk[0])
        time.sleep(0.05)
        return _fails(chunk)

    with ThreadPoolExecutor(1) as ex, pytest.raises(ValueError, match="chunk 3"):
        for _ in iter_chunks(slow, iter(CHUNKS), ex, ahead=2):
            pass
    assert max(started) <= 5  # chunk 3 and at most the ones given out with it
