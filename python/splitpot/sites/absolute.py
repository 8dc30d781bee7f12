"""Absolute Poker and UltimateBet hand histories (the Cereus network's text, 2007 to 2011:
cash games and tournaments; hold'em, Omaha Hi/Lo), read into PHH histories.

Cereus writes ``NAME - ACTION``::

    Stage #1773383021: Holdem  No Limit $1, $0.25 ante - 2009-11-30 15:50:12 (ET)
    Table: QUAIL AVE (Real Money) Seat #5 is the dealer
    Seat 5 - RABIATOR ($98 in chips)
    CAPTAIN_HADOK - Posts small blind $0.50
    *** POCKET CARDS ***
    KWOKMAN007 - Raises $2 to $2
    KWOKMAN007 - returned ($1) : not called
    *** SHOW DOWN ***
    KWOKMAN007 Collects $4 from main pot
    *** SUMMARY ***
    Total Pot($4)

How it is read:

* ``Raises X to Y`` and ``All-In(Raise) X to Y`` raise to Y on the street; ``Calls``,
  ``Bets`` and ``All-In`` give what the player puts in (an all-in is a call, a bet or a
  raise as it tops the highest bet or not). ``returned (X) : not called`` is the bet given
  back.
* ``Normal`` is fixed limit (its header names the bets: ``Normal $25/$50``); a no-limit or
  pot-limit header names the big blind (``No Limit $1``), and the small blind is the one
  posted. ``Posts dead $40 dead $15`` is a live big
  blind of 25 and a dead small blind of 15 (§4.1).
* ``Total Pot($165) | Rake ($3)`` is the pot with the rake and any jackpot fee in it; the
  "7-2 proposition" side bet pays from outside the hand: not played.
"""

from __future__ import annotations

import re

from splitpot.sites.base import Block, LineReader, Rules, SiteReader
from splitpot.sites.builder import Game, Kind
from splitpot.sites.patterns import LIMITS, dealt_rule, seat_line

NAME = "Absolute Poker/UltimateBet"
HEADER = re.compile(r"(?m)^Stage #C?(\d{1,20})[: ]")

_GAME = re.compile(r"\b(Holdem|HOLDEM|Omaha Hi/Lo|Omaha)\b")
_PARTS = {"Holdem": "T", "HOLDEM": "T", "Omaha Hi/Lo": "O/8", "Omaha": "O"}
_KIND = re.compile(r"\b(No Limit|Pot Limit)\b|\b(Normal|NORMAL) \$?[\d.,]+/")
_KINDS: dict[str, Kind] = {**LIMITS, "Normal": "F", "NORMAL": "F"}
_BIG = re.compile(r"(?:No Limit|Pot Limit) \$?([\d.,]+)")  # the big blind
_BETS = re.compile(r"(?:Normal|NORMAL) \$?([\d.,]+)/\$?([\d.,]+)")
_WHEN = re.compile(r" - (\d{4})-(\d\d)-(\d\d) (\d\d?):(\d\d):(\d\d)")
_TABLE = re.compile(r"^Table: (.*) \((?:Real|Play) Money\) Seat #(\d{1,9}) is the dealer\s*$")
_SEAT = re.compile(r"^Seat (\d{1,9}) - (.+) \((\$?[\d.,]+) in chips\)\s*$")
_STREET = re.compile(r"^\*\*\* ([A-Z ]+?) \*\*\*(?: \[([^]]*)\])?(?: \[([^]]*)\])?\s*$")
_ACTION = re.compile(
    r"^(?P<verb>Posts small blind|Posts big blind|Posts dead|Ante|Folds|Checks|Calls|Bets"
    r"|Raises|All-In\(Raise\)|All-In|returned|Does not show|Mucks|Shows)"
    r"(?: \(?(?P<a>\$?[\d.,]+)\)?(?: (?:to|dead) (?P<b>\$?[\d.,]+))?)?(?P<rest>.*)$"
)
_COLLECTS = re.compile(r"^Collects (\$?[\d.,]+) from (main pot|side pot-\d+|.*)\s*$")
_TOTAL = re.compile(r"^Total Pot\((\$?[\d.,]+)\)(.*)$")
_TAKEN = re.compile(r" \| ([A-Za-z0-9 ]+?) \((\$?[\d.,]+)\)")


def _cards(text: str) -> list[str | None]:
    return [c.replace("10", "T") for c in text.split()]


_VERBS = {
    "Checks": "check",
    "Ante": "ante",
    "returned": "returned",
    "Calls": "call",
    "Bets": "bet",
    "All-In": "put in",  # "All-In X": what he puts in
    "Raises": "put in",  # without "to Y"
    "All-In(Raise)": "put in",
}


