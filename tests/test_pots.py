"""Tests for splitpot.pots: side pots, hi/lo splits, odd chips and rake (docs/rules/poker.md §6).

The property tests check the pot rules against an independent chip-by-chip model; the named
scenarios check the seed texts the spec quotes.
"""

from __future__ import annotations

import dataclasses
import doctest
import random
from collections.abc import Mapping
from fractions import Fraction

import pytest
import splitpot.pots
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from splitpot.pots import (
    Award,
    Payout,
    Pot,
    PotError,
    Rake,
    award,
    build_pots,
    build_pots_unchecked,
    pot_unchecked,
    run_parts,
    uncalled,
)

# --------------------------------------------------------------------------------------------
# An independent model: walk the chips one level at a time.
# --------------------------------------------------------------------------------------------


def model_pots(
    contributions: Mapping[int, int], folded: set[int]
) -> tuple[list[tuple[int, frozenset[int]]], dict[int, int]]:
    """Pots as (amount, eligible) and returned chips, from one chip level at a time.

    Level t holds one chip from every seat that put in at least t. A level only one live seat
    reached is an uncalled bet and goes back (a folded seat's never does: seed 001, it loses
    every chip it put in). The seats eligible for a level are the live seats that reached
    it; consecutive levels with the same seats make one pot, and levels that only folded
    seats reached join the pot below (the last live seats standing win them).
    """
    returned: dict[int, int] = {}
    pots: list[tuple[int, frozenset[int]]] = []
    top = max(contributions.values(), default=0)
    for level in range(1, top + 1):
        reached = [s for s, c in contributions.items() if c >= level]
        if len(reached) == 1 and (reached[0] not in folded or folded >= set(contributions)):
            returned[reached[0]] = returned.get(reached[0], 0) + 1
            continue
        eligible = frozenset(s for s in reached if s not in folded)
        if pots and (not eligible or pots[-1][1] == eligible):
            pots[-1] = (pots[-1][0] + len(reached), pots[-1][1])
        else:
            assert eligible, "the model needs a live seat at the lowest level"
            pots.append((len(reached), eligible))
    return pots, returned


# --------------------------------------------------------------------------------------------
# Strategies
# --------------------------------------------------------------------------------------------

CHIP_UNITS = st.sampled_from([1, 1, 2, 5, 25, 100])


@st.composite
def hands(draw: st.DrawFn) -> tuple[dict[int, int], set[int]]:
    """Contributions for 2..9 seats (often equal, as all-ins and calls are) and the folds."""
    n = draw(st.integers(2, 9))
    seats = draw(st.lists(st.integers(0, 11), min_size=n, max_size=n, unique=True))
    levels = draw(st.lists(st.integers(0, 400), min_size=1, max_size=4))
    amount = st.one_of(st.sampled_from(levels), st.integers(0, 400))
    contributions = {seat: draw(amount) for seat in seats}
    folded = set(draw(st.lists(st.sampled_from(seats), max_size=n - 1)))
    # Someone still in must have put chips in (else build_pots rightly refuses).
    live = [s for s in seats if s not in folded and contributions[s] > 0]
    assume(live)
    return contributions, folded


@dataclasses.dataclass(frozen=True)
class Case:
    """One showdown to pay: the hand, its pots and everything award() takes."""

    contributions: dict[int, int]
    folded: set[int]
    pots: tuple[Pot, ...]
    returned: dict[int, int]
    high: dict[int, int]
    low: dict[int, int] | None
    order: tuple[int, ...]
    chip_unit: int
    rake: Rake | None
    flop_seen: bool

    def pay(self) -> Payout:
        return award(
            self.pots,
            self.high,
            self.low,
            self.order,
            self.chip_unit,
            self.rake,
            flop_seen=self.flop_seen,
        )

    def got(self, payout: Payout, seat: int) -> int:
        """Chips the seat gets back in all: won from the pots plus its uncalled chips."""
        return payout.totals.get(seat, 0) + self.returned.get(seat, 0)


def rakes() -> st.SearchStrategy[Rake]:
    percent = st.integers(0, 100) | st.fractions(0, 100, max_denominator=8)
    return st.builds(Rake, percent, st.none() | st.integers(0, 60), st.booleans())


