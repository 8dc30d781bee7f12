"""One-table tournaments: the schedule, eliminations and places, payouts (docs/tournaments.md)."""

from __future__ import annotations

import doctest
import io
from fractions import Fraction

import pytest
import splitpot.tournament
from splitpot import IllegalAction, SplitpotError
from splitpot.betting import BettingStructure, FixedLimit, NoLimit, PotLimit
from splitpot.games import HOLDEM, OMAHA_HILO, SEVEN_CARD_STUD
from splitpot.hand import BlindPosting, Folding, Hand
from splitpot.phh import HandHistory, dump_all, loads_all, replay
from splitpot.table import Table
from splitpot.tournament import (
    Finish,
    Level,
    Tournament,
    doubling_levels,
    play_tournament,
)


def shove(hand: Hand) -> None:
    """Every player puts in every chip: raise all-in when he can, else call, else check."""
    while not hand.is_over:
        la = hand.legal_actions()
        if la.raise_to is not None:
            hand.raise_to(la.raise_to[1])
        elif la.bet is not None:
            hand.bet(la.bet[1])
        elif la.call is not None:
            hand.call()
        elif la.check:
            hand.check()
        else:
            hand.show()


def fold_around(hand: Hand) -> None:
    while not hand.is_over:
        hand.fold()


def four_handed(prizes: list[int]) -> Tournament:
    return Tournament(
        HOLDEM, "no-limit", [Level(5, 10)], ["A", "B", "C", "D"], 100, prizes=prizes, seed=1
    )


def blinds(hand: Hand) -> list[tuple[int, int]]:
    return [(e.seat, e.amount) for e in hand.events if isinstance(e, BlindPosting)]


def test_players_out_in_one_hand_are_placed_by_their_chips_at_its_start() -> None:
    """docs/tournaments.md "Places": hand 1 everyone folds to C's big blind (A 100, B 95,
    C 105, D 100). Hand 2 all four go all-in and C's aces win every chip: B (95 at the start)
    is 4th; A and D (100 each) tie for 2nd-3rd and share 31 + 20 = 51, the odd unit to the
    tied player first clockwise from the button's left (button B: D before A)."""
    t = four_handed([50, 31, 20])
    first = t.start_hand()
    assert first.button == 0 and blinds(first) == [(1, 5), (2, 10)]
    fold_around(first)
    assert t.stacks == {"A": 100, "B": 95, "C": 105, "D": 100}
    second = t.start_hand(hole={0: "2c7d", 1: "3c8d", 2: "AsAh", 3: "4h9s"}, board="AcKdQs5h2d")
    assert second.button == 1
    shove(second)
    assert t.is_over
    assert [(f.name, f.place, f.tied, f.hand, f.chips_at_start) for f in t.standings] == [
        ("C", 1, 1, None, 400),
        ("D", 2, 2, 2, 100),
        ("A", 2, 2, 2, 100),
        ("B", 4, 1, 2, 95),
    ]
    assert t.places == {"C": 1, "D": 2, "A": 2, "B": 4}
    assert t.payouts() == {"C": 50, "D": 26, "A": 25, "B": 0}
    assert t.icm() == {"A": 25, "B": 0, "C": 50, "D": 26}


def test_one_out_takes_the_last_place_free() -> None:
    """docs/tournaments.md "Places": the first player out of four is 4th; A's jacks lose
    to D's kings (hand 1, button A, B and C blinds, D and A all-in, the blinds fold)."""
    t = four_handed([60, 40])
    hand = t.start_hand(hole={0: "JcJd", 3: "KcKd"}, board="2c5h8s9dAs")
    hand.raise_to(100)  # D
    hand.call()  # A
    hand.fold()  # B
    hand.fold()  # C
    assert t.standings == [Finish("A", 4, 1, 1, 100)]
    assert t.remaining == ["B", "C", "D"]
    assert t.stacks == {"B": 95, "C": 90, "D": 215}
    assert not t.is_over
    assert 0 not in t.start_hand().seats  # out for good


