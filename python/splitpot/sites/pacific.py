"""888poker hand histories (Pacific Poker, Cassava; the 888.ro, 888.es and 888.ca-on skins,
Snap Poker and BLAST; cash games and tournaments, 2011 to today), read into PHH histories.

888's text, hand by hand::

    #Game No : 349736402
    ***** 888poker Hand History for Game 349736402 *****
    $0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 22:40:28
    Table Abbotsford 6 Max (Real Money)
    Seat 9 is the button
    Total number of players : 2
    Seat 4: silas_tomkyn ( $10.98 )
    ...
    FCSM_1935 posts small blind [$0.05]
    ** Dealing down cards **
    FCSM_1935 calls [$0.05]
    ** Dealing flop ** [ Jc, Kc, 3c ]
    ...
    ** Summary **
    FCSM_1935 collected [ $0.19 ]

How it is read:

* Every amount of an action is what the player puts in with it: ``raises [$2.50]`` adds
  $2.50 (his raise to is what he had in on the street plus that), as ``calls`` and ``bets``.
* A fixed-limit header names the blinds (``$0.50/$1 Blinds Fix Limit Holdem``): the small
  bet is the big blind, the big bet twice it.
* 888 writes neither the bet no one called, nor the pot, nor the rake: only what each player
  "collected" (once per half of a hi/lo pot). The uncalled bet and the rake are worked out
  and bounded (:mod:`splitpot.sites.payout`).
* Amounts follow the client's language: ``$1,600`` (a comma groups thousands) but
  ``0,01 $`` and ``1.183.764 $`` (a decimal comma, a point grouping thousands) when the
  currency sign comes after the number. Tournament chips are written with a dollar sign
  too: a hand of a tournament is played in whole chips, its unit.
* Cards follow the client's language too: ``Knh`` (Swedish: knekt, a jack), ``Dd`` (dam, a
  queen), ``Ec`` (ess, an ace), ``Bh``/``Vs``/``Hc`` (Dutch: boer, vrouw, heer), ``8Pik``
  (German suits), and the Russian ranks (the Cyrillic initials of tuz, korol, dama, valet),
  which old clients wrote in Windows-1251 bytes (read as Windows-1252: Ò, Ê, Ä, Â). No two
  languages give one letter different ranks. The Spanish client's suits are picas, tréboles,
  diamantes and corazones (``7p``, ``8t``; its ``c`` is a heart): a hand with a ``p`` or
  ``t`` suit is read so.
* "posts dead blind [$0.01 + $0.02]": a live big blind and a dead small one (§4.1). A second
  "posts small blind" after the small blind is dead money too.

Hands of partypoker's format found in 888's files (``***** Hand History for Game``, no skin
name) are partypoker's reader's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from splitpot.sites.base import Block, LineReader, Rules, SiteReader
from splitpot.sites.builder import Game, Kind
from splitpot.sites.money import CENT
from splitpot.sites.patterns import BUTTON, LIMITS, dealt_rule, seat_line
from splitpot.sites.payout import settle

NAME = "888poker"
HEADER = re.compile(
    r"(?m)^\*{4,5} (?:Cassava|888poker|888)(?:\.[a-z]{2}(?:-[a-z]{2})?)?"
    r" (?:Snap Poker |BLAST )?Hand History for Game (\d+) "
)

_GAMES = {"Holdem": "T", "Hold'em": "T", "Omaha": "O", "OmahaHL": "O/8", "Omaha Hi/Lo": "O/8"}
_KINDS: dict[str, Kind] = {**LIMITS, "Fix Limit": "F", "Limit": "F"}
_GAME_LINE = re.compile(
    r"^(?P<small>[^/]+)/(?P<big>[^/]+?) Blinds (?P<kind>No Limit|Pot Limit|Fix Limit|Limit) "
    r"(?P<game>Holdem|Hold'em|OmahaHL|Omaha Hi/Lo|Omaha)(?P<jackpot> Jackpot table)? - \*\*\*"
    r"(?: (?P<day>\d\d) (?P<month>\d\d) (?P<year>\d{4}) (?P<h>\d\d?):(?P<m>\d\d):(?P<s>\d\d))?"
    r"\s*$"
)
_TABLE = re.compile(
    r"^(?:Table (?P<table>.+?)|Tournament #(?P<event>\d+) .*?)(?: (?P<max>\d+) Max)?"
    r" \((?P<money>Real Money|Practice Play|Play Money)\)\s*$"
)
_TOURNAMENT_TABLE = re.compile(r" - Table #(\d+)")
_PLAYERS = re.compile(r"^Total number of players : \d+(?:/\d+)?\s*$")
_SEAT = re.compile(r"^Seat (\d{1,9}): (.+) \( ?([^()]*?) ?\)\s*$")
_STREET = re.compile(
    r"^\*\* (?:Dealing (down cards|flop|turn|river)|(Summary)) \*\*(?: \[(.*)\])?\s*$", re.I
)
_ACTION = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises|posts (?:the )?ante|posts small blind"
    r"|posts big blind|posts dead blind)(?: \[(?P<a>[^]+]+?)(?: \+ (?P<b>[^]+]+?))?\])?\.?\s*$"
)
_SUMMARY = re.compile(
    r"^(?P<verb>shows|mucks|collected) \[ ?(?P<what>[^]]*?) ?\](?P<rest>.*)$"
    r"|^did not show his hand\s*$"
)
_SUMMARY_NOTES = re.compile(r"^(?:#Game No : \d+|\((?:Hi|Lo): [^)]*\))\s*$")
_NOTES = re.compile(r"^#Game No : \d+\s*$")
# A currency sign after the number, or before it and a space (the Dutch client's "$ 3.243"):
# the client's language writes a decimal comma.
_COMMA = re.compile(r"[0-9] ?[$€£]|[$€£] [0-9]")
_AMOUNT = re.compile(r"(?:[$€£] ?)?[0-9][0-9.,\u00a0 ]*(?: ?[$€£]| USD| EUR| GBP)?")
_SPANISH = re.compile(r"[\[,] (?:10|[2-9TJQKA])[pt](?=[],])")

# Card ranks and suits in the clients' languages (the module's docstring says which).
_RANKS = {
    **{r: r for r in "23456789TJQKA"},
    "10": "T",
    "Kn": "J",
    "B": "J",
    "Â": "J",
    "\u0412": "J",  # Cyrillic ve (valet)
    "D": "Q",
    "V": "Q",
    "Ä": "Q",
    "\u0414": "Q",  # Cyrillic de (dama)
    "H": "K",
    "Ê": "K",
    "\u041a": "K",  # Cyrillic ka (korol)
    "E": "A",
    "Ò": "A",
    "\u0422": "A",  # Cyrillic te (tuz)
}
_SUITS = {
    "c": "c",
    "d": "d",
    "h": "h",
    "s": "s",
    "Kreuz": "c",
    "Karo": "d",
    "Pik": "s",
    "Herz": "h",
}
# The Spanish client's suits: picas, tréboles, diamantes, corazones (its "c" is a heart).
_SPANISH_SUITS = {"p": "s", "t": "c", "d": "d", "c": "h"}
_CARD = re.compile(r"^(10|Kn|[^\W\d_]|[2-9])(c|d|h|s|p|t|Kreuz|Karo|Pik|Herz)$")


class PacificHand(LineReader):
    NAME = NAME
    HEADER = HEADER
    ACTOR = " "
    STREET_MARK = "** "
    NOTES = _NOTES
    CLOSING = re.compile(r"^\*\* Summary \*\*")

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.decimal = "."
        self.small_posted = False
        # Before "** Dealing down cards **", a fold is a player declining the blind he owes
        # (not dealt in); a hand seen as an observer has no such line.
        self.dealing = not any(line.startswith("** Dealing down") for line in block.lines)
        self.big_posted = False
        self.street = ""
        self.big_bet_seen = False
        self.suits = _SUITS
        if any(_SPANISH.search(line) for line in block.lines):
            self.suits = _SPANISH_SUITS

    def tournament(self) -> bool:
        return len(self.block.lines) > 2 and self.block.lines[2].startswith("Tournament #")

    def amount(self, text: str | None, *, decimal: str = "") -> int:
        """An amount as the client writes it: the whole of ``text`` (a currency sign before
        or after, a space, a no-break space or a point or comma grouping thousands). A
        no-break space written twice encoded (``Â`` and the space) is the space."""
        if text is not None:
            text = text.replace("Â\u00a0", "\u00a0").strip()
            if not _AMOUNT.fullmatch(text):
                raise self.fail(f"not an amount: {text[:40]!r}")
        return super().amount(text, decimal=decimal or self.decimal)

    def body(self) -> Iterator[tuple[int, str]]:
        lines = self.block.numbered()
        for _ in range(3):  # the header, the game line and the table line: read_header's
            next(lines, None)
        return lines

    def read_header(self) -> None:
        lines, b = self.block.lines, self.b
        if len(lines) < 3:
            raise self.damaged("the hand stops after its header")
        b.at = self.block.first + 1
        found = _GAME_LINE.match(lines[1])
        if found is None:
            raise self.fail(f"not a game line: {lines[1][:100]!r}")
        if _COMMA.search(lines[1]):
            self.decimal = ","
        b.user["_site_game"] = f"{found['kind']} {found['game']}"
        kind = _KINDS[found["kind"]]
        if "BLAST " in self.header and found["big"].startswith("0 "):
            # BLAST's final phase: each player's whole stack is his ante, no blinds (the
            # header's first amount is the prize pool).
            raise self.unsupported(
                "a BLAST all-in hand: every stack is an ante and there are no blinds, and "
                "splitpot's games have a big blind"
            )
        small, big = self.amount(found["small"]), self.amount(found["big"])
        if kind == "F":
            small, big = big, 2 * big  # the header names the blinds: the bets are 1 and 2 big
        self.facts.game(_GAMES[found["game"]], kind, small, big)
        if found["year"] is not None:
            when = (found[k] for k in ("year", "month", "day", "h", "m", "s"))
            self.facts.date(*when, zone=None, text=lines[1])
        self.table_line(lines[2])

    def table_line(self, line: str) -> None:
        b = self.b
        b.at = self.block.first + 2
        found = _TABLE.match(line)
        if found is None:
            raise self.fail(f"not a table line: {line[:100]!r}")
        if found["event"] is not None:
            b.fields["event"] = f"Tournament #{found['event']}"
            table = _TOURNAMENT_TABLE.search(line)
            if table is not None:
                b.fields["table"] = table[1]
        else:
            b.fields["table"] = found["table"]
        if found["max"] is not None:
            b.seat_count = b.number(found["max"], "table size")
        if b.unit == CENT and found["money"] == "Real Money":
            symbol = re.search(r"[$€£]", self.block.lines[1])
            if symbol is not None:
                b.fields["currency"] = {"$": "USD", "€": "EUR", "£": "GBP"}[symbol[0]]
                b.fields["currency_symbol"] = symbol[0]

    def set_up(self, line: str) -> bool:
        if seat_line(self, _SEAT.match(line)):
            return True
        found = BUTTON.match(line)
        if found is not None:
            b = self.b
            b.button = b.number(found[1])
            # A table has at least as many seats as the button's (an empty seat's, in a
            # tournament whose table line does not say its size).
            b.seat_count = max(b.seat_count or 0, b.button)
            return True
        return _PLAYERS.match(line) is not None

    def rules(self) -> Rules:
        return [dealt_rule(self, self.cards, r"^Dealt to ({names}) \[ ?([^]]*?) ?\]\s*$")]

    def street_line(self, line: str) -> None:
        found = self.street_match(_STREET, line)
        street, summary, board = found.groups()
        if summary is not None:
            self.summary = True
            return
        self.street = street.lower()
        if self.street == "down cards":
            self.dealing = True
        else:
            self.b.street_cards(self.street.upper(), self.cards(board or ""), line)

    def cards(self, text: str) -> list[str | None]:
        """Cards in the client's language, as PHH writes them."""
        out: list[str | None] = []
        for token in text.split(","):
            found = _CARD.match(token.strip())
            rank = None if found is None else _RANKS.get(found[1])
            if found is None or rank is None:
                raise self.fail(f"not a card: {token.strip()!r}")
            suit = self.suits.get(found[2])
            if suit is None:
                raise self.fail(f"not a card: {token.strip()!r}")
            out.append(rank + suit)
        return out

    def action(self, name: str, rest: str) -> None:
        found = _ACTION.match(rest)
        if found is None:
            raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        verb, a, b_ = found["verb"], found["a"], found["b"]
        b = self.b
        match verb:
            case "folds" if not self.dealing:
                pass  # he declines to post the blind he owes: he is not dealt in
            case "folds":
                b.fold(name)
            case "checks":
                b.check(name)
            case "calls":
                b.call(name, self.amount(a))
            case "bets" | "raises":
                amount = self.amount(a)
                if verb == "bets" and self.street in ("turn", "river"):
                    self.big_bet(name, amount)
                b.bet(name, amount)
            case "posts ante" | "posts the ante":
                self.big_posted = True  # antes: the hand is played
                b.ante(name, self.amount(a))
            case "posts small blind" if self.small_posted:
                b.blind(name, 0, dead=self.amount(a))  # a second small blind is dead (§4.1)
            case "posts small blind":
                self.small_posted = True
                b.blind(name, self.amount(a))
            case "posts big blind":
                self.big_posted = True
                b.blind(name, self.amount(a))
            case _:  # "posts dead blind [small + big]": the big live, the small dead
                if b_ is None:
                    raise self.fail(f"a dead blind of one amount: {rest!r}")
                b.blind(name, self.amount(b_), dead=self.amount(a))

    def big_bet(self, name: str, amount: int) -> None:
        """A fixed-limit game's big bet is the first full bet on the turn or river: its
        header names the blinds, and its big bet is not always twice the big blind
        ($0.06/$0.12 blinds: bets of $0.12 and $0.25). A bet that puts its player all-in
        for less says nothing of it."""
        b, game = self.b, self.b.game
        p = b.player(name)
        if game is None or game.kind != "F" or self.big_bet_seen:
            return
        if amount >= p.stack - p.put_in and amount < game.big:
            return
        self.big_bet_seen = True
        if amount != game.big:
            b.game = Game(game.part, game.kind, game.small, amount)

    def summary_line(self, line: str) -> None:
        if _SUMMARY_NOTES.match(line):
            return
        player = self.seated().match(line)
        found = None if player is None else _SUMMARY.match(player[2])
        if player is None or found is None:
            raise self.fail(f"a summary line this reader does not know: {line!r}")
        name, verb = player[1], found["verb"]
        if verb is None:  # "did not show his hand"
            return
        if verb == "collected":
            self.b.collect(name, self.amount(found["what"]))
        elif verb == "shows" or self.all_in(name):
            # An all-in player's cards are tabled: his "mucks [cards]" is shown down all
            # the same (888's hand 190631995 pays a side pot to an all-in player who "mucks
            # [Qc, Ad]"); another's muck gives up the pot (hand 539478640: 4s 4c mucked,
            # the pot paid to a weaker hand shown).
            self.b.show(name, self.cards(found["what"]))
        else:
            self.b.reveal(name, self.cards(found["what"]))

    def all_in(self, name: str) -> bool:
        p = self.b.player(name)
        return p.put_in == p.stack

    def finish(self) -> None:
        if not self.summary:
            raise self.damaged("the hand stops before its summary")
        if not self.big_posted:
            raise self.unsupported(
                "the hand was called off before the cards were dealt (no big blind was "
                "posted): the small blind was given back"
            )
        settle(self.b, uncalled_in_win=True)


READER = SiteReader(NAME, HEADER, PacificHand.parse, marker="Hand History for Game ")
