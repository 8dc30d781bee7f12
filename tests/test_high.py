"""High-hand evaluation against a brute-force reference and the seeds' examples."""

from __future__ import annotations

import numpy as np
import pytest
import splitpot as sp
from hypothesis import given
from hypothesis import strategies as st
from reference import best_high, best_omaha_high, code
from splitpot import _core

deals = st.permutations(range(52))


def cards_strategy(n: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)


@pytest.mark.parametrize("n", [5, 6, 7])
@given(data=st.data())
def test_high_matches_brute_force(n: int, data: st.DataObject) -> None:
    a = data.draw(cards_strategy(n))
    b = data.draw(cards_strategy(n))
    ha, hb = sp.evaluate_high(a), sp.evaluate_high(b)
    ra, rb = best_high(a), best_high(b)
    assert ha.category == ra[0]
    assert (ha > hb) == (ra > rb)
    assert (ha == hb) == (ra == rb)


@pytest.mark.parametrize("n_hole", [4, 5, 6])
@given(deck=deals, n_board=st.integers(3, 5))
def test_omaha_matches_brute_force(n_hole: int, deck: list[int], n_board: int) -> None:
    hole, board = deck[:n_hole], deck[n_hole : n_hole + n_board]
    other = deck[n_hole + n_board : 2 * n_hole + n_board]
    mine = sp.evaluate_omaha_high(hole, board)
    theirs = sp.evaluate_omaha_high(other, board)
    assert mine.category == best_omaha_high(hole, board)[0]
    want = best_omaha_high(hole, board) > best_omaha_high(other, board)
    assert (mine > theirs) == want
    five = [c.code for c in mine.best_five()]
    assert len(set(five) & set(hole)) == 2 and len(set(five) & set(board)) == 3
    assert sp.evaluate_high(five) == mine


