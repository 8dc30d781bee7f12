"""Replaying a site's file and comparing each hand with what the site says happened."""

from __future__ import annotations

import os

from splitpot.phh.compare import Outcome, check
from splitpot.phh.compare import check_file as check_phh_file
from splitpot.sites.errors import DamagedHand, UnsupportedHand
from splitpot.sites.reading import read_file

SUFFIXES = (".phh", ".phhs", ".txt", ".xml")
"""The files ``splitpot replay`` looks for in a folder: PHH, and the sites' text and XML."""


def check_file(path: str | os.PathLike[str]) -> list[Outcome]:
    """:func:`splitpot.phh.check` of every hand of a ``.phh``/``.phhs`` file (of Pan
    histories: :func:`splitpot.pan.files.check_file`) or of a poker
    site's file (:func:`~splitpot.sites.read_file`): a hand that cannot be read is an
    ``"error"`` outcome naming the file, hand and line, one splitpot does not play
    ``"unsupported"`` with the reason and the site's name of the game, one whose text is
    damaged (cut off, lines lost, the site contradicting itself) ``"damaged"``."""
    name = os.fspath(path)
    if name.endswith((".phh", ".phhs")):
        from splitpot.pan import files as pan_files  # `simulate --game pan` writes .phhs too

        if pan_files.is_pan_file(name):
            return pan_files.check_file(name)
        return check_phh_file(name)
    out = []
    for item in read_file(name):
        if isinstance(item, UnsupportedHand):
            out.append(Outcome(name, "unsupported", str(item), item.game, item.site))
        elif isinstance(item, DamagedHand):
            out.append(Outcome(name, "damaged", str(item), item.game, item.site))
        elif isinstance(item, Exception):
            out.append(Outcome(name, "error", str(item), item.game, item.site))
        else:
            out.append(check(item))
    return out
