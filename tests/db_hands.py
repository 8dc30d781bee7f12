"""Hand-built histories for the hand database's tests, and a database of them.

Six-handed no limit 1/2 unless said: the players are listed from the small blind, so ``p1`` is
the small blind, ``p2`` the big blind, ``p3`` UTG, ``p4`` HJ, ``p5`` CO and ``p6`` the button
(heads-up: ``p1`` the big blind, ``p2`` the button, who posts the small blind). Preflop ``p3``
acts first; after the flop ``p1``. Player k holds the k-th pair of ``HOLE`` (``p1`` aces, ``p2``
kings, ...), so at a showdown the lower ``p`` number wins; the board is 2c 3d 4h 7c 8d.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from splitpot import phh
from splitpot.db import stats
from splitpot.db.importing import ImportReport, import_paths

HOLE = ["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h"]
FLOP, TURN, RIVER = "d db 2c3d4h", "d db 7c", "d db 8d"


def nl(
    names: str,
    actions: str,
    *,
    stacks: int | list[int] = 200,
    blinds: tuple[int, ...] = (1, 2),
    hole: list[str] | None = None,
    **fields: Any,
) -> phh.HandHistory:
    """A no-limit hold'em history: ``names`` from the small blind, ``actions`` separated by
    commas (``flop``, ``turn`` and ``river`` deal the board)."""
    players = names.split()
    n = len(players)
    cards = hole or HOLE
    board = {"flop": FLOP, "turn": TURN, "river": RIVER}
    deal = [f"d dh p{k + 1} {cards[k]}" for k in range(n)]
    acts = [board.get(a.strip(), a.strip()) for a in actions.split(",")]
    forced = [*blinds, *[0] * (n - len(blinds))]
    user = fields.pop("user_fields", {})
    if len(blinds) > 2:  # a straddle: splitpot's structure field says it is a blind
        user["_splitpot_structure"] = {"kind": "no_limit", "small_blind": 1, "big_blind": 2}
    return phh.HandHistory(
        variant="NT",
        antes=[0] * n,
        blinds_or_straddles=forced,
        min_bet=blinds[1],
        starting_stacks=stacks if isinstance(stacks, list) else [stacks] * n,
        actions=deal + acts,
        players=players,
        user_fields=user,
        **fields,
    )


def database(tmp_path: Path, *hands: phh.HandHistory, name: str = "hands") -> Path:
    """A database of ``hands`` (one ``.phhs`` file); every hand must import."""
    path = tmp_path / f"{name}.phhs"
    with path.open("w", encoding="utf-8") as f:
        phh.dump_all(hands, f)
    db = tmp_path / f"{name}.db"
    report = import_paths([path], db)
    assert (report.errors, report.unsupported, report.added) == (0, 0, len(hands)), report
    return db


def imported(tmp_path: Path, *hands: phh.HandHistory) -> ImportReport:
    path = tmp_path / "hands.phhs"
    with path.open("w", encoding="utf-8") as f:
        phh.dump_all(hands, f)
    return import_paths([path], tmp_path / "hands.db")


def row(db: Path, player: str = "Hero", by: str = "player", **where: Any) -> dict[str, Any]:
    """The one statistics row of ``player`` (and ``where``, the ``by`` columns' values)."""
    table = stats.statistics(db, by=by, filters=stats.Filters(player=player))
    rows = [r for r in table.rows if all(r[k] == v for k, v in where.items())]
    assert len(rows) == 1, table.rows
    return rows[0]


def rate(r: dict[str, Any], name: str) -> tuple[int, int]:
    """A statistic's numerator and denominator."""
    return r[f"{name}_num"], r[f"{name}_den"]
