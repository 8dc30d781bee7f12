"""The Everest reader (splitpot.sites.everest, the client's XML) against the site's own
results: the pot gathered by each ``<SWEEP>``, its rake and tax, and what each ``<WIN>`` pays.

Our own hands (tests/data/sites/everest-own.xml, numbers worked by hand below) and the real
files of ../shared/data/site-histories-3/everest (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from sites3 import outcomes, own, statuses
from splitpot import phh
from splitpot.sites import SiteError, everest, read_text, sniff
from splitpot.sites.errors import DamagedHand, UnsupportedHand

OWN = Path(__file__).parent / "data" / "sites" / "everest-own.xml"


def _text() -> str:
    return OWN.read_text(encoding="utf-8")


def test_a_bet_is_what_the_player_adds_and_the_last_sweep_is_the_pot() -> None:
    """Ann raises to 6 (adds 600 hundredths), Bob and Cy add 500 and 400: pot 18. On the
    flop Cy bets 12, Ann raises to 36, Cy adds 24: pot 90, raked 0.50 and taxed 0.10, the
    last sweep's 89.40. Ann's turn bet of 50 is pushed back. Dee posts no blind
    (XBLIND): not dealt in."""
    cash, _ = own(OWN)
    assert cash.players == ["Bob", "Cy", "Ann"]
    assert cash.actions[3:12] == [
        "p3 cbr 600",
        "p1 cc",
        "p2 cc",
        "d db Ac7d2s",
        "p1 cc",
        "p2 cbr 1200",
        "p3 cbr 3600",
        "p1 f",
        "p2 cc",
    ]
    assert cash.finishing_stacks == [14400, 25800, 24740]
    assert cash.user_fields["_site_rake"] == 60
    assert (cash.currency, cash.table, cash.year) == ("EUR", "Own-1", 2023)
    assert phh.check(cash).status == "match"


def test_a_tournament_hand_is_in_hundredths_of_a_chip_and_its_board_comes_at_once() -> None:
    """The second <SESSION> is a tournament's, pot-limit Omaha: antes of 5 chips, blinds of
    20 and 40 (written 2000 and 4000); Bob raises the pot all in to 370, Ann calls; the
    five board cards in one <COMMUNITY>. Bob's kings make trips: he wins the 750."""
    _, tour = own(OWN)
    assert tour.variant == "PO" and tour.event == "Tournament #555"
    assert tour.user_fields["_site_tournament"] is True
    assert tour.actions[5:8] == ["d db KcQd2h", "d db 7s", "d db Tc"]
    assert tour.finishing_stacks == [75000, 112500]
    assert phh.check(tour).status == "match"


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ('amount="8940" pot', 'amount="8840" pot', "paid out 8900 with the rake"),
        ('<PUSH position="0" amount="5000"/>', '<PUSH position="0" amount="6000"/>', "put in 8000"),
        ("<COMMUNITY>Ac, 7d, 2s</COMMUNITY>", "<COMMUNITY>Ac, 7d</COMMUNITY>", "2 new cards"),
        ('<WIN position="0" amount="8940" pot="0" potAmount="8940"/>\n</HAND>', "", "cut off"),
    ],
)
def test_a_result_the_play_does_not_give_is_damaged(old: str, new: str, reason: str) -> None:
    first = next(iter(read_text(_text().replace(old, new, 1))))
    assert isinstance(first, DamagedHand) and reason in first.reason, first


def test_a_game_splitpot_does_not_play_is_refused_by_name() -> None:
    first = next(iter(read_text(_text().replace('game="hold-em"', 'game="stud"'))))
    assert isinstance(first, UnsupportedHand) and "no-limit stud" in str(first), first


def test_a_hand_without_its_session_is_an_error() -> None:
    [hand] = read_text(_text().split("\n<SESSION", 2)[1].split("\n", 1)[1])
    assert type(hand) is SiteError and "no <SESSION>" in hand.reason, hand


def test_sniffing_finds_everest() -> None:
    assert sniff(_text()) is everest.READER


def test_every_everest_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/everest: 5 hands (cash and tournament; no-limit and fixed-limit
    hold'em, pot-limit Omaha with its rake and tax), every one matching."""
    assert statuses(outcomes("everest")) == Counter(match=5)
