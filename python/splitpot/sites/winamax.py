"""Winamax hand histories (the client's text, 2010 to today: cash games, HOLD-UP and Go Fast
fast-fold tables, tournaments; hold'em, Omaha, Omaha Hi/Lo, stud, stud Hi/Lo, razz), read
into PHH histories.

Winamax's text is not PokerStars': ``NAME posts big blind 0.05€`` (no colon, the euro sign
after the amount), ``*** PRE-FLOP ***``, boards written ``[4c Ts 5h][3d]``, stud's unseen
cards as ``X``, one collection per half of a hi/lo pot (``pot(HI)``, ``pot(LO)``). Two
things read differently from what they say:

* Winamax writes no "uncalled bet returned" line: the bet no one called is in what its
  bettor "collected". The reader works it out at the end of each betting round (the part of
  the largest bet that no other player matched) and gives it back as PokerStars writes it,
  so ``winnings`` are what he won from the pots, as every reader's are.
* ``Total pot`` is the pot after the rake, with the uncalled bet in it.

Every line is read by one rule below or is an error naming it; an action the reader does not
know is never skipped.
"""

from __future__ import annotations

import re
from decimal import Decimal

from splitpot.sites.base import BLINDS, VERBS, Block, LineReader, Rules, SiteReader
from splitpot.sites.money import CENT, CHIP, AmountError, units

NAME = "Winamax"
# What comes before "HandId" is bounded: a line of many "Winamax Poker - " is not searched
# to its end from each (review H4).
HEADER = re.compile(r"(?m)^Winamax Poker - [^\n]{0,400}?HandId: #([0-9-]+) - ")

# The site's game names: the PHH game part; then those splitpot does not play, and why.
_GAMES: dict[str, str] = {
    "Holdem": "T",
    "Omaha": "O",
    "Omaha5": "O5",
    "5 Card Omaha": "O5",
    "Omaha Hi/Lo": "O/8",
    "Omaha8": "O/8",
    "5 Card Omaha Hi/Lo": "O5/8",
    "7-Card Stud": "7S",
    "7-Card Stud Hi/Lo": "7S/8",
    "Razz": "R",
}
_UNPLAYED = {"2-7 Triple Draw": "a draw game", "Lowball27": "2-7 lowball, a draw game"}
_LIMITS = {"no limit": "N", "pot limit": "P", "fixed limit": "F"}
# The header after its HandId (read by partition, not by one pattern with two lazy parts,
# which is quadratic on a long line: review H4).
_HEAD = re.compile(
    r"^(?P<game>.+?) (?P<limit>no limit|pot limit|fixed limit) \((?P<stakes>[^()]*)\) - "
    r"(?P<when>.*)$"
)
_WHEN = re.compile(r"(\d{4})/(\d\d)/(\d\d) (\d\d?):(\d\d):(\d\d)(?: ([A-Z]{2,4}))?")
# "Table: 'Derby' 2-max (play money) Seat #2 is the button"; 2012 wrote "Seat 0000005", 2021
# "Table 'Nagoya'" without the colon.
_TABLE = re.compile(
    r"^Table:? '(?P<table>.*)' (?P<max>\d+)-max(?: \((?:real|play) money\))?\s*"
    r"(?:Seat #?(?P<button>\d+) is the button)?\s*$"
)
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[^(),]+)(?:, [^()]*)?\)$")
# A big blind "out of position" is a live one posted out of turn (new to the table, or back
# after missing blinds: docs/rules/poker.md §4.1).
_VERBS = {**VERBS, **BLINDS, "brings in": "bring in", "posts ante": "ante"}
# "*** TURN *** [3h Td 6d][Jc]"; "*** FLOP ***: [...]" (2021), "[3c 7d 2s] [3h]" (2013).
_STREET = re.compile(r"^\*\*\* (.+?) \*\*\*:?\s*(?:\[([^]]*)\])?\s*(?:\[([^]]*)\])?\s*$")
_TOTAL = re.compile(r"^Total pot (\S+) \| (?:Rake (\S+)|No rake)\s*$")
# The summary's "Seat 1: Ann (button) showed [...]": the seated name is found first, so no
# lazy name stands before the repeated groups (quadratic on a long line: review H4).
_SUMMARY_SEAT = re.compile(r"^Seat \d+: (.*)$")
_SHOWED = re.compile(r"^(?:\([^)]*\) )*showed \[([^]]*)\]")
_COLLECTED = re.compile(r"from (?:main pot|side pot \d+|pot) ?(?:\((?:HI|LO)\))?")
_DEALT_TO = re.compile(r"^Dealt to (.*)$")
_HELD = re.compile(r"^\[([^]]*)\](?: \[([^]]*)\])?$")
_FRACTION = re.compile(r"[0-9]\.[0-9]+(?![0-9k])")  # not the summary's "6.02k"
_SUMMARY_NOTE = re.compile(r"^(?:Board: \[.*\]|Seat \d+: .*)$")
_DENY = re.compile(r"^.+ (?:deny (?:BB|SB) (\S+)|denies (?:big|small) blind)$")
_ACTIONS = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises|brings in|posts small blind|posts big blind"
    r"|posts ante|shows|collected)(?: (?P<a>\S+))?(?: to (?P<b>\S+))?(?P<rest>.*)$"
)


