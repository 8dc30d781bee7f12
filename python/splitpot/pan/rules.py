"""Pan house rules: every HOUSE option of docs/rules/pan.md, with the defaults of its §8.

>>> from splitpot.pan import PanRules, UnsuitedRule
>>> PanRules().packs, PanRules().unsuited_rule
(8, <UnsuitedRule.AT_LEAST_THREE_DISTINCT: 'atLeastThreeDistinct'>)
>>> PanRules(unsuited_rule="allDistinct").unsuited_rule is UnsuitedRule.ALL_DISTINCT
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from functools import cached_property
from typing import Any, cast

from splitpot import _core
from splitpot._core import PanCard
from splitpot.limits import shown


class UnsuitedRule(str, Enum):
    """`group.unsuitedRule` (docs/rules/pan.md §3.2): which mixed-suit comoquer groups are valid.

    A ``str`` enum: ``PanRules.unsuited_rule`` takes a member or its config string, and
    ``UnsuitedRule("allDistinct")`` gives the member (an unknown string is a ``ValueError``;
    given to ``PanRules`` it is a ``splitpot.SplitpotError`` naming the field).

    >>> from splitpot.pan import PanRules, UnsuitedRule, is_meld
    >>> is_meld("5c 5c 5d 5h"), is_meld("5c 5c 5d 5h", PanRules(unsuited_rule="allDistinct"))
    (True, False)
    >>> UnsuitedRule("allDistinct")
    <UnsuitedRule.ALL_DISTINCT: 'allDistinct'>
    """

    AT_LEAST_THREE_DISTINCT = "atLeastThreeDistinct"
    """One suit, or at least three different suits; repeats allowed in 4+ card groups (PF,
    B101): 5c 5d 5h 5c is a meld, 5c 5c 5d 5d is not."""
    ALL_DISTINCT = "allDistinct"
    """One suit, or every card a different suit, so at most 4 cards (CS, BRI)."""


class Escalera(str, Enum):
    """`pays.escalera` (docs/rules/pan.md §4.1): when a run carries the A-2-3 and J-Q-K
    conditions.

    A ``str`` enum: ``PanRules.escalera`` takes a member or its config string, and
    ``Escalera("exactThree")`` gives the member (an unknown string is a ``ValueError``; given to
    ``PanRules`` it is a ``splitpot.SplitpotError`` naming the field).

    >>> from splitpot.pan import Escalera, PanRules, condition_list
    >>> condition_list("Ac 2c 3c 4c")
    [(<Condition.LOW_RUN: 'C4'>, 1)]
    >>> condition_list("Ac 2c 3c 4c", PanRules(escalera=Escalera.EXACT_THREE))
    []
    """

    ENDS_AT_A_OR_K = "endsAtAOrK"
    """A run whose lowest card is an ace pays C4, one whose highest is a king pays C5; the
    10-card A..K run pays both (PRO, POC)."""
    EXACT_THREE = "exactThree"
    """Only the exact three-card runs A-2-3 and J-Q-K pay."""


class LayoffPay(str, Enum):
    """`pays.layoff` (docs/rules/pan.md §4.2): what laying off onto a meld pays.

    A ``str`` enum: ``PanRules.layoff_pay`` takes a member or its config string, and
    ``LayoffPay("none")`` gives the member (an unknown string is a ``ValueError``; given to
    ``PanRules`` it is a ``splitpot.SplitpotError`` naming the field).

    >>> from splitpot.pan import PanRules, lay_off
    >>> lay_off("3c 3c 3c", "3c").pays, lay_off("3c 3c 3c", "3c", PanRules(layoff_pay="none")).pays
    (1, 0)
    """

    PER_CARD = "perCard"
    """Each added card collects the condition's lay-off value again (PW), plus any condition
    the lay-off creates."""
    NEW_CONDITIONS_ONLY = "newConditionsOnly"
    """Only conditions the lay-off creates pay (BCG)."""
    NONE = "none"
    """Lay-offs never pay."""


class AllSluff(str, Enum):
    """`tops.allSluff` (docs/rules/pan.md §5.2): the tops when every player sluffs.

    A ``str`` enum: ``PanRules.tops_all_sluff`` takes a member or its config string, and
    ``AllSluff("refund")`` gives the member (an unknown string is a ``ValueError``; given to
    ``PanRules`` it is a ``splitpot.SplitpotError`` naming the field).

    >>> from splitpot.pan import AllSluff, PanRules
    >>> PanRules().tops_all_sluff, PanRules(tops_all_sluff="refund").tops_all_sluff
    (<AllSluff.CARRY_OVER: 'carryOver'>, <AllSluff.REFUND: 'refund'>)
    """

    CARRY_OVER = "carryOver"
    """The tops stay in the pot for the next deal."""
    REFUND = "refund"
    """Each player takes his tops back."""


class Rotation(str, Enum):
    """`rotation` (docs/rules/pan.md §6.1).

    A ``str`` enum: ``PanRules.rotation`` takes a member or its config string, and
    ``Rotation("cw")`` gives the member (an unknown string is a ``ValueError``; given to
    ``PanRules`` it is a ``splitpot.SplitpotError`` naming the field).

    The direction the deal and the turn pass round the table.

    >>> from splitpot.pan import PanRules, Rotation
    >>> PanRules().rotation, PanRules(rotation="cw").rotation is Rotation.CLOCKWISE
    (<Rotation.COUNTERCLOCKWISE: 'ccw'>, True)
    """

    COUNTERCLOCKWISE = "ccw"
    """To the right (PF, WIK, BIC, PW, B101, POC)."""
    CLOCKWISE = "cw"
    """To the left (BRI, SC)."""


class DrawFromDiscard(str, Enum):
    """`drawFromDiscard` (docs/rules/pan.md §6.2, §8): which discard may be taken.

    A ``str`` enum: ``PanRules.draw_from_discard`` takes a member or its config string, and
    ``DrawFromDiscard("never")`` gives the member (an unknown string is a ``ValueError``; given to
    ``PanRules`` it is a ``splitpot.SplitpotError`` naming the field).

    >>> from splitpot.pan import DrawFromDiscard, PanRules
    >>> PanRules(draw_from_discard="never").draw_from_discard is DrawFromDiscard.NEVER
    True
    """

    PRECEDING_STOCK_ONLY = "precedingStockOnly"
    """Only the card the preceding player drew from the stock and rejected (PF, B101)."""
    NEVER = "never"
    """The discard pile is never drawn from."""
    ANY_IF_MELDABLE = "anyIfMeldable"
    """Any discard that is melded at once (BRI)."""


class Forcing(str, Enum):
    """`forcing` (docs/rules/pan.md §6.5).

    A ``str`` enum: ``PanRules.forcing`` takes a member or its config string, and
    ``Forcing("off")`` gives the member (an unknown string is a ``ValueError``; given to
    ``PanRules`` it is a ``splitpot.SplitpotError`` naming the field).

    Whether a player must take a discard that lays off on his melds.

    >>> from splitpot.pan import Forcing, PanRules
    >>> PanRules().forcing, PanRules(forcing="off").forcing is Forcing.OFF
    (<Forcing.MANDATORY: 'mandatory'>, True)
    """

    MANDATORY = "mandatory"
    """A live discard that lays off on one's melds must be taken (BCG, GW, PP)."""
    ON_DEMAND = "onDemand"
    """Another player must call for it (Hoyle tradition; unverified)."""
    OFF = "off"
    """Never forced."""


