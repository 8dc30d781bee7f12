"""Pan through the Python API (docs/rules/pan.md): cards, rules, melds, conditions, operations,
going out, the deck. The Rust core has its own unit tests; these check the answers users see."""

from __future__ import annotations

import dataclasses
import pickle
from collections import Counter
from functools import cache

import pytest
import splitpot as sp
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from splitpot import _core, pan
from splitpot.pan import Card, Condition, MeldKind, PanRules

SEQ, SUITED, UNSUITED, NONCOM = (
    MeldKind.SEQUENCE,
    MeldKind.GROUP_SUITED,
    MeldKind.GROUP_UNSUITED,
    MeldKind.GROUP_NONCOMOQUER,
)
DEFAULT = PanRules()
RANKS = "A234567JQK"
SUITS = "cdhs"


def codes(cards: pan.CardsLike) -> list[int]:
    return [c.code for c in pan.parse_cards(cards)]


# --- cards (docs/rules/pan.md §1, §2) ---


def test_cards_parse_in_any_case_and_form() -> None:
    assert Card("7c").code == 6 * 4 + 0
    assert Card("jh") == Card("JH") == Card("Jh") == Card(7 * 4 + 2) == Card(Card("Jh"))
    assert (Card("As").code, Card("Ks").code, Card("Ac").code) == (3, 39, 0)
    c = Card("Qd")
    assert (c.rank, c.suit, c.rank_char, c.suit_char, str(c), int(c)) == (8, 1, "Q", "d", "Qd", 33)
    assert repr(c) == "pan.Card('Qd')" and type(c).__module__ == "splitpot.pan"
    assert [Card(x) for x in "Ac 2c 7c Jc Kc".split()] == sorted(pan.parse_cards("Kc Jc 7c 2c Ac"))
    assert pickle.loads(pickle.dumps(c)) == c and hash(Card("Qd")) == hash(c)
    want = codes("7c 7d 7h 7c")
    for form in ("7c7d7h7c", "7C 7d,7h  7c", ["7c", Card("7d"), 26, "7c"], iter(want)):
        assert codes(form) == want
    assert codes(sp.Card("7h")) == codes("7h")  # a poker card means the Pan card of its name
    assert pan.classify([sp.Card("Jh"), "Qh", Card("Kh")]) is SEQ


@pytest.mark.parametrize(
    ("bad", "named"),
    [
        ("7c 8c", '"8c"'),
        ("9d", '"9d"'),
        ("Jh 10h Qh", '"10h"'),
        ("Th", '"Th"'),
        ("Jk", "joker"),
        ("7c XX", "joker"),
        ("7x", '"7x"'),
        ("Zc", '"Zc"'),
        (["7c", "8d"], '"8d"'),
        ([0, 40], "40"),
        ([-1], "-1"),
        ([True], "True"),
        ([sp.Card("9s")], '"9s"'),
        ([1.5], "1.5"),
    ],
)
def test_bad_cards_name_the_token(bad: object, named: str) -> None:
    for call in (
        lambda: pan.parse_cards(bad),  # type: ignore[arg-type]
        lambda: pan.classify(bad),  # type: ignore[arg-type]
        lambda: pan.is_meld(bad),  # type: ignore[arg-type]
        lambda: pan.conditions(bad),  # type: ignore[arg-type]
        lambda: pan.lay_off("Qh Qh Qh", bad),  # type: ignore[arg-type]
    ):
        with pytest.raises(sp.InvalidCards, match=named) as e:
            call()
        assert isinstance(e.value, ValueError)
    if isinstance(bad, str) and " " not in bad:
        with pytest.raises(sp.InvalidCards, match=named):
            Card(bad)


def test_cards_need_the_right_shape() -> None:
    with pytest.raises(sp.InvalidCards, match="7c 7d"):
        Card("7c 7d")
    with pytest.raises(sp.InvalidCards, match="iterable"):
        pan.classify(3.5)  # type: ignore[arg-type]
    with pytest.raises(sp.InvalidCards, match="11 cards, got 3"):
        pan.go_out("5h 5h 5h")
    with pytest.raises(sp.InvalidCards, match="at most 11"):
        pan.arrange("5h" * 12)
    with pytest.raises(sp.InvalidCards, match="one card"):
        pan.go_out_with("5c 6c", "", [])


# --- the deck (§1) ---


