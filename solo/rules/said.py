"""What the rules report for a person, as data: :class:`Said` lines and :class:`Who` names.

The rules and the Dummy Mage's choices never build a sentence.  Where a person must be told
something (a die rolled, a Defense tried, a creature that cannot move), a rule records a
:class:`Said`: a ``code`` naming the kind of line and the facts the line needs.  The sentence is
built from it in :mod:`solo.text`, where every code has one function.  A piece named in a line
is a :class:`Who`: who it was at that moment (it may be gone from the board by the time the
line is read).

>>> s = Said("wolf.bites", who=Who("dm-3", "Timber Wolf", "dm", False), dice=3)
>>> s.code, s["dice"], s["who"].card
('wolf.bites', 3, 'Timber Wolf')
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Final

from solo.core.plain import FrozenPlain, allocates
from solo.rules.pieces import Piece

__all__ = ["Said", "Who", "Refusal", "worded_by", "said_with"]


class Who(FrozenPlain):
    """A piece as a line names it: its id, card and side, and whether it is a mage."""

    _fields: ClassVar[tuple[str, ...]] = ("id", "card", "side", "is_mage")
    __slots__ = _fields

    def __init__(self, id: str, card: str, side: str, is_mage: bool) -> None:
        self.id: Final = id
        self.card: Final = card
        self.side: Final = side
        self.is_mage: Final = is_mage

    @classmethod
    def of(cls, p: Piece | Who) -> Who:
        """The piece ``p`` (a :class:`~solo.rules.board.Piece`, or a Who) as it is now."""
        if isinstance(p, Who):
            return p
        # (typed, so the compiled build reads a piece's fields directly)
        return cls(p.id, p.card, p.side, p.kind == "mage")  # (Piece.is_mage, written out)


class Said:
    """One line for a person: its ``code`` and the ``facts`` it is built from (equal when both
    are)."""

    __slots__ = ("code", "facts")

    def __init__(self, code: str, **facts: Any) -> None:
        self.code = code
        self.facts = facts

    def __eq__(self, other: object) -> bool:
        return type(other) is Said and (self.code, self.facts) == (other.code, other.facts)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self.facts.items())
        return f"Said({self.code!r}{inner})"

    def __str__(self) -> str:
        """Its sentence, once :mod:`solo.text.render` is loaded (it words every code; see
        :func:`worded_by`), so that a Said where text is expected -- a die's label, an error's
        message -- reads as its sentence; before that, the record itself."""
        return _wording[0](self) if _wording else repr(self)

    def __getitem__(self, key: str) -> Any:
        return self.facts[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.facts.get(key, default)


def _initialised(code: str, facts: dict[str, Any]) -> Said:
    """``Said(code, **facts)``, its facts given as a dictionary: the same line, made without
    Python's call of a class with named arguments (on Python 3.11 about twice the cost of the
    line itself: the arguments are packed into a dictionary, then copied into another)."""
    line = Said(code)
    line.facts = facts
    return line


def _allocated(code: str, facts: dict[str, Any]) -> Said:
    """The same line made without calling ``__init__`` at all (the empty dictionary of its named
    arguments is not made either): about a third of the instructions, where the class allows
    it (the compiled build's classes are made only through their ``__init__``)."""
    line = object.__new__(Said)
    line.code = code
    line.facts = facts
    return line


#: ``Said(code, **facts)`` for ``facts`` given as a dictionary, made as cheaply as the build
#: allows (:func:`_allocated` in the pure package, :func:`_initialised` compiled): for the
#: lines made by the hundred a game (every strike's, every Dummy Mage action's).
said_with: Final[Callable[[str, dict[str, Any]], Said]] = \
    _allocated if allocates(Said) else _initialised


#: The function that words a Said, once the text layer has given it (:func:`worded_by`).
_wording: Final[list[Callable[[Said], str]]] = []


def worded_by(words: Callable[[Said], str]) -> None:
    """Make ``str(said)`` read as ``words(said)``: :mod:`solo.text.render` gives its ``line``
    when it is loaded.  The rules never word a line; the layers above read a Said's text where
    they expect text (a die's label, an error's message) without each asking for it."""
    _wording[:] = [words]


class Refusal(Said):
    """Why something is not done (a spell discarded unused, a target refused): a reason ``code``
    and its facts, worded in :mod:`solo.text` as a line is."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is Refusal and (self.code, self.facts) == (other.code, other.facts)

    __hash__ = None

    def __repr__(self) -> str:
        return "Refusal" + super().__repr__()[len("Said"):]
