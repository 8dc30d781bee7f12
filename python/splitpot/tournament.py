"""A one-table tournament: a blind schedule, eliminations, finishing places and payouts.

The tournament drives a :class:`~splitpot.table.Table` through its public API only: it sets
the table's structure for the level before each hand, deals with :meth:`Table.start_hand`
and, once a hand is over, takes every player left with no chips off the table. The table's
own rules apply to everything in between (the button, the blinds, heads-up the button posts
the small blind, docs/rules/poker.md §4.1). The rules decided here, and their reasons:
docs/tournaments.md.

>>> from splitpot.games import HOLDEM
>>> from splitpot.bots import CallingStation, play_bots
>>> t = Tournament(HOLDEM, "no-limit", [Level(10, 20, hands=2), Level(50, 100)],
...                ["Ann", "Bob", "Cy"], 100, prizes=[70, 30], seed=3)
>>> while not t.is_over:
...     _ = play_bots(t.start_hand(), lambda seat: CallingStation())
>>> [(f.place, f.name) for f in t.standings]
[(1, 'Cy'), (2, 'Bob'), (3, 'Ann')]
>>> t.payouts()
{'Cy': 70, 'Bob': 30, 'Ann': 0}
>>> t.hands_played, t.level
(5, Level(small_blind=50, big_blind=100, ante=0, hands=None))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass
from fractions import Fraction
from typing import Any

from splitpot import _seeds, _tabular
from splitpot._core import IllegalAction, SplitpotError
from splitpot.betting import (
    BettingStructure,
    FixedLimit,
    NoLimit,
    PotLimit,
    Structure,
    structure_kind,
)
from splitpot.bots import Bot, CallingStation, RandomBot, SimpleBot, play_bots
from splitpot.games import HOLDEM, Game
from splitpot.hand import Hand
from splitpot.icm import icm_equity, share_prizes
from splitpot.limits import HAND_MAX_SEATS, MAX_CHIPS, shown
from splitpot.table import Table
from splitpot.table.blinds import AnteRule, ButtonRule

__all__ = [
    "BOTS",
    "Finish",
    "Level",
    "Tournament",
    "TournamentResult",
    "doubling_levels",
    "play_tournament",
]


def _whole(value: object, what: str, low: int, high: int = MAX_CHIPS) -> int:
    """An ``int`` of ``low..high`` (``MAX_CHIPS`` by default): ``TypeError`` for another type
    (``bool`` too), :class:`~splitpot.SplitpotError` outside the range."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, got {shown(value)}")
    if value < low:
        raise SplitpotError(f"{what} must be at least {low}, got {shown(value)}")
    if value > high:
        raise SplitpotError(f"{what} must be at most {high}, got {shown(value)}")
    return value


