"""Frozen dataclasses made quickly: records a hand makes by the hundred (see
:mod:`splitpot.hand.records`)."""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

__all__ = ["quick_init"]


def quick_init(cls: type) -> None:
    """Give the frozen record class ``cls`` an ``__init__`` that fills the instance's dict in
    one call. The dataclass's own ``__init__`` sets each field with ``object.__setattr__`` (a
    frozen class refuses ``self.x = ...``), a third of a record's cost, and a hand makes one
    record per action: this one takes the same arguments (names, order, defaults) and makes
    the same instance. A class with a ``__post_init__``, a default factory or a field outside
    ``__init__`` keeps the dataclass's."""
    params = fields(cls)
    if hasattr(cls, "__post_init__") or any(
        f.default_factory is not MISSING or not f.init for f in params
    ):
        return
    names = [f.name for f in params]
    source = (
        f"def __init__(self, {', '.join(names)}):\n"
        f"    self.__dict__.update({', '.join(f'{n}={n}' for n in names)})\n"
    )
    namespace: dict[str, Any] = {}
    exec(source, namespace)  # as dataclasses makes its __init__, from the fields
    init = namespace["__init__"]
    init.__defaults__ = tuple([f.default for f in params if f.default is not MISSING]) or None
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = cls.__init__.__annotations__  # type: ignore[misc]
    cls.__init__ = init  # type: ignore[misc]