class WinamaxHand(LineReader):
    NAME = NAME
    HEADER = HEADER
    CLOSING = re.compile(r"^Total pot ")
    ACTORS = (" ",)
    VERBS = _VERBS
    TABLE = _TABLE
    SEAT = _SEAT

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.open = False  # a betting round is going on: its uncalled bet not yet worked out
        self.uncalled: dict[str, int] = {}
        # The stated pot (after the rake, the uncalled bet in) and how far off its rounding
        # may put it.
        self.total: tuple[int, int] | None = None

    def finish(self) -> None:
        """The stated pot is what the players collected, the uncalled bets with it."""
        paid = sum(p.collected for p in self.b.players.values()) + sum(self.uncalled.values())
        if self.total is not None and abs(paid - self.total[0]) > self.total[1]:
            raise self.damaged(
                f"lines missing or the site contradicts itself: its total pot is {self.total[0]}, "
                f"but it paid out {paid}"
            )

    def tournament(self) -> bool:
        return self.header.startswith("Winamax Poker - Tournament")

    def unit(self) -> Decimal:
        """A cash game's cent; a tournament's chip, or its hundredth when the hand has
        fractional chips (the 2010 ticket tournament: ``bets 292.50``)."""
        if not self.header.startswith("Winamax Poker - Tournament"):
            return CENT
        return CENT if any(_FRACTION.search(line) for line in self.block.lines[1:]) else CHIP

    def read_header(self) -> None:
        b = self.b
        kind, _, rest = self.header.removeprefix("Winamax Poker - ").partition(" - HandId: #")
        found = _HEAD.match(rest.partition(" - ")[2])
        if found is None:
            raise self.fail(f"not a hand header this reader knows: {self.header[:100]!r}")
        part = _GAMES.get(found["game"])
        if part is None:
            why = _UNPLAYED.get(found["game"], "a game this reader does not know")
            raise b.unsupported(
                f"{found['game']} {found['limit']}: {why}", f"{found['game']} {found['limit']}"
            )
        stakes = found["stakes"].split("/")
        if len(stakes) not in (2, 3):
            raise self.fail(f"stakes this reader does not know: ({found['stakes']})")
        small, big = (self.amount(x) for x in stakes[-2:])
        self.facts.game(part, _LIMITS[found["limit"]], small, big)  # type: ignore[arg-type]
        b.user["_site_game"] = f"{found['game']} {found['limit']}"
        tournament = re.match(r'Tournament "([^"]*)"(?:.* level: (\d+))?', kind)
        if tournament is not None:
            b.fields["event"] = tournament[1]
            if tournament[2] is not None:
                b.fields["level"] = b.number(tournament[2], "level")
        elif "€" in found["stakes"]:
            b.fields["currency"], b.fields["currency_symbol"] = "EUR", "€"
        when = _WHEN.search(found["when"])
        self.facts.when(when, zone=when[7] if when else None)

    def line(self, line: str) -> None:
        super().line(line.strip())

    def rules(self) -> Rules:
        return [(_DEALT_TO, self.dealt), (_DENY, self.deny)]

    def street_line(self, line: str) -> None:
        found = _STREET.match(line)
        if found is None:
            raise self.fail(f"not a street line: {line!r}")
        title, first, second = found.groups()
        self.seats()
        b = self.b
        if title in ("ANTE/BLINDS", "PRE-FLOP", "3rd STREET"):
            return  # the blinds and the bring-in are the first round's bets
        self.end_round()
        if title == "SUMMARY":
            self.settle()
            self.summary = True
        elif title in ("FLOP", "TURN", "RIVER") and first is not None:
            b.board(_cards(second if second is not None else first))
            self.open = True
        elif re.fullmatch(r"[4-7]th STREET", title):
            b.street()
            self.open = True
        elif title != "SHOW DOWN":
            raise b.unsupported(f"'*** {title} ***' is a street splitpot does not play")

    def end_round(self) -> None:
        """The betting round is over: the part of the largest bet that no one else matched
        goes back to its bettor (Winamax writes it as part of what he collects)."""
        if not self.open:
            return
        self.open = False
        dealt = [p for p in self.b.players.values() if p.dealt]
        if len(dealt) < 2:
            return
        top = max(dealt, key=lambda p: p.street_in)
        second = max(p.street_in for p in dealt if p is not top)
        if top.street_in > second:
            excess = top.street_in - second
            self.b.returned(top.name, excess)
            self.uncalled[top.name] = self.uncalled.get(top.name, 0) + excess

    def settle(self) -> None:
        """What each bettor collected less the bet he was given back."""
        for name, excess in self.uncalled.items():
            if self.b.players[name].collected < excess:
                raise self.damaged(
                    f"the site contradicts itself: {name} collects less than his uncalled "
                    f"bet of {excess}"
                )
            self.b.collect(name, -excess)

    def stated(self, text: str) -> tuple[int, int]:
        """A stated pot and its tolerance: exact, or rounded to thousands (``6.02k`` is
        6,020 give or take 5: 2011's tournaments)."""
        if not text.endswith("k"):
            return self.amount(text), 0
        places = len(text[:-1].partition(".")[2])
        thousandth = self.b.unit / 1000  # "6.02" in thousandths of the unit is 6.02k units
        try:
            value = units(text[:-1], thousandth)
        except AmountError as e:
            raise self.fail(str(e)) from None
        return value, units("1", thousandth) // 10**places // 2

    def deny(self, found: re.Match[str]) -> None:
        # "deny BB 0€", "denies big blind": a player (often no longer seated, or sitting
        # out) does not post: nothing happens.
        if found[1] is not None and self.amount(found[1]) != 0:
            raise self.fail(f"a blind denied for an amount: {found.group()!r}")

    def dealt(self, found: re.Match[str]) -> None:
        actor = self.actor(found[1])
        held = None if actor is None else _HELD.match(actor[2])
        if actor is None or held is None:
            raise self.unknown(found.group())
        game = self.b.game
        assert game is not None
        first, second = held.groups()
        self.b.hole(actor[0], _cards(second if second is not None and game.stud else first))

    def action(self, name: str, rest: str) -> None:
        found = _ACTIONS.match(rest)
        if found is None:
            raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        verb, a, b_, tail = found["verb"], found["a"], found["b"], found["rest"].strip()
        if tail not in ("", "and is all-in", "out of position") and verb != "shows":
            if not (verb == "collected" and tail.startswith("from ")):
                raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        self.open = self.open or verb not in ("shows", "collected")
        self.play(name, verb, a, b_, tail)

    def play(self, name: str, verb: str, a: str | None, to: str | None, tail: str) -> None:
        b = self.b
        if verb == "raises":
            self.amount(a)  # "raises -6.10€ to 18.90€" (2016): refused as damaged
            b.raise_to(name, self.amount(to))
        elif verb == "posts small blind" and tail == "out of position":
            b.blind(name, 0, dead=self.amount(a))  # a missed small blind: dead (§4.1)
        elif self.move(name, verb, a):
            return
        elif verb == "shows":
            b.show(name, _cards((a or "") + " " + tail.split("]")[0]))
        elif _COLLECTED.fullmatch(tail):  # "from pot", "from side pot 1", "from pot(HI)"
            b.collect(name, self.amount(a))
        else:
            raise self.fail(f"a collection this reader does not know: {name} {tail!r}")

    def summary_line(self, line: str) -> None:
        found = _TOTAL.match(line)
        if found is not None:
            self.total = self.stated(found[1])
            self.b.rake = 0 if found[2] is None else self.amount(found[2])
            return
        seat = _SUMMARY_SEAT.match(line)
        actor = None if seat is None else self.actor(seat[1])
        showed = None if actor is None else _SHOWED.match(actor[2])
        if actor is not None and showed is not None:
            self.b.reveal(actor[0], _cards(showed[1]))
        elif not _SUMMARY_NOTE.match(line):
            raise self.fail(f"a summary line this reader does not know: {line!r}")


def _cards(text: str) -> list[str | None]:
    """Cards as Winamax writes them: ``X`` for one not seen."""
    return [None if c == "X" else c for c in text.replace("[", " ").replace("]", " ").split()]


READER = SiteReader(NAME, HEADER, WinamaxHand.parse, marker="Winamax Poker - ")
