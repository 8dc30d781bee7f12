"""Bovada hand histories (Bovada, Ignition and Bodog: cash games, Zone Poker, tournaments;
hold'em, Omaha, Omaha Hi/Lo, stud and stud Hi/Lo; 2012 to today), read into PHH histories.

Bovada writes a hand line by line as ``WHO : WHAT``::

    Bovada Hand #2596777580 TBL#951467 HOLDEM  Fixed Limit - 2012-04-03 16:25:23
    Seat 1: Small Blind ($678 in chips)
    Seat 3: UTG [ME] ($320 in chips)
    Dealer : Set dealer/Bring in spot [6]
    Small Blind : Ante/Small Blind $4
    *** HOLE CARDS ***
    Small Blind : Card dealt to a spot [Qd Kc]
    Small Blind : Raises $16
    ...
    Small Blind : Hand result $111
    *** SUMMARY ***
    Total Pot($112) | Rake ($1)

How it is read, and why:

* **Anonymous players.** Bovada names no one: a player is his position this hand
  (``Dealer``, ``Small Blind``, ``Big Blind``, ``UTG``, ``UTG+1``...) or, at stud, his seat
  (``Seat+4``). Those are the names, as written; the site's own player, marked ``[ME]`` (or
  ``  [ME]``, two spaces, on action lines), is the same name without the mark. A name is
  only good for one hand: the next hand's ``Dealer`` is another player.
* **Seats.** Ignition's anonymous tables number their seats by anything but the seat: the
  player's id (``Seat 1243:``) or a shuffled number (seats 5, 8, 9, 7, 6, 4, 3, 1, 2 for
  UTG+2, UTG+3, ... Dealer, Small Blind, Big Blind, UTG, UTG+1): the order written is the
  table's order. Unless the numbers rise and stay within a table's ten seats, the seats are
  numbered in the order written, and the button is the seat of the player named Dealer.
* **Everyone's cards.** Bovada shows every player's hole cards (``Card dealt to a spot``);
  ``Showdown [...]`` names the best five cards, not the hole cards: the player shows his own.
* **Amounts.** ``Raises $0.08 to $0.10`` raises to $0.10; the older ``Raises $16`` (no
  "to") and ``All-in(raise) 8792`` give the total too. ``Calls``, ``Bets`` and ``All-in X``
  give what the player puts in; an ``All-in`` is a call, a bet or a raise as it tops the
  street's highest bet or not. An ``All-in`` before the hole cards are dealt is the blind
  (or ante) of a player who has no more.
* **Stakes.** A cash game's header names none: the blinds posted are the stakes (or the
  newer ``Table Info: ... Stakes: $0.25-$0.50`` line); a tournament's level names its blinds;
  a hand whose header does not say its limit (Ignition's ``Normal``, ``Turbo``) is no limit,
  as every such tournament is. A fixed-limit game's small bet is its big blind and its big
  bet the first full bet on the turn or river (Bovada's $0.10/$0.25 tables); stud's are the
  first full bets of third or fourth street and of fifth street on (a stud tournament's
  level says "(0/0)"), its bring-in the one posted; a stud hand that bets no full bet plays
  Bovada's stud structure, bets of twice and four times the bring-in (bring-in 5, bets 10
  and 20, in every hand of the stud file).
* **Lines written twice.** Bovada's client sometimes writes one action line two, three or
  four times in a row (``Small Blind : Bets 445`` four times: the file
  ``...corrupted.lines.txt``): no player acts twice in a row within a betting round, so a
  line repeated at once is read once, and the stated pot checks that reading.
* **The board in the summary only.** Bovada's 2012 Omaha hands deal no board in the play:
  the summary's ``Board [...]`` has it. A street's cards are dealt when its betting round is
  over: every player who can still act has acted since the last bet or raise (and the rest
  of the board at the showdown).
* The old format deals the board as ``Card dealt to table [...]``; stud tournaments write no
  street lines: a card dealt after the betting starts the next street.
* The result: ``Hand result`` (and ``-Side pot``) lines are what each player collected,
  ``Return uncalled portion of bet`` the bet given back; the summary's ``Total Pot`` and
  ``Rake`` are checked against them.
* Lines that change nothing: tables entered and left, sitting out and back, deposits,
  re-buys, the draw for the button, tournament rankings and prizes (:data:`_NOTES`).
"""

from __future__ import annotations

import re

