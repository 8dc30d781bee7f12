"""The database's tables out: pandas DataFrames and Parquet files.

Parquet (pyarrow, the ``parquet`` extra) is how the rows reach other tools: pandas, Polars,
DuckDB and Spark read it, each table a file of typed columns. Each file is written in
batches of :data:`BATCH_ROWS` rows, whole or not at all (a temporary file renamed over it).
"""

from __future__ import annotations

import os
import sqlite3
from typing import Any

from splitpot import _files
from splitpot._core import SplitpotError
from splitpot._extras import install_hint
from splitpot.db import schema

BATCH_ROWS = 100_000
"""Rows read and written at a time: a table of any size in bounded memory."""

_ARROW_TYPES = {"INTEGER": "int64", "TEXT": "string", "REAL": "float64"}


def _open(database: str | os.PathLike[str] | sqlite3.Connection) -> sqlite3.Connection:
    if isinstance(database, sqlite3.Connection):
        return database
    return schema.connect(database)


def _table_name(table: str) -> str:
    if table not in schema.TABLES:
        raise SplitpotError(f"no table {table!r}: one of {', '.join(schema.TABLES)}")
    return table


def to_pandas(database: str | os.PathLike[str] | sqlite3.Connection, table: str) -> Any:
    """The table ``table`` (one of :data:`splitpot.db.schema.TABLES`) as a
    ``pandas.DataFrame``; needs pandas (the ``pandas`` extra). ``database`` is a path or an
    open connection.

    >>> import os, tempfile
    >>> from splitpot.db import connect
    >>> tmp = tempfile.TemporaryDirectory()
    >>> db = connect(os.path.join(tmp.name, "hands.db"), create=True)
    >>> list(to_pandas(db, "players").columns)
    ['player_id', 'site', 'name']
    >>> db.close(); tmp.cleanup()
    """
    try:
        import pandas as pd
    except ImportError as e:
        raise ImportError(f"to_pandas() needs pandas: {install_hint('pandas', 'pandas')}") from e
    db = _open(database)
    try:
        return pd.read_sql_query(f"SELECT * FROM {_table_name(table)}", db)
    finally:
        if db is not database:
            db.close()


def export_parquet(
    database: str | os.PathLike[str] | sqlite3.Connection, folder: str | os.PathLike[str]
) -> list[str]:
    """Every table of the schema as ``folder/TABLE.parquet`` (the folder is made if new);
    returns the paths written. Needs pyarrow (the ``parquet`` extra).

    >>> import os, tempfile
    >>> from splitpot.db import connect
    >>> tmp = tempfile.TemporaryDirectory()
    >>> db = connect(os.path.join(tmp.name, "hands.db"), create=True)
    >>> [os.path.basename(p) for p in export_parquet(db, tmp.name)][:3]
    ['meta.parquet', 'files.parquet', 'problems.parquet']
    >>> db.close(); tmp.cleanup()
    """
    try:
        import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        raise SplitpotError(
            f"Parquet needs pyarrow: {install_hint('pyarrow', 'parquet')}"
        ) from None
    os.makedirs(folder, exist_ok=True)
    db = _open(database)
    written = []
    try:
        for table in schema.TABLES:
            columns = db.execute(f"PRAGMA table_info({table})").fetchall()
            names = [c[1] for c in columns]
            types = [getattr(pa, _ARROW_TYPES.get(c[2].upper(), "string"))() for c in columns]
            arrow = pa.schema(list(zip(names, types, strict=True)))
            path = os.path.join(os.fspath(folder), f"{table}.parquet")
            with _files.replacing(path, "wb") as out, pq.ParquetWriter(out, arrow) as writer:
                cursor = db.execute(f"SELECT * FROM {table}")
                while batch := cursor.fetchmany(BATCH_ROWS):
                    data = [
                        pa.array([row[i] for row in batch], type=types[i])
                        for i in range(len(names))
                    ]
                    writer.write_table(pa.Table.from_arrays(data, schema=arrow))
            written.append(path)
    finally:
        if db is not database:
            db.close()
    return written
