"""The replayer's steps: the table as it stands after each record of a replayed hand.

Every step is computed here, in Python, from the hand's records (docs/rules/poker.md §3-§6:
what each posting, call, bet, raise, return and award moves); the HTML page only displays
them. Consecutive deals of hole cards are one step; every other record is a step of its own.
Chips move as the records say:

* an ante or a dead blind goes into the pot; a live blind, bring-in, call, bet or raise is
  the seat's bet of the round (a bet and a raise are totals for the round, a call the chips
  added);
* the bets go into the middle when the next cards are dealt after any betting, and at the
  showdown; ``pot`` is every chip in the middle, the bets of the round included
  (:attr:`splitpot.hand.Hand.pot`);
* an uncalled bet goes back to its seat; an award moves chips from the pot to the winner;
  the rake leaves the pot at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from splitpot._core import Card
from splitpot.hand import (
    AntePosting,
    Betting,
    BlindPosting,
    BoardDealing,
    BringingIn,
    Calling,
    ChipsReturning,
    Discarding,
    Folding,
    HandEnding,
    HandStarting,
    HoleDealing,
    Mucking,
    Operation,
    PotAwarding,
    RaisingTo,
    Showing,
    SittingOut,
    TimingOut,
)
from splitpot.show.story import Story
from splitpot.tui import _board_until

_BETTING = (Betting, BringingIn, Calling, RaisingTo, Folding, TimingOut, SittingOut)
"""Records after which the next deal starts a new street (its bets go into the middle)."""


@dataclass
class _Table:
    """The chips and cards on the table, in the hand's integer amounts."""

    stacks: list[int]
    bets: list[int]
    cards: list[list[tuple[Card, bool]]]  # per seat: (card, face up)
    pot: int = 0
    board: list[Card] = field(default_factory=list)
    folded: set[int] = field(default_factory=set)
    all_in: set[int] = field(default_factory=set)
    notes: dict[int, str] = field(default_factory=dict)
    won: dict[int, int] = field(default_factory=dict)
    betting: bool = False  # any betting since the last deal

    def put(self, seat: int, chips: int, *, bet: bool = True) -> None:
        self.stacks[seat] -= chips
        self.pot += chips
        if bet:
            self.bets[seat] += chips

    def sweep(self) -> None:
        """The round's bets go into the middle (the pot already counts them)."""
        self.bets = [0] * len(self.bets)
        self.betting = False


def _move_chips(t: _Table, e: Operation) -> None:
    """The chips a record moves (docs/rules/poker.md §4, §3, §6)."""
    match e:
        case AntePosting(seat, amount):
            t.put(seat, amount, bet=False)
        case BlindPosting(seat, amount, dead):
            t.put(seat, amount, bet=not dead)
        case BringingIn(seat, amount) | Calling(seat, amount):
            t.put(seat, amount)
        case Betting(seat, amount) | RaisingTo(seat, amount):
            t.put(seat, amount - t.bets[seat])  # a total for the round
        case ChipsReturning(seat, amount):
            t.stacks[seat] += amount
            t.pot -= amount
            t.bets[seat] = max(0, t.bets[seat] - amount)
        case PotAwarding(award):
            t.pot -= award.amount
            t.stacks[award.seat] += award.amount
            t.won[award.seat] = t.won.get(award.seat, 0) + award.amount
        case HandEnding(_, rake):
            t.pot -= rake


def _change_seats(t: _Table, e: Operation, story: Story) -> None:
    """Cards, folds, all-ins and showdown notes."""
    seat = getattr(e, "seat", None)
    if getattr(e, "all_in", False) and isinstance(seat, int):
        t.all_in.add(seat)
    match e:
        case HoleDealing(seat, cards, up):
            t.cards[seat] += [(c, False) for c in cards] + [(c, True) for c in up]
        case BoardDealing():
            t.board = _board_until(story.hand, e)  # a run's own board (§6)
        case Folding(seat) | SittingOut(seat):
            t.folded.add(seat)
        case TimingOut(seat, outcome):
            if outcome == "fold":
                t.folded.add(seat)
            t.notes[seat] = "timed out"
        case Discarding(seat, card):
            t.cards[seat] = [(c, up) for c, up in t.cards[seat] if c != card]
        case Showing(seat, _, description):
            t.notes[seat] = description
        case Mucking(seat):
            t.notes[seat] = "mucks"
        case PotAwarding(award):
            won = story.money(t.won[award.seat])
            t.notes[award.seat] = f"wins {won}"


def _apply(t: _Table, e: Operation, story: Story) -> None:
    if isinstance(e, (HoleDealing, BoardDealing)) and t.betting:
        t.sweep()
    if isinstance(e, (Showing, Mucking, PotAwarding)):
        t.sweep()
    _move_chips(t, e)
    _change_seats(t, e, story)
    if isinstance(e, _BETTING):
        t.betting = True


def _shown(t: _Table, story: Story, log: list[str], event: int) -> dict[str, Any]:
    """One step as the page reads it: every amount formatted, every card as text."""
    m = story.money
    stud = story.hand.game.forced_bets == "bring_in"
    seats = []
    for s in story.hand.seats:
        state = "folded" if s in t.folded else "all-in" if s in t.all_in else ""
        texts = story.cards([c for c, _ in t.cards[s]])
        seats.append(
            {
                "stack": m(t.stacks[s]),
                "bet": m(t.bets[s]) if t.bets[s] else "",
                # Face down is drawn only in stud, where the others' up cards are the news.
                "cards": [
                    [c, up or not stud] for c, (_, up) in zip(texts, t.cards[s], strict=True)
                ],
                "state": "won" if s in t.won else state,
                "note": t.notes.get(s, ""),
            }
        )
    e = story.hand.events[event]
    actor = e.award.seat if isinstance(e, PotAwarding) else getattr(e, "seat", None)
    return {
        "event": event,
        "actor": actor if isinstance(actor, int) and not isinstance(e, HoleDealing) else None,
        "message": _message(story, e, log),
        "log": log,
        "pot": m(t.pot),
        "board": story.cards(t.board),
        "seats": seats,
    }


def steps(story: Story, lines: list[tuple[int, list[str]]]) -> list[dict[str, Any]]:
    """Every step of the hand: step 0 is the table before anything is posted; each later one
    follows a record (consecutive hole-card deals together), with the log ``lines`` it adds
    (:func:`splitpot.show.text.event_lines`)."""
    hand = story.hand
    n = hand.seat_count
    t = _Table(
        stacks=[s or 0 for s in story.start.stacks], bets=[0] * n, cards=[[] for _ in range(n)]
    )
    out = [_shown(t, story, [], 0)]
    for index, log in lines:
        e = hand.events[index]
        _apply(t, e, story)
        if isinstance(e, HoleDealing) and isinstance(hand.events[index - 1], HoleDealing):
            out[-1] = _shown(t, story, out[-1]["log"] + log, index)
        else:
            out.append(_shown(t, story, log, index))
    return out


def _message(story: Story, e: Operation, log: list[str]) -> str:
    """The line under the pot: what just happened."""
    if isinstance(e, HandStarting):
        return "Seats and stacks as the hand begins"
    if isinstance(e, HoleDealing):
        streets = [line for line in log if not line.startswith(" ")]
        return f"{streets[-1]}: the cards are dealt" if streets else "The cards are dealt"
    if isinstance(e, BoardDealing):
        return log[-1]
    return story.phrase(e)


def awards(story: Story) -> list[str]:
    """Who won which pot and why, one line each (the page's result panel)."""
    return [story.phrase(e) for e in story.hand.events if isinstance(e, PotAwarding)]