from splitpot.sites.base import Block, LineReader, SiteReader, cards
from splitpot.sites.builder import Game, HandBuilder, Kind
from splitpot.sites.patterns import LIMITS
from splitpot.sites.payout import keep_rake

NAME = "Bovada"
HEADER = re.compile(r"(?m)^(?:Bovada|Ignition|Bodog(?:\.eu|\.com| UK| Canada|88)?) Hand #C?(\d+)")

_GAME = re.compile(
    r"\b(HOLDEM|OMAHA HiLo|OMAHA_HL|OMAHA|7CARD HiLo|7CARD_HL|7CARD)(?:ZonePoker)?\b"
)
_PARTS = {
    "HOLDEM": "T",
    "OMAHA": "O",
    "OMAHA HiLo": "O/8",
    "OMAHA_HL": "O/8",
    "7CARD": "7S",
    "7CARD HiLo": "7S/8",
    "7CARD_HL": "7S/8",
}
_LIMIT = re.compile(r"\b(No Limit|Pot Limit|Fixed Limit)\b")
_TOURNAMENT = re.compile(r"Tournament #([A-Z]?-?\d+) TBL#(\d+)")
_TABLE = re.compile(r"(?:TBL|Zone Poker ID)#(\d+)")
_LEVEL = re.compile(r"- Level \d+ \(([\d,.]+)/([\d,.]+)\)")
_WHEN = re.compile(r"(\d{4})-(\d\d)-(\d\d) (\d\d?):(\d\d):(\d\d)(?: (UTC))?")
_STAKES = re.compile(r"^Table Info: .*?Stakes: \$?([\d,.]+)-\$?([\d,.]+)")
_SEAT = re.compile(r"^Seat (\d{1,9}): (.+?)(?: \[ME\])? \((\$?[\d,.]+) in chips\)\s*$")
_STUD_SEAT = re.compile(r"^(Seat\+(\d{1,9}))(?: \[ME\])?: (\$?[\d,.]+) in chips\s*$")
_STREET = re.compile(r"^\*\*\* ([A-Z0-9 ]+?) \*\*\*(?: \[([^]]*)\])?(?: \[([^]]*)\])?\s*$")
_TOTAL = re.compile(r"^Total Pot\(\$?([\d,.]+)\)(?: \| Rake \(\$?([\d,.]+)\))?\s*$")
_BOARD = re.compile(r"^Card (?:dealt )?to (?:the )?table \[([^]]*)\]\s*$")
_SUMMARY_BOARD = re.compile(r"^Board \[([^]]*)\]")
_DEALER = re.compile(r"^(?:.+ : )?Set dealer(?:/Bring in spot)?(?: \[(\d{1,9})\])?\s*$")
# Lines without a player (an empty seat's events).
_SEAT_NOTES = re.compile(
    r"^(?:Table enter user|Table leave user|Table deposit \$?[\d,.]+|Seat sit down|Seat stand"
    r"|Seat sit out|Seat re-join|Enter\(Auto\)|Leave\(Auto\)|Table Info: .*|Player Info: .*"
    r"|Seating Info: .*)\s*$"
)
# What a player's line may say that changes nothing.
_NOTES = re.compile(
    r"^(?:Table enter user|Table leave user|Table deposit \$?[\d,.]+|Seat sit down|Seat stand"
    r"|Seat sit out|Seat re-join|Sit out|Re-join|Stand|Sitout \(wait for bb\)|Leave\(Auto\)"
    r"|Enter\(Auto\)|Draw for dealer \[[^]]*\]|Ranking \d+|Prize Cash \[.*\]"
    r"|Prize Tournament Ticket \[.*\]|Rebuyin \$?[\d,.]+|Double rebuys \$?[\d,.]+"
    r"|Addon \$?[\d,.]+"
    r"|Does not show(?: \[[^]]*\])?(?: Show\d+ \[[^]]*\])?(?: \(.*\))?)\s*$"
)
_ACTION = re.compile(
    r"^(?P<verb>Set dealer(?:/Bring in spot)?|Ante chip|Ante/Small [Bb]lind|Small [Bb]lind"
    r"|Big [Bb]lind/Bring in|Big [Bb]lind|Posts chip|Posts dead chip|Bring_in chip"
    r"|All-in\(raise(?:-timeout)?\)|All-in|Raises|Bets(?: chip info)?|Double bets|Calls?"
    r"|Checks|Folds & [Ss]hows|Folds?|Card dealt to a spot|Showdown|Mucks"
    r"|Hand [Rr]esult(?:-Side [Pp]ot)?|Return uncalled portion of bet)(?=[ (]|$)"
    r"(?: ?\((?:timeout|Blind Disconnected|auth-disconnect)\))?"
    r"(?: \[(?P<cards>[^]]*)\]| (?P<a>\$?[\d,.]+)(?: to (?P<b>\$?[\d,.]+))?)?(?P<rest>.*)$"
)
# What may follow an action: "(Two pair)", the hand's name; "Show1 [Ah]", the cards shown.
_TRAILER = re.compile(r"(?: Show\d+ \[[^]]*\])?(?: *\([A-Za-z ]+\))?\s*$")


