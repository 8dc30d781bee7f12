"""Seating, forced bets and cards: how chips and cards get onto the table (docs/rules/poker.md §4).

:class:`Dealer` deals a :class:`~splitpot.hand.Hand` from its :class:`HandStarting`: the
seats and stacks, the antes and blinds (§4, §4.1), the hole cards one at a time from the
button's left, the board street by street, all from one lazily shuffled deck.
"""

from __future__ import annotations

import random
from collections import deque

from splitpot.cards import DECK_SIZE, as_cards
from splitpot.hand.records import (
    _ACTIVE,
    _ALL_IN,
    _OUT,
    AntePosting,
    BlindPosting,
    BoardDealing,
    ChipsReturning,
    HandResult,
    HoleDealing,
    Operation,
    Phase,
)
from splitpot.hand.round import BettingRound
from splitpot.hand.setup import HandStarting, seats_from_button
from splitpot.hand.showdown import Showdown
from splitpot.hand.view import HandView

__all__ = ["Dealer"]


class Dealer(HandView):
    """Chips and cards onto the table; the rules of play are :class:`Hand`'s."""

    __slots__ = (
        "_board",
        "_contrib",
        "_dead",
        "_deck",
        "_events",
        "_first_preflop",
        "_game",
        "_given_board",
        "_hole",
        "_live",
        "_n",
        "_order",
        "_phase",
        "_queue",
        "_result",
        "_returned",
        "_round",
        "_showdown",
        "_shuffled",
        "_stacks",
        "_starting",
        "_status",
        "_street",
    )

    _deck: list[int]
    _shuffled: bool
    _given_board: list[int]
    _first_preflop: int
    _live: int
    _returned: dict[int, int]

    def _deal(self, start: HandStarting) -> None:
        """Seat the players, post the forced bets and deal the first street (§4); the
        :class:`Hand` then opens its betting round."""
        self._take_seats(start)
        self._post_forced_bets(start)
        self._deal_hole(start)
        if self._game.streets[0].board:
            self._deal_board(0)

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
        self._returned: dict[int, int] = {}
        self._status = [_ACTIVE if s is not None else _OUT for s in stacks]
        self._live = len(order)
        self._hole: list[list[int]] = [[] for _ in range(n)]
        self._board: list[int] = []
        self._shuffled = False
        board = list(map(int, start.board or ()))
        self._given_board = board[::-1]
        # The deck is shuffled when a card is first drawn from it (_draw): a hand whose
        # cards are all given (a replayed history) never pays for the shuffle.
        used = set(board)
        for cards in start.hole:
            used.update(map(int, cards or ()))
        self._deck = [c for c in range(DECK_SIZE) if c not in used]
        self._street = 0
        self._phase = Phase.BETTING
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
        for seat in order:
            if antes[seat]:
                amount = min(antes[seat], stacks[seat])
                self._put(seat, amount, live=False)
                events.append(AntePosting(seat, amount))
        button = start.button
        for seat in [button, order[0]] if len(order) == 2 and button in order else order:
            for amount, is_dead in ((live[seat], False), (dead[seat], True)):
                amount = min(amount, stacks[seat])
                if amount:
                    self._put(seat, amount, live=not is_dead)
                    events.append(BlindPosting(seat, amount, is_dead))
        # First to act preflop: left of the big blind, i.e. of the first seat from the
        # button's left that posted the largest live blind (heads-up: the button, §4.1).
        top = max(live)
        if top:
            big = order[[live[s] for s in order].index(top)]
            self._first_preflop = (big + 1) % self._n

    def _deal_hole(self, start: HandStarting) -> None:
        """The hole cards, one at a time from the button's left (or as given)."""
        order, hole = self._order, self._hole
        given = start.hole or (None,) * self._n
        for seat in order:
            cards = given[seat]
            if cards is not None:
                hole[seat] = list(map(int, cards))
        for _ in range(self._game.streets[0].hole):
            for seat in order:
                if given[seat] is None:
                    hole[seat].append(self._draw())
        for seat in order:
            self._events.append(HoleDealing(seat, given[seat] or as_cards(hole[seat])))

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

    def _deal_board(self, street: int) -> None:
        count = self._game.streets[street].board
        given = self._given_board
        cards = [given.pop() if given else self._draw() for _ in range(count)]
        self._board.extend(cards)
        self._events.append(BoardDealing(self._game.streets[street].name, as_cards(cards)))

    def _draw(self) -> int:
        """The next card of the deck, shuffled with the hand's seed on the first draw."""
        if not self._shuffled:
            random.Random(self._starting.seed).shuffle(self._deck)
            self._shuffled = True
        return self._deck.pop()

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
