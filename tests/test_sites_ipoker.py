"""The iPoker XML reader: every game of ../shared's iPoker sessions replays to the site's
stated result (pinned counts), and small sessions of our own for the edge cases: the order
of the actions by their ``no``, the two ways the clients write a winner's uncalled bet,
Windows-1252 bytes under ``encoding="utf-8"``, a broken game (its file, game and line named,
the next game still read), a refused DTD, a game splitpot does not play."""

from __future__ import annotations

import gc
from collections import Counter
from pathlib import Path

import pytest
from splitpot import phh
from splitpot.phh import check
from splitpot.phh.record import HandHistory
from splitpot.sites import (
    SiteError,
    UnsupportedHand,
    ipoker,
    pokerstars,
    read_file,
    read_text,
    sniff,
)

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "site-histories"


def _corpus(site: str) -> Path:
    folder = CORPUS / site
    if not folder.is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    return folder


# ------------------------------------------------------------------ the real sessions

# Folder -> statuses of its games. Every game of a game splitpot plays replays exactly to
# what the site paid (the rake reconciled by phh.compare); the files' <gamecount> says 29
# and 22 for the two excerpts of one game each.
EXPECTED = {
    "fl-holdem": {"match": 1},
    "nlhe": {"match": 20},
    "omaha-hilo": {"match": 1},
    "plo": {"match": 28},
    "stud": {"match": 2},
    "stud-hilo": {"match": 5},
}


def _status(item: HandHistory | SiteError) -> str:
    if isinstance(item, UnsupportedHand):
        return "unsupported"
    if isinstance(item, SiteError):
        return f"read error: {item}"
    outcome = phh.check(item)
    return outcome.status if outcome.status in ("match", "odd_chip") else str(outcome.detail)


@pytest.mark.parametrize("folder", sorted(EXPECTED))
def test_every_game_replays_to_the_sites_result(folder: str) -> None:
    counts: Counter[str] = Counter()
    for path in sorted(_corpus("ipoker").joinpath(folder).iterdir()):
        for item in read_file(path):
            counts[_status(item)] += 1
    assert dict(counts) == EXPECTED[folder]


def test_the_corpus_folders_are_the_pinned_ones() -> None:
    assert sorted(p.name for p in _corpus("ipoker").iterdir()) == sorted(EXPECTED)


def test_windows_1252_bytes_under_an_utf8_declaration() -> None:
    path = next(_corpus("ipoker").joinpath("stud-hilo").iterdir())
    assert b"\x80" in path.read_bytes()  # the euro sign, as Windows-1252 writes it
    hands = [h for h in read_file(path) if isinstance(h, HandHistory)]
    assert len(hands) == 5
    assert {(h.currency, h.currency_symbol, h.variant) for h in hands} == {("EUR", "€", "F7S/8")}


def test_a_tournament_counts_chips_and_names_its_event() -> None:
    path = next(_corpus("ipoker").joinpath("nlhe").iterdir())
    first = next(iter(read_file(path)))
    assert isinstance(first, HandHistory)
    assert first.user_fields["_site_unit"] == "1"
    assert first.starting_stacks == [1500, 1500]
    assert first.event is not None and "TURBO" in first.event
    assert first.currency is None


# ------------------------------------------------------------------ sessions of our own


def _session(games: str, *, general: str = "") -> str:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<session sessioncode="1">\n'
        "<general>\n"
        f"{general}"
        "<gametype>Holdem NL $0.01/$0.02</gametype>\n"
        "<tablename>Test table</tablename>\n"
        "<gamecount>9</gamecount>\n"
        "<currency>USD</currency>\n"
        "</general>\n"
        f"{games}"
        "</session>\n"
    )


def _players(ann: tuple[str, str, str], bob: tuple[str, str, str]) -> str:
    """Ann on the button (the small blind, heads-up) and Bob: (chips, bet, win) each."""
    return (
        "<general>\n<startdate>2024-01-02 03:04:05</startdate>\n<players>\n"
        f'<player seat="1" name="Ann" chips="{ann[0]}" dealer="1" bet="{ann[1]}" '
        f'win="{ann[2]}"/>\n'
        '<player seat="4" name="" chips="$0" dealer="0" bet="$0" win="$0"/>\n'
        f'<player seat="6" name="Bob" chips="{bob[0]}" dealer="0" bet="{bob[1]}" '
        f'win="{bob[2]}"/>\n'
        "</players>\n</general>\n"
    )


_BLINDS = (
    '<round no="0">\n'
    '<action no="1" player="Ann" type="1" sum="$0.01"/>\n'
    '<action no="2" player="Bob" type="2" sum="$0.02"/>\n'
    "</round>\n"
)


