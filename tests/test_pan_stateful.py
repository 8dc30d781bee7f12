"""Hypothesis state machine over Pan hands (issue 13): 2 to 15 players and the house options of
the flow (rotation, forcing, drawFromDiscard, initialUpcard, sluff.forfeit, tops.allSluff,
tops.allowSplit, pays.mustClaimBeforeDiscard, stockExhausted, tops and collection), driven by
random legal moves.

Properties: the cards are conserved (hands + melds + stock + dead + live + drawn = the deck);
the chips are conserved (stacks + pot + house = the stacks brought + the carry in, and at the
end final stacks + carry out + house = the same); no stack goes negative; at the start of
each turn every player still in holds hand + melded = 10 (11 in the middle of a turn, after
placing the drawn card); the draw is refused exactly when the live discard lays off by itself
on one of the actor's melds (§6.5, forcing on); every move that ``legal_moves`` does not offer
is refused with :class:`~splitpot.IllegalAction` and changes nothing; so is every malformed
move (bad or endless cards, wrong types, bad seats: a SplitpotError or TypeError, issue 15); the
events rebuild the hand and its history replays it.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from splitpot import IllegalAction, SplitpotError
from splitpot.pan import Borrow, Card, Deck, LayOff, NewMeld, PanRules, Split, history, lay_off
from splitpot.pan.game import PanHand
from splitpot.pan.records import (
    Claim,
    Demand,
    Demanding,
    Discard,
    Discarding,
    Draw,
    Drawing,
    Move,
    PanPhase,
    PanStarting,
    Play,
    Reject,
    Rejecting,
    Sluff,
    SplitTops,
    Take,
)

RULES = st.builds(
    PanRules,
    rotation=st.sampled_from(["ccw", "cw"]),
    forcing=st.sampled_from(["mandatory", "onDemand", "off"]),
    draw_from_discard=st.sampled_from(["precedingStockOnly", "never", "anyIfMeldable"]),
    initial_upcard=st.booleans(),
    sluff_forfeit=st.integers(0, 3),
    tops_all_sluff=st.sampled_from(["carryOver", "refund"]),
    tops_allow_split=st.booleans(),
    must_claim_before_discard=st.booleans(),
    stock_exhausted=st.sampled_from(["reshuffleDead", "voidHand"]),
    tops_amount=st.integers(1, 2),
    collection_fee=st.integers(0, 1),
)


def snapshot(hand: PanHand) -> tuple[Any, ...]:
    seats = range(len(hand.stacks))
    return (
        hand.events,
        hand.stacks,
        hand.pot,
        hand.phase,
        hand.actor,
        hand.drawn,
        hand.live_discard,
        hand.stock_size,
        hand.dead_cards,
        hand.house,
        hand.players,
        hand.is_over,
        [hand.hand(s) for s in seats],
        [hand.melds(s) for s in seats],
        [key(m) for m in hand.legal_moves()],
    )


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


def key(move: Move) -> tuple[Any, ...]:
    """A move without its pays (which the hand computes itself) and with its cards sorted."""
    if isinstance(move, NewMeld):
        return ("meld", tuple(sorted(move.cards)))
    if isinstance(move, LayOff):
        return ("layoff", tuple(sorted(move.meld)), tuple(sorted(move.cards)))
    if isinstance(move, Split):  # splitting off either half is the same split
        rest = Counter(move.meld) + Counter(move.added) - Counter(move.part)
        halves = sorted([tuple(sorted(move.part)), tuple(sorted(rest.elements()))])
        return ("split", tuple(sorted(move.meld)), tuple(sorted(move.added)), tuple(halves))
    if isinstance(move, Borrow):
        return (
            "borrow",
            tuple(sorted(move.meld)),
            tuple(sorted(move.take)),
            tuple(sorted(move.cards)),
        )
    return (move,)


def malformed(hand: PanHand) -> list[Any]:
    """Moves no hand can accept, whatever its phase: bad, endless or wrongly typed cards."""
    seat = hand.actor if hand.actor is not None else 0
    meld = next(iter(hand.melds(seat)), (Card("Kh"),) * 3)
    endless = itertools.repeat(Card("Kh"))
    return [
        NewMeld(endless, 0),  # type: ignore[arg-type]
        NewMeld(("Xx", "8c", "Kh"), 0),  # type: ignore[arg-type]
        LayOff(meld, (1.5,), 0),  # type: ignore[arg-type]
        LayOff(meld, itertools.cycle(meld), 0),  # type: ignore[arg-type]
        Split(meld, (), (None,), 0),  # type: ignore[arg-type]
        Borrow(meld, (True,), endless, 0),  # type: ignore[arg-type]
        Discard(None),  # type: ignore[arg-type]
        Discard(10**30),  # type: ignore[arg-type]
        Discard("5c" * 1000),  # type: ignore[arg-type]
        Demand(-1),
        Demand(True),  # type: ignore[arg-type]
        Demand(10**30),
        None,
        "draw",
    ]


def candidates(hand: PanHand, rng: random.Random) -> list[Move]:
    """Moves of every kind, most of them not legal now."""
    seat = hand.actor if hand.actor is not None else 0
    pool = list(hand.hand(seat)) + ([hand.drawn] if hand.drawn is not None else [])
    pool = pool or [Card("Kh")]
    melds = list(hand.melds(seat)) or [(Card("Kh"), Card("Kh"), Card("Kh"))]
    some = [Card(rng.randrange(40)) for _ in range(3)]
    three = rng.sample(pool, min(3, len(pool)))
    meld = rng.choice(melds)
    out: list[Move] = [Play(), Sluff(), Draw(), Take(), Reject(), Claim(), SplitTops()]
    out += [Discard(rng.choice(pool)), Discard(some[0])]
    out += [NewMeld(tuple(three), 0), NewMeld(tuple(some), 0)]
    out += [LayOff(meld, (rng.choice(pool),), 0), LayOff(meld, (some[1],), 0)]
    out += [Split(meld, (), meld[:3], 0), Split(meld, (rng.choice(pool),), meld[1:4], 0)]
    out += [Borrow(meld, meld[:1], tuple(three[:2]), 0)]
    return out


class PanMachine(RuleBasedStateMachine):
    hand: PanHand

    @initialize(
        n=st.integers(2, 15),
        stacks=st.data(),
        rules=RULES,
        seed=st.integers(0, 2**64 - 1),
        first=st.integers(0, 14),
        carry=st.integers(0, 5),
        short=st.one_of(st.none(), st.integers(1, 40)),
    )
    def deal(
        self,
        n: int,
        stacks: Any,
        rules: PanRules,
        seed: int,
        first: int,
        carry: int,
        short: int | None,
    ) -> None:
        post = rules.tops_amount + rules.collection_fee
        chips = [stacks.draw(st.integers(post, 60)) for _ in range(n)]
        deck = None
        if short is not None:  # a short stock, to run it out (§6.6)
            deck = list(Deck(seed, rules))[: 10 * n + short]
        self.hand = PanHand(chips, first=first % n, seed=seed, rules=rules, carry=carry, deck=deck)
        self.deck = Counter(deck if deck is not None else Deck(seed, rules))
        self.brought = sum(chips) + carry
        self.rng = random.Random(seed)

    # ------------------------------------------------------------------ moves

    @precondition(lambda self: not self.hand.is_over)
    @rule(k=st.integers(1, 40), pick=st.integers(0, 2**32))
    def legal_moves(self, k: int, pick: int) -> None:
        rng = random.Random(pick)
        for _ in range(k):
            if self.hand.is_over:
                return
            moves = self.hand.legal_moves()
            assert moves, "a hand not over always has a move"
            self.hand.apply(rng.choice(moves))
            self.check()

    @precondition(lambda self: not self.hand.is_over)
    @rule(pick=st.integers(0, 2**32))
    def illegal_moves(self, pick: int) -> None:
        legal = {key(m) for m in self.hand.legal_moves()}
        for move in candidates(self.hand, random.Random(pick)):
            if key(move) in legal:
                continue
            before = snapshot(self.hand)
            with pytest.raises(IllegalAction):
                self.hand.apply(move)
            assert snapshot(self.hand) == before, move

    @rule()
    def malformed_moves(self) -> None:
        """Every refused move, however malformed, leaves the hand exactly as it was."""
        for move in malformed(self.hand):
            before = snapshot(self.hand)
            with pytest.raises((SplitpotError, TypeError)):
                self.hand.apply(move)
            assert snapshot(self.hand) == before, move

    @precondition(lambda self: self.hand.is_over)
    @rule()
    def over(self) -> None:
        hand = self.hand
        assert hand.legal_moves() == [] and hand.actor is None
        before = snapshot(hand)
        for move in candidates(hand, random.Random(0)):
            with pytest.raises(IllegalAction):
                hand.apply(move)
        assert snapshot(hand) == before

    @precondition(lambda self: self.hand.phase is PanPhase.DRAW)
    @rule(caller=st.integers(0, 14))
    def demand(self, caller: int) -> None:
        seat = caller % len(self.hand.stacks)
        if self.hand.can_demand(seat):
            self.hand.demand(seat)
            assert Draw() not in self.hand.legal_moves()
        else:
            before = snapshot(self.hand)
            with pytest.raises(IllegalAction):
                self.hand.apply(Demand(seat))
            assert snapshot(self.hand) == before

    # ------------------------------------------------------------------ properties

    def check(self) -> None:
        check(self.hand, self.deck, self.brought)

    @invariant()
    def properties(self) -> None:
        self.check()

    def teardown(self) -> None:
        hand = getattr(self, "hand", None)
        if hand is not None:
            rebuilds(hand)


def check(hand: PanHand, deck: Counter[Card], brought: int) -> None:
    cards_conserved(hand, deck)
    chips_conserved(hand, brought)
    ten_cards_each(hand)
    forcing_exactly(hand)
    operations_are_the_steps(hand)


def operations_are_the_steps(hand: PanHand) -> None:
    """``operations()`` (what the greedy bot weighs) is exactly the melding part of
    ``legal_moves()``, in its order; nothing outside the draw's placing and using (§6.3, §6.4)."""
    steps = [m for m in hand.legal_moves() if isinstance(m, (NewMeld, LayOff, Split, Borrow))]
    assert hand.operations() == steps
    if hand.phase not in (PanPhase.PLACE, PanPhase.USE):
        assert steps == []


