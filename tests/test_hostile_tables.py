"""``tables.load`` under the hostile files of ../shared/review/reliability.md (issue 27): H11
(a small file that inflates to gigabytes) and M9 (damaged files raising BadZipFile, KeyError,
JSONDecodeError, TypeError or ValueError). The shape, size and kind of every array are checked
from the zip entry or the Parquet metadata before anything is inflated, and every damaged file
is one ``SplitpotError`` naming it (docs/limits.md)."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from splitpot import SplitpotError, limits, tables

META = {
    "game": "holdem",
    "rows": ["AA"],
    "columns": ["KK"],
    "fields": ["equity", "win", "tie"],
    "exact": True,
    "matchups": 1,
    "samples": None,
    "seed": None,
}


@pytest.fixture(scope="module")
def table() -> tables.EquityTable:
    return tables.preflop_equity("holdem", classes=["AA", "KK"])


def npy(array: np.ndarray[Any, Any]) -> bytes:
    out = io.BytesIO()
    np.lib.format.write_array(out, array, allow_pickle=True)
    return out.getvalue()


def header(shape: tuple[int, ...], descr: str = "<f8") -> bytes:
    """An ``.npy`` header alone: what numpy trusts to allocate the array."""
    out = io.BytesIO()
    fields = {"descr": descr, "fortran_order": False, "shape": shape}
    np.lib.format.write_array_header_1_0(out, fields)  # type: ignore[no-untyped-call]
    return out.getvalue()


def central(data: bytes, name: str) -> int:
    """Where the central directory entry of ``name`` starts in a zip file's bytes."""
    at = data.find(b"PK\x01\x02")
    while at >= 0:
        if data[at + 46 : at + 46 + len(name)] == name.encode():
            return at
        at = data.find(b"PK\x01\x02", at + 4)
    raise AssertionError(name)


def npz(path: Path, members: dict[str, bytes], method: int = zipfile.ZIP_STORED) -> Path:
    with zipfile.ZipFile(path, "w", method) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return path


def members(meta: object = META, **arrays: np.ndarray[Any, Any]) -> dict[str, bytes]:
    text = meta if isinstance(meta, str) else json.dumps(meta)
    out = {"meta.npy": npy(np.array(text))}
    entries = 1
    out["count.npy"] = npy(np.array([6] * entries, dtype=np.int64))
    for f in ("equity", "win", "tie"):
        out[f"value_{f}.npy"] = npy(np.zeros(entries))
    for name, array in arrays.items():
        out[f"{name}.npy"] = npy(array)
    return out


def refused(path: Path, message: str) -> SplitpotError:
    with pytest.raises(SplitpotError) as e:
        tables.load(path)
    assert str(e.value).startswith(f"{path}: "), e.value
    assert message in str(e.value), e.value
    return e.value


# --------------------------------------------------------------------------- H11


def test_a_small_file_that_would_inflate_to_gigabytes_is_refused_unread(tmp_path: Path) -> None:
    # The review's bomb: metadata for one entry and 67,108,864 zeros deflated (0.5 MB) became
    # 67 M Python floats. Here 8 M zeros (64 MiB inflated, a few hundred KB on disk).
    path = tmp_path / "bomb.npz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members().items():
            if name != "value_equity.npy":
                z.writestr(name, data)
        with z.open("value_equity.npy", "w", force_zip64=True) as out:
            out.write(header((8388608,)))
            for _ in range(64):
                out.write(bytes(1 << 20))
    assert path.stat().st_size < 1 << 20
    tracemalloc.start()
    try:
        refused(path, "value_equity.npy inflates to")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 << 20  # nothing the size of the array was made


def test_a_header_that_claims_gigabytes_is_refused_before_allocating(tmp_path: Path) -> None:
    # "a 4 MB .npz of 4 GiB of zeros: Unable to allocate 4.00 GiB at once": numpy allocates
    # what the header says. The header is read alone and its shape compared to the metadata.
    claim = header((536870912,))
    path = npz(tmp_path / "t.npz", {**members(), "value_win.npy": claim + bytes(8)})
    refused(path, "value_win.npy: float64 of shape (536870912,), not float64 of shape (1,)")


def test_a_zip_entry_that_lies_about_its_size_is_refused(tmp_path: Path) -> None:
    path = npz(tmp_path / "t.npz", members(), zipfile.ZIP_DEFLATED)
    data = bytearray(path.read_bytes())
    # The central directory's and the local header's "uncompressed size" of count.npy made
    # small: the stream inflates past it, and zipfile stops there (a bad CRC).
    with zipfile.ZipFile(path) as z:
        local = z.getinfo("count.npy").header_offset
    entry = central(bytes(data), "count.npy")
    data[local + 22 : local + 26] = data[entry + 24 : entry + 28] = (130).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    refused(path, "Bad CRC-32 for file 'count.npy'")


