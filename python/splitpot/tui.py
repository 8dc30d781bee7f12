"""The terminal side of the bots: events as text, the seeded demo hand, a game to play.

Presentation only: nothing in the engine imports this module (the CLI does).

>>> text = demo(1)
>>> "all-in" in text and "low half" in text
True
>>> "Third street" in demo(1, "stud8")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import count

from splitpot import _seeds
from splitpot._core import Card, IllegalAction, SplitpotError
from splitpot._words import plain
from splitpot.betting import DEFAULT_STAKES, FixedLimit, PotLimit, Structure, structure_kind
from splitpot.betting import structure as make_structure
from splitpot.bots import SimpleBot, play_bots
from splitpot.games import OMAHA_HILO, Game, display_name
from splitpot.games import game as find_game
from splitpot.hand import (
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
from splitpot.pots import Award
from splitpot.table import Table

__all__ = ["NAMES", "demo", "describe", "play", "play_session", "render"]

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
"""Names the demo and the terminal game give the seats."""

"""Seeds drawn for the demo's and the terminal game's hands and bots."""


# --------------------------------------------------------------------------- text


def _name(seat: int, names: Sequence[str]) -> str:
    return names[seat] if seat < len(names) else f"Seat {seat}"


_SECOND_PERSON = (
    ("posts", "post"),
    ("brings in", "bring in"),
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
    ("chooses", "choose"),
    ("plays his", "play your"),
    ("no longer plays", "no longer play"),
    ("withdraws his", "withdraw your"),
    ("is all-in", "are all-in"),
    ("is folded", "are folded"),
    ("he has", "you have"),
)


def describe(event: Operation, names: Sequence[str] = NAMES) -> str:
    """One event as a line of text with player names instead of seat numbers.

    A seat named ``"You"`` is written in the second person ("You call 10").

    Args:
        event: a record of ``Hand.events`` (an :class:`~splitpot.hand.Operation`).
        names: one name per seat (default :data:`NAMES`); a seat past them is "Seat N".

    Returns the line; raises nothing.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> raised = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1).raise_to(6)
    >>> describe(raised), describe(raised, ["Ann", "You"])
    ('Bob raises to 6', 'You raise to 6')
    """
    text = str(event)
    if isinstance(event, Showing):  # the cards apart, as they lie on the table
        text = f"Seat {event.seat} shows {' '.join(map(str, event.cards))}: {event.description}"
    seat = getattr(event, "seat", None)
    if isinstance(event, PotAwarding):
        seat = event.award.seat
    if isinstance(seat, int):
        name = _name(seat, names)
        text = text.replace(f"Seat {seat}", name, 1).replace(f"seat {seat}", name)
        if name == "You":
            text = text[:1] + text[1:].replace(" You", " you")  # "returned to you"
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
    if hand.game.forced_bets == "bring_in":
        return roles  # stud: the dealer is not a player (§4.2)
    roles.setdefault(hand.button, "button")
    if roles[hand.button] != "button":
        roles[hand.button] += ", button"
    return roles


def render(hand: Hand, names: Sequence[str] = NAMES, *, show_hole: bool = True) -> str:
    """A finished hand as text: seats, actions street by street, showdown and payouts.

    ``names`` are one per seat (default :data:`NAMES`); ``show_hole=False`` leaves out the
    hole cards dealt face down. Returns the text (of the events so far, for a hand not yet
    over); raises nothing.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.raise_to(6), hand.fold()
    >>> render(hand).splitlines()[-3:]
    ['Result', '  Ann     98 chips (-2)', '  Bob    102 chips (+2)']
    """
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
    streets = [f"{s.name.capitalize()} street" for s in hand.game.streets]
    stud = hand.game.forced_bets == "bring_in"
    lines.append(streets[0] if stud else "Preflop")
    deals = [0] * hand.seat_count  # stud: streets dealt to each seat so far
    street = 1
    for e in hand.events[1:]:
        if isinstance(e, HoleDealing):
            deals[e.seat] += 1
            if stud and deals[e.seat] > max(1, street):
                street = deals[e.seat]
                lines.append(streets[street - 1])
            down = " ".join(map(str, e.cards)) if show_hole else ""
            up = " ".join(map(str, e.up))
            if down or up:
                both = f"{down}{' / ' if down and up else ''}{up}{' up' if up else ''}"
                lines.append(f"  {_name(e.seat, names)} is dealt {both}")
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
            lines += ["Pots", *_pot_lines(hand, names)]
        if isinstance(e, PotAwarding):
            lines.append(f"  {_award_line(hand, e, names)}")
            continue
        if isinstance(e, HandEnding):
            lines += ["Result", *_result_lines(hand, e, names)]
            continue
        lines.append(f"  {describe(e, names)}")
    return "\n".join(lines)


def _award_line(hand: Hand, event: PotAwarding, names: Sequence[str]) -> str:
    """``Bob wins half of the main pot (40) with Two Pair, ...``."""
    a = event.award
    name = _name(a.seat, names)
    verb = "win" if name == "You" else "wins"
    share = share_name(a, hand.result.awards)
    return f"{name} {verb} {share} ({a.amount}){award_words(hand, event)}"


def _pot_lines(hand: Hand, names: Sequence[str]) -> list[str]:
    lines = []
    for i, p in enumerate(hand.result.pots):
        who = ", ".join(_name(s, names) for s in p.eligible)
        label = "Main pot" if i == 0 else f"Side pot {i}"
        lines.append(f"  {label}: {p.amount} chips, contested by {who}")
    return lines


def _result_lines(hand: Hand, end: HandEnding, names: Sequence[str]) -> list[str]:
    return [
        f"  {_name(seat, names):<4} {end.final_stacks[seat]:>5} chips ({hand.result.net[seat]:+d})"
        for seat in hand.seats
    ]


_SHARES = {1: "the", 2: "half of", 3: "a third of", 4: "a quarter of", 5: "a fifth of"}
_SHARES |= {6: "a sixth of", 8: "an eighth of", 10: "a tenth of", 12: "a twelfth of"}


def share_name(award: Award, awards: Sequence[Award]) -> str:
    """The part of a pot an award is, as a card room says it: "the main pot", "the low
    half of side pot 1", "half of the main pot" (two tied), "a quarter of the main pot (a
    share of the low half)" (two tied for the low), "the main pot on run 2" (a board run
    more than once). ``awards`` are the hand's awards, which
    tell who else shares that pot (or half); an odd chip leaves the words as they are.

    >>> from splitpot.pots import Award
    >>> tie = [Award(0, "whole", s, 5, "tied for best high") for s in (1, 2, 3, 4)]
    >>> share_name(tie[0], tie), share_name(tie[0], tie[:1])
    ('a quarter of the main pot', 'the main pot')
    >>> low = [Award(1, "low", s, 5, "tied for best low") for s in (1, 2)]
    >>> share_name(low[0], low), share_name(low[0], low[:1])
    ('a quarter of side pot 1 (a share of the low half)', 'the low half of side pot 1')
    """
    pot = "the main pot" if award.pot == 0 else f"side pot {award.pot}"
    if award.run:  # a board run more than once: each run's part of the pot (§6)
        pot += f" on run {award.run}"
    key = (award.pot, award.side, award.run)
    sharers = len({a.seat for a in awards if (a.pot, a.side, a.run) == key})
    if sharers <= 1:
        return pot if award.side == "whole" else f"the {award.side} half of {pot}"
    parts = sharers if award.side == "whole" else 2 * sharers
    share = f"{_SHARES.get(parts, f'a 1/{parts} share of')} {pot}"
    return share if award.side == "whole" else f"{share} (a share of the {award.side} half)"


def award_words(hand: Hand, event: PotAwarding) -> str:
    """Why an award was won, as a card room says it: " with Two Pair, Aces and Kings" at a
    showdown, ": the others folded", ": uncontested" (a side pot no one else could win),
    and the odd chip when the award took one."""
    why = event.award.why
    if why.startswith("only eligible"):
        text = ": the others folded" if "folded" in why else ": uncontested"
    else:
        text = _with_hand(hand, event)
        if "no qualifying low" in why:
            text += "; no hand qualifies for low"
    return text + ("; and the odd chip" if "odd chip" in why else "")


def _with_hand(hand: Hand, event: PotAwarding) -> str:
    """`` with <the winning hand>`` for an award won at showdown."""
    shown = {s.seat: s for s in hand.result.shown}
    a = event.award
    if a.seat not in shown or a.run > 1:  # the values shown are the first run's (§6)
        return ""
    hand_shown = shown[a.seat]
    value = hand_shown.low if a.side == "low" else hand_shown.high
    return f" with {value}" if value is not None else ""


def _board_until(hand: Hand, event: BoardDealing) -> list[Card]:
    """The board as ``event`` leaves it: on a board run more than once, its run's, with the
    cards dealt before the runs (docs/rules/poker.md §6)."""
    cards: list[Card] = []
    for e in hand.events:
        if isinstance(e, BoardDealing) and e.run in (0, event.run):
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


def demo(seed: int = 1, game: Game | str = OMAHA_HILO) -> str:
    """A seeded six-handed hi/lo hand among :class:`SimpleBot` players: pot-limit Omaha Hi/Lo,
    or fixed-limit 2/4 Seven Card Stud Hi/Lo (``game="stud8"``, ante 1, bring-in 1).

    The deal is the first of the hands seeded ``seed``, ``seed + 1``, ... (each with its own
    stacks) in which a player is all-in and a pot is split between a high and a low hand,
    so every run with the same seed prints the same hand. Returns the text: seats, actions
    street by street, the showdown, and who won which part of which pot and why.

    Raises:
        SplitpotError: an unknown game, or one with no hi/lo split to show.

    >>> text = demo(1)
    >>> print(text.splitlines()[0])   # doctest: +NORMALIZE_WHITESPACE
    splitpot demo (seed 1): Omaha Hi/Lo 8 or Better, pot limit 1/2, six players;
    hand seed 1352024868
    """
    g = find_game(game) if isinstance(game, str) else game
    if not g.hi_lo:
        raise SplitpotError(f"the demo shows a hi/lo split: omaha8 or stud8, not {g.code}")
    stud = g.forced_bets == "bring_in"
    structure: Structure = FixedLimit(2, 4, ante=1) if stud else PotLimit(1, 2)
    sizes = (20, 30, 40, 60) if stud else (40, 60, 80, 120, 200)
    for k in count():
        rng = random.Random(_seeds.attempt(seed, k))
        stacks = [rng.choice(sizes) for _ in range(6)]
        hand = Hand(g, structure, stacks, button=5, seed=_seeds.draw(rng, _seeds.SHORT_LIMIT))
        bots = [SimpleBot(_seeds.draw(rng, _seeds.SHORT_LIMIT), aggression=0.7) for _ in range(6)]
        play_bots(hand, bots)
        if _interesting(hand):
            stakes = "fixed limit 2/4, ante 1" if stud else "pot limit 1/2"
            title = (
                f"splitpot demo (seed {seed}): {g.name}, {stakes}, "
                f"six players; hand seed {hand.seed}"
            )
            return title + "\n\n" + render(hand)
    raise AssertionError("unreachable")  # pragma: no cover


# --------------------------------------------------------------------------- terminal game

_HELP = (
    "Commands: f or fold; k or check; c or call; b N or bet N; r N or raise N (raise to N); "
    "i or bring in (stud); d CARD or discard CARD (Crazy Pineapple); s or show; m or muck; "
    "q or quit (fold this hand and stop); help or ? (this list). Up and down arrows recall "
    "what you typed. After your decision, 'then' and the next one, made for you if someone "
    "bets before your turn comes again this round (an advance action): fold, check/fold, "
    "check, call any, raise N; e.g. 'c then call any'."
)
_ADVANCES = {
    "f": "fold",
    "cf": "check/fold",
    "check fold": "check/fold",
    "k": "check",
    "c": "call any",
    "call": "call any",
    "ca": "call any",
    "b": "bet/raise",
    "bet": "bet/raise",
    "r": "bet/raise",
    "raise": "bet/raise",
}
"""The words of an advance action (docs/rules/poker.md §3) after ``then``; a call without an amount
calls any bet."""

_ALIASES = {
    **dict.fromkeys(("f", "fold"), "fold"),
    **dict.fromkeys(("k", "x", "check"), "check"),
    **dict.fromkeys(("c", "call"), "call"),
    **dict.fromkeys(("b", "bet"), "bet"),
    **dict.fromkeys(("r", "raise"), "raise"),
    **dict.fromkeys(("i", "bring", "bring-in"), "bring_in"),
    **dict.fromkeys(("d", "discard"), "discard"),
    **dict.fromkeys(("s", "show"), "show"),
    **dict.fromkeys(("m", "muck"), "muck"),
    **dict.fromkeys(("q", "quit"), "quit"),
    **dict.fromkeys(("h", "?", "help"), "help"),
}


def _parse(text: str) -> tuple[str, str]:
    parts = text.strip().lower().split()
    if not parts:
        return "", ""
    word, arg = parts[0], " ".join(parts[1:])
    if word == "bring" and arg.startswith("in"):  # "bring in"
        word, arg = "bring_in", arg[2:].strip()
    return _ALIASES.get(word, word), arg


def line_editing() -> None:
    """Line editing and history at the game's prompt when the terminal is a person's: the
    standard library's ``readline`` (arrows, Ctrl-A/E, up for the last command), loaded
    only for a terminal. Chosen over prompt_toolkit: the game reads one short line at a
    time with ``input()``, which readline serves as it is, with no dependency; where Python
    has no readline (Windows), the prompt works without editing."""
    import sys

    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401 - importing it gives input() editing and history
        except ImportError:  # pragma: no cover - Python built without readline
            pass


def _game_and_structure(
    game: Game | str, structure: Structure | str, stakes: tuple[int, int] | None
) -> tuple[Game, Structure]:
    """The game and the structure named (with ``stakes``, or the structure's default)."""
    g = find_game(game) if isinstance(game, str) else game
    if isinstance(structure, str):
        kind = structure_kind(structure)
        structure = make_structure(structure, *(stakes or DEFAULT_STAKES[kind]))
    return g, structure


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

    Raises:
        SplitpotError: an unknown game or structure, a player count the game does not
            allow, a seat outside the table, or stakes that do not fit the structure.

    A player who folds at every prompt, the prompts answered by a function:

    >>> shown = []
    >>> hand = play("holdem", players=3, seed=5, input=lambda prompt: "f", output=shown.append)
    >>> print(shown[0])  # doctest: +NORMALIZE_WHITESPACE
    No-limit Hold'em, blinds 1/2; 3 players, 200 chips each; you are in seat 0. Type help
    for the commands.
    >>> hand.final_stacks
    [199, 198, 203]
    """
    g, structure = _game_and_structure(game, structure, stakes)
    rng = random.Random(seed)
    hand = Hand(
        g,
        structure,
        [stack] * players,
        button=players - 1,
        seed=_seeds.draw(rng, _seeds.SHORT_LIMIT),
    )
    if not 0 <= seat < players:
        raise SplitpotError(f"seat must be 0..{players - 1}, got {seat}")
    names = ["You" if i == seat else n for i, n in enumerate(NAMES[:players])]
    bots = [SimpleBot(_seeds.draw(rng, _seeds.SHORT_LIMIT)) for _ in range(players)]
    output(_welcome(g, structure, players, stack, seat))
    _play_hand(hand, seat, bots, names, input, output)
    output("Stacks: " + ", ".join(f"{names[s]} {hand.final_stacks[s]}" for s in hand.seats))
    return hand


def _welcome(g: Game, structure: Structure, players: int, stack: int, seat: int) -> str:
    """The game's first line: the game, the stakes, the table, and where help is."""
    stakes = _stakes_words(structure)
    return (
        f"{display_name(g, structure.kind)}, {stakes}; {players} players, {stack} chips each; "
        f"you are in seat {seat}. Type help for the commands."
    )


def _stakes_words(structure: Structure) -> str:
    """``blinds 1/2``, ``bets 2/4, ante 1``."""
    small_bet = getattr(structure, "small_bet", None)
    if isinstance(small_bet, int):
        text = f"bets {small_bet}/{getattr(structure, 'big_bet', 2 * small_bet)}"
    else:
        text = f"blinds {getattr(structure, 'small_blind', 0)}/{getattr(structure, 'big_blind', 0)}"
    ante = getattr(structure, "ante", 0)
    return text + (f", ante {ante}" if ante else "")


def _play_hand(
    hand: Hand,
    seat: int,
    bots: Sequence[SimpleBot | None],
    names: Sequence[str],
    input: Callable[[str], str],
    output: Callable[[str], None],
) -> bool:
    """Play ``hand`` to the end, the person in ``seat``; whether he quit."""
    output(f"Your cards: {_your_cards(hand, seat)}")
    _echo(hand, hand.events, seat, names, output, yours=False)  # his cards are printed above
    shown = len(hand.events)
    quitting = False
    while not hand.is_over:
        actor = hand.actor
        assert actor is not None
        if actor != seat:
            bot = bots[actor]
            assert bot is not None
            bot.act(hand)
        elif quitting:
            _give_up(hand, hand.legal_actions())
        else:
            # Advance actions (issue 28: "check/fold", "call any" chosen before one's
            # turn) belong here, asked for while the bots act, once the engine has them.
            done = _your_turn(hand, seat, input, output)
            if done is None:
                continue
            quitting = done
        _echo(hand, hand.events[shown:], seat, names, output)
        shown = len(hand.events)
    return quitting


def play_session(
    game: Game | str = "holdem",
    structure: Structure | str = "no-limit",
    *,
    players: int = 6,
    stack: int = 200,
    stakes: tuple[int, int] | None = None,
    seat: int = 0,
    seed: int | None = None,
    hands: int | None = None,
    input: Callable[[str], str] = input,
    output: Callable[[str], None] = print,
) -> Table:
    """Play hand after hand at a :class:`~splitpot.table.Table` against :class:`SimpleBot`
    players, the button moving and the stacks carried over, until the person quits (``q``
    between hands, or ``quit`` in a hand), busts, or has every chip; at most ``hands``
    hands. Arguments as :func:`play`. Bots who bust leave the table. Returns the table, whose
    :attr:`~splitpot.table.Table.history` holds every hand as PHH.
    """
    g, structure = _game_and_structure(game, structure, stakes)
    Hand(g, structure, [stack] * players)  # refuses a bad game, stack or player count
    if not 0 <= seat < players:
        raise SplitpotError(f"seat must be 0..{players - 1}, got {seat}")
    rng = random.Random(seed)
    table = Table(
        g, structure, seats=players, seed=_seeds.draw(rng, _seeds.SHORT_LIMIT), button=seat
    )
    names = ["You" if i == seat else n for i, n in enumerate(NAMES[:players])]
    for i, name in enumerate(names):
        table.join(name, stack, seat=i)
    bots = [
        None if i == seat else SimpleBot(_seeds.draw(rng, _seeds.SHORT_LIMIT))
        for i in range(players)
    ]
    output(_welcome(g, structure, players, stack, seat))
    for number in count(1):
        hand = table.start_hand()
        output(f"--- Hand {number}{_button_words(hand, names)} ---")
        quit_now = _play_hand(hand, seat, bots, names, input, output)
        output("Stacks: " + ", ".join(f"{v.name} {v.stack}" for v in table.players))
        for view in table.players:
            if view.stack == 0 and view.seat != seat:
                table.leave(view.seat)  # a bot out of chips leaves
        mine = table.stacks[seat] or 0
        if mine == 0 or len(table.players) < 2:
            output("You are out of chips." if mine == 0 else "You have every chip. Well played.")
            break
        if quit_now or number == hands or _quits(input):
            break
    return table


def _button_words(hand: Hand, names: Sequence[str]) -> str:
    """``: Bob has the button``, ``: you have the button``; nothing in stud, where the dealer
    is not a player (docs/rules/poker.md §4.2)."""
    if hand.game.forced_bets == "bring_in":
        return ""
    name = names[hand.button]
    return ": you have the button" if name == "You" else f": {name} has the button"


def _your_cards(hand: Hand, seat: int) -> str:
    """``Ah Kd``; in stud the up cards marked, as every player sees them: ``6d Ac / 5h up``."""
    up = hand.up(seat)
    if not up:
        return " ".join(map(str, hand.hole(seat)))
    down = " ".join(map(str, hand.down(seat)))
    return f"{down} / {' '.join(map(str, up))} up"


def _quits(input: Callable[[str], str]) -> bool:
    """Between hands: Enter plays on, ``q`` (or the end of input) quits."""
    try:
        answer = input("Enter for the next hand, q to quit > ")
    except EOFError:
        return True
    return answer.strip().lower() in ("q", "quit")


def _echo(
    hand: Hand,
    events: Sequence[Operation],
    seat: int,
    names: Sequence[str],
    output: Callable[[str], None],
    yours: bool = True,
) -> None:
    """The events the person at ``seat`` sees: his cards (``yours``), everyone's up cards."""
    for e in events:
        if isinstance(e, HandStarting) or (
            isinstance(e, HoleDealing) and e.seat == seat and not yours
        ):
            continue
        if isinstance(e, HandEnding):
            continue  # the session prints the stacks by name
        if isinstance(e, PotAwarding):
            output(_award_line(hand, e, names))
            continue
        if isinstance(e, HoleDealing) and e.seat != seat:
            e = HoleDealing(e.seat, (), e.up)  # down cards hidden
            if not e.up:
                continue
        output(describe(e, names))


def _your_turn(
    hand: Hand, seat: int, input: Callable[[str], str], output: Callable[[str], None]
) -> bool | None:
    """Ask for and take the person's decision: whether he quit, ``None`` if nothing was done."""
    la = hand.legal_actions()
    stud = hand.game.forced_bets == "bring_in"
    board = "" if stud else f" board {' '.join(map(str, hand.board)) or '-'};"
    output(
        f"[{hand.street}{' street' if stud else ''}]{board} pot {hand.pot}; "
        f"your stack {hand.stacks[seat]}; "
        f"your cards {_your_cards(hand, seat)}"
    )
    if stud:  # everyone's up cards are on the table
        output(
            "Showing: "
            + "; ".join(
                f"{_name(s, NAMES)} {' '.join(map(str, hand.up(s)))}"
                for s in hand.seats
                if s != seat and hand.status(s).name != "FOLDED"
            )
        )
    output(f"You may: {la}")
    try:
        now, _, later = input("> ").partition(" then ")
    except EOFError:
        now, later = "quit", ""
    command, arg = _parse(now)
    if command == "quit":
        _give_up(hand, la)
        return True
    if command == "call" and la.call is None and la.check:
        command = "check"  # "call" with nothing to call is a check, as at a card table
    fixed = hand.structure.kind == "fixed_limit"
    refusal = _refusal(la, command, arg, fixed)
    if refusal is not None:
        output(refusal)
        return None
    try:
        if command in ("fold", "check", "call", "show", "muck", "bring_in"):
            getattr(hand, command)()
        elif command in ("bet", "raise"):
            (hand.bet if command == "bet" else hand.raise_to)(int(arg) if arg else None)
        else:
            hand.discard(arg.strip())
    except (IllegalAction, ValueError) as error:  # a card not held, a rule not foreseen here
        output(f"Not allowed: {plain(str(error), seat)}. You may: {la}")
        return None
    if later.strip() and not hand.is_over:
        _advance(hand, seat, later, output)
    return False


def _advance(hand: Hand, seat: int, text: str, output: Callable[[str], None]) -> None:
    """``... then ACTION``: the person's next decision this betting round, chosen in advance
    and made for him when his turn comes (docs/rules/poker.md §3)."""
    words = text.strip().lower().split()
    amount = int(words.pop()) if words and words[-1].isdecimal() and words[-1].isascii() else None
    action = " ".join(words).replace("/", " / ").replace(" / ", "/")
    try:
        hand.advance(seat, _ADVANCES.get(action, action), amount)
    except IllegalAction as error:
        output(f"Not in advance: {plain(str(error), seat)}")


def _refusal(la: LegalActions, command: str, arg: str, fixed: bool = False) -> str | None:
    """What the dealer says to a command the seat may not make now (``None``: it may): in
    a card room's words, with what the seat may do instead, never the engine's API."""
    may = f"You may: {la}."
    if command == "help":
        return _HELP
    if command == "":
        return may
    if command not in _ACTIONS:
        return f"{command!r} is not a command here (help lists them). {may}"
    window = la.bet if command == "bet" else la.raise_to if command == "raise" else None
    if command in ("bet", "raise") and window is not None:
        return _amount_refusal(command, window, arg, may, fixed)
    if command in ("bet", "raise") and la.bet is None and la.raise_to is None:
        return f"There is no betting now. {may}"
    if command == "bet":
        return f"There is already a bet: call {la.call} or raise. {may}"
    if command == "raise":
        return f"There is no bet to raise: bet, or check. {may}"
    allowed = {
        "fold": la.fold,
        "check": la.check,
        "call": la.call is not None,
        "bring_in": la.bring_in is not None,
        "discard": bool(la.discard),
        "show": la.show,
        "muck": la.muck,
    }
    if allowed[command]:
        return None
    if command == "check" and la.call is not None:
        return f"You cannot check: there is a bet of {la.call} to you. {may}"
    return f"You cannot {_ACTIONS[command]} now. {may}"


_ACTIONS = {
    "fold": "fold",
    "check": "check",
    "call": "call",
    "bet": "bet",
    "raise": "raise",
    "bring_in": "bring in",
    "discard": "discard",
    "show": "show",
    "muck": "muck",
}
"""The commands that are actions, and their words in a refusal."""


def _amount_refusal(
    command: str, window: tuple[int, int], arg: str, may: str, fixed: bool
) -> str | None:
    """A bet or raise whose amount is missing where it must be chosen, not a number, or out
    of the window the seat may bet or raise to (in fixed limit, one of its two ends: stud's
    fourth street with an open pair, docs/rules/poker.md §4.2)."""
    lo, hi = window
    what = "The bet here is" if command == "bet" else "The raise here is to"
    span = f"{lo}" if lo == hi else f"an amount from {lo} to {hi}"
    word = "b" if command == "bet" else "r"
    if not arg:
        if lo == hi:
            return None
        return f"How much? {what} {span}: type {word} {lo}, for example."
    if not (arg.isdecimal() and arg.isascii()):
        return f"{arg!r} is not an amount. {what} {span}."
    amount = int(arg)
    if not lo <= amount <= hi or (fixed and amount not in (lo, hi)):
        allowed = f"{lo} or {hi}" if fixed and lo != hi else span
        return f"{what} {allowed}, not {amount}. {may}"
    return None


def _give_up(hand: Hand, la: LegalActions) -> None:
    """Fold, or check, muck or discard the last card: the quitting player's decisions."""
    if la.fold:
        hand.fold()  # a stud bring-in folds too (docs/rules/poker.md §4.2)
    elif la.check:
        hand.check()
    elif la.discard:
        hand.discard(la.discard[-1])
    elif la.muck:
        hand.muck()
    else:
        hand.show()
