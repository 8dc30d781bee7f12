"""Hand histories in Open Hand History (OHH) JSON, the PokerTracker-stewarded standard that
PokerTracker and Hold'em Manager read (https://hh-specs.handhistory.org, spec 1.4.7): read
into PHH :class:`~splitpot.phh.HandHistory` records, which :func:`splitpot.phh.replay` plays,
and written from any hand splitpot plays that OHH can hold.

>>> import splitpot as sp
>>> from splitpot import ohh, phh
>>> hand = sp.Hand(sp.HOLDEM, sp.NoLimit(1, 2), [100, 100], seed=1)
>>> _ = hand.raise_to(6), hand.fold()
>>> text = ohh.dumps(hand)
>>> text.startswith('{"ohh": {"spec_version": "1.4.7"')
True
>>> [hh] = ohh.loads(text)
>>> phh.replay(hh).final_stacks == hand.final_stacks, phh.check(hh).status
(True, 'match')

Files (spec "Storage Format"): one ``{"ohh": {...}}`` object per hand, separated by a blank
line; :func:`dumps_all` and :func:`dump_all` write them so (one line a hand), :func:`read`,
:func:`loads` and :func:`load` take any white space between them (JSON Lines too).
``splitpot replay`` and ``splitpot show`` read ``.ohh`` and ``.json`` files and ``splitpot
convert --to ohh`` writes them.

Amounts. OHH writes decimal amounts; splitpot's chips are integers of a unit, read exactly
from the JSON text (never through a float). The unit of a hand is, in order: the ``unit=``
argument; the unit splitpot wrote (``_splitpot.unit``); one chip for a tournament
(``tournament``, or a ``tournament_info``) or play money (``currency`` ``XPM``, ``PPC`` or
none); else a cent (0.01) of the currency. A stack, blind, ante or bet finer than the unit is
refused (:class:`OHHError`, naming the field and the unit), never rounded; a pot, win or rake
finer than it (a split pot's half chip) is kept exactly, as PHH keeps ``10112.5``, for
:func:`~splitpot.phh.compare` to call an odd chip or a mismatch. Writing uses the history's
``_site_unit`` (a site's hand), else one chip: ``amount = chips * unit``, exactly.

What is read and written, field by field (spec "The Specification"):

* ``game_type`` and ``bet_limit.bet_type`` (``NL``, ``PL``, ``FL``) are the variant
  (:mod:`splitpot.ohh.games`): Holdem, Omaha and OmahaHiLo with 4, 5 or 6 hole cards (the
  count ``Dealt Cards`` show; 4 when no cards are known), Stud, StudHiLo, and Razz (splitpot's
  name, beyond the spec). ``small_blind_amount`` and ``big_blind_amount`` are the blinds; no
  limit and pot limit's ``min_bet`` is the big blind, fixed limit's small bet the big blind and
  its big bet twice it; stud's bring-in is the small blind field and its small bet the big
  blind field.
* ``players`` (``seat``, ``name``, ``starting_stack``; ``is_sitting_out`` and empty stacks
  are not dealt in) and ``dealer_seat`` set PHH's ``players``, ``seats`` and the button (the
  players go clockwise from the seat after the dealer's; an empty dealer seat is
  ``_splitpot_button``). Seat numbers are the site's, up to 10 whatever ``table_size``.
* ``rounds`` in ``id`` order, each on the next street (``Preflop``, ``Flop``, ``Turn``,
  ``River``; stud's ``Third`` to ``Seventh``), then ``Showdown``. Actions: ``Post Ante``,
  ``Post SB``, ``Post BB``, ``Straddle`` and ``Post Extra Blind`` (live blinds: a short all-in
  one is the table's blind, docs/rules/poker.md §4.1; a player posting two posts the smaller
  dead), ``Post Dead`` (dead money: ``_splitpot_dead_blinds``), ``Bring In``, ``Dealt Cards``
  (unknown hands are ``??``), ``Fold``, ``Check``, ``Call``, ``Bet`` and ``Raise`` (``amount``
  is what the player puts in with the action, spec "amount": a raise to 20 over a bet of 2
  is 18), ``Shows Cards``, ``Mucks Cards``; ``Sits Down``, ``Stands Up`` and ``Player
  Adjustment`` move no chips of the hand and are passed over. Equal antes count for their
  players (``ante_trimming_status``), unequal ones (a big-blind ante) are the table's.
* ``pots`` are the result: each player's ``win_amount`` (PHH ``winnings``), the stacks that
  leaves (``finishing_stacks``: what he had, less what he put in, plus the uncalled bet, which
  is what the pots do not hold, and his wins) and the rake (``rake`` and ``jackpot``: what a
  pot keeps of its ``amount``; ``_site_rake``). Writing, the pots are the engine's, each paid
  as the history says (a site's hand: less its rake).
* ``site_name`` (PHH ``_site``), ``game_number`` (``hand``), ``table_name`` (``table``),
  ``start_date_utc`` (``year``, ``month``, ``day``, ``time``, ``time_zone`` ``UTC``; written
  when the history's zone is known), ``currency``, ``tournament_info`` (``event``; kept
  whole in ``_ohh_tournament_info``), ``hero_player_id`` (``_ohh_hero``) and ``flags``
  (``_ohh_flags``).

A board run more than once (docs/rules/poker.md §6) is the flag ``Run_It_Twice`` (spec
"flags": "two [or more] sets of board cards") and, after the first run's streets, each next
run's streets again under the next round ids, from the street where the runs part (a
preflop all-in: ``Flop``, ``Turn``, ``River``; on the flop: ``Turn``, ``River``), with no
action on them: PHH's runs (``_splitpot_runout_count``), each run's ``d db`` after the last
run's. The pots are the engine's, each player's wins on every run added up; the replay cuts
them by run again.

Refused, each with its reason (:class:`UnsupportedOHH`, "not played" in ``splitpot
replay``): ``Draw`` games, a bomb pot, a cash-out (``cashout_amount``),
``Added Chips`` and ``Add to Pot``; and, writing, Crazy Pineapple (OHH has no discard) and a
player sitting out mid-hand (a fold out of turn). A ``bet_cap`` is capped no limit or pot
limit, read and written as the hand's ``cap`` (PHH ``_splitpot_cap``, docs/rules/poker.md §3).

splitpot's own object. What OHH cannot say and the reader would not infer is written in the
key ``_splitpot`` of the hand (other readers ignore a key they do not know): ``unit`` when it
is not the default above, the fixed-limit ``small_bet``/``big_bet`` when not the big blind
and twice it, ``ante_trimming_status`` when it is not the one inferred, ``timeouts`` (a
timeout that left a player all-in for what he had put in, docs/rules/poker.md §7) and the
history's PHH ``user_fields`` (``_splitpot_structure``, ``_splitpot_rake``, ...).

Limits (:mod:`splitpot.limits`): a text or file of at most
:data:`~splitpot.limits.OHH_MAX_BYTES`, regular files only; objects and arrays nested at most
:data:`~splitpot.limits.OHH_MAX_NESTING` deep; numbers of at most
:data:`~splitpot.limits.PHH_MAX_AMOUNT_DIGITS` digits (no ``NaN``, no ``Infinity``); at most
:data:`~splitpot.limits.PHH_MAX_SEATS` seats and :data:`~splitpot.limits.PHH_MAX_ACTIONS`
actions; a key given twice in one object is refused. Every bad input is an
:class:`OHHError` (a :class:`~splitpot.phh.PHHError`, so a ``ValueError``) naming the file,
the hand and the field; only a wrong type of argument is a ``TypeError``.
"""

