"""Progress bars on stderr, drawn by tqdm (the CLI's ``simulate``, ``replay``, ``equity``).

tqdm rather than rich: tqdm is one small pure-Python wheel (under 100 kB) with no
dependencies of its own, where rich brings pygments and markdown-it-py (megabytes) for
features splitpot has no use for; tqdm shows the rate and the time left as it is, and turns
itself off when its stream is not a terminal. Small enough to be a core dependency, so every
install has the same bars.
"""

from __future__ import annotations

import sys
from typing import IO, Any

from tqdm import tqdm

_DELAY = 0.5
"""Seconds before a bar is drawn: a quick run shows none."""

_REDRAW = 0.1
"""Seconds at least between two redraws."""


def _bar(
    label: str, total: int, unit: str, stream: IO[str] | None, *, tty_only: bool, **kw: Any
) -> tqdm[Any]:
    return tqdm(
        total=total,
        desc=label,
        unit=unit,
        file=stream if stream is not None else sys.stderr,
        delay=_DELAY,
        mininterval=_REDRAW,
        # None: tqdm draws only when the stream is a terminal.
        disable=None if tty_only else False,
        leave=False,
        dynamic_ncols=True,
        **kw,
    )


class Counted:
    """``progress(done, total)``, the callback :func:`splitpot.phh.check_files` takes, drawn
    as a bar of ``unit`` (rate in units per second, time left)."""

    def __init__(
        self, label: str, unit: str, stream: IO[str] | None = None, tty_only: bool = True
    ) -> None:
        self._args = (label, unit, stream, tty_only)
        self._bar: tqdm[Any] | None = None

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None:
            label, unit, stream, tty_only = self._args
            self._bar = _bar(label, total, unit, stream, tty_only=tty_only)
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


class Fraction:
    """``progress(fraction)``, the callback the equity core calls, drawn as a percentage
    with the elapsed time and the time left."""

    def __init__(self, label: str, stream: IO[str] | None = None, tty_only: bool = False) -> None:
        self._bar = _bar(
            label,
            100,
            "%",
            stream,
            tty_only=tty_only,
            bar_format="{desc} {n:5.1f}%|{bar}| {elapsed}<{remaining}, {rate_fmt}",
        )

    def __call__(self, fraction: float) -> None:
        done = round(100 * min(max(fraction, 0.0), 1.0), 1)
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        self._bar.close()
