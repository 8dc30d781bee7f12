"""What a hand's text states beside its play: its amounts in the hand's unit, its game and its
date. :class:`HandFacts` is a part the reader holds (:class:`~splitpot.sites.base.LineReader`):
it owns the builder it writes them to and the amounts read before, and needs none of the
reader's hooks."""

from __future__ import annotations

import datetime
import functools
import re
from decimal import Decimal
from typing import TypeVar

from splitpot.sites.builder import Game, HandBuilder, Kind, date_fields
from splitpot.sites.money import AmountError, NegativeAmount, units

__all__ = ["AMOUNTS", "KEPT", "HandFacts", "keep"]

_V = TypeVar("_V")
KEPT = 1 << 14
"""The most texts a reader's cache keeps (so that a hostile file cannot fill it)."""
AMOUNTS: dict[tuple[Decimal, str], dict[str, int]] = {}
"""The amounts read, by unit and decimal separator: a cache, as the same few recur (only
short texts, and at most :data:`KEPT` of each)."""


def keep(known: dict[str, _V], text: str, value: _V, longest: int) -> None:
    """``known[text] = value`` for a text of 1 to ``longest`` characters, the cache emptied
    first when it holds :data:`KEPT` (a hostile file cannot fill it)."""
    if 0 < len(text) <= longest:
        if len(known) >= KEPT:
            known.clear()
        known[text] = value


_game = functools.lru_cache(maxsize=1 << 10)(Game)
"""The games read (a :class:`Game` is frozen: one is shared by the hands of its stakes)."""


class HandFacts:
    """One hand's amounts, game and date, written to its builder ``b``."""

    __slots__ = ("amounts", "b")

    def __init__(self, b: HandBuilder) -> None:
        self.b = b
        self.amounts = AMOUNTS.setdefault((b.unit, "."), {})  # this unit's, read before

    def amount(self, text: str | None, line: str, decimal: str = ".") -> int:
        """``text`` in the hand's unit, exactly; an error naming ``line`` if it is none."""
        if text is None:
            raise self.b.fail(f"an amount is missing: {line!r}")
        known = self.amounts if decimal == "." else AMOUNTS.setdefault((self.b.unit, decimal), {})
        value = known.get(text)
        if value is not None:
            return value
        try:
            value = units(text, self.b.unit, decimal=decimal)
        except NegativeAmount as e:
            raise self.b.damaged(f"the site contradicts itself: {e}") from None
        except AmountError as e:
            raise self.b.fail(str(e)) from None
        keep(known, text, value, 40)
        return value

    def game(self, part: str, kind: Kind, small: int, big: int) -> None:
        """The hand's game: the PHH game part (``T``, ``O5``, ``7S/8``...), the structure
        letter and the stakes in units (a fixed-limit game's small and big bet)."""
        self.b.game = _game(part, kind, small, big)

    def posted(self, name: str, blind: str, amount: int) -> None:
        """A ``blind`` ("small" or "big") of ``amount`` posted by ``name`` (GGPoker's
        tournaments): the blinds a hand is played at are the ones posted. The first hand of
        a new tournament level is headed with the new level's blinds, but its blinds, antes and
        minimum raise are still the old level's (the Daily Special file of 2020: "Level4
        (90/180)", blinds 80/160 posted, a raise to 320 allowed). A blind that puts its
        player all-in says nothing of the level; a cash game has no levels."""
        b, game = self.b, self.b.game
        p = b.player(name)
        if game is None or "event" not in b.fields or amount >= p.stack - p.put_in:
            return
        small, big = (amount, game.big) if blind == "small" else (game.small, amount)
        if (small, big) != (game.small, game.big):
            b.user.setdefault("_site_header_blinds", [game.small, game.big])
            b.game = Game(game.part, game.kind, small, big)

    def when(self, found: re.Match[str] | None, *order: int, zone: str | None = None) -> None:
        """The hand's date and time from ``found``: its groups ``order`` are the year,
        month, day, hour, minute and second (1 to 6 by default); ``zone`` the time zone."""
        if found is not None:
            fields = [found[k] for k in order] if order else found.groups()[:6]
            self.date(*fields, zone=zone, text=found.group())

    def date(self, *fields: str | int, zone: str | None, text: str) -> None:
        """The hand's date and time: year, month, day, hour, minute, second; ``text`` names
        it in the error when it is not a date."""
        try:
            year, month, day, hour, minute, second = map(int, fields)
            moment = datetime.datetime(year, month, day, hour, minute, second)
        except ValueError:
            raise self.b.fail(f"not a date: {text!r}") from None
        self.b.fields.update(date_fields(moment, zone))
