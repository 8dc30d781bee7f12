"""The ``summary`` table: every seat's facts summed per player, position, game, stakes, money
and day, the rows the statistics add up (PokerTracker keeps such cache tables too).

One SQL statement makes it from the seats and hands: :func:`add` runs it over the hands an
import has just written, in the same transaction (an upsert adds to the rows already there);
:func:`rebuild` runs it over every hand. The two give the same table (tests/test_db_import.py
checks it), so the statistics are those of the seats.
"""

from __future__ import annotations

import sqlite3

from splitpot.db.schema import FACTS

KEYS = (
    "player_id",
    "position",
    "variant",
    "game",
    "game_name",
    "stakes",
    "currency",
    "unit",
    "day",
)
VALUES = (
    "hands",
    *FACTS,
    "hilo_wtsd",
    "bb_hands",
    "net",
    "net_bb",
    "ev_net",
    "rake_paid",
)

_SOURCES = {
    "player_id": "s.player_id",
    "position": "s.position",
    "variant": "h.variant",
    "game": "h.game",
    "game_name": "h.game_name",
    "stakes": "h.stakes",
    "currency": "h.currency",
    "unit": "h.unit",
    "day": "COALESCE(substr(h.played_at, 1, 10), '')",
    "hands": "COUNT(*)",
    **{f: f"SUM(s.{f})" for f in FACTS},
    "hilo_wtsd": "SUM(s.wtsd * h.hi_lo)",
    "bb_hands": "SUM(h.bb > 0)",
    "net": "SUM(s.net)",
    "net_bb": "TOTAL(CASE WHEN h.bb > 0 THEN CAST(s.net AS REAL) / h.bb END)",
    "ev_net": "TOTAL(s.ev_net)",
    "rake_paid": "SUM(s.rake_paid)",
}

_UPSERT = (
    f"INSERT INTO summary ({', '.join((*KEYS, *VALUES))}) "
    f"SELECT {', '.join(_SOURCES[c] for c in (*KEYS, *VALUES))} "
    "FROM seats s JOIN hands h ON h.hand_id = s.hand_id "
    "WHERE s.player_id IS NOT NULL AND s.hand_id BETWEEN ? AND ? "
    f"GROUP BY {', '.join(_SOURCES[c] for c in KEYS)} "
    "ON CONFLICT (player_id, position, variant, game, stakes, currency, unit, day) DO UPDATE SET "
    + ", ".join(f"{v} = {v} + excluded.{v}" for v in VALUES)
)


def add(db: sqlite3.Connection, first: int, last: int) -> None:
    """Add the seats of hands ``first`` to ``last`` (ids) to the summary: inside the
    transaction that wrote them."""
    db.execute(_UPSERT, (first, last))


def rebuild(db: sqlite3.Connection) -> None:
    """The summary made again from every seat (after rows were written by other means)."""
    db.execute("DELETE FROM summary")
    db.execute(_UPSERT, (0, 1 << 62))
