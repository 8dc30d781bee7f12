"""What anyone may read of a :class:`~splitpot.pan.PanHand`: a read-only facade over its parts
(the money, :mod:`.money`; the cards held and melded, :mod:`.tableau`; the stock and the
turn, the hand's own). :class:`~splitpot.pan.PanHand` binds each by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from splitpot import _tabular
from splitpot._core import IllegalAction, SplitpotError
from splitpot._facade import reads
from splitpot.limits import shown
from splitpot.pan.cards import CARDS, Card
from splitpot.pan.records import PanEvent, PanPhase, PanResult
from splitpot.pan.rules import PanRules
from splitpot.pan.turns import notebook_rows

if TYPE_CHECKING:
    from splitpot.pan.game import PanHand


@reads
def rules(hand: PanHand) -> PanRules:
    return hand._rules


@reads
def phase(hand: PanHand) -> PanPhase:
    return hand._phase


@reads
def actor(hand: PanHand) -> int | None:
    """The seat to act, or ``None`` once the hand is over."""
    return hand._queue[0] if hand._queue else None


@reads
def is_over(hand: PanHand) -> bool:
    return hand._phase is PanPhase.OVER


@reads
def seats(hand: PanHand) -> list[int]:
    """The seats dealt in, in rotation order from the first hand (§6.1)."""
    return list(hand._order)


@reads
def players(hand: PanHand) -> list[int]:
    """The seats that declared play, in rotation order (the active players, §5.2)."""
    return list(hand._players)


@reads
def stacks(hand: PanHand) -> list[int]:
    """Each seat's chips now (0 for a seat not dealt in)."""
    return list(hand._money.stacks)


@reads
def pot(hand: PanHand) -> int:
    """The tops (and forfeits, and any carry) waiting for the winner (§5.1)."""
    return hand._money.pot


@reads
def house(hand: PanHand) -> int:
    """The collection taken by the house (§5.1)."""
    return hand._money.house


def hand(hand: PanHand, seat: int) -> tuple[Card, ...]:
    """The seat's hand cards (the drawn card is not one of them, §6.3)."""
    return tuple(map(CARDS.__getitem__, sorted(hand._table.hands[seat_of(hand, seat)])))


def melds(hand: PanHand, seat: int) -> tuple[tuple[Card, ...], ...]:
    """The seat's melds on the table, in the order laid down."""
    card = CARDS.__getitem__
    return tuple([tuple(map(card, m)) for m in hand._table.melds[seat_of(hand, seat)]])


@reads
def drawn(hand: PanHand) -> Card | None:
    """The card the player to act drew and has not placed yet."""
    return None if hand._drawn is None else CARDS[hand._drawn]


@reads
def live_discard(hand: PanHand) -> Card | None:
    """The card the next player may take (§6.2), or ``None``."""
    return None if hand._live is None else CARDS[hand._live]


@reads
def stock_size(hand: PanHand) -> int:
    return len(hand._stock)


@reads
def dead_cards(hand: PanHand) -> tuple[Card, ...]:
    """The dead discards, in the order they died."""
    return tuple(map(CARDS.__getitem__, hand._dead))


@reads
def events(hand: PanHand) -> tuple[PanEvent, ...]:
    return tuple(hand._events)


@reads
def result(hand: PanHand) -> PanResult:
    """The settlement; raises until the hand is over."""
    if hand._result is None:
        raise IllegalAction("the hand is not over yet; no result")
    return hand._result


def text(hand: PanHand) -> str:
    """``repr()`` of a hand: its players, what it waits for, the pot."""
    now = "over" if hand.actor is None else f"{hand.phase.value}, seat {hand.actor} to act"
    return f"<PanHand {len(hand.seats)} players, {now}, pot {hand.pot}>"


def repr_html(hand: PanHand) -> str:
    """A row per seat: chips, cards in hand, melds on the table; the result once over."""
    return _tabular.html_table(repr(hand), notebook_rows(hand))


def seat_of(hand: PanHand, seat: int) -> int:
    """``seat`` if it is a seat of the hand, else :class:`~splitpot.SplitpotError`."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hand._n:
        raise SplitpotError(f"no seat {shown(seat)} in this hand (seats 0..{hand._n - 1})")
    return seat


def waiting_for(hand: PanHand) -> str:
    """What the hand waits for, for the error of a move that does not fit."""
    phase = hand._phase
    if phase is PanPhase.OVER:
        return "the hand is over"
    seat = hand._queue[0]
    return {
        PanPhase.DECLARE: f"seat {seat} is to declare play() or sluff()",
        PanPhase.DRAW: f"seat {seat} is to draw() or take()",
        PanPhase.PLACE: f"seat {seat} is to place the drawn card",
        PanPhase.USE: f"seat {seat} may meld more, then discard()",
    }[phase]
