"""The numpy batch evaluators under the hostile inputs of ../shared/review/reliability.md
(issue 27): H9 (the error path allocated 16 bytes per bad entry) and H10 (the memory estimate
missed the copy of a non-contiguous array, and running short aborted the process). The first
bad row is named with no allocation per bad entry, the estimate counts every copy, and an
allocation that fails is a ``MemoryError``, never an abort (docs/limits.md)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tracemalloc

import numpy as np
import pytest
import splitpot as sp
from splitpot import hands, limits

ROYAL = [48, 44, 40, 36, 32, 0, 1]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda a: sp.evaluate_high_batch(a), "cards: row 0: invalid card code -1"),
        (lambda a: sp.evaluate_hilo_batch(a), "cards: row 0: invalid card code -1"),
        (lambda a: sp.evaluate_omaha_high_batch(a[:, :4], a[:, 4:6]), "hole: row 0: invalid"),
    ],
)
def test_a_batch_of_bad_codes_names_the_first_row_without_an_index_per_entry(
    call: object, message: str
) -> None:
    # The review's input: 30 million rows of -1 that cost nothing (a broadcast scalar); the
    # error path asked 3.13 GiB for the index of every bad entry.
    bad = np.broadcast_to(np.int64(-1), (30_000_000, 7))
    tracemalloc.start()
    try:
        with pytest.raises(sp.InvalidCards, match=message):
            call(bad)  # type: ignore[operator]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # At most the counted uint8 copy of the rows (numpy reserves it, untouched), no more.
    assert peak < 30_000_000 * 7 + (16 << 20)


def test_the_first_bad_row_is_named_across_the_checked_blocks() -> None:
    rows = 2 * hands._CHECK_ROWS + 5
    cards = np.tile(np.array(ROYAL, dtype=np.int64), (rows, 1))
    cards[rows - 2, 5] = 52
    cards[rows - 1, 0] = -3
    with pytest.raises(sp.InvalidCards, match=f"cards: row {rows - 2}: invalid card code 52"):
        sp.evaluate_high_batch(cards)
    cards[rows - 2, 5], cards[rows - 1, 0] = 0, 48
    # Blocks copied whole: the same strengths as the uint8 batch, row for row.
    assert (sp.evaluate_high_batch(cards) == sp.evaluate_high_batch(cards.astype(np.uint8))).all()
    assert sp.evaluate_high_batch(cards)[0] == 7462


def test_the_estimate_counts_the_copy_of_a_non_contiguous_array() -> None:
    # 7 bytes of memory for 400 million rows: estimated at 1.4 GiB (3 bytes a row) before,
    # while the copy alone takes 2.8 GB.
    view = np.broadcast_to(np.arange(7, dtype=np.uint8) * 4, (400_000_000, 7))
    with pytest.raises(sp.SplitpotError, match=r"400000000 rows would need about 6\.3 GiB"):
        sp.evaluate_high_batch(view)
    # Just past the cap with the copy counted, and within it without: refused.
    rows = limits.BATCH_MAX_BYTES // (7 + 7 + 3) + 1
    assert rows * (7 + 3) < limits.BATCH_MAX_BYTES
    strided = np.broadcast_to(np.arange(7, dtype=np.uint8) * 4, (rows, 7))
    with pytest.raises(sp.SplitpotError, match="more than the 4 GiB a batch may use"):
        sp.evaluate_low8_batch(strided)


def test_a_small_non_contiguous_batch_is_copied_and_evaluated() -> None:
    grid = np.tile(np.array(ROYAL, dtype=np.uint8), (6, 2))  # 14 columns
    view = grid[::2, :7]  # every other row: not contiguous
    assert not view.flags.c_contiguous
    assert list(sp.evaluate_high_batch(view)) == [7462] * 3
    assert list(sp._core._high_batch(view)) == [7462] * 3  # the core copies it itself


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc: Linux")
def test_running_short_of_memory_is_a_memory_error_not_an_abort() -> None:
    # The core's result allocation failed and Rust aborted the process (SIGABRT): nothing to
    # catch. With an address-space limit just above what is in use, every batch that needs
    # more raises MemoryError and the process goes on.
    code = textwrap.dedent(
        """
        import resource, numpy as np, splitpot as sp
        from splitpot import _core

        def in_use():
            for line in open("/proc/self/status"):
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024

        rows = 30_000_000
        a = np.tile(np.array([0, 4, 8, 12, 17, 21, 25], np.uint8), (rows, 1))  # 210 MB
        sp.evaluate_hilo_batch(a[:10])  # the core's threads start before the limit
        resource.setrlimit(resource.RLIMIT_AS, (in_use() + (100 << 20), resource.RLIM_INFINITY))
        calls = [
            lambda: sp.evaluate_low8_batch(a),
            lambda: sp.evaluate_hilo_batch(a),
            lambda: sp.evaluate_omaha_hilo_batch(a[:, :4], a[:, 4:]),
            lambda: _core._high_batch(a[:, ::-1]),
            lambda: sp.evaluate_high_batch(np.broadcast_to(np.arange(7) * 4, (rows * 5, 7))),
        ]
        for call in calls:
            try:
                call()
                print("evaluated")
            except MemoryError:
                print("MemoryError")
        print(sp.evaluate_high_batch(a[:2]).tolist())  # and the process goes on
        """
    )
    # The timeout only guards the run; pass or fail is the output.
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    strength = sp.evaluate_high([0, 4, 8, 12, 17, 21, 25]).strength
    assert done.stdout == "MemoryError\n" * 5 + f"{[strength, strength]}\n"
