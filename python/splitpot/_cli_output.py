"""What the command line writes: ``--out`` files whole or not at all, and text from files
with its control characters shown (an escape sequence in a history never reaches the
terminal). Kept apart from cli.py so that every command module shares it."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Iterator
from typing import TextIO

from splitpot import _files
from splitpot.limits import CLI_MESSAGE_CHARS


class WriteFailed(Exception):
    """``--out`` could not be written (exit status 1): the message names the path."""

    def __init__(self, path: str, error: OSError) -> None:
        super().__init__(f"cannot write {path}: {error.strerror or error}")


@contextlib.contextmanager
def output(path: str) -> Iterator[TextIO]:
    """``--out``: stdout for ``-``; else the file, written whole or not at all (a temporary
    file beside it, renamed over it at the end), so that a failed run leaves no partial file.
    A device or FIFO (``/dev/null``) is written in place."""
    if path == "-":
        yield sys.stdout
        return
    try:
        with _files.replacing(path) as out:
            yield out  # type: ignore[misc]
    except OSError as e:
        raise WriteFailed(path, e) from None


def one_line(error: object) -> str:
    """An error's message on one line, cut to a line's length, its control characters shown
    as text (:func:`printable`)."""
    text = " ".join(printable(str(error)).split())
    return text if len(text) <= CLI_MESSAGE_CHARS else f"{text[: CLI_MESSAGE_CHARS - 3]}..."


# C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides that
# reorder what a terminal shows.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    r"""``text`` from a file (a player's name, a line of a history) with its control
    characters written as ``\x1b`` or ``\u202e``: an escape sequence in a file never
    reaches the terminal, where it could retitle or clear it or overwrite the report.

    >>> printable("Hero\x1b]2;PWNED\x07")
    'Hero\\x1b]2;PWNED\\x07'
    """
    return CONTROL.sub(
        lambda m: f"\\u{ord(m[0]):04x}" if ord(m[0]) > 0xFF else f"\\x{ord(m[0]):02x}", text
    )
