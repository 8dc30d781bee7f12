"""PHH histories written back as PokerStars hand histories, so that the tools made for the
client's text (trackers, fpdb, PokerKit's parser) can load a hand splitpot played or read.

:func:`to_pokerstars` replays the history through splitpot's engine
(:func:`splitpot.phh.replay`) and writes the hand from the engine's events
(:mod:`splitpot.hand.records`) in the client's own line forms: the header with the game, the
stakes and the date, the table and seats, the posts, ``*** HOLE CARDS ***`` and ``Dealt to``,
each action (``raises X to Y``, ``and is all-in``), the streets, ``Uncalled bet (X)
returned to``, ``shows [...] (description)``, ``collected X from pot`` (``main pot``,
``side pot-1``), and the summary with ``Total pot X | Rake Y`` and the board.
:func:`dumps_pokerstars` writes many hands, three blank lines apart, as the client does.

>>> from splitpot import phh
>>> hh = phh.loads('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsAh", "d dh p2 7c2d", "p2 cbr 6", "p1 cbr 20", "p2 f"]
... players = ["Ann", "Bob"]
... hand = 7
... ''')
>>> print(to_pokerstars(hh), end="")
PokerStars Hand #7:  Hold'em No Limit (1/2) - 1970/01/01 0:00:00 UTC
Table 'splitpot' 2-max (Play Money) Seat #2 is the button
Seat 1: Ann (100 in chips)
Seat 2: Bob (100 in chips)
Bob: posts small blind 1
Ann: posts big blind 2
*** HOLE CARDS ***
Dealt to Ann [As Ah]
Dealt to Bob [7c 2d]
Bob: raises 4 to 6
Ann: raises 14 to 20
Bob: folds
Uncalled bet (14) returned to Ann
Ann collected 12 from pot
*** SUMMARY ***
Total pot 12 | Rake 0
Seat 1: Ann (big blind) collected (12)
Seat 2: Bob (button) (small blind) folded before Flop

What it writes, from which field:

* Money: a history read from a cash game (``_site_unit`` ``"0.01"`` and a
  ``currency_symbol`` or a ``currency`` with a known symbol) has its amounts written exactly,
  in the currency (:func:`splitpot.sites.money.shown_amount`:
  ``$0.25``); any other history in chips (``25``), in the client's play-money form (the
  table ``(Play Money)``) unless its ``event`` is a tournament.
* Names: ``players``, else ``Player1``, ``Player2``...; seats: ``seats`` and ``seat_count``,
  the button where splitpot's layout puts it. The hand's number: ``hand`` when it is a
  number, else one derived from the history's content (the same history always gets the same
  number). ``event`` ``"Tournament #N"`` gives a tournament's header. A history with no date
  gets 1970/01/01 0:00:00 UTC, as tools that read the client's text need one.
* Cards: only those the history knows. ``Dealt to`` lines go to every player whose cards it
  knows (the client writes its own player's only); the stand-ins that a replay deals for
  ``??`` are never written. Stud deals street by street as the client does
  (``Dealt to X [6c]``, then ``Dealt to X [6c] [8s]``).
* The result: the engine's awards, or, for a site's hand (``_site_rake``), the site's own
  collections (``winnings``) and rake, so that the text says what the site said; and its
  All-in Cash Outs (``_site_cash_out``, ``_site_cash_out_fee``, ``_site_pot_kept``: "NAME
  cashed out the hand for $A | Cash Out Fee $F", the pot share it kept "not awarded").

A hand PokerStars' text cannot carry raises :class:`~splitpot.phh.UnsupportedHistory`
naming it: Crazy Pineapple (discards), GG's cash-out risk paid by a winner (PokerStars has
no words for it), a timeout that leaves a player all-in for what he has
put in, a dead blind posted without a live big blind, a stud hand whose dealer is not the
last player (the client's stud text names no dealer), a hand that is not over. A history
that does not replay raises its :class:`~splitpot.phh.PHHError`.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Iterable

from splitpot.betting import FixedLimit, PotLimit
from splitpot.hand import (
    AntePosting,
    Betting,
    BlindPosting,
    BoardDealing,
    BringingIn,
    Calling,
    Checking,
    ChipsReturning,
    Folding,
    Hand,
    HandEnding,
    HoleDealing,
    Mucking,
    Operation,
    PotAwarding,
    RaisingTo,
    Showing,
    SittingOut,
    TimingOut,
    steps,
)
from splitpot.phh.errors import PHHError, UnsupportedHistory
from splitpot.phh.record import HandHistory
from splitpot.phh.replay import replay
from splitpot.phh.setup import seat_layout
from splitpot.sites.money import CENT, shown_amount

# splitpot's game code -> PokerStars' name of the game, before its structure ("Limit"...).
_GAMES = {
    "holdem": "Hold'em",
    "omaha": "Omaha",
    "omaha8": "Omaha Hi/Lo",
    "omaha5": "5 Card Omaha",
    "omaha5-8": "5 Card Omaha Hi/Lo",
    "omaha6": "6 Card Omaha",
    "omaha6-8": "6 Card Omaha Hi/Lo",
    "stud": "7 Card Stud",
    "stud8": "7 Card Stud Hi/Lo",
    "razz": "Razz",
}
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "INR": "₹", "CAD": "C$"}
_STUD_STREETS = {3: "3rd STREET", 4: "4th STREET", 5: "5th STREET", 6: "6th STREET", 7: "RIVER"}
_BOARD_STREETS = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}
_FOLDED_ON = {
    "HOLE CARDS": "before Flop",
    "FLOP": "on the Flop",
    "TURN": "on the Turn",
    "RIVER": "on the River",
    "3rd STREET": "on the 3rd Street",
    "4th STREET": "on the 4th Street",
    "5th STREET": "on the 5th Street",
    "6th STREET": "on the 6th Street",
}
_EPOCH = datetime.datetime(1970, 1, 1)


def to_pokerstars(history: HandHistory) -> str:
    """One hand as PokerStars writes it (lines end in ``\\n``).

    Args:
        history: a :class:`~splitpot.phh.HandHistory` of a game splitpot plays (but Crazy
            Pineapple), read from a file or made by ``HandHistory.from_hand``.

    Returns:
        The text; :func:`~splitpot.sites.read_text` reads it back to the same actions.
        Raises :class:`~splitpot.phh.UnsupportedHistory` for a history it cannot write
        (Crazy Pineapple, a hand that is not over), a :class:`~splitpot.phh.PHHError` for
        one that does not replay.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import HandHistory
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.raise_to(6), hand.fold()
    >>> print(to_pokerstars(HandHistory.from_hand(hand)).splitlines()[9])
    Player2: raises 4 to 6
    """
    return _Writer(history).run()


def dumps_pokerstars(histories: Iterable[HandHistory]) -> str:
    """Many hands, three blank lines apart, as the client writes them to a file.

    ``histories`` are written in order by :func:`to_pokerstars`, which raises what it
    raises. Returns the text.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import HandHistory
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.raise_to(6), hand.fold()
    >>> text = dumps_pokerstars([HandHistory.from_hand(hand)] * 2)
    >>> text.count("PokerStars Hand #"), "\\n\\n\\n\\nPokerStars Hand #" in text
    (2, True)
    """
    return HAND_SEPARATOR.join(to_pokerstars(h) for h in histories)


HAND_SEPARATOR = "\n\n\n"
"""What goes between two hands of a file: three blank lines, as the client writes them."""


def _tokens(text: str) -> list[str | None]:
    """A PHH card string's cards, ``None`` for ``??``."""
    out: list[str | None] = []
    for i in range(0, len(text), 2):
        card = text[i : i + 2]
        out.append(None if "?" in card else card)
    return out


