"""Replay and simulate as work units (issue 19): on a real Dask LocalCluster (2 worker
processes under nannies) and on local Ray, the outcomes, the PHH text and the summaries are
those of the one-process run; a worker killed mid-job changes nothing; the CLI's
``--scheduler`` prints the same report."""

from __future__ import annotations

import functools
import itertools
import os
import random
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import splitpot as sp
from conftest import SHARED, need
from hypothesis import given
from hypothesis import strategies as st
from splitpot import _scheduler, phh, simulation
from splitpot.cli import main
from splitpot.phh.compare import FileChunk, Outcome, check_chunk, check_file
from splitpot.sites import check as site_check
from splitpot.work import run_chunks

DATA = Path(__file__).parent / "data"
SITES = SHARED / "data" / "site-histories"
OMAHA8 = sp.game("omaha8")
STRUCTURE = sp.betting.structure("pot-limit", 1, 2)


def _files() -> list[str]:
    """The repo's own fixtures: hands that match, refused histories, unplayed variants, and
    a path that does not exist (an "error" outcome, the same everywhere)."""
    return [*phh.find_files([DATA]), str(DATA / "no-such-file.phh")]


def _dies_once(marker: str, name: str) -> list[Outcome]:
    """:func:`check_file`, but the worker process dies the first time (the marker file is
    made first, so the retry lives)."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return check_file(name)


def _play_dies_once(job: tuple[str, simulation.HandsChunk]) -> simulation.Simulated:
    marker, chunk = job
    if chunk.start == 0 and not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return simulation.play_chunk(chunk)


def _run(hands: int = 30, **kw: Any) -> simulation.Simulated:
    return simulation.simulate(OMAHA8, STRUCTURE, [200] * 4, hands, seed=11, **kw)


@pytest.fixture
def client(dask_cluster: Any) -> Any:
    distributed = need("distributed", "dask")
    with distributed.Client(dask_cluster) as c:
        yield c


# ------------------------------------------------------------------------------ replay


def test_replay_on_dask_gives_the_local_outcomes(client: Any) -> None:
    files = _files()
    local = phh.check_files(files)
    assert {o.status for o in local} >= {"match", "error", "unsupported"}  # a real mix
    assert phh.check_files(files, executor=client) == local
    assert phh.check_files(files, executor=client, files_per_chunk=3) == local
    assert phh.check_files(files, jobs=2) == local


def test_replay_on_ray_gives_the_local_outcomes(ray_local: Any) -> None:
    files = _files()
    assert phh.check_files(files, executor=ray_local, files_per_chunk=4) == phh.check_files(files)


def test_sites_files_on_dask_give_the_local_outcomes(client: Any) -> None:
    if not SITES.is_dir():
        pytest.skip("../shared/data/site-histories is not beside the checkout")
    files = phh.find_files([SITES], suffixes=site_check.SUFFIXES)
    local = phh.check_files(files, checker=site_check.check_file)
    assert len(local) >= 874
    got = phh.check_files(files, executor=client, checker=site_check.check_file)
    assert got == local


def test_a_worker_killed_mid_replay_changes_nothing(client: Any, tmp_path: Path) -> None:
    files = _files()
    checker = functools.partial(_dies_once, str(tmp_path / "died"))
    got = phh.check_files(files, executor=client, checker=checker, files_per_chunk=5)
    assert (tmp_path / "died").exists()  # a worker did die
    assert got == phh.check_files(files)  # each file once, in order


def test_a_file_a_worker_cannot_open_is_named(tmp_path: Path) -> None:
    hand = tmp_path / "hand.phh"
    shutil.copy(DATA / "ft-heads-up.phh", hand)

    class Elsewhere(ThreadPoolExecutor):  # a worker whose filesystem lacks the file
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
            hand.unlink(missing_ok=True)
            return super().submit(fn, *args, **kwargs)

    with Elsewhere(1) as ex, pytest.raises(phh.UnreadableOnWorker) as e:
        phh.check_files([str(hand)], executor=ex)
    assert str(e.value).startswith(f"{hand}: a worker on ")
    assert "readable by every worker at the same path" in str(e.value)


def test_a_dask_worker_that_cannot_open_a_file_raises_here(client: Any) -> None:
    chunk = FileChunk(("/no/such/dir/x.phh",), (True,))  # "found" by a process elsewhere
    with pytest.raises(phh.UnreadableOnWorker, match=r"x\.phh: a worker on"):
        client.submit(check_chunk, chunk, pure=False).result()


def test_jobs_and_an_executor_are_not_both_taken() -> None:
    with ThreadPoolExecutor(1) as ex, pytest.raises(sp.SplitpotError, match="not both"):
        phh.check_files(_files(), jobs=2, executor=ex)


# ---------------------------------------------------------------------------- simulate


def test_hand_i_depends_only_on_the_seed_and_i() -> None:
    whole = _run(12)
    tail = simulation.play_chunk(simulation.chunks(OMAHA8, STRUCTURE, [200] * 4, 12, 11)[0])
    assert tail == whole  # one chunk of all 12: the same as the run
    later = simulation.chunks(OMAHA8, STRUCTURE, [200] * 4, 12, 11, hands_per_chunk=5)[2]
    assert (later.start, later.stop) == (10, 12)
    alone = phh.loads_all(simulation.play_chunk(later).text)
    assert [h.dumps() for h in alone] == [h.dumps() for h in phh.loads_all(whole.text)[10:]]


@given(st.integers(1, 13))
def test_any_chunking_writes_the_same_hands(per: int) -> None:
    assert _run(13, hands_per_chunk=per) == _run(13, hands_per_chunk=13)


def test_simulate_on_dask_is_the_local_run(client: Any) -> None:
    local = _run()
    assert len(phh.loads_all(local.text)) == 30 and local.summary.hands == 30
    assert _run(executor=client, hands_per_chunk=4) == local


def test_simulate_on_ray_is_the_local_run(ray_local: Any) -> None:
    assert _run(executor=ray_local, hands_per_chunk=7) == _run()


def test_a_worker_killed_mid_simulation_changes_nothing(client: Any, tmp_path: Path) -> None:
    _killed_mid_simulation(client, tmp_path)


def test_a_ray_worker_killed_mid_simulation_changes_nothing(ray_local: Any, tmp_path: Path) -> None:
    # Ray's workers do not have tests/ on their path: this module's functions go by value.
    pickler = ray_local.cloudpickle
    pickler.register_pickle_by_value(sys.modules[__name__])
    try:
        _killed_mid_simulation(ray_local, tmp_path)
    finally:
        pickler.unregister_pickle_by_value(sys.modules[__name__])


def _killed_mid_simulation(executor: Any, tmp_path: Path) -> None:
    marker = str(tmp_path / "died")
    parts = simulation.chunks(OMAHA8, STRUCTURE, [200] * 4, 30, 11, hands_per_chunk=6)
    done = run_chunks(_play_dies_once, [(marker, c) for c in parts], executor)
    assert os.path.exists(marker)
    assert simulation.merge(done, 4) == _run()  # nothing counted twice, nothing lost


def _partition(items: list[Any], cuts: list[int]) -> list[list[Any]]:
    edges = [0, *sorted(set(cuts)), len(items)]
    return [items[a:b] for a, b in itertools.pairwise(edges) if b > a]


def _merged(parts: list[Any]) -> Any:
    total = sp._summary.Hands(4)
    for p in parts:
        total = total.merge(p)
    return total


@functools.cache
def _one_hand_each() -> tuple[list[Any], Any]:
    """Each hand's summary alone, and the run's (every hand added one by one, in one chunk)."""
    parts = simulation.chunks(OMAHA8, STRUCTURE, [200] * 4, 16, 11, hands_per_chunk=1)
    return [simulation.play_chunk(c).summary for c in parts], _run(16).summary


@given(st.lists(st.integers(0, 16), max_size=6), st.randoms(use_true_random=False))
def test_merging_summaries_is_associative_and_order_free(cuts: list[int], rng: Any) -> None:
    one_hand_each, whole = _one_hand_each()
    grouped = [_merged(g) for g in _partition(one_hand_each, cuts)]
    assert _merged(grouped) == whole
    rng.shuffle(grouped)
    assert _merged(grouped) == whole
    with pytest.raises(ValueError, match="different sizes"):
        whole.merge(sp._summary.Hands(3))


# ---------------------------------------------------------------------------- the CLI


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_with_a_scheduler_prints_the_same_report(
    dask_cluster: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["replay", "--quiet", "--verbose", str(DATA)]
    local = _cli(argv, capsys)
    assert local[0] == 1 and "failed" in local[1]  # the refused fixtures
    assert _cli([*argv, "--scheduler", dask_cluster.scheduler_address], capsys) == local
    json_local = _cli([*argv, "--json"], capsys)
    json_argv = [*argv, "--json", "--scheduler", dask_cluster.scheduler_address]
    assert _cli(json_argv, capsys) == json_local


def test_simulate_with_a_scheduler_writes_the_same_file(
    dask_cluster: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--game", "stud8", "--structure", "limit", "--hands", "120", "--json"]
    argv += ["--players", "5", "--seed", "4", "--quiet"]
    local = _cli([*argv, "--out", str(tmp_path / "a.phhs")], capsys)
    there = [
        *argv,
        "--out",
        str(tmp_path / "b.phhs"),
        "--scheduler",
        dask_cluster.scheduler_address,
    ]
    remote = _cli(there, capsys)
    assert local[0] == remote[0] == 0
    assert local[1].replace("a.phhs", "b.phhs") == remote[1]  # the same summary
    assert (tmp_path / "a.phhs").read_bytes() == (tmp_path / "b.phhs").read_bytes()
    assert len(phh.load_all(tmp_path / "a.phhs")) == 120


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:9", "not a scheduler"])
def test_a_bad_scheduler_is_one_line(
    address: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    need("distributed", "dask")
    monkeypatch.setattr(_scheduler, "CONNECT_TIMEOUT", 1)
    for argv in (["replay", str(DATA)], ["simulate", "--hands", "2"]):
        status, out, err = _cli([*argv, "--scheduler", address], capsys)
        assert status == 2 and out == ""
        assert err.startswith(f"splitpot: --scheduler {address}: cannot reach a Dask scheduler")
        assert err.count("\n") == 1 and "Traceback" not in err


def test_simulate_seeds_do_not_follow_one_generator() -> None:
    # Before issue 19 hand i's seeds came from one random.Random(seed), after every earlier
    # hand's draws; now they are BLAKE2b of (seed, i): two runs of different lengths share
    # their first hands, and the seeds are those of the documented derivation.
    deal, bots = simulation.hand_seeds(11, 3, 4)
    import hashlib

    def h(k: int) -> int:
        d = hashlib.blake2b(f"splitpot.simulate:11:3:{k}".encode(), digest_size=8).digest()
        return int.from_bytes(d, "big") >> 1

    assert (deal, bots) == (h(0), [h(k) for k in range(1, 5)])
    assert _run(5).text == _run(9).text.split("\n[6]\n")[0]
    assert random.Random(11).randrange(1 << 63) != deal


def test_jobs_and_a_scheduler_are_not_both_taken(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _cli(["replay", "-j", "2", str(DATA), "--scheduler", "x:1"], capsys)
    assert status == 2 and err.startswith("splitpot: --jobs or --scheduler, not both")


@pytest.mark.parametrize("extra", [["--game", "pan"], ["--tournament"]])
def test_pan_and_tournaments_refuse_a_scheduler(
    extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _cli(["simulate", *extra, "--scheduler", "tcp://127.0.0.1:9"], capsys)
    assert status == 2 and err == "splitpot: --scheduler: Pan and --tournament run here only\n"


def test_windows_of_chunks_write_the_same_run(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = _run(13)
    monkeypatch.setattr(simulation, "WINDOW", 3)  # 7 chunks of 2 hands: 3 windows
    seen: list[tuple[int, int]] = []
    assert _run(13, hands_per_chunk=2, progress=lambda d, t: seen.append((d, t))) == whole
    assert seen == [(min(13, 2 * k), 13) for k in range(1, 8)]
    with ThreadPoolExecutor(2) as ex:
        assert _run(13, hands_per_chunk=2, executor=ex) == whole