def test_deck_has_the_310_cards_of_section_1() -> None:
    counts = Counter(pan.Deck(seed=7))
    assert sum(counts.values()) == 310 and len(counts) == 40
    for card, n in counts.items():
        assert n == (7 if card.suit_char == "s" else 8), card
    assert Counter(c.suit_char for c in pan.Deck(seed=1)) == {"c": 80, "d": 80, "h": 80, "s": 70}
    full = Counter(pan.Deck(seed=7, rules=PanRules(remove_one_spade_suit=False)))
    assert set(full.values()) == {8} and sum(full.values()) == 320
    assert len(pan.Deck(seed=0, rules=PanRules(packs=5))) == 5 * 40 - 10
    extra = Counter(pan.Deck(seed=0, rules=PanRules(extra_cards="3s 5s 7s 7s")))
    assert (extra[Card("3s")], extra[Card("7s")], extra[Card("3h")], extra.total()) == (
        8,
        9,
        8,
        314,
    )


def test_deck_is_seeded_and_draws_from_the_top() -> None:
    a, b = pan.Deck(seed=123), pan.Deck(seed=123)
    assert list(a) == list(b) and list(a) != list(pan.Deck(seed=124))
    order = list(a)
    assert a.draw(10) == order[:10] and a.draw() == order[10:11] and a.draw(0) == []
    assert len(a) == 299 and list(a) == order[11:]
    with pytest.raises(sp.IllegalAction, match="299 left"):
        a.draw(300)
    assert len(a.draw(299)) == 299 and len(a) == 0
    r = pan.Deck()  # a random seed, kept so that the deck can be dealt again
    assert list(pan.Deck(seed=r.seed)) == list(r)
    for bad in (-1, 2**64, 1.0, True):
        with pytest.raises(ValueError, match="seed"):
            pan.Deck(seed=bad)  # type: ignore[arg-type]


# --- rules (§8) ---


