"""The hand street by street as text, in the style of ``splitpot demo``.

>>> from splitpot.phh import HandHistory
>>> hh = HandHistory(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2], min_bet=2,
...     starting_stacks=[50, 50], players=["Ann", "Bob"],
...     actions=["d dh p1 AcKd", "d dh p2 7h2c", "p2 cbr 6", "p1 f"])
>>> print(render_text(hh))
No-limit Hold'em, blinds 1/2
<BLANKLINE>
  Ann  seat 1: 50 (big blind)
  Bob  seat 2: 50 (small blind, button)
<BLANKLINE>
Preflop
  Bob posts a blind of 1
  Ann posts a blind of 2
  Ann is dealt Ac Kd
  Bob is dealt 7h 2c
  Bob raises to 6
  Ann folds
  Uncalled 4 returned to Bob
Pots
  Main pot: 4, contested by Bob
  Bob wins the main pot (4): the others folded
Result
  Ann  48 (-2)
  Bob  52 (+2)
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.hand import (
    BoardDealing,
    HandEnding,
    HoleDealing,
    Operation,
    PotAwarding,
    Showing,
)
from splitpot.phh import HandHistory, replay
from splitpot.show.story import UNKNOWN, Story
from splitpot.tui import _board_until

__all__ = ["render_text"]


def render_text(history: HandHistory, *, names: Sequence[str] | None = None) -> str:
    """The replayed hand as text: the header, the seats and stacks, every action street by
    street with the board, the showdown, who won which pot (main or side, high or low half)
    and why, and the final stacks. ``names`` (one per player) replaces ``history.players``.

    Amounts are money when the history has ``_site_unit`` (``$1.25``), else chips. Raises
    :class:`~splitpot.phh.PHHError` for a history that does not replay.

    Args:
        history: a :class:`~splitpot.phh.HandHistory` splitpot plays.
        names: one display name per player (default the history's players, else p1, p2...).

    Returns the text, lines joined with ``\\n``.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import HandHistory
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.raise_to(6), hand.fold()
    >>> history = HandHistory.from_hand(hand)
    >>> print(render_text(history, names=["Ann", "Bob"]))   # doctest: +ELLIPSIS
    No-limit Hold'em, blinds 1/2
    <BLANKLINE>
      Ann  seat 1: 100 (big blind)
      Bob  seat 2: 100 (small blind, button)
    ...
      Bob raises to 6
      Ann folds
      Uncalled 4 returned to Bob
    ...
      Ann   98 (-2)
      Bob  102 (+2)
    """
    story = Story(history, replay(history), names)
    lines = [*story.header(), "", *_seats(story, [s or 0 for s in story.start.stacks]), ""]
    for _, more in event_lines(story):
        lines += more
    return "\n".join(lines + _site_result(story))


def _site_result(story: Story) -> list[str]:
    """The site's result as one line of the text (:func:`site_result`)."""
    said = site_result(story)
    return [f"{said[0]}; " + ", ".join(said[1:])] if said else []


def site_result(story: Story) -> list[str]:
    """What the site paid, for a hand read from a poker site: ``At PokerStars: rake $0.10``,
    then ``Hero collected $0.50`` for each player the site paid; empty for another hand. The
    replay pays out the whole pot, the site the pot less its rake
    (:func:`splitpot.phh.compare` reconciles the two); the text and the page show both."""
    hh = story.history
    rake = hh.user_fields.get("_site_rake")
    if type(rake) is not int or hh.winnings is None or not story.hand.is_over:
        return []
    site = hh.user_fields.get("_site", "the site")
    paid = [
        f"{story.name(seat)} collected {story.money(int(hh.winnings[k]))}"
        for k, seat in enumerate(story.seat_of)
        if hh.winnings[k]
    ]
    return [f"At {site}: rake {story.money(rake)}", *paid]


def event_lines(story: Story) -> list[tuple[int, list[str]]]:
    """``(index in hand.events, lines)`` for every record after the set-up: the lines it adds
    to the text, with the heading of the street or section it opens (not indented)."""
    hand = story.hand
    stud = hand.game.forced_bets == "bring_in"
    streets = [f"{s.name.capitalize()} street" for s in hand.game.streets]
    seen = [streets[0] if stud else "Preflop"]  # every line so far: headings are looked up
    out = []
    deals = [0] * hand.seat_count  # stud: the streets dealt to each seat so far
    for i, e in enumerate(hand.events[1:], 1):
        lines = [seen[0]] if i == 1 else []
        if isinstance(e, HoleDealing) and stud:
            deals[e.seat] += 1
            if deals[e.seat] > 1 and streets[deals[e.seat] - 1] not in seen:
                lines.append(streets[deals[e.seat] - 1])
        lines += _event_lines(story, e, [*seen, *lines])
        seen += lines
        out.append((i, lines))
    return out


def _seats(story: Story, stacks: Sequence[int]) -> list[str]:
    """One line per seat dealt in: name, seat number (1-based, as sites write it), stack."""
    width = max(4, *(len(story.name(s)) for s in story.hand.seats))
    out = []
    for seat in range(story.hand.seat_count):
        if seat not in story.hand.seats:
            continue
        role = f" ({story.roles[seat]})" if seat in story.roles else ""
        out.append(
            f"  {story.name(seat):<{width}} seat {seat + 1}: {story.money(stacks[seat])}{role}"
        )
    return out


def _event_lines(story: Story, e: Operation, before: Sequence[str]) -> list[str]:
    """The lines one record adds (with the section heading it opens)."""
    hand, m = story.hand, story.money
    if isinstance(e, HoleDealing):
        down, up = story.cards(e.cards), story.cards(e.up)
        if all(c == UNKNOWN for c in down + up):
            return []  # cards the history does not show (another player's at a site)
        both = " ".join(down) + (" / " if down and up else "") + " ".join(up)
        return [f"  {story.name(e.seat)} is dealt {both}{' up' if up else ''}"]
    if isinstance(e, BoardDealing):
        board = _board_until(hand, e)
        run = f" (run {e.run})" if e.run else ""
        return [
            f"{e.street.capitalize()}{run}: {' '.join(story.cards(e.cards))}"
            f"   (board {' '.join(story.cards(board))})"
        ]
    out = []
    if isinstance(e, Showing) and "Showdown" not in before:
        out.append("Showdown")
    if isinstance(e, PotAwarding) and "Pots" not in before:
        out.append("Pots")
        for i, p in enumerate(hand.result.pots):
            who = ", ".join(story.name(s) for s in p.eligible)
            label = "Main pot" if i == 0 else f"Side pot {i}"
            out.append(f"  {label}: {m(p.amount)}, contested by {who}")
    if isinstance(e, Showing):
        out.append(f"  {story.name(e.seat)} shows {' '.join(map(str, e.cards))}: {e.description}")
    elif isinstance(e, HandEnding):
        out.append("Result")
        width = max(4, *(len(story.name(s)) for s in hand.seats))
        stacks = {seat: m(e.final_stacks[seat]) for seat in hand.seats}
        right = max(map(len, stacks.values()))
        for seat in hand.seats:
            net = m.signed(hand.result.net[seat])
            out.append(f"  {story.name(seat):<{width}} {stacks[seat]:>{right}} ({net})")
        if e.rake:
            out.append(f"  Rake {m(e.rake)}")
    else:
        out.append(f"  {story.phrase(e)}")
    return out
