"""The Rust core: cards, the evaluators and their hands, the errors, Pan's cards and melds.

Use them from the package, ``import splitpot as sp``: ``sp.evaluate_high``, ``sp.Card``,
``sp.InvalidCards``; the module ``splitpot._core`` itself is private.
"""

# Hand-written stubs of the extension (rust/python/); tests/test_package.py and
# `python -m mypy.stubtest splitpot._core` keep them equal to it.

from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import IntEnum
from typing import Any, final

import numpy as np
import numpy.typing as npt

from splitpot.pan.rules import PanRules

__version__: str
__all__ = [
    "Card",
    "CardSet",
    "EquityError",
    "HandCategory",
    "HighHand",
    "IllegalAction",
    "InvalidCards",
    "LowHand",
    "PanCard",
    "RazzLow",
    "SplitpotError",
    "_Equity",
    "_EquityPlan",
    "_PanRules",
    "_PlayerEquity",
    "__version__",
    "_card_codes",
    "_empty_call",
    "_equity",
    "_equity_finish",
    "_equity_plan",
    "_equity_units",
    "_high_batch",
    "_hilo_batch",
    "_holdem_board_count",
    "_holdem_class_counts",
    "_holdem_class_hands",
    "_holdem_class_pairs",
    "_holdem_hero_counts",
    "_limits",
    "_low8_batch",
    "_omaha_high_batch",
    "_omaha_hilo_batch",
    "_omaha_low8_batch",
    "_pan_arrange",
    "_pan_borrow",
    "_pan_can_place",
    "_pan_cards",
    "_pan_classify",
    "_pan_classify_many",
    "_pan_condition_list",
    "_pan_conditions",
    "_pan_deck",
    "_pan_forces",
    "_pan_go_out",
    "_pan_go_out_with",
    "_pan_is_meld",
    "_pan_lay_off",
    "_pan_meld",
    "_pan_meld_fault",
    "_pan_outs",
    "_pan_split",
    "_pan_turn_moves",
    "_range_hands",
    "_split_pots",
    "_toml_loads",
    "_variants",
    "evaluate_high",
    "evaluate_high_strength",
    "evaluate_hilo",
    "evaluate_low8",
    "evaluate_omaha_high",
    "evaluate_omaha_hilo",
    "evaluate_omaha_low8",
    "evaluate_razz",
]

# The card arguments the core reads (stub-only aliases, private so stubtest expects no runtime).
_CardsLike = str | "Card" | "CardSet" | Iterable["Card" | str | int]
_PanCardsLike = str | "PanCard" | Iterable["PanCard" | "Card" | str | int]
_PanMelds = tuple[tuple["PanCard", ...], ...]

class HandCategory(IntEnum):
    """High-hand categories, weakest first (docs/rules/poker.md §1): HIGH_CARD = 0,
    PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND,
    STRAIGHT_FLUSH = 8; an IntEnum, so categories compare as ints. `HighHand.category`
    gives one.

    >>> import splitpot as sp
    >>> sp.evaluate_high("AhKhQhJh9h").category
    <HandCategory.FLUSH: 5>
    >>> sp.HandCategory.FLUSH > sp.HandCategory.STRAIGHT, int(sp.HandCategory.PAIR)
    (True, 1)
    """

    HIGH_CARD = 0
    """No pair, straight or flush: the five highest cards decide."""
    PAIR = 1
    """Two cards of one rank, then three kickers."""
    TWO_PAIR = 2
    """Two pairs, then a kicker."""
    THREE_OF_A_KIND = 3
    """Three cards of one rank (trips), then two kickers."""
    STRAIGHT = 4
    """Five in sequence; A-2-3-4-5 is the lowest, no wrap-around (docs/rules/poker.md §1)."""
    FLUSH = 5
    """Five of one suit, compared card by card from the highest."""
    FULL_HOUSE = 6
    """Three of one rank and two of another; the three decide first."""
    FOUR_OF_A_KIND = 7
    """Four of one rank (quads), then a kicker."""
    STRAIGHT_FLUSH = 8
    """A straight in one suit; the ace-high one is the royal flush."""

