"""The showdown (docs/rules/poker.md §5) and the payout (§6).

:class:`Showdown` values every hand still in once, lines them up in the spec's order, shows
and mucks them (deciding for ``auto_showdown``) and logs each; :func:`settle` pays the pots
and makes the hand's result. The pots are built once, when the showdown begins (no chip
moves after that).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from splitpot import _core
from splitpot import pots as _pots
from splitpot._core import HighHand

if TYPE_CHECKING:
    from splitpot._core import RazzLow
from splitpot.cards import as_cards
from splitpot.games import Game, Valuation
from splitpot.hand import stud as _stud
from splitpot.hand.ledger import Ledger
from splitpot.hand.records import (
    _FOLDED,
    HandEnding,
    HandResult,
    Mucking,
    Operation,
    PotAwarding,
    Showing,
    ShownHand,
    _describe,
)
from splitpot.hand.setup import HandStarting
from splitpot.pots import Payout, Pot

if TYPE_CHECKING:
    from splitpot.hand.deal import Deal

__all__ = ["Showdown", "payout", "pots_won", "settle"]


class Showdown:
    """Hands shown and mucked in order (docs/rules/poker.md §5).

    * ``values``: ``seat -> (high, low)`` for every hand still in (``low`` is a ``LowHand``
      or ``None``).
    * ``queue``: the seats still to decide, first is next: the last to bet or raise on the
      final round shows first; without one the first player left of the button; then
      clockwise.
    * ``shown`` (in order) and ``mucked``; ``pots``: the pots as the showdown began.
    * ``more_values``: when the board was run more than once (§6), the ``values`` on each
      run's board after the first (``values`` are the first run's).
    """

    __slots__ = (
        "_events",
        "_hi_lo",
        "_hole",
        "more_values",
        "mucked",
        "pots",
        "queue",
        "shown",
        "values",
    )

    def __init__(
        self,
        game: Game,
        deal: Deal,
        contenders: list[int],
        aggressor: int | None,
        pots: tuple[Pot, ...],
        events: list[Operation],
    ) -> None:
        """``contenders`` from the button's left; without a bet on the last round stud
        starts with the best exposed hand, who acted first (§5)."""
        if game.forced_bets == "bring_in":
            i = contenders.index(_stud.first_to_act(game, deal.up, contenders))
            contenders = contenders[i:] + contenders[:i]
        hole, boards = deal.hole, [deal.board, *deal.more_boards]
        self._hole = hole
        self._hi_lo = game.hi_lo
        self._events = events
        self.values = _values(game, hole, boards[0], contenders)
        self.more_values = (
            [_values(game, hole, board, contenders) for board in boards[1:]]
            if len(boards) > 1
            else []
        )
        first = aggressor if aggressor in self.values else contenders[0]
        i = contenders.index(first)
        self.queue = deque(contenders[i:] + contenders[:i])
        self.shown: dict[int, Showing] = {}
        self.mucked: list[int] = []
        self.pots = pots

    def show(self, seat: int) -> Showing:
        """``seat``, first in the queue, shows his hand."""
        high, low = self.values[seat]
        record = Showing(seat, as_cards(self._hole[seat]), _describe(high, low, self._hi_lo))
        self.shown[seat] = record
        self.queue.popleft()
        self._events.append(record)
        return record

    def muck(self, seat: int) -> Mucking:
        """``seat``, first in the queue, mucks: he gives up any claim to the pot (§5)."""
        record = Mucking(seat)
        self.mucked.append(seat)
        self.queue.popleft()
        self._events.append(record)
        return record

    def decide(self, auto: bool) -> bool:
        """Show or muck for the players in turn (``auto``: each shows if his hand can win or
        tie a pot, else mucks; a hand every other hand gave up to wins unshown); whether
        every decision is made. Without ``auto`` the players decide (show, muck)."""
        queue = self.queue
        while queue:
            seat = queue[0]
            if self.unopposed(seat):
                queue.popleft()  # every other hand was mucked: he wins without showing
            elif not auto:
                return False
            elif self.would_show(seat):
                self.show(seat)
            else:
                self.muck(seat)
        return True

    def unopposed(self, seat: int) -> bool:
        """Whether every other hand was mucked: he wins without showing (§5)."""
        mucked = self.mucked
        return all([s == seat or s in mucked for s in self.values])  # a list: no generator

    def would_show(self, seat: int) -> bool:
        """Auto-showdown: show if the hand can win or tie part of a pot it is eligible for
        against the hands shown before it, on any run of the board."""
        shown = self.shown
        if not shown:
            return True
        for values in (self.values, *self.more_values) if self.more_values else (self.values,):
            high, low = values[seat]
            for pot in self.pots:
                if seat not in pot.eligible:
                    continue
                rivals = [s for s in pot.eligible if s in shown]
                if not rivals:
                    return True
                if high.strength >= max([values[s][0].strength for s in rivals]):
                    return True
                if low is not None:
                    lows = [values[s][1].strength for s in rivals if values[s][1] is not None]
                    if not lows or low.strength >= max(lows):
                        return True
        return False

    def why_not_muck(self, seat: int) -> str | None:
        """Why the seat may not muck (it is the last claimant of a pot), or ``None``."""
        for index, pot in enumerate(self.pots):
            if seat in pot.eligible and len(pot.eligible) > 1:
                if all(s in self.mucked for s in pot.eligible if s != seat):
                    name = "the main pot" if index == 0 else f"side pot {index}"
                    return f"seat {seat} is the last hand in {name}; show() to take it"
        return None


def _values(
    game: Game, hole: Sequence[list[int]], board: list[int], seats: list[int]
) -> dict[int, tuple[HighHand | RazzLow, Any]]:
    """Each seat's ``(high, low)``, one core call per hand where the game allows."""
    high, low = game.high, game.low
    if high is None:  # Razz: the ace-to-five low takes the whole pot, in the high's place
        return {s: (_core.evaluate_razz(hole[s] + board), None) for s in seats}
    if low is None and high is Valuation.BEST_FIVE:
        return {s: (_core.evaluate_high(hole[s] + board), None) for s in seats}
    if low is None and high is Valuation.OMAHA:
        return {s: (_core.evaluate_omaha_high(hole[s], board), None) for s in seats}
    if low is high is Valuation.BEST_FIVE:
        return {s: _core.evaluate_hilo(hole[s] + board) for s in seats}
    if low is high is Valuation.OMAHA:
        return {s: _core.evaluate_omaha_hilo(hole[s], board) for s in seats}
    return {
        s: (game.evaluate_high(hole[s], board), game.evaluate_low(hole[s], board)) for s in seats
    }


