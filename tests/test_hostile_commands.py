"""The command line and the files it reads and writes, under the hostile inputs of
../shared/review/reliability.md (issue 27): M7 (a folder 1,400 deep), M8 (``--samples``
without a cap), M10 (``show`` and ``convert`` holding a whole file), M11 (a FIFO named on the
command line), L3 (AttributeError for a wrong type) and the observation that ``--out``
followed symbolic links. One line and a status, never a traceback, a hang or a file replaced
through a link (docs/limits.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from splitpot import HOLDEM, Hand, NoLimit, phh, show, sites
from splitpot.cli import main
from splitpot.phh import HandHistory


def hands(count: int) -> list[HandHistory]:
    out = []
    for seed in range(count):
        hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=seed)
        hand.fold()
        out.append(HandHistory.from_hand(hand, hand=1000 + seed))
    return out


def one_line(err: str) -> str:
    assert "Traceback" not in err
    assert err.startswith("splitpot: ") and err.count("\n") == 1, err
    return err


# --------------------------------------------------------------------------- M7


def test_a_folder_thousands_deep_is_walked_without_recursion(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # RecursionError from Path.rglob before; the path is 2.8 KB, under PATH_MAX.
    folder = str(tmp_path)
    for _ in range(1400):
        folder += "/d"
        os.mkdir(folder)
    (Path(folder) / "x.phh").write_text(phh.dumps(hands(1)[0]))
    (tmp_path / "top.phh").write_text(phh.dumps(hands(1)[0]))
    try:
        assert main(["replay", "--quiet", str(tmp_path)]) == 0
        out = capsys.readouterr().out
        assert out.startswith("2 hands in 2 files") and "2 matched" in " ".join(out.split())
    finally:  # pytest's own clean-up (shutil.rmtree) recurses, and would fail on this tree
        os.remove(Path(folder) / "x.phh")
        while folder != str(tmp_path):
            os.rmdir(folder)
            folder = os.path.dirname(folder)


def test_the_walk_finds_what_rglob_finds_in_its_order(tmp_path: Path) -> None:
    from splitpot.phh.compare import _everything_under, find_files

    for name in ("a/b.phh", "a-c.phh", "a.b/c.phhs", "B/x.phh", "b/.h.phh", "z.txt", "é/é.phh"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    os.symlink(tmp_path, tmp_path / "loop")  # listed, not entered
    os.symlink(tmp_path / "nowhere", tmp_path / "dangling.phh")
    assert sorted(_everything_under(tmp_path)) == sorted(tmp_path.rglob("*"))
    skipped: list[str] = []
    found = find_files([tmp_path], skipped=skipped)
    assert [Path(f).relative_to(tmp_path).as_posix() for f in found] == [
        "B/x.phh",
        "a/b.phh",
        "a-c.phh",
        "a.b/c.phhs",
        "b/.h.phh",
        "é/é.phh",
    ]
    assert skipped == [str(tmp_path / "dangling.phh")]


# --------------------------------------------------------------------------- M11


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize(
    ("command", "status", "message"),
    [
        (["replay", "pipe.txt"], 1, "error: pipe.txt: cannot read: not a regular file"),
        (["replay", "pipe.phh"], 1, "error: pipe.phh: not a regular file"),
        (["show", "pipe.txt"], 2, "pipe.txt: cannot read: not a regular file"),
        (["show", "pipe.phh"], 2, "splitpot: pipe.phh: not a regular file"),
        (["convert", "pipe.txt"], 1, "splitpot: skipped pipe.txt: cannot read: not a regular"),
        (["import", "pipe.phh", "--db", "h.db"], 1, "pipe.phh: not a regular file"),
    ],
)
def test_a_fifo_named_on_the_command_line_is_refused_not_waited_on(
    command: list[str], status: int, message: str, tmp_path: Path
) -> None:
    for name in ("pipe.txt", "pipe.phh"):
        os.mkfifo(tmp_path / name)
    # The timeout only guards against the hang this test is about: open() of a FIFO waits
    # for a writer for ever. Pass or fail is the status and the message.
    done = subprocess.run(
        [sys.executable, "-m", "splitpot", *command],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == status, done.stderr
    assert message in done.stdout + done.stderr and "Traceback" not in done.stderr


# --------------------------------------------------------------------------- M8


@pytest.mark.parametrize("samples", [str(2**64), str(10**30), str(10**10), "0"])
def test_table_samples_have_a_documented_cap(
    samples: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # MemoryError traceback for 2**64; "cannot fit 'int' into an index-sized integer" for
    # 10**30; 3.2 GB allocated before any work for 10**10.
    out = str(tmp_path / "t.npz")
    argv = ["table", "build", "omaha8", "--classes", "AA32ds", "--samples", samples, "--out", out]
    assert main(argv) == 2
    err = one_line(capsys.readouterr().err)
    assert "samples must be an int 1..100000000" in err
    assert os.listdir(tmp_path) == []


# --------------------------------------------------------------------------- M10


def _counting(items: list[HandHistory], read: list[int]) -> Iterator[HandHistory]:
    for hh in items:
        read[0] += 1
        yield hh


def test_show_reads_only_as_far_as_it_needs_and_keeps_one_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # 121 MB to show one hand of a 20 MB file before: every hand was held.
    many = hands(50)
    read = [0]
    monkeypatch.setattr(show, "histories", lambda path, skipped: _counting(many, read))
    assert main(["show", "big.txt"]) == 0
    assert read[0] == 2  # the first, and whether there is a second
    out, err = capsys.readouterr()
    assert "has more hands; showing the first" in one_line(err) and "#1000" in out
    read[0] = 0
    assert main(["show", "big.txt", "--hand", "1003"]) == 0  # an id: it stops there
    assert read[0] == 4 and "#1003" in capsys.readouterr().out
    read[0] = 0
    assert main(["show", "big.txt", "--hand", "7"]) == 0  # a number: an id is looked for
    assert read[0] == 50 and "#1006" in capsys.readouterr().out
    assert main(["show", "big.txt", "--hand", "51"]) == 2
    assert "no hand '51' (an id, or a number 1..50)" in one_line(capsys.readouterr().err)


def test_convert_writes_each_hand_as_it_reads_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import contextlib
    import io

    from splitpot import _cli_histories

    many = hands(5)
    sink = io.StringIO()
    seen: list[int] = []
    marker = ["variant ="]  # how a written hand starts

    def watching(path: str, skipped: list[Any]) -> Iterator[HandHistory]:
        for hh in many:
            seen.append(sink.getvalue().count(marker[0]))  # written before this is read
            yield hh

    monkeypatch.setattr(show, "histories", watching)
    monkeypatch.setattr(_cli_histories, "output", lambda path: contextlib.nullcontext(sink))
    assert main(["convert", "in.txt", "--to", "phhs"]) == 0
    assert seen == [0, 1, 2, 3, 4]  # one hand held at a time
    assert [hh.hand for hh in phh.loads_all(sink.getvalue())] == [1000, 1001, 1002, 1003, 1004]
    sink.seek(0)
    sink.truncate()
    seen.clear()
    marker[0] = "PokerStars Hand #"
    assert main(["convert", "in.txt", "--to", "pokerstars"]) == 0
    assert seen == [0, 1, 2, 3, 4] and len(list(sites.read_text(sink.getvalue()))) == 5
    assert main(["convert", "in.txt", "--to", "phh"]) == 2
    assert "writes one hand, and more were read" in one_line(capsys.readouterr().err)


def test_convert_to_pokerstars_writes_what_it_wrote_before(tmp_path: Path) -> None:
    path = tmp_path / "two.phhs"
    phh.dump_all(hands(2), path)
    out = tmp_path / "stars.txt"
    assert main(["convert", str(path), "--to", "pokerstars", "--out", str(out)]) == 0
    assert out.read_text() == sites.dumps_pokerstars(phh.load_all(path)) + "\n"


# --------------------------------------------------------------------------- L3


@pytest.mark.parametrize(
    ("call", "value"),
    [
        (sites.to_pokerstars, None),
        (show.render_html, None),
        (show.render_text, "x"),
        (phh.replay, 5),
    ],
)
def test_a_wrong_type_is_a_type_error_naming_the_argument(call: Any, value: object) -> None:
    with pytest.raises(TypeError, match=r"history must be a splitpot\.phh\.HandHistory, got"):
        call(value)


# --------------------------------------------------------------------------- --out


def test_out_never_replaces_a_file_through_a_symbolic_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "elsewhere"
    other.mkdir()
    precious = other / "notes.txt"
    precious.write_text("keep me")
    (tmp_path / "out.phhs").symlink_to(precious)
    (tmp_path / "dangling.phhs").symlink_to(other / "created.phhs")
    for name in ("out.phhs", "dangling.phhs"):
        link = tmp_path / name
        assert main(["simulate", "--hands", "2", "--out", str(link)]) == 1
        err = one_line(capsys.readouterr().err)
        assert f"cannot write {link}: a symbolic link" in err
        assert link.is_symlink()
    assert precious.read_text() == "keep me" and os.listdir(other) == ["notes.txt"]
    assert sorted(os.listdir(tmp_path)) == ["dangling.phhs", "elsewhere", "out.phhs"]


def test_a_saved_table_is_not_written_through_a_link_either(tmp_path: Path) -> None:
    from splitpot import tables

    table = tables.preflop_equity("holdem", classes=["AA", "KK"])
    (tmp_path / "real.npz").write_bytes(b"old")
    (tmp_path / "t.npz").symlink_to(tmp_path / "real.npz")
    with pytest.raises(OSError, match="a symbolic link"):
        tables.save(table, tmp_path / "t.npz")
    assert (tmp_path / "real.npz").read_bytes() == b"old"


def test_a_link_to_a_device_is_written_in_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "null.phhs").symlink_to(os.devnull)
    assert main(["simulate", "--hands", "1", "--out", str(tmp_path / "null.phhs")]) == 0
    assert (tmp_path / "null.phhs").is_symlink()


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write any file"
)
def test_a_read_only_file_is_refused_as_the_shell_refuses_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "kept.phhs"
    out.write_text("read-only")
    out.chmod(0o444)
    assert main(["simulate", "--hands", "1", "--out", str(out)]) == 1
    assert f"cannot write {out}: Permission denied" in one_line(capsys.readouterr().err)
    assert out.read_text() == "read-only"


def test_a_file_that_may_not_be_written_is_refused_before_anything_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Writing through a temporary file and a rename replaced a file made read-only (0444),
    # where the shell's > says "Permission denied". As root every file may be written, so
    # the permission is the one os.access() reports.
    out = tmp_path / "kept.phhs"
    out.write_text("read-only")
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    assert main(["simulate", "--hands", "1", "--out", str(out)]) == 1
    assert f"cannot write {out}: Permission denied" in one_line(capsys.readouterr().err)
    assert out.read_text() == "read-only" and os.listdir(tmp_path) == ["kept.phhs"]
