"""Pan melds: validation, conditions, the operations of a turn and its legal moves, going out
(docs/rules/pan.md §3-§4, §6.2-§6.5). Thin wrappers over the Rust core that turn its answers into
enums and records.

>>> from splitpot import pan
>>> pan.classify("5d 6d 7d"), pan.classify("6c 6c 6h")
(<MeldKind.SEQUENCE: 'sequence'>, None)
>>> pan.conditions("5s 5s 5s")  # a bong: a spade valle group
4
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TypeAlias, TypeVar

from splitpot import _core
from splitpot._core import InvalidCards
from splitpot.pan.cards import Card, CardsLike
from splitpot.pan.rules import PanRules, native

Meld: TypeAlias = tuple[Card, ...]
"""A meld as the functions return it: its cards, sorted by code (a plain tuple, so melds
compare, hash and sort as tuples do).

>>> from splitpot import pan
>>> (made,) = pan.lay_off("2d 3d 4d", "Ad").melds
>>> made, len(made)
((pan.Card('Ad'), pan.Card('2d'), pan.Card('3d'), pan.Card('4d')), 4)
"""


_E = TypeVar("_E", bound="_DocumentedEnum")


class _DocumentedEnum(Enum):
    """An enum whose members are ``(value, doc)``: the doc becomes the member's ``__doc__``."""

    _value_: str

    def __new__(cls: type[_E], value: str, doc: str) -> _E:
        member = object.__new__(cls)
        member._value_ = value
        member.__doc__ = doc
        return member


class MeldKind(_DocumentedEnum):
    """The kind of a valid meld (docs/rules/pan.md §3.4); each member's ``__doc__`` states its rule.

    What :func:`classify` returns (None for cards that are no meld). ``MeldKind("sequence")``
    gives a member from its value (an unknown one is a ``ValueError``). The Rust core sends a
    kind as its index in this order (``MeldKind`` in rust/pan/melds.rs).

    >>> from splitpot import pan
    >>> pan.classify("5d 6d 7d"), pan.classify("Jc Jd Jh")
    (<MeldKind.SEQUENCE: 'sequence'>, <MeldKind.GROUP_UNSUITED: 'group_unsuited'>)
    >>> pan.MeldKind("group_suited").__doc__.startswith("Three or more cards")
    True
    """

    SEQUENCE = (
        "sequence",
        "Three or more cards of one suit in consecutive ranks A 2 3 4 5 6 7 J Q K: 7 and J are "
        "adjacent, the ace is low only, no wrap, no rank twice (docs/rules/pan.md §3.1, §2.2).",
    )
    GROUP_SUITED = (
        "group_suited",
        "Three or more cards of one comoquer rank (2 3 4 5 6 7 J Q), all one suit; copies of a "
        "card are fine (docs/rules/pan.md §3.2).",
    )
    GROUP_UNSUITED = (
        "group_unsuited",
        "Three or more cards of one comoquer rank in mixed suits: at least three different suits "
        "(atLeastThreeDistinct) or all different (allDistinct), per group.unsuitedRule "
        "(docs/rules/pan.md §3.2).",
    )
    GROUP_NONCOMOQUER = (
        "group_noncomoquer",
        "Three or more aces, or three or more kings, in any suits, duplicates included "
        "(docs/rules/pan.md §3.2).",
    )


