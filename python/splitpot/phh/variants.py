"""PHH variant codes (spec "Variant Code") and splitpot's own codes, to games and back."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from splitpot.betting import Structure
from splitpot.games import (
    CRAZY_PINEAPPLE,
    CRAZY_PINEAPPLE_HILO,
    GAMES,
    HOLDEM,
    Game,
    omaha,
)
from splitpot.phh.errors import PHHError, UnsupportedHistory

if TYPE_CHECKING:
    from splitpot.phh.record import HandHistory


VARIANTS: dict[str, str] = {
    "FT": "Fixed-limit Texas hold 'em",
    "NT": "No-limit Texas hold 'em",
    "NS": "No-limit short-deck hold 'em",
    "PO": "Pot-limit Omaha hold 'em",
    "FO/8": "Fixed-limit Omaha hold 'em high/low-split eight or better",
    "F7S": "Fixed-limit seven card stud",
    "F7S/8": "Fixed-limit seven card stud high/low-split eight or better",
    "FR": "Fixed-limit razz",
    "N2L1D": "No-limit deuce-to-seven lowball single draw",
    "F2L3D": "Fixed-limit deuce-to-seven lowball triple draw",
    "FB": "Fixed-limit badugi",
}
"""The variant codes of the PHH spec ("Required Fields") and their names."""

SPLITPOT_VARIANTS = ("NT", "FT", "PO", "FO/8")
"""The PHH variant codes :func:`replay` plays (plus splitpot's own codes, see above)."""


_CODE = re.compile(r"([FPN])(T|O|O5|O6|CP)(/8)?")
_KIND_LETTER = {"fixed_limit": "F", "pot_limit": "P", "no_limit": "N"}


def _game_for(hh: HandHistory) -> tuple[Game, str]:
    """The splitpot game and structure letter of a history, or UnsupportedHistory."""
    code = hh.variant
    match = _CODE.fullmatch(code)
    named = hh.user_fields.get("_splitpot_variant")
    if match is None:
        name = VARIANTS.get(code)
        what = f"variant {code!r}" + (f" ({name})" if name else "")
        raise UnsupportedHistory(
            f"{what} is a variant splitpot does not play; it replays "
            f"{', '.join(SPLITPOT_VARIANTS)} and its own codes",
            source=hh.source,
        )
    letter, kind, hilo = match.groups()
    if kind == "T":
        if hilo:
            raise UnsupportedHistory(
                f"variant {code!r}: splitpot plays no hold 'em hi/lo", source=hh.source
            )
        game = HOLDEM
    elif kind == "CP":
        game = CRAZY_PINEAPPLE_HILO if hilo else CRAZY_PINEAPPLE
    else:
        game = omaha(int(kind[1:] or 4), hi_lo=bool(hilo))
    if named is not None and GAMES.get(str(named)) is not game:
        raise PHHError(
            f"_splitpot_variant {named!r} is not the game of variant {code!r} ({game.code})",
            source=hh.source,
        )
    return game, letter


def _variant_code(game: Game, structure: Structure) -> tuple[str, bool]:
    """``(code, standard)``: the PHH code of a game and structure, or splitpot's."""
    letter = _KIND_LETTER[structure.kind.value]
    if game is HOLDEM:
        kind = "T"
    elif game in (CRAZY_PINEAPPLE, CRAZY_PINEAPPLE_HILO):
        kind = "CP"
    else:
        cards = game.hole_cards
        kind = "O" if cards == 4 else f"O{cards}"
    code = letter + kind + ("/8" if game.hi_lo else "")
    return code, code in SPLITPOT_VARIANTS
