"""PKR hand histories (the client's text, 2009 to 2015: cash games and tournaments; hold'em,
Omaha, Omaha Hi/Lo), read into PHH histories.

PKR writes one fact a line, and every player's stack again at the end::

    Table #30733293 - Tropicalian 1
    Starting Hand #1441724618
    Start time of hand: 01 Sep 2010 14:22:36
    Game Type: HOLD'EM
    Limit Type: NO LIMIT
    Table Type: RING
    Money Type: REAL MONEY
    Blinds are now $1/$2
    Seat 1: Player0 - $202.75
    Moving Button to seat 5
    Player0 posts small blind ($1)
    Dealing [qs][2s] to Hero
    Hero raises to $16.25
    Dealing Turn [4c]
    Taking Rake of $2 from pot 1
    Player1 wins $75 with: Three of a Kind: 4s
    Seat 1: Player0 - $201.75
    End Of Hand #1441724618

How it is read (docs/sites.md, "PKR"):

* A hand starts at ``Starting Hand #``; the ``Table #`` line before it is read as the end of
  the hand before (the table's name is not kept).
* The button is where the hand moves it (``Moving Button to seat 5``), not where it was.
* ``raises to`` gives the player's total on the street; ``calls`` and ``bets`` what he puts
  in. ``posts $2`` is a big blind posted out of turn, live; ``posts $1 dead`` dead money
  (docs/rules/poker.md §4.1).
* Cards are written ``[4 h]``, ``[qs]`` or ``[T c]``; amounts group thousands with commas.
* The rake and the stacks written at the end are the site's result: each player's is
  checked. A bet no one called that the site does not say it returned is returned
  (:func:`splitpot.sites.payout.settle`), and the final stacks show it was.
"""

from __future__ import annotations

import functools
import re

from splitpot.sites.base import BLINDS, VERBS, Block, LineReader, Rules, SiteReader
from splitpot.sites.builder import Kind
from splitpot.sites.payout import check_stacks, settle

NAME = "PKR"
HEADER = re.compile(r"(?m)^Starting Hand #(\d+)")
_FACT = re.compile(
    r"^(?P<key>Start time of hand|Last Hand|Game Type|Limit Type|Table Type|Money Type"
    r"|Blinds are now|Button is at seat)(?::| #|) ?(?P<value>.*)$"
)
_GAMES = {"HOLD'EM": "T", "OMAHA": "O", "OMAHA HI/LO": "O/8"}
_LIMITS: dict[str, Kind] = {"NO LIMIT": "N", "POT LIMIT": "P", "LIMIT": "F"}
_BLINDS = re.compile(r"^(\S+) ?/ ?(\S+)$")
_WHEN = re.compile(r"^(\d\d?) ([A-Z][a-z]{2}) (\d{4}) (\d\d?):(\d\d):(\d\d)$")
_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
# The seats before the play and the stacks after it alike: "Seat 1: Player0 - $202.75".
_SEAT = re.compile(
    r"^Seat (?P<seat>\d{1,9}): (?P<name>.+) - (?P<stack>[$\d][\d,.]*)(?: \(away from table\))?$"
)
# The dealer's lines: hole cards, a street's board, a bet given back, the rake, the button.
_DEALT, _BOARD, _RETURNED, _RAKE, _BUTTON = map(
    re.compile,
    [
        r"^Dealing ((?:\[[^]]*\])+) to (.+)$",
        r"^Dealing (Flop|Turn|River) ((?:\[[^]]*\])+)$",
        r"^Returning (\S+) to (.+) uncalled$",
        r"^Taking Rake of (\S+) from pot \d+$",
        r"^Moving Button to seat (\d{1,9})$",
    ],
)
_END = re.compile(r"^End [Oo]f Hand #\d+")
# Lines that change nothing; chat ("NAME: gh") is read as its player's, or else here.
_NOTES = re.compile(
    r"^(?:Shuffling Deck|Dealing Cards|Pot sizes: .*|There is no qualifying low hand"
    r"|Table #\d+ - .*|.+ brings \S+ to table \d+|.+ will be dealt in after the button"
    r"|.+ has joined from Tournament Table #\d+|[^:\[]+: .*)$"  # the last: chat
)
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises to|posts small blind|posts big blind|posts ante of"
    r"|posts)(?: \(?(?P<a>[$\d][\d,.]*)\)?)?(?P<dead> dead)?(?: \(all-in\))?$"
)
_VERBS = {
    **VERBS,
    **BLINDS,
    "raises to": "raise to",
    "posts ante of": "ante",
    "posts": "live blind",
    "posts dead": "dead blind",
}
_WINS = re.compile(
    r"^(?:wins|ties(?: side pot #\d+)?, and wins) (?P<a>[$\d][\d,.]*)"
    r"(?: from side pot #\d+)?(?: with(?: high hand| low hand)?: .*)?$"
)
# What changes nothing: the hand he has, the client's emotes ("yawns.",
# "says good game!", "is relieved about that."), the time bank; "did not respond in time
# and is folded" comes before the "folds" that folds him.
_SAYS = re.compile(
    r"^(?:doesn't show|mucks|has .*|[a-z][^[\]:]*[.!]| is using the time bank"
    r"|did not respond in time and is folded|will be dealt in after the button"
    r"|brings \S+ to table \d+)\s*$"
)
# The brackets, and a card in any of the client's ways in them: "[4 h]", "[qs]", two in one
# bracket ("[Ad 8h]", 2009).
_BRACKETS, _CARD = (
    re.compile(r"\[([^]]*)\]"),
    re.compile(r"(10|[2-9TJQKAtjqka]) ?([cdhsCDHS])(?![a-z])"),
)