class Condition(_DocumentedEnum):
    """The paying melds ("conditions") of table docs/rules/pan.md §4.1, valued by ``PanRules``.

    :func:`condition_list` gives each one a meld carries with its chips; the value is the
    table's name (``Condition("C2")``; an unknown one is a ``ValueError``). The Rust core
    sends a condition as its index in this order (C1 = 0 .. C5 = 4).

    >>> from splitpot import pan
    >>> pan.condition_list("5s 5s 5s")  # a bong: C2, doubled in spades
    [(<Condition.VALLE_SUITED: 'C2'>, 4)]
    >>> pan.Condition("C4") is pan.Condition.LOW_RUN
    True
    """

    VALLE_UNSUITED = ("C1", "C1: a valle group (3s, 5s or 7s) of different suits; pays 1.")
    VALLE_SUITED = ("C2", "C2: a valle group of one suit; pays 2, or 4 in spades (a bong).")
    SUITED_GROUP = ("C3", "C3: a non-valle group of one suit; pays 1, or 2 in spades.")
    LOW_RUN = ("C4", "C4: the low run A-2-3 (or any run from the ace); 1, or 2 in spades.")
    HIGH_RUN = ("C5", "C5: the high run J-Q-K (or any run to the king); 1, or 2 in spades.")


_KINDS = tuple(MeldKind)  # indexed by the core's `MeldKind as u8`
_CONDITIONS = tuple(Condition)  # indexed by the core's `Condition as u8`


@dataclass(frozen=True)
class Outcome:
    """What an operation leaves on the table and what every active opponent pays for it: the
    answer of :func:`meld`, :func:`lay_off`, :func:`split` and :func:`borrow` (which raise
    ``splitpot.IllegalAction`` instead when the rules forbid the operation).

    >>> from splitpot import pan
    >>> out = pan.lay_off("2d 3d 4d", "Ad")
    >>> out.melds, out.pays  # the lay-off makes the A-2-3 condition
    (((pan.Card('Ad'), pan.Card('2d'), pan.Card('3d'), pan.Card('4d')),), 1)
    """

    melds: tuple[Meld, ...]
    """The new or changed melds, each sorted by code."""
    pays: int
    """Chips from each active opponent (docs/rules/pan.md §4.1 to §4.3)."""


@dataclass(frozen=True)
class Arrangement:
    """Cards arranged into valid melds, and what their conditions pay (docs/rules/pan.md §4.4):
    the answer of :func:`go_out` (exactly 11 cards) and :func:`arrange` (at most 11), each None
    when the cards cannot all be melded (bad cards raise ``splitpot.InvalidCards``).

    >>> from splitpot import pan
    >>> a = pan.arrange("5h 5h 5h Ac 2c 3c")
    >>> [" ".join(map(str, m)) for m in a.melds], a.pays
    (['Ac 2c 3c', '5h 5h 5h'], 3)
    """

    melds: tuple[Meld, ...]
    """The melds, each sorted by code, in code order."""
    pays: int
    """The sum of the melds' conditions: what laying them down collects, and what the outs add
    to ``outs_base``."""


@dataclass(frozen=True)
class NewMeld:
    """Lay down a new meld from the hand (and the drawn card); replay with ``meld``.

    A step of :func:`turn_moves`, :func:`go_out_with`'s :class:`TurnPlan` and
    :meth:`PanHand.legal_moves <splitpot.pan.game.PanHand.legal_moves>`, made with
    :meth:`PanHand.apply <splitpot.pan.game.PanHand.apply>` (``splitpot.IllegalAction`` if
    the player cannot): ``cards`` the meld, sorted; ``pays`` what each active opponent owes.

    >>> from splitpot import pan
    >>> pan.turn_moves("5h", "5h 5h", [])
    [NewMeld(cards=(pan.Card('5h'), pan.Card('5h'), pan.Card('5h')), pays=2)]
    """

    cards: Meld
    pays: int


@dataclass(frozen=True)
class LayOff:
    """Add ``cards`` to the table meld ``meld``; replay with ``lay_off(meld, cards)``.

    A step of :func:`turn_moves`, a :class:`TurnPlan` and :meth:`PanHand.legal_moves
    <splitpot.pan.game.PanHand.legal_moves>`, made with :meth:`PanHand.apply
    <splitpot.pan.game.PanHand.apply>` (``splitpot.IllegalAction`` if the player cannot);
    ``pays`` is what each active opponent owes (§4.2).

    >>> from splitpot import pan
    >>> move = pan.turn_moves("5h", "", ["Ah 2h 3h 4h"])[0]
    >>> move.cards, move.pays, move.meld_index
    ((pan.Card('5h'),), 1, 0)
    """

    meld: Meld
    cards: Meld
    pays: int
    meld_index: int | None = field(default=None, compare=False)
    """Where ``meld`` lies in the melds given to ``turn_moves``; None in a ``TurnPlan``. Not
    compared: the operation on either of two identical melds is the same move."""


