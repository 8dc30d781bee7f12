"""Wall time of large equity jobs here vs on a local Dask cluster of 2 worker processes
(docs/distributed.md); each distributed answer is checked equal to the local one.

Run under the build lock: ``flock /tmp/splitpot-build.lock python benches/equity_dist_times.py``.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import splitpot as sp

JOBS: list[tuple[str, str, list[str], dict[str, Any]]] = [
    ("exact, range vs range", "holdem", ["QQ+, AKs", "TT+, AQs+"], {"exact": True}),
    ("exact, Omaha 6 hi/lo", "omaha6-8", ["As2d3hKcQdJd", "KdKsQh7c8c9s"], {"exact": True}),
    (
        "Monte Carlo 3-way",
        "holdem",
        ["AsKs", "QQ+, AKo", "7h7d"],
        {"samples": 4 * 10**7, "seed": 1},
    ),
]


def timed(game: str, players: list[str], **options: Any) -> tuple[float, sp.EquityResult]:
    t = time.perf_counter()
    out = sp.equity(game, players, **options)
    return time.perf_counter() - t, out


def main() -> None:
    import distributed

    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            host="127.0.0.1",
            dashboard_address=None,
            scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        for name, game, players, options in JOBS:
            here, local = timed(game, players, **options)
            there, spread = timed(game, players, **options, executor=client)
            assert spread == local, name
            print(f"{name}: {local.deals:,} deals; here {here:.2f} s, Dask (2) {there:.2f} s")


if __name__ == "__main__":
    main()
