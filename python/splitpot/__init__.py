"""splitpot: exact, fast poker and Pan, with a Rust core.

>>> import splitpot as sp
>>> h = sp.evaluate_high("AhKhQhJhTh2c3d")
>>> h.strength, h.category.name, str(h)
(7462, 'STRAIGHT_FLUSH', 'Straight Flush, Ace high')
"""

from __future__ import annotations

import importlib as _importlib
from typing import TYPE_CHECKING, Any

from splitpot._core import (
    Card,
    CardSet,
    EquityError,
    HighHand,
    IllegalAction,
    InvalidCards,
    LowHand,
    SplitpotError,
    __version__,
    evaluate_high,
    evaluate_hilo,
    evaluate_low8,
    evaluate_omaha_high,
    evaluate_omaha_hilo,
    evaluate_omaha_low8,
)
from splitpot.hands import (
    HandCategory,
    evaluate_high_batch,
    evaluate_hilo_batch,
    evaluate_low8_batch,
    evaluate_omaha_high_batch,
    evaluate_omaha_hilo_batch,
    evaluate_omaha_low8_batch,
)

# The game-flow layer loads on first use, so `import splitpot` costs only the evaluators.
_LAZY: dict[str, str] = {
    **{m: "" for m in ("betting", "bots", "games", "hand", "pan", "phh", "pots", "table")},
    **dict.fromkeys(("BettingStructure", "FixedLimit", "NoLimit", "PotLimit"), "betting"),
    **dict.fromkeys(("demo", "play"), "tui"),
    **dict.fromkeys(("EquityResult", "PlayerEquity", "equity"), "odds"),
    **dict.fromkeys(
        (
            "CRAZY_PINEAPPLE",
            "CRAZY_PINEAPPLE_HILO",
            "GAMES",
            "HOLDEM",
            "OMAHA",
            "OMAHA_HILO",
            "Game",
            "Street",
            "Valuation",
            "game",
            "omaha",
        ),
        "games",
    ),
    **dict.fromkeys(("Hand", "HandResult", "LegalActions", "Phase", "SeatStatus"), "hand"),
    "Table": "table",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'splitpot' has no attribute {name!r}")
    value = _importlib.import_module(f"splitpot.{module or name}")
    if module:
        value = getattr(value, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


if TYPE_CHECKING:
    from splitpot import betting, bots, games, hand, pan, phh, pots, table
    from splitpot.betting import BettingStructure, FixedLimit, NoLimit, PotLimit
    from splitpot.games import (
        CRAZY_PINEAPPLE,
        CRAZY_PINEAPPLE_HILO,
        GAMES,
        HOLDEM,
        OMAHA,
        OMAHA_HILO,
        Game,
        Street,
        Valuation,
        game,
        omaha,
    )
    from splitpot.hand import Hand, HandResult, LegalActions, Phase, SeatStatus
    from splitpot.odds import EquityResult, PlayerEquity, equity
    from splitpot.table import Table
    from splitpot.tui import demo, play

__all__ = [
    "CRAZY_PINEAPPLE",
    "CRAZY_PINEAPPLE_HILO",
    "GAMES",
    "HOLDEM",
    "OMAHA",
    "OMAHA_HILO",
    "BettingStructure",
    "Card",
    "CardSet",
    "EquityError",
    "EquityResult",
    "FixedLimit",
    "Game",
    "Hand",
    "HandCategory",
    "HandResult",
    "HighHand",
    "IllegalAction",
    "InvalidCards",
    "LegalActions",
    "LowHand",
    "NoLimit",
    "Phase",
    "PlayerEquity",
    "PotLimit",
    "SeatStatus",
    "SplitpotError",
    "Street",
    "Table",
    "Valuation",
    "__version__",
    "betting",
    "bots",
    "demo",
    "equity",
    "evaluate_high",
    "evaluate_high_batch",
    "evaluate_hilo",
    "evaluate_hilo_batch",
    "evaluate_low8",
    "evaluate_low8_batch",
    "evaluate_omaha_high",
    "evaluate_omaha_high_batch",
    "evaluate_omaha_hilo",
    "evaluate_omaha_hilo_batch",
    "evaluate_omaha_low8",
    "evaluate_omaha_low8_batch",
    "game",
    "games",
    "hand",
    "omaha",
    "pan",
    "phh",
    "play",
    "pots",
    "table",
]
