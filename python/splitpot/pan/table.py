"""A Pan table: hand after hand among the players seated, chips carried over (docs/rules/pan.md
§5, §6.1, §6.6).

* Players :meth:`~PanTable.join` (a name and chips) and :meth:`~PanTable.leave` between hands.
* Every seated player who can post the tops and collection (§5.1) is dealt in; one who
  cannot sits the hand out, and :attr:`PanTable.sitting_out` says why.
* The first hand (§6.1): for the very first deal, it is drawn by lot among the players dealt
  in, with the table's seed (the card rooms cut for it; no source fixes it). After that the
  winner of a hand is first hand of the next (BIC, PW, BCG: "the deal does not rotate"); after
  a hand with no winner (everyone sluffed, or the hand was void) the same player stays first
  hand. If he is not dealt in, it passes in the direction of play (``rules.rotation``) to the
  next seat that is.
* The tops of a hand with no winner carry over into the next hand's pot (``tops_all_sluff =
  carryOver``, §5.2; a void hand, §6.6); the house keeps each hand's collection.
* A seeded table deals the same hands: each hand's seed and the first lot come from one
  generator seeded by ``seed``.

Chips are conserved: the players' chips, plus the carry, plus what the house took, is what
the players brought (less what those who left took away).

>>> t = PanTable(seed=3)
>>> [t.join(name, 20) for name in ("Ann", "Bob", "Cy")]
[0, 1, 2]
>>> hand = t.start_hand()
>>> sorted(hand.seats)
[0, 1, 2]
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from splitpot import _seeds
from splitpot._check import chips as _chips
from splitpot._core import IllegalAction, SplitpotError
from splitpot.limits import PAN_MAX_SEATS, shown
from splitpot.pan.game import PanHand
from splitpot.pan.records import PanResult
from splitpot.pan.rules import PanRules, Rotation
from splitpot.pan.turns import HAND_SIZE

__all__ = ["PanSeat", "PanTable"]


@dataclass(frozen=True)
class PanSeat:
    """A seated player as the table shows him: ``sitting_out`` is why he was not dealt in the
    current (or last) hand, or ``None``."""

    seat: int
    name: str
    chips: int
    sitting_out: str | None = None


class PanTable:
    """Pan hand after hand (see the module doc). ``seats``: the chairs (default 8, the best
    game by BIC and PW, §6.7).

    Args:
        rules: the house rules of every hand (:class:`~splitpot.pan.PanRules`; None for the
            defaults).
        seats: the number of chairs, from ``rules.players_min`` (a table that can deal a
            hand) to :data:`~splitpot.limits.PAN_MAX_SEATS`; :meth:`join` seats at most
            ``rules.players_max`` players.
        seed: seeds the first lot and every hand's shuffle (None: a random seed, kept in
            ``seed``).

    Raises:
        TypeError: for rules that are not a ``PanRules``.
        SplitpotError: for a seat count outside ``rules.players_min..PAN_MAX_SEATS``.

    Later, :meth:`join` and :meth:`leave` during a hand raise ``splitpot.IllegalAction``, and
    :meth:`start_hand` with fewer than ``players_min`` players able to post a
    ``splitpot.SplitpotError``.

    >>> from splitpot import pan
    >>> table = pan.PanTable(seed=3)
    >>> [table.join(name, 20) for name in ("Ann", "Bob", "Cy")]
    [0, 1, 2]
    >>> hand = pan.play_pan_bots(table.start_hand(), lambda s: pan.GreedyPanBot(s))
    >>> table.settle().winner, [p.chips for p in table.players]
    (1, [6, 33, 21])
    >>> table.first, table.leave(1), table.hands_played
    (1, 33, 1)
    """

    def __init__(
        self, rules: PanRules | None = None, *, seats: int = 8, seed: int | None = None
    ) -> None:
        self.rules = rules if rules is not None else PanRules()
        if not isinstance(self.rules, PanRules):
            raise TypeError(f"rules must be a PanRules, got {rules!r}")
        least = self.rules.players_min  # the players_max the rules deal in is join's check
        if (
            isinstance(seats, bool)
            or not isinstance(seats, int)
            or not least <= seats <= PAN_MAX_SEATS
        ):
            raise SplitpotError(
                f"seats must be {least}..{PAN_MAX_SEATS} (from the rules' players_min, "
                f"docs/rules/pan.md §6.7), got {shown(seats)}"
            )
        if seed is None:
            seed = _seeds.draw()
        self.seed = seed
        self._rng = random.Random(seed)
        self._names: list[str | None] = [None] * seats
        self._chips = [0] * seats
        self._out: dict[int, str] = {}
        self._first: int | None = None
        self._hand: PanHand | None = None
        self._settled = True
        self.carry = 0
        """Tops waiting for the next hand's pot (§5.2, §6.6)."""
        self.house = 0
        """The collection the house has taken (§5.1)."""
        self.hands_played = 0
        self.results: list[PanResult] = []

    # ------------------------------------------------------------------ seating

    @property
    def seat_count(self) -> int:
        return len(self._names)

    @property
    def hand(self) -> PanHand | None:
        """The hand being played (or the last one)."""
        return self._hand

    @property
    def in_hand(self) -> bool:
        """Whether a hand is dealt and not settled yet."""
        return not self._settled

    @property
    def first(self) -> int | None:
        """Who will be first hand of the next deal (before the rotation skips an absent
        one); ``None`` before the first deal (drawn by lot then)."""
        return self._first

    @property
    def sitting_out(self) -> dict[int, str]:
        """The seated players not dealt in the current (or last) hand, and why."""
        return dict(self._out)

    def seat(self, seat: int) -> PanSeat | None:
        name = self._names[self._index(seat)]
        if name is None:
            return None
        return PanSeat(seat, name, self._chips[seat], self._out.get(seat))

    @property
    def players(self) -> list[PanSeat]:
        return [p for p in map(self.seat, range(self.seat_count)) if p is not None]

    def chips(self, seat: int) -> int:
        """A seat's chips (as of the last settlement while a hand is on)."""
        return self._chips[self._index(seat)]

    def join(self, name: str, chips: int, seat: int | None = None) -> int:
        """Seat a player with ``chips`` (between hands); returns his seat."""
        self._between_hands("join")
        chips = _chips(chips, "chips")
        if not isinstance(name, str) or not name:
            raise SplitpotError(f"a player needs a name, got {shown(name)}")
        seated = sum(n is not None for n in self._names)
        most = min(self.rules.players_max, self.rules.deck_size // HAND_SIZE)
        if seated >= most:  # start_hand could never deal them all in
            raise SplitpotError(
                f"the table has {seated} players, the most its rules deal in (players_max "
                f"{self.rules.players_max}, §6.7; ten cards each from a deck of "
                f"{self.rules.deck_size}, §6.1)"
            )
        if seat is None:
            free = [i for i, n in enumerate(self._names) if n is None]
            if not free:
                raise SplitpotError(f"the table is full ({self.seat_count} seats)")
            seat = free[0]
        elif self._names[self._index(seat)] is not None:
            raise SplitpotError(f"seat {seat} is taken by {self._names[seat]}")
        self._names[seat] = name
        self._chips[seat] = chips
        return seat

    def leave(self, seat: int) -> int:
        """The player leaves (between hands) with his chips, which are returned."""
        self._between_hands("leave")
        if self._names[self._index(seat)] is None:
            raise SplitpotError(f"seat {seat} is empty")
        self._names[seat] = None
        self._out.pop(seat, None)
        chips, self._chips[seat] = self._chips[seat], 0
        return chips

    def _index(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seat_count:
            raise SplitpotError(f"no seat {shown(seat)} (seats 0..{self.seat_count - 1})")
        return seat

    def _between_hands(self, what: str) -> None:
        if not self._settled:
            raise IllegalAction(f"cannot {what} during a hand: settle() it first")

    # ------------------------------------------------------------------ hands

    def start_hand(self) -> PanHand:
        """Deal the next hand among the seated players who can post (§5.1). A finished hand
        not yet settled is settled first."""
        if not self._settled:
            if self._hand is not None and self._hand.is_over:
                self.settle()
            else:
                raise IllegalAction("the current hand is not over")
        post = self.rules.tops_amount + self.rules.collection_fee
        self._out = {}
        stacks: list[int | None] = [None] * self.seat_count
        for seat, name in enumerate(self._names):
            if name is None:
                continue
            if self._chips[seat] < post:
                self._out[seat] = (
                    f"has {self._chips[seat]} chips; posting takes {post} "
                    f"(tops and collection, docs/rules/pan.md §5.1)"
                )
            else:
                stacks[seat] = self._chips[seat]
        dealt = [s for s, c in enumerate(stacks) if c is not None]
        if len(dealt) < self.rules.players_min:
            raise SplitpotError(
                f"{len(dealt)} players can post; Pan needs {self.rules.players_min} "
                f"(docs/rules/pan.md §6.7)"
            )
        first = self._first_hand(dealt)
        self._hand = PanHand(
            stacks,
            first=first,
            seed=_seeds.draw(self._rng, _seeds.SEED_LIMIT),
            rules=self.rules,
            carry=self.carry,
        )
        self._first = first
        self.carry = 0
        self._settled = False
        return self._hand

    def _first_hand(self, dealt: list[int]) -> int:
        """The first hand among the seats dealt in (see the module doc)."""
        if self._first is None:
            return dealt[self._rng.randrange(len(dealt))]
        step = -1 if self.rules.rotation is Rotation.COUNTERCLOCKWISE else 1
        for k in range(self.seat_count):
            seat = (self._first + step * k) % self.seat_count
            if seat in dealt:
                return seat
        raise AssertionError("unreachable: some seat is dealt in")  # pragma: no cover

    def settle(self) -> PanResult:
        """Take the finished hand's result: chips, the carry, the next first hand."""
        hand = self._hand
        if hand is None or self._settled:
            raise IllegalAction("no hand to settle")
        if not hand.is_over:
            raise IllegalAction("the hand is not over yet")
        result = hand.result
        for seat, chips in enumerate(result.final_stacks):
            if chips is not None:
                self._chips[seat] = chips
        self.carry = result.carry
        self.house += result.house
        if result.winner is not None:
            self._first = result.winner
        self._settled = True
        self.hands_played += 1
        self.results.append(result)
        return result
