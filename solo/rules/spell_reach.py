"""The reach of the Dummy Mage's spells beyond one target: the attacks that go on after the first
(Chain Lightning's jumps, Tsunami's wave rolling on), the second of two adjacent zones
(V'Tarrian Energy Wave, Earthquake) with the wall between them, and Earthquake's attack on
conjurations.

Pure like the rest of :mod:`solo.rules`: these read the board and return planned attacks and
``Said`` records; :mod:`solo.automaton.spells` decides where a spell goes and
:mod:`solo.engine.resolve` rolls what is planned.  The notes' keys they read (``jumps``,
``rolls_on``, ``second_zone``, ``quake``) are described in scripts/notes/spells-shipped.toml;
the rulings are in docs/rulings.md ("Card abilities: attack spells and cards the Dummy Mage
cannot use").
"""

from __future__ import annotations

from collections.abc import Sequence

from solo.cards.catalog import Attack, Card, Effect
from solo.core.kinds import Side
from solo.core.records import replace
from solo.rules import combat, targeting
from solo.rules.board import Board, Piece
from solo.rules.decision import Decision, PlannedAttack, in_arena
from solo.rules.dice import DiceSource
from solo.rules.said import Said, Who
from solo.rules.spell_targets import highest_life, in_spell_range, spell_attack

__all__ = ["jumps", "chain_jump", "rolls_on", "onward_zones", "plan_onward", "second_zone_options",
           "walls_between", "plan_walls", "quake_attack", "quake_targets"]


def _note(board: Board, name: str) -> dict[str, object]:
    card = board.cat.find(name)
    return dict(card.dm or {}) if card is not None else {}


# -- Chain Lightning ---------------------------------------------------------------------------

def _weaker(attack: Attack, jumps: int) -> Attack:
    """The attack of the ``jumps``-th jump: that many dice fewer (never below 1) and that much
    off the effect die (each effect's range moved up as much)."""
    dice = attack.dice if isinstance(attack.dice, int) else 0
    effects = tuple(Effect(e.min + jumps, None if e.max is None else e.max + jumps, e.conditions)
                    for e in attack.effects)
    return replace(attack, dice=max(1, dice - jumps), effects=effects)


def _damaged(result: object, target: str) -> bool:
    return any(s.target == target and s.damage > 0 for s in getattr(result, "strikes", ()))


def jumps(board: Board, attack_name: str) -> bool:
    """Whether the attack spell named so jumps on after each attack that damages (its note's
    ``jumps``: Chain Lightning)."""
    return bool(_note(board, attack_name).get("jumps"))


def chain_jump(board: Board, source: DiceSource, plan: PlannedAttack, result: object,
               last_zone: str) -> tuple[PlannedAttack, Said] | None:
    """Chain Lightning's next jump after ``plan`` (rolled as ``result``, its target standing in
    ``last_zone`` when attacked), or None: when the attack damaged its target, it may attack
    another object of yours up to 1 zone from that target and in its Line of Sight, never one
    it attacked before; the Dummy Mage takes the one with the highest remaining life (ties
    rolled for), with one attack die fewer and 1 less on the effect die per jump."""
    if not plan.is_spell or not jumps(board, plan.attack.name):
        return None
    if not _damaged(result, plan.target):
        return None
    card = board.cat.find(plan.attack.name)
    base = spell_attack(card) if card is not None else None
    if base is None:
        return None
    done = (*plan.chain, plan.target)
    options = [p for p in _yours(board) if p.id not in done
               and board.distance(p.zone, last_zone) <= 1
               and targeting.can_target(board, last_zone, p)
               and not combat.immune_to_damage_type(board, p, base.damage_type)
               and combat.spared_by(board, p, base.name) is None]
    if not options:
        return None
    pick = highest_life(board, source, options, Said("spell.why.jump", card=base.name))
    n = len(done)  # this jump's number
    attack = _weaker(base, n)
    nxt = PlannedAttack(plan.attacker, attack, pick.id, is_spell=True, chain=done)
    return nxt, Said("spell.attack.jump", card=base.name, who=Who.of(pick), zone=pick.zone,
                     dice=attack.dice, less=n)


