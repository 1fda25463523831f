"""A spell's Push: one zone in a rolled direction, with what stops it or meets it on the way.

A spell pushes as an attack's Push goes (:func:`solo.rules.combat.push_to`), each push resolved
in full before the next (Force Wave's and Repulse's card rulings): into the arena's edge or a
Passage Blocked wall the object stays and is Bashed; through a Passage Attacks wall the wall
attacks it.  What happened is recorded as :class:`~solo.rules.said.Said` lines, worded in
:mod:`solo.text.spells`.
"""

from __future__ import annotations

from solo.core.kinds import Side
from solo.rules.abilities import explosions
from solo.rules import combat
from solo.rules.abilities import bonuses
from solo.rules.board import Board, Piece
from solo.rules.decision import Decision
from solo.rules.dice import DiceSource
from solo.rules.effects import Move
from solo.rules.effects import apply as put
from solo.rules.said import Said, Who

__all__ = ["push", "after_push"]


def push(board: Board, source: DiceSource, d: Decision, p: Piece, why: Said,
         compass: tuple[int, str] | None = None, through: bool = True) -> list[Said]:
    """Push ``p`` one zone (a rolled direction, ``why`` saying what for, unless ``compass``
    gives one already rolled) as an attack's Push goes (:func:`solo.rules.combat.push_to`),
    resolved in full before any other push (Force Wave's and Repulse's card rulings): into the
    arena's edge or a Passage Blocked wall it stays and is Bashed; through a Passage Attacks
    wall it is attacked by the wall (the Dummy Mage pays Force Push's extra mana for it), unless
    the card never pushes ``through`` one (then it stays); an Unmovable one (a Stuck one too)
    stays.  Where it ends goes in ``d.data["pushed"]``; returns the lines of the cast."""
    who, start = Who.of(p), p.zone
    d.data.setdefault("pushed", {})[p.id] = start
    if bonuses.unmovable(board, p):  # no compass to roll for it
        return [Said("spell.push.unmovable", who=who, zone=start)]
    roll, direction = compass if compass is not None else source.compass(why)
    way = combat.push_to(board, p, roll, direction, through)
    put(board, Move(p.id, way.to))
    d.data["pushed"][p.id] = way.to
    out = [Said("spell.push.pushed", who=who, direction=direction, start=start, to=way.to)]
    moved = board.get(p.id)
    return out + after_push(board, source, d, moved, way)


def _struck(board: Board, who: Who, s: combat.Strike, way: combat.Push) -> Said:
    """One strike on a pushed object: the Bash, or a Passage Attacks wall's attack."""
    rolled = {"avoided": s.avoided, "immune": s.immune, "dice": s.dice, "faces": tuple(s.faces),
              "damage": s.damage, "conditions": tuple(s.conditions)}
    if s.role == "bash":
        wall = board.find(str(way.blocked_by))  # None: the arena's edge stopped it
        return Said("spell.push.bashed", who=who, wall=Who.of(wall) if wall is not None else None,
                    **rolled)
    return Said("spell.push.wall-attacks", who=who, attacker=Who.of(board.get(str(s.attacker))),
                attack=s.attack, **rolled)


def after_push(board: Board, source: DiceSource, d: Decision, p: Piece,
               way: combat.Push) -> list[Said]:
    """The Bash of a pushed creature that something stopped, or the attacks of the Passage
    Attacks walls it was pushed through, rolled and put on the board (kept in ``d.results``);
    returns the lines of the cast."""
    result = combat.resolve_push(board, p, way, source, Side.DM)
    if not result.strikes:
        return []
    d.results.append(result)
    who = Who.of(p)
    out = [_struck(board, who, s, way) for s in result.strikes]
    applied = combat.apply(board, result)
    if applied.destroyed:
        out.append(Said("spell.part.destroyed", who=who))
    out += [x for x in applied.lines if isinstance(x, Said) and x.code.startswith("ability.")]
    said, results = explosions.go_off(board, source)  # a Goblin Bomber's Detonate
    d.results += results
    out += said
    if applied.defeated:
        d.data["defeated"] = sorted(set(d.data.get("defeated", []) + applied.defeated))
    return out
