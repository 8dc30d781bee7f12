"""Hand histories in the PHH format: load, replay through splitpot's engine, write.

PHH (Poker Hand History, https://phh.readthedocs.io) is a TOML file per hand (``.phh``), or
several hands as the tables ``[1]``, ``[2]``, ... of one file (``.phhs``). This module reads
it with a real TOML parser (``tomli`` when installed, else ``tomllib``), replays every action
through :class:`splitpot.hand.Hand` and writes any hand splitpot plays with ``tomli-w``.

>>> hh = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsAh", "d dh p2 7c2d", "d dh p3 ????", "p3 f", "p1 cbr 6",
...            "p2 cc", "d db AdKs9h", "p1 cbr 10", "p2 f"]
... finishing_stacks = [106, 94, 100]
... ''')
>>> hand = replay(hh)
>>> hand.final_stacks
[106, 94, 100]
>>> compare(hh, hand).status
'match'
>>> print(dumps(hand).splitlines()[0])
variant = "NT"

Fields (spec "Required Fields" and "Optional Fields"): :class:`HandHistory` has one
attribute per field of the spec; fields whose name starts with ``_`` (spec "User-defined
Fields") and any field the spec does not name are kept in :attr:`HandHistory.user_fields`
and written back as they were. Amounts are ``int``; a TOML float becomes a
:class:`~decimal.Decimal`, kept exactly (``10112.5``).

Variants (spec "Variant Code"). splitpot replays:

========== ===============================================================
``NT``     no-limit Texas hold 'em
``FT``     fixed-limit Texas hold 'em
``PO``     pot-limit Omaha hold 'em
``FO/8``   fixed-limit Omaha hold 'em hi/lo 8 or better
========== ===============================================================

Games and structures with no PHH code get a splitpot code of the same form, a structure
letter (``F`` fixed limit, ``P`` pot limit, ``N`` no limit), a game (``T`` hold 'em, ``O``
Omaha, ``O5``/``O6`` Omaha with 5 or 6 hole cards, ``CP`` Crazy Pineapple) and ``/8`` for
hi/lo: ``PT``, ``NO``, ``PO/8``, ``FO5``, ``NCP``, ``FCP/8``... A history that uses one also
carries the user field ``_splitpot_variant``, the game's code in :data:`splitpot.games.GAMES`
(``"crazy-pineapple8"``), so that other readers see it is splitpot's. Any other code
(``NS``, ``F7S``, ``F7S/8``, ``FR``, ``N2L1D``, ``F2L3D``, ``FB``) loads, but :func:`replay`
raises :class:`UnsupportedHistory` naming the file and the variant.

Actions (spec "Actions"): ``d dh p1 AcKd`` (hole cards), ``d db JcQh3s`` (board),
``p3 f``, ``p1 cc`` (check or call), ``p2 cbr 300`` (bet or raise to), ``p1 sd Ah``
(Crazy Pineapple discard), ``p1 sm AcKd`` (show), ``p1 sm -`` (show the cards dealt),
``p1 sm`` (muck), and ``# commentary`` anywhere. How :func:`replay` reads them:

* Every card is dealt as the history says. Every player's hole cards must be dealt, once,
  before the first player action. ``????`` (unknown) is allowed where no showdown needs
  the cards: cards a player later shows or discards fill in the unknown ones, and any still
  unknown are dealt from the rest of the deck (a seeded shuffle), as real stand-ins that no
  hand shown needs. A card dealt twice is an error.
* Each player action must come from the seat the engine has to act, after the board of its
  street was dealt (``d db``); each ``d db`` must deal exactly one street, once the betting
  before it is over. Amounts must be legal under splitpot's rules (spec/poker.md §3). A
  showdown between two hands or more needs the whole board from the history; a history that
  stops earlier gets the rest of the board from the deck, and so does a single hand left at
  an all-in showdown (PokerKit ends the hand there, before the runout).
* Shows and mucks are applied in splitpot's showdown order (spec/poker.md §5), whatever
  their order in the history (PHH writes the all-in showdown before the last board cards).
  A history that stops before a showdown decision leaves the hand at the showdown.
* Heads-up, ``antes`` and ``blinds_or_straddles`` apply in reverse (spec "Antes",
  "Blinds or Straddles"), so the button posts the small blind. The last player has the
  button; the first one is left of it.
* ``ante_trimming_status`` (spec "Ante Trimming Status"; PokerKit's ``ante_trimming_status``):
  ``false`` (the default) keeps every ante as dead money in the main pot, which every player
  still in may win; that is what the engine does. ``true`` first gives back the part of the
  largest ante that no one else matched (PokerKit trims the ante bets like any bet), then
  counts the antes with each player's contribution. When the antes left are all equal this is
  the same hand (an equal ante for everyone is dead money either way, and a big blind ante is
  trimmed away entirely); otherwise :class:`UnsupportedHistory` is raised.
* Straddles (more than two non-zero ``blinds_or_straddles``) and fractional chips are not
  played (:class:`UnsupportedHistory`). A violation of the rules raises :class:`PHHError`
  naming the file, the action's index in ``actions`` and the reason. Nothing is repaired.

Writing (:func:`dumps`, :func:`dump`, :func:`dumps_all`): every hand splitpot plays, finished
or not. Besides the spec's fields, splitpot writes what it needs to rebuild the hand exactly:

* ``_splitpot_structure``: the betting structure's parameters (``kind``, blinds, bets,
  ``ante``, ``chip_unit``, fixed-limit caps); it wins over ``min_bet``/``small_bet``/``big_bet``
  on replay, which must agree with it.
* ``_splitpot_variant`` for the splitpot codes above; ``_splitpot_seed`` (the shuffle's seed,
  for reference).
* ``seats`` and ``seat_count`` (spec fields, 1-based) when the hand's seats are not ``0 ..
  n - 1`` with the button last (a table with empty seats, a moved button), and
  ``_splitpot_button`` (0-based) when the button is not the last player's seat (an empty
  seat). :func:`replay` lays the seats out by ``seats`` whenever a history has it.
* ``_splitpot_dead_blinds`` (a missed blind made up, per player in ``players`` order, never
  reversed): also added to ``antes``, so that other readers put the same dead money in the
  pot. ``_splitpot_rake`` (``percent`` as an int or ``"5/2"``, ``cap``,
  ``no_flop_no_drop``), ``_splitpot_timeout_policy``.
* Timeouts (spec/poker.md §7) have no PHH action: the action a timeout amounted to gets the
  commentary ``# timeout`` (``p3 f # timeout``, ``p3 cc # timeout``, ``p3 sd Ah # timeout``,
  ``p3 sm AhKd # timeout``); a timeout that leaves the player all-in for what he has put in
  is the no-op ``# p3 timeout all-in``, which other readers skip.
* An all-in showdown is written before the board cards dealt after the betting ended, as
  PokerKit plays it. splitpot shows and mucks once the whole board is out, PokerKit before
  the runout: a hand where someone mucks at an all-in showdown replays in splitpot, but
  PokerKit ends it at the muck and cannot deal the rest of the board. A hand whose betting
  splitpot's rules allow and PokerKit's do not (spec/poker.md §3 DECISIONs, such as
  completing a short all-in bet in fixed limit) is splitpot's, not PokerKit's, either.

Reading back and replaying a written hand gives the same hand: the same seats, stakes and
every event after the set-up record (:class:`~splitpot.hand.HandStarting` itself differs only
in that the cards become given cards instead of a shuffle, and in ``auto_showdown``).
"""

from __future__ import annotations

import datetime
import functools
import importlib
import multiprocessing
import os
import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import IO, Any, Literal, NamedTuple, Union