@dataclass(frozen=True)
class Split:
    """Add ``added`` (maybe none) to ``meld`` and split off ``part``; replay with
    ``split(meld, part, added)``.

    A step of :func:`turn_moves`, a :class:`TurnPlan` and :meth:`PanHand.legal_moves
    <splitpot.pan.game.PanHand.legal_moves>`, made with :meth:`PanHand.apply
    <splitpot.pan.game.PanHand.apply>` (``splitpot.IllegalAction`` if the player cannot);
    ``pays`` is what each active opponent owes (§4.3).

    >>> from splitpot import pan
    >>> move = pan.turn_moves(None, "", ["3d 4d 5d 6d 7d Jd"])[0]
    >>> type(move).__name__, " ".join(map(str, move.part)), move.added, move.pays
    ('Split', '3d 4d 5d', (), 0)
    """

    meld: Meld
    added: Meld
    part: Meld
    pays: int
    meld_index: int | None = field(default=None, compare=False)
    """Where ``meld`` lies in the melds given to ``turn_moves``; None in a ``TurnPlan``. Not
    compared: the operation on either of two identical melds is the same move."""


@dataclass(frozen=True)
class Borrow:
    """Take ``take`` from ``meld`` into a new meld with the hand ``cards``; replay with
    ``borrow(meld, take, cards)``.

    A step of :func:`turn_moves`, a :class:`TurnPlan` and :meth:`PanHand.legal_moves
    <splitpot.pan.game.PanHand.legal_moves>`, made with :meth:`PanHand.apply
    <splitpot.pan.game.PanHand.apply>` (``splitpot.IllegalAction`` if the player cannot);
    ``pays`` is what each active opponent owes (§4.3).

    >>> from splitpot import pan
    >>> move = pan.turn_moves(None, "Jc Js", ["Jh 7h 6h 5h 4h"])[0]
    >>> type(move).__name__, move.take, move.cards
    ('Borrow', (pan.Card('Jh'),), (pan.Card('Jc'), pan.Card('Js')))
    """

    meld: Meld
    take: Meld
    cards: Meld
    pays: int
    meld_index: int | None = field(default=None, compare=False)
    """Where ``meld`` lies in the melds given to ``turn_moves``; None in a ``TurnPlan``. Not
    compared: the operation on either of two identical melds is the same move."""


Step: TypeAlias = NewMeld | LayOff | Split | Borrow


@dataclass(frozen=True)
class TurnPlan:
    """How a player goes out this turn (docs/rules/pan.md §6.3, §6.4): the answer of
    :func:`go_out_with` (None when he cannot). Its steps have ``meld_index`` None: each names
    its meld by its cards.

    >>> from splitpot import pan
    >>> plan = pan.go_out_with("5c", hand="", table=["Ac 2c 3c 4c", "5s 5s 5s", "6d 6h 6c"])
    >>> [type(step).__name__ for step in plan.steps], plan.pays, plan.board_conditions
    (['LayOff'], 1, 5)
    >>> len(plan.melds), sum(map(len, plan.melds))
    (3, 11)
    """

    steps: tuple[Step, ...]
    """The operations in order; the first places the drawn card."""
    melds: tuple[Meld, ...]
    """The 11 cards as they finally lie, each meld sorted."""
    pays: int
    """What every opponent pays for the steps (docs/rules/pan.md §4.1 to §4.3)."""
    board_conditions: int
    """The conditions of the final melds, which the outs add to ``outs_base`` (§4.4)."""


