"""One hand of Pan (Panguingue) as a state machine (docs/rules/pan.md §4 to §6).

:class:`PanHand` has the shape of the poker :class:`~splitpot.hand.Hand`: the seat to act is
:attr:`PanHand.actor`, :meth:`PanHand.legal_moves` what he may do, each decision comes as a
triad (``verify_x`` raises :class:`~splitpot.IllegalAction` naming the rule, ``can_x`` wraps
it, ``x`` does it and returns its record), every state change is an event
(:mod:`splitpot.pan.records`) and :meth:`PanHand.from_events` rebuilds the hand. An illegal
move leaves the hand exactly as it was. The melds are checked by the Rust core.

The order of a hand: each seat dealt in posts its tops and collection (§5.1); ten cards each
from the seeded deck, from the first hand in rotation (§6.1); each declares play or sluff in
turn (§5.2); then turns in rotation among the players: draw from the stock or take the live
discard (§6.2; forced when it lays off on one's melds, §6.5), reject a stock card or place
the drawn card first (§6.3), more operations on one's own melds (§6.4), one discard, until a
player has all 11 cards melded and goes out (§6.3): he takes the pot and the outs (§4.4).

>>> h = PanHand([20, 20], seed=7)
>>> h.actor, h.phase.value, len(h.hand(0))
(0, 'declare', 10)
>>> h.play(), h.play()
(Declaring(seat=0, plays=True), Declaring(seat=1, plays=True))
>>> h.phase.value, h.actor
('draw', 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot._core import IllegalAction, SplitpotError
from splitpot.limits import shown
from splitpot.pan.cards import Card, CardsLike
from splitpot.pan.records import (
    Claim,
    Declaring,
    Demand,
    Demanding,
    Discard,
    Discarding,
    Draw,
    Drawing,
    Move,
    PanEvent,
    PanPhase,
    PanStarting,
    Paying,
    Play,
    Reject,
    Rejecting,
    Sluff,
    SplitTops,
    Take,
    TopsSplitting,
)
from splitpot.pan.rules import DrawFromDiscard, Forcing, PanRules
from splitpot.pan.turns import Turns, can, starting, validate

__all__ = ["PanHand", "decision_of"]


class PanHand(Turns):
    """One hand of Pan (docs/rules/pan.md §4 to §6).

    * ``stacks``: chips of each seat at the start (``None`` for a seat not dealt in); every
      seat dealt in posts ``tops_amount`` and ``collection_fee`` (§5.1) and must have them.
    * ``first``: the first hand (§6.1), who declares and plays first (default seat 0).
    * ``seed``: the deck's shuffle (:class:`~splitpot.pan.Deck`); the same seed deals the
      same cards, on any machine. ``deck`` gives the cards in order instead (tests, replays).
    * ``rules``: the house rules (:class:`~splitpot.pan.PanRules`, §8).
    * ``carry``: tops carried over from the last hand (§5.2, §6.6), added to the pot.

    Dealing posts the tops and deals ten cards to each seat dealt in; the hand then waits in
    :attr:`phase` for :attr:`actor`. Each decision is a method (``play``, ``draw``,
    ``discard``...) with its ``can_``/``verify_`` checks, or a move record given to
    :meth:`apply`; :meth:`legal_moves` lists them; :attr:`events` records everything, and
    :attr:`result` settles a finished hand.

    Raises: ``splitpot.SplitpotError`` (a ``ValueError``) for fewer than ``players_min`` or
    more than ``players_max`` seats dealt in, more than ``limits.PAN_MAX_SEATS`` seats, a seat
    short of the posting, a bad ``first`` or ``seed``, or a deck (seeded or given) too short
    to deal ten cards each; ``splitpot.InvalidCards`` for a bad card in ``deck``. A move the
    rules do not allow now raises ``splitpot.IllegalAction`` and leaves the hand as it was.
    A hand always ends: under ``reshuffleDead`` the stock is rebuilt at most
    ``limits.PAN_MAX_RESHUFFLES`` times (docs/rules/pan.md §6.6).

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20, 20], seed=1)
    >>> hand.phase, hand.actor, hand.pot, hand.stacks
    (<PanPhase.DECLARE: 'declare'>, 0, 3, [19, 19, 19])
    >>> " ".join(map(str, hand.hand(0)))
    'Ac 2d 3c 3d 3h 4h 4s 6h Jc Jh'
    >>> for move in (pan.Play(), pan.Play(), pan.Play(), pan.Draw()):
    ...     _ = hand.apply(move)
    >>> hand.drawn, hand.legal_moves()[-1]
    (pan.Card('Jd'), Reject())
    >>> hand.apply(pan.Play())
    Traceback (most recent call last):
    ...
    splitpot.IllegalAction: no declarations now: seat 0 is to place the drawn card
    >>> pan.PanHand.from_events(hand.events).drawn  # the record replays the hand
    pan.Card('Jd')
    """

    __slots__ = ()

    def __init__(
        self,
        stacks: Sequence[int | None],
        *,
        first: int = 0,
        seed: int | None = None,
        rules: PanRules | None = None,
        carry: int = 0,
        deck: CardsLike | None = None,
    ) -> None:
        self._deal(starting(stacks, first, seed, rules, carry, deck))

    @classmethod
    def from_setup(cls, start: PanStarting) -> PanHand:
        """Deal a hand from its set-up record (checked again)."""
        hand = cls.__new__(cls)
        hand._deal(validate(start))
        return hand

    @classmethod
    def from_events(cls, events: Sequence[PanEvent]) -> PanHand:
        """Rebuild a hand from its :attr:`events` (all of them, or a prefix): the set-up deals
        the same cards, and each decision is replayed through :meth:`apply`, so a forged
        record fails as an illegal move."""
        if not events or not isinstance(events[0], PanStarting):
            raise SplitpotError("the events must start with a PanStarting record")
        hand = cls.from_setup(events[0])
        for i, event in enumerate(events):
            if i < len(hand._events):
                if hand._events[i] != event:
                    raise SplitpotError(f"the events do not rebuild a hand: they differ at {i}")
                continue
            move = decision_of(event)
            if move is None:
                raise SplitpotError(f"event {i} ({event}) is not a decision the hand waits for")
            hand.apply(move)
        if hand._events[: len(events)] != list(events):
            raise SplitpotError("the events do not rebuild a hand")
        return hand

    # ------------------------------------------------------------------ declarations (§5.2)

    def _declarer(self) -> int:
        if self._phase is not PanPhase.DECLARE:
            raise IllegalAction(f"no declarations now: {self._waiting_for()}")
        return self._queue[0]

    def verify_play(self) -> int:
        """Raise unless a seat is to declare; return it (§5.2)."""
        return self._declarer()

    def can_play(self) -> bool:
        return can(self.verify_play)

    def play(self) -> Declaring:
        """The seat to declare plays: he is in until someone goes out (§5.2)."""
        return self._declare(self.verify_play(), True)

    def verify_sluff(self) -> int:
        """Raise unless a seat is to declare; return it (§5.2)."""
        return self._declarer()

    def can_sluff(self) -> bool:
        return can(self.verify_sluff)

    def sluff(self) -> Declaring:
        """The seat to declare sluffs: he loses his tops (and any forfeit), pays nothing else
        (§5.3)."""
        return self._declare(self.verify_sluff(), False)

    # ------------------------------------------------------------------ the draw (§6.2)

    def _drawer(self) -> int:
        if self._phase is not PanPhase.DRAW:
            raise IllegalAction(f"no draw now: {self._waiting_for()}")
        return self._queue[0]

    def verify_draw(self) -> int:
        """Raise unless the player to act may draw from the stock; return the seat. A live
        discard that lays off on one of his melds must be taken instead (§6.5)."""
        seat = self._drawer()
        if self._forced(seat):
            raise IllegalAction(
                f"seat {seat} must take the live discard {Card(self._live or 0)}: it lays off "
                f"on one of his melds (forcing, docs/rules/pan.md §6.5)"
            )
        return seat

    def can_draw(self) -> bool:
        return can(self.verify_draw)

    def draw(self) -> Drawing:
        """The player draws the top card of the stock (§6.2); the live discard is dead."""
        seat = self.verify_draw()
        if self._live is not None:
            self._dead.append(self._live)
            self._live = None
        code = self._stock.pop()
        return self._hold(seat, code, "stock")

    def verify_take(self) -> int:
        """Raise unless the player to act may take the live discard; return its code (§6.2):
        the rule ``draw_from_discard`` allows it and he can use it at once."""
        seat = self._drawer()
        live = self._live
        if live is None:
            raise IllegalAction("there is no live discard to take (docs/rules/pan.md §6.2)")
        if self._rules.draw_from_discard is DrawFromDiscard.NEVER:
            raise IllegalAction("the discard is never taken here (drawFromDiscard = never)")
        if not self._can_place(seat, live):
            raise IllegalAction(
                f"seat {seat} cannot use {Card(live)} at once: a discard is taken only to be "
                f"melded this turn (docs/rules/pan.md §6.2)"
            )
        return live

    def can_take(self) -> bool:
        return can(self.verify_take)

    def take(self) -> Drawing:
        """The player takes the live discard, which he must place this turn (§6.2, §6.3)."""
        code = self.verify_take()
        seat = self._queue[0]
        forced = self._forced(seat)
        self._live = None
        return self._hold(seat, code, "discard", forced)

    def verify_reject(self) -> int:
        """Raise unless the player holds a card drawn from the stock, unplaced; return it."""
        seat = self._placer()
        if self._source != "stock":
            raise IllegalAction(
                f"seat {seat} took {Card(self._drawn or 0)} from the discard and must use it "
                f"(docs/rules/pan.md §6.3)"
            )
        return seat

    def can_reject(self) -> bool:
        return can(self.verify_reject)

    def reject(self) -> Rejecting:
        """The drawn stock card becomes the live discard for the next player; the turn ends
        (§6.3 REJECT)."""
        seat = self.verify_reject()
        code = self._drawn
        assert code is not None
        record = Rejecting(seat, Card(code))
        self._events.append(record)
        self._drawn = None
        self._live = code
        self._next_turn()
        return record

    # ------------------------------------------------------------------ the discard (§6.3)

    def verify_discard(self, card: Card | str | int) -> int:
        """Raise unless the player may discard ``card`` from his hand now; return its code."""
        seat = self._user()
        try:
            code = Card(card).code
        except (TypeError, ValueError) as e:
            raise IllegalAction(f"cannot discard {card!r}: {e}") from None
        if code not in self._hands[seat]:
            held = " ".join(map(str, self.hand(seat)))
            raise IllegalAction(f"seat {seat} does not hold {Card(code)}; he holds {held}")
        return code

    def can_discard(self, card: Card | str | int) -> bool:
        return can(self.verify_discard, card)

    def discard(self, card: Card | str | int) -> Discarding:
        """The player discards a hand card: it is dead (in ``anyIfMeldable`` the next player may
        take it), and the turn ends (§6.3)."""
        code = self.verify_discard(card)
        seat = self._queue[0]
        self._hands[seat].remove(code)
        self._unclaimed = 0  # pays not claimed by now are lost (§4.5)
        record = Discarding(seat, Card(code))
        self._events.append(record)
        if self._rules.draw_from_discard is DrawFromDiscard.ANY_IF_MELDABLE:
            self._live = code
        else:
            self._dead.append(code)
        self._next_turn()
        return record

    def verify_demand(self, seat: int) -> int:
        """Raise unless ``seat`` may call for the live discard to be forced on the player to
        act (``forcing = onDemand``, §6.5): another active player, before the draw, when the
        card lays off on one of the actor's melds; return the seat."""
        actor = self._drawer()
        if self._rules.forcing is not Forcing.ON_DEMAND:
            raise IllegalAction("forcing is not on demand here (docs/rules/pan.md §6.5)")
        if self._rules.draw_from_discard is DrawFromDiscard.NEVER:
            raise IllegalAction("the discard is never taken here (drawFromDiscard = never)")
        # A bool is not a seat, though True == 1 (issue 15).
        if isinstance(seat, bool) or seat not in self._players or seat == actor:
            raise IllegalAction(f"seat {shown(seat)} is not another player in the hand")
        if self._demanded or self._live is None or not self._lays_off(actor, self._live):
            raise IllegalAction("there is no live discard to force on the player to act")
        return seat

    def can_demand(self, seat: int) -> bool:
        return can(self.verify_demand, seat)

    def demand(self, seat: int) -> Demanding:
        """``seat`` calls for the live discard: the player to act must take it (§6.5 onDemand).
        Another player's call, made out of turn; :meth:`legal_moves` lists only the actor's."""
        self.verify_demand(seat)
        record = Demanding(seat)
        self._events.append(record)
        self._demanded = True
        return record

    # ------------------------------------------------------------------ splitting the tops

    def verify_split_tops(self) -> int:
        """Raise unless the two players left may divide the tops now (``tops_allow_split``,
        §5.2): exactly two play and no card has been drawn; return the first hand."""
        seat = self._drawer()
        if not self._rules.tops_allow_split:
            raise IllegalAction("the tops are not split here (tops.allowSplit is off, §5.2)")
        if len(self._players) != 2 or any(isinstance(e, Drawing) for e in self._events):
            raise IllegalAction("only the two players left may split the tops, before play")
        return seat

    def can_split_tops(self) -> bool:
        return can(self.verify_split_tops)

    def split_tops(self) -> TopsSplitting:
        """The two players divide the tops, the odd chip to the first hand, and the hand ends
        (§5.2: "dividing of the Tops without playing for them")."""
        self.verify_split_tops()
        first, second = self._players
        record = TopsSplitting((first, second))
        self._events.append(record)
        half, odd = divmod(self._pot, 2)
        for seat, share in ((first, half + odd), (second, half)):
            if share:
                self._stacks[seat] += share
                self._events.append(Paying(None, seat, share, "split tops"))
        self._pot = 0
        self._end(None)
        return record

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> list[Move]:
        """Every decision the player to act may take now, each accepted by :meth:`apply`."""
        phase = self._phase
        if phase is PanPhase.OVER:
            return []
        if phase is PanPhase.DECLARE:
            return [Play(), Sluff()]
        seat = self._queue[0]
        if phase is PanPhase.DRAW:
            moves: list[Move] = []
            if self.can_take():
                moves.append(Take())
            if not self._forced(seat):
                moves.append(Draw())
            if self.can_split_tops():
                moves.append(SplitTops())
            return moves
        moves = list(self._operations(seat))
        if phase is PanPhase.PLACE:
            if self._source == "stock":
                moves.append(Reject())
            return moves
        if self._unclaimed:
            moves.append(Claim())
        moves.extend(Discard(Card(c)) for c in sorted(set(self._hands[seat])))
        return moves

    def apply(self, move: Move) -> PanEvent:
        """Make ``move`` (one of :meth:`legal_moves`' records) and return its record."""
        if isinstance(move, Play):
            return self.play()
        if isinstance(move, Sluff):
            return self.sluff()
        if isinstance(move, Draw):
            return self.draw()
        if isinstance(move, Take):
            return self.take()
        if isinstance(move, Reject):
            return self.reject()
        if isinstance(move, Discard):
            return self.discard(move.card)
        if isinstance(move, Claim):
            return self.claim()
        if isinstance(move, SplitTops):
            return self.split_tops()
        if isinstance(move, Demand):
            return self.demand(move.seat)
        return self._apply_step(move)


def decision_of(event: PanEvent) -> Move | None:
    """The decision an event records, to replay it; ``None`` for what the hand does itself."""
    from splitpot.pan import melds as _m
    from splitpot.pan import records as r

    if isinstance(event, r.Declaring):
        return Play() if event.plays else Sluff()
    if isinstance(event, r.Drawing) and event.source != "upcard":
        return Draw() if event.source == "stock" else Take()
    if isinstance(event, r.Rejecting):
        return Reject()
    if isinstance(event, r.Discarding):
        return Discard(event.card)
    if isinstance(event, r.Claiming):
        return Claim()
    if isinstance(event, r.TopsSplitting):
        return SplitTops()
    if isinstance(event, r.Demanding):
        return Demand(event.seat)
    if isinstance(event, r.Melding):
        return _m.NewMeld(event.cards, event.pays)
    if isinstance(event, r.LayingOff):
        return _m.LayOff(event.meld, event.cards, event.pays)
    if isinstance(event, r.Splitting):
        return _m.Split(event.meld, event.added, event.part, event.pays)
    if isinstance(event, r.Borrowing):
        return _m.Borrow(event.meld, event.take, event.cards, event.pays)
    return None