@dataclass(frozen=True)
class Level:
    """One level of the blind schedule: the blinds, the ante, and how many hands it lasts.

    ``hands=None``: the level lasts until the application calls
    :meth:`Tournament.advance_level` (a clock the engine does not read). In fixed limit the
    big blind is the small bet and the big bet twice it (the usual limit structure); in stud
    the blinds size the bets and the bring-in (docs/rules/poker.md §4.2), the ante is the ante.

    >>> Level(25, 50, 5, hands=10).structure(BettingStructure.FIXED_LIMIT)  # doctest: +ELLIPSIS
    FixedLimit(small_bet=50, big_bet=100, small_blind=25, big_blind=50, ante=5, ...)
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    _: KW_ONLY
    hands: int | None = None

    def __post_init__(self) -> None:
        _whole(self.small_blind, "small_blind", 0)
        _whole(self.big_blind, "big_blind", 1)
        _whole(self.ante, "ante", 0)
        if self.small_blind > self.big_blind:
            raise SplitpotError(
                f"small_blind {self.small_blind} must not exceed big_blind {self.big_blind}"
            )
        if self.hands is not None:
            _whole(self.hands, "hands", 1)

    def structure(self, kind: BettingStructure) -> Structure:
        """The betting structure of this level."""
        if kind is BettingStructure.FIXED_LIMIT:
            return FixedLimit(
                self.big_blind,
                2 * self.big_blind,
                small_blind=self.small_blind,
                big_blind=self.big_blind,
                ante=self.ante,
            )
        cls = NoLimit if kind is BettingStructure.NO_LIMIT else PotLimit
        return cls(self.small_blind, self.big_blind, ante=self.ante)


def doubling_levels(
    small_blind: int, big_blind: int, *, hands: int, count: int, ante: int = 0
) -> list[Level]:
    """``count`` levels of ``hands`` hands each, the blinds and ante doubling every level.

    The last level's blinds and ante must be at most ``limits.MAX_CHIPS`` (a level past it
    could never be played): a :class:`~splitpot.SplitpotError` says so before any level is
    made, so the schedule is at most 128 levels, whatever ``count`` asks.

    >>> [(lv.small_blind, lv.big_blind) for lv in doubling_levels(10, 20, hands=5, count=3)]
    [(10, 20), (20, 40), (40, 80)]
    """
    first = Level(small_blind, big_blind, ante, hands=hands)  # checks the amounts and hands
    most = MAX_CHIPS.bit_length() - max(big_blind, ante).bit_length() + 1
    if _whole(count, "count", 1) > most:
        raise SplitpotError(
            f"count: at most {most} levels from these blinds, got {shown(count)}: the blinds "
            f"would double past {MAX_CHIPS} chips (limits.MAX_CHIPS)"
        )
    return [first] + [
        Level(small_blind << k, big_blind << k, ante << k, hands=hands) for k in range(1, count)
    ]


@dataclass(frozen=True)
class Finish:
    """A player's finishing place.

    ``place`` is the best of the places he shares with ``tied - 1`` others (players out in
    the same hand with the same chips at its start); ``hand`` is the number (from 1) of the
    hand he went out in, ``None`` for the winner; ``chips_at_start`` his chips when that hand
    began (the winner: his chips at the end, every chip in play). ``name`` is the player's.
    Found in ``Tournament.standings`` and ``TournamentResult.standings``, best place first.

    >>> r = play_tournament(3, starting_stack=100, prizes=[70, 30], seed=1)
    >>> r.standings[0], r.standings[2].place, r.standings[2].hand
    (Finish(name='P1', place=1, tied=1, hand=None, chips_at_start=300), 3, 30)
    """

    name: str
    place: int
    tied: int
    hand: int | None
    chips_at_start: int


class Tournament:
    """One table of ``players`` (distinct names, seated in order from seat 0), each starting
    with ``starting_stack`` chips, played to one winner.

    ``structure_kind`` is a :class:`~splitpot.betting.BettingStructure` or a name
    (``"no-limit"``, ``"pl"``...); ``levels`` the schedule, played in order, the last level
    lasting for ever. ``prizes`` are whole units by place (``prizes[0]`` for 1st; see
    :func:`splitpot.icm.payouts` to make them from percentages), no more places than
    players. ``seats``, ``seed``, ``button_rule`` (default the dead button, as card rooms
    play tournaments) and ``ante_rule`` (``"big_blind"`` for a big-blind ante) go to the
    :class:`~splitpot.table.Table`, which
    :attr:`table` exposes for reading: deal every hand with :meth:`start_hand` (not the
    table's) and never sit a player out through it (docs/tournaments.md, "The table").

    Raises:
        SplitpotError: fewer than two players, a repeated name, an empty schedule, a stack
            or prize that is not whole chips, or more places paid than players.

    Three players who check or call every hand down, to the end:

    >>> from splitpot.games import HOLDEM
    >>> t = Tournament(HOLDEM, "no-limit", doubling_levels(10, 20, hands=10, count=8),
    ...                ["Ann", "Bob", "Cy"], 1500, prizes=[70, 30], seed=1)
    >>> while not t.is_over:
    ...     hand = t.start_hand()
    ...     while hand.actor is not None:
    ...         _ = hand.check_or_call()
    >>> [f.name for f in t.standings], t.payouts()
    (['Cy', 'Bob', 'Ann'], {'Cy': 70, 'Bob': 30, 'Ann': 0})
    """

    def __init__(
        self,
        game: Game,
        structure_kind: BettingStructure | str,
        levels: Sequence[Level],
        players: Sequence[str],
        starting_stack: int,
        *,
        prizes: Sequence[int],
        seats: int | None = None,
        seed: int | None = None,
        button_rule: ButtonRule = "dead",
        ante_rule: AnteRule = "each",
    ) -> None:
        self.kind = _kind(structure_kind)
        self.levels = _levels(levels)
        names = _names(players)
        self.starting_stack = _whole(starting_stack, "starting_stack", 1)
        if self.starting_stack * len(names) > MAX_CHIPS:  # the winner holds every chip
            raise SplitpotError(
                f"starting_stack: {len(names)} stacks of {shown(self.starting_stack)} are more "
                f"than the {MAX_CHIPS} chips one stack may hold (limits.MAX_CHIPS)"
            )
        self.prizes = [_whole(p, f"prizes[{i}]", 0) for i, p in enumerate(_list(prizes, "prizes"))]
        if len(self.prizes) > len(names):
            raise SplitpotError(
                f"prizes: {len(self.prizes)} places paid but only {len(names)} players"
            )
        self.table = Table(
            game,
            self.levels[0].structure(self.kind),
            seats=seats,
            seed=seed,
            button_rule=button_rule,
            ante_rule=ante_rule,
        )
        if len(names) > self.table.seat_count:
            raise SplitpotError(
                f"players: {len(names)} players for a table of {self.table.seat_count} seats"
            )
        self._name = {self.table.join(name, self.starting_stack): name for name in names}
        self.players = names
        """Every entrant, in seat order."""
        self.hands: list[Hand] = []
        """Every hand dealt, in order (write them as PHH with :mod:`splitpot.phh`)."""
        self._level = 0
        self._level_hands = 0
        self._start: list[int | None] = []
        self._settled = True
        self._out: list[list[Finish]] = []  # groups of tied players, the first out first

    # ------------------------------------------------------------------ state

    @property
    def level_index(self) -> int:
        """The current level's index in :attr:`levels` (it applies to the next hand)."""
        self._settle()
        return self._level

    @property
    def level(self) -> Level:
        """The current level."""
        return self.levels[self.level_index]

    @property
    def hands_played(self) -> int:
        """Hands dealt so far (the current one included)."""
        return len(self.hands)

    @property
    def hand(self) -> Hand | None:
        """The current (or last) hand."""
        return self.table.hand

    @property
    def seat_names(self) -> dict[int, str]:
        """Every entrant by his seat (the seats do not change: one table)."""
        return dict(self._name)

    def players_of(self, hand: Hand) -> list[str]:
        """The names of ``hand``'s players in its order (``hand.seats``), as PHH's
        ``players`` lists them: ``HandHistory.from_hand(hand, players=t.players_of(hand))``."""
        return [self._name[s] for s in hand.seats]

    @property
    def prize_pool(self) -> int:
        """Every prize: what :meth:`payouts` pays in all."""
        return sum(self.prizes)

    @property
    def stacks(self) -> dict[str, int]:
        """The chips of every player still in, by seat (as the table holds them between
        hands: during a hand, the chips at its start)."""
        self._settle()
        return {self._name[v.seat]: v.stack for v in self.table.players}

    @property
    def remaining(self) -> list[str]:
        """The players still in, by seat."""
        return list(self.stacks)

    @property
    def is_over(self) -> bool:
        """Whether one player holds every chip."""
        return len(self.stacks) == 1

    @property
    def standings(self) -> list[Finish]:
        """The places decided so far, best first: those who went out, and the winner once the
        tournament is over. Tied players are listed clockwise from the button's left."""
        self._settle()
        done = [f for group in reversed(self._out) for f in group]
        if self.is_over:
            (name, chips), *_ = self.stacks.items()
            done.insert(0, Finish(name, 1, 1, None, chips))
        return done

    @property
    def places(self) -> dict[str, int]:
        """Each decided player's place (tied players share the best of their places)."""
        return {f.name: f.place for f in self.standings}

    # ------------------------------------------------------------------ play

    def advance_level(self) -> Level:
        """Move to the next level from the next hand on (the application's clock), and return
        it; the count of hands at the level starts again."""
        self._settle()
        if self._level + 1 >= len(self.levels):
            raise IllegalAction(f"already at the last level ({len(self.levels)})")
        self._level += 1
        self._level_hands = 0
        return self.levels[self._level]

    def start_hand(
        self,
        *,
        seed: int | None = None,
        hole: Mapping[int, Any] | None = None,
        board: Any = None,
    ) -> Hand:
        """Deal the next hand at the current level; ``seed``, ``hole`` (by seat) and ``board``
        as :meth:`Table.start_hand` takes them."""
        self._settle()
        if self.is_over:
            raise IllegalAction("the tournament is over")
        if not self._settled:
            raise IllegalAction("the current hand is not over")
        self.table.structure = self.levels[self._level].structure(self.kind)
        self._start = self.table.stacks
        hand = self.table.start_hand(seed=seed, hole=hole, board=board)
        self.hands.append(hand)
        self._settled = False
        return hand

    def _settle(self) -> None:
        """After a hand: the players left with no chips are out (their places decided), and
        the schedule counts the hand."""
        hand = self.table.hand
        if self._settled or hand is None or not hand.is_over:
            return
        stacks = self.table.stacks
        busted = [s for s in hand.seats if stacks[s] == 0]
        if busted:
            self._out.extend(self._places(busted, hand.button, len(self.table.players)))
            for seat in busted:
                self.table.leave(seat)
        self._settled = True
        self._level_hands += 1
        hands = self.levels[self._level].hands
        if hands is not None and self._level_hands >= hands and self._level + 1 < len(self.levels):
            self._level += 1
            self._level_hands = 0

    def _places(self, busted: list[int], button: int, seated: int) -> list[list[Finish]]:
        """The places of the players out in one hand, as groups, the worst first.

        More chips at the start of the hand is the better place; equal chips tie and share
        the places (docs/tournaments.md, the card rooms' rule). Within a tie, clockwise from
        the button's left: the order in which the tied share's odd units are given.
        """
        n = self.table.seat_count
        chips = {s: self._start[s] or 0 for s in busted}
        order = sorted(busted, key=lambda s: (-chips[s], (s - button - 1) % n))
        best = seated - len(busted) + 1  # the first place free: below everyone still seated
        groups: list[list[Finish]] = []
        k = 0
        while k < len(order):
            tie = [s for s in order[k:] if chips[s] == chips[order[k]]]
            place = best + k
            groups.append(
                [Finish(self._name[s], place, len(tie), len(self.hands), chips[s]) for s in tie]
            )
            k += len(tie)
        return groups[::-1]

    # ------------------------------------------------------------------ money

    def payouts(self) -> dict[str, int]:
        """What each player is paid, every entrant named, summing to :attr:`prize_pool`."""
        if not self.is_over:
            raise IllegalAction("the tournament is not over: icm() values the current stacks")
        return self._paid(self.prizes, self.standings)

    def icm(self, *, samples: int | None = None, seed: int | None = None) -> dict[str, Fraction]:
        """Each player's prize equity now: the prizes of the places already decided, and
        the ICM equity (:func:`splitpot.icm.icm_equity`) of the current stacks in the prizes
        still to be won. It sums to :attr:`prize_pool`; once over it is :meth:`payouts`."""
        stacks = self.stacks
        left = len(stacks)
        out = [f for group in reversed(self._out) for f in group]
        equity = {name: Fraction(v) for name, v in self._paid(self.prizes[left:], out).items()}
        live = icm_equity(list(stacks.values()), self.prizes[:left], samples=samples, seed=seed)
        equity.update(zip(stacks, live, strict=True))
        return {name: equity[name] for name in self.players}

    @staticmethod
    def _paid(prizes: Sequence[int], finishes: list[Finish]) -> dict[str, int]:
        """``prizes`` shared among the finishers (best first), tied places sharing."""
        groups: list[list[str]] = []
        last = 0
        for f in finishes:
            if groups and f.place == last:
                groups[-1].append(f.name)
            else:
                groups.append([f.name])
            last = f.place
        return share_prizes(prizes, groups)


def _kind(value: object) -> BettingStructure:
    if isinstance(value, BettingStructure):
        return value
    if not isinstance(value, str):
        raise TypeError(f"structure_kind must be a BettingStructure or a name, got {value!r}")
    return structure_kind(value)


def _list(value: object, what: str) -> list[object]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise TypeError(f"{what} must be a sequence, got {value!r}")
    return list(value)


def _levels(value: object) -> list[Level]:
    levels = _list(value, "levels")
    if not levels:
        raise SplitpotError("levels: the schedule needs at least one level")
    for i, level in enumerate(levels):
        if not isinstance(level, Level):
            raise TypeError(f"levels[{i}] must be a Level, got {level!r}")
    return levels  # type: ignore[return-value]


def _names(value: object) -> list[str]:
    names = _list(value, "players")
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise TypeError(f"players[{i}] must be a non-empty name (str), got {name!r}")
    if len(set(names)) < len(names):
        raise SplitpotError(f"players: every name must be different, got {names}")
    if len(names) < 2:
        raise SplitpotError(f"players: a tournament needs at least 2, got {len(names)}")
    return names  # type: ignore[return-value]


# ---------------------------------------------------------------------- bot tournaments

BOTS: dict[str, Callable[[int], Bot]] = {
    "simple": SimpleBot,
    "random": RandomBot,
    "calling": lambda seed: CallingStation(),
}
"""The bots :func:`play_tournament` seats, by name; each is made from a seed."""


@dataclass(frozen=True, repr=False)
class TournamentResult:
    """A tournament played by bots: ``finished`` is ``False`` when ``max_hands`` stopped it
    first. ``payouts`` is ``None`` then; ``equity`` (:meth:`Tournament.icm`) is always
    there, and equals the payouts once finished. :meth:`to_dict` and :meth:`to_pandas`
    give the standings as a table.

    ``tournament`` is the :class:`Tournament` played, ``hands`` every hand of it,
    ``standings`` the :class:`Finish` of each player, best first; ``payouts`` and ``equity``
    map names to prize units. Returned by :func:`play_tournament` (which raises the
    :class:`~splitpot.SplitpotError` for a bad argument).

    >>> r = play_tournament(3, starting_stack=100, prizes=[70, 30], seed=1)
    >>> r.finished, r.payouts, [f.name for f in r.standings]
    (True, {'P1': 70, 'P2': 30, 'P3': 0}, ['P1', 'P2', 'P3'])
    >>> r.equity == r.payouts             # once finished, the ICM equity is the prizes
    True
    """

    tournament: Tournament
    hands: tuple[Hand, ...]
    standings: tuple[Finish, ...]
    payouts: dict[str, int] | None
    equity: dict[str, Fraction]
    finished: bool

    def standing_rows(self) -> list[dict[str, Any]]:
        """One row per player, best place first: ``place``, ``name``, ``tied``, ``hand``
        (the hand he went out in, ``None`` for the winner), ``chips_at_start``, ``payout``
        (``None`` until finished) and ``equity`` (his ICM share of the prizes, a float)."""
        return [
            {
                "place": f.place,
                "name": f.name,
                "tied": f.tied,
                "hand": f.hand,
                "chips_at_start": f.chips_at_start,
                "payout": None if self.payouts is None else self.payouts.get(f.name, 0),
                "equity": float(self.equity.get(f.name, 0)),
            }
            for f in sorted(self.standings, key=lambda f: (f.place, f.name))
        ]

    def to_dict(self) -> dict[str, Any]:
        """``finished``, ``hands`` (how many were played) and ``standings``
        (:meth:`standing_rows`), as plain data."""
        return {
            "finished": self.finished,
            "hands": len(self.hands),
            "standings": self.standing_rows(),
        }

    def to_pandas(self) -> Any:
        """:meth:`standing_rows` as a ``pandas.DataFrame`` indexed by name; needs pandas
        (the optional extra ``splitpot[pandas]``)."""
        return _tabular.data_frame(self.standing_rows(), index="name")

    def __repr__(self) -> str:
        """Short: how it ended and the first places (the hands and the tournament are
        attributes, not repeated here)."""
        state = "finished" if self.finished else "stopped at the hand limit"
        rows = self.standing_rows()
        places = ", ".join(
            f"{r['place']}{'=' if r['tied'] > 1 else ''} {r['name']}"
            + (f" ({r['payout']})" if r["payout"] else "")
            for r in rows[:3]
        )
        more = f", ... ({len(rows)} players)" if len(rows) > 3 else ""
        return f"<TournamentResult {state} after {len(self.hands)} hands: {places}{more}>"

    def _repr_html_(self) -> str:
        state = "finished" if self.finished else "stopped at the hand limit"
        caption = f"Tournament {state} after {len(self.hands)} hands"
        return _tabular.html_table(caption, self.standing_rows())


def play_tournament(
    players: Sequence[str] | int = 6,
    *,
    game: Game = HOLDEM,
    structure: BettingStructure | str = "no-limit",
    levels: Sequence[Level] | None = None,
    starting_stack: int = 1500,
    prizes: Sequence[int] = (65, 35),
    bots: str | Sequence[str] = "simple",
    seed: int | None = None,
    max_hands: int = 10_000,
    seats: int | None = None,
) -> TournamentResult:
    """Play a whole tournament with splitpot's bots (:data:`BOTS`), reproducibly from ``seed``.

    ``players`` is a list of names or a number of players (named ``P1``, ``P2``...);
    ``bots`` one bot name for everybody or one per player. Without ``levels`` the blinds
    start at 1/100 and 1/50 of the starting stack and double every 10 hands until the big
    blind is every chip in play, so the blinds alone end the tournament.

    >>> r = play_tournament(4, starting_stack=200, prizes=[100], seed=5)
    >>> r.finished, len(r.standings), sum(r.payouts.values())
    (True, 4, 100)
    >>> r.payouts == play_tournament(4, starting_stack=200, prizes=[100], seed=5).payouts
    True
    """
    if isinstance(players, int) and not isinstance(players, bool):
        # One table (docs/tournaments.md): refused before a name is made for each.
        names = [f"P{i + 1}" for i in range(_whole(players, "players", 2, HAND_MAX_SEATS))]
    else:
        names = _names(players)
    kinds = [bots] * len(names) if isinstance(bots, str) else list(bots)
    if len(kinds) != len(names) or any(k not in BOTS for k in kinds):
        raise SplitpotError(f"bots: one of {sorted(BOTS)}, or one per player, got {bots!r}")
    stack = _whole(starting_stack, "starting_stack", 1)
    if levels is None:
        levels = _default_levels(stack, len(names))
    rng = random.Random(seed)
    table_seed = _seeds.draw_bits(rng)
    t = Tournament(
        game, structure, levels, names, stack, prizes=prizes, seats=seats, seed=table_seed
    )
    by_name = {name: BOTS[k](_seeds.draw_bits(rng)) for name, k in zip(names, kinds, strict=True)}
    by_seat = {seat: by_name[name] for seat, name in t.seat_names.items()}
    for _ in range(_whole(max_hands, "max_hands", 1)):
        if t.is_over:
            break
        play_bots(t.start_hand(), by_seat.__getitem__)
    return TournamentResult(
        t,
        tuple(t.hands),
        tuple(t.standings),
        t.payouts() if t.is_over else None,
        t.icm(),
        t.is_over,
    )


def _default_levels(stack: int, players: int) -> list[Level]:
    """Blinds from 1/100 and 1/50 of a stack, doubling until the big blind covers every chip."""
    big = max(2, stack // 50)
    count = 1
    while big << (count - 1) < stack * players and big << count <= MAX_CHIPS:
        count += 1
    return doubling_levels(big // 2, big, hands=10, count=count)
