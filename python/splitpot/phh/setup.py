"""Replay set-up: a history's seats, stacks, forced bets, structure and rake, per engine seat."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from splitpot.betting import FixedLimit, Structure
from splitpot.cards import DECK_SIZE
from splitpot.games import Game
from splitpot.hand.setup import HandOptions
from splitpot.limits import PHH_MAX_AMOUNT_DIGITS, shown
from splitpot.phh.errors import PHHError, UnsupportedHistory
from splitpot.phh.record import AMOUNT_BOUND, HandHistory, _digits_ok
from splitpot.phh.variants import StructureClass, _variant
from splitpot.phh.write import CAP, MAX_RUNS, RUNOUT_COUNT
from splitpot.pots import Rake

_INT = {int}
_DIGITS = f"[0-9]{{1,{PHH_MAX_AMOUNT_DIGITS}}}"
_FRACTION = re.compile(f"{_DIGITS}(?:/{_DIGITS})?")  # a rake percent: "5" or "5/2"


def _chips(value: object, what: str, source: str | None, index: int | None = None) -> int:
    """An amount as whole chips: ints, and floats that are whole (``100.0``), of at most
    :data:`~splitpot.limits.PHH_MAX_AMOUNT_DIGITS` digits (checked before ``int()``)."""
    if type(value) is int and -AMOUNT_BOUND < value < AMOUNT_BOUND:
        return value
    if index is not None:
        what = f"{what}[{index}]"
    if type(value) is int or (isinstance(value, Decimal) and not _digits_ok(value)):
        raise PHHError(
            f"{what} has more than {PHH_MAX_AMOUNT_DIGITS} digits: {shown(value)}", source=source
        )
    if isinstance(value, Decimal) and value.is_finite():
        if value == value.to_integral_value():
            return int(value)
        raise UnsupportedHistory(
            f"{what} is {value}: fractional chips are not played (chips are whole numbers)",
            source=source,
        )
    raise PHHError(f"{what} must be a whole number of chips, got {shown(value)}", source=source)


def _chips_list(values: Sequence[object], what: str, source: str | None) -> list[int]:
    # No generator when every value is a plain int: one Python call fewer per value.
    if values and set(map(type, values)) == _INT:
        ints: Sequence[int] = values  # type: ignore[assignment]
        if max(map(abs, ints)) < AMOUNT_BOUND:
            return list(ints)
    return [_chips(v, what, source, i) for i, v in enumerate(values)]


@dataclass
class _Setup:
    """A history's hand, per engine seat: the options it gives (the button, the forced
    bets, the rake...: :class:`~splitpot.hand.HandStarting`'s), and how its players sit."""

    game: Game
    structure: Structure
    seat_of: list[int]  # PHH player -> engine seat
    seat_count: int
    stacks: list[int | None]
    options: HandOptions
    runs: int | None = None  # the runs of the board the players chose, if the history says

    @property
    def max_runs(self) -> int:
        """The most runs of the board the players may choose (docs/rules/poker.md §6)."""
        return self.options.get("max_runs", 1)


def seat_layout(hh: HandHistory) -> tuple[list[int], int, int]:
    """``(seat_of, seat_count, button)``: engine seat of each player, from ``seats``."""
    n = len(hh.starting_stacks)
    src = hh.source
    hh._check_seats(n)  # the record was checked when made, but may have been changed since
    if hh.seats is None:
        seat_of = list(range(n))
        count = n if hh.seat_count is None else hh.seat_count
        if count < n:
            raise PHHError(f"seat_count {count} is less than the {n} players", source=src)
    else:
        seat_of = [s - 1 for s in hh.seats]
        count = max(hh.seats) if hh.seat_count is None else hh.seat_count
        if len(set(seat_of)) != n or min(seat_of) < 0 or max(seat_of) >= count:
            raise PHHError(f"seats {hh.seats} must be distinct seat numbers 1..{count}", source=src)
        # Players are listed clockwise from the small blind: the seat numbers must go
        # round the table once (ascending, wrapping at most once).
        wraps = len([b for a, b in zip(seat_of, seat_of[1:] + seat_of[:1]) if b < a])  # noqa: B905
        if n > 1 and wraps != 1:
            raise PHHError(
                f"seats {hh.seats} are not in clockwise order from the first player",
                source=src,
            )
    button = seat_of[-1]
    if "_splitpot_button" in hh.user_fields:
        button = hh.user_fields["_splitpot_button"]
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < count:
            raise PHHError(f"_splitpot_button must be a seat 0..{count - 1}", source=src)
    return seat_of, count, button


_Params = tuple[tuple[str, Any], ...]
_SHARED: dict[tuple[StructureClass, _Params], Structure] = {}
_SHARED_MAX = 256  # stakes in use at once; a corpus has a few dozen


