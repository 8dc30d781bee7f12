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
    text, ``reason`` what is wrong; the message puts them together. A ``ValueError`` (a
    :class:`~splitpot.SplitpotError`); it pickles, so worker processes can return it.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import dumps, loads, replay
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.fold()                 # the small blind folds
    >>> hh = loads(dumps(hand))
    >>> from splitpot.phh import PHHError
    >>> hh.actions[2] = "p2 cbr 1000"
    >>> try:
    ...     replay(hh)
    ... except PHHError as e:
    ...     print(e.action_index, e.action, "|", e.reason)
    2 p2 cbr 1000 | seat 1 may raise to 4..100, not 1000 (seat 1 is p2)
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
    draw, short deck...), straddles, fractional chips, unequal antes with ante trimming.

    A :class:`PHHError` (so ``except PHHError`` catches both); raised by ``replay``, it
    becomes the ``"unsupported"`` status of ``check``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import dumps, loads, replay
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.fold()                 # the small blind folds
    >>> hh = loads(dumps(hand))
    >>> hh.variant = "NS"                 # short-deck hold 'em
    >>> replay(hh)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splitpot.phh.errors.UnsupportedHistory: <string>: variant 'NS' (No-limit short-deck ...
    """


def _rebuild_error(
    cls: type[PHHError], reason: str, source: str | None, index: int | None, action: str | None
) -> PHHError:
    return cls(reason, source=source, action_index=index, action=action)
