"""A Pan hand's records: its events, the moves a player may make, and how it ended.

Every state change of a :class:`~splitpot.pan.game.PanHand` is one frozen record below, in
order (``PanHand.events``); the moves are the decisions a player takes, each one record
passed to :meth:`PanHand.apply <splitpot.pan.game.PanHand.apply>`; the operations on melds
are the step records of :mod:`splitpot.pan.melds` (``NewMeld``, ``LayOff``, ``Split``,
``Borrow``), as the going-out planner writes them. Cards are :class:`~splitpot.pan.Card`; a
``meld`` is named by its cards (sorted): two melds of the same cards are the same to play on.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeAlias

from splitpot import _tabular
from splitpot._core import PanCard as Card
from splitpot.pan.melds import Step

if TYPE_CHECKING:
    from splitpot.pan.rules import PanRules


def _names(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


class PanPhase(str, Enum):
    """What the hand waits for (docs/rules/pan.md §5, §6): :attr:`PanHand.phase
    <splitpot.pan.game.PanHand.phase>`. A ``str`` enum; :meth:`PanHand.legal_moves
    <splitpot.pan.game.PanHand.legal_moves>` lists the moves of the phase, and a move of
    another phase raises ``splitpot.IllegalAction``.

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20, 20], seed=1)
    >>> hand.phase
    <PanPhase.DECLARE: 'declare'>
    >>> for _ in range(3):
    ...     _ = hand.apply(pan.Play())
    >>> hand.phase, pan.PanPhase("draw") is hand.phase
    (<PanPhase.DRAW: 'draw'>, True)
    """

    DECLARE = "declare"
    """Each player in turn declares play or sluff (§5.2)."""
    DRAW = "draw"
    """The player to act takes a card: the stock or the live discard (§6.2)."""
    PLACE = "place"
    """He holds the drawn card: reject it (from the stock) or place it first (§6.3)."""
    USE = "use"
    """The card is placed: more operations on his own melds, then one discard (§6.4)."""
    OVER = "over"
    """Someone went out, everyone but one sluffed, or the hand was void."""


# --------------------------------------------------------------------------- events


@dataclass(frozen=True)
class PanStarting:
    """The set-up: everything needed to deal the hand again, card for card."""

    stacks: tuple[int | None, ...]
    """Chips of each seat (``None``: not dealt in)."""
    first: int
    """The first hand (docs/rules/pan.md §6.1): declares and plays first."""
    seed: int
    rules: PanRules
    carry: int = 0
    """Tops carried over from a hand everyone sluffed or that was void (§5.2, §6.6)."""
    deck: tuple[Card, ...] | None = None
    """The deck in order (top first), instead of the seeded shuffle (tests, replays)."""

    def __str__(self) -> str:
        return f"Pan; first hand seat {self.first}; stacks {list(self.stacks)}"


@dataclass(frozen=True)
class Posting:
    """A seat posts its tops into the pot and the house collection (docs/rules/pan.md §5.1)."""

    seat: int
    tops: int
    collection: int = 0

    def __str__(self) -> str:
        fee = f" and {self.collection} collection" if self.collection else ""
        return f"Seat {self.seat} posts {self.tops} tops{fee}"


@dataclass(frozen=True)
class Dealing:
    """Ten cards to a seat (§6.1)."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"Seat {self.seat} is dealt {_names(self.cards)}"


@dataclass(frozen=True)
class Declaring:
    """A seat declares play (``plays``) or sluff (§5.2)."""

    seat: int
    plays: bool

    def __str__(self) -> str:
        return f"Seat {self.seat} {'plays' if self.plays else 'sluffs'}"


@dataclass(frozen=True)
class Drawing:
    """A seat takes a card: ``source`` is ``"stock"``, ``"discard"`` (the live discard, §6.2)
    or ``"upcard"`` (the initial upcard, §6.1)."""

    seat: int
    card: Card
    source: str = "stock"

    def __str__(self) -> str:
        return f"Seat {self.seat} draws {self.card} from the {self.source}"


@dataclass(frozen=True)
class Demanding:
    """A player calls for the live discard to be forced on the player to act (§6.5 onDemand)."""

    seat: int

    def __str__(self) -> str:
        return f"Seat {self.seat} calls for the live discard"