def _yours(board: Board) -> list[Piece]:
    """Your mage, creatures and conjurations (walls aside) in the arena: what an attack spell
    of the Dummy Mage may go on to."""
    out: list[Piece] = [board.mages[Side.YM], *board.side_creatures(Side.YM)]
    out += [c for c in board.conjurations if c.side == Side.YM and not board.is_wall(c)]
    return [p for p in out if in_arena(board, p)]


# -- Tsunami -----------------------------------------------------------------------------------

def rolls_on(card: Card) -> bool:
    """Whether the attack spell repeats one zone farther each time (Tsunami)."""
    return bool((card.dm or {}).get("rolls_on"))


def onward_zones(board: Board, zone: str, direction: str) -> list[str]:
    """The zones beyond ``zone`` in ``direction``, nearest first, to the arena's edge."""
    out: list[str] = []
    nxt = board.arena.step(zone, direction)
    while nxt is not None:
        out.append(nxt)
        nxt = board.arena.step(nxt, direction)
    return out


def plan_onward(board: Board, source: DiceSource, d: Decision, card: Card, zone: str) -> None:
    """Tsunami: the direction rolled on the compass (the solo rules roll every direction the
    Dummy Mage needs), then the same zone attack on every zone farther that way, after the
    first."""
    attack = spell_attack(card)
    assert attack is not None
    _, direction = source.compass(Said("spell.roll.direction", card=card.name))
    zones = onward_zones(board, zone, direction)
    for z in zones:
        d.attacks.append(PlannedAttack(Side.DM, attack, z, is_spell=True, zone=True, first=False))
    d.data["direction"] = direction
    d.data["onward"] = zones
    d.instructions.append(Said("spell.attack.onward", card=card.name, direction=direction,
                               zones=tuple(zones)))


# -- two adjacent zones ------------------------------------------------------------------------

def second_zone_options(board: Board, card: Card, zone: str, in_range: bool) -> list[str]:
    """The zones next to ``zone`` that may be the spell's second (``in_range``: it too must be
    in the spell's range and Line of Sight of the Dummy Mage, as V'Tarrian Energy Wave's both
    zones are; Earthquake needs only one)."""
    return [z for z in board.arena.neighbours(zone)
            if not in_range or in_spell_range(board, card.range, z)]


def walls_between(board: Board, a: str, b: str) -> list[Piece]:
    """The walls on the border between the adjacent zones ``a`` and ``b``."""
    ids = {w.id for w in board.geometry().walls_between(a, b)}
    return [c for c in board.conjurations if c.id in ids]


def plan_walls(board: Board, d: Decision, card: Card, attack: Attack, walls: Sequence[Piece]) -> None:
    """An attack on each wall between the two zones (it is in neither zone, so the zone attacks
    leave it alone)."""
    for w in walls:
        d.attacks.append(PlannedAttack(Side.DM, attack, w.id, is_spell=True, first=False))
        d.instructions.append(Said("spell.attack.wall", card=card.name, who=Who.of(w),
                                   dice=attack.dice))


def quake_attack(card: Card) -> Attack:
    """Earthquake's attack on Corporeal conjurations: 4 Unavoidable attack dice (its note's
    ``quake``), no damage type, no effect die; the spell makes it, not its caster (its card
    ruling), so it is neither melee nor ranged (:func:`solo.rules.combat.by_itself`)."""
    n = int((card.dm or {}).get("effect", {}).get("quake", 4))
    return Attack(card.name, "full", None, card.range, n, None, traits=("Unavoidable",))


def quake_targets(board: Board, zones: Sequence[str]) -> list[Piece]:
    """The Corporeal conjurations Earthquake attacks in ``zones``, and any wall between two."""
    out: list[Piece] = [c for c in board.conjurations if not board.is_wall(c)
                        and c.zone in zones and board.is_corporeal(c) and in_arena(board, c)]
    if len(zones) == 2:
        out += [w for w in walls_between(board, zones[0], zones[1]) if board.is_corporeal(w)]
    return out
