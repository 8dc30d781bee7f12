"""Every limit splitpot puts on its input, in one place (issue 15: bounded time and memory).

Each limit is checked before any work starts, and going past it raises a
:class:`~splitpot.SplitpotError` (a ``ValueError``) that names the argument, the value (cut
short) and the limit. The Rust core enforces its own with the same numbers (its constants are
read back here where the core exports them).

>>> from splitpot import limits
>>> limits.PHH_MAX_SEATS
10
"""

from __future__ import annotations

from splitpot import _core

__all__ = [
    "BATCH_MAX_BYTES",
    "CARDS_PER_ARGUMENT",
    "CLI_MAX_TOURNAMENT_PLAYERS",
    "CLI_MESSAGE_CHARS",
    "EQUITY_MAX_PLAYERS",
    "EQUITY_MAX_SAMPLES",
    "EQUITY_MAX_THREADS",
    "HAND_CARDS",
    "HAND_MAX_SEATS",
    "ICM_MAX_PLAYERS",
    "ICM_MAX_WORK",
    "MAX_CHIPS",
    "MESSAGE_VALUE_CHARS",
    "OHH_MAX_BYTES",
    "OHH_MAX_NESTING",
    "OMAHA_BOARD_CARDS",
    "OMAHA_HOLE_CARDS",
    "PAN_BATCH_MELDS",
    "PAN_CARDS",
    "PAN_MAX_ACTIONS",
    "PAN_MAX_RESHUFFLES",
    "PAN_MAX_SEATS",
    "PAN_MELD_CARDS",
    "PAN_TABLE_MELDS",
    "PHH_MAX_ACTIONS",
    "PHH_MAX_AMOUNT_DIGITS",
    "PHH_MAX_BYTES",
    "PHH_MAX_JOBS",
    "PHH_MAX_NESTING",
    "PHH_MAX_SEATS",
    "SEED_LIMIT",
    "SITE_MAX_HAND_LINES",
    "SITE_MAX_LINE_BYTES",
    "TABLE_MAX_BYTES",
    "TABLE_MAX_META_BYTES",
    "TABLE_MAX_SAMPLES",
    "shown",
]

# --------------------------------------------------------------------------- messages

MESSAGE_VALUE_CHARS = 60
"""An offending value is quoted in an error message cut to this many characters."""


def shown(value: object) -> str:
    """``repr(value)`` cut to :data:`MESSAGE_VALUE_CHARS` characters, for error messages.

    >>> shown("5c" * 100)
    "'5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5... (202 characters)"
    """
    if isinstance(value, int) and value.bit_length() > 4 * MESSAGE_VALUE_CHARS:
        digits = int(value.bit_length() * 0.30103) + 1  # log10(2): no int-to-text conversion
        return f"<an int of about {digits} digits>"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        return f"<{type(value).__name__}>"
    if len(text) <= MESSAGE_VALUE_CHARS:
        return text
    return f"{text[:MESSAGE_VALUE_CHARS]}... ({len(text)} characters)"


CLI_MAX_TOURNAMENT_PLAYERS = 1000
"""The most players ``splitpot simulate --tournament`` seats (a bot tournament of a thousand
players already plays for minutes)."""
CLI_MESSAGE_CHARS = 500
"""The ``splitpot`` command prints an error as one line of at most this many characters."""

# --------------------------------------------------------------------------- PHH

PHH_MAX_BYTES = 64 << 20
"""The largest PHH text (a ``.phh`` or ``.phhs`` file) read, in bytes: 64 MiB."""
SITE_MAX_HAND_LINES = 2000
"""The most lines one hand of a poker site's text file may have (a ten-handed stud hand with
chat runs to about 150)."""
SITE_MAX_LINE_BYTES = 64 << 10
"""The longest line of a site's text file read whole, in bytes; a longer one is cut there."""
PHH_MAX_SEATS = 10
"""The most seats (``seat_count``, ``max(seats)``) a PHH hand may have: a table's seats."""
PHH_MAX_ACTIONS = 10_000
"""The most entries of a hand's ``actions`` (a real hand has well under a hundred)."""
PHH_MAX_AMOUNT_DIGITS = 39
"""The most digits of an amount in a PHH file (chip counts, not a billion-digit integer): as
many as :data:`MAX_CHIPS` has, so every hand splitpot plays can be written and read back
(one chip limit everywhere)."""
PHH_MAX_NESTING = 16
"""The deepest nesting of TOML arrays and tables read (PHH needs two)."""
OHH_MAX_BYTES = PHH_MAX_BYTES
"""The largest Open Hand History text (a ``.ohh`` or ``.json`` file of many hands) read, in
bytes: the PHH reader's 64 MiB."""
OHH_MAX_NESTING = 16
"""The deepest nesting of OHH objects and arrays read (a hand needs five: ``rounds``, a round,
``actions``, an action, ``cards``). The other bounds of a hand are PHH's: seats, actions and
digits of an amount."""
PHH_MAX_JOBS = 64
"""The most worker processes :func:`splitpot.phh.check_files` (``splitpot replay --jobs``)
starts: each is a whole interpreter, and a pool starts them all at once."""

