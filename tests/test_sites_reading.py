"""The reading machinery under the site readers (splitpot.sites.reading), checked against
independent references: each reader's marker is in every header its pattern finds in the
real files, and the quick ways of cutting a text or a file into lines give exactly the
lines of the plain definitions (a regular expression; one ``readline`` at a time)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from conftest import SHARED
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from splitpot.limits import SITE_MAX_LINE_BYTES
from splitpot.sites import SiteError, pokerstars, reading
from splitpot.sites.base import Block, Guarded, lines_of
from splitpot.sites.reading import decode, readers

FOLDERS = [SHARED / "data" / f"site-histories{n}" for n in ("", "-2", "-3")]


def _texts() -> list[tuple[Path, str]]:
    paths = sorted(p for folder in FOLDERS if folder.is_dir() for p in folder.rglob("*"))
    found = [(p, decode(p.read_bytes())) for p in paths if p.is_file()]
    if not found:
        pytest.skip("../shared/data/site-histories* are not beside the checkout")
    return found


def test_every_reader_has_a_marker_in_each_header_it_finds() -> None:
    """A reader's marker is looked for before its pattern (a text without it is passed over
    at the speed of ``str.find``): so every header the pattern finds anywhere in the real
    files, of any site, must hold the marker, or a hand would be missed."""
    texts = _texts()
    found = 0
    for reader in readers():
        assert reader.marker, f"{reader.name}: no marker"
        for path, text in texts:
            for header in reader.header.finditer(text):
                found += 1
                assert "\n" not in header.group(), (reader.name, path)
                assert reader.marker in header.group(), (reader.name, path, header.group())
    assert found > 6000  # the three folders' hands, iPoker's games and partypoker's included


def _sniff_by_definition(text: str) -> object:
    """The definition of sniffing: the reader whose pattern finds a header first (the
    earlier reader on a tie), every pattern searched over the whole text."""
    found = [(m.start(), k) for k, r in enumerate(readers()) if (m := r.header.search(text))]
    return readers()[min(found)[1]] if found else None


def test_sniffing_is_the_definition_on_the_real_files_and_their_mixtures() -> None:
    """Sniffing skips a reader whose marker's line starts after the header already found:
    the same reader as searching every pattern, on each real file's start and on two
    files' starts put together, either way round."""
    starts = [text[:3000] for _, text in _texts()]
    mixed = [a + "\n" + b for a, b in zip(starts, starts[7:] + starts[:7], strict=True)]
    for text in starts + mixed:
        assert reading.sniff(text) is _sniff_by_definition(text), text[:200]


# ---------------------------------------------------------------------- lines and hands


def _lines_by_regex(text: str) -> list[str]:
    """The definition: every line ending, CRLF, CR or LF; no BOM at a line's start."""
    return [line.lstrip("\ufeff") for line in re.split(r"\r\n|\r|\n", text)]


_TEXTS = st.lists(st.sampled_from(["\r", "\n", "\ufeff", "a", "é", " ", "\x85"])).map("".join)


@given(_TEXTS)
def test_lines_of_are_the_regular_expressions(text: str) -> None:
    assert lines_of(text) == _lines_by_regex(text)


def _lines_by_readline(data: bytes, limit: int) -> list[str]:
    """The definition of a file's lines: one ``readline(limit)`` at a time, its ending
    dropped, split at lone CRs, each part decoded on its own."""
    f = io.BytesIO(data)
    out = []
    while raw := f.readline(limit):
        raw = raw.removesuffix(b"\n").removesuffix(b"\r")
        out += [decode(part).lstrip("\ufeff") for part in raw.split(b"\r")]
    return out


_BYTES = st.lists(
    st.sampled_from([b"\r", b"\n", b"\r\n", b"ab", b"\xef\xbb\xbf", "é".encode(), b"\x80", b"x"]),
    max_size=60,
).map(b"".join)


@given(_BYTES, st.integers(1, 12), st.integers(1, 20))
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_files_lines_are_those_of_readline(
    monkeypatch: pytest.MonkeyPatch, data: bytes, limit: int, batch: int
) -> None:
    """Batches of any size, lines past the limit, UTF-8 or not, any line endings: the same
    lines as one ``readline`` at a time."""
    monkeypatch.setattr(reading, "SITE_MAX_LINE_BYTES", limit)
    monkeypatch.setattr(reading, "_BATCH_BYTES", batch)
    got = [line for lines in reading._file_batches(io.BytesIO(data)) for line in lines]
    assert got == _lines_by_readline(data, limit)


def test_the_real_files_lines_are_those_of_readline() -> None:
    for path, _ in _texts():
        data = path.read_bytes()
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            continue  # UTF-16: read whole
        got = [line for lines in reading._file_batches(io.BytesIO(data)) for line in lines]
        assert got == _lines_by_readline(data, SITE_MAX_LINE_BYTES), path


def _blocks_line_by_line(
    lines: list[str], header: re.Pattern[str], most: int
) -> list[tuple[list[str], int, bool, bool]]:
    """The definition of the hands of a run of lines, one line at a time."""
    out = []
    block: list[str] = []
    start = 0
    for number, line in enumerate(lines, 1):
        found = header.search(line)
        if found is not None:
            at = found.start()
            if block:
                if at:
                    out.append(([*block, line[:at]], start, False, True))
                else:
                    end = len(block)
                    while end and not block[end - 1].strip():
                        end -= 1
                    out.append((block[:end], start, False, False))
            block, start = [line[at:]], number
        elif block:
            block.append(line)
            if len(block) > most:
                out.append((block[:1], start, True, False))
                block = []
    if block:
        end = len(block)
        while end and not block[end - 1].strip():
            end -= 1
        out.append((block[:end], start, False, False))
    return out


