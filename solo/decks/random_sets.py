"""Deck sets made at random (``solo deck random``): valid sets drawn from the fully modelled
cards (or partly modelled ones too), harder or easier, from the sets a person owns."""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection

from solo.cards.catalog import DECK_TYPES, SPELL_DECKS, Catalog
from solo.core.errors import InvalidInput, SoloError
from solo.decks.sets import (DECK_SIZES, EASIER_MAX_COST, HARDER_MIN_COST,
                             RANDOM_MAX_CREATURE_COPIES, RANDOM_MAX_SPELL_COPIES, DeckSet,
                             empty_decks)

if TYPE_CHECKING:  # pragma: no cover
    from solo.rules.dice import DiceSource


def random_set(source: "DiceSource", harder: bool = False, easier: bool = False,
               catalog: Catalog | None = None, name: str = "Random",
               description: str | None = None, *, sets: Collection[str] | None = None,
               partly: bool = False) -> DeckSet:
    """A valid set picked with ``source.choose`` (the project's one random path).

    Cards are drawn from the fully modelled ones (:func:`solo.cards.coverage.coverage`); ``partly``
    lets partly modelled cards in too.  A deck the chosen cards cannot fill takes partly
    modelled ones as well (say so with :func:`partly_modelled`); never unusable ones.  ``sets``
    (catalog set names, :func:`solo.cards.coverage.parse_sets`) keeps only the cards of those sets.

    Creatures: Arena creature cards without an "... Only" restriction, at most
    :data:`RANDOM_MAX_CREATURE_COPIES` of a card and one of a Legendary; ``harder`` keeps
    creatures costing :data:`HARDER_MIN_COST` or more, ``easier`` those costing
    :data:`EASIER_MAX_COST` or less.  Spells: at most :data:`RANDOM_MAX_SPELL_COPIES` each.
    """
    from solo.cards.coverage import coverage

    if harder and easier:
        raise InvalidInput("choose --harder or --easier, not both")
    if catalog is None:
        from solo.cards.catalog import get_catalog

        catalog = get_catalog()
    decks = empty_decks()
    for deck in SPELL_DECKS:
        size = DECK_SIZES[deck]
        cap = RANDOM_MAX_CREATURE_COPIES if deck == "creature" else RANDOM_MAX_SPELL_COPIES
        pool = [c for c in catalog.cards(DECK_TYPES[deck])
                if (sets is None or c.set in sets)
                and not any(t.lower().endswith(" only") for t in c.traits)
                and not c.dm.get("mage_only")]
        if deck == "creature":
            pool = [c for c in pool if isinstance(c.cost, int)
                    and (not harder or c.mana >= HARDER_MIN_COST)
                    and (not easier or c.mana <= EASIER_MAX_COST)]
        levels = {c.name: coverage(c).level for c in pool}
        full = [c for c in pool if levels[c.name] == "modelled"]
        wider = [c for c in pool if levels[c.name] in ("modelled", "partly")]
        chosen = wider if partly or _room(full, cap) < size else full
        if _room(chosen, cap) < size:
            where = f" of {', '.join(sorted(sets))}" if sets is not None else ""
            raise SoloError(f"too few {DECK_TYPES[deck].lower()} cards{where} for a random "
                            f"{deck} deck of {size} (at most {cap} of a card, one of a Legendary)"
                            + ("; choose more --sets" if sets is not None else ""))
        decks[deck] = _fill(source, chosen, size, cap, f"random {deck}")
    if description is None:
        kind = ("harder: creatures costing 9 mana or more" if harder
                else "easier: creatures costing 9 mana or less" if easier else "any creatures")
        description = f"Picked at random ({kind})."
    return DeckSet(name, description, decks)


def _room(pool: list, cap: int) -> int:
    """How many cards a random deck can take from ``pool``."""
    return sum(1 if c.has("Legendary") else cap for c in pool)


def _fill(source: "DiceSource", pool: list, size: int, cap: int, label: str) -> dict[str, int]:
    pool = list(pool)
    if _room(pool, cap) < size:
        raise SoloError(f"not enough cards to make a {label.split()[-1]} deck at random")
    picked: dict[str, int] = {}
    cards = {c.name: c for c in pool}
    total = 0
    while total < size:
        card = source.choose(pool, label)
        picked[card.name] = picked.get(card.name, 0) + 1
        total += 1
        if picked[card.name] >= (1 if card.has("Legendary") else cap):
            pool.remove(card)
    order = sorted(picked, key=lambda n: (cards[n].mana, n))
    return {n: picked[n] for n in order}
