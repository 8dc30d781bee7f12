"""A preflop table's file: Parquet or ``.npz``, written whole or not at all, and read back
checked before anything in it is inflated (docs/limits.md). :mod:`splitpot.tables` says
what a table is; this module only moves its entries and metadata in and out of files."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from splitpot import _files
from splitpot._core import SplitpotError
from splitpot._extras import install_hint
from splitpot.limits import TABLE_MAX_BYTES, TABLE_MAX_META_BYTES, shown

__all__ = ["FORMATS", "check_path", "read", "write"]


FORMATS = (".parquet", ".npz")


def check_path(path: str | os.PathLike[str], *, write: bool = True) -> str:
    """The format ``path``'s suffix names (``".parquet"`` or ``".npz"``); raises
    :class:`~splitpot.SplitpotError` for another suffix, Parquet without pyarrow, or a folder
    that cannot take the file when ``write`` (checked before a build, not after it)."""
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix not in FORMATS:
        raise SplitpotError(f"{os.fspath(path)}: a table is saved as .parquet or .npz")
    folder = os.path.dirname(os.path.realpath(path))
    if write and (not os.path.isdir(folder) or not os.access(folder, os.W_OK)):
        raise SplitpotError(f"{os.fspath(path)}: cannot write in the folder {folder!r}")
    if suffix == ".parquet":
        _pyarrow()
    return suffix


def _pyarrow() -> Any:
    try:
        import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        raise SplitpotError(
            f"Parquet tables need pyarrow ({install_hint('pyarrow', 'parquet')}), or save as .npz"
        ) from None
    return pa, pq


def write(
    path: str | os.PathLike[str],
    meta: str,
    hero: Sequence[str],
    villain: Sequence[str],
    count: Sequence[int],
    values: Mapping[str, Sequence[float]],
) -> None:
    """A table's entries and metadata (JSON) to ``path``, whole or not at all, in the format
    its suffix names."""
    suffix = check_path(path)
    with _files.replacing(os.fspath(path), "wb") as out:
        if suffix == ".npz":
            arrays: dict[str, Any] = {
                "hero": np.array(hero, dtype=str),
                "villain": np.array(villain, dtype=str),
                "count": np.array(count, dtype=np.int64),
                "meta": np.array(meta),
            }
            for k, v in values.items():
                arrays[f"value_{k}"] = np.array(v, dtype=np.float64)
            np.savez(out, **arrays)
            return
        pa, pq = _pyarrow()
        columns = {"hero": list(hero), "villain": list(villain), "count": list(count)}
        data = pa.table({**columns, **{k: list(v) for k, v in values.items()}})
        pq.write_table(data.replace_schema_metadata({"splitpot": meta}), out)


Known = Callable[[str], "tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] | None"]
"""A game's possible rows, columns and fields (None for a game no table has)."""


def read(
    path: str | os.PathLike[str], known: Known
) -> tuple[dict[str, Any], dict[str, tuple[float, ...]], tuple[int, ...]]:
    """The metadata, values and counts of the table file ``path``, each checked before it is
    inflated (see :func:`splitpot.tables.load`); one :class:`~splitpot.SplitpotError` naming
    the file when it is not a table splitpot saved."""
    name = os.fspath(path)
    suffix = check_path(name, write=False)
    try:
        f = _files.open_regular(name)
    except _files.NotRegularFile:
        raise SplitpotError(f"{name}: not a regular file") from None
    with f:
        size = os.fstat(f.fileno()).st_size
        if size > TABLE_MAX_BYTES:
            raise SplitpotError(f"{name}: larger than the {TABLE_MAX_BYTES} bytes a table has")
        try:
            if suffix == ".npz":
                return _read_npz(f, known)
            return _read_parquet(f, known)
        except _Damaged as e:
            raise SplitpotError(f"{name}: not a table saved by splitpot: {e}") from None


class _Damaged(Exception):
    """What is wrong with a table file (:func:`load` names the file)."""


_META_TYPES: dict[str, tuple[type, ...]] = {
    "game": (str,),
    "rows": (list,),
    "columns": (list,),
    "fields": (list,),
    "exact": (bool,),
    "matchups": (int,),
    "samples": (int, type(None)),
    "seed": (int, type(None)),
}


