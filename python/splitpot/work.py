"""Heavy jobs in picklable chunks, run here or on a distributed engine (docs/distributed.md).

Every heavy job (exact and Monte Carlo equity, simulate, replay, the tables) is a list of small,
self-describing chunks and one module-level function that does a chunk. :func:`run_chunks`
runs them on what the caller gives as ``executor``, and returns the results in chunk order, so
the job merges them the same way whatever ran them:

- ``None``: here, one chunk after another;
- anything with the :class:`concurrent.futures.Executor` interface (``submit``), such as a
  ``ProcessPoolExecutor``;
- a pool with ``imap`` (:class:`multiprocessing.pool.Pool`, ``ray.util.multiprocessing.Pool``);
- a ``dask.distributed.Client`` (futures with retries; progress through
  ``distributed.as_completed``, since :func:`concurrent.futures.as_completed` does not take Dask
  futures);
- the ``ray`` module itself: one ``ray.remote`` task per chunk, retried.

A chunk is a plain frozen dataclass of ints, strings and tuples, and the function is found by
its module and name, so a worker needs only splitpot installed. Chunks are coarse (seconds of
work each): the engine's scheduling cost stays small against the work.

>>> from splitpot.work import run_chunks
>>> run_chunks(abs, [-3, 1, -2])
[3, 1, 2]
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     run_chunks(abs, [-3, 1, -2], executor=pool)
[3, 1, 2]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar

from splitpot._core import SplitpotError

C = TypeVar("C")
R = TypeVar("R")

RETRIES = 3
"""Times Ray runs a chunk again after its worker died (Dask: its scheduler's
``allowed-failures``, 3 by default). A chunk is a pure function of its description, so a retry
gives the same result, and each chunk's result is taken once, so nothing is counted twice. A
chunk that raises is not run again: the first error stops the job and is raised here."""

Progress = Callable[[int, int], None]
"""``progress(done, total)`` in chunks, as the CLI's bars take it."""


class ExecutorError(SplitpotError, TypeError):
    """``executor=`` is none of the kinds :func:`run_chunks` knows.

    >>> from splitpot.work import ExecutorError, run_chunks
    >>> try:
    ...     run_chunks(abs, [1], executor=42)
    ... except ExecutorError as e:
    ...     print(str(e)[:41])
    executor=int: expected None, a concurrent
    """


def run_chunks(
    fn: Callable[[C], R],
    chunks: Sequence[C],
    executor: object = None,
    *,
    progress: Progress | None = None,
) -> list[R]:
    """``[fn(c) for c in chunks]``, run on ``executor``; results in chunk order.

    ``fn`` must be a module-level function (found by name on a worker). Raises
    :class:`ExecutorError` for an executor of an unknown kind; a chunk's own exception is
    raised here as it was raised there.

    >>> from splitpot.work import run_chunks
    >>> seen = []
    >>> run_chunks(len, ["ab", "c"], progress=lambda done, total: seen.append((done, total)))
    [2, 1]
    >>> seen
    [(1, 2), (2, 2)]
    """
    chunks = list(chunks)
    report = progress if progress is not None else _no_progress
    if executor is None:
        out = []
        for i, chunk in enumerate(chunks):
            out.append(fn(chunk))
            report(i + 1, len(chunks))
        return out
    if _is_dask(executor):
        return _on_dask(executor, fn, chunks, report)
    if _is_ray(executor):
        return _on_ray(executor, fn, chunks, report)
    if callable(getattr(executor, "submit", None)):
        return _on_futures(executor, fn, chunks, report)
    if callable(getattr(executor, "imap", None)):
        out = []
        for i, result in enumerate(executor.imap(fn, chunks)):  # type: ignore[attr-defined]
            out.append(result)
            report(i + 1, len(chunks))
        return out
    raise ExecutorError(
        f"executor={type(executor).__name__}: expected None, a concurrent.futures.Executor, "
        "a pool with imap, a dask.distributed.Client or the ray module"
    )


def _no_progress(done: int, total: int) -> None:
    pass


def _call(fn: Callable[[C], R], chunk: C) -> R:
    return fn(chunk)


