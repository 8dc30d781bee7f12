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
from splitpot import HOLDEM, OMAHA_HILO, SEVEN_CARD_STUD, FixedLimit, Hand, IllegalAction, NoLimit
from splitpot.hand.records import Calling, Checking, LegalActions, _legal


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


def _records() -> list[type]:
    from splitpot.hand.records import Operation

    return Operation.__subclasses__()


@pytest.mark.parametrize("cls", _records(), ids=lambda c: c.__name__)
def test_quick_record_init_makes_the_dataclass_instance(cls: type) -> None:
    """Each record's quick ``__init__`` takes the fields' names, order and defaults, and makes
    the instance the dataclass's would: the fields in order in its dict, frozen."""
    import dataclasses
    import inspect

    fields = dataclasses.fields(cls)
    params = inspect.signature(cls).parameters
    assert list(params) == [f.name for f in fields]
    for f in fields:
        want = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        assert params[f.name].default == want, f.name
    values = [object() for _ in fields]
    by_position, by_name = (
        cls(*values),
        cls(**{f.name: v for f, v in zip(fields, values, strict=True)}),
    )
    assert list(vars(by_position).items()) == [
        (f.name, v) for f, v in zip(fields, values, strict=True)
    ]
    assert by_position == by_name and vars(by_position) == vars(by_name)
    with pytest.raises(dataclasses.FrozenInstanceError):
        by_position.seat = 0  # type: ignore[attr-defined]


@given(st.integers(0, 2**32), st.integers(2, 6), st.booleans())
def test_check_or_call_is_the_same_whether_legal_actions_was_asked_or_not(
    seed: int, players: int, stud: bool
) -> None:
    # check_or_call reads legal_actions' answer when nothing happened since, else asks the
    # round's rule (§3; the stud bring-in may not check, §4.2): the same record either way,
    # the call legal_actions offers, all-in for less if short, or the check.
    game = SEVEN_CARD_STUD if stud else HOLDEM
    structure = FixedLimit(2, 4, ante=1, bring_in=1) if stud else NoLimit(1, 2)
    stacks = [random.Random(seed + i).randint(1, 60) for i in range(players)]
    asked, plain = (Hand(game, structure, stacks, seed=seed) for _ in range(2))
    rng = random.Random(seed)
    while not asked.is_over:
        legal = asked.legal_actions()
        if legal.bring_in is not None:
            for hand in (asked, plain):
                with pytest.raises(IllegalAction, match="must bring in"):
                    hand.check_or_call()
                hand.bring_in()
        elif (legal.bet or legal.raise_to) and rng.random() < 0.2:
            amount = (legal.bet or legal.raise_to or (0, 0))[1]
            assert asked.bet_or_raise_to(amount) == plain.bet_or_raise_to(amount)
        else:
            record = asked.check_or_call()
            assert record == plain.check_or_call()
            if legal.call is not None:
                assert isinstance(record, Calling) and record.amount == legal.call
            else:
                assert legal.check and isinstance(record, Checking)
    assert asked.events == plain.events
