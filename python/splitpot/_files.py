"""Files read and written safely: the one opener of the files named on the command line or
to a reader, and the one writer of ``--out`` files and saved tables.

Reading (:func:`open_regular`): a regular file only, opened without blocking, so a FIFO named
``x.txt`` is refused at once instead of waiting for a writer for ever (a device or a folder
likewise). Writing (:func:`replacing`): a temporary file beside the target, renamed over it at
the end, so a failed or interrupted run leaves no partial file and an existing one keeps its
mode. A device or FIFO (``/dev/null``) is written in place. The target is never followed
through a symbolic link to replace another file: a link to a device is written in place (as
the shell's ``>`` would), any other link is refused, and so is a file the user cannot write
(read-only), as the shell refuses it. An ``OSError`` names the path asked for, never the
temporary file.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import IO, Any, BinaryIO

__all__ = ["NotRegularFile", "open_regular", "replacing"]


class NotRegularFile(OSError):
    """A path that names a FIFO, a device or a folder where a regular file is read."""

    def __init__(self, path: str) -> None:
        super().__init__(errno.EINVAL, "not a regular file", path)


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """The regular file at ``path`` opened for reading in binary. Opened with ``O_NONBLOCK``
    (which regular files ignore), so that a FIFO opens at once to be refused rather than
    blocking until a writer comes; anything but a regular file is :class:`NotRegularFile`,
    a path that cannot be opened the ``OSError`` of ``open``.

    >>> import os
    >>> open_regular(os.devnull)
    Traceback (most recent call last):
    ...
    splitpot._files.NotRegularFile: [Errno 22] not a regular file: '/dev/null'
    """
    name = os.fspath(path)
    fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(name)
        return open(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


@contextmanager
def replacing(path: str, mode: str = "w") -> Iterator[IO[Any]]:
    """The file at ``path`` opened with ``mode`` (``"w"``, UTF-8 text, or ``"wb"``) for the
    ``with`` block, in place of the old one only once the block has finished. Raises the
    ``OSError`` (naming ``path``) of a folder, a symbolic link to anything but a device, a
    file that may not be written, or a write that fails."""
    encoding = None if "b" in mode else "utf-8"
    temp: str | None = None
    try:
        if _in_place(path):
            out = open(path, mode, encoding=encoding)
        else:
            directory, name = os.path.split(os.path.abspath(path))
            fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory)
            out = os.fdopen(fd, mode, encoding=encoding)
        with out:
            yield out
        if temp is not None:
            os.chmod(temp, _file_mode(path))
            # rename() replaces the name itself, never what a link there points to.
            os.replace(temp, path)
            temp = None
    except OSError as e:
        raise OSError(e.errno, e.strerror, path) from None
    finally:
        if temp is not None:
            with suppress(OSError):
                os.unlink(temp)


def _in_place(path: str) -> bool:
    """Whether ``path`` is written in place (a device or FIFO, or a link to one) rather than
    replaced; raises the ``OSError`` of a target that is neither to be written nor replaced."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return False  # a new file
    if stat.S_ISLNK(info.st_mode):
        try:
            mode = os.stat(path).st_mode
        except OSError:
            mode = stat.S_IFREG  # a dangling link: writing would create its target
        if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
            raise OSError(
                errno.ELOOP, "a symbolic link: give the file's own path (a link is not followed)"
            )
        return True
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
    if stat.S_ISREG(info.st_mode):
        if not os.access(path, os.W_OK):  # read-only: refused, as the shell's > refuses it
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return False
    return True


def _file_mode(path: str) -> int:
    """The mode of the file replaced, or of a new file (``mkstemp`` makes it private)."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
