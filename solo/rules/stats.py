"""What a board works out of its pieces: traits, life, armor, attacks, Defenses, flying, and
what enchantments, auras and equipment change of them.

:class:`Stats` is the part of :class:`solo.rules.board.Board` that reads the pieces and the
catalog.  Card statistics (life, armor, traits, attacks) are resolved against the catalog, with
the board's own ``stats`` overrides, gained ``traits`` and the effects of attached enchantments.
What is worked out is remembered (on the piece for its traits, life, armor, attacks and flying:
``Piece._mt``...; else ``Board._memo``) with where the count of changes stood (see
:mod:`solo.rules.pieces`), and used again only while nothing it reads has changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, Final

from solo.cards.catalog import (Attack, Card, Catalog, Defense, names_in, parse_trait,
                               trait_max, trait_value)
from solo.cards.traits import LOW, low
from solo.core.errors import StaleMemory
from solo.core.kinds import DM
from solo.core.plain import Plain
from solo.rules import pieces as _pieces
from solo.rules.pieces import MEMORY
from solo.rules.abilities import printed
from solo.rules.markers import growth_held, rage_held
from solo.rules.pieces import (DISABLED_GEAR, GROUNDED, IMPLIED, INCAPACITATING, RESTRAINING,
                               VISIBLE, ZOMBIE_TRAITS, Conjuration, Mage, Piece)


#: What is remembered of each piece, by kind (Board._memo keys (kind, id(piece))).
_PIECE_KINDS: Final = ("grants", "flying", "attacks")

_NOTHING: Final = object()
_T = TypeVar("_T")
#: Traits, life and armor by everything they are worked out from (see Stats._state): for each
#: state, its values by kind.
_SEEN: Final[dict[tuple[Any, ...], dict[str, object]]] = {}


def _seen(state: tuple[Any, ...]) -> dict[str, object]:
    """The values by kind of the objects in ``state`` (a new, empty dict for a new state).  The
    same dict for the same state while it is kept (always, with ``MEMORY.check``: a state
    remembered, then worked out again, must find the dict it was remembered with)."""
    values = _SEEN.get(state)
    if values is None:
        if len(_SEEN) > 20000 and not MEMORY.check:
            _SEEN.clear()
        values = _SEEN[state] = {}
    return values


_boards = 0


def serial() -> int:
    """A number no board has had: a new board's ``_serial`` (a copy is a new board)."""
    global _boards
    _boards += 1
    return _boards


def _at(p: Piece | None) -> tuple[int, int]:
    """What a remembered value of ``p`` (None: of the board) is checked against: its version
    and the count at the last change that reaches every object."""
    return (p._v if p is not None else 0), MEMORY.world


_AURAS: Final[dict[int, frozenset[str]]] = {}


def _aura_names(catalog: Catalog) -> frozenset[str]:
    """The cards whose Dummy Mage note has ``zone_grants`` (zone enchantments and auras)."""
    key = id(catalog)
    if key not in _AURAS:
        _AURAS[key] = frozenset(c.name for c in catalog.mentioning('"zone_grants"')
                                if c.dm.get("zone_grants"))
    return _AURAS[key]


