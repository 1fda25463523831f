"""The Dummy Mage's spells: where the solo rules place each enchantment, incantation and attack
spell it draws.

Each card's Dummy Mage note (scripts/notes/spells-*.toml, merged into decks/catalog.json as the
card's ``dm`` entry) says which placement criterion applies, what the target must be and when
the spell makes sense.  :func:`cast_spell` draws a card, follows its note to a target (or to a
:class:`~solo.rules.said.Refusal`: the reason the spell is discarded unused), and has
:mod:`solo.rules.spells` do what the spell does there.  What a note's words ask of a target is
in :mod:`solo.rules.spell_targets`; nothing here prints, prompts or words a sentence.
Interpretations of the rules are in docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from collections.abc import Sequence

from solo.cards.catalog import Card
from solo.core.kinds import DM, YM, DeckKind, Side
from solo.rules import combat, spell_reach
from solo.rules.board import Board, Conjuration, Piece
from solo.rules.decision import Decision, PlannedAttack, _taken, enemy_creatures, in_arena
from solo.rules.dice import DiceSource
from solo.rules.said import Refusal, Said, Who
from solo.rules.spell_targets import (MAGE_SCHOOLS, ROUND_SPELLS, SCHOOLS, NoteDict,
                                      adds_something, can_steal, control_block, effect_conditions,
                                      had_this_round, highest_life, immune_reason, in_spell_range,
                                      mage_block, meets_needs, meets_restrictions, spell_attack,
                                      spell_immunity, subtypes, targetable, zone_enchantments,
                                      zone_hits)
from solo.rules.spell_upkeep import end_of_round, upkeep_effects
from solo.rules.spells import (cast_arena, cast_attack, cast_on, cast_revive, discard_unused,
                               steal)

__all__ = [
    "spell_note", "CRITERIA", "cast_spell", "choose_target", "choose_attack_spell_target",
    "choose_enemy_creature", "choose_friendly_creature", "choose_enemy_zone",
    "choose_friendly_zone", "choose_trap_zone", "choose_arena", "choose_forward_zone",
    "choose_discarded", "summoning_zone", "Target",
    # the rules a choice asks, kept reachable from here (solo.automaton.actions passes them on)
    "ROUND_SPELLS", "SCHOOLS", "MAGE_SCHOOLS", "adds_something", "can_steal", "control_block",
    "effect_conditions", "had_this_round", "immune_reason", "in_spell_range", "mage_block",
    "meets_needs", "meets_restrictions", "spell_attack", "spell_immunity", "subtypes",
    "upkeep_effects", "end_of_round"]

#: Where a spell goes: an object, a zone (its name), every object it works on (a spell on the
#: whole arena), or a creature card in the Dummy Mage's discard pile (one that brings it back).
Target = Piece | str | list[Piece] | Card


def spell_note(card: Card) -> tuple[NoteDict, bool]:
    """The card's Dummy Mage annotation, or one inferred from its target line (flagged True).

    Every official Arena spell has a note (tests/rules/test_every_spell.py); the inference is kept for
    a catalog built without notes."""
    if card.dm:
        return card.dm, False
    target = (card.target or "").lower()
    restrictions = [r for r in ("Living", "Non-Mage", "Corporeal", "Non-Flying", "Nonliving")
                    if r.lower() in target.replace("non-living", "nonliving")]
    if "Non-Mage" in restrictions and "Living" in restrictions \
            and "living" not in target.replace("non-mage", ""):
        restrictions.remove("Living")
    if card.type == "Attack":
        return {"criterion": "attack"}, True
    if "zone" in target:
        return {"criterion": "enemy-zone", "restrictions": restrictions, "needs": []}, True
    if "friendly" in target or (not {"Curse"} & set(card.subtypes) and "living" in target):
        return {"criterion": "friendly-creature", "restrictions": restrictions, "needs": []}, True
    return {"criterion": "enemy-creature", "restrictions": restrictions, "needs": []}, True


#: The criteria a note may name (docs/rulings.md, "Every spell's placement").
CRITERIA: Final = ("enemy-creature", "friendly-creature", "enemy-zone", "friendly-zone",
                   "trap-zone", "forward-zone", "self", "enemy-mage", "arena", "discard", "attack")

#: What the Dummy Mage's turn is called for a spell of each deck.
_ACTIONS: Final = {DeckKind.ENCHANTMENT: "enchantment", DeckKind.INCANTATION: "incantation",
                   DeckKind.ATTACK: "attack-spell"}


def _refused(board: Board, note: NoteDict) -> Refusal | None:
    """Why the spell cannot be cast at all: the note says the Dummy Mage cannot use it, it is
    limited to other mages, or what it ``requires`` is not on the board."""
    if note.get("unusable"):
        return Refusal("spell.unusable", text=note["unusable"])
    blocked = mage_block(board, note)
    if blocked:
        return blocked
    for r in note.get("requires", []):
        if r == "friendly-creature" \
                and not any(in_arena(board, c) for c in board.side_creatures(DM)):
            return Refusal("spell.requires.friendly-creature")
    return None


def cast_spell(board: Board, source: DiceSource, deck: str) -> Decision:
    """Draw the top card of ``deck`` and cast it by the solo rules' placement criteria."""
    kind = _ACTIONS[DeckKind(deck)]
    if not board.decks[deck]:
        d = Decision("lose-turn", reason=Refusal("spell.deck-exhausted", deck=deck))
        d.instructions.append(Said("spell.deck-empty", deck=deck))
        return d
    name, drawn = board.draw(deck)
    card = board.cat.get(name)
    note, inferred = spell_note(card)
    d = Decision(kind, data={"card": card.name})
    d.instructions.append(_taken(deck, card.name, drawn))
    if inferred:
        d.data["inferred"] = True
        d.instructions.append(Said("spell.inferred", card=card.name))
    refused = _refused(board, note)
    if refused:
        return discard_unused(board, d, deck, card, refused)
    target = choose_target(board, source, card, note)
    if isinstance(target, Refusal):
        return discard_unused(board, d, deck, card, target)
    if target is None:
        return discard_unused(board, d, deck, card, Refusal("spell.out-of-range"))
    d = _cast(board, source, d, deck, card, note, target)
    if note.get("by_hand"):
        d.data["by_hand_text"] = note["by_hand"]
        d.instructions.append(Said("spell.by-hand", card=card.name, text=note["by_hand"]))
    return d


