"""The Full Tilt Poker reader (issue 16): every hand of ../shared's Full Tilt files replays to
the site's stated result or is unsupported with its reason (counts pinned); small hands of our
own for the edge cases: decimal amounts, a name with a space, collections said only in the
summary, a broken hand, an unsupported game, UTF-16 files, sniffing."""

from __future__ import annotations

import collections
import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from splitpot import phh
from splitpot.phh.record import HandHistory
from splitpot.sites import (
    DamagedHand,
    SiteError,
    UnsupportedHand,
    fulltilt,
    pokerstars,
    read_file,
    read_text,
    sniff,
)
from splitpot.sites.reading import decode

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "site-histories"
FOLDER = CORPUS / "fulltilt"


def _outcomes(folder: Path) -> dict[str, collections.Counter[str]]:
    if not folder.is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    out: dict[str, collections.Counter[str]] = {}
    for path in sorted(folder.glob("*/*.txt")):
        counts = out.setdefault(path.parent.name, collections.Counter())
        for h in read_file(path):
            if isinstance(h, UnsupportedHand):
                assert h.reason, h
                counts["unsupported"] += 1
            elif isinstance(h, SiteError):
                counts["read error"] += 1
            else:
                counts[phh.check(h).status] += 1
    return out


def test_every_corpus_hand_replays_to_the_sites_result_or_is_unsupported() -> None:
    assert _outcomes(FOLDER) == {
        "fl-holdem": {"match": 1},
        "mixed": {"match": 54, "unsupported": 30},  # 30 draw hands of the 10-game table
        "nlhe": {"match": 32, "read error": 1},  # one a CAP NL hand (docs/sites.md)
        "omaha-hilo": {"match": 1},
        "plo": {"match": 2},  # one a board run twice (tests/test_sites_runs.py)
        "razz": {"match": 2},
        "stud": {"match": 2},
        "stud-hilo": {"match": 1},
    }


def test_the_unsupported_corpus_hands_say_why() -> None:
    if not FOLDER.is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    reasons = collections.Counter(
        h.reason
        for path in sorted(FOLDER.glob("*/*.txt"))
        for h in read_file(path)
        if isinstance(h, UnsupportedHand)
    )
    assert reasons == {
        "No Limit 2-7 Single Draw: a draw game, a game splitpot does not play": 10,
        "Limit Badugi: a draw game, a game splitpot does not play": 10,
        "Limit 2-7 Triple Draw: a draw game, a game splitpot does not play": 10,
    }


def test_the_corpus_hand_with_lines_lost_is_damaged_naming_it() -> None:
    """Hand 31493008322 of the Matrix file has lost its small blind's fold and its "wins"
    line; its summary says he folded: the reader says the hand is damaged, and does not invent
    the fold."""
    path = FOLDER / "nlhe" / "ChazDazzle__fpdb-chaz__NLHE-6max-Matrix-USD-26-201211.match1.txt"
    if not path.is_file():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    errors = [h for h in read_file(path) if isinstance(h, SiteError)]
    assert [(type(e), e.hand_id, e.reason) for e in errors] == [
        (
            DamagedHand,
            "31493008322",
            "damaged: lines missing: the summary says Player3 folded, and the hand has no "
            "fold of his",
        )
    ]
    assert errors[0].line is not None and errors[0].source == str(path)


def test_finishing_stacks_are_the_next_hands_starting_stacks() -> None:
    """An independent check of the result the reader works out (stack, less what he put in,
    plus what came back and what he collected): in a tournament no chips come or go between
    hands, so it is the stack the site writes for him in the next hand."""
    path = FOLDER / "nlhe" / "ChazDazzle__fpdb-chaz__NLHE-6max-Matrix-USD-26-201211.match1.txt"
    if not path.is_file():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    compared = 0
    for before, after in itertools.pairwise(read_file(path)):
        if not (isinstance(before, HandHistory) and isinstance(after, HandHistory)):
            continue  # a hand that could not be read between them
        end = dict(zip(before.players, before.finishing_stacks or [], strict=True))
        for name, stack in zip(after.players, after.starting_stacks, strict=True):
            if name in end:
                assert end[name] == stack, (before.hand, name)
                compared += 1
    assert compared == 133


