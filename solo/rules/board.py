"""The board: every object in play, the Dummy Mage's decks, and the state of the round.

The JSON form is contract section 2 (``format: "solo-board/1"``).  Loading validates every key
and names the key and the problem (exit status 2); saving keeps unknown keys.  Card statistics
(life, armor, traits, attacks) are resolved against the catalog, with the board's own ``stats``
overrides, gained ``traits`` and the effects of attached enchantments.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from solo.rules.arena import Arena, Geometry, Wall, geometry
from solo.cards.catalog import (DECK_TYPES, SPELL_DECKS, Attack, Card, Catalog, Defense, get_catalog,
                          parse_trait, trait_max, trait_value)
from solo.core.errors import InvalidInput, describe_os_error, read_text
from solo.store.files import write_atomic  # noqa: F401  (re-exported: solo.rules.board.write_atomic)
from solo.core.records import Record

FORMAT = "solo-board/1"
#: Sanity limits for numbers on a board (a physical board never comes near them).  Damage may
#: run past life (a mage's last blow), so its limit leaves room for many turns more.
MAX_MARKERS, MAX_TRAIT, MAX_POINTS, MAX_DAMAGE = 99, 99, 999, 99999
STAGES = ("quickcast-1", "creatures", "quickcast-3", "ready")
SIDES = ("dm", "ym")
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


_AURAS: dict[int, frozenset[str]] = {}


def _aura_names(catalog: Catalog) -> frozenset[str]:
    """The cards whose Dummy Mage note has ``zone_grants`` (zone enchantments and auras)."""
    key = id(catalog)
    if key not in _AURAS:
        _AURAS[key] = frozenset(c.name for c in catalog.mentioning('"zone_grants"')
                                if c.dm.get("zone_grants"))
    return _AURAS[key]


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

#: What a creature or a mage keeps for itself: a change to one of these can change only that
#: object's traits, life, armor and flying (its own markers, notes, stats, gained traits, guard,
#: equipment, base life).  Its zone too, while it bears no enchantment (an aura moves with its
#: bearer), except the Dummy Mage's (a Pet follows it).  Everything else -- enchantments,
#: cards, ids, sides, every conjuration (walls make the geometry), the board's lists and notes,
#: containers of unknown keeping (a deep copy's) -- counts for every object; the Dummy Mage's
#: piles count for none (see ``_NOBODY``).  tests/test_memo.py pins each case.
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


#: Tests set this: every remembered value is worked out again and must equal what was
#: remembered while no change was counted (a change that escaped the count fails loudly).
CHECK_MEMORY = False


def _counting(method: Any) -> Any:
    """``method`` of dict or list, counting one change each time it is called."""
    def counted(self, *args, **kwargs):
        _touch(getattr(self, "_own", None))
        return method(self, *args, **kwargs)

    counted.__name__ = method.__name__
    return counted


class _Dict(dict):
    """A dict that counts its changes (see ``_changes``); ``_own``: the piece whose own data it
    holds (see ``_OWN``), unset when a change to it can reach every object."""

    __slots__ = ("_own",)
    _own: Any

    __setitem__ = _counting(dict.__setitem__)
    __delitem__ = _counting(dict.__delitem__)
    popitem = _counting(dict.popitem)
    update = _counting(dict.update)
    clear = _counting(dict.clear)

    def pop(self, key, *default):
        if key in self:
            _touch(getattr(self, "_own", None))
        return dict.pop(self, key, *default)

    def setdefault(self, key, default=None):
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

    def __deepcopy__(self, memo) -> "_Dict":
        out = _Dict()
        for k, v in self.items():
            dict.__setitem__(out, k, copy.deepcopy(v, memo))
        return out

    def __ior__(self, other):  # type: ignore[misc]
        self.update(other)
        return self


class _List(list):
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

    def __iadd__(self, other):  # type: ignore[misc]
        self.extend(other)
        return self

    def __deepcopy__(self, memo) -> "_List":
        return _List([copy.deepcopy(v, memo) for v in self])


_PLAIN = (str, int, float, bool, type(None))


def _owned(container, own):
    """``container`` (a new counting one) held for ``own`` (see ``_Dict``)."""
    if own is not None:
        container._own = own
    return container


def _cloned(value, own=None):
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


def _tracked(value, own=None):
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


def _disown(value, own) -> None:
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
#: Traits, life and armor by everything they are worked out from (see Board._state).
_SEEN: dict[tuple, object] = {}


def _seen(state: tuple, value) -> None:
    if len(_SEEN) > 50000:
        _SEEN.clear()
    _SEEN[state] = value


class _Counted:
    """Counts every attribute set (see ``_changes``); dicts and lists set become counting ones."""

    def __setattr__(self, name: str, value) -> None:
        if name not in UNREMEMBERED and self.__dict__.get(name, _NOTHING) is not value:
            own = _holder(self, name, value)
            _touch(own)
            if name == "enchantments":  # changes to the list itself reach every object
                own = None
            value = _tracked(value, own)
            if name == "creatures" and type(self) is Board and type(value) is not _Creatures:
                value = _Creatures(value)
        object.__setattr__(self, name, value)


def _holder(obj: _Counted, name: str, value) -> Any:
    """Whose alone a change to ``obj.name`` is (see ``_OWN``): ``obj``, nobody's, or None
    (everybody's)."""
    kind = type(obj)
    if kind is Creature or kind is Mage:
        if name in _OWN:
            return obj
        if name in _PLACE and _alone(obj) or name == "enchantments" and not value and _alone(obj):
            return obj
    elif kind is Board and name in _PILES:
        return _NOBODY
    return None


def reaches_only(p: "Piece") -> bool:
    """Whether a change to where ``p`` is or whose it is can change what is remembered of ``p``
    alone (see ``_alone``); else it can change what is remembered of any piece."""
    return _alone(p)


def _alone(p) -> bool:
    """Whether where ``p`` is and what it is matter to ``p`` alone: a creature or mage that
    bears no enchantment (an aura goes with its bearer), not the Dummy Mage (a Pet follows it)."""
    return not p.__dict__.get("enchantments") \
        and not (type(p) is Mage and p.__dict__.get("side") == "dm")


class _Creatures(_List):
    """The board's creatures: one that bears no enchantment coming or going changes nothing
    remembered of the others (see ``_alone``); anything else counts for every object."""

    __slots__ = ()

    def append(self, p) -> None:
        _touch(p if _alone(p) else None)
        list.append(self, p)

    def remove(self, p) -> None:
        _touch(p if _alone(p) else None)
        list.remove(self, p)


def set_zone_enchantments(board: "Board", zone: str, names: list[str]) -> None:
    """Put the enchantments the Dummy Mage keeps on ``zone`` (none: the zone's entry goes)."""
    kept = {z: list(v) for z, v in (board.extra.get("zone_enchantments") or {}).items()}
    if names:
        kept[zone] = list(names)
    else:
        kept.pop(zone, None)
    board.extra["zone_enchantments"] = kept


class BoardError(InvalidInput):
    """A board file that does not follow the contract; names the key and the problem."""


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
    stats: dict
    extra: dict

    kind = "piece"
    #: The count at this object's last change (see ``_touch``); set by its first change.
    _v = 0

    def __init__(self, id: str, card: str, side: str, zone: str, damage: int = 0,
                 conditions: dict[str, int] | None = None, enchantments: list[str] | None = None,
                 traits: list[str] | None = None, stats: dict | None = None,
                 extra: dict | None = None) -> None:
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
                 traits: list[str] | None = None, stats: dict | None = None,
                 extra: dict | None = None, life: int = 0,
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
                 traits: list[str] | None = None, stats: dict | None = None,
                 extra: dict | None = None, active: bool = True, guarding: bool = False) -> None:
        super().__init__(id, card, side, zone, damage, conditions, enchantments, traits, stats,
                         extra)
        self.active = active
        self.guarding = guarding