def test_rules_mirror_every_rust_field_with_the_defaults_of_section_8() -> None:
    rust_defaults = _core._PanRules().fields()
    assert DEFAULT._plain() == rust_defaults
    assert [f.name for f in dataclasses.fields(PanRules)] == list(rust_defaults)
    # Each Python enum spells the config strings of its Rust enum, in the same order.
    enums = {
        f.name: type(f.default)
        for f in dataclasses.fields(PanRules)
        if f.name in _core._PanRules.choices()
    }
    assert {name: [m.value for m in e] for name, e in enums.items()} == _core._PanRules.choices()
    # Every field crosses the boundary: a value unlike the default comes back from Rust.
    changed = {
        "packs": 6,
        "remove_one_spade_suit": False,
        "extra_cards": "3s 3s 5s",
        "unsuited_rule": "allDistinct",
        "escalera": pan.Escalera.EXACT_THREE,
        "layoff_pay": "none",
        "tops_all_sluff": "refund",
        "rotation": "cw",
        "draw_from_discard": "anyIfMeldable",
        "forcing": "onDemand",
        "stock_exhausted": "voidHand",
        "players_min": 3,
        "players_max": 9,
    }
    for f in dataclasses.fields(PanRules):
        if isinstance(f.default, bool):
            changed[f.name] = not f.default
        elif f.name not in changed:
            changed[f.name] = f.default + 3
    r = PanRules(**changed)
    back = r._native.fields()
    for name, want in r._plain().items():
        assert back[name] == want != rust_defaults[name], name
    assert back["extra_cards"] == codes("3s 3s 5s")
    assert r == PanRules(**changed) != DEFAULT and hash(r) == hash(PanRules(**changed))
    assert pickle.loads(pickle.dumps(r)) == r
    assert dataclasses.replace(r, packs=8).packs == 8


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"packs": 0}, "packs"),
        ({"packs": 256}, "packs"),
        ({"pay_low_run": -1}, "pay_low_run"),
        ({"outs_base": 2**64}, "outs_base"),
        ({"tops_amount": True}, "tops_amount"),
        ({"spades_double": 1}, "spades_double"),
        ({"escalera": "longRuns"}, "escalera.*exactThree"),
        ({"forcing": None}, "forcing"),
        ({"players_min": 1}, "players_min"),
        ({"players_min": 6, "players_max": 5}, "players_max"),
        ({"extra_cards": "9s"}, '"9s"'),
    ],
)
def test_rules_are_validated(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        PanRules(**kwargs)  # type: ignore[arg-type]


def test_rules_are_keyword_only_and_frozen() -> None:
    with pytest.raises(TypeError):
        PanRules(8)  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT.packs = 6  # type: ignore[misc]


# --- melds (§3) ---


def test_meld_kinds_cite_the_spec() -> None:
    assert [k.name for k in MeldKind] == [
        "SEQUENCE",
        "GROUP_SUITED",
        "GROUP_UNSUITED",
        "GROUP_NONCOMOQUER",
    ]
    for k in MeldKind:
        assert "docs/rules/pan.md §3" in (k.__doc__ or ""), k
    for c in Condition:
        assert c.value in (c.__doc__ or ""), c


TABLE_3_5 = [
    ("5d 6d 7d", SEQ),
    ("7h Jh Qh", SEQ),
    ("Ac 2c 3c", SEQ),
    ("Qs Ks As", None),
    ("Kd Ad 2d", None),
    ("6c 6d 6h", UNSUITED),
    ("6c 6c 6c", SUITED),
    ("6c 6c 6h", None),
    ("6c 6d 6h 6c", UNSUITED),
    ("Kc Kc Kh", NONCOM),
    ("As Ad Ad Ah", NONCOM),
    ("4c 4d", None),
]


@pytest.mark.parametrize(("cards", "kind"), TABLE_3_5)
def test_table_3_5(cards: str, kind: MeldKind | None) -> None:
    assert pan.classify(cards) is kind
    assert pan.is_meld(cards) is (kind is not None)
    assert (pan.meld_fault(cards) is None) is (kind is not None)
    if kind is None:
        with pytest.raises(sp.IllegalAction, match="is not valid"):
            pan.meld(cards)


def test_more_melds_of_section_3() -> None:
    assert pan.classify("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh") is SEQ  # the longest run
    assert pan.classify("5c 6c Jc") is None  # a gap
    assert pan.classify("5c 5c 6c 7c") is None  # a rank twice
    assert pan.classify("5c 6d 7h") is None
    assert pan.classify("Jd Jd Jd Jd Jd Jd Jd Jd") is SUITED  # 8 copies are in the deck
    assert pan.classify("Jd Jd Jd Jd Jd Jd Jd Jd Jd") is None  # 9 are not
    assert pan.classify("Js Js Js Js Js Js Js Js") is None  # 7 spades of a kind
    assert pan.meld_fault("4c 4d") == "a meld needs at least 3 cards, got 2"
    assert "9 copies of Jd but the deck holds 8" in (pan.meld_fault("Jd" * 9) or "")
    melds = [m for m, _ in TABLE_3_5]
    assert pan.classify_many(melds) == [pan.classify(m) for m in melds]
    assert pan.classify_many([], DEFAULT) == []


# --- house rules that change an answer (§8) ---


ALL_DISTINCT = PanRules(unsuited_rule="allDistinct")


def test_rule_unsuited_rule() -> None:
    assert pan.classify("6c 6d 6h 6c") is UNSUITED
    assert pan.classify("6c 6d 6h 6c", ALL_DISTINCT) is None
    assert pan.classify("6c 6d 6h 6s", ALL_DISTINCT) is UNSUITED
    assert pan.classify("6c 6c 6c 6c", ALL_DISTINCT) is SUITED
    assert pan.classify("6c 6c 6d 6d") is None  # two suits only, under either rule
    with pytest.raises(sp.IllegalAction, match="all different suits"):
        pan.lay_off("6c 6d 6h", "6c", ALL_DISTINCT)
    assert pan.lay_off("6c 6d 6h", "6c").pays == 0


def test_rule_keep_character() -> None:
    with pytest.raises(sp.IllegalAction, match=r"one-suit group 6c 6c 6c .*keepCharacter"):
        pan.lay_off("6c 6c 6c", "6d 6h")
    o = pan.lay_off("6c 6c 6c", "6d 6h", PanRules(keep_character=False))
    assert pan.classify(o.melds[0]) is UNSUITED and o.pays == 0
    assert pan.lay_off("6c 6c 6c", "6c").pays == 1  # same suit: stays suited, pays C3 again


def test_rule_spades_double() -> None:
    no = PanRules(spades_double=False)
    for cards, doubled, single in [("5s 5s 5s", 4, 2), ("Js Qs Ks", 2, 1), ("Qs Qs Qs", 2, 1)]:
        assert (pan.conditions(cards), pan.conditions(cards, no)) == (doubled, single)
    assert pan.lay_off("Qs Qs Qs", "Qs", no).pays == 1


def test_rule_suited_noncomoquer_pays() -> None:
    no = PanRules(suited_noncomoquer_pays=False)
    assert (pan.conditions("Kc Kc Kc"), pan.conditions("Kc Kc Kc", no)) == (1, 0)
    assert (pan.conditions("As As As"), pan.conditions("As As As", no)) == (2, 0)


def test_rule_escalera() -> None:
    exact = PanRules(escalera="exactThree")
    assert (pan.conditions("Ac 2c 3c 4c"), pan.conditions("Ac 2c 3c 4c", exact)) == (1, 0)
    assert (pan.conditions("6h 7h Jh Qh Kh"), pan.conditions("6h 7h Jh Qh Kh", exact)) == (1, 0)
    assert pan.conditions("Ac 2c 3c", exact) == pan.conditions("Jc Qc Kc", exact) == 1
    assert pan.conditions("Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd", exact) == 0
    # A 4-card run from the ace pays again per card laid off under the default, not here.
    assert (pan.lay_off("Ac 2c 3c", "4c").pays, pan.lay_off("Ac 2c 3c", "4c", exact).pays) == (1, 0)


def test_rule_layoff_pay() -> None:
    new_only, none = PanRules(layoff_pay="newConditionsOnly"), PanRules(layoff_pay="none")
    for meld, add, per_card, new, nothing in [
        ("2c 2c 2c", "2c 2c", 2, 0, 0),  # C3 +1 a card
        ("5s 5s 5s", "5s", 2, 0, 0),  # C2 in spades: +2 (PW: "two chips in spades")
        ("2d 3d 4d", "Ad", 1, 1, 0),  # creates C4 (§4.2)
    ]:
        pays = [pan.lay_off(meld, add, r).pays for r in (DEFAULT, new_only, none)]
        assert pays == [per_card, new, nothing], meld


def test_rule_pay_amounts() -> None:
    r = PanRules(
        pay_valle_unsuited=5,
        pay_valle_suited=7,
        pay_valle_suited_layoff=3,
        pay_suited_group=4,
        pay_low_run=6,
        pay_high_run=9,
    )
    assert pan.conditions("3c 3d 3h", r) == 5
    assert pan.conditions("5h 5h 5h", r) == 7 and pan.conditions("5s 5s 5s", r) == 14
    assert pan.lay_off("5h 5h 5h", "5h", r).pays == 3
    assert pan.conditions("Qd Qd Qd", r) == 4
    assert pan.conditions("Ac 2c 3c", r) == 6 and pan.conditions("Jc Qc Kc", r) == 9
    assert pan.conditions("As 2s 3s 4s 5s 6s 7s Js Qs Ks", r) == 2 * (6 + 9)


def test_rule_split_requires_layoff() -> None:
    strict = PanRules(split_requires_layoff=True)
    assert len(pan.split("4c 5c 6c 7c Jc Qc", part="4c 5c 6c").melds) == 2
    with pytest.raises(sp.IllegalAction, match="requiresLayoffThisTurn"):
        pan.split("4c 5c 6c 7c Jc Qc", part="4c 5c 6c", rules=strict)
    assert len(pan.split("4c 5c 6c 7c Jc", part="3c 4c 5c", added="3c", rules=strict).melds) == 2


def test_rule_deck_sizes_limit_copies() -> None:
    assert pan.classify("Qs " * 8) is None
    assert pan.classify("Qs " * 8, PanRules(remove_one_spade_suit=False)) is SUITED
    assert pan.classify("Qh " * 8, PanRules(packs=6)) is None
    assert pan.classify("Qs " * 8, PanRules(extra_cards="Qs")) is SUITED


def test_rule_outs() -> None:
    board = ["Ac 2c 3c 4c 5c", "5s 5s 5s", "6d 6h 6c"]  # C4 (1) + bong (4)
    assert pan.outs(board) == 2 + 1 + 4
    assert pan.outs(board, rules=PanRules(outs_base=1)) == 1 + 5
    assert pan.outs(board, layoff_chips=3) == 7
    assert pan.outs(board, layoff_chips=3, rules=PanRules(outs_include_layoff_value=True)) == 10


# --- conditions (§4.1) ---

C1, C2, C3, C4, C5 = Condition


@pytest.mark.parametrize(
    ("cards", "conds"),
    [
        ("3c 3d 3h", [(C1, 1)]),
        ("5c 5d 5h 5s", [(C1, 1)]),
        ("7s 7d 7h", [(C1, 1)]),  # a spade in an unsuited valle group does not double
        ("5h 5h 5h", [(C2, 2)]),
        ("7s 7s 7s", [(C2, 4)]),  # the bong
        ("3d 3d 3d 3d", [(C2, 2)]),
        ("Qd Qd Qd", [(C3, 1)]),
        ("2s 2s 2s", [(C3, 2)]),
        ("Ac Ac Ac", [(C3, 1)]),  # pays.suitedNonComoquerPays
        ("Ks Ks Ks", [(C3, 2)]),
        ("Ac 2c 3c", [(C4, 1)]),
        ("As 2s 3s", [(C4, 2)]),
        ("Ah 2h 3h 4h 5h", [(C4, 1)]),  # pays.escalera: a run from the ace
        ("Jd Qd Kd", [(C5, 1)]),
        ("Js Qs Ks", [(C5, 2)]),
        ("6c 7c Jc Qc Kc", [(C5, 1)]),
        ("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh", [(C4, 1), (C5, 1)]),  # the 10-card run pays both
        ("As 2s 3s 4s 5s 6s 7s Js Qs Ks", [(C4, 2), (C5, 2)]),
        ("4c 4d 4h", []),  # unsuited non-valle
        ("Kc Kd Kh", []),  # mixed-suit kings
        ("Ac Ad As", []),
        ("2c 3c 4c", []),  # neither from A nor to K
        ("4d 5d 6d 7d Jd Qd", []),
        ("6c 6c 6h", []),  # not a meld
    ],
)
def test_table_4_1(cards: str, conds: list[tuple[Condition, int]]) -> None:
    assert pan.condition_list(cards) == conds
    assert pan.conditions(cards) == sum(v for _, v in conds)
    if conds:
        assert pan.meld(cards).pays == pan.conditions(cards)


@pytest.mark.parametrize(
    ("meld", "add", "pays"),
    [
        ("3c 3d 3h", "3s", 1),  # C1 +1
        ("5h 5h 5h", "5h", 1),  # C2 +1
        ("7s 7s 7s", "7s", 2),  # C2 in spades +2
        ("Qd Qd Qd", "Qd", 1),  # C3 +1
        ("Qs Qs Qs", "Qs Qs", 4),  # C3 in spades +2 a card
        ("Ac 2c 3c", "4c", 1),  # C4 +1
        ("As 2s 3s", "4s 5s", 4),  # C4 in spades +2 a card
        ("Jh Qh Kh", "7h", 1),  # C5 +1
        ("4c 4d 4h", "4s", 0),
        ("2d 3d 4d", "Ad", 1),  # the lay-off creates C4
        ("Ad 2d 3d 4d 5d 6d 7d Jd", "Qd Kd", 2 + 1),  # 2 cards on C4, and C5 created
    ],
)
def test_section_4_2_lay_off_pays(meld: str, add: str, pays: int) -> None:
    o = pan.lay_off(meld, add)
    assert o.pays == pays
    assert Counter(o.melds[0]) == Counter(pan.parse_cards(meld + add))


def test_section_4_3_splits_and_borrows_pay_new_conditions() -> None:
    # PW: 5-4-3 of diamonds + 2, 6, A -> A-2-3 and 6-5-4: one chip for the new A-2-3.
    o = pan.split("5d 4d 3d", part="Ad 2d 3d", added="2d 6d Ad")
    assert o.pays == 1 and [pan.classify(m) for m in o.melds] == [SEQ, SEQ]
    assert o.melds == (pan.parse_cards("Ad 2d 3d"), pan.parse_cards("4d 5d 6d"))
    assert pan.split("5s 4s 3s", part="As 2s 3s", added="2s 6s As").pays == 2
    # A borrow that makes a valle group pays it; one that breaks a condition refunds nothing.
    assert pan.borrow("4c 5c 6c 7c", take="7c", cards="7d 7h").pays == 1
    o = pan.borrow("Ac 2c 3c 4c", take="Ac", cards="Ad Ah")
    assert o.pays == 0 and o.melds == (pan.parse_cards("2c 3c 4c"), pan.parse_cards("Ac Ad Ah"))


def test_illegal_operations_say_why() -> None:
    cases = [
        (lambda: pan.lay_off("4c 5c", "6c"), "the meld 4c 5c is not valid"),
        (lambda: pan.lay_off("4c 5c 6c", "Jc"), "the increased meld 4c 5c 6c Jc is not valid"),
        (lambda: pan.lay_off("4c 5c 6c", ""), "no cards"),
        (lambda: pan.borrow("4c 5c 6c", "6c", "6d 6h"), "only melds of four or more"),
        (lambda: pan.borrow("4c 5c 6c 7c", "5c", "5d 5h"), "what remains after borrowing"),
        (lambda: pan.borrow("4c 5c 6c 7c", "Jc", "Jd Jh"), "Jc is not in the meld"),
        (lambda: pan.borrow("4c 5c 6c 7c", "7c", ""), "with the drawn card or hand cards"),
        (lambda: pan.borrow("4c 5c 6c 7c", "7c", "7d"), "the new meld 7c 7d is not valid"),
        (lambda: pan.split("4c 5c 6c 7c Jc", "4c 5c 6c"), "a split part 7c Jc is not valid"),
        (lambda: pan.split("4c 5c 6c 7c Jc Qc", "4c 6c 7c"), "a split part 4c 6c 7c"),
        (lambda: pan.meld("Qs Ks As"), "ace low only, no wrap"),
        (lambda: pan.meld("6c 6c 6h"), "all one suit or of at least three different suits"),
    ]
    for call, reason in cases:
        with pytest.raises(sp.IllegalAction, match=reason) as e:
            call()
        assert isinstance(e.value, ValueError)


# --- hypothesis: classification, borrowing ---

SOME_RULES = [
    DEFAULT,
    ALL_DISTINCT,
    PanRules(escalera="exactThree", spades_double=False, suited_noncomoquer_pays=False),
    PanRules(pay_valle_unsuited=3, pay_low_run=2, pay_high_run=5, pay_suited_group=2),
]


@st.composite
def meld_candidates(draw: st.DrawFn) -> list[int]:
    """Cards that often are a meld: a run, a one-rank group, or anything."""
    shape = draw(st.sampled_from(["run", "group", "any"]))
    if shape == "run":
        n = draw(st.integers(3, 10))
        start, suit = draw(st.integers(0, 10 - n)), draw(st.integers(0, 3))
        return [(start + i) * 4 + suit for i in range(n)]
    if shape == "group":
        rank = draw(st.integers(0, 9))
        suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=8))
        return [rank * 4 + s for s in suits]
    return draw(st.lists(st.integers(0, 39), min_size=0, max_size=11))


