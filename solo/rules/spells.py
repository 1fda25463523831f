"""What a spell the Dummy Mage casts does to the board, once it knows where the spell goes.

:mod:`solo.automaton.spells` chooses the target (an object, a zone, the whole arena, a creature
in the discard pile); the functions here put the spell there and do what its Dummy Mage note's
``effect`` says, each change through :func:`solo.rules.effects.apply`.  What happened is told as
:class:`~solo.rules.said.Said` lines in the decision's instructions, worded in
:mod:`solo.text.spells`.  Pushes are in :mod:`solo.rules.pushes`, the Upkeep's work of
enchantments in :mod:`solo.rules.spell_upkeep`.  Interpretations of the rules are in
docs/rulings.md.
"""

from __future__ import annotations

from solo.cards.catalog import Attack, Card
from solo.core.kinds import DeckKind, Side
from solo.core.records import replace
from solo.rules import combat, harm, spell_reach, yours
from solo.rules.abilities import actions, bonuses, restrictions, triggers
from solo.rules.board import SUMMONED, Board, Creature, Mage, Piece
from solo.rules.decision import Decision, PlannedAttack, enemy_creatures, in_arena
from solo.rules.dice import DiceSource
from solo.rules.effects import (AddMarkers, AddPiece, ChangeLife, Damage, Discard, Disenchant,
                                Enchant, Move, Note, RemoveMarkers, SetActive, SetEnchantments,
                                SetGuard, SetMarkers, SetSide, SetZoneEnchantments, Undiscard,
                                Unequip)
from solo.rules.effects import apply as put, apply_all as put_all
from solo.rules.pushes import push
from solo.rules.said import Refusal, Said, Who
from solo.rules.spell_targets import (NoteDict, effect_conditions, highest_life, in_spell_range,
                                      is_curse_on, meets_needs, meets_restrictions, note_cast,
                                      spell_attack, targetable, touch, zone_enchantments,
                                      zone_hits)

__all__ = ["place", "dice_total", "destroy_magic", "reveal_against_healing", "apply_effect",
           "teleport", "cast_on", "steal", "cast_arena", "cast_revive", "cast_attack",
           "discard_unused", "Parts"]

#: The lines of what a spell did, joined into one instruction by :mod:`solo.text.spells`.
Parts = list[Said]


def place(board: Board, p: Piece, name: str) -> bool:
    """``p`` gains a ``name`` marker unless something keeps it off; whether it did."""
    if combat.condition_block(board, p, name):
        return False
    harm.gain(board, p, name)
    return True


def dice_total(source: DiceSource, n: int, why: Said) -> tuple[int, list[str]]:
    """``n`` attack dice rolled for a number (healing, damage, mana): their total and faces."""
    faces = source.attack_dice(n, why)
    return sum(int(f[0]) for f in faces if f != "-"), list(faces)


def discard_unused(board: Board, d: Decision, deck: str, card: Card, reason: Refusal) -> Decision:
    """The spell is discarded without effect, for ``reason``."""
    put(board, Discard(deck, card.name))
    d.data["discarded"] = True
    d.reason = reason
    d.instructions.append(Said("spell.discard", card=card.name, reason=reason))
    return d


# -- enchantments destroyed, hidden ones revealed -----------------------------------------------

def destroy_magic(board: Board, d: Decision, zone: str) -> Parts:
    """Every enchantment in ``zone`` destroyed, the zone's and its objects', face up or down,
    the Dummy Mage's and yours; an object whose damage reaches its life without them is
    destroyed too (as after Dispel)."""
    gone = zone_enchantments(board, zone)
    put(board, SetZoneEnchantments(zone, ()))
    up, down = yours.destroy_zone_enchantments(board, zone)
    gone += up
    dead: Parts = []
    for p in list(board.in_zone(zone)):
        gone += p.enchantments
        if p.enchantments:
            put(board, SetEnchantments(p.id, ()))
        down += yours.destroy_hidden(board, p)
        who = Who.of(p)
        if harm.destroy_if_dead(board, p, Side.DM):  # its Life +X went with them
            dead.append(Said("spell.part.unenchanted-dies", who=who))
            dead += triggers.on_destroyed(board, p, None, False, attacked=False)
    d.data["removed"] = gone
    return [Said("spell.part.destroy-magic", zone=zone, names=tuple(gone), down=down), *dead]


