"""Betting structures: fixed limit, pot limit and no limit (docs/rules/poker.md §3 and §4.1).

A structure is a frozen record of the stakes plus pure methods that answer the questions a
betting round asks: how much is a full bet or raise, how far may a player go, does an all-in
reopen the betting, when is the round capped. :mod:`splitpot.hand` keeps the round's state and
asks these; nothing here is mutable.

The seed examples (docs/rules/poker.md §3):

>>> pot_limit_max_raise_to(pot=200 + 150 + 150, current_bet=150, player_bet=0)
800
>>> pot_limit_max_raise_to(pot=10 + 10 + 10, current_bet=10, player_bet=0)
50
>>> NoLimit(50, 100).min_raise_to(current_bet=100, last_raise=100)
200
>>> FixedLimit(5, 10).small_blind       # half the small bet, rounded down
2
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from splitpot._check import chips, flag
from splitpot._core import SplitpotError
from splitpot.limits import shown

__all__ = [
    "DEFAULT_STAKES",
    "STRUCTURE_NAMES",
    "BettingStructure",
    "FixedLimit",
    "NoLimit",
    "PotLimit",
    "Structure",
    "no_limit_min_raise_to",
    "pot_limit_max_raise_to",
    "raise_limits",
    "structure",
    "structure_kind",
]


class BettingStructure(str, Enum):
    """The three betting structures of docs/rules/poker.md §3: a structure's ``kind``.

    A ``str`` enum, so it compares equal to its value and reads back from it.

    >>> BettingStructure("pot_limit") is PotLimit(1, 2).kind is BettingStructure.POT_LIMIT
    True
    """

    FIXED_LIMIT = "fixed_limit"
    """Bets and raises of exactly the small bet (first two rounds) or the big bet (last two);
    at most one bet and three raises a round, five raises heads-up (§3)."""
    POT_LIMIT = "pot_limit"
    """Minimum raise as no limit; the largest raise is the pot in the middle plus all bets on
    the table plus the amount the player must first call (§3)."""
    NO_LIMIT = "no_limit"
    """Minimum raise the size of the previous bet or raise in the round (at least the big
    blind); maximum the player's whole stack (§3)."""


def pot_limit_max_raise_to(pot: int, current_bet: int, player_bet: int) -> int:
    """The largest total a pot-limit player may bet or raise to (docs/rules/poker.md §3).

    ``pot`` is every chip in the middle *including* the bets on the table this round;
    ``current_bet`` is the largest bet this round and ``player_bet`` what the player already
    has in front of him. The raise may be as large as the pot after the player's call, so
    the total is ``current_bet + (pot + call)`` with ``call = current_bet - player_bet``.
    :meth:`PotLimit.max_raise_to` is this, never below the minimum raise.

    >>> pot_limit_max_raise_to(pot=3, current_bet=2, player_bet=0)   # preflop, blinds 1/2
    7
    """
    return pot + 2 * current_bet - player_bet


def no_limit_min_raise_to(current_bet: int, last_raise: int, big_blind: int) -> int:
    """The smallest full raise in no limit and pot limit (docs/rules/poker.md §3).

    The raise must be at least the previous bet or raise of the round and never less than
    the big blind: seed "if the first player to act bets $100 then the second player must
    raise a minimum of $100 (total bet of $200)". :meth:`NoLimit.min_raise_to` and
    :meth:`PotLimit.min_raise_to` answer the same.

    >>> no_limit_min_raise_to(current_bet=100, last_raise=100, big_blind=10)
    200
    >>> no_limit_min_raise_to(current_bet=0, last_raise=0, big_blind=10)   # opening bet
    10
    """
    return current_bet + _no_limit_raise(last_raise, big_blind)


def _no_limit_raise(last_raise: int, big_blind: int) -> int:
    """A full raise's size: the round's largest bet or raise so far, at least the big blind."""
    return last_raise if last_raise > big_blind else big_blind  # max() of two costs a call