def classify(cards: CardsLike, rules: PanRules | None = None) -> MeldKind | None:
    """The kind of meld the cards make, or None if they are not a valid meld (docs/rules/pan.md §3).

    >>> classify("Qs Ks As"), classify("Kc Kc Kh")
    (None, <MeldKind.GROUP_NONCOMOQUER: 'group_noncomoquer'>)
    """
    # The rules go to the core as given on the single-call paths (classify, is_meld,
    # conditions, go_out): it reads `_native` itself, and a Python call would cost about a
    # sixth of the whole call here.
    k = _core._pan_classify(cards, rules)
    return None if k is None else _KINDS[k]


def classify_many(
    melds: Iterable[CardsLike], rules: PanRules | None = None
) -> list[MeldKind | None]:
    """``classify`` of each meld, in one call that releases the GIL for the work.

    >>> classify_many(["Ac 2c 3c", "4c 4d"])
    [<MeldKind.SEQUENCE: 'sequence'>, None]
    """
    return [
        None if k is None else _KINDS[k] for k in _core._pan_classify_many(melds, native(rules))
    ]


def is_meld(cards: CardsLike, rules: PanRules | None = None) -> bool:
    """Whether the cards are a valid meld (docs/rules/pan.md §3).

    >>> is_meld("6c 6d 6h 6c"), is_meld("6c 6d 6h 6c", PanRules(unsuited_rule="allDistinct"))
    (True, False)
    """
    return _core._pan_is_meld(cards, rules)


def meld_fault(cards: CardsLike, rules: PanRules | None = None) -> str | None:
    """Why the cards are not a valid meld, or None when they are one.

    >>> meld_fault("Kd Ad 2d")
    'the ranks do not run (order A 2 3 4 5 6 7 J Q K, ace low only, no wrap)'
    """
    return _core._pan_meld_fault(cards, native(rules))


def conditions(cards: CardsLike, rules: PanRules | None = None) -> int:
    """Chips each opponent pays for this meld as laid down (docs/rules/pan.md §4.1); 0 for a meld
    that pays nothing or is not valid.

    >>> conditions("As 2s 3s 4s 5s 6s 7s Js Qs Ks")  # both runs, doubled in spades
    4
    """
    return _core._pan_conditions(cards, rules)


def condition_list(cards: CardsLike, rules: PanRules | None = None) -> list[tuple[Condition, int]]:
    """Each condition the meld carries with its chips (docs/rules/pan.md §4.1).

    >>> condition_list("Ah 2h 3h 4h 5h 6h 7h Jh Qh Kh")
    [(<Condition.LOW_RUN: 'C4'>, 1), (<Condition.HIGH_RUN: 'C5'>, 1)]
    """
    return [(_CONDITIONS[c], v) for c, v in _core._pan_condition_list(cards, native(rules))]


def outs(melds: Iterable[CardsLike], layoff_chips: int = 0, rules: PanRules | None = None) -> int:
    """What each active opponent pays the player who goes out with these melds (docs/rules/pan.md
    §4.4): ``outs_base`` plus their conditions as they lie (plus ``layoff_chips`` under
    ``outs_include_layoff_value``).

    >>> outs(["Ac 2c 3c", "5s 5s 5s", "6d 6h 6c"])
    7
    """
    return _core._pan_outs(melds, layoff_chips, native(rules))


def meld(cards: CardsLike, rules: PanRules | None = None) -> Outcome:
    """Lays down a new meld (docs/rules/pan.md §6.4); ``IllegalAction`` says why it is not valid.

    >>> meld("7h 7h 7h")
    Outcome(melds=((pan.Card('7h'), pan.Card('7h'), pan.Card('7h')),), pays=2)
    """
    melds, pays = _core._pan_meld(cards, native(rules))
    return Outcome(melds, pays)