class SplitpotError(ValueError):
    """Base of splitpot's errors, a ValueError: catch it for anything splitpot refuses.
    Raised as one of InvalidCards (cards that cannot be read), IllegalAction (an action or
    Pan operation the rules forbid) or EquityError (an equity question with no answer), or
    as itself for a bad value such as an unknown Pan rule setting; the message says what is
    wrong.

    Example:

    >>> import splitpot as sp
    >>> issubclass(sp.InvalidCards, sp.SplitpotError), issubclass(sp.SplitpotError, ValueError)
    (True, True)
    >>> try:
    ...     sp.evaluate_high("AhKh")
    ... except sp.SplitpotError as e:
    ...     print(type(e).__name__)
    InvalidCards
    """

class InvalidCards(SplitpotError):
    """Cards that cannot be parsed, repeat, or are the wrong number; the message names the bad
    token or card. A SplitpotError, so a ValueError.

    Example:

    >>> import splitpot as sp
    >>> sp.Card("Xx")
    Traceback (most recent call last):
    splitpot.InvalidCards: invalid card "Xx"
    >>> sp.evaluate_high(["Ah", "Kh", "Qh", "Jh", "Xx"])
    Traceback (most recent call last):
    splitpot.InvalidCards: item 4: invalid card "Xx"
    >>> sp.evaluate_high("AhAh KdQc2s")
    Traceback (most recent call last):
    splitpot.InvalidCards: duplicate card Ah
    """

class IllegalAction(SplitpotError):
    """An action the rules do not allow now (a bet, a Pan meld or lay-off); the message says
    why, and the state is left as it was. A SplitpotError, so a ValueError.

    Example:

    >>> import splitpot as sp
    >>> sp.pan.meld("7c 7d")
    Traceback (most recent call last):
    splitpot.IllegalAction: the new meld 7c 7d is not valid: ... got 2
    """

class EquityError(SplitpotError):
    """An equity question that cannot be answered: unknown game, bad or impossible range,
    options; bad cards are InvalidCards instead. A SplitpotError, so a ValueError.

    Example:

    >>> import splitpot as sp
    >>> try:
    ...     sp.equity("chess", ["AhAd", "KcKd"])
    ... except sp.EquityError as e:
    ...     print(str(e)[:20])
    unknown game "chess"
    """

