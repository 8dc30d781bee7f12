"""The 888poker reader (splitpot.sites.pacific) against the site's own results.

Our own hands (tests/data/sites/888-own.txt, numbers worked by hand below) and the real
files of ../shared/data/site-histories-3/888poker (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from sites3 import outcomes, statuses
from splitpot import phh
from splitpot.sites import SiteError, UnsupportedHand, pacific, read_file, read_text, sniff
from splitpot.sites.errors import DamagedHand

OWN = Path(__file__).parent / "data" / "sites" / "888-own.txt"


def own() -> list[phh.HandHistory | SiteError]:
    return list(read_file(OWN))


def test_a_euro_hand_with_decimal_commas_reconciles_its_rake() -> None:
    """Pot: Bob's 5 + Cy's 70 + Ann's 70 called (her last 100 came back) = 145 cents; Ann
    collected 138, so 7 was raked (4.8 %)."""
    first = own()[0]
    assert isinstance(first, phh.HandHistory)
    assert first.players == ["Bob", "Cy", "Dee", "Ann"]
    assert first.starting_stacks == [1250, 123456, 500, 1000]
    assert first.actions[4:9] == ["p3 f", "p4 cbr 30", "p1 f", "p2 cc", "d db Ks7d2c"]
    assert first.winnings == [0, 0, 0, 138]
    assert first.finishing_stacks == [1245, 123386, 500, 1068]
    assert first.user_fields["_site_rake"] == 7
    assert first.currency == "EUR"
    assert phh.check(first).status == "match"


def test_an_old_walk_counts_the_big_blinds_own_chips_in_what_he_collected() -> None:
    """Cassava, 2012: antes 60, blinds 100 and 200, a walk: Ann "collected $360", all of it,
    her own unmatched 100 included (the other reading pays out 100 more than the pot). A
    tournament's dollars are chips."""
    walk = own()[1]
    assert isinstance(walk, phh.HandHistory)
    assert walk.user_fields["_site_unit"] == "1" and walk.event == "Tournament #36216773"
    assert walk.winnings == [0, 260, 0]  # Cy, Ann, Bob
    assert walk.finishing_stacks == [3130, 1640, 1980]
    assert walk.user_fields["_site_rake"] == 0
    assert phh.check(walk).status == "match"


def test_fixed_limit_takes_its_big_bet_from_the_turn_and_reads_swedish_cards() -> None:
    """$0.06/$0.12 blinds play bets of 12 and 25 cents; "Knc" and "Dh" are a jack and a queen
    (Swedish); Ann mucks (not all-in): her two pair loses to Bob's full house anyway. Pot 98,
    Bob collects 94: rake 4."""
    hand = own()[2]
    assert isinstance(hand, phh.HandHistory)
    assert hand.variant == "FT" and (hand.small_bet, hand.big_bet) == (12, 25)
    assert hand.players == ["Bob", "Ann"]  # heads-up: the button is the small blind
    assert hand.actions[:2] == ["d dh p1 Kh7h", "d dh p2 JcQh"]
    assert hand.finishing_stacks == [170, 431]
    assert phh.check(hand).status == "match"


def test_a_hand_called_off_before_the_deal_is_refused_naming_why() -> None:
    called_off = own()[3]
    assert isinstance(called_off, UnsupportedHand)
    assert called_off.hand_id == "414000004" and "called off" in called_off.reason


def test_a_lowered_win_is_damaged_not_booked_as_rake() -> None:
    """888 states no rake: it is what the pot kept, at most 15 % of a cash pot and nothing
    in a tournament (reliability review H1)."""
    text = OWN.read_text(encoding="utf-8")
    cash = next(iter(read_text(text.replace("[ 1,38 € ]", "[ 1,00 € ]"))))
    assert isinstance(cash, DamagedHand) and "45 kept is more than the 15 %" in cash.reason
    tournament = list(read_text(text.replace("[ $360 ]", "[ $250 ]")))[1]
    assert isinstance(tournament, DamagedHand) and "takes no rake" in tournament.reason
    raised = list(read_text(text.replace("[ $0.94 ]", "[ $0.99 ]")))[2]
    assert isinstance(raised, DamagedHand) and "more than the pot" in raised.reason


def test_a_wrong_winner_is_a_mismatch() -> None:
    text = OWN.read_text(encoding="utf-8").replace(
        "Bob collected [ $0.94 ]", "Ann collected [ $0.94 ]"
    )
    hand = list(read_text(text))[2]
    assert isinstance(hand, phh.HandHistory) and phh.check(hand).status == "mismatch"


def test_an_amount_with_stray_text_is_an_error_not_a_smaller_number() -> None:
    text = OWN.read_text(encoding="utf-8").replace("( $1,500 )", "( $1x500 )")
    broken = list(read_text(text))[1]
    assert isinstance(broken, SiteError) and "not an amount" in broken.reason


def test_sniffing_finds_888_and_its_skins() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is pacific.READER
    for brand in ("888.ro", "888.ca-on", "888poker Snap Poker", "888.ro BLAST", "Cassava"):
        assert sniff(f"***** {brand} Hand History for Game 7 *****\n") is pacific.READER


def test_every_888_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/888poker: 277 hands of 888's format (and three of partypoker's,
    which its reader reads). Every hand of a game splitpot plays whose text is whole
    replays to the site's result (two raise over all-ins no one can match: issue 26 C4,
    docs/rules/poker.md §3); those not replayed say why."""
    found = outcomes("888poker", pacific.NAME)
    counts = statuses(found)
    assert counts == Counter(match=271, damaged=2, unsupported=4)
    # The site's own summaries contradict its play: a hi/lo tournament pot paid 308 of 808
    # (the file's name says "bad.pot"), a split pot whose other half is not written.
    damaged = " ".join(o.detail for o in found if o.status == "damaged")
    assert "308 of a pot of 808" in damaged and "24 of a pot of 52" in damaged
    refused = [o.detail for o in found if o.status == "unsupported"]
    assert sum("called off before the cards were dealt" in r for r in refused) == 3
    assert sum("a BLAST all-in hand" in r for r in refused) == 1


def test_cards_in_the_clients_languages_replay() -> None:
    found = outcomes("888poker", pacific.NAME)
    for name in ("russian.cards", "dutch", "Swedish", "non.english"):
        mine = [o for o in found if name in o.source]
        assert mine and all(o.status == "match" for o in mine), name