def pots_won(showdown: Showdown | None, ledger: Ledger, order: list[int]) -> tuple[Pot, ...]:
    """The pots to award (docs/rules/poker.md §5, §6). Every uncalled bet went back at the
    end of its round, so the pots return nothing more."""
    if showdown is None:
        live = [s for s in order if ledger.status[s] != _FOLDED]
        if len(live) == 1:
            # The last player left wins what is in the middle (§5), even if he put nothing
            # in (the others sat out at once around him).
            total = sum([ledger.contrib[s] for s in order])
            return (_pots.pot_unchecked(total, (live[0],)),) if total else ()
        return ledger.pots(order, ledger.folded())
    if len(showdown.shown) + len(showdown.mucked) < len(showdown.values):
        # Every other hand was mucked: they gave up their claims, the last one wins (§5);
        # but a pot no one else may win stays its own players' (a side pot a mucked hand
        # alone matched: §5 DECISION).
        mucked = showdown.mucked
        return tuple(
            [
                Pot(pot.amount, tuple(kept))
                if (kept := [s for s in pot.eligible if s not in mucked])
                else pot
                for pot in ledger.pots(order, ledger.folded())
            ]
        )
    return showdown.pots


def settle(
    start: HandStarting,
    showdown: Showdown | None,
    ledger: Ledger,
    order: list[int],
    deal: Deal,
    street: int,
    events: list[Operation],
) -> HandResult:
    """Pay the pots (docs/rules/poker.md §6), log each award and the end, and make the
    hand's result."""
    pots = pots_won(showdown, ledger, order)
    paid = payout(start, pots, showdown, deal.odd_chip_order(order), deal.flop_seen(street))
    for a in paid.awards:
        ledger.pay(a.seat, a.amount)
        events.append(PotAwarding(a))
    final = ledger.whole()
    events.append(HandEnding(tuple(final), paid.rake))
    shown = showdown.shown if showdown is not None else {}
    values = showdown.values if showdown is not None else {}
    hi_lo = start.game.hi_lo
    return HandResult(
        pots,
        dict(ledger.returned),
        paid.awards,
        tuple([ShownHand(s, r.cards, *values[s], hi_lo) for s, r in shown.items()]),
        tuple(showdown.mucked) if showdown is not None else (),
        paid.rake,
        final,
        [f - (s or 0) for f, s in zip(final, start.stacks)],  # noqa: B905 - same length
    )


def payout(
    start: HandStarting,
    pots: tuple[Pot, ...],
    showdown: Showdown | None,
    odd_chip_order: list[int],
    flop_seen: bool,
) -> Payout:
    """Each pot paid to its winners among the hands shown (docs/rules/poker.md §6), each
    run's part by its own board when the board was run more than once."""
    shown = showdown.shown if showdown is not None else {}
    values = showdown.values if showdown is not None else {}
    hi_lo = start.game.hi_lo
    # Only seats some pot is open to are ranked (a hand with no chips in has no pot).
    ranked = [s for s in shown if any([s in pot.eligible for pot in pots])]
    rankings = [_rankings(values, ranked, hi_lo)]
    if showdown is not None:  # the runs of the board after the first (§6)
        rankings += [_rankings(v, ranked, hi_lo) for v in showdown.more_values]
    unit = start.structure.chip_unit  # the hand's own pots and rankings: none checked again
    return _pots._award(pots, rankings, odd_chip_order, unit, start.rake, flop_seen)


def _rankings(
    values: dict[int, tuple[Any, Any]], ranked: list[int], hi_lo: bool
) -> tuple[dict[int, int], dict[int, int] | None]:
    """The high and low rankings of the ``ranked`` seats, for :func:`splitpot.pots.award`."""
    high = {s: values[s][0].strength for s in ranked}
    if not hi_lo:
        return high, None
    return high, {s: values[s][1].strength for s in ranked if values[s][1] is not None}
