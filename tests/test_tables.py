"""Preflop tables (splitpot/tables.py): every checked Hold'em entry against direct exact
enumeration of all its concrete hand pairs, published values, and the same table on every
executor."""

from __future__ import annotations

import itertools
import multiprocessing
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import splitpot as sp
from conftest import need
from splitpot import tables
from splitpot.cli import main

RANKS = "AKQJT98765432"
DECK = [r + s for r in RANKS for s in "cdhs"]

# Pairs, suited, offsuit, overlapping ranks (AKs vs AQo, AA vs AKs), a class against itself.
SAMPLE = [
    ("AA", "KK"),
    ("AKs", "AQo"),
    ("AA", "AKs"),
    ("T9s", "72o"),
    ("QQ", "QQ"),
    ("AKo", "AKo"),
    ("KQs", "KQs"),
]
SUBSET = sorted({c for pair in SAMPLE for c in pair} | {"AKs", "AKo", "QQ"})


def class_of(hand: tuple[str, str]) -> str:
    """The class of two cards, written here from the cards alone (not from tables.py)."""
    a, b = sorted(hand, key=lambda c: RANKS.index(c[0]))
    if a[0] == b[0]:
        return a[0] + b[0]
    return a[0] + b[0] + ("s" if a[1] == b[1] else "o")


def direct(hero: str, villain: str) -> tuple[float, float, float, int]:
    """Mean exact equity, win and tie over every concrete pair sharing no card."""
    hands = list(itertools.combinations(DECK, 2))
    ours = [h for h in hands if class_of(h) == hero]
    theirs = [h for h in hands if class_of(h) == villain]
    pairs = [(h1, h2) for h1 in ours for h2 in theirs if not set(h1) & set(h2)]
    results = [sp.equity("holdem", ["".join(h1), "".join(h2)], exact=True) for h1, h2 in pairs]
    first = [r.players[0] for r in results]
    n = len(pairs)
    return (
        sum(p.equity for p in first) / n,
        sum(p.win for p in first) / n,
        sum(p.tie for p in first) / n,
        n,
    )


@pytest.fixture(scope="module")
def holdem() -> tables.EquityTable:
    return tables.preflop_equity("holdem", classes=SUBSET)


@pytest.mark.parametrize(("hero", "villain"), SAMPLE)
def test_an_entry_is_the_mean_over_every_concrete_pair(
    holdem: tables.EquityTable, hero: str, villain: str
) -> None:
    eq, win, tie, n = direct(hero, villain)
    e = holdem.entry(hero, villain)
    assert e["count"] == n
    assert e["equity"] == pytest.approx(eq, abs=1e-12)
    assert e["win"] == pytest.approx(win, abs=1e-12)
    assert e["tie"] == pytest.approx(tie, abs=1e-12)


def test_the_pair_counts_are_the_combinatorial_ones(holdem: tables.EquityTable) -> None:
    # AA v KK: 6 x 6; AA v AA: the one other pair of aces; AKs v AKs: 4 x 3;
    # AKo v AKo: with AhKs taken, an ace of 3 suits and a king of 3 suits, not both the same
    # of the two shared suits (c, d): 9 - 2 = 7, times 12.
    counts = {(a, b): holdem.entry(a, b)["count"] for a, b in SAMPLE}
    assert counts[("AA", "KK")] == 36
    assert counts[("QQ", "QQ")] == 6
    assert counts[("KQs", "KQs")] == 12
    assert counts[("AKo", "AKo")] == 84


def test_the_table_is_symmetric(holdem: tables.EquityTable) -> None:
    for a in holdem.rows:
        for b in holdem.rows:
            ab, ba = holdem.entry(a, b), holdem.entry(b, a)
            assert ab["equity"] + ba["equity"] == pytest.approx(1.0, abs=1e-12)
            assert ab["tie"] == pytest.approx(ba["tie"], abs=1e-15)
            assert ab["win"] + ab["tie"] + ba["win"] == pytest.approx(1.0, abs=1e-12)
            assert ab["count"] == ba["count"]
    for a in holdem.rows:
        assert holdem.entry(a, a)["equity"] == pytest.approx(0.5, abs=1e-12)


