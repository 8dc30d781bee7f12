"""The Enet reader (splitpot.sites.enet) against the site's own results: what each player
collected, the rake taken street by street, and the summary's account of both.

Our own hands (tests/data/sites/enet-own.txt, numbers worked by hand below) and the real
files of ../shared/data/site-histories-3/enet (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from sites3 import outcomes, own, statuses
from splitpot import phh
from splitpot.sites import enet, read_text, sniff
from splitpot.sites.errors import DamagedHand, UnsupportedHand

OWN = Path(__file__).parent / "data" / "sites" / "enet-own.txt"


def _text(k: int) -> str:
    return OWN.read_text(encoding="utf-8").split("\n\n")[k]


def test_every_amount_is_what_the_player_adds_and_the_rake_comes_street_by_street() -> None:
    """Ann "raises €3" (to 3), Bob "calls €2,50" (to 3); on the flop Bob "raises €15" over
    Ann's 5 and she "calls €10". Pot 38 + 38 + Cy's 1 = 77, raked 0.10, 0.50 and 1: Ann
    collects 75.40 with her set. The structure is in the table's name; cards are glued."""
    cash, _ = own(OWN)
    assert cash.variant == "NT" and cash.currency == "EUR"
    assert cash.actions[3:11] == [
        "p3 cbr 300",
        "p1 cc",
        "p2 f",
        "d db Ah7d2s",
        "p1 cc",
        "p3 cbr 500",
        "p1 cbr 1500",
        "p3 cc",
    ]
    assert cash.finishing_stacks == [1250, 7900, 13740]
    assert cash.user_fields["_site_rake"] == 160
    assert phh.check(cash).status == "match"


def test_an_uncalled_raise_comes_back_and_a_pot_limit_table_is_omaha_pot_limit() -> None:
    """Heads-up pot-limit Omaha: Bob raises the pot to 3, Ann to 9 and Bob folds; 6 comes
    back to Ann, who collects the 6 of the pot (written "Ann collected", no colon)."""
    _, omaha = own(OWN)
    assert omaha.variant == "PO"
    assert omaha.finishing_stacks == [10300, 4700]
    assert phh.check(omaha).status == "match"


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Rake: €0,50", "Rake: €0,40", "it takes 150 of rake street by street"),
        ("and won (€75,40)", "and won (€75,50)", "Ann collects 7540, and its summary says"),
        ("Rake: €1", "Rake: €-1", "is negative"),
        ("Cy: posts big blind €1", "Cy: posts big blind", "Cy posts big blind of nothing"),
        ("*** TURN *** [Ah7d2s10c]", "*** TURN *** [Ah7d3s10c]", "the board is"),
    ],
)
def test_a_result_the_play_does_not_give_is_damaged(old: str, new: str, reason: str) -> None:
    [damaged] = read_text(_text(0).replace(old, new))
    assert isinstance(damaged, DamagedHand) and reason in damaged.reason, damaged


def test_a_hand_cut_before_its_summary_is_cut_off() -> None:
    [cut] = read_text(_text(0).split("*** SUMMARY ***")[0])
    assert isinstance(cut, DamagedHand) and "cut off" in cut.reason, cut


def test_sniffing_finds_enet() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is enet.READER


def test_every_enet_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/enet: 4 hands. 2 match; 2 contradict themselves: a blind posted of
    no amount (and the winner's collection written as 0.20 in the play, 0.30 in the
    summary), and a side pot hand whose rake goes negative (€-2,22) and whose winner
    collects 56.64 of a pot of 140.53."""
    found = outcomes("enet")
    assert statuses(found) == Counter(match=2, damaged=2)
    damaged = sorted(o.detail.split("damaged: ")[-1] for o in found if o.status == "damaged")
    assert damaged == [
        "the site contradicts itself: '€-2,22' is negative",
        "the site contradicts itself: Player4 posts big blind of nothing",
    ]


def test_a_structure_not_seen_is_refused_by_name() -> None:
    """Only no-limit and pot-limit tables were seen: a fixed-limit one's header may name its
    blinds or its bets, so it is refused rather than guessed."""
    [hand] = read_text(_text(0).replace("Own 1 - No Limit", "Own 1 - Fixed Limit"))
    assert isinstance(hand, UnsupportedHand) and "Fixed Limit Hold'em" in str(hand), hand
