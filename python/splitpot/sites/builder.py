"""A site's hand, told event by event, made into a PHH :class:`~splitpot.phh.HandHistory`.

Every reader (PokerStars, Full Tilt, GGPoker, Winamax, partypoker, iPoker) parses its own
text into calls on one :class:`HandBuilder`, in the order the site wrote them, with amounts
already in integer units (:mod:`splitpot.sites.money`). The builder owns what is common: the
seats in PHH order (clockwise from the button's left; stud in seat order), forced bets, the
translation of "calls 2", "bets 5", "raises 2 to 4" into PHH's ``cc`` and ``cbr TOTAL``, the
showdown, and the site's own result: each player's collections (PHH ``winnings``), the
finishing stacks they imply, and the rake (``_site_rake``), which
:func:`splitpot.phh.compare` reconciles with the replay.

The builder checks only what it must to write a well-formed history (a name that is not
seated, an amount that goes below zero); the rules of the game are the engine's, checked when
the history is replayed. Nothing is repaired: a hand splitpot does not play is reported by
:meth:`HandBuilder.unsupported`, with the reason.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Literal

from splitpot import games
from splitpot._core import SplitpotError
from splitpot.cards import card_codes
from splitpot.hand.setup import blind_seats, seats_from_button
from splitpot.hand.stud import bring_in_seat
from splitpot.limits import PHH_MAX_SEATS
from splitpot.phh.errors import PHHError
from splitpot.phh.record import HandHistory
from splitpot.phh.variants import game_of_part
from splitpot.phh.write import CAP, RUNOUT_COUNT
from splitpot.pots import run_parts
from splitpot.sites.errors import DamagedHand, SiteError, UnsupportedHand

_LABELS = tuple(f"p{k}" for k in range(1, PHH_MAX_SEATS + 1))
"""The players' PHH labels, in PHH order."""
_NUMBERS = {str(k): k for k in range(100)}
"""The numbers a seat line writes, read at once (:meth:`HandBuilder.number`)."""

Kind = Literal["F", "P", "N"]
"""The betting structure's letter, as in PHH variant codes: fixed, pot or no limit."""


@dataclass(slots=True, eq=False)  # a player is himself: compared by identity
class _Player:
    seat: int  # the site's seat number, 1-based
    name: str
    stack: int
    dealt: bool = False
    put_in: int = 0  # every chip he put in the pot: antes, blinds, bets
    street_in: int = 0  # live chips on this street (what a call or raise counts from)
    ante: int = 0
    blind: int = 0
    dead: int = 0
    returned: int = 0
    collected: int = 0
    hole: list[str | None] = field(default_factory=list)
    folded: bool = False
    shown: bool = False
    label: str = ""  # "p3": his place in the PHH order, once the history is built
    # A cash-out (docs/sites.md "Cash-outs"): money between him and the site, not the pot's.
    cash_out: int = 0  # what the site paid him
    cash_out_fee: int = 0  # what he paid the site: PokerStars' fee, GG's cash-out risk
    pot_kept: int = 0  # his pot share the site kept, having paid him the cash-out instead


@dataclass(frozen=True)
class Game:
    """What the header says: the PHH game part (``T``, ``O``, ``O5``, ``O/8``, ``7S``,
    ``7S/8``, ``R``...), the structure letter, and the stakes in units. The rest is the
    game catalogue's (:func:`splitpot.phh.variants.game_of_part`): the hole cards, and
    whether it is stud (a bring-in, no button)."""

    part: str
    kind: Kind
    small: int  # small blind, or a fixed-limit game's small bet
    big: int  # big blind, or a fixed-limit game's big bet
    rules: games.Game = field(init=False, repr=False, compare=False)
    hole_cards: int = field(init=False, repr=False, compare=False)
    stud: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rules = game_of_part(self.part)  # the catalogue's, looked up once a hand
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "hole_cards", rules.hole_cards)
        object.__setattr__(self, "stud", is_stud(self.part))


def is_stud(part: str) -> bool:
    """Whether the game of PHH game part ``part`` is stud: a bring-in, no button."""
    return game_of_part(part).forced_bets == "bring_in"


