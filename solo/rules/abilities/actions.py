"""Abilities that change how a creature acts or may act: heals it makes, activated abilities the
Dummy Mage pays for, moves that teleport or fly, what your creatures may not do.

Each question here is asked by one hook of the rules or the automaton:

* Artemis ignoring Obscured (:data:`ARTEMIS`) -- in :func:`solo.rules.targeting.can_reach`
  itself, asked of every attack's reach;
* :func:`elusive` -- guards and hindering (:mod:`solo.automaton.attacks`,
  :mod:`solo.automaton.movement`): Slaknir's goblins, and Victorian Griffin taking it away;
* :func:`griffin_hinders` -- :func:`solo.automaton.movement.hinders`;
* :func:`teleports`, :func:`teleport_blocked`, :func:`pays_fast` -- the Dummy Mage's Blue
  Gremlin and Grey Wraith (:mod:`solo.automaton.movement`, :mod:`solo.automaton.creatures`);
* :func:`on_activation`, :func:`at_phase_end` -- Necropian Vampiress's flight
  (:func:`solo.automaton.creatures.act`, :func:`solo.engine.turns.finish`);
* :func:`vigilant` -- :func:`solo.rules.upkeep.end_action_phase` (Guard Dog);
* :func:`plan_heal` -- the healing creatures (:func:`solo.automaton.creatures.act`).

Pure: nothing here writes the board; each answer is a value, or change records and ``Said`` lines
for the caller to carry.
"""

from __future__ import annotations

from typing import Final

from solo.cards.catalog import Attack
from solo.core.kinds import DM, YM, DeckKind, Side
from solo.rules.board import HIDDEN, Board, Conjuration, Creature, Mage, Piece
from solo.rules.pieces import DISABLED_GEAR
from solo.rules.dice import DiceSource
from solo.rules.effects import DELETE, AddMarkers, Change, Damage, Discard, GainTraits, Move, Note, \
    RemoveMarkers, RemovePiece, SetTraits, SetZoneEnchantments
from solo.rules.said import Said, Who

__all__ = ["ARTEMIS", "SLAKNIR", "GRIFFIN", "GREMLIN", "WRAITH", "VAMPIRESS", "GUARD_DOG",
           "ASTRAL_ANCHOR", "CLERIC", "GRAY_ANGEL", "ANGEL_SAVES_AT",
           "elusive", "griffin_hinders", "teleports", "teleport_blocked", "anchored_zones", "pays_fast",
           "on_activation", "at_phase_end", "vigilant", "Heal", "heal_attack", "plan_heal",
           "ACOLYTE", "VIGOR", "plan_vigor", "hidden_on", "seek_hidden", "disarm", "rearm",
           "TELEPORT_TRAP", "teleport_trap"]

ARTEMIS: Final = "Artemis, Dawnbreaker's Eye"
SLAKNIR: Final = "Slaknir, Goblin Chieftain"
GRIFFIN: Final = "Victorian Griffin"
GREMLIN: Final = "Blue Gremlin"
WRAITH: Final = "Grey Wraith"
VAMPIRESS: Final = "Necropian Vampiress"
GUARD_DOG: Final = "Guard Dog"
ASTRAL_ANCHOR: Final = "Astral Anchor"
TELEPORT_TRAP: Final = "Teleport Trap"
CLERIC: Final = "Asyran Cleric"
GRAY_ANGEL: Final = "Gray Angel"
ACOLYTE: Final = "Acolyte of the Bog Queen"
#: The round marker of the Acolyte's Vigor of the Grave: Melee +1 until the end of the round.
VIGOR: Final = "Vigor of the Grave"
#: Gray Angel gives up its life only for the Dummy Mage, once it has this much life left or less
#: (docs/rulings.md, "Healing creatures of the Dummy Mage").
ANGEL_SAVES_AT: Final = 10


def _in_arena(p: Piece) -> bool:
    return p.conditions.get("Banish", 0) <= 0


