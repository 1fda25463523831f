"""The Dummy Mage's mage abilities that the rules code applies by itself.

The solo rules give the Dummy Mage no mana, so an ability its mage card pays for with mana and
that triggers on its own is used every time, for free (docs/rulings.md, "Mage abilities of the
Dummy Mage"); spells and actions of the mage card are never used.  This module applies those
free abilities at their moment; the notes in scripts/notes/mages.toml say what is left to do
by hand.  Pure: each function changes the board and returns the lines for the person
(:class:`~solo.rules.said.Said`, worded in :mod:`solo.text.mages`).

* Beastmaster, **Pet**: the first non-Legendary Animal it summons (while it has no Pet) gets the
  Pet marker: Melee +1, Armor +1 and Innate Life +3 as gained traits, and Melee +1 more while in
  the Dummy Mage's zone (:func:`pet_melee`).
* Warlord, **Veterans**: its non-Mage creature that destroys an enemy creature with a melee
  attack gets a veteran badge (once): Melee +1 and Armor +1.
* Wizard, **Voltaric Shield**: on in every round; the first time in a round an attack damages
  the Dummy Mage, up to 3 of that damage is cancelled.
* Necromancer, **Plague Master**: in the Dummy Mage's Upkeep, 1 direct poison damage on each of
  your objects that carries a poison condition (Cripple, Rot, Tainted, Weak).
* Necromancer, **Eternal Servant**: the first non-Legendary, non-Epic Undead it summons (while
  it has no Eternal Servant) takes the marker, and its attacks have Piercing +1
  (:func:`servant_traits`).  Reanimating a destroyed servant costs a cast, which the quickcast
  die never calls for: the next such Undead takes the marker instead.
"""

from __future__ import annotations

from typing import Final

from solo.core.kinds import DM, YM
from solo.rules.board import Board, Conjuration, Creature, Piece
from solo.rules.effects import GainTraits, Note
from solo.rules.effects import apply as put
from solo.rules.harm import take_damage
from solo.rules.said import Said, Who

PET: Final = "pet"
VETERAN: Final = "veteran"
SHIELD_USED: Final = "voltaric_shield_used"
SERVANT: Final = "eternal_servant"
POISONS: Final = ("Cripple", "Rot", "Tainted", "Weak")


def _dm_is(board: Board, *names: str) -> bool:
    return board.mages[DM].card in names


def after_summon(board: Board, c: Creature) -> list[Said]:
    """Pet (the Beastmaster's) or Eternal Servant (the Necromancer's) for a creature the Dummy
    Mage summons."""
    if c.side != DM:
        return []
    if _dm_is(board, "Necromancer"):
        return _eternal_servant(board, c)
    if not _dm_is(board, "Beastmaster"):
        return []
    card = board.card_of(c)
    if card is None or "Animal" not in card.subtypes or card.has("Legendary"):
        return []
    if any(x.extra.get(PET) for x in board.side_creatures(DM)):
        return []
    put(board, Note(c.id, PET, True))
    put(board, GainTraits(c.id, ("Melee +1", "Armor +1", "Innate Life +3")))
    return [Said("mage.pet", who=Who.of(c))]


def _eternal_servant(board: Board, c: Creature) -> list[Said]:
    """The Necromancer's first non-Legendary, non-Epic Undead becomes its Eternal Servant."""
    card = board.card_of(c)
    if card is None or "Undead" not in card.subtypes or card.has("Legendary") or card.has("Epic"):
        return []
    if any(x.extra.get(SERVANT) for x in board.side_creatures(DM)):
        return []
    put(board, Note(c.id, SERVANT, True))
    return [Said("mage.servant", who=Who.of(c))]


def servant_traits(p: Piece) -> tuple[str, ...]:
    """What the Eternal Servant marker adds to each attack of the object carrying it."""
    return ("Piercing +1",) if p.extra.get(SERVANT) else ()


def pet_melee(board: Board, p: Piece) -> int:
    """The Pet's extra Melee +1 while it is in the Dummy Mage's zone."""
    return 1 if p.extra.get(PET) and p.side == DM and p.zone == board.mages[DM].zone \
        else 0


def after_destroy(board: Board, attacker: Piece | None, victim: Piece,
                  melee: bool) -> list[Said]:
    """Veterans: a Dummy Mage Warlord's creature that destroys an enemy creature in melee."""
    if attacker is None or attacker.side != DM or attacker.is_mage or not melee:
        return []
    if not _dm_is(board, "Warlord") or isinstance(victim, Conjuration) or victim.side == DM:
        return []
    if attacker.extra.get(VETERAN) or board.find(attacker.id) is None:
        return []
    put(board, Note(attacker.id, VETERAN, True))
    put(board, GainTraits(attacker.id, ("Melee +1", "Armor +1")))
    return [Said("mage.veteran", who=Who.of(attacker))]


def the_dm(board: Board) -> Piece:
    """The Dummy Mage's mage, made the board's own first (a board copied for an attack shares
    the objects the attack was not expected to change; see :meth:`Board.own`)."""
    mage = board.own(board.mages[DM].id)
    assert mage is not None  # a mage never leaves the board
    return mage


def shields(board: Board, target: Piece) -> bool:
    """Whether the Voltaric Shield may take damage from a strike on ``target`` (the Dummy Mage,
    when it is the Wizard): :func:`shield`."""
    return target.id == DM and _dm_is(board, "Wizard")


def shield(board: Board, target: Piece, damage: int) -> tuple[int, Said | None]:
    """Voltaric Shield: the damage the Dummy Mage Wizard takes from this strike, and the line
    saying so, the first time in a round it is damaged (the shield is then off until the
    next round)."""
    if damage <= 0 or not shields(board, target):
        return damage, None
    if board.mages[DM].extra.get(SHIELD_USED) == board.round:
        return damage, None
    put(board, Note(DM, SHIELD_USED, board.round))
    kept = max(0, damage - 3)
    return kept, Said("mage.shield", cancelled=damage - kept, left=kept)


def plague(board: Board) -> list[tuple[Piece, Said]]:
    """Plague Master: in the Dummy Mage's Upkeep, 1 direct damage on each object of yours that
    carries a poison condition.  The damage is put on the board; returns (object, line)."""
    if not _dm_is(board, "Necromancer"):
        return []
    out: list[tuple[Piece, Said]] = []
    for p in [board.mages[YM], *board.side_creatures(YM),
              *[c for c in board.conjurations if c.side == YM]]:
        if any(p.conditions.get(k, 0) > 0 for k in POISONS) and not board.has_trait(p, "Poison Immunity"):
            take_damage(board, p, 1)
            out.append((p, Said("mage.plague", who=Who.of(p))))
    return out
