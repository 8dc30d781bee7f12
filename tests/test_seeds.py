"""Seeds: one home (``splitpot._seeds``), and the hands an existing seed deals, pinned.

The values below were read from the code before the seeds had one home (issue 28): a run,
a table, a tournament, a demo or a Pan game seeded the same way must deal the same cards
forever, whatever the code that derives its seeds looks like. A change here is a change a
user sees (``--seed 4`` no longer replays last year's hands), not a refactoring.
"""

from __future__ import annotations

import hashlib
import random

import pytest
import splitpot as sp
from splitpot import _seeds, simulation, tables, tui
from splitpot.cli import main
from splitpot.pan import PanHand, PanRules, PanTable
from splitpot.pan import text as pan_text
from splitpot.pan.records import Draw, PanPhase, Reject, Reshuffling
from splitpot.table import Table
from splitpot.tournament import play_tournament


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_a_simulation_derives_each_hands_seeds_by_blake2b() -> None:
    assert simulation.hand_seeds(7, 3, 4) == (
        2199188304259064893,
        [8966138951738597810, 8400334004392378764, 6664485509300038030, 1580129611243740887],
    )


def test_a_preflop_table_keys_each_class_by_blake2b() -> None:
    assert tables._entry_seed(5, "AA32ds") == 1060325887707516160


def test_a_seeded_hand_deals_the_same_cards() -> None:
    h = sp.Hand(sp.HOLDEM, sp.NoLimit(1, 2), [100] * 6, seed=12345)
    assert ["".join(map(str, h.hole(s))) for s in range(6)] == [
        "8h6d",
        "KhJc",
        "2c8s",
        "6s4h",
        "7sKs",
        "5c3s",
    ]
    while h.phase is sp.Phase.BETTING:
        h.check_or_call()
    assert "".join(map(str, h.board)) == "Qs6cTs4sJd"


def test_a_seeded_table_draws_the_same_hand_seeds() -> None:
    t = Table(sp.HOLDEM, sp.NoLimit(1, 2), seed=1)
    for name in ("Ann", "Bob", "Cy"):
        t.join(name, 100)
    seeds = []
    for _ in range(3):
        hand = t.start_hand()
        seeds.append(hand.seed)
        while not hand.is_over:
            hand.fold()
    assert seeds == [1164115433906158532, 2175216119781798972, 8711387064946514083]


def test_a_seeded_tournament_deals_the_same_hands() -> None:
    r = play_tournament(4, starting_stack=200, prizes=[100], seed=5)
    assert [h.seed for h in r.hands[:3]] == [
        2089474284528698192,
        4017083783435677925,
        977594450113651758,
    ]
    assert r.payouts == {"P1": 100, "P4": 0, "P2": 0, "P3": 0}


def test_the_demos_and_the_terminal_game_deal_the_same_hands() -> None:
    # The hand and how it ends, not the words around them (those may change).
    demo = tui.demo(1)
    assert "hand seed 1352024868" in demo
    assert [
        line.split() for line in demo.splitlines() if "chips (+" in line or "chips (-" in line
    ] == [
        ["Ann", "63", "chips", "(-57)"],
        ["Bob", "140", "chips", "(+80)"],
        ["Cy", "13", "chips", "(-67)"],
        ["Dee", "204", "chips", "(+84)"],
        ["Eve", "120", "chips", "(+0)"],
        ["Fay", "0", "chips", "(-40)"],
    ]
    hand = tui.play("holdem", players=3, seed=5, input=lambda _: "f", output=lambda _: None)
    assert hand.seed == 2675342405
    settled = pan_text.demo(1).split("Settlement:")[1].split()
    assert " ".join(settled) == (
        "Ann 50 -> 40 (-10) Fay 50 -> 60 (+10) Eve 50 -> 45 (-5) Dee 50 -> 66 (+16) "
        "Cy 50 -> 40 (-10) Bob 50 -> 49 (-1)"
    )


def test_a_seeded_pan_table_and_a_reshuffle_deal_the_same_cards() -> None:
    t = PanTable(seed=3)
    for name in ("Ann", "Bob", "Cy"):
        t.join(name, 20)
    assert t.start_hand().events[0].seed == 10039257264037515410  # type: ignore[attr-defined]
    hand = PanHand([50] * 2, seed=0, rules=PanRules(stock_exhausted="reshuffleDead"))
    rng = random.Random(0)
    for _ in range(800):  # draw and reject until the stock has been reshuffled
        if hand.phase is PanPhase.DECLARE:
            hand.play()
            continue
        moves = hand.legal_moves()
        pick = [m for m in moves if isinstance(m, (Draw, Reject))]
        discard = [m for m in moves if type(m).__name__ == "Discard"]
        hand.apply(rng.choice(pick or discard or moves))
    assert any(isinstance(e, Reshuffling) for e in hand.events)
    assert _digest(repr(hand.events)) == "8a23b286d6856ee3"


@pytest.mark.parametrize(
    ("args", "digest"),
    [
        (["--game", "holdem"], "c18ff75b651fa8c1"),
        (["--game", "pan"], "c57edbbf46799508"),
        (["--game", "holdem", "--tournament"], "1edea7eb3949c51d"),
    ],
)
def test_the_command_line_simulates_the_same_hands(
    args: list[str], digest: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", *args, "--hands", "3", "--seed", "4", "--players", "3", "--out", "-"]
    assert main(argv) == 0
    assert _digest(capsys.readouterr().out) == digest


def test_seeds_are_checked_in_one_place() -> None:
    assert _seeds.check(5) == 5
    assert _seeds.check(_seeds.SEED_LIMIT - 1) == _seeds.SEED_LIMIT - 1
    for bad in (-1, _seeds.SEED_LIMIT):
        with pytest.raises(sp.SplitpotError, match="seed must be"):
            _seeds.check(bad)
    for bad in (True, 1.0, "1"):
        with pytest.raises(TypeError, match="seed must be an int"):
            _seeds.check(bad)
    assert 0 <= _seeds.draw() < _seeds.DRAW_LIMIT
    rng, again = random.Random(9), random.Random(9)
    assert _seeds.draw(rng) == again.randrange(_seeds.DRAW_LIMIT)


def test_derive_is_blake2b_of_the_path() -> None:
    digest = hashlib.blake2b(b"a:1:2", digest_size=8).digest()
    assert _seeds.derive("a", 1, 2) == int.from_bytes(digest, "big")
    assert _seeds.derive("a", 1, 2, bits=63) == int.from_bytes(digest, "big") >> 1
    assert _seeds.derive(3, "x", sep="/") == tables._entry_seed(3, "x")