def reveal_against_healing(board: Board, d: Decision, p: Piece) -> Parts:
    """Your face-down curse that stops healing (Poisoned Blood's Finite Life) on the object the
    Dummy Mage heals: revealed at the end of the Counter Spell step, so the spell heals nothing
    (its card ruling)."""
    for name in yours.hidden_on(p):
        found = board.cat.find(name)
        if yours.stops_healing(found):
            yours.turn_up(board, p, name)
            d.data.setdefault("revealed", []).append(name)
            cost = found.reveal_cost if found is not None else None
            return [Said("spell.part.reveal-finite", name=name, cost=cost)]
    return []


# -- what an incantation's effect does to one object --------------------------------------------

def _markers(board: Board, card: Card, note: NoteDict, p: Piece, who: Who) -> Parts:
    """The markers the effect takes off, then those it puts on."""
    effect = note.get("effect") or {}
    out: Parts = []
    for cond in effect.get("remove", []):
        k = p.conditions.get(cond, 0)
        if cond in p.conditions:
            put(board, RemoveMarkers(p.id, cond))
        if k:
            out.append(Said("spell.part.remove", k=k, cond=cond, who=who))
    for name in effect_conditions(note):
        if place(board, p, name):
            out.append(Said("spell.part.marker", name=name, who=who))
        else:
            out.append(Said("spell.part.cannot-gain", who=who, name=name,
                            why=combat.condition_block(board, p, name)))
    return out


def _healing(board: Board, source: DiceSource, d: Decision, card: Card, effect: NoteDict,
             p: Piece, who: Who) -> Parts:
    out: Parts = []
    if "heal" in effect:
        out += reveal_against_healing(board, d, p)
        amount, faces = dice_total(source, effect["heal"],
                                   Said("spell.dice.heal", card=card.name, who=who))
        healed = harm.heal(board, p, amount)
        d.data.setdefault("healed", 0)
        d.data["healed"] += healed
        d.data["faces"] = faces
        out.append(Said("spell.part.heal", who=who, faces=faces, amount=amount, healed=healed,
                        now=board.get(p.id).damage))
    if "heal_caster" in effect:
        amount, faces = dice_total(source, effect["heal_caster"],
                                   Said("spell.dice.heal-caster", card=card.name))
        healed = harm.heal(board, board.mages[Side.DM], amount)
        out.append(Said("spell.part.heal-caster", faces=faces, amount=amount, healed=healed))
    return out


def _harm(board: Board, source: DiceSource, d: Decision, card: Card, effect: NoteDict,
          p: Piece, who: Who) -> Parts:
    """Direct damage (Drain Life heals the caster as much), damage moved to the caster, Banish."""
    out: Parts = []
    if "damage" in effect:
        amount, faces = dice_total(source, effect["damage"],
                                   Said("spell.dice.damage", card=card.name, who=who))
        if effect.get("drain"):  # Drain Life deals no more than it takes to destroy the target
            amount = min(amount, max(0, board.remaining_life(p)))
        harm.take_damage(board, p, amount)
        d.data["damage"] = amount
        out.append(Said("spell.part.damage", who=who, amount=amount, faces=faces))
        if effect.get("drain"):  # and heals no more than it dealt
            healed = harm.heal(board, board.mages[Side.DM], amount)
            out.append(Said("spell.part.dm-heals", healed=healed))
        if harm.destroy_if_dead(board, p, Side.DM):
            out.append(Said("spell.part.destroyed", who=who))
            out += triggers.on_destroyed(board, p, None, False, attacked=False)
    if effect.get("move_damage"):  # Martyr's Restoration: damage moves to the caster
        moved = min(effect["move_damage"], p.damage)
        put(board, Damage(p.id, -moved))
        put(board, Damage(Side.DM, moved))
        out.append(Said("spell.part.move-damage", moved=moved, who=who))
    if effect.get("banish"):
        put(board, SetMarkers(p.id, "Banish", effect["banish"]))
        out.append(Said("spell.part.banish", who=who, n=effect["banish"], zone=p.zone))
    return out


