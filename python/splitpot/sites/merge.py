"""Merge Gaming Network hand histories (Carbon Poker, Hero Poker, Lock Poker...): the
client's XML, read into PHH histories.

A file is a ``<description type=... stakes=...>`` (the game: ``Holdem``, ``Omaha``, ``Omaha
H/L8``, ``7-Stud``, ``Razz``, the draw games, a mix such as ``HORSE``; `` Tournament``
after a tournament's; the structure and, for a cash game, the stakes) and one ``<game
id=... starttime=...>`` per hand, each read on its own (:mod:`splitpot.sites.xmldoc`). A
mixed game names each hand's game by its ``multigametype`` code. ``starttime`` is Eastern
time.

A game lists its ``<players dealer=SEAT>`` (``seat`` from 0, ``nickname``, ``balance``), then
``<round>`` elements in order: ``BLINDS`` (the forced bets), ``PREFLOP``, ``POSTFLOP``,
``POSTTURN``, ``POSTRIVER`` (each round's ``COMMUNITY`` cards, the whole board so far, are
dealt before its events, though written after them), ``SHOWDOWN`` and ``END_OF_GAME`` or
``END_OF_FOLDED_GAME`` (the ``<winner>`` lines; ``uncalled="true"`` is the uncalled bet
given back). Events name their player by seat. What the amounts mean was read off the
hands (fpdb's importer agrees): a call, a bet and an all-in give what the action adds; a
raise gives the player's total on the street, except before September 2010, when it gave
what the raise adds. A tournament's ``balance`` is after the forced bets before version 2.1
of the client. No rake is stated: it is what the pot kept after the winners, bounded
(:mod:`splitpot.sites.payout`). Stud's rounds ``BRING_IN`` (third street's cards) to
``SEVENTH_STREET`` give each player's cards so far (:class:`_Stud`). The fixed-limit tables
play the half bet rule (docs/rules/poker.md §3).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from splitpot.phh.record import HandHistory
from splitpot.sites.base import Block, LineReader, SiteReader, lines_of
from splitpot.sites.builder import HandBuilder, Kind, is_stud
from splitpot.sites.money import CENT, CHIP
from splitpot.sites.payout import keep_rake
from splitpot.sites.xmldoc import Document, elements

NAME = "Merge Gaming"
HEADER = re.compile(r'<game id="([0-9]{1,20}-[0-9]{1,20})" starttime="')
_DESCRIPTION = re.compile(r'<description type="([^"]{1,60})" stakes="([^"]{0,80})"')

# The description's game: the PHH game part, or None for a game splitpot does not play.
_GAMES: dict[str, str | None] = {
    "Holdem": "T",
    "Omaha": "O",
    "Omaha H/L8": "O/8",
    "7-Stud": "7S",
    "7-Stud H/L8": "7S/8",
    "Razz": "R",
    "2-7 Lowball": None,
    "A-5 Lowball": None,
    "Badugi": None,
    "5-Draw": None,
    "5-Draw w/Joker": None,
    "5-Stud": None,
}
_MIXES = {"HORSE", "HOSE", "HA", "HO", "HAR", "RASH", "SHOE"}
# A mixed game's hand: its ``multigametype`` code's game (fpdb's table).
_MULTI = {
    **dict.fromkeys(("1", "2", "9", "23"), "T"),
    "4": "O",
    **dict.fromkeys(("34", "35", "37"), "O/8"),
    **dict.fromkeys(("38", "39", "41", "42"), "7S"),
    **dict.fromkeys(("43", "45"), "7S/8"),
    **dict.fromkeys(("46", "47", "49"), "R"),
}
_KINDS: dict[str, Kind | None] = {
    "No Limit": "N",
    "Pot Limit": "P",
    "Limit": "F",
    "Half Pot Limit": None,
}
_STAKES = re.compile(
    r"^(?P<kind>Half Pot Limit|Pot Limit|No Limit|Limit)\b[^$0-9]*"
    r"(?:\$?(?P<small>[0-9.,]+)/\$?(?P<big>[0-9.,]+)(?:/\$?(?P<bet>[0-9.,]+))?)?"
)
_BLINDS = re.compile(r"Blinds (?P<small>[0-9.,]+)/(?P<big>[0-9.,]+)")
# ``20120529015906``, or (2012 on) ``2012/06/05 19:39:26 -0400``: Eastern time either way.
_START = re.compile(
    r"([0-9]{4})/?([0-9]{2})/?([0-9]{2}) ?([0-9]{2}):?([0-9]{2}):?([0-9]{2})(?: -0[45]00)?"
)
_NEW_RAISE = "20100908"  # from this day on a raise gives the player's total (fpdb's date)
# A tournament's amount with cents: the hand is read in hundredths of a chip.
_FRACTION = re.compile(r'(?:amount|balance)="\$?[0-9]*\.(?!00")')
_NOTES = {"SHOW", "MUCK", "CHAT", "DISCONNECTED", "RECONNECTED", "LEAVE", "PLAYER_OUT"}
_BOARD_ROUNDS = {"POSTFLOP": 3, "POSTTURN": 4, "POSTRIVER": 5}
# Stud's rounds that deal: the cards each player has by then (the bring-in's round deals
# third street; its betting goes on in THIRD_STREET's).
_STUD_STREETS = {
    "BRING_IN": 3,
    "FOURTH_STREET": 4,
    "FIFTH_STREET": 5,
    "SIXTH_STREET": 6,
    "SEVENTH_STREET": 7,
}
_FORCED = {"SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND", "RETURN_BLIND", "ANTE", "BRING_IN"}
# A player's own choice in the betting: one the round waits for, never made after a fold.
_CHOICES = {"CHECK", "CALL", "BET", "RAISE", "COMPLETE", "ALL_IN"}


@dataclass
class GameBlock(Block):
    """One ``<game>``'s lines and its file's description (type, stakes), if any."""

    description: tuple[str, str] | None = None


def cards(text: str) -> list[str | None]:
    """``"Ah,8s"``; ``null`` a card not seen."""
    return [None if c in ("null", "") else c for c in text.split(",")] if text else []


def blocks(text: str, source: str | None) -> Iterator[Block]:
    """One block per ``<game>``, with the description written last before it."""
    text = "\n".join(lines_of(text))
    described, line, counted = [], 1, 0
    for m in _DESCRIPTION.finditer(text):
        line += text.count("\n", counted, m.start())  # from the one before: linear in the file
        counted = m.start()
        described.append((line, m.groups()))
    k, description = 0, None
    for first, lines in elements(text, HEADER, "</game>"):
        while k < len(described) and described[k][0] <= first:
            description = described[k][1]
            k += 1
        yield GameBlock(source, lines, first, description=description)  # type: ignore[arg-type]


# The events that are the framework's moves as they are (LineReader.move).
_VERBS = dict(
    FOLD="fold", SIT_OUT="fold", CHECK="check", CALL="call", BET="bet", COMPLETE="raise to"
)


class MergeGame(LineReader):
    """One ``<game>``: parsed as XML (:meth:`run`), not line by line."""

    NAME = NAME
    HEADER = HEADER
    VERBS = _VERBS

    def __init__(self, block: Block) -> None:
        self.description = block.description if isinstance(block, GameBlock) else None
        super().__init__(block)
        self.doc = Document(self.b, block, "game")
        self.seat_names: dict[str, str] = {}  # the seat an event names -> the player
        self.board: list[str | None] = []
        self.final_board: list[str | None] = []
        self.new_raise = True
        self.stud = _Stud(self)
        self.unwritten: list[str] = []  # blinds all-in for an amount not written
        self.short: dict[str, int] = {}  # what they were, from the site's payout
        self.forced_after = False
        self.turns = _Turns(self)

    def tournament(self) -> bool:
        return self.description is not None and self.description[0].endswith(" Tournament")

    def unit(self) -> Decimal:
        """A cash game's cent; a tournament's chip, or its hundredth when the hand has
        amounts with cents."""
        if not self.tournament():
            return CENT
        return CENT if _FRACTION.search("\n".join(self.block.lines)) else CHIP

    def run(self) -> HandHistory:
        if self.description is None:
            raise self.fail("the file's <description> (the game and its stakes) is missing")
        root = self.doc.read()
        self.play(root)
        short = self.short_blind()
        if not short:
            return _built(self.b)
        reader = type(self)(self.block)  # read again, the blind posted (:meth:`short_blind`)
        try:
            reader.doc.line_of, reader.short = self.doc.line_of, short
            reader.play(root)
            return _built(reader.b)
        finally:
            vars(reader).clear()  # one hand a reader, as LineReader.parse leaves it

    def play(self, root: ET.Element) -> None:
        self.b.at = self.block.first
        self.header_of(root)
        # The tournament clients before version 2.1 write each balance after its forced bets.
        self.forced_after = self.b.tournament and root.get("version") is None
        rounds = []
        for child in root:
            self.b.at = self.doc.line_of.get(child, self.b.at)
            if child.tag == "players":
                self.players(child, self.forced_in(root))
            elif child.tag == "round":
                rounds.append(child)
            else:
                raise self.doc.fail(f"an element this reader does not know: <{child.tag}>")
        _Stakes(self).read(rounds)
        boards = [c for r in rounds for c in r if c.tag == "cards" and c.get("type") == "COMMUNITY"]
        self.final_board = cards(boards[-1].get("cards", "")) if boards else []
        for element in rounds:
            self.round(element)
        if not any(r.get("id", "").startswith("END_OF_") for r in rounds):
            raise self.damaged("cut off: the hand has no END_OF_GAME")

    def short_blind(self) -> dict[str, int]:
        """The blind of a tournament player all-in for it, written "ALL_IN 0.00" with a
        balance of nothing (the 2011 client): what the site's winners and returns have over
        the chips the play put in, when that is more than nothing and at most the big blind
        (it is what he had; his balance is after it). Else none: the payout says what is
        wrong."""
        b, game = self.b, self.b.game
        if len(self.unwritten) != 1 or game is None or not self.forced_after:
            return {}
        paid = sum(p.collected + p.returned for p in b.players.values())
        missing = paid - sum(p.put_in for p in b.players.values())
        return {self.unwritten[0]: missing} if 0 < missing <= game.big else {}

    def header_of(self, root: ET.Element) -> None:
        """The hand's number, date (Eastern), table and event."""
        b, get = self.b, root.get
        b.hand_id = get("id")
        start = get("starttime", "")
        found = _START.fullmatch(start)
        if found is None:
            raise self.fail(f"not a date: {start[:40]!r}")
        self.new_raise = "".join(found.groups()[:3]) >= _NEW_RAISE
        self.facts.date(*found.groups(), zone="ET", text=start)
        data = get("data", "").split("|")
        if len(data) > 1 and data[1]:
            b.fields["table"] = data[1]
        if b.tournament and len(data) > 2:
            b.fields["event"] = data[2]
        elif not b.tournament:
            b.fields["currency"] = "USD"

    def players(self, players: ET.Element, forced: dict[str, int]) -> None:
        """The seats (a tournament's ``balance`` is after its forced bets: they are added
        back) and the button."""
        dealer = players.get("dealer")
        if dealer is not None:
            self.b.button = self.doc.number(players, "dealer") + 1
        for player in players:
            self.b.at = self.doc.line_of.get(player, self.b.at)
            seat, name = player.get("seat", ""), player.get("nickname", "")
            stack = self.amount(player.get("balance"))
            if self.forced_after:
                stack += forced.get(seat, 0) + self.short.get(name, 0)
            self.seat_names[seat] = name
            self.b.seat(self.doc.number(player, "seat") + 1, name, stack)

    def forced_in(self, root: ET.Element) -> dict[str, int]:
        """What each seat put in before the cards (antes, blinds, all-ins for them): a
        tournament's balance is written after it."""
        put: dict[str, int] = {}
        for r in root:
            if r.tag == "round" and r.get("id") in ("BLINDS", "BRING_IN"):
                for e in r:
                    if e.tag == "event" and e.get("type") in (*_FORCED, "ALL_IN"):
                        seat = e.get("player", "")
                        put[seat] = put.get(seat, 0) + self.amount(e.get("amount", "0"))
        return put

    def name(self, element: ET.Element) -> str:
        seat = element.get("player", "")
        name = self.seat_names.get(seat)
        if name is None:
            raise self.damaged(f"the site contradicts itself: seat {seat!r} has no player")
        if name not in self.b.players:
            raise self.damaged(f"the site contradicts itself: {name}, with no chips, plays")
        return name

    def round(self, element: ET.Element) -> None:
        kind = element.get("id", "")
        self.b.at = self.doc.line_of.get(element, self.b.at)
        if kind == "GAME_CANCELLED":
            raise self.unsupported("a hand called off (GAME_CANCELLED)")
        if kind in _BOARD_ROUNDS:
            self.deal_board(element, kind)
        elif kind in _STUD_STREETS:
            self.stud.deal(element, _STUD_STREETS[kind])
        events = [e for e in element if e.tag == "event"]
        events.sort(key=lambda e: self.doc.number(e, "sequence"))
        for event in events:
            self.b.at = self.doc.line_of.get(event, self.b.at)
            self.event(event, kind == "BLINDS")
        for c in element:
            self.b.at = self.doc.line_of.get(c, self.b.at)
            if c.tag == "cards" and c.get("type") in ("SHOWN", "MUCKED", "HOLE"):
                self.cards_of(c)
            elif c.tag == "winner":
                self.winner(c)
            elif c.tag not in ("event", "cards"):
                raise self.doc.fail(f"an element this reader does not know: <{c.tag}>")

    def deal_board(self, element: ET.Element, kind: str) -> None:
        """The round's board, dealt before its events: its ``COMMUNITY`` cards, each a part
        of the final board (a round that writes none has the final board's cards: the 2011
        client sometimes skips the flop's line)."""
        count = _BOARD_ROUNDS[kind]
        for c in element:
            if c.tag == "cards" and c.get("type") == "COMMUNITY":
                board = cards(c.get("cards", ""))
                if len(board) != count or board != self.final_board[:count]:
                    raise self.damaged(f"the site contradicts itself: the board in {kind}")
        if len(self.final_board) < count or None in self.final_board:
            raise self.damaged(f"the site contradicts itself: no board for {kind}")
        self.turns.street(kind)
        self.b.board(self.final_board[len(self.board) : count])
        self.board = self.final_board[:count]

    def event(self, event: ET.Element, forced: bool) -> None:
        kind, b = event.get("type", ""), self.b
        if kind in _NOTES or kind == "GAME_CANCELLED":
            if kind == "GAME_CANCELLED":
                raise self.unsupported("a hand called off (GAME_CANCELLED)")
            return
        name, value = self.name(event), event.get("amount")
        if kind in _CHOICES and not forced:
            self.turns.act(name, kind)
        if kind in _FORCED or (forced and kind == "ALL_IN"):
            amount = self.amount(value or "0")
            if kind == "ALL_IN" and amount == 0:  # a blind all-in for what he had, unwritten
                self.unwritten.append(name)
                amount = self.short.get(name, 0)
            self.forced_bet(kind, name, amount)
        elif kind == "RAISE":  # a total from _NEW_RAISE on, what it adds before
            (b.raise_to if self.new_raise else b.bet)(name, self.amount(value))
        elif kind == "ALL_IN" and value is None and self.all_in(name):
            return  # the 2013 client repeats an all-in on a later street, with no amount
        elif kind == "ALL_IN":
            b.put_in(name, self.amount(value))
        elif not self.move(name, kind, value):  # the plain moves: VERBS
            raise self.doc.fail(f"an event this reader does not know: {kind!r}", event)

    def all_in(self, name: str) -> bool:
        p = self.b.player(name)
        return p.put_in == p.stack

    def forced_bet(self, kind: str, name: str, amount: int) -> None:
        b, game = self.b, self.b.game
        assert game is not None
        live = game.small if game.kind == "F" else game.big
        if kind == "ANTE":
            b.ante(name, amount)
        elif kind == "BRING_IN":
            b.bring_in(name, amount)
        elif kind == "RETURN_BLIND" and amount > live:
            b.post_both(name, amount)  # the big blind live, the rest dead (§4.1)
        elif kind == "SMALL_BLIND":
            b.blind(name, amount, big=False)
        elif kind == "BIG_BLIND":
            b.blind(name, amount, big=True)
        else:  # a blind posted out of turn, or all-in for what he had
            b.blind(name, amount)

    def cards_of(self, element: ET.Element) -> None:
        kind, name = element.get("type", ""), self.name(element)
        shown = cards(element.get("cards", ""))
        if kind == "HOLE" and self.b.game is not None and self.b.game.stud:
            return  # dealt street by street (:class:`_Stud`)
        if kind == "HOLE":
            self.b.hole(name, shown)
        elif kind == "SHOWN":
            self.b.show(name, shown)
        elif kind == "MUCKED":
            self.b.reveal(name, shown)
        else:
            raise self.doc.fail(f"cards this reader does not know: {kind!r}", element)

    def winner(self, element: ET.Element) -> None:
        name, amount = self.name(element), self.amount(element.get("amount"))
        if element.get("uncalled") == "true":
            self.b.returned(name, amount)
        else:
            self.b.collect(name, amount)


