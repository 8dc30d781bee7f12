"""Side pots, hi/lo splits, odd chips and rake: pure functions on integers.

Every rule here is from ``docs/rules/poker.md`` §6 ("Pots, splits and odd chips"), with §5
(showdown) and §7 (time and disconnection) where they touch the pots. Chips are Python
``int`` everywhere; ``bool`` and ``float`` are refused, and a rake percentage is an ``int`` or
a :class:`fractions.Fraction`, never a float (DESIGN.md: "Chips are Python ints ... Never
floats").

The module imports only the standard library, :mod:`splitpot._check`, the error family and
the core's pot split (``_core._split_pots``, rust/pots.rs; :mod:`splitpot._pots_split` is the
same split in Python, for numbers past the core's integers). A wrong kind of argument
(``None`` for the pots) is a ``TypeError``, a wrong value a :class:`PotError` (issue 15).

Two calls pay out a hand:

>>> pots, returned = build_pots({0: 50, 1: 100, 2: 100}, folded=())
>>> pots
(Pot(amount=150, eligible=(0, 1, 2)), Pot(amount=100, eligible=(1, 2)))
>>> payout = award(pots, high_ranking={0: 9, 1: 5, 2: 7}, odd_chip_order=(1, 2, 0))
>>> [str(a) for a in payout.awards]
['Seat 0 wins the main pot (150)', 'Seat 2 wins side pot 1 (100)']

Where the spec leaves room, the decisions are stated where they apply (:func:`build_pots`,
:func:`award`, :class:`Rake`) and in ``docs/rules/poker.md`` §6.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from splitpot import _check, _pots_split
from splitpot._core import SplitpotError, _split_pots
from splitpot._pots_split import run_parts
from splitpot.limits import MAX_CHIPS, shown

__all__ = [
    "Award",
    "Payout",
    "Pot",
    "PotError",
    "Rake",
    "Side",
    "award",
    "build_pots",
    "build_pots_unchecked",
    "pot_unchecked",
    "run_parts",
    "uncalled",
]

Side = Literal["high", "low", "whole"]
"""Which part of a pot an :class:`Award` pays: a hi/lo half or the whole pot.

The type of ``Award.side``: ``"whole"`` in a high-only game, ``"high"`` and ``"low"`` for
the halves of a hi/lo pot (docs/rules/poker.md §6). A type alias: nothing checks it at run
time, mypy does.

>>> pots, _ = build_pots({0: 10, 1: 10}, folded=())
>>> [(a.seat, a.side) for a in award(pots, {0: 1, 1: 2}, low_ranking={0: 5}).awards]
[(1, 'high'), (0, 'low')]
"""

_SIDES: frozenset[str] = frozenset(("high", "low", "whole"))


class PotError(SplitpotError):
    """Bad input to the pot functions (a ``ValueError``); the message names the value.

    >>> build_pots([10, -5], folded=())
    Traceback (most recent call last):
    ...
    splitpot.pots.PotError: contribution of seat 1 must not be negative, got -5
    """


def _as_amount(value: object, what: str) -> int:
    """``value`` as a non-negative ``int`` number of chips."""
    return _check.non_negative(value, what, error=PotError)


def _as_seat(value: object) -> int:
    """``value`` as a seat number (a non-negative ``int``)."""
    return _check.seat(value, error=PotError)


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the seats that may win it (docs/rules/poker.md §6).

    ``eligible`` is stored sorted, so two pots with the same seats compare equal whatever the
    order they were given in. A pot must have at least one eligible seat.

    >>> Pot(120, (5, 2))
    Pot(amount=120, eligible=(2, 5))
    >>> Pot(-1, (0,))
    Traceback (most recent call last):
    ...
    splitpot.pots.PotError: pot amount must not be negative, got -1
    """

    amount: int
    eligible: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "amount", _as_amount(self.amount, "pot amount"))
        if isinstance(self.eligible, (str, bytes)) or not isinstance(self.eligible, Collection):
            raise PotError(f"eligible must be a tuple of seats, got {shown(self.eligible)}")
        try:
            seats = tuple(_as_seat(s) for s in self.eligible)
        except TypeError:
            raise PotError(
                f"eligible must be a tuple of seats, got {shown(self.eligible)}"
            ) from None
        if not seats:
            raise PotError(f"a pot needs at least one eligible seat, got {shown(self.eligible)}")
        if len(set(seats)) != len(seats):
            raise PotError(f"eligible seats must be distinct, got {shown(self.eligible)}")
        object.__setattr__(self, "eligible", tuple(sorted(seats)))


