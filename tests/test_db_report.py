"""The hand database out to people: ``splitpot import/stats/report/export``, ``to_pandas``,
Parquet, and the HTML report checked in a real headless Chromium (marker ``browser``)."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from db_hands import database, nl
from splitpot import phh
from splitpot.cli import main
from splitpot.db import export, report, schema, stats

# Hero's three hands, hand-counted: he steals the blinds (+3), loses his aces all-in preflop
# to the kings that make a set (-100; his equity when the money went in was about 82% of the
# 200 pot), and folds his small blind (-1).
WON = [3, -97, -98]


def hero_hands() -> list[phh.HandHistory]:
    return [
        nl("S B U H C Hero", "p3 f, p4 f, p5 f, p6 cbr 6, p1 f, p2 f", day=1, month=5, year=2024),
        nl(
            "V Hero",
            "p2 cbr 100, p1 cc, p1 sm KsKh, p2 sm AsAh, d db Kd7c2s, d db 9h, d db 4d",
            stacks=100,
            hole=["KsKh", "AsAh"],
            day=2,
            month=5,
            year=2024,
        ),
        nl("Hero B U H C D", "p3 f, p4 f, p5 f, p6 cbr 6, p1 f, p2 f", day=3, month=5, year=2024),
    ]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return database(tmp_path, *hero_hands())


def ev_line(db: Path) -> list[float]:
    with sqlite3.connect(db) as c:
        rows = c.execute(
            "SELECT s.ev_net FROM seats s JOIN players p USING (player_id) "
            "WHERE p.name = 'Hero' ORDER BY s.hand_id"
        ).fetchall()
    out, total = [], 0.0
    for (ev,) in rows:
        total += ev
        out.append(total)
    return out


def test_the_report_holds_the_lines_and_the_statistics(db: Path) -> None:
    page = report.render(db, "Hero")
    data = json.loads(re.search(r'id="report-data">(.*?)</script>', page, re.S).group(1))  # type: ignore[union-attr]
    assert [p[0] for p in data["points"]] == [1, 2, 3]
    assert [p[1] for p in data["points"]] == WON
    assert [p[2] for p in data["points"]] == pytest.approx(ev_line(db))
    assert ev_line(db)[1] == pytest.approx(3 - 100 + 200 * 0.8236, abs=1.0)  # AA v KK
    for external in ("http://", "https://", "src=", "href=", "@import", "url("):
        assert external not in page
    assert report.hero(sqlite3.connect(db)) == "Hero"  # the most hands: the page's default
    assert report.render(db) == page


def test_a_hostile_name_is_text_not_markup(tmp_path: Path) -> None:
    bad = "</script><b>x"
    db = database(tmp_path, nl(f"{bad} V", "p2 f"))
    page = report.render(db, bad)
    assert "<b>x" not in page and page.count("</script>") == 2


def test_report_of_no_one(db: Path) -> None:
    with pytest.raises(ValueError, match="no hands of 'Nobody'"):
        report.render(db, "Nobody")


@pytest.mark.browser
def test_report_in_chromium(browser: Any, db: Path, tmp_path: Path) -> None:
    path = tmp_path / "report.html"
    path.write_text(report.render(db, "Hero"), encoding="utf-8")
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.goto(path.as_uri())
    ev = ev_line(db)
    assert page.text_content("#won") == "-98.00"
    assert page.text_content("#ev") == f"{ev[-1]:,.2f}"
    box = page.locator("#graph").bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 100
    for name in ("won-line", "ev-line"):
        points = page.get_attribute(f"#{name}", "points")
        assert points is not None and len(points.split()) == 4  # the origin and 3 hands
    # Point at the second hand: the readout gives both lines there.
    x = (
        box["x"]
        + box["width"] * (report.PAD + (report.WIDTH - 2 * report.PAD) * 2 / 3) / report.WIDTH
    )
    page.mouse.move(x, box["y"] + box["height"] / 2)
    assert page.get_attribute("#readout", "data-hand") == "2"
    assert page.text_content("#readout") == f"hand 2: won -97.00, all-in EV {ev[1]:.2f} "
    assert page.get_attribute("#cursor", "visibility") == "visible"
    want = stats.statistics(db, filters=stats.Filters(player="Hero")).display_rows()[0]
    heads = [th.text_content() for th in page.query_selector_all("#by-player th")]
    cells = [td.text_content() for td in page.query_selector_all("#by-player td")]
    assert dict(zip(heads, cells, strict=True)) == {k: v for k, v in want.items() if k != "player"}
    positions = [td.text_content() for td in page.query_selector_all("#by-position td:first-child")]
    assert positions == ["BTN", "SB"]  # heads-up the button; six-handed the button, the SB
    page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
    assert problems == []


# --------------------------------------------------------------------------- tables out


def test_to_pandas_and_parquet_give_every_row(db: Path, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    pytest.importorskip("pandas")
    written = export.export_parquet(db, tmp_path / "out")
    assert sorted(Path(p).stem for p in written) == sorted(schema.TABLES)
    with sqlite3.connect(db) as c:
        for table in schema.TABLES:
            rows = c.execute(f"SELECT * FROM {table}").fetchall()
            read = pq.read_table(tmp_path / "out" / f"{table}.parquet").to_pylist()
            assert [tuple(r.values()) for r in read] == rows, table
            frame = export.to_pandas(db, table)
            assert len(frame) == len(rows)
    frame = export.to_pandas(db, "seats")
    assert frame["net"].sum() == 0  # no rake: chips conserved
    table = stats.statistics(db).to_pandas()
    hands = dict(zip(table["player"], table["hands"], strict=True))
    assert hands == {"B": 2, "C": 2, "D": 1, "H": 2, "Hero": 3, "S": 1, "U": 2, "V": 1}
    with pytest.raises(ValueError, match="no table 'nope'"):
        export.to_pandas(db, "nope")


# --------------------------------------------------------------------------- the commands


def test_import_stats_report_and_export_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "hands.phhs"
    phh.dump_all(hero_hands(), source)
    db = str(tmp_path / "cli.db")
    assert main(["import", str(source), "--db", db, "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 files (0 unchanged since imported), 3 hands read: 3 added, 0 already")
    assert main(["import", str(source), "--db", db, "--quiet", "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert (counts["unchanged"], counts["added"]) == (1, 0)
    assert main(["stats", "--db", db, "--player", "Hero"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["player", "hands", "VPIP", "PFR"]
    assert lines[1].split()[:4] == ["Hero", "3", "66.7", "66.7"]
    assert main(["stats", "--db", db, "--player", "Hero", "--by", "position", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [(r["position"], r["hands"]) for r in rows] == [("BTN", 2), ("SB", 1)]
    assert main(["stats", "--db", db, "--since", "2024-05-02", "--until", "2024-05-02"]) == 0
    assert "Hero      1" in capsys.readouterr().out.replace("  ", " " * 2)
    page = tmp_path / "r.html"
    assert main(["report", "--db", db, "--out", str(page)]) == 0
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    if pytest.importorskip("pyarrow"):
        assert main(["export", "--db", db, "--out", str(tmp_path / "pq")]) == 0
        assert (tmp_path / "pq" / "seats.parquet").is_file()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["stats", "--db", "{tmp}/none.db"], "no such database"),
        (["stats", "--db", "{tmp}/cli.db", "--since", "May 1"], "a date YYYY-MM-DD"),
        (["import", "{tmp}/nothing-here", "--db", "{tmp}/x.db"], "no such file or folder"),
        (
            ["import", "{tmp}", "--db", "{tmp}/x.db", "-j", "2", "--scheduler", "tcp://h:1"],
            "not both",
        ),
        (
            ["report", "--db", "{tmp}/cli.db", "--player", "Nobody", "--out", "{tmp}/r.html"],
            "no hands",
        ),
    ],
)
def test_bad_commands_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    database(tmp_path, nl("Hero V", "p2 f"), name="cli")
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    try:
        status = main(args)
    except SystemExit as e:  # argparse's own errors exit from the parser
        status = int(e.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_locked_database_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = database(tmp_path, nl("Hero V", "p2 f"))
    monkeypatch.setattr(schema, "BUSY_SECONDS", 0.05)
    source = tmp_path / "more.phhs"
    phh.dump_all([nl("Hero V", "p2 cbr 6, p1 f")], source)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another writer holds it
    try:
        assert main(["import", str(source), "--db", str(db), "--quiet"]) == 2
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    err = capsys.readouterr().err
    assert "database is locked" in err and err.count("\n") == 1


def test_import_lists_what_it_could_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.phh").write_text("variant = 3", encoding="utf-8")
    phh.dump_all(hero_hands()[:1], tmp_path / "good.phhs")
    assert main(["import", str(tmp_path), "--db", str(tmp_path / "x.db"), "--quiet"]) == 1
    out, err = capsys.readouterr()
    assert "1 could not be read or replayed" in out
    assert err.startswith("error: ") and "bad.phh" in err
