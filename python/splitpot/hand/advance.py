"""Advance actions (docs/rules/poker.md §3): a betting decision a seat makes before its
turn, which the hand makes for it when the turn comes.

"These buttons appear before your turn when you can make a decision in advance. Once you make
the desired selection with an advance action button, the decision is carried out by the
software automatically once play progresses to your turn" (the card room's rules, quoted in
§3). A seat still in the hand, able to bet and not to act now, queues one :class:`Advance` with
:meth:`Hand.advance <splitpot.hand.Hand.advance>`: fold, check/fold, check, call (this
amount), call any, or bet/raise (to this amount). On its turn the hand makes the decision if
it still means what it meant when queued, else cancels it and the player decides himself:

* **fold** folds; **check/fold** checks, or folds facing a bet; **call any** calls any bet,
  or checks when there is none.
* **check**, **call N** and **bet/raise to N** were chosen facing the bet of the moment: a bet
  or raise since then cancels them ("a raise cancels call 10 and check"), and so does the
  amount no longer being legal.
* A decision still queued when the betting round ends (his turn never came) is cancelled.

Each step is a record: :class:`Advancing` (queued, or withdrawn with ``action=None``),
:class:`AdvanceActing` just before the decision it makes, :class:`AdvanceCancelling` with
the reason. PHH writes them as comments (``p3 cc # advance call any``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from splitpot._core import IllegalAction
from splitpot.hand import view
from splitpot.hand.records import _ACTIVE, _BETTING, Betting, Operation, RaisingTo, StrEnum
from splitpot.limits import shown

if TYPE_CHECKING:
    from splitpot.hand.round import BettingRound
    from splitpot.hand.state import Hand

__all__ = ["Advance", "AdvanceActing", "AdvanceCancelling", "Advancing"]


class Advance(StrEnum):
    """An advance action (docs/rules/poker.md §3): what a seat decides before its turn.

    A ``str`` enum: ``Hand.advance(seat, "call any")`` takes the member or its string.

    >>> Advance("check/fold") is Advance.CHECK_FOLD
    True
    """

    FOLD = "fold"
    CHECK_FOLD = "check/fold"
    """Check if no one bets, else fold."""
    CHECK = "check"
    CALL = "call"
    """Call this amount: cancelled if the bet to call changes."""
    CALL_ANY = "call any"
    """Call whatever is bet, or check when nothing is."""
    BET_RAISE = "bet/raise"
    """Bet, or raise, to this amount in total: cancelled if someone bets or raises first."""


_WITH_AMOUNT = (Advance.CALL, Advance.BET_RAISE)


def _words(action: str | None, amount: int | None) -> str:
    return f"{action}{'' if amount is None else f' {amount}'}"


@dataclass(frozen=True)
class Advancing(Operation):
    """A seat queues an advance action before its turn, or withdraws it (``action=None``).

    ``amount`` is the call (``"call"``) or the bet or raise total (``"bet/raise"``).
    Made by ``Hand.advance(seat, action, amount)``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 100], seed=1)
    >>> h.advance(0, "call any"), str(h.events[-1])
    (Advancing(seat=0, action='call any', amount=None), 'Seat 0 chooses call any in advance')
    """

    seat: int
    action: str | None
    amount: int | None = None

    def __str__(self) -> str:
        if self.action is None:
            return f"Seat {self.seat} withdraws his advance action"
        return f"Seat {self.seat} chooses {_words(self.action, self.amount)} in advance"


@dataclass(frozen=True)
class AdvanceActing(Operation):
    """The seat's turn has come: the hand makes the decision he queued (§3). The
    decision's own record (``Calling``...) follows.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 100], seed=1)
    >>> _ = h.advance(0, "call any"), h.call()   # seat 2 calls; seat 0's turn: he calls
    >>> [str(e) for e in h.events[-2:]]
    ['Seat 0 plays his advance action: call any', 'Seat 0 calls 1']
    """

    seat: int
    action: str
    amount: int | None = None

    def __str__(self) -> str:
        return f"Seat {self.seat} plays his advance action: {_words(self.action, self.amount)}"


@dataclass(frozen=True)
class AdvanceCancelling(Operation):
    """A queued advance action no longer means what it meant, and is not made: ``reason``
    says why (a bet or raise since it was chosen, the round over). The seat decides himself.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100, 100], seed=1)
    >>> _ = h.advance(0, "call", 1), h.raise_to(6)   # seat 2 raises: "call 1" meant 1
    >>> str(h.events[-1])
    'Seat 0 no longer plays call 1: seat 2 raised to 6 since'
    """

    seat: int
    action: str
    amount: int | None
    reason: str

    def __str__(self) -> str:
        return f"Seat {self.seat} no longer plays {_words(self.action, self.amount)}: {self.reason}"


class Queued(NamedTuple):
    """An advance action waiting for its seat's turn, and the bet it was chosen facing."""

    action: Advance
    amount: int | None
    current: int