def _structure(hh: HandHistory, kind: StructureClass, small: int, big: int, ante: int) -> Structure:
    """The betting structure: ``_splitpot_structure`` if given, else from the spec fields.
    Structures are frozen records: equal stakes give one shared object."""
    src = hh.source
    spec: Any = hh.user_fields.get("_splitpot_structure")
    if spec is not None:
        params = _written_structure(hh, kind, spec)
    elif kind is FixedLimit:
        small_bet = _chips(hh.small_bet, "small_bet", src)
        params = {
            "small_bet": small_bet,
            "big_bet": _chips(hh.big_bet, "big_bet", src),
            "small_blind": small,
            "big_blind": big or small_bet,
            "ante": ante,
        }
        if hh.bring_in is not None:  # stud (docs/rules/poker.md §4.2)
            params["bring_in"] = _chips(hh.bring_in, "bring_in", src)
    else:
        params = {
            # No-limit and pot-limit stud: the bring-in is the structure's small blind
            # (docs/rules/poker.md §4.2 DECISION).
            "small_blind": small if hh.bring_in is None else _chips(hh.bring_in, "bring_in", src),
            "big_blind": _chips(hh.min_bet, "min_bet", src),
            "ante": ante,
        }
    try:
        key = (kind, tuple(params.items()))
        structure = _SHARED.get(key)
        if structure is None:
            if len(_SHARED) >= _SHARED_MAX:
                _SHARED.clear()
            structure = _SHARED[key] = kind(**params)
    except (TypeError, ValueError) as e:
        raise PHHError(f"bad betting structure: {e}", source=src) from None
    if spec is not None:  # the spec fields must agree with splitpot's own
        if isinstance(structure, FixedLimit):
            pairs = [("small_bet", structure.small_bet), ("big_bet", structure.big_bet)]
        else:
            pairs = [("min_bet", structure.big_blind)]
        for name, want in pairs:
            value = getattr(hh, name)
            if value is None or _chips(value, name, src) != want:
                raise PHHError(f"{name} is {value}, but the structure says {want}", source=src)
    return structure


def _written_structure(hh: HandHistory, kind: StructureClass, spec: Any) -> dict[str, Any]:
    """The parameters of ``_splitpot_structure``, checked against the variant."""
    if not isinstance(spec, dict):
        raise PHHError("_splitpot_structure must be a table", source=hh.source)
    params = dict(spec)
    written = params.pop("kind", None)
    if written != kind.kind.value:
        raise PHHError(
            f"_splitpot_structure kind {shown(written)} is not the structure of variant "
            f"{shown(hh.variant)}",
            source=hh.source,
        )
    if params.get("heads_up_max_raises") == "none":
        params["heads_up_max_raises"] = None
    for name, value in params.items():
        _bounded(value, f"_splitpot_structure {name}", hh.source)
    return params


def _rake(hh: HandHistory) -> Rake | None:
    spec: Any = hh.user_fields.get("_splitpot_rake")
    if spec is None:
        return None
    try:
        params = dict(spec)
        percent = params.get("percent", 0)
        if isinstance(percent, str):
            # Only "N" or "N/D" in plain digits: Fraction() also reads "1e999999999".
            if _FRACTION.fullmatch(percent) is None:
                raise ValueError(f"percent must be written N or N/D, got {shown(percent)}")
            params["percent"] = Fraction(percent)
        for name, value in params.items():
            _bounded(value, f"_splitpot_rake {name}", hh.source)
        return Rake(**params)
    except (TypeError, ValueError, ZeroDivisionError) as e:
        raise PHHError(f"bad _splitpot_rake {shown(spec)}: {e}", source=hh.source) from None


def _bounded(value: object, what: str, source: str | None) -> None:
    """An int parameter of a splitpot field has at most the digits of an amount."""
    if type(value) is int and not -AMOUNT_BOUND < value < AMOUNT_BOUND:
        raise PHHError(
            f"{what} has more than {PHH_MAX_AMOUNT_DIGITS} digits: {shown(value)}", source=source
        )


