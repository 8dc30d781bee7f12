"""Preflop equity tables: every heads-up Hold'em class matchup exactly, Omaha Hi/Lo by classes.

:func:`preflop_equity` builds an :class:`EquityTable` in picklable chunks through
:func:`splitpot.work.run_chunks`, so the same call runs here, on a process pool, a Dask
client or Ray, and the table is identical whatever ran it (results are merged in chunk order).
:func:`save` writes it as Parquet (the ``splitpot[parquet]`` extra) or ``.npz``; :func:`load`
reads it back.

Hold'em (``game="holdem"``): the 169 starting-hand classes (``"AA"``, ``"AKs"``, ``"AKo"``...),
and an entry for every ordered pair of them. An entry is the mean over every pair of concrete
hands of the two classes that share no card, each pair weighted equally, of the exact equity
over all 1,712,304 boards; ``win`` and ``tie`` are the shares of boards won outright and split.

>>> from splitpot import tables
>>> t = tables.preflop_equity("holdem", classes=["AA", "KK"])
>>> round(t.entry("AA", "KK")["equity"], 4), t.entry("AA", "KK")["count"]
(0.8195, 36)

Omaha Hi/Lo (``game="omaha8"``): one row per class (:func:`omaha_classes`) against a random
hand, by seeded Monte Carlo: the same ``seed`` gives the same table on any executor.

>>> t = tables.preflop_equity("omaha8", classes=["AA32ds"], samples=500, seed=1)
>>> t.columns, t.entry("AA32ds")["count"]
(('random',), 500)
"""

from __future__ import annotations

import itertools
import json
import os
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

import numpy as np

from splitpot import _progress, _seeds, _table_files, _tabular, games, work
from splitpot._core import SplitpotError
from splitpot.limits import TABLE_MAX_SAMPLES, shown
from splitpot.odds import equity

__all__ = [
    "HOLDEM_CLASSES",
    "EquityTable",
    "HoldemChunk",
    "OmahaChunk",
    "holdem_matchups",
    "load",
    "omaha_classes",
    "preflop_equity",
    "save",
]

RANKS = "AKQJT98765432"
SUITS = "cdhs"

HOLDEM_CHUNK = 250
"""Canonical matchups per Hold'em chunk: about 3 seconds of exact enumeration on one core,
coarse enough that an engine's cost per task stays small against the work."""

OMAHA_CHUNK = 40
"""Omaha classes per chunk (about half a second each at the default samples)."""

OMAHA_SAMPLES = 10_000
"""Default Monte Carlo deals per Omaha class."""

OMAHA_BOARDS = 25
"""Boards dealt per random (hero, villain) draw: one :func:`splitpot.equity` call each. Few
boards per draw keep the villain varied (most of an entry's variance is in who it faces);
more amortise the call."""

HOLDEM_FIELDS = ("equity", "win", "tie")
OMAHA_FIELDS = ("equity", "high", "low", "scoop", "quarter", "stderr")

Card = tuple[int, int]
"""(rank index in :data:`RANKS`, suit index in :data:`SUITS`)."""
Pattern = tuple[Card, Card, Card, Card]
"""Two hands with suits relabelled 0, 1, ... by first appearance: one suit-isomorphism class."""


def _holdem_classes() -> tuple[str, ...]:
    # The 13 x 13 grid, row by row: pairs on the diagonal, suited above it, offsuit below.
    out = []
    for i, hi in enumerate(RANKS):
        for j, lo in enumerate(RANKS):
            if i == j:
                out.append(hi + lo)
            elif i < j:
                out.append(f"{hi}{lo}s")
            else:
                out.append(f"{lo}{hi}o")
    return tuple(out)


HOLDEM_CLASSES = _holdem_classes()
"""The 169 Hold'em starting-hand classes, the 13 x 13 grid row by row (``"AA"``, ``"AKs"``,
..., ``"AKo"``, ``"KK"``, ...)."""


HTML_CLASSES = 20
"""The rows and columns of a table a notebook shows (a whole Hold'em table is 169 x 169)."""


