"""Cake Poker hand histories (the Cake network's text, 2011 to 2013: cash games and
tournaments; hold'em, Omaha, Omaha Hi/Lo), read into PHH histories.

Cake writes::

    Hand#2701011985001689 - Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 00:53:30
    Seat 3: Hero ($10 in chips) DEALER
    Hero: posts small blind $0.05
    Dealt to Hero [7c,Th]
    Hero: raises to $0.30
    *** FLOP *** [Kh,3h,8c]
    1UIG***8: bets $0.30
    Hero: folds
    1UIG***8: returns uncalled bet $0.30
    ***SHOW DOWN***
    1UIG***8 wins $0.56

How it is read:

* ``raises to`` gives the player's total on the street; ``calls``, ``bets`` and ``is all
  in`` what he puts in (an all-in is a call, a bet or a raise as it tops the highest bet or
  not).
* A cash header names the blinds (``$0.05/$0.10 NL``) or, at fixed limit, the bets
  (``$5/$10 FL``); a tournament's names its ante and blinds (``0/10/20 NL Hold'em``).
  Some clients write a decimal comma (``$0,05/$0,10``, ``$250,50 in chips``).
* Thousands may be grouped by a no-break space (``1\u00a0836``).
* A name with a space is sometimes written with an underscore instead (``Player_Space:``).
* Cake writes neither the pot nor the rake: only what each player "wins". The rake is what
  the pot kept, bounded (:mod:`splitpot.sites.payout`).
"""

from __future__ import annotations

import re

from splitpot.sites.base import BLINDS, VERBS, Block, LineReader, Rules, SiteReader
from splitpot.sites.patterns import SHORT_LIMITS, dealt_rule
from splitpot.sites.payout import settle

NAME = "Cake"
HEADER = re.compile(r"Hand#([0-9A-F]{1,30}) - ")

_HEAD = re.compile(
    r"Hand#[0-9A-F]+ - (?P<table>.*?) -- (?:(?P<ante>[\d.,]+)/)?(?P<small>[^/ ]+)/(?P<big>\S+) "
    r"(?P<kind>NL|PL|FL) (?P<game>Hold'em|OmahaHiLo|Omaha Hi-Lo|Omaha) -- "
    r"(?P<y>\d{4})[/.-](?P<mo>\d\d)[/.-](?P<d>\d\d) - (?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d)"
)
_PARTS = {"Hold'em": "T", "Omaha": "O", "OmahaHiLo": "O/8", "Omaha Hi-Lo": "O/8"}
# The seat, the name and the stack; what follows: "DEALER", a conversion "(EUR €43.38)".
_SEAT = re.compile(r"^Seat (\d{1,9}): (.+) \(([^()]*) in chips\)(.*)$")
_SEAT_TAIL = re.compile(r" *(DEALER)? *(?:\([A-Z]{3} [^()]*\))?")
_DEALER = re.compile(r"^Dealer: Seat (\d{1,9})\s*$")
_COMMA = re.compile(r"\d,\d\d(?![\d])")  # a decimal comma: two digits after it
_STREET = re.compile(r"^\*\*\* ?(FLOP|TURN|RIVER|SHOW DOWN) ?\*\*\*(?: \[([^]]*)\])?\s*$")
_ACTION = re.compile(
    r"^:? ?(?P<verb>posts small blind|posts big blind|posts ante of|posts dead blind|folds|checks"
    r"|calls|bets|raises to|is all in|returns uncalled bet|mucks|shows|wins|Seat)"
    r"(?: (?P<a>[$€]?-?[\d.,]+(?:\u00a0\d{3})*|\S+))?(?P<rest>.*)$"
)
_NOTES = re.compile(
    r"^(?:Player left the table|There is no low hand|.+ has left the table"
    r"|Tournament: .+ wins \d+ bounty\. \(\d+\)|.+ finished \d+ out of \d+ players\.)\s*$"
)


def _cards(text: str) -> list[str | None]:
    return [c for c in re.split(r"[ ,]+", text.strip()) if c]


_VERBS = {
    **VERBS,
    **BLINDS,
    "posts ante of": "ante",
    "returns uncalled bet": "returned",
    "raises to": "raise to",
    "is all in": "put in",  # what he puts in
}