class Conjuration(Piece):
    border: str | None

    kind = "conjuration"

    def __init__(self, id: str, card: str, side: str, zone: str, damage: int = 0,
                 conditions: dict[str, int] | None = None, enchantments: list[str] | None = None,
                 traits: list[str] | None = None, stats: dict | None = None,
                 extra: dict | None = None, border: str | None = None) -> None:
        super().__init__(id, card, side, zone, damage, conditions, enchantments, traits, stats,
                         extra)
        self.border = border


class Board(Record, _Counted):
    round: int
    initiative: str
    arena: Arena
    mages: dict[str, Mage]
    creatures: list[Creature]
    conjurations: list[Conjuration]
    decks: dict[str, list[str]]
    discards: dict[str, list[str]]
    stage: str
    extra: dict
    catalog: Catalog | None
    # Set by the caller, never saved: which card a person with physical cards drew (see draw).
    drawer: Callable[[str, list[str]], str] | None

    _uncompared = ("catalog", "drawer")
    _unshown = ("catalog", "drawer")
    #: The changes applied since :meth:`keep_changes`, when a caller keeps them (never saved).
    applied: ClassVar[list | None] = None

    def __init__(self, round: int, initiative: str, arena: Arena, mages: dict[str, Mage],
                 creatures: list[Creature], conjurations: list[Conjuration],
                 decks: dict[str, list[str]], discards: dict[str, list[str]],
                 stage: str = "quickcast-1", extra: dict | None = None,
                 catalog: Catalog | None = None,
                 drawer: Callable[[str, list[str]], str] | None = None) -> None:
        self.round = round
        self.initiative = initiative
        self.arena = arena
        self.mages = mages
        self.creatures = creatures
        self.conjurations = conjurations
        self.decks = decks
        self.discards = discards
        self.stage = stage
        self.extra = {} if extra is None else extra
        self.catalog = catalog
        self.drawer = drawer
        # Derived values with where the counts stood when they were worked out (see ``_at``);
        # not a field, so never saved or compared (Board.copy carries it over itself).
        object.__setattr__(self, "_memo", {})

    def _recall(self, key: tuple, p: Piece | None = None):
        """The remembered value for ``key`` (of ``p``, or of the board) while nothing it is
        worked out from has changed since (see :func:`_at`), else None."""
        hit = self._memo.get(key)  # type: ignore[attr-defined]
        if hit is not None and hit[1] == _world and (p is None or hit[0] == p._v) \
                and not CHECK_MEMORY:
            return hit[2]
        return None

    def _keep(self, key: tuple, at: tuple[int, int], value):
        memo = self._memo  # type: ignore[attr-defined]
        if CHECK_MEMORY:
            old = memo.get(key)
            if old is not None and old[:2] == at and old[2] != value:
                raise AssertionError(f"remembered {key[0]} went stale: {old[2]!r} then {value!r} "
                                     "with no change counted in between")
        if len(memo) > 4096:
            memo.clear()
        memo[key] = (*at, value)
        return value

    # -- lookup --------------------------------------------------------------------------------
    @property
    def cat(self) -> Catalog:
        if self.catalog is None:
            self.catalog = get_catalog()
        return self.catalog

    def pieces(self) -> list[Piece]:
        """Both mages, then every creature, then every conjuration."""
        return [self.mages["dm"], self.mages["ym"], *self.creatures, *self.conjurations]

    def get(self, ident: str) -> Piece:
        p = self.find(ident)
        if p is None:
            raise InvalidInput(f"no object with id {ident!r} on the board")
        return p

    def find(self, ident: str) -> Piece | None:
        """The object with id ``ident`` (the first, in :meth:`pieces` order), if any."""
        mages = self.mages
        for p in (mages["dm"], mages["ym"]):
            if p.id == ident:
                return p
        for c in self.creatures:
            if c.id == ident:
                return c
        for j in self.conjurations:
            if j.id == ident:
                return j
        return None

    def in_zone(self, zone: str) -> list[Piece]:
        return [p for p in self.pieces() if p.zone == zone and not self.is_wall(p)]

    def side_creatures(self, side: str) -> list[Creature]:
        return [c for c in self.creatures if c.side == side]

    def new_id(self, side: str) -> str:
        """A fresh id such as ``dm-4``; never reuses one, even of a destroyed creature."""
        counters = self.extra.setdefault("next_id", {})
        used = {p.id for p in self.pieces()}
        n = int(counters.get(side, 1))
        for p in used:
            prefix, _, num = p.partition("-")
            if prefix == side and num.isascii() and num.isdigit():
                n = max(n, int(num) + 1)
        while f"{side}-{n}" in used:
            n += 1
        if type(counters) is _Dict:
            counters._own = _NOBODY  # no remembered value reads the id counters
        counters[side] = n + 1
        return f"{side}-{n}"

    def draw(self, deck: str) -> tuple[str, bool]:
        """Take the next card of one of the Dummy Mage's draw piles: (card, drawn_by_person).

        ``drawer`` (set by the caller, never saved) lets a person with physical cards say which
        card they drew; without it the top of the pile is taken.
        """
        pile = self.decks[deck]
        drawer = self.drawer
        if drawer is None:
            return pile.pop(0), False
        card = drawer(deck, list(pile))
        for i, name in enumerate(pile):
            if name.lower() == str(card).lower():
                return pile.pop(i), True
        raise InvalidInput(f"{card!r} is not in the Dummy Mage's {deck} deck")

    def add_creature(self, card: str, side: str, zone: str, *, id: str | None = None,
                     damage: int = 0, active: bool = True, **fields) -> Creature:
        """Put a creature on the board (a new id unless one is given)."""
        found = self.cat.find(card)
        c = Creature(id=id or self.new_id(side), card=found.name if found else card, side=side,
                     zone=self.arena.normal(zone), damage=damage, active=active, **fields)
        self.creatures.append(c)
        return c

    def add_conjuration(self, card: str, side: str, zone: str, *, border: str | None = None,
                        id: str | None = None, **fields) -> Conjuration:
        found = self.cat.find(card)
        c = Conjuration(id=id or self.new_id(side), card=found.name if found else card, side=side,
                        zone=self.arena.normal(zone),
                        border=self.arena.normal(border) if border else None, **fields)
        self.conjurations.append(c)
        return c

    def put_creature(self, c: Creature) -> None:
        """Put a creature made elsewhere into play (see :class:`solo.rules.effects.AddPiece`)."""
        self.creatures.append(c)

    def put_conjuration(self, c: Conjuration) -> None:
        self.conjurations.append(c)

    def changed(self, p: Piece | None) -> None:
        """What is remembered of ``p`` may be out of date (None: of every piece); called by
        :func:`solo.rules.effects.apply` after each change."""
        _touch(p)

    def keep_changes(self) -> list:
        """From now on, every change applied to this board is also kept in the list returned
        (:attr:`applied`), for whoever reads what a step did."""
        kept: list = []
        object.__setattr__(self, "applied", kept)
        return kept

    def remove(self, ident: str) -> Piece:
        p = self.get(ident)
        if isinstance(p, Mage):
            raise InvalidInput("a mage cannot be removed from the board")
        if isinstance(p, Creature):
            self.creatures.remove(p)
        else:
            assert isinstance(p, Conjuration)
            self.conjurations.remove(p)
        return p

    # -- geometry ------------------------------------------------------------------------------
    def is_wall(self, p: Piece) -> bool:
        return isinstance(p, Conjuration) and p.border is not None

    def walls(self) -> list[Wall]:
        out = []
        for c in self.conjurations:
            if c.border is None:
                continue
            traits = [t.lower() for t in self.traits(c)]
            out.append(Wall(c.id, c.zone, c.border,
                            passage_blocked="passage blocked" in traits,
                            passage_attacks="passage attacks" in traits,
                            blocks_los="blocks los" in traits))
        return out

    def geometry(self) -> Geometry:
        key = ("geometry",)
        hit = self._recall(key)
        if hit is None:
            hit = self._keep(key, _at(None), geometry(self.arena, self.walls()))
        return hit

    def distance(self, a: str, b: str) -> int:
        return self.arena.distance(a, b)

    # -- statistics ----------------------------------------------------------------------------
    def card_of(self, p: Piece) -> Card | None:
        return self.cat.find(p.card)

    def _grants(self, p: Piece) -> list[dict]:
        """What attached enchantments and round effects (conditions named after a spell, such
        as ``Charge``) change on this object; see scripts/notes/."""
        key = ("grants", id(p))
        hit = self._recall(key, p)
        if hit is None:
            hit = self._keep(key, _at(p), self._grants_now(p))
        return hit

    def _grants_now(self, p: Piece) -> list[dict]:
        out = []
        for name in [*p.enchantments, *(c for c, n in p.conditions.items() if n > 0)]:
            card = self.cat.find(name)
            if card is not None and card.dm.get("grants"):
                out.append(card.dm["grants"])
        out += self._zone_grants(p)
        return out

    def _zone_grants(self, p: Piece) -> list[dict]:
        """What zone enchantments and auras give ``p`` (a note's ``zone_grants``: its side
        ``friendly`` to the caster, ``restrictions`` Living / Corporeal / Non-Mage, ``others``
        for "every other creature in the bearer's zone")."""
        if isinstance(p, Conjuration):
            return []
        out: list[dict] = []
        sources = self._aura_sources().get(p.zone)
        if not sources:
            return out
        for name, side, bearer in sources:
            card = self.cat.find(name)
            zgs = card.dm.get("zone_grants") if card is not None else None
            if not zgs or not bearer and card is not None and card.dm.get("criterion") != "friendly-zone":
                continue
            out += [zg for zg in (zgs if isinstance(zgs, list) else [zgs])
                    if self._zone_grant_fits(p, zg, side, bearer)]
        return out

    def _aura_sources(self) -> dict[str, list[tuple[str, str, str]]]:
        """Zone by zone, every zone enchantment and aura there: (enchantment, caster's side,
        bearer id; no bearer for an enchantment on the zone itself)."""
        key = ("auras",)
        hit = self._recall(key)
        if hit is not None:
            return hit
        at = _at(None)
        auras = _aura_names(self.cat)
        out: dict[str, list[tuple[str, str, str]]] = {}
        for zone, names in (self.extra.get("zone_enchantments") or {}).items():
            for name in names:
                if name in auras:
                    out.setdefault(zone, []).append((name, "dm", ""))
        for q in self.pieces():
            if q.enchantments:
                for name in q.enchantments:
                    if name in auras:
                        out.setdefault(q.zone, []).append((name, q.side, q.id))
        return self._keep(key, at, out)

    def _zone_grant_fits(self, p: Piece, zg: dict, side: str, bearer: str) -> bool:
        """Whether one ``zone_grants`` entry reaches ``p`` (its side, ``others``, and the
        Living / Corporeal / Non-Mage restrictions, read from the card so this never asks
        :meth:`traits`, which asks here)."""
        if zg.get("side", "friendly") == "friendly" and p.side != side:
            return False
        if zg.get("others") and p.id == bearer:
            return False
        card = self.card_of(p)
        raw = [t.lower() for t in [*p.stats.get("traits", card.traits if card else ()), *p.traits]]
        living = not any(t in ("nonliving", "incorporeal") for t in raw)
        rules = [r.lower() for r in zg.get("restrictions", [])]
        return not (("living" in rules and not living) or ("corporeal" in rules and "incorporeal" in raw)
                    or ("non-mage" in rules and p.is_mage))

    def grant_totals(self, p: Piece, key: str) -> list:
        """Every ``key`` entry (a list) of the object's grants, concatenated."""
        return [x for g in self._grants(p) for x in g.get(key, [])]

    def attack_dice_modifier(self, p: Piece) -> int:
        """Dice added to (or taken from) its non-spell melee and ranged attacks by enchantments."""
        return sum(g.get("attack_dice", 0) for g in self._grants(p))

    def gear(self, p: Piece) -> list[dict]:
        """For a mage: the notes of its mage card's abilities and of each piece of equipment it
        wears (scripts/notes/mages.toml, equipment.toml): traits, armor, Defenses it gains."""
        if not isinstance(p, Mage):
            return []
        out = []
        for name in [p.card, *p.equipment]:
            card = self.cat.find(name)
            if card is not None and card.dm:
                out.append(card.dm)
        return out

    def defenses(self, p: Piece) -> list[Defense]:
        """Every Defense the object has: its card's, then those its mage abilities and its
        equipment give (in the order worn).  Uses a round are counted by position in this list
        (``extra.defense_used``)."""
        card = self.card_of(p)
        out = list(card.defenses) if card is not None else []
        for note in self.gear(p):
            for d in note.get("defenses", ()):
                out.append(Defense(int(d["roll"]), d.get("uses", 1), d.get("restriction")))
        return out

    def traits(self, p: Piece) -> list[str]:
        """Every trait the object has now: card (or ``stats.traits``), gained traits, what a
        mage's abilities and equipment give, and the traits its revealed enchantments give or
        take away."""
        return list(self._trait_sets(p)[0])

    def _trait_sets(self, p: Piece) -> tuple[tuple[str, ...], frozenset[str]]:
        """Its traits, and every name :meth:`has_trait` answers yes to, remembered until
        anything they are worked out from changes."""
        return self._by_state("traits", p, self._trait_sets_now)

    def _trait_sets_now(self, p: Piece) -> tuple[tuple[str, ...], frozenset[str]]:
        traits = self._traits_now(p)
        names = set()
        for x in traits:
            low = x.lower()
            names.add(low)
            names.add(parse_trait(x)[0].lower())
            i = low.find(" ")
            while i >= 0:  # "melee +1" answers "melee": every prefix ending before a space
                names.add(low[:i])
                i = low.find(" ", i + 1)
        return tuple(traits), frozenset(names)

    def _by_state(self, kind: str, p: Piece, work_out: Callable[[Piece], Any]) -> Any:
        """``work_out(p)``, remembered for ``p`` until its own data or anything that reaches every
        object changes (see :func:`_at`), and for every object in the same state (:meth:`_state`)
        on any board; with ``CHECK_MEMORY`` worked out every time and compared with what was
        remembered."""
        key = (kind, id(p))
        hit = self._memo.get(key)  # type: ignore[attr-defined]
        if hit is not None and hit[1] == _world and hit[0] == p._v and not CHECK_MEMORY:
            return hit[2]  # _recall, inlined: hot
        return self._work_out(key, p, work_out)

    def _work_out(self, key: tuple, p: Piece, work_out: Callable[[Piece], Any]) -> Any:
        """:meth:`_by_state` when nothing is remembered for ``key``: the value for an object in
        the same state, else ``work_out(p)``; remembered either way."""
        kind = key[0]
        at = _at(p)
        state = (kind, self._state(p))
        seen = _SEEN.get(state, _NOTHING)
        if seen is not _NOTHING and not CHECK_MEMORY:
            return self._keep(key, at, seen)
        fresh = work_out(p)
        if seen is not _NOTHING and seen != fresh:
            raise AssertionError(f"{kind} remembered for a state went stale: {seen!r} then {fresh!r}")
        _seen(state, fresh)
        return self._keep(key, at, fresh)

    def _state(self, p: Piece) -> tuple:
        """Everything the traits, life and armor of ``p`` are worked out from: objects in the
        same state have the same ones, whatever board they are on."""
        key = ("state", id(p))
        hit = self._recall(key, p)
        if hit is not None:
            return hit
        at = _at(p)
        stats = tuple(sorted((k, repr(v)) for k, v in p.stats.items())) if p.stats else ()
        pet = p.extra.get("pet")
        state = (type(p), self.cat, p.id, p.card, p.side, p.zone, tuple(p.traits),
                 tuple(p.enchantments), tuple(p.conditions.items()), stats,
                 (tuple(p.equipment), p.life) if isinstance(p, Mage) else (),
                 pet, self.mages["dm"].zone if pet else None, bool(p.extra.get(VISIBLE)),
                 tuple(self._aura_sources().get(p.zone, ())))
        return self._keep(key, at, state)

    def _traits_now(self, p: Piece) -> list[str]:
        card = self.card_of(p)
        base = list(p.stats.get("traits", card.traits if card else ()))
        base += p.traits
        for note in self.gear(p):
            base += note.get("traits", [])
            base += [f"{k.capitalize()} +{note[k]}" for k in ("melee", "ranged") if note.get(k)]
        if p.extra.get("pet") and p.side == "dm" and p.zone == self.mages["dm"].zone:
            base.append("Melee +1")  # a Pet in its mage's zone (solo.rules.mages)
        lost: set[str] = {"invisible"} if p.extra.get(VISIBLE) else set()  # it has attacked
        for g in self._grants(p):
            base += g.get("traits", [])
            lost.update(t.lower() for t in g.get("lose", []))
        if lost:  # a lost "Melee" takes every Melee +X
            base = [t for t in base if t.lower() not in lost and parse_trait(t)[0].lower() not in lost]
        return _implied(p, base)

    def wounds(self, p: Piece) -> int:
        """What counts against its life: its damage plus 3 for every Tainted marker (a wound
        that cannot heal; the markers are not damage and healing never removes them)."""
        return p.damage + 3 * max(0, p.conditions.get("Tainted", 0))

    def is_dead(self, p: Piece) -> bool:
        """Whether its wounds reach its life (objects without a life value, and Indestructible
        ones, never die of damage)."""
        if not p.damage and p.conditions.get("Tainted", 0) <= 0:
            return False  # no wounds (the usual case): nothing to work out
        life = self.life(p)
        return life > 0 and self.wounds(p) >= life and not self.has_trait(p, "Indestructible")

    def unmovable(self, p: Piece) -> bool:
        """Cannot be Pushed or Snatched: the trait (Rooted and Unstoppable bring it), every
        conjuration, and a Stuck creature."""
        return isinstance(p, Conjuration) or self.has_trait(p, "Unmovable") \
            or (p.has_condition("Stuck") and not self.has_trait(p, "Uncontainable"))

    def has_trait(self, p: Piece, trait: str) -> bool:
        """Whether a trait of it is ``trait`` (any case), starts with it and a space
        (``Melee`` for ``Melee +1``), or is it with a number (``Regenerate 2``)."""
        hit = self._memo.get(("traits", id(p)))  # type: ignore[attr-defined]
        if hit is not None and hit[1] == _world and hit[0] == p._v and not CHECK_MEMORY:
            return trait.lower() in hit[2][1]  # trait_names, inlined: asked 1,000 times a game
        return trait.lower() in self._work_out(("traits", id(p)), p, self._trait_sets_now)[1]

    def trait_names(self, p: Piece) -> frozenset[str]:
        """Every lower-case name :meth:`has_trait` answers yes to, for asking several at once."""
        return self._trait_sets(p)[1]

    def life(self, p: Piece) -> int:
        hit = self._memo.get(("life", id(p)))  # type: ignore[attr-defined]
        if hit is not None and hit[1] == _world and hit[0] == p._v and not CHECK_MEMORY:
            return hit[2]  # _recall, inlined: hot
        return self._work_out(("life", id(p)), p, self._life_now)

    def _life_now(self, p: Piece) -> int:
        if isinstance(p, Mage):
            base = p.life + sum(int(note.get("life", 0)) for note in self.gear(p))
        else:
            card = self.card_of(p)
            base = p.stats.get("life", card.life if card and card.life is not None else 0)
        growth = 3 * max(0, p.conditions.get("Growth", 0))  # Innate Life +3 a Growth marker
        growth += trait_value(p.traits, "Innate Life") or 0  # gained: a Pet's 3 more life
        more = sum(g.get("life", 0) for g in self._grants(p))
        if more and len(p.enchantments) > 1:
            more -= self._life_after_finite(p)
        return base + growth + more

    def _life_after_finite(self, p: Piece) -> int:
        """The Life +X of enchantments put on ``p`` after one that gave it Finite Life (Poisoned
        Blood): it keeps the life gained before, and gains no more (the codex)."""
        finite, late = False, 0
        for name in p.enchantments:
            card = self.cat.find(name)
            grants = (card.dm.get("grants") or {}) if card is not None else {}
            if finite:
                late += int(grants.get("life", 0))
            finite = finite or "Finite Life" in (grants.get("traits") or [])
        return late

    def remaining_life(self, p: Piece) -> int:
        return self.life(p) - self.wounds(p)

    def base_armor(self, p: Piece) -> int:
        """Its armor before Corrode markers."""
        return self._by_state("armor", p, self._base_armor_now)

    def _base_armor_now(self, p: Piece) -> int:
        card = self.card_of(p)
        base = p.stats.get("armor", card.armor if card and card.armor is not None else 0)
        base += sum(int(note.get("armor", 0)) for note in self.gear(p))
        base += trait_value(p.traits, "Armor") or 0  # gained: a veteran badge, a Pet
        return max(0, base + sum(g.get("armor", 0) for g in self._grants(p)))

    def trim_corrode(self) -> list[tuple[Piece, int]]:
        """Corrode markers never take armor below 0: remove the ones an object's armor no longer
        covers (its armor dropped: an aura left behind, an enchantment gone).  Returns each
        object trimmed and how many markers came off."""
        out = []
        for p in self.pieces():
            have = p.conditions.get("Corrode", 0)
            if have <= 0 or self.has_trait(p, "Incorporeal"):
                continue
            room = self.base_armor(p)
            if have > room:
                if room > 0:
                    p.conditions["Corrode"] = room
                else:
                    del p.conditions["Corrode"]
                out.append((p, have - room))
        return out

    def armor(self, p: Piece) -> int:
        """Its armor now: Armor -1 per Corrode marker, never below 0 (Incorporeal objects
        ignore Corrode)."""
        corrode = 0 if self.has_trait(p, "Incorporeal") else p.conditions.get("Corrode", 0)
        return max(0, self.base_armor(p) - max(0, corrode))

    def cost(self, p: Piece) -> int:
        card = self.card_of(p)
        if "cost" in p.stats:
            return int(p.stats["cost"])
        return card.mana if card else 0

    def attacks(self, p: Piece) -> list[Attack]:
        """Its attacks; none while it has a Disable marker (it loses its attack bars)."""
        if p.has_condition("Disable"):
            return []
        if "attacks" in p.stats:
            return [Attack.from_dict(a) for a in p.stats["attacks"]]
        card = self.card_of(p)
        out = list(card.attacks) if card else []
        if isinstance(p, Mage):  # the attacks of what it wears (a weapon, a damage barrier)
            for name in p.equipment:
                worn = self.cat.find(name)
                if worn is not None:
                    out += worn.attacks
        return out

    def regenerate(self, p: Piece) -> int:
        return trait_max(self.traits(p), "Regenerate") or 0

    def is_living(self, p: Piece) -> bool:
        names = self.trait_names(p)
        if isinstance(p, Conjuration):
            return "living" in names
        return "nonliving" not in names and "incorporeal" not in names

    def is_corporeal(self, p: Piece) -> bool:
        return not self.has_trait(p, "Incorporeal")

    def incapacitated(self, p: Piece) -> bool:
        """Incapacitating conditions, or an enchantment that says so (Turn to Stone)."""
        return p.has_condition(*INCAPACITATING) or (bool(p.enchantments) and self.has_trait(p, "Incapacitated"))

    def restrained(self, p: Piece) -> bool:
        """Restraining conditions, or an enchantment that says so (Force Hold, Bind Spirit)."""
        if isinstance(p, Conjuration):
            return False
        if p.enchantments and self.has_trait(p, "Restrained"):
            return True
        if self.has_trait(p, "Uncontainable"):
            return False
        return p.has_condition(*RESTRAINING)

    def flying(self, p: Piece) -> bool:
        """Flying now: has the trait and is neither Restrained nor Incapacitated, nor guarding
        (a guarding creature loses Flying while it guards), nor Rooted."""
        key = ("flying", id(p))
        hit = self._recall(key, p)
        if hit is None:
            hit = self._keep(key, _at(p), self._flying_now(p))
        return hit

    def _flying_now(self, p: Piece) -> bool:
        return (self.has_trait(p, "Flying") and not self.has_trait(p, "Rooted")
                and not self.restrained(p)
                and not self.incapacitated(p) and not getattr(p, "guarding", False)
                and not p.extra.get(GROUNDED))


    def enemies_of(self, side: str) -> list[Piece]:
        other = "ym" if side == "dm" else "dm"
        return [self.mages[other], *self.side_creatures(other)]

    # -- serialisation -------------------------------------------------------------------------
    def to_dict(self) -> dict:
        out = {"format": FORMAT, "round": self.round, "stage": self.stage,
               "initiative": self.initiative,
               "arena": {"columns": self.arena.columns, "rows": self.arena.rows},
               "mages": {s: _mage_dict(self.mages[s]) for s in SIDES},
               "creatures": [_creature_dict(c) for c in self.creatures],
               "conjurations": [_conj_dict(c) for c in self.conjurations],
               "decks": {k: list(v) for k, v in self.decks.items()},
               "discards": {k: list(v) for k, v in self.discards.items()}}
        for k, v in self.extra.items():
            out[k] = copy.deepcopy(v)
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"

    def save(self, path: str | os.PathLike) -> None:
        write_atomic(path, self.dumps(), "board file")

    def copy(self, only: set[str] | None = None) -> "Board":
        """An independent copy (no re-validation: the board is already valid).

        ``only``: the ids of the pieces the copy may change (an attack's attacker and target,
        say).  The other pieces are shared with this board, the same objects, until :meth:`own`
        makes one the copy's own; nothing may change a shared piece.  Such a copy shares the
        Dummy Mage's draw piles too (an attack never draws); its lists of pieces, discard piles
        and notes are its own.

        Making it changes nothing that exists, so it counts no change; and the copy starts
        out remembering what this board remembers now, its pieces being the same in every
        respect (a piece is remembered by identity, so each entry moves to its copy)."""
        moved: dict[int, int] = {}
        shared: set[str] = set()

        def clone(p):
            if only is not None and p.id not in only:
                shared.add(p.id)
                return p
            q = _clone_piece(p)
            moved[id(p)] = id(q)
            return q

        b = object.__new__(Board)
        b.__dict__.update(
            round=self.round, initiative=self.initiative, arena=self.arena,
            mages=_Dict((s, clone(m)) for s, m in self.mages.items()),
            creatures=_Creatures([clone(c) for c in self.creatures]),
            conjurations=_List([clone(c) for c in self.conjurations]),
            decks=self.decks if only is not None else _cloned(self.decks, _NOBODY),
            discards=_cloned(self.discards, _NOBODY),
            stage=self.stage, extra=_cloned(self.extra), catalog=self.catalog, drawer=None)
        # (with CHECK_MEMORY every entry carried over is checked like any other)
        memo = dict(self._memo)  # type: ignore[attr-defined]
        for old, new in moved.items():  # a copied piece's entries go with it
            for kind in _PIECE_KINDS:
                hit = memo.pop((kind, old), None)
                if hit is not None:
                    memo[(kind, new)] = hit
        b.__dict__["_memo"] = memo
        b.__dict__["_shared"] = shared
        return b

    def own(self, ident: str) -> Piece | None:
        """The object with id ``ident``, made this board's own first if it is shared with the
        board this one was copied from (see :meth:`copy`): call it before changing a piece."""
        shared = self.__dict__.get("_shared")
        if not shared or ident not in shared:
            return self.find(ident)
        shared.discard(ident)
        p = self.find(ident)
        assert p is not None  # a shared piece is on the board until it is owned
        q = _clone_piece(p)
        if isinstance(p, Mage):
            side = next(k for k, m in self.mages.items() if m is p)
            mages: dict = self.mages
            dict.__setitem__(mages, side, q)  # the same in every respect: counts no change
        else:
            place: list = self.creatures if isinstance(p, Creature) else self.conjurations
            list.__setitem__(place, next(i for i, x in enumerate(place) if x is p), q)
        memo = self._memo  # type: ignore[attr-defined]
        for kind in _PIECE_KINDS:  # the same in every respect: its entries go with it
            hit = memo.pop((kind, id(p)), None)
            if hit is not None:
                memo[(kind, id(q))] = hit
        return q