def test_a_file_past_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.npz"
    with open(path, "wb") as f:  # sparse: no disk used
        f.truncate(limits.TABLE_MAX_BYTES + 1)
    refused(path, f"larger than the {limits.TABLE_MAX_BYTES} bytes")


# --------------------------------------------------------------------------- M9


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: {"x": b"not a table"}, "no meta.npy"),
        (lambda: members({k: v for k, v in META.items() if k != "fields"}), "without the keys"),
        (lambda: {k: v for k, v in members().items() if k != "value_tie.npy"}, "no value_tie"),
        (lambda: members("{not json"), "metadata that is not JSON"),
        (lambda: members("[1, 2]"), "without the keys"),
        (lambda: members("1" * 5000), "metadata that is not JSON"),
        (lambda: members({**META, "rows": "AA"}), "'rows' of the wrong type"),
        (lambda: members({**META, "rows": ["AA", "AA"]}), "not distinct holdem rows"),
        (lambda: members({**META, "rows": ["ZZ"]}), "not distinct holdem rows"),
        (lambda: members({**META, "fields": ["equity", "x"]}), "not distinct holdem fields"),
        (lambda: members({**META, "game": "razz"}), "metadata game 'razz'"),
        (lambda: members({**META, "exact": 1}), "'exact' of the wrong type"),
        (lambda: members({**META, "matchups": True}), "'matchups' of the wrong type"),
        (lambda: members({**META, "rows": ["AA", "QQ"]}), "not int64 of shape (2,)"),
        (
            lambda: {**members(), "value_win.npy": npy(np.array([None], dtype=object))},
            "not an array of numbers or text",
        ),
        (lambda: {**members(), "value_win.npy": npy(np.array(["x"]))}, "not float64"),
        (lambda: {**members(), "count.npy": npy(np.array([1.5]))}, "not int64"),
        (
            lambda: {**members(), "meta.npy": npy(np.array([1, 2]))},
            "meta.npy: not one string of at",
        ),
        (lambda: {**members(), "count.npy": npy(np.array([6]))[:-4]}, "count.npy: 4 bytes"),
        (
            lambda: {**members(), "meta.npy": b"\x93NUMPY\x09\x00" + bytes(100)},
            "an .npy version (9, 0)",
        ),
        (
            lambda: members("x" * (limits.TABLE_MAX_META_BYTES + 1)),
            "meta.npy: not one string of at most 1048576 characters",
        ),
    ],
)
def test_a_damaged_npz_is_one_splitpot_error_naming_the_file(
    make: Callable[[], dict[str, bytes]], message: str, tmp_path: Path
) -> None:
    refused(npz(tmp_path / "t.npz", make()), message)


def test_files_that_are_not_zip_files(tmp_path: Path) -> None:
    (tmp_path / "text.npz").write_text("hello")
    refused(tmp_path / "text.npz", "not a zip file (BadZipFile")
    (tmp_path / "empty.npz").write_bytes(b"")
    refused(tmp_path / "empty.npz", "not a zip file")
    (tmp_path / "dir.npz").mkdir()
    refused(tmp_path / "dir.npz", "not a regular file")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.npz")
        refused(tmp_path / "pipe.npz", "not a regular file")  # opened without blocking


def test_an_unknown_compression_is_a_damaged_file(tmp_path: Path) -> None:
    path = npz(tmp_path / "t.npz", members())
    data = bytearray(path.read_bytes())
    # Compression method 99 (AES) for count.npy: zipfile's NotImplementedError.
    entry = central(bytes(data), "count.npy")
    data[entry + 10 : entry + 12] = (99).to_bytes(2, "little")
    path.write_bytes(bytes(data))
    refused(path, "NotImplementedError")


# --------------------------------------------------------------------------- Parquet


def parquet(path: Path, columns: dict[str, list[Any]], meta: object = META) -> Path:
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    data = pa.table(columns)
    text = meta if isinstance(meta, str) else json.dumps(meta)
    pq.write_table(data.replace_schema_metadata({"splitpot": text}), path)
    return path


GOOD = {
    "hero": ["AA"],
    "villain": ["KK"],
    "count": [6],
    "equity": [0.8],
    "win": [0.8],
    "tie": [0.0],
}