def test_published_values(holdem: tables.EquityTable) -> None:
    # AA v KK 81.95% (PokerStove, Equilab, and every preflop chart); AKo v QQ 43.24%
    # (pokerfortress.com, "Ace King vs. Pocket Queens"); AKs v QQ "46%" in the same.
    assert round(holdem.entry("AA", "KK")["equity"], 4) == 0.8195
    assert round(holdem.entry("AKo", "QQ")["equity"], 4) == 0.4324
    assert round(holdem.entry("AKs", "QQ")["equity"], 2) == 0.46


def test_the_canonical_matchups_of_a_subset() -> None:
    # AA v AA: the aces' suits and the other two, one pattern; AA v KK: the kings share
    # 0, 1 or 2 of the aces' suits.
    assert len(tables.holdem_matchups(["AA"])) == 1
    assert len(tables.holdem_matchups(["AA", "KK"])) == 1 + 3 + 1


def test_the_matchups_the_table_stands_for(holdem: tables.EquityTable) -> None:
    # The core's count of pairs of hands up to suits, against the listing in Python.
    assert holdem.matchups == len(tables.holdem_matchups(SUBSET))


def test_the_suit_aware_table() -> None:
    classes = ["AA", "KK", "AKs", "T9o"]
    rows = tables.preflop_equity("holdem", classes=classes, suits=True)
    by_class = tables.preflop_equity("holdem", classes=classes)
    assert rows.rows == ("AdAc", "KdKc", "AcKc", "TcNd".replace("N", "9"))
    assert len(rows.columns) == 6 + 6 + 4 + 12 and rows.matchups == by_class.matchups
    # An entry is the exact equity of the two hands; sharing a card, no entry.
    for hero, villain in [("AdAc", "KsKh"), ("AcKc", "AhKh"), ("Tc9d", "KdKc"), ("AcKc", "Td9c")]:
        e, want = rows.entry(hero, villain), sp.equity("holdem", [hero, villain]).players[0]
        assert e["count"] == 1 and e["equity"] == pytest.approx(want.equity, abs=1e-12)
        assert e["win"] == pytest.approx(want.win, abs=1e-12)
    assert rows.entry("AdAc", "AhAd")["count"] == 0 == rows.entry("AdAc", "AhAd")["equity"]
    # The class entry is the mean of its representative's row over the class's hands.
    for i, a in enumerate(classes):
        hero = rows.rows[i]
        for b in classes:
            cells = [rows.entry(hero, v) for v in rows.columns if class_of((v[:2], v[2:])) == b]
            n = sum(c["count"] for c in cells)
            mean = sum(c["equity"] for c in cells) / n
            assert mean == pytest.approx(by_class.entry(a, b)["equity"], abs=1e-12)


@pytest.mark.slow
def test_the_full_table_counts_every_pair_of_hands() -> None:
    keys = tables.holdem_matchups()
    assert len(keys) == 47_008
    total = sum(
        n
        for a in tables.HOLDEM_CLASSES
        for b in tables.HOLDEM_CLASSES
        for _, _, n in tables._class_patterns(a, b)
    )
    assert total == 1326 * 1225


def test_the_classes_are_the_grid() -> None:
    assert len(tables.HOLDEM_CLASSES) == 169
    assert tables.HOLDEM_CLASSES[:3] == ("AA", "AKs", "AQs")
    assert tables.HOLDEM_CLASSES[13:15] == ("AKo", "KK")
    hands = list(itertools.combinations(DECK, 2))
    assert {class_of(h) for h in hands} == set(tables.HOLDEM_CLASSES)


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "HOLDEM_CHUNKS", 7)
    monkeypatch.setattr(tables, "OMAHA_CHUNK", 1)


OMAHA = ["AA32ds", "KKQQds", "7652r", "AKQJm"]


@pytest.fixture(scope="module")
def spawn_pool() -> Iterator[ProcessPoolExecutor]:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        yield pool


