"""The hand state machine: seed examples in play and scenarios with fixed cards.

Rules from docs/rules/poker.md §3 (betting), §4.1 (blinds and order), §5 (showdown), §6 (pots) and
§7 (timeouts). Seats are clockwise; the button is the last seat unless a test says otherwise.
"""

from __future__ import annotations

import dataclasses

import pytest
import splitpot as sp
from splitpot.betting import FixedLimit, NoLimit, PotLimit
from splitpot.games import (
    CRAZY_PINEAPPLE,
    CRAZY_PINEAPPLE_HILO,
    HOLDEM,
    OMAHA,
    OMAHA_HILO,
    game,
    omaha,
)
from splitpot.hand import (
    AntePosting,
    BlindPosting,
    ChipsReturning,
    Hand,
    HandEnding,
    LegalActions,
    Mucking,
    Phase,
    PotAwarding,
    RaisingTo,
    SeatStatus,
    Showing,
    TimingOut,
)
from splitpot.pots import Pot, Rake

IllegalAction = sp.IllegalAction


def act(hand: Hand, moves: str) -> None:
    """Play moves: ``f`` fold, ``k`` check, ``c`` call, ``b10`` bet, ``r10`` raise to,
    ``dAh`` discard, ``s`` show, ``m`` muck, ``t`` timeout, ``cc`` check or call."""
    for move in moves.split():
        if move == "cc":
            hand.check_or_call()
        elif move == "f":
            hand.fold()
        elif move == "k":
            hand.check()
        elif move == "c":
            hand.call()
        elif move[0] == "b":
            hand.bet(int(move[1:]) if move[1:] else None)
        elif move[0] == "r":
            hand.raise_to(int(move[1:]) if move[1:] else None)
        elif move[0] == "d":
            hand.discard(move[1:])
        elif move == "s":
            hand.show()
        elif move == "m":
            hand.muck()
        elif move == "t":
            hand.timeout()
        else:
            raise AssertionError(f"unknown move {move}")


def actors(hand: Hand, moves: str) -> list[int | None]:
    """The seat to act before each move, then after the last."""
    seen = []
    for move in moves.split():
        seen.append(hand.actor)
        act(hand, move)
    seen.append(hand.actor)
    return seen


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (
        hand.events,
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.actor,
        hand.phase,
        hand.legal_actions(),
        hand.board,
        [hand.status(s) for s in range(hand.seat_count)],
    )


# --------------------------------------------------------------------------- seed examples in play


def test_seed_pot_limit_max_800_in_play() -> None:
    # Pot 200 after preflop; seat 0 bets 150, seat 1 calls 150: seat 2 may raise to 800.
    h = Hand(HOLDEM, PotLimit(25, 50), [5000] * 4, seed=1)
    act(h, "c c c k")
    assert h.pot == 200 and h.street == "flop"
    act(h, "b150 c")
    assert h.legal_actions().raise_to == (300, 800)
    with pytest.raises(IllegalAction, match=r"may raise to 300\.\.800, not 801"):
        h.raise_to(801)
    h.raise_to(800)
    assert h.contributions == [200, 200, 850, 50]


def test_seed_pot_limit_max_50_in_play() -> None:
    # Pot 10 (five players limp for 2); seat 0 bets 10, seat 1 calls 10: max total 50.
    h = Hand(HOLDEM, PotLimit(1, 2), [1000] * 5, seed=2)
    act(h, "c c c c k")
    assert h.pot == 10
    act(h, "b10 c")
    assert h.legal_actions().raise_to == (20, 50)
    # Preflop pot raise with blinds 1/2 is 7.
    h2 = Hand(HOLDEM, PotLimit(1, 2), [1000] * 5, seed=2)
    assert h2.legal_actions().raise_to == (4, 7)


def test_seed_no_limit_bet_100_raise_to_at_least_200_in_play() -> None:
    h = Hand(HOLDEM, NoLimit(25, 50), [5000] * 3, seed=3)
    act(h, "c c k")
    act(h, "b100")
    assert h.legal_actions().raise_to == (200, 4950)
    with pytest.raises(IllegalAction, match=r"may raise to 200\.\.4950, not 150"):
        h.raise_to(150)
    act(h, "r200")
    assert h.legal_actions().raise_to == (300, 4950)  # the last raise was 100


def test_seed_limit_5_10_posts_small_blind_2() -> None:
    h = Hand(HOLDEM, FixedLimit(5, 10), [100] * 4, seed=4)
    posts = [e for e in h.events if isinstance(e, BlindPosting)]
    assert posts == [BlindPosting(0, 2), BlindPosting(1, 5)]
    assert h.legal_actions() == LegalActions(2, fold=True, call=5, raise_to=(10, 10))


