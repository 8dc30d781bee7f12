"""``splitpot table build holdem|omaha8 --out FILE``: a preflop table (splitpot/tables.py).

Kept out of cli.py, which only registers it: the command's options, its progress bar and
its ``--scheduler`` connection live here.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from splitpot import _progress, _scheduler
from splitpot._core import SplitpotError


def add_parser(sub: Any) -> None:
    """Register ``table build`` on the CLI's subcommands ``sub``."""
    p = sub.add_parser(
        "table", help="preflop equity tables: splitpot table build holdem --out t.npz"
    )
    tsub = p.add_subparsers(dest="table_command", required=True)
    b = tsub.add_parser(
        "build",
        help="build a preflop table (Hold'em exactly, Omaha Hi/Lo by Monte Carlo)",
    )
    b.add_argument("game", choices=("holdem", "omaha8"))
    b.add_argument("--out", required=True, help="the file to write: .parquet or .npz")
    _scheduler.add_option(b)
    b.add_argument(
        "--classes", help="only these classes, comma-separated (AA,AKs,AKo / AA32ds); default all"
    )
    b.add_argument(
        "--suits",
        action="store_true",
        help="holdem: the suit-aware table (each class's first hand against every hand)",
    )
    b.add_argument("--samples", type=int, help="omaha8: deals per class (default 10,000)")
    b.add_argument("--seed", type=int, help="omaha8: the Monte Carlo seed (default 0)")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    b.set_defaults(func=cmd_table_build)


def cmd_table_build(args: argparse.Namespace) -> int:
    from splitpot import tables  # numpy and the tables load only for this command

    if args.game == "holdem" and (args.samples is not None or args.seed is not None):
        raise SplitpotError("table build holdem is exact: --samples and --seed are for omaha8")
    if args.suits and args.game != "holdem":
        raise SplitpotError("--suits is for table build holdem")
    tables.check_path(args.out)  # a bad suffix or no pyarrow: refused before any work
    bar = None if args.quiet else _progress.Counted(f"table {args.game}", "chunk")
    start = time.perf_counter()
    try:
        with _scheduler.connect(args.scheduler) as client:
            table = tables.preflop_equity(
                args.game,
                classes=args.classes,
                samples=args.samples,
                seed=args.seed,
                executor=client,
                progress=bar,
                suits=args.suits,
            )
    finally:
        if bar is not None:
            bar.close()
    tables.save(table, args.out)
    if table.exact:
        how = f"exactly ({table.matchups:,} canonical matchups)"
    else:
        how = f"by Monte Carlo ({table.samples:,} deals each, {table.matchups:,} draws)"
    print(
        f"{args.out}: {len(table.rows)} x {len(table.columns)} {args.game} entries "
        f"{how} in {time.perf_counter() - start:.1f} s",
        file=sys.stderr,
    )
    return 0
