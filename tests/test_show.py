"""``splitpot show``: the hand replayer's text, its HTML page (in a real headless Chromium) and
the command. Truth comes from the engine's own hand (played, or rebuilt from a prefix of its
records with ``Hand.from_events``) and from amounts worked out by hand below."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from splitpot import phh
from splitpot._amounts import Amounts
from splitpot.betting import FixedLimit, NoLimit, PotLimit, Structure
from splitpot.bots import SimpleBot, play_bots
from splitpot.cli import main
from splitpot.games import game
from splitpot.hand import (
    AntePosting,
    Betting,
    BlindPosting,
    BoardDealing,
    BringingIn,
    Calling,
    Checking,
    Folding,
    Hand,
    Operation,
    RaisingTo,
)
from splitpot.pots import Rake
from splitpot.show import histories, render_html, render_text

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]

# Our own site-style hand: amounts in cents of USD. Ann (small blind, $123.45) raises, Bob
# (big blind, $50.00) moves in, Cy (button) limped and folds, Ann calls: Ann's aces beat
# Bob's kings. By hand: the pot is 5000 + 5000 + 100 = 10100 ($101.00); Ann ends with
# 12345 - 5000 + 10100 = 17445 ($174.45), Bob with 0, Cy with 19900 ($199.00).
SITE_HAND = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [12345, 5000, 20000]
players = ["Ann", "Bob", "Cy"]
hand = 77
table = "Test table"
currency = "USD"
currency_symbol = "$"
_site = "TestSite"
_site_unit = "0.01"
actions = [
  "d dh p1 AhAd", "d dh p2 KcKd", "d dh p3 7s2c",
  "p3 cc", "p1 cbr 500", "p2 cbr 5000", "p3 f", "p1 cc",
  "p2 sm KcKd", "p1 sm AhAd",
  "d db Js8h3c", "d db 4d", "d db 9s",
]
"""


def site_hand(**changes: Any) -> phh.HandHistory:
    hh = phh.loads(SITE_HAND)
    for key, value in changes.items():
        setattr(hh, key, value)
    return hh


def played(code: str, structure: Structure, seed: int) -> tuple[Hand, phh.HandHistory]:
    """A six-handed hand among the bots, and its history with names."""
    hand = Hand(game(code), structure, [40, 60, 80, 120, 200, 90], button=5, seed=seed)
    play_bots(hand, [SimpleBot(seed * 10 + i, aggression=0.7) for i in range(6)])
    return hand, phh.HandHistory.from_hand(hand, players=NAMES)


def split_side_pot_hand() -> tuple[Hand, phh.HandHistory]:
    """The first seeded Omaha Hi/Lo hand with a side pot and a low half paid."""
    for seed in range(500):
        hand, hh = played("omaha8", PotLimit(1, 2), seed)
        result = hand.result
        if len(result.pots) > 1 and any(a.side == "low" for a in result.awards):
            return hand, hh
    raise AssertionError("no such hand in 500 seeds")


def pot_words(pot: int, side: str, sharers: int = 1) -> str:
    """The share of a pot an award is, worded by hand for the test (docs/rules/poker.md §6)."""
    words = "the main pot" if pot == 0 else f"side pot {pot}"
    if sharers == 1:
        return words if side == "whole" else f"the {side} half of {words}"
    parts = sharers * (1 if side == "whole" else 2)
    fraction = {2: "half of", 3: "a third of", 4: "a quarter of", 6: "a sixth of"}[parts]
    return f"{fraction} {words}" + ("" if side == "whole" else f" (a share of the {side} half)")


def action_line(e: Operation) -> str | None:
    """The line the text must have for a posting or a betting action (seat 0 is NAMES[0])."""
    verbs: dict[type, str] = {
        AntePosting: "posts an ante of {}",
        BlindPosting: "posts a blind of {}",
        BringingIn: "brings in for {}",
        Calling: "calls {}",
        Betting: "bets {}",
        RaisingTo: "raises to {}",
        Folding: "folds",
        Checking: "checks",
    }
    verb = verbs.get(type(e))
    if verb is None:
        return None
    all_in = " and is all-in" if getattr(e, "all_in", False) else ""
    return f"  {NAMES[e.seat]} {verb.format(getattr(e, 'amount', ''))}{all_in}"  # type: ignore[attr-defined]


