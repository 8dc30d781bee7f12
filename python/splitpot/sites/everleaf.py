"""Everleaf network hand histories (Everleaf Gaming, its French skin Partouche and Grand
Poker; 2009 to 2019, cash games and tournaments; hold'em, Omaha Hi/Lo), read into PHH
histories.

Everleaf writes::

    Everleaf Gaming Game #148735485
    ***** Hand history for game #148735485 *****
    $0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:24
    Table Kentfield I
    Seat 10 is the button
    Total number of players: 2
    Seat 6: Villain (  $ 25.45 USD )
    Hero: posts small blind [$ 0.25 USD]
    ** Dealing down cards **
    Hero calls [$ 0.25 USD]
    Villain raises [$ 0.50 USD]
    ** Dealing Flop ** [ 8c, Jd, Td ]
    Villain: bets [$ 0.50 USD]
    Hero folds
    Villain does not show cards
    Villain wins  high ($ 1.90 USD) from main pot

How it is read:

* Every amount of an action is what the player puts in with it (``raises [$ 0.50 USD]``
  adds 0.50 to the big blind's 0.50). A fixed-limit header names the bets (``$0.50/$1
  Omaha Hi/Lo``; ``300/600 Hold'em``), a no-limit one the blinds (``Blinds 500/1000 NL
  Hold'em``).
* There is no summary: the ``wins`` lines (a pot, or half of one, each) are the result.
  Everleaf writes neither the uncalled bet, nor the pot, nor the rake: they are worked out
  and bounded (:mod:`splitpot.sites.payout`).
* A player's chat is his name, a colon and his text (``Player8: bryan ohio?``): a line of a
  seated player that is no action is his chat. A hand's name may run on to the next line
  (``... two pairs, jacks and`` / ``eights [ ... ]``).
* Stud hands write no one's cards, not even the up cards that decide who brings in and
  who acts first (docs/rules/poker.md §4.2): not played, as partypoker's.
"""

from __future__ import annotations

import re

from splitpot.sites.base import BLINDS, VERBS, Block, LineReader, Rules, SiteReader
from splitpot.sites.builder import Kind
from splitpot.sites.patterns import BUTTON, dealt_rule
from splitpot.sites.payout import settle

NAME = "Everleaf"
HEADER = re.compile(
    r"(?m)^(?:\*{5} Hand history for game #|\*{3} Historique des Mains pour la partie )(\d{1,20})"
)

_GAME = re.compile(
    r"^(?:Blinds +)?(?P<small>[^/ \d]*[\d.,]+)/ ?(?P<big>[^/ \d]*[\d.,]+) "
    r"(?P<game>NL Hold'em|PL Hold'em|Hold'em|Omaha Hi/Lo|PL Omaha Hi/Lo|PL Omaha|Omaha"
    r"|7 Card Stud(?: Hi/Lo)?|Razz)(?: - \d+ Max)? - (?P<y>\d{4})/(?P<mo>\d\d)/(?P<d>\d\d)"
    r" - (?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d)"
)
_PARTS: dict[str, tuple[str, Kind]] = {
    "NL Hold'em": ("T", "N"),
    "PL Hold'em": ("T", "P"),
    "Hold'em": ("T", "F"),
    "Omaha Hi/Lo": ("O/8", "F"),
    "PL Omaha Hi/Lo": ("O/8", "P"),
    "PL Omaha": ("O", "P"),
    "Omaha": ("O", "F"),
}
_SEAT = re.compile(r"^Seat (\d{1,9}): (.+) \(([^()]*)\)\s*$")
_NOTES = re.compile(
    r"^(?:Everleaf Gaming Game #\d+|Partouche Poker Gibraltar|- - .* - Game #\d+"
    r"|Tournament #\d+ - Level \d+|Total number of players: \d+|Table .*"
    r"|\*\* Dealing down cards \*\*|\*{4} dealing .* \*{4}|.+ has been reseated to this table)\s*$"
)
_PLAYER_NOTES = re.compile(
    r"^(?:has disconnected and has been given a further \d+ seconds to react"
    r"|est d.connect. et dispose de \d+ secondes suppl.mentaires pour agir"
    r"|has been reseated to this table|sits out|is sitting out|has returned)\s*$"
)
_BOARD = re.compile(r"^\*\* Dealing (Flop|Turn|River) \*\* \[ ([^]]*) \]\s*$")
_ACTION = re.compile(
    r"^(?P<verb>posts small blind|posts big blind|posts ante|folds|checks|calls|bets|raises"
    r"|does not show cards|shows|wins)(?: +(?P<rest>.*))?$"
)
_AMOUNT = re.compile(r"^\[ ?([^]]+?) ?\]\s*$")
_WINS = re.compile(
    r"^(?:(?:high|low) +)?\(? ?(?P<a>[^()\d]*\d[\d.,]*(?: USD| EURO?| Chips| chips)?) ?\)? from "
    r"(?:main|side) pot"
)
_CONTINUED = re.compile(r"^[a-z][a-z ,]* \[ [^]]* \]\s*$")  # a hand's name run on


