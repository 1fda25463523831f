"""The pieces on the board (mages, creatures, conjurations) and the versions that keep what a
board remembers of them honest.

A :class:`Piece` is anything on the board that has a card.  A board remembers what it worked
out from a piece (its traits, life, armor...: :mod:`solo.rules.stats`) with the piece's version
``_v`` and the version of the whole board ``MEMORY.world``, and uses it again only while
neither has moved.  Every change goes through :func:`solo.rules.effects.apply`, which says whom
it reaches (:func:`_touch`): the piece alone, or every piece (an aura, a wall, a Pet's mage
moving).
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar, TypeVar, cast, Final

from solo.core.plain import Plain
from solo.core.kinds import DM


#: Sanity limits for numbers on a board (a physical board never comes near them).  Damage may
#: run past life (a mage's last blow), so its limit leaves room for many turns more.
MAX_MARKERS: Final = 99
MAX_TRAIT: Final = 99
MAX_POINTS: Final = 999
MAX_DAMAGE: Final = 99999
#: The most gained traits, enchantments or pieces of equipment one object lists (a mage wears
#: one piece a slot): each may add dice to an attack, so a board of 20,000 'Melee +99' traits
#: on a wolf rolled until the memory ran out.
MAX_LISTED: Final = 20
#: Conditions that leave a creature Incapacitated (no actions, no defenses, no flying).
INCAPACITATING: Final = ("Stun", "Sleep", "Slam", "Knockdown")
#: Conditions that leave a creature Restrained (no moving, no flying).
RESTRAINING: Final = ("Cripple", "Stuck")
#: Every marker a person may put on an object: the conditions of the Arena sets, then the
#: markers solo uses for effects that last a while (round effects of incantations, Banish).
CONDITIONS: Final = ("Bleed", "Burn", "Corrode", "Cripple", "Daze", "Disable", "Growth",
                     "Knockdown", "Rot", "Slam", "Sleep", "Stagger", "Stuck", "Stun", "Tainted",
                     "Taunt", "Vine", "Weak", "Zombie")
#: Round effects of the other incantations the Dummy Mage casts (solo.automaton.spells; they end with the
#: round like Battle Fury and Charge).
SPELL_ROUND_MARKERS: Final = ("Evade", "Power Strike", "Holy Strike", "Vampiric Strike",
                              "Sniper Shot", "Flame Strike", "Lightning Strike",
                              "Bloodthirsty Strike", "Whirling Strike", "Flank Attack",
                              "Call of the Wild", "Akiro's Battle Cry", "Zombie Frenzy",
                              "Overextend",
                              "Vigor of the Grave")  # a card ability: Melee +1 for the round
MARKERS: Final = CONDITIONS + ("Banish", "Battle Fury", "Charge", "Perfect Strike",
                               "Piercing Strike",
                               "Rage",  # Rage tokens (the Rage +X trait)
                               "Grapple", "Snatch",  # Grapple, Snatch: attack reminders
                               "Gold", "Wrath", "Egg", "Ichthellid Larva",
                               # card tokens (abilities.triggers)
                               "Suffocation") + SPELL_ROUND_MARKERS
#: Traits that other traits and markers bring with them (the codex entries of each).
IMPLIED: Final = {"invisible": ("Pest", "Elusive"),
                  "unstoppable": ("Unmovable", "Uncontainable"),
                  "incorporeal": ("Nonliving", "Burnproof", "Uncontainable"),
                  "rooted": ("Unmovable",)}
#: What a Zombie marker gives a creature.
ZOMBIE_TRAITS: Final = ("Psychic Immunity", "Slow", "Nonliving", "Bloodthirsty +0")


class Memory:
    """The counts that keep what a board remembers honest, and the switch that checks them: one
    object, so that the compiled build (setup.py) reads them as fields of a class of its own
    rather than as a module's globals (a dictionary look-up each)."""

    __slots__ = ("changes", "world", "corrodes", "check")

    def __init__(self) -> None:
        #: The count of changes: every change counts one.  A piece's version ``_v`` is the count
        #: at its last change (a new piece takes a fresh one, so a new object in the place of an
        #: old one is never answered from the old one's memory).
        self.changes = 0
        #: The count at the last change that can reach beyond one object (see :func:`_touch`):
        #: a piece's own remembered values hold while neither its ``_v`` nor this has moved; the
        #: board's (wall geometry, auras) while this has not.
        self.world = 0
        #: How many times a Corrode marker went onto an object through an effect or a new piece
        #: (see :func:`corroded`): while it has not moved, a board found with no Corrode marker
        #: has none.
        self.corrodes = 0
        #: Tests set this (``scripts/fingerprint.py --check-memory`` too), before the boards
        #: they check are played: every remembered value is worked out again and must equal
        #: what was remembered while no change was counted (a change that escaped the count
        #: fails loudly).  What a piece keeps meanwhile is kept under the negated board number
        #: (never read: ``solo.rules.stats.Stats.trait_names``).
        self.check = False


