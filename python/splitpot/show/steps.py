"""The replayer's steps: the table as it stands after each record of a replayed hand.

The chips and cards of each step are the engine's own (:func:`splitpot.hand.steps`: the
table after each record, docs/rules/poker.md §3-§6); this module only lays them out for the
HTML page, with the notes a reader needs (a hand shown, a seat timed out, what a winner
won). Consecutive deals of hole cards are one step; every other record is a step of its own.
"""

from __future__ import annotations

from typing import Any

from splitpot._core import Card
from splitpot.hand import (
    BoardDealing,
    HandStarting,
    HoleDealing,
    Mucking,
    Operation,
    PotAwarding,
    Showing,
    TableState,
    TimingOut,
)
from splitpot.hand import steps as table_steps
from splitpot.show.story import Story


class _Notes:
    """What the page says beside the chips: each seat's note, what the winners won, and
    the board the last deal left (a run's own, when the board is run more than once, §6)."""

    def __init__(self) -> None:
        self.notes: dict[int, str] = {}
        self.won: dict[int, int] = {}
        self.board: tuple[Card, ...] = ()

    def read(self, e: Operation, table: TableState, story: Story) -> None:
        match e:
            case BoardDealing(run=run):
                self.board = table.boards[run - 1] if run else table.board
            case TimingOut(seat=seat):
                self.notes[seat] = "timed out"
            case Showing(seat=seat, description=description):
                self.notes[seat] = description
            case Mucking(seat=seat):
                self.notes[seat] = "mucks"
            case PotAwarding(award=award):
                self.won[award.seat] = self.won.get(award.seat, 0) + award.amount
                self.notes[award.seat] = f"wins {story.money(self.won[award.seat])}"


def _shown(
    table: TableState, notes: _Notes, story: Story, log: list[str], event: int
) -> dict[str, Any]:
    """One step as the page reads it: every amount formatted, every card as text."""
    m = story.money
    stud = story.hand.game.forced_bets == "bring_in"
    seats = []
    for s in story.hand.seats:
        state = "folded" if s in table.folded else "all-in" if s in table.all_in else ""
        cards = table.hole[s]
        texts = story.cards(list(cards))
        # Face down is drawn only in stud, where the others' up cards are the news.
        faces = [[c, card in table.up[s] or not stud] for c, card in zip(texts, cards, strict=True)]
        seats.append(
            {
                "stack": m(table.stacks[s]),
                "bet": m(table.bets[s]) if table.bets[s] else "",
                "cards": faces,
                "state": "won" if s in notes.won else state,
                "note": notes.notes.get(s, ""),
            }
        )
    e = story.hand.events[event]
    actor = e.award.seat if isinstance(e, PotAwarding) else getattr(e, "seat", None)
    return {
        "event": event,
        "actor": actor if isinstance(actor, int) and not isinstance(e, HoleDealing) else None,
        "message": _message(story, e, log),
        "log": log,
        "pot": m(table.pot),
        "board": story.cards(list(notes.board)),
        "seats": seats,
    }


def steps(story: Story, lines: list[tuple[int, list[str]]]) -> list[dict[str, Any]]:
    """Every step of the hand: step 0 is the table before anything is posted; each later one
    follows a record (consecutive hole-card deals together), with the log ``lines`` it adds
    (:func:`splitpot.show.text.event_lines`)."""
    hand = story.hand
    tables = [table for _, table in table_steps(hand.events)]
    notes = _Notes()
    out = [_shown(tables[0], notes, story, [], 0)]
    for index, log in lines:
        e = hand.events[index]
        notes.read(e, tables[index], story)
        if isinstance(e, HoleDealing) and isinstance(hand.events[index - 1], HoleDealing):
            out[-1] = _shown(tables[index], notes, story, out[-1]["log"] + log, index)
        else:
            out.append(_shown(tables[index], notes, story, log, index))
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
