"""The Merge Gaming reader (splitpot.sites.merge) against the site's own results.

Our own hands (tests/data/sites/merge-own.xml, numbers worked by hand below) and the real
files of ../shared/data/site-histories-3/merge (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from sites3 import outcomes, statuses
from splitpot import phh
from splitpot.sites import SiteError, merge, read_file, read_text, sniff
from splitpot.sites.builder import Game, HandBuilder
from splitpot.sites.errors import DamagedHand, UnsupportedHand
from splitpot.sites.money import CHIP

OWN = Path(__file__).parent / "data" / "sites" / "merge-own.xml"


def own() -> list[object]:
    return list(read_file(OWN))


def test_a_cash_hand_whose_events_name_seats_and_whose_board_comes_after_them() -> None:
    """Seats from 0 (Ann 0 on the button, Bob 1, Cy 2; Dee, not dealt in, is left out).
    Ann raises to 1.50, Cy calls 1.00 (what it adds); the flop, written after its round's
    events, is dealt before them: Ann bets 2.00, Cy raises to 6.00, Ann is all-in for
    16.50 more (street total 18.50), Cy calls 12.50. Pot 0.25 + 20 + 20 = 40.25; Cy's three
    sevens win 39.25, so the rake (stated nowhere) is 1.00."""
    hand = own()[0]
    assert isinstance(hand, phh.HandHistory)
    assert hand.players == ["Bob", "Cy", "Ann"]
    flop = ["d db Ks7d2c", "p2 cc", "p3 cbr 200", "p2 cbr 600", "p3 cbr 1850", "p2 cc"]
    assert hand.actions[6:12] == flop
    assert hand.finishing_stacks == [1475, 4925, 0]
    assert hand.user_fields["_site_rake"] == 100
    assert phh.check(hand).status == "match"


def test_a_tournament_balance_is_after_the_forced_bets_and_the_uncalled_bet_comes_back() -> None:
    """The file's second description makes the next game a tournament's. Balances 1440,
    1890, 990 are after the antes (10) and blinds (50, 100): stacks 1500, 2000, 1000. Flo
    raises to 300 and both fold: 200 comes back (``uncalled="true"``), and she wins the
    pot of 280: 1000 - 10 - 300 + 200 + 280 = 1170."""
    hand = own()[1]
    assert isinstance(hand, phh.HandHistory)
    assert hand.starting_stacks == [1500, 2000, 1000]
    assert hand.finishing_stacks == [1440, 1890, 1170]
    assert hand.user_fields["_site_tournament"] is True
    assert phh.check(hand).status == "match"


def test_badugi_is_refused_by_name() -> None:
    refused = own()[2]
    assert isinstance(refused, UnsupportedHand) and "Badugi" in refused.reason


def test_a_lowered_win_is_damaged_not_rake() -> None:
    """Cy's 39.25 lowered to 29.25 would leave 11.00 of a 40.25 pot as rake: more than any
    site takes (sites/payout.py)."""
    text = OWN.read_text(encoding="utf-8").replace('amount="39.25"', 'amount="29.25"')
    damaged = next(iter(read_text(text)))
    assert isinstance(damaged, DamagedHand) and "more than the" in damaged.reason


def test_a_hand_cut_off_is_damaged() -> None:
    text = OWN.read_text(encoding="utf-8")
    [cut] = read_text(text[: text.index('<round id="POSTRIVER"')])
    assert isinstance(cut, DamagedHand) and "cut off" in cut.reason


def test_sniffing_finds_merge() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is merge.READER


def test_every_merge_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/merge: 85 hands. 8 refused with the reason (draw games by name, a
    hand called off, two stud tournament hands whose stakes nothing shows); 3 damaged files
    (one cut off, two whose players contradict the play) and 2 whose lines the site lost
    (a big blind's check while he was disconnected, a player acting after folding); no
    mismatch and no error."""
    found = outcomes("merge")
    assert statuses(found) == Counter(match=72, unsupported=8, damaged=5)
    lost = [o.detail for o in found if "lines missing" in o.detail]
    assert len(lost) == 2
    assert any("POSTFLOP is dealt before Hero acts" in d for d in lost)
    assert any("Player5 acts (CALL) after folding" in d for d in lost)