_P = TypeVar("_P", bound=Piece)

#: What is remembered of each piece, by kind (Board._memo keys (kind, id(piece))).
_PIECE_KINDS = ("traits", "life", "armor", "state", "grants", "flying")


def _at(p: Piece | None) -> tuple[int, int]:
    """What a remembered value of ``p`` (None: of the board) is checked against: its version
    and the count at the last change that reaches every object."""
    return (p._v if p is not None else 0), _world


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


def _implied(p: Piece, traits: list[str]) -> list[str]:
    """``traits`` with what its traits and markers bring: Invisible gives Pest and Elusive,
    Unstoppable gives Unmovable and Uncontainable, Incorporeal gives Nonliving, Burnproof and
    Uncontainable, Rooted gives Unmovable; a Zombie marker gives Psychic Immunity, Slow, Nonliving and Bloodthirsty +0;
    each Growth marker and each Rage token gives Melee +1."""
    out = list(traits)
    have = {t.lower() for t in out}
    names = {t.lower().split(" +")[0].split(" -")[0] for t in out}

    def add(t: str) -> None:
        if t.lower() not in have:
            out.append(t)
            have.add(t.lower())

    if p.conditions.get("Zombie", 0) > 0:
        for t in ZOMBIE_TRAITS:
            if t.startswith("Bloodthirsty") and "bloodthirsty" in names:
                continue
            add(t)
    for name, gives in IMPLIED.items():
        if name in have:
            for t in gives:
                add(t)
    extra = max(0, p.conditions.get("Growth", 0)) + max(0, p.conditions.get("Rage", 0))
    if extra:
        out.append(f"Melee +{extra}")
    return out


