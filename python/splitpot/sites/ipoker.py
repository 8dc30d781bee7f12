"""iPoker network hand histories: the client's XML sessions (2010 to 2023), read into PHH
histories.

A file is one ``<session>``: a ``<general>`` part (the game type, the table, the currency,
a tournament's name) and one ``<game gamecode=...>`` element per hand. Each game is parsed
on its own, so a broken game is an error naming its line and the next one is still read,
and a session cut short (an excerpt whose ``<gamecount>`` counts more games than it holds,
no ``</session>``) is read as far as it goes. The XML is parsed from the text
:func:`~splitpot.sites.reading.decode` made of the bytes (one client wrote Windows-1252
bytes under ``encoding="utf-8"``), and a document type or entity declaration is refused,
never expanded.

A game lists its players (seat, starting ``chips``, ``dealer``, and the site's result:
``bet``, all he put in, and ``win``), then ``<round>`` elements: 0 the forced bets, then one
per betting round (hold'em and Omaha 1 to 4; stud 2 to 6 for third to seventh street). A
round's ``<cards>`` and ``<action>`` elements are written player by player, not in the order
of play: the actions are ordered by their ``no``. What the action ``type`` codes mean was
read off the games themselves (every player's actions add up to his ``bet`` that way, and
the uncalled part of the biggest bet is what his ``win`` has over his share of the pot):

- ``0`` fold, ``4`` check, ``1`` and ``2`` the small and the big blind, ``15`` an ante,
  ``16`` a bring-in;
- ``3`` call, ``5`` bet (in stud, a completion too), ``6`` raise and ``7`` all in (a call
  or a raise, as it goes over the most put in on the round or not): the amount each adds;
- ``23`` raise to: the player's total on the round;
- ``8`` not dealt in, ``9`` sitting out: no chips, no cards.
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
from splitpot.sites.builder import date_fields, is_stud
from splitpot.sites.errors import SiteError
from splitpot.sites.money import CENT, CHIP

NAME = "iPoker"
HEADER = re.compile(r'<game\s+gamecode="')

_FOLD, _SB, _BB, _CALL, _CHECK, _BET, _RAISE_BY, _ALL_IN = 0, 1, 2, 3, 4, 5, 6, 7
_SITTING_OUT = (8, 9)  # no cards dealt this hand (waiting for the big blind, sitting out)
_ANTE, _BRING_IN, _RAISE_TO = 15, 16, 23

# The session's name of the game (before the structure and the stakes): the PHH game part;
# None for a game splitpot does not play.
_GAMES: dict[str, str | None] = {
    "Holdem": "T",
    "Omaha": "O",
    "Omaha Hi-Lo": "O/8",
    "Omaha HiLow": "O/8",
    "7 Card Stud": "7S",
    "7 Card Stud Hi-Lo": "7S/8",
    "5 Card Stud": None,
    "Six Plus Holdem": None,
}
# The structure as the clients write it (SL: Spanish, БЛ: Russian for no limit).
_KINDS = {
    "NL": "N",
    "SL": "N",
    "БЛ": "N",
    "No limit": "N",
    "PL": "P",
    "LP": "P",
    "Pot limit": "P",
    "L": "F",
    "Limit": "F",
}
# The stakes, if any, then an ante (each game's ante actions say what was paid).
_GAMETYPE = re.compile(
    rf"^(?P<name>.+?) (?P<kind>{'|'.join(_KINDS)})(?: (?P<small>[^ /]+)/(?P<big>[^ /]+))?"
    r"(?: Ante \S+)?$"
)
_LIMIT_HOLDEM = re.compile(r"^LH (?P<small>[0-9.,]+)/(?P<big>[0-9.,]+) ")
_STUD_PARTS = {part for part in _GAMES.values() if part and is_stud(part)}
_STREETS = {"Flop", "Turn", "River"}
_STUD_STREETS = {"Third Street", "Fourth Street", "Fifth Street", "Sixth Street", "River"}
_DTD = re.compile(r"<!DOCTYPE|<!ENTITY", re.IGNORECASE)


@dataclass
class Session:
    """What the session's ``<general>`` says about all its games."""

    gametype: str
    table: str | None
    currency: str | None
    tournament: str | None
    seat_count: int | None
    win_includes_returns: bool


