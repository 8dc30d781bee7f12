"""The Bovada reader (splitpot.sites.bovada: Bovada, Ignition, Bodog) against the site's own
results.

Our own hands (tests/data/sites/bovada-own.txt, numbers worked by hand below) and the real
files of ../shared/data/site-histories-3/bovada (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from sites3 import outcomes, statuses
from splitpot import phh
from splitpot.sites import UnsupportedHand, bovada, read_file, read_text, sniff
from splitpot.sites.errors import DamagedHand

OWN = Path(__file__).parent / "data" / "sites" / "bovada-own.txt"


def own(k: int) -> phh.HandHistory:
    hand = list(read_file(OWN))[k]
    assert isinstance(hand, phh.HandHistory), hand
    return hand


def test_ignitions_anonymous_seats_are_read_in_the_order_written() -> None:
    """Seats 7, 2, 9, 4 are UTG, Dealer, Small Blind, Big Blind: the table's order, numbered
    1 to 4. The Dealer's raise written twice is one raise. Pot: antes 40, the small blind's
    50, UTG's 250, and 1,190 each from the big blind (all-in) and the Dealer: 2,720."""
    hand = own(0)
    assert hand.players == ["Small Blind", "Big Blind", "UTG", "Dealer"]
    assert hand.seats == [3, 4, 1, 2]
    assert hand.actions[4:10] == [
        "p3 cbr 250",
        "p4 cbr 600",
        "p1 f",
        "p2 cbr 1190",
        "p3 f",
        "p4 cc",
    ]
    assert hand.winnings == [0, 0, 0, 2720]
    assert hand.finishing_stacks == [3940, 0, 2740, 4020]
    assert hand.user_fields["_site_rake"] == 0 and hand.event == "Tournament #41000001"
    assert phh.check(hand).status == "match"


def test_the_old_fixed_limit_format_raises_to_its_amount_and_deals_the_table() -> None:
    """ "Raises $4" raises to $4; "Card dealt to table" is the board. Pot $28 (12 preflop,
    8 on the flop, 8 on the turn; the river bet comes back), rake $1."""
    hand = own(1)
    assert hand.players == ["Small Blind", "Big Blind", "Dealer"]  # UTG sits out
    assert (hand.small_bet, hand.big_bet) == (200, 400)
    assert hand.actions[4] == "p1 cbr 400" and "d db Js7c2d" in hand.actions
    assert hand.finishing_stacks == [11500, 4600, 6800]
    assert hand.user_fields["_site_rake"] == 100
    assert phh.check(hand).status == "match"


def test_a_board_written_only_in_the_summary_is_dealt_when_each_round_ends() -> None:
    """The big blind checks preflop and again first on the flop (two equal lines, both
    read: the round ended between them)."""
    hand = own(2)
    assert hand.actions[4:13] == [
        "p3 cc",
        "p4 f",
        "p1 f",
        "p2 cc",
        "d db Ah9c2d",
        "p2 cc",
        "p3 cbr 500",
        "p2 cc",
        "d db 6c",
    ]
    assert hand.finishing_stacks == [19900, 29300, 25750, 40000]
    assert phh.check(hand).status == "match"


def test_a_result_that_does_not_add_up_is_damaged() -> None:
    text = OWN.read_text(encoding="utf-8")
    lowered = list(read_text(text.replace("Hand result $27 ", "Hand result $25 ")))[1]
    assert isinstance(lowered, DamagedHand) and "pays out 2500 and rakes 100" in lowered.reason
    # The newer format states no rake: what the pot kept, at most 15 %.
    unstated = text.replace("Total Pot($28) | Rake ($1) ", "Total Pot($28)")
    hand = list(read_text(unstated))[1]
    assert isinstance(hand, phh.HandHistory) and hand.user_fields["_site_rake"] == 100
    raked = unstated.replace("Hand result $27 ", "Hand result $23 ")
    damaged = list(read_text(raked))[1]
    assert isinstance(damaged, DamagedHand) and "more than the 15 %" in damaged.reason
    cut = text[: text.index("Total Pot(2720)")]
    first = next(iter(read_text(cut)))
    assert isinstance(first, DamagedHand) and "cut off" in first.reason


