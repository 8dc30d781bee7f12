"""The reader framework: what every site's reader shares, and how to add a site.

A site's reader is one module that turns the text of one hand (a :class:`Block` of lines)
into a PHH :class:`~splitpot.phh.HandHistory`, through the calls of a
:class:`~splitpot.sites.builder.HandBuilder`. It is a subclass of :class:`LineReader`, the
template every reader fills in (PokerKit's ``REParser`` is the model): the base owns the
loop over the lines, the errors (file, hand, line) and whether the hand is whole, and holds
the parts that own their state: the hand's amounts, game and date
(:class:`~splitpot.sites.facts.HandFacts`) and its seated players
(:class:`~splitpot.sites.seating.Seating`: :meth:`LineReader.actor` finds the one a line
starts with, by look-up: nothing is compiled per hand); the site gives its patterns and the
handlers they call, as a table of ``(pattern, handler)`` pairs, and overrides the few hooks
where its text really differs. The module ends with ``READER``, a :class:`SiteReader`: the
site's name, the pattern of its hands' first line, and its ``parse``.

How to add a site (one file plus one registry line)
----------------------------------------------------

1. Write ``python/splitpot/sites/<site>.py``::

       NAME = "Some Site"
       HEADER = re.compile(r"(?m)^Some Site Hand #(\\d+):")  # group 1: the hand's number

       class SomeHand(LineReader):
           NAME, HEADER = NAME, HEADER
           ACTORS = (": ",)                   # "NAME: calls 2"
           CLOSING = re.compile(r"^Total pot ")  # the line a whole hand has (else cut off)
           NOTES = re.compile(...)            # lines that change nothing (chat, sitting out)

           def tournament(self) -> bool: ...  # chips, and no rake
           # unit(): CHIP in a tournament, else CENT (override where it differs)
           def read_header(self) -> None:     # self.facts.game(part, kind, small, big),
               ...                            # the table, self.facts.when(found): the date
           def set_up(self, line) -> bool:    # the table and seat lines: self.b.seat(...)
               ...
           def street_line(self, line):       # "*** FLOP *** [...]": self.b.board(...)
               ...
           def rules(self) -> Rules:          # the site's own lines: (pattern, handler)
               return [(_UNCALLED, self.uncalled), ...]
           def action(self, name: str, rest: str) -> None:
               ...                            # "calls $2" -> self.b.call(name, 200)
           def summary_line(self, line) -> None:
               ...                            # the total pot, the rake: self.b.total...

       READER = SiteReader(NAME, HEADER, SomeHand.parse)

   What several sites write to the letter (the limit names, ``Seat N is the button``,
   ``Dealt to NAME [cards]``, a seat line's rule) is in :mod:`splitpot.sites.patterns`:
   use it rather than typing it again. The game is named by its PHH game part (``T``,
   ``O``, ``O5``, ``O/8``, ``7S``, ``R``...): the hole cards and whether it is stud come
   from the game catalogue (:func:`splitpot.phh.variants.game_of_part`), never typed again.
   A name the site gives to a game splitpot does not play is listed with its reason
   (:meth:`LineReader.unsupported`), so that the refusal names the game. Seat order and the
   blind seats are the builder's, from the engine's one home (``hand/setup.py``).
2. Add ``<site>.READER`` to ``READERS`` in :mod:`splitpot.sites.registry` (the order
   :func:`~splitpot.sites.sniff` tries them in, for headers that begin alike).
3. Test it in ``tests/test_sites_<site>.py``: small hands of your own, and the real files of
   ``../shared/data`` (skipping with the reason when they are absent), every hand replayed
   to the site's result (:func:`splitpot.phh.check`).

Never skip a line: a line no rule reads is an error naming it (:meth:`LineReader.unknown`),
a game or feature splitpot does not play is an :class:`UnsupportedHand` naming it, and a
hand whose text is cut or contradicts itself is a :class:`DamagedHand`
(:meth:`LineReader.damaged`). A reader whose hands are not blocks of lines (iPoker's XML)
gives ``SiteReader.blocks`` and overrides :meth:`LineReader.run`. Keep every pattern
linear in its line: no lazy part before a repeated group (review H4).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import repeat
from typing import ClassVar, Protocol

from splitpot.phh.record import HandHistory
from splitpot.sites.builder import HandBuilder
from splitpot.sites.errors import DamagedHand, SiteError, UnsupportedHand
from splitpot.sites.facts import HandFacts, keep
from splitpot.sites.money import CENT, CHIP
from splitpot.sites.seating import Seating

__all__ = [
    "BLINDS",
    "NEVER",
    "Block",
    "Guarded",
    "LineReader",
    "Matcher",
    "Remembered",
    "Rules",
    "SiteReader",
    "cards",
    "lines_of",
]

NEVER = re.compile("(?!)")
"""A pattern that matches nothing (a rule not in force yet)."""
_MOVES_READ: dict[tuple[type, Decimal], dict[str, tuple[Callable[..., None], int]]] = {}
"""The moves read, by reader and unit: a player's text (``"calls 2"``) as its builder's move and
amount (:meth:`LineReader.move`), a cache bounded as the amounts are (``facts.keep``). The
line loop makes a text found here at once, without the reader's ``action`` (but on stud's
``SEVENTH`` street, whose unseen cards the reader deals first)."""
_SEATS_READ: dict[tuple[type, Decimal], dict[str, tuple[int, str, int]]] = {}
"""The seat lines read, by reader and unit: a line as its seat, name and stack
(:meth:`LineReader.set_up`), a cache bounded as the amounts are. A player who put nothing in
sits down to the next hand with the same line."""


class Matcher(Protocol):
    """What a rule's pattern must do: a compiled pattern, or a :class:`Guarded` one."""

    def match(self, line: str) -> re.Match[str] | None: ...


