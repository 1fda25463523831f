"""Moves an attack makes: Push (a compass roll), Snatch (one zone toward the attacker), where a
push ends (the arena's edge and Passage Blocked walls stop it: then the creature is Bashed),
and the attack a Passage Attacks wall makes on a creature that crosses it.

The lines are :class:`Said` records (``push.*``, ``snatch.*``; the dice asked for ``roll.*``),
worded in :mod:`solo.text.combat`.
"""

from __future__ import annotations

from solo.cards.catalog import Attack
from solo.rules.abilities import bonuses
from solo.rules.board import Board, Piece
from solo.rules.combat.modifiers import strike_count
from solo.rules.combat.results import ARENA_EDGE, Push, Strike
from solo.rules.dice import DiceSource
from solo.rules.said import Said, Who



def push_to(board: Board, target: Piece, roll: int, direction: str,
            through: bool = True) -> Push:
    """Where a Push ``direction`` takes ``target``: the next zone that way, or (``blocked_by``)
    nowhere when the arena's edge, which stops Flying creatures too, or a Passage Blocked wall,
    which they fly over, is in the way: then it is Bashed.  Not ``through`` (Cascading Force
    Wave's card): a Passage Attacks wall in the way keeps a walker where it is, unharmed."""
    start = target.zone
    dest = board.arena.step(start, direction)
    push = Push(roll=roll, direction=direction, start=start, to=start,
                flying=board.flying(target))
    if dest is None:
        push.blocked_by = ARENA_EDGE
        return push
    walls = [] if push.flying else board.geometry().walls_between(start, dest)
    blocked = [w for w in walls if w.passage_blocked]
    if blocked:
        push.blocked_by = blocked[0].id
    elif through or not any(w.passage_attacks for w in walls):
        push.to = dest
    return push


def push_effect(work: Board, s: Strike, target: Piece, source: DiceSource) -> None:
    """A Push the effect die gave: the compass says where (an Unmovable creature stays put)."""
    who = Who.of(target)
    if bonuses.unmovable(work, target):
        s.steps.append(Said("push.unmovable", target=who))
        return
    roll, direction = source.compass(Said("roll.push", attack=s.attack, target=who))
    push = s.push = push_to(work, target, roll, direction)
    wall = Who.of(work.get(push.blocked_by)) \
        if push.blocked_by not in (None, ARENA_EDGE) else None
    s.steps.append(Said("push.pushed", roll=roll, direction=direction, target=who,
                        edge=push.blocked_by == ARENA_EDGE, wall=wall, start=push.start,
                        to=push.to))


def snatch(work: Board, s: Strike, attacker: Piece | None, target: Piece,
           source: DiceSource) -> None:
    """Snatch: the target is Pushed one zone closer to the attacker (not Unmovable or
    Uncontainable ones); a wall that blocks passage on the way Bashes it, as a Push would."""
    who = Who.of(target)
    if attacker is None or work.find(attacker.id) is None or attacker.zone == target.zone:
        s.steps.append(Said("snatch.here", target=who))
        return
    if bonuses.unmovable(work, target) or work.has_trait(target, "Uncontainable"):
        s.steps.append(Said("snatch.unmovable", target=who))
        return
    start = target.zone
    here = work.distance(start, attacker.zone)
    closer = [n for n in work.arena.neighbours(start) if work.distance(n, attacker.zone) < here]
    dest = closer[0] if len(closer) == 1 else source.choose(
        closer, Said("roll.snatch", attack=s.attack, target=who))
    direction = work.arena.direction(start, dest)
    push = Push(roll=0, direction=direction, start=start, to=start, flying=work.flying(target))
    walls = [] if push.flying else work.geometry().walls_between(start, dest)
    blocked = [w for w in walls if w.passage_blocked]
    if blocked:
        push.blocked_by = blocked[0].id
        s.steps.append(Said("snatch.blocked", target=who, wall=Who.of(work.get(blocked[0].id))))
    else:
        push.to = dest
        s.steps.append(Said("snatch.pulled", target=who, start=start, to=dest))
    s.push = push


def passage_attack(board: Board, wall: Piece, mover: Piece) -> Attack | None:
    """The attack a Passage Attacks wall makes on ``mover`` passing through it: its first
    passage attack that solo can roll and that strikes ``mover`` at least once (Wall of Thorns
    leaves a Level 1 creature alone); None when there is none."""
    for a in board.attacks(wall):
        if a.kind == "passage" and a.counted and strike_count(board, a, mover) > 0:
            return a
    return None
