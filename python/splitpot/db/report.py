"""A player's report: one self-contained HTML page (no script or style from elsewhere).

The winnings graph, drawn as inline SVG: what the player won, and what he would have won
with every all-in shared by its equity (:mod:`splitpot.db.ev`), against the hands he played in
the order they were played; in money when all his hands are of one currency, else in big
blinds. Then his statistics (:mod:`splitpot.db.stats`), overall and by position, game and
stakes. Moving the pointer over the graph reads the two lines at that hand. The running sums
are SQL window functions; the graph keeps at most :data:`POINTS` points of them.
"""

from __future__ import annotations

import json
import os
import sqlite3
from decimal import Decimal
from html import escape
from typing import Any

from splitpot._core import SplitpotError
from splitpot.db import schema
from splitpot.db.stats import Filters, StatsTable, statistics

POINTS = 1000
"""Points of each line at most: every k-th hand, and the last."""
WIDTH, HEIGHT, PAD = 900, 360, 56

_CURVE = """
SELECT n, won, ev FROM (
  SELECT ROW_NUMBER() OVER w AS n, SUM({net}) OVER w AS won, SUM({ev}) OVER w AS ev
  FROM seats s JOIN hands h ON h.hand_id = s.hand_id JOIN players p ON p.player_id = s.player_id
  WHERE {where}
  WINDOW w AS (ORDER BY h.played_at, h.hand_id ROWS UNBOUNDED PRECEDING)
) WHERE n % ? = 0 OR n = ?
"""


def hero(db: sqlite3.Connection) -> str:
    """The name with the most hands (a tracker's guess at whose database it is)."""
    row = db.execute(
        "SELECT p.name FROM summary m JOIN players p ON p.player_id = m.player_id "
        "GROUP BY p.name ORDER BY SUM(m.hands) DESC, p.name LIMIT 1"
    ).fetchone()
    if row is None:
        raise SplitpotError("the database has no named player's hands")
    return str(row[0])


def curve(db: sqlite3.Connection, filters: Filters) -> dict[str, Any]:
    """The running won and all-in EV lines: ``points`` ``[hand, won, ev]``, ``unit`` (the
    money's, or ``"bb"``), ``currency``, ``hands``."""
    where, args = filters.where(seats=True)
    head = db.execute(
        "SELECT COUNT(*), COUNT(DISTINCT h.currency || ' ' || h.unit), MIN(h.currency), "
        "MIN(h.unit) FROM seats s JOIN hands h ON h.hand_id = s.hand_id "
        f"JOIN players p ON p.player_id = s.player_id WHERE {where}",
        args,
    ).fetchone()
    hands, kinds, currency, unit = head
    money = kinds == 1
    if money:
        net, ev = "s.net", "s.ev_net"
    else:  # mixed currencies: in big blinds
        net = "CASE WHEN h.bb > 0 THEN CAST(s.net AS REAL) / h.bb ELSE 0 END"
        ev = "CASE WHEN h.bb > 0 THEN s.ev_net / h.bb ELSE 0 END"
    step = max(1, -(-hands // POINTS))
    sql = _CURVE.format(net=net, ev=ev, where=where)
    points = [list(r) for r in db.execute(sql, [*args, step, hands])]
    if money:
        scale = Decimal(unit)
        points = [
            [n, float(Decimal(w) * scale), float(Decimal(str(e)) * scale)] for n, w, e in points
        ]
    return {
        "hands": hands,
        "unit": unit if money else "bb",
        "currency": currency if money else "",
        "points": points,
    }


def _svg(data: dict[str, Any]) -> str:
    points = data["points"]
    values = [v for _, w, e in points for v in (w, e)] + [0.0]
    low, high = min(values), max(values)
    if high == low:
        high = low + 1
    hands = max(1, data["hands"])

    def x(n: float) -> float:
        return float(PAD + (WIDTH - 2 * PAD) * n / hands)

    def y(v: float) -> float:
        return float(PAD + (HEIGHT - 2 * PAD) * (high - v) / (high - low))

    def line(i: int) -> str:
        return " ".join(f"{x(p[0]):.1f},{y(p[i]):.1f}" for p in [[0, 0.0, 0.0], *points])

    ticks = "".join(
        f'<line class="tick" x1="{PAD}" x2="{WIDTH - PAD}" y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
        f'<text x="{PAD - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{_num(v)}</text>'
        for v in sorted({low, 0.0, high})
    )
    return (
        f'<svg id="graph" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="won and all-in EV against hands played">{ticks}'
        f'<text x="{WIDTH - PAD}" y="{HEIGHT - PAD + 24}" text-anchor="end">{hands} hands</text>'
        f'<polyline id="ev-line" class="ev" points="{line(2)}"/>'
        f'<polyline id="won-line" class="won" points="{line(1)}"/>'
        f'<line id="cursor" x1="0" x2="0" y1="{PAD}" y2="{HEIGHT - PAD}" visibility="hidden"/>'
        "</svg>"
    )


def _num(v: float) -> str:
    return f"{v:,.2f}" if abs(v) < 1000 else f"{v:,.0f}"


def _table(table: StatsTable, caption: str, ident: str) -> str:
    rows = table.display_rows()
    if not rows:
        return ""
    columns = [c for c in rows[0] if c != "player"]
    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(r.get(c, ''))}</td>" for c in columns) + "</tr>"
        for r in rows
    )
    return (
        f'<div class="scroll"><table id="{ident}"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
    )


