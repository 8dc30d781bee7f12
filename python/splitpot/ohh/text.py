"""OHH files as text: the JSON objects of a file, one a hand, read within the limits, and
JSON written back with exact decimal amounts.

The spec's storage format ("Storage Format") is one ``{"ohh": {...}}`` object per hand,
separated by one blank line; the file as a whole is not one JSON value. The reader takes the
objects one after another whatever the white space between them (a blank line, a newline as
JSON Lines writers put, none), so each hand is one value of :func:`hands`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from decimal import Decimal
from json.encoder import encode_basestring_ascii as _string
from typing import IO, Any

from splitpot.limits import OHH_MAX_BYTES, OHH_MAX_NESTING, PHH_MAX_AMOUNT_DIGITS
from splitpot.ohh.errors import OHHError
from splitpot.phh.errors import PHHError

_NUMBER_CHARS = 2 * PHH_MAX_AMOUNT_DIGITS + 8  # digits before and after the point, sign, exponent
_WHITE = " \t\r\n"


class _Refused(ValueError):
    """A value the decoder's hooks refuse: the JSON is well formed, the value is not read."""


def _float(text: str) -> Decimal:
    # Every JSON number with a point or an exponent, read exactly: never a float.
    if len(text) > _NUMBER_CHARS:
        raise _Refused(f"a number of {len(text)} characters: at most {_NUMBER_CHARS} are read")
    return Decimal(text)


def _constant(text: str) -> Any:
    raise _Refused(f"{text} is not a number JSON allows")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):  # JSON keeps the last of two equal keys: which one was meant?
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise _Refused(f"the key {twice!r} is given twice in one object")
    return out


# Integers go to int() in C: one of more than 4300 digits is refused by Python (a ValueError,
# caught below), a long one by the field that reads it.
_DECODER = json.JSONDecoder(parse_float=_float, parse_constant=_constant, object_pairs_hook=_object)


def hands(text: str, source: str | None) -> Iterator[tuple[int, dict[str, Any] | OHHError]]:
    """``(number, hand)`` for each hand of ``text``, numbered from 1: the object inside
    ``{"ohh": ...}``, or the :class:`OHHError` that stops it being read. After a value that is
    not JSON the reader goes on at the next line that starts with ``{``.

    Raises :class:`OHHError` for a text past :data:`~splitpot.limits.OHH_MAX_BYTES`, and
    ``TypeError`` for anything but a ``str``.
    """
    if not isinstance(text, str):
        raise TypeError(
            f"OHH text must be a str, not {type(text).__name__} (decode bytes, or use load())"
        )
    if len(text) > OHH_MAX_BYTES:
        raise OHHError(
            f"the text has {len(text)} characters, more than the {OHH_MAX_BYTES} read",
            source=source,
        )
    at = 1 if text.startswith("\ufeff") else 0
    number = 0
    end = len(text)
    while True:
        while at < end and text[at] in _WHITE:
            at += 1
        if at == end:
            return
        number += 1
        start = at
        try:
            value, at = _DECODER.raw_decode(text, start)
        except (ValueError, RecursionError) as e:  # JSONDecodeError and _Refused are ones
            yield number, OHHError(_why(e, text, start), source=source, hand=number)
            # The next hand starts a line with "{": a value cut short may swallow it whole
            # (an open key takes the next object as its value), so look from this hand's start.
            found = text.find("\n{", start)
            at = end if found < 0 else found + 1
            continue
        yield number, _unwrap(value, source, number)


def _why(error: Exception, text: str, start: int) -> str:
    if isinstance(error, RecursionError):
        return f"not valid JSON: nested more than {OHH_MAX_NESTING} levels deep"
    if isinstance(error, json.JSONDecodeError):
        line = text.count("\n", 0, error.pos) + 1
        return f"not valid JSON: {error.msg} (line {line} of the file)"
    if "integer string conversion" in str(error):
        return f"not read: an integer of more than {PHH_MAX_AMOUNT_DIGITS} digits"
    return f"not read: {error}"


def _unwrap(value: Any, source: str | None, number: int) -> dict[str, Any] | OHHError:
    """The hand object of ``{"ohh": {...}}`` (spec "The Specification"), its nesting checked."""
    if not isinstance(value, dict) or set(value) != {"ohh"}:
        what = f"the keys {sorted(value)[:5]}" if isinstance(value, dict) else type(value).__name__
        return OHHError(
            f'a hand is one object {{"ohh": {{...}}}}, not {what}', source=source, hand=number
        )
    if not isinstance(value["ohh"], dict):
        what = type(value["ohh"]).__name__
        return OHHError(f'"ohh" must be an object, not {what}', source=source, hand=number)
    level: list[Any] = [value["ohh"]]
    for _ in range(OHH_MAX_NESTING):
        inner = [
            v
            for container in level
            for v in (container.values() if type(container) is dict else container)
            if type(v) in (dict, list)
        ]
        if not inner:
            return value["ohh"]
        level = inner
    return OHHError(
        f"objects and arrays are nested more than {OHH_MAX_NESTING} levels deep",
        source=source,
        hand=number,
    )


def file_text(file: str | os.PathLike[str] | IO[bytes] | IO[str]) -> tuple[str, str]:
    """``(text, source)`` of a path or an open file: a regular file of at most
    :data:`~splitpot.limits.OHH_MAX_BYTES`, UTF-8 (with or without a BOM). The PHH reader's
    checks (``splitpot.phh.load``), its errors as :class:`OHHError`."""
    from splitpot.phh.toml_io import _read

    try:
        return _read(file)
    except OHHError:
        raise
    except PHHError as e:
        raise OHHError(e.reason, source=e.source) from None


def dumps_json(value: Any) -> str:
    """Compact JSON of dicts, lists, strings, ints, booleans, ``None`` and
    :class:`~decimal.Decimal` amounts, written as the exact decimal (``0.25``, never a float
    nor an exponent). Non-ASCII characters are escaped, so the file is ASCII, as the spec
    asks of file names and every reader can take. ``TypeError`` for any other value."""
    out: list[str] = []
    _encode(value, out.append)
    return "".join(out)


def _encode(value: Any, put: Callable[[str], None]) -> None:
    kind = type(value)
    if isinstance(value, str):  # a str enum (a timeout policy) too
        put(_string(str.__str__(value)))
    elif kind is bool or value is None:
        put({True: "true", False: "false", None: "null"}[value])
    elif isinstance(value, int):
        put(int.__repr__(value))
    elif kind is Decimal:
        put(format(value, "f"))
    elif kind is dict:
        put("{")
        for i, (key, item) in enumerate(value.items()):
            put(", " if i else "")
            put(_string(key))
            put(": ")
            _encode(item, put)
        put("}")
    elif kind is list:
        put("[")
        for i, item in enumerate(value):
            put(", " if i else "")
            _encode(item, put)
        put("]")
    else:
        raise TypeError(f"{kind.__name__} is not written as OHH JSON")