@final
class Card:
    """One playing card: `Card("Ah")`, `Card("10d")`, `Card(51)`. Its int is `rank * 4 + suit`,
    so 2c is 0 and As is 51; cards order by that code and hash by it.

    Args: `card`, a card string (rank `2`..`9`, `T` or `10`, `J`, `Q`, `K`, `A`, then suit
    `c`, `d`, `h`, `s`, any case), an int 0..51, or a `Card`.

    Returns: the card, with `code`, `rank`, `suit`, `rank_char` and `suit_char`.

    Raises: `InvalidCards` (a `ValueError`) naming a token that is not a card, an int outside
    0..51, or a bool.

    Example:

    >>> import splitpot as sp
    >>> c = sp.Card("Ah")
    >>> c, int(c), c.rank, c.suit, c.rank_char + c.suit_char
    (Card('Ah'), 50, 12, 2, 'Ah')
    >>> sp.Card(51), str(sp.Card("10d")), sp.Card("Ah") > sp.Card("Kh")
    (Card('As'), 'Td', True)
    """

    def __new__(cls, card: Card | str | int) -> Card: ...
    @property
    def code(self) -> int:
        """The card code, 0 (2c) .. 51 (As): `rank * 4 + suit`."""
    @property
    def rank(self) -> int:
        """Rank index, 0 (deuce) .. 12 (ace)."""
    @property
    def suit(self) -> int:
        """Suit index: clubs 0, diamonds 1, hearts 2, spades 3."""
    @property
    def rank_char(self) -> str:
        """The rank letter, "2".."9", "T", "J", "Q", "K", "A"."""
    @property
    def suit_char(self) -> str:
        """The suit letter, "c", "d", "h" or "s"."""
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __lt__(self, other: Card, /) -> bool: ...
    def __le__(self, other: Card, /) -> bool: ...
    def __gt__(self, other: Card, /) -> bool: ...
    def __ge__(self, other: Card, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class CardSet:
    """A set of distinct cards packed in 64 bits, with its evaluation key built once: the fastest
    thing to hand to `evaluate_high` again and again. Iterating, `cards` and `str` give the
    cards lowest code first; `card in s` takes any one-card form; sets compare and hash by
    their cards.

    Args: `cards`, cards as for `evaluate_high` (a string, an iterable of `Card`, `str` or
    `int`, or a `CardSet`); None or nothing for the empty set.

    Returns: the set, with `mask` (bit `code` set for each card) and `cards`.

    Raises: `InvalidCards` for a bad card, a card given twice, or more than 52 cards.

    Example:

    >>> import splitpot as sp
    >>> s = sp.CardSet("AhKh 2c")
    >>> s, len(s), "Kh" in s, s.mask == 1 << 0 | 1 << 46 | 1 << 50
    (CardSet('2cKhAh'), 3, True, True)
    >>> sp.evaluate_high(sp.CardSet("AhKhQhJhTh")).strength
    7462
    >>> len(sp.CardSet())
    0
    """

    def __new__(cls, cards: _CardsLike | None = None) -> CardSet: ...
    @property
    def mask(self) -> int:
        """Bit `code` is set for each card."""
    @property
    def cards(self) -> list[Card]:
        """The cards, lowest code first."""
    def __len__(self) -> int: ...
    def __contains__(self, card: object, /) -> bool: ...
    def __iter__(self) -> Iterator[Card]: ...
    def __hash__(self) -> int: ...

@final
class HighHand:
    """The value of a high hand, as `evaluate_high` and the other high evaluators return it (it
    is not built directly). Compares and hashes by poker strength only, so equal hands tie; it
    is never equal to a `LowHand` or a `RazzLow`, and ordering against one is a `TypeError`
    (docs/rules/poker.md §1: lows and highs are different orderings).

    Attributes: `strength` 1..7462 (larger is better), `category` (a `HandCategory`);
    `best_five()` the five cards that make it; `str()` the hand in words.

    Example:

    >>> import splitpot as sp
    >>> h = sp.evaluate_high("AhAd KcKd 7s")
    >>> h
    HighHand(strength=4990, category=TWO_PAIR)
    >>> str(h), h.category.name
    ('Two Pair, Aces and Kings, Seven kicker', 'TWO_PAIR')
    >>> h == sp.evaluate_high("AsAc KhKs 7d"), h > sp.evaluate_high("AhAd KcKd 6s")
    (True, True)
    """

    @property
    def strength(self) -> int:
        """1..7462, larger is better (7462 = royal flush)."""
    @property
    def category(self) -> HandCategory:
        """The `HandCategory` (HIGH_CARD = 0 .. STRAIGHT_FLUSH = 8)."""
    def best_five(self) -> list[Card]:
        """The five cards that make the hand (for Omaha, two hole and three board cards), as
        `Card`s in the order people read them: the biggest group first (the pair of a one-pair
        hand, the trips of a full house), then high to low; a five-high straight as 5-4-3-2-A.

        >>> import splitpot as sp
        >>> [str(c) for c in sp.evaluate_high("AhAd KcKd 7s 2c 3d").best_five()]
        ['Ah', 'Ad', 'Kc', 'Kd', '7s']
        """
    def __lt__(self, other: HighHand, /) -> bool: ...
    def __le__(self, other: HighHand, /) -> bool: ...
    def __gt__(self, other: HighHand, /) -> bool: ...
    def __ge__(self, other: HighHand, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class LowHand:
    """The value of an 8-or-better low, as `evaluate_low8` and the other low evaluators return it
    (it is not built directly). Compares and hashes by strength among lows only: never equal
    to a `HighHand` or a `RazzLow`, and ordering against one is a `TypeError`
    (docs/rules/poker.md §1).

    Attributes: `strength` 1..56 (larger is better, 56 = A-2-3-4-5), `ranks` high to low with
    ace = 1; `best_five()` the five cards; `str()` the low as read ("8-4-3-2-A").

    Example:

    >>> import splitpot as sp
    >>> low = sp.evaluate_low8("Ah2c3d4s8h")
    >>> low, str(low)
    (LowHand(strength=35, ranks=(8, 4, 3, 2, 1)), '8-4-3-2-A')
    >>> low < sp.evaluate_low8("Ah2c3d4s5h")
    True
    """

    @property
    def strength(self) -> int:
        """1..56, larger is better (56 = A-2-3-4-5)."""
    @property
    def ranks(self) -> tuple[int, int, int, int, int]:
        """The five ranks, high to low, ace = 1: (8, 4, 3, 2, 1)."""
    def best_five(self) -> list[Card]:
        """The five cards that make the low (for Omaha, two hole and three board cards), as
        `Card`s read high to low with the ace as one: 8-4-3-2-A.

        >>> import splitpot as sp
        >>> [str(c) for c in sp.evaluate_low8("Ah2c3d4s8h KdKc").best_five()]
        ['8h', '4s', '3d', '2c', 'Ah']
        """
    def __lt__(self, other: LowHand, /) -> bool: ...
    def __le__(self, other: LowHand, /) -> bool: ...
    def __gt__(self, other: LowHand, /) -> bool: ...
    def __ge__(self, other: LowHand, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class RazzLow:
    """The razz value of a hand: the ace-to-five low every hand has, no qualifier (eval/razz.rs),
    as `evaluate_razz` returns it (it is not built directly). Compares and hashes by strength
    among razz lows only: never equal to a `HighHand`, nor to an 8-or-better `LowHand`, whose
    strengths are another numbering; ordering against either is a `TypeError`.

    Attributes: `strength` 1..6175 (larger is better, 6175 = 5-4-3-2-A), `ranks` as the hand
    is read with ace = 1; `best_five()` the five cards; `str()` the low in words.

    Example:

    >>> import splitpot as sp
    >>> r = sp.evaluate_razz("AcAd 2c3d4h 2s4c")
    >>> r, str(r)
    (RazzLow(strength=4888, ranks=(1, 1, 4, 3, 2)), 'Pair of Aces, 4-3-2')
    >>> r < sp.evaluate_razz("Ac2d3c4d6h KsKc")
    True
    """

    @property
    def strength(self) -> int:
        """1..6175, larger is better (6175 = 5-4-3-2-A, 1 = K-K-K-K-Q)."""
    @property
    def ranks(self) -> tuple[int, int, int, int, int]:
        """The five ranks as the hand is read, ace = 1: the largest group of a rank first, each
        group high to low: (7, 5, 4, 3, 2); a pair of fours with 7-2-A is (4, 4, 7, 2, 1).
        """
    def best_five(self) -> list[Card]:
        """The five cards that make the low, as `Card`s read as the low is: a pair first, then
        high to low with the ace as one.

        >>> import splitpot as sp
        >>> [str(c) for c in sp.evaluate_razz("AcAd 2c3d4h 2s4c").best_five()]
        ['Ac', 'Ad', '4h', '3d', '2c']
        """
    def __lt__(self, other: RazzLow, /) -> bool: ...
    def __le__(self, other: RazzLow, /) -> bool: ...
    def __gt__(self, other: RazzLow, /) -> bool: ...
    def __ge__(self, other: RazzLow, /) -> bool: ...
    def __hash__(self) -> int: ...

def _card_codes(cards: _CardsLike) -> list[int]: ...

# A card argument is read no further than the call can use (7 cards for a hand, 6 Omaha hole
# and 5 board cards, 52 for a CardSet or an equity player; rust/limits.rs): more, or a card
# read twice, is InvalidCards as soon as it is read, so an endless iterable is refused at once.
def evaluate_high(cards: _CardsLike) -> HighHand: ...
def evaluate_high_strength(cards: _CardsLike) -> int: ...
def _empty_call(cards: object) -> HighHand:
    """The floor of a single-hand call, for benches/test_bench_high.py: one argument taken and
    ignored, a fixed `HighHand` made and returned as `evaluate_high` makes it."""

def evaluate_omaha_high(hole: _CardsLike, board: _CardsLike) -> HighHand: ...
def evaluate_low8(cards: _CardsLike) -> LowHand | None: ...
def evaluate_omaha_low8(hole: _CardsLike, board: _CardsLike) -> LowHand | None: ...
def evaluate_hilo(cards: _CardsLike) -> tuple[HighHand, LowHand | None]: ...
def evaluate_omaha_hilo(hole: _CardsLike, board: _CardsLike) -> tuple[HighHand, LowHand | None]: ...
def evaluate_razz(cards: _CardsLike) -> RazzLow: ...
def _low8_batch(a: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]: ...
def _omaha_low8_batch(
    hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]
) -> npt.NDArray[np.uint8]: ...
def _hilo_batch(
    a: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]: ...
def _omaha_hilo_batch(
    hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]: ...
def _equity(
    game: str,
    players: Iterable[_CardsLike],
    board: _CardsLike,
    dead: _CardsLike,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    time_limit: float | None = None,
    threads: int | None = None,
    progress: Callable[[float], object] | None = None,
) -> _Equity: ...

@final
class _PlayerEquity:
    """One player's result; `splitpot.odds.PlayerEquity` is built from it."""

    @property
    def hand(self) -> str: ...
    @property
    def equity(self) -> float: ...
    @property
    def win(self) -> float: ...
    @property
    def tie(self) -> float: ...
    @property
    def high(self) -> float: ...
    @property
    def low(self) -> float: ...
    @property
    def scoop(self) -> float: ...
    @property
    def quarter(self) -> float: ...
    @property
    def stderr(self) -> float: ...

@final
class _Equity:
    """An equity answer; `splitpot.odds.EquityResult` is built from it."""

    @property
    def game(self) -> str: ...
    @property
    def game_name(self) -> str: ...
    @property
    def hi_lo(self) -> bool: ...
    @property
    def exact(self) -> bool: ...
    @property
    def deals(self) -> int: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def board(self) -> str: ...
    @property
    def dead(self) -> str: ...
    @property
    def players(self) -> list[_PlayerEquity]: ...
    def _fields(self) -> tuple[dict[str, object], list[dict[str, object]]]:
        """The fields of `splitpot.odds.EquityResult` but `players`, and each player's of
        `splitpot.odds.PlayerEquity`, keyed by field name (the hi/lo shares None in a
        high-only game)."""

def _range_hands(game: str, text: str) -> list[tuple[str, float]]:
    """The hands a player's text stands for in `game` (`splitpot.range_hands`): each hand's
    cards, highest first, and its weight; one hand of weight 1 for cards."""

# Preflop tables (splitpot.tables, rust/equity/preflop.rs).

def _holdem_board_count() -> int:
    """How many boards the class counts are taken over (the five-card boards up to suits)."""

def _holdem_class_counts(
    classes: list[str], begin: int, end: int, threads: int | None = None
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """Boards won and tied by each class against each (`len(classes)` square, row-major: the
    row's class first), over every pair of hands sharing no card and the boards
    `begin..end` of `_holdem_board_count()`, each counted for the boards it stands for."""

def _holdem_class_pairs(classes: list[str]) -> tuple[npt.NDArray[np.uint64], int]:
    """The pairs of hands of each two classes that share no card (square, as the counts), and
    the canonical matchups (pairs of hands up to suits) they make."""

def _holdem_class_hands(classes: list[str]) -> list[str]:
    """Every hand of the classes, in their order: the suit-aware table's columns."""

def _holdem_hero_counts(
    classes: list[str], hero: str, threads: int | None = None
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """Boards won and tied by the two cards `hero` against each hand of `_holdem_class_hands(
    classes)` (0 for a hand sharing a card with the hero), over every board."""

# Equity in work units (splitpot._equity_units, docs/distributed.md).

@final
class _EquityPlan:
    """A question's work units, planned once: the players, board and dead cards as text (what a
    chunk carries), whether exact, how many units, the Monte Carlo seed and samples."""

    @property
    def players(self) -> list[str]: ...
    @property
    def board(self) -> str: ...
    @property
    def dead(self) -> str: ...
    @property
    def exact(self) -> bool: ...
    @property
    def units(self) -> int: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def samples(self) -> int | None: ...

def _equity_plan(
    game: str,
    players: Iterable[_CardsLike],
    board: _CardsLike,
    dead: _CardsLike,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    time_limit: float | None = None,
) -> _EquityPlan:
    """Plans `splitpot.equity`'s question in work units; the arguments are `_equity`'s."""

def _equity_units(
    game: str,
    players: Sequence[str],
    board: str,
    dead: str,
    exact: bool,
    samples: int | None,
    seed: int | None,
    units: int,
    begin: int,
    end: int,
    threads: int | None = None,
) -> bytes:
    """The sums of units `begin..end` of a planned question, on all cores with the GIL released."""

def _equity_finish(
    game: str,
    players: Sequence[str],
    board: str,
    dead: str,
    exact: bool,
    samples: int | None,
    seed: int | None,
    units: int,
    sums: bytes,
) -> _Equity:
    """The answer from every unit's sums in unit order: `_equity`'s for the same question."""

def _limits() -> list[tuple[str, int]]:
    """The core's input limits (rust/limits.rs) by name: the most cards each kind of argument
    is read to, the message cut (MESSAGE_VALUE_CHARS), the equity players."""

def _variants() -> list[tuple[str, list[str], str, int, int, bool]]:
    """The variant catalogue (rust/game.rs): (code, aliases, name, hole_cards, board_cards,
    hi_lo) for each variant."""

def _high_batch(a: npt.NDArray[np.uint8], one_thread: bool = False) -> npt.NDArray[np.uint16]: ...
def _omaha_high_batch(
    hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]
) -> npt.NDArray[np.uint16]: ...

# Pots (docs/rules/poker.md §6); splitpot.pots.award checks the arguments and makes records.

def _split_pots(
    amounts: list[int],
    eligible: list[tuple[int, ...]],
    high: dict[int, int],
    low: dict[int, int] | None,
    order: Sequence[int],
    chip_unit: int,
) -> tuple[list[tuple[int, str, int, int, str]], dict[int, int]]:
    """Split the pots among their winners (docs/rules/poker.md §6), for `splitpot.pots.award`.

    `amounts` are the pots' chips after the rake, `eligible` each pot's seats, the rankings
    `{seat: strength}` (larger is better; `low` is None in a high-only game), `order` the
    odd-chip order (empty: ascending seats). Returns `(awards, totals)`: `(pot, side, seat,
    chips, why)` rows and `{seat: chips}`. Raises `OverflowError` for a number past the
    core's integers and `SplitpotError` for a pot that no ranked seat may win."""

# TOML histories (PHH, Pan); splitpot._toml.Reader checks the size first and makes the errors.

def _toml_loads(text: str, max_nesting: int) -> dict[str, Any]:
    """`text` parsed as TOML 1.1, as `tomli.loads(text, parse_float=Decimal)` gives it: dicts in
    the text's order, lists, str, int (any size), `Decimal`, bool, `datetime`, `date`, `time`.
    Raises `SplitpotError` "not valid TOML: ... (at line L, column C)" for text that is not
    TOML, and "tables and arrays are nested more than `max_nesting` levels deep" past that
    bound (the top table is level 1); `ValueError` from `int()` for an integer past Python's
    digit limit."""

# Pan (docs/rules/pan.md); splitpot.pan wraps these in enums and records.

@final
class PanCard:
    """One Pan card: `Card("7c")`, `Card("Jh")`, `Card(24)`. Ranks A 2 3 4 5 6 7 J Q K (no 8, 9
    or 10), suits c d h s; its int is `rank * 4 + suit`, so `Ac` is 0 and `Ks` is 39.
    Cards order and hash by that code; a Pan deck holds copies, and copies are equal.

    Args: `card`, a card string (any case), an int 0..39, a `pan.Card`, or a poker
    `splitpot.Card` of a rank Pan has.

    Returns: the card, with `code`, `rank`, `suit`, `rank_char` and `suit_char`.

    Raises: `InvalidCards` (a `ValueError`) for a token that is not a Pan card (an 8, 9 or 10
    among them), an int outside 0..39, or a bool.

    Example:

    >>> from splitpot import pan
    >>> c = pan.Card("jh")
    >>> c, int(c), c.rank, c.suit, c.rank_char
    (pan.Card('Jh'), 30, 7, 2, 'J')
    >>> pan.Card(0), pan.Card("Ks") > pan.Card("Ac"), pan.Card("7c") == pan.Card("7C")
    (pan.Card('Ac'), True, True)
    >>> pan.Card("8c")
    Traceback (most recent call last):
    splitpot.InvalidCards: invalid Pan card "8c": Pan has no 8, 9 or 10
    """

    def __new__(cls, card: PanCard | Card | str | int) -> PanCard: ...
    @property
    def code(self) -> int:
        """The card code, 0 (Ac) .. 39 (Ks): `rank * 4 + suit`."""
    @property
    def rank(self) -> int:
        """Rank index, 0 (ace) .. 9 (king); 7 is 6 and J is 7 (docs/rules/pan.md §2.1)."""
    @property
    def suit(self) -> int:
        """Suit index: clubs 0, diamonds 1, hearts 2, spades 3."""
    @property
    def rank_char(self) -> str:
        """The rank letter: "A", "2".."7", "J", "Q", "K"."""
    @property
    def suit_char(self) -> str:
        """The suit letter, "c", "d", "h" or "s"."""
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __lt__(self, other: PanCard, /) -> bool: ...
    def __le__(self, other: PanCard, /) -> bool: ...
    def __gt__(self, other: PanCard, /) -> bool: ...
    def __ge__(self, other: PanCard, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class _PanRules:
    """The Rust ``PanRules``, built from keyword arguments named as its fields."""

    def __new__(cls, **fields: object) -> _PanRules: ...
    def fields(self) -> dict[str, object]: ...
    @staticmethod
    def choices() -> dict[str, list[str]]: ...

# Every Pan call reads at most the cards it can use from an iterable (11 for a meld, a hand
# or a table's melds; rust/limits.rs), and refuses more with InvalidCards; a str, list or
# tuple is taken whole. Anything but rules (or None) as ``rules`` is a TypeError.
_RulesLike = _PanRules | PanRules  # a PanRules: the core reads its Rust value `_native`

def _pan_cards(cards: _PanCardsLike) -> list[PanCard]: ...
def _pan_classify(cards: _PanCardsLike, rules: _RulesLike | None = None) -> int | None: ...
def _pan_classify_many(
    melds: Iterable[_PanCardsLike], rules: _RulesLike | None = None
) -> list[int | None]: ...
def _pan_is_meld(cards: _PanCardsLike, rules: _RulesLike | None = None) -> bool: ...
def _pan_meld_fault(cards: _PanCardsLike, rules: _RulesLike | None = None) -> str | None: ...
def _pan_conditions(cards: _PanCardsLike, rules: _RulesLike | None = None) -> int: ...
def _pan_condition_list(
    cards: _PanCardsLike, rules: _RulesLike | None = None
) -> list[tuple[int, int]]: ...
def _pan_outs(
    melds: Iterable[_PanCardsLike], layoff_chips: int | None = None, rules: _RulesLike | None = None
) -> int:
    """``layoff_chips`` an int 0..2**64-1: TypeError for another type (a bool too),
    SplitpotError out of range."""

def _pan_meld(cards: _PanCardsLike, rules: _RulesLike | None = None) -> tuple[_PanMelds, int]: ...
def _pan_lay_off(
    meld: _PanCardsLike, cards: _PanCardsLike, rules: _RulesLike | None = None
) -> tuple[_PanMelds, int]: ...
def _pan_split(
    meld: _PanCardsLike, added: _PanCardsLike, part: _PanCardsLike, rules: _RulesLike | None = None
) -> tuple[_PanMelds, int]: ...
def _pan_borrow(
    meld: _PanCardsLike, take: _PanCardsLike, cards: _PanCardsLike, rules: _RulesLike | None = None
) -> tuple[_PanMelds, int]: ...
def _pan_go_out(
    cards: _PanCardsLike, rules: _RulesLike | None = None
) -> tuple[_PanMelds, int] | None: ...
def _pan_arrange(
    cards: _PanCardsLike, rules: _RulesLike | None = None
) -> tuple[_PanMelds, int] | None: ...
def _pan_go_out_with(
    drawn: _PanCardsLike | int,
    hand: _PanCardsLike,
    table: Iterable[_PanCardsLike],
    rules: _RulesLike | None = None,
) -> (
    tuple[
        list[tuple[str, tuple[PanCard, ...], tuple[PanCard, ...], tuple[PanCard, ...], int]],
        _PanMelds,
        int,
        int,
    ]
    | None
): ...
def _pan_deck(rules: _RulesLike | None = None, seed: int | None = None) -> list[PanCard]: ...
def _pan_turn_moves(
    drawn: PanCard | Card | str | int | None,
    placed: bool,
    hand: _PanCardsLike,
    melds: Iterable[_PanCardsLike],
    rules: _RulesLike | None = None,
) -> list[tuple[str, int | None, tuple[PanCard, ...], tuple[PanCard, ...], int]]:
    """The operations open now (rust/pan/moves.rs): each (kind, meld index or None, cards, part
    or take, pays); kind "meld" or "lay_off" (second tuple empty), "split" (added, part) or
    "borrow" (own cards, take). With ``drawn`` and not ``placed``, only moves that place it."""

def _pan_can_place(
    card: PanCard | Card | str | int,
    hand: _PanCardsLike,
    melds: Iterable[_PanCardsLike],
    rules: _RulesLike | None = None,
) -> bool: ...
def _pan_forces(
    card: PanCard | Card | str | int,
    melds: Iterable[_PanCardsLike],
    rules: _RulesLike | None = None,
) -> bool: ...
