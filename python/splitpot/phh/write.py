"""Writing: a splitpot :class:`~splitpot.hand.Hand` as PHH fields and actions, and TOML text."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from splitpot.betting import FixedLimit, Structure
from splitpot.hand import (
    AdvanceActing,
    AdvanceCancelling,
    Betting,
    BoardDealing,
    BringingIn,
    Calling,
    Checking,
    Discarding,
    Folding,
    Hand,
    HandStarting,
    HoleDealing,
    Mucking,
    Operation,
    RaisingTo,
    RunningOut,
    Showing,
    SittingOut,
    TimingOut,
)
from splitpot.phh.variants import _variant_code

RUNOUT_COUNT = "_splitpot_runout_count"
"""The user field of how many times the board was run after an all-in (docs/rules/poker.md
§6). PHH has no action for it: PokerKit 0.7 plays runouts (``State.select_runout_count``)
but its ``HandHistory`` neither writes nor reads the choice, and writes the runs' boards as
``d db`` actions that follow one another, run by run, after the all-in showdown, as
splitpot does."""
MAX_RUNS = "_splitpot_max_runs"
"""The user field of a hand's ``max_runs``: the most runs the players could choose."""
CAP = "_splitpot_cap"
"""The user field of a hand's ``cap`` (capped no limit and pot limit, docs/rules/poker.md
§3): the most each player may put in the hand. PHH has no field for it."""


def _toml_dumps(data: Mapping[str, Any], name: str = "") -> str:
    """TOML text for ``data``: every value is written by ``tomli-w``; arrays of numbers go
    on one line (``tomli-w`` puts every array item on its own line), ``actions`` keep one
    action a line as in the spec's examples, and tables (``[1]``, user tables) come last."""
    import tomli_w

    chunks: list[str] = []
    tables: list[tuple[str, Mapping[str, Any]]] = []
    for key, value in data.items():
        if isinstance(value, Mapping):
            tables.append((key, value))
            continue
        text = tomli_w.dumps({key: value})
        if (
            isinstance(value, list)
            and key != "actions"
            and value
            and not any(isinstance(v, (list, dict)) for v in value)
        ):
            head = text[: text.index("[")]
            items = [tomli_w.dumps({"v": v})[4:-1] for v in value]
            one_line = f"{head}[{', '.join(items)}]\n"
            if len(one_line) <= 100:
                text = one_line
        chunks.append(text)
    for key, table in tables:
        part = tomli_w.dumps({key: 0})[: -len(" = 0\n")]
        full = f"{name}.{part}" if name else part
        body = _toml_dumps(table, full)
        chunks.append(("\n" if chunks else "") + f"[{full}]\n" + body)
    return "".join(chunks)


def _from_hand(hand: Hand) -> tuple[dict[str, Any], dict[str, Any]]:
    """The spec fields and the user fields of a hand's history."""
    events = hand.events
    start = events[0]
    assert isinstance(start, HandStarting)
    order = hand.seats  # dealt seats, clockwise from the button's left
    n = len(order)
    player_of = {seat: k for k, seat in enumerate(order)}
    game, structure = start.game, start.structure
    code, standard = _variant_code(game, structure)

    stud = game.forced_bets == "bring_in"
    antes = [start.antes[s] + start.dead_blinds[s] for s in order]
    blinds = [start.blinds[s] for s in order]
    if n == 2 and not stud:
        antes.reverse()
        blinds.reverse()
    fields: dict[str, Any] = {"variant": code, "antes": antes}
    if any(antes) and not start.antes_shared:
        fields["ante_trimming_status"] = True  # each ante counts for its player (§6)
    if stud:
        fields["bring_in"] = structure.bring_in_amount
    else:
        fields["blinds_or_straddles"] = blinds
    fields["starting_stacks"] = [start.stacks[s] for s in order]
    fields["actions"] = _actions(events, player_of)
    if isinstance(structure, FixedLimit):
        fields["small_bet"] = structure.small_bet
        fields["big_bet"] = structure.big_bet
    else:
        fields["min_bet"] = structure.big_blind
    count = len(start.stacks)
    if order != list(range(n)) or count != n:
        fields["seats"] = [s + 1 for s in order]
        fields["seat_count"] = count
    if hand.is_over:
        result = hand.result
        fields["finishing_stacks"] = [result.final_stacks[s] for s in order]
        fields["winnings"] = [result.winnings(s) for s in order]
    user = _user_fields(start, order, standard)
    runs = [e.times for e in events if isinstance(e, RunningOut)]
    if runs:
        user[RUNOUT_COUNT] = runs[0]
    return fields, user


def _user_fields(start: HandStarting, order: Sequence[int], standard: bool) -> dict[str, Any]:
    """splitpot's own fields, which rebuild the hand exactly."""
    game, structure = start.game, start.structure
    user: dict[str, Any] = {}
    if not standard:
        user["_splitpot_variant"] = game.code
    user["_splitpot_structure"] = _structure_table(structure)
    if start.button != order[-1]:
        user["_splitpot_button"] = start.button
    if any(start.dead_blinds):
        user["_splitpot_dead_blinds"] = [start.dead_blinds[s] for s in order]
    if start.rake is not None:
        rake = start.rake
        percent = rake.percent
        table: dict[str, Any] = {
            "percent": percent if isinstance(percent, int) else str(percent),
            "no_flop_no_drop": rake.no_flop_no_drop,
        }
        if rake.cap is not None:
            table["cap"] = rake.cap
        user["_splitpot_rake"] = table
    if start.timeout_policy != "seed":
        user["_splitpot_timeout_policy"] = start.timeout_policy
    if start.max_runs > 1:
        user[MAX_RUNS] = start.max_runs
    if start.cap is not None:
        user[CAP] = start.cap
    if start.seed is not None:
        user["_splitpot_seed"] = start.seed
    return user


