"""A Griffe extension for the API reference: splitpot's docstrings are written for ``help()``
and doctest (reST roles, ``>>>`` runs); Markdown needs the runs fenced and the roles as code.

Loaded by mkdocstrings (mkdocs.yml, ``extensions``); it changes only the rendered text.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|attr|data|mod|exc|obj|const):`(~?)([^`]+)`")


def _role(match: re.Match[str]) -> str:
    target = match.group(2)
    return f"`{target.rsplit('.', 1)[-1] if match.group(1) else target}`"


def _fence_doctests(text: str) -> str:
    """Each run of ``>>>`` lines and their output, up to a blank line, as a ``pycon`` block."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.lstrip().startswith(">>>"):
            out.append(line)
            i += 1
            continue
        indent = line[: len(line) - len(line.lstrip())]
        block = []
        while i < len(lines) and lines[i].strip():
            block.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i])
            i += 1
        if out and out[-1].strip():
            out.append("")
        out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```", ""]
    return "\n".join(out)


class RestToMarkdown(griffe.Extension):
    """Rewrites each docstring once, as Griffe loads the object."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = _fence_doctests(_ROLE.sub(_role, obj.docstring.value))
