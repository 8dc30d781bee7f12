"""The hand database: import speed over the shared data, and statistics over a million hands.

Import: the PHH corpus (10,088 hands, a file each) into a new database, with one and two
worker processes, beside the same hands replayed without a database (``phh.check_files``, the
work an import does before its rows) and PokerKit's parse and replay of the same texts from
memory (the peer: it stores nothing). Per call is per hand. Then the three folders of sites'
files (about 3,000 hands, with every problem hand).

Statistics: a million six-handed hands. The database is built once per run in a temporary
folder: ``splitpot.simulation`` plays 10,000 hands among the bots, ``import`` reads them, a
hundred names are spread over the seats, and SQL copies the hands and seats (a new key each)
up to 1,000,000 hands and 6,000,000 seats. Then each statistics query of ``splitpot stats``
runs over all of them: every player, every player by position, one player, and the report's
running sums of one player.

The untimed run (CI's, without ``--benchmark-enable``) imports 300 corpus files and builds
5,000 hands from 500. Skips without ../shared/data.

pytest benches/test_bench_db.py --benchmark-enable
"""

from __future__ import annotations

import sqlite3
import tarfile
import warnings
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from conftest import per_call
from splitpot import phh
from splitpot.betting import NoLimit
from splitpot.db import report, stats, summary
from splitpot.db.importing import find, import_paths
from splitpot.games import game
from splitpot.simulation import simulate

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
CORPUS = DATA / "phh-dataset-10088-pokerkit-df30bd0.tar.gz"
SITES = [DATA / n for n in ("site-histories", "site-histories-2", "site-histories-3")]
BASE, MILLION = 10_000, 1_000_000
NAMES = 100
_dbs = count()


