"""The cards of a hand: the deck, the players' cards, the board and its runs (docs/rules/poker.md
§2, §4, §4.2, §6).

:class:`Deal` owns every card: it deals each street's cards one at a time from the button's
left, face down and in stud face up (§4.2), then the board; the runs of the board when it is
run more than once (§6); the Crazy Pineapple discard (§2); and it finds who brings in by the
stud door cards (§4.2). Cards not given come from one lazily shuffled deck,
``random.Random(seed).shuffle`` taken one step per card drawn.
"""

from __future__ import annotations

from collections.abc import Callable

from splitpot import _seeds
from splitpot._core import Card, IllegalAction
from splitpot.cards import DECK_SIZE, as_cards
from splitpot.hand import stud as _stud
from splitpot.hand.records import BoardDealing, HoleDealing, Operation
from splitpot.hand.setup import HandStarting
from splitpot.limits import shown

__all__ = ["Deal"]

_DECK = list(range(DECK_SIZE))
_BITS = [(i + 1).bit_length() for i in range(DECK_SIZE)]  # the bits to draw a position 0..i


class Deal:
    """Every card of a hand, as codes.

    * ``hole``: each seat's cards in the order dealt (stud: its up cards too), ``up`` its
      face-up cards (stud); ``board`` the community cards (the first run's), ``more_boards``
      the boards of the runs after the first, ``runs`` how many runs were chosen (0 before).
    * The deck is made when first drawn from, and shuffled only as far as it is drawn:
      a hand whose cards are all given (a replayed history) pays for neither.
    """

    __slots__ = (
        "_below",
        "_deck",
        "_events",
        "_given_board",
        "_start",
        "board",
        "game",
        "hole",
        "more_boards",
        "runs",
        "up",
    )

    def __init__(self, start: HandStarting, events: list[Operation]) -> None:
        n = len(start.stacks)
        self._start = start
        self._events = events  # the hand's records: each deal is logged there
        self.game = start.game
        self.hole: list[list[int]] = [[] for _ in range(n)]
        self.up: list[list[int]] = [[] for _ in range(n)]
        self.board: list[int] = []
        self.runs = 0
        self.more_boards: list[list[int]] = []
        self._below: Callable[[int], int] | None = None  # the generator's getrandbits
        self._given_board = list(map(int, start.board or ()))[::-1]
        self._deck: list[int] | None = None

    def street(self, street: int, seats: list[int]) -> None:
        """The street's cards: to each of ``seats`` (the players still in, from the button's
        left), one at a time, face down then face up (or as given), then to the board. When
        the deck cannot give every player his last stud card, one card is dealt face up for
        everyone instead (docs/rules/poker.md §4.2)."""
        spec = self.game.streets[street]
        count = spec.hole + spec.up
        if count:
            given = self._start.hole or (None,) * len(self.hole)
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
        hole, up, events = self.hole, self.up, self._events
        if all([given[s] is None for s in seats]):
            # Nothing given (a shuffled hand): the cards in the order dealt, a round at a time.
            k = len(seats)
            drawn = self.draw(count * k)
            faces = as_cards(drawn)  # every card at once, each seat's a slice of them
            for j, seat in enumerate(seats):
                hole[seat] += drawn[j::k]
                dealt = faces[j::k]
                if down == count:  # all face down (flop games)
                    events.append(HoleDealing(seat, dealt))
                    continue
                up[seat] += drawn[j + down * k :: k]
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
                code = int(cards[at]) if cards is not None and at < len(cards) else self.draw(1)[0]
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
        if not self.game.community_card or street != len(self.game.streets) - 1:
            return False
        if self._given_board:
            return True
        need = 0
        for seat in seats:
            cards = given[seat]
            if cards is None or len(cards) <= len(self.hole[seat]):
                need += 1
        return need > len(self.cards_left())

    def bring_in_seat(self, able: list[int]) -> int:
        """The lowest door card among ``able`` (the players who can still bet) brings in
        (docs/rules/poker.md §4.2): his seat, who acts first."""
        return _stud.bring_in_seat(self.game, {s: self.up[s][0] for s in able}, able)

    def verify_discard(self, seat: int, card: Card | str | int) -> int:
        """The code of ``card`` if ``seat`` holds it (Crazy Pineapple's discard, §2)."""
        try:
            code = Card(card).code
        except (TypeError, ValueError) as e:
            raise IllegalAction(f"cannot discard {shown(card)}: {e}") from None
        if code not in self.hole[seat]:
            held = "".join(map(str, map(Card, self.hole[seat])))
            raise IllegalAction(f"seat {seat} does not hold {Card(code)}; it holds {held}")
        return code

    def last_dealt(self, seat: int) -> int:
        """The code of the last card dealt to ``seat``: a timed-out discard (§7)."""
        return self.hole[seat][-1]

    def discard(self, seat: int, code: int) -> None:
        """``seat`` discards the card ``code`` (:meth:`verify_discard`'s)."""
        self.hole[seat].remove(code)

    def _deal_board(self, street: int, count: int, run: int = 0) -> None:
        """The street's board cards, onto the board, or from run 2 onto the run's (§6)."""
        given = self._given_board
        if given:
            cards = [given.pop() if given else self.draw(1)[0] for _ in range(count)]
        else:
            cards = self.draw(count)
        (self.board if run < 2 else self.more_boards[run - 2]).extend(cards)
        name = self.game.streets[street].name
        self._events.append(BoardDealing(name, as_cards(cards), run))

    def only_board_left(self, street: int) -> bool:
        """Whether every street after ``street`` deals board cards only (no hole card, no
        discard): the rest of the board may be run more than once (§6)."""
        left = self.game.streets[street + 1 :]
        return bool(left) and all([s.board and not (s.hole or s.up or s.discard) for s in left])

    def verify_runs(self, street: int, times: int, most: int) -> int:
        """``times`` if the board after ``street`` may be run that many times: 1 to ``most``,
        and the deck holds a board for each run (§6)."""
        if isinstance(times, bool) or not isinstance(times, int) or not 1 <= times <= most:
            raise IllegalAction(f"the board may be run 1 to {most} times, not {shown(times)}")
        need = sum([s.board for s in self.game.streets[street + 1 :]])
        left = len(self._given_board) + len(self.cards_left())
        if need * times > left:
            raise IllegalAction(
                f"the deck has {left} cards left: not {times} runs of {need} board cards"
            )
        return times

    def deal_runs(self, street: int, runs: int) -> None:
        """The rest of the board after ``street``, run by run and street by street, from the
        same deck; every run keeps the cards dealt before the runs (docs/rules/poker.md §6)."""
        streets = self.game.streets
        self.runs = runs
        self.more_boards = [list(self.board) for _ in range(runs - 1)]
        for run in range(1, runs + 1):
            for later in range(street + 1, len(streets)):
                self._deal_board(later, streets[later].board, run if runs > 1 else 0)

    def cards_left(self) -> list[int]:
        """The deck: the cards not given and not yet drawn (made on first use)."""
        deck = self._deck
        if deck is None:
            start = self._start
            used = set(map(int, start.board or ()))
            for cards in start.hole:
                if cards:
                    used.update(map(int, cards))
            deck = self._deck = [c for c in _DECK if c not in used] if used else _DECK[:]
        return deck

    def draw(self, count: int) -> list[int]:
        """The next ``count`` cards of ``random.Random(seed).shuffle`` of the deck, the last
        card first, shuffled only as far as they are drawn.

        The shuffle's step ``i`` (from the last position down) swaps position ``i`` with a
        random one at or below it, and no later step moves it again: the card drawn from the
        end of the deck is final after one step. Taking one step per card drawn, with the
        same generator calls as ``shuffle``, deals the same cards for the same seed."""
        bits = self._below
        if bits is None:
            bits = self._below = _seeds.getrandbits(self._start.seed)
        deck = self.cards_left()
        out = []
        top = len(deck) - 1
        for i in range(top, top - count, -1):  # the deck's last position, card by card
            last = deck.pop()  # (an empty deck raises, as shuffle's pop would)
            if i > 0:
                # random.shuffle's draw of a position 0..i, inline: CPython's
                # _randbelow_with_getrandbits (the same in 3.10 to 3.14), one call fewer a card.
                k = _BITS[i]
                j = bits(k)
                while j > i:
                    j = bits(k)
                if j < i:  # the swap of positions i and j, then the pop of position i
                    out.append(deck[j])
                    deck[j] = last
                    continue
            out.append(last)
        return out

    def odd_chip_order(self, order: list[int]) -> list[int]:
        """Who takes odd chips first (docs/rules/poker.md §6): the first seat left of the
        button; in stud, with no button, by the highest card by suit (§6 DECISION)."""
        if self.game.forced_bets != "bring_in":
            return order
        board = self.board
        return _stud.odd_chip_order(self.game, {s: self.hole[s] + board for s in order})

    def flop_seen(self, street: int) -> bool:
        """Whether the hand saw a flop, for "no flop, no drop" (stud: a fourth street, §6)."""
        if self.game.forced_bets == "bring_in":
            return street > 0
        return len(self.board) >= 3