def test_seed_four_bet_cap() -> None:
    # "A maximum of four bets, which includes one bet and three raises"; the blinds are the
    # opening bet preflop.
    h = Hand(HOLDEM, FixedLimit(2, 4), [100] * 5, seed=5)
    act(h, "r4 r6 r8")
    la = h.legal_actions()
    assert la.raise_to is None and la.call == 7 and la.fold
    with pytest.raises(IllegalAction, match="capped at 4 bets"):
        h.raise_to(10)
    act(h, "c c c c")  # seats 0, 1 call; the flop
    assert h.street == "flop"
    act(h, "b2 r4 r6 r8")  # seat 0 bets, 1, 2, 3 raise: four bets
    assert not h.can_raise_to()
    act(h, "c f c c")
    assert h.street == "turn"
    act(h, "b4")
    assert h.legal_actions().raise_to == (8, 8)  # the big bet from the turn


def test_seed_heads_up_five_raise_cap() -> None:
    # "One on One games have a cap after 5 raises": blind + five raises preflop.
    h = Hand(HOLDEM, FixedLimit(2, 4), [100, 100], seed=6)
    act(h, "r4 r6 r8 r10 r12")
    assert h.legal_actions().raise_to is None
    act(h, "c")
    act(h, "b2 r4 r6 r8 r10 r12")
    assert not h.can_raise_to(14)


def test_big_blind_option() -> None:
    # "The player who has the big blind is given the option to fold, check or raise if no one
    # has raised before him/her" (seed 003).
    h = Hand(HOLDEM, NoLimit(1, 2), [100] * 4, seed=7)
    act(h, "c c c")
    assert h.actor == 1 and h.street == "preflop"
    assert h.legal_actions() == LegalActions(1, fold=True, check=True, raise_to=(4, 100))
    act(h, "r6")
    assert h.actor == 2 and h.legal_actions().call == 4  # the limpers act again
    # Limit: the option is a raise of one bet.
    h = Hand(HOLDEM, FixedLimit(2, 4), [100] * 3, seed=7)
    act(h, "c c")
    assert h.legal_actions() == LegalActions(1, fold=True, check=True, raise_to=(4, 4))
    act(h, "k")
    assert h.street == "flop"


def test_order_of_action_every_street() -> None:
    # Preflop left of the big blind; later rounds the first active player left of the button.
    h = Hand(HOLDEM, NoLimit(1, 2), [100] * 6, seed=8)
    assert actors(h, "c c c c c k") == [2, 3, 4, 5, 0, 1, 0]
    assert h.street == "flop"
    assert actors(h, "k k k k k k") == [0, 1, 2, 3, 4, 5, 0]
    assert actors(h, "k b2 c c c c f") == [0, 1, 2, 3, 4, 5, 0, 1]  # the small blind folds
    assert h.street == "river"
    assert actors(h, "k k k k k") == [1, 2, 3, 4, 5, None]
    assert h.is_over


def test_order_of_action_with_the_button_elsewhere() -> None:
    h = Hand(HOLDEM, NoLimit(1, 2), [100] * 6, button=2, seed=9)
    assert [e.seat for e in h.events if isinstance(e, BlindPosting)] == [3, 4]
    assert actors(h, "c c c c c k") == [5, 0, 1, 2, 3, 4, 3]


def test_heads_up_order() -> None:
    # "the button posts the small blind", acts first preflop and last after the flop.
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=10)
    assert h.button == 1
    assert [(e.seat, e.amount) for e in h.events if isinstance(e, BlindPosting)] == [(1, 1), (0, 2)]
    assert actors(h, "c k") == [1, 0, 0]
    assert actors(h, "k k") == [0, 1, 0]
    assert actors(h, "k k k k") == [0, 1, 0, 1, None]
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], button=0, seed=10)
    assert actors(h, "c k k") == [0, 1, 1, 0]


# --------------------------------------------------------------------------- short all-ins


def test_short_all_in_does_not_reopen_the_betting() -> None:
    # §3 DECISION: seat 2 bets 100, seat 0 calls, seat 1 is all-in for 150 (short): seats 2
    # and 0 may only call or fold.
    h2 = Hand(HOLDEM, NoLimit(25, 50), [1000, 175, 1000], seed=11)
    act(h2, "c c k k k b100 c")
    la = h2.legal_actions()
    assert la.seat == 1 and la.raise_to == (125, 125)  # all-in for less is his only raise
    act(h2, "r125")
    la = h2.legal_actions()
    assert la.seat == 2 and la.raise_to is None and la.call == 25
    with pytest.raises(IllegalAction, match="short of a full raise does not reopen"):
        h2.raise_to(300)
    act(h2, "c")
    assert h2.legal_actions() == LegalActions(0, fold=True, call=25)
    act(h2, "c")
    assert h2.street == "turn"


def test_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    # TDA-style: bet 100, all-in 125, call, all-in 200: facing a total raise of 100 reopens.
    h = Hand(HOLDEM, NoLimit(25, 50), [2000, 175, 2000, 250], button=3, seed=12)
    act(h, "c c c k")  # seat 3 (button) and the blinds... everyone limps for 50
    act(h, "b100 r125 c r200")
    la = h.legal_actions()
    assert la.seat == 0 and la.raise_to == (300, 1950)
    act(h, "c")
    # Seat 2 called 125 and now faces only 75 more: not a full raise, not reopened for him.
    assert h.legal_actions() == LegalActions(2, fold=True, call=75)


