"""Equity (issue 8), splitpot against the peers that compute the same thing, in the same run.

Groups (each benchmark checks its answer against splitpot's, so a fast wrong peer fails):

- Hold'em heads-up preflop, exact over all 1,712,304 boards: splitpot on all threads and on
  one; eval7 has no exact preflop equity, so its row is a Python loop over the boards calling
  ``eval7.evaluate`` (what a user of eval7 would write). With ``--benchmark-disable`` that row
  enumerates the turn and river only, to keep untimed runs short.
- Omaha Hi/Lo heads-up preflop, exact over all 1,086,008 boards: splitpot only (no installed
  peer enumerates Omaha Hi/Lo).
- Hold'em hand against a range on the river, exact: ``eval7.py_hand_vs_range_exact``.
- Hold'em hand against a range, Monte Carlo, one thread: ``eval7.py_hand_vs_range_monte_carlo``
  (per deal; eval7 walks the range in order rather than sampling it, and ignores weights).
- Hold'em hand against one random hand, Monte Carlo: ``holdem_hand_evaluator.calculate_equity``
  (which reports wins plus ties, so that is what its row is checked against).
- Omaha Hi/Lo Monte Carlo: PokerKit's ``calculate_equities`` (pure Python; a few hundred deals).
- Seven Card Stud and Razz heads-up on third street, exact over all 18,265,297,050 deals by the
  sweep over each player's 163,185 completions (rust/equity/stud_sweep.rs), beside splitpot's
  own Monte Carlo of 10^6 deals on one thread (what the default was before the sweep; no
  installed peer enumerates stud).

Monte Carlo rows record deals per round in ``calls_per_round``, so benches/report.py prints the
time per deal.
"""

from __future__ import annotations

import warnings
from itertools import combinations
from typing import Any

import pytest
import splitpot as sp
from conftest import per_call

HERO, VILLAIN = "AsKs", "QdQc"
RANGE = "22+, A2s+, KTs+, ATo+"
RIVER = "QdJh2c7s9d"
MC_DEALS = 200_000


def _eval7_range(eval7: Any, text: str) -> Any:
    """eval7's range parser calls a deprecated pyparsing name; the warning is not ours."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return eval7.HandRange(text)


def _eval7_preflop_loop(eval7: Any, board_cards: int) -> float:
    """Hero's equity by evaluating every completion of the board with eval7.evaluate."""
    ev = eval7.evaluate
    card = eval7.Card
    hero = [card("As"), card("Ks")]
    villain = [card("Qd"), card("Qc")]
    known = ["Js", "9h", "2d"][: 5 - board_cards]
    board = [card(c) for c in known]
    used = {"As", "Ks", "Qd", "Qc", *known}
    deck = [card(r + s) for r in "23456789TJQKA" for s in "cdhs" if r + s not in used]
    won = 0.0
    count = 0
    for extra in combinations(deck, board_cards):
        b = board + list(extra)
        h, v = ev(hero + b), ev(villain + b)
        won += 1.0 if h > v else 0.5 if h == v else 0.0
        count += 1
    return won / count


@pytest.mark.benchmark(group="equity: hold'em heads-up preflop, exact (1,712,304 boards)")
def test_splitpot_holdem_exact_all_threads(benchmark: Any) -> None:
    r = benchmark(sp.equity, "holdem", [HERO, VILLAIN], exact=True)
    assert r.deals == 1_712_304 and r.equities[0] == pytest.approx(0.4612, abs=0.005)


@pytest.mark.benchmark(group="equity: hold'em heads-up preflop, exact (1,712,304 boards)")
def test_splitpot_holdem_exact_one_thread(benchmark: Any) -> None:
    r = benchmark(sp.equity, "holdem", [HERO, VILLAIN], exact=True, threads=1)
    assert r.deals == 1_712_304


@pytest.mark.benchmark(group="equity: hold'em heads-up preflop, exact (1,712,304 boards)")
def test_eval7_python_loop_over_boards(benchmark: Any) -> None:
    eval7 = pytest.importorskip("eval7")
    if benchmark.disabled:  # untimed run: the turn and river of a fixed flop only
        got = benchmark.pedantic(_eval7_preflop_loop, (eval7, 2), rounds=1, iterations=1)
        want = sp.equity("holdem", [HERO, VILLAIN], board="Js9h2d").equities[0]
        assert got == pytest.approx(want, abs=1e-9)
        return
    got = benchmark.pedantic(_eval7_preflop_loop, (eval7, 5), rounds=1, iterations=1)
    assert got == pytest.approx(sp.equity("holdem", [HERO, VILLAIN]).equities[0], abs=1e-9)