def _purge(board: Board, d: Decision, kind: object, p: Piece, who: Who) -> Parts:
    """Every enchantment on ``p`` destroyed (``kind`` True), face down too; or only the other
    side's enchantments of the subtype ``kind`` (Psychic, Poison)."""
    if kind is True:
        gone = list(p.enchantments)
    else:
        gone = [e for e in p.enchantments if is_curse_on(board, p, e)
                and kind in _subtypes_of(board, e)]
    for e in gone:
        put(board, Disenchant(p.id, e))
    d.data["removed"] = gone
    down = yours.destroy_hidden(board, p) if kind is True else 0
    out: Parts = [Said("spell.part.purge", who=who, names=tuple(gone), down=down)]
    if harm.destroy_if_dead(board, p, Side.DM):  # its Life +X went with them
        out.append(Said("spell.part.unenchanted-dies", who=who))
        out += triggers.on_destroyed(board, p, None, False, attacked=False)
    return out


def _subtypes_of(board: Board, name: str) -> list[str]:
    found = board.cat.find(name)
    return list(found.subtypes) if found is not None else []


def _unenchant(board: Board, source: DiceSource, d: Decision, card: Card, effect: NoteDict,
               p: Piece, who: Who) -> Parts:
    """Purge and Dispel."""
    out: Parts = []
    if effect.get("purge"):
        out += _purge(board, d, effect["purge"], p, who)
    if effect.get("seek"):  # Seeking Dispel: your face-down enchantment, unrevealed
        changes, name = actions.seek_hidden(board, source, p, card.name)
        put_all(board, changes)
        if name is not None:
            d.data["removed"] = [name]
            out.append(Said("spell.part.seek", name=name, who=who))
    if effect.get("dispel"):
        own = [e for e in p.enchantments if is_curse_on(board, p, e) == (p.side == Side.DM)]
        pick: str | None = source.choose(
            own, Said("spell.pick.enchantment", card=card.name)) if own else None
        if pick:
            put(board, Disenchant(p.id, pick))
            d.data["removed"] = [pick]
            out.append(Said("spell.part.dispel", name=pick, who=who))
            if harm.destroy_if_dead(board, p, Side.DM):  # its Life +X went with it
                out.append(Said("spell.part.unenchanted-dies", who=who))
                out += triggers.on_destroyed(board, p, None, False, attacked=False)
    return out


def _slam_second(board: Board, source: DiceSource, d: Decision, card: Card, p: Piece) -> Parts:
    """Force Bash's second creature there that the spell may target, in range (its card
    rulings): Slam, or Daze for an Unmovable one."""
    others = [e for e in enemy_creatures(board) if e.zone == p.zone and e.id != p.id
              and combat.condition_block(board, e, "Slam") is None
              and in_spell_range(board, card.range, e.zone) and targetable(board, e)]
    if not others:
        return []
    second = highest_life(board, source, others, Said("spell.why.bash-second", card=card.name))
    mark = "Daze" if bonuses.unmovable(board, second) else "Slam"  # Unmovable: Daze for Slam
    place(board, second, mark)
    touch(d, second.id)
    return [Said("spell.part.marker-too", name=mark, who=Who.of(second))]


def _pushes(board: Board, source: DiceSource, d: Decision, card: Card, effect: NoteDict,
            p: Piece, who: Who, start_zone: str, compass: tuple[int, str] | None) -> Parts:
    """Push, the rest of the zone pushed too (Cascading Force Wave), Slam after a push."""
    out: Parts = []
    # Cascading Force Wave (push_rest) never pushes through a Passage Attacks wall (its card).
    through = not effect.get("push_rest")
    if effect.get("push"):
        out += push(board, source, d, p, Said("spell.roll.push", card=card.name), compass, through)
    if effect.get("push_rest") and effect.get("push"):  # Cascading Force Wave
        for q in [e for e in enemy_creatures(board) if e.zone == start_zone and e.id != p.id]:
            if bonuses.unmovable(board, q) or not board.is_corporeal(q):
                continue
            touch(d, q.id)
            why = Said("spell.roll.push-of", card=card.name, who=Who.of(q))
            out += push(board, source, d, q, why, through=through)
    if effect.get("push_slam") and d.data.get("pushed", {}).get(p.id) not in (None, start_zone) \
            and board.find(p.id) is not None:  # (a Passage Attacks wall may have destroyed it)
        p = board.get(p.id)
        if place(board, p, "Slam"):
            out.append(Said("spell.part.marker", name="Slam", who=who))
        out += _slam_second(board, source, d, card, p)
    return out


