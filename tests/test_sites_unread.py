"""The sites of ../shared/data/site-histories-3 splitpot once knew but did not read (Kings
Club, Seals With Clubs, Everest, Enet, Unibet) are read by their readers now; a file of a
site known but not read would be refused by the site's name
(splitpot.sites.registry.UNREAD), never as a file with no hand."""

from __future__ import annotations

import gc
import re
from pathlib import Path

import pytest
from sites3 import files
from splitpot.phh import HandHistory
from splitpot.sites import SiteError, UnsupportedHand, read_file, read_text, reading

# The site-histories-3 folders of the sites read last, and each one's reader's name.
FOLDERS = {
    "kingsclub": "Kings Club",
    "swc": "Seals With Clubs",
    "everest": "Everest",
    "enet": "Enet",
    "unibet": "Unibet",
}


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_every_file_of_the_sites_read_last_is_read_by_its_reader(folder: str) -> None:
    name = FOLDERS[folder]
    for path in files(folder):
        for item in read_file(path):
            site = item.site if isinstance(item, SiteError) else item.user_fields["_site"]
            assert site == name, (path, item)
            assert "does not read this site" not in str(item), (path, item)


OWN = Path(__file__).parent / "data" / "sites"


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_a_hand_read_leaves_no_reference_cycle(folder: str) -> None:
    """The readers' parts hold none of their methods (docs/architecture.md): a cycle would
    keep each hand's reader, builder and text alive until the garbage collector walks
    them."""
    [path] = OWN.glob(f"{folder}-own.*")
    text = reading.decode(path.read_bytes())
    gc.collect()
    gc.disable()
    try:
        hands = list(read_text(text, path.name))
        left = gc.collect()
    finally:
        gc.enable()
    assert hands and all(isinstance(h, HandHistory) for h in hands)
    assert left == 0


def test_a_site_known_but_not_read_is_refused_by_its_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(reading, "UNREAD", (("Some Club", re.compile(r"(?m)^@\d+: Club ")),))
    [refused] = read_text("@12: Club hand\n", "x.txt")
    assert isinstance(refused, UnsupportedHand) and refused.site == "Some Club"
    assert "a Some Club file: splitpot does not read this site yet" in refused.reason


def test_text_of_no_site_is_no_hand_found() -> None:
    [error] = read_text("nothing here\n", "x.txt")
    assert type(error) is SiteError and "no hand of a site" in error.reason