@given(data=st.data())
def test_best_five_reads_as_people_read_a_hand(data: st.DataObject) -> None:
    # docs/rules/poker.md §1: the biggest group first, each group and the kickers high to
    # low (ranks 0 = deuce .. 12 = ace), and a wheel as 5-4-3-2-A.
    cards = data.draw(cards_strategy(7))
    ranks = [c.code // 4 for c in sp.evaluate_high(cards).best_five()]
    if sorted(ranks) == [0, 1, 2, 3, 12]:
        assert ranks == [3, 2, 1, 0, 12]
    else:
        keys = [(ranks.count(r), r) for r in ranks]
        assert keys == sorted(keys, reverse=True)


def test_best_five_of_the_newcomers_hands() -> None:
    five = sp.evaluate_high("Ah 2c 3d 4s 8h Kd Kc").best_five()
    assert [str(c) for c in five] == ["Kd", "Kc", "Ah", "8h", "4s"]  # the pair first
    assert [str(c) for c in sp.evaluate_high("Ah2s3h4h5h").best_five()] == [
        "5h",
        "4h",
        "3h",
        "2s",
        "Ah",
    ]


@given(cards=cards_strategy(7), order=st.randoms(use_true_random=False))
def test_order_and_form_independent(cards: list[int], order: object) -> None:
    shuffled = list(cards)
    order.shuffle(shuffled)  # type: ignore[attr-defined]
    text = " ".join(str(sp.Card(c)) for c in cards)
    values = {
        sp.evaluate_high(cards).strength,
        sp.evaluate_high(shuffled).strength,
        sp.evaluate_high(text).strength,
        sp.evaluate_high(text.replace(" ", "").lower()).strength,
        sp.evaluate_high([sp.Card(c) for c in cards]).strength,
        sp.evaluate_high(tuple(str(sp.Card(c)) for c in cards)).strength,
        sp.evaluate_high(iter(cards)).strength,
        sp.evaluate_high(sp.CardSet(cards)).strength,
        sp.evaluate_high(tuple(cards)).strength,
        sp.evaluate_high([*cards[:-1], 2**70 // 2**70 * cards[-1]]).strength,  # a computed int
        sp.evaluate_high_strength(cards),
        sp.evaluate_high_strength(text.replace(" ", "")),
        sp.evaluate_high_strength(text),
        sp.evaluate_high_strength(tuple(cards)),
        sp.evaluate_high_strength(sp.CardSet(cards)),
    }
    assert len(values) == 1
    # The fast forms keep the cards for best_five() in the order given.
    assert [c.code for c in sp.evaluate_high(cards).best_five()] == [
        c.code for c in sp.evaluate_high([sp.Card(c) for c in cards]).best_five()
    ]


class _Text(str):
    """A str subclass: read the general way, with the same answer."""


def test_the_quick_forms_answer_as_the_general_one() -> None:
    hand = [50, 46, 42, 38, 34, 3, 7]
    text = "".join(str(sp.Card(c)) for c in hand)
    assert sp.evaluate_high(_Text(text)) == sp.evaluate_high(text)
    assert sp.evaluate_high_strength(_Text(text)) == 7462
    for bad, token in [
        ([50, 46, 42, 38, 46], "duplicate card Kh"),
        ((50, 46, 42, 38, 52), "52"),
        ([50, 46, 42, 38, True], "True"),
        ([50, 46, 42, 38], "got 4"),
        (list(range(8)), "8"),
        ("AhKhQhJh", "got 4"),
    ]:
        for call in (sp.evaluate_high, sp.evaluate_high_strength):
            with pytest.raises(sp.InvalidCards) as e:
                call(bad)
            assert token in str(e.value), (bad, str(e.value))


@given(st.lists(cards_strategy(7), min_size=0, max_size=50))
def test_batch_equals_single_calls(hands: list[list[int]]) -> None:
    a = np.array(hands, dtype=np.uint8).reshape(len(hands), 7)
    got = sp.evaluate_high_batch(a)
    assert got.dtype == np.uint16
    assert got.tolist() == [sp.evaluate_high(h).strength for h in hands]
    assert sp.evaluate_high_batch(a[:, :5]).tolist() == [
        sp.evaluate_high(h[:5]).strength for h in hands
    ]
    # The rows are read in place; another layout is copied first, and one thread gives the
    # same answers as all of them.
    assert _core._high_batch(np.asfortranarray(a)).tolist() == got.tolist()
    assert _core._high_batch(a, True).tolist() == got.tolist()


@given(st.lists(st.permutations(range(52)), min_size=1, max_size=30), st.integers(4, 6))
def test_omaha_batch_equals_single_calls(decks: list[list[int]], n_hole: int) -> None:
    hole = np.array([d[:n_hole] for d in decks], dtype=np.int64)
    board = np.array([d[n_hole : n_hole + 5] for d in decks], dtype=np.int64)
    got = sp.evaluate_omaha_high_batch(hole, board)
    assert got.tolist() == [
        sp.evaluate_omaha_high(h, b).strength for h, b in zip(hole, board, strict=True)
    ]


def h(text: str) -> sp.HighHand:
    return sp.evaluate_high(text)


def test_seed_flush_with_an_ace_beats_one_with_a_king() -> None:
    assert h("AhJh9h4h2h") > h("KcQcJc9c7c")


def test_seed_kickers_decide() -> None:
    assert h("AcAdKhQs9c") > h("AsAhKcQd8c")
    assert h("AcAdKhQs9c") == h("AsAhKcQd9d")


def test_seed_the_suit_order_is_not_taken_into_account() -> None:
    assert h("AcKdQhJs9c") == h("AdKhQsJc9d")
    assert hash(h("AcKdQhJs9c")) == hash(h("AdKhQsJc9d"))


def test_seed_the_wheel_is_the_lowest_straight() -> None:
    wheel = h("5c4d3h2sAc")
    assert wheel.category == sp.HandCategory.STRAIGHT
    assert str(wheel) == "Straight, Five high"
    assert wheel < h("6c5d4h3s2c")
    assert wheel > h("AcAdAh Kc Qd")
    assert h("QcKdAh2s3c").category == sp.HandCategory.HIGH_CARD  # no wrap-around


def test_strength_range_and_description() -> None:
    royal = h("AhKhQhJhTh2c3d")
    assert royal.strength == 7462 and royal.category == sp.HandCategory.STRAIGHT_FLUSH
    assert str(royal) == "Straight Flush, Ace high"
    assert repr(royal) == "HighHand(strength=7462, category=STRAIGHT_FLUSH)"
    assert h("7c5d4h3s2c").strength == 1
    assert str(h("KcKdKh7s7c2d")) == "Full House, Kings over Sevens"
    assert [str(c) for c in royal.best_five()] == ["Ah", "Kh", "Qh", "Jh", "Th"]


def test_omaha_needs_exactly_two_hole_cards() -> None:
    # Four hearts on the board and one in the hand is no flush in Omaha.
    hand = sp.evaluate_omaha_high("AhKcQd2s", "3h4h5h9hJc")
    assert hand.category == sp.HandCategory.STRAIGHT
    assert sp.evaluate_omaha_high("2c3d4h5s", "AcAdAhAsKc").category == (
        sp.HandCategory.THREE_OF_A_KIND
    )


def test_cards() -> None:
    c = sp.Card("10d")
    assert c == sp.Card("Td") == sp.Card(code("Td")) == sp.Card(sp.Card("td"))
    assert (int(c), c.rank, c.suit, str(c), repr(c)) == (33, 8, 1, "Td", "Card('Td')")
    assert sp.Card("2c").code == 0 and sp.Card("As").code == 51
    assert sorted([sp.Card("As"), sp.Card("2c")]) == [sp.Card("2c"), sp.Card("As")]
    s = sp.CardSet("AhKd 7c")
    assert len(s) == 3 and "Kd" in s and "Kh" not in s and str(s) == "7cKdAh"


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (("AhKhQhJhXh",), "Xh"),
        (("AhKhQhJh 1h",), "1h"),
        (("AhKhQhJhTh9z",), "9z"),
        ((["Ah", "Kh", "Qh", "Jh", "Tx"],), "Tx"),
        (([50, 46, 42, 38, 52],), "52"),
        (([50, 46, 42, 38, -1],), "-1"),
        (([50, 46, 42, 38, 3.0],), "3.0"),
        (([50, 46, 42, 38, True],), "True"),
        (("AhKhQhJhAh",), "Ah"),
        (("AhKhQhJ",), "J"),
        (("AhKhQh",), "got 3"),
        (("AhKhQhJhTh9h8h7h",), "got 8"),
        ((42,), "42"),
        ((None,), "None"),
    ],
)
def test_bad_input_names_the_token(args: tuple[object, ...], token: str) -> None:
    with pytest.raises(sp.InvalidCards, match=None) as e:
        sp.evaluate_high(*args)
    assert token in str(e.value)
    assert isinstance(e.value, ValueError)


def test_omaha_bad_input() -> None:
    with pytest.raises(sp.InvalidCards, match="Ah"):
        sp.evaluate_omaha_high("AhKh2c3d", "Ah4s5s")
    with pytest.raises(sp.InvalidCards, match="hole"):
        sp.evaluate_omaha_high("AhKh2c", "Qh4s5s")
    with pytest.raises(sp.InvalidCards, match="board"):
        sp.evaluate_omaha_high("AhKh2c3c", "Qh4s")


def test_batch_bad_input_names_the_row() -> None:
    a = np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 3]], dtype=np.uint8)
    with pytest.raises(sp.InvalidCards, match="row 1: duplicate card 2s"):
        sp.evaluate_high_batch(a)
    with pytest.raises(sp.InvalidCards, match="row 0: invalid card code 60"):
        sp.evaluate_high_batch(np.array([[0, 1, 2, 3, 60]]))
    with pytest.raises(sp.InvalidCards, match="row 1: invalid card code -1"):
        sp.evaluate_high_batch(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, -1]]))
    with pytest.raises(sp.InvalidCards, match="dtype float64"):
        sp.evaluate_high_batch(np.zeros((2, 7)))
    with pytest.raises(sp.InvalidCards, match="per row, got 4"):
        sp.evaluate_high_batch(np.array([[0, 1, 2, 3]]))
    with pytest.raises(sp.InvalidCards, match="2-D"):
        sp.evaluate_high_batch(np.array([0, 1, 2, 3, 4]))
    with pytest.raises(sp.InvalidCards, match="row 0: duplicate card 2c"):
        sp.evaluate_omaha_high_batch(np.array([[0, 1, 2, 3]]), np.array([[0, 5, 6]]))
    with pytest.raises(sp.InvalidCards, match="rows"):
        sp.evaluate_omaha_high_batch(np.array([[0, 1, 2, 3]]), np.zeros((2, 3), dtype=np.uint8))
    assert sp.evaluate_high_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


def test_low_and_high_never_compare() -> None:
    with pytest.raises(TypeError):
        _ = h("AhKhQhJhTh") < 3  # type: ignore[operator]
