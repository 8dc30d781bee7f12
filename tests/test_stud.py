"""Seven Card Stud, Stud Hi/Lo and Razz: the rules of docs/rules/poker.md §2, §3, §4.2, §5, §6.

Every number here is worked out by hand from the rule named in the test. Cards given to a
seat are in the order dealt: two down, the door card, fourth to sixth street up, seventh down.
"""

from __future__ import annotations

import pytest
import splitpot as sp
from splitpot.betting import FixedLimit, NoLimit, PotLimit
from splitpot.games import RAZZ, SEVEN_CARD_STUD, SEVEN_CARD_STUD_HILO
from splitpot.hand import BoardDealing, BringingIn, Hand, HoleDealing
from splitpot.table import Table

LIMIT = FixedLimit(2, 4, ante=1)  # seed 003's $2/$4: bring-in $1 or a completion to $2


def stud(hole: list[str], game: sp.Game = SEVEN_CARD_STUD, **kw: object) -> Hand:
    return Hand(game, kw.pop("structure", LIMIT), [100] * len(hole), hole=hole, seed=1, **kw)  # type: ignore[arg-type]


def call_down(hand: Hand) -> Hand:
    """Everyone brings in, checks or calls to the end."""
    while not hand.is_over:
        la = hand.legal_actions()
        if la.bring_in is not None:
            hand.bring_in()
        elif la.show:
            hand.show()
        else:
            hand.check_or_call()
    return hand


# --------------------------------------------------------------------------- the deal, §2


def test_stud_deals_two_down_one_up_three_up_one_down() -> None:
    h = call_down(stud(["2c3c4c5c6c7c8c", "2d3d4d5d6d7d8d", "2h3h4h5h6h7h8h"]))
    assert [len(h.hole(s)) for s in range(3)] == [7, 7, 7]
    assert [str(c) for c in h.up(0)] == ["4c", "5c", "6c", "7c"]
    assert [str(c) for c in h.down(0)] == ["2c", "3c", "8c"]
    deals = [e for e in h.events if isinstance(e, HoleDealing) and e.seat == 0]
    assert [(len(e.cards), len(e.up)) for e in deals] == [(2, 1), (0, 1), (0, 1), (0, 1), (1, 0)]
    assert h.board == ()


def test_stud_is_played_by_two_to_eight() -> None:
    assert SEVEN_CARD_STUD.max_players == SEVEN_CARD_STUD_HILO.max_players == RAZZ.max_players == 8
    with pytest.raises(ValueError, match="2 to 8 players"):
        Hand(SEVEN_CARD_STUD, LIMIT, [100] * 9)


def test_stud_eight_players_get_a_community_card_when_the_deck_runs_out() -> None:
    # Seed 003: 8 x 6 = 48 cards by sixth street leaves 4 for 8 players: one card face up
    # for everyone instead (docs/rules/poker.md §4.2).
    h = call_down(Hand(SEVEN_CARD_STUD, LIMIT, [100] * 8, seed=11))
    boards = [e for e in h.events if isinstance(e, BoardDealing)]
    assert len(boards) == 1 and boards[0].street == "seventh" and len(h.board) == 1
    assert all(len(h.hole(s)) == 6 for s in range(8))
    cards = [c for s in range(8) for c in h.hole(s)] + list(h.board)
    assert len(set(cards)) == 49
    for shown in h.result.shown:  # each hand is valued with the community card
        assert shown.high == sp.evaluate_high([*h.hole(shown.seat), *h.board])


def test_stud_seven_players_need_no_community_card() -> None:
    h = call_down(Hand(SEVEN_CARD_STUD, LIMIT, [100] * 7, seed=11))
    assert h.board == () and all(len(h.hole(s)) == 7 for s in range(7))


# --------------------------------------------------------------------------- bring-in, §4.2


