"""A file of a site splitpot knows but does not read yet is refused by the site's name
(splitpot.sites.registry.UNREAD), never as a file with no hand: the real files of
../shared/data/site-histories-3 (tests/sites3.py) and one header line of each site."""

from __future__ import annotations

import pytest
from sites3 import files
from splitpot.sites import SiteError, UnsupportedHand, read_file, read_text

# The site-histories-3 folders whose sites splitpot does not read yet, and the name each
# is refused by.
FOLDERS = {
    "unibet": "Unibet",
}


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_every_file_of_a_site_not_read_is_refused_by_its_name(folder: str) -> None:
    name = FOLDERS[folder]
    for path in files(folder):
        items = list(read_file(path))
        assert len(items) == 1, path
        [refused] = items
        assert isinstance(refused, UnsupportedHand), (path, refused)
        assert refused.site == name and f"{name} file: splitpot does not read" in refused.reason


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em", "Unibet"),
    ],
)
def test_a_header_line_names_its_site(line: str, name: str) -> None:
    [refused] = read_text(line + "\n", "x.txt")
    assert isinstance(refused, UnsupportedHand) and name in refused.reason


def test_text_of_no_site_is_no_hand_found() -> None:
    [error] = read_text("nothing here\n", "x.txt")
    assert type(error) is SiteError and "no hand of a site" in error.reason
