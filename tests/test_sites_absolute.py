"""The Absolute Poker/UltimateBet reader (splitpot.sites.absolute) against the site's own
results.

Our own hand (tests/data/sites/absolute-own.txt, numbers worked by hand below) and the real
files of ../shared/data/site-histories-3/absolute (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from sites3 import outcomes, statuses
from splitpot import phh
from splitpot.sites import absolute, read_file, read_text, sniff
from splitpot.sites.errors import DamagedHand

OWN = Path(__file__).parent / "data" / "sites" / "absolute-own.txt"


def test_a_dead_blind_and_raises_to_their_totals() -> None:
    """Fixed limit $2/$4 ("NORMAL"): DEE posts $3, $2 live and $1 dead, and raises to $4;
    "Total Pot($17)" is Bob's 4, Cy's 6 and DEE's 7 (his last $4 returned), with the
    $0.50 rake in it."""
    [hand] = read_file(OWN)
    assert isinstance(hand, phh.HandHistory)
    assert hand.variant == "FT" and hand.user_fields["_splitpot_dead_blinds"] == [0, 0, 100, 0]
    assert hand.actions[4:8] == ["p3 cbr 400", "p4 f", "p1 cc", "p2 cc"]
    assert "d db Th" in hand.actions  # a ten written "10h"
    assert hand.finishing_stacks == [4600, 7400, 6950, 10000]
    assert hand.user_fields["_site_rake"] == 50
    assert phh.check(hand).status == "match"


def test_a_pot_that_does_not_add_up_is_damaged() -> None:
    text = OWN.read_text(encoding="utf-8").replace("Collects $16.50", "Collects $15.50")
    [damaged] = read_text(text)
    assert isinstance(damaged, DamagedHand)


def test_sniffing_finds_absolute() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is absolute.READER


def test_every_absolute_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/absolute: 94 hands; one pays a 7-2 proposition side bet."""
    found = outcomes("absolute")
    assert statuses(found) == Counter(match=93, unsupported=1)
    [refused] = [o.detail for o in found if o.status == "unsupported"]
    assert "proposition pot" in refused
