"""The Stagger condition (Shock gives it; a board may carry it), as its publisher defines it:
a minor creature (Level 1 or 2) cannot attack or guard while Staggered, and loses its guard
marker; a major one (Level 3 or more) rolls 2 fewer attack dice for each Stagger marker on any
attack it makes (never fewer than one die).  Every Stagger marker goes at the end of the
creature's next activation -- one gained during its own activation waits for the end of the
next one (``KEPT`` in its ``extra`` says so until then)."""

from __future__ import annotations

from typing import Final

from solo.rules.abilities.bonuses import level
from solo.rules.board import Board, Piece
from solo.rules.effects import DELETE, AddMarkers, Change, Note, RemoveMarkers, SetGuard

STAGGER: Final = "Stagger"
#: In a piece's ``extra``: a Stagger gained during its own activation, kept past its end.
KEPT: Final = "stagger_kept"
#: Dice fewer per marker on a major creature's attacks.
DICE_PER_MARKER: Final = 2


def markers(p: Piece) -> int:
    n = p.conditions.get(STAGGER, 0)  # (no max(): asked hundreds of times a game)
    return n if n > 0 else 0  # noqa: FURB136 - max(0, n) is a call, this is none


def minor(board: Board, p: Piece) -> bool:
    """Level 1 or 2 (the minor creatures of the publisher's wording)."""
    return level(board, p) <= 2


def cannot_attack(board: Board, p: Piece) -> bool:
    """A Staggered minor creature makes no attack and takes no guard action."""
    return p.conditions.get(STAGGER, 0) > 0 and minor(board, p)  # (markers(p) > 0, no call)


def dice_penalty(board: Board, p: Piece) -> int:
    """Dice fewer on a Staggered major creature's attacks (0 for a minor one: it makes none)."""
    n = markers(p)
    return DICE_PER_MARKER * n if n and not minor(board, p) else 0


def stagger(board: Board, p: Piece, *, acting: bool) -> list[Change]:
    """The changes that give ``p`` a Stagger marker; ``acting``: it is in its own activation
    (the marker then lasts to the end of its next one).  A minor creature loses its guard."""
    out: list[Change] = [AddMarkers(p.id, STAGGER, 1)]
    if acting:
        out.append(Note(p.id, KEPT, True))
    if getattr(p, "guarding", False) and minor(board, p):
        out.append(SetGuard(p.id, False))
    return out


def end_of_activation(board: Board, p: Piece) -> tuple[list[Change], int]:
    """At the end of ``p``'s activation: its Stagger markers go, unless they were gained during
    this one (then only that mark goes); the changes and how many markers went."""
    if p.extra.get(KEPT):
        return [Note(p.id, KEPT, DELETE)], 0
    n = markers(p)
    return ([RemoveMarkers(p.id, STAGGER, n)], n) if n else ([], 0)
