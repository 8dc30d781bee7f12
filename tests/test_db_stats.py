"""Every statistic of docs/stats.md on hand-built histories, against answers counted by hand.

Each test plays a few hands (tests/db_hands.py lays out the seats), says in a comment what
Hero did and could do in each, and checks the statistic's numerator and denominator as the
SQL computes them over the database. Hi/lo, stud (positions by bring-in order), heads-up and
straddle hands each have their own.
"""

from __future__ import annotations

import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest
from db_hands import database, nl, rate, row
from splitpot import phh
from splitpot.db import stats


def test_hands_vpip_and_pfr_count_voluntary_money_not_blinds_or_walks(tmp_path: Path) -> None:
    db = database(
        tmp_path,
        # Button: folded to him, he raises. VPIP, PFR.
        nl("S B U H C Hero", "p3 f, p4 f, p5 f, p6 cbr 6, p1 f, p2 f"),
        # Button: calls UTG's raise. VPIP, no PFR.
        nl("S B U H C Hero", "p3 cbr 6, p4 f, p5 f, p6 cc, p1 f, p2 f, flop, p3 cbr 8, p6 f"),
        # Big blind: checks his option behind two limps. A decision; not VPIP (his blind).
        nl("S Hero U H C D", "p3 cc, p4 f, p5 f, p6 f, p1 cc, p2 cc, flop, p1 cbr 4, p2 f, p3 f"),
        # Big blind: everyone folds to him, a walk: a hand, but no decision.
        nl("S Hero U H C D", "p3 f, p4 f, p5 f, p6 f, p1 f"),
    )
    r = row(db)
    assert r["hands"] == 4
    assert rate(r, "vpip") == (2, 3) and r["vpip"] == pytest.approx(200 / 3)
    assert rate(r, "pfr") == (1, 3)


def test_three_bet_and_fold_to_three_bet(tmp_path: Path) -> None:
    db = database(
        tmp_path,
        # CO: UTG opens, Hero re-raises. 3-bet chance, 3-bet.
        nl("S B U H Hero D", "p3 cbr 6, p4 f, p5 cbr 18, p6 f, p1 f, p2 f, p3 f"),
        # Button: calls UTG's open. 3-bet chance, none.
        nl(
            "S B U H C Hero",
            "p3 cbr 6, p4 f, p5 f, p6 cc, p1 f, p2 f, flop, p3 cc, p6 cbr 10, p3 f",
        ),
        # UTG: opens, HJ 3-bets, Hero folds. Faced a 3-bet after opening: folded.
        nl("S B Hero H C D", "p3 cbr 6, p4 cbr 18, p5 f, p6 f, p1 f, p2 f, p3 f"),
        # UTG: opens, the button 3-bets, Hero calls. Faced a 3-bet: did not fold.
        nl(
            "S B Hero H C D",
            "p3 cbr 6, p4 f, p5 f, p6 cbr 18, p1 f, p2 f, p3 cc, flop, p3 cc, p6 cbr 20, p3 f",
        ),
        # HJ: calls UTG's open, CO 3-bets, Hero folds: a 3-bet chance (he faced the open), and
        # no fold-to-3-bet chance (the 3-bet was not against his raise).
        nl("S B U Hero C D", "p3 cbr 6, p4 cc, p5 cbr 18, p6 f, p1 f, p2 f, p3 f, p4 f"),
    )
    r = row(db)
    assert rate(r, "three_bet") == (1, 3)
    assert rate(r, "fold_3bet") == (1, 2)


def test_steal_is_a_first_in_raise_from_the_cutoff_button_or_small_blind(tmp_path: Path) -> None:
    db = database(
        tmp_path,
        # CO, folded to him: raises. A steal.
        nl("S B U H Hero D", "p3 f, p4 f, p5 cbr 6, p6 f, p1 f, p2 f"),
        # Button, folded to him: folds. A chance, no steal.
        nl("S B U H C Hero", "p3 f, p4 f, p5 f, p6 f, p1 cc, p2 cc, flop, p1 cbr 2, p2 f"),
        # Small blind, folded to him: raises. A steal.
        nl("Hero B U H C D", "p3 f, p4 f, p5 f, p6 f, p1 cbr 6, p2 f"),
        # Button behind a limper: not first in, no chance.
        nl("S B U H C Hero", "p3 cc, p4 f, p5 f, p6 cbr 8, p1 f, p2 f, p3 f"),
        # UTG first in: not a steal position.
        nl("S B Hero H C D", "p3 cbr 6, p4 f, p5 f, p6 f, p1 f, p2 f"),
    )
    assert rate(row(db), "steal") == (2, 3)


