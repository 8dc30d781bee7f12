"""Reading an OHH hand's header: its unit, flags, seats and players, game, stakes and the
fields that describe it (site, table, date, tournament). A part of the reader
(:mod:`splitpot.ohh.read`), which reads the rounds and the pots."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from splitpot.betting import FixedLimit
from splitpot.games import GAMES, Game
from splitpot.limits import PHH_MAX_SEATS, shown
from splitpot.ohh.fields import Fields, _bounded
from splitpot.ohh.games import BET_TYPES, HOLE_CARDS, game_of
from splitpot.phh.variants import StructureClass

CENT = Decimal("0.01")
CHIP = Decimal(1)
PLAY_MONEY = ("", "XPM", "PPC")
"""Currencies of chips with no money value (spec "currency": ``XPM``, formerly ``PPC``), and
a hand that names none: read in whole chips."""
EXTENSION = "_splitpot"
"""The key of splitpot's own object in a hand it writes: what OHH cannot say (see
:mod:`splitpot.ohh`). Other readers ignore a key they do not know."""

_DERIVED = {
    "_site",
    "_site_rake",
    "_site_unit",
    "_splitpot_button",
    "_splitpot_dead_blinds",
    "_splitpot_cap",  # bet_limit.bet_cap
}
_OVERRIDES = ("ante_trimming_status", "small_bet", "big_bet")


@dataclass(eq=False)
class Player:
    """A player dealt in, and what the reader learns of him hand by hand."""

    id: int
    seat: int
    name: str
    stack: int
    k: int = 0  # PHH index
    ante: int = 0
    blind: int = 0
    dead: int = 0
    put_in: int = 0
    street_in: int = 0
    folded: bool = False
    deals: dict[int, list[str]] = field(default_factory=dict)  # street -> known cards
    shown: list[str] | None = None
    mucked: bool = False
    revealed: list[str] = field(default_factory=list)  # a muck's cards
    won: int | Decimal = 0


class Header:
    """The header of the hand ``data``; ``f`` reads its fields (and names its errors)."""

    def __init__(self, f: Fields, data: dict[str, Any], unit: Decimal | None) -> None:
        self.f = f
        self.data = data
        f.text(data, "spec_version")
        f.game_number = f.text(data, "game_number")
        self.ext: dict[str, Any] = f.table(data, EXTENSION, "", {})
        self.user: dict[str, Any] = {}  # the PHH user fields
        self.user.update(self.user_fields())
        self.fields: dict[str, Any] = {}  # PHH fields: seats
        self.tournament = f.flag(data, "tournament", "", False) or bool(
            f.table(data, "tournament_info", "", {})
        )
        f.unit = self.unit(unit)
        self.flags()
        self.players: list[Player] = []  # dealt in, PHH order
        self.by_id: dict[int, Player] = {}
        self.seat_players()
        self.cap: int | None = None  # bet_limit.bet_cap, in units
        self.game, self.kind = self.game_and_structure()
        self.small = self.big = 0  # the blinds (stud: the bring-in and the smallest bet)
        self.stakes = self.stake_fields()

    def unit(self, given: Decimal | None) -> Decimal:
        """The chip unit (module docstring "Amounts"): ``unit=``, else the unit splitpot wrote,
        else a cent of a cash game's currency, else one chip."""
        if given is not None:
            return given
        if "unit" in self.ext:
            text = self.f.text(self.ext, "unit", f"{EXTENSION}.")
            try:
                unit = Decimal(text)
            except InvalidOperation:
                unit = Decimal(-1)
            if not unit.is_finite() or unit <= 0 or not _bounded(unit):
                raise self.f.fail(f"{EXTENSION}.unit {shown(text)} is not a positive amount")
            return unit
        currency = self.f.text(self.data, "currency", "", "")
        return CHIP if self.tournament or currency in PLAY_MONEY else CENT

    def flags(self) -> None:
        flags = self.f.array(self.data, "flags", "", [])
        if not all(isinstance(f, str) for f in flags):
            raise self.f.fail(f"field 'flags' must be an array of strings, got {shown(flags)}")
        if "Bomb_Pot" in flags:
            raise self.f.unsupported("a bomb pot (flag Bomb_Pot): no preflop betting")
        if flags:
            self.user["_ohh_flags"] = list(flags)

    def seat_players(self) -> None:
        """The players dealt in, in PHH order: clockwise from the seat after the dealer's."""
        data = self.data
        # Seat numbers are the site's (iPoker's and 888's go to 10 at a six- or nine-seat
        # table, in the spec's own examples): any seat 1..10, the table as large as its last.
        size = self.f.integer(data, "table_size")
        if not 2 <= size <= PHH_MAX_SEATS:
            raise self.f.fail(f"table_size {size}: a table has 2 to {PHH_MAX_SEATS} seats")
        dealer = self.f.integer(data, "dealer_seat")
        if not 1 <= dealer <= PHH_MAX_SEATS:
            raise self.f.fail(f"dealer_seat {dealer} is not a seat 1..{PHH_MAX_SEATS}")
        seats: set[int] = set()
        dealt: list[Player] = []
        for i, obj in enumerate(self.f.objects(data, "players")):
            path = f"players[{i}]."
            p = Player(
                self.f.integer(obj, "id", path),
                self.f.integer(obj, "seat", path),
                self.f.text(obj, "name", path),
                self.f.units(obj, "starting_stack", path, required=True),
            )
            if p.id in self.by_id or p.seat in seats:
                raise self.f.fail(f"{path}: player id {p.id} or seat {p.seat} is given twice")
            if not 1 <= p.seat <= PHH_MAX_SEATS:
                raise self.f.fail(f"{path}seat {p.seat} is not a seat 1..{PHH_MAX_SEATS}")
            seats.add(p.seat)
            self.by_id[p.id] = p
            if p.stack > 0 and not self.f.flag(obj, "is_sitting_out", path, False):
                dealt.append(p)
        if len(dealt) < 2:
            raise self.f.fail(f"{len(dealt)} player(s) dealt in: a hand needs two")
        dealt.sort(key=lambda p: p.seat)
        order = [p for p in dealt if p.seat > dealer] + [p for p in dealt if p.seat <= dealer]
        for k, p in enumerate(order):
            p.k = k
        self.players = order
        size = max(size, dealer, *seats)
        trivial = [p.seat for p in order] == list(range(1, len(order) + 1)) and size == len(order)
        if not trivial or order[-1].seat != dealer:
            self.fields["seats"] = [p.seat for p in order]
            self.fields["seat_count"] = size
        if order[-1].seat != dealer:
            self.user["_splitpot_button"] = dealer - 1  # an empty seat, or one sitting out

    def game_and_structure(self) -> tuple[Game, StructureClass]:
        data = self.data
        name = self.f.text(data, "game_type")
        if name == "Draw":
            raise self.f.unsupported("a draw game (game_type Draw): splitpot plays no draw game")
        counts = HOLE_CARDS.get(name)
        if counts is None:
            raise self.f.fail(
                f"game_type {shown(name)} is not one of the spec's (Holdem, Omaha, OmahaHiLo, "
                "Stud, StudHiLo, Draw) nor splitpot's Razz"
            )
        limit = self.f.table(data, "bet_limit")
        bet_type = self.f.text(limit, "bet_type", "bet_limit.")
        kind = BET_TYPES.get(bet_type)
        if kind is None:
            raise self.f.fail(f"bet_limit.bet_type {shown(bet_type)} is not NL, PL or FL")
        # The most each player may put in the hand (capped no limit, docs/rules/poker.md §3).
        self.cap = self.f.units(limit, "bet_cap", "bet_limit.") or None
        if self.cap is not None:
            self.user["_splitpot_cap"] = self.cap
        named = self.user.get("_splitpot_variant")
        if isinstance(named, str) and named in GAMES:
            count = GAMES[named].hole_cards
        else:
            count = self._hole_count(counts)
        game = game_of(name, count)
        if game is None:
            raise self.f.fail(
                f"{name} is dealt {', '.join(map(str, counts))} hole cards, not {count}"
            )
        return game, kind

    def _hole_count(self, counts: tuple[int, ...]) -> int:
        """The hole cards each player is dealt: what ``Dealt Cards`` show (the first of
        ``counts`` when no cards are known)."""
        if len(counts) == 1:
            return counts[0]
        rounds = self.f.objects(self.data, "rounds")
        seen = {
            len(self.f.cards(a, "cards", ""))
            for r in rounds[:1]
            for a in r.get("actions") or ()
            if isinstance(a, dict) and a.get("action") == "Dealt Cards"
        }
        if len(seen) > 1:
            raise self.f.fail(f"players are dealt {sorted(seen)} cards: one count for every player")
        return seen.pop() if seen else counts[0]

    def stake_fields(self) -> dict[str, Any]:
        """The structure's fields: ``min_bet`` the big blind; fixed limit's small bet the big
        blind and big bet twice it; stud's bring-in the small blind field."""
        data = self.data
        small = self.f.units(data, "small_blind_amount")
        big = self.f.units(data, "big_blind_amount")
        out: dict[str, Any] = {}
        if self.kind is FixedLimit:
            out["small_bet"], out["big_bet"] = big, 2 * big
        else:
            out["min_bet"] = big
        if self.game.forced_bets == "bring_in":
            out["bring_in"] = small
        self.small, self.big = small, big
        for name in _OVERRIDES:
            if name in self.ext:
                value = self.ext[name]
                want = bool if name == "ante_trimming_status" else int
                if type(value) is not want:
                    raise self.f.fail(
                        f"{EXTENSION}.{name} must be {want.__name__}, got {shown(value)}"
                    )
                out[name] = value
        return out

    def metadata(self) -> dict[str, Any]:
        data = self.data
        out: dict[str, Any] = {"hand": self.f.game_number} if self.f.game_number else {}
        site = self.f.text(data, "site_name", "", "")
        if site:
            self.user["_site"] = site
            self.user["_site_unit"] = str(self.f.unit)
        table = self.f.text(data, "table_name", "", "")
        if table:
            out["table"] = table
        currency = self.f.text(data, "currency", "", "")
        if currency not in PLAY_MONEY and not self.tournament:
            out["currency"] = currency
        info = self.f.table(data, "tournament_info", "", {})
        if info:
            name = self.f.text(info, "name", "tournament_info.", "")
            number = self.f.text(info, "tournament_number", "tournament_info.", "")
            out["event"] = name or (f"Tournament #{number}" if number else "Tournament")
            if not has_null(info):
                self.user["_ohh_tournament_info"] = info
        out.update(self._date(self.f.text(data, "start_date_utc", "", "")))
        hero = self.f.integer(data, "hero_player_id", "", None)
        if hero is not None and hero in self.by_id:
            self.user["_ohh_hero"] = self.by_id[hero].name
        return out

    def _date(self, text: str) -> dict[str, Any]:
        """``year``, ``month``, ``day``, ``time`` and ``time_zone`` of ``start_date_utc``
        (spec: ISO 8601, in UTC; an offset given is converted)."""
        if not text:
            return {}
        try:
            when = datetime.datetime.fromisoformat(
                text.removesuffix("Z") + ("+00:00" if text.endswith("Z") else "")
            )
        except ValueError:
            raise self.f.fail(
                f"start_date_utc {shown(text)} is not an ISO 8601 date and time"
            ) from None
        if when.tzinfo is not None:
            when = when.astimezone(datetime.timezone.utc).replace(tzinfo=None)
        return {
            "year": when.year,
            "month": when.month,
            "day": when.day,
            "time": when.time(),
            "time_zone": "UTC",
        }

    def user_fields(self) -> dict[str, Any]:
        """The PHH user fields splitpot wrote (``_splitpot.user_fields``), but those this
        reader derives from the hand itself."""
        fields = self.f.table(self.ext, "user_fields", f"{EXTENSION}.", {})
        for key, value in fields.items():
            if not key.startswith("_") or has_null(value):
                raise self.f.fail(f"{EXTENSION}.user_fields: {shown(key)} is not a user field")
        return {k: v for k, v in fields.items() if k not in _DERIVED}


def has_null(value: Any) -> bool:
    """Whether a JSON value holds a ``null`` (which no PHH field can)."""
    if value is None:
        return True
    if isinstance(value, dict):
        return any(has_null(v) for v in value.values())
    if isinstance(value, list):
        return any(has_null(v) for v in value)
    return False
