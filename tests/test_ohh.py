"""Open Hand History: the spec's own examples, round trips of every hand of ../shared/data,
hostile input, and any hand splitpot plays surviving dumps -> loads -> replay."""

from __future__ import annotations

import copy
import json
import os
import random
import tarfile
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import splitpot as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from splitpot import limits, ohh, phh
from splitpot.bots import RandomBot, play_bots
from splitpot.cli import main
from splitpot.hand import Hand
from splitpot.phh.setup import seat_layout

from tests.test_phh import CORPUS, played_hands
from tests.test_sites_review import real
from tests.test_sites_runs import REAL as RUNS_REAL

DATA = Path(__file__).parent / "data"
SPEC = DATA / "ohh" / "spec-examples.ohh"
SITES = [CORPUS.parent / "site-histories", CORPUS.parent / "site-histories-2"]


def spec_hands() -> list[phh.HandHistory]:
    return ohh.load(SPEC)


def by_name(hh: phh.HandHistory, values: list[Any]) -> dict[str, Any]:
    assert hh.players is not None
    return dict(zip(hh.players, values, strict=True))


def finish(hand: Hand, seed: int = 0) -> Hand:
    """The hand played to the end by splitpot's seeded bots (calling, or at random)."""
    if seed:
        return play_bots(hand, lambda seat: RandomBot(seed * 10 + seat))
    while not hand.is_over:
        la = hand.legal_actions()
        if la.bring_in is not None:
            hand.bring_in()
        elif la.discard:
            hand.discard(la.discard[0])
        else:
            hand.check_or_call()
    return hand


# --------------------------------------------------------------------------- the spec's examples


def test_spec_example_ipoker_cash_hand_reads_to_the_site_result() -> None:
    # hh-specs.handhistory.org "Holdem cash hand (iPoker)": EUR 0.01/0.02, Hero raises to 0.06,
    # Player1 (big blind) calls, raises Hero's flop bet of 0.06 to 0.18; Hero folds. The pot
    # of 0.25 (0.01 rake) goes to Player1: 0.24.
    hh = spec_hands()[0]
    assert hh.user_fields["_site"] == "iPoker" and hh.user_fields["_site_unit"] == "0.01"
    assert hh.currency == "EUR" and hh.hand == "8599887794" and hh.table == "Brehuiesti"
    assert (hh.year, hh.month, hh.day, str(hh.time)) == (2020, 4, 7, "14:32:50")
    assert hh.variant == "NT" and hh.min_bet == 2
    assert hh.players == ["Player10", "Player1", "Player3", "Player5", "Hero", "Player8"]
    assert hh.seats == [10, 1, 3, 5, 6, 8] and hh.blinds_or_straddles == [1, 2, 0, 0, 0, 0]
    assert "d dh p5 AsTc" in hh.actions and "p2 cbr 18" in hh.actions  # Raise 0.18 on the flop
    assert by_name(hh, hh.winnings or [])["Player1"] == 24
    assert hh.user_fields["_site_rake"] == 1
    # Player1: 0.80, put in 0.24, 0.12 of his raise uncalled, won 0.24.
    assert by_name(hh, hh.finishing_stacks or []) == {
        "Player10": 199, "Player1": 92, "Player3": 238, "Player5": 267, "Hero": 188, "Player8": 286
    }  # fmt: skip
    assert phh.check(hh).status == "match"


def test_spec_example_pokerstars_tournament_hand_is_read_in_chips() -> None:
    # "Holdem tournament hand (PokerStars)": 10/20, Player3 completes, Hero checks; Player3
    # bets 40 on the flop and Hero folds; the pot of 40 (Player3 mucks, alone) is his.
    hh = spec_hands()[1]
    assert hh.user_fields["_site_unit"] == "1" and hh.currency is None
    assert hh.event == "Tournament #2572001822"
    assert hh.user_fields["_ohh_tournament_info"]["buyin_amount"] == Decimal("0.23")
    assert not any(" sm" in a for a in hh.actions)  # a lone winner's muck is no showdown
    assert by_name(hh, hh.finishing_stacks or []) == {"Player3": 530, "Hero": 480, "Player2": 490}
    assert phh.check(hh).status == "match"


def test_spec_example_888_cash_hand_splits_the_pot_after_the_rake() -> None:
    # "Holdem cash hand (888)": Player5 and Player3 both hold kings full of... a king with the
    # same kickers on 8d Kh 2s Ts Kd: the 1.06 pot, less 0.06 rake, is split 0.50 each.
    hh = spec_hands()[2]
    assert hh.seats == [5, 6, 7, 9, 10, 1, 2, 3, 4] and hh.seat_count == 10  # seat 10 at 9-max
    won = by_name(hh, hh.winnings or [])
    assert won["Player5"] == won["Player3"] == 50 and sum(won.values()) == 100
    assert hh.user_fields["_site_rake"] == 6
    hand = phh.replay(hh)
    assert sorted(a.amount for a in hand.result.awards) == [53, 53]  # without the rake
    assert phh.check(hh).status == "match"


