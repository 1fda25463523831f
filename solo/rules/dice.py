"""Dice: the attack die, the effect die (d12) and the compass, all fed by one source.

Every random number in `solo` comes from a :class:`DiceSource`. There are three kinds, and all
of them go through the same :meth:`DiceSource.roll` path:

* :class:`SeededSource` -- a seeded ``random.Random`` whose state can be saved and restored;
* :class:`ScriptedSource` -- results given in advance (tests, ``--rolls``), optionally falling
  back to another source when the script runs out;
* :class:`TypedSource` -- a person rolls physical dice and types what they see.

Attack-die faces use the contract's notation: ``"-"`` blank, ``"1"``, ``"2"``, ``"1*"``, ``"2*"``
(``*`` critical).  A d6 result maps to a face through :data:`D6_FACES`.

Every roll has a label, what it is for: text, or a :class:`~solo.rules.said.Said` worded in
:mod:`solo.text.dice` (the tie questions) or by the module that made it.  A source that shows
labels to people (a typed source, a scripted one whose errors name the roll) is given the
``words`` that turn a label into text (:func:`solo.text.render.line`).
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, Sequence, TypeVar, Final

from solo.core.errors import (BadDieResult, DiceExhausted, NotACompassRoll, NotAFace, NotARoll,
                              NothingToChoose, WrongCount, read_int)
from solo.core.plain import FrozenPlain, allocates
from solo.core.records import FrozenRecord
from solo.rules.said import Said, Who, said_with

#: What a roll is for, as a person would be told: text, or a line worded in solo.text.
Label = str | Said
_T = TypeVar("_T")

#: Attack die: two blank faces, then 1, 2, 1 critical, 2 critical (d6 result 1..6 -> face).
D6_FACES: Final[tuple[str, ...]] = ("-", "-", "1", "2", "1*", "2*")
FACES: Final[frozenset[str]] = frozenset(D6_FACES)

#: Compass on the effect die: 1-3 north, 4-6 east, 7-9 south, 10-12 west.
DIRECTIONS: Final[tuple[str, ...]] = ("north", "east", "south", "west")


#: The labels of rolls made without one.
_ATTACK_DICE: Final = Said("dice.attack-dice")
_RANDOM_PICK: Final = Said("dice.random-pick")


class Roll(FrozenPlain):
    """One die result, with what it was for."""

    _fields: ClassVar[tuple[str, ...]] = ("sides", "value", "label")
    __slots__ = _fields

    def __init__(self, sides: int, value: int, label: Label = "") -> None:
        self.sides: Final = sides
        self.value: Final = value
        self.label: Final = label


#: :meth:`SeededSource.d12` and :meth:`SeededSource.attack_dice` make each die's Roll with
#: ``object.__new__`` and its three fields set, where the class allows it: the same frozen
#: record (nothing changes it after), some 500 instructions fewer than a Python call of its
#: ``__init__`` (about 300 rolls a game).
_BARE_ROLLS: Final = allocates(Roll)


class DiceSource:
    """Base class: subclasses provide :meth:`_next`; everything else is shared.

    ``history`` keeps every result in order, so a decision can report the rolls it used.
    ``words``: how a label reads as text, for a source that shows labels to people (None:
    labels that are text are shown as they are).
    """

    def __init__(self, words: Callable[[Label], str] | None = None) -> None:
        self.history: list[Roll] = []
        self.words = words

    def text(self, label: Label) -> str:
        """A label as a person reads it."""
        if type(label) is str:
            return label
        return self.words(label) if self.words is not None else repr(label)

    # -- the one path every die goes through -------------------------------------------------
    def _next(self, sides: int, label: Label) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def roll(self, sides: int, label: Label = "") -> int:
        value = self._next(sides, label)
        if not 1 <= value <= sides:
            raise BadDieResult(sides, value, self.text(label) if label else "roll")
        self.history.append(Roll(sides, value, label))
        return value

    def roll_many(self, sides: int, count: int, label: Label = "") -> list[int]:
        """``count`` dice of ``sides`` sides; a typed source asks for them all at once."""
        return [self.roll(sides, label) for _ in range(count)]

    # -- conveniences ------------------------------------------------------------------------
    def d12(self, label: Label = "") -> int:
        return self.roll(12, label)

    def attack_dice(self, count: int, label: Label = _ATTACK_DICE) -> list[str]:
        """Roll ``count`` attack dice and return their faces."""
        return [D6_FACES[v - 1] for v in self.roll_many(6, count, label)]

    def compass(self, label: Label = "compass") -> tuple[int, str]:
        r = self.d12(label)
        return r, direction_of(r)

    #: Whether a person reads the labels (then :meth:`choose` says which result picks what).
    announces = False

    def choose(self, options: Sequence[_T], label: Label = _RANDOM_PICK,
               names: Sequence[str | Who | Said] | None = None) -> _T:
        """Pick one of ``options`` at random with the effect die (see :func:`tie_ranges`).

        A single option is returned without rolling.  For a person rolling physical dice the
        label lists which results pick which option (``names``, else what each option is:
        see :func:`solo.text.dice.describe`).
        """
        n = len(options)
        if n == 0:
            raise NothingToChoose()
        if n == 1:
            return options[0]
        if n <= 12:
            width = 12 // n
            asked: Label = said_with("dice.pick", {"label": label, "top": width * n})
            if self.announces:
                # names given by the caller name pieces as instructions do (with their owner)
                asked = Said("dice.tie", label=label, owned=bool(names),
                             names=tuple(names) if names else tuple(_shown(o) for o in options))
            while True:
                r = self.d12(asked)
                if r <= width * n:
                    return options[(r - 1) // width]
        # More than 12 options (rare): read several d12s as digits of a base-12 number.
        digits = 1
        while 12**digits < n:
            digits += 1
        limit = (12**digits // n) * n
        while True:
            value = 0
            for _ in range(digits):
                value = value * 12 + self.d12(label) - 1
            if value < limit:
                return options[value % n]

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates with :meth:`choose`, so a scripted or typed
        source could drive it too; :class:`SeededSource` uses its generator directly)."""
        for i in range(len(items) - 1, 0, -1):
            j = items.index(self.choose(items[: i + 1], "shuffle"))
            items[i], items[j] = items[j], items[i]

    def used_since(self, mark: int) -> list[Roll]:
        return self.history[mark:]


