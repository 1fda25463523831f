"""The board: every object in play, the Dummy Mage's decks, and the state of the round.

:class:`Board` holds the pieces (:mod:`solo.rules.pieces`) and works out their statistics
(:class:`solo.rules.stats.Stats`).  Its file form (contract section 2, ``format:
"solo-board/1"``) is read, checked and written by :mod:`solo.store.board_file`; ``to_dict``
gives the data that file holds.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, TypeVar, Final

from solo.cards.catalog import SPELL_DECKS, Catalog, get_catalog
from solo.core.errors import (MAX_DIGITS, MageNotRemovable, NoSuchPiece, NotAMage, NotInDeck,
                              StaleMemory)
from solo.core.kinds import BOARD_STAGES, DM, YM, Side, Stage
from solo.rules.arena import Arena, Geometry, Wall, geometry
from solo.rules import pieces as _pieces
from solo.rules.pieces import MEMORY
from solo.rules.pieces import (CONDITIONS, GROUNDED, HIDDEN, IMPLIED, INCAPACITATING, MARKERS,
                               MAX_DAMAGE, MAX_MARKERS, MAX_POINTS, MAX_TRAIT, RESTRAINING,
                               SPELL_ROUND_MARKERS, SUMMONED, UNKEPT, UNREMEMBERED, VISIBLE,
                               ZOMBIE_TRAITS, Conjuration, Creature, Mage, Piece, _clone_piece,
                               _touch, changes, conjuration_dict, creature_dict,
                               mage_dict, plain_copy)
from solo.rules import stats as _stats
from solo.rules.stats import _PIECE_KINDS, GROUNDING, Stats, _aura_names

_P = TypeVar("_P", bound=Piece)

__all__ = ["Board", "Piece", "Mage", "Creature", "Conjuration", "new_board",
           "changes", "FORMAT", "SIDES", "STAGES",
           "CONDITIONS", "MARKERS", "INCAPACITATING", "RESTRAINING", "SPELL_ROUND_MARKERS",
           "IMPLIED", "ZOMBIE_TRAITS", "GROUNDED", "HIDDEN", "SUMMONED", "VISIBLE",
           "UNREMEMBERED", "MAX_MARKERS", "MAX_TRAIT", "MAX_POINTS", "MAX_DAMAGE"]

#: The board file's format (contract section 2).
FORMAT: Final = "solo-board/1"
STAGES: Final = BOARD_STAGES
SIDES: Final = (Side.DM, Side.YM)


def _clone_into(p: _P, memo: dict[tuple[Any, ...], Any], index: dict[str, Any], old: int,
                new: int) -> _P:
    """For :meth:`Board.copy`: a copy of ``p``, which takes ``p``'s entries in the copy's
    ``memo`` (being the same in every respect) and its place in the copy's ``index``.  ``old``,
    ``new``: the serials of the board copied and of the copy; the last values ``p`` keeps for
    ``old`` are the copy's for ``q`` (the read checks the world's count, as ever), so
    the attacker and target do not work them out again on the attack's copy."""
    q: _P = p.clone()  # type: ignore[assignment]  # (_clone_piece, written out: no cast call)
    _move_memo(memo, p, q)
    _carry(p, q, old, new)
    if index.get(p.id) is p:
        index[p.id] = q
    return q


#: Each piece id read by Board.new_id: its side and its number + 1 (None for an id of no such
#: form), so an id is taken apart once, not at every new id (a game makes about 20, each of
#: which read every piece's id: 40,000 instructions a new id).
_NUMBERED: Final[dict[str, tuple[str, int] | None]] = {}


def _numbered(ident: str) -> tuple[str, int] | None:
    """``ident``'s side and number + 1 when it is ``<side>-<number>`` (kept in _NUMBERED)."""
    if len(_NUMBERED) > 4096:
        _NUMBERED.clear()
    prefix, _, num = ident.partition("-")
    numbered = _NUMBERED[ident] = (prefix, int(num) + 1) \
        if num.isascii() and num.isdigit() and len(num) <= MAX_DIGITS else None
    return numbered


def _same(kept: list[Any], fresh: list[Any]) -> bool:
    """Whether a list kept of the board's pieces holds the very pieces of the one made again
    (the same objects: a piece owned by a copy is equal to the one it copies)."""
    return len(kept) == len(fresh) and all(a is b for a, b in zip(kept, fresh))


