"""A table as a session: players who come and go, hand after hand (docs/rules/poker.md §4.1).

The table keeps the players (by seat, with stable names) and their stacks between hands and
builds each :class:`~splitpot.hand.Hand` with the right button and blinds. Hand seats are
table seats (seats not dealt in are ``None`` in the hand's stacks), so ``table.hand.actor``
is a table seat. Every finished hand's history is kept, as PHH with the players' names, in
:attr:`Table.history`.

>>> from splitpot.games import HOLDEM
>>> from splitpot.betting import NoLimit
>>> t = Table(HOLDEM, NoLimit(1, 2), seed=1)
>>> for name in ("Ann", "Bob", "Cy"):
...     _ = t.join(name, 100)
>>> hand = t.start_hand()
>>> hand.button, hand.actor                  # the first player seated has the button
(0, 0)
>>> _ = hand.fold(); _ = hand.fold()          # the big blind wins the blinds
>>> t.stacks
[100, 99, 101, None, None, None, None, None, None, None]
>>> t.start_hand().button                      # the button moves one seat clockwise
1
>>> t.history[0].players                       # in PHH's order, from the button's left
['Bob', 'Cy', 'Ann']

Rules (docs/rules/poker.md §4.1), with the decisions this module takes:

* The first button goes to the first player seated (§4.1), unless ``button=`` is given.
  Then ``button_rule="moving"`` (default) moves it to the next player dealt in, the small
  blind to the next and the big blind to the next after him, whoever he is;
  ``button_rule="dead"`` moves the big blind exactly one player, and the small blind and the
  button to the seats the big and the small blind had (a dead button or a dead small blind
  when those players are gone). Heads-up the button posts the small blind, and the big
  blind goes to the player who did not have it last hand.
* A new player (once the game is running) either posts a big blind at once ("post now": he
  is dealt in next hand with a live big blind wherever he sits, but on the button or in the
  small blind, where he waits a hand) or waits until the big blind reaches his seat (the
  default). The first players at a new table just play.
* A player sitting out misses the blinds that pass his seat: he owes them when he returns,
  and either posts them (a missed big blind live, a missed small blind dead) or waits for
  the big blind. A player who misses three big blinds in a row is removed from the table.
  Sitting out during a hand folds his hand when his turn comes, or at once, and what he put
  in is lost (§4.1). Sitting out between hands and asking to be dealt in again before the
  next hand still sits that hand out (§4.1; ``sit_in_at_once=True`` deals him in).
* Table stakes: no chips are added to a stack while its player is in a hand (§3); joining,
  rebuys and top-ups stay within the table's :class:`BuyIn`.
* Antes are everyone's (``ante_rule="each"``) or one player's for the table: the big blind's
  or the button's (``"big_blind"``, ``"button"``), shared by all (§6). ``straddle`` is a
  live blind the player left of the big blind posts every hand (no limit and pot limit).
* A player who times out uses one of his disconnection protections when the timeout leaves
  him all-in; without one left a timeout folds (§7: two per 24 hours; the
  application calls :meth:`Table.reset_protections` every 24 hours). :class:`Clock` holds
  the times the application runs.
* Stud (§4.2) has no button and no blinds: the dealer sits left of seat 0, who is dealt
  first ("starting from seat 1 (the seat to the left of the dealer)", §4.2) and wins
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
from typing import TYPE_CHECKING, Any

from splitpot import _check, _seeds
from splitpot._core import IllegalAction, SplitpotError
from splitpot.betting import BettingStructure, Structure
from splitpot.games import Game
from splitpot.hand import (
    Advance,
    Advancing,
    Hand,
    HandStarting,
    SittingOut,
    TimeoutOutcome,
    TimeoutPolicy,
    TimingOut,
)
from splitpot.hand.setup import HandOptions, _check_kinds, check_options
from splitpot.hand.state import dealt
from splitpot.limits import MAX_CHIPS, shown
from splitpot.pots import Rake
from splitpot.table import blinds as _blinds
from splitpot.table.blinds import ANTE_RULES, BUTTON_RULES, AnteRule, ButtonRule, Plan, Positions
from splitpot.table.seats import (
    MAX_SEATS,
    MISSED_BIG_BLINDS_LIMIT,
    PROTECTIONS,
    BuyIn,
    Clock,
    Player,
    PlayerState,
    SeatView,
)

if TYPE_CHECKING:
    from splitpot.phh import HandHistory

__all__ = ["MAX_SEATS", "MISSED_BIG_BLINDS_LIMIT", "PlayerState", "SeatView", "Table"]

_PLAYING = PlayerState.PLAYING
_SITTING_OUT = PlayerState.SITTING_OUT
_WAITING = PlayerState.WAITING
_POSTING = PlayerState.POSTING


class Table:
    """Seats (up to :data:`MAX_SEATS`), players and stacks carried over, the button, blinds
    and missed blinds, and every hand's history.

    ``seed`` seeds the table's own generator, which gives each hand its shuffle seed, so a
    seeded table replays the same hands. ``protections`` is the number of disconnection
    protections each player has per period (§7). Every argument is checked before the table
    exists; see the module docstring for the rules each option selects.

    Args:
        game: a :class:`~splitpot.games.Game`.
        structure: its betting structure (:class:`~splitpot.betting.NoLimit`...).
        seats: how many seats (default the game's most players).
        button: the first button (default: the first player seated, docs/rules/poker.md §4.1).
        seed: seeds the table's generator (``None``: a random seed).
        rake: a :class:`~splitpot.pots.Rake`, for every hand.
        timeout_policy: ``"seed"`` or ``"check_or_fold"``, for every hand (§7).
        protections: disconnection protections each player has per period (§7).
        button_rule: ``"moving"`` or ``"dead"`` (§4.1).
        ante_rule: ``"each"``, ``"big_blind"`` or ``"button"``.
        straddle: a live straddle of that many chips (0 for none).
        open_folds: whether a player may fold when he could check.
        sit_in_at_once: whether a player who sits out between hands and asks to be dealt in
            again before the next hand is dealt in it (by default he sits it out,
            docs/rules/poker.md §4.1).
        buy_in: a :class:`BuyIn`: the least and most a player may sit down with or top up to.
        clock: the :class:`Clock` settings the application runs.
        name: the table's name in the histories.

    Raises:
        SplitpotError: an argument out of range, named with the value and what is allowed.
            Refused actions (a name already seated, a join over the buy-in) raise
            ``IllegalAction`` and leave the table as it was.

    >>> from splitpot import HOLDEM, NoLimit
    >>> t = Table(HOLDEM, NoLimit(1, 2), seats=6, seed=1)
    >>> for name in ("Ann", "Bob", "Cy"):
    ...     _ = t.join(name, 100)
    >>> hand = t.start_hand()
    >>> while hand.actor is not None:
    ...     _ = hand.fold()
    >>> t.stacks, len(t.history)
    ([100, 99, 101, None, None, None], 1)
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
        button_rule: ButtonRule = "moving",
        ante_rule: AnteRule = "each",
        straddle: int = 0,
        open_folds: bool = True,
        sit_in_at_once: bool = False,
        buy_in: BuyIn | None = None,
        clock: Clock | None = None,
        name: str | None = None,
    ) -> None:
        _check_kinds(game, structure)  # the hand's own checks, before any hand (L-5)
        # The options of every hand, checked once, as a hand checks them.
        options: HandOptions = {"rake": rake, "timeout_policy": timeout_policy}
        self._options = check_options({**options, "open_folds": open_folds})
        seats = _seat_count(game, seats)
        _check_positions(seats, button, button_rule, ante_rule)
        _check_straddle(straddle, structure)
        _check_options(protections, buy_in, seed, clock, name)
        self.timeout_policy = self._options["timeout_policy"]
        self.open_folds = self._options["open_folds"]
        self.sit_in_at_once = _check.flag(sit_in_at_once, "sit_in_at_once")
        self.game = game
        self.structure = structure
        self.rake = self._options["rake"]
        self.protections = protections
        self.button_rule: ButtonRule = button_rule
        self.ante_rule: AnteRule = ante_rule
        self.straddle = straddle
        self.buy_in = buy_in
        self.clock = Clock() if clock is None else clock
        self.name = name
        self._seats: list[Player | None] = [None] * seats
        self._first_button = button
        self._last: Positions | None = None
        self._rng = random.Random(seed)
        self._hand: Hand | None = None
        self._names: list[str | None] = []
        self._settled = True
        self._running = False
        self._arrivals = 0
        self._dealt = 0  # hands dealt so far
        self._history: list[HandHistory] = []
        self.removed: list[tuple[int, str, int]] = []
        """Players removed for missing three big blinds in a row: ``(seat, name, stack)``."""

    # ------------------------------------------------------------------ seats

    @property
    def history(self) -> Sequence[HandHistory]:
        """The PHH history of every finished hand, with the players' names (read only)."""
        self._settle()
        return self._history

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
        if self._hand is not None:
            return self._hand.button
        return self._first_button

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

    def find(self, name: str) -> int | None:
        """The seat of the player called ``name``, or ``None``."""
        return next((i for i, p in enumerate(self._seats) if p and p.name == name), None)

    def _index(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self._seats):
            raise SplitpotError(
                f"no seat {shown(seat)} at this table (seats 0..{len(self._seats) - 1})"
            )
        return seat

    def _player(self, seat: int) -> Player:
        p = self._seats[self._index(seat)]
        if p is None:
            raise SplitpotError(f"seat {seat} is empty")
        return p

    def _in_hand(self, seat: int) -> bool:
        hand = self._hand
        return hand is not None and not hand.is_over and seat in hand.seats

    def join(
        self, name: str, stack: int, *, seat: int | None = None, post_now: bool = False
    ) -> int:
        """Seat a new player with ``stack`` chips; return the seat.

        Names are the players' identities: each is seated once. Once the game is running he
        waits for the big blind, or with ``post_now`` posts a big blind next hand (§4.1).
        """
        if not isinstance(name, str) or not name.strip():
            raise SplitpotError(f"a player needs a name, got {shown(name)}")
        if isinstance(stack, bool) or not isinstance(stack, int) or not 0 < stack <= MAX_CHIPS:
            raise SplitpotError(
                f"a player joins with a positive whole number of chips, got {shown(stack)}"
            )
        _check.flag(post_now, "post_now")
        if self.buy_in is not None:
            self.buy_in.check(stack, "a buy-in")
        if self.find(name) is not None:
            raise IllegalAction(f"{shown(name)} is already seated (seat {self.find(name)})")
        if seat is None:
            seat = next((i for i, p in enumerate(self._seats) if p is None), -1)
            if seat < 0:
                raise IllegalAction(f"the table is full ({len(self._seats)} seats)")
        elif self._seats[self._index(seat)] is not None:
            raise IllegalAction(f"seat {seat} is taken")
        state = (_POSTING if post_now else _WAITING) if self._running else _PLAYING
        self._arrivals += 1
        self._seats[seat] = Player(
            name,
            stack,
            state,
            self._arrivals,
            self.protections,
            owes_big=post_now and self._running,
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

    def sit_out(self, seat: int, *, now: bool = False) -> SittingOut | None:
        """The player stops being dealt in from the next hand (he keeps his seat).

        In the middle of a hand he is in, his hand is folded when his turn comes, or at once
        with ``now`` (docs/rules/poker.md §4.1); the record is returned if he was folded now.
        """
        p = self._player(seat)
        _check.flag(now, "now")
        record = None
        if self._in_hand(seat):
            assert self._hand is not None
            record = self._hand.sit_out(seat, now=now)
        elif p.state != _SITTING_OUT and (self._hand is None or self._hand.is_over):
            p.sat_out_at = self._dealt  # between hands: the next hand is dealt without him
        p.state = _SITTING_OUT
        p.returning = None
        return record

    def advance(
        self, seat: int, action: Advance | str | None, amount: int | None = None
    ) -> Advancing:
        """The player in ``seat`` chooses his next betting decision before his turn
        (docs/rules/poker.md §3, :meth:`Hand.advance <splitpot.hand.Hand.advance>`): made for
        him when his turn comes, or cancelled if a bet or raise changes what it meant."""
        self._player(seat)
        if not self._in_hand(seat):
            raise IllegalAction(f"seat {seat} is not in a hand")
        assert self._hand is not None
        return self._hand.advance(seat, action, amount)

    def sit_in(self, seat: int, *, wait_for_big_blind: bool = False) -> None:
        """The player comes back: he posts the blinds he owes next hand, or waits for the big
        blind (docs/rules/poker.md §4.1). A player who sat out between hands and asks before
        the next hand is dealt still sits that hand out, and comes back after it (§4.1),
        unless the table deals him in at once (``sit_in_at_once``)."""
        p = self._player(seat)
        _check.flag(wait_for_big_blind, "wait_for_big_blind")
        if p.state != _SITTING_OUT:
            return
        if p.sat_out_at == self._dealt and not self.sit_in_at_once:
            p.returning = wait_for_big_blind  # "you will still sit out for that hand"
            return
        self._back(p, wait_for_big_blind)

    def _back(self, p: Player, wait_for_big_blind: bool) -> None:
        p.sat_out_at = p.returning = None
        if p.owes_big or p.owes_small:
            p.state = _WAITING if wait_for_big_blind else _POSTING
        else:
            p.state = _PLAYING
        p.missed_big_blinds = 0

    def add_chips(self, seat: int, amount: int) -> None:
        """A rebuy or a top-up: add chips to a stack, between hands only (table stakes, §3),
        and never past the table's :class:`BuyIn` maximum (nor short of its minimum)."""
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_CHIPS:
            raise SplitpotError(
                f"chips to add must be a positive whole number, got {shown(amount)}"
            )
        self._settle()
        p = self._player(seat)
        if self._in_hand(seat):
            raise IllegalAction(
                f"seat {seat} is in a hand: table stakes, chips may be added only between hands"
            )
        if self.buy_in is not None:
            self.buy_in.check(p.stack + amount, f"seat {seat}'s stack")
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
        self._history.append(self._history_of(hand))

    def _history_of(self, hand: Hand) -> HandHistory:
        from splitpot.phh import HandHistory  # phh reads tables' hands: imported when needed

        names = [self._names[s] or f"seat {s + 1}" for s in hand.seats]
        fields: dict[str, Any] = {"players": names, "hand": len(self._history) + 1}
        if self.name is not None:
            fields["table"] = self.name
        return HandHistory.from_hand(hand, **fields)

    def start_hand(
        self,
        *,
        seed: int | None = None,
        hole: Mapping[int, Any] | None = None,
        board: Any = None,
    ) -> Hand:
        """Move the button, post the blinds and deal the next hand (docs/rules/poker.md §4.1).

        ``hole`` (by table seat) and ``board`` give cards instead of shuffled ones. A hand
        refused (too few players, bad cards) leaves the table exactly as it was.
        """
        if self._hand is not None and not self._hand.is_over:
            raise IllegalAction("the current hand is not over")
        self._settle()
        n = len(self._seats)
        plan = self._plan()
        stacks: list[int | None] = [None] * n
        for seat in plan.dealt:
            p = self._seats[seat]
            assert p is not None
            stacks[seat] = p.stack
        rng_state = self._rng.getstate()
        try:
            options: HandOptions = {
                **self._options,
                "button": plan.positions.button,
                "seed": _seeds.draw(self._rng) if seed is None else seed,
                "hole": None if hole is None else [hole.get(s) for s in range(n)],
                "board": board,
                "antes": plan.antes,
                "blinds": plan.blinds if self._blind_game else None,
                "dead_blinds": plan.dead if self._blind_game else None,
                "antes_shared": plan.antes is not None,
            }
            start = HandStarting.build(self.game, self.structure, stacks, **options)
            hand = dealt(start)
        except BaseException:
            self._rng.setstate(rng_state)
            raise
        self._apply(plan)
        self._dealt += 1
        for p in self._seats:
            if p is not None and p.returning is not None:
                self._back(p, p.returning)  # sat that hand out (§4.1): back for the next
        self._hand = hand
        self._settled = False
        self._names = [p.name if p else None for p in self._seats]
        return hand

    @property
    def _blind_game(self) -> bool:
        return self.game.forced_bets == "blinds"

    def _plan(self) -> Plan:
        if self._blind_game:
            rules = _blinds.Rules(
                self.button_rule,
                self.ante_rule,
                self.structure.small_blind,
                self.structure.big_blind,
                self.structure.ante,
                self.straddle,
                self._first_button,
            )
            return _blinds.plan(self._seats, self._last, self._running, rules)
        # Stud (§4.2): no button to move, no blinds; everyone with chips and not away plays.
        n = len(self._seats)
        dealt = {i for i, p in enumerate(self._seats) if p and p.stack and p.state != _SITTING_OUT}
        if len(dealt) < 2:
            raise IllegalAction("not enough players to deal a hand")
        states = {i: _PLAYING for i in dealt}
        owes = {i: (False, False, 0) for i in dealt}  # nothing is owed in stud (§4.2)
        return Plan(Positions(n - 1, n - 1, n - 1), dealt, [0] * n, [0] * n, None, states, owes)

    def _apply(self, plan: Plan) -> None:
        """The plan of the hand just dealt becomes the table's state."""
        seats = self._seats
        for seat, state in plan.states.items():
            p = seats[seat]
            assert p is not None
            p.state = state
        for seat, (small, big, missed) in plan.owes.items():
            p = seats[seat]
            assert p is not None
            p.owes_small, p.owes_big, p.missed_big_blinds = small, big, missed
        for seat in plan.dealt:
            p = seats[seat]
            assert p is not None
            p.state = _PLAYING
            p.missed_big_blinds = 0
        for seat in plan.removed:
            p = seats[seat]
            assert p is not None
            self.removed.append((seat, p.name, p.stack))
            seats[seat] = None
        self._last = plan.positions
        self._running = True  # a hand was dealt: the game is going on

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


def _check_options(
    protections: object, buy_in: object, seed: object, clock: object, name: object
) -> None:
    """The table's other settings, each of its kind (issue 15, L-5)."""
    if (
        not isinstance(protections, int)
        or isinstance(protections, bool)
        or not 0 <= protections <= MAX_CHIPS
    ):
        raise SplitpotError(f"protections must be a whole number >= 0, got {shown(protections)}")
    if buy_in is not None and not isinstance(buy_in, BuyIn):
        raise TypeError(f"buy_in must be a BuyIn, got {type(buy_in).__name__}")
    if seed is not None:
        _seeds.check(seed)
    if clock is not None and not isinstance(clock, Clock):
        raise TypeError(f"clock must be a Clock, got {type(clock).__name__}")
    if name is not None and not isinstance(name, str):
        raise TypeError(f"name must be a str or None, got {type(name).__name__}")


def _check_positions(seats: int, button: object, button_rule: object, ante_rule: object) -> None:
    """The first button and the rules that move it and place the antes (§4.1)."""
    if button is not None and (
        isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < seats
    ):
        raise SplitpotError(f"button must be a seat 0..{seats - 1}, got {shown(button)}")
    if button_rule not in BUTTON_RULES:
        raise SplitpotError(f"button_rule must be one of {BUTTON_RULES}, got {shown(button_rule)}")
    if ante_rule not in ANTE_RULES:
        raise SplitpotError(f"ante_rule must be one of {ANTE_RULES}, got {shown(ante_rule)}")


def _seat_count(game: Game, seats: object) -> int:
    if seats is None:
        return min(MAX_SEATS, game.max_players)
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= MAX_SEATS:
        raise SplitpotError(f"a table has 2 to {MAX_SEATS} seats, got {shown(seats)}")
    return seats


def _check_straddle(straddle: object, structure: Structure) -> None:
    """A straddle is a live blind above the big blind, in no limit or pot limit (§4.1)."""
    if (
        isinstance(straddle, bool)
        or not isinstance(straddle, int)
        or not 0 <= straddle <= MAX_CHIPS
    ):
        raise SplitpotError(f"straddle must be a whole number of chips >= 0, got {shown(straddle)}")
    if not straddle:
        return
    if structure.kind is BettingStructure.FIXED_LIMIT:
        raise SplitpotError("straddles are played in no limit and pot limit only")
    if straddle <= structure.big_blind:
        raise SplitpotError(f"a straddle must be above the big blind ({structure.big_blind})")
