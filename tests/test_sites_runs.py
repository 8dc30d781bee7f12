"""A board run twice or three times, read from the sites that write it (issue 26; docs/rules/
poker.md §6): PokerStars, GGPoker, Full Tilt and the Winning Poker Network. Each run's board
is dealt run by run, the history says how many runs (``_splitpot_runout_count``), and what
the site paid on each run is checked against §6 (after the rake, each pot cut into equal
parts, the odd chips one each to the first runs) before the hand is replayed to the site's
result. Each site on a hand of our own and on the real hands of ../shared/data."""

from __future__ import annotations

import pytest
from splitpot import phh
from splitpot.sites import DamagedHand, SiteError, UnsupportedHand, read_text

from tests.test_sites_review import real, status

STARS = """\
PokerStars Hand #100000001:  Hold'em No Limit ($0.50/$1 USD) - 2026/01/02 20:15:00 ET
Table 'Own' 6-max Seat #1 is the button
Seat 1: Ann ($50.50 in chips)
Seat 2: Bob ($100 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1
*** HOLE CARDS ***
Dealt to Ann [Ah Ad]
Ann: raises $49.50 to $50.50 and is all-in
Bob: calls $49.50
*** FIRST FLOP *** [Kc 8s 5d]
*** FIRST TURN *** [Kc 8s 5d] [3h]
*** FIRST RIVER *** [Kc 8s 5d 3h] [2c]
*** SECOND FLOP *** [Ac 9s 6d]
*** SECOND TURN *** [Ac 9s 6d] [4h]
*** SECOND RIVER *** [Ac 9s 6d 4h] [2s]
*** FIRST SHOW DOWN ***
Ann: shows [Ah Ad] (a pair of Aces)
Bob: shows [Kh Kd] (three of a kind, Kings)
Bob collected $50.25 from pot
*** SECOND SHOW DOWN ***
Ann: shows [Ah Ad] (three of a kind, Aces)
Bob: shows [Kh Kd] (a pair of Kings)
Ann collected $50.24 from pot
*** SUMMARY ***
Total pot $101 | Rake $0.51
Hand was run twice
FIRST Board [Kc 8s 5d 3h 2c]
SECOND Board [Ac 9s 6d 4h 2s]
Seat 1: Ann (button) (small blind) showed [Ah Ad] and lost with a pair of Aces, and won \
($50.24) with three of a kind, Aces
Seat 2: Bob (big blind) showed [Kh Kd] and won ($50.25) with three of a kind, Kings, and lost \
with a pair of Kings
"""

BOARDS = [
    "d db Kc8s5d",
    "d db 3h",
    "d db 2c",
    "d db Ac9s6d",
    "d db 4h",
    "d db 2s",
]


def one(text: str) -> phh.HandHistory | SiteError:
    (item,) = read_text(text, "own.txt")
    return item


def test_pokerstars_a_board_run_twice_own() -> None:
    # Pot $101, rake $0.51: $100.49 in two, $50.25 and $50.24 (the odd cent to the first
    # run). Bob's kings win the first board, Ann's aces the second.
    hh = one(STARS)
    assert isinstance(hh, phh.HandHistory), hh
    assert hh.runout_count == 2
    assert hh.actions[-8:-2] == BOARDS  # run by run, after the all-in
    assert hh.players == ["Bob", "Ann"]  # from the button's left
    assert hh.winnings == [5025, 5024] and hh.finishing_stacks == [9975, 5024]
    hand = phh.replay(hh)
    assert [(a.run, a.seat) for a in hand.result.awards] == [(1, 1), (2, 0)]
    assert phh.check(hh).status == "match"


def test_pokerstars_a_cut_against_the_rule_is_refused_naming_it_own() -> None:
    # The odd cent to the second run: not §6's cut, so not replayed as the site paid it.
    text = STARS.replace("Bob collected $50.25", "Bob collected $50.24").replace(
        "Ann collected $50.24", "Ann collected $50.25"
    )
    refused = one(text)
    assert isinstance(refused, UnsupportedHand)
    assert "[5024, 5025]" in refused.reason and "§6" in refused.reason


