"""The seated players of one hand, and the look-up of the one a line starts with.

:class:`Seating` is a part the reader holds (:class:`~splitpot.sites.base.LineReader`): it
owns the names (fixed once the seats are read, longest first: one name may begin another's),
whether they hold a separator, and the first framework's pattern of them; the reader keeps
the hooks that follow the seats (its table of rules, ``on_seated``). No pattern is compiled
per hand but that one: a line's player is found by a dictionary look-up, or by the names
longest first, so that reading costs the same whatever the names (review H3).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["Seating", "plain"]


def plain(names: list[str], seps: tuple[str, ...]) -> bool:
    """Whether no name holds one of ``seps`` (a line's player is then what comes before one):
    looked for in the names joined by a newline, which no separator holds."""
    joined = "\n".join(names)
    return not any(map(joined.__contains__, seps))


class Seating:
    """The names of ``players`` (the builder's, by name), fixed when it is made, and what
    follows them on their lines: ``actors``, the reader's ``ACTORS``."""

    __slots__ = ("actors", "alternatives", "names", "pattern", "plain", "players", "sep")

    def __init__(self, players: Mapping[str, object], actors: tuple[str, ...]) -> None:
        self.players = players
        self.actors = actors
        names = self.names = sorted(players, key=len, reverse=True)
        self.plain: dict[tuple[str, ...], bool] = {}  # per separators: no seated name holds one
        # The one of ``actors`` when no name holds it: a line's player is what comes before it.
        self.sep = actors[0] if len(actors) == 1 and plain(names, actors) else ""
        self.pattern: re.Pattern[str] | None = None  # the first framework's (compile())
        self.alternatives = "(?!)"

    def compile(self, actor: str | None) -> re.Pattern[str]:
        """``^(NAME|...)ACTOR(.*)$`` for the seated players (the first framework's), the
        reader's ``actor`` after them, else one of ``actors``."""
        self.alternatives = "|".join(map(re.escape, self.names)) or "(?!)"
        actor = actor or "(?:" + "|".join(map(re.escape, self.actors)) + ")"
        self.pattern = re.compile(f"^({self.alternatives}){actor}(.*)$")
        return self.pattern

    def find(self, text: str, seps: tuple[str, ...]) -> tuple[str, str, str] | None:
        """``(name, separator, rest)`` when ``text`` starts with a seated player's name and
        one of ``seps``, else None."""
        names = self.names
        known = self.plain.get(seps)
        if known is None:
            known = self.plain[seps] = plain(names, seps)
        if known:
            players = self.players
            for sep in seps:
                name, found, rest = text.partition(sep)
                if found and name in players:
                    return name, sep, rest
            return None
        for name in names:
            if text.startswith(name):
                for sep in seps:
                    if text.startswith(sep, len(name)):
                        return name, sep, text[len(name) + len(sep) :]
        return None