def _showdown(game: str = "11", bob_check: str = "4") -> str:
    """Ann's aces beat Bob's kings; a pot of 12 cents, 1 raked. Each round's actions are
    written player by player, as the client does: their ``no`` gives the order of play."""
    return (
        f'<game gamecode="{game}">\n'
        + _players(("$1", "$0.06", "$0.11"), ("$2", "$0.06", "$0"))
        + _BLINDS
        + '<round no="1">\n'
        '<cards type="Pocket" player="Ann">SA HA</cards>\n'
        '<action no="3" player="Ann" type="3" sum="$0.01"/>\n'
        '<cards type="Pocket" player="Bob">CK DQ</cards>\n'
        f'<action no="4" player="Bob" type="{bob_check}" sum="$0"/>\n'
        "</round>\n"
        '<round no="2">\n'
        '<cards type="Flop" player="">D2 C7 S9</cards>\n'
        '<action no="6" player="Ann" type="5" sum="$0.04"/>\n'
        '<action no="5" player="Bob" type="4" sum="$0"/>\n'
        '<action no="7" player="Bob" type="3" sum="$0.04"/>\n'
        "</round>\n"
        '<round no="3">\n<cards type="Turn" player="">HK</cards>\n'
        '<action no="9" player="Ann" type="4" sum="$0"/>\n'
        '<action no="8" player="Bob" type="4" sum="$0"/>\n</round>\n'
        '<round no="4">\n<cards type="River" player="">S3</cards>\n'
        '<action no="11" player="Ann" type="4" sum="$0"/>\n'
        '<action no="10" player="Bob" type="4" sum="$0"/>\n</round>\n'
        "</game>\n"
    )


def _walk(win: str) -> str:
    """Ann raises to 6 cents, Bob folds his big blind: 4 cents of her raise go back."""
    return (
        '<game gamecode="21">\n'
        + _players(("$1", "$0.06", win), ("$2", "$0.02", "$0"))
        + _BLINDS
        + '<round no="1">\n'
        '<cards type="Pocket" player="Ann">SA HA</cards>\n'
        '<action no="3" player="Ann" type="23" sum="$0.06"/>\n'
        '<cards type="Pocket" player="Bob">X X</cards>\n'
        '<action no="4" player="Bob" type="0" sum="$0"/>\n'
        "</round>\n"
        "</game>\n"
    )


def _one(text: str) -> HandHistory:
    (item,) = read_text(text, "own.xml")
    assert isinstance(item, HandHistory), item
    return item


def test_a_session_of_our_own_replays_in_the_order_of_the_actions_numbers() -> None:
    hand = _one(_session(_showdown()))
    assert hand.players == ["Bob", "Ann"]  # PHH order: the big blind, then the button
    assert hand.actions[4:7] == ["d db 2d7c9s", "p1 cc", "p2 cbr 4"]
    assert hand.finishing_stacks == [194, 105]
    assert hand.user_fields["_site_rake"] == 1
    assert phh.check(hand).status == "match"


def test_a_hand_read_leaves_no_reference_cycle() -> None:
    """The reader's parts hold none of its methods: a cycle would keep each hand's XML tree
    (and its reader and builder) alive until a pass of the garbage collector, which then
    walks them all (issue 26: 4 % of the instructions iPoker reading took)."""
    text = _session(_showdown() + _walk("$0.08"))
    gc.collect()
    gc.disable()
    try:
        hands = list(read_text(text, "own.xml"))
        left = gc.collect()
    finally:
        gc.enable()
    assert [type(h) for h in hands] == [HandHistory, HandHistory]
    assert left == 0


@pytest.mark.parametrize(
    ("general", "win"),
    [
        ("", "$0.08"),  # the older clients: her win counts the 4 cents given back
        ("<client_version>23.3.1.9</client_version>\n", "$0.04"),  # 2020 on: it does not
        ("<uncalled_bet_enabled>true</uncalled_bet_enabled>\n", "$0.04"),
    ],
)
def test_an_uncalled_bet_either_way_the_clients_write_it(general: str, win: str) -> None:
    hand = _one(_session(_walk(win), general=general))
    assert hand.finishing_stacks == [198, 102]
    assert hand.winnings == [0, 4]
    assert hand.user_fields["_site_rake"] == 0
    assert phh.check(hand).status == "match"


def test_the_wrong_reading_of_a_win_is_an_error_not_a_repair() -> None:
    # 2023's client, with a win that counts the returned bet: more than the pot is paid.
    general = "<client_version>23.3.1.9</client_version>\n"
    (item,) = read_text(_session(_walk("$0.08"), general=general), "own.xml")
    assert isinstance(item, SiteError) and "more than the pot" in item.reason


def test_a_broken_game_names_its_file_game_and_line_and_the_next_is_read() -> None:
    text = _session(_showdown("11", bob_check="99") + _showdown("12"))
    broken, good = read_text(text, "own.xml")
    assert isinstance(broken, SiteError) and not isinstance(broken, UnsupportedHand)
    line = next(k for k, s in enumerate(text.splitlines(), 1) if 'type="99"' in s)
    assert (broken.source, broken.hand_id, broken.line) == ("own.xml", "11", line)
    assert "type 99" in broken.reason
    assert str(broken).startswith(f"own.xml: hand 11, line {line}")
    assert isinstance(good, HandHistory) and good.hand == "12"
    assert phh.check(good).status == "match"