def test_pokerstars_a_run_count_the_boards_contradict_is_damaged_own() -> None:
    damaged = one(STARS.replace("Hand was run twice", "Hand was run three times"))
    assert isinstance(damaged, DamagedHand) and "run 3 times" in damaged.reason


def test_a_bet_after_a_board_dealt_twice_is_not_a_run_own() -> None:
    # Two boards with betting after them (a double-board game), not a board run twice.
    text = STARS.replace(
        "*** SECOND FLOP *** [Ac 9s 6d]\n", "*** SECOND FLOP *** [Ac 9s 6d]\nBob: checks\n"
    )
    refused = one(text)
    assert isinstance(refused, UnsupportedHand) and "two boards played" in refused.reason


GG = """\
Poker Hand #HD1000001: Hold'em No Limit ($0.5/$1) - 2026/01/02 20:15:00
Table 'Own' 6-max Seat #1 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bob ($100 in chips)
Ann: posts small blind $0.5
Bob: posts big blind $1
*** HOLE CARDS ***
Dealt to Ann [Ah Ad]
Dealt to Bob
Ann: raises $49 to $50 and is all-in
Bob: calls $49
Ann: shows [Ah Ad] (Pair of Aces)
Bob: shows [Kh Kd] (Pair of Kings)
*** FIRST FLOP *** [Kc 8s 5d]
*** FIRST TURN *** [Kc 8s 5d] [3h]
*** FIRST RIVER *** [Kc 8s 5d 3h] [2c]
*** SECOND FLOP *** [Ac 9s 6d]
*** SECOND TURN *** [Ac 9s 6d] [4h]
*** SECOND RIVER *** [Ac 9s 6d 4h] [2s]
*** THIRD FLOP *** [Qs Jd 8h]
*** THIRD TURN *** [Qs Jd 8h] [4c]
*** THIRD RIVER *** [Qs Jd 8h 4c] [3s]
*** FIRST SHOWDOWN ***
Bob collected $33 from pot
*** SECOND SHOWDOWN ***
Ann collected $33 from pot
*** THIRD SHOWDOWN ***
Ann collected $32.99 from pot
*** SUMMARY ***
Total pot $100 | Rake $1 | Jackpot $0.01 | Bingo $0
Hand was run three times
FIRST Board [Kc 8s 5d 3h 2c]
SECOND Board [Ac 9s 6d 4h 2s]
THIRD Board [Qs Jd 8h 4c 3s]
Seat 1: Ann (button) (small blind) showed [Ah Ad] and lost with Pair of Aces, and won ($33) \
with Three of a kind, and won ($32.99) with Pair of Aces
Seat 2: Bob (big blind) showed [Kh Kd] and won ($33) with Three of a kind, and lost with Pair \
of Kings, and lost with Pair of Kings
"""


def test_ggpoker_a_board_run_three_times_own() -> None:
    # $100 less $1.01 (rake and jackpot): $98.99 in three, $33, $33 and $32.99 (the two
    # cents left over one each to the first two runs).
    hh = one(GG)
    assert isinstance(hh, phh.HandHistory), hh
    assert hh.runout_count == 3
    assert hh.actions[-5:-2] == ["d db QsJd8h", "d db 4c", "d db 3s"]
    assert hh.winnings == [3300, 6599]  # Bob, Ann
    hand = phh.replay(hh)
    assert [(a.run, a.seat) for a in hand.result.awards] == [(1, 1), (2, 0), (3, 0)]
    assert phh.check(hh).status == "match"


def test_ggpoker_the_left_over_cents_to_the_last_runs_are_refused_own() -> None:
    text = GG.replace("Bob collected $33 ", "Bob collected $32.99 ").replace(
        "Ann collected $32.99", "Ann collected $33"
    )
    refused = one(text)
    assert isinstance(refused, UnsupportedHand) and "[3299, 3300, 3300]" in refused.reason


