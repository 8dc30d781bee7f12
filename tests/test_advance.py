"""Advance actions (seed 003, docs/rules/poker.md §3), with numbers worked out by hand.

Seed 003: "Once you make the desired selection with an advance action button, the decision is
carried out by the software automatically once play progresses to your turn." Three players,
blinds 1/2, 100 chips each; the button is seat 2 and acts first preflop, then seat 0 (small
blind), then seat 1 (big blind).
"""

from __future__ import annotations

import pytest
from splitpot import HOLDEM, IllegalAction, NoLimit, phh
from splitpot.hand import (
    AdvanceActing,
    AdvanceCancelling,
    Advancing,
    Calling,
    Checking,
    Folding,
    Hand,
    RaisingTo,
)
from splitpot.table import Table


def three() -> Hand:
    return Hand(HOLDEM, NoLimit(1, 2), [100, 100, 100], seed=1)


def since(hand: Hand, start: int) -> list[str]:
    return [str(e) for e in hand.events[start:]]


def test_seed_003_check_fold_folds_to_a_raise_and_call_any_calls_it() -> None:
    h = three()
    assert h.actor == 2
    h.advance(0, "check/fold")
    h.advance(1, "call any")
    mark = len(h.events)
    h.raise_to(6)
    # Seat 0 faces 6 - 1 = 5 more: check/fold folds; seat 1 faces 6 - 2 = 4: call any calls.
    assert list(h.events[mark:]) == [
        RaisingTo(2, 6),
        AdvanceActing(0, "check/fold"),
        Folding(0),
        AdvanceActing(1, "call any"),
        Calling(1, 4),
        h.events[mark + 5],  # the flop
    ]
    # The small blind's 1 is lost; 6 + 6 + 1 = 13 in the pot: stacks 99, 94, 94.
    assert (h.stacks, h.pot, h.street, h.actor) == ([99, 94, 94], 13, "flop", 1)


def test_seed_003_check_fold_checks_and_call_any_checks_when_no_one_bets() -> None:
    h = three()
    h.call()  # seat 2 calls 2
    h.call()  # seat 0 completes to 2
    h.check()  # seat 1: to the flop, pot 6; seat 0 acts first after the flop
    h.advance(1, "check/fold")
    h.advance(2, "call any")
    h.check()  # seat 0
    assert since(h, -6)[:5] == [
        "Seat 0 checks",
        "Seat 1 plays his advance action: check/fold",
        "Seat 1 checks",
        "Seat 2 plays his advance action: call any",
        "Seat 2 checks",
    ]
    assert (h.street, h.pot, h.stacks) == ("turn", 6, [98, 98, 98])


def test_seed_003_a_raise_cancels_call_and_check() -> None:
    h = three()
    h.advance(0, "call", 1)  # the small blind would call 1 to the big blind's 2
    h.advance(1, "check")  # the big blind would check his option
    mark = len(h.events)
    h.raise_to(6)  # the button raises: "call 1" and "check" no longer mean what they meant
    assert list(h.events[mark:]) == [
        RaisingTo(2, 6),
        AdvanceCancelling(0, "call", 1, "seat 2 raised to 6 since"),
    ]
    assert h.actor == 0  # he decides himself
    h.call()  # 5 more
    assert list(h.events[-2:]) == [
        Calling(0, 5),
        AdvanceCancelling(1, "check", None, "seat 2 raised to 6 since"),
    ]
    assert h.actor == 1 and h.stacks == [94, 98, 94]


def test_seed_003_call_of_the_amount_and_bet_raise_are_made_when_nothing_changed() -> None:
    h = three()
    h.advance(0, "call", 1)
    h.advance(1, "bet/raise", 8)  # the big blind raises to 8 when his turn comes
    h.call()  # seat 2 calls 2: the bet is still 2, so seat 0 calls 1, seat 1 raises to 8
    assert list(h.events[-4:]) == [
        AdvanceActing(0, "call", 1),
        Calling(0, 1),
        AdvanceActing(1, "bet/raise", 8),
        RaisingTo(1, 8),
    ]
    assert (h.stacks, h.pot, h.actor) == ([98, 92, 98], 12, 2)


