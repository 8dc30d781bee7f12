"""The PKR reader (splitpot.sites.pkr) against the site's own results: what each player
wins, the rake, and every player's stack written at the end of the hand.

Our own hands (tests/data/sites/pkr-own.txt, numbers worked by hand below) and the real
files of ../shared/data/site-histories-3/pkr (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from sites3 import outcomes, own, statuses
from splitpot import phh
from splitpot.sites import pkr, read_text, sniff
from splitpot.sites.errors import DamagedHand, UnsupportedHand

OWN = Path(__file__).parent / "data" / "sites" / "pkr-own.txt"


def _text(k: int) -> str:
    return OWN.read_text(encoding="utf-8").split("\n\n")[k]


def test_a_call_is_written_as_the_players_total_on_the_street() -> None:
    """Cy raises to $6, Ann (small blind) "calls $6": she adds $5. On the flop Cy bets $10,
    Ann raises to $50 and Cy "calls $34 (all-in)", his total: he adds $24, and $16 of
    Ann's comes back. Pot 40 + 40 + Bob's 2 = $82; the site rakes $2 and pays Cy $80."""
    hand = own(OWN)[0]
    assert hand.players == ["Ann", "Bob", "Cy"]  # Dee, away from the table, is not dealt
    assert hand.actions[3:11] == [
        "p3 cbr 600",
        "p1 cc",
        "p2 f",
        "d db 4sQc2c",
        "p1 cc",
        "p3 cbr 1000",
        "p1 cbr 5000",
        "p3 cc",
    ]
    assert hand.starting_stacks == [10000, 125050, 4000]
    assert hand.finishing_stacks == [6000, 124850, 8000]
    assert hand.user_fields["_site_rake"] == 200
    assert phh.check(hand).status == "match"


def test_an_uncalled_bet_the_site_does_not_return_is_what_its_stacks_show() -> None:
    """Omaha Hi/Lo, a tournament: antes of 5, Bob on the button posts 20 live and 10 dead
    (docs/rules/poker.md §4.1). Dee's turn bet of 200 is not said to come back; the stacks
    at the end (Dee 700 - 85 + 230 = 845) show it did. Pot 20 + 80 + 10 + 120 = 230."""
    hand = own(OWN)[1]
    assert hand.variant == "PO/8"
    assert hand.user_fields["_splitpot_dead_blinds"] == [0, 0, 0, 10]
    assert hand.finishing_stacks == [715, 845, 1475, 965]
    assert phh.check(hand).status == "match"


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Dee - 845", "Dee - 846", "Dee ends with 846, and the hand leaves him 845"),
        ("Dee wins 230", "Dee wins 200", "pays out 200 of a pot of 230 in a tournament"),
        ("Seat 4: Dee - 845\n", "", "no stack at the end for Dee"),
        ("Dee bets 60", "Dee bets 60\nTaking Rake of 1 from pot 1", "a rake of 1, and the pot"),
    ],
)
def test_a_result_the_play_does_not_give_is_damaged(old: str, new: str, reason: str) -> None:
    [damaged] = read_text(_text(1).replace(old, new))
    assert isinstance(damaged, DamagedHand) and reason in damaged.reason, damaged


@pytest.mark.parametrize(
    ("old", "new", "refused"),
    [
        ("Game Type: HOLD'EM", "Game Type: RAZZ", "RAZZ NO LIMIT"),
        ("Blinds are now $1 / $2", "Blinds are now 0 / 0", "antes and no blinds"),
    ],
)
def test_what_splitpot_does_not_play_is_refused_by_name(old: str, new: str, refused: str) -> None:
    [hand] = read_text(_text(0).replace(old, new))
    assert isinstance(hand, UnsupportedHand) and refused in str(hand), hand


def test_sniffing_finds_pkr() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is pkr.READER


def test_every_pkr_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/pkr: 53 hands, every player's final stack checked. Three are
    refused: heads-up tournament hands played on antes alone ("Blinds are now 0 / 0")."""
    found = outcomes("pkr")
    assert statuses(found) == Counter(match=50, unsupported=3)
    assert all("antes and no blinds" in o.detail for o in found if o.status == "unsupported")
