"""The shape docs/architecture.md promises, checked on the source tree.

Sizes (no Python class over 600 lines, no function over 60 in Python or Rust, no production
file over 800), the import layering (no cycle among splitpot's modules; nothing imports the
presentation layer but the CLI) and the bindings' thinness (Rust never imports splitpot's
Python). Generated tables and test code are exempt, as the issue that set the limits says.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "python" / "splitpot"
RUST = ROOT / "rust"
MAX_CLASS, MAX_FUNCTION, MAX_FILE = 600, 60, 800

pytestmark = pytest.mark.skipif(
    not PACKAGE.is_dir() or not RUST.is_dir(),
    reason="needs python/splitpot and rust/ beside tests/: run from a checkout",
)


def python_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_python_sizes() -> None:
    over = []
    for path in python_files():
        text = path.read_text()
        if len(text.splitlines()) > MAX_FILE:
            over.append(f"{path.name}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MAX_FUNCTION:
                    over.append(f"{path.name}:{node.lineno} {node.name}: {size} lines")
    classes = python_classes()
    for (module, name), (_, _, lineno) in sorted(classes.items()):
        chain = [(module, name), *in_package_bases(classes, (module, name))]
        total = sum(classes[c][0] for c in chain)
        if total > MAX_CLASS:
            parts = " + ".join(f"{n} {classes[(m, n)][0]}" for m, n in chain)
            over.append(f"{module}:{lineno} {name}: {total} lines ({parts})")
    assert over == []


_Class = tuple[str, str]  # (module, class name)


def python_classes() -> dict[_Class, tuple[int, list[_Class], int]]:
    """Every class of the package: its own lines, its bases that are the package's classes
    (resolved through the module's imports), and its line. A class counts with its bases:
    slicing one object into a chain of base classes does not make it smaller."""
    found: dict[_Class, tuple[int, list[_Class], int]] = {}
    for path in python_files():
        module = module_name(path)
        tree = ast.parse(path.read_text())
        names: dict[str, str] = {}  # a name the module imports -> its dotted origin
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("splitpot"):
                for alias in node.names:
                    names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    names[alias.asname or alias.name] = alias.name
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = []
            for base in node.bases:
                dotted = ast.unparse(base)
                head, _, rest = dotted.partition(".")
                origin = names.get(head, f"{module}.{head}")
                full = f"{origin}.{rest}" if rest else origin
                owner, _, cls = full.rpartition(".")
                bases.append((owner, cls))
            size = (node.end_lineno or node.lineno) - node.lineno + 1
            found[(module, node.name)] = (size, bases, node.lineno)
    return found


def in_package_bases(
    classes: dict[_Class, tuple[int, list[_Class], int]], cls: _Class
) -> list[_Class]:
    """The package's classes ``cls`` inherits from, nearest first, each once."""
    out: list[_Class] = []
    todo = list(classes[cls][1])
    while todo:
        base = todo.pop(0)
        if base in classes and base not in out:
            out.append(base)
            todo.extend(classes[base][1])
    return out


def test_a_class_is_measured_with_its_in_package_bases() -> None:
    classes = python_classes()
    # PanHand's state was a base class of its own: the two count as one object.
    pan = ("splitpot.pan.game", "PanHand")
    assert pan in classes
    chain = [pan, *in_package_bases(classes, pan)]
    assert all(module.startswith("splitpot") for module, _ in chain)
    # A record derives from the package's Operation; a dataclass from nothing of ours.
    showing = in_package_bases(classes, ("splitpot.hand.records", "Showing"))
    assert showing == [("splitpot.hand.records", "Operation")]
    assert in_package_bases(classes, ("splitpot.hand.state", "Hand")) == []


def rust_production(path: Path) -> list[str]:
    """The file's lines up to its test module."""
    return path.read_text().split("#[cfg(test)]")[0].splitlines()


FN = re.compile(r"^\s*(pub(\([a-z]+\))? )?(const )?(unsafe )?fn \w+")


def rust_functions(lines: list[str]) -> Iterator[tuple[int, str, int]]:
    """(line, name, length) of every fn, by brace depth from its signature to its closing brace."""
    for i, line in enumerate(lines):
        if not FN.match(line):
            continue
        depth, seen = 0, False
        for j in range(i, len(lines)):
            code = lines[j].split("//")[0]
            depth += code.count("{") - code.count("}")
            seen = seen or "{" in code
            if seen and depth <= 0:
                yield i + 1, line.strip().split("(")[0], j - i + 1
                break
            if not seen and code.rstrip().endswith(";"):
                break  # a declaration without a body (trait method, extern)


def test_rust_sizes() -> None:
    over = []
    for path in sorted(RUST.rglob("*.rs")):
        lines = rust_production(path)
        if len(lines) > MAX_FILE:
            over.append(f"{path.relative_to(ROOT)}: {len(lines)} lines")
        for line, name, size in rust_functions(lines):
            if size > MAX_FUNCTION:
                over.append(f"{path.relative_to(ROOT)}:{line} {name}: {size} lines")
    build = ROOT / "build.rs"
    for line, name, size in rust_functions(build.read_text().splitlines()):
        if size > MAX_FUNCTION:
            over.append(f"build.rs:{line} {name}: {size} lines")
    assert over == []


def imports(path: Path) -> set[str]:
    """The splitpot modules `path` imports, outside `if TYPE_CHECKING:` blocks."""
    tree = ast.parse(path.read_text())
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("splitpot"))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            if base.startswith("splitpot"):
                found.add(base)
                # `from pkg import sub` imports the module pkg.sub when there is one: the
                # graph keeps the names that are modules (import_graph), so add both.
                found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in python_files()}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        # `from splitpot.x import y` may name a submodule y: count the module that exists.
        graph[name] = {m for m in imports(path) if m in modules and m != name}
    return graph


