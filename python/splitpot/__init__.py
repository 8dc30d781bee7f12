"""splitpot: exact, fast poker and Pan, with a Rust core.

>>> import splitpot as sp
>>> h = sp.evaluate_high("AhKhQhJhTh2c3d")
>>> h.strength, h.category.name, str(h)
(7462, 'STRAIGHT_FLUSH', 'Straight Flush, Ace high')
"""

from __future__ import annotations

import importlib as _importlib
from typing import TYPE_CHECKING, Any

# "X as X" re-exports each name explicitly (for type checkers, as __all__ is computed);
# isort would write one import per aliased name.
# isort: off
from splitpot._core import (
    Card as Card,
    CardSet as CardSet,
    EquityError as EquityError,
    HighHand as HighHand,
    IllegalAction as IllegalAction,
    InvalidCards as InvalidCards,
    LowHand as LowHand,
    RazzLow as RazzLow,
    SplitpotError as SplitpotError,
    __version__ as __version__,
    evaluate_high as evaluate_high,
    evaluate_high_strength as evaluate_high_strength,
    evaluate_hilo as evaluate_hilo,
    evaluate_low8 as evaluate_low8,
    evaluate_omaha_high as evaluate_omaha_high,
    evaluate_omaha_hilo as evaluate_omaha_hilo,
    evaluate_omaha_low8 as evaluate_omaha_low8,
    evaluate_razz as evaluate_razz,
)
from splitpot.hands import (
    HandCategory as HandCategory,
    evaluate_high_batch as evaluate_high_batch,
    evaluate_hilo_batch as evaluate_hilo_batch,
    evaluate_low8_batch as evaluate_low8_batch,
    evaluate_omaha_high_batch as evaluate_omaha_high_batch,
    evaluate_omaha_hilo_batch as evaluate_omaha_hilo_batch,
    evaluate_omaha_low8_batch as evaluate_omaha_low8_batch,
)
# isort: on

# Every public name by the module it comes from: the one list that __getattr__, __dir__ and
# __all__ read (tests/test_package.py checks the imports above and below against it). The
# evaluators load with the package; the game flow on first use, so `import splitpot` stays fast.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "_core": (
        "Card",
        "CardSet",
        "EquityError",
        "HighHand",
        "IllegalAction",
        "InvalidCards",
        "LowHand",
        "RazzLow",
        "SplitpotError",
        "__version__",
        "evaluate_high",
        "evaluate_high_strength",
        "evaluate_hilo",
        "evaluate_low8",
        "evaluate_omaha_high",
        "evaluate_omaha_hilo",
        "evaluate_omaha_low8",
        "evaluate_razz",
    ),
    "hands": (
        "HandCategory",
        "evaluate_high_batch",
        "evaluate_hilo_batch",
        "evaluate_low8_batch",
        "evaluate_omaha_high_batch",
        "evaluate_omaha_hilo_batch",
        "evaluate_omaha_low8_batch",
    ),
    "betting": ("BettingStructure", "FixedLimit", "NoLimit", "PotLimit"),
    "games": (
        "CRAZY_PINEAPPLE",
        "CRAZY_PINEAPPLE_HILO",
        "GAMES",
        "HOLDEM",
        "OMAHA",
        "OMAHA_HILO",
        "RAZZ",
        "SEVEN_CARD_STUD",
        "SEVEN_CARD_STUD_HILO",
        "Game",
        "Street",
        "Valuation",
        "game",
        "omaha",
    ),
    "hand": ("Hand", "HandResult", "LegalActions", "Phase", "SeatStatus"),
    "odds": ("EquityResult", "PlayerEquity", "equity", "range_hands"),
    "icm": ("icm_equity",),
    "table": ("BuyIn", "Clock", "Table"),
    "tournament": ("Level", "Tournament"),
    "tui": ("demo", "play"),
}
_EAGER = ("_core", "hands")
_SUBMODULES = (
    "betting",
    "bots",
    "games",
    "hand",
    "icm",
    "ohh",
    "pan",
    "phh",
    "pots",
    "table",
    "tables",
    "tournament",
)
"""Modules served as attributes: ``sp.phh.load(...)``."""

_LAZY: dict[str, str] = {
    **{m: "" for m in _SUBMODULES},
    **{n: m for m, names in _EXPORTS.items() if m not in _EAGER for n in names},
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
    # isort: off
    from splitpot import (
        betting as betting,
        bots as bots,
        games as games,
        hand as hand,
        icm as icm,
        ohh as ohh,
        pan as pan,
        phh as phh,
        pots as pots,
        table as table,
        tables as tables,
        tournament as tournament,
    )
    from splitpot.betting import (
        BettingStructure as BettingStructure,
        FixedLimit as FixedLimit,
        NoLimit as NoLimit,
        PotLimit as PotLimit,
    )
    from splitpot.games import (
        CRAZY_PINEAPPLE as CRAZY_PINEAPPLE,
        CRAZY_PINEAPPLE_HILO as CRAZY_PINEAPPLE_HILO,
        GAMES as GAMES,
        HOLDEM as HOLDEM,
        OMAHA as OMAHA,
        OMAHA_HILO as OMAHA_HILO,
        RAZZ as RAZZ,
        SEVEN_CARD_STUD as SEVEN_CARD_STUD,
        SEVEN_CARD_STUD_HILO as SEVEN_CARD_STUD_HILO,
        Game as Game,
        Street as Street,
        Valuation as Valuation,
        game as game,
        omaha as omaha,
    )
    from splitpot.hand import (
        Hand as Hand,
        HandResult as HandResult,
        LegalActions as LegalActions,
        Phase as Phase,
        SeatStatus as SeatStatus,
    )
    from splitpot.odds import (
        EquityResult as EquityResult,
        PlayerEquity as PlayerEquity,
        equity as equity,
        range_hands as range_hands,
    )
    from splitpot.icm import (
        icm_equity as icm_equity,
    )
    from splitpot.table import (
        BuyIn as BuyIn,
        Clock as Clock,
        Table as Table,
    )
    from splitpot.tournament import (
        Level as Level,
        Tournament as Tournament,
    )
    from splitpot.tui import (
        demo as demo,
        play as play,
    )
    # isort: on

__all__ = sorted([*_SUBMODULES, *(name for names in _EXPORTS.values() for name in names)])
