"""OnGame network hand histories (the network's client, 2009 to 2013, and its skins:
Betfair, bwin, Unibet's old client...: cash games and tournaments; hold'em, Omaha, Omaha
Hi/Lo, stud, stud Hi/Lo), read into PHH histories.

OnGame writes::

    ***** History for hand R5-69701-1672 *****
    Start hand: Thu Feb 28 07:30:49 CET 2013
    Table: Round GC, Strobe ref: 69701  [69701] (NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Real money)
    Button: seat 1
    Seat 1: user233_3 ($10)
    user233_2 posts small blind ($0.05)
    ---
    Dealing pocket cards
    Dealing to user233_9: [Th, 3d]
    user233_3 raises $0.20 to $0.20
    --- Dealing flop [6c, Jc, 8c]
    ...
    Summary:
    Main pot: $0.50 won by user233_2 ($0.48)
    Rake taken: $0.02
    Seat 1: user233_3 ($9.90), net: -$0.10
    ***** End of hand R5-69701-1672 *****

How it is read:

* ``calls``, ``bets`` and ``raises X to Y`` give what the player puts in (X); Y is his
  total in the hand so far, antes left out (stud hand R5-78227816-62: "raises $1 to $1.37"
  on fifth street, after a bring-in of $0.12 and a call of $0.25). ``[all in]`` follows the
  action that puts a player all-in; ``posts dead blind`` is a dead small blind.
* The summary's pots say who won what (``won by A ($0.48)``, ``B (165 High), C (165 Low)``):
  those are the collections. OnGame writes no uncalled bet: the part of the largest bet no
  one matched comes back to its player, and the rake is what the pot kept
  (:mod:`splitpot.sites.payout`). The summary's seat lines then give every player's stack
  after the hand, which the reading must meet exactly.
* Stud: ``big bring in $1`` is a bring-in completed to the small bet, ``bring in`` the
  bring-in itself; the others' down cards are ``-``.
* A street's board line is written again when an all-in ends its betting (hand
  R5-75443872-61 deals the flop twice, the same three cards): read once.
* Draw games (``FIVE_CARD_DRAW``) are not played.
"""

from __future__ import annotations

import re

from splitpot.sites.base import BLINDS, NEVER, VERBS, Block, LineReader, Rules, SiteReader
from splitpot.sites.builder import Kind
from splitpot.sites.patterns import dealt_rule
from splitpot.sites.payout import settle

NAME = "OnGame"
HEADER = re.compile(r"(?m)^\*{5} History for hand ([RT]\d[\w-]{0,60})")

_TABLE = re.compile(
    r"^Table: (?P<table>.*) \[\d+\] \((?P<limit>NO_LIMIT|POT_LIMIT|LIMIT) (?P<game>[A-Z_]+) "
    r"(?P<small>[$€£]?[\d.,]+)/(?P<big>[$€£]?[\d.,]+)(?:, ante: [$€£]?[\d.,]+)?, "
    r"(?P<money>Real money|Play money|Chips|TC)\)\s*$"
)
_PARTS = {
    "TEXAS_HOLDEM": "T",
    "OMAHA_HI": "O",
    "OMAHA_HI_LO": "O/8",
    "SEVEN_CARD_STUD": "7S",
    "SEVEN_CARD_STUD_HI_LO": "7S/8",
}
_KINDS: dict[str, Kind] = {"NO_LIMIT": "N", "POT_LIMIT": "P", "LIMIT": "F"}
_WHEN = re.compile(r"^Start hand: \w{3} (\w{3}) (\d{1,2}) (\d\d):(\d\d):(\d\d) (\S+) (\d{4})\s*$")
_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
_SEAT = re.compile(r"^Seat (\d{1,9}): (.+) \(([$€£]?[\d.,]+)\)\s*$")
_FINAL = re.compile(
    r"^Seat \d{1,9}: (.+) \(([$€£]?[\d.,]+)\)(?:, net: [-+][$€£]?[\d.,]+)?"
    r"(?:, \[([^]]*)\](?: \([A-Z_, ]*\))?)?\s*$"
)
_NOTES = re.compile(
    r"^(?:---|Dealing pocket cards|Dealing (?:4th|5th|6th) street|Dealing river|User: .*"
    r"|Players in round: .*|Summary:|\*{5} End of hand .*)\s*$"
)
_BOARD = re.compile(r"^--- Dealing (flop|turn|river) \[([^]]*)\]\s*$")
_STUD_STREET = re.compile(r"^Dealing (?:4th|5th|6th) street|^Dealing river\s*$")
_ACTION = re.compile(
    r"^(?P<verb>posts small blind|posts big blind|posts ante|posts dead blind|big bring in"
    r"|small bring in"
    r"|bring in|folds|checks|calls|bets|raises)(?: \(?(?P<a>[$€£]?[\d.,]+)\)?)?"
    r"(?: to (?P<b>[$€£]?[\d.,]+))?(?P<allin> \[all in\])?\s*$"
)
_POT = re.compile(r"^(?:Main pot|Side pot \d+): [$€£]?[\d.,]+ won by (.*)$")
_RAKE = re.compile(r"^Rake taken: ([$€£]?[\d.,]+)\s*$")


def _cards(text: str) -> list[str | None]:
    return [None if c.strip() == "-" else c.strip() for c in text.split(",") if c.strip()]


_VERBS = {
    **VERBS,
    **BLINDS,
    "posts ante": "ante",
    "posts dead blind": "dead blind",
    "bring in": "bring in",
    "small bring in": "bring in",
    "big bring in": "raise to",  # the bring-in completed to the small bet
    "raises": "bet",  # what he puts in ("to" is his total in the hand)
}