def test_heads_up_the_button_posts_the_small_blind() -> None:
    """docs/rules/poker.md §4.1, the table's rule: B is out in hand 1, and with two left the
    button (C, next clockwise from A) posts the small blind and acts first before the flop."""
    t = Tournament(HOLDEM, "nl", [Level(5, 10)], ["A", "B", "C"], 50, prizes=[100], seed=4)
    hand = t.start_hand(hole={1: "2c3d", 2: "4c4d"}, board="KhQh7s8s9c")
    assert hand.button == 0
    hand.fold()  # A, on the button, acts first three-handed
    hand.raise_to(50)  # B, small blind, all-in
    hand.call()  # C, big blind: his fours win
    assert t.standings == [Finish("B", 3, 1, 1, 50)]
    assert t.stacks == {"A": 50, "C": 100}
    nxt = t.start_hand()
    assert nxt.button == 2 and nxt.seats == [0, 2]
    assert blinds(nxt) == [(2, 5), (0, 10)]
    assert nxt.actor == 2


def test_levels_advance_by_hands_played() -> None:
    """A level with ``hands=N`` lasts N hands; the last level lasts for ever."""
    levels = [Level(1, 2, hands=2), Level(2, 4, ante=1, hands=1), Level(5, 10, hands=3)]
    t = Tournament(HOLDEM, "no-limit", levels, ["A", "B", "C"], 1000, prizes=[1], seed=2)
    seen = []
    for _ in range(7):
        hand = t.start_hand()
        seen.append(hand.structure)
        fold_around(hand)
    assert seen == [NoLimit(1, 2)] * 2 + [NoLimit(2, 4, ante=1)] + [NoLimit(5, 10)] * 4
    assert t.level_index == 2 and t.hands_played == 7


def test_levels_advanced_by_the_application_apply_from_the_next_hand() -> None:
    levels = [Level(1, 2), Level(3, 6), Level(10, 20, hands=1)]
    t = Tournament(HOLDEM, "pot-limit", levels, ["A", "B"], 500, prizes=[1], seed=2)
    hand = t.start_hand()
    assert t.advance_level() == Level(3, 6)
    assert hand.structure == PotLimit(1, 2)  # the hand dealt keeps its stakes
    fold_around(hand)
    assert t.start_hand().structure == PotLimit(3, 6)
    fold_around(t.hand)  # type: ignore[arg-type]
    t.advance_level()
    with pytest.raises(IllegalAction, match="already at the last level"):
        t.advance_level()


def test_fixed_limit_levels_bet_the_big_blind_and_twice_it() -> None:
    s = Level(10, 20, 2).structure(BettingStructure.FIXED_LIMIT)
    assert s == FixedLimit(20, 40, small_blind=10, big_blind=20, ante=2)


def test_doubling_levels() -> None:
    assert doubling_levels(5, 10, hands=4, count=3, ante=1) == [
        Level(5, 10, 1, hands=4),
        Level(10, 20, 2, hands=4),
        Level(20, 40, 4, hands=4),
    ]


def check_event(result: splitpot.tournament.TournamentResult, players: int, stack: int) -> None:
    """Chips conserved hand by hand, one winner, every place taken once (or shared by a tie),
    a player out never dealt in again, the payouts the prize pool."""
    t = result.tournament
    out: set[int] = set()
    for hand in result.hands:
        assert out.isdisjoint(hand.seats)
        assert sum(v for v in hand.starting_stacks if v) == players * stack
        assert sum(hand.final_stacks) == players * stack
        out.update(s for s in hand.seats if hand.final_stacks[s] == 0)
    assert result.finished and t.is_over
    places = sorted(f.place for f in result.standings)
    assert len(places) == players and places.count(1) == 1
    for f in result.standings:  # a tie for k places shares them: k players on the best one
        assert places.count(f.place) == f.tied
    assert result.payouts is not None and sum(result.payouts.values()) == t.prize_pool
    assert set(result.payouts) == set(t.players)
    assert result.equity == {n: Fraction(v) for n, v in result.payouts.items()}


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("bots", ["simple", "random", "calling"])
def test_a_six_player_bot_tournament_ends_with_one_winner(seed: int, bots: str) -> None:
    result = play_tournament(6, bots=bots, seed=seed, prizes=[50, 30, 20])
    check_event(result, 6, 1500)
    assert len(result.hands) < 500


