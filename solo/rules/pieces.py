"""The pieces on the board (mages, creatures, conjurations) and the count of every change made
to them or to a board.

A :class:`Piece` is anything on the board that has a card.  What is set on a piece or a board
becomes a counting container (:class:`_Dict`, :class:`_List`): every change counts one (see
``_changes``), so a value the board worked out from a piece (its traits, life, armor...) is
used again only while nothing it reads has changed (see :mod:`solo.rules.stats`).
"""

from __future__ import annotations

import copy
from typing import Any, TypeVar

from solo.core.kinds import DM
from solo.core.records import Record


#: Sanity limits for numbers on a board (a physical board never comes near them).  Damage may
#: run past life (a mage's last blow), so its limit leaves room for many turns more.
MAX_MARKERS, MAX_TRAIT, MAX_POINTS, MAX_DAMAGE = 99, 99, 999, 99999
#: Conditions that leave a creature Incapacitated (no actions, no defenses, no flying).
INCAPACITATING = ("Stun", "Sleep", "Slam", "Knockdown")
#: Conditions that leave a creature Restrained (no moving, no flying).
RESTRAINING = ("Cripple", "Stuck")
#: Every marker a person may put on an object: the conditions of the Arena sets, then the
#: markers solo uses for effects that last a while (round effects of incantations, Banish).
CONDITIONS = ("Bleed", "Burn", "Corrode", "Cripple", "Daze", "Disable", "Growth", "Knockdown",
              "Rot", "Slam", "Sleep", "Stuck", "Stun", "Tainted", "Taunt", "Vine", "Weak",
              "Zombie")
#: Round effects of the other incantations the Dummy Mage casts (solo.automaton.spells; they end with the
#: round like Battle Fury and Charge).
SPELL_ROUND_MARKERS = ("Evade", "Power Strike", "Holy Strike", "Vampiric Strike", "Sniper Shot",
                       "Flame Strike", "Lightning Strike", "Bloodthirsty Strike", "Whirling Strike",
                       "Flank Attack", "Call of the Wild", "Akiro's Battle Cry", "Zombie Frenzy",
                       "Overextend")
MARKERS = CONDITIONS + ("Banish", "Battle Fury", "Charge", "Perfect Strike", "Piercing Strike",
                        "Rage",  # Rage tokens (the Rage +X trait)
                        "Grapple", "Snatch") + SPELL_ROUND_MARKERS  # Grapple, Snatch: attack reminders
#: Traits that other traits and markers bring with them (the codex entries of each).
IMPLIED = {"invisible": ("Pest", "Elusive"), "unstoppable": ("Unmovable", "Uncontainable"),
           "incorporeal": ("Nonliving", "Burnproof", "Uncontainable"), "rooted": ("Unmovable",)}
#: What a Zombie marker gives a creature.
ZOMBIE_TRAITS = ("Psychic Immunity", "Slow", "Nonliving", "Bloodthirsty +0")


#: How many changes any board has seen: every attribute set on a piece or a board, and every
#: change to a piece's markers, enchantments, traits, stats, extras or equipment, or to a
#: board's lists of pieces and extras, counts one.  Derived values (traits, life, armor...) are
#: remembered with where the count stood for what they read (see ``_world`` and ``Piece._v``)
#: and used only while that has not moved, so a change made anywhere, by any path, is never
#: answered from a stale memory.
#:
#: What is set on a piece or a board becomes counting containers all the way down; a container
#: put inside one later is kept as it is (``x = extra[k] = {}`` must stay one object), so
#: changes inside it are not counted.  Remembered values read nested data only where every
#: change is counted: a piece's ``stats`` (only ever set whole) and the board's
#: ``zone_enchantments`` (changed only through :func:`set_zone_enchantments`).
_changes = 0

#: The count at the last change that can reach beyond one object (see :func:`_touch`): a
#: piece's own remembered values hold while neither its ``_v`` nor this has moved; the board's
#: (wall geometry, auras) while this has not.
_world = 0