def _amounts(values: Mapping[int, int] | Sequence[int], what: str) -> dict[int, int]:
    """``{seat: chips}`` from a mapping or a sequence indexed by seat, every value checked."""
    pairs: Iterable[tuple[int, int]]
    if isinstance(values, Mapping):
        pairs = values.items()
    elif isinstance(values, (str, bytes)):
        raise PotError(f"{what} must be a mapping or a sequence, got {shown(values)}")
    elif not isinstance(values, Sequence):  # nor an iterator, which may be endless
        raise TypeError(f"{what} must be a mapping or a sequence, got {shown(values)}")
    else:
        pairs = enumerate(values)
    out: dict[int, int] = {}
    for seat, value in pairs:
        if type(seat) is not int or seat < 0:
            seat = _as_seat(seat)
        if type(value) is not int or not 0 <= value <= MAX_CHIPS:
            value = _as_amount(value, f"{what[:-1]} of seat {seat}")
        if seat in out:
            raise PotError(f"seat {seat} is listed twice")
        out[seat] = value
    return out


def build_pots(
    contributions: Mapping[int, int] | Sequence[int],
    folded: Collection[int],
    dead: Mapping[int, int] | Sequence[int] | None = None,
    *,
    shared: Mapping[int, int] | Sequence[int] | None = None,
) -> tuple[tuple[Pot, ...], dict[int, int]]:
    """Cut a hand's contributions into the main pot and side pots (docs/rules/poker.md §6).

    ``contributions`` is what each seat put in this hand, as ``{seat: chips}`` or a sequence
    indexed by seat. Every seat of a mapping is in the hand, even with ``0`` (a dealt seat
    can win dead money it did not post); in a sequence a ``0`` is an empty seat, in the hand
    for nothing. ``folded`` are the seats that folded.

    Returns ``(pots, returned)``: the main pot, then the side pots in the order they were
    formed; and the uncalled chips handed back, ``{seat: chips}``. Rules:

    * A live seat is eligible for the chips matched up to its own total ("the pot or pots
      that were collected until he/she went all-in", §6). A seat that stopped acting with
      chips behind (the timeout rule of §7) is just a contributor like an all-in player; a
      live seat that put in nothing is eligible for nothing.
    * Folded chips stay in the pots they went into; folded seats are eligible for none (§6).
    * The part of the largest contribution that no other seat matched is returned to it
      ("An uncalled bet returns to the bettor", §6), if it is still in: the chips of a seat
      that folded (out of turn) are lost, all of them (§4.1), and go to the last pot.
    * A new pot starts at each distinct contribution of a live seat, so adjacent pots never
      have identical eligible seats (folded contributions never split a pot).
    * If only folded seats put chips in above the largest live contribution, those chips go to
      the last pot: the live seats that put in the most win them, as the last player left
      wins (§5). If every seat that put chips in folded, no one can win: :class:`PotError`.

    * ``dead``: each seat's own ante in its contribution. It never returns as uncalled but
      counts for eligibility like any chip: a seat all-in for part of the ante is eligible
      only for the antes it matched (§6).
    * ``shared``: dead money that is no one's level (§6 DECISION): a dead blind, and an ante
      posted for the whole table (a big-blind or button ante). It goes to the main pot, which
      every seat still in may win, or first to a pot of its own for every seat still in when
      one of them put in nothing else; it never returns to its poster while another seat is
      still in.

    >>> pots, returned = build_pots([100, 300, 40, 100], folded={3})
    >>> pots
    (Pot(amount=160, eligible=(0, 1, 2)), Pot(amount=180, eligible=(0, 1)))
    >>> returned
    {1: 200}
    >>> build_pots([15, 5, 5], folded={1, 2}, dead=[5, 5, 5])  # the antes stay, the bet goes back
    ((Pot(amount=15, eligible=(0,)),), {0: 10})
    >>> build_pots([12, 12, 5], folded=(), dead=[10, 10, 5])  # seat 2 matched 5 of each ante
    ((Pot(amount=15, eligible=(0, 1, 2)), Pot(amount=14, eligible=(0, 1))), {})
    >>> build_pots([21, 20], folded=(), shared=[1, 0])  # a dead blind goes to the winner
    ((Pot(amount=41, eligible=(0, 1)),), {})
    """
    put_in = _amounts(contributions, "contributions")
    folded_seats = _out(put_in, folded, isinstance(contributions, Mapping))
    dead_money = {} if dead is None else _amounts(dead, "dead amounts")
    table_money = None if shared is None else _amounts(shared, "shared amounts")
    return build_pots_unchecked(put_in, folded_seats, dead_money, table_money)


