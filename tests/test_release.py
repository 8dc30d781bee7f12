"""The version has one home (Cargo.toml) and the changelog keeps its form (issue 18)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import splitpot

ROOT = Path(__file__).resolve().parents[1]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.10
    import tomli as tomllib


def _read(name: str) -> str:
    path = ROOT / name
    if not path.is_file():
        pytest.skip(f"{name} is not beside tests/: run from a checkout")
    return path.read_text(encoding="utf-8")


def test_the_version_lives_in_cargo_toml_only() -> None:
    project = tomllib.loads(_read("pyproject.toml"))["project"]
    assert "version" not in project and "version" in project["dynamic"]
    cargo = tomllib.loads(_read("Cargo.toml"))["package"]["version"]
    # The core compiles the same value in (env!("CARGO_PKG_VERSION")); the wheel's metadata
    # is maturin's reading of it, which tests/test_package.py compares with __version__.
    assert splitpot.__version__ == cargo


def test_the_changelog_keeps_a_changelog() -> None:
    text = _read("CHANGELOG.md")
    releases = re.findall(r"^## \[([^\]]+)\]", text, flags=re.M)
    assert releases and releases[0] == "Unreleased"
    sections = set(re.findall(r"^### (\w+)$", text, flags=re.M))
    assert sections <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
    assert sections