@st.composite
def showdowns(draw: st.DrawFn) -> Case:
    """A hand, its pots, rankings (with ties and mucks), lows, chip unit, rake and order."""
    contributions, folded = draw(hands())
    pots, returned = build_pots(contributions, folded)
    in_hand = sorted(set().union(*[p.eligible for p in pots]))
    high = {s: draw(st.integers(0, 4)) for s in in_hand}
    if pots:
        # Some seats muck; the last pot's seats are in every pot, so one of them must show.
        mucked = set(draw(st.lists(st.sampled_from(in_hand), max_size=len(in_hand))))
        mucked.discard(draw(st.sampled_from(pots[-1].eligible)))
        for seat in mucked:
            del high[seat]
    low: dict[int, int] | None = None
    if draw(st.booleans()):
        low = {s: draw(st.integers(0, 2)) for s in high if draw(st.booleans())}
    return Case(
        contributions=contributions,
        folded=folded,
        pots=pots,
        returned=returned,
        high=high,
        low=low,
        order=tuple(draw(st.permutations(sorted(contributions)))),
        chip_unit=draw(CHIP_UNITS),
        rake=draw(st.none() | rakes()),
        flop_seen=draw(st.booleans()),
    )


# --------------------------------------------------------------------------------------------
# Properties of build_pots
# --------------------------------------------------------------------------------------------


@given(hands())
def test_build_pots_matches_chip_by_chip_model(hand: tuple[dict[int, int], set[int]]) -> None:
    contributions, folded = hand
    pots, returned = build_pots(contributions, folded)
    want_pots, want_returned = model_pots(contributions, folded)
    assert [(p.amount, frozenset(p.eligible)) for p in pots] == want_pots
    assert returned == want_returned


@given(hands())
def test_build_pots_keeps_every_chip_and_never_makes_folded_seats_eligible(
    hand: tuple[dict[int, int], set[int]],
) -> None:
    contributions, folded = hand
    pots, returned = build_pots(contributions, folded)
    assert sum(p.amount for p in pots) + sum(returned.values()) == sum(contributions.values())
    assert all(amount > 0 for amount in returned.values())
    for index, pot in enumerate(pots):
        assert pot.amount > 0
        assert not set(pot.eligible) & folded
        assert all(contributions[s] > 0 for s in pot.eligible)
        if index:
            # Each side pot is contested by fewer seats, all of them in the pot before it.
            assert set(pot.eligible) < set(pots[index - 1].eligible)


@given(hands())
def test_build_pots_sequence_and_mapping_agree(hand: tuple[dict[int, int], set[int]]) -> None:
    contributions, folded = hand
    as_list = [contributions.get(seat, 0) for seat in range(max(contributions) + 1)]
    assert build_pots(as_list, folded) == build_pots(contributions, folded)


def part_of_each(contributions: dict[int, int], data: st.DataObject, what: str) -> dict[int, int]:
    """Some of each seat's contribution: its dead or its shared money."""
    return {s: data.draw(st.integers(0, c), f"{what} {s}") for s, c in contributions.items()}


@given(hands(), st.data())
def test_the_unchecked_cut_is_the_chip_by_chip_model_with_shared_money_on_top(
    hand: tuple[dict[int, int], set[int]], data: st.DataObject
) -> None:
    # The entry a hand's ledger uses. Shared money (a dead blind, a table ante: §6 DECISION)
    # is no one's level: the rest is cut as the model cuts it, and the shared chips go to the
    # main pot, or to a pot of their own for every seat still in if one of them has nothing
    # else in it.
    contributions, folded = hand
    shared = part_of_each(contributions, data, "shared")
    rest = {s: c - shared[s] for s, c in contributions.items()}
    assume(any(rest[s] for s in rest if s not in folded))
    given_in = dict(contributions)
    pots, returned = build_pots_unchecked(contributions, folded, {}, shared)
    want, want_returned = model_pots(rest, folded)
    total = sum(shared.values())
    live = frozenset(s for s in contributions if s not in folded)
    if total and all(rest[s] - want_returned.get(s, 0) for s in live):
        want[0] = (want[0][0] + total, want[0][1])
    elif total:
        want.insert(0, (total, live))
    assert [(p.amount, frozenset(p.eligible)) for p in pots] == want
    assert returned == want_returned
    assert contributions == given_in  # read, not changed


@given(hands(), st.data())
def test_the_unchecked_cut_keeps_every_chip_and_returns_no_dead_money(
    hand: tuple[dict[int, int], set[int]], data: st.DataObject
) -> None:
    # A seat's own ante is dead money: in its level, never an uncalled bet (§6).
    contributions, folded = hand
    dead = part_of_each(contributions, data, "dead")
    pots, returned = build_pots_unchecked(contributions, folded, dead)
    assert sum(p.amount for p in pots) + sum(returned.values()) == sum(contributions.values())
    assert all(0 < chips <= contributions[s] - dead[s] for s, chips in returned.items())
    assert not any(set(p.eligible) & folded for p in pots)
    if not any(dead.values()):
        model, model_returned = model_pots(contributions, folded)
        assert [(p.amount, frozenset(p.eligible)) for p in pots] == model
        assert returned == model_returned


