"""Whether one object may target another: the rules every attack, spell and ability shares.

Range is the caller's business (each attack and spell has its own); this module answers the
rest: Line of Sight through walls, and the traits that forbid targeting (Invisible, Obscured,
...).  Spells (:mod:`solo.automaton.spells`) and creature attacks both ask here, so a trait
that hides an object hides it from everything.
"""

from __future__ import annotations

from typing import Final

from solo.cards.catalog import Attack
from solo.rules.abilities.actions import ARTEMIS
from solo.rules.board import Board, Conjuration, Piece
from solo.rules.pieces import MEMORY

#: Conjurations that give objects the Obscured trait: every object in the arena (Rolling Fog),
#: the other non-Flying objects of its zone (Elephant Grass).
OBSCURE_ALL: Final = ("Rolling Fog",)
OBSCURE_ZONE: Final = ("Elephant Grass",)


def invisible(board: Board, target: Piece) -> bool:
    """Invisible objects cannot be targeted at all (zone attacks, damage barriers and
    counterstrikes still reach them: they do not target)."""
    return board.has_trait(target, "Invisible")


def obscured(board: Board, target: Piece) -> bool:
    """Whether ``target`` is Obscured now: its own trait (Blur, Cloak of Shadows give it), a
    Rolling Fog anywhere in the arena, or an Elephant Grass in its zone (not for Flying ones
    nor for the grass itself)."""
    if board.has_trait(target, "Obscured"):
        return True
    for c in board.conjurations:
        if c.card in OBSCURE_ALL:
            return True
        if c.card in OBSCURE_ZONE and c.zone == target.zone and c.id != target.id \
                and c.border is None and not board.flying(target):
            return True
    return False


def can_target(board: Board, from_zone: str, target: Piece, *, indirect: bool = False,
               sees_obscured: bool = False) -> bool:
    """Whether something in ``from_zone`` may target ``target`` (range aside).

    Never an Invisible object; an Obscured one only from its zone or an adjacent one (from
    anywhere when ``sees_obscured``: Artemis); else Line of Sight decides, unless ``indirect``
    (the Indirect trait: walls do not block it).
    """
    hit = target._mt  # (Board.trait_names' read of what the piece keeps, written out: asked
    # some 250 times a game; read once)
    names = hit[2][1] if hit[0] == board._serial and hit[1] == MEMORY.world \
        else board.trait_names(target)
    if "invisible" in names:
        return False
    if not sees_obscured and ("obscured" in names or (board.conjurations and obscured(board, target))) \
            and board.distance(from_zone, target.zone) > 1:
        return False
    if indirect or not board.conjurations:  # (no conjuration, no wall: nothing blocks a line)
        return True
    return board.geometry().line_of_sight(from_zone, target.zone)


#: Why ``target`` cannot be targeted (:func:`why_not`); worded by solo.text.automaton
#: (``target.<reason>``).
INVISIBLE: Final = "invisible"
OBSCURED: Final = "obscured"
WALLED: Final = "walled"


def why_not(board: Board, from_zone: str, target: Piece, *, indirect: bool = False) -> str | None:
    """Why ``target`` cannot be targeted from ``from_zone``: :data:`INVISIBLE`,
    :data:`OBSCURED` or :data:`WALLED` (a wall blocks Line of Sight); None when it can."""
    if invisible(board, target):
        return INVISIBLE
    if obscured(board, target) and board.distance(from_zone, target.zone) > 1:
        return OBSCURED
    if not indirect and not board.geometry().line_of_sight(from_zone, target.zone):
        return WALLED
    return None


#: The damage types of attacks, and of spells by their subtype: an object with "<type> Immunity"
#: can be neither targeted nor affected by either.
DAMAGE_TYPES: Final = ("Acid", "Flame", "Frost", "Hydro", "Lightning", "Wind", "Light", "Poison",
                       "Psychic")


#: Immunities a card's text gives rather than its traits ("Magma Golem is immune to flame
#: damage").
IMMUNE_BY_TEXT: Final = {"Magma Golem": ("Flame",)}
#: Objects whose card text says ranged attacks cannot target them.
RANGED_PROOF: Final = ("Mangler Caltrops", "Tanglevine", "Stranglevine", "Vine Marker Green")


def immune_to_damage_type(board: Board, p: Piece, damage_type: str | None) -> bool:
    """Immunity to a damage type: "Flame Immunity"; Nonliving objects have Poison Immunity and
    conjurations Psychic Immunity."""
    if not damage_type:
        return False
    if board.has_trait(p, f"{damage_type} Immunity") \
            or damage_type in IMMUNE_BY_TEXT.get(p.card, ()):
        return True
    if damage_type.lower() == "poison" and not board.is_living(p):
        return True
    if damage_type.lower() == "psychic" and isinstance(p, Conjuration):
        return True
    return False


def shielded_from(board: Board, attack: Attack, target: Piece) -> bool:
    """Whether ``target`` is immune to ``attack``'s damage type, so that the attack may not
    target it (the codex's Immunity: "cannot be targeted or affected by spells or attacks of
    the specified type"); a Hydro attack with Extinguish may still target a burning Hydro
    Immune object (the complete codex's exception: it only puts its fires out, so solo offers
    it only where there is a fire to put out)."""
    if not attack.damage_type or not immune_to_damage_type(board, target, attack.damage_type):
        return False
    return not (attack.damage_type.lower() == "hydro" and attack.has("Extinguish")
                and target.conditions.get("Burn", 0) > 0)


def can_reach(board: Board, attacker: Piece, attack: Attack, from_zone: str, target: Piece) -> bool:
    """Whether ``attack`` made from ``from_zone`` may target ``target``: range, flying, what
    the attack may target, the target's immunity to its damage type (:func:`shielded_from`),
    and :func:`solo.rules.targeting.can_target` (Invisible, Obscured, LoS)."""
    if attack.damage_type and shielded_from(board, attack, target):
        return False
    arena = board.arena  # (Arena.distance's table read here, as Board.distance: no call more)
    dist = arena._t.dist.get((from_zone, target.zone))
    if dist is None:
        dist = arena.distance(from_zone, target.zone)
    if attack.traits and attack.has("Can only target Corporeal Conjurations") and not (
            isinstance(target, Conjuration) and board.is_corporeal(target)):
        return False
    if attack.is_melee:
        if dist != 0:
            return False
        hit = target._mf  # (Board.flying's read of what the piece keeps, written out)
        if (hit[2] if hit[0] == board._serial and hit[1] == MEMORY.world
                else board.flying(target)) \
                and not (board.flying(attacker) or attack.has("Reach")):
            return False
        # (in its own zone Obscured keeps nothing from targeting it, Artemis' attack or not: so
        # can_target is spared asking, as for hers -- every melee attack weighed asks here)
        return can_target(board, from_zone, target, sees_obscured=True)
    if attack.is_ranged:
        if target.card in RANGED_PROOF:
            return False
        lo, hi = attack.range
        if not (dist == 0 and board.flying(target)) and not lo <= dist <= hi:
            return False
        # Artemis' attacks ignore the Obscured trait (her card): the one place that says so
        if attacker.card == ARTEMIS:
            return can_target(board, from_zone, target, indirect=attack.has("Indirect"),
                              sees_obscured=True)
        return can_target(board, from_zone, target, indirect=attack.has("Indirect"))
    return False