class Stats(Plain):
    """What a board works out of its pieces (a base of :class:`solo.rules.board.Board`)."""

    # Fields of the board that are read here (the board sets them); the board defines the
    # methods below.
    __slots__ = ("mages", "conjurations", "catalog", "cat", "extra", "_memo", "_serial",
                 "_altar", "_auras")
    mages: dict[str, Mage]
    conjurations: list[Conjuration]
    catalog: Catalog | None
    #: The catalog its cards are read from (``catalog``, or the shipped one when none was
    #: given): set once by the board, not a property (asked some 200 times a game).
    cat: Catalog
    extra: dict[str, Any]
    _memo: dict[tuple[Any, ...], tuple[Any, ...]]
    #: This board's own number (see :func:`serial`): a piece's last values (``Piece._mt``...)
    #: are read only on the board they were worked out on.
    _serial: int
    #: The last _no_melee_bonus: its answer, and what it holds for (a pieces.stamp).
    _altar: tuple[bool, tuple[Any, ...]] | None
    #: The last _aura_sources, with the world's count it holds for (asked for most objects
    #: whose statistics are read: kept here rather than in ``_memo``, no key to look up).
    _auras: tuple[int, dict[str, list[tuple[str, str, str]]]] | None

    def pieces(self) -> list[Piece]:
        raise NotImplementedError

    def side_creatures(self, side: str) -> list[Any]:
        raise NotImplementedError

    def distance(self, a: str, b: str) -> int:
        raise NotImplementedError

    def _recall(self, key: tuple[Any, ...], p: Piece | None = None) -> Any:
        """The remembered value for ``key`` (of ``p``, or of the board) while nothing it is
        worked out from has changed since (see :func:`_at`), else None."""
        hit = self._memo.get(key)
        if hit is not None and hit[1] == MEMORY.world and (p is None or hit[0] == p._v) \
                and not MEMORY.check:
            return hit[2]
        return None

    def _keep(self, key: tuple[Any, ...], at: tuple[int, int], value: _T) -> _T:
        memo = self._memo
        if MEMORY.check:
            old = memo.get(key)
            if old is not None and old[:2] == at and old[2] != value:
                raise StaleMemory(key[0], old[2], value)
        if len(memo) > 4096:
            memo.clear()
        memo[key] = (at[0], at[1], value)  # (no list made on the way, as (*at, value) does)
        return value

    # -- statistics ----------------------------------------------------------------------------
    def card_of(self, p: Piece) -> Card | None:
        cat = self.catalog
        if cat is None:
            cat = self.cat
        card = cat._exact.get(p.card)  # (Catalog.find's first look, written out: no call more)
        return card if card is not None else cat.find(p.card)

    def _grants(self, p: Piece) -> list[dict[str, Any]]:
        """What attached enchantments and round effects (conditions named after a spell, such
        as ``Charge``) change on this object; see scripts/notes/."""
        if not p.enchantments and not p.conditions:
            if isinstance(p, Conjuration):
                return []  # nothing grants it anything (most objects): _grants_now's answer,
            kept = self._auras  # at once (_aura_sources, written out: no call more)
            auras = kept[1] if kept is not None and kept[0] == MEMORY.world \
                and not MEMORY.check else self._aura_sources()
            if not auras.get(p.zone):
                return []
        key = ("grants", id(p))
        hit = self._memo.get(key)
        if hit is not None and hit[1] == MEMORY.world and hit[0] == p._v and not MEMORY.check:
            known: list[dict[str, Any]] = hit[2]  # _recall, inlined: hot
            return known
        return self._keep(key, _at(p), self._grants_now(p))

    def _grants_now(self, p: Piece) -> list[dict[str, Any]]:
        out = []
        names = [*p.enchantments, *(c for c, n in p.conditions.items() if n > 0)] \
            if p.conditions else p.enchantments  # (no generator for an object without markers)
        for name in names:
            card = self.cat.find(name)
            if card is not None and card.dm.get("grants"):
                out.append(card.dm["grants"])
            if card is not None and (tokens := (card.dm.get("upkeep") or {}).get("tokens")):
                out.append({"upkeep_per": tokens})  # Drown: Upkeep +X, X its tokens
        out += self._zone_grants(p)
        return out

    def _zone_grants(self, p: Piece) -> list[dict[str, Any]]:
        """What zone enchantments and auras give ``p`` (a note's ``zone_grants``: its side
        ``friendly`` to the caster, ``restrictions`` Living / Corporeal / Non-Mage, ``others``
        for "every other creature in the bearer's zone")."""
        if isinstance(p, Conjuration):
            return []
        out: list[dict[str, Any]] = []
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
        bearer id; no bearer for an enchantment on the zone itself).  Kept (``_auras``) while
        the world's count holds; with ``MEMORY.check`` worked out every time and compared."""
        kept = self._auras
        world = MEMORY.world
        if kept is not None and kept[0] == world and not MEMORY.check:
            return kept[1]
        auras = _aura_names(self.cat)
        out: dict[str, list[tuple[str, str, str]]] = {}
        for zone, names in (self.extra.get("zone_enchantments") or {}).items():
            for name in names:
                if name in auras:
                    out.setdefault(zone, []).append((name, DM, ""))
        for q in self.pieces():
            if q.enchantments:
                for name in q.enchantments:
                    if name in auras:
                        out.setdefault(q.zone, []).append((name, q.side, q.id))
        if MEMORY.check and kept is not None and kept[0] == world and kept[1] != out:
            raise StaleMemory("auras", kept[1], out)
        self._auras = (world, out)
        return out

    def _zone_grant_fits(self, p: Piece, zg: dict[str, Any], side: str, bearer: str) -> bool:
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

    def grant_totals(self, p: Piece, key: str) -> list[Any]:
        """Every ``key`` entry (a list) of the object's grants, concatenated."""
        if not p.enchantments and not p.conditions:  # (_grants' first answer, written out: no
            # call for an object nothing grants anything, most of them; see there)
            kept = self._auras
            if isinstance(p, Conjuration) or kept is not None and kept[0] == MEMORY.world \
                    and not MEMORY.check and not kept[1].get(p.zone):
                return []
        grants = self._grants(p)
        return [x for g in grants for x in g.get(key, [])] if grants else []

    def attack_dice_modifier(self, p: Piece) -> int:
        """Dice added to (or taken from) its non-spell melee and ranged attacks by enchantments."""
        if not p.enchantments and not p.conditions:  # (as grant_totals asks first)
            kept = self._auras
            if isinstance(p, Conjuration) or kept is not None and kept[0] == MEMORY.world \
                    and not MEMORY.check and not kept[1].get(p.zone):
                return 0
        grants = self._grants(p)
        return sum(g.get("attack_dice", 0) for g in grants) if grants else 0

    def gear(self, p: Piece) -> list[dict[str, Any]]:
        """For a mage: the notes of its mage card's abilities and of each piece of equipment it
        wears (scripts/notes/mages.toml, equipment.toml): traits, armor, Defenses it gains."""
        if not isinstance(p, Mage):
            return []
        out = []
        off = p.extra.get(DISABLED_GEAR) or ()  # Disabled (Disarm): it gives the mage nothing
        for name in [p.card, *(n for n in p.equipment if n not in off)]:
            card = self.cat.find(name)
            if card is not None and card.dm:
                out.append(card.dm)
        return out

    def defenses(self, p: Piece) -> list[Defense]:
        """Every Defense the object has: its card's, then those its mage abilities and its
        equipment give (in the order worn).  Uses a round are counted by position in this list
        (``extra.defense_used``)."""
        cat = self.catalog  # (card_of, written out: every strike's target asks)
        card = cat._exact.get(p.card) if cat is not None else None
        if card is None:
            card = self.card_of(p)
        out = list(card.defenses) if card is not None else []
        if isinstance(p, Mage):  # (gear's own first question: no call for a creature)
            for note in self.gear(p):
                for d in note.get("defenses", ()):
                    out.append(Defense(int(d["roll"]), d.get("uses", 1), d.get("restriction")))
        return out

    def traits(self, p: Piece) -> list[str]:
        """Every trait the object has now: card (or ``stats.traits``), gained traits, what a
        mage's abilities and equipment give, and the traits its revealed enchantments give or
        take away."""
        hit = p._mt  # (see trait_names)
        if hit[0] == self._serial and hit[1] == MEMORY.world:
            return list(hit[2][0])
        kept = p._mt = self._remembered("traits", p, self._trait_sets_now, hit)
        return list(kept[2][0])

    def _trait_sets_now(self, p: Piece) -> tuple[tuple[str, ...], frozenset[str]]:
        """Its traits, and every name :meth:`has_trait` answers yes to (known of its state by
        :meth:`_by_state`, and kept on the piece until anything they are worked out from
        changes)."""
        traits = self._traits_now(p)
        # each trait, each start of one before a space, and each one's name without its number
        names = names_in(traits) | {parse_trait(x)[0].lower() for x in traits}
        return tuple(traits), names

    def _by_state(self, kind: str, p: Piece, work_out: Callable[[Piece], _T]) -> _T:
        """``work_out(p)``, the same for every object in the same state (:meth:`_state`, which
        the piece keeps until its own data or anything that reaches every object changes) on
        any board: the value known of that state, else worked out and known from then on; with
        ``MEMORY.check`` worked out every time and compared with the value known."""
        values = self._state(p)[1]
        seen: Any = values.get(kind, _NOTHING)
        if seen is not _NOTHING and not MEMORY.check:
            again: _T = seen
            return again
        fresh = work_out(p)
        if seen is not _NOTHING and seen != fresh:
            raise StaleMemory(kind, seen, fresh, by_state=True)
        values[kind] = fresh
        return fresh

    def _state(self, p: Piece) -> tuple[tuple[Any, ...], dict[str, object]]:
        """Everything the traits, life and armor of ``p`` are worked out from: objects in the
        same state have the same ones, whatever board they are on; with the ones known of that
        state, by kind (the state is looked up among those seen once, when it is worked out,
        not again for each kind).  Kept on the piece as its trait names are (``Piece._ms``:
        see :meth:`trait_names`), not in the board's memory."""
        hit = p._ms
        serial, world = self._serial, MEMORY.world
        if hit[0] == serial and hit[1] == world:  # (never with MEMORY.check: see _remembered)
            known: tuple[tuple[Any, ...], dict[str, object]] = hit[2]
            return known
        stats = tuple(sorted((k, repr(v)) for k, v in p.stats.items())) if p.stats else ()
        pet = p.extra.get("pet")
        auras = self._aura_sources().get(p.zone)
        # (its id only where an aura may be its own, an aura for "every other creature" being
        # the one thing an id changes: a creature summoned finds one of its kind's values; its
        # zone only where an aura or a Pet's mage reads it, so a move between other zones
        # changes nothing: Board.moves_nothing)
        state = (type(p), self.cat, p.id if auras else None, p.card, p.side,
                 p.zone if auras or pet else None, tuple(p.traits),
                 tuple(p.enchantments), tuple(p.conditions.items()), stats,
                 (tuple(p.equipment), p.life, tuple(p.extra.get(DISABLED_GEAR) or ()))
                 if isinstance(p, Mage) else (),
                 pet, self.mages[DM].zone if pet else None, bool(p.extra.get(VISIBLE)),
                 tuple(auras) if auras else (), self._no_melee_bonus())
        if MEMORY.check:  # (as _remembered checks, and keeps)
            serial = -serial
            if hit[0] == serial and hit[1] == world and hit[2][0] != state:
                raise StaleMemory("state", hit[2][0], state)
        kept = (state, _seen(state))
        p._ms = (serial, world, kept)
        return kept

    def _no_melee_bonus(self) -> bool:
        """Whether a conjuration takes every Melee +X bonus (Altar of Infernia).  Asked for
        every object whose traits are worked out: the answer is kept while no change has been
        counted and the list of conjurations is the same (a board with thousands of them
        would be read in a time that grows with their square)."""
        conjurations = self.conjurations
        if not conjurations:
            return False
        kept = self._altar
        if kept is not None and _pieces.unchanged(kept[1], conjurations) and not MEMORY.check:
            return kept[0]
        found = any(c.card in NO_MELEE_BONUS for c in conjurations)
        self._altar = (found, _pieces.stamp(conjurations))
        return found

    def _traits_now(self, p: Piece) -> list[str]:
        card = self.card_of(p)
        base = printed.text_traits(p, list(p.stats.get("traits", card.traits if card else ())))
        base += p.traits
        for note in self.gear(p):
            base += note.get("traits", [])
            base += [f"{k.capitalize()} +{note[k]}" for k in ("melee", "ranged") if note.get(k)]
        if p.extra.get("pet") and p.side == DM and p.zone == self.mages[DM].zone:
            base.append("Melee +1")  # a Pet in its mage's zone (solo.rules.mages)
        lost: set[str] = {"invisible"} if p.extra.get(VISIBLE) else set()  # it has attacked
        for g in self._grants(p):
            base += g.get("traits", [])
            if g.get("upkeep_per") and (n := p.conditions.get(g["upkeep_per"], 0)) > 0:
                base.append(f"Upkeep +{n}")  # Drown: Upkeep +X, X its tokens on the creature
            lost.update(t.lower() for t in g.get("lose", []))
        if lost:  # a lost "Melee" takes every Melee +X
            base = [t for t in base if t.lower() not in lost and parse_trait(t)[0].lower() not in lost]
        out = _implied(p, base)
        if self._no_melee_bonus():
            out = [t for t in out if not _melee_bonus(t)]  # Altar of Infernia: none at all
        return out

    def wounds(self, p: Piece) -> int:
        """What counts against its life: its damage plus 3 for every Tainted marker (a wound
        that cannot heal; the markers are not damage and healing never removes them)."""
        tainted = p.conditions.get("Tainted", 0)  # (no max(): asked after every step)
        return p.damage + 3 * tainted if tainted > 0 else p.damage

    def is_dead(self, p: Piece) -> bool:
        """Whether its wounds reach its life (objects without a life value, and Indestructible
        ones, never die of damage)."""
        if not p.damage and "Tainted" not in p.conditions:
            return False  # no wounds (the usual case): nothing to work out
        hit = p._ml  # (life, written out: asked for every strike's target)
        life: int = hit[2] if hit[0] == self._serial and hit[1] == MEMORY.world \
            else self.life(p)
        tainted = p.conditions.get("Tainted", 0)  # (wounds, written out)
        return life > 0 and (p.damage + 3 * tainted if tainted > 0 else p.damage) >= life \
            and not self.has_trait(p, "Indestructible")

    def unmovable(self, p: Piece) -> bool:
        """Cannot be Pushed or Snatched: the trait (Rooted and Unstoppable bring it), every
        conjuration, and a Stuck creature."""
        return isinstance(p, Conjuration) or self.has_trait(p, "Unmovable") \
            or (p.has_condition("Stuck") and not self.has_trait(p, "Uncontainable"))

    def has_trait(self, p: Piece, trait: str) -> bool:
        """Whether a trait of it is ``trait`` (any case), starts with it and a space
        (``Melee`` for ``Melee +1``), or is it with a number (``Regenerate 2``)."""
        try:
            want = LOW[trait]  # (trait.lower() without a new string: see traits.LOW)
        except KeyError:
            want = low(trait)
        hit = p._mt  # its last trait names, if worked out on this board since its last change
        if hit[0] == self._serial and hit[1] == MEMORY.world:
            return want in hit[2][1]  # (asked 1,300 times a game)
        kept = p._mt = self._remembered("traits", p, self._trait_sets_now, hit)
        return want in kept[2][1]

    def trait_names(self, p: Piece) -> frozenset[str]:
        """Every lower-case name :meth:`has_trait` answers yes to, for asking several at once.

        The hottest remembered values (trait names, life, attacks, flying) are kept on the piece
        as well, with this board's number and the world's count they hold for (``Piece._mt``...;
        the piece forgets them at its every change: ``pieces._touch``): read there without a
        key to build or a dictionary to search.  With ``MEMORY.check`` a piece keeps its values
        under the negated board number, which no read asks for: each is worked out again and
        compared with what was kept (see :meth:`_remembered`)."""
        hit = p._mt
        if hit[0] == self._serial and hit[1] == MEMORY.world:
            known: frozenset[str] = hit[2][1]
            return known
        kept = p._mt = self._remembered("traits", p, self._trait_sets_now, hit)
        names: frozenset[str] = kept[2][1]
        return names

    def _remembered(self, kind: str, p: Piece, work_out: Callable[[Piece], _T],
                    hit: tuple[int, int, Any],
                    by_state: bool = True) -> tuple[int, int, _T]:
        """What a piece keeps of ``kind`` (see :meth:`trait_names`) when what it kept (``hit``)
        is out of date: ``work_out(p)`` (by :meth:`_by_state`, which finds the value of an object
        in the same state; or, not ``by_state``, for this piece alone), with what it holds
        for: this board and the world's count.  With ``MEMORY.check``, kept under the negated
        board number (never read, see :meth:`trait_names`), and what it kept so for the same
        board and count must be the same (else a change escaped the count)."""
        v, world = p._v, MEMORY.world
        if by_state:  # (the piece keeps it, not the board's memory)
            known: _T = self._by_state(kind, p, work_out)
        elif MEMORY.check:
            known = self._keep((kind, id(p)), (v, world), work_out(p))
        else:  # (a value not by state, attacks or flying, is read only from the piece: no key)
            known = work_out(p)
        serial = self._serial
        if MEMORY.check:
            serial = -serial
            if hit[0] == serial and hit[1] == world and hit[2] != known:
                raise StaleMemory(kind, hit[2], known)
        return (serial, world, known)

    def life(self, p: Piece) -> int:
        hit = p._ml  # (see trait_names)
        if hit[0] == self._serial and hit[1] == MEMORY.world:
            known: int = hit[2]
            return known
        kept = p._ml = self._remembered("life", p, self._life_now, hit)
        life: int = kept[2]
        return life

    def _life_now(self, p: Piece) -> int:
        base: int
        if isinstance(p, Mage):
            base = p.life + sum(int(note.get("life", 0)) for note in self.gear(p))
        else:
            card = self.card_of(p)
            base = p.stats.get("life", card.life if card and card.life is not None else 0)
        growth = 3 * growth_held(p)  # Innate Life +3 a Growth marker
        growth += trait_value(p.traits, "Innate Life") or 0  # gained: a Pet's 3 more life
        more: int = sum(g.get("life", 0) for g in self._grants(p))
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
        hit = p._ml  # (life, written out: asked very often)
        life: int = hit[2] if hit[0] == self._serial and hit[1] == MEMORY.world \
            else self.life(p)
        # (wounds, written out likewise: no Tainted marker, no look-up of its count)
        return life - self.wounds(p) if "Tainted" in p.conditions else life - p.damage

    def base_armor(self, p: Piece) -> int:
        """Its armor before Corrode markers."""
        hit = p._ms  # (_by_state's read of the state the piece keeps, written out: every strike)
        if hit[0] == self._serial and hit[1] == MEMORY.world:
            known: int | None = hit[2][1].get("armor")
            if known is not None:
                return known
        return self._by_state("armor", p, self._base_armor_now)

    def _base_armor_now(self, p: Piece) -> int:
        card = self.card_of(p)
        base: int = p.stats.get("armor", card.armor if card and card.armor is not None else 0)
        base += sum(int(note.get("armor", 0)) for note in self.gear(p))
        base += trait_value(p.traits, "Armor") or 0  # gained: a veteran badge, a Pet
        if card is not None:
            base -= printed.armor_x(p, list(card.traits))  # Magma Golem's Armor -X
        bonus: int = sum(g.get("armor", 0) for g in self._grants(p))
        return max(0, base + bonus)

    def armor(self, p: Piece) -> int:
        """Its armor now: Armor -1 per Corrode marker, never below 0 (Incorporeal objects
        ignore Corrode)."""
        corrode = p.conditions.get("Corrode", 0) if p.conditions else 0
        if corrode > 0 and self.has_trait(p, "Incorporeal"):  # (asked only of a Corroded one)
            corrode = 0
        hit = p._ms  # (base_armor's read of the state the piece keeps, written out: every strike)
        known: int | None = hit[2][1].get("armor") \
            if hit[0] == self._serial and hit[1] == MEMORY.world else None
        armor = known if known is not None else self.base_armor(p)
        if corrode > 0:
            armor -= corrode
        return armor if armor > 0 else 0  # noqa: FURB136 - no max() calls: asked every strike

    def cost(self, p: Piece) -> int:
        if "cost" in p.stats:
            return int(p.stats["cost"])
        cat = self.catalog  # (card_of, written out: the Dummy Mage's summons ask often)
        card = cat._exact.get(p.card) if cat is not None else None
        if card is None:
            card = self.card_of(p)
        return card.mana if card else 0

    def attacks(self, p: Piece) -> list[Attack]:
        """Its attacks; none while it has a Disable marker (it loses its attack bars).
        Remembered (asked about 900 times a game): the list is shared, never to be changed."""
        if "attacks" in p.stats:  # a homemade card's, read afresh (a person may edit them)
            return [] if p.has_condition("Disable") else \
                [Attack.from_dict(a) for a in p.stats["attacks"]]
        hit = p._ma  # (see trait_names)
        if hit[0] == self._serial and hit[1] == MEMORY.world:
            known: list[Attack] = hit[2]
            return known
        kept = p._ma = self._remembered("attacks", p, self._attacks_now, hit, by_state=False)
        attacks: list[Attack] = kept[2]
        return attacks

    def _attacks_now(self, p: Piece) -> list[Attack]:
        if p.has_condition("Disable"):
            return []
        card = self.card_of(p)
        out = list(card.attacks) if card else []
        if isinstance(p, Mage):  # the attacks of what it wears (a weapon, a damage barrier)
            off = p.extra.get(DISABLED_GEAR) or ()  # not those of Disabled equipment (Disarm)
            for name in (n for n in p.equipment if n not in off):
                worn = self.cat.find(name)
                if worn is not None:
                    out += worn.attacks
        return out

    def regenerate(self, p: Piece) -> int:
        if not self.has_trait(p, "Regenerate"):  # (then no Regenerate X either: no list made)
            return 0
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
        return (bool(p.conditions) and p.has_condition(*INCAPACITATING)) \
            or (bool(p.enchantments) and self.has_trait(p, "Incapacitated"))

    def restrained(self, p: Piece) -> bool:
        """Restraining conditions, or an enchantment that says so (Force Hold, Bind Spirit)."""
        if not p.conditions and not p.enchantments:  # (most objects: nothing to ask)
            return False
        if isinstance(p, Conjuration):
            return False
        if p.enchantments and self.has_trait(p, "Restrained"):
            return True
        if not p.conditions:
            return False
        if self.has_trait(p, "Uncontainable"):
            return False
        return p.has_condition(*RESTRAINING)

    def flying(self, p: Piece) -> bool:
        """Flying now: has the trait and is neither Restrained nor Incapacitated, nor guarding
        (a guarding creature loses Flying while it guards), nor Rooted."""
        hit = p._mf  # (see trait_names)
        if hit[0] == self._serial and hit[1] == MEMORY.world:
            known: bool = hit[2]
            return known
        kept = p._mf = self._remembered("flying", p, self._flying_now, hit, by_state=False)
        flying: bool = kept[2]
        return flying

    def _flying_now(self, p: Piece, zone: str | None = None) -> bool:
        names = self.trait_names(p)  # (read once for Flying and Rooted)
        return ("flying" in names and "rooted" not in names
                and not self.restrained(p)
                and not self.incapacitated(p) and not getattr(p, "guarding", False)
                and not p.extra.get(GROUNDED) and not self._grounded_near(p, zone))

    def _grounded_near(self, p: Piece, zone: str | None = None) -> bool:
        """A grounding conjuration (Gravikor) within 2 zones of ``zone`` (where ``p`` stands by
        default): no creature there flies."""
        at = p.zone if zone is None else zone
        return bool(self.conjurations) and any(
            c.card in GROUNDING and self.distance(c.zone, at) <= GROUNDING[c.card]
            for c in self.conjurations)

    def flying_in(self, p: Piece, zone: str) -> bool:
        """Whether ``p`` flies while it stands in ``zone`` on its way (a Gravikor grounds a
        flyer by where it is, so a walk can leave or enter its reach)."""
        if zone == p.zone or not self.conjurations:
            return self.flying(p)
        return self._flying_now(p, zone)


