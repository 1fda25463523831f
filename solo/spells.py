"""The Dummy Mage's spells: where the solo rules place each enchantment, incantation and attack
spell it draws, and what casting it changes on the board.

Each card's Dummy Mage note (scripts/notes/spells-*.toml, merged into decks/catalog.json as the
card's ``dm`` entry) says which placement criterion applies, what the target must be, when the
spell makes sense, and what it does.  :func:`cast_spell` draws a card and follows its note;
nothing here prints or prompts.  Interpretations of the rules are in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from solo import combat
from solo.board import Board, Creature, Piece
from solo.catalog import Attack, Card, parse_trait
from solo.decision import Decision, PlannedAttack, _taken, enemy_creatures, in_arena
from solo.dice import DiceSource


def label(board: Board, p: Piece) -> str:
    """How instructions name an object: ``the Dummy Mage``, ``your Timber Wolf (ym-2)``."""
    return combat.label_of(board, p)


def spell_note(card: Card) -> tuple[dict, bool]:
    """The card's Dummy Mage annotation, or one inferred from its target line (flagged True)."""
    if card.dm:
        return card.dm, False
    target = (card.target or "").lower()
    restrictions = [r for r in ("Living", "Non-Mage", "Corporeal", "Non-Flying", "Nonliving")
                    if r.lower() in target.replace("non-living", "nonliving")]
    if "Non-Mage" in restrictions and "Living" in restrictions and "living" not in target.replace("non-mage", ""):
        restrictions.remove("Living")
    if card.type == "Attack":
        return {"criterion": "attack"}, True
    if "zone" in target:
        return {"criterion": "enemy-zone", "restrictions": restrictions, "needs": []}, True
    if "friendly" in target or (not {"Curse"} & set(card.subtypes) and "living" in target):
        return {"criterion": "friendly-creature", "restrictions": restrictions, "needs": []}, True
    return {"criterion": "enemy-creature", "restrictions": restrictions, "needs": []}, True


def meets_restrictions(board: Board, p: Piece, restrictions: list[str]) -> bool:
    for r in restrictions:
        key = r.lower()
        if key == "living" and not board.is_living(p):
            return False
        if key == "nonliving" and board.is_living(p):
            return False
        if key == "non-mage" and p.is_mage:
            return False
        if key == "corporeal" and not board.is_corporeal(p):
            return False
        if key == "non-flying" and board.flying(p):
            return False
    return True


def _is_dm_curse(board: Board, name: str) -> bool:
    card = board.cat.find(name)
    return bool(card and card.dm.get("criterion") == "enemy-creature")


def meets_needs(board: Board, p: Piece, needs: list[str], card: Card | None = None) -> bool:
    """Whether ``p`` is a target on which the spell makes sense (the ``needs`` of its note in
    scripts/notes/; ``new`` is checked only when ``card`` is given)."""
    attacks = board.attacks(p)
    for need in needs:
        if need == "new" and card is not None and not adds_something(board, p, card):
            return False
        if need == "melee" and not any(a.is_melee for a in attacks):
            return False
        if need == "attacks" and not any(a.is_melee or a.is_ranged for a in attacks):
            return False
        if need == "can-act":
            if board.stage in ("quickcast-3", "ready") or board.incapacitated(p):
                return False
            if isinstance(p, Creature) and not p.active:
                return False
        if need == "damaged" and p.damage <= 0:
            return False
        if need == "flying" and not board.flying(p):
            return False
        if need == "not-flying" and board.has_trait(p, "Flying"):
            return False
        if need == "movable" and board.has_trait(p, "Unmovable"):
            return False
        if need == "awake" and board.incapacitated(p):
            return False
        if need == "enchanted" and not any(not _is_dm_curse(board, e) for e in p.enchantments):
            return False
    return True


#: Where an object keeps the spells limited to one a round that were cast on it:
#: ``{"Battle Fury": round}``.
ROUND_SPELLS = "round_spells"


def had_this_round(board: Board, p: Piece, name: str) -> bool:
    """Whether the spell ``name`` was cast on ``p`` in the current round."""
    cast = p.extra.get(ROUND_SPELLS)
    return isinstance(cast, dict) and cast.get(name) == board.round


