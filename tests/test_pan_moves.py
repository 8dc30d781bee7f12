"""The legal moves of a Pan turn through the Python API (docs/rules/pan.md §6.2 to §6.5):
``turn_moves``, ``can_place`` and ``forces`` against a brute force over every subset of the
cards, decided by ``pan.meld``, ``lay_off``, ``split`` and ``borrow``; the hand-derived examples
of §4.3 and §6.4; bad input."""

from __future__ import annotations

import doctest
import random
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import TypeAlias

import pytest
import splitpot.pan.melds
from splitpot import IllegalAction, InvalidCards, pan
from splitpot.pan import LayoffPay, PanRules, UnsuitedRule

Codes: TypeAlias = tuple[int, ...]
Row: TypeAlias = tuple[str, int | None, Codes, Codes, int]


def codes(cards: pan.CardsLike) -> Codes:
    return tuple(sorted(c.code for c in pan.parse_cards(cards)))


def cards(text: pan.CardsLike) -> pan.Meld:
    return tuple(sorted(pan.parse_cards(text)))


def subsets(cards: Codes) -> set[Codes]:
    """Every index subset of the cards, as sorted code tuples (copies make some equal)."""
    return {tuple(sorted(s)) for k in range(len(cards) + 1) for s in combinations(cards, k)}


def own(hand: Codes, drawn: int | None) -> set[Codes]:
    """The player's cards for one operation: any subset of the hand, plus the drawn card."""
    extra = () if drawn is None else (drawn,)
    return {tuple(sorted(s + extra)) for s in subsets(hand)}


def remove(whole: Codes, part: Codes) -> Codes:
    rest = list(whole)
    for c in part:
        rest.remove(c)
    return tuple(rest)


def legal(op: Callable[..., pan.Outcome], *args: object, rules: PanRules) -> int | None:
    """The pays of the operation, or None if the rules refuse it."""
    try:
        return op(*args, rules=rules).pays
    except IllegalAction:
        return None


def brute_on_meld(i: int, meld: Codes, hand: Codes, drawn: int | None, r: PanRules) -> set[Row]:
    rows: set[Row] = set()
    for cards in own(hand, drawn):
        if cards and (pays := legal(pan.lay_off, meld, cards, rules=r)) is not None:
            rows.add(("lay_off", i, cards, (), pays))
        # `split` lays the cards off first, so only a legal lay-off (or nothing) can split.
        if cards and pays is None:
            continue
        whole = tuple(sorted(meld + cards))
        for part in subsets(whole) if len(whole) >= 6 else ():
            if (pays := legal(pan.split, meld, part, cards, rules=r)) is not None:
                half = min(part, remove(whole, part))
                rows.add(("split", i, cards, half, pays))
    for take in subsets(meld) if len(meld) >= 4 else ():
        # What remains must be a valid meld whatever the cards: skip the rest early.
        if not take or not pan.is_meld(remove(meld, take), r):
            continue
        for cards in own(hand, drawn):
            if cards and (pays := legal(pan.borrow, meld, take, cards, rules=r)) is not None:
                rows.add(("borrow", i, take, cards, pays))
    return rows


def brute(drawn: int | None, hand: Codes, melds: list[Codes], r: PanRules) -> set[Row]:
    rows: set[Row] = set()
    for cards in own(hand, drawn):
        if len(cards) >= 3 and (pays := legal(pan.meld, cards, rules=r)) is not None:
            rows.add(("meld", None, cards, (), pays))
    for i, m in enumerate(melds):
        rows |= brute_on_meld(i, m, hand, drawn, r)
    return rows


def row(m: pan.Step) -> Row:
    def c(cards: pan.Meld) -> Codes:
        return tuple(x.code for x in cards)

    if isinstance(m, pan.NewMeld):
        return ("meld", None, c(m.cards), (), m.pays)
    if isinstance(m, pan.LayOff):
        return ("lay_off", m.meld_index, c(m.cards), (), m.pays)
    if isinstance(m, pan.Split):
        return ("split", m.meld_index, c(m.added), c(m.part), m.pays)
    return ("borrow", m.meld_index, c(m.take), c(m.cards), m.pays)