def result_stacks(text: str) -> dict[str, str]:
    """Name -> final stack text, from the Result section."""
    section = text.split("\nResult\n", 1)[1]
    rows = re.findall(r"^  (\S+)\s+(\S+) \([+-]\S+\)$", section, re.MULTILINE)
    return dict(rows)


# --------------------------------------------------------------------------- amounts


def test_money_is_exact_from_integer_units() -> None:
    usd = Amounts(unit="0.01", symbol="$")
    assert usd(12345) == "$123.45"
    assert usd(5) == "$0.05" and usd(0) == "$0.00" and usd.signed(-250) == "-$2.50"
    assert Amounts(unit="0.01", code="EUR")(100) == "1.00 EUR"
    # 0.1 + 0.2 in floats is 0.30000000000000004: here 3 units of 0.1 are exactly 0.3.
    assert Amounts(unit="0.1", symbol="\u20ac")(3) == "\u20ac0.3"
    big = 10**29 + 7  # 30 digits, the most PHH allows: more than a float or Decimal's 28 digits
    assert usd(big) == f"${big // 100}.{big % 100:02d}"
    assert Amounts()(1500) == "1500"
    with pytest.raises(ValueError, match="_site_unit"):
        Amounts(unit="cents")
    with pytest.raises(ValueError, match="_site_unit"):
        Amounts(unit="-0.01")


def test_money_takes_the_symbol_else_the_currency_code() -> None:
    assert "$123.45" in render_text(site_hand())
    assert "123.45 EUR" in render_text(site_hand(currency="EUR", currency_symbol=None))
    plain = site_hand(user_fields={})
    assert "seat 1: 12345 (small blind)" in render_text(plain)


# --------------------------------------------------------------------------- text


def test_text_tells_the_site_hand_street_by_street() -> None:
    text = render_text(site_hand())
    lines = text.splitlines()
    assert lines[0] == "TestSite, hand #77, table Test table"
    assert lines[1] == "No-limit Hold'em, blinds $0.50/$1.00"
    expected = [
        "  Ann  seat 1: $123.45 (small blind)",
        "  Bob  seat 2: $50.00 (big blind)",
        "  Cy   seat 3: $200.00 (button)",
        "Preflop",
        "  Ann posts a blind of $0.50",
        "  Bob posts a blind of $1.00",
        "  Ann is dealt Ah Ad",
        "  Cy calls $1.00",
        "  Ann raises to $5.00",
        "  Bob raises to $50.00 and is all-in",
        "  Cy folds",
        "  Ann calls $45.00",
        "Flop: Js 8h 3c   (board Js 8h 3c)",
        "Turn: 4d   (board Js 8h 3c 4d)",
        "River: 9s   (board Js 8h 3c 4d 9s)",
        "Showdown",
        "Pots",
        "  Main pot: $101.00, contested by Ann, Bob",
        "Result",
    ]
    at = [lines.index(line) for line in expected]
    assert at == sorted(at)
    assert "  Ann shows Ah Ad: Pair of Aces, Jack kicker" in lines
    assert "  Ann wins the main pot ($101.00) with Pair of Aces, Jack kicker" in lines
    assert result_stacks(text) == {"Ann": "$174.45", "Bob": "$0.00", "Cy": "$199.00"}


@pytest.mark.parametrize(
    ("code", "structure", "seed"),
    [
        ("holdem", NoLimit(1, 2), 3),
        ("omaha8", PotLimit(1, 2), 11),
        ("stud8", FixedLimit(2, 4, ante=1), 5),
        ("razz", FixedLimit(2, 4, ante=1), 8),
    ],
)
def test_text_has_every_action_board_award_and_the_final_stacks(
    code: str, structure: Structure, seed: int
) -> None:
    hand, hh = played(code, structure, seed)
    text = render_text(hh)
    lines = text.splitlines()
    wanted = [line for e in hand.events if (line := action_line(e)) is not None]
    at = 0
    for w in wanted:  # every one of them, in order
        assert w in lines[at:], w
        at = lines.index(w, at) + 1
    for e in hand.events:
        if isinstance(e, BoardDealing):
            street = f"{e.street.capitalize()}: {_cards(e.cards)}   (board "
            assert any(line.startswith(street) for line in lines)
    if hand.game.forced_bets == "bring_in":
        assert "Third street" in lines
    else:
        assert "Preflop" in lines
    for a in hand.result.awards:
        sharers = sum((b.pot, b.side) == (a.pot, a.side) for b in hand.result.awards)
        assert f"  {NAMES[a.seat]} wins {pot_words(a.pot, a.side, sharers)} ({a.amount})" in text
    assert result_stacks(text) == {NAMES[s]: str(hand.final_stacks[s]) for s in hand.seats}


