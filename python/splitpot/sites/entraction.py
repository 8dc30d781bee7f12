"""Entraction hand histories (the network's client text, 2011 to 2012: cash games and
tournaments; hold'em, Omaha, five-card Omaha, Omaha Hi/Lo), read into PHH histories.

Entraction writes a hand in columns::

    Game # 2137921772 - Omaha High Pot Limit EUR 0.02/0.04 - Table "Abashiri"

    Players(max 6):
    Player0                     (EUR 3.92 in seat 1)
    ...
    Dealer:                     Player4
    Small Blind:                Player0     (0.02)
    Big Blind:                  Player1     (0.04)

    Hero was dealt:         5d - 9h - 4d - Kh

    Player2                     Raise       (0.11)
    Player0                     Call        (0.09)

    Flop                        3d - Ah - 8h
    ...
    Player3 wins:               EUR 0.42 (with two pairs, Sixes and Threes)
    Rake:                       EUR 0.02

    Game ended 2011-03-21 17:10:04 GMT

How it is read:

* Every amount of an action is what the player puts in with it: ``Raise (0.50)`` adds 0.50
  to what he had in on the street (the big blind's ``Raise (1.00)`` at fixed limit 1/2 goes
  to 2), as ``Call``, ``Bet`` and ``All-In`` do; an ``All-In`` is a call, a bet or a raise as
  it tops the street's highest bet or not. ``Payback`` is the uncalled bet given back.
* The stakes are the blinds, but a fixed-limit header's are the small and big bet.
  A tournament's header names no currency (``No Limit 200/400 and 20 ante``): chips.
* ``Small + Big Blind`` is the big blind live and the small one dead (§4.1), ``Blind out of
  turn`` a live big blind posted out of turn.
* The result: the ``wins`` lines (a pot each) and the ``Rake``.
"""

from __future__ import annotations

import re

from splitpot.sites.base import Block, LineReader, Rules, SiteReader
from splitpot.sites.patterns import LIMITS, dealt_rule

NAME = "Entraction"
HEADER = re.compile(r'(?m)^\ufeff?Game # ?(\d{1,20}) - (?=[^\n]{1,200} - Table ")')

_HEAD = re.compile(
    r"^\ufeff?Game # ?\d+ - (?P<game>5-Card Omaha High|5-Card Omaha Hi/Lo|Omaha High"
    r"|Omaha Hi/Lo|Texas Hold'em) (?P<limit>No Limit|Pot Limit|Fixed Limit) "
    r"(?:(?P<cur>[A-Z]{3}) )?(?P<small>[\d.,]+)/(?P<big>[\d.,]+)"
    r"(?: and (?P<ante>[\d.,]+) ante)? - Table \"(?P<table>.*)\"\s*$"
)
_PARTS = {
    "Texas Hold'em": "T",
    "Omaha High": "O",
    "Omaha Hi/Lo": "O/8",
    "5-Card Omaha High": "O5",
    "5-Card Omaha Hi/Lo": "O5/8",
}
_SEAT = re.compile(r"\((?:[A-Z]{3} )?([\d.,]+) in seat (\d{1,9})\)\s*$")
_ROLE = re.compile(r"^(Dealer|Small Blind|Big Blind|Small \+ Big Blind|Blind out of turn): +(.*)$")
_POSTED = re.compile(r"\(([\d.,]+)\)$")
_BOARD = re.compile(r"^(Flop|Turn|River) +(.*)$")
_ACTION = re.compile(
    r"^(?P<verb>Fold|Check|Call|Bet|Raise|All-In|Payback|Ante)(?: +\((?P<a>[\d.,]+)\))?\s*$"
)
_RESULT = re.compile(r"^(?P<verb>shows|wins|didn't show hand):?(?: +(?P<rest>.*))?$")
_WINS = re.compile(r"^(?:[A-Z]{3} )?([\d.,]+)(?: (?:split pot|side pot|main pot))*(?: \(.*\))?$")
_RAKE = re.compile(r"^Rake: +(?:[A-Z]{3} )?([\d.,]+)\s*$")
_ENDED = re.compile(r"^Game ended (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?: ([A-Z]{3}))?")


def _cards(text: str) -> list[str | None]:
    """``5d - 9h - 4d - Kh`` as cards (a ten is ``T``)."""
    return [c.strip() for c in text.strip().split(" - ") if c.strip()]


