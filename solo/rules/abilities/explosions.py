"""The attacks a destroyed creature's card makes as it goes: Goblin Bomber's Detonate (a d12 of
7 or more, when damage destroyed it) and Unstable Fire Imp's Blazing Burst (when an attack
destroyed it), each on every object in the zone it was destroyed in.

:func:`solo.rules.abilities.triggers.on_destroyed` only marks such a creature as due to go off
(a board note, :data:`solo.rules.abilities.marks.DUE`), for it has no dice; whoever holds the
game's dice source after an attack, a phase or an Upkeep calls :func:`go_off`, which rolls and
puts each on the board (and any it sets off in turn).  Apart from :mod:`.triggers` because it resolves attacks: combat asks
:mod:`.triggers`, never this module.
"""

from __future__ import annotations

from typing import Any

from solo.core.kinds import Side
from solo.rules import combat
from solo.rules.abilities.marks import DUE, EXPLODERS
from solo.rules.board import Board, Creature
from solo.rules.combat import AttackResult
from solo.rules.dice import DiceSource
from solo.rules.effects import DELETE, AddTally, BoardNote
from solo.rules.effects import apply as put
from solo.rules.said import Said, Who, said_with

__all__ = ["go_off", "destroyed_in"]


def destroyed_in(board: Board, ident: str, zone: str) -> None:
    """The creature ``ident``, due to go off, was destroyed in ``zone`` rather than where the
    board shows it last (a wall's passage attack on its way: it never left the zone it was
    crossing from), so its attack strikes ``zone``."""
    listed = list(board.extra.get(DUE) or [])
    if any(e.get("id") == ident for e in listed):
        put(board, BoardNote(DUE, [dict(e, zone=zone) if e.get("id") == ident else e
                                   for e in listed]))

def go_off(board: Board, source: DiceSource) -> tuple[list[Said], list[AttackResult]]:
    """Roll and put on the board every attack due (and those they set off); their lines and
    their results."""
    lines: list[Said] = []
    results: list[AttackResult] = []
    while board.extra.get(DUE):
        listed = list(board.extra[DUE])
        put(board, BoardNote(DUE, DELETE))
        for entry in listed:
            _one(board, source, entry, lines, results)
    return lines, results


def _one(board: Board, source: DiceSource, entry: dict[str, Any], lines: list[Said],
         results: list[AttackResult]) -> None:
    card = board.cat.get(entry["card"])
    name, least, _ = EXPLODERS[card.name]
    who = Who(entry["id"], card.name, entry["side"], False)
    if least is not None:
        roll = source.d12(Said("ability.explode-roll", who=who, attack=name))
        if roll < least:
            lines.append(Said("ability.no-explosion", who=who, attack=name, roll=roll,
                              least=least))
            return
    attack = next(a for a in card.attacks if a.name == name)
    result = combat.resolve_zone_attack(board, None, attack, entry["zone"], source,
                                        is_spell=False)
    side = Side(entry["side"])
    results.append(result)
    hit = tuple(_targets(board, result))
    before = {s.target: board.find(s.target) for s in result.strikes}
    applied = combat.apply(board, result)
    for ident in applied.destroyed:  # its side is credited with the enemies it destroys
        p = before.get(ident)
        if isinstance(p, Creature) and p.side != side:
            put(board, AddTally(side, board.cost(p)))
    lines.append(Said("ability.explodes", who=who, attack=name, zone=entry["zone"], hit=hit,
                      roll=None if least is None else least))
    lines.append(said_with("step.indented", {"lines": result.steps[1:]}))
    lines += [x for x in applied.lines if isinstance(x, Said)]


def _targets(board: Board, result: AttackResult) -> list[Who]:
    """The objects the attack struck, as they are named."""
    out: dict[str, Who] = {}
    for s in result.strikes:
        p = board.find(s.target)
        out[s.target] = Who.of(p) if p is not None else Who(s.target, s.target_card or "",
                                                           "", False)
    return list(out.values())
