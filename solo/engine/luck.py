"""A game's luck: how far its dice and its Dummy Mage's creature deck fell from their
average, as numbers whose mean over games is exactly 0.

Each dice part adds up, over the dice of one kind a game rolled, a die's result less its
average, counted for the Dummy Mage or against it by the side the die was rolled against.
Which part a die adds to, and whether it counts at all, is known from its label and the rolls
before it, before it is rolled, so each term has mean 0 whatever was rolled before it, and so
has their sum over a whole game (however long the game ran).  The deck parts compare the
creatures a shuffle dealt to the top of the deck with the deck's average, which every place
in a shuffled deck has.  So the parts are control variates with an exactly known mean.  A
rating subtracts the luck it can explain (:data:`PARTS` times a coefficient fitted once per
engine version, shipped in ``decks/luck.json`` and written by ``python scripts/ratings.py``),
which leaves its expected value alone and narrows its interval.

The parts are kept as integers (each scaled by :data:`SCALES`), so a rating's per-game record
stays small.  Which parts to keep was measured on 12,288 games of the three built-in sets,
fitted on some and tried on others (docs/speed.md): the dice alone as first kept explained
about 12% of a rating's variance, these parts 20-29% (5% for a set the Dummy Mage seldom
wins).
"""

from __future__ import annotations

from typing import Final

from collections.abc import Iterable, Sequence

from solo.core.kinds import DM, YM
from solo.rules.dice import Roll
from solo.rules.said import Said

#: Which part of a d12 quickcast roll (the first or a reroll) counts, by the number of the
#: quickcast it belongs to: 1-2 (round 1), 3-4 (round 2), 5-8 (rounds 3-4), 9 and later.
_QUICKCAST_BANDS: Final = (3, 5, 9)
#: Positions of the Dummy Mage's creature deck as dealt: the top card, the next two, three
#: and four.  A summon takes the top card, so the first creatures matter most.
_DEALT_BANDS: Final = ((0, 1), (1, 3), (3, 6), (6, 10))

#: The parts of a game's luck, in the order they are kept:
#: ``damage-*``: attack and burn dice, damage shown less 1 (a die's average), counted for the
#: Dummy Mage when rolled against your side and against it when rolled against its own, apart
#: for mages and creatures;
#: ``effect-*``: the effect die of an attack, less 6.5, likewise by side;
#: ``move-N``, ``summon-N``, ``spell-N``: the Dummy Mage's quickcast d12 (or its reroll)
#: showing 1-3, 4-7 or 8-10, less its chance (1/4, 1/3, 1/4), by the quickcast's number
#: (``N``: its band in :data:`_QUICKCAST_BANDS`: an early summon weighs more than a late one);
#: ``dealt-N``: the mana cost of the creatures dealt to the top of the Dummy Mage's creature
#: deck (positions :data:`_DEALT_BANDS`), less the deck's average: a shuffle puts every card
#: in every place alike, so this has mean 0 too.
PARTS: Final = ("damage-your-mage", "damage-your-creatures", "damage-its-mage",
                "damage-its-creatures", "effect-yours", "effect-its",
                *(f"{kind}-{band}" for band in range(1, len(_QUICKCAST_BANDS) + 2)
                  for kind in ("move", "summon", "spell")),
                *(f"dealt-{band}" for band in range(1, len(_DEALT_BANDS) + 1)))
#: Each part is kept times this, which makes it a whole number (the dealt parts to a
#: hundredth of a mana, rounded: a bias of at most 0.005 mana).
SCALES: Final = (1, 1, 1, 1, 2, 2, *(12,) * (3 * (len(_QUICKCAST_BANDS) + 1)),
                 *(100,) * len(_DEALT_BANDS))
#: Damage an attack die shows, by its d6 result (see solo.rules.dice.D6_FACES): average 1.
_DAMAGE: Final = (0, 0, 1, 2, 1, 2)
_DAMAGE_DICE: Final = frozenset({"roll.attack-dice", "upkeep.burn-roll"})
_QUICKCAST: Final = 6  # the index of the first quickcast part
_DEALT: Final = _QUICKCAST + 3 * (len(_QUICKCAST_BANDS) + 1)
#: What a die adds to its part, by the value it shows (index 0 unused; see luck_of): an attack
#: or burn die's damage less 1 rolled against your side, or less its negation against the
#: Dummy Mage's; an effect die's 2 * value - 13 likewise.
_DAMAGE_FOR: Final = (0, *(d - 1 for d in _DAMAGE))
_DAMAGE_AGAINST: Final = (0, *(1 - d for d in _DAMAGE))
_EFFECT_FOR: Final = (0, *(2 * v - 13 for v in range(1, 13)))
_EFFECT_AGAINST: Final = (0, *(13 - 2 * v for v in range(1, 13)))