def test_stud_bring_in_by_lowest_door_card_ties_broken_by_suit_clubs_lowest() -> None:
    # Seeds 000 and 001: clubs < diamonds < hearts < spades. Doors 5h, 5c, 9s: the 5c.
    h = stud(["AsAh5h", "KsKh5c", "QsQh9s"])
    assert h.actor == h.bring_in_seat == 1
    h = stud(["AsAh5d", "KsKh5h", "QsQh5s"])
    assert h.actor == 0
    h = stud(["AsAhAd", "KsKh2s", "QsQh3c"])  # the ace is high for the bring-in
    assert h.actor == 1


def test_stud_bring_in_amount_is_half_the_small_bet_rounded_down_or_set() -> None:
    assert FixedLimit(2, 4).bring_in == 1
    assert FixedLimit(5, 10).bring_in == 2  # rounded down, as the small blind (§4.1)
    assert FixedLimit(10, 20, ante=1, bring_in=3).bring_in == 3  # seed 001: three antes
    with pytest.raises(ValueError, match="bring_in 4 must be less than the small bet 4"):
        FixedLimit(4, 8, bring_in=4)


def test_stud_bring_in_or_complete_to_the_small_bet() -> None:
    # Seed 003: "in a $2 - $4 Seven Card Stud poker game, the player with the lowest door
    # card must make a bring-in bet of either $1 or $2."
    h = stud(["AsAh2c", "KsKh9d", "QsQhTd"])
    la = h.legal_actions()
    assert (la.seat, la.bring_in, la.bet, la.check, la.fold) == (0, 1, (2, 2), False, True)
    with pytest.raises(sp.IllegalAction, match="must bring in"):
        h.check()
    assert h.bring_in() == BringingIn(0, 1)
    la = h.legal_actions()
    assert (la.call, la.raise_to) == (1, (2, 2))  # call the bring-in, or complete
    h.raise_to(2)  # the completion is the first bet; raises are of the small bet
    assert h.legal_actions().raise_to == (4, 4)

    h = stud(["AsAh2c", "KsKh9d", "QsQhTd"])
    h.bet(2)  # the bring-in completes at once
    assert (h.actor, h.legal_actions().call, h.bring_in_seat) == (1, 2, None)


def test_stud_completion_is_the_first_of_four_bets() -> None:
    # §3: one bet and three raises; the bring-in is not a bet, the completion is.
    h = stud(["AsAh2c", "KsKh9d", "QsQhTd"])
    h.bring_in()
    h.raise_to(2)
    h.raise_to(4)
    h.raise_to(6)
    h.raise_to(8)
    la = h.legal_actions()
    assert (la.seat, la.call, la.raise_to) == (2, 4, None)  # capped at 8: call 4 or fold


def test_stud_heads_up_allows_five_raises() -> None:
    h = stud(["AsAh2c", "KsKh9d"])
    h.bring_in()
    for total in (2, 4, 6, 8, 10, 12):
        h.raise_to(total)
    assert h.legal_actions().raise_to is None and h.legal_actions().call == 2


def test_stud_bring_in_who_folds_passes_it_to_his_left() -> None:
    # Seed 001: "If the low door player doesn't make this bet, they're forced to 'Fold' and
    # the opener passes to the player on their left."
    h = stud(["AsAh2c", "KsKh9d", "QsQhTd"])
    h.fold()
    assert h.actor == h.bring_in_seat == 1
    assert h.legal_actions().bring_in == 1


def test_stud_bring_in_short_of_chips_is_all_in() -> None:
    h = Hand(
        SEVEN_CARD_STUD, FixedLimit(10, 20, ante=1), [4, 100, 100], hole=["AsAh2c"] + [None] * 2
    )
    assert h.bring_in() == BringingIn(0, 3, all_in=True)


def test_stud_timed_out_bring_in_passes_it_on() -> None:
    h = stud(["AsAh2c", "KsKh9d", "QsQhTd"], timeout_policy="check_or_fold")
    assert h.timeout().outcome == "fold"
    assert h.bring_in_seat == 1
    h = stud(["AsAh2c", "KsKh9d", "QsQhTd"])  # seed rule: all-in for the ante he put in
    assert h.timeout().outcome == "all_in"
    assert h.bring_in_seat == 1


