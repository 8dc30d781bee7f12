"""PokerStars hand histories (the client's text, 2008 to today; cash games, tournaments, Zoom
and home games), read into PHH histories.

Every line of a hand is read by one rule below or is an error naming it: an action this
reader does not know is never skipped. Lines that change nothing (chat, "is sitting out",
"has timed out", connection notes, the summary's seat lines) are listed in :data:`_NOTES`.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable

from splitpot.phh.record import HandHistory
from splitpot.sites.builder import Game, HandBuilder, Kind, date_fields
from splitpot.sites.errors import SiteError
from splitpot.sites.money import CENT, CHIP, AmountError, units
from splitpot.sites.reading import Block

NAME = "PokerStars"
HEADER = re.compile(r"(?m)^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(\d+):")

# The site's game names: "Hold'em No Limit", "5 Card Omaha Hi/Lo Pot Limit", "Razz Limit"...
_GAME = re.compile(
    r"(?:(?P<cards>[56]) Card )?(?P<game>Omaha|Hold'em|7 Card Stud|Razz)(?P<hilo> Hi/Lo)? "
    r"(?P<limit>Pot Limit|No Limit|Limit)\b"
)
_PARTS = {"Omaha": "O", "Hold'em": "T", "7 Card Stud": "7S", "Razz": "R"}
_KIND: dict[str, Kind] = {"Pot Limit": "P", "No Limit": "N", "Limit": "F"}
_UNPLAYED = (
    "6+ Hold'em",
    "Split Hold'em",
    "Triple Stud",
    "Triple Draw 2-7 Lowball",
    "Single Draw 2-7 Lowball",
    "5 Card Draw",
    "Badugi",
    "Courchevel",
)
_STAKES = re.compile(r"\((?:[^(),]*, )?([^()/,]+)/([^()/ ]+)(?: ([A-Z]{3}))?\)")
_WHEN = re.compile(r"(\d{4})/(\d\d)/(\d\d) (\d\d?):(\d\d):(\d\d) ?([A-Z]{2,4})?")
_TABLE = re.compile(
    r"^Table '(.*)'(?: (\d+)-max)?(?: \(Play Money\))?(?: Seat #(\d+) is the button)?"
)
_SEAT = re.compile(r"^Seat (\d+): (.+?) \(([^()]+?) in chips(?:[^)]*)\)(.*)$")
_STREET = re.compile(r"^\*\*\* (.+?) \*\*\*(?: \[([^]]*)\])?(?: \[([^]]*)\])?")
_COLLECTED = re.compile(r"^(.+?) collected (\S+) from (?:side pot(?:-\d+)?|main pot|pot)\s*$")
_UNCALLED = re.compile(r"^Uncalled bet \((\S+)\) returned to (.+?)\s*$")
_TOTAL = re.compile(r"^Total pot (\S+) .*\| Rake (\S+)")
_MUCKED = re.compile(r"^Seat \d+: (.+?) (?:\([^)]*\) )*mucked \[([^]]*)\]")
_NOTES = re.compile(
    r"^(?:.+ (?:said, \".*|is (?:sitting out|disconnected|connected)|has (?:timed out|returned)"
    r"|has timed out while (?:being )?disconnected|was removed from the table.*"
    r"|joins the table at seat #\d+|leaves the table|will be allowed to play after the button"
    r"|finished the tournament.*|wins the tournament.*|wins (?:the )?\S+ bounty.*"
    r"|wins \S+ for eliminating.*|wins an entry to.*|re-buys and receives.*|takes the add-on.*)"
    r"|Betting is capped|Pair on board - a double bet is allowed|No low hand qualified"
    r"|.+: sits out|.+: is sitting out)\s*$"
)
_ACTIONS = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises|brings in for|completes it to|posts small blind"
    r"|posts big blind|posts small & big blinds|posts the ante|posts straddle|shows|mucks hand"
    r"|doesn't show hand|discards|stands pat)(?: (?P<a>\S+))?(?: to (?P<b>\S+))?"
    r"(?: (?P<rest>.*))?$"
)


def parse(block: Block) -> HandHistory:
    """One PokerStars hand as a PHH history (``_site`` ``"PokerStars"``)."""
    return _Hand(block).run()


class _Hand:
    def __init__(self, block: Block) -> None:
        self.block = block
        header = _rupees(block.lines[0])
        found = HEADER.match(header)
        assert found is not None  # the block starts at a header
        self.header = header
        tournament = re.search(r"Tournament #(\d+)", header)
        stakes = _STAKES.findall(header)
        cash = tournament is None and bool(stakes) and bool(re.search(r"[$€£₹]|Rs\.", header))
        self.b = HandBuilder(NAME, block.source, CENT if cash else CHIP)
        self.b.hand_id = found.group(1)
        self.b.at = block.first
        if tournament is not None:
            self.b.fields["event"] = f"Tournament #{tournament.group(1)}"
        self.names: re.Pattern[str] | None = None
        self.text = header  # the line being read, for errors
        self.dealt_to = re.compile("(?!)")
        self.summary = False
        self.street = ""

    def fail(self, reason: str) -> SiteError:
        return self.b.fail(reason)

    def amount(self, text: str | None) -> int:
        if text is None:
            raise self.fail(f"an amount is missing: {self.text!r}")
        try:
            return units(text, self.b.unit)
        except AmountError as e:
            raise self.fail(str(e)) from None

    def run(self) -> HandHistory:
        self.read_header()
        for number, line in self.block.numbered():
            if number == self.block.first:
                continue
            self.b.at = number
            self.text = line.rstrip()
            self.line(self.text)
        return self.b.build()

    def read_header(self) -> None:
        header, b = self.header, self.b
        for name in _UNPLAYED:
            if name in header:
                raise b.unsupported(f"{name} is a game splitpot does not play", name)
        found = _GAME.search(header)
        if found is None or (found["hilo"] and found["game"] in ("Hold'em", "Razz")):
            raise b.unsupported(f"a game splitpot does not read: {header[:80]!r}")
        cards = found["cards"] or ""
        part = _PARTS[found["game"]] + cards + ("/8" if found["hilo"] else "")
        hole = 7 if part[0] in "7R" else 2 if part == "T" else int(cards or 4)
        kind = _KIND[found["limit"]]
        b.user["_site_game"] = found.group()
        if " Cap " in header:
            raise b.unsupported("capped no limit (a cap on what each player bets) is not played")
        stakes = _STAKES.findall(header)
        if not stakes:
            raise self.fail("no stakes in the hand's header")
        small, big, currency = stakes[-1]
        b.game = Game(part, kind, self.amount(small), self.amount(big), hole)
        if currency:
            b.fields["currency"] = currency
        symbol = re.match(r"[^0-9]+", small)
        if symbol is not None and b.unit == CENT:
            b.fields["currency_symbol"] = symbol.group()
        when = _WHEN.search(header)
        if when is not None:
            y, mo, d, h, mi, s = (int(x) for x in when.groups()[:6])
            try:
                b.fields.update(date_fields(datetime.datetime(y, mo, d, h, mi, s), when[7]))
            except ValueError:
                raise self.fail(f"not a date: {when.group()!r}") from None

    def line(self, line: str) -> None:
        line = _rupees(line)
        if not line:
            return
        if line.startswith("*** "):
            self.street_line(line)
        elif self.summary:
            self.summary_line(line)
        elif line.startswith("Table '"):
            self.table_line(line)
        elif line.startswith("Seat ") and self.names is None:
            self.seat_line(line)
        elif not _NOTES.match(line):
            self.play_line(line)

    def table_line(self, line: str) -> None:
        found = _TABLE.match(line)
        if found is None:
            raise self.fail(f"not a table line: {line!r}")
        self.b.fields["table"] = found.group(1)
        if found.group(2) is not None:
            self.b.seat_count = int(found.group(2))
        if found.group(3) is not None:
            self.b.button = int(found.group(3))

    def seat_line(self, line: str) -> None:
        found = _SEAT.match(line)
        if found is None:
            raise self.fail(f"not a seat line: {line!r}")
        seat, name, stack, _ = found.groups()
        self.b.seat(int(seat), name, self.amount(stack))

    def name_pattern(self) -> re.Pattern[str]:
        """A line that starts with a seated player's name and a colon: longest names first,
        as one name may begin another's."""
        if self.names is None:
            names = sorted(self.b.players, key=len, reverse=True)
            alternatives = "|".join(map(re.escape, names))
            self.names = re.compile(f"^({alternatives}): (.*)$")
            self.dealt_to = re.compile(
                rf"^Dealt to ({alternatives}) \[([^]]*)\](?: \[([^]]*)\])?\s*$"
            )
        return self.names

    def street_line(self, line: str) -> None:
        found = _STREET.match(line)
        if found is None:
            raise self.fail(f"not a street line: {line!r}")
        title, first, second = found.groups()
        self.name_pattern()
        if self.street == "RIVER":
            self.b.deal_unseen()
        if title == "SUMMARY":
            self.summary = True
        elif title in ("FLOP", "TURN", "RIVER") and first is not None:
            new = _cards(second if second is not None else first)
            if len(new) != (3 if title == "FLOP" else 1):
                raise self.fail(f"the {title.lower()} has {len(new)} new cards: {line!r}")
            self.b.board(new)
        elif title in ("HOLE CARDS", "SHOW DOWN", "RIVER"):
            self.street = title
            if title == "RIVER":  # stud's seventh street (no card: each is dealt his own)
                self.b.street()
        elif re.fullmatch(r"[3-6]th STREET|3rd STREET", title):
            self.street = title
            self.b.street()
        elif "FIRST" in title or "SECOND" in title or "THIRD" in title:
            raise self.b.unsupported(f"'*** {title} ***': run it twice is not played")
        else:
            raise self.b.unsupported(f"'*** {title} ***' is a street splitpot does not play")

    def play_line(self, line: str) -> None:
        b = self.b
        for pattern, handler in self.others():
            found = pattern.match(line)
            if found is not None:
                handler(found)
                return
        found = self.name_pattern().match(line)
        if found is None:
            if "cashed out" in line.lower() or "cash out" in line.lower():
                raise b.unsupported("a cash-out is not played")
            if line.startswith("Hand cancelled"):
                raise b.unsupported("the hand was cancelled")
            raise self.fail(f"a line this reader does not know: {line!r}")
        name, rest = found.groups()
        self.action(name, rest.rstrip())

    def others(self) -> list[tuple[re.Pattern[str], Callable[[re.Match[str]], None]]]:
        return [
            (self.dealt_to, self.dealt),
            (_COLLECTED, lambda m: self.b.collect(m[1], self.amount(m[2]))),
            (_UNCALLED, lambda m: self.b.returned(m[2], self.amount(m[1]))),
        ]

    def dealt(self, found: re.Match[str]) -> None:
        name, first, second = found.groups()
        game = self.b.game
        assert game is not None
        if game.hole_cards != 7:
            self.b.hole(name, _cards(first))
            return
        if second is not None:
            self.b.hole(name, _cards(second))
            return
        cards: list[str | None] = list(_cards(first))
        if len(cards) == 1:  # another player's door card; his two down cards are not seen
            cards = [None, None, *cards]
        self.b.hole(name, cards)

    def action(self, name: str, rest: str) -> None:
        found = _ACTIONS.match(rest)
        if found is None:
            raise self.fail(f"an action this reader does not know: {name}: {rest!r}")
        verb, a, b_ = found["verb"], found["a"], found["b"]
        b = self.b
        if self.street == "RIVER" and verb not in ("shows", "mucks hand", "doesn't show hand"):
            b.deal_unseen()
        match verb:
            case "folds":
                b.fold(name)
                if a is not None:  # "folds [Ah Kd]": his cards, shown as he folds
                    b.reveal(name, _cards((a + " " + (found["rest"] or "")).strip(" []")))
            case "checks":
                b.check(name)
            case "calls":
                b.call(name, self.amount(a))
            case "bets":
                b.bet(name, self.amount(a))
            case "raises":
                b.raise_to(name, self.amount(b_))
            case "completes it to":
                b.raise_to(name, self.amount(a))
            case "brings in for":
                b.bring_in(name, self.amount(a))
            case "posts small blind" | "posts big blind":
                b.blind(name, self.amount(a))
            case "posts small & big blinds":
                b.post_both(name, self.amount(a))
            case "posts the ante":
                b.ante(name, self.amount(a))
            case "shows":
                b.show(name, _cards(rest[len("shows ") :].split("]")[0].strip(" [")))
            case "mucks hand" | "doesn't show hand":
                pass
            case _:
                raise b.unsupported(f"{name}: {verb}: a draw or straddle is not played")

    def summary_line(self, line: str) -> None:
        found = _TOTAL.match(line)
        if found is not None:
            self.b.total = self.amount(found[1])
            self.b.rake = self.amount(found[2])
            return
        found = _MUCKED.match(line)
        if found is not None and found[1] in self.b.players:
            self.b.reveal(found[1], _cards(found[2]))


def _rupees(line: str) -> str:
    """The rupee amounts of 2023 (``Rs. 1``) as one word, as other currencies write theirs."""
    return line.replace("Rs. ", "Rs.")


def _cards(text: str) -> list[str | None]:
    cards: list[str | None] = list(text.split())
    return cards
