"""Microgaming (MPN) hand histories: the client's XML, one ``<Game>`` a hand (2009 to 2016;
cash games and tournaments; hold'em, Omaha, Omaha Hi/Lo), read into PHH histories.

A game lists its seats (``balance`` before the hand, ``endbalance`` after it: the site's
result, checked for every player dealt in), then its ``<Action>`` elements in the order of
``seq``::

    <Game hhversion="4" id="5049092880" date="2013-09-23 14:28:43" stakes="0.01|0.02"
          betlimit="NL" gametype="Hold&apos;em" istournament="0" rake="0" ...>
      <Seats><Seat num="1" alias="CrzyVndl" balance="2.00" endbalance="1.93"/>...</Seats>
      <Gameplay>
        <Action seq="7" type="Raise" seat="1" value="0.06"/>
        <Action seq="10" type="DealFlop"><Card value="10" suit="d"/>...</Action>
        <Action type="Win"><Seat num="2" amount="0.23" .../></Action>
      </Gameplay>
    </Game>

How it is read (docs/sites.md, "Microgaming"):

* ``Call``, ``Bet``, ``Raise`` and ``AllIn`` give what the player adds (an all-in is a call
  or a raise as it tops the most put in or not); ``PostedToPlay`` a big blind posted out of
  turn, live (docs/rules/poker.md §4.1).
* ``BadBeatContribution`` is the jackpot's drop, taken from the player before the hand and
  never in the pot: he plays with his balance less it.
* The ``rake`` is in hundredths. What a ``Win`` pays may hold the player's own uncalled bet
  (2013's version 4) or not (2009): :func:`~splitpot.sites.payout.settle` tells which.
"""

from __future__ import annotations

import base64
import binascii
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from splitpot.phh.record import HandHistory
from splitpot.sites.base import Block, LineReader, SiteReader
from splitpot.sites.builder import Kind
from splitpot.sites.errors import SiteError
from splitpot.sites.money import CENT
from splitpot.sites.payout import check_stacks, settle
from splitpot.sites.xmldoc import Document, elements

NAME = "Microgaming"
HEADER = re.compile(r'<Game (?:hhversion="\d+" )?id="(\d+)" date="')
_GAMES = {"Hold'em": "T", "Omaha": "O", "Omaha H/L": "O/8"}
_LIMITS: dict[str, Kind] = {"NL": "N", "PL": "P", "FL": "F"}
_CURRENCIES = {"€": "EUR", "$": "USD", "£": "GBP"}
_MOVES = {"Call", "Bet", "Raise", "AllIn"}  # what the player adds
_DEALS = {"DealFlop": "FLOP", "DealTurn": "TURN", "DealRiver": "RIVER"}


def blocks(text: str, source: str | None) -> Iterator[Block]:
    """One block per ``<Game>``, to its ``</Game>`` (or to the next game, when the file is
    cut short); what stands between games (a file's name, "ExtendedTableName: ...") is no
    hand's."""
    for first, lines in elements(text, HEADER, "</Game>"):
        yield Block(source, lines, first)


