"""The Microgaming reader (splitpot.sites.microgaming, the client's XML) against the site's
own results: what each player wins, the rake, and every player's end balance.

Our own games (tests/data/sites/microgaming-own.txt, numbers worked by hand below) and the
real files of ../shared/data/site-histories-3/microgaming (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from sites3 import outcomes, own, statuses
from splitpot import phh
from splitpot.sites import microgaming, read_text, sniff
from splitpot.sites.errors import DamagedHand, UnsupportedHand

OWN = Path(__file__).parent / "data" / "sites" / "microgaming-own.txt"


def _first() -> str:
    return OWN.read_text(encoding="utf-8").split("\n\n")[0]


def test_amounts_are_what_each_player_adds_and_the_jackpot_drop_is_no_bet() -> None:
    """Cy pays the bad-beat jackpot's 0.02 and plays with 79.98. Ann (small blind) "Raise
    8.50" is a raise to 9.00; Cy's "AllIn 70.98" over her 10.00 bet raises to 70.98, and her
    "Call 60.98" matches it. Pot 79.98 x 2 + Bob's 1.00 = 160.96; the site rakes 3.00
    (rake="300", in hundredths) and pays Ann 157.96: she ends with 177.98."""
    hand = own(OWN)[0]
    assert hand.starting_stacks == [10000, 5000, 7998]  # Dee, sitting out, is not dealt
    assert hand.actions[3:11] == [
        "p3 cbr 300",
        "p1 cbr 900",
        "p2 f",
        "p3 cc",
        "d db Kd7c2s",
        "p1 cbr 1000",
        "p3 cbr 7098",
        "p1 cc",
    ]
    assert hand.finishing_stacks == [17798, 4900, 0]
    assert hand.user_fields["_site_rake"] == 300
    assert phh.check(hand).status == "match"


def test_a_win_without_the_uncalled_bet_2009() -> None:
    """Omaha pot limit, 2009 (no hhversion, between a file name and an ExtendedTableName
    line): Ann's 10.00 flop bet is not called and comes back; she wins the pot of 15.00
    (7 + 7 + Bob's 1) and ends with 208.00."""
    hand = own(OWN)[1]
    assert hand.variant == "PO"
    assert hand.currency == "USD"  # currencysymbol " $", base64 of UTF-16
    assert hand.winnings == [0, 0, 1500]
    assert hand.finishing_stacks == [9900, 14300, 20800]
    assert phh.check(hand).status == "match"


def test_a_win_with_the_uncalled_bet_2013() -> None:
    """Version 4: Cy's uncalled 0.12 is in the 0.16 the site says he wins; he wins the pot
    of 0.04 and gets his 0.12 back (payout.settle): he ends with 2.02."""
    hand = own(OWN)[2]
    assert hand.winnings == [0, 4, 0]
    assert hand.finishing_stacks == [198, 202, 200]
    assert phh.check(hand).status == "match"


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ('endbalance="177.98"', 'endbalance="178.98"', "Ann ends with 17898"),
        ('rake="300"', 'rake="200"', "a rake of 200, and the pot kept 300"),
        ('amount="157.96"', 'amount="160.96"', "it states a rake of 300, and the pot kept 0"),
        ("</Gameplay>\n</Game>", "</Gameplay>", "cut off: the XML ends before </Game>"),
    ],
)
def test_a_game_the_site_contradicts_is_damaged(old: str, new: str, reason: str) -> None:
    [damaged] = read_text(_first().replace(old, new))
    assert isinstance(damaged, DamagedHand) and reason in damaged.reason, damaged


def test_a_game_splitpot_does_not_play_is_refused_by_its_name() -> None:
    [refused] = read_text(_first().replace("Hold&apos;em", "Razz"))
    assert isinstance(refused, UnsupportedHand) and refused.game == "Razz"


def test_sniffing_finds_microgaming() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is microgaming.READER


def test_every_microgaming_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/microgaming: 38 games, every end balance checked. One is damaged:
    a "PostedToPlay" of 0.10 that cost its player 0.15, and a win of 0.39 from a pot of
    0.25 (its winner's uncalled 0.10 back, 0.04 unaccounted for)."""
    found = outcomes("microgaming")
    assert statuses(found) == Counter(match=37, damaged=1)
