"""Putting an attack's result on the board: damage, conditions, pushes, healing, Defense uses,
guard markers, destroyed objects, round markers used up, an Invisible Stalker seen; and the
Reset phase's part of combat (Defenses ready again, Invisible Stalkers unseen).

Every change goes through :func:`solo.rules.effects.apply`.  The lines for a person are
:class:`Said` records (``applied.*``), worded in :mod:`solo.text.combat`.
"""

from __future__ import annotations

from typing import Final

from solo.core.kinds import DeckKind, Side
from solo.rules import mages
from solo.rules.abilities import bonuses, restrictions, triggers
from solo.rules.board import VISIBLE, Board, Conjuration, Creature, Mage, Piece
from solo.rules.combat.modifiers import enchantment_defense, once_markers
from solo.rules.combat.results import (DEFENSE_USED, ONCE_USED, Applied, AttackResult, Line,
                                       Role, Strike)
from solo.rules.effects import (DELETE, AddMarkers, AddTally, Discard, Disenchant, Move, Note,
                                RemoveMarkers, SetGuard)
from solo.rules.effects import apply as put
from solo.rules.harm import destroy_if_dead, gain, heal, repair, take_damage
from solo.rules.said import Said, Who
from solo.rules.yours import turn_up


#: It loses the Invisible trait as soon as it declares an attack (its card ruling), until the
#: next Reset (when the OCTGN module turns its Visible marker back): see :func:`apply`.
INVISIBLE_STALKER: Final = "Invisible Stalker"
#: The strike roles applying a strike asks about, as module globals: the same members, found
#: without an attribute look-up on their enum class each time.
_BARRIER: Final = Role.DAMAGE_BARRIER
_COUNTER: Final = Role.COUNTERSTRIKE


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
        # (only an enchantment gives a Defense that is not the card's own)
        given = enchantment_defense(board, t, s.defense_index) if t.enchantments else None
        if given and given[1].get("spent"):  # Block goes once it has been used
            _spend(board, t, given[0])
    if s.spent is not None and s.spent in t.enchantments:  # Block, against an Unavoidable attack
        _spend(board, t, s.spent)
    if s.kind == "melee" and isinstance(t, Creature) and s.role != _BARRIER and t.guarding:
        put(board, SetGuard(t.id, False))
    if s.revealed is not None:
        turn_up(board, t, s.revealed)
    # (the calls that do nothing without damage are not made: every strike is put on twice)
    if s.damage:
        take_damage(board, t, s.damage)
    if s.acid:
        take_damage(board, t, s.acid)
    if s.martyred:  # Martyr's Aura: this much went onto the Dummy Mage instead
        take_damage(board, board.mages[Side.DM], s.martyred)
    for c in s.conditions:
        gain(board, t, c)
    if s.extinguished:
        put(board, RemoveMarkers(t.id, "Burn"))
    if s.rage:
        put(board, AddMarkers(t.id, "Rage", s.rage))
    a = board.own(s.attacker) if s.attacker is not None and (s.healed or s.reconstructed
                                                              or s.damage) else None
    if s.healed and a is not None:
        heal(board, a, s.healed)
    if s.reconstructed and a is not None:
        repair(board, a, s.reconstructed)
    if a is not None and s.damage > 0 \
            and (hurt := bonuses.hurt_note(board, a, t, s.damage)) is not None:
        put(board, Note(t.id, bonuses.HURT_BY, hurt))
    if s.push is not None and s.push.to != s.push.start:
        put(board, Move(t.id, s.push.to))
    # (destroy_if_dead's first test written out: a mage is never removed)
    return [t.id] if not isinstance(t, Mage) and destroy_if_dead(board, t, s.side, s.obliterate) \
        else []


def _spend(board: Board, t: Piece, name: str) -> None:
    """``name`` (Block) leaves ``t``: discarded when it is the Dummy Mage's own card."""
    put(board, Disenchant(t.id, name))
    if t.side == Side.DM:
        put(board, Discard(DeckKind.ENCHANTMENT, name))


def _mark_uses(board: Board, result: AttackResult) -> None:
    """The once-a-round abilities the attack's strikes used, kept on their attackers
    (:data:`solo.rules.abilities.bonuses.ROUND_USES`)."""
    for s in result.strikes:
        a = board.find(s.attacker) if s.uses and s.attacker else None
        if a is not None:
            used = dict(a.extra.get(bonuses.ROUND_USES) or {})
            fresh = {u: board.round for u in s.uses if used.get(u) != board.round}
            if fresh:
                put(board, Note(a.id, bonuses.ROUND_USES, {**used, **fresh}))


