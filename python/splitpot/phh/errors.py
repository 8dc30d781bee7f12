"""The errors of PHH reading and replay. Every other module of the package raises them, and
the record sits above the writer, so they have a module of their own below everything."""

from __future__ import annotations

from typing import Any

from splitpot._core import SplitpotError
from splitpot.limits import shown


class PHHError(SplitpotError):
    """A hand history that is not valid PHH or breaks the rules of the game.

    ``source`` is the file (with ``[key]`` for a hand of a ``.phhs`` file), ``action_index``
    the index in ``actions`` of the offending action (``None`` for a field), ``action`` its
    text, ``reason`` what is wrong.
    """

    def __init__(
        self,
        reason: str,
        *,
        source: str | None = None,
        action_index: int | None = None,
        action: str | None = None,
    ) -> None:
        self.reason = reason
        self.source = source
        self.action_index = action_index
        self.action = action
        where = source or "<string>"
        if action_index is not None:
            where += f": action {action_index} ({shown(action)})"
        super().__init__(f"{where}: {reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild_error,
            (type(self), self.reason, self.source, self.action_index, self.action),
        )


class UnsupportedHistory(PHHError):
    """A valid history that splitpot does not play: a variant splitpot does not play (stud,
    draw, short deck...), straddles, fractional chips, unequal antes with ante trimming."""


def _rebuild_error(
    cls: type[PHHError], reason: str, source: str | None, index: int | None, action: str | None
) -> PHHError:
    return cls(reason, source=source, action_index=index, action=action)
