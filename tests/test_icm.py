"""ICM equity, prize tables and tied places (docs/tournaments.md), against hand-worked values
and a brute force over every finishing order."""

from __future__ import annotations

import doctest
from fractions import Fraction
from itertools import permutations

import pytest
import splitpot.icm
from hypothesis import given, settings
from hypothesis import strategies as st
from splitpot import SplitpotError
from splitpot.icm import EXACT_LIMIT, icm_equity, payouts, share_prizes

F = Fraction


def brute_force(stacks: list[int], prizes: list[int]) -> list[Fraction]:
    """Harville by definition: every finishing order of the players with chips, its chance the
    product of each player's share of the chips left when his place is decided."""
    live = [i for i, s in enumerate(stacks) if s > 0]
    equity = [F(0)] * len(stacks)
    for order in permutations(live):
        chance, left = F(1), sum(stacks)
        for i in order:
            chance *= F(stacks[i], left)
            left -= stacks[i]
        for place, i in enumerate(order[: len(prizes)]):
            equity[i] += chance * prizes[place]
    return equity


def test_three_players_hand_computed() -> None:
    """Stacks 50/30/20 (100 chips), prizes 50/30/20.

    A (50): 1st 1/2. 2nd: B first then A, 3/10 * 50/70 = 3/14; C first then A, 2/10 * 50/80
    = 1/8; so 19/56. 3rd: 1 - 1/2 - 19/56 = 9/56.
    E(A) = 50/2 + 30*19/56 + 20*9/56 = 25 + 750/56 = 1075/28.
    B (30): 1st 3/10. 2nd: 1/2 * 30/50 + 2/10 * 30/80 = 3/10 + 3/40 = 3/8. 3rd: 13/40.
    E(B) = 50*3/10 + 30*3/8 + 20*13/40 = 15 + 45/4 + 13/2 = 131/4.
    C (20): 1st 1/5. 2nd: 1/2 * 20/50 + 3/10 * 20/70 = 1/5 + 3/35 = 2/7. 3rd: 18/35.
    E(C) = 10 + 60/7 + 72/7 = 202/7.   Sum: (1075 + 917 + 808)/28 = 100.
    """
    assert icm_equity([50, 30, 20], [50, 30, 20]) == [F(1075, 28), F(131, 4), F(202, 7)]


def test_four_players_two_prizes_hand_computed() -> None:
    """Stacks 40/30/20/10 (100 chips), prizes 60/40; 3rd and 4th pay nothing.

    2nd place for X = sum over the winner W != X of s(W)/100 * s(X)/(100 - s(W)).
    A (40): 2nd = .3*40/70 + .2*40/80 + .1*40/90 = 6/35 + 1/10 + 2/45 = 199/630;
            E = 60*2/5 + 40*199/630 = 24 + 796/63 = 2308/63.
    B (30): 2nd = .4*30/60 + .2*30/80 + .1*30/90 = 1/5 + 3/40 + 1/30 = 37/120;
            E = 18 + 37/3 = 91/3.
    C (20): 2nd = .4*20/60 + .3*20/70 + .1*20/90 = 2/15 + 3/35 + 1/45 = 76/315;
            E = 12 + 608/63 = 1364/63.
    D (10): 2nd = .4*10/60 + .3*10/70 + .2*10/80 = 1/15 + 3/70 + 1/40 = 113/840;
            E = 6 + 113/21 = 239/21.
    Sum: (2308 + 1911 + 1364 + 717)/63 = 100.
    """
    expected = [F(2308, 63), F(91, 3), F(1364, 63), F(239, 21)]
    assert icm_equity([40, 30, 20, 10], [60, 40]) == expected


def test_winner_takes_all_is_the_chip_share() -> None:
    assert icm_equity([70, 20, 10], [1000]) == [F(700), F(200), F(100)]


def test_a_zero_stack_is_already_out() -> None:
    """docs/tournaments.md: a stack of 0 takes no place; the others share the prizes left."""
    assert icm_equity([50, 0, 30, 20], [50, 30, 20]) == [F(1075, 28), F(0), F(131, 4), F(202, 7)]


