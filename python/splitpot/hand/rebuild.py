"""Rebuilding a hand from its records (:meth:`Hand.from_events <splitpot.hand.Hand.from_events>`).

Each player decision is replayed through the hand's public methods, so a forged record fails
as an illegal action; a timeout must be one the rule (docs/rules/poker.md §7) allows here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from splitpot._core import SplitpotError
from splitpot.hand import timeout as _timeout
from splitpot.hand.advance import Advancing
from splitpot.hand.records import (
    Betting,
    BringingIn,
    Calling,
    Checking,
    Discarding,
    Folding,
    Mucking,
    Operation,
    RaisingTo,
    RunningOut,
    Showing,
    SittingOut,
    TimeoutOutcome,
    TimingOut,
)

if TYPE_CHECKING:
    from splitpot.hand.state import Hand

__all__ = ["replay"]


def replay(hand: Hand, events: Sequence[Operation]) -> Hand:
    """Play ``events`` after the set-up on ``hand``, dealt from ``events[0]``; return it."""
    done = len(hand._events)
    while done < len(events):
        if hand._events[:done] != list(events[:done]):
            break
        _apply(hand, events[done])
        if len(hand._events) <= done:
            raise SplitpotError(f"event {done} ({events[done]}) changed nothing")
        done = len(hand._events)
    if hand._events[: len(events)] != list(events):
        index = next(
            (i for i, (a, b) in enumerate(zip(hand._events, events)) if a != b),  # noqa: B905
            min(len(hand._events), len(events)),
        )
        raise SplitpotError(f"the events do not rebuild a hand: they differ at event {index}")
    return hand


def _apply(hand: Hand, event: Operation) -> None:
    """Replay one player decision recorded in ``event``."""
    if isinstance(event, Advancing):
        hand.advance(event.seat, event.action, event.amount)
    elif isinstance(event, Folding):
        hand.fold()
    elif isinstance(event, SittingOut):
        hand.sit_out(event.seat, now=True)
    elif isinstance(event, Checking):
        hand.check()
    elif isinstance(event, Calling):
        hand.call()
    elif isinstance(event, Betting):
        hand.bet(event.amount)
    elif isinstance(event, RaisingTo):
        hand.raise_to(event.amount)
    elif isinstance(event, BringingIn):
        hand.bring_in()
    elif isinstance(event, Discarding):
        hand.discard(event.card)
    elif isinstance(event, TimingOut):
        seat = hand.verify_timeout()
        possible = _timeout.outcomes(
            hand.phase, owes=hand._round.owes(seat), contributed=hand.contributions[seat]
        )
        if event.outcome not in possible:
            raise SplitpotError(f"{event} is not what a timeout does here")
        hand._time_out(seat, TimeoutOutcome(event.outcome))
    elif isinstance(event, Showing):
        hand.show()
    elif isinstance(event, Mucking):
        hand.muck()
    elif isinstance(event, RunningOut):
        hand.run_it(event.times)
    else:
        raise SplitpotError(f"{event} is not a player decision")
