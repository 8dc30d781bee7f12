"""Typed access to an OHH hand's JSON fields: each wrong type, missing field or amount that
is not whole in the unit is an :class:`~splitpot.ohh.OHHError` naming the field's path
(``rounds[1].actions[0].amount``), the value cut short and what was wanted."""

from __future__ import annotations

import decimal
from decimal import Decimal
from typing import Any, NoReturn

from splitpot._core import Card
from splitpot.cards import card_codes
from splitpot.limits import PHH_MAX_AMOUNT_DIGITS, shown
from splitpot.ohh.errors import OHHError, UnsupportedOHH

_MISSING = object()
_WHOLE = 10**PHH_MAX_AMOUNT_DIGITS
_EXACT = decimal.Context(prec=4 * PHH_MAX_AMOUNT_DIGITS)  # every quotient of bounded amounts
_CARD_CACHE: dict[str, str] = {}


class Fields:
    """The hand being read: where errors point (``source``, the hand's number in the file and
    its ``game_number`` once known) and the chip ``unit`` its amounts are read in."""

    def __init__(self, source: str | None, number: int | None) -> None:
        self.source = source
        self.number = number
        self.game_number: str | None = None
        self.unit = Decimal(1)

    def fail(self, reason: str) -> OHHError:
        return OHHError(reason, source=self.source, hand=self.number, game_number=self.game_number)

    def unsupported(self, reason: str) -> UnsupportedOHH:
        return UnsupportedOHH(
            reason, source=self.source, hand=self.number, game_number=self.game_number
        )

    def _wrong(self, path: str, want: str, value: object) -> NoReturn:
        raise self.fail(f"field {path!r} must be {want}, got {shown(value)}")

    def _value(self, obj: dict[str, Any], key: str, path: str, default: object) -> Any:
        value = obj.get(key, _MISSING)
        if value is _MISSING or (value is None and default is not _MISSING):
            if default is _MISSING:
                raise self.fail(f"missing field {path + key!r}")
            return default
        return value

    # ------------------------------------------------------------------ JSON types

    def text(
        self, obj: dict[str, Any], key: str, path: str = "", default: object = _MISSING
    ) -> Any:
        value = self._value(obj, key, path, default)
        if not isinstance(value, str) and value is not default:
            self._wrong(path + key, "a string", value)
        return value

    def integer(
        self, obj: dict[str, Any], key: str, path: str = "", default: object = _MISSING
    ) -> Any:
        value = obj.get(key)
        if type(value) is int and 0 <= value < 1_000_000_000:
            return value  # the common case, at once
        value = self._value(obj, key, path, default)
        if value is default and default is not _MISSING:
            return value
        if type(value) is not int or not 0 <= value < 10**9:
            self._wrong(path + key, "a whole number from 0 to 999999999", value)
        return value

    def flag(
        self, obj: dict[str, Any], key: str, path: str = "", default: object = _MISSING
    ) -> Any:
        value = self._value(obj, key, path, default)
        if not isinstance(value, bool) and value is not default:
            self._wrong(path + key, "true or false", value)
        return value

    def array(
        self, obj: dict[str, Any], key: str, path: str = "", default: object = _MISSING
    ) -> Any:
        value = self._value(obj, key, path, default)
        if not isinstance(value, list) and value is not default:
            self._wrong(path + key, "an array", value)
        return value

    def table(
        self, obj: dict[str, Any], key: str, path: str = "", default: object = _MISSING
    ) -> Any:
        value = self._value(obj, key, path, default)
        if not isinstance(value, dict) and value is not default:
            self._wrong(path + key, "an object", value)
        return value

    def objects(self, obj: dict[str, Any], key: str, path: str = "") -> list[dict[str, Any]]:
        """An array of objects (``players``, ``rounds``...); missing or ``null``: none."""
        values = self.array(obj, key, path, [])
        for i, v in enumerate(values):
            if not isinstance(v, dict):
                self._wrong(f"{path}{key}[{i}]", "an object", v)
        return values  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ amounts

    def decimal(
        self, obj: dict[str, Any], key: str, path: str = "", default: object = _MISSING
    ) -> Any:
        """A JSON number as an exact :class:`~decimal.Decimal` (``None`` for ``default``)."""
        value = self._value(obj, key, path, default)
        if value is default and default is not _MISSING:
            return value
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            self._wrong(path + key, "a number", value)
        number = Decimal(value)
        # At most PHH_MAX_AMOUNT_DIGITS digits before the point (1e999999999 is a short JSON
        # number), checked before any arithmetic; digits after it make the amount finer than
        # the unit, which the division (exact: a JSON number has at most _NUMBER_CHARS) shows.
        if not number.is_finite() or number < 0 or number.adjusted() >= PHH_MAX_AMOUNT_DIGITS:
            self._wrong(
                path + key, f"a number >= 0 of at most {PHH_MAX_AMOUNT_DIGITS} digits", value
            )
        return number

    def units(
        self, obj: dict[str, Any], key: str, path: str = "", *, required: bool = False
    ) -> int:
        """A played amount (a stack, a blind, a bet) as a whole number of :attr:`unit`\\ s
        (missing or ``null``: 0, unless ``required``): an amount finer than the unit is
        refused, never rounded."""
        value = obj.get(key)
        if type(value) is int and 0 <= value < _WHOLE and self.unit == 1:
            return value  # chips, the common case, at once
        number = self.decimal(obj, key, path, _MISSING if required else Decimal(0))
        count = _EXACT.divide(number, self.unit)
        if count != count.to_integral_value():
            raise self.fail(
                f"{path + key} is {number}, finer than the chip unit {self.unit} this hand is "
                f"read in (ohh.loads(..., unit=...) reads finer amounts)"
            )
        return int(count)

    def result_units(self, obj: dict[str, Any], key: str, path: str = "") -> int | Decimal:
        """An amount of the result (a pot, a win, the rake) in :attr:`unit`\\ s: whole, or
        exactly the fraction (a split pot's half chip, as PHH's ``finishing_stacks`` keep it),
        which :func:`splitpot.phh.compare` reports as an odd chip or a mismatch."""
        count = _EXACT.divide(self.decimal(obj, key, path, Decimal(0)), self.unit)
        return int(count) if count == count.to_integral_value() else count.normalize()

    # ------------------------------------------------------------------ cards

    def cards(self, obj: dict[str, Any], key: str, path: str) -> list[str]:
        """Card strings (spec "card_string": rank then suit, ``As``); ``""``, ``null`` or a
        missing field is no card (the spec's own examples write ``"cards": ""``)."""
        value = obj.get(key)
        if value is None or value == "":
            return []
        if not isinstance(value, list):
            self._wrong(path + key, "an array of cards", value)
        out = []
        for i, card in enumerate(value):
            name = _CARD_CACHE.get(card) if isinstance(card, str) else None
            if name is None:
                name = self._card(card, f"{path}{key}[{i}]")
            out.append(name)
        return out

    def _card(self, card: object, path: str) -> str:
        if isinstance(card, str) and len(card) == 2 and card.isascii():
            try:
                [code] = card_codes(card)
            except ValueError:
                pass
            else:
                name = str(Card(code))  # the canonical name: "as" and "AS" are "As"
                if len(_CARD_CACHE) < 1024:
                    _CARD_CACHE[card] = name
                return name
        self._wrong(path, "a card: a rank 2-9TJQKA then a suit cdhs, as 'As'", card)


def _bounded(number: Decimal) -> bool:
    """At most :data:`~splitpot.limits.PHH_MAX_AMOUNT_DIGITS` digits before and after the
    point, checked before any arithmetic (``1e999999999`` is a short JSON number)."""
    digits = number.as_tuple()
    exponent = int(digits.exponent)
    return max(len(digits.digits) + exponent, -exponent) <= PHH_MAX_AMOUNT_DIGITS
