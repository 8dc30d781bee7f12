"""Built-in Pan bots: they see what the player to act may see (his hand, his melds, the drawn
card, the live discard) and :meth:`PanHand.legal_moves <splitpot.pan.game.PanHand.legal_moves>`.
For tests, demonstrations and simulations, not for winning.

* :class:`RandomPanBot`: a uniformly random legal move.
* :class:`GreedyPanBot`: plays a hand with a meld or enough connected cards; takes the live
  discard whenever it may (a forced card it must take anyway, §6.5); goes out whenever
  :func:`~splitpot.pan.go_out_with` finds a way this turn; otherwise makes the operation that
  melds the most hand cards (then collects the most); rejects a stock card it cannot use;
  claims its pays (§4.5); discards the card with the fewest connections to the rest of its
  hand (same rank, or same suit within two ranks: the cards that could make a meld).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Protocol

from splitpot._core import IllegalAction
from splitpot.pan.cards import Card
from splitpot.pan.game import PanHand
from splitpot.pan.melds import Borrow, LayOff, NewMeld, Split, Step, go_out_with, is_meld
from splitpot.pan.records import Claim, Discard, PanEvent, PanPhase, Reject

__all__ = ["GreedyPanBot", "PanBot", "RandomPanBot", "connections", "play_pan_bots"]


class PanBot(Protocol):
    """Anything that takes the decision of the seat to act."""

    def act(self, hand: PanHand) -> PanEvent:
        """Make one legal decision for :attr:`PanHand.actor` and return its record."""
        ...


class RandomPanBot:
    """A uniformly random move among :meth:`PanHand.legal_moves`."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, hand: PanHand) -> PanEvent:
        return hand.apply(self._rng.choice(hand.legal_moves()))


def _near(a: int, b: int) -> bool:
    """Whether two cards could share a three-card meld: the same rank, or the same suit within
    two ranks (A 2 3 4 5 6 7 J Q K, docs/rules/pan.md §2, §3)."""
    ra, rb = a >> 2, b >> 2
    return ra == rb or ((a - b) % 4 == 0 and abs(ra - rb) <= 2)


def connections(code: int, others: Sequence[int]) -> int:
    """How many of ``others`` could share a meld with the card ``code`` (see :func:`_near`)."""
    rank, suit = code >> 2, code & 3  # _near inline: this runs for every card of every turn
    return len(
        [o for o in others if o >> 2 == rank or (o & 3 == suit and -2 <= (o >> 2) - rank <= 2)]
    )


def _hand_cards(step: Step) -> int:
    if isinstance(step, NewMeld):
        return len(step.cards)
    if isinstance(step, (LayOff, Borrow)):
        return len(step.cards)
    assert isinstance(step, Split)
    return len(step.added)


class GreedyPanBot:
    """The greedy melder described in the module doc. ``play_below``: it sluffs a hand with
    no meld and fewer than this many cards connected to another (default 6 of 10)."""

    def __init__(self, seed: int | None = None, play_below: int = 6) -> None:
        self._rng = random.Random(seed)
        self.play_below = play_below

    def wants_to_play(self, hand: PanHand, seat: int) -> bool:
        """Play a hand that holds a meld, or enough connected cards (§5.2)."""
        cards = [c.code for c in hand.hand(seat)]
        rules = hand.rules
        # every two cards of a three-card meld are connected: test only such triples
        for a, b, c in itertools.combinations(cards, 3):
            if _near(a, b) and _near(a, c) and _near(b, c) and is_meld((a, b, c), rules):
                return True
        others = [cards[:i] + cards[i + 1 :] for i in range(len(cards))]
        connected = sum(1 for c, rest in zip(cards, others, strict=True) if connections(c, rest))
        return connected >= self.play_below

    def act(self, hand: PanHand) -> PanEvent:
        seat = hand.actor
        assert seat is not None, "the hand is over"
        phase = hand.phase
        if phase is PanPhase.DECLARE:
            return hand.play() if self.wants_to_play(hand, seat) else hand.sluff()
        if phase is PanPhase.PLACE:
            out = self._go_out(hand, seat)
            if out is not None:
                return out
        if phase is PanPhase.DRAW:  # a card it may take is one it can meld at once (§6.2)
            return hand.take() if hand.can_take() else hand.draw()
        moves = hand.legal_moves()
        steps = [m for m in moves if isinstance(m, (NewMeld, LayOff, Split, Borrow))]
        useful = [s for s in steps if _hand_cards(s) or s.pays]
        if useful:
            best = max(useful, key=lambda s: (_hand_cards(s), s.pays))
            return hand.apply(best)
        if Reject() in moves:
            return hand.reject()
        if Claim() in moves:
            return hand.claim()
        if phase is PanPhase.PLACE:  # a card that must be placed: any placement will do
            return hand.apply(steps[0])
        return hand.apply(Discard(self._worst(hand, seat)))

    def _go_out(self, hand: PanHand, seat: int) -> PanEvent | None:
        """Go out this turn when the planner finds a way (§6.3): every step of its plan."""
        drawn = hand.drawn
        if drawn is None:
            return None
        melds, held = hand.melds(seat), hand.hand(seat)
        if len(held) + sum(map(len, melds)) != 10:
            return None
        plan = go_out_with(drawn, held, melds, hand.rules)
        if plan is None:
            return None
        try:  # a forced card must be laid off (§6.5), which the planner does not know
            event = hand.apply(plan.steps[0])
        except IllegalAction:  # refused: the hand is as it was
            return None
        for step in plan.steps[1:]:
            event = hand.apply(step)
        return event

    def _worst(self, hand: PanHand, seat: int) -> Card:
        """The hand card with the fewest connections to the others; ties at random."""
        cards = [c.code for c in hand.hand(seat)]
        scored = [
            (connections(c, cards[:i] + cards[i + 1 :]), self._rng.random(), c)
            for i, c in enumerate(cards)
        ]
        return Card(min(scored)[2])


def play_pan_bots(hand: PanHand, bots: Sequence[PanBot] | Callable[[int], PanBot]) -> PanHand:
    """Let the bots (one per seat, or a function of the seat) play the hand to its end."""
    pick = bots if callable(bots) else bots.__getitem__
    while not hand.is_over:
        seat = hand.actor
        assert seat is not None
        pick(seat).act(hand)
    return hand