class Structure:
    """What every structure answers; see :class:`FixedLimit`, :class:`PotLimit`,
    :class:`NoLimit`. Amounts are chips (``int``); ``big_street`` says whether fixed limit
    bets the big bet on this street.

    A structure defines :meth:`min_bet`, :meth:`max_raise_to`, the size of a full raise
    (``_full_raise``) and whether it counts from the last full bet level; the raise questions
    below are answered from those once, for every structure.

    Not made directly: the subclasses take the amounts and raise a
    :class:`~splitpot.SplitpotError` naming a bad one (blinds the wrong way round, an amount
    not a whole number of ``chip_unit``). :func:`structure` makes one by name.

    >>> s = NoLimit(1, 2)
    >>> isinstance(s, Structure), s.blinds, s.min_bet(), s.min_raise_to(2, last_raise=2)
    (True, (1, 2), 2, 4)
    >>> FixedLimit(2, 4).min_bet(big_street=True)
    4
    """

    kind: ClassVar[BettingStructure]
    _from_full_level: ClassVar[bool] = False
    """Whether a full raise counts from the last full bet level (fixed limit: a short all-in
    is completed) rather than from the current bet."""
    small_blind: int
    big_blind: int
    ante: int
    chip_unit: int

    @property
    def bring_in_amount(self) -> int:
        """The stud bring-in (docs/rules/poker.md §4.2 DECISION): fixed limit's ``bring_in``;
        in pot limit and no limit, which have no blinds in stud, the small blind's amount
        (the big blind is the smallest bet, the completion)."""
        return self.small_blind

    @property
    def blinds(self) -> tuple[int, int]:
        """``(small_blind, big_blind)``."""
        return self.small_blind, self.big_blind

    def min_bet(self, big_street: bool = False) -> int:
        """The smallest full opening bet on a street."""
        raise NotImplementedError

    def _full_raise(self, last_raise: int, big_street: bool) -> int:
        """The size of a full bet or raise (docs/rules/poker.md §3)."""
        raise NotImplementedError

    def min_raise_to(
        self,
        current_bet: int,
        last_raise: int = 0,
        full_level: int | None = None,
        big_street: bool = False,
    ) -> int:
        """The smallest full bet or raise, as a total for the round.

        ``last_raise`` is the largest full raise increment of the round so far; ``full_level``
        the round's bet level set by the last *full* bet or raise (a short all-in above it
        does not count, docs/rules/poker.md §3 DECISION); it defaults to ``current_bet``.
        """
        level = full_level if self._from_full_level and full_level is not None else current_bet
        return level + self._full_raise(last_raise, big_street)

    def max_raise_to(self, current_bet: int, player_bet: int, pot: int, min_to: int) -> int | None:
        """The largest bet or raise, as a total; ``None`` means the player's whole stack."""
        raise NotImplementedError

    def window(
        self,
        current_bet: int,
        player_bet: int,
        stack: int,
        pot: int,
        last_raise: int = 0,
        full_level: int | None = None,
        big_street: bool = False,
    ) -> tuple[int, int]:
        """``(min_to, max_to)``: what :func:`raise_limits` answers, for this structure (one
        call: a hand asks it at every decision)."""
        all_in = player_bet + stack
        lo = self.min_raise_to(current_bet, last_raise, full_level, big_street)
        hi = self.max_raise_to(current_bet, player_bet, pot, lo)
        if hi is None or hi > all_in:
            hi = all_in
        if lo > all_in:
            lo = all_in
        return lo, hi if hi > lo else lo

    def is_full_raise(
        self,
        to: int,
        current_bet: int,
        last_raise: int = 0,
        full_level: int | None = None,
        big_street: bool = False,
    ) -> bool:
        """Whether raising to ``to`` is a full bet or raise (it reopens the betting, §3)."""
        level = full_level if self._from_full_level and full_level is not None else current_bet
        return to - level >= self.reopen_size(last_raise, big_street)

    def reopen_size(self, last_raise: int = 0, big_street: bool = False) -> int:
        """How much the bet must have grown since a player acted to let him raise again.

        An all-in short of a full raise does not reopen the betting to players who already
        acted (docs/rules/poker.md §3 DECISION); several short all-ins that add up to a full raise
        do.
        """
        return self._full_raise(last_raise, big_street)

    def max_bets(self, heads_up: bool) -> int | None:
        """The most bets in one round (the opening bet and its raises); ``None``: no cap."""
        return None


