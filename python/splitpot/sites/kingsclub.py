"""Kings Club hand histories (the private-club app's text, 2020 to 2023: cash games of many
games, a mixed game's hands one after another), read into PHH histories.

Kings Club writes::

    #39555673: Limit Holdem - 40/80
    2020-12-21 12:05:29
    Table 'HT' Seat 1 is the button
    Seat 1: Player0 (800)
    Player0: posts the small blind 20
    *** HOLE CARDS ***
    Dealt to Hero: [Ts 9h]
    Player0 raises to 80
    Hero calls 80
    *** TURN *** [2d 6s Js] [As]
    *** SUMMARY ***
    Seat 1: Player0 (999) +199
    Rake 1
    Player0 wins pot (399)

How it is read (docs/sites.md, "Kings Club"):

* ``calls``, ``bets`` and ``raises to`` all give the player's total on the street.
* A fixed-limit header names the bets (``40/80``), the others the blinds (``125/250``).
* The summary's ``Seat`` lines give every player's stack at the end: the site's result.
  Its ``wins`` lines may leave a side pot out (a hand of 2020 pays its main pot of 1,350
  and writes nothing of the side pot of 3,450 its stacks show paid), so what each player
  collected is what his stack at the end says; the ``wins`` lines, the ``Rake`` and the
  change written after each stack are checked against it. An uncalled bet is not written:
  it is what the largest contribution has over the next (:func:`~splitpot.sites.payout.settle`).
* A board run twice writes each run's turn and river in one line (``*** BOARD 2 - RIVER ***
  [- - - Kh] [Ac]``, a dash for a card of the board both runs share); a board dealt at once
  (all in) writes the cards not dealt yet in its ``RIVER`` line.
* Stud's streets are named one early: ``*** 3RD STREET ***`` heads the fourth card.
* Draw games, Badacey, Drawmaha and short-deck hold'em are not played: refused by name.
"""

from __future__ import annotations

import re

from splitpot.sites.base import BLINDS, VERBS, Block, LineReader, Rules, SiteReader
from splitpot.sites.builder import Kind
from splitpot.sites.patterns import LIMITS
from splitpot.sites.payout import check_stacks, settle

NAME = "Kings Club"
HEADER = re.compile(r"(?m)^#(\d{1,20}): (?:No Limit|Pot Limit|Limit|Fixed Limit) ")

_HEAD = re.compile(
    r"^#\d+: (?P<limit>No Limit|Pot Limit|Limit|Fixed Limit) (?P<game>.+)"
    r" - (?P<small>[\d,.]+)/(?P<big>[\d,.]+)\s*$"
)
_GAMES = {
    "Holdem": "T",
    "Omaha": "O",
    "Omaha 5 Card": "O5",
    "Omaha Hi-Lo": "O/8",
    "Big O": "O5/8",
    "Seven Card Stud": "7S",
    "Seven Card Stud Hi-Lo": "7S/8",
    "Razz": "R",
}
_KINDS: dict[str, Kind] = {**LIMITS, "Limit": "F"}
_WHEN = re.compile(r"^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\s*$")
_TABLE = re.compile(
    r"^Table '(?P<table>.*)'(?P<max>(?!))?(?: Seat (?P<button>\d{1,9}) is the button)?\s*$"
)
_SEAT = re.compile(r"^Seat (?P<seat>\d{1,9}): (?P<name>.+) \((?P<stack>[\d,.]+)\)\s*$")
_STREET = re.compile(r"^\*\*\* ([^*]+) \*\*\*(?: \[([^]]*)\])?(?: \[([^]]*)\])?\s*$")
_RUN = re.compile(r"^BOARD ([123]) - (?:FLOP|TURN|RIVER)$")
_STUD_STREETS = frozenset({"3RD STREET", "4TH STREET", "5TH STREET", "6TH STREET"})
_DEALT = re.compile(r"^Dealt to (.+): \[([^][]*)\]\s*$")  # no "[" inside: linear
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises to|brings in for|posts the small blind"
    r"|posts the big blind|posts ante|posts blind)(?: (?P<a>[\d,.]+))?(?:, and is all in)?\s*$"
)
_SHOWS = re.compile(r"^shows \[([^]]*)\]\s*$")
_WINS = re.compile(
    r"^wins (?:pot \((?P<a>[\d,.]+)\)|\((?P<b>[\d,.]+)\) from (?:side )?pot(?: \d+)?)$"
)
_FINAL = re.compile(
    r"^Seat \d{1,9}: (?P<name>.+) \((?P<final>[\d,.]+)\)(?: (?P<net>[+-][\d,.]+))?\s*$"
)
_RAKE = re.compile(r"^Rake ([\d,.]+)\s*$")
_VERBS = {
    **VERBS,
    **BLINDS,
    "posts the small blind": "small blind",
    "posts the big blind": "big blind",
    "posts ante": "ante",
    "posts blind": "live blind",  # a big blind posted out of turn (docs/rules/poker.md §4.1)
    "brings in for": "bring in",
    "raises to": "raise to",
    "bets": "raise to",  # his total on the street, as his calls and raises are
}
_STREET_CARDS = {0: "FLOP", 3: "TURN", 4: "RIVER"}  # the street that deals the next card(s)
_DEALT_BY = {3: "FLOP", 4: "TURN", 5: "RIVER"}  # the street whose line shows that many


