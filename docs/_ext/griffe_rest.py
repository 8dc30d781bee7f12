"""A Griffe extension for the API reference: splitpot's docstrings are written for ``help()``
and doctest (reST roles, ``>>>`` runs); Markdown needs the runs fenced and the roles as code.

The Rust core is read from its stub ``_core.pyi`` (the signatures); where the stub has no
docstring, the one compiled into the installed extension is taken, so the reference shows
what ``help()`` shows. Loaded by mkdocstrings (mkdocs.yml, ``extensions``); it changes only
the rendered text.
"""

from __future__ import annotations

import importlib
import inspect
import logging
import re
from typing import Any

import griffe

_log = logging.getLogger("mkdocs.plugins.griffe_rest")

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


def _runtime_doc(path: str, attribute: bool) -> str | None:
    """The docstring of ``splitpot._core.<name>...`` in the installed extension."""
    module, _, rest = path.partition("._core.")
    try:
        value: Any = importlib.import_module(f"{module}._core")
    except ImportError as e:  # a warning, so that `mkdocs build --strict` fails
        _log.warning("griffe_rest: cannot import the extension for %s: %s", path, e)
        return None
    owner = value
    for part in rest.split("."):
        owner, value = value, getattr(value, part, None)
    if attribute:  # a property's doc is on the class's descriptor, not on the value it gives
        value = inspect.getattr_static(owner, rest.rsplit(".", 1)[-1], None)
        if not inspect.isdatadescriptor(value):
            return None
    doc = getattr(value, "__doc__", None)
    return doc if isinstance(doc, str) and doc.strip() else None


class RestToMarkdown(griffe.Extension):
    """Rewrites each docstring once, as Griffe loads the object."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is None and "._core." in obj.path and not obj.name.startswith("_"):
            doc = _runtime_doc(obj.path, obj.is_attribute)
            if doc is not None:
                obj.docstring = griffe.Docstring(doc, parent=obj)
        if obj.docstring is not None:
            obj.docstring.value = _fence_doctests(_ROLE.sub(_role, obj.docstring.value))
