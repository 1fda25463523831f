"""The Dummy Mage's enchantments that act in the Upkeep, lose Dissipate tokens, or end with the
round (a note's ``upkeep`` and ``ends``), for :mod:`solo.rules.upkeep`.

What each did is a :class:`~solo.rules.said.Said` line, worded in :mod:`solo.text.spells`.
"""

from __future__ import annotations

from typing import Any, Final

from solo.cards.catalog import Card, parse_trait
from solo.core.kinds import DeckKind, Side
from solo.rules import combat, harm
from solo.rules.abilities import restrictions
from solo.rules.board import Board, Conjuration, Piece
from solo.rules.dice import DiceSource
from solo.rules.effects import DELETE, AddMarkers, Damage, Discard, Disenchant, Note
from solo.rules.effects import apply as put
from solo.rules.said import Said, Who
from solo.rules.spell_targets import NoteDict, is_curse_on, is_dm_curse

__all__ = ["UpkeepLine", "upkeep_effects", "end_of_round", "dissipate_tokens", "dm_owns"]

#: What an enchantment did in an Upkeep: (event kind, line for the person, the event's details).
UpkeepLine = tuple[str, Said, dict[str, Any]]

#: Where an object keeps the Dissipate tokens left on each enchantment it bears.
DISSIPATE_SPELLS: Final = "dissipate_spells"


def dissipate_tokens(card: Card) -> int | None:
    """The card's Dissipate value, or None when it has none."""
    for t in card.traits:
        name, value = parse_trait(t)
        if name.lower() == "dissipate" and value is not None:
            return int(value)
    return None


def dm_owns(board: Board, p: Piece, name: str) -> bool:
    """Whether the enchantment ``name`` on ``p`` is the Dummy Mage's: its curses sit on your
    objects, its help on its own."""
    return (p.side == Side.YM) == is_dm_curse(board, name)


def _damage(board: Board, p: Piece, name: str, up: NoteDict) -> list[UpkeepLine]:
    n = up["damage"]
    if n == "their-enchantments":  # Arcane Corruption: the bearer's side's own
        n = sum(1 for e in p.enchantments if not is_curse_on(board, p, e))
    if not n:
        return []
    harm.take_damage(board, p, n)
    return [("spell-damage", Said("spell.upkeep.damage", name=name, who=Who.of(p), n=n),
             {"damage": n})]


def _drain(board: Board, p: Piece, name: str, up: NoteDict) -> list[UpkeepLine]:
    """Death Link: the Dummy Mage heals, the bearer takes as much."""
    who = Who.of(p)
    healed = harm.heal(board, board.mages[Side.DM], up["drain"])
    if healed:
        harm.take_damage(board, p, healed)
    return [("spell-heal", Said("spell.upkeep.dm-heals", name=name, healed=healed),
             {"healed": healed, "piece": Side.DM.value}),
            ("spell-damage", Said("spell.upkeep.damage", name=name, who=who, n=healed),
             {"damage": healed})]


def _transfer(board: Board, p: Piece, name: str, up: NoteDict) -> list[UpkeepLine]:
    """Life Link: damage moves to the Dummy Mage while it can afford it."""
    dm = board.mages[Side.DM]
    room = board.remaining_life(dm) - board.remaining_life(p) - 1
    k = max(0, min(up["transfer"], p.damage, room))
    if not k:
        return []
    put(board, Damage(p.id, -k))
    put(board, Damage(dm.id, k))
    return [("spell-heal", Said("spell.upkeep.transfer", name=name, who=Who.of(p), k=k),
             {"healed": k}),
            ("spell-damage", Said("spell.upkeep.dm-takes", name=name, k=k),
             {"damage": k, "piece": Side.DM.value})]


def _zone_damage(board: Board, p: Piece, name: str, up: NoteDict) -> list[UpkeepLine]:
    """Plagued: every living creature in the bearer's zone."""
    out: list[UpkeepLine] = []
    n = up["zone_damage"]
    for q in board.in_zone(p.zone):
        if isinstance(q, Conjuration) or not board.is_living(q) \
                or board.has_trait(q, "Poison Immunity"):
            continue
        harm.take_damage(board, q, n)
        out.append(("spell-damage", Said("spell.upkeep.damage", name=name, who=Who.of(q), n=n),
                    {"damage": n, "piece": q.id}))
    return out


