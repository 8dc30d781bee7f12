"""The Pan game's flow rules (docs/rules/pan.md §4 to §6) on hands dealt from exact decks, with
the numbers worked out by hand from the rules; and the history format, the table, the bots and
the CLI that play it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from splitpot import IllegalAction
from splitpot.pan import Borrow, Card, LayOff, NewMeld, PanRules, Split, history, parse_cards
from splitpot.pan.bots import GreedyPanBot, RandomPanBot, connections, play_pan_bots
from splitpot.pan.game import PanHand
from splitpot.pan.melds import go_out_with, may_go_out
from splitpot.pan.records import GoingOut, PanPhase, Paying, Posting, Reshuffling
from splitpot.pan.table import PanTable
from splitpot.pan.text import render

FILLER = ["Ac 2d 4h 6s Jc Kd 3s 5c 7d Qh", "Ah 2c 4d 6c Jd Kc 3h 5d 7s Qc"]
"""Hands with no meld among their cards."""
THREE = [*FILLER, FILLER[0]]


def dealt(
    hands: Sequence[str],
    stock: str = "",
    *,
    stacks: Sequence[int] | None = None,
    first: int = 0,
    rules: PanRules | None = None,
    upcard: str = "",
) -> PanHand:
    """A hand in which seat ``i`` is dealt ``hands[i]`` and the stock is ``stock`` (top first):
    the deck laid out for the deal, one card at a time in rotation from the first hand."""
    n = len(hands)
    stacks = list(stacks) if stacks is not None else [20] * n
    rules = rules or PanRules()
    step = -1 if rules.rotation.value == "ccw" else 1
    order = [(first + step * i) % n for i in range(n)]
    cards = [parse_cards(h) for h in hands]
    assert all(len(c) == 10 for c in cards)
    deck = [cards[seat][r] for r in range(10) for seat in order]
    deck += parse_cards(upcard + " " + stock) if (upcard + stock).strip() else ()
    return PanHand(stacks, first=first, rules=rules, deck=deck, seed=1)


def everyone_plays(hand: PanHand) -> None:
    while hand.phase is PanPhase.DECLARE:
        hand.play()


def snapshot(hand: PanHand) -> tuple[Any, ...]:
    seats = range(len(hand.stacks))
    return (
        hand.events,
        hand.stacks,
        hand.pot,
        hand.phase,
        hand.actor,
        hand.drawn,
        hand.live_discard,
        hand.stock_size,
        hand.dead_cards,
        [hand.hand(s) for s in seats],
        [hand.melds(s) for s in seats],
    )


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


# --------------------------------------------------------------------------- §5 posting, sluffing


def test_posting_tops_and_collection_docs_rules_pan_5_1() -> None:
    rules = PanRules(tops_amount=2, collection_fee=1)
    hand = dealt(THREE, "Kh", rules=rules)
    assert hand.stacks == [17, 17, 17]  # 20 - 2 tops - 1 collection
    assert hand.pot == 6 and hand.house == 3
    posts = [e for e in hand.events if isinstance(e, Posting)]
    assert [(p.seat, p.tops, p.collection) for p in posts] == [(0, 2, 1), (2, 2, 1), (1, 2, 1)]
    with pytest.raises(ValueError, match="posting takes 3"):
        dealt(THREE, stacks=[20, 2, 20], rules=rules)


def test_everyone_but_one_sluffs_he_takes_the_tops_docs_rules_pan_5_2() -> None:
    hand = dealt(THREE, "Kh")
    hand.sluff()  # seat 0
    hand.play()  # seat 2 (counterclockwise)
    hand.sluff()  # seat 1
    assert hand.is_over and hand.result.winner == 2
    assert hand.result.final_stacks == (19, 19, 22)  # the pot of 3 tops
    assert hand.result.net == (-1, -1, 2)


def test_sluff_costs_the_tops_and_the_forfeit_docs_rules_pan_5_3() -> None:
    rules = PanRules(sluff_forfeit=2)
    hand = dealt(THREE, "Kh", rules=rules)
    hand.play()
    hand.sluff()  # seat 2: 1 tops and 2 forfeit
    hand.play()
    assert hand.stacks == [19, 19, 17]
    assert hand.pot == 3 + 2
    assert [e for e in hand.events if isinstance(e, Paying)] == [
        Paying(2, None, 2, "sluff forfeit")
    ]


def test_all_sluff_carries_the_tops_over_docs_rules_pan_5_2() -> None:
    hand = dealt(THREE, "Kh")
    for _ in range(3):
        hand.sluff()
    result = hand.result
    assert (result.winner, result.carry, result.final_stacks) == (None, 3, (19, 19, 19))
    nxt = PanHand([19, 19, 19], seed=2, carry=result.carry)
    assert nxt.pot == 3 + 3


def test_all_sluff_refund_gives_the_tops_back_but_not_the_forfeits_docs_rules_pan_5_2() -> None:
    hand = dealt(THREE, "Kh", rules=PanRules(tops_all_sluff="refund"))
    for _ in range(3):
        hand.sluff()
    assert (hand.result.carry, hand.result.final_stacks) == (0, (20, 20, 20))
    rules = PanRules(tops_all_sluff="refund", sluff_forfeit=2)
    hand = dealt(THREE, "Kh", rules=rules)
    for _ in range(3):
        hand.sluff()
    assert (hand.result.carry, hand.result.final_stacks) == (6, (18, 18, 18))


# --------------------------------------------------------------------------- §6 turns


@pytest.mark.parametrize(("rotation", "order"), [("ccw", [1, 0, 3, 2]), ("cw", [1, 2, 3, 0])])
def test_rotation_deal_and_declarations_docs_rules_pan_6_1(rotation: str, order: list[int]) -> None:
    deck = [Card(code) for code in range(40)] + list(parse_cards("Kh Kh Kh Kh Kh"))
    hand = PanHand([20] * 4, first=1, rules=PanRules(rotation=rotation), deck=deck, seed=1)
    assert hand.seats == order
    for k, seat in enumerate(order):  # one card at a time from the first hand (§6.1)
        assert hand.hand(seat) == tuple(Card(c) for c in range(k, 40, 4))
    declared = []
    while hand.phase is PanPhase.DECLARE:
        declared.append(hand.actor)
        hand.play()
    assert declared == order and hand.actor == order[0]
    turns = []
    for _ in range(4):
        turns.append(hand.actor)
        hand.draw()
        hand.reject()
    assert turns == order


def test_the_deal_goes_one_card_at_a_time_in_rotation_docs_rules_pan_6_1() -> None:
    deck = [Card(c) for c in "Ac 2c 3c 4c 5c 6c 7c Jc Qc Kc".split()] * 2 + [Card("Kh")]
    hand = PanHand([20, 20], first=0, deck=deck, seed=1)
    assert hand.hand(0) == cards("Ac 3c 5c 7c Qc Ac 3c 5c 7c Qc")
    assert hand.hand(1) == cards("2c 4c 6c Jc Kc 2c 4c 6c Jc Kc")


def test_reject_makes_the_live_discard_and_the_next_draw_kills_it_docs_rules_pan_6_2() -> None:
    hand = dealt(FILLER, "Kh Qs")
    everyone_plays(hand)
    hand.draw()
    assert hand.drawn == Card("Kh") and len(hand.hand(0)) == 10  # §6.3: not in the hand
    hand.reject()
    assert (hand.live_discard, hand.actor, hand.phase) == (Card("Kh"), 1, PanPhase.DRAW)
    hand.draw()
    assert hand.live_discard is None and hand.dead_cards == (Card("Kh"),)


def test_a_hand_discard_is_dead_docs_rules_pan_6_2() -> None:
    hand = dealt(["5h 5h Jc Kd 3s 5c 7d Qh 2d 4h", FILLER[1]], "5h Qs")
    everyone_plays(hand)
    hand.draw()
    hand.apply(NewMeld(cards("5h 5h 5h"), 0))
    hand.discard("Qh")
    assert hand.live_discard is None and hand.dead_cards == (Card("Qh"),)
    assert not hand.can_take()
    with pytest.raises(IllegalAction, match="no live discard"):
        hand.take()


def test_the_drawn_card_must_be_placed_first_docs_rules_pan_6_3() -> None:
    hand = dealt(["5h 5h 5h Kd 3s 5c 7d Qh 2d 4h", FILLER[1]], "Jc Qs")
    everyone_plays(hand)
    hand.draw()
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="placed first"):
        hand.apply(NewMeld(cards("5h 5h 5h"), 0))
    with pytest.raises(IllegalAction, match="must place Jc first"):
        hand.discard("Kd")
    assert snapshot(hand) == before
    hand.reject()  # a stock card may be rejected instead (§6.3)
    assert hand.live_discard == Card("Jc")


def forcing_position(rules: PanRules | None = None) -> PanHand:
    """Seat 0 melds 5h 5h 5h; seat 1 rejects a 5h, which lays off on it."""
    hand = dealt(["5h 5h 5c 5d 3s Kd 7d Qh 2d 4h", FILLER[1]], "5h 5h Ks", rules=rules)
    everyone_plays(hand)
    hand.draw()
    hand.apply(NewMeld(cards("5h 5h 5h"), 0))
    hand.discard("Qh")
    hand.draw()
    hand.reject()
    assert hand.actor == 0 and hand.live_discard == Card("5h")
    return hand


def test_forcing_a_live_discard_that_lays_off_must_be_taken_docs_rules_pan_6_5() -> None:
    hand = forcing_position()
    before = snapshot(hand)
    assert not hand.can_draw()
    with pytest.raises(IllegalAction, match="forcing"):
        hand.draw()
    assert snapshot(hand) == before
    hand.take()
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="must be laid off"):  # a new meld will not do
        hand.apply(NewMeld(cards("5c 5d 5h"), 0))
    with pytest.raises(IllegalAction, match="must use it"):
        hand.reject()
    assert snapshot(hand) == before
    stack = hand.stacks[0]
    hand.apply(LayOff(cards("5h 5h 5h"), cards("5h"), 0))
    assert hand.stacks[0] == stack + 1  # a C2 lay-off: 1 a card (§4.2, PW)


def test_forcing_off_lets_him_draw_docs_rules_pan_6_5() -> None:
    hand = forcing_position(PanRules(forcing="off"))
    assert hand.can_draw()
    hand.draw()
    assert hand.drawn == Card("Ks")


# --------------------------------------------------------------------------- §4 money


def test_spades_double_and_sluffers_pay_nothing_docs_rules_pan_4_1() -> None:
    hands = ["5s 5s Jc Kd 3s 5c 7d Qh 2d 4h", FILLER[1], FILLER[0], FILLER[1]]
    hand = dealt(hands, "5s Qs")
    hand.play()  # seat 0
    hand.play()  # seat 3
    hand.sluff()  # seat 2
    hand.play()  # seat 1
    hand.draw()
    hand.apply(NewMeld(cards("5s 5s 5s"), 0))  # a bong: 2 doubled in spades = 4
    assert hand.stacks == [19 + 4 + 4, 19 - 4, 19, 19 - 4]


@pytest.mark.parametrize(
    ("meld", "pays"),
    [
        ("3c 3d 3h", 1),  # C1: valle, different suits
        ("7c 7c 7c", 2),  # C2: valle, one suit
        ("Qd Qd Qd", 1),  # C3: one suit
        ("Ks Ks Ks", 2),  # C3 in spades
        ("As 2s 3s", 2),  # C4 in spades
        ("Jh Qh Kh", 1),  # C5
        ("4c 4d 4h", 0),  # an unsuited non-valle group pays nothing
    ],
)
def test_conditions_pay_from_every_active_opponent_docs_rules_pan_4_1(meld: str, pays: int) -> None:
    first, *rest = parse_cards(meld)
    mine = " ".join(map(str, rest)) + " Jc Kd 6s 5c 7d Qh 2d 4h"
    hand = dealt([mine, FILLER[1], FILLER[0]], f"{first} Qs")
    everyone_plays(hand)
    hand.draw()
    event = hand.apply(NewMeld(cards(meld), 0))
    assert event.pays == pays  # type: ignore[union-attr]
    assert hand.stacks == [19 + 2 * pays, 19 - pays, 19 - pays]


def test_lay_off_pays_a_new_condition_and_per_card_docs_rules_pan_4_2() -> None:
    hand = dealt(["2d 3d Ad 7h 7h 7h Kd 6s Qh 2c", FILLER[1]], "4d Qs")
    everyone_plays(hand)
    hand.draw()
    assert hand.apply(NewMeld(cards("2d 3d 4d"), 0)).pays == 0  # type: ignore[union-attr]
    assert hand.apply(LayOff(cards("2d 3d 4d"), cards("Ad"), 0)).pays == 1  # type: ignore[union-attr]
    hand.apply(NewMeld(cards("7h 7h 7h"), 0))  # C2: 2
    assert hand.stacks == [19 + 3, 19 - 3]


def test_split_creates_a_condition_docs_rules_pan_4_3() -> None:
    # PW: 5-4-3 of diamonds with the 2, 6 and A added splits into A-2-3 and 4-5-6: pays C4.
    hand = dealt(["3d 4d Ad 2d 6d Kc 6s Qh 2c Jh", FILLER[1]], "5d Qs")
    everyone_plays(hand)
    hand.draw()
    hand.apply(NewMeld(cards("3d 4d 5d"), 0))
    event = hand.apply(Split(cards("3d 4d 5d"), cards("Ad 2d 6d"), cards("Ad 2d 3d"), 0))
    assert event.pays == 1  # type: ignore[union-attr]
    assert sorted(hand.melds(0)) == sorted([cards("4d 5d 6d"), cards("Ad 2d 3d")])
    assert hand.stacks == [20, 18]


def test_borrow_creates_a_condition_docs_rules_pan_4_3() -> None:
    # Jh 7h 6h 5h 4h lends its Jh to Jh Jh from the hand: a one-suit group, C3.
    hand = dealt(["Jh 7h 6h 5h Jh Jh Kc 6s Qd 2c", FILLER[1]], "4h Qs")
    everyone_plays(hand)
    hand.draw()
    hand.apply(NewMeld(cards("Jh 7h 6h 5h 4h"), 0))
    event = hand.apply(Borrow(cards("Jh 7h 6h 5h 4h"), cards("Jh"), cards("Jh Jh"), 0))
    assert event.pays == 1  # type: ignore[union-attr]
    assert sorted(hand.melds(0)) == sorted([cards("4h 5h 6h 7h"), cards("Jh Jh Jh")])


def go_out(arrangement: Sequence[str], rules: PanRules | None = None) -> PanHand:
    """Seat 0 holds six 5h and Ac 2c 3c 4c, draws a seventh 5h and melds ``arrangement`` (the
    first meld holds the drawn card): 11 cards, he goes out. Three players."""
    mine = "5h 5h 5h 5h 5h 5h Ac 2c 3c 4c"
    hand = dealt([mine, FILLER[1], FILLER[0]], "5h Qs", rules=rules)
    everyone_plays(hand)
    hand.draw()
    for meld in arrangement:
        hand.apply(NewMeld(cards(meld), 0))
    return hand


def test_going_out_outs_as_the_melds_lie_and_the_pot_docs_rules_pan_4_4() -> None:
    # Seven 5h in one meld: C2 pays 2; Ac 2c 3c 4c: C4, 1. Outs 2 + 2 + 1 = 5 from each of the
    # two others, who paid 3 each during play; the pot is the 3 tops.
    hand = go_out(["5h 5h 5h 5h 5h 5h 5h", "Ac 2c 3c 4c"])
    assert hand.is_over and hand.result.winner == 0 and hand.result.outs == 5
    assert [e for e in hand.events if isinstance(e, GoingOut)] == [GoingOut(0, 5)]
    assert hand.result.final_stacks == (19 + 2 * 3 + 2 * 5 + 3, 19 - 3 - 5, 19 - 3 - 5)
    # The same 11 cards as 5h 5h 5h + 5h 5h 5h 5h: two C2, 4; outs 2 + 4 + 1 = 7.
    hand = go_out(["5h 5h 5h", "5h 5h 5h 5h", "Ac 2c 3c 4c"])
    assert hand.result.outs == 7
    assert hand.result.final_stacks == (19 + 2 * 5 + 2 * 7 + 3, 19 - 5 - 7, 19 - 5 - 7)
    assert hand.result.net == (26, -13, -13)  # against the 20 each brought


def test_going_out_with_outs_base_one_docs_rules_pan_4_4() -> None:
    hand = go_out(["5h 5h 5h", "5h 5h 5h 5h", "Ac 2c 3c 4c"], PanRules(outs_base=1))
    assert hand.result.outs == 6


def claim_position() -> PanHand:
    rules = PanRules(must_claim_before_discard=True)
    hand = dealt(["5h 5h Jc Kd 3s 5c 7d Qh 2d 4h", FILLER[1]], "5h Qs", rules=rules)
    everyone_plays(hand)
    hand.draw()
    hand.apply(NewMeld(cards("5h 5h 5h"), 0))
    assert hand.stacks == [19, 19]  # the C2 waits for the claim
    return hand


def test_pays_claimed_before_the_discard_are_paid_docs_rules_pan_4_5() -> None:
    hand = claim_position()
    hand.claim()
    assert hand.stacks == [21, 17]
    hand.discard("Qh")
    assert hand.stacks == [21, 17]


def test_pays_not_claimed_before_the_discard_are_lost_docs_rules_pan_4_5() -> None:
    hand = claim_position()
    hand.discard("Qh")
    assert hand.stacks == [19, 19]
    assert not [e for e in hand.events if isinstance(e, Paying)]


def test_going_out_collects_unclaimed_pays_docs_rules_pan_4_5() -> None:
    hand = go_out(
        ["5h 5h 5h", "5h 5h 5h 5h", "Ac 2c 3c 4c"], PanRules(must_claim_before_discard=True)
    )
    assert hand.result.final_stacks == (46, 7, 7)


def test_stock_exhausted_reshuffles_the_dead_discards_docs_rules_pan_6_6() -> None:
    hand = dealt(FILLER, "Kh Qs")
    everyone_plays(hand)
    hand.draw()
    hand.reject()
    hand.draw()  # the last card; the Kh is dead
    hand.reject()
    assert [e for e in hand.events if isinstance(e, Reshuffling)] == [Reshuffling(1)]
    assert (hand.stock_size, hand.live_discard, hand.dead_cards) == (1, Card("Qs"), ())
    hand.draw()
    assert hand.drawn == Card("Kh")


def test_stock_exhausted_void_hand_carries_the_tops_docs_rules_pan_6_6() -> None:
    hand = dealt(FILLER, "Kh Qs", rules=PanRules(stock_exhausted="voidHand"))
    everyone_plays(hand)
    hand.draw()
    hand.reject()
    hand.draw()
    hand.reject()
    result = hand.result
    assert (result.winner, result.carry, result.final_stacks) == (None, 2, (19, 19))


def test_stock_out_with_no_dead_discards_is_void_docs_rules_pan_6_6() -> None:
    hand = dealt(FILLER, "Kh")
    everyone_plays(hand)
    hand.draw()
    hand.reject()
    assert hand.is_over and hand.result.carry == 2


def test_illegal_moves_change_nothing() -> None:
    hand = dealt(["5h 5h 5h Kd 3s 5c 7d Qh 2d 4h", FILLER[1], FILLER[0]], "Jc Qs")
    attempts = [
        hand.draw,
        hand.reject,
        lambda: hand.discard("Kd"),
        hand.claim,
        lambda: hand.apply(NewMeld(cards("5h 5h 5h"), 0)),
    ]
    before = snapshot(hand)
    for attempt in attempts:
        with pytest.raises(IllegalAction):
            attempt()
        assert snapshot(hand) == before
    everyone_plays(hand)
    hand.draw()
    attempts = [
        hand.draw,
        hand.play,
        hand.claim,
        lambda: hand.discard("Kd"),  # the drawn card first
        lambda: hand.apply(NewMeld(cards("5h 5h 5h"), 0)),  # without the drawn card
        lambda: hand.apply(NewMeld(cards("Jc 3s 7d"), 0)),  # not a meld
        lambda: hand.apply(NewMeld(cards("Jc Jd Js"), 0)),  # cards he does not hold
        lambda: hand.apply(LayOff(cards("5h 5h 5h"), cards("Jc"), 0)),  # no such meld
        lambda: hand.apply(Split(cards("5h 5h 5h"), (), cards("5h"), 0)),
        lambda: hand.apply(Borrow(cards("5h 5h 5h"), cards("5h"), cards("Jc 5c"), 0)),
    ]
    before = snapshot(hand)
    for attempt in attempts:
        with pytest.raises(IllegalAction):
            attempt()
        assert snapshot(hand) == before


# --------------------------------------------------------------------------- the history format


def round_trip(hand: PanHand) -> PanHand:
    again = history.replay(history.loads(history.dumps(hand)))
    assert again.events == hand.events
    return again


def test_history_round_trips_explicit_hands() -> None:
    round_trip(go_out(["5h 5h 5h", "5h 5h 5h 5h", "Ac 2c 3c 4c"]))
    round_trip(claim_position())
    hand = forcing_position(PanRules(sluff_forfeit=1, rotation="cw"))
    text = history.dumps(hand)
    assert "[rules]" in text and 'rotation = "cw"' in text and "sluff_forfeit = 1" in text
    assert "deck = " in text and "finishing_stacks" not in text
    round_trip(hand)


def test_history_of_a_finished_hand_has_its_finishing_stacks() -> None:
    hand = go_out(["5h 5h 5h 5h 5h 5h 5h", "Ac 2c 3c 4c"])
    record = history.loads(history.dumps(hand))
    assert record.finishing_stacks == (38, 11, 11)
    assert record.actions[:5] == (
        "p1 play",
        "p3 play",
        "p2 play",
        "p1 draw # 5h",
        "p1 meld 5h5h5h5h5h5h5h # pays 2",
    )
    assert record.actions[-1] == "p1 meld Ac2c3c4c # pays 1"


def test_history_players_are_the_seats_dealt_in() -> None:
    hand = PanHand([20, None, 30, 40], first=2, seed=5)
    hand.play()
    record = history.loads(history.dumps(hand))
    assert (record.starting_stacks, record.seats, record.seat_count) == ((20, 30, 40), (1, 3, 4), 4)
    assert record.first == 2 and record.actions == ("p2 play",)
    assert history.replay(record).events == hand.events


def test_history_replay_names_the_illegal_action() -> None:
    text = history.dumps(claim_position())
    bad = text.replace('"p1 meld 5h5h5h # pays 2"', '"p1 meld 5h5h5c"')
    with pytest.raises(history.PanHistoryError, match=r"action 3 \('p1 meld 5h5h5c'\)") as e:
        history.replay(history.loads(bad))
    assert e.value.action_index == 3
    wrong = text.replace('"p1 draw # 5h"', '"p2 draw"')
    with pytest.raises(history.PanHistoryError, match="not p2's turn: p1 is to act"):
        history.replay(history.loads(wrong))
    with pytest.raises(history.PanHistoryError, match="unknown verb 'fly'"):
        history.replay(history.loads(text.replace('"p1 draw # 5h"', '"p1 fly"')))


def test_history_refuses_bad_fields_and_forged_stacks() -> None:
    text = history.dumps(go_out(["5h 5h 5h", "5h 5h 5h 5h", "Ac 2c 3c 4c"]))
    with pytest.raises(history.PanHistoryError, match="differ from the replay"):
        history.replay(
            history.loads(text.replace("finishing_stacks = [46,", "finishing_stacks = [47,"))
        )
    with pytest.raises(history.PanHistoryError, match="variant"):
        history.loads(text.replace('variant = "pan"', 'variant = "NT"'))
    with pytest.raises(history.PanHistoryError, match="unknown field 'blinds'"):
        history.loads(text + "blinds = 3\n")
    with pytest.raises(history.PanHistoryError, match="not valid TOML"):
        history.loads("variant = ")
    with pytest.raises(history.PanHistoryError, match="rules has no field 'tops'"):
        history.loads(text + "\n[rules]\ntops = 2\n")


def test_history_files_of_many_hands(tmp_path: Any) -> None:
    hands = [claim_position(), go_out(["5h 5h 5h 5h 5h 5h 5h", "Ac 2c 3c 4c"])]
    path = tmp_path / "hands.toml"
    history.dump_all(hands, path)
    again = [history.replay(r) for r in history.load_all(path)]
    assert [h.events for h in again] == [h.events for h in hands]
    history.dump(hands[1], tmp_path / "one.toml")
    assert history.replay(history.load(tmp_path / "one.toml")).events == hands[1].events


# --------------------------------------------------------------------------- the table


def test_table_seats_sitting_out_and_the_carry() -> None:
    table = PanTable(seed=4, seats=4)
    assert [table.join(n, c) for n, c in (("Ann", 10), ("Bob", 0), ("Cy", 10))] == [0, 1, 2]
    table.join("Dee", 10, seat=3)
    hand = table.start_hand()
    assert sorted(hand.seats) == [0, 2, 3]
    assert "has 0 chips; posting takes 1" in table.sitting_out[1]
    with pytest.raises(IllegalAction, match="during a hand"):
        table.join("Eve", 5)
    while not hand.is_over:
        hand.sluff()
    table.settle()
    assert table.carry == 3 and [table.chips(s) for s in range(4)] == [9, 0, 9, 9]
    assert table.leave(1) == 0
    first = hand.events[0].first  # type: ignore[union-attr]
    hand = table.start_hand()
    assert hand.pot == 3 + 3 and hand.events[0].first == first  # type: ignore[union-attr]
    assert table.carry == 0


def test_table_the_winner_is_first_hand_next_docs_rules_pan_6_1() -> None:
    table = PanTable(seed=9, seats=3)
    for name in ("Ann", "Bob", "Cy"):
        table.join(name, 20)
    hand = table.start_hand()
    winner = hand.seats[1]
    while not hand.is_over:  # everyone but the second in rotation sluffs (§5.2)
        hand.play() if hand.actor == winner else hand.sluff()
    assert table.settle().winner == winner
    assert table.chips(winner) == 22
    hand = table.start_hand()
    assert hand.seats[0] == winner
    while not hand.is_over:
        hand.sluff()
    table.settle()
    table.leave(winner)  # he leaves: the next seat in rotation is first hand
    hand = table.start_hand()
    assert hand.seats[0] == (winner - 1) % 3  # counterclockwise: to the seat below


def test_a_seeded_table_deals_the_same_hands() -> None:
    def deal(seed: int) -> list[Any]:
        table = PanTable(seed=seed)
        for name in ("Ann", "Bob", "Cy", "Dee"):
            table.join(name, 20)
        out = []
        for _ in range(3):
            hand = table.start_hand()
            out.append(hand.events)
            while not hand.is_over:
                hand.sluff()
            table.settle()
        return out

    assert deal(11) == deal(11) != deal(12)


def test_table_needs_two_players_who_can_post() -> None:
    table = PanTable(seed=1)
    table.join("Ann", 20)
    table.join("Bob", 0)
    with pytest.raises(ValueError, match="1 players can post"):
        table.start_hand()


# --------------------------------------------------------------------------- bots and the CLI


@pytest.mark.parametrize("players", [2, 3, 6, 9])
def test_random_and_greedy_bot_games_round_trip(players: int) -> None:
    for seed in range(3):
        for kind in (RandomPanBot, GreedyPanBot):
            hand = PanHand([40] * players, seed=seed, first=seed % players)
            play_pan_bots(hand, [kind(seed * 31 + i) for i in range(players)])
            assert hand.is_over
            round_trip(hand)
            prefix = PanHand.from_events(hand.events[: len(hand.events) // 2])
            round_trip(prefix)


def test_greedy_bot_goes_out_when_it_can() -> None:
    hand = dealt(["5h 5h 5h 5h 5h 5h Ac 2c 3c 4c", FILLER[1], FILLER[0]], "5h Qs")
    everyone_plays(hand)
    hand.draw()
    GreedyPanBot(1).act(hand)
    assert hand.is_over and hand.result.winner == 0
    assert hand.result.outs == 7  # go_out_with arranges the 5h for the most: 3 + 4


def test_greedy_bot_takes_a_forced_card_and_lays_it_off() -> None:
    hand = forcing_position()
    bot = GreedyPanBot(2)
    bot.act(hand)
    assert hand.phase is PanPhase.PLACE and hand.drawn == Card("5h")
    bot.act(hand)
    assert cards("5h 5h 5h 5h") in hand.melds(0)


def test_greedy_bot_discards_the_card_with_no_partner() -> None:
    hand = dealt(["5h 5h Jc Jc 3s 3s Qd Qd Kh 2s", FILLER[1]], "5h Qs")
    everyone_plays(hand)
    hand.draw()
    hand.apply(NewMeld(cards("5h 5h 5h"), 0))
    bot = GreedyPanBot(3)
    assert bot._worst(hand, 0) == Card("Kh")  # every other card has a partner
    assert connections(Card("Kh").code, [c.code for c in parse_cards("Jc Jc 3s 3s Qd Qd 2s")]) == 0


def test_greedy_bot_declares_on_melds_and_connections() -> None:
    lonely = "Ac 4c Qc 2d 6d Kd 3h 7h 5s Js"  # no two cards could share a meld
    hand = dealt(["5h 5h 5h Kd 3s 5c 7d Qh 2d 4h", lonely, FILLER[1]], "Qs")
    bot = GreedyPanBot(4)
    assert bot.wants_to_play(hand, 0)  # a meld
    assert not bot.wants_to_play(hand, 1)
    assert bot.wants_to_play(hand, 2)  # Ah 3h, 4d 5d, Qc Kc: six connected cards
    assert connections(Card("5h").code, [Card("7h").code, Card("Jh").code, Card("5c").code]) == 2


def test_go_out_plan_is_the_planners_and_may_go_out_never_hides_one() -> None:
    """§3, §6.3: every card of a meld has two near cards in it, so ``may_go_out`` is False
    only where the exhaustive planner (asked here on the public view) finds no plan; and
    ``go_out_plan()`` is the planner's answer at every placing of real greedy games."""
    found = pruned = 0
    for seed in range(25):
        hand = PanHand([50] * 4, seed=seed)
        bots = [GreedyPanBot(seed * 7 + i) for i in range(4)]
        while (seat := hand.actor) is not None:
            drawn = hand.drawn
            if hand.phase is PanPhase.PLACE and drawn is not None:
                held, melds = hand.hand(seat), hand.melds(seat)
                plan = (
                    go_out_with(drawn, held, melds)
                    if len(held) + sum(map(len, melds)) == 10
                    else None
                )
                loose = [c.code for c in (*held, drawn)]
                possible = may_go_out(loose, [c.code for m in melds for c in m])
                assert plan is None or possible, (seed, held, melds, drawn)
                assert hand.go_out_plan() == plan
                found += plan is not None
                pruned += not possible
            bots[seat].act(hand)
    assert found and pruned  # both kinds of placing were seen
    assert PanHand([20, 20], seed=1).go_out_plan() is None  # nothing drawn


