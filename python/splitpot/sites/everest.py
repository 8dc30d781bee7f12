"""Everest Poker hand histories: the client's XML (2010 to 2012; cash games and tournaments;
hold'em and Omaha), read into PHH histories.

A file is a ``<SESSION .../>`` (the table, the currency, the game) and its hands, each a
``<HAND>`` of elements in the order of play::

    <SESSION time="1331809137" tableName="Moroni-1" id="1454.109.133" type="ring" money="$"
             screenName="Player3" game="hold-em" gametype="no-limit"/>
    <HAND time="1331809153" id="7456671620" index="0" blinds="$0.50/$1" stakes="$0.50/$1">
      <SEAT position="0" name="Player1" balance="11410"/>
      <DEALER position="1"/>
      <BLIND position="2" amount="50" penalty="0"/>
      <HOLE position="3">3d</HOLE>
      <BET position="9" amount="250"/>
      <FOLD position="1"/>
      <PUSH position="0" amount="500"/>
      <SWEEP rake="0" tax="0">650</SWEEP>
      <COMMUNITY>Kc, 10s, 8s</COMMUNITY>
      <WIN position="0" amount="650" pot="0" potAmount="650"/>
    </HAND>

How it is read (docs/sites.md, "Everest"):

* Every amount is a whole number of hundredths: of the currency in a cash game, of a chip in
  a tournament (a tournament's stack of ``138000`` is 1,380 chips).
* ``BET`` gives what the player adds (``0`` a check; a call or a raise as it tops the street
  or not); ``PUSH`` the bet no one called, given back. ``XBLIND``: a player who posts no
  blind and sits the hand out.
* The stakes are the blinds posted: a tournament hand's ``blinds`` may still be the level
  before (``5/10`` at a table posting 10 and 20). A fixed-limit game's small bet is its big
  blind.
* ``HOLE`` deals one card (``--`` one not seen), round by round; ``COMMUNITY`` a street's
  cards, or all five at once after an all-in.
* ``SWEEP`` gathers the bets into the pot: its text is the pot so far after the rake, its
  ``rake`` and ``tax`` what the site took so far. The last one is the site's pot and rake,
  which the ``WIN`` elements must pay out (the builder checks it).
"""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from splitpot.phh.record import HandHistory
from splitpot.sites.base import Block, LineReader, SiteReader, lines_of
from splitpot.sites.builder import Kind, date_fields
from splitpot.sites.money import CENT
from splitpot.sites.xmldoc import Document, elements

NAME = "Everest"
HEADER = re.compile(r'<HAND time="\d{1,12}" id="(\d{1,20})"')
_SESSION = re.compile(r"<SESSION [^<>]*>")
_GAMES = {"hold-em": "T", "omaha-hi": "O"}
_KINDS: dict[str, Kind] = {"no-limit": "N", "pot-limit": "P", "fixed-limit": "F"}
_CURRENCIES = {"€": "EUR", "$": "USD", "£": "GBP"}
_STREETS = {0: "FLOP", 3: "TURN", 4: "RIVER"}  # the street that deals the next card(s)
_QUIET = ("CHAT", "XBLIND", "XSHOW")  # a player's chat, no blind posted, no cards shown


@dataclass
class HandBlock(Block):
    """One ``<HAND>``'s lines; ``session`` the attributes of the ``<SESSION>`` before it."""

    session: dict[str, str] | str = "no <SESSION> before the <HAND> (its game is not known)"


def blocks(text: str, source: str | None) -> Iterator[Block]:
    """One block per ``<HAND>``, to its ``</HAND>`` (or to the next hand, when the file is
    cut short), each with the session it is played in."""
    text = "\n".join(lines_of(text))
    sessions = [(m.start(), _session(m.group())) for m in _SESSION.finditer(text)]
    starts = (m.start() for m in HEADER.finditer(text))
    k, session = 0, HandBlock.session
    for (first, lines), start in zip(elements(text, HEADER, "</HAND>"), starts, strict=True):
        while k < len(sessions) and sessions[k][0] < start:
            session = sessions[k][1]
            k += 1
        yield HandBlock(source, lines, first, session=session)


def _session(tag: str) -> dict[str, str] | str:
    """The attributes of a ``<SESSION .../>`` tag, or why it cannot be read."""
    try:
        return ET.fromstring(tag).attrib
    except ET.ParseError as e:
        return f"the <SESSION> is not well-formed XML: {e}"


