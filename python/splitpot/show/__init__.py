"""The hand replayer behind ``splitpot show``: a hand as text (:func:`render_text`) or as one
self-contained HTML page that steps through it (:func:`render_html`).

Presentation only, like :mod:`splitpot.tui`: nothing in the engine imports it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from splitpot import ohh
from splitpot.phh import HandHistory, PHHError, load_all
from splitpot.show.html import render_html
from splitpot.show.text import render_text
from splitpot.sites import read_file

__all__ = ["histories", "render_html", "render_text"]


def histories(
    path: str | os.PathLike[str], skipped: list[PHHError] | None = None
) -> Iterator[HandHistory]:
    """The hands of a file, in order: PHH (``.phh``, one hand, or ``.phhs``, many), Open Hand
    History (``.ohh``, ``.json``: :func:`splitpot.ohh.read`) or a poker site's file
    (:func:`splitpot.sites.read_file`); an OHH or site's hand that cannot be read (or that
    splitpot does not play) is appended to ``skipped``.

    The one place ``splitpot show`` reads hands from.

    Args:
        path: the file; ``.phh`` and ``.phhs`` are read as PHH, anything else as a site's.
        skipped: a list to collect the error (:class:`~splitpot.sites.SiteError`,
            :class:`~splitpot.ohh.OHHError`) of each hand left out (``None``: dropped).

    Returns an iterator of :class:`~splitpot.phh.HandHistory`. Raises
    :class:`~splitpot.phh.PHHError` for a PHH or OHH file that cannot be read whole (``OSError``
    when it cannot be opened); a site's file never raises (an unreadable one is a ``skipped``
    error).

    >>> import os, tempfile
    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import dump_all
    >>> tmp = tempfile.TemporaryDirectory()
    >>> path = os.path.join(tmp.name, "two.phhs")
    >>> dump_all([Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=s) for s in (1, 2)], path)
    >>> len(list(histories(path)))
    2
    >>> skipped = []
    >>> list(histories(os.path.join(tmp.name, "none.txt"), skipped)), len(skipped)
    ([], 1)
    >>> tmp.cleanup()
    """
    name = os.fspath(path)
    if name.endswith((".phh", ".phhs")):
        yield from load_all(path)
        return
    if name.lower().endswith(ohh.SUFFIXES):
        items: Iterator[HandHistory | PHHError] = ohh.read_file(name)
    else:
        items = read_file(path)
    for item in items:
        if isinstance(item, PHHError):
            if skipped is not None:
                skipped.append(item)
        else:
            yield item