# --------------------------------------------------------------------------- Pan

PAN_MAX_SEATS = 255
"""The most seats a Pan hand (:class:`~splitpot.pan.PanHand`, a Pan history's
``seat_count``) has, empty ones included: ``PanRules.players_max`` is a byte, at most 255."""
PAN_MAX_RESHUFFLES = 3
"""The most times the stock of one Pan hand is rebuilt from the dead discards (HOUSE
``stockExhausted = "reshuffleDead"``, docs/rules/pan.md §6.6): the next time it runs out the
hand is void and the tops carry over. Without a bound two players who draw and reject could
play one hand for ever; with it a hand draws at most four times the deck."""
PAN_MAX_ACTIONS = 200_000
"""The most entries of a Pan history's ``actions``: above the longest hand the rules allow
(four passes of the largest deck, 20,400 cards, each draw followed by a reject or a discard),
far above a real one (a few hundred)."""

# --------------------------------------------------------------------------- preflop tables

TABLE_MAX_BYTES = 64 << 20
"""The largest preflop table file :func:`splitpot.tables.load` reads, in bytes: 64 MiB (the
whole 169 x 169 Hold'em table is under 2 MB)."""
TABLE_MAX_SAMPLES = 10**8
"""The most Monte Carlo deals per class of an Omaha Hi/Lo table (``samples``,
``splitpot table build omaha8 --samples``): about 1.5 hours of one core per class, and a
plan of 4 million draws per class in memory (the default is 10,000)."""
TABLE_MAX_META_BYTES = 1 << 20
"""The largest metadata of a table file read, in bytes (characters for ``.npz``): 1 MiB (the
7,566 Omaha classes take under 100 KB)."""

# --------------------------------------------------------------------------- Python API

MAX_CHIPS = (1 << 128) - 1
"""The largest chip amount accepted anywhere (a stack, a blind, a bet, a pot): 2**128 - 1,
39 digits. Far above any real game, and small enough that every message can quote it."""
HAND_MAX_SEATS = 10
"""The most seats a :class:`~splitpot.hand.Hand` has, empty ones included: a table's seats."""
SEED_LIMIT = 1 << 64
"""A shuffle seed is an ``int`` with ``0 <= seed < SEED_LIMIT`` (64 bits, as the core's)."""
EQUITY_MAX_SAMPLES = (1 << 63) - 1
"""The most Monte Carlo deals :func:`~splitpot.equity` is asked for (the core counts in 64
bits; a time limit or Ctrl-C stops a long run)."""
ICM_MAX_PLAYERS = 10_000
"""The most stacks :func:`splitpot.icm.icm_equity` reads (a tournament's whole field; ICM is
asked of final tables)."""
ICM_MAX_WORK = 40_000_000
"""The most work one sampled :func:`splitpot.icm.icm_equity` may take, counted before it
starts as ``samples x paid places x (players + 20)``: each place of each sample draws among
the players left, at about the cost of summing 20 stacks for the draw itself. About one or
two seconds of pure Python; a larger question is refused with its count (pass fewer
``samples``)."""
EQUITY_MAX_THREADS = 1024
"""The most threads :func:`~splitpot.equity` starts (the core's ``MAX_THREADS``)."""

BATCH_MAX_BYTES = 4 << 30
"""The most working memory a numpy batch evaluation may take, estimated before any work
from its shape (a checked copy, its mask, the results): 4 GiB."""

# --------------------------------------------------------------------------- the Rust core

_CORE: dict[str, int] = dict(_core._limits())  # rust/limits.rs: the core enforces these
HAND_CARDS = _CORE["HAND_CARDS"]
"""The most cards a high, low or razz evaluation reads (7)."""
OMAHA_HOLE_CARDS = _CORE["OMAHA_HOLE_CARDS"]
"""The most Omaha hole cards read (6)."""
OMAHA_BOARD_CARDS = _CORE["OMAHA_BOARD_CARDS"]
"""The most Omaha board cards read (5)."""
CARDS_PER_ARGUMENT = _CORE["DECK_CARDS"]
"""The most cards any other poker argument reads (a deck, 52); a card read twice is refused
as soon as it comes."""
PAN_MELD_CARDS = _CORE["PAN_MELD_CARDS"]
"""The most cards of a Pan meld read lazily (11)."""
PAN_TABLE_MELDS = _CORE["PAN_TABLE_MELDS"]
"""The most melds of a Pan table read lazily (11)."""
PAN_CARDS = _CORE["PAN_CARDS"]
"""The most cards any other Pan argument reads (the largest deck the rules allow)."""
PAN_BATCH_MELDS = _CORE["PAN_BATCH_MELDS"]
"""The most melds :func:`splitpot.pan.classify_many` reads."""
EQUITY_MAX_PLAYERS = _CORE["EQUITY_PLAYERS"]
"""The most players :func:`~splitpot.equity` reads (23: a deck deals no more hold'em hands)."""