def choose_target(board: Board, source: DiceSource, card: Card,
                  note: NoteDict) -> Target | Refusal | None:
    """Where the spell goes by its note's criterion, or why it goes nowhere."""
    crit = note["criterion"]
    if crit == "attack":
        return choose_attack_spell_target(board, source, card)
    if crit == "enemy-zone":
        return choose_enemy_zone(board, source, card, note)
    if crit == "friendly-zone":
        return choose_friendly_zone(board, source, card, note)
    if crit == "trap-zone":
        return choose_trap_zone(board, source, card, note)
    if crit == "arena":
        return choose_arena(board, card, note)
    if crit == "forward-zone":
        return choose_forward_zone(board, source, card)
    if crit == "discard":
        return choose_discarded(board, card, note)
    if crit == "enemy-creature":
        return choose_enemy_creature(board, source, card, note)
    if crit == "self":
        return _only(board, [board.mages[DM]], card, note, Side.DM)
    if crit == "enemy-mage":
        return _only(board, [board.mages[YM]], card, note, Side.YM)
    return choose_friendly_creature(board, source, card, note)


def _cast(board: Board, source: DiceSource, d: Decision, deck: str, card: Card, note: NoteDict,
          target: Target) -> Decision:
    crit = note["criterion"]
    if crit == "attack":
        assert isinstance(target, (Piece, str))
        return _cast_attack(board, source, d, card, target)
    if crit == "discard":
        assert isinstance(target, Card)
        return cast_revive(board, d, deck, card, note, target.name)
    if crit == "arena":
        assert isinstance(target, list)
        return cast_arena(board, source, d, deck, card, note, target)
    assert isinstance(target, (Piece, str))
    if isinstance(target, Piece) and deck != DeckKind.ENCHANTMENT \
            and (note.get("effect") or {}).get("steal"):
        return _steal(board, source, d, deck, card, target)
    also = None
    if isinstance(target, str) and note.get("second_zone") == "any":  # Earthquake
        also = choose_second_zone(board, source, card, target, in_range=False, needed=False)
    return cast_on(board, source, d, deck, card, note, target, also)