def _carry(p: Piece, q: Piece, old: int, new: int) -> None:
    """The last values ``p`` keeps for the board numbered ``old`` (see Stats.trait_names), kept
    by its copy ``q`` for the copy of that board numbered ``new``, made now (``q`` is the same in
    every respect: they hold while the world's count does, as ever)."""
    if MEMORY.check:  # (kept under the negated numbers then: see Stats._remembered)
        old, new = -old, -new
    mt, ml, ma, mf, ms = p._mt, p._ml, p._ma, p._mf, p._ms  # (written out: every attack)
    q._mt = (new, mt[1], mt[2]) if mt[0] == old else UNKEPT
    q._ml = (new, ml[1], ml[2]) if ml[0] == old else UNKEPT
    q._ma = (new, ma[1], ma[2]) if ma[0] == old else UNKEPT
    q._mf = (new, mf[1], mf[2]) if mf[0] == old else UNKEPT
    q._ms = (new, ms[1], ms[2]) if ms[0] == old else UNKEPT


def _move_memo(memo: dict[tuple[Any, ...], Any], p: Piece, q: Piece) -> None:
    """What ``memo`` remembers of ``p``, moved to its copy ``q`` (a piece is remembered by
    identity)."""
    old, new, pop = id(p), id(q), memo.pop
    for kind in _PIECE_KINDS:
        hit = pop((kind, old), None)
        if hit is not None:
            memo[kind, new] = hit