# -- targeting and guards --------------------------------------------------------------------

def _griffin_over(board: Board, p: Piece) -> bool:
    """A flying Victorian Griffin of the other side in ``p``'s zone."""
    for g in board.creatures:  # (a loop, not any() over a generator: asked every move)
        if g.card == GRIFFIN and g.side != p.side and g.zone == p.zone and _in_arena(g) \
                and board.flying(g):
            return True
    return False


def elusive(board: Board, p: Piece) -> bool:
    """Elusive now: the trait, or a goblin while a friendly Slaknir is in play (his card); never
    in the zone of an enemy Victorian Griffin that flies (its card: they lose and cannot gain
    Elusive)."""
    if board.has_trait(p, "Elusive"):
        found = True
    elif isinstance(p, Creature) and _slaknir(board, p.side):
        found = "Goblin" in _subtypes(board, p)
    else:
        return False
    return found and not _griffin_over(board, p)


def _slaknir(board: Board, side: str) -> bool:
    """Slaknir in play on ``side`` (a loop, not any() over a generator: asked every move)."""
    for s in board.creatures:
        if s.card == SLAKNIR and s.side == side and _in_arena(s):
            return True
    return False


def _subtypes(board: Board, p: Piece) -> tuple[str, ...]:
    card = board.cat.find(p.card)
    return tuple(card.subtypes) if card is not None else ()


def griffin_hinders(board: Board, mover: Piece, zone: str) -> bool:
    """Whether an enemy Victorian Griffin flying in ``zone`` hinders ``mover`` there (every
    enemy creature in its zone, flying or not: its card)."""
    for g in board.creatures:  # (a loop, not any() over a generator: asked every move)
        if g.card == GRIFFIN and g.side != mover.side and g.zone == zone and _in_arena(g) \
                and board.flying(g) and not board.incapacitated(g):
            return True
    return False


# -- moves that teleport, flight bought at activation ----------------------------------------

def teleports(board: Board, c: Piece) -> bool:
    """Whether the Dummy Mage's creature moves by teleport: Blue Gremlin (each move action a
    teleport to the next zone, paid when activated) and Grey Wraith (a teleport to an adjacent
    zone instead of a move); the Dummy Mage always pays (docs/rulings.md).  Your creatures are
    yours to move."""
    return c.side == DM and c.card in (GREMLIN, WRAITH) and not board.has_trait(c, "Anchored")


def teleport_blocked(board: Board, a: str, b: str) -> bool:
    """No creature is teleported to or from a zone with Astral Anchor (the card)."""
    zones = board.extra.get("zone_enchantments") or {}
    return any(ASTRAL_ANCHOR in zones.get(z, ()) for z in (a, b))


def anchored_zones(board: Board) -> list[str]:
    """The zones where the Dummy Mage's Astral Anchor stops every teleport."""
    zones = board.extra.get("zone_enchantments") or {}
    return sorted(z for z, names in zones.items() if ASTRAL_ANCHOR in names)


def pays_fast(c: Piece) -> bool:
    """The Dummy Mage's Blue Gremlin is Fast for the round it pays (always)."""
    return c.side == DM and c.card == GREMLIN


_FLIGHT: Final = "Flying"


def on_activation(board: Board, c: Piece) -> tuple[list[Change], list[Said]]:
    """What the Dummy Mage's creature buys as it is activated: Necropian Vampiress flies until
    the end of her Action Phase (a gained Flying trait, taken off by :func:`at_phase_end`)."""
    if c.side != DM or c.card != VAMPIRESS or _FLIGHT in c.traits:
        return [], []
    return ([GainTraits(c.id, (_FLIGHT,))],
            [Said("dm.act.vampiress-flies", who=Who.of(c))])


