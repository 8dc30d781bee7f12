"""Checking replays against the histories: :func:`compare`, :func:`check`, many files."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from splitpot import _log, _progress
from splitpot._core import SplitpotError
from splitpot.hand import Hand
from splitpot.limits import PHH_MAX_JOBS, shown
from splitpot.phh.errors import PHHError, UnsupportedHistory
from splitpot.phh.record import HandHistory, Number
from splitpot.phh.replay import replay
from splitpot.phh.setup import seat_layout
from splitpot.phh.toml_io import _read, loads_all

_logger = _log.logger(__name__)


@dataclass(frozen=True)
class Comparison:
    """How a replayed hand's stacks compare with the history's ``finishing_stacks``.

    ``status`` is ``"match"`` (equal), ``"odd_chip"`` (the history records a split pot as
    fractional chips, e.g. ``10112.5``, and every difference is less than one chip unit, on
    seats that shared a pot), ``"mismatch"``, or ``"unchecked"`` (no ``finishing_stacks``).
    ``player`` is the first differing player (0-based), ``expected`` and ``got`` the stacks
    per player. The spec allows ``finishing_stacks`` for a hand that is not over: they are
    then the chips behind after the last action. Returned by :func:`compare`; ``str()`` names
    the first difference.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import dumps, loads, replay
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.fold()                 # the small blind folds
    >>> hh = loads(dumps(hand))
    >>> compare(hh, replay(hh))
    Comparison(status='match', expected=(101, 99), got=(101, 99), player=None)
    >>> hh.finishing_stacks = [100, 100]
    >>> str(compare(hh, replay(hh)))
    'mismatch: p1 finishes with 101, the history says 100'
    """

    status: Literal["match", "odd_chip", "mismatch", "unchecked"]
    expected: tuple[Number, ...] = ()
    got: tuple[int, ...] = ()
    player: int | None = None

    def __str__(self) -> str:
        if self.player is None:
            return self.status
        k = self.player
        return (
            f"{self.status}: p{k + 1} finishes with {self.got[k]}, the history says "
            f"{self.expected[k]}"
        )


def compare(history: HandHistory, hand: Hand) -> Comparison:
    """Compare ``hand`` (from :func:`replay`) with ``history.finishing_stacks``.

    Args:
        history: the :class:`HandHistory` the hand was replayed from.
        hand: the :class:`~splitpot.hand.Hand` :func:`replay` made of it (over or not).

    Returns:
        A :class:`Comparison`: ``"match"``, ``"odd_chip"``, ``"mismatch"`` or
        ``"unchecked"``. Raises nothing for a hand replayed from ``history``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import dumps, loads, replay
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.fold()                 # the small blind folds
    >>> hh = loads(dumps(hand))
    >>> compare(hh, replay(hh)).status
    'match'
    """
    expected = history.finishing_stacks
    seat_of, _, _ = seat_layout(history)
    stacks = hand.final_stacks if hand.is_over else hand.stacks
    got = tuple(stacks[s] for s in seat_of)
    if expected is None:
        return Comparison("unchecked", (), got)
    want = tuple(expected)
    diffs = [k for k in range(len(got)) if got[k] != want[k]]
    if not diffs:
        return Comparison("match", want, got)
    rake = history.user_fields.get("_site_rake")
    if type(rake) is int and hand.is_over:  # a site's hand: its rake and odd chips
        return _site_result(history, hand, want, got, diffs, rake)
    unit = hand.structure.chip_unit
    split = _split_seats(hand) if hand.is_over else set()
    odd = all(abs(got[k] - want[k]) < unit and seat_of[k] in split for k in diffs)  # type: ignore[operator]
    return Comparison("odd_chip" if odd else "mismatch", want, got, diffs[0])


SITE_MAX_RAKE_PERCENT = 15
"""The table rule on a site's rake: no card room takes more than this share of a pot (the
most in the shared files of six sites is 12.5%, an iPoker pot of €4 raked €0.50). A
tournament's hand has no rake at all."""


