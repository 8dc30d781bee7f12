"""Pan cards and the deck (docs/rules/pan.md §1, §2).

>>> from splitpot.pan import Card, Deck
>>> Card("7c"), Card("jh").rank_char, int(Card("As"))
(pan.Card('7c'), 'J', 3)
>>> len(Deck(seed=1))
310
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Iterator
from typing import TypeAlias

from splitpot import _core
from splitpot._core import IllegalAction, PanCard, SplitpotError
from splitpot.limits import shown
from splitpot.pan.rules import PanRules, native

Card = PanCard
"""One Pan card (``splitpot.pan.Card``): ranks A 2 3 4 5 6 7 J Q K,
suits c d h s, code ``rank * 4 + suit`` (``Ac`` = 0, ``Ks`` = 39)."""

CardsLike: TypeAlias = str | Card | Iterable[Card | str | int]
"""A string (``"7c7d 7h"``, any case, with or without spaces) or an iterable of ``Card``,
one-card strings, poker ``splitpot.Card`` (same name) or codes 0..39. Copies are allowed."""

_U64 = 2**64 - 1

CARDS: tuple[Card, ...] = tuple(Card(code) for code in range(40))
"""Each card by its code (``CARDS[code]``), made once: a ``Card`` is immutable and compares
by value, so one object serves every hand (a lookup instead of a parse on the hot paths)."""


def parse_cards(cards: CardsLike) -> tuple[Card, ...]:
    """The cards as a tuple of ``Card``, in the order given; copies are kept.

    >>> parse_cards("7c7d 7h")
    (pan.Card('7c'), pan.Card('7d'), pan.Card('7h'))
    >>> parse_cards("9c")
    Traceback (most recent call last):
    ...
    splitpot.InvalidCards: invalid Pan card "9c" at position 0: Pan has no 8, 9 or 10
    """
    return tuple(_core._pan_cards(cards))


class Deck:
    """A shuffled Pan deck; the same ``seed`` (and rules) always gives the same order.

    310 cards by default: 8 packs without 8s, 9s and 10s, one suit of spades removed
    (docs/rules/pan.md §1.1). ``draw`` takes cards off the top; ``len`` and iteration see the cards
    still to be drawn, in order. Without a seed a random one is chosen and kept in ``seed``.

    >>> d = Deck(seed=42)
    >>> hand = d.draw(10)
    >>> len(hand), len(d), Deck(seed=42).draw(10) == hand
    (10, 300, True)
    """

    def __init__(self, seed: int | None = None, rules: PanRules | None = None) -> None:
        if seed is None:
            seed = secrets.randbits(64)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _U64:
            raise SplitpotError(f"seed: expected an int 0..2**64-1, got {shown(seed)}")
        self.seed = seed
        self.rules = rules if rules is not None else PanRules()
        self._cards: list[Card] = _core._pan_deck(native(rules), seed)
        self._top = 0

    def draw(self, n: int = 1) -> list[Card]:
        """The next ``n`` cards off the top; ``IllegalAction`` if fewer are left."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise SplitpotError(f"draw: expected a count >= 0, got {shown(n)}")
        left = len(self._cards) - self._top
        if n > left:
            raise IllegalAction(f"cannot draw {n} cards: {left} left in the deck")
        out = self._cards[self._top : self._top + n]
        self._top += n
        return out

    def __len__(self) -> int:
        return len(self._cards) - self._top

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards[self._top :])

    def __repr__(self) -> str:
        return f"Deck(seed={self.seed}, {len(self)} cards left)"
