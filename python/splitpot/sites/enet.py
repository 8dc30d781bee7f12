"""Enet Poker hand histories (the network's text, 2012: cash games of hold'em and Omaha, in
euros with a decimal comma), read into PHH histories.

Enet writes a text close to PokerStars'::

    Game #7732310: Omaha (€0,25/€0,50) - 23:31:54 29.7.2012 - %6
    Table 'SantElena 1 - Pot Limit' 6-max Seat #4 is the button
    Seat 1: Player0 (€41,87 in chips)
    Player4: posts small blind €0,25
    *** HOLECARDS ***
    Player4: calls €0,25
    Rake: €0,09
    *** FLOP *** [9c2cQd]
    Player4: bets €1,50
    *** TURN *** [9c2cQd8s]
    Player4: collected (€10,57) from pot
    *** SUMMARY ***
    Total pot €0 | Rake €0,67
    Seat 6: Player4 (small blind) showed [9dJd2dTd] and won (€10,57) with Straight, Queens high

How it is read (docs/sites.md, "Enet"):

* The betting structure is in the table's name (``'SantElena 1 - Pot Limit'``).
* ``calls``, ``bets``, ``raises`` and ``goes all-in`` give what the player adds (an all-in
  is a call or a raise as it tops the street or not).
* Cards are glued (``[9c2cQd]``), and each street line writes the whole board so far.
* The rake is taken street by street (``Rake: €0,09``); the summary's ``Rake`` is their sum,
  and its ``Total pot`` is not the pot (``€0`` for a pot of €11.24): it is not read. What
  each player ``collected`` in the play is what the summary says he won (else the site
  contradicts itself).
"""

from __future__ import annotations

import re

from splitpot.sites.base import VERBS, Block, LineReader, Rules, SiteReader
from splitpot.sites.builder import Kind

NAME = "Enet"
HEADER = re.compile(r"(?m)^Game #(\d{1,20}): (?:Omaha|Hold'em) \(")

_HEAD = re.compile(
    r"^Game #\d+: (?P<game>Omaha|Hold'em) \((?P<small>[^/()]+)/(?P<big>[^/()]+)\) - "
    r"(?P<h>\d\d?):(?P<mi>\d\d):(?P<s>\d\d) (?P<d>\d\d?)\.(?P<mo>\d\d?)\.(?P<y>\d{4})"
)
_PARTS = {"Hold'em": "T", "Omaha": "O"}
_KINDS: dict[str, Kind] = {"No Limit": "N", "Pot Limit": "P"}
_TABLE = re.compile(
    r"^Table '(?P<table>.* - (?P<limit>[^'-]*))' "
    r"(?P<max>\d{1,2})-max Seat #(?P<button>\d{1,2}) is the button\s*$"
)
_SEAT = re.compile(r"^Seat (?P<seat>\d{1,9}): (?P<name>.+) \((?P<stack>[^()]*) in chips\)\s*$")
_STREET = re.compile(
    r"^\*\*\* (HOLECARDS|FLOP|TURN|RIVER|SHOWDOWN|SUMMARY) \*\*\*(?: \[(\w*)\])?\s*$"
)
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises|goes all-in|posts small blind|posts big blind)"
    r"(?: (?P<a>€?-?[\d,.]+))?\s*$"
)
_COLLECTED = re.compile(r"^collected \((?P<a>[^()]+)\) from pot\s*$")
_SHOWS = re.compile(r"^shows \[(\w*)\]")
_SAYS = re.compile(r"^(?:mucked|mucks hand)\s*$")
_UNCALLED = re.compile(r"^Uncalled bet \((?P<a>[^()]+)\) returned to (?P<name>.+)$")
_RAKE = re.compile(r"^Rake: (?P<a>\S+)\s*$")
_TOTAL = re.compile(r"^Total pot \S+ \| Rake (?P<a>\S+)\s*$")
_WON = re.compile(r"(?:collected|and won) \((?P<a>[^()]+)\)")
_VERBS = {
    **VERBS,
    "raises": "bet",  # what he adds
    "goes all-in": "put in",
    "posts small blind": "small blind",
    "posts big blind": "big blind",
}
_CARD = re.compile(r"(10|[2-9TJQKA])([cdhs])")


