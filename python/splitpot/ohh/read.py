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

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from splitpot.betting import FixedLimit
from splitpot.games import Game
from splitpot.limits import PHH_MAX_ACTIONS, shown
from splitpot.ohh.fields import Fields
from splitpot.ohh.games import BET_TYPES, SHOWDOWN, street_name, variant_code
from splitpot.ohh.header import EXTENSION, Header
from splitpot.ohh.header import Player as _Player
from splitpot.phh.errors import PHHError
from splitpot.phh.record import HandHistory
from splitpot.phh.write import RUNOUT_COUNT

_LIVE = {"Post SB", "Post BB", "Straddle", "Post Extra Blind"}
_PASSED = {"Sits Down", "Stands Up", "Player Adjustment"}  # no chips of this hand move
_REFUSED = {
    "Added Chips": "chips added to a stack during the hand",
    "Add to Pot": "money the site adds to the pot",
}


@dataclass(frozen=True)
class _Deal:
    """A ``d dh`` action, written once every card the hand reveals is known."""

    player: _Player
    street: int


class _Reader(Fields):
    """Reads the rounds and the pots of one hand, its :class:`~splitpot.ohh.header.Header`
    read first."""

    def __init__(self, data: dict[str, Any], source: str | None, number: int | None) -> None:
        super().__init__(source, number)
        self.data = data
        self.actions: list[str | _Deal] = []
        self.has_pots = False
        self.returned = 0  # the uncalled bet, given back to ``top``
        self.top: _Player | None = None
        self.last_bets: list[_Player] = []  # the last street with chips in, by live chips
        self.last_in: list[int] = []
        self.rake: int | Decimal = 0
        self.runs = 1  # the times the board was run (docs/rules/poker.md §6)
        self.run_from: int | None = None  # the street each run after the first deals from

    def read(self, unit: Decimal | None) -> HandHistory:
        h = self.h = Header(self, self.data, unit)
        self.players, self.by_id, self.user = h.players, h.by_id, h.user
        self.timeouts = self._timeouts()
        game = h.game
        self._rounds(game)
        self._pots()
        self._showdown()
        fields = self._forced_bets(game, h.stakes) | h.stakes | h.metadata() | h.fields
        fields.update(self._result())
        try:
            return HandHistory(
                variant=variant_code(game, h.kind),
                starting_stacks=[p.stack for p in self.players],
                actions=[self._deal(a, game) if isinstance(a, _Deal) else a for a in self.actions],
                players=[p.name for p in self.players],
                **fields,
                user_fields=self.user,
                source=f"{self.source or '<string>'}[{self.number}]",
            )
        except PHHError as e:  # a value past PHH's limits
            raise self.fail(e.reason) from None

    # ------------------------------------------------------------------ the rounds

    def _rounds(self, game: Game) -> None:
        rounds = self.objects(self.data, "rounds")
        if not rounds:  # spec "rounds": every hand has a round 0
            raise self.fail(f"no rounds: a hand has at least its {street_name(game, 0)}")
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
            elif name in names[1:street] and game.forced_bets != "bring_in":
                # The board run once more (spec "flags" Run_It_Twice: the same street again,
                # under the next id), from this street on (docs/rules/poker.md §6).
                street = self._new_run(names.index(name), actions, path)
                self._street(game, street, r, path)
                street += 1
            else:
                want = names[street] if street < len(names) else SHOWDOWN
                raise self.fail(f"{path}street {shown(name)} where {want!r} comes next")
            self._actions(game, street - 1, actions, path, showdown, ids[i])
        if any(p.street_in for p in self.players):
            self.last_bets = sorted(self.players, key=lambda p: p.street_in)
            self.last_in = [p.street_in for p in self.last_bets]
        if self.runs > 1:
            self._runs_read()

    def _new_run(self, start: int, actions: list[Any], path: str) -> int:
        """A round that deals street ``start`` again: the next run of the board. Every run
        after the first deals from the same street, and no one acts on a run's streets:
        the betting was over."""
        if self.run_from is None:
            self.run_from = start
        elif start != self.run_from:
            raise self.fail(
                f"{path[:-1]}: run {self.runs + 1} of the board deals from another street "
                "than the run before it"
            )
        self.runs += 1
        if actions:
            raise self.fail(f"{path}actions: a run of the board has no betting")
        return start

    def _runs_read(self) -> None:
        """The runs say themselves (``_splitpot_runout_count``; the flag Run_It_Twice is
        theirs, not kept apart)."""
        said = self.user.get(RUNOUT_COUNT)
        if said is not None and said != self.runs:
            raise self.fail(
                f"{EXTENSION} says {said} runs of the board; the rounds deal {self.runs}"
            )
        self.user[RUNOUT_COUNT] = self.runs
        flags = self.user.get("_ohh_flags")
        if isinstance(flags, list) and "Run_It_Twice" in flags:
            flags.remove("Run_It_Twice")
            if not flags:
                del self.user["_ohh_flags"]

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
            raise self.fail(
                f"{path}cards: the {street_name(game, street)} deals {want} board "
                f"card(s), not {len(board)}"
            )
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
            most = p.stack if self.h.cap is None else min(p.stack, self.h.cap)  # §3 cap
            if self.flag(a, "is_allin", at, False) and amount and p.put_in < most:
                raise self.fail(f"{at[:-1]}: is_allin, but {p.name} has chips left")
        self.actions.extend(f"# p{p.k + 1} timeout all-in" for _, p in timeouts)

    def _timeouts(self) -> dict[int, list[tuple[int, _Player]]]:
        """splitpot's all-in timeouts (docs/rules/poker.md §7), which OHH has no action for:
        ``_splitpot.timeouts``, each the round's id, the number of the action it comes
        before and the player."""
        out: dict[int, list[tuple[int, _Player]]] = {}
        for i, t in enumerate(self.objects(self.h.ext, "timeouts", f"{EXTENSION}.")):
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
        if (verb in _LIVE and stud) or (verb == "Bring In" and not stud):
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
        due = {"Post SB": self.h.small, "Post BB": self.h.big}.get(verb, amount)
        if amount < due and p.put_in < p.stack:
            raise self.fail(
                f"{at[:-1]}: {p.name} posts {amount} of a {verb[5:]} of {due}, not all-in"
            )
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
            raise self.fail(
                f"{p.name} is dealt {len(known)} cards on the "
                f"{street_name(game, street)}: {game.name} deals {want}"
            )
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
        returned = sum(p.put_in for p in self.players) - total
        most = self.last_in[-1] - self.last_in[-2] if self.last_in else 0
        if returned != int(returned) or not 0 <= returned <= most:
            raise self.fail(
                f"the pots hold {total}, but the players put in {total + returned} (the "
                f"uncalled bet is at most {most})"
            )
        self.returned = int(returned)
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
            table = {"kind": kind.kind.value, "small_blind": self.h.small, "big_blind": self.h.big}
            if kind is FixedLimit:
                table |= {"small_bet": stakes["small_bet"], "big_bet": stakes["big_bet"]}
            self.user["_splitpot_structure"] = table
        return out


def trimmed(antes: list[int], stacks: list[int]) -> bool:
    """Whether antes each count for their player (PHH ``ante_trimming_status``): equal antes,
    but those of players who had no more (docs/rules/poker.md §6); antes of different sizes
    (a big-blind ante, posted for the table) are the table's dead money."""
    full = {a for a, s in zip(antes, stacks) if a < s}  # noqa: B905 - one per player
    return any(antes) and len(full) <= 1


def read_hand(
    data: dict[str, Any], *, source: str | None, number: int | None, unit: Decimal | None
) -> HandHistory:
    """The PHH history of one OHH hand object (the object inside ``{"ohh": ...}``)."""
    return _Reader(data, source, number).read(unit)