from __future__ import annotations

import io  # noqa: F401 - the doctests' files
import os
from collections.abc import Iterable, Iterator
from decimal import Decimal, InvalidOperation
from typing import IO, Any

from splitpot.hand import Hand
from splitpot.limits import shown
from splitpot.ohh.errors import OHHError, UnsupportedOHH
from splitpot.ohh.fields import _bounded
from splitpot.ohh.read import read_hand
from splitpot.ohh.text import dumps_json, file_text, hands
from splitpot.ohh.write import SPEC_VERSION, write_hand
from splitpot.phh.compare import Outcome, check
from splitpot.phh.record import HandHistory

__all__ = [
    "SPEC_VERSION",
    "SUFFIXES",
    "OHHError",
    "UnsupportedOHH",
    "check_file",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "load",
    "loads",
    "read",
    "read_file",
    "to_ohh",
]

SUFFIXES = (".ohh", ".json")
"""The files read as OHH: the spec's ``.ohh`` ("Storage Format"), and ``.json``."""

Unit = Decimal | str | int | None


def _unit(unit: Unit) -> Decimal | None:
    """``unit=``: a positive amount (``Decimal("0.01")``, ``"0.01"``, ``1``), or ``None``."""
    if unit is None:
        return None
    if isinstance(unit, bool) or not isinstance(unit, (Decimal, str, int)):
        raise TypeError(f"unit must be a Decimal, a str or an int, not {type(unit).__name__}")
    try:
        value = Decimal(unit)
    except InvalidOperation:
        value = Decimal(-1)
    if not value.is_finite() or value <= 0 or not _bounded(value):
        raise OHHError(f"unit {shown(unit)} is not a positive amount")
    return value