from splitpot._core import IllegalAction, SplitpotError
from splitpot.betting import FixedLimit, NoLimit, PotLimit, Structure
from splitpot.games import (
    CRAZY_PINEAPPLE,
    CRAZY_PINEAPPLE_HILO,
    GAMES,
    HOLDEM,
    Game,
    omaha,
)
from splitpot.hand import (
    Betting,
    BoardDealing,
    Calling,
    Checking,
    Discarding,
    Folding,
    Hand,
    HandStarting,
    HoleDealing,
    Mucking,
    Operation,
    Phase,
    RaisingTo,
    SeatStatus,
    Showing,
    TimingOut,
)
from splitpot.pots import Rake

__all__ = [
    "SPLITPOT_VARIANTS",
    "VARIANTS",
    "Comparison",
    "HandHistory",
    "Outcome",
    "PHHError",
    "UnsupportedHistory",
    "check",
    "check_file",
    "check_files",
    "compare",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "find_files",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "replay",
]

Number = Union[int, Decimal]  # noqa: UP007 - a runtime alias
"""A PHH amount: an int, or a :class:`~decimal.Decimal` for a TOML float."""

VARIANTS: dict[str, str] = {
    "FT": "Fixed-limit Texas hold 'em",
    "NT": "No-limit Texas hold 'em",
    "NS": "No-limit short-deck hold 'em",
    "PO": "Pot-limit Omaha hold 'em",
    "FO/8": "Fixed-limit Omaha hold 'em high/low-split eight or better",
    "F7S": "Fixed-limit seven card stud",
    "F7S/8": "Fixed-limit seven card stud high/low-split eight or better",
    "FR": "Fixed-limit razz",
    "N2L1D": "No-limit deuce-to-seven lowball single draw",
    "F2L3D": "Fixed-limit deuce-to-seven lowball triple draw",
    "FB": "Fixed-limit badugi",
}
"""The variant codes of the PHH spec ("Required Fields") and their names."""

SPLITPOT_VARIANTS = ("NT", "FT", "PO", "FO/8")
"""The PHH variant codes :func:`replay` plays (plus splitpot's own codes, see above)."""

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
_CODE = re.compile(r"([FPN])(T|O|O5|O6|CP)(/8)?")
_KIND_LETTER = {"fixed_limit": "F", "pot_limit": "P", "no_limit": "N"}

# Cards: code = rank * 4 + suit (2c = 0, As = 51), as everywhere in splitpot.
_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_NAMES = [r + s for r in _RANKS for s in _SUITS]
_CODES = {name: code for code, name in enumerate(_NAMES)}

# --------------------------------------------------------------------------- errors


class PHHError(SplitpotError):
    """A hand history that is not valid PHH or breaks the rules of the game.

    ``source`` is the file (with ``[key]`` for a hand of a ``.phhs`` file), ``action_index``
    the index in ``actions`` of the offending action (``None`` for a field), ``action`` its
    text, ``reason`` what is wrong.
    """

    def __init__(
        self,
        reason: str,
        *,
        source: str | None = None,
        action_index: int | None = None,
        action: str | None = None,
    ) -> None:
        self.reason = reason
        self.source = source
        self.action_index = action_index
        self.action = action
        where = source or "<string>"
        if action_index is not None:
            where += f": action {action_index} ({action!r})"
        super().__init__(f"{where}: {reason}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild_error,
            (type(self), self.reason, self.source, self.action_index, self.action),
        )


class UnsupportedHistory(PHHError):
    """A valid history that splitpot does not play: a variant splitpot does not play (stud,
    draw, short deck...), straddles, fractional chips, unequal antes with ante trimming."""


def _rebuild_error(
    cls: type[PHHError], reason: str, source: str | None, index: int | None, action: str | None
) -> PHHError:
    return cls(reason, source=source, action_index=index, action=action)


# --------------------------------------------------------------------------- the record

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
            raise self._fail(f"field 'variant' must be a string, got {self.variant!r}")
        stacks = self.starting_stacks
        if not isinstance(stacks, list) or not stacks:
            raise self._fail(f"field 'starting_stacks' must be a non-empty array, got {stacks!r}")
        n = len(stacks)
        for name in ("antes", "starting_stacks", "blinds_or_straddles", "finishing_stacks"):
            self._amounts(name, n)
        for name in ("winnings", "time_banks"):
            self._amounts(name, n)
        for name in ("bring_in", "small_bet", "big_bet", "min_bet", "time_limit"):
            value = getattr(self, name)
            if value is not None and not _is_amount(value):
                raise self._fail(f"field {name!r} must be a number >= 0, got {value!r}")
        if not isinstance(self.actions, list) or not all(isinstance(a, str) for a in self.actions):
            raise self._fail("field 'actions' must be an array of strings")
        if not isinstance(self.ante_trimming_status, bool):
            raise self._fail(
                f"field 'ante_trimming_status' must be true or false, "
                f"got {self.ante_trimming_status!r}"
            )
        for name in _STRINGS:
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise self._fail(f"field {name!r} must be a string, got {value!r}")
        for name in _INTS:
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise self._fail(f"field {name!r} must be an integer, got {value!r}")
        for name in ("hand", "table"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, str))):
                raise self._fail(f"field {name!r} must be a string or an integer, got {value!r}")
        if self.time is not None and not isinstance(self.time, datetime.time):
            raise self._fail(f"field 'time' must be a TOML local time, got {self.time!r}")
        if self.players is not None:
            if not isinstance(self.players, list) or not all(
                isinstance(p, str) for p in self.players
            ):
                raise self._fail("field 'players' must be an array of strings")
            if len(self.players) != n:
                raise self._fail(f"field 'players' has {len(self.players)} entries, not {n}")
        if self.seats is not None:
            if not isinstance(self.seats, list) or not all(
                isinstance(s, int) and not isinstance(s, bool) for s in self.seats
            ):
                raise self._fail("field 'seats' must be an array of integers")
            if len(self.seats) != n:
                raise self._fail(f"field 'seats' has {len(self.seats)} entries, not {n}")
        if not isinstance(self.user_fields, dict):
            raise self._fail("user_fields must be a dict")
        for name in _REQUIRED.get(self.variant, ("antes",)):
            if getattr(self, name) is None:
                raise self._fail(f"variant {self.variant} requires the field {name!r}")

    def _amounts(self, name: str, n: int) -> None:
        values = getattr(self, name)
        if values is None:
            return
        if not isinstance(values, list):
            raise self._fail(f"field {name!r} must be an array, got {values!r}")
        if len(values) != n:
            raise self._fail(
                f"field {name!r} has {len(values)} entries; starting_stacks has {n} players"
            )
        if all(type(v) is int and v >= 0 for v in values):
            return
        for i, v in enumerate(values):
            if not _is_amount(v):
                raise self._fail(f"{name}[{i}] must be a number >= 0, got {v!r}")

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
    def from_hand(cls, hand: Hand, **fields: Any) -> HandHistory:
        """The history of a splitpot :class:`~splitpot.hand.Hand`, finished or not.

        ``fields`` adds or overrides fields (``players=[...]``, ``event=...``, user fields
        starting with ``_``). See the module docstring for what splitpot writes.
        """
        return _from_hand(cls, hand, fields)

    @property
    def player_count(self) -> int:
        """The number of players (entries of ``starting_stacks``)."""
        return len(self.starting_stacks)


_KNOWN_FIELDS = frozenset(_SPEC_REQUIRED + _SPEC_OPTIONAL)