@given(st.integers(0, 10**6), st.sets(st.integers(0, 11), min_size=1))
def test_an_unchecked_pot_is_the_checked_pot(amount: int, seats: set[int]) -> None:
    assert pot_unchecked(amount, tuple(sorted(seats))) == Pot(amount, tuple(seats))


# --------------------------------------------------------------------------------------------
# Properties of award
# --------------------------------------------------------------------------------------------


@given(showdowns())
def test_every_chip_is_accounted_for(case: Case) -> None:
    payout = case.pay()
    paid = sum(payout.totals.values())
    assert paid + payout.rake + sum(case.returned.values()) == sum(case.contributions.values())
    assert sum(a.amount for a in payout.awards) == paid
    for seat, total in payout.totals.items():
        assert total == sum(a.amount for a in payout.awards if a.seat == seat) > 0
    assert all(type(a.amount) is int and a.amount > 0 for a in payout.awards)


@given(showdowns(), st.data())
def test_runs_of_the_board_pay_each_pot_in_parts_to_eligible_seats_only(
    case: Case, data: st.DataObject
) -> None:
    # §6 "Running the board more than once": the rake once, then each pot (after its rake)
    # cut by run_parts, and each run's part paid to seats eligible for the pot.
    count = data.draw(st.integers(2, 3), "runs")
    runs = []
    for _ in range(count - 1):
        high = {s: data.draw(st.integers(0, 4)) for s in case.high}
        low = None if case.low is None else {s: data.draw(st.integers(0, 2)) for s in case.low}
        runs.append((high, low))
    once = case.pay()
    payout = award(
        case.pots,
        case.high,
        case.low,
        case.order,
        case.chip_unit,
        case.rake,
        flop_seen=case.flop_seen,
        runs=runs,
    )
    assert payout.rake == once.rake
    assert sum(payout.totals.values()) == sum(once.totals.values())
    for a in payout.awards:
        assert a.seat in case.pots[a.pot].eligible and 1 <= a.run <= count
    for i in range(len(case.pots)):
        after_rake = sum(a.amount for a in once.awards if a.pot == i)
        parts = run_parts(after_rake, count, case.chip_unit)
        paid = [sum(a.amount for a in payout.awards if (a.pot, a.run) == (i, r)) for r in (1, 2, 3)]
        assert paid[:count] == parts
        units = [p // case.chip_unit for p in parts]
        assert max(units) - min(units) <= 1 and units == sorted(units, reverse=True)


@given(showdowns())
def test_no_seat_is_paid_from_a_pot_it_is_not_eligible_for(case: Case) -> None:
    payout = case.pay()
    for a in payout.awards:
        assert a.seat in case.pots[a.pot].eligible
        assert a.seat not in case.folded
    # Each pot pays out what is in it, less its share of the rake.
    paid = [sum(a.amount for a in payout.awards if a.pot == i) for i in range(len(case.pots))]
    assert all(p <= pot.amount for pot, p in zip(case.pots, paid, strict=True))
    assert sum(pot.amount for pot in case.pots) - sum(paid) == payout.rake


@given(showdowns())
def test_the_seat_that_put_in_most_gets_at_most_the_matched_chips_plus_its_own(
    case: Case,
) -> None:
    payout = case.pay()
    most = max(case.contributions.values())
    for seat, mine in case.contributions.items():
        if mine == most:
            matched = sum(min(c, mine) for s, c in case.contributions.items() if s != seat)
            assert case.got(payout, seat) <= mine + matched


@given(showdowns())
def test_the_all_in_rule_holds_for_every_seat(case: Case) -> None:
    """spec §6: a seat wins only "the pot or pots that were collected until he/she went all-in"."""
    called = {s: c - case.returned.get(s, 0) for s, c in case.contributions.items()}
    # Leave out hands where a folded seat put in more than every live seat: there the last
    # live seats take the folded chips (the §5 decision, tested by name below).
    top_live = max(c for s, c in called.items() if s not in case.folded)
    assume(all(c <= top_live for s, c in called.items() if s in case.folded))
    payout = case.pay()
    for seat, mine in case.contributions.items():
        assert case.got(payout, seat) <= sum(min(c, mine) for c in case.contributions.values())


@given(showdowns(), st.randoms(use_true_random=False))
def test_with_no_ties_and_no_low_one_seat_takes_each_pot(case: Case, rnd: random.Random) -> None:
    shown = sorted(case.high)
    strengths = list(range(len(shown)))
    rnd.shuffle(strengths)
    high = dict(zip(shown, strengths, strict=True))
    payout = dataclasses.replace(case, high=high, low=None).pay()
    for index, pot in enumerate(case.pots):
        got = [a for a in payout.awards if a.pot == index]
        assert len(got) <= 1
        if not got:
            continue  # the rake took the whole pot
        (won,) = got
        assert won.side == "whole"
        if len(pot.eligible) > 1:
            assert won.seat == max((s for s in pot.eligible if s in high), key=high.__getitem__)
        else:
            assert won.seat == pot.eligible[0]


@given(showdowns())
def test_odd_units_follow_the_rules(case: Case) -> None:
    payout = case.pay()
    unit = case.chip_unit
    for index in range(len(case.pots)):
        parts = {
            side: [a for a in payout.awards if a.pot == index and a.side == side]
            for side in ("high", "low", "whole")
        }
        if parts["low"]:
            assert not parts["whole"]
            high = sum(a.amount for a in parts["high"])
            low = sum(a.amount for a in parts["low"])
            # The high half is larger by the odd unit, if any, and the part below one unit.
            assert low % unit == 0
            assert 0 <= high - low < 2 * unit
        for awards in parts.values():
            # Tied winners get equal units; the extra ones go first in odd-chip order.
            positions = [case.order.index(a.seat) for a in awards]
            assert positions == sorted(positions)
            units = [a.amount // unit for a in awards]
            assert units == sorted(units, reverse=True)
            assert not units or units[0] - units[-1] <= 1
            # The part of the pot below one unit goes with the first of them.
            assert all(a.amount % unit == 0 for a in awards[1:])


@given(showdowns())
def test_rake_is_whole_units_within_percent_and_cap(case: Case) -> None:
    payout = case.pay()
    rake, unit = case.rake, case.chip_unit
    total = sum(p.amount for p in case.pots)
    if rake is None or (rake.no_flop_no_drop and not case.flop_seen):
        assert payout.rake == 0
        return
    assert payout.rake % unit == 0
    assert payout.rake * 100 <= total * rake.percent
    assert rake.cap is None or payout.rake <= rake.cap
    if all(p.amount % unit == 0 for p in case.pots):
        # Rounded down to a whole unit: one unit more would pass the percentage or the cap.
        assert payout.rake == rake.amount(total, unit)
        more = payout.rake + unit
        assert more * 100 > total * rake.percent or (rake.cap is not None and more > rake.cap)


@given(showdowns(), st.randoms(use_true_random=False))
def test_results_do_not_depend_on_the_order_seats_are_listed(
    case: Case, rnd: random.Random
) -> None:
    def shuffled(mapping: Mapping[int, int]) -> dict[int, int]:
        items = list(mapping.items())
        rnd.shuffle(items)
        return dict(items)

    folded = list(case.folded)
    rnd.shuffle(folded)
    pots, returned = build_pots(shuffled(case.contributions), folded)
    assert (pots, returned) == (case.pots, case.returned)
    low = None if case.low is None else shuffled(case.low)
    again = dataclasses.replace(case, pots=pots, high=shuffled(case.high), low=low)
    assert again.pay() == case.pay()


@given(showdowns(), st.randoms(use_true_random=False))
def test_results_follow_the_seats_when_they_are_renumbered(case: Case, rnd: random.Random) -> None:
    old = sorted(case.contributions)
    rename = dict(zip(old, rnd.sample(range(20), len(old)), strict=True))

    def renamed(mapping: Mapping[int, int]) -> dict[int, int]:
        return {rename[s]: v for s, v in mapping.items()}

    pots, returned = build_pots(renamed(case.contributions), {rename[s] for s in case.folded})
    assert returned == renamed(case.returned)
    moved = dataclasses.replace(
        case,
        pots=pots,
        high=renamed(case.high),
        low=None if case.low is None else renamed(case.low),
        order=tuple(rename[s] for s in case.order),
    )
    before, after = case.pay(), moved.pay()
    assert after.totals == renamed(before.totals)
    assert after.rake == before.rake
    assert [(a.pot, a.side, a.amount) for a in after.awards] == [
        (a.pot, a.side, a.amount) for a in before.awards
    ]
    assert [a.seat for a in after.awards] == [rename[a.seat] for a in before.awards]


# --------------------------------------------------------------------------------------------
# Named scenarios
# --------------------------------------------------------------------------------------------


def test_seed_side_pot_all_in_winner_takes_main_next_best_takes_side() -> None:
    """Seed 001 (``../shared/seeds/001_2fcd40ee147a77f4.txt``, all-in paragraph):

    "At the showdown if the all-in player has a winning hand, the main pot goes to the all-in
    player, and the side pot goes to the next best hand."
    """
    # Seat 1 goes all-in for 50; seats 2 and 4 bet on to 150 each.
    pots, returned = build_pots({1: 50, 2: 150, 4: 150}, folded=())
    assert pots == (Pot(150, (1, 2, 4)), Pot(200, (2, 4)))
    assert returned == {}
    payout = award(pots, {1: 900, 2: 500, 4: 700}, odd_chip_order=(2, 4, 1))
    assert payout.totals == {1: 150, 4: 200}
    assert [str(a) for a in payout.awards] == [
        "Seat 1 wins the main pot (150)",
        "Seat 4 wins side pot 1 (200)",
    ]
    # "if the all-in player does not have a winning hand, both the side pot and the main pot
    # go to the winning hand, as usual."
    assert award(pots, {1: 100, 2: 500, 4: 700}).totals == {4: 350}


def test_seed_several_all_ins_win_only_the_pots_they_are_in() -> None:
    """Seed 001: "When several players go all-in, multiple side pots are created ... Any all-in
    player with a winning hand can only win the pot or pots they are involved in."""
    pots, _ = build_pots([30, 80, 200, 200], folded=())
    assert [p.amount for p in pots] == [120, 150, 240]
    payout = award(pots, {0: 4, 1: 3, 2: 1, 3: 2})
    assert payout.totals == {0: 120, 1: 150, 3: 240}


def test_omaha_hi_lo_three_all_ins_scoop_quarter_and_no_low() -> None:
    """Omaha Hi/Lo, board As 2d 5c Kh Kd; three all-ins of different sizes (spec §6).

    seat 0 all-in 100: Ks Qd 3c 4h  high K-K-K-A-Q,  low 5-4-3-2-A (the wheel)
    seat 1 all-in 300: 9c 9s 3h 6d  high K-K-9-9-A,  low 6-5-3-2-A
    seat 2 all-in 600: Ac Qh Jd Tc  high A-A-K-K-Q,  no low
    seat 3 calls 600:  Ah Qs 9d 8d  high A-A-K-K-Q,  no low (its ace pairs the board's)
    seat 4 puts in 600 and folds on the river.
    """
    pots, returned = build_pots({0: 100, 1: 300, 2: 600, 3: 600, 4: 600}, folded={4})
    assert pots == (Pot(500, (0, 1, 2, 3)), Pot(800, (1, 2, 3)), Pot(900, (2, 3)))
    assert returned == {}
    high = {0: 5000, 1: 3000, 2: 4000, 3: 4000}
    low = {0: 56, 1: 50}
    payout = award(pots, high, low, odd_chip_order=(3, 4, 0, 1, 2))
    assert [(a.pot, a.side, a.seat, a.amount) for a in payout.awards] == [
        (0, "high", 0, 250),  # main pot: seat 0 scoops
        (0, "low", 0, 250),
        (1, "high", 3, 200),  # side pot 1: quartered, seats 2 and 3 tie for high
        (1, "high", 2, 200),
        (1, "low", 1, 400),
        (2, "whole", 3, 450),  # side pot 2: no low among seats 2 and 3
        (2, "whole", 2, 450),
    ]
    assert payout.totals == {0: 500, 1: 400, 2: 650, 3: 650}
    assert "scoops" in payout.awards[0].why
    assert "no qualifying low" in payout.awards[-1].why
    assert str(payout.awards[4]) == "Seat 1 wins the low half of side pot 1 (400)"


def test_odd_chip_in_a_hi_lo_pot_goes_high() -> None:
    """spec §6 (seed 000): "any leftover odd chip goes to the 'High' side of the pot"."""
    payout = award([Pot(25, (1, 2))], {1: 9, 2: 3}, {2: 40}, odd_chip_order=(2, 1))
    assert [(a.side, a.seat, a.amount) for a in payout.awards] == [("high", 1, 13), ("low", 2, 12)]


def test_odd_chip_to_the_tied_winner_nearest_the_buttons_left() -> None:
    """spec §6 (seed 000): "the winning player to the left of the button/dealer will receive
    it". Button on seat 3 of six: the order starts at seat 4, so seat 4 beats seat 1."""
    order = (4, 5, 0, 1, 2, 3)
    payout = award([Pot(25, (1, 2, 4))], {1: 7, 2: 3, 4: 7}, odd_chip_order=order)
    assert [(a.seat, a.amount) for a in payout.awards] == [(4, 13), (1, 12)]
    assert "odd chip" in payout.awards[0].why
    assert "odd chip" not in payout.awards[1].why
    # The same with the button on seat 0: seat 1 is now first.
    payout = award([Pot(25, (1, 2, 4))], {1: 7, 2: 3, 4: 7}, odd_chip_order=(1, 2, 3, 4, 5, 0))
    assert payout.totals == {1: 13, 4: 12}


def test_quartered_low_with_an_odd_chip_in_each_half() -> None:
    # 11 units: high half 6, low half 5 split between two: 3 and 2, first in order first.
    payout = award([Pot(11, (0, 1, 2))], {0: 9, 1: 1, 2: 1}, {1: 5, 2: 5}, odd_chip_order=(2, 0, 1))
    assert [(a.side, a.seat, a.amount) for a in payout.awards] == [
        ("high", 0, 6),
        ("low", 2, 3),
        ("low", 1, 2),
    ]


def test_one_dollar_chip_unit_and_a_25_dollar_pot_split_three_ways() -> None:
    """Amounts in cents, smallest chip $1: $25 three ways is $9, $8, $8 (spec §6)."""
    pot = Pot(2500, (0, 1, 2))
    payout = award([pot], {0: 1, 1: 1, 2: 1}, odd_chip_order=(1, 2, 0), chip_unit=100)
    assert [(a.seat, a.amount) for a in payout.awards] == [(1, 900), (2, 800), (0, 800)]
    # Counted in dollars with a $1 unit, the same split.
    assert award([Pot(25, (0, 1, 2))], {0: 1, 1: 1, 2: 1}, odd_chip_order=(1, 2, 0)).totals == {
        1: 9,
        2: 8,
        0: 8,
    }
    # A pot that is not whole dollars: the 50 cents go with the first odd chip.
    payout = award(
        [Pot(2550, (0, 1, 2))], {0: 1, 1: 1, 2: 1}, odd_chip_order=(1, 2, 0), chip_unit=100
    )
    assert payout.totals == {1: 950, 2: 800, 0: 800}
    # Hi/lo with a $1 unit: $25.50 is 25 units; the high half takes 13 units and the 50 cents.
    payout = award([Pot(2550, (0, 1))], {0: 9, 1: 1}, {1: 3}, odd_chip_order=(0, 1), chip_unit=100)
    assert payout.totals == {0: 1350, 1: 1200}


def test_timed_out_player_is_eligible_up_to_his_contribution() -> None:
    """spec §7: a player who times out "goes all-in for what he has already put in" and keeps
    his cards; chips behind do not matter. Seat 2 timed out with 40 in; the others bet 100."""
    pots, returned = build_pots({0: 100, 1: 100, 2: 40}, folded=())
    assert pots == (Pot(120, (0, 1, 2)), Pot(120, (0, 1)))
    assert award(pots, {0: 1, 1: 2, 2: 3}).totals == {2: 120, 1: 120}
    assert returned == {}


def test_uncalled_bet_is_returned_and_folded_chips_stay() -> None:
    """spec §6: "An uncalled bet returns to the bettor"; folded chips stay in the pots."""
    pots, returned = build_pots([100, 300, 40, 100], folded={3})
    assert returned == {1: 200}
    assert pots == (Pot(160, (0, 1, 2)), Pot(180, (0, 1)))
    # A folded seat's contribution between two live levels does not start a pot of its own.
    pots, returned = build_pots({0: 100, 1: 100, 2: 60, 3: 20}, folded={2})
    assert pots == (Pot(80, (0, 1, 3)), Pot(200, (0, 1)))


def test_everyone_else_folded() -> None:
    """spec §5: "If everyone but one folds, that player wins without showing"."""
    pots, returned = build_pots([10, 20, 60], folded={0, 1})
    assert pots == (Pot(50, (2,)),) and returned == {2: 40}
    payout = award(pots, {})
    assert payout.totals == {2: 50}
    assert payout.awards[0].why.startswith("only eligible seat")
    # Only folded seats put chips in above the last live seat's all-in: it still takes them,
    # all of them: a folded seat loses every chip it put in, none comes back as uncalled
    # (seed 001; issue 28, where seat 2's 200 above seat 1 went back to it).
    pots, returned = build_pots({0: 50, 1: 100, 2: 300}, folded={1, 2})
    assert returned == {}
    assert pots == (Pot(450, (0,)),)


def test_no_pots_when_nothing_is_contested() -> None:
    assert build_pots({}, ()) == ((), {})
    assert build_pots([0, 0, 0], ()) == ((), {})
    assert build_pots([0, 25, 0], {0}) == ((), {1: 25})
    assert award((), {}) == Payout((), {}, 0)


def test_rake_is_proportional_and_respects_cap_and_no_flop_no_drop() -> None:
    pots = (Pot(100, (0, 1, 2)), Pot(300, (1, 2)))
    high = {0: 3, 1: 2, 2: 1}
    # 10% of 400 = 40 units, no cap: 10 from the main pot, 30 from the side pot.
    payout = award(pots, high, rake=Rake(10))
    assert payout.rake == 40 and payout.totals == {0: 90, 1: 270}
    # Cap 10: 2.5 : 7.5, the leftover unit to the main pot (equal remainders, main first).
    payout = award(pots, high, rake=Rake(10, cap=10))
    assert payout.rake == 10 and payout.totals == {0: 97, 1: 293}
    # A fractional percent, rounded down to the chip unit: 2.5% of 400 = 10, unit 4 -> 8.
    payout = award(pots, high, chip_unit=4, rake=Rake(Fraction(5, 2)))
    assert payout.rake == 8
    # No flop, no drop.
    assert award(pots, high, rake=Rake(10), flop_seen=False).rake == 0
    assert award(pots, high, rake=Rake(10, no_flop_no_drop=False), flop_seen=False).rake == 40
    assert Rake(5, cap=3).amount(1000) == 3
    assert Rake(0).amount(1000) == 0
    assert Rake(100).amount(1000, chip_unit=300) == 900


def test_mucked_hand_gives_up_its_claim() -> None:
    """spec §5: "a mucked hand gives up any claim to the pot"."""
    payout = award([Pot(90, (0, 1, 2))], {0: 1, 2: 2})
    assert payout.totals == {2: 90}


def test_records() -> None:
    pot = Pot(10, [3, 1])  # type: ignore[arg-type]
    assert pot.eligible == (1, 3) and pot == Pot(10, (1, 3))
    with pytest.raises(dataclasses.FrozenInstanceError):
        pot.amount = 5  # type: ignore[misc]
    made = award([pot], {1: 1, 3: 0}).awards[0]
    built = Award(0, "whole", 1, 10, made.why)
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.amount = 5  # type: ignore[misc]
    assert str(Award(2, "high", 7, 41, "")) == "Seat 7 wins the high half of side pot 2 (41)"
    assert str(Award(0, "whole", 7, 41, "")) == "Seat 7 wins the main pot (41)"


def test_doctests() -> None:
    result = doctest.testmod(splitpot.pots)
    assert result.failed == 0 and result.attempted > 5


# --------------------------------------------------------------------------------------------
# Errors: a ValueError subclass naming the offending value
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contributions", "folded", "message"),
    [
        ([10, -5], (), "-5"),
        ({0: 10, 1: 2.5}, (), "2.5"),
        ({0: 10, 1: True}, (), "True"),
        ({0: 10, 1: "20"}, (), "'20'"),
        ({0: 10, 1: Fraction(1, 2)}, (), "Fraction"),
        ({0: 10, -1: 20}, (), "-1"),
        ({0: 10, 1.0: 20}, (), "1.0"),
        ({0: 10, 1: 20}, {7}, "7"),
        ([10, 20], {"1"}, "'1'"),
        ([10, 20, 30], {0, 1, 2}, "50 chips"),
        ("abc", (), "abc"),
    ],
)
def test_build_pots_errors(contributions: object, folded: object, message: str) -> None:
    with pytest.raises(PotError, match=message.replace("(", r"\(").replace(".", r"\.")):
        build_pots(contributions, folded)  # type: ignore[arg-type]
    assert issubclass(PotError, ValueError)


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (({9: 1},), {}, "seat 9"),
        (({0: 1}, {9: 1}), {}, "seat 9"),
        (({0: 1}, {1: 1}), {}, "seat 1 has a low ranking but no high"),
        (({0: 1, 1: 2},), {"odd_chip_order": (1, 1, 0)}, "seat 1 appears twice"),
        (({0: 1, 1: 2},), {"odd_chip_order": (1, 2)}, "seat 0 is missing"),
        (({0: 1},), {"chip_unit": 0}, "chip_unit must be at least 1, got 0"),
        (({0: 1},), {"chip_unit": 2.0}, "2.0"),
        (({0: 1},), {"chip_unit": True}, "True"),
        (({0: 1},), {"rake": 5}, "got 5"),
        (({},), {}, r"no seat eligible for the main pot \(0, 1\)"),
    ],
)
def test_award_errors(args: tuple[object, ...], kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(PotError, match=message):
        award([Pot(10, (0, 1))], *args, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Rake(-1), "-1"),
        (lambda: Rake(101), "101"),
        (lambda: Rake(Fraction(201, 2)), r"Fraction\(201, 2\)"),
        (lambda: Rake(5.0), "5.0"),  # type: ignore[arg-type]  # no floats for money
        (lambda: Rake(True), "True"),
        (lambda: Rake(5, cap=-3), "-3"),
        (lambda: Rake(5, cap=2.5), "2.5"),  # type: ignore[arg-type]
        (lambda: Rake(5, no_flop_no_drop=1), "1"),  # type: ignore[arg-type]
        (lambda: Rake(5).amount(-10), "-10"),
        (lambda: Pot(-1, (0,)), "-1"),
        (lambda: Pot(1.5, (0,)), "1.5"),  # type: ignore[arg-type]
        (lambda: Pot(10, ()), r"\(\)"),
        (lambda: Pot(10, (1, 1)), r"\(1, 1\)"),
        (lambda: Pot(10, (-2,)), "-2"),
        (lambda: Pot(10, "01"), "'01'"),  # type: ignore[arg-type]
        (lambda: Award(0, "middle", 1, 1, ""), "'middle'"),  # type: ignore[arg-type]
        (lambda: Award(0, "low", 1, -4, ""), "-4"),
        (lambda: Award(-1, "low", 1, 4, ""), "-1"),
    ],
)
def test_record_errors(make: object, message: str) -> None:
    with pytest.raises(PotError, match=message):
        make()  # type: ignore[operator]


