"""A poker hand's rows: the history replayed through the engine, read into the schema.

:func:`poker_rows` replays a :class:`~splitpot.phh.HandHistory` (PHH, a site's text, any
format read into one) and walks the engine's records once: the actions with their street
and raise level, the streets, the chips each seat put in; then the facts the statistics
count (:mod:`splitpot.db.facts`), the result (the site's statement where it gives one, the
engine's otherwise) and the all-in equity (:mod:`splitpot.db.ev`). It runs in the import's
worker processes; what it returns is plain tuples, cheap to send back to the writer.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from splitpot._amounts import Amounts
from splitpot._core import SplitpotError
from splitpot.betting import FixedLimit
from splitpot.db import ev
from splitpot.db.facts import Act, action_order, facts, positions
from splitpot.db.schema import FACTS
from splitpot.hand import (
    AntePosting,
    Betting,
    BlindPosting,
    BoardDealing,
    BringingIn,
    Calling,
    Checking,
    ChipsReturning,
    Discarding,
    Folding,
    Hand,
    HoleDealing,
    Mucking,
    Operation,
    PotAwarding,
    RaisingTo,
    Showing,
    SittingOut,
    TimingOut,
)
from splitpot.phh import HandHistory, compare, replay
from splitpot.phh.setup import seat_layout  # the one home of the seats' layout (players to seats)

HAND_COLUMNS = (
    "hand_key format site site_hand variant game game_name structure hi_lo stud small_blind "
    "big_blind straddle small_bet big_bet bring_in ante bb stakes currency unit played_at "
    "time_zone level seat_count players button board pot rake site_rake checked allin_street ev"
).split()
"""The ``hands`` columns a worker fills, in order (the writer adds the ids and the file)."""
SEAT_COLUMNS = [
    *(
        "seat site_seat player_id position act_order starting_stack cards contributed "
        "collected net rake_paid site_winnings site_final"
    ).split(),
    *FACTS,
    "allin_ev",
    "ev_net",
]
"""The ``seats`` columns after ``hand_id``; ``player_id`` is ``None`` until the writer
looks the name up."""


class Unfinished(SplitpotError):
    """A history that stops before the hand is over: its result is not known."""


@dataclass
class HandRows:
    """One hand's rows for every table, without its ids (the writer gives them)."""

    key: str
    hand: tuple[Any, ...]
    players: list[tuple[str, str] | None]
    seats: list[tuple[Any, ...]]
    tournament: tuple[str, str] | None = None
    table: tuple[str, str] | None = None
    streets: list[tuple[Any, ...]] = field(default_factory=list)
    actions: list[tuple[Any, ...]] = field(default_factory=list)
    pots: list[tuple[Any, ...]] = field(default_factory=list)
    results: list[tuple[Any, ...]] = field(default_factory=list)


def _ordered(row: dict[str, Any]) -> tuple[Any, ...]:
    """A ``hands`` row by name as the tuple of :data:`HAND_COLUMNS` (every column, once)."""
    assert len(row) == len(HAND_COLUMNS)
    return tuple(row[c] for c in HAND_COLUMNS)


def hand_key(hh: HandHistory) -> str:
    """The hand's stable key: ``site|number`` for a site's hand (the number a site gives is
    unique on that site, in any format it is read from), else ``phh|`` and a digest of every
    field of the history."""
    site = hh.user_fields.get("_site")
    if site and hh.hand is not None:
        return f"{site}|{hh.hand}"
    return content_key("phh", hh.to_dict())


def content_key(kind: str, fields: dict[str, Any]) -> str:
    """``kind|`` and a BLAKE2b digest of a history's fields (sorted, as JSON): the key of a
    hand no site numbered, the same for the same history wherever it is read."""
    text = json.dumps(fields, sort_keys=True, default=str, ensure_ascii=False)
    return f"{kind}|" + hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def played_at(year: object, month: object, day: object, time: object) -> str | None:
    """``YYYY-MM-DD`` and `` HH:MM:SS`` when the history gives them."""
    if not all(isinstance(v, int) for v in (year, month, day)):
        return None
    try:
        text = datetime.date(year, month, day).isoformat()  # type: ignore[arg-type]
    except ValueError:
        return None
    return f"{text} {time.isoformat()}" if isinstance(time, datetime.time) else text


