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

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from splitpot._core import IllegalAction
from splitpot.pan.cards import CARDS, Card
from splitpot.pan.game import PanHand
from splitpot.pan.melds import (
    NEAR,
    Borrow,
    LayOff,
    NewMeld,
    Split,
    Step,
    card_counts,
    is_meld,
)
from splitpot.pan.records import PanEvent, PanPhase

__all__ = ["GreedyPanBot", "PanBot", "RandomPanBot", "connections", "play_pan_bots"]


class PanBot(Protocol):
    """Anything that takes the decision of the seat to act."""

    def act(self, hand: PanHand) -> PanEvent:
        """Make one legal decision for :attr:`PanHand.actor` and return its record."""
        ...


class RandomPanBot:
    """A uniformly random move among :meth:`PanHand.legal_moves
    <splitpot.pan.game.PanHand.legal_moves>`, for tests and fuzzing.

    ``seed``: the bot's own random generator (None: unseeded); the same seed on the same
    hand makes the same moves. :meth:`act` makes one move for the seat to act and returns its
    record; on a hand that is over (no legal move) it raises ``IndexError``.

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20, 20], seed=1)
    >>> print(pan.RandomPanBot(seed=7).act(hand))
    Seat 0 sluffs
    >>> bots = [pan.RandomPanBot(seed=s) for s in range(3)]
    >>> pan.play_pan_bots(hand, bots).is_over
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, hand: PanHand) -> PanEvent:
        return hand.apply(self._rng.choice(hand.legal_moves()))


def connections(code: int, others: Sequence[int]) -> int:
    """How many of ``others`` could share a three-card meld with the card ``code``: the same
    rank, or the same suit within two ranks (A 2 3 4 5 6 7 J Q K, docs/rules/pan.md §2, §3)."""
    return sum(map(card_counts(others).__getitem__, NEAR[code]))


def _links(cards: Sequence[int]) -> list[set[int]]:
    """For each card, the later indices of ``cards`` it could share a three-card meld with
    (as :func:`connections` counts them; each pair tested once)."""
    ranks = [c >> 2 for c in cards]
    suits = [c & 3 for c in cards]
    n = len(cards)
    return [
        {j for j in range(i + 1, n) if ranks[j] == r or (suits[j] == s and -2 <= ranks[j] - r <= 2)}
        for i, (r, s) in enumerate(zip(ranks, suits, strict=True))
    ]


def _hand_cards(step: Step) -> int:
    if isinstance(step, NewMeld):
        return len(step.cards)
    if isinstance(step, (LayOff, Borrow)):
        return len(step.cards)
    assert isinstance(step, Split)
    return len(step.added)


class GreedyPanBot:
    """The greedy melder described in the module doc. ``play_below``: it sluffs a hand with
    no meld and fewer than this many cards connected to another (default 6 of 10).

    ``seed``: the generator that breaks ties between discards (None: unseeded). :meth:`act`
    makes one decision for the seat to act (a whole going-out plan at once) and returns the
    last record; on a hand that is over it fails an assertion. :meth:`wants_to_play` is its
    declaration.

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20, 20], seed=1)
    >>> bot = pan.GreedyPanBot(seed=0)
    >>> bot.wants_to_play(hand, 0)  # it holds 3c 3d 3h, a meld already
    True
    >>> print(bot.act(hand))
    Seat 0 plays
    >>> hand = pan.play_pan_bots(pan.PanHand([20] * 4, seed=5), lambda s: pan.GreedyPanBot(s))
    >>> hand.result.winner, sum(hand.result.final_stacks)
    (3, 80)
    """

    def __init__(self, seed: int | None = None, play_below: int = 6) -> None:
        self._rng = random.Random(seed)
        self.play_below = play_below

    def wants_to_play(self, hand: PanHand, seat: int) -> bool:
        """Play a hand that holds a meld, or enough connected cards (§5.2)."""
        cards = [c.code for c in hand.hand(seat)]
        rules = hand.rules
        links = _links(cards)
        # every two cards of a three-card meld are connected: test only such triples
        for i, later in enumerate(links):
            for j in sorted(later):
                for k in sorted(later & links[j]):
                    if is_meld((cards[i], cards[j], cards[k]), rules):
                        return True
        connected = set().union(*links) | {i for i, later in enumerate(links) if later}
        return len(connected) >= self.play_below

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
            if hand.live_discard is not None and hand.can_take():  # none: nothing to ask
                return hand.take()
            return hand.draw()
        steps = hand.operations()
        best, most = None, (0, 0)  # the first step that melds the most, then collects the most
        for step in steps:
            score = (_hand_cards(step), step.pays)
            if score > most:
                best, most = step, score
        if best is not None:
            return hand.apply(best)
        if phase is PanPhase.PLACE:
            if hand.can_reject():
                return hand.reject()
            return hand.apply(steps[0])  # a card that must be placed: any placement will do
        if hand.can_claim():
            return hand.claim()
        return hand.discard(self._worst(hand, seat))

    def _go_out(self, hand: PanHand, seat: int) -> PanEvent | None:
        """Go out this turn when the planner finds a way (§6.3): every step of its plan."""
        plan = hand.go_out_plan()
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
        have = card_counts(cards).__getitem__  # each card's connections count itself once: -1
        draw = self._rng.random  # one number a card, in order: the seeded ties stay the same
        scored = [(sum(map(have, NEAR[c])) - 1, draw(), c) for c in cards]
        return CARDS[min(scored)[2]]


def play_pan_bots(hand: PanHand, bots: Sequence[PanBot] | Callable[[int], PanBot]) -> PanHand:
    """Let the bots (one per seat, or a function of the seat) play the hand to its end.

    Args:
        hand: a :class:`~splitpot.pan.PanHand`, played in place.
        bots: a sequence indexed by seat (a seat not dealt in may hold anything), or a
            function from a seat to its bot; a bot is anything with ``act(hand)`` making one
            legal decision (:class:`RandomPanBot`, :class:`GreedyPanBot` or your own).

    Returns:
        The same ``hand``, now over: its ``result`` and ``events`` are the game.

    Raises:
        IndexError: from a sequence with no bot for a seat.
        IllegalAction: for an illegal move of a bot's own (whatever a bot raises passes
            through).

    >>> from splitpot import pan
    >>> hand = pan.play_pan_bots(pan.PanHand([20, 20, 20], seed=3), lambda s: pan.GreedyPanBot(s))
    >>> hand.is_over, sum(hand.result.final_stacks) + hand.result.carry
    (True, 60)
    """
    pick = bots if callable(bots) else bots.__getitem__
    while (seat := hand.actor) is not None:  # None once the hand is over
        pick(seat).act(hand)
    return hand