def test_one_player_left_takes_the_one_prize() -> None:
    assert icm_equity([0, 500, 0], [7]) == [F(0), F(7), F(0)]


def test_fraction_prizes_are_exact() -> None:
    assert icm_equity([1, 1, 1], [F(1, 3)]) == [F(1, 9)] * 3


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 60), min_size=1, max_size=6).filter(any),
    st.lists(st.integers(0, 1000), max_size=6),
)
def test_equity_matches_the_brute_force_over_every_order(
    stacks: list[int], prizes: list[int]
) -> None:
    prizes = prizes[: sum(1 for s in stacks if s > 0)]
    equity = icm_equity(stacks, prizes)
    assert equity == brute_force(stacks, prizes)
    assert sum(equity) == sum(prizes)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 40), min_size=2, max_size=7), st.randoms(use_true_random=False))
def test_equity_follows_the_players_not_their_seats(stacks: list[int], rnd: object) -> None:
    """Symmetry: permuting the stacks permutes the equities; equal stacks, equal equity."""
    prizes = [50, 30, 20][: len(stacks)]
    order = list(range(len(stacks)))
    rnd.shuffle(order)  # type: ignore[attr-defined]
    base = icm_equity(stacks, prizes)
    moved = icm_equity([stacks[i] for i in order], prizes)
    assert moved == [base[i] for i in order]
    for i in range(len(stacks)):
        for j in range(len(stacks)):
            if stacks[i] == stacks[j]:
                assert base[i] == base[j]
            elif stacks[i] > stacks[j]:
                assert base[i] >= base[j]  # more chips never worth less (prizes fall)


def test_exact_up_to_ten_players() -> None:
    stacks = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
    prizes = [400, 250, 150, 100, 60, 40]
    equity = icm_equity(stacks, prizes)
    assert len(stacks) == EXACT_LIMIT
    assert all(isinstance(e, Fraction) for e in equity)
    assert sum(equity) == 1000
    # The chip leader's equity is below his chip share of the pool (1000 * 100/550), the short
    # stack's above it: ICM's best-known effect, here exactly.
    assert equity[-1] < F(1000 * 100, 550) and equity[0] > F(1000 * 10, 550)


def test_sampled_estimate_is_close_to_exact_and_reproducible() -> None:
    stacks, prizes = [50, 30, 20, 10, 5], [50, 30, 20]
    exact = icm_equity(stacks, prizes)
    sampled = icm_equity(stacks, prizes, samples=20_000, seed=7)
    assert sampled == icm_equity(stacks, prizes, samples=20_000, seed=7)
    assert sampled != icm_equity(stacks, prizes, samples=20_000, seed=8)
    assert sum(sampled) == 100
    # 20,000 orders: a standard error under 0.3 units on each equity; 1 unit is > 3 of them.
    assert all(abs(s - e) < 1 for s, e in zip(sampled, exact, strict=True))


def test_beyond_ten_players_is_sampled() -> None:
    stacks = [100] * 11 + [0, 1100]
    prizes = [500, 300, 200]
    equity = icm_equity(stacks, prizes, seed=1)
    assert sum(equity) == 1000 and equity[11] == 0
    assert equity == icm_equity(stacks, prizes, seed=1)
    # The big stack holds half the chips; his exact equity is between 500 * 1/2 and 1000 * 1/2.
    assert 300 < equity[12] < 500
    assert all(abs(e - equity[0]) < 10 for e in equity[:11])  # equal stacks, close estimates