class EverestHand(LineReader):
    """One ``<HAND>``: parsed as XML (:meth:`run`), not line by line."""

    NAME = NAME
    HEADER = HEADER

    def __init__(self, block: Block) -> None:
        self.session = block.session if isinstance(block, HandBlock) else HandBlock.session
        super().__init__(block)
        self.doc = Document(self.b, block, "HAND")
        self.names: dict[str, str] = {}  # position -> player
        self.holes: dict[str, list[str | None]] = {}  # the cards dealt, by player
        self.board = 0  # the board's cards dealt
        self.sweep: ET.Element | None = None  # the last gathering of the bets

    def tournament(self) -> bool:
        return isinstance(self.session, dict) and self.session.get("type") == "tournament"

    def unit(self) -> Decimal:
        return CENT  # hundredths of the currency, or of a chip

    def run(self) -> HandHistory:
        if isinstance(self.session, str):
            raise self.fail(self.session)
        hand = self.doc.read()
        self.header_of(hand)
        for child in hand:
            self.b.at = self.doc.line_of.get(child, self.b.at)
            self.play(child)
        if self.sweep is None or not any(p.collected for p in self.b.players.values()):
            raise self.damaged("cut off: the hand has no <SWEEP> and <WIN>")
        b = self.b
        b.rake = self.attr(self.sweep, "rake") + self.attr(self.sweep, "tax")
        b.total = self.number(self.sweep.text) + b.rake
        return b.build()

    def header_of(self, hand: ET.Element) -> None:
        """The game and its stakes (the blinds posted), the date, the table, the currency."""
        b, session = self.b, self.session
        assert isinstance(session, dict)
        name = f"{session.get('gametype', '')} {session.get('game', '')}"
        b.user["_site_game"] = name
        part, kind = _GAMES.get(session.get("game", "")), _KINDS.get(session.get("gametype", ""))
        if part is None or kind is None:
            raise self.unsupported(f"{name}: a game splitpot does not read", name)
        blinds = sorted(self.attr(e, "amount") for e in hand.iter("BLIND"))
        if not blinds:
            raise self.unsupported("a hand with no blinds posted: its stakes are not written")
        big, small = blinds[-1], blinds[0] if len(blinds) > 1 else 0
        self.facts.game(part, kind, *((big, 2 * big) if kind == "F" else (small, big)))
        when = datetime.datetime.fromtimestamp(self.attr(hand, "time"), datetime.UTC)
        b.fields.update(date_fields(when.replace(tzinfo=None), "UTC"))
        b.fields["table"] = session.get("tableName", "")
        if self.tournament():
            b.fields["event"] = f"Tournament #{session.get('id', '')}"
        elif session.get("money") in _CURRENCIES:
            b.fields["currency"] = _CURRENCIES[session["money"]]

    def play(self, e: ET.Element) -> None:
        """One element of the hand."""
        b, tag = self.b, e.tag
        if tag != "HOLE" and self.holes:
            for name, dealt in self.holes.items():
                b.hole(name, dealt)
            self.holes = {}
        if tag == "SEAT":
            name = e.get("name", "")
            if not name:
                raise self.damaged(f"a seat with no player's name at line {b.at}")
            position = self.attr(e, "position")
            b.seat(position + 1, name, self.attr(e, "balance"))
            self.names[str(position)] = name
        elif tag == "DEALER":
            b.button = self.attr(e, "position") + 1
        elif tag == "HOLE":
            self.holes.setdefault(self.who(e), []).append(_card(e.text, self))
        elif tag == "COMMUNITY":
            self.community(e.text or "")
        elif tag == "SWEEP":
            self.sweep = e
        elif tag in _QUIET:
            return
        else:
            self.by_player(e)

    def by_player(self, e: ET.Element) -> None:
        """A player's element: a forced bet, a move, a show or a win."""
        b, tag, name = self.b, e.tag, self.who(e)
        if tag in ("BET", "PUSH", "ANTE", "BLIND", "WIN"):
            amount = self.attr(e, "amount")
        if tag == "BET":
            (b.put_in if amount else b.check)(name, amount)
        elif tag == "FOLD":
            b.fold(name)
        elif tag == "PUSH":
            b.returned(name, amount)
        elif tag == "ANTE":
            b.ante(name, amount)
        elif tag == "BLIND":
            self.blind(e, name, amount)
        elif tag == "SHOW":
            b.show(name, [_card(c, self) for c in (e.text or "").split(",")])
        elif tag == "WIN":
            b.collect(name, amount)
        else:
            raise self.doc.fail(f"an element this reader does not know: <{tag}>", e)

    def blind(self, e: ET.Element, name: str, amount: int) -> None:
        game = self.b.game
        assert game is not None
        if e.get("penalty", "0") != "0":
            raise self.unsupported(f"a penalty blind (penalty={e.get('penalty')!r})")
        full = game.small if game.kind == "F" else game.big
        first = full not in [p.blind for p in self.b.players.values()]
        self.b.blind(name, amount, big=amount == full if first or amount < full else None)

    def who(self, e: ET.Element) -> str:
        name = self.names.get(e.get("position", ""))
        if name is None:
            raise self.doc.fail(
                f"<{e.tag}> of position {e.get('position')!r}, where no one sits", e
            )
        return name

    def community(self, text: str) -> None:
        """A street's board cards, or the rest of the board at once."""
        new = [_card(c, self) for c in text.split(",")]
        while new:
            street = _STREETS.get(self.board)
            if street is None:
                raise self.damaged(f"the site contradicts itself: a board of six cards: {text!r}")
            count = 3 if street == "FLOP" else 1
            self.b.street_cards(street, new[:count], f"<COMMUNITY>{text}</COMMUNITY>")
            new, self.board = new[count:], self.board + count

    def attr(self, e: ET.Element, name: str) -> int:
        """The number ``name`` of ``e`` (a time or an amount: up to 12 digits)."""
        return self.number(e.get(name), f"<{e.tag}> has no number {name}=")

    def number(self, text: str | None, what: str = "not an amount: ") -> int:
        text = (text or "").strip()
        if not (text.isascii() and text.isdecimal()) or len(text) > 12:
            raise self.fail(f"{what}{text[:20]!r}")
        return int(text)


def _card(text: str | None, reader: EverestHand) -> str | None:
    """``"10s"`` is ``Ts``; ``--`` a card not seen (None)."""
    text = (text or "").strip()
    if text == "--":
        return None
    rank, suit = text[:-1], text[-1:]
    if rank not in _RANKS or suit not in ("c", "d", "h", "s"):
        raise reader.fail(f"not a card: {text[:10]!r}")
    return _RANKS[rank] + suit


_RANKS = {r: r for r in "23456789TJQKA"} | {"10": "T"}


READER = SiteReader(NAME, HEADER, EverestHand.parse, blocks, marker="<HAND ")
