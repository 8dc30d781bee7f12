"""PHH variant codes (spec "Variant Code") and splitpot's own codes, to games and back.

A code is a structure letter and a game part: ``N`` + ``T`` is ``NT``, ``F`` + ``O/8`` is
``FO/8``, ``N`` + ``CP`` is splitpot's ``NCP``. :data:`_STRUCTURE_LETTERS` and
:data:`_GAME_PARTS` are the whole relation; reading (:func:`_variant`) and writing
(:func:`_variant_code`) both look it up in :data:`_BY_CODE`, built from them.
"""

from __future__ import annotations

from typing import NamedTuple, Union

from splitpot.betting import BettingStructure, FixedLimit, NoLimit, PotLimit, Structure
from splitpot.games import (
    CRAZY_PINEAPPLE,
    CRAZY_PINEAPPLE_HILO,
    GAMES,
    HOLDEM,
    OMAHA,
    OMAHA_HILO,
    RAZZ,
    SEVEN_CARD_STUD,
    SEVEN_CARD_STUD_HILO,
    Game,
    omaha,
)
from splitpot.limits import shown
from splitpot.phh.errors import PHHError, UnsupportedHistory

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

_UNPLAYED_NAMES = {
    "NS": "No-limit Short-deck Hold'em",
    "N2L1D": "No-limit 2-7 Single Draw",
    "F2L3D": "Limit 2-7 Triple Draw",
    "FB": "Limit Badugi",
}
"""The games of the PHH codes splitpot does not play, as card rooms name them."""

SPLITPOT_VARIANTS = ("NT", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR")
"""The PHH variant codes :func:`replay` plays (plus splitpot's own codes, see above)."""


StructureClass = Union[type[FixedLimit], type[PotLimit], type[NoLimit]]  # noqa: UP007 - runtime

_STRUCTURE_LETTERS: dict[str, StructureClass] = {"F": FixedLimit, "P": PotLimit, "N": NoLimit}
_GAME_PARTS: dict[str, Game] = {
    "T": HOLDEM,
    "O": OMAHA,
    "O5": omaha(5),
    "O6": omaha(6),
    "O/8": OMAHA_HILO,
    "O5/8": omaha(5, hi_lo=True),
    "O6/8": omaha(6, hi_lo=True),
    "CP": CRAZY_PINEAPPLE,
    "CP/8": CRAZY_PINEAPPLE_HILO,
    "7S": SEVEN_CARD_STUD,
    "7S/8": SEVEN_CARD_STUD_HILO,
    "R": RAZZ,
}


def game_of_part(part: str) -> Game:
    """The game of a PHH variant code's game part (``T``, ``O5``, ``7S/8``...): its hole
    cards, its forced bets, whether it splits hi/lo. Raises ``KeyError`` for a part
    splitpot does not play.

    >>> game_of_part("O5").hole_cards, game_of_part("7S").forced_bets
    (5, 'bring_in')
    """
    return _GAME_PARTS[part]


class Variant(NamedTuple):
    """What a variant code stands for: the game and the betting structure's class."""

    game: Game
    structure: StructureClass


_BY_CODE: dict[str, Variant] = {
    letter + part: Variant(game, structure)
    for letter, structure in _STRUCTURE_LETTERS.items()
    for part, game in _GAME_PARTS.items()
}
_CODE_OF: dict[tuple[str, BettingStructure], str] = {
    (v.game.code, v.structure.kind): code for code, v in _BY_CODE.items()
}


def _variant(code: str, named: object, source: str | None) -> Variant:
    """The game and structure of a history's variant ``code``, whose ``_splitpot_variant``
    is ``named`` (or None), or UnsupportedHistory."""
    variant = _BY_CODE.get(code)
    if variant is None:
        name = VARIANTS.get(code)
        what = f"variant {shown(code)}" + (f" ({name})" if name else "")
        raise UnsupportedHistory(
            f"{what} is a variant splitpot does not play; it replays "
            f"{', '.join(SPLITPOT_VARIANTS)} and its own codes",
            source=source,
        )
    if named is not None and GAMES.get(str(named)) is not variant.game:
        raise PHHError(
            f"_splitpot_variant {shown(named)} is not the game of variant {shown(code)} "
            f"({variant.game.code})",
            source=source,
        )
    return variant


def _variant_code(game: Game, structure: Structure) -> tuple[str, bool]:
    """``(code, standard)``: the PHH code of a game and structure, or splitpot's."""
    code = _CODE_OF.get((game.code, structure.kind))
    if code is None:
        raise ValueError(f"{game.name} has no PHH variant code")
    return code, code in SPLITPOT_VARIANTS


def variant_name(code: str) -> str:
    """A history's variant as people name the game: "No-limit Hold'em" for ``NT``, "Seven
    Card Stud Hi/Lo" for ``F7S/8``, "Limit 2-7 Triple Draw" for ``F2L3D``, "Pan" for a Pan
    history (:mod:`splitpot.pan.history`). Anything else (a poker site's own name of a game
    splitpot does not play) is returned as given; raises nothing.

    >>> variant_name("NT"), variant_name("F7S/8"), variant_name("FB")
    ("No-limit Hold'em", 'Seven Card Stud Hi/Lo', 'Limit Badugi')
    >>> variant_name("Triple Draw 2-7 Lowball"), variant_name("")
    ('Triple Draw 2-7 Lowball', '?')
    """
    from splitpot.games import display_name

    variant = _BY_CODE.get(code)
    if variant is not None:
        return display_name(variant.game, variant.structure.kind)
    if code == "pan":
        return "Pan"
    return _UNPLAYED_NAMES.get(code) or code or "?"


def is_played(code: str) -> bool:
    """Whether ``code`` names a game splitpot plays: a PHH variant code it replays, one of
    its own codes, or ``"pan"`` (a Pan history). A poker site's own name of a game is not.

    >>> is_played("NT"), is_played("F7S/8"), is_played("pan"), is_played("F2L3D")
    (True, True, True, False)
    """
    return code in _BY_CODE or code == "pan"
