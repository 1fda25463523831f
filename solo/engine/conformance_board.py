"""What the conformance checker (:mod:`solo.engine.conformance`) reads of a board and of a step,
counted here again on purpose: the checker must not share a fault with the rules it checks
(the automaton's hindering, the engine's count of active creatures, the rules' wounds)."""

from __future__ import annotations

from typing import Any

from solo.core.kinds import Side
from solo.engine.game import Step
from solo.rules.abilities.triggers import ability_lines, named
from solo.rules.board import Board, Piece
from solo.rules.decision import in_arena
from solo.rules.said import Said


def _griffin(board: Board, mover: Piece, zone: str) -> bool:
    """An enemy Victorian Griffin flying in ``zone``: it hinders every enemy creature there and
    takes their Elusive away (its card)."""
    return any(g.card == "Victorian Griffin" and g.zone == zone and board.flying(g)
               and not board.incapacitated(g) for g in board.enemies_of(mover.side))


def _elusive(board: Board, mover: Piece) -> bool:
    """Elusive: the trait, or a goblin of a side with Slaknir in play; not under a Griffin."""
    card = board.cat.find(mover.card)
    goblin = card is not None and "Goblin" in card.subtypes and any(
        c.card == "Slaknir, Goblin Chieftain" for c in board.side_creatures(mover.side))
    return (board.has_trait(mover, "Elusive") or goblin) and not _griffin(board, mover, mover.zone)


def _teleports(board: Board, mover: Piece) -> bool:
    """The Dummy Mage's Blue Gremlin and Grey Wraith move by teleport (it pays: their cards)."""
    return mover.side == Side.DM and mover.card in ("Blue Gremlin", "Grey Wraith")


def _hinders(board: Board, mover: Piece, zone: str) -> bool:
    """Whether an enemy in ``zone`` hinders ``mover`` (the codex's Hinder entry).  Written
    here again on purpose, like :func:`_active`: the checker must not share a fault with
    :func:`solo.automaton.movement.hinders`."""
    if _griffin(board, mover, zone):
        return True
    if _teleports(board, mover) and "Astral Anchor" not in (
            (board.extra.get("zone_enchantments") or {}).get(zone, ())):
        return False  # a teleport passes every object
    if _elusive(board, mover) or board.has_trait(mover, "Invisible") \
            or board.has_trait(mover, "Unstoppable") \
            or board.has_trait(mover, "Unhinderable"):  # Ballad of Courage: cannot be Hindered
        return False
    flying = board.flying_in(mover, zone)
    for e in board.enemies_of(mover.side):
        if e.zone != zone or not in_arena(board, e):
            continue
        if board.incapacitated(e) or board.restrained(e) or board.has_trait(e, "Pest"):
            continue
        if board.flying(e) != flying:
            continue
        return True
    return False


def _trap_attacks(board: Board) -> set[str]:
    """The names of the attacks the Dummy Mage's traps make (solo.rules.yours.TRAPS)."""
    from solo.rules.yours import TRAPS

    cards = [board.cat.find(name) for name in TRAPS]
    return {card.attacks[0].name for card in cards if card is not None and card.attacks}


def _active(board: Board, side: str) -> list[Piece]:
    """Creatures of ``side`` with an active action marker, in the arena (counted here, not
    taken from the automaton, so that a fault there cannot hide itself)."""
    return [c for c in board.side_creatures(side) if c.active and c.conditions.get("Banish", 0) <= 0]


def _wounds(p: Piece) -> int:
    """Damage plus 3 a Tainted marker (the codex's Tainted entry), counted here again."""
    return p.damage + 3 * p.conditions.get("Tainted", 0)


def _alive(board: Board, p: Piece) -> bool:
    life = board.life(p)
    return life <= 0 or _wounds(p) < life or board.has_trait(p, "Indestructible")


def _step_lines(step: Step) -> list[Any]:
    said: list[Any] = list(step.lines)
    if step.decision is not None:
        said += step.decision.instructions
    return said + [e.text for e in step.events]


def _ability_whos(step: Step, code: str = "ability.", key: str | None = None) -> set[str]:
    """The ids of the objects named in the step's lines of card abilities
    (:func:`solo.rules.abilities.triggers.named`): what such an ability acted on."""
    return set(named(_step_lines(step), code, key))


def _ability_lines(step: Step) -> list[Said]:
    """The step's lines of card abilities (:func:`solo.rules.abilities.triggers.ability_lines`)."""
    return ability_lines(_step_lines(step))

