"""A hand's records: operations, what a seat may do, how it ended (docs/rules/poker.md §3-§7)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar

from splitpot import _tabular
from splitpot._core import Card, HighHand
from splitpot._frozen import quick_init
from splitpot.pots import Award, Pot

if TYPE_CHECKING:
    from splitpot._core import RazzLow

# Seat states; "still in the hand" is ``status < _FOLDED``.
_ACTIVE, _ALL_IN, _STOOD, _FOLDED, _OUT = 0, 1, 2, 3, 4


class SeatStatus(Enum):
    """Where a seat stands in the hand: ``Hand.status(seat)``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 100], seed=1)
    >>> h.fold()
    Folding(seat=2)
    >>> h.status(2).name, h.status(0).name
    ('FOLDED', 'ACTIVE')
    """

    ACTIVE = _ACTIVE
    """Still in, with chips, and still acting."""
    FOLDED = _FOLDED
    """Gave up the hand; eligible for no pot (docs/rules/poker.md §6)."""
    ALL_IN = _ALL_IN
    """Every chip is in; eligible for the pots up to his contribution (§6)."""
    TIMED_OUT = _STOOD
    """Timed out after putting chips in: "all-in for what he has already put in the pot"; he
    acts no more, keeps his cards and the chips behind him (§7)."""
    OUT = _OUT
    """An empty seat, or a player not dealt in (``None`` in the stacks)."""


class StrEnum(str, Enum):
    """An enum whose members are their strings: equal, hashed and printed as the value
    (``enum.StrEnum`` of Python 3.11, for 3.10), so code written for bare strings keeps working.
    """

    __hash__ = str.__hash__

    def __str__(self) -> str:
        return str(self.value)


class TimeoutOutcome(StrEnum):
    """What a timeout amounted to (docs/rules/poker.md §7; see :mod:`splitpot.hand.timeout`).

    The ``outcome`` of a :class:`TimingOut`, returned by ``Hand.timeout_outcome()``; a ``str``
    enum, so ``record.outcome == "all_in"`` keeps working. ``TimeoutOutcome("x")`` with an
    unknown string raises ``ValueError``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> h.timeout_outcome()             # the big blind has chips in: all-in, not folded
    <TimeoutOutcome.ALL_IN: 'all_in'>
    >>> h.timeout_outcome() == "all_in"
    True
    """

    ALL_IN = "all_in"
    """All-in for what he has put in: he acts no more and keeps the chips behind."""
    FOLD = "fold"
    CHECK = "check"
    DISCARD = "discard"
    """Discards the last card dealt (Crazy Pineapple)."""
    SHOW = "show"


class Phase(str, Enum):
    """What the hand is waiting for: ``Hand.phase``.

    A ``str`` enum: ``Phase("over") is Phase.OVER``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> h.phase
    <Phase.BETTING: 'betting'>
    >>> _ = h.fold()
    >>> h.phase
    <Phase.OVER: 'over'>
    """

    BETTING = "betting"
    """A betting round (docs/rules/poker.md §3)."""
    DISCARD = "discard"
    """Each player still in discards a hole card (Crazy Pineapple, §2)."""
    SHOWDOWN = "showdown"
    """Hands shown or mucked in the spec's order (§5); only without ``auto_showdown``."""
    RUNS = "runs"
    """The players still in can bet no more before the board is out: the hand waits for
    ``Hand.run_it(times)``, how many times the rest of the board is run (§6); only in a hand
    with ``max_runs`` above 1. No seat is to act (``actor`` is ``None``)."""
    OVER = "over"
    """The pots have been paid."""


# The phases as module constants: a hand compares its phase at every decision, and each
# ``Phase.X`` is a lookup through the enum class (several times a plain name's cost).
_BETTING, _DISCARD, _SHOWDOWN, _OVER = Phase.BETTING, Phase.DISCARD, Phase.SHOWDOWN, Phase.OVER
_RUNS = Phase.RUNS
WAITING_FOR_RUNS = "the players still in are all-in: the hand waits for run_it(times)"


# --------------------------------------------------------------------------- records


@dataclass(frozen=True)
class Operation:
    """A state change of a :class:`Hand`; the list of them rebuilds the hand.

    The base of every record in ``Hand.events`` (from :class:`HandStarting` to
    :class:`HandEnding`); ``Hand.from_events`` replays such a list. Records are frozen
    dataclasses made by the hand and are not validated on construction; ``str()`` reads as
    the terminal game prints them.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> all(isinstance(e, Operation) for e in h.events), str(h.events[1])
    (True, 'Seat 1 posts a blind of 1')
    """

    def __str__(self) -> str:
        return repr(self)


