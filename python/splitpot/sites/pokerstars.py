"""PokerStars hand histories (the client's text, 2008 to today; cash games, tournaments, Zoom
and home games), read into PHH histories.

Every line of a hand is read by one rule below or is an error naming it: an action this
reader does not know is never skipped. Lines that change nothing (chat, "is sitting out",
"has timed out", connection notes, the summary's seat lines) are listed in :data:`_NOTES`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import ClassVar, NamedTuple

from splitpot.sites.base import (
    VERBS,
    Block,
    Guarded,
    LineReader,
    Remembered,
    Rules,
    SiteReader,
    cards,
)
from splitpot.sites.builder import Game, Kind
from splitpot.sites.errors import SiteError
from splitpot.sites.facts import keep
from splitpot.sites.money import CENT, CHIP

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
_TOURNAMENT = re.compile(r"Tournament #(\d+)")
_SYMBOL = re.compile(r"[^0-9]+")  # the currency's sign before an amount
_MONEY = ("$", "€", "£", "₹", "Rs.")  # a cash game's currency signs (else play money)
# Capped no limit (2010-2011): "($0.25/$0.50 - $10 Cap -  USD)", the cap on what each
# player may put in the hand (docs/rules/poker.md §3 DECISION).
_CAP = re.compile(r" - (\S+) Cap - ")
_STAKES = re.compile(r"\((?:[^(),]*, )?([^()/,]+)/([^()/ ]+)(?: ([A-Z]{3}))?\)")
WHEN = re.compile(r"(\d{4})/(\d\d)/(\d\d) (\d\d?):(\d\d):(\d\d) ?([A-Z]{2,4})?")
# The table line is read to its end: a button that is not a seat number is an error.
_TABLE = re.compile(
    r"^Table '(?P<table>.*)'(?: (?P<max>\d+)-max)?(?: \(Play Money\))?"
    r"(?: Seat #(?P<button>\d+) is the button)?$"
)
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]+?) in chips[^)]*\)")
_STREET = re.compile(r"^\*\*\* (.+?) \*\*\*(?: \[([^]]*)\])?(?: \[([^]]*)\])?")
_VERBS = VERBS | {
    "raises": "raise to",
    "completes it to": "raise to",
    "brings in for": "bring in",
    "posts small blind": "small blind",
    "posts big blind": "big blind",
    "posts small & big blinds": "both blinds",
    "posts the ante": "ante",
}
_COLLECTED = Guarded(
    re.compile(r"^(.+?) collected (\S+) from (side pot(?:-\d+)?|main pot|pot)\s*$"), " collected "
)
_UNCALLED = re.compile(r"^Uncalled bet \((\S+)\) returned to (.+?)\s*$")
_TOTAL = re.compile(r"^Total pot (\S+) .*\| Rake (\S+)")
# All-in Cash Out (2020 on): the site pays the player, and keeps the pot share he then wins,
# which the summary states: "won ($2.29) with ... (pot not awarded as player cashed out)".
_CASHED_OUT = Guarded(
    re.compile(r"^(.+) cashed out the hand for (\S+)(?: \| Cash Out Fee (\S+))?\s*$"),
    " cashed out the hand for ",
)
_NOT_AWARDED = re.compile(r" won \((\S+)\) .*\(pot not awarded as player cashed out\)$")
_RUN_COUNT = {"Hand was run twice": 2, "Hand was run three times": 3}
# The summary's "Seat 3: Bob (big blind) mucked [...]": the seated name is found first, so
# no lazy name stands before the repeated groups (quadratic on a long line: review H4).
_SUMMARY_SEAT = re.compile(r"^Seat \d+: (.*)$")
_MUCKED = re.compile(r"^(?:\([^)]*\) )*mucked \[([^]]*)\]")
_DEALT_TO = re.compile(r"^Dealt to (.*)$")
_HELD = re.compile(r"^\[([^]]*)\](?: \[([^]]*)\])?\s*$")
_EMPTY = Guarded(re.compile(r"^(.+):$"), ":")
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
_ACTION_OF = Remembered(_ACTIONS)  # the verb, the amounts and the rest of "calls 2"...


class StarsHand(LineReader):
    """One PokerStars hand; GGPoker's reader is this one with GG's words
    (:mod:`splitpot.sites.ggpoker`)."""

    NAME = NAME
    HEADER = HEADER
    CLOSING = re.compile(r"^Total pot ")
    NOTES = _NOTES
    VERBS = _VERBS
    TABLE = _TABLE
    SEAT = _SEAT
    STREETS = _STREET
    STREET_BETS = re.compile(r"[3-6]th STREET|3rd STREET|RIVER")  # stud: a RIVER of no cards
    SEVENTH = "RIVER"
    RUN_TWICE = re.compile(r"(?P<run>FIRST|SECOND|THIRD) (?P<street>FLOP|TURN|RIVER|SHOW ?DOWN)")
    STATEFUL: ClassVar[frozenset[str]] = frozenset({"posts small blind"})
    """The verbs whose text is not remembered (:meth:`LineReader.move`): a second small blind
    is a dead one (:meth:`action`); every other post means the same move in any state."""

    def __init__(self, block: Block) -> None:
        self.head: StarsHeader | None = None  # made by unit(), the first hook to read it
        super().__init__(block)

    def header_line(self) -> str:
        return _rupees(self.block.lines[0])

    def tournament(self) -> bool:
        return "Tournament #" in self.header

    def unit(self) -> Decimal:
        self.head = StarsHeader(self.header)
        return self.head.unit()

    def read_header(self) -> None:
        assert self.head is not None
        self.head.read(self)

    def stakes(self) -> tuple[str, str, str]:
        """The header's last ``(small/big CUR)``."""
        stakes = _STAKES.findall(_uncapped(self.header))
        if not stakes:
            raise self.fail("no stakes in the hand's header")
        small, big, currency = stakes[-1]
        return small, big, currency

    def body(self) -> Iterator[tuple[int, str]]:
        lines = super().body()
        if "Rs." not in self.header:
            return lines
        return ((number, _rupees(line)) for number, line in lines)

    def rules(self) -> Rules:
        return [
            (_DEALT_TO, self.dealt_to),
            (_EMPTY, self.empty),
            (
                _COLLECTED,
                lambda m: self.b.collect(m[1], self.amount(m[2]), run=self.board_run, pot=m[3]),
            ),
            (_UNCALLED, lambda m: self.b.returned(m[2], self.amount(m[1]))),
            (  # money between him and the site, not the pot's (docs/sites.md "Cash-outs")
                _CASHED_OUT,
                lambda m: self.b.cash_out(
                    m[1], paid=self.amount(m[2]), fee=self.amount(m[3]) if m[3] else 0
                ),
            ),
        ]

    def unknown(self, line: str) -> SiteError:
        if line.startswith("Hand cancelled"):
            return self.unsupported("the hand was cancelled")
        return super().unknown(line)

    def dealt_to(self, found: re.Match[str]) -> None:
        """ "Dealt to NAME [cards]", or a stud street's "[seen] [new]"."""
        actor = self.actor(found[1], (" ",))
        held = None if actor is None else _HELD.match(actor[2])
        if actor is None or held is None:
            raise self.unknown(found.group())
        self.dealt(actor[0], held[1], held[2])

    def empty(self, found: re.Match[str]) -> None:
        """ "Player11: " (2021): an empty action PokerStars writes for the players all-in
        when the run-it-twice question goes unanswered; it changes nothing."""
        if found[1] not in self.b.players:
            raise self.unknown(found.group())

    def dealt(self, name: str, first: str, second: str | None) -> None:
        game = self.b.game
        assert game is not None
        if not game.stud:
            self.b.hole(name, cards(first))
            return
        if second is not None:
            self.b.hole(name, cards(second))
            return
        seen = cards(first)
        if len(seen) == 1:  # another player's door card; his two down cards are not seen
            seen = [None, None, *seen]
        self.b.hole(name, seen)

    def action(self, name: str, rest: str) -> None:
        found = _ACTION_OF.groups(rest)
        if found is None:
            raise self.fail(f"an action this reader does not know: {name}: {rest!r}")
        verb, a, to, more = found
        assert verb is not None
        b = self.b
        if self.street == "RIVER" and verb not in ("shows", "mucks hand", "doesn't show hand"):
            b.deal_unseen()
        if verb == "raises":
            a = to  # "raises $2 to $3": to $3
        elif verb == "posts small blind" and False in b.blind_posters:
            # A second small blind: one who missed his posts it out of turn, dead
            # (docs/rules/poker.md §4.1); he then calls the full big blind.
            verb = "posts a dead small blind"
        if verb == "folds" and a is not None:  # "folds [Ah Kd]": his cards, shown as he folds
            b.fold(name)
            b.reveal(name, cards((a + " " + (more or "")).strip(" []")))
        elif verb == "posts a dead small blind":
            b.blind(name, 0, dead=self.amount(a))
        elif self.move(name, verb, a, text="" if verb in self.STATEFUL else rest):
            return  # a blind's meaning depends on the blinds posted before it
        elif verb == "shows":
            b.show(name, cards(rest[len("shows ") :].split("]")[0].strip(" [")))
        elif verb not in ("mucks hand", "doesn't show hand"):
            raise b.unsupported(f"{name}: {verb}: a draw or straddle is not played")

    def summary_line(self, line: str) -> None:
        if line.startswith("Seat "):  # a seat's line says what was not seen only by a muck
            if line.endswith("cashed out)"):
                _not_awarded(self, line)
            elif " mucked [" in line:
                _mucked(self, line)
            return
        found = _TOTAL.match(line)
        if found is not None:
            self.b.total = self.amount(found[1])
            self.b.rake = self.amount(found[2])
        elif line in _RUN_COUNT:
            self.b.stated_runs = _RUN_COUNT[line]