#: The one :class:`Memory` of the process.
MEMORY: Final = Memory()

#: On an attack's copy of the board only: a flyer that attacks a non-flyer in melee, which
#: loses Flying until the end of that attack action (see :func:`solo.rules.combat.resolve_attack`).
GROUNDED: Final = "grounded"
#: Key of ``Piece.extra``: your face-down enchantments on that object (see solo.rules.yours).
HIDDEN: Final = "hidden_enchantments"
#: Key of ``Piece.extra``: the round a creature was summoned (or brought back) in (Rouse the
#: Beast targets only a creature summoned this round).
SUMMONED: Final = "summoned"
#: An Invisible Stalker that has declared an attack: it has lost the Invisible trait (its card
#: ruling) until the next Reset (see :func:`solo.rules.combat.apply` and ``reset_invisible``).
VISIBLE: Final = "visible"
#: Key of a mage's ``extra``: the equipment it wears that has a Disable marker (Disarm): it gives
#: the mage nothing (attacks, armor, Defenses) until the next Reset (solo.rules.abilities.actions).
DISABLED_GEAR: Final = "disabled_equipment"

#: What a piece keeps of a kind of value (``Piece._mt``...) when it keeps nothing: no board
#: has the number 0 (see ``solo.rules.stats.serial``), so it is never read.
UNKEPT: Final[tuple[int, int, Any]] = (0, 0, None)


def _touch(owner: Any) -> None:
    """Count one change; ``owner`` is the piece it stays within, None for one that can reach
    every object.  The piece forgets the values it keeps (``Piece._mt``...): they are read
    while the world's count holds, with no version of the piece to compare."""
    m = MEMORY
    m.changes += 1
    if owner is None:
        m.world = m.changes
    else:
        owner._v = m.changes
        owner._mt = owner._ml = owner._ma = owner._mf = owner._ms = UNKEPT


def corroded() -> None:
    """Count Corrode markers put on an object (``Board.trim_corrode`` looks again)."""
    MEMORY.corrodes += 1


def _count() -> None:
    """Count one change that reaches no remembered value (see ``Board.moves_nothing``)."""
    MEMORY.changes += 1


def _fresh() -> int:
    """A version no piece has had: a new piece's."""
    m = MEMORY
    m.changes += 1
    return m.changes


def changes() -> int:
    """How many changes have been counted so far (on every board)."""
    return MEMORY.changes


def stamp(first: list[Any], second: list[Any] | None = None) -> tuple[Any, ...]:
    """What a value worked out of a board's lists of pieces holds for: the count of changes,
    and each list with its length (see :func:`unchanged`)."""
    if second is None:
        return (MEMORY.changes, first, len(first))
    return (MEMORY.changes, first, len(first), second, len(second))


def unchanged(kept: tuple[Any, ...] | None, first: list[Any],
              second: list[Any] | None = None) -> bool:
    """Whether ``kept`` (a :func:`stamp` of the same lists) still holds: no change counted
    since, and the board holds the same lists, of the same lengths (a piece more or less is a
    counted change, a list replaced is another list)."""
    if kept is None or kept[0] != MEMORY.changes or kept[1] is not first or kept[2] != len(first):
        return False
    return second is None or (kept[3] is second and kept[4] == len(second))


#: Fields no remembered value reads (a piece's damage and whether it is active; the board's
#: round, stage, initiative and card drawer): a change to them forgets nothing.  A remembered
#: value that comes to read one of them must take it off this list (whole games played with
#: ``MEMORY.check`` check every remembered value against a fresh one).
UNREMEMBERED: Final = frozenset({"damage", "active", "round", "stage", "initiative", "drawer"})