class _Turns:
    """Who a board street's betting still waits for. Lines the site lost show as a board
    dealt while it waits (the 2011 client wrote a disconnected big blind's check in the
    flop's round) or as an action after a fold: damaged at that line, not engine errors."""

    def __init__(self, reader: MergeGame) -> None:
        self.reader = reader
        self.acted: set[str] = set()  # who chose an action on this street

    def act(self, name: str, kind: str) -> None:
        if self.reader.b.players[name].folded:
            raise self.reader.damaged(
                f"lines missing or the site contradicts itself: {name} acts ({kind}) after folding"
            )
        self.acted.add(name)

    def street(self, kind: str) -> None:
        """The board of round ``kind`` is dealt: the street before must be over."""
        waiting = self.waiting()
        if waiting:
            raise self.reader.damaged(
                f"lines missing: the board of {kind} is dealt before {waiting} acts on the "
                "street before (the site lost his action)"
            )
        self.acted = set()

    def waiting(self) -> str | None:
        """The first player the betting still waits for, if any: one still in, with chips
        behind, who has not acted on the street or has not matched its highest bet; when
        only one has chips behind and has matched, nobody (the others are all-in)."""
        live = [p for p in self.reader.b.players.values() if p.dealt and not p.folded]
        high = max((p.street_in for p in live), default=0)
        free = [p for p in live if p.put_in < p.stack]
        if len(free) == 1 and free[0].street_in >= high:
            return None
        late = [p for p in free if p.name not in self.acted or p.street_in < high]
        return late[0].name if late else None


