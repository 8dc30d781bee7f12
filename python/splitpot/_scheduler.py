"""The CLI's ``--scheduler ADDRESS``: a Dask client for the run, closed after it.

One home for the connection, so ``replay``, ``simulate`` and ``table build`` refuse the same
things the same way: no Dask installed (the ``splitpot[dask]`` extra), or no scheduler there.
"""

from __future__ import annotations

import argparse
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from splitpot._core import SplitpotError
from splitpot._extras import install_hint
from splitpot.limits import MESSAGE_VALUE_CHARS, shown

CONNECT_TIMEOUT = 10
"""Seconds to reach the scheduler, its handshake included, before giving up."""

DEFAULT_PORT = 8786
"""The port of a Dask scheduler when the address names none (Dask's own default)."""
_EXAMPLE = "tcp://host:8786"

_HOST = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\]")


def add_option(parser: argparse.ArgumentParser) -> None:
    """The ``--scheduler ADDRESS`` option, worded alike on every command that takes it."""
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on the Dask cluster of that scheduler (tcp://host:8786); the same result",
    )


def parse(address: str) -> str:
    """The scheduler's address as ``tcp://host:port``, checked before any connection: a
    host name or IP address (IPv6 in brackets) and a port 1..65535 (default
    :data:`DEFAULT_PORT`), over ``tcp://`` (or no scheme). Other protocols need settings the
    command line does not take (``tls://`` its certificates, ``ucx://`` UCX) or work only
    within one process (``inproc://``): refused, as is anything else, by a
    :class:`~splitpot.SplitpotError` naming the address.

    >>> parse("127.0.0.1"), parse("tcp://[::1]:8790")
    ('tcp://127.0.0.1:8786', 'tcp://[::1]:8790')
    >>> parse("tls://scheduler:8786")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splitpot.SplitpotError: --scheduler tls://scheduler:8786: ... over 'tls' (... tcp:// only)
    """
    if not isinstance(address, str) or not address.isascii() or not address.isprintable():
        raise SplitpotError(f"--scheduler {shown(address)}: not an address such as {_EXAMPLE}")
    named = address if len(address) <= MESSAGE_VALUE_CHARS else shown(address)
    where = f"--scheduler {named}: cannot reach a Dask scheduler"
    scheme, found, rest = address.partition("://")
    if not found:
        scheme, rest = "tcp", address
    if scheme.lower() != "tcp":
        raise SplitpotError(f"{where} over {shown(scheme)} (splitpot connects over tcp:// only)")
    host, port = rest, str(DEFAULT_PORT)
    if ":" in rest and not rest.endswith("]"):
        host, _, port = rest.rpartition(":")
    if not _HOST.fullmatch(host) or not (
        len(port) <= 5 and port.isdigit() and 0 < int(port) < 1 << 16
    ):
        raise SplitpotError(f"{where} (not an address such as {_EXAMPLE})")
    return f"tcp://{host}:{int(port)}"


@contextmanager
def connect(address: str | None) -> Iterator[Any]:
    """``None`` for no address (the run stays on this machine), else a ``dask.distributed``
    ``Client`` connected to ``address`` (:func:`parse`) for the ``with`` block. Raises
    :class:`~splitpot.SplitpotError` naming the address when Dask is missing or no scheduler
    answers within :data:`CONNECT_TIMEOUT` seconds, the handshake included: a closed port, a
    server that is not a Dask scheduler (a web server, one that speaks first), whatever the
    connection raised."""
    if address is None:
        yield None
        return
    url = parse(address)
    try:
        from distributed import Client
    except ImportError:
        raise SplitpotError(
            f"--scheduler {address}: needs Dask ({install_hint('dask[distributed]', 'dask')})"
        ) from None
    client = _Attempt(Client, url).wait(CONNECT_TIMEOUT, f"--scheduler {address}")
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


class _Attempt:
    """``Client(url)`` made in a thread of its own, so that the whole connection has a
    deadline: Dask's ``timeout`` bounds the TCP connect, not its handshake, which waits for
    ever on a server that accepts and never answers (a web server). A client made after the
    caller gave up is closed at once."""

    def __init__(self, client: Any, url: str) -> None:
        self.url = url
        self.made: Any = None
        self.error: BaseException | None = None
        self.abandoned = False
        self.lock = threading.Lock()
        self.thread = threading.Thread(
            target=self._run, args=(client,), name="splitpot-connect", daemon=True
        )

    def _run(self, client: Any) -> None:
        try:
            made = client(self.url, timeout=CONNECT_TIMEOUT)
        except BaseException as e:  # whatever Dask raises (a 3 EiB frame: MemoryError)
            self.error = e
            return
        with self.lock:
            if not self.abandoned:
                self.made = made
                return
        made.close()

    def wait(self, seconds: float, where: str) -> Any:
        """The connected client, or the :class:`~splitpot.SplitpotError` (``where`` first)
        of a failure or of ``seconds`` passed."""
        self.thread.start()
        self.thread.join(seconds)
        with self.lock:
            if self.made is not None:
                return self.made
            self.abandoned = True
        reason = (
            f"no answer in {seconds} s"
            if self.error is None
            else f"{type(self.error).__name__}: {str(self.error)[:200]}"
        )
        raise SplitpotError(f"{where}: cannot reach a Dask scheduler ({reason})")


def _from_the_cluster(error: Exception) -> bool:
    """Whether ``error`` is Dask's own (``distributed``'s exceptions, or a cancelled future),
    not a chunk's error raised as it was raised on the worker."""
    from concurrent.futures import CancelledError

    module = type(error).__module__.split(".")[0]
    return module in ("distributed", "dask") or isinstance(error, CancelledError)
