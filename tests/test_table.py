"""The table: many hands, the moving button, blinds, missed blinds (docs/rules/poker.md §4.1 §7)."""

from __future__ import annotations

import pytest
import splitpot as sp
from splitpot.betting import FixedLimit, NoLimit, PotLimit
from splitpot.bots import Bot, CallingStation, RandomBot, SimpleBot, demo, describe, play, play_bots
from splitpot.games import CRAZY_PINEAPPLE_HILO, HOLDEM, OMAHA_HILO
from splitpot.hand import BlindPosting, Hand, TimingOut
from splitpot.table import Table
from splitpot.tui import NAMES


def blinds(hand: Hand) -> list[tuple[int, int, bool]]:
    return [(e.seat, e.amount, e.dead) for e in hand.events if isinstance(e, BlindPosting)]


def check_down(table: Table) -> Hand:
    """Deal a hand and play it out: everyone checks when he can, else folds."""
    hand = table.start_hand()
    while not hand.is_over:
        if hand.legal_actions().check:
            hand.check()
        else:
            hand.fold()
    return hand


def table_of(names: str, stack: int = 100, **kwargs: object) -> Table:
    t = Table(HOLDEM, NoLimit(1, 2), seed=1, **kwargs)  # type: ignore[arg-type]
    for name in names:
        t.join(name, stack)
    return t


def test_stacks_carry_over_and_the_button_moves_clockwise() -> None:
    t = table_of("ABCD")
    buttons = []
    for _ in range(5):
        hand = check_down(t)
        buttons.append(hand.button)
        assert sum(v for v in t.stacks if v is not None) == 400
        assert hand.final_stacks == [v or 0 for v in t.stacks]
    assert buttons == [0, 1, 2, 3, 0]
    first = table_of("ABCD")
    h = first.start_hand()
    assert blinds(h) == [(1, 1, False), (2, 2, False)]
    assert h.actor == 3  # left of the big blind
    h.raise_to(10)
    h.fold()
    h.fold()
    h.fold()
    assert first.stacks[:4] == [100, 99, 98, 103]
    assert first.start_hand().starting_stacks[:4] == [100, 99, 98, 103]


def test_button_skips_empty_seats() -> None:
    t = Table(HOLDEM, NoLimit(1, 2), seed=2)
    t.join("A", 100, seat=1)
    t.join("B", 100, seat=4)
    t.join("C", 100, seat=8)
    assert [check_down(t).button for _ in range(4)] == [1, 4, 8, 1]
    assert t.hand is not None and t.hand.seats == [4, 8, 1]


def test_heads_up_table_button_posts_small_blind() -> None:
    t = table_of("AB")
    h = t.start_hand()
    assert h.button == 0
    assert blinds(h) == [(0, 1, False), (1, 2, False)]
    assert h.actor == 0  # the button acts first preflop
    h.call()
    h.check()
    assert h.actor == 1  # and last after the flop


def test_up_to_ten_seats() -> None:
    t = table_of("ABCDEFGHIJ")
    with pytest.raises(sp.IllegalAction, match="the table is full"):
        t.join("K", 100)
    with pytest.raises(ValueError, match="2 to 10 seats"):
        Table(HOLDEM, NoLimit(1, 2), seats=11)
    small = Table(HOLDEM, NoLimit(1, 2), seats=4)
    small.join("A", 10, seat=3)
    with pytest.raises(sp.IllegalAction, match="seat 3 is taken"):
        small.join("K", 100, seat=3)
    assert len(check_down(t).seats) == 10


def test_new_player_waits_for_the_big_blind() -> None:
    t = table_of("ABCD")
    check_down(t)  # button 0
    e = t.join("E", 100, seat=6)
    seen = []
    for _ in range(4):
        hand = check_down(t)
        seen.append((hand.button, 6 in hand.seats))
    # The big blind reaches seat 6 when the button is on seat 2 (small blind on 3).
    assert seen == [(1, False), (2, True), (3, True), (6, True)]
    assert t.seat(e) is not None and t.seat(e).state == "playing"  # type: ignore[union-attr]


