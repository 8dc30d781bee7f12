"""The Cake reader (splitpot.sites.cake) against the site's own results.

Our own hand (tests/data/sites/cake-own.txt, numbers worked by hand below) and the real
files of ../shared/data/site-histories-3/cake (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from sites3 import outcomes, statuses
from splitpot import phh
from splitpot.sites import cake, read_file, read_text, sniff
from splitpot.sites.errors import DamagedHand

OWN = Path(__file__).parent / "data" / "sites" / "cake-own.txt"


def test_an_all_in_raise_and_a_name_written_with_an_underscore() -> None:
    """Bob Cat ("Bob_Cat: calls") goes all-in for 4.70 over Ann's 0.40 bet, and she calls:
    pot 5.00 + 5.00 + Cy's 0.10 = 10.10; Bob wins 10.05, so 0.05 was raked."""
    [hand] = read_file(OWN)
    assert isinstance(hand, phh.HandHistory)
    assert hand.actions[7:11] == ["p1 cc", "p3 cbr 40", "p1 cbr 470", "p3 cc"]
    assert hand.finishing_stacks == [1005, 990, 500]
    assert hand.user_fields["_site_rake"] == 5
    assert phh.check(hand).status == "match"


def test_a_lowered_win_is_damaged() -> None:
    text = OWN.read_text(encoding="utf-8").replace("wins $10.05", "wins $8.05")
    [damaged] = read_text(text)
    assert isinstance(damaged, DamagedHand) and "more than the 15 %" in damaged.reason


def test_sniffing_finds_cake() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is cake.READER


def test_every_cake_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/cake: 38 hands; two with negative amounts the site wrote ("posts
    dead blind $-0,10", an ante of "-1"), one Coin Flip hand with no bets written."""
    found = outcomes("cake")
    assert statuses(found) == Counter(match=35, damaged=2, unsupported=1)
    assert all("negative" in o.detail for o in found if o.status == "damaged")