def at_phase_end(board: Board, piece_id: str) -> list[Change]:
    """The Flying Necropian Vampiress bought at activation ends with her Action Phase."""
    p = board.find(piece_id)
    if p is None or p.card != VAMPIRESS or _FLIGHT not in p.traits:
        return []
    left = list(p.traits)
    left.remove(_FLIGHT)
    return [SetTraits(p.id, tuple(left))]


def vigilant(board: Board, c: Piece) -> bool:
    """Vigilant now: the trait, or a Guard Dog in a zone with a friendly conjuration attached to
    nothing (its card; walls stand on borders, not in the zone)."""
    if board.has_trait(c, "Vigilant"):
        return True
    return c.card == GUARD_DOG and any(
        isinstance(q, Conjuration) and q.side == c.side and q.zone == c.zone and q.border is None
        for q in board.conjurations)


# -- heals the Dummy Mage's creatures make ---------------------------------------------------

class Heal:
    """A heal a creature makes: its attack, whom, the changes and the lines."""

    def __init__(self, attack: Attack, target: Piece, changes: list[Change],
                 lines: list[Said], sacrificed: bool = False) -> None:
        self.sacrificed = sacrificed  # the healer gave up its life (Gray Angel)
        self.attack = attack
        self.target = target
        self.changes = changes
        self.lines = lines


def heal_attack(board: Board, c: Piece) -> Attack | None:
    """The creature's healing attack (the Heal attack trait, with dice), if it has one."""
    for a in board.attacks(c):
        if a.has("Heal") and isinstance(a.dice, int) and a.action:
            return a
    return None


def _healable(board: Board, p: Piece) -> bool:
    return (isinstance(p, (Creature, Mage)) and _in_arena(p) and p.damage > 0
            and board.is_living(p) and not board.has_trait(p, "Finite Life")
            and not board.has_trait(p, "Nonliving"))


def _patients(board: Board, c: Piece, attack: Attack) -> list[Piece]:
    """Whom the heal may reach: Gray Angel any Living creature in the arena (only the Dummy
    Mage, and only when it is low: the ruling), the others a damaged Living creature of their
    side within the attack's range and in Line of Sight (the healer itself too)."""
    friends: list[Piece] = [board.mages[c.side], *board.side_creatures(c.side)]
    friends = [p for p in friends if _healable(board, p)]
    if c.card == GRAY_ANGEL:
        mage = board.mages[c.side]
        return [mage] if mage in friends and board.remaining_life(mage) <= ANGEL_SAVES_AT else []
    lo, hi = attack.range
    geo = board.geometry()
    return [p for p in friends if lo <= board.distance(c.zone, p.zone) <= hi
            and geo.line_of_sight(c.zone, p.zone)
            and not board.has_trait(p, "Invisible")]


def _least_life(board: Board, source: DiceSource, options: list[Piece]) -> Piece | None:
    """The one with the least life left (ties rolled), as the friendly spells choose."""
    if not options:
        return None
    least = min(board.remaining_life(p) for p in options)
    tied = [p for p in options if board.remaining_life(p) == least]
    if len(tied) == 1:
        return tied[0]
    picked: Piece = source.choose(tied, Said("dm.tie.life"), [Who.of(p) for p in tied])
    return picked