def test_new_player_may_post_a_big_blind_at_once() -> None:
    t = table_of("ABCD")
    check_down(t)  # button 0
    t.join("E", 100, seat=6, post_now=True)
    h = t.start_hand()  # button 1, blinds 2 and 3
    assert 6 in h.seats
    assert blinds(h) == [(2, 1, False), (3, 2, False), (6, 2, False)]
    assert h.actor == 6  # first to act: left of the (positional) big blind on seat 3
    h.raise_to(6)
    # His big blind is live: it counts toward his call of the raise.
    assert h.bets[6] == 6
    t2 = table_of("ABCD")
    check_down(t2)
    t2.join("E", 100, seat=6, post_now=True)
    h2 = t2.start_hand()
    h2.check()  # seat 6: his live blind already matches the big blind
    assert h2.contributions[6] == 2
    while h2.actor != 3:
        h2.call()
    assert h2.legal_actions().check  # the positional big blind keeps his option


def test_missed_blinds_are_owed_on_return() -> None:
    t = table_of("ABCD")
    check_down(t)  # button 0: blinds 1, 2
    t.sit_out(2)
    for _ in range(3):
        check_down(t)
    view = t.seat(2)
    assert view is not None and view.owes_small and view.owes_big
    assert view.missed_big_blinds == 1
    t.sit_in(2)
    h = check_down(t)
    # Seat 2 is just left of the button (1): he may not come in between the button and the
    # big blind, so he waits a hand, then posts a live big blind and the small blind dead.
    assert h.button == 1 and 2 not in h.seats
    h = check_down(t)
    assert 2 in h.seats
    assert (2, 2, False) in blinds(h) and (2, 1, True) in blinds(h)
    view = t.seat(2)
    assert view is not None and not view.owes_big and not view.owes_small


def test_returning_player_may_wait_for_the_big_blind() -> None:
    t = table_of("ABCD")
    check_down(t)
    t.sit_out(2)
    for _ in range(3):
        check_down(t)
    t.sit_in(2, wait_for_big_blind=True)
    assert [2 in check_down(t).seats for _ in range(2)] == [False, False]
    h = check_down(t)
    assert (h.button, 2 in h.seats) == (0, True)
    assert blinds(h) == [(1, 1, False), (2, 2, False)]  # only the big blind, in turn
    view = t.seat(2)
    assert view is not None and not view.owes_big and not view.owes_small


def test_three_missed_big_blinds_remove_the_player() -> None:
    t = table_of("ABCD")
    check_down(t)
    t.sit_out(3)
    missed = []
    while t.seat(3) is not None:
        check_down(t)
        view = t.seat(3)
        missed.append(view.missed_big_blinds if view else None)
    # One big blind missed per orbit of three hands; the third removes him.
    assert missed == [1, 1, 1, 2, 2, 2, None]
    assert t.removed == [(3, "D", 100)]


def test_no_chips_added_during_a_hand() -> None:
    t = table_of("ABC")
    h = t.start_hand()
    with pytest.raises(sp.IllegalAction, match="table stakes"):
        t.add_chips(h.actor or 0, 50)
    with pytest.raises(sp.IllegalAction, match="may leave when it is over"):
        t.leave(0)
    while not h.is_over:
        h.fold()
    t.add_chips(0, 50)
    assert t.stacks[0] is not None and t.stacks[0] >= 150
    assert t.leave(1) > 0 and t.seat(1) is None


def test_busted_player_sits_out() -> None:
    t = Table(HOLDEM, NoLimit(1, 2), seed=4)
    t.join("A", 100)
    t.join("B", 5)
    t.join("C", 100)
    h = t.start_hand(hole={0: "AhAd", 1: "2c7d", 2: "3c8d"}, board="AsKsQcJc9h")
    h.raise_to(100)  # seat 0 (button) shoves
    h.call()  # seat 1 all-in for 5
    h.fold()
    assert t.stacks == [107, 0, 98] + [None] * 7
    h = t.start_hand()
    assert 1 not in h.seats
    view = t.seat(1)
    assert view is not None and view.state == "sitting_out"
    t.add_chips(1, 20)
    t.sit_in(1, wait_for_big_blind=True)
    assert t.seat(1).state in ("waiting", "playing")  # type: ignore[union-attr]


def test_timeouts_spend_disconnection_protections() -> None:
    t = Table(HOLDEM, FixedLimit(2, 4), seed=5, protections=2)
    for name in "ABC":
        t.join(name, 100)
    outcomes = []
    for _ in range(3):
        h = t.start_hand()
        while h.actor != 1:  # seat 1 times out whenever he acts; the others call or check
            if h.is_over:
                break
            h.check_or_call()
        if not h.is_over:
            outcomes.append(t.timeout().outcome)
        while not h.is_over:
            h.check_or_call()
    assert outcomes.count("all_in") <= 2
    view = t.seat(1)
    assert view is not None
    assert view.protections == 2 - outcomes.count("all_in")
    t.reset_protections()
    assert t.seat(1).protections == 2  # type: ignore[union-attr]