@dataclass(frozen=True, repr=False)
class EquityTable:
    """A preflop table: ``rows`` (the hero's classes) by ``columns`` (the villain's classes,
    or ``("random",)`` for Omaha Hi/Lo), every field row-major in ``values``.

    ``count`` is, per entry, the number of concrete hand pairs averaged (Hold'em) or of
    Monte Carlo deals (Omaha). ``matchups`` is the number of distinct computations made
    (Hold'em: canonical suit patterns enumerated exactly; Omaha: random draws).
    """

    game: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    values: dict[str, tuple[float, ...]]
    count: tuple[int, ...]
    exact: bool
    matchups: int
    samples: int | None = None
    seed: int | None = None
    _index: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    def entry(self, hero: str, villain: str | None = None) -> dict[str, float]:
        """One entry's fields, and its ``count``. ``villain`` defaults to the only column."""
        if not self._index:
            self._index.update({c: i for i, c in enumerate(self.rows)})
        if hero not in self._index:
            raise SplitpotError(f"class {hero!r} is not a row of this table")
        col = self.columns.index(villain) if villain in self.columns else -1
        if villain is None and len(self.columns) == 1:
            col = 0
        if col < 0:
            raise SplitpotError(f"class {villain!r} is not a column of this table")
        k = self._index[hero] * len(self.columns) + col
        out = {name: v[k] for name, v in self.values.items()}
        out["count"] = self.count[k]
        return out

    def matrix(self, name: str = "equity") -> np.ndarray[Any, np.dtype[np.float64]]:
        """A field as a ``len(rows)`` x ``len(columns)`` array."""
        return np.array(self.values[name], dtype=np.float64).reshape(
            len(self.rows), len(self.columns)
        )

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, {self.samples:,} deals a class"
        return (
            f"EquityTable({self.game}: {len(self.rows)} x {len(self.columns)} classes, "
            f"{', '.join(self.values)}; {how})"
        )

    def entry_rows(self) -> list[dict[str, Any]]:
        """One row per entry, row-major: ``hero``, ``villain``, every field of
        :attr:`values` and ``count`` (the layout :func:`save` writes)."""
        return [
            {"hero": hero, "villain": villain}
            | {name: v[k] for name, v in self.values.items()}
            | {"count": self.count[k]}
            for k, (hero, villain) in enumerate(itertools.product(self.rows, self.columns))
        ]

    def to_pandas(self) -> Any:
        """:meth:`entry_rows` as a ``pandas.DataFrame`` indexed by (hero, villain); needs
        pandas (the ``pandas`` extra). ``.unstack("villain")["equity"]`` is the matrix."""
        return _tabular.data_frame(self.entry_rows(), index=["hero", "villain"])

    def _repr_html_(self) -> str:
        """The equity matrix in a notebook, hero by row (the first :data:`HTML_CLASSES` rows
        and columns of a large table; :meth:`to_pandas` has them all)."""
        rows, columns = self.rows[:HTML_CLASSES], self.columns[:HTML_CLASSES]
        equity = self.matrix("equity")
        cells = [
            {"hero": hero} | {v: f"{equity[i, j]:.1%}" for j, v in enumerate(columns)}
            for i, hero in enumerate(rows)
        ]
        cut = len(rows) < len(self.rows) or len(columns) < len(self.columns)
        note = f"the first {HTML_CLASSES} classes; to_pandas() has all" if cut else ""
        return _tabular.html_table(f"{self!r}: the hero's equity", cells, note=note)


