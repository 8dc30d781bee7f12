"""TOML histories read under the limits of :mod:`splitpot.limits`: the text of a path or
an open file, capped and from regular files only, and the TOML parsed with its size and
nesting checked. The one reader behind PHH (:mod:`splitpot.phh`) and Pan histories."""

from __future__ import annotations

import importlib
import os
import stat
from collections.abc import Callable
from decimal import Decimal
from typing import IO, Any

from splitpot.limits import PHH_MAX_AMOUNT_DIGITS, PHH_MAX_BYTES, PHH_MAX_NESTING
from splitpot.phh.errors import PHHError


def _toml_reader() -> Callable[..., dict[str, Any]]:
    # tomli's compiled wheels parse about twice as fast as the standard library's tomllib,
    # which is the same parser in pure Python; either reads the same TOML.
    for name in ("tomli", "tomllib"):
        try:
            module = importlib.import_module(name)
        except ImportError:  # pragma: no cover - one of them is always there
            continue
        loads: Callable[..., dict[str, Any]] = module.loads
        return loads
    raise ImportError("reading PHH needs tomllib (Python 3.11+) or tomli")  # pragma: no cover


_TOML_LOADS = _toml_reader()


def _parse_toml(text: str, source: str | None) -> dict[str, Any]:
    """The TOML of a history, its size checked before parsing and its nesting after (tomli
    bounds its own recursion at 400 levels and the standard library's recursion limit)."""
    if not isinstance(text, str):
        raise TypeError(
            f"PHH text must be a str, not {type(text).__name__} (decode bytes, or use load())"
        )
    if len(text) > PHH_MAX_BYTES:
        raise PHHError(
            f"the text has {len(text)} characters, more than the {PHH_MAX_BYTES} read",
            source=source,
        )
    try:
        data = _TOML_LOADS(text, parse_float=Decimal)
    except RecursionError:
        raise PHHError(
            f"not valid TOML: nested more than {PHH_MAX_NESTING} levels deep", source=source
        ) from None
    except ValueError as e:  # tomllib.TOMLDecodeError, and int() of a 5000-digit integer
        if "integer string conversion" in str(e):
            e = ValueError(f"an integer of more than {PHH_MAX_AMOUNT_DIGITS} digits")
        raise PHHError(f"not valid TOML: {e}", source=source) from None
    _check_nesting(data, source)
    return data


def _check_nesting(data: dict[str, Any], source: str | None) -> None:
    """At most :data:`~splitpot.limits.PHH_MAX_NESTING` levels of tables and arrays: a walk
    of the containers only, without a Python call per action string."""
    level: list[Any] = [data]
    for _ in range(PHH_MAX_NESTING):
        inner: list[Any] = []
        for value in level:
            items = value.values() if type(value) is dict else value
            if set(map(type, items)) & _CONTAINERS:
                inner.extend(v for v in items if type(v) in _CONTAINERS)
        if not inner:
            return
        level = inner
    raise PHHError(
        f"tables and arrays are nested more than {PHH_MAX_NESTING} levels deep", source=source
    )


_CONTAINERS = {dict, list}


def _read(file: str | os.PathLike[str] | IO[bytes] | IO[str]) -> tuple[str, str]:
    """The text of a path or an open file, at most :data:`~splitpot.limits.PHH_MAX_BYTES`."""
    if isinstance(file, (str, os.PathLike)):
        path = os.fspath(file)
        # Non-blocking, so that a FIFO named x.phh opens at once, to be refused.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as f:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise PHHError("not a regular file", source=path)
            if info.st_size > PHH_MAX_BYTES:
                raise PHHError(f"larger than the {PHH_MAX_BYTES} bytes read", source=path)
            # read(n) makes a buffer of n bytes: the whole limit only for a size unknown (/proc).
            content = f.read(info.st_size + 1 if info.st_size else PHH_MAX_BYTES + 1)
            if info.st_size and len(content) > info.st_size:  # it grew since fstat()
                content += f.read(PHH_MAX_BYTES + 1 - len(content))
            return _text(content, path), path
    name = str(getattr(file, "name", "<file>"))
    return _text(file.read(PHH_MAX_BYTES + 1), name), name


def _text(content: object, source: str) -> str:
    if isinstance(content, bytes):
        if len(content) > PHH_MAX_BYTES:
            raise PHHError(f"larger than the {PHH_MAX_BYTES} bytes read", source=source)
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError as e:
            raise PHHError(f"not UTF-8 text: {e}", source=source) from None
        # As a file opened in text mode reads it (universal newlines).
        return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
    if isinstance(content, str):
        return content
    raise TypeError(f"read() of {source} returned {type(content).__name__}, not str or bytes")
