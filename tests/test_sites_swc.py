"""The Seals With Clubs reader (splitpot.sites.swc) against the site's own results: what
each pot pays and the rake each is paid with.

Our own hand (tests/data/sites/swc-own.txt, numbers worked by hand below) and the real files
of ../shared/data/site-histories-3/swc (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from sites3 import outcomes, own, statuses
from splitpot import phh
from splitpot.sites import read_text, sniff, swc
from splitpot.sites.errors import DamagedHand, UnsupportedHand

OWN = Path(__file__).parent / "data" / "sites" / "swc-own.txt"


def _text() -> str:
    return OWN.read_text(encoding="utf-8")


def test_each_pot_is_paid_with_its_rake_and_a_call_is_what_it_adds() -> None:
    """Bob posts small & big blind 3: 2 live, 1 dead (docs/rules/poker.md §4.1), and checks.
    Cy is all in for 8; Eve "calls 7" and then "calls 12", what she adds. Main pot: 8 x 3
    and Bob's 3 = 27, raked 1, Cy's 26; side pot 2 x 32 = 64, raked 1, Ann's 63 (her turn
    bet of 30 refunded). Dee sits out: not dealt in."""
    [hand] = own(OWN)
    assert hand.players == ["Eve", "Ann", "Bob", "Cy"]
    assert hand.user_fields["_splitpot_dead_blinds"] == [0, 0, 100, 0]
    assert hand.actions[4:10] == ["p3 cc", "p4 cbr 800", "p1 cc", "p2 cbr 2000", "p3 f", "p1 cc"]
    assert hand.winnings == [0, 6300, 0, 2600]
    assert hand.finishing_stacks == [2000, 12300, 9700, 2600]
    assert hand.user_fields["_site_rake"] == 200
    assert (hand.year, hand.table) == (2024, "Own 6max 1/2 #1")
    assert phh.check(hand).status == "match"


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Ann wins Side Pot 1 (63)", "Ann wins Side Pot 1 (64)", "paid out 9200 with the rake"),
        ("Ann refunded 30\n", "", "it paid out 9100 with the rake, and the pot is 12100"),
        ("** Flop ** [2c 7d 9s]", "** Flop ** [2c 7d]", "the flop has 2 new cards"),
    ],
)
def test_a_result_the_play_does_not_give_is_damaged(old: str, new: str, reason: str) -> None:
    [damaged] = read_text(_text().replace(old, new))
    assert isinstance(damaged, DamagedHand) and reason in damaged.reason, damaged


def test_a_hand_without_its_rake_line_is_cut_off() -> None:
    [cut] = read_text(_text().split("Ann wins Side Pot")[0])
    assert isinstance(cut, DamagedHand) and "cut off" in cut.reason, cut


def test_a_game_splitpot_does_not_play_is_refused_by_name() -> None:
    [hand] = read_text(_text().replace("NL Hold'em (20", "NL Razz (20"))
    assert isinstance(hand, UnsupportedHand) and "NL Razz" in str(hand), hand


def test_sniffing_finds_seals_with_clubs() -> None:
    assert sniff(_text()) is swc.READER


def test_every_seals_with_clubs_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/swc: 5 hands (fixed-limit and no-limit hold'em, pot-limit Omaha; a
    small & big blind posted together, a side pot), every one matching."""
    assert statuses(outcomes("swc")) == Counter(match=5)