def _steal(board: Board, source: DiceSource, d: Decision, deck: str, card: Card,
           target: Piece) -> Decision:
    """Steal Enchantment: take one of your enchantments that helps its bearer and that the Dummy
    Mage may control (:func:`~solo.rules.spell_targets.can_steal`) and put it on a Dummy Mage
    creature by rule iii (the enchantment's own note decides who may carry it)."""
    d.data["target"] = target.id
    options = []
    for name in target.enchantments:
        ench = board.cat.find(name)
        if ench is None or not can_steal(board, name):
            continue
        dest = choose_friendly_creature(board, source, ench, ench.dm)
        if isinstance(dest, Piece):
            options.append((name, dest))
    if not options:
        return discard_unused(board, d, deck, card,
                              Refusal("spell.nothing-to-steal", who=Who.of(target)))
    name, dest = options[0]
    return steal(board, d, deck, card, target, name, dest)


# -- objects -----------------------------------------------------------------------------------

def _candidates(board: Board, pieces: Sequence[Piece], card: Card, note: NoteDict,
                whose: str) -> list[Piece] | Refusal:
    """The pieces in range that the spell may target and where it makes sense, or the reason
    to discard it (``whose`` targets it speaks of: enemy, friendly, or a mage's side)."""
    needs = note.get("needs", [])
    # (what the note asks of every piece, read once, not for each piece)
    restrictions = note.get("restrictions", [])
    wants = [n for n in needs if n != "new"]
    control = (note.get("effect") or {}).get("control")
    fit = [p for p in pieces if in_spell_range(board, card.range, p.zone) and targetable(board, p)
           and meets_restrictions(board, p, restrictions) and meets_needs(board, p, wants)
           and not (control and control_block(board, p))]
    shielded = [p for p in fit if spell_immunity(board, p, card)]
    if fit and len(shielded) == len(fit):
        return Refusal("spell.all-immune", whose=whose, why=spell_immunity(board, fit[0], card))
    fit = [p for p in fit if p not in shielded]
    if effect_conditions(note) and not note.get("grants"):
        open_ = [p for p in fit if immune_reason(board, p, note) is None]
        if fit and not open_:
            return Refusal("spell.all-immune", whose=whose,
                           why=immune_reason(board, fit[0], note))
        fit = open_
    if "new" in needs or card.type == "Enchantment":
        options = [p for p in fit if adds_something(board, p, card)]
        if fit and not options:
            return Refusal("spell.all-have-it", whose=whose,
                           limit=bool((note.get("effect") or {}).get("limit")))
        fit = options
    return fit or Refusal("spell.no-target", whose=whose)


def _only(board: Board, pieces: list[Piece], card: Card, note: NoteDict,
          whose: Side) -> Piece | Refusal:
    options = _candidates(board, pieces, card, note, whose)
    if isinstance(options, Refusal):
        return Refusal("spell.not-a-target", whose=whose) \
            if options.code == "spell.no-target" else options
    return options[0]


def _enemy_pieces(board: Board, note: NoteDict) -> list[Piece]:
    """Your mage and creatures, and your conjurations when the note's ``targets`` is
    ``objects`` (walls included only for ``walls``)."""
    out: list[Piece] = list(enemy_creatures(board))
    if note.get("targets") in ("objects", "conjurations"):
        out += [c for c in board.conjurations if c.side == YM
                and (not board.is_wall(c) or note.get("walls"))]
    if note.get("targets") == "conjurations":
        out = [p for p in out if isinstance(p, Conjuration)]
    return out


def choose_enemy_creature(board: Board, source: DiceSource, card: Card,
                          note: NoteDict) -> Piece | Refusal:
    """Rule ii: the enemy (creature, or object when the note says so) with the highest
    remaining life in range."""
    options = _candidates(board, _enemy_pieces(board, note), card, note, "enemy")
    if isinstance(options, Refusal):
        return options
    if len(options) == 1:  # (no life to compare, no tie to name)
        return options[0]
    return highest_life(board, source, options, Said("spell.why.enemies", card=card.name))


