"""ICM, tournaments and chip limits under the hostile inputs of
../shared/review/reliability.md (issue 27): H7, H12 and L1. The work is bounded before it
starts (docs/limits.md), and a question past the bound is a ``SplitpotError`` that says how
far it is and what would fit; the questions inside it give the answers they always gave."""

from __future__ import annotations

from fractions import Fraction

import pytest
from splitpot import SplitpotError, icm, limits, phh
from splitpot.cli import main
from splitpot.tournament import Level, Tournament, doubling_levels, play_tournament

# --------------------------------------------------------------------------- H7: ICM


@pytest.mark.parametrize(
    ("stacks", "prizes", "samples", "message"),
    [
        # 20 samples took 1.9 s: the default 20,000 about 32 minutes.
        ([1] * 1000, [1] * 1000, None, "pass samples <= 39"),
        # Within the documented sample cap, about 2 minutes.
        ([1] * 11, [1] * 11, icm.MAX_SAMPLES, "pass samples <= 117302"),
        ([100] * 100, [1] * 100, None, "pass samples <= 3333"),  # 5.7 s before
        ([1] * (limits.ICM_MAX_PLAYERS + 1), [1], None, "stacks: 10001 of them"),
        ([1, 1], [1] * (limits.ICM_MAX_PLAYERS + 1), None, "prizes: 10001 of them"),
        ([limits.MAX_CHIPS + 1, 1], [1], None, "stacks[0] must be at most"),
        ([1, 1], [Fraction(1, limits.MAX_CHIPS + 1)], None, "prizes[0]: its terms"),
        ([1] * 10000, [1] * 10000, 1, "pay fewer places"),  # one sample is too much
    ],
)
def test_icm_refuses_work_past_its_bound_before_starting(
    stacks: list[int], prizes: list[int], samples: int | None, message: str
) -> None:
    with pytest.raises(SplitpotError, match=message.replace("[", r"\[")):
        icm.icm_equity(stacks, prizes, samples=samples)


def test_the_bound_is_the_documented_count(monkeypatch: pytest.MonkeyPatch) -> None:
    # samples x places x (players + 20), checked against limits.ICM_MAX_WORK (made small here).
    monkeypatch.setattr(icm, "ICM_MAX_WORK", 1_000_000)
    players, places = 100, 10
    fits = 1_000_000 // (places * (players + 20))
    equity = icm.icm_equity([100] * players, [1] * places, samples=fits, seed=1)
    assert sum(equity) == places  # the pool to the unit, sampled or not
    with pytest.raises(SplitpotError, match=f"is {(fits + 1) * places * (players + 20):,} of"):
        icm.icm_equity([100] * players, [1] * places, samples=fits + 1)


def test_icm_inside_the_bound_is_unchanged() -> None:
    # The default sampling of a big field with a few prizes stays allowed, and exact ICM at
    # the chip limit too (ten stacks of 39 digits).
    stacks = [7, 5, 3] * 10
    equity = icm.icm_equity(stacks, [50, 30, 20], seed=2)
    assert sum(equity) == 100 and equity[0] > equity[2]
    big = [limits.MAX_CHIPS - 10**30 * i for i in range(10)]
    exact = icm.icm_equity(big, [limits.MAX_CHIPS - i for i in range(3)])
    assert sum(exact) == sum(limits.MAX_CHIPS - i for i in range(3))


# --------------------------------------------------------------------------- H12: schedules


@pytest.mark.parametrize("count", [10**6, 10**12, 128, limits.MAX_CHIPS])
def test_doubling_levels_past_max_chips_are_refused_before_any_is_made(count: int) -> None:
    # count=10**6 needed ~62 GB (ints of N bits); the blinds pass MAX_CHIPS at level 128.
    with pytest.raises(SplitpotError, match="at most 127 levels from these blinds"):
        doubling_levels(1, 2, hands=1, count=count)


def test_doubling_levels_up_to_max_chips_are_made() -> None:
    levels = doubling_levels(1, 2, hands=1, count=127)
    assert levels[-1].big_blind == 2 << 126 <= limits.MAX_CHIPS < 2 << 127
    # The first level's arguments are checked as any Level's.
    with pytest.raises(SplitpotError, match="big_blind must be at most"):
        doubling_levels(1, limits.MAX_CHIPS + 1, hands=1, count=1)
    with pytest.raises(TypeError, match="hands must be an int"):
        doubling_levels(1, 2, hands="x", count=1)  # type: ignore[arg-type]


def test_levels_and_tournaments_past_max_chips_are_refused() -> None:
    with pytest.raises(SplitpotError, match="ante must be at most"):
        Level(1, 2, limits.MAX_CHIPS + 1)
    # The winner would hold every chip: three stacks of MAX_CHIPS cannot end in one.
    with pytest.raises(SplitpotError, match=r"3 stacks of .* are more than the"):
        play_tournament(3, starting_stack=limits.MAX_CHIPS, prizes=[1], seed=1)
    # A million players for one table: refused before a million names are made.
    with pytest.raises(SplitpotError, match="players must be at most 10, got 1000000"):
        play_tournament(10**6)


def test_the_default_schedule_stops_at_max_chips() -> None:
    stack = limits.MAX_CHIPS // 3
    result = play_tournament(3, starting_stack=stack, prizes=[1], seed=1, max_hands=400)
    assert result.finished and all(
        lv.big_blind <= limits.MAX_CHIPS for lv in result.tournament.levels
    )
    assert sum(result.tournament.stacks.values()) == 3 * stack


def test_a_tournament_refuses_a_starting_stack_its_winner_could_not_hold() -> None:
    levels = [Level(1, 2)]
    with pytest.raises(SplitpotError, match="more than the"):
        Tournament("holdem", "no-limit", levels, ["A", "B"], limits.MAX_CHIPS, prizes=[1])  # type: ignore[arg-type]


# --------------------------------------------------------------------------- L1: one chip limit


def test_every_stack_splitpot_plays_is_written_and_read_as_phh(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # --stack 10**30 dealt, then failed with "<string>: starting_stacks[0] must be ... at most
    # 30 digits", naming no option. PHH now reads every amount up to MAX_CHIPS.
    big = limits.MAX_CHIPS // 2
    assert main(["simulate", "--stack", str(big), "--hands", "2", "--seed", "1"]) == 0
    hands = phh.loads_all(capsys.readouterr().out)
    assert [h.starting_stacks[0] for h in hands] == [big, big]
    assert all(phh.replay(h).is_over for h in hands)


@pytest.mark.parametrize("command", [["simulate"], ["simulate", "--game", "pan"], ["play"]])
def test_a_stack_past_max_chips_is_refused_by_name_up_front(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--stack", str(limits.MAX_CHIPS + 1)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("splitpot: --stack must be at most ") and err.count("\n") == 1