def _site_result(
    history: HandHistory,
    hand: Hand,
    want: tuple[Number, ...],
    got: tuple[int, ...],
    diffs: list[int],
    rake: int,
) -> Comparison:
    """A hand read from a poker site, replayed without rake: the engine pays out the whole
    pot, the site paid out the pot less its rake. It is a ``"match"`` when the differences
    are the rake, taken from what the site's winners collected (``winnings``); an
    ``"odd_chip"`` when they add up to the rake but the site paid a split pot's odd chips
    (fewer than the players sharing it) to other players than splitpot's rule does
    (docs/rules/poker.md §5); else a ``"mismatch"``.

    The rake is bounded, so that a lowered win is never booked as rake: a tournament's
    hand (``_site_tournament``) has none, and a cash game's is at most
    :data:`SITE_MAX_RAKE_PERCENT` of the pot; the site's own statement of it is
    ``_site_rake``, which the reader checked against the pot it states."""
    delta: list[Number] = [got[k] - want[k] for k in range(len(got))]
    won: list[Number] = history.winnings or [0] * len(got)
    seat_of, _, _ = seat_layout(history)
    pot = sum(a.amount for a in hand.result.awards)
    tournament = history.user_fields.get("_site_tournament") is True
    allowed = 0 if tournament else pot * SITE_MAX_RAKE_PERCENT // 100
    if sum(delta) == rake and 0 <= rake <= allowed:
        if all(delta[k] > 0 and won[k] > 0 for k in diffs):
            return Comparison("match", want, got)
        split = _split_seats(hand)
        odd = [k for k in diffs if delta[k] < 0 or won[k] == 0]
        if all(seat_of[k] in split and -len(split) < delta[k] < len(split) for k in odd):
            return Comparison("odd_chip", want, got, diffs[0])
    return Comparison("mismatch", want, got, diffs[0])


def _split_seats(hand: Hand) -> set[int]:
    """The seats that were paid part of a pot that another seat was paid part of too."""
    winners: dict[int, set[int]] = {}
    for a in hand.result.awards:
        winners.setdefault(a.pot, set()).add(a.seat)
    return {s for seats in winners.values() if len(seats) > 1 for s in seats}


Status = Literal["match", "odd_chip", "mismatch", "unchecked", "unsupported", "damaged", "error"]


@dataclass(frozen=True)
class Outcome:
    """What replaying one history gave: ``status`` is a :class:`Comparison` status,
    ``"unsupported"`` (:class:`UnsupportedHistory`), ``"damaged"`` (a site's hand whose text
    is cut off or contradicts itself: :class:`splitpot.sites.DamagedHand`) or ``"error"``
    (:class:`PHHError`);
    ``detail`` says why, ``variant`` is the history's variant code (for a site's hand
    splitpot does not play, the site's name of the game), ``site`` the poker site's name for
    a hand read from a site's file (:mod:`splitpot.sites`), else ``""``. ``source`` names
    the history (the file, and the hand of a site's file). Returned by :func:`check`,
    :func:`check_file` and :func:`check_files`.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import dumps, loads, replay
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.fold()                 # the small blind folds
    >>> hh = loads(dumps(hand))
    >>> check(hh)
    Outcome(source='<string>', status='match', detail='', variant='NT', site='')
    """

    source: str
    status: Status
    detail: str = ""
    variant: str = ""
    site: str = ""


def check(history: HandHistory) -> Outcome:
    """Replay ``history`` and compare it with its ``finishing_stacks``; never raises a
    :class:`PHHError` (it becomes the outcome).

    Args:
        history: a :class:`HandHistory` (from :func:`loads`, or a site's file).

    Returns:
        An :class:`Outcome`: the :class:`Comparison` status, ``"unsupported"`` or ``"error"``
        with the message in ``detail``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import dumps, loads, replay
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.fold()                 # the small blind folds
    >>> hh = loads(dumps(hand))
    >>> check(hh).status
    'match'
    >>> hh.actions[2] = "p2 cbr 1000"
    >>> check(hh).detail
    "<string>: action 2 ('p2 cbr 1000'): seat 1 may raise to 4..100, not 1000 (seat 1 is p2)"
    """
    source = history.source or "<string>"
    site = str(history.user_fields.get("_site", ""))
    if site and history.hand is not None:
        source = f"{source}: hand {history.hand}"
    try:
        hand = replay(history)
    except UnsupportedHistory as e:
        return Outcome(source, "unsupported", str(e), history.variant, site)
    except PHHError as e:
        return Outcome(source, "error", str(e), history.variant, site)
    comparison = compare(history, hand)
    detail = "" if comparison.status in ("match", "unchecked") else f"{source}: {comparison}"
    return Outcome(source, comparison.status, detail, history.variant, site)


