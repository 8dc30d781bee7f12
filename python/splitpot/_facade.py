"""The public face of the state machines (:class:`~splitpot.hand.Hand`,
:class:`~splitpot.pan.PanHand`): read-only properties over their parts, and the ``can_x`` of
each ``verify_x``.

A hand's state lives in parts that own it (its chips, its cards, its round...). A module of
``@reads`` functions reads them, one piece of public state each with its docstring, and the
hand's class binds them by name (``stacks = view.stacks``): a facade, not a base class.
``reads`` is the built-in ``property``, typed for mypy as the value its function returns.

>>> class Box:
...     __slots__ = ("_items",)
...     def __init__(self) -> None:
...         self._items = [3, 1]
...     def verify_take(self, i: int) -> int:
...         if not 0 <= i < len(self._items):
...             raise IllegalAction(f"no item {i}")
...         return i
...     can_take = can_of(verify_take)
>>> Box().can_take(1), Box().can_take(5), Box.can_take.__doc__
(True, False, 'Whether :meth:`take` is legal now (with these arguments).')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Concatenate, Generic, ParamSpec, TypeVar, overload

from splitpot._core import IllegalAction

__all__ = ["can_of", "reads"]

_T = TypeVar("_T")
_S = TypeVar("_S")
_P = ParamSpec("_P")

if TYPE_CHECKING:

    class reads(Generic[_T]):
        """A read-only property whose value has the type the function returns."""

        def __init__(self, fget: Callable[[Any], _T], doc: str | None = None) -> None: ...
        @overload
        def __get__(self, obj: None, owner: Any) -> reads[_T]: ...
        @overload
        def __get__(self, obj: object, owner: Any) -> _T: ...
        def __get__(self, obj: object, owner: Any) -> Any: ...

else:
    reads = property


def can_of(verify: Callable[Concatenate[_S, _P], object]) -> Callable[Concatenate[_S, _P], bool]:
    """The ``can_x`` of a triad: whether ``verify_x`` passes (it raises ``IllegalAction``)."""

    def can(machine: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> bool:
        try:
            verify(machine, *args, **kwargs)
        except IllegalAction:
            return False
        return True

    name = verify.__name__.removeprefix("verify_")
    can.__name__ = can.__qualname__ = f"can_{name}"
    can.__doc__ = f"Whether :meth:`{name}` is legal now (with these arguments)."
    return can