def test_stud_without_a_bring_in_amount_the_low_card_opens() -> None:
    h = stud(["AsAh2c", "KsKh9d"], structure=FixedLimit(1, 2))  # bring-in 0
    la = h.legal_actions()
    assert (la.seat, la.check, la.bet, la.bring_in) == (0, True, (1, 1), None)


def test_stud_pot_and_no_limit_bring_in_is_the_small_blind_completing_to_the_big() -> None:
    h = stud(["AsAh2c", "KsKh9d", "QsQhTd"], structure=NoLimit(1, 2))
    la = h.legal_actions()
    assert (la.bring_in, la.bet) == (1, (2, 100))
    h.bring_in()
    assert h.legal_actions().raise_to == (2, 100)  # complete to the big blind, or more
    h = stud(["AsAh2c", "KsKh9d", "QsQhTd"], structure=PotLimit(1, 2, ante=1))
    h.bring_in()
    # Pot limit: 3 antes + the bring-in 1, call 1, then raise the pot of 5: to 6.
    assert h.legal_actions().raise_to == (2, 6)


# --------------------------------------------------------------------------- order of play, §4.2


def test_stud_best_exposed_hand_acts_first_from_fourth_street() -> None:
    # Up cards (door, fourth): 9h 9c (a pair) beats As Kd; the bring-in 2c 7d acts last.
    h = call_down_to(stud(["3c4dAs Kd", "5s6s9h9c", "7s8s2c7d"]), "fourth")
    assert h.actor == 1
    # Straights and flushes do not count on board: Kh Qh Jh Th (a royal draw) loses to 2-2.
    hole = ["3c4dKh Qh Jh Th", "5s6s2d 2s 7c 8c", "7s8s2c 3d 9d 4s"]
    h = call_down_to(stud(hole), "sixth")
    assert h.actor == 1


def test_stud_tie_on_board_goes_to_the_seat_nearest_the_dealers_left() -> None:
    # Seats 1 and 2 both show K-7 (button seat 2): seat ... the dealer sits left of seat 0,
    # so seat 1 is nearer his left than seat 2. The bring-in is seat 0 (2c).
    h = call_down_to(stud(["3c4d2c 5d", "5s6sKh 7d", "7s8sKc 7h"]), "fourth")
    assert h.actor == 1
    h = call_down_to(stud(["3c4d2c 5d", "5s6sKh 7d", "7s8sKc 7h"], button=0), "fourth")
    assert h.actor == 1
    h = call_down_to(stud(["3c4d2c 5d", "5s6sKh 7d", "7s8sKc 7h"], button=1), "fourth")
    assert h.actor == 2


def test_stud_fourth_street_open_pair_allows_the_big_bet() -> None:
    # Seed 003: "the player with that pair can bet $2, or, if he wishes, $4. If he bets $2,
    # any other player can raise either $2 or $4. If he bets $4 ... any subsequent raise
    # must be $4."
    h = call_down_to(stud(["3c4dKh Kd", "5s6s9h 2d", "7s8s2c 7d"]), "fourth")
    assert h.actor == 0 and h.legal_actions().bet == (2, 4)
    with pytest.raises(sp.IllegalAction, match="2 or 4"):
        h.bet(3)
    h.bet(2)
    assert h.legal_actions().raise_to == (4, 6)  # a small raise to 4 or a big one to 6
    h.raise_to(6)
    assert h.legal_actions().raise_to == (10, 10)  # after the big bet, raises are big

    h = call_down_to(stud(["3c4dKh Kd", "5s6s9h 2d", "7s8s2c 7d"]), "fourth")
    h.bet(4)
    assert h.legal_actions().raise_to == (8, 8)


