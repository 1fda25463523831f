"""What a card's text makes of its own trait line: a trait whose number is a letter worked out
(Magma Golem's Armor -X and Frost +X: its Burn markers), and traits its text gives beyond the
line (Magma Golem's flame immunity).

Asked by the board's statistics (:mod:`solo.rules.stats`) as they work out traits and armor, so
it reads only the piece: it imports neither the board nor any rule.
"""

from __future__ import annotations

from typing import Final

from solo.cards.catalog import parse_trait
from solo.rules.pieces import Piece

__all__ = ["X_COUNTS", "TEXT_TRAITS", "text_traits", "armor_x"]

#: Cards whose printed "X" counts markers on themselves (Magma Golem: Armor -X, Frost +X).
X_COUNTS: Final = {"Magma Golem": "Burn"}
#: Traits a card's text gives it beyond its trait line (Magma Golem: "immune to flame damage").
TEXT_TRAITS: Final = {"Magma Golem": ("Flame Immunity",)}


def _x(p: Piece) -> int | None:
    marker = X_COUNTS.get(p.card)
    return None if marker is None else max(0, p.conditions.get(marker, 0))


def text_traits(p: Piece, traits: list[str]) -> list[str]:
    """``traits`` with what the card's text makes of them: each "+X" / "-X" worked out (Magma
    Golem's Frost +X: its Burn markers), and the traits its text gives (Flame Immunity)."""
    x = _x(p)
    if x is None:
        return traits
    out = []
    for t in traits:
        name, value = parse_trait(t)
        if value is None and t.endswith(("+X", "-X")):
            if x:
                out.append(f"{t[:-2].rstrip()} {t[-2]}{x}")
            continue
        out.append(t)
    return out + [t for t in TEXT_TRAITS.get(p.card, ()) if t not in out]


def armor_x(p: Piece, traits: list[str]) -> int:
    """What an "Armor -X" on its card takes off its armor (Magma Golem: 1 a Burn marker)."""
    x = _x(p)
    return x if x and any(t.replace(" ", "").lower() == "armor-x" for t in traits) else 0
