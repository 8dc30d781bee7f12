"""The engine's shortcuts against the plain code they stand for (issue 17).

Each shortcut must be indistinguishable from what it replaces: the deck drawn one shuffle
step at a time deals what ``random.Random(seed).shuffle`` and popping from the end deal, and
the quick ``LegalActions`` equals the dataclass made the ordinary way, field for field.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from splitpot import HOLDEM, OMAHA_HILO, SEVEN_CARD_STUD, FixedLimit, Hand, NoLimit
from splitpot.hand.records import LegalActions, _legal


def shuffled_order(seed: int, deck: list[int]) -> list[int]:
    """The cards in the order drawn: the whole deck shuffled, then popped from the end."""
    cards = list(deck)
    random.Random(seed).shuffle(cards)
    return cards[::-1]


@given(st.integers(0, 2**64 - 1), st.integers(2, 9))
def test_a_shuffled_holdem_hand_deals_the_shuffles_cards(seed: int, players: int) -> None:
    hand = Hand(HOLDEM, NoLimit(1, 2), [100] * players, seed=seed)
    order = shuffled_order(seed, list(range(52)))
    seats = hand.seats  # dealt one card at a time from the button's left
    for r in range(2):
        for i, seat in enumerate(seats):
            assert hand.hole(seat)[r].code == order[r * players + i]
    while not hand.is_over:
        hand.check_or_call()
    board = [c.code for c in hand.board]
    assert board == order[2 * players : 2 * players + 5]


@given(st.integers(0, 2**64 - 1))
def test_given_cards_are_left_out_of_the_shuffle(seed: int) -> None:
    hand = Hand(
        OMAHA_HILO, NoLimit(1, 2), [100, 100, 100], seed=seed, hole=[None, "AsKsQsJs", None]
    )
    deck = [c for c in range(52) if c not in (51, 47, 43, 39)]
    order = shuffled_order(seed, deck)
    assert [c.code for c in hand.hole(0)] == [order[i] for i in (0, 2, 4, 6)]
    assert [c.code for c in hand.hole(2)] == [order[i] for i in (1, 3, 5, 7)]


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63])
def test_stud_streets_come_from_the_same_shuffle(seed: int) -> None:
    hand = Hand(SEVEN_CARD_STUD, FixedLimit(2, 4), [100, 100], seed=seed)
    while not hand.is_over:
        la = hand.legal_actions()
        hand.bring_in() if la.bring_in is not None else hand.check_or_call()
    order = shuffled_order(seed, list(range(52)))
    dealt = [c for seat in (0, 1) for c in (x.code for x in hand.hole(seat))]
    assert sorted(dealt) == sorted(order[:14])
    assert [hand.hole(s)[0].code for s in (0, 1)] == order[:2]


@pytest.mark.parametrize(
    "allowed",
    [
        {},
        {"fold": True, "call": 1, "raise_to": (4, 100)},
        {"fold": False, "check": True, "bet": (2, 2)},
        {"fold": True, "bring_in": 1, "bet": (2, 2)},
        {"show": True, "muck": False},
    ],
)
def test_quick_legal_actions_equal_the_dataclass(allowed: dict[str, object]) -> None:
    quick, plain = _legal(3, **allowed), LegalActions(3, **allowed)  # type: ignore[arg-type]
    assert quick == plain and hash(quick) == hash(plain)
    assert vars(quick) == vars(plain) and list(vars(quick)) == list(vars(plain))
    assert repr(quick) == repr(plain) and str(quick) == str(plain)
    with pytest.raises(AttributeError):
        quick.fold = True  # type: ignore[misc]


def test_quick_legal_actions_take_the_dataclass_arguments() -> None:
    import dataclasses
    import inspect

    params = inspect.signature(_legal).parameters
    assert list(params) == [f.name for f in dataclasses.fields(LegalActions)]
    for f in dataclasses.fields(LegalActions)[1:]:
        assert params[f.name].default == f.default, f.name


# ---------------------------------------------------------------------- the PHH reader's TOML

tomli = pytest.importorskip("tomli")

PIECES = [
    "a", "k_1", "-", " ", "\t", "=", " = ", "'", '"', "\\", "#", "[", "]", ",", "0", "1", "07",
    "1.5", "2e3", "1E+2", "-3", "+4", "_", ".", "true", "false", "inf", "x", "é", "\x01", "\x7f",
    "\n", "\r\n", "'d dh p1 AsKs'", '"p1 cc # timeout"', "[1, 2,]", "[]", "12:00:00",
    "1979-05-27", "{a = 1}", "[t]", "'''", "0x1F", "1_000", "123456789012345678901",
]  # fmt: skip


def same(a: object, b: object) -> bool:
    """Equal, and of the same types all the way down (``True`` is not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)  # type: ignore[index]
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))  # type: ignore[arg-type]
    return str(a) == str(b) and a == b