def _cards(cards: Any) -> str:
    return " ".join(map(str, cards))


def test_text_names_main_and_side_pots_and_both_halves() -> None:
    hand, hh = split_side_pot_hand()
    text = render_text(hh)
    assert "  Main pot: " in text and "  Side pot 1: " in text
    assert " wins the low half of " in text and " wins the high half of " in text
    for i, pot in enumerate(hand.result.pots):
        label = "Main pot" if i == 0 else f"Side pot {i}"
        assert f"  {label}: {pot.amount}, contested by " in text


def test_text_and_page_hide_the_cards_the_history_does_not_show() -> None:
    hh = site_hand()
    hh.actions = ["d dh p1 AhAd", "d dh p2 Kc??", "d dh p3 ????", "p3 f", "p1 f"]
    hand = phh.replay(hh)
    stand_ins = [str(hand.hole(1)[1]), *map(str, hand.hole(2))]  # dealt by the replay
    text = render_text(hh, names=["Xi", "Yu", "Zo"])
    assert "  Xi is dealt Ah Ad" in text and "  Yu is dealt Kc ??" in text
    assert "Zo is dealt" not in text  # nothing of it is known
    assert not any(card in text.split() for card in stand_ins)
    steps = page_data(render_html(hh))["steps"]
    cards = [[c for c, _ in s["cards"]] for s in steps[-1]["seats"]]
    assert cards == [["Ah", "Ad"], ["Kc", "??"], ["??", "??"]]
    shown = {c for step in steps for s in step["seats"] for c, _ in s["cards"]}
    assert not shown & set(stand_ins)


# --------------------------------------------------------------------------- html


