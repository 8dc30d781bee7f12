"""Brute-force reference evaluators, written independently of splitpot's tables."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def code(text: str) -> int:
    return RANKS.index(text[0].upper()) * 4 + SUITS.index(text[1].lower())


def high5(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break ranks) of five cards: compare tuples, larger is better."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    counts = Counter(ranks)
    by_group = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    distinct = sorted(counts, reverse=True)
    top = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        top = distinct[0]
    elif distinct == [12, 3, 2, 1, 0]:
        top = 3  # the wheel is five high
    if top is not None and flush:
        return 8, (top,)
    if shape == [4, 1]:
        return 7, tuple(by_group)
    if shape == [3, 2]:
        return 6, tuple(by_group)
    if flush:
        return 5, tuple(ranks)
    if top is not None:
        return 4, (top,)
    if shape[0] == 3:
        return 3, tuple(by_group)
    if shape[:2] == [2, 2]:
        return 2, tuple(by_group)
    if shape[0] == 2:
        return 1, tuple(by_group)
    return 0, tuple(ranks)


def best_high(cards: list[int]) -> tuple[int, tuple[int, ...]]:
    return max(high5(five) for five in combinations(cards, 5))


def best_omaha_high(hole: list[int], board: list[int]) -> tuple[int, tuple[int, ...]]:
    return max(
        high5(two + three) for two in combinations(hole, 2) for three in combinations(board, 3)
    )


def low5(cards: tuple[int, ...]) -> tuple[int, ...] | None:
    """Ranks high to low (ace = 1) of an 8-or-better low, or None. Smaller tuples are better."""
    ranks = sorted(((c // 4 + 2) if c // 4 != 12 else 1 for c in cards), reverse=True)
    if len(set(ranks)) < 5 or ranks[0] > 8:
        return None
    return tuple(ranks)


def best_low(cards: list[int]) -> tuple[int, ...] | None:
    lows = [lo for five in combinations(cards, 5) if (lo := low5(five)) is not None]
    return min(lows) if lows else None


def best_omaha_low(hole: list[int], board: list[int]) -> tuple[int, ...] | None:
    lows = [
        lo
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
        if (lo := low5(two + three)) is not None
    ]
    return min(lows) if lows else None


RAZZ_SHAPES = ([1, 1, 1, 1, 1], [2, 1, 1, 1], [2, 2, 1], [3, 1, 1], [3, 2], [4, 1])


def razz5(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Razz (ace-to-five, every hand counts) value of five cards: (category by rank
    multiplicities, no pair 0 .. four of a kind 5; ranks by (count, rank) descending, ace = 1).
    Straights and flushes do not count. Smaller is better."""
    ranks = [(c // 4 + 2) if c // 4 != 12 else 1 for c in cards]
    counts = Counter(ranks)
    category = RAZZ_SHAPES.index(sorted(counts.values(), reverse=True))
    return category, tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))


def best_razz(cards: list[int]) -> tuple[int, tuple[int, ...]]:
    return min(razz5(five) for five in combinations(cards, 5))