def test_fold_to_steal_from_the_blinds(tmp_path: Path) -> None:
    db = database(
        tmp_path,
        # Small blind against the button's steal: folds.
        nl("Hero B U H C D", "p3 f, p4 f, p5 f, p6 cbr 6, p1 f, p2 f"),
        # Big blind against the CO's steal: calls.
        nl(
            "S Hero U H C D", "p3 f, p4 f, p5 cbr 6, p6 f, p1 f, p2 cc, flop, p2 cc, p5 cbr 6, p2 f"
        ),
        # Big blind after the small blind re-raised the steal: not facing the steal alone.
        nl("S Hero U H C D", "p3 f, p4 f, p5 f, p6 cbr 6, p1 cbr 18, p2 f, p6 f"),
        # Big blind against UTG's open: not a steal.
        nl("S Hero U H C D", "p3 cbr 6, p4 f, p5 f, p6 f, p1 f, p2 f"),
    )
    assert rate(row(db), "fold_steal") == (1, 2)


def test_continuation_bet(tmp_path: Path) -> None:
    opened = "p3 f, p4 f, p5 f, p6 cbr 6, p1 f, p2 cc, flop"
    db = database(
        tmp_path,
        # Hero raised preflop; checked to him on the flop: bets. A c-bet.
        nl("S B U H C Hero", f"{opened}, p2 cc, p6 cbr 6, p2 f"),
        # Checked to him: checks behind. A chance, no c-bet.
        nl("S B U H C Hero", f"{opened}, p2 cc, p6 cc, turn, p2 cbr 4, p6 f"),
        # The big blind bets into him first: no chance.
        nl("S B U H C Hero", f"{opened}, p2 cbr 4, p6 f"),
        # A limped pot: no preflop raiser, no chance.
        nl("S B U H C Hero", "p3 f, p4 f, p5 f, p6 cc, p1 f, p2 cc, flop, p2 cbr 2, p6 f"),
    )
    assert rate(row(db), "cbet") == (1, 2)


def test_fold_to_continuation_bet(tmp_path: Path) -> None:
    opened = "p3 f, p4 f, p5 f, p6 cbr 6, p1 f, p2 cc, flop, p2 cc, p6 cbr 6"
    db = database(
        tmp_path,
        # Big blind: checks, faces the c-bet, folds.
        nl("S Hero U H C D", f"{opened}, p2 f"),
        # Calls it, and folds to the river bet later: not a fold to the c-bet.
        nl(
            "S Hero U H C D",
            f"{opened}, p2 cc, turn, p2 cc, p6 cc, river, p2 cc, p6 cbr 10, p2 f",
        ),
        # Raises it.
        nl("S Hero U H C D", f"{opened}, p2 cbr 20, p6 f"),
    )
    assert rate(row(db), "fold_cbet") == (1, 3)


def test_aggression_factor_and_frequency_count_postflop_actions(tmp_path: Path) -> None:
    opened = "p3 f, p4 f, p5 f, p6 cbr 6, p1 f, p2 cc, flop"
    db = database(
        tmp_path,
        # Bets the flop and the turn, calls the river: 2 bets, 1 call (p2's kings win).
        nl(
            "S B U H C Hero",
            f"{opened}, p2 cc, p6 cbr 6, p2 cc, turn, p2 cc, p6 cbr 12, p2 cc, river, "
            "p2 cbr 20, p6 cc, p2 sm KsKh, p6 sm 9s9h",
        ),
        # Calls the flop bet, raises the turn bet: 1 call, 1 raise.
        nl("S B U H C Hero", f"{opened}, p2 cbr 6, p6 cc, turn, p2 cbr 10, p6 cbr 40, p2 f"),
        # Checks the flop, folds to the turn bet: 1 check, 1 fold.
        nl("S B U H C Hero", f"{opened}, p2 cc, p6 cc, turn, p2 cbr 10, p6 f"),
    )
    r = row(db)
    assert rate(r, "af") == (3, 2) and r["af"] == 1.5
    assert rate(r, "afq") == (3, 6) and r["afq"] == 50.0