@given(cards=meld_candidates(), data=st.data(), rules=st.sampled_from(SOME_RULES))
def test_classification_does_not_depend_on_order(
    cards: list[int], data: st.DataObject, rules: PanRules
) -> None:
    shuffled = data.draw(st.permutations(cards))
    kind = pan.classify(cards, rules)
    assert pan.classify(shuffled, rules) is kind
    assert pan.classify([Card(c) for c in reversed(cards)], rules) is kind
    assert pan.conditions(shuffled, rules) == pan.conditions(cards, rules)
    assert pan.is_meld(shuffled, rules) is (kind is not None)


@given(
    n=st.integers(3, 10),
    data=st.data(),
    suit=st.integers(0, 3),
    rules=st.sampled_from(SOME_RULES),
)
def test_a_sequence_lends_an_end_card_only_from_four_or_more(
    n: int, data: st.DataObject, suit: int, rules: PanRules
) -> None:
    start = data.draw(st.integers(0, 10 - n))
    seq = [Card((start + i) * 4 + suit) for i in range(n)]
    assert pan.classify(seq, rules) is SEQ
    i = data.draw(st.integers(0, n - 1))
    card = seq[i]
    # Two cards of the rank in other suits: with the borrowed card always a valid group.
    others = [Card(card.rank * 4 + (suit + k) % 4) for k in (1, 2)]
    end = i in (0, n - 1)
    if end and n >= 4:
        o = pan.borrow(seq, [card], others, rules)
        rest = seq[1:] if i == 0 else seq[:-1]
        assert o.melds[0] == tuple(rest) and pan.classify(rest, rules) is SEQ
        assert pan.is_meld(o.melds[1], rules)
    else:
        with pytest.raises(sp.IllegalAction, match="four or more" if n == 3 else "remains"):
            pan.borrow(seq, [card], others, rules)