class AbsoluteHand(LineReader):
    NAME = NAME
    HEADER = HEADER
    ACTOR = " "
    CLOSING = re.compile(r"^Total Pot\(")
    VERBS = _VERBS

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.posted: dict[str, int] = {}
        self.dealt = False  # "*** POCKET CARDS ***" is read

    def tournament(self) -> bool:
        return "Tourney ID" in self.header

    def read_header(self) -> None:
        b, header = self.b, self.header
        game = _GAME.search(header)
        kind = _KIND.search(header)
        if game is None or kind is None:
            raise self.unsupported(f"a game splitpot does not read: {header[:80]!r}")
        named = kind[1] or kind[2]
        letter = _KINDS[named]
        b.user["_site_game"] = f"{game[1]} {named}"
        small = big = 0
        if letter == "F":
            bets = _BETS.search(header)
            if bets is None:
                raise self.fail(f"a fixed-limit header without its bets: {header[:80]!r}")
            small, big = self.amount(bets[1]), self.amount(bets[2])
        self.facts.game(_PARTS[game[1]], letter, small, big)
        if "Tourney ID" in header:
            found = re.search(r"Tourney ID (\d+)", header)
            b.fields["event"] = f"Tournament #{found[1]}" if found else "Tournament"
        elif "$" in header:
            b.fields["currency"], b.fields["currency_symbol"] = "USD", "$"
        self.facts.when(_WHEN.search(header), zone="ET")

    def set_up(self, line: str) -> bool:
        b = self.b
        if seat_line(self, _SEAT.match(line)):
            return True
        found = _TABLE.match(line)
        if found is not None:
            b.fields["table"] = found[1]
            b.button = b.number(found[2])
            return True
        return not line.strip()

    def rules(self) -> Rules:
        return [dealt_rule(self, _cards)]

    def street_line(self, line: str) -> None:
        found = self.street_match(_STREET, line)
        title, first, second = found.groups()
        if title == "POCKET CARDS":
            self.dealt = True
            self.stakes()
        elif title == "SUMMARY":
            self.summary = True
        elif title in ("FLOP", "TURN", "RIVER") and first is not None:
            self.b.street_cards(title, _cards(second if second is not None else first), line)
        elif title != "SHOW DOWN":
            raise self.fail(f"a street this reader does not know: {line!r}")

    def stakes(self) -> None:
        """A no-limit or pot-limit game's stakes: the header's big blind (``No Limit $1``)
        and the small blind posted."""
        b, game = self.b, self.b.game
        assert game is not None
        if game.kind == "F":
            return
        named = _BIG.search(self.header)
        small = self.posted.get("small", 0)
        big = self.amount(named[1]) if named is not None else self.posted.get("big", 0)
        if not big:
            raise self.unsupported("no big blind is posted: the hand's stakes are not written")
        b.game = Game(game.part, game.kind, small, big)

    def action(self, name: str, rest: str) -> None:
        b = self.b
        if not rest.startswith("- "):
            self.collects(name, rest)
            return
        found = _ACTION.match(rest[2:])
        if found is None:
            raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        verb, a, to = found["verb"], found["a"], found["b"]
        if verb in ("Does not show", "Mucks", "Shows", "Folds"):
            shown = re.search(r"\[([^][]*)\]", found["rest"])  # "Folds (Fold & Show [..])"
            if verb == "Folds":
                b.fold(name)
            if shown is not None and verb in ("Shows", "Folds"):
                (b.show if verb == "Shows" else b.reveal)(name, _cards(shown[1]))
            return
        if verb.startswith("Posts") or (verb == "All-In" and not self.dealt):
            self.post(name, verb, self.amount(a), to)
        elif to is not None:  # Raises X to Y, All-In(Raise) X to Y
            b.raise_to(name, self.amount(to))
        else:
            self.move(name, verb, a)

    def collects(self, name: str, rest: str) -> None:
        """ "Collects $4 from main pot" (or a side pot); another pot is a side bet."""
        found = _COLLECTS.match(rest)
        if found is None:
            raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        if found[2] != "main pot" and not found[2].startswith("side pot"):
            raise self.unsupported(f"the {found[2]}: a side bet paid outside the hand")
        self.b.collect(name, self.amount(found[1]))

    def post(self, name: str, verb: str, amount: int, dead: str | None) -> None:
        """A blind: small, big, or "dead $40 dead $15" (25 live, 15 dead); an all-in before
        the cards (hand 1968055293: "All-In $191.27" where the big blind is $200) is the
        big blind if the small one is posted."""
        b = self.b
        if verb == "Posts dead":
            part = self.amount(dead)
            b.blind(name, amount - part, dead=part)
            return
        big = verb == "Posts big blind" or (verb == "All-In" and "small" in self.posted)
        self.posted.setdefault("big" if big else "small", amount)
        b.blind(name, amount, big=big)

    def summary_line(self, line: str) -> None:
        found = _TOTAL.match(line)
        if found is not None:
            taken = _TAKEN.findall(found[2])
            if any("Proposition" in what for what, _ in taken):
                raise self.unsupported("a 7-2 proposition pot: a side bet paid outside the hand")
            self.b.total = self.amount(found[1])
            self.b.rake = sum(self.amount(x) for _, x in taken)


READER = SiteReader(NAME, HEADER, AbsoluteHand.parse, marker="Stage #")
