"""Poker variants as data: cards dealt per street, discards, and how hands are valued.

A :class:`Game` says *what* is dealt and *how* a hand is valued; it knows nothing of betting
(:mod:`splitpot.betting`) or of whose turn it is (:mod:`splitpot.hand`). Every game of
docs/rules/poker.md §2 that deals a board is here:

>>> HOLDEM.hole_cards, [s.board for s in HOLDEM.streets]
(2, [0, 3, 1, 1])
>>> CRAZY_PINEAPPLE.streets[1].discard     # one card discarded after the flop betting round
1
>>> omaha(5).hole_cards, OMAHA_HILO.hi_lo
(5, True)
>>> str(HOLDEM.evaluate_high("AhKh", "QhJhTh2c3d"))
'Straight Flush, Ace high'
>>> game("omaha8") is OMAHA_HILO
True

Stud games will add streets with ``up`` cards and ``forced_bets="bring_in"`` on the same
records; the hand state machine checks :attr:`Game.forced_bets` before it plays a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from splitpot import _core
from splitpot._core import HighHand, LowHand
from splitpot.cards import DECK_SIZE, CardsLike, card_codes

__all__ = [
    "CRAZY_PINEAPPLE",
    "CRAZY_PINEAPPLE_HILO",
    "GAMES",
    "HOLDEM",
    "OMAHA",
    "OMAHA_HILO",
    "VARIANTS",
    "Game",
    "Street",
    "Valuation",
    "card_codes",
    "game",
    "omaha",
]


class Valuation(str, Enum):
    """How the cards a player holds at showdown make a five-card hand (docs/rules/poker.md §1)."""

    BEST_FIVE = "best_five"
    """Best five of all the player's hole cards and the board: Hold'em, Crazy Pineapple, Stud
    ("Both pocket cards & three board cards / One pocket card & four board cards / All five
    board cards")."""
    OMAHA = "omaha"
    """Exactly two hole cards and exactly three board cards, for high and for low alike."""


@dataclass(frozen=True)
class Street:
    """One street: what is dealt before its betting round, and any discard after it.

    ``hole`` cards are dealt face down to each player, ``up`` cards face up (stud), ``board``
    cards to the middle. ``discard`` is how many hole cards each player still in the hand
    throws away after the street's betting round (Crazy Pineapple, docs/rules/poker.md §2
    DECISION). ``big_bet`` says whether fixed limit bets the big bet here (§3).
    """

    name: str
    hole: int = 0
    up: int = 0
    board: int = 0
    discard: int = 0
    big_bet: bool = False

    def __post_init__(self) -> None:
        for what in ("hole", "up", "board", "discard"):
            value = getattr(self, what)
            if type(value) is not int or value < 0:
                raise ValueError(f"street {self.name!r}: {what} must be an int >= 0, got {value!r}")


def _flop_streets(hole: int, discard_after_flop: int = 0) -> tuple[Street, ...]:
    return (
        Street("preflop", hole=hole),
        Street("flop", board=3, discard=discard_after_flop),
        Street("turn", board=1, big_bet=True),
        Street("river", board=1, big_bet=True),
    )


@dataclass(frozen=True)
class Game:
    """A poker variant as data (docs/rules/poker.md §2).

    ``high`` and ``low`` say how a hand is valued at showdown; ``low`` is ``None`` in a
    high-only game and an 8-or-better low otherwise. ``forced_bets`` is ``"blinds"`` for the
    flop games (§4.1); stud will use ``"bring_in"`` (§4.2).
    """

    name: str
    code: str
    streets: tuple[Street, ...]
    high: Valuation
    low: Valuation | None = None
    forced_bets: str = "blinds"
    max_players: int = 10

    def __post_init__(self) -> None:
        if not self.streets:
            raise ValueError(f"game {self.name!r} has no streets")
        kept = self.hole_cards - sum(s.discard for s in self.streets)
        if kept < (2 if Valuation.OMAHA in (self.high, self.low) else 0):
            raise ValueError(f"game {self.name!r} leaves {kept} hole cards at showdown")
        most = (DECK_SIZE - self.board_cards) // max(1, self.hole_cards)
        if not 2 <= self.max_players <= most:
            raise ValueError(
                f"game {self.name!r}: max_players must be 2..{most} for one deck, "
                f"got {self.max_players}"
            )

    @property
    def hole_cards(self) -> int:
        """Cards dealt to each player over the whole hand (down and up)."""
        return sum(s.hole + s.up for s in self.streets)

    @property
    def board_cards(self) -> int:
        """Community cards dealt over the whole hand."""
        return sum(s.board for s in self.streets)

    @property
    def hi_lo(self) -> bool:
        """Whether the pot is split between the best high and the best 8-or-better low (§6)."""
        return self.low is not None

    def evaluate_high(self, hole: CardsLike, board: CardsLike) -> HighHand:
        """The high value of ``hole`` with ``board`` under this game's rule (§1).

        >>> str(OMAHA.evaluate_high("AhAdKcKs", "Ac2h7d8s9c"))
        'Three of a Kind, Aces'
        """
        return _HIGH[self.high](_as_codes(hole), _as_codes(board))

    def evaluate_low(self, hole: CardsLike, board: CardsLike) -> LowHand | None:
        """The 8-or-better low of ``hole`` with ``board``, or ``None`` if none qualifies.

        A high-only game has no low: ``None`` always.

        >>> str(OMAHA_HILO.evaluate_low("Ah2cKdKs", "3d4h8s9cTc"))
        '8-4-3-2-A'
        >>> CRAZY_PINEAPPLE_HILO.evaluate_low("Ad7d", "2d3c4c5d6d").ranks
        (5, 4, 3, 2, 1)
        >>> print(OMAHA.evaluate_low("Ah2cKdKs", "3d4h8s9cTc"))
        None
        """
        if self.low is None:
            return None
        return _LOW[self.low](_as_codes(hole), _as_codes(board))

    def __str__(self) -> str:
        return self.name


def _as_codes(cards: CardsLike) -> list[int]:
    if isinstance(cards, list) and all(type(c) is int for c in cards):
        return cards
    return card_codes(cards)


def _high_best_five(hole: Sequence[int], board: Sequence[int]) -> HighHand:
    return _core.evaluate_high([*hole, *board])


def _high_omaha(hole: Sequence[int], board: Sequence[int]) -> HighHand:
    return _core.evaluate_omaha_high(hole, board)


_HIGH: dict[Valuation, Callable[[Sequence[int], Sequence[int]], HighHand]] = {
    Valuation.BEST_FIVE: _high_best_five,
    Valuation.OMAHA: _high_omaha,
}


def _low_best_five(hole: Sequence[int], board: Sequence[int]) -> LowHand | None:
    return _core.evaluate_low8([*hole, *board])


def _low_omaha(hole: Sequence[int], board: Sequence[int]) -> LowHand | None:
    return _core.evaluate_omaha_low8(hole, board)


_LOW: dict[Valuation, Callable[[Sequence[int], Sequence[int]], LowHand | None]] = {
    Valuation.BEST_FIVE: _low_best_five,
    Valuation.OMAHA: _low_omaha,
}


HOLDEM = Game("Texas Hold'em", "holdem", _flop_streets(2), Valuation.BEST_FIVE)
"""Two hole cards, board 3+1+1, best five of seven (docs/rules/poker.md §2)."""


def omaha(hole_cards: int = 4, *, hi_lo: bool = False) -> Game:
    """Omaha with 4, 5 or 6 hole cards, high only or Hi/Lo 8 or better (docs/rules/poker.md §2).

    Exactly two hole cards and three board cards make each hand, high and low alike.

    >>> omaha(6).name, omaha(6).max_players
    ('Omaha (6 cards)', 7)
    >>> omaha(4, hi_lo=True) is OMAHA_HILO
    True
    """
    if hole_cards not in (4, 5, 6):
        raise ValueError(f"Omaha deals 4, 5 or 6 hole cards, got {hole_cards!r}")
    key = (hole_cards, hi_lo)
    if key in _OMAHAS:
        return _OMAHAS[key]
    name = "Omaha Hi/Lo 8 or Better" if hi_lo else "Omaha"
    code = "omaha8" if hi_lo else "omaha"
    if hole_cards != 4:
        name += f" ({hole_cards} cards)"
        code = f"omaha{hole_cards}" + ("-8" if hi_lo else "")
    made = Game(
        name,
        code,
        _flop_streets(hole_cards),
        Valuation.OMAHA,
        Valuation.OMAHA if hi_lo else None,
        max_players=min(10, (DECK_SIZE - 5) // hole_cards),
    )
    _OMAHAS[key] = made
    return made


_OMAHAS: dict[tuple[int, bool], Game] = {}

OMAHA = omaha(4)
"""Four hole cards, exactly two with exactly three of the board (docs/rules/poker.md §2)."""
OMAHA_HILO = omaha(4, hi_lo=True)
"""Omaha Hi/Lo 8 or better: half to the best high, half to the best qualifying low (§2, §6)."""
CRAZY_PINEAPPLE = Game(
    "Crazy Pineapple",
    "crazy-pineapple",
    _flop_streets(3, discard_after_flop=1),
    Valuation.BEST_FIVE,
)
"""Three hole cards; each player discards one after the flop betting round (§2 DECISION)."""
CRAZY_PINEAPPLE_HILO = Game(
    "Crazy Pineapple 8/b",
    "crazy-pineapple8",
    _flop_streets(3, discard_after_flop=1),
    Valuation.BEST_FIVE,
    Valuation.BEST_FIVE,
)
"""Crazy Pineapple with an 8-or-better low from the best five of seven (seed 000, §2)."""

GAMES: dict[str, Game] = {
    g.code: g
    for g in (
        HOLDEM,
        OMAHA,
        omaha(5),
        omaha(6),
        OMAHA_HILO,
        omaha(5, hi_lo=True),
        omaha(6, hi_lo=True),
        CRAZY_PINEAPPLE,
        CRAZY_PINEAPPLE_HILO,
    )
}
"""Every flop game by its code: ``holdem``, ``omaha``, ``omaha5``, ``omaha6``, ``omaha8``,
``omaha5-8``, ``omaha6-8``, ``crazy-pineapple``, ``crazy-pineapple8``."""

VARIANTS: dict[str, str] = {code: name for code, _, name, *_ in _core._variants()}
"""The name of every variant of the core catalogue (rust/game.rs), by code: the games
:func:`splitpot.equity` plays (:data:`GAMES` holds those a Hand deals)."""

_ALIASES = {alias: code for code, aliases, *_ in _core._variants() for alias in (code, *aliases)}
"""Every name the core catalogue accepts (lower case, ``-`` for ``_`` and spaces), to its code:
exactly the names :func:`splitpot.equity` accepts."""


def game(name: str | Game) -> Game:
    """The game named ``name`` (a code of :data:`GAMES` or a common alias, any case).

    It knows the names :func:`splitpot.equity` knows; Stud is one of them, but its game flow
    is not built yet.

    >>> game("Holdem").name
    "Texas Hold'em"
    >>> game("PLO8") is OMAHA_HILO
    True
    >>> game("razz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'razz'; choose one of holdem, omaha, ..., crazy-pineapple8
    >>> game("stud")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Seven Card Stud: the Stud game flow is not built yet; splitpot.equity('stud', ...
    """
    if isinstance(name, Game):
        return name
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    code = _ALIASES.get(key)
    if code is None:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}")
    if code not in GAMES:
        raise ValueError(
            f"{VARIANTS[code]}: the Stud game flow is not built yet; "
            f"splitpot.equity({code!r}, ...) works"
        )
    return GAMES[code]