# --- going out (§4.4, §6.3): against a brute-force partition search ---


def brute_force(cards: list[Card], rules: PanRules) -> int | None:
    """Best pay over every partition of the cards into valid melds (``is_meld``), or None."""
    n = len(cards)
    melds: dict[int, int] = {}
    for mask in range(1, 1 << n):
        if mask.bit_count() >= 3:
            sub = [cards[i] for i in range(n) if mask >> i & 1]
            if pan.is_meld(sub, rules):
                melds[mask] = pan.conditions(sub, rules)

    @cache
    def best(left: int) -> int | None:
        if left == 0:
            return 0
        low = left & -left  # the lowest card left must be in some meld
        top = None
        for mask, pays in melds.items():
            if mask & low and mask & left == mask:
                rest = best(left & ~mask)
                if rest is not None and (top is None or rest + pays > top):
                    top = rest + pays
        return top

    return best((1 << n) - 1)


def check_arrangement(cards: list[Card], a: pan.Arrangement, rules: PanRules) -> None:
    assert Counter(c for m in a.melds for c in m) == Counter(cards)
    assert all(pan.is_meld(m, rules) for m in a.melds)
    assert all(list(m) == sorted(m) for m in a.melds)
    assert a.pays == sum(pan.conditions(m, rules) for m in a.melds)