class _Walk:
    """One pass over the engine's records: actions, streets, chips in, folds."""

    def __init__(self, hand: Hand) -> None:
        game = hand.game
        self.hand = hand
        self.street_of = {s.name: i for i, s in enumerate(game.streets)}
        self.names = [s.name for s in game.streets]
        self.stud = game.forced_bets == "bring_in"
        n = hand.seat_count
        self.street = -1
        self.raises = 0
        self.bets = [0] * n
        self.put = [0] * n
        self.folded: set[int] = set()
        self.dealt: dict[int, int] = {}
        self.rows: list[tuple[Any, ...]] = []  # street seat kind amount total all_in raises cards
        self.acts: list[Act] = []
        self.streets: list[tuple[Any, ...]] = []
        self.saw_flop: set[int] = set()
        self.results: list[tuple[Any, ...]] = []
        self.last_decision = -1
        self.last_street = 0
        self.bring_in: int | None = None
        self.first_actor: int | None = None
        self.shown: dict[int, str] = {}
        for index, e in enumerate(hand.events):
            self.record(index, e)

    def begin(self, street: int, cards: str) -> None:
        if street <= self.street:
            return
        self.street, self.raises = street, 0
        if street:  # street 0 begins with its deal, after the blinds (its first bets)
            self.bets = [0] * len(self.bets)
        players = len(self.hand.seats) - len(self.folded)
        self.streets.append((street, self.names[street], cards, players, sum(self.put)))
        if street == 1:
            self.saw_flop = set(self.hand.seats) - self.folded

    def add(self, seat: int, kind: str, amount: int = 0, **kw: Any) -> None:
        total, all_in, cards = kw.get("total"), kw.get("all_in", False), kw.get("cards")
        self.rows.append(
            (max(self.street, 0), seat, kind, amount, total, int(all_in), self.raises, cards)
        )
        if kind in ("fold", "check", "call", "bet", "raise", "timeout"):
            self.acts.append(Act(max(self.street, 0), seat, kind, self.raises))
            if self.street == 0 and self.first_actor is None:
                self.first_actor = seat
            if kind in ("bet", "raise"):
                self.raises += 1

    def chips(self, seat: int, amount: int, *, bet: bool = True) -> None:
        self.put[seat] += amount
        if bet:
            self.bets[seat] += amount

    def record(self, index: int, e: Operation) -> None:
        match e:
            case BoardDealing(street, cards):
                self.begin(self.street_of[street], "".join(map(str, cards)))
            case HoleDealing(seat, _, _):
                self.dealt[seat] = self.dealt.get(seat, 0) + 1
                self.begin(self.dealt[seat] - 1 if self.stud else 0, "")
            case AntePosting(seat, amount):
                self.chips(seat, amount, bet=False)
                self.add(seat, "ante", amount)
            case BlindPosting(seat, amount, dead):
                self.chips(seat, amount, bet=not dead)
                self.add(seat, "dead_blind" if dead else "blind", amount)
            case BringingIn(seat, amount, all_in):
                self.chips(seat, amount)
                self.bring_in = seat
                self.add(seat, "bring_in", amount, all_in=all_in)
            case Calling(seat, amount, all_in):
                self.chips(seat, amount)
                self.decided(index, seat, "call", amount, all_in=all_in)
            case Betting(seat, amount, all_in) | RaisingTo(seat, amount, all_in):
                added = amount - self.bets[seat]
                self.chips(seat, added)
                kind = "bet" if isinstance(e, Betting) else "raise"
                self.decided(index, seat, kind, added, total=amount, all_in=all_in)
            case Checking(seat):
                self.decided(index, seat, "check")
            case Folding(seat) | SittingOut(seat):
                self.folded.add(seat)
                self.decided(index, seat, "fold")
            case TimingOut(seat, outcome, card):
                self.timed_out(index, seat, str(outcome), card)
            case Discarding(seat, card):
                self.add(seat, "discard", cards=str(card))
            case Showing(seat, cards, _):
                self.shown[seat] = "".join(map(str, cards))
                self.add(seat, "show", cards=self.shown[seat])
            case Mucking(seat):
                self.add(seat, "muck")
            case ChipsReturning(seat, amount):
                self.put[seat] -= amount
                self.bets[seat] = max(0, self.bets[seat] - amount)
                self.add(seat, "return", amount)
            case PotAwarding(a):
                self.results.append((len(self.results), a.pot, a.side, a.seat, a.amount, a.why))

    def decided(self, index: int, seat: int, kind: str, amount: int = 0, **kw: Any) -> None:
        self.last_decision, self.last_street = index, max(self.street, 0)
        self.add(seat, kind, amount, **kw)

    def timed_out(self, index: int, seat: int, outcome: str, card: Any) -> None:
        """A timeout is the action it amounted to (docs/rules/poker.md §7)."""
        if outcome == "fold":
            self.folded.add(seat)
        if outcome in ("fold", "check", "all_in"):
            self.decided(index, seat, "timeout" if outcome == "all_in" else outcome)
        elif outcome == "discard":
            self.add(seat, "discard", cards=None if card is None else str(card))
        else:
            self.add(seat, "show")


