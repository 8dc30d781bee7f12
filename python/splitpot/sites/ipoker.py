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

import contextlib
import datetime
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from splitpot.phh.record import HandHistory
from splitpot.sites.base import Block, LineReader, SiteReader
from splitpot.sites.builder import HandBuilder, date_fields, is_stud
from splitpot.sites.errors import SiteError
from splitpot.sites.facts import HandFacts, keep
from splitpot.sites.money import CENT, CHIP
from splitpot.sites.xmldoc import DTD, Document, elements

NAME = "iPoker"
HEADER = re.compile(r'<game\s+gamecode="')

_FOLD, _SB, _BB, _CALL, _CHECK, _BET, _RAISE_BY, _ALL_IN = 0, 1, 2, 3, 4, 5, 6, 7
_SITTING_OUT = (8, 9)  # no cards dealt this hand (waiting for the big blind, sitting out)
_ANTE, _BRING_IN, _RAISE_TO = 15, 16, 23

# The session's name of the game (before the structure and the stakes): the PHH game part;
# None for a game splitpot does not play.
_GAMES: dict[str, str | None] = {
    "": "",  # no name: Omaha, of the hands' number of cards (:data:`_OMAHA_OF`)
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
# No name at all (``PL €2/€4``, 2019 on): Omaha of as many cards as the hands are dealt.
_GAMETYPE = re.compile(
    rf"^(?:(?P<name>.+?) )?(?P<kind>{'|'.join(_KINDS)})(?: (?P<small>[^ /]+)/(?P<big>[^ /]+))?"
    r"(?: Ante \S+)?$"
)
_OMAHA_OF = {4: "O", 5: "O5", 6: "O6"}
# A tournament's amount with a fraction (``277.50``, ``3,252.50``): the hand is read in
# hundredths of a chip. Three digits after a dot are iPoker.it's thousands (``1.500``).
_FRACTION = re.compile(r'[.,][0-9]{1,2}(?![0-9])[^"]*"')
# The decimal separator of one amount: a comma before two digits (``€2,50``, 2019 on), or a
# dot before three (iPoker.it's ``1.500``: the comma is then the decimal point, never used).
_COMMA_DECIMAL = re.compile(r",[0-9]{2}(?![0-9])|\.[0-9]{3}(?![0-9])")
_LIMIT_HOLDEM = re.compile(r"^LH (?P<small>[0-9.,]+)/(?P<big>[0-9.,]+) ")
_STUD_PARTS = {part for part in _GAMES.values() if part and is_stud(part)}
_STREETS = {"Flop", "Turn", "River"}
_STUD_STREETS = {"Third Street", "Fourth Street", "Fifth Street", "Sixth Street", "River"}
_ISO_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2}) ([0-9]{2}):([0-9]{2}):([0-9]{2})")
_KNOWN: dict[Decimal, dict[str, int]] = {}
"""The amounts read, by unit: a cache, each text's value with the separator it shows (the
amounts of :class:`~splitpot.sites.facts.HandFacts` are by the separator asked for)."""


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
    found = HEADER.search(text)
    session = _session(text[: found.start()] if found is not None else text)
    for first, lines in elements(text, HEADER, "</game>"):
        yield GameBlock(source, lines, first, session=session)


