"""partypoker hand histories (the Windows and Mac clients' text, 2010 to today; cash games,
sit & gos and tournaments), read into PHH histories.

partypoker's text is not PokerStars': a hand starts at ``***** Hand History for Game N
*****``, or at the ``Game #N starts.`` line the Windows client writes before it (and a
``#Game No : N``); every amount in brackets is what that action puts in (``raises [$15 USD]`` adds
$15), except the newer format's ``raises 2.70 to 2.80``; the Mac client writes decimal
commas (``$26,02``). What it does not write, this reader works out by the rules, never by
guessing:

- the stakes of a no-limit or pot-limit cash game (its header names the buy-in, ``$25 USD NL
  Texas Hold'em``): the big blind posted;
- the blinds of the tournament files that have no "posts" lines (``Blinds(300/600)`` only):
  posted by the two players after the button, the button himself heads-up
  (docs/rules/poker.md §4.1);
- the uncalled part of a bet, which partypoker pays back inside "wins": given back
  (``returned``), so that the winnings are what was won from the pots;
- the rake, which the older formats do not state: what was put in less what was paid out.

Its stud files show only its own player's cards: a stud hand where a card that decides who
brings in or acts first is never seen is unsupported (docs/rules/poker.md §4.2).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator

from splitpot.limits import SITE_MAX_HAND_LINES
from splitpot.sites.base import NEVER, VERBS, Block, LineReader, Rules, SiteReader, cards, lines_of
from splitpot.sites.builder import HandBuilder
from splitpot.sites.errors import SiteError
from splitpot.sites.facts import HandFacts
from splitpot.sites.money import CENT, CHIP

NAME = "partypoker"
# Spaces before the header, never newlines (a run of blank lines would be searched again at
# every line start: quadratic).
HEADER = re.compile(r"(?m)^[ \t\0]*\*\*\*\*\* Hand History [Ff]or Game (\w+) \*\*\*\*\*")
_HEADER_LINE = re.compile(HEADER.pattern.removeprefix("(?m)"))
_GLUED = re.compile(r"\*\*\*\*\* Hand History [Ff]or Game \w+ \*\*\*\*\*")
# The Windows client starts a hand with this line (after a NUL byte, between hands).
_STARTS = re.compile(r"^\0?\s*Game #(\w+) starts\.\s*$")

# The site's game names, the first found in the header: the PHH game part; the games
# splitpot does not play, and why.
_GAMES: list[tuple[str, str]] = [
    ("Texas Hold'em", "T"),
    ("Texas Holdem", "T"),  # the 2021 tournaments
    ("Omaha Hi-Lo", "O/8"),
    ("Omaha Hi", "O"),
    ("7 Card Stud Hi-Lo", "7S/8"),
    ("7 Card Stud", "7S"),
    ("Razz", "R"),
    ("PL Omaha", "O"),  # "$1,000 USD PL Omaha" (2013 on)
]
_UNPLAYED = {"Double Hold'em": "two boards", "Short Deck": "short deck"}
_KIND = re.compile(r"(?:^|[ (])(NL|PL|FL)[ )]")
_STAKES = re.compile(r"^(?:\$?([0-9.,]+)/\$?([0-9.,]+) )")
# "Blinds(10/20)", "Stakes-Antes(200/400-40)", "Blinds-Antes(1 200/2 400 -400)" (2016).
_LEVEL = re.compile(
    r"^(?:Blinds|Stakes)(?:-Antes)?\(([0-9][0-9,. ]*)/([0-9][0-9,. ]*?)(?: ?-([0-9][0-9,. ]*))?\)"
)
_WHEN = re.compile(
    r"(?:[A-Z][a-z]+day, ?([A-Z][a-z]+) (\d\d?), |[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d\d?) )"
    r"(\d\d?):(\d\d):(\d\d) ([A-Z]{2,5}) (\d{4})"
)
_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
_TABLE = re.compile(r"^Table (.+?) \( ?(?:Real|Play) Money ?\)(?: -- Seat (\d+) is the button)?$")
_EVENT = re.compile(r"^(.+ \(\d+\)) Table #(\d+)$")
_SEAT = re.compile(r"^[Ss]eat ?(\d+): (.+?) \( ?([$€]?[0-9][0-9.,]*)(?: USD| EUR)? ?\)$")
_BUTTON = re.compile(r"^Seat (\d+) is the button$")
_DEALT = re.compile(r"^Dealt to (.+?) \[([^]]*)\]$")
_VERBS = VERBS | {
    "double bets": "bet",
    "completes": "bet",
    "bring-ins": "bring in",
    "posts ante": "ante",
    "posts big blind + dead": "both blinds",  # the big blind live, the rest dead (§4.1)
}
_DECIMAL_COMMA = re.compile(r",[0-9]{2}(?![0-9])")
# The Mac client's decimal commas: an amount with two digits after its last comma.
_MAC_COMMA = re.compile(r"\$ ?[0-9][0-9.,]*,[0-9]{2}(?![0-9])")
_SHOWS = re.compile(r"^(shows|doesn't show) \[([^]]*)\]")
_STREET = re.compile(r"^\*\* Dealing ?(.*?) \*\*(?: :)?(?: +\[([^]]*)\])?$")
_NOTES = re.compile(
    r"^(?:#Game No : \w+|Trny: ?\d+ Level: ?\d+|Total number of players.*"
    r"|Your time bank will be activated.*|Congratulations to player .*|Player .+ finished in .*"
    r"|There was no qualifying low hand|Creating (?:Main|Side) Pot.* with .*|Board: \[.*\]"
    # Players who join, leave, or are slow, who need not be seated in this hand.
    r"|.+ has (?:joined|left) the table\."
    r"|.+ will be using (?:his|her|their) time bank for this hand\."
    r"|.+ could not respond in time\.\(disconnected\)|.+ is sitting out|\s*)$"
)
_AMOUNT = r"(?:[$€] ?)?[0-9][0-9.,]*(?: ?€)?"
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises|is all-In|completes|bring-ins|double bets"
    r"|posts small blind|posts big blind \+ dead|posts big blind|posts ante)"
    rf" *(?:[\[(] *(?P<a>{_AMOUNT})(?: USD| EUR)? *[\])]\.?"
    rf"|(?P<by>{_AMOUNT}) to (?P<to>{_AMOUNT}))?"
    r"\.?$"
)
_PLAYER_NOTES = re.compile(
    r"^(?:: .*|opens|did not respond in time|does not show cards\.|is all-In\.|shows[0-9A-Z,]+ +"
    r"for low\.|finished in \d+ place\.)\s*$"
)
_WINS = re.compile(
    rf"^wins (?:Lo \()?(?P<a>{_AMOUNT})(?: USD| EUR| chips)?\)?"
    r"(?: from the (?:main|side) pot(?: \d+)?)?"
    r"(?: with .*)?$"
)
_SUMMARY = re.compile(
    rf"^balance {_AMOUNT}, (?:didn't bet|sits out|lost {_AMOUNT}|bet {_AMOUNT}, collected"
    rf" (?P<c>{_AMOUNT}), net [+-]{_AMOUNT})(?: \(folded\))?(?:\[(?P<cards>[^]]*)\].*)?$"
)
# "Main Pot: $1.20 Rake: $0.05"; a tournament's "Main Pot: 725" (2021) states no rake: none.
_RAKE = re.compile(
    rf"^Main Pot: ({_AMOUNT})(?: Side Pot \d+: {_AMOUNT})*(?: \|)?(?: Rake: ({_AMOUNT}))?$"
)
# A player's line whose name is not seated: one who joined during the hand, or a
# contradiction of the site.
_UNSEATED = re.compile(r"^(.+?) (?:posts|folds|checks|calls|bets|raises|is all-In|wins|shows)\b")


def blocks(text: str, source: str | None) -> Iterator[Block]:
    """One block per hand: from its "Game #N starts." line when the client wrote one, else
    from its "***** Hand History" line. A "Game #N starts." that no hand follows (a file
    cut short) is a block of its own, which :func:`parse` reports; a header glued onto the
    end of a line ("has left the table.***** Hand History ...") starts a hand there, and the
    hand before is cut."""
    numbers: list[int] = []
    lines: list[str] = []
    for number, line in enumerate(lines_of(text), 1):
        glued = _GLUED.search(line)
        if glued is not None and line[: glued.start()].strip("\0 \t\ufeff"):
            numbers.append(number)
            lines.append(line[: glued.start()])
            line = line[glued.start() :]
        numbers.append(number)
        lines.append(line)
    start: int | None = None
    opened = False  # the block began at "Game #N starts." and waits for its header
    for i, line in enumerate(lines):
        starts = _STARTS.match(line) is not None
        header = _HEADER_LINE.match(line) is not None
        if starts or (header and not opened):
            if start is not None:
                cut = numbers[i] == numbers[i - 1]  # the header was glued onto that line
                yield _block(source, lines[start:i], numbers[start], cut)
            start, opened = i, starts
        elif header:
            opened = False
    if start is not None:
        yield _block(source, lines[start:], numbers[start], False)


def _block(source: str | None, lines: list[str], first: int, cut: bool) -> Block:
    end = len(lines)
    while end > 1 and not lines[end - 1].strip("\0 \t"):
        end -= 1
    if end > SITE_MAX_HAND_LINES:
        return Block(source, lines[:1], first, overflow=True)
    return Block(source, lines[:end], first, cut=cut)


def _header_of(lines: list[str]) -> tuple[int | None, str | None]:
    """Where the "***** Hand History" line is (after "Game #N starts." and "#Game No : N",
    when the client wrote them), and the hand's number."""
    hand_id = None
    for k, line in enumerate(lines):
        found = HEADER.match(line) or _STARTS.match(line)
        if found is not None:
            hand_id = found[1]
            if found.re is HEADER:
                return k, hand_id
        elif line.strip("\0 \t") and not _NOTES.match(line.rstrip()):
            break
    return None, hand_id


