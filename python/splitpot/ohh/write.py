"""Writing: a hand as one OHH hand object. The amounts and the order of play are the
engine's (a history is replayed first: PHH's ``cc`` has no amount, OHH's ``Call`` has);
the cards are the history's, so that a card the history does not know (``??``, which the
replay fills with a stand-in) is never written as if it were."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from splitpot import __version__
from splitpot.betting import FixedLimit
from splitpot.hand import (
    AntePosting,
    Betting,
    BlindPosting,
    BoardDealing,
    BringingIn,
    Calling,
    Checking,
    Folding,
    Hand,
    HandStarting,
    HoleDealing,
    Mucking,
    Operation,
    RaisingTo,
    Showing,
    SittingOut,
    TimingOut,
)
from splitpot.ohh.errors import OHHError, UnsupportedOHH
from splitpot.ohh.games import BET_TYPE_OF, SHOWDOWN, game_type, refused, street_name
from splitpot.ohh.header import CENT, CHIP, EXTENSION, PLAY_MONEY, has_null
from splitpot.ohh.read import trimmed
from splitpot.phh.record import HandHistory
from splitpot.phh.setup import seat_layout

SPEC_VERSION = "1.4.7"
"""The version of the OHH specification splitpot writes (spec "spec_version")."""
_DERIVED = {
    "_site",
    "_site_rake",
    "_site_unit",
    "_splitpot_button",
    "_splitpot_dead_blinds",
    "_splitpot_cap",  # bet_limit.bet_cap
}
_OWN = {"_ohh_hero", "_ohh_flags", "_ohh_tournament_info"}  # said by OHH's own fields


class _Cards:
    """The cards a history knows: each player's deals in order (``None`` for ``??``), the
    board streets, and every card a player shows."""

    def __init__(self, hh: HandHistory) -> None:
        self.deals: dict[int, list[list[str | None]]] = {}
        self.boards: list[list[str]] = []
        self.known: dict[int, set[str]] = {}
        self.shows: dict[int, list[str]] = {}  # the cards of each player's last show
        for action in hh.actions:
            words = action.partition("#")[0].split()
            match words:
                case ["d", "dh", label, cards]:
                    k = int(label[1:]) - 1
                    dealt = [None if c == "??" else c for c in _pairs(cards)]
                    self.deals.setdefault(k, []).append(dealt)
                    self.known.setdefault(k, set()).update(c for c in dealt if c)
                case ["d", "db", cards]:
                    self.boards.append(list(_pairs(cards)))
                case [label, "sm" | "sd" as verb, cards]:
                    k = int(label[1:]) - 1
                    known = self.known.setdefault(k, set())
                    shown = [c for c in _pairs(cards) if c != "??"] if cards != "-" else []
                    known.update(shown)
                    if verb == "sm":
                        self.shows[k] = shown or [c for d in self.deals.get(k, []) for c in d if c]

    def deal(self, k: int, up: int) -> list[str]:
        """The known cards of player ``k``'s next deal: all, the ``up`` cards of a stud
        street whose down cards are unknown, or none."""
        queue = self.deals.get(k)
        dealt = queue.pop(0) if queue else []
        if None not in dealt:
            return dealt  # type: ignore[return-value]
        if up and None not in dealt[-up:]:
            return dealt[-up:]  # type: ignore[return-value]
        return []


def _pairs(cards: str) -> Iterator[str]:
    return (cards[i : i + 2] for i in range(0, len(cards), 2))


class _Writer:
    def __init__(self, hh: HandHistory, hand: Hand, unit: Decimal) -> None:
        start = hand.events[0]
        assert isinstance(start, HandStarting)
        self.hh, self.hand, self.start, self.unit = hh, hand, start, unit
        self.game = start.game
        name = game_type(self.game)
        if name is None:
            raise UnsupportedOHH(refused(self.game), source=hh.source)
        self.game_type = name
        self.seat_of, self.seat_count, _ = seat_layout(hh)
        self.k_of = {seat: k for k, seat in enumerate(self.seat_of)}
        self.cards = _Cards(hh)
        self.rounds: list[dict[str, Any]] = []
        self.street = -1
        self.run = 0  # the run of the board being dealt (docs/rules/poker.md §6)
        self.street_in = [0] * self.seat_count
        self.left = [s or 0 for s in start.stacks]
        self.deals = [0] * self.seat_count
        self.antes = [0] * self.seat_count
        self.shown: set[int] = set()  # players with a Shows Cards
        self.posted: set[int] = set()  # seats that posted a live blind
        self.timeouts: list[dict[str, int]] = []  # all-in timeouts, for the extension

    def fail(self, reason: str) -> OHHError:
        return OHHError(reason, source=self.hh.source)

    def amount(self, units: int | Decimal) -> Decimal:
        """``units`` of the unit as the decimal OHH writes: to the unit's places when whole
        (``1.50``), else exactly (half a chip of a split pot)."""
        value = units * self.unit
        if units == int(units):
            places = self.unit.as_tuple().exponent
            return value.quantize(self.unit) if isinstance(places, int) and places < 0 else value
        return value.normalize()

    # ------------------------------------------------------------------ rounds

    def new_round(self, street: int, cards: list[str] | None = None) -> None:
        self.street = street
        self.street_in = [0] * self.seat_count
        name = SHOWDOWN if street == len(self.game.streets) else street_name(self.game, street)
        self.rounds.append({"id": len(self.rounds), "street": name, "cards": cards, "actions": []})

    def act(
        self,
        seat: int,
        action: str,
        amount: int = 0,
        *,
        all_in: bool = False,
        cards: list[str] | None = None,
    ) -> None:
        actions = self.rounds[-1]["actions"]
        entry: dict[str, Any] = {
            "action_number": len(actions) + 1,
            "player_id": self.k_of[seat],
            "action": action,
            "amount": self.amount(amount),
            "is_allin": all_in,
        }
        if cards is not None:
            entry["cards"] = cards
        actions.append(entry)

    def put(self, seat: int, amount: int, live: bool = True) -> bool:
        """Chips into the pot; ``True`` when they were the seat's last."""
        self.left[seat] -= amount
        if live:
            self.street_in[seat] += amount
        return self.left[seat] == 0

    def walk(self) -> None:
        self.new_round(0)
        for event in self.hand.events[1:]:
            self.event(event)
        for k in self.cards.shows:  # shown after the pot was decided (the history's word)
            if k not in self.shown:
                self.showdown()
                self.act(self.seat_of[k], "Shows Cards", cards=self.cards.shows[k])
        self.rounds = [r for r in self.rounds if r["actions"] or r["cards"]]
        for r in self.rounds:
            if not r["cards"]:
                del r["cards"]

    def event(self, e: Operation) -> None:
        """The OHH action of one event of the hand: a post or a deal, else :meth:`play`."""
        match e:
            case AntePosting(seat=seat, amount=amount):
                self.antes[seat] += amount
                self.act(seat, "Post Ante", amount, all_in=self.put(seat, amount, live=False))
            case BlindPosting(seat=seat, amount=amount, dead=True):
                self.act(seat, "Post Dead", amount, all_in=self.put(seat, amount, live=False))
            case BlindPosting(seat=seat, amount=amount):
                self.posted.add(seat)
                self.act(seat, self.blind_name(seat), amount, all_in=self.put(seat, amount))
            case HoleDealing(seat=seat, up=up):
                if not any(self.deals):
                    self.unposted()
                self.deals[seat] += 1
                if self.deals[seat] - 1 > self.street:
                    self.new_round(self.deals[seat] - 1)
                cards = self.cards.deal(self.k_of[seat], len(up))
                if cards:
                    self.act(seat, "Dealt Cards", cards=cards)
            case BoardDealing(street=name, cards=cards, run=run):
                # Each run of a board run more than once deals its streets again: rounds of
                # the same streets under the next ids, and the flag Run_It_Twice (§6).
                index = [s.name for s in self.game.streets].index(name)
                known = self.cards.boards.pop(0) if self.cards.boards else None
                if known is not None and known != [str(c) for c in cards]:
                    raise self.fail(f"the board {known} is not the replay's {cards}")
                if index > self.street or run > self.run:
                    self.run = run
                    self.new_round(index, known)
                else:
                    self.rounds[-1]["cards"] = known  # stud's community card (§4.2)
            case _:
                self.play(e)

    def play(self, e: Operation) -> None:
        """The OHH action of a player's decision, show or muck."""
        match e:
            case BringingIn(seat=seat, amount=amount, all_in=all_in):
                self.put(seat, amount)
                self.act(seat, "Bring In", amount, all_in=all_in)
            case Folding(seat=seat) | TimingOut(seat=seat, outcome="fold"):
                self.act(seat, "Fold")
            case Checking(seat=seat) | TimingOut(seat=seat, outcome="check"):
                self.act(seat, "Check")
            case Calling(seat=seat, amount=amount, all_in=all_in):
                self.put(seat, amount)
                self.act(seat, "Call", amount, all_in=all_in)
            case (
                Betting(seat=seat, amount=to, all_in=all_in)
                | RaisingTo(seat=seat, amount=to, all_in=all_in)
            ):
                more = to - self.street_in[seat]
                self.put(seat, more)
                self.act(seat, "Bet" if isinstance(e, Betting) else "Raise", more, all_in=all_in)
            case Showing(seat=seat, cards=cards):
                self.showdown()
                self.shown.add(self.k_of[seat])
                seen = self.cards.known.get(self.k_of[seat], set())
                self.act(seat, "Shows Cards", cards=[str(c) for c in cards if str(c) in seen])
            case Mucking(seat=seat):
                self.showdown()
                self.act(seat, "Mucks Cards")
            case TimingOut(seat=seat, outcome="all_in"):
                # All-in for what he has put in (docs/rules/poker.md §7): no OHH action; the
                # extension says where it was, before the round's next action.
                r = self.rounds[-1]
                self.timeouts.append(
                    {
                        "round": r["id"],
                        "before": len(r["actions"]) + 1,
                        "player_id": self.k_of[seat],
                    }
                )
            case SittingOut():
                raise UnsupportedOHH(
                    "a player sat out during the hand (a fold out of turn): OHH has no "
                    "action for it",
                    source=self.hh.source,
                )

    def unposted(self) -> None:
        """A blind owed by a seat the ante put all-in: posted as nothing, all-in, so that the
        reader knows the others still call it (docs/rules/poker.md §4.1)."""
        for seat, due in enumerate(self.start.blinds):
            if due and seat not in self.posted and self.start.stacks[seat]:
                self.act(seat, self.blind_name(seat), 0, all_in=True)

    def blind_name(self, seat: int) -> str:
        """The spec's name of a live blind (``Post SB``, ``Post BB``, a ``Straddle`` above the
        big blind, else ``Post Extra Blind``), by the blind the seat owes."""
        due, structure = self.start.blinds[seat], self.start.structure
        if due == structure.big_blind:
            return "Post BB"
        if due == structure.small_blind:
            return "Post SB"
        return "Straddle" if due > structure.big_blind else "Post Extra Blind"

    def showdown(self) -> None:
        if self.street < len(self.game.streets):
            self.new_round(len(self.game.streets))

    # ------------------------------------------------------------------ the result

    def pots(self) -> list[dict[str, Any]]:
        """The engine's pots, each paid as the history says: its finishing stacks where it
        has them (a site's hand: less the rake, which the pots then keep; a split pot's
        odd chip as the site gave it), else as the replay paid it."""
        hand = self.hand
        if not hand.is_over:
            return []
        result = hand.result
        wins: list[dict[int, int | Decimal]] = [{} for _ in result.pots]
        for a in result.awards:
            wins[a.pot][a.seat] = wins[a.pot].get(a.seat, 0) + a.amount
        if self.hh.finishing_stacks is not None:
            self.settle(wins, result.pots)
        if not result.pots:  # over with nothing in the pot: an empty one says it is over
            return [
                {"number": 0, "amount": self.amount(0), "rake": self.amount(0), "player_wins": []}
            ]
        return [
            {
                "number": i,
                "amount": self.amount(pot.amount),
                "rake": self.amount(pot.amount - sum(wins[i].values())),
                "player_wins": [
                    {"player_id": self.k_of[seat], "win_amount": self.amount(won)}
                    for seat, won in sorted(wins[i].items())
                    if won
                ],
            }
            for i, pot in enumerate(result.pots)
        ]

    def settle(self, wins: list[dict[int, int | Decimal]], pots: Any) -> None:
        """Move the wins to the history's finishing stacks: what a player got less than the
        replay is taken off his wins (the pot keeps it, as rake), what he got more is paid
        from what the pots keep, those he may win first."""
        final = self.hand.result.final_stacks
        want = self.hh.finishing_stacks or []
        delta = {s: want[k] - final[s] for k, s in enumerate(self.seat_of) if want[k] != final[s]}
        for seat, d in sorted(delta.items(), key=lambda sd: sd[1]):
            owed = -d
            order = list(range(len(pots)))
            if d > 0:
                order.sort(key=lambda i: seat not in pots[i].eligible)
            for i in order:
                if d < 0:
                    take = min(owed, wins[i].get(seat, 0))
                else:
                    take = -min(-owed, pots[i].amount - sum(wins[i].values()))
                wins[i][seat] = wins[i].get(seat, 0) - take
                owed -= take
            if owed:
                raise self.fail(
                    f"p{self.k_of[seat] + 1} finishes with {want[self.k_of[seat]]} in the "
                    f"history and {final[seat]} in the replay: no pot pays the difference"
                )

    # ------------------------------------------------------------------ the hand

    def ohh(self) -> dict[str, Any]:
        self.walk()
        hh, start, structure = self.hh, self.start, self.start.structure
        stud = self.game.forced_bets == "bring_in"
        small, big = structure.small_blind, structure.big_blind
        if stud:  # the bring-in in the small blind's field, the smallest bet in the big's
            small = structure.bring_in_amount
            big = structure.small_bet if isinstance(structure, FixedLimit) else big
        tournament = hh.currency is None and hh.event is not None
        currency = "" if tournament else hh.currency or PLAY_MONEY[1]
        players = [
            {
                "id": k,
                "seat": seat + 1,
                "name": hh.players[k] if hh.players else f"p{k + 1}",
                "starting_stack": self.amount(start.stacks[seat] or 0),
            }
            for k, seat in enumerate(self.seat_of)
        ]
        out: dict[str, Any] = {
            "spec_version": SPEC_VERSION,
            "site_name": str(hh.user_fields.get("_site", "")),
            "network_name": str(hh.user_fields.get("_site", "")),
            "internal_version": __version__,
            "tournament": tournament,
            "game_number": "" if hh.hand is None else str(hh.hand),
            "start_date_utc": _date(hh),
            "table_name": "" if hh.table is None else str(hh.table),
            "game_type": self.game_type,
            "bet_limit": {
                "bet_type": BET_TYPE_OF[structure.kind],
                "bet_cap": self.amount(start.cap or 0),  # capped no limit (§3)
            },
            "table_size": self.seat_count,
            "currency": currency,
            "dealer_seat": start.button + 1,
            "small_blind_amount": self.amount(small),
            "big_blind_amount": self.amount(big),
            "ante_amount": self.amount(max(start.antes)),
        }
        self.tournament(out)
        out["players"] = players
        out["rounds"] = self.rounds
        out["pots"] = self.pots()
        ext = self.extension(big, currency, tournament)
        if ext:
            out[EXTENSION] = ext
        return out

    def tournament(self, out: dict[str, Any]) -> None:
        user, hh = self.hh.user_fields, self.hh
        info = user.get("_ohh_tournament_info")
        if isinstance(info, dict):
            out["tournament_info"] = info
        elif out["tournament"]:
            out["tournament_info"] = {"name": hh.event}
        hero = user.get("_ohh_hero")
        if hh.players and hero in hh.players:
            out["hero_player_id"] = hh.players.index(hero)
        flags = user.get("_ohh_flags")
        flags = list(flags) if isinstance(flags, list) else []
        if self.hand.runs > 1 and "Run_It_Twice" not in flags:
            flags.append("Run_It_Twice")  # spec "flags": two or more sets of board cards
        if flags:
            out["flags"] = flags

    def extension(self, big: int, currency: str, tournament: bool) -> dict[str, Any]:
        """What OHH cannot say and the reader would not infer (module :mod:`splitpot.ohh`)."""
        ext: dict[str, Any] = {}
        default = CHIP if tournament or currency in PLAY_MONEY else CENT
        if self.unit != default:
            ext["unit"] = str(self.unit)
        structure = self.start.structure
        if isinstance(structure, FixedLimit):
            if structure.small_bet != big:
                ext["small_bet"] = structure.small_bet
            if structure.big_bet != 2 * big:
                ext["big_bet"] = structure.big_bet
        antes = [self.antes[s] for s in self.seat_of]
        shared = self.start.antes_shared
        if (
            any(antes)
            and trimmed(antes, [self.start.stacks[s] or 0 for s in self.seat_of]) == shared
        ):
            ext["ante_trimming_status"] = not shared
        user = {
            k: v
            for k, v in self.hh.user_fields.items()
            if k not in _DERIVED and k not in _OWN and _is_json(v)
        }
        if user:
            ext["user_fields"] = user
        if self.timeouts:
            ext["timeouts"] = self.timeouts
        return ext