def test_limit_short_all_in_is_completed() -> None:
    # Seat 0 bets 4, seat 1 is all-in for 5: seat 2 may complete the raise to 8.
    h = Hand(HOLDEM, FixedLimit(2, 4), [100, 7, 100], seed=13)
    act(h, "c c k k k k")
    act(h, "b4 r5")
    assert h.legal_actions() == LegalActions(2, fold=True, call=5, raise_to=(8, 8))
    # With the half-bet rule the all-in for 7 (three quarters of a bet) is a raise.
    h = Hand(HOLDEM, FixedLimit(2, 4, half_bet_rule=True), [100, 9, 100], seed=13)
    act(h, "c c k k k k b4 r7")
    assert h.legal_actions().raise_to == (11, 11)


# --------------------------------------------------------------------------- illegal actions


def test_illegal_actions_leave_the_hand_unchanged() -> None:
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 100], seed=14)
    before = snapshot(h)
    attempts: list[tuple[object, tuple[object, ...], str]] = [
        (h.check, (), "faces a bet of 2: call\\(\\) \\(2\\) or fold\\(\\)"),
        (h.bet, (10,), "faces a bet of 2: use raise_to"),
        (h.raise_to, (3,), "may raise to 4..100, not 3"),
        (h.raise_to, (101,), "not 101"),
        (h.raise_to, (4.0,), "whole number of chips"),
        (h.discard, ("Ah",), "no discard now"),
        (h.show, (), "not the showdown"),
        (h.muck, (), "not the showdown"),
    ]
    for method, args, message in attempts:
        assert callable(method)
        with pytest.raises(IllegalAction, match=message):
            method(*args)
        assert snapshot(h) == before
    assert not h.can_check() and not h.can_bet() and h.can_call() and h.can_fold()
    assert h.can_raise_to(4) and not h.can_raise_to(3)
    act(h, "c c k")
    with pytest.raises(IllegalAction, match="nothing to call; check\\(\\) instead"):
        h.call()
    with pytest.raises(IllegalAction, match="no bet to raise; seat 0 may bet"):
        h.raise_to(4)
    act(h, "b2 f f")
    assert h.is_over
    with pytest.raises(IllegalAction, match="the hand is over"):
        h.fold()
    with pytest.raises(IllegalAction, match="the hand is over"):
        h.timeout()


def test_invalid_set_up_is_refused() -> None:
    with pytest.raises(sp.InvalidCards, match="duplicate card Ah"):
        Hand(HOLDEM, NoLimit(1, 2), [10, 10], hole=["AhKh", "AhQd"])
    with pytest.raises(sp.InvalidCards, match="duplicate card Kh"):
        Hand(HOLDEM, NoLimit(1, 2), [10, 10], hole=["AhKh", None], board="Kh2c3c")
    with pytest.raises(sp.InvalidCards, match="seat 1 must be dealt 4 hole cards"):
        Hand(OMAHA, NoLimit(1, 2), [10, 10], hole=["AhKhQhJh", "2c3c"])
    with pytest.raises(ValueError, match="played by 2 to 10 players, got 1"):
        Hand(HOLDEM, NoLimit(1, 2), [10])
    with pytest.raises(ValueError, match="2 to 7 players, got 8"):
        Hand(omaha(6), NoLimit(1, 2), [10] * 8)
    with pytest.raises(ValueError, match="stack of seat 1 must be > 0"):
        Hand(HOLDEM, NoLimit(1, 2), [10, 0])
    with pytest.raises(ValueError, match=r"button must be a seat 0\.\.1"):
        Hand(HOLDEM, NoLimit(1, 2), [10, 10], button=2)
    with pytest.raises(ValueError, match="timeout_policy"):
        Hand(HOLDEM, NoLimit(1, 2), [10, 10], timeout_policy="sit_out")


# --------------------------------------------------------------------------- all-ins and side pots


def test_holdem_multiway_all_in_side_pots() -> None:
    # Seed 001: "if the all-in player has a winning hand, the main pot goes to the all-in
    # player, and the side pot goes to the next best hand."
    h = Hand(
        HOLDEM,
        NoLimit(1, 2),
        [50, 100, 200, 300],
        hole=["AhAd", "KhKd", "QhQd", "8c4h"],
        board="2c7d9hJs3s",
    )
    act(h, "r200 c c c")
    assert h.is_over
    r = h.result
    assert r.pots == (Pot(200, (0, 1, 2, 3)), Pot(150, (1, 2, 3)), Pot(200, (2, 3)))
    assert [(a.pot, a.seat, a.amount) for a in r.awards] == [(0, 0, 200), (1, 1, 150), (2, 2, 200)]
    assert r.final_stacks == [200, 150, 200, 100]
    assert r.net == [150, 50, 0, -200]
    assert [s.seat for s in r.shown] == [0, 1, 2] and r.mucked == (3,)
    assert r.shown[0].description == "Pair of Aces, Jack kicker"  # "One pair" style text
    assert str(PotAwarding(r.awards[1])) == "Seat 1 wins side pot 1 (150): best high"
    assert h.final_stacks == [200, 150, 200, 100]


