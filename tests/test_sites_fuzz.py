"""Hypothesis over the real site files of ../shared: cut at any byte, lines shuffled, bytes
flipped, inserted or deleted. Decoding and reading never raise: they yield histories and
:class:`~splitpot.sites.SiteError` s, no more items than the text has hand headers (plus
the one error of a text with none), each example within a deadline (no loop); every
history replays through :func:`splitpot.phh.check` without raising (any status).

Every file of every site folder is fuzzed, whichever readers ``reading.readers()`` has:
a site without a reader yet must give errors, not crashes. Of the third set
(site-histories-3), the XML sites Boss Media and Merge are fuzzed too, with fewer
examples, and so are the five sites read last (Kings Club, Seals With Clubs, Everest, Enet,
Unibet)."""

from __future__ import annotations

import datetime
import random
import re
from functools import cache
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from splitpot import phh
from splitpot.phh.record import HandHistory
from splitpot.sites import SiteError, partypoker, read_text
from splitpot.sites.reading import decode, lines_of, readers

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "site-histories"
CORPUS3 = CORPUS.with_name("site-histories-3")
SITES3 = ("boss", "merge")
LAST = ("kingsclub", "swc", "everest", "enet", "unibet")  # the sites read last (issue 26)
STATUSES = ("match", "odd_chip", "mismatch", "unchecked", "unsupported", "error")


@cache
def _sites(corpus: Path = CORPUS, only: tuple[str, ...] = ()) -> dict[str, list[Path]]:
    """The files of each site folder of ``corpus`` (of the folders ``only`` names, if any)."""
    if not corpus.is_dir():
        return {}
    return {
        site.name: sorted(p for p in site.rglob("*") if p.is_file())
        for site in sorted(corpus.iterdir())
        if site.is_dir() and (not only or site.name in only)
    }


@cache
def _bytes(path: Path) -> bytes:
    return path.read_bytes()


@st.composite
def _real_file(draw: st.DrawFn, corpus: Path = CORPUS, only: tuple[str, ...] = ()) -> bytes:
    sites = _sites(corpus, only)
    if not sites:
        pytest.skip(f"{corpus} (its folders {only or 'all'}) is not beside the checkout")
    site = draw(st.sampled_from(sorted(sites)))
    return _bytes(draw(st.sampled_from(sites[site])))


def _shuffled(data: bytes, rng: random.Random, start: float, length: int) -> bytes:
    lines = data.splitlines(keepends=True)
    at = int(start * len(lines))
    window = lines[at : at + length]
    rng.shuffle(window)
    return b"".join(lines[:at] + window + lines[at + length :])


_NUMBERS = [b"0", b"11", b"9" * 20, b"7" * 5000]  # 5000 digits: past int()'s limit


@st.composite
def _damaged(draw: st.DrawFn, files: st.SearchStrategy[bytes] | None = None) -> bytes:
    """A real file (or one of ``files``), cut, with some lines shuffled, or with a few bytes
    changed."""
    data = draw(_real_file() if files is None else files)
    how = draw(st.sampled_from(["cut", "shuffle", "bytes", "number"]))
    if how == "cut":
        return data[: draw(st.integers(0, len(data)))]
    if how == "number":  # seats, stacks, counts: values no site writes, in a few places
        numbers = list(re.finditer(rb"[0-9]+", data))
        if not numbers:
            return data
        chosen = draw(st.sets(st.integers(0, len(numbers) - 1), min_size=1, max_size=60))
        for k in sorted(chosen, reverse=True):
            value = draw(st.sampled_from(_NUMBERS))
            data = data[: numbers[k].start()] + value + data[numbers[k].end() :]
        return data
    if how == "shuffle":
        start = draw(st.floats(0, 1))
        return _shuffled(
            data, draw(st.randoms(use_true_random=False)), start, draw(st.integers(2, 60))
        )
    changed = bytearray(data)
    for _ in range(draw(st.integers(1, 12))):
        at = draw(st.integers(0, len(changed)))
        kind = draw(st.sampled_from(["flip", "insert", "delete"]))
        byte = draw(st.integers(0, 255))
        if kind == "insert":
            changed.insert(at, byte)
        elif at < len(changed) and kind == "flip":
            changed[at] ^= 1 << draw(st.integers(0, 7))
        elif at < len(changed):
            del changed[at]
    return bytes(changed)


def _headers(text: str) -> int:
    """The most hand headers any reader finds in ``text``: in its lines, as the text readers
    split it (any line ending; a header glued inside a line starts a hand there, as after a
    stray byte), or anywhere (iPoker's XML)."""
    lines = lines_of(text)
    most = 0
    for reader in readers():
        at_starts = sum(1 for line in lines if reader.line_start.search(line))
        # partypoker's hands may also start at "Game #N starts." (partypoker.blocks): a
        # shuffle can put that line and a header far apart, two blocks.
        if reader is partypoker.READER:
            at_starts += sum(1 for line in lines if partypoker._STARTS.match(line))
        most = max(most, at_starts, len(reader.header.findall(text)))
    return most


