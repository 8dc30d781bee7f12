"""Card arguments: text, :class:`Card` objects or int codes, turned into card codes.

A card's code is ``rank * 4 + suit`` (spec/poker.md §1): ``2c`` is 0 and ``As`` is 51.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Union

from splitpot._core import Card, InvalidCards

__all__ = ["DECK_SIZE", "CardsLike", "card_codes"]

CardsLike = Union[str, Iterable[Union[Card, str, int]]]  # noqa: UP007 - runtime alias, Python 3.9
"""Cards as text (``"AhKd 7c"``) or an iterable of :class:`Card`, text or int codes."""

DECK_SIZE = 52
_NAME_CODES = {str(Card(code)): code for code in range(DECK_SIZE)}


def card_codes(cards: CardsLike) -> list[int]:
    """Card codes (``rank * 4 + suit``) in the order given; duplicates are refused.

    Text may separate cards with spaces or not, and may write a ten as ``10``
    (spec/poker.md §1).

    >>> card_codes("AhKd 7c")
    [50, 45, 20]
    >>> card_codes([Card("2c"), "10d", 51])
    [0, 33, 51]
    >>> card_codes("AhAh")
    Traceback (most recent call last):
    ...
    splitpot._core.InvalidCards: duplicate card Ah
    """
    if isinstance(cards, str):
        text = "".join(cards.split())
        tokens: list[Card | str | int] = []
        i = 0
        while i < len(text):
            width = 3 if text.startswith("10", i) else 2
            tokens.append(text[i : i + width])
            i += width
        items: Iterable[Card | str | int] = tokens
    else:
        items = cards
    codes: list[int] = []
    seen = 0
    for item in items:
        # Plain codes and canonical names ("Ah") skip building a Card; anything else
        # (other spellings, bad input) goes through Card, which parses or refuses it.
        code: int
        if type(item) is int and 0 <= item < DECK_SIZE:
            code = item
        elif type(item) is str and item in _NAME_CODES:
            code = _NAME_CODES[item]
        elif type(item) is Card:
            code = item.code
        else:
            if isinstance(item, bool):
                raise InvalidCards(f"invalid card {item!r}")
            code = Card(item).code
        bit = 1 << code
        if seen & bit:
            raise InvalidCards(f"duplicate card {Card(code)}")
        seen |= bit
        codes.append(code)
    return codes
