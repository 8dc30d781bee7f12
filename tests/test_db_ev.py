"""All-in EV (splitpot/db/ev.py) against a brute-force enumeration of every remaining deal.

The reference deals every remaining card in Python, evaluates each hand with splitpot's
evaluators, splits each pot (high and low halves, ties shared) among its eligible players in
exact fractions, and averages: no equity code involved. The database's shares must equal it
and add up to the pot.
"""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import splitpot as sp
from db_hands import database, nl
from splitpot import phh

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]

Score = Callable[[str, str], tuple[int, int | None]]
"""(hole, board) -> (high strength, low strength or None): higher is better."""


def holdem(hole: str, board: str) -> tuple[int, int | None]:
    return sp.evaluate_high(hole + board).strength, None


def omaha8(hole: str, board: str) -> tuple[int, int | None]:
    high, low = sp.evaluate_omaha_hilo(hole, board)
    return high.strength, None if low is None else low.strength


def stud8(hole: str, board: str) -> tuple[int, int | None]:
    high, low = sp.evaluate_hilo(hole)
    return high.strength, None if low is None else low.strength


def split(
    pots: Sequence[tuple[int, Sequence[int]]], scores: dict[int, tuple[int, int | None]]
) -> dict[int, Fraction]:
    """One deal's payout, in exact fractions: each pot's high half (or the whole, when no
    eligible hand has a low) to its best high hands, the low half to its best lows."""
    won: dict[int, Fraction] = dict.fromkeys(scores, Fraction(0))
    for amount, eligible in pots:
        lows = [s for s in eligible if scores[s][1] is not None]
        halves = [("high", Fraction(amount))]
        if lows:
            halves = [("high", Fraction(amount, 2)), ("low", Fraction(amount, 2))]
        for side, part in halves:
            index, pool = (0, eligible) if side == "high" else (1, lows)
            best = max(scores[s][index] for s in pool)  # type: ignore[type-var]
            winners = [s for s in pool if scores[s][index] == best]
            for s in winners:
                won[s] += part / len(winners)
    return won


def brute_force(
    score: Score,
    hole: dict[int, str],
    board: str,
    pots: Sequence[tuple[int, Sequence[int]]],
    board_left: int = 0,
    stud_left: int = 0,
) -> dict[int, Fraction]:
    """Each seat's expected share: every board completion (or, in stud, every ordered deal
    of ``stud_left`` more cards to each seat), averaged."""
    seen = board + "".join(hole.values())
    deck = [c for c in DECK if c not in seen]
    total: dict[int, Fraction] = dict.fromkeys(hole, Fraction(0))
    deals = 0
    seats = sorted(hole)
    if stud_left:
        completions: Any = itertools.permutations(deck, stud_left * len(seats))
    else:
        completions = itertools.combinations(deck, board_left)
    for extra in completions:
        if stud_left:
            cards = {s: hole[s] + "".join(extra[i :: len(seats)]) for i, s in enumerate(seats)}
            scores = {s: score(cards[s], "") for s in seats}
        else:
            full = board + "".join(extra)
            scores = {s: score(hole[s], full) for s in seats}
        for s, share in split(pots, scores).items():
            total[s] += share
        deals += 1
    return {s: v / deals for s, v in total.items()}


def ev_rows(db: Path) -> tuple[dict[str, Any], dict[int, tuple[float, float, int, int]]]:
    with sqlite3.connect(db) as c:
        c.row_factory = sqlite3.Row
        hand = dict(c.execute("SELECT * FROM hands").fetchone())
        seats = {
            r["seat"]: (r["allin_ev"], r["ev_net"], r["net"], r["collected"])
            for r in c.execute("SELECT * FROM seats")
        }
    return hand, seats


def check(db: Path, want: dict[int, Fraction]) -> None:
    """The database's shares are the brute force's and add up to the pot; the EV line moves
    each seat's net by its share less what it was paid."""
    hand, seats = ev_rows(db)
    assert hand["ev"] == "exact"
    assert sum(s[0] for s in seats.values()) == pytest.approx(hand["pot"], abs=1e-9)
    for seat, share in want.items():
        allin, ev_net, net, collected = seats[seat]
        assert allin == pytest.approx(float(share), abs=1e-9), seat
        assert ev_net == pytest.approx(net + allin - collected, abs=1e-9)


