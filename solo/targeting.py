"""Whether one object may target another: the rules every attack, spell and ability shares.

Range is the caller's business (each attack and spell has its own); this module answers the
rest: Line of Sight through walls, and the traits that forbid targeting (Invisible, Obscured,
...).  Spells (:mod:`solo.automaton`'s spell placement) and creature attacks both ask here, so a
trait that hides an object hides it from everything.
"""

from __future__ import annotations

from solo.board import Board, Piece


def can_target(board: Board, from_zone: str, target: Piece, *, indirect: bool = False) -> bool:
    """Whether something in ``from_zone`` may target ``target`` (range aside).

    ``indirect``: the attack ignores walls for Line of Sight (the Indirect trait).
    """
    if indirect:
        return True
    return board.geometry().line_of_sight(from_zone, target.zone)