_VERBS = {
    **VERBS,
    **BLINDS,
    "posts ante": "ante",
    "raises": "bet",  # what he puts in
}


class EverleafHand(LineReader):
    NAME = NAME
    HEADER = HEADER
    ACTOR = ":? "
    STREET_MARK = "** "
    CLOSING = re.compile(r" wins ")
    VERBS = _VERBS

    def __init__(self, block: Block) -> None:
        super().__init__(block)

    def tournament(self) -> bool:
        return any(" Chips )" in line for line in self.block.lines[:16])

    def set_up(self, line: str) -> bool:
        b = self.b
        found = _GAME.match(line)
        if found is not None:
            self.read_game(found)
            return True
        found = _SEAT.match(line)
        if found is not None:
            seat, name, stack = found.groups()
            stack = stack.strip()
            if stack != "new player":
                b.seat(b.number(seat), name, self.amount(stack))
            return True
        found = BUTTON.match(line)
        if found is not None:
            b.button = b.number(found[1])
            return True
        if line.startswith("Table "):
            b.fields["table"] = line.removeprefix("Table ").strip()
            return True
        if line.startswith("Tournament #"):
            b.fields["event"] = line.split(" - ")[0]
            return True
        return bool(_NOTES.match(line))

    def read_game(self, found: re.Match[str]) -> None:
        b = self.b
        name = found["game"]
        b.user["_site_game"] = name
        if name not in _PARTS:
            raise self.unsupported(
                f"{name}: Everleaf writes no one's cards, not even the up cards that decide "
                "who brings in and acts first (docs/rules/poker.md §4.2)",
                name,
            )
        part, kind = _PARTS[name]
        self.facts.game(part, kind, self.amount(found["small"]), self.amount(found["big"]))
        if kind == "F":
            # An all-in of at least half a bet reopens the raising (docs/rules/poker.md §3,
            # the half bet rule): tournament hand 282031476, a $600 bet raised all-in to
            # 966, is raised again by the bettor.
            b.rules["half_bet_rule"] = True
        fields = (found[k] for k in ("y", "mo", "d", "h", "mi", "s"))
        self.facts.date(*fields, zone=None, text=found.group())
        if "USD" in self.block.lines[min(6, len(self.block.lines) - 1)] or "$" in found["small"]:
            b.fields["currency"], b.fields["currency_symbol"] = "USD", "$"
        elif "€" in found["small"] or "EUR" in found["small"]:
            b.fields["currency"], b.fields["currency_symbol"] = "EUR", "€"

    def amount(self, text: str | None, *, decimal: str = ".") -> int:
        if text is not None:
            # The euro sign as a mis-read byte (U+02C6, U+FFFD) is no part of the number.
            for junk in ("\ufffd", "\u02c6", " Chips", " chips", " EURO"):
                text = text.replace(junk, "")
        return super().amount(text, decimal=decimal)

    def rules(self) -> Rules:
        return [
            dealt_rule(self, _cards, r"^Dealt to ({names}) \[ ([^]]*) \]\s*$"),
            (_CONTINUED, lambda m: None),
            (_NOTES, lambda m: None),
        ]

    def street_line(self, line: str) -> None:
        found = _BOARD.match(line)
        if found is None:
            if _NOTES.match(line):
                return
            raise self.unknown(line)
        self.seated()
        street, text = found.groups()
        self.b.street_cards(street.upper(), _cards(text), line)

    def action(self, name: str, rest: str) -> None:
        if _PLAYER_NOTES.match(rest):
            return
        found = _ACTION.match(rest)
        if found is None:
            if self.text.startswith(f"{name}: "):
                return  # his chat
            raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        verb, more = found["verb"], found["rest"] or ""
        b = self.b
        if verb == "does not show cards":
            return
        if verb in ("folds", "checks"):
            self.move(name, verb, None)
        elif verb == "shows":
            shown = re.match(r"\[ ([^]]*) \]", more)
            if shown is not None:
                b.show(name, _cards(shown[1]))
        elif verb == "wins":
            won = _WINS.match(more)
            if won is None:
                raise self.fail(f"not a pot won: {self.text!r}")
            b.collect(name, self.amount(won["a"]))
        else:
            posted = _AMOUNT.match(more)
            if posted is None:
                raise self.fail(f"{name} {verb} of no amount: {self.text!r}")
            self.move(name, verb, posted[1])

    def finish(self) -> None:
        settle(self.b, uncalled_in_win=True)


def _cards(text: str) -> list[str | None]:
    return [c.strip() for c in text.split(",") if c.strip()]


READER = SiteReader(NAME, HEADER, EverleafHand.parse, marker="*** H")  # both languages
