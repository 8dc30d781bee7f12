"""Who is dealt in and who posts what in the next hand (docs/rules/poker.md §4.1).

:func:`plan` reads the seats and the last hand's positions and returns a :class:`Plan`
without changing anything; the table applies it only once the hand is dealt, so a refused
hand leaves the table as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from splitpot._core import IllegalAction
from splitpot.table.seats import MISSED_BIG_BLINDS_LIMIT, Player, PlayerState

__all__ = ["ANTE_RULES", "BUTTON_RULES", "Plan", "Positions", "plan"]

ButtonRule = Literal["moving", "dead"]
AnteRule = Literal["each", "big_blind", "button"]
BUTTON_RULES = ("moving", "dead")
ANTE_RULES = ("each", "big_blind", "button")

_PLAYING = PlayerState.PLAYING
_SITTING_OUT = PlayerState.SITTING_OUT
_WAITING = PlayerState.WAITING
_POSTING = PlayerState.POSTING


@dataclass(frozen=True)
class Positions:
    """The button and the blinds' seats of a hand. ``small`` is the small blind's position,
    posted or not (a dead small blind, §4.1 DECISION); ``big`` is the big blind's seat."""

    button: int
    small: int
    big: int


@dataclass
class Plan:
    """The next hand's deal: what the table applies once the hand is built."""

    positions: Positions
    dealt: set[int]
    blinds: list[int]
    dead: list[int]
    antes: list[int] | None  # per seat, for antes posted for the table; None: the structure's
    states: dict[int, PlayerState] = field(default_factory=dict)  # new states before the deal
    owes: dict[int, tuple[bool, bool, int]] = field(default_factory=dict)  # small, big, missed
    removed: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Rules:
    """The table's options that decide the positions and the forced bets."""

    button_rule: ButtonRule
    ante_rule: AnteRule
    small_blind: int
    big_blind: int
    ante: int
    straddle: int
    first_button: int | None


def _after(seat: int, pool: Sequence[int] | set[int], n: int) -> int:
    """The first seat of ``pool`` clockwise after ``seat`` (``seat`` itself last)."""
    return next(s for s in ((seat + i) % n for i in range(1, n + 1)) if s in pool)


def _passed(old: int, new: int, seat: int, n: int) -> bool:
    """Whether moving a blind from seat ``old`` clockwise to ``new`` passed ``seat``."""
    if old == new:
        return False
    return 0 < (seat - old) % n <= (new - old) % n


def plan(
    seats: Sequence[Player | None], last: Positions | None, running: bool, rules: Rules
) -> Plan:
    """The next hand of a blind game (docs/rules/poker.md §4.1); raises
    :class:`~splitpot.IllegalAction` when fewer than two players can be dealt in."""
    n = len(seats)
    states = {i: _state_now(p) for i, p in enumerate(seats) if p is not None}
    if not any(s is _PLAYING for s in states.values()):
        running = False  # no game going on: whoever is waiting just plays
    if not running:
        states = {i: _PLAYING if s in (_WAITING, _POSTING) else s for i, s in states.items()}
    regular = sorted(i for i, s in states.items() if s is _PLAYING)
    entering = sorted(i for i, s in states.items() if s in (_WAITING, _POSTING))
    if not regular or len(regular) + len(entering) < 2:
        raise IllegalAction("not enough players to deal a hand")
    if len(regular) == 1:  # one player and newcomers: heads-up with the first newcomer
        button = regular[0]
        positions = Positions(button, button, _after(button, entering, n))
    elif last is None or not running:
        positions = _first_positions(seats, regular, entering, last, rules, n)
    elif rules.button_rule == "dead":
        positions = _dead_button(last, regular, entering, n)
    else:
        positions = _moving_button(last, regular, entering, n)
    return _forced_bets(seats, states, positions, regular, running, last, rules)


def _state_now(p: Player) -> PlayerState:
    return _SITTING_OUT if p.stack == 0 else p.state  # busted: out until he adds chips


def _heads_up(big: int, last: Positions | None, players: list[int], n: int) -> Positions:
    """Two players: the button posts the small blind, and the big blind goes to the player
    who did not have it last hand (§4.1 heads-up transition)."""
    if last is not None and big == last.big:
        big = _after(big, players, n)
    other = _after(big, players, n)
    return Positions(other, other, big)


def _first_positions(
    seats: Sequence[Player | None],
    regular: list[int],
    entering: list[int],
    last: Positions | None,
    rules: Rules,
    n: int,
) -> Positions:
    """The first hand: the button to the first player seated (docs/rules/poker.md §4.1), or
    to the seat the table was given, or on from where it was."""
    if last is not None:
        button = _after(last.button, regular, n)
    elif rules.first_button in regular:
        button = rules.first_button
    else:
        button = min(regular, key=lambda s: seats[s].arrival)  # type: ignore[union-attr]
    return _moving_from(button, regular, entering, None, n)