def _mucked(hand: StarsHand, line: str) -> None:
    """The summary's "Seat 3: Bob (big blind) mucked [...]": his cards, seen."""
    seat = _SUMMARY_SEAT.match(line)
    actor = None if seat is None else hand.actor(seat[1], (" ",))
    mucked = None if actor is None else _MUCKED.match(actor[2])
    if actor is not None and mucked is not None:
        hand.b.reveal(actor[0], cards(mucked[1]))


def _not_awarded(hand: StarsHand, line: str) -> None:
    """The summary's "Seat 8: NAME ... won ($2.29) ... (pot not awarded as player cashed
    out)": the pot share the rules give him (no "collected" line says it), which the site
    kept, having paid him his cash-out (docs/sites.md "Cash-outs")."""
    found = _NOT_AWARDED.search(line)
    seat = None if found is None else _SUMMARY_SEAT.match(line)
    actor = None if seat is None else hand.actor(seat[1], (" ",))
    if found is None or actor is None:
        return
    b = hand.b
    p, won = b.player(actor[0]), hand.amount(found[1])
    if p.cash_out == 0 or won < p.collected:
        raise hand.damaged(f"the site contradicts itself: {line!r}")
    b.collect(actor[0], won - p.collected)
    b.cash_out(actor[0], kept=won)