def lay_off(meld: CardsLike, cards: CardsLike, rules: PanRules | None = None) -> Outcome:
    """Adds ``cards`` to one's own ``meld`` (docs/rules/pan.md §6.4 "Lay-off"). The result must be
    valid and, under ``keep_character``, a one-suit group stays one suit (§3.2). Pays per
    ``layoff_pay`` (§4.2). Raises ``IllegalAction`` with the reason.

    >>> lay_off("2d 3d 4d", "Ad").pays  # creates the A-2-3 condition (§4.2)
    1
    >>> lay_off("6c 6c 6c", "6d 6h")
    Traceback (most recent call last):
    ...
    splitpot.IllegalAction: laying off 6d 6h would turn the one-suit group 6c 6c 6c into a mixed one (group.keepCharacter)
    """  # noqa: E501
    melds, pays = _core._pan_lay_off(meld, cards, native(rules))
    return Outcome(melds, pays)


def split(
    meld: CardsLike, part: CardsLike, added: CardsLike = (), rules: PanRules | None = None
) -> Outcome:
    """Lays ``added`` (maybe none) off onto one's own ``meld``, then splits it into ``part``
    and the rest, both valid (docs/rules/pan.md §6.4 "Split"). Pays the lay-off plus each condition
    the parts carry beyond the whole (§4.3). Raises ``IllegalAction`` with the reason.

    >>> split("3d 4d 5d", part="Ad 2d 3d", added="Ad 2d 6d").melds  # PW's example
    ((pan.Card('Ad'), pan.Card('2d'), pan.Card('3d')), (pan.Card('4d'), pan.Card('5d'), pan.Card('6d')))
    """  # noqa: E501
    melds, pays = _core._pan_split(meld, added, part, native(rules))
    return Outcome(melds, pays)


def borrow(
    meld: CardsLike, take: CardsLike, cards: CardsLike, rules: PanRules | None = None
) -> Outcome:
    """Takes ``take`` from one's own ``meld`` of four or more cards, leaving a valid meld, and
    lays it down with ``cards`` (the drawn card and/or hand cards) as a new meld (docs/rules/pan.md
    §6.4 "Borrow"). Pays the conditions this creates (§4.3); raises ``IllegalAction`` with the
    reason.

    >>> borrow("Jh 7h 6h 5h 4h", "Jh", "Jc Js").melds[1]  # PW's example
    (pan.Card('Jc'), pan.Card('Jh'), pan.Card('Js'))
    >>> borrow("Jh 7h 6h 5h 4h", "6h", "6c 6s")
    Traceback (most recent call last):
    ...
    splitpot.IllegalAction: what remains after borrowing 4h 5h 7h Jh is not valid: the ranks do not run (order A 2 3 4 5 6 7 J Q K, ace low only, no wrap)
    """  # noqa: E501
    melds, pays = _core._pan_borrow(meld, take, cards, native(rules))
    return Outcome(melds, pays)


def go_out(cards: CardsLike, rules: PanRules | None = None) -> Arrangement | None:
    """The arrangement of 11 cards into valid melds whose conditions pay the most, or None if
    they cannot all be melded (docs/rules/pan.md §4.4, §6.3). Not 11 cards: ``InvalidCards``.

    >>> a = go_out("As 2s 3s As 2s 3s Jh Qh 7h 6h 5h")
    >>> a.pays, len(a.melds)
    (4, 3)
    >>> go_out("As 2s 3s As 2s 3s Jh Qh Kh 5d 6d") is None
    True
    """
    found = _core._pan_go_out(cards, rules)
    return None if found is None else Arrangement(*found)


def arrange(cards: CardsLike, rules: PanRules | None = None) -> Arrangement | None:
    """The best arrangement of at most 11 cards into valid melds (none for no cards), or None.

    >>> arrange("5h 5h 5h")
    Arrangement(melds=((pan.Card('5h'), pan.Card('5h'), pan.Card('5h')),), pays=2)
    """
    found = _core._pan_arrange(cards, native(rules))
    return None if found is None else Arrangement(*found)


