"""The command line for a newcomer (issue 18): ``--version``, ``--json`` summaries, every bad
argument one line on stderr with status 2, progress bars (tqdm) off when not a terminal."""

from __future__ import annotations

import io
import json
import math
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import splitpot as sp
from splitpot import _progress, _summary, phh
from splitpot.cli import _version, main

DATA = Path(__file__).resolve().parent / "data"


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    status = main(argv)
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # one JSON object, on one line
    return status, json.loads(out)


def test_version_is_the_installed_one(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"splitpot {_version()}\n"
    assert _version() == sp.__version__  # Cargo.toml's version, the one place it is set


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        ([], "a command is needed: one of eval, demo"),
        (["nosuch"], "argument command: invalid choice: 'nosuch'"),
        (["simulate", "--players", "abc"], "argument --players: invalid int value: 'abc'"),
        (["simulate", "--bots", "x"], "argument --bots: invalid choice: 'x' (choose from"),
        (["eval"], "the following arguments are required: cards"),
        (["equity", "AsKs", "QdQc", "--exact", "--samples", "9"], "--samples: not allowed"),
        (["simulate", "--stakes", "2/1"], "--stakes takes SMALL/BIG with SMALL <= BIG"),
        (["play", "--stakes", "5/2"], "--stakes takes SMALL/BIG with SMALL <= BIG"),
        (["play", "--hands", "0"], "--hands must be >= 1"),
        (["simulate", "--game", "pan", "--stack", "0"], "--stack must be > 0, got 0"),
        (["simulate", "--json"], "--json needs --out FILE"),
        (["replay", "/no/such/dir"], "FILE_OR_DIR /no/such/dir: no such file or folder"),
        (["simulate", "--stack", "0", "--hands", "2"], "--stack must be > 0, got 0"),
        (["simulate", "--ante", "-1"], "ante must be >= 0, got -1"),
        (["simulate", "--game", "foo"], "unknown game 'foo'; choose one of holdem"),
        (["demo", "--seed", "-1"], "argument --seed: a whole number >= 0, got '-1'"),
        (["simulate", "--seed", "x"], "argument --seed: a whole number >= 0, got 'x'"),
    ],
)
def test_every_bad_argument_is_one_line_naming_it_and_status_2(
    argv: list[str], names: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse's own errors exit
        status = int(stop.code or 0)
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    assert captured.err.startswith("splitpot: ") and captured.err.count("\n") == 1
    assert names in captured.err and "Traceback" not in captured.err


def test_plot_is_refused_before_the_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        import matplotlib  # noqa: F401

        argv, names = ["--plot", str(tmp_path / "no" / "x.png")], "no such folder"
    except ImportError:
        hint = 'pip install matplotlib, or pip install ".[plot]"'
        argv, names = ["--plot", str(tmp_path / "x.png")], hint
    assert main(["equity", "AsKs", "QdQc", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and names in captured.err  # no table printed first


def test_eval_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, got = run_json(["eval", "--json", "AhKhQhJhTh", "2c3d"], capsys)
    assert status == 0
    assert got["high"] == {
        "name": "Straight Flush, Ace high",
        "category": "STRAIGHT_FLUSH",
        "strength": 7462,  # the best of the 7462 distinct five-card values
        "best_five": ["Ah", "Kh", "Qh", "Jh", "Th"],
    }
    assert got["low"] is None  # only 2 and 3 are eight or lower
    _, got = run_json(["eval", "--json", "Ah2c3d4s5h", "KdKc"], capsys)
    assert got["low"]["ranks"] == [5, 4, 3, 2, 1] and got["low"]["strength"] == 56  # the wheel
    assert sorted(got["low"]["best_five"]) == sorted(["Ah", "2c", "3d", "4s", "5h"])


def test_equity_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, got = run_json(["equity", "--json", "AcAd", "KhKs"], capsys)
    assert status == 0
    assert set(got) == {
        "game",
        "game_name",
        "players",
        "board",
        "dead",
        "exact",
        "deals",
        "seed",
        "hi_lo",
    }
    assert got["exact"] is True and got["deals"] == math.comb(48, 5)  # every five-card board
    assert [p["hand"] for p in got["players"]] == ["AcAd", "KhKs"]
    assert round(got["players"][0]["equity"], 4) == 0.8126  # the published AA v KK figure
    assert math.isclose(sum(p["equity"] for p in got["players"]), 1.0)


def test_simulate_json_counts_the_chips_of_the_hands_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.phhs"
    argv = ["simulate", "--json", "--hands", "40", "--players", "4", "--seed", "2"]
    status, got = run_json([*argv, "--out", str(out)], capsys)
    assert status == 0
    assert {k: got[k] for k in ("game", "structure", "players", "hands", "seed")} == {
        "game": "holdem",
        "structure": "no-limit",
        "players": 4,
        "hands": 40,
        "seed": 2,
    }
    histories = phh.load_all(out)
    assert len(histories) == 40
    net = [0] * 4
    for hh in histories:  # the written histories, read back: the truth the summary must match
        # PHH lists the players from the blinds; ``seats`` (1-based) places them, 1..n if absent.
        seats = hh.seats or range(1, 5)
        end = hh.finishing_stacks or []
        for seat, before, after in zip(seats, hh.starting_stacks, end, strict=True):
            net[seat - 1] += int(after) - int(before)
    assert got["net"] == net and sum(net) == 0
    assert all(isinstance(x, int) for x in [*got["net"], got["pots"], got["biggest_pot"]])
    assert 0 < got["biggest_pot"] <= got["pots"] and got["biggest_pot"] <= 4 * 200
    assert 0 <= got["showdowns"] <= 40


def test_simulate_json_tournament_standings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--json", "--tournament", "--players", "3", "--stack", "100"]
    status, got = run_json([*argv, "--seed", "1", "--out", str(tmp_path / "t.phhs")], capsys)
    assert status == 0 and got["finished"] is True and got["net"] is None
    assert [s["place"] for s in got["standings"]] == [1, 2, 3]
    assert sum(s["payout"] for s in got["standings"]) == 100  # prizes 65 and 35
    assert got["standings"][0]["chips_at_start"] == 300  # the winner holds every chip


def test_replay_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.phhs"
    assert main(["simulate", "--hands", "12", "--seed", "5", "--out", str(out)]) == 0
    shutil.copy(DATA / "bad-card.phh", tmp_path)
    shutil.copy(DATA / "bad-straddle.phh", tmp_path)
    capsys.readouterr()
    status, got = run_json(["replay", "--json", str(tmp_path)], capsys)
    assert status == 1  # a history failed
    assert set(got) == {
        "hands",
        "files",
        "skipped",
        "matched",
        "odd_chip",
        "unchecked",
        "unsupported",
        "damaged",
        "failed",
        "unsupported_variants",
        "unsupported_reasons",
        "sites",
        "failures",
        "damaged_hands",
    }
    assert got["files"] == 3 and got["hands"] == 14 and got["skipped"] == []
    assert got["matched"] == 12  # splitpot's own hands replay to their own stacks
    assert got["failed"] + got["unsupported"] == 2 and got["sites"] == []
    assert [f["status"] for f in got["failures"]] == ["error"] * got["failed"]
    assert any("bad-card.phh" in f["detail"] for f in got["failures"])


def test_replay_json_is_the_text_summary() -> None:
    outcomes = phh.check_files(sorted(str(p) for p in DATA.glob("*.phh")))
    got = _summary.replay(outcomes, 1)
    assert got["hands"] == len(outcomes)
    assert got["matched"] + got["odd_chip"] + got["unchecked"] + got["unsupported"] + got[
        "failed"
    ] == len(outcomes)


def test_progress_bars_show_the_rate_and_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_progress, "_DELAY", 0.0)
    monkeypatch.setattr(_progress, "_REDRAW", 0.0)
    out = io.StringIO()
    bar = _progress.Counted("simulating", "hand", out, tty_only=False)
    for done in range(1, 11):
        bar(done, 10)
    bar.close()
    text = out.getvalue()
    assert "simulating" in text and "10/10" in text and "hand/s" in text and "<" in text
    quiet = io.StringIO()  # not a terminal: no bar
    bar = _progress.Counted("simulating", "hand", quiet)
    bar(5, 10)
    bar.close()
    assert quiet.getvalue() == ""


def test_no_bar_when_stderr_is_not_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(_progress, "_DELAY", 0.0)
    assert main(["simulate", "--hands", "30", "--seed", "1"]) == 0
    assert capsys.readouterr().err == ""


def test_replay_json_names_what_it_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(DATA / "ft-heads-up.phh", tmp_path)
    fifo = tmp_path / "pipe.phh"
    os.mkfifo(fifo)  # opening it would block: it is named, not read
    status, got = run_json(["replay", "--json", str(tmp_path)], capsys)
    assert status == 1 and got["skipped"] == [str(fifo)]
    assert got["files"] == 1 and got["matched"] == 1
