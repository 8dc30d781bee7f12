"""The CLI reads the Pan histories it writes: ``simulate --game pan`` then ``replay``,
``show`` and ``convert`` (docs/rules/pan.md §4-§6 for the hands; splitpot/pan/files.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from splitpot import SplitpotError
from splitpot.cli import main
from splitpot.pan import history
from splitpot.pan.files import check_file, is_pan_file
from splitpot.show import pan as pan_html


@pytest.fixture(scope="module")
def pan_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pan") / "pan.phhs"
    assert (
        main(["simulate", "--game", "pan", "--hands", "12", "--seed", "1", "--out", str(path)]) == 0
    )
    return path


def test_replay_reads_and_checks_every_pan_hand(
    pan_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["replay", "--quiet", "--json", str(pan_file)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["hands"] == 12 and summary["matched"] == 12 and summary["failed"] == 0


def test_replay_finds_a_pan_hand_whose_stacks_were_changed(
    pan_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = history.load_all(pan_file)
    stacks = list(records[3].finishing_stacks or ())
    stacks[0] += 1  # a chip from nowhere: the replay cannot end so
    text = history.dumps_all(
        [
            *records[:3],
            history.PanHistory(
                **{
                    **{f: getattr(records[3], f) for f in records[3].__dataclass_fields__},
                    "finishing_stacks": tuple(stacks),
                }
            ),
        ]
    )
    bad = tmp_path / "bad.phhs"
    bad.write_text(text)
    outcomes = check_file(bad)
    assert [o.status for o in outcomes] == ["match"] * 3 + ["mismatch"]
    assert outcomes[3].detail.startswith(f"{bad}[4]: mismatch: p1 finishes with")
    assert main(["replay", "--quiet", str(bad)]) == 1
    assert "1 failed" in capsys.readouterr().out


def test_a_broken_pan_action_is_an_error_naming_the_hand_and_action(tmp_path: Path) -> None:
    bad = tmp_path / "broken.phhs"
    bad.write_text(
        '[1]\nvariant = "pan"\nseed = 1\nstarting_stacks = [20, 20]\nactions = ["p2 play"]\n'
    )
    (outcome,) = check_file(bad)
    assert outcome.status == "error" and "broken.phhs[1]: action 0 ('p2 play')" in outcome.detail


def test_show_tells_a_pan_hand_and_convert_writes_it_again(
    pan_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["show", str(pan_file), "--hand", "2"]) == 0
    out = capsys.readouterr().out
    record = history.load_all(pan_file)[1]
    assert out.startswith(f"Pan, 6 players, hand seed {record.seed}") and "Settlement:" in out
    again = tmp_path / "again.phhs"
    assert main(["convert", str(pan_file), "--to", "phhs", "--out", str(again)]) == 0
    assert history.load_all(again) == history.load_all(pan_file)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["convert", "{pan}", "--to", "pokerstars"], "--to pokerstars is for poker hands"),
        (["convert", "{pan}", "--to", "ohh"], "--to ohh is for poker hands"),
        (["convert", "{pan}", "--to", "phh"], "--to phh writes one hand, and 12 were read"),
        (["show", "{pan}", "--hand", "13"], "no hand '13' (an id, or a number 1..12)"),
        # Pan has no betting structure, stakes, ante or tournament: refused, not ignored.
        (["simulate", "--game", "pan", "--structure", "limit"], "--structure is a poker option"),
        (["simulate", "--game", "pan", "--ante", "1", "--tournament"], "--ante and --tournament"),
        (["play", "--game", "pan", "--stakes", "1/2"], "--stakes is a poker option"),
    ],
)
def test_what_a_pan_file_cannot_be_is_one_line(
    argv: list[str], message: str, pan_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main([a.format(pan=pan_file) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("splitpot: ") and message in err and err.count("\n") == 1


def test_a_poker_phh_file_is_not_taken_for_pan(tmp_path: Path) -> None:
    poker = tmp_path / "nt.phh"
    poker.write_text('variant = "NT"\n# variant = "pan" in a comment\n')
    assert not is_pan_file(poker) and not is_pan_file(tmp_path / "missing.phhs")


def page_data(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="hand-data">(.*?)</script>', page)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_show_html_steps_through_a_pan_hand_to_its_finishing_stacks(
    pan_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "pan.html"
    assert main(["show", str(pan_file), "--hand", "2", "--html", str(out)]) == 0
    record = history.load_all(pan_file)[1]
    data = page_data(out.read_text(encoding="utf-8"))
    steps = data["steps"]
    assert len(steps) == len(record.actions) + 1  # the deal, then one step an action
    total = sum(record.starting_stacks)
    for step in steps:  # docs/rules/pan.md: chips move, none is made or lost
        assert sum(s["stack"] for s in step["seats"]) + step["pot"] + step["house"] == total
    # The seats in the order of play, each with its engine seat.
    by_seat = {
        s["seat"]: t["stack"] for s, t in zip(data["seats"], steps[-1]["seats"], strict=True)
    }
    assert [by_seat[seat] for seat in record.seat_of] == list(record.finishing_stacks or ())
    assert steps[0]["line"] == "The deal" and all(len(s["cards"]) == 10 for s in steps[0]["seats"])
    assert "https://" not in out.read_text(encoding="utf-8")


def test_a_pan_page_past_its_bound_is_refused(
    pan_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = history.load_all(pan_file)[0]
    monkeypatch.setattr(pan_html, "PAN_PAGE_MAX_ACTIONS", len(record.actions) - 1)
    with pytest.raises(SplitpotError, match=r"at most \d+ actions; this hand has"):
        pan_html.render_html(record)


@pytest.mark.browser
def test_the_pan_page_in_chromium(browser: Any, pan_file: Path, tmp_path: Path) -> None:
    record = history.load_all(pan_file)[0]
    path = tmp_path / "pan.html"
    path.write_text(pan_html.render_html(record), encoding="utf-8")
    steps = page_data(path.read_text(encoding="utf-8"))["steps"]
    page = browser.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.goto(path.as_uri())

    def shown() -> tuple[str, list[str]]:
        seats = page.query_selector_all("[data-seat]")
        return page.text_content("#pot"), [s.query_selector(".stack").text_content() for s in seats]

    def wanted(k: int) -> tuple[str, list[str]]:
        return str(steps[k]["pot"]), [str(s["stack"]) for s in steps[k]["seats"]]

    assert shown() == wanted(0)
    for k in range(1, len(steps)):  # one click a step, to the end
        page.click("#next") if k % 2 else page.keyboard.press("ArrowRight")
        assert page.get_attribute("#step", "data-step") == str(k)
        assert shown() == wanted(k)
        assert page.text_content("#line") == steps[k]["line"]
    assert page.get_attribute("#next", "disabled") is not None
    page.click("#start")
    assert shown() == wanted(0)
    assert problems == []
