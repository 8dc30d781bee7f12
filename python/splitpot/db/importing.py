"""``splitpot import``: histories into the database, in parallel, one transaction per file.

Worker processes (``jobs``), or any executor :func:`splitpot.work.iter_chunks` takes (a Dask
client for ``--scheduler``), read and replay the files, chunk by chunk (consecutive files, at
most :data:`FILES_PER_CHUNK` of them or :data:`CHUNK_BYTES` of text); this process is the one
writer. Chunks are handed out :data:`AHEAD` per worker at a time and written in file order, so
memory stays bounded however many files there are, and any executor writes the same rows.

Each file is written in one transaction, after the rows of all its hands are ready: a crash or
a Ctrl-C in the middle of a file leaves the database as it was before that file. A hand whose
key is already in the database adds nothing, so importing a file again, or a copy of it, or a
folder that has grown, adds only what is new; a file whose content has not changed since it
was imported (the same BLAKE2b digest) is not even parsed. A hand that cannot be read or
replayed is a row of ``problems`` and the rest of its file is imported; a file that cannot be
read at all is a problem of its own, and the other files are imported.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any

from splitpot import _progress
from splitpot._core import SplitpotError
from splitpot._files import open_regular
from splitpot.db import formats, schema, summary
from splitpot.db.pan_rows import pan_rows
from splitpot.db.rows import HAND_COLUMNS, SEAT_COLUMNS, HandRows, poker_rows
from splitpot.limits import PHH_MAX_JOBS, shown
from splitpot.pan.history import PanHistory
from splitpot.phh import UnreadableOnWorker, UnsupportedHistory
from splitpot.work import iter_chunks

FILES_PER_CHUNK = 64
"""Files in a chunk at most: a PHH corpus is a file per hand."""
CHUNK_BYTES = 1 << 20
"""Bytes of history in a chunk at most (a larger file is a chunk of its own)."""
AHEAD = 4
"""Chunks out per worker at a time (at least 8 in all)."""
PROBLEMS_KEPT = 1000
"""Problems listed in the :class:`ImportReport` (all of them are in the database)."""

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class FileChunk:
    """A work unit: consecutive files, the digest the database holds for each (``None`` if
    new), and whether this process found each (a remote worker that cannot open a file this
    process found raises :class:`~splitpot.phh.UnreadableOnWorker`)."""

    files: tuple[str, ...]
    known: tuple[str | None, ...]
    found: tuple[bool, ...]


@dataclass
class FileResult:
    """What a worker read of one file: its digest (``None`` if it could not be read), whether
    it is unchanged since its import, each hand's rows with its place in the file, and the
    problems ``(item, kind, detail)``."""

    path: str
    digest: str | None
    unchanged: bool = False
    hands: list[tuple[int, HandRows]] = field(default_factory=list)
    problems: list[tuple[int, str, str]] = field(default_factory=list)


@dataclass
class ImportReport:
    """An import's counts: files read (and of them unchanged since their last import), hands
    read, hands added, hands already there, problems by kind, and the first
    :data:`PROBLEMS_KEPT` problems as ``(path, item, kind, detail)``. :meth:`to_dict` is
    ``splitpot import --json``.

    >>> ImportReport(files=1, hands=2, added=2).to_dict()["added"]
    2
    """

    files: int = 0
    unchanged: int = 0
    hands: int = 0
    added: int = 0
    duplicates: int = 0
    errors: int = 0
    unsupported: int = 0
    problems: list[tuple[str, int, str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "unchanged": self.unchanged,
            "hands": self.hands,
            "added": self.added,
            "duplicates": self.duplicates,
            "errors": self.errors,
            "unsupported": self.unsupported,
            "problems": [
                {"file": f, "item": i, "kind": k, "detail": d} for f, i, k, d in self.problems
            ],
        }


# --------------------------------------------------------------------------- the workers


def digest(path: str) -> str:
    """BLAKE2b of the file's bytes, read in blocks (a FIFO or device is refused, not waited
    on: docs/limits.md)."""
    h = hashlib.blake2b(digest_size=16)
    with open_regular(path) as f:
        while block := f.read(1 << 20):
            h.update(block)
    return h.hexdigest()


def read_file(path: str, known: str | None = None) -> FileResult:
    """The rows of every hand of one file (nothing if its digest is ``known``)."""
    try:
        found = digest(path)
    except OSError as e:
        return FileResult(path, None, problems=[(0, "error", f"{path}: {e.strerror or e}")])
    if found == known:
        return FileResult(path, found, unchanged=True)
    out = FileResult(path, found)
    entry = formats.format_of(path)
    if entry is None:
        out.problems.append((0, "error", f"{path}: no reader for this kind of file"))
        return out
    name, read = entry
    item = 0
    try:
        for item, record in enumerate(read(path)):
            _add(out, item, record, name)
    except (SplitpotError, OSError) as e:  # the file's own damage: what was read stays
        at = item + 1 if out.hands or out.problems else 0
        _problem(out, at, "error", str(e))
    return out


def _add(out: FileResult, item: int, record: formats.Item, fmt: str) -> None:
    if isinstance(record, formats.Problem):
        _problem(out, item, record.kind, record.detail)
        return
    try:
        if isinstance(record, PanHistory):
            rows = pan_rows(record, "pan")
        else:
            rows = poker_rows(record, fmt)
    except UnsupportedHistory as e:
        _problem(out, item, "unsupported", str(e))
    except SplitpotError as e:
        _problem(out, item, "error", str(e))
    else:
        out.hands.append((item, rows))


def _problem(out: FileResult, item: int, kind: str, detail: str) -> None:
    """A problem whose detail names the file (a Pan history's errors do not)."""
    if not detail.startswith(out.path):
        detail = f"{out.path}: hand {item + 1}: {detail}"
    out.problems.append((item, kind, detail))


def read_chunk(chunk: FileChunk) -> list[FileResult]:
    """The function a worker runs: every file of ``chunk``, in order."""
    out = []
    for path, known, found in zip(chunk.files, chunk.known, chunk.found, strict=True):
        if found and not os.access(path, os.R_OK):
            import socket

            raise UnreadableOnWorker(
                f"{path}: a worker on {socket.gethostname()} cannot open it; the files must "
                "be readable by every worker at the same path (the same machine or a shared "
                "filesystem)"
            )
        out.append(read_file(path, known))
    return out


# --------------------------------------------------------------------------- the files


def find(paths: Iterable[str | os.PathLike[str]]) -> Iterator[str]:
    """Every history file under ``paths`` (a file is taken as given), each folder's entries
    sorted by name, one directory at a time: a folder of a million files is never listed
    whole. Names that are not regular files (a FIFO would block the reader) are skipped."""
    known = formats.suffixes()
    for p in paths:
        path = os.fspath(p)
        if not os.path.isdir(path):
            yield path
            continue
        for root, dirs, names in os.walk(path):
            dirs.sort()
            for name in sorted(names):
                full = os.path.join(root, name)
                if name.lower().endswith(known) and os.path.isfile(full):
                    yield full


def _chunks(
    files: Iterable[str], db: sqlite3.Connection, remote: bool, per: int
) -> Iterator[FileChunk]:
    batch: list[str] = []
    size = 0
    for path in files:
        real = os.path.realpath(path)
        try:
            size += os.path.getsize(real)
        except OSError:
            pass  # the worker reports it
        batch.append(real)
        if len(batch) >= per or size >= CHUNK_BYTES:
            yield _chunk(batch, db, remote)
            batch, size = [], 0
    if batch:
        yield _chunk(batch, db, remote)


def _chunk(batch: list[str], db: sqlite3.Connection, remote: bool) -> FileChunk:
    marks = ",".join("?" * len(batch))
    known = dict(db.execute(f"SELECT path, digest FROM files WHERE path IN ({marks})", batch))
    return FileChunk(
        tuple(batch),
        tuple(known.get(p) for p in batch),
        tuple(remote and os.path.isfile(p) for p in batch),
    )


# --------------------------------------------------------------------------- the import


def import_paths(
    paths: Sequence[str | os.PathLike[str]],
    database: str | os.PathLike[str],
    *,
    jobs: int = 1,
    executor: object = None,
    progress: _progress.ProgressLike = None,
    files_per_chunk: int = FILES_PER_CHUNK,
) -> ImportReport:
    """Import every history under ``paths`` (files, and folders searched for the suffixes of
    :mod:`splitpot.db.formats`) into the database file ``database``, made if new.

    ``jobs > 1`` reads in that many worker processes; ``executor`` on anything
    :func:`splitpot.work.iter_chunks` takes (the workers must open the files at the same
    paths). The rows are the same whatever reads them. ``progress`` counts files (``True``: a
    bar on stderr; a function: ``progress(done, total)``; see :mod:`splitpot._progress`).
    Raises :class:`~splitpot.SplitpotError` for bad options, :class:`schema.DatabaseError`
    for a file that is not a hand database; a file already committed stays so when anything
    (a worker's error, Ctrl-C) stops the run.

    >>> import os, tempfile
    >>> from splitpot import HOLDEM, Hand, NoLimit, phh
    >>> tmp = tempfile.TemporaryDirectory()
    >>> hands = [Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=s) for s in (1, 2)]
    >>> _ = [h.fold() for h in hands]
    >>> phh.dump_all(hands, os.path.join(tmp.name, "two.phhs"))
    >>> db = os.path.join(tmp.name, "hands.db")
    >>> import_paths([tmp.name], db).added, import_paths([tmp.name], db).unchanged
    (2, 1)
    >>> tmp.cleanup()
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= PHH_MAX_JOBS:
        raise SplitpotError(f"jobs must be 1..{PHH_MAX_JOBS}, got {shown(jobs)}")
    if jobs > 1 and executor is not None:
        raise SplitpotError(f"jobs={jobs} or executor=, not both")
    report = _progress.report(progress, "importing", "file")
    total = sum(1 for _ in find(paths))
    db = schema.connect(database, create=True)
    try:
        pool: Any = nullcontext(executor)
        if jobs > 1:
            context = multiprocessing.get_context("spawn")
            pool = ProcessPoolExecutor(jobs, mp_context=context)
        with pool as run_on:
            chunks = _chunks(find(paths), db, run_on is not None and jobs == 1, files_per_chunk)
            ahead = max(8, AHEAD * jobs)
            writer = _Writer(db)
            done = 0
            for results in iter_chunks(read_chunk, chunks, run_on, ahead=ahead):
                for result in results:
                    writer.write(result)
                    done += 1
                    if report is not None:
                        report(done, total)
            return writer.report
    finally:
        db.close()


class _Writer:
    """The one writer: a file's rows in one transaction, ids given in file order."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.report = ImportReport()
        self.ids: dict[tuple[str, tuple[str, str]], int] = {}

    def write(self, result: FileResult) -> None:
        db, report = self.db, self.report
        report.files += 1
        db.execute("BEGIN IMMEDIATE")
        try:
            row = db.execute(
                "SELECT file_id, digest FROM files WHERE path = ?", (result.path,)
            ).fetchone()
            if result.unchanged or (row is not None and row[1] == result.digest):
                report.unchanged += 1
                db.execute("COMMIT")
                return
            added = self._write(result, row[0] if row is not None else None)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            self.ids.clear()  # ids made in the rolled-back transaction are gone
            raise
        report.hands += len(result.hands)
        report.added += added
        report.duplicates += len(result.hands) - added
        for item, kind, detail in result.problems:
            if kind == "unsupported":
                report.unsupported += 1
            else:
                report.errors += 1
            if len(report.problems) < PROBLEMS_KEPT:
                report.problems.append((result.path, item, kind, detail))

    def _write(self, result: FileResult, file_id: int | None) -> int:
        db = self.db
        counts = (len(result.hands) + len(result.problems), 0, len(result.problems))
        if file_id is None:
            file_id = db.execute(
                "INSERT INTO files (path, digest, hands, added, problems) VALUES (?,?,?,?,?)",
                (result.path, result.digest or "", *counts),
            ).lastrowid
        db.execute("DELETE FROM problems WHERE file_id = ?", (file_id,))
        db.executemany(
            "INSERT INTO problems VALUES (?,?,?,?)",
            [(file_id, item, kind, detail) for item, kind, detail in result.problems],
        )
        added = self._hands(file_id, result.hands)
        db.execute(
            "UPDATE files SET digest = ?, hands = ?, added = added + ?, problems = ? "
            "WHERE file_id = ?",
            (result.digest or "", len(result.hands), added, len(result.problems), file_id),
        )
        return added

    def _hands(self, file_id: int | None, hands: list[tuple[int, HandRows]]) -> int:
        db = self.db
        keys = [rows.key for _, rows in hands]
        there: set[str] = set()
        for i in range(0, len(keys), 500):
            part = keys[i : i + 500]
            marks = ",".join("?" * len(part))
            there.update(
                k
                for (k,) in db.execute(
                    f"SELECT hand_key FROM hands WHERE hand_key IN ({marks})", part
                )
            )
        next_id = db.execute("SELECT COALESCE(MAX(hand_id), 0) + 1 FROM hands").fetchone()[0]
        tables: dict[str, list[tuple[Any, ...]]] = {t: [] for t in _INSERT}
        for item, rows in hands:
            if rows.key in there:
                continue
            there.add(rows.key)
            self._rows(tables, next_id, file_id, item, rows)
            next_id += 1
        for name, values in tables.items():
            db.executemany(_INSERT[name], values)
        if tables["hands"]:
            summary.add(db, tables["hands"][0][0], next_id - 1)
        return len(tables["hands"])

    def _rows(
        self,
        tables: dict[str, list[tuple[Any, ...]]],
        hand_id: int,
        file_id: int | None,
        item: int,
        rows: HandRows,
    ) -> None:
        tournament = self._id("tournaments", rows.tournament)
        table = self._id("tables", rows.table)
        tables["hands"].append((hand_id, file_id, item, tournament, table, *rows.hand))
        for player, seat in zip(rows.players, rows.seats, strict=True):
            tables["seats"].append((hand_id, *seat[:2], self._id("players", player), *seat[3:]))
        for name in ("streets", "actions", "pots", "results"):
            tables[name].extend((hand_id, *row) for row in getattr(rows, name))

    def _id(self, table: str, key: tuple[str, str] | None) -> int | None:
        """The id of a player, tournament or table (``site``, name), made if new."""
        if key is None:
            return None
        found = self.ids.get((table, key))
        if found is not None:
            return found
        column = {"players": "name", "tournaments": "event", "tables": "name"}[table]
        ident = {"players": "player_id", "tournaments": "tournament_id", "tables": "table_id"}
        self.db.execute(f"INSERT OR IGNORE INTO {table} (site, {column}) VALUES (?, ?)", key)
        (found,) = self.db.execute(
            f"SELECT {ident[table]} FROM {table} WHERE site = ? AND {column} = ?", key
        ).fetchone()
        if len(self.ids) >= 100_000:
            self.ids.clear()
        self.ids[(table, key)] = found
        return int(found)


def _insert(table: str, columns: Sequence[str]) -> str:
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({','.join('?' * len(columns))})"


_INSERT = {
    "hands": _insert(
        "hands", ["hand_id", "file_id", "item", "tournament_id", "table_id", *HAND_COLUMNS]
    ),
    "seats": _insert("seats", ["hand_id", *SEAT_COLUMNS]),
    "streets": _insert("streets", "hand_id street name cards players pot".split()),
    "actions": _insert(
        "actions", "hand_id seq street seat kind amount total all_in raises cards".split()
    ),
    "pots": _insert("pots", "hand_id pot amount eligible".split()),
    "results": _insert("results", "hand_id seq pot side seat amount why".split()),
}