def _never_escapes(data: bytes) -> None:
    text = decode(data)
    bound = _headers(text) + 1
    items = list(islice(read_text(text, "fuzz.txt"), bound + 1))  # an endless reader stops
    assert len(items) <= bound
    for item in items:
        assert isinstance(item, HandHistory | SiteError), type(item)
        if isinstance(item, HandHistory):
            assert phh.check(item).status in STATUSES


def _needs_corpus() -> None:
    if not _sites():
        pytest.skip("../shared/data/site-histories is not beside the checkout")


_DEADLINE = datetime.timedelta(seconds=10)  # a loop, not a slow machine, goes past it


@settings(max_examples=200, deadline=_DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@given(data=_damaged())
def test_fuzz_damaged_site_files_yield_histories_or_site_errors(data: bytes) -> None:
    _never_escapes(data)


OWN_FILES = sorted((Path(__file__).parent / "data" / "sites").glob("*-own.txt"))
"""Our own hands of every site (tests/data/sites): fuzzed without ../shared too."""


@settings(max_examples=300, deadline=_DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@given(data=_damaged(st.sampled_from(OWN_FILES).map(_bytes)))
def test_fuzz_damaged_own_files_yield_histories_or_site_errors(data: bytes) -> None:
    _never_escapes(data)


@settings(max_examples=40, deadline=_DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@given(data=_damaged(_real_file(CORPUS3, SITES3)))
def test_fuzz_damaged_boss_and_merge_files(data: bytes) -> None:
    """The XML readers of the third set (a broken hand is an error naming its line, and
    the next is still read): the same promise, a few examples in the quick run."""
    _never_escapes(data)


@settings(max_examples=40, deadline=_DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@given(data=_damaged(_real_file(CORPUS3, LAST)))
def test_fuzz_damaged_files_of_the_sites_read_last(data: bytes) -> None:
    """Kings Club, Seals With Clubs, Everest (XML), Enet and Unibet: the same promise."""
    _never_escapes(data)


@pytest.mark.slow  # the long fuzz run: `pytest -m slow` (CI runs it once)
@settings(max_examples=2000, deadline=_DEADLINE, suppress_health_check=list(HealthCheck))
@given(data=_damaged())
def test_fuzz_damaged_site_files_long(data: bytes) -> None:
    _never_escapes(data)


@pytest.mark.slow
@settings(max_examples=500, deadline=_DEADLINE, suppress_health_check=list(HealthCheck))
@given(data=_damaged(_real_file(CORPUS3, SITES3)))
def test_fuzz_damaged_boss_and_merge_files_long(data: bytes) -> None:
    _never_escapes(data)


@pytest.mark.slow
@settings(max_examples=500, deadline=_DEADLINE, suppress_health_check=list(HealthCheck))
@given(data=_damaged(_real_file(CORPUS3, LAST)))
def test_fuzz_damaged_files_of_the_sites_read_last_long(data: bytes) -> None:
    _never_escapes(data)


def test_every_real_file_reads_whole() -> None:
    """The undamaged files, as a baseline for the fuzzing: every one gives its items."""
    _needs_corpus()
    for files in _sites().values():
        for path in files:
            _never_escapes(_bytes(path))


# What the fuzzing found, pinned: a hand of our own with a seat past PHH's ten, and numbers
# past the 4300 digits int() reads.
_OWN = (
    "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/02 3:04:05 ET\n"
    "Table 'Own' 6-max Seat #1 is the button\n"
    "Seat 1: Ann ($1 in chips)\n"
    "Seat 2: Bob ($2 in chips)\n"
    "Ann: posts small blind $0.01\n"
    "Bob: posts big blind $0.02\n"
    "*** HOLE CARDS ***\n"
    "Ann: folds\n"
    "Uncalled bet ($0.01) returned to Bob\n"
    "Bob collected $0.02 from pot\n"
    "*** SUMMARY ***\n"
    "Total pot $0.02 | Rake $0\n"
)


def test_the_own_hand_reads() -> None:
    (hand,) = read_text(_OWN, "own.txt")
    assert isinstance(hand, HandHistory) and phh.check(hand).status == "match"


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        ("Seat 2:", "Seat 11:", None),  # PHH seats a table of ten at most
        ("Seat 2:", "Seat " + "7" * 5000 + ":", 4),
        ("6-max", "7" * 5000 + "-max", 2),
        ("Seat #1", "Seat #" + "7" * 5000, 2),
    ],
)
def test_numbers_no_site_writes_are_a_site_error(old: str, new: str, line: int | None) -> None:
    (item,) = read_text(_OWN.replace(old, new, 1), "own.txt")
    assert isinstance(item, SiteError) and item.hand_id == "1"
    if line is not None:
        assert item.line == line
