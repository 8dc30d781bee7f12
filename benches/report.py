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
        ours = min((t for n, t in rows if n.startswith("splitpot")), default=rows[0][1])
        print(
            f"\n**{group}**\n\n| implementation | per call | calls/s | vs fastest splitpot form |"
        )
        print("|---|---|---|---|")
        for n, t in sorted(rows, key=lambda r: r[1]):
            print(f"| {n} | {fmt(t)} | {1 / t:,.0f} | {t / ours:.2f}x |")


if __name__ == "__main__":
    main(sys.argv[1])
