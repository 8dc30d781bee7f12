"""splitpot.work.run_chunks on the local kinds of executor (Dask and Ray: test_work_dask.py)."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from splitpot.work import ExecutorError, run_chunks

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
