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

from splitpot import _seeds
from splitpot._core import IllegalAction, SplitpotError
from splitpot._facade import can_of
from splitpot.limits import PAN_MAX_RESHUFFLES, shown
from splitpot.pan import view as _view
from splitpot.pan.cards import CARDS, Card, CardsLike, Deck
from splitpot.pan.melds import LayOff, Split, Step, TurnPlan
from splitpot.pan.money import PanMoney
from splitpot.pan.records import (
    Claim,
    Claiming,
    Dealing,
    Declaring,
    Demand,
    Demanding,
    Discard,
    Discarding,
    Draw,
    Drawing,
    GoingOut,
    Move,
    PanEnding,
    PanEvent,
    PanPhase,
    PanResult,
    PanStarting,
    Play,
    Reject,
    Rejecting,
    Reshuffling,
    Sluff,
    SplitTops,
    Take,
    TopsSplitting,
)
from splitpot.pan.rules import (
    AllSluff,
    DrawFromDiscard,
    Forcing,
    PanRules,
    Rotation,
    StockExhausted,
)
from splitpot.pan.tableau import Checked, Tableau
from splitpot.pan.turns import HAND_SIZE, starting, validate

__all__ = ["PanHand", "decision_of"]


class PanHand:
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

    __slots__ = (
        "_dead",
        "_demanded",
        "_drawn",
        "_events",
        "_forced_now",
        "_live",
        "_money",
        "_n",
        "_order",
        "_phase",
        "_players",
        "_queue",
        "_reshuffles",
        "_result",
        "_rules",
        "_source",
        "_start",
        "_stock",
        "_table",
    )

    _drawn: int | None
    _live: int | None

    # The read-only state: :mod:`.view`, a facade over the parts, reads each from its part.
    rules, phase, actor, is_over = _view.rules, _view.phase, _view.actor, _view.is_over
    seats, players, stacks, pot, house = (
        _view.seats,
        _view.players,
        _view.stacks,
        _view.pot,
        _view.house,
    )
    hand, melds, drawn, live_discard = _view.hand, _view.melds, _view.drawn, _view.live_discard
    stock_size, dead_cards, events, result = (
        _view.stock_size,
        _view.dead_cards,
        _view.events,
        _view.result,
    )
    __repr__, _repr_html_ = _view.text, _view.repr_html

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

    def _deal(self, start: PanStarting) -> None:
        """Post the tops and collection and deal ten cards each (§5.1, §6.1)."""
        rules = start.rules
        n = len(start.stacks)
        self._start, self._rules, self._n = start, rules, n
        step = -1 if rules.rotation is Rotation.COUNTERCLOCKWISE else 1
        ring = [(start.first + step * i) % n for i in range(n)]
        self._order = [s for s in ring if start.stacks[s] is not None]
        self._events: list[PanEvent] = [start]
        self._money = PanMoney(start, self._events)
        self._table = Tableau(n, rules)
        self._players: list[int] = []
        self._dead: list[int] = []
        self._live = self._drawn = None
        self._source: str | None = None
        self._forced_now = self._demanded = False
        self._reshuffles = 0
        self._result: PanResult | None = None
        self._money.post(self._order)
        if start.deck is not None:
            cards = [c.code for c in start.deck]
        else:
            cards = [c.code for c in Deck(start.seed, rules)]
        self._stock = cards[::-1]  # the top card last, for pop()
        hands = self._table.hands
        for _ in range(HAND_SIZE):  # one card at a time, in rotation (§6.1)
            for seat in self._order:
                hands[seat].append(self._stock.pop())
        for seat in self._order:
            self._events.append(Dealing(seat, tuple(map(CARDS.__getitem__, hands[seat]))))
        self._phase = PanPhase.DECLARE
        self._queue = list(self._order)

    def _declare(self, seat: int, plays: bool) -> Declaring:
        record = Declaring(seat, plays)
        self._events.append(record)
        self._queue.pop(0)
        if plays:
            self._players.append(seat)
        elif self._rules.sluff_forfeit:  # §5.3 HOUSE: a drop forfeit into the pot
            self._money.forfeit(seat)
        if not self._queue:
            self._begin_play()
        return record

    def _begin_play(self) -> None:
        """After the declarations (§5.2): one player takes the tops, none sluffs them all."""
        players = self._players
        if not players:
            if self._rules.tops_all_sluff is AllSluff.REFUND:
                self._money.refund(self._order)
            self._end(None)
            return
        if len(players) == 1:
            self._end(players[0])
            return
        self._phase = PanPhase.DRAW
        self._queue = [players[0]]
        if self._rules.initial_upcard and self._stock:  # §6.1 HOUSE: the top stock card
            self._live = self._stock.pop()
            self._events.append(Drawing(players[0], CARDS[self._live], "upcard"))
        if not self._stock:  # a deck dealt out (or by the upcard): §6.6 before the first draw
            self._refill()

    def _declarer(self) -> int:
        if self._phase is not PanPhase.DECLARE:
            raise IllegalAction(f"no declarations now: {_view.waiting_for(self)}")
        return self._queue[0]

    def verify_play(self) -> int:
        """Raise unless a seat is to declare; return it (§5.2)."""
        return self._declarer()

    can_play = can_of(verify_play)

    def play(self) -> Declaring:
        """The seat to declare plays: he is in until someone goes out (§5.2)."""
        return self._declare(self.verify_play(), True)

    def verify_sluff(self) -> int:
        """Raise unless a seat is to declare; return it (§5.2)."""
        return self._declarer()

    can_sluff = can_of(verify_sluff)

    def sluff(self) -> Declaring:
        """The seat to declare sluffs: he loses his tops (and any forfeit), pays nothing else
        (§5.3)."""
        return self._declare(self.verify_sluff(), False)

    def _hold(self, seat: int, code: int, source: str, forced: bool = False) -> Drawing:
        self._forced_now = forced
        record = Drawing(seat, CARDS[code], source)
        self._events.append(record)
        self._drawn, self._source = code, source
        self._phase = PanPhase.PLACE
        return record

    def _forced(self, seat: int) -> bool:
        """Whether the live discard must be taken (§6.5): it lays off by itself on one of the
        player's melds, and ``forcing`` is mandatory, or on demand and a player called for it."""
        live = self._live
        rules = self._rules
        if live is None or rules.forcing is Forcing.OFF:
            return False
        if rules.forcing is Forcing.ON_DEMAND and not self._demanded:
            return False
        if rules.draw_from_discard is DrawFromDiscard.NEVER:
            return False
        return self._table.lays_off(seat, live)

    def _placer(self) -> int:
        if self._phase is not PanPhase.PLACE:
            raise IllegalAction(f"no card is waiting to be placed: {_view.waiting_for(self)}")
        return self._queue[0]

    def _user(self) -> int:
        if self._phase is not PanPhase.USE:
            if self._phase is PanPhase.PLACE:
                raise IllegalAction(
                    f"seat {self._queue[0]} must place {Card(self._drawn or 0)} first "
                    f"(docs/rules/pan.md §6.3)"
                    + (" or reject it" if self._source == "stock" else "")
                )
            raise IllegalAction(f"no discard now: {_view.waiting_for(self)}")
        return self._queue[0]

    def _next_turn(self) -> None:
        players, seat = self._players, self._queue[0]
        self._queue = [players[(players.index(seat) + 1) % len(players)]]
        self._phase = PanPhase.DRAW
        self._drawn = self._source = None
        self._forced_now = self._demanded = False
        if not self._stock:
            self._refill()

    def _refill(self) -> None:
        """The stock is out (§6.6 HOUSE): shuffle the dead discards into a new stock, keeping
        the live discard; with none to shuffle, under ``voidHand``, or once the stock has been
        rebuilt :data:`~splitpot.limits.PAN_MAX_RESHUFFLES` times (§6.6 DECISION: a hand
        ends), the hand is void and the tops carry over."""
        if (
            self._rules.stock_exhausted is StockExhausted.VOID_HAND
            or not self._dead
            or self._reshuffles >= PAN_MAX_RESHUFFLES
        ):
            self._end(None)
            return
        self._reshuffles += 1
        stock, self._dead = self._dead, []
        _seeds.shuffler(self._start.seed, self._reshuffles).shuffle(stock)
        self._stock = stock
        self._events.append(Reshuffling(len(stock)))

    def _drawer(self) -> int:
        if self._phase is not PanPhase.DRAW:
            raise IllegalAction(f"no draw now: {_view.waiting_for(self)}")
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

    can_draw = can_of(verify_draw)

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
        if not self._table.can_place(seat, live):
            raise IllegalAction(
                f"seat {seat} cannot use {Card(live)} at once: a discard is taken only to be "
                f"melded this turn (docs/rules/pan.md §6.2)"
            )
        return live

    can_take = can_of(verify_take)

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

    can_reject = can_of(verify_reject)

    def reject(self) -> Rejecting:
        """The drawn stock card becomes the live discard for the next player; the turn ends
        (§6.3 REJECT)."""
        seat = self.verify_reject()
        code = self._drawn
        assert code is not None
        record = Rejecting(seat, CARDS[code])
        self._events.append(record)
        self._drawn = None
        self._live = code
        self._next_turn()
        return record

    def verify_discard(self, card: Card | str | int) -> int:
        """Raise unless the player may discard ``card`` from his hand now; return its code."""
        seat = self._user()
        try:
            code = Card(card).code
        except (TypeError, ValueError) as e:
            raise IllegalAction(f"cannot discard {card!r}: {e}") from None
        if code not in self._table.hands[seat]:
            held = " ".join(map(str, self.hand(seat)))
            raise IllegalAction(f"seat {seat} does not hold {Card(code)}; he holds {held}")
        return code

    can_discard = can_of(verify_discard)

    def discard(self, card: Card | str | int) -> Discarding:
        """The player discards a hand card: it is dead (in ``anyIfMeldable`` the next player may
        take it), and the turn ends (§6.3)."""
        code = self.verify_discard(card)
        seat = self._queue[0]
        self._table.hands[seat].remove(code)
        self._money.unclaimed = 0  # pays not claimed by now are lost (§4.5)
        record = Discarding(seat, CARDS[code])
        self._events.append(record)
        if self._rules.draw_from_discard is DrawFromDiscard.ANY_IF_MELDABLE:
            self._live = code
        else:
            self._dead.append(code)
        self._next_turn()
        return record

    def _verify_step(self, step: Step) -> tuple[int, Checked]:
        """Check an operation for the seat to act (:meth:`Tableau.check`), and that the first
        places the drawn card (a forced one by a lay-off or a split, §6.3, §6.5); raise
        :class:`IllegalAction` why not."""
        if self._phase not in (PanPhase.PLACE, PanPhase.USE):
            raise IllegalAction(f"no melding now: {_view.waiting_for(self)}")
        seat = self._queue[0]
        checked = self._table.check(seat, step, self._drawn)
        drawn = self._drawn
        if self._phase is PanPhase.PLACE:
            if drawn not in checked[0]:
                raise IllegalAction(
                    f"the drawn card {Card(drawn or 0)} must be placed first "
                    f"(docs/rules/pan.md §6.3)"
                )
            if self._forced_now and not isinstance(step, (LayOff, Split)):
                raise IllegalAction(
                    f"the forced card {Card(drawn or 0)} must be laid off on a meld "
                    f"(docs/rules/pan.md §6.5)"
                )
        return seat, checked

    def _apply_step(self, step: Step) -> PanEvent:
        seat, checked = self._verify_step(step)
        drawn = self._drawn if self._phase is PanPhase.PLACE else None
        record = self._table.play(seat, step, checked, drawn)
        self._events.append(record)
        if self._phase is PanPhase.PLACE:
            self._phase = PanPhase.USE
            self._drawn = None
        self._money.collect(seat, self._players, checked[1].pays, "conditions")
        if not self._table.hands[seat]:  # all 11 cards melded: he goes out, no discard (§6.3)
            self._go_out(seat)
        return record

    def verify_claim(self) -> int:
        """Raise unless the player has pays to claim (``must_claim_before_discard``, §4.5)."""
        seat = self._user()
        if not self._money.unclaimed:
            raise IllegalAction(f"seat {seat} has no pays to claim")
        return seat

    can_claim = can_of(verify_claim)

    def claim(self) -> Claiming:
        """The player claims his pays before discarding; unclaimed ones are lost (§4.5)."""
        seat = self.verify_claim()
        record = Claiming(seat)
        self._events.append(record)
        self._money.claim(seat, self._players)
        return record

    def _go_out(self, seat: int) -> None:
        """He panned the hand (§4.4): every active opponent pays the outs as the melds lie,
        and the pot is his."""
        if self._money.unclaimed:
            self._money.claim(seat, self._players)
        outs = self._table.outs(seat)
        self._events.append(GoingOut(seat, outs))
        self._money.collect(seat, self._players, outs, "outs")
        self._end(seat, outs)

    def _end(self, winner: int | None, outs: int = 0) -> None:
        carry = self._money.settle(winner)
        stacks, house = self._money.stacks, self._money.house
        final = tuple(None if s is None else stacks[i] for i, s in enumerate(self._start.stacks))
        self._events.append(PanEnding(final, winner, carry, house))
        net = tuple((f or 0) - (s or 0) for f, s in zip(final, self._start.stacks))  # noqa: B905
        self._result = PanResult(winner, outs, final, net, carry, house)
        self._phase = PanPhase.OVER
        self._queue = []

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
        if self._demanded or self._live is None or not self._table.lays_off(actor, self._live):
            raise IllegalAction("there is no live discard to force on the player to act")
        return seat

    can_demand = can_of(verify_demand)

    def demand(self, seat: int) -> Demanding:
        """``seat`` calls for the live discard: the player to act must take it (§6.5 onDemand).
        Another player's call, made out of turn; :meth:`legal_moves` lists only the actor's."""
        self.verify_demand(seat)
        record = Demanding(seat)
        self._events.append(record)
        self._demanded = True
        return record

    def verify_split_tops(self) -> int:
        """Raise unless the two players left may divide the tops now (``tops_allow_split``,
        §5.2): exactly two play and no card has been drawn; return the first hand."""
        seat = self._drawer()
        if not self._rules.tops_allow_split:
            raise IllegalAction("the tops are not split here (tops.allowSplit is off, §5.2)")
        if len(self._players) != 2 or any(isinstance(e, Drawing) for e in self._events):
            raise IllegalAction("only the two players left may split the tops, before play")
        return seat

    can_split_tops = can_of(verify_split_tops)

    def split_tops(self) -> TopsSplitting:
        """The two players divide the tops, the odd chip to the first hand, and the hand ends
        (§5.2: "dividing of the Tops without playing for them")."""
        self.verify_split_tops()
        first, second = self._players
        record = TopsSplitting((first, second))
        self._events.append(record)
        half, odd = divmod(self._money.pot, 2)
        self._money.pay_out(first, half + odd, "split tops")
        self._money.pay_out(second, half, "split tops")
        self._end(None)
        return record

    def legal_moves(self) -> list[Move]:
        """Every decision the player to act may take now, each accepted by :meth:`apply`."""
        phase = self._phase
        if phase is PanPhase.OVER:
            return []
        if phase is PanPhase.DECLARE:
            return [Play(), Sluff()]
        seat = self._queue[0]
        moves: list[Move] = []
        if phase is PanPhase.DRAW:
            if self.can_take():
                moves.append(Take())
            if not self._forced(seat):
                moves.append(Draw())
            if self.can_split_tops():
                moves.append(SplitTops())
            return moves
        moves.extend(self.operations())
        if phase is PanPhase.PLACE:
            if self._source == "stock":
                moves.append(Reject())
            return moves
        if self._money.unclaimed:
            moves.append(Claim())
        moves.extend([Discard(CARDS[c]) for c in sorted(set(self._table.hands[seat]))])
        return moves

    def operations(self) -> list[Step]:
        """The operations on his melds (``NewMeld``, ``LayOff``, ``Split``, ``Borrow``) the
        player to act may make now, in :meth:`legal_moves`' order: the first places the drawn
        card, a forced one by a lay-off or a split (§6.3, §6.5); none outside his turn's
        melding. What a bot weighs without the rest of :meth:`legal_moves`."""
        phase = self._phase
        if phase is PanPhase.PLACE:
            return self._table.operations(self._queue[0], self._drawn, self._forced_now)
        if phase is PanPhase.USE:
            return self._table.operations(self._queue[0], None, self._forced_now)
        return []

    def go_out_plan(self) -> TurnPlan | None:
        """How the player to act can go out this turn (§6.3): the plan of
        :func:`~splitpot.pan.go_out_with` for the card he drew, his hand and his melds; None
        when no drawn card waits to be placed or there is no way. A forced card must be laid
        off (§6.5), which the planner does not know: :meth:`apply` may refuse the first step."""
        if self._phase is not PanPhase.PLACE or self._drawn is None:
            return None
        return self._table.going_out(self._queue[0], self._drawn)

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