@dataclass(frozen=True)
class AntePosting(Operation):
    """A seat posts its ante: dead money in the pot (docs/rules/poker.md §4).

    ``seat`` posts ``amount`` chips (less than the ante when short of chips).

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> Hand(HOLDEM, NoLimit(1, 2, ante=1), [100, 100], seed=1).events[1]
    AntePosting(seat=0, amount=1)
    """

    seat: int
    amount: int

    def __str__(self) -> str:
        return f"Seat {self.seat} posts an ante of {self.amount}"


@dataclass(frozen=True)
class BlindPosting(Operation):
    """A seat posts a blind. A live blind is its bet for the first round (§4.1); a dead one
    (a missed small blind made up on return) only goes into the pot.

    ``seat`` posts ``amount`` chips (what it has, when short); ``dead`` marks a dead blind.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> h.events[1], str(h.events[2])
    (BlindPosting(seat=1, amount=1, dead=False), 'Seat 0 posts a blind of 2')
    """

    seat: int
    amount: int
    dead: bool = False

    def __str__(self) -> str:
        return f"Seat {self.seat} posts a {'dead ' if self.dead else ''}blind of {self.amount}"


@dataclass(frozen=True)
class HoleDealing(Operation):
    """A seat's cards of a street: ``cards`` face down and, in stud, ``up`` face up (§4.2).

    ``seat`` is the seat dealt; ``cards`` and ``up`` are tuples of :class:`~splitpot.Card`.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> h.events[3]
    HoleDealing(seat=0, cards=(Card('4c'), Card('Ac')), up=())
    """

    seat: int
    cards: tuple[Card, ...]
    up: tuple[Card, ...] = ()

    def __str__(self) -> str:
        down = "".join(map(str, self.cards))
        shown = "".join(map(str, self.up))
        return f"Seat {self.seat} is dealt " + (
            f"{down} down and {shown} up" if down and shown else f"{shown} up" if shown else down
        )


@dataclass(frozen=True)
class BringingIn(Operation):
    """The stud bring-in: the forced opening bet of the seat with the lowest door card
    (docs/rules/poker.md §4.2), all-in when short.

    ``seat`` puts in ``amount``; ``all_in`` says it was all it had. Made by ``Hand.bring_in()``.

    >>> from splitpot import SEVEN_CARD_STUD, FixedLimit, Hand
    >>> h = Hand(SEVEN_CARD_STUD, FixedLimit(2, 4, bring_in=1), [100, 100], seed=1)
    >>> h.bring_in()
    BringingIn(seat=1, amount=1, all_in=False)
    """

    seat: int
    amount: int
    all_in: bool = False

    def __str__(self) -> str:
        return f"Seat {self.seat} brings in for {self.amount}" + (
            " and is all-in" if self.all_in else ""
        )


@dataclass(frozen=True)
class BoardDealing(Operation):
    """Community cards dealt for a street.

    ``street`` is the street's name (``"flop"``, ``"turn"``, ``"river"``); ``cards`` the
    :class:`~splitpot.Card` tuple dealt to the board.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = h.call(), h.check()
    >>> h.events[-1], str(h.events[-1])
    (BoardDealing(street='flop', cards=(Card('6c'), Card('3s'), Card('9s'))), 'Flop: 6c 3s 9s')
    """

    street: str
    cards: tuple[Card, ...]
    run: int = 0
    """``0`` when the board is run once; else the run (from 1) these cards are dealt to
    (docs/rules/poker.md §6 "Running the board more than once")."""

    def __repr__(self) -> str:
        run = f", run={self.run}" if self.run else ""
        return f"BoardDealing(street={self.street!r}, cards={self.cards!r}{run})"

    def __str__(self) -> str:
        run = f" (run {self.run})" if self.run else ""
        return f"{self.street.capitalize()}{run}: {' '.join(map(str, self.cards))}"