_VERBS = {
    "Fold": "fold",
    "Check": "check",
    "Ante": "ante",
    "Payback": "returned",
    "Call": "call",
    "Bet": "bet",
    "Raise": "bet",  # by the amount
    "All-In": "put in",  # what he puts in
}


class EntractionHand(LineReader):
    NAME = NAME
    HEADER = HEADER
    ACTOR = " +"
    CLOSING = re.compile(r"^(?:Rake: |Game ended )")  # a tournament states no rake
    VERBS = _VERBS

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.rake_seen = False

    def tournament(self) -> bool:
        found = _HEAD.match(self.header)
        return found is not None and found["cur"] is None

    def read_header(self) -> None:
        b = self.b
        found = _HEAD.match(self.header)
        if found is None:
            raise self.unsupported(f"a game splitpot does not read: {self.header[:80]!r}")
        b.user["_site_game"] = f"{found['game']} {found['limit']}"
        kind = LIMITS[found["limit"]]
        small, big = self.amount(found["small"]), self.amount(found["big"])
        self.facts.game(_PARTS[found["game"]], kind, small, big)
        b.fields["table"] = found["table"]
        if found["cur"] is not None:
            b.fields["currency"] = found["cur"]

    def set_up(self, line: str) -> bool:
        if line.startswith("Players(max "):
            found = re.match(r"^Players\(max (\d{1,9})\):", line)
            if found is not None:
                self.b.seat_count = self.b.number(found[1], "table size")
            return True
        found = _SEAT.search(line)
        if found is not None and found.start() > 0:
            stack, seat = found.groups()
            name = line[: found.start()].rstrip()
            self.b.seat(self.b.number(seat), name, self.amount(stack))
            return True
        return False

    def rules(self) -> Rules:
        return [
            (_ROLE, self.role),
            dealt_rule(self, _cards, r"^({names}) was dealt: +(.*)$"),
            (_BOARD, self.board),
            (_RAKE, self.rake),
            (_ENDED, lambda m: self.facts.when(m, zone=m[7])),
        ]

    def role(self, found: re.Match[str]) -> None:
        role, rest = found.groups()
        b = self.b
        rest = rest.rstrip()
        at = rest.rfind("(")
        amount = _POSTED.match(rest, at) if at >= 0 else None
        name = (rest if amount is None else rest[:at]).strip()
        if role == "Dealer":
            b.button = b.player(name).seat if name in b.players else None
            return
        if amount is None:
            raise self.fail(f"{role} of no amount: {self.text!r}")
        posted = self.amount(amount[1])
        if role == "Small Blind":
            b.blind(name, posted, big=False)
        elif role == "Big Blind":
            b.blind(name, posted, big=True)
        elif role == "Blind out of turn":
            b.blind(name, posted)  # a live big blind out of turn (§4.1)
        else:  # "Small + Big Blind": the big live, the small dead
            b.post_both(name, posted)

    def board(self, found: re.Match[str]) -> None:
        street, text = found.groups()
        dealt = _cards(text)
        want = {"Flop": 3, "Turn": 4, "River": 5}[street]
        if len(dealt) != want:
            raise self.damaged(f"the {street.lower()} shows {len(dealt)} board cards")
        self.b.board(dealt if street == "Flop" else dealt[-1:])

    def rake(self, found: re.Match[str]) -> None:
        self.b.rake = self.amount(found[1])
        self.rake_seen = True

    def action(self, name: str, rest: str) -> None:
        found = _ACTION.match(rest)
        if found is None:
            self.result(name, rest)
        else:
            self.move(name, found["verb"], found["a"])

    def result(self, name: str, rest: str) -> None:
        found = _RESULT.match(rest)
        if found is None:
            raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        verb, text = found["verb"], (found["rest"] or "").strip()
        b = self.b
        if verb == "wins":
            won = _WINS.match(text)
            if won is None:
                raise self.fail(f"not an amount won: {self.text!r}")
            b.collect(name, self.amount(won[1]))
        elif verb == "shows":
            b.show(name, _cards(text.split(" (")[0]))
        elif text:  # "didn't show hand (2c - 8c - 2d - 5c)": seen, not shown
            b.reveal(name, _cards(text.strip("()")))


READER = SiteReader(NAME, HEADER, EntractionHand.parse, marker="Game #")
