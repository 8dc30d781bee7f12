"""Files of many hands: bytes to text, text to one block of lines per hand, each block to a
history by its site's reader, an error naming the hand and the line when it cannot be read.

The readers are the registry's (:data:`splitpot.sites.registry.READERS`), each a
:class:`~splitpot.sites.base.SiteReader`: the site's name, the pattern of its hands' first
line, its ``parse`` of one hand's :class:`~splitpot.sites.base.Block`, and, for a site whose
hands are not blocks of lines from a header (iPoker's XML), its own ``blocks``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from itertools import compress, count, repeat
from operator import contains
from typing import IO

from splitpot import _files
from splitpot.limits import PHH_MAX_BYTES, SITE_MAX_HAND_LINES, SITE_MAX_LINE_BYTES
from splitpot.phh.record import HandHistory
from splitpot.sites.base import Block, SiteReader, lines_of
from splitpot.sites.errors import SiteError, UnsupportedHand
from splitpot.sites.registry import READERS, UNREAD

_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def decode(data: bytes) -> str:
    """The text of a site's file: UTF-16 when it starts with that BOM (Full Tilt's client
    saved its files so), UTF-8 (with or without a BOM), else Windows-1252, the encoding of
    the older clients (``0x80`` for the euro sign). Bytes that are neither (five bytes are
    undefined in Windows-1252) read as Latin-1: a name may come out wrong, an amount or a
    card cannot, as they are ASCII."""
    if data[:2] in _UTF16_BOMS:
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass  # an odd byte count or a lone surrogate: not UTF-16 after all
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def split(
    text: str, header: re.Pattern[str], source: str | None, marker: str = ""
) -> Iterator[Block]:
    """One block per hand of ``text``: see :func:`split_batches`."""
    return split_batches((lines_of(text),), header, source, marker)


def split_batches(
    batches: Iterable[list[str]], header: re.Pattern[str], source: str | None, marker: str = ""
) -> Iterator[Block]:
    """One block per hand of the lines, given in batches (a file's are read 64 KiB at a
    time, so that a file of a year's hands is never held whole): from a line ``header``
    matches to the next one, each yielded as soon as the next header is read. Lines before
    the first header (a session's preamble) belong to no hand. A header found inside a line
    (a file whose next hand was glued onto a cut one) starts a hand there, and the hand
    before is :attr:`~splitpot.sites.base.Block.cut`. A hand longer than
    :data:`~splitpot.limits.SITE_MAX_HAND_LINES` lines is an error, and its lines are
    skipped up to the next header.

    Only the lines holding ``marker`` (every header holds it) are searched for a header; the
    others go into their hand by slices, never one at a time."""
    block: list[str] | None = None  # the hand being read; None before any, or past the limit
    start = 0
    number = 1  # the first line of the batch
    for lines in batches:
        done = 0  # the batch's lines up to here are in a block, or in none
        candidates = holding(lines, marker) if marker else range(len(lines))
        for k in candidates:
            line = lines[k]
            found = header.search(line)
            if found is None:
                continue
            if block is not None:
                block += lines[done:k]
                if len(block) > SITE_MAX_HAND_LINES:
                    yield Block(source, block[:1], start, overflow=True)
                elif found.start():
                    yield Block(source, [*block, line[: found.start()]], start, cut=True)
                else:
                    yield Block(source, _trimmed(block), start)
            block, start, done = [line[found.start() :]], number + k, k + 1
        if block is not None:
            block += lines[done:]
            if len(block) > SITE_MAX_HAND_LINES:
                yield Block(source, block[:1], start, overflow=True)
                block = None
        number += len(lines)
    if block is not None:
        yield Block(source, _trimmed(block), start)


def holding(lines: list[str], marker: str) -> list[int]:
    """The indices of the ``lines`` holding ``marker`` (those of ``compress(count(),
    map(contains, lines, repeat(marker)))``), found in the lines joined: a ``str.find`` and a
    ``str.count`` for each line holding it, none for the others (a look in each line cost a
    sixth of a hand's reading). A marker holding a newline is looked for line by line."""
    if "\n" in marker:
        return list(compress(count(), map(contains, lines, repeat(marker))))
    text = "\n".join(lines)
    out: list[int] = []
    line = end = 0  # the line of the last marker found, and where it ends
    at = text.find(marker)
    while at >= 0:
        line += text.count("\n", end, at)
        out.append(line)
        end = text.find("\n", at)
        if end < 0:
            break
        at = text.find(marker, end)
    return out


def _trimmed(lines: list[str]) -> list[str]:
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    return lines[:end]


def readers() -> tuple[SiteReader, ...]:
    """The site readers, in the order :func:`sniff` tries them (the registry's)."""
    return READERS


def sniff(text: str) -> SiteReader | None:
    """The reader of the site whose hand header comes first in ``text``, or None.

    Args:
        text: a site's hand history text (the start of a file is enough).

    Returns:
        The site's :class:`~splitpot.sites.base.SiteReader` (its ``name``, ``header`` and
        ``parse``), or ``None`` when no site's header is found. Raises nothing.

    >>> sniff("PokerStars Hand #7:  Hold'em No Limit (1/2) - 2024/01/01 0:00:00 UTC").name
    'PokerStars'
    >>> sniff("no hand here") is None
    True
    """
    first: tuple[int, SiteReader] | None = None
    for reader in READERS:
        found = reader.find(text, None if first is None else first[0])
        if found is not None and (first is None or found.start() < first[0]):
            first = (found.start(), reader)
            if not found.start():
                break  # nothing starts before the text does
    return None if first is None else first[1]


def read_text(text: str, source: str | None = None) -> Iterator[HandHistory | SiteError]:
    """Every hand of ``text``, as a history or the error that stops it being read (an
    :class:`~splitpot.sites.UnsupportedHand` for a game or feature splitpot does not play).

    Args:
        text: one site's hand histories, decoded.
        source: names the text in errors (a path, say).

    Returns:
        An iterator of :class:`~splitpot.phh.HandHistory` or :class:`SiteError`, one per
        hand, in order. Errors are yielded, never raised; the reader goes on.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import HandHistory
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.raise_to(6), hand.fold()
    >>> from splitpot.phh import check
    >>> from splitpot.sites import to_pokerstars
    >>> [hh] = read_text(to_pokerstars(HandHistory.from_hand(hand)))
    >>> hh.actions, hh.user_fields["_site"], check(hh).status
    (['d dh p1 4cAc', 'd dh p2 Jc3c', 'p2 cbr 6', 'p1 f'], 'PokerStars', 'match')
    """
    return _read(text, source, sniff(text))


def _read(
    text: str, source: str | None, reader: SiteReader | None
) -> Iterator[HandHistory | SiteError]:
    """The hands of ``text`` by ``reader``, found once by the caller (a file is sniffed
    once: review H2)."""
    if reader is None:
        yield not_read(text, source)
        return
    if reader.blocks is not None:
        blocks = reader.blocks(text, source)
    else:
        blocks = split(text, reader.line_start, source, reader.marker)
    yield from _parsed(reader, blocks)


def not_read(text: str, source: str | None) -> SiteError:
    """The error for ``text`` in which no reader finds a hand: a site splitpot knows but
    does not read yet (:data:`~splitpot.sites.registry.UNREAD`) is named, as an
    :class:`~splitpot.sites.UnsupportedHand` (none is today: every site of the shared folders
    is read); anything else has no hand of a site at all.

    >>> str(not_read("***** Cassava Hand", "x.txt"))
    'x.txt: no hand of a site splitpot reads was found'
    """
    for name, pattern in UNREAD:
        if pattern.search(text):
            article = "an" if name[0] in "AEIOU" else "a"
            reason = f"{article} {name} file: splitpot does not read this site yet"
            return UnsupportedHand(reason, source=source, site=name)
    return SiteError("no hand of a site splitpot reads was found", source=source)


def read_file(path: str | os.PathLike[str]) -> Iterator[HandHistory | SiteError]:
    """Every hand of the file at ``path``, as :func:`read_text` gives them, read line by
    line: a text file of any size streams, one hand at a time; each line is decoded on its
    own (:func:`decode`: a file appended to by two clients may mix UTF-8 and Windows-1252).
    The site is the one whose header comes first in the file's first 64 KiB. An XML file
    (iPoker) and a UTF-16 one are read whole, and refused over
    :data:`~splitpot.limits.PHH_MAX_BYTES`.

    Returns an iterator of :class:`~splitpot.phh.HandHistory` or :class:`SiteError`; a
    file that cannot be opened is one :class:`SiteError` too, never an ``OSError``.

    >>> import os, tempfile
    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import HandHistory
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.raise_to(6), hand.fold()
    >>> from splitpot.sites import dumps_pokerstars
    >>> tmp = tempfile.TemporaryDirectory()
    >>> path = os.path.join(tmp.name, "stars.txt")
    >>> with open(path, "w", encoding="utf-8") as f:
    ...     _ = f.write(dumps_pokerstars([HandHistory.from_hand(hand)] * 2))
    >>> [hh.finishing_stacks for hh in read_file(path)]
    [[98, 102], [98, 102]]
    >>> [str(e) for e in read_file(os.path.join(tmp.name, "none.txt"))]  # doctest: +ELLIPSIS
    ['/...none.txt: cannot read: No such file or directory']
    >>> tmp.cleanup()
    """
    name = os.fspath(path)
    try:
        with _files.open_regular(name) as f:  # a FIFO is refused, never waited on
            head = f.read(_SNIFF_BYTES)
            f.seek(0)
            if head[:2] in _UTF16_BOMS:  # no line is a byte line: read whole, sniffed once
                yield from _read_whole(f, name, None)
                return
            text = decode(head)
            reader = sniff(text)
            if reader is None:
                yield not_read(text, name)
            elif reader.blocks is not None:
                yield from _read_whole(f, name, reader)  # XML
            else:
                batches = _file_batches(f)
                start = reader.line_start
                yield from _parsed(reader, split_batches(batches, start, name, reader.marker))
    except OSError as e:
        yield SiteError(f"cannot read: {e.strerror or e}", source=name)


_SNIFF_BYTES = 64 << 10


def _read_whole(
    f: IO[bytes], name: str, reader: SiteReader | None
) -> Iterator[HandHistory | SiteError]:
    """The whole file (at most :data:`~splitpot.limits.PHH_MAX_BYTES`), by ``reader``, or
    by the one its text sniffs as."""
    data = f.read(PHH_MAX_BYTES + 1)
    if len(data) > PHH_MAX_BYTES:
        yield SiteError(f"the file is larger than {PHH_MAX_BYTES} bytes", source=name)
        return
    text = decode(data)
    yield from _read(text, name, reader or sniff(text))


_BATCH_BYTES = 64 << 10


def _file_batches(f: IO[bytes]) -> Iterator[list[str]]:
    """The lines of a binary file, 64 KiB at a time: those of reading it one
    ``readline(SITE_MAX_LINE_BYTES)`` at a time, each decoded on its own
    (:func:`_piece_lines`), whatever the endings (a line ending in CR only is split too); a
    line is cut at :data:`~splitpot.limits.SITE_MAX_LINE_BYTES` (no hand has such lines; a
    file with no newline is not held whole). A batch that is UTF-8 and whose lines are
    within the limit, as nearly every file is, is decoded and split whole
    (:func:`_batch_lines`); the tests compare the two ways on real and made-up files."""
    limit = SITE_MAX_LINE_BYTES
    rest = b""
    while chunk := f.read(_BATCH_BYTES):
        data = rest + chunk if rest else chunk
        end = data.rfind(b"\n") + 1
        rest = data[end:]
        batch = _batch_lines(data[:end]) if end else []
        while len(rest) >= limit:  # readline would give the line's first bytes on their own
            batch += _piece_lines(rest[:limit])
            rest = rest[limit:]
        if batch:
            yield batch
    if rest:
        yield _piece_lines(rest)


def _batch_lines(data: bytes) -> list[str]:
    """The lines of ``data``, whole lines each ending in ``\\n``, as :func:`_piece_lines`
    gives them one by one: decoded at once when ``data`` is UTF-8 and no line is past the
    limit (the lines then decode alike whole or apart: a line end is never inside a
    character), else one ``readline`` piece at a time."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = ""
    lines = text.split("\n")
    widest = max(map(len, lines))  # characters: bytes too when ASCII, at most 4 a character
    if not text or widest * (1 if text.isascii() else 4) >= SITE_MAX_LINE_BYTES:
        return _readline_lines(data)
    if "\r" in text:
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    lines.pop()  # what follows the last newline: nothing
    if "\ufeff" in text:
        return [line.lstrip("\ufeff") for line in lines]
    return lines


def _readline_lines(data: bytes) -> list[str]:
    """The lines of ``data`` one ``readline(SITE_MAX_LINE_BYTES)`` piece at a time."""
    out: list[str] = []
    limit = SITE_MAX_LINE_BYTES
    at = 0
    while at < len(data):
        end = data.find(b"\n", at) + 1 or len(data)
        for piece in range(at, end, limit):
            out += _piece_lines(data[piece : min(piece + limit, end)])
        at = end
    return out


def _piece_lines(raw: bytes) -> list[str]:
    """What one ``readline`` gave: its line ending dropped, split at lone CRs, each part
    decoded on its own (:func:`decode`: a file appended to by two clients may mix UTF-8 and
    Windows-1252), without the BOM."""
    raw = raw.removesuffix(b"\n").removesuffix(b"\r")
    return [decode(part).lstrip("\ufeff") for part in raw.split(b"\r")]


def _parsed(reader: SiteReader, blocks: Iterable[Block]) -> Iterator[HandHistory | SiteError]:
    for block in blocks:
        if block.overflow:
            found = reader.header.search(block.lines[0])
            yield SiteError(
                f"a hand of more than {SITE_MAX_HAND_LINES} lines",
                source=block.source,
                hand_id=found.group(1) if found and found.groups() else None,
                line=block.first,
                site=reader.name,
            )
            continue
        try:
            yield reader.parse(block)
        except SiteError as e:
            yield e
