"""The package as users see it: version, stubs, exports."""

from __future__ import annotations

import ast
import importlib.metadata
import subprocess
import sys
from pathlib import Path

import splitpot
from splitpot import _core


def test_version_matches_metadata() -> None:
    assert splitpot.__version__ == importlib.metadata.version("splitpot")


def test_stub_names_match_the_extension() -> None:
    stub = Path(_core.__file__).with_name("_core.pyi")
    if not stub.exists():  # installed from the source tree
        stub = Path(splitpot.__file__).with_name("_core.pyi")
    tree = ast.parse(stub.read_text())
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))} | {
        t.id
        for n in tree.body
        if isinstance(n, ast.AnnAssign) and isinstance(t := n.target, ast.Name)
    }
    public = {n for n in dir(_core) if not n.startswith("__") or n == "__version__"}
    assert names == public
    # The typed equity result and the category enum cross from the core, declared in the stub.
    assert {"_Equity", "_PlayerEquity", "HandCategory", "_variants"} <= names


def test_hand_category_is_the_cores_int_enum() -> None:
    from enum import IntEnum

    assert splitpot.HandCategory is _core.HandCategory
    assert issubclass(splitpot.HandCategory, IntEnum)
    assert [(c.name, int(c)) for c in splitpot.HandCategory][::4] == [
        ("HIGH_CARD", 0),
        ("STRAIGHT", 4),
        ("STRAIGHT_FLUSH", 8),
    ]
    hand = splitpot.evaluate_high("AhKhQhJhTh")
    assert hand.category is splitpot.HandCategory.STRAIGHT_FLUSH
    assert repr(hand) == "HighHand(strength=7462, category=STRAIGHT_FLUSH)"


def test_all_is_exported() -> None:
    for name in splitpot.__all__:
        assert hasattr(splitpot, name), name


def test_import_loads_only_the_evaluators() -> None:
    # `import splitpot` must stay fast: numpy and the game flow load on first use.
    code = (
        "import splitpot, sys; "
        "print(sorted(m for m in sys.modules if m.startswith(('numpy', 'splitpot.'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['splitpot._core', 'splitpot.hands']"


def test_static_imports_match_the_export_table() -> None:
    # `_EXPORTS` drives __getattr__, __dir__ and __all__; type checkers and ruff read the
    # imports, so they must name exactly the same things from the same modules.
    tree = ast.parse(Path(splitpot.__file__).read_text())
    imported: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("splitpot"):
            module = (node.module or "").removeprefix("splitpot").lstrip(".")
            for alias in node.names:
                assert alias.asname == alias.name, f"{alias.name} is not re-exported as itself"
                imported.setdefault(module, set()).add(alias.name)
    assert imported.pop("") == set(splitpot._SUBMODULES)
    assert imported == {m: set(names) for m, names in splitpot._EXPORTS.items()}
    assert set(splitpot.__all__) == set(splitpot._LAZY) | {
        n for m in splitpot._EAGER for n in splitpot._EXPORTS[m]
    }
    assert set(dir(splitpot)) >= set(splitpot.__all__)


def test_the_cores_evaluators_have_real_docstrings_whose_examples_run() -> None:
    """help(sp.evaluate_high) says what it takes, gives and raises, with an example; the
    examples written in the Rust doc comments run here, as doctests do for Python."""
    import doctest

    from splitpot import _core

    names = [n for n in _core.__all__ if n.startswith("evaluate_")]
    assert len(names) == 8
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for name in names:
        doc = getattr(_core, name).__doc__ or ""
        assert "Raises:" in doc and ">>> " in doc, name
        test = doctest.DocTestParser().get_doctest(doc, {}, name, None, 0)
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


# The classes the core defines, and the methods whose Rust doc comments carry an example.
_CORE_CLASSES = (
    "Card",
    "CardSet",
    "HighHand",
    "LowHand",
    "RazzLow",
    "HandCategory",
    "PanCard",
    "SplitpotError",
    "InvalidCards",
    "IllegalAction",
    "EquityError",
)
_CORE_METHODS = ("HighHand.best_five", "LowHand.best_five", "RazzLow.best_five")


def _core_doc(dotted: str) -> str:
    import inspect

    obj: object = _core
    for part in dotted.split("."):
        obj = getattr(obj, part)
    return inspect.getdoc(obj) or ""


def test_the_cores_classes_have_real_docstrings_whose_examples_run() -> None:
    """help(sp.Card), help(sp.InvalidCards)... say what the class is, with an example; the
    examples of the Rust doc comments (and create_exception! docs) run here."""
    import doctest

    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for name in _CORE_CLASSES + _CORE_METHODS:
        doc = _core_doc(name)
        assert len(doc.splitlines()) >= 3 and ">>> " in doc, name
        test = doctest.DocTestParser().get_doctest(doc, {}, name, None, 0)
        assert test.examples, name
        runner.run(test)
    for name in ("Card", "CardSet", "PanCard"):  # built from user input: say what is refused
        assert "Raises: `InvalidCards`" in _core_doc(name), name
    assert runner.summarize(verbose=False).failed == 0


def test_the_stub_carries_the_cores_class_docstrings() -> None:
    """The API pages are rendered from the stub (docs/api/splitpot.md): its docstrings for the
    core's classes are the ones the extension has, word for word."""
    stub = Path(splitpot.__file__).with_name("_core.pyi")
    tree = ast.parse(stub.read_text())
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    for name in _CORE_CLASSES + _CORE_METHODS:
        node: ast.AST = classes[name.split(".")[0]]
        if "." in name:
            node = next(
                n
                for n in ast.iter_child_nodes(node)
                if isinstance(n, ast.FunctionDef) and n.name == name.split(".")[1]
            )
        assert isinstance(node, (ast.ClassDef, ast.FunctionDef))
        assert ast.get_docstring(node) == _core_doc(name), name
    # Every documented public method and property of those classes, likewise.
    for name in _CORE_CLASSES:
        members = [n for n in classes[name].body if isinstance(n, ast.FunctionDef)]
        for member in members:
            if not member.name.startswith("_") and _core_doc(f"{name}.{member.name}"):
                doc = _core_doc(f"{name}.{member.name}")
                assert ast.get_docstring(member) == doc, f"{name}.{member.name}"