@pytest.mark.benchmark(group="equity: Omaha Hi/Lo heads-up preflop, exact (1,086,008 boards)")
def test_splitpot_omaha8_exact_all_threads(benchmark: Any) -> None:
    r = benchmark(sp.equity, "omaha8", ["As2d3hKc", "KdKsQh7c"], exact=True)
    assert r.deals == 1_086_008 and sum(r.equities) == pytest.approx(1.0)


@pytest.mark.benchmark(group="equity: Omaha Hi/Lo heads-up preflop, exact (1,086,008 boards)")
def test_splitpot_omaha8_exact_one_thread(benchmark: Any) -> None:
    r = benchmark(sp.equity, "omaha8", ["As2d3hKc", "KdKsQh7c"], exact=True, threads=1)
    assert r.deals == 1_086_008


@pytest.mark.benchmark(group="equity: hold'em hand vs range on the river, exact")
def test_splitpot_hand_vs_range_river(benchmark: Any) -> None:
    r = benchmark(sp.equity, "holdem", [HERO, RANGE], board=RIVER, threads=1)
    assert r.exact


@pytest.mark.benchmark(group="equity: hold'em hand vs range on the river, exact")
def test_eval7_hand_vs_range_river(benchmark: Any) -> None:
    eval7 = pytest.importorskip("eval7")
    hero = [eval7.Card("As"), eval7.Card("Ks")]
    villain = _eval7_range(eval7, RANGE)
    board = [eval7.Card(RIVER[i : i + 2]) for i in range(0, 10, 2)]
    got = benchmark(eval7.py_hand_vs_range_exact, hero, villain, board)
    want = sp.equity("holdem", [HERO, RANGE], board=RIVER).equities[0]
    assert got == pytest.approx(want, abs=1e-6)


@pytest.mark.benchmark(group="equity: hold'em hand vs range, Monte Carlo, one thread (per deal)")
def test_splitpot_hand_vs_range_monte_carlo(benchmark: Any) -> None:
    per_call(benchmark, MC_DEALS)
    r = benchmark(sp.equity, "holdem", [HERO, RANGE], samples=MC_DEALS, seed=1, threads=1)
    assert r.deals == MC_DEALS


@pytest.mark.benchmark(group="equity: hold'em hand vs range, Monte Carlo, one thread (per deal)")
def test_eval7_hand_vs_range_monte_carlo(benchmark: Any) -> None:
    eval7 = pytest.importorskip("eval7")
    per_call(benchmark, MC_DEALS)
    hero = [eval7.Card("As"), eval7.Card("Ks")]
    villain = _eval7_range(eval7, RANGE)
    got = benchmark(eval7.py_hand_vs_range_monte_carlo, hero, villain, [], MC_DEALS)
    want = sp.equity("holdem", [HERO, RANGE], samples=1_000_000, seed=2)
    assert got == pytest.approx(want.equities[0], abs=0.01)


@pytest.mark.benchmark(group="equity: hold'em vs one random hand, Monte Carlo (per deal)")
def test_splitpot_vs_random_one_thread(benchmark: Any) -> None:
    per_call(benchmark, MC_DEALS)
    r = benchmark(sp.equity, "holdem", [HERO, "random"], samples=MC_DEALS, seed=1, threads=1)
    assert r.deals == MC_DEALS


@pytest.mark.benchmark(group="equity: hold'em vs one random hand, Monte Carlo (per deal)")
def test_splitpot_vs_random_all_threads(benchmark: Any) -> None:
    per_call(benchmark, MC_DEALS)
    r = benchmark(sp.equity, "holdem", [HERO, "random"], samples=MC_DEALS, seed=1)
    assert r.deals == MC_DEALS