def _rolls(board: Board, source: DiceSource, d: Decision, card: Card, effect: NoteDict,
           p: Piece, who: Who) -> Parts:
    """An effect die for a marker, Reconstruct, mana drained."""
    out: Parts = []
    if effect.get("roll_condition"):
        rc = effect["roll_condition"]
        r = source.d12(Said("spell.roll.effect", card=card.name, who=who))
        if r >= rc["min"] and place(board, p, rc["condition"]):
            out.append(Said("spell.part.effect-die", r=r, who=who, cond=rc["condition"]))
        else:
            out.append(Said("spell.part.effect-die-none", r=r, who=who, cond=rc["condition"]))
    if "reconstruct" in effect:
        amount, faces = dice_total(source, effect["reconstruct"],
                                   Said("spell.dice.reconstruct", card=card.name, who=who))
        fixed = min(amount, p.damage)
        put(board, Damage(p.id, -fixed))
        out.append(Said("spell.part.reconstruct", who=who, faces=faces, amount=amount,
                        fixed=fixed))
    if "mana" in effect:
        amount, faces = dice_total(source, effect["mana"], Said("spell.dice.mana", card=card.name))
        d.data["mana"] = amount
        out.append(Said("spell.part.mana", faces=faces, amount=amount, who=who))
    return out


def _control(board: Board, effect: NoteDict, p: Piece, who: Who) -> Parts:
    """The caster's life, control of a creature, a guard marker, an action marker flipped."""
    out: Parts = []
    if effect.get("caster_life"):
        put(board, ChangeLife(Side.DM, effect["caster_life"]))
        out.append(Said("spell.part.caster-life", n=effect["caster_life"],
                        life=board.mages[Side.DM].life))
    if effect.get("control") and isinstance(p, Creature):
        put(board, SetSide(p.id, Side.DM))
        put(board, SetActive(p.id, False))
        out.append(Said("spell.part.control", card=p.card, id=p.id))
    if effect.get("guard") and isinstance(p, Creature):
        put(board, SetGuard(p.id, True))
        out.append(Said("spell.part.guard", who=who))
    if effect.get("activate") and isinstance(p, Creature):
        put(board, SetActive(p.id, True))
        out.append(Said("spell.part.activate", who=who))
    return out


def _cast_cost(board: Board, name: str) -> int:
    card = board.cat.find(name)
    return card.cost if card is not None and isinstance(card.cost, int) else 0


def _last(board: Board, d: Decision, card: Card, effect: NoteDict, p: Piece, who: Who) -> Parts:
    """A teleport, your mage's costliest equipment destroyed, the spell's own attack."""
    out: Parts = []
    if effect.get("teleport"):
        out.append(teleport(board, card, p, effect["teleport"]))
    if effect.get("disarm") and isinstance(p, Mage):
        changes, worn = actions.disarm(board, p)
        put_all(board, changes)
        if worn is not None:
            touch(d, p.id)
            out.append(Said("spell.part.disarm", name=worn, who=who))
    if effect.get("destroy_equipment") and isinstance(p, Mage) and p.equipment:
        # The piece your mage wears with the highest casting cost (X counts as 0); ties: the
        # one put on first.
        worn = max(p.equipment, key=lambda n: (_cast_cost(board, n), -p.equipment.index(n)))
        put(board, Unequip(p.id, worn))
        touch(d, p.id)
        out.append(Said("spell.part.destroy-equipment", name=worn, who=who))
    if effect.get("attack"):
        attack = spell_attack(card)
        if attack is not None:
            if attack.dice == "X" and effect.get("attack") == "burns":
                attack = _with_dice(attack, 2 * int(d.data.get("burns", 0)))
            d.attacks.append(PlannedAttack(Side.DM, attack, p.id, is_spell=True))
            out.append(Said("spell.part.attack", card=card.name, who=who, attack=attack.name,
                            dice=attack.dice))
    return out


def _with_dice(attack: Attack, n: int) -> Attack:
    return replace(attack, dice=n)


