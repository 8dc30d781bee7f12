"""The Chico reader (splitpot.sites.chico: BetOnline, PayNoRake, Gear Poker...) against the
site's own results.

Our own hands (tests/data/sites/chico-own.txt, numbers worked by hand below) and the real
files of ../shared/data/site-histories-3/chico (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from sites3 import outcomes, own, statuses
from splitpot import phh
from splitpot.sites import chico, read_text, sniff
from splitpot.sites.errors import DamagedHand, UnsupportedHand

OWN = Path(__file__).parent / "data" / "sites" / "chico-own.txt"


def _first() -> str:
    return OWN.read_text(encoding="utf-8").split("\n\n\n\n")[0]


def test_a_side_pot_only_the_mucked_bettor_matched_stays_his() -> None:
    """docs/rules/poker.md §5 DECISION. Dee posts dead (0.50 live, 0.25 dead: §4.1), Bob is
    all-in for 5.00, Cy and Dee match it and bet 6.00 each on the flop; Cy's turn bet of
    10.00 is uncalled. Main pot 3 x 5.00 + 0.25 = 15.25, side pot 12.00; the site keeps
    0.60 (its one rake, written on both pot lines) and pays 15.05 to Bob's aces and 11.60
    to Cy, who never shows: the side pot no other hand matched is his. The river is in the
    summary's board only (Bob all-in, Cy alone with chips)."""
    hand = own(OWN)[0]
    assert hand.players == ["Bob", "Cy", "Dee", "Ann"]
    assert hand.seats == [2, 3, 5, 1]  # the site's seats 1, 2, 4, 0, from 1
    assert hand.user_fields["_splitpot_dead_blinds"] == [0, 0, 25, 0]
    assert hand.actions[-3:] == ["d db 3s", "p1 sm -", "p2 sm"]
    assert hand.finishing_stacks == [1505, 3060, 2875, 2000]
    assert hand.user_fields["_site_rake"] == 60
    assert phh.check(hand).status == "match"


def test_a_tournament_plays_at_the_blinds_posted_in_hundredths() -> None:
    """The header's $10/$20 lag behind the 15/30 posted; Bob's 500.50 chips are read in
    hundredths. Bob leaves the table as Ann raises: he folds at his turn, before Cy calls.
    Antes 3 x 5 + 15 + 60 + 60 = 150, all to Ann; no rake in a tournament."""
    hand = own(OWN)[1]
    assert hand.blinds_or_straddles == [1500, 3000, 0]
    assert hand.min_bet == 3000
    assert hand.antes == [500, 500, 500]
    assert hand.actions[3:6] == ["p3 cbr 6000", "p1 f", "p2 cc"]
    assert hand.finishing_stacks == [48050, 73500, 108500]
    assert phh.check(hand).status == "match"


def test_gear_poker_seats_run_the_other_way_and_its_uncalled_bet_is_unwritten() -> None:
    """Gear Poker's seats 9, 8, 7, 6 (button, small blind, big blind, first to act) are
    PHH's 1, 2, 3, 4. "Raises 60.00" is what Ann puts in; her 100.00 flop bet is not said
    to come back, and the pot of 130.00 (10 + 60 + 60) is what shows it did."""
    hand = own(OWN)[2]
    assert hand.seats == [2, 3, 4, 1]
    assert hand.blinds_or_straddles == [1000, 2000, 0, 0]
    assert hand.actions[3:8] == ["d dh p4 Ts7h", "p3 f", "p4 cbr 6000", "p1 f", "p2 cc"]
    assert hand.finishing_stacks == [99000, 94000, 100000, 107000]
    assert phh.check(hand).status == "match"


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("and won (15.05)", "and won (14.05)", "paid out 2625 with the rake"),  # lowered
        ("11.60 | Rake 0.60", "11.60 | Rake 0.40", "its pots state rakes of [40, 60]"),
        ("Ann (20.00 in chips)", "Ann (0.00 in chips)", "Ann acts with no chips"),
        ("Seat 4: Dee (40.00", "Seat 2: Dee (40.00", "two players in Seat 2"),
    ],
)
def test_a_hand_the_site_contradicts_is_damaged(old: str, new: str, reason: str) -> None:
    [damaged] = read_text(_first().replace(old, new))
    assert isinstance(damaged, DamagedHand) and reason in damaged.reason, damaged


def test_a_game_splitpot_does_not_play_is_refused_by_its_name() -> None:
    text = _first().replace("Hold'em No Limit ($0.25/0.50)", "Badugi Limit ($0.25/0.50)")
    [refused] = read_text(text)
    assert isinstance(refused, UnsupportedHand) and refused.game == "Badugi Limit"


def test_chat_that_says_shows_is_a_note() -> None:
    text = _first().replace("Bob shows Ah Ac\n", 'Bob shows Ah Ac\nCy said "Bob shows Ah Ac"\n')
    assert text.count("Bob shows Ah Ac") == 2
    [hand] = read_text(text)
    assert isinstance(hand, phh.HandHistory) and phh.check(hand).status == "match"


def test_sniffing_finds_chico() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is chico.READER


@pytest.mark.parametrize(
    "reason",
    [
        "lines missing",
        "the site contradicts itself",
        "cut off",
        "a seat with no player's name",
        "the button is at seat",
        "shows 5 cards, and the board is not written",
    ],
)
def test_damaged_reasons_are_known(reason: str) -> None:
    found = [o for o in outcomes("chico") if o.status == "damaged"]
    assert any(reason in o.detail for o in found)


def test_every_chico_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/chico: 63 hands. 21 damaged: the PLO file of 2012 (17 hands) has
    players with no chips who call, a rake stated as 0.00 that the pot kept, pots paid to
    no one and betting rounds left out (12 of its hands); two players in one seat, a seat
    with no name, a button at seat 2684684, a side pot paid to no one, a hand cut off,
    Gear Poker's shown five cards with no board."""
    found = outcomes("chico")
    assert statuses(found) == Counter(match=42, damaged=21)