def read(
    text: str, *, source: str | None = None, unit: Unit = None
) -> Iterator[HandHistory | OHHError]:
    """Each hand of OHH ``text``, in order: its :class:`~splitpot.phh.HandHistory`, or the
    :class:`OHHError` (an :class:`UnsupportedOHH` for a hand splitpot does not play) that stops
    it being read, in its place; reading goes on with the next hand.

    Args:
        text: the file's text (``{"ohh": ...}`` objects).
        source: names the text in messages and the histories' ``source`` (``file[3]``).
        unit: the chip unit (see the module docstring, "Amounts").

    Raises :class:`OHHError` only for a text past the size limit or a bad ``unit``.

    >>> [type(h).__name__ for h in read('{"ohh": {}}\\n\\nnot json', source="a.ohh")]
    ['OHHError', 'OHHError']
    """
    given = _unit(unit)
    for number, data in hands(text, source):
        if isinstance(data, OHHError):
            yield data
            continue
        try:
            yield read_hand(data, source=source, number=number, unit=given)
        except OHHError as e:
            yield e


def loads(text: str, *, source: str | None = None, unit: Unit = None) -> list[HandHistory]:
    """Every hand of OHH ``text`` (see :func:`read`), not replayed: :func:`splitpot.phh.replay`
    does that. Raises the first hand's :class:`OHHError`.

    >>> import splitpot as sp
    >>> hand = sp.Hand(sp.OMAHA, sp.PotLimit(5, 10), [1000, 1000, 1000], seed=2)
    >>> text = dumps(hand, unit="0.01")          # 1000 chips of 0.01: 10.00 each
    >>> '"starting_stack": 10.00' in text, '"unit": "0.01"' in text
    (True, True)
    >>> [hh] = loads(text)
    >>> hh.variant, hh.starting_stacks
    ('PO', [1000, 1000, 1000])
    """
    out = []
    for item in read(text, source=source, unit=unit):
        if isinstance(item, OHHError):
            raise item
        out.append(item)
    return out


def load(
    file: str | os.PathLike[str] | IO[bytes] | IO[str], *, unit: Unit = None
) -> list[HandHistory]:
    """Every hand of an OHH file (a path, or a file open in text or binary mode): a regular
    file of UTF-8 text within the limits. Raises :class:`OHHError` as :func:`loads` does,
    naming the file, and ``OSError`` when it cannot be opened.

    >>> import io
    >>> load(io.StringIO('{"ohh": []}'))
    Traceback (most recent call last):
    ...
    splitpot.ohh.errors.OHHError: <file>: hand 1: "ohh" must be an object, not list
    """
    text, source = file_text(file)
    return loads(text, source=source, unit=unit)


def read_file(
    file: str | os.PathLike[str] | IO[bytes] | IO[str], *, unit: Unit = None
) -> Iterator[HandHistory | OHHError]:
    """:func:`read` of an OHH file's hands (a path, or an open file): each a history or its
    error, in order. Raises :class:`OHHError` for a file past the limits or not UTF-8, and
    ``OSError`` when it cannot be opened.

    >>> [type(h).__name__ for h in read_file(io.StringIO('{"ohh": 1}'))]
    ['OHHError']
    """
    text, source = file_text(file)
    return read(text, source=source, unit=unit)