def _session(prolog: str) -> Session | str:
    """The session's ``<general>``, or why it cannot be read."""
    if DTD.search(prolog):
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
        self.doc = Document(self.b, block)  # the XML, and each element's line
        self.line_of = self.doc.line_of
        self.win: dict[str, int] = {}
        self.seen_at: dict[str, int | None] = {}  # each player's line, named by his result
        self.known = _KNOWN.setdefault(self.b.unit, {})  # the amounts read before
        self.gametype = _GameType(self.facts, self.doc, self.text)  # the game and stakes

    def header_line(self) -> str:
        return self.block.lines[0] if self.block.lines else ""

    def tournament(self) -> bool:
        return isinstance(self.session, Session) and self.session.tournament is not None

    def unit(self) -> Decimal:
        """A cash game's cent; a tournament's chip, or its hundredth when the hand has
        fractional chips (the 2011 MTT: ``sum="277.50"``), read exactly either way."""
        if not self.tournament():
            return CENT
        return CENT if _FRACTION.search("\n".join(self.block.lines)) else CHIP

    def amount(self, text: str | None, *, decimal: str = ".") -> int:
        if decimal == "." and text is not None:
            value = self.known.get(text)  # most were read before: no call
            if value is not None:
                return value
        return _amount(self.facts, self.known, text, self.text, decimal)

    def fail(self, reason: str, at: ET.Element | None = None) -> SiteError:
        return self.doc.fail(reason, at)

    def run(self) -> HandHistory:
        if isinstance(self.session, str):
            raise self.b.fail(self.session)
        self.gametype.read(self.session)
        root = self.doc.read()
        rounds: list[ET.Element] = []
        for child in root:
            self.b.at = self.line_of.get(child, self.b.at)
            if child.tag == "general":
                self.general(child)
            elif child.tag == "round":
                rounds.append(child)
            else:
                raise self.fail(f"an element this reader does not know: <{child.tag}>")
        numbers = [self.doc.number(r, "no") for r in rounds]
        for k in range(1, len(rounds)):
            if numbers[k] <= numbers[k - 1]:
                raise self.fail(f"round {numbers[k]} after round {numbers[k - 1]}", rounds[k])
        if rounds:
            self.b.at = self.line_of.get(rounds[0], self.b.at)
            self.gametype.make(dict(zip(numbers, rounds, strict=True)))
        for number, r in zip(numbers, rounds, strict=True):
            self.round(r, number)
        self.result()
        return self.b.build()

    def general(self, general: ET.Element) -> None:
        for child in general:
            self.b.at = self.line_of.get(child, self.b.at)
            if child.tag == "startdate":
                _start_date(self.b, (child.text or "").strip())
            elif child.tag == "players":
                for player in child:
                    self.player(player)
            elif child.tag != "servername":
                raise self.fail(f"an element this reader does not know: <{child.tag}>")

    def player(self, player: ET.Element) -> None:
        """A seat: ``chips`` at the start, ``bet`` (all he put in) and ``win`` (what he was
        paid) at the end. An empty seat has no name."""
        self.b.at = self.line_of.get(player, self.b.at)
        if player.tag != "player":
            raise self.fail(f"<{player.tag}> among the players")
        name = player.get("name", "")
        # Stud has no button (docs/rules/poker.md §4.2); a dead button may sit on an empty
        # seat, which has no name.
        dealer = player.get("dealer") == "1" and not self.gametype.stud()
        if not name and not dealer:
            return
        seat = self.doc.number(player, "seat")
        if dealer:
            self.b.button = seat
        if not name:
            return
        chips = player.get("chips")
        self.b.seat(seat, name, self.amount(chips))
        if chips and self.b.unit == CENT and "currency_symbol" not in self.b.fields:
            symbol = re.match(r"[^0-9]+", chips)
            if symbol is not None and "event" not in self.b.fields:
                self.b.fields["currency_symbol"] = symbol.group()
        self.seen_at[name] = self.b.at
        self.win[name] = self.amount(player.get("win", "0"))

    def round(self, element: ET.Element, number: int) -> None:
        stud = self.gametype.stud()
        if stud and number >= 2:
            self.b.street()
        actions: list[tuple[int, ET.Element]] = []
        for child in element:
            self.b.at = self.line_of.get(child, self.b.at)
            if child.tag == "cards":
                self.cards(child, number, stud)
            elif child.tag == "action":
                actions.append((self.doc.number(child, "no"), child))
            else:
                raise self.fail(f"an element this reader does not know: <{child.tag}>")
        if stud and number == 6:
            self.b.deal_unseen()
        for _, action in sorted(actions, key=lambda a: a[0]):
            self.play(action)
        if number == 0 and self.b.button is None and not stud:
            self.b.button_from_blinds()

    def cards(self, element: ET.Element, number: int, stud: bool) -> None:
        kind, name = element.get("type", ""), element.get("player", "")
        cards = [_CARDS[c] if c in _CARDS else _card(c) for c in (element.text or "").split()]
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
        code = self.doc.number(element, "type")
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
            b.put_in(name, amount)  # all in: a call or a raise, as it tops the round
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
            b.blind(name, amount, big=code == _BB)
        elif code == _ANTE:
            b.ante(name, amount)
        else:
            b.bring_in(name, amount)

    def result(self) -> None:
        """The site's result: the part of the biggest bet nobody matched goes back to him,
        and his ``win`` includes it on the older clients (:class:`Session`); the rake is what
        the pot kept. A player's ``bet`` is not read: the clients count a "raise to" (type
        23) in it twice, so the actions are the truth."""
        b = self.b
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
            raise b.damaged(
                f"the site contradicts itself: the players are paid {-rake} more than the pot"
            )
        b.rake = rake
        for p in dealt:
            if not p.folded and p.hole and None not in p.hole:
                b.show(p.name, list(p.hole))


