"""A text history format for Pan hands: TOML in the spirit of PHH (docs/rules/pan.md §4-§6).

A history holds what is needed to deal the hand again and every decision taken, one string
an action; :func:`replay` plays them through :class:`~splitpot.pan.game.PanHand`'s public API,
so a history that breaks a rule fails at the offending action. An unfinished hand, two
players in, p3 sluffing::

    variant = "pan"
    seed = 6
    first = 1
    starting_stacks = [20, 20, 20]
    actions = [
        "p1 play",
        "p3 sluff",
        "p2 play",
        "p1 draw # 3s",
        "p1 reject",
        "p2 draw # 4h",
        "p2 reject",
        "p1 draw # Ad",
        "p1 reject",
        "p2 take # Ad",
        "p2 meld AcAdAdAd # pays 0",
        "p2 discard 2s",
        "p1 draw # 2d",
    ]

    [rules]
    sluff_forfeit = 2

Fields (all keys but ``variant``, ``seed``, ``starting_stacks`` and ``actions`` optional):

* ``variant = "pan"``.
* ``seed``: the deck's shuffle (:class:`~splitpot.pan.Deck`), 0..2**64-1. It also seeds the
  reshuffles of §6.6, so it is written even with ``deck``.
* ``starting_stacks``: the chips of the players dealt in, in seat order. The players are
  ``p1``, ``p2``, ... in that order. ``seats`` (their 1-based seat numbers) and
  ``seat_count`` appear when some seats of the hand were not dealt in.
* ``first``: the player (1-based, as in ``p1``) who is first hand (§6.1); default 1.
* ``carry``: tops carried over from the last hand (§5.2, §6.6); default 0.
* ``rules``: a table of the :class:`~splitpot.pan.PanRules` fields that differ from the
  defaults, by their Python names; enums by their config strings (``rotation = "cw"``) and
  ``extra_cards`` as a string of cards.
* ``deck``: the cards in order, top first, as one string (``"7c Jh ..."``), when the hand was
  dealt from a given deck instead of the seeded shuffle.
* ``actions``: one string a decision, in order.
* ``finishing_stacks``: the players' chips at the end, written for a finished hand; replay
  checks them.

Grammar of an action (``pK`` is a player, ``CARD`` a card like ``7c`` or ``Jh``, ``CARDS``
one or more cards written together without spaces, ``6c6h6s``, and ``MELD`` the CARDS of one
of the player's melds on the table, in any order)::

    action  := player " " verb [ " #" comment ]
    verb    := "play" | "sluff"                     # the declaration (§5.2)
             | "draw" | "take"                      # from the stock / the live discard (§6.2)
             | "reject"                             # the drawn stock card (§6.3)
             | "meld " CARDS                        # a new meld (§6.4)
             | "layoff " MELD " " CARDS             # a lay-off on own meld (§6.4, §4.2)
             | "split " MELD " " PART [ " " ADDED ] # lay off ADDED, split off PART (§6.4)
             | "borrow " MELD " " TAKE " " CARDS    # TAKE from MELD into a new meld (§6.4)
             | "discard " CARD                      # from the hand, ends the turn (§6.3)
             | "claim"                              # the pays, before discarding (§4.5)
             | "splittops"                          # the two left divide the tops (§5.2)
             | "demand"                             # call for the live discard (§6.5)

Every action is the decision of the player to act, except ``demand``: under ``forcing =
onDemand`` another player calls for the live discard before the player to act draws, and the
action names the caller. ``splittops`` is made by the first hand for both players left.

A comment after `` #`` is ignored on reading. :func:`dumps` writes the card taken as a
comment after ``draw`` and ``take`` (``# 7c``), and the pays after the meld operations
(``# pays 2``): the engine computes the pays again, so a history cannot forge them. The
initial upcard (§6.1) is dealt, not an action. Everything the hand does by itself (posting,
the deal, pays, a reshuffle, going out) follows from the actions and is not written.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import IO, Any

from splitpot._core import IllegalAction, SplitpotError
from splitpot._toml import Reader
from splitpot.limits import PAN_MAX_ACTIONS, PAN_MAX_SEATS, shown
from splitpot.pan.cards import Card, parse_cards
from splitpot.pan.game import PanHand, decision_of
from splitpot.pan.melds import Borrow, LayOff, NewMeld, Split
from splitpot.pan.records import (
    Claim,
    Demand,
    Discard,
    Draw,
    Drawing,
    Move,
    PanEvent,
    PanStarting,
    Play,
    Reject,
    Sluff,
    SplitTops,
    Take,
    TopsSplitting,
)
from splitpot.pan.rules import PanRules

__all__ = [
    "PanHistory",
    "PanHistoryError",
    "action_of",
    "actions",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "move_of",
    "replay",
    "text_of",
]

_DEFAULTS = PanRules()


class PanHistoryError(SplitpotError):
    """A Pan history that is not valid or breaks the rules of the game: ``source`` names the
    file (with ``[key]`` for a hand of several; ``None`` for text), ``action_index`` is the
    index in ``actions`` of the offending action (``None`` for a field)."""

    def __init__(
        self,
        reason: str,
        *,
        action_index: int | None = None,
        action: str | None = None,
        source: str | None = None,
    ) -> None:
        self.reason = reason
        self.action_index = action_index
        self.action = action
        self.source = source
        where = "" if source is None else f"{source}: "
        if action_index is not None:
            where += f"action {action_index} ({shown(action)}): "
        super().__init__(where + reason)

    def __reduce__(self) -> tuple[Any, ...]:
        kwargs = {"action_index": self.action_index, "action": self.action, "source": self.source}
        return (_rebuild_error, (self.reason, kwargs))


def _rebuild_error(reason: str, kwargs: dict[str, Any]) -> PanHistoryError:
    return PanHistoryError(reason, **kwargs)


@dataclass(frozen=True)
class PanHistory:
    """One Pan hand as its history file holds it (see the module's grammar)."""

    seed: int
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    first: int = 1
    """The first hand, as a 1-based player number."""
    carry: int = 0
    rules: PanRules = _DEFAULTS
    deck: tuple[Card, ...] | None = None
    seats: tuple[int, ...] | None = None
    """The 1-based seat of each player, when not every seat of the hand was dealt in."""
    seat_count: int | None = None
    finishing_stacks: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        # The limits (docs/limits.md) before anything is built from the fields.
        if len(self.actions) > PAN_MAX_ACTIONS:
            raise PanHistoryError(
                f"actions: {len(self.actions)} of them, more than the {PAN_MAX_ACTIONS} read"
            )
        if len(self.starting_stacks) > PAN_MAX_SEATS:
            raise PanHistoryError(
                f"starting_stacks: more than the {PAN_MAX_SEATS} seats a hand has"
            )
        if self.seats is not None:
            _check_seats(self.seats, self.seat_count, len(self.starting_stacks))

    @property
    def seat_of(self) -> tuple[int, ...]:
        """The 0-based seat of each player (``p1`` first)."""
        if self.seats is None:
            return tuple(range(len(self.starting_stacks)))
        return tuple(s - 1 for s in self.seats)

    def stacks(self) -> list[int | None]:
        """The hand's stacks by seat (``None`` for a seat not dealt in)."""
        seat_of = self.seat_of
        count = self.seat_count or (max(seat_of) + 1 if seat_of else 0)
        out: list[int | None] = [None] * count
        for seat, chips in zip(seat_of, self.starting_stacks, strict=True):
            out[seat] = chips
        return out

    def to_mapping(self) -> dict[str, Any]:
        """The TOML fields, in the order :func:`dumps` writes them."""
        data: dict[str, Any] = {"variant": "pan", "seed": self.seed, "first": self.first}
        data["starting_stacks"] = list(self.starting_stacks)
        if self.seats is not None:
            data["seats"] = list(self.seats)
            data["seat_count"] = self.seat_count
        if self.carry:
            data["carry"] = self.carry
        if self.deck is not None:
            data["deck"] = " ".join(map(str, self.deck))
        data["actions"] = list(self.actions)
        if self.finishing_stacks is not None:
            data["finishing_stacks"] = list(self.finishing_stacks)
        table = _rules_table(self.rules)
        if table:
            data["rules"] = table
        return data

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> PanHistory:
        """Read the fields (checked); :class:`PanHistoryError` names a bad one."""
        return _from_mapping(data)


# --------------------------------------------------------------------------- writing


def _rules_table(rules: PanRules) -> dict[str, Any]:
    table: dict[str, Any] = {}
    for f in fields(rules):
        value = getattr(rules, f.name)
        if value == getattr(_DEFAULTS, f.name):
            continue
        if isinstance(value, Enum):
            value = value.value
        elif f.name == "extra_cards":
            value = " ".join(map(str, value))
        table[f.name] = value
    return table


def _cards(cards: Iterable[Card]) -> str:
    return "".join(map(str, cards))


def action_of(event: PanEvent, label: str) -> str | None:
    """The action text of a decision's event (``label`` its player), or ``None`` for what the
    hand does by itself. A draw notes the card and an operation its pays, as comments."""
    move = decision_of(event)
    if move is None:
        return None
    text = f"{label} {text_of(move)}"
    if isinstance(event, Drawing):
        return f"{text} # {event.card}"
    pays = getattr(event, "pays", None)
    return text if pays is None else f"{text} # pays {pays}"


def actions(hand: PanHand) -> list[str]:
    """The hand's decisions so far as action strings."""
    start = hand.events[0]
    assert isinstance(start, PanStarting)
    labels = _labels(start)
    out = []
    for event in hand.events:
        seat = event.seats[0] if isinstance(event, TopsSplitting) else getattr(event, "seat", None)
        if seat is None:
            continue
        text = action_of(event, labels[seat])
        if text is not None:
            out.append(text)
    return out


def _labels(start: PanStarting) -> dict[int, str]:
    dealt = [i for i, s in enumerate(start.stacks) if s is not None]
    return {seat: f"p{k + 1}" for k, seat in enumerate(dealt)}


def history(hand: PanHand) -> PanHistory:
    """The history of a hand (finished or not)."""
    start = hand.events[0]
    assert isinstance(start, PanStarting)
    dealt = [i for i, s in enumerate(start.stacks) if s is not None]
    every = len(dealt) == len(start.stacks)
    finishing = None
    if hand.is_over:
        final = hand.result.final_stacks
        finishing = tuple(final[s] or 0 for s in dealt)
    return PanHistory(
        seed=start.seed,
        starting_stacks=tuple(start.stacks[s] or 0 for s in dealt),
        actions=tuple(actions(hand)),
        first=dealt.index(start.first) + 1,
        carry=start.carry,
        rules=start.rules,
        deck=start.deck,
        seats=None if every else tuple(s + 1 for s in dealt),
        seat_count=None if every else len(start.stacks),
        finishing_stacks=finishing,
    )


def dumps(hand: PanHand | PanHistory) -> str:
    """The TOML text of a hand's history."""
    from splitpot.phh.write import _toml_dumps

    record = hand if isinstance(hand, PanHistory) else history(hand)
    return _toml_dumps(record.to_mapping())


def dump(hand: PanHand | PanHistory, path: str | os.PathLike[str]) -> None:
    """Write a hand's history to a file."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(dumps(hand))


def dumps_all(hands: Iterable[PanHand | PanHistory]) -> str:
    """Several hands as tables ``[1]``, ``[2]``, ... of one TOML text (as PHH's ``.phhs``)."""
    from splitpot.phh.write import _toml_dumps

    chunks = []
    for i, hand in enumerate(hands, 1):
        record = hand if isinstance(hand, PanHistory) else history(hand)
        chunks.append(_toml_dumps({str(i): record.to_mapping()}))
    return "\n".join(chunks)


def dump_all(hands: Iterable[PanHand | PanHistory], path: str | os.PathLike[str]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(dumps_all(hands))


# --------------------------------------------------------------------------- reading


def _error(reason: str, source: str | None) -> PanHistoryError:
    return PanHistoryError(reason, source=source)


_READER = Reader("Pan history", _error)
"""PHH's reading and limits (:mod:`splitpot._toml`): the size and nesting of the text, and
regular files only."""

File = str | os.PathLike[str] | IO[bytes] | IO[str]


def _read(file: File) -> tuple[str, str]:
    try:
        return _READER.read(file)
    except OSError as e:
        name = os.fspath(file) if isinstance(file, (str, os.PathLike)) else "<file>"
        raise PanHistoryError(f"cannot read: {e.strerror or e}", source=str(name)) from None


def _record(data: Mapping[str, Any], source: str | None) -> PanHistory:
    """The checked record of one hand's fields, its errors naming ``source``."""
    try:
        return PanHistory.from_mapping(data)
    except PanHistoryError as e:
        if source is None or e.source is not None:
            raise
        raise PanHistoryError(e.reason, source=source) from None


def loads(text: str, *, source: str | None = None) -> PanHistory:
    """Read one hand's history from TOML text (``source`` names it in messages). Raises
    :class:`PanHistoryError` for text that is not TOML, a bad field, or past the limits
    (docs/limits.md: the size and nesting of PHH, :data:`~splitpot.limits.PAN_MAX_SEATS`
    seats, :data:`~splitpot.limits.PAN_MAX_ACTIONS` actions)."""
    return _record(_READER.parse(text, source), source)


def load(file: File) -> PanHistory:
    """Read one hand's history from a file (a path, or a file opened in text or binary);
    as :func:`loads`, and a path that is not a regular file, larger than
    :data:`~splitpot.limits.PHH_MAX_BYTES`, not UTF-8 or that cannot be opened is a
    :class:`PanHistoryError` naming it."""
    text, source = _read(file)
    return loads(text, source=source)


def loads_all(text: str, *, source: str | None = None) -> list[PanHistory]:
    """Every hand of a text written by :func:`dumps_all` (one hand gives a list of one)."""
    data = _READER.parse(text, source)
    if "variant" in data:
        return [_record(data, source)]
    out = []
    for key, value in data.items():
        if not isinstance(value, dict):
            raise PanHistoryError(f"[{key}] is not the table of a hand", source=source)
        out.append(_record(value, f"{source or '<string>'}[{key}]"))
    return out


def load_all(file: File) -> list[PanHistory]:
    """Every hand of a file written by :func:`dump_all`; raises as :func:`load` does."""
    text, source = _read(file)
    return loads_all(text, source=source)


_KEYS = frozenset(
    "variant seed first starting_stacks seats seat_count carry rules deck actions "
    "finishing_stacks".split()
)


def _int(data: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PanHistoryError(f"{key} must be an integer, got {shown(value)}")
    return value


def _ints(data: Mapping[str, Any], key: str) -> tuple[int, ...] | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise PanHistoryError(f"{key} must be a list of integers, got {shown(value)}")
    return tuple(value)


def _check_seats(seats: tuple[int, ...], seat_count: int | None, players: int) -> None:
    """``seats`` (1-based, one per player) within ``seat_count`` seats, none given twice."""
    if len(seats) != players:
        raise PanHistoryError("seats and starting_stacks differ in length")
    if min(seats, default=1) < 1:
        raise PanHistoryError(f"seats: seat {shown(min(seats))} is not a seat (they count from 1)")
    if seat_count is None or not 1 <= seat_count <= PAN_MAX_SEATS:
        raise PanHistoryError(f"seat_count must be 1..{PAN_MAX_SEATS}, got {shown(seat_count)}")
    taken: set[int] = set()
    for seat in seats:
        if seat > seat_count:
            raise PanHistoryError(f"seats: seat {shown(seat)} is not one of 1..{seat_count}")
        if seat in taken:
            raise PanHistoryError(f"seats: seat {seat} is given twice")
        taken.add(seat)


def _from_mapping(data: Mapping[str, Any]) -> PanHistory:
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise PanHistoryError(f"unknown field {shown(unknown[0])}")
    if data.get("variant") != "pan":
        raise PanHistoryError(f'variant must be "pan", got {shown(data.get("variant"))}')
    stacks = _ints(data, "starting_stacks")
    if stacks is None:
        raise PanHistoryError("starting_stacks is missing")
    acts = data.get("actions", [])
    if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
        raise PanHistoryError(f"actions must be a list of strings, got {shown(acts)}")
    seats = _ints(data, "seats")
    deck = data.get("deck")
    try:
        cards = None if deck is None else parse_cards(deck)
        rules = _rules_from(data.get("rules", {}))
    except (ValueError, TypeError) as e:
        raise PanHistoryError(str(e)) from None
    return PanHistory(
        seed=_int(data, "seed"),
        starting_stacks=stacks,
        actions=tuple(acts),
        first=_int(data, "first", 1),
        carry=_int(data, "carry", 0),
        rules=rules,
        deck=cards,
        seats=seats,
        seat_count=None if seats is None else _int(data, "seat_count", max(seats, default=0)),
        finishing_stacks=_ints(data, "finishing_stacks"),
    )


def _rules_from(table: Any) -> PanRules:
    if not isinstance(table, dict):
        raise PanHistoryError(f"rules must be a table, got {shown(table)}")
    names = {f.name for f in fields(PanRules)}
    for key in table:
        if key not in names:
            raise PanHistoryError(f"rules has no field {key!r}")
    kwargs = dict(table)
    if isinstance(kwargs.get("extra_cards"), str):
        kwargs["extra_cards"] = parse_cards(kwargs["extra_cards"])
    return PanRules(**kwargs)


# --------------------------------------------------------------------------- replay

_SIMPLE: dict[str, Move] = {
    "play": Play(),
    "sluff": Sluff(),
    "draw": Draw(),
    "take": Take(),
    "reject": Reject(),
    "claim": Claim(),
    "splittops": SplitTops(),
}
_ARGS = {"discard": (1, 1), "meld": (1, 1), "layoff": (2, 2), "split": (2, 3), "borrow": (3, 3)}


def move_of(text: str) -> tuple[int, Move]:
    """The player number (1-based) and the move of an action string; a
    :class:`~splitpot.SplitpotError` (a ``ValueError``) why not."""
    body = text.split(" #", 1)[0].split()
    number = body[0][1:] if body else ""
    if len(body) < 2 or body[0][:1] != "p" or not (number.isascii() and number.isdecimal()):
        raise SplitpotError("an action is a player (p1, p2, ...) and a verb")
    if len(number) > len(str(PAN_MAX_SEATS)):  # not int() of 5,000 digits
        raise SplitpotError(f"there is no player {shown(body[0])}")
    player, verb, args = int(number), body[1], body[2:]
    if verb == "demand":  # the caller's seat is his player number's when all are dealt in
        if args:
            raise SplitpotError("demand takes no argument")
        return player, Demand(player - 1)
    if verb in _SIMPLE:
        if args:
            raise SplitpotError(f"{verb} takes no argument")
        return player, _SIMPLE[verb]
    if verb not in _ARGS:
        raise SplitpotError(f"unknown verb {verb!r}")
    low, high = _ARGS[verb]
    if not low <= len(args) <= high:
        raise SplitpotError(f"{verb} takes {low}" + (f" or {high}" if high > low else "") + " args")
    cards = [parse_cards(a) for a in args]
    if verb == "discard":
        if len(cards[0]) != 1:
            raise SplitpotError("discard takes one card")
        return player, Discard(cards[0][0])
    if verb == "meld":
        return player, NewMeld(cards[0], 0)
    if verb == "layoff":
        return player, LayOff(cards[0], cards[1], 0)
    if verb == "split":
        return player, Split(cards[0], cards[2] if len(cards) == 3 else (), cards[1], 0)
    return player, Borrow(cards[0], cards[1], cards[2], 0)


def text_of(move: Move) -> str:
    """A move as its action text without the player (the inverse of :func:`move_of`)."""
    for verb, simple in _SIMPLE.items():
        if move == simple:
            return verb
    if isinstance(move, Demand):
        return "demand"
    if isinstance(move, Discard):
        return f"discard {move.card}"
    if isinstance(move, NewMeld):
        return f"meld {_cards(move.cards)}"
    if isinstance(move, LayOff):
        return f"layoff {_cards(move.meld)} {_cards(move.cards)}"
    if isinstance(move, Split):
        added = f" {_cards(move.added)}" if move.added else ""
        return f"split {_cards(move.meld)} {_cards(move.part)}{added}"
    assert isinstance(move, Borrow)
    return f"borrow {_cards(move.meld)} {_cards(move.take)} {_cards(move.cards)}"


def deal(record: PanHistory) -> PanHand:
    """The hand as dealt, before any action."""
    try:
        seat_of = record.seat_of
        if not 1 <= record.first <= len(seat_of):
            raise SplitpotError(
                f"first must be a player 1..{len(seat_of)}, got {shown(record.first)}"
            )
        return PanHand(
            record.stacks(),
            first=seat_of[record.first - 1],
            seed=record.seed,
            rules=record.rules,
            carry=record.carry,
            deck=record.deck,
        )
    except (ValueError, TypeError, IllegalAction) as e:
        raise PanHistoryError(str(e)) from None


def replay(record: PanHistory) -> PanHand:
    """Play the history's actions through the public API and return the hand. An action that
    cannot be read, is not the player to act, or breaks a rule raises
    :class:`PanHistoryError` with its index and the reason; so do finishing stacks that
    differ from the hand's."""
    hand = deal(record)
    seat_of = record.seat_of
    for i, text in enumerate(record.actions):
        try:
            player, move = move_of(text)
            if not 1 <= player <= len(seat_of):
                raise SplitpotError(f"there is no player p{player}")
            if isinstance(move, Demand):  # a call out of turn, by the player named
                move = Demand(seat_of[player - 1])
            elif hand.actor != seat_of[player - 1]:
                actor = hand.actor
                who = "nobody" if actor is None else f"p{seat_of.index(actor) + 1}"
                raise SplitpotError(f"it is not p{player}'s turn: {who} is to act")
            hand.apply(move)
        except (ValueError, IllegalAction) as e:
            raise PanHistoryError(str(e), action_index=i, action=text) from None
    _check_finish(hand, record)
    return hand


def _check_finish(hand: PanHand, record: PanHistory) -> None:
    if record.finishing_stacks is None:
        return
    if not hand.is_over:
        raise PanHistoryError("finishing_stacks are given but the hand is not over")
    final = hand.result.final_stacks
    got = tuple(final[s] or 0 for s in record.seat_of)
    if got != record.finishing_stacks:
        raise PanHistoryError(
            f"finishing_stacks {list(record.finishing_stacks)} differ from the replay's {list(got)}"
        )


def replay_all(records: Iterable[PanHistory]) -> Iterator[PanHand]:
    for record in records:
        yield replay(record)