@dataclass(frozen=True)
class Rejecting:
    """A seat rejects the card it drew from the stock: it becomes the live discard (§6.3)."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"Seat {self.seat} rejects {self.card}"


@dataclass(frozen=True)
class Melding:
    """A new meld laid down (§6.4); ``pays`` is what each active opponent owes for it."""

    seat: int
    cards: tuple[Card, ...]
    pays: int = 0

    def __str__(self) -> str:
        return f"Seat {self.seat} melds {_names(self.cards)}" + _pays(self.pays)


@dataclass(frozen=True)
class LayingOff:
    """Cards laid off on one of the seat's melds (§6.4, §4.2)."""

    seat: int
    meld: tuple[Card, ...]
    cards: tuple[Card, ...]
    pays: int = 0

    def __str__(self) -> str:
        on = _names(self.meld)
        return f"Seat {self.seat} lays off {_names(self.cards)} on {on}" + _pays(self.pays)


@dataclass(frozen=True)
class Splitting:
    """``added`` laid off on meld ``meld``, then ``part`` split off as a new meld (§6.4)."""

    seat: int
    meld: tuple[Card, ...]
    part: tuple[Card, ...]
    added: tuple[Card, ...] = ()
    pays: int = 0

    def __str__(self) -> str:
        added = f", adding {_names(self.added)}" if self.added else ""
        return (
            f"Seat {self.seat} splits {_names(self.part)} off {_names(self.meld)}{added}"
            + _pays(self.pays)
        )


@dataclass(frozen=True)
class Borrowing:
    """``take`` borrowed from meld ``meld`` into a new meld with ``cards`` (§6.4)."""

    seat: int
    meld: tuple[Card, ...]
    take: tuple[Card, ...]
    cards: tuple[Card, ...]
    pays: int = 0

    def __str__(self) -> str:
        return (
            f"Seat {self.seat} borrows {_names(self.take)} from {_names(self.meld)} to meld "
            f"with {_names(self.cards)}" + _pays(self.pays)
        )


@dataclass(frozen=True)
class Paying:
    """Chips from one seat to another: a condition, the outs, or the pot (§4)."""

    payer: int | None
    """The seat that pays (``None``: the pot)."""
    payee: int | None
    """The seat paid (``None``: the pot)."""
    amount: int
    why: str

    def __str__(self) -> str:
        who = "The pot" if self.payer is None else f"Seat {self.payer}"
        to = "the pot" if self.payee is None else f"seat {self.payee}"
        return f"{who} pays {to} {self.amount} ({self.why})"


@dataclass(frozen=True)
class Claiming:
    """A seat claims its pays before discarding (``must_claim_before_discard``, §4.5)."""

    seat: int

    def __str__(self) -> str:
        return f"Seat {self.seat} claims his pays"


