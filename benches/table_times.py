"""Wall times of the preflop tables (docs/tables.md): ``python benches/table_times.py PHASE``.

Phases, each its own run (so a shared machine's build lock is held for one at a time):

- ``local``: the full Hold'em table on this process (``executor=None``), each chunk timed;
  saved to ``/tmp/splitpot-holdem.npz``; with a path to a table built before (``local
  OLD.parquet``), compared with it entry for entry and field for field;
- ``dask``: the same on a ``LocalCluster`` of 2 single-threaded worker processes, compared
  entry for entry with the local table;
- ``suits``: the suit-aware table of every class (each class's first hand against every
  hand), on this process;
- ``omaha``: every tenth Omaha Hi/Lo class at the default samples, timed.
"""

from __future__ import annotations

import logging
import sys
import time

from splitpot import tables

SAVED = "/tmp/splitpot-holdem.npz"


def timed_build(**kw: object) -> tuple[tables.EquityTable, float, list[float]]:
    marks: list[float] = []
    start = time.perf_counter()
    table = tables.preflop_equity(
        "holdem", progress=lambda done, total: marks.append(time.perf_counter()), **kw
    )
    return (
        table,
        time.perf_counter() - start,
        [b - a for a, b in zip([start, *marks], marks, strict=False)],
    )


def main(phase: str, old: str | None = None) -> None:
    if phase == "local":
        table, wall, each = timed_build()
        each.sort()
        print(
            f"one process: {wall:.1f} s; {len(each)} chunks, median {each[len(each) // 2]:.2f} s, "
            f"max {each[-1]:.2f} s; {table.matchups:,} canonical matchups"
        )
        tables.save(table, SAVED)
        if old is not None:
            before = tables.load(old)
            same = all(before.values[f] == table.values[f] for f in before.values)
            print(
                f"identical to {old}: {before == table} (every value to the bit: {same}, "
                f"counts: {before.count == table.count})"
            )
    elif phase == "dask":
        from distributed import Client, LocalCluster

        with (
            LocalCluster(
                n_workers=2,
                threads_per_worker=1,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            ) as cluster,
            Client(cluster) as client,
        ):
            client.run(tables.omaha_classes)  # the workers have imported splitpot
            table, wall, _ = timed_build(executor=client, threads=1)
        print(
            f"dask, 2 workers: {wall:.1f} s; identical to the local table: "
            f"{table == tables.load(SAVED)}"
        )
    elif phase == "suits":
        start = time.perf_counter()
        table = tables.preflop_equity("holdem", suits=True)
        print(
            f"suit-aware table, {len(table.rows)} x {len(table.columns)}: "
            f"{time.perf_counter() - start:.1f} s"
        )
    elif phase == "omaha":
        rows = tables.omaha_classes()[::10]
        start = time.perf_counter()
        tables.preflop_equity("omaha8", classes=rows, seed=1)
        wall = time.perf_counter() - start
        print(
            f"omaha8: {len(rows)} classes of {len(tables.omaha_classes())} at "
            f"{tables.OMAHA_SAMPLES:,} deals in {wall:.1f} s"
        )


if __name__ == "__main__":
    main(*sys.argv[1:])