def plan_heal(board: Board, source: DiceSource, c: Piece) -> Heal | None:
    """The heal the Dummy Mage's creature makes instead of attacking, when one of its side in
    reach is damaged (docs/rulings.md, "Healing creatures of the Dummy Mage"): the patient with
    the least life left (ties: rolled), the dice rolled, that much damage off (a Rage token too,
    all of them when no damage is left); Gray Angel is then destroyed.  None when it heals
    nobody."""
    if board.incapacitated(c) or c.has_condition("Taunt"):
        return None
    if c.card == ACOLYTE:
        return _repair_bones(board, source, c)
    attack = heal_attack(board, c)
    if attack is None:
        return None
    target = _least_life(board, source, _patients(board, c, attack))
    if target is None:
        return None
    assert isinstance(attack.dice, int)
    faces = source.attack_dice(attack.dice, Said("dm.heal.dice", who=Who.of(c),
                                                 attack=attack.name))
    amount = sum(int(f[0]) for f in faces if f != "-")
    healed = min(amount, target.damage)
    changes: list[Change] = []
    if healed:
        changes.append(Damage(target.id, -healed))
        rage = target.conditions.get("Rage", 0)
        if rage > 0:
            changes.append(RemoveMarkers(target.id, "Rage",
                                         rage if healed == target.damage else 1))
    lines = [Said("dm.act.heal", who=Who.of(c), target=Who.of(target), attack=attack.name,
                  faces=tuple(faces), amount=amount, healed=healed)]
    if c.card == GRAY_ANGEL:
        changes += [RemovePiece(c.id), Discard(DeckKind.CREATURE, c.card)]
        lines.append(Said("dm.act.sacrifice", who=Who.of(c)))
    return Heal(attack, target, changes, lines, sacrificed=c.card == GRAY_ANGEL)


def _in_reach(board: Board, c: Piece, attack: Attack, p: Piece) -> bool:
    lo, hi = attack.range
    return lo <= board.distance(c.zone, p.zone) <= hi \
        and board.geometry().line_of_sight(c.zone, p.zone) and not board.has_trait(p, "Invisible")


def _kin(board: Board, p: Piece, kind: str) -> bool:
    """A skeleton or zombie: its subtype (a Zombie marker makes a zombie too)."""
    return kind in _subtypes(board, p) or (kind == "Zombie" and p.has_condition("Zombie"))


def _repair_bones(board: Board, source: DiceSource, c: Piece) -> Heal | None:
    """Acolyte of the Bog Queen's Repair Bones: 2 damage rebuilt on the damaged skeleton of its
    side within its reach with the least life left (ties rolled)."""
    attack = next((a for a in board.attacks(c) if a.name == "Repair Bones"), None)
    if attack is None:
        return None
    target = _least_life(board, source, [
        p for p in board.side_creatures(c.side) if _in_arena(p) and p.damage > 0
        and _kin(board, p, "Skeleton") and _in_reach(board, c, attack, p)])
    if target is None:
        return None
    fixed = min(2, target.damage)
    return Heal(attack, target, [Damage(target.id, -fixed)],
                [Said("dm.act.repair-bones", who=Who.of(c), target=Who.of(target),
                      attack=attack.name, fixed=fixed)])


def plan_vigor(board: Board, c: Piece) -> Heal | None:
    """Acolyte of the Bog Queen's Vigor of the Grave, when it has no one to attack from where it
    stands: Melee +1 for the round on a zombie creature of its side within reach that has yet to
    act this round, has a melee attack and has no Vigor yet (the one with the most life left;
    ties: the lowest id)."""
    if c.card != ACOLYTE or board.incapacitated(c) or c.has_condition("Taunt"):
        return None
    attack = next((a for a in board.attacks(c) if a.name == VIGOR), None)
    if attack is None:
        return None
    zombies = [p for p in board.side_creatures(c.side) if p.id != c.id and _in_arena(p)
               and p.active and _kin(board, p, "Zombie") and not p.has_condition(VIGOR)
               and any(a.is_melee for a in board.attacks(p)) and _in_reach(board, c, attack, p)]
    if not zombies:
        return None
    target = min(zombies, key=lambda p: (-board.remaining_life(p), p.id))
    return Heal(attack, target, [AddMarkers(target.id, VIGOR)],
                [Said("dm.act.vigor", who=Who.of(c), target=Who.of(target), attack=attack.name)])


# -- spells acting on your side's objects ----------------------------------------------------

def hidden_on(piece: Piece) -> list[str]:
    """Your face-down enchantments on ``piece`` (as you told solo: a piece note)."""
    got = piece.extra.get(HIDDEN)
    return [str(n) for n in got] if isinstance(got, list) else []