def known_cards(hh: HandHistory, walk: _Walk) -> set[int]:
    """The engine seats whose hole cards the history knows: dealt without ``?``, or shown."""
    seat_of, _, _ = seat_layout(hh)
    unknown: set[int] = set()
    for text in hh.actions:
        words = text.partition("#")[0].split()
        if len(words) == 4 and words[:2] == ["d", "dh"] and "?" in words[3]:
            k = int(words[2][1:]) - 1
            unknown.add(seat_of[k])
    return (set(seat_of) - unknown) | set(walk.shown)


def poker_rows(hh: HandHistory, fmt: str) -> HandRows:
    """The rows of one history, replayed. Raises what :func:`splitpot.phh.replay` raises
    (:class:`~splitpot.phh.PHHError`, :class:`~splitpot.phh.UnsupportedHistory`) and
    :class:`Unfinished`."""
    hand = replay(hh)
    if not hand.is_over:
        raise Unfinished(f"{hh.source or '<string>'}: the history stops before the hand is over")
    walk = _Walk(hand)
    seat_of, _, _ = seat_layout(hh)
    known = known_cards(hh, walk)
    money = _Money(hh, hand, walk, seat_of)
    allin = ev.allin_ev(hand, walk.last_decision, walk.last_street, known)
    order = _first_round_order(hand, walk)
    position = positions(order, stud=walk.stud)
    acting = action_order(order, stud=walk.stud)
    found = facts(walk.acts, hand.seats, position, blind_game=not walk.stud, saw_flop=walk.saw_flop)
    _showdown(hand, walk, found)
    seats = []
    for k, seat in enumerate(seat_of):
        cards = "".join(map(str, hand.hole(seat))) if seat in known else None
        seats.append(
            (
                seat,
                hh.seats[k] if hh.seats else k + 1,
                None,
                position[seat],
                acting.index(seat),
                hand.starting_stacks[seat],
                cards,
                *money.seat(k, seat),
                *(found[seat][name] for name in FACTS),
                *money.expected(seat, allin),
            )
        )
    key = hand_key(hh)
    return HandRows(
        key=key,
        hand=_ordered({"hand_key": key, **_hand_row(hh, hand, walk, money, allin, fmt)}),
        players=_players(hh),
        seats=seats,
        tournament=(money.site, str(hh.event)) if hh.event else None,
        table=(money.site, str(hh.table)) if hh.table is not None else None,
        streets=walk.streets,
        actions=[(i, *row) for i, row in enumerate(walk.rows)],
        pots=[
            (i, p.amount, ",".join(map(str, p.eligible))) for i, p in enumerate(hand.result.pots)
        ],
        results=walk.results,
    )


def _players(hh: HandHistory) -> list[tuple[str, str] | None]:
    site = str(hh.user_fields.get("_site", ""))
    if hh.players is None:
        return [None] * len(hh.starting_stacks)
    return [(site, name) for name in hh.players]


def _first_round_order(hand: Hand, walk: _Walk) -> list[int]:
    """The seats as :func:`~splitpot.db.facts.positions` reads them: from the small blind;
    in stud from the bring-in (or the first to act, when no one brought in)."""
    seats = hand.seats
    if not walk.stud:
        return seats
    first = walk.bring_in if walk.bring_in is not None else walk.first_actor
    start = seats.index(first) if first in seats else 0
    return seats[start:] + seats[:start]


def _showdown(hand: Hand, walk: _Walk, found: dict[int, dict[str, int]]) -> None:
    """WTSD and W$SD; in a hi/lo game the scoop and the halves of the main pot."""
    still_in = set(hand.seats) - walk.folded
    if len(still_in) < 2:
        return
    main = [a for a in hand.result.awards if a.pot == 0]
    for seat in still_in & walk.saw_flop:
        f = found[seat]
        f["wtsd"] = 1
        f["wsd"] = int(hand.result.winnings(seat) > 0)
        if hand.game.hi_lo:
            f["scoop"] = int(bool(main) and all(a.seat == seat for a in main))
            f["won_high"] = int(any(a.seat == seat and a.side != "low" for a in main))
            f["won_low"] = int(any(a.seat == seat and a.side == "low" for a in main))


