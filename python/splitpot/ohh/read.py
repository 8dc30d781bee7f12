"""Reading: one OHH hand object into a PHH :class:`~splitpot.phh.HandHistory`, which
:func:`splitpot.phh.replay` plays and :func:`splitpot.phh.compare` checks against the hand's
own result (its pots).

The players go in PHH order (clockwise from the seat after ``dealer_seat``); the posts become
the forced-bet fields, each action its PHH action (a ``Bet`` or ``Raise`` of ``amount`` more,
spec "amount", is ``cbr`` to the player's total on the street), the rounds' ``cards`` the
board, and the pots the site's result: what each player won (``winnings``), the stacks that
leaves (``finishing_stacks``) and the rake (``_site_rake``). The rules of the game are the
engine's, checked by the replay; this reader checks what it must to write a well-formed
history, and that the hand's chips add up (the pots hold what was put in, less the uncalled
bet; a pot pays out its amount less its rake).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from splitpot.betting import FixedLimit
from splitpot.games import GAMES, Game
from splitpot.limits import PHH_MAX_ACTIONS, PHH_MAX_SEATS, shown
from splitpot.ohh.fields import Fields, _bounded
from splitpot.ohh.games import (
    BET_TYPES,
    HOLE_CARDS,
    SHOWDOWN,
    game_of,
    street_name,
    variant_code,
)
from splitpot.phh.errors import PHHError
from splitpot.phh.record import HandHistory

CENT = Decimal("0.01")
CHIP = Decimal(1)
PLAY_MONEY = ("", "XPM", "PPC")
"""Currencies of chips with no money value (spec "currency": ``XPM``, formerly ``PPC``), and
a hand that names none: read in whole chips."""
EXTENSION = "_splitpot"
"""The key of splitpot's own object in a hand it writes: what OHH cannot say (see
:mod:`splitpot.ohh`). Other readers ignore a key they do not know."""

_LIVE = {"Post SB", "Post BB", "Straddle", "Post Extra Blind"}
_PASSED = {"Sits Down", "Stands Up", "Player Adjustment"}  # no chips of this hand move
_REFUSED = {
    "Added Chips": "chips added to a stack during the hand",
    "Add to Pot": "money the site adds to the pot",
}
_DERIVED = {"_site", "_site_rake", "_site_unit", "_splitpot_button", "_splitpot_dead_blinds"}
_OVERRIDES = ("ante_trimming_status", "small_bet", "big_bet")


@dataclass(eq=False)
class _Player:
    id: int
    seat: int
    name: str
    stack: int
    k: int = 0  # PHH index
    ante: int = 0
    blind: int = 0
    dead: int = 0
    put_in: int = 0
    street_in: int = 0
    folded: bool = False
    deals: dict[int, list[str]] = field(default_factory=dict)  # street -> known cards
    shown: list[str] | None = None
    mucked: bool = False
    revealed: list[str] = field(default_factory=list)  # a muck's cards
    won: int | Decimal = 0


@dataclass(frozen=True)
class _Deal:
    """A ``d dh`` action, written once every card the hand reveals is known."""

    player: _Player
    street: int


class _Reader(Fields):
    def __init__(self, data: dict[str, Any], source: str | None, number: int | None) -> None:
        super().__init__(source, number)
        self.data = data
        self.ext: dict[str, Any] = {}
        self.players: list[_Player] = []  # dealt in, PHH order
        self.by_id: dict[int, _Player] = {}
        self.actions: list[str | _Deal] = []
        self.user: dict[str, Any] = {}
        self.fields: dict[str, Any] = {}
        self.tournament = False
        self.small = self.big = 0  # the blinds (stud: the bring-in and the small bet)
        self.has_pots = False
        self.returned = 0  # the uncalled bet, given back to ``top``
        self.top: _Player | None = None
        self.last_bets: list[_Player] = []  # the last street with chips in, by live chips
        self.last_in: list[int] = []
        self.rake: int | Decimal = 0

    # ------------------------------------------------------------------ the header

    def read(self, unit: Decimal | None) -> HandHistory:
        data = self.data
        self.text(data, "spec_version")
        self.game_number = self.text(data, "game_number")
        self.ext = self.table(data, EXTENSION, "", {})
        self.user.update(self.user_fields())
        self.tournament = self.flag(data, "tournament", "", False) or bool(
            self.table(data, "tournament_info", "", {})
        )
        self.unit = self._unit(unit)
        self._flags()
        self._seat_players()
        self.timeouts = self._timeouts()
        game, kind = self._game()
        stakes = self._stakes(game, kind)
        self._rounds(game)
        self._pots()
        self._showdown()
        fields = self._forced_bets(game, stakes) | stakes | self._metadata() | self.fields
        fields.update(self._result())
        try:
            return HandHistory(
                variant=variant_code(game, kind),
                starting_stacks=[p.stack for p in self.players],
                actions=[self._deal(a, game) if isinstance(a, _Deal) else a for a in self.actions],
                players=[p.name for p in self.players],
                **fields,
                user_fields=self.user,
                source=f"{self.source or '<string>'}[{self.number}]",
            )
        except PHHError as e:  # a value past PHH's limits
            raise self.fail(e.reason) from None

    def _unit(self, given: Decimal | None) -> Decimal:
        """The chip unit (module docstring "Amounts"): ``unit=``, else the unit splitpot wrote,
        else a cent of a cash game's currency, else one chip."""
        if given is not None:
            return given
        if "unit" in self.ext:
            text = self.text(self.ext, "unit", f"{EXTENSION}.")
            try:
                unit = Decimal(text)
            except InvalidOperation:
                unit = Decimal(-1)
            if not unit.is_finite() or unit <= 0 or not _bounded(unit):
                raise self.fail(f"{EXTENSION}.unit {shown(text)} is not a positive amount")
            return unit
        currency = self.text(self.data, "currency", "", "")
        return CHIP if self.tournament or currency in PLAY_MONEY else CENT

    def _flags(self) -> None:
        flags = self.array(self.data, "flags", "", [])
        if not all(isinstance(f, str) for f in flags):
            raise self.fail(f"field 'flags' must be an array of strings, got {shown(flags)}")
        if "Run_It_Twice" in flags:
            raise self.unsupported(
                "run it twice (flag Run_It_Twice): each run's board and pot shares are not "
                "read yet"
            )
        if "Bomb_Pot" in flags:
            raise self.unsupported("a bomb pot (flag Bomb_Pot): no preflop betting")
        if flags:
            self.user["_ohh_flags"] = list(flags)

    def _seat_players(self) -> None:
        """The players dealt in, in PHH order: clockwise from the seat after the dealer's."""
        data = self.data
        # Seat numbers are the site's (iPoker's and 888's go to 10 at a six- or nine-seat
        # table, in the spec's own examples): any seat 1..10, the table as large as its last.
        size = self.integer(data, "table_size")
        if not 2 <= size <= PHH_MAX_SEATS:
            raise self.fail(f"table_size {size}: a table has 2 to {PHH_MAX_SEATS} seats")
        dealer = self.integer(data, "dealer_seat")
        if not 1 <= dealer <= PHH_MAX_SEATS:
            raise self.fail(f"dealer_seat {dealer} is not a seat 1..{PHH_MAX_SEATS}")
        seats: set[int] = set()
        dealt: list[_Player] = []
        for i, obj in enumerate(self.objects(data, "players")):
            path = f"players[{i}]."
            p = _Player(
                self.integer(obj, "id", path),
                self.integer(obj, "seat", path),
                self.text(obj, "name", path),
                self.units(obj, "starting_stack", path, required=True),
            )
            if p.id in self.by_id or p.seat in seats:
                raise self.fail(f"{path}: player id {p.id} or seat {p.seat} is given twice")
            if not 1 <= p.seat <= PHH_MAX_SEATS:
                raise self.fail(f"{path}seat {p.seat} is not a seat 1..{PHH_MAX_SEATS}")
            seats.add(p.seat)
            self.by_id[p.id] = p
            if p.stack > 0 and not self.flag(obj, "is_sitting_out", path, False):
                dealt.append(p)
        if len(dealt) < 2:
            raise self.fail(f"{len(dealt)} player(s) dealt in: a hand needs two")
        dealt.sort(key=lambda p: p.seat)
        order = [p for p in dealt if p.seat > dealer] + [p for p in dealt if p.seat <= dealer]
        for k, p in enumerate(order):
            p.k = k
        self.players = order
        size = max(size, dealer, *seats)
        trivial = [p.seat for p in order] == list(range(1, len(order) + 1)) and size == len(order)
        if not trivial or order[-1].seat != dealer:
            self.fields["seats"] = [p.seat for p in order]
            self.fields["seat_count"] = size
        if order[-1].seat != dealer:
            self.user["_splitpot_button"] = dealer - 1  # an empty seat, or one sitting out

    def _game(self) -> tuple[Game, Any]:
        data = self.data
        name = self.text(data, "game_type")
        if name == "Draw":
            raise self.unsupported("a draw game (game_type Draw): splitpot plays no draw game")
        counts = HOLE_CARDS.get(name)
        if counts is None:
            raise self.fail(
                f"game_type {shown(name)} is not one of the spec's (Holdem, Omaha, OmahaHiLo, "
                "Stud, StudHiLo, Draw) nor splitpot's Razz"
            )
        limit = self.table(data, "bet_limit")
        bet_type = self.text(limit, "bet_type", "bet_limit.")
        kind = BET_TYPES.get(bet_type)
        if kind is None:
            raise self.fail(f"bet_limit.bet_type {shown(bet_type)} is not NL, PL or FL")
        cap = self.decimal(limit, "bet_cap", "bet_limit.", Decimal(0))
        if cap:
            raise self.unsupported(f"a cap of {cap} on what each player bets in a hand")
        named = self.user.get("_splitpot_variant")
        if isinstance(named, str) and named in GAMES:
            count = GAMES[named].hole_cards
        else:
            count = self._hole_count(counts)
        game = game_of(name, count)
        if game is None:
            raise self.fail(f"{name} is dealt {', '.join(map(str, counts))} hole cards, not {count}")
        return game, kind

    def _hole_count(self, counts: tuple[int, ...]) -> int:
        """The hole cards each player is dealt: what ``Dealt Cards`` show (the first of
        ``counts`` when no cards are known)."""
        if len(counts) == 1:
            return counts[0]
        rounds = self.objects(self.data, "rounds")
        seen = {
            len(self.cards(a, "cards", ""))
            for r in rounds[:1]
            for a in r.get("actions") or ()
            if isinstance(a, dict) and a.get("action") == "Dealt Cards"
        }
        if len(seen) > 1:
            raise self.fail(f"players are dealt {sorted(seen)} cards: one count for every player")
        return seen.pop() if seen else counts[0]

    def _stakes(self, game: Game, kind: Any) -> dict[str, Any]:
        """The structure's fields: ``min_bet`` the big blind; fixed limit's small bet the big
        blind and big bet twice it; stud's bring-in the small blind field."""
        data = self.data
        small = self.units(data, "small_blind_amount")
        big = self.units(data, "big_blind_amount")
        out: dict[str, Any] = {}
        if kind is FixedLimit:
            out["small_bet"], out["big_bet"] = big, 2 * big
        else:
            out["min_bet"] = big
        if game.forced_bets == "bring_in":
            out["bring_in"] = small
        self.small, self.big = small, big
        for name in _OVERRIDES:
            if name in self.ext:
                value = self.ext[name]
                want = bool if name == "ante_trimming_status" else int
                if type(value) is not want:
                    raise self.fail(f"{EXTENSION}.{name} must be {want.__name__}, got {shown(value)}")
                out[name] = value
        return out

    # ------------------------------------------------------------------ the rounds

    def _rounds(self, game: Game) -> None:
        rounds = self.objects(self.data, "rounds")
        ids = [self.integer(r, "id", f"rounds[{i}].") for i, r in enumerate(rounds)]
        if len(set(ids)) != len(ids):
            raise self.fail(f"round ids {sorted(ids)} are not distinct")
        names = [street_name(game, s) for s in range(len(game.streets))]
        street = 0
        showdown = False
        total = 0
        for i in sorted(range(len(rounds)), key=ids.__getitem__):
            r, path = rounds[i], f"rounds[{i}]."
            name = self.text(r, "street", path)
            actions = self.objects(r, "actions", path)
            total += len(actions)
            if total > PHH_MAX_ACTIONS:
                raise self.fail(f"more than {PHH_MAX_ACTIONS} actions")
            if showdown:
                raise self.fail(f"{path}street {shown(name)} after the Showdown round")
            if name == SHOWDOWN and street:
                showdown = True
            elif street < len(names) and name == names[street]:
                self._street(game, street, r, path)
                street += 1
            elif name in names[:street]:
                raise self.unsupported(f"run it twice: a second {name} round ({path[:-1]})")
            else:
                want = names[street] if street < len(names) else SHOWDOWN
                raise self.fail(f"{path}street {shown(name)} where {want!r} comes next")
            self._actions(game, street - 1, actions, path, showdown, ids[i])
        if any(p.street_in for p in self.players):
            self.last_bets = sorted(self.players, key=lambda p: p.street_in)
            self.last_in = [p.street_in for p in self.last_bets]

    def _street(self, game: Game, street: int, r: dict[str, Any], path: str) -> None:
        """A new street: its deals (every player's of the first street; stud's each street
        to the players still in) and its board cards."""
        if any(p.street_in for p in self.players):
            self.last_bets = sorted(self.players, key=lambda p: p.street_in)
            self.last_in = [p.street_in for p in self.last_bets]
        for p in self.players:
            p.street_in = 0
        for i, a in enumerate(self.objects(r, "actions", path)):
            if a.get("action") == "Dealt Cards":
                p = self._player(a, f"{path}actions[{i}].")
                p.deals[street] = self.cards(a, "cards", f"{path}actions[{i}].")
        board = self.cards(r, "cards", path)
        stud = game.forced_bets == "bring_in"
        last = street == len(game.streets) - 1
        if stud and last and len(board) == 1:
            self.actions.append(f"d db {board[0]}")  # the community card (§4.2)
            return
        if street == 0 or stud:
            self.actions.extend(_Deal(p, street) for p in self.players if not p.folded)
        want = game.streets[street].board
        if len(board) != want:
            raise self.fail(f"{path}cards: the {street_name(game, street)} deals {want} board "
                            f"card(s), not {len(board)}")
        if board:
            self.actions.append("d db " + "".join(board))

    def _showdown(self) -> None:
        """The showdown of a hand of two players or more still in at the end: each shows
        (``Shows Cards``) or mucks (spec "rounds": a muck without cards may be left out, so a
        finished hand's player who neither shows nor wins a pot mucked). A player who wins
        without showing was the last one left: he has nothing to do. A lone winner who shows
        does so by choice: his cards are seen, not shown down."""
        left = [p for p in self.players if not p.folded]
        for p in left:
            if len(left) == 1:
                if p.shown:
                    p.revealed = p.shown
            elif p.shown is not None:
                self.actions.append(f"p{p.k + 1} sm " + ("".join(p.shown) or "-"))
            elif p.mucked or (self.has_pots and not p.won):
                self.actions.append(f"p{p.k + 1} sm")

    def _player(self, a: dict[str, Any], path: str) -> _Player:
        pid = self.integer(a, "player_id", path)
        p = self.by_id.get(pid)
        if p is None or p not in self.players:
            raise self.fail(f"{path}player_id {pid} is not a player dealt in")
        return p

    def _actions(
        self,
        game: Game,
        street: int,
        actions: list[dict[str, Any]],
        path: str,
        showdown: bool,
        round_id: int,
    ) -> None:
        number = 0
        timeouts = self.timeouts.get(round_id, [])
        for i, a in enumerate(actions):
            at = f"{path}actions[{i}]."
            step = self.integer(a, "action_number", at)
            if step <= number:
                raise self.fail(f"{at}action_number {step} does not follow {number}")
            number = step
            while timeouts and timeouts[0][0] <= step:
                self.actions.append(f"# p{timeouts.pop(0)[1].k + 1} timeout all-in")
            verb = self.text(a, "action", at)
            if verb in _REFUSED:
                raise self.unsupported(f"{_REFUSED[verb]} ({verb!r}, {at[:-1]})")
            if verb in _PASSED:
                continue
            p = self._player(a, at)
            amount = self.units(a, "amount", at)
            self._action(game, street, p, verb, amount, a, at, showdown)
            if p.put_in > p.stack:
                raise self.fail(f"{at[:-1]}: {p.name} has put in {p.put_in}, more than his stack")
            if self.flag(a, "is_allin", at, False) and amount and p.put_in < p.stack:
                raise self.fail(f"{at[:-1]}: is_allin, but {p.name} has chips left")
        self.actions.extend(f"# p{p.k + 1} timeout all-in" for _, p in timeouts)

    def _timeouts(self) -> dict[int, list[tuple[int, _Player]]]:
        """splitpot's all-in timeouts (docs/rules/poker.md §7), which OHH has no action for:
        ``_splitpot.timeouts``, each the round's id, the number of the action it comes
        before and the player."""
        out: dict[int, list[tuple[int, _Player]]] = {}
        for i, t in enumerate(self.objects(self.ext, "timeouts", f"{EXTENSION}.")):
            at = f"{EXTENSION}.timeouts[{i}]."
            before = self.integer(t, "before", at)
            out.setdefault(self.integer(t, "round", at), []).append((before, self._player(t, at)))
        for pending in out.values():
            pending.sort(key=lambda bp: bp[0])
        return out

    def _action(
        self,
        game: Game,
        street: int,
        p: _Player,
        verb: str,
        amount: int,
        a: dict[str, Any],
        at: str,
        showdown: bool,
    ) -> None:
        label = f"p{p.k + 1}"
        stud = game.forced_bets == "bring_in"
        forced = verb in _LIVE or verb in ("Post Ante", "Post Dead", "Bring In")
        if forced and (street != 0 or showdown):
            raise self.fail(f"{at[:-1]}: {verb!r} after the first round")
        if verb in _LIVE and stud or verb == "Bring In" and not stud:
            raise self.fail(f"{at[:-1]}: {verb!r} in {game.name}")
        if showdown and verb not in ("Shows Cards", "Mucks Cards"):
            raise self.fail(f"{at[:-1]}: {verb!r} in the Showdown round")
        if verb in ("Call", "Bet", "Raise", "Bring In") or forced:
            p.put_in += amount
        match verb:
            case "Dealt Cards":
                if street and not stud:
                    raise self.fail(f"{at[:-1]}: cards dealt after the {street_name(game, 0)}")
            case "Post Ante":
                p.ante += amount
            case "Post Dead":
                p.dead += amount
            case "Post SB" | "Post BB" | "Straddle" | "Post Extra Blind":
                self._blind(p, verb, amount, at)
            case "Bring In":
                p.street_in += amount
                self.actions.append(f"{label} pb")
            case "Fold":
                p.folded = True
                self.actions.append(f"{label} f")
            case "Check":
                self.actions.append(f"{label} cc")
            case "Call":
                p.street_in += amount
                self.actions.append(f"{label} cc")
            case "Bet" | "Raise":
                if not amount:
                    raise self.fail(f"{at}amount: a {verb} of nothing")
                p.street_in += amount
                self.actions.append(f"{label} cbr {p.street_in}")
            case "Shows Cards":
                p.shown = self.cards(a, "cards", at)
            case "Mucks Cards":
                p.mucked = True
                p.revealed = self.cards(a, "cards", at)
            case _:
                raise self.fail(f"{at}action {shown(verb)} is not an action of the spec")

    def _blind(self, p: _Player, verb: str, amount: int, at: str) -> None:
        """A live blind (``Post SB``, ``Post BB``, ``Straddle``, ``Post Extra Blind``): a short
        all-in one is the table's blind, which the others still call (docs/rules/poker.md
        §4.1). A player posting two live blinds (coming back) posts the smaller dead."""
        due = {"Post SB": self.small, "Post BB": self.big}.get(verb, amount)
        if amount < due and p.put_in < p.stack:
            raise self.fail(f"{at[:-1]}: {p.name} posts {amount} of a {verb[5:]} of {due}, "
                            "not all-in")
        p.street_in += amount
        if p.blind:
            p.dead += min(p.blind, due)
            p.street_in -= min(p.blind, due)
        p.blind = max(p.blind, due)

    def _deal(self, deal: _Deal, game: Game) -> str:
        """``d dh pN CARDS``: the cards of the street the hand shows, ``??`` for the rest."""
        p, street = deal.player, deal.street
        spec = game.streets[street]
        want = game.hole_cards if street == 0 and spec.up == 0 else spec.hole + spec.up
        known = p.deals.get(street, [])
        if len(known) == spec.up < want:  # stud: the up cards of a hand others do not see
            known = ["??"] * spec.hole + known
        elif not known and len(p.revealed) == game.hole_cards:  # a muck's cards, seen
            start = sum(s.hole + s.up for s in game.streets[:street])
            known = p.revealed[start : start + want]
        if known and len(known) != want:
            raise self.fail(f"{p.name} is dealt {len(known)} cards on the "
                            f"{street_name(game, street)}: {game.name} deals {want}")
        return f"d dh p{p.k + 1} " + ("".join(known) if known else "??" * want)

    # ------------------------------------------------------------------ the result

    def _pots(self) -> None:
        """The pots: what each player won; the rake (and jackpot) is what a pot keeps."""
        total: int | Decimal = 0
        paid: int | Decimal = 0
        for i, pot in enumerate(self.objects(self.data, "pots")):
            path = f"pots[{i}]."
            self.has_pots = True
            amount = self.result_units(pot, "amount", path)
            won: int | Decimal = 0
            for j, w in enumerate(self.objects(pot, "player_wins", path)):
                at = f"{path}player_wins[{j}]."
                if self.decimal(w, "cashout_amount", at, Decimal(0)):
                    raise self.unsupported(f"a cash-out ({at}cashout_amount)")
                win = self.result_units(w, "win_amount", at)
                self._player(w, at).won += win
                won += win
            kept = self.result_units(pot, "rake", path) + self.result_units(pot, "jackpot", path)
            if won > amount or (pot.get("rake") is not None and won + kept != amount):
                raise self.fail(f"{path[:-1]} of {amount} pays out {won} with a rake of {kept}")
            total += amount
            paid += won
        if not self.has_pots:
            return
        # The uncalled bet: what the pots do not hold of what was put in, at most what the
        # last bet of the hand has over the next largest on its street; it goes back to him.
        self.returned = sum(p.put_in for p in self.players) - total
        most = self.last_in[-1] - self.last_in[-2] if self.last_in else 0
        if not 0 <= self.returned <= most:
            raise self.fail(
                f"the pots hold {total}, but the players put in {total + self.returned} (the "
                f"uncalled bet is at most {most})"
            )
        self.top = self.last_bets[-1] if self.last_bets else None
        self.rake = total - paid

    def _result(self) -> dict[str, Any]:
        """What each player won, and the stacks that leaves him (PHH ``winnings``,
        ``finishing_stacks``): the chips he had, less what he put in, plus the uncalled bet
        given back and his wins."""
        if not self.has_pots:
            return {}
        players = self.players
        out: dict[str, Any] = {
            "finishing_stacks": [
                p.stack - p.put_in + p.won + (self.returned if p is self.top else 0)
                for p in players
            ],
            "winnings": [p.won for p in players],
        }
        if "_site" in self.user and type(self.rake) is int:
            self.user["_site_rake"] = self.rake
        return out

    # ------------------------------------------------------------------ fields

    def _forced_bets(self, game: Game, stakes: dict[str, Any]) -> dict[str, Any]:
        """``antes`` (with the dead blinds, as PHH writes them), ``blinds_or_straddles`` (the
        lists of a heads-up hand apply in reverse, PHH "Blinds"), the ante trimming."""
        players = self.players
        stud = game.forced_bets == "bring_in"
        antes = [p.ante + p.dead for p in players]
        blinds = [p.blind for p in players]
        if len(players) == 2 and not stud:
            antes.reverse()
            blinds.reverse()
        out: dict[str, Any] = {"antes": antes}
        if not stud:
            out["blinds_or_straddles"] = blinds
        if trimmed([p.ante for p in players], [p.stack for p in players]):
            out["ante_trimming_status"] = True
        if any(p.dead for p in players):
            self.user["_splitpot_dead_blinds"] = [p.dead for p in players]
        if len(blinds) - blinds.count(0) > 2 and "_splitpot_structure" not in self.user:
            # A straddle, or a big blind posted out of turn: a live blind, which PHH writes
            # like a straddle and splitpot's structure field says is one (§4.1).
            kind = BET_TYPES[self.data["bet_limit"]["bet_type"]]
            table = {"kind": kind.kind.value, "small_blind": self.small, "big_blind": self.big}
            if kind is FixedLimit:
                table |= {"small_bet": stakes["small_bet"], "big_bet": stakes["big_bet"]}
            self.user["_splitpot_structure"] = table
        return out

    def _metadata(self) -> dict[str, Any]:
        data = self.data
        out: dict[str, Any] = {"hand": self.game_number} if self.game_number else {}
        site = self.text(data, "site_name", "", "")
        if site:
            self.user["_site"] = site
            self.user["_site_unit"] = str(self.unit)
        table = self.text(data, "table_name", "", "")
        if table:
            out["table"] = table
        currency = self.text(data, "currency", "", "")
        if currency not in PLAY_MONEY and not self.tournament:
            out["currency"] = currency
        info = self.table(data, "tournament_info", "", {})
        if info:
            name = self.text(info, "name", "tournament_info.", "")
            number = self.text(info, "tournament_number", "tournament_info.", "")
            out["event"] = name or (f"Tournament #{number}" if number else "Tournament")
            if not _has_null(info):
                self.user["_ohh_tournament_info"] = info
        out.update(self._date(self.text(data, "start_date_utc", "", "")))
        hero = self.integer(data, "hero_player_id", "", None)
        if hero is not None and hero in self.by_id:
            self.user["_ohh_hero"] = self.by_id[hero].name
        return out

    def _date(self, text: str) -> dict[str, Any]:
        """``year``, ``month``, ``day``, ``time`` and ``time_zone`` of ``start_date_utc``
        (spec: ISO 8601, in UTC; an offset given is converted)."""
        if not text:
            return {}
        try:
            when = datetime.datetime.fromisoformat(text.removesuffix("Z") + ("+00:00" if text.endswith("Z") else ""))
        except ValueError:
            raise self.fail(f"start_date_utc {shown(text)} is not an ISO 8601 date and time") from None
        if when.tzinfo is not None:
            when = when.astimezone(datetime.timezone.utc).replace(tzinfo=None)
        return {"year": when.year, "month": when.month, "day": when.day,
                "time": when.time(), "time_zone": "UTC"}

    def user_fields(self) -> dict[str, Any]:
        """The PHH user fields splitpot wrote (``_splitpot.user_fields``), but those this
        reader derives from the hand itself."""
        fields = self.table(self.ext, "user_fields", f"{EXTENSION}.", {})
        for key, value in fields.items():
            if not key.startswith("_") or _has_null(value):
                raise self.fail(f"{EXTENSION}.user_fields: {shown(key)} is not a user field")
        return {k: v for k, v in fields.items() if k not in _DERIVED}


def trimmed(antes: list[int], stacks: list[int]) -> bool:
    """Whether antes each count for their player (PHH ``ante_trimming_status``): equal antes,
    but those of players who had no more (docs/rules/poker.md §6); antes of different sizes
    (a big-blind ante, posted for the table) are the table's dead money."""
    full = {a for a, s in zip(antes, stacks) if a < s}  # noqa: B905 - one per player
    return any(antes) and len(full) <= 1


def _has_null(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, dict):
        return any(_has_null(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_null(v) for v in value)
    return False


def read_hand(
    data: dict[str, Any], *, source: str | None, number: int | None, unit: Decimal | None
) -> HandHistory:
    """The PHH history of one OHH hand object (the object inside ``{"ohh": ...}``)."""
    return _Reader(data, source, number).read(unit)
