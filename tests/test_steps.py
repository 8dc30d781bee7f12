"""The table after each record (splitpot.hand.steps), against numbers worked out by hand."""

from __future__ import annotations

from splitpot import HOLDEM, NoLimit
from splitpot.hand import Hand, steps


def test_a_raise_a_call_and_a_fold_move_the_chips_as_the_rules_say() -> None:
    # Heads-up 1/2: seat 1 (the button) posts 1, seat 0 posts 2; seat 1 raises to 6 (5 more),
    # seat 0 calls 4; the bets go into the middle on the flop (pot 12); seat 0 bets 10,
    # seat 1 folds: the 10 comes back uncalled and seat 0 wins the 12 (docs/rules/poker.md
    # §3, §6).
    h = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    h.raise_to(6)
    h.call()
    h.bet(10)
    h.fold()
    table = {type(r).__name__ + str(i): t for i, (r, t) in enumerate(steps(h.events))}
    after = [(type(r).__name__, t.stacks, t.bets, t.pot) for r, t in steps(h.events)]
    assert after[1:3] == [
        ("BlindPosting", (100, 99), (0, 1), 1),
        ("BlindPosting", (98, 99), (2, 1), 3),
    ]
    raised = after.index(("RaisingTo", (98, 94), (2, 6), 8))
    assert after[raised + 1] == ("Calling", (94, 94), (6, 6), 12)
    assert after[raised + 2][0] == "BoardDealing" and after[raised + 2][2:] == ((0, 0), 12)
    assert after[-5:] == [
        ("Betting", (84, 94), (10, 0), 22),
        ("Folding", (84, 94), (10, 0), 22),
        ("ChipsReturning", (94, 94), (0, 0), 12),
        ("PotAwarding", (106, 94), (0, 0), 0),
        ("HandEnding", (106, 94), (0, 0), 0),
    ]
    assert len(table) == len(h.events)
    last = list(steps(h.events))[-1][1]
    assert last.folded == {1} and last.actor is None and len(last.board) == 3