@dataclass(frozen=True)
class RunningOut(Operation):
    """How many times the rest of the board is run (docs/rules/poker.md §6 "Running the board
    more than once"): chosen with ``Hand.run_it(times)`` once the players still in can bet no
    more before the board is out, in a hand with ``max_runs`` above 1.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [50, 50], seed=1, max_runs=2)
    >>> _ = h.raise_to(50), h.call()    # all-in preflop: the hand waits
    >>> h.phase, h.actor
    (<Phase.RUNS: 'runs'>, None)
    >>> record = h.run_it(2)
    >>> record, str(record)
    (RunningOut(times=2), 'The board is run twice')
    >>> [str(a) for a in h.result.awards]
    ['Seat 1 wins the main pot on run 1 (50)', 'Seat 1 wins the main pot on run 2 (50)']
    """

    times: int

    def __str__(self) -> str:
        if self.times == 1:
            return "The board is run once"
        return f"The board is run {_TIMES.get(self.times, f'{self.times} times')}"


_TIMES = {2: "twice", 3: "three times"}


@dataclass(frozen=True)
class Folding(Operation):
    """The seat folds: it gives up the hand and every pot (docs/rules/poker.md §6).

    ``seat`` is the seat that folded. Made by ``Hand.fold()``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> h.fold(), str(h.events[-4])
    (Folding(seat=1), 'Seat 1 folds')
    """

    seat: int

    def __str__(self) -> str:
        return f"Seat {self.seat} folds"


@dataclass(frozen=True)
class SittingOut(Operation):
    """The seat sat out during the hand and is folded (docs/rules/poker.md §4.1: a Sit Out
    "after the round has started counts as a fold"), in his turn or, if he asked, at once.

    ``seat`` is the seat folded. Made by ``Hand.sit_out(seat)`` when the fold happens.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 100], seed=1)
    >>> h.sit_out(2)                    # seat 2 is to act: folded at once
    SittingOut(seat=2)
    """

    seat: int

    def __str__(self) -> str:
        return f"Seat {self.seat} sits out and folds"


@dataclass(frozen=True)
class Checking(Operation):
    """The seat checks: it stays in without putting chips in (docs/rules/poker.md §3).

    ``seat`` is the seat that checked. Made by ``Hand.check()``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = h.call()
    >>> h.check(), str(h.events[-2])
    (Checking(seat=0), 'Seat 0 checks')
    """

    seat: int

    def __str__(self) -> str:
        return f"Seat {self.seat} checks"


@dataclass(frozen=True)
class Calling(Operation):
    """The seat calls, putting in ``amount`` more chips (all-in when short).

    ``seat`` is the caller; ``all_in`` says the call took its last chip. Made by ``Hand.call()``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> h.call(), str(h.events[-1])
    (Calling(seat=1, amount=1, all_in=False), 'Seat 1 calls 1')
    """

    seat: int
    amount: int
    all_in: bool = False

    def __str__(self) -> str:
        return f"Seat {self.seat} calls {self.amount}{' and is all-in' if self.all_in else ''}"


@dataclass(frozen=True)
class Betting(Operation):
    """The seat makes the first bet of a round, ``amount`` in total.

    ``seat`` is the bettor; ``all_in`` says it bet its last chip. Made by ``Hand.bet(amount)``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = h.call(), h.check()      # to the flop
    >>> h.bet(10), str(h.events[-1])
    (Betting(seat=0, amount=10, all_in=False), 'Seat 0 bets 10')
    """

    seat: int
    amount: int
    all_in: bool = False

    def __str__(self) -> str:
        return f"Seat {self.seat} bets {self.amount}{' and is all-in' if self.all_in else ''}"


@dataclass(frozen=True)
class RaisingTo(Operation):
    """The seat raises the round's bet to ``amount`` in total.

    ``seat`` is the raiser; ``all_in`` says it raised with its last chip. Made by
    ``Hand.raise_to(amount)``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> h.raise_to(6), str(h.events[-1])
    (RaisingTo(seat=1, amount=6, all_in=False), 'Seat 1 raises to 6')
    """

    seat: int
    amount: int
    all_in: bool = False

    def __str__(self) -> str:
        return f"Seat {self.seat} raises to {self.amount}{' and is all-in' if self.all_in else ''}"


@dataclass(frozen=True)
class Discarding(Operation):
    """The seat discards a hole card (Crazy Pineapple, docs/rules/poker.md §2).

    ``seat`` discards ``card``, a :class:`~splitpot.Card`. Made by ``Hand.discard(card)``.

    >>> from splitpot import CRAZY_PINEAPPLE, Hand, NoLimit
    >>> h = Hand(CRAZY_PINEAPPLE, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = h.call(), h.check(), h.check(), h.check()   # the flop is checked through
    >>> h.discard("4c"), str(h.events[-1])
    (Discarding(seat=0, card=Card('4c')), 'Seat 0 discards 4c')
    """

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"Seat {self.seat} discards {self.card}"


