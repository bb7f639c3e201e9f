"""The board's own trait values: ``seats`` and ``highlight``, lists whose in-place changes count.

* :class:`SeatList` (the ``seats`` trait, :class:`_Seats`): ``board.seats[1] = "greedy"`` is
  checked (:func:`~zongshi_widgets.widgets.session.check_seats`) and takes effect at once; the
  number of seats is fixed. A bad list raises :class:`SeatTraitError`.
* :class:`LiveList` (the ``highlight`` trait, :class:`_LiveListTrait`): ``append``, ``+=``,
  item assignment... notify the trait's observers and reach the browser.

The traits themselves are declared on :class:`~zongshi_widgets.widgets.base.GameBoard`
(anywidget syncs the traits of the widget class).
"""

from __future__ import annotations

import weakref
from typing import Any

import traitlets as t

from .session import SeatError, check_seats

__all__ = ["LiveList", "SeatList", "SeatTraitError"]


class SeatList(list):
    """The value of a board's ``seats``: a list whose in-place changes go through the board.

    ``board.seats[1] = "<bot name>"`` is checked like an assignment of the whole list (an unknown
    name raises :class:`SeatError` and changes nothing) and then takes effect at once. Changes
    that would alter the number of seats (``append``, ``del``, ``pop``...) raise
    :class:`SeatError`.
    """

    __slots__ = ("_owner",)

    def __init__(self, seats=(), owner: Any = None):
        super().__init__(seats)
        self._owner = weakref.ref(owner) if owner is not None else None

    def _replace(self, new: list[str]) -> None:
        owner = self._owner() if self._owner is not None else None
        if owner is None:  # a list kept after its board is gone: an ordinary list
            super().__init__(new)
            return
        owner.seats = new  # checked, then a fresh SeatList (this one stays as it was)

    def __setitem__(self, index, value) -> None:
        new = list(self)
        new[index] = value
        if len(new) != len(self):
            raise SeatError(f"the number of seats is fixed at {len(self)}")
        self._replace(new)

    def _fixed(self, *_args, **_kwargs):
        raise SeatError(f"the number of seats is fixed at {len(self)}: change one with board.seats[i] = 'human' or a bot name")

    append = extend = insert = pop = remove = clear = __delitem__ = __iadd__ = __imul__ = _fixed

    def _reorder(self, *_args, **_kwargs):
        raise SeatError("seats are in turn order and cannot be reordered; change one with board.seats[i] = 'human' or a bot name")

    sort = reverse = _reorder

    def __reduce__(self):  # copies and pickles are plain lists
        return (list, (list(self),))


class _Seats(t.TraitType):
    """The ``seats`` trait: checked by :func:`check_seats`, stored as a :class:`SeatList`,
    and handed to the session."""

    info_text = "a list with one seat kind ('human' or a bot name) per seat"

    def validate(self, obj, value):
        session = getattr(obj, "_session", None)
        if session is None:
            return SeatList(value, obj)
        try:
            return SeatList(check_seats(value, session.game), obj)
        except SeatError as exc:
            raise SeatTraitError(str(exc)) from None


class LiveList(list):
    """The value of a board's ``highlight``: a list whose in-place changes reach the browser.

    ``board.highlight.append("g3")``, ``board.highlight[0] = ...``, ``del``, ``extend``,
    ``clear``, ``+=``... notify the trait's observers and sync it, so the board redraws (an
    ordinary list would change in Python only: traitlets sees no assignment).
    """

    __slots__ = ("_owner", "_name")

    def __init__(self, items=(), owner: Any = None, name: str = ""):
        super().__init__(items)
        self._owner = weakref.ref(owner) if owner is not None else None
        self._name = name

    def _changed(self, old: list) -> None:
        owner = self._owner() if self._owner is not None else None
        if owner is not None and getattr(owner, self._name, None) is self and old != self:
            # the stored value changed in place: tell the observers and the browser (an
            # assignment of an equal list would be ignored by traitlets)
            owner._notify_trait(self._name, old, self)

    def _mutator(name: str):  # noqa: N805 (a factory run in the class body)
        method = getattr(list, name)

        def changed(self, *args, **kwargs):
            old = list(self)
            result = method(self, *args, **kwargs)
            self._changed(old)
            return self if name in ("__iadd__", "__imul__") else result

        changed.__name__ = name
        return changed

    for _name in ("append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse", "__setitem__", "__delitem__", "__iadd__", "__imul__"):
        locals()[_name] = _mutator(_name)
    del _name, _mutator

    def __reduce__(self):  # copies and pickles are plain lists
        return (list, (list(self),))


class _LiveListTrait(t.List):
    """A list trait stored as a :class:`LiveList`, so that in-place changes are seen."""

    def validate(self, obj, value):
        value = super().validate(obj, value)
        return LiveList(value, obj, self.name)


class SeatTraitError(t.TraitError, SeatError):
    """A bad seat list assigned to a board (both a ``TraitError`` and a ``ValueError``)."""
