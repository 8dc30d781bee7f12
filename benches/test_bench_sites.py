"""Reading the poker sites' hand histories: hands per second read, and read and replayed, per
site over the shared corpus; and against PokerKit's PokerStars parser on the no-limit hold 'em
PokerStars hands it reads, same hands, same run; and PokerStars hands written back.

Both sides start from a hand's text in memory. splitpot reads it with
``splitpot.sites.read_text`` (the reader's rules for every line, the builder, the PHH
record's checks) and, for "read + replay", replays each history it gives with
``phh.replay``. PokerKit's ``HandHistory.from_pokerstars`` parses a hand and plays it through
its own state machine to make the history (its parse is a replay), so its row is compared
with splitpot's "read + replay". PokerKit reads no-limit hold 'em only and no antes; the
hands are those of ``pokerstars/nlhe`` that it reads without an error and splitpot reads and
replays, and both must end with the same stacks. The benchmarks skip without
``../shared/data/site-histories`` or without pokerkit.

pytest benches/test_bench_sites.py --benchmark-enable
"""

from __future__ import annotations

import contextlib
import io
import time
import warnings
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from conftest import per_call
from splitpot import phh
from splitpot.sites import SiteError, pokerstars, read_file, read_text
from splitpot.sites.reading import decode, readers, split
from splitpot.sites.write_stars import to_pokerstars

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
SITES = DATA / "site-histories"
FOLDERS = ["pokerstars", "fulltilt", "ggpoker", "winamax", "partypoker", "ipoker"]


def _site_texts(folder: str) -> list[str]:
    if not SITES.is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    paths = sorted(p for p in (SITES / folder).rglob("*") if p.is_file())
    texts = [decode(p.read_bytes()) for p in paths]
    if not any(_histories(t) for t in texts):
        names = ", ".join(r.name for r in readers())
        pytest.skip(f"no reader reads the {folder} files yet (readers: {names})")
    return texts


def _histories(text: str) -> list[phh.HandHistory]:
    return [h for h in read_text(text) if not isinstance(h, SiteError)]


def splitpot_read(texts: list[str]) -> int:
    """Every hand of the files read: histories and errors (unsupported hands too)."""
    return sum(1 for text in texts for _ in read_text(text))


def splitpot_read_replay(texts: list[str]) -> int:
    """Every hand read, each history replayed; the hands replayed."""
    replayed = 0
    for text in texts:
        for hh in read_text(text):
            if isinstance(hh, SiteError):
                continue
            try:
                phh.replay(hh)
            except phh.PHHError:
                continue
            replayed += 1
    return replayed


@pytest.mark.parametrize("folder", FOLDERS)
def test_splitpot_read(benchmark: Any, folder: str) -> None:
    texts = _site_texts(folder)
    benchmark.group = f"site hand histories read, {folder}"
    per_call(benchmark, splitpot_read(texts))
    assert benchmark(splitpot_read, texts) > 0


@pytest.mark.parametrize("folder", FOLDERS)
def test_splitpot_read_replay(benchmark: Any, folder: str) -> None:
    texts = _site_texts(folder)
    benchmark.group = f"site hand histories read, {folder}"
    per_call(benchmark, splitpot_read(texts))
    assert benchmark(splitpot_read_replay, texts) > 0


def splitpot_write_stars(histories: list[phh.HandHistory]) -> int:
    """Each history replayed and written back as PokerStars text; the characters written."""
    return sum(len(to_pokerstars(hh)) for hh in histories)


def test_splitpot_write_stars(benchmark: Any) -> None:
    """The PokerStars hands that replay, written back (splitpot.sites.write_stars)."""
    histories = []
    for text in _site_texts("pokerstars"):
        for hh in _histories(text):
            if phh.check(hh).status in ("match", "odd_chip"):
                histories.append(hh)
    benchmark.group = "PokerStars hands written back (replay + text)"
    per_call(benchmark, len(histories))
    assert benchmark(splitpot_write_stars, histories) > 0


# ---------------------------------------------------------------------- against PokerKit


def _pokerkit_parse(pokerkit: Any, text: str) -> Any:
    """PokerKit's history of one hand, or None when it cannot read it (it prints the
    traceback of each hand it cannot read: kept out of the output)."""
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        try:
            (hh,) = pokerkit.HandHistory.from_pokerstars(text, error_status=True)
        except ValueError:
            return None
    return hh


def _stacks(hh: phh.HandHistory) -> dict[str, Decimal]:
    """splitpot's replay: each player's final stack, in the currency (as PokerKit reads it)."""
    unit = Decimal(hh.user_fields.get("_site_unit", 1))
    got = phh.compare(hh, phh.replay(hh)).got
    return {name: stack * unit for name, stack in zip(hh.players or [], got, strict=True)}