class _Money:
    """What each seat put in, collected and won: the site's statement where the history
    carries one in whole units, the engine's otherwise; the rake shared by what was put in."""

    def __init__(self, hh: HandHistory, hand: Hand, walk: _Walk, seat_of: list[int]) -> None:
        self.hh, self.hand = hh, hand
        self.site = str(hh.user_fields.get("_site", ""))
        site_rake = hh.user_fields.get("_site_rake")
        self.site_rake = site_rake if type(site_rake) is int else None
        self.rake = hand.result.rake if self.site_rake is None else self.site_rake
        self.put = walk.put
        self.awarded = [hand.result.winnings(s) for s in range(hand.seat_count)]
        self.shares = _rake_shares(self.rake, {s: walk.put[s] for s in seat_of})
        # The history's own result, when it gives one in whole units (a split written as
        # half chips is the engine's, docs/histories.md).
        self.final = hh.finishing_stacks if _ints(hh.finishing_stacks) else None
        self.won = hh.winnings if _ints(hh.winnings) else None
        self.net = {}
        for k, seat in enumerate(seat_of):
            if self.final is not None:
                self.net[seat] = int(self.final[k]) - hand.starting_stacks[seat]
            else:
                self.net[seat] = hand.result.net[seat]

    def seat(self, k: int, seat: int) -> tuple[Any, ...]:
        """contributed, collected, net, rake_paid, site_winnings, site_final."""
        winnings = None if self.won is None else self.won[k]
        final = None if self.final is None else self.final[k]
        net = self.net[seat]
        collected = winnings if winnings is not None else net + self.put[seat]
        return (self.put[seat], collected, net, self.shares.get(seat, 0), winnings, final)

    def expected(self, seat: int, allin: ev.AllIn) -> tuple[float | None, float]:
        """allin_ev and ev_net: the pots shared by the equity when the money went in, the
        rake the engine took (if any) in proportion; net where there was no such moment."""
        net = self.net[seat]
        if allin.shares is None:
            return None, float(net)
        share = allin.shares.get(seat, 0.0)
        pots = sum(allin.pots)
        scale = sum(self.awarded) / pots if pots else 1.0
        return share, net + share * scale - self.awarded[seat]


def _ints(values: object) -> bool:
    return isinstance(values, list) and all(type(v) is int for v in values)


def _rake_shares(rake: int, put: dict[int, int]) -> dict[int, int]:
    """The rake shared in proportion to what each seat put in, in whole units: the
    remainders go to the largest fractions, ties to the lower seat (PokerTracker's
    "weighted contributed")."""
    total = sum(put.values())
    if not rake or not total:
        return {}
    shares = {s: rake * p // total for s, p in put.items()}
    left = rake - sum(shares.values())
    by_fraction = sorted(put, key=lambda s: (-(rake * put[s] % total), s))
    for s in by_fraction[:left]:
        shares[s] += 1
    return shares


def _hand_row(
    hh: HandHistory, hand: Hand, walk: _Walk, money: _Money, allin: ev.AllIn, fmt: str
) -> dict[str, Any]:
    """The ``hands`` columns but ``hand_key``, by name."""
    game, st = hand.game, hand.structure
    stud = walk.stud
    start = hand.events[0]
    blinds = [] if stud else sorted(b for b in start.blinds if b)  # type: ignore[attr-defined]
    small_blind = 0 if stud else st.small_blind or 0
    big_blind = 0 if stud else st.big_blind or 0
    fixed = isinstance(st, FixedLimit)
    small_bet, big_bet = (st.small_bet, st.big_bet) if fixed else (0, 0)  # type: ignore[attr-defined]
    unit = str(hh.user_fields.get("_site_unit", "1"))
    amounts = Amounts.of(hh.user_fields, hh.currency, hh.currency_symbol)
    low, high = (small_bet, big_bet) if fixed else (small_blind, big_blind)
    return {
        "format": fmt,
        "site": money.site,
        "site_hand": None if hh.hand is None else str(hh.hand),
        "variant": hh.variant,
        "game": game.code,
        "game_name": game.name,
        "structure": st.kind.value.replace("_", "-"),
        "hi_lo": int(game.hi_lo),
        "stud": int(stud),
        "small_blind": small_blind,
        "big_blind": big_blind,
        "straddle": max((b for b in blinds if b > big_blind), default=0),
        "small_bet": small_bet,
        "big_bet": big_bet,
        "bring_in": (st.bring_in or 0) if fixed and stud else 0,  # type: ignore[attr-defined]
        "ante": max(start.antes, default=0),  # type: ignore[attr-defined]
        "bb": big_bet if stud else big_blind,
        "stakes": f"{amounts(low)}/{amounts(high)}",
        "currency": "" if unit == "1" else hh.currency or hh.currency_symbol or "",
        "unit": unit,
        "played_at": played_at(hh.year, hh.month, hh.day, hh.time),
        "time_zone": hh.time_zone_abbreviation or hh.time_zone,
        "level": hh.level,
        "seat_count": hand.seat_count,
        "players": len(hand.seats),
        "button": None if stud else hand.button,
        "board": "".join(map(str, hand.board)),
        "pot": sum(walk.put),
        "rake": money.rake,
        "site_rake": money.site_rake,
        "checked": compare(hh, hand).status,
        "allin_street": allin.street,
        "ev": allin.status,
    }


__all__ = ["HAND_COLUMNS", "SEAT_COLUMNS", "HandRows", "Unfinished", "hand_key", "poker_rows"]