def rebuilds(hand: PanHand) -> None:
    assert PanHand.from_events(hand.events).events == hand.events
    assert history.replay(history.loads(history.dumps(hand))).events == hand.events


def cards_conserved(hand: PanHand, deck: Counter[Card]) -> None:
    seen: Counter[Card] = Counter()
    for s in range(len(hand.stacks)):
        seen.update(hand.hand(s))
        for meld in hand.melds(s):
            seen.update(meld)
    seen.update(hand.dead_cards)
    seen.update(c for c in (hand.live_discard, hand.drawn) if c is not None)
    assert not seen - deck, "cards that are not in the deck"
    assert sum((deck - seen).values()) == hand.stock_size


def chips_conserved(hand: PanHand, brought: int) -> None:
    assert min(hand.stacks) >= 0
    if hand.is_over:
        result = hand.result
        total = sum(s or 0 for s in result.final_stacks) + result.carry + result.house
        assert hand.pot == 0
    else:
        total = sum(hand.stacks) + hand.pot + hand.house
    assert total == brought


def ten_cards_each(hand: PanHand) -> None:
    if hand.is_over or hand.phase is PanPhase.DECLARE:
        return
    for seat in hand.players:
        held = len(hand.hand(seat)) + sum(map(len, hand.melds(seat)))
        extra = 1 if seat == hand.actor and hand.phase is PanPhase.USE else 0
        assert held == 10 + extra, (seat, held)


