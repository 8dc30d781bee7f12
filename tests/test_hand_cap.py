"""Capped no limit and pot limit: the hand option ``cap`` (docs/rules/poker.md §3 DECISION).

A player may put at most the cap in a hand, blinds and antes included; one who reaches it
is all-in, the rest of his stack set aside and his again at the end. Hand-worked numbers,
the sites' own capped hands (tests/test_sites_*.py) and hypothesis properties."""

from __future__ import annotations

import json

import pytest
import splitpot as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from splitpot import ohh, phh
from splitpot.betting import NoLimit, PotLimit
from splitpot.games import HOLDEM, OMAHA
from splitpot.hand import Hand, SeatStatus

from tests.test_hand import act

# Seat 2 (the button, first to act of three) has aces; the board gives nobody better.
_HOLE = ["7c2d", "8h3s", "AhAs"]
_BOARD = "Kd9s4c5hJd"


def test_a_raise_to_the_cap_is_all_in_and_the_rest_of_the_stack_is_untouched() -> None:
    # §3 DECISION: stacks 100/50/30, blinds 1/2, cap 20. The button raises to 20: all-in at
    # the cap with 10 set aside; the blinds call 19 and 18, all-in at the cap too, so no one
    # acts again. The pot is 60; the aces win it: 10 + 60, the others keep 80 and 30.
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 50, 30], cap=20, hole=_HOLE, board=_BOARD)
    assert h.legal_actions().raise_to == (4, 20)  # not 30: the cap, not his stack
    assert h.stacks == [99, 48, 30]  # the chips set aside are still his
    act(h, "r20 c c")
    assert h.is_over
    assert [h.status(s) for s in range(3)] == [SeatStatus.ALL_IN] * 3
    assert h.result.pots == (sp.pots.Pot(60, (0, 1, 2)),)
    assert h.final_stacks == [80, 30, 70]
    assert sum(h.final_stacks) == 180


def test_a_bet_past_the_cap_is_refused_and_changes_nothing() -> None:
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 50, 30], cap=20, hole=_HOLE, board=_BOARD)
    before = list(h.events)
    with pytest.raises(sp.IllegalAction):
        h.raise_to(21)
    assert list(h.events) == before and h.stacks == [99, 48, 30]


def test_the_blinds_count_toward_the_cap() -> None:
    # PokerStars 52151000000: the small blind of $0.25 "raises $6.50 to $10 and has reached
    # the $10 cap": his blind is inside the cap. Here the small blind's most is 10 in all.
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 100], cap=10, hole=_HOLE, board=_BOARD)
    act(h, "c")
    assert h.legal_actions().raise_to == (4, 10)
    act(h, "r10")
    assert h.status(0) == SeatStatus.ALL_IN
    assert h.stacks == [90, 98, 98]


def test_the_antes_count_toward_the_cap() -> None:
    # An ante is a chip put in the hand like a blind (§3 DECISION): ante 5, cap 20, and the
    # first to act may raise to 15 of this round, 20 in all.
    structure = NoLimit(1, 2, ante=5)
    h = Hand(HOLDEM, structure, [100, 100, 100], cap=20, hole=_HOLE, board=_BOARD)
    assert h.legal_actions().raise_to == (4, 15)


def test_a_stack_below_the_cap_is_all_in_at_the_stack() -> None:
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 12], cap=20, hole=_HOLE, board=_BOARD)
    assert h.legal_actions().raise_to == (4, 12)


def test_pot_limit_bets_up_to_the_pot_or_what_the_cap_leaves() -> None:
    # Full Tilt 24378450480 ($5/$10 Pot Limit Omaha, $400 cap): four players put in 105
    # before the flop and the big blind 10, a pot of 430; the pot-limit bet would be 430, and
    # the cap leaves 295: "Player0 bets $295, and is capped", "Player2 calls $295, and is
    # capped", and no one acts on the turn or the river.
    hole = ["9h2h5dTc", "JcQdKs8h", "AcKc5s4s", "3sAd6dAh", "7h7d2s3d"]
    stacks = [40000, 284870, 179610, 70500, 97750]  # cents
    h = Hand(OMAHA, PotLimit(500, 1000), stacks, cap=40000, button=3, hole=hole, seed=1)
    act(h, "r2250 c r10500 c f c c")  # seat 1 first; the big blind, seat 0, folds
    assert h.street == "flop"
    act(h, "k")
    assert h.legal_actions().bet == (1000, 29500)  # the pot is 43,000
    act(h, "b29500 f c f")
    assert h.is_over  # both capped: all-in, the board run to the end