def test_went_to_showdown_and_won_money_there(tmp_path: Path) -> None:
    checked = "flop, p1 cc, p2 cc, turn, p1 cc, p2 cc, river, p1 cc, p2 cc"
    db = database(
        tmp_path,
        # Small blind with the aces: checked down, wins.
        nl(
            "Hero B U H C D",
            f"p3 f, p4 f, p5 f, p6 f, p1 cc, p2 cc, {checked}, p1 sm AsAh, p2 sm KsKh",
        ),
        # Button with the nines: checked down against the kings, loses.
        nl(
            "S B U H C Hero",
            "p3 f, p4 f, p5 f, p6 cc, p1 f, p2 cc, flop, p2 cc, p6 cc, turn, p2 cc, p6 cc, "
            "river, p2 cc, p6 cc, p2 sm KsKh, p6 sm 9s9h",
        ),
        # Sees the flop, folds the turn.
        nl(
            "S B U H C Hero",
            "p3 f, p4 f, p5 f, p6 cc, p1 f, p2 cc, flop, p2 cc, p6 cc, turn, p2 cbr 2, p6 f",
        ),
        # Folds preflop: never sees a flop.
        nl("S B U H C Hero", "p3 cbr 6, p4 f, p5 f, p6 f, p1 f, p2 f"),
        # All-in preflop and called: the board is run out, he sees the flop and wins.
        nl(
            "Hero B U H C D",
            "p3 f, p4 f, p5 f, p6 f, p1 cbr 50, p2 cc, p1 sm AsAh, p2 sm KsKh, flop, turn, river",
            stacks=[50, 200, 200, 200, 200, 200],
        ),
    )
    r = row(db)
    assert rate(r, "wtsd") == (3, 4)
    assert rate(r, "wsd") == (2, 3)


SITE = {"_site": "TestSite", "_site_unit": "0.01"}


def test_won_per_100_hands_in_big_blinds_and_money_and_rake_paid(tmp_path: Path) -> None:
    stacks = [10000] * 3
    db = database(
        tmp_path,
        # $0.50/$1. Hero (small blind) raises to $3, the big blind calls; Hero bets the flop,
        # uncalled. Pot $6.00, rake $0.30: Hero collects $5.70, wins $2.70. The rake by what was
        # put in: $3 each, so Hero pays 15 cents.
        nl(
            "Hero V W",
            "p3 f, p1 cbr 300, p2 cc, flop, p1 cbr 400, p2 f",
            stacks=stacks,
            blinds=(50, 100),
            hand=1,
            finishing_stacks=[10270, 9700, 10000],
            winnings=[570, 0, 0],
            currency="USD",
            currency_symbol="$",
            user_fields={**SITE, "_site_rake": 30},
        ),
        # The button raises to $3, Hero folds his 50 cents, the big blind calls and folds the
        # flop. Pot $6.50, rake $0.30; Hero's share 30 x 50 / 650 = 2.3: 2 cents.
        nl(
            "Hero V W",
            "p3 cbr 300, p1 f, p2 cc, flop, p2 cc, p3 cbr 300, p2 f",
            stacks=stacks,
            blinds=(50, 100),
            hand=2,
            finishing_stacks=[9950, 9700, 10320],
            winnings=[0, 0, 620],
            currency="USD",
            currency_symbol="$",
            user_fields={**SITE, "_site_rake": 30},
        ),
    )
    r = row(db)
    assert r["won"] == Decimal("2.20") and r["currency"] == "USD"
    assert r["won_per_100"] == Decimal("110.00")  # $2.20 over 2 hands
    assert r["bb_per_100"] == pytest.approx(110.0)  # 2.2 big blinds over 2 hands
    assert r["rake"] == Decimal("0.17")
    assert r["ev_won"] == Decimal("2.20")  # no all-in: as won
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT checked FROM hands").fetchall() == [("match",), ("match",)]
        rake = c.execute("SELECT SUM(rake_paid) FROM seats GROUP BY hand_id").fetchall()
        assert rake == [(30,), (30,)]


