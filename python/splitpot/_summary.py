"""The CLI's ``--json`` output: one JSON object per run, on stdout (``docs`` and tests name
the keys; they are stable, and chips are integers).

``eval``:     ``cards``, ``high`` {``name``, ``category``, ``strength``, ``best_five``},
              ``low`` {``name``, ``strength``, ``ranks``, ``best_five``} or ``null``.
``equity``:   :meth:`splitpot.EquityResult.to_dict`.
``replay``:   ``hands``, ``files``, ``skipped`` (names found that are not regular files: a
              FIFO, a device), ``matched``, ``odd_chip``, ``unchecked``, ``unsupported``,
              ``failed``, ``unsupported_variants`` {variant: count}, ``unsupported_reasons``
              {reason: count} (as the text report words them), ``sites`` [{``site``,
              ``game`` (a PHH code, or the site's name), ``name`` (the game as people name it),
              ``exact``, ``odd_chip``, ``unsupported``, ``mismatch``}],
              ``failures`` [{``status``, ``detail``}].
``simulate``: ``game``, ``structure``, ``players``, ``hands``, ``seed``, ``out``,
              ``net`` (chips won or lost per seat, summed over the hands; ``null`` for a
              tournament, whose players change seats), ``pots`` (chips
              paid out of pots, all hands), ``biggest_pot``, ``showdowns``; with
              ``--tournament`` also ``finished`` and ``standings`` [{``place``, ``name``,
              ``tied``, ``payout``}].
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

import splitpot as sp
from splitpot import _replay_report
from splitpot.phh.variants import variant_name


def emit(summary: dict[str, Any]) -> None:
    """The summary as one line of JSON on stdout."""
    sys.stdout.write(json.dumps(summary, ensure_ascii=False) + "\n")


def high(hand: sp.HighHand) -> dict[str, Any]:
    return {
        "name": str(hand),
        "category": hand.category.name,
        "strength": hand.strength,
        "best_five": [str(c) for c in hand.best_five()],
    }


def low(hand: sp.LowHand | None) -> dict[str, Any] | None:
    if hand is None:
        return None
    return {
        "name": str(hand),
        "strength": hand.strength,
        "ranks": list(hand.ranks),
        "best_five": [str(c) for c in hand.best_five()],
    }


def replay(outcomes: Sequence[Any], files: int, skipped: Sequence[str] = ()) -> dict[str, Any]:
    counts = Counter(o.status for o in outcomes)
    sites: dict[tuple[str, str], Counter[str]] = {}
    for o in outcomes:
        if o.site:
            status = "mismatch" if o.status == "error" else o.status
            sites.setdefault((o.site, o.variant or "?"), Counter())[status] += 1
    failed = [o for o in outcomes if o.status in ("mismatch", "error")]
    return {
        "hands": len(outcomes),
        "files": files,
        "skipped": list(skipped),
        "matched": counts["match"],
        "odd_chip": counts["odd_chip"],
        "unchecked": counts["unchecked"],
        "unsupported": counts["unsupported"],
        "damaged": counts["damaged"],
        "failed": len(failed),
        "unsupported_variants": dict(
            sorted(Counter(o.variant or "?" for o in outcomes if o.status == "unsupported").items())
        ),
        "unsupported_reasons": {
            why: kinds.total() for why, kinds in _replay_report.not_played(outcomes).items()
        },
        "sites": [
            {
                "site": site,
                "game": game,
                "name": variant_name(game),
                "exact": c["match"],
                "odd_chip": c["odd_chip"],
                "unsupported": c["unsupported"],
                "damaged": c["damaged"],
                "mismatch": c["mismatch"],
            }
            for (site, game), c in sorted(sites.items())
        ],
        "failures": [{"status": o.status, "detail": o.detail} for o in failed],
        "damaged_hands": [o.detail for o in outcomes if o.status == "damaged"],
    }


class Hands:
    """The ``simulate`` summary, added to hand by hand as the hands are written."""

    def __init__(self, players: int | None) -> None:
        self.net = None if players is None else [0] * players
        self.hands = self.pots = self.biggest_pot = self.showdowns = 0

    def add(self, hand: Any) -> None:
        result = hand.result
        self.hands += 1
        if self.net is not None:
            for seat, chips in enumerate(result.net):
                self.net[seat] += chips
        paid = sum(p.amount for p in result.pots)
        self.pots += paid
        self.biggest_pot = max(self.biggest_pot, paid)
        self.showdowns += bool(result.shown)

    def merge(self, other: Hands) -> Hands:
        """The summary of both runs' hands, as if added one by one: exact (integers) and
        associative, so chunks' summaries merge to the one-process summary in any grouping."""
        if (self.net is None) != (other.net is None) or len(self.net or ()) != len(other.net or ()):
            raise ValueError("summaries of tables of different sizes do not merge")
        out = Hands(None)
        if self.net is not None and other.net is not None:
            out.net = [a + b for a, b in zip(self.net, other.net, strict=True)]
        out.hands = self.hands + other.hands
        out.pots = self.pots + other.pots
        out.biggest_pot = max(self.biggest_pot, other.biggest_pot)
        out.showdowns = self.showdowns + other.showdowns
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hands) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Hands({self.to_dict()})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "net": self.net,
            "pots": self.pots,
            "biggest_pot": self.biggest_pot,
            "showdowns": self.showdowns,
        }
