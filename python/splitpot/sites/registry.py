"""The site readers splitpot has: one line per site (pydantic-core's ``validator_match!`` is
the model). Adding a site is its module (:mod:`splitpot.sites.base` says how) and its line
here. Nothing here imports :mod:`splitpot.sites.reading`, which looks the readers up here:
the readers never import back.

The order is the one :func:`~splitpot.sites.sniff` tries them in when two headers are found
at the same place (no two sites' headers match the same line).
"""

from __future__ import annotations

import re

from splitpot.sites import (
    absolute,
    boss,
    bovada,
    cake,
    chico,
    enet,
    entraction,
    everest,
    everleaf,
    fulltilt,
    ggpoker,
    ipoker,
    kingsclub,
    merge,
    microgaming,
    ongame,
    pacific,
    partypoker,
    pkr,
    pokerstars,
    swc,
    unibet,
    winamax,
    wpn,
)
from splitpot.sites.base import SiteReader

READERS: tuple[SiteReader, ...] = (
    pokerstars.READER,
    fulltilt.READER,
    ggpoker.READER,
    winamax.READER,
    partypoker.READER,
    ipoker.READER,
    pacific.READER,
    bovada.READER,
    wpn.OLD_READER,
    wpn.NEW_READER,
    entraction.READER,
    ongame.READER,
    everleaf.READER,
    absolute.READER,
    cake.READER,
    boss.READER,
    merge.READER,
    chico.READER,
    pkr.READER,
    microgaming.READER,
    kingsclub.READER,
    swc.READER,
    everest.READER,
    enet.READER,
    unibet.READER,
)
"""Every site splitpot reads, by its :class:`~splitpot.sites.base.SiteReader`."""


UNREAD: tuple[tuple[str, re.Pattern[str]], ...] = ()
"""The sites splitpot knows but does not read yet, by the pattern of their hands' headers: a
file of one is refused by the site's name (:func:`~splitpot.sites.reading.read_file`), never
as a file with no hand. None now: Kings Club, Seals With Clubs, Everest, Enet and Unibet,
the last of the shared sets', are read (issue 26)."""
