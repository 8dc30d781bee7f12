"""Every public function and class has a real docstring (issue 18): at least three lines and
an example (``>>>``), as ``help()`` and the API reference show it.

The names are those of the modules' ``__all__`` (each object once, where it is first met);
a type alias (``pots.Side``, ``cards.CardsLike``) has no ``__doc__``, so its attribute
docstring is read from the source, as mkdocstrings reads it, and its examples are run here
(``--doctest-modules`` does not collect them).
"""

from __future__ import annotations

import ast
import doctest
import importlib
import inspect
import itertools
from pathlib import Path
from types import ModuleType

import pytest

MODULES = ["splitpot"] + [
    f"splitpot.{m}"
    for m in (
        "betting games pots hand table tournament icm odds phh sites show bots pan limits "
        "cards hands"
    ).split()
]

# The other docs helper's share of issue 18: Pan, and the classes the Rust core builds
# (their docstrings live in rust/python/). An entry is a module (everything walked in or
# defined in it or below it) or one qualified name. Empty this set once that work is merged.
OTHER_HELPERS_SHARE = frozenset({"splitpot.pan", "splitpot._core", "splitpot.hands.HandCategory"})

MIN_LINES = 3


def _deferred(walked: str, defined: str, name: str) -> bool:
    def under(module: str, entry: str) -> bool:
        return module == entry or module.startswith(entry + ".")

    return any(
        under(walked, e) or under(defined, e) or f"{defined}.{name}" == e
        for e in OTHER_HELPERS_SHARE
    )


def _is_alias(obj: object) -> bool:
    """A ``typing`` alias (``Literal[...]``, ``Union[...]``): callable, but neither a class
    nor a routine, and its ``__doc__`` is typing's, not ours."""
    return not inspect.isclass(obj) and not inspect.isroutine(obj) and _module_of(obj) == "typing"


def _module_of(obj: object) -> str:
    module = inspect.getmodule(obj)
    return module.__name__ if module is not None else "?"


def public_names() -> list[tuple[str, str, object]]:
    """(walked module, name, object) of every public function and class, as thin.py sees
    them: each object once, under the first module whose ``__all__`` names it."""
    seen: set[int] = set()
    found = []
    for m in MODULES:
        module = importlib.import_module(m)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name, None)
            if obj is None or id(obj) in seen or not (inspect.isclass(obj) or callable(obj)):
                continue
            seen.add(id(obj))
            found.append((m, name, obj))
    return found


def _attribute_docstring(module: ModuleType, name: str) -> str | None:
    """The string literal after ``name = ...`` at the top of the module's source."""
    body = ast.parse(Path(inspect.getfile(module)).read_text()).body
    for node, after in itertools.pairwise(body):
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                value = after.value.value
                return inspect.cleandoc(value) if isinstance(value, str) else None
            return None
    return None


def _docstring(walked: str, name: str, obj: object) -> str:
    if _is_alias(obj):
        return _attribute_docstring(importlib.import_module(walked), name) or ""
    return inspect.getdoc(obj) or ""


def _thin(doc: str) -> bool:
    return len(doc.splitlines()) < MIN_LINES or ">>>" not in doc


def thin_names() -> list[str]:
    return [
        f"{walked}.{name}"
        for walked, name, obj in public_names()
        if not _deferred(walked, _module_of(obj), name) and _thin(_docstring(walked, name, obj))
    ]


def test_every_public_name_has_a_docstring_with_an_example() -> None:
    assert thin_names() == []


def test_the_check_finds_a_thin_docstring(monkeypatch: pytest.MonkeyPatch) -> None:
    # The check above must be able to fail: thin one docstring and it is named.
    from splitpot.phh import compare

    monkeypatch.setattr(compare, "__doc__", "Compare a hand with its history.")
    assert thin_names() == ["splitpot.phh.compare"]


def test_the_other_helpers_share_names_only_what_exists() -> None:
    # A misspelt entry would silently hide nothing and the lead would never notice.
    walked = {w for w, _, _ in public_names()}
    defined = {_module_of(obj) for _, _, obj in public_names()}
    qualified = {f"{_module_of(obj)}.{name}" for _, name, obj in public_names()}
    for entry in OTHER_HELPERS_SHARE:
        assert entry in walked | defined | qualified, entry


@pytest.mark.parametrize(
    ("walked", "name"),
    [(w, n) for w, n, obj in public_names() if _is_alias(obj)],
)
def test_the_examples_of_a_type_alias_run(walked: str, name: str) -> None:
    module = importlib.import_module(walked)
    doc = _attribute_docstring(module, name)
    assert doc is not None, f"{walked}.{name} has no attribute docstring"
    test = doctest.DocTestParser().get_doctest(
        doc, dict(vars(module)), f"{walked}.{name}", inspect.getfile(module), 0
    )
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert test.examples
    assert runner.failures == 0
