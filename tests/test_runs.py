"""Running the board more than once (docs/rules/poker.md §6, issue 26): the engine's choice,
the deal, the split of each pot by run, PHH; every number worked out by hand or the sites'."""

from __future__ import annotations

import pytest
from splitpot import IllegalAction, SplitpotError, phh
from splitpot.betting import FixedLimit, NoLimit
from splitpot.games import CRAZY_PINEAPPLE, HOLDEM, SEVEN_CARD_STUD
from splitpot.hand import BoardDealing, Hand, Phase, RunningOut
from splitpot.pots import Pot, Rake, award, run_parts

from tests.test_hand import act, snapshot

RUN_1 = "Kc8s5d3h2c"  # seat 2's kings make trips
RUN_2 = "Ac9s6d4h2s"  # seat 1's aces make trips
RUN_3 = "QsJd8h4c3s"  # nothing: seat 1's aces are the best pair
TIE = "AsKsQsJsTs"  # a royal flush on the board: every hand ties


def all_in_101(board: str, max_runs: int = 3) -> Hand:
    """Blinds 1/2, stacks 50, button seat 2: seat 2 goes all-in, the small blind (seat 0)
    folds his 1, the big blind calls all-in: a pot of 50 + 50 + 1 = 101, seat 1's aces
    against seat 2's kings, and no more betting before the flop."""
    h = Hand(
        HOLDEM,
        NoLimit(1, 2),
        [50, 50, 50],
        button=2,
        hole=["7c2d", "AhAd", "KhKd"],
        board=board,
        max_runs=max_runs,
    )
    act(h, "r50 f c")
    return h


def test_poker_6_the_hand_waits_for_the_runs_once_no_one_can_bet() -> None:
    h = all_in_101(RUN_1 + RUN_2)
    assert h.phase is Phase.RUNS and h.actor is None and not h.is_over
    assert h.board == () and h.pot == 101 and h.runs == 1
    assert h.legal_actions().seat is None
    before = snapshot(h)
    for refused in (h.check, h.fold, h.show):
        with pytest.raises(IllegalAction, match=r"all-in: the hand waits for run_it\(times\)"):
            refused()
    for times in (0, 4, True, "2"):
        assert not h.can_run_it(times)  # type: ignore[arg-type]
        with pytest.raises(IllegalAction, match=r"1 to 3 times"):
            h.run_it(times)  # type: ignore[arg-type]
    assert snapshot(h) == before


def test_poker_6_run_twice_the_odd_chip_goes_to_the_first_run() -> None:
    # 101 in two runs: 51 and 50. The kings win run 1, the aces run 2: seat 2 ends with 51,
    # seat 1 with 50, seat 0 with 49 (his small blind is in the pot).
    h = all_in_101(RUN_1 + RUN_2)
    assert h.run_it(2) == RunningOut(2)
    assert h.runs == 2 and [len(b) for b in h.boards] == [5, 5]
    assert "".join(map(str, h.boards[1])) == RUN_2
    dealt = [e for e in h.events if isinstance(e, BoardDealing)]
    assert [(e.street, e.run) for e in dealt] == [
        ("flop", 1),
        ("turn", 1),
        ("river", 1),
        ("flop", 2),
        ("turn", 2),
        ("river", 2),
    ]
    assert [(a.run, a.seat, a.amount) for a in h.result.awards] == [(1, 2, 51), (2, 1, 50)]
    assert h.final_stacks == [49, 50, 51]


def test_poker_6_run_three_times_the_units_left_go_one_each_to_the_first_runs() -> None:
    # 101 in three runs: 33 each and 2 units left, one to run 1 and one to run 2: 34, 34, 33.
    # The kings win run 1 (34), the aces runs 2 and 3 (34 + 33 = 67).
    h = all_in_101(RUN_1 + RUN_2 + RUN_3)
    h.run_it(3)
    assert [(a.run, a.seat, a.amount) for a in h.result.awards] == [
        (1, 2, 34),
        (2, 1, 34),
        (3, 1, 33),
    ]
    assert h.final_stacks == [49, 67, 34]


def test_poker_6_run_once_is_the_ordinary_deal() -> None:
    ran_once = all_in_101(RUN_1)
    ran_once.run_it(1)
    plain = Hand(
        HOLDEM, NoLimit(1, 2), [50, 50, 50], button=2, hole=["7c2d", "AhAd", "KhKd"], board=RUN_1
    )
    act(plain, "r50 f c")
    events = list(ran_once.events)
    events.remove(RunningOut(1))
    assert events[1:] == list(plain.events[1:])
    assert ran_once.final_stacks == plain.final_stacks == [49, 0, 101]


def test_poker_6_a_tie_on_one_run_splits_that_runs_part_by_the_odd_chip_rule() -> None:
    # Run 1 (51) is a royal flush on the board: seats 1 and 2 tie, 25 each and the odd chip
    # to seat 1, the first left of the button: 26. Run 2 (50) goes to the aces.
    h = all_in_101(TIE + RUN_2)
    h.run_it(2)
    assert [(a.run, a.seat, a.amount) for a in h.result.awards] == [
        (1, 1, 26),
        (1, 2, 25),
        (2, 1, 50),
    ]
    assert h.final_stacks == [49, 76, 25]