#: On an attack's copy of the board only: a flyer that attacks a non-flyer in melee, which
#: loses Flying until the end of that attack action (see :func:`solo.rules.combat.resolve_attack`).
GROUNDED = "grounded"
#: Key of ``Piece.extra``: your face-down enchantments on that object (see solo.rules.yours).
HIDDEN = "hidden_enchantments"
#: Key of ``Piece.extra``: the round a creature was summoned (or brought back) in (Rouse the
#: Beast targets only a creature summoned this round).
SUMMONED = "summoned"
#: An Invisible Stalker that has declared an attack: it has lost the Invisible trait (its card
#: ruling) until the next Reset (see :func:`solo.rules.combat.apply` and ``reset_invisible``).
VISIBLE = "visible"

#: What a creature or a mage keeps for itself: a change to one of these can change only that
#: object's traits, life, armor and flying (its own markers, notes, stats, gained traits, guard,
#: equipment, base life).  Its zone too, while it bears no enchantment (an aura moves with its
#: bearer), except the Dummy Mage's (a Pet follows it).  Everything else -- enchantments,
#: cards, ids, sides, every conjuration (walls make the geometry), the board's lists and notes,
#: containers of unknown keeping (a deep copy's) -- counts for every object; the Dummy Mage's
#: piles count for none (see ``_NOBODY``).  tests/test_memo.py pins each case.
_OWN = frozenset({"conditions", "extra", "stats", "traits", "guarding", "equipment", "life"})


class _Nobody:
    """Holds what no remembered value reads: the Dummy Mage's decks and discard piles, the id
    counters."""


_NOBODY = _Nobody()
_PILES = frozenset({"decks", "discards"})
#: A creature's or mage's zone, id, card and side: its own while it is alone (see ``_alone``).
_PLACE = frozenset({"zone", "id", "card", "side"})


def _touch(owner: Any) -> None:
    """Count one change; ``owner`` is the piece it stays within (or ``_NOBODY``), None for one
    that can reach every object."""
    global _changes, _world
    _changes += 1
    if owner is None:
        _world = _changes
    else:
        owner.__dict__["_v"] = _changes


def changes() -> int:
    return _changes


def _counting(method: Any) -> Any:
    """``method`` of dict or list, counting one change each time it is called."""
    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        _touch(getattr(self, "_own", None))
        return method(self, *args, **kwargs)

    counted.__name__ = method.__name__
    return counted


class _Dict(dict):  # type: ignore[type-arg]
    """A dict that counts its changes (see ``_changes``); ``_own``: the piece whose own data it
    holds (see ``_OWN``), unset when a change to it can reach every object."""

    __slots__ = ("_own",)
    _own: Any

    __setitem__ = _counting(dict.__setitem__)
    __delitem__ = _counting(dict.__delitem__)
    popitem = _counting(dict.popitem)
    update = _counting(dict.update)
    clear = _counting(dict.clear)

    def pop(self, key: Any, *default: Any) -> Any:
        if key in self:
            _touch(getattr(self, "_own", None))
        return dict.pop(self, key, *default)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        """As dict's; a new value is kept as a counting container (the one returned: changes
        made through it count).  Returning a value already there counts a change only when it
        is a plain dict or list, whose changes would not count themselves."""
        value = dict.get(self, key, _NOTHING)
        own = getattr(self, "_own", None)
        if value is _NOTHING:
            _touch(own)
            value = _tracked(default, own)
            dict.__setitem__(self, key, value)
        elif type(value) is dict or type(value) is list:
            _touch(own)
        return value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Dict:
        out = _Dict()
        for k, v in self.items():
            dict.__setitem__(out, k, copy.deepcopy(v, memo))
        return out

    def __ior__(self, other: Any) -> _Dict:  # type: ignore[misc]
        self.update(other)
        return self