def to_ohh(hand: Hand | HandHistory, *, unit: Unit = None) -> dict[str, Any]:
    """The ``{"ohh": {...}}`` object of a splitpot :class:`~splitpot.hand.Hand` (finished or
    not) or of a :class:`~splitpot.phh.HandHistory`, which is replayed first (PHH's calls
    have no amount; OHH's have). Amounts are :class:`~decimal.Decimal`, ``amount = chips *
    unit`` (``unit``: the history's ``_site_unit``, else 1).

    Raises :class:`UnsupportedOHH` for a hand OHH cannot hold (module docstring), and the
    history's :class:`~splitpot.phh.PHHError` when it does not replay.

    >>> import splitpot as sp
    >>> to_ohh(sp.Hand(sp.HOLDEM, sp.NoLimit(1, 2), [100, 100], seed=1))["ohh"]["game_type"]
    'Holdem'
    """
    from splitpot.phh.replay import replay

    if isinstance(hand, HandHistory):
        hh, played = hand, replay(hand)
    elif isinstance(hand, Hand):
        hh, played = HandHistory.from_hand(hand), hand
    else:
        raise TypeError(f"a Hand or a HandHistory, not {type(hand).__name__}")
    given = _unit(unit)
    if given is None:
        given = _unit(str(hh.user_fields.get("_site_unit", "1")))
    assert given is not None
    return {"ohh": write_hand(hh, played, given)}


def dumps(hand: Hand | HandHistory, *, unit: Unit = None) -> str:
    """One hand as OHH text: its ``{"ohh": {...}}`` object (:func:`to_ohh`) on one line,
    amounts written as exact decimals, the text ASCII; :func:`loads` reads it back.

    >>> import splitpot as sp
    >>> hand = sp.Hand(sp.HOLDEM, sp.NoLimit(1, 2), [100, 100], seed=1)
    >>> '"small_blind_amount": 0.01' in dumps(hand, unit="0.01")
    True
    """
    return dumps_json(to_ohh(hand, unit=unit)) + "\n"


def dumps_all(hands_: Iterable[Hand | HandHistory], *, unit: Unit = None) -> str:
    """A file's text: each hand's :func:`dumps`, separated by one blank line (spec "Storage
    Format").

    >>> import splitpot as sp
    >>> two = [sp.Hand(sp.HOLDEM, sp.NoLimit(1, 2), [100, 100], seed=s) for s in (1, 2)]
    >>> len(loads(dumps_all(two)))
    2
    """
    return "\n".join(dumps(h, unit=unit) for h in hands_)


def dump(
    hand: Hand | HandHistory, file: str | os.PathLike[str] | IO[str], *, unit: Unit = None
) -> None:
    """Write :func:`dumps` of ``hand`` to a path (whole or not at all) or a text file."""
    dump_all([hand], file, unit=unit)


def dump_all(
    hands_: Iterable[Hand | HandHistory],
    file: str | os.PathLike[str] | IO[str],
    *,
    unit: Unit = None,
) -> None:
    """Write :func:`dumps_all` of ``hands_`` to a path or a text file. A path is written whole
    or not at all (a hand that cannot be written leaves no file); a file object gets the
    text hand by hand.

    >>> import io, splitpot as sp
    >>> out = io.StringIO()
    >>> dump_all([sp.Hand(sp.HOLDEM, sp.NoLimit(1, 2), [100, 100], seed=1)], out)
    >>> len(load(io.StringIO(out.getvalue())))
    1
    """
    if isinstance(file, (str, os.PathLike)):
        from splitpot import _files

        with _files.replacing(os.fspath(file)) as out:
            dump_all(hands_, out, unit=unit)
        return
    for i, hand in enumerate(hands_):
        file.write(("\n" if i else "") + dumps(hand, unit=unit))


def check_file(path: str | os.PathLike[str]) -> list[Outcome]:
    """:func:`splitpot.phh.check` of every hand of an OHH file: a hand that cannot be read is
    an ``"error"`` outcome naming the file, the hand and the field, one splitpot does not play
    ``"unsupported"``. Never raises for a bad file (one that cannot be read is one outcome).

    >>> check_file("/no/such/file.ohh")[0].status
    'error'
    """
    name = os.fspath(path)
    try:
        items = list(read_file(name))
    except OHHError as e:
        return [Outcome(name, "error", str(e))]
    except OSError as e:
        return [Outcome(name, "error", f"{name}: {e.strerror or e}")]
    out = []
    for item in items:
        if isinstance(item, UnsupportedOHH):
            out.append(Outcome(name, "unsupported", str(item)))
        elif isinstance(item, OHHError):
            out.append(Outcome(name, "error", str(item)))
        else:
            out.append(check(item))
    return out