def random_meld(rng: random.Random, r: PanRules) -> Codes:
    while True:
        k = rng.randint(3, 5)
        if rng.random() < 0.5:
            s, lo = rng.randrange(4), rng.randrange(11 - k)
            cand = [(lo + i) * 4 + s for i in range(k)]
        else:
            rank, suits = rng.randrange(10), rng.sample(range(4), rng.choice([1, 3]))
            cand = [rank * 4 + rng.choice(suits) for _ in range(k)]
        if pan.is_meld(cand, r):
            return tuple(sorted(cand))


def positions(seed: int, n: int, r: PanRules) -> Iterator[tuple[list[Codes], Codes, int]]:
    """Table melds, a small hand dense near them (so that moves are common), a drawn card."""
    rng = random.Random(seed)
    for _ in range(n):
        melds = [random_meld(rng, r) for _ in range(rng.randint(0, 2))]
        near = [c for m in melds for c in m] or [rng.randrange(40)]
        hand = tuple(
            sorted(
                min(39, max(0, rng.choice(near) + rng.choice([-8, -4, -1, 0, 1, 4, 8])))
                for _ in range(rng.randint(1, 7))
            )
        )
        yield melds, hand, min(39, max(0, rng.choice(near) + rng.choice([-4, 1, 4])))


RULES = [
    PanRules(),
    PanRules(
        split_requires_layoff=True, keep_character=False, layoff_pay=LayoffPay.NEW_CONDITIONS_ONLY
    ),
]


@pytest.mark.parametrize("which", [0, 1])
def test_turn_moves_match_brute_force(which: int) -> None:
    r = RULES[which]
    kinds: set[str] = set()
    for melds, hand, drawn in positions(100 + which, 80, r):
        for d, placed in [(drawn, False), (drawn, True), (None, False)]:
            moves = pan.turn_moves(d, hand, melds, placed=placed, rules=r)
            got = [row(m) for m in moves]
            assert len(set(got)) == len(got), "a move is listed twice"
            assert set(got) == brute(None if placed else d, hand, melds, r), (melds, hand, d)
            kinds |= {g[0] for g in got}
            for m in moves:
                if not isinstance(m, pan.NewMeld):
                    assert m.meld_index is not None and m.meld == cards(melds[m.meld_index])
        assert pan.can_place(drawn, hand, melds, r) == bool(
            pan.turn_moves(drawn, hand, melds, rules=r)
        )
        alone = any(legal(pan.lay_off, m, [drawn], rules=r) is not None for m in melds)
        assert pan.forces(drawn, melds, r) == alone
    assert kinds == {"meld", "lay_off", "split", "borrow"}


def test_pw_split_makes_the_low_run() -> None:
    # docs/rules/pan.md §4.3, PW: ♦5-4-3 + ♦2, ♦6, ♦A → ♦A-2-3 and ♦6-5-4, one chip (two in ♠).
    moves = pan.turn_moves("6d", "2d Ad Kc", ["5d 4d 3d"])
    splits = [m for m in moves if isinstance(m, pan.Split)]
    assert splits == [pan.Split(cards("3d 4d 5d"), cards("Ad 2d 6d"), cards("Ad 2d 3d"), 1)]
    assert splits[0].meld_index == 0
    spades = pan.turn_moves("6s", "2s As", ["5s 4s 3s"])
    assert [m.pays for m in spades if isinstance(m, pan.Split)] == [2]