NEAR = tuple(
    tuple(
        o
        for o in range(40)
        if o >> 2 == c >> 2 or (o & 3 == c & 3 and -2 <= (o >> 2) - (c >> 2) <= 2)
    )
    for c in range(40)
)
"""For each card code, the codes that could share a three-card meld with it: the same rank
(itself included), or the same suit within two ranks (A 2 3 4 5 6 7 J Q K, docs/rules/pan.md
§2, §3)."""


def card_counts(codes: Iterable[int]) -> list[int]:
    """How many of each card code (0..39) ``codes`` holds."""
    have = [0] * 40
    for code in codes:
        have[code] += 1
    return have


def may_go_out(loose: Sequence[int], melded: Iterable[int]) -> bool:
    """A quick necessary condition of going out (docs/rules/pan.md §3, §6.3), on card codes:
    ``loose`` the hand and the drawn card, ``melded`` the cards of one's melds. Every card of
    a meld of three or more lies beside at least two of its cards that are :data:`NEAR` it
    (a group's same rank; a sequence's neighbours within two ranks), so a loose card with
    fewer than two near cards among all of them cannot be melded: False means
    :func:`go_out_with` finds no plan, without asking the planner.

    >>> may_go_out([0, 4, 8], []), may_go_out([0, 4, 39], [])  # Ac 2c 3c; Ac 2c Ks
    (True, False)
    """
    have = card_counts(itertools.chain(loose, melded)).__getitem__
    return all(sum(map(have, NEAR[code])) > 2 for code in loose)  # itself counted once


def go_out_with(
    drawn: Card | str | int,
    hand: CardsLike,
    table: Iterable[CardsLike],
    rules: PanRules | None = None,
) -> TurnPlan | None:
    """How to go out this turn from a position: one's own ``table`` melds, the ``hand``, and the
    card just ``drawn``, 11 cards in all. The drawn card is placed first (docs/rules/pan.md §6.3),
    then lay-offs, splits, borrows and new melds (§6.4) until the hand is empty. Among the
    plans that go out, one that collects the most (step pays plus the board's conditions); None
    if there is none. ``IllegalAction`` for an invalid table meld or a count other than 11.

    An exhaustive search (it releases the GIL); with nothing on the table ``go_out`` is faster.

    >>> plan = go_out_with("5c", hand="", table=["Ac 2c 3c 4c", "5s 5s 5s", "6d 6h 6c"])
    >>> plan.steps[0].pays, plan.board_conditions  # flat (§6.3): the 5c lays off on a C4
    (1, 5)
    """
    found = _core._pan_go_out_with(drawn, hand, table, native(rules))
    if found is None:
        return None
    raw_steps, melds, pays, board = found
    steps: list[Step] = []
    for kind, on, cards, extra, pay in raw_steps:
        if kind == "meld":
            steps.append(NewMeld(cards, pay))
        elif kind == "lay_off":
            steps.append(LayOff(on, cards, pay))
        elif kind == "split":
            steps.append(Split(on, cards, extra, pay))
        else:
            steps.append(Borrow(on, extra, cards, pay))
    return TurnPlan(tuple(steps), melds, pays, board)


# The legal operations of a turn (docs/rules/pan.md §6.2 to §6.5), from rust/pan/moves.rs.