def _logged(outcome: Outcome) -> Outcome:
    """Logs a history not played (INFO), refused or replayed to other stacks (WARNING)."""
    if outcome.status == "unsupported":
        _logger.info("not played: %s: %s", outcome.source, outcome.detail)
    elif outcome.status == "error":
        _logger.warning("refused: %s: %s", outcome.source, outcome.detail)
    elif outcome.status == "damaged":
        _logger.warning("damaged: %s: %s", outcome.source, outcome.detail)
    elif outcome.status == "mismatch":
        _logger.warning("replayed to other stacks: %s", outcome.detail)
    return outcome


def check_file(path: str | os.PathLike[str]) -> list[Outcome]:
    """:func:`check` every hand of a ``.phh`` or ``.phhs`` file.

    Args:
        path: the file.

    Returns:
        One :class:`Outcome` per hand, in the file's order. Never raises for a bad file: one
        that cannot be read or parsed gives a single ``"error"`` outcome.

    >>> check_file("/no/such/file.phh")[0].status
    'error'
    """
    name = os.fspath(path)
    try:
        text, _ = _read(name)
        histories = loads_all(text, source=name)
    except PHHError as e:
        return [Outcome(name, "error", str(e))]
    except (OSError, UnicodeDecodeError) as e:
        return [Outcome(name, "error", f"{name}: {e}")]
    return [check(h) for h in histories]


def find_files(
    paths: Iterable[str | os.PathLike[str]],
    *,
    skipped: list[str] | None = None,
    suffixes: tuple[str, ...] = (".phh", ".phhs"),
) -> list[str]:
    """Every file with one of ``suffixes`` (``.phh`` and ``.phhs``) under ``paths`` (files
    are taken as given), sorted within each directory. A name found in a directory that is
    not a regular file (a FIFO, a device, a dangling symlink: opening one can block) is left
    out, and appended to ``skipped`` if given; a directory of that name is searched like any
    other.

    Returns the paths as strings. Raises nothing: a path that does not exist is returned as
    given, for :func:`check_file` to report.

    >>> import os, tempfile
    >>> tmp = tempfile.TemporaryDirectory()
    >>> for name in ("b.phhs", "a.phh", "notes.txt"):
    ...     _ = open(os.path.join(tmp.name, name), "w").close()
    >>> [os.path.basename(f) for f in find_files([tmp.name])]
    ['a.phh', 'b.phhs']
    >>> tmp.cleanup()
    """
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if not path.is_dir():
            out.append(str(path))
            continue
        for f in sorted(_everything_under(path)):
            if f.suffix not in suffixes:
                continue
            if f.is_file():
                out.append(str(f))
            elif skipped is not None and not f.is_dir():
                skipped.append(str(f))
    return out


def _everything_under(folder: Path) -> list[Path]:
    """Every entry under ``folder``, as ``Path.rglob("*")`` finds them (a symlink to a folder
    is listed, not entered; a folder that cannot be read is passed over), by a walk with a
    stack of its own: a chain of folders thousands deep exhausts no recursion limit."""
    found: list[Path] = []
    stack = [folder]
    while stack:
        try:
            with os.scandir(stack.pop()) as entries:
                listed = list(entries)
        except OSError:
            continue
        for entry in listed:
            found.append(Path(entry.path))
            with contextlib.suppress(OSError):
                if entry.is_dir(follow_symlinks=False):
                    stack.append(Path(entry.path))
    return found


class UnreadableOnWorker(SplitpotError):
    """A worker of ``executor=`` could not open a file that this process found: the files
    must be readable by every worker, at the same path (the same machine, or a filesystem
    every worker mounts). The message names the file, the worker's host and the reason.

    >>> chunk = FileChunk(("/no/such/file.phh",), found=(True,))  # found here, not there
    >>> try:
    ...     check_chunk(chunk)
    ... except UnreadableOnWorker as e:
    ...     print(str(e).split(" on ")[0], "cannot open it" in str(e))
    /no/such/file.phh: a worker True
    """


@dataclass(frozen=True)
class FileChunk:
    """A work unit of :func:`check_files`: consecutive files, each flagged when this process
    found it (a worker that cannot open it then raises :class:`UnreadableOnWorker` rather than
    report a missing file the caller can see), and the checker, found by name on a worker."""

    files: tuple[str, ...]
    found: tuple[bool, ...]
    checker: Callable[[str], list[Outcome]] = check_file


