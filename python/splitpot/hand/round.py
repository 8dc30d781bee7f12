"""The betting round in progress (docs/rules/poker.md §3): bets, who is to act, raise rights.

:class:`BettingRound` keeps one street's bets and the bookkeeping of full and short raises;
the :class:`~splitpot.hand.Hand` owns the chips and asks it. The sizes of a bet or raise come
from :mod:`splitpot.betting`; :meth:`BettingRound.blocker` is the one list of what stops a
seat from betting or raising at all, read both by the raise window and by the error text.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from splitpot._core import IllegalAction
from splitpot.hand import stud as _stud
from splitpot.hand.records import _ACTIVE, _FOLDED, LegalActions, _legal
from splitpot.limits import shown
from splitpot.pots import uncalled

if TYPE_CHECKING:
    from splitpot.hand.setup import HandStarting

__all__ = ["BettingRound"]


class BettingRound:
    """One street's betting (docs/rules/poker.md §3), as rs-poker's ``RoundData``.

    * ``bets``: each seat's bet this round (live blinds included preflop); ``current`` the
      round's top bet.
    * ``last_raise``: the size of the largest full raise (the next one must match it);
      ``full_level`` the bet the last full bet or raise made, ``bets_count`` how many full bets
      (the fixed-limit cap; the blinds are the opening bet).
    * ``acted``: the bet each seat last acted on (``None`` before it acted); ``aggressor``
      the last seat to bet or raise; ``queue`` the seats still to act, first is next.
    * Stud (docs/rules/poker.md §4.2): ``bring_in`` the seat that owes the bring-in while
      he does (-1 when no one does); ``bring_in_open`` while the bring-in is the round's only
      bet (the next full bet *completes* it, from nothing); ``double_option`` on fourth street
      with an open pair, until someone bets the big bet (then ``big_street``).
    * ``open_folds``: whether a player may fold when he could check (§3).

    ``stacks`` and ``status`` are the hand's own lists (its ledger's), read, never written.
    The ``verify_x`` methods raise :class:`~splitpot.IllegalAction` saying why ``seat`` (the
    one to act) may not do ``x`` and what to do instead, else return the chips it puts in.
    """

    __slots__ = (
        "_max_bets",
        "_n",
        "_stacks",
        "_start",
        "_status",
        "_structure",
        "acted",
        "aggressor",
        "bets",
        "bets_count",
        "big_street",
        "bring_in",
        "bring_in_open",
        "current",
        "double_option",
        "full_level",
        "last_raise",
        "open_folds",
        "queue",
    )

    def __init__(
        self, start: HandStarting, stacks: list[int], status: list[int], heads_up: bool
    ) -> None:
        """The rounds of the hand ``start`` sets up (``heads_up``: dealt to two players);
        ``stacks`` and ``status`` are its ledger's."""
        n = len(stacks)
        self._start = start
        structure = self._structure = start.structure
        self._max_bets = structure.max_bets(heads_up)
        self._n = n
        self._stacks = stacks
        self._status = status
        self.bets = [0] * n
        self.current = 0
        self.acted: list[int | None] = [None] * n
        self.aggressor: int | None = None
        self.last_raise = 0
        self.full_level = 0
        self.bets_count = 0
        self.big_street = False
        self.bring_in_open = False
        self.double_option = False
        self.bring_in = -1
        self.open_folds = start.open_folds
        self.queue: deque[int] = deque()

    def begin(self, first: int, big_street: bool, double_option: bool = False) -> None:
        """Open the round with ``first`` to act (docs/rules/poker.md §3, §4.1, §4.2).

        Bets already in (the live blinds) are the round's opening bet.
        """
        n = self._n
        self.big_street = big_street
        self.double_option = double_option
        self.bring_in_open = False
        self.acted = [None] * n
        self.aggressor = None
        self.last_raise = 0
        self.full_level = self.current
        self.bets_count = 1 if self.current else 0
        status, bets, stacks = self._status, self.bets, self._stacks
        # Generator expressions cost a Python call per item: lists and loops here.
        queue = [s for s in _rotation(n, first) if status[s] == _ACTIVE]
        # A seat no one can bet against does not act (no effective stack left); with no bet
        # yet, two seats or more with chips can each bet against another: all of them act.
        current = self.current
        # Each can bet more than the top bet, and another can answer him: all act, no totals.
        all_act = len(queue) > 1 and current and min([bets[s] + stacks[s] for s in queue]) > current
        if queue and not all_act and (len(queue) == 1 or current):
            totals = [
                bets[j] + (stacks[j] if status[j] == _ACTIVE else 0) if status[j] < _FOLDED else -1
                for j in range(n)
            ]
            # The most any other seat can put in is the top total, or the second one
            # for the seat that holds the top (sorting beats a max per seat).
            *_, second, top = sorted(totals)
            queue = [s for s in queue if (second if totals[s] == top else top) > bets[s]]
            if len(queue) == 1 and bets[queue[0]] >= self.current:
                queue = []
        self.queue.clear()
        self.queue.extend(queue)

    def open(self, street: int, first: int | None, up: list[list[int]], live: list[int]) -> None:
        """Open the round of ``street`` (docs/rules/poker.md §3, §4.1, §4.2): preflop
        ``first`` is to act (left of the big blind; stud: the bring-in); later the first left
        of the button, in stud the best exposed hand of ``live`` (``up``: the up cards; the
        fourth-street open pair allows the big bet in fixed limit)."""
        start = self._start
        game, structure = start.game, start.structure
        double = False
        if street and game.forced_bets == "bring_in":
            first, double = _stud.opening(structure, game, up, live, street)
        elif street:
            first = (start.button + 1) % self._n
        assert first is not None
        self.begin(first, game.streets[street].big_bet, double)
        top = max(start.blinds) if street == 0 else 0
        if top > structure.big_blind:
            self.last_raise = top  # a straddle: a raise over it is at least its size (§4.1)
        if self.bring_in >= 0 and (not self.queue or self.queue[0] != self.bring_in):
            self.bring_in = -1  # no one left to bet against: no bring-in

    def unanswered(self) -> bool:
        """Whether the round is over though a seat is still listed to act: he is the last,
        every other player still in is all-in, and none of them has put in more than he
        has this round, so nothing he could add would be matched: no one could answer a
        bet of his, and a call of a short all-in big blind's full amount would all come
        back (docs/rules/poker.md §3 DECISION; the sites deal the next street at once).
        :meth:`begin` skips such a seat when a round opens; this is the same rule once the
        others have acted."""
        queue = self.queue
        if len(queue) != 1:
            return False
        seat = queue[0]
        status, bets = self._status, self.bets
        mine = bets[seat]
        for s in range(self._n):
            if s != seat and (status[s] == _ACTIVE or (status[s] < _FOLDED and bets[s] > mine)):
                return False
        return True

    def close(self) -> None:
        """The round is over: its bets are in the contributions already."""
        self.bets = [0] * self._n
        self.current = 0

    def blocker(self, seat: int) -> str | None:
        """Why ``seat`` may not bet or raise at all now, or ``None`` (docs/rules/poker.md §3)."""
        stacks, bets, current = self._stacks, self.bets, self.current
        if stacks[seat] <= current - bets[seat]:
            return "he has only enough to call"
        if self._max_bets is not None and self.bets_count >= self._max_bets:
            return f"the betting is capped at {self._max_bets} bets this round"
        acted = self.acted[seat]
        if (
            acted is not None
            and acted >= self.full_level
            and current - acted < self._structure.reopen_size(self.last_raise, self.big_street)
        ):
            # §3 DECISION: only short all-ins since he acted do not reopen the betting.
            return "an all-in short of a full raise does not reopen the betting"
        # §3 DECISION: a bet or raise that no one left can match in full is allowed; the part
        # no one matched comes back as an uncalled bet at the end of the round (§6).
        return None

    def raise_window(self, seat: int, pot: int) -> tuple[int, int] | None:
        """``(min_to, max_to)`` if ``seat`` may bet or raise now, else ``None`` (§3).

        Over a stud bring-in the smallest full bet is the completion, from nothing; on fourth
        street with an open pair the window runs from the small bet to the big (§4.2)."""
        stack, current = self._stacks[seat], self.current
        # A seat that has not acted this round, with more than the call, below the cap: no
        # blocker can stop it (the common case, answered without asking blocker()).
        most = self._max_bets
        fresh = self.acted[seat] is None and (most is None or self.bets_count < most)
        if not (fresh and stack > current - self.bets[seat]) and self.blocker(seat) is not None:
            return None
        structure = self._structure
        if not (self.bring_in_open or self.double_option):
            bet, level = self.bets[seat], self.full_level
            return structure.window(
                current, bet, stack, pot, self.last_raise, level, self.big_street
            )
        base = 0 if self.bring_in_open else current
        lo = structure.min_raise_to(base, self.last_raise, self.full_level, self.big_street)
        if self.double_option:
            hi: int | None = structure.min_raise_to(current, self.last_raise, self.full_level, True)
        else:
            hi = structure.max_raise_to(current, self.bets[seat], pot, lo)
        all_in = self.bets[seat] + self._stacks[seat]
        hi = all_in if hi is None or hi > all_in else hi
        return min(lo, all_in), max(min(lo, all_in), hi)

    def stack(self, seat: int) -> int:
        """The chips ``seat`` has behind."""
        return self._stacks[seat]

    def most(self, seat: int) -> int:
        """The most ``seat`` can bet this round, in total: all-in."""
        return self.bets[seat] + self._stacks[seat]

    def owes(self, seat: int) -> int:
        """What ``seat`` must put in to stay in: the call, or the stud bring-in (§4.2)."""
        if seat == self.bring_in:
            return self._structure.bring_in_amount
        return self.current - self.bets[seat]

    def put(self, seat: int, chips: int) -> None:
        """``seat`` puts ``chips`` more in as his bet of the round (a blind, a call...)."""
        bet = self.bets[seat] + chips
        self.bets[seat] = bet
        if bet > self.current:
            self.current = bet

    def legal(self, seat: int, pot: int) -> LegalActions:
        """What ``seat``, to act in this round, may do (``pot``: every chip in the middle).

        ``_legal``'s arguments by position (seat, fold, check, call, bet, raise_to, discard,
        show, muck, bring_in): a call by keyword matches each name, once a decision."""
        current = self.current
        to_call = current - self.bets[seat]
        window = self.raise_window(seat, pot)
        if seat == self.bring_in:
            post = self.bring_in_post(seat)
            return _legal(seat, True, False, None, window, None, (), False, False, post)
        if to_call > 0:
            stack = self._stacks[seat]
            return _legal(seat, True, False, to_call if to_call < stack else stack, None, window)
        if current == 0:
            return _legal(seat, self.open_folds, True, None, window)
        return _legal(seat, self.open_folds, True, None, None, window)

    def verify_fold(self, seat: int) -> int:
        """A fold is always allowed, but where the table refuses open folds and there is
        nothing to call (the stud bring-in may fold instead of bringing in, §4.2)."""
        if not self.open_folds and self.bets[seat] >= self.current and seat != self.bring_in:
            raise IllegalAction(
                f"seat {seat} has nothing to call and this table refuses open folds; check()"
            )
        return 0

    def verify_check_or_call(self, seat: int) -> int:
        """What ``seat`` puts in to stay in without raising (PHH's ``cc``): facing a bet, the
        call, all-in for less if short (table stakes, §3); else ``0``, a check, which the stud
        bring-in may not make: he owes the bring-in (§4.2). :meth:`verify_check` and
        :meth:`verify_call` are this rule narrowed to one of the two."""
        to_call = self.current - self.bets[seat]
        if to_call > 0:
            stack = self._stacks[seat]
            return to_call if to_call < stack else stack
        if seat == self.bring_in:
            raise IllegalAction(self._owes_bring_in(seat))
        return 0

    def verify_check(self, seat: int) -> int:
        call = self.verify_check_or_call(seat)
        if call:
            raise IllegalAction(
                f"seat {seat} faces a bet of {self.current}: call() ({call}) "
                f"or fold() instead of checking"
            )
        return 0

    def verify_call(self, seat: int) -> int:
        if self.bets[seat] >= self.current:  # the bring-in too: no bet faces him yet
            raise IllegalAction(f"seat {seat} has nothing to call; check() instead")
        return self.verify_check_or_call(seat)

    def verify_bring_in(self, seat: int) -> int:
        game = self._start.game
        if game.forced_bets != "bring_in":
            raise IllegalAction(f"{game.name} has no bring-in; blinds open the betting")
        if seat != self.bring_in:
            raise IllegalAction(f"seat {seat} does not owe the bring-in")
        return self.bring_in_post(seat)

    def bring_in_post(self, seat: int) -> int:
        """The stud bring-in, or all the seat has if short (§4.2)."""
        return min(self._structure.bring_in_amount, self._stacks[seat])

    def _owes_bring_in(self, seat: int) -> str:
        amount = self.bring_in_post(seat)
        return f"seat {seat} must bring in: bring_in() ({amount}), complete with bet() or fold()"

    def verify_amount(
        self,
        seat: int,
        amount: int | None,
        opening: bool,
        pot: int,
        window: tuple[int, int] | None = None,
    ) -> int:
        """A bet (``opening``) or a raise to ``amount`` in total (``None``: the least);
        ``window``: :meth:`raise_window`, if the caller has it for this very state."""
        current = self.current
        if opening and current > 0:
            raise IllegalAction(
                f"seat {seat} faces a bet of {current}: use raise_to(amount), call() or fold()"
            )
        if not opening and current == 0:
            raise IllegalAction(f"there is no bet to raise; seat {seat} may bet(amount) or check()")
        if window is None:
            window = self.raise_window(seat, pot)
        verb = "bet" if opening else "raise"
        if window is None:
            raise IllegalAction(f"seat {seat} may not {verb} now: {self.blocker(seat)}")
        lo, hi = window
        if amount is None:
            return lo
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise IllegalAction(
                f"a {verb} amount must be a whole number of chips, got {shown(amount)}"
            )
        all_in = self.bets[seat] + self._stacks[seat]
        if not self.allows(amount, lo, hi, all_in):
            to = "" if opening else " to"
            allowed = f"exactly {lo}" if lo == hi else f"{lo}..{hi}"
            if self.double_option:
                allowed = f"{lo} or {hi} (the small or the big bet: an open pair shows)"
            raise IllegalAction(
                f"seat {seat} may {verb}{to} {allowed}, not {shown(amount)}"
                + (" (all-in)" if hi == all_in and lo == hi else "")
            )
        return amount

    def allows(self, amount: int, lo: int, hi: int, all_in: int) -> bool:
        """Whether ``amount`` is a legal total in the window ``lo..hi``: any amount in it, but
        with the fourth-street option only its two ends (or all-in), §4.2."""
        if amount < lo or amount > hi:
            return False
        return not self.double_option or amount in (lo, hi, all_in)

    def brought_in(self, seat: int, chips: int) -> None:
        """``seat`` posts the bring-in, ``chips``: his bet; he has acted on it, and the next
        full bet completes it; a bring-in all-in for less still sets the full bring-in to
        call (docs/rules/poker.md §4.2)."""
        self.put(seat, chips)
        self.bring_in = -1
        self.current = max(self.current, self._structure.bring_in_amount)
        self.bring_in_open = True
        self.acted[seat] = self.current
        self.queue.popleft()

    def leaves(self, seat: int, live: int) -> None:
        """``seat`` has no decision left this round: he folded, or timed out all-in (§7). The
        one to act, he gives up his turn, and a bring-in he owed passes to his left, the next
        to act, while two players or more are in (``live``; seed 001, §4.2); a seat out of
        turn (sitting out at once, §4.1) never owes it."""
        queue = self.queue
        if queue[0] == seat:
            queue.popleft()
            if seat == self.bring_in:
                self.bring_in = queue[0] if queue and live > 1 else -1
        elif seat in queue:
            queue.remove(seat)

    def called(self, seat: int, chips: int) -> None:
        """``seat`` calls, putting ``chips`` more in: he has acted on the current bet."""
        self.bets[seat] += chips
        self.acted[seat] = self.current
        self.queue.popleft()

    def acts(self, seat: int) -> None:
        """``seat`` checked or called: he has acted on the current bet."""
        self.acted[seat] = self.current
        self.queue.popleft()

    def raise_to(self, seat: int, amount: int) -> None:
        """``seat`` bets or raises to ``amount``, his bet now: a full raise sets the next
        minimum and counts toward the cap, a short all-in does neither (§3); every other
        active seat is to act again."""
        self.bring_in = -1  # a completion instead of the bring-in
        current = self.current
        structure = self._structure
        if self.double_option and amount - self.full_level >= structure.min_bet(True):
            self.double_option = False  # the big bet is made: every raise is big (§4.2)
            self.big_street = True
        base = 0 if self.bring_in_open else current
        if structure.is_full_raise(amount, base, self.last_raise, self.full_level, self.big_street):
            if amount - base > self.last_raise:
                self.last_raise = amount - base
            self.full_level = amount
            self.bets_count += 1
            self.bring_in_open = False
        self.current = self.bets[seat] = amount
        self.acted[seat] = amount
        self.aggressor = seat
        n, status = self._n, self._status
        self.queue.clear()
        self.queue.extend([s for s in _rotation(n, seat)[1:] if status[s] == _ACTIVE])

    def uncalled(self) -> tuple[int, int] | None:
        """Take back the part of the top bet that no one matched (docs/rules/poker.md §6):
        ``(seat, chips)``, or ``None``. Only bets are matched, never antes or dead blinds;
        the top bet of a seat that folded (out of turn: it sat out) is lost, not returned."""
        if not self.current:
            return None  # no bet this round (the top bet is never below a bet)
        back = uncalled(self.bets)
        if back is not None:
            seat, chips = back
            if self._status[seat] == _FOLDED:
                # Seed 001: "If you have posted a blind, made a bet or raised a bet, you will
                # lose that money": a seat folded out of turn keeps nothing of its bet.
                return None
            self.bets[seat] -= chips
            self.current = self.bets[seat]
        return back


_ROTATIONS: dict[tuple[int, int], tuple[int, ...]] = {}


def _rotation(n: int, first: int) -> tuple[int, ...]:
    """The seats ``0..n-1`` clockwise from ``first`` (made once for each table size and seat)."""
    found = _ROTATIONS.get((n, first))
    if found is None:
        found = _ROTATIONS[n, first] = (*range(first, n), *range(first))
    return found
