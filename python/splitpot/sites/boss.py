"""Boss Media hand histories (Boss's own rooms, Opoker, espacejeux.com, Svenska Spel...): the
client's XML, read into PHH histories.

A file is a ``<ROOT>`` of ``<HISTORY ID=... SESSION=...>`` elements, one per hand, each read
on its own (:mod:`splitpot.sites.xmldoc`: a broken hand is an error naming its line, and
the next is still read). The hand's attributes give the game (``GAME_THM`` hold'em,
``GAME_OMA`` and ``GAME_OMATU`` Omaha, ``GAME_OMAHL`` Omaha hi-lo, ``GAME_FCD`` five-card
draw, which splitpot does not play), ``GAMEKIND`` cash or tournament, ``LIMIT`` (``NL``,
``PL``, ``FL``), ``STAKES`` (the blinds; fixed limit's small and big bet) and ``DATE``
(seconds since 1970, UTC).

The hand is a list of ``<PLAYER NAME SEAT AMOUNT [STATE DEALER]>`` (the stacks at the
start; ``STATE_EMPTY`` and ``STATE_RESERVED`` seats hold nobody) and ``<ACTION TYPE=...>``
elements in the order of play, then a ``<SHOWDOWN POT RAKE>`` of one ``<RESULT PLAYER
WIN>`` per player (his shown cards inside). What the values mean was read off the hands
themselves (every hand's chips add up to its ``POT`` and ``RAKE`` that way):

- ``HAND_BLINDS`` of ``KIND`` ``HAND_SB``, ``HAND_BB``, ``HAND_DSB`` (a dead small blind)
  and ``HAND_AB`` (both blinds: the big live, the rest dead); ``HAND_ANTE``;
- ``ACTION_BET`` the bet, ``ACTION_RAISE`` and ``ACTION_ALLIN`` the player's total on the
  street (an all-in is a call or a raise as it tops the street or not); ``ACTION_CALL``
  the player's total on the street, except on clients that write what the call adds (both
  are read, and a value that is neither is an error);
- ``HAND_DEAL``: a player's cards, ``b`` one not seen; ``HAND_BOARD``: the whole board so
  far (``BOARD_FLOP``, ``BOARD_TURN``, ``BOARD_RIVER``).

Cards are numbers: ``n % 13`` the rank from the ace (0) to the king (12), ``n // 13`` the
suit in the order diamonds, clubs, hearts, spades. The ``SHOWDOWN``'s ``POT`` is what the
winners share, after the ``RAKE``; a player's ``WIN`` and the ``POT`` leave out the uncalled
part of the biggest bet, given back. Without ``DEALER`` attributes, the button is the player
dealt last (the client deals from his left). The 2011 tournament client writes no antes:
:meth:`BossHand.unwritten_antes` reads them from the pot.
"""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from decimal import Decimal

from splitpot.phh.record import HandHistory
from splitpot.sites.base import Block, LineReader, SiteReader
from splitpot.sites.builder import date_fields
from splitpot.sites.money import CENT, CHIP
from splitpot.sites.patterns import SHORT_LIMITS
from splitpot.sites.xmldoc import Document, elements

NAME = "Boss Media"
HEADER = re.compile(r'<HISTORY ID="(\d+)" SESSION="')

# The site's game: the PHH game part, or None with the game's name for one splitpot does
# not play.
_GAMES: dict[str, tuple[str | None, str]] = {
    "GAME_THM": ("T", "Hold'em"),
    "GAME_OMA": ("O", "Omaha"),
    "GAME_OMATU": ("O", "Omaha"),
    "GAME_OMAHL": ("O/8", "Omaha Hi-Lo"),
    "GAME_FCD": (None, "Five-card draw"),
}
_NOBODY = ("STATE_EMPTY", "STATE_RESERVED")  # a seat with no player
_STREETS = {"BOARD_FLOP": 3, "BOARD_TURN": 4, "BOARD_RIVER": 5}  # the board's cards by then
# A tournament's amount with cents (``15972.51``): the hand is read in hundredths of a chip.
_FRACTION = re.compile(r'(?:VALUE|AMOUNT|WIN|POT)="[0-9]*\.(?!00")[0-9]')


def blocks(text: str, source: str | None) -> Iterator[Block]:
    """One block per ``<HISTORY>``: to its ``</HISTORY>``, or to the next hand's (cut)."""
    for first, lines in elements(text, HEADER, "</HISTORY>"):
        yield Block(source, lines, first)


def card(text: str | None) -> str | None:
    """``"22"`` is ``Tc``; ``b`` a card not seen (None); anything else is not a card ("")."""
    if text == "b":
        return None
    if text is None or not (text.isascii() and text.isdecimal()) or len(text) > 2:
        return ""
    if int(text) >= 52:
        return ""
    suit, rank = divmod(int(text), 13)
    return "A23456789TJQK"[rank] + "dchs"[suit]


