"""Winning Poker Network hand histories (America's Cardroom, Black Chip, Yatahay...: cash
games and tournaments; hold'em, Omaha, five-card Omaha, Omaha Hi/Lo, stud and stud Hi/Lo),
read into PHH histories. Two formats, one reader each.

The old format (to about 2019; its client often saved files as UTF-16)::

    Game started at: 2014/3/9 16:53:43
    Game ID: 261641541 0.10/0.25 Tantalite   (JP) (Hold'em)
    Seat 5 is the button
    Seat 1: Shipologist (44.87).
    Player johna52801 has small blind (0.10)
    Player LadyStack raises (0.80)
    *** FLOP ***: [3h 4c 2c]
    ------ Summary ------
    Pot: 7.73. Rake 0.41
    *Player johna52801 shows: One pair of Js [Jd Js]. Bets: 4.07. Collects: 7.73. Wins: 3.66.

* Its header names neither the betting limit nor the currency. A fixed-limit table is named
  by its bets (``0.02/0.04``), and its big blind is the small bet: a hand whose big blind is
  the header's first amount is fixed limit (as fpdb reads it). Another is read as no limit,
  hold'em and Omaha alike: WPN deals no-limit Omaha too (the "PLO8" hand 820605052 has an
  all-in of $402.40 into a pot of $42), and every bet pot limit allows no limit allows with
  the same minimum, so a pot-limit hand replays to the same chips; ``_site_game`` says the
  limit was not stated. A tournament's table is named ``$5 Regular 9-Max, Table 1``: chips,
  no rake.
* Every amount is what the player puts in with the action: ``raises (0.80)`` adds 0.80,
  ``allin (X)`` is a call, bet or raise as it tops the highest bet or not. ``posts (0.25) as
  a dead bet`` is dead money, ``posts (0.50)`` a live big blind posted out of turn (§4.1).
* The summary states, for every player, what he bet (less any bet returned) and what he
  collected: the collections are his winnings, and his bets must be what the play put in.
  ``Pot`` is what was paid out; the rake it states leaves out the jackpot fee of the older
  "(JP)" tables, so the rake is what the pot kept (bounded: :mod:`splitpot.sites.payout`).
* Stud: the street lines come one street late (``*** Third street ***`` is written before
  the fourth card); each card is a line of its own (``received a card.`` when not seen).
* ``(Cap)`` and ``CAP`` tables cap what a player may put in a hand (capped no limit,
  docs/rules/poker.md §3) without saying how much: a player "allin" with chips left
  reached it, and his total is the cap; a hand where no one reaches it plays uncapped
  (docs/sites.md, *Caps*).
  ``Six Plus Hold'em`` is short deck: not played.

The new format (2019 on) is PokerStars' with WPN's words::

    Hand #68217077 - Holdem(No Limit) - $0.05/$0.10 - 2019/06/28 02:38:17 UTC
    Blitz Poker 6-max Seat #1 is the button
    Seat 1: Player0 ($10.30)
    Player1 posts the small blind $0.05
    Player3 raises $0.22 to $0.22
    Uncalled bet ($0.12) returned to Player3
    *** SUMMARY ***
    Total pot $0.25
    Seat 5: Player3 did not show and won $0.25

Its ``Total pot`` is after the rake and the jackpot fee (``| Rake $1.42 | JP Fee $0.08``),
and a walk's big blind "won" his own blind back (no uncalled bet is written then).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from splitpot.sites.base import VERBS, Block, LineReader, Rules, SiteReader
from splitpot.sites.builder import Kind
from splitpot.sites.errors import SiteError
from splitpot.sites.patterns import (
    BUTTON,
    LIMITS,
    SUMMARY_SEAT,
    dealt_rule,
    seat_line,
    with_names,
)
from splitpot.sites.payout import settle

NAME = "Winning Poker Network"

# ---------------------------------------------------------------------------- the old format

OLD_HEADER = re.compile(r"(?m)^Game started at: \d{4}/\d{1,2}/\d{1,2} ")
_OLD_WHEN = re.compile(
    r"^Game started at: (\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})"
)
_OLD_GAME = re.compile(
    r"^Game ID: (?P<id>\d{1,20}) (?P<small>[\d.,]+)/(?P<big>[\d.,]+) (?P<table>.*?) ?"
    r"\((?P<game>Hold'em|Omaha|Omaha HiLow|Seven Cards Stud|Seven Cards Stud HiLow"
    r"|Six Plus Hold'em)\)\s*$"
)
_OLD_PARTS = {
    "Hold'em": "T",
    "Omaha": "O",
    "Omaha HiLow": "O/8",
    "Seven Cards Stud": "7S",
    "Seven Cards Stud HiLow": "7S/8",
}
_OLD_SEAT = re.compile(r"^Seat (\d{1,9}): (.+) \(([\d.,]+)\)\.\s*$")
_OLD_STREET = re.compile(
    r"^\*\*\* (FLOP|TURN|RIVER|Third street|Fourth street|Fifth street|Sixth street) \*\*\*"
    r":?(?: \[([^]]*)\])?(?: \[([^]]*)\])?\s*$"
)
_OLD_UNCALLED = re.compile(r"^Uncalled bet \(([\d.,]+)\) returned to (.*?)\s*$")
_OLD_UNCALLED_TO = r"^Uncalled bet \(([\d.,]+)\) returned to ({names})\s*$"
_OLD_POT = re.compile(r"^Pot: ([\d.,]+)(?:\. Rake ([\d.,]+))?(?:\. JP fee ([\d.,]+))?\s*$")
_OLD_ACTION = re.compile(
    r"^(?P<verb>has small blind|has big blind|posts ante|ante|posts|straddle|bring in|folds"
    r"|checks|calls|bets|raises|allin|caps|received card:|received a card\.|mucks cards"
    r"|is timed out\.|sitting out|wait BB|sits out)(?: \((?P<a>[\d.,]+)\)| \[(?P<card>[^]]+)\])?"
    r"(?P<dead> as a dead bet)?\s*$"
)
_OLD_SUMMARY = re.compile(
    r"(?:\. ?|^)Bets: (?P<bets>[\d.,]+)\. Collects: (?P<collects>[\d.,]+)\. "
    r"(?:Wins|Loses): [\d.,]+\.\s*$"
)
_OLD_SHOWN = re.compile(r"\[([^]]*)\]")


def _card(text: str) -> str:
    """WPN writes a ten as ``10``."""
    return text.replace("10", "T")


_OLD_VERBS = VERBS | {
    "has small blind": "small blind",
    "has big blind": "big blind",
    "straddle": "live blind",
    "posts": "live blind",
    "posts dead": "dead blind",  # "posts (1) as a dead bet"
    "ante": "ante",
    "posts ante": "ante",
    "bring in": "bring in",
    "raises": "bet",  # by the amount
    "caps": "bet",
    "allin": "put in",  # what he puts in
}


class OldHand(LineReader):
    """One hand of WPN's old format."""

    NAME = NAME
    HEADER = OLD_HEADER
    ACTOR = " "
    CLOSING = re.compile(r"^------ Summary ------")
    VERBS = _OLD_VERBS

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.stud_pending: dict[str, list[str | None]] = {}
        self.bets: dict[str, int] = {}  # what the summary says each player bet
        self.paid: int | None = None
        self.capped = False  # a Cap table: the cap is not written (module docstring)

    def game_line(self) -> str:
        lines = self.block.lines
        return lines[1] if len(lines) > 1 else ""

    def tournament(self) -> bool:
        found = _OLD_GAME.match(self.game_line())
        return found is not None and re.search(r", Table \d+$", found["table"]) is not None

    def body(self) -> Iterator[tuple[int, str]]:
        lines = self.block.numbered()
        next(lines, None)
        next(lines, None)  # the Game ID line: read_header's
        return lines

    def read_header(self) -> None:
        b = self.b
        b.at = self.block.first + 1
        found = _OLD_GAME.match(self.game_line())
        if found is None:
            raise self.fail(f"not a Game ID line: {self.game_line()[:100]!r}")
        b.hand_id = found["id"]
        name = found["game"]
        b.user["_site_game"] = name
        if name == "Six Plus Hold'em":
            raise self.unsupported("Six Plus Hold'em is short deck, a game splitpot does not play")
        table = found["table"].strip()
        b.fields["table"] = table
        self.capped = re.search(r"\(Cap\)|\bCAP\b", table) is not None
        if self.tournament():
            b.fields["event"] = table.rsplit(", Table ", 1)[0]
        elif not table.startswith("PM "):
            b.fields["currency"], b.fields["currency_symbol"] = "USD", "$"
        part = _OLD_PARTS[name]
        small, big = self.amount(found["small"]), self.amount(found["big"])
        fixed = part.startswith("7") or self.fixed_limit(small)
        kind: Kind = "F" if fixed else "N"
        if not fixed:
            b.user["_site_game"] += " (limit not stated: read as no limit)"
        self.facts.game(part, kind, small, big)
        self.facts.when(_OLD_WHEN.match(self.header))

    def fixed_limit(self, small: int) -> bool:
        """The header names a fixed-limit table by its bets: its big blind is the first."""
        for line in self.block.lines:
            found = re.match(r"^Player .* has big blind \(([\d.,]+)\)\s*$", line)
            if found is not None:
                return self.amount(found[1]) == small
        return False

    def line(self, line: str) -> None:
        if line.startswith("Player "):
            line = line[len("Player ") :]
        elif line.startswith("*Player "):
            line = line[len("*Player ") :]
        super().line(line)

    def set_up(self, line: str) -> bool:
        if seat_line(self, _OLD_SEAT.match(line)):
            return True
        found = BUTTON.match(line)
        if found is not None:
            self.b.button = self.b.number(found[1])
            return True
        return False

    def rules(self) -> Rules:
        return [
            (with_names(self, _OLD_UNCALLED_TO), lambda m: self.b.returned(m[2], self.amount(m[1])))
        ]

    def play_line(self, line: str) -> None:
        if line.startswith("------ Summary"):
            self.flush_stud()
            self.summary = True
            return
        if line.startswith("Game ended at: "):
            return
        found = _OLD_STREET.match(line)
        if found is not None:
            self.new_street(found)
            return
        super().play_line(line)

    def unknown(self, line: str) -> SiteError:
        """A line of a player who is not seated (the site wrote no seat for him, or no
        name: "Player  has big blind (2)") is the site contradicting itself."""
        if _OLD_UNCALLED.match(line) or _OLD_ACTION.match(line.split(" ", 1)[-1]):
            return self.damaged(f"a player who is not seated acts: {line!r}")
        return super().unknown(line)

    def street_line(self, line: str) -> None:
        found = _OLD_STREET.match(line)
        if found is None:
            raise self.unknown(line)
        self.new_street(found)

    def new_street(self, found: re.Match[str]) -> None:
        self.seated()
        self.flush_stud()
        title, first, second = found.groups()
        game = self.b.game
        assert game is not None
        if game.stud:
            self.b.street()
            return
        new = [_card(c) for c in (second if second is not None else first or "").split()]
        self.b.street_cards(title, list(new), self.text)

    def action(self, name: str, rest: str) -> None:
        found = _OLD_ACTION.match(rest)
        if found is None:
            raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        verb, a = found["verb"], found["a"]
        if verb == "received card:":
            self.deal(name, _card(found["card"]))
            return
        if verb == "received a card.":
            self.deal(name, None)
            return
        if verb in ("mucks cards", "is timed out.", "sitting out", "wait BB", "sits out"):
            return
        self.flush_stud()
        self.move(name, "posts dead" if found["dead"] else verb, a)
        p = self.b.player(name)
        if verb == "allin" and self.capped and p.put_in < p.stack:
            self.reached_cap(name, p.put_in)

    def reached_cap(self, name: str, put: int) -> None:
        """ "allin" on a Cap table with chips left: he reached the cap, which is then his
        total (docs/rules/poker.md §3 DECISION); a second player must reach the same."""
        if self.b.cap is not None and self.b.cap != put:
            raise self.damaged(
                f"the site contradicts itself: {name} is all-in at {put} with chips left, "
                f"and another player at {self.b.cap}"
            )
        self.b.cap = put

    def deal(self, name: str, card: str | None) -> None:
        """A card: hold'em's and Omaha's hole cards, or stud's, gathered street by street."""
        game = self.b.game
        assert game is not None
        if game.stud:
            self.stud_pending.setdefault(name, []).append(card)
            return
        p = self.b.player(name)
        if card is not None:
            p.hole.append(card)

    def flush_stud(self) -> None:
        """Stud: the cards of a street, dealt as one deal per player once they are all out."""
        pending, self.stud_pending = self.stud_pending, {}
        for name, dealt in pending.items():
            self.b.hole(name, dealt)

    def summary_line(self, line: str) -> None:
        found = _OLD_POT.match(line)
        if found is not None:
            self.paid = self.amount(found[1])
            return
        if line.startswith(("Board: ", "Game ended at: ")):
            return
        name_found = self.seated().match(line)
        totals = _OLD_SUMMARY.search(line)
        if name_found is None or totals is None:
            if totals is None:
                raise self.fail(f"a summary line this reader does not know: {line!r}")
            if self.amount(totals["bets"]) or self.amount(totals["collects"]):
                raise self.damaged(f"the summary names a player who is not seated: {line!r}")
            return  # one who left the table (a tournament's move): he put in and won nothing
        name = name_found[1]
        self.bets[name] = self.amount(totals["bets"])
        collects = self.amount(totals["collects"])
        if collects:
            self.b.collect(name, collects)
        shown = _OLD_SHOWN.search(name_found[2][: totals.start()])
        if shown is not None and name_found[2].startswith(("shows", "mucks (does not show:")):
            cards: list[str | None] = [_card(c) for c in shown[1].split()]
            if name_found[2].startswith("shows"):
                self.b.show(name, cards)
            else:
                self.b.reveal(name, cards)

    def finish(self) -> None:
        b = self.b
        if sum(p.dealt for p in b.players.values()) < 2:
            raise self.unsupported("the hand was called off: one player was dealt in")
        paid = sum(p.collected for p in b.players.values())
        if self.paid is not None and paid != self.paid:
            raise self.damaged(f"the summary pays out {paid}, but its pot is {self.paid}")
        for name, bet in self.bets.items():
            p = b.players.get(name)
            if p is not None and p.dealt and p.put_in - p.returned != bet:
                raise self.damaged(
                    f"the summary says {name} bet {bet}, the play that he put in "
                    f"{p.put_in - p.returned}"
                )
        settle(b)


