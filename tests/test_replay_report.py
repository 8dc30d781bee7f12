"""``splitpot replay``'s report names games as people do and counts a refused hand under its
reason (splitpot/_replay_report.py); the sites' table keeps its columns aligned."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from splitpot import HOLDEM, Hand, NoLimit, phh
from splitpot._replay_report import not_played, reason, site_table, summary
from splitpot.cli import main
from splitpot.phh import Outcome

PHH_CODES = re.compile(r"(?<![\w/])(NT|FT|PO|FO/8|F7S|F7S/8|FR|F2L3D|N2L1D|FB|NS)(?![\w/])")


def _outcomes() -> list[Outcome]:
    fractional = (
        "a.phh: starting_stacks[0] is 1259450.25: fractional chips are not played (chips are "
        "whole numbers)"
    )
    return [
        Outcome("a.phh", "unsupported", fractional, "PO"),
        *[Outcome("b.phh", "unsupported", "variant 'F2L3D' ... does not play", "F2L3D")] * 8,
        Outcome("c.phh", "unsupported", "variant 'FB' is a variant splitpot does not play", "FB"),
        *[Outcome("d.txt: hand 1", "match", "", "NT", "PokerStars")] * 182,
        Outcome("d.txt: hand 2", "match", "", "F7S/8", "PokerStars"),
        Outcome(
            "e.txt",
            "unsupported",
            "e.txt: hand 3: Hero: Chooses to EV Cashout: a cash-out is not played",
            "NT",
            "GGPoker",
        ),
        Outcome(
            "f.txt",
            "unsupported",
            "f.txt: line 1: a game splitpot does not read: 'PL Omaha: $1'",
            "",
            "Full Tilt Poker",
        ),
        Outcome(
            "g.txt",
            "unsupported",
            "g.txt: Triple Draw 2-7 Lowball is a game splitpot does not play",
            "Triple Draw 2-7 Lowball",
            "PokerStars",
        ),
        Outcome(
            "h.txt",
            "damaged",
            "h.txt: hand 9: the site's file is cut short",
            "NT",
            "A Site With A Very Long Name",
        ),
    ]


def test_a_refused_hand_counts_under_its_reason_not_its_game() -> None:
    groups = not_played(_outcomes())
    assert groups["fractional chips"].total() == 1  # a Pot-limit Omaha hand: PO is played
    games = groups["games splitpot does not play"]
    assert games == {"Limit 2-7 Triple Draw": 8, "Limit Badugi": 1, "Triple Draw 2-7 Lowball": 1}
    assert (
        groups["a cash-out"].total() == 1 and groups["a game splitpot does not read"].total() == 1
    )
    assert reason(_outcomes()[0]) == "fractional chips"


def test_the_report_names_games_in_words_never_phh_codes() -> None:
    text = summary(_outcomes(), 8)
    assert not PHH_CODES.search(text), PHH_CODES.search(text)
    assert "No-limit Hold'em" in text and "Seven Card Stud Hi/Lo" in text
    assert "       1 fractional chips" in text
    assert "     1 damaged" in text  # a status the report does not know by name: its own line


def test_the_site_table_columns_align_and_any_status_gets_a_column() -> None:
    lines = site_table(_outcomes()).splitlines()
    header, rule, *rows = lines
    assert header.split()[-1] == "damaged"
    starts = [m.start() for m in re.finditer(r"-+", rule)]
    for row in rows:  # each cell starts where the rule's dashes start (names left, counts right)
        assert len(row) <= len(rule) and all(row[s - 1] == " " for s in starts[1:])
    long_row = next(r for r in rows if r.startswith("A Site With A Very Long Name"))
    assert long_row.split()[-1] == "1"


def test_replay_on_files_words_a_fractional_chips_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    hand.fold()
    text = phh.dumps(hand)
    (tmp_path / "whole.phh").write_text(text)
    (tmp_path / "half.phh").write_text(
        text.replace("starting_stacks = [100, 100]", "starting_stacks = [100.5, 100]")
    )
    assert "100.5" in (tmp_path / "half.phh").read_text()
    assert main(["replay", "--quiet", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "       1 matched" in out and "           1 fractional chips" in out
    assert not PHH_CODES.search(out)
