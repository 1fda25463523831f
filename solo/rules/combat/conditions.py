"""Who can gain which condition, and who is immune to what: the "why not" of combat.

:func:`condition_block` and :func:`taunt_block` answer with a reason (a :class:`Said` whose code
starts with ``block.``, worded in :mod:`solo.text.combat`), or None when nothing stops it.
"""

from __future__ import annotations

from typing import Final

from solo.rules.board import SPELL_ROUND_MARKERS, Board, Conjuration, Creature, Mage, Piece
from solo.rules.said import Said
from solo.rules.targeting import immune_to_damage_type as immune_to_damage_type


#: Conditions placed by incantations that last until the end of the round.
ROUND_EFFECTS: Final = ("Battle Fury", "Charge", "Perfect Strike", "Piercing Strike", "Knockdown",
                        *SPELL_ROUND_MARKERS)
#: Poison conditions: objects with Poison Immunity (every Nonliving object) cannot gain them.
POISON_CONDITIONS: Final = ("Rot", "Weak", "Cripple", "Tainted")
#: Psychic conditions: objects with Psychic Immunity (every conjuration) cannot gain them.
PSYCHIC_CONDITIONS: Final = ("Sleep",)
#: Conditions a conjuration never gains (it cannot be Dazed, Incapacitated or Restrained).
NOT_ON_CONJURATIONS: Final = ("Daze", "Stun", "Cripple", "Slam", "Sleep", "Knockdown", "Taunt",
                              "Stuck", "Bleed")
#: Taunters whose Taunt is psychic: it holds neither mages nor Psychic Immune creatures (the
#: complete codex; Sosruko's holds both).
PSYCHIC_TAUNTERS: Final = ("Skeelax, Taunting Imp", "Thorg, Chief Bodyguard")


def is_creature(p: Piece) -> bool:
    """Creatures and mages (a mage is a creature too)."""
    return isinstance(p, (Creature, Mage))


def is_plant(board: Board, p: Piece) -> bool:
    card = board.card_of(p)
    return card is not None and any(x.lower() == "plant" for x in card.subtypes)


def spared_by(board: Board, p: Piece, attack_name: str) -> str | None:
    """The kind of object that the card of an attack spell named ``attack_name`` says is immune
    to it (Tsunami: "Flying Creatures are immune"), when ``p`` is one of them; else None.  The
    kinds are the ``immune`` list of the spell's note (scripts/notes/spells-attacks.toml):
    ``Flying`` (flying now), or a trait the object has."""
    card = board.cat.find(attack_name)
    if card is None or card.type != "Attack":
        return None
    for kind in (card.dm or {}).get("immune", ()):
        if (board.flying(p) if kind == "Flying" else board.has_trait(p, kind)):
            return str(kind)
    return None


def taunt_block(board: Board, taunter: str, p: Piece) -> Said | None:
    """Why the Taunt of ``taunter`` (a card name) cannot hold ``p`` (``block.taunt-mage``,
    ``block.taunt-psychic``), or None when it can."""
    if taunter not in PSYCHIC_TAUNTERS:
        return None
    if p.is_mage:
        return Said("block.taunt-mage", taunter=taunter)
    if board.has_trait(p, "Psychic Immunity"):
        return Said("block.taunt-psychic", taunter=taunter)
    return None


def condition_block(board: Board, p: Piece, condition: str) -> Said | None:
    """Why ``p`` cannot gain ``condition`` (a reason, ``block.*``), or None when it can."""
    c = condition.strip()
    if isinstance(p, Conjuration) and c in NOT_ON_CONJURATIONS:
        return Said("block.conjuration", condition=c)
    if c == "Stuck" and board.has_trait(p, "Uncontainable"):
        return Said("block.uncontainable")
    if c == "Bleed" and not board.is_living(p):
        return Said("block.not-living")
    if c == "Bleed" and is_plant(board, p):
        return Said("block.plant")
    if c == "Corrode" and board.has_trait(p, "Incorporeal"):
        return Said("block.incorporeal")
    if c == "Burn" and (board.has_trait(p, "Burnproof") or board.has_trait(p, "Incorporeal")
                        or board.has_trait(p, "Flame Immunity")):
        return Said("block.burnproof")
    if c in POISON_CONDITIONS and (board.has_trait(p, "Poison Immunity")
                                   or not board.is_living(p)):
        return Said("block.poison-immunity")
    if c in PSYCHIC_CONDITIONS and (board.has_trait(p, "Psychic Immunity")
                                    or isinstance(p, Conjuration)):
        return Said("block.psychic-immunity")
    return None
