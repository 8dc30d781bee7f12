"""The hand replayer behind ``splitpot show``: a hand as text (:func:`render_text`) or as one
self-contained HTML page that steps through it (:func:`render_html`).

Presentation only, like :mod:`splitpot.tui`: nothing in the engine imports it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from splitpot.phh import HandHistory, load_all
from splitpot.show.html import render_html
from splitpot.show.text import render_text

__all__ = ["histories", "render_html", "render_text"]


def histories(path: str | os.PathLike[str]) -> Iterator[HandHistory]:
    """The hands of a file, in order: PHH (``.phh``, one hand, or ``.phhs``, many).

    The one place ``splitpot show`` reads hands from.
    """
    yield from load_all(path)
