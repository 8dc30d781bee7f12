"""A Pan hand as one self-contained HTML page that steps through it, action by action.

The poker replayer (:mod:`splitpot.show.html`) draws a poker table; Pan has no board, no
bets and melds on the table, so its page is its own: each seat's chips, hand and melds, the
pot, the stock and the live card, and the turn's line as :mod:`splitpot.pan.text` tells it.
The steps are read off the hand as :func:`~splitpot.pan.history.replaying` makes each action
(one home for what an action does: the engine's), embedded as JSON, and the script only
shows step ``k``. No network; every text goes in through ``textContent``. Elements a test
reads: ``#step`` (``data-step``), ``#pot``, ``#house``, ``#stock``, ``#live``, ``#line``,
``[data-seat="N"]`` with ``.stack``, ``.cards`` and ``.melds``, the buttons ``#start``,
``#prev``, ``#next``, ``#end``.

>>> from splitpot.pan.history import loads
>>> page = render_html(loads('''
... variant = "pan"
... seed = 7
... starting_stacks = [20, 20, 20]
... actions = ["p1 play", "p3 play", "p2 play", "p1 draw", "p1 reject"]
... '''))
>>> page.startswith("<!DOCTYPE html>"), "https://" in page
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from splitpot._core import SplitpotError
from splitpot.limits import PAN_PAGE_MAX_ACTIONS, shown
from splitpot.pan.game import PanHand
from splitpot.pan.history import PanHistory, deal, replaying
from splitpot.pan.text import NAMES, describe, render
from splitpot.show.html import script_json  # the one safe JSON-in-a-script

__all__ = ["render_html"]


def render_html(record: PanHistory, names: Sequence[str] = NAMES) -> str:
    """The hand of ``record`` replayed as one HTML page: the seats (chips, the hand, the
    melds), the pot, the stock and the live card after each action, the turn's words, the
    whole hand told as :func:`splitpot.pan.text.render` tells it, and Prev/Next/Start/End
    buttons (and the arrow keys). Raises :class:`~splitpot.pan.history.PanHistoryError` for a
    history that does not replay, :class:`SplitpotError` past
    :data:`~splitpot.limits.PAN_PAGE_MAX_ACTIONS` actions."""
    if len(record.actions) > PAN_PAGE_MAX_ACTIONS:
        raise SplitpotError(
            f"a Pan page steps through at most {PAN_PAGE_MAX_ACTIONS} actions; this hand has "
            f"{shown(len(record.actions))}"
        )
    hand = deal(record)
    seen = len(hand.events)
    steps = [_table(hand, names, "The deal")]
    for _ in replaying(record, hand):
        events = hand.events[seen:]
        seen = len(hand.events)
        steps.append(_table(hand, names, "; ".join(describe(e, names) for e in events)))
    title = f"Pan, {len(hand.seats)} players"
    data = {"steps": steps, "seats": [{"seat": s, "name": names[s]} for s in hand.seats]}
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f'<h1>{escape(title)}</h1>\n{_BODY}\n<pre id="story">{escape(render(hand, names))}</pre>\n'
        f'<script type="application/json" id="hand-data">{script_json(data)}</script>\n'
        f"<script>{_JS}</script>\n</body>\n</html>\n"
    )


def _table(hand: PanHand, names: Sequence[str], line: str) -> dict[str, Any]:
    """What the page shows after one action."""
    live = hand.drawn or hand.live_discard
    return {
        "line": line,
        "pot": hand.pot,
        "house": hand.house,
        "stock": hand.stock_size,
        "live": "" if live is None else str(live),
        "seats": [
            {
                "stack": hand.stacks[s],
                "cards": [str(c) for c in hand.hand(s)],
                "melds": [" ".join(map(str, m)) for m in hand.melds(s)],
                "actor": s == hand.actor,
            }
            for s in hand.seats
        ],
    }


_BODY = """<div id="bar"><button id="start">|&lt;</button><button id="prev">&lt;</button>
<span id="step" data-step="0"></span><button id="next">&gt;</button><button id="end">&gt;|</button>
</div>
<p>Pot <b id="pot"></b> &middot; house <b id="house"></b> &middot; stock <b id="stock"></b>
&middot; live card <b id="live"></b></p>
<p id="line"></p>
<table id="seats"><thead><tr><th>player</th><th>chips</th><th>hand</th><th>melds</th></tr>
</thead><tbody></tbody></table>"""

_CSS = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 16px 20px; background: #1b1e23;
  color: #f3efe3; }
h1 { font-size: 18px; margin: 0 0 8px; }
button { font: inherit; margin-right: 4px; }
#step { margin: 0 8px; }
#line { min-height: 1.4em; color: #ffe08a; }
table { border-collapse: collapse; }
td, th { padding: 4px 10px; border-bottom: 1px solid #3a424b; text-align: left; }
tr.actor { background: #243428; }
.melds span { display: inline-block; margin-right: 10px; }
#story { color: #b9b4a6; white-space: pre-wrap; }
"""

_JS = """
const data = JSON.parse(document.getElementById("hand-data").textContent);
const rows = document.querySelector("#seats tbody");
for (const seat of data.seats) {
  const tr = document.createElement("tr");
  tr.dataset.seat = seat.seat;
  for (const name of ["name", "stack", "cards", "melds"]) {
    const td = document.createElement("td");
    td.className = name;
    tr.appendChild(td);
  }
  tr.querySelector(".name").textContent = seat.name;
  rows.appendChild(tr);
}
let k = 0;
function show(step) {
  k = Math.max(0, Math.min(data.steps.length - 1, step));
  const s = data.steps[k];
  const at = document.getElementById("step");
  at.dataset.step = k;
  at.textContent = `${k} / ${data.steps.length - 1}`;
  const shown = [["pot", s.pot], ["house", s.house], ["stock", s.stock],
                 ["live", s.live || "-"], ["line", s.line]];
  for (const [id, value] of shown) {
    document.getElementById(id).textContent = value;
  }
  s.seats.forEach((seat, i) => {
    const tr = rows.children[i];
    tr.classList.toggle("actor", seat.actor);
    tr.querySelector(".stack").textContent = seat.stack;
    tr.querySelector(".cards").textContent = seat.cards.join(" ");
    const melds = tr.querySelector(".melds");
    melds.replaceChildren(...seat.melds.map((m) => {
      const span = document.createElement("span");
      span.textContent = m;
      return span;
    }));
  });
  document.getElementById("prev").disabled = k === 0;
  document.getElementById("start").disabled = k === 0;
  document.getElementById("next").disabled = k === data.steps.length - 1;
  document.getElementById("end").disabled = k === data.steps.length - 1;
}
document.getElementById("start").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(k - 1);
document.getElementById("next").onclick = () => show(k + 1);
document.getElementById("end").onclick = () => show(data.steps.length - 1);
document.addEventListener("keydown", (e) => {
  const to = {ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: data.steps.length - 1}[e.key];
  if (to !== undefined) { show(to); e.preventDefault(); }
});
show(0);
"""