def _structure_table(structure: Structure) -> dict[str, Any]:
    table: dict[str, Any] = {"kind": structure.kind.value}
    if isinstance(structure, FixedLimit):
        table["small_bet"] = structure.small_bet
        table["big_bet"] = structure.big_bet
    table["small_blind"] = structure.small_blind
    table["big_blind"] = structure.big_blind
    table["ante"] = structure.ante
    table["chip_unit"] = structure.chip_unit
    if isinstance(structure, FixedLimit):
        table["max_raises"] = structure.max_raises
        hu = structure.heads_up_max_raises
        table["heads_up_max_raises"] = "none" if hu is None else hu
        table["half_bet_rule"] = structure.half_bet_rule
        table["bring_in"] = structure.bring_in
    return table


_DECISIONS = (Folding, Checking, Calling, Betting, RaisingTo, Discarding, TimingOut, BringingIn)


def _is_showdown(e: Operation) -> bool:
    return isinstance(e, (Showing, Mucking)) or _is_timed_out_show(e)


def _actions(events: Sequence[Operation], player_of: Mapping[int, int]) -> list[str]:
    """The PHH actions of a hand's events; an all-in showdown goes before the runout."""
    labels = {seat: f"p{k + 1}" for seat, k in player_of.items()}
    shows = [i for i, e in enumerate(events) if _is_showdown(e)]
    runout = _runout(events, shows[0]) if shows else set()
    out: list[str] = []
    held: list[str] = []  # the runout, written after the showdown
    advance = ""  # an advance action (§3), said on the decision it makes
    for i, e in enumerate(events):
        following = events[i + 1] if i + 1 < len(events) else None
        shown_on_timeout = isinstance(e, Showing) and i > 0 and _is_timed_out_show(events[i - 1])
        line = None if shown_on_timeout else _line(e, labels, following)
        if isinstance(e, AdvanceActing):
            advance = f" # advance {e.action}" + ("" if e.amount is None else f" {e.amount}")
        elif line is not None and advance:
            line, advance = line + advance, ""
        if line is not None:
            (held if i in runout else out).append(line)
        if held and i == shows[-1]:
            out.extend(held)
            held = []
    out.extend(held)
    return out


def _runout(events: Sequence[Operation], first_show: int) -> set[int]:
    """The dealings after the last decision before the showdown at ``first_show``: the board,
    and stud's later streets (its first cards come before any decision)."""
    decisions = [
        i
        for i, e in enumerate(events[:first_show])
        if isinstance(e, _DECISIONS) and not _is_showdown(e)
    ]
    after = decisions[-1] if decisions else 0
    dealt = (BoardDealing, HoleDealing) if decisions else (BoardDealing,)
    return {i for i in range(after + 1, first_show) if isinstance(events[i], dealt)}


def _is_timed_out_show(e: Operation) -> bool:
    return isinstance(e, TimingOut) and e.outcome == "show"


def _line(e: Operation, labels: Mapping[int, str], following: Operation | None) -> str | None:
    """The PHH action of one event (``labels``: PHH player label per seat), if it has one.
    A timeout is written as the action it amounted to, with the commentary ``# timeout``."""
    match e:
        case BoardDealing(cards=cards):
            return f"d db {_names(cards)}"
        case HoleDealing(seat=seat, cards=cards, up=up):
            return f"d dh {labels[seat]} {_names(cards + up)}"
        case BringingIn(seat=seat):
            return f"{labels[seat]} pb"
        case TimingOut(seat=seat, outcome="fold"):
            return f"{labels[seat]} f # timeout"
        case TimingOut(seat=seat, outcome="check"):
            return f"{labels[seat]} cc # timeout"
        case TimingOut(seat=seat, outcome="discard", card=card):
            return f"{labels[seat]} sd {card} # timeout"
        case TimingOut(seat=seat, outcome="show"):
            assert isinstance(following, Showing)
            return f"{labels[seat]} sm {_names(following.cards)} # timeout"
        case TimingOut(seat=seat):
            return f"# {labels[seat]} timeout all-in"
        case Showing(seat=seat, cards=cards):
            return f"{labels[seat]} sm {_names(cards)}"
        case Mucking(seat=seat):
            return f"{labels[seat]} sm"
        case Folding(seat=seat):
            return f"{labels[seat]} f"
        case SittingOut(seat=seat):
            return f"{labels[seat]} f # sits out"
        case AdvanceCancelling(seat=seat, action=action, amount=amount, reason=reason):
            # The reason names engine seats: written with the history's player labels.
            reason = re.sub(r"seat (\d+)", lambda m: labels.get(int(m[1]), m[0]), reason)
            chosen = action if amount is None else f"{action} {amount}"
            return f"# {labels[seat]} advance {chosen} cancelled: {reason}"
        case Checking(seat=seat) | Calling(seat=seat):
            return f"{labels[seat]} cc"
        case Betting(seat=seat, amount=amount) | RaisingTo(seat=seat, amount=amount):
            return f"{labels[seat]} cbr {amount}"
        case Discarding(seat=seat, card=card):
            return f"{labels[seat]} sd {card}"
    return None


def _names(cards: Iterable[object]) -> str:
    return "".join(map(str, cards))