@dataclass(frozen=True)
class FixedLimit(Structure):
    """Fixed limit (docs/rules/poker.md §3, §4.1).

    Bets and raises are exactly ``small_bet`` on the first two rounds and ``big_bet`` on the
    last two (the street says which). A round allows one bet and ``max_raises`` raises (three:
    "a maximum of four bets"), ``heads_up_max_raises`` heads-up (five; ``None`` for no cap).
    The blinds count as the opening bet preflop.

    ``small_blind`` defaults to half the small bet rounded down to the chip unit ("at $5/$10
    Hold'em ... the small blind would post $2"); ``big_blind`` to the small bet. In stud
    ``bring_in`` is the forced opening bet of the lowest door card, by default half the small
    bet rounded down too (docs/rules/poker.md §4.2 DECISION; "three times the ante" is
    another value the rules quote); it must be below the small bet, to which it may complete.
    ``half_bet_rule``: an all-in of at least half a bet counts as a full bet or raise (off by
    default, §3 DECISION).

    >>> FixedLimit(5, 10).blinds
    (2, 5)
    >>> FixedLimit(100, 200, chip_unit=25).small_blind
    50
    >>> FixedLimit(5, 10).max_bets(heads_up=False), FixedLimit(5, 10).max_bets(heads_up=True)
    (4, 6)

    One bet above the last full bet level (a short all-in is *completed*); with the half-bet
    rule, half a bet over it is a full raise:

    >>> FixedLimit(10, 20).min_raise_to(current_bet=13, full_level=10)   # bet 10, all-in 13
    20
    >>> FixedLimit(10, 20).min_raise_to(current_bet=0, big_street=True)
    20
    >>> FixedLimit(10, 20).is_full_raise(15, current_bet=10)
    False
    >>> FixedLimit(10, 20, half_bet_rule=True).is_full_raise(15, current_bet=10)
    True
    """

    kind: ClassVar[BettingStructure] = BettingStructure.FIXED_LIMIT
    _from_full_level: ClassVar[bool] = True
    small_bet: int
    big_bet: int
    small_blind: int = None  # type: ignore[assignment]
    big_blind: int = None  # type: ignore[assignment]
    ante: int = 0
    chip_unit: int = 1
    max_raises: int = 3
    heads_up_max_raises: int | None = 5
    half_bet_rule: bool = False
    bring_in: int = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        unit = chips(self.chip_unit, "chip_unit", positive=True)
        small = chips(self.small_bet, "small_bet", positive=True)
        big = chips(self.big_bet, "big_bet", positive=True)
        half = small // 2 // unit * unit
        sb = half if self.small_blind is None else self.small_blind
        bb = small if self.big_blind is None else self.big_blind
        bring_in = chips(half if self.bring_in is None else self.bring_in, "bring_in")
        if bring_in >= small:
            raise SplitpotError(
                f"bring_in {bring_in} must be less than the small bet {small}, "
                f"to which the bring-in may complete"
            )
        _set(
            self,
            chip_unit=unit,
            small_bet=small,
            big_bet=big,
            small_blind=chips(sb, "small_blind"),
            big_blind=chips(bb, "big_blind"),
            ante=chips(self.ante, "ante"),
            max_raises=chips(self.max_raises, "max_raises"),
            bring_in=bring_in,
        )
        _ordered(self, "small_bet", "big_bet")
        _ordered(self, "small_blind", "big_blind")
        if self.heads_up_max_raises is not None:
            _set(self, heads_up_max_raises=chips(self.heads_up_max_raises, "heads_up_max_raises"))
        flag(self.half_bet_rule, "half_bet_rule")
        _check_units(self, "small_bet", "big_bet", "bring_in")

    @property
    def bring_in_amount(self) -> int:
        return self.bring_in

    def min_bet(self, big_street: bool = False) -> int:
        """The fixed bet and raise size of a street: the small bet or, on a big street, the big."""
        return self.big_bet if big_street else self.small_bet

    bet_size = min_bet

    def _full_raise(self, last_raise: int, big_street: bool) -> int:
        return self.min_bet(big_street)

    def max_raise_to(self, current_bet: int, player_bet: int, pot: int, min_to: int) -> int | None:
        return min_to

    def window(
        self,
        current_bet: int,
        player_bet: int,
        stack: int,
        pot: int,
        last_raise: int = 0,
        full_level: int | None = None,
        big_street: bool = False,
    ) -> tuple[int, int]:
        # One bet above the last full level (a short all-in is completed), all-in if short.
        level = current_bet if full_level is None else full_level
        lo = level + (self.big_bet if big_street else self.small_bet)
        all_in = player_bet + stack
        return (lo, lo) if lo < all_in else (all_in, all_in)

    def reopen_size(self, last_raise: int = 0, big_street: bool = False) -> int:
        size = self.min_bet(big_street)
        return (size + 1) // 2 if self.half_bet_rule else size

    def max_bets(self, heads_up: bool) -> int | None:
        raises = self.heads_up_max_raises if heads_up else self.max_raises
        return None if raises is None else 1 + raises


