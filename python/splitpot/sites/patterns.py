"""The pieces of text many sites write alike, and the rules that read them, each with one home
(issue 26): a reader builds its own patterns from these rather than typing them again.

Only what several readers write to the letter is here; a site's own wording stays in its
reader. Every pattern is linear in its line (review H4): no lazy part before a repeated group.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from splitpot.sites.base import LineReader
from splitpot.sites.builder import Kind

__all__ = [
    "BUTTON",
    "CARDS",
    "DEALT_TO",
    "LIMITS",
    "SHORT_LIMITS",
    "SUMMARY_SEAT",
    "dealt_rule",
    "seat_line",
    "with_names",
]

CARDS = r"\[([^]]*)\]"
"""Cards in brackets, ``[Ah Kd]``: one group, the cards between them."""

BUTTON = re.compile(r"^Seat (\d{1,9}) is the button\s*$")
"""``Seat 5 is the button``: group 1 the button's seat."""
SUMMARY_SEAT = re.compile(r"^Seat \d{1,9}: (.*)$")
"""A summary's ``Seat 3: NAME ...``: group 1 what follows the seat, the name first."""

LIMITS: dict[str, Kind] = {"No Limit": "N", "Pot Limit": "P", "Fixed Limit": "F"}
"""The betting structures as most headers name them, as the builder's kinds."""
SHORT_LIMITS: dict[str, Kind] = {"NL": "N", "PL": "P", "FL": "F"}
"""The same, abbreviated (Boss, Cake)."""


def seat_line(reader: LineReader, found: re.Match[str] | None) -> bool:
    """A seat line's match (groups: the seat, the name, the stack), its player seated: True;
    no match: False (the line is another's)."""
    if found is None:
        return False
    seat, name, stack = found.groups()
    reader.b.seat(reader.b.number(seat), name, reader.amount(stack))
    return True


def with_names(reader: LineReader, line: str) -> re.Pattern[str]:
    """``line``, a pattern whose ``{names}`` stands for the alternation of the reader's seated
    names (``line`` puts it in a group), compiled for this hand: a first-framework reader's
    (``ACTOR``) rule of a line that names a player, made in its :meth:`~LineReader.rules`."""
    seating = reader.seating
    assert seating is not None and seating.pattern is not None  # the names are compiled
    return re.compile(line.replace("{names}", seating.alternatives))


DEALT_TO = rf"^Dealt to ({{names}}) {CARDS}\s*$"
"""``Dealt to NAME [Ah Kd]``: the line that deals a player his cards, as most sites write it."""


def dealt_rule(
    reader: LineReader, read: Callable[[str], list[str | None]], line: str = DEALT_TO
) -> tuple[re.Pattern[str], Callable[[re.Match[str]], None]]:
    """The rule of the line that deals a seated player his cards (:func:`with_names`: ``line``,
    group 1 his name, group 2 his cards, which ``read`` reads)."""
    b = reader.b
    return with_names(reader, line), lambda found: b.hole(found[1], read(found[2]))
