"""Files of many hands: bytes to text, text to one block of lines per hand, each block to a
history by its site's reader, an error naming the hand and the line when it cannot be read.

A site's reader is a module with ``NAME`` (the site), ``HEADER`` (a compiled pattern that
matches the first line of each of its hands, and only those), and ``parse(block)`` giving a
:class:`~splitpot.phh.HandHistory`; a reader whose hands are not blocks of lines (iPoker's
XML) has its own ``blocks(text, source)``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Protocol

from splitpot.limits import PHH_MAX_BYTES
from splitpot.phh.record import HandHistory
from splitpot.sites.errors import SiteError


@dataclass
class Block:
    """The lines of one hand (without line endings), ``first`` the file's line number of
    ``lines[0]``, ``source`` the file."""

    source: str | None
    lines: list[str]
    first: int

    def numbered(self) -> Iterator[tuple[int, str]]:
        return enumerate(self.lines, self.first)


class Reader(Protocol):
    NAME: str
    HEADER: re.Pattern[str]

    def parse(self, block: Block) -> HandHistory: ...


def decode(data: bytes) -> str:
    """The text of a site's file: UTF-8 (with or without a BOM), else Windows-1252, the
    encoding of the older clients (``0x80`` for the euro sign). Bytes that are neither (five
    bytes are undefined in Windows-1252) read as Latin-1: a name may come out wrong, an
    amount or a card cannot, as they are ASCII."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def lines_of(text: str) -> list[str]:
    """Lines, whatever the endings (CRLF, LF, CR, mixed), without the BOM some clients write
    at the start of every hand of a file they append to."""
    return [line.lstrip("\ufeff") for line in re.split(r"\r\n|\r|\n", text)]


def split(text: str, header: re.Pattern[str], source: str | None) -> Iterator[Block]:
    """One block per hand: from a line ``header`` matches to the next one. Lines before the
    first header (a session's preamble) belong to no hand."""
    lines = lines_of(text)
    start: int | None = None
    for i, line in enumerate(lines):
        if header.match(line):
            if start is not None:
                yield Block(source, _trimmed(lines[start:i]), start + 1)
            start = i
    if start is not None:
        yield Block(source, _trimmed(lines[start:]), start + 1)


def _trimmed(lines: list[str]) -> list[str]:
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    return lines[:end]


def readers() -> list[ModuleType]:
    """The site readers, in the order :func:`sniff` tries them."""
    from splitpot.sites import ipoker, pokerstars

    return [pokerstars, ipoker]


def sniff(text: str) -> ModuleType | None:
    """The reader of the site whose hand header comes first in ``text``, or None."""
    first: tuple[int, ModuleType] | None = None
    for reader in readers():
        found = reader.HEADER.search(text) if hasattr(reader, "HEADER") else None
        if found is not None and (first is None or found.start() < first[0]):
            first = (found.start(), reader)
    return None if first is None else first[1]


def read_text(text: str, source: str | None = None) -> Iterator[HandHistory | SiteError]:
    """Every hand of ``text``, as a history or the error that stops it being read (an
    :class:`~splitpot.sites.UnsupportedHand` for a game or feature splitpot does not play)."""
    reader = sniff(text)
    if reader is None:
        yield SiteError("no hand of a site splitpot reads was found", source=source)
        return
    blocks = reader.blocks(text, source) if hasattr(reader, "blocks") else None
    if blocks is None:
        blocks = split(text, _line_start(reader.HEADER), source)
    for block in blocks:
        try:
            yield reader.parse(block)
        except SiteError as e:
            yield e


def _line_start(header: re.Pattern[str]) -> re.Pattern[str]:
    """``HEADER`` searches a whole text (for :func:`sniff`); split matches it at a line's
    start."""
    pattern = header.pattern.removeprefix("(?m)").removeprefix("^")
    return re.compile(pattern, header.flags & ~re.MULTILINE)


def read_file(path: str | os.PathLike[str]) -> Iterator[HandHistory | SiteError]:
    """Every hand of the file at ``path``, as :func:`read_text` gives them. A file over
    :data:`~splitpot.limits.PHH_MAX_BYTES` is refused before it is read."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as f:
            data = f.read(PHH_MAX_BYTES + 1)
    except OSError as e:
        yield SiteError(f"cannot read: {e.strerror or e}", source=name)
        return
    if len(data) > PHH_MAX_BYTES:
        yield SiteError(f"the file is larger than {PHH_MAX_BYTES} bytes", source=name)
        return
    yield from read_text(decode(data), name)