class PartyHand(LineReader):
    NAME = NAME
    HEADER = HEADER
    NOTES = _NOTES
    ACTORS = (" ", ": ")  # "NAME folds"; "NAME: chat" (:meth:`aside`)
    STREET_MARK = "** "
    VERBS = _VERBS
    CLOSING = re.compile(r" wins |, collected ")  # a whole hand pays someone

    def header_line(self) -> str:
        """The line after "***** Hand History" (the game, the stakes, the date), found after
        "Game #N starts." and "#Game No : N" when the client wrote them."""
        self.top, self.hand_id = _header_of(self.block.lines)
        if self.top is None or self.top + 1 >= len(self.block.lines):
            return ""
        return self.block.lines[self.top + 1]

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.b.hand_id = self.hand_id
        self.decimal = "," if _MAC_COMMA.search("\n".join(block.lines)) else "."
        self.blinds = _Blinds(self.b, self.amount)  # the stakes, and blinds not written
        self.early_folds = _EarlyFolds(self.b)  # preflop's first folds, put in turn order
        self.unseen = _Unseen(self.b)  # stud: the cards partypoker does not write
        self.won: dict[str, int] = {}
        self.rake: int | None = None
        self.second_win = NEVER  # the Mac client's second "wins" on one line

    def tournament(self) -> bool:
        top = self.top if self.top is not None else len(self.block.lines)
        head = "\n".join(self.block.lines[top : top + 2])
        return re.search(r"Trny|Buy-in|Tourney", head) is not None

    def amount(self, text: str | None, *, decimal: str = "") -> int:
        if text is not None:
            text = text.replace("$ ", "$")
            if "." not in text and _DECIMAL_COMMA.search(text):
                decimal = ","  # "posts big blind + dead [0,35 €]" in a file of dots (2011)
        return super().amount(text, decimal=decimal or self.decimal)

    def body(self) -> Iterator[tuple[int, str]]:
        assert self.top is not None  # read_header refused a hand without its header
        return iter(list(self.block.numbered())[self.top + 2 :])

    def read_header(self) -> None:
        if self.top is None:
            raise self.damaged("cut off: the hand has no 'Hand History' line")
        if not self.header:
            raise self.damaged("cut off: the hand stops after its first line")
        self.b.at = self.block.first + self.top + 1
        header, b = self.header, self.b
        part, letter = _game_of(b, header)
        small = big = 0
        stakes = _STAKES.match(header)
        if stakes is not None:
            small, big = self.amount(stakes[1]), self.amount(stakes[2])
            self.blinds.known = True
        elif letter == "F" and b.unit == CENT:
            raise self.fail(f"no stakes in a fixed-limit game's header: {header[:80]!r}")
        self.facts.game(part, letter, small, big)  # type: ignore[arg-type]
        assert b.game is not None
        if letter == "F" and not b.game.stud:
            # partypoker lets an all-in of at least half a bet reopen the betting as a full
            # raise (its freeroll hand 11932613562: a $790 all-in over a $400 bet is raised
            # again by the bettor), the half bet rule of docs/rules/poker.md §3.
            b.rules["half_bet_rule"] = True
        if b.unit == CENT:
            _currency(b, header, self.block.lines)
        level = re.search(r"(?:Blinds|Stakes)\(([0-9,]+)/([0-9,]+)", header)
        if level is not None:
            self.blinds.set_level(level[1], level[2])
        when = _WHEN.search(header)
        if when is not None:
            _date(self.facts, when)

    def line(self, line: str) -> None:
        # The Windows client wrote a NUL byte between hands, before "Game #N starts.".
        line = line.replace("\0", "").rstrip()
        if line.startswith("** "):
            self.street_line(line)
        elif self.summary:
            self.summary_line(line)
        elif not self.set_up(line) and not _NOTES.match(line):
            self.play_line(line)

    def set_up(self, line: str) -> bool:
        for pattern, handler in (
            (_SEAT, self.seat_line),
            (_TABLE, self.table_line),
            (_LEVEL, lambda m: self.blinds.set_level(m[1], m[2])),
            (_BUTTON, lambda m: self.button(self.b.number(m[1], "button"))),
        ):
            found = pattern.match(line)
            if found is not None:
                handler(found)
                return True
        return False

    def seat_line(self, found: re.Match[str]) -> None:
        if self.street or self.seating is not None:
            raise self.fail(f"a seat line after the deal: {found[0]!r}")
        self.b.seat(self.b.number(found[1]), found[2], self.amount(found[3]))

    def table_line(self, found: re.Match[str]) -> None:
        event = _EVENT.match(found[1])
        if event is not None and self.b.unit == CHIP:
            self.b.fields["event"], self.b.fields["table"] = event[1], event[2]
        else:
            self.b.fields["table"] = found[1].strip()
        if found[2] is not None:
            self.button(self.b.number(found[2], "button"))

    def button(self, seat: int) -> None:
        game = self.b.game
        assert game is not None
        if not game.stud:  # stud's "Seat 0 is the button": it has none
            self.b.button = seat

    def street_line(self, line: str) -> None:
        found = _STREET.match(line)
        if found is None:
            if line.strip() == "** Summary **":
                self.unseen.deal(self.street)
                self.early_folds.make()
                self.summary = True
                return
            raise self.fail(f"not a street line: {line!r}")
        title, seen = found.groups()
        self.unseen.deal(self.street)
        if self.street == "down cards":
            self.early_folds.make()
        b, game = self.b, self.b.game
        assert game is not None
        if title == "down cards":
            self.blinds.post_level(self.street, self.block.lines[self.top or 0 :])
        elif title in ("Flop", "Turn", "River") and not game.stud:
            if seen is None:
                raise self.fail(f"no cards for the {title.lower()}: {line!r}")
            b.board(cards(seen))
        elif title in ("Fourth street", "Fifth street", "Sixth street", "River", ""):
            b.street()
            self.unseen.dealt_now = set()
        else:
            raise self.b.unsupported(f"'{line}' is a street splitpot does not play")
        self.street = title or "Third street"

    def aside(self, name: str, sep: str, rest: str) -> None:
        """ "NAME: text": his chat."""

    def rules(self) -> Rules:
        return [(_DEALT, self.unseen.dealt)]

    def unknown(self, line: str) -> SiteError:
        """A player's line whose name is not seated: one who joined the table during the
        hand (his stack is written nowhere, so the hand cannot be replayed: unsupported),
        else the site contradicting itself."""
        found = _UNSEATED.match(line)
        if found is None or found[1] in self.b.players:
            return super().unknown(line)
        joined = f"{found[1]} has joined the table."
        if any(x.strip() == joined for x in self.block.lines):
            return self.unsupported(
                f"{found[1]} joined the table during the hand and plays it, and partypoker "
                "writes no stack for him"
            )
        return self.damaged(f"the site contradicts itself: {found[1]} acts and is not seated")

    def action(self, name: str, rest: str) -> None:
        if _PLAYER_NOTES.match(rest):
            return
        if rest.startswith("wins "):
            self.wins(name, rest)
            return
        self.unseen.deal(self.street)
        early = self.early_folds.names
        if rest == "folds" and early is not None and self.street == "down cards":
            early.append(name)
            return
        self.early_folds.make()
        self.play(name, rest)

    def wins(self, name: str, rest: str) -> None:
        """``wins $278 USD from the main pot with ...``; the Mac client may write a second
        player's "wins" on the same line."""
        for part in self.two_wins(rest):
            if part is not rest and not part.startswith("wins"):
                found = self.actor(part)
                if found is None:
                    raise self.fail(f"not a pot won: {part!r}")
                name, part = found[0], found[2]
            won = _WINS.match(part.rstrip())
            if won is None:
                raise self.fail(f"not a pot won: {name} {part!r}")
            self.won[name] = self.won.get(name, 0) + self.amount(won["a"])

    def two_wins(self, rest: str) -> list[str]:
        """A "wins" line, cut where a second player's "wins" follows a full stop."""
        if " wins " not in rest:
            return [rest]
        if self.second_win is NEVER:
            names = "|".join(map(re.escape, self.seats())) or "(?!)"
            self.second_win = re.compile(rf"(?<=\.)(?=(?:{names}) wins )")
        return self.second_win.split(rest)

    def play(self, name: str, rest: str) -> None:
        shows = _SHOWS.match(rest)
        if shows is not None:  # "doesn't show [...]": seen, and mucked
            (self.b.show if shows[1] == "shows" else self.b.reveal)(name, cards(shows[2]))
            return
        found = _ACTION.match(rest)
        if found is None:
            raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        verb, a = found["verb"], found["a"]
        if verb == "raises" and found["to"] is not None:
            self.b.raise_to(name, self.amount(found["to"]))  # "raises 2.70 to 2.80"
        elif verb == "raises":
            self.b.bet(name, self.amount(a))  # "raises [$15 USD]": what it adds
        elif verb == "is all-In":
            self.b.put_in(name, self.amount(a))  # "is all-In [X]": X more
        elif verb in ("posts small blind", "posts big blind"):
            self.blinds.post(name, verb, self.amount(a))
        else:
            self.move(name, verb, a)

    def summary_line(self, line: str) -> None:
        found = _RAKE.match(line)
        if found is not None:
            if found[2] is not None or self.b.unit == CHIP:
                self.rake = 0 if found[2] is None else self.amount(found[2])
            return
        if _NOTES.match(line):
            return
        player = self.actor(line)
        summary = None if player is None else _SUMMARY.match(player[2])
        if player is None or summary is None:
            raise self.fail(f"a summary line this reader does not know: {line!r}")
        name = player[0]
        if summary["c"] is not None:
            self.won[name] = self.won.get(name, 0) + self.amount(summary["c"])
        if summary["cards"] is not None:
            self.b.show(name, cards(summary["cards"]))

    def finish(self) -> None:
        """The end: preflop's first folds made, what partypoker paid as the pots and the
        bets given back (:func:`_pay`), stud's cards checked."""
        self.early_folds.make()
        if not self.blinds.known:
            raise self.fail("the hand says neither its stakes nor its big blind")
        _pay(self.b, self.won, self.rake)
        self.unseen.check()