@dataclass
class GameBlock(Block):
    """One ``<game>`` element's lines; ``session`` what its session says (or why it could
    not be read)."""

    session: Session | str = "the session's <general> was not read"


def blocks(text: str, source: str | None) -> Iterator[Block]:
    """One block per ``<game gamecode=...>``: from it to its ``</game>`` (or to the next
    game, when the file is cut short)."""
    text = "\n".join(lines_of(text))
    starts = [m.start() for m in HEADER.finditer(text)]
    session = _session(text[: starts[0]] if starts else text)
    first, counted = 1, 0
    for k, start in enumerate(starts):
        stop = starts[k + 1] if k + 1 < len(starts) else len(text)
        end = text.find("</game>", start, stop)
        chunk = text[start : stop if end < 0 else end + len("</game>")]
        first += text.count("\n", counted, start)  # from the game before: linear in the file
        counted = start
        yield GameBlock(source, chunk.split("\n"), first, session=session)


def _session(prolog: str) -> Session | str:
    """The session's ``<general>``, or why it cannot be read."""
    if _DTD.search(prolog):
        return "a document type or entity declaration: refused (never expanded)"
    found = re.search(r"<general>.*?</general>", prolog, re.DOTALL)
    if found is None:
        return "the session's <general> (game type, table) is missing"
    try:
        general = ET.fromstring(found.group())
    except ET.ParseError as e:
        return f"the session's <general> is not well-formed XML: {e}"
    field = {child.tag: (child.text or "").strip() for child in general}
    gametype = field.get("gametype")
    if not gametype:
        return "the session's <general> has no <gametype>"
    tournament = field.get("tournamentname") or field.get("tournamentcode")
    if tournament is None and "tournamentcurrency" in field:
        tournament = field.get("tablename", "")
    size = field.get("tablesize", "")
    version = re.match(r"[0-9]{1,4}(?![0-9])", field.get("client_version", ""))
    return Session(
        gametype=re.sub(r"\s+", " ", gametype),
        table=field.get("tablename") or None,
        currency=field.get("tablecurrency") or field.get("currency") or None,
        tournament=tournament,
        seat_count=int(size) if size.isdecimal() and len(size) < 4 else None,
        # The clients of 2020 on (major version 20+) and those that say
        # <uncalled_bet_enabled> write a player's win without the bet returned to him
        # (2023: "win" 79 of a pot of 80, his uncalled 40 apart); the older ones include it.
        win_includes_returns=not (
            (version is not None and int(version.group()) >= 20)
            or field.get("uncalled_bet_enabled", "").lower() == "true"
        ),
    )