def test_a_wrong_winner_is_a_mismatch() -> None:
    text = OWN.read_text(encoding="utf-8").replace(
        "Dealer  [ME] : Hand Result 2720", "Big Blind : Hand Result 2720"
    )
    hand = next(iter(read_text(text)))
    assert isinstance(hand, phh.HandHistory) and phh.check(hand).status == "mismatch"


def test_sniffing_finds_bovada_ignition_and_bodog() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is bovada.READER
    for brand in ("Bovada", "Ignition", "Bodog UK", "Bodog.eu", "Bodog.com"):
        assert sniff(f"{brand} Hand #7 TBL#1 HOLDEM No Limit - 2012-01-01 00:00:00\n") is (
            bovada.READER
        )


def test_every_bovada_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/bovada: 1,315 hands (the count of headers, one glued into the line
    before it). None is a mismatch: raises no one left can match (issue 26 C4) and a dead
    small blind that goes to the pot's winner (C1, hand 2601409940) replay as the site."""
    found = outcomes("bovada")
    counts = statuses(found)
    assert counts == Counter(match=1310, damaged=4, unsupported=2)
    assert counts["match"] / 1315 >= 0.99
    # The files' own damage: a summary of another hand, a hand cut at its summary, another
    # hand's seats run on after a summary, a hand cut by the next one's header.
    damaged = " ".join(o.detail for o in found if o.status == "damaged")
    assert "total pot is 5750" in damaged and "seat runs on" in damaged
    assert damaged.count("cut off") == 2
    refused = sorted(o.detail for o in found if o.status == "unsupported")
    assert "big blind is not posted in full" in refused[0]
    assert "raises from the completed bet" in refused[1]


_SHORT = """Bovada Hand #2500000009 TBL#1 HOLDEM  Fixed Limit - 2012-04-03 16:25:23
Seat 1: Small Blind ($100 in chips)
Seat 2: Big Blind ($3 in chips)
Seat 6: Dealer ($80 in chips)
Dealer : Set dealer/Bring in spot [6]
Small Blind : Ante/Small Blind $1
Big Blind : Big blind/Bring in $2
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [Ad Jd]
Big Blind : Card dealt to a spot [6c 5h]
Dealer : Card dealt to a spot [Kh Ts]
Dealer : Calls $2
Small Blind : Calls $1
Big Blind : Checks
Card dealt to table [Js 7c 2d]
Small Blind : Checks
Big Blind : All-in $1
Dealer : Raises $4
Small Blind : Folds
Dealer : Return uncalled portion of bet $3
Card dealt to table [Qh]
Card dealt to table [3s]
Big Blind : Showdown [Qh Js 7c 6c 5h] (High Card)
Dealer : Showdown [Kh Qh Js Ts 7c] (High Card)
Dealer : Hand result $8
*** SUMMARY ***
Total Pot($8) | Rake ($0)
"""


def test_a_raise_from_the_completed_bet_is_refused_naming_the_rule() -> None:
    """Over an all-in of $1 where the bet is $2, Bovada lets the Dealer raise to $4 (the
    completed bet and a raise); splitpot raises to $3 (docs/rules/poker.md §3)."""
    (refused,) = read_text(_SHORT)
    assert isinstance(refused, UnsupportedHand) and "from the completed bet" in refused.reason
    completed = _SHORT.replace("Raises $4", "Raises $2").replace("of bet $3", "of bet $1")
    (hand,) = read_text(completed)  # completing the bet is splitpot's rule too
    assert isinstance(hand, phh.HandHistory) and phh.check(hand).status == "match"
