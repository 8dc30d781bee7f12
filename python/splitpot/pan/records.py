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
from typing import TYPE_CHECKING, TypeAlias

from splitpot._core import PanCard as Card
from splitpot.pan.melds import Step

if TYPE_CHECKING:
    from splitpot.pan.rules import PanRules


def _names(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


class PanPhase(str, Enum):
    """What the hand waits for (docs/rules/pan.md §5, §6)."""

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
    """Declare play (§5.2)."""


@dataclass(frozen=True)
class Sluff:
    """Declare sluff: lose the tops, pay nothing else (§5.3)."""


@dataclass(frozen=True)
class Draw:
    """Draw the top card of the stock (§6.2)."""


@dataclass(frozen=True)
class Take:
    """Take the live discard, to use it this turn (§6.2); forced if it lays off (§6.5)."""


@dataclass(frozen=True)
class Reject:
    """Reject the card drawn from the stock: it becomes the live discard (§6.3)."""


@dataclass(frozen=True)
class Discard:
    """Discard ``card`` from the hand, ending the turn (§6.3)."""

    card: Card


@dataclass(frozen=True)
class Claim:
    """Claim the pays not yet collected (§4.5)."""


@dataclass(frozen=True)
class Demand:
    """Another player calls for the live discard to be forced (``forcing = onDemand``, §6.5)."""

    seat: int


@dataclass(frozen=True)
class SplitTops:
    """The two players left agree to divide the tops without playing (``tops_allow_split``,
    §5.2): the first hand makes the call for both, before the first draw."""


Move: TypeAlias = Play | Sluff | Draw | Take | Reject | Step | Discard | Claim | SplitTops | Demand
"""A decision: the declarations, the draw, the operations (:data:`~splitpot.pan.Step`
records), the discard."""


@dataclass(frozen=True)
class PanResult:
    """How a finished hand was settled: ``winner`` (``None`` when no one won), ``outs`` each
    active opponent owed him, the chips each seat ends with and won or lost (``net``), the
    tops ``carry`` to the next hand and the ``house`` collection."""

    winner: int | None
    outs: int
    final_stacks: tuple[int | None, ...]
    net: tuple[int, ...]
    carry: int
    house: int