def test_money_over_two_currencies_is_not_added(tmp_path: Path) -> None:
    euro = {**SITE, "_site_rake": 0}
    db = database(
        tmp_path,
        nl("Hero V", "p2 f", currency="USD", hand=1, user_fields={**euro}),
        nl("Hero V", "p2 f", currency="EUR", hand=2, user_fields={**euro}),
    )
    r = row(db)
    assert r["won"] is None and r["won_per_100"] is None
    assert r["bb_per_100"] == pytest.approx(50.0)  # the small blind won twice: 1 bb / 2 hands


# Omaha Hi/Lo heads-up on 2c 5d 7h Kc Qd: Hero (p1, big blind) against V (p2, the button).
HILO_BOARD = "d db 2c5d7h, d db Kc, d db Qd"


def hilo(hero: str, villain: str) -> phh.HandHistory:
    actions = (
        f"d dh p1 {hero}, d dh p2 {villain}, p2 cc, p1 cc, d db 2c5d7h, p1 cc, p2 cc, "
        f"d db Kc, p1 cc, p2 cc, d db Qd, p1 cc, p2 cc, p1 sm {hero}, p2 sm {villain}"
    )
    return phh.HandHistory(
        variant="FO/8",
        antes=[0, 0],
        blinds_or_straddles=[1, 2],
        small_bet=2,
        big_bet=4,
        starting_stacks=[100, 100],
        actions=[a.strip() for a in actions.split(",")],
        players=["Hero", "V"],
    )


def test_hi_lo_scoops_and_halves(tmp_path: Path) -> None:
    db = database(
        tmp_path,
        # Kings up (A-K with K-Q-7) and the low A-3 with 2-5-7 against tens and no low: scoop.
        hilo("AsKs3h4h", "9s9hTsTd"),
        # Trip kings win the high; V's A-3 takes the low: the high half.
        hilo("KsKhJsJh", "As3s9h9c"),
        # Ace high and the low A-3-2-5-7 against trip kings: the low half.
        hilo("As3sTcJc", "KsKhJsJh"),
        # Tens and no low against kings up and a low: nothing.
        hilo("9s9hTsTd", "AsKs3h4h"),
    )
    r = row(db)
    assert rate(r, "wtsd") == (4, 4)
    assert rate(r, "scoop") == (1, 4)
    assert rate(r, "won_high") == (2, 4)
    assert rate(r, "won_low") == (2, 4)
    assert rate(r, "wsd") == (3, 4)


def stud(hero: str, v1: str, v2: str, actions: str) -> phh.HandHistory:
    """Seven card stud, ante 1, bring-in 1, 2/4; Hero is p1, then V1 and V2 clockwise."""
    deal = [f"d dh p1 {hero}", f"d dh p2 {v1}", f"d dh p3 {v2}"]
    return phh.HandHistory(
        variant="F7S",
        antes=[1, 1, 1],
        bring_in=1,
        small_bet=2,
        big_bet=4,
        starting_stacks=[100, 100, 100],
        actions=deal + [a.strip() for a in actions.split(",")],
        players=["Hero", "V1", "V2"],
    )


def test_stud_has_no_position_but_the_bring_in_order(tmp_path: Path) -> None:
    db = database(
        tmp_path,
        # Hero's door card 2c is the lowest: he brings in (BI), V1 completes, V2 and Hero fold.
        stud("AsKs2c", "QhJhTd", "9c8c7s", "p1 pb, p2 cbr 2, p3 f, p1 f"),
        # V1's 2d brings in; V2 then Hero act: Hero is BI+2 and completes, V1 folds.
        stud("AsKsKc", "QhJh2d", "9c8c7s", "p2 pb, p3 f, p1 cbr 2, p2 f"),
    )
    bi = row(db, by="position", position="BI")
    assert bi["hands"] == 1 and rate(bi, "vpip") == (0, 1)  # the bring-in is forced
    third = row(db, by="position", position="BI+2")
    assert rate(third, "vpip") == (1, 1) and rate(third, "pfr") == (1, 1)
    assert rate(row(db), "steal") == (0, 0)  # no steal without blinds
    v1 = row(db, player="V1", by="position", position="BI+1")
    assert v1["hands"] == 1 and rate(v1, "pfr") == (1, 1)