def _zone_heal(board: Board, p: Piece, name: str, up: NoteDict) -> list[UpkeepLine]:
    """Healing Madrigal: the bearer's side's living creatures in its zone."""
    out: list[UpkeepLine] = []
    for q in board.in_zone(p.zone):
        if q.side == p.side and not isinstance(q, Conjuration) and q.damage \
                and harm.can_heal(board, q):
            healed = harm.heal(board, q, up["zone_heal"])
            out.append(("spell-heal", Said("spell.upkeep.heals", name=name, who=Who.of(q),
                                           healed=healed), {"healed": healed, "piece": q.id}))
    return out


def _roll(board: Board, source: DiceSource, p: Piece, name: str,
          up: NoteDict) -> list[UpkeepLine]:
    """Lullaby: the effect die gives Stun or Daze."""
    who = Who.of(p)
    r = source.d12(Said("spell.roll.upkeep", name=name, who=who))
    cond = up["roll"]["high"] if r >= up["roll"]["min"] else up["roll"]["low"]
    if combat.condition_block(board, p, cond) is not None:
        return []
    put(board, AddMarkers(p.id, cond))
    return [("spell-condition", Said("spell.upkeep.marker", name=name, r=r, cond=cond, who=who),
             {"rolls": [r]})]


def _dissipate(board: Board, p: Piece, name: str, tokens: int) -> list[UpkeepLine]:
    """One Dissipate token off the enchantment ``name`` on ``p``; the last one destroys it."""
    who = Who.of(p)
    kept = p.extra.get(DISSIPATE_SPELLS)
    left = dict(kept) if isinstance(kept, dict) else {}
    n = int(left.get(name, tokens)) - 1
    if n > 0:
        left[name] = n
        put(board, Note(p.id, DISSIPATE_SPELLS, left))
        return [("dissipate", Said("spell.upkeep.dissipate", name=name, who=who, n=n), {})]
    put(board, Disenchant(p.id, name))
    left.pop(name, None)
    put(board, Note(p.id, DISSIPATE_SPELLS, left if left else DELETE))
    if dm_owns(board, p, name):
        put(board, Discard(DeckKind.ENCHANTMENT, name))
    return [("dissipate", Said("spell.upkeep.dissipated", name=name, who=who), {})]


def upkeep_effects(board: Board, source: DiceSource, p: Piece) -> list[UpkeepLine]:
    """What the enchantments on ``p`` do in its Upkeep (a note's ``upkeep``), and their Dissipate
    tokens: a list of (kind, line for the person, details) for :func:`solo.rules.upkeep.upkeep`."""
    out: list[UpkeepLine] = []
    for name in list(p.enchantments):
        card = board.cat.find(name)
        if card is None or not card.dm:
            continue
        up = card.dm.get("upkeep") or {}
        if up.get("damage"):
            out += _damage(board, p, name, up)
        if up.get("drain"):
            out += _drain(board, p, name, up)
        if up.get("transfer"):
            out += _transfer(board, p, name, up)
        if up.get("zone_damage"):
            out += _zone_damage(board, p, name, up)
        if up.get("zone_heal"):
            out += _zone_heal(board, p, name, up)
        if up.get("roll"):
            out += _roll(board, source, p, name, up)
        tokens = dissipate_tokens(card)
        if tokens is not None:
            out += _dissipate(board, p, name, tokens)
    shields = restrictions.forcefield_upkeep(board, p)
    if shields:  # (nearly never: no list made)
        out += [("reminder", line, {}) for line in shields]
    return out


def end_of_round(board: Board) -> list[tuple[str, Said]]:
    """Enchantments that last only this round (a note's ``ends = "round"``) are destroyed:
    (object id, line for the person) for :func:`solo.rules.upkeep.end_round`."""
    out: list[tuple[str, Said]] = []
    for p in board.pieces():
        for name in list(p.enchantments):
            card = board.cat.find(name)
            if card is not None and (card.dm or {}).get("ends") == "round":
                put(board, Disenchant(p.id, name))
                if dm_owns(board, p, name):
                    put(board, Discard(DeckKind.ENCHANTMENT, name))
                out.append((p.id, Said("spell.upkeep.ends", who=Who.of(p), name=name)))
    return out