@dataclass(frozen=True)
class _BlindStructure(Structure):
    small_blind: int
    big_blind: int
    ante: int = 0
    chip_unit: int = 1

    def __post_init__(self) -> None:
        _set(
            self,
            chip_unit=chips(self.chip_unit, "chip_unit", positive=True),
            small_blind=chips(self.small_blind, "small_blind"),
            big_blind=chips(self.big_blind, "big_blind", positive=True),
            ante=chips(self.ante, "ante"),
        )
        _ordered(self, "small_blind", "big_blind")
        _check_units(self, "big_blind")

    def min_bet(self, big_street: bool = False) -> int:
        return self.big_blind

    def _full_raise(self, last_raise: int = 0, big_street: bool = False) -> int:
        return _no_limit_raise(last_raise, self.big_blind)

    reopen_size = _full_raise  # a full raise reopens the betting (§3)


@dataclass(frozen=True)
class PotLimit(_BlindStructure):
    """Pot limit (docs/rules/poker.md §3): the minimum raise as no limit, the maximum the pot.

    The largest raise is to the pot in the middle, plus every bet on the table, plus the
    amount the player must first call.

    Args:
        small_blind: the small blind, in chips (0 for none).
        big_blind: the big blind, at least one chip unit; also the smallest bet.
        ante: each player's ante (default 0).
        chip_unit: the smallest chip in play; the big blind must be a whole number of them.

    Raises:
        SplitpotError: an amount that is not a whole number of chips (a float, a bool), a
            negative one, or a big blind that is not a whole number of chip units.

    >>> s = PotLimit(1, 2)
    >>> s.min_raise_to(current_bet=2, last_raise=0), s.max_raise_to(2, 0, pot=3, min_to=4)
    (4, 7)
    """

    kind: ClassVar[BettingStructure] = BettingStructure.POT_LIMIT

    def max_raise_to(self, current_bet: int, player_bet: int, pot: int, min_to: int) -> int | None:
        return max(min_to, pot_limit_max_raise_to(pot, current_bet, player_bet))


@dataclass(frozen=True)
class NoLimit(_BlindStructure):
    """No limit (docs/rules/poker.md §3): raise at least the previous bet or raise, up to the stack.

    Args:
        small_blind: the small blind, in chips (0 for none).
        big_blind: the big blind, at least one chip unit; also the smallest bet.
        ante: each player's ante (default 0).
        chip_unit: the smallest chip in play; the big blind must be a whole number of them.

    Raises:
        SplitpotError: an amount that is not a whole number of chips (a float, a bool), a
            negative one, or a big blind that is not a whole number of chip units.

    >>> NoLimit(50, 100, ante=10)
    NoLimit(small_blind=50, big_blind=100, ante=10, chip_unit=1)
    >>> NoLimit(50, 100).max_raise_to(100, 0, pot=150, min_to=200) is None
    True
    """

    kind: ClassVar[BettingStructure] = BettingStructure.NO_LIMIT

    def max_raise_to(self, current_bet: int, player_bet: int, pot: int, min_to: int) -> int | None:
        return None

    def window(
        self,
        current_bet: int,
        player_bet: int,
        stack: int,
        pot: int,
        last_raise: int = 0,
        full_level: int | None = None,
        big_street: bool = False,
    ) -> tuple[int, int]:
        # At least the last full raise (the big blind at least), up to all-in.
        big = self.big_blind
        lo = current_bet + (last_raise if last_raise > big else big)
        all_in = player_bet + stack
        return (lo, all_in) if lo < all_in else (all_in, all_in)


def _set(record: object, **values: object) -> None:
    for name, value in values.items():
        object.__setattr__(record, name, value)


def _ordered(record: Structure, small: str, big: str) -> None:
    """Blinds (and fixed limit's bets) the wrong way round are a mistake, not a game:
    ``NoLimit(2, 1)`` is refused (docs/rules/poker.md §3, §4.1)."""
    if getattr(record, small) > getattr(record, big):
        raise SplitpotError(
            f"{small} {getattr(record, small)} is more than {big} {getattr(record, big)}"
        )


def _check_units(record: Structure, *names: str) -> None:
    unit = record.chip_unit
    for name in names:
        value = getattr(record, name)
        if value % unit:
            raise SplitpotError(f"{name} {value} is not a whole number of chip units ({unit})")


