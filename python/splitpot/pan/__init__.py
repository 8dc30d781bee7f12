"""Pan (Panguingue): cards, house rules, meld validation, conditions, the operations of a
turn and going out, with the rules of docs/rules/pan.md. The work is done in Rust (``rust/pan/``).

Cards are ``"7c"``, ``"Jh"``, ``"As"`` (ranks A 2 3 4 5 6 7 J Q K, any case); every function
that takes cards accepts a string (``"7c7d 7h"``) or an iterable of ``Card``, ``str`` or
``int`` codes, and copies of a card are allowed. Bad cards raise ``splitpot.InvalidCards``;
operations the rules forbid raise ``splitpot.IllegalAction`` with the reason.

>>> import splitpot as sp
>>> sp.pan.classify("7h Jh Qh")
<MeldKind.SEQUENCE: 'sequence'>
>>> sp.pan.go_out("5h 5h 5h 6h 6h 6h 7h 7h 7h 7h 7h").pays
5

The game: :class:`PanHand` (one hand, with :meth:`~PanHand.legal_moves`), :class:`PanTable`
(hand after hand), the bots, and the text history of :mod:`splitpot.pan.history`:

>>> hand = sp.pan.play_pan_bots(sp.pan.PanHand([20] * 6, seed=3), lambda s: sp.pan.GreedyPanBot(s))
>>> hand.is_over, sum(hand.result.final_stacks) + hand.result.carry == 120
(True, True)
"""

from splitpot.pan.bots import GreedyPanBot, RandomPanBot, play_pan_bots
from splitpot.pan.cards import Card, CardsLike, Deck, parse_cards
from splitpot.pan.game import PanHand
from splitpot.pan.melds import (
    Arrangement,
    Borrow,
    Condition,
    LayOff,
    Meld,
    MeldKind,
    NewMeld,
    Outcome,
    Split,
    Step,
    TurnPlan,
    arrange,
    borrow,
    can_place,
    classify,
    classify_many,
    condition_list,
    conditions,
    forces,
    go_out,
    go_out_with,
    is_meld,
    lay_off,
    meld,
    meld_fault,
    outs,
    split,
    turn_moves,
)
from splitpot.pan.records import (
    Claim,
    Demand,
    Discard,
    Draw,
    Move,
    PanPhase,
    PanResult,
    Play,
    Reject,
    Sluff,
    SplitTops,
    Take,
)
from splitpot.pan.rules import (
    AllSluff,
    DrawFromDiscard,
    Escalera,
    Forcing,
    LayoffPay,
    PanRules,
    Rotation,
    StockExhausted,
    UnsuitedRule,
)
from splitpot.pan.table import PanTable

__all__ = [
    "AllSluff",
    "Arrangement",
    "Borrow",
    "Card",
    "CardsLike",
    "Claim",
    "Condition",
    "Deck",
    "Demand",
    "Discard",
    "Draw",
    "DrawFromDiscard",
    "Escalera",
    "Forcing",
    "GreedyPanBot",
    "LayOff",
    "LayoffPay",
    "Meld",
    "MeldKind",
    "Move",
    "NewMeld",
    "Outcome",
    "PanHand",
    "PanPhase",
    "PanResult",
    "PanRules",
    "PanTable",
    "Play",
    "RandomPanBot",
    "Reject",
    "Rotation",
    "Sluff",
    "Split",
    "SplitTops",
    "Step",
    "StockExhausted",
    "Take",
    "TurnPlan",
    "UnsuitedRule",
    "arrange",
    "borrow",
    "can_place",
    "classify",
    "classify_many",
    "condition_list",
    "conditions",
    "forces",
    "go_out",
    "go_out_with",
    "is_meld",
    "lay_off",
    "meld",
    "meld_fault",
    "outs",
    "parse_cards",
    "play_pan_bots",
    "split",
    "turn_moves",
]