def apply_effect(board: Board, source: DiceSource, d: Decision, card: Card, note: NoteDict,
                 p: Piece, compass: tuple[int, str] | None = None) -> Parts:
    """Apply an incantation's ``effect`` to one object, in the note's order of effects; returns
    the lines of the cast."""
    effect = note.get("effect") or {}
    who = Who.of(p)
    start_zone = p.zone
    touch(d, p.id)
    if any(effect.get(k) for k in ("heal_caster", "drain", "move_damage", "caster_life")):
        touch(d, Side.DM)
    if effect.get("limit") == "round":
        note_cast(board, p, card.name)
    out = _markers(board, card, note, p, who)
    out += _healing(board, source, d, card, effect, p, who)
    out += _harm(board, source, d, card, effect, p, who)
    out += _unenchant(board, source, d, card, effect, p, who)
    out += _pushes(board, source, d, card, effect, p, who, start_zone, compass)
    p = board.find(p.id) or p
    out += _rolls(board, source, d, card, effect, p, who)
    out += _control(board, effect, p, who)
    return out + _last(board, d, card, effect, p, who)


def teleport(board: Board, card: Card, p: Piece, how: str) -> Said:
    """Teleport a Dummy Mage creature: toward the enemy, to the zone nearest one of your objects
    that it may reach (``how`` is ``"1"``: one zone from where it stands; ``"range"``: any zone
    within the spell's range of the Dummy Mage), or ``"away"``: to the zone of the arena
    farthest from every enemy."""
    enemies = [e.zone for e in enemy_creatures(board)]

    def nearest(z: str) -> int:
        return min((board.distance(z, e) for e in enemies), default=0)
    if how == "1":
        zones = [p.zone, *board.arena.neighbours(p.zone)]
    elif how == "away":
        zones = board.arena.zones()
    else:
        zones = [z for z in board.arena.zones() if in_spell_range(board, card.range, z)]
    zones = [z for z in zones if not actions.teleport_blocked(board, p.zone, z)] or [p.zone]
    if how == "away":  # out of reach: the zone farthest from every enemy
        best = min(zones, key=lambda z: (-nearest(z), z))
    else:  # into the fight: the zone nearest an enemy
        best = min(zones, key=lambda z: (nearest(z), z))
    start, who = p.zone, Who.of(p)
    put(board, Move(p.id, best))
    stuck = p.conditions.get("Stuck", 0)
    if "Stuck" in p.conditions:  # the codex: a teleport destroys every Stuck
        put(board, RemoveMarkers(p.id, "Stuck"))
    return Said("spell.part.teleport", who=who, start=start, to=best, stuck=stuck)


# -- casting on a zone, an object, the whole arena ------------------------------------------------

def _cast_on_zone(board: Board, source: DiceSource, d: Decision, deck: str, card: Card,
                  note: NoteDict, zone: str, also: str | None = None) -> Decision:
    effect = note.get("effect") or {}
    d.data["target"] = zone
    if deck == DeckKind.ENCHANTMENT:
        put(board, SetZoneEnchantments(zone, (*zone_enchantments(board, zone), card.name)))
        d.instructions.append(Said("spell.cast.zone-enchantment", card=card.name, zone=zone))
        return d
    put(board, Discard(deck, card.name))
    parts: Parts = []
    enemies, friends = zone_hits(board, zone, note)
    if also is not None:  # Earthquake's second zone
        d.data["second_zone"] = also
        more = zone_hits(board, also, note)
        enemies, friends = enemies + more[0], friends + more[1]
    hit = enemies + friends if note.get("affects") == "all" else \
        (friends if note["criterion"] == "friendly-zone" else enemies)
    dm = board.mages[Side.DM]
    if note["criterion"] == "friendly-zone" and note.get("targets") == "with-mage" \
            and dm.zone == zone:
        hit.append(dm)
    same = None
    if effect.get("push") and effect.get("same_direction"):
        same = source.compass(Said("spell.roll.push", card=card.name))
    if effect.get("dispel_zone"):
        parts += destroy_magic(board, d, zone)
    for p in hit:
        parts += apply_effect(board, source, d, card, note, p, same)
    for p in hit:
        touch(d, p.id)
    where = {"also": also} if also is not None else {}
    d.instructions.append(Said("spell.cast.zone", card=card.name, zone=zone, parts=parts,
                               **where))
    if effect.get("quake"):  # Earthquake's attack on every Corporeal conjuration there
        zones = [zone] if also is None else [zone, also]
        attack = spell_reach.quake_attack(card)
        for p in spell_reach.quake_targets(board, zones):
            d.attacks.append(PlannedAttack(Side.DM, attack, p.id, is_spell=True, first=False))
            d.instructions.append(Said("spell.attack.quake", card=card.name, who=Who.of(p),
                                       dice=attack.dice))
    return d


