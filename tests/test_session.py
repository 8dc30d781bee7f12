"""The table as a session (docs/rules/poker.md §4.1, §7; issue 14): the rules by name.

Every expected seat and amount below is worked out by hand from the rule the test names.
"""

from __future__ import annotations

import pytest
from splitpot import IllegalAction, phh
from splitpot.betting import FixedLimit, NoLimit
from splitpot.bots import RandomBot, play_bots
from splitpot.games import HOLDEM
from splitpot.hand import AntePosting, BlindPosting, Hand, SeatStatus, SittingOut
from splitpot.table import BuyIn, Clock, Table


def posts(hand: Hand) -> dict[int, tuple[int, int]]:
    """Seat -> (live blind, dead blind) posted."""
    out: dict[int, tuple[int, int]] = {}
    for e in hand.events:
        if isinstance(e, BlindPosting):
            live, dead = out.get(e.seat, (0, 0))
            out[e.seat] = (live, dead + e.amount) if e.dead else (live + e.amount, dead)
    return out


def fold_around(hand: Hand) -> Hand:
    """Everyone folds when he can fold facing a bet, else checks: the big blind wins."""
    while not hand.is_over:
        la = hand.legal_actions()
        hand.check() if la.check else hand.fold()
    return hand


def table(names: str = "ABCDE", **kwargs: object) -> Table:
    t = Table(HOLDEM, NoLimit(1, 2), seats=kwargs.pop("seats", 5), seed=1, **kwargs)  # type: ignore[arg-type]
    for name in names:
        t.join(name, 100)
    return t


def test_poker_4_1_the_first_player_seated_gets_the_first_button_seed_000() -> None:
    t = Table(HOLDEM, NoLimit(1, 2), seats=6, seed=1)
    t.join("A", 100, seat=5)
    t.join("B", 100, seat=0)
    t.join("C", 100, seat=2)
    h = t.start_hand()
    assert (h.button, t.seat(h.button).name) == (5, "A")  # type: ignore[union-attr]
    assert posts(h) == {0: (1, 0), 2: (2, 0)}
    # A button given to the table wins over the order of arrival.
    t2 = Table(HOLDEM, NoLimit(1, 2), seats=6, seed=1, button=2)
    for seat, name in ((5, "A"), (0, "B"), (2, "C")):
        t2.join(name, 100, seat=seat)
    assert t2.start_hand().button == 2


def test_poker_4_1_missed_only_the_small_blind_posts_only_the_small_blind_dead() -> None:
    # The audit's W4: button 0, SB 1, BB 2; button 1, SB 2, BB 3 (D); D sits out; button 2,
    # the small blind passes seat 3 to seat 4, the big blind goes to 0: D missed only the
    # small blind. Back in, he posts 1 dead and nothing live, and is dealt in.
    t = table()
    fold_around(t.start_hand())
    fold_around(t.start_hand())
    t.sit_out(3)
    h = fold_around(t.start_hand())
    assert (h.button, posts(h)) == (2, {4: (1, 0), 0: (2, 0)})
    view = t.seat(3)
    assert view is not None and (view.owes_small, view.owes_big) == (True, False)
    t.sit_in(3)
    h = t.start_hand()  # button 4, SB 0, BB 1; D may post (he is not button or small blind)
    assert 3 in h.seats and h.button == 4
    assert posts(h)[3] == (0, 1)
    assert h.contributions[3] == 1 and h.bets[3] == 0


def test_poker_4_1_missed_both_blinds_posts_the_big_live_and_the_small_dead() -> None:
    # D (seat 3) sits out for two hands: the big blind passes him (2 -> 4), then the small
    # blind (2 -> 4). Back in with the button on 4 (SB 0, BB 1), he posts 2 live and 1 dead.
    t = table()
    fold_around(t.start_hand())  # button 0, SB 1, BB 2
    t.sit_out(3)
    fold_around(t.start_hand())  # button 1, SB 2, BB 4
    view = t.seat(3)
    assert view is not None and (view.owes_small, view.owes_big) == (False, True)
    fold_around(t.start_hand())  # button 2, SB 4, BB 0
    view = t.seat(3)
    assert view is not None and (view.owes_small, view.owes_big) == (True, True)
    t.sit_in(3)
    h = t.start_hand()
    assert (h.button, posts(h)) == (4, {0: (1, 0), 1: (2, 0), 3: (2, 1)})
    assert h.contributions[3] == 3 and h.bets[3] == 2
    # His live blind is a bet: facing no raise he may check when his turn comes.
    while h.actor != 3:
        h.call()
    assert h.legal_actions().check