def _moving_button(last: Positions, regular: list[int], entering: list[int], n: int) -> Positions:
    """The button moves to the next player dealt in; the blinds follow it (§4.1)."""
    return _moving_from(_after(last.button, regular, n), regular, entering, last, n)


def _moving_from(
    button: int, regular: list[int], entering: list[int], last: Positions | None, n: int
) -> Positions:
    small = _after(button, regular, n)
    big = _after(small, sorted({*regular, *entering}), n)
    if big == button:
        return _heads_up(small, last, regular, n)
    return Positions(button, small, big)


def _dead_button(last: Positions, regular: list[int], entering: list[int], n: int) -> Positions:
    """The big blind moves one player; the small blind and the button take the seats the
    big and the small blind had, dealt in or not (§4.1 DECISION, the dead button)."""
    big = _after(last.big, sorted({*regular, *entering}), n)
    players = sorted({*regular, big})
    if len(players) == 2:
        return _heads_up(big, last, players, n)
    return Positions(last.small, last.big, big)


def _forced_bets(
    seats: Sequence[Player | None],
    states: dict[int, PlayerState],
    pos: Positions,
    regular: list[int],
    running: bool,
    last: Positions | None,
    rules: Rules,
) -> Plan:
    """Who is dealt in and each seat's live and dead blind (§4.1), and the blinds missed."""
    n = len(seats)
    blinds, dead = [0] * n, [0] * n
    dealt = set(regular) | {pos.big}
    if pos.small in regular and pos.small != pos.big:
        blinds[pos.small] = rules.small_blind
    blinds[pos.big] = rules.big_blind
    out = Plan(pos, dealt, blinds, dead, None)
    heads_up = pos.small == pos.button and len(dealt) == 2
    for seat, state in states.items():
        p = seats[seat]
        assert p is not None
        if seat == pos.big:
            out.owes[seat] = (False, False, 0)
        elif state is _POSTING and not heads_up and _may_post(seat, pos, n):
            # Posting what he owes: a big blind live, a missed small blind dead (§4.1).
            dealt.add(seat)
            blinds[seat] = rules.big_blind if p.owes_big else 0
            dead[seat] = rules.small_blind if p.owes_small else 0
            out.owes[seat] = (False, False, 0)
        elif state is _PLAYING and p.state in (_WAITING, _POSTING):
            out.owes[seat] = (False, False, 0)  # a new game: nothing is owed
        if state is not p.state:
            out.states[seat] = state
    if running and last is not None:
        _miss_blinds(seats, states, last, pos, out)
    if rules.straddle and not heads_up:
        _straddle(pos, regular, out, rules.straddle, n)
    if rules.ante and rules.ante_rule != "each":
        payer = pos.big if rules.ante_rule == "big_blind" else _after(pos.button - 1, dealt, n)
        out.antes = [rules.ante if s == payer else 0 for s in range(n)]
    return out


def _may_post(seat: int, pos: Positions, n: int) -> bool:
    """A player posts out of turn anywhere but on the button or in the small blind, where he
    would post and then have the button or the small blind at once (§4.1 DECISION)."""
    return 0 < (seat - pos.big) % n < (pos.button - pos.big) % n


def _straddle(pos: Positions, regular: list[int], out: Plan, amount: int, n: int) -> None:
    """The player left of the big blind straddles: a live blind of ``amount`` (§4.1)."""
    seat = _after(pos.big, sorted(out.dealt), n)
    if seat in regular and not out.blinds[seat] and not out.dead[seat]:
        out.blinds[seat] = amount


def _miss_blinds(
    seats: Sequence[Player | None],
    states: dict[int, PlayerState],
    last: Positions,
    pos: Positions,
    out: Plan,
) -> None:
    """Players sitting out owe the blinds that passed their seat (§4.1); three big blinds
    missed in a row and the player is removed."""
    n = len(seats)
    for seat, state in states.items():
        p = seats[seat]
        if p is None or state is not _SITTING_OUT:
            continue
        small = p.owes_small or _passed(last.small, pos.small, seat, n)
        missed = p.missed_big_blinds
        big = p.owes_big
        if _passed(last.big, pos.big, seat, n):
            big, missed = True, missed + 1
        out.owes[seat] = (small, big, missed)
        if missed >= MISSED_BIG_BLINDS_LIMIT:
            out.removed.append(seat)