def test_holdem_turn_all_in_with_a_side_pot_equals_brute_force(tmp_path: Path) -> None:
    # A (50) bets all-in on the turn, B (100) raises all-in, C (200) calls: a main pot of 150
    # for all three, a side pot of 100 for B and C. One river card to come.
    db = database(
        tmp_path,
        nl(
            "A B C",
            "p3 cc, p1 cc, p2 cc, d db Th6s2h, p1 cc, p2 cc, p3 cc, d db Jc, p1 cbr 48, "
            "p2 cbr 98, p3 cc, p1 sm AhKh, p2 sm QcQd, p3 sm 9s8s, d db 3c",
            stacks=[50, 100, 200],
            hole=["AhKh", "QcQd", "9s8s"],
        ),
    )
    hole = {0: "AhKh", 1: "QcQd", 2: "9s8s"}
    want = brute_force(holdem, hole, "Th6s2hJc", [(150, (0, 1, 2)), (100, (1, 2))], 1)
    check(db, want)
    hand, _ = ev_rows(db)
    assert hand["allin_street"] == 2  # the turn


def test_omaha_hi_lo_flop_all_in_with_a_side_pot_equals_brute_force(tmp_path: Path) -> None:
    # Fixed limit 2/4, stacks 6, 8, 40. Preflop everyone puts in 2; on the flop A bets, B
    # raises, C re-raises to 6, A calls all-in for 4, B calls all-in: a main pot of 18 for all
    # three, a side pot of 4 for B and C. The turn and the river to come, high and low.
    hole = ["Ac2d5h9s", "KsKhQsJd", "Ad3c8c8h"]
    actions = [f"d dh p{k + 1} {h}" for k, h in enumerate(hole)] + [
        a.strip()
        for a in (
            "p3 cc, p1 cc, p2 cc, d db 4c7dKd, p1 cbr 2, p2 cbr 4, p3 cbr 6, p1 cc, p2 cc, "
            f"p1 sm {hole[0]}, p2 sm {hole[1]}, p3 sm {hole[2]}, d db Tc, d db 2h"
        ).split(",")
    ]
    history = phh.HandHistory(
        variant="FO/8",
        antes=[0, 0, 0],
        blinds_or_straddles=[1, 2, 0],
        small_bet=2,
        big_bet=4,
        starting_stacks=[6, 8, 40],
        actions=actions,
        players=["A", "B", "C"],
    )
    db = database(tmp_path, history)
    want = brute_force(omaha8, dict(enumerate(hole)), "4c7dKd", [(18, (0, 1, 2)), (4, (1, 2))], 2)
    check(db, want)


def test_stud_hi_lo_sixth_street_all_in_equals_brute_force(tmp_path: Path) -> None:
    # Stud hi/lo, ante 1, bring-in 1, 2/4, stacks 13: ante 1, third street 2 (A's 3c brings
    # in, B completes), fourth 2, fifth 4, and the last 4 all-in on sixth street (B's board is
    # the higher: he bets first). One card each to come, face down.
    streets = [
        "d dh p1 Ah2h3c, d dh p2 KdKs9c, p1 pb, p2 cbr 2, p1 cc",
        "d dh p1 5d, d dh p2 Qh, p2 cbr 2, p1 cc",
        "d dh p1 8s, d dh p2 Js, p2 cbr 4, p1 cc",
        "d dh p1 Kc, d dh p2 9d, p2 cbr 4, p1 cc",
        "p1 sm Ah2h3c5d8sKc, p2 sm KdKs9cQhJs9d, d dh p1 4s, d dh p2 3h",
    ]
    history = phh.HandHistory(
        variant="F7S/8",
        antes=[1, 1],
        bring_in=1,
        small_bet=2,
        big_bet=4,
        starting_stacks=[13, 13],
        actions=[x.strip() for s in streets for x in s.split(",")],
        players=["A", "B"],
    )
    db = database(tmp_path, history)
    hole = {0: "Ah2h3c5d8sKc", 1: "KdKs9cQhJs9d"}
    want = brute_force(stud8, hole, "", [(26, (0, 1))], stud_left=1)
    check(db, want)


def test_cards_a_history_does_not_know_leave_the_ev_unknown(tmp_path: Path) -> None:
    # p2's cards are never shown: he folds nothing, the all-in is called, and the history
    # hides his hand (the engine's stand-ins are not his cards).
    hidden = nl(
        "A B",
        "p2 cbr 200, p1 cc, p1 sm AsAh, d db 2c3d4h, d db 7c, d db 8d",
        hole=["AsAh", "????"],
    )
    with pytest.raises(AssertionError):  # the showdown needs the unknown cards: not imported
        database(tmp_path, hidden)
    mucked = nl(
        "A B", "p2 cbr 200, p1 cc, p1 sm AsAh, p2 sm, d db 2c3d4h, d db 7c, d db 8d",
        hole=["AsAh", "????"],
    )  # fmt: skip
    db = database(tmp_path, mucked, name="mucked")
    hand, seats = ev_rows(db)
    assert (hand["allin_street"], hand["ev"]) == (0, "cards unknown")
    assert all(s[0] is None and s[1] == s[2] for s in seats.values())