@st.composite
def _capped_hands(draw: st.DrawFn) -> Hand:
    n = draw(st.integers(2, 6), "players")
    stacks = draw(st.lists(st.integers(1, 300), min_size=n, max_size=n), "stacks")
    cap = draw(st.integers(1, 200), "cap")
    structure = draw(st.sampled_from([NoLimit(1, 2), PotLimit(1, 2), NoLimit(1, 2, ante=1)]))
    h = Hand(HOLDEM, structure, stacks, cap=cap, seed=draw(st.integers(0, 2**32)))
    while not h.is_over:
        legal = h.legal_actions()
        choices = ["fold"] if legal.fold else []
        choices += ["check"] if legal.check else []
        choices += ["call"] if legal.call is not None else []
        choices += ["bet"] if legal.bet else []
        choices += ["raise"] if legal.raise_to else []
        move = draw(st.sampled_from(choices))
        if move == "bet":
            assert legal.bet is not None
            h.bet(draw(st.integers(*legal.bet)))
        elif move == "raise":
            assert legal.raise_to is not None
            h.raise_to(draw(st.integers(*legal.raise_to)))
        else:
            getattr(h, move)()
    return h


@settings(max_examples=150)
@given(_capped_hands())
def test_nobody_puts_in_more_than_the_cap_and_chips_are_conserved(h: Hand) -> None:
    start = h.events[0]
    cap = start.cap  # type: ignore[attr-defined]
    assert cap is not None
    stacks = [s or 0 for s in start.stacks]  # type: ignore[attr-defined]
    assert all(c <= min(cap, s) for c, s in zip(h.contributions, stacks, strict=True))
    assert sum(h.final_stacks) == sum(stacks)
    # Nobody loses more than the cap; the part of a stack past it is never touched.
    assert all(f >= s - cap for f, s in zip(h.final_stacks, stacks, strict=True))
    again = phh.replay(phh.HandHistory.from_hand(h))  # _splitpot_cap carries it
    assert again.final_stacks == h.final_stacks


def test_phh_writes_and_reads_the_cap() -> None:
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 50, 30], cap=20, hole=_HOLE, board=_BOARD)
    act(h, "r20 c c")
    history = phh.HandHistory.from_hand(h)
    assert history.user_fields["_splitpot_cap"] == 20
    again = phh.loads(phh.dumps(history))
    assert phh.replay(again).final_stacks == [80, 30, 70]
    # Without the cap the same actions are another hand: the raise to 20 is no all-in, and
    # the betting does not end when the blinds call.
    del again.user_fields["_splitpot_cap"]
    assert phh.check(again).status != "match"


def test_ohh_writes_and_reads_the_cap_as_its_bet_cap() -> None:
    # OHH's bet_limit.bet_cap is the cap; a capped player's is_allin holds at the cap.
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 50, 30], cap=20, hole=_HOLE, board=_BOARD)
    act(h, "r20 c c")
    text = ohh.dumps(phh.HandHistory.from_hand(h))
    assert json.loads(text)["ohh"]["bet_limit"]["bet_cap"] == 20
    (back,) = ohh.loads(text)
    assert back.user_fields["_splitpot_cap"] == 20
    assert phh.replay(back).final_stacks == [80, 30, 70]


@pytest.mark.parametrize("bad", [0, -5, "20", 2.5, True])
def test_a_bad_cap_is_refused_by_name(bad: object) -> None:
    with pytest.raises((sp.SplitpotError, TypeError), match="cap"):
        Hand(HOLDEM, NoLimit(1, 2), [100, 100], cap=bad)  # type: ignore[arg-type]
    history = phh.HandHistory.from_hand(Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1))
    history.user_fields["_splitpot_cap"] = bad
    with pytest.raises(phh.PHHError, match="_splitpot_cap"):
        phh.replay(history)
