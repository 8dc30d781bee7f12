"""Hostile input at the Rust bindings (issue 15; the reproducers of the reliability report,
findings M-4, M-5, L-4 for Pan, L-6 and the unbounded messages).

A card argument is read no further than the call can use (rust/limits.rs): an endless iterable
is refused with InvalidCards after at most that many items, and a card read twice as soon as it
appears. The iterables here count what was read and fail the test, rather than hang it, if a
call reads past any limit.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import splitpot as sp
from splitpot import _core, limits, pan
from splitpot.cards import card_codes

LIMITS = dict(_core._limits())


class Endless:
    """An endless iterable of ``item(i)``, counting the items read; past ``guard`` it raises
    (an AssertionError, so ``pytest.raises(InvalidCards)`` fails) instead of running on."""

    def __init__(self, item: Callable[[int], Any], guard: int = 100_000) -> None:
        self.item, self.guard, self.read = item, guard, 0

    def __iter__(self) -> Iterator[Any]:
        return self

    def __next__(self) -> Any:
        self.read += 1
        assert self.read <= self.guard, "read past every limit"
        return self.item(self.read - 1)


def same(card: Any) -> Endless:
    return Endless(lambda _: card)


def distinct(first: int = 0) -> Endless:
    """Distinct poker card codes from ``first`` on (then past 51, which must never be read)."""
    return Endless(lambda i: first + i)


def test_limits_are_the_documented_counts() -> None:
    assert LIMITS["MESSAGE_VALUE_CHARS"] == sp.limits.MESSAGE_VALUE_CHARS == 60
    assert (LIMITS["HAND_CARDS"], LIMITS["OMAHA_HOLE_CARDS"], LIMITS["OMAHA_BOARD_CARDS"]) == (
        7,
        6,
        5,
    )
    assert (LIMITS["DECK_CARDS"], LIMITS["PAN_MELD_CARDS"], LIMITS["PAN_TABLE_MELDS"]) == (
        52,
        11,
        11,
    )
    # The largest deck the Pan rules allow: 255 packs of 40 and 255 extra copies of each card.
    assert LIMITS["PAN_CARDS"] == 2 * 255 * 40


# --------------------------------------------------------------------------- M-4, poker


@pytest.mark.parametrize(
    "evaluate", [sp.evaluate_high, sp.evaluate_low8, sp.evaluate_razz, sp.evaluate_hilo]
)
def test_an_endless_hand_is_refused_after_seven_cards(evaluate: Callable[[Any], Any]) -> None:
    cards = distinct()
    with pytest.raises(sp.InvalidCards, match="too many cards: more than 7"):
        evaluate(cards)
    assert cards.read == 8
    # itertools.repeat(0): the second 2c is refused as it is read.
    repeated = same(0)
    with pytest.raises(sp.InvalidCards, match="duplicate card 2c"):
        evaluate(repeated)
    assert repeated.read == 2
    with pytest.raises(sp.InvalidCards, match="duplicate card 2c"):
        evaluate(itertools.repeat(0))


@pytest.mark.parametrize(
    "evaluate", [sp.evaluate_omaha_high, sp.evaluate_omaha_low8, sp.evaluate_omaha_hilo]
)
def test_endless_omaha_hole_and_board_are_refused_at_their_maxima(
    evaluate: Callable[[Any, Any], Any],
) -> None:
    board = distinct(10)
    with pytest.raises(sp.InvalidCards, match="more than 5"):
        evaluate("AsKsQsJs", board)
    assert board.read == 6
    hole = distinct(10)
    with pytest.raises(sp.InvalidCards, match="more than 6"):
        evaluate(hole, "2c3c4c")
    assert hole.read == 7
    with pytest.raises(sp.InvalidCards, match="duplicate card 2c"):
        evaluate("AsKsQsJs", itertools.repeat(0))


def test_a_cycle_repeats_its_ninth_card_and_is_refused_there() -> None:
    eight = [4 * r for r in range(8)]  # 2c 3c ... 9c
    cycle = Endless(lambda i: eight[i % 8])
    with pytest.raises(sp.InvalidCards, match="duplicate card 2c"):
        sp.CardSet(cycle)
    assert cycle.read == 9
    with pytest.raises(sp.InvalidCards, match="duplicate card 2c"):
        sp.CardSet(itertools.cycle(eight))


def test_card_sets_and_codes_read_at_most_a_deck() -> None:
    for make in (sp.CardSet, card_codes):
        cards = distinct()
        with pytest.raises(sp.InvalidCards, match="more than 52"):
            make(cards)
        assert cards.read == 53
    assert len(sp.CardSet(range(52))) == 52


def test_sized_poker_cards_past_the_limit_are_refused_by_their_length() -> None:
    for too_many in (list(range(8)), tuple(range(8)), range(8), "AsKsQsJsTs9s8s7s"):
        with pytest.raises(sp.InvalidCards, match="got 8, this call uses at most 7"):
            sp.evaluate_high(too_many)
    with pytest.raises(sp.InvalidCards, match="got 10000000"):
        sp.evaluate_high(range(10**7))


def test_equity_reads_a_player_no_further_than_a_deck() -> None:
    with pytest.raises(sp.InvalidCards, match="player 2: item 1: duplicate card 2c"):
        sp.equity("holdem", ["AsKs", itertools.repeat(0)])
    cards = distinct()
    with pytest.raises(sp.InvalidCards, match="player 2: too many cards: more than 52"):
        sp.equity("holdem", ["AsKs", cards])
    assert cards.read == 53
    with pytest.raises(sp.InvalidCards, match=r"player 2: item 8: duplicate card 2c"):
        sp.equity("holdem", ["AsKs", itertools.cycle([0, 4, 8, 12, 16, 20, 24, 28])])


def test_the_equity_binding_reads_players_no_further_than_the_most_that_can_play() -> None:
    players = Endless(lambda i: [2 * i, 2 * i + 1])
    with pytest.raises(sp.EquityError, match="at most 23 players"):
        _core._equity("holdem", players, "", "")
    assert players.read == 24


# --------------------------------------------------------------------------- M-4, Pan


def test_an_endless_pan_meld_is_refused_after_eleven_cards() -> None:
    calls: list[Callable[[Any], Any]] = [
        pan.classify,
        pan.is_meld,
        pan.meld_fault,
        pan.conditions,
        pan.condition_list,
        pan.meld,
        pan.go_out,
        pan.arrange,
        lambda c: pan.lay_off("5c5d5h", c),
        lambda c: pan.lay_off(c, "5c"),
        lambda c: pan.split("5c5d5h5s", "5c5d5h", c),
        lambda c: pan.borrow("5c5d5h5s", "5s", c),
        lambda c: pan.go_out_with("5c", c, []),
        lambda c: pan.go_out_with(c, "5c", []),
    ]
    for call in calls:
        cards = same("5c")
        with pytest.raises(sp.InvalidCards, match="too many Pan cards: more than 11"):
            call(cards)
        assert cards.read == 12
    with pytest.raises(sp.InvalidCards):
        pan.classify(itertools.repeat(pan.Card("5c")))


def test_endless_tables_and_batches_are_refused_at_their_caps() -> None:
    for call in (
        lambda m: pan.outs(m),
        lambda m: pan.go_out_with("5c", "5d", m),
        lambda m: pan.turn_moves(None, "5c", m),
        lambda m: pan.can_place("5c", "5d", m),
        lambda m: pan.forces("5c", m),
    ):
        melds = same("5c5d5h")
        with pytest.raises(sp.InvalidCards, match="too many melds: more than 11"):
            call(melds)
        assert melds.read == 12
    cap = LIMITS["PAN_BATCH_MELDS"]
    batch = Endless(lambda _: "5c5d5h", guard=cap + 10)
    with pytest.raises(sp.InvalidCards, match=f"too many melds: more than {cap}"):
        pan.classify_many(batch)
    assert batch.read == cap + 1
    # A list says its length: refused before any meld is read.
    with pytest.raises(sp.InvalidCards, match=f"got {cap + 1}"):
        pan.classify_many(["5c5d5h"] * (cap + 1))


def test_endless_pan_cards_elsewhere_are_read_at_most_a_deck() -> None:
    most = LIMITS["PAN_CARDS"]
    for call in (
        pan.parse_cards,
        lambda c: pan.PanRules(extra_cards=c),
        lambda c: pan.turn_moves(None, c, []),
    ):
        cards = same("5c")
        with pytest.raises(sp.InvalidCards, match=f"more than {most}"):
            call(cards)
        assert cards.read == most + 1


def test_sized_pan_cards_past_a_meld_are_not_a_meld() -> None:
    # A string or list is the caller's own memory, handed over whole: 12 cards are no meld.
    assert pan.classify(["5c"] * 12) is None and not pan.is_meld("5c" * 12)
    assert pan.meld_fault(["5c"] * 12) == "a meld has at most 11 cards, got 12"


# --------------------------------------------------------------------------- M-5


@pytest.mark.parametrize(
    ("meld", "take", "cards", "message"),
    [
        ("5c" * 8, "5c", "5c5c", "10 copies of 5c but the deck holds 8"),
        ("5s" * 7, "5s", "5s5s", "9 copies of 5s but the deck holds 7"),
    ],
)
def test_borrow_refuses_more_copies_than_the_deck_across_both_melds(
    meld: str, take: str, cards: str, message: str
) -> None:
    with pytest.raises(sp.IllegalAction, match=f"^{message}$"):
        pan.borrow(meld, take, cards)


def test_borrow_within_the_deck_still_works() -> None:
    out = pan.borrow("5c" * 6, "5c", "5c5c")
    assert [len(m) for m in out.melds] == [5, 3]
    # With two more packs the ten 5c fit (8 packs + 2 = 10 copies).
    assert pan.borrow("5c" * 8, "5c", "5c5c", pan.PanRules(packs=10)).melds


# --------------------------------------------------------------------------- L-4, Pan


@pytest.mark.parametrize("chips", [-1, 2**64, 10**30])
def test_outs_layoff_chips_out_of_range_is_a_splitpot_error(chips: int) -> None:
    with pytest.raises(
        sp.SplitpotError, match=re.escape("layoff_chips: expected an int 0..2**64-1")
    ):
        pan.outs(["Ac2c3c"], chips)


@pytest.mark.parametrize("chips", [1.5, True, "1", [1]])
def test_outs_layoff_chips_of_another_type_is_a_type_error(chips: Any) -> None:
    with pytest.raises(TypeError, match="layoff_chips"):
        pan.outs(["Ac2c3c"], chips)


def test_outs_layoff_chips_in_range_count() -> None:
    counted = pan.PanRules(outs_include_layoff_value=True)
    assert pan.outs(["Ac2c3c"], 3, counted) == pan.outs(["Ac2c3c"], 0, counted) + 3
    assert pan.outs(["Ac2c3c"], 2**64 - 1, counted) == 2**64 - 1  # saturates, never wraps
    assert pan.outs(["Ac2c3c"], 2**64 - 1) == pan.outs(["Ac2c3c"])  # not counted by default


@pytest.mark.parametrize(
    "call",
    [
        lambda r: pan.classify("5c5c5c", rules=r),
        lambda r: pan.is_meld("5c5c5c", rules=r),
        lambda r: pan.conditions("5c5c5c", rules=r),
        lambda r: pan.go_out("5c" * 11, rules=r),
        lambda r: pan.meld("5c5c5c", rules=r),
        lambda r: pan.classify_many(["5c5c5c"], rules=r),
        lambda r: pan.Deck(seed=1, rules=r),
    ],
)
@pytest.mark.parametrize("rules", ["x", 1, object()])
def test_rules_of_another_type_is_a_type_error_naming_it(call: Any, rules: Any) -> None:
    with pytest.raises(TypeError, match=re.escape("rules: expected a splitpot.pan.PanRules")):
        call(rules)


def test_the_native_rules_are_read_through_the_public_ones() -> None:
    rules = pan.PanRules(packs=1)
    assert not pan.is_meld("5c5c", rules) and not pan.is_meld("5c5c5c", rules)
    assert pan.is_meld("5c5c5c") and pan.classify("5c5c5c", None) is not None


# --------------------------------------------------------------------------- L-6


@pytest.mark.parametrize(
    ("text", "token", "at"),
    [("AsXsQsJsTs", "Xs", 2), ("AsKsQsJsXx", "Xx", 8), ("As10xQs", "10x", 2)],
)
def test_unseparated_poker_cards_name_the_bad_card(text: str, token: str, at: int) -> None:
    with pytest.raises(sp.InvalidCards, match=f'^invalid card "{token}" at position {at}$'):
        sp.evaluate_high(text)


@pytest.mark.parametrize(("text", "token"), [("8c8d8h", "8c"), ("TcTdTh", "Tc"), ("5c9d", "9d")])
def test_unseparated_pan_cards_name_the_bad_card(text: str, token: str) -> None:
    with pytest.raises(sp.InvalidCards, match=f'invalid Pan card "{token}" at position'):
        pan.classify(text)


def test_the_ten_rank_still_reads() -> None:
    assert sp.evaluate_high("10sJsQsKsAs").strength == 7462
    assert card_codes("10d10c") == [33, 32]


# --------------------------------------------------------------------------- messages


def test_messages_quote_values_cut_short() -> None:
    cut = LIMITS["MESSAGE_VALUE_CHARS"]
    with pytest.raises(sp.IllegalAction) as meld:
        pan.meld("5c" * 10**6)
    assert "(1000000 cards)" in str(meld.value) and len(str(meld.value)) < 3 * cut
    with pytest.raises(sp.InvalidCards) as card:
        sp.Card("As" * 10**6)
    assert "(2000000 characters)" in str(card.value) and len(str(card.value)) < 3 * cut
    with pytest.raises(sp.InvalidCards) as pan_card:
        pan.Card("5c" * 10**6)
    assert len(str(pan_card.value)) < 3 * cut
    with pytest.raises(sp.InvalidCards) as listed:
        sp.evaluate_high(["As", ["x"] * 10**5])
    assert len(str(listed.value)) < 3 * cut


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: sp.equity("holdem", ["AK" * 10**5, "QQ"]), sp.EquityError),
        (lambda: sp.equity("holdem", ["AKs:" + "9" * 10**5, "QQ"]), sp.EquityError),
        (lambda: sp.equity("x" * 10**6, ["AsKs", "QQ"]), sp.EquityError),
        (lambda: pan.PanRules(unsuited_rule="x" * 10**6), sp.SplitpotError),
        (lambda: pan.PanRules(packs=10**100), sp.SplitpotError),
        (lambda: pan.lay_off("5c5d5h", "5c" * 10**5), sp.IllegalAction),
    ],
)
def test_core_messages_quote_text_cut_short(call: Callable[[], Any], error: type) -> None:
    with pytest.raises(error) as refused:
        call()
    assert "characters)" in str(refused.value) or "cards)" in str(refused.value)
    assert len(str(refused.value)) < 300  # the cut value and the fixed wording


class Hostile:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("not iterable either")


def test_values_that_cannot_be_printed_are_named_by_type() -> None:
    # 10**5000 has no repr (Python's digit limit), and a hostile __repr__ raises.
    with pytest.raises(sp.InvalidCards, match="invalid cards <int>"):
        sp.evaluate_high(10**5000)
    with pytest.raises(sp.InvalidCards, match="invalid card <int>"):
        sp.Card(10**5000)
    with pytest.raises(sp.InvalidCards, match="invalid Pan card <Hostile>"):
        pan.Card(Hostile())
    with pytest.raises(
        TypeError, match=re.escape("rules: expected a splitpot.pan.PanRules, got <Hostile>")
    ):
        pan.is_meld("5c5c5c", Hostile())  # type: ignore[arg-type]


def test_a_list_that_grows_while_read_is_still_bounded() -> None:
    cards: list[Any] = []

    class Grows:
        def __index__(self) -> int:
            cards.append(Grows())
            return len(cards) - 1

    cards.append(Grows())
    with pytest.raises(sp.InvalidCards):
        sp.evaluate_high(cards)
    assert len(cards) == 2


def test_ragged_and_masked_batches_are_invalid_cards() -> None:
    import numpy as np

    with pytest.raises(sp.InvalidCards, match="rows of different lengths"):
        sp.evaluate_high_batch([[0, 4, 8, 12, 17], [1, 2]])
    masked = np.ma.masked_array([[0, 4, 8, 12, 17]], mask=[[0, 0, 0, 0, 1]])
    with pytest.raises(sp.InvalidCards, match="masked array"):
        sp.evaluate_high_batch(masked)
    assert list(sp.evaluate_high_batch([[0, 4, 8, 12, 17]])) == [
        sp.evaluate_high([0, 4, 8, 12, 17]).strength
    ]


def test_the_limits_module_and_the_core_agree() -> None:
    core = dict(_core._limits())
    assert core["MESSAGE_VALUE_CHARS"] == limits.MESSAGE_VALUE_CHARS
    assert core["EQUITY_PLAYERS"] == limits.EQUITY_MAX_PLAYERS
    assert core["HAND_CARDS"] == limits.HAND_CARDS == 7


def test_a_batch_past_the_memory_cap_is_refused_before_any_work() -> None:
    import numpy as np
    from numpy.lib.stride_tricks import as_strided

    # A huge batch that takes no memory itself: every row the same (stride 0).
    row = np.array([0, 4, 8, 12, 17, 21, 25], dtype=np.int64)
    rows = limits.BATCH_MAX_BYTES // (2 * 7 + 3) + 1
    huge = as_strided(row, shape=(rows, 7), strides=(0, 8))
    with pytest.raises(sp.SplitpotError, match="more than the 4 GiB a batch may use"):
        sp.evaluate_high_batch(huge)