class KingsClubHand(LineReader):
    """One Kings Club hand."""

    NAME = NAME
    HEADER = HEADER
    ACTORS = (" ", ": ")  # "NAME calls 80", "NAME: posts ante 11"
    VERBS = _VERBS
    TABLE = _TABLE
    SEAT = _SEAT
    CLOSING = re.compile(r"^\*\*\* SUMMARY \*")

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.board: list[str | None] = []  # the shared board, dealt so far
        self.runs: dict[int, int] = {}  # each run's board cards dealt, by run
        self.finals: dict[str, int] = {}  # the stacks at the end
        self.nets: dict[str, int] = {}  # the change written after each
        self.won: dict[str, int] = {}  # the "wins" lines, by player
        self.stated_rake = 0

    def read_header(self) -> None:
        found = _HEAD.match(self.header)
        if found is None:
            raise self.fail(f"not a Kings Club header: {self.header[:100]!r}")
        name = f"{found['limit']} {found['game']}"
        self.b.user["_site_game"] = name
        part = _GAMES.get(found["game"])
        if part is None:
            raise self.unsupported(f"{name}: a game splitpot does not play", name)
        small, big = self.amount(found["small"]), self.amount(found["big"])
        self.facts.game(part, _KINDS[found["limit"]], small, big)

    def set_up(self, line: str) -> bool:
        when = _WHEN.match(line)
        if when is not None:
            self.facts.when(when)
            return True
        return super().set_up(line)

    def rules(self) -> Rules:
        return [(_DEALT, self.dealt)]

    def dealt(self, found: re.Match[str]) -> None:
        name = found[1]
        if name not in self.b.players:
            raise self.unknown(self.text)
        self.b.hole(name, _cards(found[2]))

    def aside(self, name: str, sep: str, rest: str) -> None:
        self.action(name, rest)  # "NAME: posts ..." and "NAME calls ..." alike

    def action(self, name: str, rest: str) -> None:
        found = _ACTION.match(rest)
        if found is not None:
            verb = found["verb"]
            if verb == "calls":  # his total on the street
                p = self.b.players[name]
                self.b.call(name, self.amount(found["a"]) - p.street_in)
            elif verb == "raises to" and not found.group().endswith("all in"):
                self.raise_to(name, self.amount(found["a"]))
            elif not self.move(name, verb, found["a"], text=rest):
                raise self.unknown(self.text)
            return
        shown = _SHOWS.match(rest)
        if shown is None:
            raise self.unknown(self.text)
        self.b.show(name, _cards(shown[1]))

    def raise_to(self, name: str, total: int) -> None:
        """A raise to ``total``; on stud's third street, one from the bring-in by whole small
        bets over a completion is the site's rule, not splitpot's (docs/rules/poker.md §4.2
        KNOWN DIFFERENCE): refused, naming it."""
        b, game = self.b, self.b.game
        brought = b.bring_in_amount
        if game is not None and game.stud and game.kind == "F" and brought and not self.street:
            if (total - brought) % game.small == 0 and total % game.small:
                raise self.unsupported(
                    f"a raise to {self.text.rsplit(' ', 1)[-1]} on third street: the site "
                    "raises from the bring-in by whole bets, over a completion to the small "
                    "bet; splitpot raises from the completion (docs/rules/poker.md §4.2 KNOWN "
                    "DIFFERENCE)"
                )
        b.raise_to(name, total)

    def street_line(self, line: str) -> None:
        if line.startswith("*** SUMMARY * **"):  # the client's own misprint (2021, 2023)
            line = "*** SUMMARY ***"
        found = _STREET.match(line)
        if found is None:
            raise self.unknown(line)
        if self.seating is None:
            self.seats()
        title = found[1]
        bracketed = _cards(found[2] or "") + _cards(found[3] or "")
        if title == "SUMMARY":
            self.summary = True
        elif title == "HOLE CARDS":
            return
        elif title in ("FLOP", "TURN", "RIVER"):
            self.deal_board(title, bracketed)
        elif title in _STUD_STREETS:
            self.street = title
            self.b.street()
        elif (run := _RUN.match(title)) is not None:
            self.deal_run(int(run[1]), bracketed)
        else:
            raise self.unsupported(f"'*** {title} ***' is a street splitpot does not play")

    def deal_board(self, title: str, bracketed: list[str | None]) -> None:
        """The board so far, as a street line writes it: the cards not dealt yet dealt
        street by street (a ``RIVER`` line may bring the turn too, all in)."""
        known = len(self.board)
        if bracketed[:known] != self.board or len(bracketed) <= known:
            raise self.damaged(f"the site contradicts itself: the board is {self.text!r}")
        new = bracketed[known:]
        self.board += new
        self.deal(new, known, 0)
        if _DEALT_BY.get(len(self.board)) != title:
            raise self.damaged(f"the site contradicts itself: the board is {self.text!r}")

    def deal_run(self, run: int, bracketed: list[str | None]) -> None:
        """A run's board: a dash for each card of the board both runs share."""
        shared = len(self.board)
        dealt = self.runs.get(run, shared)
        new = bracketed[dealt:]
        shared_shown = zip(bracketed[:shared], self.board, strict=False)
        if len(bracketed) <= dealt or None in new or any(c and c != k for c, k in shared_shown):
            raise self.damaged(f"the site contradicts itself: the board is {self.text!r}")
        self.runs[run] = len(bracketed)
        self.deal(new, dealt, run)

    def deal(self, new: list[str | None], known: int, run: int) -> None:
        """``new`` board cards after ``known``, street by street (of run ``run``, if not 0)."""
        b = self.b
        if (
            not b.betting
            and sum(1 for p in b.players.values() if p.dealt and p.put_in < p.stack) > 1
        ):
            raise self.unsupported(
                "the flop is dealt before the first betting round (an All-in or Fold table): "
                "a game splitpot does not play"
            )
        while new:
            street = _STREET_CARDS.get(known, "")
            count = 3 if street == "FLOP" else 1
            if not street:
                raise self.damaged(
                    f"the site contradicts itself: a board of more than five cards: {self.text!r}"
                )
            b.street_cards(street, new[:count], self.text, run)
            new, known = new[count:], known + count

    def summary_line(self, line: str) -> None:
        found = _FINAL.match(line)
        if found is not None and found["name"] in self.b.players:
            name = found["name"]
            self.finals[name] = self.amount(found["final"])
            if found["net"] is not None:
                net = self.amount(found["net"][1:])
                self.nets[name] = -net if found["net"][0] == "-" else net
            return
        rake = _RAKE.match(line)
        if rake is not None:
            self.stated_rake = self.amount(rake[1])
            return
        actor = self.actor(line, (" ",))
        won = None if actor is None else _WINS.match(actor[2])
        if actor is None or won is None:
            raise self.unknown(line)
        name = actor[0]
        self.won[name] = self.won.get(name, 0) + self.amount(won["a"] or won["b"])

    def finish(self) -> None:
        """The site's result: each player's stack at the end. What he collected is what it
        says (his bet no one called in it, given back by :func:`settle`); his ``wins`` lines
        and the change written after it agree with it."""
        b = self.b
        for p in b.players.values():
            if p.name in self.nets and self.nets[p.name] != self.finals[p.name] - p.stack:
                raise self.damaged(
                    f"the site contradicts itself: {p.name} ends with {self.finals[p.name]} "
                    f"of {p.stack}, and it writes a change of {self.nets[p.name]}"
                )
            if p.dealt and p.name in self.finals:
                p.collected = self.finals[p.name] - p.stack + p.put_in
                if p.collected < 0:
                    raise self.damaged(
                        f"the site contradicts itself: {p.name} ends with "
                        f"{self.finals[p.name]}, less than the {p.stack - p.put_in} he kept"
                    )
        settle(b, uncalled_in_win=True)
        check_stacks(b, self.finals, self.stated_rake)
        for name, won in self.won.items():
            p = b.players[name]
            if not p.dealt or p.collected < won:
                raise self.damaged(
                    f"the site contradicts itself: {name} wins {won}, and his stack at the "
                    f"end says {p.collected}"
                )


def _cards(text: str) -> list[str | None]:
    """``"Ts 9h"``; ``X`` a card not seen, ``-`` one of a board both runs share."""
    return [None if c in ("X", "-") else c for c in text.split()]


READER = SiteReader(NAME, HEADER, KingsClubHand.parse, marker="#")