Rules = Sequence[tuple[Matcher, Callable[[re.Match[str]], None]]]
"""A reader's table: each pattern tried in order on a line; the first that matches calls its
handler with the match."""


class Guarded:
    """``pattern``, tried only on a line holding ``needle``, a text every line it matches
    holds: a pattern that starts with a player's name (``^(.+?) collected ...``) walks the
    whole of every line it does not match, at five times the cost of the look for the
    needle (valgrind). The same lines match as with ``pattern`` alone."""

    __slots__ = ("needle", "pattern")

    def __init__(self, pattern: re.Pattern[str], needle: str) -> None:
        self.pattern = pattern
        self.needle = needle

    def match(self, line: str) -> re.Match[str] | None:
        return self.pattern.match(line) if self.needle in line else None


RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3, "1": 1, "2": 2, "3": 3}
"""The runs of a board run more than once, as the sites name them (§6: at most three)."""

MOVES: dict[str, Callable[[HandBuilder, str, int], None]] = {
    "fold": HandBuilder.fold,  # (the amount, 0, is not read)
    "check": HandBuilder.check,
    "call": HandBuilder.call,  # what the call adds
    "bet": HandBuilder.bet,  # a bet or raise by the amount
    "raise to": HandBuilder.raise_to,  # a bet, raise or completion to the amount
    "bring in": HandBuilder.bring_in,
    "ante": HandBuilder.ante,
    "small blind": lambda b, name, amount: b.blind(name, amount, big=False),
    "big blind": lambda b, name, amount: b.blind(name, amount, big=True),
    "live blind": lambda b, name, amount: b.blind(name, amount),  # out of turn (§4.1)
    "dead blind": lambda b, name, amount: b.blind(name, 0, dead=amount),  # §4.1
    "both blinds": HandBuilder.post_both,  # the big blind live, the rest dead (§4.1)
    "put in": HandBuilder.put_in,  # an all-in written by what it adds: a call or a raise
    "returned": HandBuilder.returned,  # the uncalled part of his bet, given back
}
"""The moves every site writes, each the builder's call; a reader's ``VERBS`` names them in
its site's words."""
_NO_AMOUNT = ("fold", "check")
VERBS = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet"}
"""The words most sites write for four of the :data:`MOVES`: a reader's ``VERBS`` adds its own."""
BLINDS = {"posts small blind": "small blind", "posts big blind": "big blind"}
"""The words most sites write for the blinds: a reader's ``VERBS`` adds them where its site does."""