def choose_friendly_creature(board: Board, source: DiceSource, card: Card,
                             note: NoteDict) -> Piece | Refusal:
    """Rule iii: the friendly creature with the lowest remaining life that shares a zone with
    an enemy; if none does, the lowest remaining life, ties going to the one closest to your
    mage, then at random.  The Dummy Mage itself is a friendly-creature target only when the
    note's ``targets`` is ``with-mage`` (a spell that helps a mage as well)."""
    ym = board.mages[YM]
    pool_all: list[Piece] = [c for c in board.side_creatures(DM) if in_arena(board, c)]
    if note.get("targets") == "with-mage":
        pool_all.append(board.mages[DM])
    options = _candidates(board, pool_all, card, note, "friendly")
    if isinstance(options, Refusal):
        return options
    enemy_zones = {e.zone for e in enemy_creatures(board)}
    engaged = [c for c in options if c.zone in enemy_zones]
    pool = engaged or options
    if len(pool) == 1:  # (no life or distance to compare, no tie to name)
        return pool[0]
    lives = [(c, board.remaining_life(c)) for c in pool]  # (each read once)
    low = min(life for _, life in lives)
    pool = [c for c, life in lives if life == low]
    if len(pool) == 1:
        return pool[0]
    far = [(c, board.distance(c.zone, ym.zone)) for c in pool]
    near = min(d for _, d in far)
    pool = [c for c, d in far if d == near]
    why = Said("spell.tie", why=Said("spell.why.friends", card=card.name))
    pick: Piece = source.choose(pool, why, [Who.of(c) for c in pool])
    return pick


# -- zones -------------------------------------------------------------------------------------

def _tie_zones(source: DiceSource, zones: list[str], card: Card) -> str:
    pick: str = source.choose(zones, Said("spell.tie", why=Said("spell.why.zones", card=card.name)))
    return pick


def _open_zones(board: Board, card: Card) -> list[str]:
    """The zones in the spell's range and Line of Sight, less those already holding this zone
    enchantment."""
    return [z for z in board.arena.zones() if in_spell_range(board, card.range, z)
            and not (card.type == "Enchantment" and card.name in zone_enchantments(board, z))]


def choose_enemy_zone(board: Board, source: DiceSource, card: Card,
                      note: NoteDict) -> str | Refusal:
    """Rule i: the zone in range holding the most enemies it affects (your mage counts); ties
    go to your mage's zone, then at random.  A spell that also affects the Dummy Mage's own
    creatures there (``affects = "all"``) counts them against it, and needs more enemies than
    friends."""
    ym = board.mages[YM]
    scored = []
    for z in _open_zones(board, card):
        enemies, friends = zone_hits(board, z, note)
        count = len(enemies) - (len(friends) if note.get("affects") == "all" else 0)
        if enemies and count > 0:
            scored.append((count, z == ym.zone, z))
    if not scored:
        return Refusal("spell.no-enemy-zone")
    best = max((c, y) for c, y, _ in scored)
    return _tie_zones(source, [z for c, y, z in scored if (c, y) == best], card)


def choose_friendly_zone(board: Board, source: DiceSource, card: Card,
                         note: NoteDict) -> str | Refusal:
    """A friendly zone spell (in the spirit of rule iii): the zone in range holding the most
    Dummy Mage creatures it helps (the Dummy Mage counts when the note's ``targets`` is
    ``with-mage``); ties go to a zone shared with an enemy, then the one closest to your mage,
    then at random."""
    ym, dm = board.mages[YM], board.mages[DM]
    scored = []
    for z in _open_zones(board, card):
        _, friends = zone_hits(board, z, note)
        count = len(friends)
        if note.get("targets") == "with-mage" and dm.zone == z \
                and meets_restrictions(board, dm, note.get("restrictions", [])) \
                and meets_needs(board, dm, note.get("needs", [])):
            count += 1
        if count:
            engaged = any(e.zone == z for e in enemy_creatures(board))
            scored.append((count, engaged, -board.distance(z, ym.zone), z))
    if not scored:
        return Refusal("spell.no-friendly-zone")
    best = max(s[:3] for s in scored)
    return _tie_zones(source, [s[3] for s in scored if s[:3] == best], card)