def check_simple(text: str) -> None:
    from decimal import Decimal

    from splitpot.phh.toml_io import _simple_toml

    simple = _simple_toml(text)
    if simple is not None:  # what it reads, the full parser reads the same way
        assert same(simple, tomli.loads(text, parse_float=Decimal)), text


@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))
def test_the_quick_toml_reader_reads_only_what_tomli_reads_alike(text: str) -> None:
    check_simple(text)


SCALARS = st.one_of(
    st.sampled_from(["true", "false", "0", "-0", "+7", "1.0", "3e2", "2.5E-1", "9" * 18]),
    st.text(st.characters(codec="utf-8", exclude_characters="'\n\r"), max_size=6).map(
        lambda t: f"'{t}'"
    ),
    st.text(st.characters(codec="utf-8", exclude_characters='"\\\n\r'), max_size=6).map(
        lambda t: f'"{t}"'
    ),
    st.lists(st.sampled_from(PIECES[14:40]), min_size=1, max_size=3).map("".join),
)
VALUES = st.one_of(
    SCALARS,
    st.tuples(st.lists(SCALARS, max_size=4), st.sampled_from(["", ",", " , "])).map(
        lambda a: "[" + ", ".join(a[0]) + a[1] + "]"
    ),
)


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["variant", "antes", "x", "a-b", "_u", "1"]),
            VALUES,
            st.sampled_from(["", " ", " # note", "#", "\t", "# \x01"]),
        ),
        max_size=6,
    )
)
def test_the_quick_toml_reader_on_key_value_lines(lines: list[tuple[str, str, str]]) -> None:
    check_simple("\n".join(f"{k} = {v}{end}" for k, v, end in lines))


@pytest.mark.parametrize(
    "text",
    [
        "variant = 'NT'\nantes = [0, 0]\nactions = ['d dh p1 AsAh', \"p2 f # sits out\"]\n",
        "a = 1.50\nb = -2E+3 # c\n# only a comment\n\t\nc = [true, false, 'x, y', ]\nd = []",
        "min_bet = +0\nx = \"\"\ny = ''",
    ],
)
def test_the_quick_toml_reader_takes_the_usual_phh(text: str) -> None:
    from splitpot.phh.toml_io import _simple_toml

    assert _simple_toml(text) is not None
    check_simple(text)


@pytest.mark.parametrize(
    "text",
    [
        'a = "tab\\t"',  # an escape
        "a = 1\na = 2",  # a repeated key
        "a = 01",
        "a = 1\r\nb = 2",
        "[1]\na = 1",
        "a = [[1], 2]",
        "a = [\n1]",
        "a = 1_000",
        "a = 12:00:00",
        "a = inf",
        "a.b = 1",
        "a = 'x\x01'",
    ],
)
def test_the_quick_toml_reader_leaves_the_rest_to_the_full_parser(text: str) -> None:
    from splitpot.phh.toml_io import _simple_toml

    assert _simple_toml(text) is None


def test_the_quick_set_up_record_equals_the_dataclass() -> None:
    import dataclasses

    hand = Hand(OMAHA_HILO, NoLimit(1, 2), [50, None, 80], seed=3, hole=[None, None, "AsKsQsJs"])
    plain = dataclasses.replace(hand.events[0])  # through the dataclass's own __init__
    assert plain == hand.events[0] and list(vars(plain).items()) == list(
        vars(hand.events[0]).items()
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.events[0].seed = 1  # type: ignore[misc]
