"""The OnGame reader (splitpot.sites.ongame) against the site's own results.

Our own hand (tests/data/sites/ongame-own.txt, numbers worked by hand below) and the real
files of ../shared/data/site-histories-3/ongame (tests/sites3.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from sites3 import outcomes, statuses
from splitpot import phh
from splitpot.sites import ongame, read_file, read_text, sniff
from splitpot.sites.errors import DamagedHand

OWN = Path(__file__).parent / "data" / "sites" / "ongame-own.txt"


def test_a_raise_puts_in_its_first_amount_and_the_uncalled_part_comes_back() -> None:
    """Flop: Bob bets 0.50, Cy calls, Ann "raises $1.50 to $1.80" (1.50 more; 1.80 is her
    total in the hand), Bob calls his last 0.70 all-in: 0.30 of Ann's raise comes back,
    unwritten. Pot 0.90 + 1.20 + 0.50 + 1.20 = 3.80, Ann collects 3.61, rake 0.19; the
    summary's stacks (Ann $12.11) are met. The turn's line written twice is one turn."""
    [hand] = read_file(OWN)
    assert isinstance(hand, phh.HandHistory)
    assert hand.actions[7:12] == ["p1 cbr 50", "p2 cc", "p3 cbr 150", "p1 cc", "p2 f"]
    assert hand.actions.count("d db 9h") == 1
    assert hand.winnings == [0, 0, 361] and hand.finishing_stacks == [0, 920, 1211]
    assert hand.user_fields["_site_rake"] == 19
    assert phh.check(hand).status == "match"


def test_a_summary_stack_the_play_does_not_leave_is_damaged() -> None:
    text = OWN.read_text(encoding="utf-8").replace("Ann ($12.11)", "Ann ($12.21)")
    [damaged] = read_text(text)
    assert isinstance(damaged, DamagedHand) and "leaves Ann 1221, the play 1211" in damaged.reason
    text = OWN.read_text(encoding="utf-8").replace(
        "--- Dealing river [3s]", "--- Dealing turn [3s]"
    )
    [damaged] = read_text(text)
    assert isinstance(damaged, DamagedHand) and "turn is dealt twice" in damaged.reason


def test_sniffing_finds_ongame() -> None:
    assert sniff(OWN.read_text(encoding="utf-8")) is ongame.READER


def test_every_ongame_hand_replays_to_the_sites_result() -> None:
    """site-histories-3/ongame: 200 hands, 11 of five-card draw."""
    found = outcomes("ongame")
    # Four of $5/$5 and $0.50/$0.50 blinds: the big blind is the second seat after the
    # button, though the small blind posts as much (docs/rules/poker.md §4.1).
    assert statuses(found) == Counter(match=188, unsupported=11, damaged=1)
    assert all("FIVE_CARD_DRAW" in o.detail for o in found if o.status == "unsupported")