def test_spec_raise_amount_is_what_the_player_puts_in_with_the_action() -> None:
    # Spec "action": "if a player bet $2 and was raised then re-raised to a total of $20 the
    # amount for the raise should be 18.00".
    hand = Hand(sp.HOLDEM, sp.NoLimit(1, 2), [100, 100], seed=4)
    hand.check_or_call(), hand.check_or_call()
    hand.bet(2), hand.raise_to(6), hand.raise_to(20), hand.fold()
    data = ohh.to_ohh(hand, unit="1")["ohh"]
    flop = [(a["action"], a["amount"]) for a in data["rounds"][1]["actions"]]
    assert flop == [("Bet", 2), ("Raise", 6), ("Raise", 18), ("Fold", 0)]
    [hh] = ohh.loads(ohh.dumps(hand))
    assert hh.actions[-4:] == ["p1 cbr 2", "p2 cbr 6", "p1 cbr 20", "p2 f"]
    assert phh.replay(hh).final_stacks == hand.final_stacks


def test_storage_format_hands_separated_by_a_blank_line_or_not_at_all() -> None:
    # Spec "Storage Format": each {"ohh": ...} separated by one blank line; JSON Lines
    # writers (rs-poker) put one a line, and a pretty-printed hand spans many lines.
    hands = [finish(Hand(sp.OMAHA_HILO, sp.PotLimit(1, 2), [80, 90, 70], seed=s)) for s in range(3)]
    text = ohh.dumps_all(hands)
    assert text.count("\n\n") == 2 and text.endswith("}\n")
    objects = [json.loads(line) for line in text.split("\n\n")]
    pretty = "\n".join(json.dumps(o, indent=4) for o in objects)
    for variant in (text, text.replace("\n\n", "\n"), pretty):
        back = ohh.loads(variant)
        assert [phh.replay(h).final_stacks for h in back] == [h.final_stacks for h in hands]


def test_every_game_splitpot_plays_is_written_but_crazy_pineapple() -> None:
    written = {}
    for code, game in sp.GAMES.items():
        hand = finish(Hand(game, sp.FixedLimit(2, 4, bring_in=1), [60, 60, 60], seed=3))
        try:
            data = ohh.to_ohh(hand)["ohh"]
        except ohh.UnsupportedOHH as e:
            assert "crazy-pineapple" in code and "discard" in e.reason
            continue
        written[code] = (data["game_type"], [r["street"] for r in data["rounds"]][:2])
        [back] = ohh.loads(ohh.dumps(hand))
        assert phh.replay(back).game is game
    assert written["omaha6-8"] == ("OmahaHiLo", ["Preflop", "Flop"])
    assert written["stud8"] == ("StudHiLo", ["Third", "Fourth"])
    assert written["razz"][0] == "Razz"  # splitpot's: the spec has no game_type for it
    assert len(written) == len(sp.GAMES) - 2


# --------------------------------------------------------------------------- amounts and units


def ohh_hand(**changes: Any) -> dict[str, Any]:
    """A small valid hand object (chips), with fields replaced by ``changes``."""
    hand = finish(Hand(sp.HOLDEM, sp.NoLimit(1, 2), [100, 100, 100], seed=7))
    data: dict[str, Any] = json.loads(ohh.dumps(hand), parse_float=Decimal)["ohh"]
    data.pop("_splitpot")
    data.update(changes)
    return data


def text_of(data: dict[str, Any]) -> str:
    return ohh.text.dumps_json({"ohh": data})


def test_the_unit_is_a_cent_of_a_cash_game_and_a_chip_otherwise() -> None:
    [hh] = ohh.loads(text_of(ohh_hand(currency="USD")))  # 100 dollars: 10000 cents
    assert hh.starting_stacks == [10000] * 3 and hh.min_bet == 200 and hh.currency == "USD"
    assert hh.finishing_stacks is not None and sum(hh.finishing_stacks) == 30000
    assert phh.check(hh).status == "match"
    [hh] = ohh.loads(text_of(ohh_hand(currency="USD")), unit="1")
    assert hh.starting_stacks == [100, 100, 100]
    for currency in ("XPM", "PPC", ""):
        [hh] = ohh.loads(text_of(ohh_hand(currency=currency)))
        assert hh.starting_stacks == [100, 100, 100]
    [hh] = ohh.loads(text_of(ohh_hand(currency="EUR", tournament=True)))
    assert hh.starting_stacks == [100, 100, 100] and hh.currency is None
    data = ohh_hand(currency="USD", small_blind_amount=Decimal("0.005"))
    refused(text_of(data), "small_blind_amount is 0.005, finer than the chip unit 0.01")


