"""The players' cards in a Pan hand: each seat's hand and its melds on the table
(docs/rules/pan.md §3, §6.3 to §6.5).

:class:`Tableau` owns the cards a seat holds and the melds it laid down, and the operations
on them: a new meld, a lay-off, a split, a borrow (§6.4), each checked by the Rust core's
meld rules (:mod:`splitpot.pan.melds`) before anything changes, and the pays each earns; what
the live discard or a drawn card can do (§6.2, §6.5); the outs of a seat that goes out
(§4.4). The :class:`~splitpot.pan.game.PanHand` decides when a seat may play.
"""

from __future__ import annotations

import itertools

from splitpot import _core
from splitpot._core import IllegalAction
from splitpot.pan import melds as _melds
from splitpot.pan import records as r
from splitpot.pan.cards import CARDS, Card, CardsLike, parse_cards
from splitpot.pan.melds import Borrow, LayOff, NewMeld, Split, Step
from splitpot.pan.records import PanEvent
from splitpot.pan.rules import PanRules
from splitpot.pan.turns import HAND_SIZE

__all__ = ["Tableau"]

Checked = tuple[list[int], _melds.Outcome, int | None]
"""An operation checked: the cards it takes from the hand and the drawn card, its outcome
(the melds it makes, the pays), and the index of the meld it changes (``None``: a new one)."""


class Tableau:
    """Each seat's hand (``hands``, card codes) and melds (``melds``, sorted codes each, in
    the order laid down), and the chips his lay-offs earned (``layoff_chips``, for the outs)."""

    __slots__ = ("_rules", "hands", "layoff_chips", "melds")

    def __init__(self, seats: int, rules: PanRules) -> None:
        self._rules = rules
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.melds: list[list[list[int]]] = [[] for _ in range(seats)]
        self.layoff_chips = [0] * seats

    def cards_from(self, seat: int, cards: CardsLike, drawn: int | None) -> list[int]:
        """The codes of ``cards``, which must come from the seat's hand and the drawn card."""
        codes = [c.code for c in parse_cards(cards)]
        pool = list(self.hands[seat])
        if drawn is not None:
            pool.append(drawn)
        for code in codes:
            if code not in pool:
                held = " ".join(str(Card(c)) for c in sorted(pool))
                raise IllegalAction(f"seat {seat} has no {Card(code)} to play; he has {held}")
            pool.remove(code)
        return codes

    def own_meld(self, seat: int, meld: CardsLike) -> int:
        """The index of one of the seat's melds with these cards (§6.4: own melds only)."""
        codes = sorted(c.code for c in parse_cards(meld))
        for i, m in enumerate(self.melds[seat]):
            if m == codes:
                return i
        names = "; ".join(" ".join(map(str, map(Card, m))) for m in self.melds[seat]) or "none"
        raise IllegalAction(
            f"seat {seat} has no meld {' '.join(map(str, map(Card, codes)))} (his melds: "
            f"{names}); a player plays only on his own melds (docs/rules/pan.md §6.4)"
        )

    def check(self, seat: int, step: Step, drawn: int | None) -> Checked:
        """``step`` checked for ``seat`` (``drawn``: the card he holds apart, if any), or
        :class:`~splitpot.IllegalAction` saying why not."""
        rules = self._rules
        index: int | None = None
        if isinstance(step, NewMeld):
            used = self.cards_from(seat, step.cards, drawn)
            outcome = _melds.meld(used, rules)
        elif isinstance(step, LayOff):
            index = self.own_meld(seat, step.meld)
            used = self.cards_from(seat, step.cards, drawn)
            outcome = _melds.lay_off(self.melds[seat][index], used, rules)
        elif isinstance(step, Split):
            index = self.own_meld(seat, step.meld)
            used = self.cards_from(seat, step.added, drawn)
            outcome = _melds.split(self.melds[seat][index], step.part, used, rules)
        elif isinstance(step, Borrow):
            index = self.own_meld(seat, step.meld)
            used = self.cards_from(seat, step.cards, drawn)
            outcome = _melds.borrow(self.melds[seat][index], step.take, used, rules)
        else:
            raise IllegalAction(f"{step!r} is not a move")
        return used, outcome, index

    def play(self, seat: int, step: Step, checked: Checked, drawn: int | None) -> PanEvent:
        """Make the checked ``step``: the cards leave the hand (the ``drawn`` card leaves the
        turn), the melds change; returns its record (with its pays)."""
        used, outcome, index = checked
        hand, melds = self.hands[seat], self.melds[seat]
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
        card = CARDS.__getitem__
        cards = tuple(map(card, sorted(used)))
        if isinstance(step, NewMeld):
            return r.Melding(seat, tuple(map(card, new[0])), pays)
        if isinstance(step, LayOff):
            self.layoff_chips[seat] += pays
            return r.LayingOff(seat, _names(step.meld), cards, pays)
        if isinstance(step, Split):
            return r.Splitting(seat, _names(step.meld), _names(step.part), cards, pays)
        assert isinstance(step, Borrow)
        return r.Borrowing(seat, _names(step.meld), _names(step.take), cards, pays)

    # The questions of every turn go to the core directly, as :func:`~splitpot.pan.forces`,
    # :func:`~splitpot.pan.can_place` and :func:`~splitpot.pan.turn_moves` ask them: the
    # tableau's lists of codes need no conversion.

    def lays_off(self, seat: int, code: int) -> bool:
        """Whether the card lays off by itself on one of the seat's melds (§6.5)."""
        melds = self.melds[seat]
        return bool(melds) and _core._pan_forces(CARDS[code], melds, self._rules._native)

    def can_place(self, seat: int, code: int) -> bool:
        """Whether the card can be placed at once (§6.2): some first operation uses it."""
        return _core._pan_can_place(
            CARDS[code], self.hands[seat], self.melds[seat], self._rules._native
        )

    def operations(self, seat: int, drawn: int | None, forced: bool) -> list[Step]:
        """The operations the seat may make now: the first must place ``drawn``, a forced
        card by a lay-off or a split (§6.3, §6.5)."""
        melds, card = self.melds[seat], None if drawn is None else CARDS[drawn]
        raw = _core._pan_turn_moves(
            card, drawn is None, self.hands[seat], melds, self._rules._native
        )
        steps = _melds.steps_of(raw, melds)
        if drawn is not None and forced:
            steps = [s for s in steps if isinstance(s, (LayOff, Split))]
        return steps

    def going_out(self, seat: int, drawn: int) -> _melds.TurnPlan | None:
        """How the seat goes out this turn with the ``drawn`` card (§6.3), or None: his hand,
        his melds and the card make 11 cards, pass the quick check
        (:func:`~splitpot.pan.melds.may_go_out`), and the planner finds a way."""
        hand, melds = self.hands[seat], self.melds[seat]
        if len(hand) + sum(map(len, melds)) != HAND_SIZE:
            return None
        if not _melds.may_go_out([*hand, drawn], itertools.chain.from_iterable(melds)):
            return None
        return _melds.go_out_with(CARDS[drawn], sorted(hand), melds, self._rules)

    def outs(self, seat: int) -> int:
        """What each opponent pays the seat that goes out, as his melds lie (§4.4)."""
        return _melds.outs(self.melds[seat], self.layoff_chips[seat], self._rules)


def _names(cards: CardsLike) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(cards)))