def _is_json(value: Any) -> bool:
    """A value :func:`~splitpot.ohh.text.dumps_json` writes and the reader takes back (no
    ``null``, no TOML date)."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and _is_json(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_is_json(v) for v in value)
    return isinstance(value, (str, int, Decimal)) and not has_null(value)


def _date(hh: HandHistory) -> str:
    """``start_date_utc``: the history's date and time in UTC, when its zone is known (an
    IANA ``time_zone``, or ``UTC``/``GMT``); else ``""`` (unknown)."""
    if hh.year is None or hh.month is None or hh.day is None:
        return ""
    zone_name = hh.time_zone or hh.time_zone_abbreviation or ""
    if not zone_name:
        return ""
    if zone_name.upper() in ("UTC", "GMT", "Z"):
        zone: datetime.tzinfo = datetime.timezone.utc
    else:
        try:
            from zoneinfo import ZoneInfo

            zone = ZoneInfo(zone_name)
        except (ValueError, KeyError, ImportError, OSError):
            return ""
    try:
        when = datetime.datetime.combine(
            datetime.date(hh.year, hh.month, hh.day), hh.time or datetime.time(), zone
        )
    except ValueError:
        return ""
    return when.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")


def write_hand(hh: HandHistory, hand: Hand, unit: Decimal) -> dict[str, Any]:
    """The OHH hand object of ``hand``, replayed from (or written as) ``hh``."""
    return _Writer(hh, hand, unit).ohh()
