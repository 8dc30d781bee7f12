"""Razz lows (the ace-to-five low of every hand, no qualifier) against brute force and named
hands; the value class; razz equity."""

from __future__ import annotations

import pytest
import splitpot as sp
from hypothesis import given
from hypothesis import strategies as st
from reference import RAZZ_SHAPES, best_razz


def key(r: sp.RazzLow) -> tuple[int, tuple[int, ...]]:
    """The reference's (category, ranks) of a razz value: the category read off its ranks."""
    counts = sorted((r.ranks.count(x) for x in set(r.ranks)), reverse=True)
    return RAZZ_SHAPES.index(counts), r.ranks


@pytest.mark.parametrize("n", [5, 6, 7])
@given(deck=st.permutations(range(52)))
def test_razz_matches_brute_force(n: int, deck: list[int]) -> None:
    a, b = deck[:n], deck[n : 2 * n]
    ra, rb = sp.evaluate_razz(a), sp.evaluate_razz(b)
    assert key(ra) == best_razz(a)
    assert (ra > rb) == (best_razz(a) < best_razz(b))
    assert (ra == rb) == (best_razz(a) == best_razz(b))
    five = [c.code for c in ra.best_five()]
    assert set(five) <= set(a) and len(set(five)) == 5
    assert sp.evaluate_razz(five) == ra
    assert tuple((c // 4 + 1) % 13 + 1 for c in five) == ra.ranks  # read as the low is


@given(ranks=st.lists(st.integers(0, 12), min_size=2, max_size=3, unique=True), data=st.data())
def test_paired_hands_match_brute_force(ranks: list[int], data: st.DataObject) -> None:
    # Seven cards from two or three ranks: every paired category, and its best five.
    pool = [r * 4 + s for r in ranks for s in range(4)]
    n = data.draw(st.integers(5, min(7, len(pool))))
    cards = data.draw(st.permutations(pool))[:n]
    assert key(sp.evaluate_razz(cards)) == best_razz(cards)


def razz(text: str) -> sp.RazzLow:
    return sp.evaluate_razz(text)


def test_values_strength_ranks_and_str() -> None:
    wheel = razz("5c4c3c2cAc")  # a straight flush is still the wheel
    assert (wheel.strength, wheel.ranks, str(wheel)) == (6175, (5, 4, 3, 2, 1), "5-4-3-2-A")
    assert repr(wheel) == "RazzLow(strength=6175, ranks=(5, 4, 3, 2, 1))"
    worst = razz("KcKdKhKsQc")
    assert (worst.strength, str(worst)) == (1, "Four of a Kind, Kings, Queen kicker")
    assert str(razz("4c4d7h2sAc")) == "Pair of Fours, 7-2-A"
    assert razz("4c4d7h2sAc").ranks == (4, 4, 7, 2, 1)
    assert str(razz("8c8d4h4s2c")) == "Two Pair, Eights and Fours, Deuce kicker"
    assert str(razz("4c4d4h7s2c")) == "Three of a Kind, Fours, 7-2"
    assert hash(razz("7c5d4h3s2c")) == hash(razz("7d5h4s3c2d"))
    assert [str(c) for c in razz("Kc 8c6d4h2sAc 8d").best_five()] == ["8c", "6d", "4h", "2s", "Ac"]


def test_named_orders() -> None:
    assert razz("6h4d3c2sAs") > razz("6h5d3c2sAs") > razz("6h5d4c3s2s")
    assert razz("AcAd5h6s7c") > razz("2c2d5h6s7c"), "aces are low in pairs too"
    assert razz("KcKdQhJsTc") > razz("AcAd2h2s3c"), "any one pair beats two pair"
    seven = razz("AcAdAhAsKcKdKh")  # plays A-A-A-K-K: a full house beats four of a kind
    assert str(seven) == "Full House, Aces over Kings"
    assert seven > razz("AcAdAhAsKc")


def test_razz_is_never_equal_to_highs_or_lows_and_never_ordered_against_them() -> None:
    r = razz("Ad7d2d3c4c")
    hi, lo = sp.evaluate_hilo("Ad7d2d3c4c")
    assert lo is not None
    for other in (hi, lo):
        for op in ("__lt__", "__le__", "__gt__", "__ge__"):
            with pytest.raises(TypeError, match="different orderings"):
                getattr(r, op)(other)
            with pytest.raises(TypeError, match="different orderings"):
                getattr(other, op)(r)
        assert r != other and other != r and r not in [other]
    assert r != 6175 and r.__lt__(6175) is NotImplemented


def test_bad_input() -> None:
    with pytest.raises(sp.InvalidCards, match="Xd"):
        sp.evaluate_razz("AhXd3c4c5d")
    with pytest.raises(sp.InvalidCards, match="duplicate card Ah"):
        sp.evaluate_razz("Ah2c3c4cAh")
    with pytest.raises(sp.InvalidCards, match="got 4"):
        sp.evaluate_razz("Ah2c3c4c")
    with pytest.raises(sp.InvalidCards, match="got 8"):
        sp.evaluate_razz(range(8))


def test_razz_equity() -> None:
    # A made wheel cannot lose, and K-K-Q-Q-J-J cannot make one (docs/rules/poker.md §4.2 deal).
    r = sp.equity("razz", ["As2d3c4h5s6d", "KcKdQsQhJcJd"], exact=True)
    assert (r.game, r.game_name, r.hi_lo, r.exact, r.deals) == ("razz", "Razz", False, True, 1560)
    assert r.equities == (1.0, 0.0)
    assert "razz" in (sp.equity.__doc__ or "")
    # Aliases of the one catalogue.
    assert sp.equity("FR", ["As2d3c4h5s6d", "KcKdQsQhJcJd"]).equities == (1.0, 0.0)
    # Monte Carlo agrees with exact enumeration.
    holes = ["Ah2d3c7s9h", "4h5h6hKsQs8c", "QcQd8d2h3h4s"]
    exact = sp.equity("razz", holes, exact=True)
    mc = sp.equity("razz", holes, samples=100_000, seed=4)
    for e, m in zip(exact.players, mc.players, strict=True):
        assert abs(e.equity - m.equity) < 4 * m.stderr
