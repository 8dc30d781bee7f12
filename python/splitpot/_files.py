"""Files written whole or not at all: the one writer of ``--out`` files and saved tables.

A temporary file beside the target, renamed over it at the end, so a failed or interrupted run
leaves no partial file and an existing one keeps its mode. A device or FIFO (``/dev/null``) is
written in place. An ``OSError`` names the path asked for, never the temporary file.
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import IO, Any


@contextmanager
def replacing(path: str, mode: str = "w") -> Iterator[IO[Any]]:
    """The file at ``path`` opened with ``mode`` (``"w"``, UTF-8 text, or ``"wb"``) for the
    ``with`` block, in place of the old one only once the block has finished."""
    target = os.path.realpath(path)
    encoding = None if "b" in mode else "utf-8"
    temp: str | None = None
    try:
        if os.path.isdir(target):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        if os.path.exists(target) and not os.path.isfile(target):
            out = open(target, mode, encoding=encoding)
        else:
            directory, name = os.path.split(target)
            fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
            out = os.fdopen(fd, mode, encoding=encoding)
        with out:
            yield out
        if temp is not None:
            os.chmod(temp, _file_mode(target))
            os.replace(temp, target)
            temp = None
    except OSError as e:
        raise OSError(e.errno, e.strerror, path) from None
    finally:
        if temp is not None:
            with suppress(OSError):
                os.unlink(temp)


def _file_mode(path: str) -> int:
    """The mode of the file replaced, or of a new file (``mkstemp`` makes it private)."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