FULL_TILT = """\
Full Tilt Poker Game #1000000002: Table Testbed (6 max) - $1/$2 - Pot Limit Omaha Hi \
- 12:00:00 ET - 2012/11/06
Seat 1: Alice ($100)
Seat 2: Bob ($200)
Alice posts the small blind of $1
Bob posts the big blind of $2
The button is in seat #1
*** HOLE CARDS ***
Dealt to Alice [Ah Ad Kc Qd]
Alice raises to $6
Bob calls $4
*** FLOP *** [2c As Jh] (Total Pot: $12, 2 Players)
Bob bets $12
Alice raises to $48
Bob raises to $144
Alice calls $46, and is all in
Players agree to Run It Twice
Bob shows [Jd Jc 9h 8h]
Alice shows [Ah Ad Kc Qd]
Uncalled bet of $50 returned to Bob
*** TURN 1 *** [2c As Jh] [Js] (Total Pot: $200, 2 Players, 1 All-In)
*** RIVER 1 *** [2c As Jh Js] [3d] (Total Pot: $200, 2 Players, 1 All-In)
*** TURN 2 *** [2c As Jh] [9c] (Total Pot: $200, 2 Players, 1 All-In)
*** RIVER 2 *** [2c As Jh 9c] [4d] (Total Pot: $200, 2 Players, 1 All-In)
*** SHOW DOWN 1 ***
Bob shows four of a kind, Jacks
Alice shows three of a kind, Aces
*** SHOW DOWN 2 ***
Bob shows three of a kind, Jacks
Alice shows three of a kind, Aces
Bob wins pot 1 ($98.50) with four of a kind, Jacks
Alice wins pot 2 ($98.50) with three of a kind, Aces
*** SUMMARY ***
Total pot $200 | Rake $3
*** SUMMARY 1 ***
Pot 1 $98.50
Board: [2c As Jh Js 3d]
Seat 1: Alice (small blind) showed [Ah Ad Kc Qd] and lost with three of a kind, Aces
Seat 2: Bob (big blind) showed [Jd Jc 9h 8h] and won ($98.50) with four of a kind, Jacks
*** SUMMARY 2 ***
Pot 2 $98.50
Board: [2c As Jh 9c 4d]
Seat 1: Alice (small blind) showed [Ah Ad Kc Qd] and won ($98.50) with three of a kind, Aces
Seat 2: Bob (big blind) showed [Jd Jc 9h 8h] and lost with three of a kind, Jacks
"""


def test_full_tilt_a_board_run_twice_after_the_flop_own() -> None:
    # The flop dealt once, then each run's turn and river: $200 less $3, $98.50 a run.
    hh = one(FULL_TILT)
    assert isinstance(hh, phh.HandHistory), hh
    assert hh.runout_count == 2
    assert hh.actions[-6:-2] == ["d db Js", "d db 3d", "d db 9c", "d db 4d"]
    assert hh.winnings == [9850, 9850]
    assert phh.check(hh).status == "match"


def test_full_tilt_the_odd_cent_to_the_second_run_is_refused_own() -> None:
    text = FULL_TILT.replace("Bob wins pot 1 ($98.50)", "Bob wins pot 1 ($98.49)")
    text = text.replace("Alice wins pot 2 ($98.50)", "Alice wins pot 2 ($98.51)")
    text = text.replace("won ($98.50) with four", "won ($98.49) with four")
    text = text.replace("won ($98.50) with three", "won ($98.51) with three")
    refused = one(text)
    assert isinstance(refused, UnsupportedHand) and "[9849, 9851]" in refused.reason