class Remembered:
    """The groups of ``pattern`` matched at a text's start (None where it does not match),
    remembered: what follows a player's name ("calls 2", "raises 4 to 8", "folds") recurs
    from hand to hand, and a dictionary look-up costs a fifth of a match. Only short texts
    are kept, and at most ``facts.KEPT``, so that a hostile file cannot fill it."""

    __slots__ = ("known", "pattern")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.known: dict[str, tuple[str | None, ...] | None] = {}

    def groups(self, text: str) -> tuple[str | None, ...] | None:
        known = self.known
        found = known.get(text, _UNKNOWN)
        if found is not _UNKNOWN:
            return found  # type: ignore[return-value]
        matched = self.pattern.match(text)
        groups = None if matched is None else matched.groups()
        keep(known, text, groups, 64)
        return groups


_UNKNOWN = object()
_REMEMBERED: dict[re.Pattern[str], Remembered] = {}


def _remembered(pattern: re.Pattern[str]) -> Remembered:
    """The one :class:`Remembered` of ``pattern`` (a reader's class constant)."""
    found = _REMEMBERED.get(pattern)
    if found is None:
        found = _REMEMBERED[pattern] = Remembered(pattern)
    return found


@dataclass
class Block:
    """The lines of one hand (without line endings), ``first`` the file's line number of
    ``lines[0]``, ``source`` the file."""

    source: str | None
    lines: list[str]
    first: int
    # More than SITE_MAX_HAND_LINES lines: only the header is kept. Keyword-only, so that a
    # reader's block with fields of its own (iPoker's session) cannot fill it by position.
    overflow: bool = field(default=False, kw_only=True)
    # The text ran on into the next hand's header inside a line: the hand is cut there.
    cut: bool = field(default=False, kw_only=True)

    def numbered(self) -> Iterator[tuple[int, str]]:
        return enumerate(self.lines, self.first)


def lines_of(text: str) -> list[str]:
    """Lines, whatever the endings (CRLF, LF, CR, mixed), without the BOM some clients write
    at the start of every hand of a file they append to. (The lines of
    ``re.split(r"\r\n|\r|\n", text)``, cut by ``str.split``: a tenth of the time.)"""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if "\ufeff" in text:
        return [line.lstrip("\ufeff") for line in lines]
    return lines


@dataclass(frozen=True)
class SiteReader:
    """One site's entry in the registry (:mod:`splitpot.sites.registry`).

    ``name`` the site; ``header`` a pattern that finds the first line of each of its hands in
    a text (``(?m)^...``, group 1 the hand's number) and matches no other site's; ``parse``
    one hand's :class:`Block` to a history (raising :class:`SiteError`); ``blocks``, for a
    site whose hands are not runs of lines from a header (iPoker's XML, partypoker's
    "Game #N starts."), the text cut into hands, read whole; ``marker`` a piece of text every
    header holds (``"PokerStars "``), looked for before the pattern is: a text without it is
    passed over at the speed of ``str.find``.
    """

    name: str
    header: re.Pattern[str]
    parse: Callable[[Block], HandHistory]
    blocks: Callable[[str, str | None], Iterator[Block]] | None = None
    marker: str = ""
    line_start: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def find(self, text: str, before: int | None = None) -> re.Match[str] | None:
        """The first header of ``text``: the pattern searched from the line where the marker
        first stands; None at once when that line starts at ``before`` or later (a header
        found there could not come first)."""
        if before is None:
            at = text.find(self.marker)
        else:  # a marker past the line holding ``before`` is on a line starting after it
            end = text.find("\n", before)
            at = text.find(self.marker, 0, len(text) if end < 0 else end)
        if at < 0:
            return None
        start = text.rfind("\n", 0, at) + 1
        if before is not None and start >= before:
            return None
        return self.header.search(text, start)

    def __post_init__(self) -> None:
        # ``header`` searches a whole text (for sniff); a split matches it at a line start.
        pattern = self.header.pattern.removeprefix("(?m)").removeprefix("^")
        start = re.compile(pattern, self.header.flags & ~re.MULTILINE)
        object.__setattr__(self, "line_start", start)


