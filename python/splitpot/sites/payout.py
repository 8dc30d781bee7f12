"""The pot, the uncalled bet and the rake of a site that states only what each player
collected (888poker, and the older formats of a few others): worked out from the play, and
bounded, so that a lowered win is never booked as rake.

Such a site writes neither the bet no one called nor the pot nor its rake. The uncalled part
is the only one the play decides: what the largest contribution has over the next one (no one
else could match it), given back to its player. The pot is then what everyone put in less
that; the rake what the pot kept after the site's collections. A tournament takes no rake
(its chips are not money), so any chip the site does not pay out there is the site's own
history contradicting itself; a cash game's rake is at most
:data:`~splitpot.phh.compare.SITE_MAX_RAKE_PERCENT` of the pot, the bound
:func:`splitpot.phh.compare` holds every site's rake to. Beyond either, the hand is
:class:`~splitpot.sites.errors.DamagedHand` (the site's summary and its play disagree) rather
than a mismatch at the replay.
"""

from __future__ import annotations

from collections.abc import Mapping

from splitpot.phh.compare import SITE_MAX_RAKE_PERCENT
from splitpot.sites.builder import HandBuilder

__all__ = ["check_stacks", "keep_rake", "settle"]


def settle(b: HandBuilder, *, uncalled_in_win: bool = False) -> None:
    """Give the uncalled part of the largest contribution back to its player, then take the
    rake as what the pot kept, bounded; sets ``b.total`` and ``b.rake``, which the builder
    checks again.

    ``uncalled_in_win``: the site sometimes counts the uncalled part in what its player
    "collected" (888's older hands: a walk's big blind collects his own blind back). That
    reading is taken only when the other is impossible (the site would pay out more than the
    pot) and it leaves a rake within the bounds; it never lowers a win to book it as rake.
    """
    dealt = [p for p in b.players.values() if p.dealt]
    excess, top = 0, None
    if len(dealt) >= 2:
        # Dead money (a missed small blind made up) is no one's bet: never uncalled.
        put = sorted(dealt, key=lambda p: p.put_in - p.dead - p.returned)
        top, second = put[-1], put[-2]
        live = top.put_in - top.dead - top.returned
        excess = max(0, live - (second.put_in - second.dead - second.returned))
        top.returned += excess
    total = sum(p.put_in - p.returned for p in dealt)
    paid = sum(p.collected for p in dealt)
    rake = total - paid
    if uncalled_in_win and top is not None and 0 < excess <= top.collected and rake < 0:
        if _bounded(rake + excess, total, b.tournament):
            top.collected -= excess
    b.total = total
    keep_rake(b)


def check_stacks(b: HandBuilder, finals: Mapping[str, int], rake: int) -> None:
    """What a site that writes every player's stack at the end says (PKR, Microgaming),
    checked after :func:`settle`: the ``rake`` it states is what the pot kept, and each
    player dealt in ends with what the hand leaves him."""
    if rake != b.rake:
        raise b.damaged(
            f"the site contradicts itself: it states a rake of {rake}, and the pot kept {b.rake}"
        )
    for p in b.players.values():
        if not p.dealt:
            continue
        left = p.stack - p.put_in + p.returned + p.collected
        if p.name not in finals:
            raise b.damaged(f"lines missing: no stack at the end for {p.name}")
        if finals[p.name] != left:
            raise b.damaged(
                f"the site contradicts itself: {p.name} ends with {finals[p.name]}, and "
                f"the hand leaves him {left}"
            )


def keep_rake(b: HandBuilder) -> None:
    """The rake of a pot the site states (``b.total``) but whose rake it does not: what the
    pot kept after the site's collections, bounded; sets ``b.rake``."""
    assert b.total is not None
    total = b.total
    paid = sum(p.collected for p in b.players.values())
    rake = total - paid
    if rake < 0:
        raise b.damaged(f"the site pays out {paid}, more than the pot of {total}")
    if b.tournament and rake:
        raise b.damaged(
            f"the site pays out {paid} of a pot of {total} in a tournament, which takes no rake"
        )
    if not _bounded(rake, total, b.tournament):
        raise b.damaged(
            f"the site pays out {paid} of a pot of {total}: {rake} kept is more than the "
            f"{SITE_MAX_RAKE_PERCENT} % any site takes"
        )
    b.rake = rake


def _bounded(rake: int, total: int, tournament: bool) -> bool:
    """A rake a site may take from a pot of ``total``: none in a tournament, else at most
    :data:`~splitpot.phh.compare.SITE_MAX_RAKE_PERCENT` percent."""
    if tournament:
        return rake == 0
    return 0 <= rake * 100 <= total * SITE_MAX_RAKE_PERCENT
