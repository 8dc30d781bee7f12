"""The one guard for integer arguments: chips, counts, seats and flags.

Chips are Python ints, never ``bool`` or ``float`` (DESIGN.md: "Chips are Python ints ...
Never floats"); anything with ``__index__`` (a numpy integer) is taken as its ``int``. Each
caller passes its own exception class (``PotError``, ``EquityError``...), so the messages
and types callers document stay theirs while the check itself lives here once; by default it
is :class:`~splitpot.SplitpotError` (a ``ValueError``), the one family of bad input (issue 15).
A value in a message is cut short (:func:`splitpot.limits.shown`): a 5000-digit int cannot
even be turned into text.

>>> chips(5, "ante"), chips(3, "big_blind", positive=True)
(5, 3)
>>> chips(2.5, "ante")
Traceback (most recent call last):
...
splitpot.SplitpotError: ante must be a whole number of chips, got 2.5
>>> count(True, "samples", 1)
Traceback (most recent call last):
...
splitpot.SplitpotError: samples must be an int, got True
"""

from __future__ import annotations

import operator
from typing import SupportsIndex, cast

from splitpot._core import SplitpotError
from splitpot.limits import MAX_CHIPS, shown

__all__ = ["between", "chips", "count", "flag", "integer", "non_negative", "seat"]

Error = type[Exception]


def integer(
    value: object, what: str, *, error: Error = SplitpotError, kind: str = "an integer"
) -> int:
    """``value`` as an ``int``: ``bool``, ``float``, ``Fraction`` and text are refused with
    ``"<what> must be <kind>, got <value>"``."""
    if type(value) is int:
        return value
    if not isinstance(value, bool):
        try:
            return operator.index(cast("SupportsIndex", value))
        except TypeError:
            pass
    raise error(f"{what} must be {kind}, got {shown(value)}")


def chips(value: object, what: str, *, positive: bool = False, error: Error = SplitpotError) -> int:
    """A chip amount, ``>= 0`` (or ``> 0`` with ``positive``); the wording of the stakes."""
    amount = integer(value, what, error=error, kind="a whole number of chips")
    if amount < (1 if positive else 0):
        raise error(f"{what} must be {'> 0' if positive else '>= 0'}, got {shown(amount)}")
    if amount > MAX_CHIPS:
        raise error(f"{what} must be at most {MAX_CHIPS} chips, got {shown(amount)}")
    return amount


def non_negative(value: object, what: str, *, error: Error = SplitpotError) -> int:
    """An ``int`` of at least 0: ``"<what> must not be negative"`` (the pots' wording)."""
    number = integer(value, what, error=error)
    if number < 0:
        raise error(f"{what} must not be negative, got {shown(number)}")
    if number > MAX_CHIPS:
        raise error(f"{what} must be at most {MAX_CHIPS}, got {shown(number)}")
    return number


def seat(value: object, *, error: Error = SplitpotError) -> int:
    """A seat number: an ``int`` of at least 0."""
    return non_negative(value, "seat", error=error)


def count(
    value: object,
    what: str,
    low: int,
    *,
    most: int = MAX_CHIPS,
    error: Error = SplitpotError,
    kind: str = "an int",
) -> int:
    """An ``int`` from ``low`` to ``most`` (samples, threads, a chip unit...)."""
    number = integer(value, what, error=error, kind=kind)
    if number < low:
        raise error(f"{what} must be at least {low}, got {shown(number)}")
    if number > most:
        raise error(f"{what} must be {low} to {most}, got {shown(number)}")
    return number


def between(value: object, what: str, low: int, high: int, *, error: Error = SplitpotError) -> int:
    """An ``int`` from ``low`` to ``high``: ``"<what>: expected an int <low>..<high>"``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise error(f"{what}: expected an int {low}..{high}, got {shown(value)}")
    return value


def flag(value: object, what: str, *, error: Error = SplitpotError) -> bool:
    """A ``bool``, and only a ``bool`` (``1`` is not ``True`` here)."""
    if not isinstance(value, bool):
        raise error(f"{what} must be a bool, got {shown(value)}")
    return value