@st.composite
def out_hands(draw: st.DrawFn) -> list[Card]:
    """11 cards that go out under the default rules: random valid melds within the deck's
    copies, shuffled."""
    sizes = draw(st.sampled_from([[3, 3, 5], [3, 4, 4], [3, 8], [4, 7], [5, 6], [11]]))
    cards: list[int] = []
    for k in sizes:
        rank, suit = draw(st.integers(0, 9)), draw(st.integers(0, 3))
        shape = draw(st.sampled_from(["run", "suited", "mixed"]))
        if shape == "run" and k <= 10:
            start = draw(st.integers(0, 10 - k))
            cards += [(start + i) * 4 + suit for i in range(k)]
        elif shape == "suited" and k <= 7:
            cards += [rank * 4 + suit] * k
        else:  # three or four different suits, then any (A and K take any suits anyway)
            first = draw(st.permutations(range(4)))[: draw(st.integers(3, min(4, k)))]
            rest = draw(st.lists(st.integers(0, 3), min_size=k - len(first), max_size=k))
            cards += [rank * 4 + s for s in [*first, *rest][:k]]
    return list(draw(st.permutations([Card(c) for c in cards])))


def in_deck(hand: list[Card], rules: PanRules) -> bool:
    deck = Counter(pan.Deck(seed=0, rules=rules))
    return all(n <= deck[c] for c, n in Counter(hand).items())


