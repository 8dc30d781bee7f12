"""Turns one run of the Rust peers benchmark into Markdown: each figure with its ratio to the
fastest peer of its group (issue 17). The ratios are the result; the absolute figures are only
"this run, this machine".

cargo bench --manifest-path benches/peers/Cargo.toml
python benches/peers_report.py [CRITERION_DIR]

CRITERION_DIR defaults to $CARGO_TARGET_DIR/criterion, or benches/peers/target/criterion (the
package's own target directory) when that is not set.

A group is a directory of criterion's output whose rows are named after an implementation
("splitpot ...", "aya_poker ...", "rs_poker ...", "ducy ..."); other benchmarks that share the
directory are left out, and so is a row more than an hour older than the newest of its group (a
leftover of an earlier run under a name since changed).
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

OURS = "splitpot"
PEERS = ("aya_poker", "rs_poker", "ducy", "poker")
STALE_SECONDS = 3600.0


@dataclass(frozen=True)
class Row:
    group: str
    name: str
    per_hand: float  # seconds, the median of the samples divided by the hands per iteration
    mtime: float

    @property
    def library(self) -> str:
        return self.name.split(" ", 1)[0]


def cell(text: str) -> str:
    """Text for a Markdown table cell: a bar would split the cell."""
    return text.replace("|", "\\|")


def fmt_time(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def fmt_rate(per_second: float) -> str:
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if per_second >= scale:
            return f"{per_second / scale:.3g} {unit}/s"
    return f"{per_second:.3g} /s"


def read_rows(root: Path) -> list[Row]:
    rows = []
    for bench in sorted(root.glob("*/*/new/benchmark.json")):
        meta = json.loads(bench.read_text())
        name = meta["function_id"] or ""
        if name.split(" ", 1)[0] not in (OURS, *PEERS):
            continue
        estimates = bench.with_name("estimates.json")
        median_ns = json.loads(estimates.read_text())["median"]["point_estimate"]
        hands = (meta.get("throughput") or {}).get("Elements", 1)
        mtime = estimates.stat().st_mtime
        rows.append(Row(meta["group_id"], name, median_ns * 1e-9 / hands, mtime))
    return rows


def by_group(rows: list[Row]) -> dict[str, list[Row]]:
    groups: dict[str, list[Row]] = {}
    for r in rows:
        groups.setdefault(r.group, []).append(r)
    fresh = {}
    # In the order the benchmark ran them.
    for group, members in sorted(groups.items(), key=lambda g: min(r.mtime for r in g[1])):
        newest = max(r.mtime for r in members)
        for r in members:
            if newest - r.mtime > STALE_SECONDS:
                print(f"skipped, older than its group: {group} / {r.name}", file=sys.stderr)
        kept = [r for r in members if newest - r.mtime <= STALE_SECONDS]
        if any(r.library in PEERS for r in kept):
            fresh[group] = sorted(kept, key=lambda r: r.per_hand)
    return fresh


def fastest_peer(rows: list[Row]) -> Row:
    return min((r for r in rows if r.library in PEERS), key=lambda r: r.per_hand)


def summary(groups: dict[str, list[Row]]) -> list[str]:
    out = [
        "| task | splitpot | fastest peer | splitpot's speed / the peer's |",
        "|---|---|---|---|",
    ]
    for group, rows in groups.items():
        peer = fastest_peer(rows)
        for r in (r for r in rows if r.library == OURS):
            ratio = peer.per_hand / r.per_hand
            out.append(f"| {cell(group)} | {cell(r.name)} | {cell(peer.name)} | {ratio:.2f}x |")
    return out


def detail(group: str, rows: list[Row]) -> list[str]:
    peer = fastest_peer(rows)
    out = [
        f"**{cell(group)}**",
        "",
        "| implementation | per hand | hands/s | speed vs the fastest peer |",
        "|---|---|---|---|",
    ]
    for r in rows:
        ratio = peer.per_hand / r.per_hand
        rate = fmt_rate(1 / r.per_hand)
        out.append(f"| {cell(r.name)} | {fmt_time(r.per_hand)} | {rate} | {ratio:.2f}x |")
    return out


def omaha_against_seven(groups: dict[str, list[Row]]) -> list[str]:
    """Issue 17's within-splitpot figure: an Omaha 4 hand's time over a seven-card hand's."""
    seven = groups.get("random seven-card high", [])
    omaha = groups.get("random Omaha 4-card high (5-card board)", [])
    ours = [(s, o) for s in seven for o in omaha if OURS in s.name and OURS in o.name]
    unchecked = [(s, o) for s, o in ours if "unchecked" in s.name and "unchecked" in o.name]
    if not unchecked:
        return []
    s, o = unchecked[0]
    return [
        "",
        f"Omaha 4-card high per hand against seven-card high per hand ({o.name} over "
        f"{s.name}): {o.per_hand / s.per_hand:.1f}x the time.",
    ]


def main(root: str) -> None:
    groups = by_group(read_rows(Path(root)))
    if not groups:
        sys.exit(f"no peers benchmark output under {root}")
    lines = summary(groups) + omaha_against_seven(groups)
    for group, rows in groups.items():
        lines += ["", *detail(group, rows)]
    print("\n".join(lines))


if __name__ == "__main__":
    target = os.environ.get("CARGO_TARGET_DIR", "benches/peers/target")
    main(sys.argv[1] if len(sys.argv) > 1 else f"{target}/criterion")