def seek_hidden(board: Board, source: DiceSource, p: Piece,
                card: str) -> tuple[list[Change], str | None]:
    """Seeking Dispel on ``p``: one of your face-down enchantments there destroyed, unrevealed
    (its card: the controller cannot reveal it once the spell is cast); the one destroyed is
    rolled when there are several.  Its changes and its name (None: there is none)."""
    down = hidden_on(p)
    if not down:
        return [], None
    pick: str = source.choose(down, Said("spell.pick.enchantment", card=card)) \
        if len(down) > 1 else down[0]
    left = list(down)
    left.remove(pick)
    return [Note(p.id, HIDDEN, left if left else DELETE)], pick


def _cast_cost(board: Board, name: str) -> int:
    card = board.cat.find(name)
    return card.cost if card is not None and isinstance(card.cost, int) else 0


def disarm(board: Board, mage: Mage) -> tuple[list[Change], str | None]:
    """Disarm on your mage: a Disable marker on the equipment it wears with the highest casting
    cost that has none yet (ties: the one put on first); the Dummy Mage pays its X (the
    object's Level) freely.  Its changes and the equipment's name (None: nothing to disable)."""
    off = list(mage.extra.get(DISABLED_GEAR) or ())
    worn = [n for n in mage.equipment if n not in off]
    if not worn:
        return [], None
    pick = max(worn, key=lambda n: (_cast_cost(board, n), -mage.equipment.index(n)))
    return [Note(mage.id, DISABLED_GEAR, [*off, pick])], pick


def rearm(board: Board) -> tuple[list[Change], list[tuple[str, tuple[str, ...]]]]:
    """The Reset phase: the Disable markers Disarm put on the mages' equipment come off (one
    each; Disarm puts only one on a piece).  The changes, and (mage id, equipment names)."""
    changes: list[Change] = []
    out: list[tuple[str, tuple[str, ...]]] = []
    for mage in board.mages.values():
        off = tuple(mage.extra.get(DISABLED_GEAR) or ())
        if off:
            changes.append(Note(mage.id, DISABLED_GEAR, DELETE))
            out.append((mage.id, off))
    return changes, out


def teleport_trap(board: Board, mover: Piece, zone: str) -> tuple[list[Change], Said | None]:
    """The Dummy Mage's Teleport Trap on ``zone`` as your creature (or mage) enters it: revealed,
    the creature teleported at once to the zone up to 2 zones from the trap farthest from the
    Dummy Mage (ties: the first by name; never into or out of an Astral Anchor's zone, never an
    Anchored creature), then the trap destroyed.  Its changes and line; none when no trap of the
    Dummy Mage's is there (or it cannot teleport the creature: the trap then stays)."""
    zones = board.extra.get("zone_enchantments") or {}
    if mover.side != YM or TELEPORT_TRAP not in zones.get(zone, ()) \
            or board.has_trait(mover, "Anchored"):
        return [], None
    dm = board.mages[Side.DM].zone
    options = [z for z in board.arena.zones() if 0 < board.distance(zone, z) <= 2
               and not teleport_blocked(board, zone, z)]
    if not options:
        return [], None
    dest = min(options, key=lambda z: (-board.distance(z, dm), z))
    left = list(zones.get(zone, ()))
    left.remove(TELEPORT_TRAP)
    changes: list[Change] = [SetZoneEnchantments(zone, tuple(left)),
                             Discard(DeckKind.ENCHANTMENT, TELEPORT_TRAP), Move(mover.id, dest)]
    stuck = mover.conditions.get("Stuck", 0)
    if stuck:  # a teleport destroys every Stuck marker (the codex)
        changes.append(RemoveMarkers(mover.id, "Stuck", stuck))
    return changes, Said("dm.trap.teleport", who=Who.of(mover), zone=zone, to=dest, stuck=stuck)
