"""Notebook and library niceties (issue 18): ``_repr_html_`` (escaped), ``to_dict`` and
``to_pandas`` on the results a user tabulates, and the ``splitpot`` logger (silent unless
configured)."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
import splitpot as sp
from conftest import need
from splitpot import _tabular, phh
from splitpot.betting import structure
from splitpot.bots import CallingStation, play_bots
from splitpot.hand import Hand
from splitpot.tournament import play_tournament

DATA = Path(__file__).resolve().parent / "data"


class _Cells(HTMLParser):
    """The text of every table cell, and every tag opened (to see that no markup got in)."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[str] = []
        self.tags: list[str] = []
        self._in = False

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.tags.append(tag)
        self._in = tag in ("td", "th", "caption")
        if self._in:
            self.cells.append("")

    def handle_data(self, data: str) -> None:
        if self._in:
            self.cells[-1] += data


def parsed(html: str) -> _Cells:
    p = _Cells()
    p.feed(html)
    return p


def test_html_escapes_every_cell_and_the_caption() -> None:
    html = _tabular.html_table("<b>x</b>", [{"<i>": "<script>alert(1)</script>", "n": None}])
    p = parsed(html)
    assert set(p.tags) == {"div", "table", "caption", "thead", "tr", "th", "tbody", "td"}
    assert p.cells == ["<b>x</b>", "<i>", "n", "<script>alert(1)</script>", ""]


def test_equity_result_html_dict_and_json() -> None:
    r = sp.equity("omaha8", ["As2d3hKc", "KdKsQh7c"], board="4c5s9d")
    p = parsed(r._repr_html_())
    assert p.cells[0] == str(r).splitlines()[0]  # the same heading as the text table
    assert p.cells[1:7] == ["hand", "equity", "high", "low", "scoop", "quarter"]
    assert p.cells[7:13] == ["As2d3hKc", "64.15%", "26.95%", "37.20%", "53.90%", "0.00%"]
    d = r.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["deals"] == 820 and d["hi_lo"] is True  # 41 turn cards times 40 river cards / 2
    assert [p["hand"] for p in d["players"]] == ["As2d3hKc", "KdKsQh7c"]
    assert abs(sum(p["equity"] for p in d["players"]) - 1) < 1e-12


def test_to_pandas_without_pandas_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas raises ImportError
    hint = r'pip install pandas, or pip install "\.\[pandas\]" in splitpot\'s checkout'
    with pytest.raises(ImportError, match=hint):
        sp.equity("holdem", ["AcAd", "KhKs"]).to_pandas()


def _played() -> Hand:
    hand = Hand(sp.game("holdem"), structure("no-limit", 1, 2), [100, 60, 150], seed=7)
    return play_bots(hand, [CallingStation() for _ in range(3)])


def test_hand_result_to_dict_and_rows() -> None:
    result = _played().result
    d = result.to_dict()
    assert json.loads(json.dumps(d)) == {
        **d,
        "returned": {str(k): v for k, v in d["returned"].items()},
    }
    rows = result.seat_rows()
    assert [r["seat"] for r in rows] == [0, 1, 2]
    assert sum(r["net"] for r in rows) == -result.rake  # chips neither made nor lost
    assert sum(r["final_stack"] for r in rows) == 310 - result.rake
    assert sum(a["amount"] for a in d["awards"]) == sum(p["amount"] for p in d["pots"])
    for r in rows:  # net = what came back (pots, uncalled chips) less what went in
        assert r["final_stack"] - r["net"] == [100, 60, 150][r["seat"]]
    p = parsed(result._repr_html_())
    assert p.cells[1:7] == ["seat", "final_stack", "net", "won", "returned", "shown"]


def test_hand_state_html_shows_the_table() -> None:
    hand = Hand(sp.game("holdem"), structure("no-limit", 1, 2), [100, 60, 150], seed=7)
    p = parsed(hand._repr_html_())
    assert p.cells[0] == f"Texas Hold'em, preflop: board -; pot {hand.pot}" and hand.pot == 3
    header = p.cells[1:8]
    assert header == ["seat", "stack", "bet", "in pot", "status", "cards", ""]
    rows = [p.cells[8 + 7 * i : 15 + 7 * i] for i in range(3)]
    assert [r[1] for r in rows] == [str(s) for s in hand.stacks]
    assert [r[5] for r in rows] == [" ".join(map(str, hand.hole(s))) for s in range(3)]
    assert sum("to act" in r[6] for r in rows) == 1 and hand.actor is not None
    assert "to act" in rows[hand.actor][6]


