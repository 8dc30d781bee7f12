"""What a timeout does (docs/rules/poker.md §7): the one home of the rule.

:func:`outcome` says what a timeout does; a table or a history replayer asks it without
doing it. :meth:`Hand.timeout <splitpot.hand.Hand.timeout>` has the part that owns the state
take each outcome's one step: a fold (``Ledger.fold``; ``BettingRound.leaves``: the turn
given up, a bring-in owed passed left, §4.2), a check (``BettingRound.acts``), all-in for what
he has put in (``Ledger.stand``: he acts no more and keeps his chips behind;
``BettingRound.leaves``), the discard of the last card dealt to him (``Deal.last_dealt``),
a show (``Showdown.show``).

>>> outcome("seed", Phase.BETTING, owes=2, contributed=1)     # the small blind, facing 2 more
<TimeoutOutcome.ALL_IN: 'all_in'>
>>> outcome("seed", Phase.BETTING, owes=2, contributed=1, protected=False)
<TimeoutOutcome.FOLD: 'fold'>
>>> outcome(TimeoutPolicy.CHECK_OR_FOLD, Phase.BETTING, owes=0, contributed=2)
<TimeoutOutcome.CHECK: 'check'>
>>> outcome("seed", Phase.DISCARD)
<TimeoutOutcome.DISCARD: 'discard'>
"""

from __future__ import annotations

from splitpot._core import SplitpotError
from splitpot.hand.records import Phase, StrEnum, TimeoutOutcome
from splitpot.limits import shown

__all__ = ["TimeoutOutcome", "TimeoutPolicy", "outcome", "outcomes", "policy"]


class TimeoutPolicy(StrEnum):
    """What a timeout does in a betting round (docs/rules/poker.md §7 DECISION).

    The ``timeout_policy`` argument of :class:`~splitpot.hand.Hand`: ``"seed"`` and
    ``"check_or_fold"`` are accepted and compare equal to the members; any other value is a
    :class:`~splitpot.SplitpotError` naming the choices.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1, timeout_policy="check_or_fold")
    >>> h.timeout_outcome()             # owes a chip, has no "seed" protection: folded
    <TimeoutOutcome.FOLD: 'fold'>
    >>> TimeoutPolicy.SEED == "seed"
    True
    """

    SEED = "seed"
    """All-in for what he has put in this hand (antes and blinds count), else fold."""
    CHECK_OR_FOLD = "check_or_fold"
    """Check if nothing is owed, else fold."""


def policy(value: TimeoutPolicy | str) -> TimeoutPolicy:
    """``value`` as a :class:`TimeoutPolicy`; :class:`ValueError` names the choices."""
    try:
        return TimeoutPolicy(value)
    except ValueError:
        raise SplitpotError(
            f"timeout_policy must be 'seed' or 'check_or_fold', got {shown(value)}"
        ) from None


def outcome(
    rule: TimeoutPolicy | str,
    phase: Phase,
    *,
    owes: int = 0,
    contributed: int = 0,
    protected: bool = True,
) -> TimeoutOutcome:
    """What a timeout of the seat to act does now (docs/rules/poker.md §7).

    ``owes`` is what the seat would have to call, ``contributed`` everything it has put in
    this hand. A discard times out to discarding the last card dealt, a showdown decision to
    showing. In a betting round a seat with no disconnection protection left
    (``protected=False``) is folded ("past them a timeout folds"); otherwise ``rule`` decides.
    """
    if phase is Phase.DISCARD:
        return TimeoutOutcome.DISCARD
    if phase is Phase.SHOWDOWN:
        return TimeoutOutcome.SHOW
    if phase is not Phase.BETTING:
        raise SplitpotError(f"no one times out when the hand is {phase.value}")
    if not protected:
        return TimeoutOutcome.FOLD
    if rule == TimeoutPolicy.CHECK_OR_FOLD:
        return TimeoutOutcome.CHECK if owes <= 0 else TimeoutOutcome.FOLD
    return TimeoutOutcome.ALL_IN if contributed > 0 else TimeoutOutcome.FOLD


def outcomes(phase: Phase, *, owes: int = 0, contributed: int = 0) -> tuple[TimeoutOutcome, ...]:
    """Every outcome :func:`outcome` can give here, under any policy or protection."""
    if phase is not Phase.BETTING:
        return (outcome(TimeoutPolicy.SEED, phase),)
    found = [TimeoutOutcome.FOLD]
    if owes <= 0:
        found.append(TimeoutOutcome.CHECK)
    if contributed > 0:
        found.append(TimeoutOutcome.ALL_IN)
    return tuple(found)