def test_an_amount_finer_than_the_unit_is_refused_never_rounded() -> None:
    data = ohh_hand()
    data["players"][0]["starting_stack"] = Decimal("100.5")
    e = refused(text_of(data), r"players\[0\].starting_stack is 100.5, finer than the chip unit 1")
    assert "unit=" in str(e)
    [hh] = ohh.loads(text_of(data), unit="0.5")
    assert hh.starting_stacks == [201, 200, 200] and hh.min_bet == 4


def test_a_sites_unit_is_written_and_read_back() -> None:
    [hh] = ohh.loads(text_of(ohh_hand()))
    hh.user_fields.update(_site="Somewhere", _site_unit="0.05")
    data = ohh.to_ohh(hh)["ohh"]
    assert data["big_blind_amount"] == Decimal("0.10") and data["_splitpot"]["unit"] == "0.05"
    [back] = ohh.loads(ohh.dumps(hh))
    assert back.starting_stacks == hh.starting_stacks and back.user_fields["_site_unit"] == "0.05"


def test_a_half_chip_of_a_split_pot_is_kept_exactly() -> None:
    # PHH records a split's odd chip as half chips (10112.5); OHH writes it as a decimal win.
    files = [f for f in (DATA / "fo8-hilo-split.phh",) if f.exists()]
    hh = phh.load(files[0])
    assert phh.check(hh).status in ("match", "odd_chip")
    [back] = ohh.loads(ohh.dumps(hh))
    assert back.finishing_stacks == hh.finishing_stacks
    assert phh.check(back).status == phh.check(hh).status


# --------------------------------------------------------------------------- forced bets


def written_actions(hand: Hand) -> list[tuple[str, int, Any]]:
    data = ohh.to_ohh(hand)["ohh"]
    return [
        (a["action"], a["player_id"], a["amount"]) for r in data["rounds"] for a in r["actions"]
    ]


def round_trips(hand: Hand) -> phh.HandHistory:
    [back] = ohh.loads(ohh.dumps(hand))
    again = phh.replay(back)
    assert again.final_stacks == hand.final_stacks
    assert phh.check(back).status == "match"
    return back


def test_dead_blind_straddle_and_antes_are_posted_as_the_spec_names_them() -> None:
    hand = finish(
        Hand(
            sp.HOLDEM,
            sp.NoLimit(1, 2, ante=1),
            [50, 60, 70, 80, 90],
            seed=9,
            blinds=[1, 2, 4, 0, 0],
            dead_blinds=[0, 0, 0, 1, 0],
        )
    )
    posts = [(a, amount) for a, _, amount in written_actions(hand) if a.startswith(("Post", "Str"))]
    assert posts.count(("Post Ante", 1)) == 5
    assert ("Post SB", 1) in posts and ("Post BB", 2) in posts and ("Straddle", 4) in posts
    assert ("Post Dead", 1) in posts
    back = round_trips(hand)
    assert back.user_fields["_splitpot_dead_blinds"] == [0, 0, 0, 1, 0]


def test_a_big_blind_ante_is_the_tables_and_equal_antes_count_for_their_players() -> None:
    hh = phh.load(DATA / "nt-big-blind-ante.phh")
    [back] = ohh.loads(ohh.dumps(hh))
    assert back.ante_trimming_status is False and back.antes == hh.antes
    assert phh.check(back).status == phh.check(hh).status
    hh = phh.load(DATA / "nt-ante-trimming-short-stack.phh")
    [back] = ohh.loads(ohh.dumps(hh))
    assert back.ante_trimming_status is True
    assert phh.replay(back).final_stacks == phh.replay(hh).final_stacks


def test_a_blind_the_ante_put_all_in_is_posted_as_nothing_all_in() -> None:
    # The big blind has one chip, which the ante takes: he still "posts" the big blind, which
    # the others must call (docs/rules/poker.md §4.1).
    hand = finish(Hand(sp.HOLDEM, sp.NoLimit(1, 2, ante=1), [50, 1, 50, 50], seed=2))
    assert ("Post BB", 1, 0) in written_actions(hand)
    round_trips(hand)


def test_heads_up_the_button_posts_the_small_blind() -> None:
    hand = finish(Hand(sp.HOLDEM, sp.FixedLimit(2, 4), [40, 40], button=1, seed=5))
    data = ohh.to_ohh(hand)["ohh"]
    assert data["dealer_seat"] == 2
    [sb] = [a for a in data["rounds"][0]["actions"] if a["action"] == "Post SB"]
    assert data["players"][sb["player_id"]]["seat"] == 2
    back = round_trips(hand)
    assert back.small_bet == 2 and back.big_bet == 4