@settings(max_examples=50)
@given(st.dictionaries(st.integers(0, 9), st.integers(1, 100), min_size=1))
def test_every_seat_folded_is_refused(contributions: dict[int, int]) -> None:
    # Two or more seats put chips in and every one of them folded: nobody can win.
    assume(len(contributions) >= 2)
    with pytest.raises(PotError, match="folded"):
        build_pots(contributions, set(contributions))


def test_dead_money_counts_for_eligibility_and_is_never_returned() -> None:
    # Antes of 5 each; seat 0 bets 10 more and everyone folds: the bet comes back, antes stay.
    assert build_pots([15, 5, 5], folded={1, 2}, dead=[5, 5, 5]) == (
        (Pot(15, (0,)),),
        {0: 10},
    )
    # docs/rules/poker.md §6: all-in for 3 of a 5 ante, seat 0 matches 3 from each: 9.
    pots, returned = build_pots([3, 25, 25], folded=(), dead=[3, 5, 5])
    assert pots == (Pot(9, (0, 1, 2)), Pot(44, (1, 2))) and returned == {}
    # An ante above a seat's total is not his to win (rules audit W2): seat 1 put in 2.
    assert build_pots([3, 2, 3], folded=(), dead=[1, 0, 0]) == (
        (Pot(6, (0, 1, 2)), Pot(2, (0, 2))),
        {},
    )
    # A dead blind is no one's level (§6 DECISION, issue 26): it goes to the main pot, which
    # seat 1 may win too; seat 2's unmatched chip goes back.
    assert build_pots([3, 2, 3], folded=(), shared=[1, 0, 0]) == ((Pot(7, (0, 1, 2)),), {2: 1})
    # A dead chip on top is not an uncalled bet: it stays, and nobody else matched it.
    assert build_pots([3, 2, 1], folded={1, 2}, dead=[1, 0, 0]) == ((Pot(6, (0,)),), {})
    assert build_pots([3, 2, 1], folded={1, 2}, shared=[1, 0, 0]) == ((Pot(6, (0,)),), {})
    with pytest.raises(PotError, match="dead amount 6 of seat 0"):
        build_pots([5, 5], folded=(), dead=[6, 5])