@pytest.mark.parametrize(
    ("columns", "meta", "message"),
    [
        ({**GOOD, "count": [6.0]}, META, "column 'count' of type double"),
        ({k: v for k, v in GOOD.items() if k != "tie"}, META, "no column 'tie'"),
        ({k: v * 2 for k, v in GOOD.items()}, META, "2 rows for 1 entries"),
        ({**GOOD, "win": [None]}, META, "column 'win' of type null"),
        ({**GOOD, "win": [0.5]}, "{", "metadata that is not JSON"),
        ({**GOOD, "win": [0.5]}, {**META, "rows": ["AA", "KK"]}, "1 rows for 2 entries"),
        (GOOD, "x" * (limits.TABLE_MAX_META_BYTES + 1), "no splitpot metadata of at most"),
    ],
)
def test_a_damaged_parquet_file_is_one_splitpot_error(
    columns: dict[str, list[Any]], meta: object, message: str, tmp_path: Path
) -> None:
    refused(parquet(tmp_path / "t.parquet", columns, meta), message)


def test_a_parquet_entry_with_no_value_is_refused(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    columns = {**GOOD, "win": pa.array([None], type=pa.float64())}
    refused(parquet(tmp_path / "t.parquet", columns), "an entry with no value")


def test_a_footer_pyarrow_aborts_on_is_refused_not_a_crash() -> None:
    # Found by the fuzz below: a flipped byte in a column's size statistics. pyarrow 26 kills
    # the process (std::terminate) when that column's chunk metadata is read from Python;
    # load reads the columns, which raises. In a child process: an abort would end pytest.
    pytest.importorskip("pyarrow")
    path = Path(__file__).parent / "data" / "tables" / "histogram-mismatch.parquet"
    code = (
        "import sys\nfrom splitpot import SplitpotError, tables\n"
        "try:\n    tables.load(sys.argv[1])\nexcept SplitpotError as e:\n    print(e)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.startswith(f"{path}: not a table saved by splitpot: damaged Parquet")


def test_not_parquet(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    (tmp_path / "t.parquet").write_bytes(b"PAR1 not really PAR1")
    refused(tmp_path / "t.parquet", "damaged Parquet")


def test_good_files_still_load(table: tables.EquityTable, tmp_path: Path) -> None:
    for suffix in (".npz", ".parquet"):
        if suffix == ".parquet":
            pytest.importorskip("pyarrow")
        tables.save(table, tmp_path / f"t{suffix}")
        assert tables.load(tmp_path / f"t{suffix}") == table
    # The files written by hand above are read, too: one entry, AA against KK.
    one = tables.load(npz(tmp_path / "one.npz", members()))
    assert one.entry("AA", "KK") == {"equity": 0.0, "win": 0.0, "tie": 0.0, "count": 6}


# --------------------------------------------------------------------------- fuzz


def _load_or_refuse(path: Path) -> None:
    try:
        loaded = tables.load(path)
    except SplitpotError as e:
        assert str(e).startswith(f"{path}: ")
        return
    assert len(loaded.count) == len(loaded.rows) * len(loaded.columns)


def _flipped(data: bytes, rng: random.Random, flips: int) -> bytes:
    out = bytearray(data)
    for _ in range(flips):
        i = rng.randrange(len(out))
        out[i] = rng.randrange(256) if rng.random() < 0.5 else out[i] ^ (1 << rng.randrange(8))
    if rng.random() < 0.2:
        out = out[: rng.randrange(len(out))]
    return bytes(out)


def _good_files(table: tables.EquityTable, folder: Path) -> dict[str, bytes]:
    out = {}
    for suffix in (".npz", ".parquet"):
        try:
            tables.save(table, folder / f"good{suffix}")
        except SplitpotError:  # no pyarrow
            continue
        out[suffix] = (folder / f"good{suffix}").read_bytes()
    return out


def test_flipped_bytes_are_read_or_refused(table: tables.EquityTable, tmp_path: Path) -> None:
    rng = random.Random(27)
    for suffix, data in _good_files(table, tmp_path).items():
        for _ in range(150):
            path = tmp_path / f"fuzz{suffix}"
            path.write_bytes(_flipped(data, rng, rng.randint(1, 8)))
            _load_or_refuse(path)


@pytest.mark.slow  # the long fuzz run: `pytest -m slow` (CI runs it once)
@settings(
    max_examples=1500,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.integers(0, 2**32), st.integers(1, 40), st.booleans())
def test_fuzzed_table_files_are_read_or_refused(
    table: tables.EquityTable, tmp_path: Path, seed: int, flips: int, parquet: bool
) -> None:
    files = _good_files(table, tmp_path)
    suffix = ".parquet" if parquet and ".parquet" in files else ".npz"
    path = tmp_path / f"fuzz{suffix}"
    path.write_bytes(_flipped(files[suffix], random.Random(seed), flips))
    _load_or_refuse(path)