def _target(label: Said) -> tuple[int, int]:
    """+1 for a die rolled against your side (good for the Dummy Mage when high), -1 against
    the Dummy Mage's, 0 when the label names neither; and whether it is against a mage."""
    at = label.get("at") or label.get("who")
    side = getattr(at, "side", None)
    return (1 if side == YM else -1 if side == DM else 0,  # (the plain strings: no enum read)
            1 if getattr(at, "is_mage", False) else 0)


def _band(quickcasts: int) -> int:
    band = 0
    for limit in _QUICKCAST_BANDS:
        if quickcasts >= limit:
            band += 1
    return band


def _quickcast(parts: list[int], band: int, v: int) -> None:
    at = _QUICKCAST + 3 * band
    parts[at] += 12 * (v <= 3) - 3
    parts[at + 1] += 12 * (4 <= v <= 7) - 4
    parts[at + 2] += 12 * (8 <= v <= 10) - 3


def luck_of(history: Iterable[Roll], dealt: Sequence[int] = ()) -> tuple[int, ...]:
    """A game's luck parts (scaled, see :data:`SCALES`) from every roll it made, in order, and
    the mana costs of its Dummy Mage's creature deck as dealt, top first.

    Whether a term counts, and in which part, is known before its die is rolled or its deck
    is dealt (a quickcast's number counts the quickcasts rolled so far, this one's first die
    included, whatever it shows), so each term has mean 0.

    >>> from solo.rules.said import Who
    >>> you = Who("ym", "Beastmaster", "ym", True)
    >>> luck = luck_of([Roll(6, 6, Said("roll.attack-dice", at=you)), Roll(12, 2, "quickcast")],
    ...                dealt=[3, 1, 2])
    >>> luck[:6], luck[_QUICKCAST:_QUICKCAST + 3], luck[_DEALT:_DEALT + 2]
    ((1, 0, 0, 0, 0, 0), (9, -4, -3), (100, -100))
    """
    parts = [0] * len(PARTS)
    quickcasts = 0
    # The dice of one attack share their label (most of a game's rolls): the part a die of
    # the last label and sides adds to, and what each face adds (its sign taken in), are
    # worked out once for the label, so each of its further dice costs a look-up.  Where a
    # die adds depends only on its label and sides; a reroll's or quickcast's on the count of
    # quickcasts too: those, and the dice that count nowhere, are never kept as the last label.
    last: object = None
    last_sides = at = 0
    adds: tuple[int, ...] = ()
    for r in history:
        label = r.label
        if label is last and r.sides == last_sides:
            parts[at] += adds[r.value]
            continue
        if isinstance(label, Said):
            code = label.code
            if code == "dm.qc.reroll-roll":
                _quickcast(parts, _band(quickcasts), r.value)
                last = None
                continue
            last = None  # (a die that counts nowhere: not kept as the last label)
            sides = r.sides
            if sides == 6 and code in _DAMAGE_DICE:
                sign, mage = _target(label)
                if sign:
                    last, last_sides = label, sides
                    at = (0 if sign > 0 else 2) + (0 if mage else 1)
                    adds = _DAMAGE_FOR if sign > 0 else _DAMAGE_AGAINST
                    parts[at] += adds[r.value]
            elif sides == 12 and code == "roll.effect":
                sign, mage = _target(label)
                if sign:
                    last, last_sides = label, sides
                    at = 4 if sign > 0 else 5
                    adds = _EFFECT_FOR if sign > 0 else _EFFECT_AGAINST
                    parts[at] += adds[r.value]
        else:
            last = None
            if label == "quickcast":
                quickcasts += 1
                _quickcast(parts, _band(quickcasts), r.value)
    if dealt:
        n, total = len(dealt), sum(dealt)
        for i, (a, b) in enumerate(_DEALT_BANDS):
            top = dealt[a:b]
            parts[_DEALT + i] = round(100 * (sum(top) - len(top) * total / n))
    return tuple(parts)


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