def test_no_import_cycles() -> None:
    graph = import_graph()
    # A package's __init__ re-exporting its own submodules is not a cycle of layers.
    for name in graph:
        graph[name] = {m for m in graph[name] if not name.startswith(m + ".")}
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert cycles == []


def private_imports(source: str, package: str) -> list[str]:
    """The private names (``_x``) that ``source`` imports from the modules of ``package``."""
    return [
        f"{node.module}.{alias.name}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package + ".")
        for alias in node.names
        if alias.name.startswith("_")
    ]


def test_no_reader_imports_another_readers_private_names() -> None:
    # What two readers share has one home in the framework (base, patterns...), public
    # there, never one reader's private name another borrows (issue 26).
    borrowed = "from splitpot.sites.pokerstars import WHEN, _STREET\n"
    assert private_imports(borrowed, "splitpot.sites") == ["splitpot.sites.pokerstars._STREET"]
    found = {
        path.name: private_imports(path.read_text(), "splitpot.sites")
        for path in sorted((PACKAGE / "sites").glob("*.py"))
    }
    assert {name: names for name, names in found.items() if names} == {}


def test_presentation_is_imported_only_by_the_cli() -> None:
    # The presentation layer: tui.py, and the replayer show/ that tells hands in tui's words.
    graph = import_graph()
    layer = {
        m for m in graph if m in ("splitpot.tui", "splitpot.show") or m.startswith("splitpot.show.")
    }
    users = {m for m, deps in graph.items() if deps & layer} - layer
    cli = {m for m in users if m.startswith("splitpot._cli_")}  # the commands' own modules
    assert users - cli <= {"splitpot.cli", "splitpot.bots", "splitpot"}


def test_bindings_never_import_splitpot_python() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{i + 1}"
        for p in sorted((RUST / "python").rglob("*.rs"))
        for i, line in enumerate(p.read_text().splitlines())
        if re.search(r"import\(\s*\"splitpot", line)
    ]
    assert found == []


def test_core_knows_nothing_of_python() -> None:
    found = [
        str(p.relative_to(ROOT))
        for p in sorted(RUST.rglob("*.rs"))
        if "python" not in p.relative_to(RUST).parts and "pyo3" in p.read_text()
    ]
    assert found == []
