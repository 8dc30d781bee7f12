"""The core's TOML reader (rust/python/toml.rs, behind splitpot._toml.Reader) against tomli, an
independent parser of the same TOML 1.1: on every real PHH text of the shared corpus, the repo's
own histories, and texts generated and mutated by hypothesis, both give the same objects (types,
key order, values) or both refuse the text. The reference is what splitpot read before: tomli
with ``parse_float=Decimal``, its integers past Python's digit limit refused, and the nesting
bound of splitpot.limits.PHH_MAX_NESTING."""

from __future__ import annotations

import datetime as dt
import tarfile
from decimal import Decimal
from pathlib import Path

import pytest
import tomli
from conftest import SHARED
from hypothesis import example, given, settings
from hypothesis import strategies as st
from splitpot import phh
from splitpot._core import SplitpotError, _toml_loads
from splitpot.limits import PHH_MAX_NESTING

DATA = Path(__file__).parent / "data"
CORPUS = SHARED / "data" / "phh-dataset-10088-pokerkit-df30bd0.tar.gz"

REFUSED = "refused"


def depth(value: object) -> int:
    """Levels of tables and arrays, the top table being 1."""
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    return 0


def reference(text: str) -> object:
    try:
        data = tomli.loads(text, parse_float=Decimal)
    except (ValueError, RecursionError):  # TOMLDecodeError, and int() past 4,300 digits
        return REFUSED
    return REFUSED if depth(data) > PHH_MAX_NESTING else data


def ours(text: str) -> object:
    try:
        return _toml_loads(text, PHH_MAX_NESTING)
    except SplitpotError:
        return REFUSED
    except ValueError as e:  # only int() of too many digits, as splitpot._toml says
        assert "integer string conversion" in str(e)
        return REFUSED