def test_heads_up_button_posts_the_small_blind_and_steals(tmp_path: Path) -> None:
    db = database(
        tmp_path,
        # Hero on the button (p2): raises first in, a steal; the big blind folds.
        nl("V Hero", "p2 cbr 6, p1 f"),
        # Hero in the big blind: the button's steal, Hero folds (a 3-bet chance not taken).
        nl("Hero V", "p2 cbr 6, p1 f"),
        # The button limps, Hero raises: the open raise (PFR), not a 3-bet, not a steal.
        nl("Hero V", "p2 cc, p1 cbr 6, p2 f"),
    )
    r = row(db)
    assert r["hands"] == 3
    assert rate(r, "steal") == (1, 1)
    assert rate(r, "fold_steal") == (1, 1)
    assert rate(r, "pfr") == (2, 3) and rate(r, "vpip") == (2, 3)
    assert rate(r, "three_bet") == (0, 1)
    assert row(db, by="position", position="BTN")["hands"] == 1
    assert row(db, by="position", position="BB")["hands"] == 2


def test_straddle_is_a_blind_and_a_raise_over_it_the_open(tmp_path: Path) -> None:
    straddled = (1, 2, 4)  # UTG straddles 4; HJ acts first, the straddler last
    db = database(
        tmp_path,
        # Hero straddles, everyone folds to him: his straddle is forced, no decision.
        nl("S B Hero H C D", "p4 f, p5 f, p6 f, p1 f, p2 f", blinds=straddled),
        # Hero in the CO, folded to him: raises, a steal and the open; the straddler re-raises
        # (a 3-bet), Hero folds.
        nl(
            "S B X H Hero D", "p4 f, p5 cbr 10, p6 f, p1 f, p2 f, p3 cbr 30, p5 f", blinds=straddled
        ),
        # Hero straddles, HJ opens, Hero calls: VPIP, a 3-bet chance not taken.
        nl(
            "S B Hero H C D",
            "p4 cbr 12, p5 f, p6 f, p1 f, p2 f, p3 cc, flop, p3 cc, p4 cbr 10, p3 f",
            blinds=straddled,
        ),
    )
    r = row(db)
    assert r["hands"] == 3
    assert rate(r, "vpip") == (2, 2) and rate(r, "pfr") == (1, 2)
    assert rate(r, "steal") == (1, 1)
    assert rate(r, "fold_3bet") == (1, 1)
    assert rate(r, "three_bet") == (0, 1)
    with sqlite3.connect(db) as c:
        assert {s for (s,) in c.execute("SELECT straddle FROM hands")} == {4}


def test_by_stakes_and_game_and_a_date_range(tmp_path: Path) -> None:
    day = {"year": 2024, "month": 3}
    db = database(
        tmp_path,
        nl("Hero V", "p2 f", day=1, **day),
        nl("Hero V", "p2 f", blinds=(5, 10), day=2, **day),
        nl("Hero V", "p2 cbr 30, p1 f", blinds=(5, 10), day=3, **day),
    )
    assert row(db, by="stakes", stakes="1/2")["hands"] == 1
    ten = row(db, by="stakes", stakes="5/10")
    assert ten["hands"] == 2 and ten["won"] == -5  # won 5, then lost 10
    assert row(db, by="game", variant="NT")["hands"] == 3
    late = stats.statistics(db, filters=stats.Filters(player="Hero", since="2024-03-02"))
    assert [r["hands"] for r in late.rows] == [2]
    early = stats.statistics(db, filters=stats.Filters(player="Hero", until="2024-03-02"))
    assert [r["hands"] for r in early.rows] == [2]
    with pytest.raises(ValueError, match="--by must be one of"):
        stats.statistics(db, by="seat")
