"""The history formats the import reads: one reader function per format, found by suffix.

A reader takes a path and yields the file's hands in order, each a record splitpot replays
(a :class:`~splitpot.phh.HandHistory`, or a :class:`~splitpot.pan.history.PanHistory`) or
a :class:`Problem` saying why that hand cannot be read; it reads the file a hand at a time
where the format allows, and raises only ``OSError`` (the file cannot be opened) or a
:class:`~splitpot.SplitpotError` for a file that is not of its format at all. Adding a
format is one function and one :func:`reader` line, as Open Hand History's below. Every
record is then replayed and read into rows the same way (:mod:`splitpot.db.rows`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Union

from splitpot._core import SplitpotError
from splitpot.pan.history import PanHistory
from splitpot.phh import HandHistory

# Not part of the public import API, but the one home of PHH's size, nesting and FIFO rules.
from splitpot.phh.toml_io import _parse_toml, _read


@dataclass(frozen=True)
class Problem:
    """A hand of a file that is not imported: ``kind`` is ``"error"`` (it cannot be read or
    replayed) or ``"unsupported"`` (a game or feature splitpot does not play)."""

    kind: str
    detail: str


Item = Union[HandHistory, PanHistory, Problem]  # noqa: UP007 - a runtime alias
Reader = Callable[[str], Iterator[Item]]

READERS: dict[str, tuple[str, Reader]] = {}
"""File suffix -> (format name, reader)."""


def reader(name: str, *suffixes: str) -> Callable[[Reader], Reader]:
    """Register ``fn`` as the reader of the files with ``suffixes``; ``name`` is the
    format's name in ``hands.format``."""

    def register(fn: Reader) -> Reader:
        for suffix in suffixes:
            READERS[suffix] = (name, fn)
        return fn

    return register


def suffixes() -> tuple[str, ...]:
    """Every suffix a reader is registered for."""
    return tuple(READERS)


def format_of(path: str) -> tuple[str, Reader] | None:
    """The format name and reader of ``path``, by its suffix."""
    lower = path.lower()
    for suffix, entry in READERS.items():
        if lower.endswith(suffix):
            return entry
    return None


@reader("phh", ".phh", ".phhs")
def read_toml(path: str) -> Iterator[Item]:
    """PHH (``.phh``, ``.phhs``), and splitpot's Pan histories, which are TOML of the same
    form (``variant = "pan"``): one parse of the file, then each hand's table on its own, so
    that one bad hand is a problem and the others are read."""
    text, source = _read(path)
    data = _parse_toml(text, source)
    tables = [(None, data)] if "variant" in data else list(data.items())
    for key, table in tables:
        where = source if key is None else f"{source}[{key}]"
        if not isinstance(table, dict):
            yield Problem("error", f"{where}: [{key}] is not the table of a hand")
            continue
        try:
            if table.get("variant") == "pan":
                yield PanHistory.from_mapping(table)
            else:
                yield HandHistory.from_mapping(table, source=where)
        except SplitpotError as e:
            yield Problem("error", f"{where}: {e}" if key is not None else str(e))


@reader("site", ".txt", ".xml")
def read_site(path: str) -> Iterator[Item]:
    """The poker sites' text and XML (:func:`splitpot.sites.read_file`)."""
    from splitpot.sites import SiteError, UnsupportedHand, read_file

    for item in read_file(path):
        if isinstance(item, UnsupportedHand):
            yield Problem("unsupported", str(item))
        elif isinstance(item, (SiteError, Exception)):
            yield Problem("error", str(item))
        else:
            yield item


@reader("ohh", ".ohh", ".json")
def read_ohh(path: str) -> Iterator[Item]:
    """Open Hand History JSON (:func:`splitpot.ohh.read_file`)."""
    from splitpot.ohh import OHHError, UnsupportedOHH, read_file

    for item in read_file(path):
        if isinstance(item, UnsupportedOHH):
            yield Problem("unsupported", str(item))
        elif isinstance(item, OHHError):
            yield Problem("error", str(item))
        else:
            yield item
