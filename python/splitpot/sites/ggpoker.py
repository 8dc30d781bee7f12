"""GGPoker hand histories (the client's text, 2020 to today; cash games and tournaments),
read into PHH histories.

GG writes PokerStars' format with a few words of its own, so this reader is PokerStars'
(:class:`splitpot.sites.pokerstars.StarsHand`) with those words: its header (``Poker Hand
#TM123:``, the game named before the stakes), ``Dealt to NAME`` with no cards for the others,
a ``straddle``, ``*** SHOWDOWN ***``, and a summary that takes a jackpot and a "bingo" from
the pot as well as the rake. GG's EV Cashout is read as a deal beside the pot, which is
paid as dealt (docs/sites.md "Cash-outs"). What splitpot does not play is unsupported: short
deck, Omaha played pot limit before the flop and no limit after it, all-in insurance. A
board run two or three times ("*** FIRST TURN ***", "Hand was run three times") is read
as PokerStars' is, each run's collections checked by docs/rules/poker.md §6. As in
PokerStars' reader, a line no rule reads is an error, never skipped.
"""

from __future__ import annotations

import re
from decimal import Decimal

from splitpot.sites.base import SiteReader
from splitpot.sites.money import CENT, CHIP
from splitpot.sites.pokerstars import WHEN, StarsHand, tournament_event

NAME = "GGPoker"
HEADER = re.compile(r"(?m)^Poker Hand #([A-Z]*\d+): ")

# The game as GG names it (the end of the header's text before the stakes or the level):
# the PHH game part and the structure letter; a str for the games splitpot does not play,
# with the reason.
_GAMES: list[tuple[str, tuple[str, str] | str]] = [
    ("Hold'em No Limit", ("T", "N")),
    ("Hold'em Pot Limit", ("T", "P")),
    ("Hold'em Limit", ("T", "F")),
    ("Omaha Hi/Lo Pot Limit", ("O/8", "P")),
    ("Omaha Pot Limit", ("O", "P")),
    ("PLO-6", ("O6", "P")),
    ("PLO-5", ("O5", "P")),
    ("PLO", ("O", "P")),
    ("Omaha (NL postflop)", "pot limit before the flop and no limit after it"),
    ("ShortDeck No Limit", "short deck"),
]
_GAME_TEXT = re.compile(r"^Poker Hand #\S+: (?:Tournament #\d+, (.*?) - Level|(.*?) \()")
_POT = re.compile(r"^Total pot (\S+)((?: \| \w+ \S+)*)\s*$")
_TAKEN = re.compile(r" \| (\w+) (\S+)")
_CASH_OUT = re.compile(r"Chooses to EV Cashout|(Receives Cashout|Pays Cashout Risk) \((\S+)\)")


class GGHand(StarsHand):
    NAME = NAME
    HEADER = HEADER
    # A blind's post may start a new level (HandFacts.posted): no post is remembered.
    STATEFUL = frozenset({"posts small blind", "posts big blind", "posts small & big blinds"})

    def header_line(self) -> str:
        return self.block.lines[0]

    def unit(self) -> Decimal:
        cash = "Tournament #" not in self.header and "$" in self.header
        return CENT if cash else CHIP

    def read_header(self) -> None:
        b = self.b
        if (event := tournament_event(self.header)) is not None:
            b.fields["event"] = event
        found = _GAME_TEXT.match(self.header)
        text = "" if found is None else (found.group(1) or found.group(2)).rstrip()
        for name, spec in _GAMES:
            if text.endswith(name):
                if isinstance(spec, str):
                    raise b.unsupported(f"{name}: {spec}, a game splitpot does not play", name)
                part, kind = spec
                break
        else:
            raise b.unsupported(f"a game splitpot does not read: {self.header[:80]!r}")
        small, big, _ = self.stakes()
        self.facts.game(part, kind, self.amount(small), self.amount(big))  # type: ignore[arg-type]
        b.user["_site_game"] = name
        if b.unit == CENT:
            b.fields["currency"], b.fields["currency_symbol"] = "USD", "$"  # GG: dollars only
        when = WHEN.search(self.header)
        self.facts.when(when, zone=when[7] if when else None)

    def dealt_to(self, found: re.Match[str]) -> None:
        name = found[1].rstrip(" ")
        if name in self.b.players:  # "Dealt to NAME": he is dealt in, his cards not seen
            self.b.hole(name, [])
        else:
            super().dealt_to(found)

    def street_line(self, line: str) -> None:
        if line.startswith("*** SHOWDOWN ***"):  # GG's title for the showdown
            self.seats()
            self.street = "SHOW DOWN"
        else:
            super().street_line(line)

    def action(self, name: str, rest: str) -> None:
        found = re.fullmatch(r"straddle (\S+)(?: and is all-in)?", rest)
        if found is not None:
            # "straddle $100" is his live bet in all: a big blind who straddles adds to it.
            p = self.b.player(name)
            self.b.blind(name, self.amount(found[1]) - p.street_in)
        elif rest.startswith("posts missed blind "):
            # A blind he missed, posted dead: it goes to the pot, and he still owes the big
            # blind to play (docs/rules/poker.md §4.1).
            self.b.blind(name, 0, dead=self.amount(rest.removeprefix("posts missed blind ")))
        elif "Cashout" in rest:
            self.cash_out(name, rest)
        elif "insurance" in rest:
            raise self.b.unsupported(f"{name}: all-in insurance is not played")
        else:
            found = re.fullmatch(r"posts (small|big) blind (\S+)", rest)
            if found is not None:
                self.facts.posted(name, found[1], self.amount(found[2]))
            super().action(name, rest)

    def cash_out(self, name: str, rest: str) -> None:
        """GG's EV Cashout, apart from the pot (docs/sites.md "Cash-outs")."""
        found = _CASH_OUT.fullmatch(rest.rstrip())
        if found is None:
            raise self.b.unsupported(f"{name}: {rest.strip()}: a cash-out GG words so is not read")
        if found[1] == "Receives Cashout":
            self.b.cash_out(name, paid=self.amount(found[2]))
        elif found[1] == "Pays Cashout Risk":
            self.b.cash_out(name, fee=self.amount(found[2]))

    def summary_line(self, line: str) -> None:
        found = _POT.match(line)
        if found is None:
            super().summary_line(line)
            return
        # Rake, Jackpot, Bingo...: all taken from the pot, none paid to a player.
        self.b.total = self.amount(found[1])
        self.b.rake = sum(self.amount(amount) for _, amount in _TAKEN.findall(found[2]))


READER = SiteReader(NAME, HEADER, GGHand.parse, marker="Poker Hand #")