def forcing_exactly(hand: PanHand) -> None:
    if hand.phase is not PanPhase.DRAW:
        return
    rules, live, seat = hand.rules, hand.live_discard, hand.actor
    assert seat is not None
    fits = live is not None and any(_lays_off(m, live, rules) for m in hand.melds(seat))
    forcing = rules.forcing.value == "mandatory" or (
        rules.forcing.value == "onDemand" and _demanded(hand)
    )
    forced = fits and forcing and rules.draw_from_discard.value != "never"
    assert (Draw() not in hand.legal_moves()) == forced


def _lays_off(meld: tuple[Card, ...], card: Card, rules: PanRules) -> bool:
    try:
        lay_off(meld, [card], rules)
    except IllegalAction:
        return False
    return True


def _demanded(hand: PanHand) -> bool:
    """Whether a player called for the live discard since the last turn began."""
    for event in reversed(hand.events):
        if isinstance(event, Demanding):
            return True
        if isinstance(event, Rejecting | Discarding | Drawing | PanStarting):
            return False
    return False


TestPanMachine = PanMachine.TestCase
TestPanMachine.settings = settings(
    max_examples=40,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@pytest.mark.parametrize("seed", range(12))
def test_whole_random_hands_keep_the_properties(seed: int) -> None:
    """Whole hands to their end (going out, reshuffles, void hands), checked after every move."""
    rng = random.Random(seed)
    rules = _rules(rng)
    n = rng.randint(2, 15)
    post = rules.tops_amount + rules.collection_fee
    chips = [rng.randint(post, 40) for _ in range(n)]
    short = rng.choice([None, None, 5, 30])
    deck = None if short is None else list(Deck(seed, rules))[: 10 * n + short]
    hand = PanHand(chips, first=rng.randrange(n), seed=seed, rules=rules, deck=deck)
    cards = Counter(deck if deck is not None else Deck(seed, rules))
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_moves()))
        check(hand, cards, sum(chips))
    rebuilds(hand)


def _rules(rng: random.Random) -> PanRules:
    return PanRules(
        rotation=rng.choice(["ccw", "cw"]),
        forcing=rng.choice(["mandatory", "onDemand", "off"]),
        draw_from_discard=rng.choice(["precedingStockOnly", "never", "anyIfMeldable"]),
        initial_upcard=rng.random() < 0.5,
        sluff_forfeit=rng.randint(0, 2),
        tops_all_sluff=rng.choice(["carryOver", "refund"]),
        must_claim_before_discard=rng.random() < 0.5,
        stock_exhausted=rng.choice(["reshuffleDead", "voidHand"]),
        collection_fee=rng.randint(0, 1),
    )
