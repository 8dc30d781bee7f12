"""The table after each record of a hand: :func:`steps`, as PokerKit's iterable states and
rs-poker's historians give them.

A consumer of a hand's records (the replayer's page, a site's text, a tracker) needs the
chips and cards as they stand after each one: what a call puts in, what a raise to 20 adds,
when the bets go into the middle, what comes back uncalled. The engine is the one home of
those rules (docs/rules/poker.md §3 to §6); :func:`steps` replays the records through it and
reads the table after each, so no consumer works them out again.

>>> from splitpot import HOLDEM, Hand, NoLimit
>>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
>>> _ = h.raise_to(6), h.fold()
>>> for record, table in list(steps(h.events))[-4:]:
...     print(f"{type(record).__name__:14} stacks {table.stacks} bets {table.bets} pot {table.pot}")
Folding        stacks (98, 94) bets (2, 6) pot 8
ChipsReturning stacks (98, 98) bets (2, 2) pot 4
PotAwarding    stacks (98, 102) bets (0, 0) pot 0
HandEnding     stacks (98, 102) bets (0, 0) pot 0
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from splitpot._core import Card, SplitpotError
from splitpot.cards import as_cards
from splitpot.hand import rebuild as _rebuild
from splitpot.hand.records import _ALL_IN, _FOLDED, HandEnding, Operation
from splitpot.hand.setup import HandStarting
from splitpot.hand.state import Hand
from splitpot.pots import Pot

__all__ = ["TableState", "steps"]


@dataclass(frozen=True)
class TableState:
    """The table after a record (a frozen snapshot; seats are indexed as the hand's).

    ``stacks`` (chips behind), ``bets`` (this betting round's), ``contributions`` (all put
    in this hand), ``pot`` (every chip in the middle, the round's bets included, as
    ``Hand.pot``) and ``pots`` (main and side pots as they stand, §6); ``board`` (the first
    run's) and ``boards`` (one per run of the board, §6); ``hole`` and ``up`` (each seat's
    cards and, in stud, its face-up ones); ``folded`` and ``all_in`` (seats);
    ``actor`` (the seat to act next, or ``None``) and ``street``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> record, table = list(steps(h.events))[2]
    >>> str(record), table.bets, table.pot, table.actor
    ('Seat 0 posts a blind of 2', (2, 1), 3, None)
    """

    street: str
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributions: tuple[int, ...]
    pot: int
    pots: tuple[Pot, ...]
    board: tuple[Card, ...]
    boards: tuple[tuple[Card, ...], ...]
    hole: tuple[tuple[Card, ...], ...]
    up: tuple[tuple[Card, ...], ...]
    folded: frozenset[int]
    all_in: frozenset[int]
    actor: int | None


class _Recorder(list[Operation]):
    """A hand's record list that reads the table each time a record is added."""

    hand: Hand | None = None

    def __init__(self) -> None:
        super().__init__()
        self.states: list[TableState] = []

    def append(self, record: Operation) -> None:
        super().append(record)
        self.states.append(_table(self.hand, record))


def steps(events: Sequence[Operation]) -> Iterator[tuple[Operation, TableState]]:
    """Each record of a hand's ``events`` (``Hand.events``, all of them or a prefix) with
    the table after it: the records are replayed through the engine (as
    ``Hand.from_events``: a forged one is refused), which is read after each.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = h.call()
    >>> [(str(record), table.pot) for record, table in steps(h.events)][-2:]
    [('Seat 1 is dealt Jc3c', 3), ('Seat 1 calls 1', 4)]
    """
    if not events or not isinstance(events[0], HandStarting):
        raise SplitpotError("the events must start with a HandStarting record")
    recorder = _Recorder()
    hand = recorder.hand = Hand.__new__(Hand)
    hand._seat_players(events[0].validate(), recorder)
    _rebuild.replay(hand, events)
    return zip(list(recorder), recorder.states, strict=True)


def _table(hand: Hand | None, record: Operation) -> TableState:
    if hand is None or not hasattr(hand, "_round"):
        assert isinstance(record, HandStarting)  # the first record: no one has put in yet
        n = len(record.stacks)
        stacks = tuple(s or 0 for s in record.stacks)
        empty: tuple[tuple[Card, ...], ...] = ((),) * n
        none: frozenset[int] = frozenset()
        return TableState(
            "preflop", stacks, (0,) * n, (0,) * n, 0, (), (), ((),), empty, empty, none, none, None
        )
    ledger, deal, status = hand._ledger, hand._deal, hand._ledger.status
    ending = isinstance(record, HandEnding)
    return TableState(
        hand.street,
        tuple(ledger.whole()),
        tuple(hand._round.bets),
        tuple(ledger.contrib),
        0 if ending else sum(ledger.contrib) - ledger.paid,
        hand.pots,
        as_cards(deal.board),
        (as_cards(deal.board), *[as_cards(b) for b in deal.more_boards]),
        tuple(as_cards(cards) for cards in deal.hole),
        tuple(as_cards(cards) for cards in deal.up),
        frozenset(s for s, v in enumerate(status) if v == _FOLDED),
        frozenset(s for s, v in enumerate(status) if v == _ALL_IN),
        hand.actor,
    )