@pytest.fixture(scope="module")
def corpus(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus's files in a temporary folder (300 of them in the untimed run)."""
    if not CORPUS.exists():
        pytest.skip(f"the PHH corpus is not here ({CORPUS})")
    root = tmp_path_factory.mktemp("corpus")
    with tarfile.open(CORPUS) as tar:
        members = sorted((m for m in tar.getmembers() if m.isfile()), key=lambda m: m.name)
        if _untimed(request):
            members = members[:300]
        tar.extractall(root, members=members, filter="data")
    return root


def _untimed(request: pytest.FixtureRequest) -> bool:
    """The run without ``--benchmark-enable`` (pytest-benchmark's own test of it)."""
    config = request.config
    return bool(config.getoption("benchmark_disable") and not config.getoption("benchmark_enable"))


def _files(benchmark: Any, corpus: Path) -> list[str]:
    files = list(find([corpus]))
    return files[:300] if benchmark.disabled else files


def _import(benchmark: Any, paths: list[str], tmp: Path, jobs: int) -> None:
    def run() -> int:
        return import_paths(paths, tmp / f"db{next(_dbs)}.db", jobs=jobs).added

    added = benchmark.pedantic(run, rounds=1 if benchmark.disabled else 2, iterations=1)
    per_call(benchmark, added)
    benchmark.extra_info["hands"] = added


@pytest.mark.benchmark(group="import, PHH corpus")
def test_splitpot_import_1_job(benchmark: Any, corpus: Path, tmp_path: Path) -> None:
    _import(benchmark, _files(benchmark, corpus), tmp_path, 1)


@pytest.mark.benchmark(group="import, PHH corpus")
def test_splitpot_import_2_jobs(benchmark: Any, corpus: Path, tmp_path: Path) -> None:
    _import(benchmark, _files(benchmark, corpus), tmp_path, 2)


@pytest.mark.benchmark(group="import, PHH corpus")
def test_splitpot_replay_only(benchmark: Any, corpus: Path) -> None:
    files = _files(benchmark, corpus)
    outcomes = benchmark.pedantic(phh.check_files, (files,), rounds=1 if benchmark.disabled else 2)
    per_call(benchmark, len(outcomes))


@pytest.mark.benchmark(group="import, PHH corpus")
def test_pokerkit_parse_replay(benchmark: Any, corpus: Path) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    texts = [Path(f).read_text(encoding="utf-8") for f in _files(benchmark, corpus)]

    def run() -> int:
        played = 0
        for text in texts:
            try:
                *_, state = pokerkit.HandHistory.loads(text)
            except Exception:  # a variant or action it does not play
                continue
            played += state is not None
        return played

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        played = benchmark.pedantic(run, rounds=1 if benchmark.disabled else 2)
    per_call(benchmark, played)


@pytest.mark.benchmark(group="import, the sites' folders")
def test_splitpot_import_sites(benchmark: Any, tmp_path: Path) -> None:
    folders = [str(p) for p in SITES if p.is_dir()]
    if not folders:
        pytest.skip(f"the sites' folders are not in {DATA}")
    if benchmark.disabled:
        folders = [str(p) for p in sorted(Path(folders[0]).iterdir())[:2]]
    _import(benchmark, folders, tmp_path, 1)


# --------------------------------------------------------------------------- a million hands


@pytest.fixture(scope="module")
def million(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of simulated hands, copied up to a million (fewer in the untimed run)."""
    disabled = _untimed(request)
    base, total = (500, 5_000) if disabled else (BASE, MILLION)
    folder = tmp_path_factory.mktemp("million")
    run = simulate(game("holdem"), NoLimit(1, 2), [200] * 6, base, seed=1)
    (folder / "hands.phhs").write_text(run.text, encoding="utf-8")
    db = folder / "hands.db"
    import_paths([folder / "hands.phhs"], db, jobs=1 if disabled else 2)
    with sqlite3.connect(db, isolation_level=None) as c:
        c.execute("BEGIN")
        c.executemany(
            "INSERT INTO players (site, name) VALUES ('', ?)",
            [(f"player{i:03}",) for i in range(NAMES)],
        )
        c.execute(f"UPDATE seats SET player_id = (hand_id * 7 + seat) % {NAMES} + 1")
        last = int(c.execute("SELECT MAX(hand_id) FROM hands").fetchone()[0])
        for k in range(1, total // last):
            _copy(c, "hands", last, k)
            _copy(c, "seats", last, k)
        summary.rebuild(c)  # the rows were copied by SQL, not imported
        c.execute("COMMIT")
        c.execute("ANALYZE")
    return db


def _copy(c: sqlite3.Connection, table: str, last: int, k: int) -> None:
    """Rows of hands 1..``last`` again, as hands ``k * last + 1``..: a new key each, and the
    names spread over the seats anew."""
    offset = k * last
    columns = [r[1] for r in c.execute(f"PRAGMA table_info({table})")]
    shifted = {
        "hand_id": f"hand_id + {offset}",
        "hand_key": f"hand_key || '#{k}'",
        "player_id": f"((hand_id + {offset}) * 7 + seat) % {NAMES} + 1",
    }
    values = [shifted.get(name, name) for name in columns]
    c.execute(
        f"INSERT INTO {table} ({', '.join(columns)}) SELECT {', '.join(values)} "
        f"FROM {table} WHERE hand_id <= ?",
        (last,),
    )


def _hands(db: Path) -> int:
    with sqlite3.connect(db) as c:
        return int(c.execute("SELECT COUNT(*) FROM hands").fetchone()[0])


def _stats(benchmark: Any, db: Path, by: str, player: str | None = None) -> None:
    connection = sqlite3.connect(db)
    filters = stats.Filters(player=player)
    table = benchmark(stats.statistics, connection, by=by, filters=filters)
    seats = sum(r["hands"] for r in table.rows)  # every seat of every hand, once
    assert table.rows and (player is not None or seats == 6 * _hands(db))
    benchmark.extra_info["hands"] = _hands(db)
    connection.close()


@pytest.mark.benchmark(group="statistics, a million hands")
def test_splitpot_stats_every_player(benchmark: Any, million: Path) -> None:
    _stats(benchmark, million, "player")


@pytest.mark.benchmark(group="statistics, a million hands")
def test_splitpot_stats_by_position(benchmark: Any, million: Path) -> None:
    _stats(benchmark, million, "position")


@pytest.mark.benchmark(group="statistics, a million hands")
def test_splitpot_stats_one_player(benchmark: Any, million: Path) -> None:
    _stats(benchmark, million, "player", "player007")


@pytest.mark.benchmark(group="statistics, a million hands")
def test_splitpot_report_curve_one_player(benchmark: Any, million: Path) -> None:
    connection = sqlite3.connect(million)
    data = benchmark(report.curve, connection, stats.Filters(player="player007"))
    assert data["hands"] > 0 and len(data["points"]) <= report.POINTS + 1
    connection.close()