class _Blinds:
    """A partypoker hand's stakes, as its lines say them (the header's, a tournament's level,
    else the big blind posted), and the blinds of the files that write none. A part the
    reader holds (``amount`` the reader's)."""

    def __init__(self, b: HandBuilder, amount: Callable[[str | None], int]) -> None:
        self.b = b
        self.amount = amount
        self.known = False  # the stakes
        self.level: tuple[int, int] | None = None

    def set_level(self, small: str, big: str) -> None:
        """A tournament's level (``Blinds(10/20)``, ``Stakes(200/400)``): the stakes."""
        b, game = self.b, self.b.game
        assert game is not None
        self.level = (self.amount(small), self.amount(big))
        b.game = dataclasses.replace(game, small=self.level[0], big=self.level[1])
        self.known = True

    def post(self, name: str, verb: str, amount: int) -> None:
        b, game = self.b, self.b.game
        assert game is not None
        b.blind(name, amount, big=verb == "posts big blind")
        if verb == "posts big blind" and not self.known:
            b.game = dataclasses.replace(game, big=amount)
            self.known = True

    def post_level(self, street: str, lines: list[str]) -> None:
        """The tournament files that write no "posts" lines: the blinds of the level, posted
        by the two players after the button (the button heads-up), docs/rules/poker.md §4.1."""
        b = self.b
        if street or any(p.blind or p.dead for p in b.players.values()):
            return
        if self.level is None or b.button is None:
            raise b.fail("no blinds are posted and the hand does not say whose they are")
        # The players of the hand: a player just seated (moved from another table) may wait
        # for the big blind, and then never appears in it (hand 11749829747).
        playing = [p for p in b.players.values() if any(x.startswith(p.name + " ") for x in lines)]
        small, big = b.blind_players(playing)
        game = b.game
        assert game is not None
        # A fixed-limit level names its bets: the big blind is the small bet, the small
        # blind half of it (§4.1).
        blinds = (self.level[0] // 2, self.level[0]) if game.kind == "F" else self.level
        for p, amount, is_big in ((small, blinds[0], False), (big, blinds[1], True)):
            b.blind(p.name, min(amount, p.stack - p.put_in), big=is_big)


class _Unseen:
    """The cards dealt ("Dealt to NAME [...]"). Stud: partypoker writes only its own
    player's; who was dealt on this street, and the cards the others are dealt unseen: a
    part the reader holds."""

    def __init__(self, b: HandBuilder) -> None:
        self.b = b
        self.dealt_now: set[str] | None = None  # who was dealt on this street

    def dealt(self, found: re.Match[str]) -> None:
        """A player's cards dealt (:data:`_DEALT`)."""
        if found[1] not in self.b.players:
            raise self.b.fail(f"not a deal: {found.group()!r}")
        self.b.hole(found[1], cards(found[2]))
        if self.dealt_now is not None:
            self.dealt_now.add(found[1])

    def deal(self, street: str) -> None:
        """Stud: partypoker writes only its own player's cards; once a street's "Dealt to"
        lines are over, every other player still in is dealt this street's cards unseen."""
        if self.dealt_now is None:
            return
        total = {"Third street": 3, "Fourth street": 4, "Fifth street": 5}.get(street)
        total = total or (6 if street == "Sixth street" else 7)
        for p in self.b.players.values():
            if p.dealt and not p.folded and len(p.hole) < total and p.name not in self.dealt_now:
                self.b.hole(p.name, [None] * (total - len(p.hole)))
        self.dealt_now = None

    def check(self) -> None:
        """Every player's up cards written: partypoker writes only its own player's."""
        game = self.b.game
        assert game is not None
        if not game.stud:
            return
        for p in self.b.players.values():
            if p.dealt and any(c is None for c in p.hole[2:6]):
                raise self.b.unsupported(
                    f"partypoker does not write {p.name}'s up cards, which decide who brings "
                    "in and who acts first (docs/rules/poker.md §4.2)"
                )


class _EarlyFolds:
    """Preflop's first folds, as partypoker writes them (in the order chosen), made in turn:
    a part the reader holds."""

    def __init__(self, b: HandBuilder) -> None:
        self.b = b
        self.names: list[str] | None = []  # None once they are made

    def make(self) -> None:
        """partypoker writes the folds its players chose before their turn in the order
        they chose them: preflop's first folds, when they are the first players to act
        (left of the big blind, docs/rules/poker.md §4.1), are made in turn; folds with
        nothing between them change nothing else. Any other folds are kept as written."""
        folds, self.names = self.names or [], None
        b = self.b
        if len(folds) > 1 and b.button is not None:
            turn = b.after_button(list(b.players.values()))
            if len(turn) > 2:
                first = [p.name for p in (turn[2:] + turn[:2])[: len(folds)]]
                if sorted(first) == sorted(folds):
                    folds = first
        for name in folds:
            b.fold(name)


def _pay(b: HandBuilder, won: dict[str, int], rake: int | None) -> None:
    """What partypoker paid each player (``won``: "wins", the uncalled part of a bet
    included) as the pots he won and the bet given back; the rake, when not stated, what
    was put in less what was paid out."""
    paid = sum(won.values())
    # The uncalled part of a bet: what the largest bet has over the next (dead money is
    # no bet, and is not matched).
    put = sorted((p.put_in - p.dead, p.name) for p in b.players.values() if p.dealt)
    if len(put) >= 2 and put[-1][0] > put[-2][0]:
        excess, top = put[-1][0] - put[-2][0], put[-1][1]
        if won.get(top, 0) < excess:
            raise b.fail(f"{top}'s uncalled {excess} is not among what he was paid")
        b.returned(top, excess)
        won[top] -= excess
    for name, amount in won.items():
        b.collect(name, amount)
    total = sum(p.put_in for p in b.players.values() if p.dealt)
    b.rake = total - paid if rake is None else rake
    if b.rake < 0:
        raise b.damaged(
            f"the site contradicts itself: the players were paid {paid}, more than the "
            f"{total} put in"
        )


def _game_of(b: HandBuilder, header: str) -> tuple[str, str]:
    """The PHH game part and the structure letter the header names (its name the site's
    game); a game splitpot does not play or read refused, naming it."""
    for name, why in _UNPLAYED.items():
        if name in header:
            raise b.unsupported(f"{name}: {why}, a game splitpot does not play", name)
    named = next(((name, part) for name, part in _GAMES if name in header), None)
    if named is None:
        raise b.unsupported(f"a game splitpot does not read: {header[:80]!r}")
    name, part = named
    kind = _KIND.search(header)
    b.user["_site_game"] = f"{kind[1]} {name}" if kind is not None else name
    return part, "F" if kind is None else kind[1][0]


def _currency(b: HandBuilder, header: str, lines: list[str]) -> None:
    """A cash game's currency, as its header names it, and its sign, as its lines write it."""
    if " USD" in header:
        b.fields["currency"] = "USD"
    elif " EUR" in header:
        b.fields["currency"], b.fields["currency_symbol"] = "EUR", "€"
    if "$" in "\n".join(lines):
        b.fields["currency_symbol"] = "$"


def _date(facts: HandFacts, when: re.Match[str]) -> None:
    """The hand's date, from the header's :data:`_WHEN` (its month named)."""
    month, day = (when[1], when[2]) if when[1] else (when[3], when[4])
    number = _MONTHS.index(month[:3]) + 1 if month[:3] in _MONTHS else 0
    fields = (when[9], number, day, when[5], when[6], when[7])
    facts.date(*fields, zone=when[8], text=when.group())


READER = SiteReader(NAME, HEADER, PartyHand.parse, blocks, marker="***** Hand History ")