def test_an_advance_action_still_queued_when_the_round_ends_is_cancelled() -> None:
    h = three()
    h.call()
    h.call()  # seat 0 completes; seat 1 is to act
    h.advance(2, "bet/raise", 10)  # meant for the flop? No: for his next turn preflop
    h.check()  # the big blind checks: the round ends before seat 2 acts again
    assert AdvanceCancelling(2, "bet/raise", 10, "the preflop betting round ended") in h.events
    assert h.street == "flop" and h.stacks == [98, 98, 98]


def test_advance_actions_refused_with_the_reason_and_nothing_changed() -> None:
    h = three()
    before = h.events
    for seat, action, amount, why in (
        (2, "fold", None, "is to act: he decides now"),
        (0, "check", None, "faces a bet of 2"),
        (0, "call", 2, "would call 1 now, not 2"),
        (0, "call", None, "needs an amount"),
        (0, "call any", 3, "takes no amount"),
        (0, "bet/raise", 2, "may bet or raise to 3..100, not 2"),
        (0, "shove", None, "no advance action 'shove'"),
        (0, None, None, "no advance action to withdraw"),
    ):
        with pytest.raises(IllegalAction, match=why):
            h.advance(seat, action, amount)
        assert not h.can_advance(seat, action, amount)
    assert h.events == before
    assert h.advance(0, "fold") == Advancing(0, "fold")
    assert h.advance(0, None) == Advancing(0, None)  # withdrawn: seat 0 acts himself
    h.call()
    assert h.actor == 0 and h.events[-1] == Calling(2, 2)


def test_advance_actions_rebuild_and_write_to_phh_as_comments() -> None:
    h = three()
    h.advance(0, "call", 1)
    h.advance(1, "call any")
    h.raise_to(6)
    h.fold()
    while not h.is_over:
        h.check_or_call()
    assert Hand.from_events(h.events).events == h.events
    hh = phh.HandHistory.from_hand(h)
    # Players from the button's left: seat 0 is p1, seat 1 p2, seat 2 p3.
    assert "# p1 advance call 1 cancelled: p3 raised to 6 since" in hh.actions
    assert "p2 cc # advance call any" in hh.actions
    assert phh.replay(hh).final_stacks == h.final_stacks


def test_a_table_passes_advance_actions_to_its_hand() -> None:
    t = Table(HOLDEM, NoLimit(1, 2), seed=1)
    for name in ("Ann", "Bob", "Cy"):
        t.join(name, 100)
    hand = t.start_hand()  # button 0, SB 1, BB 2: seat 0 acts first
    assert t.advance(2, "check") == Advancing(2, "check")
    hand.call()
    hand.call()  # the small blind completes: the big blind's turn, he checks, to the flop
    i = hand.events.index(AdvanceActing(2, "check"))
    assert hand.events[i + 1] == Checking(2) and hand.street == "flop"


def test_the_terminal_game_takes_an_advance_action_after_then() -> None:
    # Seed 6, three players: Cy (the button) folds, you call the big blind's 2 and choose
    # "call any" for your next turn; Bob raises to 5 and the call of 3 is made for you.
    from splitpot.tui import play

    answers = iter(["c then call any"] + ["f"] * 20)
    shown: list[str] = []
    hand = play("holdem", players=3, seed=6, input=lambda _: next(answers), output=shown.append)
    i = shown.index("You choose call any in advance")
    assert shown[i - 1 : i + 4] == [
        "You call 1",
        "You choose call any in advance",
        "Bob raises to 5",
        "You play your advance action: call any",
        "You call 3",
    ]
    assert hand.contributions[0] >= 5
