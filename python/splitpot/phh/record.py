"""The PHH record: :class:`HandHistory`, one attribute per field of the spec, and the lists
of field names (spec "Required Fields", "Optional Fields")."""

from __future__ import annotations

import dataclasses
import datetime
import operator
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import chain
from typing import TYPE_CHECKING, Any, Union

from splitpot.limits import PHH_MAX_ACTIONS, PHH_MAX_AMOUNT_DIGITS, PHH_MAX_SEATS, shown
from splitpot.phh.errors import PHHError
from splitpot.phh.write import RUNOUT_COUNT, _from_hand, _toml_dumps

if TYPE_CHECKING:
    from splitpot.hand import Hand


Number = Union[int, Decimal]  # noqa: UP007 - a runtime alias
"""A PHH amount: an int, or a :class:`~decimal.Decimal` for a TOML float."""


_STRUCTURE_FIELDS = {
    "F": ("small_bet", "big_bet"),
    "P": ("min_bet",),
    "N": ("min_bet",),
}
_REQUIRED: dict[str, tuple[str, ...]] = {
    code: ("antes", "blinds_or_straddles", *_STRUCTURE_FIELDS[code[0]])
    for code in ("FT", "NT", "NS", "PO", "FO/8", "N2L1D", "F2L3D", "FB")
}
_REQUIRED.update(
    {code: ("antes", "bring_in", "small_bet", "big_bet") for code in ("F7S", "F7S/8", "FR")}
)


_SPEC_OPTIONAL = tuple(
    (
        "author event url venue address city region postal_code country time time_zone "
        "time_zone_abbreviation day month year hand level seats seat_count table players "
        "finishing_stacks winnings currency currency_symbol ante_trimming_status "
        "time_limit time_banks"
    ).split()
)
_SPEC_REQUIRED = tuple(
    (
        "variant antes blinds_or_straddles bring_in small_bet big_bet min_bet "
        "starting_stacks actions"
    ).split()
)
_FIELD_ORDER = ("variant", "ante_trimming_status", *_SPEC_REQUIRED[1:], *_SPEC_OPTIONAL[:-3])
_FIELD_ORDER += ("time_limit", "time_banks")
_STRINGS = tuple(
    (
        "author event url venue address city region postal_code country time_zone "
        "time_zone_abbreviation currency currency_symbol"
    ).split()
)
_INTS = ("day", "month", "year", "level", "seat_count")
_SCALAR_AMOUNTS = ("bring_in", "small_bet", "big_bet", "min_bet", "time_limit")
# Every such field at once, in C: the loops below run only to name a wrong one.
_STRINGS_OF = operator.attrgetter(*_STRINGS)
_INTS_OF = operator.attrgetter(*_INTS)
_STR_OR_NONE = {str, type(None)}
_INT_OR_NONE = {int, type(None)}