class BovadaHand(LineReader):
    NAME = NAME
    HEADER = HEADER
    ACTOR = " : "
    CLOSING = re.compile(r"^Total Pot\(")

    def __init__(self, block: Block) -> None:
        super().__init__(block)
        self.dealt = False  # "*** HOLE CARDS ***" (or stud's 3RD STREET) is read
        self.stage = 0  # 0 before the flop (stud: third street), 1 the flop...
        self.acted = False  # a player acted since the last cards were dealt (stud)
        self.previous = ""
        self.seats_read = _Seats(self.b)  # the seats and the button, as written
        self.stated_rake: int | None = None
        # Who posts an "Ante chip" (an all-in before the cards is the ante of a player who
        # posts none, in a hand with antes).
        ante_posters = {
            _without_me(line).split(" : ", 1)[0] for line in block.lines if " : Ante chip " in line
        }
        self.stakes = _Stakes(self.b, ante_posters)  # the forced bets, and the stakes they say
        self.late = _LateBoard(self.b, block.lines)  # the board a hand writes in its summary

    def tournament(self) -> bool:
        return "Tournament #" in self.header

    # ------------------------------------------------------------------ the header

    def read_header(self) -> None:
        header, b = self.header, self.b
        found = _GAME.search(header)
        if found is None:
            raise b.unsupported(f"a game splitpot does not read: {header[:80]!r}")
        part = _PARTS[found[1]]
        limit = _LIMIT.search(header)
        kind: Kind = "N" if limit is None else LIMITS[limit[1]]
        b.user["_site_game"] = f"{found[1]} {limit[1] if limit else 'No Limit (not stated)'}"
        tournament = _TOURNAMENT.search(header)
        if tournament is not None:
            b.fields["event"] = f"Tournament #{tournament[1]}"
            b.fields["table"] = tournament[2]
        else:
            table = _TABLE.search(header)
            if table is not None:
                b.fields["table"] = table[1]
            b.fields["currency"], b.fields["currency_symbol"] = "USD", "$"
        level = _LEVEL.search(header)
        if level is not None and level[2] not in ("0",):
            self.stakes.stated = (self.amount(level[1]), self.amount(level[2]))
        self.facts.game(part, kind, 0, 0)  # the stakes are the blinds posted: set at finish()
        when = _WHEN.search(header)
        self.facts.when(when, zone=when[7] if when else None)

    def set_up(self, line: str) -> bool:
        found = _SEAT.match(line)
        if found is not None:
            seat, name, stack = found.groups()
            self.seats_read.seen.append((self.b.number(seat), name, self.amount(stack)))
            return True
        found = _STUD_SEAT.match(line)
        if found is not None:
            name, seat, stack = found.groups()
            self.seats_read.seen.append((self.b.number(seat), name, self.amount(stack)))
            return True
        found = _STAKES.match(line)
        if found is not None:
            self.stakes.stated = (self.amount(found[1]), self.amount(found[2]))
            return True
        return False

    def seats(self) -> list[str]:
        if self.seating is None:
            self.seats_read.seat()
        return super().seats()

    # ------------------------------------------------------------------ the play

    def line(self, line: str) -> None:
        line = _without_me(line)
        if line == self.previous and line and not self.late.round_over():
            return  # Bovada's repeat of the line before (the module's docstring)
        self.previous = line
        if line.startswith("Seat+") and not self.summary and self.seating is None:
            if self.set_up(line):
                return
        super().line(line)

    def play_line(self, line: str) -> None:
        if _SEAT_NOTES.match(line):
            return
        found = _DEALER.match(line)
        if found is not None:  # of a seated player or of an empty seat
            if found[1] is not None:
                self.seats_read.button_at = self.b.number(found[1])
            return
        found = _BOARD.match(line)
        if found is not None:
            self.seated()
            self.board(cards(found[1]))
            return
        super().play_line(line)

    def street_line(self, line: str) -> None:
        found = self.street_match(_STREET, line)
        title, first, second = found.groups()
        if title == "SUMMARY":
            self.summary = True
        elif title in ("HOLE CARDS", "3RD STREET"):
            self.cards_dealt()
        elif title in ("FLOP", "TURN", "RIVER") and first is not None:
            self.board(cards(second if second is not None else first))
        elif re.fullmatch(r"[4-6]TH STREET|RIVER", title):
            self.next_street()
        else:
            raise self.fail(f"a street this reader does not know: {line!r}")

    def cards_dealt(self) -> None:
        """The blinds are posted: the stakes are known (stud's at the end, from its bets)."""
        self.dealt, self.acted = True, False
        self.stakes.post()

    def board(self, new: list[str | None]) -> None:
        want = 3 if self.stage == 0 else 1
        if len(new) != want:
            raise self.damaged(f"{len(new)} board cards dealt where {want} are due")
        self.b.board(new)
        self.stage += 1

    def next_street(self) -> None:
        self.b.street()
        self.stage += 1
        self.acted = False

    def action(self, name: str, rest: str) -> None:
        if _NOTES.match(rest):
            return
        found = _ACTION.match(rest)
        if found is None or not _TRAILER.match(found["rest"]):
            raise self.fail(f"an action this reader does not know: {name} : {rest!r}")
        verb = found["verb"]
        a = None if found["a"] is None else self.amount(found["a"])
        b_ = None if found["b"] is None else self.amount(found["b"])
        if verb == "Card dealt to a spot":
            self.deal(name, cards(found["cards"] or ""))
            return
        if verb.startswith(("Hand ", "Return ", "Showdown", "Mucks")):
            self.result(name, verb, a)
            return
        self.acted = True
        if not self.dealt:
            self.stakes.forced(name, verb, a)
            return
        self.play(name, verb, a, b_, found["cards"])

    def deal(self, name: str, dealt: list[str | None]) -> None:
        b = self.b
        game = b.game
        assert game is not None
        if game.stud and self.acted and self.dealt:
            self.next_street()
        b.hole(name, dealt)

    def play(self, name: str, verb: str, a: int | None, to: int | None, shown: str | None) -> None:
        late = self.late
        if not late.board:
            self.act(name, verb, a, to, shown)
            return
        if late.round_over():
            self.deal_late(1)
        high = _high(self.b)
        self.act(name, verb, a, to, shown)
        late.round_after(name, raised=_high(self.b) > high)

    def deal_late(self, streets: int) -> None:
        """The next ``streets`` streets of the board written in the summary."""
        for _ in range(streets):
            new = self.late.take(self.stage)
            if new is None:
                return
            self.board(new)

    def act(self, name: str, verb: str, a: int | None, to: int | None, shown: str | None) -> None:
        b = self.b
        if verb in ("Folds", "Fold"):
            b.fold(name)
        elif verb.startswith("Folds & "):
            b.fold(name)
            if shown:
                b.reveal(name, cards(shown))
        elif verb == "Checks":
            b.check(name)
        elif a is None:
            raise self.fail(f"{name}: {verb} of no amount")
        elif verb in ("Call", "Calls"):
            b.call(name, a)
        elif verb.startswith("Bets") or verb == "Double bets":
            b.bet(name, a)
            self.stakes.limit_bet(name, a, self.stage, double=verb == "Double bets")
        elif verb == "Raises" or verb.startswith("All-in("):
            total = a if to is None else to
            self.stakes.check_limit_raise(total, self.stage)
            completes = self.stage == 0 and _high(self.b) == self.b.bring_in_amount
            b.raise_to(name, total)
            if completes:  # stud's completion of the bring-in: a full (small) bet
                self.stakes.limit_bet(name, total, self.stage)
        elif verb == "All-in":
            b.put_in(name, a)
        elif verb in ("Big blind/Bring in", "Big Blind/Bring in", "Bring_in chip"):
            b.bring_in(name, a)
        else:
            raise self.fail(f"{name}: {verb!r} after the cards are dealt")

    def result(self, name: str, verb: str, amount: int | None) -> None:
        b = self.b
        if self.late.run_out():
            self.deal_late(3)  # the rest of the board, run out to the showdown
        if verb.startswith("Showdown"):
            p = b.player(name)
            b.show(name, list(p.hole))  # the five cards named are the best hand, not his
        elif verb == "Mucks":
            pass
        elif amount is None:
            raise self.fail(f"{name}: {verb} of no amount")
        elif verb.startswith("Return"):
            b.returned(name, amount)
        else:
            b.collect(name, amount)

    def summary_line(self, line: str) -> None:
        found = _TOTAL.match(line)
        if found is not None:
            self.b.total = self.amount(found[1])
            self.stated_rake = None if found[2] is None else self.amount(found[2])
            return
        if line.startswith(("Board [", "Seat+", "Seat ")):
            if re.match(r"^Seat \d+: .* in chips\)\s*$", line):
                raise self.damaged(f"another hand's seat runs on after the summary: {line[:60]!r}")
            return
        raise self.damaged(f"a line after the summary: {line[:60]!r}")

    # ------------------------------------------------------------------ the end

    def finish(self) -> None:
        if not self.summary:
            raise self.damaged("the hand stops before its summary")
        b = self.b
        if b.total is None:
            raise self.damaged("the hand stops at its summary: no pot is stated")
        _rake(b, self.stated_rake)
        self.seats_read.set_button()
        self.stakes.set_stakes()


