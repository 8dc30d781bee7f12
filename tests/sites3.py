"""The third shared set of real site histories (../shared/data/site-histories-3, 2,875 hands
of 18 sites; its SOURCES.md says where each file comes from), read from beside the checkout,
never copied: each site's test skips with the reason when the folder is absent."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from conftest import SHARED
from splitpot.phh import HandHistory, Outcome
from splitpot.sites import read_file
from splitpot.sites.check import check_file

CORPUS3 = SHARED / "data" / "site-histories-3"


def files(site: str) -> list[Path]:
    """The files of ``site``'s folder, or a skip saying why there are none."""
    folder = CORPUS3 / site
    if not folder.is_dir():
        pytest.skip(
            f"{folder} is not beside the checkout (the sites' files are not copied into the "
            "repo): put the site-histories-3 folder in ../shared/data to run the exam"
        )
    return sorted(p for p in folder.rglob("*") if p.is_file())


def outcomes(site: str, reader: str | None = None) -> list[Outcome]:
    """Every hand of ``site``'s folder replayed against the site's result; only those its
    reader ``reader`` read (a site's folder may hold another site's hands) when given."""
    found = (o for f in files(site) for o in check_file(f))
    return [o for o in found if reader is None or o.site == reader]


def own(path: Path) -> list[HandHistory]:
    """Every hand of our own fixture file ``path``, each read whole."""
    hands = list(read_file(path))
    assert all(isinstance(h, HandHistory) for h in hands), hands
    return hands  # type: ignore[return-value]


def statuses(found: list[Outcome]) -> Counter[str]:
    return Counter(o.status for o in found)