class _GameType:
    """The game, its structure and its stakes: from the session's ``<gametype>`` and, where
    it states none, the hand's rounds. A part the reader holds: it owns the game's part and
    structure letter and the stakes read (``doc`` the reader's XML, ``line`` the line its
    amounts' errors name). It holds none of the reader's methods: a bound method would make a
    cycle (the reader holds this part), which keeps every hand's XML alive until the garbage
    collector's next pass finds it."""

    def __init__(self, facts: HandFacts, doc: Document, line: str) -> None:
        self.facts, self.b = facts, facts.b
        self.doc = doc
        self.line = line
        self.spec: tuple[str, str] | None = None  # the game part and the structure letter
        self.stakes: tuple[int, int] | None = None

    def read(self, session: Session) -> None:
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
            if found is None or (found["name"] or "") not in _GAMES:
                raise b.unsupported(f"a game splitpot does not read: {text[:80]!r}")
            part = _GAMES[found["name"] or ""]
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

    def make(self, rounds: dict[int, ET.Element]) -> None:
        """The game, from the session's game type and the hand's rounds: a name-less game
        type's Omaha by its number of pocket cards; the stakes of a game type without them
        (a tournament's) from the blinds posted in round 0, or, in stud, from the bets."""
        assert self.spec is not None
        part, kind = self.spec
        if not part:
            pocket = [len((c.text or "").split()) for c in rounds.get(1, ()) if c.tag == "cards"]
            part = _OMAHA_OF.get(max(pocket, default=0), "")
            if not part or kind != "P":
                raise self.b.unsupported(
                    f"a game splitpot does not read: {self.b.user['_site_game']!r}"
                )
        stakes = self.stakes
        if stakes is None and is_stud(part):
            stakes = self.stud_stakes(rounds)
        elif stakes is None:
            posted = {code: 0 for code in (_SB, _BB)}
            for action in rounds.get(0, ()):
                code = action.get("type", "")
                if code in ("1", "2") and not posted[int(code)]:
                    posted[int(code)] = self.amount(action.get("sum"))
            if kind == "F" or not posted[_BB]:
                raise self.doc.fail("the game type gives no stakes and no big blind is posted")
            stakes = (posted[_SB], posted[_BB])
        self.facts.game(part, kind, stakes[0], stakes[1])  # type: ignore[arg-type]

    def stud_stakes(self, rounds: dict[int, ET.Element]) -> tuple[int, int]:
        """A stud tournament's bets, which its file never states: the small bet is what the
        first completion on third street goes to, or the first bet on fourth street when no
        pair shows (a pair lets the big bet be made); the big bet the first bet from fifth
        street on, twice the small bet (fixed limit). None of these: unsupported."""
        in_round: dict[str, int] = {}
        for code, name, amount in self.actions_of(rounds.get(2)):
            in_round[name] = in_round.get(name, 0) + amount
            if code == _BET:
                return in_round[name], 2 * in_round[name]
        up: dict[str, list[str]] = {}
        for number in (2, 3):
            for c in rounds.get(number, ()):
                if c.tag == "cards" and c.text:
                    up.setdefault(c.get("player", ""), []).append(c.text.split()[-1][1:])
        pair = any(len(ranks) == 2 and ranks[0] == ranks[1] for ranks in up.values())
        for number in (3, 4, 5, 6):
            for code, _, amount in self.actions_of(rounds.get(number)):
                if code == _BET and (number > 3 or not pair):
                    if number == 3:
                        return amount, 2 * amount
                    if amount % 2 == 0:
                        return amount // 2, amount
        raise self.b.unsupported(
            "no stakes: the file states none, and no bet of this stud hand shows them"
        )

    def actions_of(self, element: ET.Element | None) -> list[tuple[int, str, int]]:
        """A round's actions in the order played: their type, player and amount."""
        if element is None:
            return []
        actions = [a for a in element if a.tag == "action"]
        actions.sort(key=lambda a: self.doc.number(a, "no"))
        return [
            (self.doc.number(a, "type"), a.get("player", ""), self.amount(a.get("sum", "0")))
            for a in actions
        ]

    def stud(self) -> bool:
        """Whether the session's game is stud (no button, a bring-in)."""
        return self.spec is not None and self.spec[0] in _STUD_PARTS

    def amount(self, text: str | None) -> int:
        return _amount(self.facts, _KNOWN.setdefault(self.b.unit, {}), text, self.line)


