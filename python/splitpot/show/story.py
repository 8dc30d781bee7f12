"""What the replayer says about a hand: the players' names by seat, the cards the history
really shows, the header, and each record as a sentence with its amounts formatted.

The text and the HTML page both tell the hand through :class:`Story`, so they use the same
words and the same amounts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from splitpot._amounts import Amounts
from splitpot._core import Card, InvalidCards
from splitpot.games import display_name
from splitpot.hand import (
    AntePosting,
    Betting,
    BlindPosting,
    BringingIn,
    Calling,
    ChipsReturning,
    Hand,
    HandEnding,
    HandStarting,
    Operation,
    PotAwarding,
    RaisingTo,
)
from splitpot.phh import HandHistory
from splitpot.phh.setup import seat_layout
from splitpot.pots import Award
from splitpot.tui import _blind_names, award_words, describe, share_name

_CARD = re.compile(r"(?:10|[2-9TJQKA])[cdhs]", re.IGNORECASE)
UNKNOWN = "??"
"""A card the history does not show (the replay dealt a stand-in for it)."""


def known_cards(history: HandHistory) -> frozenset[str]:
    """Every card the history names in its deals, shows and discards.

    The replay deals a stand-in from the deck for each unknown card (``????``); a card the
    history never names is such a stand-in, and the replayer does not show it.

    >>> hh = HandHistory(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2,
    ...     starting_stacks=[50, 50], actions=["d dh p1 AcKd", "d dh p2 ????", "p2 f"])
    >>> sorted(known_cards(hh))
    ['Ac', 'Kd']
    """
    known: set[str] = set()
    for action in history.actions:
        parts = action.split("#", 1)[0].split()
        if len(parts) >= 3 and parts[:2] in (["d", "dh"], ["d", "db"]):
            text = parts[-1]
        elif len(parts) >= 3 and parts[1] in ("sm", "sd"):
            text = parts[2]
        else:
            continue
        for token in _CARD.findall(text):
            try:
                known.add(str(Card(token)))
            except InvalidCards:
                continue
    return frozenset(known)


def pot_name(award: Award) -> str:
    """``the main pot``, ``the low half of side pot 2``.

    >>> pot_name(Award(pot=2, side="low", seat=0, amount=5, why="best low"))
    'the low half of side pot 2'
    """
    pot = "the main pot" if award.pot == 0 else f"side pot {award.pot}"
    if award.side != "whole":
        pot = f"the {award.side} half of {pot}"
    return f"{pot} on run {award.run}" if award.run else pot


class Story:
    """A replayed hand told with the history's names, cards and money.

    ``names`` (one per player, in the history's order) replaces ``history.players``; a
    player with neither is ``p1``, ``p2``... as PHH labels them.
    """

    def __init__(
        self, history: HandHistory, hand: Hand, names: Sequence[str] | None = None
    ) -> None:
        self.history = history
        self.hand = hand
        start = hand.events[0]
        assert isinstance(start, HandStarting)
        self.start = start
        players = list(names if names is not None else history.players or [])
        seat_of, _, _ = seat_layout(history)
        self.seat_of = seat_of  # the engine seat of each player of the history
        self.names = [f"Seat {s + 1}" for s in range(hand.seat_count)]
        for i, seat in enumerate(seat_of):
            self.names[seat] = players[i] if i < len(players) else f"p{i + 1}"
        self.money = Amounts.of(history.user_fields, history.currency, history.currency_symbol)
        self.known = known_cards(history)
        self.roles = _blind_names(hand)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"

    def cards(self, cards: Sequence[Card]) -> list[str]:
        """Each card's text, or ``??`` for a stand-in the history does not show."""
        return [str(c) if str(c) in self.known else UNKNOWN for c in cards]

    def header(self) -> list[str]:
        """The site, hand id, table and date (those the history has), then game and stakes."""
        hh, user = self.history, self.history.user_fields
        first = []
        if user.get("_site"):
            first.append(str(user["_site"]))
        hand_id = user.get("_site_hand_id", hh.hand)
        if hand_id is not None:
            first.append(f"hand #{hand_id}")
        if hh.table is not None:
            first.append(f"table {hh.table}")
        if hh.event:
            first.append(hh.event)
        if hh.year and hh.month and hh.day:
            when = f"{hh.year:04d}-{hh.month:02d}-{hh.day:02d}"
            first.append(when + (f" {hh.time}" if hh.time is not None else ""))
        game = f"{display_name(self.hand.game, self.start.structure.kind)}, {self.stakes()}"
        return [", ".join(first), game] if first else [game]

    def stakes(self) -> str:
        """``blinds $0.01/$0.02``, ``bets 2/4, ante 1, bring-in 1`` (the structure is named
        with the game, :func:`~splitpot.games.display_name`)."""
        s, m = self.start.structure, self.money
        small_bet = getattr(s, "small_bet", None)
        if isinstance(small_bet, int):
            text = f"bets {m(small_bet)}/{m(getattr(s, 'big_bet', small_bet * 2))}"
        else:
            text = f"blinds {m(s.small_blind)}/{m(s.big_blind)}"
        ante = max(self.start.antes, default=0)
        if ante:
            text += f", ante {m(ante)}"
        bring_in = getattr(s, "bring_in", None)
        if self.hand.game.forced_bets == "bring_in" and isinstance(bring_in, int):
            text += f", bring-in {m(bring_in)}"
        return text

    def phrase(self, e: Operation) -> str:
        """The record as a sentence: names for seats, amounts formatted."""
        m = self.money
        all_in = " and is all-in" if getattr(e, "all_in", False) else ""
        match e:
            case AntePosting(seat, amount):
                return f"{self.name(seat)} posts an ante of {m(amount)}"
            case BlindPosting(seat, amount, dead):
                what = "a dead blind" if dead else "a blind"
                return f"{self.name(seat)} posts {what} of {m(amount)}"
            case BringingIn(seat, amount):
                return f"{self.name(seat)} brings in for {m(amount)}{all_in}"
            case Calling(seat, amount):
                return f"{self.name(seat)} calls {m(amount)}{all_in}"
            case Betting(seat, amount):
                return f"{self.name(seat)} bets {m(amount)}{all_in}"
            case RaisingTo(seat, amount):
                return f"{self.name(seat)} raises to {m(amount)}{all_in}"
            case ChipsReturning(seat, amount):
                return f"Uncalled {m(amount)} returned to {self.name(seat)}"
            case PotAwarding(award):
                share = share_name(award, self.hand.result.awards)
                return (
                    f"{self.name(award.seat)} wins {share} ({m(award.amount)})"
                    f"{award_words(self.hand, e)}"
                )
            case HandEnding(_, rake):
                return "Hand over" + (f"; rake {m(rake)}" if rake else "")
        return describe(e, self.names)