def test_the_same_table_on_every_executor(
    holdem: tables.EquityTable,
    small_chunks: None,
    spawn_pool: ProcessPoolExecutor,
    dask_cluster: Any,
) -> None:
    distributed = need("distributed", "dask")
    classes = ["AA", "KK", "AKs", "QQ"]
    here = tables.preflop_equity("holdem", classes=classes)
    omaha = tables.preflop_equity("omaha8", classes=OMAHA, samples=300, seed=5)
    with distributed.Client(dask_cluster) as client:
        for executor in (spawn_pool, client):
            assert tables.preflop_equity("holdem", classes=classes, executor=executor) == here
            got = tables.preflop_equity(
                "omaha8", classes=OMAHA, samples=300, seed=5, executor=executor
            )
            assert got == omaha
    for a in classes:  # and the same entries as the bigger table's
        for b in classes:
            assert here.entry(a, b) == holdem.entry(a, b)


def test_an_omaha_entry_does_not_depend_on_its_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = tables.preflop_equity("omaha8", classes=OMAHA, samples=120, seed=9)
    monkeypatch.setattr(tables, "OMAHA_CHUNK", 1)
    alone = tables.preflop_equity("omaha8", classes=OMAHA[2:3], samples=120, seed=9)
    assert alone.entry("7652r") == whole.entry("7652r")
    other = tables.preflop_equity("omaha8", classes=OMAHA[2:3], samples=120, seed=10)
    assert other.entry("7652r") != whole.entry("7652r")


def test_omaha_entries_add_up() -> None:
    t = tables.preflop_equity("omaha8", classes=OMAHA, samples=2_000, seed=1)
    for c in OMAHA:
        e = t.entry(c)
        assert e["equity"] == pytest.approx(e["high"] + e["low"], abs=1e-12)
        assert 0 <= e["quarter"] <= e["equity"] and e["scoop"] <= e["equity"] + 1e-12
        assert 0 < e["stderr"] < 0.05 and e["count"] == 2_000
    # A K Q J holds one card 8 or lower, and a low needs two of the hand's: never a low.
    assert t.entry("AKQJm")["low"] == 0.0
    # Double-suited aces with a wheel draw beat a random hand; 7652 rainbow is behind.
    assert t.entry("AA32ds")["equity"] > 0.65 > 0.5 > t.entry("7652r")["equity"]


def test_omaha_classes_are_read_by_the_core() -> None:
    # A class is a pattern of the Omaha range syntax: the core expands it (AA32ds: the two
    # aces' suits, each with the 3 or the 2, 6 x 2 ways).
    assert len(tables._members("AA32ds")) == 12
    assert len(tables._members("AA**ds")) == 864  # a range, not a class: no row of a table
    with pytest.raises(sp.SplitpotError, match="unknown starting-hand class"):
        tables.preflop_equity("omaha8", classes=["AA**ds"], samples=10)


def test_the_omaha_classes() -> None:
    classes = tables.omaha_classes()
    assert len(set(classes)) == len(classes)
    # Each hand of some ranks is in exactly one of their classes.
    for ranks, hands in (("AAKK", 6 * 6), ("AKQJ", 4**4), ("AAAK", 4 * 4), ("7652", 4**4)):
        found = [h for c in classes if c[:4] == ranks for h in tables._members(c)]
        assert len(found) == len(set(found)) == hands
    # Four ranks: any of the 5 shapes; a pair: not one suit; two pairs: at most 2 in a suit
    # (r, ss, ds); trips: r, ss; quads: r.
    assert len(classes) == 715 * 5 + 13 * 66 * 4 + 78 * 3 + 13 * 12 * 2 + 13 == 7566
    # AAKK double-suited: the kings in the aces' two suits, 6 ways; one suit: 4; quads: 1.
    assert len(tables._members("AAKKds")) == 6
    assert len(tables._members("AKQJm")) == 4
    assert len(tables._members("AAAAr")) == 1
    assert "AAKKm" not in classes and "AAAAds" not in classes


