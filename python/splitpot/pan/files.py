"""Pan history files beside PHH ones: telling them apart, and checking a Pan file's hands.

``splitpot simulate --game pan`` writes Pan histories (:mod:`splitpot.pan.history`) to a
``.phhs`` file, the suffix PHH uses for many hands, because the format is TOML in the spirit
of PHH. The commands that read histories (``replay``, ``show``, ``convert``) ask
:func:`is_pan_file` first and read a Pan file with :mod:`splitpot.pan.history`.
"""

from __future__ import annotations

import dataclasses
import os
import re
import stat

from splitpot._core import SplitpotError
from splitpot.pan.history import PanHistory, PanHistoryError, loads_all, replay
from splitpot.phh.compare import Outcome
from splitpot.phh.errors import PHHError
from splitpot.phh.toml_io import _read

__all__ = ["check_file", "histories", "is_pan_file", "is_pan_text", "render_text"]

_SNIFF_BYTES = 64 * 1024
"""How much of a file :func:`is_pan_file` reads: the first hand's ``variant`` comes early."""

_VARIANT = re.compile(r'^\s*variant\s*=\s*["\']([^"\']*)["\']', re.MULTILINE)


def is_pan_text(text: str) -> bool:
    """Whether a history text is Pan: its first ``variant`` key is ``"pan"`` (a PHH hand's
    is a PHH code such as ``"NT"``, never ``"pan"``).

    >>> is_pan_text('[1]\\nvariant = "pan"\\nseed = 1'), is_pan_text('variant = "NT"')
    (True, False)
    """
    found = _VARIANT.search(text)
    return found is not None and found.group(1) == "pan"


def is_pan_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a ``.phh``/``.phhs`` file of Pan histories (see
    :func:`is_pan_text`). A file that cannot be read is not Pan: its reader reports why."""
    if not os.fspath(path).endswith((".phh", ".phhs")):
        return False
    try:
        # Non-blocking, as the PHH reader opens: a FIFO named x.phhs opens at once, and is
        # left to that reader to refuse.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return False
            return is_pan_text(f.read(_SNIFF_BYTES).decode("utf-8", errors="replace"))
    except OSError:
        return False


def check_file(path: str | os.PathLike[str]) -> list[Outcome]:
    """Replay every hand of a Pan history file and compare its finishing stacks: one
    :class:`~splitpot.phh.Outcome` a hand, ``"match"``, ``"mismatch"`` (the replay ends
    with other stacks), ``"unchecked"`` (no finishing stacks: an unfinished hand) or
    ``"error"`` (a hand that cannot be read or breaks a rule), its ``variant`` ``"pan"``.
    A file that cannot be read or parsed is one ``"error"`` outcome; never raises.
    """
    name = os.fspath(path)
    try:
        records = histories(name)
    except OSError as e:
        return [Outcome(name, "error", f"{name}: {e.strerror or e}", "pan")]
    except SplitpotError as e:
        return [Outcome(name, "error", str(e), "pan")]
    return [_check(record, f"{name}[{i}]") for i, record in enumerate(records, 1)]


def _check(record: PanHistory, source: str) -> Outcome:
    try:
        hand = replay(dataclasses.replace(record, finishing_stacks=None))
    except SplitpotError as e:
        return Outcome(source, "error", f"{source}: {e}", "pan")
    if record.finishing_stacks is None:
        return Outcome(source, "unchecked", "", "pan")
    if not hand.is_over:
        return Outcome(
            source, "mismatch", f"{source}: finishing_stacks given but the hand is not over", "pan"
        )
    got = tuple(hand.result.final_stacks[s] or 0 for s in record.seat_of)
    if len(record.finishing_stacks) != len(got):
        detail = f"{source}: {len(record.finishing_stacks)} finishing_stacks for {len(got)} players"
        return Outcome(source, "error", detail, "pan")
    for k, (want, have) in enumerate(zip(record.finishing_stacks, got, strict=True)):
        if want != have:
            detail = f"{source}: mismatch: p{k + 1} finishes with {have}, the history says {want}"
            return Outcome(source, "mismatch", detail, "pan")
    return Outcome(source, "match", "", "pan")


def histories(path: str | os.PathLike[str]) -> list[PanHistory]:
    """Every hand of a Pan history file, in order. Raises
    :class:`~splitpot.pan.history.PanHistoryError` naming the file for one that does not
    parse (``OSError`` when it cannot be opened)."""
    name = os.fspath(path)
    try:
        text, _ = _read(name)  # the PHH reader's limits: a regular file, of bounded size
        return loads_all(text)
    except (PanHistoryError, PHHError) as e:
        raise PanHistoryError(f"{name}: {e}") from None


def render_text(record: PanHistory) -> str:
    """One hand replayed and told turn by turn (:func:`splitpot.pan.text.render`); raises
    :class:`~splitpot.pan.history.PanHistoryError` for a hand that does not replay."""
    from splitpot.pan.text import render

    return render(replay(record))
