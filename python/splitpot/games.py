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

The stud games deal ``up`` cards street by street and open with a bring-in (§4.2):

>>> [(s.name, s.hole, s.up) for s in SEVEN_CARD_STUD.streets][:2]
[('third', 2, 1), ('fourth', 0, 1)]
>>> SEVEN_CARD_STUD.forced_bets, SEVEN_CARD_STUD.max_players, RAZZ.high, RAZZ.hi_lo
('bring_in', 8, None, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import TYPE_CHECKING

from splitpot import _check, _core
from splitpot._core import HighHand, LowHand, SplitpotError
from splitpot.cards import DECK_SIZE, CardsLike, card_codes
from splitpot.limits import shown

if TYPE_CHECKING:
    from splitpot._core import RazzLow

__all__ = [
    "CRAZY_PINEAPPLE",
    "CRAZY_PINEAPPLE_HILO",
    "GAMES",
    "HOLDEM",
    "OMAHA",
    "OMAHA_HILO",
    "RAZZ",
    "SEVEN_CARD_STUD",
    "SEVEN_CARD_STUD_HILO",
    "VARIANTS",
    "Game",
    "Street",
    "Valuation",
    "card_codes",
    "display_name",
    "game",
    "omaha",
]


class Valuation(str, Enum):
    """How the cards a player holds at showdown make a five-card hand (docs/rules/poker.md §1).

    A game's :attr:`Game.high` and :attr:`Game.low` are each one of these (or ``None``).

    >>> HOLDEM.high, OMAHA_HILO.low
    (<Valuation.BEST_FIVE: 'best_five'>, <Valuation.OMAHA: 'omaha'>)
    >>> RAZZ.high, RAZZ.low
    (None, <Valuation.ACE_TO_FIVE: 'ace_to_five'>)
    """

    BEST_FIVE = "best_five"
    """Best five of all the player's hole cards and the board: Hold'em, Crazy Pineapple, Stud
    ("Both pocket cards & three board cards / One pocket card & four board cards / All five
    board cards")."""
    OMAHA = "omaha"
    """Exactly two hole cards and exactly three board cards, for high and for low alike."""
    ACE_TO_FIVE = "ace_to_five"
    """The best ace-to-five low of all the player's cards, with no qualifier: aces low,
    straights and flushes ignored, pairs bad, so every hand has one (Razz, docs/rules/poker.md
    §2). Only as a game's :attr:`~Game.low`."""


@dataclass(frozen=True)
class Street:
    """One street: what is dealt before its betting round, and any discard after it.

    ``hole`` cards are dealt face down to each player, ``up`` cards face up (stud; on third
    street after the two down cards), ``board`` cards to the middle. ``discard`` is how many
    hole cards each player still in the hand throws away after the street's betting round
    (Crazy Pineapple, docs/rules/poker.md §2 DECISION). ``big_bet`` says whether fixed limit
    bets the big bet here (§3).

    Raises:
        SplitpotError: a count that is not an ``int`` of 0 or more.

    >>> HOLDEM.streets[0], SEVEN_CARD_STUD.streets[0].up
    (Street(name='preflop', hole=2, up=0, board=0, discard=0, big_bet=False), 1)
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
                raise SplitpotError(
                    f"street {shown(self.name)}: {what} must be an int >= 0, got {shown(value)}"
                )


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

    ``high`` and ``low`` say how a hand is valued at showdown: ``low`` is ``None`` in a
    high-only game and an 8-or-better low in a hi/lo game; Razz has no ``high`` and the
    ace-to-five ``low`` takes the whole pot. ``forced_bets`` is ``"blinds"`` for the flop
    games (§4.1) and ``"bring_in"`` for stud (§4.2).

    The built-in games are the constants of this module (:data:`GAMES` by code); a new one
    is a new record, played by :class:`~splitpot.hand.Hand` like the others.

    Raises:
        SplitpotError: no streets, no valuation, fewer hole cards left at showdown than
            Omaha needs, or a ``max_players`` one deck cannot deal (2 up to the deck's limit).

    >>> six = Game("Hold'em six-max", "holdem6", HOLDEM.streets, Valuation.BEST_FIVE,
    ...            max_players=6)
    >>> six.hole_cards, six.board_cards, six.hi_lo
    (2, 5, False)
    >>> str(six.evaluate_high("AhKh", "QhJhTh2c3d"))
    'Straight Flush, Ace high'
    """

    name: str
    code: str
    streets: tuple[Street, ...]
    high: Valuation | None
    low: Valuation | None = None
    forced_bets: str = "blinds"
    max_players: int = 10

    def __post_init__(self) -> None:
        if not self.streets:
            raise SplitpotError(f"game {shown(self.name)} has no streets")
        kept = self.hole_cards - sum(s.discard for s in self.streets)
        if kept < (2 if Valuation.OMAHA in (self.high, self.low) else 0):
            raise SplitpotError(f"game {shown(self.name)} leaves {kept} hole cards at showdown")
        if self.high is None and self.low is None:
            raise SplitpotError(f"game {shown(self.name)} values no hand")
        most = (DECK_SIZE - self.board_cards) // max(1, self.hole_cards)
        if self.community_card:  # the last card may be one for everyone (§4.2)
            most = (DECK_SIZE - 1) // (self.hole_cards - 1)
        if not 2 <= self.max_players <= most:
            raise SplitpotError(
                f"game {shown(self.name)}: max_players must be 2..{most} for one deck, "
                f"got {self.max_players}"
            )

    @cached_property
    def hole_cards(self) -> int:
        """Cards dealt to each player over the whole hand (down and up)."""
        return sum([s.hole + s.up for s in self.streets])

    @cached_property
    def board_cards(self) -> int:
        """Community cards dealt over the whole hand."""
        return sum([s.board for s in self.streets])

    @property
    def community_card(self) -> bool:
        """Whether the deck may run short: a board-less game whose last street deals one card
        to each player then deals it face up for everyone (stud, docs/rules/poker.md §4.2)."""
        last = self.streets[-1]
        return self.board_cards == 0 and last.hole + last.up == 1 and len(self.streets) > 1

    @property
    def hi_lo(self) -> bool:
        """Whether the pot is split between the best high and the best 8-or-better low (§6)."""
        return self.high is not None and self.low is not None

    def evaluate_high(self, hole: CardsLike, board: CardsLike) -> HighHand:
        """The high value of ``hole`` with ``board`` under this game's rule (§1).

        >>> str(OMAHA.evaluate_high("AhAdKcKs", "Ac2h7d8s9c"))
        'Three of a Kind, Aces'

        Razz has no high: :class:`ValueError`.
        """
        if self.high is None:
            raise SplitpotError(f"{self.name} has no high hand; evaluate_low() values it")
        return _HIGH[self.high](_as_codes(hole), _as_codes(board))

    def evaluate_low(self, hole: CardsLike, board: CardsLike) -> LowHand | RazzLow | None:
        """The low of ``hole`` with ``board``: the 8-or-better low (``None`` if none
        qualifies), or in Razz the ace-to-five :class:`RazzLow` every hand has.

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


def _low_razz(hole: Sequence[int], board: Sequence[int]) -> RazzLow:
    return _core.evaluate_razz([*hole, *board])


_LOW: dict[Valuation, Callable[[Sequence[int], Sequence[int]], LowHand | RazzLow | None]] = {
    Valuation.BEST_FIVE: _low_best_five,
    Valuation.OMAHA: _low_omaha,
    Valuation.ACE_TO_FIVE: _low_razz,
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
    if isinstance(hole_cards, bool) or not isinstance(hole_cards, int):
        raise TypeError(f"hole_cards must be an int, got {shown(hole_cards)}")
    _check.flag(hi_lo, "hi_lo")
    if hole_cards not in (4, 5, 6):
        raise SplitpotError(f"Omaha deals 4, 5 or 6 hole cards, got {shown(hole_cards)}")
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
"""Crazy Pineapple with an 8-or-better low from the best five of seven (docs/rules/poker.md §2)."""

_STUD_STREETS = (
    Street("third", hole=2, up=1),
    Street("fourth", up=1),
    Street("fifth", up=1, big_bet=True),
    Street("sixth", up=1, big_bet=True),
    Street("seventh", hole=1, big_bet=True),
)
SEVEN_CARD_STUD = Game(
    "Seven Card Stud",
    "stud",
    _STUD_STREETS,
    Valuation.BEST_FIVE,
    forced_bets="bring_in",
    max_players=8,
)
"""Two down and one up, three more up, one down; bring-in, best five of seven (§2, §4.2)."""
SEVEN_CARD_STUD_HILO = Game(
    "Seven Card Stud Hi/Lo",
    "stud8",
    _STUD_STREETS,
    Valuation.BEST_FIVE,
    Valuation.BEST_FIVE,
    forced_bets="bring_in",
    max_players=8,
)
"""Stud with the pot split between the best high and the best 8-or-better low
(docs/rules/poker.md §2)."""
RAZZ = Game(
    "Razz",
    "razz",
    _STUD_STREETS,
    None,
    Valuation.ACE_TO_FIVE,
    forced_bets="bring_in",
    max_players=8,
)
"""Stud for the best ace-to-five low, no qualifier; the highest door card brings in
(docs/rules/poker.md §2, §4.2 DECISION)."""

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
        SEVEN_CARD_STUD,
        SEVEN_CARD_STUD_HILO,
        RAZZ,
    )
}
"""Every game by its code: ``holdem``, ``omaha``, ``omaha5``, ``omaha6``, ``omaha8``,
``omaha5-8``, ``omaha6-8``, ``crazy-pineapple``, ``crazy-pineapple8``, ``stud``, ``stud8``,
``razz``."""

VARIANTS: dict[str, str] = {code: name for code, _, name, *_ in _core._variants()}
"""The name of every variant of the core catalogue (rust/game.rs), by code: the games
:func:`splitpot.equity` plays (:data:`GAMES` holds those a Hand deals)."""

_ALIASES = {alias: code for code, aliases, *_ in _core._variants() for alias in (code, *aliases)}
"""Every name the core catalogue accepts (lower case, ``-`` for ``_`` and spaces), to its code:
exactly the names :func:`splitpot.equity` accepts."""


def game(name: str | Game) -> Game:
    """The game named ``name`` (a code of :data:`GAMES` or a common alias, any case).

    It knows exactly the names :func:`splitpot.equity` knows.

    >>> game("Holdem").name
    "Texas Hold'em"
    >>> game("PLO8") is OMAHA_HILO
    True
    >>> game("7cs8") is SEVEN_CARD_STUD_HILO
    True
    >>> game("draw")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splitpot.SplitpotError: unknown game 'draw'; choose one of holdem, omaha, ..., stud8, razz
    """
    if isinstance(name, Game):
        return name
    if not isinstance(name, str):
        raise TypeError(f"game must be a Game or a name (str), got {shown(name)}")
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    code = _ALIASES.get(key)
    if code is None or code not in GAMES:
        raise SplitpotError(f"unknown game {shown(name)}; choose one of {', '.join(GAMES)}")
    return GAMES[code]


_STRUCTURE_WORDS = {"fixed_limit": "Limit", "pot_limit": "Pot-limit", "no_limit": "No-limit"}


def display_name(game: Game, structure: str | None = None) -> str:
    """The game as card rooms name it in a report or a header, with its betting structure
    (a :class:`~splitpot.betting.BettingStructure`, or its value): "No-limit Hold'em",
    "Pot-limit Omaha Hi/Lo 8 or Better". A stud game in fixed limit, its usual structure,
    is named alone ("Seven Card Stud Hi/Lo"). The one home of these names: the CLI's
    reports, the replayer and the terminal game read them here.

    >>> display_name(HOLDEM, "no_limit"), display_name(SEVEN_CARD_STUD_HILO, "fixed_limit")
    ("No-limit Hold'em", 'Seven Card Stud Hi/Lo')
    >>> display_name(OMAHA_HILO, "fixed_limit"), display_name(RAZZ)
    ('Limit Omaha Hi/Lo 8 or Better', 'Razz')
    """
    name = game.name.removeprefix("Texas ")
    kind = None if structure is None else str(getattr(structure, "value", structure))
    if kind is None or (kind == "fixed_limit" and game.forced_bets == "bring_in"):
        return name
    return f"{_STRUCTURE_WORDS.get(kind, kind)} {name}"
