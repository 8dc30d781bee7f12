"""The Boss Media reader (splitpot.sites.boss) against the site's own results.

Our own hands (tests/data/sites/boss-own.xml, numbers worked by hand below) and the real
files of ../shared/data/site-histories-3/boss (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from sites3 import outcomes, statuses
from splitpot import phh
from splitpot.sites import SiteError, boss, read_file, read_text, sniff
from splitpot.sites.errors import DamagedHand, UnsupportedHand

OWN = Path(__file__).parent / "data" / "sites" / "boss-own.xml"


def own() -> list[object]:
    return list(read_file(OWN))


def test_cards_are_numbered_from_the_ace_in_diamonds_clubs_hearts_spades() -> None:
    assert [boss.card(n) for n in ("0", "12", "14", "33", "48", "51", "b")] == [
        "Ad", "Kd", "2c", "8h", "Ts", "Ks", None,
    ]  # fmt: skip
    assert boss.card("52") == "" and boss.card("x") == ""


def test_a_cash_hand_with_a_raise_all_in_called_and_the_rake() -> None:
    """Ann (button, 10.00) raises to 0.30, Cy (big blind) calls 0.30 (written as his total);
    0.40 bet and called on the flop; on the turn Ann bets 1.00 and Cy is all-in to 7.30,
    which Ann calls ("7.30": her total on the street). Pot 0.05 + 8.00 + 8.00 = 16.05; Cy's
    three tens beat Ann's kings: he wins 15.25, the rake is 0.80."""
    hand = own()[0]
    assert isinstance(hand, phh.HandHistory)
    assert hand.players == ["Bob", "Cy", "Ann"]
    assert hand.actions[11:15] == ["p2 cc", "p3 cbr 100", "p2 cbr 730", "p3 cc"]
    assert hand.finishing_stacks == [495, 1525, 200]
    assert hand.user_fields["_site_rake"] == 80
    assert phh.check(hand).status == "match"


def test_unwritten_tournament_antes_are_read_from_the_sites_pot() -> None:
    """No ante is written, but the site's pot of 575 is 75 over what the actions put in
    (blinds 100 + 200, Ann's raise to 600 of which 400 goes back): an ante of 25 from each
    of the three, whose written stacks are after it. Ann: 3000 - 25 - 200 net + 575 = 3350."""
    hand = own()[1]
    assert isinstance(hand, phh.HandHistory)
    assert hand.antes == [25, 25, 25]
    assert hand.starting_stacks == [2000, 5000, 3000]
    assert hand.finishing_stacks == [1875, 4775, 3350]
    assert phh.check(hand).status == "match"


def test_five_card_draw_is_refused_by_name() -> None:
    refused = own()[2]
    assert isinstance(refused, UnsupportedHand) and "Five-card draw" in refused.reason


def test_a_lowered_win_is_damaged() -> None:
    text = OWN.read_text(encoding="utf-8").replace('WIN="15.25"', 'WIN="14.25"')
    damaged = next(iter(read_text(text)))
    assert isinstance(damaged, DamagedHand) and "total pot is 1605" in damaged.reason


def test_a_hand_cut_off_is_damaged() -> None:
    text = OWN.read_text(encoding="utf-8")
    [cut] = read_text(text[: text.index('<ACTION TYPE="HAND_BOARD" VALUE="BOARD_TURN"')])
    assert isinstance(cut, DamagedHand) and "cut off" in cut.reason


def test_sniffing_finds_boss() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is boss.READER


_NEWCOMER = """<HISTORY ID="1009" SESSION="s.xml" TABLE="T" GAME="GAME_THM" \
GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="USD" LIMIT="NL" STAKES="0.05/0.10" DATE="1300000000">
<PLAYER NAME="Ann" SEAT="1" AMOUNT="10.00" DEALER="Y"></PLAYER>
<PLAYER NAME="Dee" SEAT="2" AMOUNT="5.00"></PLAYER>
<PLAYER NAME="Bob" SEAT="3" AMOUNT="5.00"></PLAYER>
<PLAYER NAME="Cy" SEAT="4" AMOUNT="8.00"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="Bob" KIND="HAND_SB" VALUE="0.05"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Dee" KIND="HAND_BB" VALUE="0.10"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Cy" KIND="HAND_BB" VALUE="0.10"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Ann"></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Dee"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Bob" VALUE="0.10"></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Cy"></ACTION>
<ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP"><CARD LINK="0"></CARD><CARD LINK="14"></CARD>\
<CARD LINK="33"></CARD></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Dee"></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Bob"></ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="Cy" VALUE="0.20"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Dee"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Bob"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="0.30" RAKE="0.00">
<RESULT PLAYER="Ann" WIN="0.00"></RESULT><RESULT PLAYER="Dee" WIN="0.00"></RESULT>
<RESULT PLAYER="Bob" WIN="0.00"></RESULT><RESULT PLAYER="Cy" WIN="0.30"></RESULT>
</SHOWDOWN></HISTORY>
"""


def test_a_big_blind_posted_between_the_button_and_the_small_blind_is_out_of_turn() -> None:
    """docs/rules/poker.md §4.1 DECISION, as Boss hand 2022113533 plays it: Dee, new in
    seat 2 between the button (Ann, 1) and the small blind (Bob, 3), posts 0.10 live; the
    big blind is Cy, left of the small blind, so Ann acts first preflop and Cy last, and on
    the flop Dee first. Cy's 0.20 comes back; he wins the 0.30 of the blinds."""
    [hand] = read_text(_NEWCOMER)
    assert isinstance(hand, phh.HandHistory)
    assert hand.players == ["Dee", "Bob", "Cy", "Ann"]
    assert hand.blinds_or_straddles == [10, 5, 10, 0]
    assert hand.finishing_stacks == [490, 490, 820, 1000]
    assert phh.check(hand).status == "match"


def test_every_boss_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/boss: 129 hands. 14 of five-card draw, refused by name; 6 damaged
    (one file cut off, five hands of the 2011 CAD tournament whose pot or stacks contradict
    their actions). Hand 2022113533 plays a big blind posted between the button and the
    small blind (§4.1), and matches."""
    found = outcomes("boss")
    assert statuses(found) == Counter(match=109, unsupported=14, damaged=6)
    assert all("Five-card draw" in o.detail for o in found if o.status == "unsupported")


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


def test_a_card_of_five_thousand_digits_is_an_error_naming_it() -> None:
    """(Found by fuzzing: ``int()`` refuses a number that long; the reader checks the length
    first.)"""
    text = OWN.read_text(encoding="utf-8").replace('LINK="12"', 'LINK="' + "7" * 5000 + '"', 1)
    refused = next(iter(read_text(text)))
    assert type(refused) is SiteError and "not a card" in refused.reason