def test_poker_6_each_pot_is_cut_by_run_on_its_own() -> None:
    # Seat 2 all-in 50, seat 0 calls all-in for 30, seat 1 calls all-in for 50: a main pot
    # of 90 for all three and a side pot of 40 for seats 1 and 2, each halved: 45 and 20 a
    # run. Run 1: seat 0's queens make trips (main 45), seat 1's aces beat the kings (side
    # 20). Run 2: seat 2's kings make trips and take both: 45 + 20.
    h = Hand(
        HOLDEM,
        NoLimit(1, 2),
        [30, 50, 50],
        button=2,
        hole=["QhQd", "AhAd", "KhKd"],
        board="Qc8s5d3h2c" + RUN_2.replace("Ac", "Kc"),
        max_runs=2,
    )
    act(h, "r50 c c")
    h.run_it(2)
    assert h.result.pots == (Pot(90, (0, 1, 2)), Pot(40, (1, 2)))
    assert sorted((a.run, a.pot, a.seat, a.amount) for a in h.result.awards) == [
        (1, 0, 0, 45),
        (1, 1, 1, 20),
        (2, 0, 2, 45),
        (2, 1, 2, 20),
    ]
    assert h.final_stacks == [45, 20, 65]


def test_poker_6_runs_are_only_offered_when_the_rest_is_board_cards() -> None:
    # Betting still possible (two players with chips): no pause; the flop comes.
    h = Hand(HOLDEM, NoLimit(1, 2), [50, 100, 100], button=2, seed=4, max_runs=2)
    act(h, "r50 c c")
    assert h.phase is Phase.BETTING and h.street == "flop"
    # Stud deals hole cards to the end: never asked.
    stud = Hand(SEVEN_CARD_STUD, FixedLimit(2, 4, ante=1), [3, 3], seed=1, max_runs=2)
    while stud.actor is not None:
        stud.check_or_call() if not stud.legal_actions().bring_in else stud.bring_in()
    assert stud.is_over and stud.runs == 1
    # Crazy Pineapple all-in before the flop: the flop's discard comes first, so no runs.
    cp = Hand(CRAZY_PINEAPPLE, NoLimit(1, 2), [50, 50], seed=1, max_runs=2)
    act(cp, "r50 c")
    assert cp.phase is Phase.DISCARD
    # The river dealt: nothing left to run.
    late = Hand(HOLDEM, NoLimit(1, 2), [50, 50], seed=1, max_runs=2)
    act(late, "c k k k k k b48")
    assert late.street == "river" and late.phase is Phase.BETTING


def test_poker_6_the_deck_must_hold_a_board_for_every_run() -> None:
    # Ten players hold 20 cards: 32 are left, six runs of a whole board (30) but not seven.
    h = Hand(HOLDEM, NoLimit(1, 2), [2] * 10, seed=1, max_runs=10)
    while h.phase is Phase.BETTING:
        h.call()  # every player all-in for his 2
    assert h.phase is Phase.RUNS
    assert h.can_run_it(6) and not h.can_run_it(7)
    with pytest.raises(IllegalAction, match="the deck has 32 cards left: not 7 runs of 5"):
        h.run_it(7)


@pytest.mark.parametrize("bad", [0, -1, 53, True, 2.0, "2"])
def test_max_runs_is_a_number_of_runs(bad: object) -> None:
    with pytest.raises((SplitpotError, TypeError), match="max_runs"):
        Hand(HOLDEM, NoLimit(1, 2), [50, 50], seed=1, max_runs=bad)  # type: ignore[arg-type]


def test_a_board_given_for_every_run_and_no_more() -> None:
    with pytest.raises(SplitpotError, match="deals 5 board cards on each of 2 runs, got 11"):
        Hand(HOLDEM, NoLimit(1, 2), [50, 50], board="2c3c4c5c6c7c8c9cTcJcQc", max_runs=2)


def test_the_events_rebuild_a_hand_run_twice_and_one_waiting_for_it() -> None:
    h = all_in_101(RUN_1 + RUN_2)
    waiting = Hand.from_events(h.events)
    assert waiting.phase is Phase.RUNS and waiting.events == h.events
    h.run_it(2)
    again = Hand.from_events(h.events)
    assert again.events == h.events and again.final_stacks == h.final_stacks


# ----------------------------------------------------------------------------- the split


def test_run_parts_equal_units_left_over_one_each_below_one_unit_to_the_first() -> None:
    assert run_parts(101, 2) == [51, 50]
    assert run_parts(101, 3) == [34, 34, 33]
    assert run_parts(100, 3) == [34, 33, 33]
    assert run_parts(27, 2, chip_unit=5) == [17, 10]  # 5 units and 2 chips: 3 units + 2, 2
    assert run_parts(3, 4) == [1, 1, 1, 0]


