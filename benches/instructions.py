"""Instructions per hand under valgrind: the speed rows of the README, counted instead of timed.

A shared, loaded machine moves wall-clock times by 2x from run to run; the instructions a
workload executes do not move. Each workload runs twice under ``valgrind --tool=callgrind``
(instrumentation only, no cache simulation): once with a warm-up and ``N`` items, once with
the warm-up alone; the difference over ``N`` is the cost of one item, imports and set-up
excluded. Python calls per decision (a hand read, for ``read``; ``sys.setprofile`` "call"
events) are counted outside valgrind, on the same items.

python benches/instructions.py                 # every workload, the default counts
python benches/instructions.py nl stud 20      # some workloads, 20 items each
python benches/instructions.py --run nl 20     # (inner) run one workload in this process

Workloads: ``nl`` and ``nl-pokerkit`` (6-max no-limit Hold'em, random legal play, as
benches/test_bench_hand.py), ``stud`` and ``stud-pokerkit`` (6-max fixed-limit Stud Hi/Lo,
benches/test_bench_stud.py), ``phh`` and ``phh-pokerkit`` (PHH parse + replay of the Pluribus
hands, benches/test_bench_phh.py), ``pan`` (a six-player game of greedy bots,
benches/test_bench_pan_game.py), ``read`` (the PokerStars no-limit hold 'em hands of both
folders, each read once as benches/test_bench_sites.py reads them: ``read_text`` of its text),
``ipoker`` (the iPoker hands of the three folders in the sessions of their files, each
read once by ``read_text``).
"""

from __future__ import annotations

import gc
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

COUNTS = {"nl": 40, "nl-pokerkit": 3, "stud": 40, "stud-pokerkit": 3, "phh": 40}
COUNTS |= {"phh-pokerkit": 10, "pan": 10, "read": 200, "ipoker": 200}
WARM = 3


def _pluribus(n: int) -> list[str]:
    from test_bench_phh import CORPUS

    with tarfile.open(CORPUS) as tar:
        members = sorted(
            (m for m in tar.getmembers() if m.isfile() and "/pluribus/" in m.name),
            key=lambda m: m.name,
        )
        out = []
        for m in members[:n]:
            f = tar.extractfile(m)
            assert f is not None
            out.append(f.read().decode())
    return out


def _stars_hands(n: int) -> list[str]:
    """The texts of the first ``n`` hands of the PokerStars no-limit hold 'em files of both
    shared folders (benches/test_bench_sites.py's, 1,591 hands: the files by name, each
    file's hands in order)."""
    from splitpot.sites import pokerstars
    from splitpot.sites.reading import decode, split
    from test_bench_sites import _stars_nlhe_files

    out: list[str] = []
    for path in _stars_nlhe_files():
        for block in split(decode(path.read_bytes()), pokerstars.READER.line_start, None):
            out.append("\n".join(block.lines) + "\n")
    return out[:n]


def _ipoker_hands(skip: int, n: int) -> list[str]:
    """The iPoker hands ``skip`` to ``skip + n`` of the three shared folders (the files by
    folder and name, each file's games in order) as the sessions they are read in: each
    file's text before its first game (its ``<general>``), its games among them, and
    ``</session>``; so an item is one hand, and a session's ``<general>`` is read once per
    file, as :func:`~splitpot.sites.read_file` reads it."""
    from splitpot.sites.ipoker import HEADER
    from splitpot.sites.reading import decode
    from splitpot.sites.xmldoc import elements
    from test_bench_sites import DATA

    games: list[tuple[int, str, str]] = []  # (file, its prolog, one game)
    files = [
        p
        for folder in ("site-histories", "site-histories-2", "site-histories-3")
        for p in sorted((DATA / folder / "ipoker").rglob("*"))
        if p.is_file()
    ]
    for k, path in enumerate(files):
        text = decode(path.read_bytes())
        first = HEADER.search(text)
        prolog = text[: first.start()] if first is not None else ""
        for _, lines in elements(text, HEADER, "</game>"):
            games.append((k, prolog, "\n".join(lines) + "\n"))
    out: dict[int, list[str]] = {}
    for k, prolog, game in games[skip : skip + n]:
        out.setdefault(k, [prolog]).append(game)
    return ["".join(parts) + "</session>\n" for parts in out.values()]


