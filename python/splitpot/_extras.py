"""How a message tells the user to get an optional dependency.

splitpot is installed from its checkout (it is on no package index), so an extra is named as
a checkout installs it, ``pip install ".[plot]"``, beside the package it brings, which pip
can install anywhere.
"""

from __future__ import annotations


def install_hint(package: str, extra: str) -> str:
    """``pip install matplotlib, or pip install ".[plot]" in splitpot's checkout``.

    >>> install_hint("pandas", "pandas")
    'pip install pandas, or pip install ".[pandas]" in splitpot\\'s checkout'
    """
    return f'pip install {package}, or pip install ".[{extra}]" in splitpot\'s checkout'