@pytest.mark.benchmark(group="equity: hold'em vs one random hand, Monte Carlo (per deal)")
def test_holdem_hand_evaluator_vs_random(benchmark: Any) -> None:
    hhe = pytest.importorskip("holdem_hand_evaluator")
    per_call(benchmark, MC_DEALS)
    # Cards need spaces ("As Ks"); without them the hand is misread. The answer is how often
    # the hand does not lose (wins plus ties), not the equity.
    got = benchmark(hhe.calculate_equity, "As Ks", "", 1, MC_DEALS)
    p = sp.equity("holdem", [HERO, "random"], samples=1_000_000, seed=2).players[0]
    assert got == pytest.approx(p.win + p.tie, abs=0.01)


# --- Ranges (issue 29) ----------------------------------------------------------------------

TEN_A = "77+, A9s+, KTs+, QJs, AJo+, KQo"  # 132 hands, 10.0% of 1,326
TEN_B = "88+, ATs+, KJs+, AQo+"  # 90 hands, 6.8%
TEN_RIVER = "Qd7c2h9s4d"


@pytest.mark.benchmark(group="equity: 10% range vs range preflop, exact")
def test_splitpot_range_vs_range_preflop_all_threads(benchmark: Any) -> None:
    r = benchmark(sp.equity, "holdem", [TEN_A, TEN_B])
    assert r.exact and r.deals == 16_934_686_560


@pytest.mark.benchmark(group="equity: 10% range vs range preflop, exact")
def test_splitpot_range_vs_range_preflop_one_thread(benchmark: Any) -> None:
    r = benchmark(sp.equity, "holdem", [TEN_A, TEN_B], threads=1)
    assert r.exact


def _eval7_range_vs_range(eval7: Any, hero: Any, villain: Any, board: list[Any]) -> float:
    """eval7's exact range function on the river, each hero hand against the villain's range,
    weighted by the villain hands it leaves (what a range-vs-range equity is)."""
    per_hand = eval7.py_all_hands_vs_range(hero, villain, board, 100_000)  # exact on a river
    dead = {str(c) for c in board}
    total = weight = 0.0
    for hand, eq in per_hand.items():
        cards = {str(c) for c in hand}
        if cards & dead:  # eval7 answers for hands the board holds too
            continue
        n = sum(1 for v, _ in villain.hands if not ({str(c) for c in v} & (cards | dead)))
        total += eq * n
        weight += n
    return total / weight


@pytest.mark.benchmark(group="equity: 10% range vs range on the river, exact")
def test_splitpot_range_vs_range_river(benchmark: Any) -> None:
    r = benchmark(sp.equity, "holdem", [TEN_A, TEN_B], board=TEN_RIVER, threads=1)
    assert r.exact


@pytest.mark.benchmark(group="equity: 10% range vs range on the river, exact")
def test_eval7_range_vs_range_river(benchmark: Any) -> None:
    eval7 = pytest.importorskip("eval7")
    hero, villain = _eval7_range(eval7, TEN_A), _eval7_range(eval7, TEN_B)
    board = [eval7.Card(TEN_RIVER[i : i + 2]) for i in range(0, 10, 2)]
    got = benchmark(_eval7_range_vs_range, eval7, hero, villain, board)
    want = sp.equity("holdem", [TEN_A, TEN_B], board=TEN_RIVER).equities[0]
    assert got == pytest.approx(want, abs=1e-6)


@pytest.mark.benchmark(group="equity: three ranges preflop, exact (CandyPoker's README example)")
def test_splitpot_three_ranges_preflop(benchmark: Any) -> None:
    players = ["TT+, AQs+, AQo+", "QQ+, AKs, AKo", "TT"]
    r = benchmark.pedantic(sp.equity, ("holdem", players), {"exact": True}, rounds=3)
    # CandyPoker's published answer: 30.8450%, 43.0761%, 26.0789% over 11,382,741,216 deals.
    assert r.deals == 11_382_741_216
    assert [round(e * 100, 4) for e in r.equities] == [30.845, 43.0761, 26.0789]


OMAHA_RANGES = ["AA**ds", "KKQQ, JT98-9876"]
OMAHA_FLOP = "As7h2c"


@pytest.mark.benchmark(group="equity: Omaha ranges on a flop, Monte Carlo, one thread (per deal)")
def test_splitpot_omaha_ranges_monte_carlo(benchmark: Any) -> None:
    per_call(benchmark, MC_DEALS)
    r = benchmark(
        sp.equity, "omaha", OMAHA_RANGES, board=OMAHA_FLOP, samples=MC_DEALS, seed=1, threads=1
    )
    assert r.deals == MC_DEALS


