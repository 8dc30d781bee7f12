"""Pan as text: a hand's events as sentences, a finished hand rendered turn by turn, the seeded
demo game among bots and a hand to play in the terminal (docs/rules/pan.md §4-§6).

Presentation only: nothing in the engine imports this module (the CLI does).
"""

from __future__ import annotations

import builtins
import random
from collections.abc import Callable, Sequence
from itertools import count

from splitpot import _seeds
from splitpot._core import IllegalAction, SplitpotError
from splitpot._words import plain
from splitpot.pan.bots import GreedyPanBot, play_pan_bots
from splitpot.pan.cards import Card
from splitpot.pan.game import PanHand
from splitpot.pan.history import move_of, text_of
from splitpot.pan.records import (
    Borrowing,
    Claiming,
    Dealing,
    Declaring,
    Demanding,
    Discarding,
    Drawing,
    GoingOut,
    LayingOff,
    Melding,
    PanEnding,
    PanEvent,
    PanStarting,
    Paying,
    Posting,
    Rejecting,
    Reshuffling,
    Splitting,
    TopsSplitting,
)
from splitpot.pan.rules import PanRules

__all__ = ["NAMES", "demo", "describe", "play", "render"]

NAMES = (
    "Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal",
    "Ivy", "Jo", "Kim", "Lou", "Max", "Ned", "Oz",
)  # fmt: skip
"""Names the demo and the terminal game give the seats (up to 15, §6.7)."""


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def describe(event: PanEvent, names: Sequence[str] = NAMES) -> str:
    """One event as a sentence, with the seats' names."""
    text = str(event)
    seat = getattr(event, "seat", None)
    if isinstance(event, Paying):
        who = "The pot" if event.payer is None else names[event.payer]
        to = "the pot" if event.payee is None else names[event.payee]
        verb = "pay" if who == "You" else "pays"
        to = "you" if to == "You" else to
        return f"{who} {verb} {to} {event.amount} ({event.why})"
    if isinstance(event, PanEnding):
        winner = None if event.winner is None else names[event.winner]
        won = "no winner" if winner is None else f"{winner} win{'' if winner == 'You' else 's'}"
        return f"Hand over: {won}" + (f"; {event.carry} carried over" if event.carry else "")
    if isinstance(seat, int) and text.startswith(f"Seat {seat}"):
        name, rest = str(names[seat]), text[len(f"Seat {seat}") :]
        if name == "You":  # "You draws" -> "You draw"
            verb, _, tail = rest.strip().partition(" ")
            verb = {"is": "are", "goes": "go", "claims": "claim"}.get(verb, verb.removesuffix("s"))
            rest = f" {verb} {tail}".rstrip().replace(" his ", " your ")
        return name + rest
    return text


def _verb(name: str, third: str) -> str:
    """``third`` ("plays", "goes") as the verb of ``name``: "You play", "You go"."""
    if name != "You":
        return third
    return {"goes": "go", "has": "have", "is": "are"}.get(third, third.removesuffix("s"))


def _operation(event: PanEvent) -> str | None:
    """An operation on melds as a fragment of a turn's line."""
    if isinstance(event, Melding):
        return f"melds {_cards(event.cards)}"
    if isinstance(event, LayingOff):
        return f"lays off {_cards(event.cards)} on {_cards(event.meld)}"
    if isinstance(event, Splitting):
        added = f" adding {_cards(event.added)}" if event.added else ""
        return f"splits {_cards(event.part)} off {_cards(event.meld)}{added}"
    if isinstance(event, Borrowing):
        return (
            f"borrows {_cards(event.take)} from {_cards(event.meld)} to meld with "
            f"{_cards(event.cards)}"
        )
    return None