@dataclass(frozen=True)
class TimingOut(Operation):
    """The seat ran out of time (docs/rules/poker.md §7). ``outcome`` is what the rule made of it:
    ``"all_in"`` (all-in for what he has put in, chips kept behind), ``"fold"``, ``"check"``,
    ``"discard"`` (of ``card``) or ``"show"`` (a :class:`TimeoutOutcome`, equal to those
    strings). ``seat`` is the seat that timed out. Made by ``Hand.timeout()``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> r = h.timeout()                 # the small blind has chips in: all-in for them
    >>> r.seat, r.outcome == "all_in", str(r)
    (1, True, 'Seat 1 times out and is all-in for what he has put in')
    """

    seat: int
    outcome: str  # a TimeoutOutcome when the hand made it; equal to its string
    card: Card | None = None

    def __str__(self) -> str:
        what = _TIMED_OUT.get(self.outcome, str(self.outcome))
        if self.outcome == TimeoutOutcome.DISCARD:
            what = f"discards {self.card}"
        return f"Seat {self.seat} times out and {what}"


_TIMED_OUT: dict[str, str] = {
    TimeoutOutcome.ALL_IN: "is all-in for what he has put in",
    TimeoutOutcome.FOLD: "is folded",
    TimeoutOutcome.CHECK: "checks",
    TimeoutOutcome.SHOW: "shows",
}


@dataclass(frozen=True)
class Showing(Operation):
    """The seat shows its hole cards at showdown (docs/rules/poker.md §5).

    ``seat`` shows ``cards``; ``description`` names the hand (``"Flush, Ace high"``).

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = h.call(), [h.check() for _ in range(7)]   # checked down to the showdown
    >>> h.events[-4]
    Showing(seat=0, cards=(Card('4c'), Card('Ac')), description='Three of a Kind, Nines')
    """

    seat: int
    cards: tuple[Card, ...]
    description: str

    def __str__(self) -> str:
        return f"Seat {self.seat} shows {''.join(map(str, self.cards))}: {self.description}"


@dataclass(frozen=True)
class Mucking(Operation):
    """The seat mucks: it gives up any claim to the pot (docs/rules/poker.md §5).

    ``seat`` is the seat that mucked. Made by ``Hand.muck()`` in a hand without
    ``auto_showdown``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1, auto_showdown=False)
    >>> _ = h.call(), [h.check() for _ in range(7)], h.show()
    >>> h.muck()
    Mucking(seat=1)
    """

    seat: int

    def __str__(self) -> str:
        return f"Seat {self.seat} mucks"


@dataclass(frozen=True)
class ChipsReturning(Operation):
    """The uncalled part of a bet goes back to the bettor (docs/rules/poker.md §6).

    ``amount`` chips go back to ``seat``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = h.raise_to(6), h.fold()     # 4 of the raise to 6 is uncalled
    >>> h.events[-3], str(h.events[-3])
    (ChipsReturning(seat=1, amount=4), 'Uncalled 4 returned to seat 1')
    """

    seat: int
    amount: int

    def __str__(self) -> str:
        return f"Uncalled {self.amount} returned to seat {self.seat}"


@dataclass(frozen=True)
class PotAwarding(Operation):
    """Chips from one pot (or half of it) paid to one seat, with the reason (§6).

    ``award`` is the :class:`~splitpot.pots.Award` (pot, side, seat, amount, why).

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = h.fold()
    >>> str(h.events[-2])
    'Seat 0 wins the main pot (2): only eligible seat; the others folded'
    """

    award: Award

    def __str__(self) -> str:
        return f"{self.award}: {self.award.why}"


@dataclass(frozen=True)
class HandEnding(Operation):
    """The hand is over: every seat's stack, and the rake taken.

    ``final_stacks`` is indexed by seat; ``rake`` is the chips the house took. Always the
    last record of a finished hand.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = h.fold()
    >>> h.events[-1], str(h.events[-1])
    (HandEnding(final_stacks=(101, 99), rake=0), 'Final stacks [101, 99]')
    """

    final_stacks: tuple[int, ...]
    rake: int = 0

    def __str__(self) -> str:
        return f"Final stacks {list(self.final_stacks)}" + (
            f", rake {self.rake}" if self.rake else ""
        )


