"""A hypothesis state machine over one-table tournaments (docs/tournaments.md).

Levels advance by hands or by the application, random bots play the hands, players go out.
After every step: chips are conserved, the places decided cover exactly the places below
the players still in (each taken once, or shared by players tied on it), a player out is
never dealt in again, and the ICM equity (and, at the end, the payout) is the prize pool.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from splitpot.bots import RandomBot, SimpleBot, play_bots
from splitpot.games import HOLDEM, OMAHA_HILO, SEVEN_CARD_STUD, Game
from splitpot.tournament import Level, Tournament

# Blinds of at least 1 and 2: a stud level with no ante and a bring-in of 0 deals a hand with
# no chip in the pot, which the hand cannot yet settle (test_tournament.py, the xfail test).
levels = st.lists(
    st.tuples(
        st.integers(1, 10), st.integers(2, 10), st.integers(0, 3), st.none() | st.integers(1, 4)
    ),
    min_size=1,
    max_size=4,
).map(lambda rows: [Level(min(s, b), b, a, hands=h) for s, b, a, h in rows])


class TournamentMachine(RuleBasedStateMachine):
    t: Tournament
    chips: int
    out: set[str]

    @initialize(
        game=st.sampled_from([HOLDEM, HOLDEM, OMAHA_HILO, SEVEN_CARD_STUD]),
        kind=st.sampled_from(["no-limit", "pot-limit", "fixed-limit"]),
        schedule=levels,
        players=st.integers(2, 6),
        stack=st.integers(1, 60),
        prizes=st.lists(st.integers(0, 1000), min_size=1, max_size=6),
        seed=st.integers(0, 2**32),
    )
    def start(
        self,
        game: Game,
        kind: str,
        schedule: list[Level],
        players: int,
        stack: int,
        prizes: list[int],
        seed: int,
    ) -> None:
        names = [f"P{i}" for i in range(players)]
        self.t = Tournament(game, kind, schedule, names, stack, prizes=prizes[:players], seed=seed)
        self.chips = players * stack
        self.out = set()

    @precondition(lambda self: not self.t.is_over)
    @rule(seed=st.integers(0, 2**16), simple=st.booleans())
    def play_hand(self, seed: int, simple: bool) -> None:
        t = self.t
        before = set(t.remaining)
        level = t.level
        hand = t.start_hand()
        assert hand.structure == level.structure(t.kind)
        dealt = set(t.players_of(hand))
        assert dealt == before  # everyone still in is dealt in; nobody out ever is
        assert dealt.isdisjoint(self.out)
        bots = {s: (SimpleBot if simple else RandomBot)(seed + s) for s in hand.seats}
        play_bots(hand, bots.__getitem__)
        gone = {name for name in before if name not in t.remaining}
        assert gone == {t.seat_names[s] for s in hand.seats if hand.final_stacks[s] == 0}
        self.out |= gone

    @precondition(lambda self: self.t.level_index + 1 < len(self.t.levels))
    @rule()
    def advance(self) -> None:
        index = self.t.level_index
        assert self.t.advance_level() == self.t.levels[index + 1]
        assert self.t.level_index == index + 1

    @rule()
    def look(self) -> None:
        """Always possible (the machine may go on after the end): the standings stay put."""
        assert self.t.standings == self.t.standings

    @invariant()
    def chips_are_conserved(self) -> None:
        assert sum(self.t.stacks.values()) == self.chips
        assert all(v > 0 for v in self.t.stacks.values())

    @invariant()
    def places_cover_the_players_out(self) -> None:
        t = self.t
        standings = t.standings
        names = [f.name for f in standings]
        assert len(names) == len(set(names))
        left = len(t.remaining)
        decided = {f.name for f in standings if f.place > 1 or not t.is_over}
        assert decided == self.out
        assert decided.isdisjoint(t.remaining)
        counts = Counter(f.place for f in standings)
        covered: list[int] = []
        for place, k in sorted(counts.items()):
            assert all(f.tied == k for f in standings if f.place == place)
            covered.extend(range(place, place + k))
        first = 1 if t.is_over else left + 1
        assert covered == list(range(first, len(t.players) + 1))

    @invariant()
    def equity_is_the_prize_pool(self) -> None:
        t = self.t
        equity = t.icm()
        assert sum(equity.values()) == t.prize_pool
        assert set(equity) == set(t.players)
        if t.is_over:
            paid = t.payouts()
            assert sum(paid.values()) == t.prize_pool
            assert equity == paid


TournamentMachine.TestCase.settings = settings(
    max_examples=100, stateful_step_count=40, deadline=None
)
test_tournaments = TournamentMachine.TestCase