class Piece(Plain):
    """Anything on the board that has a card: a mage, a creature, a conjuration.

    A plain class with slots, not a :class:`solo.core.records.Record`: the compiled build
    (docs/architecture.md) makes it a class of its own whose fields are read without a lookup.
    It behaves as a record does: ``==`` field by field between objects of the same class
    (``_fields``), a ``repr`` naming every field, no hash."""

    __slots__ = ("id", "card", "side", "zone", "damage", "conditions", "enchantments", "traits",
                 "stats", "extra", "kind", "_v", "_mt", "_ml", "_ma", "_mf", "_ms")
    #: every field, in the order of ``__init__``
    _fields: ClassVar[tuple[str, ...]] = ("id", "card", "side", "zone", "damage", "conditions",
                                          "enchantments", "traits", "stats", "extra")

    id: str
    card: str
    side: str
    zone: str
    damage: int
    conditions: dict[str, int]
    enchantments: list[str]
    traits: list[str]
    stats: dict[str, Any]
    extra: dict[str, Any]
    #: "piece", "mage", "creature" or "conjuration" (not a field: each class sets its own)
    kind: str
    #: The count at this object's last change (see ``_touch``; not a field, never compared or
    #: saved): a new piece takes a fresh one, a copy (``_v`` given) that of its original.
    _v: int
    #: The last traits (with their names), life, attacks and flying worked out for it (see
    #: ``solo.rules.stats.Stats.has_trait``): (the board's ``_serial``, the world's count, the
    #: value), or :data:`UNKEPT`; forgotten at its every change (:func:`_touch`); not fields,
    #: never compared, copied or saved.
    _mt: tuple[int, int, Any]
    _ml: tuple[int, int, Any]
    _ma: tuple[int, int, Any]
    _mf: tuple[int, int, Any]
    #: And the state its traits, life and armor are worked out from, with the values known of
    #: that state (see ``solo.rules.stats.Stats._state``), kept the same way.
    _ms: tuple[int, int, Any]

    def __init__(self, id: str, card: str, side: str, zone: str, damage: int = 0,
                 conditions: dict[str, int] | None = None, enchantments: list[str] | None = None,
                 traits: list[str] | None = None, stats: dict[str, Any] | None = None,
                 extra: dict[str, Any] | None = None, *, _v: int = 0) -> None:
        self.id = id
        self.card = card
        self.side = side
        self.zone = zone
        self.damage = damage
        self.conditions = {} if conditions is None else conditions
        self.enchantments = [] if enchantments is None else enchantments
        self.traits = [] if traits is None else traits
        self.stats = {} if stats is None else stats
        self.extra = {} if extra is None else extra
        self.kind = "piece"
        self._v = _v or _fresh()
        self._mt = self._ml = self._ma = self._mf = self._ms = UNKEPT

    def clone(self) -> "Piece":
        """A copy with containers of its own; it keeps the version ``_v`` of this piece, being
        the same in every respect.  (Each class writes its own: one copy for all through
        ``type(self)`` cost the compiled build 7% of its games a second.)"""
        return Piece(self.id, self.card, self.side, self.zone, self.damage, dict(self.conditions),
                     list(self.enchantments), list(self.traits), _own(self.stats), _own(self.extra),
                     _v=self._v)

    @property
    def is_mage(self) -> bool:
        return self.kind == "mage"

    def has_condition(self, *names: str) -> bool:
        conditions = self.conditions
        if not conditions:  # most objects, most of the time
            return False
        get = conditions.get
        for n in names:  # (a loop, not any() over a generator: asked thousands of times a game)
            if get(n, 0) > 0:
                return True
        return False


class Mage(Piece):
    __slots__ = ("life", "equipment")
    _fields: ClassVar[tuple[str, ...]] = Piece._fields + ("life", "equipment")

    life: int
    #: the equipment cards the mage wears, by catalog name (contract section 2, second version)
    equipment: list[str]

    def __init__(self, id: str, card: str, side: str, zone: str, damage: int = 0,
                 conditions: dict[str, int] | None = None, enchantments: list[str] | None = None,
                 traits: list[str] | None = None, stats: dict[str, Any] | None = None,
                 extra: dict[str, Any] | None = None, life: int = 0,
                 equipment: list[str] | None = None, *, _v: int = 0) -> None:
        super().__init__(id, card, side, zone, damage, conditions, enchantments, traits, stats,
                         extra, _v=_v)
        self.kind = "mage"
        self.life = life
        self.equipment = [] if equipment is None else equipment

    def clone(self) -> "Mage":
        return Mage(self.id, self.card, self.side, self.zone, self.damage, dict(self.conditions),
                    list(self.enchantments), list(self.traits), _own(self.stats), _own(self.extra),
                    self.life, list(self.equipment), _v=self._v)