class OnGameHand(LineReader):
    NAME = NAME
    HEADER = HEADER
    ACTOR = " "
    CLOSING = re.compile(r"^Rake taken: ")
    VERBS = _VERBS

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.won = NEVER
        self.finals: dict[str, int] = {}
        self.boards: dict[str, list[str | None]] = {}
        self.river = False
        self.stated_rake: int | None = None

    def tournament(self) -> bool:
        return "(TOURNAMENT:" in self.header or self.header.startswith("***** History for hand T")

    def read_header(self) -> None:
        if "(TOURNAMENT:" in self.header:
            found = re.search(r'\(TOURNAMENT: "([^"]*)"', self.header)
            self.b.fields["event"] = found[1] if found is not None else "Tournament"

    def set_up(self, line: str) -> bool:
        b = self.b
        found = _TABLE.match(line)
        if found is not None:
            self.table_line(found)
            return True
        found = _WHEN.match(line)
        if found is not None:
            month = _MONTHS.index(found[1]) + 1 if found[1] in _MONTHS else 0
            fields = (found[7], month, found[2], found[3], found[4], found[5])
            self.facts.date(*fields, zone=None, text=line)
            return True
        found = _SEAT.match(line)
        if found is not None:
            seat, name, stack = found.groups()
            b.seat(b.number(seat), name, self.amount(stack))
            b.seat_count = max(b.seat_count or 0, b.number(seat))
            return True
        if line.startswith("Button: seat "):
            b.button = b.number(line.removeprefix("Button: seat ").strip())
            b.seat_count = max(b.seat_count or 0, b.button)  # the table has the button's seat
            return True
        return bool(_NOTES.match(line))

    def table_line(self, found: re.Match[str]) -> None:
        b = self.b
        game = found["game"]
        b.user["_site_game"] = f"{found['limit']} {game}"
        part = _PARTS.get(game)
        if part is None:
            raise self.unsupported(f"{game}: a game splitpot does not play", game)
        b.fields["table"] = found["table"]
        small, big = self.amount(found["small"]), self.amount(found["big"])
        kind = _KINDS[found["limit"]]
        self.facts.game(part, kind, small, big)
        if small == big and kind != "F":
            # Blinds of $5/$5: the table's small blind is as large as its big one, so
            # that the engine takes the second to post for the big blind (poker.md §4.1).
            b.rules["small_blind"] = small
        if found["money"] == "Real money" and not self.tournament():
            symbol = found["small"][0]
            if symbol in "$€£":
                b.fields["currency"] = {"$": "USD", "€": "EUR", "£": "GBP"}[symbol]
                b.fields["currency_symbol"] = symbol

    def on_seated(self, alternatives: str) -> None:
        self.won = re.compile(rf"({alternatives}) \(([$€£]?[\d.,]+)(?: High| Low)?\)")

    def rules(self) -> Rules:
        return [
            dealt_rule(self, _cards, r"^Dealing to ({names}): \[([^]]*)\]\s*$"),
            (_BOARD, self.board),
            (_STUD_STREET, self.stud_street),
            (_NOTES, lambda m: None),
        ]

    def stud_street(self, found: re.Match[str]) -> None:
        self.b.street()
        self.river = found.group().startswith("Dealing river")

    def unseen(self) -> None:
        """Stud's seventh street: the down card of every player still in whom the site
        does not show it to (it deals a line to its own player only)."""
        if self.river:
            self.b.deal_unseen()
            self.river = False

    def board(self, found: re.Match[str]) -> None:
        street, text = found.groups()
        dealt = _cards(text)
        if street in self.boards:
            # OnGame writes a street's line again when an all-in ends its betting: the
            # same cards, read once.
            if self.boards[street] != dealt:
                raise self.damaged(f"the {street} is dealt twice, differently: {self.text!r}")
            return
        self.boards[street] = dealt
        self.b.street_cards(street.upper(), dealt, self.text)

    def line(self, line: str) -> None:
        if line == "Summary:":
            self.seated()
            self.summary = True
            return
        super().line(line)

    def action(self, name: str, rest: str) -> None:
        found = _ACTION.match(rest)
        if found is None:
            if rest.startswith("changed ") or rest.startswith("New hand"):
                raise self.unsupported("a draw: splitpot does not play draw games")
            raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        self.unseen()
        self.move(name, found["verb"], found["a"])

    def summary_line(self, line: str) -> None:
        self.unseen()
        found = _RAKE.match(line)
        if found is not None:
            self.stated_rake = self.amount(found[1])
            return
        found = _POT.match(line)
        if found is not None:
            for won in self.won.finditer(found[1]):
                self.b.collect(won[1], self.amount(won[2]))
            return
        found = _FINAL.match(line)
        if found is not None:
            name, final, shown = found.groups()
            if name in self.b.players:
                self.finals[name] = self.amount(final)
                if shown is not None:  # the cards he showed down
                    self.b.show(name, _cards(shown))
            return
        if _NOTES.match(line) or line.startswith("Board"):
            return
        raise self.fail(f"a summary line this reader does not know: {line!r}")

    def finish(self) -> None:
        b = self.b
        settle(b)
        if self.stated_rake is not None and self.stated_rake != b.rake:
            raise self.damaged(f"the site takes {self.stated_rake}, the pot kept {b.rake}")
        for name, final in self.finals.items():
            p = b.players.get(name)
            if p is None or not p.dealt:
                continue
            mine = p.stack - p.put_in + p.returned + p.collected
            if mine != final:
                raise self.damaged(f"the summary leaves {name} {final}, the play {mine}")


READER = SiteReader(NAME, HEADER, OnGameHand.parse, marker="***** History for hand ")