def test_a_board_dealt_before_the_big_blind_acts_is_lines_missing() -> None:
    """Cy's preflop call lost: the flop comes while the betting waits for him (he has 0.50
    in against Ann's 1.50), damaged at the flop's round, not an engine error."""
    text = OWN.read_text(encoding="utf-8")
    text = text.replace('<event sequence="5" type="CALL" player="2" amount="1.00"/>', "")
    damaged = next(iter(read_text(text)))
    assert isinstance(damaged, DamagedHand)
    assert "POSTFLOP is dealt before Cy acts" in damaged.reason and damaged.line == 19


def test_a_player_acting_after_folding_is_lines_missing() -> None:
    text = OWN.read_text(encoding="utf-8")
    text = text.replace('<event sequence="6" type="CHECK" player="2"/>', "").replace(
        '<event sequence="7" type="BET" player="0"', '<event sequence="7" type="BET" player="1"'
    )
    damaged = next(iter(read_text(text)))
    assert isinstance(damaged, DamagedHand)
    assert "Bob acts (BET) after folding" in damaged.reason and damaged.line == 21


@settings(max_examples=150, deadline=None)
@given(
    cut=st.integers(0, 10**6),
    flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 7)), max_size=8),
)
def test_a_damaged_file_gives_histories_or_site_errors(
    cut: int, flips: list[tuple[int, int]]
) -> None:
    """Our file cut anywhere and with bits flipped: every item is a history that replays (any
    status) or a SiteError naming why, never another exception."""
    data = bytearray(OWN.read_bytes())
    data = data[: cut % (len(data) + 1)]
    for at, bit in flips:
        if data:
            data[at % len(data)] ^= 1 << bit
    for item in read_text(bytes(data).decode("utf-8", "replace")):
        assert isinstance(item, phh.HandHistory | SiteError), type(item)
        if isinstance(item, phh.HandHistory):
            phh.check(item)


def test_a_small_blind_all_in_written_as_nothing_is_read_from_the_payout() -> None:
    """Dan's balance is 0.00 and his small blind "ALL_IN 0.00" (the 2011 client). The site
    pays 150 + 120 = 270 where the play puts in 230 (antes 30, Eve's and Flo's 100): his
    blind was 40, and his stack 50. Main pot 3 x 10 + 3 x 40 = 150 to his aces; the side pot
    of 2 x 60 = 120 to Eve's kings over Flo's queens."""
    hand = own()[3]
    assert isinstance(hand, phh.HandHistory)
    assert hand.starting_stacks == [50, 2000, 1000]
    assert hand.blinds_or_straddles == [40, 100, 0]
    assert hand.finishing_stacks == [150, 2010, 890]
    assert phh.check(hand).status == "match"


def test_a_stud_hands_table_rules_reach_its_structure() -> None:
    """Merge's fixed-limit tables play the half bet rule (§3), stud's too: the builder writes
    a stud hand's table rules into ``_splitpot_structure`` with stud's own bets and bring-in
    (it did so for games with blinds only)."""
    b = HandBuilder(merge.NAME, None, CHIP)
    b.game = Game("7S", "F", 100, 200)
    b.rules["half_bet_rule"] = True
    b.seat(1, "Ann", 1000)
    b.seat(2, "Bob", 1000)
    for name, cards in (("Ann", [None, None, "Kc"]), ("Bob", ["3s", "9d", "2d"])):
        b.ante(name, 10)
        b.hole(name, list(cards))
    b.bring_in("Bob", 25)
    b.fold("Ann")
    b.collect("Bob", 45)
    hand = b.build()
    assert hand.user_fields["_splitpot_structure"] == {
        "kind": "fixed_limit", "small_bet": 100, "big_bet": 200, "bring_in": 25,
        "half_bet_rule": True,
    }  # fmt: skip
    assert phh.check(hand).status == "match"
