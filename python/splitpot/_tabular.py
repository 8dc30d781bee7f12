"""Results as tables for notebooks: HTML (``_repr_html_``) and pandas (``to_pandas``).

Every cell is escaped: a player's name or a history's text comes from outside and must not
become markup in a notebook. pandas is the optional extra ``splitpot[pandas]``, imported only
when a DataFrame is asked for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from splitpot._extras import install_hint


def html_table(caption: str, rows: Sequence[Mapping[str, object]], *, note: str = "") -> str:
    """A ``<table>`` with one column per key of the first row; ``None`` cells are blank."""
    columns = list(rows[0]) if rows else []
    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{_cell(row.get(c))}</td>" for c in columns) + "</tr>" for row in rows
    )
    foot = f"<p>{escape(note)}</p>" if note else ""
    return (
        f"<div><table><caption>{escape(caption)}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{foot}</div>"
    )


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4g}"
    return escape(str(value))


def data_frame(rows: Sequence[Mapping[str, Any]], index: str | list[str] | None = None) -> Any:
    """A ``pandas.DataFrame`` of ``rows`` (indexed by the column or columns ``index``)."""
    try:
        import pandas as pd
    except ImportError as e:
        raise ImportError(f"to_pandas() needs pandas: {install_hint('pandas', 'pandas')}") from e
    frame = pd.DataFrame.from_records(list(rows))
    return frame.set_index(index) if index is not None and rows else frame
