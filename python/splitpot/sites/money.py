"""Amounts as the sites write them, to integer units and back, exactly (never floats).

A cash game's unit is the cent (0.01 of the currency), a tournament's the chip: 1.
``units("$1,000.50", Decimal("0.01"))`` is 100050. An amount finer than the unit is an error,
not rounded."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from splitpot.limits import PHH_MAX_AMOUNT_DIGITS

CENT = Decimal("0.01")
CHIP = Decimal(1)

_ASCII_DIGITS = re.compile("[0-9]+")  # str.isdigit() takes other scripts' digits too
_NUMBER = re.compile(r"[0-9][0-9,.' \u00a0\u202f]*")
# Most amounts: a sign (no minus), digits and their decimals to the end (``$0.25``, ``1500``),
# read without Decimal (:func:`_plain`); the others take the whole way.
_PLAIN = re.compile(r"[^0-9-]*([0-9]{1,18})(?:\.([0-9]{1,18}))?")
_PLACES = {CENT: (2, 100), CHIP: (0, 1)}  # a unit's decimals, and the units in one


class AmountError(ValueError):
    """Not an amount, or finer than the unit: the readers turn it into a SiteError."""


class NegativeAmount(AmountError):
    """An amount written with a minus sign (``-6.10€``): no site's amount is negative, so
    the text contradicts itself (the readers make it a DamagedHand)."""


def units(text: str, unit: Decimal, *, decimal: str = ".") -> int:
    """``text`` (``$0.25``, ``1,500``, ``0,02€``, ``Rs.1``, ``₹136.50``) in ``unit``\\ s.

    The number starts at the first digit, so a symbol written before it (``Rs.``) is not read
    as a decimal point. ``decimal`` is the site's decimal separator; the other separators
    (``,`` ``'`` and spaces) group thousands.

    >>> units("$1,000.50", CENT), units("0,02€", CENT, decimal=","), units("1 500", CHIP)
    (100050, 2, 1500)
    """
    plain = _plain(text, unit, decimal)
    if plain is not None:
        return plain
    found = _NUMBER.search(text)
    if found is None:
        raise AmountError(f"{text!r} is not an amount")
    if text[: found.start()].rstrip().endswith("-"):
        raise NegativeAmount(f"{text!r} is negative")
    digits = found.group().rstrip(" ,.'\u00a0\u202f")
    if decimal == ",":
        whole, _, fraction = digits.rpartition(",")
        if not whole or (len(fraction) == 3 and "." not in digits):
            whole, fraction = digits, ""
    else:
        whole, _, fraction = digits.rpartition(".")
        if not whole:
            whole, fraction = digits, ""
    whole = re.sub(r"[,.' \u00a0\u202f]", "", whole)
    if not whole or not _ASCII_DIGITS.fullmatch(whole + fraction):
        raise AmountError(f"{text!r} is not an amount")
    if len(whole) + len(fraction) > PHH_MAX_AMOUNT_DIGITS:
        raise AmountError(f"{text!r} has more than {PHH_MAX_AMOUNT_DIGITS} digits")
    try:
        value = Decimal(f"{whole}.{fraction or 0}") / unit
    except InvalidOperation:  # pragma: no cover - the digits were checked
        raise AmountError(f"{text!r} is not an amount") from None
    if value != value.to_integral_value():
        raise AmountError(f"{text!r} is finer than the unit {unit}")
    return int(value)


def _plain(text: str, unit: Decimal, decimal: str) -> int | None:
    """``units(text, unit)`` of a plain amount in a unit of a cent or a chip, by integers
    (what the Decimal way gives, to the unit: at most 36 digits); None for any other text,
    or one finer than the unit (the whole way then names the fault)."""
    known = _PLACES.get(unit)
    if known is None or decimal != ".":
        return None
    found = _PLAIN.fullmatch(text)
    if found is None:
        return None
    places, scale = known
    whole, fraction = found.groups()
    if fraction is None:
        return int(whole) * scale
    kept, finer = fraction[:places], fraction[places:]
    if finer.strip("0"):
        return None
    return int(whole) * scale + int(kept.ljust(places, "0") or "0")


def shown_amount(amount: int, unit: Decimal, symbol: str = "") -> str:
    """``amount`` units written back as the site would: ``shown_amount(100050, CENT, "$")``
    is ``$1000.50``; whole amounts of a cent unit keep no decimals (``$2``), as PokerStars
    writes them.

    >>> shown_amount(100050, CENT, "$"), shown_amount(200, CENT, "$"), shown_amount(1500, CHIP)
    ('$1000.50', '$2', '1500')
    """
    value = amount * unit
    if value == value.to_integral_value():
        return f"{symbol}{int(value)}"
    places = max(0, -int(unit.as_tuple().exponent))
    return f"{symbol}{value:.{places}f}"