def test_an_empty_dealer_seat_and_the_sites_seat_numbers() -> None:
    hand = finish(Hand(sp.HOLDEM, sp.NoLimit(1, 2), [30, None, 40, 50], button=1, seed=1))
    assert ohh.to_ohh(hand)["ohh"]["dealer_seat"] == 2
    back = round_trips(hand)
    assert back.user_fields["_splitpot_button"] == 1 and back.seats == [3, 4, 1]


def test_unknown_cards_are_never_written() -> None:
    # The replay deals stand-ins for ?? cards; OHH gets only the cards the history knows.
    hh = phh.load(DATA / "po-unknown-cards.phh")
    hidden = [k for k, a in enumerate(a for a in hh.actions if a.startswith("d dh")) if "?" in a]
    assert hidden
    data = ohh.to_ohh(hh)["ohh"]
    events = [a for r in data["rounds"] for a in r["actions"]]
    dealt = {a["player_id"] for a in events if a["action"] == "Dealt Cards"}
    assert not dealt & set(hidden)
    for a in events:
        if a["action"] == "Shows Cards" and a["player_id"] in hidden:
            shown = next(x for x in hh.actions if x.startswith(f"p{a['player_id'] + 1} sm "))
            assert set(a["cards"]) <= {shown[i : i + 2] for i in range(6, len(shown), 2)}
    [back] = ohh.loads(ohh.dumps(hh))
    assert phh.check(back).status == phh.check(hh).status


def test_stud_streets_bring_in_and_up_cards() -> None:
    hand = finish(
        Hand(sp.SEVEN_CARD_STUD, sp.FixedLimit(2, 4, bring_in=1, ante=1), [40] * 4, seed=6)
    )
    assert len(hand.board) == 0 and hand.result.shown
    data = ohh.to_ohh(hand)["ohh"]
    assert [r["street"] for r in data["rounds"]] == [
        "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Showdown"
    ]  # fmt: skip
    assert (data["small_blind_amount"], data["big_blind_amount"]) == (1, 2)
    third = data["rounds"][0]["actions"]
    assert [a["action"] for a in third].count("Bring In") == 1
    assert {len(a["cards"]) for a in third if a["action"] == "Dealt Cards"} == {3}
    round_trips(hand)


def test_all_in_timeouts_are_kept_in_splitpots_object() -> None:
    hand = Hand(sp.HOLDEM, sp.NoLimit(1, 2), [50, 50, 50], seed=3)
    hand.raise_to(6), hand.timeout()  # the small blind: all-in for what he has put in
    finish(hand)
    data = ohh.to_ohh(hand)["ohh"]
    assert data["_splitpot"]["timeouts"] == [{"round": 0, "before": 7, "player_id": 0}]
    back = round_trips(hand)
    assert "# p1 timeout all-in" in back.actions


# --------------------------------------------------------------------------- refusals


def refused(text: str, match: str, kind: type[Exception] = ohh.OHHError) -> ohh.OHHError:
    with pytest.raises(kind, match=match) as info:
        ohh.loads(text, source="x.ohh")
    assert isinstance(info.value, ohh.OHHError) and len(str(info.value)) < 600
    return info.value


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"game_type": "Draw"}, "draw game"),
        ({"flags": ["Bomb_Pot"]}, "bomb pot"),
    ],
)
def test_what_splitpot_does_not_play_is_unsupported_naming_it(
    changes: dict[str, Any], match: str
) -> None:
    refused(text_of(ohh_hand(**changes)), match, ohh.UnsupportedOHH)


def run_twice() -> Hand:
    """Blinds 1/2, stacks 50, button seat 2: seat 2 all-in, the small blind folds, the big
    blind calls all-in; the board run twice (docs/rules/poker.md §6): 101 in 51 and 50, the
    kings win run 1, the aces run 2."""
    hand = Hand(
        sp.HOLDEM,
        sp.NoLimit(1, 2),
        [50, 50, 50],
        button=2,
        hole=["7c2d", "AhAd", "KhKd"],
        board="Kc8s5d3h2c" + "Ac9s6d4h2s",
        max_runs=2,
    )
    hand.raise_to(50), hand.fold(), hand.call()
    hand.run_it(2)
    return finish(hand)


def test_a_board_run_twice_is_the_flag_and_its_streets_again_under_the_next_ids() -> None:
    hand = run_twice()
    data = ohh.to_ohh(hand)["ohh"]
    assert data["flags"] == ["Run_It_Twice"]
    rounds = [(r["id"], r["street"], r.get("cards")) for r in data["rounds"]]
    assert rounds == [
        (0, "Preflop", None),
        (1, "Flop", ["Kc", "8s", "5d"]),
        (2, "Turn", ["3h"]),
        (3, "River", ["2c"]),
        (4, "Flop", ["Ac", "9s", "6d"]),
        (5, "Turn", ["4h"]),
        (6, "River", ["2s"]),
        (7, "Showdown", None),
    ]
    # The pots are the engine's, each player's wins on every run added up.
    assert [(w["player_id"], w["win_amount"]) for w in data["pots"][0]["player_wins"]] == [
        (1, 50),
        (2, 51),
    ]
    back = round_trips(hand)
    assert back.runout_count == 2 and "_ohh_flags" not in back.user_fields
    assert phh.replay(back).runs == 2


