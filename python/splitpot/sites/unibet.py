"""Unibet hand histories (the client of 2021: cash games of no-limit hold'em), read into PHH
histories.

Unibet writes::

    Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04
    *** Seated players ***
    Seat 1: Player0 (€5.15)
    *** Blinds and button ***
    Player4 has the button
    Player0 posts small blind €0.05
    *** Hole cards ***
    Dealt in Player0
    Dealt to Hero [Ac 7c]
    *** Preflop ***
    Hero raises €0.95 to €0.95, and is all-in
    Hero wins €1.10
    *** Summary ***
    Total pot €1.10 Rake €0
    Seat 4: Hero: bet €0.95 and won €1.10, net result: €0.15

How it is read (docs/sites.md, "Unibet"):

* ``raises X to Y``: ``Y`` is the player's total on the street; ``calls`` and ``bets`` are
  read as what he adds (the one real hand seen has neither: the summary's ``bet`` of each
  player, his total, would show a hand that means otherwise as damaged, never as a match).
* A bet no one called is not written as given back: what a player ``wins`` holds it, as
  the summary's ``Total pot`` does (:func:`~splitpot.sites.payout.settle`).
* The summary gives, for each player who put chips in, what he ``bet`` in all, what he
  ``won`` and his ``net result``: each is checked against the play.
"""

from __future__ import annotations

import re

from splitpot.sites.base import BLINDS, VERBS, Block, LineReader, Rules, SiteReader, cards
from splitpot.sites.payout import settle

NAME = "Unibet"
HEADER = re.compile(r"(?m)^Game #(\d{1,20}): Table ")

_HEAD = re.compile(
    r"^Game #\d+: Table (?P<table>.*) - (?P<small>[\d.]+)/(?P<big>[\d.]+) - (?P<game>.*) - "
    r"(?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d) (?P<y>\d{4})/(?P<mo>\d\d)/(?P<d>\d\d)\s*$"
)
# The site's names of the games (Banzai is the name of a kind of table, played as the game).
_GAMES = {"No Limit Hold'Em": "T", "No Limit Hold'Em Banzai": "T"}
_SEAT = re.compile(r"^Seat (?P<seat>\d{1,9}): (?P<name>.+) \((?P<stack>[^()]*)\)\s*$")
_STREET = re.compile(r"^\*\*\* ([A-Z][a-z]+(?: [a-z]+){0,2}) \*\*\*((?: \[[^][]*\])*)\s*$")
_PLAIN = frozenset({"Seated players", "Blinds and button", "Hole cards", "Preflop"})
_BOARD = {"Flop": 3, "Turn": 4, "River": 5}  # the board's cards by the street
_DEALT = re.compile(r"^Dealt to (.+) \[([^][]*)\]\s*$")
_DEALT_IN = re.compile(r"^Dealt in (.+)$")  # (the line is right-stripped)
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises|posts small blind|posts big blind)"
    r"(?: (?P<a>\S+))?(?: to (?P<to>\S+))?(?:, and is all-in)?\s*$"
)
_WINS = re.compile(r"^wins (?P<a>\S+)\s*$")
_BUTTON = re.compile(r"^has the button$")
_TOTAL = re.compile(r"^Total pot (?P<total>\S+) Rake (?P<rake>\S+)\s*$")
_RESULT = re.compile(r"^bet (?P<bet>\S+) and won (?P<won>\S+), net result: (?P<net>\S+)\s*$")
_VERBS = {**VERBS, **BLINDS, "raises": "raise to"}