def test_stud_fourth_street_without_an_open_pair_bets_small() -> None:
    h = call_down_to(stud(["3c4dKh Qd", "5s6s9h 2d", "7s8s2c 7d"]), "fourth")
    assert h.legal_actions().bet == (2, 2)
    h = call_down_to(stud(["3c4dKh Qd", "5s6s9h 2d", "7s8s2c 7d"]), "fifth")
    assert h.legal_actions().bet == (4, 4)  # big bets from fifth street (§3)


def test_stud_hilo_has_the_fourth_street_double_too() -> None:
    # docs/rules/poker.md §4.2 DECISION: as in the seed, Stud Hi/Lo allows it.
    h = call_down_to(stud(["3c4dKh Kd", "5s6s9h 2d", "7s8s2c 7d"], SEVEN_CARD_STUD_HILO), "fourth")
    assert h.legal_actions().bet == (2, 4)


def call_down_to(hand: Hand, street: str) -> Hand:
    """Bring in and call until ``street`` begins."""
    while hand.street != street:
        la = hand.legal_actions()
        if la.bring_in is not None:
            hand.bring_in()
        else:
            hand.check_or_call()
    return hand


# --------------------------------------------------------------------------- showdown and pots


def test_stud_showdown_without_a_bet_starts_with_the_best_board() -> None:
    # §5: no bet on the last round: the first to act shows first: seat 1's K-T-8-2 up beats
    # J-9-5-2 and 7-6-4-2; then clockwise.
    hole = ["3c4d2c 5d 9h Jc Qs", "5s6sKh 8d Th 2h 3h", "7s8s2d 7h 4h 6h 4c"]
    h = call_down(stud(hole, auto_showdown=False))
    assert [s.seat for s in h.result.shown] == [1, 2, 0]


def test_stud_showdown_starts_with_the_last_bettor() -> None:
    hole = ["3c4d2c 5d 9h Jc Qs", "5s6sKh 8d Th 2h 3h", "7s8s2d 7h 4h 6h 4c"]
    h = call_down_to(stud(hole, auto_showdown=False), "seventh")
    h.check()
    h.check()
    h.bet(4)  # seat 0 bets the last round
    call_down(h)
    assert [s.seat for s in h.result.shown] == [0, 1, 2]


def test_stud_odd_chip_goes_to_the_highest_card_by_suit() -> None:
    # docs/rules/poker.md §6 DECISION. Seats 0 and 1 tie with A-K-Q-J-9 (no pair, no flush);
    # 3 antes + 2 x (1 bring-in... ) are made odd by seat 2's folded ante. Seat 0 holds the As.
    h = Hand(
        SEVEN_CARD_STUD,
        FixedLimit(2, 4, ante=1, bring_in=1),
        [100, 100, 100],
        hole=["As Kd 2c Qh Jc 9s 3d", "Ah Kc 4c Qd Js 9h 5d", "Th Tc 6c"],
        seed=1,
    )
    h.bring_in()  # seat 0: the 2c
    h.call()
    h.fold()  # pot: 3 antes + 1 + 1 = 5
    call_down(h)
    awards = {a.seat: a.amount for a in h.result.awards}
    assert awards == {0: 3, 1: 2}


def test_razz_odd_chip_goes_to_the_lowest_card_by_suit() -> None:
    # Razz (§6 DECISION): both make 7-5-4-3-2; seat 1 holds the 2c, the lowest card.
    h = Hand(
        RAZZ,
        FixedLimit(2, 4, ante=1, bring_in=1),
        [100, 100, 100],
        hole=["2d 3d Kc 4d 5d 7d Qd", "2c 3c Ks 4c 5c 7c Qc", "6h Jh 8s"],
        seed=1,
    )
    assert h.actor == 1  # Razz: the highest door brings in, the Ks over the Kc
    h.bring_in()
    h.fold()
    h.call()  # pot 5
    call_down(h)
    assert {a.seat: a.amount for a in h.result.awards} == {0: 2, 1: 3}


