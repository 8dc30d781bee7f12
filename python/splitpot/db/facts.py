"""What each player did and could have done in one hand: the facts the statistics count.

The trackers' way (PokerTracker's hand-player statistics): the import reads each hand once
and writes, per seat, a 0/1 flag for every opportunity and every action taken on it
(``three_bet_opp``, ``three_bet``...) and the counts of post-flop actions; a statistic is then
one SQL ``SUM`` over those columns divided by another (:mod:`splitpot.db.stats`), over any
number of hands, grouped any way. docs/stats.md defines each fact and statistic.

Streets are numbered from 0, the first betting round (preflop; third street in stud); "the
flop" below is street 1 (fourth street in stud). A *raise level* counts the voluntary bets
and raises of a street before an action: forced bets (antes, blinds, straddles, the stud
bring-in) count for none, so the first voluntary raise preflop (or the completion of a stud
bring-in) is the open, the next the 3-bet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from splitpot.db.schema import FACTS

DECISIONS = frozenset(("fold", "check", "call", "bet", "raise", "timeout"))
"""Action kinds that are a player's choice (a timeout that left him all-in for what he had
put in is one: his time ran out while he had to act)."""
AGGRESSIVE = frozenset(("bet", "raise"))
VOLUNTARY = frozenset(("call", "bet", "raise"))
STEAL_FROM = frozenset(("CO", "BTN", "SB"))
"""The positions a first-in raise is a steal from (PokerTracker's "Attempt to Steal")."""
BLINDS = frozenset(("SB", "BB"))


@dataclass(frozen=True)
class Act:
    """One action of a hand: its street, seat, kind (see ``actions.kind``) and raise level."""

    street: int
    seat: int
    kind: str
    raises: int


def positions(order: Sequence[int], *, stud: bool) -> dict[int, str]:
    """Each seat's position. ``order`` is the seats in the order of the first betting round
    in a blind game read from the small blind (the seats clockwise from left of the button),
    in stud from the bring-in.

    Blind games: ``BTN``, ``SB``, ``BB``, and before them, from the button back, ``CO``,
    ``HJ``, ``LJ``; the first to act preflop is ``UTG``, those between ``UTG+1``, ``UTG+2``...
    Heads-up the button posts the small blind and is ``BTN``. Stud has no button: ``BI`` is
    the bring-in, then ``BI+1``, ``BI+2``... in the order they act.

    >>> positions([3, 4, 5, 0, 1, 2], stud=False)
    {3: 'SB', 4: 'BB', 5: 'UTG', 0: 'HJ', 1: 'CO', 2: 'BTN'}
    >>> positions([1, 0], stud=False), positions([2, 0, 1], stud=True)
    ({1: 'BB', 0: 'BTN'}, {2: 'BI', 0: 'BI+1', 1: 'BI+2'})
    """
    n = len(order)
    if stud:
        return {seat: "BI" if i == 0 else f"BI+{i}" for i, seat in enumerate(order)}
    if n == 2:
        return {order[0]: "BB", order[1]: "BTN"}
    names = ["SB", "BB", *_middle(n - 3), "BTN"][:n]
    return dict(zip(order, names, strict=True))


def _middle(k: int) -> list[str]:
    """The ``k`` seats between the big blind and the button, in the order they act."""
    if k <= 1:
        return ["CO"][:k]
    back = ["LJ", "HJ", "CO"][-min(k - 1, 3) :]
    return ["UTG", *(f"UTG+{i}" for i in range(1, k - len(back))), *back]


def action_order(order: Sequence[int], *, stud: bool) -> list[int]:
    """The seats in the order the first betting round is played, from ``order`` as
    :func:`positions` takes it: preflop from the seat after the big blind (heads-up the
    button first); stud from the bring-in."""
    if stud or len(order) < 3:
        return list(order) if stud else list(reversed(order))
    return [*order[2:], *order[:2]]


def facts(
    acts: Iterable[Act],
    seats: Sequence[int],
    position: Mapping[int, str],
    *,
    blind_game: bool,
    saw_flop: Iterable[int],
) -> dict[int, dict[str, int]]:
    """Every fact of :data:`~splitpot.db.schema.FACTS` but the showdown's, per seat, from
    the hand's actions in order; ``saw_flop`` are the seats still in when street 1 began."""
    out = {seat: dict.fromkeys(FACTS, 0) for seat in seats}
    first: list[Act] = []
    flop: list[Act] = []
    for a in acts:
        if a.kind not in DECISIONS:
            continue
        if a.street == 0:
            first.append(a)
        else:
            if a.street == 1:
                flop.append(a)
            _count_postflop(out[a.seat], a.kind)
    aggressor = _first_round(first, out, position, blind_game)
    for seat in saw_flop:
        out[seat]["saw_flop"] = 1
    if aggressor is not None:
        _continuation(flop, out, aggressor)
    return out


def _count_postflop(f: dict[str, int], kind: str) -> None:
    key = {
        "bet": "post_bets",
        "raise": "post_raises",
        "call": "post_calls",
        "fold": "post_folds",
        "check": "post_checks",
    }.get(kind)
    if key is not None:
        f[key] += 1


def _first_round(
    acts: list[Act],
    out: dict[int, dict[str, int]],
    position: Mapping[int, str],
    blind_game: bool,
) -> int | None:
    """VPIP, PFR, 3-bet, fold to 3-bet, steal and fold to steal; returns the seat that made
    the round's last voluntary bet or raise (the preflop aggressor), if any."""
    opener: int | None = None
    stealer: int | None = None
    aggressor: int | None = None
    voluntary = 0  # voluntary actions so far (calls, bets, raises)
    acted: set[int] = set()
    for a in acts:
        f, kind, seat = out[a.seat], a.kind, a.seat
        f["pf_acted"] = 1
        f["vpip"] |= kind in VOLUNTARY
        f["pfr"] |= kind in AGGRESSIVE
        if a.raises == 1 and seat != opener and not f["three_bet_opp"]:
            f["three_bet_opp"], f["three_bet"] = 1, int(kind in AGGRESSIVE)
        if seat == opener and a.raises == 2 and not f["fold_3bet_opp"]:
            f["fold_3bet_opp"], f["fold_3bet"] = 1, int(kind == "fold")
        if seat not in acted and blind_game:
            if position[seat] in STEAL_FROM and voluntary == 0:
                f["steal_opp"], f["steal"] = 1, int(kind in AGGRESSIVE)
                if kind in AGGRESSIVE:
                    stealer = seat
            elif position[seat] in BLINDS and stealer is not None and voluntary == 1:
                f["fold_steal_opp"], f["fold_steal"] = 1, int(kind == "fold")
        acted.add(seat)
        if kind in AGGRESSIVE:
            aggressor = seat
            if a.raises == 0:
                opener = seat
        if kind in VOLUNTARY:
            voluntary += 1
    return aggressor


def _continuation(flop: list[Act], out: dict[int, dict[str, int]], aggressor: int) -> None:
    """C-bet and fold to c-bet on street 1: the preflop aggressor bets first in; the others
    face that bet before anyone raises it."""
    decided = False  # the aggressor's first decision of the street was seen
    cbet = False
    for a in flop:
        f = out[a.seat]
        if a.seat == aggressor and not decided:
            decided = True
            if a.raises == 0:
                f["cbet_opp"] = 1
                cbet = a.kind == "bet"
                f["cbet"] = int(cbet)
        elif cbet and a.seat != aggressor and a.raises == 1 and not f["fold_cbet_opp"]:
            f["fold_cbet_opp"], f["fold_cbet"] = 1, int(a.kind == "fold")
