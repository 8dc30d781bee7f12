"""The :class:`Hand` state machine (docs/rules/poker.md §3 to §7); see :mod:`splitpot.hand`.

A hand is composed of parts that own their state: the chips (:class:`~.ledger.Ledger`), the
cards (:class:`~.deal.Deal`), the betting round (:class:`~.round.BettingRound`) and the
showdown (:class:`~.showdown.Showdown`); :mod:`.view` reads them for the public properties.
:class:`Hand` keeps the phases and the operations, and asks the parts.

The phases hand over in the order of play, each ``_end_x`` or ``_after_x`` calling the next
``_begin_x``: betting round -> (Crazy Pineapple discard) -> next street ... -> (the runs of
the board) -> showdown -> payout (``_finish``); a fold that leaves one player goes straight
to the payout.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from splitpot._core import Card, IllegalAction, SplitpotError
from splitpot.betting import BettingStructure, Structure
from splitpot.cards import as_cards
from splitpot.games import Game
from splitpot.hand import rebuild as _rebuild
from splitpot.hand import showdown as _showdown
from splitpot.hand import stud as _stud
from splitpot.hand import timeout as _timeout
from splitpot.hand import view as _view
from splitpot.hand.deal import Deal
from splitpot.hand.ledger import Ledger
from splitpot.hand.records import (
    _ACTIVE,
    _BETTING,
    _DISCARD,
    _FOLDED,
    _OVER,
    _RUNS,
    _SHOWDOWN,
    _STOOD,
    WAITING_FOR_RUNS,
    AntePosting,
    Betting,
    BlindPosting,
    BringingIn,
    Calling,
    Checking,
    ChipsReturning,
    Discarding,
    Folding,
    HandEnding,
    HandResult,
    LegalActions,
    Mucking,
    Operation,
    PotAwarding,
    RaisingTo,
    RunningOut,
    Showing,
    ShownHand,
    SittingOut,
    TimeoutOutcome,
    TimingOut,
    _describe,
    _legal,
)
from splitpot.hand.round import BettingRound
from splitpot.hand.setup import HandOptions, HandStarting, seats_from_button
from splitpot.hand.showdown import Showdown
from splitpot.limits import shown

if TYPE_CHECKING:
    from typing_extensions import Unpack


class Hand:
    """One hand of Hold'em, Omaha, Crazy Pineapple or stud, high, hi/lo or Razz (§2 to §7).

    ``game`` is a :class:`~splitpot.games.Game` (``HOLDEM``, ``OMAHA_HILO``, ...),
    ``structure`` a :class:`~splitpot.betting.FixedLimit`, ``PotLimit`` or ``NoLimit`` (the
    blinds, the ante, the chip unit), ``stacks`` each seat's chips, clockwise (``None`` for a
    seat not dealt in). The keyword ``options`` (``button``, ``seed``, ``hole``, ``board``,
    ``antes``, ``blinds``, ``dead_blinds``, ``rake``, ``timeout_policy``, ``auto_showdown``,
    ``antes_shared``, ``open_folds``, ``max_runs``) are :class:`HandStarting`'s, where each
    is described; :class:`~splitpot.hand.setup.HandOptions` gives their types.

    Raises ``SplitpotError`` naming a bad argument (too few or many seats for the game, a
    stack of 0, a seed outside 0..2**64) and ``InvalidCards`` for a bad or repeated card;
    an action the rules forbid raises ``IllegalAction`` and changes nothing.

    >>> from splitpot import HOLDEM, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = h.raise_to(6), h.call()
    >>> h.street, h.actor, h.pot, len(h.board)
    ('flop', 0, 12, 3)
    """

    __slots__ = (
        "_away",
        "_deal",
        "_events",
        "_first_preflop",
        "_ledger",
        "_order",
        "_phase",
        "_queue",
        "_result",
        "_round",
        "_showdown",
        "_starting",
        "_street",
    )

    _showdown: Showdown | None
    _result: HandResult | None

    # The read-only state (:mod:`.view`, a facade over the parts).
    game = _view.game
    structure = _view.structure
    seat_count = _view.seat_count
    button = _view.button
    seed = _view.seed
    starting_stacks = _view.starting_stacks
    seats = _view.seats
    stacks = _view.stacks
    bets = _view.bets
    contributions = _view.contributions
    pot = _view.pot
    pots = _view.pots
    board = _view.board
    runs = _view.runs
    boards = _view.boards
    hole = _view.hole
    up = _view.up
    down = _view.down
    seen_by = _view.seen_by
    bring_in_seat = _view.bring_in_seat
    status = _view.status
    street = _view.street
    phase = _view.phase
    actor = _view.actor
    is_over = _view.is_over
    events = _view.events
    result = _view.result
    final_stacks = _view.final_stacks
    _repr_html_ = _view.repr_html
    __repr__ = _view.text

    def __init__(
        self,
        game: Game,
        structure: Structure,
        stacks: Sequence[int | None],
        **options: Unpack[HandOptions],
    ) -> None:
        self._seat_players(HandStarting.build(game, structure, stacks, **options))
        self._begin_round()

    @classmethod
    def from_setup(cls, start: HandStarting) -> Hand:
        """Deal a hand from its set-up record (checked again: :meth:`HandStarting.validate`).

        >>> from splitpot.games import HOLDEM
        >>> from splitpot.betting import NoLimit
        >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=5)
        >>> Hand.from_setup(h.events[0]).hole(0) == h.hole(0)
        True
        """
        if not isinstance(start, HandStarting):
            raise TypeError(f"a hand is dealt from a HandStarting record, got {shown(start)}")
        hand = cls.__new__(cls)
        hand._seat_players(start.validate())
        hand._begin_round()
        return hand

    # ------------------------------------------------------------------ seats, forced bets

    def _seat_players(self, start: HandStarting) -> None:
        """Seat the players, post the forced bets and deal the first street (§4); the
        betting round then opens (:meth:`_begin_round`)."""
        structure = start.structure
        order = seats_from_button(start.stacks, start.button)
        self._starting = start
        self._order = order
        self._events: list[Operation] = [start]
        ledger = self._ledger = Ledger(start.stacks, start.antes, start.antes_shared)
        self._deal = Deal(start, self._events)
        self._away: set[int] = set()
        self._street = 0
        self._phase = _BETTING
        self._round = BettingRound(
            structure, structure.max_bets(len(order) == 2), ledger.stacks, ledger.status
        )
        # Whoever is to act, first is next: the betting round's, the discard's or the
        # showdown's queue, as the phase goes.
        self._queue: deque[int] = self._round.queue
        self._first_preflop = order[0]
        self._showdown = None
        self._result = None
        self._post_forced_bets(start)
        self._deal.street(0, self._in_hand())
        if start.game.forced_bets == "bring_in":
            able = [s for s in order if ledger.status[s] == _ACTIVE]
            if able:
                self._first_preflop = self._deal.find_bring_in(able)

    def _post_forced_bets(self, start: HandStarting) -> None:
        """Antes, then blinds (docs/rules/poker.md §4), each capped by the seat's stack."""
        order, stacks, events = self._order, self._ledger.stacks, self._events
        antes, live, dead = start.antes, start.blinds, start.dead_blinds
        for seat in order if any(antes) else ():
            if antes[seat]:
                amount = min(antes[seat], stacks[seat])
                self._put(seat, amount, live=False)
                events.append(AntePosting(seat, amount))
        button = start.button
        for seat in [button, order[0]] if len(order) == 2 and button in order else order:
            if not (live[seat] or dead[seat]):
                continue
            for amount, is_dead in ((live[seat], False), (dead[seat], True)):
                amount = min(amount, stacks[seat])
                if amount:
                    self._put(seat, amount, live=not is_dead)
                    events.append(BlindPosting(seat, amount, is_dead))
        # First to act preflop: left of the big blind, i.e. of the first seat from the
        # button's left that posted the largest live blind (heads-up: the button, §4.1).
        top = max(live)
        if top:
            big = order[[live[s] for s in order].index(top)]
            self._first_preflop = (big + 1) % len(start.stacks)
            # A big blind all-in for less still sets the full big blind to call (§4.1).
            self._round.current = max(self._round.current, top)

    def _put(self, seat: int, amount: int, *, live: bool) -> None:
        """Chips from the seat's stack into the pot: a bet of the round when ``live``."""
        if not live:
            self._ledger.put_dead(seat, amount)
            return
        self._ledger.put(seat, amount)
        rnd = self._round
        bet = rnd.bets[seat] + amount
        rnd.bets[seat] = bet
        if bet > rnd.current:
            rnd.current = bet

    def _return_uncalled(self) -> None:
        """The round's top bet, as far as no one matched it, goes back (docs/rules/poker.md §6)."""
        back = self._round.uncalled()
        if back is None:
            return
        seat, amount = back
        self._ledger.give_back(seat, amount)
        self._events.append(ChipsReturning(seat, amount))

    def _in_hand(self) -> list[int]:
        """The seats still in the hand, from the button's left."""
        status = self._ledger.status
        return [s for s in self._order if status[s] < _FOLDED]

    def _waiting_for(self) -> str:
        """What the hand waits for, for the error of an action that does not fit."""
        if self._phase is _RUNS:
            return WAITING_FOR_RUNS
        if self._phase is _OVER or not self._queue:
            return "the hand is over; no one is to act"
        seat = self._queue[0]
        if self._phase is _DISCARD:
            return f"seat {seat} must discard a hole card first (discard(card))"
        if self._phase is _SHOWDOWN:
            return f"it is the showdown: seat {seat} must show() or muck()"
        return f"seat {seat} is to bet, check, call or fold"

    # ------------------------------------------------------------------ phases, in order of play

    def _begin_round(self) -> None:
        """Open the betting round of the current street (docs/rules/poker.md §3, §4.1, §4.2):
        preflop left of the big blind, after it left of the button; in stud the bring-in on
        third street, then the best exposed hand (the fourth-street open pair allows the big
        bet in fixed limit)."""
        street, game, rnd = self._street, self._starting.game, self._round
        double = False
        if street == 0:
            first = self._first_preflop
        elif game.forced_bets == "bring_in":
            live = [s for s in self._order if self._ledger.status[s] < _FOLDED]
            first = _stud.first_to_act(game, self._deal.up, live)
            double = street == 1 and self._starting.structure.kind is BettingStructure.FIXED_LIMIT
            double = double and _stud.open_pair(game, self._deal.up, live)
        else:
            first = (self._starting.button + 1) % len(self._starting.stacks)
        rnd.begin(first, game.streets[street].big_bet, double)
        if street == 0:
            top = max(self._starting.blinds)
            if top > self._starting.structure.big_blind:
                rnd.last_raise = top  # a straddle: a raise over it is at least its size (§4.1)
        self._queue = rnd.queue
        if self._deal.bring_in >= 0 and (not rnd.queue or rnd.queue[0] != self._deal.bring_in):
            self._deal.bring_in = -1  # no one left to bet against: no bring-in
        if not rnd.queue:
            self._end_round()
        elif self._away:
            self._fold_away()

    def _after_bet(self) -> None:
        """After a betting decision: the next seat acts, or the round or the hand ends."""
        if self._ledger.live == 1:
            self._return_uncalled()  # every other player folded: he wins unshown (§5)
            self._finish()
        elif not self._queue:
            self._end_round()
        elif self._away:
            self._fold_away()

    def _end_round(self) -> None:
        """The uncalled bet goes back (§6), then the discard or the next street."""
        self._return_uncalled()
        self._round.close()
        if self._starting.game.streets[self._street].discard and self._ledger.live > 1:
            self._begin_discard()
        else:
            self._next_street()

    def _next_street(self) -> None:
        if self._starting.max_runs > 1 and self._asks_for_runs():
            return  # the players choose how many times to run the board (§6)
        self._street += 1
        if self._street >= len(self._starting.game.streets):
            self._begin_showdown()
            return
        self._phase = _BETTING
        self._deal.street(self._street, self._in_hand())
        self._begin_round()

    def _begin_discard(self) -> None:
        """Every player still in discards, from the button's left (Crazy Pineapple, §2)."""
        self._phase = _DISCARD
        self._queue = deque([s for s in self._order if self._ledger.status[s] < _FOLDED])
        self._after_discard()

    def _after_discard(self) -> None:
        """A timed-out seat discards its last card by itself (§7); the last discard ends it."""
        queue = self._queue
        while queue and self._ledger.status[queue[0]] == _STOOD:
            seat = queue[0]
            card = self._deal.hole[seat][-1]
            record = TimingOut(seat, TimeoutOutcome.DISCARD, Card(card))
            self._do_discard(seat, card, record)
        if not queue:
            self._next_street()

    # ------------------------------------------------------------------ legal actions

    def _betting_actor(self) -> int:
        if self._phase is not _BETTING or not self._queue:
            raise IllegalAction(self._waiting_for())
        return self._queue[0]

    def legal_actions(self) -> LegalActions:
        """What :attr:`actor` may do now (nothing when the hand is over)."""
        if not self._queue or self._phase is _OVER:
            return LegalActions(None)
        seat = self._queue[0]
        phase = self._phase
        if phase is _DISCARD:
            return _legal(seat, discard=as_cards(self._deal.hole[seat]))
        if phase is _SHOWDOWN:
            return _legal(seat, show=True, muck=self._why_not_muck(seat) is None)
        rnd = self._round
        to_call = rnd.current - rnd.bets[seat]
        window = rnd.raise_window(seat, sum(self._ledger.contrib))
        if seat == self._deal.bring_in:
            return _legal(seat, fold=True, bring_in=self._bring_in_post(seat), bet=window)
        if to_call > 0:
            call = min(to_call, self._ledger.stacks[seat])
            return _legal(seat, fold=True, call=call, raise_to=window)
        fold = self._starting.open_folds
        if rnd.current == 0:
            return _legal(seat, fold=fold, check=True, bet=window)
        return _legal(seat, fold=fold, check=True, raise_to=window)

    # ------------------------------------------------------------------ fold / check / call

    def verify_fold(self) -> int:
        """Raise :class:`IllegalAction` unless the actor may fold; return the seat.

        The stud bring-in may fold instead of bringing in; the bring-in then passes to his
        left (seed 001, docs/rules/poker.md §4.2)."""
        seat = self._betting_actor()
        if self._starting.open_folds:
            return seat
        if self._round.bets[seat] >= self._round.current and seat != self._deal.bring_in:
            raise IllegalAction(
                f"seat {seat} has nothing to call and this table refuses open folds; check()"
            )
        return seat

    def can_fold(self) -> bool:
        """Whether :meth:`fold` is legal now."""
        return _can(self.verify_fold)

    def fold(self) -> Folding:
        """The actor folds, giving up the hand (§6: eligible for no pot)."""
        seat = self.verify_fold()
        record = Folding(seat)
        self._fold(seat, record)
        return record

    def _fold(self, seat: int, record: Operation) -> None:
        self._ledger.status[seat] = _FOLDED
        self._ledger.live -= 1
        if self._queue[0] == seat:
            self._queue.popleft()
            if seat == self._deal.bring_in:
                self._pass_bring_in()
        elif seat in self._queue:
            self._queue.remove(seat)  # out of turn (sit_out now), never the bring-in
        self._events.append(record)
        self._after_bet()

    def sit_out(self, seat: int, *, now: bool = False) -> SittingOut | None:
        """The player in ``seat`` sits out during the hand: his hand is folded when his turn
        comes, or at once with ``now`` (seed 003: a Sit Out "after the round has started
        counts as a fold"). Returns the record if he is folded now; a player who has no
        decision left (all-in, folded, the hand over) is left as he is.
        """
        if (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or not 0 <= seat < len(self._starting.stacks)
        ):
            raise SplitpotError(
                f"no seat {shown(seat)} in this hand (seats 0..{len(self._starting.stacks) - 1})"
            )
        if self._ledger.status[seat] != _ACTIVE or self._phase is _OVER:
            return None
        betting = self._phase is _BETTING and self._ledger.live > 1
        if betting and (now or self._queue[0] == seat):
            record = SittingOut(seat)
            self._fold(seat, record)
            return record
        self._away.add(seat)
        return None

    def _fold_away(self) -> None:
        """Fold a player who sat out, now that his turn has come (seed 003)."""
        queue = self._queue
        if queue and self._phase is _BETTING and queue[0] in self._away:
            self._fold(queue[0], SittingOut(queue[0]))

    def _pass_bring_in(self) -> None:
        """A bring-in who folds or times out passes the bring-in to his left (seed 001)."""
        queue = self._queue
        self._deal.bring_in = queue[0] if queue and self._ledger.live > 1 else -1

    def verify_check(self) -> int:
        """Raise :class:`IllegalAction` unless the actor may check; return the seat."""
        seat = self._betting_actor()
        if seat == self._deal.bring_in:
            raise IllegalAction(self._owes_bring_in(seat))
        current = self._round.current
        to_call = current - self._round.bets[seat]
        if to_call > 0:
            call = min(to_call, self._ledger.stacks[seat])
            raise IllegalAction(
                f"seat {seat} faces a bet of {current}: call() ({call}) "
                f"or fold() instead of checking"
            )
        return seat

    def can_check(self) -> bool:
        """Whether :meth:`check` is legal now."""
        return _can(self.verify_check)

    def check(self) -> Checking:
        """The actor checks."""
        seat = self.verify_check()
        record = Checking(seat)
        self._round.acts(seat)
        self._events.append(record)
        self._after_bet()
        return record

    def verify_call(self) -> int:
        """Raise :class:`IllegalAction` unless the actor may call; return the chips it costs."""
        seat = self._betting_actor()
        to_call = self._round.current - self._round.bets[seat]
        if to_call <= 0:
            raise IllegalAction(f"seat {seat} has nothing to call; check() instead")
        return min(to_call, self._ledger.stacks[seat])

    def can_call(self) -> bool:
        """Whether :meth:`call` is legal now."""
        return _can(self.verify_call)

    def call(self) -> Calling:
        """The actor calls, all-in for less if short (table stakes, §3)."""
        amount = self.verify_call()
        seat = self._queue[0]
        self._put(seat, amount, live=True)
        record = Calling(seat, amount, self._ledger.stacks[seat] == 0)
        self._round.acts(seat)
        self._events.append(record)
        self._after_bet()
        return record

    def _bring_in_post(self, seat: int) -> int:
        """The stud bring-in, or all the seat has if short (§4.2)."""
        return min(self._starting.structure.bring_in_amount, self._ledger.stacks[seat])

    def _owes_bring_in(self, seat: int) -> str:
        amount = self._bring_in_post(seat)
        return f"seat {seat} must bring in: bring_in() ({amount}), complete with bet() or fold()"

    # ------------------------------------------------------------------ bring-in (stud)

    def verify_bring_in(self) -> int:
        """Raise :class:`IllegalAction` unless the actor owes the stud bring-in; return its
        amount (all he has, if short; docs/rules/poker.md §4.2)."""
        seat = self._betting_actor()
        if seat != self._deal.bring_in:
            if self._starting.game.forced_bets != "bring_in":
                raise IllegalAction(
                    f"{self._starting.game.name} has no bring-in; blinds open the betting"
                )
            raise IllegalAction(f"seat {seat} does not owe the bring-in")
        return self._bring_in_post(seat)

    def can_bring_in(self) -> bool:
        """Whether :meth:`bring_in` is legal now."""
        return _can(self.verify_bring_in)

    def bring_in(self) -> BringingIn:
        """The stud bring-in posts the forced opening bet (§4.2; PHH's ``pb``). To bet the
        small bet instead, :meth:`bet` (the completion)."""
        amount = self.verify_bring_in()
        seat = self._queue[0]
        self._deal.bring_in = -1
        self._put(seat, amount, live=True)
        record = BringingIn(seat, amount, self._ledger.stacks[seat] == 0)
        rnd = self._round
        # A bring-in all-in for less still sets the full bring-in to call (§4.2).
        rnd.current = max(rnd.current, self._starting.structure.bring_in_amount)
        rnd.bring_in(seat)
        self._events.append(record)
        self._after_bet()
        return record

    def check_or_call(self) -> Checking | Calling:
        """Check if nothing is owed, else call (PHH's ``cc``)."""
        rnd = self._round
        if self._phase is _BETTING and self._queue and rnd.current > rnd.bets[self._queue[0]]:
            return self.call()
        return self.check()

    # ------------------------------------------------------------------ bet / raise

    def _verify_amount(self, amount: int | None, opening: bool) -> tuple[int, int]:
        seat = self._betting_actor()
        rnd = self._round
        current = rnd.current
        if opening and current > 0:
            raise IllegalAction(
                f"seat {seat} faces a bet of {current}: use raise_to(amount), call() or fold()"
            )
        if not opening and current == 0:
            raise IllegalAction(f"there is no bet to raise; seat {seat} may bet(amount) or check()")
        window = rnd.raise_window(seat, sum(self._ledger.contrib))
        verb = "bet" if opening else "raise"
        if window is None:
            raise IllegalAction(f"seat {seat} may not {verb} now: {rnd.blocker(seat)}")
        lo, hi = window
        if amount is None:
            return seat, lo
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise IllegalAction(
                f"a {verb} amount must be a whole number of chips, got {shown(amount)}"
            )
        all_in = rnd.bets[seat] + self._ledger.stacks[seat]
        if not rnd.allows(amount, lo, hi, all_in):
            to = "" if opening else " to"
            allowed = f"exactly {lo}" if lo == hi else f"{lo}..{hi}"
            if rnd.double_option:
                allowed = f"{lo} or {hi} (the small or the big bet: an open pair shows)"
            raise IllegalAction(
                f"seat {seat} may {verb}{to} {allowed}, not {shown(amount)}"
                + (" (all-in)" if hi == all_in and lo == hi else "")
            )
        return seat, amount

    def verify_bet(self, amount: int | None = None) -> int:
        """Raise :class:`IllegalAction` unless the actor may bet ``amount`` (total); return it.

        ``None`` means the smallest legal bet.
        """
        return self._verify_amount(amount, True)[1]

    def can_bet(self, amount: int | None = None) -> bool:
        """Whether :meth:`bet` is legal now (for ``amount``, or for some amount)."""
        return _can(self.verify_bet, amount)

    def bet(self, amount: int | None = None) -> Betting:
        """The actor opens the round's betting with ``amount`` chips (default the minimum)."""
        seat, amount = self._verify_amount(amount, True)
        record = Betting(seat, amount, amount == self._round.bets[seat] + self._ledger.stacks[seat])
        self._raise(seat, amount, record)
        return record

    def verify_raise_to(self, amount: int | None = None) -> int:
        """Raise :class:`IllegalAction` unless the actor may raise to ``amount``; return it."""
        return self._verify_amount(amount, False)[1]

    def can_raise_to(self, amount: int | None = None) -> bool:
        """Whether :meth:`raise_to` is legal now (for ``amount``, or for some amount)."""
        return _can(self.verify_raise_to, amount)

    def raise_to(self, amount: int | None = None) -> RaisingTo:
        """The actor raises the bet to ``amount`` chips in total (default the minimum)."""
        seat, amount = self._verify_amount(amount, False)
        record = RaisingTo(
            seat, amount, amount == self._round.bets[seat] + self._ledger.stacks[seat]
        )
        self._raise(seat, amount, record)
        return record

    def bet_or_raise_to(self, amount: int | None = None) -> Betting | RaisingTo:
        """Bet if no one has, else raise (PHH's ``cbr``)."""
        if self._phase is _BETTING and self._round.current == 0:
            return self.bet(amount)
        return self.raise_to(amount)

    def _raise(self, seat: int, amount: int, record: Operation) -> None:
        self._deal.bring_in = -1  # a completion instead of the bring-in
        chips = amount - self._round.bets[seat]
        self._round.raise_to(seat, amount)
        self._put(seat, chips, live=True)
        self._events.append(record)
        self._after_bet()

    # ------------------------------------------------------------------ discard

    def verify_discard(self, card: Card | str | int) -> int:
        """Raise :class:`IllegalAction` unless the actor may discard ``card``; return its code."""
        if self._phase is not _DISCARD or not self._queue:
            raise IllegalAction(
                "no discard now: " + self._waiting_for()
                if self._phase is _BETTING
                else self._waiting_for()
            )
        seat = self._queue[0]
        try:
            code = Card(card).code
        except (TypeError, ValueError) as e:
            raise IllegalAction(f"cannot discard {shown(card)}: {e}") from None
        if code not in self._deal.hole[seat]:
            held = "".join(map(str, map(Card, self._deal.hole[seat])))
            raise IllegalAction(f"seat {seat} does not hold {Card(code)}; it holds {held}")
        return code

    def can_discard(self, card: Card | str | int) -> bool:
        """Whether :meth:`discard` of ``card`` is legal now."""
        return _can(self.verify_discard, card)

    def discard(self, card: Card | str | int) -> Discarding:
        """The actor discards one hole card (Crazy Pineapple, after the flop betting round)."""
        code = self.verify_discard(card)
        seat = self._queue[0]
        record = Discarding(seat, Card(code))
        self._do_discard(seat, code, record)
        self._after_discard()
        return record

    def _do_discard(self, seat: int, code: int, record: Operation) -> None:
        self._deal.hole[seat].remove(code)
        self._queue.popleft()
        self._events.append(record)

    def _begin_showdown(self) -> None:
        """Value the hands and line them up in showing order (docs/rules/poker.md §5): without
        a bet on the last round, stud starts with the best exposed hand, who acted first."""
        self._phase = _SHOWDOWN
        game, deal, ledger = self._starting.game, self._deal, self._ledger
        contenders = self._in_hand()
        if game.forced_bets == "bring_in":
            i = contenders.index(_stud.first_to_act(game, deal.up, contenders))
            contenders = contenders[i:] + contenders[:i]
        showdown = Showdown(
            game,
            deal.hole,
            [deal.board, *deal.more_boards],
            contenders,
            self._round.aggressor,
            ledger.pots(self._order, ledger.folded()),
        )
        self._showdown = showdown
        self._queue = showdown.queue
        self._after_showing()

    # ------------------------------------------------------------------ the runs of the board

    def _asks_for_runs(self) -> bool:
        """Whether the hand now waits for the runs of the board (docs/rules/poker.md §6): not
        asked yet, two players or more still in, at most one of them able to bet, and only
        board cards left to deal (no hole card, no discard)."""
        status = self._ledger.status
        if self._deal.runs or self._ledger.live < 2:
            return False
        if [status[s] for s in self._order].count(_ACTIVE) > 1:
            return False
        left = self._starting.game.streets[self._street + 1 :]
        if not left or not all([s.board and not (s.hole or s.up or s.discard) for s in left]):
            return False
        self._phase = _RUNS
        self._queue = deque()
        return True

    def verify_run_it(self, times: int) -> int:
        """Raise :class:`IllegalAction` unless the board may be run ``times`` times now;
        return ``times``. Checked: the hand waits for the choice (:attr:`Phase.RUNS`),
        ``times`` is 1 to the hand's ``max_runs``, and the deck holds a board for each run."""
        if self._phase is not _RUNS:
            raise IllegalAction(f"no run of the board to choose now: {self._waiting_for()}")
        most = self._starting.max_runs
        if isinstance(times, bool) or not isinstance(times, int) or not 1 <= times <= most:
            raise IllegalAction(f"the board may be run 1 to {most} times, not {shown(times)}")
        left = self._deal.can_run(self._street, times)
        if left is not None:
            need = self._deal.board_left(self._street)
            raise IllegalAction(
                f"the deck has {left} cards left: not {times} runs of {need} board cards"
            )
        return times

    def can_run_it(self, times: int) -> bool:
        """Whether :meth:`run_it` of ``times`` is legal now."""
        return _can(self.verify_run_it, times)

    def run_it(self, times: int) -> RunningOut:
        """Run the rest of the board ``times`` times (docs/rules/poker.md §6 "Running the
        board more than once"). In a hand dealt with ``max_runs`` above 1, once the players
        still in can bet no more before the board is out, the hand waits for this choice
        (:attr:`Phase.RUNS`, no seat to act); ``run_it(1)`` deals the board once. Each run
        deals every street left from the same deck; each pot is shared by the runs and each
        run's part paid by its own board (:func:`splitpot.pots.award`)."""
        times = self.verify_run_it(times)
        record = RunningOut(times)
        self._events.append(record)
        self._deal.deal_runs(self._street, times)
        self._street = len(self._starting.game.streets)
        self._round.aggressor = None  # no bet on the last round: the showing order (§5)
        self._begin_showdown()
        return record

    # ------------------------------------------------------------------ showdown

    def _after_showing(self) -> None:
        """Show or muck for the players (``auto_showdown``); the last decision pays out."""
        showdown = self._showdown
        assert showdown is not None
        queue = showdown.queue
        while queue:
            seat = queue[0]
            if showdown.unopposed(seat):
                queue.popleft()  # every other hand was mucked: he wins without showing
            elif not self._starting.auto_showdown:
                return
            elif showdown.would_show(seat):
                self._show(seat)
            else:
                self._muck(seat, Mucking(seat))
        self._finish()

    # ------------------------------------------------------------------ showdown

    def _showdown_actor(self) -> int:
        if self._phase is not _SHOWDOWN or not self._queue:
            if self._phase is _OVER:
                raise IllegalAction("the hand is over; no one is to act")
            if self._phase is _RUNS:
                raise IllegalAction(WAITING_FOR_RUNS)
            raise IllegalAction(
                f"it is not the showdown: seat {self._queue[0]} is to "
                + ("discard" if self._phase is _DISCARD else "bet, check, call or fold")
            )
        return self._queue[0]

    def verify_show(self) -> int:
        """Raise :class:`IllegalAction` unless a seat is to show at showdown; return it."""
        return self._showdown_actor()

    def can_show(self) -> bool:
        """Whether :meth:`show` is legal now."""
        return _can(self.verify_show)

    def show(self) -> Showing:
        """The seat in turn at showdown shows its hand (docs/rules/poker.md §5)."""
        seat = self.verify_show()
        record = self._show(seat)
        self._after_showing()
        return record

    def _show(self, seat: int) -> Showing:
        showdown = self._showdown
        assert showdown is not None
        high, low = showdown.values[seat]
        hi_lo = self._starting.game.hi_lo
        record = Showing(seat, as_cards(self._deal.hole[seat]), _describe(high, low, hi_lo))
        showdown.shown[seat] = record
        showdown.queue.popleft()
        self._events.append(record)
        return record

    def _why_not_muck(self, seat: int) -> str | None:
        assert self._showdown is not None
        return self._showdown.why_not_muck(seat)

    def verify_muck(self) -> int:
        """Raise :class:`IllegalAction` unless the seat in turn may muck; return it."""
        seat = self._showdown_actor()
        why = self._why_not_muck(seat)
        if why is not None:
            raise IllegalAction(why)
        return seat

    def can_muck(self) -> bool:
        """Whether :meth:`muck` is legal now."""
        return _can(self.verify_muck)

    def muck(self) -> Mucking:
        """The seat in turn mucks its hand, giving up any claim to the pot (§5)."""
        seat = self.verify_muck()
        record = Mucking(seat)
        self._muck(seat, record)
        self._after_showing()
        return record

    def _muck(self, seat: int, record: Mucking) -> None:
        showdown = self._showdown
        assert showdown is not None
        showdown.mucked.append(seat)
        showdown.queue.popleft()
        self._events.append(record)

    # ------------------------------------------------------------------ payout

    def _finish(self) -> None:
        """Award the pots (docs/rules/poker.md §6) and close the hand."""
        showdown, ledger, deal = self._showdown, self._ledger, self._deal
        pots = _showdown.pots_won(showdown, ledger, self._order)
        payout = _showdown.payout(
            self._starting,
            pots,
            showdown,
            deal.odd_chip_order(self._order),
            deal.flop_seen(self._street),
        )
        for a in payout.awards:
            ledger.pay(a.seat, a.amount)
            self._events.append(PotAwarding(a))
        final = list(ledger.stacks)
        self._events.append(HandEnding(tuple(final), payout.rake))
        shown = showdown.shown if showdown is not None else {}
        values = showdown.values if showdown is not None else {}
        hi_lo = self._starting.game.hi_lo
        self._result = HandResult(
            pots,
            dict(ledger.returned),
            payout.awards,
            tuple([ShownHand(s, r.cards, *values[s], hi_lo) for s, r in shown.items()]),
            tuple(showdown.mucked) if showdown is not None else (),
            payout.rake,
            final,
            [f - (s or 0) for f, s in zip(final, self._starting.stacks)],  # noqa: B905 - same length
        )
        self._phase = _OVER
        self._queue = deque()

    # ------------------------------------------------------------------ timeout

    def verify_timeout(self) -> int:
        """Raise :class:`IllegalAction` unless someone is to act; return the seat."""
        if not self._queue or self._phase is _OVER:
            raise IllegalAction(self._waiting_for())
        return self._queue[0]

    def can_timeout(self) -> bool:
        """Whether :meth:`timeout` applies now (someone is to act)."""
        return _can(self.verify_timeout)

    def timeout(self, *, protected: bool = True) -> TimingOut:
        """The actor ran out of time or disconnected (docs/rules/poker.md §7).

        Betting, ``timeout_policy="seed"``: a player who has put chips in this hand (antes
        and blinds count) is all-in for what he has put in: he acts no more, keeps his cards
        and the chips behind, and is eligible for the pots up to his contribution; otherwise
        he is folded. ``"check_or_fold"``: he checks if he can, else folds. A player with no
        disconnection protection left (``protected=False``) is folded ("past them a timeout
        folds"). A discard times out to discarding the last card dealt; a showdown to showing.
        The rule is :func:`splitpot.hand.timeout.outcome`.
        """
        seat = self.verify_timeout()
        return self._time_out(seat, self._timeout_outcome(seat, protected))

    def timeout_outcome(self, *, protected: bool = True) -> TimeoutOutcome:
        """What :meth:`timeout` would do now, without doing it (docs/rules/poker.md §7)."""
        return self._timeout_outcome(self.verify_timeout(), protected)

    def _timeout_outcome(self, seat: int, protected: bool) -> TimeoutOutcome:
        return _timeout.outcome(
            self._starting.timeout_policy,
            self._phase,
            owes=self._owes(seat),
            contributed=self._ledger.contrib[seat],
            protected=protected,
        )

    def _owes(self, seat: int) -> int:
        """What the seat must put in to stay in: the call, or the stud bring-in (§4.2)."""
        if seat == self._deal.bring_in:
            return self._starting.structure.bring_in_amount
        return self._round.current - self._round.bets[seat]

    def _time_out(self, seat: int, outcome: TimeoutOutcome) -> TimingOut:
        if outcome is TimeoutOutcome.DISCARD:
            code = self._deal.hole[seat][-1]
            record = TimingOut(seat, outcome, Card(code))
            self._do_discard(seat, code, record)
            self._after_discard()
        elif outcome is TimeoutOutcome.SHOW:
            record = TimingOut(seat, outcome)
            self._events.append(record)
            self._show(seat)
            self._after_showing()
        elif outcome is TimeoutOutcome.FOLD:
            record = TimingOut(seat, outcome)
            self._fold(seat, record)
        else:
            record = TimingOut(seat, outcome)
            if outcome is TimeoutOutcome.CHECK:
                self._round.acts(seat)
            else:
                self._ledger.status[seat] = _STOOD
                self._queue.popleft()
                if seat == self._deal.bring_in:
                    self._pass_bring_in()
            self._events.append(record)
            self._after_bet()
        return record

    # ------------------------------------------------------------------ rebuilding

    @classmethod
    def from_events(cls, events: Sequence[Operation]) -> Hand:
        """Rebuild a hand from its :attr:`events` (all of them, or a prefix).

        The set-up (with the seed and any cards given) comes from the first record, so the
        same cards are dealt; each player decision is replayed through the public methods,
        so a forged record fails as an illegal action. A prefix rebuilds a hand that plays
        on exactly as the original would.

        >>> from splitpot.games import OMAHA_HILO
        >>> from splitpot.betting import PotLimit
        >>> h = Hand(OMAHA_HILO, PotLimit(1, 2), [50, 80, 120], seed=7)
        >>> _ = h.raise_to(7); _ = h.call(); _ = h.fold()
        >>> Hand.from_events(h.events).events == h.events
        True
        """
        if not events or not isinstance(events[0], HandStarting):
            raise SplitpotError("the events must start with a HandStarting record")
        return _rebuild.replay(cls.from_setup(events[0]), events)


def dealt(start: HandStarting) -> Hand:
    """The hand of a set-up just made by :meth:`HandStarting.build` (a table's, a history's),
    not checked a second time as :meth:`Hand.from_setup` checks a record given to it."""
    hand = Hand.__new__(Hand)
    hand._seat_players(start)
    hand._begin_round()
    return hand


def _can(verify: Any, *args: Any) -> bool:
    try:
        verify(*args)
    except IllegalAction:
        return False
    return True
