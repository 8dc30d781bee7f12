"""The command line refuses bad input with one line on stderr and status 2, never a traceback."""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path

import pytest
import splitpot as sp
from splitpot import phh
from splitpot.betting import STRUCTURE_NAMES
from splitpot.cli import build_parser, main


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--stakes", "a/b"], "--stakes takes SMALL/BIG, got 'a/b'"),
        (["play", "--stakes", "1/2/3"], "--stakes takes SMALL/BIG, got '1/2/3'"),
        (["simulate", "--stakes", "a/b"], "--stakes takes SMALL/BIG, got 'a/b'"),
        (["simulate", "--stakes=-1/2"], "--stakes takes SMALL/BIG"),
        (["play", "--structure", "spread"], "unknown betting structure 'spread'"),
        (["simulate", "--structure", "spread"], "unknown betting structure 'spread'"),
        (["play", "--game", "nope"], "unknown game 'nope'"),
        (["play", "--players", "1"], "played by 2 to 10 players, got 1"),
        (["simulate", "--players", "11"], "played by 2 to 10 players, got 11"),
        (["simulate", "--hands", "-1"], "--hands must be >= 0, got -1"),
        (["play", "--players", "3", "--seat", "5"], "seat must be 0..2, got 5"),
    ],
)
def test_bad_input_is_one_line_on_stderr(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("splitpot: ") and message in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_play_takes_stakes_the_same_way_as_simulate(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["simulate", "--hands", "1", "--structure", "limit", "--stakes", "4/8"]) == 0
    assert "small_bet = 4" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--structure", "pl", "--stakes", "5/10", "--seed", "3"]) == 0
    assert "Pot-limit Hold'em, blinds 5/10;" in capsys.readouterr().out


def test_play_is_a_session_the_button_moving_and_stacks_carried_over(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Three hands (Enter twice between them, then q); "quit" inside a hand gives up that hand.
    monkeypatch.setattr("sys.stdin", io.StringIO("f\n\nf\n\nf\nq\n" + "f\n" * 20))
    assert main(["play", "--players", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    buttons = re.findall(r"--- Hand (\d): (\w+) ha(?:s|ve) the button ---", out)
    assert buttons == [("1", "you"), ("2", "Bob"), ("3", "Cy")]
    stacks = [line for line in out.splitlines() if line.startswith("Stacks: ")]
    assert len(stacks) == 3
    last = [int(part.split()[-1]) for part in stacks[-1][len("Stacks: ") :].split(", ")]
    assert sum(last) == 600  # chips carried over from hand to hand, none made or lost


def test_simulate_a_tournament_to_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t.phhs"
    argv = ["simulate", "--tournament", "--players", "4", "--stack", "200", "--seed", "3"]
    assert main([*argv, "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "tournament finished after" in err and "1 " in err
    hands = phh.load_all(out)
    assert len(hands) > 1 and all(h.players and h.players[0].startswith("P") for h in hands)
    for hh in hands:  # every hand replays to its stacks
        replayed = phh.replay(hh)
        assert [replayed.final_stacks[s] for s in replayed.seats] == hh.finishing_stacks
    # The last hand leaves one player with every chip.
    assert sorted(hands[-1].finishing_stacks or [])[-1] == 800


def test_help_names_every_game_and_structure() -> None:
    (commands,) = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    for command in ("play", "simulate"):
        text = " ".join(commands.choices[command].format_help().split())
        assert all(code in text for code in sp.GAMES)
        assert all(name in text for name in STRUCTURE_NAMES.values())


def test_a_reader_that_leaves_early_gets_no_error() -> None:
    # `splitpot simulate | head -1`: the pipe closes under the writer; nothing on stderr.
    import subprocess
    import sys

    args = [sys.executable, "-m", "splitpot", "simulate", "--game", "stud", "--hands", "300"]
    with subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.readline().strip() == b"[1]"
        proc.stdout.close()
        err = proc.stderr.read()
        assert proc.wait(timeout=60) == 0 and err == b""


def _help(command: str) -> str:
    sub = next(
        a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)
    ).choices[command]
    return " ".join(sub.format_help().split())


def test_each_commands_help_says_what_is_true_of_it() -> None:
    assert "needs --out" not in _help("eval") and "needs --out" not in _help("replay")
    assert "needs --out" in _help("simulate")
    assert ".txt or .xml" in _help("show") and "Pan" in _help("show")
    convert = _help("convert")
    assert "phhs: every hand in one file (the default)" in convert and ".txt or .xml" in convert


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "--game", "holdem"], "omaha8 or stud8 (a hi/lo split) or pan, not holdem"),
        (["equity", "AsKs", "QdQc", "--exact", "--time", "1"], "--time is for Monte Carlo"),
        (["play", "--stack", "0"], "--stack must be > 0, got 0"),
    ],
)
def test_a_refusal_names_the_flag_not_the_library(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "time_limit" not in err and "seat 0" not in err


def test_eval_lists_the_best_five_as_people_read_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["eval", "Ah2c3d4s8h", "KdKc", "--low"]) == 0
    out = capsys.readouterr().out
    assert "Pair of Kings, Ace kicker [Kd Kc Ah 8h 4s]" in out  # the pair first
    assert "8-4-3-2-A [8h 4s 3d 2c Ah]" in out
    assert main(["eval", "Ah2s3h4h5h", "--pretty"]) == 0
    assert "Straight, Five high [5♥ 4♥ 3♥ 2♠ A♥]" in capsys.readouterr().out  # the wheel
