"""A game's dice luck: how far its dice fell from their average, in the Dummy Mage's favour, as
numbers whose mean over games is exactly 0.

Each part adds up, over the dice of one kind a game rolled, a die's result less its average,
counted for the Dummy Mage or against it by the side the die was rolled against.  Which side
that is and whether a die counts at all is known from the die's label before it is rolled, so
each term has mean 0 whatever was rolled before it, and so has their sum over a whole game
(however long the game ran): the parts are control variates with an exactly known mean.  A
rating subtracts the luck it can explain (:data:`PARTS` times a coefficient fitted once per
engine version, shipped in ``decks/luck.json`` and written by ``python scripts/ratings.py``),
which leaves its expected value alone and narrows its interval.

The parts are kept as integers (each scaled by :data:`SCALES`), so a rating's per-game record
stays small and exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from solo.core.kinds import Side
from solo.rules.dice import Roll
from solo.rules.said import Said

#: The parts of a game's luck, in the order they are kept:
#: ``damage``: attack and burn dice, damage shown less 1 (a die's average), for the Dummy Mage
#: when rolled against your side;
#: ``effect``: the effect die of an attack, less 6.5, likewise;
#: ``wander``: the Dummy Mage's quickcast d12 showing 1-3 (a move), less its chance 1/4;
#: ``summon``: that d12 showing 4-7 (a summon), less its chance 1/3.
PARTS = ("damage", "effect", "wander", "summon")
#: Each part is kept times this, which makes it a whole number.
SCALES = (1, 2, 4, 3)
#: Damage an attack die shows, by its d6 result (see solo.rules.dice.D6_FACES): average 1.
_DAMAGE = (0, 0, 1, 2, 1, 2)
_DAMAGE_DICE = frozenset({"roll.attack-dice", "upkeep.burn-roll"})


def _sign(label: Said) -> int:
    """+1 for a die rolled against your side (good for the Dummy Mage when high), -1 against
    the Dummy Mage's, 0 when the label names neither."""
    at = label.get("at") or label.get("who")
    side = getattr(at, "side", None)
    return 1 if side == Side.YM else -1 if side == Side.DM else 0


def luck_of(history: Iterable[Roll]) -> tuple[int, ...]:
    """A game's luck parts (scaled, see :data:`SCALES`) from every roll it made, in order.

    >>> from solo.rules.said import Who
    >>> you = Who("ym", "Beastmaster", "ym", True)
    >>> luck_of([Roll(6, 6, Said("roll.attack-dice", at=you)), Roll(12, 2, "quickcast")])
    (1, 0, 3, -1)
    """
    damage = effect = wander = summon = 0
    for r in history:
        label = r.label
        if not isinstance(label, Said):
            if label == "quickcast":
                wander += 4 * (r.value <= 3) - 1
                summon += 3 * (4 <= r.value <= 7) - 1
            continue
        code = label.code
        if r.sides == 6 and code in _DAMAGE_DICE:
            damage += _sign(label) * (_DAMAGE[r.value - 1] - 1)
        elif r.sides == 12 and code == "roll.effect":
            effect += _sign(label) * (2 * r.value - 13)
    return damage, effect, wander, summon


def shipped() -> dict[str, list[float]]:
    """The coefficients shipped with solo, by engine version (empty when the file is missing)."""
    from solo.cards.catalog import shipped_json

    data = shipped_json("luck.json")
    found = data.get("coefficients") if isinstance(data, dict) else None
    return found if isinstance(found, dict) else {}


def coefficients(engine: str) -> tuple[float, ...]:
    """The luck coefficients for ``engine``: what a win is worth per unit of each scaled part;
    () when none was fitted for it (a rating is then counted plainly)."""
    found = shipped().get(engine)
    if isinstance(found, list) and len(found) == len(PARTS) \
            and all(isinstance(x, (int, float)) for x in found):
        return tuple(float(x) for x in found)
    return ()


def explained(beta: Sequence[float], luck: Sequence[int]) -> float:
    """The part of a game's result its luck explains: ``beta`` . ``luck``."""
    return sum(b * x for b, x in zip(beta, luck))
