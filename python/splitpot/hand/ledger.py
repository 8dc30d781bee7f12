"""The chips of a hand and who is still in it (docs/rules/poker.md §3, §4, §6).

:class:`Ledger` owns every seat's stack, what it has put in this hand (its contribution),
the part of that which is dead money (antes, dead blinds), the uncalled chips given back,
and the seat's status (active, all-in, timed out, folded, out). It moves chips and nothing
else: the :class:`~splitpot.hand.Hand` decides when, the
:class:`~splitpot.hand.round.BettingRound` keeps the round's bets, and :meth:`pots` cuts the
contributions into pots (:func:`splitpot.pots.build_pots_unchecked`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from splitpot import pots as _pots
from splitpot.hand.records import (
    _ACTIVE,
    _ALL_IN,
    _FOLDED,
    _OUT,
    _STOOD,
    AntePosting,
    BlindPosting,
    Operation,
)
from splitpot.hand.setup import big_blind_seat
from splitpot.pots import Pot

if TYPE_CHECKING:
    from splitpot.hand.round import BettingRound
    from splitpot.hand.setup import HandStarting

__all__ = ["Ledger"]


class Ledger:
    """Stacks, contributions, dead money, returns and seat status, per seat.

    * ``stacks``: chips behind; ``contrib``: everything put in this hand; ``dead``: the part
      of it that is no bet (antes, dead blinds); ``returned``: uncalled chips given back.
    * ``status``: ``_ACTIVE``, ``_ALL_IN``, ``_STOOD`` (timed out), ``_FOLDED`` or ``_OUT``
      (``records``); "still in the hand" is ``status < _FOLDED``. ``live``: how many seats
      are still in. ``paid``: chips paid out of the pots so far.
    * ``antes`` (per seat) and ``antes_shared`` say which dead money is whose (§6).
    * ``behind``: with a cap (capped no limit, §3), each seat's chips past it, set aside for
      the hand (``stacks`` holds what he may still put in); ``None`` without a cap.
    """

    __slots__ = (
        "antes",
        "antes_shared",
        "behind",
        "contrib",
        "dead",
        "live",
        "paid",
        "returned",
        "stacks",
        "status",
    )

    def __init__(
        self,
        stacks: Sequence[int | None],
        antes: Sequence[int],
        antes_shared: bool,
        cap: int | None = None,
    ) -> None:
        n = len(stacks)
        self.stacks = [s or 0 for s in stacks]
        self.behind: list[int] | None = None
        if cap is not None:  # a capped player is all-in at the cap (§3 DECISION)
            self.behind = [max(s - cap, 0) for s in self.stacks]
            self.stacks = [min(s, cap) for s in self.stacks]
        self.contrib = [0] * n
        self.dead = [0] * n
        self.returned: dict[int, int] = {}
        self.status = [_ACTIVE if s is not None else _OUT for s in stacks]
        self.live = n - list(stacks).count(None)
        self.paid = 0
        self.antes = antes
        self.antes_shared = antes_shared

    def put(self, seat: int, amount: int) -> None:
        """``seat`` puts ``amount`` in (a bet, or with :meth:`put_dead` dead money); all-in at 0."""
        stacks = self.stacks
        stacks[seat] -= amount
        self.contrib[seat] += amount
        if not stacks[seat]:
            self.status[seat] = _ALL_IN

    def put_dead(self, seat: int, amount: int) -> None:
        """An ante or a dead blind: in the pot, but no bet (docs/rules/poker.md §6)."""
        self.put(seat, amount)
        self.dead[seat] += amount

    def post_forced_bets(
        self, start: HandStarting, order: list[int], rnd: BettingRound, events: list[Operation]
    ) -> int | None:
        """Antes, then blinds (docs/rules/poker.md §4), each capped by the seat's stack; a
        live blind is the seat's bet of the first round. Returns the seat first to act
        preflop, left of the big blind (:func:`~splitpot.hand.setup.big_blind_seat`; heads-up
        the button, §4.1), or ``None`` without blinds."""
        stacks = self.stacks
        antes, live, dead = start.antes, start.blinds, start.dead_blinds
        for seat in order if any(antes) else ():
            if antes[seat]:
                amount = min(antes[seat], stacks[seat])
                self.put_dead(seat, amount)
                events.append(AntePosting(seat, amount))
        button = start.button
        for seat in [button, order[0]] if len(order) == 2 and button in order else order:
            if not (live[seat] or dead[seat]):
                continue
            amount = min(live[seat], stacks[seat])
            if amount:
                self.put(seat, amount)
                rnd.put(seat, amount)
                events.append(BlindPosting(seat, amount, False))
            amount = min(dead[seat], stacks[seat])
            if amount:
                self.put_dead(seat, amount)
                events.append(BlindPosting(seat, amount, True))
        big = big_blind_seat(order, live, start.structure.small_blind)
        if big is None:
            return None
        # A big blind all-in for less still sets the full big blind to call (§4.1).
        rnd.current = max(rnd.current, max(live))
        return (big + 1) % len(stacks)

    def give_back(self, seat: int, amount: int) -> None:
        """The uncalled part of ``seat``'s bet goes back to him (§6)."""
        self.stacks[seat] += amount
        self.contrib[seat] -= amount
        self.returned[seat] = self.returned.get(seat, 0) + amount
        if self.status[seat] == _ALL_IN:
            self.status[seat] = _ACTIVE

    def fold(self, seat: int) -> None:
        self.status[seat] = _FOLDED
        self.live -= 1

    def stand(self, seat: int) -> None:
        """``seat`` timed out all-in for what he has put in (docs/rules/poker.md §7): still in
        the hand, he acts no more and keeps his chips behind."""
        self.status[seat] = _STOOD

    def pay(self, seat: int, amount: int) -> None:
        """Chips from the pots to ``seat``."""
        self.stacks[seat] += amount
        self.paid += amount

    def whole(self) -> list[int]:
        """Each seat's chips not in the pot: those behind and those a cap set aside."""
        behind = self.behind
        if behind is None:
            return list(self.stacks)
        return [s + b for s, b in zip(self.stacks, behind)]  # noqa: B905 - same length

    def in_hand(self, order: Sequence[int]) -> list[int]:
        """The seats of ``order`` still in the hand."""
        status = self.status
        return [s for s in order if status[s] < _FOLDED]

    def able(self, order: Sequence[int]) -> int:
        """How many of the seats ``order`` can still bet (active, with chips behind)."""
        status = self.status
        return [status[s] for s in order].count(_ACTIVE)

    def folded(self) -> list[int]:
        """The seats not in the hand (folded, or not dealt in)."""
        status = self.status
        return [s for s in range(len(status)) if status[s] >= _FOLDED]

    def pots(self, order: Sequence[int], out: Sequence[int]) -> tuple[Pot, ...]:
        """Main and side pots of the seats dealt in, ``order``, the seats ``out`` eligible
        for none (docs/rules/poker.md §6, :func:`splitpot.pots.build_pots`): a seat's own ante
        counts for its eligibility; a dead blind, and an ante posted for the whole table, set
        no level and go to the main pot, but the dead blind of a seat that can put in no more
        counts for his own level."""
        status, contrib = self.status, self.contrib
        live = [s for s in order if s not in out]
        if live and not any(self.dead) and all([status[s] == _ACTIVE for s in live]):
            # No dead money and no one capped: the players still in have put in the same
            # (the betting is even, §3): one pot, theirs, with every folded chip in it.
            level = contrib[live[0]]
            if level and all([contrib[s] == level for s in live]):
                return (_pots.pot_unchecked(sum([contrib[s] for s in order]), tuple(sorted(live))),)
        dealt: dict[int, int] = {}
        antes: dict[int, int] = {}
        shared: dict[int, int] = {}  # the dead blinds, and the antes posted for the table
        table = self.antes_shared
        for s in order:
            put = dealt[s] = self.contrib[s]
            # Antes are posted first: the ante in a contribution is the smaller of the two.
            ante = min(self.antes[s], put)
            own = 0 if table else ante
            if status[s] == _ALL_IN or status[s] == _STOOD:
                # A poster who can put in no more has his whole total as his level, his
                # dead blind included: he may win what he matched up to it (§6).
                own = self.dead[s] - (ante if table else 0)
            shared[s] = self.dead[s] - own
            antes[s] = own
        # The ledger vouches for its own amounts: build_pots's cut without its checks.
        folded = {s for s in out if s in dealt}
        everyones = shared if any(shared.values()) else None
        return _pots.build_pots_unchecked(dealt, folded, antes, everyones)[0]