def third_street_all_in(variant: str, holes: tuple[str, str]) -> phh.HandHistory:
    """Ante 1, bring-in 1, stacks 3: A (up card 3c in stud, 9c in razz) brings in, B
    completes all-in, A calls all-in on third street; four cards each to come."""
    return phh.HandHistory(
        variant=variant,
        antes=[1, 1],
        bring_in=1,
        small_bet=2,
        big_bet=4,
        starting_stacks=[3, 3],
        actions=[
            f"d dh p1 {holes[0]}",
            f"d dh p2 {holes[1]}",
            "p1 pb",
            "p2 cbr 2",
            "p1 cc",
            f"p1 sm {holes[0]}",
            f"p2 sm {holes[1]}",
            "d dh p1 5d",
            "d dh p2 Qh",
            "d dh p1 8s",
            "d dh p2 Js",
            "d dh p1 Kc",
            "d dh p2 9d",
            "d dh p1 4s",
            "d dh p2 3h",
        ],
        players=["A", "B"],
    )


STUD_HOLES = ("Ah2h3c", "KdKs9c")


@pytest.mark.parametrize(
    ("variant", "game", "holes"),
    [("F7S", "stud", STUD_HOLES), ("FR", "razz", STUD_HOLES[::-1])],
)
def test_a_heads_up_third_street_all_in_gets_its_exact_ev(
    tmp_path: Path, variant: str, game: str, holes: tuple[str, str]
) -> None:
    # 18 billion deals, swept over each player's 163,185 completions (the sweep is checked
    # against brute force in tests/test_equity.py and rust/equity/stud_sweep.rs).
    db = database(tmp_path, third_street_all_in(variant, holes))
    hand, seats = ev_rows(db)
    assert (hand["allin_street"], hand["ev"], hand["pot"]) == (0, "exact", 6)
    want = sp.equity(game, list(holes), exact=True)
    assert want.deals == 18_265_297_050
    assert [seats[s][0] for s in (0, 1)] == pytest.approx([6 * e for e in want.equities])
    assert sum(s[0] for s in seats.values()) == pytest.approx(6, abs=1e-9)
    assert all(s[1] == pytest.approx(s[2] + s[0] - s[3]) for s in seats.values())


def test_a_stud_hi_lo_all_in_on_third_street_is_too_many_deals_to_enumerate(
    tmp_path: Path,
) -> None:
    # Hi and lo are decided jointly: no sweep, and 18 billion deals is past EV_MAX_DEALS.
    db = database(tmp_path, third_street_all_in("F7S/8", STUD_HOLES))
    hand, seats = ev_rows(db)
    assert (hand["allin_street"], hand["ev"]) == (0, "too many deals")
    assert all(s[0] is None for s in seats.values())


def test_a_board_run_twice_keeps_the_equity_of_the_moment_the_money_went_in(
    tmp_path: Path,
) -> None:
    # All-in preflop heads-up, the board run twice (docs/rules/poker.md §6): the expectation
    # is the equity then, whatever the runs paid; each run pays its part of the pot.
    hand = sp.Hand(sp.HOLDEM, sp.NoLimit(1, 2), [100, 100], seed=7, max_runs=2)
    hand.raise_to(100)
    hand.call()
    hand.run_it(2)
    assert hand.is_over
    db = database(tmp_path, phh.HandHistory.from_hand(hand, players=["A", "B"]))
    hole = {s: "".join(map(str, hand.hole(s))) for s in (0, 1)}
    want = sp.equity("holdem", [hole[0], hole[1]], exact=True).equities
    hand_row, seats = ev_rows(db)
    assert (hand_row["ev"], hand_row["pot"]) == ("exact", 200)
    assert [seats[s][0] for s in (0, 1)] == pytest.approx([200 * want[0], 200 * want[1]])
    with sqlite3.connect(db) as c:
        paid = c.execute("SELECT SUM(amount) FROM results").fetchone()[0]
    assert paid == 200 and sum(s[3] for s in seats.values()) == 200