class UnibetHand(LineReader):
    """One Unibet hand."""

    NAME = NAME
    HEADER = HEADER
    ACTORS = (" ",)  # "Hero raises €0.95 to €0.95"
    VERBS = _VERBS
    SEAT = _SEAT
    CLOSING = re.compile(r"^\*\*\* Summary \*\*\*")

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.board: list[str | None] = []
        self.stated: tuple[int, int] | None = None  # the summary's total pot and rake
        self.results: dict[str, tuple[int, int, int]] = {}  # bet, won, net

    def read_header(self) -> None:
        found = _HEAD.match(self.header)
        if found is None:
            raise self.fail(f"not a Unibet header: {self.header[:100]!r}")
        name = found["game"]
        self.b.user["_site_game"] = name
        if name not in _GAMES:
            raise self.unsupported(f"{name}: a game splitpot does not read", name)
        small, big = self.amount(found["small"]), self.amount(found["big"])
        self.facts.game(_GAMES[name], "N", small, big)
        self.b.fields["table"] = found["table"]
        fields = (found[k] for k in ("y", "mo", "d", "h", "mi", "s"))
        self.facts.date(*fields, zone=None, text=found.group())
        if "€" in found["table"]:
            self.b.fields["currency"] = "EUR"

    def rules(self) -> Rules:
        return [(_DEALT, self.dealt), (_DEALT_IN, self.dealt)]

    def dealt(self, found: re.Match[str]) -> None:
        """``Dealt to NAME [cards]``, or ``Dealt in NAME``: his cards not seen."""
        if found[1] not in self.b.players:
            raise self.unknown(self.text)
        self.b.hole(found[1], cards(found[2]) if found.re is _DEALT else [])

    def street_line(self, line: str) -> None:
        found = _STREET.match(line)
        if found is None:
            raise self.unknown(line)
        title = found[1]  # (the seats are fixed at the first player's line)
        if title == "Summary":
            self.summary = True
        elif title in _BOARD:
            shown = cards(found[2].replace("[", " ").replace("]", " "))
            known = len(self.board)
            if shown[:known] != self.board or len(shown) != _BOARD[title]:
                raise self.damaged(f"the site contradicts itself: the board is {line!r}")
            self.board = shown
            self.b.street_cards(title.upper(), shown[known:], line)
        elif title not in _PLAIN:
            raise self.unsupported(f"'*** {title} ***' is a street splitpot does not play")

    def action(self, name: str, rest: str) -> None:
        if _BUTTON.match(rest):
            self.b.button = self.b.players[name].seat
            return
        found = _ACTION.match(rest)
        if found is not None:
            amount = found["to"] if found["verb"] == "raises" else found["a"]
            if not self.move(name, found["verb"], amount, text=rest):
                raise self.unknown(self.text)
        elif (won := _WINS.match(rest)) is not None:
            self.b.collect(name, self.amount(won["a"]))
        elif rest.startswith("shows ["):
            self.b.show(name, cards(rest[len("shows [") :].partition("]")[0]))
        else:
            raise self.unknown(self.text)

    def summary_line(self, line: str) -> None:
        total = _TOTAL.match(line)
        if total is not None:
            self.stated = (self.amount(total["total"]), self.amount(total["rake"]))
            return
        seat = self.actor(line.partition(": ")[2], (": ",)) if line.startswith("Seat ") else None
        result = None if seat is None else _RESULT.match(seat[2])
        if seat is None or result is None:
            raise self.unknown(line)
        net = result["net"]
        signed = -self.amount(net.replace("-", "", 1)) if "-" in net else self.amount(net)
        self.results[seat[0]] = (self.amount(result["bet"]), self.amount(result["won"]), signed)

    def finish(self) -> None:
        """What each player ``wins`` holds his bet no one called; the summary's pot, rake
        and each player's bet, win and net result are the play's."""
        b = self.b
        if self.stated is None:
            raise self.damaged("lines missing: the summary has no total pot")
        total, rake = self.stated
        won = sum(p.collected for p in b.players.values())
        if won + rake != total:
            raise self.damaged(
                f"the site contradicts itself: it pays {won} and rakes {rake} of a pot of {total}"
            )
        settle(b, uncalled_in_win=True)
        if b.rake != rake:
            raise self.damaged(
                f"the site contradicts itself: it rakes {rake}, the pot kept {b.rake}"
            )
        for p in b.players.values():
            stated = self.results.get(p.name, (0, 0, 0))
            got = (p.put_in, p.collected + p.returned, p.collected + p.returned - p.put_in)
            if stated != got:
                raise self.damaged(
                    f"the site contradicts itself: {p.name} bet, won and ends with {stated}; "
                    f"the play gives {got}"
                )


READER = SiteReader(NAME, HEADER, UnibetHand.parse, marker="Game #")