class CakeHand(LineReader):
    NAME = NAME
    HEADER = HEADER
    ACTOR = "(?=[: ])"  # "NAME: calls $2", "NAME wins $0.56"
    NOTES = _NOTES
    CLOSING = re.compile(r"\S wins ")
    VERBS = _VERBS

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.decimal = "," if any(_COMMA.search(line) for line in block.lines[:12]) else "."
        self.underscored: dict[str, str] = {}

    def header_line(self) -> str:
        line = self.block.lines[0]
        at = line.find("Hand#")
        return line[at:] if at > 0 else line

    def tournament(self) -> bool:
        return " T" in self.header and " -- " in self.header and " Max -- Table " in self.header

    def amount(self, text: str | None, *, decimal: str = "") -> int:
        if text is not None:
            text = text.replace("\ufffd", "")
        return super().amount(text, decimal=decimal or self.decimal)

    def read_header(self) -> None:
        b = self.b
        found = _HEAD.search(self.header)
        if found is None:
            raise self.unsupported(f"a game splitpot does not read: {self.header[:100]!r}")
        if " Coin Flip " in self.header:
            raise self.unsupported("a Coin Flip tournament: the stacks go in with no bet written")
        b.user["_site_game"] = f"{found['kind']} {found['game']}"
        small, big = self.amount(found["small"]), self.amount(found["big"])
        self.facts.game(_PARTS[found["game"]], SHORT_LIMITS[found["kind"]], small, big)
        b.fields["table"] = found["table"]
        if not self.tournament() and "$" in found["small"]:
            b.fields["currency"], b.fields["currency_symbol"] = "USD", "$"
        fields = (found[k] for k in ("y", "mo", "d", "h", "mi", "s"))
        self.facts.date(*fields, zone=None, text=found.group())

    def set_up(self, line: str) -> bool:
        b = self.b
        found = _SEAT.match(line)
        if found is not None:
            seat, name, stack, tail = found.groups()
            after = _SEAT_TAIL.match(tail.rstrip())
            if after is None or after.end() != len(tail.rstrip()):
                raise self.fail(f"not a seat line: {line[:80]!r}")
            b.seat(b.number(seat), name, self.amount(stack))
            if after[1]:
                b.button = b.number(seat)
            return True
        found = _DEALER.match(line)
        if found is not None:
            b.button = b.number(found[1])
            return True
        return False

    def rules(self) -> Rules:
        return [dealt_rule(self, _cards)]

    def street_line(self, line: str) -> None:
        found = self.street_match(_STREET, line)
        title, board = found.groups()
        if title == "SHOW DOWN":
            return
        self.b.street_cards(title, _cards(board or ""), line)

    def line(self, line: str) -> None:
        if line.startswith("***SHOW DOWN***"):
            return
        for name, written in self.underscored.items():
            if line.startswith(written):  # a name's spaces written as underscores
                line = name + line[len(written) :]
                break
        super().line(line)

    def on_seated(self, alternatives: str) -> None:
        self.underscored = {n: n.replace(" ", "_") for n in self.b.players if " " in n}

    def action(self, name: str, rest: str) -> None:
        found = _ACTION.match(rest)
        if found is None:
            raise self.fail(f"an action this reader does not know: {name}{rest!r}")
        verb, a = found["verb"], found["a"]
        b = self.b
        if verb in ("mucks", "Seat"):
            return
        if self.move(name, verb, a):
            return
        if verb == "shows":
            shown = re.match(r"\s*\[([^]]*)\]", (a or "") + found["rest"])
            if shown is not None:
                b.show(name, _cards(shown[1]))
        elif verb == "wins":  # "wins $0.31", "wins high pot 327", "wins low pot 20"
            won = re.match(
                r"(?:(?:high|low) pot )?([$€]?[\d.,]+(?:\u00a0\d{3})*)",
                ((a or "") + found["rest"]).strip(),
            )
            b.collect(name, self.amount(None if won is None else won[1]))
        else:  # "posts dead blind $0,05 and big blind $0,10": dead, then live
            dead = self.amount(a)  # "$-0,10", written by one client: damaged
            live = re.match(r"\s*and big blind (\S+)", found["rest"])
            if live is None:
                raise self.fail(f"a dead blind this reader does not know: {self.text!r}")
            b.blind(name, self.amount(live[1]), dead=dead)

    def finish(self) -> None:
        settle(self.b, uncalled_in_win=True)


READER = SiteReader(NAME, HEADER, CakeHand.parse, marker="Hand#")