def _checked_meta(text: object, known: Known) -> dict[str, Any]:
    """The metadata of a table file: its keys and types, the game's classes and fields."""
    if not isinstance(text, str) or len(text) > TABLE_MAX_META_BYTES:
        raise _Damaged(f"metadata that is not text of at most {TABLE_MAX_META_BYTES} bytes")
    try:
        meta = json.loads(text)
    except ValueError as e:  # JSONDecodeError, and int() of a 5,000-digit number
        raise _Damaged(f"metadata that is not JSON ({e})") from None
    if not isinstance(meta, dict) or set(meta) != set(_META_TYPES):
        raise _Damaged(f"metadata without the keys {sorted(_META_TYPES)}")
    for key, kinds in _META_TYPES.items():
        value = meta[key]
        if not isinstance(value, kinds) or (bool not in kinds and isinstance(value, bool)):
            raise _Damaged(f"metadata {key!r} of the wrong type")
    names_of = known(meta["game"])
    if names_of is None:
        raise _Damaged(f"metadata game {shown(meta['game'])} (holdem or omaha8)")
    rows, columns, fields = names_of
    for key, allowed in (("rows", rows), ("columns", columns), ("fields", fields)):
        names = meta[key]
        if not names or len(set(names)) < len(names) or not set(names) <= set(allowed):
            raise _Damaged(f"metadata {key!r} that are not distinct {meta['game']} {key}")
        meta[key] = tuple(names)
    return meta


def _arrays(meta: dict[str, Any]) -> dict[str, np.dtype[Any]]:
    """The arrays a table file holds for ``meta`` and the kind each must be, ``count``
    first; each has one entry a row x column."""
    return {"count": np.dtype(np.int64), **{f: np.dtype(np.float64) for f in meta["fields"]}}


def _read_npz(
    f: Any, known: Known
) -> tuple[dict[str, Any], dict[str, tuple[float, ...]], tuple[int, ...]]:
    import zipfile

    # zipfile and numpy's header parser raise a wide, open set on hostile bytes
    # (BadZipFile, zlib.error, NotImplementedError for an unknown compression, EOFError,
    # struct.error...): every one is a damaged file. The sizes are bounded before any read.
    try:
        archive = zipfile.ZipFile(f)
    except Exception as e:
        raise _Damaged(f"not a zip file ({type(e).__name__}: {e})") from None
    with archive:
        try:
            meta = _checked_meta(_npy_meta(archive), known)
            entries = len(meta["rows"]) * len(meta["columns"])
            found = {}
            for key, dtype in _arrays(meta).items():
                member = "count.npy" if key == "count" else f"value_{key}.npy"
                found[key] = _npy(archive, member, dtype, entries)
        except _Damaged:
            raise
        except Exception as e:
            raise _Damaged(f"a damaged array ({type(e).__name__}: {e})") from None
    count = tuple(int(c) for c in found.pop("count").tolist())
    return meta, {k: tuple(v.tolist()) for k, v in found.items()}, count


_NPY_HEADER_BYTES = 4096
"""The most bytes of an ``.npy`` header read (numpy writes 128)."""


def _npy_header(archive: Any, member: str, most: int) -> tuple[Any, tuple[int, ...], np.dtype[Any]]:
    """The open member, its shape and dtype read from the header alone, refused when the
    zip entry says it inflates past ``most`` bytes (a zip bomb) or holds Python objects."""
    try:
        info = archive.getinfo(member)
    except KeyError:
        raise _Damaged(f"no {member}") from None
    if info.file_size > most + _NPY_HEADER_BYTES:
        raise _Damaged(f"{member} inflates to {info.file_size} bytes, more than it can hold")
    fp = archive.open(info)
    version = np.lib.format.read_magic(fp)
    read_header = {
        (1, 0): np.lib.format.read_array_header_1_0,
        (2, 0): np.lib.format.read_array_header_2_0,
    }.get(version)
    if read_header is None:
        raise _Damaged(f"{member}: an .npy version {version} splitpot does not write")
    shape, fortran, dtype = read_header(fp, max_header_size=_NPY_HEADER_BYTES)
    if dtype.hasobject or fortran:
        raise _Damaged(f"{member}: not an array of numbers or text")
    return fp, shape, dtype


