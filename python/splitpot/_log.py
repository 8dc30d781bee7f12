"""The library's loggers: ``splitpot`` and its children (``splitpot.phh``, ``splitpot.odds``).

They report what an application may want to see and the return value does not say: a
history refused or not played while checking many, a slow path taken (Monte Carlo where exact
enumeration was not asked for). Silent by default: the ``splitpot`` logger has a
:class:`logging.NullHandler`, so nothing is printed until the application configures logging
(``logging.basicConfig(level=logging.INFO)``).
"""

from __future__ import annotations

import logging

logging.getLogger("splitpot").addHandler(logging.NullHandler())


def logger(module: str) -> logging.Logger:
    """The logger of a splitpot module (``__name__``), a child of ``splitpot``."""
    return logging.getLogger(module)