def _out(put_in: dict[int, int], folded: Collection[int], mapping: bool) -> set[int]:
    """The seats that can win nothing: the folded ones, and a sequence's empty seats."""
    if isinstance(folded, (str, bytes)) or not isinstance(folded, Collection):
        raise TypeError(f"folded must be a collection of seats, got {shown(folded)}")
    folded_seats: set[int] = set()
    for seat in folded:
        if type(seat) is not int:
            seat = _as_seat(seat)
        if seat not in put_in:
            raise PotError(f"folded seat {seat} is not in the hand")
        folded_seats.add(seat)
    if not mapping:
        # An empty seat is out like a folded one: it wins nothing (issue 15, L-1).
        folded_seats.update([s for s, c in put_in.items() if not c])
    return folded_seats


def build_pots_unchecked(
    contributions: dict[int, int],
    folded: set[int],
    dead: dict[int, int],
    shared: dict[int, int] | None = None,
) -> tuple[tuple[Pot, ...], dict[int, int]]:
    """:func:`build_pots`, same rules and result, without checking each value, for a caller
    that vouches for its amounts: a hand's ledger, whose chips it moved itself (the checks
    would cost more than the cut). It vouches that each seat and amount is an ``int`` in
    ``0..MAX_CHIPS`` and each seat of ``folded``, ``dead`` and ``shared`` is in
    ``contributions``, all in the hand (as a mapping is read). The rules' own refusals (dead
    money above what a seat put in, every seat folded) stay :class:`PotError`.

    >>> build_pots_unchecked({0: 21, 1: 20}, set(), {}, {0: 1})
    ((Pot(amount=41, eligible=(0, 1)),), {})
    """
    put_in = dict(contributions)
    if shared is None:
        return _cut(put_in, folded, dead)
    for seat, amount in shared.items():  # money posted for the whole table: the rest cut (§6)
        if amount + dead.get(seat, 0) > put_in.get(seat, 0):
            raise PotError(f"dead and shared amounts of seat {seat} are more than it put in")
        put_in[seat] -= amount
    pots, returned = cut = _cut(put_in, folded, dead)
    total = sum(shared.values())
    if not total:
        return cut
    contenders = tuple(sorted([s for s in put_in if s not in folded]))
    if not contenders:
        raise PotError(f"every seat in the hand folded; no seat can win the {total} shared chips")
    if pots and all([put_in[s] for s in contenders]):
        return (pot_unchecked(pots[0].amount + total, pots[0].eligible), *pots[1:]), returned
    return (pot_unchecked(total, contenders), *pots), returned


def _cut(
    put_in: dict[int, int], folded_seats: set[int], dead_money: dict[int, int]
) -> tuple[tuple[Pot, ...], dict[int, int]]:
    """:func:`build_pots_unchecked` without shared money (changes ``put_in``).

    A seat is eligible for what it matched of everything put in, dead money included (§6: a
    player all-in for part of the ante wins only the antes he matched); only the live part
    of the top contribution can be an uncalled bet.
    """
    for seat, amount in dead_money.items():
        if amount > put_in.get(seat, 0):
            raise PotError(f"dead amount {amount} of seat {seat} is more than it put in")
    returned: dict[int, int] = {}
    back = uncalled(put_in)
    if back is not None and (back[0] not in folded_seats or folded_seats.issuperset(put_in)):
        # A folded seat's chips are lost, all of them (§4.1: "If you have posted a blind,
        # made a bet or raised a bet, you will lose that money"): they go to the last pot,
        # unless no seat is left to win it.
        seat, chips = back
        if dead_money:
            # Only chips no other seat's bet matched go back: never dead ones.
            live_back = uncalled({s: c - dead_money.get(s, 0) for s, c in put_in.items()})
            chips = min(chips, live_back[1]) if live_back and live_back[0] == seat else 0
        if chips:
            returned[seat] = chips
            put_in[seat] -= chips
    if any(dead_money.values()) and not any(put_in[s] for s in put_in if s not in folded_seats):
        # Nobody still in put anything in (a seat posted for others): they share it all.
        contenders = tuple(sorted([s for s in put_in if s not in folded_seats]))
        total = sum(put_in.values())
        if total and contenders:
            return (pot_unchecked(total, contenders),), returned
    return _layers(put_in, folded_seats), returned