def test_borrows_of_pw_and_bcg() -> None:
    # §6.4, PW: from ♥J-7-6-5-4 the ♥5-4 or the ♥J, never the ♥7, ♥6 or ♥5 alone.
    moves = pan.turn_moves(None, "3h Jc Js 7c 7d 6c 6d 5c 5d", ["Jh 7h 6h 5h 4h"])
    takes = {tuple(c.code for c in m.take) for m in moves if isinstance(m, pan.Borrow)}
    assert codes("4h 5h") in takes and codes("Jh") in takes
    assert not takes & {codes("7h"), codes("6h"), codes("5h")}
    # BCG: "7, 6, 5, 4: the 7 or 4 may be borrowed"; the 7s make an unsuited valle group (C1).
    moves = pan.turn_moves(None, "7d 7h 4d 4h", ["7c 6c 5c 4c"])
    assert [m for m in moves if isinstance(m, pan.Borrow)] == [
        pan.Borrow(cards("4c 5c 6c 7c"), cards("4c"), cards("4d 4h"), 0),
        pan.Borrow(cards("4c 5c 6c 7c"), cards("7c"), cards("7d 7h"), 1),
    ]


def test_forcing_is_the_card_alone() -> None:
    # §6.5: A♦ plays alone on ♦2-3-4 (forced); on ♦3-4-5 it needs the ♦2 from the hand.
    assert pan.forces("Ad", ["2d 3d 4d", "Kc Kh Ks"])
    assert not pan.forces("Ad", ["3d 4d 5d"])
    assert pan.can_place("Ad", "2d", ["3d 4d 5d"]) and not pan.can_place("Ad", "Qc", ["3d 4d 5d"])
    # Placed with a card borrowed from the run: 3♣ 3♥ and the ♦3 of ♦3-4-5-6.
    assert pan.can_place("3c", "3h", ["3d 4d 5d 6d"])
    assert not pan.can_place("3c", "3h", ["3d 4d 5d"])


def test_meld_index_is_not_compared_and_plans_leave_it_none() -> None:
    moves = pan.turn_moves(None, "Qh", ["Qh Qh Qh", "Qh Qh Qh"])
    assert [m.meld_index for m in moves] == [0, 1]  # type: ignore[union-attr]
    assert moves[0] == moves[1] == pan.LayOff(cards("Qh Qh Qh"), cards("Qh"), 1)
    plan = pan.go_out_with("5c", hand="", table=["Ac 2c 3c 4c", "5s 5s 5s", "6d 6h 6c"])
    assert plan is not None and plan.steps[0].meld_index is None  # type: ignore[union-attr]


def test_rules_are_passed_through() -> None:
    six = ["6c 6c 6c 6c 6c 6c"]
    assert [type(m).__name__ for m in pan.turn_moves(None, "", six)] == ["Split"]
    needs = PanRules(split_requires_layoff=True)
    assert pan.turn_moves(None, "", six, rules=needs) == []
    strict = PanRules(unsuited_rule=UnsuitedRule.ALL_DISTINCT)
    assert len(pan.turn_moves(None, "6c 6d 6h 6c", [], rules=strict)) == len(
        pan.turn_moves(None, "6c 6d 6h", [])
    )


@pytest.mark.parametrize(
    ("call", "error", "named"),
    [
        (lambda: pan.turn_moves("9c", "", []), InvalidCards, '"9c"'),
        (lambda: pan.turn_moves("7c 7d", "", []), InvalidCards, "7c 7d"),
        (lambda: pan.turn_moves(None, "Ac Xx", []), InvalidCards, "Xx"),
        (lambda: pan.turn_moves(None, "", "2c 3c 4c"), InvalidCards, "iterable of melds"),
        (lambda: pan.turn_moves(None, "", ["2c 3c 5c"]), IllegalAction, "2c 3c 5c"),
        (lambda: pan.can_place(40, "", []), InvalidCards, "40"),
        (lambda: pan.can_place("Ac", "", ["Ac Ac"]), IllegalAction, "at least 3"),
        (lambda: pan.forces("Ac", [["Kc", "Kd", 99]]), InvalidCards, "99"),
    ],
)
def test_bad_input_raises(call: object, error: type[Exception], named: str) -> None:
    with pytest.raises(error, match=named):
        call()  # type: ignore[operator]


def test_doctests() -> None:
    result = doctest.testmod(splitpot.pan.melds)
    assert result.attempted > 0 and result.failed == 0