def _enchant(board: Board, source: DiceSource, d: Decision, deck: str, card: Card,
             note: NoteDict, target: Piece) -> Decision:
    """An enchantment on an object, face up at once, with the markers and effects it brings."""
    effect = note.get("effect") or {}
    who = Who.of(target)
    put(board, Enchant(target.id, card.name))
    put_all(board, bonuses.commanded(board, card.name, target, Side.DM))
    d.instructions.append(Said("spell.cast.enchantment", card=card.name, who=who))
    for name in effect_conditions(note):
        if place(board, target, name):
            d.instructions.append(Said("spell.marker", name=name, who=who))
    d.instructions += restrictions.tokens_on_cast(board, card, target)
    rest = {k: v for k, v in effect.items() if k not in ("condition", "conditions")}
    if rest:
        parts = apply_effect(board, source, d, card, {"effect": rest}, target)
        if effect.get("then_destroy"):
            put(board, Disenchant(target.id, card.name))
            put(board, Discard(deck, card.name))
            parts.append(Said("spell.part.then-destroy", card=card.name))
        d.instructions.append(Said("spell.parts", parts=parts))
    return d


def _chain(board: Board, source: DiceSource, d: Decision, card: Card, note: NoteDict,
           target: Piece, times: int) -> Parts:
    """A chaining spell jumps on, ``times`` times at most, to the next creature of the Dummy
    Mage's side within a zone of the last one hit that meets its note: the one with the least
    life left (ties rolled for)."""
    parts: Parts = []
    done = [target.id]
    for _ in range(times):
        last = board.find(done[-1]) or target
        nxt = [c for c in board.side_creatures(Side.DM) if c.id not in done and in_arena(board, c)
               and board.distance(c.zone, last.zone) <= 1
               and meets_restrictions(board, c, note.get("restrictions", []))
               and meets_needs(board, c, note.get("needs", []))]
        if not nxt:
            break
        low = min(board.remaining_life(c) for c in nxt)
        pick: Piece = source.choose([c for c in nxt if board.remaining_life(c) == low],
                                    Said("spell.pick.next", card=card.name))
        done.append(pick.id)
        parts += apply_effect(board, source, d, card, note, pick)
    return parts


def cast_on(board: Board, source: DiceSource, d: Decision, deck: str, card: Card, note: NoteDict,
            target: Piece | str, also: str | None = None) -> Decision:
    """Cast ``card`` on a zone (``target`` a zone name; ``also``: a second, adjacent one) or an
    object, and do what it does."""
    if isinstance(target, str):
        return _cast_on_zone(board, source, d, deck, card, note, target, also)
    effect = note.get("effect") or {}
    d.data["target"] = target.id
    if deck == DeckKind.ENCHANTMENT:
        return _enchant(board, source, d, deck, card, note, target)
    who = Who.of(target)
    put(board, Discard(deck, card.name))
    put_all(board, bonuses.commanded(board, card.name, target, Side.DM))
    if effect.get("attack") == "burns":
        d.data["burns"] = target.conditions.get("Burn", 0)
    parts = apply_effect(board, source, d, card, note, target)
    d.data.pop("burns", None)  # only Combustion's attack needed it
    parts += _chain(board, source, d, card, note, target, int(effect.get("chain", 0)))
    d.instructions.append(Said("spell.cast.on", card=card.name, who=who, parts=parts))
    return d


def steal(board: Board, d: Decision, deck: str, card: Card, target: Piece, name: str,
          dest: Piece) -> Decision:
    """Steal Enchantment: your enchantment ``name`` moves from ``target`` to the Dummy Mage's
    creature ``dest``, which controls it now."""
    put(board, Discard(deck, card.name))
    put(board, Disenchant(target.id, name))
    put(board, Enchant(dest.id, name))
    d.data["moved"] = {"enchantment": name, "to": dest.id}
    touch(d, target.id)
    touch(d, dest.id)
    d.instructions.append(Said("spell.cast.steal", card=card.name, name=name,
                               who=Who.of(target), to=Who.of(dest)))
    return d