def test_tournament_standings_to_dict_and_pandas_columns() -> None:
    r = play_tournament(["<b>Ann</b>", "Bob", "Cy"], starting_stack=100, prizes=[60, 40], seed=2)
    d = r.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["finished"] is True and d["hands"] == len(r.hands)
    assert [s["place"] for s in d["standings"]] == [1, 2, 3]
    assert [s["payout"] for s in d["standings"]] == [60, 40, 0]
    assert {s["name"] for s in d["standings"]} == {"<b>Ann</b>", "Bob", "Cy"}


def test_pandas_frames() -> None:
    pd = need("pandas", "pandas")
    frame = sp.equity("holdem", ["AcAd", "KhKs"]).to_pandas()
    assert list(frame.index) == ["AcAd", "KhKs"] and list(frame.columns) == ["equity", "win", "tie"]
    assert abs(frame["equity"].sum() - 1) < 1e-12
    result = _played().result
    assert isinstance(result.to_pandas(), pd.DataFrame)
    assert result.to_pandas()["net"].sum() == -result.rake
    r = play_tournament(3, starting_stack=100, prizes=[100], seed=4)
    assert r.to_pandas().loc[r.standings[0].name, "payout"] in (0, 100)


def test_check_files_logs_refused_and_unplayed_histories(
    caplog: pytest.LogCaptureFixture,
) -> None:
    files = [str(DATA / n) for n in ("bad-card.phh", "bad-straddle.phh", "ft-heads-up.phh")]
    with caplog.at_level(logging.INFO, logger="splitpot"):
        outcomes = phh.check_files(files)
    by_status = {o.status: o for o in outcomes}
    records = [(r.name, r.levelno, r.getMessage()) for r in caplog.records]
    assert all(name.startswith("splitpot.") for name, _, _ in records)
    expected = []
    for o in outcomes:  # one record per history that did not simply replay
        if o.status == "error":
            expected.append((logging.WARNING, f"refused: {o.source}: {o.detail}"))
        elif o.status == "unsupported":
            expected.append((logging.INFO, f"not played: {o.source}: {o.detail}"))
    assert [(level, msg) for _, level, msg in records] == expected
    assert "error" in by_status and "bad-card.phh" in by_status["error"].source


def test_monte_carlo_fallback_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="splitpot"):
        r = sp.equity("holdem", ["AsKs", "QQ+,AKs", "random", "random"], seed=1, samples=None)
        sp.equity("holdem", ["AcAd", "KhKs"])  # exact: nothing to say
        sp.equity("holdem", ["AsKs", "QQ+,AKs", "JJ-99"], samples=1000, seed=1)  # as asked
    assert not r.exact
    assert [rec.getMessage() for rec in caplog.records] == [
        f"Texas Hold'em: exact enumeration would be too slow; Monte Carlo over "
        f"{r.deals} deals (seed 1)"
    ]