class _Stud:
    """Stud's cards, written street by street as each player's cards so far (``""`` or
    ``null`` one not seen; the site's own player's as ``HOLE``), and a tournament's bets,
    which its file never states: a part the reader holds."""

    def __init__(self, reader: MergeGame) -> None:
        self.reader = reader

    def deal(self, element: ET.Element, count: int) -> None:
        """The street's cards: each player still in is dealt his new ones (unseen where the
        site writes none), up to ``count``; a new street's betting starts."""
        b = self.reader.b
        if count > 3:
            b.street()
        for c in element:
            if c.tag == "cards" and c.get("type") in ("HOLE", "DRAW_DRAWN_CARDS"):
                b.at = self.reader.doc.line_of.get(c, b.at)
                p = b.player(self.reader.name(c))
                so_far = cards(c.get("cards", ""))
                if not p.folded and len(so_far) > len(p.hole):
                    b.hole(p.name, so_far[len(p.hole) : count])
        for p in b.players.values():
            if p.dealt and not p.folded and len(p.hole) < count:
                b.hole(p.name, [None] * (count - len(p.hole)))


def _built(b: HandBuilder) -> HandHistory:
    """The history, its pot what the players put in (the site pays it out, rake kept)."""
    b.total = sum(p.put_in - p.returned for p in b.players.values() if p.dealt)
    keep_rake(b)
    return b.build()