def check_chunk(chunk: FileChunk) -> list[list[Outcome]]:
    """The outcomes of each file of ``chunk``, in order: the function a worker runs."""
    out = []
    for name, found in zip(chunk.files, chunk.found, strict=True):
        if found:
            try:
                with open(name, "rb"):
                    pass
            except OSError as e:
                import socket

                raise UnreadableOnWorker(
                    f"{name}: a worker on {socket.gethostname()} cannot open it "
                    f"({e.strerror or e}); the files must be readable by every worker at the "
                    "same path (the same machine or a shared filesystem)"
                ) from None
        out.append(chunk.checker(name))
    return out


def check_files(
    files: Sequence[str | os.PathLike[str]],
    *,
    jobs: int = 1,
    executor: object = None,
    progress: _progress.ProgressLike = None,
    checker: Callable[[str], list[Outcome]] = check_file,
    files_per_chunk: int | None = None,
) -> list[Outcome]:
    """``checker`` (:func:`check_file`; :func:`splitpot.sites.check_file` reads poker
    sites' files too) on every file, in order; ``jobs > 1`` runs that many worker
    processes (started with "spawn": a script that calls this with ``jobs > 1`` needs the
    usual ``if __name__ == "__main__":`` guard). ``executor`` runs the files in chunks
    (``files_per_chunk`` consecutive files each; by default about 64 chunks of at most 256)
    on anything :func:`splitpot.work.run_chunks` takes: a ``concurrent.futures`` executor, a
    pool with ``imap``, a ``dask.distributed.Client`` or the ``ray`` module; the workers
    must be able to open the files at the same paths (the same machine or a shared
    filesystem), else :class:`UnreadableOnWorker`. The outcomes are the same whatever ran
    them. ``progress`` counts files: ``True`` draws a bar on stderr, a function is called
    as ``progress(done, total)`` (:mod:`splitpot._progress`). Each history refused
    (WARNING), replayed to other stacks (WARNING) or not played (INFO) is logged to
    ``splitpot.phh.compare``, by this process for every worker.

    Returns every :class:`Outcome`, file by file in order. Raises
    :class:`~splitpot.SplitpotError` for ``jobs`` outside 1..``limits.PHH_MAX_JOBS``, or
    ``jobs > 1`` with an ``executor``.

    >>> [o.status for o in check_files(["/no/such/file.phh"])]
    ['error']
    """
    names = [os.fspath(f) for f in files]
    progress = _progress.report(progress, "replaying", "file")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= PHH_MAX_JOBS:
        raise SplitpotError(f"jobs must be 1..{PHH_MAX_JOBS}, got {shown(jobs)}")
    if jobs > 1 and executor is not None:
        raise SplitpotError(f"jobs={jobs} or executor=, not both")
    if jobs > 1 and len(names) > 1:
        # "spawn": no fork of a process that may run threads; workers import splitpot afresh.
        context = multiprocessing.get_context("spawn")
        per = _given(files_per_chunk, max(1, min(256, len(names) // (jobs * 8))))
        with ProcessPoolExecutor(min(jobs, len(names)), mp_context=context) as pool:
            return _run(names, per, checker, pool, progress, remote=False)
    if executor is None:
        return _run(names, _given(files_per_chunk, 1), checker, None, progress, remote=False)
    per = _given(files_per_chunk, max(1, min(256, -(-len(names) // 64))))
    return _run(names, per, checker, executor, progress, remote=True)


def _given(value: int | None, default: int) -> int:
    """``value`` unless it is ``None`` (``0`` stays ``0``, for ``_run`` to refuse)."""
    return default if value is None else value


def _run(
    names: list[str],
    per: int,
    checker: Callable[[str], list[Outcome]],
    executor: object,
    progress: Callable[[int, int], None] | None,
    *,
    remote: bool,
) -> list[Outcome]:
    """The files in chunks of ``per``, run by :func:`~splitpot.work.run_chunks`; each file
    this process finds is flagged for the workers when they are elsewhere (``remote``)."""
    from splitpot.work import run_chunks

    if isinstance(per, bool) or not isinstance(per, int) or per < 1:
        raise SplitpotError(f"files_per_chunk must be >= 1, got {shown(per)}")
    total = len(names)
    chunks = []
    for i in range(0, total, per):
        part = tuple(names[i : i + per])
        chunks.append(FileChunk(part, tuple(remote and os.path.isfile(n) for n in part), checker))

    def report(done: int, _: int) -> None:
        if progress is not None:
            progress(min(total, done * per), total)

    results = run_chunks(check_chunk, chunks, executor, progress=report)
    return [_logged(o) for per_file in results for outcomes in per_file for o in outcomes]