#: Conjurations under which no creature has a Melee +X bonus, nor gains one (Melee -X stays):
#: Altar of Infernia.
NO_MELEE_BONUS: Final = ("Altar of Infernia",)
#: Conjurations within so many zones of which no creature flies, nor can gain Flying.
GROUNDING: Final = {"Gravikor": 2}


def _melee_bonus(trait: str) -> bool:
    name, value = parse_trait(trait)
    return name.lower() == "melee" and value is not None and value > 0


def _implied(p: Piece, traits: list[str]) -> list[str]:
    """``traits`` with what its traits and markers bring: Invisible gives Pest and Elusive,
    Unstoppable gives Unmovable and Uncontainable, Incorporeal gives Nonliving, Burnproof and
    Uncontainable, Rooted gives Unmovable; a Zombie marker gives Psychic Immunity, Slow, Nonliving and Bloodthirsty +0;
    each Growth marker, each Rage token and each Wrath token gives Melee +1 (Growth and Rage
    only while their cause holds: :mod:`solo.rules.markers`)."""
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
    extra = growth_held(p) + rage_held(p, out, damaged=False) \
        + max(0, p.conditions.get("Vigor of the Grave", 0)) \
        + max(0, p.conditions.get("Wrath", 0))  # Acolyte of the Bog Queen's; Valshalla's
    if extra:
        out.append(f"Melee +{extra}")
    return out