@pytest.mark.parametrize(
    ("game", "structure"),
    [(OMAHA_HILO, "pot-limit"), (SEVEN_CARD_STUD, "fixed-limit"), (HOLDEM, "fl")],
)
def test_other_games_and_structures_play_to_the_end(game: object, structure: str) -> None:
    result = play_tournament(
        ["Ann", "Bob", "Cy", "Di"],
        game=game,  # type: ignore[arg-type]
        structure=structure,
        starting_stack=300,
        prizes=[7, 3],
        bots=["simple", "random", "calling", "simple"],
        seed=11,
    )
    check_event(result, 4, 300)


def test_bot_tournaments_are_reproducible_from_a_seed() -> None:
    a = play_tournament(5, seed=42, bots="random")
    b = play_tournament(5, seed=42, bots="random")
    assert [h.events for h in a.hands] == [h.events for h in b.hands]
    assert a.payouts == b.payouts
    c = play_tournament(5, seed=43, bots="random")
    assert [h.events for h in a.hands] != [h.events for h in c.hands]


def test_the_hand_cap_stops_an_unfinished_tournament() -> None:
    result = play_tournament(
        4, levels=[Level(1, 2)], starting_stack=10_000, bots="calling", seed=1, max_hands=5
    )
    assert not result.finished and result.payouts is None and len(result.hands) == 5
    assert sum(result.equity.values()) == result.tournament.prize_pool


def test_every_hand_writes_as_phh_and_replays() -> None:
    result = play_tournament(4, starting_stack=200, seed=9)
    text = io.StringIO()
    dump_all(
        (HandHistory.from_hand(h, players=result.tournament.players_of(h)) for h in result.hands),
        text,
    )
    histories = loads_all(text.getvalue())
    assert len(histories) == len(result.hands)
    for history, hand in zip(histories, result.hands, strict=True):
        assert replay(history).final_stacks == hand.final_stacks
        assert history.players == [result.tournament.seat_names[s] for s in hand.seats]


def test_icm_mid_tournament_is_decided_prizes_plus_the_stacks_equity() -> None:
    """After A is out 4th (no prize), B 95, C 90, D 215 play for 60/40: their equities are
    icm_equity([95, 90, 215], [60, 40]) and the sum is the pool."""
    t = four_handed([60, 40])
    hand = t.start_hand(hole={0: "JcJd", 3: "KcKd"}, board="2c5h8s9dAs")
    hand.raise_to(100)
    hand.call()
    hand.fold()
    hand.fold()
    equity = t.icm()
    assert equity["A"] == 0 and sum(equity.values()) == 100
    assert [equity[n] for n in "BCD"] == splitpot.icm.icm_equity([95, 90, 215], [60, 40])
    with pytest.raises(IllegalAction, match="not over"):
        t.payouts()