class IPokerGame(LineReader):
    """One ``<game>`` of a session: parsed as XML (:meth:`run`), not line by line."""

    NAME = NAME
    HEADER = HEADER

    def __init__(self, block: Block) -> None:
        self.session = (
            block.session if isinstance(block, GameBlock) else "not a game of an iPoker session"
        )
        super().__init__(block)
        code = re.search(r'gamecode="([^"]*)"', block.lines[0] if block.lines else "")
        self.b.hand_id = code.group(1) if code else None
        self.line_of: dict[ET.Element, int] = {}
        self.bet: dict[str, int] = {}
        self.win: dict[str, int] = {}
        self.seen_at: dict[str, int | None] = {}  # each player's line, named by his result
        self.spec: tuple[str, str] | None = None  # the game part and the structure letter
        self.stakes: tuple[int, int] | None = None

    def header_line(self) -> str:
        return self.block.lines[0] if self.block.lines else ""

    def unit(self) -> Decimal:
        tournament = isinstance(self.session, Session) and self.session.tournament is not None
        return CHIP if tournament else CENT

    def fail(self, reason: str, at: ET.Element | None = None) -> SiteError:
        if at is not None:
            self.b.at = self.line_of.get(at, self.b.at)
        return self.b.fail(reason)

    def run(self) -> HandHistory:
        if isinstance(self.session, str):
            raise self.b.fail(self.session)
        self.read_gametype(self.session)
        root = self.xml()
        rounds: list[ET.Element] = []
        for child in root:
            self.b.at = self.line_of.get(child, self.b.at)
            if child.tag == "general":
                self.general(child)
            elif child.tag == "round":
                rounds.append(child)
            else:
                raise self.fail(f"an element this reader does not know: <{child.tag}>")
        last = -1
        for r in rounds:
            number = self.number(r, "no")
            if number <= last:
                raise self.fail(f"round {number} after round {last}", r)
            last = number
            self.round(r, number)
        self.result()
        return self.b.build()

    def xml(self) -> ET.Element:
        """The game's element, each element's line noted as it is read (a start tag's line
        is the one its ``>`` is on)."""
        text = "\n".join(self.block.lines)
        if _DTD.search(text):
            raise self.b.fail("a document type or entity declaration: refused (never expanded)")
        parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("start",))
        try:
            for number, line in self.block.numbered():
                self.b.at = number
                parser.feed(line + "\n")
                for event in parser.read_events():
                    element = event[-1]  # ("start", element)
                    if isinstance(element, ET.Element):
                        self.line_of[element] = number
            parser.close()
        except ET.ParseError as e:
            self.b.at = self.block.first + e.position[0] - 1
            reason = re.sub(r": line \d+, column \d+$", "", str(e))
            raise self.b.fail(f"not well-formed XML: {reason}") from None
        root = next(iter(self.line_of))  # the first element started
        if root.tag != "game":
            raise self.fail(f"<{root.tag}> where a <game> was expected", root)
        return root

    def number(self, element: ET.Element, name: str) -> int:
        value = element.get(name, "")
        if not (value.isascii() and value.isdecimal()) or len(value) > 9:
            raise self.fail(f"<{element.tag}> has no number {name}={value!r}", element)
        return int(value)

    def read_gametype(self, session: Session) -> None:
        """The game, the structure and (a cash game's) stakes, from the session's
        ``<gametype>``: ``Omaha PL $0.01/$0.02``, ``Holdem NL`` (a tournament: the blinds are
        each hand's), ``LH 20/40 x2 Limit $10.00/$20.00`` (limit hold'em: the bets, then the
        blinds), ``7 Card Stud Hi-Lo L €0.05/€0.10`` (stud: the small and the big bet)."""
        text, b = session.gametype, self.b
        b.user["_site_game"] = text
        limit = _LIMIT_HOLDEM.match(text)
        if limit is not None:
            self.spec = ("T", "F")
            self.stakes = (self.amount(limit["small"]), self.amount(limit["big"]))
        else:
            found = _GAMETYPE.match(text)
            if found is None or found["name"] not in _GAMES:
                raise b.unsupported(f"a game splitpot does not read: {text[:80]!r}")
            part = _GAMES[found["name"]]
            if part is None:
                raise b.unsupported(
                    f"{found['name']} is a game splitpot does not play", found["name"]
                )
            self.spec = (part, _KINDS[found["kind"]])
            if found["small"] is not None:
                self.stakes = (self.amount(found["small"]), self.amount(found["big"]))
        if session.table:
            b.fields["table"] = session.table
        if session.tournament is not None:
            b.fields["event"] = session.tournament
        elif session.currency and re.fullmatch("[A-Z]{3}", session.currency):
            b.fields["currency"] = session.currency
        b.seat_count = session.seat_count

    def general(self, general: ET.Element) -> None:
        for child in general:
            self.b.at = self.line_of.get(child, self.b.at)
            if child.tag == "startdate":
                self.start_date((child.text or "").strip())
            elif child.tag == "players":
                for player in child:
                    self.player(player)
            elif child.tag != "servername":
                raise self.fail(f"an element this reader does not know: <{child.tag}>")

    def start_date(self, text: str) -> None:
        for form in ("%Y-%m-%d %H:%M:%S", "%d/%m/%Y %H:%M:%S", "%d/%m/%Y %H:%M"):
            try:
                when = datetime.datetime.strptime(text, form)
            except ValueError:
                continue
            self.b.fields.update(date_fields(when, None))
            return
        raise self.fail(f"not a date: {text[:40]!r}")

    def player(self, player: ET.Element) -> None:
        """A seat: ``chips`` at the start, ``bet`` (all he put in) and ``win`` (what he was
        paid) at the end. An empty seat has no name."""
        self.b.at = self.line_of.get(player, self.b.at)
        if player.tag != "player":
            raise self.fail(f"<{player.tag}> among the players")
        name = player.get("name", "")
        if not name:
            return
        seat = self.number(player, "seat")
        chips = player.get("chips")
        self.b.seat(seat, name, self.amount(chips))
        if chips and self.b.unit == CENT and "currency_symbol" not in self.b.fields:
            symbol = re.match(r"[^0-9]+", chips)
            if symbol is not None:
                self.b.fields["currency_symbol"] = symbol.group()
        if player.get("dealer") == "1" and not self.stud():
            self.b.button = seat  # stud has no button (docs/rules/poker.md §4.2)
        self.seen_at[name] = self.b.at
        self.bet[name] = self.amount(player.get("bet", "0"))
        self.win[name] = self.amount(player.get("win", "0"))

    def make_game(self, forced: ET.Element) -> None:
        """The game, once the stakes are known: a tournament's are its blinds, posted in
        round 0."""
        assert self.spec is not None
        part, kind = self.spec
        stakes = self.stakes
        if stakes is None:
            posted = {code: 0 for code in (_SB, _BB)}
            for action in forced:
                code = action.get("type", "")
                if code in ("1", "2") and not posted[int(code)]:
                    posted[int(code)] = self.amount(action.get("sum"))
            if kind == "F" or not posted[_BB]:
                raise self.fail("the game type gives no stakes and no big blind is posted")
            stakes = (posted[_SB], posted[_BB])
        self.game(part, kind, stakes[0], stakes[1])  # type: ignore[arg-type]

    def stud(self) -> bool:
        """Whether the session's game is stud (no button, a bring-in)."""
        return self.spec is not None and self.spec[0] in _STUD_PARTS

    def round(self, element: ET.Element, number: int) -> None:
        stud = self.stud()
        if self.b.game is None:
            self.make_game(element)
        if stud and number >= 2:
            self.b.street()
        actions: list[tuple[int, ET.Element]] = []
        for child in element:
            self.b.at = self.line_of.get(child, self.b.at)
            if child.tag == "cards":
                self.cards(child, number, stud)
            elif child.tag == "action":
                actions.append((self.number(child, "no"), child))
            else:
                raise self.fail(f"an element this reader does not know: <{child.tag}>")
        if stud and number == 6:
            self.b.deal_unseen()
        for _, action in sorted(actions, key=lambda a: a[0]):
            self.play(action)

    def cards(self, element: ET.Element, number: int, stud: bool) -> None:
        kind, name = element.get("type", ""), element.get("player", "")
        cards = [_card(c) for c in (element.text or "").split()]
        if "" in cards:
            raise self.fail(f"not a card in {(element.text or '')[:40]!r}")
        if not stud and kind == "Pocket" and number == 1:
            self.b.hole(name, cards)
        elif not stud and kind in _STREETS and number >= 2 and not name:
            if None in cards:
                raise self.fail("a board card not seen")
            self.b.board(cards)
        elif stud and kind in _STUD_STREETS and number >= 2:
            self.b.hole(name, cards)
        else:
            raise self.fail(f"cards this reader does not know: {kind!r} in round {number}")

    def play(self, element: ET.Element) -> None:
        self.b.at = self.line_of.get(element, self.b.at)
        code = self.number(element, "type")
        name = element.get("player", "")
        amount = self.amount(element.get("sum", "0"))
        b = self.b
        if code == _FOLD:
            b.fold(name)
        elif code == _CHECK:
            b.check(name)
        elif code == _CALL:
            b.call(name, amount)
        elif code in (_BET, _RAISE_BY):
            b.bet(name, amount)
        elif code == _RAISE_TO:
            b.raise_to(name, amount)
        elif code == _ALL_IN:
            self.all_in(name, amount)
        elif code in (_SB, _BB, _ANTE, _BRING_IN):
            self.forced(code, name, amount)
        elif code in _SITTING_OUT and amount == 0:
            pass
        else:
            raise b.fail(f"an action this reader does not know: type {code}, {amount} in")

    def forced(self, code: int, name: str, amount: int) -> None:
        b, game = self.b, self.b.game
        assert game is not None
        live = game.small if game.kind == "F" else game.big
        if code == _BB and amount > live:
            b.post_both(name, amount)  # the big blind live, the rest dead (§4.1)
        elif code in (_SB, _BB):
            b.blind(name, amount)
        elif code == _ANTE:
            b.ante(name, amount)
        else:
            b.bring_in(name, amount)

    def all_in(self, name: str, amount: int) -> None:
        """All in: a call when it does not go over the most anyone has in on this round."""
        p = self.b.player(name)
        most = max(q.street_in for q in self.b.players.values())
        if p.street_in + amount > most:
            self.b.raise_to(name, p.street_in + amount)
        else:
            self.b.call(name, amount)

    def result(self) -> None:
        """The site's result: every player's actions must add up to his ``bet``; the part
        of the biggest bet nobody matched goes back to him, and his ``win`` includes it on
        the older clients (:class:`Session`); the rake is what the pot kept."""
        b = self.b
        for name, bet in self.bet.items():
            put = b.players[name].put_in if name in b.players else 0
            b.at = self.seen_at[name]
            if put != bet:
                raise b.fail(f"{name}'s actions put in {put}, the game says he bet {bet}")
        dealt = sorted((p for p in b.players.values() if p.dealt), key=lambda p: -p.put_in)
        returned = dealt[0].put_in - dealt[1].put_in if len(dealt) > 1 else 0
        if returned:
            b.returned(dealt[0].name, returned)
        assert isinstance(self.session, Session)
        paid = 0
        for name, win in self.win.items():
            b.at = self.seen_at[name]
            if returned and name == dealt[0].name and self.session.win_includes_returns:
                win -= returned
                if win < 0:
                    raise b.fail(f"{name} wins less than the {returned} returned to him")
            if win:
                b.collect(name, win)
                paid += win
        rake = sum(p.put_in for p in dealt) - returned - paid
        b.at = self.block.first + len(self.block.lines) - 1
        if rake < 0:
            raise b.fail(f"the players are paid {-rake} more than the pot")
        b.rake = rake
        for p in dealt:
            if not p.folded and p.hole and None not in p.hole:
                b.show(p.name, list(p.hole))


READER = SiteReader(NAME, HEADER, IPokerGame.parse, blocks)


def _card(text: str) -> str | None:
    """``SK`` is ``Ks``, ``D10`` ``Td``; ``X`` a card not seen (None); "" not a card."""
    if text.upper() == "X":
        return None
    rank = text[1:].replace("10", "T")
    if text[:1].upper() not in "SHDC" or len(rank) != 1 or rank not in "23456789TJQKA":
        return ""
    return rank + text[0].lower()