def preflop_equity(
    game: str = "holdem",
    *,
    classes: Sequence[str] | None = None,
    samples: int | None = None,
    seed: int | None = None,
    executor: object = None,
    progress: _progress.ProgressLike = None,
    threads: int | None = None,
) -> EquityTable:
    """The preflop table of ``game`` (``"holdem"`` or ``"omaha8"``), run on ``executor``
    (see :func:`splitpot.work.run_chunks`; ``progress`` counts chunks: ``True`` draws a bar
    on stderr, a function is called as ``progress(done, total)``, see :mod:`splitpot._progress`).

    ``classes`` restricts the table to those classes (Hold'em: rows and columns). Omaha
    takes ``samples`` (deals per class, default :data:`OMAHA_SAMPLES`) and ``seed`` (default
    0); Hold'em is exact and refuses them. ``threads``: the core's threads inside a chunk.
    """
    code = games.game(game).code
    progress = _progress.report(progress, f"table {code}", "chunk")
    if code == "holdem":
        if samples is not None or seed is not None:
            raise SplitpotError("the Hold'em table is exact: it takes no samples or seed")
        return _holdem_table(_chosen(classes, HOLDEM_CLASSES), executor, progress, threads)
    if code == "omaha8":
        n = OMAHA_SAMPLES if samples is None else samples
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= TABLE_MAX_SAMPLES:
            raise SplitpotError(f"samples must be an int 1..{TABLE_MAX_SAMPLES}, got {shown(n)}")
        s = 0 if seed is None else _seeds.check(seed)
        rows = _chosen(classes, omaha_classes())
        return _omaha_table(rows, n, s, executor, progress)
    raise SplitpotError(f"no preflop table for {code!r}: choose holdem or omaha8")


def _chosen(classes: Sequence[str] | None, known: Sequence[str]) -> tuple[str, ...]:
    if classes is None:
        return tuple(known)
    if isinstance(classes, str):
        classes = [c for c in classes.split(",") if c.strip()]
    allowed = set(known)
    out: list[str] = []
    for c in classes:
        name = c.strip() if isinstance(c, str) else c
        if name not in allowed:
            raise SplitpotError(f"unknown starting-hand class {name!r}")
        if name not in out:
            out.append(name)
    if not out:
        raise SplitpotError("classes: give at least one class")
    return tuple(out)


# --- Hold'em -------------------------------------------------------------------------------
#
# Suit isomorphism, the standard reduction behind the 169 classes and preflop tables (as in
# PokerStove's and OMPEval's): relabelling the suits changes no equity, so two matchups whose
# cards differ by a permutation of the suits are enumerated once. A matchup's key is the
# lowest first-appearance relabelling of its cards (each hand's higher card first, a pair's
# two cards either way round); a key
# and its mirror (villain first) are one computation, its result read the other way round.
# The full 169 x 169 table needs 47,008 such canonical matchups (of 1,624,350 ordered pairs
# of hands that share no card); tests/test_tables.py checks entries against direct
# enumeration of every concrete pair.


@cache
def _combos(cls: str) -> tuple[tuple[Card, Card], ...]:
    hi, lo = RANKS.index(cls[0]), RANKS.index(cls[1])
    if hi == lo:
        return tuple(((hi, a), (hi, b)) for a, b in itertools.combinations(range(4), 2))
    if cls[2] == "s":
        return tuple(((hi, s), (lo, s)) for s in range(4))
    return tuple(((hi, a), (lo, b)) for a in range(4) for b in range(4) if a != b)


def _first_appearance(suits: Sequence[int]) -> tuple[int, ...]:
    labels: dict[int, int] = {}
    return tuple(labels.setdefault(s, len(labels)) for s in suits)


_LABELS = {s: _first_appearance(s) for s in itertools.product(range(4), repeat=4)}
"""Four cards' suits relabelled by first appearance, looked up (the listing's hot path)."""


def _relabel(cards: Sequence[Card]) -> Pattern:
    (r0, s0), (r1, s1), (r2, s2), (r3, s3) = cards
    l0, l1, l2, l3 = _LABELS[s0, s1, s2, s3]
    return ((r0, l0), (r1, l1), (r2, l2), (r3, l3))


def _orders(hand: tuple[Card, Card]) -> tuple[tuple[Card, Card], ...]:
    # Higher rank first; a pair's two cards differ only by suit, so either may come first.
    a, b = hand if hand[0][0] <= hand[1][0] else (hand[1], hand[0])
    return ((a, b), (b, a)) if a[0] == b[0] else ((a, b),)


