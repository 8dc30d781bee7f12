"""Seals With Clubs hand histories (the bitcoin site's text, 2013: cash games of hold'em and
Omaha, in millibitcoins), read into PHH histories.

Seals With Clubs writes::

    Hand #5223590-18 - 2013-04-09 19:37:28
    Game: NL Hold'em (40 - 200) - Blinds 1/2
    Site: Seals With Clubs
    Table: NLHE 6max 1/2 #5
    Seat 1: Player0 (40)
    Player4 has the dealer button
    Player0 posts small blind 1
    ** Hole Cards **
    Dealt to Hero [2d 8s]
    Player2 calls 2
    ** Flop ** [Td 3h 5s]
    Player4 bets 4
    Player3 folds
    Player4 refunded 4
    ** Pot Show Down ** [Td 3h 5s Ah Kh]
    Player4 wins Pot (8) with High Card
    Rake (0)

How it is read (docs/sites.md, "Seals With Clubs"):

* ``raises to`` gives the player's total on the street; ``calls`` and ``bets`` what he puts
  in. ``posts small & big blind`` is the big blind, live, and the small one, dead
  (docs/rules/poker.md §4.1).
* A fixed-limit header names the bets (``Stakes 2/4``), the others the blinds (``Blinds
  1/2``); the range after the game's name is the table's buy-in.
* Each pot is paid with its own ``Rake (...)`` line: the hand's rake is their sum, and the
  pot is what the pots paid and raked (the builder checks it against what was put in). A
  bet no one called is ``refunded``.
* ``NAME adds 94 chips`` after the pots is a top-up for the next hand: no part of this one.
"""

from __future__ import annotations

import re

from splitpot.sites.base import VERBS, LineReader, Rules, SiteReader, cards
from splitpot.sites.builder import Kind

NAME = "Seals With Clubs"
HEADER = re.compile(r"(?m)^Hand #(\d{1,20}-\d{1,9}) - \d{4}-")

_HEAD = re.compile(r"^Hand #[\d-]+ - (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\s*$")
_GAME = re.compile(
    r"^Game: (?P<game>(?P<limit>NL|PL|Limit) (?P<name>Hold'em|Omaha)|.+?) \([\d. -]*\) - "
    r"(?:Blinds|Stakes) (?P<small>[\d.]+)/(?P<big>[\d.]+)\s*$"
)
_PARTS = {"Hold'em": "T", "Omaha": "O"}
_KINDS: dict[str, Kind] = {"NL": "N", "PL": "P", "Limit": "F"}
_SEAT = re.compile(
    r"^Seat (?P<seat>\d{1,9}): (?P<name>.+) \((?P<stack>[\d.]+)\)(?: - sitting out)?\s*$"
)
# (The line loop right-strips every line: no trailing spaces are left to match.)
_SET_UP = re.compile(r"^(?:Site: Seals With Clubs|Table: (?P<table>.*))$")
_STREET = re.compile(r"^\*\* ([^*]+) \*\*(?: \[([^][]*)\])?\s*$")
_SHOWDOWN = re.compile(r"^(?:(?:Main |Side )?Pot(?: \d{1,2})? Show Down|Hole Cards)$")
_DEALT = re.compile(r"^Dealt to (.+) \[([^][]*)\]\s*$")
_RAKE = re.compile(r"^Rake \(([\d.]+)\)\s*$")
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises to|posts small blind|posts big blind"
    r"|posts small & big blind|refunded)(?: (?P<a>[\d.]+))?(?: \(All-in\))?\s*$"
)
_WINS = re.compile(r"^wins (?:Main Pot|Side Pot \d{1,2}|Pot) \((?P<a>[\d.]+)\)(?: with .*)?$")
_SAYS = re.compile(r"^(?:adds [\d.]+ chips|has the dealer button)\s*$")
_VERBS = {
    **VERBS,
    "posts small blind": "small blind",
    "posts big blind": "big blind",
    "posts small & big blind": "both blinds",
    "raises to": "raise to",
    "refunded": "returned",
}


class SWCHand(LineReader):
    """One Seals With Clubs hand."""

    NAME = NAME
    HEADER = HEADER
    ACTORS = (" ",)  # "NAME calls 2"
    VERBS = _VERBS
    SEAT = _SEAT
    STREET_MARK = "** "
    CLOSING = _RAKE

    def read_header(self) -> None:
        self.facts.when(_HEAD.match(self.header))
        found = next(filter(None, map(_GAME.match, self.block.lines[1:4])), None)
        if found is None:
            raise self.fail("no Game: line in the hand's header")
        name = found["game"]
        self.b.user["_site_game"] = name
        if found["name"] is None:
            raise self.unsupported(f"{name}: a game splitpot does not read", name)
        small, big = self.amount(found["small"]), self.amount(found["big"])
        self.facts.game(_PARTS[found["name"]], _KINDS[found["limit"]], small, big)

    def set_up(self, line: str) -> bool:
        if line.startswith("Game: "):
            return True  # read with the header
        found = _SET_UP.match(line)
        if found is not None:
            if found["table"] is not None:
                self.b.fields["table"] = found["table"]
            return True
        if line.endswith(" has the dealer button"):
            name = line.removesuffix(" has the dealer button")
            if name not in self.b.players:
                raise self.unknown(line)
            self.b.button = self.b.players[name].seat
            return True
        return super().set_up(line)

    def rules(self) -> Rules:
        return [(_DEALT, self.dealt), (_RAKE, self.rake)]

    def dealt(self, found: re.Match[str]) -> None:
        if found[1] not in self.b.players:
            raise self.unknown(self.text)
        self.b.hole(found[1], cards(found[2]))

    def rake(self, found: re.Match[str]) -> None:
        self.b.rake += self.amount(found[1])

    def street_line(self, line: str) -> None:
        found = _STREET.match(line)
        if found is None:
            raise self.unknown(line)
        if self.seating is None:
            self.seats()
        title, board = found[1], found[2]
        if title in ("Flop", "Turn", "River") and board is not None:
            self.b.street_cards(title.upper(), cards(board), line)
        elif not _SHOWDOWN.match(title):
            raise self.unsupported(f"'** {title} **' is a street splitpot does not play")

    def action(self, name: str, rest: str) -> None:
        found = _ACTION.match(rest)
        if found is not None:
            if not self.move(name, found["verb"], found["a"], text=rest):
                raise self.unknown(self.text)
            return
        b = self.b
        if rest.startswith("shows ["):
            shown = rest[len("shows [") :].partition("]")[0]
            b.show(name, cards(shown))
        elif (won := _WINS.match(rest)) is not None:
            b.collect(name, self.amount(won["a"]))
        elif not _SAYS.match(rest):
            raise self.unknown(self.text)


READER = SiteReader(NAME, HEADER, SWCHand.parse, marker="Hand #")
