"""Record classes that cost next to nothing to define: the ones ``solo dm`` imports.

The standard library's ``@dataclass`` compiles an ``__init__``, a ``__repr__`` and an ``__eq__``
from source text for every class it makes, each time the module is imported.  On this machine
that is 0.3 to 1.9 ms a class, and the twenty classes on the way to a ``solo dm`` decision cost
about 13 ms of its start-up (``scripts/bench.py``); ``typing.NamedTuple`` compiles code too, so
the small value types (an effect, a Defense, a die roll, a dice total) are records as well.  A
:class:`Record` writes its ``__init__`` in its own source instead, so it is compiled once into
the byte-code cache like any other method, and takes ``==``, ``repr`` and (when frozen)
``hash`` from the fields its class annotates, collected once when the class is made, with no
compiling.

The behaviour is the dataclass's: fields in annotation order, base classes' first; ``==`` is
field by field between objects of the same class; a record that is not frozen cannot be hashed;
a frozen one refuses changes and hashes its fields.  ``tests/core/test_records.py`` holds each record
against the dataclass its annotations would make, so a field added without a place in
``__init__`` fails there.  :class:`solo.core.questions.Choice` is one too (a game builds hundreds);
other modules, which start-up does not reach, keep using ``@dataclass``.

The objects a game makes or reads most (the board, its pieces, cards and their attacks, an
attack's strikes, the Dummy Mage's decisions, die rolls, the changes ``apply`` puts on a board)
are plain classes with slots instead, written out by hand (their ``_fields``, ``==``, ``repr``;
:mod:`solo.core.plain`): the compiled build makes them classes of its own, which a record cannot
be, and the same test holds them to the same behaviour.  A frozen record is
``class X(FrozenRecord)``: mypyc creates a compiled module's classes without their class
keywords.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable, ClassVar, Protocol, TypeVar


class _Fielded(Protocol):
    """A record, or a plain class that behaves as one (the board, its pieces, a card's
    attacks): its fields in the order of its ``__init__``."""

    _fields: ClassVar[tuple[str, ...]]


R = TypeVar("R", bound=_Fielded)


class FrozenError(AttributeError):
    """A field of a frozen record was assigned (the dataclass raises FrozenInstanceError)."""


def _refuse(self: Any, name: str, value: Any = None) -> None:
    raise FrozenError(f"cannot assign to field {name!r}")


def _hash(self: Record) -> int:
    return hash(self._key(self))


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the values of ``names`` of an object, always as a tuple."""
    if len(names) == 1:
        one = names[0]
        return lambda obj: (getattr(obj, one),)
    return attrgetter(*names) if names else (lambda obj: ())


def _is_field(name: str, kind: Any, namespace: Any) -> bool:
    """Whether an annotation of a record class makes a field: not a class variable (a
    ``ClassVar``, or a name given a value in the class body, which no field is), and not a
    private name (``_t``: state a record keeps beside its fields).  mypyc, compiling a module,
    keeps a class's annotations as types rather than text, so the value test is the one that
    finds its class variables."""
    return not (name.startswith("_") or name in namespace
                or str(kind).startswith(("ClassVar", "typing.ClassVar")))


class PythonClass(type):
    """The metaclass of records: it does nothing but keep them ordinary Python classes where
    mypyc compiles their module (see docs/architecture.md, the compiled build), so that they
    keep what :class:`Record` makes of them (fields, equality, freezing) and their
    ``__dict__``."""


class Record(metaclass=PythonClass):
    """Base of a record class.  A subclass annotates its fields, writes ``__init__`` taking
    them in the same order, and may name fields left out of ``==`` (``_uncompared``) or of
    ``repr`` (``_unshown``).  ``class X(FrozenRecord)`` makes it frozen: its
    ``__init__`` then sets fields with ``object.__setattr__``."""

    __slots__ = ()
    #: every field, in order (set when the class is made)
    _fields: ClassVar[tuple[str, ...]] = ()
    _uncompared: ClassVar[tuple[str, ...]] = ()
    _unshown: ClassVar[tuple[str, ...]] = ()
    _frozen: ClassVar[bool] = False
    _key: ClassVar[Any]  # the compared fields' values of an object, as a tuple
    _shown: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, frozen: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            if not issubclass(klass, Record):  # a mixin's annotations declare, not make, fields
                continue
            own = vars(klass)
            for name, kind in own.get("__annotations__", {}).items():
                if name not in names and _is_field(name, kind, own):
                    names.append(name)
        cls._fields = tuple(names)
        cls._key = staticmethod(_getter(tuple(n for n in names if n not in cls._uncompared)))
        cls._shown = tuple(n for n in names if n not in cls._unshown)
        cls._frozen = frozen or cls._frozen
        if cls._frozen:
            cls.__setattr__ = _refuse  # type: ignore[method-assign]
            cls.__delattr__ = _refuse  # type: ignore[method-assign]
            cls.__hash__ = _hash  # type: ignore[method-assign,assignment]
        else:
            cls.__hash__ = None  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            same: bool = self._key(self) == self._key(other)
            return same
        return NotImplemented

    def __repr__(self) -> str:
        return shown(self, self._shown)


def shown(obj: object, fields: tuple[str, ...]) -> str:
    """The ``repr`` of a record, or of a plain class that behaves as one: its class and each
    of ``fields``."""
    inner = ", ".join(f"{n}={getattr(obj, n)!r}" for n in fields)
    return f"{type(obj).__qualname__}({inner})"


#: For :func:`same_fields`: the compared fields' values of an object, by its class.
_COMPARED: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def same_fields(a: _Fielded, b: Any) -> bool:
    """Whether two objects of the same plain class that behaves as a record (the board, its
    pieces, cards and attacks) have equal compared fields (``_fields`` less
    ``_uncompared``), as a record's ``==``."""
    key = _COMPARED.get(a.__class__)
    if key is None:
        left = getattr(a, "_uncompared", ())
        key = _COMPARED[a.__class__] = _getter(tuple(n for n in a._fields if n not in left))
    same: bool = key(a) == key(b)
    return same


def replace(obj: R, **changes: Any) -> R:
    """A new record like ``obj`` with ``changes`` (as ``dataclasses.replace``)."""
    values = {n: getattr(obj, n) for n in obj._fields}
    values.update(changes)
    return type(obj)(**values)


class FrozenRecord(Record, frozen=True):
    """Base of a frozen record class: ``class X(FrozenRecord)`` is ``class X(Record,
    frozen=True)``.  A module compiled by mypyc creates its classes without their class
    keywords, so its frozen records say so by their base."""

    __slots__ = ()