def uncalled(amounts: Mapping[int, int] | Sequence[int]) -> tuple[int, int] | None:
    """The uncalled bet: ``(seat, chips)`` no other seat matched, or ``None``
    (docs/rules/poker.md §6).

    "An uncalled bet returns to the bettor": the part of the largest amount above the second
    largest goes back to its seat. ``amounts`` is ``{seat: chips}`` or a sequence indexed by
    seat (one round's bets, or a hand's contributions), already checked: the values are not.

    >>> uncalled([10, 40, 25])
    (1, 15)
    >>> uncalled({3: 20, 5: 20}) is None     # called: nothing goes back
    True
    """
    # Exact types first (a round's bets are a list): the ABC check costs more than the rest.
    mapping = type(amounts) is dict or (type(amounts) is not list and isinstance(amounts, Mapping))
    if not mapping and type(amounts) is not list and not isinstance(amounts, Sequence):
        raise TypeError(f"amounts must be a mapping or a sequence, got {shown(amounts)}")
    values = list(amounts.values() if mapping else amounts)  # type: ignore[union-attr]
    by_size = sorted(values)  # in C: quicker than a loop in Python for a table's few seats
    top = by_size[-1] if by_size else 0
    second = by_size[-2] if len(by_size) > 1 else 0
    if top == second:
        return None
    i = values.index(top)
    return (list(amounts)[i] if mapping else i), top - second


def _layers(put_in: dict[int, int], folded_seats: set[int]) -> tuple[Pot, ...]:
    """The main pot and side pots, one at each distinct contribution of a live seat (§6)."""
    live = sorted([(c, s) for s, c in put_in.items() if c and s not in folded_seats])
    if not live:
        total = sum(put_in.values())
        if total:
            raise PotError(
                f"every seat that put chips in folded; no seat can win the {total} chips in the pot"
            )
        return ()

    pots: list[Pot] = []
    below = 0
    last = live[-1][0]
    for j, (level, _) in enumerate(live):
        if level == below:
            continue  # several live seats put in the same: one pot
        amount = 0
        for c in put_in.values():
            if c > below:
                amount += (c if c < level else level) - below
        if level == last:
            # Chips only folded seats put in above every live seat (§5: last player left wins).
            amount += sum([c - level for c in put_in.values() if c > level])
        pots.append(pot_unchecked(amount, tuple(sorted([s for _, s in live[j:]]))))
        below = level
    return tuple(pots)