def choose_trap_zone(board: Board, source: DiceSource, card: Card,
                     note: NoteDict) -> str | Refusal:
    """A trap: a zone in range without an enemy it could catch (its restrictions, such as
    Non-Flying), next to at least one such enemy; the one closest to your mage, ties at
    random."""
    ym = board.mages[YM]
    restrictions = note.get("restrictions", [])
    prey = [e for e in enemy_creatures(board) if meets_restrictions(board, e, restrictions)]
    options = []
    for z in board.arena.zones():
        if not in_spell_range(board, card.range, z) or card.name in zone_enchantments(board, z):
            continue
        if any(e.zone == z for e in enemy_creatures(board)):
            continue
        if any(board.distance(e.zone, z) == 1 for e in prey):
            options.append(z)
    if not options:
        return Refusal("spell.no-trap-zone")
    near = min(board.distance(z, ym.zone) for z in options)
    return _tie_zones(source, [z for z in options if board.distance(z, ym.zone) == near], card)


#: Needs of a note that say whether a spell helps the Dummy Mage's own (a creature of its that
#: can still act this round), not which objects its effect reaches.
SENSE_ONLY: Final = ("can-act",)


def choose_arena(board: Board, card: Card, note: NoteDict) -> list[Piece] | Refusal:
    """An arena-wide spell: every Dummy Mage creature (``affects = "friendly"``) or every
    object (``affects = "all"``) it would change; it makes sense when at least one of the
    Dummy Mage's would change and, for ``all``, no more of yours than of its own."""
    every = [p for p in board.pieces() if in_arena(board, p) and not board.is_wall(p)]
    needs = note.get("needs", [])
    fits = [p for p in every if meets_restrictions(board, p, note.get("restrictions", []))
            and meets_needs(board, p, needs, card)]
    friends = [p for p in fits if p.side == DM]
    if note.get("affects") == "all":
        # Every object the card names is affected, yours too ("all zombie creatures in the
        # arena"); a need that only says whether it helps the Dummy Mage (one of its creatures
        # can still act) does not pick yours out.
        effect_needs = [n for n in needs if n not in SENSE_ONLY]
        enemies = [p for p in every if p.side == YM
                   and meets_restrictions(board, p, note.get("restrictions", []))
                   and meets_needs(board, p, effect_needs, card)]
        if not friends or len(enemies) > len(friends):
            return Refusal("spell.arena-helps-yours")
        reached = {p.id for p in [*friends, *enemies]}
        return [p for p in every if p.id in reached]
    if not friends:
        return Refusal("spell.arena-no-gain")
    return friends


def choose_forward_zone(board: Board, source: DiceSource, card: Card) -> str | Refusal:
    """A zone that serves the Dummy Mage from afar (Summoning Circle): the zone in range
    closest to your mage, if closer than the Dummy Mage's own zone; ties at random."""
    ym, dm = board.mages[YM], board.mages[DM]
    zones = [z for z in board.arena.zones() if in_spell_range(board, card.range, z)
             and card.name not in zone_enchantments(board, z)]
    if not zones:
        return Refusal("spell.no-free-zone")
    near = min(board.distance(z, ym.zone) for z in zones)
    if near >= board.distance(dm.zone, ym.zone):
        return Refusal("spell.no-closer-zone")
    return _tie_zones(source, [z for z in zones if board.distance(z, ym.zone) == near], card)


def summoning_zone(board: Board) -> str | None:
    """Where the Dummy Mage summons when it has cast Summoning Circle: the circle's zone (the one
    nearest your mage if there are several), else None (its own zone)."""
    enchanted = board.extra.get("zone_enchantments")
    if not enchanted:  # (mostly: no zone enchantment at all, nothing to look through)
        return None
    zones = [str(z) for z, names in enchanted.items() if "Summoning Circle" in names]
    if not zones:
        return None
    ym = board.mages[YM]
    return min(zones, key=lambda z: (board.distance(z, ym.zone), z))


# -- the discard pile --------------------------------------------------------------------------