# A hand of our own: cents, a name with a space, an uncalled bet, rake.
HAND = """\
Full Tilt Poker Game #1000000001: Table Testbed (6 max) - $0.05/$0.10 - No Limit Hold'em \
- 12:00:00 ET - 2012/01/02
Seat 1: Alice ($10)
Seat 2: Bob ($7.45)
Seat 4: Carol Ann ($12.30)
Alice posts the small blind of $0.05
Bob posts the big blind of $0.10
The button is in seat #4
*** HOLE CARDS ***
Dealt to Carol Ann [Ah Kd]
Carol Ann raises to $0.35
Alice folds
Bob: nice
Bob calls $0.25
*** FLOP *** [2c 7d Jh]
Bob checks
Carol Ann bets $0.50
Bob folds
Uncalled bet of $0.50 returned to Carol Ann
Carol Ann mucks
Carol Ann wins the pot ($0.72)
*** SUMMARY ***
Total pot $0.75 | Rake $0.03
Board: [2c 7d Jh]
Seat 1: Alice (small blind) folded before the Flop
Seat 2: Bob (big blind) folded on the Flop
Seat 4: Carol Ann (button) collected ($0.72), mucked
"""


def _one(text: str) -> HandHistory:
    (h,) = read_text(text, "fixture.txt")
    assert isinstance(h, HandHistory), h
    return h


def test_a_cash_hand_in_cents_replays_to_the_sites_result() -> None:
    h = _one(HAND)
    assert h.players == ["Alice", "Bob", "Carol Ann"]  # from the button's left
    assert h.starting_stacks == [1000, 745, 1230]
    assert h.finishing_stacks == [995, 710, 1267]  # 1230 - 35 - 50 + 50 + 72
    assert h.winnings == [0, 0, 72]
    assert h.user_fields["_site_rake"] == 3
    assert h.user_fields["_site"] == "Full Tilt Poker"
    assert h.table == "Testbed" and h.seat_count == 6 and h.hand == "1000000001"
    assert phh.check(h).status == "match"


def test_collections_said_only_in_the_summary_are_read() -> None:
    """Full Tilt sometimes leaves out the "wins the pot" line of a hand all but one folded:
    the summary's "collected" is what the player got."""
    text = HAND.replace("Carol Ann wins the pot ($0.72)\n", "")
    assert _one(text).winnings == [0, 0, 72]


def test_wins_lines_that_disagree_with_the_summary_are_an_error() -> None:
    (h,) = read_text(HAND.replace("wins the pot ($0.72)", "wins the pot ($0.70)"))
    assert isinstance(h, SiteError) and not isinstance(h, UnsupportedHand)
    assert "not the summary's" in h.reason


def test_a_broken_hand_names_its_line_and_the_next_hand_is_read() -> None:
    broken = HAND.replace("#1000000001", "#1000000002").replace("Bob checks", "Bob juggles $5")
    first, second, third = read_text(HAND + "\n\n" + broken + "\n" + HAND, "three.txt")
    assert isinstance(first, HandHistory) and isinstance(third, HandHistory)
    assert isinstance(second, SiteError)
    line = HAND.count("\n") + 2 + 15  # the file's line: "Bob checks" is the hand's 15th
    assert (second.source, second.hand_id, second.line) == ("three.txt", "1000000002", line)
    assert second.reason == "an action this reader does not know: Bob 'juggles $5'"
    assert phh.check(third).status == "match"


def test_a_draw_game_is_unsupported_with_its_name() -> None:
    (h,) = read_text(HAND.replace("No Limit Hold'em", "Limit Badugi"))
    assert isinstance(h, UnsupportedHand)
    assert h.reason == "Limit Badugi: a draw game, a game splitpot does not play"


