"""The Dummy Mage's spells: where the solo rules place each enchantment, incantation and attack
spell it draws, and what casting it changes on the board.

Each card's Dummy Mage note (scripts/notes/spells-*.toml, merged into decks/catalog.json as the
card's ``dm`` entry) says which placement criterion applies, what the target must be, when the
spell makes sense, and what it does.  :func:`cast_spell` draws a card and follows its note;
nothing here prints or prompts.  Interpretations of the rules are in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from solo.rules import combat
from solo.rules import targeting
from solo.rules.board import SUMMONED, Board, Conjuration, Creature, Mage, Piece, set_zone_enchantments
from solo.cards.catalog import Attack, Card, parse_trait
from solo.rules.decision import Decision, PlannedAttack, _taken, enemy_creatures, in_arena
from solo.rules.dice import DiceSource
from solo.text import naming
from solo.rules import harm


def label(board: Board, p: Piece) -> str:
    """How instructions name an object: ``the Dummy Mage``, ``your Timber Wolf (ym-2)``."""
    return naming.label_of(board, p)


def spell_note(card: Card) -> tuple[dict, bool]:
    """The card's Dummy Mage annotation, or one inferred from its target line (flagged True).

    Every official Arena spell has a note (tests/test_spells_every.py); the inference is kept for
    a catalog built without notes."""
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


#: The magic schools; a note's ``mage_only`` naming one means "a mage trained in it".
SCHOOLS = ("Air", "Arcane", "Dark", "Earth", "Fire", "Holy", "Mind", "Nature", "War", "Water")
#: Trained schools the catalog's mage cards do not list.
MAGE_SCHOOLS = {"Paladin": ("Holy", "War")}


def mage_block(board: Board, note: dict) -> str | None:
    """Why the Dummy Mage may not cast a spell limited to some mages (``mage_only``), or None."""
    want = note.get("mage_only")
    if not want:
        return None
    card = board.card_of(board.mages["dm"])
    name = card.name if card else board.mages["dm"].card
    schools = {s for s, _ in card.schools} if card else set()
    schools.update(MAGE_SCHOOLS.get(name, ()))
    if want in SCHOOLS:
        ok = want in schools
        what = f"a mage trained in {want} magic"
    else:
        ok = want.lower() in name.lower()
        what = f"the {want}"
    return None if ok else f"only {what} can cast it, and the Dummy Mage is {name}"


def control_block(board: Board, p: Piece) -> str | None:
    """Why the Dummy Mage may not take control of ``p``: a creature restricted to another mage
    ("Arcane Mage Only", a note's ``mage_only``), as Mind Control's card ruling says; or None."""
    card = board.card_of(p)
    if card is None:
        return None
    want = card.dm.get("mage_only") or next(
        (t[: -len(" Only")] for t in card.traits if t.lower().endswith(" only")), None)
    if not want:
        return None
    school = want.strip().removesuffix(" Mage")  # "Holy Mage" is a mage trained in Holy
    return mage_block(board, {"mage_only": school if school in SCHOOLS else want.strip()})


def subtypes(board: Board, p: Piece) -> set[str]:
    card = board.card_of(p)
    return {s.lower() for s in card.subtypes} if card else set()


def meets_restrictions(board: Board, p: Piece, restrictions: list[str]) -> bool:
    """The target line's restrictions (scripts/notes/spells-shipped.toml lists the words): the
    fixed words below, ``Non-X`` for "neither subtype nor trait X", and any other word for a
    creature subtype the target must have (``Soldier``, ``Animal``)."""
    for r in restrictions:
        key = r.lower()
        if key == "living":
            ok = board.is_living(p)
        elif key == "nonliving":
            ok = not board.is_living(p)
        elif key == "non-mage":
            ok = not p.is_mage
        elif key == "mage":
            ok = p.is_mage
        elif key == "corporeal":
            ok = board.is_corporeal(p)
        elif key == "incorporeal":
            ok = not board.is_corporeal(p)
        elif key == "non-flying":
            ok = not board.flying(p)
        elif key == "creature":
            ok = not isinstance(p, Conjuration)
        elif key == "conjuration":
            ok = isinstance(p, Conjuration)
        elif key == "zombie":
            ok = "zombie" in subtypes(board, p) or p.has_condition("Zombie")
        elif key.startswith("non-"):
            word = key[4:]
            ok = word not in subtypes(board, p) and not board.has_trait(p, word)
        else:
            ok = key in subtypes(board, p)
        if not ok:
            return False
    return True


def _is_dm_curse(board: Board, name: str) -> bool:
    card = board.cat.find(name)
    return bool(card and card.dm.get("criterion") in ("enemy-creature", "enemy-zone"))


def _is_curse_on(board: Board, p: Piece, name: str) -> bool:
    """Whether the enchantment ``name`` on ``p`` works against it (a curse of the other side):
    on a Dummy Mage object, your curses; on yours, the Dummy Mage's."""
    return _is_dm_curse(board, name)


def effect_conditions(note: dict) -> list[str]:
    """The markers an incantation's effect places (``condition`` and ``conditions``)."""
    effect = note.get("effect") or {}
    out = list(effect.get("conditions", []))
    if effect.get("condition"):
        out.append(effect["condition"])
    return out


def _flying_trait(board: Board, p: Piece) -> bool:
    return board.has_trait(p, "Flying")


def meets_needs(board: Board, p: Piece, needs: list[str], card: Card | None = None) -> bool:
    """Whether ``p`` is a target on which the spell makes sense (the ``needs`` of its note in
    scripts/notes/; ``new`` is checked only when ``card`` is given)."""
    attacks = board.attacks(p)
    for need in needs:
        if need == "new" and card is not None and not adds_something(board, p, card):
            return False
        if need == "melee" and not any(a.is_melee for a in attacks):
            return False
        if need == "ranged" and not any(a.is_ranged for a in attacks):
            return False
        if need == "attacks" and not any(a.is_melee or a.is_ranged for a in attacks):
            return False
        if need == "can-act":
            if board.stage in ("quickcast-3", "ready") or board.incapacitated(p):
                return False
            if isinstance(p, Creature) and not p.active:
                return False
        if need == "inactive":
            if board.stage in ("quickcast-3", "ready") or not isinstance(p, Creature) or p.active:
                return False
        if need == "summoned" and p.extra.get(SUMMONED) != board.round:
            return False  # not one that has acted: one summoned this round (Rouse the Beast)
        if need == "damaged" and p.damage <= 0:
            return False
        if need == "flying" and not board.flying(p):
            return False
        if need == "not-flying" and _flying_trait(board, p):
            return False
        if need == "movable" and board.unmovable(p):  # the trait, or Stuck
            return False
        if need == "restrainable" and (board.has_trait(p, "Uncontainable")
                                       or board.has_trait(p, "Unmovable")):
            return False
        if need == "awake" and board.incapacitated(p):
            return False
        if need == "enchanted" and not any(not _is_dm_curse(board, e) for e in p.enchantments):
            return False
        if need == "cursed" and not any(_is_curse_on(board, p, e) for e in p.enchantments):
            return False
        if need == "burning" and not p.has_condition("Burn"):
            return False
        if need == "not-burning" and p.has_condition("Burn"):
            return False
        if need.startswith("has:") and not p.has_condition(*need[4:].split("|")):
            return False
        if need.startswith("lacks:") and p.has_condition(*need[6:].split("|")):
            return False
        if need == "not-guarding" and getattr(p, "guarding", False):
            return False
        if need == "engaged" and not _engaged(board, p):
            return False
        if need == "unengaged" and _engaged(board, p):
            return False
        if need == "channeling":
            c = board.card_of(p)
            if not (c and c.channeling):
                return False
        if need == "healable" and not harm.can_heal(board, p):
            return False
        if need.startswith("trait:") and not board.has_trait(p, need[6:]):
            return False
        if need == "armored" and board.armor(p) <= 0:
            return False
        if need == "done" and not (isinstance(p, Creature) and not p.active):
            return False
        if need == "crowded" and sum(1 for e in enemy_creatures(board, p.side) if e.zone == p.zone) < 2:
            return False
        if need == "stealable" and not any(can_steal(board, e) for e in p.enchantments):
            return False
        if need == "equipped" and not (isinstance(p, Mage) and p.equipment):
            return False
        if need == "near" and board.distance(p.zone, board.mages["dm"].zone) > 1:
            return False
    return True


def can_steal(board: Board, name: str) -> bool:
    """Whether Steal Enchantment lets the Dummy Mage take your enchantment ``name`` for one of
    its creatures: one that helps its bearer (its note's criterion is friendly-creature) and
    that the Dummy Mage may control (not a "... Only" card of another mage: the card ruling)."""
    ench = board.cat.find(name)
    note = (ench.dm or {}) if ench is not None else {}
    return note.get("criterion") == "friendly-creature" and mage_block(board, note) is None


def spell_immunity(board: Board, p: Piece, card: Card) -> str | None:
    """Why a Psychic or Poison spell cannot touch ``p`` (Psychic or Poison Immunity; a
    conjuration or Nonliving object for Poison), or None."""
    kinds = set(card.subtypes)
    if "Psychic" in kinds and (board.has_trait(p, "Psychic Immunity") or isinstance(p, Conjuration)):
        return "it has Psychic Immunity"
    if "Poison" in kinds and (board.has_trait(p, "Poison Immunity") or not board.is_living(p)):
        return "it has Poison Immunity"
    return None


def _engaged(board: Board, p: Piece) -> bool:
    """Whether an enemy of ``p`` (a creature or your mage) is in its zone."""
    return any(e.zone == p.zone for e in enemy_creatures(board, p.side))


def immune_reason(board: Board, p: Piece, note: dict) -> str | None:
    """Why every marker the spell places is kept off ``p`` (Burnproof, Psychic Immunity, ...),
    or None when at least one would land (or the spell places none)."""
    conds = effect_conditions(note)
    if not conds:
        return None
    reasons = [combat.condition_block(board, p, c) for c in conds]
    return reasons[0] if all(reasons) else None


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
    if card.type == "Enchantment" and card.name in p.enchantments:
        return False  # one copy of an enchantment per object
    marker = effect.get("condition")
    if marker and p.conditions.get(marker, 0) > 0 and not effect.get("stack"):
        return False
    if effect.get("remove") and "heal" not in effect and not p.has_condition(*effect["remove"]):
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
    for key, kind in (("melee_traits", "melee"), ("ranged_traits", "ranged")):
        own = [a for a in board.attacks(p) if (a.is_melee if kind == "melee" else a.is_ranged)]
        for t in grants.get(key, []):
            if own and parse_trait(t)[1] is not None:
                return True
            if any(t.lower() not in (x.lower() for x in combat.attack_traits(board, p, a)) for a in own):
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


#: The criteria a note may name (docs/rulings.md, "Every spell's placement").
CRITERIA = ("enemy-creature", "friendly-creature", "enemy-zone", "friendly-zone", "trap-zone",
            "forward-zone", "self", "enemy-mage", "arena", "discard", "attack")


def _requires(board: Board, note: dict) -> str | None:
    """A note's ``requires``: what the board must hold for the spell to work at all."""
    for r in note.get("requires", []):
        if r == "friendly-creature" and not any(in_arena(board, c) for c in board.side_creatures("dm")):
            return "the Dummy Mage has no creature in the arena for it to work with"
    return None


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
    if note.get("unusable"):
        return _discard(board, d, deck, card, note["unusable"])
    blocked = mage_block(board, note)
    if blocked:
        return _discard(board, d, deck, card, blocked)
    need = _requires(board, note)
    if need:
        return _discard(board, d, deck, card, need)
    crit = note["criterion"]
    target: object
    if crit == "attack":
        target = choose_attack_spell_target(board, source, card)
    elif crit == "enemy-zone":
        target = choose_enemy_zone(board, source, card, note)
    elif crit == "friendly-zone":
        target = choose_friendly_zone(board, source, card, note)
    elif crit == "trap-zone":
        target = choose_trap_zone(board, source, card, note)
    elif crit == "arena":
        target = choose_arena(board, card, note)
    elif crit == "forward-zone":
        target = choose_forward_zone(board, source, card)
    elif crit == "discard":
        target = choose_discarded(board, card, note)
    elif crit == "enemy-creature":
        target = choose_enemy_creature(board, source, card, note)
    elif crit == "self":
        target = _only(board, [board.mages["dm"]], card, note, "the Dummy Mage")
    elif crit == "enemy-mage":
        target = _only(board, [board.mages["ym"]], card, note, "your mage")
    else:
        target = choose_friendly_creature(board, source, card, note)
    if isinstance(target, str) and target.startswith("!"):
        return _discard(board, d, deck, card, target[1:])
    if target is None:
        return _discard(board, d, deck, card, "nothing it could target is in range")
    if crit == "attack":
        d = _cast_attack(board, source, d, card, target)
    elif crit == "discard":
        assert isinstance(target, str) and target.startswith("=")
        d = _cast_revive(board, d, deck, card, note, target[1:])
    elif crit == "arena":
        assert isinstance(target, list)
        d = _cast_arena(board, source, d, deck, card, note, target)
    else:
        d = _cast_on(board, source, d, deck, card, note, target)
    if note.get("by_hand"):
        d.data["by_hand_text"] = note["by_hand"]
        d.instructions.append(f"By hand ({card.name}): {note['by_hand']}")
    return d


def _discard(board: Board, d: Decision, deck: str, card: Card, reason: str) -> Decision:
    board.discards[deck].append(card.name)
    d.data["discarded"] = True
    d.reason = reason
    d.instructions.append(f"Discard {card.name} unused: {reason}.")
    return d


def _targetable(board: Board, p: Piece) -> bool:
    return targeting.can_target(board, board.mages["dm"].zone, p)


def _candidates(board: Board, pieces: list, card: Card, note: dict, whose: str):
    """The pieces in range that the spell may target and where it makes sense, or the reason
    to discard it (a string starting with ``!``)."""
    needs = note.get("needs", [])
    fit = [p for p in pieces if in_spell_range(board, card.range, p.zone) and _targetable(board, p)
           and meets_restrictions(board, p, note.get("restrictions", []))
           and meets_needs(board, p, [n for n in needs if n != "new"])
           and not ((note.get("effect") or {}).get("control") and control_block(board, p))]
    shielded = [p for p in fit if spell_immunity(board, p, card)]
    if fit and len(shielded) == len(fit):
        return f"!every {whose} target in range is immune to it ({spell_immunity(board, fit[0], card)})"
    fit = [p for p in fit if p not in shielded]
    if effect_conditions(note) and not note.get("grants"):
        open_ = [p for p in fit if immune_reason(board, p, note) is None]
        if fit and not open_:
            return f"!every {whose} target in range is immune to it ({immune_reason(board, fit[0], note)})"
        fit = open_
    if "new" in needs or card.type == "Enchantment":
        options = [p for p in fit if adds_something(board, p, card)]
        if fit and not options:
            return (f"!every {whose} target in range where it would work already has what it "
                    "gives" + (" or had it this round" if (note.get("effect") or {}).get("limit")
                               else ""))
        fit = options
    return fit or f"!no {whose} target in range where it would work"


def _only(board: Board, pieces: list, card: Card, note: dict, who: str):
    options = _candidates(board, pieces, card, note, who)
    if isinstance(options, str):
        return options.replace(f"no {who} target in range", f"{who} is not a target in range")
    return options[0]


def _enemy_pieces(board: Board, note: dict) -> list[Piece]:
    """Your mage and creatures, and your conjurations when the note's ``targets`` is
    ``objects`` (walls included only for ``walls``)."""
    out: list[Piece] = list(enemy_creatures(board))
    if note.get("targets") in ("objects", "conjurations"):
        out += [c for c in board.conjurations if c.side == "ym"
                and (not board.is_wall(c) or note.get("walls"))]
    if note.get("targets") == "conjurations":
        out = [p for p in out if isinstance(p, Conjuration)]
    return out


def choose_enemy_creature(board: Board, source: DiceSource, card: Card, note: dict):
    """Rule ii: the enemy (creature, or object when the note says so) with the highest
    remaining life in range."""
    options = _candidates(board, _enemy_pieces(board, note), card, note, "enemy")
    if isinstance(options, str):
        return options
    return _highest_life(board, source, options, f"enemy creatures for {card.name}")


def choose_friendly_creature(board: Board, source: DiceSource, card: Card, note: dict):
    """Rule iii: the friendly creature with the lowest remaining life that shares a zone with
    an enemy; if none does, the lowest remaining life, ties going to the one closest to your
    mage, then at random.  The Dummy Mage itself is a friendly-creature target only when the
    note's ``targets`` is ``with-mage`` (a spell that helps a mage as well)."""
    ym = board.mages["ym"]
    pool_all: list[Piece] = [c for c in board.side_creatures("dm") if in_arena(board, c)]
    if note.get("targets") == "with-mage":
        pool_all.append(board.mages["dm"])
    options = _candidates(board, pool_all, card, note, "friendly")
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


def _zone_hits(board: Board, zone: str, note: dict) -> tuple[list[Piece], list[Piece]]:
    """(enemies, friends) in ``zone`` that a zone spell would affect: creatures meeting its
    restrictions and needs (the Dummy Mage itself is never counted: it is the caster)."""
    hit = [p for p in board.in_zone(zone) if p.id != "dm" and not isinstance(p, Conjuration)
           and in_arena(board, p) and meets_restrictions(board, p, note.get("restrictions", []))
           and meets_needs(board, p, note.get("needs", []))]
    hit = [p for p in hit if immune_reason(board, p, note) is None]
    return [p for p in hit if p.side == "ym"], [p for p in hit if p.side == "dm"]


def _open_zones(board: Board, card: Card) -> list[str]:
    """The zones in the spell's range and Line of Sight, less those already holding this zone
    enchantment."""
    return [z for z in board.arena.zones() if in_spell_range(board, card.range, z)
            and not (card.type == "Enchantment" and card.name in _zone_enchantments(board, z))]


def choose_enemy_zone(board: Board, source: DiceSource, card: Card, note: dict):
    """Rule i: the zone in range holding the most enemies it affects (your mage counts); ties
    go to your mage's zone, then at random.  A spell that also affects the Dummy Mage's own
    creatures there (``affects = "all"``) counts them against it, and needs more enemies than
    friends."""
    ym = board.mages["ym"]
    scored = []
    for z in _open_zones(board, card):
        enemies, friends = _zone_hits(board, z, note)
        count = len(enemies) - (len(friends) if note.get("affects") == "all" else 0)
        if enemies and count > 0:
            scored.append((count, z == ym.zone, z))
    if not scored:
        return "!no zone in range holds an enemy it would affect"
    best = max((c, y) for c, y, _ in scored)
    return source.choose([z for c, y, z in scored if (c, y) == best], f"tie: zones for {card.name}")


def choose_friendly_zone(board: Board, source: DiceSource, card: Card, note: dict):
    """A friendly zone spell (in the spirit of rule iii): the zone in range holding the most
    Dummy Mage creatures it helps (the Dummy Mage counts when the note's ``targets`` is
    ``with-mage``); ties go to a zone shared with an enemy, then the one closest to your mage,
    then at random."""
    ym = board.mages["ym"]
    scored = []
    for z in _open_zones(board, card):
        _, friends = _zone_hits(board, z, note)
        count = len(friends)
        dm = board.mages["dm"]
        if note.get("targets") == "with-mage" and dm.zone == z \
                and meets_restrictions(board, dm, note.get("restrictions", [])) \
                and meets_needs(board, dm, note.get("needs", [])):
            count += 1
        if count:
            engaged = any(e.zone == z for e in enemy_creatures(board))
            scored.append((count, engaged, -board.distance(z, ym.zone), z))
    if not scored:
        return "!no zone in range holds a friendly creature it would help"
    best = max(s[:3] for s in scored)
    return source.choose([s[3] for s in scored if s[:3] == best], f"tie: zones for {card.name}")


def choose_trap_zone(board: Board, source: DiceSource, card: Card, note: dict):
    """A trap: a zone in range without an enemy it could catch (its restrictions, such as
    Non-Flying), next to at least one such enemy; the one closest to your mage, ties at
    random."""
    ym = board.mages["ym"]
    restrictions = note.get("restrictions", [])
    prey = [e for e in enemy_creatures(board) if meets_restrictions(board, e, restrictions)]
    options = []
    for z in board.arena.zones():
        if not in_spell_range(board, card.range, z) or card.name in _zone_enchantments(board, z):
            continue
        if any(e.zone == z for e in enemy_creatures(board)):
            continue
        if any(board.distance(e.zone, z) == 1 for e in prey):
            options.append(z)
    if not options:
        return "!no zone in range without enemies lies next to an enemy it could catch"
    near = min(board.distance(z, ym.zone) for z in options)
    return source.choose([z for z in options if board.distance(z, ym.zone) == near],
                         f"tie: zones for {card.name}")


def choose_arena(board: Board, card: Card, note: dict):
    """An arena-wide spell: every Dummy Mage creature (``affects = "friendly"``) or every
    object (``affects = "all"``) it would change; it makes sense when at least one of the
    Dummy Mage's would change and, for ``all``, no more of yours than of its own."""
    every = [p for p in board.pieces() if in_arena(board, p) and not board.is_wall(p)]
    fits = [p for p in every if meets_restrictions(board, p, note.get("restrictions", []))
            and meets_needs(board, p, note.get("needs", []), card)]
    friends = [p for p in fits if p.side == "dm"]
    if note.get("affects") == "all":
        enemies = [p for p in fits if p.side == "ym"]
        if not friends or len(enemies) > len(friends):
            return "!it would help none of the Dummy Mage's objects more than yours"
        return fits
    if not friends:
        return "!no Dummy Mage creature in the arena would gain anything from it"
    return friends


def choose_forward_zone(board: Board, source: DiceSource, card: Card):
    """A zone that serves the Dummy Mage from afar (Summoning Circle): the zone in range
    closest to your mage, if closer than the Dummy Mage's own zone; ties at random."""
    ym, dm = board.mages["ym"], board.mages["dm"]
    zones = [z for z in board.arena.zones() if in_spell_range(board, card.range, z)
             and card.name not in _zone_enchantments(board, z)]
    if not zones:
        return "!no zone in range is free of it"
    near = min(board.distance(z, ym.zone) for z in zones)
    if near >= board.distance(dm.zone, ym.zone):
        return "!no zone in range is closer to your mage than the Dummy Mage's own"
    return source.choose([z for z in zones if board.distance(z, ym.zone) == near],
                         f"tie: zones for {card.name}")


def _level(card: Card) -> int:
    return sum(lvl for _, lvl in card.schools)


def choose_discarded(board: Board, card: Card, note: dict):
    """A creature from the Dummy Mage's creature discard pile (the destroyed ones), for a spell
    that brings one back: the one with the highest mana cost that meets the note's
    restrictions (Living, Non-Epic); returned as ``"=Name"``."""
    pile = [n for n in board.discards.get("creature", []) if board.cat.find(n) is not None]
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
        return "!no creature in the Dummy Mage's discard pile can come back with it"
    best = max(fits, key=lambda c: (c.mana, c.name))
    return "=" + best.name


def _cast_revive(board: Board, d: Decision, deck: str, card: Card, note: dict, name: str) -> Decision:
    effect = note.get("effect") or {}
    board.discards[deck].append(card.name)
    board.discards["creature"].remove(name)
    revived = board.cat.get(name)
    dm = board.mages["dm"]
    c = board.add_creature(name, "dm", dm.zone, active=False)
    c.extra[SUMMONED] = board.round  # it enters play this round, as a summoned creature does
    d.data["target"] = c.id
    d.data["revived"] = name
    line = (f"Cast {card.name}: take {name} from the Dummy Mage's creature discard pile and put "
            f"it in {dm.zone} with the Dummy Mage, with an inactive action marker. Its id is {c.id}.")
    if effect.get("revive") == "zombie":
        slow = board.has_trait(c, "Slow")  # Slow already: the Zombie marker brings a Stun too
        c.damage = _level(revived)
        c.conditions["Zombie"] = 1
        line += f" Put {c.damage} damage and a Zombie marker on it."
        if slow:
            c.conditions["Stun"] = 1
            line += " It was Slow already, so put a Stun marker on it too."
    d.instructions.append(line)
    return d


def summoning_zone(board: Board) -> str | None:
    """Where the Dummy Mage summons when it has cast Summoning Circle: the circle's zone (the one
    nearest your mage if there are several), else None (its own zone)."""
    zones = [z for z, names in (board.extra.get("zone_enchantments") or {}).items()
             if "Summoning Circle" in names]
    if not zones:
        return None
    ym = board.mages["ym"]
    return min(zones, key=lambda z: (board.distance(z, ym.zone), z))


def _zone_enchantments(board: Board, zone: str) -> list[str]:
    return list((board.extra.get("zone_enchantments") or {}).get(zone, []))


# -- what a spell does ------------------------------------------------------------------------

def _place(board: Board, p: Piece, name: str) -> bool:
    if combat.condition_block(board, p, name):
        return False
    harm.gain(board, p, name)
    return True


def _dice_total(source: DiceSource, n: int, why: str) -> tuple[int, list[str]]:
    faces = source.attack_dice(n, why)
    return sum(int(f[0]) for f in faces if f != "-"), list(faces)


def _push(board: Board, source: DiceSource, d: Decision, p: Piece, why: str,
          compass: tuple[int, str] | None = None, through: bool = True) -> list[str]:
    """Push ``p`` one zone (a rolled direction unless ``compass`` gives one already rolled) as
    an attack's Push goes (:func:`solo.rules.combat.push_to`), resolved in full before any other
    push (Force Wave's and Repulse's card rulings): into the arena's edge or a Passage Blocked
    wall it stays and is Bashed; through a Passage Attacks wall it is attacked by the wall (the
    Dummy Mage pays Force Push's extra mana for it), unless the card never pushes ``through``
    one (then it stays); an Unmovable one (a Stuck one too) stays.  Where it ends goes in
    ``d.data["pushed"]``; returns the instruction fragments."""
    who, start = label(board, p), p.zone
    d.data.setdefault("pushed", {})[p.id] = start
    if board.unmovable(p):  # no compass to roll for it
        return [f"{who} is Unmovable and stays in {start}"]
    roll, direction = compass if compass is not None else source.compass(why)
    push = combat.push_to(board, p, roll, direction, through)
    p.zone = d.data["pushed"][p.id] = push.to
    out = [f"push {who} one zone {direction}: " +
           (f"from {start} to {p.zone}" if p.zone != start else f"it stays in {start}")]
    return out + _after_push(board, source, d, p, push)


def _after_push(board: Board, source: DiceSource, d: Decision, p: Piece,
                push: combat.Push) -> list[str]:
    """The Bash of a pushed creature that something stopped, or the attacks of the Passage
    Attacks walls it was pushed through, rolled and put on the board (kept in ``d.results``);
    returns the instruction fragments."""
    result = combat.resolve_push(board, p, push, source, "dm")
    if not result.strikes:
        return []
    d.results.append(result)
    who, out = label(board, p), []
    for s in result.strikes:
        if s.role == "bash":
            where = "the arena's edge" if push.blocked_by == "the arena edge" \
                else label(board, board.get(str(push.blocked_by)))
            what = f"{who} is Bashed against {where}"
        else:
            what = f"{label(board, board.get(str(s.attacker)))} attacks it with {s.attack} as " \
                   "it is pushed through"
        if s.avoided or s.immune:
            out.append(f"{what}: {'it avoids the attack' if s.avoided else 'it is immune'}")
            continue
        marks = "".join(f", put a {c} marker on it" for c in s.conditions)
        out.append(f"{what}: {s.dice} attack dice, rolled {' '.join(s.faces)}: "
                   f"{s.damage} damage{marks}")
    applied = combat.apply(board, result)
    if applied.destroyed:
        out.append(f"{who} is destroyed: remove it")
    if applied.defeated:
        d.data["defeated"] = sorted(set(d.data.get("defeated", []) + applied.defeated))
    return out


def _destroy_magic(board: Board, d: Decision, zone: str) -> list[str]:
    """Every enchantment in ``zone`` destroyed, the zone's and its objects', face up or down,
    the Dummy Mage's and yours; an object whose damage reaches its life without them is
    destroyed too (as after Dispel); returns the instruction fragments."""
    from solo.rules import yours

    gone = _zone_enchantments(board, zone)
    set_zone_enchantments(board, zone, [])
    up, down = yours.destroy_zone_enchantments(board, zone)
    gone += up
    dead = []
    for p in list(board.in_zone(zone)):
        gone += p.enchantments
        p.enchantments = []
        down += yours.destroy_hidden(board, p)
        who = label(board, p)
        if harm.destroy_if_dead(board, p, "dm"):  # its Life +X went with them
            dead.append(f"{who} now has damage equal to its life: it is destroyed, remove it")
    d.data["removed"] = gone
    listed = ", ".join(gone + ([naming.counted(down, "face-down one")] if down else []))
    return [f"destroy every enchantment in {zone} ({listed or 'hidden ones too'})", *dead]


def _reveal_against_healing(board: Board, d: Decision, p: Piece) -> list[str]:
    """Your face-down curse that stops healing (Poisoned Blood's Finite Life) on the object the
    Dummy Mage heals: revealed at the end of the Counter Spell step, so the spell heals nothing
    (its card ruling)."""
    from solo.rules import yours

    for name in yours.hidden_on(p):
        found = board.cat.find(name)
        if yours.stops_healing(found):
            yours.turn_up(board, p, name)
            d.data.setdefault("revealed", []).append(name)
            paid = f" and pay its {found.reveal_cost} mana" if found and found.reveal_cost else ""
            return [f"reveal your {name} on it{paid}: with Finite Life it heals "
                    "nothing"]
    return []


def _apply(board: Board, source: DiceSource, d: Decision, card: Card, note: dict, p: Piece,
           compass: tuple[int, str] | None = None) -> list[str]:
    """Apply an incantation's ``effect`` to one object; returns the instruction fragments."""
    effect = note.get("effect") or {}
    who = label(board, p)
    start_zone = p.zone
    out: list[str] = []
    _touch(d, p.id)
    if any(effect.get(k) for k in ("heal_caster", "drain", "move_damage", "caster_life")):
        _touch(d, "dm")
    if effect.get("limit") == "round":
        _note_cast(board, p, card.name)
    for cond in effect.get("remove", []):
        k = p.conditions.pop(cond, 0)
        if k:
            out.append(f"remove {naming.counted(k, cond + ' marker')} from {who}")
    for name in effect_conditions(note):
        if _place(board, p, name):
            out.append(f"put a {name} marker on {who}")
        else:
            out.append(f"{who} cannot gain {name} ({combat.condition_block(board, p, name)})")
    if "heal" in effect:
        out += _reveal_against_healing(board, d, p)
        amount, faces = _dice_total(source, effect["heal"], f"{card.name} healing for {who}")
        healed = harm.heal(board, p, amount)
        d.data.setdefault("healed", 0)
        d.data["healed"] += healed
        d.data["faces"] = faces
        out.append(f"{who} heals: rolled {' '.join(faces)} = {amount}; remove {healed} damage "
                   f"(it now has {p.damage})")
    if "heal_caster" in effect:
        dm = board.mages["dm"]
        amount, faces = _dice_total(source, effect["heal_caster"], f"{card.name} healing for the Dummy Mage")
        healed = harm.heal(board, dm, amount)
        out.append(f"the Dummy Mage heals: rolled {' '.join(faces)} = {amount}; remove {healed} damage")
    if "damage" in effect:
        amount, faces = _dice_total(source, effect["damage"], f"{card.name} damage to {who}")
        if effect.get("drain"):  # Drain Life deals no more than it takes to destroy the target
            amount = min(amount, max(0, board.remaining_life(p)))
        harm.take_damage(board, p, amount)
        d.data["damage"] = amount
        out.append(f"{who} takes {amount} direct damage (rolled {' '.join(faces)})")
        if effect.get("drain"):  # and heals no more than it dealt
            healed = harm.heal(board, board.mages["dm"], amount)
            out.append(f"the Dummy Mage heals {healed}")
        if harm.destroy_if_dead(board, p, "dm"):
            out.append(f"{who} is destroyed: remove it")
    if effect.get("move_damage"):  # Martyr's Restoration: damage moves to the caster
        moved = min(effect["move_damage"], p.damage)
        p.damage -= moved
        board.mages["dm"].damage += moved
        out.append(f"move {moved} damage from {who} to the Dummy Mage")
    if effect.get("banish"):
        p.conditions["Banish"] = effect["banish"]
        out.append(f"take {who} out of the arena and put {effect['banish']} Banish tokens on it; "
                   f"one comes off each Upkeep, and it returns to {p.zone} when the last one does")
    if effect.get("purge"):
        kind = effect["purge"]
        if kind is True:
            gone = list(p.enchantments)
        else:  # a subtype: only the other side's enchantments of that kind (Psychic, Poison)
            gone = [e for e in p.enchantments if _is_curse_on(board, p, e)
                    and kind in ((board.cat.find(e) or Card("", "")).subtypes)]
        for e in gone:
            p.enchantments.remove(e)
        d.data["removed"] = gone
        if kind is True:  # face down too: yours that solo keeps as hidden go with them
            from solo.rules import yours

            down = yours.destroy_hidden(board, p)
            gone = gone + ([naming.counted(down, "face-down one")] if down else [])
        out.append(f"destroy every enchantment on {who} ({', '.join(gone) or 'hidden ones too'})")
        if harm.destroy_if_dead(board, p, "dm"):  # its Life +X went with them
            out.append(f"{who} now has damage equal to its life: it is destroyed, remove it")
    if effect.get("dispel"):
        own = [e for e in p.enchantments if _is_curse_on(board, p, e) == (p.side == "dm")]
        pick = source.choose(own, f"{card.name}: which enchantment") if own else None
        if pick:
            p.enchantments.remove(pick)
            d.data["removed"] = [pick]
            out.append(f"destroy {pick} on {who}")
            if harm.destroy_if_dead(board, p, "dm"):  # its Life +X went with it
                out.append(f"{who} now has damage equal to its life: it is destroyed, remove it")
    # Cascading Force Wave (push_rest) never pushes through a Passage Attacks wall (its card).
    through = not effect.get("push_rest")
    if effect.get("push"):
        out += _push(board, source, d, p, f"{card.name} push direction", compass, through)
    if effect.get("push_rest") and effect.get("push"):  # Cascading Force Wave
        for q in [e for e in enemy_creatures(board) if e.zone == start_zone and e.id != p.id]:
            if board.unmovable(q) or not board.is_corporeal(q):
                continue
            _touch(d, q.id)
            out += _push(board, source, d, q, f"{card.name} push of {label(board, q)}",
                         through=through)
    if effect.get("push_slam") and d.data.get("pushed", {}).get(p.id) not in (None, start_zone) \
            and board.find(p.id) is not None:  # (a Passage Attacks wall may have destroyed it)
        if _place(board, p, "Slam"):
            out.append(f"put a Slam marker on {who}")
        # a second creature the spell may target there (Force Bash's card rulings)
        others = [e for e in enemy_creatures(board) if e.zone == p.zone and e.id != p.id
                  and combat.condition_block(board, e, "Slam") is None
                  and in_spell_range(board, card.range, e.zone) and _targetable(board, e)]
        if others:
            second = _highest_life(board, source, others, f"{card.name}: second target")
            mark = "Daze" if board.unmovable(second) else "Slam"  # Unmovable: Daze for Slam
            _place(board, second, mark)
            _touch(d, second.id)
            out.append(f"put a {mark} marker on {label(board, second)} too")
    if effect.get("roll_condition"):
        rc = effect["roll_condition"]
        r = source.d12(f"{card.name}: effect die for {who}")
        if r >= rc["min"] and _place(board, p, rc["condition"]):
            out.append(f"effect die {r} for {who}: put a {rc['condition']} marker on it")
        else:
            out.append(f"effect die {r} for {who}: no {rc['condition']}")
    if "reconstruct" in effect:
        amount, faces = _dice_total(source, effect["reconstruct"], f"{card.name} for {who}")
        fixed = min(amount, p.damage)
        p.damage -= fixed
        out.append(f"{who} reconstructs: rolled {' '.join(faces)} = {amount}; remove {fixed} damage")
    if "mana" in effect:
        amount, faces = _dice_total(source, effect["mana"], f"{card.name} mana")
        d.data["mana"] = amount
        out.append(f"rolled {' '.join(faces)} = {amount}: {who} loses {amount} mana (as much as "
                   "it has)")
    if effect.get("caster_life"):
        board.mages["dm"].life += effect["caster_life"]
        out.append(f"the Dummy Mage's life goes up by {effect['caster_life']} "
                   f"(to {board.mages['dm'].life})")
    if effect.get("control") and isinstance(p, Creature):
        p.side = "dm"
        p.active = False
        out.append(f"the Dummy Mage controls {p.card} ({p.id}) now: it acts as one of its "
                   "creatures, from the next Reset")
    if effect.get("guard") and isinstance(p, Creature):
        p.guarding = True
        out.append(f"put a guard marker on {who}")
    if effect.get("activate") and isinstance(p, Creature):
        p.active = True
        out.append(f"flip the action marker of {who} to its active side")
    if effect.get("teleport"):
        out.append(_teleport(board, card, p, effect["teleport"]))
    if effect.get("destroy_equipment") and isinstance(p, Mage) and p.equipment:
        # The piece your mage wears with the highest casting cost (X counts as 0); ties: the
        # one put on first.
        worn = max(p.equipment, key=lambda n: (_cast_cost(board, n), -p.equipment.index(n)))
        p.equipment.remove(worn)
        _touch(d, p.id)
        out.append(f"destroy {worn}, the equipment of {who} with the highest casting cost "
                   "(it goes to your discard pile)")
    if effect.get("attack"):
        attack = spell_attack(card)
        if attack is not None:
            if attack.dice == "X" and effect.get("attack") == "burns":
                n = 2 * int(d.data.get("burns", 0))
                attack = _with_dice(attack, n)
            d.attacks.append(PlannedAttack("dm", attack, p.id, is_spell=True))
            out.append(f"then {card.name} attacks {who} with {attack.name}: {attack.dice} attack dice")
    return out


def _cast_cost(board: Board, name: str) -> int:
    card = board.cat.find(name)
    return card.cost if card is not None and isinstance(card.cost, int) else 0


def _touch(d: Decision, ident: str) -> None:
    """Record in ``d.data["affected"]`` an object the spell changed (solo.engine.conformance reads it)."""
    seen = d.data.setdefault("affected", [])
    if ident not in seen:
        seen.append(ident)


def _with_dice(attack: Attack, n: int) -> Attack:
    from solo.core.records import replace
    return replace(attack, dice=n)


def _teleport(board: Board, card: Card, p: Piece, how: str) -> str:
    """Teleport a Dummy Mage creature: toward the enemy, to the zone nearest one of your objects
    that it may reach (``how`` is ``"1"``: one zone from where it stands; ``"range"``: any zone
    within the spell's range of the Dummy Mage), or ``"away"``: to the zone of the arena
    farthest from every enemy."""
    enemies = [e.zone for e in enemy_creatures(board)]

    def nearest(z: str) -> int:
        return min((board.distance(z, e) for e in enemies), default=0)
    if how == "1":
        zones = [p.zone, *board.arena.neighbours(p.zone)]
    elif how == "away":
        zones = board.arena.zones()
    else:
        zones = [z for z in board.arena.zones() if in_spell_range(board, card.range, z)]
    if how == "away":  # out of reach: the zone farthest from every enemy
        best = min(zones, key=lambda z: (-nearest(z), z))
    else:  # into the fight: the zone nearest an enemy
        best = min(zones, key=lambda z: (nearest(z), z))
    start, p.zone = p.zone, best
    line = f"teleport {label(board, p)} from {start} to {best}"
    if stuck := p.conditions.pop("Stuck", 0):  # the codex: a teleport destroys every Stuck
        line += f" and remove its {naming.counted(stuck, 'Stuck marker')} (a teleport frees it)"
    return line


def _cast_on(board: Board, source: DiceSource, d: Decision, deck: str, card: Card, note: dict,
             target) -> Decision:
    effect = note.get("effect") or {}
    if isinstance(target, str):  # a zone
        d.data["target"] = target
        if deck == "enchantment":
            set_zone_enchantments(board, target, [*_zone_enchantments(board, target), card.name])
            d.instructions.append(f"Cast {card.name} face up on zone {target}.")
            return d
        board.discards[deck].append(card.name)
        parts: list[str] = []
        enemies, friends = _zone_hits(board, target, note)
        hit = enemies + friends if note.get("affects") == "all" else \
            (friends if note["criterion"] == "friendly-zone" else enemies)
        if note["criterion"] == "friendly-zone" and note.get("targets") == "with-mage" \
                and board.mages["dm"].zone == target:
            hit.append(board.mages["dm"])
        same = None
        if effect.get("push") and effect.get("same_direction"):
            same = source.compass(f"{card.name} push direction")
        if effect.get("dispel_zone"):
            parts += _destroy_magic(board, d, target)
        for p in hit:
            parts += _apply(board, source, d, card, note, p, same)
        for p in hit:
            _touch(d, p.id)
        d.instructions.append(f"Cast {card.name} on zone {target}" +
                              (": " + "; ".join(parts) + "." if parts else ", then discard it."))
        return d
    d.data["target"] = target.id
    who = label(board, target)
    if deck == "enchantment":
        target.enchantments.append(card.name)
        d.instructions.append(f"Cast {card.name} on {who} and reveal it at once (face up).")
        for name in effect_conditions(note):
            if _place(board, target, name):
                d.instructions.append(f"Put a {name} marker on {who}.")
        rest = {k: v for k, v in effect.items() if k not in ("condition", "conditions")}
        if rest:
            parts = _apply(board, source, d, card, {"effect": rest}, target)
            if effect.get("then_destroy"):
                target.enchantments.remove(card.name)
                board.discards[deck].append(card.name)
                parts.append(f"then destroy {card.name}")
            d.instructions.append(naming.cap("; ".join(parts)) + ".")
        return d
    if effect.get("steal"):
        return _steal(board, source, d, deck, card, target)
    board.discards[deck].append(card.name)
    if effect.get("attack") == "burns":
        d.data["burns"] = target.conditions.get("Burn", 0)
    parts = _apply(board, source, d, card, note, target)
    d.data.pop("burns", None)  # only Combustion's attack needed it
    done = [target.id]
    for _ in range(int(effect.get("chain", 0))):
        last = board.find(done[-1]) or target
        nxt = [c for c in board.side_creatures("dm") if c.id not in done and in_arena(board, c)
               and board.distance(c.zone, last.zone) <= 1
               and meets_restrictions(board, c, note.get("restrictions", []))
               and meets_needs(board, c, note.get("needs", []))]
        if not nxt:
            break
        low = min(board.remaining_life(c) for c in nxt)
        pick = source.choose([c for c in nxt if board.remaining_life(c) == low],
                             f"{card.name}: next creature")
        done.append(pick.id)
        parts += _apply(board, source, d, card, note, pick)
    d.instructions.append(f"Cast {card.name} on {who}" +
                          (": " + "; ".join(parts) + "." if parts else ", then discard it."))
    return d


def _steal(board: Board, source: DiceSource, d: Decision, deck: str, card: Card,
           target: Piece) -> Decision:
    """Steal Enchantment: take one of your enchantments that helps its bearer and that the Dummy
    Mage may control (:func:`can_steal`) and put it on a Dummy Mage creature by rule iii (the
    enchantment's own note decides who may carry it)."""
    options = []
    for name in target.enchantments:
        ench = board.cat.find(name)
        if ench is None or not can_steal(board, name):
            continue
        dest = choose_friendly_creature(board, source, ench, ench.dm)
        if isinstance(dest, Piece):
            options.append((name, dest))
    if not options:
        return _discard(board, d, deck, card, f"no enchantment of {label(board, target)} could go "
                        "on a Dummy Mage creature where it would work")
    board.discards[deck].append(card.name)
    name, dest = options[0]
    target.enchantments.remove(name)
    dest.enchantments.append(name)
    d.data["moved"] = {"enchantment": name, "to": dest.id}
    _touch(d, target.id)
    _touch(d, dest.id)
    d.instructions.append(f"Cast {card.name}: move {name} from {label(board, target)} to "
                          f"{label(board, dest)}; the Dummy Mage controls it now.")
    return d


def _cast_arena(board: Board, source: DiceSource, d: Decision, deck: str, card: Card, note: dict,
                pieces: list[Piece]) -> Decision:
    board.discards[deck].append(card.name)
    d.data["target"] = "arena"
    parts: list[str] = []
    effect = note.get("effect") or {}
    heal_friends = effect.get("heal_friends")
    sub = {**note, "effect": {k: v for k, v in effect.items() if k != "heal_friends"}}
    for p in pieces:
        parts += _apply(board, source, d, card, sub, p)
    if heal_friends:
        for p in [board.mages["dm"], *board.side_creatures("dm")]:
            if in_arena(board, p) and p.damage and harm.can_heal(board, p):
                healed = harm.heal(board, p, heal_friends)
                _touch(d, p.id)
                parts.append(f"{label(board, p)} heals {healed}")
    for p in pieces:
        _touch(d, p.id)
    d.instructions.append(f"Cast {card.name} on the whole arena" +
                          (": " + "; ".join(parts) + "." if parts else "."))
    return d


# -- attack spells ----------------------------------------------------------------------------

def spell_attack(card: Card) -> Attack | None:
    return card.attacks[0] if card.attacks else None


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
    return in_spell_range(board, card.range, p.zone) and _targetable(board, p)


def choose_attack_spell_target(board: Board, source: DiceSource, card: Card):
    """Your mage first when in range; else the closest of your creatures (ties: the highest
    remaining life, then at random).  A zone attack picks the zone in the same way."""
    attack = spell_attack(card)
    if attack is None:
        return "!it has no attack"
    ym = board.mages["ym"]
    dm = board.mages["dm"]
    zone_attack = attack.zone or "zone" in (card.target or "").lower()
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
    plan = PlannedAttack("dm", attack, target.id, is_spell=True)
    line = f"Cast {card.name} at {label(board, target)} in {target.zone}: {attack.dice} attack dice."
    if attack.has("Sweeping"):  # a second, different target in the same zone
        others = [p for p in [board.mages["ym"], *board.side_creatures("ym")]
                  if p.id != target.id and p.zone == target.zone and in_arena(board, p)
                  and _spell_can_hit(board, card, p)]
        if others:
            second = _highest_life(board, source, others, f"second target for {card.name}")
            plan.sweep = second.id
            d.data["sweep"] = second.id
            line += f" It sweeps on to {label(board, second)}, rolled again."
    d.attacks.append(plan)
    d.instructions.append(line)
    if (card.dm or {}).get("second_target") == "farther":  # Dragon's Breath
        dm = board.mages["dm"]
        step = board.distance(dm.zone, target.zone) + 1
        zones = [z for z in board.arena.neighbours(target.zone) if board.distance(dm.zone, z) == step]
        others = [p for p in [board.mages["ym"], *board.side_creatures("ym")]
                  if p.zone in zones and in_arena(board, p) and _spell_can_hit(board, card, p)]
        if others:
            second = _highest_life(board, source, others, f"second target for {card.name}")
            d.attacks.append(PlannedAttack("dm", attack, second.id, is_spell=True, first=False))
            d.data["second_target"] = second.id
            d.instructions.append(f"{card.name} goes on to {label(board, second)} in "
                                  f"{second.zone}: {attack.dice} attack dice.")
    return d


# -- enchantments that act in the Upkeep or end with the round --------------------------------

def _dissipate(card: Card) -> int | None:
    for t in card.traits:
        name, value = parse_trait(t)
        if name.lower() == "dissipate" and value is not None:
            return int(value)
    return None


def upkeep_effects(board: Board, source: DiceSource, p: Piece) -> list[tuple[str, str, dict]]:
    """What the enchantments on ``p`` do in its Upkeep (a note's ``upkeep``), and their Dissipate
    tokens: a list of (kind, line for the person, details) for :func:`solo.rules.upkeep.upkeep`."""
    out: list[tuple[str, str, dict]] = []
    who = label(board, p)
    dm = board.mages["dm"]
    for name in list(p.enchantments):
        card = board.cat.find(name)
        if card is None or not card.dm:
            continue
        up = card.dm.get("upkeep") or {}
        if up.get("damage"):
            n = up["damage"]
            if n == "their-enchantments":  # Arcane Corruption: the bearer's side's own
                n = sum(1 for e in p.enchantments if not _is_curse_on(board, p, e))
            if n:
                harm.take_damage(board, p, n)
                out.append(("spell-damage", f"{name}: put {n} damage on {who}.", {"damage": n}))
        if up.get("drain"):  # Death Link: the Dummy Mage heals, the bearer takes as much
            healed = harm.heal(board, dm, up["drain"])
            if healed:
                harm.take_damage(board, p, healed)
            out.append(("spell-heal", f"{name}: the Dummy Mage heals {healed}.",
                        {"healed": healed, "piece": "dm"}))
            out.append(("spell-damage", f"{name}: put {healed} damage on {who}.", {"damage": healed}))
        if up.get("transfer"):  # Life Link: damage moves to the Dummy Mage while it can afford it
            room = board.remaining_life(dm) - board.remaining_life(p) - 1
            k = max(0, min(up["transfer"], p.damage, room))
            if k:
                p.damage -= k
                dm.damage += k
                out.append(("spell-heal", f"{name}: move {k} damage from {who} to the Dummy Mage.",
                            {"healed": k}))
                out.append(("spell-damage", f"{name}: the Dummy Mage takes the {k} damage.",
                            {"damage": k, "piece": "dm"}))
        if up.get("zone_damage"):  # Plagued: every living creature in the bearer's zone
            for q in board.in_zone(p.zone):
                if isinstance(q, Conjuration) or not board.is_living(q) \
                        or board.has_trait(q, "Poison Immunity"):
                    continue
                harm.take_damage(board, q, up["zone_damage"])
                out.append(("spell-damage", f"{name}: put {up['zone_damage']} damage on "
                            f"{label(board, q)}.", {"damage": up["zone_damage"], "piece": q.id}))
        if up.get("zone_heal"):  # Healing Madrigal: the bearer's side's living creatures there
            for q in board.in_zone(p.zone):
                if q.side == p.side and not isinstance(q, Conjuration) and q.damage \
                        and harm.can_heal(board, q):
                    healed = harm.heal(board, q, up["zone_heal"])
                    out.append(("spell-heal", f"{name}: {label(board, q)} heals {healed}.",
                                {"healed": healed, "piece": q.id}))
        if up.get("roll"):  # Lullaby: the effect die gives Stun or Daze
            r = source.d12(f"{name} on {who}")
            cond = up["roll"]["high"] if r >= up["roll"]["min"] else up["roll"]["low"]
            if combat.condition_block(board, p, cond) is None:
                p.conditions[cond] = p.conditions.get(cond, 0) + 1
                out.append(("spell-condition", f"{name}: effect die {r}: put a {cond} marker on "
                            f"{who}.", {"rolls": [r]}))
        tokens = _dissipate(card)
        if tokens is not None:
            left = p.extra.setdefault("dissipate_spells", {})
            n = int(left.get(name, tokens)) - 1
            if n <= 0:
                p.enchantments.remove(name)
                left.pop(name, None)
                if not left:
                    p.extra.pop("dissipate_spells", None)
                if _dm_owns(board, p, name):
                    board.discards["enchantment"].append(name)
                out.append(("dissipate", f"{name} on {who} loses its last Dissipate token: "
                            "destroy it.", {}))
            else:
                left[name] = n
                out.append(("dissipate", f"{name} on {who}: remove a Dissipate token ({n} left).", {}))
    return out


def _dm_owns(board: Board, p: Piece, name: str) -> bool:
    """Whether the enchantment ``name`` on ``p`` is the Dummy Mage's: its curses sit on your
    objects, its help on its own."""
    return (p.side == "ym") == _is_dm_curse(board, name)


def end_of_round(board: Board) -> list[tuple[str, str]]:
    """Enchantments that last only this round (a note's ``ends = "round"``) are destroyed:
    (object id, line for the person) for :func:`solo.rules.upkeep.end_round`."""
    out = []
    for p in board.pieces():
        for name in list(p.enchantments):
            card = board.cat.find(name)
            if card is not None and (card.dm or {}).get("ends") == "round":
                p.enchantments.remove(name)
                if _dm_owns(board, p, name):
                    board.discards["enchantment"].append(name)
                out.append((p.id, f"{naming.cap(label(board, p))}: {name} ends with the round; "
                                  "destroy it."))
    return out