@dataclass(kw_only=True)
class HandHistory:
    """One hand in the PHH format: the spec's fields, by name (spec "Specification").

    Required (spec "Required Fields"; which ones depends on the variant): ``variant``,
    ``antes``, ``blinds_or_straddles`` (blind games), ``bring_in`` (stud), ``small_bet`` and
    ``big_bet`` (fixed limit), ``min_bet`` (pot and no limit), ``starting_stacks``,
    ``actions``. Optional (spec "Optional Fields"): event data (``author``, ``event``,
    ``url``, ``venue``, ``address``, ``city``, ``region``, ``postal_code``, ``country``,
    ``time``, ``time_zone``, ``time_zone_abbreviation``, ``day``, ``month``, ``year``,
    ``hand``, ``level``, ``table``), ``seats``, ``seat_count``, ``players``,
    ``finishing_stacks``, ``winnings``, ``currency``, ``currency_symbol``,
    ``ante_trimming_status`` (default ``False``), ``time_limit``, ``time_banks``.
    ``user_fields`` holds the fields starting with ``_`` (spec "User-defined Fields") and
    any other field the spec does not name, as read. ``source`` (not a PHH field) names the
    file in error messages.

    Values are checked when the record is made: a list per player must have one entry per
    player of ``starting_stacks``; amounts are ``int`` or :class:`~decimal.Decimal`, >= 0.
    A value that breaks them raises :class:`~splitpot.phh.PHHError` naming the field.
    :func:`~splitpot.phh.loads` reads one, :meth:`from_hand` makes one of a splitpot hand,
    :meth:`dumps` writes it.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.fold()
    >>> hh = HandHistory.from_hand(hand)
    >>> hh.variant, hh.actions, hh.finishing_stacks
    ('NT', ['d dh p1 4cAc', 'd dh p2 Jc3c', 'p2 f'], [101, 99])
    >>> HandHistory(variant="NT", antes=[0, 0], starting_stacks=[100], actions=["p1 f"])
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    splitpot.phh.errors.PHHError: <string>: field 'antes' has 2 entries; starting_stacks has 1 ...
    """

    variant: str
    antes: list[Number]
    starting_stacks: list[Number]
    actions: list[str]
    blinds_or_straddles: list[Number] | None = None
    bring_in: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    min_bet: Number | None = None
    ante_trimming_status: bool = False
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: datetime.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: int | str | None = None
    level: int | None = None
    seats: list[int] | None = None
    seat_count: int | None = None
    table: int | str | None = None
    players: list[str] | None = None
    finishing_stacks: list[Number] | None = None
    winnings: list[Number] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    time_limit: Number | None = None
    time_banks: list[Number] | None = None
    user_fields: dict[str, Any] = field(default_factory=dict)
    source: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        self._check()

    # ------------------------------------------------------------------ validation

    def _fail(self, reason: str) -> PHHError:
        return PHHError(reason, source=self.source)

    def _check(self) -> None:
        if not isinstance(self.variant, str):
            raise self._fail(f"field 'variant' must be a string, got {shown(self.variant)}")
        stacks = self.starting_stacks
        if not isinstance(stacks, list) or not stacks:
            raise self._fail(
                f"field 'starting_stacks' must be a non-empty array, got {shown(stacks)}"
            )
        self._check_lists(len(stacks))
        for name in _SCALAR_AMOUNTS:
            value = getattr(self, name)
            if value is not None and not _is_amount(value):
                raise self._fail(_not_an_amount(f"field {name!r}", value))
        if not isinstance(self.ante_trimming_status, bool):
            raise self._fail(
                f"field 'ante_trimming_status' must be true or false, "
                f"got {shown(self.ante_trimming_status)}"
            )
        for name in _STRINGS if not set(map(type, _STRINGS_OF(self))) <= _STR_OR_NONE else ():
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise self._fail(f"field {name!r} must be a string, got {shown(value)}")
        for name in _INTS if not set(map(type, _INTS_OF(self))) <= _INT_OR_NONE else ():
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise self._fail(f"field {name!r} must be an integer, got {shown(value)}")
        for name in ("hand", "table"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, str))):
                raise self._fail(
                    f"field {name!r} must be a string or an integer, got {shown(value)}"
                )
        if self.time is not None and not isinstance(self.time, datetime.time):
            raise self._fail(f"field 'time' must be a TOML local time, got {shown(self.time)}")
        if not isinstance(self.user_fields, dict):
            raise self._fail("user_fields must be a dict")
        for name in _REQUIRED.get(self.variant, ("antes",)):
            if getattr(self, name) is None:
                raise self._fail(f"variant {self.variant} requires the field {name!r}")

    def _check_lists(self, n: int) -> None:
        """The arrays: one entry per player, of the right type, checked with
        ``set(map(type, ...))``: no generator, so no Python call per item."""
        for name in _PER_PLAYER_AMOUNTS:
            values = getattr(self, name)
            if values is None:
                continue
            if type(values) is list and len(values) == n and set(map(type, values)) == _INT:
                if min(values) >= 0 and max(values) < AMOUNT_BOUND:
                    continue
            self._amounts(name, n)
        actions = self.actions
        if not isinstance(actions, list) or set(map(type, actions)) - _STR:
            raise self._fail("field 'actions' must be an array of strings")
        if len(actions) > PHH_MAX_ACTIONS:
            raise self._fail(
                f"field 'actions' has {len(actions)} entries, more than {PHH_MAX_ACTIONS}"
            )
        if self.players is not None:
            if not isinstance(self.players, list) or set(map(type, self.players)) - _STR:
                raise self._fail("field 'players' must be an array of strings")
            if len(self.players) != n:
                raise self._fail(f"field 'players' has {len(self.players)} entries, not {n}")
        if self.seats is not None:
            if not isinstance(self.seats, list) or set(map(type, self.seats)) - _INT:
                raise self._fail("field 'seats' must be an array of integers")
            if len(self.seats) != n:
                raise self._fail(f"field 'seats' has {len(self.seats)} entries, not {n}")
        self._check_seats(n)

    def _check_seats(self, n: int) -> None:
        """At most :data:`~splitpot.limits.PHH_MAX_SEATS` seats, before any list per seat is
        made (a ``seat_count`` of 10**8 would be a list of 10**8 seats)."""
        if n > PHH_MAX_SEATS:
            raise self._fail(f"starting_stacks has {n} players, more than {PHH_MAX_SEATS}")
        for name, value in (
            ("seat_count", self.seat_count),
            ("seats", max(self.seats) if self.seats else None),
        ):
            if isinstance(value, int) and value > PHH_MAX_SEATS:
                raise self._fail(
                    f"field {name!r} goes up to seat {shown(value)}; a table has at most "
                    f"{PHH_MAX_SEATS} seats"
                )

    def _amounts(self, name: str, n: int) -> None:
        """Say what is wrong with the per-player amounts ``name``."""
        values = getattr(self, name)
        if not isinstance(values, list):
            raise self._fail(f"field {name!r} must be an array, got {shown(values)}")
        if len(values) != n:
            raise self._fail(
                f"field {name!r} has {len(values)} entries; starting_stacks has {n} players"
            )
        for i, v in enumerate(values):
            if not _is_amount(v):
                raise self._fail(_not_an_amount(f"{name}[{i}]", v))

    @classmethod
    def made(cls, **fields: Any) -> HandHistory:
        """``HandHistory(**fields)`` for a maker that guarantees the fields' shape (a site's
        :class:`~splitpot.sites.builder.HandBuilder`): strings, whole numbers it computed,
        one entry per player in each list, the fields its variant requires. The checks that
        hold by that construction are not run again; what a hostile file could still break
        is checked: every amount a whole number >= 0 of at most
        :data:`~splitpot.limits.PHH_MAX_AMOUNT_DIGITS` digits, the number of actions, the
        seats, and the type of every text and number field. Any doubt runs every check
        (:meth:`_check`), which names the fault."""
        if not fields.keys() <= _FIELD_NAMES:
            raise TypeError(f"HandHistory has no fields {sorted(fields.keys() - _FIELD_NAMES)}")
        record = cls.__new__(cls)
        values = record.__dict__  # read below by key: cheaper than by attribute
        values.update(_DEFAULTS)
        values.update(fields)
        if "user_fields" not in fields:
            record.user_fields = {}
        amounts = [
            *chain.from_iterable(filter(None, _PER_PLAYER_IN(values))),
            *filter(None, _SCALAR_AMOUNTS_IN(values)),
        ]
        if (
            set(map(type, amounts)) <= _INT
            and (not amounts or (min(amounts) >= 0 and max(amounts) < AMOUNT_BOUND))
            and len(record.actions) <= PHH_MAX_ACTIONS
            and set(map(type, _STRINGS_IN(values))) <= _STR_OR_NONE
            and set(map(type, _INTS_IN(values))) <= _INT_OR_NONE
            and set(map(type, (record.hand, record.table))) <= _ID_OR_NONE
            and type(record.time) in _TIME_OR_NONE
        ):
            record._check_seats(len(record.starting_stacks))
        else:
            record._check()
        return record

    # ------------------------------------------------------------------ conversions

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, source: str | None = None) -> HandHistory:
        """A record from parsed TOML: spec fields by name, every other key a user field."""
        known: dict[str, Any] = {}
        user: dict[str, Any] = {}
        for key, value in data.items():
            if key in _KNOWN_FIELDS:
                known[key] = value
            else:
                user[key] = value
        for name in ("variant", "antes", "starting_stacks", "actions"):
            if name not in known:
                raise PHHError(f"missing required field {name!r}", source=source)
        return cls(**known, user_fields=user, source=source)

    def to_dict(self) -> dict[str, Any]:
        """The fields as TOML would hold them, in the spec's order, user fields last."""
        out: dict[str, Any] = {}
        for name in _FIELD_ORDER:
            value = getattr(self, name)
            if value is None or (name == "ante_trimming_status" and value is False):
                continue
            out[name] = value
        out.update(self.user_fields)
        return out

    def dumps(self) -> str:
        """This hand as PHH text (TOML, written with ``tomli-w``)."""
        return _toml_dumps(self.to_dict())

    @classmethod
    def from_hand(cls, hand: Hand, /, **fields: Any) -> HandHistory:
        """The history of a splitpot :class:`~splitpot.hand.Hand`, finished or not.

        ``fields`` adds or overrides fields (``players=[...]``, ``event=...``, user fields
        starting with ``_``). See the module docstring for what splitpot writes.
        """
        known, user = _from_hand(hand)
        for key, value in fields.items():
            if key in _KNOWN_FIELDS:
                known[key] = value
            elif key == "user_fields":
                user.update(value)
            else:
                user[key] = value
        return cls(**known, user_fields=user)

    @property
    def runout_count(self) -> int:
        """How many times the board was run after an all-in (docs/rules/poker.md §6): the
        user field ``_splitpot_runout_count`` (PHH has no field or action for it), 1 when the
        history does not say. A reader of a site's history sets it for a hand the site ran
        more than once; its runs' ``d db`` actions follow one another, run by run.

        >>> hh = HandHistory(variant="FT", antes=[0, 0], small_bet=2, big_bet=4,
        ...                  blinds_or_straddles=[1, 2], starting_stacks=[10, 10], actions=[])
        >>> hh.runout_count = 2
        >>> hh.runout_count, hh.user_fields
        (2, {'_splitpot_runout_count': 2})
        """
        value = self.user_fields.get(RUNOUT_COUNT, 1)
        return value if type(value) is int else 1

    @runout_count.setter
    def runout_count(self, times: int) -> None:
        if isinstance(times, bool) or not isinstance(times, int) or times < 1:
            raise self._fail(f"runout_count must be a number of runs >= 1, got {shown(times)}")
        if times == 1:
            self.user_fields.pop(RUNOUT_COUNT, None)
        else:
            self.user_fields[RUNOUT_COUNT] = times

    @property
    def player_count(self) -> int:
        """The number of players (entries of ``starting_stacks``)."""
        return len(self.starting_stacks)


