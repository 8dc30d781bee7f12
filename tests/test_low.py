"""8-or-better lows and hi/lo (docs/rules/poker.md §1) against brute force and the seed examples."""

from __future__ import annotations

import numpy as np
import pytest
import splitpot as sp
from hypothesis import given
from hypothesis import strategies as st
from reference import best_high, best_low, best_omaha_low


def low_key(lo: sp.LowHand | None) -> tuple[int, ...] | None:
    return None if lo is None else lo.ranks


@pytest.mark.parametrize("n", [5, 6, 7])
@given(deck=st.permutations(range(52)))
def test_low_matches_brute_force(n: int, deck: list[int]) -> None:
    a, b = deck[:n], deck[n : 2 * n]
    la, lb = sp.evaluate_low8(a), sp.evaluate_low8(b)
    assert low_key(la) == best_low(a)
    if la is not None and lb is not None:
        assert (la > lb) == (best_low(a) < best_low(b))  # type: ignore[operator]
        assert (la == lb) == (best_low(a) == best_low(b))


@pytest.mark.parametrize("n_hole", [4, 5, 6])
@given(deck=st.permutations(range(52)), n_board=st.integers(3, 5))
def test_omaha_low_matches_brute_force(n_hole: int, deck: list[int], n_board: int) -> None:
    hole, board = deck[:n_hole], deck[n_hole : n_hole + n_board]
    lo = sp.evaluate_omaha_low8(hole, board)
    assert low_key(lo) == best_omaha_low(hole, board)
    hi, lo2 = sp.evaluate_omaha_hilo(hole, board)
    assert hi == sp.evaluate_omaha_high(hole, board)
    assert low_key(lo2) == low_key(lo)
    if lo is not None:
        five = [c.code for c in lo.best_five()]
        assert len(set(five) & set(hole)) == 2 and len(set(five) & set(board)) == 3
        # read high to low, the ace as one: 8-4-3-2-A (ranks 0 = deuce .. 12 = ace)
        assert tuple((c // 4 + 1) % 13 + 1 for c in five) == lo.ranks


@given(deck=st.permutations(range(52)), n=st.integers(5, 7))
def test_hilo_is_both_halves(deck: list[int], n: int) -> None:
    hi, lo = sp.evaluate_hilo(deck[:n])
    assert hi.category == best_high(deck[:n])[0]
    assert low_key(lo) == best_low(deck[:n])


@given(st.lists(st.permutations(range(52)), min_size=0, max_size=30))
def test_batches_equal_single_calls(decks: list[list[int]]) -> None:
    seven = np.array([d[:7] for d in decks], dtype=np.uint8).reshape(len(decks), 7)
    low = sp.evaluate_low8_batch(seven)
    assert low.dtype == np.uint8
    assert low.tolist() == [lo.strength if (lo := sp.evaluate_low8(d[:7])) else 0 for d in decks]
    hi, lo = sp.evaluate_hilo_batch(seven)
    assert hi.tolist() == sp.evaluate_high_batch(seven).tolist()
    assert lo.tolist() == low.tolist()
    hole = np.array([d[:4] for d in decks], dtype=np.uint8).reshape(len(decks), 4)
    board = np.array([d[4:9] for d in decks], dtype=np.uint8).reshape(len(decks), 5)
    olow = sp.evaluate_omaha_low8_batch(hole, board)
    want = [
        lo.strength if (lo := sp.evaluate_omaha_low8(h, b)) else 0
        for h, b in zip(hole, board, strict=True)
    ]
    assert olow.tolist() == want
    ohi, olo = sp.evaluate_omaha_hilo_batch(hole, board)
    assert ohi.tolist() == sp.evaluate_omaha_high_batch(hole, board).tolist()
    assert olo.tolist() == want


def low(text: str) -> sp.LowHand:
    lo = sp.evaluate_low8(text)
    assert lo is not None
    return lo


def test_seed_3_4_5_6_7_beats_a_2_3_4_8() -> None:
    assert low("3c4d5h6s7c") > low("Ac2d3h4s8c")


def test_seed_2_4_5_6_7_beats_a_2_4_6_8() -> None:
    assert low("2c4d5h6s7c") > low("Ac2d4h6s8c")


def test_seed_a_2_3_4_6_beats_a_2_3_5_6() -> None:
    assert low("Ac2d3h4s6c") > low("Ac2d3h5s6c")


def test_seed_7_6_5_4_2_beats_8_5_4_3_2() -> None:
    assert low("7c6d5h4s2c") > low("8c5d4h3s2c")


def test_seed_ad_7d_on_2d_3c_4c_5d_6d_wheel_low_and_ace_high_flush() -> None:
    # Seed 000, Crazy Pineapple 8/b: best five of seven for each half.
    hi, lo = sp.evaluate_hilo("Ad7d 2d3c4c5d6d")
    assert lo is not None and lo.ranks == (5, 4, 3, 2, 1) and lo.strength == 56
    assert hi.category == sp.HandCategory.FLUSH and str(hi) == "Flush, Ace high"


def test_seed_counterfeit_ace_on_the_turn() -> None:
    # Seed 001: A-2-K-J on a 5-6-8 flop holds the nut low; an ace on the turn counterfeits it.
    flop = "5c6d8h"
    mine = sp.evaluate_omaha_low8("Ah2sKdJc", flop)
    theirs = sp.evaluate_omaha_low8("2c3dQhQs", flop)
    assert mine is not None and theirs is not None and mine > theirs
    turn = flop + "Ac"
    mine = sp.evaluate_omaha_low8("Ah2sKdJc", turn)
    theirs = sp.evaluate_omaha_low8("2c3dQhQs", turn)
    assert mine is not None and theirs is not None and theirs > mine
    assert theirs.ranks == (6, 5, 3, 2, 1)


def test_omaha_one_low_hole_card_has_no_low() -> None:
    assert sp.evaluate_omaha_low8("AhKsQdJc", "2c3d4h5sKd") is None
    assert sp.evaluate_low8("AhKs 2c3d4h5sKd") is not None  # any five: a wheel


def test_omaha_board_with_fewer_than_three_low_cards_has_no_low() -> None:
    assert sp.evaluate_omaha_low8("Ah2s3d4c", "5c9dTh JsKd") is None
    assert sp.evaluate_omaha_low8("Ah2s3d4c", "5c6d7h") is not None


def test_pairs_do_not_count_twice_and_nine_does_not_qualify() -> None:
    assert sp.evaluate_low8("Ac Ad 2c 3d 4h") is None
    assert sp.evaluate_low8("9c 2d 3c 4d 5h") is None
    assert low("Ac Ad 2c 3d 4h 8s").ranks == (8, 4, 3, 2, 1)


def test_strength_ranks_and_str() -> None:
    wheel = low("5c4c3c2cAc")  # straights and flushes do not count against a low
    assert (wheel.strength, wheel.ranks, str(wheel)) == (56, (5, 4, 3, 2, 1), "5-4-3-2-A")
    worst = low("8c7d6h5s4c")
    assert (worst.strength, str(worst)) == (1, "8-7-6-5-4")
    assert str(low("8c6d4h2sAc")) == "8-6-4-2-A"
    assert hash(low("8c6d4h2sAc")) == hash(low("8d6h4s2cAs"))
    assert [str(c) for c in low("Kc 8c6d4h2sAc").best_five()] == ["8c", "6d", "4h", "2s", "Ac"]


def test_low_and_high_are_never_equal_and_never_ordered() -> None:
    """docs/rules/poker.md §1: highs and lows are different orderings. A low is never equal
    to a high (``low in [high]`` is False, as for any two kinds), and ordering them is a
    TypeError."""
    hi, lo = sp.evaluate_hilo("Ad7d 2d3c4c5d6d")
    assert lo is not None
    for op in ("__lt__", "__le__", "__gt__", "__ge__"):
        with pytest.raises(TypeError, match="different orderings"):
            getattr(lo, op)(hi)
        with pytest.raises(TypeError, match="different orderings"):
            getattr(hi, op)(lo)
    assert lo != hi and hi != lo and not lo == hi
    assert lo not in [hi] and hi not in [lo]
    assert lo == lo and lo in [hi, lo]


def test_bad_input() -> None:
    with pytest.raises(sp.InvalidCards, match="Xd"):
        sp.evaluate_low8("AhXd3c4c5d")
    with pytest.raises(sp.InvalidCards, match="duplicate card Ah"):
        sp.evaluate_omaha_low8("Ah2c3c4c", "Ah6d7d")
    with pytest.raises(sp.InvalidCards, match="got 4"):
        sp.evaluate_hilo("Ah2c3c4c")
    with pytest.raises(sp.InvalidCards, match="row 0: duplicate card 2c"):
        sp.evaluate_low8_batch(np.array([[0, 0, 1, 2, 3]]))