def test_poker_4_1_a_returning_player_may_wait_for_the_big_blind_and_owe_nothing() -> None:
    t = table()
    fold_around(t.start_hand())  # button 0, SB 1, BB 2
    t.sit_out(3)
    fold_around(t.start_hand())  # button 1, SB 2, BB 4: D owes the big blind
    t.sit_in(3, wait_for_big_blind=True)
    dealt = []
    for _ in range(4):
        h = fold_around(t.start_hand())
        dealt.append((h.button, posts(h).get(3)))
    # Buttons 2, 4, 0, 1: with the button on 1 the small blind is 2 and the big blind the
    # next player after him, D, who is dealt in with the big blind and owes nothing more.
    assert dealt == [(2, None), (4, None), (0, None), (1, (2, 0))]
    view = t.seat(3)
    assert view is not None and view.state == "playing" and not view.owes_big


def test_poker_4_1_moving_button_when_the_small_blind_leaves() -> None:
    # Button 0, SB 1 (B), BB 2; B leaves. Moving button: the next player after 0 is C (2).
    t = table()
    fold_around(t.start_hand())
    t.leave(1)
    h = t.start_hand()
    assert (h.button, posts(h)) == (2, {3: (1, 0), 4: (2, 0)})


def test_poker_4_1_dead_button_when_the_small_blind_leaves() -> None:
    # Dead button: the big blind moves one player (2 -> 3), the small blind takes the seat
    # the big blind had (2), and the button the seat the small blind had (1, now empty).
    t = table(button_rule="dead")
    fold_around(t.start_hand())
    t.leave(1)
    h = t.start_hand()
    assert (h.button, posts(h)) == (1, {2: (1, 0), 3: (2, 0)})
    assert h.actor == 4  # left of the big blind
    h = fold_around(h)
    h = t.start_hand()
    assert (h.button, posts(h)) == (2, {3: (1, 0), 4: (2, 0)})


def test_poker_4_1_dead_small_blind_when_the_big_blind_leaves() -> None:
    # Dead button: button 0, SB 1, BB 2; C (the big blind) leaves. The big blind moves to 3,
    # the small blind's position is seat 2, empty: no small blind this hand; button 1.
    t = table(button_rule="dead")
    fold_around(t.start_hand())
    t.leave(2)
    h = t.start_hand()
    assert (h.button, posts(h)) == (1, {3: (2, 0)})


def test_poker_4_1_heads_up_transition_no_one_posts_the_big_blind_twice() -> None:
    # Button 0 (A), SB 1 (B), BB 2 (C); A leaves. Two left: the button posts the small blind
    # and the big blind goes to the player who did not have it: B. So C is the button.
    t = table("ABC", seats=3)
    fold_around(t.start_hand())
    t.leave(0)
    h = t.start_hand()
    assert (h.button, posts(h)) == (2, {2: (1, 0), 1: (2, 0)})
    assert h.actor == 2  # heads-up the button acts first preflop
    fold_around(h)
    h = t.start_hand()
    assert (h.button, posts(h)) == (1, {1: (1, 0), 2: (2, 0)})


def test_poker_4_1_straddle_left_of_the_big_blind() -> None:
    # Button 0, SB 1, BB 2, straddle 4 by seat 3: seat 4 acts first; a raise is to 8 at least.
    t = table(straddle=4)
    h = t.start_hand()
    assert posts(h) == {1: (1, 0), 2: (2, 0), 3: (4, 0)}
    la = h.legal_actions()
    assert la.seat == 4 and la.call == 4 and la.raise_to == (8, 100)
    with pytest.raises(ValueError, match="no limit and pot limit"):
        Table(HOLDEM, FixedLimit(2, 4), straddle=4)
    with pytest.raises(ValueError, match="above the big blind"):
        Table(HOLDEM, NoLimit(1, 2), straddle=2)


def test_poker_6_big_blind_ante_is_posted_by_the_big_blind_for_the_table() -> None:
    t = Table(HOLDEM, NoLimit(1, 2, ante=2), seats=3, seed=1, ante_rule="big_blind")
    for name in "ABC":
        t.join(name, 100)
    h = t.start_hand()
    antes = [(e.seat, e.amount) for e in h.events if isinstance(e, AntePosting)]
    assert antes == [(2, 2)]
    fold_around(h)  # the big blind wins 1 + 2 + 2 (his own ante and blind back, and the SB)
    assert t.stacks == [100, 99, 101]
    b = Table(HOLDEM, NoLimit(1, 2, ante=2), seats=3, seed=1, ante_rule="button")
    for name in "ABC":
        b.join(name, 100)
    h = b.start_hand()
    assert [(e.seat, e.amount) for e in h.events if isinstance(e, AntePosting)] == [(0, 2)]


