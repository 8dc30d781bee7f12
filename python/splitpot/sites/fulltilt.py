"""Full Tilt Poker hand histories (the client's text, 2006 to 2013; cash games, sit & gos and
tournaments), read into PHH histories.

Full Tilt wrote much as PokerStars does, with its own words: "Full Tilt Poker Game #N",
"posts the small blind of", "raises to" (the street's total), "calls" (what the call adds),
"wins the pot (X)", stud's "Dealt to" lines that give each street's new card after the cards
already showing. Its files were saved as UTF-16 (:func:`splitpot.sites.reading.decode`).

Every line of a hand is read by one rule below or is an error naming it: an action this
reader does not know is never skipped. Lines that change nothing (chat, an observer's chat,
"has 15 seconds left to act", "adds $X" for the next hand, the summary's seat lines) are
listed in :data:`_NOTES`.
"""

from __future__ import annotations

import re
from decimal import Decimal

from splitpot.sites.base import VERBS, Block, LineReader, Rules, SiteReader, cards
from splitpot.sites.money import CENT, CHIP

NAME = "Full Tilt Poker"
# "Full Tilt Poker Game #", and "FullTiltPoker Game #" in the archive exports (2006-2011).
HEADER = re.compile(r"(?m)^Full ?Tilt ?Poker (?:Game|Hand) #(\d+):")

# The game, one of the header's " - " parts: its structure ("No Limit", "Pot Limit", "Limit",
# or the newer "NL", "PL", "FL"), then its name, the PHH game part; the games of _UNPLAYED
# are not played. A cap (``$400 Pot Limit``, ``$2,000 Cap Pot Limit``, ``CAP NL``) is what
# each player may put in the hand (docs/rules/poker.md §3 DECISION); ``CAP NL`` (2013) does
# not say how much: a player who reaches it says so (``, and is capped``), and his total is
# the cap then (docs/sites.md).
_GAME = re.compile(
    r"^(?:(?P<cap>\$[0-9][0-9,.]*) (?:Cap )?|(?P<unstated>CAP) )?"
    r"(?P<structure>No Limit|Pot Limit|Limit|NL|PL|FL) (?P<name>[^ ].*)$"
)
_STRUCTURES = {"No": "N", "NL": "N", "Pot": "P", "PL": "P", "Limit": "F", "FL": "F"}
_PARTS = {
    "Hold'em": "T",
    "Omaha": "O",
    "Omaha Hi": "O",
    "Omaha H/L": "O/8",
    "Omaha Hi/Lo": "O/8",
    "5 Card Omaha Hi": "O5",
    "5 Card Omaha H/L": "O5/8",
    "6 Card Omaha Hi": "O6",
    "Stud Hi": "7S",
    "Stud H/L": "7S/8",
    "Razz": "R",
}
_UNPLAYED = {
    "Badugi": "a draw game",
    "2-7 Triple Draw": "a draw game",
    "2-7 Single Draw": "a draw game",
    "5 Card Draw": "a draw game",
    "Courchevel Hi": "Courchevel",
    "Courchevel H/L": "Courchevel",
    "Irish": "Irish (four cards, two discarded after the flop)",
    "5 Card Stud": "five-card stud",
}
_STAKES = re.compile(r" - ([^ /]+)/([^ /]+)(?: Ante (\S+))? - ")
_WHEN = re.compile(r" - (\d\d?):(\d\d):(\d\d) ([A-Z]{2,4}) - (\d{4})/(\d\d)/(\d\d)")
_EVENT = re.compile(r"^(.+ \((\d+)\)), (?:Table|Match) (.+)$")
_TABLE = re.compile(r"^Table (.+?)(?: \((\d+) max(?:, [^)]*)?\))?$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^()]+)\)(?:, is sitting out)?$")
_STREET = re.compile(
    r"^\*\*\* (.+?) \*\*\*(?: \[([^]]*)\])?(?: \[([^]]*)\])?(?: \(Total Pot: .*\))?$"
)
_SEATS = re.compile(r"^Seats: \d+$")
_VERBS = VERBS | {
    "raises to": "raise to",
    "completes it to": "raise to",
    "brings in for": "bring in",
    "antes": "ante",
    "posts the small blind of": "small blind",
    "posts the big blind of": "big blind",
    "posts": "live blind",  # "posts $2": a live big blind, out of turn (§4.1)
    "posts a dead small blind of": "dead blind",
}
_UNCALLED = re.compile(r"^Uncalled bet of (\S+) returned to (.+)$")
_TOTAL = re.compile(r"^Total pot (\S+) .*\| Rake (\S+)$")
_SUMMARY_SEAT = re.compile(r"^Seat (\d+): (.+)$")
# "and won ($X)"; a board run twice pays a pot not cut by runs in the main summary: "wins
# the side pot ($X)".
_COLLECTED = re.compile(r"(?:collected|and won|^ *wins the side pot) \((\S+)\)")
_MUCKED = re.compile(r" mucked \[([^]]*)\]")
_BUTTON = re.compile(r"^The button is in seat #(\d+)$")
_DEALT = re.compile(r"^Dealt to (.+?) \[([^]]*)\](?: \[([^]]*)\])?$")
_NOTES = re.compile(
    r"^(?:.+ \(Observer\): .*|\d+ seconds left to act"
    r"|.+ (?:sits down|stands up|adds \S+|has returned)|No low hand qualified| \([0-9A,]+\)"
    r"|Players agree to Run It (?:Twice|Three Times))$"  # the runs' boards follow
)
# After a seated player's name: lines that change nothing.
_PLAYER_NOTES = re.compile(
    r"^(?:: .*|has \d+ seconds left to act|adds \S+|has been disconnected|has reconnected"
    r"|has requested TIME|has returned|has timed out|is feeling \w+|is (?:high|low) with \[.*\]"
    r"|is sitting out|mucks|shows [^[].*)$"
)
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises to|completes it to|brings in for|antes"
    r"|posts the small blind of|posts the big blind of|posts a dead small blind of|posts"
    r"|shows|wins|ties for|discards|stands pat|is dealt)(?: (?P<rest>.*?))?"
    r"(?:, and is all in|(?P<capped>, and is capped))?$"
)
_WINS = re.compile(r"^(?:the )?(?:(?:high|low) )?(?:(?:main|side) )?pot(?: #?\d+)? \((\S+)\)")


