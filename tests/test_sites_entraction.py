"""The Entraction reader (splitpot.sites.entraction) against the site's own results.

Our own hands (tests/data/sites/entraction-own.txt, numbers worked by hand below) and the
real files of ../shared/data/site-histories-3/entraction (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from sites3 import outcomes, statuses
from splitpot import phh
from splitpot.sites import entraction, read_file, read_text, sniff
from splitpot.sites.errors import DamagedHand

OWN = Path(__file__).parent / "data" / "sites" / "entraction-own.txt"


def own(k: int) -> phh.HandHistory:
    hand = list(read_file(OWN))[k]
    assert isinstance(hand, phh.HandHistory), hand
    return hand


def test_a_raise_adds_its_amount_and_payback_is_the_bet_returned() -> None:
    """Fixed limit 1/2: Ann raises by 2 (to 2), Cy's big blind raises by 2 (to 3), Ann
    calls 1. Pot: Bob's 0.50, 3 + 3 preflop, 2 + 2 on the flop = 10.50; the turn bet comes
    back ("Payback"); Ann wins 10.00, rake 0.50."""
    hand = own(0)
    assert hand.variant == "FT" and (hand.small_bet, hand.big_bet) == (100, 200)
    assert hand.actions[3:7] == ["p3 cbr 200", "p1 f", "p2 cbr 300", "p3 cc"]
    assert hand.finishing_stacks == [1950, 2000, 3500]
    assert hand.user_fields["_site_rake"] == 50
    assert phh.check(hand).status == "match"


def test_an_all_in_is_a_raise_when_it_tops_the_bet() -> None:
    """Bob's live blind out of turn (0.04) and raise by 0.10; on the flop his all-in for
    0.86 raises Ann's 0.40, and she calls 0.46. Pot 2.14, Ann wins 2.02, rake 0.12."""
    hand = own(1)
    assert hand.blinds_or_straddles == [2, 4, 4]
    assert hand.actions[8:12] == ["p2 cbr 40", "p3 cbr 86", "p1 f", "p2 cc"]
    assert hand.finishing_stacks == [286, 502, 0]
    assert phh.check(hand).status == "match"


def test_a_win_that_does_not_add_up_is_damaged() -> None:
    text = OWN.read_text(encoding="utf-8").replace("EUR 10.00", "EUR 9.00")
    first = next(iter(read_text(text)))
    assert isinstance(first, DamagedHand)


def test_sniffing_finds_entraction() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is entraction.READER


def test_every_entraction_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/entraction: 205 hands (190 of them in four files fpdb keeps among
    its "unsupported sites")."""
    assert statuses(outcomes("entraction")) == Counter(match=205)