def test_seed_003_sitting_out_during_a_hand_folds_when_his_turn_comes() -> None:
    t = table()
    h = t.start_hand()  # button 0, SB 1, BB 2: seat 3 to act
    assert t.sit_out(0) is None  # not his turn: he is folded when it comes
    assert h.status(0) is SeatStatus.ACTIVE
    h.call()  # seat 3
    h.call()  # seat 4; the turn reaches seat 0, who is folded
    assert h.status(0) is SeatStatus.FOLDED and h.actor == 1
    assert SittingOut(0) in h.events
    assert t.seat(0).state == "sitting_out"  # type: ignore[union-attr]


def test_seed_003_sitting_out_at_once_folds_now() -> None:
    t = table()
    h = t.start_hand()
    assert t.sit_out(4, now=True) == SittingOut(4)
    assert h.status(4) is SeatStatus.FOLDED and h.actor == 3
    fold_around(h)
    # The history writes the fold where it happened and replays to the same stacks.
    hh = t.history[-1]
    assert "p4 f # sits out" in hh.actions  # players from the button's left: seat 4 is p4
    assert phh.replay(hh).final_stacks == h.final_stacks


def test_buy_in_limits_joins_rebuys_and_top_ups() -> None:
    t = Table(HOLDEM, NoLimit(1, 2), seats=3, seed=1, buy_in=BuyIn(40, 200))
    with pytest.raises(ValueError, match=r"a buy-in of 20 is outside the buy-in 40\.\.200"):
        t.join("A", 20)
    assert t.players == []
    t.join("A", 150)
    t.join("B", 40)
    with pytest.raises(ValueError, match="seat 0's stack of 210"):
        t.add_chips(0, 60)
    t.add_chips(0, 50)  # a top-up to the maximum
    assert t.stacks[:2] == [200, 40]
    with pytest.raises(IllegalAction, match="'A' is already seated"):
        t.join("A", 100)


def test_clock_settings_are_the_seeds_times() -> None:
    t = Table(HOLDEM, NoLimit(1, 2))
    assert t.clock == Clock(action=10, countdown=20, reconnect=20)
    with pytest.raises(ValueError, match="clock action"):
        Clock(action=-1)


def test_a_refused_hand_leaves_the_table_as_it_was() -> None:
    t = table()
    fold_around(t.start_hand())
    t.sit_out(3)
    before = (t.players, t.stacks, t.button, len(t.history), t.removed[:])
    with pytest.raises(ValueError):
        t.start_hand(hole={0: "AsAs"})  # a card twice
    assert (t.players, t.stacks, t.button, len(t.history), t.removed) == before
    # And the hand dealt next is the one that would have been dealt.
    twin = table()
    fold_around(twin.start_hand())
    twin.sit_out(3)
    assert t.start_hand().events[0] == twin.start_hand().events[0]


def test_open_folds_may_be_refused_by_the_table() -> None:
    t = table(open_folds=False)
    h = t.start_hand()
    while h.actor != 2:
        h.call()
    assert not h.legal_actions().fold  # the big blind, nothing to call


def test_the_session_history_replays_to_the_same_stacks() -> None:
    t = Table(HOLDEM, NoLimit(1, 2), seats=6, seed=7, name="T1")
    for name in "ABCDEF":
        t.join(name, 60)
    for i in range(40):
        if i == 5:
            t.sit_out(2)
        if i == 9:
            t.sit_in(2)
        if i == 12 and t.seat(4) is not None:
            t.leave(4)
            t.join("G", 60, seat=4, post_now=True)
        for seat in range(6):
            view = t.seat(seat)
            if view is not None and view.stack == 0:
                t.add_chips(seat, 60)
                t.sit_in(seat)
        try:
            hand = t.start_hand()
        except IllegalAction:
            break
        play_bots(hand, [RandomBot(i * 10 + s) for s in range(6)])
    t.stacks  # noqa: B018 - settles the last hand
    assert len(t.history) >= 30
    for hh, seats in zip(t.history, (None,) * len(t.history)):  # noqa: B905
        hand = phh.replay(hh)
        assert hh.finishing_stacks is not None
        assert [hand.final_stacks[s] for s in hand.seats] == hh.finishing_stacks, seats
        assert (
            hh.table == "T1" and hh.players is not None and len(set(hh.players)) == len(hh.players)
        )