def test_stud_hilo_split_quarters_and_odd_chips() -> None:
    # Seed 003: 50-50 between the best high and the best qualifying low; ties share their half.
    # Seat 0: a flush (high) and no low; seats 1 and 2 tie for the low 7-5-4-3-2. Seat 3
    # folds his ante: the pot is 4 antes + 3 x the bring-in of 1 = 7. The odd chip goes to
    # the high half (4 | 3, §6), and the low half's odd chip to seat 1's Kd, the highest card
    # by suit of the two (§6 DECISION): 2 | 1.
    hole = ["Ah Kh Qs 9h 8h 2h Js", "2c 3c Kd 4c 5c 7d Td", "2d 3d Kc 4d 5h 7c Tc", "6s 6d Ks"]
    h = Hand(SEVEN_CARD_STUD_HILO, LIMIT, [100] * 4, hole=hole, seed=1)
    assert h.actor == 0  # the Qs is the lowest door
    h.bring_in()
    h.call()
    h.call()
    h.fold()
    call_down(h)
    assert sum(p.amount for p in h.result.pots) == 7
    awards = {(a.seat, a.side): a.amount for a in h.result.awards}
    assert awards == {(0, "high"): 4, (1, "low"): 2, (2, "low"): 1}


def test_stud_hilo_without_a_qualifying_low_the_high_scoops() -> None:
    hole = ["Ah Kh Qs 9h 8h 2h 3h", "9c Tc Kd Jc Qc 9d Td", "9s Ts Ks Js Qd 8c 8d"]
    h = call_down(stud(hole, SEVEN_CARD_STUD_HILO))
    assert all(a.side != "low" for a in h.result.awards)
    assert h.result.winnings(0) == sum(p.amount for p in h.result.pots)


# --------------------------------------------------------------------------- Razz


def test_razz_bring_in_is_the_highest_door_king_high_ace_low() -> None:
    # docs/rules/poker.md §4.2 DECISION: Razz reverses the bring-in.
    h = stud(["2c3cQh", "4c5cAs", "6c7c9d"], RAZZ)
    assert h.actor == 0  # the queen; the ace is the lowest card in Razz
    h = stud(["2c3cKh", "4c5cKs", "6c7c9d"], RAZZ)
    assert h.actor == 1  # kings tie: the higher suit brings in


def test_razz_best_low_board_acts_first_and_no_double_bet() -> None:
    h = call_down_to(stud(["2c3cKh 9d", "4c5cAs 2d", "6c7cQd Qs"], RAZZ), "fourth")
    assert h.actor == 1  # A-2 is the best low board; the pair of queens is the worst
    assert h.legal_actions().bet == (2, 2)  # no open-pair double in Razz


def test_razz_best_ace_to_five_low_takes_the_whole_pot() -> None:
    hole = ["Kc Qc 2c 3c 4c 5c 6c", "Ah 2h 9d 3h 4h 5h Td", "7s 8s Js 9s Ts Qs Ks"]
    h = call_down(stud(hole, RAZZ))
    # Seat 1 has the wheel 5-4-3-2-A (the flush does not count), the best low there is.
    assert {a.seat for a in h.result.awards} == {1}
    assert h.result.final_stacks[1] > 100
    assert str(next(s for s in h.result.shown if s.seat == 1).high) == "5-4-3-2-A"


# --------------------------------------------------------------------------- state and table


def test_stud_up_and_down_cards_in_state_legal_actions_and_events() -> None:
    h = stud(["AsAh2c", "KsKh9d", "QsQhTd"])
    assert [str(c) for c in h.up(1)] == ["9d"] and [str(c) for c in h.down(1)] == ["Ks", "Kh"]
    dealt = [e for e in h.events if isinstance(e, HoleDealing)]
    assert str(dealt[0]) == "Seat 0 is dealt AsAh down and 2c up"
    assert "bring in 1" in str(h.legal_actions())


