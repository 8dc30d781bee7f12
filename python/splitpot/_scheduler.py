"""The CLI's ``--scheduler ADDRESS``: a Dask client for the run, closed after it.

One home for the connection, so ``replay``, ``simulate`` and ``table build`` refuse the same
things the same way: no Dask installed (the ``splitpot[dask]`` extra), or no scheduler there.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from splitpot._core import SplitpotError
from splitpot._extras import install_hint

CONNECT_TIMEOUT = 10
"""Seconds to reach the scheduler before giving up."""


def add_option(parser: argparse.ArgumentParser) -> None:
    """The ``--scheduler ADDRESS`` option, worded alike on every command that takes it."""
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on the Dask cluster of that scheduler (tcp://host:8786); the same result",
    )


@contextmanager
def connect(address: str | None) -> Iterator[Any]:
    """``None`` for no address (the run stays on this machine), else a ``dask.distributed``
    ``Client`` connected to ``address`` for the ``with`` block. Raises
    :class:`~splitpot.SplitpotError` naming the address when Dask is missing or the scheduler
    cannot be reached."""
    if address is None:
        yield None
        return
    try:
        from distributed import Client
    except ImportError:
        raise SplitpotError(
            f"--scheduler {address}: needs Dask ({install_hint('dask[distributed]', 'dask')})"
        ) from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call,unused-ignore]
    except (OSError, TimeoutError, ValueError) as e:
        raise SplitpotError(f"--scheduler {address}: cannot reach a Dask scheduler ({e})") from None
    try:
        yield client
    except Exception as e:
        if not _from_the_cluster(e):
            raise
        # A worker that keeps dying (KilledWorker), a cancelled job, a lost connection: one
        # line naming the scheduler, never a traceback.
        raise SplitpotError(
            f"--scheduler {address}: the cluster did not finish the job "
            f"({type(e).__name__}: {str(e)[:200]})"
        ) from None
    finally:
        client.close()  # type: ignore[no-untyped-call,unused-ignore]


def _from_the_cluster(error: Exception) -> bool:
    """Whether ``error`` is Dask's own (``distributed``'s exceptions, or a cancelled future),
    not a chunk's error raised as it was raised on the worker."""
    from concurrent.futures import CancelledError

    module = type(error).__module__.split(".")[0]
    return module in ("distributed", "dask") or isinstance(error, CancelledError)