def check(hand: Hand, seat: int, action: object, amount: object) -> Queued | None:
    """What ``seat`` may choose in advance now (:meth:`Hand.advance
    <splitpot.hand.Hand.advance>`): a betting decision of a seat still in and able to bet,
    not sitting out, before his turn; ``None`` withdraws the one he chose."""
    view.seat_of(hand, seat)
    if hand._phase is not _BETTING or hand._ledger.status[seat] != _ACTIVE:
        raise IllegalAction(f"seat {seat} has no betting decision to make now")
    if seat in hand._away or hand._queue[0] == seat:
        why = "sits out" if seat in hand._away else "is to act: he decides now"
        raise IllegalAction(f"seat {seat} {why}, not in advance")
    if action is not None:
        return queue(hand._round, seat, action, amount)
    if seat not in hand._advances:
        raise IllegalAction(f"seat {seat} has no advance action to withdraw")
    return None


def queue(rnd: BettingRound, seat: int, action: object, amount: object) -> Queued:
    """The advance action ``seat`` chooses, checked against the round as it stands: a call
    of exactly what he would call now, a bet or raise above the current bet; else
    :class:`~splitpot.IllegalAction` saying why."""
    try:
        chosen = Advance(action)
    except ValueError:
        choices = ", ".join(repr(a.value) for a in Advance)
        raise IllegalAction(f"no advance action {shown(action)}: {choices}") from None
    to_call = min(rnd.current - rnd.bets[seat], rnd.stack(seat))
    if chosen not in _WITH_AMOUNT:
        if amount is not None:
            raise IllegalAction(f"{chosen.value} takes no amount, got {shown(amount)}")
        if chosen is Advance.CHECK and to_call > 0:
            raise IllegalAction(
                f"seat {seat} faces a bet of {rnd.current}: check/fold, call or call any"
            )
        return Queued(chosen, None, rnd.current)
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalAction(f"{chosen.value} needs an amount of chips, got {shown(amount)}")
    if chosen is Advance.CALL and amount != to_call:
        if to_call <= 0:
            raise IllegalAction(f"seat {seat} has nothing to call: check or check/fold")
        raise IllegalAction(f"seat {seat} would call {to_call} now, not {amount}")
    if chosen is Advance.BET_RAISE and not rnd.current < amount <= rnd.most(seat):
        most = rnd.most(seat)
        raise IllegalAction(
            f"seat {seat} may bet or raise to {rnd.current + 1}..{most}, not {amount}"
        )
    return Queued(chosen, amount, rnd.current)


def play(hand: Hand, seat: int, queued: Queued) -> None:
    """``seat``'s turn has come: make his queued decision, or cancel it and let him decide
    (see the module doc)."""
    rnd = hand._round
    action, amount = queued.action, queued.amount
    events = hand._events
    changed = rnd.current != queued.current
    if changed and action in (Advance.CHECK, Advance.CALL, Advance.BET_RAISE):
        why = _raised(hand, rnd)
        events.append(AdvanceCancelling(seat, action.value, amount, why))
        return
    faces = rnd.current > rnd.bets[seat] or seat == rnd.bring_in
    if action is Advance.CHECK_FOLD:
        action = Advance.FOLD if faces else Advance.CHECK
    elif action is Advance.CALL_ANY:
        action = Advance.CALL if faces else Advance.CHECK
    try:
        verify = {
            Advance.FOLD: hand.verify_fold,
            Advance.CHECK: hand.verify_check,
            Advance.CALL: hand.verify_call,
        }.get(action)
        if verify is not None:
            verify()
        else:
            (hand.verify_bet if rnd.current == 0 else hand.verify_raise_to)(amount)
    except IllegalAction as e:
        events.append(AdvanceCancelling(seat, queued.action.value, amount, str(e)))
        return
    events.append(AdvanceActing(seat, queued.action.value, amount))
    if action is Advance.FOLD:
        hand.fold()
    elif action is Advance.CHECK:
        hand.check()
    elif action is Advance.CALL:
        hand.call()
    else:
        hand.bet_or_raise_to(amount)


def _raised(hand: Hand, rnd: BettingRound) -> str:
    """Who changed the bet since the advance action was chosen, and how."""
    for e in reversed(hand._events):
        if isinstance(e, (Betting, RaisingTo)):
            verb = "bet" if isinstance(e, Betting) else "raised to"
            return f"seat {e.seat} {verb} {e.amount} since"
    return f"the bet is {rnd.current} since"


def cancel_all(hand: Hand, reason: str) -> None:
    """Every advance action still queued is cancelled (its seat's turn did not come)."""
    for seat, queued in sorted(hand._advances.items()):
        hand._events.append(AdvanceCancelling(seat, queued.action.value, queued.amount, reason))
    hand._advances.clear()