def test_xml_that_is_not_well_formed_names_its_line() -> None:
    game = _showdown("11").replace('<cards type="Turn" player="">HK</cards>', "<cards>HK")
    text = _session(game + _showdown("12"))
    broken, good = read_text(text, "own.xml")
    assert isinstance(broken, SiteError) and "not well-formed" in broken.reason
    lines = text.splitlines()
    opened = lines.index("<cards>HK")  # 0-based: its line is opened + 1
    assert broken.line == lines.index("</round>", opened) + 1  # where the tag mismatches
    assert isinstance(good, HandHistory)


def test_a_cut_session_reads_the_games_it_holds() -> None:
    text = _session(_showdown("11") + _showdown("12")).removesuffix("</session>\n")
    text = text[: text.rindex("</game>")]  # the second game loses its end tag too
    first, second = read_text(text, "own.xml")
    assert isinstance(first, HandHistory)
    assert isinstance(second, SiteError) and second.hand_id == "12"


def test_a_dtd_is_refused_never_expanded() -> None:
    text = _session(_showdown()).replace(
        "<session", '<!DOCTYPE s [<!ENTITY a "aaaaaaaaaa">]>\n<session', 1
    )
    (item,) = read_text(text, "own.xml")
    assert isinstance(item, SiteError) and "refused" in item.reason
    game = _showdown().replace("<round", '<!ENTITY b "b">\n<round', 1)
    (item,) = read_text(_session(game), "own.xml")
    assert isinstance(item, SiteError) and "refused" in item.reason


def test_windows_1252_bytes_of_our_own(tmp_path: Path) -> None:
    text = _session(_showdown()).replace("$", "€").replace("USD", "EUR")
    path = tmp_path / "euro.xml"
    path.write_bytes(text.encode("cp1252"))  # 0x80, not UTF-8, under encoding="utf-8"
    (hand,) = read_file(path)
    assert isinstance(hand, HandHistory)
    assert (hand.currency, hand.currency_symbol) == ("EUR", "€")
    assert phh.check(hand).status == "match"


@pytest.mark.parametrize(
    ("gametype", "reason"),
    [
        ("5 Card Stud L $0.05/$0.10", "5 Card Stud is a game splitpot does not play"),
        ("Badugi L $0.05/$0.10", "a game splitpot does not read"),
    ],
)
def test_a_game_splitpot_does_not_play_is_unsupported(gametype: str, reason: str) -> None:
    text = _session(_showdown()).replace("Holdem NL $0.01/$0.02", gametype)
    (item,) = read_text(text, "own.xml")
    assert isinstance(item, UnsupportedHand) and reason in item.reason
    assert item.hand_id == "11"


def test_sniff_tells_ipoker_from_pokerstars() -> None:
    assert sniff(_session(_showdown())) is ipoker.READER
    assert sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02)\n") is pokerstars.READER


@pytest.mark.parametrize(
    ("gametype", "variant"),
    [
        ("Holdem No limit $0.01/$0.02", "NT"),
        ("Holdem PL $0.01/$0.02 Ante $0.01", "PT"),  # the antes are each game's actions
        ("Holdem БЛ $0.01/$0.02", "NT"),
    ],
)
def test_the_other_ways_to_name_a_structure(gametype: str, variant: str) -> None:
    hand = _one(_session(_showdown()).replace("Holdem NL $0.01/$0.02", gametype))
    assert hand.variant == variant
    assert phh.check(hand).status == "match"


def test_c7_the_bet_attribute_is_not_trusted_over_the_actions() -> None:
    """The clients count a "raise to" (type 23) twice in a player's ``bet``: the actions
    say what he put in, and the hand replays to the site's ``win`` (review C7)."""
    text = _session(_showdown().replace('bet="$0.06" win="$0.11"', 'bet="$0.07" win="$0.11"'))
    (item,) = read_text(text, "own.xml")
    assert isinstance(item, HandHistory) and check(item).status == "match"


def test_the_cards_looked_up_read_as_the_rule_reads_them() -> None:
    """``SK`` is ``Ks``, ``D10`` and ``DT`` ``Td``, ``X`` unseen: the table every card is
    looked up in says what :func:`ipoker._card` says, for every suit, rank and case."""
    table = ipoker._CARDS
    assert len(table) == 8 * 14 + 2
    assert all(ipoker._card(text) == card for text, card in table.items())
    assert (table["SK"], table["d10"], table["DT"], table["x"]) == ("Ks", "Td", "Td", None)
    assert ipoker._card("S1") == "" and "S1" not in table