class _Seats:
    """A Bovada hand's seats as written, and its button: Ignition's anonymous tables number
    their seats by anything but the seat (the module's docstring). A part the reader holds."""

    def __init__(self, b: HandBuilder) -> None:
        self.b = b
        self.seen: list[tuple[int, str, int]] = []  # (seat, name, stack) as written
        self.renumbered = False
        self.button_at: int | None = None  # the seat "Set dealer [N]" names

    def seat(self) -> None:
        """The seats as read; numbered in the order written when the site numbers them by
        player id (past the ten seats of a table)."""
        seats = self.seen
        numbers = [seat for seat, _, _ in seats]
        self.renumbered = numbers != sorted(set(numbers)) or numbers[-1:] > [10]
        for k, (seat, name, stack) in enumerate(seats, 1):
            self.b.seat(k if self.renumbered else seat, name, stack)
        # The table has at least the seats listed (a player sitting out on the button).
        self.b.seat_count = len(seats) if self.renumbered else max(numbers, default=None)

    def set_button(self) -> None:
        """The button: the seat "Set dealer [N]" names, if the seats are the table's own;
        else the seat of the player named "Dealer"; with none (Ignition names the player on
        the button UTG+4 when the Dealer's seat is empty), the seat before the small
        blind's."""
        players = self.b.players
        dealer, small = players.get("Dealer"), players.get("Small Blind")
        if not self.renumbered and self.button_at is not None:
            self.b.button = self.button_at
        elif dealer is not None:
            self.b.button = dealer.seat
        elif small is not None:
            seats = sorted(p.seat for p in players.values())
            self.b.button = seats[seats.index(small.seat) - 1]
        elif not self.renumbered:
            self.b.button = self.button_at
        if self.b.button is not None:
            self.b.seat_count = max(self.b.seat_count or 0, self.b.button)