@settings(max_examples=150)
@given(
    seed=st.integers(0, 2**64 - 1),
    rules=st.sampled_from(SOME_RULES),
    window=st.sampled_from([(3, 3), (4, 1), (2, 3), (5, 1), (4, 2)]),
    lowest=st.integers(0, 5),
    data=st.data(),
)
def test_go_out_agrees_with_brute_force_on_random_deals(
    seed: int, rules: PanRules, window: tuple[int, int], lowest: int, data: st.DataObject
) -> None:
    deck = pan.Deck(seed=seed, rules=rules)
    # A plain deal (almost never out) and a deal of the same deck's cards within a few ranks
    # and suits (often out, and with choices between arrangements).
    ranks, suits = range(lowest, lowest + window[0]), data.draw(st.permutations(range(4)))
    dense = [c for c in deck if c.rank in ranks and c.suit in suits[: window[1]]][:11]
    for hand in (deck.draw(11), dense):
        a = pan.go_out(hand, rules)
        assert (None if a is None else a.pays) == brute_force(hand, rules)
        if a is not None:
            check_arrangement(hand, a, rules)


@settings(max_examples=150)
@given(data=st.data(), rules=st.sampled_from(SOME_RULES), swap=st.booleans())
def test_go_out_agrees_with_brute_force_on_built_hands(
    data: st.DataObject, rules: PanRules, swap: bool
) -> None:
    hand = data.draw(out_hands())
    if swap:  # one card replaced: often no longer out
        hand[data.draw(st.integers(0, 10))] = Card(data.draw(st.integers(0, 39)))
    assume(in_deck(hand, rules))
    want = brute_force(hand, rules)
    a = pan.go_out(hand, rules)
    assert (None if a is None else a.pays) == want
    if rules == DEFAULT and not swap:
        assert a is not None
    if a is not None:
        check_arrangement(hand, a, rules)
        assert pan.arrange(hand, rules) == a


def test_go_out_finds_the_best_arrangement() -> None:
    # Groups 5h (2) + 6h (1) + 7h (2) beat the runs 5-6-7.
    assert pan.go_out("5h 5h 5h 6h 6h 6h 7h 7h 7h 7h 7h").pays == 5  # type: ignore[union-attr]
    # Suited groups pay 4, but the 5c 6c need a 4c, which forces runs everywhere.
    assert pan.go_out("2c 2c 2c 3c 3c 3c 4c 4c 4c 4c 4c").pays == 4  # type: ignore[union-attr]
    assert pan.go_out("2c 2c 2c 3c 3c 3c 4c 4c 4c 5c 6c").pays == 0  # type: ignore[union-attr]
    assert pan.go_out("As 2s 3s 4s 5s 6s 7s Js Qs Ks As") is None
    assert pan.go_out("Qs " * 11) is None  # 11 > 7 copies in the deck
    assert pan.arrange("") == pan.Arrangement((), 0)
    assert pan.arrange("5h 5h") is None


# --- going out from a position: plans replayed through the public operations ---