class _Header(NamedTuple):
    """What a header says but its hand number and date (:meth:`StarsHeader.facts`): the
    same for every hand of a table's stakes or a tournament's level, so read once."""

    unit: Decimal  # CENT in a cash game of a currency, else CHIP
    site_game: str  # the site's name of the game: "Hold'em No Limit"
    game: Game
    cap: int | None  # capped no limit (docs/rules/poker.md §3): the most put in a hand
    currency: str  # "USD"; "" where not written
    symbol: str  # "$"; "" in a tournament or play money
    event: str | None  # "Tournament #N"


_HEADERS: dict[str, _Header] = {}
"""The headers read, by :meth:`StarsHeader.key` (at most :data:`~splitpot.sites.facts.KEPT`)."""
_AFTER_DATE = re.compile(r"(?: \[[0-9/: A-Z]*\])?")  # the date in ET after the local one


class StarsHeader:
    """A hand's header line (:class:`StarsHand`'s part): its date, and what the rest says,
    read once for all the hands whose headers say the same (:data:`_HEADERS`)."""

    __slots__ = ("known", "text", "when")

    def __init__(self, text: str) -> None:
        self.text = text
        # A date's first "/" is its fifth character: none starts before the header's first.
        self.when = WHEN.search(text, max(0, text.find("/") - 4))
        self.known = _HEADERS.get(self.key())

    def key(self) -> str:
        """What the header says between its hand number and its date, when nothing but a
        date follows (all that :meth:`facts` reads is then in it); else ``""``."""
        text, when = self.text, self.when
        if when is None or _AFTER_DATE.fullmatch(text, when.end()) is None:
            return ""
        return text[text.find(":") : when.start()]

    def unit(self) -> Decimal:
        """What a chip of the hand is worth: CENT in a cash game of a currency, else CHIP."""
        if self.known is not None:
            return self.known.unit
        text = self.text
        cash = _TOURNAMENT.search(text) is None and bool(_STAKES.findall(_uncapped(text)))
        return CENT if cash and any(map(text.__contains__, _MONEY)) else CHIP

    def read(self, hand: StarsHand) -> None:
        """The game, the stakes, the tournament and the date, written to the hand's builder."""
        known = self.known
        if known is None:
            known = self.facts(hand)
            keep(_HEADERS, self.key(), known, 1 << 10)
        b = hand.b
        b.user["_site_game"], b.game, b.cap = known.site_game, known.game, known.cap
        if known.currency:
            b.fields["currency"] = known.currency
        if known.symbol:
            b.fields["currency_symbol"] = known.symbol
        if known.event:
            b.fields["event"] = known.event
        when = self.when
        hand.facts.when(when, zone=when[7] if when else None)

    def facts(self, hand: StarsHand) -> _Header:
        """What the header says but its hand number and date, read (errors: the hand's)."""
        text, b = self.text, hand.b
        if any(map(text.__contains__, _UNPLAYED)):
            name = next(name for name in _UNPLAYED if name in text)
            raise b.unsupported(f"{name} is a game splitpot does not play", name)
        found = _GAME.search(text, text.find(":") + 1)  # after "... Hand #N:"
        if found is None or (found["hilo"] and found["game"] in ("Hold'em", "Razz")):
            raise b.unsupported(f"a game splitpot does not read: {text[:80]!r}")
        part = _PARTS[found["game"]] + (found["cards"] or "") + ("/8" if found["hilo"] else "")
        b.user["_site_game"] = found.group()  # (named by the errors that follow)
        small, big, currency = hand.stakes()
        hand.facts.game(part, _KIND[found["limit"]], hand.amount(small), hand.amount(big))
        assert b.game is not None
        cap = _CAP.search(text) if " Cap " in text else None
        symbol = _SYMBOL.match(small) if b.unit == CENT else None
        return _Header(
            b.unit,
            found.group(),
            b.game,
            None if cap is None else hand.amount(cap[1]),
            currency,
            "" if symbol is None else symbol.group(),
            tournament_event(text),
        )


def tournament_event(header: str) -> str | None:
    """The hand's tournament (PHH's ``event``), ``"Tournament #N"``, if it is one's."""
    found = _TOURNAMENT.search(header)
    return None if found is None else f"Tournament #{found.group(1)}"


def _uncapped(header: str) -> str:
    """The header without its cap ("($1/$2 - $40 Cap -  USD)" as "($1/$2 USD)")."""
    return _CAP.sub("", header) if " Cap " in header else header


def _rupees(line: str) -> str:
    """The rupee amounts of 2023 (``Rs. 1``) as one word, as other currencies write theirs."""
    return line.replace("Rs. ", "Rs.")


READER = SiteReader(NAME, HEADER, StarsHand.parse, marker="PokerStars ")
