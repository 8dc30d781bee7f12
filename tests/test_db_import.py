"""``splitpot import``: the same database however often and however it is run, a transaction
per file, damaged files reported and the rest imported, and the rows true to the hands.

The shared data (../shared/data: the PHH corpus and three folders of real sites' files) is
imported when it is beside the checkout; the tests say so when they skip.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import SHARED
from db_hands import database, nl
from splitpot import phh
from splitpot.betting import NoLimit, PotLimit
from splitpot.bots import SimpleBot, play_bots
from splitpot.cli import main
from splitpot.db import importing, schema, summary
from splitpot.db.importing import import_paths
from splitpot.games import game
from splitpot.hand import Hand

DATA = SHARED / "data"
SITES = [DATA / name for name in ("site-histories", "site-histories-2", "site-histories-3")]
CORPUS = DATA / "phh-dataset-10088-pokerkit-df30bd0.tar.gz"


def dump(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in primary-key order."""
    with sqlite3.connect(db) as c:
        return {t: c.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in schema.TABLES}


def bot_hands(count: int, seed: int = 0, code: str = "holdem") -> list[phh.HandHistory]:
    """``count`` six-handed hands among the bots, with names."""
    out = []
    structure = NoLimit(1, 2) if code == "holdem" else PotLimit(1, 2)
    for i in range(count):
        hand = Hand(
            game(code), structure, [200, 150, 300, 120, 250, 90], button=i % 6, seed=seed + i
        )
        play_bots(hand, [SimpleBot(seed * 7 + i * 6 + k, aggression=0.6) for k in range(6)])
        names = [f"n{(i + k) % 9}" for k in range(6)]
        out.append(phh.HandHistory.from_hand(hand, players=names))
    return out


