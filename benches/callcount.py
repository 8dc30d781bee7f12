"""Counts the Python function calls a PHH replay makes per hand, over the shared corpus.

The count is of Python frames entered (``sys.setprofile`` "call" events), so it is the same on
every machine and run: a measure of how many hops a replay takes, independent of timing noise.

python benches/callcount.py [HANDS]
"""

from __future__ import annotations

import sys
import tarfile
from pathlib import Path

from splitpot import phh

CORPUS = (
    Path(__file__).resolve().parent.parent.parent
    / "shared"
    / "data"
    / "phh-dataset-10088-pokerkit-df30bd0.tar.gz"
)


def texts(limit: int) -> list[str]:
    with tarfile.open(CORPUS) as tar:
        members = sorted((m for m in tar.getmembers() if m.isfile()), key=lambda m: m.name)
        out = []
        for m in members[:: max(1, len(members) // limit)][:limit]:
            f = tar.extractfile(m)
            assert f is not None
            out.append(f.read().decode())
    return out


def count_calls(text: str) -> int:
    calls = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(profile)
    try:
        phh.replay(phh.loads(text))
    except phh.PHHError:
        return -1
    finally:
        sys.setprofile(None)
    return calls


def main(limit: int) -> None:
    hands = texts(limit)
    count_calls(hands[0])  # warm up: lazy imports and caches are not the replay's cost
    counts = [c for c in map(count_calls, hands) if c >= 0]
    counts.sort()
    print(
        f"{len(counts)} hands replayed: {sum(counts) / len(counts):.0f} Python calls per hand "
        f"(median {counts[len(counts) // 2]}, max {counts[-1]})"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