@pytest.mark.benchmark(group="equity: Omaha ranges on a flop, Monte Carlo, one thread (per deal)")
def test_pokerkit_omaha_ranges_monte_carlo(benchmark: Any) -> None:
    pk = pytest.importorskip("pokerkit")
    per_call(benchmark, PK_DEALS)
    # pokerkit takes a range as a set of hands: splitpot's expansion of the same text.
    ranges = tuple(
        {frozenset(pk.Card.parse(h)) for h, _ in sp.range_hands("omaha", text)}
        for text in OMAHA_RANGES
    )
    board = tuple(pk.Card.parse(OMAHA_FLOP))  # a generator: every round reads the board

    def run() -> list[float]:
        return list(
            pk.calculate_equities(
                ranges, board, 4, 5, pk.Deck.STANDARD, (pk.OmahaHoldemHand,), sample_count=PK_DEALS
            )
        )

    got = benchmark.pedantic(run, rounds=3, iterations=1)
    want = sp.equity("omaha", OMAHA_RANGES, board=OMAHA_FLOP).equities
    assert got == pytest.approx(want, abs=0.15)


@pytest.mark.benchmark(group="equity: Omaha ranges on a flop, exact")
def test_splitpot_omaha_ranges_exact(benchmark: Any) -> None:
    r = benchmark(sp.equity, "omaha", OMAHA_RANGES, board=OMAHA_FLOP, exact=True)
    assert r.exact


PK_DEALS = 300


@pytest.mark.benchmark(group="equity: Omaha Hi/Lo flop, Monte Carlo, one thread (per deal)")
def test_splitpot_omaha8_monte_carlo(benchmark: Any) -> None:
    per_call(benchmark, MC_DEALS)
    r = benchmark(
        sp.equity,
        "omaha8",
        ["As2d3hKc", "KdKsQh7c"],
        board="4c5s9d",
        samples=MC_DEALS,
        seed=1,
        threads=1,
    )
    assert r.deals == MC_DEALS


@pytest.mark.benchmark(group="equity: Omaha Hi/Lo flop, Monte Carlo, one thread (per deal)")
def test_pokerkit_omaha8_monte_carlo(benchmark: Any) -> None:
    pk = pytest.importorskip("pokerkit")
    per_call(benchmark, PK_DEALS)
    ranges = (pk.parse_range("As2d3hKc"), pk.parse_range("KdKsQh7c"))
    board = tuple(pk.Card.parse("4c5s9d"))  # a generator: every round reads the board
    types = (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand)

    def run() -> list[float]:
        return list(
            pk.calculate_equities(
                ranges, board, 4, 5, pk.Deck.STANDARD, types, sample_count=PK_DEALS
            )
        )

    got = benchmark.pedantic(run, rounds=3, iterations=1)
    want = sp.equity("omaha8", ["As2d3hKc", "KdKsQh7c"], board="4c5s9d").equities
    assert got == pytest.approx(want, abs=0.15)


STUD_THIRD = ["AsAd2c", "KsKd3c"]
STUD_GROUP = "equity: stud heads-up third street (18,265,297,050 deals)"


@pytest.mark.benchmark(group=STUD_GROUP)
def test_splitpot_stud_third_street_exact(benchmark: Any) -> None:
    r = benchmark(sp.equity, "stud", STUD_THIRD, exact=True, threads=1)
    assert r.exact and r.deals == 18_265_297_050


@pytest.mark.benchmark(group=STUD_GROUP)
def test_splitpot_razz_third_street_exact(benchmark: Any) -> None:
    r = benchmark(sp.equity, "razz", STUD_THIRD, exact=True, threads=1)
    assert r.exact and r.deals == 18_265_297_050


@pytest.mark.benchmark(group=STUD_GROUP)
def test_splitpot_stud_third_street_monte_carlo(benchmark: Any) -> None:
    exact = sp.equity("stud", STUD_THIRD, exact=True)
    r = benchmark(sp.equity, "stud", STUD_THIRD, samples=1_000_000, seed=1, threads=1)
    assert abs(r.equities[0] - exact.equities[0]) < 4 * r.players[0].stderr