@pytest.mark.parametrize("suffix", [".npz", ".parquet"])
def test_save_and_load(holdem: tables.EquityTable, tmp_path: Path, suffix: str) -> None:
    if suffix == ".parquet":
        need("pyarrow", "parquet")
    omaha = tables.preflop_equity("omaha8", classes=OMAHA[:2], samples=100, seed=3)
    for table in (holdem, omaha):
        path = tmp_path / f"t{suffix}"
        tables.save(table, path)
        assert tables.load(path) == table
    assert [p.name for p in tmp_path.iterdir()] == [f"t{suffix}"]  # no temporary file left


def test_parquet_without_pyarrow_names_the_extra(
    holdem: tables.EquityTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    hint = r'pip install pyarrow, or pip install "\.\[parquet\]"'
    with pytest.raises(sp.SplitpotError, match=hint):
        tables.save(holdem, tmp_path / "t.parquet")
    assert list(tmp_path.iterdir()) == []


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(sp.SplitpotError, match="'AKx'"):
        tables.preflop_equity("holdem", classes=["AA", "AKx"])
    with pytest.raises(sp.SplitpotError, match="exact"):
        tables.preflop_equity("holdem", classes=["AA"], samples=10)
    with pytest.raises(sp.SplitpotError, match="razz"):
        tables.preflop_equity("razz")
    with pytest.raises(sp.SplitpotError, match="samples"):
        tables.preflop_equity("omaha8", classes=["AA32ds"], samples=0)
    with pytest.raises(sp.SplitpotError, match=r"\.csv"):
        tables.check_path("t.csv")


def test_an_output_folder_that_cannot_take_the_file_is_refused_before_the_build(
    holdem: tables.EquityTable, tmp_path: Path
) -> None:
    with pytest.raises(sp.SplitpotError, match="cannot write in the folder"):
        tables.check_path(tmp_path / "missing" / "t.npz")
    tables.save(holdem, tmp_path / "t.npz")
    tables.check_path(tmp_path / "missing" / "t.npz", write=False)  # reading checks no folder
    assert tables.load(tmp_path / "t.npz") == holdem


def test_progress_counts_chunks(small_chunks: None) -> None:
    seen: list[tuple[int, int]] = []
    tables.preflop_equity("holdem", classes=["AA", "KK"], progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, 7) for i in range(1, 8)]  # the boards in 7 slices


def test_cli_builds_the_suit_aware_table(tmp_path: Path) -> None:
    out = tmp_path / "s.npz"
    assert (
        main(["table", "build", "holdem", "--suits", "--classes", "AA,KK", "--out", str(out)]) == 0
    )
    t = tables.load(out)
    assert t.rows == ("AdAc", "KdKc") and len(t.columns) == 12
    assert t == tables.preflop_equity("holdem", classes=["AA", "KK"], suits=True)
    assert main(["table", "build", "omaha8", "--suits", "--out", str(out)]) == 2


def test_cli_builds_a_table(
    holdem: tables.EquityTable, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t.npz"
    assert main(["table", "build", "holdem", "--classes", "AA,KK", "--out", str(out)]) == 0
    t = tables.load(out)
    assert t.rows == ("AA", "KK") and t.entry("AA", "KK") == holdem.entry("AA", "KK")
    assert "2 x 2 holdem entries" in capsys.readouterr().err


def test_cli_on_a_scheduler(tmp_path: Path, dask_cluster: Any) -> None:
    out = tmp_path / "t.npz"
    argv = ["table", "build", "omaha8", "--classes", "AA32ds", "--samples", "100", "--seed", "2"]
    assert main([*argv, "--out", str(out), "--quiet"]) == 0
    here = tables.load(out)
    address = dask_cluster.scheduler_address
    assert main([*argv, "--out", str(out), "--quiet", "--scheduler", address]) == 0
    assert tables.load(out) == here


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["holdem", "--classes", "AA,XX", "--out", "t.npz"], "unknown starting-hand class 'XX'"),
        (["holdem", "--samples", "5", "--out", "t.npz"], "--samples and --seed are for omaha8"),
        (["holdem", "--out", "t.csv"], "saved as .parquet or .npz"),
    ],
)
def test_cli_errors_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["table", "build", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
