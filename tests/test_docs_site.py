"""The docs site is for users: built strict, its API pages free of developer notes, private
module names and citations of documents not shipped; every extra listed where the install
is told; every rules citation in the code pointing at a section that exists."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import need

ROOT = Path(__file__).resolve().parent.parent
LEAKS = {
    "splitpot._core": "the private module's name (users meet splitpot.X)",
    "Stubs for": "the stub file's own note",
    "STYLE.md": "a house-rules file not in the repository",
    "tests/test_": "a note about the test suite",
    "seed 00": "a rules source not shipped (cite docs/rules/*.md)",
}

pytestmark = pytest.mark.skipif(
    not (ROOT / "mkdocs.yml").is_file(), reason="needs the checkout's mkdocs.yml and docs/"
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    need("mkdocstrings", "docs")
    out = tmp_path_factory.mktemp("site")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},  # the splitpot these tests import
        timeout=600,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    assert "WARNING" not in built.stderr, built.stderr[-3000:]
    return out


def visible_text(page: Path) -> str:
    """What a reader sees: the text without tags, attributes and scripts."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", page.read_text(), flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)))


def test_the_api_pages_show_no_developer_notes(site: Path) -> None:
    pages = sorted((site / "api").rglob("index.html"))
    assert len(pages) >= 12
    found = [
        f"{page.parent.name}: {word!r} ({why})"
        for page in pages
        for word, why in LEAKS.items()
        if word in visible_text(page)
    ]
    assert found == []


def test_the_package_page_lists_every_category_and_the_public_errors(site: Path) -> None:
    page = (site / "api" / "splitpot" / "index.html").read_text()
    import splitpot as sp

    for member in sp.HandCategory:
        assert f'id="splitpot.HandCategory.{member.name}"' in page, member
    for error in ("SplitpotError", "InvalidCards", "IllegalAction", "EquityError"):
        assert f'id="splitpot.{error}"' in page
        assert getattr(sp, error).__module__ == "splitpot"  # tracebacks say splitpot.X too


def extras() -> set[str]:
    import tomli  # the test extra's (tomllib is 3.11+)

    with open(ROOT / "pyproject.toml", "rb") as f:
        return set(tomli.load(f)["project"]["optional-dependencies"])


@pytest.mark.parametrize("doc", ["README.md", "docs/index.md"])
def test_every_extra_is_in_the_install_table(doc: str) -> None:
    text = (ROOT / doc).read_text()
    table = set(re.findall(r"^\| `([a-z-]+)` \|", text, flags=re.M))
    assert table == extras()


def test_extras_are_installed_from_the_checkout_everywhere() -> None:
    # splitpot is on no package index: `pip install 'splitpot[plot]'` would find nothing.
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    code = sorted((ROOT / "python" / "splitpot").rglob("*.py"))
    found = [
        str(p.relative_to(ROOT))
        for p in pages + code
        if re.search(r"pip install ['\"]?splitpot\[", p.read_text())
    ]
    assert found == []


def sections(page: Path) -> set[str]:
    """The section numbers of a rules page: "4", "4.2"."""
    return set(re.findall(r"^#{2,4} (\d+(?:\.\d+)*)\.? ", page.read_text(), flags=re.M))


def test_every_rules_citation_in_the_code_names_a_section_that_exists() -> None:
    cited = re.compile(r"docs/rules/(poker|pan)\.md §(\d+(?:\.\d+)*)")
    pages = {name: sections(ROOT / "docs" / "rules" / f"{name}.md") for name in ("poker", "pan")}
    missing = [
        f"{path.relative_to(ROOT)}: {m.group(0)}"
        for path in sorted((ROOT / "python" / "splitpot").rglob("*.py*"))
        if path.suffix in (".py", ".pyi")  # not the bytecode beside them
        for m in cited.finditer(path.read_text())
        if m.group(2) not in pages[m.group(1)]
    ]
    assert missing == []