class _List(list):  # type: ignore[type-arg]
    """A list that counts its changes (see ``_changes`` and ``_Dict``)."""

    __slots__ = ("_own",)
    _own: Any

    __setitem__ = _counting(list.__setitem__)
    __delitem__ = _counting(list.__delitem__)
    append = _counting(list.append)
    extend = _counting(list.extend)
    insert = _counting(list.insert)
    pop = _counting(list.pop)
    remove = _counting(list.remove)
    clear = _counting(list.clear)
    sort = _counting(list.sort)
    reverse = _counting(list.reverse)
    __imul__ = _counting(list.__imul__)

    def __iadd__(self, other: Any) -> _List:  # type: ignore[misc]
        self.extend(other)
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _List:
        return _List([copy.deepcopy(v, memo) for v in self])


_PLAIN = (str, int, float, bool, type(None))


_C = TypeVar("_C", "_Dict", "_List")


def _owned(container: _C, own: Any) -> _C:
    """``container`` (a new counting one) held for ``own`` (see ``_Dict``)."""
    if own is not None:
        container._own = own
    return container


def _cloned(value: Any, own: Any = None) -> Any:
    """A deep copy of JSON-like data (dicts, lists, tuples, strings, numbers), as counting
    containers held for ``own``; anything else is deep-copied the slow way."""
    kind = type(value)
    if kind is _Dict or kind is dict:
        out = _owned(_Dict(), own)
        for k, v in value.items():
            dict.__setitem__(out, k, v if type(v) in _PLAIN else _cloned(v, own))
        return out
    if kind is _List or kind is list:
        return _owned(_List([v if type(v) in _PLAIN else _cloned(v, own) for v in value]), own)
    if kind in _PLAIN:
        return value
    if kind is tuple:
        return tuple(_cloned(v, own) for v in value)
    return _tracked(copy.deepcopy(value), own)


def _tracked(value: Any, own: Any = None) -> Any:
    """``value`` as a container that counts its changes, all the way down (dicts and lists;
    anything else as it is), held for ``own``.  A counting container that is already held
    for another object, or for none, now counts for every object (it may be in two places)."""
    kind = type(value)
    if kind is dict:
        out = _owned(_Dict(), own)
        for k, v in value.items():
            dict.__setitem__(out, k, v if type(v) in _PLAIN else _tracked(v, own))
        return out
    if kind is list:
        return _owned(_List([v if type(v) in _PLAIN else _tracked(v, own) for v in value]), own)
    if kind is _Dict or kind is _List:
        _disown(value, own)
    return value


def _disown(value: Any, own: Any) -> None:
    """Counting containers inside ``value`` not held for ``own`` count for every object."""
    kind = type(value)
    if kind is _Dict or kind is _List:
        if getattr(value, "_own", None) is not own:
            value._own = None
        for v in (value.values() if kind is _Dict else value):
            _disown(v, own)


#: Attributes no remembered value reads (a piece's damage and whether it is active; the
#: board's round, stage, initiative and card drawer): setting them changes nothing remembered.
#: A remembered value that comes to read one of them must take it off this list
#: (tests/test_memo.py checks every remembered value against a fresh one over whole games).
UNREMEMBERED = frozenset({"damage", "active", "round", "stage", "initiative", "drawer"})


_NOTHING = object()


