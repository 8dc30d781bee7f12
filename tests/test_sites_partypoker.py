"""The partypoker reader (issue 16): every hand of ../shared's partypoker files replays to the
site's stated result or is unsupported with its reason (counts pinned); small hands of our
own for the edge cases: the Mac client's decimal commas, "wins" that include the uncalled
bet, tournament files without blind lines, pre-selected folds written out of turn, a broken
hand, stud without the up cards, sniffing."""

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
    partypoker,
    pokerstars,
    read_file,
    read_text,
    sniff,
)

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "site-histories"
FOLDER = CORPUS / "partypoker"


def _corpus() -> list[tuple[Path, HandHistory | SiteError]]:
    if not FOLDER.is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    return [(p, h) for p in sorted(FOLDER.glob("*/*.txt")) for h in read_file(p)]


def test_every_corpus_hand_replays_to_the_sites_result_or_is_unsupported() -> None:
    counts: dict[str, collections.Counter[str]] = {}
    for path, h in _corpus():
        c = counts.setdefault(path.parent.name, collections.Counter())
        if isinstance(h, UnsupportedHand):
            c["unsupported"] += 1
        elif isinstance(h, SiteError):
            c["read error"] += 1
        else:
            c[phh.check(h).status] += 1
    assert counts == {
        "fl-holdem": {"match": 3},
        "nlhe": {"match": 38},
        "omaha-hilo": {"match": 2, "read error": 1},  # the file's last hand is cut short
        "plo": {"match": 5},
        "stud": {"unsupported": 2},
        "stud-hilo": {"unsupported": 1, "match": 1},
    }


def test_the_unsupported_corpus_hands_are_stud_without_the_up_cards() -> None:
    """partypoker writes only its own player's stud cards: who brings in and who acts first
    (docs/rules/poker.md §4.2) cannot be checked. The heads-up hand where every card is
    shown at the end is read and replays."""
    unsupported = [(p.name, h.hand_id) for p, h in _corpus() if isinstance(h, UnsupportedHand)]
    assert [hand for _, hand in unsupported] == ["10399817763", "11792805420", "9581478205"]
    for _, h in _corpus():
        if isinstance(h, UnsupportedHand):
            assert "up cards" in h.reason and "§4.2" in h.reason


def test_the_corpus_hand_cut_short_is_damaged_naming_it() -> None:
    """The PLO hi/lo file ends with the first line of a hand, "Game #13387444948 starts.":
    a damaged hand naming it, not a silent end of file."""
    errors = [(p.name, h) for p, h in _corpus() if type(h) is DamagedHand]
    assert [(h.hand_id, h.reason) for _, h in errors] == [
        ("13387444948", "damaged: cut off: the hand has no 'Hand History' line")
    ]
    assert errors[0][0].startswith("ChazDazzle__fpdb-chaz__PLO8-10max")


def test_the_half_bet_rule_hand_of_the_corpus() -> None:
    """Freeroll hand 11932613562: a 790 all-in over a 400 bet, and the bettor raises again.
    Under splitpot's default full bet rule he could not; partypoker's half bet rule
    (docs/rules/poker.md §3) lets him, and the replay then matches."""
    (h,) = [h for _, h in _corpus() if getattr(h, "hand", None) == "11932613562"]
    assert isinstance(h, HandHistory)
    assert h.user_fields["_splitpot_structure"]["half_bet_rule"] is True
    assert phh.check(h).status == "match"
    h.user_fields["_splitpot_structure"]["half_bet_rule"] = False
    assert phh.check(h).status == "error"


def test_finishing_stacks_are_the_next_hands_starting_stacks() -> None:
    """An independent check of the result the reader works out (stack, less what he put in,
    plus what came back and what he collected): in a tournament no chips come or go between
    hands, so it is the stack the site writes for him in the next hand."""
    path = (
        FOLDER / "nlhe" / "ChazDazzle__fpdb-chaz__NLHE-4max-STT-USD-1-201607.second.trny.format.txt"
    )
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
    assert compared == 67


# A hand of our own in the Mac client's format: decimal commas, "wins" with the uncalled bet.
MAC = """\
#Game No : 777
***** Hand History for Game 1000000002 *****
$10 USD NL Texas Hold'em - Sunday,March 4, 10:00:00 EST 2012
Table Testbed ( Real Money )
Seat 1 is the button
Total number of players : 3/6
seat 1: Alice ( $10 USD )
seat 2: Bob ( $8,40 USD )
seat 3: Carol ( $12,50 USD )
Bob posts small blind [$0,05 USD].
Carol posts big blind [$0,10 USD].
** Dealing down cards **
Dealt to Alice [ Ah, Kd ]
Alice raises [ $0,30 USD ]
Bob folds
Carol calls [ $0,20 USD ]
** Dealing Flop ** [ 2c, 7d, Jh ]
Carol checks
Alice bets [ $0,45 USD ]
Carol folds
Alice does not show cards.
Alice wins $1,07 USD
"""


def _one(text: str) -> HandHistory:
    (h,) = read_text(text, "fixture.txt")
    assert isinstance(h, HandHistory), h
    return h