def test_the_library_is_silent_unless_logging_is_configured() -> None:
    # Without the NullHandler, Python's last-resort handler would print the WARNINGs.
    code = (
        "from splitpot import phh; "
        f"o = phh.check_files([{str(DATA / 'bad-card.phh')!r}]); assert o[0].status == 'error'"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""


# --------------------------------------------------------------------------- issue 30


def cells(html: str) -> list[str]:
    parsed = _Cells()
    parsed.feed(html)
    return parsed.cells


def test_a_preflop_table_in_a_notebook() -> None:
    from splitpot import tables

    table = tables.preflop_equity("holdem", classes=["AA", "KK", "AKs"])
    assert repr(table) == "EquityTable(holdem: 3 x 3 classes, equity, win, tie; exact)"
    got = cells(table._repr_html_())
    assert got[1:5] == ["hero", "AA", "KK", "AKs"]
    aa_vs_kk = table.entry("AA", "KK")["equity"]
    assert got[5:9] == [
        "AA",
        "50.0%",
        f"{aa_vs_kk:.1%}",
        f"{table.entry('AA', 'AKs')['equity']:.1%}",
    ]
    rows = table.entry_rows()
    assert len(rows) == 9 and rows[1] == {"hero": "AA", "villain": "KK", **table.entry("AA", "KK")}
    big = tables.preflop_equity("holdem", classes=tables.HOLDEM_CLASSES[:24])
    shown = cells(big._repr_html_())
    assert (
        shown[-1] == "the first 20 classes; to_pandas() has all"
        or "the first 20" in big._repr_html_()
    )
    assert len([c for c in shown if c.endswith("%")]) == 20 * 20


def test_a_preflop_table_to_pandas() -> None:
    from splitpot import tables

    need("pandas", "pandas")
    table = tables.preflop_equity("holdem", classes=["AA", "KK", "AKs"])
    frame = table.to_pandas()
    assert (
        len(frame) == 9 and frame.loc[("AA", "KK"), "equity"] == table.entry("AA", "KK")["equity"]
    )
    matrix = frame["equity"].unstack("villain").loc[list(table.rows), list(table.columns)]
    assert (matrix.to_numpy() == table.matrix("equity")).all()


def test_a_pan_hand_and_its_result_in_a_notebook() -> None:
    hand = sp.pan.PanHand([20] * 4, seed=1)
    assert repr(hand) == "<PanHand 4 players, declare, seat 0 to act, pot 4>"
    seats = [int(r["seat"]) for r in _rows(hand._repr_html_(), 4)]
    assert seats == hand.seats and sorted(seats) == [0, 1, 2, 3]  # in the order of play
    sp.pan.play_pan_bots(hand, lambda seat: sp.pan.GreedyPanBot(seat))
    assert repr(hand).startswith("<PanHand 4 players, over") and "object at" not in repr(hand)
    result = hand.result
    shown = _rows(result._repr_html_(), 4)
    assert [int(r["final_stack"]) for r in shown] == list(result.final_stacks)
    assert [r["winner"] == "True" for r in shown] == [s == result.winner for s in range(4)]
    rows = result.seat_rows()
    assert sum(r["final_stack"] for r in rows) + result.carry + result.house == 80  # chips kept


def _rows(html: str, n: int) -> list[dict[str, str]]:
    """The body rows of a notebook table of ``n`` rows, by column name."""
    got = cells(html)[1:]  # after the caption
    width = len(got) // (n + 1)
    head = got[:width]
    return [dict(zip(head, got[width * (i + 1) : width * (i + 2)], strict=True)) for i in range(n)]


def test_a_tournament_result_is_short_and_a_table() -> None:
    r = play_tournament(6, starting_stack=200, prizes=[65, 35], seed=1)
    text = repr(r)
    assert len(text) < 200 and "object at" not in text
    assert text.startswith(f"<TournamentResult finished after {len(r.hands)} hands: 1 ")
    shown = _rows(r._repr_html_(), 6)
    assert [row["name"] for row in shown] == [row["name"] for row in r.standing_rows()]


# --------------------------------------------------------------------------- progress


def test_one_progress_protocol_for_every_long_call(tmp_path: Path) -> None:
    from splitpot import simulation, tables
    from splitpot.betting import NoLimit

    for run, unit_total in [
        (lambda p: sp.equity("holdem", ["AcAd", "KhKs"], progress=p), 1000),  # thousandths
        (lambda p: phh.check_files(sorted(DATA.glob("*.phh"))[:3], progress=p), 3),  # files
        (
            lambda p: simulation.simulate(
                sp.HOLDEM, NoLimit(1, 2), [50, 50], 7, seed=1, hands_per_chunk=2, progress=p
            ),
            7,
        ),  # hands
        (lambda p: tables.preflop_equity("holdem", classes=["AA", "KK"], progress=p), None),
    ]:
        told: list[tuple[int, int]] = []
        run(lambda done, total, told=told: told.append((done, total)))
        assert told and told[-1][0] == told[-1][1]  # the last call says all is done
        assert [d for d, _ in told] == sorted(d for d, _ in told)
        if unit_total is not None:
            assert told[-1] == (unit_total, unit_total)
        run(None)
        run(False)
        run(True)  # a bar on stderr
        with pytest.raises(sp.SplitpotError, match="progress must be True, False, None or a"):
            run("yes")