_KNOWN_FIELDS = frozenset(_SPEC_REQUIRED + _SPEC_OPTIONAL)
_PER_PLAYER_AMOUNTS = (
    "antes",
    "starting_stacks",
    "blinds_or_straddles",
    "finishing_stacks",
    "winnings",
    "time_banks",
)
_INT = {int}
_STR = {str}
# The amounts, texts and numbers of a record's ``__dict__``, read at once (HandHistory.made).
_PER_PLAYER_IN = operator.itemgetter(*_PER_PLAYER_AMOUNTS)
_SCALAR_AMOUNTS_IN = operator.itemgetter(*_SCALAR_AMOUNTS)
_STRINGS_IN = operator.itemgetter(*_STRINGS)
_INTS_IN = operator.itemgetter(*_INTS)
_ID_OR_NONE = {str, int, type(None)}
_TIME_OR_NONE = (datetime.time, type(None))
_FIELD_NAMES = frozenset(f.name for f in dataclasses.fields(HandHistory))
_DEFAULTS = {
    f.name: f.default
    for f in dataclasses.fields(HandHistory)
    if f.default is not dataclasses.MISSING
}
AMOUNT_BOUND: int = 10**PHH_MAX_AMOUNT_DIGITS
"""Every whole amount is below this: at most :data:`~splitpot.limits.PHH_MAX_AMOUNT_DIGITS`
digits."""


def _is_amount(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return 0 <= value < AMOUNT_BOUND
    return isinstance(value, Decimal) and not value.is_nan() and value >= 0 and _digits_ok(value)


def _digits_ok(value: Decimal) -> bool:
    """At most :data:`~splitpot.limits.PHH_MAX_AMOUNT_DIGITS` digits, before and after the
    point (``1e999999999`` is a TOML float of a billion digits)."""
    if not value.is_finite():
        return True  # infinity: refused as whole chips, by name
    digits = value.as_tuple()
    exponent = int(digits.exponent)
    return max(len(digits.digits) + exponent, len(digits.digits), -exponent) <= (
        PHH_MAX_AMOUNT_DIGITS
    )


def _not_an_amount(what: str, value: object) -> str:
    return (
        f"{what} must be a number >= 0 of at most {PHH_MAX_AMOUNT_DIGITS} digits, "
        f"got {shown(value)}"
    )