def test_seed_001_a_seat_folded_out_of_turn_keeps_nothing_of_its_blind() -> None:
    # Seed 001: "If you have posted a blind, made a bet or raised a bet, you will lose that
    # money." Heads-up, seat 1 (the button) posts the small blind 1, seat 0 the big blind 2.
    # Seat 0 sits out at once: his 2 chips stay in the pot, none comes back as an uncalled
    # bet. Seat 1 takes the pot of 3 (his own 1 and the big blind's 2): 100 - 1 + 3 = 102,
    # seat 0 keeps 100 - 2 = 98 (issue 28: 99/101, with 1 returned to the folded big blind).
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    assert h.sit_out(0, now=True) == SittingOut(0)
    assert h.final_stacks == [98, 102]
    assert h.result.returned == {}
    assert [(a.seat, a.amount) for a in h.result.awards] == [(1, 3)]


def test_seed_001_three_handed_the_big_blind_sitting_out_at_once_loses_his_blind() -> None:
    # Button seat 0, small blind seat 1 (1), big blind seat 2 (2). Seat 2 sits out at once,
    # the button folds: seat 1 wins 1 + 2 = 3 and ends with 102; seat 2 ends with 98, seat 0
    # (who put nothing in) with 100 (issue 28: 100/101/99).
    t = table("ABC", seats=3)
    h = t.start_hand()
    assert (h.button, h.actor) == (0, 0)
    assert t.sit_out(2, now=True) == SittingOut(2)
    h.fold()
    assert t.stacks == [100, 102, 98]
    # The bettor who is still in gets back what no one matched: seat 0 raises to 6 over the
    # folded big blind's 2, seat 1 folds; 6 - 2 = 4 comes back, seat 0 wins 2 + 1 + 2 = 5.
    t = table("ABC", seats=3)
    h = t.start_hand()
    t.sit_out(2, now=True)
    h.raise_to(6)
    h.fold()
    assert h.result.returned == {0: 4}
    assert t.stacks == [103, 99, 98]
    assert phh.replay(t.history[-1]).final_stacks == h.final_stacks


def test_seed_003_sitting_out_then_dealt_in_again_before_the_hand_still_sits_it_out() -> None:
    # Seed 003: "If you click the 'Sit Out' button before the game started and you change
    # your mind and then click the 'Deal Me In' button, you will still sit out for that hand."
    # Five players at 100, blinds 1/2. Hand 1: button 0, SB 1, BB 2; folded around, the big
    # blind (C, seat 2) wins 1: [100, 99, 101, 100, 100]. Between hands C sits out and asks
    # at once to be dealt in again: hand 2 (button 1) is dealt without him. The small blind
    # that was his passes to seat 3, the big blind to seat 4, who wins 1:
    # [100, 99, 101, 99, 101]. C is back for hand 3 and owes the small blind he missed
    # (§4.1): button 3, SB 4, BB 0, and C posts 1 dead. Folded around, seat 0 wins his own 2,
    # the small blind's 1 and C's dead 1: [102, 99, 100, 99, 100].
    t = table()
    fold_around(t.start_hand())
    assert t.stacks == [100, 99, 101, 100, 100]
    t.sit_out(2)
    t.sit_in(2)
    assert t.seat(2).state == "sitting_out"  # type: ignore[union-attr]
    h = fold_around(t.start_hand())
    assert (h.button, 2 in h.seats, posts(h)) == (1, False, {3: (1, 0), 4: (2, 0)})
    assert t.stacks == [100, 99, 101, 99, 101]
    view = t.seat(2)
    assert view is not None and (view.state, view.owes_small, view.owes_big) == (
        "posting",
        True,
        False,
    )
    h = fold_around(t.start_hand())
    assert (h.button, 2 in h.seats, posts(h)) == (3, True, {4: (1, 0), 0: (2, 0), 2: (0, 1)})
    assert t.stacks == [102, 99, 100, 99, 100]


def test_a_table_may_deal_a_returning_player_in_at_once() -> None:
    t = table(sit_in_at_once=True)
    fold_around(t.start_hand())
    t.sit_out(2)
    t.sit_in(2)
    assert 2 in t.start_hand().seats