def same(a: object, b: object) -> bool:
    """Equal values of the same types, dict keys in the same order; a Decimal NaN equals the
    same NaN, a datetime's zone by its offset."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        assert isinstance(b, dict)
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        assert isinstance(b, list)
        return len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, Decimal):
        return str(a) == str(b)
    if isinstance(a, (dt.datetime, dt.time)):
        assert isinstance(b, (dt.datetime, dt.time))
        return a == b and a.utcoffset() == b.utcoffset() and type(a.tzinfo) is type(b.tzinfo)
    return a == b


def check(text: str) -> None:
    want, got = reference(text), ours(text)
    assert same(got, want), f"{text!r}: ours {got!r}, tomli {want!r}"


def test_every_corpus_text_reads_as_tomli_reads_it() -> None:
    if not CORPUS.exists():
        pytest.skip(f"the PHH corpus is not here ({CORPUS})")
    count = 0
    with tarfile.open(CORPUS) as tar:
        for member in tar:
            f = tar.extractfile(member) if member.isfile() else None
            if f is not None and member.name.endswith((".phh", ".phhs")):
                text = f.read().decode()
                want = reference(text)
                assert want is not REFUSED, member.name
                assert same(ours(text), want), member.name
                count += 1
    assert count == 10_088


def test_the_repo_histories_read_as_tomli_reads_them() -> None:
    paths = sorted(DATA.rglob("*.phh*")) + sorted(DATA.rglob("*.toml"))
    assert len(paths) > 20
    for path in paths:
        check(path.read_text(encoding="utf-8", errors="replace"))


@pytest.mark.parametrize(
    "text",
    [
        'a = 1\nb = [1, 2.5e3, "x"]\n[t]\nc = true\nd = 1979-05-27T07:32:00.1234567-07:30',
        "e = 1979-05-27\nf = 07:32\ng = 1979-05-27 07:32:00Z\nh = 1979-05-27t07:32:00z",
        "x = 99999999999999999999999999\ny = 0xffffffffffffffffffff\nz = -9223372036854775809",
        "x = [-nan, +inf, -0.0, 1_000.5, 6.626e-34, 0e0]\ny = [0o17, 0b101, 1_000, +0]",
        'x = {a = 1,\n  b = "\\e\\x41\\u00e9",}\n[[t]]\n[[t]]\nq.r.s = 1',
        "x = 1" + "0" * 5000,
        "x = " + "[" * PHH_MAX_NESTING + "]" * PHH_MAX_NESTING,
        "x = " + "[" * (PHH_MAX_NESTING - 1) + "]" * (PHH_MAX_NESTING - 1),
        "a" + ".a" * 300 + " = 1",
        "x = 2021-02-29",
        "x = 2020-12-31T23:59:60Z",
        "a = 1\na = 2",
        "[a]\nb = 1\n[a]\nc = 2",
        "a = {b = 1}\na.c = 2",
        "a.b = 1\n[a]\nc = 2",
        "[[a]]\n[a]",
        "x = \"\"\"\\\n  a\"\"\"\ny = '''\nb'''",
        "x = 1\r\ny = 2\r\n",
        "x = 1\ry = 2",
        "\ufeffx = 1",
        "x = '\x7f'",
        # Number texts the toml crate hands on unchecked (found by the slow fuzz: `0b`).
        "x = 0b",
        "x = 0x",
        "x = 0o",
        "x = +0b1",
        "x = 0b102",
        "x = 0x_1",
        "x = 1e",
        "x = 1.",
        "x = .1",
        "x = 1e+",
        "x = 1.e5",
        "x = 1__0",
        "x = 00",
        "x = 1e1_0\ny = 3.14_15\nz = -99999999999999999999999",
    ],
)
def test_the_edges_read_as_tomli_reads_them(text: str) -> None:
    check(text)


def test_an_error_names_the_line_column_and_token() -> None:
    with pytest.raises(phh.PHHError) as e:
        phh.loads('variant = "NT"\nantes = [0, 0]\nantes = [1, 1]\n', source="x.phh")
    assert str(e.value) == 'x.phh: not valid TOML: duplicate key (at line 3, column 1: "antes")'
    with pytest.raises(phh.PHHError, match=r"not valid TOML: .*\(at line 2, column 14\)"):
        phh.loads('variant = "NT"\nantes = [0, 0\n')


# Generated TOML: a few keys, so that duplicates, redefined tables and dotted keys meet; values
# of every kind, several spellings of each.
_KEY = st.sampled_from(["a", "b", "a.b", "b.a", '"a"', "'b'", '"a.b"', "a . b", "1", "é", '""'])
_INTEGER = st.sampled_from(["0", "-1", "+7", "1_000", "0x_1", "0xDEAD_beef", "0o17", "0b1", "01"])
_FLOAT = st.sampled_from(["1.5", "-0.0", "1e3", "1E-3", "6.02_2e2_3", "inf", "-nan", "1.", ".5"])
_STRING = st.sampled_from(
    ['"x"', "'x'", '"\\u00e9\\t\\e"', '"\\x4"', '"""a\n\\\n b"""', "'''\na'''", '"a\\q"', '""']
)
_DATE = st.sampled_from(
    ["1979-05-27", "1979-05-27T07:32:00Z", "1979-05-27 07:32", "07:32:00.999999999", "24:00"]
)
_SCALAR = st.one_of(_INTEGER, _FLOAT, _STRING, _DATE, st.sampled_from(["true", "false", "True"]))


def _value(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    array = st.lists(inner, max_size=3).map(lambda items: "[" + ", ".join(items) + "]")
    pair = st.tuples(_KEY, inner).map(" = ".join)
    table = st.lists(pair, max_size=3).map(lambda items: "{" + ", ".join(items) + "}")
    return st.one_of(array, table)


_VALUE = st.recursive(_SCALAR, _value, max_leaves=8)
_LINE = st.one_of(
    st.tuples(_KEY, _VALUE).map(" = ".join),
    _KEY.map("[{}]".format),
    _KEY.map("[[{}]]".format),
    st.just("# note"),
)
_DOCUMENT = st.lists(_LINE, max_size=8).map("\n".join)
_JUNK = st.one_of(
    st.text(alphabet="[]{}=,.\"'\\\n\r\t #_-+:TZzeExob0123456789é\x00\x7f\u2028", max_size=4),
    st.sampled_from(["inf", "nan", "0x", "1979-05-27", "07:32", '"""', "'''", "\\u", "\\x41"]),
    st.text(max_size=3),
)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A generated document, or a PHH history, cut, spliced or garbled at a few places."""
    text = draw(st.one_of(_DOCUMENT, st.sampled_from(_HISTORIES)))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        end = draw(st.integers(at, min(len(text), at + 6)))
        text = text[:at] + draw(_JUNK) + text[end:]
    return text


_HISTORIES = [p.read_text() for p in sorted(DATA.glob("*.phh"))[:12]]


@settings(max_examples=600)
@given(_DOCUMENT)
@example("a = 1\n[a]")
def test_generated_documents_read_as_tomli_reads_them(text: str) -> None:
    check(text)


@settings(max_examples=1500)
@given(mutated())
def test_mutated_texts_are_refused_or_read_as_tomli_does(text: str) -> None:
    check(text)


@pytest.mark.slow
@settings(max_examples=30_000)
@given(st.one_of(mutated(), _DOCUMENT, st.text(max_size=40)))
def test_mutated_texts_at_length(text: str) -> None:
    check(text)
