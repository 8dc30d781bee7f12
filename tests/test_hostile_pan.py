"""Pan under the hostile inputs of ../shared/review/reliability.md (issue 27): H6, M2, M3, M4,
M12 and L2. Every bad set-up is a ``SplitpotError`` (a Pan history's a ``PanHistoryError``)
naming what is wrong, refused before anything is built from it; the history reader has PHH's
limits (size, nesting, regular files only) and the Pan ones (docs/limits.md); and every hand
ends (docs/rules/pan.md §6.6)."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from splitpot import IllegalAction, SplitpotError, limits
from splitpot.pan import Draw, PanRules, Play, Reject, history
from splitpot.pan.bots import GreedyPanBot, play_pan_bots
from splitpot.pan.game import PanHand
from splitpot.pan.records import PanEnding, PanStarting, Reshuffling
from splitpot.pan.table import PanTable

BASE = 'variant = "pan"\nseed = 6\nstarting_stacks = [20, 20]\nactions = []\n'


def with_fields(fields: str, stacks: str = "[20, 20]") -> str:
    return BASE.replace("[20, 20]", stacks).replace("actions", f"{fields}\nactions")


# --------------------------------------------------------------------------- H6, M4, L2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # H6: a seat count of 10**8 built 10**8 seats; it is refused from the number alone.
        (with_fields("seats = [1, 2]\nseat_count = 100000000"), "seat_count must be 1..255"),
        (with_fields("seats = [1, 10000000]"), "seat_count must be 1..255, got 10000000"),
        (with_fields("seats = [1, 2]\nseat_count = 1000000000000"), "seat_count must be 1..255"),
        # M4: IndexError before.
        (with_fields("seats = [0, -5]"), "seat -5 is not a seat (they count from 1)"),
        (with_fields("seats = [1, 5]\nseat_count = 2"), "seat 5 is not one of 1..2"),
        # L2: two players in one seat, one of them lost.
        (with_fields("seats = [1, 1, 2]", "[20, 20, 20]"), "seat 1 is given twice"),
        (with_fields("seats = [1]"), "seats and starting_stacks differ in length"),
        ("a = " + "[" * 5000 + "]" * 5000, "nested more than 16 levels deep"),  # M4
        (BASE.replace("[20, 20]", str([20] * 300)), "more than the 255 seats"),
        (
            BASE.replace("[]", "[" + '"p1 play", ' * (limits.PAN_MAX_ACTIONS + 1) + "]"),
            f"more than the {limits.PAN_MAX_ACTIONS} read",
        ),
        (BASE.replace("[]", '["p' + "9" * 5000 + ' play"]'), "there is no player 'p9999"),
        (BASE + "first = " + "9" * 30 + "\n", "first must be a player 1..2"),
        (BASE + "[rules]\npacks = 1\n", ""),  # 30 cards deal two players: a valid hand
    ],
)
def test_a_bad_history_is_one_pan_history_error(text: str, message: str) -> None:
    if not message:
        assert history.replay(history.loads(text)).stacks == [19, 19]
        return
    with pytest.raises(history.PanHistoryError, match=re.escape(message)):
        history.replay(history.loads(text))


def test_an_error_names_the_file_and_the_hand(tmp_path: Path) -> None:
    path = tmp_path / "hands.toml"
    good = history.dumps(PanHand([20, 20], seed=1))
    path.write_text("[1]\n" + good + "\n[2]\n" + good.replace("seed = 1", 'seed = "one"'))
    with pytest.raises(history.PanHistoryError) as e:
        history.load_all(path)
    assert e.value.source == f"{path}[2]" and str(e.value).startswith(f"{path}[2]: ")
    assert e.value.reason == "seed must be an integer, got 'one'"
    with pytest.raises(history.PanHistoryError) as again:
        history.loads("variant = ")
    assert again.value.source is None and again.value.reason.startswith("not valid TOML")


def test_files_that_are_not_a_history_are_refused_by_name(tmp_path: Path) -> None:
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00 variant")
    large = tmp_path / "large.toml"
    with open(large, "wb") as f:  # sparse: no disk used
        f.truncate(limits.PHH_MAX_BYTES + 1)
    cases = {
        binary: "not UTF-8 text",  # M4: UnicodeDecodeError before
        tmp_path / "missing.toml": "cannot read: No such file or directory",  # M4
        tmp_path: "not a regular file",
        large: f"larger than the {limits.PHH_MAX_BYTES} bytes read",
    }
    if os.path.exists("/dev/zero"):
        cases[Path("/dev/zero")] = "not a regular file"  # H6: read until MemoryError before
    for path, reason in cases.items():
        for read in (history.load, history.load_all):
            with pytest.raises(history.PanHistoryError) as e:
                read(path)
            assert e.value.source == str(path) and e.value.reason.startswith(reason), e.value


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    code = (
        "import sys; from splitpot.pan import history\n"
        "try:\n    history.load(sys.argv[1])\n"
        "except history.PanHistoryError as e:\n    print(e)\n"
    )
    # The timeout only guards against the hang this test is about: a blocking open() of a
    # FIFO waits for a writer for ever.
    done = subprocess.run(
        [sys.executable, "-c", code, str(fifo)], capture_output=True, text=True, timeout=60
    )
    assert done.stdout == f"{fifo}: not a regular file\n", done.stderr


def test_a_pan_history_error_pickles() -> None:
    import pickle

    error = history.PanHistoryError("bad", action_index=3, action="p1 fly", source="f.toml")
    again = pickle.loads(pickle.dumps(error))
    assert (again.reason, again.action_index, again.action, again.source, str(again)) == (
        "bad",
        3,
        "p1 fly",
        "f.toml",
        str(error),
    )


# --------------------------------------------------------------------------- M2, M3


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: PanTable(seats=256), "seats must be 2..255"),  # PAN_MAX_SEATS chairs
        (
            lambda: PanHand([20] * 16),
            r"Pan is played by 2 to 15 players \(docs/rules/pan.md §6.7\), got 16",
        ),
        (lambda: PanHand([20] * 3, first=True), "first must be a seat dealt in, got True"),
        (lambda: PanHand([20] * 3, first=7), "first must be a seat dealt in, got 7"),
        (lambda: PanHand([20] * 3, seed=-1), "seed must be an int 0..2\\*\\*64-1, got -1"),
        (lambda: PanHand([20, 20] + [None] * 10**8), "more than the 255 seats"),
        (lambda: PanHand([20] * 3).hand(99), "no seat 99 in this hand"),
        # M3: IndexError (pop from empty list) in the deal before.
        (
            lambda: PanHand([20] * 4, seed=1, rules=PanRules(packs=1)),
            r"the deck has 30 cards; the deal takes 40",
        ),
        (lambda: PanHand.from_events([]), "must start with a PanStarting"),
    ],
)
def test_pan_set_ups_are_splitpot_errors(make: object, message: str) -> None:
    with pytest.raises(SplitpotError, match=message):
        make()  # type: ignore[operator]


def test_a_table_refuses_the_player_it_could_never_deal_in() -> None:
    # M2: six seated under players_max = 3 failed at start_hand, mid-session; M3: four seated
    # with one pack (30 cards) died in the deal. Both are refused at the join that passes them.
    for rules, most in ((PanRules(players_max=3), 3), (PanRules(packs=1), 3)):
        table = PanTable(rules, seats=6, seed=1)
        for i in range(most):
            table.join(f"P{i}", 20)
        with pytest.raises(SplitpotError, match=f"the table has {most} players, the most"):
            table.join("one too many", 20)
        hand = play_pan_bots(table.start_hand(), lambda s: GreedyPanBot(s))
        result = table.settle()
        assert sum(hand.stacks) + result.carry + result.house == 20 * most


def test_a_deck_dealt_out_ends_the_hand_void() -> None:
    # 30 cards for three players: nothing left to draw, nothing dead to reshuffle (§6.6).
    hand = PanHand([20, 20, 20], seed=2, rules=PanRules(packs=1))
    for _ in range(3):
        hand.play()
    assert hand.is_over and hand.result.winner is None and hand.result.carry == 3


def test_a_history_with_a_short_deck_is_a_history_error() -> None:
    text = BASE.replace("[20, 20]", "[20, 20, 20, 20]") + "[rules]\npacks = 1\n"
    with pytest.raises(history.PanHistoryError, match="the deck has 30 cards; the deal takes 40"):
        history.replay(history.loads(text))


# --------------------------------------------------------------------------- M12


class Stubborn:
    """Draws and rejects every card it can (legal at every turn, never melding): the review's
    hand that lasted 400,000 moves."""

    def act(self, hand: PanHand) -> object:
        moves = hand.legal_moves()
        for kind in (Play, Draw, Reject):
            for move in moves:
                if isinstance(move, kind):
                    return hand.apply(move)
        return hand.apply(moves[-1])  # a forced card: its lay-off or discard


@pytest.mark.parametrize("players", [2, 3, 6])
def test_a_hand_that_would_never_end_is_void_after_the_last_reshuffle_docs_rules_pan_6_6(
    players: int,
) -> None:
    hand = PanHand([20] * players, seed=players)
    play_pan_bots(hand, lambda seat: Stubborn())  # type: ignore[arg-type,return-value]
    reshuffles = [e for e in hand.events if isinstance(e, Reshuffling)]
    assert len(reshuffles) == limits.PAN_MAX_RESHUFFLES
    end = hand.events[-1]
    assert isinstance(end, PanEnding) and end.winner is None
    # The tops carry over, every chip is accounted for (§5.2, §6.6).
    assert hand.result.carry == players and sum(hand.stacks) + hand.result.carry == 20 * players
    # Bounded: four passes of the 310 cards, two decisions a draw, and the deal.
    assert len(hand.events) < 4 * 310 * 2 + 10 * players
    # A replay from the history ends the same way.
    again = history.replay(history.loads(history.dumps(hand)))
    assert again.events == hand.events


def test_void_hands_under_voidhand_and_reshuffles_bounded_by_the_same_rule() -> None:
    hand = PanHand([20, 20], seed=3, rules=PanRules(stock_exhausted="voidHand"))
    play_pan_bots(hand, lambda seat: Stubborn())  # type: ignore[arg-type,return-value]
    assert not any(isinstance(e, Reshuffling) for e in hand.events)
    assert hand.result.winner is None


def test_an_illegal_move_after_the_void_changes_nothing() -> None:
    hand = PanHand([20, 20], seed=4)
    play_pan_bots(hand, lambda seat: Stubborn())  # type: ignore[arg-type,return-value]
    events = hand.events
    with pytest.raises(IllegalAction):
        hand.draw()
    assert hand.events == events


# --------------------------------------------------------------------------- fuzz


def _mutate(text: str, rng: random.Random) -> str:
    """One hostile edit of a history: a number made extreme, a line cut or repeated, a
    bracket opened, junk bytes."""
    lines = text.splitlines()
    i = rng.randrange(len(lines))
    kind = rng.randrange(6)
    if kind == 0:
        digits = rng.choice(["0", "-1", "255", "256", "10" + "0" * rng.randrange(40), "1e9"])
        lines[i] = "".join(digits if c.isdigit() else c for c in lines[i])
    elif kind == 1:
        del lines[i]
    elif kind == 2:
        lines.insert(i, lines[i])
    elif kind == 3:
        lines[i] = lines[i] + rng.choice(["[", "]", '"', "{", ", [[[1]]]", "\x00", "é"])
    elif kind == 4:
        lines.insert(i, rng.choice(["seats = [1, 1]", "seat_count = 300", "first = 0"]))
    else:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    return "\n".join(lines) + "\n"


def _check_history(text: str) -> None:
    try:
        hand = history.replay(history.loads(text))
    except history.PanHistoryError:
        return
    start = hand.events[0]
    assert isinstance(start, PanStarting)
    total = sum(s or 0 for s in start.stacks) + start.carry
    carried = hand.result.carry if hand.is_over else 0
    assert sum(hand.stacks) + hand.pot + hand.house + carried == total  # chips conserved


def _histories() -> list[str]:
    out = []
    for seed in range(4):
        hand = PanHand([20] * (2 + seed), seed=seed, first=seed % 2)
        play_pan_bots(hand, lambda s: GreedyPanBot(s))
        out.append(history.dumps(hand))
    seated = PanHand([20, None, 20, 20], seed=9, first=2)
    out.append(history.dumps(play_pan_bots(seated, lambda s: GreedyPanBot(s))))
    return out


def test_mutated_histories_are_read_or_refused() -> None:
    rng = random.Random(27)
    for text in _histories():
        for _ in range(60):
            _check_history(_mutate(text, rng))


@pytest.mark.slow  # the long fuzz run: `pytest -m slow` (CI runs it once)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 4), st.integers(0, 2**32), st.integers(1, 4))
def test_fuzzed_histories_are_read_or_refused(which: int, seed: int, edits: int) -> None:
    rng = random.Random(seed)
    text = _HISTORIES[which]
    for _ in range(edits):
        text = _mutate(text, rng)
    _check_history(text)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_read_or_refused(text: str) -> None:
    try:
        history.loads_all(text)
    except history.PanHistoryError:
        pass


_HISTORIES = _histories()