_LINES = st.lists(st.sampled_from(["H1", "x", "", " ", "xH2", "H3 y", "z"]), max_size=40)


@given(_LINES, st.integers(1, 6), st.lists(st.integers(1, 8), max_size=8))
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_hands_are_cut_as_line_by_line(
    monkeypatch: pytest.MonkeyPatch, lines: list[str], most: int, sizes: list[int]
) -> None:
    """Headers at a line's start or glued inside it, hands past the line limit, lines before
    the first hand, the lines in batches of any sizes: the blocks of one line at a time."""
    monkeypatch.setattr(reading, "SITE_MAX_HAND_LINES", most)
    header = re.compile(r"H(\d)")
    batches, at = [], 0
    for size in [*sizes, len(lines)]:
        batches.append(lines[at : at + size])
        at += size
    got = [
        (b.lines, b.first, b.overflow, b.cut)
        for b in reading.split_batches(batches, header, None, "H")
    ]
    assert got == _blocks_line_by_line(lines, header, most)


# ---------------------------------------------------------------------- the quick ways of reading


@given(
    st.lists(st.sampled_from(["Ab", "A", "b", "", "xAbAb", "bA", "\r"]), max_size=30),
    st.sampled_from(["Ab", "A", "bA", "b\nA", "AbA"]),
)
def test_the_lines_holding_a_marker_are_found_as_line_by_line(
    lines: list[str], marker: str
) -> None:
    expected = [k for k, line in enumerate(lines) if marker in line]
    assert reading.holding(lines, marker) == expected


_GUARDED = [
    getattr(pokerstars, name)
    for name in dir(pokerstars)
    if isinstance(getattr(pokerstars, name), Guarded)
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["Bob", " collected ", " cashed out the hand for ", ":", "$1", " "]))
    .map("".join)
    .flatmap(lambda core: st.tuples(st.just(core), st.text(max_size=8)))
)
def test_a_guarded_pattern_matches_the_lines_its_pattern_does(parts: tuple[str, str]) -> None:
    """``Guarded`` tries its pattern only on lines holding its needle: it must match exactly
    the lines (and give the groups) of the pattern alone, so the needle must be in every line
    the pattern matches. Made-up lines of the pieces the patterns are made of."""
    line = parts[0] + parts[1]
    assert len(_GUARDED) >= 3
    for rule in _GUARDED:
        alone, guarded = rule.pattern.match(line), rule.match(line)
        assert (alone and alone.groups()) == (guarded and guarded.groups()), (rule.needle, line)


def test_a_guarded_pattern_matches_the_real_lines_its_pattern_does() -> None:
    lines = [line.rstrip() for _, text in _texts() for line in lines_of(text)]
    matched = 0
    for rule in _GUARDED:
        for line in lines:
            alone = rule.pattern.match(line)
            assert (alone and alone.groups()) == (
                m and m.groups() if (m := rule.match(line)) else m
            )
            matched += alone is not None
    assert matched > 1000  # the collections of the PokerStars files at least


class _LineByLine(pokerstars.StarsHand):
    """PokerStars' reader made to read every line through ``line()`` (its hook overridden),
    as readers that override it do: the base's quick loop (``read_lines``) is not taken."""

    def line(self, line: str) -> None:
        super().line(line)


def test_the_quick_line_loop_reads_as_line_by_line() -> None:
    """``LineReader.read_lines`` takes a seated player's remembered move and the summary's
    lines without a call of ``line()``: every PokerStars hand of the shared folders reads to
    the same history, or the same error, as through ``line()`` for every line."""
    blocks = [
        block
        for path, text in _texts()
        if pokerstars.READER.find(text) is not None
        for block in reading.split(text, pokerstars.READER.line_start, path.name)
    ]
    assert len(blocks) > 1000
    for block in blocks:
        quick, slow = _outcome(pokerstars.StarsHand, block), _outcome(_LineByLine, block)
        assert quick == slow, block.lines[0]


def _outcome(reader: type[pokerstars.StarsHand], block: Block) -> object:
    try:
        return vars(reader.parse(block))
    except SiteError as e:
        return (type(e), str(e))


_OWN = sorted((Path(__file__).parent / "data" / "sites").iterdir())


@pytest.mark.parametrize("path", _OWN, ids=[p.name for p in _OWN])
def test_a_hand_read_leaves_nothing_for_the_collector(path: Path) -> None:
    """A reader reads one hand and its attributes are dropped after it (LineReader.parse),
    so no cycle through it (its table's bound methods, a part that holds it, a second
    reading of the hand) keeps the hand's builder, text or XML tree until a pass of the
    garbage collector walks them all. A refused hand's error holds its traceback's frames,
    which may: only the files whose every hand reads are held to none."""
    import gc

    gc.collect()
    gc.disable()
    try:
        outcomes = list(reading.read_file(path))
        refused = [h for h in outcomes if isinstance(h, SiteError)]
        del outcomes
        left = gc.collect()
    finally:
        gc.enable()
    assert left == 0 or refused