def test_uncalled_bet_is_returned() -> None:
    h = Hand(
        HOLDEM, NoLimit(1, 2), [100, 100, 40], hole=["AhAd", "KhKd", "2c7d"], board="3c4d9hJsQs"
    )
    act(h, "r40 r100 f")  # seat 2 all-in for 40, seat 0 raises to 100, seat 1 folds
    assert h.is_over
    assert ChipsReturning(0, 60) in h.events
    assert h.result.returned == {0: 60}
    assert h.final_stacks == [100 + 42, 98, 0]


def test_omaha_hilo_scoop() -> None:
    # Wheel for high (a straight) and low: one player wins both halves.
    h = Hand(
        OMAHA_HILO, PotLimit(1, 2), [100, 100], hole=["Ah2h9s9c", "KhKdJcJs"], board="3c4d5hKsQd"
    )
    act(h, "c k k k k k k k")
    r = h.result
    assert [(a.side, a.seat, a.amount) for a in r.awards] == [("high", 0, 2), ("low", 0, 2)]
    assert r.awards[0].why == "best high; scoops"
    assert r.shown[0].description == "Straight, Five high; low 5-4-3-2-A"
    assert r.final_stacks == [102, 98]


def test_omaha_hilo_quartered_low() -> None:
    # Seats 1 and 2 tie for the low: each takes a quarter of the pot.
    h = Hand(
        OMAHA_HILO,
        NoLimit(1, 2),
        [100, 100, 100],
        hole=["KhKd9c9s", "Ah3hJcJd", "As3cTcTd"],
        board="2c5d7hKsQd",
    )
    act(h, "r100 c c")
    r = h.result
    assert [(a.side, a.seat, a.amount) for a in r.awards] == [
        ("high", 0, 150),
        ("low", 1, 75),
        ("low", 2, 75),
    ]
    assert r.awards[1].why.startswith("tied for best low")
    assert r.final_stacks == [150, 75, 75]


def test_omaha_hilo_no_low_high_takes_all() -> None:
    h = Hand(
        OMAHA_HILO,
        NoLimit(1, 2),
        [100, 100, 100],
        hole=["AhAd2c3c", "KhKd4c5c", "QhQc3d4d"],
        board="9cTdJhKs2d",
    )
    act(h, "r100 c c")
    r = h.result
    assert [(a.side, a.seat, a.amount) for a in r.awards] == [("whole", 1, 300)]
    assert r.awards[0].why == "best high; no qualifying low"
    assert all(s.description.endswith("; no low") for s in r.shown)


def test_omaha_hilo_side_pots_split_and_scoop() -> None:
    # Main pot: seat 2's seven-high straight takes the high half, seat 0's wheel the low.
    # Side pot: seat 2 has the best high and the only low: he scoops it. Seat 2's uncalled
    # 100 comes back.
    h = Hand(
        OMAHA_HILO,
        NoLimit(1, 2),
        [50, 100, 200],
        hole=["Ah2h9s9c", "KhKdJcJs", "6c7c8d8s"],
        board="3c4d5hKsQd",
    )
    act(h, "r200 c c")
    r = h.result
    assert r.pots == (Pot(150, (0, 1, 2)), Pot(100, (1, 2)))
    assert r.returned == {2: 100}
    assert [(a.pot, a.side, a.seat, a.amount) for a in r.awards] == [
        (0, "high", 2, 75),
        (0, "low", 0, 75),
        (1, "high", 2, 50),
        (1, "low", 2, 50),
    ]
    assert r.final_stacks == [75, 0, 275]


def test_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    # Pot of 5 shared by seats 1 and 2 (the board plays): seat 1 is nearer the button's left.
    h = Hand(
        HOLDEM, NoLimit(1, 2), [100, 100, 100], hole=["2c3d", "4c5d", "6c7d"], board="AhKhQhJhTh"
    )
    act(h, "c f k k k k k k k")
    assert h.result.final_stacks == [99, 101, 100]
    assert "odd chip" in h.result.awards[0].why


def test_rake_and_no_flop_no_drop() -> None:
    h = Hand(
        HOLDEM,
        NoLimit(1, 2),
        [100, 100],
        hole=["AhAd", "2c7d"],
        board="3c4d9hJsQs",
        rake=Rake(5, cap=3),
    )
    act(h, "r40 c k k k k k k")
    assert h.result.rake == 3
    assert sum(h.final_stacks) == 197
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1, rake=Rake(5, cap=3))
    act(h, "r40 f")
    assert h.result.rake == 0 and h.final_stacks == [98, 102]


def test_antes_are_dead_money() -> None:
    h = Hand(HOLDEM, NoLimit(1, 2, ante=1), [100, 100, 100], seed=15)
    assert [e for e in h.events if isinstance(e, AntePosting)] == [
        AntePosting(0, 1),
        AntePosting(1, 1),
        AntePosting(2, 1),
    ]
    assert h.pot == 6 and h.bets == [1, 2, 0]
    assert h.legal_actions() == LegalActions(2, fold=True, call=2, raise_to=(4, 99))
    act(h, "f f")
    assert h.final_stacks == [98, 103, 99]
    # Antes per seat (a big-blind ante) and an all-in from the ante itself.
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 1], antes=[0, 3, 1], seed=16)
    assert h.status(2) is SeatStatus.ALL_IN
    assert h.contributions == [1, 5, 1]