# The actions that are the framework's moves as they are (LineReader.move).
_VERBS = dict(ACTION_FOLD="fold", ACTION_CHECK="check", ACTION_BET="bet", ACTION_RAISE="raise to")


class BossHand(LineReader):
    """One ``<HISTORY>``: parsed as XML (:meth:`run`), not line by line."""

    NAME = NAME
    HEADER = HEADER
    VERBS = _VERBS

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.doc = Document(self.b, block, "HISTORY")
        self.board: list[str | None] = []
        # Seated with no chips (a tournament's player knocked out): the client still deals
        # him cards, folds him and lists his result of nothing; he plays no hand.
        self.broke: set[str] = set()
        self.ante_written = False
        self.last_dealt: int | None = None  # the seat dealt last: the button's
        self.antes: dict[str, int] = {}  # antes the client did not write: posted first

    def tournament(self) -> bool:
        return 'GAMEKIND="GAMEKIND_TOURNAMENT"' in self.header

    def unit(self) -> Decimal:
        """A cash game's cent; a tournament's chip, or its hundredth when the hand has
        amounts with cents, read exactly either way."""
        if not self.tournament():
            return CENT
        return CENT if _FRACTION.search("\n".join(self.block.lines)) else CHIP

    def run(self) -> HandHistory:
        """The hand; read again with the antes posted when the client did not write them
        (:meth:`unwritten_antes`)."""
        root = self.doc.read()
        self.play(root)
        antes = self.unwritten_antes()
        if not antes:
            return self.b.build()
        again = type(self)(self.block)
        again.antes = antes
        again.doc.line_of = self.doc.line_of  # the XML parsed once
        again.play(root)
        return again.b.build()

    def play(self, root: ET.Element) -> None:
        self.b.at = self.block.first
        self.game(root)
        showdown = None
        for child in root:
            self.b.at = self.doc.line_of.get(child, self.b.at)
            if showdown is not None:
                raise self.doc.fail(f"<{child.tag}> after the showdown")
            if child.tag == "PLAYER":
                self.player(child)
            elif child.tag == "ACTION":
                if self.antes:
                    for name, ante in self.antes.items():
                        self.b.ante(name, ante)
                    self.antes = {}
                self.action_of(child)
            elif child.tag == "SHOWDOWN":
                showdown = child
            else:
                raise self.doc.fail(f"an element this reader does not know: <{child.tag}>")
        if showdown is None:
            raise self.damaged("cut off: the hand has no <SHOWDOWN>")
        if self.b.button is None:  # the client deals from the button's left
            self.b.button = self.last_dealt
        self.result(showdown)

    def unwritten_antes(self) -> dict[str, int]:
        """The antes of a tournament hand whose client wrote none (the 2011 clients, from
        the level the antes start): the site's ``POT`` has, over the chips the hand's
        actions put in, the same ante from every player dealt in, less than the big blind.
        Else none: the builder says what is missing."""
        b, game = self.b, self.b.game
        if not b.tournament or self.ante_written or b.total is None or game is None:
            return {}
        dealt = [p for p in b.players.values() if p.dealt]
        put = sorted(p.put_in for p in dealt)
        if len(put) < 2:
            return {}
        missing = b.total - (sum(put) - (put[-1] - put[-2]))
        ante, left = divmod(missing, len(dealt))
        if missing <= 0 or left or ante >= game.big:
            return {}
        return {p.name: ante for p in dealt}

    def game(self, root: ET.Element) -> None:
        """The game, its structure, stakes, table, currency and date: the hand's attributes."""
        b, get = self.b, root.get
        b.user["_site_game"] = f"{get('GAME')} {get('LIMIT')}"
        part, name = _GAMES.get(get("GAME", ""), ("", ""))
        if part is None:
            raise self.unsupported(f"{name}: a game splitpot does not play", name)
        kind = SHORT_LIMITS.get(get("LIMIT", ""))
        stakes = get("STAKES", "").split("/")
        if not part or kind is None or len(stakes) != 2:
            raise self.fail(f"a game this reader does not know: {b.user['_site_game']!r}")
        self.facts.game(part, kind, self.amount(stakes[0]), self.amount(stakes[1]))
        if get("TABLE"):
            b.fields["table"] = get("TABLE")
        if self.b.tournament:
            b.fields["event"] = get("TABLETOURNEYID") or get("SESSION")
        elif re.fullmatch("[A-Z]{3}", get("TABLECURRENCY", "")):
            b.fields["currency"] = get("TABLECURRENCY")
        stamp = get("DATE", "")
        if not (stamp.isascii() and stamp.isdecimal()) or len(stamp) > 11:
            raise self.fail(f"not a date: {stamp[:40]!r}")
        when = datetime.datetime.fromtimestamp(int(stamp), datetime.UTC)
        b.fields.update(date_fields(when.replace(tzinfo=None), "UTC"))

    def player(self, player: ET.Element) -> None:
        """A seat: the player's name and stack; the button's, where the client says."""
        if player.get("STATE") in _NOBODY:
            return
        seat = self.doc.number(player, "SEAT")
        if player.get("DEALER") == "Y":
            self.b.button = seat
        name, stack = player.get("NAME", ""), self.amount(player.get("AMOUNT"))
        stack += self.antes.get(name, 0)  # the client's stacks are after the unwritten antes
        self.b.seat(seat, name, stack)
        if stack == 0:
            self.broke.add(name)

    def action_of(self, action: ET.Element) -> None:
        kind, name = action.get("TYPE", ""), action.get("PLAYER", "")
        b, value = self.b, action.get("VALUE")
        if name in self.broke:
            if kind in ("HAND_DEAL", "ACTION_FOLD"):
                return
            raise self.damaged(f"the site contradicts itself: {name}, with no chips, plays")
        if kind == "HAND_BLINDS":
            self.blind(name, action.get("KIND", ""), self.amount(value))
        elif kind == "HAND_ANTE":
            b.ante(name, self.amount(value))
            self.ante_written = True
        elif kind == "HAND_DEAL":
            b.hole(name, self.cards(action))
            self.last_dealt = b.players[name].seat
        elif kind == "HAND_BOARD":
            self.deal_board(action)
        elif kind == "ACTION_CALL":
            self.call(name, self.amount(value))
        elif kind == "ACTION_ALLIN":
            b.put_in(name, self.amount(value) - b.player(name).street_in)
        elif not self.move(name, kind, value):  # the plain moves: VERBS
            raise self.doc.fail(f"an action this reader does not know: {kind!r}", action)

    def blind(self, name: str, kind: str, amount: int) -> None:
        """A blind, written in full when its poster has less: he posts what he has."""
        b = self.b
        p = b.player(name)
        amount = min(amount, p.stack - p.put_in)
        if kind in ("HAND_SB", "HAND_BB"):
            b.blind(name, amount, big=kind == "HAND_BB")
        elif kind == "HAND_AB":
            b.post_both(name, amount)  # the big blind live, the rest dead (§4.1)
        elif kind == "HAND_DSB":
            b.blind(name, 0, dead=amount)  # §4.1
        else:
            raise self.fail(f"a blind this reader does not know: {kind!r}")

    def call(self, name: str, value: int) -> None:
        """A call: ``value`` his total on the street, or (some clients) what the call adds;
        either way the call adds what he lacks of the street's highest, as far as his stack
        goes."""
        b = self.b
        p, game = b.player(name), b.game
        high = max(q.street_in for q in b.players.values())
        if not self.board and game is not None:  # a short big blind is called in full (§4.1)
            high = max(high, game.small if game.kind == "F" else game.big)
        adds = min(high - p.street_in, p.stack - p.put_in)
        if value not in (adds, p.street_in + adds):
            raise self.damaged(
                f"the site contradicts itself: {name} calls {value}, and the call is {adds}"
            )
        b.call(name, adds)

    def cards(self, element: ET.Element) -> list[str | None]:
        found = [card(c.get("LINK")) for c in element if c.tag == "CARD"]
        if "" in found or len(found) != len(element):
            raise self.doc.fail("not a card among the cards", element)
        return found

    def deal_board(self, action: ET.Element) -> None:
        """The board so far: its new cards dealt, the street before over."""
        board, count = self.cards(action), _STREETS.get(action.get("VALUE", ""))
        if count is None or len(board) != count or board[: len(self.board)] != self.board:
            raise self.damaged(f"the site contradicts itself: the board {action.get('VALUE')}")
        if None in board:
            raise self.fail("a board card not seen")
        self.b.board(board[len(self.board) :])
        self.board = board

    def result(self, showdown: ET.Element) -> None:
        """The site's result: each player's ``WIN`` and shown cards, the ``RAKE``, and the
        ``POT`` (after the rake, without the uncalled part of the biggest bet: the builder
        gives that back)."""
        b = self.b
        for result in showdown:
            b.at = self.doc.line_of.get(result, b.at)
            name = result.get("PLAYER", "")
            if name in self.broke and result.get("WIN") in ("0", "0.00"):
                continue
            if result.tag != "RESULT" or name not in b.players:
                raise self.doc.fail(f"not a player's result: <{result.tag}> {name!r}", result)
            win = self.amount(result.get("WIN"))
            if win:
                b.collect(name, win)
            shown, p = self.cards(result), b.players[name]
            if shown and p.dealt:  # (the client shows the hand of its player who folded)
                (b.reveal if p.folded else b.show)(name, shown)
        b.rake = self.amount(showdown.get("RAKE"))
        b.total = self.amount(showdown.get("POT")) + b.rake


READER = SiteReader(NAME, HEADER, BossHand.parse, blocks, marker="<HISTORY ID=")