def _oriented(h1: tuple[Card, Card], h2: tuple[Card, Card]) -> Pattern:
    return min(_relabel((*a, *b)) for a in _orders(h1) for b in _orders(h2))


def _canonical(h1: tuple[Card, Card], h2: tuple[Card, Card]) -> tuple[Pattern, bool]:
    """The matchup's key, and whether the key has the villain first."""
    ahead, mirror = _oriented(h1, h2), _oriented(h2, h1)
    return (ahead, False) if ahead <= mirror else (mirror, True)


@cache
def _class_patterns(hero: str, villain: str) -> tuple[tuple[Pattern, bool, int], ...]:
    """(key, mirrored, concrete pairs) for every key of the class pair.

    The suits act transitively on a class's hands, so every hero hand sees the same keys
    as the first one: its counts times the class's size count every concrete pair."""
    first = _combos(hero)[0]
    taken = set(first)
    counts = Counter(_canonical(first, h2) for h2 in _combos(villain) if taken.isdisjoint(h2))
    size = len(_combos(hero))
    return tuple((key, mirrored, n * size) for (key, mirrored), n in sorted(counts.items()))


def holdem_matchups(classes: Sequence[str] | None = None) -> list[Pattern]:
    """The sorted canonical matchups a table of ``classes`` (default all 169) enumerates."""
    rows = _chosen(classes, HOLDEM_CLASSES)
    keys = {k for a in rows for b in rows for k, _, _ in _class_patterns(a, b)}
    return sorted(keys)


def _hands(key: Pattern) -> tuple[str, str]:
    text = [RANKS[r] + SUITS[s] for r, s in key]
    return text[0] + text[1], text[2] + text[3]


@dataclass(frozen=True)
class HoldemChunk:
    """Canonical matchups ``start`` onwards of the sorted list, as concrete hands."""

    start: int
    hands: tuple[tuple[str, str], ...]
    threads: int | None = None


def holdem_chunk(chunk: HoldemChunk) -> tuple[tuple[int, int, int], ...]:
    """(boards the first hand wins, ties, loses) for each of the chunk's matchups."""
    out = []
    for h1, h2 in chunk.hands:
        r = equity("holdem", [h1, h2], exact=True, threads=chunk.threads)
        a, b = r.players
        wins, ties, losses = round(a.win * r.deals), round(a.tie * r.deals), round(b.win * r.deals)
        if wins + ties + losses != r.deals:  # the shares are exact ratios of these counts
            raise SplitpotError(f"{h1} vs {h2}: counts do not add up to {r.deals} boards")
        out.append((wins, ties, losses))
    return tuple(out)


def _holdem_table(
    rows: tuple[str, ...],
    executor: object,
    progress: work.Progress | None,
    threads: int | None,
) -> EquityTable:
    keys = holdem_matchups(rows)
    chunks = [
        HoldemChunk(i, tuple(_hands(k) for k in keys[i : i + HOLDEM_CHUNK]), threads)
        for i in range(0, len(keys), HOLDEM_CHUNK)
    ]
    done = work.run_chunks(holdem_chunk, chunks, executor, progress=progress)
    result = dict(zip(keys, (r for rs in done for r in rs), strict=True))
    boards = sum(next(iter(result.values()))) if result else 0
    values: dict[str, list[float]] = {f: [] for f in HOLDEM_FIELDS}
    count: list[int] = []
    for a in rows:
        for b in rows:
            wins = ties = pairs = 0
            for key, mirrored, n in _class_patterns(a, b):
                w, t, loss = result[key]
                wins += n * (loss if mirrored else w)
                ties += n * t
                pairs += n
            values["equity"].append((2 * wins + ties) / (2 * boards * pairs))
            values["win"].append(wins / (boards * pairs))
            values["tie"].append(ties / (boards * pairs))
            count.append(pairs)
    return EquityTable(
        "holdem",
        rows,
        rows,
        {f: tuple(v) for f, v in values.items()},
        tuple(count),
        True,
        len(keys),
    )


