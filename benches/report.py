"""Turns a pytest-benchmark JSON file into the README's table of per-call times and ratios.

pytest benches --benchmark-enable --benchmark-json=bench.json
python benches/report.py bench.json
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict


def fmt(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def main(path: str) -> None:
    groups: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for b in json.load(open(path))["benchmarks"]:
        calls = b["extra_info"].get("calls_per_round", 1)
        per_call = b["stats"]["median"] / calls
        groups[b["group"]].append((b["name"].removeprefix("test_"), per_call))
    for group, rows in groups.items():
        print(f"\n**{group}**\n")
        print(table(rows))


def table(rows: list[tuple[str, float]]) -> str:
    """A group's rows, fastest first, each with its speed over the fastest peer of the same
    run (issue 17: every figure a ratio, since this machine's absolute times move by 2x), and
    over the fastest splitpot form. A peer is any row not named ``splitpot...``.

    >>> print(table([("splitpot_a", 1e-7), ("peer_b", 3e-7), ("splitpot_c", 2e-7)]))
    | implementation | per call | calls/s | speed vs the fastest peer | vs fastest splitpot form |
    |---|---|---|---|---|
    | splitpot_a | 100 ns | 10,000,000 | 3.00x | 1.00x |
    | splitpot_c | 200 ns | 5,000,000 | 1.50x | 2.00x |
    | peer_b | 300 ns | 3,333,333 | 1.00x | 3.00x |
    """
    ours = min((t for n, t in rows if n.startswith("splitpot")), default=rows[0][1])
    peer = min((t for n, t in rows if not n.startswith("splitpot")), default=None)
    columns = ("implementation", "per call", "calls/s", "speed vs the fastest peer")
    out = [f"| {' | '.join(columns)} | vs fastest splitpot form |", "|---|---|---|---|---|"]
    for n, t in sorted(rows, key=lambda r: r[1]):
        vs_peer = "(no peer)" if peer is None else f"{peer / t:.2f}x"
        out.append(f"| {n} | {fmt(t)} | {1 / t:,.0f} | {vs_peer} | {t / ours:.2f}x |")
    return "\n".join(out)


if __name__ == "__main__":
    main(sys.argv[1])
