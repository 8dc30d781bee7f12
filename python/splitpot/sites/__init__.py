"""Hand histories as the poker sites write them, read into PHH :class:`~splitpot.phh.HandHistory`
records: PokerStars, Full Tilt, GGPoker, Winamax, partypoker text and iPoker XML.

:func:`read_file` streams over a file of many hands, whatever its encoding (UTF-8 with or
without a BOM, Windows-1252) and line endings, and yields each hand as a history or as the
:class:`SiteError` that stops it being read: the file, the hand's number, the line and the
reason; the reader goes on with the next hand. A hand of a game or with a feature splitpot
does not play (short deck, draw games, all-in insurance) is an
:class:`UnsupportedHand` naming it, never a guess; a hand whose text is damaged (cut off,
lines lost, the site contradicting itself) a :class:`DamagedHand` saying how.

What each history carries besides the PHH fields of the hand (``variant``, stakes, seats,
``players``, ``starting_stacks``, ``actions``, ``hand``, ``table``, ``event``, date and time,
``currency``): the site's result, as ``winnings`` (what each player collected) and
``finishing_stacks`` (what that leaves him), and the user fields ``_site`` (the site's
name), ``_site_game`` (its name of the game), ``_site_unit`` (what one chip is worth:
``"0.01"`` of the currency in a cash game, ``"1"`` in a tournament) and ``_site_rake`` (the
rake, in chips). :func:`splitpot.phh.compare` reconciles a replay with the site: the replay
pays out the whole pot, the site the pot less its rake.

:func:`to_pokerstars` writes any history splitpot plays (but Crazy Pineapple) back as
PokerStars text, for the tools that read that.

Amounts are integers of the unit, read exactly from the decimal text
(:func:`splitpot.sites.money.units`), never through floats.
"""

from __future__ import annotations

from splitpot.sites.errors import DamagedHand, SiteError, UnsupportedHand
from splitpot.sites.reading import read_file, read_text, sniff
from splitpot.sites.write_stars import dumps_pokerstars, to_pokerstars

__all__ = [
    "DamagedHand",
    "SiteError",
    "UnsupportedHand",
    "dumps_pokerstars",
    "read_file",
    "read_text",
    "sniff",
    "to_pokerstars",
]
