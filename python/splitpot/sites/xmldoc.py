"""The XML of one hand of a site that writes XML (iPoker, Boss Media, Merge): parsed with each
element's line noted, so that every error names the line it is about; a document type or
entity declaration refused, never expanded."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from splitpot.sites.base import Block, lines_of
from splitpot.sites.builder import HandBuilder
from splitpot.sites.errors import SiteError

DTD = re.compile(r"<!DOCTYPE|<!ENTITY", re.IGNORECASE)
"""A document type or entity declaration: refused, never expanded."""
_NUMBERS = {str(k): k for k in range(1000)}
"""The small numbers' texts (``no``, ``seat``, ``type``...), read at once."""


def elements(text: str, header: re.Pattern[str], end: str) -> Iterator[tuple[int, list[str]]]:
    """The hands of an XML text: from each match of ``header`` to its ``end`` tag (or to the
    next hand, when the text is cut short), each with its first line's number; the text's
    lines whatever their endings (:func:`~splitpot.sites.base.lines_of`)."""
    text = "\n".join(lines_of(text))
    starts = [m.start() for m in header.finditer(text)]
    first, counted = 1, 0
    for k, start in enumerate(starts):
        stop = starts[k + 1] if k + 1 < len(starts) else len(text)
        close = text.find(end, start, stop)
        chunk = text[start : stop if close < 0 else close + len(end)]
        first += text.count("\n", counted, start)  # from the hand before: linear in the file
        counted = start
        yield first, chunk.split("\n")


class Document:
    """A hand's XML, each element's line noted as it is read, for the errors: a part the
    reader holds (it owns the lines of the elements)."""

    def __init__(self, b: HandBuilder, block: Block, root: str = "game") -> None:
        self.b = b
        self.block = block
        self.root = root  # the tag of a hand's element
        self.line_of: dict[ET.Element, int] = {}

    def read(self) -> ET.Element:
        """The game's element, each element's line noted as it is read (a start tag's line
        is the one its ``>`` is on)."""
        text = "\n".join(self.block.lines)
        if DTD.search(text):
            raise self.b.fail("a document type or entity declaration: refused (never expanded)")
        parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("start",))
        feed, events, line_of = parser.feed, parser.read_events, self.line_of
        try:
            for number, line in self.block.numbered():
                feed(line + "\n")
                for event in events():
                    element = event[-1]  # ("start", element)
                    if isinstance(element, ET.Element):
                        line_of[element] = number
            parser.close()
        except ET.ParseError as e:
            self.b.at = self.block.first + e.position[0] - 1
            reason = re.sub(r": line \d+, column \d+$", "", str(e))
            if reason == "no element found":  # the text ends inside the hand
                raise self.b.damaged(f"cut off: the XML ends before </{self.root}>") from None
            raise self.b.damaged(f"not well-formed XML: {reason}") from None
        self.b.at = self.block.first + len(self.block.lines) - 1  # the last line read
        root = next(iter(self.line_of))  # the first element started
        if root.tag != self.root:
            raise self.fail(f"<{root.tag}> where a <{self.root}> was expected", root)
        return root

    def number(self, element: ET.Element, name: str) -> int:
        value = element.get(name, "")
        known = _NUMBERS.get(value)  # most are small: no call
        if known is not None:
            return known
        if not (value.isascii() and value.isdecimal()) or len(value) > 9:
            raise self.fail(f"<{element.tag}> has no number {name}={value!r}", element)
        return int(value)

    def fail(self, reason: str, at: ET.Element | None = None) -> SiteError:
        """The error, named by the line of ``at`` if given."""
        if at is not None:
            self.b.at = self.line_of.get(at, self.b.at)
        return self.b.fail(reason)