# --- Omaha Hi/Lo ---------------------------------------------------------------------------
#
# A class is the four ranks (highest first) and the suits' shape: "ds" double-suited (2+2),
# "ss" single-suited (2+1+1), "r" rainbow (1+1+1+1), "ts" three of one suit (3+1), "m" one
# suit. "AA32ds" is every hand of A, A, 3, 2 in two suits of two: coarser than suit
# isomorphism (A2 and A3 suited, or AA and 23 split either way, are one class). An entry is
# the hero's mean over uniform draws of a hand of the class, a uniformly random villain hand
# from the other 48 cards, and :data:`OMAHA_BOARDS` random boards per draw.

_SHAPES = {(1, 1, 1, 1): "r", (2, 1, 1): "ss", (2, 2): "ds", (3, 1): "ts", (4,): "m"}


def _shape(suits: Sequence[int]) -> str:
    return _SHAPES[tuple(sorted(Counter(suits).values(), reverse=True))]


def _label(hand: Sequence[Card]) -> str:
    ranks = sorted(r for r, _ in hand)
    return "".join(RANKS[r] for r in ranks) + _shape([s for _, s in hand])


@cache
def _members(label: str) -> tuple[tuple[Card, ...], ...]:
    """Every hand of the class ``label`` (empty for a class no hand has)."""
    ranks = [RANKS.index(c) for c in label[:4]]
    found = set()
    for suits in itertools.product(range(4), repeat=4):
        hand = tuple(sorted(zip(ranks, suits, strict=True)))
        if len(set(hand)) == 4 and _label(hand) == label:
            found.add(hand)
    return tuple(sorted(found))


@lru_cache(maxsize=1)
def omaha_classes() -> tuple[str, ...]:
    """Every Omaha class (ranks highest first, then the shape; see the comment above),
    ordered by ranks from AAAA down, then by shape ds, ss, r, ts, m."""
    labels = []
    for ranks in itertools.combinations_with_replacement(range(13), 4):
        shapes = _shapes(tuple(sorted(Counter(ranks).values())))
        prefix = "".join(RANKS[r] for r in ranks)
        labels += [prefix + s for s in ("ds", "ss", "r", "ts", "m") if s in shapes]
    return tuple(labels)


@cache
def _shapes(repeats: tuple[int, ...]) -> frozenset[str]:
    """The shapes four cards can have whose ranks repeat so (a pair: (1, 1, 2))."""
    ranks = [r for r, n in enumerate(repeats) for _ in range(n)]
    return frozenset(
        _shape(suits)
        for suits in itertools.product(range(4), repeat=4)
        if len(set(zip(ranks, suits, strict=True))) == 4
    )


@dataclass(frozen=True)
class OmahaChunk:
    """Omaha classes ``start`` onwards, ``samples`` deals each, streams keyed by ``seed``."""

    start: int
    classes: tuple[str, ...]
    samples: int
    seed: int


def _entry_seed(seed: int, label: str) -> int:
    # Keyed by the class, not by its place in a chunk: any partition draws the same deals.
    return _seeds.derive(seed, label, sep="/")


def omaha_chunk(chunk: OmahaChunk) -> tuple[tuple[float, ...], ...]:
    """(equity, high, low, scoop, quarter, stderr of equity) for each of the chunk's classes."""
    deck = [RANKS[r] + SUITS[s] for r in range(13) for s in range(4)]
    out = []
    for label in chunk.classes:
        rng = random.Random(_entry_seed(chunk.seed, label))
        draws, rest = divmod(chunk.samples, OMAHA_BOARDS)
        sizes = [OMAHA_BOARDS] * draws + ([rest] if rest else [])
        rows = []
        for n in sizes:
            hero = [RANKS[r] + SUITS[s] for r, s in rng.choice(_members(label))]
            villain = rng.sample([c for c in deck if c not in hero], 4)
            seed = _seeds.draw(rng)
            p = equity("omaha8", ["".join(hero), "".join(villain)], samples=n, seed=seed, threads=1)
            rows.append((n, p.players[0]))
        total = sum(n for n, _ in rows)
        means = [
            sum(n * float(getattr(p, f) or 0.0) for n, p in rows) / total for f in OMAHA_FIELDS[:-1]
        ]
        out.append((*means, _stderr([p.equity for _, p in rows], [n for n, _ in rows])))
    return tuple(out)