def test_a_hand_must_end_before_the_next() -> None:
    t = four_handed([1])
    t.start_hand()
    with pytest.raises(IllegalAction, match="not over"):
        t.start_hand()


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"players": ["A", "A"]}, SplitpotError, "every name must be different"),
        ({"players": ["A"]}, SplitpotError, "at least 2"),
        ({"players": ["A", 3]}, TypeError, r"players\[1\] must be a non-empty name"),
        ({"players": "AB"}, TypeError, "players must be a sequence"),
        ({"prizes": [5, 3, 1]}, SplitpotError, "3 places paid but only 2 players"),
        ({"prizes": [5, -1]}, SplitpotError, r"prizes\[1\] must be at least 0"),
        ({"prizes": [5.0]}, TypeError, r"prizes\[0\] must be an int"),
        ({"starting_stack": 0}, SplitpotError, "starting_stack must be at least 1"),
        ({"levels": []}, SplitpotError, "at least one level"),
        ({"levels": [(1, 2)]}, TypeError, r"levels\[0\] must be a Level"),
        ({"structure_kind": "no-bet"}, ValueError, "unknown betting structure"),
        ({"structure_kind": 3}, TypeError, "structure_kind must be"),
        ({"players": list("ABCDEFGHIJK")}, SplitpotError, "11 players for a table of 10"),
    ],
)
def test_bad_tournaments_are_refused_by_name(
    kwargs: dict[str, object], error: type, match: str
) -> None:
    args: dict[str, object] = {
        "game": HOLDEM,
        "structure_kind": "no-limit",
        "levels": [Level(1, 2)],
        "players": ["A", "B"],
        "starting_stack": 100,
        "prizes": [1],
        **kwargs,
    }
    with pytest.raises(error, match=match):
        Tournament(**args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        ((5, 2), {}, SplitpotError, "small_blind 5 must not exceed big_blind 2"),
        ((0, 0), {}, SplitpotError, "big_blind must be at least 1"),
        ((1, 2, -1), {}, SplitpotError, "ante must be at least 0"),
        ((1, 2), {"hands": 0}, SplitpotError, "hands must be at least 1"),
        ((1.5, 2), {}, TypeError, "small_blind must be an int"),
    ],
)
def test_bad_levels_are_refused(
    args: tuple[object, ...], kwargs: dict[str, object], error: type, match: str
) -> None:
    with pytest.raises(error, match=match):
        Level(*args, **kwargs)  # type: ignore[arg-type]


def test_play_tournament_refuses_unknown_bots() -> None:
    with pytest.raises(SplitpotError, match="bots: one of"):
        play_tournament(3, bots="shark")
    with pytest.raises(SplitpotError, match="bots: one of"):
        play_tournament(3, bots=["simple", "random"])


def test_calling_stations_see_every_showdown() -> None:
    """A sanity check of the bot seating: calling stations never fold, so every hand of a
    tournament of them ends at a showdown or an all-in, never folded around."""
    result = play_tournament(3, bots="calling", seed=3)
    assert all(not any(isinstance(e, Folding) for e in h.events) for h in result.hands)


def test_a_stud_hand_with_nothing_in_the_pot_settles() -> None:
    """Found by the tournament state machine: stud with no ante and a bring-in of 0
    (NoLimit(0, 1)), everyone checks to the showdown; the hand raised PotError ("high ranking
    for seat 0, which is not in the hand") instead of ending with the stacks unchanged."""
    table = Table(SEVEN_CARD_STUD, NoLimit(0, 1), seed=0)
    for name in "ABC":
        table.join(name, 10)
    hand = table.start_hand()
    while not hand.is_over:
        la = hand.legal_actions()
        if la.check:
            hand.check()
        else:
            hand.show()
    assert hand.final_stacks[:3] == [10, 10, 10]


def test_doctests() -> None:
    result = doctest.testmod(splitpot.tournament)
    assert result.attempted > 0 and result.failed == 0


def test_play_tournament_takes_names_and_refuses_a_string() -> None:
    result = play_tournament(["Ann", "Bob"], starting_stack=100, prizes=[1], seed=2)
    assert set(result.payouts or {}) == {"Ann", "Bob"}
    with pytest.raises(TypeError, match="players must be a sequence"):
        play_tournament("AB")
    with pytest.raises(SplitpotError, match="players must be at least 2"):
        play_tournament(1)