def write_files(folder: Path, hands: list[phh.HandHistory], per_file: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(0, len(hands), per_file):
        path = folder / f"f{i // per_file:04}.phhs"
        with path.open("w", encoding="utf-8") as f:
            phh.dump_all(hands[i : i + per_file], f)
        paths.append(path)
    return paths


# --------------------------------------------------------------------------- the same database


def test_a_second_import_and_a_copy_add_nothing(tmp_path: Path) -> None:
    write_files(tmp_path / "in", bot_hands(30), per_file=7)
    db = tmp_path / "hands.db"
    first = import_paths([tmp_path / "in"], db)
    assert (first.files, first.added, first.errors) == (5, 30, 0)
    once = dump(db)
    again = import_paths([tmp_path / "in"], db)
    assert (again.unchanged, again.added) == (5, 0)
    assert dump(db) == once
    # The same files elsewhere: new file rows, no new hand.
    os.rename(tmp_path / "in", tmp_path / "moved")
    moved = import_paths([tmp_path / "moved"], db)
    assert (moved.hands, moved.added, moved.duplicates) == (30, 0, 30)
    after = dump(db)
    assert {k: v for k, v in after.items() if k != "files"} == {
        k: v for k, v in once.items() if k != "files"
    }


def test_a_grown_file_adds_only_its_new_hands(tmp_path: Path) -> None:
    hands = bot_hands(5)
    path = tmp_path / "day.phhs"
    phh.dump_all(hands[:3], path)
    db = tmp_path / "hands.db"
    assert import_paths([path], db).added == 3
    phh.dump_all(hands, path)  # the site appended two hands to the day's file
    report = import_paths([path], db)
    assert (report.hands, report.added, report.duplicates) == (5, 2, 3)
    assert_summary_is_the_seats(db)
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT hands, added FROM files").fetchall() == [(5, 5)]
    fresh = tmp_path / "fresh.db"
    import_paths([path], fresh)
    assert dump(fresh)["hands"] == dump(db)["hands"]


def test_worker_processes_write_the_same_rows(tmp_path: Path) -> None:
    write_files(tmp_path / "in", bot_hands(24, seed=3), per_file=2)
    one, two = tmp_path / "one.db", tmp_path / "two.db"
    import_paths([tmp_path / "in"], one)
    import_paths([tmp_path / "in"], two, jobs=2, files_per_chunk=1)
    assert dump(one) == dump(two)


def test_dask_writes_the_same_rows(dask_cluster: Any, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    write_files(tmp_path / "in", bot_hands(16, seed=5, code="omaha8"), per_file=3)
    here, there = tmp_path / "here.db", tmp_path / "there.db"
    import_paths([tmp_path / "in"], here)
    with distributed.Client(dask_cluster) as client:
        import_paths([tmp_path / "in"], there, executor=client, files_per_chunk=2)
    assert dump(here) == dump(there)
    by_cli = tmp_path / "cli.db"
    argv = ["import", str(tmp_path / "in"), "--db", str(by_cli), "--quiet"]
    assert main([*argv, "--scheduler", dask_cluster.scheduler_address]) == 0
    assert dump(by_cli) == dump(here)


@pytest.mark.skipif(not SITES[0].is_dir(), reason=f"the sites' histories are not in {DATA}")
def test_a_sites_folder_imported_twice_is_the_same_database(tmp_path: Path) -> None:
    """The first folder (875 hands); the slow test below imports all of the shared data."""
    folders = SITES[:1]
    db = tmp_path / "sites.db"
    first = import_paths(folders, db, jobs=2)
    # The readers of issue 26: a Winamax raise over an all-in now plays (it was refused),
    # the stud bring-in past an all-in low card is refused naming the difference (it was an
    # error), and the three damaged hands are the file's problems. The four boards run
    # twice or three times are read (they were refused), and so are the three cash-outs
    # and the two capped hands (docs/sites.md).
    assert (first.hands, first.unsupported, first.errors) == (810, 62, 3)
    once = dump(db)
    second = import_paths(folders, db, jobs=2)
    assert (second.unchanged, second.added) == (first.files, 0)
    assert dump(db) == once
    check_invariants(db)


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS.exists(), reason=f"the PHH corpus is not in {DATA}")
def test_all_of_the_shared_data_imported_twice_is_the_same_database(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    with tarfile.open(CORPUS) as tar:
        tar.extractall(root, filter="data")
    paths = [root, *(p for p in SITES if p.is_dir())]
    db = tmp_path / "all.db"
    first = import_paths(paths, db, jobs=2)
    assert first.added > 10_000
    once = dump(db)
    import_paths(paths, db, jobs=2)
    assert dump(db) == once
    check_invariants(db)


def check_invariants(db: Path) -> None:
    """What the rows must say of every hand: chips conserved, the pots the chips put in, the
    shares of an all-in the pot, and the VPIP flag what the actions table says."""
    with sqlite3.connect(db) as c:
        bad = c.execute(
            "SELECT h.hand_id FROM hands h JOIN (SELECT hand_id, SUM(contributed) put, "
            "SUM(net) net, SUM(allin_ev) ev FROM seats GROUP BY hand_id) s "
            "ON s.hand_id = h.hand_id WHERE s.put != h.pot "
            "OR (h.format != 'pan' AND h.checked = 'match' AND s.net != -h.rake) "
            "OR (h.ev = 'exact' AND abs(s.ev - h.pot) > 1e-6)"
        ).fetchall()
        assert bad == []
        pots = c.execute(
            "SELECT h.hand_id FROM hands h JOIN (SELECT hand_id, SUM(amount) a FROM pots "
            "GROUP BY hand_id) p ON p.hand_id = h.hand_id WHERE p.a != h.pot"
        ).fetchall()
        assert pots == []
        vpip = c.execute(
            "SELECT COUNT(*) FROM seats s WHERE s.vpip != EXISTS (SELECT 1 FROM actions a "
            "WHERE a.hand_id = s.hand_id AND a.seat = s.seat AND a.street = 0 "
            "AND a.kind IN ('call', 'bet', 'raise'))"
        ).fetchone()
        assert vpip == (0,)
    assert_summary_is_the_seats(db)


def assert_summary_is_the_seats(db: Path) -> None:
    """The summary the imports kept, file by file, is the one made from every seat at once."""
    kept = dump(db)["summary"]
    with sqlite3.connect(db, isolation_level=None) as c:
        c.execute("BEGIN")
        summary.rebuild(c)
        made = c.execute("SELECT * FROM summary ORDER BY 1, 2").fetchall()
        c.execute("ROLLBACK")
    assert kept and rounded(kept) == rounded(made)


def rounded(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Rows with their real numbers (sums of big blinds and of EV, added in another order)
    to 9 places."""
    return sorted(tuple(round(v, 9) if isinstance(v, float) else v for v in r) for r in rows)


@pytest.mark.skipif(not SITES[0].is_dir(), reason=f"the sites' histories are not in {DATA}")
def test_the_sites_statement_is_what_the_database_says(tmp_path: Path) -> None:
    """Net, collected and rake from the files themselves, read by the sites' reader, without
    the importer: each imported hand's seats say what its site says."""
    from splitpot.sites import read_file

    db = tmp_path / "sites.db"
    import_paths([SITES[0]], db)
    want = {}
    for path in sorted(SITES[0].rglob("*.txt")):
        for hh in read_file(path):
            if isinstance(hh, phh.HandHistory) and hh.finishing_stacks and hh.players:
                site = hh.user_fields["_site"]
                for k, name in enumerate(hh.players):
                    net = hh.finishing_stacks[k] - hh.starting_stacks[k]
                    want[(f"{site}|{hh.hand}", name)] = (net, hh.winnings[k])
    with sqlite3.connect(db) as c:
        got = {
            (key, name): (net, won)
            for key, name, net, won in c.execute(
                "SELECT h.hand_key, p.name, s.net, s.collected FROM seats s "
                "JOIN hands h ON h.hand_id = s.hand_id JOIN players p ON p.player_id = s.player_id"
            )
        }
    assert got and all(want[k] == v for k, v in got.items())


# --------------------------------------------------------------------------- transactions


def test_a_crash_in_the_middle_of_a_file_leaves_the_database_as_before_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_files(tmp_path / "in", bot_hands(9), per_file=3)
    db = tmp_path / "hands.db"
    written: list[int] = []
    real = importing._Writer._rows

    def failing(self: Any, tables: Any, hand_id: int, *args: Any) -> None:
        written.append(hand_id)
        if len(written) == 5:  # the second hand of the second file
            raise KeyboardInterrupt
        real(self, tables, hand_id, *args)

    monkeypatch.setattr(importing._Writer, "_rows", failing)
    with pytest.raises(KeyboardInterrupt):
        import_paths([tmp_path / "in"], db)
    monkeypatch.setattr(importing._Writer, "_rows", real)
    rows = dump(db)
    assert len(rows["files"]) == 1 and len(rows["hands"]) == 3
    assert {r[0] for r in rows["seats"]} == {1, 2, 3}
    first = tmp_path / "first.db"
    import_paths(sorted((tmp_path / "in").iterdir())[:1], first)
    assert {k: v for k, v in dump(first).items()} == rows
    report = import_paths([tmp_path / "in"], db)  # the run again: the rest, once
    assert (report.unchanged, report.added) == (1, 6)
    clean = tmp_path / "clean.db"
    import_paths([tmp_path / "in"], clean)
    assert dump(db) == dump(clean)


def test_a_killed_import_is_whole_files_and_a_rerun_finishes_it(tmp_path: Path) -> None:
    write_files(tmp_path / "in", bot_hands(120, seed=11), per_file=2)
    db = tmp_path / "hands.db"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    argv = [sys.executable, "-m", "splitpot", "import", str(tmp_path / "in"), "--db", str(db)]
    proc = subprocess.Popen([*argv, "--quiet"], env=env, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            time.sleep(0.05)
            if proc.poll() is not None:
                break
            try:
                with sqlite3.connect(db) as c:
                    if c.execute("SELECT COUNT(*) FROM files").fetchone()[0] >= 3:
                        break
            except sqlite3.Error:
                pass  # the schema is not there yet
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    with sqlite3.connect(db) as c:
        assert c.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        files = c.execute("SELECT file_id, added FROM files").fetchall()
        for file_id, added in files:  # every file committed is whole
            count = c.execute("SELECT COUNT(*) FROM hands WHERE file_id = ?", (file_id,))
            assert count.fetchone()[0] == added == 2
        orphans = c.execute(
            "SELECT COUNT(*) FROM seats WHERE hand_id NOT IN (SELECT hand_id FROM hands)"
        )
        assert orphans.fetchone() == (0,)
    assert import_paths([tmp_path / "in"], db).added == 120 - 2 * len(files)
    clean = tmp_path / "clean.db"
    import_paths([tmp_path / "in"], clean)
    assert dump(db) == dump(clean)


# --------------------------------------------------------------------------- bad input


def test_a_damaged_file_is_reported_and_the_rest_imported(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    good = bot_hands(4, seed=9)
    write_files(folder, good[:2], per_file=2)  # f0000.phhs
    (folder / "broken.phhs").write_text('[1]\nvariant = "NT"\nantes = [0, 0', encoding="utf-8")
    (folder / "latin1.phh").write_bytes(b'variant = "NT" # caf\xe9\n')
    (folder / "empty.txt").write_text("", encoding="utf-8")
    bad_hand = good[3]
    bad_hand.actions = [*bad_hand.actions[:4], "p9 f"]
    with (folder / "mixed.phhs").open("w", encoding="utf-8") as f:
        phh.dump_all([good[2], bad_hand], f)
    db = tmp_path / "hands.db"
    report = import_paths([folder], db)
    assert report.added == 3 and report.files == 5
    details = {Path(p).name: (i, k, d) for p, i, k, d in report.problems}
    assert set(details) == {"broken.phhs", "latin1.phh", "empty.txt", "mixed.phhs"}
    assert "not valid TOML" in details["broken.phhs"][2]
    assert "UTF-8" in details["latin1.phh"][2]
    assert details["mixed.phhs"][:2] == (1, "error") and "'p9 f'" in details["mixed.phhs"][2]
    with sqlite3.connect(db) as c:
        kept = c.execute("SELECT f.path, p.item FROM problems p JOIN files f USING (file_id)")
        assert len(kept.fetchall()) == 4


def test_a_file_that_is_not_a_hand_database_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as c:
        c.execute("CREATE TABLE t (x)")
    with pytest.raises(schema.DatabaseError, match="not a splitpot hand database"):
        import_paths([tmp_path], other)
    text = tmp_path / "notes.db"
    text.write_text("hello, not SQLite at all " * 100)
    with pytest.raises(schema.DatabaseError, match="not a splitpot hand database"):
        schema.connect(text)
    db = database(tmp_path, nl("Hero V", "p2 f"))
    with sqlite3.connect(db) as c:
        c.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(schema.DatabaseError, match="schema version 99"):
        schema.connect(db)
    with pytest.raises(schema.DatabaseError, match="no such database"):
        schema.connect(tmp_path / "none.db")


def test_ohh_files_give_the_statistics_of_the_same_hands_as_phh(tmp_path: Path) -> None:
    from splitpot import ohh
    from splitpot.db import stats

    hands = bot_hands(12, seed=21)
    (tmp_path / "phh").mkdir()
    (tmp_path / "ohh").mkdir()
    phh.dump_all(hands, tmp_path / "phh" / "hands.phhs")
    ohh.dump_all(hands, tmp_path / "ohh" / "hands.ohh")
    one, two = tmp_path / "phh.db", tmp_path / "ohh.db"
    assert import_paths([tmp_path / "phh"], one).added == 12
    report = import_paths([tmp_path / "ohh"], two)
    assert (report.added, report.errors) == (12, 0)
    for by in ("player", "position"):
        assert stats.statistics(one, by=by).rows == stats.statistics(two, by=by).rows
    with sqlite3.connect(two) as c:
        assert {f for (f,) in c.execute("SELECT DISTINCT format FROM hands")} == {"ohh"}


def test_pan_histories_are_hands_of_their_own(tmp_path: Path) -> None:
    from splitpot.pan import history
    from splitpot.pan.bots import GreedyPanBot, play_pan_bots
    from splitpot.pan.table import PanTable

    table = PanTable(seats=3, seed=4)
    for name in ("a", "b", "c"):
        table.join(name, 100)
    hands = []
    for i in range(3):
        hand = table.start_hand()
        play_pan_bots(hand, [GreedyPanBot(i * 3 + k) for k in range(3)])
        table.settle()
        hands.append(hand)
    path = tmp_path / "pan.phhs"
    path.write_text(history.dumps_all(hands), encoding="utf-8")
    db = tmp_path / "pan.db"
    assert import_paths([path], db).added == 3
    with sqlite3.connect(db) as c:
        rows = c.execute(
            "SELECT h.game, h.rake, SUM(s.net), COUNT(*) FROM hands h JOIN seats s "
            "USING (hand_id) GROUP BY h.hand_id"
        ).fetchall()
    want = [(h.result.house, sum(n or 0 for n in h.result.net)) for h in hands]
    assert [(r[1], r[2]) for r in rows] == [(house, net) for house, net in want]
    assert all(r[0] == "pan" and r[3] == 3 for r in rows)
    assert all(net == -house for house, net in want)