def _stderr(values: Sequence[float], weights: Sequence[int]) -> float:
    """The standard error of the weighted mean, from the draws' spread (each draw's value
    holds both its villain's and its boards' noise)."""
    if len(values) < 2:
        return float("nan")
    total = sum(weights)
    mean = sum(v * w for v, w in zip(values, weights, strict=True)) / total
    var = sum(w * (v - mean) ** 2 for v, w in zip(values, weights, strict=True)) / total
    eff = total**2 / sum(w * w for w in weights)  # the effective number of draws
    return float((var / (eff - 1)) ** 0.5)


def _omaha_table(
    rows: tuple[str, ...],
    samples: int,
    seed: int,
    executor: object,
    progress: work.Progress | None,
) -> EquityTable:
    chunks = [
        OmahaChunk(i, rows[i : i + OMAHA_CHUNK], samples, seed)
        for i in range(0, len(rows), OMAHA_CHUNK)
    ]
    done = [
        r for rs in work.run_chunks(omaha_chunk, chunks, executor, progress=progress) for r in rs
    ]
    values = {f: tuple(r[i] for r in done) for i, f in enumerate(OMAHA_FIELDS)}
    draws = -(-samples // OMAHA_BOARDS)
    return EquityTable(
        "omaha8",
        rows,
        ("random",),
        values,
        (samples,) * len(rows),
        False,
        draws * len(rows),
        samples,
        seed,
    )


# --- Saving --------------------------------------------------------------------------------


FORMATS = _table_files.FORMATS
check_path = _table_files.check_path


def _meta(table: EquityTable) -> str:
    return json.dumps(
        {
            "game": table.game,
            "rows": table.rows,
            "columns": table.columns,
            "fields": list(table.values),
            "exact": table.exact,
            "matchups": table.matchups,
            "samples": table.samples,
            "seed": table.seed,
        }
    )


def save(table: EquityTable, path: str | os.PathLike[str]) -> None:
    """Write ``table`` as Parquet or ``.npz``, by ``path``'s suffix: one row per entry (hero,
    villain, count, the fields), the rest in the metadata (Parquet: the schema's
    ``splitpot`` key; ``.npz``: the ``meta`` array)."""
    hero = [r for r in table.rows for _ in table.columns]
    villain = [c for _ in table.rows for c in table.columns]
    _table_files.write(path, _meta(table), hero, villain, table.count, table.values)


def load(path: str | os.PathLike[str]) -> EquityTable:
    """The table :func:`save` wrote to ``path``.

    The file is checked before anything in it is inflated (docs/limits.md): a regular file
    of at most :data:`~splitpot.limits.TABLE_MAX_BYTES`; metadata of at most
    :data:`~splitpot.limits.TABLE_MAX_META_BYTES` naming a known game, its classes and
    fields; then each array's size, type and shape as the zip entry or the Parquet metadata
    states them, against the metadata's rows x columns. Anything else is one
    :class:`~splitpot.SplitpotError` naming the file; an ``OSError`` when it cannot be opened.
    """
    meta, values, count = _table_files.read(path, _known)
    return EquityTable(
        meta["game"],
        meta["rows"],
        meta["columns"],
        values,
        count,
        meta["exact"],
        meta["matchups"],
        meta["samples"],
        meta["seed"],
    )


def _known(game: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] | None:
    """A saved table's possible rows, columns and fields, by its game (None: unknown)."""
    if game == "holdem":
        return HOLDEM_CLASSES, HOLDEM_CLASSES, HOLDEM_FIELDS
    if game == "omaha8":
        return omaha_classes(), ("random",), OMAHA_FIELDS
    return None
