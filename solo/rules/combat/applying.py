"""Putting an attack's result on the board: damage, conditions, pushes, healing, Defense uses,
guard markers, destroyed objects, round markers used up, an Invisible Stalker seen; and the
Reset phase's part of combat (Defenses ready again, Invisible Stalkers unseen).

Every change goes through :func:`solo.rules.effects.apply`.  The lines for a person are
:class:`Said` records (``applied.*``), worded in :mod:`solo.text.combat`.
"""

from __future__ import annotations

from solo.core.kinds import DeckKind, Side
from solo.rules import mages
from solo.rules.abilities import triggers
from solo.rules.board import VISIBLE, Board, Creature
from solo.rules.combat.modifiers import enchantment_defense, once_markers
from solo.rules.combat.results import (DEFENSE_USED, ONCE_USED, Applied, AttackResult, Line,
                                       Role, Strike)
from solo.rules.effects import (DELETE, AddMarkers, AddTally, Discard, Disenchant, Move, Note,
                                RemoveMarkers, SetGuard)
from solo.rules.effects import apply as put
from solo.rules.harm import destroy_if_dead, gain, heal, take_damage
from solo.rules.said import Said, Who
from solo.rules.yours import turn_up


#: It loses the Invisible trait as soon as it declares an attack (its card ruling), until the
#: next Reset (when the OCTGN module turns its Visible marker back): see :func:`apply`.
INVISIBLE_STALKER = "Invisible Stalker"


def apply_strike(board: Board, s: Strike) -> list[str]:
    """Put one strike on ``board``; returns the ids it destroyed."""
    t = board.own(s.target)
    if t is None:
        return []
    if s.shielded:
        put(board, Note(Side.DM, mages.SHIELD_USED, board.round))
    if s.defense_index is not None:
        used = dict(t.extra.get(DEFENSE_USED) or {})
        key = str(s.defense_index)
        used[key] = int(used.get(key, 0)) + 1
        put(board, Note(t.id, DEFENSE_USED, used))
        given = enchantment_defense(board, t, s.defense_index)
        if given and given[1].get("spent"):  # Block goes once it has been used
            put(board, Disenchant(t.id, given[0]))
            if t.side == Side.DM:  # the Dummy Mage's own card
                put(board, Discard(DeckKind.ENCHANTMENT, given[0]))
    if s.melee and isinstance(t, Creature) and s.role != Role.DAMAGE_BARRIER and t.guarding:
        put(board, SetGuard(t.id, False))
    if s.revealed is not None:
        turn_up(board, t, s.revealed)
    take_damage(board, t, s.damage)
    take_damage(board, t, s.acid)
    for c in s.conditions:
        gain(board, t, c)
    if s.extinguished:
        put(board, RemoveMarkers(t.id, "Burn"))
    if s.rage:
        put(board, AddMarkers(t.id, "Rage", s.rage))
    if s.healed and s.attacker is not None:
        a = board.own(s.attacker)
        if a is not None:
            heal(board, a, s.healed)
    if s.push is not None and s.push.to != s.push.start:
        put(board, Move(t.id, s.push.to))
    return [t.id] if destroy_if_dead(board, t, s.side, s.obliterate) else []


def apply(board: Board, result: AttackResult) -> Applied:
    """Put an :class:`AttackResult` on ``board``: damage, conditions, pushes, healing, Defense
    uses, guard markers, destroyed objects (removed; tally kept in ``board.extra["tally"]``)."""
    out = Applied()
    if "tally" not in board.extra:
        put(board, AddTally(Side.DM, 0))
    for s in result.strikes:
        hit = board.find(s.target)
        card = hit.card if hit else None
        destroyed = apply_strike(board, s)
        for gone in destroyed:
            out.destroyed.append(gone)
            obliterated = s.obliterate or (hit is not None and hit.has_condition("Zombie"))
            out.lines.append(Said("applied.removed", card=card, id=gone, obliterated=obliterated))
            if hit is not None:
                by = board.find(s.attacker or "")
                out.lines += mages.after_destroy(board, by, hit, s.melee)
                out.lines += triggers.on_destroyed(board, hit, by, obliterated,
                                                   attacked=s.role != Role.DAMAGE_BARRIER)
        if hit is not None:
            pushed = s.push.to if s.push is not None and s.push.to != s.push.start else None
            out.lines += triggers.after_strike(board, s.attacker, hit, s.damage + s.acid,
                                               tuple(s.conditions), bool(destroyed),
                                               s.obliterate, pushed)
        if s.role == Role.COUNTERSTRIKE and s.attacker:
            out.lines += _counterstruck(board, s.attacker)
    out.lines += _unveiled(board, result)
    if result.once_used and result.attacker is not None:
        a = board.find(result.attacker)
        if a is not None:
            used = list(a.extra.get(ONCE_USED) or [])
            fresh = [n for n in dict.fromkeys(result.once_used) if n not in used]
            if fresh or ONCE_USED not in a.extra:
                put(board, Note(a.id, ONCE_USED, used + fresh))
    for side, mage in board.mages.items():
        if board.wounds(mage) >= board.life(mage) and any(s.target == side for s in result.strikes):
            out.defeated.append(side)
            out.lines.append(Said("applied.defeated", mage=Who.of(mage), damage=mage.damage,
                                  life=board.life(mage)))
    return out


def _counterstruck(board: Board, ident: str) -> list[Line]:
    """What a counterstrike used up: the round markers for its next melee attack (Perfect
    Strike...), an enchantment that ends with it (Retaliate)."""
    striker = board.find(ident)
    if striker is None:
        return []
    lines: list[Line] = []
    for name in once_markers(board, striker):  # its next melee attack was this one
        put(board, RemoveMarkers(striker.id, name))
        lines.append(Said("applied.once-used", by=Who.of(striker), marker=name))
    for name in list(striker.enchantments):
        ench = board.cat.find(name)
        if ench is not None and ench.dm.get("ends") == "counterstrike":  # Retaliate
            put(board, Disenchant(striker.id, name))
            if striker.side == Side.DM:
                put(board, Discard(DeckKind.ENCHANTMENT, name))
            lines.append(Said("applied.retaliated", by=Who.of(striker), card=name))
    return lines


def _unveiled(board: Board, result: AttackResult) -> list[Line]:
    """An Invisible Stalker that made one of the attack's strikes (an attack or a counterstrike)
    has declared an attack: it loses the Invisible trait at once (its card ruling), until
    :func:`reset_invisible`."""
    lines: list[Line] = []
    for ident in dict.fromkeys(s.attacker for s in result.strikes if s.attacker):
        a = board.find(ident)
        if a is not None and a.card == INVISIBLE_STALKER and not a.extra.get(VISIBLE):
            put(board, Note(a.id, VISIBLE, True))
            lines.append(Said("applied.unveiled", by=Who.of(a)))
    return lines


def reset_invisible(board: Board) -> list[str]:
    """The Reset phase: every Invisible Stalker that attacked is Invisible again; the ids."""
    out = []
    for p in board.creatures:
        if VISIBLE in p.extra:
            put(board, Note(p.id, VISIBLE, DELETE))
            out.append(p.id)
    return out


def reset_defenses(board: Board) -> list[str]:
    """Ready every Defense again (the Reset phase), and take one Disable marker off every
    object that has some; returns the ids that lost one."""
    out = []
    for p in board.pieces():
        if DEFENSE_USED in p.extra:
            put(board, Note(p.id, DEFENSE_USED, DELETE))
        if p.conditions.get("Disable", 0) > 0:
            put(board, RemoveMarkers(p.id, "Disable", 1))
            out.append(p.id)
    return out