def choose_discarded(board: Board, card: Card, note: NoteDict) -> Card | Refusal:
    """A creature from the Dummy Mage's creature discard pile (the destroyed ones), for a spell
    that brings one back: the one with the highest mana cost that meets the note's
    restrictions (Living, Non-Epic)."""
    pile = [n for n in board.discards.get(DeckKind.CREATURE, []) if board.cat.find(n) is not None]
    fits = []
    for name in pile:
        c = board.cat.get(name)
        rules = [r.lower() for r in note.get("restrictions", [])]
        if "living" in rules and any(t.lower() in ("nonliving", "incorporeal") for t in c.traits):
            continue
        if "non-epic" in rules and any(t.lower() == "epic" for t in c.traits):
            continue
        fits.append(c)
    if not fits:
        return Refusal("spell.no-revivable")
    return max(fits, key=lambda c: (c.mana, c.name))


# -- attack spells ------------------------------------------------------------------------------

def _spell_can_hit(board: Board, card: Card, p: Piece) -> bool:
    target = (card.target or "").lower()
    if "non-flying" in target and board.flying(p):
        return False
    note = card.dm or {}
    if not meets_restrictions(board, p, note.get("restrictions", [])):
        return False
    if not meets_needs(board, p, note.get("needs", []), card):  # Geyser: not-burning
        return False
    attack = spell_attack(card)
    if attack is not None and attack.damage_type \
            and combat.immune_to_damage_type(board, p, attack.damage_type):
        return False
    if attack is not None and combat.spared_by(board, p, attack.name) is not None:
        return False
    return in_spell_range(board, card.range, p.zone) and targetable(board, p)


def _yours(board: Board) -> list[Piece]:
    return [board.mages[YM], *board.side_creatures(YM)]


def _hittable(board: Board, card: Card, p: Piece) -> bool:
    """Whether the zone attack spell ``card`` would touch ``p``: not immune to its damage type,
    nor one its card spares (Tsunami: Flying creatures)."""
    attack = spell_attack(card)
    return attack is not None and not combat.immune_to_damage_type(board, p, attack.damage_type) \
        and combat.spared_by(board, p, attack.name) is None


def choose_attack_spell_target(board: Board, source: DiceSource,
                               card: Card) -> Piece | str | Refusal:
    """Your mage first when in range; else the closest of your creatures (ties: the highest
    remaining life, then at random).  A zone attack picks the zone in the same way, among the
    zones where it would touch one of yours (one immune to it does not count)."""
    attack = spell_attack(card)
    if attack is None:
        return Refusal("spell.no-attack")
    ym, dm = board.mages[YM], board.mages[DM]
    if attack.zone or "zone" in (card.target or "").lower():
        if in_spell_range(board, card.range, ym.zone) and _hittable(board, card, ym):
            return ym.zone
        in_range = {c.zone for c in board.side_creatures(YM) if in_arena(board, c)
                    and in_spell_range(board, card.range, c.zone) and _hittable(board, card, c)}
        if not in_range:
            return Refusal("spell.attack-out-of-range")
        near = min(board.distance(dm.zone, z) for z in in_range)
        zones = sorted(z for z in in_range if board.distance(dm.zone, z) == near)

        def crowd(z: str) -> int:
            return sum(1 for c in board.side_creatures(YM) if c.zone == z)
        most = max(crowd(z) for z in zones)
        return _tie_zones(source, [z for z in zones if crowd(z) == most], card)
    if _spell_can_hit(board, card, ym):
        return ym
    options = [c for c in board.side_creatures(YM)
               if in_arena(board, c) and _spell_can_hit(board, card, c)]
    if not options:
        return Refusal("spell.attack-out-of-range")
    near = min(board.distance(dm.zone, c.zone) for c in options)
    options = [c for c in options if board.distance(dm.zone, c.zone) == near]
    return highest_life(board, source, options, Said("spell.why.targets", card=card.name))


