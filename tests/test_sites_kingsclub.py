"""The Kings Club reader (splitpot.sites.kingsclub) against the site's own results: every
player's stack at the end of the hand, the rake, and what each "wins".

Our own hands (tests/data/sites/kingsclub-own.txt, numbers worked by hand below) and the
real files of ../shared/data/site-histories-3/kingsclub (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from sites3 import outcomes, own, statuses
from splitpot import phh
from splitpot.sites import kingsclub, read_text, sniff
from splitpot.sites.errors import DamagedHand, UnsupportedHand

OWN = Path(__file__).parent / "data" / "sites" / "kingsclub-own.txt"


def _text(k: int) -> str:
    return OWN.read_text(encoding="utf-8").split("\n\n")[k]


def test_a_call_is_the_players_total_and_a_side_pot_left_unwritten_is_in_the_stacks() -> None:
    """Ann raises to 6, Bob to 20, Cy Dee all in to 30; Ann and Bob "call 30", their totals.
    Bob's turn bet of 100 is not called and not said to come back. Bob wins the main pot
    (3 x 30 = 90, less the rake of 2: the 88 written) and the side pot of 2 x 40 = 80, which
    the site does not write: his stack at the end, 250.50 - 70 + 168 = 348.50, says so."""
    hand = own(OWN)[0]
    assert hand.players == ["Bob", "Cy Dee", "Ann"]  # a name with a space
    assert hand.actions[3:8] == ["p3 cbr 600", "p1 cbr 2000", "p2 cbr 3000", "p3 cc", "p1 cc"]
    assert hand.starting_stacks == [25050, 3000, 10000]
    assert hand.winnings == [16800, 0, 0]
    assert hand.finishing_stacks == [34850, 0, 3000]
    assert hand.user_fields["_site_rake"] == 200
    assert (hand.year, hand.month, hand.day, hand.table) == (2024, 3, 1, "Own Club")
    assert phh.check(hand).status == "match"


def test_a_board_run_twice_is_each_runs_turn_and_river_in_one_line() -> None:
    """All in on the flop for 50 each (Bob's 4 over Ann's all-in comes back); the rake of 1
    leaves 99, 49.50 a run (docs/rules/poker.md §6). Run 1 (8d 3c) gives Bob a straight,
    run 2 (2c Kc, a dash for each flop card) Ann tens full: each ends 0.50 down."""
    hand = own(OWN)[1]
    assert hand.actions[8:12] == ["d db 8d", "d db 3c", "d db 2c", "d db Kc"]
    assert hand.user_fields["_splitpot_runout_count"] == 2
    assert hand.finishing_stacks == [4950, 7950]
    assert phh.check(hand).status == "match"


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Seat 2: Bob (348.50) +98", "Seat 2: Bob (348.50) +99", "writes a change of 9900"),
        ("Rake 2", "Rake 3", "it states a rake of 300, and the pot kept 200"),
        ("Bob wins pot (88)", "Bob wins pot (188)", "Bob wins 18800"),
        ("Seat 1: Ann (30) -70\n", "", "no stack at the end for Ann"),
        ("[2c 7d 9s] [Jh]", "[2c 7d 8s] [Jh]", "the board is"),
        ("Bob wins pot (88)", "Bob shows [Ah Ad]", "cut off"),
        ("Seat 1: Ann (30) -70", "Seat 1: Ann (20) -80", "less than the 3000 he kept"),
    ],
)
def test_a_result_the_play_does_not_give_is_damaged(old: str, new: str, reason: str) -> None:
    text = _text(0).replace(old, new)
    if reason == "cut off":
        text = text.split("*** SUMMARY ***")[0]
    [damaged] = read_text(text)
    assert isinstance(damaged, DamagedHand) and reason in damaged.reason, damaged


@pytest.mark.parametrize(
    ("old", "new", "refused"),
    [
        ("No Limit Holdem - 1/2", "Limit Badugi - 1/2", "Limit Badugi: a game splitpot"),
        ("No Limit Holdem", "No Limit Short Deck Holdem", "Short Deck Holdem: a game"),
    ],
)
def test_what_splitpot_does_not_play_is_refused_by_name(old: str, new: str, refused: str) -> None:
    [hand] = read_text(_text(0).replace(old, new))
    assert isinstance(hand, UnsupportedHand) and refused in str(hand), hand


def test_a_run_that_shows_another_flop_is_damaged() -> None:
    [damaged] = read_text(
        _text(1).replace("[- - - 2c]", "[Tc - - 2c]").replace("[Tc 9s 2h 8d]", "[Td 9s 2h 8d]")
    )
    assert isinstance(damaged, DamagedHand) and "the board is" in damaged.reason, damaged
    [damaged] = read_text(_text(1).replace("[- - - 2c]", "[Ts - - 2c]"))
    assert isinstance(damaged, DamagedHand) and "BOARD 2" in damaged.reason, damaged


def test_the_flop_before_the_first_betting_round_is_refused() -> None:
    """An All-in or Fold table writes the flop before the players act: not a game played."""
    text = (
        _text(1)
        .replace("*** FLOP *** [Tc 9s 2h]\n", "")
        .replace("*** HOLE CARDS ***", "*** HOLE CARDS ***\n*** FLOP *** [Tc 9s 2h]")
    )
    [hand] = read_text(text)
    assert isinstance(hand, UnsupportedHand) and "before the first betting round" in str(hand)


STUD = """\
#1003: Limit Seven Card Stud - 40/80
2024-03-01 20:10:00
Table 'Own Club'
Seat 1: Ann (500)
Seat 2: Bob (500)
Ann: posts ante 10
Bob: posts ante 10
Dealt to Ann: [X X 2c]
Dealt to Bob: [Ah Kd Qs]
Ann brings in for 10
Bob bets 40
Ann raises to {raise_to}
Bob folds
*** SUMMARY ***
Seat 1: Ann (550) +50
Seat 2: Bob (450) -50
Ann wins pot (100)
"""


def test_a_stud_raise_from_the_bring_in_is_refused_naming_the_rule() -> None:
    """docs/rules/poker.md §4.2 KNOWN DIFFERENCE: Kings Club raises a completion to 40 "to
    50", the bring-in of 10 and a bet; splitpot raises from the completion, to 80."""
    [hand] = read_text(STUD.format(raise_to=50))
    assert isinstance(hand, UnsupportedHand) and "§4.2 KNOWN DIFFERENCE" in str(hand), hand
    [played] = read_text(STUD.format(raise_to=80))  # 40 of it comes back: Ann wins 100
    assert isinstance(played, phh.HandHistory) and phh.check(played).status == "match"


def test_sniffing_finds_kings_club() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is kingsclub.READER


def test_every_kings_club_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/kingsclub: 24 hands, every player's final stack checked. 12 are of
    games splitpot does not play (draw games, Badacey, Drawmaha, short deck), refused by
    name; of the other 12, 9 match and 3 are refused naming the feature: the All-in or Fold
    table's flop before its betting, and two stud hands raised from the bring-in (§4.2)."""
    found = outcomes("kingsclub")
    assert statuses(found) == Counter(match=9, unsupported=15)
    reasons = Counter(
        "game" if "a game splitpot does not play" in o.detail else "§4.2"
        for o in found
        if o.status == "unsupported"
    )
    assert reasons == Counter(game=13, **{"§4.2": 2})
