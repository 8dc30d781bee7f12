"""What anyone may read of a :class:`~splitpot.hand.Hand`: a read-only facade over its parts.

A hand's state lives in its parts, each the one owner of its piece: the set-up record
(:class:`~splitpot.hand.HandStarting`), the chips (:class:`~splitpot.hand.ledger.Ledger`),
the cards (:class:`~splitpot.hand.deal.Deal`), the betting round
(:class:`~splitpot.hand.round.BettingRound`), the showdown
(:class:`~splitpot.hand.showdown.Showdown`) and the hand's own phase and records. Each
function here reads one piece of public state from those parts, with its docstring; the
:class:`~splitpot.hand.Hand` class lists them by name (``stacks = view.stacks``), so the
view is neither a base class nor a second copy of the state.

``@reads`` makes a function a read-only property (:mod:`splitpot._facade`).
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from splitpot import _tabular
from splitpot._core import Card, IllegalAction, SplitpotError
from splitpot._facade import reads
from splitpot.betting import Structure
from splitpot.cards import as_cards
from splitpot.games import Game
from splitpot.hand.records import (
    _DISCARD,
    _OVER,
    _RUNS,
    _SHOWDOWN,
    WAITING_FOR_RUNS,
    HandResult,
    Operation,
    Phase,
    SeatStatus,
)
from splitpot.limits import shown
from splitpot.pots import Pot

if TYPE_CHECKING:
    from splitpot.hand.state import Hand


# A few are read at every decision (by bots, by replays): an attribute getter (``attrgetter``,
# in C: no Python call) reads those.
game: reads[Game] = reads(attrgetter("_starting.game"), doc="The variant being played.")
structure: reads[Structure] = reads(
    attrgetter("_starting.structure"),
    doc="The betting structure (stakes, blinds, ante, chip unit).",
)
phase: reads[Phase] = reads(attrgetter("_phase"), doc="What the hand is waiting for.")


@reads
def seat_count(hand: Hand) -> int:
    """Number of seats, dealt in or not (see :attr:`seats`)."""
    return len(hand._starting.stacks)


button: reads[int] = reads(attrgetter("_starting.button"), doc="The dealer seat.")
seed: reads[int | None] = reads(
    attrgetter("_starting.seed"), doc="The shuffle's seed (``None`` when every card was given)."
)


@reads
def starting_stacks(hand: Hand) -> list[int]:
    """Each seat's chips when the hand began (0 for a seat not dealt in)."""
    return [s or 0 for s in hand._starting.stacks]


@reads
def seats(hand: Hand) -> list[int]:
    """The seats dealt in, clockwise from the first left of the button."""
    return list(hand._order)


@reads
def stacks(hand: Hand) -> list[int]:
    """Each seat's chips behind (not yet put in; with a cap, those set aside too)."""
    return hand._ledger.whole()


@reads
def bets(hand: Hand) -> list[int]:
    """Each seat's bet in the current betting round."""
    return list(hand._round.bets)


@reads
def contributions(hand: Hand) -> list[int]:
    """Everything each seat has put in this hand (antes and dead blinds included)."""
    return list(hand._ledger.contrib)


@reads
def pot(hand: Hand) -> int:
    """All chips in the middle, bets on the table included (0 once paid out)."""
    return 0 if hand._result is not None else sum(hand._ledger.contrib)


@reads
def pots(hand: Hand) -> tuple[Pot, ...]:
    """Main pot and side pots as the contributions stand now (docs/rules/poker.md §6)."""
    if hand._result is not None:
        return hand._result.pots
    if hand._showdown is not None:
        return hand._showdown.pots
    ledger = hand._ledger
    return ledger.pots(hand._order, ledger.folded())


@reads
def board(hand: Hand) -> tuple[Card, ...]:
    """The community cards dealt so far (the first run's, when the board is run more than
    once: :attr:`boards`)."""
    return as_cards(hand._deal.board)


@reads
def runs(hand: Hand) -> int:
    """How many times the rest of the board is run (docs/rules/poker.md §6): 1 until
    :meth:`~splitpot.hand.Hand.run_it` chooses more."""
    return hand._deal.runs or 1


@reads
def boards(hand: Hand) -> tuple[tuple[Card, ...], ...]:
    """Each run's board, the first run's first (one board when it is run once; the other
    runs' once they are dealt, at the showdown)."""
    deal = hand._deal
    return (as_cards(deal.board), *[as_cards(b) for b in deal.more_boards])


def hole(hand: Hand, seat: int) -> tuple[Card, ...]:
    """The seat's cards in the order dealt (after any discard); in stud the up cards too
    (:meth:`up`, :meth:`down`)."""
    return as_cards(hand._deal.hole[seat_of(hand, seat)])


def up(hand: Hand, seat: int) -> tuple[Card, ...]:
    """The seat's face-up cards (stud, docs/rules/poker.md §4.2): what every player sees."""
    return as_cards(hand._deal.up[seat_of(hand, seat)])