def cast_arena(board: Board, source: DiceSource, d: Decision, deck: str, card: Card,
               note: NoteDict, pieces: list[Piece]) -> Decision:
    """A spell on the whole arena: its effect on each of ``pieces``; the Dummy Mage's own
    damaged objects heal when it says so (``heal_friends``)."""
    put(board, Discard(deck, card.name))
    d.data["target"] = "arena"
    parts: Parts = []
    effect = note.get("effect") or {}
    heal_friends = effect.get("heal_friends")
    sub = {**note, "effect": {k: v for k, v in effect.items() if k != "heal_friends"}}
    for p in pieces:
        parts += apply_effect(board, source, d, card, sub, p)
    if heal_friends:
        for p in [board.mages[Side.DM], *board.side_creatures(Side.DM)]:
            if in_arena(board, p) and p.damage and harm.can_heal(board, p):
                healed = harm.heal(board, p, heal_friends)
                touch(d, p.id)
                parts.append(Said("spell.part.heals", who=Who.of(p), healed=healed))
    for p in pieces:
        touch(d, p.id)
    d.instructions.append(Said("spell.cast.arena", card=card.name, parts=parts))
    return d


def _level(card: Card) -> int:
    return sum(lvl for _, lvl in card.schools)


def cast_revive(board: Board, d: Decision, deck: str, card: Card, note: NoteDict,
                name: str) -> Decision:
    """Bring the creature ``name`` back from the Dummy Mage's creature discard pile, into the
    Dummy Mage's zone with an inactive action marker (as a Zombie when the note says so)."""
    effect = note.get("effect") or {}
    put(board, Discard(deck, card.name))
    put(board, Undiscard(DeckKind.CREATURE, name))
    revived = board.cat.get(name)
    dm = board.mages[Side.DM]
    found = board.cat.find(name)
    c = Creature(id=board.new_id(Side.DM.value), card=found.name if found else name, side=Side.DM.value,
                 zone=board.arena.normal(dm.zone), damage=0, active=False)
    put(board, AddPiece(c))
    # it enters play this round, as a summoned creature does
    put(board, Note(c.id, SUMMONED, board.round))
    d.data["target"] = c.id
    d.data["revived"] = name
    zombie: int | None = None
    slow = False
    if effect.get("revive") == "zombie":
        slow = board.has_trait(c, "Slow")  # Slow already: the Zombie marker brings a Stun too
        zombie = _level(revived)
        put(board, Damage(c.id, zombie))
        put(board, AddMarkers(c.id, "Zombie"))
        if slow:
            put(board, AddMarkers(c.id, "Stun"))
    d.instructions.append(Said("spell.cast.revive", card=card.name, name=name, zone=dm.zone,
                               id=c.id, zombie=zombie, slow=slow))
    return d


def cast_attack(board: Board, d: Decision, card: Card, target: Piece | str,
                sweep: Piece | None = None, farther: Piece | None = None) -> Decision:
    """An attack spell at a zone or an object (``sweep``: a Sweeping attack's second target in
    the same zone; ``farther``: Dragon's Breath's second target, one zone farther)."""
    attack = spell_attack(card)
    assert attack is not None  # an attack spell without an attack is discarded before
    put(board, Discard(DeckKind.ATTACK, card.name))
    if isinstance(target, str):
        d.data["target"] = target
        d.attacks.append(PlannedAttack(Side.DM, attack, target, is_spell=True, zone=True))
        hit = [Who.of(p) for p in board.in_zone(target) if p.id != Side.DM]
        d.instructions.append(Said("spell.attack.zone", card=card.name, zone=target, hit=hit,
                                   dice=attack.dice))
        return d
    d.data["target"] = target.id
    plan = PlannedAttack(Side.DM, attack, target.id, is_spell=True)
    if sweep is not None:
        plan.sweep = sweep.id
        d.data["sweep"] = sweep.id
    d.attacks.append(plan)
    d.instructions.append(Said("spell.attack.at", card=card.name, who=Who.of(target),
                               zone=target.zone, dice=attack.dice,
                               sweep=Who.of(sweep) if sweep is not None else None))
    if farther is not None:
        d.attacks.append(PlannedAttack(Side.DM, attack, farther.id, is_spell=True, first=False))
        d.data["second_target"] = farther.id
        d.instructions.append(Said("spell.attack.farther", card=card.name, who=Who.of(farther),
                                   zone=farther.zone, dice=attack.dice))
    return d