def codes(text: str) -> list[int]:
    return [c.code for c in parse_cards(text)]


def test_may_go_out_by_hand() -> None:
    """Two near cards each is necessary, not sufficient (§3.1, §3.2)."""
    assert may_go_out(codes("Ac 2c 3c"), [])  # a run
    assert not may_go_out(codes("Ac 2c Ks"), [])  # the king is alone
    assert may_go_out(codes("Kd"), codes("Kc Kh"))  # two more kings on the table
    assert not may_go_out(codes("Kd"), codes("Kc Qh"))  # one near card: the Qh is not
    assert may_go_out(codes("Kd"), codes("Kc Qd"))  # two near, yet no meld: the planner says


def test_cli_demo_pan_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    from splitpot.cli import main

    assert main(["demo", "--game", "pan", "--seed", "3"]) == 0
    first = capsys.readouterr().out
    assert "goes out with" in first and "Settlement:" in first and "collects" in first
    assert main(["demo", "--game", "pan", "--seed", "3"]) == 0
    assert capsys.readouterr().out == first


def test_cli_simulate_pan_writes_histories(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from splitpot.cli import main

    out = tmp_path / "pan.toml"
    args = ["simulate", "--game", "pan", "--hands", "4", "--players", "5", "--seed", "2"]
    assert main([*args, "--out", str(out), "--stack", "30"]) == 0
    records = history.load_all(out)
    assert len(records) == 4
    hands = [history.replay(r) for r in records]
    assert all(h.is_over for h in hands)
    assert main([*args, "--bots", "calling"]) == 2
    assert "greedy and random" in capsys.readouterr().err


def test_cli_play_pan_quits_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from splitpot.cli import main

    answers = iter(["play", "moves", "nonsense", "draw", "reject"])

    def fake_input(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    assert main(["play", "--game", "pan", "--seed", "5", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "You may:" in out and "'nonsense' is not a command here" in out and "Settlement:" in out


def test_history_of_split_tops_and_a_demand() -> None:
    hand = dealt(FILLER, "Kh Qs", rules=PanRules(tops_allow_split=True))
    everyone_plays(hand)
    hand.split_tops()
    assert history.actions(hand)[-1] == "p1 splittops"
    round_trip(hand)
    assert "split the tops" in render(hand)
    hand = forcing_position(PanRules(forcing="onDemand"))
    assert hand.can_draw()
    hand.demand(1)
    assert not hand.can_draw()
    assert history.actions(hand)[-1] == "p2 demand"
    round_trip(hand)
    assert "Bob calls for the live discard" in render(hand)


def test_the_history_modules_example_replays() -> None:
    doc = history.__doc__ or ""
    text = doc.split("p3 sluffing::")[1].split("Fields")[0]
    example = "\n".join(line.removeprefix("    ") for line in text.splitlines())
    hand = history.replay(history.loads(example))
    assert hand.melds(1) == (cards("Ac Ad Ad Ad"),) and hand.drawn == Card("2d")
    assert hand.stacks == [19, 19, 17]  # p3 lost his tops and the forfeit of 2


def test_table_conserves_chips_over_bot_hands() -> None:
    rules = PanRules(collection_fee=1)
    table = PanTable(rules, seats=5, seed=8)
    for name, chips in zip(("Ann", "Bob", "Cy", "Dee", "Eve"), (6, 10, 15, 20, 40), strict=True):
        table.join(name, chips)
    brought = 91
    for _ in range(15):
        try:
            hand = table.start_hand()
        except ValueError:  # fewer than two can post any more
            break
        for seat, why in table.sitting_out.items():
            assert table.chips(seat) < 2 and "posting takes 2" in why
        play_pan_bots(hand, lambda seat: GreedyPanBot(seat))
        result = table.settle()
        assert sum(p.chips for p in table.players) + table.carry + table.house == brought
        if result.winner is not None:
            assert table.first == result.winner
    assert table.hands_played >= 3


def test_upcard_takes_the_last_card_docs_rules_pan_6_6() -> None:
    # Found by tests/test_pan_stateful.py: with initialUpcard and one card left after the deal,
    # the upcard empties the stock. The stock running out is handled as after a turn (§6.6):
    # no dead discards to shuffle, so the hand is void and the tops carry over.
    hand = dealt(FILLER, "Kh", rules=PanRules(initial_upcard=True))
    everyone_plays(hand)
    assert hand.stock_size == 0 and hand.is_over
    assert hand.result.winner is None and hand.result.carry == hand.rules.tops_amount * 2


def test_the_seat_range_is_the_rules_players_min_to_max_docs_rules_pan_6_7() -> None:
    # Issue 28: PanRules(players_max=20) was accepted but a table of 18 chairs refused.
    table = PanTable(PanRules(players_max=20), seats=18, seed=1)
    for k in range(18):
        table.join(f"P{k}", 20)
    assert len(table.start_hand().seats) == 18
    with pytest.raises(ValueError, match=r"seats must be 2\.\.255"):
        PanTable(seats=256)
    with pytest.raises(ValueError, match=r"seats must be 3\.\.255"):
        PanTable(PanRules(players_min=3, players_max=6), seats=2)