def test_pokerstars_90721705235_the_odd_cent_goes_to_the_first_board() -> None:
    # "Total pot €225.32 | Rake €2.15": Hero collected €111.59, then €111.58, winning both
    # boards (cents; a 5 % rake capped at 215 takes the site's 2.15).
    pots = (Pot(22532, (0, 5)),)
    payout = award(
        pots, {0: 1, 5: 2}, rake=Rake(5, cap=215), runs=[({0: 1, 5: 2}, None)], odd_chip_order=()
    )
    assert payout.rake == 215
    assert [(a.run, a.seat, a.amount) for a in payout.awards] == [(1, 5, 11159), (2, 5, 11158)]


def test_pokerstars_97007286518_each_runs_half_is_split_by_the_hi_lo_rules() -> None:
    # Courchevel hi/lo, "Total pot $163.50 | Rake $0.50": $81.50 a board. Board 1: the high
    # to Player0 (seat 0, the button) and the low to Hero (seat 1), $40.75 each. Board 2:
    # the high to Player0 again; the low is tied, $20.38 to Hero, left of the button, and
    # $20.37 to Player0. Player0 won $101.87 in all, Hero $61.13.
    payout = award(
        (Pot(16300, (0, 1)),),
        {0: 9, 1: 5},
        {1: 3},
        odd_chip_order=(1, 0),
        runs=[({0: 9, 1: 5}, {0: 7, 1: 7})],
    )
    assert [(a.run, a.side, a.seat, a.amount) for a in payout.awards] == [
        (1, "high", 0, 4075),
        (1, "low", 1, 4075),
        (2, "high", 0, 4075),
        (2, "low", 1, 2038),
        (2, "low", 0, 2037),
    ]
    assert payout.totals == {0: 10187, 1: 6113}


# ----------------------------------------------------------------------------- PHH


def test_a_hand_run_twice_round_trips_through_phh() -> None:
    h = all_in_101(RUN_1 + RUN_2)
    h.run_it(2)
    text = phh.dumps(h)
    assert "_splitpot_runout_count = 2" in text and "_splitpot_max_runs = 3" in text
    hh = phh.loads(text)
    assert hh.runout_count == 2
    # The all-in showdown, then each run's boards in turn, as PokerKit writes them.
    assert hh.actions[-8:] == [
        "p2 sm AhAd",
        "p3 sm KhKd",
        "d db Kc8s5d",
        "d db 3h",
        "d db 2c",
        "d db Ac9s6d",
        "d db 4h",
        "d db 2s",
    ]
    again = phh.replay(hh)
    assert again.events[1:] == h.events[1:]
    assert phh.check(hh).status == "match"


def test_a_site_history_says_how_many_runs_with_runout_count() -> None:
    h = all_in_101(RUN_1 + RUN_2)
    h.run_it(2)
    hh = phh.loads(phh.dumps(h))
    del hh.user_fields["_splitpot_max_runs"]  # a site's reader writes only the runs
    assert phh.replay(hh).final_stacks == [49, 50, 51]
    hh.runout_count = 1  # the field removed: one board, and the second run's cards are extra
    assert "_splitpot_runout_count" not in hh.user_fields
    with pytest.raises(phh.PHHError, match=r"deals 10 board cards.*_splitpot_runout_count"):
        phh.replay(hh)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"_splitpot_runout_count": 0}, "_splitpot_runout_count must be a number of runs 1..52"),
        ({"_splitpot_runout_count": "2"}, "must be a number of runs"),
        ({"_splitpot_max_runs": True}, "_splitpot_max_runs must be a number of runs"),
        (
            {"_splitpot_runout_count": 3, "_splitpot_max_runs": 2},
            "_splitpot_runout_count is 3, more than _splitpot_max_runs",
        ),
        ({"_splitpot_max_runs": 2, "_splitpot_runout_count": None}, "runout_count says how many"),
    ],
)
def test_bad_run_fields_are_refused_by_name(fields: dict[str, object], message: str) -> None:
    h = all_in_101(RUN_1 + RUN_2)
    h.run_it(2)
    hh = phh.loads(phh.dumps(h))
    for name, value in fields.items():
        if value is None:
            del hh.user_fields[name.replace("max_runs", "runout_count")]
        else:
            hh.user_fields[name] = value
    with pytest.raises(phh.PHHError, match=message):
        phh.replay(hh)


def test_runout_count_without_an_all_in_is_refused() -> None:
    h = Hand(HOLDEM, NoLimit(1, 2), [50, 50], seed=1)
    h.fold()
    hh = phh.loads(phh.dumps(h))
    hh.runout_count = 2
    with pytest.raises(phh.PHHError, match="no all-in left a board to run"):
        phh.replay(hh)


def test_the_replayer_shows_each_runs_board_and_award() -> None:
    from splitpot.show import render_html, render_text

    h = all_in_101(RUN_1 + RUN_2)
    h.run_it(2)
    hh = phh.loads(phh.dumps(h))
    text = render_text(hh)
    assert "Turn (run 1): 3h   (board Kc 8s 5d 3h)" in text
    assert "River (run 2): 2s   (board Ac 9s 6d 4h 2s)" in text
    assert "wins the main pot on run 1 (51)" in text and "on run 2 (50)" in text
    assert "Ac 9s 6d 4h 2s" in render_html(hh)
