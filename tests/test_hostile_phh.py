"""Hostile PHH input (issue 15): every reproducer of ../shared/review/reliability.md (H-1, H-2,
M-3, "PHH amounts are parsed leniently") is a PHHError naming the field or action, the value
and the limit, and ``phh.check`` turns it into an "error" outcome; a fuzz test mutates valid
histories and finds nothing else escaping."""

from __future__ import annotations

import io
import os
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
import splitpot as sp
import tomli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from splitpot import limits, phh
from splitpot.phh.write import _toml_dumps

DATA = Path(__file__).parent / "data"

BASE = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
"""


def history(*actions: str, extra: str = "", base: str = BASE) -> str:
    actions = actions or ("d dh p1 AsAh", "d dh p2 7c2d", "p2 f")
    listed = ", ".join(f'"{a}"' for a in actions)
    return f"{base}actions = [{listed}]\n{extra}"


def refused(text: str, match: str) -> phh.PHHError:
    """``text`` is refused with a PHHError matching ``match``, by ``loads`` or by the replay,
    and ``check`` gives the "error" (or "unsupported") outcome instead of raising."""
    try:
        hh = phh.loads(text, source="x.phh")
    except phh.PHHError as e:
        assert re.search(match, str(e)), str(e)
        return e
    outcome = phh.check(hh)
    assert outcome.status in ("error", "unsupported"), outcome
    assert re.search(match, outcome.detail), outcome.detail
    with pytest.raises(phh.PHHError) as caught:
        phh.replay(hh)
    return caught.value


def test_the_error_family() -> None:
    assert issubclass(phh.PHHError, sp.SplitpotError)
    assert issubclass(sp.SplitpotError, ValueError)
    assert issubclass(phh.UnsupportedHistory, phh.PHHError)


# --------------------------------------------------------------------------- H-1: amounts


@pytest.mark.parametrize(
    "amount",
    ["1e999999999", "1e9999", "1" + "0" * 5000, "1e1", "1_0", "+10", "-10", "\u0661\u0660", "0x10"],
)
def test_a_cbr_amount_is_plain_ascii_digits(amount: str) -> None:
    # H-1: Decimal("1e999999999") then int() built a billion-digit integer (> 300 s);
    # the lenient readings (observation): 1e1, 1_0, +10 and Arabic-Indic digits were 10.
    e = refused(history("d dh p1 AsAh", "d dh p2 7c2d", f"p2 cbr {amount}"), "is not an amount")
    assert e.action_index == 2 and "at most one decimal point" in e.reason
    assert len(str(e)) < 400  # the 5000-digit word is cut short


DIGITS = limits.PHH_MAX_AMOUNT_DIGITS


def test_a_cbr_amount_may_be_a_whole_decimal_and_has_at_most_the_digits_of_max_chips() -> None:
    hand = phh.replay(phh.loads(history("d dh p1 AsAh", "d dh p2 7c2d", "p2 cbr 10.0", "p1 f")))
    assert hand.final_stacks == [98, 102]
    # One chip limit (issue 27, L1): every amount splitpot plays can be written as PHH.
    assert DIGITS == len(str(limits.MAX_CHIPS)) == 39
    too_many = "1" * (DIGITS + 1)
    e = refused(
        history("d dh p1 AsAh", "d dh p2 7c2d", f"p2 cbr {too_many}"), f"more than {DIGITS}"
    )
    assert e.action_index == 2
    # DIGITS digits are read, and then the engine says the raise is too big for the stacks.
    refused(
        history("d dh p1 AsAh", "d dh p2 7c2d", f"p2 cbr {'1' * DIGITS}"), "may raise to 4..100"
    )
    refused(history("d dh p1 AsAh", "d dh p2 7c2d", "p2 cbr 10.5"), "fractional chips")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("starting_stacks", "[1e999999999, 100]"),
        ("starting_stacks", "[1" + "0" * DIGITS + ", 100]"),
        ("starting_stacks", "[1." + "0" * 40 + ", 100]"),
        ("antes", "[0, 1" + "0" * 40 + "]"),
        ("blinds_or_straddles", "[1, 1e40]"),
        ("min_bet", "1e999999999"),
    ],
)
def test_an_amount_field_has_at_most_the_digits_of_max_chips(field: str, value: str) -> None:
    text = history().replace(f"{field} = ", f"{field} = {value}\n_old_{field} = ")
    e = refused(text, f"{re.escape(field)}.* at most {DIGITS} digits")
    assert e.action_index is None


def test_an_amount_of_the_most_digits_is_read() -> None:
    big = limits.MAX_CHIPS - 1
    hh = phh.loads(history().replace("[100, 100]", f"[{big}, {big}]"))
    assert phh.replay(hh).final_stacks == [big + 1, big - 1]  # as [101, 99] from 100 each


def test_5000_digit_integers_are_a_phh_error_not_int_conversion_valueerror() -> None:
    # M-3: "Exceeds the limit (4300 digits) for integer string conversion" escaped.
    text = history().replace("[100, 100]", "[1" + "0" * 5000 + ", 100]")
    refused(text, f"an integer of more than {DIGITS} digits")


# --------------------------------------------------------------------------- H-2: seats


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ("seat_count = 10000000\n", "seat_count"),
        ("seat_count = 100000000\n", "seat_count"),
        ("seat_count = 9223372036854775807\n", "seat_count"),
        ("seats = [1, 1000000000000]\n", "seats"),
        ("seats = [1, 10000000]\n", "seats"),
    ],
)
def test_seats_are_bounded_before_any_list_per_seat(extra: str, field: str) -> None:
    # H-2: [None] * seat_count for 10**8 seats (MemoryError, or 2.5 GB and 20 s for 10**7).
    e = refused(history(extra=extra), f"field '{field}' goes up to seat .*at most 10 seats")
    assert e.action_index is None


def test_ten_seats_are_played_and_more_players_are_refused() -> None:
    assert limits.PHH_MAX_SEATS == 10
    hand = phh.replay(phh.loads(history(extra="seat_count = 10\nseats = [3, 10]\n")))
    assert hand.is_over and len(hand.final_stacks) == 10
    n = 11
    base = BASE.replace("[0, 0]", str([0] * n)).replace("[1, 2]", str([1, 2] + [0] * (n - 2)))
    base = base.replace("[100, 100]", str([100] * n))
    refused(history("p1 f", base=base), "starting_stacks has 11 players, more than 10")


def test_a_changed_record_is_checked_again_by_replay() -> None:
    hh = phh.loads(history())
    hh.seat_count = 10**8
    with pytest.raises(phh.PHHError, match="at most 10 seats"):
        phh.replay(hh)
    assert phh.check(hh).status == "error"


# --------------------------------------------------------------------------- M-3


def test_ante_trimming_with_one_player_is_a_phh_error() -> None:
    # M-3: IndexError from sorted(posted)[-2] in _trim_antes.
    text = (
        'variant = "NT"\nantes = [0]\nblinds_or_straddles = [0]\nmin_bet = 2\n'
        "starting_stacks = [10]\nactions = []\nante_trimming_status = true\n"
    )
    refused(text, "played by 2 to 10 players, got 1")


@pytest.mark.parametrize(
    ("rake", "match"),
    [
        ('{percent = "1/0"}', "bad _splitpot_rake"),
        ('{percent = "1/00"}', "bad _splitpot_rake"),
        ('{percent = "1e999999999"}', "percent must be written N or N/D"),
        ('{percent = "5/2", cap = 1' + "0" * 40 + "}", f"cap has more than {DIGITS} digits"),
    ],
)
def test_a_bad_rake_is_a_phh_error(rake: str, match: str) -> None:
    # M-3: ZeroDivisionError from Fraction("1/0"); Fraction("1e999999999") never returns.
    refused(history(extra=f"_splitpot_rake = {rake}\n"), match)


def test_a_huge_structure_parameter_is_a_phh_error() -> None:
    extra = '_splitpot_structure = {kind = "no_limit", small_blind = 1, big_blind = 1e40}\n'
    refused(history(extra=extra), "bad betting structure")
    extra = f'_splitpot_structure = {{kind = "no_limit", small_blind = 1, big_blind = {10**40}}}\n'
    refused(history(extra=extra), f"_splitpot_structure big_blind has more than {DIGITS} digits")


@pytest.mark.parametrize(
    "extra",
    [
        "x = " + "[" * 1000 + "]" * 1000,
        "x = " + "{a = " * 1000 + "}" * 1000,
        "a" + ".a" * 5000 + " = 1",
        "[t" + ".a" * 5000 + "]\nb = 1",
        "a" + ".a" * 300 + " = 1",  # tomli reads 300 levels: the walk after it refuses them
        "x = " + "[" * 300 + "]" * 300,
    ],
    ids=["arrays", "inline-tables", "dotted-key", "table-header", "dotted-300", "arrays-300"],
)
def test_deep_nesting_is_a_phh_error(extra: str) -> None:
    # M-3: RecursionError from tomli escaped _parse_toml.
    e = refused(history(extra=extra + "\n"), "nested more than 16 levels")
    assert e.source == "x.phh"


def test_nesting_up_to_the_limit_is_read() -> None:
    assert limits.PHH_MAX_NESTING == 16
    # The top table is level 1, so 15 arrays inside it make 16 levels.
    ok = phh.loads(history(extra="_x = " + "[" * 15 + "]" * 15 + "\n"))
    assert ok.user_fields["_x"] == [[[[[[[[[[[[[[[]]]]]]]]]]]]]]]
    refused(history(extra="_x = " + "[" * 16 + "]" * 16 + "\n"), "nested more than 16")
    # A .phhs hand is one level deeper, and still far inside the limit.
    assert len(phh.load_all(DATA / "hands.phhs")) == 2


def test_loads_takes_text_only() -> None:
    # Python's convention for a wrong type of argument (tomllib.loads does the same).
    with pytest.raises(TypeError, match="must be a str, not bytes"):
        phh.loads(history().encode())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not NoneType"):
        phh.loads(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not bytes"):
        phh.loads_all(b"")  # type: ignore[arg-type]


def test_load_of_a_file_object_reading_something_else_is_a_type_error() -> None:
    class Five:
        name = "five.phh"

        def read(self, size: int = -1) -> int:
            return 5

    with pytest.raises(TypeError, match=r"read\(\) of five.phh returned int"):
        phh.load(Five())  # type: ignore[arg-type]


def test_bytes_that_are_not_utf8_are_a_phh_error_naming_the_source(tmp_path: Path) -> None:
    # M-3: UnicodeDecodeError escaped load().
    with pytest.raises(phh.PHHError, match="<file>: not UTF-8 text"):
        phh.load(io.BytesIO(b'variant = "\xff\xfe"'))
    path = tmp_path / "x.phh"
    path.write_bytes(b'variant = "\xff\xfe"')
    with pytest.raises(phh.PHHError, match=r"x\.phh: not UTF-8 text"):
        phh.load(path)
    [outcome] = phh.check_file(path)
    assert outcome.status == "error" and "not UTF-8" in outcome.detail


def test_line_endings_read_as_in_text_mode(tmp_path: Path) -> None:
    path = tmp_path / "crlf.phh"
    path.write_bytes(history().replace("\n", "\r\n").encode())
    assert phh.load(path) == phh.loads(history())


# --------------------------------------------------------------------------- size, actions


def test_a_text_or_file_over_the_size_limit_is_refused_before_parsing(tmp_path: Path) -> None:
    assert limits.PHH_MAX_BYTES == 64 << 20
    text = history() + "#" * limits.PHH_MAX_BYTES
    with pytest.raises(phh.PHHError, match=f"more than the {limits.PHH_MAX_BYTES}"):
        phh.loads(text)
    path = tmp_path / "big.phh"
    with open(path, "wb") as f:  # sparse: 64 MiB of NULs that are never written to disk
        f.truncate(limits.PHH_MAX_BYTES + 1)
    [outcome] = phh.check_file(path)
    assert outcome.status == "error" and f"larger than the {limits.PHH_MAX_BYTES}" in outcome.detail


def test_the_number_of_actions_is_bounded() -> None:
    assert limits.PHH_MAX_ACTIONS == 10_000
    deal = ["d dh p1 AsAh", "d dh p2 7c2d"]
    hand = phh.replay(phh.loads(history(*deal, *["# note"] * 9_997, "p2 f")))
    assert hand.is_over
    refused(history(*deal, *["# note"] * 9_998, "p2 f"), "'actions' has 10001 entries, more than")


def test_a_long_bad_value_is_cut_short_in_the_message() -> None:
    e = refused(history("d dh p1 " + "As" * 100_000, "d dh p2 7c2d"), "deals 2 card")
    assert len(str(e)) < 400
    e = refused(history().replace('"NT"', '"' + "N" * 100_000 + '"'), "does not play")
    assert len(str(e)) < 400


# --------------------------------------------------------------------------- files


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_is_never_opened_for_reading(tmp_path: Path) -> None:
    # M-6: find_files listed a FIFO named x.phh and open() blocked for ever.
    (tmp_path / "good.phh").write_text(history())
    fifo = tmp_path / "x.phh"
    os.mkfifo(fifo)
    (tmp_path / "dir.phh").mkdir()  # a directory of that name is searched, not skipped
    (tmp_path / "dir.phh" / "in.phh").write_text(history())
    skipped: list[str] = []
    files = phh.find_files([tmp_path], skipped=skipped)
    assert files == [str(tmp_path / "dir.phh" / "in.phh"), str(tmp_path / "good.phh")]
    assert skipped == [str(fifo)]
    [outcome] = phh.check_file(fifo)  # given by name: refused without blocking
    assert outcome.status == "error" and "not a regular file" in outcome.detail


def test_check_files_bounds_the_worker_processes(tmp_path: Path) -> None:
    # A pool starts every worker at once: --jobs 10**20 would be a fork bomb.
    path = tmp_path / "a.phh"
    path.write_text(history())
    for jobs in (0, -1, limits.PHH_MAX_JOBS + 1, 10**20):
        with pytest.raises(sp.SplitpotError, match=f"jobs must be 1..{limits.PHH_MAX_JOBS}"):
            phh.check_files([path, path], jobs=jobs)


# --------------------------------------------------------------------------- fuzzing

VALID = [
    history(),
    *(p.read_text() for p in sorted(DATA.glob("*.phh*")) if not p.name.startswith("bad-")),
]

_WORDS = [
    "p1", "p2", "p3", "p0", "p99", "d", "dh", "db", "cbr", "cc", "f", "sm", "sd", "pb", "-",
    "#", "timeout", "AsAh", "7c2d", "??", "????", "Kd", "2c3c4c", "1e999999999", "1e9", "10",
    "0", "-1", "4", "1" + "0" * 40, "10.5", "\u0661\u0660", "all-in", "p1 timeout all-in",
]  # fmt: skip
_SCALARS = st.one_of(
    st.integers(min_value=-(10**40), max_value=10**40),
    st.sampled_from([0, 1, 2, 10, 100, 2**63 - 1, 2**64, -1, 10**30, 10**30 - 1]),
    st.booleans(),
    st.text(max_size=20),
    st.sampled_from(["1/0", "5/2", "1e999999999", "none", "no-limit", "NT", "seed"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=12,
)
_FIELDS = [
    "_splitpot_structure", "_splitpot_rake", "antes", "blinds_or_straddles", "bring_in",
    "small_bet", "big_bet", "min_bet",
    "starting_stacks", "actions", "seats", "seat_count", "finishing_stacks", "players",
    "ante_trimming_status", "_splitpot_button", "_splitpot_dead_blinds", "_splitpot_variant",
    "_splitpot_timeout_policy", "time_limit", "variant",
]  # fmt: skip
_SMALL = st.one_of(st.integers(-2, 12), st.sampled_from([10**30, 2**63, "none", 0.5, True]))
_STRUCTURE = st.fixed_dictionaries(
    {"kind": st.sampled_from(["no_limit", "pot_limit", "fixed_limit", "x"])},
    optional={
        key: _SMALL
        for key in (
            "small_blind", "big_blind", "small_bet", "big_bet", "ante", "chip_unit",
            "max_raises", "heads_up_max_raises", "half_bet_rule", "bring_in",
        )
    },
)  # fmt: skip
_RAKE = st.fixed_dictionaries(
    {},
    optional={
        "percent": st.one_of(_SMALL, st.sampled_from(["5/2", "1/0", "0/1", "100/1", "7"])),
        "cap": _SMALL,
        "no_flop_no_drop": st.sampled_from([True, False, 0, "x"]),
    },
)
_FIELD_VALUES = st.one_of(
    _VALUES,
    _STRUCTURE,
    _RAKE,
    st.lists(st.integers(min_value=-5, max_value=10**31), max_size=12),
    st.dictionaries(
        st.sampled_from(["kind", "small_blind", "big_blind", "ante", "percent", "cap", "x"]),
        _SCALARS,
    ),
)
_CARDS = st.sampled_from(["AsAh", "7c2d", "KdQd", "????", "As", "2c3c4c", "Th", "??", "AsAs", "Xx"])
_AMOUNTS = st.sampled_from(
    ["4", "6", "10", "100", "0", "99", "1e999999999", "1" + "0" * 40, "10.0"]
)
_ACTION = st.one_of(
    st.lists(st.sampled_from(_WORDS), min_size=0, max_size=4).map(" ".join),  # garbage
    st.builds("p{} {} {}".format, st.integers(0, 4), st.just("cbr"), _AMOUNTS),
    st.builds("p{} {}".format, st.integers(1, 3), st.sampled_from(["f", "cc", "pb", "sm", "sd"])),
    st.builds("p{} {} {}".format, st.integers(1, 3), st.sampled_from(["sm", "sd"]), _CARDS),
    st.builds("d dh p{} {}".format, st.integers(1, 3), _CARDS),
    st.builds("d db {}".format, _CARDS),
    st.builds("p{} {} # timeout".format, st.integers(1, 3), st.sampled_from(["f", "cc", "sd"])),
)


@st.composite
def hostile_phh(draw: st.DrawFn) -> str:
    """A valid history, mutated: actions replaced, inserted or garbled (most often, so that
    the replay is reached), fields given hostile values, or the text itself changed: huge
    numbers, deep nesting, random characters, a cut."""
    text = draw(st.sampled_from(VALID))
    data: dict[str, Any] = tomli.loads(text)
    how = draw(st.sampled_from(["actions", "fields", "text", "actions and fields"]))
    if "fields" in how:
        for _ in range(draw(st.integers(1, 3))):
            data[draw(st.sampled_from(_FIELDS))] = draw(_FIELD_VALUES)
    actions = data.get("actions")
    if "actions" in how and isinstance(actions, list):
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(actions)))
            new = draw(_ACTION)
            if at < len(actions) and draw(st.booleans()):
                actions[at] = new
            elif at < len(actions) and draw(st.booleans()):
                del actions[at]
            else:
                actions.insert(at, new)
    try:
        text = _toml_dumps(data)
    except (TypeError, ValueError):  # a value tomli-w cannot write (keys, mixed types)
        pass
    if how == "text":
        kind = draw(st.sampled_from(["chars", "number", "nesting", "cut"]))
        at = draw(st.integers(0, len(text)))
        if kind == "chars":
            text = text[:at] + draw(st.text(max_size=8)) + text[at:]
        elif kind == "number":
            numbers = ["1e999999999", "1" + "0" * 5000, "9" * 40, "-0", "nan", "inf", "1e2"]
            number = draw(st.sampled_from(numbers))
            text = re.sub(r"\b[0-9]+\b", number, text, count=draw(st.integers(1, 3)))
        elif kind == "nesting":
            depth = draw(st.integers(10, 1200))
            text += "\n_deep = " + "[" * depth + "]" * depth + "\n"
        else:
            text = text[:at]
    return text


def _never_escapes(text: str) -> None:
    """``loads`` raises a PHHError or gives a record; ``check`` always gives an outcome, and
    ``replay`` raises nothing but a PHHError."""
    try:
        histories = phh.loads_all(text, source="fuzz.phh")
    except phh.PHHError:
        return
    for hh in histories:
        outcome = phh.check(hh)
        assert outcome.status in (
            "match",
            "odd_chip",
            "mismatch",
            "unchecked",
            "unsupported",
            "error",
        )
        try:
            phh.replay(hh)
        except phh.PHHError:
            pass


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_phh())
def test_fuzz_hostile_phh_never_escapes_the_error_family(text: str) -> None:
    _never_escapes(text)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300) | st.sampled_from(VALID).map(str.encode).map(lambda b: b[:200]))
def test_fuzz_any_bytes_in_a_file_are_an_outcome(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "fuzz.phhs"
        path.write_bytes(content)
        for outcome in phh.check_file(path):
            assert outcome.source.startswith(str(path))


@pytest.mark.slow  # the long fuzz run: `pytest -m slow` (CI runs it once)
@settings(max_examples=5000, deadline=None, suppress_health_check=list(HealthCheck))
@given(hostile_phh())
def test_fuzz_hostile_phh_long(text: str) -> None:
    _never_escapes(text)
