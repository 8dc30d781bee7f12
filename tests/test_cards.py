"""splitpot.cards: card arguments read by the core's one tokenizer, in the order given."""

from __future__ import annotations

import pytest
import splitpot as sp
from hypothesis import given
from hypothesis import strategies as st
from splitpot import Card, InvalidCards
from splitpot.cards import CARDS, as_cards, card_codes

RANKS, SUITS = "23456789TJQKA", "cdhs"


@st.composite
def written(draw: st.DrawFn) -> tuple[list[int], str]:
    """Distinct cards, and one way of writing them: any case, "10" or "T", any separators."""
    codes = draw(st.lists(st.integers(0, 51), unique=True, max_size=9))
    text = ""
    for code in codes:
        rank = RANKS[code // 4]
        if rank == "T" and draw(st.booleans()):
            rank = "10"
        name = rank + SUITS[code % 4]
        text += draw(st.sampled_from([name, name.lower(), name.upper()]))
        text += draw(st.sampled_from(["", " ", ", ", "\t", "\n"]))
    return codes, text


@given(written())
def test_text_keeps_the_order_it_was_written_in(case: tuple[list[int], str]) -> None:
    codes, text = case
    assert card_codes(text) == codes
    assert card_codes("".join(text.split())) == codes


@given(st.lists(st.integers(0, 51), unique=True, max_size=9))
def test_codes_cards_and_names_agree(codes: list[int]) -> None:
    assert card_codes(codes) == codes
    assert card_codes(as_cards(codes)) == codes
    assert card_codes([str(Card(c)) for c in codes]) == codes
    assert card_codes(iter(codes)) == codes


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("AhAh", "duplicate card Ah"),
        ("Ah Xd", 'invalid card "Xd" at position 3'),
        ("AhK", 'invalid card "K" at position 2'),
        (["AhKd"], 'invalid card "AhKd"'),
        ([52], "invalid card code 52"),
        ([True], "a bool is not a card"),
        ([1.0], "invalid card 1.0"),
        ([0, "2c"], "duplicate card 2c"),
    ],
)
def test_refusals_are_the_cores(cards: object, message: str) -> None:
    with pytest.raises(InvalidCards, match=message):
        card_codes(cards)  # type: ignore[arg-type]


def test_the_52_cards_are_shared() -> None:
    assert [c.code for c in CARDS] == list(range(52))
    assert as_cards([50, 0])[0] is CARDS[50]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["Ah", "Kh", "Qh", "Jh", "Xx"], 'item 4: invalid card "Xx"'),  # the list's index
        (("Ah", "Kh", "Qh", "Jh", 52), "item 4: invalid card code 52"),
        (iter(["Ah", "Xd", "Qh", "Jh", "Th"]), 'item 1: invalid card "Xd"'),
        ("AhKhQhJhXx", 'invalid card "Xx" at position 8'),  # a string: the character offset
    ],
)
def test_a_bad_card_names_its_place(cards: object, message: str) -> None:
    with pytest.raises(sp.InvalidCards) as raised:
        sp.evaluate_high(cards)  # type: ignore[arg-type]
    assert str(raised.value) == message or str(raised.value).startswith(message)
    assert type(raised.value).__module__ == "splitpot"  # shown as splitpot.InvalidCards


def test_a_lone_card_names_no_position() -> None:
    with pytest.raises(sp.InvalidCards, match=r'^invalid card "Xx"$'):
        sp.Card("Xx")
    with pytest.raises(sp.InvalidCards, match=r'^item 2: invalid Pan card "8c": Pan has no 8'):
        sp.pan.classify(["7c", "7d", "8c"])
