"""Card arguments: text, :class:`Card` objects or int codes, turned into card codes.

A card's code is ``rank * 4 + suit`` (docs/rules/poker.md §1): ``2c`` is 0 and ``As`` is 51.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import Any, Union

from splitpot import _core
from splitpot._core import Card, InvalidCards
from splitpot.limits import shown

__all__ = ["CARDS", "DECK_SIZE", "CardsLike", "as_cards", "bounded", "card_codes", "pretty"]

CardsLike = Union[str, Iterable[Union[Card, str, int]]]  # noqa: UP007 - runtime alias, Python 3.9
"""Cards as text (``"AhKd 7c"``) or an iterable of :class:`Card`, text or int codes.

What every function taking cards accepts (:func:`card_codes`, :func:`as_cards`, the
evaluators, :func:`splitpot.equity`...): text separated by spaces, commas or nothing, or
items each a :class:`Card`, a card's text or its code 0..51 (``rank * 4 + suit``). A type
alias: the functions check the cards and raise :class:`~splitpot.InvalidCards` naming the
bad one.

>>> card_codes("Ah Kd") == card_codes(["Ah", Card("Kd")]) == card_codes([50, 45])
True
"""

DECK_SIZE = 52

CARDS: tuple[Card, ...] = tuple(Card(code) for code in range(DECK_SIZE))
"""The 52 cards by code. Cards are immutable: records and views share these instead of
making new ones (see :func:`as_cards`)."""


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
    splitpot.InvalidCards: duplicate card Ah
    >>> card_codes("Ah Xd")
    Traceback (most recent call last):
    ...
    splitpot.InvalidCards: invalid card "Xd" at position 3
    """
    return _core._card_codes(bounded(cards))


def bounded(
    items: Any, what: str = "cards", most: int = DECK_SIZE, error: type[Exception] = InvalidCards
) -> Any:
    """``items`` read lazily up to one past ``most`` when it is an iterator or another
    iterable of unknown length, so an endless one is refused at once (issue 15): a list of
    what was read, or ``items`` itself when it is text, a list, a tuple or not iterable.

    >>> import itertools
    >>> bounded(itertools.repeat("Ah"))
    Traceback (most recent call last):
    ...
    splitpot.InvalidCards: cards: more than 52 items
    """
    if type(items) is list or type(items) is tuple or type(items) is str:  # the usual case
        return items
    if isinstance(items, int):  # never cards; and a 5000-digit one has no text for a message
        raise InvalidCards(
            f"invalid {what} {shown(items)}: expected a string such as 'AhKd 7c' "
            "or an iterable of cards"
        )
    if isinstance(items, (str, bytes, list, tuple, Card)) or not isinstance(items, Iterable):
        return items
    read = list(islice(items, most + 1))
    if len(read) > most:
        raise error(f"{what}: more than {most} items")
    return read


def as_cards(codes: Iterable[int]) -> tuple[Card, ...]:
    """The shared :data:`CARDS` for codes already checked.

    >>> as_cards([50, 0])
    (Card('Ah'), Card('2c'))
    """
    return tuple(map(CARDS.__getitem__, codes))  # map: no Python frame per card


SUIT_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
"""Each suit letter's symbol: clubs ♣, diamonds ♦, hearts ♥, spades ♠."""


def pretty(cards: CardsLike) -> str:
    """Cards with suit symbols, as a card room's screen shows them: ``A♠ K♥ T♦``.

    Any cards :func:`card_codes` takes; raises :class:`~splitpot.InvalidCards` as it does.
    The text form (``"As"``) stays what ``str(card)`` gives and every parser reads: this is
    for display only (``splitpot eval --pretty``).

    >>> pretty("AsKh Td")
    'A♠ K♥ T♦'
    >>> pretty([Card("5h"), Card("Ah")])
    '5♥ A♥'
    """
    return " ".join(f"{str(c)[0]}{SUIT_SYMBOLS[str(c)[1]]}" for c in as_cards(card_codes(cards)))
