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
import pkgutil
import types
from pathlib import Path
from types import ModuleType

import pytest

MODULES = ["splitpot"] + [
    f"splitpot.{m}"
    for m in (
        "betting games pots hand table tournament icm odds phh sites show bots pan limits "
        "cards hands db"
    ).split()
]

MIN_LINES = 3


def _is_alias(obj: object) -> bool:
    """A ``typing`` alias (``Literal[...]``, ``Union[...]``): callable, but neither a class
    nor a routine, and its ``__doc__`` is typing's, not ours."""
    if isinstance(obj, types.GenericAlias):  # ``tuple[Card, ...]``: its __doc__ is tuple's
        return True
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


def _alias_home(walked: str, name: str) -> tuple[ModuleType, str | None]:
    """The module whose source gives alias ``name`` its docstring, and the docstring: the
    walked module, or for a package, the submodule that defines it (``pan.melds.Meld``)."""
    module = importlib.import_module(walked)
    homes = [module]
    if hasattr(module, "__path__"):
        homes += [
            importlib.import_module(f"{walked}.{info.name}")
            for info in pkgutil.iter_modules(module.__path__)
        ]
    for home in homes:
        doc = _attribute_docstring(home, name)
        if doc is not None:
            return home, doc
    return module, None


def _docstring(walked: str, name: str, obj: object) -> str:
    if _is_alias(obj):
        return _alias_home(walked, name)[1] or ""
    return inspect.getdoc(obj) or ""


def _thin(doc: str) -> bool:
    return len(doc.splitlines()) < MIN_LINES or ">>>" not in doc


def thin_names() -> list[str]:
    return [
        f"{walked}.{name}"
        for walked, name, obj in public_names()
        if _thin(_docstring(walked, name, obj))
    ]


def test_every_public_name_has_a_docstring_with_an_example() -> None:
    assert thin_names() == []


def test_the_check_finds_a_thin_docstring(monkeypatch: pytest.MonkeyPatch) -> None:
    # The check above must be able to fail: thin one docstring and it is named.
    from splitpot.phh import compare

    monkeypatch.setattr(compare, "__doc__", "Compare a hand with its history.")
    assert thin_names() == ["splitpot.phh.compare"]


@pytest.mark.parametrize(
    ("walked", "name"),
    [(w, n) for w, n, obj in public_names() if _is_alias(obj)],
)
def test_the_examples_of_a_type_alias_run(walked: str, name: str) -> None:
    module, doc = _alias_home(walked, name)
    assert doc is not None, f"{walked}.{name} has no attribute docstring"
    test = doctest.DocTestParser().get_doctest(
        doc, dict(vars(module)), f"{walked}.{name}", inspect.getfile(module), 0
    )
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert test.examples
    assert runner.failures == 0