def _is_dask(executor: object) -> bool:
    return type(executor).__module__.split(".")[0] == "distributed" and callable(
        getattr(executor, "gather", None)
    )


def _is_ray(executor: object) -> bool:
    return getattr(executor, "__name__", None) == "ray" and callable(
        getattr(executor, "remote", None)
    )


def _on_futures(executor: Any, fn: Callable[[C], R], chunks: list[C], report: Progress) -> list[R]:
    from concurrent.futures import as_completed

    futures = [executor.submit(fn, chunk) for chunk in chunks]
    try:
        for done, future in enumerate(as_completed(futures), 1):
            future.result()  # the first chunk that failed stops the job now, not at the end
            report(done, len(chunks))
        return [f.result() for f in futures]
    except BaseException:
        for f in futures:  # an error or Ctrl-C: what has not started never will
            f.cancel()
        raise


def _on_dask(client: Any, fn: Callable[[C], R], chunks: list[C], report: Progress) -> list[R]:
    from distributed import as_completed  # type: ignore[attr-defined,unused-ignore]

    # pure=False: two equal chunks are two tasks (their results are both counted). No
    # retries=: those rerun a chunk that raised; a dead worker's chunks the scheduler reruns.
    futures = client.map(fn, chunks, pure=False)
    try:
        for done, future in enumerate(as_completed(futures), 1):  # type: ignore[no-untyped-call,unused-ignore]
            if future.status == "error":
                future.result()  # raises the chunk's error: the first failure stops the job
            report(done, len(chunks))
        return list(client.gather(futures))
    except BaseException:
        client.cancel(futures)
        raise


def _on_ray(ray: Any, fn: Callable[[C], R], chunks: list[C], report: Progress) -> list[R]:
    task = ray.remote(max_retries=RETRIES)(_call)  # ray.remote takes Python functions only
    refs = [task.remote(fn, chunk) for chunk in chunks]
    try:
        pending, done = list(refs), 0
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            ray.get(ready)  # raises the chunk's error: the first failure stops the job
            done += len(ready)
            report(done, len(chunks))
        return list(ray.get(refs))
    except BaseException:
        for ref in refs:
            ray.cancel(ref)
        raise


def iter_chunks(
    fn: Callable[[C], R],
    chunks: Iterable[C],
    executor: object = None,
    *,
    ahead: int = 8,
) -> Iterator[R]:
    """``fn(c)`` of each chunk, in chunk order, as they are asked for: at most ``ahead``
    chunks are out at a time (running, or done and not yet taken), so a job of any length
    holds a bounded number of chunks and results, and ``chunks`` may be a generator.

    Executors with ``submit`` (``concurrent.futures``, a ``dask.distributed.Client``) keep
    ``ahead`` chunks going, a new one as each result is taken; the others (a pool with
    ``imap``, the ``ray`` module) run windows of ``ahead`` chunks through
    :func:`run_chunks`. A chunk's error is raised here, and what has not started is
    cancelled; so it is when the caller stops early or is interrupted.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     list(iter_chunks(abs, iter([-3, 1, -2]), pool, ahead=2))
    [3, 1, 2]
    """
    it = iter(chunks)
    if executor is None:
        yield from map(fn, it)
        return
    if not callable(getattr(executor, "submit", None)) or _is_ray(executor):
        while window := list(islice(it, ahead)):
            yield from run_chunks(fn, window, executor)
        return
    dask = _is_dask(executor)
    pending: deque[Any] = deque()

    def submit(chunk: C) -> None:
        # pure=False: two equal chunks are two Dask tasks, as in run_chunks.
        kw = {"pure": False} if dask else {}
        pending.append(executor.submit(fn, chunk, **kw))  # type: ignore[attr-defined]

    try:
        for chunk in islice(it, max(1, ahead)):
            submit(chunk)
        while pending:
            result = pending[0].result()
            pending.popleft()
            for chunk in islice(it, 1):
                submit(chunk)
            yield result
    finally:
        for future in pending:  # an error, Ctrl-C or a caller that stopped: cancel the rest
            future.cancel()
