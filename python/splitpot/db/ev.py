"""All-in equity: each player's expected share of the pots when the money went in.

The moment is the last decision of the hand when cards were still to come after it and two
players or more were still in: no one could bet again, so what each got from then on was the
cards'. Each pot (the main pot and every side pot, as the engine cut them at that moment) is
shared by the exact equity (:func:`splitpot.equity` with ``exact=True``: every remaining deal
enumerated, never sampled) of the players eligible for it, high and low halves included; the
cards of the other players still in are out of the deck. A pot with one eligible player is
his. The shares of a hand add up to its pot.

Not computed (``hands.ev`` says why, ``seats.allin_ev`` is ``NULL``): a player's cards that
the history does not know (``cards unknown``), a Crazy Pineapple discard still to come, and
an enumeration whose work passes :data:`EV_MAX_DEALS` (``too many deals``: a Stud Hi/Lo
all-in on third street, or any stud all-in with three players or more before sixth street;
heads-up Stud and Razz are swept over each player's own completions, 163,185 each on third
street, never deal by deal).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from math import comb

from splitpot._core import Card, EquityError
from splitpot.cards import DECK_SIZE
from splitpot.hand import BoardDealing, Discarding, Hand, HoleDealing, Operation
from splitpot.odds import equity

EV_MAX_DEALS = 200_000_000
"""The most work for one pot, counted as the core counts it: a deal for the per-deal walk, a
completion for the heads-up Stud and Razz sweep (about two seconds of the core's time). Every
Hold'em and Omaha all-in is far below (a preflop all-in is 1.7 million boards), and so is a
heads-up Stud or Razz all-in on any street (twice 163,185 completions on third street)."""


@dataclass(frozen=True)
class AllIn:
    """The all-in moment of a hand: its street, ``"exact"`` or why the shares are not known,
    each seat's expected share of the pots (``None`` when not known) and the pots' amounts."""

    street: int | None = None
    status: str | None = None
    shares: dict[int, float] | None = None
    pots: tuple[int, ...] = ()


NONE = AllIn()
"""A hand whose money never went in with cards to come."""


def allin_ev(hand: Hand, last: int, street: int, known: Collection[int]) -> AllIn:
    """The all-in moment of a finished ``hand`` whose last decision is ``hand.events[last]``
    (on ``street``); ``known`` are the seats whose hole cards the history knows."""
    events = hand.events
    after = events[last + 1 :]
    if last < 0 or not any(isinstance(e, (BoardDealing, HoleDealing)) for e in after):
        return NONE
    pots = Hand.from_events(events[: last + 1]).pots
    in_hand = sorted({s for p in pots for s in p.eligible})
    if len(in_hand) < 2:
        return NONE
    if any(isinstance(e, Discarding) for e in after):
        return AllIn(street, "discard to come")
    if any(s not in known for p in pots if len(p.eligible) > 1 for s in p.eligible):
        return AllIn(street, "cards unknown")
    board, cards = _cards_then(hand, events[: last + 1], in_hand)
    if _work(hand, board, cards) > EV_MAX_DEALS:
        return AllIn(street, "too many deals")
    shares: dict[int, float] = dict.fromkeys(in_hand, 0.0)
    for pot in pots:
        if len(pot.eligible) == 1:
            shares[pot.eligible[0]] += pot.amount
            continue
        dead = "".join(cards[s] for s in in_hand if s not in pot.eligible)
        try:
            result = equity(
                hand.game.code, [cards[s] for s in pot.eligible], board, dead, exact=True
            )
        except EquityError:  # the core's own bound on an exact enumeration
            return AllIn(street, "too many deals")
        for seat, share in zip(pot.eligible, result.equities, strict=True):
            shares[seat] += pot.amount * share
    return AllIn(street, "exact", shares, tuple(p.amount for p in pots))


def _cards_then(
    hand: Hand, before: Sequence[Operation], seats: list[int]
) -> tuple[str, dict[int, str]]:
    """The board and each seat's cards as they were dealt by then (stud deals street by
    street; a flop game's hole cards are all dealt first)."""
    board: list[Card] = []
    dealt: dict[int, list[Card]] = {s: [] for s in seats}
    for e in before:
        if isinstance(e, BoardDealing):
            board += e.cards
        elif isinstance(e, HoleDealing) and e.seat in dealt:
            dealt[e.seat] += [*e.cards, *e.up]
    if hand.game.forced_bets != "bring_in":
        dealt = {s: list(hand.hole(s)) for s in seats}
    return "".join(map(str, board)), {s: "".join(map(str, c)) for s, c in dealt.items()}


def _work(hand: Hand, board: str, cards: dict[int, str]) -> int:
    """How much an exact enumeration of the main pot does: the deals it walks (the rest of
    the board, or in stud every player's cards to come), or for heads-up high-only Stud and
    Razz the completions it sweeps, each player's own (rust/equity/stud_sweep.rs)."""
    game = hand.game
    left = DECK_SIZE - (len(board) + sum(len(c) for c in cards.values())) // 2
    if game.forced_bets != "bring_in":
        return comb(left, game.board_cards - len(board) // 2)
    need = [game.hole_cards - len(c) // 2 for c in cards.values()]
    if len(need) == 2 and not game.hi_lo:
        return sum(comb(left, k) for k in need)
    total = 1
    for k in need:
        total *= comb(left, k)
        left -= k
    return total
