"""The GGPoker reader (splitpot.sites.ggpoker) against GG's own files and small hands of our
own: every hand of a game splitpot plays replays to the site's stated collections and rake,
the others are unsupported with their reason, a broken hand is an error naming its line."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest
from splitpot import phh
from splitpot.sites import (
    SiteError,
    UnsupportedHand,
    ggpoker,
    read_file,
    read_text,
    sniff,
    to_pokerstars,
)

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "site-histories"


def _outcomes(folder: Path) -> collections.Counter[str]:
    counts: collections.Counter[str] = collections.Counter()
    for f in sorted(folder.glob("*.txt")):
        for h in read_file(f):
            if isinstance(h, UnsupportedHand):
                counts["unsupported: " + h.reason.split(":")[0]] += 1
            elif isinstance(h, SiteError):
                counts["read error: " + h.reason] += 1
            else:
                assert h.user_fields["_site"] == "GGPoker"
                counts[phh.check(h).status] += 1
    return counts


# Pinned per folder: a regression in the reader or the engine changes a count.
_EXPECTED = {
    "nlhe": {"match": 60},
    "plo": {
        "match": 41,  # one a board run three times (tests/test_sites_runs.py)
        "unsupported: 23aca38f": 1,  # all-in insurance
        "unsupported: Omaha (NL postflop)": 1,  # pot limit preflop, no limit after
    },
    "plo-5card": {"match": 2},  # the straddle (docs/rules/poker.md §4.1), an EV Cashout
    "short-deck": {"unsupported: ShortDeck No Limit": 4},
}


@pytest.mark.parametrize("folder", sorted(_EXPECTED))
def test_every_corpus_hand_replays_to_the_sites_result_or_is_unsupported(folder: str) -> None:
    path = CORPUS / "ggpoker" / folder
    if not path.is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    assert dict(_outcomes(path)) == _EXPECTED[folder]


def test_the_first_hand_of_a_level_is_played_at_the_blinds_posted() -> None:
    # GG heads the first hand of a new level with the new blinds but deals it at the old
    # ones (blinds, antes and the minimum raise): the Daily Special file has six.
    path = CORPUS / "ggpoker" / "nlhe"
    if not path.is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    hands = [h for f in sorted(path.glob("*.txt")) for h in read_file(f)]
    old = [
        h for h in hands if not isinstance(h, SiteError) and "_site_header_blinds" in h.user_fields
    ]
    assert len(old) == 6
    for h in old:
        assert isinstance(h, phh.HandHistory)
        assert h.min_bet < h.user_fields["_site_header_blinds"][1]
        assert phh.check(h).status == "match"


_CASH = """\
Poker Hand #RC100001: Hold'em No Limit ($1/$2) - 2024/01/05 10:00:00
Table 'Test1' 6-max Seat #1 is the button
Seat 1: aaaa1111 ($1,200.5 in chips)
Seat 2: bbbb2222 ($200 in chips)
Seat 3: cccc3333 ($200 in chips)
Seat 4: Hero ($200 in chips)
bbbb2222: posts small blind $1
cccc3333: posts big blind $2
{straddle}*** HOLE CARDS ***
Dealt to aaaa1111
Dealt to bbbb2222
Dealt to cccc3333
Dealt to Hero [Ah Kh]
aaaa1111: raises {raise_by} to $8
bbbb2222: folds
cccc3333: folds
Hero: calls {call}
*** FLOP *** [2c 7d 9s]
Hero: checks
aaaa1111: bets $10
Hero: folds
Uncalled bet ($10) returned to aaaa1111
*** SHOWDOWN ***
aaaa1111 collected ${won} from pot
*** SUMMARY ***
Total pot ${pot} | Rake $0.5 | Jackpot $0.25 | Bingo $0
Board [2c 7d 9s]
Seat 1: aaaa1111 (button) collected (${won})
"""


def _straddled(**kw: str) -> str:
    values = {"straddle": "Hero: straddle $4\n", "raise_by": "$4", "call": "$4"}
    values.update(kw)
    text = _CASH.format(won="18.25", pot="19", **values)
    return text.replace("to bbbb2222\n", "to bbbb2222 \n")  # GG ends some with a space


def test_a_live_straddle_replays_with_its_minimum_raise() -> None:
    # docs/rules/poker.md §4.1: action starts left of the straddle; a raise is at least its
    # size; the builder's structure keeps the game's big blind (2), the straddle a blind.
    (h,) = read_text(_straddled(), "straddle.txt")
    assert isinstance(h, phh.HandHistory)
    assert h.blinds_or_straddles == [100, 200, 400, 0]
    assert h.min_bet == 200
    assert h.user_fields["_splitpot_structure"]["big_blind"] == 200
    assert h.user_fields["_site_rake"] == 75  # rake and jackpot, both taken from the pot
    assert h.starting_stacks[-1] == 120050  # "$1,200.5": a thousands comma, one decimal
    assert phh.check(h).status == "match"


def test_a_raise_short_of_the_straddle_is_refused_by_the_engine() -> None:
    # Raising to 6 over a straddle of 4 is a raise of 2, less than the straddle (§4.1).
    text = _straddled(raise_by="$2").replace("to $8", "to $6").replace("calls $4", "calls $2")
    text = text.replace("$18.25", "$14.25").replace("Total pot $19", "Total pot $15")
    (h,) = read_text(text, "short.txt")
    assert isinstance(h, phh.HandHistory)
    outcome = phh.check(h)
    assert outcome.status == "error"
    assert "may raise to 800" in outcome.detail


def test_without_the_straddle_the_first_to_act_is_left_of_the_big_blind() -> None:
    # The same actions with two blinds only: Hero, under the gun, is to act first, so the
    # button's raise is out of turn: the straddle is what moved the action (§4.1).
    text = _CASH.format(straddle="", raise_by="$6", call="$8", won="18.25", pot="19")
    (h,) = read_text(text, "plain.txt")
    assert isinstance(h, phh.HandHistory)
    assert "_splitpot_structure" not in h.user_fields
    assert h.blinds_or_straddles == [100, 200, 0, 0]
    outcome = phh.check(h)
    assert outcome.status == "error"
    assert "out of turn" in outcome.detail


def test_a_broken_hand_names_its_file_hand_and_line_and_the_next_is_read() -> None:
    broken = _straddled().replace("cccc3333: folds", "cccc3333: dances")
    text = broken + "\n\n" + _straddled().replace("RC100001", "RC100002")
    first, second = read_text(text, "two.txt")
    assert isinstance(first, SiteError) and not isinstance(first, UnsupportedHand)
    assert (first.source, first.hand_id, first.line) == ("two.txt", "RC100001", 17)
    assert "dances" in first.reason
    assert isinstance(second, phh.HandHistory) and second.hand == "RC100002"


def test_unsupported_games_and_features_say_why() -> None:
    short_deck = _straddled().replace("Hold'em No Limit ($1/$2)", "ShortDeck No Limit ($1)")
    insured = _straddled().replace("Hero: checks\n", "Hero: checks\nHero: Buys insurance\n")
    cash_out = _straddled().replace("Hero: checks\n", "Hero: checks\nHero: Cashout offered\n")
    for text, why in [
        (short_deck, "short deck"),
        (insured, "all-in insurance is not played"),
        (cash_out, "Cashout offered: a cash-out GG words so is not read"),
    ]:
        (h,) = read_text(text, "u.txt")
        assert isinstance(h, UnsupportedHand), text
        assert why in h.reason
        assert h.hand_id == "RC100001"


def test_sniffing_picks_ggpoker_not_pokerstars() -> None:
    assert sniff(_straddled()) is ggpoker.READER
    stars = "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2024/01/05 10:00:00 ET\n"
    assert sniff(stars) is not ggpoker.READER
    assert sniff("Poker Hand #RC1 is not at the start\n" + _straddled()) is ggpoker.READER


_SHORT_BLIND = """\
Poker Hand #TM100: Tournament #9, Test Cup Hold'em No Limit - Level5(100/200) - 2024/01/05 10:00:00
Table '1' 8-max Seat #1 is the button
Seat 1: aaaa1111 (5,000 in chips)
Seat 2: bbbb2222 (5,000 in chips)
Seat 3: cccc3333 (150 in chips)
bbbb2222: posts small blind 100
cccc3333: posts big blind 150
*** HOLE CARDS ***
Dealt to aaaa1111 [Ah Kh]
Dealt to bbbb2222
Dealt to cccc3333
aaaa1111: raises 200 to 400
bbbb2222: folds
Uncalled bet (250) returned to aaaa1111
aaaa1111: shows [Ah Kh]
cccc3333: shows [4c 3d]
*** FLOP *** [2h 7d 9s]
*** TURN *** [2h 7d 9s] [Qc]
*** RIVER *** [2h 7d 9s Qc] [Jd]
*** SHOWDOWN ***
aaaa1111 collected 400 from pot
*** SUMMARY ***
Total pot 400 | Rake 0 | Jackpot 0 | Bingo 0
"""


def test_a_big_blind_all_in_for_less_leaves_the_level_as_headed() -> None:
    # A short big blind (docs/rules/poker.md §4.1) says nothing of the level: the minimum
    # bet stays the header's 200, and the hand replays to the site's result.
    (h,) = read_text(_SHORT_BLIND, "short.txt")
    assert isinstance(h, phh.HandHistory)
    assert (h.min_bet, h.event) == (200, "Tournament #9")
    assert "_site_header_blinds" not in h.user_fields
    assert h.finishing_stacks == [4900, 0, 5250]
    assert phh.check(h).status == "match"
    # The same blinds posted by players with chips behind: the hand is played at 100/150.
    deep = _SHORT_BLIND.replace("(150 in chips)", "(1,500 in chips)")
    (d,) = read_text(deep, "deep.txt")
    assert isinstance(d, phh.HandHistory)
    assert (d.min_bet, d.user_fields["_site_header_blinds"]) == (150, [100, 200])


def test_site_text_to_phh_and_back_replays_the_same() -> None:
    # Issue 16's round trip: site text -> PHH -> replay equals site text -> replay.
    if not (CORPUS / "ggpoker").is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    hands = [
        h
        for f in sorted((CORPUS / "ggpoker").glob("*/*.txt"))
        for h in read_file(f)
        if isinstance(h, phh.HandHistory)
    ]
    assert len(hands) == 103
    for h in hands:
        again = phh.loads(phh.dumps(h), source=h.source)
        assert again.finishing_stacks == h.finishing_stacks
        assert again.user_fields == h.user_fields
        assert phh.check(again) == phh.check(h)


def test_the_real_ev_cashouts_replay_to_the_sites_result() -> None:
    # docs/sites.md "Cash-outs": GG pays the pot as dealt ("collected" lines) and settles the
    # EV Cashout apart: a loser "Receives Cashout ($1,306.18)", a winner "Pays Cashout Risk"
    # for each street covered (OM47349310: $2 on the turn and $2 on the river, the summary's
    # "Cashout Risk ($4)").
    found = {}
    for root in (CORPUS, CORPUS.parent / "site-histories-2"):
        for f in sorted((root / "ggpoker" / "plo-5card").glob("*.txt")):
            for h in read_file(f):
                if isinstance(h, phh.HandHistory) and h.hand in ("OM47349243", "OM47349310"):
                    found[h.hand] = h
    if not found:
        pytest.skip("../shared/data/site-histories-2 is not beside the checkout")
    loss, win = found["OM47349243"], found["OM47349310"]
    hero = loss.players.index("Hero")
    assert loss.user_fields["_site_cash_out"][hero] == 130618
    assert loss.winnings[hero] == 0 and "_site_cash_out_fee" not in loss.user_fields
    winner = win.players.index("466a0aa1")
    assert win.user_fields["_site_cash_out_fee"][winner] == 400
    assert win.winnings[winner] == 47942 and "_site_cash_out" not in win.user_fields
    assert phh.check(loss).status == phh.check(win).status == "match"
    # The next hand at the table (OM47349310, 4 minutes later) starts Hero with what he
    # received: his pot result (0) plus the cash-out.
    assert loss.finishing_stacks is not None and win.players is not None
    after = loss.finishing_stacks[hero] + loss.user_fields["_site_cash_out"][hero]
    assert win.starting_stacks[win.players.index("Hero")] == after == 130618
    (back,) = read_text(to_pokerstars(loss), "back.txt")  # PokerStars' words for a cash-out
    assert isinstance(back, phh.HandHistory)
    assert back.user_fields["_site_cash_out"] == loss.user_fields["_site_cash_out"]
    with pytest.raises(phh.UnsupportedHistory, match="cash-out risk"):
        to_pokerstars(win)  # PokerStars has no words for a winner's risk