def test_stud_table_antes_every_hand_and_keeps_the_dealer() -> None:
    t = Table(SEVEN_CARD_STUD, FixedLimit(2, 4, ante=1), seed=3)
    for name in ("A", "B", "C"):
        t.join(name, 50)
    for _ in range(3):
        h = t.start_hand()
        assert h.button == t.seat_count - 1 and h.contributions[:3] == [1, 1, 1]
        assert h.actor == h.bring_in_seat
        call_down(h)
    assert sum(s for s in t.stacks if s is not None) == 150


# --------------------------------------------------------------------------- equity


def _brute_force_stud(game: sp.Game, holes: list[list[int]], dead: list[int]) -> list[float]:
    """Each player's pot share over every seventh-street deal (one card each)."""
    used = {c for h in holes for c in h} | set(dead)
    rest = [c for c in range(52) if c not in used]
    shares = [0.0, 0.0]
    deals = 0
    for a in rest:
        for b in rest:
            if a == b:
                continue
            deals += 1
            hands = [holes[0] + [a], holes[1] + [b]]
            if game.high is None:
                values = [game.evaluate_low(h, []).strength for h in hands]  # type: ignore[union-attr]
                halves = [(values, 1.0)]
            else:
                highs = [game.evaluate_high(h, []).strength for h in hands]
                lows = [game.evaluate_low(h, []) for h in hands]
                if game.hi_lo and any(lows):
                    low_values = [x.strength if x is not None else -1 for x in lows]
                    halves = [(highs, 0.5), (low_values, 0.5)]
                else:
                    halves = [(highs, 1.0)]
            for values, part in halves:
                best = max(values)
                winners = [i for i, v in enumerate(values) if v == best]
                for i in winners:
                    shares[i] += part / len(winners)
    return [s / deals for s in shares]


@pytest.mark.parametrize(
    "game", [SEVEN_CARD_STUD, SEVEN_CARD_STUD_HILO, RAZZ], ids=lambda g: g.code
)
def test_stud_equity_from_a_hand_on_sixth_street_matches_brute_force(game: sp.Game) -> None:
    # A stud situation as a player states it: each live hand's down and up cards, and the
    # folded players' up cards as dead cards (docs/rules/poker.md §4.2).
    h = Hand(game, LIMIT, [100] * 3, seed=5)
    h.bring_in()
    h.fold()  # the next player folds his up card: dead to the others
    call_down_to(h, "sixth")
    live = [s for s in h.seats if h.status(s).name != "FOLDED"]
    dead = [c for s in h.seats if s not in live for c in h.up(s)]
    holes = [[c.code for c in h.hole(s)] for s in live]
    result = sp.equity(game.code, [h.hole(s) for s in live], dead=dead, exact=True)
    want = _brute_force_stud(game, holes, [c.code for c in dead])
    assert len(live) == 2 and len(dead) == 1
    assert result.equities == pytest.approx(want, abs=1e-12)


def test_stud_community_card_hand_round_trips_through_phh() -> None:
    # The community card is written as ``d db`` and read back as one (docs/rules/poker.md §4.2).
    h = call_down(Hand(SEVEN_CARD_STUD, LIMIT, [100] * 8, seed=11))
    assert len(h.board) == 1
    text = sp.phh.dumps(h)
    assert f"d db {h.board[0]}" in text
    again = sp.phh.replay(sp.phh.loads(text))
    assert again.events[1:] == h.events[1:] and again.final_stacks == h.final_stacks


def test_stud_seen_by_a_seat_is_his_cards_and_the_others_up_cards() -> None:
    h = call_down_to(stud(["AsAh2c 5d", "KsKh9d 6d", "QsQhTd 7d"]), "fifth")
    seen = h.seen_by(1)
    assert seen == (h.up(0), h.hole(1), h.up(2))
    assert [str(c) for c in seen[0][:2]] == ["2c", "5d"] and len(seen[0]) == 3
    assert len(seen[1]) == 5
    # Seat 1's equity as he sees it: his cards against the others' up cards.
    result = sp.equity("stud", list(seen), samples=2000, seed=1)
    assert len(result.equities) == 3 and abs(sum(result.equities) - 1) < 1e-9