@dataclass(frozen=True)
class LegalActions:
    """What the seat to act may do. Amounts are chips; ``bet`` and ``raise_to`` are
    ``(min, max)`` totals for the round, both inclusive (equal in fixed limit, except on
    stud's fourth street with an open pair, where exactly the two ends are allowed: the small
    bet or the big one, §4.2). ``bring_in`` is the stud bring-in the seat must post, unless
    it completes to the small bet (``bet``) or folds (§4.2).

    ``seat`` is ``None`` once nobody is to act (the hand is over, or waits for a show in a
    hand without ``auto_showdown``, where ``show`` is set); ``str()`` reads as the terminal
    game prints it. Returned by ``Hand.legal_actions()``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> a = h.legal_actions()
    >>> a
    LegalActions(seat=1, fold=True, call=1, raise_to=(4, 100))
    >>> str(a), a.check, a.bet
    ('fold, call 1, raise to 4..100', False, None)
    """

    seat: int | None
    fold: bool = False
    check: bool = False
    call: int | None = None
    bet: tuple[int, int] | None = None
    raise_to: tuple[int, int] | None = None
    discard: tuple[Card, ...] = ()
    show: bool = False
    muck: bool = False
    bring_in: int | None = None

    def __repr__(self) -> str:
        parts = [f"seat={self.seat}"]
        for name in ("fold", "check", "show", "muck"):
            if getattr(self, name):
                parts.append(f"{name}=True")
        for name in ("call", "bring_in", "bet", "raise_to"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value}")
        if self.discard:
            parts.append(f"discard={self.discard}")
        return f"LegalActions({', '.join(parts)})"

    def __str__(self) -> str:
        parts = []
        if self.fold:
            parts.append("fold")
        if self.check:
            parts.append("check")
        if self.call is not None:
            parts.append(f"call {self.call}")
        if self.bring_in is not None:
            parts.append(f"bring in {self.bring_in}")
        for name, window in (("bet", self.bet), ("raise to", self.raise_to)):
            if window is not None:
                lo, hi = window
                parts.append(f"{name} {lo}" if lo == hi else f"{name} {lo}..{hi}")
        if self.discard:
            parts.append("discard " + "/".join(map(str, self.discard)))
        if self.show:
            parts.append("show")
        if self.muck:
            parts.append("muck")
        return ", ".join(parts) if parts else "nothing"


_R = TypeVar("_R")
_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _frozen_from(cls: type[_R], values: dict[str, Any]) -> _R:
    """``cls(**values)`` of a frozen dataclass given every field, equal in every way (the same
    fields, in the same ``__dict__``), without the ``object.__setattr__`` call per field; a
    class with a ``__post_init__`` or other fields is made the usual way."""
    if cls not in _FIELDS:
        names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
        _FIELDS[cls] = None if hasattr(cls, "__post_init__") else names
    names_ = _FIELDS[cls]
    if names_ is None or len(names_) != len(values):
        return cls(**values)
    record = object.__new__(cls)
    object.__setattr__(record, "__dict__", {name: values[name] for name in names_})
    return record


def _legal(
    seat: int | None,
    fold: bool = False,
    check: bool = False,
    call: int | None = None,
    bet: tuple[int, int] | None = None,
    raise_to: tuple[int, int] | None = None,
    discard: tuple[Card, ...] = (),
    show: bool = False,
    muck: bool = False,
    bring_in: int | None = None,
) -> LegalActions:
    """``LegalActions(...)`` of the same arguments, equal in every way: the same fields in
    the same ``__dict__``. A hand makes one per decision; this skips the frozen dataclass's
    ``object.__setattr__`` call for each of its ten fields."""
    record = object.__new__(LegalActions)
    values = {
        "seat": seat,
        "fold": fold,
        "check": check,
        "call": call,
        "bet": bet,
        "raise_to": raise_to,
        "discard": discard,
        "show": show,
        "muck": muck,
        "bring_in": bring_in,
    }
    object.__setattr__(record, "__dict__", values)
    return record


