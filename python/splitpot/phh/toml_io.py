"""Reading and writing PHH files: TOML text, paths and open files, ``.phhs`` chunks."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from splitpot._toml import Reader
from splitpot.hand import Hand
from splitpot.phh.errors import PHHError
from splitpot.phh.record import HandHistory
from splitpot.phh.write import _toml_dumps


def _phh_error(reason: str, source: str | None) -> PHHError:
    return PHHError(reason, source=source)


_READER = Reader("PHH", _phh_error)
_read = _READER.read
_parse_toml = _READER.parse


def loads(text: str, *, source: str | None = None) -> HandHistory:
    """Read one hand from PHH text.

    Args:
        text: the TOML text of one hand (a ``.phh`` file's content).
        source: names the text in error messages (a path, say).

    Returns:
        The :class:`HandHistory`: one attribute per PHH field; unknown and ``_`` fields are
        kept in ``user_fields``. It is not replayed: :func:`replay` does that.

    Raises:
        PHHError: text that is not TOML, not a hand (or several: use :func:`loads_all`), a
            missing or mistyped field, or past the limits (:mod:`splitpot.limits`).

    >>> hh = loads('''
    ... variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [100, 100]
    ... actions = ["d dh p1 AsAh", "d dh p2 7c2d", "p2 f"]
    ... ''')
    >>> hh.variant, hh.starting_stacks, len(hh.actions)
    ('NT', [100, 100], 3)
    """
    data = _parse_toml(text, source)
    if "variant" not in data and data and all(isinstance(v, dict) for v in data.values()):
        raise PHHError(
            f"this holds {len(data)} hands ([{next(iter(data))}], ...): use "
            f"{'loads_all()' if source is None else 'load_all()'}",
            source=source,
        )
    return HandHistory.from_mapping(data, source=source)


def load(file: str | os.PathLike[str] | IO[bytes] | IO[str]) -> HandHistory:
    """Read one hand from a ``.phh`` file (a path, or a file opened in text or binary mode).

    The file is refused before it is read when larger than ``limits.PHH_MAX_BYTES``; the
    text must be UTF-8. Raises :class:`PHHError` as :func:`loads` does (naming the file),
    and ``OSError`` when the file cannot be opened. ``load_all`` reads a ``.phhs`` file.
    Returns the :class:`HandHistory`, not replayed.

    >>> import io
    >>> load(io.StringIO('variant = "NT"'))
    Traceback (most recent call last):
    ...
    splitpot.phh.errors.PHHError: <file>: missing required field 'antes'
    """
    text, source = _read(file)
    return loads(text, source=source)


def loads_all(text: str, *, source: str | None = None) -> list[HandHistory]:
    """Read every hand of ``.phhs`` text (tables ``[1]``, ``[2]``, ...); a single ``.phh``
    hand gives a list of one.

    ``source`` names the text in messages (each hand as ``"source[key]"``). Returns a list
    of :class:`HandHistory` in the text's order; raises :class:`PHHError` as :func:`loads`
    does, and for a top-level value that is not a hand's table.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> [hh.source for hh in loads_all(dumps_all([hand, hand]), source="two.phhs")]
    ['two.phhs[1]', 'two.phhs[2]']
    """
    data = _parse_toml(text, source)
    if "variant" in data:
        return [HandHistory.from_mapping(data, source=source)]
    hands = []
    for key, value in data.items():
        where = f"{source or '<string>'}[{key}]"
        if not isinstance(value, dict):
            raise PHHError(f"[{key}] is not a table of a hand", source=source)
        hands.append(HandHistory.from_mapping(value, source=where))
    return hands


def load_all(file: str | os.PathLike[str] | IO[bytes] | IO[str]) -> list[HandHistory]:
    """Read every hand of a ``.phhs`` file (or the one hand of a ``.phh`` file).

    Returns a list of :class:`HandHistory` in the file's order, each named
    ``"path[key]"`` in messages; raises as :func:`load` does. To read a large file hand by
    hand, or to go on past a bad hand, use :func:`check_file` or :func:`loads_all` on parts.

    >>> import os, tempfile
    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> tmp = tempfile.TemporaryDirectory()
    >>> path = os.path.join(tmp.name, "hands.phhs")
    >>> dump_all([Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=s) for s in (1, 2)], path)
    >>> [os.path.basename(hh.source) for hh in load_all(path)]
    ['hands.phhs[1]', 'hands.phhs[2]']
    >>> tmp.cleanup()
    """
    text, source = _read(file)
    return loads_all(text, source=source)


def dumps(hand: Hand | HandHistory, **fields: Any) -> str:
    """PHH text for a splitpot :class:`~splitpot.hand.Hand` (``fields`` as in
    :meth:`HandHistory.from_hand`) or for a :class:`HandHistory`.

    Any hand splitpot plays can be written, finished or not; :func:`loads` and
    :func:`replay` read it back to the same hand.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> from splitpot.phh import replay
    >>> hand = Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)
    >>> _ = hand.fold()
    >>> text = dumps(hand)
    >>> text.splitlines()[0], replay(loads(text)).final_stacks
    ('variant = "NT"', [101, 99])
    """
    if isinstance(hand, HandHistory):
        return hand.dumps()
    return HandHistory.from_hand(hand, **fields).dumps()


def dump(hand: Hand | HandHistory, file: str | os.PathLike[str] | IO[str], **fields: Any) -> None:
    """Write :func:`dumps` of ``hand`` to a path or a text file.

    ``fields`` are as in :meth:`HandHistory.from_hand`. A path is written in UTF-8 (an
    ``OSError`` if it cannot be); a file object gets the text. Returns ``None``.

    >>> import io
    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> out = io.StringIO()
    >>> dump(Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1), out)
    >>> load(io.StringIO(out.getvalue())).starting_stacks
    [100, 100]
    """
    text = dumps(hand, **fields)
    if isinstance(file, (str, os.PathLike)):
        Path(file).write_text(text, encoding="utf-8")
    else:
        file.write(text)


def dumps_all(hands: Iterable[Hand | HandHistory]) -> str:
    """``.phhs`` text: the hands as the tables ``[1]``, ``[2]``, ...

    ``hands`` are splitpot hands or :class:`HandHistory` records, in order; :func:`loads_all`
    reads the text back. Raises as :func:`dumps` does.

    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> text = dumps_all([Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=1)] * 2)
    >>> text.splitlines()[:2], len(loads_all(text))
    (['[1]', 'variant = "NT"'], 2)
    """
    return "\n".join(_phhs_chunks(hands))


def dump_all(hands: Iterable[Hand | HandHistory], file: str | os.PathLike[str] | IO[str]) -> None:
    """Write :func:`dumps_all` of ``hands`` to a path or a text file, one hand at a time.

    A path is written in UTF-8 (an ``OSError`` if it cannot be); a file object gets the
    text. Returns ``None``; :func:`load_all` reads the file back.

    >>> import io
    >>> from splitpot import HOLDEM, Hand, NoLimit
    >>> out = io.StringIO()
    >>> dump_all([Hand(HOLDEM, NoLimit(1, 2), [100, 100], seed=s) for s in (1, 2)], out)
    >>> len(loads_all(out.getvalue()))
    2
    """
    if isinstance(file, (str, os.PathLike)):
        with open(file, "w", encoding="utf-8") as f:
            dump_all(hands, f)
        return
    for i, chunk in enumerate(_phhs_chunks(hands)):
        file.write(("\n" if i else "") + chunk)


def _phhs_chunks(hands: Iterable[Hand | HandHistory], start: int = 1) -> Iterator[str]:
    """Each hand's table of a ``.phhs`` text, numbered from ``start`` (a chunk of a longer
    run is numbered as in the whole run)."""
    for i, h in enumerate(hands, start):
        hh = h if isinstance(h, HandHistory) else HandHistory.from_hand(h)
        yield _toml_dumps({str(i): hh.to_dict()})