def test_timeout_without_protection_folds() -> None:
    t = Table(HOLDEM, NoLimit(1, 2), seed=6, protections=0)
    for name in "ABC":
        t.join(name, 100)
    h = t.start_hand()
    h.call()  # button calls
    h.call()  # small blind completes
    assert h.actor == 2
    assert t.timeout() == TimingOut(2, "fold")


def test_seeded_table_replays_the_same_hands() -> None:
    def run() -> list[object]:
        t = Table(OMAHA_HILO, FixedLimit(2, 4), seed=9)
        for name in "ABCDEF":
            t.join(name, 60)
        return [check_down(t).events for _ in range(3)]

    assert run() == run()


def test_start_hand_needs_two_players_and_a_finished_hand() -> None:
    t = table_of("A")
    with pytest.raises(sp.IllegalAction, match="not enough players"):
        t.start_hand()
    t.join("B", 100)
    t.start_hand()
    with pytest.raises(sp.IllegalAction, match="not over"):
        t.start_hand()


# --------------------------------------------------------------------------- bots, demo, play


def test_bots_play_many_hands_at_a_table() -> None:
    for game in (OMAHA_HILO, CRAZY_PINEAPPLE_HILO, HOLDEM):
        t = Table(game, PotLimit(1, 2), seed=11)
        for name in "ABCDEF":
            t.join(name, 100)
        bots: list[Bot] = [SimpleBot(1), RandomBot(2), CallingStation(), SimpleBot(3, 0.9)] * 2
        for _ in range(30):
            try:
                hand = t.start_hand()
            except sp.IllegalAction:
                break  # too few players with chips left
            play_bots(hand, bots)
            assert sum(v for v in t.stacks if v is not None) == 600


def test_demo_is_seeded_with_an_all_in_and_a_split_pot() -> None:
    text = demo(1)
    assert text == demo(1)
    assert text.startswith("splitpot demo (seed 1): Omaha Hi/Lo 8 or Better")
    for part in ("Preflop", "Flop:", "Turn:", "River:", "Showdown", "Pots", "Result"):
        assert part in text
    assert "and is all-in" in text
    assert "wins the high half" in text and "wins the low half" in text
    assert demo(2) != text


def test_play_a_hand_in_the_terminal() -> None:
    lines: list[str] = []
    commands = iter(["help", "r 1", "c", "k", "k"])

    def scripted(prompt: str) -> str:
        try:
            return next(commands)
        except StopIteration:
            raise EOFError from None

    hand = play("omaha8", "pot-limit", players=4, seed=3, input=scripted, output=lines.append)
    assert hand.is_over
    assert sum(hand.final_stacks) == 800
    assert lines[0].startswith("Pot-limit Omaha Hi/Lo 8 or Better, blinds 1/2; 4 players")
    assert any(line.startswith("Commands:") for line in lines)
    assert any(line.startswith("The raise here is to an amount from") for line in lines)
    assert any(line.startswith("You ") for line in lines)
    want = ", ".join(f"{n} {hand.final_stacks[s]}" for s, n in enumerate(["You", *NAMES[1:4]]))
    assert lines[-1] == f"Stacks: {want}"


def test_describe_names_the_players() -> None:
    hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], hole=["AhAd", "KhKd"], board="2c7d9hJs3s")
    hand.raise_to(100)
    hand.call()
    lines = [describe(e, ["You", "Bob"]) for e in hand.events]
    assert "Bob raises to 100 and is all-in" in lines
    assert "You call 98 and are all-in" in lines
    assert "You win the main pot (200): best high" in lines


def test_players_waiting_at_an_empty_game_just_play() -> None:
    t = table_of("AB")
    check_down(t)
    t.join("C", 100)  # the game is running: C waits for the big blind
    assert t.seat(2).state == "waiting"  # type: ignore[union-attr]
    t.leave(0)
    t.leave(1)
    t.join("D", 100)
    hand = t.start_hand()  # no regular player left: C and D simply play
    assert sorted(hand.seats) == [0, 2]


def test_player_states_are_an_enum() -> None:
    from splitpot.table import MAX_SEATS, PlayerState

    t = Table(HOLDEM, NoLimit(1, 2), seed=1)
    assert t.seat_count == MAX_SEATS
    seat = t.join("Ann", 100)
    view = t.seat(seat)
    assert view is not None and view.state is PlayerState.PLAYING
    t.sit_out(seat)
    assert t.seat(seat).state is PlayerState.SITTING_OUT  # type: ignore[union-attr]