def turn_moves(
    drawn: Card | str | int | None,
    hand: CardsLike,
    melds: Iterable[CardsLike],
    *,
    placed: bool = False,
    rules: PanRules | None = None,
) -> list[Step]:
    """Every operation the player with ``hand`` and his own ``melds`` may make now.

    With a ``drawn`` card not yet ``placed``: the moves that place it, each using it (§6.3: a new
    meld with hand cards, maybe with cards borrowed from a meld; or a lay-off, maybe before a
    split). Otherwise (no card, or ``placed=True``): the further operations of a use turn with
    hand cards only (§6.4). Rejecting, discarding and going out are the game's to offer.

    Each move is a ``NewMeld``, ``LayOff``, ``Split`` or ``Borrow`` whose ``meld_index`` is the
    meld's position in ``melds`` and whose ``pays`` is what every active opponent pays (§4.1 to
    §4.3). Order: new melds, then meld by meld its lay-offs, splits and borrows, each sorted by
    cards; a split's ``part`` is the half whose sorted cards come first. Bad cards raise
    ``InvalidCards``, an invalid meld ``IllegalAction``.

    One or two 7c laid off (1 chip a card, §4.2); both laid off and the six split into two
    suited valle groups (2 + 2, §4.3); or a 7c borrowed into a new one (2):

    >>> [(type(m).__name__, m.pays) for m in turn_moves(None, "7c 7c", ["7c 7c 7c 7c"])]
    [('LayOff', 1), ('LayOff', 2), ('Split', 4), ('Borrow', 2)]
    """
    table = _table(melds)
    return steps_of(_core._pan_turn_moves(drawn, placed, hand, table, native(rules)), table)


RawMove: TypeAlias = tuple[str, int | None, tuple[Card, ...], tuple[Card, ...], int]
"""An operation as the core sends it (``_pan_turn_moves``): kind, meld index, cards, the
part or take, pays."""


def steps_of(raw: list[RawMove], table: Sequence[CardsLike]) -> list[Step]:
    """The step records of the core's operations on the melds ``table``: each meld named by
    its sorted cards, read once."""
    sorted_melds: dict[int, Meld] = {}

    def meld_at(i: int) -> Meld:
        if i not in sorted_melds:
            sorted_melds[i] = tuple(sorted(_core._pan_cards(table[i])))
        return sorted_melds[i]

    moves: list[Step] = []
    for kind, i, cards, second, pays in raw:
        if i is None:
            moves.append(NewMeld(cards, pays))
        elif kind == "lay_off":
            moves.append(LayOff(meld_at(i), cards, pays, i))
        elif kind == "split":
            moves.append(Split(meld_at(i), cards, second, pays, i))
        else:
            moves.append(Borrow(meld_at(i), second, cards, pays, i))
    return moves


_TABLE_MELDS = dict(_core._limits())["PAN_TABLE_MELDS"]


def _table(melds: Iterable[CardsLike]) -> list[CardsLike] | str:
    """``melds`` as a list, an iterable read no further than a table's melds (issue 15)."""
    if isinstance(melds, str):  # refused by the core, naming it
        return melds
    if isinstance(melds, (list, tuple)):
        return list(melds)
    table = list(itertools.islice(melds, _TABLE_MELDS + 1))
    if len(table) > _TABLE_MELDS:
        raise InvalidCards(f"too many melds: more than {_TABLE_MELDS}, the most a table holds")
    return table


def can_place(
    card: Card | str | int,
    hand: CardsLike,
    melds: Iterable[CardsLike],
    rules: PanRules | None = None,
) -> bool:
    """Whether ``card``, just drawn, can be placed at all: some move of ``turn_moves(card, hand,
    melds)`` exists (docs/rules/pan.md §6.3). A live discard may be taken only if so (§6.2).

    >>> can_place("Qc", "Qd Qh", []), can_place("Qc", "Qd Qd", [])
    (True, False)
    """
    table = _table(melds)
    return _core._pan_can_place(card, hand, table, native(rules))


def forces(
    card: Card | str | int, melds: Iterable[CardsLike], rules: PanRules | None = None
) -> bool:
    """Whether the live discard ``card`` lays off by itself on one of ``melds``: the forcing rule
    (docs/rules/pan.md §6.5), read as the card alone, since the sources speak of a discard that
    "plays in your meld" (BCG), judged by the discarder from the board he sees (GW). A card that
    fits only with hand cards may be taken (``can_place``) but is not forced. Whether forcing is
    on (``PanRules.forcing``) is the game's to check.

    >>> forces("Kd", ["Kc Kh Ks"]), forces("Kd", ["Jd Qd Kd"])
    (True, False)
    """
    table = _table(melds)
    return _core._pan_forces(card, table, native(rules))
