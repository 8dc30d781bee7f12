"""The state of a Pan hand and what happens without a decision: posting and the deal, the
declarations' outcome, the operations on melds with their pays, the stock running out, going
out and the settlement (docs/rules/pan.md §4 to §6). :class:`~splitpot.pan.game.PanHand`
adds the decisions; this class holds the state and reads it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any

from splitpot import _seeds, _tabular
from splitpot._check import chips as _chips
from splitpot._core import IllegalAction, SplitpotError
from splitpot.limits import PAN_MAX_RESHUFFLES, PAN_MAX_SEATS, shown
from splitpot.pan import melds as _melds
from splitpot.pan.cards import Card, CardsLike, Deck, parse_cards
from splitpot.pan.melds import Borrow, LayOff, NewMeld, Split, Step
from splitpot.pan.records import (
    Claiming,
    Dealing,
    Declaring,
    Drawing,
    GoingOut,
    PanEnding,
    PanEvent,
    PanPhase,
    PanResult,
    PanStarting,
    Paying,
    Posting,
    Reshuffling,
)
from splitpot.pan.rules import (
    AllSluff,
    DrawFromDiscard,
    Forcing,
    PanRules,
    Rotation,
    StockExhausted,
)

__all__ = ["HAND_SIZE", "Turns", "can", "starting"]

HAND_SIZE = 10
"""Cards dealt to each player (docs/rules/pan.md §6.1); going out takes 11 melded (§6.3)."""


def can(verify: Callable[..., object], *args: Any) -> bool:
    """Whether ``verify(*args)`` passes (the ``can_x`` of a triad)."""
    try:
        verify(*args)
    except IllegalAction:
        return False
    return True


def starting(
    stacks: Sequence[int | None],
    first: int = 0,
    seed: int | None = None,
    rules: PanRules | None = None,
    carry: int = 0,
    deck: CardsLike | None = None,
) -> PanStarting:
    """The checked set-up of a hand (:class:`~splitpot.pan.game.PanHand`'s arguments):
    a :class:`~splitpot.SplitpotError` names what is wrong, before anything is dealt."""
    rules = rules if rules is not None else PanRules()
    if not isinstance(rules, PanRules):
        raise TypeError(f"rules must be a PanRules, got {shown(rules)}")
    seats = list(itertools.islice(stacks, PAN_MAX_SEATS + 1))  # read no further than the limit
    if len(seats) > PAN_MAX_SEATS:
        raise SplitpotError(f"stacks: more than the {PAN_MAX_SEATS} seats a hand has")
    start = tuple(
        None if s is None else _chips(s, f"stack of seat {i}") for i, s in enumerate(seats)
    )
    dealt = [i for i, s in enumerate(start) if s is not None]
    if not rules.players_min <= len(dealt) <= rules.players_max:
        raise SplitpotError(
            f"Pan is played by {rules.players_min} to {rules.players_max} players "
            f"(docs/rules/pan.md §6.7), got {len(dealt)}"
        )
    post = rules.tops_amount + rules.collection_fee
    for i in dealt:
        if start[i] < post:  # type: ignore[operator]
            raise SplitpotError(f"seat {i} has {start[i]} chips; posting takes {post} (§5.1)")
    if (
        isinstance(first, bool)
        or not isinstance(first, int)
        or not 0 <= first < len(start)
        or start[first] is None
    ):
        raise SplitpotError(f"first must be a seat dealt in, got {shown(first)}")
    if seed is None:
        seed = _seeds.draw()
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < _seeds.SEED_LIMIT:
        raise SplitpotError(f"seed must be an int 0..2**64-1, got {shown(seed)}")
    cards = None if deck is None else parse_cards(deck)
    size = rules.deck_size if cards is None else len(cards)
    if size < HAND_SIZE * len(dealt):  # §6.1: ten cards each
        raise SplitpotError(
            f"the deck has {size} cards; the deal takes {HAND_SIZE * len(dealt)} "
            f"({HAND_SIZE} for each of {len(dealt)} players, docs/rules/pan.md §6.1)"
        )
    return PanStarting(start, first, seed, rules, _chips(carry, "carry"), cards)


def validate(start: PanStarting) -> PanStarting:
    """A set-up record checked again (made by hand or read back)."""
    return starting(*(getattr(start, f.name) for f in fields(start)))


class Turns:
    """The state of a Pan hand; see :class:`~splitpot.pan.game.PanHand`."""

    __slots__ = (
        "_dead",
        "_demanded",
        "_drawn",
        "_events",
        "_forced_now",
        "_hands",
        "_house",
        "_layoff_chips",
        "_live",
        "_melds",
        "_n",
        "_order",
        "_phase",
        "_players",
        "_pot",
        "_queue",
        "_reshuffles",
        "_result",
        "_rules",
        "_source",
        "_stacks",
        "_start",
        "_stock",
        "_unclaimed",
    )

    _drawn: int | None
    _live: int | None

    # ------------------------------------------------------------------ the deal (§5.1, §6.1)

    def _deal(self, start: PanStarting) -> None:
        rules = start.rules
        n = len(start.stacks)
        self._start, self._rules, self._n = start, rules, n
        step = -1 if rules.rotation is Rotation.COUNTERCLOCKWISE else 1
        ring = [(start.first + step * i) % n for i in range(n)]
        self._order = [s for s in ring if start.stacks[s] is not None]
        self._stacks = [s or 0 for s in start.stacks]
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._melds: list[list[list[int]]] = [[] for _ in range(n)]
        self._layoff_chips = [0] * n
        self._players: list[int] = []
        self._dead: list[int] = []
        self._live = self._drawn = None
        self._source: str | None = None
        self._forced_now = self._demanded = False
        self._unclaimed = self._house = self._reshuffles = 0
        self._pot = start.carry
        self._result: PanResult | None = None
        self._events: list[PanEvent] = [start]
        for seat in self._order:  # §5.1: tops to the pot, collection to the house
            self._stacks[seat] -= rules.tops_amount + rules.collection_fee
            self._pot += rules.tops_amount
            self._house += rules.collection_fee
            self._events.append(Posting(seat, rules.tops_amount, rules.collection_fee))
        if start.deck is not None:
            cards = [c.code for c in start.deck]
        else:
            cards = [c.code for c in Deck(start.seed, rules)]
        self._stock = cards[::-1]  # the top card last, for pop()
        for _ in range(HAND_SIZE):  # one card at a time, in rotation (§6.1)
            for seat in self._order:
                self._hands[seat].append(self._stock.pop())
        for seat in self._order:
            self._events.append(Dealing(seat, tuple(map(Card, self._hands[seat]))))
        self._phase = PanPhase.DECLARE
        self._queue = list(self._order)

    def _declare(self, seat: int, plays: bool) -> Declaring:
        record = Declaring(seat, plays)
        self._events.append(record)
        self._queue.pop(0)
        if plays:
            self._players.append(seat)
        elif self._rules.sluff_forfeit:  # §5.3 HOUSE: a drop forfeit into the pot
            forfeit = min(self._rules.sluff_forfeit, self._stacks[seat])
            self._stacks[seat] -= forfeit
            self._pot += forfeit
            self._events.append(Paying(seat, None, forfeit, "sluff forfeit"))
        if not self._queue:
            self._begin_play()
        return record

    def _begin_play(self) -> None:
        """After the declarations (§5.2): one player takes the tops, none sluffs them all."""
        players = self._players
        if not players:
            if self._rules.tops_all_sluff is AllSluff.REFUND:
                for seat in self._order:
                    self._stacks[seat] += self._rules.tops_amount
                    self._pot -= self._rules.tops_amount
            self._end(None)
            return
        if len(players) == 1:
            self._end(players[0])
            return
        self._phase = PanPhase.DRAW
        self._queue = [players[0]]
        if self._rules.initial_upcard and self._stock:  # §6.1 HOUSE: the top stock card
            self._live = self._stock.pop()
            self._events.append(Drawing(players[0], Card(self._live), "upcard"))
        if not self._stock:  # a deck dealt out (or by the upcard): §6.6 before the first draw
            self._refill()

    # ------------------------------------------------------------------ the turn (§6.2 - §6.4)

    def _hold(self, seat: int, code: int, source: str, forced: bool = False) -> Drawing:
        self._forced_now = forced
        record = Drawing(seat, Card(code), source)
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
        return self._lays_off(seat, live)

    def _placer(self) -> int:
        if self._phase is not PanPhase.PLACE:
            raise IllegalAction(f"no card is waiting to be placed: {self._waiting_for()}")
        return self._queue[0]

    def _user(self) -> int:
        if self._phase is not PanPhase.USE:
            if self._phase is PanPhase.PLACE:
                raise IllegalAction(
                    f"seat {self._queue[0]} must place {Card(self._drawn or 0)} first "
                    f"(docs/rules/pan.md §6.3)"
                    + (" or reject it" if self._source == "stock" else "")
                )
            raise IllegalAction(f"no discard now: {self._waiting_for()}")
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

    # ------------------------------------------------------------------ operations (§6.4)

    def _cards_from(self, seat: int, cards: CardsLike) -> list[int]:
        """The codes of ``cards``, which must come from the seat's hand and the drawn card."""
        codes = [c.code for c in parse_cards(cards)]
        pool = list(self._hands[seat])
        if self._drawn is not None:
            pool.append(self._drawn)
        for code in codes:
            if code not in pool:
                held = " ".join(str(Card(c)) for c in sorted(pool))
                raise IllegalAction(f"seat {seat} has no {Card(code)} to play; he has {held}")
            pool.remove(code)
        return codes

    def _own_meld(self, seat: int, meld: CardsLike) -> int:
        """The index of one of the seat's melds with these cards (§6.4: own melds only)."""
        codes = sorted(c.code for c in parse_cards(meld))
        for i, m in enumerate(self._melds[seat]):
            if m == codes:
                return i
        names = "; ".join(" ".join(map(str, map(Card, m))) for m in self._melds[seat]) or "none"
        raise IllegalAction(
            f"seat {seat} has no meld {' '.join(map(str, map(Card, codes)))} (his melds: "
            f"{names}); a player plays only on his own melds (docs/rules/pan.md §6.4)"
        )

    def _verify_step(self, step: Step) -> tuple[int, list[int], _melds.Outcome, int | None]:
        """Check an operation: ``(seat, cards it takes from hand and drawn card, outcome, index
        of the meld it changes)``; raise :class:`IllegalAction` why not."""
        if self._phase not in (PanPhase.PLACE, PanPhase.USE):
            raise IllegalAction(f"no melding now: {self._waiting_for()}")
        seat = self._queue[0]
        rules = self._rules
        index: int | None = None
        if isinstance(step, NewMeld):
            used = self._cards_from(seat, step.cards)
            outcome = _melds.meld(used, rules)
        elif isinstance(step, LayOff):
            index = self._own_meld(seat, step.meld)
            used = self._cards_from(seat, step.cards)
            outcome = _melds.lay_off(self._melds[seat][index], used, rules)
        elif isinstance(step, Split):
            index = self._own_meld(seat, step.meld)
            used = self._cards_from(seat, step.added)
            outcome = _melds.split(self._melds[seat][index], step.part, used, rules)
        elif isinstance(step, Borrow):
            index = self._own_meld(seat, step.meld)
            used = self._cards_from(seat, step.cards)
            outcome = _melds.borrow(self._melds[seat][index], step.take, used, rules)
        else:
            raise IllegalAction(f"{step!r} is not a move")
        drawn = self._drawn
        if self._phase is PanPhase.PLACE:
            if drawn not in used:
                raise IllegalAction(
                    f"the drawn card {Card(drawn or 0)} must be placed first "
                    f"(docs/rules/pan.md §6.3)"
                )
            if self._forced_now and not isinstance(step, (LayOff, Split)):
                raise IllegalAction(
                    f"the forced card {Card(drawn or 0)} must be laid off on a meld "
                    f"(docs/rules/pan.md §6.5)"
                )
        return seat, used, outcome, index

    def _apply_step(self, step: Step) -> PanEvent:
        from splitpot.pan import records as r

        seat, used, outcome, index = self._verify_step(step)
        hand, melds = self._hands[seat], self._melds[seat]
        drawn = self._drawn if self._phase is PanPhase.PLACE else None
        for code in used:
            if code == drawn:
                drawn = None  # the drawn card leaves the turn, not the hand
            else:
                hand.remove(code)
        new = [sorted(c.code for c in m) for m in outcome.melds]
        if isinstance(step, Split):  # the rest stays in place, the part is a new meld
            part = sorted(c.code for c in parse_cards(step.part))
            rest = new[1] if new[0] == part else new[0]
            melds[index] = rest  # type: ignore[index]
            melds.append(part)
        elif index is None:
            melds.append(new[0])
        else:  # a lay-off changes the meld; a borrow leaves a remainder and a new meld
            melds[index] = new[0]
            melds.extend(new[1:])
        pays = outcome.pays
        record: PanEvent
        cards = tuple(map(Card, sorted(used)))
        if isinstance(step, NewMeld):
            record = r.Melding(seat, tuple(map(Card, new[0])), pays)
        elif isinstance(step, LayOff):
            record = r.LayingOff(seat, _names(step.meld), cards, pays)
            self._layoff_chips[seat] += pays
        elif isinstance(step, Split):
            record = r.Splitting(seat, _names(step.meld), _names(step.part), cards, pays)
        else:
            assert isinstance(step, Borrow)
            record = r.Borrowing(seat, _names(step.meld), _names(step.take), cards, pays)
        self._events.append(record)
        if self._phase is PanPhase.PLACE:
            self._phase = PanPhase.USE
            self._drawn = None
        self._collect(seat, pays, "conditions")
        if not hand:  # all 11 cards melded: he goes out, no discard (§6.3)
            self._go_out(seat)
        return record

    # ------------------------------------------------------------------ money (§4)

    def _collect(self, seat: int, pays: int, why: str) -> None:
        """Each active opponent pays ``pays`` to ``seat`` (§4.1 to §4.3); with
        ``must_claim_before_discard`` the pays wait for :meth:`claim` (§4.5). A player short of
        chips pays what he has (docs/rules/pan.md §4 DECISION)."""
        if not pays:
            return
        if self._rules.must_claim_before_discard and why == "conditions":
            self._unclaimed += pays
            return
        for other in self._players:
            if other != seat:
                amount = min(pays, self._stacks[other])
                if amount:
                    self._stacks[other] -= amount
                    self._stacks[seat] += amount
                    self._events.append(Paying(other, seat, amount, why))

    def verify_claim(self) -> int:
        """Raise unless the player has pays to claim (``must_claim_before_discard``, §4.5)."""
        seat = self._user()
        if not self._unclaimed:
            raise IllegalAction(f"seat {seat} has no pays to claim")
        return seat

    def can_claim(self) -> bool:
        return can(self.verify_claim)

    def claim(self) -> Claiming:
        """The player claims his pays before discarding; unclaimed ones are lost (§4.5)."""
        seat = self.verify_claim()
        record = Claiming(seat)
        self._events.append(record)
        pays, self._unclaimed = self._unclaimed, 0
        self._collect(seat, pays, "claimed conditions")
        return record

    def _go_out(self, seat: int) -> None:
        """He panned the hand (§4.4): every active opponent pays the outs as the melds lie,
        and the pot is his."""
        if self._unclaimed:
            pays, self._unclaimed = self._unclaimed, 0
            self._collect(seat, pays, "claimed conditions")
        outs = _melds.outs(self._melds[seat], self._layoff_chips[seat], self._rules)
        self._events.append(GoingOut(seat, outs))
        self._collect(seat, outs, "outs")
        self._end(seat, outs)

    def _end(self, winner: int | None, outs: int = 0) -> None:
        carry = 0
        if winner is None:
            carry, self._pot = self._pot, 0  # §5.2, §6.6: the tops carry over
        elif self._pot:
            self._stacks[winner] += self._pot
            self._events.append(Paying(None, winner, self._pot, "the pot"))
            self._pot = 0
        final = tuple(
            None if s is None else self._stacks[i] for i, s in enumerate(self._start.stacks)
        )
        self._events.append(PanEnding(final, winner, carry, self._house))
        net = tuple(
            (f or 0) - (s or 0)
            for f, s in zip(final, self._start.stacks)  # noqa: B905
        )
        self._result = PanResult(winner, outs, final, net, carry, self._house)
        self._phase = PanPhase.OVER
        self._queue = []

    # ------------------------------------------------------------------ what anyone may read

    @property
    def rules(self) -> PanRules:
        return self._rules

    @property
    def phase(self) -> PanPhase:
        return self._phase

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None`` once the hand is over."""
        return self._queue[0] if self._queue else None

    @property
    def is_over(self) -> bool:
        return self._phase is PanPhase.OVER

    @property
    def seats(self) -> list[int]:
        """The seats dealt in, in rotation order from the first hand (§6.1)."""
        return list(self._order)

    @property
    def players(self) -> list[int]:
        """The seats that declared play, in rotation order (the active players, §5.2)."""
        return list(self._players)

    @property
    def stacks(self) -> list[int]:
        """Each seat's chips now (0 for a seat not dealt in)."""
        return list(self._stacks)

    @property
    def pot(self) -> int:
        """The tops (and forfeits, and any carry) waiting for the winner (§5.1)."""
        return self._pot

    @property
    def house(self) -> int:
        """The collection taken by the house (§5.1)."""
        return self._house

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The seat's hand cards (the drawn card is not one of them, §6.3)."""
        return tuple(map(Card, sorted(self._hands[self._seat(seat)])))

    def melds(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """The seat's melds on the table, in the order laid down."""
        return tuple(tuple(map(Card, m)) for m in self._melds[self._seat(seat)])

    @property
    def drawn(self) -> Card | None:
        """The card the player to act drew and has not placed yet."""
        return None if self._drawn is None else Card(self._drawn)

    @property
    def live_discard(self) -> Card | None:
        """The card the next player may take (§6.2), or ``None``."""
        return None if self._live is None else Card(self._live)

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def dead_cards(self) -> tuple[Card, ...]:
        """The dead discards, in the order they died."""
        return tuple(map(Card, self._dead))

    @property
    def events(self) -> tuple[PanEvent, ...]:
        return tuple(self._events)

    @property
    def result(self) -> PanResult:
        """The settlement; raises until the hand is over."""
        if self._result is None:
            raise IllegalAction("the hand is not over yet; no result")
        return self._result

    # ------------------------------------------------------------------ in a notebook

    def __repr__(self) -> str:
        now = "over" if self.actor is None else f"{self.phase.value}, seat {self.actor} to act"
        return f"<PanHand {len(self.seats)} players, {now}, pot {self.pot}>"

    def _repr_html_(self) -> str:
        """A row per seat: chips, cards in hand, melds on the table; the result once over."""
        return _tabular.html_table(repr(self), notebook_rows(self))

    def _seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise SplitpotError(f"no seat {shown(seat)} in this hand (seats 0..{self._n - 1})")
        return seat

    def _waiting_for(self) -> str:
        phase = self._phase
        if phase is PanPhase.OVER:
            return "the hand is over"
        seat = self._queue[0]
        return {
            PanPhase.DECLARE: f"seat {seat} is to declare play() or sluff()",
            PanPhase.DRAW: f"seat {seat} is to draw() or take()",
            PanPhase.PLACE: f"seat {seat} is to place the drawn card",
            PanPhase.USE: f"seat {seat} may meld more, then discard()",
        }[phase]

    def _lays_off(self, seat: int, code: int) -> bool:
        """Whether the card lays off by itself on one of the seat's melds (§6.5)."""
        melds = self._melds[seat]
        return bool(melds) and _melds.forces(code, melds, self._rules)

    def _can_place(self, seat: int, code: int) -> bool:
        """Whether the card can be placed at once (§6.2): some first operation uses it."""
        return _melds.can_place(code, self._hands[seat], self._melds[seat], self._rules)

    def _operations(self, seat: int) -> list[Step]:
        """The operations the player may make now (the first must place the drawn card)."""
        placing = self._phase is PanPhase.PLACE
        steps = _melds.turn_moves(
            self._drawn if placing else None,
            self._hands[seat],
            self._melds[seat],
            placed=not placing,
            rules=self._rules,
        )
        if placing and self._forced_now:
            steps = [s for s in steps if isinstance(s, (LayOff, Split))]
        return steps


def _names(cards: CardsLike) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(cards)))


def notebook_rows(hand: Turns) -> list[dict[str, Any]]:
    """A notebook's row per seat dealt in: ``seat``, ``chips``, ``cards`` (in hand),
    ``melds``, and once the hand is over ``net``."""
    over = hand.is_over
    return [
        {
            "seat": s,
            "chips": hand.stacks[s],
            "cards": len(hand.hand(s)),
            "melds": "; ".join(" ".join(map(str, m)) for m in hand.melds(s)),
        }
        | ({"net": hand.result.net[s]} if over else {})
        for s in hand.seats
    ]
