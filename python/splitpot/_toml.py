"""TOML histories read under the limits of :mod:`splitpot.limits`: the text of a path or
an open file, capped and from regular files only, and the TOML parsed with its size and
nesting checked. The one reader behind PHH (:mod:`splitpot.phh`) and Pan histories
(:mod:`splitpot.pan.history`); each format gives a :class:`Reader` its own error.

>>> reader = Reader("notes", lambda reason, source: ValueError(f"{source}: {reason}"))
>>> reader.parse('a = [[[1]]]', "x.toml")
{'a': [[[1]]]}
>>> reader.parse("a = " + "[" * 20 + "]" * 20, "x.toml")
Traceback (most recent call last):
...
ValueError: x.toml: tables and arrays are nested more than 16 levels deep
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from splitpot import _files
from splitpot._core import SplitpotError, _toml_loads
from splitpot.limits import PHH_MAX_AMOUNT_DIGITS, PHH_MAX_BYTES, PHH_MAX_NESTING

__all__ = ["Reader"]


@dataclass(frozen=True)
class Reader:
    """The reading of one format: ``kind`` names its text in a ``TypeError``, and
    ``fail(reason, source)`` makes its error (``source`` a path, or ``None`` for text)."""

    kind: str
    fail: Callable[[str, str | None], Exception]

    def parse(self, text: str, source: str | None) -> dict[str, Any]:
        """The TOML of a history, its size checked before parsing and its nesting while its
        objects are made: the core's parser (``_core._toml_loads``, the ``toml`` crate) gives
        what ``tomli.loads(text, parse_float=Decimal)`` gives, tests/test_toml.py holds it
        to that."""
        if not isinstance(text, str):
            raise TypeError(
                f"{self.kind} text must be a str, not {type(text).__name__} "
                "(decode bytes, or use load())"
            )
        if len(text) > PHH_MAX_BYTES:
            raise self.fail(
                f"the text has {len(text)} characters, more than the {PHH_MAX_BYTES} read", source
            )
        try:
            return _toml_loads(text, PHH_MAX_NESTING)
        except SplitpotError as e:  # not TOML, or nested too deep: the message says which
            raise self.fail(str(e), source) from None
        except ValueError:  # int() of an integer past Python's 4,300 digits
            reason = f"not valid TOML: an integer of more than {PHH_MAX_AMOUNT_DIGITS} digits"
            raise self.fail(reason, source) from None

    def read(self, file: str | os.PathLike[str] | IO[bytes] | IO[str]) -> tuple[str, str]:
        """The text of a path or an open file, at most :data:`~splitpot.limits.PHH_MAX_BYTES`,
        and the name to quote it by. A path must name a regular file (a FIFO would block);
        one that cannot be opened is the ``OSError``."""
        if isinstance(file, (str, os.PathLike)):
            path = os.fspath(file)
            try:
                f = _files.open_regular(path)
            except _files.NotRegularFile:
                raise self.fail("not a regular file", path) from None
            with f:
                size = os.fstat(f.fileno()).st_size
                if size > PHH_MAX_BYTES:
                    raise self.fail(f"larger than the {PHH_MAX_BYTES} bytes read", path)
                # read(n) makes a buffer of n bytes: the whole limit only for a size unknown
                # (/proc).
                content = f.read(size + 1 if size else PHH_MAX_BYTES + 1)
                if size and len(content) > size:  # it grew since fstat()
                    content += f.read(PHH_MAX_BYTES + 1 - len(content))
                return self._text(content, path), path
        name = str(getattr(file, "name", "<file>"))
        return self._text(file.read(PHH_MAX_BYTES + 1), name), name

    def _text(self, content: object, source: str) -> str:
        if isinstance(content, bytes):
            if len(content) > PHH_MAX_BYTES:
                raise self.fail(f"larger than the {PHH_MAX_BYTES} bytes read", source)
            try:
                text = content.decode("utf-8")
            except UnicodeDecodeError as e:
                raise self.fail(f"not UTF-8 text: {e}", source) from None
            # As a file opened in text mode reads it (universal newlines).
            return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
        if isinstance(content, str):
            return content
        raise TypeError(f"read() of {source} returned {type(content).__name__}, not str or bytes")