def _markers(conditions: dict[str, int]) -> dict[str, int]:
    """Condition counts as written to a file: never past the loader's limit, so any board
    solo writes reads back (no physical board carries 99 markers of one kind)."""
    return {k: min(v, MAX_MARKERS) for k, v in conditions.items()}


def _mage_dict(m: Mage) -> dict:
    d = {"card": m.card, "zone": m.zone, "life": m.life, "damage": m.damage,
         "conditions": _markers(m.conditions)}
    if m.enchantments:
        d["enchantments"] = list(m.enchantments)
    if m.traits:
        d["traits"] = list(m.traits)
    if m.equipment:
        d["equipment"] = list(m.equipment)
    d.update(copy.deepcopy(m.extra))
    return d


def _creature_dict(c: Creature) -> dict:
    d = {"id": c.id, "card": c.card, "side": c.side, "zone": c.zone, "damage": c.damage,
         "active": c.active, "guarding": c.guarding, "conditions": _markers(c.conditions),
         "enchantments": list(c.enchantments), "traits": list(c.traits), "stats": dict(c.stats)}
    d.update(copy.deepcopy(c.extra))
    return d


def _conj_dict(c: Conjuration) -> dict:
    d: dict[str, object] = {"id": c.id, "card": c.card, "side": c.side, "zone": c.zone}
    if c.border is not None:
        d["border"] = c.border
    d.update({"damage": c.damage, "traits": list(c.traits), "stats": dict(c.stats)})
    if c.conditions:
        d["conditions"] = _markers(c.conditions)
    if c.enchantments:
        d["enchantments"] = list(c.enchantments)
    d.update(copy.deepcopy(c.extra))
    return d