def test_agreeing_to_run_it_twice_with_one_board_is_damaged() -> None:
    # The agreement is a note; the runs' streets say how many there were. A hand whose
    # only "run" is its first contradicts itself.
    text = HAND.replace("Bob checks\n", "Players agree to Run It Twice\n")
    assert _one(text).runout_count == 1  # agreed, and never all-in: one board
    one_run = HAND.replace("*** SUMMARY ***", "*** TURN 1 *** [2c 7d Jh] [5s]\n*** SUMMARY ***")
    (h,) = read_text(one_run)
    assert isinstance(h, DamagedHand) and "a board 'run' once" in h.reason


def test_a_dead_small_blind_is_dead_money() -> None:
    """ "posts a dead small blind" then "posts $0.10": a missed small blind, dead, and a big
    blind, live (docs/rules/poker.md §4.1)."""
    text = HAND.replace(
        "Bob posts the big blind of $0.10\n",
        "Bob posts the big blind of $0.10\nCarol Ann posts a dead small blind of $0.05\n"
        "Carol Ann posts $0.10\n",
    ).replace("raises to $0.35", "raises to $0.40")
    text = text.replace("calls $0.25", "calls $0.30").replace("$0.72", "$0.87")
    text = text.replace("Total pot $0.75", "Total pot $0.90")
    h = _one(text)
    assert h.user_fields["_splitpot_dead_blinds"] == [0, 0, 5]
    assert phh.check(h).status == "match"


def test_utf16_files_are_read(tmp_path: Path) -> None:
    path = tmp_path / "ft.txt"
    path.write_bytes(HAND.replace("\n", "\r\n").encode("utf-16"))  # with its BOM
    assert decode(path.read_bytes()) == HAND.replace("\n", "\r\n")
    (h,) = read_file(path)
    assert isinstance(h, HandHistory) and phh.check(h).status == "match"


def test_sniffing_picks_full_tilt_not_pokerstars() -> None:
    assert sniff(HAND) is fulltilt.READER
    assert pokerstars.READER.header.search(HAND) is None
    stars = "PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10)"
    assert fulltilt.READER.header.search(stars) is None


STUD = """\
Full Tilt Poker Game #1000000003: Table Studbed - $1/$2 Ante $0.10 - Limit Stud Hi \
- 12:00:00 ET - 2012/01/02
Seat 1: Alice ($20)
Seat 2: Bob ($20)
Alice antes $0.10
Bob antes $0.10
*** 3RD STREET ***
Dealt to Alice [As Ks] [Qs]
Dealt to Bob [2c]
Bob is low with [2c]
Bob brings in for $0.50
Alice completes it to $1
Bob folds
Uncalled bet of $0.50 returned to Alice
Alice mucks
Alice wins the pot ($1.20)
*** SUMMARY ***
Total pot $1.20 | Rake $0
Seat 1: Alice collected ($1.20), mucked
Seat 2: Bob folded on 3rd St.
"""


def test_a_stud_hand_deals_the_door_cards_it_shows() -> None:
    """Full Tilt writes every player's door card; the low card brings in (§4.2)."""
    h = _one(STUD)
    assert h.actions[:2] == ["d dh p1 AsKsQs", "d dh p2 ????2c"]
    assert h.bring_in == 50 and h.small_bet == 100 and h.big_bet == 200
    assert phh.check(h).status == "match"


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_damaged_hands_give_histories_or_site_errors(data: st.DataObject) -> None:
    """Truncated, shuffled-line and byte-flipped versions of our hands: a history (that
    replays or says why not) or a SiteError, nothing else."""
    text = data.draw(st.sampled_from([HAND, STUD, HAND + "\n" + STUD]))
    lines = text.split("\n")
    how = data.draw(st.sampled_from(["cut", "swap", "flip"]))
    if how == "cut":
        text = text[: data.draw(st.integers(0, len(text)))]
    elif how == "swap":
        i, j = data.draw(st.integers(0, len(lines) - 1)), data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
        text = "\n".join(lines)
    else:
        k = data.draw(st.integers(0, len(text) - 1))
        text = text[:k] + data.draw(st.characters(codec="latin-1")) + text[k + 1 :]
    for h in read_text(text):
        assert isinstance(h, HandHistory | SiteError)
        if isinstance(h, HandHistory):
            phh.check(h)  # an outcome, never an exception