def cards(text: str) -> list[str | None]:
    """``"Ah Kd"`` (or ``"Ah,Kd"``) as a list of cards."""
    found: list[str | None] = list(text.replace(",", " ").split())
    return found


class LineReader:
    """The template of a site's reader of one hand: the hand's builder, its errors, the
    loop over its lines and its hooks; the parts it holds (``facts``, ``seating``).

    A site sets ``NAME`` and ``HEADER``, ``NOTES`` (the lines that change nothing) and
    ``ACTORS`` (what follows a player's name on his lines), and overrides :meth:`tournament`,
    :meth:`read_header`, :meth:`rules` and :meth:`action`; the other hooks (:meth:`unit`,
    :meth:`line`, :meth:`finish`...) where its text differs.

    No pattern is compiled per hand: a line's player is found among the seated names by
    :meth:`actor` (a dictionary look-up, or the names longest first), so that reading costs
    the same whatever the names (review H3) and ten thousand hands a second.
    """

    NAME: ClassVar[str]
    HEADER: ClassVar[re.Pattern[str]]
    NOTES: ClassVar[re.Pattern[str]] = NEVER
    ACTORS: ClassVar[tuple[str, ...]] = (": ",)
    """What follows a seated player's name on his lines: the first, his actions
    (:meth:`action`); any other, :meth:`aside` (Full Tilt's "NAME: chat")."""
    STREET_MARK: ClassVar[str] = "*** "
    VERBS: ClassVar[dict[str, str]] = {}
    """The site's words for the :data:`MOVES` (``{"calls": "call", ...}``): :meth:`move`."""
    TABLE: ClassVar[re.Pattern[str] | None] = None
    """The table line (named groups ``table``, and ``max`` and ``button`` where written)."""
    SEAT: ClassVar[re.Pattern[str] | None] = None
    """A seat line ``Seat N: ...`` (named groups ``seat``, ``name``, ``stack``)."""
    STREETS: ClassVar[re.Pattern[str]] = NEVER
    """A street line (groups: the title, and the cards in brackets, up to two)."""
    STREET_PLAIN: ClassVar[frozenset[str]] = frozenset({"HOLE CARDS", "SHOW DOWN"})
    """Street titles that start no betting round."""
    STREET_BETS: ClassVar[re.Pattern[str]] = NEVER
    """Stud's street titles: each a betting round, the cards each player's own."""
    SEVENTH: ClassVar[str] = ""
    """Stud's last street: once its betting begins, the cards the site did not show are dealt."""
    RUN_TWICE: ClassVar[re.Pattern[str]] = NEVER
    """Street titles of a board run more than once (docs/rules/poker.md §6): named groups
    ``run`` (``FIRST``, ``2``...: :data:`RUNS`) and ``street`` (``FLOP``, ``TURN``,
    ``RIVER``; a showdown's or summary's title sets the run the next collections are of)."""
    CLOSING: ClassVar[re.Pattern[str] | None] = None
    """A line every whole hand of the site has (PokerStars' ``Total pot``): a hand without
    it was cut off."""

    def __init__(self, block: Block) -> None:
        self.block = block
        self.header = self.header_line()
        found = self.HEADER.match(self.header)
        self.b = HandBuilder(self.NAME, block.source, self.unit())
        self.facts = HandFacts(self.b)  # the amounts, the game, the date
        self.amounts = self.facts.amounts  # for amount(): the amounts read before, at once
        self.moves_read = _MOVES_READ.setdefault((type(self), self.b.unit), {})
        self.seats_known = _SEATS_READ.setdefault((type(self), self.b.unit), {})
        self.b.tournament = self.tournament()
        self.b.hand_id = found.group(1) if found is not None and found.re.groups else None
        self.b.at = block.first
        self.text = self.header  # the line being read, for errors
        # The class's constants the line loop reads at every line, held as the reader's own:
        # Python 3.11 looks a class attribute read through ``self`` up in the type each time.
        self.mark, self.seventh = self.STREET_MARK, self.SEVENTH
        self.seating: Seating | None = None  # the names and who a line's is, once seated
        self.sep = ""  # the seating's one separator, for the line loop (play_line)
        self.table: Rules = ()
        self.summary = False  # the summary's lines: what the site says happened
        self.street = ""  # the title of the street being played
        self.board_run = 0  # the run of the board whose showdown or summary is being read

    @classmethod
    def parse(cls, block: Block) -> HandHistory:
        """One hand of the site as a PHH history (``_site`` its ``NAME``)."""
        reader = cls(block)
        try:
            return reader.run()
        finally:
            # A reader reads one hand. Its attributes are dropped after it: its table's
            # handlers are its bound methods, and a part may hold it, cycles which would
            # keep the hand's builder (and an XML reader's tree) until the collector found
            # them; a file of a million hands streams in one hand's memory.
            vars(reader).clear()

    # ------------------------------------------------------------------ hooks

    def header_line(self) -> str:
        """The hand's header: its first line."""
        return self.block.lines[0]

    def unit(self) -> Decimal:
        """What one chip of the hand is worth: :data:`~splitpot.sites.money.CENT` of the
        currency in a cash game, :data:`~splitpot.sites.money.CHIP` in a tournament."""
        return CHIP if self.tournament() else CENT

    def tournament(self) -> bool:
        """Whether the hand is a tournament's: its chips are no money, and no rake is taken
        from its pots (:func:`splitpot.phh.compare` holds it to that)."""
        return False

    def read_header(self) -> None:
        """The game, the stakes, the table, the date."""

    def rules(self) -> Rules:
        """The ``(pattern, handler)`` pairs tried on each line of the play, in order, before
        the seated names (:meth:`play_line`); built once per hand, when the seats are read."""
        return ()

    def set_up(self, line: str) -> bool:
        """A line before the play (:data:`TABLE`, a :data:`SEAT`), read: True; else False.
        Asked only until the seated names are fixed (:meth:`seats`)."""
        if line.startswith("Seat "):
            known = self.seats_known.get(line)
            if known is None:
                found = None if self.SEAT is None else self.SEAT.match(line)
                if found is None:
                    raise self.fail(f"not a seat line: {line!r}")
                known = (self.b.number(found["seat"]), found["name"], self.amount(found["stack"]))
                keep(self.seats_known, line, known, 100)
            self.b.seat(*known)
            return True
        if self.TABLE is None or not line.startswith("Table"):
            return False
        found = self.TABLE.match(line)
        if found is None:
            raise self.fail(f"not a table line: {line!r}")
        self.b.fields["table"] = found["table"]
        if found["max"] is not None:
            self.b.seat_count = self.b.number(found["max"], "table size")
        if found["button"] is not None:
            self.b.button = self.b.number(found["button"], "button")
        return True

    def street_line(self, line: str) -> None:
        """A line starting with :data:`STREET_MARK` (``*** FLOP *** [...]``): the summary,
        a board, a stud street, a street that changes nothing, or one splitpot does not
        play."""
        found = _remembered(self.STREETS).groups(line)  # most street lines recur
        if found is None:
            raise self.fail(f"not a street line: {line!r}")
        title, first, second = found
        assert title is not None  # (group 1 is not optional in any reader's STREETS)
        if self.seating is None:
            self.seats()
        if self.street == self.SEVENTH:
            self.b.deal_unseen()
        if title == "SUMMARY":
            self.summary = True
            self.board_run = 0  # what it pays is the whole hand's, not one run's
        elif title in ("FLOP", "TURN", "RIVER") and first is not None:
            self.b.street_cards(title, cards(second if second is not None else first), line)
        elif title in self.STREET_PLAIN:
            self.street = title
        elif self.STREET_BETS.fullmatch(title):
            self.street = title
            self.b.street()
        elif (run := self.RUN_TWICE.fullmatch(title)) is not None:
            self.run_street(run, [first, second])
        else:
            raise self.unsupported(f"'*** {title} ***' is a street splitpot does not play")

    def run_street(self, found: re.Match[str], bracketed: list[str | None]) -> None:
        """A street of one run of a board run more than once (:data:`RUN_TWICE`): its new
        cards (the last bracket), or the run whose showdown or summary follows."""
        run, street = RUNS[found["run"]], found["street"]
        if street in ("FLOP", "TURN", "RIVER"):
            new = cards(next((c for c in reversed(bracketed) if c is not None), ""))
            self.b.street_cards(street, new, self.text, run)
            return
        self.board_run = run
        if street == "SUMMARY":
            self.summary = True
        else:
            self.street = "SHOW DOWN"

    def summary_line(self, line: str) -> None:
        """A line of the summary (after the ``SUMMARY`` street line)."""

    def action(self, name: str, rest: str) -> None:
        """A seated player's line: ``rest`` is what follows his name and ``ACTORS[0]``."""
        raise self.fail(f"an action this reader does not know: {name}{self.ACTORS[0]}{rest!r}")

    def move(self, name: str, verb: str, amount: str | None, *, text: str = "") -> bool:
        """The :data:`MOVES` the site's ``verb`` names (:data:`VERBS`), made with its amount:
        True; False when the verb is none of them. ``text``, the player's text if it means
        this move in any state, is remembered for :meth:`play_line` (:data:`_MOVES_READ`)."""
        kind = self.VERBS.get(verb)
        if kind is None:
            return False
        move, value = MOVES[kind], 0 if kind in _NO_AMOUNT else self.amount(amount)
        move(self.b, name, value)
        keep(self.moves_read, text, (move, value), 64)
        return True

    def aside(self, name: str, sep: str, rest: str) -> None:
        """A seated player's line with another separator of :data:`ACTORS`."""
        raise self.unknown(f"{name}{sep}{rest}")

    def finish(self) -> None:
        """The lines are read: what the site says at the end, checked."""

    # ------------------------------------------------------------------ the loop

    def run(self) -> HandHistory:
        """The header, every line, the end: the history. A hand that is not whole (its
        :data:`CLOSING` line is missing, or the next hand's header is glued into a line) is
        a :class:`DamagedHand` "cut off", whatever line first failed to read; so is an
        unsupported line when it is the cut one (half a street line)."""
        self.read_header()
        try:
            _read_lines(self)
            if not self.whole():
                raise self.damaged("cut off: the hand ends before its summary")
            self.finish()
            return self.b.build()
        except DamagedHand:
            raise
        except UnsupportedHand as e:
            if self.whole() or e.line != self.block.first + len(self.block.lines) - 1:
                raise
            raise self.damaged(f"cut off in its last line: {self.text!r}") from None
        except SiteError as e:
            if self.whole():
                raise
            raise self.damaged(f"cut off: the hand ends before its summary ({e.reason})") from None

    def whole(self) -> bool:
        """Whether the hand's text is whole: no header glued into it, and its
        :data:`CLOSING` line is there."""
        if self.block.cut:
            return False
        closing = self.CLOSING
        return closing is None or any(map(closing.search, reversed(self.block.lines)))

    def body(self) -> Iterator[tuple[int, str]]:
        """The hand's lines after its header, numbered."""
        return enumerate(self.block.lines[1:], self.block.first + 1)

    def line(self, line: str) -> None:
        """One line (right-stripped): a street, the summary's, the set-up's, a note, or the
        play's (:meth:`play_line`)."""
        if not line:
            return
        if line.startswith(self.mark):
            self.street_line(line)
        elif self.summary:
            self.summary_line(line)
        elif self.seating is None and self.set_up(line):
            return
        else:
            self.play_line(line)

    def play_line(self, line: str) -> None:
        """A seated player's line (a move read before is made at once), else a rule's, a note
        (:data:`NOTES`) or :meth:`unknown`; a player's line none of his actions is tried so."""
        name, sep, rest = line.partition(self.sep) if self.sep else self.actor(line) or ("", "", "")
        error = None
        if sep and name in self.b.players:
            known = self.moves_read.get(rest)  # most lines ("folds", "calls 2") were read before
            if known is not None and (self.street != self.seventh or not self.seventh):
                return known[0](self.b, name, known[1])
            try:
                if sep == self.ACTORS[0]:
                    self.action(name, rest)
                else:
                    self.aside(name, sep, rest)
                return
            except UnsupportedHand:
                raise
            except SiteError as e:
                # Kept without its traceback, which holds this frame: a cycle through the
                # reader, were a rule to read the line after all.
                error = e.with_traceback(None)
        for pattern, handler in self.table:
            found = pattern.match(line)
            if found is not None:
                handler(found)
                return
        if not self.NOTES.match(line):  # "NAME: sits out", "NAME said, ...", chat
            raise error or self.unknown(line)

    def unknown(self, line: str) -> SiteError:
        return self.fail(f"a line this reader does not know: {line!r}")

    def seats(self) -> list[str]:
        """The seated players' names, longest first (:class:`Seating`): fixed the first time
        a line needs them; a reader of the first framework has its patterns of them made
        then (:meth:`seated`), and the table of rules is built."""
        seating = self.seating
        if seating is None:
            seating = self.seating = Seating(self.b.players, self.ACTORS)
            if self.ACTOR is not None or type(self).on_seated is not LineReader.on_seated:
                seating.compile(self.ACTOR)
                self.on_seated(seating.alternatives)
            else:
                self.sep = seating.sep
            self.table = self.rules()
        return seating.names

    # The first framework's way (readers written against it still work): ``ACTOR``, a
    # pattern after the name; ``seated()``, the names compiled into one pattern per hand;
    # ``on_seated(alternatives)``, the reader's own patterns of them. New readers use
    # ``ACTORS`` and :meth:`actor`, which compile nothing per hand.
    ACTOR: ClassVar[str | None] = None

    def seated(self) -> re.Pattern[str]:
        """``^(NAME|...)ACTOR(.*)$``, the seated names (:meth:`Seating.compile`)."""
        if self.seating is None:
            self.seats()
        assert self.seating is not None and self.seating.pattern is not None
        return self.seating.pattern

    def on_seated(self, alternatives: str) -> None:
        """The first framework's hook: the names' alternation, once the seats are read."""

    def actor(self, text: str, seps: tuple[str, ...] = ()) -> tuple[str, str, str] | None:
        """``(name, separator, rest)`` when ``text`` starts with a seated player's name and
        one of ``seps`` (:data:`ACTORS`), else None (:meth:`Seating.find`)."""
        if self.ACTOR is not None and not seps:  # a reader of the first framework
            matched = self.seated().match(text)
            return None if matched is None else (matched[1], self.ACTORS[0], matched[2])
        seating = self.seating
        if seating is None:
            self.seats()
            seating = self.seating
            assert seating is not None
        return seating.find(text, seps or self.ACTORS)

    # ------------------------------------------------------------------ helpers

    def fail(self, reason: str) -> SiteError:
        return self.b.fail(reason)

    def unsupported(self, reason: str, game: str = "") -> UnsupportedHand:
        return self.b.unsupported(reason, game)

    def damaged(self, reason: str) -> DamagedHand:
        return self.b.damaged(reason)

    def street_match(self, pattern: re.Pattern[str], line: str) -> re.Match[str]:
        """A street ``line`` by the site's own ``pattern`` (else :meth:`unknown`), seated."""
        if (found := pattern.match(line)) is None:
            raise self.unknown(line)
        self.seated()
        return found

    def amount(self, text: str | None, *, decimal: str = ".") -> int:
        """``text`` in the hand's unit, exactly (:meth:`HandFacts.amount`, an error naming
        the line if it is none): a hook for a site's way of writing amounts."""
        if decimal == "." and text is not None:
            value = self.amounts.get(text)  # most were read before: no call
            if value is not None:
                return value
        return self.facts.amount(text, self.text, decimal)


