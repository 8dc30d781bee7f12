"""The rules only stud has (docs/rules/poker.md §4.2, §6): who brings in, who acts first, the
fourth-street open pair, and who takes an odd chip. Pure functions of the cards.

Card codes are ``rank * 4 + suit``, deuce 0 to ace 12 and clubs 0 < diamonds < hearts <
spades 3: in Stud the code order *is* the bring-in order (ace high, suits as §4.2 ranks them).
Razz reads the cards the other way up: ace low, king high (§4.2 DECISION).

>>> from splitpot.cards import card_codes
>>> from splitpot.games import RAZZ, SEVEN_CARD_STUD
>>> doors = dict(enumerate(card_codes("4c 4d Ks")))   # seat -> door card
>>> bring_in_seat(SEVEN_CARD_STUD, doors, [0, 1, 2])  # lowest door; clubs lowest
0
>>> bring_in_seat(RAZZ, doors, [0, 1, 2])             # highest door, the king
2
>>> ups = {0: card_codes("Kh 2c"), 1: card_codes("9s 9d"), 2: card_codes("Ah Kc")}
>>> first_to_act(SEVEN_CARD_STUD, ups, [0, 1, 2])     # the open pair beats ace-king
1
>>> first_to_act(RAZZ, ups, [0, 1, 2])                # the best low board: K-A beats K-2
2
>>> ups = {0: card_codes("8h Jc Jd 2d"), 1: card_codes("9h 7h 7d 9s")}
>>> first_to_act(SEVEN_CARD_STUD, ups, [0, 1]), first_to_act(RAZZ, ups, [0, 1])
(1, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Union

from splitpot.betting import BettingStructure, Structure
from splitpot.games import Game

_BySeat = Union[Mapping[int, Sequence[int]], Sequence[Sequence[int]]]  # noqa: UP007 - runtime
"""Cards by seat: a mapping, or a list indexed by seat."""

__all__ = ["board_key", "bring_in_seat", "first_to_act", "odd_chip_order", "open_pair", "opening"]


def _razz_rank(code: int) -> int:
    """Ace 0 (low) to king 12 (high), as Razz counts (docs/rules/poker.md §4.2 DECISION)."""
    return (code // 4 + 1) % 13


def _is_razz(game: Game) -> bool:
    return game.high is None


def bring_in_seat(game: Game, doors: Mapping[int, int], order: Sequence[int]) -> int:
    """The seat that brings in (docs/rules/poker.md §4.2): the lowest door card, ace high,
    ties by suit clubs < diamonds < hearts < spades. Razz: the highest door
    card, king high and ace low, ties to the higher suit (the king of spades brings in).

    ``doors`` maps each seat dealt in to its door card; ``order`` is the seats from the
    dealer's left (no two doors are the same card, so there is never a tie).
    """
    if _is_razz(game):
        return max(order, key=lambda s: (_razz_rank(doors[s]), doors[s] % 4))
    return min(order, key=doors.__getitem__)


def board_key(game: Game, up: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How good an exposed hand is for the order of play, larger is better (§4.2).

    Stud: pairs, trips, two pair and quads of the up cards count, straights and flushes do
    not; then the ranks. The key is the shape first (how many copies of each rank, largest
    first: quads, trips, two pair, a pair, no pair), so two small pairs outrank one big
    pair, then the ranks, the paired ones first. Razz: the best *low* board acts first, so
    the same key is read with aces low and reversed (no pair beats a pair, which beats two
    pair; then the lower cards the better).
    """
    razz = _is_razz(game)
    ranks = [(c // 4 + 1) % 13 for c in up] if razz else [c >> 2 for c in up]
    # map() and lists rather than generators: a stud hand asks this for every seat each street.
    cards = sorted(zip(map(ranks.count, ranks), ranks), reverse=True)  # noqa: B905 - same length
    shape = sorted(map(ranks.count, set(ranks)), reverse=True)
    if razz:
        return tuple([-n for n in shape]), tuple([-r for _, r in cards])
    return tuple(shape), tuple(map(_rank, cards))


_rank = itemgetter(1)  # the rank of a (count, rank) pair


def first_to_act(game: Game, up: _BySeat, order: Sequence[int]) -> int:
    """The seat with the best exposed hand, from fourth street on (docs/rules/poker.md §4.2):
    ties go to the seat nearest the dealer's left (the first of ``order`` with it)."""
    best, first = None, order[0]
    for seat in order:
        key = board_key(game, up[seat])
        if best is None or key > best:
            best, first = key, seat
    return first


def open_pair(game: Game, up: _BySeat, seats: Sequence[int]) -> bool:
    """Whether a player shows an open pair on fourth street, which allows the big bet
    (docs/rules/poker.md §4.2 DECISION: in Stud and Stud Hi/Lo, not in Razz)."""
    if _is_razz(game):
        return False
    return any(len({c // 4 for c in up[s]}) < len(up[s]) for s in seats)


def opening(
    structure: Structure, game: Game, up: _BySeat, live: Sequence[int], street: int
) -> tuple[int, bool]:
    """Who opens the betting of a street after the third (the best exposed hand), and
    whether the big bet may be made on it: fourth street with an open pair, in fixed limit
    (docs/rules/poker.md §4.2)."""
    double = street == 1 and structure.kind is BettingStructure.FIXED_LIMIT
    return first_to_act(game, up, live), double and open_pair(game, up, live)


def odd_chip_order(game: Game, hole: Mapping[int, Sequence[int]]) -> list[int]:
    """Seats in the order they take odd chips in stud, where there is no button (§6 DECISION):
    the highest card by suit among the player's cards first (spades > hearts > diamonds >
    clubs). Razz: the lowest card by suit (ace low) first, the card-room rule for lowball."""
    if _is_razz(game):
        return sorted(hole, key=lambda s: min((_razz_rank(c), c % 4) for c in hole[s]))
    return sorted(hole, key=lambda s: -max(hole[s]))
