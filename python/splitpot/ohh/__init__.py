"""Open Hand History (OHH): read and write. Documentation: see below."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import IO, Any

from splitpot.hand import Hand
from splitpot.ohh.errors import OHHError, UnsupportedOHH
from splitpot.ohh.read import read_hand
from splitpot.ohh.text import dumps_json, hands, read_file
from splitpot.ohh.write import write_hand
from splitpot.phh.record import HandHistory

__all__ = ["OHHError", "UnsupportedOHH", "dumps", "loads", "load", "read"]


def read(text: str, *, source: str | None = None, unit: Decimal | str | None = None) -> Iterator[HandHistory | OHHError]:
    given = None if unit is None else Decimal(unit)
    for number, data in hands(text, source):
        if isinstance(data, OHHError):
            yield data
            continue
        try:
            yield read_hand(data, source=source, number=number, unit=given)
        except OHHError as e:
            yield e


def loads(text: str, *, source: str | None = None, unit: Decimal | str | None = None) -> list[HandHistory]:
    out = []
    for item in read(text, source=source, unit=unit):
        if isinstance(item, OHHError):
            raise item
        out.append(item)
    return out


def load(file: str | os.PathLike[str] | IO[bytes] | IO[str], *, unit: Decimal | str | None = None) -> list[HandHistory]:
    text, source = read_file(file)
    return loads(text, source=source, unit=unit)


def to_ohh(hand: Hand | HandHistory, *, unit: Decimal | str | None = None) -> dict[str, Any]:
    from splitpot.phh.replay import replay
    if isinstance(hand, HandHistory):
        hh = hand
        played = replay(hh)
    else:
        hh = HandHistory.from_hand(hand)
        played = hand
    if unit is None:
        unit = hh.user_fields.get("_site_unit", "1")
    return {"ohh": write_hand(hh, played, Decimal(unit))}


def dumps(hand: Hand | HandHistory, *, unit: Decimal | str | None = None) -> str:
    return dumps_json(to_ohh(hand, unit=unit)) + "\n"


def dumps_all(hands_: Iterable[Hand | HandHistory], *, unit: Decimal | str | None = None) -> str:
    return "\n".join(dumps(h, unit=unit) for h in hands_)