def _read_lines(reader: LineReader) -> None:
    """Every line of the body, as :meth:`LineReader.line` reads them; for a reader that keeps
    the base's ``line`` and ``play_line``, in its three parts (the set-up, the play, the
    summary: :func:`_set_up_lines`, :func:`_play_lines`, :func:`_summary_lines`), each with
    its commonest lines taken without a call."""
    lines = reader.body()
    if (
        type(reader).line is not LineReader.line
        or type(reader).play_line is not LineReader.play_line
    ):
        _lines_until(reader, lines, lambda: False)
        return
    _set_up_lines(reader, lines)
    if not reader.summary:
        _play_lines(reader, lines)
    _summary_lines(reader, lines)


_Lines = Iterator[tuple[int, str]]


def _lines_until(reader: LineReader, lines: _Lines, done: Callable[[], bool]) -> None:
    """The ``lines`` read by :meth:`LineReader.line`, up to the first after which ``done()``."""
    b, read = reader.b, reader.line
    for number, line in lines:
        b.at = number
        reader.text = line = line.rstrip()
        read(line)
        if done():
            return


def _set_up_lines(reader: LineReader, lines: _Lines) -> None:
    """The lines up to the one after which the names are seated; a seat line read before
    (``set_up``'s look-up, when the reader keeps the base's: its keys are seat lines only) is
    seated without a call."""
    if type(reader).set_up is not LineReader.set_up:
        _lines_until(reader, lines, lambda: reader.seating is not None)
        return
    b, read, seat_lines = reader.b, reader.line, reader.seats_known
    for number, line in lines:
        b.at = number
        reader.text = line = line.rstrip()
        seat = seat_lines.get(line)
        if seat is not None:
            b.seat(*seat)
            continue
        read(line)
        if reader.seating is not None:
            return


