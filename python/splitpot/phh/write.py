"""Writing: a splitpot :class:`~splitpot.hand.Hand` as PHH fields and actions, and TOML text."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from splitpot.betting import FixedLimit, Structure
from splitpot.hand import (
    Betting,
    BoardDealing,
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
    Showing,
    TimingOut,
)
from splitpot.phh.variants import _variant_code


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

    antes = [start.antes[s] + start.dead_blinds[s] for s in order]
    blinds = [start.blinds[s] for s in order]
    if n == 2:
        antes.reverse()
        blinds.reverse()
    fields: dict[str, Any] = {
        "variant": code,
        "antes": antes,
        "blinds_or_straddles": blinds,
        "starting_stacks": [start.stacks[s] for s in order],
        "actions": _actions(events, player_of),
    }
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
    if start.seed is not None:
        user["_splitpot_seed"] = start.seed
    return fields, user


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
    return table


_DECISIONS = (Folding, Checking, Calling, Betting, RaisingTo, Discarding, TimingOut)


def _is_showdown(e: Operation) -> bool:
    return isinstance(e, (Showing, Mucking)) or (isinstance(e, TimingOut) and e.outcome == "show")


def _actions(events: Sequence[Operation], player_of: Mapping[int, int]) -> list[str]:
    """The PHH actions of a hand's events; an all-in showdown goes before the runout."""
    shows = [i for i, e in enumerate(events) if _is_showdown(e)]
    runout: set[int] = set()
    if shows:
        first = shows[0]
        decisions = [
            i
            for i, e in enumerate(events[:first])
            if isinstance(e, _DECISIONS) and not _is_showdown(e)
        ]
        after = decisions[-1] if decisions else 0
        runout = {i for i in range(after + 1, first) if isinstance(events[i], BoardDealing)}
    out: list[str] = []
    held: list[str] = []
    skip_next_show = False
    for i, e in enumerate(events):
        line: str | None = None
        if isinstance(e, HoleDealing):
            line = f"d dh p{player_of[e.seat] + 1} {''.join(map(str, e.cards))}"
        elif isinstance(e, BoardDealing):
            line = f"d db {''.join(map(str, e.cards))}"
            if i in runout:
                held.append(line)
                line = None
        elif isinstance(e, TimingOut):
            p = f"p{player_of[e.seat] + 1}"
            if e.outcome == "fold":
                line = f"{p} f # timeout"
            elif e.outcome == "check":
                line = f"{p} cc # timeout"
            elif e.outcome == "discard":
                line = f"{p} sd {e.card} # timeout"
            elif e.outcome == "show":
                shown = events[i + 1]
                assert isinstance(shown, Showing)
                line = f"{p} sm {''.join(map(str, shown.cards))} # timeout"
                skip_next_show = True
            else:
                line = f"# {p} timeout all-in"
        elif isinstance(e, Showing):
            if skip_next_show:
                skip_next_show = False
            else:
                line = f"p{player_of[e.seat] + 1} sm {''.join(map(str, e.cards))}"
        elif isinstance(e, Mucking):
            line = f"p{player_of[e.seat] + 1} sm"
        elif isinstance(e, Folding):
            line = f"p{player_of[e.seat] + 1} f"
        elif isinstance(e, (Checking, Calling)):
            line = f"p{player_of[e.seat] + 1} cc"
        elif isinstance(e, (Betting, RaisingTo)):
            line = f"p{player_of[e.seat] + 1} cbr {e.amount}"
        elif isinstance(e, Discarding):
            line = f"p{player_of[e.seat] + 1} sd {e.card}"
        if line is not None:
            out.append(line)
        if held and shows and i == shows[-1]:
            out.extend(held)
            held = []
    out.extend(held)
    return out