class PKRHand(LineReader):
    """One PKR hand."""

    NAME = NAME
    HEADER = HEADER
    CLOSING = _END
    NOTES = _NOTES
    ACTORS = (" ",)  # "NAME calls $2", "NAME shows [..]"
    VERBS = _VERBS
    SEAT = _SEAT
    STREET_MARK = "\x00"  # no "*** ..." lines: the boards are rules

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.finals: dict[str, int] = {}  # the stacks the site writes at the end

    @functools.cached_property
    def head(self) -> dict[str, str]:
        """The ``Key: value`` lines that head the hand (read before the builder is made)."""
        found = (_FACT.match(line) for line in self.block.lines[1:12])
        return {m["key"]: m["value"].strip() for m in found if m is not None}

    def tournament(self) -> bool:
        # Play money has cents ("$8,382.50"); tournament chips are whole (the base's unit).
        return self.head.get("Table Type") == "TOURNAMENT"

    def read_header(self) -> None:
        facts, b = self.head, self.b
        game, limit = facts.get("Game Type", ""), facts.get("Limit Type", "")
        if game not in _GAMES or limit not in _LIMITS:
            name = f"{game} {limit}".strip()
            raise self.unsupported(f"{name or 'no game'}: a game splitpot does not read", name)
        stakes = _BLINDS.match(facts.get("Blinds are now", ""))
        if stakes is None:
            raise self.fail("no blinds in the hand's header")
        small, big = self.amount(stakes[1]), self.amount(stakes[2])
        if not big:
            raise self.unsupported("a hand of antes and no blinds (all in on the antes)")
        self.facts.game(_GAMES[game], _LIMITS[limit], small, big)
        b.user["_site_game"] = f"{game} {limit}"
        if facts.get("Money Type") == "REAL MONEY":
            b.fields["currency"] = "USD"
        when = _WHEN.match(facts.get("Start time of hand", ""))
        if when is not None:
            month = str(_MONTHS.index(when[2]) + 1) if when[2] in _MONTHS else "0"
            self.facts.date(when[3], month, when[1], *when.groups()[3:], zone=None, text=when[0])

    def set_up(self, line: str) -> bool:
        return _FACT.match(line) is not None or super().set_up(line)

    def rules(self) -> Rules:
        b = self.b
        return [
            (_DEALT, lambda m: b.hole(self.player(m[2]), self.cards(m[1]))),
            (_BOARD, lambda m: b.street_cards(m[1].upper(), self.cards(m[2]), m.group())),
            (_RETURNED, lambda m: b.returned(self.player(m[2]), self.amount(m[1]))),
            (_RAKE, self.rake),
            (_BUTTON, self.button),
            (_SEAT, self.final),
            (_END, lambda m: None),
        ]

    def player(self, name: str) -> str:
        if name not in self.b.players:
            raise self.unknown(self.text)
        return name

    def cards(self, text: str) -> list[str | None]:
        """``[4 h][Q s]``, ``[qs][2s]``, ``[10 h]``: the cards as PHH writes them."""
        found: list[str | None] = []
        for inside in _BRACKETS.findall(text):
            if inside == "XX":  # a card he does not show
                continue
            if _CARD.sub("", inside).strip():
                raise self.fail(f"not cards: {text!r}")
            found += [
                ("T" if rank == "10" else rank.upper()) + suit.lower()
                for rank, suit in _CARD.findall(inside)
            ]
        return found

    def rake(self, found: re.Match[str]) -> None:
        self.b.rake += self.amount(found[1])

    def button(self, found: re.Match[str]) -> None:
        self.b.button = self.b.number(found[1], "button")

    def final(self, found: re.Match[str]) -> None:
        """A stack written at the end; a player who joined during the hand is not in it."""
        if found["name"] in self.b.players:
            self.finals[found["name"]] = self.amount(found["stack"])

    def action(self, name: str, rest: str) -> None:
        found = _ACTION.match(rest)
        b = self.b
        if found is not None and found["verb"] == "calls":
            b.call(name, self.amount(found["a"]) - b.players[name].street_in)  # "calls" to
        elif found is not None:
            verb = found["verb"] + (" dead" if found["dead"] else "")
            if not self.move(name, verb, found["a"], text="" if "posts" in verb else rest):
                raise self.unknown(f"{name} {rest}")
        elif rest.startswith("folds and shows "):  # "[9 s][XX]": the cards he shows
            b.fold(name)
            b.reveal(name, self.cards(rest.removeprefix("folds and shows ")))
        elif rest.startswith("shows ["):
            b.show(name, self.cards(rest.removeprefix("shows ")))
        elif (won := _WINS.match(rest)) is not None:
            b.collect(name, self.amount(won["a"]))
        elif not _SAYS.match(rest):  # "mucks", "has Two Pairs: ...", "yawns."
            raise self.unknown(f"{name} {rest}")

    def finish(self) -> None:
        """The site's result: its rake and every player's stack at the end (a bet the site
        does not say it returned is the part of the largest no one matched: settle)."""
        if not self.finals:
            raise self.damaged("cut off: the hand has no final stacks")
        stated, self.b.rake = self.b.rake, 0
        settle(self.b)
        check_stacks(self.b, self.finals, stated)


READER = SiteReader(NAME, HEADER, PKRHand.parse, marker="Starting Hand #")