WPN = """\
Hand #100000003 - Holdem(No Limit) - $0.50/$1.00 - 2021/04/16 19:14:14 UTC
Own 6-max Seat #1 is the button
Seat 1: Ann ($50.00)
Seat 2: Bob ($100.00)
Ann posts the small blind $0.50
Bob posts the big blind $1.00
*** HOLE CARDS ***
Dealt to Ann [Ah Ad]
Ann raises $50.00 to $50.00 and is all-in
Bob calls $49.00
*** RUN IT TWICE ***
*** FLOP 1 *** [Kc 8s 5d]
Main pot 1 $49.50 | Rake $0.50
*** TURN 1 *** [Kc 8s 5d] [3h]
*** RIVER 1 *** [Kc 8s 5d 3h] [2c]
*** SHOW DOWN 1 ***
Ann shows [Ah Ad] (HI - a pair of Aces)
Bob shows [Kh Kd] (HI - three of a kind, Kings)
Bob collected $49.50 from main pot 1
*** FLOP 2 *** [Ac 9s 6d]
*** TURN 2 *** [Ac 9s 6d] [4h]
*** RIVER 2 *** [Ac 9s 6d 4h] [2s]
*** SHOW DOWN 2 ***
Ann shows [Ah Ad] (HI - three of a kind, Aces)
Bob shows [Kh Kd] (HI - a pair of Kings)
Ann collected $49.50 from main pot 2
*** SUMMARY ***
Total pot $99.00 | Rake $0.90 | JP Fee $0.10
Board 1 [Kc 8s 5d 3h 2c]
Seat 1: Ann (small blind) showed [Ah Ad] and lost with HI - a pair of Aces
Seat 2: Bob (big blind) showed [Kh Kd] and won $49.50 with HI - three of a kind, Kings
Board 2 [Ac 9s 6d 4h 2s]
Seat 1: Ann (small blind) showed [Ah Ad] and won $49.50 with HI - three of a kind, Aces
Seat 2: Bob (big blind) showed [Kh Kd] and lost with HI - a pair of Kings
"""


def test_wpn_a_board_run_twice_own() -> None:
    # Each run's showdown says what it paid ("collected $49.50 from main pot 1"); the
    # summary's lines per board are not read again. $100 less $1: $49.50 a run.
    hh = one(WPN)
    assert isinstance(hh, phh.HandHistory), hh
    assert hh.runout_count == 2
    assert hh.actions[-8:-2] == BOARDS
    assert hh.winnings == [4950, 4950]
    assert phh.check(hh).status == "match"


def test_wpn_a_run_paid_from_a_run_that_was_not_dealt_is_damaged_own() -> None:
    damaged = one(WPN.replace("from main pot 2", "from main pot 3"))
    assert isinstance(damaged, DamagedHand) and "run 3 of 2" in damaged.reason


S1, S2, S3 = "site-histories/", "site-histories-2/", "site-histories-3/"
REAL = [
    # "Hero collected €111.59", then €111.58: the odd cent to the first board.
    (S1 + "pokerstars/nlhe/*NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt", "90721705235", 2),
    # Main pot $3,007 and side pot $20, each halved: $1,503.50 and $10 a board.
    (S1 + "pokerstars/plo/*RunItTwice1.txt", "124689908714", 2),
    # Main pot $5.74 and side pot $0.14 (rake $0.21 from the main pot): $2.87 and $0.07.
    (S2 + "pokerstars/nlhe/*HH20200421_Lilio_III_*.txt", "212449882219", 2),
    # "Hand was run three times": $327.80 less $12.50, $105.10 a board.
    (S1 + "ggpoker/plo/*PLO-6max-USD-2-5-202106.run.it.thrice.txt", "OM260919438", 3),
    # The side pot ($76.35) paid once, the main pot less $3 rake halved: $77.60 a board.
    (S1 + "fulltilt/plo/*201211.RIT.side.pot.txt", "31318697695", 2),
    # "FLOP 1" to "RIVER 2"; the first board tied, $62.10 each.
    (S2 + "fulltilt/plo/*201211.RIT.new.format.txt", "31319837969", 2),
    # Omaha hi/lo: board 1's low tied ($30.75 each), board 2 won whole ($123).
    (S3 + "wpn/omaha-hilo/*NLO8-6max-USD-3-6-202104.RIT.txt", "779379637", 2),
]


@pytest.mark.parametrize(("pattern", "hand", "runs"), REAL, ids=[h for _, h, _ in REAL])
def test_the_sites_boards_run_more_than_once_replay_to_their_result_real(
    pattern: str, hand: str, runs: int
) -> None:
    hh = real(pattern, hand)
    assert isinstance(hh, phh.HandHistory), hh
    assert hh.runout_count == runs
    assert status(hh) == "match"
    assert phh.replay(hh).runs == runs
