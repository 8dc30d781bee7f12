"""Every ```python block of README.md and docs/**/*.md runs, and passes ``mypy --strict``.

So an example that drifts from the library fails here (issue 18). The convention, also
stated in docs/index.md "About the examples":

* The blocks of one file run in order in one namespace (a fresh one per file), in a fresh
  working directory holding sample files under the names an example may read: ``hand.phh``,
  ``hands.phhs`` and ``HH20240101 Table 1.txt`` (this project's own fixtures in tests/data).
* ```python {.no-run} marks a block shown but neither run nor checked; keep them rare (the
  braces are the attribute syntax MkDocs reads; GitHub shows the block as Python).
* mypy checks each file's blocks joined as one module (``--allow-redefinition``: a page may
  reuse a name as a REPL session would).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import sys
from pathlib import Path

import pytest
from conftest import need

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
SAMPLES = {
    "hand.phh": DATA / "ft-heads-up.phh",
    "hands.phhs": DATA / "hands.phhs",
    "HH20240101 Table 1.txt": DATA / "sites" / "stars-own.txt",
}
_FENCE = re.compile(r"^```(\S*)(.*)$")


def blocks(path: Path) -> list[tuple[int, str]]:
    """The runnable ```python blocks of a Markdown file: (first line number, source)."""
    found: list[tuple[int, str]] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i].strip())
        if m is None or not m.group(1):
            i += 1
            continue
        start, body = i + 1, []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i])
            i += 1
        i += 1
        if m.group(1) == "python" and ".no-run" not in m.group(2):
            found.append((start + 1, "\n".join(body) + "\n"))
    return found


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


FILES = [p for p in markdown_files() if blocks(p)]


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_the_examples_are_found() -> None:
    # A fence spelled differently would silently run nothing: these pages must have examples.
    names = {_id(p) for p in FILES}
    assert {"README.md", "docs/index.md", "docs/evaluation.md"} <= names
    assert sum(len(blocks(p)) for p in FILES) >= 20


def test_no_run_blocks_are_not_collected(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("```python\nx = 1\n```\n\n```python {.no-run}\nraise SystemExit\n```\n")
    assert blocks(page) == [(2, "x = 1\n")]


def _workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, sample in SAMPLES.items():
        shutil.copy(sample, tmp_path / name)
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_examples_run(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _workdir(tmp_path, monkeypatch)
    namespace: dict[str, object] = {"__name__": "__docs_example__"}
    for line, source in blocks(path):
        code = compile(source, f"{_id(path)}:{line}", "exec")
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, namespace)


def _module_name(path: Path) -> str:
    return "ex_" + re.sub(r"\W", "_", _id(path).removesuffix(".md"))


def test_examples_type_check(tmp_path: Path) -> None:
    api = need("mypy.api", "typing")
    import splitpot

    modules = []
    for path in FILES:
        # Each block keeps its line numbers in the module, so mypy's message points at the page.
        lines: list[str] = []
        for line, source in blocks(path):
            lines += [""] * (line - 1 - len(lines)) + source.splitlines()
        module = tmp_path / f"{_module_name(path)}.py"
        module.write_text("\n".join(lines) + "\n", encoding="utf-8")
        modules.append(str(module))
    env_path = os.environ.get("MYPYPATH")
    package_root = str(Path(splitpot.__file__).resolve().parents[1])
    # From a checkout (python/ on sys.path) check against that tree, not an installed copy;
    # mypy refuses site-packages on its path, where an installed wheel is found anyway.
    if "site-packages" not in package_root:
        os.environ["MYPYPATH"] = package_root
    try:
        out, err, status = api.run(
            [
                "--strict",
                "--allow-redefinition",
                "--no-error-summary",
                "--cache-dir",
                str(tmp_path / "cache"),
                "--python-executable",
                sys.executable,
                *modules,
            ]
        )
    finally:
        if env_path is None:
            os.environ.pop("MYPYPATH", None)
        else:
            os.environ["MYPYPATH"] = env_path
    for path in FILES:
        out = out.replace(str(tmp_path / f"{_module_name(path)}.py"), _id(path))
    assert status == 0, out + err