class HandBuilder:
    """Collects one hand as the site wrote it; :meth:`build` gives the history.

    ``at`` is the 1-based line the reader is on, named by every error.
    """

    def __init__(self, site: str, source: str | None, unit: Decimal) -> None:
        self.site = site
        self.source = source
        self.unit = unit
        self.at: int | None = None
        self.hand_id: str | None = None
        self.game: Game | None = None
        self.players: dict[str, _Player] = {}
        self.seat_lines = 0
        self.button: int | None = None
        self.seat_count: int | None = None
        self.fields: dict[str, Any] = {}
        self.user: dict[str, Any] = {"_site": site, "_site_unit": str(unit)}
        self.bring_in_amount: int | None = None
        # PHH actions in the site's order: the player (None: a board's deal, its text
        # whole), the text after his label, and the slice of his hole cards a stud deal
        # writes (its text then before the label); labelled ("p3") once the players dealt
        # in are known, at build().
        self.actions: list[tuple[_Player | None, str, slice | None]] = []
        self.rake = 0
        self.total: int | None = None  # the pot as the site states it, rake included
        self.betting = False  # a player has acted: no forced bet comes after
        self.tournament = False  # a tournament's hand: chips, and no rake
        self.blind_posters: dict[bool, _Player] = {}  # the small (False) and big (True) blind
        # The site's table rules that splitpot offers as structure options (fixed limit's
        # "half_bet_rule"): written into _splitpot_structure.
        self.rules: dict[str, Any] = {}
        # A board run more than once (docs/rules/poker.md §6): each run's streets, and what
        # the site paid from each pot on each run ({(pot, run): chips}; run 0: the whole
        # pot, not cut by runs); ``stated_runs`` the runs the site says it dealt.
        self.run_boards: dict[int, list[str]] = {}
        self.run_paid: dict[tuple[str, int], int] = {}
        self.stated_runs: int | None = None
        # Capped no limit or pot limit: the most each player may put in the hand (§3).
        self.cap: int | None = None
        self.cashed_out = False  # a cash-out was stated: its columns are written (build)

    # ------------------------------------------------------------------ errors

    def fail(self, reason: str) -> SiteError:
        return SiteError(reason, **self._where())

    def damaged(self, reason: str) -> DamagedHand:
        """The error to raise for a hand whose text is damaged (cut off, lines lost, the
        site contradicting itself)."""
        return DamagedHand(reason, **self._where())

    def unsupported(self, reason: str, game: str = "") -> UnsupportedHand:
        """The error to raise for a hand splitpot does not play, with ``reason``; ``game``
        the site's name of a game splitpot does not play."""
        where = self._where()
        where["game"] = game or where["game"]
        return UnsupportedHand(reason, **where)

    def _where(self) -> dict[str, Any]:
        """Where an error is, and its game: the PHH code once the header is read (``NT``),
        else the site's name of a game splitpot does not play."""
        game = self.user.get("_site_game", "")
        if self.game is not None:
            game = self.game.kind + self.game.part
        at = {"source": self.source, "hand_id": self.hand_id, "line": self.at}
        return {**at, "site": self.site, "game": game}

    def number(self, text: str, what: str = "seat") -> int:
        """A seat, table size or level as the site writes it: at most 9 ASCII digits (no
        table has more seats, and ``int()`` of thousands of digits is refused or slow)."""
        value = _NUMBERS.get(text)  # a seat number, most often: no call
        if value is not None:
            return value
        if not (text.isascii() and text.isdigit() and len(text) <= 9):
            raise self.fail(f"{what} {text[:20]!r} is not a number of at most 9 digits")
        return int(text)

    def player(self, name: str) -> _Player:
        """The player seated as ``name``, who is dealt in: he posts, acts or has cards."""
        p = self.players.get(name)
        if p is None:
            raise self.fail(f"{name!r} is not seated at this table")
        p.dealt = True
        return p

    def act(self, p: _Player, tail: str) -> None:
        """A PHH action of player ``p``: his label, then ``tail`` (``" f"``, ``" cbr 6"``)."""
        if self.run_boards:
            raise self.unsupported(
                "a bet after a board dealt more than once (two boards played, not a board "
                "run twice) is not played"
            )
        self.actions.append((p, tail, None))
        self.betting = True

    def deal(self, board: str) -> None:
        """A board's dealing action (``"d db 7h8h9h"``)."""
        self.actions.append((None, board, None))

    # ------------------------------------------------------------------ the set-up

    def seat(self, seat: int, name: str, stack: int) -> None:
        """A seat line: ``name`` in ``seat`` with ``stack``. More seats than a table has
        (:data:`~splitpot.limits.PHH_MAX_SEATS`) are refused at once, so that a hand of a
        thousand seat lines costs no more than one of ten (review H3)."""
        self.seat_lines += 1
        if seat > PHH_MAX_SEATS or self.seat_lines > PHH_MAX_SEATS:
            raise self.fail(f"seat {seat}: more seats than a table has ({PHH_MAX_SEATS})")
        if name in self.players:
            raise self.fail(f"{name!r} is seated twice")
        if stack <= 0:
            return  # a seat with no chips plays no hand
        self.players[name] = _Player(seat, name, stack)

    def forced(self, name: str) -> _Player:
        """The player ``name``, who posts a forced bet: before anyone has acted, or the
        site's lines contradict themselves."""
        if self.betting:
            raise self.damaged(f"the site contradicts itself: {name} posts after the betting began")
        return self.player(name)

    def ante(self, name: str, amount: int) -> None:
        p = self.forced(name)
        self._put(p, amount)
        p.ante += amount

    def blind(self, name: str, amount: int, *, dead: int = 0, big: bool | None = None) -> None:
        """A live blind of ``amount`` and a ``dead`` part (the small blind of "posts small &
        big blinds": dead money, docs/rules/poker.md §4.1); ``big`` says it is the big blind
        (True) or the small one (False), where the site says which."""
        p = self.forced(name)
        if big is not None:
            self.blind_posters[big] = self.blind_posters.get(big) or p
        self._put(p, amount + dead)
        p.blind += amount
        p.street_in += amount
        p.dead += dead

    def post_both(self, name: str, total: int) -> None:
        """ "Posts small & big blinds": the big blind live, the rest dead (§4.1)."""
        game = self.game
        if game is None:
            raise self.fail("blinds before the game is known")
        live = game.small if game.kind == "F" else game.big
        if total <= live:
            raise self.fail(f"small and big blinds of {total}, not more than the big blind")
        self.blind(name, live, dead=total - live)

    def _put(self, p: _Player, amount: int) -> None:
        if amount < 0:
            raise self.damaged(f"the site contradicts itself: {p.name} puts in {amount}")
        if p.put_in + amount > p.stack:
            raise self.damaged(
                f"the site contradicts itself: {p.name} puts in {amount}, more than his "
                f"stack of {p.stack}"
            )
        p.put_in += amount

    # ------------------------------------------------------------------ cards

    def hole(self, name: str, cards: list[str | None]) -> None:
        """Hole cards (``None`` for one not seen). Seen again later (a show) fills them in."""
        p = self.player(name)
        if self.game is not None and self.game.stud:
            self._stud_deal(p, cards)
            return
        if not p.hole:
            p.hole = list(cards)  # a hand's cards, or shown at the end (summary "mucked")
        else:
            self._see(p, cards)

    def _see(self, p: _Player, cards: list[str | None]) -> None:
        if not p.hole:
            p.hole = list(cards)
            return
        known = [c for c in p.hole if c is not None]
        for c in cards:
            if c is not None and c not in known:
                if None not in p.hole:
                    raise self.fail(f"{p.name} shows {c}, not among the cards he was dealt")
                p.hole[p.hole.index(None)] = c

    def _stud_deal(self, p: _Player, cards: list[str | None]) -> None:
        """Stud deals street by street: ``cards`` are this street's (two down cards and the
        door card on third street, ``None`` where not seen)."""
        start = len(p.hole)
        p.hole.extend(cards)
        # "d dh p3 ...": his cards are written once every show has filled them in (build)
        self.actions.append((p, "d dh ", slice(start, len(p.hole))))

    def deal_unseen(self) -> None:
        """Stud's seventh street: the down card of every player still in that the site did
        not show (it shows only its own player's)."""
        for p in self.players.values():
            if p.dealt and not p.folded and len(p.hole) == 6:
                self._stud_deal(p, [None])

    def board(self, cards: list[str | None]) -> None:
        """The new board cards of a street; the betting of the street before is over."""
        self.deal(f"d db {_cards(cards)}")
        self.street()

    def run_board(self, run: int, cards: list[str | None]) -> None:
        """The new board cards of a street of run ``run`` (from 1) of a board run more than
        once (docs/rules/poker.md §6): the betting is over, and each run's streets are
        written after the last run's, as the engine deals them."""
        if not 1 <= run <= len(self.run_boards) + 1:
            raise self.damaged(f"the site contradicts itself: run {run} of the board comes early")
        self.run_boards.setdefault(run, []).append(f"d db {_cards(cards)}")

    def street_cards(self, street: str, cards: list[str | None], line: str, run: int = 0) -> None:
        """The new board cards of ``street`` (``FLOP``, ``TURN``, ``RIVER``) as a street line
        ``line`` writes them: three on the flop, one on the turn and the river, else the
        site contradicts itself; of run ``run`` of a board run more than once, if not 0."""
        if len(cards) != (3 if street == "FLOP" else 1):
            which = f"run {run}'s {street.lower()}" if run else f"the {street.lower()}"
            raise self.damaged(
                f"the site contradicts itself: {which} has {len(cards)} new cards: {line!r}"
            )
        if run:
            self.run_board(run, cards)
        else:
            self.board(cards)

    def street(self) -> None:
        """A new betting round: live chips start again from nothing."""
        for p in self.players.values():
            p.street_in = 0

    # ------------------------------------------------------------------ actions

    def fold(self, name: str, _: int = 0) -> None:
        p = self.player(name)
        if p.put_in == p.stack:  # all-in (_all_in, written out: half the moves read)
            return
        p.folded = True
        self.act(p, " f")

    def check(self, name: str, _: int = 0) -> None:
        p = self.player(name)
        if p.put_in != p.stack:  # not all-in (_all_in, written out)
            self.act(p, " cc")

    def _all_in(self, p: _Player) -> bool:
        """A player all-in has no more to do: a fold or a check the site logs for him
        (PokerStars folds a sitting-out player all-in on his ante, Full Tilt's Flipout checks
        for players all-in on theirs) changes nothing, and is not an action (docs/sites.md)."""
        return p.put_in == p.stack

    def call(self, name: str, amount: int) -> None:
        p = self.player(name)
        self._put(p, amount)
        p.street_in += amount
        self.act(p, " cc")

    def bet(self, name: str, amount: int) -> None:
        """A bet (or a raise) of ``amount`` more than he has in on this street."""
        self.raise_to(name, self.player(name).street_in + amount)

    def put_in(self, name: str, amount: int) -> None:
        """He puts in ``amount`` more (an all-in most sites write by what it adds): a call when
        it does not top the street's highest, else a bet or raise."""
        high = max(q.street_in for q in self.players.values())
        if self.player(name).street_in + amount <= high:
            self.call(name, amount)
        else:
            self.bet(name, amount)

    def raise_to(self, name: str, total: int) -> None:
        """A bet, raise or completion to ``total`` on this street."""
        p = self.player(name)
        self._put(p, total - p.street_in)
        p.street_in = total
        self.act(p, f" cbr {total}")

    def bring_in(self, name: str, amount: int) -> None:
        p = self.player(name)
        self._check_bring_in(p)
        self._put(p, amount)
        p.street_in += amount
        self.bring_in_amount = amount
        self.act(p, " pb")

    def _check_bring_in(self, p: _Player) -> None:
        """The site's bring-in, where splitpot's rule gives it to another player: when the
        low door card is all-in for his ante, PokerStars passes the bring-in to his left,
        splitpot to the next low door card with chips (docs/rules/poker.md §4.2 KNOWN
        DIFFERENCE, hand/stud.py's ``bring_in_seat``). Such a hand is not played as the site
        did: unsupported, naming the difference."""
        game = self.game
        dealt = [q for q in self.players.values() if q.dealt and len(q.hole) > 2]
        if game is None or p not in dealt or any(q.hole[2] is None for q in dealt):
            return
        try:
            codes = card_codes(" ".join(str(q.hole[2]) for q in dealt))
        except SplitpotError:
            return  # not cards: the replay says which
        doors = {q.seat: code for q, code in zip(dealt, codes, strict=True)}
        live = sorted(q.seat for q in dealt if not self._all_in(q))
        low = bring_in_seat(game.rules, doors, sorted(doors))
        if low in live or not live or bring_in_seat(game.rules, doors, live) == p.seat:
            return
        raise self.unsupported(
            "the bring-in: the low door card is all-in for his ante, and the site gives the "
            "bring-in to another player than splitpot's rule does (docs/rules/poker.md §4.2 "
            "KNOWN DIFFERENCE)"
        )

    def reveal(self, name: str, cards: list[str | None]) -> None:
        """His cards, seen but not shown at the showdown (the summary's "mucked [...]")."""
        self._see(self.player(name), cards)

    def show(self, name: str, cards: list[str | None]) -> None:
        """He shows ``cards`` at the showdown. Fewer cards than a hand's (two of an Omaha
        hand) cannot win a pot: they are seen, and the hand is mucked."""
        p = self.player(name)
        game = self.game
        if game is not None and not game.stud and len(cards) < game.hole_cards:
            self._see(p, cards)
        elif not p.shown:
            self._see(p, cards)
            p.shown = True

    def returned(self, name: str, amount: int) -> None:
        """An uncalled bet given back."""
        p = self.player(name)
        p.returned += amount

    def collect(self, name: str, amount: int, *, run: int = 0, pot: str = "") -> None:
        """He collected ``amount``; of a board run more than once, from the pot the site
        names ``pot`` on run ``run`` (0: the pot not cut by runs), checked by §6."""
        self.player(name).collected += amount
        if run or self.run_boards:
            self.run_paid[pot, run] = self.run_paid.get((pot, run), 0) + amount

    def cash_out(self, name: str, *, paid: int = 0, fee: int = 0, kept: int = 0) -> None:
        """A cash-out (PokerStars' All-in Cash Out, GG's EV Cashout): the site paid him
        ``paid``, he paid it ``fee``, and it kept ``kept`` of his pot share. None of it is
        pot money: the pot is played and paid as dealt (docs/sites.md "Cash-outs")."""
        p = self.player(name)
        self.cashed_out = True
        p.cash_out += paid
        p.cash_out_fee += fee
        p.pot_kept += kept

    # ------------------------------------------------------------------ the history

    def after_button(self, players: list[_Player]) -> list[_Player]:
        """``players`` clockwise from the button's left (hand/setup.py's
        ``seats_from_button``, the engine's one home of seat order); by seat when the hand
        has no button (stud)."""
        top = max([p.seat for p in players]) if players else 0
        if top > PHH_MAX_SEATS:
            raise self.fail(
                f"field 'seats' goes up to seat {top}; a table has at most {PHH_MAX_SEATS} seats"
            )
        at: list[_Player | None] = [None] * (top + 1)  # by seat (one seated twice: the last)
        for p in players:
            at[p.seat] = p
        if self.button is None:
            return [p for p in at if p is not None]
        # The button at or past the last seat: the order starts from the first seat. (The
        # seats it gives are those not None.)
        order = seats_from_button(at, min(self.button, top))
        return [at[s] for s in order]  # type: ignore[misc]

    def button_from_blinds(self) -> None:
        """A game whose players say nobody is the dealer: the small blind sits just after
        the button, and heads-up is the button (docs/rules/poker.md §4.1)."""
        dealt = [p for p in self.players.values() if p.dealt]
        small = [p for p in dealt if 0 < p.blind and p.blind < max(q.blind for q in dealt)]
        if len(small) != 1:
            return
        seat = small[0].seat
        before = [p.seat for p in dealt if p.seat < seat] or [p.seat for p in dealt]
        self.button = seat if len(dealt) == 2 else max(before)

    def blind_players(self, players: list[_Player]) -> tuple[_Player, _Player]:
        """Who posts the small and the big blind (docs/rules/poker.md §4.1, hand/setup.py's
        ``blind_seats``): the two after the button, the button himself heads-up."""
        order = self.after_button(players)
        if len(order) < 2:
            raise self.fail("fewer than two players are seated")
        small, big = blind_seats(range(len(order)), len(order) - 1, len(order) == 2)
        return order[small], order[big]

    def _order(self) -> list[_Player]:
        """The players dealt in, in PHH order: clockwise from the button's left; stud (no
        button) by seat."""
        return self.after_button([p for p in self.players.values() if p.dealt])

    def build(self) -> HandHistory:
        """The history: PHH fields, the site's result and its user fields."""
        game = self.game
        if game is None:
            raise self.fail("the hand's game was not read")
        order = self._order()
        if len(order) < 2:
            raise self.fail("fewer than two players were dealt in")
        winnings = [p.collected for p in order]
        if self.total is None:
            _check_paid(self, order, winnings)
        else:  # what the stated pot holds, the chips paid and put in are then too
            _check_total(self, order, winnings)
        runs = _check_runs(self)
        for p, label in zip(order, _LABELS, strict=False):  # seat() seats PHH_MAX_SEATS at most
            p.label = label
        actions = [
            text  # a board
            if p is None
            else (p.label + text if c is None else f"{text}{p.label} {_cards(p.hole[c])}")
            for p, text, c in self.actions
        ]
        for run in range(1, len(self.run_boards) + 1):  # run by run, as the engine deals
            actions += self.run_boards[run]
        seats, players, stacks, finishing, antes, blinds, dead = _columns(order)
        structure = self._structure(game, order, antes, blinds)
        user = self._user_fields(order, seats, dead)
        if runs > 1:
            user[RUNOUT_COUNT] = runs
        if "_splitpot_structure" in structure:
            user["_splitpot_structure"] = structure.pop("_splitpot_structure")
        try:
            # Made, not parsed: its types and list lengths are this builder's by
            # construction, and what a hostile file could break (amounts, seats, the
            # number of actions) HandHistory.made checks.
            return HandHistory.made(
                **structure,
                starting_stacks=stacks,
                actions=self._dealing(game, order) + actions + self._showdown(order),
                seats=seats,
                seat_count=max(self.seat_count or 0, self.button or 0, *seats),
                players=players,
                finishing_stacks=finishing,
                winnings=winnings,
                hand=self.hand_id,
                **self.fields,
                user_fields=user,
                source=self.source,
            )
        except PHHError as e:  # a seat, a stack or a count past PHH's limits (fuzzing)
            raise self.fail(e.reason) from None

    def _blinds(self, game: Game, order: list[_Player], blinds: list[int]) -> list[int]:
        """The live blinds, as the engine must be told them: a big blind all-in for less
        than the stakes' is written in full, as is that of the player after the small blind
        who is all-in on his ante and posts none. The others must still call the full big
        blind (docs/rules/poker.md §4.1 DECISION), and the engine posts a blind as far as
        its player's stack goes. ``blinds``: each player's, in ``order``."""
        full = game.small if game.kind == "F" else game.big
        big = self.blind_posters.get(True)
        small = self.blind_posters.get(False)
        if big is None and small is not None and small in order and len(order) > 1:
            after = order[(order.index(small) + 1) % len(order)]
            if after.blind == 0 and after.put_in == after.ante == after.stack:
                big = after
        if big is not None and big in order and big.blind < full and self._all_in(big):
            blinds[order.index(big)] = full
        return blinds

    def _structure(
        self, game: Game, order: list[_Player], antes: list[int], blinds: list[int]
    ) -> dict[str, Any]:
        """The structure fields; ``antes`` (with the dead blinds) and ``blinds`` are each
        player's, in ``order``."""
        stud = game.stud
        blinds = [] if stud else self._blinds(game, order, blinds)
        if len(order) == 2 and not stud:  # heads-up lists apply in reverse (PHH "Blinds")
            antes.reverse()
            blinds.reverse()
        out: dict[str, Any] = {"variant": game.kind + game.part, "antes": antes}
        if any(antes) and len({p.ante for p in order}) > 1:
            out["ante_trimming_status"] = True
        if stud:
            out["bring_in"] = self.bring_in_amount or 0
        else:
            out["blinds_or_straddles"] = blinds
        if game.kind == "F":
            out["small_bet"], out["big_bet"] = game.small, game.big
        else:
            out["min_bet"] = game.big
        if len(blinds) - blinds.count(0) > 2 or self.rules:
            # A player who posts a big blind out of turn (new to the table, or back from
            # sitting out: docs/rules/poker.md §4.1) posts a live blind, which PHH writes
            # like a straddle; splitpot's structure field says it is one (not a raise). The
            # field also carries the site's table rules.
            out["_splitpot_structure"] = self._structure_table(game, blinds)
        return out

    def _structure_table(self, game: Game, blinds: list[int]) -> dict[str, Any]:
        table: dict[str, Any] = {"kind": _KINDS[game.kind]}
        if game.stud:  # the site's table rules over stud's own structure (§4.2)
            if game.kind == "F":
                table["small_bet"], table["big_bet"] = game.small, game.big
                table["bring_in"] = self.bring_in_amount or 0
            else:
                table["small_blind"], table["big_blind"] = self.bring_in_amount or 0, game.big
            return table | self.rules
        posted = sorted(set(blinds) - {0})
        if game.kind == "F":
            table["small_bet"], table["big_bet"] = game.small, game.big
        # No limit and pot limit: the big blind is the game's; a live straddle above it is
        # a blind of its own, which the engine plays as one (docs/rules/poker.md §4.1).
        if game.kind == "F":
            big = posted[-1] if posted else game.small
        else:
            big = game.big
        table["small_blind"] = next((x for x in posted if x < big), 0)
        table["big_blind"] = big
        return table | self.rules

    def _dealing(self, game: Game, order: list[_Player]) -> list[str]:
        if game.stud:
            return []
        unseen = "??" * game.hole_cards
        return [
            f"d dh {p.label} {_cards(p.hole) + unseen[2 * len(p.hole) :] if p.hole else unseen}"
            for p in order
        ]

    def _showdown(self, order: list[_Player]) -> list[str]:
        """Every player still in at the end shows (or mucks, if the site did not show his
        cards): the engine applies them in its showdown order (docs/rules/poker.md §5)."""
        left = [k for k, p in enumerate(order) if not p.folded]
        if len(left) < 2:
            return []
        return [order[k].label + (" sm -" if order[k].shown else " sm") for k in left]

    def _user_fields(
        self, order: list[_Player], seats: list[int], dead: list[int]
    ) -> dict[str, Any]:
        user = dict(self.user)
        user["_site_rake"] = self.rake
        if self.tournament:
            user["_site_tournament"] = True
        if any(dead):
            user["_splitpot_dead_blinds"] = dead
        if self.button is not None and self.button not in seats:
            user["_splitpot_button"] = self.button - 1  # an empty seat, or one sitting out
        if self.cap is not None:
            user[CAP] = self.cap
        for key, value in _CASH_OUT_FIELDS.items() if self.cashed_out else ():
            column = [getattr(p, value) for p in order]
            if any(column):
                user[key] = column
        return user


