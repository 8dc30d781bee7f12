"""splitpot: exact, fast poker and Pan, with a Rust core.

>>> import splitpot as sp
>>> h = sp.evaluate_high("AhKhQhJhTh2c3d")
>>> h.strength, h.category.name, str(h)
(7462, 'STRAIGHT_FLUSH', 'Straight Flush, Ace high')
"""

from splitpot._core import (
    Card,
    CardSet,
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

__all__ = [
    "Card",
    "CardSet",
    "HandCategory",
    "HighHand",
    "IllegalAction",
    "InvalidCards",
    "LowHand",
    "SplitpotError",
    "__version__",
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
]
