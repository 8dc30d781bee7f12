"""The errors of OHH reading and writing: a bad hand names the file, the hand and the field."""

from __future__ import annotations

from typing import Any

from splitpot.phh.errors import PHHError, UnsupportedHistory


class OHHError(PHHError):
    """An Open Hand History that cannot be read or written: ``source`` is the file, ``hand``
    the hand's 1-based place in it (``None`` for the whole file), ``game_number`` the hand's
    id where it was read, ``reason`` what is wrong (naming the field, as
    ``rounds[1].actions[0].amount``).

    A :class:`~splitpot.phh.PHHError` (so a :class:`~splitpot.SplitpotError` and a
    ``ValueError``); :func:`~splitpot.ohh.read` yields it in the hand's place rather than
    raise it, and goes on with the next hand. It pickles, so worker processes can return it.

    >>> from splitpot import ohh
    >>> try:
    ...     ohh.loads('{"ohh": {"game_type": "Holdem"}}', source="a.ohh")
    ... except ohh.OHHError as e:
    ...     print(e)
    a.ohh: hand 1: missing field 'spec_version'
    """

    def __init__(
        self,
        reason: str,
        *,
        source: str | None = None,
        hand: int | None = None,
        game_number: str | None = None,
    ) -> None:
        where = source or "<string>"
        if hand is not None:
            where += f": hand {hand}"
        if game_number:
            where += f" (game {game_number})"
        super().__init__(reason, source=where)
        self.reason = reason
        self.source = source
        self.hand = hand
        self.game_number = game_number

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.reason, self.source, self.hand, self.game_number))


class UnsupportedOHH(OHHError, UnsupportedHistory):
    """A valid hand of a game or with a feature splitpot does not play, or cannot write as
    OHH (a draw game, a bomb pot, a cash-out, Crazy Pineapple's discard): ``reason``
    says which. Both an :class:`OHHError` and an :class:`~splitpot.phh.UnsupportedHistory`,
    so ``splitpot replay`` counts it as "not played", never as a failure.

    >>> from splitpot import CRAZY_PINEAPPLE, Hand, NoLimit, ohh
    >>> try:
    ...     ohh.dumps(Hand(CRAZY_PINEAPPLE, NoLimit(1, 2), [50, 50], seed=1))
    ... except ohh.UnsupportedOHH as e:
    ...     print(e.reason)
    OHH has no action for Crazy Pineapple's discard after the flop
    """


def _rebuild(
    cls: type[OHHError], reason: str, source: str | None, hand: int | None, number: str | None
) -> OHHError:
    return cls(reason, source=source, hand=hand, game_number=number)
