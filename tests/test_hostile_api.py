"""Hostile input against the Python API (issue 15; every reproducer of M-1, L-1 to L-5 of
the reliability report, ../shared/review/reliability.md).

Bad input is refused with one family: a :class:`splitpot.SplitpotError` (a ``ValueError``)
for a bad value, a ``TypeError`` only for a wrong kind of argument; never a plain
``AttributeError``, ``IndexError``, ``OverflowError``... And a refusal changes nothing: each
stateful object is compared before and after.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

import pytest
import splitpot as sp
from splitpot import limits, pots
from splitpot.pots import Pot, PotError, award, build_pots
from splitpot.table import Table

from tests.test_hand import snapshot

FAMILY = (sp.SplitpotError, TypeError)
OUTSIDE = (AttributeError, IndexError, KeyError, OverflowError, ZeroDivisionError, RecursionError)
HUGE = 10**5000  # has no text at all: str() raises past 4300 digits

NL = sp.NoLimit(1, 2)


def refused(call: Callable[[], object], family: Any = FAMILY) -> BaseException:
    """The error ``call`` raises: of ``family``, none of the stray kinds, and a message
    that names the problem in a few lines (values are cut short, ``limits.shown``)."""
    with pytest.raises(family) as info:
        call()
    error = info.value
    assert not isinstance(error, OUTSIDE), repr(error)
    text = str(error)
    assert text and len(text) < 400, text
    return error


def hand(**kwargs: Any) -> sp.Hand:
    return sp.Hand(sp.HOLDEM, NL, [100, 100], **kwargs)


# --------------------------------------------------------------------------- M-1: Hand set-up


@pytest.mark.parametrize(
    "seed", [[1], {"a": 1}, object(), (1, [2]), True, 1.5, "7", b"7"], ids=limits.shown
)
def test_a_seed_of_the_wrong_kind_is_refused_at_once(seed: object) -> None:
    # Before: accepted, then the first card drawn (the flop) raised TypeError mid-action and
    # left the hand stuck, every later action raising IndexError (report M-1).
    error = refused(lambda: hand(hole=["AsAh", "KdKc"], seed=seed), TypeError)
    assert "seed" in str(error)


@pytest.mark.parametrize(
    "seed", [-1, limits.SEED_LIMIT, HUGE, -HUGE], ids=["-1", "2**64", "huge", "-huge"]
)
def test_a_seed_out_of_range_is_refused(seed: int) -> None:
    error = refused(lambda: hand(seed=seed), sp.SplitpotError)
    assert "seed" in str(error) and "2**64" in str(error)


def test_the_seeds_at_the_ends_of_the_range_deal_and_replay() -> None:
    for seed in (0, limits.SEED_LIMIT - 1):
        h = hand(seed=seed)
        h.call()
        h.check()  # the flop is drawn: the seed's first use
        assert len(h.board) == 3
        assert sp.Hand.from_events(h.events).board == h.board


@pytest.mark.parametrize(
    "kwargs",
    [
        {"board": 12345},
        {"board": HUGE},
        {"board": itertools.repeat("Ah")},
        {"hole": 12345},
        {"hole": "AsAhKdKc"},
        {"hole": [itertools.repeat(0), None]},
        {"antes": (a for a in [1, 1])},
        {"antes": "xx"},
        {"blinds": [1, HUGE]},
        {"dead_blinds": 5.5},
        {"button": HUGE},
        {"button": True},
        {"auto_showdown": "x"},
        {"antes_shared": 1},
        {"open_folds": None},
        {"timeout_policy": "x"},
        {"timeout_policy": HUGE},
        {"rake": 5},
    ],
    ids=lambda k: f"{next(iter(k))}={limits.shown(next(iter(k.values())))[:20]}",
)
def test_every_hand_argument_is_checked_before_dealing(kwargs: dict[str, object]) -> None:
    refused(lambda: hand(seed=1, **kwargs))


@pytest.mark.parametrize(
    "stacks",
    [
        (s for s in [100, 100]),  # decided: a generator is refused (it may be endless)
        itertools.repeat(100),
        None,
        5,
        "100 100",
        [100, HUGE],
        [100, -HUGE],
        [100, limits.MAX_CHIPS + 1],
        [100, 1.5],
        [100, True],
        [None] * 10**6 + [100, 100],
        [100] * 11,
    ],
    ids=limits.shown,
)
def test_stacks_are_a_list_or_a_tuple_of_chips(stacks: object) -> None:
    refused(lambda: sp.Hand(sp.HOLDEM, NL, stacks))  # type: ignore[arg-type]


def test_stacks_may_be_any_sized_ordered_collection() -> None:
    import numpy as np  # a dependency of splitpot

    h = sp.Hand(sp.HOLDEM, NL, np.array([100, 100]), antes=np.array([1, 1]), seed=1)
    assert h.stacks == [97, 98] and all(type(s) is int for s in h.stacks)
    refused(lambda: sp.Hand(sp.HOLDEM, NL, {100, 200}), TypeError)  # no seat order
    refused(lambda: sp.Hand(sp.HOLDEM, NL, {0: 100, 1: 100}), TypeError)


def test_stacks_up_to_the_largest_amount_play() -> None:
    h = sp.Hand(sp.HOLDEM, NL, [limits.MAX_CHIPS, limits.MAX_CHIPS], seed=1)
    h.raise_to(limits.MAX_CHIPS)
    h.call()
    assert h.is_over
    assert sum(h.result.final_stacks) == 2 * limits.MAX_CHIPS


# --------------------------------------------------------------------------- L-2: amounts


@pytest.mark.parametrize(
    "amount", [HUGE, -HUGE, 10**30, 2**64 + 1, -1, 0, 3, 101], ids=limits.shown
)
def test_a_raise_outside_the_window_names_the_window(amount: int) -> None:
    h = hand(seed=1)
    before = snapshot(h)
    error = refused(lambda: h.raise_to(amount), sp.IllegalAction)
    assert "may raise to 4..100" in str(error)
    assert not h.can_raise_to(amount)
    assert snapshot(h) == before


@pytest.mark.parametrize("amount", [HUGE, -HUGE, 10**30, 1, 99], ids=limits.shown)
def test_a_bet_outside_the_window_names_the_window(amount: int) -> None:
    h = hand(seed=1)
    h.call()
    h.check()  # the flop: seat 1 may bet 2..98
    before = snapshot(h)
    error = refused(lambda: h.bet(amount), sp.IllegalAction)
    assert "may bet 2..98" in str(error)
    assert snapshot(h) == before


@pytest.mark.parametrize("amount", [1.5, math.nan, math.inf, "10", True, [10], 10.0])
def test_a_bet_amount_of_the_wrong_kind_is_an_illegal_action(amount: object) -> None:
    h = hand(seed=1)
    before = snapshot(h)
    refused(lambda: h.raise_to(amount), sp.IllegalAction)  # type: ignore[arg-type]
    assert snapshot(h) == before


def test_refused_calls_on_a_hand_change_nothing() -> None:
    h = hand(seed=3)
    before = snapshot(h)
    for call in (
        lambda: h.discard(HUGE),
        lambda: h.status(HUGE),
        lambda: h.hole(HUGE),
        lambda: h.sit_out(HUGE),
        lambda: h.discard("Xx"),
        lambda: h.show(),
        lambda: h.bet(5),
    ):
        refused(call)
        assert snapshot(h) == before


# --------------------------------------------------------------------------- L-3: equity

QUESTION = ("holdem", ["AsKs", "QdQc"])


@pytest.mark.parametrize(
    "options",
    [
        {"samples": 10**30},
        {"samples": 2**63},
        {"samples": 10, "threads": 10**30},
        {"samples": 10, "threads": limits.EQUITY_MAX_THREADS + 1},
        {"time_limit": 10**400},
        {"time_limit": HUGE},
        {"exact": 1},
        {"exact": 0},
        {"exact": "yes"},
        {"samples": 0},
        {"samples": -1},
        {"samples": 1.5},
        {"samples": "5"},
        {"samples": True},
        {"threads": 0},
        {"time_limit": math.nan},
        {"time_limit": math.inf},
        {"time_limit": -1},
        {"time_limit": 0},
        {"time_limit": "x"},
        {"seed": True},
        {"seed": 1.5},
        {"samples": 10, "seed": -1},
        {"samples": 10, "seed": 2**64},
        {"samples": 10, "seed": 2**70},  # was taken as seed 0
    ],
    ids=lambda o: ",".join(f"{k}={limits.shown(v)[:12]}" for k, v in o.items()),
)
def test_equity_options_out_of_range_are_an_equity_error(options: dict[str, object]) -> None:
    error = refused(lambda: sp.equity(*QUESTION, **options), sp.EquityError)
    assert any(name in str(error) for name in options)


def test_equity_options_at_their_limits_are_taken() -> None:
    r = sp.equity(*QUESTION, samples=2000, threads=limits.EQUITY_MAX_THREADS, seed=7)
    top = sp.equity(*QUESTION, samples=2000, seed=limits.SEED_LIMIT - 1)
    assert top.seed == limits.SEED_LIMIT - 1
    assert r.deals == 2000
    assert sp.equity(*QUESTION, samples=limits.EQUITY_MAX_SAMPLES, time_limit=0.05).deals > 0


@pytest.mark.parametrize(
    "args",
    [
        ("holdem", ["AsKs", itertools.repeat(0)]),
        ("holdem", itertools.repeat("AsKs")),
        ("holdem", ["AsKs", "QdQc"], itertools.repeat("2c")),
        ("holdem", ["AsKs", "QdQc"], "", itertools.cycle(["2c", "3c"])),
        ("holdem", ["AsKs", HUGE]),
        ("holdem", ["AsKs", "QdQc"], HUGE),
        (HUGE, ["AsKs", "QdQc"]),
        (None, ["AsKs", "QdQc"]),
        ("holdem", None),
    ],
)
def test_equity_card_arguments_are_read_lazily_and_bounded(args: tuple[Any, ...]) -> None:
    refused(lambda: sp.equity(*args, samples=10))


# --------------------------------------------------------------------------- L-4, L-1: pots

POTS = (Pot(20, (0, 1)),)


@pytest.mark.parametrize(
    ("call", "family"),
    [
        (lambda: award(POTS, [1, 2]), TypeError),  # type: ignore[arg-type]
        (lambda: award(POTS, None), TypeError),  # type: ignore[arg-type]
        (lambda: award(POTS, {0: "a", 1: 2}), PotError),  # type: ignore[dict-item]
        (lambda: award(POTS, {0: 1, 1: 1}, None, [[0], [1]]), PotError),  # type: ignore[list-item]
        (lambda: award(POTS, {0: 1, 1: 1}, [1]), TypeError),  # type: ignore[arg-type]
        (lambda: award(POTS, {0: 1, 1: 1}, None, None), TypeError),  # type: ignore[arg-type]
        (lambda: award(POTS, {0: 1, 1: 1}, None, (), HUGE), PotError),
        (lambda: award(POTS, {0: 1, 1: 1}, None, (), 1, HUGE), PotError),  # type: ignore[arg-type]
        (lambda: award(POTS, {HUGE: 1}), PotError),
        (lambda: award(None, {}), TypeError),  # type: ignore[arg-type]
        (lambda: award(iter(POTS), {}), TypeError),  # type: ignore[arg-type]
        (lambda: build_pots(None, ()), TypeError),  # type: ignore[arg-type]
        (lambda: build_pots([10, 10], None), TypeError),  # type: ignore[arg-type]
        (lambda: build_pots([10, 10], 5), TypeError),  # type: ignore[arg-type]
        (lambda: build_pots([10, HUGE], ()), PotError),
        (lambda: build_pots([10, 10], (), HUGE), TypeError),  # type: ignore[arg-type]
        (lambda: build_pots([10, 10], (), shared=[HUGE, 0]), PotError),
        (lambda: pots.Pot(HUGE, (0,)), PotError),
        (lambda: pots.Pot(10, (HUGE,)), PotError),
        (lambda: pots.Rake(HUGE), PotError),
        (lambda: pots.uncalled(None), TypeError),  # type: ignore[arg-type]
    ],
)
def test_pot_calls_refuse_with_pot_error_or_type_error(
    call: Callable[[], object], family: type[Exception]
) -> None:
    refused(call, family)


def test_pot_error_is_in_the_family() -> None:
    assert issubclass(PotError, sp.SplitpotError) and issubclass(PotError, ValueError)


def test_all_zero_dead_money_is_no_dead_money() -> None:
    # docs/rules/poker.md §6; report L-1: dead=[0, 0] gave seat 0, which put in nothing, a pot.
    assert build_pots([0, 1], folded=[1], dead=[0, 0]) == build_pots([0, 1], folded=[1])
    assert build_pots([0, 1], folded=[1], dead=[0, 0]) == ((), {1: 1})


def test_an_empty_seat_of_a_sequence_wins_nothing() -> None:
    # L-1: the "empty seat" (a 0 in a sequence) was paid the 10 dead chips.
    error = refused(lambda: build_pots([5, 0, 5], folded=[0, 2], dead=[5, 0, 5]), PotError)
    assert "folded" in str(error)


def test_a_dealt_seat_of_a_mapping_may_win_dead_money_it_did_not_post() -> None:
    # The mapping names the seats in the hand: a dealt seat with no chips in (the big blind
    # ante paid for it) is still in, and wins what the others left (docs/rules/poker.md §6).
    got = build_pots({0: 5, 1: 0, 2: 5}, folded=[0, 2], dead={0: 5, 1: 0, 2: 5})
    assert got == ((Pot(10, (1,)),), {})


@pytest.mark.parametrize(
    "kwargs",
    [
        {"dead": [5, 5]},
        {"dead": {0: 5, 1: 5}},
        {"shared": [5, 5]},
        {"dead": [2, 2], "shared": [3, 3]},
    ],
    ids=limits.shown,
)
def test_no_pot_without_an_eligible_seat(kwargs: dict[str, object]) -> None:
    # L-1: everyone folded with dead money gave Pot(10, eligible=()), a pot no one can win.
    refused(lambda: build_pots([5, 5], folded=[0, 1], **kwargs), PotError)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- L-5: Table


@pytest.mark.parametrize(
    "kwargs",
    [
        {"game": "holdem"},
        {"structure": "nl"},
        {"rake": 5},
        {"timeout_policy": "x"},
        {"protections": -3},
        {"protections": "2"},
        {"protections": HUGE},
        {"seats": "5"},
        {"seats": 5.0},
        {"seats": HUGE},
        {"seats": True},
        {"button": 10},
        {"button": True},
        {"seed": 1.5},
        {"seed": -1},
        {"seed": HUGE},
        {"button_rule": HUGE},
        {"ante_rule": "x"},
        {"straddle": HUGE},
        {"open_folds": "x"},
        {"buy_in": 100},
        {"clock": 30},
        {"name": 5},
    ],
    ids=lambda k: f"{next(iter(k))}={limits.shown(next(iter(k.values())))[:20]}",
)
def test_every_table_setting_is_checked_at_construction(kwargs: dict[str, Any]) -> None:
    settings: dict[str, Any] = {"game": sp.HOLDEM, "structure": NL, "seed": 1, **kwargs}
    refused(lambda: Table(settings.pop("game"), settings.pop("structure"), **settings))


def table_state(t: Table) -> tuple[object, ...]:
    return (t.stacks, t.players, list(t.removed), t.button, t._rng.getstate(), len(t.history))


def test_refused_table_calls_change_nothing() -> None:
    t = Table(sp.HOLDEM, NL, seats=4, seed=2)
    t.join("Ann", 100)
    t.join("Bob", 100)
    before = table_state(t)
    for call in (
        lambda: t.join("Cy", HUGE),
        lambda: t.join("Cy", -5),
        lambda: t.join(None, 100),  # type: ignore[arg-type]
        lambda: t.join("Cy", 100, seat=HUGE),
        lambda: t.add_chips(0, HUGE),
        lambda: t.add_chips(HUGE, 10),
        lambda: t.sit_out(HUGE),
        lambda: t.leave(7),
        lambda: t.seat(HUGE),
    ):
        refused(call)
        assert table_state(t) == before


# --------------------------------------------------------------------------- the walk

HOSTILE: tuple[object, ...] = (
    None,
    12345,
    -1,
    HUGE,
    -HUGE,
    2**64,
    1.5,
    math.nan,
    math.inf,
    "x",
    "",
    b"x",
    [],
    [[]],
    {},
    {0: 1},
    object(),
    True,
    (1, [2]),
    itertools.repeat(0),
)


def _keyword(make: Callable[..., object], name: str) -> Callable[[Any], object]:
    return lambda v: make(**{name: v})


ONE_POT = [Pot(10, (0, 1))]
RANKED = {0: 1, 1: 2}
EQ = ("holdem", ["AsKs", "QdQc"])

# Each public entry point with one argument left to the hostile value. The evaluators and
# Card/CardSet are the Rust core's own (its parser words those errors); they are walked in
# tests/test_cards.py and the Rust fuzz targets.
WALK: dict[str, Callable[[Any], object]] = {
    "card_codes": lambda v: sp.cards.card_codes(v),
    "game": lambda v: sp.game(v),
    "omaha": lambda v: sp.omaha(v),
    "omaha hi_lo": lambda v: sp.omaha(4, hi_lo=v),
    "structure": lambda v: sp.betting.structure(v, 1, 2),
    "structure small": lambda v: sp.betting.structure("nl", v, 2),
    "NoLimit small": lambda v: sp.NoLimit(v, 2),
    "NoLimit big": lambda v: sp.NoLimit(1, v),
    "NoLimit ante": lambda v: sp.NoLimit(1, 2, ante=v),
    "NoLimit chip_unit": lambda v: sp.NoLimit(1, 2, chip_unit=v),
    "PotLimit big": lambda v: sp.PotLimit(1, v),
    "FixedLimit small": lambda v: sp.FixedLimit(v, 4),
    "FixedLimit max_raises": lambda v: sp.FixedLimit(2, 4, max_raises=v),
    "Pot amount": lambda v: Pot(v, (0,)),
    "Pot eligible": lambda v: Pot(10, v),
    "Rake percent": lambda v: pots.Rake(v),
    "Rake cap": lambda v: pots.Rake(5, cap=v),
    "Rake.amount": lambda v: pots.Rake(5).amount(v),
    "build_pots": lambda v: build_pots(v, ()),
    "build_pots folded": lambda v: build_pots([10, 10], v),
    "build_pots dead": lambda v: build_pots([10, 10], (), v),
    "build_pots shared": lambda v: build_pots([10, 10], (), shared=v),
    "uncalled": lambda v: pots.uncalled(v),
    "award pots": lambda v: award(v, {0: 1}),
    "award high": lambda v: award(ONE_POT, v),
    "award low": lambda v: award(ONE_POT, RANKED, v),
    "award order": lambda v: award(ONE_POT, RANKED, None, v),
    "award chip_unit": lambda v: award(ONE_POT, RANKED, None, (), v),
    "award rake": lambda v: award(ONE_POT, RANKED, None, (), 1, v),
    "equity game": lambda v: sp.equity(v, EQ[1], samples=10),
    "equity players": lambda v: sp.equity("holdem", v, samples=10),
    "equity player": lambda v: sp.equity("holdem", ["AsKs", v], samples=10),
    "equity board": lambda v: sp.equity(*EQ, v, samples=10),
    "equity dead": lambda v: sp.equity(*EQ, "", v, samples=10),
    "equity exact": lambda v: sp.equity(*EQ, exact=v),
    "equity samples": lambda v: sp.equity(*EQ, samples=v),
    "equity seed": lambda v: sp.equity(*EQ, samples=10, seed=v),
    "equity time_limit": lambda v: sp.equity(*EQ, samples=10, time_limit=v),
    "equity threads": lambda v: sp.equity(*EQ, samples=10, threads=v),
    "Hand game": lambda v: sp.Hand(v, NL, [100, 100]),
    "Hand structure": lambda v: sp.Hand(sp.HOLDEM, v, [100, 100]),
    "Hand stacks": lambda v: sp.Hand(sp.HOLDEM, NL, v),
    "Hand stack": lambda v: sp.Hand(sp.HOLDEM, NL, [100, v]),
    "Hand.from_setup": lambda v: sp.Hand.from_setup(v),
    "Hand.from_events": lambda v: sp.Hand.from_events(v),
    **{
        f"Hand {name}": _keyword(hand, name)
        for name in (
            "button",
            "seed",
            "hole",
            "board",
            "antes",
            "blinds",
            "dead_blinds",
            "rake",
            "timeout_policy",
            "auto_showdown",
            "antes_shared",
            "open_folds",
        )
    },
    **{
        f"Table {name}": _keyword(lambda **kw: Table(sp.HOLDEM, NL, **kw), name)
        for name in (
            "seats",
            "button",
            "seed",
            "rake",
            "timeout_policy",
            "protections",
            "button_rule",
            "ante_rule",
            "straddle",
            "open_folds",
            "buy_in",
            "clock",
            "name",
        )
    },
}


@pytest.mark.parametrize("name", sorted(WALK))
def test_the_public_api_refuses_hostile_values_within_the_family(name: str) -> None:
    call = WALK[name]
    for value in HOSTILE:
        if isinstance(value, itertools.repeat):
            value = itertools.repeat(0)  # a fresh one each time
        try:
            call(value)
        except FAMILY as error:
            assert not isinstance(error, OUTSIDE), (name, limits.shown(value), error)
            assert 0 < len(str(error)) < 400, (name, limits.shown(value))
        except BaseException as error:
            pytest.fail(f"{name}({limits.shown(value)}) raised {type(error).__name__}: {error}")


@pytest.mark.parametrize(
    "action",
    [
        "fold",
        "check",
        "call",
        "bet",
        "raise_to",
        "bet_or_raise_to",
        "discard",
        "show",
        "muck",
        "status",
        "hole",
        "sit_out",
        "verify_bet",
        "verify_raise_to",
        "verify_discard",
    ],
)
def test_hand_methods_refuse_hostile_values_and_change_nothing(action: str) -> None:
    h = hand(seed=4)
    method = getattr(h, action)
    for value in HOSTILE[1:]:  # not None: the smallest bet or raise, legal
        if isinstance(value, itertools.repeat):
            value = itertools.repeat(0)
        before = snapshot(h)
        try:
            method(value)
        except FAMILY as error:
            assert not isinstance(error, OUTSIDE), (action, limits.shown(value), error)
        except BaseException as error:
            pytest.fail(f"{action}({limits.shown(value)}) raised {type(error).__name__}: {error}")
        else:
            pytest.fail(f"{action}({limits.shown(value)}) was taken")
        assert snapshot(h) == before, (action, limits.shown(value))


TABLE_CALLS: dict[str, Callable[[Table, Any], object]] = {
    "join name": lambda t, v: t.join(v, 100),
    "join stack": lambda t, v: t.join("Cy", v),
    "join seat": lambda t, v: t.join("Cy", 100, seat=v),
    "join post_now": lambda t, v: t.join("Cy", 100, post_now=v),
    "leave": lambda t, v: t.leave(v),
    "sit_out": lambda t, v: t.sit_out(v),
    "sit_out now": lambda t, v: t.sit_out(0, now=v),
    "sit_in": lambda t, v: t.sit_in(v),
    "sit_in wait": lambda t, v: t.sit_in(0, wait_for_big_blind=v),
    "add_chips seat": lambda t, v: t.add_chips(v, 10),
    "add_chips amount": lambda t, v: t.add_chips(0, v),
    "seat": lambda t, v: t.seat(v),
}


TAKEN = {  # the hostile values that are right for the argument
    ("join name", "x"),
    ("join stack", 12345),
    ("join stack", 2**64),
    ("join post_now", True),
    ("add_chips amount", 12345),
    ("add_chips amount", 2**64),
    ("sit_out now", True),
    ("sit_in wait", True),
}


@pytest.mark.parametrize("name", sorted(TABLE_CALLS))
def test_table_calls_refuse_hostile_values_and_change_nothing(name: str) -> None:
    call = TABLE_CALLS[name]
    for value in HOSTILE[1:]:
        if isinstance(value, itertools.repeat):
            value = itertools.repeat(0)
        t = Table(sp.HOLDEM, NL, seats=4, seed=2)
        t.join("Ann", 100)
        t.join("Bob", 100)
        before = table_state(t)
        try:
            call(t, value)
        except FAMILY as error:
            assert not isinstance(error, OUTSIDE), (name, limits.shown(value), error)
        except BaseException as error:
            pytest.fail(f"{name}({limits.shown(value)}) raised {type(error).__name__}: {error}")
        else:
            assert (name, value) in TAKEN, (name, limits.shown(value))
            continue
        assert table_state(t) == before, (name, limits.shown(value))