class Creature(Piece):
    __slots__ = ("active", "guarding")
    _fields: ClassVar[tuple[str, ...]] = Piece._fields + ("active", "guarding")

    active: bool
    guarding: bool

    def __init__(self, id: str, card: str, side: str, zone: str, damage: int = 0,
                 conditions: dict[str, int] | None = None, enchantments: list[str] | None = None,
                 traits: list[str] | None = None, stats: dict[str, Any] | None = None,
                 extra: dict[str, Any] | None = None, active: bool = True, guarding: bool = False,
                 *, _v: int = 0) -> None:
        super().__init__(id, card, side, zone, damage, conditions, enchantments, traits, stats,
                         extra, _v=_v)
        self.kind = "creature"
        self.active = active
        self.guarding = guarding

    def clone(self) -> "Creature":
        return Creature(self.id, self.card, self.side, self.zone, self.damage, dict(self.conditions),
                        list(self.enchantments), list(self.traits), _own(self.stats), _own(self.extra),
                        self.active, self.guarding, _v=self._v)


class Conjuration(Piece):
    __slots__ = ("border",)
    _fields: ClassVar[tuple[str, ...]] = Piece._fields + ("border",)

    border: str | None

    def __init__(self, id: str, card: str, side: str, zone: str, damage: int = 0,
                 conditions: dict[str, int] | None = None, enchantments: list[str] | None = None,
                 traits: list[str] | None = None, stats: dict[str, Any] | None = None,
                 extra: dict[str, Any] | None = None, border: str | None = None,
                 *, _v: int = 0) -> None:
        super().__init__(id, card, side, zone, damage, conditions, enchantments, traits, stats,
                         extra, _v=_v)
        self.kind = "conjuration"
        self.border = border

    def clone(self) -> "Conjuration":
        return Conjuration(self.id, self.card, self.side, self.zone, self.damage, dict(self.conditions),
                           list(self.enchantments), list(self.traits), _own(self.stats), _own(self.extra),
                           self.border, _v=self._v)


_P = TypeVar("_P", bound=Piece)


def _clone_piece(p: _P) -> _P:
    """A copy of ``p`` with containers of its own; it keeps the version ``_v`` of ``p``, being
    the same in every respect."""
    return cast(_P, p.clone())


_PLAIN: Final = (str, int, float, bool, type(None))


def _own(d: dict[str, Any]) -> dict[str, Any]:
    """A piece's ``stats`` or ``extra`` for its copy: a deep copy (a new empty dict when empty)."""
    return plain_copy(d) if d else {}


def plain_copy(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, tuples, strings, numbers); anything else is
    deep-copied the slow way."""
    kind = type(value)
    if kind is dict:  # (copied at once, then what is not plain copied over: no comprehension)
        out = value.copy()
        for k, v in value.items():
            if type(v) not in _PLAIN:
                out[k] = plain_copy(v)
        return out
    if kind is list:
        return [v if type(v) in _PLAIN else plain_copy(v) for v in value]
    if kind in _PLAIN:
        return value
    if kind is tuple:
        return tuple(plain_copy(v) for v in value)
    return copy.deepcopy(value)


def _markers(conditions: dict[str, int]) -> dict[str, int]:
    """Condition counts as written to a file: never past the loader's limit, so any board
    solo writes reads back (no physical board carries 99 markers of one kind)."""
    return {k: min(v, MAX_MARKERS) for k, v in conditions.items()}


def mage_dict(m: Mage) -> dict[str, Any]:
    """A mage as a board file holds it (its id and side are its key)."""
    d: dict[str, Any] = {"card": m.card, "zone": m.zone, "life": m.life, "damage": m.damage,
         "conditions": _markers(m.conditions)}
    if m.enchantments:
        d["enchantments"] = list(m.enchantments)
    if m.traits:
        d["traits"] = list(m.traits)
    if m.equipment:
        d["equipment"] = list(m.equipment)
    d.update(copy.deepcopy(m.extra))
    return d


def creature_dict(c: Creature) -> dict[str, Any]:
    d: dict[str, Any] = {"id": c.id, "card": c.card, "side": c.side, "zone": c.zone, "damage": c.damage,
         "active": c.active, "guarding": c.guarding, "conditions": _markers(c.conditions),
         "enchantments": list(c.enchantments), "traits": list(c.traits), "stats": dict(c.stats)}
    d.update(copy.deepcopy(c.extra))
    return d


def conjuration_dict(c: Conjuration) -> dict[str, Any]:
    d: dict[str, Any] = {"id": c.id, "card": c.card, "side": c.side, "zone": c.zone}
    if c.border is not None:
        d["border"] = c.border
    d.update({"damage": c.damage, "traits": list(c.traits), "stats": dict(c.stats)})
    if c.conditions:
        d["conditions"] = _markers(c.conditions)
    if c.enchantments:
        d["enchantments"] = list(c.enchantments)
    d.update(copy.deepcopy(c.extra))
    return d