def _columns(order: list[_Player]) -> Iterator[list[Any]]:
    """Each player's seat, name, stack, finishing stack, antes (his dead blind with them),
    blind and dead blind, in ``order``: one pass, as columns."""
    rows = [
        (
            p.seat,
            p.name,
            p.stack,
            p.stack - p.put_in + p.returned + p.collected,
            p.ante + p.dead,
            p.blind,
            p.dead,
        )
        for p in order
    ]
    return map(list, zip(*rows, strict=True))


# What the site states it paid (its total, rake and each run's shares), checked against the
# play before the history is made (HandBuilder.build).


def _check_paid(b: HandBuilder, order: list[_Player], won: list[int]) -> None:
    """What the site paid out (``won``, each player's in ``order``) with its rake must be
    the pot: every chip put in, less the bets returned. Else the site's text contradicts
    itself (Winamax's 2010 tournament paid 3,368 chips of a pot of 3,367.50)."""
    pot = sum([p.put_in - p.returned for p in order])
    paid = sum(won) + b.rake
    if paid != pot:
        raise b.damaged(
            f"the site contradicts itself: it paid out {paid} with the rake, and the pot is {pot}"
        )


def _check_runs(b: HandBuilder) -> int:
    """How many times the board was run (1 when it was not), with what the site paid
    on each run checked against docs/rules/poker.md §6: after the rake, each pot is cut
    into one part per run, equal whole units, the units left over one each to the first
    runs. A site that cuts a pot otherwise is not played as the site did: unsupported,
    naming the rule."""
    runs = len(b.run_boards)
    if runs == 0:
        return 1
    if runs == 1:
        raise b.damaged("the site contradicts itself: a board 'run' once")
    if b.stated_runs is not None and b.stated_runs != runs:
        raise b.damaged(
            f"the site contradicts itself: it says the board was run {b.stated_runs} "
            f"times, and deals {runs} runs"
        )
    cut: dict[str, list[int]] = {}
    for (pot, run), chips in b.run_paid.items():
        if run > runs:
            raise b.damaged(f"the site contradicts itself: it pays run {run} of {runs}")
        if run:
            cut.setdefault(pot, [0] * runs)[run - 1] += chips
    for pot, parts in cut.items():
        if parts != run_parts(sum(parts), runs):
            raise b.unsupported(
                f"the site cuts {pot or 'the pot'} between the runs of the board as "
                f"{parts}, not in equal parts with the odd chips to the first runs "
                "(docs/rules/poker.md §6)"
            )
    return runs