@settings(max_examples=200)
@given(
    st.lists(st.integers(0, 50), min_size=2, max_size=9),
    st.sets(st.integers(0, 8)),
)
def test_dead_money_all_zero_is_the_same_as_none(amounts: list[int], folds: set[int]) -> None:
    folded = {s for s in folds if s < len(amounts)}
    try:
        expected: object = build_pots(amounts, folded)
    except PotError as e:
        expected = str(e)
    try:
        got: object = build_pots(amounts, folded, dead=[0] * len(amounts))
    except PotError as e:
        got = str(e)
    assert got == expected


# --------------------------------------------------------------------------------------------
# The uncalled bet (§6): one function, used by build_pots and by Hand at each round's end
# --------------------------------------------------------------------------------------------


def test_uncalled_bet_goes_back_to_the_bettor() -> None:
    assert uncalled([10, 40, 25]) == (1, 15)
    assert uncalled({4: 0, 7: 30}) == (7, 30)
    assert uncalled([20, 20, 5]) is None  # called: nothing goes back
    assert uncalled([]) is None and uncalled([0, 0]) is None


@settings(max_examples=200)
@given(st.dictionaries(st.integers(0, 9), st.integers(0, 100)))
def test_uncalled_is_what_build_pots_returns(contributions: dict[int, int]) -> None:
    back = uncalled(contributions)
    assert uncalled([contributions.get(s, 0) for s in range(10)]) == back
    _pots, returned = build_pots(contributions, folded=())
    assert returned == ({} if back is None else {back[0]: back[1]})