@pytest.mark.parametrize(
    ("stacks", "prizes", "kwargs", "error", "match"),
    [
        ([10, -1], [5], {}, SplitpotError, r"stacks\[1\] must not be negative"),
        ([0, 0], [5], {}, SplitpotError, "no chips at all"),
        ([], [], {}, SplitpotError, "no chips at all"),
        ([10, 5], [5, 3, 1], {}, SplitpotError, "3 prizes for 2 players with chips"),
        ([10, 0, 5], [5, 3, 1], {}, SplitpotError, "3 prizes for 2 players with chips"),
        ([10, 5], [5, -3], {}, SplitpotError, r"prizes\[1\] must not be negative"),
        ([10, 5], [5, F(-1, 2)], {}, SplitpotError, r"prizes\[1\] must not be negative"),
        ([10, 5], [5], {"samples": 0}, SplitpotError, "samples must be 1.."),
        ([10, 5], [5], {"samples": 10**8}, SplitpotError, "samples must be 1.."),
        ([10.0, 5], [5], {}, TypeError, r"stacks\[0\] must be an int"),
        ([True, 5], [5], {}, TypeError, r"stacks\[0\] must be an int"),
        ([10, 5], [2.5], {}, TypeError, r"prizes\[0\] must be an int or a Fraction"),
        ([10, 5], [5], {"samples": 1.5}, TypeError, "samples must be an int"),
        ([10, 5], [5], {"seed": "x"}, TypeError, "seed must be an int or None"),
        ("105", [5], {}, TypeError, "stacks must be a sequence"),
    ],
)
def test_bad_arguments_are_named(
    stacks: object, prizes: object, kwargs: dict[str, object], error: type, match: str
) -> None:
    with pytest.raises(error, match=match):
        icm_equity(stacks, prizes, **kwargs)  # type: ignore[arg-type]


def test_splitpot_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="no chips"):
        icm_equity([0], [])


# ---------------------------------------------------------------- prize tables


def test_payouts_round_down_and_give_the_units_left_to_the_top() -> None:
    """1003 by 50/30/20: 501.5, 300.9, 200.6 round down to 501/300/200 (1001); the two units
    left go to 1st and 2nd."""
    assert payouts(1003, [50, 30, 20]) == [502, 301, 200]
    assert payouts(1000, [50, 30, 20]) == [500, 300, 200]
    assert payouts(0, [100]) == [0]
    assert payouts(2, [F(100, 3)] * 3) == [1, 1, 0]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9), st.lists(st.integers(1, 100), min_size=1, max_size=12))
def test_payouts_sum_to_the_pool_and_keep_the_order(pool: int, weights: list[int]) -> None:
    total = sum(weights)
    weights.sort(reverse=True)
    shares = [F(100 * w, total) for w in weights]
    paid = payouts(pool, shares)
    assert sum(paid) == pool
    assert paid == sorted(paid, reverse=True)
    # Each place is its exact share rounded down, plus at most the one unit left over.
    assert all(-1 < p - pool * s / 100 <= 1 for p, s in zip(paid, shares, strict=True))


@pytest.mark.parametrize(
    ("pool", "shares", "error", "match"),
    [
        (100, [60, 30], SplitpotError, "must sum to 100"),
        (100, [], SplitpotError, "at least one place"),
        (-1, [100], SplitpotError, "pool must not be negative"),
        (100, [110, -10], SplitpotError, r"shares\[1\] must not be negative"),
        (100, [50.0, 50], TypeError, r"shares\[0\] must be an int or a Fraction"),
        (100.0, [100], TypeError, "pool must be an int"),
    ],
)
def test_payouts_refuse_bad_tables(pool: object, shares: object, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        payouts(pool, shares)  # type: ignore[arg-type]


def test_tied_places_share_their_prizes_leftover_to_the_first_named() -> None:
    """Three tie for 2nd-4th of 500/300/200/101: they share 601, 200 each and 1 unit left,
    to the first of the group in the order given."""
    paid = share_prizes([500, 300, 200, 101], [["A"], ["B", "C", "D"], ["E"]])
    assert paid == {"A": 500, "B": 201, "C": 200, "D": 200, "E": 0}
    assert share_prizes([10], [["A", "B"]]) == {"A": 5, "B": 5}
    assert share_prizes([9, 0], [["A", "B"]]) == {"A": 5, "B": 4}


def test_share_prizes_refuses_a_name_twice_or_an_empty_group() -> None:
    with pytest.raises(SplitpotError, match="ranked twice"):
        share_prizes([10, 5], [["A"], ["A"]])
    with pytest.raises(SplitpotError, match="empty"):
        share_prizes([10, 5], [["A"], []])


def test_doctests() -> None:
    result = doctest.testmod(splitpot.icm)
    assert result.attempted > 0 and result.failed == 0