# ---------------------------------------------------------------------- capped no limit
# docs/rules/poker.md §3 DECISION: each player puts in at most the cap; one who reaches it
# is all-in ("and is capped"), the rest of his stack untouched.

_CAPPED = """\
Full Tilt Poker Game #9: Table Slaw (6 max) - $0.10/$0.25 - {game} - 12:00:00 ET - 2012/01/02
Seat 1: Ann ($10)
Seat 2: Bob ($20)
Ann posts the small blind of $0.10
Bob posts the big blind of $0.25
The button is in seat #1
*** HOLE CARDS ***
Ann raises to $5, and is capped
Bob calls $4.75, and is capped
Ann shows [Ah As]
Bob shows [Kh Ks]
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s] [3h]
*** RIVER *** [2c 7d 9s 3h] [4c]
Ann shows a pair of Aces
Bob shows a pair of Kings
Ann wins the pot ($10) with a pair of Aces
*** SUMMARY ***
Total pot $10 | Rake $0
Board: [2c 7d 9s 3h 4c]
Seat 1: Ann (small blind) showed [Ah As] and won ($10) with a pair of Aces
Seat 2: Bob (big blind) showed [Kh Ks] and lost with a pair of Kings
"""


def test_a_capped_hand_plays_both_players_all_in_at_the_cap() -> None:
    # Both capped at $5 preflop, so no one bets again: Ann wins $10, 15 in all; Bob keeps
    # the $15 the cap left him. Without the cap the two would still have chips to bet.
    (h,) = read_text(_CAPPED.format(game="$5 Cap No Limit Hold'em"), "cap.txt")
    assert isinstance(h, HandHistory)
    assert h.user_fields["_splitpot_cap"] == 500
    assert h.finishing_stacks == [1500, 1500]
    assert phh.check(h).status == "match"
    del h.user_fields["_splitpot_cap"]
    assert phh.check(h).status != "match"


def test_an_unstated_cap_is_the_total_of_the_player_who_reaches_it() -> None:
    # Full Tilt's 2013 "CAP NL" names no amount; "and is capped" says he reached it.
    (h,) = read_text(_CAPPED.format(game="CAP NL Hold'em"), "cap.txt")
    assert isinstance(h, HandHistory) and h.user_fields["_splitpot_cap"] == 500
    assert phh.check(h).status == "match"


def test_a_player_capped_at_another_amount_than_the_cap_is_damaged() -> None:
    (h,) = read_text(_CAPPED.format(game="$4 Cap No Limit Hold'em"), "cap.txt")
    assert isinstance(h, DamagedHand) and "Ann is capped at 500, and the cap is 400" in h.reason
    (h,) = read_text(_CAPPED.format(game="No Limit Hold'em"), "cap.txt")
    assert isinstance(h, DamagedHand) and "the cap is none" in h.reason


def test_the_real_capped_hands_replay_to_the_sites_result() -> None:
    # 24378450480 ($400 Pot Limit Omaha Hi): "Player0 bets $295, and is capped" (the pot
    # was $430: the cap left $295), Player2 calls capped, and the board is run out; the
    # Cap walk 28014530000 and 28617512574 ($15 Cap) replay with their caps; CAP NL
    # 32709588390 names none, and no one reaches it.
    want = {"24378450480": 40000, "28014530000": 200000, "28617512574": 1500, "32709588390": None}
    found = {}
    for root in (CORPUS, CORPUS.parent / "site-histories-2"):
        for path in sorted((root / "fulltilt").glob("*/*.txt")):
            for h in read_file(path):
                if isinstance(h, HandHistory) and h.hand in want:
                    found[h.hand] = h
    if not found:
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    assert sorted(found) == sorted(want)
    for number, h in found.items():
        assert h.user_fields.get("_splitpot_cap") == want[number]
        assert phh.check(h).status == "match"
    uncapped = found["24378450480"]
    del uncapped.user_fields["_splitpot_cap"]
    assert phh.check(uncapped).status == "error"  # two players with chips, no bet after
