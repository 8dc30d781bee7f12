"""Chico network hand histories (BetOnline, PayNoRake, ActionPoker, Gear Poker,
SportsBetting, Tiger Gaming; 2011 to 2016: cash games and tournaments), read into PHH
histories.

Chico writes a text close to PokerStars'::

    BetOnline Poker Game #1002134798: Hold'em No Limit ($0.25/0.50) - 2012/04/11 01:59:39 EDT
    Table 'Blade Runner' 10-Max, Seat #5 is the button
    Seat 0: Player2 (39.79 in chips)
    Seat 6: Player1 (60.12 in chips) - Small Blind
    Player0: post dead 0.50
    *** TURN *** [6c 7s Qc][10d]
    Player9: raises 1.50 to 1.50 and is all in
    *** SUMMARY ***
    Total pot 14.83 | Rake 0.78
    Seat 7: Player5 collected (14.83)

How it is read (docs/sites.md, "Chico"):

* Seats are numbered from 0: each is read one higher (PHH's seats start at 1).
* Every amount has two decimals, tournament chips too (``4941.25 in chips``): all are read
  in hundredths, exactly.
* ``Total pot`` is what the pot paid out, the rake not in it. A hand with side pots writes
  one ``Total pot`` line per pot (the side pots' before the summary), each with the hand's
  whole rake: the site's pot is their sum and one rake.
* ``post dead X`` is the big blind ``X``, live, and the small blind, dead (docs/rules/
  poker.md §4.1); ``post now X`` a big blind posted to play at once, live; ``ante
  processed 0.00`` no ante.
* A tournament's header names stakes that lag behind the blinds posted (``$40.00/$80.00``,
  blinds 50 and 100 posted); Gear Poker's names none. The stakes are the blinds posted.
* The site calls pot-limit Omaha "Hold'em Pot Limit": a hand whose cards come four to a
  player is Omaha (fpdb reads it so too; the hand cannot be hold'em).
* A board not dealt street by street (all in) is the summary's ``Board [...]``; the 2011
  client writes the summary's pot and board twice (read once).
* ``NAME has left the table`` with his hand live folds him at his turn: the site writes it
  when it happens, before the moves of the players between.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from splitpot.sites.base import BLINDS, VERBS, Block, LineReader, Rules, SiteReader, cards
from splitpot.sites.builder import Game, HandBuilder, Kind
from splitpot.sites.errors import SiteError
from splitpot.sites.money import CENT
from splitpot.sites.patterns import SUMMARY_SEAT

NAME = "Chico"
_SKINS = (
    r"BetOnline Poker|PayNoRake|ActionPoker(?:\.com)?|Gear Poker|SportsBetting(?:\.ag Poker)?"
    r"|Tiger Gaming"
)
HEADER = re.compile(rf"(?m)^(?:{_SKINS}) Game #(\d+):")
_HEAD = re.compile(
    rf"^(?P<skin>{_SKINS}) Game #\d+: (?:Tournament #(?P<tour>\d+): (?:\S*\+\S* |Freeroll )?)?"
    r"(?P<game>[^(]+?)(?: \(?[$€]?(?P<small>[\d.]+)/[$€]?(?P<big>[\d.]+)\)?)? - "
    r"(?P<date>\d{4}[/-]\d\d[/-]\d\d \d\d?:\d\d(?::\d\d)?)"
)
_GAMES: dict[str, tuple[str, Kind] | None] = {
    "Hold'em No Limit": ("T", "N"),
    "Hold'em Pot Limit": ("T", "P"),
    "Hold'em Limit": ("T", "F"),
    "Hold'em": ("T", "N"),  # tournaments and Gear Poker name no structure
    "Omaha Pot Limit": ("O", "P"),
    "Omaha Hi/Lo Pot Limit": ("O/8", "P"),
    "Omaha Hi/Lo Limit": ("O/8", "F"),
}
_TABLE = re.compile(
    r"^Table '?(?P<table>.*?)'?(?: (?P<max>\d+)-Max,| \(Play Money\)) "
    r"Seat #(?P<button>\d+) is the button$"
)
# The seat's role after the stack ("- Small Blind"); Gear Poker writes "in Chips".
_SEAT = re.compile(
    r"^(Seat (?P<seat>\d{1,9})): (?P<name>.*) \((?P<stack>[\d.]+) in [cC]hips\)"
    r"(?: - (?:Small Blind|Big Blind|The button|Sitting out))*$"
)
# A street line: the turn's card glued to the flop's bracket ("[7d 8c 3h][5d]") or after a
# space (Gear Poker); a player's cards, dealt or shown; a card as the site writes it ("10d").
_STREET, _HOLE, _CARD = (
    re.compile(r"^\*\*\* (.+?) \*\*\*(?: ?\[([^]]*)\])?(?: ?\[([^]]*)\])?\s*$"),
    re.compile(r"(?:^Dealt [Tt]o .+|: .*showed) \[([^]]*)\]"),
    re.compile(r"(?<![^ \[])(10|[2-9TJQKA])([cdhsCDHS])(?![^ \]])"),
)
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises|posts small blind|posts big blind"
    r"|ante processed|post dead|post now)(?: (?P<a>[\d.]+))?(?: to (?P<b>[\d.]+))?"
    r"(?P<all> and is [Aa]ll [Ii]n)?\.?$"
)
_VERBS = {
    **VERBS,
    **BLINDS,
    "raises": "raise to",
    "ante processed": "ante",
    "post now": "live blind",
    "puts in": "put in",
}
_DEALT = re.compile(r"^Dealt [Tt]o (.+?) \[([^]]*)\]$")
_UNCALLED = re.compile(r"^Uncalled bet \(([\d.]+)\) returned to (.+)$")
_POT = re.compile(r"^Total [pP]ot ([\d.]+)(?: \| Rake ([\d.]+))?$")
_BOARD = re.compile(r"^Board \[([^]]*)\]$")
_SHOWS, _LEFT = re.compile(r"^(.+) shows (.+)$"), re.compile(r"^(.*) has left the table$")
_RESULT = re.compile(
    r"^(?:\([^)]*\) +)?(?:collected|showed \[(?P<cards>[^]]*)\] and won) \((?P<won>[\d.]+)\)"
    r"(?: from the Pot\.)?$"
    r"|^(?:\([^)]*\) +)?showed \[(?P<lost>[^]]*)\] (?:but did not win|and lost\.)$"
)
_NOTES = re.compile(
    r'^(?:.+ said ".*|.+ joins the table at seat #\d+|.* has left the table'
    r"|Tournament will start in a moment\.|Joined table during game\. .*)$"
)


class ChicoHand(LineReader):
    """One hand of a Chico skin."""

    NAME = NAME
    HEADER = HEADER
    CLOSING = re.compile(r"^\*\*\* SUMMARY \*\*\*")
    NOTES = _NOTES
    ACTORS = (": ",)  # "NAME: calls 2" ("NAME shows Kh Kc" and "NAME has left" are rules)
    VERBS = _VERBS
    TABLE = _TABLE
    STREETS = _STREET

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.pots = _Pots()  # the "Total pot" lines
        self.dealt_board = 0  # the board cards dealt street by street
        self.from_posts = False  # the stakes are the blinds posted (not the header's)
        self.posted = False  # a blind set them
        self.broke: set[str] = set()  # the players seated with no chips
        self.left = _Leavers(self.b)  # who left the table with his hand live

    def tournament(self) -> bool:
        return "Tournament #" in self.header

    def unit(self) -> Decimal:
        return CENT  # chips too are written in hundredths

    def read_header(self) -> None:
        b = self.b
        found = _HEAD.match(self.header)
        if found is None:
            raise self.fail(f"not a Chico header: {self.header!r}")
        name = found["game"]
        spec = _GAMES.get(name)
        if spec is None:
            raise self.unsupported(f"{name} is a game splitpot does not read", name)
        part, kind = spec
        if kind == "P" and part == "T" and self._four_cards():
            part = "O"  # a "Hold'em" of four cards a player is Omaha
        small = self.amount(found["small"]) if found["small"] else 0
        big = self.amount(found["big"]) if found["big"] else 0
        self.facts.game(part, kind, small, big)
        self.from_posts = b.tournament or not big
        b.user["_site_game"] = name
        b.user["_site_skin"] = found["skin"]
        if found["tour"] is not None:
            b.fields["event"] = f"Tournament #{found['tour']}"
        elif "(Play Money)" not in self.block.lines[1:2] and found["small"]:
            b.fields["currency"] = "USD"
        date = re.split(r"[/: -]", found["date"])
        self.facts.date(*date, *(["0"] if len(date) == 5 else []), zone=None, text=found["date"])

    def _four_cards(self) -> bool:
        """Whether a player's cards, dealt or shown, are four (Omaha's)."""
        for line in self.block.lines:
            found = _HOLE.search(line)
            if found is not None and len(found[1].split()) == 4:
                return True
        return False

    def body(self) -> Iterator[tuple[int, str]]:
        # Cards as PHH writes them: "10d" and Gear Poker's "7S" as "Td", "7s".
        for number, line in super().body():
            yield number, _CARD.sub(_card, line) if "[" in line or " shows " in line else line

    def set_up(self, line: str) -> bool:
        if not line.startswith("Seat "):
            if not super().set_up(line):
                return False
            b = self.b
            if b.button is not None and b.button > (b.seat_count or 10):
                raise self.damaged(f"the button is at seat {b.button}, not one of the table's")
            b.button = None if b.button is None else self.seat_of(b.button)
            return True
        found = _SEAT.match(line)
        if found is None:
            raise self.fail(f"not a seat line: {line!r}")
        if not found["name"].strip():
            raise self.damaged(f"a seat with no player's name: {line!r}")
        seat, stack = self.seat_of(self.b.number(found["seat"])), self.amount(found["stack"])
        if any(p.seat == seat for p in self.b.players.values()):
            raise self.damaged(f"the site contradicts itself: two players in {found.group(1)}")
        if stack == 0:
            self.broke.add(found["name"])
        self.b.seat(seat, found["name"], stack)
        return True

    def seat_of(self, number: int) -> int:
        """The site's seat ``number`` (from 0) as PHH's, from 1 clockwise: Gear Poker
        numbers its ten seats the other way round (its players act from 6 down to 0)."""
        return 10 - number if self.header.startswith("Gear Poker") else number + 1

    def rules(self) -> Rules:
        return [
            (_DEALT, self.dealt_to),
            (_UNCALLED, lambda m: self.b.returned(m[2], self.amount(m[1]))),
            (_POT, self.pot),
            (_SHOWS, self.shows),
            (_LEFT, self.leaves),  # (one not seated, or not in the hand: a note)
        ]

    def dealt_to(self, found: re.Match[str]) -> None:
        if found[1] not in self.b.players:
            raise self.unknown(found.group(), found[1])
        if found[2]:  # "Dealt to NAME []": he is not dealt in (sitting out)
            self.b.hole(found[1], cards(found[2]))

    def pot(self, found: re.Match[str]) -> None:
        self.pots.add(self.amount(found[1]), None if found[2] is None else self.amount(found[2]))

    def street_line(self, line: str) -> None:
        found = self.STREETS.match(line)
        self.left.fold(None)
        if found is not None and found[1] in ("FLOP", "TURN", "RIVER"):
            self.dealt_board += 1 if found[1] != "FLOP" else 3
            self.bets_written(found[1])
        super().street_line(line)

    def play_line(self, line: str) -> None:
        if self.left.names:
            self.left.fold(line.partition(": ")[0])
        super().play_line(line)

    def bets_written(self, street: str) -> None:
        """A street dealt with no move written since the last one, while two players who
        can still bet are in: the site lost the lines of that betting round."""
        b = self.b
        if b.actions and b.actions[-1][0] is None and street != "FLOP":  # a board, last
            live = [p for p in b.players.values() if p.dealt and not p.folded]
            if sum(p.put_in < p.stack for p in live) >= 2:
                raise self.damaged(f"lines missing: no betting before the {street.lower()}")

    def action(self, name: str, rest: str) -> None:
        found = _ACTION.match(rest[:1].lower() + rest[1:])
        if found is None:
            raise self.fail(f"an action this reader does not know: {name}: {rest!r}")
        verb, a, to = found["verb"], found["a"], found["b"]
        if verb == "raises" and to is None:
            verb = "puts in"  # Gear Poker's "Raises 1000.00": what he adds
        if verb in ("posts small blind", "posts big blind", "post now"):
            self.stakes(name, verb, self.amount(a))
        if verb == "ante processed" and self.amount(a) == 0:
            return  # no ante: the line is written for every player
        if verb == "post dead":
            game = self.b.game
            assert game is not None
            self.b.blind(name, self.amount(a), dead=game.small)
        elif not self.move(name, verb, to if verb == "raises" else a):
            raise self.fail(f"an action this reader does not know: {name}: {rest!r}")

    def stakes(self, name: str, verb: str, amount: int) -> None:
        """The stakes a tournament's or Gear Poker's hand is played at: the blinds posted
        (its header's lag behind or are not written); a blind that puts its player all-in
        says nothing of them. A cash game's header is right."""
        b, game = self.b, self.b.game
        assert game is not None
        p = b.player(name)
        if not self.from_posts or amount >= p.stack - p.put_in:
            return
        if verb == "posts small blind":
            small, big = amount, max(game.big, amount)
        elif self.posted and amount <= game.big:
            return  # a second big blind ("post now"): the stakes are set
        else:
            small, big = (game.small if 0 < game.small <= amount else amount // 2), amount
        b.game = Game(game.part, game.kind, small, big)
        self.posted = True

    def unknown(self, line: str, name: str = "") -> SiteError:
        """A line no rule reads; a seated player's with no chips: the site contradicts
        itself (the 2012 PLO file's players of 0.00 who call)."""
        name = name or line.partition(": ")[0]
        if name in self.broke:
            return self.damaged(f"the site contradicts itself: {name} acts with no chips")
        return super().unknown(line)

    def shows(self, found: re.Match[str]) -> None:
        if found[1] in self.b.players:
            self.b.show(found[1], cards(found[2]))
        elif not self.NOTES.match(found.group()):  # 'Bob said "he shows air"'
            raise self.unknown(found.group())

    def leaves(self, found: re.Match[str]) -> None:
        p = self.b.players.get(found[1])
        if p is not None and p.dealt and not p.folded:
            self.left.names.append(p.name)  # he folds when his turn comes

    def summary_line(self, line: str) -> None:
        pot, board, seat = _POT.match(line), _BOARD.match(line), SUMMARY_SEAT.match(line)
        if pot is not None:
            if not self.pots.repeated:  # the 2011 client writes its pots and board twice
                self.pot(pot)
        elif self.actor(line, (" shows ",)) is not None:
            return  # a show written again
        elif board is not None:
            self.board(cards(board[1]))
            self.pots.repeated = True
        elif seat is not None:
            self.result(seat[1])
        elif not self.NOTES.match(line):
            raise self.unknown(line)

    def board(self, shown: list[str | None]) -> None:
        """The summary's board: the streets not dealt before (all in) dealt now."""
        streets = (("FLOP", 0, 3), ("TURN", 3, 4), ("RIVER", 4, 5))
        for street, start, end in streets:
            if self.dealt_board <= start and len(shown) >= end:
                self.b.street_cards(street, shown[start:end], self.text)
                self.dealt_board = end

    def result(self, text: str) -> None:
        """A summary seat line: what the player won, the cards he showed."""
        actor = self.actor(text, (" ",))
        found = None if actor is None else _RESULT.match(actor[2])
        if actor is None or found is None:
            return  # "folded before Flop", Gear Poker's "(Small Blind) Seat 9: ..."
        shown = cards(found["cards"] or found["lost"] or "")
        game = self.b.game
        assert game is not None
        if len(shown) > game.hole_cards:  # Gear Poker: the hand made, with a board unwritten
            raise self.damaged(f"{actor[0]} shows {len(shown)} cards, and the board is not written")
        if shown:
            self.b.reveal(actor[0], shown)
        if found["won"] is not None and found["won"] != "0.00":  # not dealt in
            self.b.collect(actor[0], self.amount(found["won"]))

    def finish(self) -> None:
        self.pots.state(self.b)


class _Pots:
    """A hand's "Total pot" lines: one per pot, the side pots' before the summary, each
    after the rake and with the hand's one rake."""

    __slots__ = ("paid", "rakes", "repeated")

    def __init__(self) -> None:
        self.paid: list[int] = []
        self.rakes: set[int] = set()
        self.repeated = False  # the summary's board is read: its pot lines come again

    def add(self, paid: int, rake: int | None) -> None:
        self.paid.append(paid)
        if rake is not None:
            self.rakes.add(rake)

    def state(self, b: HandBuilder) -> None:
        """The rake and the pot, rake included, as the site states them (the builder
        checks them against the play and the collections)."""
        if len(self.rakes) > 1:
            rakes = sorted(self.rakes)
            raise b.damaged(f"the site contradicts itself: its pots state rakes of {rakes}")
        b.rake = 0 if b.tournament else max(self.rakes, default=0)
        if self.paid:
            b.total = sum(self.paid) + b.rake


class _Leavers:
    """The players who left the table with their hand live, folded at their turn: the site
    writes the leaving when it happens, before the moves of the players between."""

    __slots__ = ("b", "names")

    def __init__(self, b: HandBuilder) -> None:
        self.b = b
        self.names: list[str] = []

    def fold(self, actor: str | None) -> None:
        """Fold those seated between the last to act and ``actor`` (all of them at the
        round's end, ``actor`` None)."""
        b = self.b
        if not self.names:
            return
        order = [p.name for p in b.after_button(list(b.players.values())) if p.dealt]
        if actor is not None and actor not in order:
            return
        last = b.actions[-1][0] if b.actions else None  # who acted last (None: a board)
        start = order.index(last.name) + 1 if last is not None else 0
        turn = order[start:] + order[:start]
        for name in turn if actor is None else turn[: turn.index(actor)]:
            if name in self.names:
                self.names.remove(name)
                b.fold(name)


def _card(found: re.Match[str]) -> str:
    rank = found[1]
    return ("T" if rank == "10" else rank) + found[2].lower()


READER = SiteReader(NAME, HEADER, ChicoHand.parse, marker=" Game #")