def page_data(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="hand-data">(.*?)</script>', page, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_page_is_self_contained() -> None:
    _, hh = split_side_pot_hand()
    page = render_html(hh)
    for external in ("http://", "https://", "src=", "href=", "@import", "url(", "//cdn"):
        assert external not in page
    assert page.startswith("<!DOCTYPE html>") and page.count("<script") == 2


def test_page_escapes_a_hostile_name() -> None:
    bad = "</script><b>x"
    hh = site_hand(players=[bad, "Bob & <i>Co</i>", "Cy"], table="<b>t</b>")
    page = render_html(hh)
    assert "<b>" not in page and "<i>" not in page
    assert page.count("</script>") == 2  # the JSON's and the script's own ends
    assert "&lt;b&gt;t&lt;/b&gt;" in page  # the title, HTML-escaped
    data = page_data(page)
    assert [s["name"] for s in data["seats"]] == [bad, "Bob & <i>Co</i>", "Cy"]


def test_page_steps_follow_the_hand() -> None:
    hh = site_hand()
    hand = phh.replay(hh)
    steps = page_data(render_html(hh))["steps"]
    assert steps[0]["pot"] == "$0.00" and steps[0]["seats"][0]["stack"] == "$123.45"
    assert [s["pot"] for s in steps[1:3]] == ["$0.50", "$1.50"]  # the blinds
    assert steps[2]["seats"][1]["bet"] == "$1.00"
    assert [s["stack"] for s in steps[-1]["seats"]] == ["$174.45", "$0.00", "$199.00"]
    assert steps[-1]["pot"] == "$0.00" and steps[-1]["event"] == len(hand.events) - 1
    assert steps[-1]["seats"][0]["state"] == "won"


def test_the_rake_leaves_the_pot_at_the_end() -> None:
    # docs/rules/poker.md §6 "Rake": the house takes its cut of the pots; the players get the rest.
    for seed in range(100):
        hand = Hand(game("holdem"), NoLimit(1, 2), [200] * 4, seed=seed, rake=Rake(10, cap=5))
        play_bots(hand, [SimpleBot(seed * 10 + i) for i in range(4)])
        if hand.result.rake:
            break
    rake = hand.result.rake
    hh = phh.HandHistory.from_hand(hand, players=NAMES[:4])
    assert f"  Rake {rake}" in render_text(hh)
    steps = page_data(render_html(hh))["steps"]
    assert steps[-2]["pot"] == str(rake)  # every award paid: the rake is what is left
    assert steps[-1]["pot"] == "0"
    assert [s["stack"] for s in steps[-1]["seats"]] == [
        str(hand.final_stacks[s]) for s in hand.seats
    ]
    assert sum(hand.final_stacks) == 800 - rake


# A site's four-way split, in cents: four players call the big blind and check it down to a
# royal flush on the board. The engine pays each a quarter of the $0.40 pot ($0.10); the site
# took $0.04 of rake and paid each $0.09, which the replayer shows beside the engine's pots.
SPLIT_HAND = """
variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [5, 10, 0, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000, 1000]
players = ["Ann", "Bob", "Cy", "Dee"]
currency = "USD"
currency_symbol = "$"
winnings = [9, 9, 9, 9]
_site = "TestSite"
_site_unit = "0.01"
_site_rake = 4
actions = [
  "d dh p1 2c3d", "d dh p2 2d3h", "d dh p3 2h3c", "d dh p4 4c5d",
  "p3 cc", "p4 cc", "p1 cc", "p2 cc",
  "d db AsKsQs", "p1 cc", "p2 cc", "p3 cc", "p4 cc",
  "d db Js", "p1 cc", "p2 cc", "p3 cc", "p4 cc",
  "d db Ts", "p1 cc", "p2 cc", "p3 cc", "p4 cc",
  "p1 sm 2c3d", "p2 sm 2d3h", "p3 sm 2h3c", "p4 sm 4c5d",
]
"""
SPLIT_RESULT = ["At TestSite: rake $0.04", *(f"{n} collected $0.09" for n in NAMES[:4])]


def test_a_split_pot_is_worded_as_shares_beside_the_sites_result() -> None:
    hh = phh.loads(SPLIT_HAND)
    text = render_text(hh)
    for name in NAMES[:4]:
        assert f"  {name} wins a quarter of the main pot ($0.10) with Straight Flush" in text
    assert "wins the main pot" not in text
    assert text.splitlines()[-1] == f"{SPLIT_RESULT[0]}; " + ", ".join(SPLIT_RESULT[1:])
    data = json.loads(re.search(r'id="hand-data">(.*?)</script>', render_html(hh)).group(1))
    assert data["site"] == SPLIT_RESULT
    assert all("a quarter of the main pot" in line for line in data["awards"])
    plain = phh.loads(SPLIT_HAND.replace("_site_rake = 4", ""))  # no site's result to show
    assert (
        json.loads(re.search(r'id="hand-data">(.*?)</script>', render_html(plain)).group(1))["site"]
        == []
    )


# --------------------------------------------------------------------------- browser


DECISIONS = (Betting, BringingIn, Calling, Checking, Folding, RaisingTo)


def expected_table(hand: Hand, event: int, money: Amounts) -> tuple[str, list[str]] | None:
    """The pot and stacks after ``hand.events[event]``, from the engine rebuilt from that
    prefix of the records, or ``None`` where the rebuilt hand has moved on (paid out)."""
    if not isinstance(hand.events[event], DECISIONS):
        return None  # a rebuilt hand posts its forced bets and deals its cards by itself
    rebuilt = Hand.from_events(hand.events[: event + 1])
    if rebuilt.is_over:
        return None
    return money(rebuilt.pot), [money(rebuilt.stacks[s]) for s in hand.seats]


def shown_table(page: Any, seats: list[int]) -> tuple[str, list[str]]:
    stacks = [page.text_content(f'[data-seat="{s}"] .stack') for s in seats]
    return page.text_content("#pot"), stacks


@pytest.mark.browser
@pytest.mark.parametrize("which", ["site", "side-pots"])
def test_page_in_chromium(browser: Any, which: str, tmp_path: Path) -> None:
    if which == "site":
        hh = site_hand()
        hand = phh.replay(hh)
    else:
        _, hh = split_side_pot_hand()
        hand = phh.replay(hh)
    money = Amounts.of(hh.user_fields, hh.currency, hh.currency_symbol)
    path = tmp_path / "hand.html"
    path.write_text(render_html(hh), encoding="utf-8")
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.goto(path.as_uri())
    seats = hand.seats
    assert shown_table(page, seats) == (money(0), [money(s) for s in hand.starting_stacks if s])
    blinds = [e for e in hand.events if isinstance(e, BlindPosting)]
    shown: list[tuple[str, list[str]]] = [shown_table(page, seats)]
    checked = 0
    for _ in hand.events:  # a step per record at most: a page that never ends fails, not hangs
        if page.get_attribute("#next", "disabled") is not None:
            break
        if len(shown) % 2:
            page.keyboard.press("ArrowRight")
        else:
            page.click("#next")
        event = int(page.get_attribute("#step", "data-event"))
        shown.append(shown_table(page, seats))
        assert page.get_attribute("#step", "data-step") == str(len(shown) - 1)  # one step on
        want = expected_table(hand, event, money)
        if want is not None:
            assert shown[-1] == want, f"step {len(shown) - 1} (event {event})"
            checked += 1
        if blinds and hand.events[event] is blinds[-1]:
            assert shown[-1][0] == money(sum(e.amount for e in blinds))  # the pot: both blinds
    assert page.get_attribute("#next", "disabled") is not None
    assert checked >= 4  # every decision but the last, which ends the hand
    assert shown[-1] == (money(0), [money(hand.final_stacks[s]) for s in seats])
    assert page.is_visible("#result") and "wins" in page.text_content("#result")
    page.screenshot(path=str(tmp_path / "end.png"))
    page.keyboard.press("ArrowLeft")
    assert shown_table(page, seats) == shown[-2]
    page.keyboard.press("ArrowLeft")
    assert shown_table(page, seats) == shown[-3]
    page.click("#start")
    assert shown_table(page, seats) == shown[0]
    page.keyboard.press("End")
    assert shown_table(page, seats) == shown[-1]
    page.screenshot(path=str(tmp_path / "hand.png"), full_page=True)
    print(f"screenshot: {tmp_path / 'hand.png'}")
    assert problems == []


@pytest.mark.browser
def test_the_page_shows_the_sites_rake_and_collections_at_the_end(
    browser: Any, tmp_path: Path
) -> None:
    path = tmp_path / "split.html"
    path.write_text(render_html(phh.loads(SPLIT_HAND)), encoding="utf-8")
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    page.goto(path.as_uri())
    assert not page.is_visible("#result")  # the result is the last step's
    page.keyboard.press("End")
    items = [li.text_content() for li in page.query_selector_all("#result li")]
    assert items[-5:] == SPLIT_RESULT
    assert [i for i in items[:-5] if "a quarter of the main pot ($0.10)" in i] == items[:-5]
    assert len(items) == 9 and page.is_visible("#result")
    page.screenshot(path=str(tmp_path / "split.png"), full_page=True)
    print(f"screenshot: {tmp_path / 'split.png'}")


# --------------------------------------------------------------------------- command


@pytest.fixture
def hands_file(tmp_path: Path) -> Path:
    first, second = site_hand(), site_hand(hand=78)
    second.players = ["Uma", "Vic", "Wes"]
    path = tmp_path / "two.phhs"
    with path.open("w", encoding="utf-8") as f:
        phh.dump_all([first, second], f)
    return path


def test_show_prints_the_first_hand_and_says_there_are_more(
    hands_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert [h.hand for h in histories(hands_file)] == [77, 78]
    assert main(["show", str(hands_file)]) == 0
    out, err = capsys.readouterr()
    assert "hand #77" in out and "Ann wins the main pot ($101.00)" in out
    # The file is read only as far as the second hand (issue 27, M10): not counted whole.
    assert err.count("\n") == 1 and "has more hands; showing the first" in err


@pytest.mark.parametrize("wanted", ["78", "2"])
def test_show_hand_by_id_or_number(
    hands_file: Path, wanted: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", str(hands_file), "--hand", wanted]) == 0
    out, err = capsys.readouterr()
    assert "hand #78" in out and "Uma wins the main pot" in out and err == ""


def test_show_html_writes_the_page(
    hands_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "hand.html"
    assert main(["show", str(hands_file), "--hand", "78", "--html", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    data = page_data(page)
    assert data["seats"][0]["name"] == "Uma" and len(data["steps"]) > 10
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(
    ("content", "argv", "message"),
    [
        ("not = [toml", [], "not valid TOML"),
        ('variant = "NT"\n', [], "missing required field"),
        (SITE_HAND, ["--hand", "9"], "no hand '9'"),
        (SITE_HAND.replace('"p1 cc"', '"p2 cc"'), [], "action"),
        (SITE_HAND.replace('"0.01"', '"cents"'), [], "_site_unit"),
    ],
)
def test_show_refuses_a_bad_file_in_one_line(
    tmp_path: Path,
    content: str,
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(content, encoding="utf-8")
    assert main(["show", str(path), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("splitpot: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err