class _LateBoard:
    """The board of a hand that writes it only in its summary (Bovada's 2012 Omaha), dealt
    as the play goes: a street's cards when its betting round is over. A part the reader
    holds: it owns the cards still to deal and who is still to act."""

    def __init__(self, b: HandBuilder, lines: list[str]) -> None:
        self.b = b
        self.board: list[str | None] = []
        self.to_act: set[str] | None = None  # the betting round's: who is to act
        board_lines = ("*** FLOP", "Card dealt to table", "Card to the table")
        if not any(line.startswith(board_lines) for line in lines):
            for line in lines:
                if line.startswith("Board ["):
                    found = _SUMMARY_BOARD.match(line)
                    self.board = [] if found is None else cards(found[1])

    def round_after(self, name: str, *, raised: bool) -> None:
        """Who is still to act this round, for a hand that writes its board only in the
        summary (Bovada's 2012 Omaha): the round is over, and the next street's cards were
        dealt, when every player who can still act has acted since the last bet or raise."""
        live = {
            p.name
            for p in self.b.players.values()
            if p.dealt and not p.folded and p.put_in < p.stack
        }
        if self.to_act is None or raised:
            self.to_act = set(live)
        self.to_act.discard(name)
        self.to_act &= live

    def round_over(self) -> bool:
        """A hand whose board is only in its summary has ended a betting round: its next
        line may repeat the last (the big blind checks preflop, then first on the flop)."""
        return bool(self.board) and self.to_act is not None and not self.to_act

    def run_out(self) -> bool:
        """Whether the rest of the board is dealt: at most one player can still act."""
        return bool(self.board) and self.to_act is not None and len(self.to_act) <= 1

    def take(self, stage: int) -> list[str | None] | None:
        """The next street's cards (``stage`` 0 the flop's), the round after it begun; None
        when none are left or the river is dealt."""
        if not self.board or stage > 2:
            return None
        want = 3 if stage == 0 else 1
        new, self.board = self.board[:want], self.board[want:]
        self.to_act = None
        return new