OLD_READER = SiteReader(NAME, OLD_HEADER, OldHand.parse, marker="Game started at: ")


# ---------------------------------------------------------------------------- the new format

NEW_HEADER = re.compile(r"(?m)^(?:Game )?Hand #(\d{1,20}) - ")
_NEW_HEAD = re.compile(
    r"^(?:Game )?Hand #\d+ - (?:(?P<event>.*?Tournament #\d+) - )?(?P<game>.+?) ?"
    r"\((?P<limit>No Limit|Pot Limit|Fixed Limit|Limit)\) - "
    r"(?:Level \d+ \((?P<lsmall>[\d.,]+)/(?P<lbig>[\d.,]+)\)|(?P<small>\$?[\d.,]+)/"
    r"(?P<big>\$?[\d.,]+)) ?- (?P<y>\d{4})/(?P<mo>\d\d)/(?P<d>\d\d) (?P<h>\d\d):(?P<mi>\d\d)"
    r":(?P<s>\d\d)(?: (?P<zone>[A-Z]{2,4}))?\s*$"
)
_NEW_GAMES = {
    "Holdem": "T",
    "Omaha": "O",
    "Omaha H/L": "O/8",
    "5Card Omaha": "O5",
    "5Card Omaha H/L": "O5/8",
}
_NEW_KINDS: dict[str, Kind] = {**LIMITS, "Limit": "F"}
_NEW_TABLE = re.compile(
    r"^(?:Table '(?P<q>.*)'|(?P<name>.*?)) (?P<max>\d+)-max "
    r"Seat #(?P<button>\d{1,9}) is the button\s*$"
)
_NEW_SEAT = re.compile(r"^Seat (\d{1,9}): (.+) \((\$?[\d.,]+)\)(?: is sitting out)?\s*$")
_NEW_STREET = re.compile(
    r"^\*\*\* ([A-Z ]+?)(?: (\d))? \*\*\*(?: \[([^]]*)\])?(?: \[([^]]*)\])?\s*$"
)
_NEW_UNCALLED_TO = r"^Uncalled bet \((\$?[\d.,]+)\) returned to ({names})\s*$"
_NEW_NOTES = re.compile(
    r"^(?:Main pot(?: \d+)? \$?[\d.,]+(?: \| Rake \$?[\d.,]+)?|.+ sits out)\s*$"
)
_NEW_ACTION = re.compile(
    r"^(?P<verb>posts the small blind|posts the big blind|posts ante|posts|folds|checks|calls"
    r"|bets|raises|shows|does not show|mucks|collected)"
    r"(?: (?P<a>\$?[\d.,]+)(?: to (?P<b>\$?[\d.,]+))?)?(?P<allin> and is all-in)?(?P<rest>.*)$"
)
_NEW_TOTAL = re.compile(
    r"^Total pot (\$?[\d.,]+)(?: \| Rake (\$?[\d.,]+))?(?: \| JP Fee (\$?[\d.,]+))?\s*$"
)
_NEW_WON = re.compile(r"\bwon (\$?[\d.,]+)")
_NEW_RUNS = re.compile(r"(?P<street>FLOP|TURN|RIVER|SHOW DOWN) (?P<run>[1-3])")


