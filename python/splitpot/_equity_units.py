"""Equity in work units: ``splitpot.equity(..., executor=...)`` (docs/distributed.md).

The core already computes an equity question as a sequence of units (slices of the exact
enumeration, or Monte Carlo chunks whose random stream is keyed by ``(seed, unit)``) and
answers with the fold of the units' sums in unit order. Here the question is planned once on
the client (:class:`EquityJob`: the cards as text, exact or not, the seed, the unit count),
cut into :class:`EquityChunk` slices of units that any process computes with
:func:`run_chunk`, and finished from every unit's sums. A part maps slices of units to their
units' sums; :func:`merge` is the disjoint union (a unit given twice is an error, so nothing
is counted twice) and :func:`finish` folds every unit in unit order, so any partition of the
units, on any number of workers, merged in any grouping, gives the local answer to the bit.

>>> import splitpot as sp
>>> job = EquityJob.plan("holdem", ["AcAd", "KhKs"], "Kd7c2s", "")
>>> job.exact, job.units
(True, 1)
>>> part = merge(*(run_chunk(c) for c in job.chunks(4)))
>>> raw = finish(job, part)
>>> raw.players[0].equity == sp.equity("holdem", ["AcAd", "KhKs"], "Kd7c2s").players[0].equity
True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from splitpot import _core, work
from splitpot._core import EquityError

Part = dict[tuple[int, int], bytes]
"""Some units' sums: ``(begin, end)`` -> the sufficient statistics of units ``begin`` to
``end``, packed by the core (per unit: the deal weight, the deals, and per player the weighted
sums of wins, ties, quarters, high and low shares and the squared share; 8 bytes each,
little-endian, so exact on any machine)."""

MIN_UNITS_PER_CHUNK = 8
"""A chunk holds at least this many units (a unit is about 20,000 deals or 16,384 samples), so
the engine's cost per task stays small against the work."""

CHUNKS_PER_WORKER = 4
"""Chunks per worker thread: enough to even out uneven units and a worker lost mid-job."""


@dataclass(frozen=True)
class EquityJob:
    """One equity question, planned: everything a worker needs, as plain data.

    ``exact`` and (Monte Carlo) ``samples`` and ``seed`` are fixed here, once, so every chunk
    of the job computes the same units; ``threads`` is each worker's thread count (``None``:
    all its cores)."""

    game: str
    players: tuple[str, ...]
    board: str
    dead: str
    exact: bool
    samples: int | None
    seed: int | None
    units: int
    threads: int | None = None

    @classmethod
    def plan(
        cls,
        game: str,
        players: list[Any],
        board: Any,
        dead: Any,
        *,
        exact: bool | None = None,
        samples: int | None = None,
        seed: int | None = None,
        time_limit: float | None = None,
        threads: int | None = None,
    ) -> EquityJob:
        """The job of ``splitpot.equity``'s question (the core validates it all); raises
        ``EquityError`` for a ``time_limit``, which a job cannot split."""
        p = _core._equity_plan(game, players, board, dead, exact, samples, seed, time_limit)
        return cls(
            game, tuple(p.players), p.board, p.dead, p.exact, p.samples, p.seed, p.units, threads
        )

    def chunks(self, count: int) -> list[EquityChunk]:
        """The units in ``count`` (or fewer, never empty) consecutive slices of near-equal
        size."""
        count = max(1, min(count, self.units))
        bounds = [self.units * i // count for i in range(count + 1)]
        return [EquityChunk(self, a, b) for a, b in itertools.pairwise(bounds) if b > a]

    def _args(self) -> tuple[str, list[str], str, str, bool, int | None, int | None, int]:
        """The core's arguments for this job's question and units."""
        question = (self.game, list(self.players), self.board, self.dead)
        return (*question, self.exact, self.samples, self.seed, self.units)


@dataclass(frozen=True)
class EquityChunk:
    """Units ``begin`` to ``end`` (not included) of ``job``."""

    job: EquityJob
    begin: int
    end: int

    def __post_init__(self) -> None:
        if not 0 <= self.begin <= self.end <= self.job.units:
            raise EquityError(
                f"units {self.begin}..{self.end} are not within the {self.job.units} units "
                "of this question"
            )


def run_chunk(chunk: EquityChunk) -> Part:
    """The sums of the chunk's units, computed on all cores (GIL released)."""
    job = chunk.job
    sums = _core._equity_units(*job._args(), chunk.begin, chunk.end, job.threads)
    return {(chunk.begin, chunk.end): sums}


def merge(*parts: Mapping[tuple[int, int], bytes]) -> Part:
    """The disjoint union of ``parts``; ``EquityError`` when a unit is in two of them, since
    its deals would be counted twice. Associative and commutative."""
    out: Part = {}
    for part in parts:
        out.update(part)
    slices = sorted(s for s in out if s[0] < s[1])
    if sum(len(part) for part in parts) != len(out):
        raise EquityError("a slice of units is in two parts: its deals would count twice")
    for (_, end), (begin, _) in itertools.pairwise(slices):
        if begin < end:
            raise EquityError(
                f"units {begin}..{end} are in two parts: their deals would count twice"
            )
    return out


def finish(job: EquityJob, part: Mapping[tuple[int, int], bytes]) -> _core._Equity:
    """The answer from every unit's sums, folded in unit order: ``_core._equity``'s."""
    need = f"finishing needs each of the {job.units} units once"
    at = 0
    for begin, end in sorted(s for s in part if s[0] < s[1]):
        if begin != at:
            lost = "missing" if begin > at else "in two parts"
            raise EquityError(f"{need}: units {min(begin, at)}..{max(begin, at)} are {lost}")
        at = end
    if at != job.units:
        lost = "missing" if at < job.units else "not units of this question"
        raise EquityError(f"{need}: units {min(at, job.units)}..{max(at, job.units)} are {lost}")
    sums = b"".join(part[s] for s in sorted(part))
    return _core._equity_finish(*job._args(), sums)


def chunk_count(executor: object, units: int) -> int:
    """Coarse chunks: ``CHUNKS_PER_WORKER`` per worker thread of ``executor``, each of at
    least ``MIN_UNITS_PER_CHUNK`` units."""
    return max(1, min(CHUNKS_PER_WORKER * _workers(executor), units // MIN_UNITS_PER_CHUNK))


def _workers(executor: Any) -> int:
    """How many chunks ``executor`` runs at once (a guess of 4 when it does not say)."""
    found: object = None
    if work._is_dask(executor):
        found = sum(executor.nthreads().values())
    elif work._is_ray(executor):
        found = int(executor.cluster_resources().get("CPU", 1))
    else:
        found = getattr(executor, "_max_workers", None) or getattr(executor, "_processes", None)
    return found if isinstance(found, int) and found > 0 else 4


def distributed(
    game: str,
    cards: tuple[list[Any], Any, Any],
    options: Mapping[str, Any],
    executor: object,
    progress: Callable[[float], None] | None,
) -> _core._Equity:
    """``splitpot.equity``'s answer computed in chunks on ``executor``; ``progress`` is told
    the fraction done (:func:`splitpot._progress.fraction`)."""
    job = EquityJob.plan(game, *cards, **options)
    chunks = job.chunks(chunk_count(executor, job.units))
    report = None if progress is None else (lambda done, total: progress(done / total))
    parts = work.run_chunks(run_chunk, chunks, executor, progress=report)
    return finish(job, merge(*parts))