def apply(board: Board, result: AttackResult) -> Applied:
    """Put an :class:`AttackResult` on ``board``: damage, conditions, pushes, healing, Defense
    uses, guard markers, destroyed objects (removed; tally kept in ``board.extra["tally"]``)."""
    out = Applied()
    if "tally" not in board.extra:
        put(board, AddTally(Side.DM, 0))
    mages_hit = False  # a strike on a mage, or its damage moved onto one (Martyr's Aura)
    uses = False  # a strike used a once-a-round ability
    stalker = False  # an Invisible Stalker made a strike (see _unveiled)
    for s in result.strikes:
        if s.martyred or s.target in board.mages:
            mages_hit = True
        if s.uses:
            uses = True
        hit = board.find(s.target)
        card = hit.card if hit else None
        # (charm_broken's first tests written out: most strikes do no damage to a Charmed one)
        charm = restrictions.charm_broken(board, hit, s.damage, s.side, s.role == _BARRIER) \
            if hit is not None and s.damage > 0 and hit.enchantments else None
        if charm is not None:
            out.lines.append(charm)
        destroyed = apply_strike(board, s)
        for gone in destroyed:
            out.destroyed.append(gone)
            obliterated = s.obliterate or (hit is not None and hit.has_condition("Zombie"))
            out.lines.append(Said("applied.removed", card=card, id=gone, obliterated=obliterated))
            if hit is not None:
                by = board.find(s.attacker or "")
                out.lines += mages.after_destroy(board, by, hit, s.melee)
                out.lines += triggers.on_destroyed(board, hit, by, obliterated,
                                                   attacked=s.role != _BARRIER)
        # (the attacker found once, for after_strike's first tests and _unveiled's: most
        # strikes are of none of its cards and no Grapple, and no attacker is a Stalker)
        a = board.find(s.attacker) if s.attacker else None
        if a is not None and a.card == INVISIBLE_STALKER:
            stalker = True
        if hit is not None and a is not None and not isinstance(a, Conjuration) \
                and (a.card in triggers.AFTER_STRIKE or "Grapple" in s.conditions):
            pushed = s.push.to if s.push is not None and s.push.to != s.push.start else None
            out.lines += triggers.after_strike(board, s.attacker, hit, s.damage + s.acid,
                                               tuple(s.conditions), bool(destroyed),
                                               s.obliterate, pushed)
        if s.role == _COUNTER and s.attacker:
            out.lines += _counterstruck(board, s.attacker)
    if stalker:
        out.lines += _unveiled(board, result)
    for ident, name in result.spent:  # the Dummy Mage's cards the attack used up
        bearer = board.find(ident)
        if bearer is not None and name == restrictions.FORCEFIELD:
            restrictions.forcefield(board, bearer)  # one token, not the card
        elif bearer is not None and name in bearer.enchantments:
            put(board, Disenchant(ident, name))
            put(board, Discard(DeckKind.ENCHANTMENT, name))
    if uses:  # (most attacks use none: no call)
        _mark_uses(board, result)
    if result.once_used and result.attacker is not None:
        a = board.find(result.attacker)
        if a is not None:
            used = list(a.extra.get(ONCE_USED) or [])
            fresh = [n for n in dict.fromkeys(result.once_used) if n not in used]
            if fresh or ONCE_USED not in a.extra:
                put(board, Note(a.id, ONCE_USED, used + fresh))
    if not mages_hit:  # (most attacks: no strike on a mage, none defeated)
        return out
    for side, mage in board.mages.items():
        # (no wounds on a mage, the usual case: its life is more, no call; see Stats.wounds)
        if (mage.damage or mage.conditions.get("Tainted", 0) > 0) \
                and board.wounds(mage) >= board.life(mage) and any(
                s.target == side or (s.martyred and side == Side.DM) for s in result.strikes):
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
    seen: list[str] = []  # each attacker once, in order (a plain loop: every attack asks)
    for s in result.strikes:
        ident = s.attacker
        if not ident or ident in seen:
            continue
        seen.append(ident)
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
