"""Betting structures (docs/rules/poker.md §3, §4.1): the seed examples and pure properties."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from splitpot._core import SplitpotError
from splitpot.betting import (
    BettingStructure,
    FixedLimit,
    NoLimit,
    PotLimit,
    no_limit_min_raise_to,
    pot_limit_max_raise_to,
    raise_limits,
    structure,
)

# --------------------------------------------------------------------------- seed examples


def test_seed_pot_limit_pot_200_bet_150_call_150_max_800() -> None:
    # Seed 000: "if the active pot is $200 and the first player to act in the round bets
    # $150 and the next player calls $150, the third player has a maximum eligible total bet
    # of $800 ... made up of the $150 call and $650 raise."
    assert pot_limit_max_raise_to(pot=200 + 150 + 150, current_bet=150, player_bet=0) == 800
    lo, hi = raise_limits(
        PotLimit(50, 100), current_bet=150, player_bet=0, stack=10_000, pot=500, last_raise=150
    )
    assert hi == 800
    assert lo == 300


def test_seed_pot_limit_pot_10_bet_10_call_10_max_50() -> None:
    # Seed 003: "Third player has a maximum available raise of $50 - this includes $10 call
    # and $40 raise."
    assert pot_limit_max_raise_to(pot=10 + 10 + 10, current_bet=10, player_bet=0) == 50
    _, hi = raise_limits(PotLimit(1, 2), current_bet=10, player_bet=0, stack=1000, pot=30)
    assert hi == 50


def test_seed_no_limit_bet_100_min_raise_to_200() -> None:
    # Seed 000/003: "if the first player to act bets $100 then the second player must raise a
    # minimum of $100 (total bet of $200)."
    assert no_limit_min_raise_to(current_bet=100, last_raise=100, big_blind=50) == 200
    assert NoLimit(25, 50).min_raise_to(current_bet=100, last_raise=100) == 200
    assert PotLimit(25, 50).min_raise_to(current_bet=100, last_raise=100) == 200


def test_seed_limit_5_10_small_blind_is_2() -> None:
    # Seeds 000 and 003: "at $5/$10 Hold'em ... the small blind would post $2".
    s = FixedLimit(5, 10)
    assert s.small_blind == 2
    assert s.big_blind == 5
    assert s.blinds == (2, 5)


def test_limit_small_blind_rounds_down_to_chip_unit() -> None:
    assert FixedLimit(25, 50, chip_unit=25).small_blind == 0
    assert FixedLimit(150, 300, chip_unit=25).small_blind == 75
    assert FixedLimit(100, 200, chip_unit=25).small_blind == 50
    assert FixedLimit(5, 10, small_blind=3).small_blind == 3  # a table may set it


def test_seed_four_bet_cap_and_heads_up_five_raises() -> None:
    # "A maximum of four bets, which includes one bet and three raises"; "One on One games
    # have a cap after 5 raises."
    s = FixedLimit(2, 4)
    assert s.max_bets(heads_up=False) == 4
    assert s.max_bets(heads_up=True) == 6
    assert FixedLimit(2, 4, heads_up_max_raises=None).max_bets(heads_up=True) is None
    assert NoLimit(1, 2).max_bets(heads_up=False) is None
    assert PotLimit(1, 2).max_bets(heads_up=True) is None


def test_fixed_limit_bet_sizes_small_then_big() -> None:
    s = FixedLimit(2, 4)
    assert s.min_bet(big_street=False) == 2
    assert s.min_bet(big_street=True) == 4
    assert s.min_raise_to(current_bet=2) == 4
    assert s.min_raise_to(current_bet=8, big_street=True) == 12
    assert raise_limits(s, current_bet=8, player_bet=0, stack=100, pot=40, big_street=True) == (
        12,
        12,
    )


def test_full_bet_rule_and_half_bet_rule() -> None:
    # §3 DECISION: an all-in short of a full raise does not reopen; the half-bet rule is an
    # option of fixed limit, off by default.
    assert not FixedLimit(10, 20).is_full_raise(15, current_bet=10)
    assert FixedLimit(10, 20, half_bet_rule=True).is_full_raise(15, current_bet=10)
    assert not FixedLimit(10, 20, half_bet_rule=True).is_full_raise(14, current_bet=10)
    assert FixedLimit(10, 20).reopen_size() == 10
    assert FixedLimit(10, 20, half_bet_rule=True).reopen_size(big_street=True) == 10
    assert NoLimit(1, 2).is_full_raise(200, current_bet=100, last_raise=100)
    assert not NoLimit(1, 2).is_full_raise(150, current_bet=100, last_raise=100)
    assert NoLimit(50, 100).reopen_size(last_raise=30) == 100  # never below the big blind


def test_fixed_limit_completes_a_short_bet() -> None:
    # Bet 10, all-in for 13: the next full raise is to 20 (complete), not 23.
    s = FixedLimit(10, 20)
    assert s.min_raise_to(current_bet=13, full_level=10) == 20
    # Half-bet rule: an all-in of 15 over 10 counts; raise to 35 (seed-like example: "raising
    # a 15 all-in bet to 35" in 20 limit).
    h = FixedLimit(20, 40, half_bet_rule=True)
    assert h.is_full_raise(15, current_bet=0, full_level=0)
    assert h.min_raise_to(current_bet=15, full_level=15) == 35


def test_all_in_for_less_is_the_only_raise() -> None:
    assert raise_limits(NoLimit(1, 2), current_bet=10, player_bet=0, stack=11, pot=13) == (11, 11)
    assert raise_limits(PotLimit(1, 2), current_bet=10, player_bet=2, stack=9, pot=13) == (11, 11)


def test_structure_by_name_and_kind() -> None:
    assert structure("limit", 10, 20) == FixedLimit(10, 20)
    assert structure("Pot Limit", 1, 2) == PotLimit(1, 2)
    assert structure("nl", 1, 2, ante=1) == NoLimit(1, 2, ante=1)
    assert FixedLimit(1, 2).kind is BettingStructure.FIXED_LIMIT
    assert PotLimit(1, 2).kind is BettingStructure.POT_LIMIT
    assert NoLimit(1, 2).kind is BettingStructure.NO_LIMIT
    with pytest.raises(ValueError, match="unknown betting structure 'spread'"):
        structure("spread", 1, 2)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: NoLimit(1, 0), "big_blind must be > 0, got 0"),
        (lambda: NoLimit(1, 2, ante=-1), "ante must be >= 0, got -1"),
        (lambda: NoLimit(1.5, 2), "small_blind must be a whole number of chips, got 1.5"),  # type: ignore[arg-type]
        (lambda: FixedLimit(True, 2), "small_bet must be a whole number of chips, got True"),
        (
            lambda: FixedLimit(10, 20, chip_unit=3),
            "small_bet 10 is not a whole number of chip units",
        ),
        (lambda: FixedLimit(10, 20, half_bet_rule=1), "half_bet_rule must be a bool"),  # type: ignore[arg-type]
    ],
)
def test_bad_stakes_are_refused(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]


def test_structures_are_frozen() -> None:
    s = NoLimit(1, 2)
    with pytest.raises(AttributeError):
        s.big_blind = 3  # type: ignore[misc]
    assert hash(s) == hash(NoLimit(1, 2))


# --------------------------------------------------------------------------- properties

amounts = st.integers(min_value=0, max_value=10_000)


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(["fl", "pl", "nl"]),
    big_street=st.booleans(),
    current=amounts,
    player=amounts,
    stack=st.integers(min_value=1, max_value=10_000),
    pot_extra=amounts,
    last_raise=amounts,
)
def test_raise_limits_properties(
    kind: str,
    big_street: bool,
    current: int,
    player: int,
    stack: int,
    pot_extra: int,
    last_raise: int,
) -> None:
    player = min(player, current)
    s = {"fl": FixedLimit(50, 100), "pl": PotLimit(25, 50), "nl": NoLimit(25, 50)}[kind]
    pot = current + player + pot_extra
    lo, hi = raise_limits(
        s,
        current_bet=current,
        player_bet=player,
        stack=stack,
        pot=pot,
        last_raise=last_raise,
        big_street=big_street,
    )
    all_in = player + stack
    assert lo <= hi <= all_in
    full = s.min_raise_to(current, last_raise, None, big_street)
    assert lo == min(full, all_in)
    if kind == "fl":
        assert lo == hi
    elif kind == "pl":
        assert hi <= max(full, pot_limit_max_raise_to(pot, current, player))
    else:
        assert hi == all_in
    if kind != "fl" and lo < all_in:
        assert lo - current >= max(last_raise, 50)


@pytest.mark.parametrize(
    ("make", "named"),
    [
        (lambda: NoLimit(2, 1), "small_blind 2 is more than big_blind 1"),
        (lambda: PotLimit(5, 2), "small_blind 5 is more than big_blind 2"),
        (lambda: FixedLimit(4, 2), "small_bet 4 is more than big_bet 2"),
        (lambda: FixedLimit(2, 4, small_blind=3, big_blind=2), "small_blind 3"),
    ],
)
def test_blinds_or_bets_the_wrong_way_round_are_refused(make: Any, named: str) -> None:
    """docs/rules/poker.md §3, §4.1: the small blind is not more than the big blind."""
    with pytest.raises(SplitpotError, match=named):
        make()
    assert NoLimit(1, 1).small_blind == 1  # equal blinds are a game (1/1)