class _Writer:
    """Walks the replayed hand's events once with the table after each, writing a line or
    two for each."""

    def __init__(self, hh: HandHistory) -> None:
        self.hh = hh
        self.hand: Hand = replay(hh)
        if not self.hand.is_over:
            raise UnsupportedHistory(
                "a hand that is not over has no PokerStars text", source=hh.source
            )
        if self.hand.runs > 1:  # "*** FIRST RIVER ***", each run's showdown: not written yet
            raise self.fail(f"the board is run {self.hand.runs} times (not written yet)")
        start = self.hand.events[0]
        self.game = start.game  # type: ignore[attr-defined]
        self.stud = self.game.forced_bets == "bring_in"
        seat_of, self.seat_count, self.button = seat_layout(hh)
        self.player_at = {seat: k for k, seat in enumerate(seat_of)}
        if self.stud and self.button != max(seat_of):
            # The client's stud text names no dealer: readers take the last seat's.
            raise self.fail(f"a stud dealer in seat {self.button + 1}, not the last player's")
        self.names = self._names()
        self.symbol = self._symbol()
        self.dealt, self.revealed, self.boards = self._history_cards()
        self.lines: list[str] = []
        self.street = ""
        # The engine's table before and after the record being written (splitpot.hand.steps):
        # the chips are read there, never worked out here (docs/rules/poker.md §3, §6).
        self.tables = steps(self.hand.events)
        _, self.after = next(self.tables)
        self.before = self.after
        self.seen: dict[int, list[str | None]] = {s: [] for s in self.player_at}
        self.folded: dict[int, str] = {}
        self.shown: dict[int, Showing] = {}
        self.mucked: set[int] = set()
        self.blind_of: dict[int, str] = {}
        self.blind_at: dict[int, int] = {}  # the line of each seat's live blind
        self.board: list[str] = []
        self.collected: dict[int, int] = {}
        self.paid = False  # the collections are written
        self.cash_out = self._cash_outs()

    # ------------------------------------------------------------------ set-up

    def _cash_outs(self) -> dict[str, dict[int, int]]:
        """The site's cash-outs by seat (docs/sites.md "Cash-outs"): what it paid
        (``paid``), its fee (``fee``), the pot share it kept (``kept``)."""
        out: dict[str, dict[int, int]] = {}
        for key, name in (
            ("_site_cash_out", "paid"),
            ("_site_cash_out_fee", "fee"),
            ("_site_pot_kept", "kept"),
        ):
            column = self.hh.user_fields.get(key)
            if isinstance(column, list) and len(column) == len(self.player_at):
                out[name] = {s: column[k] for s, k in self.player_at.items() if column[k]}
        if any(s not in out.get("paid", {}) for s in out.get("fee", {})):
            raise self.fail("a cash-out risk paid by a winner (GG's EV Cashout)")
        return out

    def fail(self, reason: str) -> UnsupportedHistory:
        return UnsupportedHistory(
            f"no PokerStars text for this hand: {reason}", source=self.hh.source
        )

    def _names(self) -> dict[int, str]:
        hh = self.hh
        names = hh.players or [f"Player{k + 1}" for k in range(len(hh.starting_stacks))]
        if len(set(names)) != len(names):
            raise PHHError(f"players {names} are not distinct names", source=hh.source)
        for name in names:
            if not name or name != name.strip() or _broken(name):
                raise PHHError(f"{name!r} is not a name PokerStars writes", source=hh.source)
        if hh.table is not None and _broken(str(hh.table)):
            raise PHHError(f"{hh.table!r} is not a table PokerStars writes", source=hh.source)
        # Every other text written into the hand: a line break would start a line a reader
        # takes for the text's own (a second hand smuggled in through `event`: review H5).
        for field in ("event", "currency", "currency_symbol", "time_zone_abbreviation"):
            value = getattr(hh, field)
            if value is not None and _broken(str(value)):
                raise self.fail(f"{field} {str(value)[:40]!r} holds a line break")
        return {s: names[k] for s, k in self.player_at.items()}

    def _symbol(self) -> str | None:
        """The currency symbol of a cash game's amounts; None writes chips."""
        hh = self.hh
        if hh.user_fields.get("_site_unit") != str(CENT):
            return None
        return hh.currency_symbol or _SYMBOLS.get(hh.currency or "")

    def _history_cards(self) -> tuple[dict[int, list[list[str | None]]], dict[int, set[str]], int]:
        """Each seat's hole cards as the history deals them (stud: one entry a street), the
        cards its shows (``sm CARDS``) reveal, and the number of board streets it deals."""
        dealt: dict[int, list[list[str | None]]] = {s: [] for s in self.player_at}
        revealed: dict[int, set[str]] = {s: set() for s in self.player_at}
        seat_of = {k: s for s, k in self.player_at.items()}
        boards = 0
        for action in self.hh.actions:
            words = action.split("#", 1)[0].split()
            if words[:2] == ["d", "dh"] and len(words) > 3:
                dealt[seat_of[int(words[2][1:]) - 1]].append(_tokens(words[3]))
            elif words[:2] == ["d", "db"]:
                boards += 1
            elif words[1:2] == ["sm"] and len(words) > 2 and words[0][1:].isdigit():
                seat = seat_of[int(words[0][1:]) - 1]
                revealed[seat].update(c for c in _tokens(words[2]) if c is not None)
        return dealt, revealed, boards

    def money(self, amount: int) -> str:
        if self.symbol is None:
            return str(amount)
        return shown_amount(amount, CENT, self.symbol)

    def say(self, seat: int, text: str) -> None:
        self.lines.append(f"{self.names[seat]}: {text}")

    # ------------------------------------------------------------------ the hand

    def run(self) -> str:
        self.header()
        for event, table in self.tables:
            self.before, self.after = self.after, table
            self.event(event)
        self.summary()
        return "\n".join(self.lines) + "\n"

    def game_name(self) -> str:
        name = _GAMES.get(self.game.code)
        if name is None:
            raise self.fail(f"PokerStars has no {self.game.name}")
        structure = self.hand.structure
        if isinstance(structure, FixedLimit):
            return f"{name} Limit"
        return f"{name} {'Pot Limit' if isinstance(structure, PotLimit) else 'No Limit'}"

    def stakes(self) -> str:
        hh, structure = self.hh, self.hand.structure
        if isinstance(structure, FixedLimit):
            small, big = hh.small_bet, hh.big_bet
        else:
            small, big = structure.small_blind, hh.min_bet
        if not isinstance(small, int) or not isinstance(big, int):
            raise self.fail(f"stakes {small}/{big} are not whole chips")
        cap = self.hand.events[0].cap  # type: ignore[attr-defined]
        # Capped no limit (docs/rules/poker.md §3), as the client wrote it: "$1/$2 - $40 Cap - "
        return f"{self.money(small)}/{self.money(big)}" + (
            "" if cap is None else f" - {self.money(cap)} Cap - "
        )

    def header(self) -> None:
        hh = self.hh
        number = str(hh.hand) if hh.hand is not None else ""
        if not (number.isascii() and number.isdigit()):
            digest = hashlib.sha256(repr((hh.variant, hh.starting_stacks, hh.actions)).encode())
            number = str(int(digest.hexdigest()[:12], 16))
        game, stakes = self.game_name(), self.stakes()
        table = f"Table '{hh.table if hh.table is not None else 'splitpot'}' {self.seat_count}-max"
        if self.symbol is None and hh.event is not None and hh.event.startswith("Tournament #"):
            level = _roman(hh.level) if hh.level and hh.level > 0 else "I"
            title = f"{hh.event}, {game} - Level {level} ({stakes})"
        elif self.symbol is not None:
            title = f" {game} ({stakes}{f' {hh.currency}' if hh.currency else ''})"
        else:  # chips at a cash table: the client's play money
            title = f" {game} ({stakes})"
            table += " (Play Money)"
        self.lines.append(f"PokerStars Hand #{number}: {title} - {self.date()}")
        self.lines.append(table if self.stud else f"{table} Seat #{self.button + 1} is the button")
        for seat in sorted(self.player_at):
            chips = self.money(self.after.stacks[seat])
            self.lines.append(f"Seat {seat + 1}: {self.names[seat]} ({chips} in chips)")

    def date(self) -> str:
        hh = self.hh
        if hh.year is None or hh.month is None or hh.day is None:
            when, zone = _EPOCH, "UTC"
        else:
            t = hh.time or datetime.time()
            try:
                when = datetime.datetime(hh.year, hh.month, hh.day, t.hour, t.minute, t.second)
            except ValueError:
                raise PHHError(
                    f"not a date: {hh.year}/{hh.month}/{hh.day}", source=hh.source
                ) from None
            zone = hh.time_zone_abbreviation or "UTC"
        return f"{when:%Y/%m/%d} {when.hour}:{when:%M:%S} {zone}"

    def event(self, e: Operation) -> None:
        match e:
            case AntePosting(seat=seat, amount=amount):
                self.say(seat, f"posts the ante {self.money(amount)}{self.all_in(seat)}")
            case BlindPosting():
                self.blind(e)
            case HoleDealing():
                self.hole(e)
            case BringingIn(seat=seat, amount=amount):
                self.say(seat, f"brings in for {self.money(amount)}{self.all_in(seat)}")
            case BoardDealing():
                self.board_line(e)
            case Folding(seat=seat) | SittingOut(seat=seat):
                self.fold(seat)
            case Checking(seat=seat):
                self.say(seat, "checks")
            case Calling(seat=seat, amount=amount):
                self.say(seat, f"calls {self.money(amount)}{self.all_in(seat)}")
            case Betting() | RaisingTo():
                self.raise_line(e)
            case TimingOut():
                self.timeout(e)
            case Showing() | Mucking():
                self.showdown(e)
            case ChipsReturning(seat=seat, amount=amount):
                self.lines.append(
                    f"Uncalled bet ({self.money(amount)}) returned to {self.names[seat]}"
                )
            case PotAwarding():
                self.collect()
            case HandEnding():
                pass
            case _:
                raise self.fail(f"{e} has no PokerStars line")

    def all_in(self, seat: int) -> str:
        if seat not in self.after.all_in:
            return ""
        if self.after.stacks[seat] == 0:
            return " and is all-in"
        # All-in at the cap, chips set aside (docs/rules/poker.md §3), as the client says it.
        return f" and has reached the {self.money(self.hand.events[0].cap)} cap"  # type: ignore[attr-defined]

    def blind(self, e: BlindPosting) -> None:
        """A live blind; a dead one goes with the same seat's live big blind, as the client's
        "posts small & big blinds" (docs/rules/poker.md §4.1)."""
        seat = e.seat
        if not e.dead:
            big = e.amount >= self.hand.structure.big_blind
            self.blind_of[seat] = "big blind" if big else "small blind"
            self.blind_at[seat] = len(self.lines)
            self.say(seat, f"posts {self.blind_of[seat]} {self.money(e.amount)}{self.all_in(seat)}")
            return
        if self.blind_of.get(seat) != "big blind":
            raise self.fail("a dead blind posted without a live big blind")
        both = self.money(self.after.bets[seat] + e.amount)  # the live blind and the dead
        self.lines[self.blind_at[seat]] = (
            f"{self.names[seat]}: posts small & big blinds {both}{self.all_in(seat)}"
        )

    def hole(self, e: HoleDealing) -> None:
        """``Dealt to`` the cards of this deal that the history knows."""
        seat = e.seat
        known = self.dealt[seat].pop(0) if self.dealt[seat] else []
        before = self.seen[seat]
        self.seen[seat] = before + known
        if not self.stud:
            self.street_line("HOLE CARDS")
            if known and None not in known:
                self.dealt_to(seat, known)
            return
        count = len(self.seen[seat])
        self.street_line(_STUD_STREETS.get(count, "RIVER"))
        if count == 3:
            if None not in known:
                self.dealt_to(seat, known)
            elif known and known[-1] is not None:
                self.dealt_to(seat, known[-1:])
        elif known and None not in known and not (count == 7 and self.shows(seat)):
            # The client writes no one's last (down) card but its own player's: a hand
            # shown at the end shows it.
            shown = before if None not in before else before[2:6]
            self.dealt_to(seat, shown, known)

    def shows(self, seat: int) -> bool:
        return any(isinstance(e, Showing) and e.seat == seat for e in self.hand.events)

    def dealt_to(
        self, seat: int, cards: list[str | None], new: list[str | None] | None = None
    ) -> None:
        text = f"Dealt to {self.names[seat]} [{' '.join(map(str, cards))}]"
        if new is not None:
            text += f" [{' '.join(map(str, new))}]"
        self.lines.append(text)

    def street_line(self, title: str, cards: str = "") -> None:
        """``*** TITLE ***`` once, when a street starts."""
        if title == self.street:
            return
        self.street = title
        self.lines.append(f"*** {title} ***{cards}")

    def board_line(self, e: BoardDealing) -> None:
        if self.boards == 0:  # dealt by the replay past the history's end: not written
            return
        self.boards -= 1
        new = [str(c) for c in e.cards]
        cards = f" [{' '.join(self.board)}]" if self.board else ""
        self.board += new
        # Stud's last card is one card for all when too few are left (eight players, §4.2).
        title = "RIVER" if self.stud else _BOARD_STREETS[e.street]
        self.street_line(title, f"{cards} [{' '.join(new)}]")

    def fold(self, seat: int) -> None:
        self.folded[seat] = self.street
        self.say(seat, "folds")

    def raise_line(self, e: Betting | RaisingTo) -> None:
        seat, total = e.seat, e.amount
        more, top = total - self.before.bets[seat], max(self.before.bets)  # the round's
        structure = self.hand.structure
        third = self.stud and self.street == "3rd STREET"
        if third and isinstance(structure, FixedLimit) and top < structure.small_bet:
            text = f"completes it to {self.money(total)}"
        elif isinstance(e, Betting) or top == 0:
            text = f"bets {self.money(more)}"
        else:
            text = f"raises {self.money(total - top)} to {self.money(total)}"
        self.say(seat, text + self.all_in(seat))

    def timeout(self, e: TimingOut) -> None:
        """A timeout is the fold or check it amounted to (docs/rules/poker.md §7); at the
        showdown its show follows."""
        outcome = str(e.outcome)
        if outcome not in ("fold", "check", "show"):
            raise self.fail(f"a timeout that ends {outcome!r} has no PokerStars line")
        self.lines.append(f"{self.names[e.seat]} has timed out")
        if outcome == "fold":
            self.fold(e.seat)
        elif outcome == "check":
            self.say(e.seat, "checks")

    def showdown(self, e: Showing | Mucking) -> None:
        self.street_line("SHOW DOWN")
        if isinstance(e, Mucking):
            self.mucked.add(e.seat)
            self.say(e.seat, "mucks hand")
            return
        self.shown[e.seat] = e
        cards, whole = self.showing(e)
        self.say(e.seat, f"shows [{' '.join(cards)}]" + (f" ({e.description})" if whole else ""))

    def known(self, seat: int) -> list[str]:
        """The seat's cards that the history deals known, in the order they were dealt."""
        return [c for c in self.seen[seat] if c is not None]

    def showing(self, e: Showing) -> tuple[list[str], bool]:
        """The cards shown that the history knows (not the replay's stand-ins for ``??``),
        and whether that is all of them."""
        known = set(self.known(e.seat)) | self.revealed[e.seat]
        cards = [str(c) for c in e.cards]
        return [c for c in cards if c in known], all(c in known for c in cards)

    def collect(self) -> None:
        """Who collected what from which pot: the engine's awards, or a site's hand's own
        collections (``winnings``), which are the pots less the site's rake."""
        if self.paid:
            return
        self.paid = True
        awards = self.hand.result.awards
        pots = len(self.hand.result.pots)
        by_seat: dict[int, list[tuple[int, int]]] = {}
        for a in awards:
            by_seat.setdefault(a.seat, []).append((a.pot, a.amount))
        site = self.site_winnings()
        if site is not None:
            by_seat = {s: _adjusted(by_seat.get(s, []), w) for s, w in site.items() if w}
        kept = self.cash_out.get("kept", {})
        for seat, paid in sorted(by_seat.items(), key=lambda item: min(p for p, _ in item[1])):
            for pot, amount in paid:
                self.collected[seat] = self.collected.get(seat, 0) + amount
                if seat in kept:  # the site kept it: no "collected" line, only the summary's
                    continue
                self.lines.append(
                    f"{self.names[seat]} collected {self.money(amount)} from {_pot_name(pot, pots)}"
                )
        fees = self.cash_out.get("fee", {})
        for seat, amount in sorted(self.cash_out.get("paid", {}).items()):
            fee = f" | Cash Out Fee {self.money(fees[seat])}" if seat in fees else ""
            self.lines.append(
                f"{self.names[seat]} cashed out the hand for {self.money(amount)}{fee}"
            )

    def site_winnings(self) -> dict[int, int] | None:
        hh = self.hh
        if type(hh.user_fields.get("_site_rake")) is not int or hh.winnings is None:
            return None
        won = {s: hh.winnings[k] for s, k in self.player_at.items()}
        if any(not isinstance(w, int) for w in won.values()):
            raise self.fail("winnings are not whole chips")
        return won  # type: ignore[return-value]

    def rake(self) -> int:
        rake = self.hh.user_fields.get("_site_rake")
        if type(rake) is int and self.hh.winnings is not None:
            return rake
        return self.hand.result.rake

    # ------------------------------------------------------------------ the summary

    def summary(self) -> None:
        self.collect()
        for seat in sorted(self.player_at):
            # Cards known in part (one shown of a hand won without a showdown)
            partial = None in self.seen[seat] and not self.stud
            if partial and self.known(seat) and seat not in self.shown and seat not in self.mucked:
                self.say(seat, f"shows [{' '.join(self.known(seat))}]")
        self.lines.append("*** SUMMARY ***")
        pots = self.hand.result.pots
        total = sum(self.after.contributions)
        split = ""
        if len(pots) > 1:
            split = "".join(
                f" {_pot_name(k, len(pots)).capitalize()} {self.money(p.amount)}."
                for k, p in enumerate(pots)
            )
        self.lines.append(f"Total pot {self.money(total)}{split} | Rake {self.money(self.rake())}")
        if self.board:
            self.lines.append(f"Board [{' '.join(self.board)}]")
        for seat in sorted(self.player_at):
            self.lines.append(
                f"Seat {seat + 1}: {self.names[seat]}{self.tags(seat)} {self.outcome(seat)}"
            )

    def tags(self, seat: int) -> str:
        tags = ""
        if not self.stud and seat == self.button:
            tags += " (button)"
        if seat in self.blind_of:
            tags += f" ({self.blind_of[seat]})"
        return tags

    def outcome(self, seat: int) -> str:
        won = self.collected.get(seat, 0)
        if seat in self.shown:
            e = self.shown[seat]
            shown, whole = self.showing(e)
            how = f" and won ({self.money(won)})" if won else " and lost"
            out = f"showed [{' '.join(shown)}]{how}" + (f" with {e.description}" if whole else "")
            if seat in self.cash_out.get("kept", {}):
                return out + " (pot not awarded as player cashed out)"
            return out + (" (cashed out)." if seat in self.cash_out.get("paid", {}) else "")
        if seat in self.folded:
            street = _FOLDED_ON.get(self.folded[seat], "before Flop")
            quiet = " (didn't bet)" if self.after.contributions[seat] == 0 else ""
            return f"folded {street}{quiet}"
        if seat in self.mucked:
            return f"mucked [{' '.join(self.known(seat))}]" if self.known(seat) else "mucked"
        return f"collected ({self.money(won)})" if won else "lost"


def _broken(text: str) -> bool:
    """A line break in a name would start a line the readers take for another."""
    return any(c in text for c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def _adjusted(paid: list[tuple[int, int]], won: int) -> list[tuple[int, int]]:
    """The engine's payments to a seat, changed to add up to what the site paid him: the
    rake comes out of the first pot he won (a site's odd chip may go to another seat)."""
    diff = won - sum(a for _, a in paid)
    if paid and paid[0][1] + diff > 0:
        return [(paid[0][0], paid[0][1] + diff), *paid[1:]]
    return [(0, won)]


def _pot_name(pot: int, pots: int) -> str:
    if pots == 1:
        return "pot"
    if pot == 0:
        return "main pot"
    return "side pot" if pots == 2 else f"side pot-{pot}"


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                           (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                           (4, "IV"), (1, "I")):  # fmt: skip
        while n >= value:
            out += letters
            n -= value
    return out
