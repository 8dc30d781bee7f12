"""The statistics players track, computed by one SQL query over the per-seat facts.

Each statistic is a numerator and a denominator, both SQL sums of the seats' facts (through
the ``summary`` table the import keeps, :mod:`splitpot.db.summary`), grouped by player and
optionally by position, game or stakes, over any range of days; docs/stats.md defines each one
as PokerTracker and Hold'em Manager do. The database runs the sums: no Python loop over hands.

>>> STATISTICS[1].name, STATISTICS[1].numerator, STATISTICS[1].denominator
('vpip', 'SUM(m.vpip)', 'SUM(m.pf_acted)')
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, localcontext
from typing import Any

from splitpot import _tabular
from splitpot._core import SplitpotError
from splitpot.db import schema


@dataclass(frozen=True)
class Statistic:
    """A statistic: its key, column heading, SQL numerator and denominator over ``summary
    m``, and how it reads: ``"percent"`` (100 x num / den), ``"ratio"``
    (num / den), ``"count"`` (num), ``"per100"`` (100 x num / den, in big blinds) or
    ``"money"`` (num, in the hand's unit; ``per100``-like when ``den`` is given)."""

    name: str
    heading: str
    numerator: str
    denominator: str | None
    kind: str


def _pct(name: str, heading: str, num: str, den: str) -> Statistic:
    return Statistic(name, heading, f"SUM(m.{num})", f"SUM(m.{den})", "percent")


_AGG = "SUM(m.post_bets) + SUM(m.post_raises)"
_HILO = "SUM(m.hilo_wtsd)"
STATISTICS: tuple[Statistic, ...] = (
    Statistic("hands", "hands", "SUM(m.hands)", None, "count"),
    _pct("vpip", "VPIP", "vpip", "pf_acted"),
    _pct("pfr", "PFR", "pfr", "pf_acted"),
    _pct("three_bet", "3Bet", "three_bet", "three_bet_opp"),
    _pct("fold_3bet", "F3Bet", "fold_3bet", "fold_3bet_opp"),
    _pct("steal", "Steal", "steal", "steal_opp"),
    _pct("fold_steal", "FSteal", "fold_steal", "fold_steal_opp"),
    _pct("cbet", "CBet", "cbet", "cbet_opp"),
    _pct("fold_cbet", "FCBet", "fold_cbet", "fold_cbet_opp"),
    Statistic("af", "AF", _AGG, "SUM(m.post_calls)", "ratio"),
    Statistic("afq", "AFq", _AGG, f"{_AGG} + SUM(m.post_calls) + SUM(m.post_folds)", "percent"),
    _pct("wtsd", "WTSD", "wtsd", "saw_flop"),
    _pct("wsd", "W$SD", "wsd", "wtsd"),
    Statistic("scoop", "scoop", "SUM(m.scoop)", _HILO, "percent"),
    Statistic("won_high", "high", "SUM(m.won_high)", _HILO, "percent"),
    Statistic("won_low", "low", "SUM(m.won_low)", _HILO, "percent"),
    Statistic("bb_per_100", "bb/100", "SUM(m.net_bb)", "SUM(m.bb_hands)", "per100"),
    Statistic("won", "won", "SUM(m.net)", None, "money"),
    Statistic("won_per_100", "won/100", "SUM(m.net)", "SUM(m.hands)", "money"),
    Statistic("ev_won", "EV won", "SUM(m.ev_net)", None, "money"),
    Statistic("rake", "rake", "SUM(m.rake_paid)", None, "money"),
)
"""Every statistic, in the order of the table's columns: SQL over the ``summary`` rows
``m`` (:mod:`splitpot.db.summary`), which sum the seats' facts."""

BY = {
    "player": (),
    "position": ("m.position",),
    "game": ("m.variant", "m.game_name"),
    "stakes": ("m.stakes",),
}
"""``--by``: the columns a statistics row is grouped by, besides the player."""


@dataclass(frozen=True)
class Filters:
    """Which hands count: a player's name (and site), a game (``hands.game`` or
    ``hands.variant``), a range of days (``since`` and ``until`` inclusive, ``YYYY-MM-DD``;
    a hand of no known date is then left out).

    >>> Filters("Ann", since="2024-01-01").where()[1]
    ['Ann', '2024-01-01']
    """

    player: str | None = None
    site: str | None = None
    game: str | None = None
    since: str | None = None
    until: str | None = None

    def where(self, *, seats: bool = False) -> tuple[str, list[Any]]:
        """The SQL condition over ``summary m`` and ``players p``, or with ``seats`` over
        ``seats s``, ``hands h`` and ``players p``."""
        t = "h" if seats else "m"
        day = "substr(h.played_at, 1, 10)" if seats else "m.day"
        clauses, args = [f"{'s' if seats else 'm'}.player_id IS NOT NULL"], []
        if self.player is not None:
            clauses.append("p.name = ?")
            args.append(self.player)
        if self.site is not None:
            clauses.append("p.site = ?")
            args.append(self.site)
        if self.game is not None:
            clauses.append(f"({t}.game = ? OR {t}.variant = ?)")
            args += [self.game, self.game]
        if self.since is not None:
            clauses.append(f"{day} >= ? AND {day} != ''")
            args.append(self.since)
        if self.until is not None:
            clauses.append(f"{day} <= ? AND {day} != ''")
            args.append(self.until)
        return " AND ".join(clauses), args


def query(by: str = "player", filters: Filters | None = None) -> tuple[str, list[Any]]:
    """The SQL of the statistics, grouped by player and ``by``, and its arguments."""
    if by not in BY:
        raise SplitpotError(f"--by must be one of {', '.join(BY)}, got {by!r}")
    where, args = (filters or Filters()).where()
    keys = ["p.site", "p.name", *BY[by]]
    sums = []
    for st in STATISTICS:
        sums.append(f"{st.numerator} AS {st.name}_num")
        if st.denominator is not None:
            sums.append(f"{st.denominator} AS {st.name}_den")
    money = (
        "CASE WHEN COUNT(DISTINCT m.currency || ' ' || m.unit) = 1 THEN MIN(m.currency) END, "
        "CASE WHEN COUNT(DISTINCT m.currency || ' ' || m.unit) = 1 THEN MIN(m.unit) END"
    )
    sql = (
        f"SELECT {', '.join(keys)}, {money}, {', '.join(sums)} "
        "FROM summary m JOIN players p ON p.player_id = m.player_id "
        f"WHERE {where} GROUP BY {', '.join(keys)} ORDER BY {', '.join(keys)}"
    )
    return sql, args


def statistics(
    database: str | os.PathLike[str] | sqlite3.Connection,
    *,
    by: str = "player",
    filters: Filters | None = None,
) -> StatsTable:
    """The statistics of every player (or the one ``filters`` names), grouped by ``by``:
    ``"player"``, ``"position"``, ``"game"`` or ``"stakes"``: a :class:`StatsTable`.
    ``database`` is a path or an open connection.

    >>> import os, tempfile
    >>> from splitpot import HOLDEM, Hand, NoLimit, phh
    >>> from splitpot.db import import_paths
    >>> tmp = tempfile.TemporaryDirectory()
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.fold()                  # the button folds: the big blind has no decision
    >>> phh.dump(hand, os.path.join(tmp.name, "hand.phh"), players=["Ann", "Bob"])
    >>> db = os.path.join(tmp.name, "hands.db")
    >>> _ = import_paths([tmp.name], db)
    >>> [(r["player"], r["position"], r["vpip"]) for r in statistics(db, by="position").rows]
    [('Ann', 'BB', None), ('Bob', 'BTN', 0.0)]
    >>> tmp.cleanup()
    """
    sql, args = query(by, filters)
    db = database if isinstance(database, sqlite3.Connection) else schema.connect(database)
    try:
        raw = db.execute(sql, args).fetchall()
    finally:
        if db is not database:
            db.close()
    group = ["site", "player", *(c.split(".")[1] for c in BY[by])]
    if by == "game":
        group[-2:] = ["variant", "game"]
    rows = [_row(r, group) for r in raw]
    return StatsTable(by, group, rows)


def _row(raw: Sequence[Any], group: list[str]) -> dict[str, Any]:
    """One statistics row: the group's keys, then each statistic's value, numerator and
    denominator (``None`` where the denominator is 0, or money over mixed currencies)."""
    n = len(group)
    row: dict[str, Any] = dict(zip(group, raw[:n], strict=True))
    currency, unit = raw[n], raw[n + 1]
    row["currency"], row["unit"] = currency, unit
    values = iter(raw[n + 2 :])
    for st in STATISTICS:
        num = next(values)
        den = next(values) if st.denominator is not None else None
        row[st.name] = _value(st, num, den, unit)
        if st.kind in ("percent", "ratio", "per100"):
            row[f"{st.name}_num"], row[f"{st.name}_den"] = num, den
    return row


def _value(st: Statistic, num: Any, den: Any, unit: str | None) -> Any:
    if st.kind == "count":
        return num
    if st.kind == "money":
        if unit is None or num is None:
            return None  # mixed currencies: no sum means anything
        if den is not None:
            return _money(Decimal(num) * 100 / Decimal(den), unit) if den else None
        return _money(Decimal(str(num)) if isinstance(num, float) else Decimal(num), unit)
    if not den:
        return None
    if st.kind == "ratio":
        return num / den
    return 100 * num / den


def _money(amount: Decimal, unit: str) -> Decimal:
    """``amount`` units in the currency, to the unit's places (exact for whole units)."""
    step = Decimal(unit)
    with localcontext() as ctx:
        ctx.prec = 50
        return (amount * step).quantize(step)


@dataclass(frozen=True)
class StatsTable:
    """The statistics rows: ``group`` names the key columns (``site``, ``player``, and the
    ``by`` columns), each row maps them and every statistic's key to its value (``None``: no
    opportunity, or money over several currencies), with ``_num`` and ``_den`` for each rate.
    ``str()`` is the command's table; :meth:`to_pandas`, :meth:`to_dict` and a notebook's
    HTML show the same.

    >>> table = StatsTable("player", ["site", "player"], [])
    >>> str(table), table.to_dict()["rows"]
    ('no hands', [])
    """

    by: str
    group: list[str]
    rows: list[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json``: money as strings of the currency's decimals."""
        rows = [
            {k: (str(v) if isinstance(v, Decimal) else v) for k, v in row.items()}
            for row in self.rows
        ]
        return {"by": self.by, "statistics": [s.name for s in STATISTICS], "rows": rows}

    def columns(self) -> list[str]:
        """The statistics shown: the hi/lo ones only when some hand of the rows is hi/lo."""
        hilo = any(row.get("scoop_den") for row in self.rows)
        skip = set() if hilo else {"scoop", "won_high", "won_low"}
        return [st.name for st in STATISTICS if st.name not in skip]

    def display_rows(self) -> list[dict[str, str]]:
        """Every row as text, headed as the table's columns."""
        headings = {st.name: st.heading for st in STATISTICS}
        kinds = {st.name: st.kind for st in STATISTICS}
        out = []
        for row in self.rows:
            shown = {k: str(row[k] or "") for k in self.group if k != "site" or row[k]}
            for name in self.columns():
                shown[headings[name]] = _text(row[name], kinds[name], row.get("currency"))
            out.append(shown)
        return out

    def __str__(self) -> str:
        rows = self.display_rows()
        if not rows:
            return "no hands"
        columns = list(rows[0])
        width = {c: max(len(c), *(len(r.get(c, "")) for r in rows)) for c in columns}
        lines = ["  ".join(c.rjust(width[c]) for c in columns)]
        for r in rows:
            lines.append("  ".join(r.get(c, "").rjust(width[c]) for c in columns))
        return "\n".join(lines)

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame`` (the optional extra ``splitpot[pandas]``)."""
        return _tabular.data_frame(self.rows)

    def _repr_html_(self) -> str:
        return _tabular.html_table(f"statistics by {self.by}", self.display_rows())


def _text(value: Any, kind: str, currency: str | None) -> str:
    if value is None:
        return "-"
    if kind == "percent":
        return f"{value:.1f}"
    if kind in ("ratio", "per100"):
        return f"{value:.2f}"
    if kind == "money":
        if not currency:
            return str(value)
        if currency.isalpha():
            return f"{value} {currency}"
        sign = "-" if value < 0 else ""
        return f"{sign}{currency}{abs(value)}"
    return str(value)
