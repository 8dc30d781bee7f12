"""Hands among the built-in bots, in chunks that run anywhere (``splitpot simulate``).

Hand ``i`` of a run seeded ``seed`` is dealt and played from seeds that are a pure function of
``(seed, i)`` (:func:`hand_seeds`, BLAKE2b of the pair: the same on every machine, process
and Python), not drawn one after another from one generator. So the hands ``[a, b)`` can be
played by any worker without the hands before them, and a run cut into any chunks on any
:func:`splitpot.work.run_chunks` executor writes byte for byte the text of the one-process run.

>>> from splitpot import HOLDEM, NoLimit
>>> from splitpot.simulation import simulate
>>> run = simulate(HOLDEM, NoLimit(1, 2), [100] * 3, 4, seed=7)
>>> run.summary.hands, sum(run.summary.net or [])
(4, 0)
>>> simulate(HOLDEM, NoLimit(1, 2), [100] * 3, 4, seed=7, hands_per_chunk=3) == run
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from splitpot import _progress, _seeds, _summary
from splitpot._core import SplitpotError
from splitpot._seeds import derive
from splitpot.betting import Structure
from splitpot.games import Game, game
from splitpot.limits import shown

BOTS = ("simple", "random", "calling")
"""The bots :func:`simulate` seats: one kind for every seat."""

SEED_BITS = 63
"""Bits of each derived seed (a ``Hand`` and a bot take any int; 63 keeps it one word)."""

HANDS_PER_CHUNK = 50
"""Hands in a chunk by default: well over a second of work on a worker."""


def hand_seeds(seed: int, hand: int, players: int) -> tuple[int, list[int]]:
    """The deal's seed and each seat's bot seed for hand number ``hand`` (0-based) of a run
    seeded ``seed``: BLAKE2b of ``(seed, hand, k)``, ``k = 0`` for the deal and ``1 + seat``
    for the bots; a pure function, the same everywhere.

    >>> hand_seeds(1, 0, 2) == hand_seeds(1, 0, 2) != hand_seeds(1, 1, 2)
    True
    """
    out = [derive("splitpot.simulate", seed, hand, k, bits=SEED_BITS) for k in range(players + 1)]
    return out[0], out[1:]


@dataclass(frozen=True)
class HandsChunk:
    """A work unit: hands ``start`` to ``stop - 1`` of the run seeded ``seed``."""

    game: str
    structure: Structure
    stacks: tuple[int, ...]
    bots: str
    seed: int
    start: int
    stop: int


@dataclass(frozen=True)
class Simulated:
    """What :func:`simulate` (or one chunk) played: ``text``, the hands as ``.phhs`` text
    numbered from 1 in the run, and ``summary``, their :class:`splitpot._summary.Hands`."""

    text: str
    summary: _summary.Hands


def play_chunk(chunk: HandsChunk) -> Simulated:
    """Play the hands of ``chunk``: the function a worker runs."""
    from splitpot import bots
    from splitpot.hand import Hand
    from splitpot.phh.toml_io import _phhs_chunks

    table = game(chunk.game)
    players = len(chunk.stacks)
    kinds: dict[str, Callable[[int], Any]] = {"simple": bots.SimpleBot, "random": bots.RandomBot}
    summary = _summary.Hands(players)
    played = []
    for i in range(chunk.start, chunk.stop):
        deal, seats = hand_seeds(chunk.seed, i, players)
        hand = Hand(table, chunk.structure, list(chunk.stacks), button=i % players, seed=deal)
        if chunk.bots == "calling":
            seated: list[Any] = [bots.CallingStation() for _ in range(players)]
        else:
            seated = [kinds[chunk.bots](s) for s in seats]
        played.append(bots.play_bots(hand, seated))  # looked up here: tests replace it
        summary.add(hand)
    return Simulated("\n".join(_phhs_chunks(played, start=chunk.start + 1)), summary)


def chunks(
    table: Game,
    structure: Structure,
    stacks: Sequence[int],
    hands: int,
    seed: int,
    bots: str = "simple",
    hands_per_chunk: int = HANDS_PER_CHUNK,
) -> list[HandsChunk]:
    """The run cut into chunks of ``hands_per_chunk`` consecutive hands."""
    if bots not in BOTS:
        raise SplitpotError(f"bots must be one of {', '.join(BOTS)}, got {shown(bots)}")
    for name, n, least in (("hands", hands, 0), ("hands_per_chunk", hands_per_chunk, 1)):
        if isinstance(n, bool) or not isinstance(n, int) or n < least:
            raise SplitpotError(f"{name} must be >= {least}, got {shown(n)}")
    step = hands_per_chunk
    cut = [(a, min(a + step, hands)) for a in range(0, hands, step)]
    return [HandsChunk(table.code, structure, tuple(stacks), bots, seed, a, b) for a, b in cut]


def simulate(
    table: Game,
    structure: Structure,
    stacks: Sequence[int],
    hands: int,
    *,
    seed: int | None = None,
    bots: str = "simple",
    executor: object = None,
    progress: _progress.ProgressLike = None,
    hands_per_chunk: int = HANDS_PER_CHUNK,
) -> Simulated:
    """Play ``hands`` hands of ``table`` among ``bots`` (every seat one kind: ``"simple"``,
    ``"random"`` or ``"calling"``), every hand from ``stacks`` with the button moving round,
    on ``executor`` (anything :func:`splitpot.work.run_chunks` takes; ``None``: here).

    ``seed`` (``None``: a random one) fixes every hand whatever the executor and the chunking;
    ``progress`` (``True``: a bar on stderr; a function: ``progress(done, total)``, see
    :mod:`splitpot._progress`) counts hands. Returns the :class:`Simulated` hands and summary;
    raises :class:`~splitpot.SplitpotError` for bad settings, before any hand is played.
    :func:`played` gives the same chunk by chunk, to write as they come.
    """
    parts = played(
        table,
        structure,
        stacks,
        hands,
        seed=seed,
        bots=bots,
        executor=executor,
        progress=progress,
        hands_per_chunk=hands_per_chunk,
    )
    return merge(list(parts), len(stacks))


WINDOW = 256
"""Chunks sent to the executor at a time by :func:`played`: the results held at once stay
bounded (about 15 MB of text by default) however many hands are played."""


def played(
    table: Game,
    structure: Structure,
    stacks: Sequence[int],
    hands: int,
    *,
    seed: int | None = None,
    bots: str = "simple",
    executor: object = None,
    progress: _progress.ProgressLike = None,
    hands_per_chunk: int = HANDS_PER_CHUNK,
) -> Iterator[Simulated]:
    """:func:`simulate`'s chunks, played :data:`WINDOW` chunks at a time, in order; the
    settings are checked here, before the first chunk is asked for.

    >>> from splitpot import HOLDEM, NoLimit
    >>> parts = played(HOLDEM, NoLimit(1, 2), [100] * 2, 5, seed=3, hands_per_chunk=2)
    >>> [p.summary.hands for p in parts]
    [2, 2, 1]
    """
    from splitpot.hand import Hand

    Hand(table, structure, list(stacks))  # refuses bad settings before any hand
    seed = _seeds.draw() if seed is None else _seeds.check(seed)
    parts = chunks(table, structure, stacks, hands, seed, bots, hands_per_chunk)
    return _windows(parts, executor, _progress.report(progress, "simulating", "hand"), hands)


def _windows(
    parts: list[HandsChunk],
    executor: object,
    progress: Callable[[int, int], None] | None,
    hands: int,
) -> Iterator[Simulated]:
    from splitpot.work import run_chunks

    for w in range(0, len(parts), WINDOW):
        window = parts[w : w + WINDOW]

        def report(done: int, _: int, window: list[HandsChunk] = window) -> None:
            if progress is not None:  # ``done`` chunks of the window: about the first ``done``
                progress(window[done - 1].stop, hands)

        yield from run_chunks(play_chunk, window, executor, progress=report)


def write(parts: Iterable[Simulated], out: TextIO, players: int | None) -> _summary.Hands:
    """Write consecutive chunks' texts to ``out`` as one ``.phhs`` text; their merged summary."""
    summary = _summary.Hands(players)
    first = True
    for p in parts:
        if p.text:
            out.write(p.text if first else "\n" + p.text)
            first = False
        summary = summary.merge(p.summary)
    return summary


def merge(parts: Sequence[Simulated], players: int | None) -> Simulated:
    """Consecutive chunks' hands as one run: the texts joined in order, the summaries merged."""
    summary = _summary.Hands(players)
    for p in parts:
        summary = summary.merge(p.summary)
    return Simulated("\n".join(p.text for p in parts if p.text), summary)
