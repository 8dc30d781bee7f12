"""The pieces of text many sites write alike, each with one home (issue 26): a reader builds
its own patterns from these rather than typing them again.

Only what several readers write to the letter is here; a site's own wording stays in its
reader. Every pattern is linear in its line (review H4): no lazy part before a repeated group.
"""

from __future__ import annotations

import re

from splitpot.sites.builder import Kind

__all__ = ["CARDS", "LIMITS", "SHORT_LIMITS", "dealt_to"]

CARDS = r"\[([^]]*)\]"
"""Cards in brackets, ``[Ah Kd]``: one group, the cards between them."""

LIMITS: dict[str, Kind] = {"No Limit": "N", "Pot Limit": "P", "Fixed Limit": "F"}
"""The betting structures as most headers name them, as the builder's kinds."""
SHORT_LIMITS: dict[str, Kind] = {"NL": "N", "PL": "P", "FL": "F"}
"""The same, abbreviated (Boss, Cake)."""


def dealt_to(alternatives: str, cards: str = CARDS) -> re.Pattern[str]:
    """``Dealt to NAME [Ah Kd]``: group 1 one of the seated names (``alternatives``, their
    alternation), group 2 his cards, written as ``cards`` says (a group of its own)."""
    return re.compile(rf"^Dealt to ({alternatives}) {cards}\s*$")