def _check_total(b: HandBuilder, order: list[_Player], won: list[int]) -> None:
    """The site's stated pot must be what it paid out (``won``, each player's in ``order``)
    with the rake, and the chips put in less those returned. Old
    PokerStars histories (2005) do not write the uncalled bet given back: it is then the
    difference, if that is exactly what the largest bet has over the next one."""
    if b.total is None:
        return
    paid = sum(won) + b.rake
    if paid != b.total:
        raise b.damaged(
            f"lines missing or the site contradicts itself: its total pot is "
            f"{b.total}, but it paid out {paid} with the rake"
        )
    excess = sum([p.put_in - p.returned for p in order]) - b.total
    if excess == 0:
        return
    put = sorted(order, key=lambda p: p.put_in - p.returned)
    top, second = put[-1], put[-2]
    uncalled = top.put_in - top.returned - (second.put_in - second.returned)
    if excess < 0 or excess != uncalled:
        raise b.damaged(
            f"lines missing or the site contradicts itself: its total pot is "
            f"{b.total}, but the players put in {b.total + excess}"
        )
    top.returned += excess


def _cards(cards: list[str | None]) -> str:
    if all(cards):  # every card seen
        return "".join(cards)  # type: ignore[arg-type]
    return "".join([c or "??" for c in cards])


def date_fields(when: datetime.datetime, zone: str | None) -> dict[str, Any]:
    """PHH's ``year``, ``month``, ``day``, ``time`` and ``time_zone_abbreviation``."""
    out: dict[str, Any] = {
        "year": when.year,
        "month": when.month,
        "day": when.day,
        "time": when.time(),
    }
    if zone:
        out["time_zone_abbreviation"] = zone
    return out


# The site's cash-out statements, one list per field (a player's place as in ``players``).
_CASH_OUT_FIELDS = {
    "_site_cash_out": "cash_out",
    "_site_cash_out_fee": "cash_out_fee",
    "_site_pot_kept": "pot_kept",
}

_KINDS = {"F": "fixed_limit", "P": "pot_limit", "N": "no_limit"}
