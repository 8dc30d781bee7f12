"""The Winning Poker Network readers (splitpot.sites.wpn: the old "Game started at:" format,
UTF-16 as its client saved it, and the new "Hand #" one) against the site's own results.

Our own hands (tests/data/sites/wpn-old-own.txt, UTF-16, and wpn-new-own.txt; numbers worked
by hand below) and the real files of ../shared/data/site-histories-3/wpn (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from sites3 import outcomes, statuses
from splitpot import phh
from splitpot.sites import SiteError, UnsupportedHand, read_file, read_text, sniff, wpn
from splitpot.sites.errors import DamagedHand

DATA = Path(__file__).parent / "data" / "sites"
OLD = DATA / "wpn-old-own.txt"
NEW = DATA / "wpn-new-own.txt"


def hands(path: Path) -> list[phh.HandHistory | SiteError]:
    return list(read_file(path))


def old_text() -> str:
    return OLD.read_bytes().decode("utf-16")


def test_an_old_utf16_hand_reads_its_dead_blind_and_the_summarys_collections() -> None:
    """Ann posts a dead 0.10 and a live 0.25, raises by 0.75 (to 1.00), and calls Dee's
    all-in: the pot is 0.10 (Cy) + 10.10 (Ann) + 10 (Dee) = 20.20; the summary pays Ann
    19.40, so 0.80 was taken (the stated rake, 0.60, leaves out the jackpot fee)."""
    [hand] = hands(OLD)
    assert isinstance(hand, phh.HandHistory)
    assert hand.variant == "NT" and "limit not stated" in hand.user_fields["_site_game"]
    assert hand.players == ["Cy", "Dee", "Ann", "Bob"]
    assert hand.actions[4:8] == ["p3 cbr 100", "p4 f", "p1 f", "p2 cc"]
    assert hand.actions[10:13] == ["p3 cbr 150", "p2 cbr 900", "p3 cc"]
    assert hand.user_fields["_splitpot_dead_blinds"] == [0, 0, 10, 0]
    assert hand.winnings == [0, 0, 1940, 0]
    assert hand.finishing_stacks == [2490, 0, 2930, 3050]
    assert hand.user_fields["_site_rake"] == 80
    assert phh.check(hand).status == "match"


def test_the_old_summarys_bets_must_be_what_the_play_put_in() -> None:
    wrong = old_text().replace("Bets: 10.10. Collects: 19.40", "Bets: 10.20. Collects: 19.40")
    [damaged] = read_text(wrong)
    assert isinstance(damaged, DamagedHand) and "Ann bet 1020" in damaged.reason
    lowered = old_text().replace("Collects: 19.40. Wins: 9.30", "Collects: 15. Wins: 4.90")
    [damaged] = read_text(lowered.replace("Pot: 19.40", "Pot: 15"))
    assert isinstance(damaged, DamagedHand) and "more than the 15 %" in damaged.reason


def test_an_old_summary_line_of_a_player_not_seated_who_put_in_nothing_changes_nothing() -> None:
    # Tournament hand 1356882665: "Player bagunga1 does not show cards. Bets: 0. Collects:
    # 0. Loses: 0.", a name no seat line gives (a player moved off the table): nothing of
    # his is in the pot. One who bet or collected is the summary contradicting the play.
    gone = "Player Eve does not show cards. Bets: 0. Collects: 0. Loses: 0.\n"
    text = old_text().replace("Game ended at:", gone + "Game ended at:")
    [hand] = read_text(text)
    assert isinstance(hand, phh.HandHistory) and phh.check(hand).status == "match"
    assert hand.players is not None and "Eve" not in hand.players
    [damaged] = read_text(text.replace("Eve does not show cards. Bets: 0.", "Eve shows. Bets: 1."))
    assert isinstance(damaged, DamagedHand) and "not seated" in damaged.reason


def test_old_cap_tables_play_to_the_cap_a_player_reaches() -> None:
    # docs/rules/poker.md §3 DECISION; WPN writes no cap: where no one reaches it, the hand
    # plays uncapped (every bet was within it); "allin" with chips left is reaching it.
    cap = old_text().replace("Ourtable   (JP) - 6", "Bahamut (Cap) - 5")
    [hand] = read_text(cap)
    assert isinstance(hand, phh.HandHistory) and "_splitpot_cap" not in hand.user_fields
    assert phh.check(hand).status == "match"
    # Ann calls Dee's all-in of 10 (his whole stack) as "allin (7.50)": with 20, she is at
    # 10.10 (her dead 0.10 in it) with chips left, so the cap is 10.10.
    capped = cap.replace("Player Ann calls (", "Player Ann allin (")
    [hand] = read_text(capped)
    assert isinstance(hand, phh.HandHistory) and hand.user_fields["_splitpot_cap"] == 1010
    assert phh.check(hand).status == "match"


def test_old_short_deck_is_refused_naming_the_game() -> None:
    six = old_text().replace("(Hold'em)", "(Six Plus Hold'em)")
    [refused] = read_text(six)
    assert isinstance(refused, UnsupportedHand) and "short deck" in refused.reason


def test_the_new_format_takes_the_rake_and_jackpot_fee_from_the_pot() -> None:
    """Pot 35 (Bob 1, Ann and Cy 17 each); Cy's river bet comes back; the summary's
    "Total pot $33.50" is after the rake $1.40 and the jackpot fee $0.10."""
    first, walk = hands(NEW)
    assert isinstance(first, phh.HandHistory) and isinstance(walk, phh.HandHistory)
    assert first.variant == "PO/8" and first.winnings == [0, 3350, 0]
    assert first.finishing_stacks == [4900, 9650, 8300]
    assert first.user_fields["_site_rake"] == 150
    assert phh.check(first).status == "match"
    # A walk: the big blind "won $3.00", his own unmatched dollar with it.
    assert walk.winnings == [0, 200, 0] and walk.finishing_stacks == [9550, 8400, 4900]
    assert phh.check(walk).status == "match"


def test_a_new_hand_whose_fees_do_not_add_up_is_damaged() -> None:
    text = NEW.read_text(encoding="utf-8").replace("Rake $1.40 | JP Fee $0.10", "Rake $1.40")
    first = next(iter(read_text(text)))
    assert isinstance(first, DamagedHand) and "takes 140 from the pot, the play 150" in first.reason


def test_sniffing_finds_both_formats() -> None:
    assert sniff(old_text()) is wpn.OLD_READER
    assert sniff(NEW.read_text(encoding="utf-8")) is wpn.NEW_READER


def test_every_wpn_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/wpn: 159 hands, 138 of the old format (most of them UTF-16). Every
    hand of a game splitpot plays whose text is whole replays to the site's result."""
    found = outcomes("wpn")
    counts = statuses(found)
    # The 10 hands of Cap tables (docs/rules/poker.md §3): 9 match; in 266888759 the site
    # pays out 1.04 and a rake of 0.06 of a pot of 1.35, the file's own damage.
    assert counts == Counter(match=151, unsupported=2, damaged=6)
    details = " ".join(o.detail for o in found if o.status != "match")
    assert "Six Plus Hold'em" in details  # the board run twice is read (test_sites_runs.py)
    assert "called off: one player was dealt in" in details
    # The files' own damage (docs/sites.md): players who act with no name a seat gives (the
    # "unknown player" files: an empty name, dealt no card), a flop line with no cards
    # before the deal, a hand cut at the end of its file.
    assert details.count("not seated") == 3 and "cut off" in details
    assert "the flop has 0 new cards" in details
