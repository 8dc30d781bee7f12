"""The sites of ../shared/data/site-histories-3 splitpot once knew but did not read (Kings
Club, Seals With Clubs, Everest, Enet, Unibet) are read by their readers now; a file of a
site known but not read would be refused by the site's name
(splitpot.sites.registry.UNREAD), never as a file with no hand."""

from __future__ import annotations

import re

import pytest
from sites3 import files
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
