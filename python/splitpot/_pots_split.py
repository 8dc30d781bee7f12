"""The pot split in plain Python (docs/rules/poker.md §6): who wins each pot, hi/lo halves,
ties and odd chips.

:func:`splitpot.pots.award` splits with the Rust core (``_core._split_pots``, rust/pots.rs)
and comes here only when a number is past the core's integers: a pot or a seat's winnings of
more than 2**128 - 1 chips, a strength past 64 bits, a seat past 128 bits in the odd-chip
order. This is the same rule (it was ``award``'s own split until issue 17), and the
reference that tests/test_pots_split.py proves the core equal to on random pots. Its input
is checked by ``award``; it raises :class:`~splitpot.SplitpotError` as the core does.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence

from splitpot._core import SplitpotError

__all__ = ["pot_name", "run_parts", "split"]

Row = tuple[int, str, int, int, str]
"""One award: (pot index, side, seat, chips, why), as ``_core._split_pots`` gives it."""

_Part = tuple[int, str, int, Sequence[int], str]
"""What one pot or half pot pays: (pot index, side, chips, winners, why)."""


def pot_name(index: int) -> str:
    return "the main pot" if index == 0 else f"side pot {index}"


def split(
    amounts: Sequence[int],
    eligible: Sequence[tuple[int, ...]],
    high_ranking: Mapping[int, int],
    low_ranking: Mapping[int, int] | None,
    odd_chip_order: Sequence[int],
    chip_unit: int,
) -> tuple[list[Row], dict[int, int]]:
    """The awards of the pots (``amounts`` after the rake, ``eligible`` their seats) and each
    winner's total, exactly as ``_core._split_pots``."""
    return _pay_parts(
        _parts(amounts, eligible, high_ranking, low_ranking, chip_unit), odd_chip_order, chip_unit
    )


def run_parts(amount: int, count: int, chip_unit: int = 1) -> list[int]:
    """A pot of ``amount`` chips cut into ``count`` parts, one a run of the board
    (docs/rules/poker.md §6 "Running the board more than once"): equal whole chip units,
    the units left over one each to the first runs, the part below one unit with the first.

    >>> run_parts(223, 2), run_parts(100, 3), run_parts(101, 3), run_parts(27, 2, chip_unit=5)
    ([112, 111], [34, 33, 33], [34, 34, 33], [17, 10])

    :func:`splitpot.pots.award` pays each run's part of each pot as a pot of its own.
    """
    units, below = divmod(amount, chip_unit)
    base, extra = divmod(units, count)
    parts = [(base + (1 if k < extra else 0)) * chip_unit for k in range(count)]
    parts[0] += below
    return parts


def _parts(
    amounts: Sequence[int],
    eligibles: Sequence[tuple[int, ...]],
    high_ranking: Mapping[int, int],
    low_ranking: Mapping[int, int] | None,
    chip_unit: int,
) -> list[_Part]:
    """Who wins what part of each pot (docs/rules/poker.md §6, §5).

    Each pot is awarded on its own among its eligible seats; a pot with one eligible seat goes
    to it, ranked or not (everyone else folded, §5). High only: the best high takes the pot;
    tied best hands split it. Hi/lo: half to the best high, half to the best qualifying low
    among the pot's eligible seats; if none of them has a low, the high takes it all. One seat
    may win both halves (scoop); ties split the half they tie for (quartering). A hi/lo pot
    with an odd number of units gives the odd unit, and any part below one unit, to the high
    half ("any leftover odd chip goes to the 'High' side of the pot").
    """
    # Seats best first; a pot's winners are the first of its eligible seats in this list.
    highs = sorted(high_ranking.items(), key=_strength, reverse=True)
    lows = sorted(low_ranking.items(), key=_strength, reverse=True) if low_ranking else None
    whole_why = _WHY_HIGH if low_ranking is None else _WHY_NO_LOW
    parts: list[_Part] = []
    for index, eligible in enumerate(eligibles):
        amount = amounts[index]
        if len(eligible) == 1:
            parts.append((index, "whole", amount, eligible, _WHY_ALONE))
            continue
        high = _best(highs, eligible)
        if not high:
            raise SplitpotError(f"no seat eligible for {pot_name(index)} {eligible} has a ranking")
        low = _best(lows, eligible) if lows else None
        if not low:
            parts.append((index, "whole", amount, high, whole_why))
            continue
        low_half = amount // chip_unit // 2 * chip_unit
        scoop = len(high) == 1 and high == low
        parts.append((index, "high", amount - low_half, high, _SCOOP_HIGH if scoop else _WHY_HIGH))
        parts.append((index, "low", low_half, low, _SCOOP_LOW if scoop else _WHY_LOW))
    return parts


def _pay_parts(
    parts: list[_Part], odd_chip_order: Sequence[int], chip_unit: int
) -> tuple[list[Row], dict[int, int]]:
    """The awards of ``parts``; tied winners share by the odd-chip rule (§6).

    Tied winners of a half or a whole pot get equal whole units and the leftover units go one
    each in ``odd_chip_order`` ("the winning player to the left of the button/dealer will
    receive it"); the part of a pot below one unit goes with the first of them.
    """
    awards: list[Row] = []
    totals: dict[int, int] = {}
    position: dict[int, int] | None = None
    for index, side, amount, winners, why in parts:
        if len(winners) == 1:
            if amount:
                seat = winners[0]
                awards.append((index, side, seat, amount, why))
                totals[seat] = totals.get(seat, 0) + amount
            continue
        if odd_chip_order:
            if position is None:
                position = dict(zip(odd_chip_order, range(len(odd_chip_order)), strict=True))
            winners = sorted(winners, key=position.__getitem__)
        else:
            winners = sorted(winners)
        units, below = divmod(amount, chip_unit)
        base, extra = divmod(units, len(winners))
        tied, tied_odd = _TIED_WHY[why]
        share = base * chip_unit
        for k, seat in enumerate(winners):
            got = share + chip_unit if k < extra else share
            if not k:
                got += below
            if got:
                awards.append((index, side, seat, got, tied_odd if k < extra else tied))
                totals[seat] = totals.get(seat, 0) + got
    return awards, totals


_WHY_ALONE = "only eligible seat; the others folded"
_WHY_HIGH = "best high"
_NO_LOW = "; no qualifying low"
_WHY_NO_LOW = _WHY_HIGH + _NO_LOW
_WHY_LOW = "best low"
_SCOOP_HIGH = "best high; scoops"
_SCOOP_LOW = "best low; scoops"
_ODD_CHIP = "; odd chip by odd-chip order"
_TIED_WHY = {
    why: (tied, tied + _ODD_CHIP)
    for why, tied in (
        (_WHY_HIGH, "tied for best high"),
        (_WHY_NO_LOW, "tied for best high; no qualifying low"),
        (_WHY_LOW, "tied for best low"),
    )
}


_strength = operator.itemgetter(1)


def _best(ranked: list[tuple[int, int]], eligible: tuple[int, ...]) -> list[int]:
    """The eligible seats with the best strength; ``ranked`` is sorted best first."""
    winners: list[int] = []
    best = 0
    for seat, strength in ranked:
        if winners:
            if strength != best:
                break
            if seat in eligible:
                winners.append(seat)
        elif seat in eligible:
            winners.append(seat)
            best = strength
    return winners