def _play_lines(reader: LineReader, lines: _Lines) -> None:
    """The lines up to the summary's street line; a seated player's move read before (the
    look-up of ``play_line``) is made without a call, once the names are seated with the
    reader's one separator and none starts a street line."""
    seating, sep, mark = reader.seating, reader.sep, reader.mark
    if seating is None:
        return  # the lines ran out before the names were seated
    if not sep or any(map(str.startswith, seating.names, repeat(mark))):
        _lines_until(reader, lines, lambda: reader.summary)
        return
    b, read, moves, seventh = reader.b, reader.line, reader.moves_read, reader.seventh
    players = b.players
    for number, line in lines:
        b.at = number
        reader.text = line = line.rstrip()
        name, found, rest = line.partition(sep)
        if found and name in players:
            known = moves.get(rest)
            if known is not None and (not seventh or reader.street != seventh):
                known[0](b, name, known[1])
                continue
        read(line)
        if reader.summary:
            return


def _summary_lines(reader: LineReader, lines: _Lines) -> None:
    """The summary's lines (after its street line), read without :meth:`LineReader.line`."""
    b, mark = reader.b, reader.mark
    for number, line in lines:
        b.at = number
        reader.text = line = line.rstrip()
        if line.startswith(mark):
            reader.street_line(line)
        elif line:
            reader.summary_line(line)
