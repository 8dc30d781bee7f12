"""Amounts as the replayer writes them: chips, or money exactly (``_site_unit``).

A history read from a poker site carries integer amounts in the site's smallest unit and the
user field ``_site_unit`` (``"0.01"``: one chip is 0.01 of ``currency``). Money is computed with
:class:`~decimal.Decimal` from those integers, never with floats.

>>> money = Amounts(unit="0.01", symbol="$")
>>> money(12345), money(100), money.signed(-5)
('$123.45', '$1.00', '-$0.05')
>>> money(10**29 + 1)
'$1000000000000000000000000000.01'
>>> Amounts()(1500), Amounts().signed(20)
('1500', '+20')
>>> Amounts(unit="0.01", code="EUR")(250)
'2.50 EUR'
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation, localcontext

from splitpot._core import SplitpotError
from splitpot.limits import shown


class Amounts:
    """Formats an integer amount: chips as they are, or money in ``unit`` steps of a currency
    shown by ``symbol`` (``"$1.25"``) or else by its ``code`` (``"1.25 USD"``)."""

    def __init__(
        self, *, unit: str | None = None, symbol: str | None = None, code: str | None = None
    ) -> None:
        self.unit: Decimal | None = None
        self.places = 0
        if unit is not None:
            try:
                value = Decimal(unit)
            except (InvalidOperation, TypeError, ValueError):
                value = Decimal(-1)
            if not value.is_finite() or value <= 0:
                raise SplitpotError(f"_site_unit must be a positive decimal, got {shown(unit)}")
            self.unit = value
            exponent = value.normalize().as_tuple().exponent
            self.places = max(0, -exponent) if isinstance(exponent, int) else 0
        self.symbol = symbol
        self.code = code

    @classmethod
    def of(
        cls, user_fields: dict[str, object], currency: str | None, symbol: str | None
    ) -> Amounts:
        """The formatter for a history's fields: money when it has ``_site_unit``."""
        unit = user_fields.get("_site_unit")
        if unit is None:
            return cls()
        return cls(unit=str(unit), symbol=symbol, code=None if symbol else currency)

    @property
    def is_money(self) -> bool:
        return self.unit is not None

    def __call__(self, amount: int) -> str:
        if self.unit is None:
            return str(amount)
        # Exact: the context holds every digit of the product (30-digit amounts, issue 15).
        with localcontext() as ctx:
            ctx.prec = len(str(amount)) + len(self.unit.as_tuple().digits) + 2
            text = f"{Decimal(amount) * self.unit:.{self.places}f}"
        if self.symbol:
            return f"{self.symbol}{text}"
        return f"{text} {self.code}" if self.code else text

    def signed(self, amount: int) -> str:
        """With its sign: ``+20``, ``-$0.05``."""
        sign = "-" if amount < 0 else "+"
        return sign + self(abs(amount))