def tie_ranges(n: int) -> list[tuple[int, int]]:
    """The d12 ranges that pick each of ``n`` tied options (results above the last are rerolled).

    >>> tie_ranges(2)
    [(1, 6), (7, 12)]
    >>> tie_ranges(5)
    [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]
    """
    width = 12 // n
    return [(i * width + 1, (i + 1) * width) for i in range(n)]


def _shown(option: object) -> object:
    """What a tie question names a tied option by (solo.text.dice.describe words it): a zone or
    card name as it is, a path as its zones, an object as a :class:`Who`, an attack by its
    name."""
    if isinstance(option, str):
        return option
    if isinstance(option, (list, tuple)):
        return tuple(_shown(o) for o in option)
    card, ident = getattr(option, "card", None), getattr(option, "id", None)
    if getattr(option, "kind", None) == "mage" or isinstance(card, str) and isinstance(ident, str):
        return Who(str(ident), str(card), str(getattr(option, "side", "")),
                   getattr(option, "kind", None) == "mage")
    name = getattr(option, "name", None)
    return name if isinstance(name, str) else str(option)


def direction_of(d12: int) -> str:
    """Compass direction of an effect-die result.

    >>> [direction_of(r) for r in (1, 3, 4, 9, 10, 12)]
    ['north', 'north', 'east', 'south', 'west', 'west']
    """
    if not 1 <= d12 <= 12:
        raise NotACompassRoll(d12)
    return DIRECTIONS[(d12 - 1) // 3]


def _below(rng: random.Random) -> Callable[[int], int]:
    """The generator's ``_randbelow``: a whole number from 0 up to (not including) its
    argument."""
    below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    return below


class SeededSource(DiceSource):
    """A ``random.Random``; ``seed=None`` picks a fresh seed (kept in ``self.seed``)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        if seed is None:
            seed = random.SystemRandom().randrange(10**6)
        self.seed = seed
        self.rng = random.Random(seed)

    def _next(self, sides: int, label: Label) -> int:
        return self.rng.randint(1, sides)

    # ``randint(1, sides)`` is ``1 + _randbelow(sides)`` (CPython's random module, 3.11 on):
    # the same numbers from the same state, without its argument checks, which a die's own
    # number of sides never needs (tests/rules/test_dice.py holds the two to each other).
    def roll(self, sides: int, label: Label = "") -> int:
        value: int = _below(self.rng)(sides) + 1
        self.history.append(Roll(sides, value, label))
        return value

    def roll_many(self, sides: int, count: int, label: Label = "") -> list[int]:
        below, keep = _below(self.rng), self.history.append
        out = [below(sides) + 1 for _ in range(count)]
        for value in out:
            keep(Roll(sides, value, label))
        return out

    def d12(self, label: Label = "") -> int:
        """:meth:`roll` of 12 sides without its two calls (every effect die, Defense and
        quickcast rolls here): ``_randbelow(12)`` written out, four bits drawn until they are
        below 12 (tests/rules/test_dice.py holds it to ``randint(1, 12)``)."""
        bits = self.rng.getrandbits
        r = bits(4)
        while r >= 12:
            r = bits(4)
        if _BARE_ROLLS:  # (see _BARE_ROLLS)
            roll = object.__new__(Roll)
            roll.sides, roll.value, roll.label = 12, r + 1, label  # type: ignore[misc]
            self.history.append(roll)
        else:
            self.history.append(Roll(12, r + 1, label))
        return r + 1

    def attack_dice(self, count: int, label: Label = _ATTACK_DICE) -> list[str]:
        """:meth:`DiceSource.attack_dice` in one loop (every strike rolls here): each die is
        ``_randbelow(6)``, written out as it is (three bits drawn until they are below 6;
        tests/rules/test_dice.py holds it to ``randint(1, 6)``)."""
        bits, keep = self.rng.getrandbits, self.history.append
        out = []
        bare, new = _BARE_ROLLS, object.__new__  # (see _BARE_ROLLS)
        for _ in range(count):
            r = bits(3)
            while r >= 6:
                r = bits(3)
            if bare:
                roll = new(Roll)
                roll.sides, roll.value, roll.label = 6, r + 1, label  # type: ignore[misc]
                keep(roll)
            else:
                keep(Roll(6, r + 1, label))
            out.append(D6_FACES[r])
        return out

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle in place with the generator (a deck shuffle is not a die roll to show)."""
        self.rng.shuffle(items)

    def get_state(self) -> list[Any]:
        """A JSON-friendly copy of the generator's state."""
        version, internal, gauss = self.rng.getstate()
        return [version, list(internal), gauss]

    def set_state(self, state: list[Any]) -> None:
        version, internal, gauss = state
        self.rng.setstate((version, tuple(internal), gauss))


class ScriptedSource(DiceSource):
    """Results given in advance.

    ``d12`` is the queue of effect-die results (what ``--rolls`` gives); ``d6`` optionally the
    attack-die results (1..6, see :data:`D6_FACES`).  When a queue is empty, ``fallback`` rolls
    instead; with no fallback, :class:`DiceExhausted` says what was missing.
    """

    def __init__(self, d12: Sequence[int] = (), d6: Sequence[int] = (),
                 fallback: DiceSource | None = None,
                 words: Callable[[Label], str] | None = None) -> None:
        super().__init__(words)
        self.queues: dict[int, list[int]] = {12: list(d12), 6: list(d6)}
        self.fallback = fallback

    def _next(self, sides: int, label: Label) -> int:
        queue = self.queues.get(sides)
        if queue:
            return queue.pop(0)
        if self.fallback is not None:
            return self.fallback._next(sides, label)
        raise DiceExhausted(sides, self.text(label) if label else None)

    def remaining(self, sides: int = 12) -> list[int]:
        return list(self.queues.get(sides, []))


class TypedSource(DiceSource):
    """A person rolls physical dice and types the results.

    ``ask(sides, count, label)`` must return ``count`` results of a d``sides`` (1-based; for the
    attack die use :func:`face_to_d6` on what the person read).  It is given the label as
    ``words`` word it (as it is without them).
    """

    announces = True

    def __init__(self, ask: Callable[[int, int, Any], list[int]],
                 words: Callable[[Label], str] | None = None) -> None:
        super().__init__(words)
        self.ask = ask

    def _asked(self, label: Label) -> Label:
        return label if self.words is None else self.text(label)

    def _next(self, sides: int, label: Label) -> int:
        return self.ask(sides, 1, self._asked(label))[0]

    def roll_many(self, sides: int, count: int, label: Label = "") -> list[int]:
        values = self.ask(sides, count, self._asked(label))
        if len(values) != count:
            raise WrongCount(count, self.text(label) if label else None, len(values))
        out = []
        for v in values:
            if not 1 <= v <= sides:
                raise BadDieResult(sides, v)
            self.history.append(Roll(sides, v, label))
            out.append(v)
        return out


def face_to_d6(face: str) -> int:
    """The d6 result that shows ``face`` (a blank counts as the first blank).

    >>> [face_to_d6(f) for f in ("-", "1", "2", "1*", "2*")]
    [1, 3, 4, 5, 6]
    """
    face = face.strip()
    if face in ("0", "", "b", "blank"):
        face = "-"
    if face not in FACES:
        raise NotAFace(face)
    return D6_FACES.index(face) + 1


def parse_rolls(text: str) -> list[int]:
    """Parse ``--rolls`` text such as ``"9,3,5"``.

    >>> parse_rolls("9, 3,5")
    [9, 3, 5]
    """
    out = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if not (part.isascii() and part.isdigit()) or not 1 <= read_int(part, "--rolls") <= 12:
            raise NotARoll(part)
        out.append(int(part))
    return out


class DiceTotal(FrozenRecord):
    """Attack-die faces, and the normal and critical damage they show."""

    faces: tuple[str, ...]
    normal: int
    critical: int

    def __init__(self, faces: tuple[str, ...], normal: int, critical: int) -> None:
        d = self.__dict__  # (faster than object.__setattr__ a field)
        d["faces"] = faces
        d["normal"] = normal
        d["critical"] = critical

    @property
    def total(self) -> int:
        return self.normal + self.critical


def tally(faces: Sequence[str]) -> DiceTotal:
    """Normal and critical totals of some attack-die faces.

    >>> tally(["-", "1", "2*", "2", "1*"])
    DiceTotal(faces=('-', '1', '2*', '2', '1*'), normal=3, critical=3)
    """
    normal, critical = points(faces)
    return DiceTotal(tuple(faces), normal, critical)


#: The (normal, critical) damage of each attack-die face.
FACE_POINTS: Final = {"-": (0, 0), "1": (1, 0), "2": (2, 0), "1*": (0, 1), "2*": (0, 2)}


def points(faces: Sequence[str]) -> tuple[int, int]:
    """The normal and critical damage of some attack-die faces: :func:`tally`'s totals, without
    the record (every strike counts its dice here).

    >>> points(["-", "1", "2*", "2", "1*"])
    (3, 3)
    """
    normal = critical = 0
    for f in faces:
        got = FACE_POINTS.get(f)
        if got is None:  # not a face the dice show ("3*" typed by hand): its number counts
            value = int(f[0])
            got = (0, value) if f.endswith("*") else (value, 0)
        normal += got[0]
        critical += got[1]
    return normal, critical


def damage_after_armor(normal: int, critical: int, armor: int = 0, piercing: int = 0) -> int:
    """Critical damage ignores armor; Piercing lowers armor but never below 0.

    >>> damage_after_armor(5, 2, armor=3)
    4
    >>> damage_after_armor(5, 2, armor=3, piercing=5)
    7
    >>> damage_after_armor(1, 0, armor=4)
    0
    """
    return critical + max(0, normal - max(0, armor - piercing))