def _amount(
    facts: HandFacts, known: dict[str, int], text: str | None, line: str, decimal: str = "."
) -> int:
    """``text`` in the hand's unit, exactly, its decimal separator a comma where the text
    shows one (:data:`_COMMA_DECIMAL`); an error naming ``line`` if it is none. Kept in
    ``known`` (:data:`_KNOWN`) when the text alone says what it is."""
    if text is None:
        return facts.amount(text, line)  # the error
    comma = _COMMA_DECIMAL.search(text) is not None
    value = facts.amount(text, line, "," if comma else decimal)
    if comma or decimal == ".":
        keep(known, text, value, 40)
    return value


def _start_date(b: HandBuilder, text: str) -> None:
    """The hand's date and time, in one of the forms the clients write (the commonest, with
    every field of its full width, read without strptime)."""
    found = _ISO_DATE.fullmatch(text)
    if found is not None:
        year, month, day, hour, minute, second = map(int, found.groups())
        with contextlib.suppress(ValueError):  # not a date: the forms say why
            when = datetime.datetime(year, month, day, hour, minute, second)
            b.fields.update(date_fields(when, None))
            return
    forms = ("%Y-%m-%d %H:%M:%S", "%Y/%m/%d %H:%M:%S", "%d/%m/%Y %H:%M:%S", "%d/%m/%Y %H:%M")
    for form in forms:
        try:
            when = datetime.datetime.strptime(text, form)
        except ValueError:
            continue
        b.fields.update(date_fields(when, None))
        return
    raise b.fail(f"not a date: {text[:40]!r}")


READER = SiteReader(NAME, HEADER, IPokerGame.parse, blocks, marker="<game")


_CARDS: dict[str, str | None] = {
    suit + face: rank + suit.lower()
    for suit in "SHDCshdc"
    for rank in "23456789TJQKA"
    for face in ({rank, "10"} if rank == "T" else {rank})
} | {"X": None, "x": None}
"""Every card as the clients write it (:func:`_card` of each), looked up."""


def _card(text: str) -> str | None:
    """``SK`` is ``Ks``, ``D10`` ``Td``; ``X`` a card not seen (None); "" not a card."""
    if text.upper() == "X":
        return None
    rank = text[1:].replace("10", "T")
    if text[:1].upper() not in "SHDC" or len(rank) != 1 or rank not in "23456789TJQKA":
        return ""
    return rank + text[0].lower()