def _rake(b: HandBuilder, stated: int | None) -> None:
    """The hand's rake: the one the summary states, checked against its total pot and what
    it pays out; the newer format states none (its pot has the rake in it)."""
    if stated is None:
        keep_rake(b)
        return
    paid = sum(p.collected for p in b.players.values())
    if paid + stated != b.total:
        raise b.damaged(
            f"the site's total pot is {b.total}, but it pays out {paid} and rakes {stated}"
        )
    b.rake = stated


def _high(b: HandBuilder) -> int:
    """The most a player has in on this street."""
    return max((p.street_in for p in b.players.values()), default=0)


class _Stakes:
    """A Bovada hand's forced bets and the stakes they and its bets say (a cash game's
    header names none: the module's docstring): the antes and blinds posted before the
    cards, the dead chips split once the big blind is known, and a fixed-limit game's bets,
    the first full bet of each street. A part the reader holds: it owns what was posted."""

    def __init__(self, b: HandBuilder, ante_posters: set[str]) -> None:
        self.b = b
        self.ante_posters = ante_posters  # who posts an "Ante chip"
        self.stated: tuple[int, int] | None = None  # from the level or the Table Info line
        self.small_posted = False
        self.blinds: dict[str, int] = {}  # what was posted: "small", "big", "chip", "all-in"
        self.bets: dict[int, int] = {}  # fixed limit: the first full bet of each street
        self.dead_chips: list[tuple[str, int]] = []

    def post(self) -> None:
        """The cards are dealt: a game with blinds has its stakes (stud's come at the end,
        from its bets), and the dead chips are split into the big blind and dead money."""
        b, game = self.b, self.b.game
        assert game is not None
        if game.stud:
            return
        small_blind, big_blind = self.blind_stakes()
        if game.kind == "F":
            b.game = Game(game.part, "F", big_blind, 2 * big_blind)
        else:
            b.game = Game(game.part, game.kind, small_blind, big_blind)
        live = big_blind
        for name, amount in self.dead_chips:
            if amount <= live:
                raise b.fail(f"{name} posts a dead chip of {amount}, not more than {live}")
            b.blind(name, live, dead=amount - live)

    def blind_stakes(self) -> tuple[int, int]:
        """The small and big blind: the level's or the Table Info line's, else the blinds
        posted (a big blind all-in says the big blind if it is at least twice the small)."""
        if self.stated is not None:
            return self.stated
        small_blind = self.blinds.get("small", 0)
        big_blind = self.blinds.get("big") or self.blinds.get("chip") or 0
        if not big_blind:
            posted = self.blinds.get("all-in", 0)
            big_blind = posted if posted >= 2 * small_blind else 0
        if not big_blind:
            raise self.b.unsupported(
                "a cash hand whose big blind is not posted in full: its stakes are not written"
            )
        return small_blind, big_blind

    def forced(self, name: str, verb: str, amount: int | None) -> None:
        """The antes and blinds, before the cards."""
        b = self.b
        if amount is None:
            raise self.b.fail(f"{name}: {verb} of no amount")
        game = b.game
        assert game is not None
        if verb == "Ante chip":
            b.ante(name, amount)
        elif verb in ("Ante/Small Blind", "Ante/Small blind", "Small Blind", "Small blind"):
            self.small(name, amount)
        elif verb.startswith(("Big blind", "Big Blind")) and game.stud:
            b.bring_in(name, amount)
        elif verb.startswith(("Big blind", "Big Blind")):
            self.blinds.setdefault("big", amount)
            b.blind(name, amount)
        elif verb == "Posts chip":
            self.blinds.setdefault("chip", amount)
            b.blind(name, amount)  # a live big blind posted out of turn (§4.1)
        elif verb == "Posts dead chip":
            self.dead_chip(name, amount)
        elif verb == "All-in":
            self.all_in_blind(name, amount)
        else:
            raise self.b.fail(f"{name}: {verb!r} before the cards are dealt")

    def small(self, name: str, amount: int) -> None:
        if self.small_posted:
            self.b.blind(name, 0, dead=amount)  # a second small blind is dead money (§4.1)
            return
        self.small_posted = True
        self.blinds.setdefault("small", amount)
        self.b.blind(name, amount)

    def dead_chip(self, name: str, amount: int) -> None:
        """ "Posts dead chip": the big blind live and the small blind dead, posted together
        (§4.1); split when the cards are dealt, once the stakes are known."""
        self.b.player(name)
        self.dead_chips.append((name, amount))

    def all_in_blind(self, name: str, amount: int) -> None:
        """An all-in before the cards: in a hand with antes, the ante of a player who posts
        none (his whole stack: the big blind all-in for 120 of a 120 ante, whose small blind
        the site then gives back); else the blind of the player who owes it, short or not;
        another player's ante."""
        game = self.b.game
        assert game is not None
        if self.ante_posters and name not in self.ante_posters:
            self.b.ante(name, amount)
        elif name == "Big Blind":
            self.blinds.setdefault("all-in", amount)
            self.b.blind(name, amount)
        elif name == "Small Blind" or (name == "Dealer" and "Small Blind" not in self.b.players):
            self.small(name, amount)
        else:
            self.b.ante(name, amount)

    def check_limit_raise(self, total: int, stage: int) -> None:
        """Fixed limit: over an all-in bet short of a full bet, Bovada lets the next player
        raise from the completed bet (hand 2596795140: over an $8.50 all-in where the bet is
        $16, a raise to $32). splitpot's fixed limit raises a full bet over the all-in, or
        completes it (docs/rules/poker.md §3): refused, naming the rule."""
        game = self.b.game
        assert game is not None
        if game.kind != "F" or game.stud:
            return
        bet = game.small if stage < 2 else self.bets.get(2) or self.bets.get(3) or game.big
        high = _high(self.b)
        if high % bet and total == (high // bet + 2) * bet:
            raise self.b.unsupported(
                f"a raise to {total} over an all-in bet of {high} where the bet is {bet}: "
                "Bovada raises from the completed bet, splitpot's fixed limit a full bet over "
                "the all-in (docs/rules/poker.md §3)"
            )

    def limit_bet(self, name: str, size: int, stage: int, *, double: bool = False) -> None:
        """A fixed-limit game's bet size on this street: the first bet (not one that puts
        its player all-in for what he has; a raise's size may follow a short all-in);
        stud's fourth-street double bet (an open pair) is the big bet."""
        p = self.b.player(name)
        if size <= 0 or p.put_in == p.stack:
            return
        if double:
            self.bets.setdefault(2, size)
        else:
            self.bets.setdefault(stage, size)

    def set_stakes(self) -> None:
        """Fixed limit's big bet (the first full bet of the turn or river) and stud's bets
        (fourth street's first full bet, fifth's), read from the play."""
        b, game = self.b, self.b.game
        assert game is not None
        if game.kind != "F":
            return
        if game.stud:
            small = self.bets.get(0) or self.bets.get(1)
            big = next((self.bets[k] for k in (2, 3, 4) if k in self.bets), None)
            if small is None and big is not None:
                small = big // 2
            if small is None and b.bring_in_amount:
                small = 2 * b.bring_in_amount  # Bovada's stud: bring-in 5, bets 10 and 20
            if small is None:
                raise self.b.unsupported("a stud hand whose bets do not say its stakes")
            b.game = Game(game.part, "F", small, big or 2 * small)
        else:
            big = self.bets.get(2) or self.bets.get(3)
            if big is not None:
                b.game = Game(game.part, "F", game.small, big)


def _without_me(line: str) -> str:
    """The line with the site's own player's mark, "[ME]" before the colon after his name,
    and the spaces before it, taken out ("UTG+1  [ME] : Folds" is "UTG+1 : Folds")."""
    at = line.find("[ME]")
    if at < 0:
        return line
    after = line[at + len("[ME]") :]
    if not after.lstrip(" ").startswith(":"):
        return line
    return line[:at].rstrip(" ") + after


READER = SiteReader(NAME, HEADER, BovadaHand.parse, marker=" Hand #")
