"""The players at a table and the table's settings (docs/rules/poker.md §4.1, §7)."""

from __future__ import annotations

from dataclasses import dataclass

from splitpot._check import chips
from splitpot._core import SplitpotError
from splitpot.hand.records import StrEnum
from splitpot.limits import shown

__all__ = [
    "MAX_SEATS",
    "MISSED_BIG_BLINDS_LIMIT",
    "PROTECTIONS",
    "BuyIn",
    "Clock",
    "PlayerState",
    "SeatView",
]

MAX_SEATS = 10
"""The most seats a table has."""
MISSED_BIG_BLINDS_LIMIT = 3
"""A player who misses this many big blinds in a row is removed (docs/rules/poker.md §4.1)."""
PROTECTIONS = 2
"""Disconnection protections per player and period, by default (docs/rules/poker.md §7)."""


class PlayerState(StrEnum):
    """Where a seated player stands between hands (equal to ``"playing"`` ...).

    The ``state`` of a :class:`SeatView`; a ``str`` enum, so the bare strings compare equal.
    ``PlayerState("x")`` with an unknown string raises ``ValueError``.

    >>> from splitpot import HOLDEM, NoLimit
    >>> from splitpot.table import Table
    >>> t = Table(HOLDEM, NoLimit(1, 2), seed=1)
    >>> _ = t.join("ann", 100), t.join("bob", 100), t.sit_out(1)
    >>> t.seat(0).state, t.seat(1).state == "sitting_out"
    (<PlayerState.PLAYING: 'playing'>, True)
    """

    PLAYING = "playing"
    """Dealt in every hand."""
    SITTING_OUT = "sitting_out"
    """Keeps his seat, is not dealt in, and misses the blinds that pass him (§4.1)."""
    WAITING = "waiting"
    """Waits for the big blind to reach his seat."""
    POSTING = "posting"
    """Posts what he owes next hand (a big blind live, a small blind dead), wherever he sits,
    except on the button or in the small blind, where he waits a hand (§4.1)."""


@dataclass
class Player:
    """A seated player, as the table keeps him (the application sees :class:`SeatView`)."""

    name: str
    stack: int
    state: PlayerState
    arrival: int
    protections: int
    owes_small: bool = False
    owes_big: bool = False
    missed_big_blinds: int = 0
    leaving: bool = False
    """Asked to sit out during a hand: folded when his turn comes (docs/rules/poker.md §4.1)."""
    sat_out_at: int | None = None
    """The number of hands dealt when he sat out between hands (§4.1), else ``None``."""
    returning: bool | None = None
    """Asked to be dealt in again before the next hand after sitting out (§4.1): he sits that
    hand out and returns after it, waiting for the big blind if this is ``True``."""

    def copy(self) -> Player:
        return Player(**vars(self))


@dataclass(frozen=True)
class SeatView:
    """A player's place at the table, as the application sees it.

    ``state`` is ``"playing"``, ``"sitting_out"``, ``"waiting"`` (for the big blind) or
    ``"posting"`` (posts what he owes next hand): a :class:`PlayerState`, equal to those
    strings. ``owes_small`` and ``owes_big`` are the blinds he missed (§4.1),
    ``missed_big_blinds`` how many in a row (:data:`MISSED_BIG_BLINDS_LIMIT` removes him),
    ``protections`` the disconnection protections he has left (§7). A frozen snapshot,
    returned by ``Table.seat(seat)`` (``None`` for an empty seat) and ``Table.players()``;
    changing the table does not change it.

    >>> from splitpot import HOLDEM, NoLimit
    >>> from splitpot.table import Table
    >>> t = Table(HOLDEM, NoLimit(1, 2), seed=1)
    >>> t.join("ann", 100)
    0
    >>> v = t.seat(0)
    >>> v.name, v.stack, v.state == "playing", v.protections, t.seat(1)
    ('ann', 100, True, 2, None)
    """

    seat: int
    name: str
    stack: int
    state: PlayerState
    owes_small: bool
    owes_big: bool
    missed_big_blinds: int
    protections: int


@dataclass(frozen=True)
class BuyIn:
    """The chips a player may sit down with, rebuy or top up to (docs/rules/poker.md §4.1: "each
    player is limited on how much money he can bring"; the numbers are the table's).

    ``minimum`` and ``maximum`` bound the stack after joining or adding chips.

    >>> BuyIn(40, 200).check(250, "a stack")
    Traceback (most recent call last):
    ...
    splitpot.SplitpotError: a stack of 250 is outside the buy-in 40..200
    """

    minimum: int
    maximum: int

    def __post_init__(self) -> None:
        chips(self.minimum, "buy-in minimum")
        chips(self.maximum, "buy-in maximum")
        if not 0 < self.minimum <= self.maximum:
            raise SplitpotError(
                f"a buy-in needs 0 < minimum <= maximum, got {self.minimum}..{self.maximum}"
            )

    def check(self, stack: int, what: str) -> None:
        """Raise ``ValueError`` unless ``stack`` is within the buy-in."""
        if not self.minimum <= stack <= self.maximum:
            limits = f"{self.minimum}..{self.maximum}"
            raise SplitpotError(f"{what} of {stack} is outside the buy-in {limits}")


@dataclass(frozen=True)
class Clock:
    """The times the application runs for each decision, in seconds (docs/rules/poker.md §7:
    10 s to act, then a 20 s countdown, and 20 s more after a reconnect).

    The engine reads no clock: the application runs these and reports a timeout with
    :meth:`Table.timeout`.

    Raises:
        SplitpotError: a time that is not whole seconds of 0 or more.

    >>> Clock(action=30)
    Clock(action=30, countdown=20, reconnect=20)
    """

    action: int = 10
    countdown: int = 20
    reconnect: int = 20

    def __post_init__(self) -> None:
        for name in ("action", "countdown", "reconnect"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise SplitpotError(f"clock {name} must be whole seconds >= 0, got {shown(value)}")