@dataclass(frozen=True)
class ShownHand:
    """A hand shown at showdown with its values (docs/rules/poker.md §5). ``high`` is the
    value that takes the whole pot or its high half: in Razz, the ace-to-five low.

    ``seat`` showed ``cards``; ``low`` is the eight-or-better low (``None`` without one);
    ``hi_lo`` says the game splits the pot. Found in ``HandResult.shown``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = h.call(), [h.check() for _ in range(7)]   # checked down to the showdown
    >>> [(s.seat, s.description) for s in h.result.shown]
    [(0, 'Three of a Kind, Nines'), (1, 'Full House, Nines over Threes')]
    """

    seat: int
    cards: tuple[Card, ...]
    high: HighHand | RazzLow
    low: Any | None  # LowHand | None
    hi_lo: bool = False

    @property
    def description(self) -> str:
        """``"Flush, Ace high"``, and in a hi/lo game ``"; low 8-6-4-2-A"`` or ``"; no low"``."""
        return _describe(self.high, self.low, self.hi_lo)


@dataclass(frozen=True)
class HandResult:
    """How a finished hand was paid (docs/rules/poker.md §6).

    ``Hand.result`` is one once the hand is over (``None`` before). ``shown`` holds the hands
    shown at showdown with their values, ``mucked`` the seats that gave theirs up, ``rake``
    what the house took:

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = h.raise_to(6), h.fold()     # the big blind folds to the raise
    >>> r = h.result
    >>> r.returned, r.net, [str(a) for a in r.awards]
    ({1: 4}, [-2, 2], ['Seat 1 wins the main pot (4)'])

    ``pots`` are the pots awarded (after mucked hands gave up their claims), ``returned`` the
    uncalled chips given back, ``awards`` every payment of :func:`splitpot.pots.award`.
    ``final_stacks`` and ``net`` (won or lost) are indexed by seat. A notebook shows a
    table per seat (``_repr_html_``); :meth:`to_dict` gives plain data, :meth:`to_pandas` the
    table as a DataFrame.
    """

    pots: tuple[Pot, ...]
    returned: dict[int, int]
    awards: tuple[Award, ...]
    shown: tuple[ShownHand, ...]
    mucked: tuple[int, ...]
    rake: int
    final_stacks: list[int] = field(compare=True)
    net: list[int] = field(compare=True)

    def winnings(self, seat: int) -> int:
        """Chips the seat took from the pots (returned uncalled chips not included)."""
        return sum(a.amount for a in self.awards if a.seat == seat)

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain data (chips are ints; cards are text such as ``"Ah"``)."""
        return {
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots],
            "returned": dict(self.returned),
            "awards": [
                {"pot": a.pot, "side": a.side, "seat": a.seat, "amount": a.amount, "why": a.why}
                | ({"run": a.run} if a.run else {})  # a board run more than once (§6)
                for a in self.awards
            ],
            "shown": [
                {"seat": h.seat, "cards": [str(c) for c in h.cards], "hand": h.description}
                for h in self.shown
            ],
            "mucked": list(self.mucked),
            "rake": self.rake,
            "final_stacks": list(self.final_stacks),
            "net": list(self.net),
        }

    def seat_rows(self) -> list[dict[str, Any]]:
        """One row per seat: ``seat``, ``final_stack``, ``net``, ``won`` (from the pots),
        ``returned`` (uncalled chips given back) and ``shown`` (the hand, or ``None``)."""
        shown = {h.seat: f"{''.join(map(str, h.cards))}: {h.description}" for h in self.shown}
        return [
            {
                "seat": seat,
                "final_stack": stack,
                "net": self.net[seat],
                "won": self.winnings(seat),
                "returned": self.returned.get(seat, 0),
                "shown": shown.get(seat, "mucked" if seat in self.mucked else None),
            }
            for seat, stack in enumerate(self.final_stacks)
        ]

    def to_pandas(self) -> Any:
        """:meth:`seat_rows` as a ``pandas.DataFrame`` indexed by seat; needs pandas (the
        optional extra ``splitpot[pandas]``)."""
        return _tabular.data_frame(self.seat_rows(), index="seat")

    def _repr_html_(self) -> str:
        pots = ", ".join(str(p.amount) for p in self.pots)
        awards = "; ".join(str(a) for a in self.awards)
        return _tabular.html_table(f"pots {pots}", self.seat_rows(), note=awards)


def _describe(high: HighHand | RazzLow, low: Any, hi_lo: bool) -> str:
    text = str(high)
    if hi_lo:
        text += f"; low {low}" if low is not None else "; no low"
    return text


# Every record of this module (HandStarting, with its checks, keeps the dataclass's).
for _record in (*Operation.__subclasses__(), ShownHand, HandResult):
    quick_init(_record)