def _setup(hh: HandHistory) -> _Setup:
    src = hh.source
    game, kind = _variant(hh.variant, hh.user_fields.get("_splitpot_variant"), src)
    seat_of, count, button = seat_layout(hh)
    stacks = _chips_list(hh.starting_stacks, "starting_stacks", src)
    if min(stacks) <= 0:
        i = [s > 0 for s in stacks].index(False)
        raise PHHError(f"starting_stacks[{i}] must be > 0, got {stacks[i]}", source=src)
    antes, blinds, dead = _forced_bets(hh)
    posted = sorted(set(blinds).difference((0,)))
    if len(blinds) - blinds.count(0) > 2 and "_splitpot_structure" not in hh.user_fields:
        raise UnsupportedHistory(
            f"blinds_or_straddles {hh.blinds_or_straddles}: straddles are not played", source=src
        )
    small = posted[0] if len(posted) > 1 else 0
    if len(blinds) > 2 and blinds[0] and blinds[0] == blinds[1]:
        small = blinds[0]  # equal blinds: PHH's first is the small blind (poker.md §4.1)
    big = posted[-1] if posted else 0
    if hh.ante_trimming_status:
        antes = _trim_antes(antes, stacks)
    uniform = antes[0] if len(set(antes)) == 1 else 0
    structure = _structure(hh, kind, small, big, uniform)
    policy = hh.user_fields.get("_splitpot_timeout_policy", "seed")
    if policy not in ("seed", "check_or_fold"):
        raise PHHError(f"unknown _splitpot_timeout_policy {shown(policy)}", source=src)
    # Per engine seat; an empty seat has no stack and posts nothing.
    seat_stacks: list[int | None] = [None] * count
    seat_antes, seat_blinds, seat_dead = [0] * count, [0] * count, [0] * count
    for k, seat in enumerate(seat_of):
        seat_stacks[seat] = stacks[k]
        seat_antes[seat] = antes[k]
        seat_blinds[seat] = blinds[k]
        seat_dead[seat] = dead[k]
    most, runs = (
        _runs(hh) if RUNOUT_COUNT in hh.user_fields or MAX_RUNS in hh.user_fields else (1, None)
    )
    options: HandOptions = {
        "button": button,
        "antes": seat_antes,
        "blinds": seat_blinds,
        "dead_blinds": seat_dead,
        "rake": _rake(hh),
        "timeout_policy": str(policy),
        "antes_shared": not hh.ante_trimming_status,
        "max_runs": most,
    }
    if CAP in hh.user_fields:
        options["cap"] = _cap(hh.user_fields[CAP], src)
    return _Setup(game, structure, seat_of, count, seat_stacks, options, runs)


def _cap(value: object, source: str | None) -> int:
    """``_splitpot_cap``: the most each player may put in the hand (§3), whole chips > 0."""
    cap = _chips(value, CAP, source)
    if cap <= 0:
        raise PHHError(f"{CAP} must be > 0, got {cap}", source=source)
    return cap


def _runs(hh: HandHistory) -> tuple[int, int | None]:
    """``(max_runs, runs)`` of the history: ``_splitpot_max_runs`` (default the runs chosen,
    else 1) and ``_splitpot_runout_count`` (``None`` when the history does not say)."""
    fields = hh.user_fields
    runs = _run_count(fields.get(RUNOUT_COUNT), RUNOUT_COUNT, hh.source)
    most = _run_count(fields.get(MAX_RUNS), MAX_RUNS, hh.source)
    if most is None:
        most = runs or 1
    elif runs is not None and runs > most:
        raise PHHError(f"{RUNOUT_COUNT} is {runs}, more than {MAX_RUNS} ({most})", source=hh.source)
    return most, runs


def _run_count(value: object, name: str, source: str | None) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= DECK_SIZE:
        raise PHHError(
            f"{name} must be a number of runs 1..{DECK_SIZE}, got {shown(value)}", source=source
        )
    return value


def _forced_bets(hh: HandHistory) -> tuple[list[int], list[int], list[int]]:
    """``(antes, blinds, dead)`` per player, in the order the players post them: the antes
    without the dead blinds (``_splitpot_dead_blinds``), which are posted apart."""
    src = hh.source
    n = len(hh.starting_stacks)
    antes = _chips_list(hh.antes, "antes", src)
    blinds = _chips_list(hh.blinds_or_straddles or [0] * n, "blinds_or_straddles", src)
    if n == 2 and hh.bring_in is None:  # heads-up blinds apply in reverse (spec "Blinds")
        antes.reverse()
        blinds.reverse()
    raw_dead = hh.user_fields.get("_splitpot_dead_blinds")
    if raw_dead is None:
        return antes, blinds, [0] * n
    if not isinstance(raw_dead, list) or len(raw_dead) != n:
        raise PHHError(f"_splitpot_dead_blinds must give one amount per player ({n})", source=src)
    dead = _chips_list(raw_dead, "_splitpot_dead_blinds", src)
    for i in range(n):
        if dead[i] > antes[i]:
            raise PHHError(
                f"antes of p{i + 1} ({antes[i]}) must include its dead blind ({dead[i]})",
                source=src,
            )
        antes[i] -= dead[i]
    return antes, blinds, dead


def _trim_antes(antes: list[int], stacks: list[int]) -> list[int]:
    """``ante_trimming_status = true`` (spec "Ante Trimming Status", as PokerKit plays it):
    the part of the largest ante posted that no one matched goes back; then the antes count
    with the contributions, as the engine counts them without ``antes_shared`` (§6)."""
    posted = [min(a, s) for a, s in zip(antes, stacks)]  # noqa: B905 - same length
    if len(posted) < 2:
        return [0] * len(posted)  # one player: no one matches his ante; it all goes back
    second = sorted(posted)[-2]
    return [min(p, second) for p in posted]
