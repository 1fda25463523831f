"""Your conjurations whose card text solo leaves to you, named in the Dummy Mage's decisions
they touch, so that the person knows to correct what solo did not play.

A conjuration of yours with a ``by_hand`` line (scripts/notes/conjurations.toml) reaches a
Dummy Mage creature's action in one of three ways (:data:`REACH`): ``zone`` -- it changes what
stands or happens in its own zone (the creature's start, the zones it walks, its target's zone);
``wall`` -- a creature crossing it; a subtype (``Animal``, ``Demon`` ...) -- every creature of
that kind in the arena.  Each one met adds a ``dm.by-hand-conjuration`` line with its by-hand
instruction (worded in :mod:`solo.text.automaton`).  Nothing here changes the board.
"""

from __future__ import annotations

from typing import Final

from itertools import pairwise

from solo.core.kinds import Side
from solo.rules.board import Board, Piece
from solo.rules.decision import Decision
from solo.rules.said import Said, Who
from solo.rules.spell_targets import subtypes

__all__ = ["REACH", "touching", "remind"]

#: How far each by-hand conjuration reaches a Dummy Mage creature's action (those whose text
#: asks nothing of one -- mana, spawnpoints, your own attacks -- are not listed).
REACH: Final[dict[str, str]] = {
    "Elephant Grass": "zone", "Shallow Sea": "zone", "Swamp": "zone", "Whirlpool": "zone",
    "Steep Hill": "zone", "Mangler Caltrops": "zone", "Bed of Urchins": "zone",
    "Consecrated Ground": "zone", "Raincloud": "zone", "Pillar of Righteous Flame": "zone",
    "Quicksand": "zone", "Stranglevine": "zone", "Tanglevine": "zone", "Mohktari, Great Tree of Life": "zone",
    "Wall of Thorns": "wall", "Wall of Pikes": "wall",
    "Rajan's Fury": "Animal", "Tooth & Nail": "Animal", "Gate to Hell": "Demon",
    "Wreck of the Viridian Lace": "Pirate", "Etherian Lifetree": "Living", "Deathlock": "Living",
    "Altar of Skulls": "Living",
}


def _by_hand(board: Board, c: Piece) -> str | None:
    card = board.cat.find(c.card)
    note = card.dm if card is not None else None
    text = (note or {}).get("by_hand")
    return text if isinstance(text, str) else None


def touching(board: Board, actor: Piece, zones: list[str], target_zone: str | None,
             walk_only: bool = False) -> list[Piece]:
    """Your by-hand conjurations that reach ``actor`` walking ``zones`` (its start first) and
    attacking in ``target_zone`` (``walk_only``: only those of its zones and walls)."""
    if not board.conjurations:  # (nearly always)
        return []
    where = set(zones) | ({target_zone} if target_zone else set())
    kinds = {k.lower() for k in subtypes(board, actor)}
    if board.is_living(actor):
        kinds.add("living")
    crossed = {w.id for a, b in pairwise(zones) for w in board.geometry().walls_between(a, b)}
    out: list[Piece] = []
    for c in board.conjurations:
        reach = REACH.get(c.card)
        if c.side != Side.YM or reach is None or _by_hand(board, c) is None \
                or (walk_only and reach not in ("zone", "wall")):
            continue
        if reach == "wall":
            hit = c.id in crossed
        elif reach == "zone":
            hit = c.border is None and c.zone in where
        else:
            hit = reach.lower() in kinds
        if hit:
            out.append(c)
    return out


def remind(board: Board, d: Decision, actor: Piece, start: str, walk_only: bool = False) -> None:
    """Add to ``d`` a line for each by-hand conjuration of yours that its action meets (read on
    ``board`` as it was before the decision); the Dummy Mage's own move (``walk_only``) meets
    only those of the zones and walls it walks."""
    path = [z for z in d.data.get("path") or [] if isinstance(z, str)]
    if not path and d.data.get("to") not in (None, start):
        path = [d.data["to"]]
    target = d.data.get("target")
    found = board.find(target) if isinstance(target, str) else None
    target_zone = found.zone if found is not None else (
        target if isinstance(target, str) and target in board.arena.zones() else None)
    for c in touching(board, actor, [start, *path], target_zone, walk_only):
        d.instructions.append(Said("dm.by-hand-conjuration", conj=Who.of(c),
                                   text=_by_hand(board, c)))