def workload(name: str, n: int) -> Callable[[], object]:
    """A function playing ``n`` items of the workload (its inputs made beforehand)."""
    if name in ("nl", "nl-pokerkit"):
        import test_bench_hand as b
        from splitpot.betting import NoLimit
        from splitpot.games import HOLDEM

        rng = random.Random(1)
        if name == "nl":
            return lambda: [b.splitpot_hand(rng, HOLDEM, NoLimit(1, 2)) for _ in range(n)]
        return lambda: [b.pokerkit_hand(rng, "nl") for _ in range(n)]
    if name in ("stud", "stud-pokerkit"):
        import test_bench_stud as s

        rng = random.Random(1)
        if name == "stud":
            return lambda: [s.splitpot_hand(rng) for _ in range(n)]
        game = s._pokerkit_game(True)
        return lambda: [s.pokerkit_hand(rng, game) for _ in range(n)]
    if name in ("phh", "phh-pokerkit"):
        import test_bench_phh as p

        texts = _pluribus(WARM + 200)[WARM : WARM + n]
        run = p.splitpot_replay if name == "phh" else p.pokerkit_replay
        return lambda: run(texts)
    if name == "read":
        import test_bench_sites as r

        texts = _stars_hands(WARM + n)[WARM:]
        return lambda: r.splitpot_read(texts)
    if name == "ipoker":
        import test_bench_sites as r

        texts = _ipoker_hands(WARM, n)
        return lambda: r.splitpot_read(texts)
    if name == "pan":
        import test_bench_pan_game as g

        seeds = iter(range(1000, 10**9))
        return lambda: [g.greedy_game(next(seeds)) for _ in range(n)]
    raise SystemExit(f"unknown workload {name!r}")


def run(name: str, n: int) -> None:
    workload(name, WARM)()  # imports, caches and first-use tables are not an item's cost
    play = workload(name, n)
    # The set-up's objects (the corpus's members for phh) out of the collector's full passes:
    # else a pass over them lands inside the items' count or not, by tens of millions.
    gc.collect()
    gc.freeze()
    play()


def instructions(name: str, n: int) -> int:
    """Instructions of the whole process (callgrind's total)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                __file__,
                "--run",
                name,
                str(n),
            ],
            check=True,
            capture_output=True,
            # Python's string hashes are salted per process: the set and dict work of the
            # set-up (the corpus read for phh) moves by tens of millions of instructions from
            # one process to the next, which a 40-item difference does not cancel. One salt.
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        for line in out.read_text().splitlines():
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    raise RuntimeError("no total in the callgrind output")


def calls(name: str, n: int) -> tuple[int, int]:
    """Python calls made by ``n`` items, and the player decisions among them."""
    play = workload(name, n)
    count = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    workload(name, WARM)()
    sys.setprofile(profile)
    try:
        items = play()
    finally:
        sys.setprofile(None)
    return count, _decisions(items)


def _decisions(items: object) -> int:
    from splitpot.hand import Hand
    from splitpot.hand.records import (
        Betting,
        BringingIn,
        Calling,
        Checking,
        Folding,
        RaisingTo,
    )

    kinds = (Betting, BringingIn, Calling, Checking, Folding, RaisingTo)
    if not isinstance(items, list):
        return 0
    total = 0
    for item in items:
        if isinstance(item, Hand):
            total += sum(isinstance(e, kinds) for e in item.events)
        else:  # a Pan hand: the records of its players' decisions
            from splitpot.pan.game import decision_of

            total += sum(decision_of(e) is not None for e in item.events)  # type: ignore[attr-defined]
    return total


def main(args: list[str]) -> None:
    if args[:1] == ["--run"]:
        run(args[1], int(args[2]))
        return
    n = int(args[-1]) if args and args[-1].isdigit() else None
    names = [a for a in args if not a.isdigit()] or list(COUNTS)
    for name in names:
        k = n or COUNTS[name]
        per = (instructions(name, k) - instructions(name, 0)) / k
        line = f"{name}: {per / 1e6:.3f} M instructions an item ({k} items)"
        if not name.endswith("pokerkit") and name != "phh":
            made, decisions = calls(name, k)
            if decisions:
                line += f"; {made / decisions:.1f} Python calls per decision"
            elif name in ("read", "ipoker"):
                line += f"; {made / k:.1f} Python calls a hand"
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