def down(hand: Hand, seat: int) -> tuple[Card, ...]:
    """The seat's face-down cards, in the order dealt: only he sees them."""
    deal = hand._deal
    shown_up = deal.up[seat_of(hand, seat)]
    return as_cards([c for c in deal.hole[seat] if c not in shown_up])


def seen_by(hand: Hand, seat: int) -> tuple[tuple[Card, ...], ...]:
    """Every seat's cards as ``seat`` sees them (what a bot may be shown): all of his own,
    the others' up cards (stud) and the hands shown at showdown.

    A stud player states a situation this way to :func:`splitpot.equity`: the cards seen
    of each player still in, and the folded players' up cards as dead cards.
    """
    seat_of(hand, seat)
    showdown, deal = hand._showdown, hand._deal
    shown_at = showdown.shown if showdown is not None else {}
    return tuple(
        as_cards(deal.hole[s] if s == seat or s in shown_at else deal.up[s])
        for s in range(len(deal.hole))
    )


@reads
def bring_in_seat(hand: Hand) -> int | None:
    """The seat that owes the stud bring-in now, or ``None`` (docs/rules/poker.md §4.2)."""
    seat = hand._round.bring_in
    return seat if seat >= 0 else None


def status(hand: Hand, seat: int) -> SeatStatus:
    """Whether the seat is active, folded, all-in or timed out."""
    return SeatStatus(hand._ledger.status[seat_of(hand, seat)])


@reads
def street(hand: Hand) -> str:
    """The current street (``"preflop"``, ``"flop"``, ...), ``"showdown"`` at the end."""
    streets = hand._starting.game.streets
    if hand._street >= len(streets):
        return "showdown"
    return streets[hand._street].name


@reads
def actor(hand: Hand) -> int | None:
    """The seat to act, or ``None`` when no one is (the hand is over)."""
    queue = hand._queue
    return queue[0] if queue and hand._phase is not _OVER else None


@reads
def is_over(hand: Hand) -> bool:
    """Whether the pots have been paid."""
    return hand._phase is _OVER


@reads
def events(hand: Hand) -> tuple[Operation, ...]:
    """Every state change so far, in order; :meth:`from_events` rebuilds the hand."""
    return tuple(hand._events)


@reads
def result(hand: Hand) -> HandResult:
    """The payout, shown hands and final stacks; raises until the hand is over."""
    if hand._result is None:
        raise IllegalAction("the hand is not over yet; no result")
    return hand._result


@reads
def final_stacks(hand: Hand) -> list[int]:
    """Each seat's chips after the payout; raises until the hand is over."""
    return list(hand.result.final_stacks)


def repr_html(hand: Hand) -> str:
    """A notebook's view: the street, board and pot, and a row per seat (every card shown:
    a notebook is the dealer's seat)."""
    ledger, deal, acting = hand._ledger, hand._deal, hand.actor
    whole = ledger.whole()
    rows = [
        {
            "seat": seat,
            "stack": whole[seat],
            "bet": hand._round.bets[seat],
            "in pot": ledger.contrib[seat],
            "status": SeatStatus(ledger.status[seat]).name.lower().replace("_", " "),
            "cards": " ".join(str(Card(c)) for c in deal.hole[seat]),
            "": ", ".join(
                w for w, on in (("button", seat == hand.button), ("to act", seat == acting)) if on
            ),
        }
        for seat in range(len(deal.hole))
    ]
    cards = " ".join(map(str, hand.board)) or "-"
    caption = f"{hand.game.name}, {hand.street}: board {cards}; pot {hand.pot}"
    return _tabular.html_table(caption, rows)


def text(hand: Hand) -> str:
    """``repr()`` of a hand."""
    start = hand._starting
    return (
        f"<Hand {start.game.code} {start.structure.kind.value} seats={len(start.stacks)} "
        f"street={hand.street} actor={hand.actor} pot={hand.pot}>"
    )


def waiting_for(hand: Hand) -> str:
    """What the hand waits for, for the error of an action that does not fit."""
    phase = hand._phase
    if phase is _RUNS:
        return WAITING_FOR_RUNS
    if phase is _OVER or not hand._queue:
        return "the hand is over; no one is to act"
    seat = hand._queue[0]
    if phase is _DISCARD:
        return f"seat {seat} must discard a hole card first (discard(card))"
    if phase is _SHOWDOWN:
        return f"it is the showdown: seat {seat} must show() or muck()"
    return f"seat {seat} is to bet, check, call or fold"


def seat_of(hand: Hand, seat: int) -> int:
    """``seat`` if it is a seat of the hand, else :class:`~splitpot.SplitpotError`."""
    n = len(hand._starting.stacks)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise SplitpotError(f"no seat {shown(seat)} in this hand (seats 0..{n - 1})")
    return seat