# --------------------------------------------------------------------------- timeouts


def test_timeout_all_in_with_chips_behind() -> None:
    # Seed rule: "The user goes all-in if he has contributed some money to the pot"; he keeps
    # his cards and the chips behind and is eligible for the pot up to his contribution.
    h = Hand(
        HOLDEM, NoLimit(1, 2), [100, 100, 100], hole=["AhAd", "KhKd", "QhQd"], board="2c7d9hJs3s"
    )
    act(h, "r10")
    record = h.timeout()  # seat 0 (the small blind, 1 in) times out
    assert record == TimingOut(0, "all_in")
    assert h.status(0) is SeatStatus.TIMED_OUT and h.stacks[0] == 99
    act(h, "c")  # seat 1 calls; seats 1 and 2 play on without seat 0
    assert h.street == "flop" and h.actor == 1
    act(h, "b20 c k k k k")
    r = h.result
    assert r.pots == (Pot(3, (0, 1, 2)), Pot(58, (1, 2)))
    assert [(a.pot, a.seat, a.amount) for a in r.awards] == [(0, 0, 3), (1, 1, 58)]
    assert r.final_stacks == [102, 128, 70]


def test_timeout_without_contribution_folds_and_check_or_fold_policy() -> None:
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 100], seed=17)
    assert h.timeout() == TimingOut(2, "fold")
    assert h.status(2) is SeatStatus.FOLDED
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 100], seed=17, timeout_policy="check_or_fold")
    act(h, "c c")
    assert h.timeout() == TimingOut(1, "check")  # the big blind's free option
    assert h.street == "flop"
    act(h, "b2")
    assert h.timeout() == TimingOut(1, "fold")
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 100], seed=17)
    act(h, "c c")
    assert h.timeout(protected=False) == TimingOut(1, "fold")  # no protection left


def test_everyone_but_a_timed_out_player_folds() -> None:
    h = Hand(
        HOLDEM, NoLimit(1, 2), [100, 100, 100], hole=["AhAd", "KhKd", "QhQd"], board="2c7d9hJs3s"
    )
    act(h, "r10 t f")  # seat 0 times out, seat 1 folds: seat 2 and seat 0 see a showdown
    assert h.is_over
    r = h.result
    assert r.returned == {2: 8}
    assert r.final_stacks == [102, 98, 100]


# --------------------------------------------------------------------------- Crazy Pineapple


def _pineapple_8b(discard: str) -> Hand:
    h = Hand(
        CRAZY_PINEAPPLE_HILO,
        FixedLimit(2, 4),
        [50, 50],
        hole=["Ah2hKd", "QsQcJd"],
        board="3c7s9dTd4h",
    )
    act(h, "c k k k")
    assert h.phase is Phase.DISCARD and h.actor == 0
    assert h.legal_actions().discard == (sp.Card("Ah"), sp.Card("2h"), sp.Card("Kd"))
    act(h, f"d{discard} dJd k k k k")
    return h


def test_crazy_pineapple_8b_discard_decides_the_low() -> None:
    kept_low = _pineapple_8b("Kd")
    assert kept_low.hole(0) == (sp.Card("Ah"), sp.Card("2h"))
    r = kept_low.result
    assert [(a.side, a.seat, a.amount) for a in r.awards] == [("high", 1, 2), ("low", 0, 2)]
    assert [s.description for s in r.shown] == [
        "High Card, Ace high; low 7-4-3-2-A",
        "Pair of Queens, Ten kicker; no low",
    ]
    assert kept_low.final_stacks == [50, 50]
    broke_low = _pineapple_8b("2h")
    r = broke_low.result
    assert [(a.side, a.seat, a.amount) for a in r.awards] == [("whole", 1, 4)]
    assert broke_low.final_stacks == [48, 52]


def test_crazy_pineapple_discard_after_the_flop_betting() -> None:
    h = Hand(CRAZY_PINEAPPLE, NoLimit(1, 2), [100, 100, 100], seed=18)
    act(h, "c c k")
    assert (h.street, h.phase, len(h.hole(0))) == ("flop", Phase.BETTING, 3)
    act(h, "k k k")
    assert (h.street, h.phase) == ("flop", Phase.DISCARD)
    card = h.hole(0)[1]
    with pytest.raises(IllegalAction, match=r"must discard a hole card first"):
        h.check()
    with pytest.raises(IllegalAction, match="does not hold"):
        h.discard(next(c for c in h.hole(1)))
    h.discard(card)
    assert len(h.hole(0)) == 2 and card not in h.hole(0)
    last = h.hole(1)[-1]  # a discard times out to the last card dealt
    assert h.timeout() == TimingOut(1, "discard", last)
    assert last not in h.hole(1)
    act(h, f"d{h.hole(2)[0]}")
    assert h.street == "turn" and len(h.board) == 4