class Board(Stats):
    """The board: both mages, the creatures and conjurations, the Dummy Mage's draw piles and
    discards, the round and its stage.

    A plain class with slots, like the pieces (the compiled build makes it a class of its
    own); it behaves as a record whose fields are :attr:`_fields`: ``==`` compares them but
    the catalog and the card drawer, and so does ``repr``; no hash."""

    __slots__ = ("round", "initiative", "arena", "creatures", "decks", "discards", "stage",
                 "drawer", "applied", "_index", "_sides", "_index_checked", "_sides_checked",
                 "_shared", "_trimmed", "_clean", "_geometry")
    #: every field, in the order of ``__init__``
    _fields: ClassVar[tuple[str, ...]] = (
        "round", "initiative", "arena", "mages", "creatures", "conjurations", "decks", "discards",
        "stage", "extra", "catalog", "drawer")
    _uncompared: ClassVar[tuple[str, ...]] = ("catalog", "drawer")
    _unshown: ClassVar[tuple[str, ...]] = ("catalog", "drawer")

    round: int
    initiative: str
    arena: Arena
    # mages: dict[str, Mage], conjurations, extra and catalog are declared by Stats
    creatures: list[Creature]
    decks: dict[str, list[str]]
    discards: dict[str, list[str]]
    stage: str
    # Set by the caller, never saved: which card a person with physical cards drew (see draw).
    drawer: Callable[[str, list[str]], str] | None
    #: The changes applied since :meth:`keep_changes`, when a caller keeps them (never saved).
    applied: list[Any] | None
    _index: dict[str, Piece] | None
    _sides: tuple[list[Creature], list[Creature]] | None
    #: With ``MEMORY.check``, the index and each side's creatures are kept here instead, where
    #: no read finds them: each read makes them again, compared with these (see _reindex).
    _index_checked: dict[str, Piece] | None
    _sides_checked: tuple[list[Creature], list[Creature]] | None
    #: Where the count of changes and the lists stood after the last trim_corrode (see there).
    _trimmed: tuple[Any, ...] | None
    #: The count of Corrode markers put (``pieces.corrodes``) when the last trim_corrode found
    #: none on this board; -1 when it found some, or before the first.
    _clean: int
    #: On a copy made for an attack: the ids of the pieces shared with the original (see copy).
    _shared: set[str] | None
    #: The last geometry, with the world's count it holds for (see geometry).
    _geometry: tuple[int, Geometry] | None

    def __init__(self, round: int, initiative: str, arena: Arena, mages: dict[str, Mage],
                 creatures: list[Creature], conjurations: list[Conjuration],
                 decks: dict[str, list[str]], discards: dict[str, list[str]],
                 stage: str = Stage.QUICKCAST_1.label, extra: dict[str, Any] | None = None,
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
        self.cat = catalog if catalog is not None else get_catalog()  # (see Stats.cat)
        self.drawer = drawer
        self.applied = None
        self._shared = None
        # Derived values with where the counts stood when they were worked out (see ``_at``);
        # not a field, so never saved or compared (Board.copy carries it over itself).
        self._memo = {}
        self._serial = _stats.serial()  # (see Stats.trait_names)
        self._index = self._index_checked = None  # see find
        self._sides = self._sides_checked = None  # see side_creatures
        self._trimmed = None  # see trim_corrode
        self._clean = -1  # see trim_corrode
        self._altar = None  # see _no_melee_bonus
        self._auras = None  # see _aura_sources
        self._geometry = None  # see geometry

    # -- lookup --------------------------------------------------------------------------------
    def pieces(self) -> list[Piece]:
        """Both mages, then every creature, then every conjuration."""
        return [self.mages[DM], self.mages[YM], *self.creatures, *self.conjurations]

    def get(self, ident: str) -> Piece:
        index = self._index  # (find, written out: asked hundreds of times a game)
        if index is None:
            index = self._reindex()
        p = index.get(ident)
        if p is None:
            raise NoSuchPiece(ident)
        return p

    def find(self, ident: str) -> Piece | None:
        """The object with id ``ident`` (the first, in :meth:`pieces` order), if any."""
        index = self._index
        if index is None:
            index = self._reindex()
        return index.get(ident)

    def _reindex(self) -> dict[str, Piece]:
        """Every piece by its id, the first of :meth:`pieces` for an id given twice.  Kept until
        the board's own changes to its pieces (``put_*``, ``remove``, ``own``) forget it, so a
        read asks nothing else (about 2,000 a game; they once compared the lists' lengths).
        Nothing else changes the lists of a board in play; with ``MEMORY.check`` the index is
        kept where no read finds it (``_index_checked``), so every read makes it again and
        fails on a kept one that a change around these missed."""
        index: dict[str, Piece] = {}
        for p in reversed(self.pieces()):
            index[p.id] = p
        kept = self._index_checked
        if kept is not None and (len(kept) != len(index)
                                 or not _same([kept.get(k) for k in index], [*index.values()])):
            raise StaleMemory("index", sorted(kept), sorted(index))
        if MEMORY.check:
            self._index_checked = index
        else:
            self._index = index
        return index

    def in_zone(self, zone: str) -> list[Piece]:
        return [p for p in self.pieces() if p.zone == zone and not self.is_wall(p)]

    def side_creatures(self, side: str) -> list[Creature]:
        """One side's creatures, in play order (a fresh list).  Asked about 700 times a game:
        each side's list is kept until :meth:`own`, :meth:`remove` and the ``put_*`` methods
        (which replace, take or add pieces) forget it, and so does a creature changing sides
        (:meth:`sides_changed`); checked as the index of pieces is (:meth:`_reindex`)."""
        kept = self._sides  # (kept_side, written out: no call more)
        if kept is None:
            kept = self._sort_sides()
        if side == DM:
            return list(kept[0])
        if side == YM:
            return list(kept[1])
        return [c for c in self.creatures if c.side == side]

    def kept_side(self, side: str) -> list[Creature]:
        """:meth:`side_creatures` without the copy: the list kept, to be read and never
        changed (for a reader that filters it at once)."""
        kept = self._sides
        if kept is None:
            kept = self._sort_sides()
        if side == DM:
            return kept[0]
        if side == YM:
            return kept[1]
        return [c for c in self.creatures if c.side == side]

    def _sort_sides(self) -> tuple[list[Creature], list[Creature]]:
        creatures = self.creatures
        sides = ([c for c in creatures if c.side == DM], [c for c in creatures if c.side == YM])
        kept = self._sides_checked
        if kept is not None and not (_same(kept[0], sides[0]) and _same(kept[1], sides[1])):
            raise StaleMemory("sides", kept, sides)  # (see side_creatures)
        if MEMORY.check:  # (kept where no read finds it, as the index: see _reindex)
            self._sides_checked = sides
        else:
            self._sides = sides
        return sides

    def sides_changed(self) -> None:
        """A piece changed sides (:class:`solo.rules.effects.SetSide`): each side's creatures
        are sorted again (see :meth:`side_creatures`)."""
        self._sides = self._sides_checked = None

    def new_id(self, side: str) -> str:
        """A fresh id such as ``dm-4``; never reuses one, even of a destroyed creature."""
        counters = self.extra.setdefault("next_id", {})
        used = self._index  # every piece's id (find, written out)
        if used is None:
            used = self._reindex()
        n = int(counters.get(side, 1))
        for ident in used:
            try:
                numbered = _NUMBERED[ident]  # (each id read once: see _numbered)
            except KeyError:
                numbered = _numbered(ident)
            if numbered is not None and numbered[0] == side and numbered[1] > n:
                n = numbered[1]
        while f"{side}-{n}" in used:
            n += 1
        counters[side] = n + 1  # (no remembered value reads the id counters)
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
        raise NotInDeck(card, deck)

    def add_creature(self, card: str, side: str, zone: str, *, id: str | None = None,
                     damage: int = 0, active: bool = True, **fields: Any) -> Creature:
        """Put a creature on the board (a new id unless one is given)."""
        found = self.cat.find(card)
        c = Creature(id=id or self.new_id(side), card=found.name if found else card, side=side,
                     zone=self.arena.normal(zone), damage=damage, active=active, **fields)
        self.put_creature(c)
        return c

    def add_conjuration(self, card: str, side: str, zone: str, *, border: str | None = None,
                        id: str | None = None, **fields: Any) -> Conjuration:
        found = self.cat.find(card)
        c = Conjuration(id=id or self.new_id(side), card=found.name if found else card, side=side,
                        zone=self.arena.normal(zone),
                        border=self.arena.normal(border) if border else None, **fields)
        self.put_conjuration(c)
        return c

    def put_creature(self, c: Creature) -> None:
        """Put a creature made elsewhere into play (see :class:`solo.rules.effects.AddPiece`):
        one that bears no enchantment changes nothing remembered of the others."""
        self.creatures.append(c)
        self._index = self._sides = self._index_checked = self._sides_checked = None
        if c.conditions and "Corrode" in c.conditions:  # (see trim_corrode)
            _pieces.corroded()
        _touch(c if self.reaches_alone(c) else None)

    def put_conjuration(self, c: Conjuration) -> None:
        self.conjurations.append(c)
        self._index = self._sides = self._index_checked = self._sides_checked = None
        if c.conditions and "Corrode" in c.conditions:  # (see trim_corrode)
            _pieces.corroded()
        _touch(None)  # walls make the geometry

    def changed(self, p: Piece | None) -> None:
        """What is remembered of ``p`` may be out of date (None: of every piece); called by
        :func:`solo.rules.effects.apply` after each change."""
        _touch(p)

    def reaches_alone(self, p: Piece) -> bool:
        """Whether a change to where ``p`` is, whose it is or whether it is in play can change
        what is remembered of ``p`` alone: not if it bears an aura (an aura goes with its
        bearer), nor if it is the Dummy Mage while a piece is a Pet (a Pet follows it; the
        other enchantments give their bearer alone); else it can change what is remembered of
        any piece."""
        if p.enchantments and self.any_aura(p.enchantments):
            return False
        if type(p) is Mage and p.side == DM:
            for q in (*self.creatures, *self.conjurations):
                if q.extra.get("pet"):  # (solo.rules.mages.PET)
                    return False
        return True

    def moves_nothing(self, p: Piece, was: str) -> bool:
        """Whether ``p`` moving from ``was`` to where it is changes nothing remembered of any
        piece: a creature or mage that reaches alone (:meth:`reaches_alone`), that is no Pet,
        with no zone enchantment or aura in either zone (its traits, life and armor read its
        zone only through those) and no grounding conjuration on the board (its flying)."""
        if isinstance(p, Conjuration) or p.extra.get("pet"):
            return False
        # (reaches_alone asked only where its answer can be no: an enchanted piece, a mage)
        if (p.enchantments or type(p) is Mage) and not self.reaches_alone(p):
            return False
        kept = self._auras  # (_aura_sources, written out: every move asks)
        auras = kept[1] if kept is not None and kept[0] == MEMORY.world and not MEMORY.check \
            else self._aura_sources()
        if auras and (was in auras or p.zone in auras):
            return False
        for c in self.conjurations:
            if c.card in GROUNDING:
                return False
        return True

    def any_aura(self, names: Iterable[str]) -> bool:
        """Whether one of the enchantments ``names`` is a zone enchantment or an aura (it gives
        pieces other than its bearer: a Dummy Mage note's ``zone_grants``)."""
        auras = _aura_names(self.cat)
        for name in names:
            if name in auras:
                return True
        return False

    def keep_changes(self) -> list[Any]:
        """From now on, every change applied to this board is also kept in the list returned
        (:attr:`applied`), for whoever reads what a step did."""
        kept: list[Any] = []
        self.applied = kept
        return kept

    def remove(self, ident: str) -> Piece:
        p = self.get(ident)
        if isinstance(p, Mage):
            raise MageNotRemovable()
        self._index = self._sides = self._index_checked = self._sides_checked = None
        if isinstance(p, Creature):
            self.creatures.remove(p)
            _touch(p if self.reaches_alone(p) else None)
        else:
            assert isinstance(p, Conjuration)
            self.conjurations.remove(p)
            _touch(None)
        return p

    # -- geometry ------------------------------------------------------------------------------
    def is_wall(self, p: Piece) -> bool:
        return isinstance(p, Conjuration) and p.border is not None

    def walls(self) -> list[Wall]:
        out: list[Wall] = []
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
        """The arena with its walls, kept (``_geometry``) while the world's count holds (asked
        350 times a game); with ``MEMORY.check`` worked out every time and compared."""
        kept = self._geometry
        world = MEMORY.world
        if kept is not None and kept[0] == world and not MEMORY.check:
            return kept[1]
        geo = geometry(self.arena, self.walls())
        if MEMORY.check and kept is not None and kept[0] == world and kept[1] is not geo:
            raise StaleMemory("geometry", kept[1], geo)  # (one geometry a layout: see geometry)
        self._geometry = (world, geo)
        return geo

    def distance(self, a: str, b: str) -> int:
        hit = self.arena._t.dist.get((a, b))  # (Arena.distance's table read here: no call more)
        return hit if hit is not None else self.arena.distance(a, b)

    def trim_corrode(self) -> list[tuple[Piece, int]]:
        """Corrode markers never take armor below 0: remove the ones an object's armor no longer
        covers (its armor dropped: an aura left behind, an enchantment gone).  Returns each
        object trimmed and how many markers came off.

        Asked after every step: nothing to trim while no change has been counted since the
        last trim and the lists of pieces are the same (a marker, an armor, a piece more or
        less is a counted change); nor while no Corrode marker has gone onto any object since
        a trim found none on this board (most games have none: every step would look again).
        Corrode comes onto a board only through an effect or a new piece (put_creature,
        put_conjuration), which count it; a board's copy, or one read from a file, looks.
        (Game.play_one asks this first question itself before the call, after every step.)"""
        if self._clean == MEMORY.corrodes and not MEMORY.check:
            return []
        kept, creatures, conjurations = self._trimmed, self.creatures, self.conjurations
        if kept is not None and kept[0] == MEMORY.changes and kept[1] is creatures \
                and kept[2] == len(creatures) and kept[3] is conjurations \
                and kept[4] == len(conjurations) and not MEMORY.check:
            return []  # (_pieces.unchanged, written out: asked after every step)
        out: list[tuple[Piece, int]] = []
        clean = MEMORY.corrodes
        for p in (self.mages[DM], self.mages[YM], *self.creatures, *self.conjurations):  # pieces()
            have = p.conditions.get("Corrode", 0) if p.conditions else 0
            if have <= 0:
                continue
            clean = -1
            if self.has_trait(p, "Incorporeal"):
                continue
            room = self.base_armor(p)
            if have > room:
                mine = self.own(p.id)
                assert mine is not None
                if room > 0:
                    mine.conditions["Corrode"] = room
                else:
                    del mine.conditions["Corrode"]
                _touch(mine)
                out.append((mine, have - room))
        self._trimmed = _pieces.stamp(self.creatures, self.conjurations)
        self._clean = clean
        return out

    def enemies_of(self, side: str) -> list[Piece]:
        other = YM if side == DM else DM
        kept = self._sides  # (kept_side, written out: read at once, no copy)
        if kept is not None:
            return [self.mages[other], *(kept[0] if other == DM else kept[1])]
        return [self.mages[other], *self.kept_side(other)]

    # -- serialisation -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The board as its file holds it (contract section 2); unknown keys kept."""
        out: dict[str, Any] = {"format": FORMAT, "round": self.round, "stage": self.stage,
               "initiative": self.initiative,
               "arena": {"columns": self.arena.columns, "rows": self.arena.rows},
               "mages": {s.value: mage_dict(self.mages[s]) for s in SIDES},
               "creatures": [creature_dict(c) for c in self.creatures],
               "conjurations": [conjuration_dict(c) for c in self.conjurations],
               "decks": {k: list(v) for k, v in self.decks.items()},
               "discards": {k: list(v) for k, v in self.discards.items()}}
        for k, v in self.extra.items():
            out[k] = copy.deepcopy(v)
        return out

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
        memo = dict(self._memo)
        # (with MEMORY.check every entry carried over is checked like any other)
        pairs: list[tuple[Piece, Piece]] = []  # (each piece and its copy, for a whole copy)
        if only is None:
            shared: set[str] = set()
            mages = {s: _clone_piece(m) for s, m in self.mages.items()}
            creatures = [_clone_piece(c) for c in self.creatures]
            conjurations = [_clone_piece(c) for c in self.conjurations]
            pairs += zip(self.mages.values(), mages.values())
            pairs += zip(self.creatures, creatures)
            pairs += zip(self.conjurations, conjurations)
            for p, q in pairs:
                _move_memo(memo, p, q)
            index = None
        else:
            # (an attack copies the board: the pieces it may not change are taken as they are,
            # without a call each; the copy starts with this board's index of pieces, its own
            # put in, as its attacker and target are looked up at once)
            index = self._index
            if index is None:
                index = self._reindex()
            index = dict(index)
            shared = set(index)  # every piece's id ...
            shared.difference_update(only)  # ... but those the copy may change
            mages = dict(self.mages)
            creatures = list(self.creatures)
            conjurations = list(self.conjurations)

        b = Board(self.round, self.initiative, self.arena, mages, creatures, conjurations,
                  self.decks if only is not None else {k: list(v) for k, v in self.decks.items()},
                  {k: list(v) for k, v in self.discards.items()}, self.stage,
                  plain_copy(self.extra), self.catalog)
        if index is None:  # (a whole copy: each piece's last values go with its copy too)
            for p, q in pairs:
                _carry(p, q, self._serial, b._serial)
        else:
            assert only is not None
            # the pieces the copy may change, copied in their places (made after the copy's
            # Board, whose serial they take their last values to)
            old, new = self._serial, b._serial
            places: tuple[list[Any], ...] = (creatures, conjurations)
            for place in places:
                for i, c in enumerate(place):
                    if c.id in only:
                        place[i] = _clone_into(c, memo, index, old, new)
            for s, m in mages.items():
                if m.id in only:
                    mages[s] = _clone_into(m, memo, index, old, new)
            if MEMORY.check:  # (see _reindex)
                b._index_checked = index
            else:
                b._index = index
        b._memo = memo
        b._auras, b._geometry = self._auras, self._geometry  # (the same board, as the memo)
        b._shared = shared
        return b

    def own(self, ident: str) -> Piece | None:
        """The object with id ``ident``, made this board's own first if it is shared with the
        board this one was copied from (see :meth:`copy`): call it before changing a piece."""
        shared = self._shared
        if not shared or ident not in shared:  # (find, written out: every change asks here)
            index = self._index
            if index is None:
                index = self._reindex()
            return index.get(ident)
        shared.discard(ident)
        p = self.find(ident)
        assert p is not None  # a shared piece is on the board until it is owned
        q = _clone_piece(p)
        if isinstance(p, Mage):
            side = next(k for k, m in self.mages.items() if m is p)
            self.mages[side] = q  # type: ignore[assignment]  # (the same in every respect)
        else:
            place: list[Any] = self.creatures if isinstance(p, Creature) else self.conjurations
            place[next(i for i, x in enumerate(place) if x is p)] = q
        self._index = self._sides = self._index_checked = self._sides_checked = None
        _move_memo(self._memo, p, q)  # the same in every respect: its entries go with it
        return q


def new_board(dm_mage: str = "Warlock", ym_mage: str = "Beastmaster", *, dm_zone: str = "A1",
              ym_zone: str = "D3", dm_life: int | None = None,
              decks: dict[str, list[str]] | None = None,
              catalog: Catalog | None = None, columns: int = 4, rows: int = 3) -> Board:
    """A fresh board at the start of round 1: both mages, no creatures, the given draw piles."""
    catalog = catalog or get_catalog()
    dm, ym = catalog.get(dm_mage), catalog.get(ym_mage)
    for card, side in ((dm, Side.DM), (ym, Side.YM)):
        if card.type != "Mage":
            raise NotAMage(card.name, card.type, side)
    dm_start = dm_life if dm_life is not None else dm.life
    assert dm_start is not None and ym.life is not None  # every mage card has a life
    arena = Arena(columns, rows)
    mages = {DM: Mage(id=DM, card=dm.name, side=DM, zone=arena.normal(dm_zone), life=dm_start),
             YM: Mage(id=YM, card=ym.name, side=YM, zone=arena.normal(ym_zone), life=ym.life)}
    piles = {d: list((decks or {}).get(d, [])) for d in SPELL_DECKS}
    return Board(round=1, initiative=DM, arena=arena, mages=mages, creatures=[],
                 conjurations=[], decks=piles, discards={d: [] for d in SPELL_DECKS},
                 catalog=catalog)