@pytest.fixture(scope="module")
def nlhe_hands() -> list[str]:
    """One text per hand: the PokerStars no-limit hold 'em hands without antes that both
    read, which must replay to the same stacks."""
    pokerkit = pytest.importorskip("pokerkit")
    folder = SITES / "pokerstars" / "nlhe"
    if not folder.is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    header = pokerstars.READER.line_start
    out = []
    for path in sorted(folder.glob("*.txt")):
        for block in split(decode(path.read_bytes()), header, path.name):
            text = "\n".join(block.lines) + "\n"
            if ": posts the ante " in text:
                continue  # PokerKit's parser skips antes: it would replay another hand
            ours = _histories(text)
            theirs = _pokerkit_parse(pokerkit, text)
            if len(ours) != 1 or theirs is None:
                continue
            try:
                mine = _stacks(ours[0])
            except phh.PHHError:
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # its "no reason for this player to fold"
                *_, state = theirs
            assert dict(zip(theirs.players, state.stacks, strict=True)) == mine, text
            out.append(text)
    return out


def pokerkit_parse(texts: list[str]) -> int:
    pokerkit = pytest.importorskip("pokerkit")
    return sum(_pokerkit_parse(pokerkit, text) is not None for text in texts)


# PokerKit's parse is a replay: its row goes with splitpot's read + replay, so that the ratio
# report.py gives (to the fastest splitpot row of a group) is the fair one.
@pytest.mark.benchmark(group="PokerStars no-limit hold 'em hands PokerKit reads, read only")
def test_splitpot_stars_read(benchmark: Any, nlhe_hands: list[str]) -> None:
    per_call(benchmark, len(nlhe_hands))
    assert benchmark(splitpot_read, nlhe_hands) == len(nlhe_hands)


@pytest.mark.benchmark(group="PokerStars no-limit hold 'em hands PokerKit reads, + replay")
def test_splitpot_stars_read_replay(benchmark: Any, nlhe_hands: list[str]) -> None:
    per_call(benchmark, len(nlhe_hands))
    assert benchmark(splitpot_read_replay, nlhe_hands) == len(nlhe_hands)


@pytest.mark.benchmark(group="PokerStars no-limit hold 'em hands PokerKit reads, + replay")
def test_pokerkit_stars_parse(benchmark: Any, nlhe_hands: list[str]) -> None:
    per_call(benchmark, len(nlhe_hands))
    assert benchmark(pokerkit_parse, nlhe_hands) == len(nlhe_hands)


# ---------------------------------------------------------------------- whole files, streamed


def _stars_nlhe_files() -> list[Path]:
    """Every PokerStars no-limit hold 'em file of both shared folders (1,591 hands)."""
    files = sorted(
        p
        for d in ("site-histories", "site-histories-2")
        for p in (DATA / d / "pokerstars" / "nlhe").glob("*.txt")
    )
    if not files:
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    return files


def splitpot_read_files(files: list[Path]) -> int:
    """Every hand of the files, streamed (read_file): histories and refusals alike."""
    return sum(1 for path in files for _ in read_file(path))


def splitpot_read_replay_files(files: list[Path]) -> int:
    replayed = 0
    for path in files:
        for hh in read_file(path):
            if isinstance(hh, SiteError):
                continue
            with contextlib.suppress(phh.PHHError):
                phh.replay(hh)
                replayed += 1
    return replayed


@pytest.mark.benchmark(group="PokerStars no-limit hold 'em files (both folders), streamed")
def test_splitpot_stars_files_read(benchmark: Any) -> None:
    files = _stars_nlhe_files()
    per_call(benchmark, splitpot_read_files(files))
    assert benchmark(splitpot_read_files, files) > 1500


@pytest.mark.benchmark(group="PokerStars no-limit hold 'em files (both folders), streamed")
def test_splitpot_stars_files_read_replay(benchmark: Any) -> None:
    files = _stars_nlhe_files()
    per_call(benchmark, splitpot_read_files(files))
    assert benchmark(splitpot_read_replay_files, files) > 1500


def _hands_per_second(run: Callable[[list[str]], int], texts: list[str], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run(texts)
        best = min(best, time.perf_counter() - start)
    return len(texts) / best


def test_splitpot_stars_speedup_over_pokerkit(nlhe_hands: list[str], capsys: Any) -> None:
    """Hands per second of both, best of three rounds over the same hands (printed)."""
    read = _hands_per_second(splitpot_read, nlhe_hands, 3)
    ours = _hands_per_second(splitpot_read_replay, nlhe_hands, 3)
    theirs = _hands_per_second(pokerkit_parse, nlhe_hands, 3)
    files = _stars_nlhe_files()
    hands = splitpot_read_files(files)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        splitpot_read_files(files)
        best = min(best, time.process_time() - start)
    with capsys.disabled():
        print(
            f"\nPokerStars NLHE, {len(nlhe_hands)} hands PokerKit reads: splitpot read "
            f"{read:,.0f} hands/s ({read / theirs:.1f}x), read + replay {ours:,.0f} hands/s "
            f"({ours / theirs:.1f}x); pokerkit parse (a replay) {theirs:,.0f} hands/s. "
            f"The {hands:,} hands of both folders' files, streamed: {hands / best:,.0f} "
            "hands/s of this process's CPU time"
        )
    assert len(nlhe_hands) > 100  # the files' hands, not a few