def _zone_score(board: Board, card: Card, zone: str, first: str) -> int:
    """What a second zone is worth to the Dummy Mage: the objects of yours the spell would touch
    there (an attack spell's targets; an incantation's creatures by its note, and your
    Corporeal conjurations for Earthquake's attack), and the walls of yours between it and
    ``first``, less its own creatures there it would touch."""
    walls = [w for w in spell_reach.walls_between(board, first, zone) if w.side == YM]
    if card.type != "Attack":
        enemies, friends = zone_hits(board, zone, card.dm or {})
        conjurations = [c for c in spell_reach.quake_targets(board, [zone]) if c.side == YM]
        return len(enemies) + len(conjurations) + len(walls) - len(friends)
    yours = [p for p in board.in_zone(zone) if p.side == YM and in_arena(board, p)
             and not board.is_wall(p) and _hittable(board, card, p)]
    own = [p for p in board.in_zone(zone) if p.side == DM and p.id != Side.DM
           and in_arena(board, p) and _hittable(board, card, p)]
    return len(yours) + len(walls) - len(own)


def choose_second_zone(board: Board, source: DiceSource, card: Card, zone: str, *,
                       in_range: bool, needed: bool) -> str | None:
    """The second of two adjacent zones (V'Tarrian Energy Wave, Earthquake): the one next to
    ``zone`` (in range and Line of Sight too, when ``in_range``) where the spell touches the
    most of yours less the Dummy Mage's own; ties go to your mage's zone, then at random.  A
    spell that may target one zone only (``needed`` False) takes none that gains nothing."""
    ym = board.mages[YM]
    scored = [(_zone_score(board, card, z, zone), z == ym.zone, z)
              for z in spell_reach.second_zone_options(board, card, zone, in_range)]
    if not needed:
        scored = [s for s in scored if s[0] > 0]
    if not scored:
        return None
    best = max(s[:2] for s in scored)
    return _tie_zones(source, [s[2] for s in scored if s[:2] == best], card)


def _cast_attack(board: Board, source: DiceSource, d: Decision, card: Card,
                 target: Piece | str) -> Decision:
    """An attack spell's second targets, when it has them: a Sweeping attack's, a different
    one in the same zone; Dragon's Breath's, one of yours a zone farther from the Dummy Mage,
    next to the first."""
    attack = spell_attack(card)
    assert attack is not None  # an attack spell without an attack is discarded before
    sweep = farther = None
    if isinstance(target, Piece):
        second = Said("spell.why.second", card=card.name)
        if attack.has("Sweeping"):  # a second, different target in the same zone
            others = [p for p in _yours(board) if p.id != target.id and p.zone == target.zone
                      and in_arena(board, p) and _spell_can_hit(board, card, p)]
            if others:
                sweep = highest_life(board, source, others, second)
        if (card.dm or {}).get("second_target") == "farther":  # Dragon's Breath
            dm = board.mages[DM]
            step = board.distance(dm.zone, target.zone) + 1
            zones = [z for z in board.arena.neighbours(target.zone)
                     if board.distance(dm.zone, z) == step]
            others = [p for p in _yours(board) if p.zone in zones and in_arena(board, p)
                      and _spell_can_hit(board, card, p)]
            if others:
                farther = highest_life(board, source, others, second)
    d = cast_attack(board, d, card, target, sweep, farther)
    if isinstance(target, str):
        _zone_reach(board, source, d, card, target)
    return d


def _zone_reach(board: Board, source: DiceSource, d: Decision, card: Card, zone: str) -> None:
    """A zone attack spell that reaches farther: Tsunami rolls on zone after zone; V'Tarrian
    Energy Wave strikes a second, adjacent zone and the walls between the two."""
    attack = spell_attack(card)
    assert attack is not None
    if spell_reach.rolls_on(card):
        spell_reach.plan_onward(board, source, d, card, zone)
    if (card.dm or {}).get("second_zone") == "in-range":
        other = choose_second_zone(board, source, card, zone, in_range=True, needed=True)
        if other is None:
            return
        d.attacks.append(PlannedAttack(Side.DM, attack, other, is_spell=True, zone=True,
                                       first=False))
        d.data["second_zone"] = other
        d.instructions.append(Said("spell.attack.second-zone", card=card.name, zone=other,
                                   hit=[Who.of(p) for p in board.in_zone(other)
                                        if p.id != Side.DM]))
        spell_reach.plan_walls(board, d, card, attack,
                               spell_reach.walls_between(board, zone, other))
