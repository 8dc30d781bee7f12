"""Hand categories and the numpy batch evaluators (docs/rules/poker.md §1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from splitpot import _core
from splitpot._core import HandCategory as HandCategory  # an IntEnum, built by the core
from splitpot._core import InvalidCards, SplitpotError

if TYPE_CHECKING:  # numpy is imported on first use: `import splitpot` stays fast
    import numpy as np
    import numpy.typing as npt


def _codes(a: Any, name: str) -> npt.NDArray[np.uint8]:
    """A 2-D uint8 array of card codes from any integer array; other dtypes are refused."""
    import numpy as np

    from splitpot import limits  # on first use, as numpy: `import splitpot` stays small

    if isinstance(a, np.ma.MaskedArray):  # a mask cannot be honoured: every row is evaluated
        raise InvalidCards(f"{name}: a masked array; give the rows to evaluate (a.compressed())")
    try:
        arr = np.asarray(a)
    except ValueError:  # numpy's own error for ragged rows (issue 15, L-4)
        raise InvalidCards(f"{name}: rows of different lengths; give one hand a row") from None
    if arr.ndim != 2:
        raise InvalidCards(f"{name}: expected a 2-D array (one hand a row), got shape {arr.shape}")
    rows, cols = arr.shape
    # Working memory: a checked uint8 copy and its mask (none for uint8), and the results.
    need = rows * ((0 if arr.dtype == np.uint8 else 2 * cols) + 3)
    if need > limits.BATCH_MAX_BYTES:
        raise SplitpotError(
            f"{name}: {rows} rows would need about {need / 2**30:.1f} GiB, more than the "
            f"{limits.BATCH_MAX_BYTES / 2**30:.0f} GiB a batch may use; evaluate it in chunks"
        )
    if arr.dtype == np.uint8:
        return np.ascontiguousarray(arr)
    if not np.issubdtype(arr.dtype, np.integer):
        raise InvalidCards(f"{name}: expected integer card codes 0..51, got dtype {arr.dtype}")
    bad = (arr < 0) | (arr > 51)
    if bad.any():
        row, col = (int(i) for i in np.argwhere(bad)[0])
        raise InvalidCards(f"{name}: row {row}: invalid card code {int(arr[row, col])}")
    return np.ascontiguousarray(arr, dtype=np.uint8)


def evaluate_high_batch(cards: Any) -> npt.NDArray[np.uint16]:
    """Strengths (uint16, 1..7462) of an (n, 5|6|7) array of card codes, one hand a row."""
    return _core._high_batch(_codes(cards, "cards"))


def evaluate_omaha_high_batch(hole: Any, board: Any) -> npt.NDArray[np.uint16]:
    """Omaha high strengths of (n, 4..6) hole rows against (n, 3..5) board rows."""
    return _core._omaha_high_batch(_codes(hole, "hole"), _codes(board, "board"))


def evaluate_low8_batch(cards: Any) -> npt.NDArray[np.uint8]:
    """8-or-better low strengths (uint8, 1..56; 0 = no qualifying low) of (n, 5..7) rows."""
    return _core._low8_batch(_codes(cards, "cards"))


def evaluate_omaha_low8_batch(hole: Any, board: Any) -> npt.NDArray[np.uint8]:
    """Omaha 8-or-better low strengths (0 = no qualifying low), exactly two hole + three board."""
    return _core._omaha_low8_batch(_codes(hole, "hole"), _codes(board, "board"))


def evaluate_hilo_batch(cards: Any) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]:
    """High strengths and 8-or-better low strengths of (n, 5..7) rows, in one pass."""
    return _core._hilo_batch(_codes(cards, "cards"))


def evaluate_omaha_hilo_batch(
    hole: Any, board: Any
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]:
    """Omaha high and 8-or-better low strengths of each deal, in one pass."""
    return _core._omaha_hilo_batch(_codes(hole, "hole"), _codes(board, "board"))