def _note_cast(board: Board, p: Piece, name: str) -> None:
    cast = p.extra.get(ROUND_SPELLS)
    if not isinstance(cast, dict):
        cast = p.extra[ROUND_SPELLS] = {}
    cast[name] = board.round


def adds_something(board: Board, p: Piece, card: Card) -> bool:
    """Whether casting ``card`` on ``p`` would change anything (the need ``new``).

    No, when ``p`` already carries the marker the spell places, or had the spell this round and
    the card allows one a round (``effect.limit = "round"``), or when everything it grants is
    already there: a trait without a number that ``p`` has (Flying), a melee trait without a
    number that every melee attack of ``p`` has (Unavoidable, from the card or from Falcon
    Precision or Perfect Strike).  Numbers add up (Melee +2, Life +4), so they always change
    something.
    """
    note = card.dm or {}
    effect = note.get("effect") or {}
    marker = effect.get("condition")
    if marker and p.conditions.get(marker, 0) > 0:
        return False
    if effect.get("limit") == "round" and had_this_round(board, p, card.name):
        return False
    grants = note.get("grants") or {}
    if not grants or any(grants.get(k) for k in ("life", "armor", "attack_dice")):
        return True
    if any(parse_trait(t)[1] is not None or not board.has_trait(p, t)
           for t in grants.get("traits", [])):
        return True
    if any(board.has_trait(p, t) for t in grants.get("lose", [])):
        return True
    melee = [a for a in board.attacks(p) if a.is_melee]
    for t in grants.get("melee_traits", []):
        if melee and parse_trait(t)[1] is not None:
            return True
        if any(t.lower() not in (x.lower() for x in combat.attack_traits(board, p, a)) for a in melee):
            return True
    return False


def in_spell_range(board: Board, card_range: tuple[int, int], zone: str) -> bool:
    dm = board.mages["dm"]
    dist = board.distance(dm.zone, zone)
    lo, hi = card_range
    if not lo <= dist <= hi:
        return False
    return board.geometry().line_of_sight(dm.zone, zone)


def _highest_life(board: Board, source: DiceSource, options: Sequence[Piece], why: str) -> Piece:
    best = max(board.remaining_life(p) for p in options)
    tied = [p for p in options if board.remaining_life(p) == best]
    return source.choose(tied, f"tie: {why}", [label(board, p) for p in tied])


def cast_spell(board: Board, source: DiceSource, deck: str) -> Decision:
    """Draw the top card of ``deck`` and cast it by the solo rules' placement criteria."""
    kind = {"enchantment": "enchantment", "incantation": "incantation", "attack": "attack-spell"}[deck]
    pile = board.decks[deck]
    if not pile:
        d = Decision("lose-turn", reason=f"the {deck} deck is exhausted, so the Dummy Mage loses this turn")
        d.instructions.append(f"The Dummy Mage's {deck} deck is empty: it loses this quickcast.")
        return d
    name, drawn = board.draw(deck)
    card = board.cat.get(name)
    note, inferred = spell_note(card)
    d = Decision(kind, data={"card": card.name})
    d.instructions.append(_taken(deck, card.name, drawn))
    if inferred:
        d.data["inferred"] = True
        d.instructions.append(f"({card.name} has no Dummy Mage note; its placement follows its "
                              "target line.)")
    if note["criterion"] == "attack":
        target = choose_attack_spell_target(board, source, card)
    elif note["criterion"] == "enemy-zone":
        target = choose_enemy_zone(board, source, card, note)
    elif note["criterion"] == "enemy-creature":
        target = choose_enemy_creature(board, source, card, note)
    else:
        target = choose_friendly_creature(board, source, card, note)
    if isinstance(target, str) and target.startswith("!"):
        return _discard(board, d, deck, card, target[1:])
    if target is None:
        return _discard(board, d, deck, card, "nothing it could target is in range")
    if note["criterion"] == "attack":
        return _cast_attack(board, source, d, card, target)
    return _cast_on(board, source, d, deck, card, note, target)


def _discard(board: Board, d: Decision, deck: str, card: Card, reason: str) -> Decision:
    board.discards[deck].append(card.name)
    d.data["discarded"] = True
    d.reason = reason
    d.instructions.append(f"Discard {card.name} unused: {reason}.")
    return d


