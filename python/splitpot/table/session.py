"""A table running hand after hand: seats, button, blinds, missed blinds (docs/rules/poker.md §4.1).

The table keeps the players and their stacks between hands and builds each
:class:`~splitpot.hand.Hand` with the right button and blinds. Hand seats are table seats
(seats not dealt in are ``None`` in the hand's stacks), so ``table.hand.actor`` is a table
seat.

>>> from splitpot.games import HOLDEM
>>> from splitpot.betting import NoLimit
>>> t = Table(HOLDEM, NoLimit(1, 2), seed=1)
>>> for name in ("Ann", "Bob", "Cy"):
...     _ = t.join(name, 100)
>>> hand = t.start_hand()
>>> hand.button, hand.actor
(0, 0)
>>> _ = hand.fold(); _ = hand.fold()          # the big blind wins the blinds
>>> t.stacks
[100, 99, 101, None, None, None, None, None, None, None]
>>> t.start_hand().button                      # the button moves one seat clockwise
1

Rules (docs/rules/poker.md §4.1), with the decisions this module takes:

* The button moves to the next player clockwise who is playing (not sitting out, not waiting
  for the big blind). The small blind is the next such player after the button (heads-up:
  the button), the big blind the next player after the small blind, whoever he is.
* A new player (once the game is running) either posts a big blind at once ("post now": he
  is dealt in next hand with a live big blind wherever he sits) or waits until the big blind
  reaches his seat (the default). The first players at a new table just play.
* A player sitting out misses the blinds that pass his seat: he owes them when he returns,
  and either posts them (the big blind live, the small blind dead, §4.1) or waits for the big
  blind. A player who misses three big blinds in a row is removed from the table.
* Table stakes: no chips are added to a stack while its player is in a hand (§3).
* A player who times out uses one of his disconnection protections when the timeout leaves
  him all-in; without one left a timeout folds (§7, seed 003: two per 24 hours; the
  application calls :meth:`Table.reset_protections` every 24 hours).
* Stud (§4.2) has no button and no blinds: the dealer sits left of seat 0, who is dealt
  first ("starting from seat 1 (the seat to the left of the dealer)", seed 003) and wins
  the bring-in ties of the order of play; everyone playing antes each hand, and a new or
  returning player is dealt in at once, with nothing owed.

>>> from splitpot.games import SEVEN_CARD_STUD_HILO
>>> from splitpot.betting import FixedLimit
>>> t = Table(SEVEN_CARD_STUD_HILO, FixedLimit(2, 4, ante=1), seed=2)
>>> t.seat_count                                 # eight players at most (§4.2)
8
>>> for name in ("Ann", "Bob", "Cy"):
...     _ = t.join(name, 100)
>>> hand = t.start_hand()
>>> hand.button, hand.contributions[:3], hand.bring_in_seat == hand.actor
(7, [1, 1, 1], True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from splitpot._core import IllegalAction
from splitpot.betting import Structure
from splitpot.games import Game
from splitpot.hand import Hand, HandStarting, TimeoutOutcome, TimeoutPolicy, TimingOut
from splitpot.hand.records import StrEnum
from splitpot.hand.setup import SEED_BOUND, blind_seats
from splitpot.hand.timeout import policy as timeout_policy_of
from splitpot.pots import Rake

__all__ = ["MAX_SEATS", "MISSED_BIG_BLINDS_LIMIT", "PlayerState", "SeatView", "Table"]

MAX_SEATS = 10
"""The most seats a table has."""
MISSED_BIG_BLINDS_LIMIT = 3
"""A player who misses this many big blinds in a row is removed (docs/rules/poker.md §4.1)."""
PROTECTIONS = 2
"""Disconnection protections per player and period, by default (§7, seed 003)."""


class PlayerState(StrEnum):
    """Where a seated player stands between hands (equal to ``"playing"`` ...)."""

    PLAYING = "playing"
    """Dealt in every hand."""
    SITTING_OUT = "sitting_out"
    """Keeps his seat, is not dealt in, and misses the blinds that pass him (§4.1)."""
    WAITING = "waiting"
    """Waits for the big blind to reach his seat."""
    POSTING = "posting"
    """Posts a big blind (and any small blind owed, dead) next hand, wherever he sits."""


_PLAYING = PlayerState.PLAYING
_SITTING_OUT = PlayerState.SITTING_OUT
_WAITING = PlayerState.WAITING
_POSTING = PlayerState.POSTING


@dataclass
class _Player:
    name: str
    stack: int
    state: PlayerState = _PLAYING
    owes_small: bool = False
    owes_big: bool = False
    missed_big_blinds: int = 0
    protections: int = PROTECTIONS


@dataclass(frozen=True)
class SeatView:
    """A player's place at the table, as the application sees it.

    ``state`` is ``"playing"``, ``"sitting_out"``, ``"waiting"`` (for the big blind) or
    ``"posting"`` (will post a big blind, and any small blind owed, next hand): a
    :class:`PlayerState`, equal to those strings.
    """

    seat: int
    name: str
    stack: int
    state: PlayerState
    owes_small: bool
    owes_big: bool
    missed_big_blinds: int
    protections: int


class Table:
    """Seats (up to :data:`MAX_SEATS`), stacks carried over, the button, blinds and missed blinds.

    ``seed`` seeds the table's own generator, which gives each hand its shuffle seed, so a
    seeded table replays the same hands. ``protections`` is the number of disconnection
    protections each player has per period (§7).
    """

    def __init__(
        self,
        game: Game,
        structure: Structure,
        *,
        seats: int | None = None,
        button: int | None = None,
        seed: int | None = None,
        rake: Rake | None = None,
        timeout_policy: TimeoutPolicy | str = "seed",
        protections: int = PROTECTIONS,
    ) -> None:
        if seats is None:
            seats = min(MAX_SEATS, game.max_players)
        if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= MAX_SEATS:
            raise ValueError(f"a table has 2 to {MAX_SEATS} seats, got {seats!r}")
        self.game = game
        self.structure = structure
        self.rake = rake
        self.timeout_policy = timeout_policy_of(timeout_policy)
        self.protections = protections
        self._seats: list[_Player | None] = [None] * seats
        self._button = button
        self._rng = random.Random(seed)
        self._hand: Hand | None = None
        self._settled = True
        self._last_sb: int | None = None
        self._last_bb: int | None = None
        self._running = False
        self.removed: list[tuple[int, str, int]] = []
        """Players removed for missing three big blinds in a row: ``(seat, name, stack)``."""

    # ------------------------------------------------------------------ seats

    @property
    def seat_count(self) -> int:
        """Number of seats at the table."""
        return len(self._seats)

    @property
    def hand(self) -> Hand | None:
        """The current (or last) hand."""
        return self._hand

    @property
    def button(self) -> int | None:
        """The button's seat (``None`` before the first hand)."""
        return self._button

    @property
    def stacks(self) -> list[int | None]:
        """Each seat's chips (``None`` for an empty seat), after any finished hand."""
        self._settle()
        return [p.stack if p else None for p in self._seats]

    def seat(self, seat: int) -> SeatView | None:
        """The player in ``seat``, or ``None`` if it is empty."""
        self._settle()
        p = self._seats[self._index(seat)]
        if p is None:
            return None
        return SeatView(
            seat,
            p.name,
            p.stack,
            p.state,
            p.owes_small,
            p.owes_big,
            p.missed_big_blinds,
            p.protections,
        )

    @property
    def players(self) -> list[SeatView]:
        """Every seated player, by seat."""
        return [v for v in (self.seat(s) for s in range(len(self._seats))) if v is not None]

    def _index(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self._seats):
            raise ValueError(f"no seat {seat!r} at this table (seats 0..{len(self._seats) - 1})")
        return seat

    def _player(self, seat: int) -> _Player:
        p = self._seats[self._index(seat)]
        if p is None:
            raise ValueError(f"seat {seat} is empty")
        return p

    def _in_hand(self, seat: int) -> bool:
        hand = self._hand
        return hand is not None and not hand.is_over and seat in hand.seats

    def join(
        self, name: str, stack: int, *, seat: int | None = None, post_now: bool = False
    ) -> int:
        """Seat a new player with ``stack`` chips; return the seat.

        Once the game is running he waits for the big blind, or with ``post_now`` posts a big
        blind next hand wherever he sits (docs/rules/poker.md §4.1).
        """
        if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
            raise ValueError(f"a player joins with a positive whole number of chips, got {stack!r}")
        if seat is None:
            seat = next((i for i, p in enumerate(self._seats) if p is None), -1)
            if seat < 0:
                raise IllegalAction(f"the table is full ({len(self._seats)} seats)")
        elif self._seats[self._index(seat)] is not None:
            raise IllegalAction(f"seat {seat} is taken")
        state = _PLAYING
        if self._running:
            state = _POSTING if post_now else _WAITING
        self._seats[seat] = _Player(
            name, stack, state, owes_big=post_now and self._running, protections=self.protections
        )
        return seat

    def leave(self, seat: int) -> int:
        """Remove the player in ``seat`` and return his chips (not while he is in a hand)."""
        self._settle()
        p = self._player(seat)
        if self._in_hand(seat):
            raise IllegalAction(f"seat {seat} is in the hand; he may leave when it is over")
        self._seats[seat] = None
        return p.stack

    def sit_out(self, seat: int) -> None:
        """The player stops being dealt in from the next hand (he keeps his seat)."""
        self._player(seat).state = _SITTING_OUT

    def sit_in(self, seat: int, *, wait_for_big_blind: bool = False) -> None:
        """The player comes back: he posts the blinds he owes next hand, or waits for the big
        blind (docs/rules/poker.md §4.1)."""
        p = self._player(seat)
        if p.state != _SITTING_OUT:
            return
        if p.owes_big or p.owes_small:
            p.state = _WAITING if wait_for_big_blind else _POSTING
        else:
            p.state = _PLAYING
        p.missed_big_blinds = 0

    def add_chips(self, seat: int, amount: int) -> None:
        """Add chips to a stack; refused while the player is in a hand (table stakes, §3)."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise ValueError(f"chips to add must be a positive whole number, got {amount!r}")
        self._settle()
        p = self._player(seat)
        if self._in_hand(seat):
            raise IllegalAction(
                f"seat {seat} is in a hand: table stakes, chips may be added only between hands"
            )
        p.stack += amount

    def reset_protections(self) -> None:
        """Give every player his disconnection protections back (a new 24-hour period)."""
        for p in self._seats:
            if p is not None:
                p.protections = self.protections

    # ------------------------------------------------------------------ hands

    def _settle(self) -> None:
        hand = self._hand
        if self._settled or hand is None or not hand.is_over:
            return
        final = hand.final_stacks
        for seat in hand.seats:
            p = self._seats[seat]
            if p is not None:
                p.stack = final[seat]
        self._settled = True

    def start_hand(
        self,
        *,
        seed: int | None = None,
        hole: Mapping[int, Any] | None = None,
        board: Any = None,
    ) -> Hand:
        """Move the button, post the blinds and deal the next hand (docs/rules/poker.md §4.1).

        ``hole`` (by table seat) and ``board`` give cards instead of shuffled ones.
        """
        if self._hand is not None and not self._hand.is_over:
            raise IllegalAction("the current hand is not over")
        self._settle()
        regular, entering = self._candidates()
        n = len(self._seats)
        if self.game.forced_bets == "bring_in":  # stud: no button to move, no blinds (§4.2)
            button, dealt = n - 1, {*regular, *entering}
            sb = bb = -1
            blinds = dead = [0] * n
        else:
            button = self._next_button(regular)
            sb, bb, entering = self._blind_seats(button, regular, entering)
            dealt, blinds, dead = self._forced_bets(button, sb, bb, regular, entering)
            self._miss_blinds(sb, bb)
        stacks = self._deal_in(dealt)
        start = HandStarting.build(
            self.game,
            self.structure,
            stacks,
            button=button,
            seed=self._rng.randrange(SEED_BOUND) if seed is None else seed,
            hole=None if hole is None else [hole.get(s) for s in range(n)],
            board=board,
            blinds=blinds,
            dead_blinds=dead,
            rake=self.rake,
            timeout_policy=self.timeout_policy,
        )
        self._hand = Hand.from_setup(start)
        self._settled = False
        self._button = button
        if sb >= 0:
            self._last_sb, self._last_bb = sb, bb
        self._running = True
        return self._hand

    def _candidates(self) -> tuple[list[int], list[int]]:
        """The seats playing, and those entering (waiting for or posting a big blind)."""
        seats = self._seats
        for p in seats:
            if p is not None and p.stack == 0 and p.state != _SITTING_OUT:
                p.state = _SITTING_OUT  # busted: out until chips are added and he sits in
        if not any(p is not None and p.state == _PLAYING for p in seats):
            self._running = False  # no game going on: whoever is waiting just plays
        if not self._running:
            for p in seats:
                if p is not None and p.state in (_WAITING, _POSTING):
                    p.state = _PLAYING
                    p.owes_big = p.owes_small = False
        regular = [i for i, p in enumerate(seats) if p is not None and p.state == _PLAYING]
        entering = [
            i for i, p in enumerate(seats) if p is not None and p.state in (_WAITING, _POSTING)
        ]
        if len(regular) < 1 or len(regular) + len(entering) < 2:
            raise IllegalAction("not enough players to deal a hand")
        return regular, entering

    def _after(self, seat: int, pool: Sequence[int]) -> int:
        """The first seat of ``pool`` clockwise after ``seat``."""
        n = len(self._seats)
        return next(s for s in ((seat + i) % n for i in range(1, n + 1)) if s in pool)

    def _next_button(self, regular: list[int]) -> int:
        """The button moves to the next player clockwise who is playing (§4.1)."""
        if self._button is None or self._hand is None:
            return self._button if self._button in regular else regular[0]
        return self._after(self._button, regular)

    def _blind_seats(
        self, button: int, regular: list[int], entering: list[int]
    ) -> tuple[int, int, list[int]]:
        """Small and big blind (§4.1: hand.setup.blind_seats), and who still enters.

        The small blind is the next player after the button who is playing, the big blind the
        next player after him, entering or not; with only two players it is heads-up.
        """
        if len(regular) == 1:
            order = [self._after(button, entering)]  # heads-up with a newcomer
        else:
            order = [self._after(button, regular)]
            order.append(self._after(order[0], sorted(set(regular) | set(entering))))
        heads_up = len(order) == 1 or order[1] == button
        if heads_up and len(regular) > 1:
            entering = []  # two players: no one else comes in this hand
        sb, bb = blind_seats(order, button, heads_up)
        return sb, bb, entering

    def _forced_bets(
        self, button: int, sb: int, bb: int, regular: list[int], entering: list[int]
    ) -> tuple[set[int], list[int], list[int]]:
        """Who is dealt in, and each seat's live and dead blind (§4.1)."""
        seats = self._seats
        n = len(seats)
        dealt = set(regular)
        blinds = [0] * n
        dead = [0] * n
        sb_amount, bb_amount = self.structure.small_blind, self.structure.big_blind
        blinds[sb] = sb_amount
        blinds[bb] = bb_amount
        for seat in entering:
            p = seats[seat]
            assert p is not None
            if seat == bb:
                dealt.add(seat)
            elif p.state == _POSTING and 0 < (seat - bb) % n < (button - bb) % n:
                # Posting out of turn: a live big blind, and the small blind owed, dead.
                # Not between the button and the big blind (he waits a hand there).
                dealt.add(seat)
                blinds[seat] = bb_amount
                if p.owes_small:
                    dead[seat] = sb_amount
                p.owes_big = p.owes_small = False
        if bb in dealt:
            p = seats[bb]
            assert p is not None
            p.owes_big = p.owes_small = False
        return dealt, blinds, dead

    def _miss_blinds(self, sb: int, bb: int) -> None:
        """Players sitting out owe the blinds that passed their seat (§4.1); three big blinds
        missed in a row and the player is removed."""
        seats = self._seats
        n = len(seats)
        if self._last_bb is not None and self._last_sb is not None:
            for seat, p in enumerate(seats):
                if p is None or p.state != _SITTING_OUT:
                    continue
                if _passed(self._last_sb, sb, seat, n):
                    p.owes_small = True
                if _passed(self._last_bb, bb, seat, n):
                    p.owes_big = True
                    p.missed_big_blinds += 1
        for seat, p in enumerate(seats):
            if p is not None and p.missed_big_blinds >= MISSED_BIG_BLINDS_LIMIT:
                self.removed.append((seat, p.name, p.stack))
                seats[seat] = None

    def _deal_in(self, dealt: set[int]) -> list[int | None]:
        """The hand's stacks: ``None`` for a seat not dealt in."""
        stacks: list[int | None] = [None] * len(self._seats)
        for seat in dealt:
            p = self._seats[seat]
            assert p is not None
            stacks[seat] = p.stack
            p.state = _PLAYING
            p.missed_big_blinds = 0
        return stacks

    def timeout(self) -> TimingOut:
        """Time out the seat to act, spending a disconnection protection if it leaves him
        all-in for what he has put in; without one left the timeout folds (§7)."""
        hand = self._hand
        if hand is None or hand.actor is None:
            raise IllegalAction("no hand is waiting for a player")
        p = self._player(hand.actor)
        record = hand.timeout(protected=p.protections > 0)
        if record.outcome is TimeoutOutcome.ALL_IN:
            p.protections -= 1
        return record


def _passed(old: int, new: int, seat: int, n: int) -> bool:
    """Whether moving a blind from seat ``old`` clockwise to ``new`` passed ``seat``."""
    if old == new:
        return False
    return 0 < (seat - old) % n <= (new - old) % n