def test_decimal_commas_and_the_uncalled_bet_inside_wins() -> None:
    """$1,07 paid to Alice is her $0,45 bet nobody called and $0,62 of pot; the rake, not
    written, is what was put in ($1,10) less what was paid out."""
    h = _one(MAC)
    assert h.players == ["Bob", "Carol", "Alice"]
    assert h.starting_stacks == [840, 1250, 1000]
    assert h.min_bet == 10  # the big blind posted: the header names the buy-in
    assert h.winnings == [0, 0, 62]
    assert h.finishing_stacks == [835, 1220, 1032]  # 1000 - 75 + 45 + 62
    assert h.user_fields["_site_rake"] == 3
    assert phh.check(h).status == "match"


def test_a_broken_hand_names_its_line_and_the_next_hand_is_read() -> None:
    broken = MAC.replace("Game 1000000002", "Game 1000000003").replace(
        "Carol checks", "Carol juggles"
    )
    text = MAC + broken + MAC
    first, second, third = read_text(text, "three.txt")
    assert isinstance(first, HandHistory) and isinstance(third, HandHistory)
    assert isinstance(second, SiteError) and not isinstance(second, UnsupportedHand)
    line = MAC.count("\n") + 18  # the file's line: "Carol checks" is the hand's 18th
    assert (second.source, second.hand_id, second.line) == ("three.txt", "1000000003", line)
    assert second.reason == "an action this reader does not know: Carol 'juggles'"


# A tournament hand that writes no blinds: a NUL byte before "Game #N starts." as the
# Windows client wrote between hands.
NO_BLINDS = """\
\0Game #1000000004 starts.

#Game No : 1000000004
***** Hand History for Game 1000000004 *****
NL Texas Hold'em $5 USD Buy-in Trny: 123456 Level: 2  Blinds(15/30) - Friday, April 01, \
11:44:00 CEST 2011
Table Turbo #42 (Real Money)
Seat 2 is the button
Total number of players : 3/6
Seat 1: Alice ( 1,500 )
Seat 2: Bob ( 1,470 )
Seat 3: Carol ( 1,530 )
Trny: 123456 Level: 2
Blinds(15/30)
** Dealing down cards **
Dealt to Bob [  Js 2h ]
Bob folds
Carol folds
Alice does not show cards.
Alice wins 45 chips
"""


def test_blinds_not_written_are_posted_after_the_button() -> None:
    """The small blind is the first player after the button, the big blind the next
    (docs/rules/poker.md §4.1); the 45 paid to Alice, the big blind, is the 30 of the pot
    and her 15 that the small blind did not call."""
    h = _one(NO_BLINDS)
    assert h.players == ["Carol", "Alice", "Bob"]
    assert h.blinds_or_straddles == [15, 30, 0]
    assert h.winnings == [0, 30, 0]
    assert h.finishing_stacks == [1515, 1515, 1470]
    assert h.user_fields["_site_rake"] == 0
    assert phh.check(h).status == "match"


def test_folds_chosen_before_their_turn_are_made_in_turn() -> None:
    """Dave (seat 4) is first to act and Alice (the button) next; partypoker wrote Alice's
    pre-selected fold first. Folds with nothing between them are put in turn."""
    text = NO_BLINDS.replace("Total number of players : 3/6\n", "").replace(
        "Seat 3: Carol ( 1,530 )\n", "Seat 3: Carol ( 1,530 )\nSeat 4: Dave ( 900 )\n"
    )
    text = text.replace("Seat 2 is the button", "Seat 1 is the button")
    text = text.replace("Bob folds\nCarol folds\n", "Alice folds\nDave folds\nBob folds\n")
    text = text.replace("Alice does not show", "Carol does not show")
    text = text.replace("Alice wins 45", "Carol wins 45")
    h = _one(text)
    assert h.players == ["Bob", "Carol", "Dave", "Alice"]
    assert h.actions[-3:] == ["p3 f", "p4 f", "p1 f"]
    assert phh.check(h).status == "match"


def test_a_stud_hand_without_the_up_cards_is_unsupported() -> None:
    stud = """\
***** Hand History for Game 1000000005 *****
$1/$2 USD 7 Card Stud - Monday, April 25, 14:20:12 EDT 2011
Table Table  1 (Real Money)
Seat 0 is the button
Total number of players : 2/8
Seat 1: Alice ( $20 USD )
Seat 2: Bob ( $20 USD )
Alice posts ante [$0.10 USD]
Bob posts ante [$0.10 USD]
** Dealing **
Dealt to Alice [  3h 8c 7c ]
Bob opens
Bob bring-ins [$0.50 USD]
Alice folds
Bob does not show cards.
Bob wins $0.70 USD
"""
    (h,) = read_text(stud)
    assert isinstance(h, UnsupportedHand)
    assert h.reason.startswith("partypoker does not write Bob's up cards")


def test_a_hand_start_with_nothing_after_it_is_an_error() -> None:
    first, second = read_text(MAC + "Game #1000000009 starts.\n\n", "cut.txt")
    assert isinstance(first, HandHistory)
    assert isinstance(second, SiteError) and second.hand_id == "1000000009"
    assert second.line == MAC.count("\n") + 1


def test_sniffing_picks_partypoker_not_pokerstars() -> None:
    assert sniff(MAC) is partypoker.READER and sniff(NO_BLINDS) is partypoker.READER
    assert pokerstars.READER.header.search(MAC + NO_BLINDS) is None


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_damaged_hands_give_histories_or_site_errors(data: st.DataObject) -> None:
    """Truncated, shuffled-line and byte-flipped versions of our hands: a history (that
    replays or says why not) or a SiteError, nothing else."""
    text = data.draw(st.sampled_from([MAC, NO_BLINDS, MAC + NO_BLINDS]))
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