_NEW_VERBS = VERBS | {
    "posts the small blind": "small blind",
    "posts the big blind": "big blind",
    "posts": "live blind",
    "posts ante": "ante",
    "raises": "raise to",
}


class NewHand(LineReader):
    """One hand of WPN's new format."""

    NAME = NAME
    HEADER = NEW_HEADER
    ACTOR = " "
    CLOSING = re.compile(r"^Total pot ")
    VERBS = _NEW_VERBS

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.stated: tuple[int, int] | None = None  # the pot paid out, the rake and fees

    def tournament(self) -> bool:
        return "Tournament #" in self.header

    def read_header(self) -> None:
        b = self.b
        found = _NEW_HEAD.match(self.header)
        if found is None:
            raise self.fail(f"not a hand's header: {self.header[:100]!r}")
        name = found["game"].strip()
        b.user["_site_game"] = f"{name}({found['limit']})"
        part = _NEW_GAMES.get(name)
        if part is None:
            raise self.unsupported(f"a game splitpot does not read: {name!r}", name)
        if found["event"] is not None:
            b.fields["event"] = found["event"]
            small, big = found["lsmall"], found["lbig"]
        else:
            small, big = found["small"], found["big"]
            b.fields["currency"], b.fields["currency_symbol"] = "USD", "$"
        if small is None or big is None:
            raise self.fail(f"no stakes in the hand's header: {self.header[:100]!r}")
        self.facts.game(part, _NEW_KINDS[found["limit"]], self.amount(small), self.amount(big))
        fields = (found[k] for k in ("y", "mo", "d", "h", "mi", "s"))
        self.facts.date(*fields, zone=found["zone"], text=self.header)

    def set_up(self, line: str) -> bool:
        found = _NEW_SEAT.match(line)
        if found is not None:
            seat, name, stack = found.groups()
            if not line.rstrip().endswith("is sitting out"):
                self.b.seat(self.b.number(seat), name, self.amount(stack))
            return True
        found = _NEW_TABLE.match(line)
        if found is not None:
            b = self.b
            b.fields["table"] = found["q"] if found["q"] is not None else found["name"]
            b.seat_count = b.number(found["max"], "table size")
            b.button = b.number(found["button"])
            return True
        return False

    def rules(self) -> Rules:
        return [
            dealt_rule(self, lambda text: [_card(c) for c in text.split()]),
            (
                with_names(self, _NEW_UNCALLED_TO),
                lambda m: self.b.returned(m[2], self.amount(m[1])),
            ),
            (_NEW_NOTES, lambda m: None),
        ]

    def street_line(self, line: str) -> None:
        found = self.street_match(_NEW_STREET, line)
        title, run, first, second = found.groups()
        if run is not None:
            runs = _NEW_RUNS.fullmatch(f"{title} {run}")
            if runs is None:
                raise self.fail(f"a street this reader does not know: {line!r}")
            self.run_street(runs, [first, second])
        elif title == "RUN IT TWICE":
            return  # each run's streets follow
        elif title == "SUMMARY":
            self.summary = True
        elif title in ("HOLE CARDS", "SHOW DOWN"):
            return
        elif title in ("FLOP", "TURN", "RIVER") and first is not None:
            new = [_card(c) for c in (second if second is not None else first).split()]
            self.b.street_cards(title, list(new), line)
        else:
            raise self.fail(f"a street this reader does not know: {line!r}")

    def action(self, name: str, rest: str) -> None:
        found = _NEW_ACTION.match(rest)
        if found is None:
            raise self.fail(f"an action this reader does not know: {name} {rest!r}")
        verb, a, to = found["verb"], found["a"], found["b"]
        if verb == "shows":
            shown = re.match(r"\s*\[([^]]*)\]", found["rest"])
            if shown is not None:
                self.b.show(name, [_card(c) for c in shown[1].split()])
        elif verb == "collected" and self.b.run_boards:
            # A board run twice: "collected $92.25 from main pot 1", the pot and the run.
            pot = re.fullmatch(r" from (.+) ([1-3])\s*", found["rest"])
            if pot is None:
                raise self.fail(f"not a pot of a run: {name} {rest!r}")
            self.b.collect(name, self.amount(a), run=int(pot[2]), pot=pot[1])
        elif verb in ("does not show", "mucks", "collected"):
            return  # the summary's "won" is what he collected
        else:  # "raises $0.22 to $0.22": to the second
            self.move(name, verb, a if to is None else to)

    def summary_line(self, line: str) -> None:
        found = _NEW_TOTAL.match(line)
        if found is not None:
            taken = sum(self.amount(x) for x in found.groups()[1:] if x is not None)
            self.stated = (self.amount(found[1]), taken)
            return
        if line.startswith("Board "):
            return
        player = SUMMARY_SEAT.match(line)
        if player is None:
            raise self.fail(f"a summary line this reader does not know: {line!r}")
        name = self.seated().match(player[1] + " ")
        won = _NEW_WON.search(player[1])
        # A board run twice: each board's lines name only the high half's winner; what
        # each run paid is its showdown's "collected" lines (read there).
        if won is not None and not self.b.run_boards:
            if name is None:
                raise self.damaged(f"the summary pays a player who is not seated: {line!r}")
            self.b.collect(name[1], self.amount(won[1]))

    def finish(self) -> None:
        b = self.b
        if self.stated is None:
            raise self.damaged("cut off: the hand ends before its summary")
        paid, taken = self.stated
        if sum(p.collected for p in b.players.values()) != paid:
            raise self.damaged(f"the summary's winners are not paid its pot of {paid}")
        settle(b, uncalled_in_win=True)
        if taken and b.rake != taken:
            raise self.damaged(f"the summary takes {taken} from the pot, the play {b.rake}")


NEW_READER = SiteReader(NAME, NEW_HEADER, NewHand.parse, marker="Hand #")