def flop_all_in() -> dict[str, Any]:
    """Heads-up, blinds 1/2, stacks 50: all-in on the flop (Qc 8s 5d), the turn and river
    run twice: Kc 2c gives seat 1's kings the first run, Ac 2s seat 0's aces the second;
    the pot of 100 in two halves. The hand object as another site would write it: the flag
    and the turn and river dealt again, no splitpot extension."""
    hand = Hand(
        sp.HOLDEM,
        sp.NoLimit(1, 2),
        [50, 50],
        button=1,
        hole=["AhAd", "KhKd"],
        board="Qc8s5d" + "Kc2c" + "Ac2s",
        max_runs=2,
    )
    hand.call(), hand.check(), hand.bet(48), hand.call()
    hand.run_it(2)
    data: dict[str, Any] = json.loads(ohh.dumps(finish(hand)), parse_float=Decimal)["ohh"]
    data.pop("_splitpot")
    return data


def test_a_board_run_twice_read_from_another_writer() -> None:
    data = flop_all_in()
    streets = [r["street"] for r in data["rounds"]]
    assert streets == ["Preflop", "Flop", "Turn", "River", "Turn", "River", "Showdown"]
    [hh] = ohh.loads(text_of(data))
    assert hh.runout_count == 2
    assert hh.actions[-6:-2] == ["d db Kc", "d db 2c", "d db Ac", "d db 2s"]
    assert hh.finishing_stacks == [50, 50] and phh.check(hh).status == "match"


def test_runs_that_contradict_each_other_are_refused() -> None:
    data = flop_all_in()
    river = dict(data["rounds"][3]) | {"id": 7, "street": "River", "cards": ["3c"]}
    again = data | {"rounds": [*data["rounds"][:6], river, data["rounds"][6]]}
    for i, r in enumerate(again["rounds"]):
        r["id"] = i
    refused(text_of(again), "run 3 of the board deals from another street")
    said = data | {"_splitpot": {"user_fields": {"_splitpot_runout_count": 3}}}
    refused(text_of(said), "_splitpot says 3 runs of the board; the rounds deal 2")


def test_a_street_twice_with_betting_is_no_run_and_a_cash_out_is_unsupported() -> None:
    # A street dealt again is the board run once more (§6): no one acts on it.
    data = ohh_hand()
    data["rounds"].insert(2, dict(data["rounds"][1]))
    for i, r in enumerate(data["rounds"]):
        r["id"] = i
    refused(text_of(data), "rounds.2..actions: a run of the board has no betting")
    data = ohh_hand()
    data["pots"][0]["player_wins"][0]["cashout_amount"] = 5
    refused(text_of(data), "cash-out", ohh.UnsupportedOHH)
    data = ohh_hand()
    data["rounds"][0]["actions"].append({"action_number": 99, "action": "Add to Pot", "amount": 5})
    refused(text_of(data), "money the site adds", ohh.UnsupportedOHH)


