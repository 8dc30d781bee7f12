"""What anyone may read of a :class:`~splitpot.hand.Hand`: its public state, as properties.

:class:`HandView` holds no state of its own; :class:`~splitpot.hand.Hand` keeps the slots
and the operations (docs/rules/poker.md §3 to §7), and reads through these.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from splitpot import _tabular
from splitpot import pots as _pots
from splitpot._core import Card, IllegalAction, SplitpotError
from splitpot.betting import Structure
from splitpot.cards import as_cards
from splitpot.games import Game
from splitpot.hand.records import (
    _ALL_IN,
    _DISCARD,
    _FOLDED,
    _OVER,
    _RUNS,
    _SHOWDOWN,
    _STOOD,
    WAITING_FOR_RUNS,
    HandResult,
    Operation,
    Phase,
    SeatStatus,
)
from splitpot.hand.round import BettingRound
from splitpot.hand.setup import HandStarting
from splitpot.hand.showdown import Showdown
from splitpot.limits import shown
from splitpot.pots import Pot

__all__ = ["HandView"]

_CAPPED = (_ALL_IN, _STOOD)  # the seats that can put in no more: their totals are levels (§6)


class HandView:
    """The read-only public state of a hand (the operations are :class:`Hand`'s)."""

    __slots__ = ()

    _starting: HandStarting
    _game: Game
    _n: int
    _order: list[int]
    _stacks: list[int]
    _contrib: list[int]
    _dead: list[int]
    _status: list[int]
    _hole: list[list[int]]
    _up: list[list[int]]
    _bring_in: int
    _board: list[int]
    _runs: int
    _more_boards: list[list[int]]
    _street: int
    _phase: Phase
    _queue: deque[int]
    _round: BettingRound
    _showdown: Showdown | None
    _result: HandResult | None
    _events: list[Operation]

    @property
    def game(self) -> Game:
        """The variant being played."""
        return self._game

    @property
    def structure(self) -> Structure:
        """The betting structure (stakes, blinds, ante, chip unit)."""
        return self._starting.structure

    @property
    def seat_count(self) -> int:
        """Number of seats, dealt in or not (see :attr:`seats`)."""
        return self._n

    @property
    def button(self) -> int:
        """The dealer seat."""
        return self._starting.button

    @property
    def seed(self) -> int | None:
        """The shuffle's seed (``None`` when every card was given)."""
        return self._starting.seed

    @property
    def starting_stacks(self) -> list[int]:
        """Each seat's chips when the hand began (0 for a seat not dealt in)."""
        return [s or 0 for s in self._starting.stacks]

    @property
    def seats(self) -> list[int]:
        """The seats dealt in, clockwise from the first left of the button."""
        return list(self._order)

    @property
    def stacks(self) -> list[int]:
        """Each seat's chips behind (not yet put in)."""
        return list(self._stacks)

    @property
    def bets(self) -> list[int]:
        """Each seat's bet in the current betting round."""
        return list(self._round.bets)

    @property
    def contributions(self) -> list[int]:
        """Everything each seat has put in this hand (antes and dead blinds included)."""
        return list(self._contrib)

    @property
    def pot(self) -> int:
        """All chips in the middle, bets on the table included (0 once paid out)."""
        return 0 if self._result is not None else sum(self._contrib)

    @property
    def pots(self) -> tuple[Pot, ...]:
        """Main pot and side pots as the contributions stand now (docs/rules/poker.md §6)."""
        if self._result is not None:
            return self._result.pots
        if self._showdown is not None:
            return self._showdown.pots
        return self._build_pots(self._folded())[0]

    @property
    def board(self) -> tuple[Card, ...]:
        """The community cards dealt so far (the first run's, when the board is run more
        than once: :attr:`boards`)."""
        return as_cards(self._board)

    @property
    def runs(self) -> int:
        """How many times the rest of the board is run (docs/rules/poker.md §6): 1 until
        :meth:`~splitpot.hand.Hand.run_it` chooses more."""
        return self._runs or 1

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Each run's board, the first run's first (one board when it is run once; the
        other runs' once they are dealt, at the showdown)."""
        return (as_cards(self._board), *[as_cards(b) for b in self._more_boards])

    def hole(self, seat: int) -> tuple[Card, ...]:
        """The seat's cards in the order dealt (after any discard); in stud the up cards
        too (:meth:`up`, :meth:`down`)."""
        return as_cards(self._hole[self._seat(seat)])

    def up(self, seat: int) -> tuple[Card, ...]:
        """The seat's face-up cards (stud, docs/rules/poker.md §4.2): what every player sees."""
        return as_cards(self._up[self._seat(seat)])

    def down(self, seat: int) -> tuple[Card, ...]:
        """The seat's face-down cards, in the order dealt: only he sees them."""
        up = self._up[self._seat(seat)]
        return as_cards([c for c in self._hole[seat] if c not in up])

    def seen_by(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards as ``seat`` sees them (what a bot may be shown): all of his own,
        the others' up cards (stud) and the hands shown at showdown.

        A stud player states a situation this way to :func:`splitpot.equity`: the cards seen
        of each player still in, and the folded players' up cards as dead cards.
        """
        self._seat(seat)
        shown = self._showdown.shown if self._showdown is not None else {}
        return tuple(
            as_cards(self._hole[s] if s == seat or s in shown else self._up[s])
            for s in range(self._n)
        )

    @property
    def bring_in_seat(self) -> int | None:
        """The seat that owes the stud bring-in now, or ``None`` (docs/rules/poker.md §4.2)."""
        return self._bring_in if self._bring_in >= 0 else None

    def status(self, seat: int) -> SeatStatus:
        """Whether the seat is active, folded, all-in or timed out."""
        return SeatStatus(self._status[self._seat(seat)])

    @property
    def street(self) -> str:
        """The current street (``"preflop"``, ``"flop"``, ...), ``"showdown"`` at the end."""
        if self._street >= len(self._game.streets):
            return "showdown"
        return self._game.streets[self._street].name

    @property
    def phase(self) -> Phase:
        """What the hand is waiting for."""
        return self._phase

    def _repr_html_(self) -> str:
        """A notebook's view: the street, board and pot, and a row per seat (every card
        shown: a notebook is the dealer's seat)."""
        rows = [
            {
                "seat": seat,
                "stack": self._stacks[seat],
                "bet": self._round.bets[seat],
                "in pot": self._contrib[seat],
                "status": SeatStatus(self._status[seat]).name.lower().replace("_", " "),
                "cards": " ".join(str(Card(c)) for c in self._hole[seat]),
                "": ", ".join(
                    w
                    for w, on in (("button", seat == self.button), ("to act", seat == self.actor))
                    if on
                ),
            }
            for seat in range(self._n)
        ]
        board = " ".join(map(str, self.board)) or "-"
        caption = f"{self._game.name}, {self.street}: board {board}; pot {self.pot}"
        return _tabular.html_table(caption, rows)

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None`` when no one is (the hand is over)."""
        return self._queue[0] if self._queue and self._phase is not _OVER else None

    @property
    def is_over(self) -> bool:
        """Whether the pots have been paid."""
        return self._phase is _OVER

    @property
    def events(self) -> tuple[Operation, ...]:
        """Every state change so far, in order; :meth:`from_events` rebuilds the hand."""
        return tuple(self._events)

    @property
    def result(self) -> HandResult:
        """The payout, shown hands and final stacks; raises until the hand is over."""
        if self._result is None:
            raise IllegalAction("the hand is not over yet; no result")
        return self._result

    @property
    def final_stacks(self) -> list[int]:
        """Each seat's chips after the payout; raises until the hand is over."""
        return list(self.result.final_stacks)

    def _seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise SplitpotError(f"no seat {shown(seat)} in this hand (seats 0..{self._n - 1})")
        return seat

    def __repr__(self) -> str:
        return (
            f"<Hand {self._game.code} {self._starting.structure.kind.value} seats={self._n} "
            f"street={self.street} actor={self.actor} pot={self.pot}>"
        )

    def _waiting_for(self) -> str:
        """What the hand waits for, for the error of an action that does not fit."""
        if self._phase is _RUNS:
            return WAITING_FOR_RUNS
        if self._phase is _OVER or not self._queue:
            return "the hand is over; no one is to act"
        seat = self._queue[0]
        if self._phase is _DISCARD:
            return f"seat {seat} must discard a hole card first (discard(card))"
        if self._phase is _SHOWDOWN:
            return f"it is the showdown: seat {seat} must show() or muck()"
        return f"seat {seat} is to bet, check, call or fold"

    def _folded(self) -> list[int]:
        return [s for s in range(self._n) if self._status[s] >= _FOLDED]

    def _build_pots(self, out: Sequence[int]) -> tuple[tuple[Pot, ...], dict[int, int]]:
        """Main and side pots of the seats dealt in (docs/rules/poker.md §6,
        :func:`splitpot.pots.build_pots`): a seat's own ante counts for its eligibility; a dead
        blind, and an ante posted for the whole table, set no level and go to the main pot,
        but the dead blind of a seat that can put in no more counts for his own level."""
        dealt: dict[int, int] = {}
        antes: dict[int, int] = {}
        shared: dict[int, int] = {}  # the dead blinds, and the antes posted for the table
        table = self._starting.antes_shared
        for s in self._order:
            put = dealt[s] = self._contrib[s]
            # Antes are posted first: the ante in a contribution is the smaller of the two.
            ante = min(self._starting.antes[s], put)
            own = 0 if table else ante
            if self._status[s] in _CAPPED:
                # A poster who can put in no more has his whole total as his level, his
                # dead blind included: he may win what he matched up to it (§6).
                own = self._dead[s] - (ante if table else 0)
            shared[s] = self._dead[s] - own
            antes[s] = own
        table_money = shared if any(shared.values()) else None
        return _pots.build_pots(dealt, [s for s in out if s in dealt], antes, shared=table_money)

    def _final_pots(self) -> tuple[Pot, ...]:
        """The pots to award. Every uncalled bet went back at the end of its round, so the
        pots return nothing more (docs/rules/poker.md §6)."""
        showdown = self._showdown
        if showdown is None:
            live = [s for s in self._order if self._status[s] != _FOLDED]
            if len(live) == 1:
                # The last player left wins what is in the middle (§5), even if he put
                # nothing in (the others sat out at once around him).
                total = sum(self._contrib[s] for s in self._order)
                return (Pot(total, (live[0],)),) if total else ()
            return self._build_pots(self._folded())[0]
        if len(showdown.shown) + len(showdown.mucked) < len(showdown.values):
            # Every other hand was mucked: they gave up their claims, the last one wins (§5).
            return self._build_pots(self._folded() + showdown.mucked)[0]
        return showdown.pots