def _candidates(board: Board, pieces: list, card: Card, note: dict, whose: str):
    """The pieces in range that the spell may target and where it makes sense, or the reason
    to discard it (a string starting with ``!``)."""
    needs = note.get("needs", [])
    fit = [p for p in pieces if in_spell_range(board, card.range, p.zone)
           and meets_restrictions(board, p, note.get("restrictions", []))
           and meets_needs(board, p, [n for n in needs if n != "new"])]
    if "new" in needs:
        options = [p for p in fit if adds_something(board, p, card)]
        if fit and not options:
            return (f"!every {whose} creature in range where it would work already has what it "
                    "gives" + (" or had it this round" if (card.dm.get("effect") or {}).get("limit")
                               else ""))
        fit = options
    return fit or f"!no {whose} creature in range where it would work"


def choose_enemy_creature(board: Board, source: DiceSource, card: Card, note: dict):
    options = _candidates(board, enemy_creatures(board), card, note, "enemy")
    if isinstance(options, str):
        return options
    return _highest_life(board, source, options, f"enemy creatures for {card.name}")


def choose_friendly_creature(board: Board, source: DiceSource, card: Card, note: dict):
    """Rule iii: the friendly creature with the lowest remaining life that shares a zone with
    an enemy; if none does, the lowest remaining life, ties going to the one closest to your
    mage, then at random.  The Dummy Mage itself is never a friendly-creature target."""
    ym = board.mages["ym"]
    options = _candidates(board, [c for c in board.side_creatures("dm") if in_arena(board, c)],
                          card, note, "friendly")
    if isinstance(options, str):
        return options
    enemy_zones = {e.zone for e in enemy_creatures(board)}
    engaged = [c for c in options if c.zone in enemy_zones]
    pool = engaged or options
    low = min(board.remaining_life(c) for c in pool)
    pool = [c for c in pool if board.remaining_life(c) == low]
    near = min(board.distance(c.zone, ym.zone) for c in pool)
    pool = [c for c in pool if board.distance(c.zone, ym.zone) == near]
    return source.choose(pool, f"tie: friendly creatures for {card.name}",
                         [label(board, c) for c in pool])


def choose_enemy_zone(board: Board, source: DiceSource, card: Card, note: dict):
    """Rule i: the zone in range holding the most enemies (your mage counts); ties go to your
    mage's zone, then at random."""
    enemies = enemy_creatures(board)
    ym = board.mages["ym"]
    scored = []
    for z in board.arena.zones():
        if not in_spell_range(board, card.range, z):
            continue
        count = sum(1 for e in enemies if e.zone == z
                    and meets_restrictions(board, e, note.get("restrictions", [])))
        if count:
            scored.append((count, z == ym.zone, z))
    if not scored:
        return "!no zone in range holds an enemy"
    best = max((c, y) for c, y, _ in scored)
    return source.choose([z for c, y, z in scored if (c, y) == best], f"tie: zones for {card.name}")