def replay(drawn: str, hand: str, table: list[str], plan: pan.TurnPlan, rules: PanRules) -> None:
    melds = [Counter(pan.parse_cards(m)) for m in table]
    left = Counter(pan.parse_cards(drawn + hand))
    total = 0

    def take(m: pan.Meld) -> None:
        melds.remove(Counter(m))

    for n, step in enumerate(plan.steps):
        if isinstance(step, pan.NewMeld):
            used, o = step.cards, pan.meld(step.cards, rules)
        elif isinstance(step, pan.LayOff):
            take(step.meld)
            used, o = step.cards, pan.lay_off(step.meld, step.cards, rules)
        elif isinstance(step, pan.Split):
            take(step.meld)
            used, o = step.added, pan.split(step.meld, step.part, step.added, rules)
        else:
            take(step.meld)
            used, o = step.cards, pan.borrow(step.meld, step.take, step.cards, rules)
        if n == 0:
            assert Card(drawn) in used  # the drawn card goes first (§6.3)
        assert Counter(used) <= left
        left -= Counter(used)
        assert o.pays == step.pays
        total += o.pays
        melds += [Counter(m) for m in o.melds]
    assert not left and total == plan.pays
    assert sorted(sorted(m.elements()) for m in melds) == sorted(list(m) for m in plan.melds)
    assert plan.board_conditions == sum(pan.conditions(m, rules) for m in plan.melds)
    assert sum(len(m) for m in plan.melds) == 11


@pytest.mark.parametrize(
    ("drawn", "hand", "table"),
    [
        ("5c", "", ["Ac 2c 3c 4c", "5s 5s 5s", "6d 6h 6c"]),  # flat: lay off
        ("7d", "7h Qd Qd", ["4c 5c 6c 7c", "Qd Qd Qd"]),  # borrow the 7c
        ("6c", "3d 3h Qh Qh", ["3c 4c 5c", "Qh Qh Qh"]),  # lay off, then borrow
        ("Qc", "4c Kd Kd", ["Jc 7c 6c 5c", "Kd Kd Kd"]),  # split with Q and 4
        ("Jc", "Qc Kc 2h 2h 2h As", ["Ad Ah Ac Ad"]),  # new melds and a lay-off
    ],
)
def test_go_out_with_plans_replay(drawn: str, hand: str, table: list[str]) -> None:
    plan = pan.go_out_with(drawn, hand, table)
    assert plan is not None
    replay(drawn, hand, table, plan, DEFAULT)


def test_go_out_with_no_way_out_and_errors() -> None:
    table = ["Ac 2c 3c 4c", "5s 5s 5s", "6d 6h 6c"]
    assert pan.go_out_with("Kd", "", table) is None
    # The drawn card goes first: the 3d needs the 3c, which 3-4-5 lends only after the 6c.
    assert pan.go_out_with("3d", "3h 6c Qh Qh", ["3c 4c 5c", "Qh Qh Qh"]) is None
    with pytest.raises(sp.IllegalAction, match="11 cards in all, got 8"):
        pan.go_out_with("7c", "3c", ["4c 5c 6c", "Qh Qh Qh"])
    with pytest.raises(sp.IllegalAction, match="the meld 4c 5c is not valid"):
        pan.go_out_with("7c", "", ["4c 5c"])
    with pytest.raises(sp.InvalidCards, match='"8c"'):
        pan.go_out_with("8c", "", table)
    with pytest.raises(sp.InvalidCards, match="iterable of melds"):
        pan.go_out_with("5c", "", "Ac 2c 3c")


# --- nothing reaches Python as a panic ---


@settings(max_examples=150)
@given(
    cards=st.lists(st.integers(0, 39), max_size=13),
    other=st.lists(st.integers(0, 39), max_size=4),
    rules=st.sampled_from(
        [*SOME_RULES, PanRules(packs=1, pay_suited_group=2**64 - 1, pay_valle_suited=2**64 - 1)]
    ),
)
def test_any_input_returns_or_raises_a_value_error(
    cards: list[int], other: list[int], rules: PanRules
) -> None:
    calls = [
        lambda: pan.classify(cards, rules),
        lambda: pan.conditions(cards, rules),
        lambda: pan.condition_list(cards, rules),
        lambda: pan.lay_off(cards, other, rules),
        lambda: pan.split(cards, cards[: len(cards) // 2], other, rules),
        lambda: pan.borrow(cards, other, other, rules),
        lambda: pan.arrange(cards[:11], rules),
        lambda: pan.go_out_with(cards[0] if cards else 0, other, [cards], rules),
        lambda: pan.outs([cards, other], 2**64 - 1, rules),
    ]
    for call in calls:
        try:
            call()
        except sp.SplitpotError:
            pass