class FullTiltHand(LineReader):
    NAME = NAME
    HEADER = HEADER
    CLOSING = re.compile(r"^Total pot ")
    NOTES = _NOTES
    ACTORS = (" ", ": ")  # "NAME folds"; "NAME: chat" (:meth:`aside`)
    VERBS = _VERBS
    SEAT = _SEAT
    STREETS = _STREET
    STREET_BETS = re.compile(r"3RD STREET|[4-7]TH STREET")
    SEVENTH = "7TH STREET"
    RUN_TWICE = re.compile(r"(?P<street>FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) (?P<run>[1-3])")

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.won: dict[str, int] = {}  # the "wins the pot" lines, checked with the summary
        self.capped = False  # a capped game (the cap may be unstated: "CAP NL")

    def tournament(self) -> bool:
        where = self.header.partition(": ")[2].partition(" - ")[0]
        return _EVENT.match(where) is not None

    def unit(self) -> Decimal:
        return CENT if re.search(r" - [$€£][0-9.,]+/", self.header) else CHIP

    def amount(self, text: str | None, *, decimal: str = ".") -> int:
        if text is not None and " " in text:
            raise self.fail(f"not an amount: {text!r}")
        return super().amount(text, decimal=decimal)

    def stake(self, text: str) -> int:
        """A stake of the header: ``50K`` is 50,000 (the high levels of 2011 tournaments)."""
        if text.endswith("K") and self.b.unit == CHIP:
            return 1000 * self.amount(text[:-1])
        return self.amount(text)

    def finish(self) -> None:
        """The summary says what each player collected; the hand's "wins" lines, when it has
        them (it may not, when all but one fold), must say the same."""
        said = {p.name: p.collected for p in self.b.players.values() if p.collected}
        if self.won and self.won != said:
            raise self.damaged(
                f"lines missing: the hand's pots won {self.won} are not the summary's {said}"
            )

    def read_header(self) -> None:
        header, b = self.header, self.b
        part, kind, _ = self.game_of(header)
        stakes = _STAKES.search(header)
        if stakes is None:
            raise self.fail("no stakes in the hand's header")
        small, big, _ = stakes.groups()
        self.facts.game(part, kind, self.stake(small), self.stake(big))  # type: ignore[arg-type]
        symbol = re.match(r"[^0-9]+", small)
        if symbol is not None and b.unit == CENT:
            b.fields["currency_symbol"] = symbol.group()
        start = header.find(": ")
        if not 0 <= start < stakes.start():
            raise self.fail("no table in the hand's header")
        self.read_table(header[start + 2 : stakes.start()].split(" - ")[0])
        when = _WHEN.search(header)
        self.facts.when(when, 5, 6, 7, 1, 2, 3, zone=when[4] if when else None)

    def game_of(self, header: str) -> tuple[str, str, str]:
        """The PHH game part, the structure letter and the site's name of the game."""
        for text in header.split(" - "):
            found = _GAME.match(text)
            if found is None:
                continue
            name = found["name"]
            if found["cap"]:
                self.b.cap = self.amount(found["cap"])
            self.capped = found["cap"] is not None or found["unstated"] is not None
            if name in _UNPLAYED:
                raise self.unsupported(
                    f"{text}: {_UNPLAYED[name]}, a game splitpot does not play", text
                )
            if name in _PARTS:
                self.b.user["_site_game"] = text
                return _PARTS[name], _STRUCTURES[found["structure"].split()[0]], text
        raise self.unsupported(f"a game splitpot does not read: {header[:100]!r}")

    def read_table(self, where: str) -> None:
        """``Table Slaw``, ``Table Rymer (6 max, shallow)``, or a tournament's
        ``$26 Super Turbo Matrix (244669447), Match 1``."""
        event = _EVENT.match(where)
        if event is not None:
            self.b.fields["event"] = event[1]
            self.b.fields["table"] = event[3]
            return
        table = _TABLE.match(where)
        if table is None:
            raise self.fail(f"not a table: {where!r}")
        self.b.fields["table"] = table[1]
        if table[2] is not None:
            self.b.seat_count = self.b.number(table[2], "table size")

    def set_up(self, line: str) -> bool:
        return _SEATS.match(line) is not None or super().set_up(line)  # "Seats: 9" (2013)

    def rules(self) -> Rules:
        return [
            (_UNCALLED, lambda m: self.b.returned(m[2], self.amount(m[1]))),
            (_BUTTON, self.button),
            (_DEALT, self.dealt),
        ]

    def button(self, found: re.Match[str]) -> None:
        self.b.button = self.b.number(found[1], "button")
        # A tournament's table does not say its size; the button's seat is one of it.
        self.b.seat_count = max(self.b.seat_count or 0, self.b.button)

    def aside(self, name: str, sep: str, rest: str) -> None:
        """ "NAME: text": his chat."""

    def dealt(self, found: re.Match[str]) -> None:
        if found[1] not in self.b.players:
            raise self.fail(f"not a deal: {found.group()!r}")
        name, first, second = found.groups()
        game = self.b.game
        assert game is not None
        if not game.stud:
            self.b.hole(name, cards(first))
        elif self.street != "3RD STREET":
            self.b.hole(name, cards(second if second is not None else first))
        elif second is not None:  # his own two down cards, then the door card
            self.b.hole(name, cards(first) + cards(second))
        else:  # another player's door card; his down cards are not seen
            self.b.hole(name, [None, None, *cards(first)])

    def action(self, name: str, rest: str) -> None:
        if _PLAYER_NOTES.match(rest):
            return
        if self.street == "7TH STREET" and not rest.startswith("shows"):
            self.b.deal_unseen()
        found = _ACTION.match(rest)
        if found is None:
            raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        verb, arg = found["verb"], found["rest"]
        if arg is not None and verb in ("folds", "checks"):
            raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        if self.move(name, verb, arg):
            if found["capped"]:
                self.reached_cap(name)
            return
        if verb == "shows":
            self.b.show(name, cards((arg or "").split("]")[0].strip(" [")))
        elif verb in ("wins", "ties for"):  # "ties for the pot (240)": his share of a split
            won = _WINS.match(arg or "")
            if won is None:
                raise self.fail(f"not a pot won: {name} {rest!r}")
            self.won[name] = self.won.get(name, 0) + self.amount(won[1])
        else:
            raise self.unsupported(f"{name} {verb}: a draw is not played")

    def reached_cap(self, name: str) -> None:
        """ "bets $295, and is capped": he has put in the cap (§3 DECISION); of "CAP NL",
        which does not state it, that is the cap."""
        b, put = self.b, self.b.player(name).put_in
        if not self.capped or (b.cap is not None and put != b.cap):
            raise self.damaged(
                f"the site contradicts itself: {name} is capped at {put}, and the cap is "
                f"{b.cap if self.capped else 'none'}"
            )
        b.cap = put

    def summary_line(self, line: str) -> None:
        found = _TOTAL.match(line)
        if found is not None:
            self.b.total = self.amount(found[1])
            self.b.rake = self.amount(found[2])
            return
        found = _SUMMARY_SEAT.match(line)
        seat = None if found is None else self.b.number(found[1])
        p = next((p for p in self.b.players.values() if p.seat == seat), None)
        if found is None or p is None or not p.dealt:
            return  # "Board: [...]", the pots of "Total pot ...", "is sitting out"
        name = p.name
        rest = found[2].removeprefix(name)
        collected = _COLLECTED.search(rest)
        if collected is not None:
            self.b.collect(name, self.amount(collected[1]), run=self.board_run)
        mucked = _MUCKED.search(rest)
        if mucked is not None:
            self.b.reveal(name, cards(mucked[1]))
        if "folded" in rest and not p.folded:
            raise self.damaged(
                f"lines missing: the summary says {name} folded, and the hand has no fold of his"
            )


READER = SiteReader(NAME, HEADER, FullTiltHand.parse, marker="Tilt")
