"""Tournament money: ICM equity of stacks, prize tables, and prizes shared by tied places.

Everything here is exact. Prizes are whole units (chips, cents) and equities are
:class:`fractions.Fraction`: an ICM equity is an *expected value* of prize money, not an
amount anybody is paid, so it is kept as an exact fraction that sums to the prize pool to the
last unit instead of being rounded. Nothing here is a float (docs/architecture.md: money is
never a float). The rules and their reasons: docs/tournaments.md.

>>> from fractions import Fraction
>>> [str(e) for e in icm_equity([50, 30, 20], [50, 30, 20])]
['1075/28', '131/4', '202/7']
>>> sum(icm_equity([50, 30, 20], [50, 30, 20]))
Fraction(100, 1)
>>> payouts(1001, [50, 30, 20])          # the unit left over goes to first place
[501, 300, 200]
>>> share_prizes([500, 300, 200], [["Ann"], ["Bob", "Cy"]])   # Bob and Cy tie for 2nd-3rd
{'Ann': 500, 'Bob': 250, 'Cy': 250}
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate

from splitpot._core import SplitpotError
from splitpot.limits import ICM_MAX_PLAYERS, ICM_MAX_WORK, MAX_CHIPS, shown

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "MAX_SAMPLES",
    "icm_equity",
    "payouts",
    "share_prizes",
]

EXACT_LIMIT = 10
"""ICM is exact up to this many players with chips; beyond it, sampled."""
DEFAULT_SAMPLES = 20_000
"""Finishing orders sampled beyond :data:`EXACT_LIMIT` players when ``samples`` is not given."""
MAX_SAMPLES = 10_000_000
"""The most finishing orders one call samples."""

Money = int | Fraction


def _whole(value: object, what: str) -> int:
    """A non-negative ``int`` of at most ``MAX_CHIPS``: ``TypeError`` for another type,
    :class:`SplitpotError` outside the range."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, got {shown(value)}")
    if value < 0:
        raise SplitpotError(f"{what} must not be negative, got {shown(value)}")
    if value > MAX_CHIPS:
        raise SplitpotError(f"{what} must be at most {MAX_CHIPS}, got {shown(value)}")
    return value


def _money(value: object, what: str) -> Money:
    """A prize: a non-negative ``int`` or ``Fraction`` (never a float: money is exact), its
    numerator and denominator at most ``MAX_CHIPS``."""
    if isinstance(value, Fraction):
        if value < 0:
            raise SplitpotError(f"{what} must not be negative, got {shown(value)}")
        if value.numerator > MAX_CHIPS or value.denominator > MAX_CHIPS:
            raise SplitpotError(
                f"{what}: its terms must be at most {MAX_CHIPS}, got {shown(value)}"
            )
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int or a Fraction, got {shown(value)}")
    return _whole(value, what)


def _sequence(value: object, what: str, most: int | None = None) -> Sequence[object]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise TypeError(f"{what} must be a sequence, got {shown(value)}")
    if most is not None and len(value) > most:
        raise SplitpotError(f"{what}: {len(value)} of them, more than the {most} read")
    return value


def _sampling_work(samples: int, places: int, players: int) -> int:
    """The work of sampling ``samples`` finishing orders of ``players`` for ``places`` paid
    places, in the units of :data:`~splitpot.limits.ICM_MAX_WORK` (each place of each sample
    draws among the players left, at about the cost of summing 20 stacks for the draw).

    >>> _sampling_work(20_000, 3, 50)
    4200000
    """
    return samples * places * (players + 20)


