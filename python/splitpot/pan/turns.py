"""The set-up of a Pan hand (docs/rules/pan.md §5.1, §6.1): its checks, and a notebook's rows.

:func:`starting` checks the arguments of :class:`~splitpot.pan.game.PanHand` and makes its
first record; the hand itself is composed of the money (:mod:`.money`), the players' cards
and melds (:mod:`.tableau`) and the turns of :mod:`.game`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from splitpot import _seeds
from splitpot._check import chips as _chips
from splitpot._core import SplitpotError
from splitpot.limits import PAN_MAX_SEATS, shown
from splitpot.pan.cards import CardsLike, parse_cards
from splitpot.pan.records import (
    PanStarting,
)
from splitpot.pan.rules import (
    PanRules,
)

if TYPE_CHECKING:
    from splitpot.pan.game import PanHand

__all__ = ["HAND_SIZE", "notebook_rows", "starting", "validate"]

HAND_SIZE = 10
"""Cards dealt to each player (docs/rules/pan.md §6.1); going out takes 11 melded (§6.3)."""

_DEFAULT_RULES = PanRules()
"""The rules of a hand given none: made once (a ``PanRules`` is frozen and compares by value;
making one checks every field in the core)."""


def starting(
    stacks: Sequence[int | None],
    first: int = 0,
    seed: int | None = None,
    rules: PanRules | None = None,
    carry: int = 0,
    deck: CardsLike | None = None,
) -> PanStarting:
    """The checked set-up of a hand (:class:`~splitpot.pan.game.PanHand`'s arguments):
    a :class:`~splitpot.SplitpotError` names what is wrong, before anything is dealt."""
    rules = rules if rules is not None else _DEFAULT_RULES
    if not isinstance(rules, PanRules):
        raise TypeError(f"rules must be a PanRules, got {shown(rules)}")
    seats = list(itertools.islice(stacks, PAN_MAX_SEATS + 1))  # read no further than the limit
    if len(seats) > PAN_MAX_SEATS:
        raise SplitpotError(f"stacks: more than the {PAN_MAX_SEATS} seats a hand has")
    start = tuple(
        None if s is None else _chips(s, f"stack of seat {i}") for i, s in enumerate(seats)
    )
    dealt = [i for i, s in enumerate(start) if s is not None]
    if not rules.players_min <= len(dealt) <= rules.players_max:
        raise SplitpotError(
            f"Pan is played by {rules.players_min} to {rules.players_max} players "
            f"(docs/rules/pan.md §6.7), got {len(dealt)}"
        )
    post = rules.tops_amount + rules.collection_fee
    for i in dealt:
        if start[i] < post:  # type: ignore[operator]
            raise SplitpotError(f"seat {i} has {start[i]} chips; posting takes {post} (§5.1)")
    if (
        isinstance(first, bool)
        or not isinstance(first, int)
        or not 0 <= first < len(start)
        or start[first] is None
    ):
        raise SplitpotError(f"first must be a seat dealt in, got {shown(first)}")
    if seed is None:
        seed = _seeds.draw()
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < _seeds.SEED_LIMIT:
        raise SplitpotError(f"seed must be an int 0..2**64-1, got {shown(seed)}")
    cards = None if deck is None else parse_cards(deck)
    size = rules.deck_size if cards is None else len(cards)
    if size < HAND_SIZE * len(dealt):  # §6.1: ten cards each
        raise SplitpotError(
            f"the deck has {size} cards; the deal takes {HAND_SIZE * len(dealt)} "
            f"({HAND_SIZE} for each of {len(dealt)} players, docs/rules/pan.md §6.1)"
        )
    return PanStarting(start, first, seed, rules, _chips(carry, "carry"), cards)


def validate(start: PanStarting) -> PanStarting:
    """A set-up record checked again (made by hand or read back)."""
    return starting(*(getattr(start, f.name) for f in fields(start)))


def notebook_rows(hand: PanHand) -> list[dict[str, Any]]:
    """A notebook's row per seat dealt in: ``seat``, ``chips``, ``cards`` (in hand),
    ``melds``, and once the hand is over ``net``."""
    over = hand.is_over
    return [
        {
            "seat": s,
            "chips": hand.stacks[s],
            "cards": len(hand.hand(s)),
            "melds": "; ".join(" ".join(map(str, m)) for m in hand.melds(s)),
        }
        | ({"net": hand.result.net[s]} if over else {})
        for s in hand.seats
    ]