def test_all_in_players_still_discard() -> None:
    h = Hand(CRAZY_PINEAPPLE, NoLimit(1, 2), [20, 100, 100], seed=19)
    act(h, "c r20 c c")  # seat 0 all-in preflop
    act(h, "k k")
    assert h.phase is Phase.DISCARD and h.actor == 0
    for seat in (0, 1, 2):
        assert h.actor == seat
        h.discard(h.hole(seat)[2])
    assert h.street == "turn"


# --------------------------------------------------------------------------- showdown


def test_showdown_order_and_manual_muck() -> None:
    # The last to bet or raise on the river shows first; a mucked hand gives up its claim.
    h = Hand(
        HOLDEM,
        NoLimit(1, 2),
        [100, 100, 100],
        auto_showdown=False,
        hole=["AhAd", "KhKd", "QhQd"],
        board="2c7d9hJs3s",
    )
    act(h, "c c k k k k k k k k b10 c c")
    assert h.phase is Phase.SHOWDOWN and h.actor == 1
    assert h.legal_actions() == LegalActions(1, show=True, muck=True)
    act(h, "s")
    assert h.actor == 2
    act(h, "m")
    assert h.actor == 0
    act(h, "s")
    r = h.result
    assert r.mucked == (2,)
    assert [s.seat for s in r.shown] == [1, 0]
    assert r.final_stacks == [124, 88, 88]
    assert [type(e) for e in h.events if isinstance(e, (Showing, Mucking))] == [
        Showing,
        Mucking,
        Showing,
    ]


def test_showdown_without_river_bet_starts_left_of_the_button() -> None:
    h = Hand(
        HOLDEM,
        NoLimit(1, 2),
        [100, 100, 100],
        auto_showdown=False,
        hole=["AhAd", "KhKd", "QhQd"],
        board="2c7d9hJs3s",
    )
    act(h, "c c k k k k k k k k k k")
    assert h.actor == 0
    act(h, "m m")  # seats 0 and 1 concede: seat 2 wins without showing
    assert h.is_over and h.result.shown == () and h.final_stacks == [98, 98, 104]


def test_last_hand_in_a_pot_may_not_muck() -> None:
    h = Hand(
        HOLDEM,
        NoLimit(1, 2),
        [10, 100, 100],
        auto_showdown=False,
        hole=["AhAd", "KhKd", "QhQd"],
        board="2c7d9hJs3s",
    )
    act(h, "r100 c c")  # seat 2 shoves, seats 0 (all-in 10) and 1 call
    assert h.actor == 0  # no river betting: the first seat left of the button shows first
    act(h, "s m")
    assert h.actor == 2 and h.legal_actions().muck is False
    with pytest.raises(IllegalAction, match="last hand in side pot 1; show"):
        h.muck()
    act(h, "s")
    assert h.final_stacks == [30, 0, 180]


def test_a_side_pot_only_a_mucked_hand_matched_stays_his() -> None:
    """docs/rules/poker.md §5 DECISION: seat 0 is all-in for 10; seats 1 and 2 build a side
    pot of 40 on the flop, and seat 1 folds to seat 2's river bet. Seat 2 shows first and
    mucks: seat 0's aces win the main pot of 30 unshown, and the side pot, which seat 0 never
    matched, is seat 2's. (The engine paid it to seat 0 before: 70, 70, 70.)"""
    h = Hand(
        HOLDEM,
        NoLimit(1, 2),
        [10, 100, 100],
        auto_showdown=False,
        hole=["AhAd", "KhKd", "QhQd"],
        board="2c7d9hJs3s",
    )
    act(h, "r10 c c k b20 c k k k b50 f")
    assert h.actor == 2
    act(h, "m")
    assert h.is_over and h.result.mucked == (2,)
    assert h.final_stacks == [30, 70, 110]


def test_auto_showdown_mucks_losers() -> None:
    h = Hand(
        HOLDEM, NoLimit(1, 2), [100, 100, 100], hole=["2h3d", "KhKd", "4s5c"], board="AcAs9hJsQd"
    )
    act(h, "c c k k k k k k k k k k")
    r = h.result
    assert [s.seat for s in r.shown] == [0, 1] and r.mucked == (2,)


# --------------------------------------------------------------------------- dealing and events


def test_seeded_shuffle_is_reproducible() -> None:
    a = Hand(OMAHA_HILO, PotLimit(1, 2), [100] * 6, seed=42)
    b = Hand(OMAHA_HILO, PotLimit(1, 2), [100] * 6, seed=42)
    c = Hand(OMAHA_HILO, PotLimit(1, 2), [100] * 6, seed=43)
    assert a.events == b.events and a.events != c.events
    assert a.seed == 42
    cards = [card for s in range(6) for card in a.hole(s)]
    assert len(set(cards)) == 24


def test_given_cards_and_shuffled_rest() -> None:
    h = Hand(
        HOLDEM, NoLimit(1, 2), [100, 100, 100], hole=["AhAd", None, "2c2d"], board="KsQs", seed=5
    )
    assert h.hole(0) == (sp.Card("Ah"), sp.Card("Ad"))
    act(h, "c c k")
    assert h.board[:2] == (sp.Card("Ks"), sp.Card("Qs")) and len(h.board) == 3
    dealt = {c for s in range(3) for c in h.hole(s)} | set(h.board)
    assert len(dealt) == 9


