"""What a spell asks of its target: the restrictions of its target line, the needs of its Dummy
Mage note, who may cast it, what it would add, and whether it can reach an object at all.

Each card's Dummy Mage note (scripts/notes/spells-*.toml, merged into decks/catalog.json as the
card's ``dm`` entry) names the words these questions read.  They are rules, asked both when the
Dummy Mage chooses where a spell goes (:mod:`solo.automaton.spells`) and while a spell does its
work (:mod:`solo.rules.spells`: the next creature of a chain, the second one of Force Bash).
A "why not" answer is a :class:`~solo.rules.said.Refusal`, worded in :mod:`solo.text.spells`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from solo.cards.catalog import Attack, Card, parse_trait
from solo.core.kinds import DM, Side, Stage
from solo.rules import combat, harm, targeting
from solo.rules.abilities import actions
from solo.rules.abilities.actions import hidden_on
from solo.rules.abilities import bonuses
from solo.rules.board import SUMMONED, Board, Conjuration, Creature, Mage, Piece
from solo.rules.decision import Decision, enemy_creatures, in_arena
from solo.rules.dice import DiceSource
from solo.rules.effects import Note
from solo.rules.effects import apply as put
from solo.rules.said import Refusal, Said, Who

__all__ = [
    "NoteDict", "SCHOOLS", "MAGE_SCHOOLS", "ROUND_SPELLS", "mage_block", "control_block",
    "subtypes", "meets_restrictions", "is_dm_curse", "is_curse_on", "effect_conditions",
    "meets_needs", "can_steal", "spell_immunity", "engaged", "immune_reason", "had_this_round",
    "note_cast", "adds_something", "in_spell_range", "targetable", "highest_life", "zone_hits", "spell_attack",
    "zone_enchantments", "touch"]

#: A card's Dummy Mage note, as the catalog holds it (the words are in scripts/notes/).
NoteDict = dict[str, Any]

#: The magic schools; a note's ``mage_only`` naming one means "a mage trained in it".
SCHOOLS: Final = ("Air", "Arcane", "Dark", "Earth", "Fire", "Holy", "Mind", "Nature", "War",
                  "Water")
#: Trained schools the catalog's mage cards do not list.
MAGE_SCHOOLS: Final = {"Paladin": ("Holy", "War")}

#: Where an object keeps the spells limited to one a round that were cast on it:
#: ``{"Battle Fury": round}``.
ROUND_SPELLS: Final = "round_spells"


# -- who may cast it, who may be taken ---------------------------------------------------------

def mage_block(board: Board, note: NoteDict) -> Refusal | None:
    """Why the Dummy Mage may not cast a spell limited to some mages (``mage_only``), or None."""
    want = note.get("mage_only")
    if not want:
        return None
    card = board.card_of(board.mages[Side.DM])
    name = card.name if card else board.mages[Side.DM].card
    schools = {s for s, _ in card.schools} if card else set()
    schools.update(MAGE_SCHOOLS.get(name, ()))
    if want in SCHOOLS:
        return None if want in schools else Refusal("spell.mage-only.school", school=want, mage=name)
    if want.lower() in name.lower():
        return None
    return Refusal("spell.mage-only.mage", want=want, mage=name)


def control_block(board: Board, p: Piece) -> Refusal | None:
    """Why the Dummy Mage may not take control of ``p``: a creature restricted to another mage
    ("Arcane Mage Only", a note's ``mage_only``), as Mind Control's card ruling says; or None."""
    card = board.card_of(p)
    if card is None:
        return None
    want = card.dm.get("mage_only") or next(
        (t[: -len(" Only")] for t in card.traits if t.lower().endswith(" only")), None)
    if not want:
        return None
    school = want.strip().removesuffix(" Mage")  # "Holy Mage" is a mage trained in Holy
    return mage_block(board, {"mage_only": school if school in SCHOOLS else want.strip()})


# -- the target line's restrictions ------------------------------------------------------------

def subtypes(board: Board, p: Piece) -> set[str]:
    card = board.card_of(p)
    return {s.lower() for s in card.subtypes} if card else set()


#: The fixed words of a target line's restrictions and what each asks of an object.
_RESTRICTIONS: Final[dict[str, Callable[[Board, Piece], bool]]] = {
    "living": lambda b, p: b.is_living(p),
    "nonliving": lambda b, p: not b.is_living(p),
    "non-mage": lambda b, p: not p.is_mage,
    "mage": lambda b, p: p.is_mage,
    "corporeal": lambda b, p: b.is_corporeal(p),
    "incorporeal": lambda b, p: not b.is_corporeal(p),
    "non-flying": lambda b, p: not b.flying(p),
    "creature": lambda b, p: not isinstance(p, Conjuration),
    "conjuration": lambda b, p: isinstance(p, Conjuration),
    "zombie": lambda b, p: "zombie" in subtypes(b, p) or p.has_condition("Zombie"),
}


def meets_restrictions(board: Board, p: Piece, restrictions: Sequence[str]) -> bool:
    """The target line's restrictions (scripts/notes/spells-shipped.toml lists the words): the
    fixed words of :data:`_RESTRICTIONS`, ``Non-X`` for "neither subtype nor trait X", and any
    other word for a creature subtype the target must have (``Soldier``, ``Animal``)."""
    for r in restrictions:
        key = r.lower()
        test = _RESTRICTIONS.get(key)
        if test is not None:
            ok = test(board, p)
        elif key.startswith("non-"):
            word = key[4:]
            ok = word not in subtypes(board, p) and not board.has_trait(p, word)
        else:
            ok = key in subtypes(board, p)
        if not ok:
            return False
    return True


# -- the note's needs --------------------------------------------------------------------------

def is_dm_curse(board: Board, name: str) -> bool:
    """Whether the enchantment ``name`` works against its bearer (its note aims it at an enemy)."""
    card = board.cat.find(name)
    return bool(card and card.dm.get("criterion") in ("enemy-creature", "enemy-zone"))


def is_curse_on(board: Board, p: Piece, name: str) -> bool:
    """Whether the enchantment ``name`` on ``p`` works against it (a curse of the other side):
    on a Dummy Mage object, your curses; on yours, the Dummy Mage's."""
    return is_dm_curse(board, name)


def effect_conditions(note: NoteDict) -> list[str]:
    """The markers an incantation's effect places (``condition`` and ``conditions``)."""
    effect = note.get("effect") or {}
    out = list(effect.get("conditions", []))
    if effect.get("condition"):
        out.append(effect["condition"])
    return out


def engaged(board: Board, p: Piece) -> bool:
    """Whether an enemy of ``p`` (a creature or your mage) is in its zone."""
    return any(e.zone == p.zone for e in enemy_creatures(board, p.side))


#: The stages of :func:`_late`, as the board names them (read once: an enum member named
#: through its class costs some 900 instructions on Python 3.11).
_LATE: Final = (Stage.QUICKCAST_3.label, Stage.READY.label)


def _late(board: Board) -> bool:
    """The third quickcast or the ready stage: no creature acts again this round."""
    return board.stage in _LATE


def _can_act(board: Board, p: Piece) -> bool:
    if _late(board) or board.incapacitated(p):
        return False
    return not (isinstance(p, Creature) and not p.active)


def _crowded(board: Board, p: Piece) -> bool:
    return sum(1 for e in enemy_creatures(board, p.side) if e.zone == p.zone) >= 2


def _channeling(board: Board, p: Piece) -> bool:
    c = board.card_of(p)
    return bool(c and c.channeling)


#: The needs of a note that ask only the board and the object (``new`` needs the card too).
_NEEDS: Final[dict[str, Callable[[Board, Piece], bool]]] = {
    "melee": lambda b, p: any(a.is_melee for a in b.attacks(p)),
    "ranged": lambda b, p: any(a.is_ranged for a in b.attacks(p)),
    # a melee attack with no damage type and no effect die (Flame Strike, Lightning Strike)
    "plain-melee": lambda b, p: any(a.is_melee and not a.damage_type and not a.effects
                                    for a in b.attacks(p)),
    "attacks": lambda b, p: any(a.is_melee or a.is_ranged for a in b.attacks(p)),
    "can-act": _can_act,
    "inactive": lambda b, p: not _late(b) and isinstance(p, Creature) and not p.active,
    # not one that has acted: one summoned this round (Rouse the Beast)
    "summoned": lambda b, p: p.extra.get(SUMMONED) == b.round,
    "damaged": lambda b, p: p.damage > 0,
    "flying": lambda b, p: b.flying(p),
    "not-flying": lambda b, p: not b.has_trait(p, "Flying"),
    "movable": lambda b, p: not bonuses.unmovable(b, p),  # the trait, Stuck, card text
    "restrainable": lambda b, p: not (b.has_trait(p, "Uncontainable")
                                      or b.has_trait(p, "Unmovable")),
    "awake": lambda b, p: not b.incapacitated(p),
    "enchanted": lambda b, p: any(not is_dm_curse(b, e) for e in p.enchantments),
    # a face-down enchantment of yours on it (Seeking Dispel: solo.rules.abilities.actions)
    "hidden": lambda b, p: p.side == Side.YM and bool(hidden_on(p)),
    "cursed": lambda b, p: any(is_curse_on(b, p, e) for e in p.enchantments),
    "burning": lambda b, p: p.has_condition("Burn"),
    "not-burning": lambda b, p: not p.has_condition("Burn"),
    "not-guarding": lambda b, p: not getattr(p, "guarding", False),
    "engaged": engaged,
    "unengaged": lambda b, p: not engaged(b, p),
    "channeling": _channeling,
    "healable": harm.can_heal,
    "armored": lambda b, p: b.armor(p) > 0,
    "done": lambda b, p: isinstance(p, Creature) and not p.active,
    "crowded": _crowded,
    "stealable": lambda b, p: any(can_steal(b, e) for e in p.enchantments),
    "equipped": lambda b, p: isinstance(p, Mage) and bool(p.equipment),
    # wears equipment without a Disable marker (Disarm: solo.rules.abilities.actions)
    "armed": lambda b, p: isinstance(p, Mage) and bool(actions.disarm(b, p)[1]),
    "near": lambda b, p: b.distance(p.zone, b.mages[Side.DM].zone) <= 1,
}


def _meets(board: Board, p: Piece, need: str, card: Card | None) -> bool:
    if need == "new":
        return card is None or adds_something(board, p, card)
    test = _NEEDS.get(need)
    if test is not None:
        return test(board, p)
    if need.startswith("has:"):
        return p.has_condition(*need[4:].split("|"))
    if need.startswith("lacks:"):
        return not p.has_condition(*need[6:].split("|"))
    if need.startswith("trait:"):
        return board.has_trait(p, need[6:])
    return True  # a word this version does not know asks nothing


def meets_needs(board: Board, p: Piece, needs: Sequence[str], card: Card | None = None) -> bool:
    """Whether ``p`` is a target on which the spell makes sense (the ``needs`` of its note in
    scripts/notes/; ``new`` is checked only when ``card`` is given)."""
    return all(_meets(board, p, need, card) for need in needs)


def can_steal(board: Board, name: str) -> bool:
    """Whether Steal Enchantment lets the Dummy Mage take your enchantment ``name`` for one of
    its creatures: one that helps its bearer (its note's criterion is friendly-creature) and
    that the Dummy Mage may control (not a "... Only" card of another mage: the card ruling)."""
    ench = board.cat.find(name)
    note = (ench.dm or {}) if ench is not None else {}
    return note.get("criterion") == "friendly-creature" and mage_block(board, note) is None


# -- what keeps a spell off an object ----------------------------------------------------------

def spell_immunity(board: Board, p: Piece, card: Card) -> Refusal | None:
    """Why a spell of a damage type cannot touch ``p``: its subtype (Flame, Psychic, Poison,
    Lightning ...) is a type ``p`` is immune to (the codex's Immunity: it cannot be targeted or
    affected by spells of that type; Nonliving objects have Poison Immunity and conjurations
    Psychic Immunity), or None."""
    for kind in card.subtypes:
        if kind in targeting.DAMAGE_TYPES and combat.immune_to_damage_type(board, p, kind):
            return Refusal(f"spell.immune.{kind.lower()}")
    return None


def immune_reason(board: Board, p: Piece, note: NoteDict) -> str | Said | None:
    """Why every marker the spell places is kept off ``p`` (Burnproof, Psychic Immunity, ...),
    or None when at least one would land (or the spell places none)."""
    conds = effect_conditions(note)
    if not conds:
        return None
    reasons = [combat.condition_block(board, p, c) for c in conds]
    return reasons[0] if all(reasons) else None


# -- what a spell would add --------------------------------------------------------------------

def had_this_round(board: Board, p: Piece, name: str) -> bool:
    """Whether the spell ``name`` was cast on ``p`` in the current round."""
    cast = p.extra.get(ROUND_SPELLS)
    return isinstance(cast, dict) and cast.get(name) == board.round


def note_cast(board: Board, p: Piece, name: str) -> None:
    """Keep on ``p`` that the spell ``name`` was cast on it this round."""
    cast = p.extra.get(ROUND_SPELLS)
    kept = dict(cast) if isinstance(cast, dict) else {}
    kept[name] = board.round
    put(board, Note(p.id, ROUND_SPELLS, kept))


def _grants_new(board: Board, p: Piece, grants: NoteDict) -> bool:
    if any(parse_trait(t)[1] is not None or not board.has_trait(p, t)
           for t in grants.get("traits", [])):
        return True
    if any(board.has_trait(p, t) for t in grants.get("lose", [])):
        return True
    for key, kind in (("melee_traits", "melee"), ("ranged_traits", "ranged")):
        own = [a for a in board.attacks(p) if (a.is_melee if kind == "melee" else a.is_ranged)]
        for t in grants.get(key, []):
            if own and parse_trait(t)[1] is not None:
                return True
            if any(t.lower() not in (x.lower() for x in combat.attack_traits(board, p, a))
                   for a in own):
                return True
    return False


def adds_something(board: Board, p: Piece, card: Card) -> bool:
    """Whether casting ``card`` on ``p`` would change anything (the need ``new``).

    No, when ``p`` already carries the marker the spell places, or had the spell this round and
    the card allows one a round (``effect.limit = "round"``), or when everything it grants is
    already there: a trait without a number that ``p`` has (Flying), a melee trait without a
    number that every melee attack of ``p`` has (Unavoidable, from the card or from Falcon
    Precision or Perfect Strike).  Numbers add up (Melee +2, Life +4), so they always change
    something.
    """
    note = card.dm or {}
    effect = note.get("effect") or {}
    if card.type == "Enchantment" and card.name in p.enchantments:
        return False  # one copy of an enchantment per object
    marker = effect.get("condition")
    if marker and p.conditions.get(marker, 0) > 0 and not effect.get("stack"):
        return False
    if effect.get("remove") and "heal" not in effect and not p.has_condition(*effect["remove"]):
        return False
    if effect.get("limit") == "round" and had_this_round(board, p, card.name):
        return False
    grants = note.get("grants") or {}
    if not grants or any(grants.get(k) for k in ("life", "armor", "attack_dice")):
        return True
    return _grants_new(board, p, grants)


# -- reach, ties and the spell's own facts ------------------------------------------------------

def in_spell_range(board: Board, card_range: tuple[int, int], zone: str) -> bool:
    dm = board.mages[DM]
    dist = board.distance(dm.zone, zone)
    lo, hi = card_range
    if not lo <= dist <= hi:
        return False
    return bool(board.geometry().line_of_sight(dm.zone, zone))


def targetable(board: Board, p: Piece) -> bool:
    """Whether the Dummy Mage may target ``p`` from where it stands (Hidden, Invisible...)."""
    return bool(targeting.can_target(board, board.mages[DM].zone, p))


def highest_life(board: Board, source: DiceSource, options: Sequence[Piece], why: Said) -> Piece:
    """The option with the most life left; a tie is rolled for (``why`` says what for)."""
    best = max(board.remaining_life(p) for p in options)
    tied = [p for p in options if board.remaining_life(p) == best]
    pick: Piece = source.choose(tied, Said("spell.tie", why=why), [Who.of(p) for p in tied])
    return pick


def zone_hits(board: Board, zone: str, note: NoteDict) -> tuple[list[Piece], list[Piece]]:
    """(enemies, friends) in ``zone`` that a zone spell would affect: creatures meeting its
    restrictions and needs (the Dummy Mage itself is never counted: it is the caster)."""
    hit = [p for p in board.in_zone(zone) if p.id != Side.DM and not isinstance(p, Conjuration)
           and in_arena(board, p) and meets_restrictions(board, p, note.get("restrictions", []))
           and meets_needs(board, p, note.get("needs", []))]
    hit = [p for p in hit if immune_reason(board, p, note) is None]
    return [p for p in hit if p.side == Side.YM], [p for p in hit if p.side == Side.DM]


def spell_attack(card: Card) -> Attack | None:
    return card.attacks[0] if card.attacks else None


def zone_enchantments(board: Board, zone: str) -> list[str]:
    """The enchantments the Dummy Mage keeps on ``zone``."""
    return list((board.extra.get("zone_enchantments") or {}).get(zone, []))


def touch(d: Decision, ident: str) -> None:
    """Record in ``d.data["affected"]`` an object the spell changed (solo.engine.conformance
    reads it)."""
    seen = d.data.setdefault("affected", [])
    if ident not in seen:
        seen.append(ident)
