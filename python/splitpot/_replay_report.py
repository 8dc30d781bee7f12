"""What ``splitpot replay`` prints: the hands counted by outcome, the hands not played
counted by their reason, and the poker sites' hands in a table by site and game.

Games are named as card rooms name them (:func:`splitpot.phh.variants.variant_name`), never
by PHH code. Every status an :class:`~splitpot.phh.Outcome` may have is counted, those this
module does not know by name included (a status added later gets its own line and column).
The table is laid out by ``tabulate`` (a small pure-Python library, a core dependency):
site and game names vary in length, and the columns must stay aligned whatever they are.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from splitpot.phh.variants import is_played, variant_name

_LINES = {
    "match": "matched their finishing stacks exactly",
    "odd_chip": "differed only by odd chips (a split pot recorded in half chips)",
    "unchecked": "replayed, with no finishing stacks to compare",
}
"""The summary's line of each status it knows, in order (``unsupported``: :func:`_not_played`;
``mismatch`` and ``error``: the failed)."""

_FAILED = ("mismatch", "error")
"""The statuses that fail a run: a replay that differs from the history, a hand unread."""

_COLUMNS = {"match": "exact", "odd_chip": "odd chips", "unsupported": "not played"}
"""The site table's column of each status it knows; ``mismatch`` and ``error`` share one."""

_GAMES_NOT_PLAYED = "games splitpot does not play"


def failed(outcomes: Sequence[Any]) -> list[Any]:
    """The outcomes that fail the run (exit status 1)."""
    return [o for o in outcomes if o.status in _FAILED]


def reason(outcome: Any) -> str:
    """Why a hand was not played, in a few words: "games splitpot does not play" for a game
    it does not play (:func:`game_not_played`), else the reason its message ends with, less
    its explanation in parentheses: "fractional chips", "run it twice", "a cash-out"."""
    if game_not_played(outcome):
        return _GAMES_NOT_PLAYED
    detail = re.sub(r": (['\"]).*\1$", "", outcome.detail)  # a quotation ends it: the text read
    parts = [p.strip() for p in detail.split(": ")]
    said = next((p for p in reversed(parts) if p and p[0] not in "'\""), "")
    said = re.sub(r"\s*\([^()]*\)$", "", said)  # "(chips are whole numbers)"
    said = re.sub(r"\s+(is|are) not played$", "", said)
    return _shortened(said) or "no reason given"


def _shortened(text: str, most: int = 72) -> str:
    """``text`` cut at a word before ``most`` characters, with an ellipsis."""
    return text if len(text) <= most else textwrap.shorten(text, most, placeholder=" ...")


def game_not_played(outcome: Any) -> bool:
    """Whether an ``"unsupported"`` outcome is a game splitpot does not play (rather than a
    hand of a game it plays, refused for another reason: fractional chips, a straddle)."""
    return (
        outcome.status == "unsupported" and bool(outcome.variant) and not is_played(outcome.variant)
    )


def not_played(outcomes: Sequence[Any]) -> dict[str, Counter[str]]:
    """The hands not played, by reason; within :data:`_GAMES_NOT_PLAYED`, by game name, and
    within any other reason by itself. Ordered by the number of hands, most first."""
    by_reason: dict[str, Counter[str]] = {}
    for o in outcomes:
        if o.status == "unsupported":
            why = reason(o)
            key = variant_name(o.variant) if why == _GAMES_NOT_PLAYED else why
            by_reason.setdefault(why, Counter())[key] += 1
    return dict(sorted(by_reason.items(), key=lambda kv: (-kv[1].total(), kv[0])))


def summary(outcomes: Sequence[Any], files: int) -> str:
    """The lines ``replay`` prints before the failures: counts by status, then the table of
    the sites' hands (when some were read from a site's file)."""
    counts = Counter(o.status for o in outcomes)
    lines = [f"{len(outcomes)} hands in {files} file{'' if files == 1 else 's'}"]
    lines += [
        f"{counts[s]:8} {text}" for s, text in _LINES.items() if counts[s] or s != "unchecked"
    ]
    lines.append(f"{counts['unsupported']:8} not played by splitpot")
    for why, kinds in not_played(outcomes).items():
        if why == _GAMES_NOT_PLAYED:
            # No break inside a game's name and count: non-breaking spaces while wrapping.
            games = ", ".join(f"{name} {n}".replace(" ", "\xa0") for name, n in kinds.most_common())
            text = f"{kinds.total():8} of {why}: {games}"
            wrapped = textwrap.wrap(text, 96, initial_indent="    ", subsequent_indent=" " * 16)
            lines += [line.replace("\xa0", " ") for line in wrapped]
        else:
            lines.append(f"    {kinds.total():8} {why}")
    others = sorted(set(counts) - {*_LINES, "unsupported", *_FAILED})
    lines += [f"{counts[s]:8} {s.replace('_', ' ')}" for s in others]
    lines.append(f"{len(failed(outcomes)):8} failed")
    if any(o.site for o in outcomes):
        lines.append(site_table(outcomes))
    return "\n".join(lines)


def site_rows(outcomes: Sequence[Any]) -> dict[tuple[str, str], Counter[str]]:
    """The sites' hands by (site, game name), counted by status (``error`` as ``mismatch``:
    a hand the site's file holds that cannot be read), sorted."""
    rows: dict[tuple[str, str], Counter[str]] = {}
    for o in outcomes:
        if o.site:
            status = "mismatch" if o.status == "error" else o.status
            rows.setdefault((o.site, variant_name(o.variant)), Counter())[status] += 1
    return dict(sorted(rows.items()))


def site_table(outcomes: Sequence[Any]) -> str:
    """The hands read from poker sites, a row per site and game: exact, odd chips, not
    played, mismatch (a replay that differs from the site's result, or a hand that cannot
    be read), and a column for any other status."""
    rows = site_rows(outcomes)
    seen = {s for c in rows.values() for s in c}
    extra = sorted(seen - {*_COLUMNS, "mismatch", "unchecked"})
    statuses = [*_COLUMNS, "mismatch", *extra]
    headers = ["site", "game", *(_COLUMNS.get(s, s.replace("_", " ")) for s in statuses)]
    body = [[site, game, *(c[s] for s in statuses)] for (site, game), c in rows.items()]
    align = ("left", "left", *("right" for _ in statuses))
    return tabulate(body, headers, tablefmt="simple", colalign=align, disable_numparse=True)