class StockExhausted(str, Enum):
    """`stockExhausted` (docs/rules/pan.md §6.6).

    A ``str`` enum: ``PanRules.stock_exhausted`` takes a member or its config string, and
    ``StockExhausted("voidHand")`` gives the member (an unknown string is a ``ValueError``; given to
    ``PanRules`` it is a ``splitpot.SplitpotError`` naming the field).

    What happens when the stock runs out before anyone goes out.

    >>> from splitpot.pan import PanRules, StockExhausted
    >>> PanRules(stock_exhausted="voidHand").stock_exhausted is StockExhausted.VOID_HAND
    True
    """

    RESHUFFLE_DEAD = "reshuffleDead"
    """Shuffle the dead discards into a new stock, keeping the live discard."""
    VOID_HAND = "voidHand"
    """The hand is void and the tops carry over."""


@dataclass(frozen=True, kw_only=True)
class PanRules:
    """Every configurable (HOUSE) rule of docs/rules/pan.md; the defaults are those of its §8.

    Mirrors the Rust ``PanRules`` field for field; enum fields accept the member or its
    config string (``"allDistinct"``), and ``extra_cards`` any cards (one per extra copy).
    Chips are ints. The meld functions read the deck, group and pays fields; the others are
    carried for the game flow.

    >>> PanRules(escalera="exactThree", spades_double=False)  # doctest: +ELLIPSIS
    PanRules(packs=8, ..., escalera=<Escalera.EXACT_THREE: 'exactThree'>, ...)
    >>> PanRules(packs=0)
    Traceback (most recent call last):
    ...
    splitpot.SplitpotError: packs: expected an int 1..255, got 0
    """

    packs: int = 8
    """`deck.packs` (§1.2): packs of 40 cards (8s, 9s, 10s and jokers stripped)."""
    remove_one_spade_suit: bool = True
    """`deck.removeOneSpadeSuit` (§1.1): the 10 spades of one pack are out: 310 cards."""
    extra_cards: tuple[PanCard, ...] = ()
    """`deck.extraCards` (§1.2, SC): extra payoff cards added to the deck, one per copy."""
    unsuited_rule: UnsuitedRule = UnsuitedRule.AT_LEAST_THREE_DISTINCT
    """`group.unsuitedRule` (§3.2)."""
    keep_character: bool = True
    """`group.keepCharacter` (§3.2): a one-suit group only takes cards of its suit."""
    pay_valle_unsuited: int = 1
    """C1 (§4.1): a valle group (3s, 5s or 7s) of different suits."""
    pay_valle_suited: int = 2
    """C2 (§4.1): a valle group of one suit; doubled in spades, the "bong"."""
    pay_valle_suited_layoff: int = 1
    """C2 per card laid off under `pays.layoff = perCard` (§4.2, PW)."""
    pay_suited_group: int = 1
    """C3 (§4.1): a non-valle group of one suit."""
    pay_low_run: int = 1
    """C4 (§4.1): the low run A-2-3."""
    pay_high_run: int = 1
    """C5 (§4.1): the high run J-Q-K."""
    spades_double: bool = True
    """`pays.spadesDouble` (§4.1): a condition made only of spades pays double."""
    suited_noncomoquer_pays: bool = True
    """`pays.suitedNonComoquerPays` (§4.1): a one-suit ace or king group pays C3."""
    escalera: Escalera = Escalera.ENDS_AT_A_OR_K
    """`pays.escalera` (§4.1)."""
    layoff_pay: LayoffPay = LayoffPay.PER_CARD
    """`pays.layoff` (§4.2)."""
    must_claim_before_discard: bool = False
    """`pays.mustClaimBeforeDiscard` (§4.5); false: the engine pays automatically."""
    outs_base: int = 2
    """`outs.base` (§4.4): what each active opponent pays on going out, besides conditions."""
    outs_include_layoff_value: bool = False
    """`outs.includeLayoffValue` (§4.4): count lay-off chips again in the outs."""
    tops_amount: int = 1
    """`tops.amount` (§5.1): the ante into the pot; 2 is "double tops"."""
    collection_fee: int = 0
    """`collection.fee` (§5.1): the house's per-hand fee."""
    sluff_forfeit: int = 0
    """`sluff.forfeit` (§5.3): extra chips a sluffer pays (Hoyle: 2)."""
    tops_allow_split: bool = False
    """`tops.allowSplit` (§5.2): two remaining players may split the tops."""
    tops_all_sluff: AllSluff = AllSluff.CARRY_OVER
    """`tops.allSluff` (§5.2)."""
    rotation: Rotation = Rotation.COUNTERCLOCKWISE
    """`rotation` (§6.1)."""
    initial_upcard: bool = False
    """`initialUpcard` (§6.1)."""
    draw_from_discard: DrawFromDiscard = DrawFromDiscard.PRECEDING_STOCK_ONLY
    """`drawFromDiscard` (§6.2)."""
    forcing: Forcing = Forcing.MANDATORY
    """`forcing` (§6.5)."""
    split_requires_layoff: bool = False
    """`split.requiresLayoffThisTurn` (§6.4): a split must add cards in the same operation."""
    stock_exhausted: StockExhausted = StockExhausted.RESHUFFLE_DEAD
    """`stockExhausted` (§6.6)."""
    players_min: int = 2
    """`players.min` (§6.7)."""
    players_max: int = 15
    """`players.max` (§6.7)."""

    def __post_init__(self) -> None:
        # Rust checks every field (the one home of the rules, rust/pan/rules.rs); the fields then
        # take the values it read: enum members, and extra_cards as sorted cards.
        native = _core._PanRules(**{f.name: getattr(self, f.name) for f in fields(self)})
        plain = native.fields()
        for f in fields(self):
            value = plain[f.name]
            if isinstance(f.default, Enum):
                value = type(f.default)(value)
            elif f.name == "extra_cards":
                value = tuple(PanCard(c) for c in cast("list[int]", value))
            object.__setattr__(self, f.name, value)
        self.__dict__["_native"] = native  # what the cached property would build

    @cached_property
    def deck_size(self) -> int:
        """The cards of the deck these rules make (§1.1, §1.2: the packs, less the spades
        removed, and the extra cards), as the core builds it (once: every hand checks it).

        >>> PanRules().deck_size, PanRules(packs=1).deck_size
        (310, 30)
        """
        return len(_core._pan_deck(self._native, 0))

    @cached_property
    def _native(self) -> _core._PanRules:
        """The Rust ``PanRules`` these fields describe (not a field; built once)."""
        return _core._PanRules(**self._plain())

    def _plain(self) -> dict[str, Any]:
        """The fields as the Rust side takes them: enums as strings, cards as codes."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Enum):
                value = value.value
            elif f.name == "extra_cards":
                value = [c.code for c in value]
            out[f.name] = value
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        kwargs = {f.name: getattr(self, f.name) for f in fields(self)}
        return (_rules_from, (kwargs,))


def _rules_from(kwargs: dict[str, Any]) -> PanRules:
    return PanRules(**kwargs)


def native(rules: PanRules | None) -> _core._PanRules | None:
    """The Rust rules value the bindings take; None means the defaults. Anything else is a
    ``TypeError`` naming the argument (not an ``AttributeError`` from inside)."""
    if rules is None:
        return None
    if not isinstance(rules, PanRules):
        raise TypeError(f"rules: expected a splitpot.pan.PanRules, got {shown(rules)}")
    return rules._native
