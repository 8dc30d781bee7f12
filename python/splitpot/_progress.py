"""Progress: the one ``progress`` argument of the long calls, and the bars on stderr.

The protocol (:data:`ProgressLike`), the same for :func:`splitpot.equity`,
:func:`splitpot.phh.check_files`, :func:`splitpot.simulation.simulate` and
:func:`splitpot.tables.preflop_equity`: ``True`` draws a bar on stderr; a callable is called
as ``progress(done, total)`` while the work advances (in the call's own units: files,
hands, chunks; for equity, thousandths of the work); ``False`` or ``None`` report nothing.

The bars (the CLI's ``simulate``, ``replay``, ``equity``, ``table build``) are tqdm's.

tqdm rather than rich: tqdm is one small pure-Python wheel (under 100 kB) with no
dependencies of its own, where rich brings pygments and markdown-it-py (megabytes) for
features splitpot has no use for; tqdm shows the rate and the time left as it is, and turns
itself off when its stream is not a terminal. Small enough to be a core dependency, so every
install has the same bars.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import IO, Any, Union

from tqdm import tqdm

from splitpot._core import SplitpotError
from splitpot.limits import shown

Report = Callable[[int, int], None]
"""``progress(done, total)``: the callback form of :data:`ProgressLike`."""

ProgressLike = Union[bool, Report, None]  # noqa: UP007 - a runtime alias, Python 3.10
"""The ``progress`` argument of the long calls: ``True`` (a bar on stderr), a callable
``progress(done, total)``, or ``False``/``None`` (nothing). See the module's docstring."""

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
        self,
        label: str,
        unit: str,
        stream: IO[str] | None = None,
        tty_only: bool = True,
        close_at_end: bool = False,
    ) -> None:
        self._args = (label, unit, stream, tty_only)
        self._bar: tqdm[Any] | None = None
        self._close_at_end = close_at_end

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None:
            label, unit, stream, tty_only = self._args
            self._bar = _bar(label, total, unit, stream, tty_only=tty_only)
        self._bar.update(done - self._bar.n)
        if self._close_at_end and done >= total:
            self._bar.close()

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


def report(progress: ProgressLike, label: str, unit: str) -> Report | None:
    """The ``progress(done, total)`` to call for a :data:`ProgressLike` argument: a bar of
    ``unit`` for ``True`` (it closes when the work is done), the callable itself, or
    ``None``. A bare function whose signature is wrong fails when called, as any callback;
    anything else is refused at once with a :class:`~splitpot.SplitpotError`."""
    if progress is None or progress is False:
        return None
    if progress is True:
        return Counted(label, unit, tty_only=False, close_at_end=True)
    if callable(progress):
        return progress
    raise SplitpotError(
        f"progress must be True, False, None or a function progress(done, total), "
        f"got {shown(progress)}"
    )


def fraction(progress: ProgressLike, label: str) -> Fraction | FractionReport | None:
    """The ``progress(fraction)`` the equity core calls, for a :data:`ProgressLike`: a
    percentage bar for ``True``, the callable told ``(thousandths done, 1000)``, or
    ``None``. The caller closes it (``close()``) when the work ends, done or not."""
    if progress is True:
        return Fraction(label)
    given = report(progress, label, "%")
    return None if given is None else FractionReport(given)


class FractionReport:
    """A ``progress(done, total)`` callback told a fraction, as thousandths."""

    def __init__(self, given: Report) -> None:
        self._given = given

    def __call__(self, done: float) -> None:
        self._given(round(1000 * min(max(done, 0.0), 1.0)), 1000)

    def close(self) -> None:
        pass
