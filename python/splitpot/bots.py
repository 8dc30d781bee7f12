"""Simple built-in bots: they only use what any player may use.

The bots see :meth:`Hand.legal_actions`, their own hole cards, the board and (stud) the
others' up cards: :meth:`Hand.seen_by`. They are for demonstrations, tests and simulations,
not for winning. The seeded demo hand and the terminal game against them live in
:mod:`splitpot.tui`; ``splitpot.bots.demo`` and friends still work.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from splitpot.betting import BettingStructure
from splitpot.hand import Hand, LegalActions, Operation

if TYPE_CHECKING:
    from splitpot.tui import NAMES, demo, describe, play, render

__all__ = [
    "NAMES",
    "Bot",
    "CallingStation",
    "RandomBot",
    "SimpleBot",
    "demo",
    "describe",
    "play",
    "play_bots",
    "render",
]

# The terminal UI moved to splitpot.tui; these names are still read from here.
_TUI = frozenset(("NAMES", "demo", "describe", "play", "render"))


def __getattr__(name: str) -> Any:
    if name in _TUI:
        return getattr(importlib.import_module("splitpot.tui"), name)
    raise AttributeError(f"module 'splitpot.bots' has no attribute {name!r}")


class Bot(Protocol):
    """Anything that can take the decision of the seat to act.

    A protocol (not checked at run time): any object with ``act(hand)`` that takes one legal
    decision for ``hand.actor`` and returns its record, as :class:`CallingStation`,
    :class:`RandomBot` and :class:`SimpleBot` do; :func:`play_bots` drives them. A bot that
    tries an illegal action gets the hand's ``IllegalAction``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> class Folder:
    ...     def act(self, hand: Hand) -> Operation:
    ...         return hand.check() if hand.can_check() else hand.fold()
    >>> play_bots(hand, [Folder(), Folder()]).final_stacks
    [101, 99]
    """

    def act(self, hand: Hand) -> Operation:
        """Make one legal decision for :attr:`Hand.actor` and return its record."""
        ...


def _showdown_or_discard(
    hand: Hand, la: LegalActions, keep: Callable[[Hand, int], int]
) -> Operation | None:
    if la.discard:
        return hand.discard(la.discard[keep(hand, la.seat or 0)])
    if la.show:
        return hand.show()
    return None


def _last_card(hand: Hand, seat: int) -> int:
    return len(hand.hole(seat)) - 1


class CallingStation:
    """Checks or calls everything, discards its last card, shows at showdown.

    ``act(hand)`` takes the decision of the seat to act and returns its record; it never
    raises on a hand that is waiting for a decision. No arguments, no randomness.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> CallingStation().act(hand)
    Calling(seat=1, amount=1, all_in=False)
    >>> play_bots(hand, [CallingStation()] * 2).final_stacks
    [98, 102]
    """

    def act(self, hand: Hand) -> Operation:
        la = hand.legal_actions()
        done = _showdown_or_discard(hand, la, _last_card)
        if done is not None:
            return done
        return hand.bring_in() if la.bring_in is not None else hand.check_or_call()


class RandomBot:
    """A uniformly random legal decision, amounts anywhere in the legal range (seeded); it
    folds only facing a bet (an open fold is legal, §3, but never better than a check).

    ``seed`` seeds its own generator (``None``: random), so a seeded bot repeats its
    decisions; ``act(hand)`` takes the decision of the seat to act and returns its record.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> play_bots(hand, lambda seat: RandomBot(seed=seat)).is_over
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, hand: Hand) -> Operation:
        la = hand.legal_actions()
        rng = self.rng
        if la.discard:
            return hand.discard(rng.choice(la.discard))
        if la.show:
            return hand.muck() if la.muck and rng.random() < 0.3 else hand.show()
        moves: list[Callable[[], Operation]] = []
        if la.fold and not la.check:  # an open fold is legal (§3) but never a good idea
            moves.append(hand.fold)
        if la.check:
            moves.append(hand.check)
        if la.call is not None:
            moves.append(hand.call)
        if la.bring_in is not None:
            moves.append(hand.bring_in)
        if la.bet is not None:
            moves.append(lambda: hand.bet(_pick(hand, la.bet, rng.random())))
        if la.raise_to is not None:
            moves.append(lambda: hand.raise_to(_pick(hand, la.raise_to, rng.random())))
        return rng.choice(moves)()


