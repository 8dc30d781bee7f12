"""Seating, forced bets and cards: how chips and cards get onto the table (docs/rules/poker.md §4).

:class:`Dealer` deals a :class:`~splitpot.hand.Hand` from its :class:`HandStarting`: the
seats and stacks, the antes and blinds (§4, §4.1), the players' cards one at a time from the
button's left (face down, and in stud face up, §4.2), the board street by street, all from
one lazily shuffled deck.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

from splitpot._core import Card
from splitpot.cards import DECK_SIZE, as_cards
from splitpot.hand import stud as _stud
from splitpot.hand.records import (
    _ACTIVE,
    _ALL_IN,
    _BETTING,
    _FOLDED,
    _OUT,
    AntePosting,
    BlindPosting,
    BoardDealing,
    ChipsReturning,
    HandResult,
    HoleDealing,
    Operation,
)
from splitpot.hand.round import BettingRound
from splitpot.hand.setup import HandStarting, big_blind_seat, seats_from_button
from splitpot.hand.showdown import Showdown
from splitpot.hand.view import HandView

__all__ = ["Dealer"]

_DECK = list(range(DECK_SIZE))


class Dealer(HandView):
    """Chips and cards onto the table; the rules of play are :class:`Hand`'s."""

    __slots__ = (
        "_away",
        "_below",
        "_board",
        "_bring_in",
        "_contrib",
        "_dead",
        "_deck",
        "_events",
        "_first_preflop",
        "_game",
        "_given_board",
        "_hole",
        "_live",
        "_more_boards",
        "_n",
        "_order",
        "_phase",
        "_queue",
        "_result",
        "_returned",
        "_round",
        "_runs",
        "_showdown",
        "_stacks",
        "_starting",
        "_status",
        "_street",
        "_up",
    )

    _deck: list[int] | None
    _below: Callable[[int], int] | None
    _given_board: list[int]
    _first_preflop: int
    _live: int
    _returned: dict[int, int]

    def _deal(self, start: HandStarting) -> None:
        """Seat the players, post the forced bets and deal the first street (§4); the
        :class:`Hand` then opens its betting round."""
        self._take_seats(start)
        self._post_forced_bets(start)
        self._deal_street(0)
        if self._game.forced_bets == "bring_in":
            self._find_bring_in()

    def _take_seats(self, start: HandStarting) -> None:
        game, structure, stacks = start.game, start.structure, start.stacks
        n = len(stacks)
        order = seats_from_button(stacks, start.button)
        self._starting = start
        self._game = game
        self._n = n
        self._order = order
        self._stacks = [s or 0 for s in stacks]
        self._contrib = [0] * n
        self._dead = [0] * n
        self._away: set[int] = set()
        self._returned: dict[int, int] = {}
        self._status = [_ACTIVE if s is not None else _OUT for s in stacks]
        self._live = len(order)
        self._hole: list[list[int]] = [[] for _ in range(n)]
        self._up: list[list[int]] = [[] for _ in range(n)]
        self._bring_in = -1  # the seat that owes the stud bring-in, while it does (§4.2)
        self._board: list[int] = []
        self._runs = 0  # how many times the board is run, once chosen (§6); 0 before
        self._more_boards: list[list[int]] = []  # the boards of the runs after the first
        self._below = None
        self._given_board = list(map(int, start.board or ()))[::-1]
        # The deck is made when first needed and shuffled as its cards are drawn
        # (_draw_cards): a hand whose cards are all given (a replayed history) never pays
        # for either.
        self._deck = None
        self._street = 0
        self._phase = _BETTING
        self._round = BettingRound(
            structure, structure.max_bets(len(order) == 2), self._stacks, self._status
        )
        # Whoever is to act, first is next: the betting round's, the discard's or the
        # showdown's queue, as the phase goes.
        self._queue: deque[int] = self._round.queue
        self._first_preflop = order[0]
        self._showdown: Showdown | None = None
        self._result: HandResult | None = None
        self._events: list[Operation] = [start]

    def _post_forced_bets(self, start: HandStarting) -> None:
        """Antes, then blinds (docs/rules/poker.md §4), each capped by the seat's stack."""
        order, stacks, events = self._order, self._stacks, self._events
        antes, live, dead = start.antes, start.blinds, start.dead_blinds
        for seat in order if any(antes) else ():
            if antes[seat]:
                amount = min(antes[seat], stacks[seat])
                self._put(seat, amount, live=False)
                events.append(AntePosting(seat, amount))
        button = start.button
        for seat in [button, order[0]] if len(order) == 2 and button in order else order:
            if not (live[seat] or dead[seat]):
                continue
            for amount, is_dead in ((live[seat], False), (dead[seat], True)):
                amount = min(amount, stacks[seat])
                if amount:
                    self._put(seat, amount, live=not is_dead)
                    events.append(BlindPosting(seat, amount, is_dead))
        # First to act preflop: left of the big blind (heads-up: the button, §4.1).
        big = big_blind_seat(order, live, start.structure.small_blind)
        if big is not None:
            self._first_preflop = (big + 1) % self._n
            # A big blind all-in for less still sets the full big blind to call (§4.1).
            self._round.current = max(self._round.current, max(live))

    def _deal_street(self, street: int) -> None:
        """The street's cards: to each player still in, one at a time from the button's left,
        face down then face up (or as given), then to the board. When the deck cannot give
        every player his last stud card, one card is dealt face up for everyone instead
        (docs/rules/poker.md §4.2)."""
        spec = self._game.streets[street]
        count = spec.hole + spec.up
        if count:
            given = self._starting.hole or (None,) * self._n
            seats = [s for s in self._order if self._status[s] < _FOLDED]
            if self._community(street, seats, given):
                self._deal_board(street, 1)
                return
            self._deal_players(spec.hole, count, seats, given)
        if spec.board:
            self._deal_board(street, spec.board)

    def _deal_players(
        self, down: int, count: int, seats: list[int], given: tuple[tuple[Card, ...] | None, ...]
    ) -> None:
        """``count`` cards to each of ``seats``, the first ``down`` face down, one at a time."""
        hole, up, events = self._hole, self._up, self._events
        if all([given[s] is None for s in seats]):
            # Nothing given (a shuffled hand): the cards in the order dealt, a round at a time.
            k = len(seats)
            drawn = self._draw_cards(count * k)
            for j, seat in enumerate(seats):
                mine = drawn[j::k]
                hole[seat] += mine
                if down < count:
                    up[seat] += mine[down:]
                dealt = as_cards(mine)
                events.append(HoleDealing(seat, dealt[:down], dealt[down:]))
            return
        if all([len(given[s] or ()) >= len(hole[s]) + count for s in seats]):
            # Every card given (a replayed history): each seat's own, in the order dealt.
            for seat in seats:
                at = len(hole[seat])
                dealt = (given[seat] or ())[at : at + count]
                hole[seat] += map(int, dealt)
                if down < count:
                    up[seat] += map(int, dealt[down:])
                events.append(HoleDealing(seat, dealt[:down], dealt[down:]))
            return
        for i in range(count):
            for seat in seats:
                cards, at = given[seat], len(hole[seat])
                code = int(cards[at]) if cards is not None and at < len(cards) else self._draw()
                hole[seat].append(code)
                if i >= down:
                    up[seat].append(code)
        for seat in seats:
            cards, at = given[seat], len(hole[seat])
            if cards is not None and at <= len(cards):  # all given: the record's own cards
                dealt = cards[at - count : at]
            else:
                dealt = as_cards(hole[seat][-count:])
            events.append(HoleDealing(seat, dealt[:down], dealt[down:]))

    def _community(
        self, street: int, seats: list[int], given: tuple[tuple[Card, ...] | None, ...]
    ) -> bool:
        """Whether the last stud card is one for everyone: it is given as a board card, or
        the deck has fewer cards than the players who still need one (§4.2)."""
        if not self._game.community_card or street != len(self._game.streets) - 1:
            return False
        if self._given_board:
            return True
        need = 0
        for seat in seats:
            cards = given[seat]
            if cards is None or len(cards) <= len(self._hole[seat]):
                need += 1
        return need > len(self._cards_left())

    def _find_bring_in(self) -> None:
        """The lowest door card brings in (docs/rules/poker.md §4.2), among the players who
        can still bet; with no bring-in amount he just acts first."""
        able = [s for s in self._order if self._status[s] == _ACTIVE]
        if not able:
            return
        doors = {s: self._up[s][0] for s in able}
        seat = _stud.bring_in_seat(self._game, doors, able)
        self._first_preflop = seat
        if self._starting.structure.bring_in_amount:
            self._bring_in = seat

    def _put(self, seat: int, amount: int, *, live: bool) -> None:
        self._stacks[seat] -= amount
        self._contrib[seat] += amount
        if not live:
            self._dead[seat] += amount
        else:
            rnd = self._round
            bet = rnd.bets[seat] + amount
            rnd.bets[seat] = bet
            if bet > rnd.current:
                rnd.current = bet
        if not self._stacks[seat]:
            self._status[seat] = _ALL_IN

    def _deal_board(self, street: int, count: int, run: int = 0) -> None:
        """The street's board cards, onto the board, or from run 2 onto the run's (§6)."""
        given = self._given_board
        if given:
            cards = [given.pop() if given else self._draw() for _ in range(count)]
        else:
            cards = self._draw_cards(count)
        (self._board if run < 2 else self._more_boards[run - 2]).extend(cards)
        name = self._game.streets[street].name
        self._events.append(BoardDealing(name, as_cards(cards), run))

    def _deal_runs(self) -> None:
        """The rest of the board, run by run and street by street, from the same deck; every
        run keeps the cards dealt before the runs (docs/rules/poker.md §6)."""
        streets, runs = self._game.streets, self._runs
        first = self._street + 1
        self._more_boards = [list(self._board) for _ in range(runs - 1)]
        for run in range(1, runs + 1):
            for street in range(first, len(streets)):
                self._deal_board(street, streets[street].board, run if runs > 1 else 0)
        self._street = len(streets)
        self._round.aggressor = None  # no bet on the last round: the showing order (§5)

    def _cards_left(self) -> list[int]:
        """The deck: the cards not given and not yet drawn (made on first use)."""
        deck = self._deck
        if deck is None:
            start = self._starting
            used = set(map(int, start.board or ()))
            for cards in start.hole:
                if cards:
                    used.update(map(int, cards))
            deck = self._deck = [c for c in _DECK if c not in used] if used else _DECK[:]
        return deck

    def _draw(self) -> int:
        """The next card of the deck (see :meth:`_draw_cards`)."""
        return self._draw_cards(1)[0]

    def _draw_cards(self, count: int) -> list[int]:
        """The next ``count`` cards of ``random.Random(seed).shuffle`` of the deck, the last
        card first, shuffled only as far as they are drawn.

        The shuffle's step ``i`` (from the last position down) swaps position ``i`` with a
        random one at or below it, and no later step moves it again: the card drawn from the
        end of the deck is final after one step. Taking one step per card drawn, with the
        same generator calls as ``shuffle``, deals the same cards for the same seed."""
        below = self._below
        if below is None:
            # random.shuffle's own draw (CPython: the same method in 3.10 to 3.14).
            rng = random.Random(self._starting.seed)
            below = self._below = rng._randbelow  # type: ignore[attr-defined]
        deck = self._cards_left()
        out = []
        for _ in range(count):
            i = len(deck) - 1
            if i > 0:
                j = below(i + 1)
                deck[i], deck[j] = deck[j], deck[i]
            out.append(deck.pop())
        return out

    def _return_uncalled(self) -> None:
        """The round's top bet, as far as no one matched it, goes back (docs/rules/poker.md §6)."""
        back = self._round.uncalled()
        if back is None:
            return
        seat, amount = back
        self._stacks[seat] += amount
        self._contrib[seat] -= amount
        self._returned[seat] = self._returned.get(seat, 0) + amount
        if self._status[seat] == _ALL_IN:
            self._status[seat] = _ACTIVE
        self._events.append(ChipsReturning(seat, amount))
