"""The Rust pot split (``_core._split_pots``, rust/pots.rs) against the plain-Python split it
replaced (``splitpot._pots_split``, award's own split until issue 17), on random pots; and the
rules of docs/rules/poker.md §6 checked on ``award``'s results directly."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from splitpot import _pots_split
from splitpot._core import SplitpotError, _split_pots
from splitpot.pots import Pot, PotError, Rake, award

SEATS = list(range(9))


@st.composite
def hands(draw: st.DrawFn, big: bool = False) -> dict[str, Any]:
    """Pots with their seats, rankings that tie often, an odd-chip order and a chip unit."""
    amount = st.integers(0, 2**140 if big else 5000)
    strength = st.integers(-(2**70), 2**70) if big else st.integers(0, 4)
    in_hand = draw(st.lists(st.sampled_from(SEATS), min_size=1, max_size=9, unique=True))
    pots = [
        Pot(draw(amount) if not big else min(draw(amount), 2**128 - 1), tuple(seats))
        for seats in draw(
            st.lists(
                st.lists(st.sampled_from(in_hand), min_size=1, unique=True), min_size=1, max_size=5
            )
        )
    ]
    seated = sorted({s for p in pots for s in p.eligible})
    ranked = draw(st.lists(st.sampled_from(seated), unique=True))
    high = {s: draw(strength) for s in ranked}
    low = draw(st.none() | st.just({s: draw(strength) for s in ranked if draw(st.booleans())}))
    order = draw(st.just(()) | st.permutations(SEATS).map(tuple))
    chip_unit = draw(st.sampled_from([1, 1, 2, 5, 25]))
    return {"pots": pots, "high": high, "low": low, "order": order, "chip_unit": chip_unit}


def _both(h: dict[str, Any]) -> tuple[object, object]:
    """What the core and the reference each give (the result or the error) for ``h``."""
    args = (
        [p.amount for p in h["pots"]],
        [p.eligible for p in h["pots"]],
        h["high"],
        h["low"],
        h["order"],
        h["chip_unit"],
    )
    out: list[object] = []
    for split in (_split_pots, _pots_split.split):
        try:
            out.append(split(*args))
        except (SplitpotError, OverflowError) as error:
            out.append((type(error), str(error)))
    return out[0], out[1]


@settings(max_examples=400)
@given(hands())
def test_the_core_split_is_the_python_split_poker_md_6(h: dict[str, Any]) -> None:
    core, reference = _both(h)
    assert core == reference


@given(hands(big=True))
def test_past_the_cores_integers_the_core_refuses_and_award_splits_in_python(
    h: dict[str, Any],
) -> None:
    core, reference = _both(h)
    if isinstance(core, tuple) and core[0] is OverflowError:
        assert not isinstance(reference, tuple) or reference[0] is not OverflowError
    else:
        assert core == reference
    if isinstance(reference, tuple) and isinstance(reference[0], type):
        return  # a pot no ranked seat may win: award's error, checked below
    payout = award(h["pots"], h["high"], h["low"], h["order"], h["chip_unit"])
    rows = [(a.pot, a.side, a.seat, a.amount, a.why) for a in payout.awards]
    assert (rows, payout.totals) == reference


def test_winnings_past_128_bits_are_split_in_python() -> None:
    top = 2**128 - 1
    payout = award([Pot(top, (1, 2)), Pot(top, (1,))], {1: 9, 2: 1})
    assert payout.totals == {1: 2 * top}


def test_an_unranked_pot_is_a_pot_error_from_either_split() -> None:
    pots = [Pot(10, (0, 1)), Pot(5, (2, 3))]
    for strength in (7, 2**70):  # 2**70 is past the core's i64: the Python split answers
        with pytest.raises(PotError, match=r"^no seat eligible for side pot 1 \(2, 3\) has a"):
            award(pots, {0: strength, 1: 1})


@settings(max_examples=300)
@given(hands(), st.sampled_from([None, Rake(5, cap=30), Rake(10)]))
def test_award_keeps_the_rules_of_poker_md_6(h: dict[str, Any], rake: Rake | None) -> None:
    try:
        payout = award(h["pots"], h["high"], h["low"], h["order"], h["chip_unit"], rake)
    except PotError as error:
        assert "has a ranking" in str(error)
        return
    unit = h["chip_unit"]
    # Every chip is paid: to a winner or as rake.
    assert sum(payout.totals.values()) + payout.rake == sum(p.amount for p in h["pots"])
    parts: dict[tuple[int, str], list[int]] = {}
    for a in payout.awards:
        assert a.seat in h["pots"][a.pot].eligible  # nobody wins from a pot he is not in
        parts.setdefault((a.pot, a.side), []).append(a.amount)
        if a.side == "low":
            assert a.seat in (h["low"] or {})
    place = {s: i for i, s in enumerate(h["order"] or SEATS)}
    for (pot, side), won in parts.items():
        whole = [u // unit for u in won]
        # Tied winners get equal units but one; the odd units go first in odd-chip order.
        assert whole == sorted(whole, reverse=True) and whole[0] - whole[-1] <= 1
        if side == "low":  # the odd unit and the part below one unit go to the high half
            high = sum(parts[(pot, "high")])
            assert high >= sum(won) and (high - sum(won)) // unit <= 1
    for key in parts:
        seats = [a.seat for a in payout.awards if (a.pot, a.side) == key]
        assert seats == sorted(seats, key=place.__getitem__)