_STYLE = """
body{font:14px system-ui,sans-serif;margin:24px;color:#222}
svg{width:100%;max-width:900px;background:#fafafa;border:1px solid #ddd}
svg text{font-size:12px;fill:#555}
.tick{stroke:#e3e3e3}
polyline{fill:none;stroke-width:2}
.won{stroke:#1f6fb2}.ev{stroke:#d9822b;stroke-dasharray:6 4}
#cursor{stroke:#999}
.key span{display:inline-block;width:24px;height:3px;margin:0 6px 3px 12px;vertical-align:middle}
table{border-collapse:collapse;margin:12px 0 24px}
.scroll{overflow-x:auto}
caption{text-align:left;font-weight:600;padding:4px 0}
td,th{border:1px solid #ddd;padding:3px 8px;text-align:right}
th{background:#f2f2f2}
"""

_SCRIPT = """
(function () {
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var svg = document.getElementById("graph"), cursor = document.getElementById("cursor");
  var out = document.getElementById("readout"), pts = data.points;
  svg.addEventListener("mousemove", function (ev) {
    var box = svg.getBoundingClientRect();
    var vx = (ev.clientX - box.left) * data.width / box.width;
    var n = (vx - data.pad) / (data.width - 2 * data.pad) * data.hands;
    if (!pts.length || n < 0 || n > data.hands) return;
    var best = pts[0];
    for (var i = 1; i < pts.length; i++)
      if (Math.abs(pts[i][0] - n) < Math.abs(best[0] - n)) best = pts[i];
    var x = data.pad + (data.width - 2 * data.pad) * best[0] / data.hands;
    cursor.setAttribute("x1", x); cursor.setAttribute("x2", x);
    cursor.setAttribute("visibility", "visible");
    out.setAttribute("data-hand", best[0]);
    out.textContent = "hand " + best[0] + ": won " + best[1].toFixed(2) +
      ", all-in EV " + best[2].toFixed(2) + " " + data.label;
  });
})();
"""


def render(
    database: str | os.PathLike[str] | sqlite3.Connection,
    player: str | None = None,
    filters: Filters | None = None,
) -> str:
    """The report page of ``player`` (default: the name with the most hands), over the hands
    ``filters`` select: a self-contained HTML document. Raises
    :class:`~splitpot.SplitpotError` when the player has no hands there.

    >>> import os, tempfile
    >>> from splitpot import HOLDEM, Hand, NoLimit, phh
    >>> from splitpot.db import import_paths
    >>> tmp = tempfile.TemporaryDirectory()
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.fold()
    >>> phh.dump(hand, os.path.join(tmp.name, "hand.phh"), players=["Ann", "Bob"])
    >>> db = os.path.join(tmp.name, "hands.db")
    >>> _ = import_paths([tmp.name], db)
    >>> page = render(db, "Ann")
    >>> page.startswith("<!DOCTYPE html>"), 'id="won">1.00<' in page
    (True, True)
    >>> tmp.cleanup()
    """
    db = database if isinstance(database, sqlite3.Connection) else schema.connect(database)
    try:
        name = player if player is not None else hero(db)
        base = filters or Filters()
        chosen = Filters(name, base.site, base.game, base.since, base.until)
        data = curve(db, chosen)
        if not data["hands"]:
            raise SplitpotError(f"no hands of {name!r} in the database")
        tables = [
            _table(statistics(db, by=by, filters=chosen), caption, f"by-{by}")
            for by, caption in (
                ("player", "Statistics"),
                ("position", "By position"),
                ("game", "By game"),
                ("stakes", "By stakes"),
            )
        ]
    finally:
        if db is not database:
            db.close()
    return _page(name, data, tables)


def _page(name: str, data: dict[str, Any], tables: list[str]) -> str:
    """The document: the title, the totals, the graph, the tables and the readout's script."""
    label = "bb" if data["unit"] == "bb" else data["currency"]
    data.update(width=WIDTH, pad=PAD, label=label)
    last = data["points"][-1]
    payload = json.dumps(data).replace("</", "<\\/")
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>splitpot: {escape(name)}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{escape(name)}</h1>"
        f'<p id="summary">{data["hands"]} hands: won <b id="won">{_num(last[1])}</b>, '
        f'all-in EV <b id="ev">{_num(last[2])}</b> {escape(label)}</p>'
        f'<p class="key"><span class="won" style="background:#1f6fb2"></span>won'
        f'<span class="ev" style="background:#d9822b"></span>all-in EV</p>'
        f"{_svg(data)}"
        '<p id="readout">point at the graph to read it</p>'
        f"{''.join(tables)}"
        f'<script type="application/json" id="report-data">{payload}</script>'
        f"<script>{_SCRIPT}</script></body></html>"
    )
