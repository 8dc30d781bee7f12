"""The hand database's commands (splitpot/db/, docs/stats.md): ``import``, ``stats``,
``report`` and ``export``.

Kept out of cli.py, which only registers them: their options, progress bar and
``--scheduler`` connection live here. A database error (a locked or full disk, a file that is
not a hand database) is one line on stderr, as every other error of the command line.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from splitpot import _files, _progress, _scheduler, _summary
from splitpot._cli_output import one_line
from splitpot._core import SplitpotError
from splitpot.db.schema import DatabaseError


def add_parsers(sub: Any) -> None:
    """Register ``import``, ``stats``, ``report`` and ``export`` on the subcommands ``sub``."""
    p = sub.add_parser("import", help="read hand histories into a hand database (SQLite)")
    p.add_argument("paths", nargs="+", metavar="FILE_OR_DIR", help="histories, or folders")
    _database(p)
    p.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1)")
    _scheduler.add_option(p)
    p.add_argument("--verbose", "-v", action="store_true", help="list the hands not played")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="the counts as one JSON object")
    p.set_defaults(func=cmd_import)
    p = sub.add_parser("stats", help="players' statistics from a hand database")
    _database(p)
    _filters(p)
    p.add_argument("--by", choices=("position", "game", "stakes"), help="one row per ...")
    p.add_argument("--json", action="store_true", help="the rows as one JSON object")
    p.set_defaults(func=cmd_stats)
    p = sub.add_parser("report", help="a player's HTML report: winnings graph and statistics")
    _database(p)
    _filters(p)
    p.add_argument("--out", required=True, metavar="OUT.html", help="the page to write")
    p.set_defaults(func=cmd_report)
    p = sub.add_parser("export", help="every table of a hand database as Parquet files")
    _database(p)
    p.add_argument("--out", required=True, metavar="DIR", help="the folder to write")
    p.set_defaults(func=cmd_export)


def _database(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", required=True, metavar="FILE", help="the hand database (SQLite)")


def _filters(p: argparse.ArgumentParser) -> None:
    p.add_argument("--player", metavar="NAME", help="one player (report: default the most hands)")
    p.add_argument("--site", help="the player's site (a name is a player of one site)")
    p.add_argument("--game", help="one game: a splitpot game (holdem) or PHH variant (NT)")
    p.add_argument("--since", type=_date, metavar="YYYY-MM-DD", help="hands from this day")
    p.add_argument("--until", type=_date, metavar="YYYY-MM-DD", help="hands to this day")


def _date(text: str) -> str:
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"a date YYYY-MM-DD, got {text!r}") from None


@contextmanager
def _database_errors(path: str) -> Iterator[None]:
    """SQLite's own errors (locked, full, corrupt) as a :class:`DatabaseError` naming the
    file: the command line prints it as one line."""
    try:
        yield
    except sqlite3.Error as e:
        raise DatabaseError(f"{path}: {e}") from None


def cmd_import(args: argparse.Namespace) -> int:
    from splitpot.db.importing import import_paths

    if args.scheduler is not None and args.jobs != 1:
        raise SplitpotError("--jobs or --scheduler, not both: the cluster's workers do the work")
    for path in args.paths:
        if not os.path.exists(path):
            raise SplitpotError(f"FILE_OR_DIR {path}: no such file or folder")
    bar = None if args.quiet else _progress.Counted("importing", "file")
    try:
        with _database_errors(args.db), _scheduler.connect(args.scheduler) as client:
            report = import_paths(
                args.paths, args.db, jobs=args.jobs, executor=client, progress=bar
            )
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        _summary.emit(report.to_dict())
    else:
        print(
            f"{report.files} files ({report.unchanged} unchanged since imported), "
            f"{report.hands} hands read: {report.added} added, {report.duplicates} already "
            f"in {args.db}"
        )
        print(f"{report.unsupported:8} not played by splitpot")
        print(f"{report.errors:8} could not be read or replayed")
        for _, _, kind, detail in report.problems:
            if kind == "error" or args.verbose:
                print(f"{kind}: {one_line(detail)}", file=sys.stderr)
    return 1 if report.errors else 0


def _stats_filters(args: argparse.Namespace) -> Any:
    from splitpot.db.stats import Filters

    return Filters(args.player, args.site, args.game, args.since, args.until)


def cmd_stats(args: argparse.Namespace) -> int:
    from splitpot.db.stats import statistics

    with _database_errors(args.db):
        table = statistics(args.db, by=args.by or "player", filters=_stats_filters(args))
    if args.json:
        _summary.emit(table.to_dict())
    else:
        print(table)
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from splitpot.db.report import render

    with _database_errors(args.db):
        page = render(args.db, args.player, _stats_filters(args))
    _write(args.out, lambda out: out.write(page))
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from splitpot.db.export import export_parquet

    with _database_errors(args.db):
        written = export_parquet(args.db, args.out)
    print(f"wrote {len(written)} tables to {args.out}", file=sys.stderr)
    return 0


def _write(path: str, fill: Callable[[Any], object]) -> None:
    with _files.replacing(path) as out:
        fill(out)