def icm_equity(
    stacks: Sequence[int],
    prizes: Sequence[Money],
    *,
    samples: int | None = None,
    seed: int | None = None,
) -> list[Fraction]:
    """Each stack's Malmuth-Harville (ICM) equity in ``prizes`` (``prizes[0]`` for 1st...).

    Harville's model: a player finishes first with probability his share of all the chips;
    given who took the places above, he takes the next one with his share of the chips left.
    His equity is the prize of each place weighted by the chance he takes it.

    Exact (a :class:`~fractions.Fraction` per stack, in stack order) when at most
    :data:`EXACT_LIMIT` stacks hold chips. Beyond that, or whenever ``samples`` is given,
    ``samples`` finishing orders (default :data:`DEFAULT_SAMPLES`) are drawn by the same
    model from ``random.Random(seed)``: the same seed gives the same answer on every machine.
    The estimate is still Fractions summing exactly to the pool (each place's prize divided
    by how often each player took it).

    The work is bounded before it starts: at most :data:`~splitpot.limits.ICM_MAX_PLAYERS`
    stacks and prizes, amounts of at most ``limits.MAX_CHIPS``, and a sampled answer of at most
    :data:`~splitpot.limits.ICM_MAX_WORK` (``samples x places x (players + 20)``, about a
    second or two); past it a :class:`~splitpot.SplitpotError` gives the count and the samples
    that would fit. The exact answer is bounded by :data:`EXACT_LIMIT` (``2**10`` sets of
    players).

    A stack of 0 is a player already out: his equity is 0 and he takes no place; the prizes
    are those still to be won, so there may be no more prizes than stacks with chips (a prize
    nobody can take would leave money unaccounted for). Fewer prizes than players: the places
    below them pay 0.

    >>> icm_equity([100, 100], [70, 30])
    [Fraction(50, 1), Fraction(50, 1)]
    >>> icm_equity([60, 0, 40], [10])          # winner takes all: equity is the chip share
    [Fraction(6, 1), Fraction(0, 1), Fraction(4, 1)]
    >>> icm_equity([1, 1], [1, 1, 1])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splitpot.SplitpotError: prizes: 3 prizes for 2 players with chips; ...
    """
    chips, money = _stacks_and_prizes(stacks, prizes)
    if samples is not None:
        samples = _whole(samples, "samples")
        if not 1 <= samples <= MAX_SAMPLES:
            raise SplitpotError(f"samples must be 1..{MAX_SAMPLES}, got {shown(samples)}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"seed must be an int or None, got {shown(seed)}")
    live = [i for i, s in enumerate(chips) if s > 0]
    weights = [chips[i] for i in live]
    if samples is None and len(live) <= EXACT_LIMIT:
        found = _exact(weights, money)
    else:
        n = samples or DEFAULT_SAMPLES
        _check_work(n, len(money), len(live))
        found = _sampled(weights, money, n, seed)
    equity = [Fraction(0)] * len(chips)
    for i, e in zip(live, found, strict=True):
        equity[i] = e
    return equity


def _stacks_and_prizes(stacks: object, prizes: object) -> tuple[list[int], list[Money]]:
    """The stacks and the prizes, checked: no more prizes than stacks with chips."""
    chips = [
        _whole(s, f"stacks[{i}]")
        for i, s in enumerate(_sequence(stacks, "stacks", ICM_MAX_PLAYERS))
    ]
    prize_list = _sequence(prizes, "prizes", ICM_MAX_PLAYERS)
    money = [_money(p, f"prizes[{i}]") for i, p in enumerate(prize_list)]
    live = sum(1 for s in chips if s > 0)
    if not live:
        raise SplitpotError(f"stacks: no chips at all, got {shown(chips)}")
    if len(money) > live:
        raise SplitpotError(
            f"prizes: {len(money)} prizes for {live} players with chips; "
            "pass only the prizes still to be won"
        )
    return chips, money


def _check_work(samples: int, places: int, players: int) -> None:
    """Refuse a sampled answer past :data:`~splitpot.limits.ICM_MAX_WORK`, saying how many
    samples would fit."""
    work = _sampling_work(samples, places, players)
    if work > ICM_MAX_WORK:
        most = ICM_MAX_WORK // _sampling_work(1, places, players)
        advice = f"pass samples <= {most}" if most else "pay fewer places"
        raise SplitpotError(
            f"samples: {samples} finishing orders of {players} players for {places} "
            f"places is {work:,} of work, more than the {ICM_MAX_WORK:,} allowed "
            f"(limits.ICM_MAX_WORK): {advice}"
        )


def _exact(stacks: list[int], prizes: list[Money]) -> list[Fraction]:
    """Harville equities by a DP over the sets of players who took the top places.

    ``reach[mask]`` is the chance that exactly the players in ``mask`` took the top
    ``popcount(mask)`` places, in any order: 2^n sets, n extensions each, instead of n!
    orders. Sets at least as large as the prize list are never extended (no prize below).
    """
    n, total = len(stacks), sum(stacks)
    equity = [Fraction(0)] * n
    reach: dict[int, Fraction] = {0: Fraction(1)}
    for prize in prizes:
        grown: dict[int, Fraction] = {}
        for mask, chance in reach.items():
            left = total - sum(stacks[i] for i in range(n) if mask >> i & 1)
            for i in range(n):
                if mask >> i & 1:
                    continue
                step = chance * Fraction(stacks[i], left)
                equity[i] += step * prize
                grown[mask | 1 << i] = grown.get(mask | 1 << i, Fraction(0)) + step
        reach = grown
    return equity


def _sampled(
    stacks: list[int], prizes: list[Money], samples: int, seed: int | None
) -> list[Fraction]:
    """Harville equities estimated from ``samples`` finishing orders.

    Each place is drawn with integer weights (``randrange`` over the chips left), so a seed
    gives the same orders everywhere; only the paid places are drawn. A player's equity is
    the prizes he took divided by ``samples``.
    """
    rng = random.Random(seed)
    n = len(stacks)
    won: list[Money] = [0] * n  # the prizes each took, summed: one addition a draw
    for _ in range(samples):
        left = list(range(n))
        for prize in prizes:
            cumulative = list(accumulate(stacks[i] for i in left))
            k = bisect_right(cumulative, rng.randrange(cumulative[-1]))
            won[left.pop(k)] += prize
    return [Fraction(w) / samples for w in won]


def payouts(pool: int, shares: Sequence[Money]) -> list[int]:
    """A prize table: ``pool`` (whole units) split by ``shares`` (percent, summing to 100).

    Each place gets its share rounded down; the units left over (fewer than the number of
    places) go one each to the top places, 1st first. With shares that do not rise down the
    table the prizes do not either, and they always sum to ``pool`` exactly.

    >>> payouts(1000, [50, 30, 20])
    [500, 300, 200]
    >>> payouts(100, [Fraction(100, 3)] * 3)
    [34, 33, 33]
    >>> payouts(10, [60, 30])
    Traceback (most recent call last):
    ...
    splitpot.SplitpotError: shares must sum to 100 (percent), got 90
    """
    pool = _whole(pool, "pool")
    parts = [_money(s, f"shares[{i}]") for i, s in enumerate(_sequence(shares, "shares"))]
    if not parts:
        raise SplitpotError("shares: at least one place must be paid")
    if sum(parts) != 100:
        raise SplitpotError(f"shares must sum to 100 (percent), got {sum(parts)}")
    amounts = [int(Fraction(pool) * share / 100) for share in parts]
    for place in range(pool - sum(amounts)):
        amounts[place] += 1
    return amounts


def share_prizes(prizes: Sequence[int], ranking: Sequence[Sequence[str]]) -> dict[str, int]:
    """Pay a finishing order with ties: ``ranking`` lists the groups, best first.

    A group of ``g`` players tied on places ``p..p+g-1`` shares the prizes of those places
    (places beyond the prize list pay 0), split as evenly as whole units allow; the units
    left over go one each to the group's first players in the order given (the tournament
    gives tied players clockwise from the button's left, as odd chips go,
    docs/rules/poker.md §6). The amounts sum to the prizes of the places ranked.

    >>> share_prizes([50, 30, 21], [["Ann", "Bob", "Cy"]])   # a three-way tie for 1st
    {'Ann': 34, 'Bob': 34, 'Cy': 33}
    """
    money = [_whole(p, f"prizes[{i}]") for i, p in enumerate(_sequence(prizes, "prizes"))]
    paid: dict[str, int] = {}
    place = 0
    for group in _sequence(ranking, "ranking"):
        names = list(_sequence(group, "a ranking group"))
        if not names:
            raise SplitpotError("ranking: a group of tied players is empty")
        each, odd = divmod(sum(money[place : place + len(names)]), len(names))
        for k, name in enumerate(names):
            if not isinstance(name, str):
                raise TypeError(f"ranking: a player is named by a str, got {name!r}")
            if name in paid:
                raise SplitpotError(f"ranking: {name!r} is ranked twice")
            paid[name] = each + (k < odd)
        place += len(names)
    return paid
