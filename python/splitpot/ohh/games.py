"""splitpot's games as OHH names them, and back: ``game_type``, ``bet_limit.bet_type`` and the
rounds' ``street``. The games and their cards come from the one catalogue
(:data:`splitpot.games.GAMES`), the PHH variant codes from :mod:`splitpot.phh.variants`.

OHH 1.4.7 ("game_type") names ``Holdem``, ``Omaha``, ``OmahaHiLo``, ``Stud``, ``StudHiLo``
and ``Draw``; Omaha's hole cards (4, 5 or 6) are the count each player is dealt. The spec
names the streets of the flop games only (``Preflop``, ``Flop``, ``Turn``, ``River``,
``Showdown``) and has no bring-in: splitpot writes stud's rounds by the catalogue's streets
the same way (``Third`` ... ``Seventh``), its bring-in as ``Bring In``, and Razz, which has no
game_type (``Stud`` is played high), as ``Razz``: beyond the spec, which another reader
refuses rather than misreads. Crazy Pineapple's discard has no action: refused.
"""

from __future__ import annotations

from splitpot.betting import FixedLimit, NoLimit, PotLimit, Structure
from splitpot.games import (
    CRAZY_PINEAPPLE,
    CRAZY_PINEAPPLE_HILO,
    GAMES,
    RAZZ,
    Game,
    Valuation,
)
from splitpot.phh.variants import _CODE_OF, StructureClass

SHOWDOWN = "Showdown"
"""The street of the showdown round (spec "street")."""

BET_TYPES: dict[str, StructureClass] = {"NL": NoLimit, "PL": PotLimit, "FL": FixedLimit}
"""``bet_limit.bet_type`` (spec "bet_type") to splitpot's betting structure."""
BET_TYPE_OF = {cls.kind: name for name, cls in BET_TYPES.items()}

_REFUSED = {
    CRAZY_PINEAPPLE.code: "OHH has no action for Crazy Pineapple's discard after the flop",
    CRAZY_PINEAPPLE_HILO.code: "OHH has no action for Crazy Pineapple's discard after the flop",
}


def game_type(game: Game) -> str | None:
    """The OHH ``game_type`` of a game splitpot plays, ``None`` when OHH cannot say it
    (:func:`refused` says why)."""
    if game.code in _REFUSED:
        return None
    if game is RAZZ:
        return "Razz"  # splitpot's: the spec has none (module docstring)
    stud = game.forced_bets == "bring_in"
    family = "Stud" if stud else "Omaha" if game.high is Valuation.OMAHA else "Holdem"
    return family + ("HiLo" if game.hi_lo else "")


def refused(game: Game) -> str:
    """Why OHH cannot hold a hand of ``game`` (a game :func:`game_type` gives ``None`` for)."""
    return _REFUSED.get(game.code, f"OHH has no game_type for {game.name}")


_READ: dict[tuple[str, int], Game] = {}
for _game in GAMES.values():
    _type = game_type(_game)
    if _type is not None:
        _READ[(_type, _game.hole_cards)] = _game

HOLE_CARDS: dict[str, tuple[int, ...]] = {}
"""The hole card counts splitpot deals for each game_type (``Omaha``: 4, 5 and 6)."""
for _type, _count in sorted(_READ):
    HOLE_CARDS.setdefault(_type, ())
    HOLE_CARDS[_type] += (_count,)


def game_of(name: str, hole_cards: int) -> Game | None:
    """The game of ``game_type`` ``name`` dealing ``hole_cards`` cards, if splitpot plays it."""
    return _READ.get((name, hole_cards))


def variant_code(game: Game, structure: StructureClass | Structure) -> str:
    """The PHH variant code of a game and structure (``NT``, ``PO5``, ``F7S/8``)."""
    return _CODE_OF[(game.code, structure.kind)]


def street_name(game: Game, index: int) -> str:
    """The OHH ``street`` of the game's ``index``-th street: the catalogue's name, capitalized
    (``Preflop``, ``Flop``; stud's ``Third``)."""
    return game.streets[index].name.capitalize()