class _Stakes:
    """The hand's game, structure and stakes, from the file's description, a mixed game's
    code, the game's own ``stakes``, or, where nothing states them (a tournament's), the
    blinds posted or a stud hand's bets: a part the reader holds."""

    def __init__(self, reader: MergeGame) -> None:
        self.reader = reader

    def read(self, rounds: list[ET.Element]) -> None:
        """The game, its structure and stakes: the description's, a mixed game's hand by its
        code, the stakes from the game's own ``stakes`` or the blinds posted when the
        description states none."""
        reader, b = self.reader, self.reader.b
        assert reader.description is not None
        kind_text, stakes_text = reader.description
        name = kind_text.removesuffix(" Tournament")
        b.user["_site_game"] = f"{kind_text} {stakes_text}"
        if name in _MIXES:
            code = reader.block.lines[0]
            found = re.search(r'multigametype="([0-9]{1,4})"', code)
            part = _MULTI.get(found.group(1) if found else "")
            if part is None:
                raise reader.unsupported(f"a game of {name} splitpot does not read: {code[:80]!r}")
        elif name not in _GAMES:
            raise reader.fail(f"a game this reader does not know: {kind_text!r}")
        else:
            part = _GAMES[name]
            if part is None:
                raise reader.unsupported(f"{name}: a game splitpot does not play", name)
        found = _STAKES.match(stakes_text)
        kind = _KINDS.get(found["kind"]) if found else None
        if found is None or kind is None:
            raise reader.unsupported(f"{stakes_text!r}: a structure splitpot does not play")
        small, big = found["small"], found["big"]
        if found["bet"] is not None:  # no-limit stud: the ante, the bring-in, the least bet
            small, big = big, found["bet"]
        if small is not None:
            stakes = reader.amount(small), reader.amount(big)
        else:
            own = _BLINDS.search(reader.block.lines[0])
            if own is not None:
                stakes = reader.amount(own["small"]), reader.amount(own["big"])
            elif is_stud(part):
                stakes = self.stud(rounds)
            else:
                stakes = self.posted(rounds)
            if kind == "F" and not is_stud(part):  # fixed limit's small bet is the big blind
                stakes = stakes[1], 2 * stakes[1]
        reader.facts.game(part, kind, *stakes)
        if kind == "F":
            # An all-in of at least half a bet reopens the raising (docs/rules/poker.md §3,
            # the half bet rule): the HORSE tournament's hand 36487050-16, a seventh-street
            # all-in raise of 185 over a raise of 200, is raised again.
            b.rules["half_bet_rule"] = True

    def posted(self, rounds: list[ET.Element]) -> tuple[int, int]:
        """The blinds posted, where nothing states the stakes (a tournament's); one missing
        is half or twice the other, as at every level of Merge's tournaments (a small blind
        not posted; a big blind all-in for less, written as an all-in)."""
        reader, found = self.reader, dict[str, str]()
        for r in rounds[:1]:
            for event in r:
                kind = event.get("type", "")
                if kind in ("SMALL_BLIND", "BIG_BLIND", "ALL_IN") and kind not in found:
                    found[kind] = event.get("amount", "")
        if "BIG_BLIND" in found:
            big = reader.amount(found["BIG_BLIND"])
            return reader.amount(found["SMALL_BLIND"]) if "SMALL_BLIND" in found else big // 2, big
        if "SMALL_BLIND" in found and "ALL_IN" in found:
            small = reader.amount(found["SMALL_BLIND"])
            return small, 2 * small
        raise reader.unsupported("no stakes: the file states none, and no big blind is posted")

    def stud(self, rounds: list[ET.Element]) -> tuple[int, int]:
        """A stud tournament's bets: the small bet is what the first completion goes to on
        third street, else the big bet the first bet from fifth street on (fixed limit)."""
        reader = self.reader
        for r in rounds:
            for e in r:
                kind = e.get("type")
                if r.get("id") == "THIRD_STREET" and kind == "COMPLETE":
                    small = reader.amount(e.get("amount"))
                    return small, 2 * small
                if r.get("id") in ("FIFTH_STREET", "SIXTH_STREET", "SEVENTH_STREET"):
                    if kind == "BET" and reader.amount(e.get("amount")) % 2 == 0:
                        big = reader.amount(e.get("amount"))
                        return big // 2, big
        raise reader.unsupported(
            "no stakes: the file states none, and no bet of this stud hand shows them"
        )


READER = SiteReader(NAME, HEADER, MergeGame.parse, blocks, marker="<game id=")
