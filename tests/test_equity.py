"""Equity (issue 8): exact results checked independently, Monte Carlo against exact, hi/lo rules,
ranges with card removal, errors, determinism, Ctrl-C, the command line."""

from __future__ import annotations

import dataclasses
import io
import os
import signal
import threading
import time
from collections.abc import Iterator
from itertools import combinations
from math import comb
from pathlib import Path

import pytest
import splitpot as sp
from conftest import need
from reference import best_high, best_low, best_omaha_high, best_omaha_low, best_razz, code
from splitpot import _core, _progress
from splitpot.cli import main

HILO = {"omaha8", "omaha5-8", "omaha6-8", "crazy-pineapple8", "stud8"}


def cards(text: str) -> list[int]:
    t = "".join(text.split())
    return [code(t[i : i + 2]) for i in range(0, len(t), 2)]


def _deals(deck: list[int], groups: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to deal `groups[0]` cards, then `groups[1]` from what is left, and so on."""
    if not groups:
        yield []
        return
    for combo in combinations(deck, groups[0]):
        rest = [c for c in deck if c not in combo]
        for tail in _deals(rest, groups[1:]):
            yield [combo, *tail]


def reference(
    game: str, holes: list[str], board: str = "", dead: str = ""
) -> list[dict[str, float]]:
    """Brute force written from docs/rules/poker.md §1 and §6 with tests/reference.py's evaluators:
    every remaining deal, every player's best high and 8-or-better low (Razz: the best razz
    low, for the whole pot), the pot split."""
    hs = [cards(h) for h in holes]
    b, d = cards(board), cards(dead)
    n = len(hs)
    used = set(b) | set(d) | {c for h in hs for c in h}
    deck = [c for c in range(52) if c not in used]
    razz = game == "razz"
    stud = game.startswith("stud") or razz
    groups = [7 - len(h) for h in hs] if stud else [5 - len(b)]
    stats = [dict.fromkeys(("equity", "win", "tie", "high", "low", "quarter"), 0.0) for _ in hs]
    count = 0
    for deal in _deals(deck, groups):
        if stud:
            full = [h + list(extra) for h, extra in zip(hs, deal, strict=True)]
            if razz:  # the whole pot to the best razz low: negated, so that max is best
                highs = [(-cat, tuple(-r for r in ranks)) for cat, ranks in map(best_razz, full)]
                lows = [None] * n
            else:
                highs = [best_high(c) for c in full]
                lows = [best_low(c) for c in full]
        else:
            fb = b + list(deal[0])
            if game.startswith("omaha"):
                highs = [best_omaha_high(h, fb) for h in hs]
                lows = [best_omaha_low(h, fb) for h in hs]
            else:
                highs = [best_high(h + fb) for h in hs]
                lows = [best_low(h + fb) for h in hs]
        top = max(highs)
        hw = [i for i in range(n) if highs[i] == top]
        qualifying = [lo for lo in lows if lo is not None]
        lw = []
        if game in HILO and qualifying:
            best = min(qualifying)
            lw = [i for i in range(n) if lows[i] == best]
        high_pot = 0.5 if lw else 1.0
        for i in range(n):
            h = high_pot / len(hw) if i in hw else 0.0
            lo = 0.5 / len(lw) if i in lw else 0.0
            s = stats[i]
            s["high"] += h
            s["low"] += lo
            s["equity"] += h + lo
            s["win"] += h + lo == 1.0
            s["tie"] += 0 < h + lo < 1
            s["quarter"] += i in lw and len(lw) == 2
        count += 1
    return [{k: v / count for k, v in s.items()} for s in stats]


BRUTE_CASES = [
    ("holdem", ["AhKh", "QsQd", "7c2d"], "Qh9h3c5d"),
    ("holdem", ["AhKh", "QsQd"], "Qh9h3c5d2s"),
    ("omaha", ["AhKhTd2c", "QsQdJc9s", "8s7s6d5c"], "Qh9h3c4d"),
    ("omaha", ["AhKhTd2c", "QsQdJc9s"], "Qh9h3c4d2h"),
    ("omaha5", ["AhKhTd2c3s", "QsQdJc9s8d", "7h6h5s4c4s"], "Qh9h3c2d"),
    ("omaha6", ["AhKhTd2c3s4d", "QsQdJc9s8d7c", "6h6s5h5c4h3h"], "Qh9h3c2d"),
    ("omaha8", ["Ah2h3dKc", "As4s5dQc", "KdKsQh7c"], "4c5s9d8h"),
    ("omaha8", ["Ah2h3dKc", "As4s5dQc"], "4c5s9d8h2c"),
    ("omaha5-8", ["Ah2h3dKcTc", "As4s5dQcJd"], "4c5s9d8h"),
    ("omaha6-8", ["Ah2h3dKcTc9c", "As4s5dQcJd8s", "7h6h6dJhJs3s"], "4c5s9d7d2s"),
    ("crazy-pineapple", ["Ah2h", "KdKs"], "4c5s9d8h"),
    ("crazy-pineapple8", ["Ah2h", "As4s", "KdKs"], "4c5s9d8h"),
    ("crazy-pineapple8", ["Ah2h", "As4s"], "4c5s9d8h3h"),
    ("stud", ["Ah2d3c7s9hTd", "KsKd4h5h6hJc", "QcQd8c8d2h9s7d"], ""),
    ("stud8", ["Ah2d3c7s9hTd", "KsKd4h5h6hJc", "QcQd8c8d2h9s7d"], ""),
    ("stud8", ["Ah2d3c7s9hTdJs", "KsKd4h5h6hJc"], ""),
    ("razz", ["Ah2d3c7s9hTd", "4h5h6hKsQs8c", "QcQd8d2h3h9s7d"], ""),
    ("razz", ["AhAd2h2d3c3s", "4c5c6c7c8cKd"], ""),
    ("razz", ["AcAdAhAsKcKd", "KhKs2c2d2h2s"], ""),
]


@pytest.mark.parametrize(("game", "holes", "board"), BRUTE_CASES)
def test_exact_matches_brute_force(game: str, holes: list[str], board: str) -> None:
    r = sp.equity(game, holes, board=board, exact=True)
    want = reference(game, holes, board)
    assert r.exact and r.hi_lo == (game in HILO)
    for p, w in zip(r.players, want, strict=True):
        assert p.equity == pytest.approx(w["equity"], abs=1e-12)
        assert p.win == pytest.approx(w["win"], abs=1e-12)
        assert p.tie == pytest.approx(w["tie"], abs=1e-12)
        if r.hi_lo:
            assert p.high == pytest.approx(w["high"], abs=1e-12)
            assert p.low == pytest.approx(w["low"], abs=1e-12)
            assert p.scoop == pytest.approx(w["win"], abs=1e-12)
            assert p.quarter == pytest.approx(w["quarter"], abs=1e-12)
        else:
            assert p.high is p.low is p.scoop is p.quarter is None
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)


def test_dead_cards_match_brute_force() -> None:
    r = sp.equity("holdem", ["AhKh", "QsQd"], board="Qh9h3c", dead="2h 5h 7h")
    want = reference("holdem", ["AhKh", "QsQd"], "Qh9h3c", dead="2h5h7h")
    assert r.exact and r.dead == "2h5h7h"
    for p, w in zip(r.players, want, strict=True):
        assert p.equity == pytest.approx(w["equity"], abs=1e-12)


# Heads-up Stud (high) and Razz are enumerated by a sweep over each player's own completions
# (rust/equity/stud_sweep.rs); the brute force deals every card. Third street needs many dead
# cards to stay small enough for it; the later streets are the real all-ins.
THIRD_STREET_DEAD = "2c2d2h3c3d3h4c4d4h5c5d5h6c6d6h7c7d7h8c8d8h8s9c9d9hTcTdThJcJdJhQhQdKhKdAh"
HEADS_UP_STUD = [
    ("stud", ["AhKd3c7s9hTc", "QsQd4h5h6hJc"], ""),
    ("stud", ["9h8d7c6s5cTd", "9s8s7d6c5d2s"], ""),
    ("stud", ["AsKsQs", "JsTs9s"], THIRD_STREET_DEAD),
    ("stud", ["AcAdKs", "QcQsJs"], THIRD_STREET_DEAD),
    ("razz", ["As2s3s", "AcKcQc"], THIRD_STREET_DEAD),
    ("razz", ["Ah2d3c4s5h6d", "As2s3d4c5d6c"], ""),
    ("razz", ["Ah2d3c7s9hTdJs", "KsKd4h5h6h"], ""),  # one hand complete: nothing to sweep
]


@pytest.mark.parametrize(("game", "holes", "dead"), HEADS_UP_STUD)
def test_heads_up_stud_and_razz_match_brute_force(game: str, holes: list[str], dead: str) -> None:
    r = sp.equity(game, holes, dead=dead)
    want = reference(game, holes, dead=dead)
    assert r.exact
    for p, w in zip(r.players, want, strict=True):
        assert p.equity == pytest.approx(w["equity"], abs=1e-12)
        assert p.win == pytest.approx(w["win"], abs=1e-12)
        assert p.tie == pytest.approx(w["tie"], abs=1e-12)


@pytest.mark.parametrize("game", ["stud", "razz"])
def test_heads_up_third_street_is_exact_by_default(game: str) -> None:
    # 18,265,297,050 deals: C(46, 4) completions for one player times C(42, 4) for the other.
    r = sp.equity(game, ["AsAd2c", "KsKd3c"])
    assert r.exact and r.deals == comb(46, 4) * comb(42, 4)
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)
    m = sp.equity(game, ["AsAd2c", "KsKd3c"], samples=200_000, seed=11)
    for p, q in zip(r.players, m.players, strict=True):
        assert abs(p.equity - q.equity) < 4 * q.stderr
    # The same cards in other suits: nothing tells the hands apart in Razz, so exactly even.
    even = sp.equity("razz", ["As2s3s", "Ad2d3d"])
    assert even.equities == pytest.approx((0.5, 0.5), abs=1e-12) and even.players[0].tie > 0


def test_published_preflop_counts() -> None:
    # GNU poker-eval's hcmp2 over all 1,712,304 boards (quoted at
    # brainwagon.org/2005/04/09/texas-holdem-trivia): AcAd vs KhKs wins 1,388,072,
    # loses 317,694, ties 6,538.
    r = sp.equity("holdem", ["AcAd", "KhKs"])
    assert r.exact and r.deals == 1_712_304
    assert round(r.players[0].win * r.deals) == 1_388_072
    assert round(r.players[1].win * r.deals) == 317_694
    assert round(r.players[0].tie * r.deals) == 6_538
    assert r.players[0].equity == pytest.approx((1_388_072 + 6_538 / 2) / 1_712_304, abs=1e-12)


def test_ak_suited_against_queens_preflop() -> None:
    # Published: AKs has 46% against QQ with no shared suit (pokerstrategy.com forum, "Math -
    # AK or AKs vs AA or QQ"). The exact figure is checked against the brute force on the
    # turn and the river below.
    r = sp.equity("holdem", ["AsKs", "QdQc"], exact=True)
    assert r.deals == 1_712_304
    assert r.players[0].equity == pytest.approx(0.46, abs=0.005)
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)
    for board in ("Js9h2d7c", "Ts3s8h2c", "Qh7s3d2s", "Js9h2d7cKd"):
        got = sp.equity("holdem", ["AsKs", "QdQc"], board=board).equities
        want = [w["equity"] for w in reference("holdem", ["AsKs", "QdQc"], board)]
        assert got == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AhKh", "QsQd", "7c2d", "JcTc", "9s9d", "Ad5d"], ""),
        (["AhKh", "QQ+, AKo", "T9s-65s, 22-55"], "Kd7h2c"),
        (["random", "AsKs"], "Ts9s2h"),
    ],
)
def test_holdem_equities_sum_to_one(players: list[str], board: str) -> None:
    r = sp.equity("holdem", players, board=board, samples=50_000, seed=3)
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)
    for p in r.players:
        assert 0 <= p.win <= p.equity <= p.win + p.tie <= 1 + 1e-12


@pytest.mark.parametrize(
    ("game", "players", "board"),
    [
        ("holdem", ["AhKh", "QQ+, AKo", "T9s-65s"], "Kd7h2c"),
        ("omaha8", ["Ah2h3dKc", "As4s5dQc"], "4c5s9d"),
        ("stud8", ["Ah2d3c7s9hTd", "KsKd4h5h6h"], ""),
        ("crazy-pineapple8", ["Ah2h", "KdKs", "7c8c"], "4c5s9d"),
    ],
)
def test_monte_carlo_within_four_standard_errors(game: str, players: list[str], board: str) -> None:
    exact = sp.equity(game, players, board=board, exact=True)
    mc = sp.equity(game, players, board=board, exact=False, samples=200_000, seed=11)
    assert not mc.exact and mc.deals == 200_000 and mc.seed == 11
    for e, m in zip(exact.players, mc.players, strict=True):
        assert m.stderr > 0
        assert abs(e.equity - m.equity) < 4 * m.stderr


def test_same_seed_same_answer_on_any_thread_count() -> None:
    args = ("holdem", ["AsKs", "QQ+, AKo", "T9s-76s"])
    one = sp.equity(*args, samples=300_000, seed=42, threads=1)
    two = sp.equity(*args, samples=300_000, seed=42, threads=2)
    assert one == two
    assert sp.equity(*args, samples=300_000, seed=43, threads=2) != two
    stud = ("stud8", ["Ah2d3c", "KsKd4h"])
    assert sp.equity(*stud, samples=100_000, seed=5, threads=1) == sp.equity(
        *stud, samples=100_000, seed=5, threads=2
    )


def test_seed_is_reported_and_reproduces() -> None:
    r = sp.equity("omaha", ["AhKhTd2c", "QsQdJc9s"], samples=50_000)
    assert r.seed is not None
    again = sp.equity("omaha", ["AhKhTd2c", "QsQdJc9s"], samples=50_000, seed=r.seed)
    assert again == r


def test_no_possible_low_gives_low_share_zero() -> None:
    r = sp.equity("omaha8", ["Ah2h3dKc", "As4s5dQc"], board="KdQhJs")
    assert r.exact
    assert all(p.low == 0 and p.quarter == 0 for p in r.players)
    assert [p.equity for p in r.players] == pytest.approx([p.high for p in r.players])
    # Three high cards of seven leave at most four low ones: nobody can make a low.
    r = sp.equity("stud8", ["KsKdQh", "JsJdTh"], samples=20_000, seed=1)
    assert all(p.low == 0 and p.quarter == 0 for p in r.players)


def test_nut_low_and_nut_high_scoop() -> None:
    r = sp.equity("omaha8", ["Ah2h7h8c", "KsKd9c9d"], board="3h4h5h6dKh")
    assert r.players[0].scoop == 1.0 and r.players[0].equity == 1.0
    assert r.players[0].high == 0.5 and r.players[0].low == 0.5
    r = sp.equity("stud8", ["Ah2h3h4h5h9c9d", "KsKdKcQsQdJcJd"])
    assert r.players[0].scoop == 1.0


def test_two_players_with_ace_deuce_quarter_the_low() -> None:
    r = sp.equity("omaha8", ["Ah2hKdKc", "Ac2sQdJd", "9s9cTs8d"], board="3d4c7s9hKs")
    p0, p1, p2 = r.players
    assert p0.quarter == p1.quarter == 1.0 and p2.quarter == 0.0
    assert p0.low == p1.low == 0.25
    assert p0.equity == 0.75 and p1.equity == 0.25 and p2.equity == 0.0
    assert p0.scoop == 0.0 and p0.tie == 1.0


def test_hand_versus_range_is_the_average_over_the_range() -> None:
    # As is in hero's hand, so "AA" leaves three hands: AcAd, AcAh, AdAh.
    r = sp.equity("holdem", ["AsKs", "AA"], board="Ts9s2h")
    each = [
        sp.equity("holdem", ["AsKs", h], board="Ts9s2h").equities[0]
        for h in ("AcAd", "AcAh", "AdAh")
    ]
    assert r.exact and r.deals == 3 * 990
    assert r.equities[0] == pytest.approx(sum(each) / 3, abs=1e-12)
    # Weights: KK counts half as much as QQ.
    r = sp.equity("holdem", ["AhAd", "KK:0.5, QsQh"], board="2c7d9h")
    kk = [
        sp.equity("holdem", ["AhAd", k], board="2c7d9h").equities[0]
        for k in ("KcKd", "KcKh", "KcKs", "KdKh", "KdKs", "KhKs")
    ]
    qq = sp.equity("holdem", ["AhAd", "QsQh"], board="2c7d9h").equities[0]
    assert r.equities[0] == pytest.approx((0.5 * sum(kk) + qq) / (0.5 * 6 + 1), abs=1e-12)


def test_hand_versus_range_on_the_river_is_the_weighted_average() -> None:
    # Nothing left to deal: each range hand is one showdown (the core's river path).
    board = "QdJh2c7s9d"
    r = sp.equity("holdem", ["AsKs", "AK:0.5, TT+"], board=board)
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in "AsKs" + board]
    hands = [a + b for a, b in combinations(deck, 2)]
    weights = {}
    for h in hands:
        ranks = "".join(sorted(h[0] + h[2], key="23456789TJQKA".index))
        if ranks == "KA":
            weights[h] = 0.5
        elif ranks[0] == ranks[1] and ranks[0] in "TJQKA":
            weights[h] = 1.0
    assert r.exact and r.deals == len(weights) == 9 + 6 + 3 + 3 + 3 + 3  # AK, TT, JJ..AA
    each = {h: sp.equity("holdem", ["AsKs", h], board=board).equities[0] for h in weights}
    want = sum(weights[h] * e for h, e in each.items()) / sum(weights.values())
    assert r.equities[0] == pytest.approx(want, abs=1e-12)


def test_results_are_the_dataclasses_their_init_would_make() -> None:
    # odds._made skips the frozen dataclasses' __init__; the result must be the same.
    for r in (
        sp.equity("holdem", ["AsKs", "QQ+"], board="QdJh2c7s9d"),
        sp.equity("omaha8", ["As2d3hKc", "KdKsQh7c"], board="4c5s9d"),
    ):
        again = dataclasses.replace(r, players=tuple(dataclasses.replace(p) for p in r.players))
        assert again == r and [vars(p) for p in again.players] == [vars(p) for p in r.players]
        assert vars(again) == vars(r) and hash(r.players[0]) == hash(again.players[0])


def test_range_versus_range_removes_cards() -> None:
    # AKs shares an ace with every AA hand: 4 x 3 compatible pairs, not 4 x 6.
    r = sp.equity("holdem", ["AKs", "AA"], board="2c7d9h")
    pairs = [
        (f"A{s}K{s}", f"A{a}A{b}")
        for s in "cdhs"
        for a, b in combinations("cdhs", 2)
        if s not in (a, b)
    ]
    assert len(pairs) == 12 and r.deals == 12 * 990
    each = [sp.equity("holdem", list(p), board="2c7d9h").equities[1] for p in pairs]
    assert r.equities[1] == pytest.approx(sum(each) / 12, abs=1e-12)


# --- Omaha ranges (docs/equity.md, "Omaha ranges"), against definitions written here --------

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
SHAPES = {"ds": [2, 2], "ss": [2, 1, 1], "r": [1, 1, 1, 1], "ts": [3, 1], "m": [4]}


def fits(hand: tuple[str, ...], ranks: str, shape: str | None) -> bool:
    """Whether four cards hold the ranks (``*`` any card) and have the suit shape."""
    left = [c[0] for c in hand]
    for r in ranks.replace("*", ""):
        if r not in left:
            return False
        left.remove(r)
    counts = sorted((sum(c[1] == s for c in hand) for s in "cdhs"), reverse=True)
    return shape is None or [k for k in counts if k] == SHAPES[shape]


def omaha_hands(ranks: str, shape: str | None = None) -> set[frozenset[str]]:
    return {frozenset(h) for h in combinations(DECK, 4) if fits(h, ranks, shape)}


@pytest.mark.parametrize(
    ("text", "ranks", "shape", "count"),
    [
        ("AA**", "AA**", None, 6961),  # 6 x C(48,2) + 4 x 48 + 1
        ("AA**ds", "AA**", "ds", 864),  # 6 ace pairs x 12 x 12 (rust/equity/omaha_range.rs)
        ("AAKKss", "AAKK", "ss", 24),
        ("JT98r", "JT98", "r", 24),  # 4!
        ("K***m", "K***", "m", 4 * 220),  # a king and three of its suit: 4 x C(12,3)
    ],
)
def test_omaha_range_hands_are_the_ones_defined(
    text: str, ranks: str, shape: str | None, count: int
) -> None:
    got = {
        frozenset(h[i : i + 2] for i in range(0, 8, 2)) for h, _ in sp.range_hands("omaha", text)
    }
    assert len(got) == count
    assert got == omaha_hands(ranks, shape)


def test_omaha_ranges_equity_matches_brute_force() -> None:
    # Every pair of hands of the two ranges that share no card, and every river.
    board = "As7h2c4d"
    r = sp.equity("omaha", ["AAK*ds", "QQJJ, T987ds"], board=board)
    ours = [h for h in omaha_hands("AAK*", "ds") if not h & {"As", "7h", "2c", "4d"}]
    theirs = [
        h
        for h in omaha_hands("QQJJ") | omaha_hands("T987", "ds")
        if not h & {"As", "7h", "2c", "4d"}
    ]
    won = deals = 0.0
    for a in ours:
        for b in theirs:
            if a & b:
                continue
            hole_a, hole_b = "".join(sorted(a)), "".join(sorted(b))
            for river in set(DECK) - a - b - {"As", "7h", "2c", "4d"}:
                x = sp.evaluate_omaha_high(hole_a, board + river)
                y = sp.evaluate_omaha_high(hole_b, board + river)
                won += 1.0 if x > y else 0.5 if x == y else 0.0
                deals += 1
    assert r.exact and r.deals == deals
    assert r.equities[0] == pytest.approx(won / deals, abs=1e-12)


def test_omaha_ranges_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "--game", "omaha8", "A2**ds", "KKQQ", "--board", "4c5s9dJh"]) == 0
    out = capsys.readouterr().out
    assert "A2**ds" in out and "exact over" in out
    assert main(["equity", "--game", "omaha", "AA**x", "KKQQ"]) == 2
    assert '"AA**x"' in capsys.readouterr().err


def test_stud_deck_running_out_uses_a_community_card() -> None:
    eight = ["2c3c4c", "5c6c7c", "8c9cTc", "JcQcKc", "Ac2d3d", "4d5d6d", "7d8d9d", "TdJdQd"]
    r = sp.equity("stud", eight, samples=20_000, seed=2)
    assert sum(r.equities) == pytest.approx(1.0, abs=1e-12)
    board = sp.equity("stud", ["AsAhKs2c3c4c", "QsQhQd5c6c7c"], board="Kd")
    assert board.exact and board.board == "Kd"


def test_huge_time_limit_with_a_sample_count() -> None:
    r = sp.equity("holdem", ["AhKh", "QsQd"], samples=1000, time_limit=1e300, seed=1)
    assert r.deals == 1000


def test_time_limit_stops_monte_carlo() -> None:
    t = time.monotonic()
    r = sp.equity("omaha6-8", ["AhKhTd2c3s4d", "QsQdJc9s8d7c", "6h6s5h5c4h3h"], time_limit=0.3)
    assert time.monotonic() - t < 3
    assert not r.exact and r.deals > 0


def test_game_objects_and_aliases() -> None:
    a = sp.equity(sp.OMAHA_HILO, ["Ah2h3dKc", "As4s5dQc"], board="4c5s9d")
    b = sp.equity("O8", ["Ah2h3dKc", "As4s5dQc"], board="4c5s9d")
    assert a == b and a.game == "omaha8"
    c = sp.equity("holdem", [[sp.Card("Ah"), "Kh"], [51, 47]], board=sp.CardSet("2c3c4c"))
    assert [p.hand for p in c.players] == ["AhKh", "AsKs"]


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: sp.equity("badugi", ["AhKh", "QsQd"]), sp.EquityError, 'unknown game "badugi"'),
        (lambda: sp.equity("holdem", ["AhKhQh", "QsQd"]), sp.InvalidCards, "player 1 holds 3"),
        (lambda: sp.equity("omaha", ["AhKhQh2c", "QsQd"]), sp.InvalidCards, "player 2 holds 2"),
        (
            lambda: sp.equity("holdem", ["AhKh", "QsQd"], board="Qh9"),
            sp.InvalidCards,
            "board: invalid card",
        ),
        (
            lambda: sp.equity("holdem", ["AhKh", "QsAh"]),
            sp.InvalidCards,
            "Ah is both in player 1's hand and in player 2's hand",
        ),
        (
            lambda: sp.equity("holdem", ["AhKh", "QsQd"], board="2c3c4c", dead="2c"),
            sp.InvalidCards,
            "2c is both on the board and in the dead cards",
        ),
        (lambda: sp.equity("holdem", ["AhKh", "QsQd"], board="2c3c"), sp.InvalidCards, "holds 2"),
        (
            lambda: sp.equity("holdem", ["AhAd", "AA"], board="As2c3c"),
            sp.EquityError,
            'player 2\'s range "AA" leaves no possible hand',
        ),
        (lambda: sp.equity("holdem", ["AA", "AA", "AA"]), sp.EquityError, "cannot all be dealt"),
        (lambda: sp.equity("holdem", ["AhKh", "AKx"]), sp.EquityError, '"AKx"'),
        (lambda: sp.equity("omaha", ["AA", "KK"]), sp.EquityError, "has 4 positions"),
        (lambda: sp.equity("stud", ["AA", "KK"]), sp.EquityError, "Hold'em and Omaha only"),
        (
            lambda: sp.equity("crazy-pineapple", ["AhKhQh", "2c3c4c"], board="5d6d7d"),
            sp.EquityError,
            "after the discard",
        ),
        (lambda: sp.equity("crazy-pineapple", ["AhKh", "2c3c"]), sp.EquityError, "the flop"),
        (lambda: sp.equity("stud", ["AhKhQhJhTh9h8h7h", "2c"]), sp.InvalidCards, "holds 8"),
        (lambda: sp.equity("holdem", ["AhKh"]), sp.EquityError, "at least two players"),
        (lambda: sp.equity("holdem", "AhKh QsQd"), sp.EquityError, "one hand per player"),
        (lambda: sp.equity("holdem", ["AhKh", "QsQd"], samples=0), sp.EquityError, "samples"),
        (
            lambda: sp.equity("holdem", ["AhKh", "QsQd"], exact=True, samples=10),
            sp.EquityError,
            "Monte Carlo",
        ),
        (lambda: sp.equity("holdem", ["AhKh", "QsQd"], threads=0), sp.EquityError, "threads"),
        (
            lambda: sp.equity("holdem", ["AhKh", "QsQd"], threads=10**6),
            sp.EquityError,
            "threads must be 1 to 1024",
        ),
        (lambda: sp.equity("holdem", ["AhKh", "KK:2"]), sp.EquityError, "from 0 to 1"),
        (lambda: sp.equity("holdem", ["AhKh", [60, 1]]), sp.InvalidCards, "player 2"),
        (
            lambda: sp.equity("holdem", ["random"] * 4, exact=True),
            sp.EquityError,
            "too large",
        ),
    ],
)
def test_errors_are_value_errors_naming_the_problem(
    call: object, error: type[Exception], words: str
) -> None:
    with pytest.raises(error) as info:
        call()  # type: ignore[operator]
    assert isinstance(info.value, ValueError)
    assert words in str(info.value)


def test_table_is_readable() -> None:
    text = str(sp.equity("holdem", ["AcAd", "KhKs"]))
    assert text.splitlines() == [
        "Texas Hold'em, exact over 1,712,304 deals",
        "hand   equity     win     tie",
        "AcAd   81.26%  81.06%   0.38%",
        "KhKs   18.74%  18.55%   0.38%",
    ]
    mc = str(sp.equity("omaha8", ["Ah2h3dKc", "As4s5dQc"], samples=20_000, seed=1))
    assert "Monte Carlo over 20,000 deals (seed 1)" in mc
    assert "±" in mc and "scoop" in mc and "quarter" in mc


def test_progress_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_progress, "_DELAY", 0.0)
    monkeypatch.setattr(_progress, "_REDRAW", 0.0)
    out = io.StringIO()
    bar = _progress.Fraction("equity", out)
    bar(0.5)
    bar(1.0)
    bar.close()
    text = out.getvalue()
    assert "equity  50.0%" in text and "100.0%" in text and "<" in text  # elapsed<left
    monkeypatch.setattr(_progress, "_DELAY", 60.0)
    quiet = io.StringIO()
    bar = _progress.Fraction("equity", quiet)
    bar(0.5)
    bar.close()
    assert quiet.getvalue() == ""
    seen: list[float] = []
    _core._equity("holdem", ["AhKh", "QsQd"], "", "", samples=100_000, seed=1, progress=seen.append)
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)


def test_an_exception_in_the_progress_callback_stops_the_run() -> None:
    def stop(_: float) -> None:
        raise KeyboardInterrupt

    t = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        _core._equity("holdem", ["AhKh", "QsQd"], "", "", time_limit=30.0, progress=stop)
    assert time.monotonic() - t < 5


@pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals (SIGINT)")
def test_ctrl_c_stops_a_long_run_cleanly() -> None:
    # Ctrl-C is sent every 0.2 s until the run stops (one SIGINT could in principle come
    # before the run starts on a loaded machine); the first raises KeyboardInterrupt as
    # Python's own handler does, the later ones are ignored.
    stopped = threading.Event()
    raised: list[int] = []

    def once(signum: int, frame: object) -> None:
        if not raised:
            raised.append(signum)
            raise KeyboardInterrupt

    def ctrl_c() -> None:
        while not stopped.wait(0.2):
            os.kill(os.getpid(), signal.SIGINT)

    previous = signal.signal(signal.SIGINT, once)
    sender = threading.Thread(target=ctrl_c)
    t = time.monotonic()
    sender.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            sp.equity("omaha", ["AhKhTd2c", "QsQdJc9s"], time_limit=30.0)
    finally:
        stopped.set()
        sender.join()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - t < 5
    # The extension is still usable afterwards.
    assert sp.equity("holdem", ["AhKh", "QsQd"], board="2c3c4c5c6c").exact


def test_cli_equity(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "--game", "omaha8", "As2d3hKc", "KdKsQh7c", "--board", "4c5s9d"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("Omaha Hi/Lo 8 or Better, board 4c5s9d, exact over 820 deals")
    assert "As2d3hKc" in out and "quarter" in out
    assert main(["equity", "AsKs", "QQ+", "--samples", "10000", "--seed", "1"]) == 0
    assert "Monte Carlo over 10,000 deals (seed 1)" in capsys.readouterr().out
    assert main(["equity", "--game", "badugi", "AsKs", "QdQc"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_the_plot_axis_is_the_pot_from_0_to_100_percent() -> None:
    need("matplotlib", "plot")
    result = sp.equity("holdem", ["AsAd", "7c2h"])  # aces near 87 %: a bar near the end
    ax = result.figure().axes[0]
    assert ax.get_xlim() == (0.0, 1.0)
    ticks = [t.get_text() for t in ax.get_xticklabels()]
    assert ticks[0] == "0%" and ticks[-1] == "100%"
    labels = [t for t in ax.texts if t.get_text().endswith("%")]
    assert [t.get_text() for t in labels] == [f"{p.equity:.1%}" for p in result.players]
    assert all(0 <= t.get_position()[0] <= 1 for t in labels)  # nothing drawn past the pot


def test_cli_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "equity.png"
    argv = ["equity", "--game", "omaha8", "As2d3hKc", "KdKsQh7c", "--board", "4c5s9d"]
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert main([*argv, "--plot", str(path)]) == 2
        assert "matplotlib" in capsys.readouterr().err
        return
    assert main([*argv, "--plot", str(path)]) == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    high_only = tmp_path / "holdem.png"
    sp.equity("holdem", ["AsKs", "QdQc"], board="2c3c4c").plot(str(high_only))
    assert high_only.stat().st_size > 0


def test_equity_is_exported() -> None:
    import splitpot.odds

    assert sp.equity is splitpot.odds.equity
    assert sp.equity("holdem", ["AhKh", "QsQd"], board="2c3c4c5c6c").equities == (0.5, 0.5)
    assert "equity" in dir(sp) and "EquityResult" in sp.__all__


def test_game_and_equity_accept_the_same_names() -> None:
    # One catalogue (rust/game.rs): every code and alias names the same variant in sp.equity and
    # sp.game, and every variant of it is a game a Hand deals.
    variants = _core._variants()
    assert set(sp.GAMES) == {v[0] for v in variants}
    for game_code, aliases, name, hole_cards, board_cards, hi_lo in variants:
        kept = 2 if game_code.startswith("crazy-pineapple") else hole_cards
        players = [list(range(0, kept)), list(range(kept, 2 * kept))]
        board = list(range(2 * kept, 2 * kept + board_cards))
        for n in (game_code, *aliases, game_code.upper().replace("-", " ")):
            r = sp.equity(n, players, board=board)
            assert (r.game, r.game_name, r.hi_lo) == (game_code, name, hi_lo), n
            g = sp.game(n)
            assert g is sp.GAMES[game_code]
            assert (g.name, g.hole_cards, g.hi_lo) == (name, hole_cards, hi_lo)
    with pytest.raises(ValueError, match="unknown game"):
        sp.game("badugi")
    with pytest.raises(sp.EquityError, match="unknown game"):
        sp.equity("badugi", ["AhKh", "QsQd"])


def test_a_range_read_again_answers_as_the_first_reading() -> None:
    # The core keeps the last few Hold'em ranges read (rust/python/equity.rs, RANGES_READ):
    # the same text, as another player, after others pushed it out, gives the same answer.
    board = "QdJh2c7s9d"
    first = sp.equity("holdem", ["AsKs", "22+, A2s+:0.5, KTs+"], board=board)
    for i in range(10):  # more ranges than are kept
        sp.equity("holdem", ["AsKs", f"{'23456789TJ'[i]}{'23456789TJ'[i]}+"], board=board)
    again = sp.equity("holdem", ["22+, A2s+:0.5, KTs+", "AsKs"], board=board)
    assert again.equities == first.equities[::-1]
    with pytest.raises(sp.EquityError, match="player 2"):
        sp.equity("holdem", ["AsKs", "22+, Z2s"], board=board)
