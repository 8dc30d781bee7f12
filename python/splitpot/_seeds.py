"""Seeds: their bound, how one is drawn, and how one is derived from another (one home).

Every seed splitpot takes is an ``int`` with ``0 <= seed < SEED_LIMIT`` (64 bits, as the
core's PRNG, ``rust/rng.rs``): :func:`check`. A seed not given is drawn (:func:`draw`),
from the system's generator or from a seeded one (a table's next hand, a tournament's
table, the terminal game's bots), so a seeded session draws the same seeds again. A seed
for one part of a larger run (hand ``i`` of a simulation, a class of a preflop table) is
derived from the run's seed and the part's path (:func:`derive`, BLAKE2b), so it does not
depend on the order or the machine the parts are played on.

The recipes are the ones the seeded commands have always used (tests/test_seeds.py pins
their output): a seed keeps dealing the same hands.

>>> derive("splitpot.simulate", 7, 3, 0, bits=63)
2199188304259064893
>>> import random
>>> draw(random.Random(1)) == draw(random.Random(1))
True
"""

from __future__ import annotations

import _random
import hashlib
import random
from collections.abc import Callable

from splitpot._core import SplitpotError
from splitpot.limits import SEED_LIMIT, shown

__all__ = [
    "DRAW_LIMIT",
    "SEED_LIMIT",
    "SHORT_LIMIT",
    "attempt",
    "check",
    "derive",
    "draw",
    "draw_bits",
    "getrandbits",
    "shuffler",
]

DRAW_LIMIT = 1 << 63
"""A seed splitpot draws (a hand's shuffle, a table's next hand, a simulation's run, a
command's table) is below this: one machine word as a Python ``int``."""

SHORT_LIMIT = 1 << 32
"""The seeded demos and the terminal games draw their hands' and bots' seeds below this
(``splitpot demo --seed 1`` prints the same hand it always has)."""

_SYSTEM = random.Random()


def check(seed: object, what: str = "seed") -> int:
    """``seed`` if it is an ``int`` with ``0 <= seed < SEED_LIMIT``; else :class:`TypeError`
    (not an int; a bool is not one) or :class:`~splitpot.SplitpotError` naming it.

    >>> check(5)
    5
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"{what} must be an int or None, got {shown(seed)}")
    if not 0 <= seed < SEED_LIMIT:
        raise SplitpotError(f"{what} must be 0 <= {what} < 2**64, got {shown(seed)}")
    return int(seed)


def draw(rng: random.Random | None = None, limit: int = DRAW_LIMIT) -> int:
    """A seed below ``limit``: from ``rng`` (a seeded generator, so that a seeded session
    draws the same seeds) or from the system's generator. ``rng.randrange(limit)``.

    >>> 0 <= draw() < DRAW_LIMIT
    True
    """
    return (_SYSTEM if rng is None else rng).randrange(limit)


def draw_bits(rng: random.Random, bits: int = 64) -> int:
    """A seed of ``bits`` random bits from a seeded generator (``rng.getrandbits``): a
    tournament's table and bots.

    >>> draw_bits(random.Random(2)) == random.Random(2).getrandbits(64)
    True
    """
    return rng.getrandbits(bits)


def getrandbits(seed: int | None) -> Callable[[int], int]:
    """``random.Random(seed).getrandbits`` for an ``int`` seed (a hand's shuffle), made
    without ``random.Random``'s Python ``__init__`` and ``seed``: CPython's C generator,
    which ``random.Random`` extends, seeds itself from an ``int`` exactly as ``seed`` does
    (tests/test_hand_fast_paths.py deals every seed both ways); ``None``, as there, seeds
    from the system's entropy.

    >>> getrandbits(9)(64) == random.Random(9).getrandbits(64)
    True
    """
    return _random.Random(seed).getrandbits


def derive(*path: object, sep: str = ":", bits: int = 64) -> int:
    """The seed of the part at ``path`` (a run's seed, then the part's names or numbers):
    the top ``bits`` of the 8-byte BLAKE2b digest of the path's text, ``sep`` between its
    items. A pure function: the same on every machine, process and order of play.

    >>> derive(3, "AA32ds", sep="/") < 2**64
    True
    """
    text = sep.join(map(str, path))
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - bits)


def attempt(seed: int, k: int) -> int:
    """The seed of a demo's ``k``-th try at a hand worth showing (``seed * 7919 + k``).

    >>> attempt(1, 0), attempt(1, 1)
    (7919, 7920)
    """
    return seed * 7919 + k


def shuffler(*path: object) -> random.Random:
    """A generator for a shuffle keyed by ``path`` (a Pan hand's seed and its reshuffle
    count): ``random.Random`` of the path's text joined by ``/``, which CPython seeds with
    the text's SHA-512 (the same on every machine).

    >>> shuffler(4, 1).random() == shuffler(4, 1).random()
    True
    """
    return random.Random("/".join(map(str, path)))