@pytest.mark.parametrize(
    ("path", "value", "match"),
    [
        (("game_type",), "Hold'em", "game_type \"Hold'em\" is not one of the spec's"),
        (("bet_limit", "bet_type"), "XL", "bet_type 'XL' is not NL, PL or FL"),
        (("table_size",), "6", "'table_size' must be a whole number"),
        (("table_size",), 11, "a table has 2 to 10 seats"),
        (("dealer_seat",), True, "'dealer_seat' must be a whole number"),
        (
            ("players", 0, "starting_stack"),
            "100",
            r"'players\[0\].starting_stack' must be a number",
        ),
        (("players", 0, "starting_stack"), -5, "a number >= 0"),
        (
            ("players", 0, "starting_stack"),
            "HUGE",
            f"at most {limits.PHH_MAX_AMOUNT_DIGITS} digits",
        ),
        (("players", 0, "seat"), 12, "is not a seat 1..10"),
        (("players", 1, "id"), 0, "player id 0 or seat 2 is given twice"),
        (("players", 0, "name"), None, "'players\\[0\\].name' must be a string"),
        (("rounds", 0, "actions", 0, "player_id"), 77, "player_id 77 is not a player dealt in"),
        (("rounds", 0, "actions", 0, "action"), "Steals", "'Steals' is not an action of the spec"),
        (("rounds", 0, "actions", 2, "cards"), ["As", "10h"], "must be a card"),
        (("rounds", 0, "actions", 2, "action_number"), 1, "does not follow 2"),
        (("rounds", 0, "street"), "Flop", "street 'Flop' where 'Preflop' comes next"),
        (("rounds", 1, "cards"), ["As"], "deals 3 board card"),
        (("pots", 0), {"number": 0, "amount": 1}, "the pots hold 1, but the players put in"),
        (("pots", 0, "player_wins", 0, "win_amount"), 10**6, "pays out 1000000"),
        (("rounds",), {"id": 0}, "'rounds' must be an array"),
        (("rounds",), [], "no rounds: a hand has at least its Preflop"),
        (("start_date_utc",), "yesterday", "not an ISO 8601 date"),
        (("_splitpot",), {"unit": "-1"}, "is not a positive amount"),
        (("_splitpot",), {"user_fields": {"x": 1}}, "'x' is not a user field"),
    ],
)
def test_every_bad_field_is_an_ohh_error_naming_it(
    path: tuple[Any, ...], value: Any, match: str
) -> None:
    data = ohh_hand()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    refused(text_of(data).replace('"HUGE"', "1e999999999"), match)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", None),
        ("[1, 2]", r'a hand is one object \{"ohh": \{...\}\}, not list'),
        ('{"ohh": {}, "x": 1}', "not the keys"),
        ('{"ohh": 5}', '"ohh" must be an object, not int'),
        ('{"ohh": {"a": NaN}}', "NaN is not a number JSON allows"),
        ('{"ohh": {"a": -Infinity}}', "not a number JSON allows"),
        ('{"ohh": {"a": 1, "a": 2}}', "the key 'a' is given twice"),
        (
            '{"ohh": {"a": ' + "9" * 5000 + "}}",
            f"an integer of more than {limits.PHH_MAX_AMOUNT_DIGITS} digits",
        ),
        ('{"ohh": {"a": 1.' + "5" * 500 + "}}", "a number of 502 characters"),
        ('{"ohh": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested more than 16"),
        ('{"ohh": {"a": ' + "[" * 20 + "]" * 20 + "}}", "nested more than 16"),
        ('{"ohh": {"spec_version": "1.4.7"', "not valid JSON"),
        ("\ufeff{}", "not the keys"),
    ],
)
def test_hostile_text_is_an_ohh_error(text: str, match: str | None) -> None:
    items = list(ohh.read(text, source="x.ohh"))
    if match is None:
        assert items == []
        return
    assert items and all(isinstance(i, ohh.OHHError) for i in items)
    assert any(re_search(match, str(i)) for i in items), [str(i) for i in items]


def re_search(pattern: str, text: str) -> bool:
    import re

    return re.search(pattern, text) is not None


def test_reading_goes_on_after_a_broken_hand() -> None:
    good = ohh.dumps(finish(Hand(sp.HOLDEM, sp.NoLimit(1, 2), [50, 50], seed=1)))
    text = good + '\n{"ohh": {"spec_version": \n\n' + good + "\n" + text_of(ohh_hand(table_size=1))
    items = list(ohh.read(text, source="x.ohh"))
    assert [type(i).__name__ for i in items] == [
        "HandHistory",
        "OHHError",
        "HandHistory",
        "OHHError",
    ]
    assert str(items[1]).startswith("x.ohh: hand 2: not valid JSON")
    assert "hand 4" in str(items[3]) and "table_size 1" in str(items[3])


def test_files_within_the_limits_only(tmp_path: Path) -> None:
    assert limits.OHH_MAX_BYTES == limits.PHH_MAX_BYTES and limits.OHH_MAX_NESTING == 16
    with pytest.raises(ohh.OHHError, match="more than the"):
        ohh.loads(" " * (limits.OHH_MAX_BYTES + 1))
    big = tmp_path / "big.ohh"
    with open(big, "wb") as f:
        f.truncate(limits.OHH_MAX_BYTES + 1)
    [outcome] = ohh.check_file(big)
    assert outcome.status == "error" and "larger than the" in outcome.detail
    latin = tmp_path / "latin.ohh"
    latin.write_bytes('{"ohh": {"site_name": "caf\xe9"}}'.encode("latin-1"))
    assert "not UTF-8" in ohh.check_file(latin)[0].detail
    with pytest.raises(TypeError, match="must be a str"):
        ohh.loads(b"{}")  # type: ignore[arg-type]
    with pytest.raises(ohh.OHHError, match="not a positive amount"):
        ohh.loads("", unit="0")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_named_ohh_is_never_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "x.ohh")
    [outcome] = ohh.check_file(tmp_path / "x.ohh")
    assert outcome.status == "error" and "not a regular file" in outcome.detail
    assert main(["replay", "--quiet", str(tmp_path)]) == 1