def raise_limits(
    structure: Structure,
    *,
    current_bet: int,
    player_bet: int,
    stack: int,
    pot: int,
    last_raise: int = 0,
    full_level: int | None = None,
    big_street: bool = False,
) -> tuple[int, int]:
    """``(min_to, max_to)``: the totals a player may bet or raise to (docs/rules/poker.md §3).

    Both are clipped to the player's all-in total ``player_bet + stack``: a player without
    enough for a full raise may still go all-in for less (table stakes, §3), and that is then
    the only bet he may make. Whether he may raise at all (cap, reopening, anyone left to
    call) is the betting round's business, not this function's.

    >>> raise_limits(NoLimit(1, 2), current_bet=2, player_bet=0, stack=100, pot=3)
    (4, 100)
    >>> raise_limits(PotLimit(1, 2), current_bet=2, player_bet=0, stack=100, pot=3)
    (4, 7)
    >>> raise_limits(FixedLimit(2, 4), current_bet=2, player_bet=1, stack=100, pot=3)
    (4, 4)
    >>> raise_limits(NoLimit(1, 2), current_bet=2, player_bet=0, stack=3, pot=3)
    (3, 3)
    """
    return structure.window(current_bet, player_bet, stack, pot, last_raise, full_level, big_street)


STRUCTURE_NAMES: dict[BettingStructure, str] = {
    BettingStructure.FIXED_LIMIT: "limit",
    BettingStructure.POT_LIMIT: "pot-limit",
    BettingStructure.NO_LIMIT: "no-limit",
}
"""The name :func:`structure` and the command line use for each structure."""

DEFAULT_STAKES: dict[BettingStructure, tuple[int, int]] = {
    BettingStructure.FIXED_LIMIT: (2, 4),
    BettingStructure.POT_LIMIT: (1, 2),
    BettingStructure.NO_LIMIT: (1, 2),
}
"""The stakes the terminal game and the command line play when given none: the small and big
bet 2/4 in limit, blinds of 1/2 otherwise."""

_ALIASES = {
    "fixed-limit": BettingStructure.FIXED_LIMIT,
    "fl": BettingStructure.FIXED_LIMIT,
    "fixed": BettingStructure.FIXED_LIMIT,
    "pl": BettingStructure.POT_LIMIT,
    "pot": BettingStructure.POT_LIMIT,
    "nl": BettingStructure.NO_LIMIT,
    **{name: kind for kind, name in STRUCTURE_NAMES.items()},
}
_CLASSES: dict[BettingStructure, type[FixedLimit | PotLimit | NoLimit]] = {
    BettingStructure.FIXED_LIMIT: FixedLimit,
    BettingStructure.POT_LIMIT: PotLimit,
    BettingStructure.NO_LIMIT: NoLimit,
}


def structure_kind(name: str) -> BettingStructure:
    """The structure a name means, any case, ``_`` or spaces for ``-``: ``"limit"``,
    ``"pot-limit"``, ``"no-limit"``, ``"fl"``, ``"pl"``, ``"nl"``, ``"fixed_limit"``...

    >>> structure_kind("Pot Limit"), structure_kind("fl")
    (<BettingStructure.POT_LIMIT: 'pot_limit'>, <BettingStructure.FIXED_LIMIT: 'fixed_limit'>)
    """
    if not isinstance(name, str):
        raise TypeError(f"a betting structure is named by a str, got {shown(name)}")
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    kind = _ALIASES.get(key)
    if kind is None:
        choices = list(STRUCTURE_NAMES.values())
        raise SplitpotError(
            f"unknown betting structure {shown(name)}; "
            f"choose {', '.join(choices[:-1])} or {choices[-1]}"
        )
    return kind


def structure(name: str, small: int, big: int, *, ante: int = 0, chip_unit: int = 1) -> Structure:
    """A structure from its name (see :func:`structure_kind`) and two stakes:
    ``(small_bet, big_bet)`` for fixed limit, ``(small_blind, big_blind)`` otherwise.

    >>> structure("limit", 10, 20) == FixedLimit(10, 20)
    True
    >>> structure("pl", 1, 2)
    PotLimit(small_blind=1, big_blind=2, ante=0, chip_unit=1)
    """
    return _CLASSES[structure_kind(name)](small, big, ante=ante, chip_unit=chip_unit)
