"""The set-up of a hand: :class:`HandStarting`, its checks, and the blind seats (§4.1).

:class:`HandStarting` is both the first record of every hand and the parameter object of
:class:`~splitpot.hand.Hand`: :meth:`HandStarting.build` checks and normalises the arguments
``Hand(...)`` takes, and :meth:`Hand.from_setup <splitpot.hand.Hand.from_setup>` deals a hand
from the record. :func:`blind_seats` is the one home of who posts the blinds (also used by
the site readers' builder), :func:`big_blind_seat` of which posted blind is the big one.

>>> from splitpot.games import HOLDEM
>>> from splitpot.betting import NoLimit
>>> start = HandStarting.build(HOLDEM, NoLimit(1, 2), [100, 80, 120], seed=3)
>>> start.blinds, start.button
((1, 2, 0), 2)
>>> print(start)
Texas Hold'em, NoLimit; button seat 2; stacks [100, 80, 120]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence, Set
from dataclasses import Field, dataclass, field, fields
from typing import TYPE_CHECKING, Any, TypedDict, Union

from splitpot import _check, _seeds
from splitpot._check import chips as _chips
from splitpot._core import Card, InvalidCards, SplitpotError
from splitpot.betting import Structure
from splitpot.cards import DECK_SIZE, CardsLike, as_cards, card_codes
from splitpot.games import Game
from splitpot.hand.records import Operation, _frozen_from
from splitpot.hand.timeout import TimeoutPolicy
from splitpot.hand.timeout import policy as _policy
from splitpot.limits import HAND_MAX_SEATS, MAX_CHIPS, shown
from splitpot.pots import Rake

if TYPE_CHECKING:
    from typing_extensions import Self, Unpack

__all__ = [
    "HandOptions",
    "HandStarting",
    "big_blind_seat",
    "blind_seats",
    "check_options",
    "seats_from_button",
]

_POLICIES = {p.value: p for p in TimeoutPolicy}
_Cards = Union[CardsLike, None]  # noqa: UP007 - a runtime alias, valid on Python 3.9
_Hole = Union[Sequence[_Cards], Mapping[int, _Cards], None]  # noqa: UP007


class HandOptions(TypedDict, total=False):
    """The keyword options of a hand, as :class:`~splitpot.hand.Hand`,
    :meth:`HandStarting.build`, a table and the PHH replayer take them: their types, for
    ``**options``. What each does and its default: :class:`HandStarting`, the one list of a
    hand's options (a new option is a field there and a line here).

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> options: HandOptions = {"seed": 1, "open_folds": False}
    >>> Hand(HOLDEM, NoLimit(1, 2), [100, 100], **options).events[0].open_folds
    False
    """

    button: int | None
    seed: int | None
    hole: _Hole
    board: _Cards
    antes: int | Sequence[int] | None
    blinds: Sequence[int] | None
    dead_blinds: Sequence[int] | None
    rake: Rake | None
    timeout_policy: TimeoutPolicy | str
    auto_showdown: bool
    antes_shared: bool
    open_folds: bool
    max_runs: int
    cap: int | None


def _rake(value: object, name: str) -> Rake | None:
    if value is not None and not isinstance(value, Rake):
        raise TypeError(f"{name} must be a Rake or None, got {shown(value)}")
    return value


def _timeout_policy(value: object, name: str) -> TimeoutPolicy:
    rule = _POLICIES.get(value) if isinstance(value, str) else None
    return rule or _policy(value)  # type: ignore[arg-type]


def _cap(value: object, name: str) -> int | None:
    """``cap``: ``None``, or the most chips each player may put in the hand, at least 1."""
    return None if value is None else _chips(value, name, positive=True)


def _runs(value: object, name: str) -> int:
    """``max_runs``: the most times the board may be run, 1 to the cards of a deck."""
    if type(value) is int and value == 1:
        return 1
    return _check.count(value, name, 1, most=DECK_SIZE)


def blind_seats(order: Sequence[int], button: int, heads_up: bool) -> tuple[int, int]:
    """The small and the big blind's seats (docs/rules/poker.md §4.1).

    ``order`` lists the players after the button, clockwise. The small blind is the first of
    them and the big blind the next; heads-up the button posts the small blind and the other
    player the big blind.

    >>> blind_seats([3, 4, 0], button=2, heads_up=False)
    (3, 4)
    >>> blind_seats([0], button=1, heads_up=True)
    (1, 0)
    """
    if heads_up:
        return button, order[0]
    return order[0], order[1]


def big_blind_seat(order: Sequence[int], live: Sequence[int], small_blind: int) -> int | None:
    """The seat whose live blind is the big blind, the first to act preflop being the next
    (docs/rules/poker.md §4.1); ``None`` when no live blind is posted.

    ``order`` lists the players after the button, clockwise (heads-up the other player
    first), ``live`` each seat's live blind. The big blind is the first of them to post the
    largest live blind after the small blind (one who posts as much out of turn, before the
    small blind or after the big blind, is not it). When the blinds are equal
    (``small_blind`` as large: $5/$5), the first of them posts the small blind, and the big
    blind is the next to post as much.

    >>> big_blind_seat([3, 4, 0], [2, 0, 0, 1, 2], small_blind=1)  # seat 0 posts out of turn
    4
    >>> big_blind_seat([3, 4, 0], [0, 0, 0, 5, 5], small_blind=5)
    4
    >>> big_blind_seat([0, 1, 2, 3], [2, 1, 2, 0], small_blind=1)  # seat 0 posts out of turn
    2
    """
    top = max(live, default=0)
    if not top:
        return None
    posted = [s for s in order if live[s] == top]
    if small_blind == top and len(order) > 2 and posted[0] == order[0] and len(posted) > 1:
        return posted[1]
    # The big blind sits left of the small blind: a live blind posted out of turn between
    # the button and the small blind (Boss Media lets a new player post there) is not it.
    small = [s for s in order if 0 < live[s] < top]
    if len(order) > 2 and len(small) == 1:
        after = [s for s in posted if order.index(s) > order.index(small[0])]
        return (after or posted)[0]
    return posted[0]


def seats_from_button(stacks: Sequence[object], button: int) -> list[int]:
    """The seats dealt in (not ``None``: a stack, or a site's player), clockwise from the
    button's left."""
    return [
        s for s in [*range(button + 1, len(stacks)), *range(button + 1)] if stacks[s] is not None
    ]


@dataclass(frozen=True)
class HandStarting(Operation):
    """The set-up of the hand: everything needed to deal it again, card for card, and the one
    list of a hand's options (:class:`~splitpot.hand.Hand`, :meth:`build`, a table and the
    PHH replayer take them as keywords, typed by :class:`HandOptions`):

    * ``button``: the dealer seat (default the last seat); in stud the dealer sits there, so
      the seat after it is dealt first and wins ties of the order of play (§4.2).
    * ``seed``: the shuffle is ``random.Random(seed)``; the same seed deals the same cards.
      ``None`` draws a seed, which is recorded in :class:`HandStarting`.
    * ``hole``, ``board``: cards to deal instead of shuffled ones (replays and tests):
      ``hole`` one entry per seat (``None`` for a seat dealt from the shuffle; in stud the
      first 3 to 7 cards in the order dealt), ``board`` the community cards in order (any
      cards not given come from the shuffle).
    * ``antes``: one ante for every seat or one per seat (default the structure's ante).
    * ``blinds``: the live blind of every seat, overriding the usual small and big blind
      (the table uses it for players posting a big blind out of turn). ``dead_blinds``:
      chips a seat puts in the pot that are not its bet (a missed small blind made up).
    * ``rake``: a :class:`~splitpot.pots.Rake`, taken from the pots before splitting.
    * ``timeout_policy``: ``"seed"`` (all-in for what he has put in, else fold) or
      ``"check_or_fold"`` (docs/rules/poker.md §7 DECISION).
    * ``auto_showdown``: show and muck for the players (each shows if he can win part of a
      pot against the hands shown before him, else mucks); with ``False`` the seats in
      showdown order call :meth:`show` or :meth:`muck`.
    * ``antes_shared``: the antes were posted for the whole table (a big-blind or button
      ante): dead money in the main pot that every player still in may win. By default each
      ante counts toward its own player's eligibility, like any chip he put in (§6).
    * ``open_folds``: a player may fold when he could check (docs/rules/poker.md §3); a table
      may refuse it with ``False``.
    * ``max_runs``: the most times the rest of the board may be run (§6): see :meth:`run_it`.
    * ``cap``: capped no limit or pot limit (docs/rules/poker.md §3 DECISION): the most
      chips each player may put in the hand, antes and blinds included; a player who
      reaches it is all-in, the rest of his stack set aside, untouched. ``None``: no cap.

    In the record ``antes``, ``blinds`` (live) and ``dead_blinds`` are per seat, as
    configured (a seat short of chips posts what it has). ``hole`` and ``board`` are the
    cards given instead of shuffled ones (``None`` where the shuffle deals; a board that may
    be run more than once gives every run's cards in the order dealt); with ``seed`` they fix
    every card. :meth:`build` makes one from the arguments of :class:`~splitpot.hand.Hand`
    (a bad argument raises a :class:`~splitpot.SplitpotError` naming it); :meth:`validate`
    checks one made by hand. Always ``Hand.events[0]``; ``Hand.from_setup`` deals it again.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> start = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1).events[0]
    >>> str(start), start.blinds, start.seed
    ("Texas Hold'em, NoLimit; button seat 1; stacks [100, 100]", (2, 1), 1)
    >>> str(Hand.from_setup(start).events[3])      # the same cards, dealt again
    'Seat 0 is dealt 4cAc'
    """

    # The hand's options, in one list (HandOptions gives their types). The first ones are
    # worked out together by build(); each later one has a default and a check, in metadata.
    game: Game
    structure: Structure
    stacks: tuple[int | None, ...]
    button: int
    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    dead_blinds: tuple[int, ...]
    seed: int | None = None
    rake: Rake | None = field(default=None, metadata={"check": _rake})
    timeout_policy: TimeoutPolicy = field(
        default=TimeoutPolicy.SEED, metadata={"check": _timeout_policy}
    )
    auto_showdown: bool = field(default=True, metadata={"check": _check.flag})
    hole: tuple[tuple[Card, ...] | None, ...] = ()
    board: tuple[Card, ...] | None = None
    antes_shared: bool = field(default=False, metadata={"check": _check.flag})
    open_folds: bool = field(default=True, metadata={"check": _check.flag})
    max_runs: int = field(default=1, metadata={"check": _runs})
    cap: int | None = field(default=None, metadata={"check": _cap})

    def __str__(self) -> str:
        return (
            f"{self.game.name}, {type(self.structure).__name__}; button seat {self.button}; "
            f"stacks {list(self.stacks)}"
        )

    @classmethod
    def build(
        cls,
        game: Game,
        structure: Structure,
        stacks: Sequence[int | None],
        **options: Unpack[HandOptions],
    ) -> Self:
        """Check the arguments of :class:`~splitpot.hand.Hand` and return the set-up.

        Raises :class:`TypeError` (a wrong kind of argument, an unknown option) or a
        :class:`~splitpot.SplitpotError` for a set-up that cannot be dealt, all checked
        before anything is dealt (issue 15). Without a ``seed`` one is drawn, unless every
        card is given.
        """
        _check_kinds(game, structure)
        checks = _checks(cls)
        for name in options:
            if name not in _WORKED_OUT and name not in checks:
                raise TypeError(f"{shown(name)} is not an option of a hand")
        start = _stacks(stacks, game)
        n = len(start)
        button = options.get("button")
        if button is None:
            button = n - 1
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < n:
            raise SplitpotError(f"button must be a seat 0..{n - 1}, got {shown(button)}")
        antes, live, dead = _forced_bets(
            structure,
            start,
            button,
            options.get("antes"),
            options.get("blinds"),
            options.get("dead_blinds"),
            game.forced_bets == "blinds",
        )
        given: dict[str, Any] = options  # type: ignore[assignment]
        values = {  # a default is checked already
            name: check(given[name], name) if name in given else default
            for name, (default, check) in checks.items()
        }
        runs = values["max_runs"]
        holes, board = _given_cards(game, start, options.get("hole"), options.get("board"), runs)
        seed = options.get("seed")
        return _frozen_from(
            cls,
            {
                "game": game,
                "structure": structure,
                "stacks": start,
                "button": button,
                "antes": antes,
                "blinds": live,
                "dead_blinds": dead,
                "seed": _seed(seed, seed is None and _all_given(game, start, holes, board, runs)),
                "hole": tuple([None if h is None else as_cards(h) for h in holes]),
                "board": None if board is None else as_cards(board),
                **values,
            },
        )

    def options(self) -> HandOptions:
        """This set-up's options, as :meth:`build` and :class:`~splitpot.hand.Hand` take them.

        >>> from splitpot import HOLDEM, NoLimit
        >>> start = HandStarting.build(HOLDEM, NoLimit(1, 2), [100, 100], seed=4)
        >>> HandStarting.build(HOLDEM, NoLimit(1, 2), [100, 100], **start.options()) == start
        True
        """
        given: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in ("game", "structure", "stacks"):
            del given[name]
        hole = self.hole
        given["hole"] = (list(hole) or None) if isinstance(hole, tuple) else hole
        return given  # type: ignore[return-value]

    def validate(self) -> Self:
        """This set-up checked again (a record made by hand or read back), normalised."""
        return type(self).build(self.game, self.structure, self.stacks, **self.options())


_WORKED_OUT = frozenset({"button", "seed", "hole", "board", "antes", "blinds", "dead_blinds"})
"""The options :meth:`HandStarting.build` works out together (the seats, the forced bets
and the cards given); every other option is a field with a default and a check."""
_Check = Callable[[Any, str], Any]
_CHECKS: dict[type, dict[str, tuple[Any, _Check]]] = {}


def check_options(options: HandOptions) -> HandOptions:
    """Options given ahead of the hands they are for (a table's), each checked as
    :meth:`HandStarting.build` checks it, normalised (those it works out together, as the
    seats and the forced bets, are checked with each hand).

    >>> check_options({"timeout_policy": "check_or_fold"})
    {'timeout_policy': <TimeoutPolicy.CHECK_OR_FOLD: 'check_or_fold'>}
    """
    checks = _checks(HandStarting)
    out: dict[str, Any] = {}
    for name, value in options.items():
        if name in checks:
            out[name] = checks[name][1](value, name)
        elif name in _WORKED_OUT:
            out[name] = value
        else:
            raise TypeError(f"{shown(name)} is not an option of a hand")
    return out  # type: ignore[return-value]


def _checks(cls: type[HandStarting]) -> dict[str, tuple[Any, _Check]]:
    """The options of ``cls`` checked one by one: ``{name: (default, check)}``."""
    found = _CHECKS.get(cls)
    if found is None:
        each: list[Field[Any]] = [f for f in fields(cls) if "check" in f.metadata]
        found = _CHECKS[cls] = {f.name: (f.default, f.metadata["check"]) for f in each}
    return found


def _all_given(
    game: Game,
    start: Sequence[int | None],
    holes: list[list[int] | None],
    board: list[int] | None,
    runs: int,
) -> bool:
    """Whether every card the hand can deal is given: it needs no shuffle, and no seed (a
    board that may be run ``runs`` times may need that many boards)."""
    if len(board or ()) < game.board_cards * runs:
        return False
    want = game.hole_cards
    return all([s is None or len(h or ()) >= want for s, h in zip(start, holes)])  # noqa: B905


def _check_kinds(game: Game, structure: Structure) -> None:
    if not isinstance(game, Game):
        raise TypeError(f"game must be a Game, got {shown(game)}")
    if game.forced_bets not in ("blinds", "bring_in"):
        raise SplitpotError(f"{game.name}: unknown forced bets {shown(game.forced_bets)}")
    if not isinstance(structure, Structure):
        raise TypeError(
            f"structure must be FixedLimit, PotLimit or NoLimit, got {shown(structure)}"
        )


def _seed(seed: object, all_given: bool) -> int | None:
    """The shuffle seed, checked (``None`` or an ``int`` below
    :data:`~splitpot.limits.SEED_LIMIT``) now, as the first card drawn is the first to use it
    (issue 15, M-1); drawn when ``None`` and some card is to be shuffled."""
    if seed is None:
        return None if all_given else _seeds.draw()
    return _seeds.check(seed)


def _sequence(value: object, what: str) -> Collection[object]:
    """``value`` as a sized, ordered collection (a list, a tuple, an array), one entry per
    seat: a generator is refused rather than read (it may be endless), and a set or a
    mapping has no seat order."""
    if type(value) is list or type(value) is tuple:  # the usual case, without the ABC checks
        return value
    if isinstance(value, (str, bytes, Set, Mapping)) or not isinstance(value, Collection):
        raise TypeError(
            f"{what} must be a list or a tuple with one entry per seat, got {shown(value)}"
        )
    return value


def _stacks(stacks: Sequence[int | None], game: Game) -> tuple[int | None, ...]:
    if type(stacks) is not list and type(stacks) is not tuple:  # (as in _per_seat)
        stacks = _sequence(stacks, "stacks")  # type: ignore[assignment]
    dealt = len(stacks) - list(stacks).count(None)
    if not 2 <= dealt <= game.max_players:  # before any loop over the seats
        raise SplitpotError(
            f"{game.name} is played by 2 to {game.max_players} players, got {dealt}"
        )
    if len(stacks) > HAND_MAX_SEATS:
        raise SplitpotError(f"stacks: a hand has at most {HAND_MAX_SEATS} seats, got {len(stacks)}")
    if all(
        [type(s) is int and 0 < s <= MAX_CHIPS for s in stacks]
    ):  # the usual case, checked cheaply
        start: tuple[int | None, ...] = tuple(stacks)
    else:
        start = tuple(
            None if s is None else _chips(s, f"stack of seat {i}", positive=True)
            for i, s in enumerate(stacks)
        )
    return start


def _forced_bets(
    structure: Structure,
    start: tuple[int | None, ...],
    button: int,
    antes: int | Sequence[int] | None,
    blinds: Sequence[int] | None,
    dead_blinds: Sequence[int] | None,
    blind_game: bool,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Antes, live blinds and dead blinds per seat, as configured (docs/rules/poker.md §4).
    Stud has antes and a bring-in, never blinds (§4.2)."""
    n = len(start)
    order = seats_from_button(start, button)
    heads_up = len(order) == 2
    if not blind_game and (any(blinds or ()) or any(dead_blinds or ())):
        raise SplitpotError("stud has no blinds: the bring-in opens the betting (§4.2)")
    if heads_up and blind_game and start[button] is None and blinds is None:
        raise SplitpotError(f"heads-up the button posts the small blind: seat {button} is empty")
    ante_list = _per_seat(structure.ante if antes is None else antes, n, "antes")
    if not blind_game:
        live = [0] * n
    elif blinds is None:
        live = [0] * n
        small, big = blind_seats(order, button, heads_up)
        live[small] = structure.small_blind
        live[big] = structure.big_blind
    else:
        live = _per_seat(blinds, n, "blinds")
    dead = [0] * n if dead_blinds is None else _per_seat(dead_blinds, n, "dead_blinds")
    for i in range(n) if None in start else ():
        if start[i] is None:
            if live[i] or dead[i]:
                raise SplitpotError(f"seat {i} is not dealt in and cannot post a blind")
            ante_list[i] = 0
    return tuple(ante_list), tuple(live), tuple(dead)


def _given_cards(
    game: Game, start: tuple[int | None, ...], hole: _Hole, board: _Cards, runs: int
) -> tuple[list[list[int] | None], list[int] | None]:
    """The cards given instead of shuffled ones, as codes: per seat (only seats dealt in),
    and the board (every run's cards in the order dealt, when it may be run ``runs`` times)."""
    n = len(start)
    holes: list[list[int] | None] = [None] * n
    if hole is not None:
        if isinstance(hole, Mapping):
            items: Iterable[tuple[int, _Cards]] = hole.items()
            for seat in hole:
                if not isinstance(seat, int) or not 0 <= seat < n:
                    raise SplitpotError(
                        f"hole cards for seat {shown(seat)}, which is not in the hand"
                    )
        else:
            hole = _sequence(hole, "hole")  # type: ignore[assignment]
            if len(hole) != n:
                raise SplitpotError(f"hole must give one entry per seat ({n}), got {shown(hole)}")
            items = enumerate(hole)
        # Stud deals cards street by street: any first ones may be given, in the order
        # dealt (two down, the door card, ...); a flop game's hole cards all come at once.
        first = game.streets[0].hole + game.streets[0].up
        stud = game.forced_bets == "bring_in"
        for seat, cards in items:
            if cards is None:
                continue
            codes = card_codes(cards)
            if not (first <= len(codes) <= game.hole_cards if stud else len(codes) == first):
                want = f"{first} to {game.hole_cards}" if stud else str(first)
                raise InvalidCards(
                    f"seat {seat} must be dealt {want} hole cards in {game.name}, "
                    f"got {len(codes)}: {''.join(map(str, map(Card, codes)))}"
                )
            holes[seat] = codes
    board_codes = None
    if board is not None:
        board_codes = card_codes(board)
        most = 1 if game.community_card else game.board_cards  # stud's community card, §4.2
        if len(board_codes) > most * runs:
            runs_text = f" on each of {runs} runs" if runs > 1 else ""
            raise InvalidCards(
                f"{game.name} deals {most} board cards{runs_text}, got {len(board_codes)}"
            )
    for i in range(n) if None in start else ():
        if start[i] is None and holes[i] is not None:
            raise SplitpotError(f"hole cards for seat {i}, which is not dealt in")
    seen = 0
    for given in [*holes, board_codes]:
        for c in given or ():
            if seen >> c & 1:
                raise InvalidCards(f"duplicate card {Card(c)}")
            seen |= 1 << c
    return holes, board_codes


def _per_seat(value: int | Sequence[int], n: int, what: str) -> list[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return [_chips(value, what)] * n
    # A list or a tuple (the usual case) needs no _sequence call: a Python frame each time.
    kind = type(value)
    values: list[int] = list(value if kind is list or kind is tuple else _sequence(value, what))  # type: ignore[arg-type]
    if len(values) != n:
        raise SplitpotError(f"{what} must give one amount per seat ({n}), got {len(values)}")
    for v in values:  # the usual case checked in a loop: no call, no set or list made
        if type(v) is not int or not 0 <= v <= MAX_CHIPS:
            return [_chips(v, f"{what}[{i}]") for i, v in enumerate(values)]
    return values
