"""A Pan hand's rows (docs/rules/pan.md): the history replayed, its result and its actions.

Pan has no betting rounds: a hand's row, a seat per player with what he won or lost (the
statistics give Pan hands, won and won per 100 hands, in tops), and each decision as an
action whose kind is the history's verb (``play``, ``draw``, ``meld``...).
"""

from __future__ import annotations

from typing import Any

from splitpot.db.rows import HAND_COLUMNS, HandRows, Unfinished, _ordered, content_key
from splitpot.db.schema import FACTS
from splitpot.pan.history import PanHistory, replay


def pan_rows(record: PanHistory, fmt: str = "pan") -> HandRows:
    """The rows of one Pan history. Raises :class:`~splitpot.pan.history.PanHistoryError`
    for one that does not replay."""
    hand = replay(record)
    if not hand.is_over:
        raise Unfinished("the Pan history stops before the hand is over")
    result = hand.result
    key = content_key("pan", record.to_mapping())
    seat_of = record.seat_of
    nets = [result.net[s] or 0 for s in seat_of]
    hand_row = _hand_row(record, key, fmt, nets, result.house)
    seats = []
    for k, seat in enumerate(seat_of):
        stack = record.starting_stacks[k]
        site_seat = record.seats[k] if record.seats else k + 1
        row = (seat, site_seat, None, "", k, stack, None, 0, max(nets[k], 0), nets[k], 0)
        seats.append((*row, None, None, *([0] * len(FACTS)), None, float(nets[k])))
    actions = []
    for i, text in enumerate(record.actions):
        words = text.partition("#")[0].split()
        seat = seat_of[int(words[0][1:]) - 1]
        cards = " ".join(words[2:]) or None
        actions.append((i, 0, seat, words[1], 0, None, 0, 0, cards))
    return HandRows(
        key=key,
        hand=hand_row,
        players=[None] * len(seat_of),
        seats=seats,
        streets=[(0, "play", "", len(seat_of), 0)],
        actions=actions,
    )


def _hand_row(
    record: PanHistory, key: str, fmt: str, nets: list[int], house: int
) -> tuple[Any, ...]:
    """The ``hands`` row: Pan's stake is the top; no blinds, bets, board or all-in."""
    top = record.rules.tops_amount
    players = len(record.starting_stacks)
    return _ordered(
        {
            **dict.fromkeys(HAND_COLUMNS, 0),  # the poker columns: no blinds, bets or antes
            "hand_key": key,
            "format": fmt,
            "site": "",
            "site_hand": None,
            "variant": "pan",
            "game": "pan",
            "game_name": "Panguingue",
            "structure": "",
            "bb": top,
            "stakes": f"top {top}",
            "currency": "",
            "unit": "1",
            "played_at": None,
            "time_zone": None,
            "level": None,
            "seat_count": record.seat_count or players,
            "players": players,
            "button": None,
            "board": "",
            "pot": sum(n for n in nets if n > 0) + house,
            "rake": house,
            "site_rake": None,
            "checked": "match" if record.finishing_stacks is not None else "unchecked",
            "allin_street": None,
            "ev": None,
        }
    )
