"""Harm and healing: damage put on a piece, healing, conditions gained, a piece destroyed.

The small steps every rule that hurts or heals shares (combat, upkeep, spells, the mages'
abilities), each put on the board through :func:`solo.rules.effects.apply`.
"""

from __future__ import annotations

from typing import Final

from solo.core.kinds import DM, YM, DeckKind, Side
from solo.rules import effects, markers
from solo.rules.abilities.marks import finite_life_aura
from solo.rules.board import Board, Creature, Mage, Piece
from solo.rules.effects import AddMarkers, AddTally, Damage, Discard, RemoveMarkers, RemovePiece
from solo.rules.effects import apply as put, apply_all as put_all
from solo.rules.said import Said, Who


def gain(board: Board, p: Piece, condition: str) -> None:
    """``p`` gains one ``condition`` marker; an Incapacitating one takes its guard marker off
    (an Incapacitated creature cannot guard: Knockdown's card ruling)."""
    put_all(board, effects.gain(p, condition))


def can_heal(board: Board, p: Piece) -> bool:
    """Living objects heal; Nonliving ones and those with Finite Life (a card's, or in
    Sardonyx's zone) cannot."""
    return board.is_living(p) and not board.has_trait(p, "Finite Life") \
        and not board.has_trait(p, "Nonliving") and not finite_life_aura(board, p)


def heal(board: Board, piece: Piece, amount: int) -> int:
    """Remove up to ``amount`` damage from a Living object; returns how much was healed.

    Nonliving objects and those with Finite Life cannot heal; damage never goes below 0.
    """
    if amount <= 0 or not can_heal(board, piece):
        return 0
    healed = min(amount, piece.damage)
    if healed:
        left = piece.damage - healed
        put(board, Damage(piece.id, -healed))
        lose_rage(board, piece, all_of_it=left == 0)
    return healed


def repair(board: Board, piece: Piece, amount: int) -> int:
    """Reconstruct: remove up to ``amount`` damage from any object, Living or not (a Nonliving
    attacker's card text: Devouring Jelly); returns how much was removed."""
    mended = min(max(0, amount), piece.damage)
    if mended:
        left = piece.damage - mended
        put(board, Damage(piece.id, -mended))
        lose_rage(board, piece, all_of_it=left == 0)
    return mended


def lose_rage(board: Board, piece: Piece, all_of_it: bool = False) -> int:
    """Healing or regenerating removes one Rage token; no damage left removes them all."""
    have = piece.conditions.get("Rage", 0)
    k = have if all_of_it else min(1, have)
    if k > 0:
        put(board, RemoveMarkers(piece.id, "Rage", k))
    return max(0, k)


#: Each side by its id (a destroyed creature's credit).
_SIDES: Final = {DM: Side.DM, YM: Side.YM}


def take_damage(board: Board, p: Piece, amount: int) -> None:
    """Put ``amount`` damage on ``p``; a sleeping creature that takes damage wakes up Dazed."""
    if amount <= 0:
        return
    put(board, Damage(p.id, amount))
    sleep = p.conditions.get("Sleep", 0)
    if sleep > 0:
        put(board, RemoveMarkers(p.id, "Sleep"))
        put(board, AddMarkers(p.id, "Daze", sleep))


def destroy_if_dead(board: Board, p: Piece, credit: str | None = None,
                    obliterate: bool = False) -> bool:
    """Remove a creature or conjuration whose damage reached its life; returns True if removed.

    A destroyed Dummy Mage creature goes to its creature discard pile; a destroyed creature adds
    its mana cost to the tally of ``credit`` (the side that destroyed it) unless that is its own
    side.  Mages are never removed (see :func:`solo.rules.upkeep.game_over`); Indestructible objects
    and objects without a life value are not destroyed by damage.  Tainted markers count 3
    each.  An obliterated creature (``obliterate``: Devour; always with a Zombie marker) leaves
    the game: it goes to no discard pile.
    """
    if isinstance(p, Mage) or not (p.damage or "Tainted" in p.conditions) \
            or not board.is_dead(p) or board.find(p.id) is None:  # (no wounds: not dead, no call)
        return False
    put(board, RemovePiece(p.id))
    if isinstance(p, Creature):
        if p.side == DM and not (obliterate or p.has_condition("Zombie")):
            put(board, Discard(DeckKind.CREATURE, p.card))
        if credit in _SIDES and credit != p.side:  # (Side(credit), without the enum's call)
            put(board, AddTally(_SIDES[credit], board.cost(p)))
    return True


def stale_markers(board: Board) -> list[tuple[RemoveMarkers, Said]]:
    """The markers of ``board`` whose cause is gone (:mod:`solo.rules.markers`), each with the
    change that takes it off and a line for the person: Rage tokens beyond those that hold,
    Growth markers beyond those that hold, a Grapple marker with no grappler of the other side
    in its zone."""
    out: list[tuple[RemoveMarkers, Said]] = []
    for p in board.pieces():
        traits = board.traits(p)
        for name, held in (("Rage", markers.rage_held(p, traits)),
                           ("Growth", markers.growth_held(p)),
                           (markers.GRAPPLE, _grappled(board, p))):
            extra = p.conditions.get(name, 0) - held
            if extra > 0:
                out.append((RemoveMarkers(p.id, name, extra),
                            Said("marker.stale", who=Who.of(p), marker=name, n=extra)))
    return out


def _grappled(board: Board, p: Piece) -> int:
    """Its Grapple markers while a creature of the other side that grapples is in its zone."""
    have = p.conditions.get(markers.GRAPPLE, 0)
    if have <= 0:
        return 0
    for c in board.side_creatures(Side.YM if p.side == Side.DM else Side.DM):
        if c.zone == p.zone and any(markers.GRAPPLE in k for a in board.attacks(c)
                                    for e in a.effects for k in e.conditions):
            return have
    return 0