@dataclass(frozen=True, slots=True)
class Rake:
    """The house's cut of the pot (docs/rules/poker.md §6 "Rake").

    ``percent`` is an ``int`` or a :class:`~fractions.Fraction` from 0 to 100 (no floats for
    money: 2.5 % is ``Fraction(5, 2)``). ``cap`` is the most the house takes from one hand, or
    ``None`` for no cap. With ``no_flop_no_drop`` on, a hand that ends before the flop pays no
    rake ("no flop, no drop").

    The rake is a percentage of the total of all pots (returned uncalled bets are not in a
    pot), rounded **down** to whole chip units, the rounding going to the players, and never
    more than the cap (rounded down to whole units too).

    >>> Rake(5, cap=3).amount(250)
    3
    >>> Rake(Fraction(5, 2)).amount(1000, chip_unit=25)
    25
    >>> Rake(10).amount(500, flop_seen=False)
    0
    >>> Rake(101)
    Traceback (most recent call last):
    ...
    splitpot.pots.PotError: rake percent must be between 0 and 100, got 101
    """

    percent: int | Fraction
    cap: int | None = None
    no_flop_no_drop: bool = True

    def __post_init__(self) -> None:
        percent = self.percent
        if isinstance(percent, bool) or not isinstance(percent, (int, Fraction)):
            raise PotError(f"rake percent must be an int or a Fraction, got {shown(percent)}")
        if not 0 <= percent <= 100:
            raise PotError(f"rake percent must be between 0 and 100, got {shown(percent)}")
        if isinstance(percent, int):
            object.__setattr__(self, "percent", int(percent))
        if self.cap is not None:
            object.__setattr__(self, "cap", _as_amount(self.cap, "rake cap"))
        _check.flag(self.no_flop_no_drop, "no_flop_no_drop", error=PotError)

    def amount(self, total: int, chip_unit: int = 1, *, flop_seen: bool = True) -> int:
        """The rake on pots totalling ``total`` chips: a whole number of ``chip_unit``.

        ``flop_seen`` says whether the hand reached the flop; a game without a flop decides
        what counts as one (docs/rules/poker.md §6 "no flop, no drop").
        """
        total = _as_amount(total, "pot total")
        chip_unit = _as_chip_unit(chip_unit)
        return self._units(total, chip_unit, flop_seen) * chip_unit

    def _units(self, total: int, chip_unit: int, flop_seen: bool) -> int:
        """:meth:`amount` in whole chip units, for arguments already checked."""
        if self.no_flop_no_drop and not flop_seen:
            return 0
        percent = self.percent
        if type(percent) is int:
            units = total * percent // (100 * chip_unit)
        else:
            units = total * percent.numerator // (100 * percent.denominator * chip_unit)
        if self.cap is not None:
            units = min(units, self.cap // chip_unit)
        return units


def _as_chip_unit(value: object) -> int:
    return _check.count(value, "chip_unit", 1, error=PotError, kind="an integer")


@dataclass(frozen=True, slots=True)
class Award:
    """Chips paid to one seat from one pot (docs/rules/poker.md §6).

    ``pot`` is the pot's index (0 = main pot, 1 = side pot 1, ...). ``side`` is ``"high"`` or
    ``"low"`` for a half of a hi/lo split, ``"whole"`` for a pot that was not split in halves
    (a high-only game, no qualifying low, or only one eligible seat). ``why`` says how the
    seat won: ``"best high"``, ``"best low"``, ``"best high; no qualifying low"``,
    ``"best high; scoops"``, ``"only eligible seat; the others folded"``, or for tied winners
    ``"tied for best low"`` and the like, with ``"; odd chip by odd-chip order"`` on those that
    took a leftover unit.

    ``run`` is ``0`` when the board was run once; when it was run more than once (§6
    "Running the board more than once"), the run, from 1, whose board won this share.

    >>> str(Award(pot=1, side="low", seat=3, amount=40, why="best low"))
    'Seat 3 wins the low half of side pot 1 (40)'
    >>> str(Award(pot=0, side="whole", seat=5, amount=90, why="best high"))
    'Seat 5 wins the main pot (90)'
    >>> Award(pot=0, side="whole", seat=5, amount=45, why="best high", run=2)
    Award(pot=0, side='whole', seat=5, amount=45, why='best high', run=2)
    >>> str(_)
    'Seat 5 wins the main pot on run 2 (45)'
    """

    pot: int
    side: Side
    seat: int
    amount: int
    why: str
    run: int = 0

    def __post_init__(self) -> None:
        if self.side not in _SIDES:
            raise PotError(f"side must be 'high', 'low' or 'whole', got {shown(self.side)}")
        _as_amount(self.pot, "pot index")
        _as_seat(self.seat)
        _as_amount(self.amount, "award amount")
        if not isinstance(self.why, str):
            raise PotError(f"why must be a str, got {shown(self.why)}")
        _as_amount(self.run, "run")

    def __repr__(self) -> str:
        run = f", run={self.run}" if self.run else ""
        return (
            f"Award(pot={self.pot}, side={self.side!r}, seat={self.seat}, "
            f"amount={self.amount}, why={self.why!r}{run})"
        )

    def __str__(self) -> str:
        pot = _pots_split.pot_name(self.pot)
        if self.side != "whole":
            pot = f"the {self.side} half of {pot}"
        if self.run:
            pot += f" on run {self.run}"
        return f"Seat {self.seat} wins {pot} ({self.amount})"


@dataclass(frozen=True, slots=True)
class Payout:
    """The result of :func:`award`: every award, the total won per seat, and the rake.

    ``totals`` lists only seats that won chips. ``sum(totals.values()) + rake`` equals the
    chips in the pots.

    >>> payout = award([Pot(200, (1, 4))], {1: 3, 4: 7}, rake=Rake(5, cap=8))
    >>> payout.totals, payout.rake
    ({4: 192}, 8)
    """

    awards: tuple[Award, ...]
    totals: dict[int, int]
    rake: int


_Runs = Sequence[tuple[Mapping[int, int], Mapping[int, int] | None]]  # each run's high, low


def award(
    pots: Sequence[Pot],
    high_ranking: Mapping[int, int],
    low_ranking: Mapping[int, int] | None = None,
    odd_chip_order: Sequence[int] = (),
    chip_unit: int = 1,
    rake: Rake | None = None,
    *,
    flop_seen: bool = True,
    runs: Sequence[tuple[Mapping[int, int], Mapping[int, int] | None]] = (),
) -> Payout:
    """Pay each pot to its winners (docs/rules/poker.md §6).

    * ``pots``: from :func:`build_pots`, main pot first.
    * ``high_ranking``: ``{seat: strength}`` for the seats still in at showdown; larger is
      better. A seat without a ranking (it mucked, §5) wins nothing unless it is the only
      seat eligible for a pot.
    * ``low_ranking``: ``None`` for a high-only game. In a hi/lo game, ``{seat: strength}``
      (larger is better) for the seats that hold a qualifying low only; ``{}`` when nobody
      does. A seat with a low must also have a high ranking.
    * ``odd_chip_order``: the seats starting with the first seat left of the button, going
      clockwise (stud passes its by-suit order, §6 DECISION). Every ranked seat must be in it.
      Empty means ascending seat numbers.
    * ``chip_unit``: the smallest chip in play; pots are split in whole units.
    * ``rake``, ``flop_seen``: the :class:`Rake`, if any, and whether the hand saw a flop.
    * ``runs``: for a board run more than once, each later run's ``(high, low)`` rankings:
      each pot is cut by :func:`run_parts` and each run's part paid by its rankings (§6);
      every award names its ``run``, from 1.

    The rake comes off first; then each pot is split on its own: the best high, or half to
    the best high and half to the best qualifying low, ties sharing equally, odd chips to the
    high half and then in ``odd_chip_order`` (the rules are spelled out on the helpers below).
    Returns a :class:`Payout`. Awards come pot by pot, high before low, tied winners in
    ``odd_chip_order``; zero-chip shares are left out.

    Raises :class:`PotError` (a ``ValueError``) for a ranking of a seat that is in no pot, a
    low without a high, a duplicate in or a ranked seat missing from ``odd_chip_order``, a
    ``chip_unit`` that is not an ``int`` of at least 1, a ``rake`` that is not a :class:`Rake`,
    and a pot with two or more eligible seats none of which has a ranking.

    >>> pots = (Pot(101, (1, 2, 3)),)
    >>> p = award(pots, {1: 50, 2: 50, 3: 10}, low_ranking={3: 40}, odd_chip_order=(2, 3, 1))
    >>> for a in p.awards: print(a, "-", a.why)
    Seat 2 wins the high half of the main pot (26) - tied for best high; odd chip by odd-chip order
    Seat 1 wins the high half of the main pot (25) - tied for best high
    Seat 3 wins the low half of the main pot (50) - best low
    >>> p.totals
    {2: 26, 1: 25, 3: 50}
    """
    if type(chip_unit) is not int or not 1 <= chip_unit <= MAX_CHIPS:
        chip_unit = _as_chip_unit(chip_unit)
    _check_types(pots, high_ranking, low_ranking, odd_chip_order)
    _pot_amounts(pots, rake)
    _check_rankings(pots, high_ranking, low_ranking, odd_chip_order)
    runs = [(high_ranking, low_ranking), *(_runs(runs) if runs else ())]
    return _award(pots, runs, odd_chip_order, chip_unit, rake, flop_seen)


def _award(
    pots: Sequence[Pot], runs: _Runs, order: Sequence[int], unit: int, rake: Rake | None, flop: bool
) -> Payout:
    """:func:`award` of a hand's own pots and ``runs`` (each run's rankings): no checks."""
    amounts = [pot.amount for pot in pots]
    taken = 0 if rake is None else _rake_pots(amounts, rake, unit, flop)
    if len(runs) == 1:
        return _split(amounts, pots, *runs[0], order, unit, taken)
    return _split_runs(amounts, pots, runs, order, unit, taken)


def _runs(runs: object) -> _Runs:
    """``award``'s ``runs``: a sequence of ``(high_ranking, low_ranking)`` pairs."""
    if isinstance(runs, (str, bytes)) or not isinstance(runs, Sequence):
        raise TypeError(f"runs must be a sequence of (high, low) rankings, got {shown(runs)}")
    if not all(isinstance(run, tuple) and len(run) == 2 for run in runs):
        raise PotError(f"each run must be a (high_ranking, low_ranking) pair, got {shown(runs)}")
    return list(runs)


def _split_runs(
    amounts: list[int],
    pots: Sequence[Pot],
    rankings: _Runs,
    odd_chip_order: Sequence[int],
    chip_unit: int,
    taken: int,
) -> Payout:
    """The :class:`Payout` of a board run ``len(rankings)`` times: each pot cut by
    :func:`run_parts`, each run's parts split as pots of their own by its rankings."""
    count = len(rankings)
    parts = [run_parts(amount, count, chip_unit) for amount in amounts]
    awards: list[Award] = []
    totals: dict[int, int] = {}
    for run, (high, low) in enumerate(rankings, 1):
        _check_types(pots, high, low, odd_chip_order)
        _check_rankings(pots, high, low, odd_chip_order)
        paid = _split([p[run - 1] for p in parts], pots, high, low, odd_chip_order, chip_unit, 0)
        for a in paid.awards:
            _set_run(a, run)
            awards.append(a)
        for seat, chips in paid.totals.items():
            totals[seat] = totals.get(seat, 0) + chips
    made: Payout = _new(Payout)
    _set_awards(made, tuple(awards))
    _set_totals(made, totals)
    _set_rake(made, taken)
    return made


def _split(
    amounts: list[int],
    pots: Sequence[Pot],
    high_ranking: Mapping[int, int],
    low_ranking: Mapping[int, int] | None,
    odd_chip_order: Sequence[int],
    chip_unit: int,
    taken: int,
) -> Payout:
    """The :class:`Payout` of checked pots: the core splits them (rust/pots.rs, §6)."""
    eligible = [pot.eligible for pot in pots]
    high = high_ranking if type(high_ranking) is dict else dict(high_ranking)
    low = low_ranking if low_ranking is None or type(low_ranking) is dict else dict(low_ranking)
    try:
        try:
            rows, totals = _split_pots(amounts, eligible, high, low, odd_chip_order, chip_unit)
        except (OverflowError, TypeError):  # past the core's integers, or ints by __index__
            rows, totals = _pots_split.split(
                amounts, eligible, high, low, odd_chip_order, chip_unit
            )
    except SplitpotError as error:  # a pot that no ranked seat may win
        raise PotError(str(error)) from None
    awards: list[Award] = []
    for pot, side, seat, amount, why in rows:  # _make_award inline: it is half award's time
        one: Award = _new(Award)
        _set_pot(one, pot)
        _set_side(one, side)
        _set_seat(one, seat)
        _set_amount(one, amount)
        _set_why(one, why)
        _set_run(one, 0)
        awards.append(one)
    made: Payout = _new(Payout)
    _set_awards(made, tuple(awards))
    _set_totals(made, totals)
    _set_rake(made, taken)
    return made


def _check_types(pots: object, high: object, low: object, order: object) -> None:
    """:func:`award`'s arguments of the right kinds, every seat and strength an ``int``."""
    # Exact types first: the ABC checks cost more than the rest for a table's few seats.
    if not isinstance(pots, _SEQUENCES) and (
        isinstance(pots, (str, bytes)) or not isinstance(pots, Sequence)
    ):
        raise TypeError(f"pots must be a sequence of Pot records, got {shown(pots)}")
    for what, ranking in (("high_ranking", high), ("low_ranking", {} if low is None else low)):
        if type(ranking) is not dict and not isinstance(ranking, Mapping):
            raise TypeError(f"{what} must be a mapping {{seat: strength}}, got {shown(ranking)}")
        if not (
            _INT.issuperset(map(type, ranking)) and _INT.issuperset(map(type, ranking.values()))
        ):
            for value in [*ranking.keys(), *ranking.values()]:
                if type(value) is not int:
                    _check.integer(value, f"{what}: a seat or a strength", error=PotError)
    if not isinstance(order, _SEQUENCES) and (
        isinstance(order, (str, bytes)) or not isinstance(order, Sequence)
    ):
        raise TypeError(f"odd_chip_order must be a sequence of seats, got {shown(order)}")
    if not _INT.issuperset(map(type, order)):
        for seat in order:
            if type(seat) is not int:
                _check.integer(seat, "odd_chip_order: seat", error=PotError)


_INT = frozenset((int,))
_SEQUENCES = (tuple, list)


def _pot_amounts(pots: Sequence[Pot], rake: Rake | None) -> list[int]:
    """The chips in each pot, after checking that the pots and the rake are records."""
    if rake is not None and not isinstance(rake, Rake):
        raise PotError(f"rake must be a Rake or None, got {shown(rake)}")
    amounts: list[int] = []
    for pot in pots:
        if not isinstance(pot, Pot):
            raise PotError(f"pots must be Pot records, got {shown(pot)}")
        amounts.append(pot.amount)
    return amounts


def _check_rankings(
    pots: Sequence[Pot],
    high_ranking: Mapping[int, int],
    low_ranking: Mapping[int, int] | None,
    odd_chip_order: Sequence[int],
) -> None:
    """Rankings only for seats in the hand, a high for every low, every ranked seat ordered."""
    # Pots from build_pots are nested, so the main pot's seats are usually all of them; look
    # at the other pots only when needed.
    in_hand: set[int] = set(pots[0].eligible) if pots else set()
    if not high_ranking.keys() <= in_hand or (low_ranking and not low_ranking.keys() <= in_hand):
        in_hand = in_hand.union(*[pot.eligible for pot in pots])
        for side, ranking in (("high", high_ranking), ("low", low_ranking or {})):
            for seat in ranking:
                if seat not in in_hand:
                    raise PotError(
                        f"{side} ranking for seat {shown(seat)}, which is not in the hand"
                    )
    if low_ranking and not low_ranking.keys() <= high_ranking.keys():
        seat = min(s for s in low_ranking if s not in high_ranking)
        raise PotError(f"seat {shown(seat)} has a low ranking but no high ranking")
    if odd_chip_order:
        ordered = set(odd_chip_order)
        if len(ordered) != len(odd_chip_order):
            seat = next(s for i, s in enumerate(odd_chip_order) if s in odd_chip_order[:i])
            raise PotError(f"seat {shown(seat)} appears twice in odd_chip_order")
        if not high_ranking.keys() <= ordered:
            seat = min(s for s in high_ranking if s not in ordered)
            raise PotError(f"ranked seat {shown(seat)} is missing from odd_chip_order")


def _rake_pots(amounts: list[int], rake: Rake, chip_unit: int, flop_seen: bool) -> int:
    """Take the rake off ``amounts`` (in place) and return it (docs/rules/poker.md §6 "Rake").

    The rake comes off the total of all pots before any split, rounded down to whole chip
    units, never above the cap; each pot pays its proportional share (largest remainder,
    ties to the main pot), so a short all-in does not pay for side pots he cannot win.
    """
    total = sum(amounts)
    if not total:
        return 0
    units = rake._units(total, chip_unit, flop_seen)
    if chip_unit > 1:
        # No pot pays more whole units than it holds.
        units = min(units, sum([a // chip_unit for a in amounts]))
    if units:
        _take_rake(amounts, units, chip_unit)
    return units * chip_unit


def _take_rake(amounts: list[int], units: int, chip_unit: int) -> None:
    """Take ``units`` chip units of rake off the pots, in proportion to their sizes.

    Each pot pays ``floor(units * amount / total)`` units; the units left over go one each to
    the pots with the largest remainders, ties to the earlier pot (the main pot first). No pot
    pays more whole units than it holds (``units`` never exceeds what the pots hold).
    """
    if len(amounts) == 1:
        amounts[0] -= units * chip_unit
        return
    total = sum(amounts)
    shares: list[int] = []
    remainders: list[int] = []
    for amount in amounts:
        share, remainder = divmod(units * amount, total)
        shares.append(share)
        remainders.append(-remainder)
    left = units - sum(shares)
    if left == 1:
        # The usual case: the one unit left goes to the pot with the largest remainder.
        i = remainders.index(min(remainders))
        if (shares[i] + 1) * chip_unit <= amounts[i]:
            shares[i] += 1
            left = 0
    if left:
        # Largest remainder first; sorted() is stable, so equal remainders keep pot order.
        by_remainder = sorted(range(len(amounts)), key=remainders.__getitem__)
        while left:
            for i in by_remainder:
                if left and (shares[i] + 1) * chip_unit <= amounts[i]:
                    shares[i] += 1
                    left -= 1
    for i, share in enumerate(shares):
        amounts[i] -= share * chip_unit


def _slot_setter(cls: type, name: str) -> Any:
    """The ``__set__`` of slot ``name``: fills a frozen instance's field without ``__init__``."""
    return vars(cls)[name].__set__


_new = object.__new__
_set_pot_amount = _slot_setter(Pot, "amount")
_set_eligible = _slot_setter(Pot, "eligible")
_set_pot = _slot_setter(Award, "pot")
_set_side = _slot_setter(Award, "side")
_set_seat = _slot_setter(Award, "seat")
_set_amount = _slot_setter(Award, "amount")
_set_why = _slot_setter(Award, "why")
_set_run = _slot_setter(Award, "run")
_set_awards = _slot_setter(Payout, "awards")
_set_totals = _slot_setter(Payout, "totals")
_set_rake = _slot_setter(Payout, "rake")


def pot_unchecked(amount: int, eligible: tuple[int, ...]) -> Pot:
    """A :class:`Pot` without its checks, for a caller that vouches for the values (an amount
    ``>= 0``; sorted, distinct seats, one or more): the cuts here, a hand's ledger.

    >>> pot_unchecked(30, (0, 2)) == Pot(30, (2, 0))
    True
    """
    made: Pot = _new(Pot)
    _set_pot_amount(made, amount)
    _set_eligible(made, eligible)
    return made
