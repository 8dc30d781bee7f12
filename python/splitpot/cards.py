"""Card arguments: text, :class:`Card` objects or int codes, turned into card codes.

A card's code is ``rank * 4 + suit`` (docs/rules/poker.md §1): ``2c`` is 0 and ``As`` is 51.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Union

from splitpot._core import Card, CardSet

__all__ = ["CARDS", "DECK_SIZE", "CardsLike", "as_cards", "card_codes"]

CardsLike = Union[str, Iterable[Union[Card, str, int]]]  # noqa: UP007 - runtime alias, Python 3.9
"""Cards as text (``"AhKd 7c"``) or an iterable of :class:`Card`, text or int codes."""

DECK_SIZE = 52

CARDS: tuple[Card, ...] = tuple(Card(code) for code in range(DECK_SIZE))
"""The 52 cards by code. Cards are immutable: records and views share these instead of
making new ones (see :func:`as_cards`)."""

# Each card's name as the upper-cased text holds it: where a card stands in its text.
_UPPER_NAMES = tuple(str(card).upper() for card in CARDS)
# The core's own spelling of each card ("Ah"), for items the core has already accepted; other
# spellings ("ah", "10d") are read by Card.
_CODE_OF_NAME = {str(card): card.code for card in CARDS}


def card_codes(cards: CardsLike) -> list[int]:
    """Card codes (``rank * 4 + suit``) in the order given; duplicates are refused.

    Text may separate cards with spaces, commas or nothing, and may write a ten as ``10``
    (docs/rules/poker.md §1). The core reads the cards and words every refusal, naming the
    offending token and its position.

    >>> card_codes("AhKd 7c")
    [50, 45, 20]
    >>> card_codes([Card("2c"), "10d", 51])
    [0, 33, 51]
    >>> card_codes("AhAh")
    Traceback (most recent call last):
    ...
    splitpot._core.InvalidCards: duplicate card Ah
    >>> card_codes("Ah Xd")
    Traceback (most recent call last):
    ...
    splitpot._core.InvalidCards: invalid card "Xd" at position 3
    """
    if isinstance(cards, str):
        return _in_text_order(CardSet(cards).mask, cards) if cards else []
    items = cards if isinstance(cards, (list, tuple)) else list(cards)
    CardSet(items)  # refuses anything that is not one card, and duplicates, in the core's words
    codes: list[int] = []
    for item in items:
        if type(item) is int:
            codes.append(item)
        elif type(item) is Card:
            codes.append(item.code)
        elif type(item) is str and item in _CODE_OF_NAME:
            codes.append(_CODE_OF_NAME[item])
        else:
            codes.append(Card(item).code)
    return codes


def _in_text_order(mask: int, text: str) -> list[int]:
    """The codes of ``mask``, a card set the core read from ``text``, in the text's order."""
    codes = []
    while mask:
        low = mask & -mask
        codes.append(low.bit_length() - 1)
        mask ^= low
    if len(codes) < 2:
        return codes
    # The core took the text, so each card is written as its rank and suit side by side
    # ("10" for T); no suit letter is a rank, so a card's name is found only where it stands.
    where = text.upper().replace("10", "T").find
    if len(codes) == 2:  # hole cards: the usual text
        first, second = codes
        return (
            codes if where(_UPPER_NAMES[first]) < where(_UPPER_NAMES[second]) else [second, first]
        )
    codes.sort(key=lambda code: where(_UPPER_NAMES[code]))
    return codes


def as_cards(codes: Iterable[int]) -> tuple[Card, ...]:
    """The shared :data:`CARDS` for codes already checked.

    >>> as_cards([50, 0])
    (Card('Ah'), Card('2c'))
    """
    return tuple(map(CARDS.__getitem__, codes))  # map: no Python frame per card
