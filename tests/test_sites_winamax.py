"""The Winamax reader (splitpot.sites.winamax) against Winamax's own files and small hands of
our own: every hand of a game splitpot plays replays to the site's stated collections and
rake, the others are unsupported with their reason, a broken hand is an error naming its
line, and the uncalled bets Winamax folds into its collections come back as returns."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest
from splitpot import phh
from splitpot.sites import SiteError, UnsupportedHand, read_file, read_text, sniff, winamax

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "site-histories"


def _outcomes(folder: Path) -> collections.Counter[str]:
    counts: collections.Counter[str] = collections.Counter()
    for f in sorted(folder.glob("*.txt")):
        for h in read_file(f):
            if isinstance(h, UnsupportedHand):
                counts["unsupported: " + h.reason] += 1
            elif isinstance(h, SiteError):
                counts["read error: " + h.reason] += 1
            else:
                assert h.user_fields["_site"] == "Winamax"
                counts[phh.check(h).status] += 1
    return counts


# Pinned per folder: a regression in the reader or the engine changes a count.
_EXPECTED = {
    "fl-holdem": {"match": 1},
    "nlhe": {"match": 2},
    "omaha-hilo": {"match": 1},
    "plo": {"match": 60},  # a raise over an all-in no one can match (§3) among them
    "razz": {"match": 1},
    "stud": {"match": 1},
    "stud-hilo": {"match": 1},
}


@pytest.mark.parametrize("folder", sorted(_EXPECTED))
def test_every_corpus_hand_replays_to_the_sites_result_or_is_unsupported(folder: str) -> None:
    path = CORPUS / "winamax" / folder
    if not path.is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    assert dict(_outcomes(path)) == _EXPECTED[folder]


def test_the_corpus_games_are_read_as_their_variants() -> None:
    if not (CORPUS / "winamax").is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    variants = collections.Counter(
        h.variant
        for f in sorted((CORPUS / "winamax").glob("*/*.txt"))
        for h in read_file(f)
        if isinstance(h, phh.HandHistory)
    )
    assert variants == {"PO": 60, "NT": 2, "FT": 1, "PO/8": 1, "F7S": 1, "F7S/8": 1, "FR": 1}


_CASH = """\
Winamax Poker - CashGame - HandId: #1000-1-1700000000 - Holdem no limit (0.50€/1€) - \
2023/11/14 22:13:20 UTC
Table: 'Test' 6-max (real money) Seat #1 is the button
Seat 1: Ann (100€)
Seat 2: Bob (80.50€)
Seat 3: Cat (50€)
Seat 4: Dan (0€)
Seat 5: Eve (60€)
*** ANTE/BLINDS ***
Gus deny BB 0€
Bob posts small blind 0.50€
Cat posts big blind 1€
Eve posts big blind 1€ out of position
Dealt to Ann [Ah Kd]
*** PRE-FLOP ***
Eve checks
Ann raises 2€ to 3€
Bob folds
Cat calls 2€
Eve folds
*** FLOP *** [2c 7d 9s]
Cat checks
Ann bets 4.25€
Cat folds
Ann collected 11.40€ from pot
*** SUMMARY ***
Total pot 11.40€ | Rake 0.35€
Board: [2c 7d 9s]
Seat 1: Ann (button) won 11.40€
Seat 2: Bob (small blind) folded on the pre-flop
Seat 3: Cat (big blind) folded on the flop
Seat 5: Eve folded on the pre-flop
"""


def test_euro_amounts_an_out_of_turn_blind_and_the_uncalled_bet_in_the_collection() -> None:
    (h,) = read_text(_CASH, "cash.txt")
    assert isinstance(h, phh.HandHistory)
    assert h.players == ["Bob", "Cat", "Eve", "Ann"]  # Dan has no chips: not dealt in
    assert h.starting_stacks == [8050, 5000, 6000, 10000]  # "80.50€": cents, exactly
    assert (h.currency, h.currency_symbol) == ("EUR", "€")
    # Eve's big blind out of position is a live blind (docs/rules/poker.md §4.1).
    assert h.blinds_or_straddles == [50, 100, 100, 0]
    assert h.user_fields["_splitpot_structure"]["big_blind"] == 100
    # Winamax's 11.40 collected holds Ann's uncalled 4.25: she won 7.15 from the pot.
    assert h.winnings == [0, 0, 0, 715]
    assert h.finishing_stacks == [8000, 4700, 5900, 10415]
    assert h.user_fields["_site_rake"] == 35
    assert phh.check(h).status == "match"


def test_a_broken_hand_names_its_file_hand_and_line_and_the_next_is_read() -> None:
    broken = _CASH.replace("Cat checks", "Cat juggles")
    text = broken + "\n\n" + _CASH.replace("#1000-1-", "#1000-2-")
    first, second = read_text(text, "two.txt")
    assert isinstance(first, SiteError) and not isinstance(first, UnsupportedHand)
    assert (first.source, first.hand_id, first.line) == ("two.txt", "1000-1-1700000000", 21)
    assert "juggles" in first.reason
    assert isinstance(second, phh.HandHistory) and second.hand == "1000-2-1700000000"


def test_a_hand_cut_off_before_its_summary_is_an_error() -> None:
    cut = _CASH.split("*** SUMMARY ***")[0]
    (h,) = read_text(cut, "cut.txt")
    assert isinstance(h, SiteError) and not isinstance(h, UnsupportedHand)
    assert "cut off" in h.reason


_ALL_IN = """\
Winamax Poker - CashGame - HandId: #1000-3-1700000200 - Omaha pot limit (0.50€/1€) - \
2023/11/14 22:20:00 UTC
Table: 'Test' 6-max (real money) Seat #1 is the button
Seat 1: Ann (100€)
Seat 2: Bob (5€)
*** ANTE/BLINDS ***
Ann posts small blind 0.50€
Bob posts big blind 1€
Dealt to Ann [Ah Ad Kd Ks]
*** PRE-FLOP ***
Ann raises 2€ to 3€
Bob raises 2€ to 5€ and is all-in
Ann {last}
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s][Th]
*** RIVER *** [2c 7d 9s Th][3s]
*** SHOW DOWN ***
Bob shows [4h 4d 5c 6c] (One pair : 4)
Ann shows [Ah Ad Kd Ks] (One pair : Ace)
Ann collected {won}€ from pot
*** SUMMARY ***
Total pot {won}€ | No rake
Board: [2c 7d 9s Th 3s]
"""


def test_a_call_of_an_all_in_matches_and_a_raise_over_it_is_left_to_the_engine() -> None:
    (called,) = read_text(_ALL_IN.format(last="calls 2€", won="10"), "called.txt")
    assert isinstance(called, phh.HandHistory)
    assert called.finishing_stacks == [0, 10500]  # Bob (big blind) first: heads-up order
    assert phh.check(called).status == "match"
    # Winamax logs a raise no one can call (its excess comes back in the collection): the
    # reader writes it as the site did, and the engine's rule (docs/rules/poker.md §3, the
    # review's C4) gives the unmatched part back as an uncalled bet.
    (raised,) = read_text(_ALL_IN.format(last="raises 5€ to 10€", won="15"), "raised.txt")
    assert isinstance(raised, phh.HandHistory)
    assert "p2 cbr 1000" in raised.actions and raised.winnings == [0, 1000]
    assert phh.check(raised).status == "match"


def test_a_draw_game_is_unsupported() -> None:
    text = _CASH.replace("Holdem no limit (0.50€/1€)", "2-7 Triple Draw fixed limit (1€/2€)")
    (h,) = read_text(text, "draw.txt")
    assert isinstance(h, UnsupportedHand)
    assert h.reason == "2-7 Triple Draw fixed limit: a draw game"


_TOURNAMENT = """\
Winamax Poker - Tournament "Test Cup" buyIn: 4.50€ + 0.50€ level: 3 - HandId: \
#77-5-1700000300 - Holdem no limit (10/50/100) - 2023/11/14 23:00:00 UTC
Table: 'Test Cup(123)#004' 6-max (real money) Seat #2 is the button
Seat 2: Ann (1500)
Seat 3: Bob (2200)
Seat 4: Cat (900)
*** ANTE/BLINDS ***
Ann posts ante 10
Bob posts ante 10
Cat posts ante 10
Bob posts small blind 50
Cat posts big blind 100
*** PRE-FLOP ***
Ann raises 200 to 300
Bob folds
Cat folds
Ann collected 480 from pot
*** SUMMARY ***
Total pot 480 | No rake
Seat 2: Ann (button) won 480
"""


def test_a_tournament_hand_is_in_chips() -> None:
    (h,) = read_text(_TOURNAMENT, "cup.txt")
    assert isinstance(h, phh.HandHistory)
    assert h.user_fields["_site_unit"] == "1"
    assert (h.event, h.level, h.table) == ("Test Cup", 3, "Test Cup(123)#004")
    assert h.antes == [10, 10, 10] and h.min_bet == 100
    assert h.winnings == [0, 0, 280]  # Ann's uncalled 200 back, 280 won
    assert phh.check(h).status == "match"


def test_sniffing_picks_winamax_not_pokerstars() -> None:
    assert sniff(_CASH) is winamax.READER
    assert sniff("PokerStars Hand #1: Hold'em No Limit ($1/$2 USD)\n" + _CASH) is not winamax.READER
    assert sniff("notes\n" + _TOURNAMENT) is winamax.READER


def test_site_text_to_phh_and_back_replays_the_same() -> None:
    # Issue 16's round trip: site text -> PHH -> replay equals site text -> replay.
    if not (CORPUS / "winamax").is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    hands = [
        h
        for f in sorted((CORPUS / "winamax").glob("*/*.txt"))
        for h in read_file(f)
        if isinstance(h, phh.HandHistory)
    ]
    assert len(hands) == 67
    for h in hands:
        again = phh.loads(phh.dumps(h), source=h.source)
        assert again.finishing_stacks == h.finishing_stacks
        assert again.user_fields == h.user_fields
        assert phh.check(again) == phh.check(h)
