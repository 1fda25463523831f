"""What a creature's card makes of the marks it has left on the board: its prey (Grapple), its
Gold tokens, a round's Piercing it chose when activated, and the auras a creature carries
(Finite Life, Regenerate) to the creatures in its zone.

Read by combat (attack traits, dice, which attacks may target what), by harm (who may heal)
and by the Upkeep; it changes nothing.  Apart from :mod:`.triggers`, which writes these marks,
because combat asks here and :mod:`.triggers` is asked by combat's results: this module
imports no part of combat.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Final

from solo.cards.catalog import Attack
from solo.core.kinds import DM
from solo.rules.board import Board
from solo.rules.pieces import Conjuration, Piece

__all__ = ["PREY", "PIERCING_ROUND", "GOLD", "WRATH", "prey", "prey_dice", "may_attack",
           "attack_traits", "finite_life_aura", "regenerate_aura", "subtypes", "DUE", "EXPLODERS",
           "due"]

#: A grappler's note: the id of the creature its Grapple holds (its prey).
PREY: Final = "prey"
#: A note: the round in which its attacks have Piercing +2 (Unstable Zombie's choice).
PIERCING_ROUND: Final = "piercing_round"
#: Gerard Matranga's tokens; Valshalla's tokens (Melee +1 each: solo.rules.stats).
GOLD: Final = "Gold"
WRATH: Final = "Wrath"

#: Grapplers' attacks that roll more dice against their prey (Drokkar's Tail Spike).
PREY_DICE: Final = {("Drokkar", "Tail Spike"): 2}
#: Grapplers' attacks that may attack only their prey (Shoalsdeep Crocodile's Death Roll).
PREY_ONLY: Final = {("Shoalsdeep Crocodile", "Death Roll")}
#: Attacks the Dummy Mage's creature never declares: Goblin Bomber's Detonate destroys him as
#: its cost; it goes off only by his card's roll when he is destroyed (.explosions).
NEVER_DECLARED: Final = {("Goblin Bomber", "Detonate")}
#: An attack trait whose Piercing counts the attacker's Gold tokens.
GOLD_PIERCING: Final = "Piercing +1 per Gold token on Gerard"
#: Creatures that give Finite Life to every Living creature in their zone, either side's.
FINITE_LIFE_AURAS: Final = frozenset({"Sardonyx, Blight of the Living"})
#: Creatures that give friendly Living creatures in their zone Regenerate X (Highland Unicorn).
REGENERATE_AURAS: Final = {"Highland Unicorn": 1}


#: The board note that lists the destroyed creatures whose attack is still to go off
#: (:mod:`.explosions`).
DUE: Final = "explosions"
#: Cards that attack as they are destroyed: (the attack, the least d12 that sets it off (None:
#: no roll), whether an attack must have destroyed it (not the Upkeep's damage)).
EXPLODERS: Final[dict[str, tuple[str, int | None, bool]]] = {
    "Goblin Bomber": ("Detonate", 7, False),
    "Unstable Fire Imp": ("Blazing Burst", None, True),
}


def due(board: Board, gone: Piece, attacked: bool) -> list[Any]:
    """The :data:`DUE` note's new value once ``gone`` is destroyed (empty: its card does not go
    off this way)."""
    entry = EXPLODERS.get(gone.card)
    if entry is None or (entry[2] and not attacked):
        return []
    listed = list(board.extra.get(DUE) or [])
    return listed + [{"id": gone.id, "card": gone.card, "side": gone.side, "zone": gone.zone}]


def subtypes(board: Board, p: Piece) -> tuple[str, ...]:
    """The subtypes printed on its card (Zombie, Skeleton, Aquatic...)."""
    card = board.card_of(p)
    return card.subtypes if card is not None else ()


def prey(board: Board, grappler: Piece) -> Piece | None:
    """The creature ``grappler``'s Grapple holds: the one it last put a Grapple marker on, while
    that creature keeps the marker and shares its zone (docs/rulings.md, "Grapple: the prey")."""
    ident = grappler.extra.get(PREY)
    if not ident:
        return None
    p = board.find(str(ident))
    if p is None or not p.has_condition("Grapple") or p.zone != grappler.zone:
        return None
    return p


def prey_dice(board: Board, attacker: Piece | None, attack: Attack, target: Piece) -> int:
    """The dice an attack rolls more because ``target`` is its attacker's prey."""
    if attacker is None:
        return 0
    n = PREY_DICE.get((attacker.card, attack.name), 0)
    if not n:
        return 0
    held = prey(board, attacker)
    return n if held is not None and held.id == target.id else 0


def may_attack(board: Board, attacker: Piece, attack: Attack, target: Piece) -> bool:
    """False for an attack its card lets attack only its prey, at anything else; and for the
    Dummy Mage's Goblin Bomber's Detonate, which it never declares (docs/rulings.md)."""
    if (attacker.card, attack.name) in NEVER_DECLARED and attacker.side == DM:
        return False
    if (attacker.card, attack.name) not in PREY_ONLY:
        return True
    held = prey(board, attacker)
    return held is not None and held.id == target.id


def attack_traits(board: Board, attacker: Piece, attack: Attack) -> list[str]:
    """Traits its own marks give an attack: Piercing +1 a Gold token (Gerard's Avaricious
    Strike), Piercing +2 in the round it chose it when activated (Unstable Zombie)."""
    out = []
    if GOLD_PIERCING in attack.traits and (gold := attacker.conditions.get(GOLD, 0)) > 0:
        out.append(f"Piercing +{gold}")
    if attacker.extra and attacker.extra.get(PIERCING_ROUND) == board.round:
        out.append("Piercing +2")
    return out


def _aura_in_zone(board: Board, p: Piece, names: Collection[str]) -> bool:
    """Whether another creature in ``p``'s zone, either side's, is one of ``names``."""
    for q in board.creatures:  # (a loop, no list: nearly never one)
        if q.card in names and q.zone == p.zone and q.id != p.id:
            return True
    return False


def finite_life_aura(board: Board, p: Piece) -> bool:
    """Whether a creature's aura gives ``p`` Finite Life (a Living creature in Sardonyx's zone,
    either side's)."""
    # (the aura looked for before Living is asked: it is nearly never there)
    return not isinstance(p, Conjuration) and _aura_in_zone(board, p, FINITE_LIFE_AURAS) \
        and board.is_living(p)


def regenerate_aura(board: Board, p: Piece) -> int:
    """Regenerate X that a friendly creature's aura gives ``p`` (a friendly Living creature in
    Highland Unicorn's zone), 0 when none."""
    if isinstance(p, Conjuration):
        return 0
    most = 0  # (the auras looked for before Living is asked: nearly never one; no list, no max())
    for q in board.creatures:
        if q.card in REGENERATE_AURAS and q.zone == p.zone and q.id != p.id \
                and q.side == p.side and REGENERATE_AURAS[q.card] > most:
            most = REGENERATE_AURAS[q.card]
    return most if most and board.is_living(p) else 0