def _bases() -> list[dict[str, Any]]:
    """Hands to mangle: the spec's examples, stud hi/lo, straddle and dead blind, Omaha 5."""
    hands = [
        Hand(sp.SEVEN_CARD_STUD_HILO, sp.FixedLimit(2, 4, bring_in=1, ante=1), [40] * 4, seed=3),
        Hand(sp.HOLDEM, sp.NoLimit(1, 2), [50, 60, 70, 80], seed=9, blinds=[1, 2, 4, 0],
             dead_blinds=[0, 0, 0, 1]),
        Hand(sp.omaha(5), sp.PotLimit(1, 2), [30, 90, 60], seed=4),
    ]  # fmt: skip
    texts = SPEC.read_text().split("\n\n") + [ohh.dumps(finish(h, seed=2)) for h in hands]
    return [json.loads(t, parse_float=Decimal)["ohh"] for t in texts]


BASES = _bases()
ODD_WORDS = [
    "Fold", "Raise", "Call", "Straddle", "Bring In", "Shows Cards", "Mucks Cards", "Dealt Cards",
    "Post Dead", "Post BB", "As", "Preflop", "Flop", "Third", "Showdown", "Draw",
]  # fmt: skip
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**40), 10**40),
    st.decimals(allow_nan=False, allow_infinity=False, places=3),
    st.text(max_size=5),
    st.sampled_from(ODD_WORDS),
    st.sampled_from([[], {}, ["As", "Kd"], ["2c"], 0, 1, 2, 10]),
)


@st.composite
def mangled(draw: st.DrawFn) -> str:
    """A valid hand with one to three values anywhere replaced by others, or removed."""
    data = copy.deepcopy(draw(st.sampled_from(BASES)))
    places: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        for key, value in list(node.items() if isinstance(node, dict) else enumerate(node)):
            places.append((node, key))
            if isinstance(value, (dict, list)):
                walk(value)

    walk(data)
    for _ in range(draw(st.integers(1, 3))):
        node, key = draw(st.sampled_from(places))
        if isinstance(node, dict) and draw(st.booleans()):
            node.pop(key, None)
        elif isinstance(node, dict) or key < len(node):
            node[key] = draw(ODD_VALUES)
    return text_of(data)


@given(mangled())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_fuzz_a_mangled_hand_is_read_and_replayed_or_refused_never_a_crash(text: str) -> None:
    # Reading, replaying and writing back raise nothing but splitpot's errors; a hand that
    # still replays to its own result does so again from what splitpot writes of it.
    for item in ohh.read(text):
        if isinstance(item, ohh.OHHError):
            continue
        if phh.check(item).status != "match":
            continue
        try:
            again = ohh.dumps(item)
        except phh.PHHError:
            continue
        [back] = ohh.loads(again)
        assert phh.check(back).status == "match"


# --------------------------------------------------------------------------- the property


@given(played_hands())
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_any_hand_survives_dumps_loads_replay_with_identical_stacks(hand: Hand) -> None:
    try:
        text = ohh.dumps(hand)
    except ohh.UnsupportedOHH as e:
        assert "crazy-pineapple" in hand.game.code, e
        return
    [hh] = ohh.loads(text)
    if hand.runs > 1:  # docs/rules/poker.md §6: the flag, and the runs' streets again
        assert '"Run_It_Twice"' in text and hh.runout_count == hand.runs
    again = phh.replay(hh)
    assert again.stacks == hand.stacks
    if hand.is_over:
        assert again.final_stacks == hand.final_stacks
        assert phh.check(hh).status == "match"
    assert again.game is hand.game and again.structure == hand.structure


# --------------------------------------------------------------------------- the real data


def _corpus(sample: int | None = None) -> Iterator[phh.HandHistory]:
    """The corpus's hands, read from the tarball without extracting it (``sample``: that many
    at random, and the WSOP hands: stud, razz, Omaha, limit)."""
    if not CORPUS.exists():
        pytest.skip(f"the PHH corpus {CORPUS} is not beside the checkout")
    with tarfile.open(CORPUS) as tar:
        members = [m for m in tar.getmembers() if m.isfile() and m.name.endswith(".phh")]
        if sample is not None:
            wsop = [m for m in members if "/wsop/" in m.name]
            members = random.Random(26).sample(members, sample) + wsop
        for m in members:
            f = tar.extractfile(m)
            assert f is not None
            yield phh.loads(f.read().decode(), source=m.name)


