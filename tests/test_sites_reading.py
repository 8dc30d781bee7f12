"""The reading machinery under the site readers (splitpot.sites.reading), checked against
independent references: each reader's marker is in every header its pattern finds in the
real files, and the quick ways of cutting a text or a file into lines give exactly the
lines of the plain definitions (a regular expression; one ``readline`` at a time)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SHARED
from splitpot.sites.reading import readers

FOLDERS = [SHARED / "data" / f"site-histories{n}" for n in ("", "-2", "-3")]


def _texts() -> list[tuple[Path, str]]:
    from splitpot.sites.reading import decode

    paths = sorted(p for folder in FOLDERS if folder.is_dir() for p in folder.rglob("*"))
    found = [(p, decode(p.read_bytes())) for p in paths if p.is_file()]
    if not found:
        pytest.skip("../shared/data/site-histories* are not beside the checkout")
    return found


def test_every_reader_has_a_marker_in_each_header_it_finds() -> None:
    """A reader's marker is looked for before its pattern (a text without it is passed over
    at the speed of ``str.find``): so every header the pattern finds anywhere in the real
    files, of any site, must hold the marker, or a hand would be missed."""
    texts = _texts()
    found = 0
    for reader in readers():
        assert reader.marker, f"{reader.name}: no marker"
        for path, text in texts:
            for header in reader.header.finditer(text):
                found += 1
                assert "\n" not in header.group(), (reader.name, path)
                assert reader.marker in header.group(), (reader.name, path, header.group())
    assert found > 6000  # the three folders' hands, iPoker's games and partypoker's included
