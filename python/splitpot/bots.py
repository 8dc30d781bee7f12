"""Simple built-in bots, the seeded demo hand, and a terminal game against the bots.

The bots only use what any player may use: :meth:`Hand.legal_actions`, their own hole cards
and the board. They are for demonstrations, tests and simulations, not for winning.

>>> text = demo(1)
>>> "all-in" in text and "low half" in text
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import count
from typing import Protocol

from splitpot._core import Card, IllegalAction
from splitpot.betting import PotLimit, Structure
from splitpot.betting import structure as make_structure
from splitpot.games import OMAHA_HILO, Game
from splitpot.games import game as find_game
from splitpot.hand import (
    AntePosting,
    BlindPosting,
    BoardDealing,
    Hand,
    HandEnding,
    HandStarting,
    HoleDealing,
    LegalActions,
    Operation,
    PotAwarding,
    Showing,
)

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

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
"""Names the demo and the terminal game give the seats."""


class Bot(Protocol):
    """Anything that can take the decision of the seat to act."""

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
    """Checks or calls everything, discards its last card, shows at showdown."""

    def act(self, hand: Hand) -> Operation:
        la = hand.legal_actions()
        done = _showdown_or_discard(hand, la, _last_card)
        return done if done is not None else hand.check_or_call()


class RandomBot:
    """A uniformly random legal decision, amounts anywhere in the legal range (seeded)."""

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
        if la.fold:
            moves.append(hand.fold)
        if la.check:
            moves.append(hand.check)
        if la.call is not None:
            moves.append(hand.call)
        if la.bet is not None:
            lo, hi = la.bet
            moves.append(lambda: hand.bet(rng.randint(lo, hi)))
        if la.raise_to is not None:
            lo, hi = la.raise_to
            moves.append(lambda: hand.raise_to(rng.randint(lo, hi)))
        return rng.choice(moves)()


class SimpleBot:
    """Plays by a rough hand strength: raises strong hands, calls fair ones, folds the rest.

    Strength is a number from 0 to 1: before the flop from the hole cards' ranks, pairs,
    suits and low cards; after it from the hand's high value (and its low in a hi/lo game).
    ``aggression`` (0..1) shifts how often it bets and how much.
    """

    def __init__(self, seed: int | None = None, aggression: float = 0.5) -> None:
        self.rng = random.Random(seed)
        self.aggression = aggression

    def strength(self, hand: Hand, seat: int) -> float:
        """0..1, larger is better (a rough guide, not an equity)."""
        hole = [c.code for c in hand.hole(seat)]
        board = [c.code for c in hand.board]
        game = hand.game
        if len(board) >= 3:
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
            lo, hi = window
            share = min(1.0, (s - eager) * 2 * (0.5 + self.aggression))
            amount = lo + int((hi - lo) * share * self.rng.random())
            return hand.bet(amount) if la.bet is not None else hand.raise_to(amount)
        if la.check:
            return hand.check()
        assert la.call is not None
        price = la.call / max(1, hand.pot + la.call)
        if s > 0.25 + price * 0.8 or la.call <= hand.structure.big_blind // 2:
            return hand.call()
        return hand.fold()


# --------------------------------------------------------------------------- text


def _name(seat: int, names: Sequence[str]) -> str:
    return names[seat] if seat < len(names) else f"Seat {seat}"


_SECOND_PERSON = (
    ("posts", "post"),
    ("is dealt", "are dealt"),
    ("folds", "fold"),
    ("checks", "check"),
    ("calls", "call"),
    ("bets", "bet"),
    ("raises", "raise"),
    ("discards", "discard"),
    ("shows", "show"),
    ("mucks", "muck"),
    ("wins", "win"),
    ("times out", "time out"),
    ("is all-in", "are all-in"),
    ("is folded", "are folded"),
    ("he has", "you have"),
)


def describe(event: Operation, names: Sequence[str] = NAMES) -> str:
    """One event as a line of text with player names instead of seat numbers.

    A seat named ``"You"`` is written in the second person ("You call 10").
    """
    text = str(event)
    seat = getattr(event, "seat", None)
    if isinstance(event, PotAwarding):
        seat = event.award.seat
    if isinstance(seat, int):
        name = _name(seat, names)
        text = text.replace(f"Seat {seat}", name, 1).replace(f"seat {seat}", name)
        if name == "You":
            for third, second in _SECOND_PERSON:
                text = text.replace(f"You {third}", f"You {second}").replace(
                    f"and {third}", f"and {second}"
                )
    return text


def _blind_names(hand: Hand) -> dict[int, str]:
    posts = [e for e in hand.events if isinstance(e, BlindPosting) and not e.dead]
    roles: dict[int, str] = {}
    if posts:
        top = max(e.amount for e in posts)
        small = [e for e in posts if e.amount < top]
        for e in small[:1]:
            roles[e.seat] = "small blind"
        for e in posts:
            if e.amount == top and e.seat not in roles:
                roles[e.seat] = "big blind"
    roles.setdefault(hand.button, "button")
    if roles[hand.button] != "button":
        roles[hand.button] += ", button"
    return roles


def render(hand: Hand, names: Sequence[str] = NAMES, *, show_hole: bool = True) -> str:
    """A finished hand as text: seats, actions street by street, showdown and payouts."""
    start = hand.events[0]
    assert isinstance(start, HandStarting)
    lines = []
    roles = _blind_names(hand)
    for seat in range(hand.seat_count):
        if seat not in hand.seats:
            continue
        role = f" ({roles[seat]})" if seat in roles else ""
        lines.append(f"  {_name(seat, names):<4} seat {seat}: {start.stacks[seat]} chips{role}")
    lines.append("")
    lines.append("Preflop")
    for e in hand.events[1:]:
        if isinstance(e, HoleDealing):
            if show_hole:
                lines.append(f"  {_name(e.seat, names)} is dealt {' '.join(map(str, e.cards))}")
            continue
        if isinstance(e, BoardDealing):
            lines.append(
                f"{e.street.capitalize()}: {' '.join(map(str, e.cards))}"
                f"   (board {' '.join(map(str, _board_until(hand, e)))})"
            )
            continue
        if isinstance(e, Showing) and "Showdown" not in lines:
            lines.append("Showdown")
        if isinstance(e, PotAwarding) and "Pots" not in lines:
            lines.append("Pots")
            for i, p in enumerate(hand.result.pots):
                who = ", ".join(_name(s, names) for s in p.eligible)
                label = "Main pot" if i == 0 else f"Side pot {i}"
                lines.append(f"  {label}: {p.amount} chips, contested by {who}")
        if isinstance(e, PotAwarding):
            lines.append(f"  {describe(e, names)}{_with_hand(hand, e)}")
            continue
        if isinstance(e, HandEnding):
            lines.append("Result")
            for seat in hand.seats:
                net = hand.result.net[seat]
                lines.append(
                    f"  {_name(seat, names):<4} {e.final_stacks[seat]:>5} chips ({net:+d})"
                )
            continue
        lines.append(f"  {describe(e, names)}")
    return "\n".join(lines)


def _with_hand(hand: Hand, event: PotAwarding) -> str:
    """`` with <the winning hand>`` for an award won at showdown."""
    shown = {s.seat: s for s in hand.result.shown}
    a = event.award
    if a.seat not in shown:
        return ""
    hand_shown = shown[a.seat]
    value = hand_shown.low if a.side == "low" else hand_shown.high
    return f" with {value}" if value is not None else ""


def _board_until(hand: Hand, event: BoardDealing) -> list[Card]:
    cards: list[Card] = []
    for e in hand.events:
        if isinstance(e, BoardDealing):
            cards.extend(e.cards)
            if e is event:
                break
    return cards


# --------------------------------------------------------------------------- demo


def _interesting(hand: Hand) -> bool:
    """An all-in, and a pot split between a high and a low hand (or tied hands)."""
    all_in = any(getattr(e, "all_in", False) for e in hand.events)
    result = hand.result
    split = any(
        len({a.seat for a in result.awards if a.pot == i}) > 1 for i in range(len(result.pots))
    )
    return all_in and split and any(a.side == "low" for a in result.awards)


def play_bots(hand: Hand, bots: Sequence[Bot] | Callable[[int], Bot]) -> Hand:
    """Let bots take every decision until the hand is over; return the hand."""
    pick = bots if callable(bots) else bots.__getitem__
    while not hand.is_over:
        seat = hand.actor
        assert seat is not None
        pick(seat).act(hand)
    return hand


def demo(seed: int = 1) -> str:
    """A seeded six-handed pot-limit Omaha Hi/Lo hand among :class:`SimpleBot` players.

    The deal is the first of the hands seeded ``seed``, ``seed + 1``, ... (each with its own
    stacks) in which a player is all-in and a pot is split between a high and a low hand,
    so every run with the same seed prints the same hand. Returns the text: seats, actions
    street by street, the showdown, and who won which part of which pot and why.
    """
    structure = PotLimit(1, 2)
    for k in count():
        rng = random.Random(seed * 7919 + k)
        stacks = [rng.choice((40, 60, 80, 120, 200)) for _ in range(6)]
        hand = Hand(OMAHA_HILO, structure, stacks, button=5, seed=rng.randrange(1 << 32))
        bots = [SimpleBot(rng.randrange(1 << 32), aggression=0.7) for _ in range(6)]
        play_bots(hand, bots)
        if _interesting(hand):
            title = (
                f"splitpot demo (seed {seed}): {OMAHA_HILO.name}, pot limit 1/2, "
                f"six players; hand seed {hand.seed}"
            )
            return title + "\n\n" + render(hand)
    raise AssertionError("unreachable")  # pragma: no cover


# --------------------------------------------------------------------------- terminal game

_HELP = (
    "commands: f(old), k/check, c(all), b(et) N, r(aise) N (raise to N), "
    "d(iscard) CARD, s(how), m(uck), q(uit: fold and stop)"
)


def _parse(text: str) -> tuple[str, str]:
    parts = text.strip().lower().split()
    if not parts:
        return "", ""
    word, arg = parts[0], " ".join(parts[1:])
    aliases = {
        "f": "fold",
        "fold": "fold",
        "k": "check",
        "x": "check",
        "check": "check",
        "c": "call",
        "call": "call",
        "b": "bet",
        "bet": "bet",
        "r": "raise",
        "raise": "raise",
        "d": "discard",
        "discard": "discard",
        "s": "show",
        "show": "show",
        "m": "muck",
        "muck": "muck",
        "q": "quit",
        "quit": "quit",
        "h": "help",
        "?": "help",
        "help": "help",
    }
    return aliases.get(word, word), arg


def play(
    game: Game | str = "holdem",
    structure: Structure | str = "no-limit",
    *,
    players: int = 6,
    stack: int = 200,
    stakes: tuple[int, int] | None = None,
    seat: int = 0,
    seed: int | None = None,
    input: Callable[[str], str] = input,
    output: Callable[[str], None] = print,
) -> Hand:
    """Play one hand in the terminal against :class:`SimpleBot` players.

    ``game`` is a :class:`~splitpot.games.Game` or a name (``"omaha8"``...), ``structure`` a
    structure or ``"limit"``/``"pot-limit"``/``"no-limit"`` with ``stakes`` (small and big
    bet in limit, default 2/4; the blinds otherwise, default 1/2). The person sits in
    ``seat``; ``input`` and ``output`` are the terminal by default (tests pass their own).
    ``quit`` (or the end of input) folds when there is something to call and checks, mucks
    or discards the last card from then on. Returns the finished hand.
    """
    g = find_game(game) if isinstance(game, str) else game
    if isinstance(structure, str):
        if stakes is None:
            limit = structure.strip().lower() in ("limit", "fixed-limit", "fixed_limit", "fl")
            stakes = (2, 4) if limit else (1, 2)
        s = make_structure(structure, *stakes)
    else:
        s = structure
    if not 2 <= players <= g.max_players:
        raise ValueError(f"{g.name} is played by 2 to {g.max_players} players, got {players}")
    if not 0 <= seat < players:
        raise ValueError(f"seat must be 0..{players - 1}, got {seat}")
    rng = random.Random(seed)
    hand = Hand(g, s, [stack] * players, button=players - 1, seed=rng.randrange(1 << 32))
    names = ["You" if i == seat else n for i, n in enumerate(NAMES[:players])]
    bots = [SimpleBot(rng.randrange(1 << 32)) for _ in range(players)]
    kind = s.kind.value.replace("_", " ")
    output(f"{g.name}, {kind}; {players} players, {stack} chips each. You are seat {seat}.")
    output(f"Your cards: {' '.join(map(str, hand.hole(seat)))}")
    for e in hand.events:
        if isinstance(e, (BlindPosting, AntePosting)):
            output(describe(e, names))
    shown = len(hand.events)
    quitting = False
    while not hand.is_over:
        actor = hand.actor
        assert actor is not None
        la = hand.legal_actions()
        if actor != seat:
            bots[actor].act(hand)
        elif quitting:
            _give_up(hand, la)
        else:
            board = " ".join(map(str, hand.board)) or "-"
            output(
                f"[{hand.street}] board {board}; pot {hand.pot}; your stack "
                f"{hand.stacks[seat]}; your cards {' '.join(map(str, hand.hole(seat)))}"
            )
            output(f"You may: {la}")
            try:
                command, arg = _parse(input("> "))
            except EOFError:
                command, arg = "quit", ""
            try:
                if command == "quit":
                    quitting = True
                    _give_up(hand, la)
                elif command in ("fold", "check", "call", "show", "muck"):
                    getattr(hand, command)()
                elif command in ("bet", "raise"):
                    amount = int(arg) if arg else None
                    (hand.bet if command == "bet" else hand.raise_to)(amount)
                elif command == "discard":
                    hand.discard(arg.strip())
                else:
                    output(_HELP)
                    continue
            except (IllegalAction, ValueError) as error:
                output(f"Not allowed: {error}")
                continue
        for e in hand.events[shown:]:
            if not isinstance(e, HoleDealing):
                output(describe(e, names))
        shown = len(hand.events)
    return hand


def _give_up(hand: Hand, la: LegalActions) -> None:
    """Fold, or check, muck or discard the last card: the quitting player's decisions."""
    if la.fold:
        hand.fold()
    elif la.check:
        hand.check()
    elif la.discard:
        hand.discard(la.discard[-1])
    elif la.muck:
        hand.muck()
    else:
        hand.show()