def assert_round_trip(hh: phh.HandHistory) -> str:
    """PHH -> OHH -> PHH replays to the same result: the same status (a history without
    finishing stacks gets the pots splitpot paid: "unchecked" becomes "match"), the same final
    stacks player by player. Returns the status, or why OHH cannot hold the hand."""
    before = phh.check(hh)
    if before.status in ("unsupported", "error"):
        return before.status
    try:
        text = ohh.dumps(hh)
    except ohh.UnsupportedOHH as e:
        return f"not written: {e.reason}"
    [back] = ohh.loads(text)
    after = phh.check(back)
    assert after.status == before.status or (before.status, after.status) == ("unchecked", "match")
    a, b = phh.replay(hh), phh.replay(back)
    assert [a.stacks[s] for s in seat_layout(hh)[0]] == [b.stacks[s] for s in seat_layout(back)[0]]
    if before.status != "unchecked":
        assert back.finishing_stacks == hh.finishing_stacks
    return before.status


def test_a_sample_of_the_phh_corpus_round_trips() -> None:
    counts = Counter(assert_round_trip(hh) for hh in _corpus(sample=200))
    assert counts["match"] >= 250 and not [k for k in counts if "not written" in k], counts


@pytest.mark.slow
def test_the_whole_phh_corpus_round_trips() -> None:
    # Every stud, stud hi/lo and razz hand too; the 18 unsupported are draw and short deck.
    counts = Counter(assert_round_trip(hh) for hh in _corpus())
    assert counts["match"] >= 10_061 and counts["odd_chip"] == 8, counts
    assert counts["unsupported"] == 18 and sum(counts.values()) == 10_088, counts


def _site_hands() -> Iterator[phh.HandHistory]:
    from splitpot.sites import read_file

    present = [d for d in SITES if d.exists()]
    if not present:
        pytest.skip(f"the site histories {SITES[0]} are not beside the checkout")
    for folder in present:
        for f in sorted(folder.rglob("*")):
            if f.suffix in (".txt", ".xml") and f.is_file():
                yield from (h for h in read_file(f) if isinstance(h, phh.HandHistory))


@pytest.mark.parametrize(("pattern", "hand", "runs"), RUNS_REAL, ids=[h for _, h, _ in RUNS_REAL])
def test_the_sites_boards_run_more_than_once_round_trip(pattern: str, hand: str, runs: int) -> None:
    hh = real(pattern, hand)
    assert isinstance(hh, phh.HandHistory)
    assert assert_round_trip(hh) == "match"
    [back] = ohh.loads(ohh.dumps(hh))
    assert back.runout_count == runs


def test_every_hand_the_site_readers_read_round_trips() -> None:
    counts: Counter[str] = Counter()
    for hh in _site_hands():
        try:
            counts[assert_round_trip(hh)] += 1
        except ohh.OHHError as e:  # the site pays what no pot of the replay holds
            assert phh.check(hh).status == "mismatch", e
            counts["mismatch not written"] += 1
    assert counts["match"] >= 2900 and counts["mismatch not written"] <= 5, counts


# --------------------------------------------------------------------------- the command line


def test_convert_to_ohh_then_replay_and_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = tmp_path / "hands.phhs"
    args = ["simulate", "--game", "omaha8", "--structure", "pot-limit", "--players", "4"]
    assert main([*args, "--hands", "12", "--seed", "3", "--out", str(hands), "--quiet"]) == 0
    out = tmp_path / "hands.ohh"
    assert main(["convert", str(hands), "--to", "ohh", "--out", str(out)]) == 0
    assert len(ohh.load(out)) == 12 and out.read_text().isascii()
    capsys.readouterr()
    assert main(["replay", "--quiet", str(tmp_path)]) == 0
    assert "24 matched their finishing stacks exactly" in capsys.readouterr().out
    assert main(["show", str(out), "--hand", "2"]) == 0
    assert "Omaha Hi/Lo" in capsys.readouterr().out
    back = tmp_path / "back.phhs"
    assert main(["convert", str(out), "--to", "phhs", "--out", str(back)]) == 0
    assert [h.finishing_stacks for h in phh.load_all(back)] == [
        h.finishing_stacks for h in phh.load_all(hands)
    ]


def test_convert_skips_a_hand_ohh_cannot_hold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cp.ohh"
    assert (
        main(["convert", str(DATA / "ncp-crazy-pineapple.phh"), "--to", "ohh", "--out", str(out)])
        == 1
    )
    err = capsys.readouterr().err
    assert "skipped" in err and "discard" in err and "Traceback" not in err


def test_replay_reports_a_bad_ohh_file_as_an_error_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.json").write_text('{"ohh": {"spec_version": "1"}}\n\n[1]\n')
    (tmp_path / "draw.ohh").write_text(text_of(ohh_hand(game_type="Draw")))
    assert main(["replay", "--quiet", "--json", str(tmp_path)]) == 1
    summary = json.loads(capsys.readouterr().out)
    assert summary["hands"] == 3
    assert main(["replay", "--quiet", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "1 not played by splitpot" in out and "2 failed" in out and "Traceback" not in out