class MicrogamingGame(LineReader):
    """One ``<Game>``."""

    NAME = NAME
    HEADER = HEADER

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.doc = Document(self.b, block, "Game")
        self.names: dict[str, str] = {}  # seat number -> player
        self.finals: dict[str, int] = {}

    def tournament(self) -> bool:
        return 'istournament="1"' in self.header

    def run(self) -> HandHistory:
        game = self.doc.read()
        seats, play = game.find("Seats"), game.find("Gameplay")
        if seats is None or play is None:
            raise self.damaged("lines missing: a game without its <Seats> or <Gameplay>")
        self.game(game, seats, play)
        drops = {
            a.get("seat", ""): a.get("value")
            for a in play
            if a.get("type") == "BadBeatContribution"
        }
        for seat in seats:
            self.seat(seat, drops.get(seat.get("num", "")))
        for action in sorted(play, key=self.seq):
            self.b.at = self.doc.line_of.get(action, self.b.at)
            self.play(action)
        settle(self.b, uncalled_in_win=True)
        rake = (
            0 if self.b.tournament or "rake" not in game.attrib else self.doc.number(game, "rake")
        )
        check_stacks(self.b, self.finals, rake)
        return self.b.build()

    def game(self, game: ET.Element, seats: ET.Element, play: ET.Element) -> None:
        """The game, the stakes, the date, the currency."""
        b = self.b
        name = (game.get("gametype") or "").removeprefix("Multi Table ")
        limit = game.get("betlimit", "")
        if name not in _GAMES or limit not in _LIMITS:
            raise self.unsupported(f"{name} {limit}: a game splitpot does not read", name)
        small, _, big = game.get("stakes", "").partition("|")
        # The blinds posted, where the game's stakes are not them (a table of "3|6" posts
        # blinds of 1 and 2): the first of each kind, unless it is a short all-in.
        blinds = {"SmallBlind": self.amount(small), "BigBlind": self.amount(big)}
        balances = {seat.get("num"): self.amount(seat.get("balance")) for seat in seats}
        fixed = limit == "FL"  # its stakes are its small and big bets: the blinds are less
        for action in [] if fixed else sorted(play, key=self.seq, reverse=True):
            kind, value = action.get("type", ""), action.get("value")
            if kind in blinds and self.amount(value) < balances.get(action.get("seat"), 0):
                blinds[kind] = self.amount(value)
        self.facts.game(_GAMES[name], _LIMITS[limit], blinds["SmallBlind"], blinds["BigBlind"])
        b.user["_site_game"] = f"{name} {limit}"
        when = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)", game.get("date", ""))
        self.facts.when(when)
        symbol = _symbol(game.get("currencysymbol", ""))
        if symbol in _CURRENCIES and b.unit == CENT:
            b.fields["currency"] = _CURRENCIES[symbol]
        if b.tournament:
            b.fields["event"] = "Tournament"
        b.fields["table"] = game.get("tablename", "")

    def seat(self, seat: ET.Element, drop: str | None) -> None:
        """A seat: the player, his balance less the jackpot's drop, his end balance."""
        b, name = self.b, seat.get("alias", "")
        number = self.doc.number(seat, "num")
        stack = self.amount(seat.get("balance")) - (self.amount(drop) if drop else 0)
        if seat.get("dealer") == "true":
            b.button = number
        if not name:
            raise self.damaged(f"seat {number} has no player's name")
        b.seat(number, name, stack)
        self.names[str(number)] = name
        self.finals[name] = self.amount(seat.get("endbalance"))

    def seq(self, action: ET.Element) -> int:
        """The action's place in the play; the "Win", which has none, last."""
        return self.doc.number(action, "seq") if "seq" in action.attrib else 1 << 30

    def who(self, action: ET.Element, seat: str = "seat") -> str:
        name = self.names.get(action.get(seat, ""))
        if name is None:
            raise self.fail(f"an action of seat {action.get(seat)!r}, where no one sits")
        return name

    def play(self, action: ET.Element) -> None:
        """One ``<Action>``."""
        b, kind = self.b, action.get("type", "")
        if kind in _MOVES:
            b.put_in(self.who(action), self.amount(action.get("value")))
        elif kind in ("SmallBlind", "BigBlind", "PostedToPlay"):
            big = None if kind == "PostedToPlay" else kind == "BigBlind"
            b.blind(self.who(action), self.amount(action.get("value")), big=big)
        elif kind in _DEALS:
            b.street_cards(_DEALS[kind], self.cards(action), f"<Action type={kind!r}>")
        elif kind in ("DealCards", "ShowCards", "MuckCards"):
            shown = self.cards(action)
            if kind == "DealCards":
                b.hole(self.who(action), shown)
            elif kind == "ShowCards" or shown:
                (b.show if kind == "ShowCards" else b.reveal)(self.who(action), shown)
        elif kind == "Fold":
            b.fold(self.who(action))
        elif kind == "Check":
            b.check(self.who(action))
        elif kind == "MoneyReturned":
            b.returned(self.who(action), self.amount(action.get("value")))
        elif kind == "Win":
            for seat in action:
                b.collect(self.who(seat, "num"), self.amount(seat.get("amount")))
        elif kind not in ("BadBeatContribution", "Disconnect"):
            raise self.unsupported(f"an action this reader does not know: {kind!r}")

    def cards(self, action: ET.Element) -> list[str | None]:
        found: list[str | None] = []
        for card in action:
            rank, suit = card.get("value", ""), card.get("suit", "")
            if rank not in _RANKS or suit not in "cdhs" or len(suit) != 1:
                raise self.fail(f"not a card: value={rank!r} suit={suit!r}")
            found.append(_RANKS[rank] + suit)
        return found

    def fail(self, reason: str) -> SiteError:
        return self.b.fail(reason)


_RANKS = {r: r for r in "23456789JQKA"} | {"10": "T", "T": "T"}


def _symbol(text: str) -> str:
    """The currency symbol, written in base64 of UTF-16 ("rCA=" is "€")."""
    try:
        return base64.b64decode(text, validate=True).decode("utf-16-le").strip()
    except (binascii.Error, UnicodeDecodeError):
        return ""


READER = SiteReader(NAME, HEADER, MicrogamingGame.parse, blocks, marker="<Game ")
