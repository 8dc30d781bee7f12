"""Hand histories in the PHH format: load, replay through splitpot's engine, write.

PHH (Poker Hand History, https://phh.readthedocs.io) is a TOML file per hand (``.phh``), or
several hands as the tables ``[1]``, ``[2]``, ... of one file (``.phhs``). This module reads
it with the core's TOML 1.1 parser (the ``toml`` crate, giving what ``tomli`` gives), replays
every action through :class:`splitpot.hand.Hand` and writes any hand splitpot plays with
``tomli-w``.

>>> hh = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsAh", "d dh p2 7c2d", "d dh p3 ????", "p3 f", "p1 cbr 6",
...            "p2 cc", "d db AdKs9h", "p1 cbr 10", "p2 f"]
... finishing_stacks = [106, 94, 100]
... ''')
>>> hand = replay(hh)
>>> hand.final_stacks
[106, 94, 100]
>>> compare(hh, hand).status
'match'
>>> print(dumps(hand).splitlines()[0])
variant = "NT"

Fields (spec "Required Fields" and "Optional Fields"): :class:`HandHistory` has one
attribute per field of the spec; fields whose name starts with ``_`` (spec "User-defined
Fields") and any field the spec does not name are kept in :attr:`HandHistory.user_fields`
and written back as they were. Amounts are ``int``; a TOML float becomes a
:class:`~decimal.Decimal`, kept exactly (``10112.5``).

Variants (spec "Variant Code"). splitpot replays:

========== ===============================================================
``NT``     no-limit Texas hold 'em
``FT``     fixed-limit Texas hold 'em
``PO``     pot-limit Omaha hold 'em
``FO/8``   fixed-limit Omaha hold 'em hi/lo 8 or better
``F7S``    fixed-limit seven card stud
``F7S/8``  fixed-limit seven card stud hi/lo 8 or better
``FR``     fixed-limit razz
========== ===============================================================

Games and structures with no PHH code get a splitpot code of the same form, a structure
letter (``F`` fixed limit, ``P`` pot limit, ``N`` no limit), a game (``T`` hold 'em, ``O``
Omaha, ``O5``/``O6`` Omaha with 5 or 6 hole cards, ``CP`` Crazy Pineapple, ``7S`` stud,
``R`` razz) and ``/8`` for hi/lo: ``PT``, ``NO``, ``PO/8``, ``FO5``, ``NCP``, ``FCP/8``,
``N7S/8``... A history that uses one also carries the user field ``_splitpot_variant``, the
game's code in :data:`splitpot.games.GAMES` (``"crazy-pineapple8"``), so that other readers
see it is splitpot's. Any other code (``NS``, ``N2L1D``, ``F2L3D``, ``FB``) loads, but
:func:`replay` raises :class:`UnsupportedHistory` naming the file and the variant.

Actions (spec "Actions"): ``d dh p1 AcKd`` (hole cards), ``d db JcQh3s`` (board),
``p3 f``, ``p1 cc`` (check or call), ``p2 cbr 300`` (bet, raise or complete to), ``p1 pb``
(post the stud bring-in), ``p1 sd Ah``
(Crazy Pineapple discard), ``p1 sm AcKd`` (show), ``p1 sm -`` (show the cards dealt),
``p1 sm`` (muck), and ``# commentary`` anywhere. How :func:`replay` reads them:

* Every card is dealt as the history says. Every player's hole cards must be dealt, once,
  before the first player action. ``????`` (unknown) is allowed where no showdown needs
  the cards: cards a player later shows or discards fill in the unknown ones, and any still
  unknown are dealt from the rest of the deck (a seeded shuffle), as real stand-ins that no
  hand shown needs. A card dealt twice is an error.
* Each player action must come from the seat the engine has to act, after the board of its
  street was dealt (``d db``); each ``d db`` must deal exactly one street, once the betting
  before it is over. Amounts must be legal under splitpot's rules (docs/rules/poker.md §3). A
  showdown between two hands or more needs the whole board from the history; a history that
  stops earlier gets the rest of the board from the deck, and so does a single hand left at
  an all-in showdown (PokerKit ends the hand there, before the runout).
* Stud deals each player's cards street by street: ``d dh p1 KdQdQs`` (two down and the
  door card), then one card a street (``d dh p1 6h``), each once the betting before it is
  over; a player acts only when every player still in has his cards of the street. Unknown
  stand-ins keep the history's bring-in: an unknown door card is the one least likely to
  bring in (the highest left; in Razz the lowest). A hand shown fills its unknown cards by
  position, and a stud player may show twice (again after an all-in's later cards).
* A bet or raise short of the fixed-limit size that already puts every other player all-in
  (some histories write the most the others can call: ``cbr 750000`` where the raise is to
  1,200,000 and the caller has 750,000 in all) is played as the full raise; its excess comes
  back uncalled (docs/rules/poker.md §6), to the same stacks.
* Shows and mucks are applied in splitpot's showdown order (docs/rules/poker.md §5), whatever
  their order in the history (PHH writes the all-in showdown before the last board cards).
  A history that stops before a showdown decision leaves the hand at the showdown.
* Heads-up, ``antes`` and ``blinds_or_straddles`` apply in reverse (spec "Antes",
  "Blinds or Straddles"), so the button posts the small blind (not in stud, which has no
  blinds). The last player has the
  button; the first one is left of it.
* ``ante_trimming_status`` (spec "Ante Trimming Status"; PokerKit's ``ante_trimming_status``):
  ``false`` (the default) keeps every ante as dead money in the main pot, which every player
  still in may win: the engine's ``antes_shared`` (a big-blind ante is posted for the whole
  table). ``true`` first gives back the part of the largest ante that no one else matched
  (PokerKit trims the ante bets like any bet), then counts each ante toward its player's
  eligibility, as the engine does by default (docs/rules/poker.md §6). splitpot writes
  ``true`` for a hand whose antes count for their players.
* A board run more than once (docs/rules/poker.md §6): the user field
  ``_splitpot_runout_count`` says how many times (PHH has no action for the choice; PokerKit
  0.7 plays runouts but neither writes nor reads it), and ``_splitpot_max_runs`` the most the
  players could choose (default the count). Once the players still in can bet no more, the
  hand runs the board that many times; each run's ``d db`` actions follow the last run's,
  street by street, as PokerKit writes them (:attr:`HandHistory.runout_count`).
* Straddles (more than two non-zero ``blinds_or_straddles``) and fractional chips are not
  played (:class:`UnsupportedHistory`). A violation of the rules raises :class:`PHHError`
  naming the file, the action's index in ``actions`` and the reason. Nothing is repaired.

Limits (:mod:`splitpot.limits`, checked before any work; issue 15). A text or file of more
than :data:`~splitpot.limits.PHH_MAX_BYTES` is refused before it is parsed; tables and arrays
nest at most :data:`~splitpot.limits.PHH_MAX_NESTING` levels (the parser's own bound of 80
levels is refused the same way); a hand has at most :data:`~splitpot.limits.PHH_MAX_SEATS` players,
``seat_count`` and ``max(seats)``, and at most :data:`~splitpot.limits.PHH_MAX_ACTIONS`
actions; every amount (stacks, antes, blinds, bets, ``cbr``, splitpot's fields) has at most
:data:`~splitpot.limits.PHH_MAX_AMOUNT_DIGITS` digits. A ``cbr`` amount is plain ASCII digits
with at most one decimal point (``100``, ``100.0``): no sign, exponent, ``_`` or other
script's digits. Everything wrong with the input is a :class:`PHHError` (a
:class:`~splitpot.SplitpotError`, so a ``ValueError``) naming the source, the field or the
action's index, the value cut short and the limit, and :func:`check` and :func:`check_file`
make it an ``"error"`` outcome. Bytes that are not UTF-8 are a :class:`PHHError`; only the
wrong type of argument is a ``TypeError``, as in Python's own readers: :func:`loads` of
anything but a ``str`` (bytes go through :func:`load`), or a file whose ``read()`` gives
neither ``str`` nor ``bytes``. :func:`find_files` leaves out names that are not regular files
(a FIFO named ``x.phh`` would block), and :func:`check_file` refuses one given by name
without waiting on it.

Writing (:func:`dumps`, :func:`dump`, :func:`dumps_all`): every hand splitpot plays, finished
or not. Besides the spec's fields, splitpot writes what it needs to rebuild the hand exactly:

* ``_splitpot_structure``: the betting structure's parameters (``kind``, blinds, bets,
  ``ante``, ``chip_unit``, fixed-limit caps); it wins over ``min_bet``/``small_bet``/``big_bet``
  on replay, which must agree with it.
* ``_splitpot_variant`` for the splitpot codes above; ``_splitpot_seed`` (the shuffle's seed,
  for reference).
* ``seats`` and ``seat_count`` (spec fields, 1-based) when the hand's seats are not ``0 ..
  n - 1`` with the button last (a table with empty seats, a moved button), and
  ``_splitpot_button`` (0-based) when the button is not the last player's seat (an empty
  seat). :func:`replay` lays the seats out by ``seats`` whenever a history has it.
* ``_splitpot_dead_blinds`` (a missed blind made up, per player in ``players`` order, never
  reversed): also added to ``antes``, so that other readers put the same dead money in the
  pot. ``_splitpot_rake`` (``percent`` as an int or ``"5/2"``, ``cap``,
  ``no_flop_no_drop``), ``_splitpot_timeout_policy``, ``_splitpot_max_runs`` and
  ``_splitpot_runout_count`` (a hand whose board may be, or was, run more than once), and
  ``_splitpot_cap`` (capped no limit or pot limit: the most each player may put in the
  hand, docs/rules/poker.md §3; PHH has no field for it).
* Timeouts (docs/rules/poker.md §7) have no PHH action: the action a timeout amounted to gets the
  commentary ``# timeout`` (``p3 f # timeout``, ``p3 cc # timeout``, ``p3 sd Ah # timeout``,
  ``p3 sm AhKd # timeout``); a timeout that leaves the player all-in for what he has put in
  is the no-op ``# p3 timeout all-in``, which other readers skip.
* An all-in showdown is written before the board cards dealt after the betting ended, as
  PokerKit plays it. splitpot shows and mucks once the whole board is out, PokerKit before
  the runout: a hand where someone mucks at an all-in showdown replays in splitpot, but
  PokerKit ends it at the muck and cannot deal the rest of the board. A hand whose betting
  splitpot's rules allow and PokerKit's do not (docs/rules/poker.md §3 DECISIONs, such as
  completing a short all-in bet in fixed limit, or a raise no one left can match) is
  splitpot's, not PokerKit's, either.

Reading back and replaying a written hand gives the same hand: the same seats, stakes and
every event after the set-up record (:class:`~splitpot.hand.HandStarting` itself differs only
in that the cards become given cards instead of a shuffle, and in ``auto_showdown``).
"""

from __future__ import annotations

from splitpot.phh.compare import (
    Comparison,
    Outcome,
    UnreadableOnWorker,
    check,
    check_file,
    check_files,
    compare,
    find_files,
)
from splitpot.phh.errors import PHHError, UnsupportedHistory
from splitpot.phh.record import HandHistory
from splitpot.phh.replay import replay
from splitpot.phh.toml_io import (
    dump,
    dump_all,
    dumps,
    dumps_all,
    load,
    load_all,
    loads,
    loads_all,
)
from splitpot.phh.variants import SPLITPOT_VARIANTS, VARIANTS

__all__ = [
    "SPLITPOT_VARIANTS",
    "VARIANTS",
    "Comparison",
    "HandHistory",
    "Outcome",
    "PHHError",
    "UnreadableOnWorker",
    "UnsupportedHistory",
    "check",
    "check_file",
    "check_files",
    "compare",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "find_files",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "replay",
]
