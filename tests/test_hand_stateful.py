"""Hypothesis state machine over every game (flop and stud), structure and table size (2 to 10).

Properties (issue 6): any sequence of legal actions ends the hand; chips are conserved; no
stack goes negative; every legal action offered is accepted and every other action is refused
with :class:`~splitpot.IllegalAction` without changing anything; the events rebuild an
identical hand. Hands may be run up to three times (docs/rules/poker.md §6, issue 26): the
choice is asked for only when no one can bet, and no card is dealt twice on any run.
"""

from __future__ import annotations

from typing import Any

import splitpot as sp
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from splitpot.betting import FixedLimit, NoLimit, PotLimit, Structure
from splitpot.games import GAMES
from splitpot.hand import Hand, HandEnding, HoleDealing, LegalActions, Phase, SeatStatus, steps
from splitpot.pots import Rake, build_pots

STRUCTURES: list[Structure] = [
    FixedLimit(2, 4),
    FixedLimit(10, 20, ante=1, half_bet_rule=True, heads_up_max_raises=None),
    PotLimit(1, 2),
    PotLimit(5, 10, ante=5, chip_unit=5),
    NoLimit(1, 2),
    NoLimit(25, 50, ante=10),
]


def snapshot(hand: Hand) -> tuple[Any, ...]:
    return (
        hand.events,
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.actor,
        hand.phase,
        hand.legal_actions(),
        hand.board,
        hand.pot,
        [(hand.status(s), hand.hole(s), hand.up(s)) for s in range(hand.seat_count)],
        hand.bring_in_seat,
    )


def legal_amount(hand: Hand, window: tuple[int, int] | None, amount: int | None) -> bool:
    """Whether a bet or raise to ``amount`` fits ``window``: fixed limit bets only its ends
    (they differ on stud's fourth street with an open pair, docs/rules/poker.md §4.2)."""
    if window is None:
        return False
    if amount is None:
        return True
    if isinstance(hand.structure, FixedLimit):
        return amount in window
    return window[0] <= amount <= window[1]


def amounts(hand: Hand, window: tuple[int, int]) -> st.SearchStrategy[int]:
    if isinstance(hand.structure, FixedLimit):
        return st.sampled_from(window)
    return st.sampled_from(window) | st.integers(*window)


def offered(la: LegalActions) -> list[tuple[str, Any]]:
    """Every kind of action the record offers, with one representative argument."""
    moves: list[tuple[str, Any]] = []
    if la.fold:
        moves.append(("fold", None))
    if la.check:
        moves.append(("check", None))
    if la.call is not None:
        moves.append(("call", None))
    if la.bring_in is not None:
        moves.append(("bring_in", None))
    if la.bet is not None:
        moves.append(("bet", la.bet[0]))
    if la.raise_to is not None:
        moves.append(("raise_to", la.raise_to[0]))
    moves.extend(("discard", c) for c in la.discard)
    if la.show:
        moves.append(("show", None))
    if la.muck:
        moves.append(("muck", None))
    return moves


