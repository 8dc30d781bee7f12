"""The :class:`Hand` state machine (docs/rules/poker.md §3 to §7); see :mod:`splitpot.hand`.

A hand is composed of parts that own their state: the chips (:class:`~.ledger.Ledger`), the
cards (:class:`~.deal.Deal`), the betting round (:class:`~.round.BettingRound`) and the
showdown (:class:`~.showdown.Showdown`); :mod:`.view` reads them for the public properties.
:class:`Hand` keeps the phases and the operations: each ``verify_x`` asks the part whose
rule it is, ``x`` has the part do it, logs the record, and moves the hand on.

The phases hand over in the order of play, each ``_end_x`` or ``_after_x`` calling the next
``_begin_x``: betting round -> (Crazy Pineapple discard) -> next street ... -> (the runs of
the board) -> showdown -> payout (``_finish``); a fold that leaves one player goes straight
to the payout.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from splitpot._core import Card, IllegalAction, SplitpotError
from splitpot._facade import can_of
from splitpot.betting import Structure
from splitpot.cards import as_cards
from splitpot.games import Game
from splitpot.hand import advance as _advance
from splitpot.hand import rebuild as _rebuild
from splitpot.hand import showdown as _showdown
from splitpot.hand import timeout as _timeout
from splitpot.hand import view as _view
from splitpot.hand.advance import Advance, Advancing
from splitpot.hand.deal import Deal
from splitpot.hand.ledger import Ledger
from splitpot.hand.records import (
    _ACTIVE,
    _BETTING,
    _DISCARD,
    _OVER,
    _RUNS,
    _SHOWDOWN,
    _STOOD,
    Betting,
    BringingIn,
    Calling,
    Checking,
    ChipsReturning,
    Discarding,
    Folding,
    HandResult,
    LegalActions,
    Mucking,
    Operation,
    RaisingTo,
    RunningOut,
    Showing,
    SittingOut,
    TimeoutOutcome,
    TimingOut,
    _legal,
)
from splitpot.hand.round import BettingRound
from splitpot.hand.setup import HandOptions, HandStarting, seats_from_button
from splitpot.hand.showdown import Showdown
from splitpot.limits import shown

if TYPE_CHECKING:
    from typing_extensions import Unpack

_R = TypeVar("_R")


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
        "_advances",
        "_away",
        "_deal",
        "_events",
        "_ledger",
        "_legal",
        "_legal_at",
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
    _legal: LegalActions

    # The read-only state: :mod:`.view`, a facade over the parts, reads each from its part.
    game, structure, seed, button = _view.game, _view.structure, _view.seed, _view.button
    seat_count, seats, starting_stacks = _view.seat_count, _view.seats, _view.starting_stacks
    stacks, bets, contributions = _view.stacks, _view.bets, _view.contributions
    pot, pots, status = _view.pot, _view.pots, _view.status
    board, boards, runs = _view.board, _view.boards, _view.runs
    hole, up, down, seen_by = _view.hole, _view.up, _view.down, _view.seen_by
    street, phase, actor, is_over = _view.street, _view.phase, _view.actor, _view.is_over
    bring_in_seat, events = _view.bring_in_seat, _view.events
    result, final_stacks = _view.result, _view.final_stacks
    _repr_html_, __repr__ = _view.repr_html, _view.text

    def __init__(
        self,
        game: Game,
        structure: Structure,
        stacks: Sequence[int | None],
        **options: Unpack[HandOptions],
    ) -> None:
        self._seat_players(HandStarting.build(game, structure, stacks, **options))

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
        return dealt(start.validate(), cls)

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

    def _seat_players(self, start: HandStarting, log: list[Operation] | None = None) -> None:
        """Seat the players, post the forced bets, deal the first street (§4) and open its
        betting round; the records go to ``log`` (a new list by default)."""
        structure, game = start.structure, start.game
        order = self._order = seats_from_button(start.stacks, start.button)
        self._starting = start
        self._events: list[Operation] = [] if log is None else log
        self._events.append(start)
        ledger = self._ledger = Ledger(start.stacks, start.antes, start.antes_shared, start.cap)
        self._deal = Deal(start, self._events)
        self._away: set[int] = set()  # the seats sitting out (§4.1)
        self._advances: dict[int, _advance.Queued] = {}  # seat -> its advance action
        self._street = 0
        self._phase = _BETTING
        rnd = self._round = BettingRound(start, ledger.stacks, ledger.status, len(order) == 2)
        # Who is to act, first is next: the round's, the discard's or the showdown's queue.
        self._queue: deque[int] = rnd.queue
        self._showdown = None
        self._result = None
        self._legal_at = -1  # legal_actions() of the hand at that many records (a cache)
        first = ledger.post_forced_bets(start, order, rnd, self._events)
        self._deal.street(0, order)  # every seat dealt in is in the hand yet
        able = (
            [s for s in order if ledger.status[s] == _ACTIVE]
            if game.forced_bets != "blinds"
            else []
        )
        if able:  # the lowest door card brings in, or acts first without a bring-in (§4.2)
            first = self._deal.bring_in_seat(able)
            rnd.bring_in = first if structure.bring_in_amount else -1
        self._begin_round(order[0] if first is None else first, order)

    def _begin_round(self, first: int | None, live: list[int]) -> None:
        """Open the betting round of the street among ``live``, the seats still in (§3, §4):
        preflop ``first`` is to act, later the round finds who (:meth:`BettingRound.open`)."""
        rnd = self._round
        rnd.open(self._street, first, self._deal.up, live)
        self._queue = rnd.queue
        if not rnd.queue:
            self._end_round()
        elif self._away or self._advances:
            self._on_turn()

    def _after_bet(self) -> None:
        """After a betting decision: the next seat acts, or the round or the hand ends."""
        if self._ledger.live == 1:
            self._return_uncalled()  # every other player folded: he wins unshown (§5)
            self._finish()
        elif not (queue := self._queue) or (len(queue) == 1 and self._round.unanswered()):
            self._end_round()  # (one left to act: is anyone left to answer him? §3)
        elif self._away or self._advances:
            self._on_turn()

    def _end_round(self) -> None:
        """The uncalled bet goes back (§6), then the discard or the next street."""
        if self._advances:
            _advance.cancel_all(self, f"the {self.street} betting round ended")
        self._return_uncalled()
        self._round.close()
        if self._starting.game.streets[self._street].discard and self._ledger.live > 1:
            self._phase = _DISCARD  # each player still in discards, from the button's left
            self._queue = deque(self._ledger.in_hand(self._order))
            self._after_discard()
        else:
            self._next_street()

    def _next_street(self) -> None:
        # The board may be run more than once (§6): not asked yet, two players or more still
        # in, at most one of them able to bet, and only board cards left to deal.
        ledger, deal = self._ledger, self._deal
        runs = self._starting.max_runs > 1 and not deal.runs and ledger.live > 1
        if runs and ledger.able(self._order) <= 1 and deal.only_board_left(self._street):
            self._phase = _RUNS  # the players choose how many times to run the board
            self._queue = deque()
            return
        self._street += 1
        if self._street >= len(self._starting.game.streets):
            self._begin_showdown()
            return
        self._phase = _BETTING
        live = self._ledger.in_hand(self._order)  # no one folds while the cards are dealt
        self._deal.street(self._street, live)
        self._begin_round(None, live)

    def _after_discard(self) -> None:
        """A timed-out seat discards its last card by itself (§7); the last discard ends it."""
        queue = self._queue
        while queue and self._ledger.status[queue[0]] == _STOOD:
            self._discard_last(queue[0])
        if not queue:
            self._next_street()

    def _begin_showdown(self) -> None:
        """Value the hands and line them up in showing order (docs/rules/poker.md §5)."""
        self._phase = _SHOWDOWN
        ledger = self._ledger
        showdown = self._showdown = Showdown(
            self._starting.game,
            self._deal,
            self._ledger.in_hand(self._order),
            self._round.aggressor,
            ledger.pots(self._order, ledger.folded()),
            self._events,
        )
        self._queue = showdown.queue
        self._after_showing()

    def _after_showing(self) -> None:
        """Show or muck for the players (``auto_showdown``); the last decision pays out."""
        assert self._showdown is not None
        if self._showdown.decide(self._starting.auto_showdown):
            self._finish()

    def _finish(self) -> None:
        """Award the pots (docs/rules/poker.md §6) and close the hand."""
        if self._advances:
            _advance.cancel_all(self, "the hand ended")
        self._round.close()  # the bets go into the middle: the pots are paid
        self._result = _showdown.settle(
            self._starting,
            self._showdown,
            self._ledger,
            self._order,
            self._deal,
            self._street,
            self._events,
        )
        self._phase = _OVER
        self._queue = deque()

    def _return_uncalled(self) -> None:
        """The round's top bet, as far as no one matched it, goes back (docs/rules/poker.md §6)."""
        back = self._round.uncalled()
        if back is not None:
            self._ledger.give_back(*back)
            self._events.append(ChipsReturning(*back))

    def _betting_actor(self) -> int:
        if self._phase is not _BETTING or not self._queue:
            raise IllegalAction(_view.waiting_for(self))
        return self._queue[0]

    def legal_actions(self) -> LegalActions:
        """What :attr:`actor` may do now (nothing when the hand is over)."""
        at, queue, phase = len(self._events), self._queue, self._phase
        if self._legal_at == at:
            return self._legal  # asked again before anything happened (every change logs)
        if queue and phase is _BETTING:  # the common case first
            self._legal = self._round.legal(queue[0], sum(self._ledger.contrib))
            self._legal_at = at
            return self._legal
        if queue and phase is _DISCARD:
            return _legal(queue[0], discard=as_cards(self._deal.hole[queue[0]]))
        if queue and phase is _SHOWDOWN and (showdown := self._showdown) is not None:
            return _legal(queue[0], show=True, muck=showdown.why_not_muck(queue[0]) is None)
        return LegalActions(None)  # the hand is over, or the runs are chosen by no seat

    def verify_fold(self) -> int:
        """Raise :class:`IllegalAction` unless the actor may fold; return the seat.

        The stud bring-in may fold instead of bringing in; the bring-in then passes to his
        left (docs/rules/poker.md §4.2)."""
        seat = self._betting_actor()
        self._round.verify_fold(seat)
        return seat

    can_fold = can_of(verify_fold)

    def fold(self) -> Folding:
        """The actor folds, giving up the hand (§6: eligible for no pot)."""
        seat = self.verify_fold()
        record = Folding(seat)
        self._fold(seat, record)
        return record

    def _fold(self, seat: int, record: Operation) -> None:
        self._ledger.fold(seat)
        if self._advances:
            self._advances.pop(seat, None)  # he has no decision left
        self._round.leaves(seat, self._ledger.live)
        self._events.append(record)
        self._after_bet()

    def sit_out(self, seat: int, *, now: bool = False) -> SittingOut | None:
        """The player in ``seat`` sits out during the hand: his hand is folded when his turn
        comes, or at once with ``now`` (docs/rules/poker.md §4.1: a Sit Out "after the round has
        started counts as a fold"), and what he put in is lost. Returns the record if he
        is folded now; a player who has no decision left (all-in, folded, the hand over) is
        left as he is.
        """
        _view.seat_of(self, seat)
        if self._ledger.status[seat] != _ACTIVE or self._phase is _OVER:
            return None
        betting = self._phase is _BETTING and self._ledger.live > 1
        if betting and (now or self._queue[0] == seat):
            record = SittingOut(seat)
            self._fold(seat, record)
            return record
        self._away.add(seat)
        return None

    def _on_turn(self) -> None:
        """The seat to act decided before his turn: he sat out, and is folded (§4.1), or
        chose an advance action, which is made now or cancelled (:mod:`.advance`)."""
        queue = self._queue
        if queue and self._phase is _BETTING:
            seat = queue[0]
            if seat in self._away:
                self._fold(seat, SittingOut(seat))
            elif seat in self._advances:
                _advance.play(self, seat, self._advances.pop(seat))

    def verify_advance(
        self, seat: int, action: Advance | str | None, amount: int | None = None
    ) -> Advance | None:
        """Raise :class:`IllegalAction` unless ``seat`` may choose ``action`` in advance now
        (a seat still in, able to bet, before its turn of a betting round; ``None``
        withdraws his choice); return it."""
        queued = _advance.check(self, seat, action, amount)
        return None if queued is None else queued.action

    can_advance = can_of(verify_advance)

    def advance(
        self, seat: int, action: Advance | str | None, amount: int | None = None
    ) -> Advancing:
        """``seat`` chooses his next betting decision before his turn, made for him when it
        comes (§3): ``"fold"``, ``"check/fold"``, ``"check"``, ``"call"`` (``amount``:
        the call he faces), ``"call any"``, ``"bet/raise"`` (to ``amount``), or ``None`` to
        withdraw it. The rules, and what cancels it: :mod:`splitpot.hand.advance`."""
        queued = _advance.check(self, seat, action, amount)
        if queued is None:
            del self._advances[seat]
            record = Advancing(seat, None)
        else:
            self._advances[seat] = queued
            record = Advancing(seat, queued.action.value, queued.amount)
        self._events.append(record)
        return record

    def verify_check(self) -> int:
        """Raise :class:`IllegalAction` unless the actor may check; return the seat."""
        seat = self._betting_actor()
        self._round.verify_check(seat)
        return seat

    can_check = can_of(verify_check)

    def check(self) -> Checking:
        """The actor checks."""
        return self._check(self.verify_check())

    def _check(self, seat: int) -> Checking:
        record = Checking(seat)
        self._round.acts(seat)
        self._events.append(record)
        self._after_bet()
        return record

    def verify_call(self) -> int:
        """Raise :class:`IllegalAction` unless the actor may call; return the chips it costs."""
        if self._legal_at == len(self._events) and self._legal.call is not None:
            return self._legal.call  # legal_actions found it, and nothing happened since
        return self._round.verify_call(self._betting_actor())

    can_call = can_of(verify_call)

    def call(self) -> Calling:
        """The actor calls, all-in for less if short (table stakes, §3)."""
        amount = self.verify_call()
        return self._call(self._queue[0], amount)

    def _call(self, seat: int, amount: int) -> Calling:
        self._ledger.put(seat, amount)
        self._round.called(seat, amount)
        record = Calling(seat, amount, self._ledger.stacks[seat] == 0)
        self._events.append(record)
        self._after_bet()
        return record

    def check_or_call(self) -> Checking | Calling:
        """Check if nothing is owed, else call (PHH's ``cc``)."""
        legal = self._legal if self._legal_at == len(self._events) else None
        if legal is not None and (legal.check or legal.call):
            seat, chips = self._queue[0], legal.call or 0  # legal_actions found it just now
        else:  # the round's rule (which says why not)
            seat = self._betting_actor()
            chips = self._round.verify_check_or_call(seat)
        return self._call(seat, chips) if chips else self._check(seat)

    def verify_bring_in(self) -> int:
        """Raise :class:`IllegalAction` unless the actor owes the stud bring-in; return its
        amount (all he has, if short; docs/rules/poker.md §4.2)."""
        return self._round.verify_bring_in(self._betting_actor())

    can_bring_in = can_of(verify_bring_in)

    def bring_in(self) -> BringingIn:
        """The stud bring-in posts the forced opening bet (§4.2; PHH's ``pb``). To bet the
        small bet instead, :meth:`bet` (the completion)."""
        amount = self.verify_bring_in()
        seat = self._queue[0]
        self._ledger.put(seat, amount)
        self._round.brought_in(seat, amount)
        record = BringingIn(seat, amount, self._ledger.stacks[seat] == 0)
        self._events.append(record)
        self._after_bet()
        return record

    def verify_bet(self, amount: int | None = None) -> int:
        """Raise :class:`IllegalAction` unless the actor may bet ``amount`` (total, ``None``
        the smallest legal bet); return it."""
        seat, window = self._betting_actor(), self._window(True)
        return self._round.verify_amount(seat, amount, True, sum(self._ledger.contrib), window)

    can_bet = can_of(verify_bet)

    def bet(self, amount: int | None = None) -> Betting:
        """The actor opens the round's betting with ``amount`` chips (default the minimum)."""
        return self._raise(self.verify_bet(amount), Betting)

    def verify_raise_to(self, amount: int | None = None) -> int:
        """Raise :class:`IllegalAction` unless the actor may raise to ``amount``; return it."""
        seat, window = self._betting_actor(), self._window(False)
        return self._round.verify_amount(seat, amount, False, sum(self._ledger.contrib), window)

    can_raise_to = can_of(verify_raise_to)

    def raise_to(self, amount: int | None = None) -> RaisingTo:
        """The actor raises the bet to ``amount`` chips in total (default the minimum)."""
        return self._raise(self.verify_raise_to(amount), RaisingTo)

    def _window(self, opening: bool) -> tuple[int, int] | None:
        """The bet (``opening``) or raise window legal_actions found, if nothing happened since."""
        if self._legal_at != len(self._events):
            return None
        return self._legal.bet if opening else self._legal.raise_to

    def bet_or_raise_to(self, amount: int | None = None) -> Betting | RaisingTo:
        """Bet if no one has, else raise (PHH's ``cbr``)."""
        if self._phase is _BETTING and self._round.current == 0:
            return self.bet(amount)
        return self.raise_to(amount)

    def _raise(self, amount: int, kind: Callable[[int, int, bool], _R]) -> _R:
        seat, rnd = self._queue[0], self._round
        chips = amount - rnd.bets[seat]
        record = kind(seat, amount, chips == self._ledger.stacks[seat])
        rnd.raise_to(seat, amount)
        self._ledger.put(seat, chips)
        self._events.append(record)  # type: ignore[arg-type]
        self._after_bet()
        return record

    def verify_discard(self, card: Card | str | int) -> int:
        """Raise :class:`IllegalAction` unless the actor may discard ``card``; return its code."""
        if self._phase is not _DISCARD or not self._queue:
            waiting = _view.waiting_for(self)
            raise IllegalAction(
                f"no discard now: {waiting}" if self._phase is _BETTING else waiting
            )
        return self._deal.verify_discard(self._queue[0], card)

    can_discard = can_of(verify_discard)

    def discard(self, card: Card | str | int) -> Discarding:
        """The actor discards one hole card (Crazy Pineapple, after the flop betting round)."""
        code = self.verify_discard(card)
        seat = self._queue[0]
        record = Discarding(seat, Card(code))
        self._discard(seat, code, record)
        self._after_discard()
        return record

    def _discard(self, seat: int, code: int, record: Operation) -> None:
        self._deal.discard(seat, code)
        self._queue.popleft()
        self._events.append(record)

    def _discard_last(self, seat: int) -> TimingOut:
        """A timed-out seat discards the last card dealt to him (docs/rules/poker.md §7)."""
        code = self._deal.last_dealt(seat)
        record = TimingOut(seat, TimeoutOutcome.DISCARD, Card(code))
        self._discard(seat, code, record)
        return record

    def verify_run_it(self, times: int) -> int:
        """Raise :class:`IllegalAction` unless the board may be run ``times`` times now;
        return ``times``. Checked: the hand waits for the choice (:attr:`Phase.RUNS`),
        ``times`` is 1 to the hand's ``max_runs``, and the deck holds a board for each run."""
        if self._phase is not _RUNS:
            raise IllegalAction(f"no run of the board to choose now: {_view.waiting_for(self)}")
        return self._deal.verify_runs(self._street, times, self._starting.max_runs)

    can_run_it = can_of(verify_run_it)

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

    def _showdown_actor(self) -> Showdown:
        if self._phase is not _SHOWDOWN or not self._queue or self._showdown is None:
            waiting = _view.waiting_for(self)
            over = self._phase is _OVER or self._phase is _RUNS
            raise IllegalAction(waiting if over else f"it is not the showdown: {waiting}")
        return self._showdown

    def verify_show(self) -> int:
        """Raise :class:`IllegalAction` unless a seat is to show at showdown; return it."""
        return self._showdown_actor().queue[0]

    can_show = can_of(verify_show)

    def show(self) -> Showing:
        """The seat in turn at showdown shows its hand (docs/rules/poker.md §5)."""
        record = self._showdown_actor().show(self.verify_show())
        self._after_showing()
        return record

    def verify_muck(self) -> int:
        """Raise :class:`IllegalAction` unless the seat in turn may muck; return it."""
        showdown = self._showdown_actor()
        seat = showdown.queue[0]
        why = showdown.why_not_muck(seat)
        if why is not None:
            raise IllegalAction(why)
        return seat

    can_muck = can_of(verify_muck)

    def muck(self) -> Mucking:
        """The seat in turn mucks its hand, giving up any claim to the pot (§5)."""
        record = self._showdown_actor().muck(self.verify_muck())
        self._after_showing()
        return record

    def verify_timeout(self) -> int:
        """Raise :class:`IllegalAction` unless someone is to act; return the seat."""
        if not self._queue or self._phase is _OVER:
            raise IllegalAction(_view.waiting_for(self))
        return self._queue[0]

    can_timeout = can_of(verify_timeout)

    def timeout(self, *, protected: bool = True) -> TimingOut:
        """The actor ran out of time or disconnected (docs/rules/poker.md §7): by default he
        is all-in for what he has put in (he acts no more and keeps the chips behind), or
        folded if he put in nothing or has no disconnection protection left
        (``protected=False``). The rule, with ``timeout_policy``: :func:`.timeout.outcome`.
        """
        seat = self.verify_timeout()
        return self._time_out(seat, self.timeout_outcome(protected=protected))

    def _time_out(self, seat: int, outcome: TimeoutOutcome) -> TimingOut:
        """``seat``, the one to act, times out with ``outcome`` (docs/rules/poker.md §7): he
        discards the last card dealt to him, folds, shows, checks, or is all-in for what he
        has put in (he stands: no decision left, his chips behind kept); the hand moves on."""
        if outcome is TimeoutOutcome.DISCARD:
            record = self._discard_last(seat)
            self._after_discard()
            return record
        record = TimingOut(seat, outcome)
        if outcome is TimeoutOutcome.FOLD:
            self._fold(seat, record)
            return record
        self._events.append(record)
        if outcome is TimeoutOutcome.SHOW:
            self._showdown_actor().show(seat)
            self._after_showing()
        elif outcome is TimeoutOutcome.CHECK:
            self._round.acts(seat)
            self._after_bet()
        else:
            self._ledger.stand(seat)
            self._round.leaves(seat, self._ledger.live)
            self._after_bet()
        return record

    def timeout_outcome(self, *, protected: bool = True) -> TimeoutOutcome:
        """What :meth:`timeout` would do now, without doing it (docs/rules/poker.md §7)."""
        seat = self.verify_timeout()
        return _timeout.outcome(
            self._starting.timeout_policy,
            self._phase,
            owes=self._round.owes(seat),
            contributed=self._ledger.contrib[seat],
            protected=protected,
        )


def dealt(start: HandStarting, cls: type[Hand] = Hand) -> Hand:
    """The hand of a set-up just made by :meth:`HandStarting.build` (a table's, a history's),
    not checked a second time as :meth:`Hand.from_setup` checks a record given to it."""
    hand = cls.__new__(cls)
    hand._seat_players(start)
    return hand