class SimpleBot:
    """Plays by a rough hand strength: raises strong hands, calls fair ones, folds the rest.

    Strength is a number from 0 to 1: before the flop from the hole cards' ranks, pairs,
    suits and low cards; after it from the hand's high value (and its low in a hi/lo game).
    ``aggression`` (0..1) shifts how often it bets and how much; ``seed`` seeds the small
    random part of its play (``None``: random). ``act(hand)`` takes the decision of the seat
    to act and returns its record.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> bot = SimpleBot(seed=1)
    >>> round(bot.strength(hand, 0), 3), round(bot.strength(hand, 1), 3)   # A4 and J3 suited
    (0.588, 0.435)
    >>> bot.act(hand)
    Calling(seat=1, amount=1, all_in=False)
    """

    def __init__(self, seed: int | None = None, aggression: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.aggression = aggression

    def strength(self, hand: Hand, seat: int) -> float:
        """0..1, larger is better (a rough guide, not an equity)."""
        hole = [c.code for c in hand.hole(seat)]
        board = [c.code for c in hand.board]
        game = hand.game
        if game.high is None:  # Razz: the lower the cards, the better
            low_ranks = sorted((c // 4 + 1) % 13 for c in hole)
            return max(0.0, 1.0 - sum(low_ranks[:5]) / (6 * min(5, len(hole))))
        if len(board) >= 3 or len(hole) + len(board) >= 5:
            high = game.evaluate_high(hole, board).strength / 7462
            score = high**2
            if game.hi_lo:
                low = game.evaluate_low(hole, board)
                if low is not None:
                    score = max(score, 0.35 + 0.6 * low.strength / 56)
            return min(1.0, score)
        ranks = sorted((c // 4 for c in hole), reverse=True)
        score = (ranks[0] + ranks[1]) / 26
        if len(set(ranks)) < len(ranks):
            score += 0.25
        if len({c % 4 for c in hole}) < len(hole):
            score += 0.05
        if game.hi_lo:
            lows = {r for r in ranks if r == 12 or r <= 6}
            if 12 in lows and 0 in lows:
                score += 0.3
            score += 0.05 * len(lows)
        return min(1.0, score / (1.3 if len(hole) > 2 else 1.0))

    def _keep(self, hand: Hand, seat: int) -> int:
        """Index of the hole card to discard: the one whose loss hurts least."""
        hole = [c.code for c in hand.hole(seat)]
        board = [c.code for c in hand.board]
        game = hand.game
        best, choice = -1.0, len(hole) - 1
        for i in range(len(hole)):
            kept = hole[:i] + hole[i + 1 :]
            value = float(game.evaluate_high(kept, board).strength)
            if game.hi_lo:
                low = game.evaluate_low(kept, board)
                value += 4000 + 60 * low.strength if low is not None else 0
            if value > best:
                best, choice = value, i
        return choice

    def act(self, hand: Hand) -> Operation:
        la = hand.legal_actions()
        done = _showdown_or_discard(hand, la, self._keep)
        if done is not None:
            return done
        seat = la.seat
        assert seat is not None
        s = self.strength(hand, seat) + self.rng.uniform(-0.1, 0.1)
        # The more of his chips a call would cost, the stronger he must be to raise.
        pressure = (la.call or 0) / max(1, hand.stacks[seat] + hand.bets[seat])
        eager = 0.75 - 0.3 * self.aggression + pressure
        window = la.bet or la.raise_to
        if window is not None and s > eager:
            share = min(1.0, (s - eager) * 2 * (0.5 + self.aggression))
            amount = _pick(hand, window, share * self.rng.random())
            return hand.bet(amount) if la.bet is not None else hand.raise_to(amount)
        if la.check:
            return hand.check()
        if la.bring_in is not None:
            return hand.bring_in()
        assert la.call is not None
        price = la.call / max(1, hand.pot + la.call)
        if s > 0.25 + price * 0.8 or la.call <= hand.structure.big_blind // 2:
            return hand.call()
        return hand.fold()


def _pick(hand: Hand, window: tuple[int, int] | None, share: float) -> int:
    """An amount ``share`` (0..1) of the way through a bet window. In fixed limit only its
    ends are bets (they differ on stud's fourth street with an open pair, §4.2)."""
    assert window is not None
    lo, hi = window
    if hand.structure.kind is BettingStructure.FIXED_LIMIT:
        return hi if share >= 0.5 else lo
    return lo + int((hi - lo) * share)


def play_bots(hand: Hand, bots: Sequence[Bot] | Callable[[int], Bot], *, runs: int = 1) -> Hand:
    """Let bots take every decision until the hand is over; return the hand.

    Args:
        hand: a :class:`~splitpot.hand.Hand`, at its start or part-played.
        bots: one bot per seat, or a function of the seat giving its bot. A bot is anything
            with ``act(hand)`` that takes one legal decision for the seat to act.
        runs: how many times the board is run when the hand asks (a hand dealt with
            ``max_runs`` above 1, once the bots still in can bet no more: ``run_it``, §6).

    Raises:
        IllegalAction: from a bot that tries an action the rules forbid (the hand is left
            as it was before that action), or ``runs`` the hand refuses.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> hand = play_bots(Hand(HOLDEM, NoLimit(1, 2), [100] * 3, seed=2),
    ...                  lambda seat: CallingStation())
    >>> hand.is_over, hand.final_stacks
    (True, [98, 98, 104])
    """
    pick = bots if callable(bots) else bots.__getitem__
    while not hand.is_over:
        seat = hand.actor
        if seat is None:  # the players still in are all-in: the runs of the board (§6)
            hand.run_it(runs)
            continue
        pick(seat).act(hand)
    return hand