@dataclass(frozen=True)
class Discarding:
    """A card from the hand to the discard pile: dead (§6.3)."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"Seat {self.seat} discards {self.card}"


@dataclass(frozen=True)
class TopsSplitting:
    """The two players divide the tops (§5.2 "married"); the hand ends unplayed."""

    seats: tuple[int, int]

    def __str__(self) -> str:
        return f"Seats {self.seats[0]} and {self.seats[1]} split the tops"


@dataclass(frozen=True)
class Reshuffling:
    """The stock ran out: the dead discards are shuffled into a new stock (§6.6)."""

    cards: int

    def __str__(self) -> str:
        return f"The {self.cards} dead discards are shuffled into a new stock"


@dataclass(frozen=True)
class GoingOut:
    """A seat goes out with 11 cards melded (§6.3); each active opponent owes ``outs``."""

    seat: int
    outs: int

    def __str__(self) -> str:
        return f"Seat {self.seat} goes out; outs {self.outs} from each player"


@dataclass(frozen=True)
class PanEnding:
    """The hand is over: every seat's chips, the tops carried to the next hand, the house's."""

    final_stacks: tuple[int | None, ...]
    winner: int | None
    carry: int = 0
    house: int = 0

    def __str__(self) -> str:
        won = f"seat {self.winner} wins" if self.winner is not None else "no winner"
        carry = f", {self.carry} carried over" if self.carry else ""
        return f"Hand over: {won}; stacks {list(self.final_stacks)}{carry}"


PanEvent: TypeAlias = (
    PanStarting
    | Posting
    | Dealing
    | Declaring
    | Drawing
    | Demanding
    | Rejecting
    | Melding
    | LayingOff
    | Splitting
    | Borrowing
    | Paying
    | Claiming
    | Discarding
    | TopsSplitting
    | Reshuffling
    | GoingOut
    | PanEnding
)


def _pays(pays: int) -> str:
    return f" (pays {pays})" if pays else ""


# --------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class Play:
    """Declare play (§5.2): the move of the seat to declare, in the ``DECLARE`` phase; the
    seat stays in the hand. :meth:`PanHand.apply <splitpot.pan.game.PanHand.apply>` returns
    its ``Declaring`` record; out of turn it raises ``splitpot.IllegalAction``.

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20, 20], seed=1)
    >>> hand.legal_moves()
    [Play(), Sluff()]
    >>> print(hand.apply(pan.Play()))
    Seat 0 plays
    """


@dataclass(frozen=True)
class Sluff:
    """Declare sluff: lose the tops, pay nothing else (§5.3). The move of the seat to declare,
    in the ``DECLARE`` phase; :meth:`PanHand.apply <splitpot.pan.game.PanHand.apply>`
    returns its ``Declaring`` record and the seat is out of the hand; out of turn it raises
    ``splitpot.IllegalAction``.

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20, 20], seed=1)
    >>> print(hand.apply(pan.Sluff()))
    Seat 0 sluffs
    >>> hand.actor  # the turn passes to the right (Rotation.COUNTERCLOCKWISE)
    2
    """


@dataclass(frozen=True)
class Draw:
    """Draw the top card of the stock (§6.2), in the ``DRAW`` phase; the hand then waits in
    ``PLACE`` for the card to be placed or rejected. :meth:`PanHand.apply
    <splitpot.pan.game.PanHand.apply>` returns the ``Drawing`` record; it raises
    ``splitpot.IllegalAction`` in another phase or when the live discard is forced (§6.5).

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20, 20], seed=1)
    >>> for _ in range(3):
    ...     _ = hand.apply(pan.Play())
    >>> print(hand.apply(pan.Draw()))
    Seat 0 draws Jd from the stock
    >>> hand.phase
    <PanPhase.PLACE: 'place'>
    """


@dataclass(frozen=True)
class Take:
    """Take the live discard, to use it this turn (§6.2); forced if it lays off (§6.5). In
    the ``DRAW`` phase, when the card can be placed at once; :meth:`PanHand.apply
    <splitpot.pan.game.PanHand.apply>` returns the ``Drawing`` record, and raises
    ``splitpot.IllegalAction`` when the discard may not be taken.

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20, 20], seed=1)
    >>> for _ in range(3):
    ...     _ = hand.apply(pan.Play())
    >>> for move in (pan.Draw(), pan.Reject(), pan.Draw(), pan.Reject()):
    ...     _ = hand.apply(move)
    >>> hand.actor, hand.live_discard, hand.legal_moves()
    (1, pan.Card('2s'), [Take(), Draw()])
    >>> print(hand.apply(pan.Take()))
    Seat 1 draws 2s from the discard
    """


@dataclass(frozen=True)
class Reject:
    """Reject the card drawn from the stock: it becomes the live discard (§6.3) and the turn
    passes. In the ``PLACE`` phase after a :class:`Draw`; :meth:`PanHand.apply
    <splitpot.pan.game.PanHand.apply>` returns the ``Rejecting`` record, and raises
    ``splitpot.IllegalAction`` otherwise (a card taken from the discard must be used).

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20, 20], seed=1)
    >>> for _ in range(3):
    ...     _ = hand.apply(pan.Play())
    >>> _ = hand.apply(pan.Draw())
    >>> print(hand.apply(pan.Reject()))
    Seat 0 rejects Jd
    >>> hand.live_discard, hand.actor
    (pan.Card('Jd'), 2)
    """


@dataclass(frozen=True)
class Discard:
    """Discard ``card`` from the hand, ending the turn (§6.3): the last move of the ``USE``
    phase. :meth:`PanHand.apply <splitpot.pan.game.PanHand.apply>` returns the
    ``Discarding`` record; it raises ``splitpot.IllegalAction`` for a card the player does
    not hold or in another phase, ``splitpot.InvalidCards`` for a card that is not one.

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20, 20], seed=1)
    >>> for _ in range(3):
    ...     _ = hand.apply(pan.Play())
    >>> _ = hand.apply(pan.Draw())
    >>> print(hand.apply(hand.legal_moves()[0]))  # a NewMeld of the drawn Jd
    Seat 0 melds Jc Jd Jh
    >>> hand.legal_moves()[-1]
    Discard(card=pan.Card('6h'))
    >>> print(hand.apply(pan.Discard(pan.Card("6h"))))
    Seat 0 discards 6h
    """

    card: Card


@dataclass(frozen=True)
class Claim:
    """Claim the pays not yet collected (§4.5), under ``PanRules(must_claim_before_discard=
    True)``: in the ``USE`` phase, before the discard, or the pays are lost.
    :meth:`PanHand.apply <splitpot.pan.game.PanHand.apply>` returns the ``Claiming``
    record (the ``Paying`` records follow in ``events``); it raises
    ``splitpot.IllegalAction`` when nothing is owed.

    >>> from splitpot import pan
    >>> rules = pan.PanRules(must_claim_before_discard=True)
    >>> hand = pan.PanHand([20, 20, 20], seed=1, rules=rules)
    >>> for _ in range(3):
    ...     _ = hand.apply(pan.Play())
    >>> _ = hand.apply(pan.Draw())
    >>> _ = hand.apply(hand.legal_moves()[0])
    >>> print(hand.apply(hand.legal_moves()[0]))
    Seat 0 melds 3c 3d 3h (pays 1)
    >>> hand.legal_moves()[0]
    Claim()
    >>> print(hand.apply(pan.Claim()))
    Seat 0 claims his pays
    """


@dataclass(frozen=True)
class Demand:
    """Another player calls for the live discard to be forced (``forcing = onDemand``, §6.5).

    ``seat``: the caller, another active player, before the actor draws, when the live
    discard lays off on one of the actor's melds; the actor must then take it. Made out of
    turn, so :meth:`PanHand.legal_moves <splitpot.pan.game.PanHand.legal_moves>` (the
    actor's) never lists it; :meth:`PanHand.apply <splitpot.pan.game.PanHand.apply>` returns
    the ``Demanding`` record, and raises ``splitpot.IllegalAction`` otherwise.

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20, 20], seed=1)
    >>> for _ in range(3):
    ...     _ = hand.apply(pan.Play())
    >>> for move in (pan.Draw(), pan.Reject()):
    ...     _ = hand.apply(move)
    >>> hand.can_demand(1)  # the default rules force the card without a call
    False
    >>> pan.Demand(1)
    Demand(seat=1)
    """

    seat: int


@dataclass(frozen=True)
class SplitTops:
    """The two players left agree to divide the tops without playing (``tops_allow_split``,
    §5.2): the first hand makes the call for both, before the first draw, and the hand ends.
    :meth:`PanHand.apply <splitpot.pan.game.PanHand.apply>` returns the ``TopsSplitting``
    record; it raises ``splitpot.IllegalAction`` when the rules or the table do not allow it.

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20], seed=1, rules=pan.PanRules(tops_allow_split=True))
    >>> for _ in range(2):
    ...     _ = hand.apply(pan.Play())
    >>> hand.legal_moves()
    [Draw(), SplitTops()]
    >>> print(hand.apply(pan.SplitTops()))
    Seats 0 and 1 split the tops
    >>> hand.is_over
    True
    """


Move: TypeAlias = Play | Sluff | Draw | Take | Reject | Step | Discard | Claim | SplitTops | Demand
"""A decision: the declarations, the draw, the operations (:data:`~splitpot.pan.Step`
records), the discard."""


@dataclass(frozen=True)
class PanResult:
    """How a finished hand was settled: ``winner`` (``None`` when no one won), ``outs`` each
    active opponent owed him, the chips each seat ends with (``final_stacks``, ``None`` for a
    seat not dealt in) and won or lost (``net``), the tops ``carry`` to the next hand and the
    ``house`` collection. :attr:`PanHand.result <splitpot.pan.game.PanHand.result>` gives it
    once the hand is over (before, it raises ``splitpot.IllegalAction``); chips are kept:
    the final stacks, the carry and the house add up to the stacks dealt in.

    >>> from splitpot import pan
    >>> hand = pan.PanHand([20, 20, 20], seed=1)
    >>> for move in (pan.Play(), pan.Sluff(), pan.Sluff()):
    ...     _ = hand.apply(move)
    >>> result = hand.result
    >>> result.winner, result.final_stacks, result.net
    (0, (22, 19, 19), (2, -1, -1))
    >>> sum(result.final_stacks) + result.carry + result.house
    60
    """

    winner: int | None
    outs: int
    final_stacks: tuple[int | None, ...]
    net: tuple[int, ...]
    carry: int
    house: int

    def seat_rows(self) -> list[dict[str, Any]]:
        """One row per seat dealt in: ``seat``, ``final_stack``, ``net`` and ``winner``."""
        return [
            {"seat": s, "final_stack": chips, "net": self.net[s], "winner": s == self.winner}
            for s, chips in enumerate(self.final_stacks)
            if chips is not None
        ]

    def to_pandas(self) -> Any:
        """:meth:`seat_rows` as a ``pandas.DataFrame`` indexed by seat; needs pandas (the
        ``pandas`` extra)."""
        return _tabular.data_frame(self.seat_rows(), index="seat")

    def _repr_html_(self) -> str:
        won = "no winner" if self.winner is None else f"seat {self.winner} wins"
        note = f"outs {self.outs} a player; carry {self.carry}; house {self.house}"
        return _tabular.html_table(f"Pan: {won}", self.seat_rows(), note=note)