class _Counted:
    """Counts every attribute set (see ``_changes``); dicts and lists set become counting ones."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in UNREMEMBERED and self.__dict__.get(name, _NOTHING) is not value:
            own = _holder(self, name, value)
            _touch(own)
            if name == "enchantments":  # changes to the list itself reach every object
                own = None
            value = _tracked(value, own)
            if name == "creatures" and type(value) is not _Creatures:  # (a board's)
                value = _Creatures(value)
        object.__setattr__(self, name, value)


def _holder(obj: _Counted, name: str, value: Any) -> Any:
    """Whose alone a change to ``obj.name`` is (see ``_OWN``): ``obj``, nobody's (a board's
    piles: no piece has such a field), or None (everybody's)."""
    kind = type(obj)
    if kind is Creature or kind is Mage:
        if name in _OWN:
            return obj
        if name in _PLACE and _alone(obj) or name == "enchantments" and not value and _alone(obj):
            return obj
    elif name in _PILES:
        return _NOBODY
    return None


def reaches_only(p: Piece) -> bool:
    """Whether a change to where ``p`` is or whose it is can change what is remembered of ``p``
    alone (see ``_alone``); else it can change what is remembered of any piece."""
    return _alone(p)


def _alone(p: Any) -> bool:
    """Whether where ``p`` is and what it is matter to ``p`` alone: a creature or mage that
    bears no enchantment (an aura goes with its bearer), not the Dummy Mage (a Pet follows it)."""
    return not p.__dict__.get("enchantments") \
        and not (type(p) is Mage and p.__dict__.get("side") == DM)


class _Creatures(_List):
    """The board's creatures: one that bears no enchantment coming or going changes nothing
    remembered of the others (see ``_alone``); anything else counts for every object."""

    __slots__ = ()

    def append(self, p: Any) -> None:
        _touch(p if _alone(p) else None)
        list.append(self, p)

    def remove(self, p: Any) -> None:
        _touch(p if _alone(p) else None)
        list.remove(self, p)


class Piece(Record, _Counted):
    """Anything on the board that has a card: a mage, a creature, a conjuration."""

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

    kind = "piece"
    #: The count at this object's last change (see ``_touch``); set by its first change.
    _v = 0

    def __init__(self, id: str, card: str, side: str, zone: str, damage: int = 0,
                 conditions: dict[str, int] | None = None, enchantments: list[str] | None = None,
                 traits: list[str] | None = None, stats: dict[str, Any] | None = None,
                 extra: dict[str, Any] | None = None) -> None:
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
    life: int
    #: the equipment cards the mage wears, by catalog name (contract section 2, second version)
    equipment: list[str]

    kind = "mage"

    def __init__(self, id: str, card: str, side: str, zone: str, damage: int = 0,
                 conditions: dict[str, int] | None = None, enchantments: list[str] | None = None,
                 traits: list[str] | None = None, stats: dict[str, Any] | None = None,
                 extra: dict[str, Any] | None = None, life: int = 0,
                 equipment: list[str] | None = None) -> None:
        super().__init__(id, card, side, zone, damage, conditions, enchantments, traits, stats,
                         extra)
        self.life = life
        self.equipment = [] if equipment is None else equipment


class Creature(Piece):
    active: bool
    guarding: bool

    kind = "creature"

    def __init__(self, id: str, card: str, side: str, zone: str, damage: int = 0,
                 conditions: dict[str, int] | None = None, enchantments: list[str] | None = None,
                 traits: list[str] | None = None, stats: dict[str, Any] | None = None,
                 extra: dict[str, Any] | None = None, active: bool = True, guarding: bool = False) -> None:
        super().__init__(id, card, side, zone, damage, conditions, enchantments, traits, stats,
                         extra)
        self.active = active
        self.guarding = guarding


class Conjuration(Piece):
    border: str | None

    kind = "conjuration"

    def __init__(self, id: str, card: str, side: str, zone: str, damage: int = 0,
                 conditions: dict[str, int] | None = None, enchantments: list[str] | None = None,
                 traits: list[str] | None = None, stats: dict[str, Any] | None = None,
                 extra: dict[str, Any] | None = None, border: str | None = None) -> None:
        super().__init__(id, card, side, zone, damage, conditions, enchantments, traits, stats,
                         extra)
        self.border = border


_P = TypeVar("_P", bound=Piece)


def _clone_piece(p: _P) -> _P:
    """A copy of ``p`` with counting containers of its own; counts no change (it keeps the
    version ``_v`` of ``p``, being the same in every respect)."""
    q = object.__new__(type(p))
    own = q if isinstance(q, (Creature, Mage)) else None  # see _OWN
    state = dict(p.__dict__)
    state["conditions"] = _owned(_Dict(p.conditions), own)
    state["enchantments"] = _List(p.enchantments)
    state["traits"] = _owned(_List(p.traits), own)
    state["stats"] = _cloned(p.stats, own) if p.stats else _owned(_Dict(), own)
    state["extra"] = _cloned(p.extra, own) if p.extra else _owned(_Dict(), own)
    if "equipment" in state:
        state["equipment"] = _owned(_List(state["equipment"]), own)
    q.__dict__.update(state)
    return q


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