class _Turns:
    """Collects the events of a hand into one line a turn."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names
        self.lines: list[str] = []
        self.parts: list[str] = []
        self.who: int | None = None
        self.collected = 0

    def flush(self) -> None:
        self._paid()
        if self.parts and self.who is not None:
            self.lines.append(f"  {self.names[self.who]}: " + ", ".join(self.parts))
        self.parts, self.who = [], None

    def _paid(self) -> None:
        if self.collected and self.parts:
            self.parts[-1] += f" (collects {self.collected})"
        self.collected = 0

    def add(self, event: PanEvent) -> None:
        op = _operation(event)
        if isinstance(event, Drawing):
            self.flush()
            self.who = event.seat
            where = {"stock": "draws", "discard": "takes the live", "upcard": "is offered upcard"}
            self.parts.append(f"{where[event.source]} {event.card}")
        elif op is not None:
            self._paid()
            self.parts.append(op)
        elif isinstance(event, Paying) and event.why.endswith("conditions"):
            self.collected += event.amount
        elif isinstance(event, Rejecting):
            self.parts.append("rejects it")
            self.flush()
        elif isinstance(event, Claiming):
            self._paid()
            self.parts.append("claims his pays")
        elif isinstance(event, Discarding):
            self._paid()
            self.parts.append(f"discards {event.card}")
            self.flush()
        elif isinstance(event, Demanding):
            self.flush()
            who = self.names[event.seat]
            self.lines.append(f"  {who} {_verb(who, 'calls')} for the live discard (§6.5)")
        elif isinstance(event, Reshuffling):
            self.flush()
            self.lines.append(f"  ({event.cards} dead discards are shuffled into a new stock)")
        elif isinstance(event, GoingOut):
            self.parts.append("and goes out")
            self.flush()


def _header(hand: PanHand, names: Sequence[str], show_hands: bool) -> list[str]:
    start = hand.events[0]
    assert isinstance(start, PanStarting)
    rules = start.rules
    changed = [
        f"{k}={v.value if hasattr(v, 'value') else v}"
        for k, v in vars(rules).items()
        if not k.startswith("_") and getattr(PanRules(), k) != v
    ]
    lines = [
        f"Pan, {len(hand.seats)} players, hand seed {start.seed}; rules: "
        + (", ".join(changed) or "the defaults of docs/rules/pan.md §8"),
        "Seats: "
        + ", ".join(f"{names[s]} {start.stacks[s]}" for s in hand.seats)
        + f"; first hand {names[start.first]}, play goes {rules.rotation.value}",
    ]
    posts = [e for e in hand.events if isinstance(e, Posting)]
    pot = sum(p.tops for p in posts) + start.carry
    carry = f" with {start.carry} carried over" if start.carry else ""
    lines.append(f"Each posts {rules.tops_amount} tops: the pot is {pot}{carry}")
    if show_hands:
        for e in hand.events:
            if isinstance(e, Dealing):
                lines.append(f"  {names[e.seat]}: {_cards(e.cards)}")
    decl = [e for e in hand.events if isinstance(e, Declaring)]
    lines.append(
        "Declarations: "
        + ", ".join(
            f"{names[d.seat]} {_verb(names[d.seat], 'plays' if d.plays else 'sluffs')}"
            for d in decl
        )
    )
    return lines


def _ending(hand: PanHand, names: Sequence[str]) -> list[str]:
    if not hand.is_over:
        return ["(the hand is not over)"]
    result = hand.result
    lines = []
    if result.winner is not None:
        melds = "; ".join(_cards(m) for m in hand.melds(result.winner))
        if melds:
            who = names[result.winner]
            lines.append(f"{who} {_verb(who, 'goes')} out with {melds}")
            lines.append(f"Outs: {result.outs} from each player still in (docs/rules/pan.md §4.4)")
        else:
            who = names[result.winner]
            lines.append(f"{who} {_verb(who, 'takes')} the tops: everyone else sluffed (§5.2)")
    elif any(isinstance(e, TopsSplitting) for e in hand.events):
        two = " and ".join(names[s] for s in hand.players)
        lines.append(f"{two} split the tops without playing (§5.2)")
    else:
        lines.append(f"No winner: {result.carry} chips of tops carry over (§5.2, §6.6)")
    lines.append("Settlement:")
    start = hand.events[0]
    assert isinstance(start, PanStarting)
    for s in hand.seats:
        net = result.net[s]
        lines.append(f"  {names[s]:4} {start.stacks[s]:5} -> {result.final_stacks[s]:5} ({net:+})")
    return lines


def render(hand: PanHand, names: Sequence[str] = NAMES, *, show_hands: bool = True) -> str:
    """A hand as text: the seats, the deal, the declarations, one line a turn (what was drawn,
    melded, laid off, split or borrowed, the pays collected, the discard), going out and the
    settlement."""
    lines = _header(hand, names, show_hands)
    turns = _Turns(names)
    for event in hand.events:
        turns.add(event)
    turns.flush()
    if turns.lines:
        lines.append("Play:")
        lines.extend(turns.lines)
    lines.extend(_ending(hand, names))
    return "\n".join(lines)


def demo(seed: int = 1, players: int = 6) -> str:
    """A seeded six-player game among :class:`~splitpot.pan.bots.GreedyPanBot` players: the
    first of the hands seeded from ``seed`` in which someone goes out after collecting pays,
    so every run with the same seed prints the same game."""
    for k in count():
        rng = random.Random(_seeds.attempt(seed, k))
        hand = PanHand([50] * players, first=0, seed=_seeds.draw(rng, _seeds.SHORT_LIMIT))
        play_pan_bots(
            hand, [GreedyPanBot(_seeds.draw(rng, _seeds.SHORT_LIMIT)) for _ in range(players)]
        )
        paid = any(isinstance(e, Paying) and e.why == "conditions" for e in hand.events)
        if hand.result.outs and paid:
            return f"splitpot demo (seed {seed}): Pan, {players} greedy bots\n\n" + render(hand)
    raise AssertionError("unreachable")  # pragma: no cover


# --------------------------------------------------------------------------- terminal game

_HELP = (
    "Commands: play or sluff (at the start); draw (from the stock) or take (the live "
    "discard); reject (the card drawn); meld CARDS; layoff MELD CARDS; split MELD PART "
    "[ADDED]; borrow MELD TAKE CARDS; discard CARD; claim (your pays); moves (what you may "
    "do now); quit (the bots play your hand); help or ? (this list). CARDS are written "
    "together (6c6h6s), a MELD by its cards. Up and down arrows recall what you typed."
)


_VERBS = frozenset(
    "play sluff draw take reject meld layoff split borrow discard claim splittops demand".split()
)
"""The verbs of a move (:mod:`splitpot.pan.history`'s grammar), as the person types them."""


def play(
    *,
    players: int = 6,
    stack: int = 50,
    seat: int = 0,
    seed: int | None = None,
    rules: PanRules | None = None,
    input: Callable[[str], str] | None = None,
    output: Callable[[str], None] = print,
) -> PanHand:
    """Play one hand of Pan in the terminal against :class:`GreedyPanBot` players. The person
    sits in ``seat``; commands are those of the history format (:mod:`splitpot.pan.history`)
    without the player; ``quit`` (or the end of input) hands his decisions to a bot.
    ``input`` is the terminal's (read when called) unless given."""
    ask = input if input is not None else builtins.input
    if not 2 <= players <= 15:
        raise SplitpotError(f"Pan is played by 2 to 15 players, got {players}")
    if not 0 <= seat < players:
        raise SplitpotError(f"seat must be 0..{players - 1}, got {seat}")
    rng = random.Random(seed)
    hand = PanHand(
        [stack] * players, first=0, seed=_seeds.draw(rng, _seeds.SHORT_LIMIT), rules=rules
    )
    names = ["You" if i == seat else n for i, n in enumerate(NAMES[:players])]
    bots = [GreedyPanBot(_seeds.draw(rng, _seeds.SHORT_LIMIT)) for _ in range(players)]
    output(
        f"Pan, {players} players, {stack} chips each; you are in seat {seat}. "
        "Type help for the commands, moves for what you may do."
    )
    shown, quitting = 0, False
    while not hand.is_over:
        _echo(hand.events[shown:], seat, names, output)
        shown = len(hand.events)
        if hand.actor != seat or quitting:
            bots[hand.actor or 0].act(hand)
            continue
        quitting = _your_turn(hand, seat, ask, output)
    _echo(hand.events[shown:], seat, names, output)
    output(render(hand, names, show_hands=False))
    return hand


def _echo(
    events: Sequence[PanEvent], seat: int, names: Sequence[str], output: Callable[[str], None]
) -> None:
    for e in events:
        if isinstance(e, PanStarting | Posting) or (isinstance(e, Dealing) and e.seat != seat):
            continue
        output(describe(e, names))


def _your_turn(
    hand: PanHand, seat: int, input: Callable[[str], str], output: Callable[[str], None]
) -> bool:
    """Ask for and make the person's decision; whether he quit."""
    melds = "; ".join(_cards(m) for m in hand.melds(seat)) or "none"
    drawn = f"; drawn {hand.drawn}" if hand.drawn is not None else ""
    live = f"; live discard {hand.live_discard}" if hand.live_discard is not None else ""
    output(
        f"[{hand.phase.value}] your hand {_cards(hand.hand(seat))}; your melds {melds}"
        f"{drawn}{live}; chips {hand.stacks[seat]}"
    )
    try:
        text = input("> ").strip()
    except EOFError:
        text = "quit"
    word = text.lower()
    if word in ("quit", "q"):
        return True
    may = "You may: " + "; ".join(map(text_of, hand.legal_moves()))
    if word in ("help", "h", "?"):
        output(f"{_HELP}\n{may}")
        return False
    if word in ("moves", ""):
        output(may)
        return False
    if word.split()[0] not in _VERBS:
        output(f"{text.split()[0]!r} is not a command here (help lists them). {may}")
        return False
    try:
        _, move = move_of(f"p1 {text}")
        hand.apply(move)
    except (IllegalAction, ValueError) as error:
        output(f"Not allowed: {plain(str(error), seat)}. {may}")
    return False
