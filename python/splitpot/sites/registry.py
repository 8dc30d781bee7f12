"""The site readers splitpot has: one line per site (pydantic-core's ``validator_match!`` is
the model). Adding a site is its module (:mod:`splitpot.sites.base` says how) and its line
here. Nothing here imports :mod:`splitpot.sites.reading`, which looks the readers up here:
the readers never import back.

The order is the one :func:`~splitpot.sites.sniff` tries them in when two headers are found
at the same place (no two sites' headers match the same line).
"""

from __future__ import annotations

from splitpot.sites import (
    bovada,
    fulltilt,
    ggpoker,
    ipoker,
    pacific,
    partypoker,
    pokerstars,
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
)
"""Every site splitpot reads, by its :class:`~splitpot.sites.base.SiteReader`."""
