"""The rules the audit found wrong (../shared/review/rules-audit.md, issue 14), put right.

Each test derives its numbers by hand from the rule it names (docs/rules/poker.md).
"""

from __future__ import annotations

import pytest
from splitpot import IllegalAction
from splitpot.betting import FixedLimit, NoLimit
from splitpot.games import HOLDEM, SEVEN_CARD_STUD
from splitpot.hand import Folding, Hand, SeatStatus
from splitpot.pots import Pot

from tests.test_hand import act, snapshot


def check_down(h: Hand) -> None:
    while not h.is_over:
        h.check() if h.legal_actions().check else h.call()


def test_poker_6_all_in_for_part_of_the_ante_wins_only_what_he_matched() -> None:
    # Ante 10, stacks 100/100/5. Seat 2 puts in 5 (all-in on the ante): from each player he
    # can win 5, 15 in all. Seats 0 and 1 put in 10 + the blinds 1 and 2 (seat 0 completes
    # to 2): 12 each, so 7 + 7 = 14 is a side pot between them, which seat 1's K-Q-9-8-5
    # wins over seat 0's K-Q-9-7-5. 100 - 12 = 88, 100 - 12 + 14 = 102, 15.
    h = Hand(
        HOLDEM,
        NoLimit(1, 2, ante=10),
        [100, 100, 5],
        hole=["7c2d", "8h3d", "AsAh"],
        board="Kd9s5h4cQs",
    )
    check_down(h)
    assert h.result.pots == (Pot(15, (0, 1, 2)), Pot(14, (0, 1)))
    assert h.final_stacks == [88, 102, 15]


def test_poker_6_an_ante_posted_for_the_table_is_shared_by_everyone() -> None:
    # A big-blind ante (antes_shared): seat 2 posts 10 for the table and the big blind 10.
    # The small blind, seat 1, is all-in for his 5; the shared ante is in the main pot he may
    # win: 5 from each of the three, plus the 10 ante, 25 (the side pot is 5 + 5).
    h = Hand(
        HOLDEM,
        NoLimit(5, 10),
        [100, 5, 100],
        button=0,
        antes=[0, 0, 10],
        antes_shared=True,
        hole=["7c2d", "AsAh", "8h3d"],
        board="Kd9s5h4cQs",
    )
    check_down(h)
    assert h.result.pots[0] == Pot(25, (0, 1, 2))
    assert h.final_stacks[1] == 25


def test_poker_3_fold_when_a_check_is_possible_is_a_fold() -> None:
    # Seed 003: "check, bet, or fold"; seed 000: "Folding can be done at any stage".
    h = Hand(HOLDEM, NoLimit(1, 2), [100] * 3, seed=3)
    act(h, "c c k")
    la = h.legal_actions()
    assert la.check and la.fold
    assert h.actor == 0 and h.fold() == Folding(0)
    assert h.status(0) is SeatStatus.FOLDED and h.actor == 1


def test_poker_3_a_table_may_refuse_open_folds() -> None:
    h = Hand(HOLDEM, NoLimit(1, 2), [100] * 3, seed=3, open_folds=False)
    act(h, "c c k")
    before = snapshot(h)
    assert not h.legal_actions().fold and not h.can_fold()
    with pytest.raises(IllegalAction, match="refuses open folds; check"):
        h.fold()
    assert snapshot(h) == before
    act(h, "b4 f")  # facing a bet, folding is always allowed
    assert h.status(1) is SeatStatus.FOLDED


@pytest.mark.parametrize("structure", [FixedLimit(10, 20), NoLimit(5, 10)])
def test_poker_4_1_short_all_in_big_blind_others_call_the_full_big_blind(
    structure: FixedLimit | NoLimit,
) -> None:
    # Button 3, small blind 5 (seat 0), big blind all-in for 3 (seat 1): seat 2 calls 10
    # (not 5) or raises to 20.
    h = Hand(HOLDEM, structure, [1000, 3, 1000, 1000], button=3, seed=1)
    assert h.bets == [5, 3, 0, 0]
    la = h.legal_actions()
    assert la.seat == 2 and la.call == 10 and la.raise_to is not None and la.raise_to[0] == 20
    act(h, "c c c")  # seats 3 and 0 call 10 too; the big blind is all-in
    # Main pot 3 x 4 = 12 for everyone; the side pot 7 x 3 = 21 without the big blind.
    assert h.contributions == [10, 3, 10, 10]
    assert h.street == "flop"


def test_poker_4_2_short_bring_in_others_call_the_full_bring_in() -> None:
    # Bring-in 5 (of a 10/20 game, ante 1). Seat 0's 2c brings in, with 3 left after his
    # ante: he posts 3, all-in, and the next player still calls the full bring-in, 5.
    h = Hand(
        SEVEN_CARD_STUD,
        FixedLimit(10, 20, ante=1, bring_in=5),
        [4, 100, 100],
        hole=["AsAh2c", None, None],
        seed=2,
    )
    h.bring_in()
    la = h.legal_actions()
    assert la.seat == 1 and la.call == 5 and la.raise_to == (10, 10)
