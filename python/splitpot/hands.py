"""Hand categories and the numpy batch evaluators (docs/rules/poker.md §1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from splitpot import _core
from splitpot._core import HandCategory as HandCategory  # an IntEnum, built by the core
from splitpot._core import InvalidCards, SplitpotError

if TYPE_CHECKING:  # numpy is imported on first use: `import splitpot` stays fast
    import numpy as np
    import numpy.typing as npt


_CHECK_ROWS = 1 << 16
"""Rows of a non-uint8 batch checked and copied at a time: the range check's masks take
memory for this many rows, never for the whole batch."""


def _codes(a: Any, name: str) -> npt.NDArray[np.uint8]:
    """A C-contiguous uint8 array of card codes from any integer array; other dtypes are
    refused. The memory it and the core will take is estimated from the shape first."""
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
    # Working memory: our uint8 copy (none for a C-contiguous uint8 array; a broadcast or
    # strided one is copied whole), the core's checked copy of the rows, and the results.
    copy = 0 if arr.dtype == np.uint8 and arr.flags.c_contiguous else cols
    need = rows * (copy + cols + 3)
    if need > limits.BATCH_MAX_BYTES:
        raise SplitpotError(
            f"{name}: {rows} rows would need about {need / 2**30:.1f} GiB, more than the "
            f"{limits.BATCH_MAX_BYTES / 2**30:.0f} GiB a batch may use; evaluate it in chunks"
        )
    if arr.dtype == np.uint8:
        return np.ascontiguousarray(arr)  # the core checks every code and names the row
    if not np.issubdtype(arr.dtype, np.integer):
        raise InvalidCards(f"{name}: expected integer card codes 0..51, got dtype {arr.dtype}")
    out = np.empty((rows, cols), dtype=np.uint8)  # short of memory: numpy's MemoryError
    for start in range(0, rows, _CHECK_ROWS):
        block = arr[start : start + _CHECK_ROWS]
        bad = (block < 0) | (block > 51)
        if bad.any():  # the first bad code, found without an index per bad entry
            row, col = divmod(int(bad.argmax()), cols)
            raise InvalidCards(
                f"{name}: row {start + row}: invalid card code {int(block[row, col])}"
            )
        out[start : start + _CHECK_ROWS] = block
    return out


def evaluate_high_batch(cards: Any) -> npt.NDArray[np.uint16]:
    """Strengths (uint16, 1..7462) of an (n, 5|6|7) array of card codes, one hand a row.

    The batch form of :func:`~splitpot.evaluate_high`, run on every core with the GIL
    released (docs/rules/poker.md §1).

    Args:
        cards: a 2-D array or nested list of card codes (``rank * 4 + suit``: ``2c`` is 0,
            ``As`` is 51), 5, 6 or 7 distinct cards a row; uint8 is used as it is, any other
            integer dtype is checked and copied.

    Returns:
        One strength a row, larger is better, as ``evaluate_high(row).strength``.

    Raises:
        InvalidCards: not 2-D, rows of different lengths, a masked array, a code outside
            0..51, a repeated card or the wrong number of cards (the message names the row).
        SplitpotError: more rows than ``limits.BATCH_MAX_BYTES`` allows.

    >>> import numpy as np
    >>> rows = np.array([[48, 44, 40, 36, 32, 0, 1], [0, 4, 8, 12, 17, 40, 51]], np.uint8)
    >>> evaluate_high_batch(rows)                  # a royal flush; a six-high straight
    array([7462, 6110], dtype=uint16)
    """
    return _core._high_batch(_codes(cards, "cards"))


def evaluate_omaha_high_batch(hole: Any, board: Any) -> npt.NDArray[np.uint16]:
    """Omaha high strengths of (n, 4..6) hole rows against (n, 3..5) board rows.

    The batch form of :func:`~splitpot.evaluate_omaha_high`: exactly two hole cards and
    three of the board, every core, the GIL released.

    Args:
        hole: a 2-D array of card codes, 4, 5 or 6 a row (Omaha, Omaha 5, Omaha 6).
        board: a 2-D array with as many rows, 3 to 5 codes a row.

    Returns:
        uint16 strengths, 1..7462, one a row.

    Raises:
        InvalidCards: a bad shape or code, or a card repeated within a deal (the row named).

    >>> evaluate_omaha_high_batch([[50, 46, 41, 0]], [[5, 9, 13, 31, 39]])   # AhKhQd2c
    array([5854], dtype=uint16)
    """
    return _core._omaha_high_batch(_codes(hole, "hole"), _codes(board, "board"))


def evaluate_low8_batch(cards: Any) -> npt.NDArray[np.uint8]:
    """8-or-better low strengths (uint8, 1..56; 0 = no qualifying low) of (n, 5..7) rows.

    The batch form of :func:`~splitpot.evaluate_low8` (docs/rules/poker.md §1): 56 is
    A-2-3-4-5, and 0 stands for its ``None``.

    Args:
        cards: a 2-D array of card codes, 5, 6 or 7 distinct cards a row.

    Returns:
        uint8 low strengths, one a row.

    Raises:
        InvalidCards: a bad shape or code, or a repeated card (the row named).

    >>> evaluate_low8_batch([[48, 0, 4, 8, 12], [48, 44, 40, 36, 32]])   # A2345; AKQJT
    array([56,  0], dtype=uint8)
    """
    return _core._low8_batch(_codes(cards, "cards"))


def evaluate_omaha_low8_batch(hole: Any, board: Any) -> npt.NDArray[np.uint8]:
    """Omaha 8-or-better low strengths (0 = no qualifying low), exactly two hole + three board.

    Args:
        hole: a 2-D array of card codes, 4 to 6 a row.
        board: a 2-D array with as many rows, 3 to 5 codes a row.

    Returns:
        uint8 low strengths, 1..56, or 0 where no low qualifies.

    Raises:
        InvalidCards: a bad shape or code, or a card repeated within a deal (the row named).

    >>> evaluate_omaha_low8_batch([[50, 46, 41, 0]], [[5, 9, 13, 31, 39]])   # A2 + 345
    array([56], dtype=uint8)
    """
    return _core._omaha_low8_batch(_codes(hole, "hole"), _codes(board, "board"))


def evaluate_hilo_batch(cards: Any) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]:
    """High strengths and 8-or-better low strengths of (n, 5..7) rows, in one pass.

    Args:
        cards: a 2-D array of card codes, 5, 6 or 7 distinct cards a row.

    Returns:
        ``(highs, lows)``: uint16 high strengths and uint8 low strengths (0: no low).

    Raises:
        InvalidCards: a bad shape or code, or a repeated card (the row named).

    >>> evaluate_hilo_batch([[48, 0, 4, 8, 12]])                      # A-2-3-4-5
    (array([7453], dtype=uint16), array([56], dtype=uint8))
    """
    return _core._hilo_batch(_codes(cards, "cards"))


def evaluate_omaha_hilo_batch(
    hole: Any, board: Any
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]:
    """Omaha high and 8-or-better low strengths of each deal, in one pass.

    Args:
        hole: a 2-D array of card codes, 4 to 6 a row.
        board: a 2-D array with as many rows, 3 to 5 codes a row.

    Returns:
        ``(highs, lows)``: uint16 high strengths and uint8 low strengths (0: no low).

    Raises:
        InvalidCards: a bad shape or code, or a card repeated within a deal (the row named).

    >>> evaluate_omaha_hilo_batch([[50, 46, 41, 0]], [[5, 9, 13, 31, 39]])
    (array([5854], dtype=uint16), array([56], dtype=uint8))
    """
    return _core._omaha_hilo_batch(_codes(hole, "hole"), _codes(board, "board"))
