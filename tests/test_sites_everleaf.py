"""The Everleaf reader (splitpot.sites.everleaf: Everleaf Gaming, Partouche, Grand Poker)
against the site's own results.

Our own hand (tests/data/sites/everleaf-own.txt, numbers worked by hand below) and the real
files of ../shared/data/site-histories-3/everleaf (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from sites3 import outcomes, statuses
from splitpot import phh
from splitpot.sites import everleaf, read_file, read_text, sniff
from splitpot.sites.errors import DamagedHand

OWN = Path(__file__).parent / "data" / "sites" / "everleaf-own.txt"


def test_a_hand_with_chat_and_no_summary_reconciles_its_unstated_rake() -> None:
    """Ann raises by 0.30, Cy calls; 0.50 each on the flop; Ann's turn bet of 1.50 comes
    back (unwritten). Pot 0.05 + 0.80 + 0.80 = 1.65; Ann wins 1.63: 0.02 was raked. "Cy:
    nice hand" is Cy's chat."""
    [hand] = read_file(OWN)
    assert isinstance(hand, phh.HandHistory)
    assert hand.actions[3:6] == ["p3 cbr 30", "p1 f", "p2 cc"]
    assert hand.finishing_stacks == [495, 770, 1083]
    assert hand.user_fields["_site_rake"] == 2
    assert phh.check(hand).status == "match"


def test_a_lowered_win_is_damaged() -> None:
    text = OWN.read_text(encoding="utf-8").replace("$ 1.63 USD", "$ 1.03 USD")
    [damaged] = read_text(text)
    assert isinstance(damaged, DamagedHand) and "62 kept is more than the 15 %" in damaged.reason


def test_sniffing_finds_everleaf() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is everleaf.READER


def test_every_everleaf_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/everleaf: 178 hands, 19 of stud (whose cards Everleaf never writes,
    refused naming why)."""
    found = outcomes("everleaf")
    assert statuses(found) == Counter(match=159, unsupported=19)
    assert all("up cards that decide" in o.detail for o in found if o.status == "unsupported")