def _cast_on(board: Board, source: DiceSource, d: Decision, deck: str, card: Card, note: dict,
             target) -> Decision:
    if isinstance(target, str):  # a zone
        d.data["target"] = target
        if deck == "enchantment":
            board.extra.setdefault("zone_enchantments", {}).setdefault(target, []).append(card.name)
            d.instructions.append(f"Cast {card.name} face up on zone {target}.")
        else:
            board.discards[deck].append(card.name)
            d.instructions.append(f"Cast {card.name} on zone {target}, then discard it.")
        return d
    d.data["target"] = target.id
    who = label(board, target)
    if deck == "enchantment":
        target.enchantments.append(card.name)
        d.instructions.append(f"Cast {card.name} on {who} and reveal it at once (face up).")
        return d
    effect = note.get("effect", {})
    board.discards[deck].append(card.name)
    if effect.get("limit") == "round":
        _note_cast(board, target, card.name)
    if "condition" in effect:
        name = effect["condition"]
        target.conditions[name] = target.conditions.get(name, 0) + 1
        d.instructions.append(f"Cast {card.name} on {who}; mark it with a {name} reminder "
                              "(it lasts this round).")
    elif "heal" in effect:
        faces = source.attack_dice(effect["heal"], f"{card.name} healing")
        amount = sum(int(f[0]) for f in faces if f != "-")
        healed = combat.heal(board, target, amount)
        d.data["healed"] = healed
        d.data["faces"] = faces
        d.instructions.append(f"Cast {card.name} on {who}: rolled {' '.join(faces)} = {amount}; "
                              f"remove {healed} damage (it now has {target.damage}).")
    elif "banish" in effect:
        target.conditions["Banish"] = effect["banish"]
        d.instructions.append(f"Cast {card.name} on {who}: take it out of the arena and put "
                              f"{effect['banish']} Banish tokens on it; one comes off each Upkeep, "
                              f"and it returns to {target.zone} when the last one does.")
    elif effect.get("purge"):
        gone = list(target.enchantments)
        target.enchantments.clear()
        d.data["removed"] = gone
        d.instructions.append(f"Cast {card.name} on {who}: destroy every enchantment on it "
                              f"({', '.join(gone) or 'hidden ones too'}).")
    else:
        d.instructions.append(f"Cast {card.name} on {who}, then discard it.")
    return d


# -- attack spells ----------------------------------------------------------------------------

def spell_attack(card: Card) -> Attack | None:
    return card.attacks[0] if card.attacks else None


def _spell_can_hit(board: Board, card: Card, p: Piece) -> bool:
    target = (card.target or "").lower()
    if "non-flying" in target and board.flying(p):
        return False
    return in_spell_range(board, card.range, p.zone)


def choose_attack_spell_target(board: Board, source: DiceSource, card: Card):
    """Your mage first when in range; else the closest of your creatures (ties: the highest
    remaining life, then at random).  A zone attack picks the zone in the same way."""
    attack = spell_attack(card)
    if attack is None:
        return "!it has no attack"
    ym = board.mages["ym"]
    dm = board.mages["dm"]
    zone_attack = attack.zone or (card.target or "").lower() == "zone"
    if zone_attack:
        if in_spell_range(board, card.range, ym.zone):
            return ym.zone
        in_range = {c.zone for c in board.side_creatures("ym") if in_arena(board, c)
                    and in_spell_range(board, card.range, c.zone)}
        if not in_range:
            return "!neither your mage nor any of your creatures is in range"
        near = min(board.distance(dm.zone, z) for z in in_range)
        zones = sorted(z for z in in_range if board.distance(dm.zone, z) == near)
        most = max(sum(1 for c in board.side_creatures("ym") if c.zone == z) for z in zones)
        zones = [z for z in zones if sum(1 for c in board.side_creatures("ym") if c.zone == z) == most]
        return source.choose(zones, f"tie: zones for {card.name}")
    if _spell_can_hit(board, card, ym):
        return ym
    options = [c for c in board.side_creatures("ym") if in_arena(board, c) and _spell_can_hit(board, card, c)]
    if not options:
        return "!neither your mage nor any of your creatures is in range"
    near = min(board.distance(dm.zone, c.zone) for c in options)
    options = [c for c in options if board.distance(dm.zone, c.zone) == near]
    return _highest_life(board, source, options, f"targets for {card.name}")


def _cast_attack(board: Board, source: DiceSource, d: Decision, card: Card, target) -> Decision:
    attack = spell_attack(card)
    assert attack is not None  # an attack spell without an attack is discarded before
    board.discards["attack"].append(card.name)
    if isinstance(target, str):
        d.data["target"] = target
        d.attacks.append(PlannedAttack("dm", attack, target, is_spell=True, zone=True))
        hit = [label(board, p) for p in board.in_zone(target) if p.id != "dm"]
        d.instructions.append(f"Cast {card.name} on zone {target}: it attacks every object there "
                              f"except the Dummy Mage ({', '.join(hit) or 'nothing'}). "
                              f"{attack.dice} attack dice each.")
        return d
    d.data["target"] = target.id
    d.attacks.append(PlannedAttack("dm", attack, target.id, is_spell=True))
    d.instructions.append(f"Cast {card.name} at {label(board, target)} in {target.zone}: "
                          f"{attack.dice} attack dice.")
    return d