# -- loading and validation ------------------------------------------------------------------

class _Reader:
    """Small helpers that read one key and name it in any error."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    @staticmethod
    def fail(key: str, problem: str) -> BoardError:
        return BoardError(f"board: {key}: {problem}")

    def obj(self, data, key: str) -> dict:
        if not isinstance(data, dict):
            raise self.fail(key, f"must be an object, not {_type_name(data)}")
        return data

    def need(self, data: dict, name: str, key: str):
        if name not in data:
            raise self.fail(f"{key}.{name}" if key else name, "is missing")
        return data[name]

    def int_(self, value, key: str, low: int = 0, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be a whole number, not {_type_name(value)}")
        if value < low or (high is not None and value > high):
            span = f"{low} or more" if high is None else f"{low} to {high}"
            raise self.fail(key, f"must be {span}, not {value}")
        return value

    def str_(self, value, key: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"must be a non-empty string, not {_type_name(value)}")
        return value

    def bool_(self, value, key: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, not {_type_name(value)}")
        return value

    def choice(self, value, key: str, options) -> str:
        if value not in options:
            raise self.fail(key, f"must be one of {', '.join(options)}, not {value!r}")
        return value

    def zone(self, value, key: str, arena: Arena) -> str:
        self.str_(value, key)
        try:
            return arena.normal(value)
        except InvalidInput as err:
            raise self.fail(key, str(err)) from None

    def str_list(self, value, key: str) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(x, str) and x.strip() for x in value):
            raise self.fail(key, "must be a list of names")
        return list(value)

    def conditions(self, value, key: str) -> dict[str, int]:
        self.obj(value, key)
        out = {}
        for name, count in value.items():
            out[name] = self.int_(count, f"{key}.{name}", 0, MAX_MARKERS)
        return out

    def traits(self, value, key: str) -> list[str]:
        out = self.str_list(value, key)
        for i, t in enumerate(out):
            _, n = parse_trait(t)
            if n is not None and abs(n) > MAX_TRAIT:
                raise self.fail(f"{key}[{i}]", f"{t!r}: a trait's number must be {MAX_TRAIT} or less")
        return out

    def card(self, value, key: str, types: tuple[str, ...], stats: dict | None = None) -> str:
        self.str_(value, key)
        found = self.catalog.name_and_type(value)  # (the card itself is decoded when used)
        if found is None:
            if stats is not None and "life" in stats and "cost" in stats:
                return value
            hint = self.catalog.suggest(value)
            extra = " (or give stats.life and stats.cost)" if stats is not None else ""
            raise self.fail(key, f"no catalog card named {value!r}"
                            + (f"; did you mean {', '.join(hint)}?" if hint else "") + extra)
        name, type_ = found
        if type_ not in types:
            article = "an" if type_[:1] in "AEIOU" else "a"
            raise self.fail(key, f"{name} is {article} {type_}, expected a {' or '.join(types)}")
        return name

    def stats(self, value, key: str) -> dict:
        self.obj(value, key)
        for k in ("life", "armor", "cost"):
            if k in value:
                self.int_(value[k], f"{key}.{k}", 0, MAX_POINTS)
        if "traits" in value:
            self.traits(value["traits"], f"{key}.traits")
        if "attacks" in value:
            if not isinstance(value["attacks"], list):
                raise self.fail(f"{key}.attacks", "must be a list of attack objects")
            for i, a in enumerate(value["attacks"]):
                self.obj(a, f"{key}.attacks[{i}]")
                self.str_(a.get("name"), f"{key}.attacks[{i}].name")
                rng = a.get("range", [0, 0])
                if not (isinstance(rng, list) and len(rng) == 2
                        and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in rng)):
                    raise self.fail(f"{key}.attacks[{i}].range", "must be two whole numbers, [min, max]")
                if a.get("kind") not in (None, "melee", "ranged", "zone", "damage-barrier", "passage"):
                    raise self.fail(f"{key}.attacks[{i}].kind", "must be melee, ranged, zone, "
                                    "damage-barrier or passage")
                dice = a.get("dice")
                if dice is not None and not (isinstance(dice, int) and not isinstance(dice, bool)
                                             and 0 <= dice <= 99) and dice != "X":
                    raise self.fail(f"{key}.attacks[{i}].dice", "must be a whole number of dice")
                try:
                    Attack.from_dict(a)
                except (KeyError, TypeError, ValueError) as err:
                    raise self.fail(f"{key}.attacks[{i}]", f"not a valid attack ({err})") from None
        return dict(value)


_KNOWN_TOP = {"format", "round", "stage", "initiative", "arena", "mages", "creatures",
              "conjurations", "decks", "discards"}
_KNOWN_MAGE = {"card", "zone", "life", "damage", "conditions", "enchantments", "traits",
               "equipment"}
_KNOWN_CREATURE = {"id", "card", "side", "zone", "damage", "active", "guarding", "conditions",
                   "enchantments", "traits", "stats"}
_KNOWN_CONJ = {"id", "card", "side", "zone", "border", "damage", "traits", "stats", "conditions",
               "enchantments"}


def from_dict(data, catalog: Catalog | None = None) -> Board:
    """Build a :class:`Board` from contract JSON, or raise :class:`BoardError`."""
    try:
        return _from_dict(data, catalog or get_catalog())
    except RecursionError:
        raise BoardError("board: a value is nested too deeply to keep") from None


def _from_dict(data, catalog: Catalog) -> Board:
    r = _Reader(catalog)
    r.obj(data, "board")
    fmt = r.need(data, "format", "")
    if fmt != FORMAT:
        raise r.fail("format", f"must be {FORMAT!r}, not {fmt!r}")
    rnd = r.int_(r.need(data, "round", ""), "round", 1, 9999)
    stage = r.choice(data.get("stage", "quickcast-1"), "stage", STAGES)
    initiative = r.choice(r.need(data, "initiative", ""), "initiative", SIDES)
    a = r.obj(r.need(data, "arena", ""), "arena")
    arena = Arena(r.int_(r.need(a, "columns", "arena"), "arena.columns", 1, 26),
                  r.int_(r.need(a, "rows", "arena"), "arena.rows", 1, 99))

    mages_data = r.obj(r.need(data, "mages", ""), "mages")
    mages = {}
    for side in SIDES:
        key = f"mages.{side}"
        m = r.obj(r.need(mages_data, side, "mages"), key)
        mages[side] = Mage(
            id=side, side=side,
            card=r.card(r.need(m, "card", key), f"{key}.card", ("Mage",)),
            zone=r.zone(r.need(m, "zone", key), f"{key}.zone", arena),
            life=r.int_(r.need(m, "life", key), f"{key}.life", 1, MAX_POINTS),
            damage=r.int_(r.need(m, "damage", key), f"{key}.damage", 0, MAX_DAMAGE),
            conditions=r.conditions(r.need(m, "conditions", key), f"{key}.conditions"),
            enchantments=r.str_list(m.get("enchantments", []), f"{key}.enchantments"),
            traits=r.traits(m.get("traits", []), f"{key}.traits"),
            equipment=[r.card(name, f"{key}.equipment[{j}]", ("Equipment",))
                       for j, name in enumerate(r.str_list(m.get("equipment", []),
                                                           f"{key}.equipment"))],
            extra={k: v for k, v in m.items() if k not in _KNOWN_MAGE})
    unknown_sides = set(mages_data) - set(SIDES)
    if unknown_sides:
        raise r.fail("mages", f"only 'dm' and 'ym' are allowed, not {sorted(unknown_sides)}")

    ids: set[str] = set(SIDES)

    def common(c, key: str, types: tuple[str, ...], known: set[str]) -> dict:
        """The fields creatures and conjurations share, checked; ``id`` unique on the board."""
        r.obj(c, key)
        cid = r.str_(r.need(c, "id", key), f"{key}.id")
        if cid in ids:
            raise r.fail(f"{key}.id", f"{cid!r} is used twice (ids must be unique, and 'dm'/'ym' are the mages)")
        ids.add(cid)
        stats = r.stats(c.get("stats", {}), f"{key}.stats")
        return {"id": cid, "card": r.card(r.need(c, "card", key), f"{key}.card", types, stats),
                "side": r.choice(r.need(c, "side", key), f"{key}.side", SIDES),
                "zone": r.zone(r.need(c, "zone", key), f"{key}.zone", arena),
                "damage": r.int_(r.need(c, "damage", key), f"{key}.damage", 0, MAX_DAMAGE),
                "traits": r.traits(r.need(c, "traits", key), f"{key}.traits"), "stats": stats,
                "extra": {k: v for k, v in c.items() if k not in known}}

    def listed(name: str) -> list:
        items = r.need(data, name, "")
        if not isinstance(items, list):
            raise r.fail(name, "must be a list")
        return items

    creatures = []
    for i, c in enumerate(listed("creatures")):
        key = f"creatures[{i}]"
        fields = common(c, key, ("Creature",), _KNOWN_CREATURE)
        creatures.append(Creature(
            **fields,
            active=r.bool_(r.need(c, "active", key), f"{key}.active"),
            guarding=r.bool_(r.need(c, "guarding", key), f"{key}.guarding"),
            conditions=r.conditions(r.need(c, "conditions", key), f"{key}.conditions"),
            enchantments=r.str_list(r.need(c, "enchantments", key), f"{key}.enchantments")))

    conjurations = []
    for i, c in enumerate(listed("conjurations")):
        key = f"conjurations[{i}]"
        fields = common(c, key, ("Conjuration", "Creature"), _KNOWN_CONJ)
        border = None
        if c.get("border") is not None:
            border = r.zone(c["border"], f"{key}.border", arena)
            if not arena.adjacent(fields["zone"], border):
                raise r.fail(f"{key}.border", f"{border} is not next to {fields['zone']}; a wall "
                             "stands on the border between two adjacent zones")
        conjurations.append(Conjuration(
            **fields, border=border,
            conditions=r.conditions(c.get("conditions", {}), f"{key}.conditions"),
            enchantments=r.str_list(c.get("enchantments", []), f"{key}.enchantments")))

    def piles(name: str, required: bool) -> dict[str, list[str]]:
        raw = r.need(data, name, "") if required else data.get(name, {})
        r.obj(raw, name)
        out = {}
        for deck in SPELL_DECKS:
            items = r.str_list(raw.get(deck, []), f"{name}.{deck}") if (deck in raw or not required) \
                else r.str_list(r.need(raw, deck, name), f"{name}.{deck}")
            # A discard pile may hold a homemade creature (a board card with stats) that was
            # destroyed; draw piles hold catalog cards only.
            homemade = {"life": 0, "cost": 0} if name == "discards" else None
            out[deck] = [r.card(n, f"{name}.{deck}[{j}]", (DECK_TYPES[deck],), homemade)
                         for j, n in enumerate(items)]
        extra = set(raw) - set(SPELL_DECKS)
        if extra:
            raise r.fail(name, f"unknown deck {sorted(extra)[0]!r}; the decks are {', '.join(SPELL_DECKS)}")
        return out

    decks = piles("decks", True)
    discards = piles("discards", False)
    if "next_id" in data:
        r.obj(data["next_id"], "next_id")
        for side, n in data["next_id"].items():
            r.choice(side, "next_id", SIDES)
            r.int_(n, f"next_id.{side}", 1)
    if "tally" in data:  # mana destroyed by each side (solo's own key)
        r.obj(data["tally"], "tally")
        for side, n in data["tally"].items():
            r.choice(side, "tally", SIDES)
            r.int_(n, f"tally.{side}", 0, 99999)
    if "zone_enchantments" in data:  # enchantments the Dummy Mage cast on zones (solo's own key)
        r.obj(data["zone_enchantments"], "zone_enchantments")
        for z, names in data["zone_enchantments"].items():
            r.zone(z, "zone_enchantments", arena)
            r.str_list(names, f"zone_enchantments.{z}")
    for i, p in enumerate(data["creatures"] + data["conjurations"]):
        where = f"creatures[{i}]" if i < len(data["creatures"]) else \
            f"conjurations[{i - len(data['creatures'])}]"
        _check_piece_extras(r, p, where)
    for side in SIDES:
        _check_piece_extras(r, mages_data[side], f"mages.{side}")
    return Board(round=rnd, stage=stage, initiative=initiative, arena=arena, mages=mages,
                 creatures=creatures, conjurations=conjurations, decks=decks, discards=discards,
                 extra={k: copy.deepcopy(v) for k, v in data.items() if k not in _KNOWN_TOP},
                 catalog=catalog)


def new_board(dm_mage: str = "Warlock", ym_mage: str = "Beastmaster", *, dm_zone: str = "A1",
              ym_zone: str = "D3", dm_life: int | None = None, decks: dict | None = None,
              catalog: Catalog | None = None, columns: int = 4, rows: int = 3) -> Board:
    """A fresh board at the start of round 1: both mages, no creatures, the given draw piles."""
    catalog = catalog or get_catalog()
    dm, ym = catalog.get(dm_mage), catalog.get(ym_mage)
    for card, who in ((dm, "the Dummy Mage"), (ym, "your mage")):
        if card.type != "Mage":
            raise InvalidInput(f"{card.name} is a {card.type}, not a mage, for {who}")
    dm_start = dm_life if dm_life is not None else dm.life
    assert dm_start is not None and ym.life is not None, "every mage card has a life"
    arena = Arena(columns, rows)
    mages = {"dm": Mage(id="dm", card=dm.name, side="dm", zone=arena.normal(dm_zone),
                        life=dm_start),
             "ym": Mage(id="ym", card=ym.name, side="ym", zone=arena.normal(ym_zone), life=ym.life)}
    piles = {d: list((decks or {}).get(d, [])) for d in SPELL_DECKS}
    return Board(round=1, initiative="dm", arena=arena, mages=mages, creatures=[],
                 conjurations=[], decks=piles, discards={d: [] for d in SPELL_DECKS},
                 catalog=catalog)


def _check_piece_extras(r: _Reader, p: dict, key: str) -> None:
    """Keys solo itself adds to an object: Defense uses this round, round markers used up."""
    if "defense_used" in p:
        r.obj(p["defense_used"], f"{key}.defense_used")
        for k, n in p["defense_used"].items():
            if not k.isdigit():
                raise r.fail(f"{key}.defense_used", f"{k!r} is not a defense number")
            r.int_(n, f"{key}.defense_used.{k}", 0, 99)
    if "once_used" in p:
        r.str_list(p["once_used"], f"{key}.once_used")


def load(path: str | os.PathLike, catalog: Catalog | None = None) -> Board:
    """Read a board file; any problem is a :class:`BoardError` naming the file and the key."""
    path = os.fspath(path)
    text = read_text(path, "board file", error=BoardError)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise BoardError(f"board file {path} is not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})") from None
    except (ValueError, RecursionError) as err:  # a number too long to read, absurd nesting
        why = "it is nested too deeply" if isinstance(err, RecursionError) else str(err)
        raise BoardError(f"board file {path} cannot be read: {why}") from None
    try:
        return from_dict(data, catalog)
    except BoardError as err:
        raise BoardError(f"{path}: {err}") from None


def _type_name(v) -> str:
    if v is None:
        return "null"
    return {bool: "true/false", int: "a number", float: "a decimal number", str: "a string",
            list: "a list", dict: "an object"}.get(type(v), type(v).__name__)
