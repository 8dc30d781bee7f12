"""The hand as one self-contained HTML page that steps through it, action by action.

No network at all: the style and the script are inline, the cards are drawn with CSS. The
steps are computed in Python (:mod:`splitpot.show.steps`) and embedded as JSON; the script
only displays step ``k``. Elements a test reads: ``#pot`` (the pot, bets included),
``#board``, ``#step`` (``data-step``; ``data-event`` is the index in ``hand.events`` of the
step's last record), ``[data-seat="N"]`` (engine seat N) with ``.stack``, ``.cards`` and
``.note`` children, ``[data-bet="N"]``, and the buttons ``#start``, ``#prev``, ``#next``,
``#end``.

>>> from splitpot.phh import HandHistory
>>> hh = HandHistory(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2,
...     starting_stacks=[50, 50], players=["</script>", "Bob"],
...     actions=["d dh p1 AcKd", "d dh p2 7h2c", "p2 cc", "p1 cc"])
>>> page = render_html(hh)
>>> page.count("</script>"), "https://" in page
(2, False)
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from html import escape
from typing import Any

from splitpot.phh import HandHistory, replay
from splitpot.show.page import BODY, CSS, JS
from splitpot.show.steps import awards, steps
from splitpot.show.story import Story
from splitpot.show.text import event_lines, site_result

__all__ = ["render_html"]


def render_html(history: HandHistory, *, names: Sequence[str] | None = None) -> str:
    """The replayed hand as one HTML page: the oval table with the seats around it (name,
    stack, hole cards, the button), the board, the pot and each bet, the log of actions, and
    Prev/Next/Start/End buttons (and the arrow keys) stepping through every action to the
    showdown and who won which pot and why. ``names`` (one per player) replaces
    ``history.players``. Raises :class:`~splitpot.phh.PHHError` for a history that does not
    replay.

    Args:
        history: a :class:`~splitpot.phh.HandHistory` splitpot plays.
        names: one display name per player (default the history's players, else p1, p2...).

    Returns the page as text: no file is written, nothing is fetched from the network.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import HandHistory
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.raise_to(6), hand.fold()
    >>> history = HandHistory.from_hand(hand)
    >>> page = render_html(history, names=["Ann", "Bob"])
    >>> page.startswith("<!DOCTYPE html>"), "Ann" in page
    (True, True)
    """
    story = Story(history, replay(history), names)
    title, *rest = story.header()
    data = {
        "title": story.header(),
        "seats": _seats(story),
        "steps": steps(story, event_lines(story)),
        "awards": awards(story),
        "site": site_result(story),
    }
    body = BODY.format(title=escape(title), subtitle=escape(" / ".join(rest)))
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n{body}"
        f'<script type="application/json" id="hand-data">{script_json(data)}</script>\n'
        f"<script>{JS}</script>\n</body>\n</html>\n"
    )


def script_json(data: Any) -> str:
    """JSON safe inside a ``<script>`` element: ``<``, ``>`` and ``&`` are written as
    ``\\u003c``... so no text (a player named ``</script>``) can end the element.

    >>> script_json({"name": "</script><b>"})
    '{"name": "\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=False)
    for char, code in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(char, code)
    # U+2028/2029 end a line in older JavaScript parsers.
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _seats(story: Story) -> list[dict[str, Any]]:
    """Each seat dealt in, placed round the oval clockwise from the bottom (engine seat 0
    first), with its bet's place between it and the centre (percent of the table)."""
    hand = story.hand
    out = []
    for seat in hand.seats:
        angle = math.pi / 2 + 2 * math.pi * seat / hand.seat_count
        cos, sin = math.cos(angle), math.sin(angle)
        role = story.roles.get(seat, "")
        out.append(
            {
                "seat": seat,
                "name": story.name(seat),
                "title": f"seat {seat + 1}" + (f" ({role})" if role else ""),
                "button": seat == hand.button and hand.game.forced_bets != "bring_in",
                "x": round(50 + 40 * cos, 2),
                "y": round(50 + 41 * sin, 2),
                "bx": round(50 + 25 * cos, 2),
                "by": round(50 + 24 * sin, 2),
            }
        )
    return out
