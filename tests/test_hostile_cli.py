"""The command line under the bad invocations of ../shared/review/reliability.md M-6 (issue 15):
one line ``splitpot: ...`` on stderr, status 2 for bad arguments and 1 for files that fail,
never a traceback, never a hang, and no partial ``--out`` file."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from splitpot import phh
from splitpot.cli import main

BASE = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
"""
DEAL = '"d dh p1 AsAh", "d dh p2 7c2d"'


def one_line(err: str) -> str:
    assert "Traceback" not in err
    assert err.startswith("splitpot: ") and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--structure", "spread"], "unknown betting structure 'spread'"),
        (["simulate", "--stack", "0"], "must be > 0, got 0"),
        (["simulate", "--stack", "-5"], "must be > 0, got -5"),
        (["simulate", "--ante", "-1"], "ante must be >= 0, got -1"),
        (["simulate", "--stakes", "0/0"], "big_blind must be > 0, got 0"),
        (["simulate", "--game", "nope"], "unknown game 'nope'"),
        (["play", "--players", "1"], "played by 2 to 10 players, got 1"),
        (["play", "--seat", "9"], "seat must be 0..5, got 9"),
        (["play", "--stakes", "a/b"], "--stakes takes SMALL/BIG, got 'a/b'"),
        (["equity", "--samples", str(10**30), "AsKs", "QdQc"], ""),  # OverflowError (L-3)
        (["equity", "--threads", str(10**30), "AsKs", "QdQc"], ""),
        (["simulate", "--players", str(10**9)], "played by 2 to 10 players, got 1000000000"),
        (["play", "--players", str(10**9)], "played by 2 to 10 players, got 1000000000"),
        (["simulate", "--players", str(10**20)], "played by 2 to 10 players"),
        (["simulate", "--game", "stud", "--players", "9"], "played by 2 to 8 players, got 9"),
        (["simulate", "--tournament", "--players", str(10**9)], "at most 1000, got 1000000000"),
        (["replay", "--jobs", str(10**20), "x.phh"], "jobs must be 1..64"),
        (["replay", "--jobs", "0", "x.phh"], "jobs must be 1..64, got 0"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    if argv[0] == "replay":
        (tmp_path / "x.phh").write_text(BASE + "actions = []\n")
        argv = [*argv[:-1], str(tmp_path / "x.phh"), str(tmp_path / "x.phh")]
    assert main(argv) == 2
    assert message in one_line(capsys.readouterr().err)


def test_stud_is_a_game_now(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # M-6 listed `--game stud` as a traceback; stud is played since issue 12.
    assert main(["simulate", "--game", "stud", "--hands", "2", "--seed", "1"]) == 0
    hands = phh.loads_all(capsys.readouterr().out)
    assert [h.variant for h in hands] == ["N7S", "N7S"]  # no limit by default
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--game", "stud", "--seed", "1"]) == 0


def _unwritable() -> list[tuple[str, str]]:
    cases = [("/nonexistent/dir/x.phhs", "No such file or directory")]
    if os.path.exists("/dev/full"):
        cases.append(("/dev/full", "No space left on device"))
    return cases


@pytest.mark.parametrize(("out", "reason"), [*_unwritable(), ("DIR", "Is a directory")])
def test_an_out_file_that_cannot_be_written_is_one_line_naming_it_and_status_1(
    out: str, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path) if out == "DIR" else out
    assert main(["simulate", "--hands", "3", "--out", out]) == 1
    err = one_line(capsys.readouterr().err)
    assert f"cannot write {out}: {reason}" in err
    assert os.listdir(tmp_path) == []  # no temporary file left behind


def test_out_is_written_whole_or_not_at_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "hands.phhs"
    assert main(["simulate", "--hands", "3", "--seed", "2", "--out", str(out)]) == 0
    first = out.read_text()
    assert len(phh.loads_all(first)) == 3
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask  # not mkstemp's private 0600
    # A run stopped half-way (Ctrl-C at the third hand) leaves the old file as it was.
    import splitpot.bots

    played = splitpot.bots.play_bots
    count = [0]

    def stop_at_the_third(*args: object, **kwargs: object) -> object:
        count[0] += 1
        if count[0] == 3:
            raise KeyboardInterrupt
        return played(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(splitpot.bots, "play_bots", stop_at_the_third)
    capsys.readouterr()
    assert main(["simulate", "--hands", "5", "--seed", "9", "--out", str(out)]) == 130
    assert capsys.readouterr().err == "splitpot: interrupted\n"
    assert out.read_text() == first and sorted(os.listdir(tmp_path)) == ["hands.phhs"]


def test_out_to_a_device_is_written_in_place(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "1", "--out", os.devnull]) == 0
    assert os.path.exists(os.devnull) and not os.path.isfile(os.devnull)


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("name", "text", "reason"),
    [
        (
            "one-player.phh",
            'variant = "NT"\nantes = [0]\nblinds_or_straddles = [0]\nmin_bet = 2\n'
            "starting_stacks = [10]\nactions = []\nante_trimming_status = true\n",
            "played by 2 to 10 players",
        ),
        ("deep.phh", BASE + "actions = []\nx = " + "[" * 1000 + "]" * 1000, "nested more than 16"),
        (
            "rake.phh",
            BASE + f'actions = [{DEAL}, "p2 f"]\n_splitpot_rake = {{percent = "1/0"}}\n',
            "bad _splitpot_rake",
        ),
        ("zeros.phh", BASE + f'actions = [{DEAL}, "p2 cbr 1{"0" * 5000}"]\n', "not an amount"),
        ("e9999.phh", BASE + f'actions = [{DEAL}, "p2 cbr 1e9999"]\n', "not an amount"),
        ("e1e9.phh", BASE + f'actions = [{DEAL}, "p2 cbr 1e999999999"]\n', "not an amount"),
        ("seats.phh", BASE + f'actions = [{DEAL}, "p2 f"]\nseat_count = 100000000\n', "10 seats"),
    ],
)
def test_replay_of_a_hostile_file_fails_it_with_status_1(
    name: str, text: str, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # M-6: IndexError, RecursionError, ZeroDivisionError, the 4300-digit ValueError and
    # MemoryError were tracebacks; 1e999999999 hung.
    path = _write(tmp_path, name, text)
    assert main(["replay", "--quiet", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "       1 failed" in captured.out and reason in captured.out
    assert "Traceback" not in captured.out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_replay_of_a_folder_with_a_fifo_does_not_hang(tmp_path: Path) -> None:
    # M-6: find_files listed a FIFO named x.phh, and open() blocked for ever.
    _write(
        tmp_path, "good.phh", BASE + f'actions = [{DEAL}, "p2 f"]\nfinishing_stacks = [101, 99]\n'
    )
    os.mkfifo(tmp_path / "x.phh")
    for paths in ([tmp_path], [tmp_path / "x.phh"]):
        args = [sys.executable, "-m", "splitpot", "replay", "--quiet", *map(str, paths)]
        done = subprocess.run(args, capture_output=True, text=True, timeout=120)
        assert done.returncode == 1 and "Traceback" not in done.stderr
        if paths == [tmp_path]:
            assert done.stderr == f"splitpot: skipped {tmp_path / 'x.phh'}: not a regular file\n"
            assert "       1 matched" in done.stdout
        else:
            assert "not a regular file" in done.stdout and done.stderr == ""


def test_an_error_message_is_one_line_however_long(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--stakes", "a\nb/" + "c" * 5000]) == 2
    err = one_line(capsys.readouterr().err)
    assert len(err) <= 520


def test_interrupted_is_status_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("splitpot.tui.play_session", interrupt)
    assert main(["play"]) == 130
    assert capsys.readouterr().err == "splitpot: interrupted\n"
