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

from splitpot import _core, _progress, _seeds, _table_files, _tabular, games, work
from splitpot._core import SplitpotError
from splitpot.limits import TABLE_MAX_SAMPLES, shown
from splitpot.odds import equity

__all__ = [
    "HOLDEM_CLASSES",
    "EquityTable",
    "HeroChunk",
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

HOLDEM_HANDS = tuple(
    RANKS[12 - hi // 4] + SUITS[hi % 4] + RANKS[12 - lo // 4] + SUITS[lo % 4]
    for hi in range(52)
    for lo in range(hi)
)
"""The 1,326 two-card hands as the suit-aware table names them, the higher card first
(``"AdAc"``)."""


HTML_CLASSES = 20
"""The rows and columns of a table a notebook shows (a whole Hold'em table is 169 x 169)."""


@dataclass(frozen=True, repr=False)
class EquityTable:
    """A preflop table: ``rows`` (the hero's classes) by ``columns`` (the villain's classes,
    or ``("random",)`` for Omaha Hi/Lo; the suit-aware Hold'em table: hands), every field
    row-major in ``values``.

    ``count`` is, per entry, the number of concrete hand pairs averaged (Hold'em) or of
    Monte Carlo deals (Omaha). ``matchups`` is, for Hold'em, the number of canonical
    matchups (pairs of hands up to suits) the table stands for, 47,008 for the full table;
    for Omaha, the random draws made.
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
    suits: bool = False,
) -> EquityTable:
    """The preflop table of ``game`` (``"holdem"`` or ``"omaha8"``), run on ``executor``
    (see :func:`splitpot.work.run_chunks`; ``progress`` counts chunks: ``True`` draws a bar
    on stderr, a function is called as ``progress(done, total)``, see :mod:`splitpot._progress`).

    ``classes`` restricts the table to those classes (Hold'em: rows and columns). Omaha
    takes ``samples`` (deals per class, default :data:`OMAHA_SAMPLES`) and ``seed`` (default
    0); Hold'em is exact and refuses them. ``threads``: the core's threads inside a chunk.
    ``suits=True`` (Hold'em) gives the suit-aware table instead: a row per class, its first
    hand (``"AdAc"``, ``"AcKc"``, ``"AcKd"``), against every hand of the classes, each
    entry one exact matchup (``count`` 0 and zeros where the two hands share a card).
    """
    code = games.game(game).code
    progress = _progress.report(progress, f"table {code}", "chunk")
    if code == "holdem":
        if samples is not None or seed is not None:
            raise SplitpotError("the Hold'em table is exact: it takes no samples or seed")
        build = _holdem_suit_table if suits else _holdem_table
        return build(_chosen(classes, HOLDEM_CLASSES), executor, progress, threads)
    if suits:
        raise SplitpotError("suits=True is for the Hold'em table")
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
# Board-major (rust/equity/preflop.rs): every five-card board once up to a permutation of the
# suits (134,459 boards standing for 2,598,960; the classes are unchanged by any permutation),
# every hand of the chosen classes evaluated once on each, and the pairs of hands counted by
# class without visiting them (sorted by strength; pairs sharing a card taken away per card).
# The counts are integers, so chunks of boards add up in any order on any executor, and each
# entry is the same ratio of the same integers as when every canonical matchup (47,008 for
# the full table) was enumerated apart. tests/test_tables.py checks entries against direct
# enumeration of every concrete pair.

HOLDEM_BOARDS = 1_712_304
"""Boards completing one pair of hands: C(48, 5)."""


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
    """The sorted canonical matchups (pairs of hands up to suits) among ``classes`` (default
    all 169): what the suit-aware table distinguishes."""
    rows = _chosen(classes, HOLDEM_CLASSES)
    keys = {k for a in rows for b in rows for k, _, _ in _class_patterns(a, b)}
    return sorted(keys)


HOLDEM_CHUNKS = 32
"""Slices of the boards a Hold'em table is cut into (about a second each for the full
table on one core): enough to spread over a cluster, few enough that moving each chunk's
two count matrices stays cheap."""


@dataclass(frozen=True)
class HoldemChunk:
    """Boards ``begin`` to ``end`` (of the 134,459 five-card boards up to suits the table is
    counted over) for the classes ``classes``; ``threads``: the core's threads."""

    classes: tuple[str, ...]
    begin: int
    end: int
    threads: int | None = None


def holdem_chunk(chunk: HoldemChunk) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Boards won and tied by each class against each over the chunk's boards (square
    ``uint64`` arrays, the row's class first)."""
    return _core._holdem_class_counts(list(chunk.classes), chunk.begin, chunk.end, chunk.threads)


def _holdem_table(
    rows: tuple[str, ...],
    executor: object,
    progress: work.Progress | None,
    threads: int | None,
) -> EquityTable:
    boards = _core._holdem_board_count()
    bounds = [boards * i // HOLDEM_CHUNKS for i in range(HOLDEM_CHUNKS + 1)]
    chunks = [HoldemChunk(rows, a, b, threads) for a, b in itertools.pairwise(bounds) if b > a]
    done = work.run_chunks(holdem_chunk, chunks, executor, progress=progress)
    k = len(rows)
    wins, ties = np.zeros((k, k), dtype=np.uint64), np.zeros((k, k), dtype=np.uint64)
    for won, tied in done:
        wins += won
        ties += tied
    pairs, matchups = _core._holdem_class_pairs(list(rows))
    values: dict[str, list[float]] = {f: [] for f in HOLDEM_FIELDS}
    count: list[int] = []
    for i in range(k):
        for j in range(k):
            # Python ints: the same exact ratios whatever summed them.
            w, t, n = int(wins[i, j]), int(ties[i, j]), int(pairs[i, j])
            values["equity"].append((2 * w + t) / (2 * HOLDEM_BOARDS * n))
            values["win"].append(w / (HOLDEM_BOARDS * n))
            values["tie"].append(t / (HOLDEM_BOARDS * n))
            count.append(n)
    return EquityTable(
        "holdem",
        rows,
        rows,
        {f: tuple(v) for f, v in values.items()},
        tuple(count),
        True,
        matchups,
    )


@dataclass(frozen=True)
class HeroChunk:
    """The suit-aware row of the hand ``hero`` against every hand of ``classes``."""

    classes: tuple[str, ...]
    hero: str
    threads: int | None = None


def hero_chunk(chunk: HeroChunk) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Boards the hero wins and ties against each hand of the classes (0 for a hand sharing
    a card with it)."""
    return _core._holdem_hero_counts(list(chunk.classes), chunk.hero, chunk.threads)


def _holdem_suit_table(
    rows: tuple[str, ...],
    executor: object,
    progress: work.Progress | None,
    threads: int | None,
) -> EquityTable:
    heroes = tuple(_core._holdem_class_hands([c])[0] for c in rows)
    columns = tuple(_core._holdem_class_hands(list(rows)))
    chunks = [HeroChunk(rows, h, threads) for h in heroes]
    done = work.run_chunks(hero_chunk, chunks, executor, progress=progress)
    values: dict[str, list[float]] = {f: [] for f in HOLDEM_FIELDS}
    count: list[int] = []
    for hero, (wins, ties) in zip(heroes, done, strict=True):
        for villain, w, t in zip(columns, wins.tolist(), ties.tolist(), strict=True):
            apart = not {hero[:2], hero[2:]} & {villain[:2], villain[2:]}
            values["equity"].append((2 * w + t) / (2 * HOLDEM_BOARDS) if apart else 0.0)
            values["win"].append(w / HOLDEM_BOARDS if apart else 0.0)
            values["tie"].append(t / HOLDEM_BOARDS if apart else 0.0)
            count.append(int(apart))
    _, matchups = _core._holdem_class_pairs(list(rows))
    return EquityTable(
        "holdem",
        heroes,
        columns,
        {f: tuple(v) for f, v in values.items()},
        tuple(count),
        True,
        matchups,
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
    """Every hand of the class ``label`` (empty for a class no hand has), expanded by the
    core's Omaha range reader (a class is a pattern of its syntax, docs/equity.md): each hand
    its sorted (rank, suit) pairs, the hands sorted."""
    try:
        hands = _core._range_hands("omaha", label)
    except SplitpotError:
        return ()
    if any(w != 1.0 for _, w in hands):
        return ()
    return tuple(
        sorted(
            tuple(sorted((RANKS.index(h[i]), SUITS.index(h[i + 1])) for i in range(0, 8, 2)))
            for h, _ in hands
        )
    )


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
    if game == "holdem":  # classes, or the suit-aware table's hands
        names = HOLDEM_CLASSES + HOLDEM_HANDS
        return names, names, HOLDEM_FIELDS
    if game == "omaha8":
        return omaha_classes(), ("random",), OMAHA_FIELDS
    return None