def test_events_rebuild_the_hand() -> None:
    h = Hand(CRAZY_PINEAPPLE_HILO, PotLimit(1, 2), [60, 80, 100, 120], seed=21, auto_showdown=False)
    act(h, "r7 c t c k")
    while not h.is_over:
        la = h.legal_actions()
        if la.discard:
            h.discard(la.discard[0])
        elif la.show:
            h.show()
        elif la.check:
            h.check()
        else:
            h.call()
    rebuilt = Hand.from_events(h.events)
    assert rebuilt.events == h.events
    assert rebuilt.final_stacks == h.final_stacks
    partial = Hand.from_events(h.events[:12])
    assert partial.events == h.events[:12]
    assert isinstance(h.events[-1], HandEnding)
    forged = list(h.events)
    raising = next(i for i, e in enumerate(forged) if isinstance(e, RaisingTo))
    event = forged[raising]
    assert isinstance(event, RaisingTo)
    forged[raising] = dataclasses.replace(event, amount=3)  # below the minimum
    with pytest.raises(IllegalAction, match="not 3"):
        Hand.from_events(forged)


def test_games_by_name() -> None:
    assert game("omaha8") is OMAHA_HILO
    assert game("crazy-pineapple8") is CRAZY_PINEAPPLE_HILO
    assert omaha(5).hole_cards == 5
    assert [s.name for s in HOLDEM.streets] == ["preflop", "flop", "turn", "river"]
    h = Hand(omaha(6, hi_lo=True), PotLimit(1, 2), [100] * 7, seed=1)
    assert len(h.hole(3)) == 6
    act(h, "f f f f f f")
    assert h.final_stacks[1] == 101


def test_string_forms() -> None:
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], hole=["AhAd", "KhKd"], board="2c7d9hJs3s")
    assert str(h.legal_actions()) == "fold, call 1, raise to 4..100"
    act(h, "r100 c")
    text = [str(e) for e in h.events]
    assert "Seat 1 raises to 100 and is all-in" in text
    assert "Seat 0 calls 98 and is all-in" in text
    assert "Flop: 2c 7d 9h" in text
    assert "Seat 0 shows AhAd: Pair of Aces, Jack kicker" in text
    assert text[-1] == "Final stacks [200, 0]"


def test_big_blind_ante_is_dead_money_never_returned() -> None:
    # WSOP-style big-blind ante: the ante is in the main pot, not a bet to be "uncalled".
    h = Hand(
        HOLDEM,
        NoLimit(50, 100),
        [5000, 5000, 5000],
        antes=[0, 100, 0],
        antes_shared=True,  # posted for the whole table
        hole=["2c3d", "KhKd", "AhAd"],
        board="4s7h9cJsQd",
    )
    act(h, "r300 f c k k k k k k")
    r = h.result
    assert r.returned == {}
    assert r.pots == (Pot(750, (1, 2)),)
    assert r.final_stacks == [4950, 4600, 5450]


def test_dead_blind_goes_to_the_main_pot() -> None:
    # Seat 3 returns and posts a live big blind and a dead small blind (§4.1). He acts first
    # (left of the big blind on seat 2); his raise is not called: 8 comes back, and he wins
    # the blinds and the dead chip.
    h = Hand(
        HOLDEM,
        NoLimit(1, 2),
        [100, 100, 100, 100],
        button=0,
        blinds=[0, 1, 2, 2],
        dead_blinds=[0, 0, 0, 1],
        hole=["AhAd", "2c3d", "4h5h", "KhKd"],
        board="7s8s9dJcQc",
    )
    assert h.pot == 6 and h.contributions == [0, 1, 2, 3]
    act(h, "r10 f f f")
    assert h.result.returned == {3: 8}
    assert h.final_stacks == [100, 99, 98, 103]


def test_all_in_for_the_ante_contests_the_antes_only() -> None:
    h = Hand(
        HOLDEM,
        NoLimit(1, 2, ante=5),
        [5, 100, 100],
        hole=["AhAd", "KhKd", "QhQd"],
        board="2c7d9hJs3s",
    )
    assert h.status(0) is SeatStatus.ALL_IN and h.bets == [0, 2, 0]
    act(h, "c k k k k k k k")
    r = h.result
    assert r.pots == (Pot(15, (0, 1, 2)), Pot(4, (1, 2)))
    assert r.final_stacks == [15, 97, 93]


# --------------------------------------------------------------------------- the hand's parts


def test_blind_seats_is_the_one_rule_hand_and_table_use() -> None:
    # §4.1: small blind left of the button, big blind next; heads-up the button posts the small.
    from splitpot.hand.setup import blind_seats

    assert blind_seats([3, 4, 0], 2, heads_up=False) == (3, 4)
    assert blind_seats([0], 1, heads_up=True) == (1, 0)
    h = Hand(HOLDEM, NoLimit(1, 2), [50, 50, 50, 50], button=1)
    assert list(h.events[0].blinds) == [0, 0, 1, 2]  # type: ignore[attr-defined]
    h = Hand(HOLDEM, NoLimit(1, 2), [50, 50], button=0)
    assert list(h.events[0].blinds) == [1, 2]  # type: ignore[attr-defined]


