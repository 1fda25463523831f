"""Markers that hold only while their cause does: Rage tokens, Growth markers, a Grapple marker.

A board read from a file, or corrected by hand, may hold a marker whose cause is gone: Rage
tokens on a creature with no damage left (healing all its damage removes them all) or without
the Rage trait, Growth markers on a creature whose card never grows, a Grapple marker with no
grappler of the other side in its zone.  The rules count only the markers that hold
(:func:`rage_held`, :func:`growth_held`, asked by :mod:`solo.rules.stats`), and
:func:`solo.rules.harm.stale_markers` lists the ones to take off a board read from a file
(docs/rulings.md, "Markers that outlive their cause").
"""

from __future__ import annotations

from typing import Final

from solo.cards.catalog import trait_max
from solo.rules.pieces import Piece

__all__ = ["GROWERS", "GRAPPLE", "rage_held", "growth_held"]

#: Creatures whose card text gives them Growth markers, with the most they may have (None: no
#: limit): Kralathor as it devours, the Ghoul as it eats, Shaggoth-Zora as it obliterates a
#: zombie (6 at most).
GROWERS: Final[dict[str, int | None]] = {"Kralathor, The Devourer": None, "Ravenous Ghoul": None,
                                         "Shaggoth-Zora": 6}
#: The marker a grappling attack places on its prey.
GRAPPLE: Final = "Grapple"


def rage_held(p: Piece, traits: list[str], *, damaged: bool = True) -> int:
    """The Rage tokens of ``p`` that count: none without a Rage trait, at most its Rage +X;
    none with no damage left (healing every point removes them all) when ``damaged`` is asked
    (the rules' remembered traits never read damage: a board where a creature has no damage
    left and Rage tokens all the same is put right as it is read or edited, see
    :func:`solo.rules.harm.stale_markers`)."""
    have = max(0, p.conditions.get("Rage", 0))
    if not have or (damaged and p.damage <= 0):
        return 0
    return min(have, max(0, trait_max(traits, "Rage") or 0))


def growth_held(p: Piece) -> int:
    """The Growth markers of ``p`` that count: only a creature whose card grows has them, up
    to its limit."""
    have = max(0, p.conditions.get("Growth", 0))
    if not have or p.card not in GROWERS:
        return 0
    most = GROWERS[p.card]
    return have if most is None else min(have, most)