def _npy_meta(archive: Any) -> str:
    fp, shape, dtype = _npy_header(archive, "meta.npy", TABLE_MAX_META_BYTES * 4)
    with fp:
        if shape != () or dtype.kind != "U" or dtype.itemsize > TABLE_MAX_META_BYTES * 4:
            raise _Damaged(f"meta.npy: not one string of at most {TABLE_MAX_META_BYTES} characters")
        data = fp.read(dtype.itemsize + 1)
    if len(data) != dtype.itemsize:
        raise _Damaged("meta.npy: cut short")
    return str(np.frombuffer(data, dtype=dtype, count=1)[0])


def _npy(archive: Any, member: str, dtype: np.dtype[Any], entries: int) -> np.ndarray[Any, Any]:
    """The array ``member``: ``entries`` numbers of ``dtype``'s kind, checked before read."""
    fp, shape, found = _npy_header(archive, member, entries * dtype.itemsize)
    with fp:
        if shape != (entries,) or found.kind != dtype.kind or found.itemsize != dtype.itemsize:
            raise _Damaged(f"{member}: {found} of shape {shape}, not {dtype} of shape ({entries},)")
        data = fp.read(entries * found.itemsize + 1)
    if len(data) != entries * found.itemsize:
        raise _Damaged(f"{member}: {len(data)} bytes for {entries} entries")
    return np.frombuffer(data, dtype=found).astype(dtype)


def _read_parquet(
    f: Any, known: Known
) -> tuple[dict[str, Any], dict[str, tuple[float, ...]], tuple[int, ...]]:
    _, pq = _pyarrow()
    try:
        parquet = pq.ParquetFile(
            f,
            thrift_string_size_limit=TABLE_MAX_META_BYTES * 2,
            thrift_container_size_limit=_PARQUET_FOOTER_ITEMS,
        )
        schema = parquet.schema_arrow
        text = (schema.metadata or {}).get(b"splitpot")
        if text is None or len(text) > TABLE_MAX_META_BYTES:
            raise _Damaged(f"no splitpot metadata of at most {TABLE_MAX_META_BYTES} bytes")
        meta = _checked_meta(text.decode("utf-8", "replace"), known)
        entries = len(meta["rows"]) * len(meta["columns"])
        _check_parquet(parquet, schema, meta, entries)
        wanted = _arrays(meta)
        data = parquet.read(columns=list(wanted))
    except _Damaged:
        raise
    except Exception as e:  # as for zip files: pyarrow's errors on hostile bytes are many
        raise _Damaged(f"damaged Parquet ({type(e).__name__}: {e})") from None
    columns = {key: data.column(key) for key in wanted}
    if any(column.null_count for column in columns.values()):
        raise _Damaged("an entry with no value")
    count = tuple(int(c) for c in columns.pop("count").to_pylist())
    return meta, {k: tuple(float(x) for x in v.to_pylist()) for k, v in columns.items()}, count


_PARQUET_FOOTER_ITEMS = 1 << 16
"""The most items of a list in a Parquet footer read (row groups, columns, statistics)."""

_PARQUET_ENTRY_BYTES = 256
"""The most uncompressed bytes a Parquet row of a table may take (two class names, a count
and six fields take under 80)."""


def _check_parquet(parquet: Any, schema: Any, meta: dict[str, Any], entries: int) -> None:
    """The file's rows, column types and uncompressed size (as its footer states them)
    against the metadata. Per-column chunk metadata is not read: on a hostile footer
    pyarrow 26 aborts the process there (``RowGroupMetaData.column``), where ``read``
    raises."""
    footer = parquet.metadata
    if footer.num_rows != entries:
        raise _Damaged(f"{footer.num_rows} rows for {entries} entries")
    for key, dtype in _arrays(meta).items():
        if schema.get_field_index(key) < 0:
            raise _Damaged(f"no column {key!r}")
        kind = str(schema.field(key).type)
        if kind != {"i": "int64", "f": "double"}[dtype.kind]:
            raise _Damaged(f"column {key!r} of type {kind}")
    size = sum(footer.row_group(g).total_byte_size for g in range(footer.num_row_groups))
    if size > entries * _PARQUET_ENTRY_BYTES + (1 << 16):
        raise _Damaged(f"the columns inflate to {size} bytes for {entries} entries")
