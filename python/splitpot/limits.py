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

__all__ = [
    "CLI_MAX_TOURNAMENT_PLAYERS",
    "CLI_MESSAGE_CHARS",
    "EQUITY_MAX_SAMPLES",
    "EQUITY_MAX_THREADS",
    "HAND_MAX_SEATS",
    "MAX_CHIPS",
    "MESSAGE_VALUE_CHARS",
    "PHH_MAX_ACTIONS",
    "PHH_MAX_AMOUNT_DIGITS",
    "PHH_MAX_BYTES",
    "PHH_MAX_JOBS",
    "PHH_MAX_NESTING",
    "PHH_MAX_SEATS",
    "SEED_LIMIT",
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
PHH_MAX_SEATS = 10
"""The most seats (``seat_count``, ``max(seats)``) a PHH hand may have: a table's seats."""
PHH_MAX_ACTIONS = 10_000
"""The most entries of a hand's ``actions`` (a real hand has well under a hundred)."""
PHH_MAX_AMOUNT_DIGITS = 30
"""The most digits of an amount in a PHH file (chip counts, not a billion-digit integer)."""
PHH_MAX_NESTING = 16
"""The deepest nesting of TOML arrays and tables read (PHH needs two)."""
PHH_MAX_JOBS = 64
"""The most worker processes :func:`splitpot.phh.check_files` (``splitpot replay --jobs``)
starts: each is a whole interpreter, and a pool starts them all at once."""

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
EQUITY_MAX_THREADS = 1024
"""The most threads :func:`~splitpot.equity` starts (the core's ``MAX_THREADS``)."""