class HandMachine(RuleBasedStateMachine):
    hand: Hand
    total: int

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        game = data.draw(st.sampled_from(sorted(GAMES.values(), key=lambda g: g.code)), "game")
        structure = data.draw(st.sampled_from(STRUCTURES), "structure")
        players = data.draw(st.integers(2, game.max_players), "players")
        empty = data.draw(st.integers(0, min(2, 10 - players)), "empty seats")
        stacks: list[int | None] = data.draw(
            st.lists(st.integers(1, 400), min_size=players, max_size=players), "stacks"
        )
        for _ in range(empty):
            stacks.insert(data.draw(st.integers(0, len(stacks)), "empty seat"), None)
        n = len(stacks)
        button = data.draw(st.integers(0, n - 1), "button")
        if players == 2 and stacks[button] is None:
            button = next(i for i, v in enumerate(stacks) if v is not None)
        self.hand = Hand(
            game,
            structure,
            stacks,
            button=button,
            seed=data.draw(st.integers(0, 2**32), "seed"),
            timeout_policy=data.draw(st.sampled_from(["seed", "check_or_fold"]), "policy"),
            auto_showdown=data.draw(st.booleans(), "auto_showdown"),
            rake=data.draw(st.sampled_from([None, Rake(5, cap=3)]), "rake"),
            max_runs=data.draw(st.sampled_from([1, 1, 2, 3]), "max_runs"),
            cap=data.draw(st.sampled_from([None, None, None, 60]), "cap"),  # poker.md §3
        )
        self.total = sum(v for v in stacks if v is not None)

    # -------------------------------------------------------------- legal actions

    def _la(self) -> LegalActions:
        return self.hand.legal_actions()

    @precondition(lambda self: self._la().fold)
    @rule()
    def fold(self) -> None:
        assert self.hand.can_fold()
        self.hand.fold()

    @precondition(lambda self: self._la().check)
    @rule()
    def check(self) -> None:
        assert self.hand.can_check()
        self.hand.check()

    @precondition(lambda self: self._la().call is not None)
    @rule()
    def call(self) -> None:
        amount = self._la().call
        seat = self.hand.actor
        assert seat is not None
        before = self.hand.stacks[seat]
        cap = self.hand.events[0].cap  # type: ignore[attr-defined]
        if cap is not None:  # all-in at the cap, the rest set aside (poker.md §3)
            before = min(before, cap - self.hand.contributions[seat])
        record = self.hand.call()
        assert record.amount == amount
        assert record.all_in == (record.amount == before)

    @precondition(lambda self: self._la().bet is not None)
    @rule(data=st.data())
    def bet(self, data: st.DataObject) -> None:
        window = self._la().bet
        assert window is not None
        amount = data.draw(amounts(self.hand, window), "bet")
        assert self.hand.can_bet(amount)
        assert self.hand.bet(amount).amount == amount

    @precondition(lambda self: self._la().raise_to is not None)
    @rule(data=st.data())
    def raise_to(self, data: st.DataObject) -> None:
        window = self._la().raise_to
        assert window is not None
        amount = data.draw(amounts(self.hand, window), "raise to")
        assert self.hand.can_raise_to(amount)
        assert self.hand.raise_to(amount).amount == amount

    @precondition(lambda self: self._la().bring_in is not None)
    @rule()
    def bring_in(self) -> None:
        seat = self.hand.actor
        assert seat is not None and seat == self.hand.bring_in_seat
        record = self.hand.bring_in()
        assert record.amount == min(self.hand.structure.bring_in_amount, record.amount)
        assert self.hand.bring_in_seat is None

    @precondition(lambda self: bool(self._la().discard))
    @rule(data=st.data())
    def discard(self, data: st.DataObject) -> None:
        card = data.draw(st.sampled_from(self._la().discard), "discard")
        seat = self.hand.actor
        assert seat is not None
        self.hand.discard(card)
        assert card not in self.hand.hole(seat)

    @precondition(lambda self: self._la().show)
    @rule()
    def show(self) -> None:
        self.hand.show()

    @precondition(lambda self: self._la().muck)
    @rule()
    def muck(self) -> None:
        self.hand.muck()

    def _may_run(self, times: int) -> bool:
        """§6: the hand asks, ``times`` is 1 to ``max_runs``, and the cards not dealt yet
        (hole cards dealt to anyone, folded or not, are out) hold a board for each run."""
        hand = self.hand
        if hand.phase is not Phase.RUNS or not 1 <= times <= hand.events[0].max_runs:  # type: ignore[attr-defined]
            return False
        dealt = sum(len(e.cards) + len(e.up) for e in hand.events if isinstance(e, HoleDealing))
        return (hand.game.board_cards - len(hand.board)) * times <= 52 - dealt - len(hand.board)

    @precondition(lambda self: self.hand.phase is Phase.RUNS)
    @rule(times=st.integers(1, 3))
    def run_it(self, times: int) -> None:
        assert self.hand.can_run_it(times) == self._may_run(times)
        event(f"run the board: {times} times asked, {self._may_run(times)}")
        if self._may_run(times):
            assert self.hand.run_it(times).times == times
            assert self.hand.runs == times

    @rule(times=st.integers(-1, 4))
    def run_it_only_when_asked(self, times: int) -> None:
        hand = self.hand
        if self._may_run(times):
            return
        before = snapshot(hand)
        assert not hand.can_run_it(times)
        try:
            hand.run_it(times)
        except sp.IllegalAction as e:
            assert str(e)
        else:
            raise AssertionError(f"run_it({times}) was accepted in {hand.phase}")
        assert snapshot(hand) == before

    @precondition(lambda self: self.hand.actor is not None)
    @rule(protected=st.booleans())
    def timeout(self, protected: bool) -> None:
        seat = self.hand.actor
        assert seat is not None
        record = self.hand.timeout(protected=protected)
        if record.outcome == "all_in":
            assert self.hand.status(seat) is SeatStatus.TIMED_OUT or self.hand.is_over

    @rule(
        data=st.data(),
        action=st.sampled_from(["fold", "check/fold", "check", "call", "call any", "bet/raise"])
        | st.none(),
    )
    def advance(self, data: st.DataObject, action: str | None) -> None:
        """Any seat chooses an advance action (seed 003): accepted exactly when it may, and
        then the hand goes on by itself as far as queued decisions take it."""
        hand = self.hand
        seat = data.draw(st.integers(0, hand.seat_count - 1), "seat")
        amount = None
        if action in ("call", "bet/raise"):
            amount = data.draw(st.integers(0, 60), "amount")
            if action == "call" and data.draw(st.booleans(), "the call he faces"):
                amount = min(max(hand.bets) - hand.bets[seat], hand.stacks[seat])
        before = snapshot(hand)
        can = hand.can_advance(seat, action, amount)
        may = (
            hand.phase is Phase.BETTING
            and hand.status(seat) is SeatStatus.ACTIVE
            and hand.actor != seat
        )
        if not can:
            try:
                hand.advance(seat, action, amount)
            except sp.IllegalAction as e:
                assert str(e)
            else:
                raise AssertionError(f"advance {seat} {action} {amount} accepted, not allowed")
            assert snapshot(hand) == before
            return
        assert may
        event(f"advance action {action}")
        hand.advance(seat, action, amount)

    # -------------------------------------------------------------- illegal actions

    @rule(
        name=st.sampled_from(
            ["fold", "check", "call", "bet", "raise_to", "discard", "show", "muck", "bring_in"]
        ),
        amount=st.integers(-5, 1000) | st.none(),
        card=st.integers(0, 51),
    )
    def anything_not_offered_is_refused(self, name: str, amount: int | None, card: int) -> None:
        hand = self.hand
        la = hand.legal_actions()
        args: tuple[Any, ...] = ()
        if name in ("bet", "raise_to"):
            args = (amount,)
            legal = legal_amount(hand, getattr(la, name), amount)
        elif name == "discard":
            args = (sp.Card(card),)
            legal = sp.Card(card) in la.discard
        elif name in ("call", "bring_in"):
            legal = getattr(la, name) is not None
        else:
            legal = bool(getattr(la, name))
        can = getattr(hand, f"can_{name}")(*args)
        assert can == legal, (name, args, la)
        if legal:
            return
        before = snapshot(hand)
        try:
            getattr(hand, name)(*args)
        except sp.IllegalAction as e:
            assert str(e)
        else:
            raise AssertionError(f"{name}{args} was accepted but not offered: {la}")
        assert snapshot(hand) == before

    # -------------------------------------------------------------- invariants

    @invariant()
    def chips_are_conserved(self) -> None:
        hand = self.hand
        assert min(hand.stacks) >= 0
        if hand.is_over:
            assert sum(hand.final_stacks) + hand.result.rake == self.total
            assert hand.final_stacks == hand.stacks
        else:
            assert sum(hand.stacks) + hand.pot == self.total
            assert sum(hand.contributions) == hand.pot

    @invariant()
    def the_pots_are_build_pots(self) -> None:
        """The pots as they stand (a quick path for an even betting) are what
        splitpot.pots.build_pots cuts from the contributions (docs/rules/poker.md §6)."""
        hand = getattr(self, "hand", None)
        if hand is None or hand.is_over or hand.phase is Phase.SHOWDOWN:
            return
        start = hand.events[0]
        if any(start.antes) or any(start.dead_blinds):
            return  # dead money: the shared and own parts are the hand's to say
        put = {s: hand.contributions[s] for s in hand.seats}
        folded = [s for s in hand.seats if hand.status(s) is SeatStatus.FOLDED]
        assert hand.pots == build_pots(put, folded)[0]

    @invariant()
    def cards_are_conserved(self) -> None:
        hand = self.hand
        dealt = [c for s in range(hand.seat_count) for c in hand.hole(s)] + list(hand.board)
        for board in hand.boards[1:]:  # each other run: the cards after the shared ones
            shared = 0
            while shared < len(board) and board[shared] == hand.board[shared]:
                shared += 1
            assert len(board) == len(hand.board)
            dealt += board[shared:]
        assert len(set(dealt)) == len(dealt) <= 52
        for s in range(hand.seat_count):
            assert sorted(hand.up(s) + hand.down(s)) == sorted(hand.hole(s))
            assert set(hand.up(s)) <= set(hand.hole(s))

    @invariant()
    def someone_acts_until_the_end(self) -> None:
        hand = self.hand
        la = hand.legal_actions()
        assert la.seat == hand.actor
        if hand.is_over or hand.phase is Phase.RUNS:
            assert hand.actor is None and not offered(la)
        else:
            assert hand.actor is not None and offered(la)
            assert hand.status(hand.actor) is not SeatStatus.FOLDED
            if hand.phase is Phase.BETTING:
                assert hand.status(hand.actor) is SeatStatus.ACTIVE
                # §3 DECISION: a turn only where it can matter: a bet to call, or another
                # player still able to answer a bet.
                seat = hand.actor
                others = [s for s in range(hand.seat_count) if s != seat]
                answer = any(hand.status(s) is SeatStatus.ACTIVE for s in others)
                live = [s for s in others if hand.status(s) is not SeatStatus.FOLDED]
                owes = any(hand.bets[s] > hand.bets[seat] for s in live)
                assert answer or owes or la.bring_in is not None

    def teardown(self) -> None:
        hand = getattr(self, "hand", None)
        if hand is None:
            return
        # Any sequence of legal actions ends the hand: finish with the first one offered.
        for _ in range(200):
            if hand.is_over:
                break
            if hand.phase is Phase.RUNS:
                hand.run_it(1)
                continue
            name, arg = offered(hand.legal_actions())[0]
            getattr(hand, name)(*(() if arg is None else (arg,)))
        assert hand.is_over
        assert sum(hand.final_stacks) + hand.result.rake == self.total
        # The table after each record (splitpot.hand.steps): chips conserved at every step,
        # nobody below zero, and the last step is the hand's end.
        table = None
        for record, table in steps(hand.events):
            rake = record.rake if isinstance(record, HandEnding) else 0
            assert sum(table.stacks) + table.pot + rake == self.total, record
            assert min(table.stacks) >= 0 and table.pot >= sum(table.bets)
        assert table is not None and list(table.stacks) == hand.final_stacks
        rebuilt = Hand.from_events(hand.events)
        assert rebuilt.events == hand.events
        assert rebuilt.final_stacks == hand.final_stacks
        half = len(hand.events) // 2
        # A prefix rebuilds the hand up to there (and whatever the engine does next on its own).
        assert Hand.from_events(hand.events[:half]).events[:half] == hand.events[:half]


HandMachine.TestCase.settings = settings(
    max_examples=400,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestHandStateful = HandMachine.TestCase