class EnetHand(LineReader):
    """One Enet hand."""

    NAME = NAME
    HEADER = HEADER
    ACTORS = (": ", " ")  # "NAME: calls €2"; "NAME collected (€0,20) from pot" (2012)
    VERBS = _VERBS
    TABLE = _TABLE
    SEAT = _SEAT
    CLOSING = re.compile(r"^\*\*\* SUMMARY \*\*\*")

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.board: list[str | None] = []
        self.raked = 0  # the rake taken street by street
        self.summary_won: dict[str, int] = {}  # what the summary says each won

    def read_header(self) -> None:
        found = _HEAD.match(self.header)
        table = next(filter(None, map(_TABLE.match, self.block.lines[1:2])), None)
        if found is None or table is None:
            raise self.fail(f"not an Enet header: {self.header[:100]!r}")
        name = f"{table['limit']} {found['game']}"
        self.b.user["_site_game"] = name
        kind = _KINDS.get(table["limit"])
        if kind is None:  # (only no limit and pot limit were seen: a fixed limit's stakes?)
            raise self.unsupported(f"{name}: a structure this reader does not know", name)
        small, big = self.amount(found["small"]), self.amount(found["big"])
        self.facts.game(_PARTS[found["game"]], kind, small, big)
        fields = (found[k] for k in ("y", "mo", "d", "h", "mi", "s"))
        self.facts.date(*fields, zone=None, text=found.group())
        if "€" in found["small"]:
            self.b.fields["currency"] = "EUR"

    def amount(self, text: str | None, *, decimal: str = ",") -> int:
        return super().amount(text, decimal=decimal)

    def rules(self) -> Rules:
        return [(_UNCALLED, self.uncalled), (_RAKE, self.rake)]

    def uncalled(self, found: re.Match[str]) -> None:
        if found["name"] not in self.b.players:
            raise self.unknown(self.text)
        self.b.returned(found["name"], self.amount(found["a"]))

    def rake(self, found: re.Match[str]) -> None:
        self.raked += self.amount(found["a"])

    def street_line(self, line: str) -> None:
        found = _STREET.match(line)
        if found is None:
            raise self.unknown(line)
        if self.seating is None:
            self.seats()
        title, board = found[1], found[2]
        if title == "SUMMARY":
            self.summary = True
        elif title in ("FLOP", "TURN", "RIVER"):
            dealt = _cards(board or "")
            known = len(self.board)
            if dealt[:known] != self.board:
                raise self.damaged(f"the site contradicts itself: the board is {line!r}")
            self.board = dealt
            self.b.street_cards(title, dealt[known:], line)

    def aside(self, name: str, sep: str, rest: str) -> None:
        won = _COLLECTED.match(rest)
        if won is None:
            raise self.unknown(self.text)
        self.b.collect(name, self.amount(won["a"]))

    def action(self, name: str, rest: str) -> None:
        found = _ACTION.match(rest)
        if found is not None:
            if found["a"] is None and found["verb"] != "folds" and found["verb"] != "checks":
                raise self.damaged(
                    f"the site contradicts itself: {name} {found['verb']} of nothing"
                )
            self.move(name, found["verb"], found["a"], text=rest)
        elif (shown := _SHOWS.match(rest)) is not None:
            self.b.show(name, _cards(shown[1]))
        elif (won := _COLLECTED.match(rest)) is not None:
            self.b.collect(name, self.amount(won["a"]))
        elif not _SAYS.match(rest):
            raise self.unknown(self.text)

    def summary_line(self, line: str) -> None:
        total = _TOTAL.match(line)
        if total is not None:
            self.b.rake = self.amount(total["a"])
            return
        if line.startswith("Board ["):
            return
        seat = self.actor(line.partition(": ")[2], (" ",)) if line.startswith("Seat ") else None
        if seat is None:
            raise self.unknown(line)
        won = _WON.search(seat[2])
        if won is not None:
            self.summary_won[seat[0]] = self.amount(won["a"])

    def finish(self) -> None:
        """The rake taken street by street is the summary's; what each player collected in
        the play is what the summary says he won."""
        b = self.b
        if self.raked != b.rake:
            raise self.damaged(
                f"the site contradicts itself: it takes {self.raked} of rake street by "
                f"street, and its summary says {b.rake}"
            )
        for p in b.players.values():
            if p.collected != self.summary_won.get(p.name, 0):
                raise self.damaged(
                    f"the site contradicts itself: {p.name} collects {p.collected}, and its "
                    f"summary says he won {self.summary_won.get(p.name, 0)}"
                )


def _cards(text: str) -> list[str | None]:
    """``"Td4h7d"``, glued, as a list of cards (``10d`` as ``Td``)."""
    found: list[str | None] = [("T" if r == "10" else r) + s for r, s in _CARD.findall(text)]
    if _CARD.sub("", text):
        found.append(text)  # not cards: the builder or the replay names it
    return found


READER = SiteReader(NAME, HEADER, EnetHand.parse, marker="Game #")
