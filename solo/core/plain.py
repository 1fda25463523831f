"""The base of the plain classes that behave as records (the board and its ``Stats``, the
pieces, cards and attacks): ``==`` over their compared fields, a ``repr`` naming their shown
fields, no hash.

They are plain classes with ``__slots__`` rather than records so that the compiled build
(setup.py) makes them classes of its own; this base is compiled with them (a compiled class
cannot have a Python base).  Each names its fields in ``_fields``; ``_uncompared`` leaves
some out of ``==`` and ``_unshown`` out of the ``repr``."""

from __future__ import annotations

from typing import Any, ClassVar

from solo.core.records import same_fields, shown


class Plain:
    """``==``, ``repr`` and no hash from ``_fields``, as a record that is not frozen has."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _unshown: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return same_fields(self, other)

    __hash__ = None  # type: ignore[assignment]  # (it changes: as a record that is not frozen)

    def __repr__(self) -> str:
        return shown(self, tuple(n for n in self._fields if n not in self._unshown))


class FrozenPlain(Plain):
    """A plain class that behaves as a frozen record: hashed by its fields, which its
    ``__init__`` sets once as ``Final`` (the type checker refuses a change, and the compiled
    build at run time; the pure package, whose slots cannot refuse one without making every
    object cost more, leaves that to the type checker).  For values a game makes by the
    hundred: a die roll, a piece named in a line."""

    __slots__ = ()
    _frozen: ClassVar[bool] = True

    def __hash__(self) -> int:  # type: ignore[override]  # (Plain's is None: not frozen)
        return hash(tuple([getattr(self, n) for n in self._fields]))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Made again from its fields: how ``pickle`` and ``copy`` take it (the compiled
        build's classes have no other way)."""
        return (type(self), tuple([getattr(self, n) for n in self._fields]))


def allocates(cls: type) -> bool:
    """Whether ``object.__new__(cls)`` can make one of ``cls`` without its ``__init__``: yes in
    the pure package, no for a class the compiled build compiled (made only through its
    ``__init__``). Hot records use it once, at import, to choose how they are made."""
    try:
        object.__new__(cls)
    except TypeError:  # a class of the compiled build's own
        return False
    return True
