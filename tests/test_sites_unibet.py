"""The Unibet reader (splitpot.sites.unibet) against the site's own results: what each
player wins, and the summary's pot, rake and each player's bet, win and net result.

Our own hand (tests/data/sites/unibet-own.txt, Windows-1252 as the client writes it,
numbers worked by hand below) and the real file of ../shared/data/site-histories-3/unibet
(tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from sites3 import outcomes, own, statuses
from splitpot import phh
from splitpot.sites import read_text, sniff, unibet
from splitpot.sites.errors import DamagedHand, UnsupportedHand
from splitpot.sites.reading import decode

OWN = Path(__file__).parent / "data" / "sites" / "unibet-own.txt"


def _text() -> str:
    return decode(OWN.read_bytes())


def test_a_win_holds_the_bet_no_one_called() -> None:
    """Cy Dee (the button) raises to 0.30 and everyone folds: he "wins €0.45", the blinds'
    0.15 and his own 0.30, of which 0.20 no one called. He puts in 0.10 and collects 0.25:
    net 0.15, as the summary says."""
    [hand] = own(OWN)
    assert hand.players == ["Eve", "Ann", "Bob", "Cy Dee"]  # from the button's left
    assert hand.actions[4:] == ["p3 f", "p4 cbr 30", "p1 f", "p2 f"]
    assert hand.winnings == [0, 0, 0, 25]
    assert hand.finishing_stacks == [295, 490, 150, 1015]
    assert (hand.currency, hand.table) == ("EUR", "€1 NL")
    assert phh.check(hand).status == "match"


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Cy Dee wins €0.45", "Cy Dee wins €0.40", "it pays 40 and rakes 0 of a pot of 45"),
        ("Rake €0", "Rake €0.05", "it pays 45 and rakes 5 of a pot of 45"),
        ("net result: €0.15", "net result: €0.20", "Cy Dee bet, won and ends with (30, 45, 20)"),
        ("Seat 1: Ann: bet €0.10", "Seat 1: Ann: bet €0.05", "Ann bet, won and ends with"),
    ],
)
def test_a_result_the_play_does_not_give_is_damaged(old: str, new: str, reason: str) -> None:
    [damaged] = read_text(_text().replace(old, new))
    assert isinstance(damaged, DamagedHand) and reason in damaged.reason, damaged


def test_a_game_splitpot_does_not_play_is_refused_by_name() -> None:
    [hand] = read_text(_text().replace("No Limit Hold'Em", "Pot Limit Omaha"))
    assert isinstance(hand, UnsupportedHand) and "Pot Limit Omaha" in str(hand), hand


def test_sniffing_finds_unibet() -> None:
    assert sniff(_text()) is unibet.READER


def test_every_unibet_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/unibet: its one hand (a Banzai table), matching."""
    assert statuses(outcomes("unibet")) == Counter(match=1)