def test_hand_starting_is_the_parameter_object() -> None:
    from splitpot.hand import HandStarting

    start = HandStarting.build(OMAHA_HILO, PotLimit(1, 2), [50, None, 80], seed=11, antes=1)
    assert start.stacks == (50, None, 80) and start.antes == (1, 0, 1)
    assert start.timeout_policy == "seed"
    hand = Hand.from_setup(start)
    assert hand.events[0] == start
    same = Hand(OMAHA_HILO, PotLimit(1, 2), [50, None, 80], seed=11, antes=1)
    assert hand.events == same.events
    assert start.validate() == start
    with pytest.raises(ValueError, match="timeout_policy"):
        HandStarting.build(HOLDEM, NoLimit(1, 2), [10, 10], timeout_policy="sit_out")
    forged = dataclasses.replace(start, blinds=(1, 2))
    with pytest.raises(ValueError, match="one amount per seat"):
        Hand.from_setup(forged)


def test_timeout_outcome_says_what_timeout_would_do() -> None:
    from splitpot.hand import TimeoutOutcome, TimeoutPolicy
    from splitpot.hand.timeout import outcome

    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 100], seed=17, timeout_policy="check_or_fold")
    assert h.events[0].timeout_policy is TimeoutPolicy.CHECK_OR_FOLD  # type: ignore[attr-defined]
    assert h.timeout_outcome() is TimeoutOutcome.FOLD  # seat 2 owes the big blind
    assert h.actor == 2 and len(h.events) == 6  # nothing happened
    act(h, "c c")
    assert h.timeout_outcome() == "check" and h.timeout() == TimingOut(1, "check")
    assert outcome("seed", Phase.BETTING, owes=4, contributed=2) is TimeoutOutcome.ALL_IN
    assert outcome("seed", Phase.BETTING, owes=4, contributed=0) is TimeoutOutcome.FOLD
    assert outcome("seed", Phase.SHOWDOWN, protected=False) is TimeoutOutcome.SHOW
    with pytest.raises(ValueError, match="over"):
        outcome("seed", Phase.OVER)


@pytest.mark.parametrize(
    ("setup", "actions", "reason"),
    [
        ([10, 100, 100], "r20", "only enough to call"),  # seat 0 faces more than he has
        ([100, 100, 100], "r4 r6 r8", "capped at 4 bets"),
        ([100, 13, 100], "r10 c r13", "does not reopen"),  # seat 1's all-in is short
    ],
)
def test_the_raise_blocker_is_both_the_window_and_the_message(
    setup: list[int], actions: str, reason: str
) -> None:
    # §3: one list of reasons; legal_actions offers no raise exactly when the message names one.
    structure = FixedLimit(2, 4) if "capped" in reason else NoLimit(1, 2)
    h = Hand(HOLDEM, structure, setup, seed=3)
    act(h, actions)
    assert h.legal_actions().raise_to is None
    with pytest.raises(IllegalAction, match=reason):
        h.raise_to()


def test_a_showdown_builds_the_pots_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import splitpot.pots

    calls = []
    build = splitpot.pots.build_pots

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return build(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(splitpot.pots, "build_pots", counting)
    h = Hand(OMAHA_HILO, FixedLimit(2, 4), [100, 100, 100], seed=5)
    act(h, "c c k k k k k k k k k k")
    assert h.is_over and h.result.shown
    _ = h.pots, h.result.pots
    assert len(calls) <= 1  # none: an even showdown's one pot is read off the contributions


def test_a_new_hand_option_is_a_field_and_a_type() -> None:
    # Issue 28: HandStarting is the one list of a hand's options. A new option is two lines:
    # a field there, with its default and its check (below), and its type in HandOptions
    # (for mypy's **options). HandStarting.build, validate and options(), and through them
    # Hand, the table and the PHH replayer, take it with no other change.
    from splitpot import _check
    from splitpot.hand import HandStarting

    @dataclasses.dataclass(frozen=True)
    class WithOption(HandStarting):
        deal_slowly: bool = dataclasses.field(default=False, metadata={"check": _check.flag})

    start = WithOption.build(HOLDEM, NoLimit(1, 2), [100, 100], seed=1, deal_slowly=True)  # type: ignore[call-arg]
    assert start.deal_slowly is True and start.validate() == start
    assert WithOption.build(HOLDEM, NoLimit(1, 2), [100, 100], seed=1).deal_slowly is False
    with pytest.raises(sp.SplitpotError, match="deal_slowly must be a bool"):
        WithOption.build(HOLDEM, NoLimit(1, 2), [100, 100], deal_slowly="yes")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="'deal_slowly' is not an option of a hand"):
        Hand(HOLDEM, NoLimit(1, 2), [100, 100], deal_slowly=True)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="'sed' is not an option of a hand"):
        Hand(HOLDEM, NoLimit(1, 2), [100, 100], sed=1)  # type: ignore[call-arg]