def _is_amount(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value >= 0
    return isinstance(value, Decimal) and not value.is_nan() and value >= 0


# --------------------------------------------------------------------------- TOML in and out


def _toml_reader() -> Callable[..., dict[str, Any]]:
    # tomli's compiled wheels parse about twice as fast as the standard library's tomllib,
    # which is the same parser in pure Python; either reads the same TOML.
    for name in ("tomli", "tomllib"):
        try:
            module = importlib.import_module(name)
        except ImportError:  # pragma: no cover - one of them is always there
            continue
        loads: Callable[..., dict[str, Any]] = module.loads
        return loads
    raise ImportError("reading PHH needs tomllib (Python 3.11+) or tomli")  # pragma: no cover


_TOML_LOADS = _toml_reader()


def _parse_toml(text: str, source: str | None) -> dict[str, Any]:
    try:
        return _TOML_LOADS(text, parse_float=Decimal)
    except ValueError as e:  # tomllib.TOMLDecodeError
        raise PHHError(f"not valid TOML: {e}", source=source) from None


def _toml_dumps(data: Mapping[str, Any], name: str = "") -> str:
    """TOML text for ``data``: every value is written by ``tomli-w``; arrays of numbers go
    on one line (``tomli-w`` puts every array item on its own line), ``actions`` keep one
    action a line as in the spec's examples, and tables (``[1]``, user tables) come last."""
    import tomli_w

    chunks: list[str] = []
    tables: list[tuple[str, Mapping[str, Any]]] = []
    for key, value in data.items():
        if isinstance(value, Mapping):
            tables.append((key, value))
            continue
        text = tomli_w.dumps({key: value})
        if (
            isinstance(value, list)
            and key != "actions"
            and value
            and not any(isinstance(v, (list, dict)) for v in value)
        ):
            head = text[: text.index("[")]
            items = [tomli_w.dumps({"v": v})[4:-1] for v in value]
            one_line = f"{head}[{', '.join(items)}]\n"
            if len(one_line) <= 100:
                text = one_line
        chunks.append(text)
    for key, table in tables:
        part = tomli_w.dumps({key: 0})[: -len(" = 0\n")]
        full = f"{name}.{part}" if name else part
        body = _toml_dumps(table, full)
        chunks.append(("\n" if chunks else "") + f"[{full}]\n" + body)
    return "".join(chunks)


def _read(file: str | os.PathLike[str] | IO[bytes] | IO[str]) -> tuple[str, str]:
    if isinstance(file, (str, os.PathLike)):
        path = os.fspath(file)
        with open(path, encoding="utf-8") as f:
            return f.read(), path
    content = file.read()
    name = str(getattr(file, "name", "<file>"))
    if isinstance(content, bytes):
        return content.decode("utf-8"), name
    return content, name


def loads(text: str, *, source: str | None = None) -> HandHistory:
    """Read one hand from PHH text. ``source`` names it in error messages."""
    data = _parse_toml(text, source)
    if "variant" not in data and data and all(isinstance(v, dict) for v in data.values()):
        raise PHHError(
            f"this holds {len(data)} hands ([{next(iter(data))}], ...): use loads_all()",
            source=source,
        )
    return HandHistory.from_mapping(data, source=source)


def load(file: str | os.PathLike[str] | IO[bytes] | IO[str]) -> HandHistory:
    """Read one hand from a ``.phh`` file (a path, or a file opened in text or binary mode)."""
    text, source = _read(file)
    return loads(text, source=source)


def loads_all(text: str, *, source: str | None = None) -> list[HandHistory]:
    """Read every hand of ``.phhs`` text (tables ``[1]``, ``[2]``, ...); a single ``.phh``
    hand gives a list of one."""
    data = _parse_toml(text, source)
    if "variant" in data:
        return [HandHistory.from_mapping(data, source=source)]
    hands = []
    for key, value in data.items():
        where = f"{source or '<string>'}[{key}]"
        if not isinstance(value, dict):
            raise PHHError(f"[{key}] is not a table of a hand", source=source)
        hands.append(HandHistory.from_mapping(value, source=where))
    return hands


def load_all(file: str | os.PathLike[str] | IO[bytes] | IO[str]) -> list[HandHistory]:
    """Read every hand of a ``.phhs`` file (or the one hand of a ``.phh`` file)."""
    text, source = _read(file)
    return loads_all(text, source=source)


def dumps(hand: Hand | HandHistory, **fields: Any) -> str:
    """PHH text for a splitpot :class:`~splitpot.hand.Hand` (``fields`` as in
    :meth:`HandHistory.from_hand`) or for a :class:`HandHistory`."""
    if isinstance(hand, HandHistory):
        return hand.dumps()
    return HandHistory.from_hand(hand, **fields).dumps()


def dump(hand: Hand | HandHistory, file: str | os.PathLike[str] | IO[str], **fields: Any) -> None:
    """Write :func:`dumps` of ``hand`` to a path or a text file."""
    text = dumps(hand, **fields)
    if isinstance(file, (str, os.PathLike)):
        Path(file).write_text(text, encoding="utf-8")
    else:
        file.write(text)


def dumps_all(hands: Iterable[Hand | HandHistory]) -> str:
    """``.phhs`` text: the hands as the tables ``[1]``, ``[2]``, ..."""
    return "\n".join(_phhs_chunks(hands))


def dump_all(hands: Iterable[Hand | HandHistory], file: str | os.PathLike[str] | IO[str]) -> None:
    """Write :func:`dumps_all` of ``hands`` to a path or a text file, one hand at a time."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "w", encoding="utf-8") as f:
            dump_all(hands, f)
        return
    for i, chunk in enumerate(_phhs_chunks(hands)):
        file.write(("\n" if i else "") + chunk)


def _phhs_chunks(hands: Iterable[Hand | HandHistory]) -> Iterator[str]:
    for i, h in enumerate(hands, 1):
        hh = h if isinstance(h, HandHistory) else HandHistory.from_hand(h)
        yield _toml_dumps({str(i): hh.to_dict()})


# --------------------------------------------------------------------------- variants


def _game_for(hh: HandHistory) -> tuple[Game, str]:
    """The splitpot game and structure letter of a history, or UnsupportedHistory."""
    code = hh.variant
    match = _CODE.fullmatch(code)
    named = hh.user_fields.get("_splitpot_variant")
    if match is None:
        name = VARIANTS.get(code)
        what = f"variant {code!r}" + (f" ({name})" if name else "")
        raise UnsupportedHistory(
            f"{what} is a variant splitpot does not play; it replays "
            f"{', '.join(SPLITPOT_VARIANTS)} and its own codes",
            source=hh.source,
        )
    letter, kind, hilo = match.groups()
    if kind == "T":
        if hilo:
            raise UnsupportedHistory(
                f"variant {code!r}: splitpot plays no hold 'em hi/lo", source=hh.source
            )
        game = HOLDEM
    elif kind == "CP":
        game = CRAZY_PINEAPPLE_HILO if hilo else CRAZY_PINEAPPLE
    else:
        game = omaha(int(kind[1:] or 4), hi_lo=bool(hilo))
    if named is not None and GAMES.get(str(named)) is not game:
        raise PHHError(
            f"_splitpot_variant {named!r} is not the game of variant {code!r} ({game.code})",
            source=hh.source,
        )
    return game, letter


def _variant_code(game: Game, structure: Structure) -> tuple[str, bool]:
    """``(code, standard)``: the PHH code of a game and structure, or splitpot's."""
    letter = _KIND_LETTER[structure.kind.value]
    if game is HOLDEM:
        kind = "T"
    elif game in (CRAZY_PINEAPPLE, CRAZY_PINEAPPLE_HILO):
        kind = "CP"
    else:
        cards = game.hole_cards
        kind = "O" if cards == 4 else f"O{cards}"
    code = letter + kind + ("/8" if game.hi_lo else "")
    return code, code in SPLITPOT_VARIANTS


# --------------------------------------------------------------------------- replay set-up


def _chips(value: object, what: str, source: str | None, index: int | None = None) -> int:
    """An amount as whole chips: ints, and floats that are whole (``100.0``)."""
    if type(value) is int:
        return value
    if index is not None:
        what = f"{what}[{index}]"
    if isinstance(value, Decimal) and value.is_finite():
        if value == value.to_integral_value():
            return int(value)
        raise UnsupportedHistory(
            f"{what} is {value}: fractional chips are not played (chips are whole numbers)",
            source=source,
        )
    raise PHHError(f"{what} must be a whole number of chips, got {value!r}", source=source)


def _chips_list(values: Sequence[object], what: str, source: str | None) -> list[int]:
    if all(type(v) is int for v in values):
        return list(values)  # type: ignore[arg-type]
    return [_chips(v, what, source, i) for i, v in enumerate(values)]


@dataclass
class _Setup:
    game: Game
    structure: Structure
    seat_of: list[int]  # PHH player -> engine seat
    seat_count: int
    button: int
    stacks: list[int | None]
    antes: list[int]
    blinds: list[int]
    dead: list[int]
    rake: Rake | None
    timeout_policy: str


def _layout(hh: HandHistory) -> tuple[list[int], int, int]:
    """``(seat_of, seat_count, button)``: engine seat of each player, from ``seats``."""
    n = hh.player_count
    src = hh.source
    if hh.seats is None:
        seat_of = list(range(n))
        count = n if hh.seat_count is None else hh.seat_count
        if count < n:
            raise PHHError(f"seat_count {count} is less than the {n} players", source=src)
    else:
        seat_of = [s - 1 for s in hh.seats]
        count = max(hh.seats) if hh.seat_count is None else hh.seat_count
        if len(set(seat_of)) != n or min(seat_of) < 0 or max(seat_of) >= count:
            raise PHHError(f"seats {hh.seats} must be distinct seat numbers 1..{count}", source=src)
        # Players are listed clockwise from the small blind: the seat numbers must go
        # round the table once (ascending, wrapping at most once).
        wraps = sum(1 for a, b in zip(seat_of, seat_of[1:] + seat_of[:1]) if b < a)  # noqa: B905
        if n > 1 and wraps != 1:
            raise PHHError(
                f"seats {hh.seats} are not in clockwise order from the first player",
                source=src,
            )
    button = seat_of[-1]
    if "_splitpot_button" in hh.user_fields:
        button = hh.user_fields["_splitpot_button"]
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < count:
            raise PHHError(f"_splitpot_button must be a seat 0..{count - 1}", source=src)
    return seat_of, count, button


_STRUCTURES: dict[str, type[FixedLimit] | type[PotLimit] | type[NoLimit]] = {
    "F": FixedLimit,
    "P": PotLimit,
    "N": NoLimit,
}


@functools.lru_cache(maxsize=256)
def _make_structure(letter: str, params: tuple[tuple[str, Any], ...]) -> Structure:
    """Structures are frozen records: equal stakes give one shared object."""
    return _STRUCTURES[letter](**dict(params))


def _structure(hh: HandHistory, letter: str, small: int, big: int, ante: int) -> Structure:
    """The betting structure: ``_splitpot_structure`` if given, else from the spec fields."""
    src = hh.source
    spec: Any = hh.user_fields.get("_splitpot_structure")
    try:
        if spec is not None:
            if not isinstance(spec, dict):
                raise PHHError("_splitpot_structure must be a table", source=src)
            params = dict(spec)
            kind = params.pop("kind", None)
            if kind != {"F": "fixed_limit", "P": "pot_limit", "N": "no_limit"}[letter]:
                raise PHHError(
                    f"_splitpot_structure kind {kind!r} is not the structure of "
                    f"variant {hh.variant!r}",
                    source=src,
                )
            if params.get("heads_up_max_raises") == "none":
                params["heads_up_max_raises"] = None
            structure = _make_structure(letter, tuple(params.items()))
        elif letter == "F":
            small_bet = _chips(hh.small_bet, "small_bet", src)
            params = {
                "small_bet": small_bet,
                "big_bet": _chips(hh.big_bet, "big_bet", src),
                "small_blind": small,
                "big_blind": big or small_bet,
                "ante": ante,
            }
            structure = _make_structure(letter, tuple(params.items()))
        else:
            params = {
                "small_blind": small,
                "big_blind": _chips(hh.min_bet, "min_bet", src),
                "ante": ante,
            }
            structure = _make_structure(letter, tuple(params.items()))
    except (TypeError, ValueError) as e:
        if isinstance(e, PHHError):
            raise
        raise PHHError(f"bad betting structure: {e}", source=src) from None
    if isinstance(structure, FixedLimit):
        pairs = [("small_bet", structure.small_bet), ("big_bet", structure.big_bet)]
    else:
        pairs = [("min_bet", structure.big_blind)]
    for name, want in pairs:
        value = getattr(hh, name)
        if value is None or _chips(value, name, src) != want:
            raise PHHError(f"{name} is {value}, but the structure says {want}", source=src)
    return structure


def _rake(hh: HandHistory) -> Rake | None:
    spec: Any = hh.user_fields.get("_splitpot_rake")
    if spec is None:
        return None
    try:
        params = dict(spec)
        percent = params.get("percent", 0)
        if isinstance(percent, str):
            params["percent"] = Fraction(percent)
        return Rake(**params)
    except (TypeError, ValueError) as e:
        raise PHHError(f"bad _splitpot_rake {spec!r}: {e}", source=hh.source) from None


def _setup(hh: HandHistory) -> _Setup:
    src = hh.source
    game, letter = _game_for(hh)
    n = hh.player_count
    seat_of, count, button = _layout(hh)
    stacks = _chips_list(hh.starting_stacks, "starting_stacks", src)
    for i, s in enumerate(stacks):
        if s <= 0:
            raise PHHError(f"starting_stacks[{i}] must be > 0, got {s}", source=src)
    antes = _chips_list(hh.antes, "antes", src)
    raw_blinds = hh.blinds_or_straddles or [0] * n
    blinds = _chips_list(raw_blinds, "blinds_or_straddles", src)
    if n == 2:  # heads-up: the forced bets apply in reverse (spec "Antes", "Blinds")
        antes.reverse()
        blinds.reverse()
    dead = [0] * n
    raw_dead = hh.user_fields.get("_splitpot_dead_blinds")
    if raw_dead is not None:
        if not isinstance(raw_dead, list) or len(raw_dead) != n:
            raise PHHError(
                f"_splitpot_dead_blinds must give one amount per player ({n})", source=src
            )
        dead = _chips_list(raw_dead, "_splitpot_dead_blinds", src)
        for i in range(n):
            if dead[i] > antes[i]:
                raise PHHError(
                    f"antes of p{i + 1} ({antes[i]}) must include its dead blind ({dead[i]})",
                    source=src,
                )
            antes[i] -= dead[i]
    posted = sorted({b for b in blinds if b})
    if sum(1 for b in blinds if b) > 2 and "_splitpot_structure" not in hh.user_fields:
        raise UnsupportedHistory(
            f"blinds_or_straddles {raw_blinds}: straddles are not played", source=src
        )
    small = posted[0] if len(posted) > 1 else 0
    big = posted[-1] if posted else 0
    if hh.ante_trimming_status:
        antes = _trim_antes(hh, antes, stacks)
    uniform = antes[0] if len(set(antes)) == 1 else 0
    structure = _structure(hh, letter, small, big, uniform)
    policy = hh.user_fields.get("_splitpot_timeout_policy", "seed")
    if policy not in ("seed", "check_or_fold"):
        raise PHHError(f"unknown _splitpot_timeout_policy {policy!r}", source=src)

    def per_seat(values: list[int]) -> list[int]:
        out = [0] * count
        for k, v in enumerate(values):
            out[seat_of[k]] = v
        return out

    seat_stacks: list[int | None] = [None] * count
    for k, s in enumerate(stacks):
        seat_stacks[seat_of[k]] = s
    return _Setup(
        game,
        structure,
        seat_of,
        count,
        button,
        seat_stacks,
        per_seat(antes),
        per_seat(blinds),
        per_seat(dead),
        _rake(hh),
        str(policy),
    )


def _trim_antes(hh: HandHistory, antes: list[int], stacks: list[int]) -> list[int]:
    """``ante_trimming_status = true`` (spec "Ante Trimming Status", as PokerKit plays it):
    the part of the largest ante posted that no one matched goes back; then the antes count
    with the contributions. The engine keeps antes as dead money, which is the same hand
    exactly when the antes left are all equal: return them, or refuse."""
    posted = [min(a, s) for a, s in zip(antes, stacks)]  # noqa: B905 - same length
    second = sorted(posted)[-2]
    trimmed = [min(p, second) for p in posted]
    if len(set(trimmed)) > 1:
        short = min(range(len(trimmed)), key=trimmed.__getitem__)
        raise UnsupportedHistory(
            f"ante_trimming_status = true with unequal antes (p{short + 1} posts "
            f"{trimmed[short]}, others {max(trimmed)}): splitpot keeps antes as dead money, as "
            f"with ante_trimming_status = false",
            source=hh.source,
        )
    return trimmed


# --------------------------------------------------------------------------- actions

_NOOP, _DH, _DB, _F, _CC, _CBR, _SD, _SM, _PB, _TIMEOUT_ALL_IN = range(10)
_PLAYER_VERBS = {"f": _F, "cc": _CC, "cbr": _CBR, "sd": _SD, "sm": _SM, "pb": _PB}
_ALL_IN_NOTE = re.compile(r"p([1-9][0-9]*) timeout all-in")


class _Action(NamedTuple):
    at: int  # the index in ``actions``
    text: str
    kind: int
    player: int = -1  # 0-based PHH player
    cards: tuple[int | None, ...] | None = None  # None: no cards (muck, stand pat)
    amount: int = 0
    timeout: bool = False


class _Replayer:
    """Parses a history's actions and drives a :class:`Hand` through them."""

    def __init__(self, hh: HandHistory) -> None:
        self.hh = hh
        self.src = hh.source
        self.setup = _setup(hh)
        self.labels = {f"p{k + 1}": k for k in range(hh.player_count)}
        self.auto_discards: dict[int, int] = {}
        self.dealt_players: set[int] = set()

    def fail(self, reason: str, act: _Action | None = None) -> PHHError:
        if act is None:
            return PHHError(reason, source=self.src)
        return PHHError(reason, source=self.src, action_index=act.at, action=act.text)

    # ------------------------------------------------------------------ parsing

    def cards(self, text: str, index: int, action: str) -> tuple[int | None, ...]:
        cards = _card_tuple(text)
        if cards is not None:
            return cards
        if len(text) % 2:
            raise PHHError(
                f"{text!r} is not a list of two-character cards",
                source=self.src,
                action_index=index,
                action=action,
            )
        out: list[int | None] = []
        for i in range(0, len(text), 2):
            token = text[i : i + 2]
            code = _CODES.get(token)
            if code is None:
                if token != "??":
                    raise PHHError(
                        f"{token!r} is not a card (rank 2-9TJQKA or ?, then suit cdhs or ?)",
                        source=self.src,
                        action_index=index,
                        action=action,
                    )
            out.append(code)
        return tuple(out)

    def player(self, word: str, index: int, action: str) -> int:
        k = self.labels.get(word)
        if k is not None:
            return k
        n = self.hh.player_count
        raise PHHError(
            f"{word!r} is not a player (p1..p{n}) or the dealer (d)",
            source=self.src,
            action_index=index,
            action=action,
        )

    def parse(self) -> list[_Action]:
        acts: list[_Action] = []
        for index, text in enumerate(self.hh.actions):
            head, hash_, comment = text.partition("#")
            words = head.split()
            timeout = bool(hash_) and comment.strip() == "timeout"
            if not words:
                match = _ALL_IN_NOTE.fullmatch(comment.strip()) if hash_ else None
                if match is not None:
                    player = self.player("p" + match.group(1), index, text)
                    acts.append(_Action(index, text, _TIMEOUT_ALL_IN, player, timeout=True))
                else:
                    acts.append(_Action(index, text, _NOOP))
                continue
            first = words[0]
            size = len(words)
            if first == "d":
                if size == 3 and words[1] == "db":
                    acts.append(_Action(index, text, _DB, cards=self.cards(words[2], index, text)))
                    continue
                if size == 4 and words[1] == "dh":
                    player = self.player(words[2], index, text)
                    hole = self.cards(words[3], index, text)
                    acts.append(_Action(index, text, _DH, player, hole))
                    continue
                raise PHHError(
                    "a dealer action is 'd db CARDS' or 'd dh pN CARDS'",
                    source=self.src,
                    action_index=index,
                    action=text,
                )
            player = self.player(first, index, text)
            kind = _PLAYER_VERBS.get(words[1]) if size > 1 else None
            if kind is None or size > 3:
                raise PHHError(
                    "not a PHH action (pN f, cc, cbr AMOUNT, sd [CARDS], sm [CARDS|-], pb)",
                    source=self.src,
                    action_index=index,
                    action=text,
                )
            amount = 0
            cards: tuple[int | None, ...] | None = None
            if kind == _CBR:
                if size != 3:
                    raise self.fail("cbr needs an amount", _Action(index, text, kind))
                try:
                    value: Number = int(words[2])
                except ValueError:
                    try:
                        value = Decimal(words[2])
                    except ArithmeticError:
                        value = Decimal("NaN")
                    if not value.is_finite() or value <= 0:
                        raise self.fail(
                            f"{words[2]!r} is not an amount", _Action(index, text, kind)
                        ) from None
                try:
                    amount = _chips(value, "the amount", self.src)
                except PHHError as e:
                    raise type(e)(
                        e.reason, source=self.src, action_index=index, action=text
                    ) from None
            elif size == 3:
                if kind in (_F, _CC, _PB):
                    raise self.fail("this action takes no argument", _Action(index, text, kind))
                if kind == _SM and words[2] == "-":
                    cards = ()  # show the cards dealt
                else:
                    cards = self.cards(words[2], index, text)
            acts.append(_Action(index, text, kind, player, cards, amount, timeout))
        return acts

    # ------------------------------------------------------------------ cards

    def deal_plan(
        self, acts: Sequence[_Action]
    ) -> tuple[list[list[int] | None], list[int], set[int]]:
        """``(hole, board, unknown)``: the cards per engine seat (``None`` to deal from the
        deck), the board, and the engine seats holding stand-in cards."""
        game = self.setup.game
        want = game.hole_cards
        dealt: dict[int, tuple[int | None, ...]] = {}
        revealed: dict[int, list[tuple[int, _Action]]] = {}
        board: list[int] = []
        first_seen: dict[int, _Action] = {}

        def see(code: int, act: _Action) -> None:
            before = first_seen.get(code)
            if before is not None:
                raise self.fail(
                    f"card {_NAMES[code]} is dealt twice (first at action {before.at})", act
                )
            first_seen[code] = act

        for act in acts:
            kind = act.kind
            if kind == _DH:
                assert act.cards is not None
                if act.player in dealt:
                    raise self.fail(
                        f"p{act.player + 1} is dealt hole cards a second time; "
                        f"{game.name} deals them once",
                        act,
                    )
                if len(act.cards) != want:
                    raise self.fail(
                        f"{game.name} deals {want} hole cards, not {len(act.cards)}", act
                    )
                dealt[act.player] = act.cards
                for c in act.cards:
                    if c is not None:
                        see(c, act)
            elif kind == _DB:
                assert act.cards is not None
                for c in act.cards:
                    if c is None:
                        raise self.fail("board cards must be known, not ??", act)
                    see(c, act)
                    board.append(c)
            elif kind in (_SM, _SD) and act.cards:
                for c in act.cards:
                    if c is not None:
                        revealed.setdefault(act.player, []).append((c, act))
        hole: list[list[int] | None] = [None] * self.setup.seat_count
        unknown: set[int] = set()
        missing: list[int] = []
        for k in range(self.hh.player_count):
            cards = dealt.get(k)
            known = [c for c in cards or () if c is not None]
            for code, act in revealed.get(k, ()):
                if code in known:
                    continue
                if cards is not None and len(known) == want:
                    raise self.fail(
                        f"p{k + 1} was dealt {''.join(_NAMES[c] for c in known)}, "
                        f"not {_NAMES[code]}",
                        act,
                    )
                if len(known) == want:
                    raise self.fail(f"p{k + 1} cannot hold {_NAMES[code]} as well", act)
                see(code, act)
                known.append(code)
            seat = self.setup.seat_of[k]
            if len(known) == want:
                hole[seat] = known
            else:
                unknown.add(seat)
                if known:
                    hole[seat] = known
                    missing.append(seat)
        if missing:  # partly known hands: complete them with stand-ins from the deck
            rest = [c for c in range(52) if c not in first_seen]
            random.Random(0).shuffle(rest)
            for seat in missing:
                cards_ = hole[seat]
                assert cards_ is not None
                while len(cards_) < want:
                    cards_.append(rest.pop())
        self.dealt_players = set(dealt)
        return hole, board, unknown

    # ------------------------------------------------------------------ driving

    def run(self) -> Hand:
        acts = self.parse()
        hole, board, unknown = self.deal_plan(acts)
        s = self.setup
        try:
            hand = Hand(
                s.game,
                s.structure,
                s.stacks,
                button=s.button,
                seed=0,
                hole=hole,
                board=board,
                antes=s.antes,
                blinds=s.blinds,
                dead_blinds=s.dead,
                rake=s.rake,
                timeout_policy=s.timeout_policy,
                auto_showdown=False,
            )
        except ValueError as e:
            raise self.fail(f"cannot start the hand: {e}") from None
        self.drive(hand, acts, unknown)
        return hand

    def drive(self, hand: Hand, acts: Sequence[_Action], unknown: set[int]) -> None:
        seat_of = self.setup.seat_of
        boundaries = _board_boundaries(self.setup.game)
        dealt = _street_boards(self.setup.game)  # cheaper than len(hand.board)
        announced = 0  # board cards the history has dealt so far
        started = False
        shows: dict[int, _Action] = {}
        for act in acts:
            kind = act.kind
            if kind == _NOOP:
                continue
            if kind == _DH:
                if started:
                    raise self.fail("hole cards dealt after the play began", act)
                continue
            if not started:
                started = True
                missing = [k for k in range(self.hh.player_count) if k not in self.dealt_players]
                if missing:
                    k = missing[0]
                    raise self.fail(
                        f"p{k + 1} is never dealt hole cards ('d dh p{k + 1} ...', with ?? "
                        "for unknown cards)",
                        act,
                    )
            if kind == _DB:
                assert act.cards is not None
                end = announced + len(act.cards)
                nxt = next((b for b in boundaries if b > announced), None)
                if nxt is None:
                    raise self.fail("every board card has been dealt already", act)
                if end != nxt:
                    raise self.fail(
                        f"this street deals {nxt - announced} board card(s), not {len(act.cards)}",
                        act,
                    )
                if dealt[hand.street] < end:
                    raise self.fail(f"board dealt too early: {self.waiting(hand)}", act)
                announced = end
                continue
            if kind == _SM:
                if act.player in shows:
                    raise self.fail(f"p{act.player + 1} shows or mucks a second time", act)
                shows[act.player] = act
                continue
            seat = seat_of[act.player]
            actor = hand.actor
            if actor != seat or hand.phase is Phase.SHOWDOWN:
                if kind == _SD and act.timeout and self.auto_discarded(hand, act, seat):
                    continue
                raise self.fail(f"out of turn: {self.waiting(hand)}", act)
            if dealt[hand.street] != announced:
                street = hand.street
                raise self.fail(f"p{act.player + 1} acts before the {street} is dealt", act)
            try:
                self.apply(hand, act, seat)
            except IllegalAction as e:
                raise self.fail(f"{e} (seat {seat} is p{act.player + 1})", act) from None
        if shows or hand.phase is Phase.SHOWDOWN:
            self.showdown(hand, shows, unknown)
        shown = sum(1 for e in hand.events if isinstance(e, Showing))
        if hand.is_over and len(hand.board) > announced and shown > 1:
            # One hand left at showdown wins whatever the board (a muck at an all-in
            # showdown ends the hand before the runout, as in PokerKit); two need it.
            raise self.fail(
                f"the showdown needs {len(hand.board)} board cards; the history deals "
                f"{announced} ('d db')"
            )

    def auto_discarded(self, hand: Hand, act: _Action, seat: int) -> bool:
        """Whether the engine already discarded for a seat that had timed out (it throws
        the last card dealt, spec/poker.md §7): the history's ``sd ... # timeout`` says so."""
        done = self.auto_discards.setdefault(seat, 0)
        found = [
            e
            for e in hand.events
            if isinstance(e, TimingOut) and e.seat == seat and e.outcome == "discard"
        ]
        if len(found) <= done:
            return False
        record = found[done]
        if act.cards and act.cards[0] not in (None, record.card.code if record.card else None):
            raise self.fail(f"a timed-out seat discards its last card, {record.card}", act)
        self.auto_discards[seat] = done + 1
        return True

    def waiting(self, hand: Hand) -> str:
        """Who the hand waits for, with PHH player labels."""
        player_of = {seat: k for k, seat in enumerate(self.setup.seat_of)}
        actor = hand.actor
        if actor is None:
            return "the hand is over"
        label = f"p{player_of[actor] + 1}"
        if hand.phase is Phase.DISCARD:
            return f"{label} is to discard"
        if hand.phase is Phase.SHOWDOWN:
            return f"the betting is over; {label} is to show or muck"
        return f"{label} is to act ({hand.street})"

    def apply(self, hand: Hand, act: _Action, seat: int) -> None:
        kind = act.kind
        if act.timeout:
            self.timeout(hand, act, seat)
        elif kind == _F:
            hand.fold()
        elif kind == _CC:
            hand.check_or_call()
        elif kind == _CBR:
            hand.bet_or_raise_to(act.amount)
        elif kind == _SD:
            hand.discard(self.discarded(hand, act, seat))
        elif kind == _PB:
            raise self.fail(f"{hand.game.name} has no bring-in; blinds open the betting", act)
        else:  # pragma: no cover - every kind is handled above
            raise AssertionError(kind)

    def discarded(self, hand: Hand, act: _Action, seat: int) -> int:
        if hand.phase is not Phase.DISCARD:
            raise IllegalAction(f"no discard now: {self.waiting(hand)}")
        if not act.cards or len(act.cards) != 1:
            raise self.fail(f"{hand.game.name} discards exactly one card after the flop", act)
        code = act.cards[0]
        if code is None:  # an unknown card: one of the stand-ins
            return hand.hole(seat)[-1].code
        return code

    def timeout(self, hand: Hand, act: _Action, seat: int) -> None:
        """A timeout written as the action it amounted to (see the module docstring)."""
        phase = hand.phase
        if act.kind == _TIMEOUT_ALL_IN:
            want = "all_in"
        elif act.kind == _F:
            want = "fold"
        elif act.kind == _CC and phase is Phase.BETTING:
            want = "check"
        elif act.kind == _SD and phase is Phase.DISCARD:
            want = "discard"
            if act.cards and act.cards[0] not in (None, hand.hole(seat)[-1].code):
                raise self.fail("a timed-out discard throws the last card dealt", act)
        elif act.kind == _SM and act.cards is not None:
            want = "show"
        else:
            raise self.fail("a timeout amounts to a fold, check, discard or show", act)
        policy_default = "fold"
        if phase is Phase.BETTING:
            if self.setup.timeout_policy == "check_or_fold":
                policy_default = "check" if hand.legal_actions().check else "fold"
            elif hand.contributions[seat] > 0:
                policy_default = "all_in"
        protected = not (want == "fold" and policy_default != "fold")
        record = hand.timeout(protected=protected)
        if record.outcome != want:
            raise self.fail(f"a timeout here {record.outcome.replace('_', ' ')}s, not {want}", act)

    def showdown(self, hand: Hand, shows: dict[int, _Action], unknown: set[int]) -> None:
        """Apply the shows and mucks in the engine's order (spec/poker.md §5)."""
        player_of = {seat: k for k, seat in enumerate(self.setup.seat_of)}
        while hand.phase is Phase.SHOWDOWN:
            seat = hand.actor
            assert seat is not None
            act = shows.pop(player_of[seat], None)
            if act is None:
                if shows:
                    other = min(shows.values(), key=lambda a: a.at)
                    raise self.fail(
                        f"p{player_of[seat] + 1} must show or muck first, and the history "
                        f"has no showdown action for p{player_of[seat] + 1}",
                        other,
                    )
                return  # the history stops before this decision
            try:
                if act.cards is None:
                    hand.muck()
                    continue
                if seat in unknown:
                    raise self.fail(
                        f"p{act.player + 1}'s hole cards are unknown (??) and the showdown "
                        "needs them",
                        act,
                    )
                self.check_shown(hand, act, seat)
                if act.timeout:
                    record = hand.timeout()
                    assert record.outcome == "show"
                else:
                    hand.show()
            except IllegalAction as e:
                raise self.fail(str(e), act) from None
        for act in sorted(shows.values(), key=lambda a: a.at):
            seat = self.setup.seat_of[act.player]
            folded = hand.status(seat) is SeatStatus.FOLDED
            if folded or not hand.is_over or not self.contested(hand):
                raise self.fail(
                    f"p{act.player + 1} {'shows' if act.cards is not None else 'mucks'}, "
                    "but there is no showdown for it",
                    act,
                )
            if act.cards is None:
                raise self.fail(
                    f"p{act.player + 1} mucks, but every other hand was mucked: the last hand "
                    "wins without showing",
                    act,
                )
            self.check_shown(hand, act, seat)

    @staticmethod
    def contested(hand: Hand) -> bool:
        return any(isinstance(e, (Showing, Mucking)) for e in hand.events)

    def check_shown(self, hand: Hand, act: _Action, seat: int) -> None:
        assert act.cards is not None
        held = {c.code for c in hand.hole(seat)}
        for c in act.cards:
            if c is not None and c not in held:
                raise self.fail(
                    f"p{act.player + 1} shows {_NAMES[c]}, which it does not hold "
                    f"({''.join(_NAMES[h] for h in sorted(held))})",
                    act,
                )


@functools.lru_cache(maxsize=8192)
def _card_tuple(text: str) -> tuple[int | None, ...] | None:
    """The codes of a PHH card string (``None`` for ``??``), or ``None`` if it is not one."""
    if len(text) % 2:
        return None
    out: list[int | None] = []
    for i in range(0, len(text), 2):
        token = text[i : i + 2]
        code = _CODES.get(token)
        if code is None and token != "??":
            return None
        out.append(code)
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _street_boards(game: Game) -> dict[str, int]:
    """Board cards dealt by the time each street is played (``showdown``: all of them)."""
    out = {}
    total = 0
    for street in game.streets:
        total += street.board
        out[street.name] = total
    out["showdown"] = total
    return out


def _board_boundaries(game: Game) -> list[int]:
    out = []
    total = 0
    for street in game.streets:
        if street.board:
            total += street.board
            out.append(total)
    return out


def replay(history: HandHistory) -> Hand:
    """Play every action of ``history`` through splitpot's :class:`~splitpot.hand.Hand`.

    Returns the hand (over, or where the history stops). Raises
    :class:`UnsupportedHistory` for a variant or feature splitpot does not play, and
    :class:`PHHError` naming the file, the action's index and the reason for anything that
    breaks the rules. How each field and action is read: see the module docstring.
    """
    return _Replayer(history).run()


# --------------------------------------------------------------------------- comparing


@dataclass(frozen=True)
class Comparison:
    """How a replayed hand's stacks compare with the history's ``finishing_stacks``.

    ``status`` is ``"match"`` (equal), ``"odd_chip"`` (the history records a split pot as
    fractional chips, e.g. ``10112.5``, and every difference is less than one chip unit, on
    seats that shared a pot), ``"mismatch"``, or ``"unchecked"`` (no ``finishing_stacks``).
    ``player`` is the first differing player (0-based), ``expected`` and ``got`` the stacks
    per player. The spec allows ``finishing_stacks`` for a hand that is not over: they are
    then the chips behind after the last action.
    """

    status: Literal["match", "odd_chip", "mismatch", "unchecked"]
    expected: tuple[Number, ...] = ()
    got: tuple[int, ...] = ()
    player: int | None = None

    def __str__(self) -> str:
        if self.player is None:
            return self.status
        k = self.player
        return (
            f"{self.status}: p{k + 1} finishes with {self.got[k]}, the history says "
            f"{self.expected[k]}"
        )


def compare(history: HandHistory, hand: Hand) -> Comparison:
    """Compare ``hand`` (from :func:`replay`) with ``history.finishing_stacks``."""
    expected = history.finishing_stacks
    seat_of, _, _ = _layout(history)
    stacks = hand.final_stacks if hand.is_over else hand.stacks
    got = tuple(stacks[s] for s in seat_of)
    if expected is None:
        return Comparison("unchecked", (), got)
    want = tuple(expected)
    diffs = [k for k in range(len(got)) if got[k] != want[k]]
    if not diffs:
        return Comparison("match", want, got)
    unit = hand.structure.chip_unit
    split = _split_seats(hand) if hand.is_over else set()
    odd = all(abs(got[k] - want[k]) < unit and seat_of[k] in split for k in diffs)  # type: ignore[operator]
    return Comparison("odd_chip" if odd else "mismatch", want, got, diffs[0])


def _split_seats(hand: Hand) -> set[int]:
    """The seats that were paid part of a pot that another seat was paid part of too."""
    winners: dict[int, set[int]] = {}
    for a in hand.result.awards:
        winners.setdefault(a.pot, set()).add(a.seat)
    return {s for seats in winners.values() if len(seats) > 1 for s in seats}


Status = Literal["match", "odd_chip", "mismatch", "unchecked", "unsupported", "error"]


@dataclass(frozen=True)
class Outcome:
    """What replaying one history gave: ``status`` is a :class:`Comparison` status,
    ``"unsupported"`` (:class:`UnsupportedHistory`) or ``"error"`` (:class:`PHHError`);
    ``detail`` says why, ``variant`` is the history's variant code."""

    source: str
    status: Status
    detail: str = ""
    variant: str = ""


def check(history: HandHistory) -> Outcome:
    """Replay ``history`` and compare it with its ``finishing_stacks``; never raises a
    :class:`PHHError` (it becomes the outcome)."""
    source = history.source or "<string>"
    try:
        hand = replay(history)
    except UnsupportedHistory as e:
        return Outcome(source, "unsupported", str(e), history.variant)
    except PHHError as e:
        return Outcome(source, "error", str(e), history.variant)
    comparison = compare(history, hand)
    detail = "" if comparison.status in ("match", "unchecked") else f"{source}: {comparison}"
    return Outcome(source, comparison.status, detail, history.variant)


def check_file(path: str | os.PathLike[str]) -> list[Outcome]:
    """:func:`check` every hand of a ``.phh`` or ``.phhs`` file."""
    name = os.fspath(path)
    try:
        text, _ = _read(name)
        histories = loads_all(text, source=name)
    except PHHError as e:
        return [Outcome(name, "error", str(e))]
    except (OSError, UnicodeDecodeError) as e:
        return [Outcome(name, "error", f"{name}: {e}")]
    return [check(h) for h in histories]


def find_files(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """Every ``.phh`` and ``.phhs`` file under ``paths`` (files are taken as given),
    sorted within each directory."""
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(str(f) for f in sorted(path.rglob("*")) if f.suffix in (".phh", ".phhs"))
        else:
            out.append(str(path))
    return out


def check_files(
    files: Sequence[str | os.PathLike[str]],
    *,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[Outcome]:
    """:func:`check_file` on every file, in order; ``jobs > 1`` runs that many worker
    processes (started with "spawn": a script that calls this with ``jobs > 1`` needs the
    usual ``if __name__ == "__main__":`` guard). ``progress(done, total)`` is called as
    files finish."""
    names = [os.fspath(f) for f in files]
    total = len(names)
    out: list[Outcome] = []
    if jobs <= 1 or total < 2:
        for done, name in enumerate(names, 1):
            out.extend(check_file(name))
            if progress is not None:
                progress(done, total)
        return out
    # "spawn": no fork of a process that may run threads; workers import splitpot afresh.
    context = multiprocessing.get_context("spawn")
    chunk = max(1, min(256, total // (jobs * 8)))
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        for done, outcomes in enumerate(pool.map(check_file, names, chunksize=chunk), 1):
            out.extend(outcomes)
            if progress is not None:
                progress(done, total)
    return out


# --------------------------------------------------------------------------- writing


def _from_hand(cls: type[HandHistory], hand: Hand, extra: Mapping[str, Any]) -> HandHistory:
    events = hand.events
    start = events[0]
    assert isinstance(start, HandStarting)
    order = hand.seats  # dealt seats, clockwise from the button's left
    n = len(order)
    player_of = {seat: k for k, seat in enumerate(order)}
    game, structure = start.game, start.structure
    code, standard = _variant_code(game, structure)

    antes = [start.antes[s] + start.dead_blinds[s] for s in order]
    blinds = [start.blinds[s] for s in order]
    if n == 2:
        antes.reverse()
        blinds.reverse()
    fields: dict[str, Any] = {
        "variant": code,
        "antes": antes,
        "blinds_or_straddles": blinds,
        "starting_stacks": [start.stacks[s] for s in order],
        "actions": _actions(events, player_of),
    }
    if isinstance(structure, FixedLimit):
        fields["small_bet"] = structure.small_bet
        fields["big_bet"] = structure.big_bet
    else:
        fields["min_bet"] = structure.big_blind
    count = len(start.stacks)
    if order != list(range(n)) or count != n:
        fields["seats"] = [s + 1 for s in order]
        fields["seat_count"] = count
    if hand.is_over:
        result = hand.result
        fields["finishing_stacks"] = [result.final_stacks[s] for s in order]
        fields["winnings"] = [result.winnings(s) for s in order]
    user: dict[str, Any] = {}
    if not standard:
        user["_splitpot_variant"] = game.code
    user["_splitpot_structure"] = _structure_table(structure)
    if start.button != order[-1]:
        user["_splitpot_button"] = start.button
    if any(start.dead_blinds):
        user["_splitpot_dead_blinds"] = [start.dead_blinds[s] for s in order]
    if start.rake is not None:
        rake = start.rake
        percent = rake.percent
        table: dict[str, Any] = {
            "percent": percent if isinstance(percent, int) else str(percent),
            "no_flop_no_drop": rake.no_flop_no_drop,
        }
        if rake.cap is not None:
            table["cap"] = rake.cap
        user["_splitpot_rake"] = table
    if start.timeout_policy != "seed":
        user["_splitpot_timeout_policy"] = start.timeout_policy
    if start.seed is not None:
        user["_splitpot_seed"] = start.seed
    for key, value in extra.items():
        if key in _KNOWN_FIELDS:
            fields[key] = value
        elif key == "user_fields":
            user.update(value)
        else:
            user[key] = value
    return cls(**fields, user_fields=user)


def _structure_table(structure: Structure) -> dict[str, Any]:
    table: dict[str, Any] = {"kind": structure.kind.value}
    if isinstance(structure, FixedLimit):
        table["small_bet"] = structure.small_bet
        table["big_bet"] = structure.big_bet
    table["small_blind"] = structure.small_blind
    table["big_blind"] = structure.big_blind
    table["ante"] = structure.ante
    table["chip_unit"] = structure.chip_unit
    if isinstance(structure, FixedLimit):
        table["max_raises"] = structure.max_raises
        hu = structure.heads_up_max_raises
        table["heads_up_max_raises"] = "none" if hu is None else hu
        table["half_bet_rule"] = structure.half_bet_rule
    return table


_DECISIONS = (Folding, Checking, Calling, Betting, RaisingTo, Discarding, TimingOut)


def _is_showdown(e: Operation) -> bool:
    return isinstance(e, (Showing, Mucking)) or (isinstance(e, TimingOut) and e.outcome == "show")


def _actions(events: Sequence[Operation], player_of: Mapping[int, int]) -> list[str]:
    """The PHH actions of a hand's events; an all-in showdown goes before the runout."""
    shows = [i for i, e in enumerate(events) if _is_showdown(e)]
    runout: set[int] = set()
    if shows:
        first = shows[0]
        decisions = [
            i
            for i, e in enumerate(events[:first])
            if isinstance(e, _DECISIONS) and not _is_showdown(e)
        ]
        after = decisions[-1] if decisions else 0
        runout = {i for i in range(after + 1, first) if isinstance(events[i], BoardDealing)}
    out: list[str] = []
    held: list[str] = []
    skip_next_show = False
    for i, e in enumerate(events):
        line: str | None = None
        if isinstance(e, HoleDealing):
            line = f"d dh p{player_of[e.seat] + 1} {''.join(map(str, e.cards))}"
        elif isinstance(e, BoardDealing):
            line = f"d db {''.join(map(str, e.cards))}"
            if i in runout:
                held.append(line)
                line = None
        elif isinstance(e, TimingOut):
            p = f"p{player_of[e.seat] + 1}"
            if e.outcome == "fold":
                line = f"{p} f # timeout"
            elif e.outcome == "check":
                line = f"{p} cc # timeout"
            elif e.outcome == "discard":
                line = f"{p} sd {e.card} # timeout"
            elif e.outcome == "show":
                shown = events[i + 1]
                assert isinstance(shown, Showing)
                line = f"{p} sm {''.join(map(str, shown.cards))} # timeout"
                skip_next_show = True
            else:
                line = f"# {p} timeout all-in"
        elif isinstance(e, Showing):
            if skip_next_show:
                skip_next_show = False
            else:
                line = f"p{player_of[e.seat] + 1} sm {''.join(map(str, e.cards))}"
        elif isinstance(e, Mucking):
            line = f"p{player_of[e.seat] + 1} sm"
        elif isinstance(e, Folding):
            line = f"p{player_of[e.seat] + 1} f"
        elif isinstance(e, (Checking, Calling)):
            line = f"p{player_of[e.seat] + 1} cc"
        elif isinstance(e, (Betting, RaisingTo)):
            line = f"p{player_of[e.seat] + 1} cbr {e.amount}"
        elif isinstance(e, Discarding):
            line = f"p{player_of[e.seat] + 1} sd {e.card}"
        if line is not None:
            out.append(line)
        if held and shows and i == shows[-1]:
            out.extend(held)
            held = []
    out.extend(held)
    return out
