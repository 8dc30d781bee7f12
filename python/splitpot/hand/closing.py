"""The end of a hand: the showdown (docs/rules/poker.md §5) and the payout (§6).

:class:`Closing` is the part of :class:`~splitpot.hand.Hand` that runs once the betting is
over: the hands shown and mucked in the spec's order, then the pots awarded.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from splitpot import pots as _pots
from splitpot._core import IllegalAction
from splitpot.cards import as_cards
from splitpot.hand import stud as _stud
from splitpot.hand.dealing import Dealer
from splitpot.hand.records import (
    _ACTIVE,
    _DISCARD,
    _FOLDED,
    _OVER,
    _RUNS,
    _SHOWDOWN,
    WAITING_FOR_RUNS,
    HandEnding,
    HandResult,
    Mucking,
    PotAwarding,
    RunningOut,
    Showing,
    ShownHand,
    _describe,
)
from splitpot.hand.showdown import Showdown
from splitpot.limits import shown

__all__ = ["Closing"]


class Closing(Dealer):
    """The showdown and the payout; :class:`~splitpot.hand.Hand` adds the betting."""

    __slots__ = ()

    def _begin_showdown(self) -> None:
        """Value the hands and line them up in showing order (docs/rules/poker.md §5): without
        a bet on the last round, stud starts with the best exposed hand, who acted first."""
        self._phase = _SHOWDOWN
        contenders = [s for s in self._order if self._status[s] < _FOLDED]
        if self._game.forced_bets == "bring_in":
            i = contenders.index(_stud.first_to_act(self._game, self._up, contenders))
            contenders = contenders[i:] + contenders[:i]
        pots = self._build_pots(self._folded())[0]
        showdown = Showdown(
            self._game,
            self._hole,
            [self._board, *self._more_boards],
            contenders,
            self._round.aggressor,
            pots,
        )
        self._showdown = showdown
        self._queue = showdown.queue
        self._after_showing()

    # ------------------------------------------------------------------ the runs of the board

    def _asks_for_runs(self) -> bool:
        """Whether the hand now waits for the runs of the board (docs/rules/poker.md §6): not
        asked yet, two players or more still in, at most one of them able to bet, and only
        board cards left to deal (no hole card, no discard)."""
        status = self._status
        if self._runs or self._live < 2 or [status[s] for s in self._order].count(_ACTIVE) > 1:
            return False
        left = self._game.streets[self._street + 1 :]
        if not left or not all([s.board and not (s.hole or s.up or s.discard) for s in left]):
            return False
        self._phase = _RUNS
        self._queue = deque()
        return True

    def verify_run_it(self, times: int) -> int:
        """Raise :class:`IllegalAction` unless the board may be run ``times`` times now;
        return ``times``. Checked: the hand waits for the choice (:attr:`Phase.RUNS`),
        ``times`` is 1 to the hand's ``max_runs``, and the deck holds a board for each run."""
        if self._phase is not _RUNS:
            raise IllegalAction(f"no run of the board to choose now: {self._waiting_for()}")
        most = self._starting.max_runs
        if isinstance(times, bool) or not isinstance(times, int) or not 1 <= times <= most:
            raise IllegalAction(f"the board may be run 1 to {most} times, not {shown(times)}")
        need = sum([s.board for s in self._game.streets[self._street + 1 :]])
        left = len(self._given_board) + len(self._cards_left())
        if need * times > left:
            raise IllegalAction(
                f"the deck has {left} cards left: not {times} runs of {need} board cards"
            )
        return times

    def can_run_it(self, times: int) -> bool:
        """Whether :meth:`run_it` of ``times`` is legal now."""
        return _can(self.verify_run_it, times)

    def run_it(self, times: int) -> RunningOut:
        """Run the rest of the board ``times`` times (docs/rules/poker.md §6 "Running the
        board more than once"). In a hand dealt with ``max_runs`` above 1, once the players
        still in can bet no more before the board is out, the hand waits for this choice
        (:attr:`Phase.RUNS`, no seat to act); ``run_it(1)`` deals the board once. Each run
        deals every street left from the same deck; each pot is shared by the runs and each
        run's part paid by its own board (:func:`splitpot.pots.award`)."""
        times = self.verify_run_it(times)
        record = RunningOut(times)
        self._events.append(record)
        self._runs = times
        self._deal_runs()
        self._begin_showdown()
        return record

    # ------------------------------------------------------------------ showdown

    def _after_showing(self) -> None:
        """Show or muck for the players (``auto_showdown``); the last decision pays out."""
        showdown = self._showdown
        assert showdown is not None
        queue = showdown.queue
        while queue:
            seat = queue[0]
            if showdown.unopposed(seat):
                queue.popleft()  # every other hand was mucked: he wins without showing
            elif not self._starting.auto_showdown:
                return
            elif showdown.would_show(seat):
                self._show(seat)
            else:
                self._muck(seat, Mucking(seat))
        self._finish()

    def _odd_chip_order(self) -> list[int]:
        """Who takes odd chips first (docs/rules/poker.md §6): the first seat left of the
        button; in stud, with no button, by the highest card by suit (§6 DECISION)."""
        if not self._game.forced_bets == "bring_in":
            return self._order
        board = self._board
        return _stud.odd_chip_order(self._game, {s: self._hole[s] + board for s in self._order})

    # ------------------------------------------------------------------ showdown

    def _showdown_actor(self) -> int:
        if self._phase is not _SHOWDOWN or not self._queue:
            if self._phase is _OVER:
                raise IllegalAction("the hand is over; no one is to act")
            if self._phase is _RUNS:
                raise IllegalAction(WAITING_FOR_RUNS)
            raise IllegalAction(
                f"it is not the showdown: seat {self._queue[0]} is to "
                + ("discard" if self._phase is _DISCARD else "bet, check, call or fold")
            )
        return self._queue[0]

    def verify_show(self) -> int:
        """Raise :class:`IllegalAction` unless a seat is to show at showdown; return it."""
        return self._showdown_actor()

    def can_show(self) -> bool:
        """Whether :meth:`show` is legal now."""
        return _can(self.verify_show)

    def show(self) -> Showing:
        """The seat in turn at showdown shows its hand (docs/rules/poker.md §5)."""
        seat = self.verify_show()
        record = self._show(seat)
        self._after_showing()
        return record

    def _show(self, seat: int) -> Showing:
        showdown = self._showdown
        assert showdown is not None
        high, low = showdown.values[seat]
        record = Showing(seat, as_cards(self._hole[seat]), _describe(high, low, self._game.hi_lo))
        showdown.shown[seat] = record
        showdown.queue.popleft()
        self._events.append(record)
        return record

    def _why_not_muck(self, seat: int) -> str | None:
        assert self._showdown is not None
        return self._showdown.why_not_muck(seat)

    def verify_muck(self) -> int:
        """Raise :class:`IllegalAction` unless the seat in turn may muck; return it."""
        seat = self._showdown_actor()
        why = self._why_not_muck(seat)
        if why is not None:
            raise IllegalAction(why)
        return seat

    def can_muck(self) -> bool:
        """Whether :meth:`muck` is legal now."""
        return _can(self.verify_muck)

    def muck(self) -> Mucking:
        """The seat in turn mucks its hand, giving up any claim to the pot (§5)."""
        seat = self.verify_muck()
        record = Mucking(seat)
        self._muck(seat, record)
        self._after_showing()
        return record

    def _muck(self, seat: int, record: Mucking) -> None:
        showdown = self._showdown
        assert showdown is not None
        showdown.mucked.append(seat)
        showdown.queue.popleft()
        self._events.append(record)

    # ------------------------------------------------------------------ payout

    def _finish(self) -> None:
        """Award the pots (docs/rules/poker.md §6) and close the hand."""
        pots = self._final_pots()
        showdown = self._showdown
        shown = showdown.shown if showdown is not None else {}
        values = showdown.values if showdown is not None else {}
        hi_lo = self._game.hi_lo
        # Only seats some pot is open to are ranked (a hand with no chips in has no pot).
        ranked = [s for s in shown if any([s in pot.eligible for pot in pots])]
        high = {s: values[s][0].strength for s in ranked}
        low: dict[int, int] | None = None
        if hi_lo:
            low = {s: values[s][1].strength for s in ranked if values[s][1] is not None}
        runs = showdown.more_values if showdown is not None else []
        payout = _pots.award(
            pots,
            high,
            low,
            self._odd_chip_order(),
            self._starting.structure.chip_unit,
            self._starting.rake,
            flop_seen=self._street > 0
            if self._game.forced_bets == "bring_in"
            else len(self._board) >= 3,
            runs=[_rankings(v, ranked, hi_lo) for v in runs] if runs else (),
        )
        stacks = self._stacks
        for a in payout.awards:
            stacks[a.seat] += a.amount
            self._events.append(PotAwarding(a))
        final = list(stacks)
        self._events.append(HandEnding(tuple(final), payout.rake))
        self._result = HandResult(
            pots,
            dict(self._returned),
            payout.awards,
            tuple([ShownHand(s, r.cards, *values[s], hi_lo) for s, r in shown.items()]),
            tuple(showdown.mucked) if showdown is not None else (),
            payout.rake,
            final,
            [f - (s or 0) for f, s in zip(final, self._starting.stacks)],  # noqa: B905 - same length
        )
        self._phase = _OVER
        self._queue = deque()


def _rankings(
    values: dict[int, tuple[Any, Any]], ranked: list[int], hi_lo: bool
) -> tuple[dict[int, int], dict[int, int] | None]:
    """The high and low rankings of the ``ranked`` seats, for :func:`splitpot.pots.award`."""
    high = {s: values[s][0].strength for s in ranked}
    if not hi_lo:
        return high, None
    return high, {s: values[s][1].strength for s in ranked if values[s][1] is not None}


def _can(verify: Any, *args: Any) -> bool:
    try:
        verify(*args)
    except IllegalAction:
        return False
    return True
