"""Every official Arena spell, by its Dummy Mage note (scripts/notes/spells-*.toml).

For each of the 193 enchantments, incantations and attack spells: (a) a board where it makes
sense -- the Dummy Mage casts it on the expected target and the board changes as the note says;
(b) a board where it does not -- it is discarded with a reason.  The boards are built from the
note (what its target must be and need), by hand from card facts, never by asking solo.automaton.spells
which target it would pick.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solo.text.render import line
from solo.rules import combat
from solo.automaton import spells
from solo.rules.board import Mage, Board, Creature, Piece, new_board
from solo.cards.catalog import Card, get_catalog, parse_trait
from solo.rules.dice import ScriptedSource, SeededSource
from solo.text.render import line as sentence, lines as sentences
from solo.rules.spell_targets import note_cast
from solo.text.render import lines
from worded import worded

ROOT = Path(__file__).resolve().parents[2]
DECK = {"Enchantment": "enchantment", "Incantation": "incantation", "Attack": "attack"}
CAT = get_catalog()
SPELLS = sorted(c.name for c in CAT.cards() if c.type in DECK)
#: A Dummy Mage for each ``mage_only`` value (the card says which mages may cast it).
MAGE_FOR = {"Dark": "Warlock", "Holy": "Priest", "Mind": "Forcemaster", "War": "Warlord",
            "Druid": "Druid", "Paladin": "Paladin", "Warlord": "Warlord",
            "Forcemaster": "Forcemaster"}
#: ... and one that may not.
NOT_MAGE_FOR = {"Dark": "Priest", "Holy": "Warlock", "Mind": "Warlock", "War": "Wizard",
                "Druid": "Beastmaster", "Paladin": "Priest", "Warlord": "Priest",
                "Forcemaster": "Warlock"}
DM_ZONE, FAR_ZONE = "A1", "D3"  # five zones apart
POISON_LIKE = ("Rot", "Weak", "Cripple", "Tainted")


def dice() -> ScriptedSource:
    """East on every compass roll, 5 on every effect die, the best face on every attack die."""
    return ScriptedSource(d12=[5] * 60, d6=[6] * 200, fallback=SeededSource(7))


def note_of(name: str) -> dict:
    return CAT.get(name).dm


# -- finding a creature card that fits a note ------------------------------------------------

def _traits(c: Card) -> list[str]:
    return [t.lower() for t in c.traits]


def _has(c: Card, trait: str) -> bool:
    t = trait.lower()
    return any(x == t or x.startswith(t + " ") for x in _traits(c))


def _fits(c: Card, card: Card, note: dict, want: dict) -> bool:
    """Whether creature card ``c`` meets the note's restrictions and the needs it can meet by
    itself (its traits and attacks); ``want`` adds the test's own wishes."""
    subs = {s.lower() for s in c.subtypes}
    living = not (_has(c, "Nonliving") or _has(c, "Incorporeal"))
    bad = ["Invisible", "Obscured", "Uncontainable", "Unmovable", "Finite Life", "Indestructible",
           "Aegis", "Elusive", "Fast", "Regenerate", "Counterstrike", "Defrost"]
    markers = spells.effect_conditions(note)
    if "Psychic" in card.subtypes or "Sleep" in markers:
        bad.append("Psychic Immunity")
    if "Poison" in card.subtypes or set(markers) & set(POISON_LIKE):
        bad.append("Poison Immunity")
    if "Burn" in markers or "burning" in note.get("needs", []):
        bad += ["Burnproof", "Flame Immunity"]
    if any(_has(c, b) for b in bad) or c.defenses:
        return False
    if not want.get("flying", False) and _has(c, "Flying"):
        return False
    if want.get("flying") and not _has(c, "Flying"):
        return False
    for r in note.get("restrictions", []):
        k = r.lower()
        ok = {"living": living, "nonliving": not living, "corporeal": not _has(c, "Incorporeal"),
              "incorporeal": _has(c, "Incorporeal"), "non-flying": not _has(c, "Flying"),
              "non-mage": True, "creature": True}.get(k)
        if ok is None:
            if k.startswith("non-"):
                ok = k[4:] not in subs and not _has(c, k[4:])
            elif k == "conjuration":
                ok = False
            else:
                ok = k in subs
        if not ok:
            return False
    undead = {"incorporeal", "nonliving", "skeleton", "zombie"}
    if not living and not undead & {r.lower() for r in note.get("restrictions", [])}:
        return False  # plain living creatures unless the note asks for the undead
    melee = [a for a in c.attacks if a.is_melee and isinstance(a.dice, int)]
    ranged = [a for a in c.attacks if a.is_ranged and isinstance(a.dice, int)]
    needs = note.get("needs", [])
    if ("melee" in needs or want.get("melee")) and not melee:
        return False
    if "ranged" in needs and not ranged:
        return False
    if "attacks" in needs and not (melee or ranged):
        return False
    if "armored" in needs and not (c.armor or 0) > 0:
        return False
    grants = note.get("grants") or {}
    for t in grants.get("traits", []):
        if parse_trait(t)[1] is None and _has(c, t):
            return False
    for t in grants.get("melee_traits", []):
        if any(_has_attack_trait(a, t) for a in melee):
            return False
    if (c.life or 0) < 4:
        return False
    return True


def _has_attack_trait(a, t: str) -> bool:
    return any(x.lower() == t.lower() or x.lower().startswith(t.lower().split()[0] + " ")
               for x in a.traits)


def creature_for(name: str, **want) -> str:
    card = CAT.get(name)
    note = dict(card.dm)
    if want.get("note"):
        note = want["note"]
    options = sorted(c.name for c in CAT.cards("Creature") if _fits(c, card, note, want))
    assert options, f"no creature card fits {name}'s note"
    return options[0]


# -- boards ----------------------------------------------------------------------------------

def board_for(name: str, dm_mage: str | None = None, ym_zone: str = FAR_ZONE,
              stage: str = "quickcast-1") -> Board:
    card = CAT.get(name)
    want = card.dm.get("mage_only")
    b = new_board(dm_mage or MAGE_FOR.get(want, "Warlock"), "Beastmaster", dm_zone=DM_ZONE,
                  ym_zone=ym_zone, decks={DECK[card.type]: [name]})
    b.stage = stage
    return b


def target_zone(card: Card) -> str:
    """A zone at the spell's shortest range from the Dummy Mage (A1): A1, or B1 one away."""
    return DM_ZONE if card.range[0] == 0 else "B1"


def prepare(b: Board, p: Piece, note: dict) -> None:
    """Put on ``p`` what the note's needs ask for (damage, markers, enchantments)."""
    for need in note.get("needs", []):
        if need == "damaged":
            p.damage = 2
        elif need == "burning":
            p.conditions["Burn"] = 1
        elif need.startswith("has:"):
            p.conditions[need[4:].split("|")[0]] = 1
        elif need == "enchanted":
            p.enchantments.append("Bear Strength" if p.side == "ym" else "Agony")
        elif need == "hidden":
            p.extra["hidden_enchantments"] = ["Bear Strength"]
        elif need in ("equipped", "armed") and isinstance(p, Mage):
            p.equipment = ["Leather Boots", "Dragonscale Hauberk"]
        elif need == "stealable":
            p.enchantments.append("Bull Endurance")
            b.add_creature("Timber Wolf", "dm", "A2")  # where the stolen enchantment goes
        elif need == "trait:Melee":
            p.traits.append("Melee +1")
        elif need in ("inactive", "done") and isinstance(p, Creature):
            p.active = False
            if "summoned" in note.get("needs", []):
                p.extra["summoned"] = b.round
        elif need in ("crowded", "engaged") and p.side == "ym":
            p.zone = DM_ZONE  # the Dummy Mage itself is the enemy there
        elif need == "crowded":
            for _ in range(2):
                b.add_creature("Timber Wolf", "ym", p.zone)
        elif need == "engaged":
            b.add_creature("Timber Wolf", "ym", p.zone)


def cast(b: Board, name: str, source=None):
    return worded(spells.cast_spell(b, source or dice(), DECK[CAT.get(name).type]))


def _by_criterion(criterion: str) -> list[str]:
    return [n for n in SPELLS if note_of(n).get("criterion") == criterion
            and not note_of(n).get("unusable")]


# -- every spell has a note ------------------------------------------------------------------

def test_there_are_193_spells_and_each_has_a_note():
    assert len(SPELLS) == 193
    assert [n for n in SPELLS if not note_of(n)] == []
    for n in SPELLS:
        note, inferred = spells.spell_note(CAT.get(n))
        assert not inferred and note["criterion"] in spells.CRITERIA, n


def test_the_catalog_matches_the_card_reference_spells():
    ref = ROOT.parent / "shared" / "reference" / "cards.json"
    if not ref.exists():
        pytest.skip("the shared card reference is not beside the repository")
    data = json.loads(ref.read_text(encoding="utf-8"))
    official = sorted(c["name"] for c in data["cards"] if c["type"] in DECK
                      and c.get("set_category") in ("arena-official", "arena-promo"))
    assert official == SPELLS


def test_each_card_name_has_a_note_in_one_file_only():
    import tomllib
    seen: dict[str, str] = {}
    for path in sorted((ROOT / "scripts" / "notes").glob("spells-*.toml")):
        for name in tomllib.loads(path.read_text(encoding="utf-8")):
            assert name not in seen, f"{name} in {seen.get(name)} and {path.name}"
            seen[name] = path.name
    assert sorted(seen) == SPELLS


def test_every_note_uses_only_known_words():
    known = {"criterion", "targets", "restrictions", "needs", "requires", "grants", "zone_grants",
             "effect", "by_hand", "mage_only", "unusable", "affects", "upkeep", "ends", "defense", "attacked_dice", "second_target",
             "plays", "jumps", "rolls_on", "second_zone", "immune"}
    effects = {"condition", "conditions", "heal", "heal_caster", "damage", "drain", "banish",
               "purge", "dispel", "dispel_zone", "push", "push_slam", "same_direction", "guard",
               "activate", "teleport", "attack", "remove", "once", "limit", "then_destroy",
               "roll_condition", "reconstruct", "mana", "caster_life", "move_damage", "chain",
               "steal", "revive", "heal_friends", "control", "stack", "push_rest",
               "destroy_equipment", "quake", "seek", "disarm"}
    for n in SPELLS:
        note = note_of(n)
        assert set(note) <= known, (n, set(note) - known)
        assert set(note.get("effect") or {}) <= effects, (n, note.get("effect"))
        if note.get("mage_only"):
            assert note["mage_only"] in MAGE_FOR, n


# -- spells that can never be used, and mage-only ones ----------------------------------------

UNUSABLE = [n for n in SPELLS if note_of(n).get("unusable")]


@pytest.mark.parametrize("name", UNUSABLE)
def test_an_unusable_spell_is_discarded_with_its_reason(name):
    b = board_for(name, ym_zone="B1")
    b.add_creature("Timber Wolf", "dm", DM_ZONE)
    b.add_creature("Timber Wolf", "ym", DM_ZONE)
    d = cast(b, name)
    assert d.data["discarded"] is True and sentence(d.reason) == note_of(name)["unusable"]
    assert b.discards[DECK[CAT.get(name).type]] == [name]


MAGE_ONLY = [n for n in SPELLS if note_of(n).get("mage_only") and not note_of(n).get("unusable")]


@pytest.mark.parametrize("name", MAGE_ONLY)
def test_a_mage_only_spell_is_discarded_by_the_wrong_mage(name):
    want = note_of(name)["mage_only"]
    b = board_for(name, dm_mage=NOT_MAGE_FOR[want], ym_zone="B1")
    d = cast(b, name)
    assert d.data["discarded"] is True and "only" in sentence(d.reason) and NOT_MAGE_FOR[want] in sentence(d.reason)


# -- attack spells ---------------------------------------------------------------------------

ATTACKS = _by_criterion("attack")


@pytest.mark.parametrize("name", ATTACKS)
def test_attack_spell_goes_at_your_mage_in_range(name):
    card = CAT.get(name)
    b = board_for(name, ym_zone=target_zone(card))
    d = cast(b, name)
    assert not d.data.get("discarded")
    attack = card.attacks[0]
    if attack.zone or "zone" in (card.target or "").lower():
        assert d.data["target"] == target_zone(card) and d.attacks[0].zone
    else:
        assert d.data["target"] == "ym" and d.attacks[0].target == "ym"
    assert d.attacks[0].attack.name == attack.name and d.attacks[0].is_spell
    assert b.discards["attack"] == [name]


@pytest.mark.parametrize("name", ATTACKS)
def test_attack_spell_goes_at_the_closest_creature_when_your_mage_is_out_of_range(name):
    card = CAT.get(name)
    b = board_for(name)  # your mage 5 zones away
    far = b.add_creature("Timber Wolf", "ym", "C1")  # 2 zones
    near = b.add_creature("Timber Wolf", "ym", target_zone(card))
    d = cast(b, name)
    if card.attacks[0].zone or "zone" in (card.target or "").lower():
        assert d.data["target"] == near.zone
    else:
        assert d.data["target"] == near.id != far.id


@pytest.mark.parametrize("name", ATTACKS)
def test_attack_spell_is_discarded_with_nothing_in_range(name):
    b = board_for(name)
    b.add_creature("Timber Wolf", "dm", DM_ZONE)  # its own creature is never a target
    d = cast(b, name)
    assert d.data["discarded"] is True and "range" in sentence(d.reason)
    assert d.attacks == []


def test_attack_spell_skips_a_target_immune_to_its_damage_type():
    b = board_for("Fireball", ym_zone=FAR_ZONE)
    immune = b.add_creature("Timber Wolf", "ym", "A2", traits=["Flame Immunity"])
    d = cast(b, "Fireball")
    assert d.data["discarded"] is True and immune.damage == 0


def test_non_flying_attack_spell_skips_flyers():
    b = board_for("Swell")
    b.add_creature("Darkfenne Bat", "ym", "A2")
    d = cast(b, "Swell")
    assert d.data["discarded"] is True


# -- creature spells: enemy and friendly -----------------------------------------------------

ENEMY = _by_criterion("enemy-creature")
FRIENDLY = _by_criterion("friendly-creature")


def _fresh_target(name: str, side: str, b: Board) -> Piece:
    card, note = CAT.get(name), note_of(name)
    wants = {"flying": "flying" in note.get("needs", [])}
    zone = target_zone(card)
    if note.get("targets") == "conjurations":
        raise AssertionError("no usable spell targets only conjurations")
    p = b.add_creature(creature_for(name, **wants), side, zone)
    if "near" in note.get("needs", []):
        p.zone = DM_ZONE
    prepare(b, p, note)
    for r in note.get("requires", []):
        if r == "friendly-creature":
            b.add_creature("Timber Wolf", "dm", "D1")
    return p


def _snapshot(b: Board, p: Piece) -> dict:
    return {"armor": b.armor(p), "life": b.life(p), "damage": p.damage, "zone": p.zone,
            "conditions": dict(p.conditions), "enchantments": list(p.enchantments),
            "equipment": list(getattr(p, "equipment", [])),
            "dm_damage": b.mages["dm"].damage, "dm_life": b.mages["dm"].life}


def check_effect(b: Board, d, name: str, p: Piece, before: dict) -> None:
    """The board shows what the note says the spell does."""
    card, note = CAT.get(name), note_of(name)
    effect = note.get("effect") or {}
    grants = note.get("grants") or {}
    gone = b.find(p.id) is None
    if card.type == "Enchantment":
        if effect.get("then_destroy"):
            assert name not in p.enchantments and name in b.discards["enchantment"]
        else:
            assert name in p.enchantments
    else:
        assert name in b.discards["incantation"]
    for t in grants.get("traits", []):
        if t in ("Restrained", "Incapacitated"):
            assert (b.restrained(p) if t == "Restrained" else b.incapacitated(p))
        assert b.has_trait(p, t), (name, t)
    for t in grants.get("lose", []):
        assert not b.has_trait(p, t), (name, t)
    if grants.get("armor"):
        assert b.armor(p) == max(0, before["armor"] + grants["armor"])
    if grants.get("life"):
        assert b.life(p) == before["life"] + grants["life"]
    for t in grants.get("melee_traits", []):
        melee = [a for a in b.attacks(p) if a.is_melee]
        assert melee and all(t in combat.attack_traits(b, p, a) for a in melee), (name, t)
    for t in grants.get("ranged_traits", []):
        ranged = [a for a in b.attacks(p) if a.is_ranged and not a.zone]
        assert ranged and all(t in combat.attack_traits(b, p, a) for a in ranged), (name, t)
    markers = spells.effect_conditions(note)
    for m in set(markers):
        assert p.conditions.get(m, 0) == before["conditions"].get(m, 0) + markers.count(m), (name, m)
    for m in effect.get("remove", []):
        if m not in markers:
            assert m not in p.conditions, (name, m)
    if "heal" in effect and card.type != "Enchantment" or effect.get("heal") and effect.get("then_destroy"):
        assert d.data["healed"] > 0 and p.damage == before["damage"] - min(before["damage"], d.data["healed"]) \
            or p.damage == 0
    if "damage" in effect:
        assert gone or p.damage == before["damage"] + d.data["damage"]
        assert d.data["damage"] > 0
        if effect.get("drain"):
            assert b.mages["dm"].damage <= before["dm_damage"]
    if effect.get("banish"):
        assert p.conditions["Banish"] == effect["banish"]
    if effect.get("purge") is True:
        assert p.enchantments == []
    if effect.get("dispel"):
        assert len(p.enchantments) == len(before["enchantments"]) - 1
    if effect.get("seek"):  # your face-down enchantment, destroyed
        assert not p.extra.get("hidden_enchantments")
    if effect.get("disarm"):
        assert p.extra.get("disabled_equipment") == ["Dragonscale Hauberk"]
    if effect.get("push"):
        assert d.data["pushed"][p.id] == p.zone != before["zone"]
    if effect.get("push_slam"):
        assert p.conditions.get("Slam") == 1
    if effect.get("guard"):
        assert p.guarding
    if effect.get("activate"):
        assert p.active
    if effect.get("teleport"):
        assert p.zone != before["zone"]
    if effect.get("attack"):
        assert d.attacks and d.attacks[0].target == p.id and d.attacks[0].is_spell
    if effect.get("move_damage"):
        assert p.damage == 0 and b.mages["dm"].damage == before["dm_damage"] + before["damage"]
    if effect.get("mana"):
        assert d.data["mana"] == 2 * effect["mana"]  # every die shows its best face
    if effect.get("caster_life"):
        assert b.mages["dm"].life == before["dm_life"] + effect["caster_life"]
    if effect.get("control"):
        assert p.side == "dm"
    if "reconstruct" in effect:
        assert p.damage < before["damage"]
    if effect.get("steal"):
        moved = d.data["moved"]
        assert moved["enchantment"] not in p.enchantments
        assert moved["enchantment"] in b.get(moved["to"]).enchantments and b.get(moved["to"]).side == "dm"
    if note.get("by_hand"):
        assert any(note["by_hand"] in line for line in sentences(d.instructions))
        assert d.data["by_hand_text"] == note["by_hand"]


@pytest.mark.parametrize("name", ENEMY)
def test_enemy_creature_spell_goes_on_your_creature_where_it_makes_sense(name):
    b = board_for(name)
    p = _fresh_target(name, "ym", b)
    before = _snapshot(b, p)
    d = cast(b, name)
    assert not d.data.get("discarded"), d.reason
    assert d.data["target"] == p.id
    check_effect(b, d, name, p, before)


@pytest.mark.parametrize("name", ENEMY)
def test_enemy_creature_spell_never_goes_on_the_dummy_mages_own(name):
    b = board_for(name)
    own = _fresh_target(name, "dm", b)
    before = _snapshot(b, own)
    d = cast(b, name)
    assert d.data["discarded"] is True and d.reason
    assert own.enchantments == before["enchantments"] and own.conditions == before["conditions"]


@pytest.mark.parametrize("name", FRIENDLY)
def test_friendly_creature_spell_goes_on_its_own_creature_where_it_makes_sense(name):
    b = board_for(name, stage="quickcast-3" if "done" in note_of(name).get("needs", []) else "quickcast-1")
    p = _fresh_target(name, "dm", b)
    before = _snapshot(b, p)
    d = cast(b, name)
    assert not d.data.get("discarded"), d.reason
    assert d.data["target"] == p.id
    check_effect(b, d, name, p, before)


@pytest.mark.parametrize("name", FRIENDLY)
def test_friendly_creature_spell_never_goes_on_yours(name):
    b = board_for(name, stage="quickcast-3" if "done" in note_of(name).get("needs", []) else "quickcast-1")
    yours = _fresh_target(name, "ym", b)
    before = _snapshot(b, yours)
    d = cast(b, name)
    assert d.data["discarded"] is True and d.reason
    assert yours.enchantments == before["enchantments"] and yours.damage == before["damage"]


#: A need and how to undo it on a prepared target (the spell must then be discarded).
UNDO = {
    "damaged": lambda b, p: setattr(p, "damage", 0),
    "burning": lambda b, p: p.conditions.pop("Burn", None),
    "not-burning": lambda b, p: p.conditions.__setitem__("Burn", 1),
    "enchanted": lambda b, p: p.enchantments.clear(),
    "stealable": lambda b, p: p.enchantments.clear(),
    "awake": lambda b, p: p.conditions.__setitem__("Stun", 1),
    "movable": lambda b, p: p.traits.append("Unmovable"),
    "restrainable": lambda b, p: p.traits.append("Uncontainable"),
    "can-act": lambda b, p: setattr(b, "stage", "quickcast-3"),
    "inactive": lambda b, p: setattr(p, "active", True),
    "done": lambda b, p: setattr(p, "active", True),
    "summoned": lambda b, p: p.extra.pop("summoned", None),  # inactive, having acted
    "not-guarding": lambda b, p: setattr(p, "guarding", True),
    "engaged": lambda b, p: [b.remove(c.id) for c in list(b.creatures)
                             if c.zone == p.zone and c.side != p.side],
    "unengaged": lambda b, p: b.add_creature("Timber Wolf", "ym" if p.side == "dm" else "dm", p.zone),
    "crowded": lambda b, p: [b.remove(c.id) for c in list(b.creatures)
                             if c.zone == p.zone and c.side != p.side],
    "healable": lambda b, p: p.traits.append("Finite Life"),
    "armored": lambda b, p: p.stats.__setitem__("armor", 0),
    "trait:Melee": lambda b, p: p.traits.clear(),
    "near": lambda b, p: setattr(p, "zone", "C1"),
    "flying": lambda b, p: p.conditions.__setitem__("Cripple", 1),
}


def _need_cases():
    out = []
    for n in ENEMY + FRIENDLY:
        for need in note_of(n).get("needs", []):
            if need in UNDO or need.startswith("has:"):
                out.append((n, need))
    return out


@pytest.mark.parametrize("name,need", _need_cases())
def test_spell_is_discarded_when_its_target_lacks_what_it_needs(name, need):
    side = "ym" if note_of(name)["criterion"] == "enemy-creature" else "dm"
    stage = "quickcast-3" if "done" in note_of(name).get("needs", []) else "quickcast-1"
    b = board_for(name, stage=stage)
    p = _fresh_target(name, side, b)
    if need.startswith("has:"):
        p.conditions.clear()
    else:
        UNDO[need](b, p)
    before = _snapshot(b, p)
    d = cast(b, name)
    assert d.data["discarded"] is True and d.reason, (name, need)
    assert p.enchantments == before["enchantments"] and p.conditions == before["conditions"]


NEW = [n for n in ENEMY + FRIENDLY
       if ("new" in note_of(n).get("needs", []) or CAT.get(n).type == "Enchantment")
       and not (note_of(n).get("effect") or {}).get("then_destroy")]


@pytest.mark.parametrize("name", NEW)
def test_spell_is_discarded_when_its_target_already_has_it(name):
    side = "ym" if note_of(name)["criterion"] == "enemy-creature" else "dm"
    b = board_for(name)
    p = _fresh_target(name, side, b)
    card = CAT.get(name)
    if card.type == "Enchantment":
        p.enchantments.append(name)
    else:
        marker = (note_of(name).get("effect") or {}).get("condition")
        if marker:
            p.conditions[marker] = 1
        else:
            note_cast(b, p, name)
    d = cast(b, name)
    assert d.data["discarded"] is True and d.reason
    assert p.enchantments.count(name) <= 1 and all(n <= 1 for n in p.conditions.values())


@pytest.mark.parametrize("name,immunity", [
    ("Ignite", "Burnproof"), ("Sleep", "Psychic Immunity"), ("Lullaby", "Psychic Immunity"),
    ("Poisoned Blood", "Poison Immunity"), ("Ghoul Rot", "Poison Immunity"),
    ("Drain Soul", "Poison Immunity"), ("Pacify", "Psychic Immunity"),
    ("Confusion", "Psychic Immunity"), ("Charm", "Psychic Immunity"),
    ("Chant of Rage", "Psychic Immunity"), ("Song of Love", "Psychic Immunity"),
    ("Mind Control", "Psychic Immunity"),
])
def test_spell_is_discarded_when_its_only_target_is_immune(name, immunity):
    b = board_for(name)
    p = _fresh_target(name, "ym", b)
    p.traits.append(immunity)
    d = cast(b, name)
    assert d.data["discarded"] is True and "immun" in sentence(d.reason).lower()
    assert name not in p.enchantments


def test_knockdown_needs_a_target_that_can_be_knocked_down():
    b = board_for("Knockdown")
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE, traits=["Unmovable"])
    d = cast(b, "Knockdown")
    assert d.data["discarded"] is True and p.conditions == {}


# -- the Dummy Mage itself, your mage ----------------------------------------------------------

SELF = _by_criterion("self")
ENEMY_MAGE = _by_criterion("enemy-mage")


@pytest.mark.parametrize("name", SELF)
def test_spell_on_the_dummy_mage_itself(name):
    b = board_for(name)
    dm = b.mages["dm"]
    before = _snapshot(b, dm)
    d = cast(b, name)
    assert d.data["target"] == "dm"
    check_effect(b, d, name, dm, before)
    # a second copy adds nothing
    b.decks["enchantment"] = [name]
    d = cast(b, name)
    assert d.data["discarded"] is True and "already" in sentence(d.reason)
    assert dm.enchantments.count(name) == 1


def test_barkskin_gives_the_druid_armor_and_regenerate():
    b = board_for("Barkskin")
    cast(b, "Barkskin")
    assert b.armor(b.mages["dm"]) == 2 and b.regenerate(b.mages["dm"]) == 2


def test_an_aura_reaches_the_dummy_mages_creatures_in_its_zone_only():
    b = board_for("Vengeful Aura")
    near = b.add_creature("Timber Wolf", "dm", DM_ZONE)
    far = b.add_creature("Timber Wolf", "dm", "C1")
    yours = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    cast(b, "Vengeful Aura")
    assert b.has_trait(near, "Melee +1") and not b.has_trait(far, "Melee +1")
    assert not b.has_trait(yours, "Melee +1")
    bite = [a for a in b.attacks(near) if a.is_melee][0]
    assert "Piercing +2" in combat.attack_traits(b, near, bite)


def test_resolute_aura_gives_armor_to_the_others_only():
    b = board_for("Resolute Aura")
    wolf = b.add_creature("Timber Wolf", "dm", DM_ZONE)
    before = b.armor(wolf)
    cast(b, "Resolute Aura")
    assert b.armor(wolf) == before + 2 and b.armor(b.mages["dm"]) == 0
    assert b.has_trait(wolf, "Tough") and b.has_trait(b.mages["dm"], "Tough")


def test_standard_bearer_helps_the_other_creatures_of_its_zone():
    b = board_for("Standard Bearer")
    bearer = b.add_creature(creature_for("Standard Bearer"), "dm", DM_ZONE)
    other = b.add_creature("Timber Wolf", "dm", DM_ZONE)
    before = b.armor(other)
    d = cast(b, "Standard Bearer")
    assert d.data["target"] == bearer.id
    assert b.armor(other) == before + 1 and b.has_trait(other, "Melee +1")
    assert not b.has_trait(bearer, "Melee +1")


@pytest.mark.parametrize("name", ENEMY_MAGE)
def test_spell_on_your_mage_in_range(name):
    b = board_for(name, ym_zone="B1")
    ym = b.mages["ym"]
    prepare(b, ym, note_of(name))
    before = _snapshot(b, ym)
    d = cast(b, name)
    assert d.data["target"] == "ym"
    check_effect(b, d, name, ym, before)
    if (note_of(name).get("effect") or {}).get("destroy_equipment"):
        assert len(ym.equipment) == len(before["equipment"]) - 1


@pytest.mark.parametrize("name", ENEMY_MAGE)
def test_spell_on_your_mage_is_discarded_out_of_range(name):
    b = board_for(name)  # five zones away
    d = cast(b, name)
    assert d.data["discarded"] is True and "your mage" in sentence(d.reason)


# -- zones -----------------------------------------------------------------------------------

ENEMY_ZONE = _by_criterion("enemy-zone")
FRIENDLY_ZONE = _by_criterion("friendly-zone")
TRAPS = _by_criterion("trap-zone")


def _zone_target(name: str, side: str, b: Board) -> Piece:
    note = note_of(name)
    p = b.add_creature(creature_for(name), side, target_zone(CAT.get(name)))
    prepare(b, p, note)
    return p


@pytest.mark.parametrize("name", ENEMY_ZONE)
def test_enemy_zone_spell_goes_where_your_creatures_are(name):
    card = CAT.get(name)
    b = board_for(name)
    p = _zone_target(name, "ym", b)
    before = _snapshot(b, p)
    d = cast(b, name)
    assert d.data["target"] == before["zone"]
    if card.type == "Enchantment":
        assert name in b.extra["zone_enchantments"][before["zone"]]
    else:
        assert p.id in d.data["affected"]
        effect = note_of(name).get("effect") or {}
        if effect.get("dispel_zone"):
            assert p.enchantments == []
        if effect.get("push"):
            assert p.zone != before["zone"]
        for m in spells.effect_conditions(note_of(name)):
            assert p.conditions.get(m) == 1
        if effect.get("roll_condition"):
            assert p.conditions.get(effect["roll_condition"]["condition"]) == 1  # the die shows 5
    if note_of(name).get("by_hand"):
        assert d.data.get("by_hand_text") == note_of(name).get("by_hand")  # only Teleport Trap has one


@pytest.mark.parametrize("name", ENEMY_ZONE)
def test_enemy_zone_spell_is_discarded_where_only_its_own_creatures_are(name):
    b = board_for(name)
    own = _zone_target(name, "dm", b)
    before = _snapshot(b, own)
    d = cast(b, name)
    assert d.data["discarded"] is True and "enemy" in sentence(d.reason)
    assert own.zone == before["zone"] and own.conditions == before["conditions"]


def test_a_zone_spell_that_hits_everyone_needs_more_enemies_than_friends():
    b = board_for("Mass Sleep")
    b.add_creature("Timber Wolf", "ym", DM_ZONE)
    mine = b.add_creature("Timber Wolf", "dm", DM_ZONE)
    d = cast(b, "Mass Sleep")
    assert d.data["discarded"] is True and mine.conditions == {}


@pytest.mark.parametrize("name", FRIENDLY_ZONE)
def test_friendly_zone_spell_goes_where_its_creatures_are(name):
    b = board_for(name)
    p = b.add_creature(creature_for(name), "dm", "B1")
    prepare(b, p, note_of(name))
    before = _snapshot(b, p)
    d = cast(b, name)
    assert d.data["target"] == "B1"
    zg = note_of(name).get("zone_grants")
    if zg:
        assert name in b.extra["zone_enchantments"]["B1"]
        if zg.get("armor"):
            assert b.armor(p) == before["armor"] + zg["armor"]
        for t in zg.get("traits", []):
            assert b.has_trait(p, t)
        yours = b.add_creature(creature_for(name), "ym", "B1")
        assert not any(b.has_trait(yours, t) for t in zg.get("traits", ["Nothing"]))
    if (note_of(name).get("effect") or {}).get("heal"):
        assert p.damage < before["damage"]


@pytest.mark.parametrize("name", FRIENDLY_ZONE)
def test_friendly_zone_spell_is_discarded_without_its_creatures(name):
    b = board_for(name, ym_zone="B1")
    b.add_creature(creature_for(name), "ym", "B1")
    b.mages["dm"].damage = 0
    b.mages["dm"].traits.append("Incorporeal")  # the Dummy Mage itself does not fit either
    d = cast(b, name)
    assert d.data["discarded"] is True


@pytest.mark.parametrize("name", TRAPS)
def test_trap_goes_next_to_your_creature(name):
    b = board_for(name)
    p = b.add_creature(creature_for(name, note={"restrictions": note_of(name).get("restrictions", [])}),
                       "ym", "C1")
    d = cast(b, name)
    assert d.data["target"] == "B1"  # free of enemies, next to C1 and within range
    assert name in b.extra["zone_enchantments"]["B1"] and p.zone == "C1"
    assert d.data.get("by_hand_text") == note_of(name).get("by_hand")  # only Teleport Trap has one


@pytest.mark.parametrize("name", TRAPS)
def test_trap_is_discarded_with_no_enemy_near_a_free_zone(name):
    b = board_for(name)  # your mage 5 zones away, nothing else
    d = cast(b, name)
    assert d.data["discarded"] is True and "next to an enemy" in sentence(d.reason)


def test_spiked_pit_ignores_flyers():
    b = board_for("Spiked Pit")
    b.add_creature("Darkfenne Bat", "ym", "C1")
    d = cast(b, "Spiked Pit")
    assert d.data["discarded"] is True


def test_summoning_circle_goes_toward_your_mage():
    b = board_for("Summoning Circle")
    d = cast(b, "Summoning Circle")
    assert d.data["target"] in ("B2", "A3", "C1")  # 2 zones from A1, 3 from D3
    assert b.distance(d.data["target"], FAR_ZONE) == 3
    b = board_for("Summoning Circle", ym_zone=DM_ZONE)
    d = cast(b, "Summoning Circle")
    assert d.data["discarded"] is True


# -- arena-wide spells, spells on the discard pile ---------------------------------------------

ARENA = _by_criterion("arena")


@pytest.mark.parametrize("name", ARENA)
def test_arena_spell_changes_every_fitting_creature_of_the_dummy_mage(name):
    b = board_for(name)
    note = note_of(name)
    mine = b.add_creature(creature_for(name), "dm", "C1")
    prepare(b, mine, note)
    yours = b.add_creature(creature_for(name), "ym", "C2")
    before = _snapshot(b, mine)
    d = cast(b, name)
    assert d.data["target"] == "arena" and mine.id in d.data["affected"]
    effect = note.get("effect") or {}
    for t in (note.get("grants") or {}).get("traits", []):
        assert b.has_trait(mine, t) and not (b.has_trait(yours, t) and parse_trait(t)[1] is None
                                             and not CAT.get(yours.card).traits)
    if effect.get("remove"):
        assert all(m not in mine.conditions for m in effect["remove"])
    if "reconstruct" in effect:
        assert mine.damage < before["damage"]
    if effect.get("condition"):
        assert mine.conditions[effect["condition"]] == 1
        # a card that reaches "all ... creatures in the arena" reaches yours too
        assert (effect["condition"] in yours.conditions) == (note.get("affects") == "all")


@pytest.mark.parametrize("name", ARENA)
def test_arena_spell_is_discarded_when_none_of_its_creatures_gains(name):
    b = board_for(name)
    yours = b.add_creature(creature_for(name), "ym", "C2")
    prepare(b, yours, note_of(name))
    d = cast(b, name)
    assert d.data["discarded"] is True and d.reason


def test_renewing_rain_is_not_cast_to_put_out_only_your_fires():
    b = board_for("Renewing Rain")
    yours = b.add_creature("Timber Wolf", "ym", "C2", conditions={"Burn": 2})
    mine = b.add_creature("Timber Wolf", "dm", "C1", conditions={"Burn": 1}, damage=3)
    b.add_creature("Timber Wolf", "ym", "C3", conditions={"Burn": 1})
    d = cast(b, "Renewing Rain")
    assert d.data["discarded"] is True and yours.conditions == {"Burn": 2}
    b.remove(yours.id)
    b.decks["incantation"] = ["Renewing Rain"]
    d = cast(b, "Renewing Rain")
    assert "Burn" not in mine.conditions and mine.damage == 1


@pytest.mark.parametrize("name", _by_criterion("discard"))
def test_a_destroyed_creature_comes_back(name):
    b = board_for(name)
    b.discards["creature"] = ["Iron Golem", "Timber Wolf"]  # the golem is Nonliving
    d = cast(b, name)
    wolf = b.get(d.data["target"])
    assert wolf.card == "Timber Wolf" and wolf.side == "dm" and wolf.zone == DM_ZONE
    assert b.discards["creature"] == ["Iron Golem"] and not wolf.active
    if note_of(name)["effect"]["revive"] == "zombie":
        assert wolf.conditions == {"Zombie": 1} and wolf.damage == sum(
            lvl for _, lvl in CAT.get("Timber Wolf").schools)
    b.decks["incantation"] = [name]
    d = cast(b, name)
    assert d.data["discarded"] is True


# -- a few cards' own behaviour ----------------------------------------------------------------

def test_mending_wave_heals_three_creatures_in_a_chain():
    b = board_for("Mending Wave")
    a = b.add_creature("Timber Wolf", "dm", DM_ZONE, damage=5)  # the lowest life goes first
    c = b.add_creature("Timber Wolf", "dm", "A2", damage=4)
    e = b.add_creature("Timber Wolf", "dm", "A3", damage=4)  # out of range, but next to A2
    cast(b, "Mending Wave")
    assert (a.damage, c.damage, e.damage) == (0, 0, 0)


def test_force_bash_slams_a_second_creature_where_it_lands():
    b = board_for("Force Bash")
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    other = b.add_creature("Bitterwood Fox", "ym", "B1")
    cast(b, "Force Bash")
    assert p.zone == "B1" and p.conditions == {"Slam": 1} and other.conditions == {"Slam": 1}


def test_push_against_the_arena_edge_leaves_it_in_place():
    b = board_for("Force Push")
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    d = spells.cast_spell(b, ScriptedSource(d12=[1], fallback=SeededSource(1)), "incantation")
    assert p.zone == DM_ZONE and "stays" in " ".join(sentences(d.instructions))


def test_combustion_rolls_two_dice_per_burn_removed():
    b = board_for("Combustion")
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE, conditions={"Burn": 3})
    d = cast(b, "Combustion")
    assert "Burn" not in p.conditions and d.attacks[0].attack.dice == 6


def test_debilitate_takes_every_melee_bonus():
    b = board_for("Debilitate")
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE, traits=["Melee +1"], enchantments=["Bear Strength"])
    cast(b, "Debilitate")
    assert not b.has_trait(p, "Melee")


def test_turn_to_stone_incapacitates_and_force_hold_restrains():
    b = board_for("Turn to Stone")
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    cast(b, "Turn to Stone")
    assert b.incapacitated(p) and b.armor(p) == (CAT.get("Timber Wolf").armor or 0) + 6
    b = board_for("Force Hold")
    q = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    cast(b, "Force Hold")
    assert b.restrained(q) and not b.flying(q)


def test_mind_control_takes_your_creature():
    b = board_for("Mind Control")
    p = b.add_creature("Timber Wolf", "ym", "B1")
    cast(b, "Mind Control")
    assert p.side == "dm" and p.conditions == {"Stun": 1}
    assert p not in b.enemies_of("dm")


def test_by_hand_lines_are_in_the_instructions_when_cast():
    """A spell still partly played says its by-hand line when cast, and none when discarded
    (the spell is any whose note still has one: the list shrinks as cards are played)."""
    partly = [n for n in SPELLS if note_of(n).get("by_hand")]
    if not partly:
        pytest.skip("every spell is fully played: no by-hand line is left to say")
    said = 0
    for name in partly:
        b = board_for(name)
        b.add_creature("Timber Wolf", "dm", DM_ZONE)
        d = cast(b, name)
        if not d.data.get("discarded"):
            assert sentences(d.instructions)[-1] == f"By hand ({name}): {note_of(name)['by_hand']}"
            said += 1
        else:
            assert not any(line.startswith("By hand") for line in sentences(d.instructions))
    assert said, partly


def test_ballad_of_courage_keeps_its_creature_from_being_hindered():
    from solo.automaton import movement as dm_movement
    b = board_for("Ballad of Courage")
    wolf = b.add_creature("Timber Wolf", "dm", DM_ZONE)
    b.add_creature("Timber Wolf", "ym", DM_ZONE)
    assert dm_movement.hinders(b, wolf, DM_ZONE)
    cast(b, "Ballad of Courage")
    assert not dm_movement.hinders(b, wolf, DM_ZONE)


def test_new_round_markers_end_with_the_round():
    from solo.rules import upkeep
    b = board_for("Evade")
    wolf = b.add_creature("Timber Wolf", "dm", DM_ZONE)
    cast(b, "Evade")
    assert b.has_trait(wolf, "Elusive")
    upkeep.end_round(b)
    assert not b.has_trait(wolf, "Elusive") and wolf.conditions == {}


def test_share_of_spells_modelled():
    """Fully modelled, partly (a by_hand line), unusable: the figures in the report."""
    full = [n for n in SPELLS if not note_of(n).get("by_hand") and not note_of(n).get("unusable")]
    partly = [n for n in SPELLS if note_of(n).get("by_hand")]
    unusable = [n for n in SPELLS if note_of(n).get("unusable")]
    assert len(full) + len(partly) + len(unusable) == 193
    assert not set(partly) & set(unusable)


# -- enchantments that act in the Upkeep, or end with the round ---------------------------------

def _upkeep(b: Board, side: str, d12=(5,)):
    from solo.rules import upkeep
    return upkeep.upkeep(b, ScriptedSource(d12=list(d12), d6=[1] * 20, fallback=SeededSource(3)), side)


@pytest.mark.parametrize("name,points", [("Ghoul Rot", 2), ("Force Crush", 2)])
def test_an_upkeep_curse_damages_its_creature(name, points):
    b = board_for(name)
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    cast(b, name)
    events = _upkeep(b, "ym")
    assert p.damage == points and any(e.kind == "spell-damage" and e.piece == p.id for e in events)


def test_arcane_corruption_counts_your_own_enchantments():
    b = board_for("Arcane Corruption")
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE, enchantments=["Bear Strength", "Rhino Hide"])
    cast(b, "Arcane Corruption")
    _upkeep(b, "ym")
    assert p.damage == 2  # two of yours; the Dummy Mage's curse does not count


def test_plagued_hurts_every_living_creature_in_the_zone():
    b = board_for("Plagued")
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    other = b.add_creature("Bitterwood Fox", "ym", DM_ZONE)
    golem = b.add_creature("Iron Golem", "ym", DM_ZONE)  # Nonliving
    cast(b, "Plagued")
    assert "Plagued" in p.enchantments or "Plagued" in other.enchantments
    _upkeep(b, "ym")
    assert (p.damage, other.damage, golem.damage) == (1, 1, 0)
    assert b.mages["dm"].damage == 1  # the Dummy Mage stands there too, and it is living


def test_death_link_and_life_link_move_life():
    b = board_for("Death Link")
    b.mages["dm"].damage = 5
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    cast(b, "Death Link")
    _upkeep(b, "ym")
    assert b.mages["dm"].damage == 4 and p.damage == 1
    b = board_for("Life Link")
    wolf = b.add_creature("Timber Wolf", "dm", DM_ZONE, damage=5)
    cast(b, "Life Link")
    _upkeep(b, "dm")
    assert wolf.damage == 2 and b.mages["dm"].damage == 3


def test_lullaby_puts_a_marker_each_upkeep_then_dissipates():
    b = board_for("Lullaby")
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    cast(b, "Lullaby")
    _upkeep(b, "ym", d12=[9])
    assert p.conditions == {"Stun": 1} and "Lullaby" in p.enchantments
    p.conditions.clear()
    _upkeep(b, "ym", d12=[3])
    assert p.conditions == {"Daze": 1} and "Lullaby" not in p.enchantments  # Dissipate 2
    assert b.discards["enchantment"] == ["Lullaby"]


def test_healing_madrigal_heals_the_zone_for_three_upkeeps():
    b = board_for("Healing Madrigal")
    p = b.add_creature("Timber Wolf", "dm", DM_ZONE, damage=9)
    friend = b.add_creature("Bitterwood Fox", "dm", DM_ZONE, damage=1)
    yours = b.add_creature("Timber Wolf", "ym", DM_ZONE, damage=3)
    cast(b, "Healing Madrigal")
    for _ in range(3):
        _upkeep(b, "dm")
    assert p.damage == 3 and friend.damage == 0 and yours.damage == 3
    assert "Healing Madrigal" not in p.enchantments


def test_brace_yourself_ends_with_the_round():
    from solo.rules import upkeep
    b = board_for("Brace Yourself")
    p = b.add_creature("Timber Wolf", "dm", DM_ZONE)
    base = b.armor(p)
    cast(b, "Brace Yourself")
    assert b.armor(p) == base + 4
    events = upkeep.end_round(b)
    assert b.armor(p) == base and any("Brace Yourself" in line(e.text) for e in events)


@pytest.mark.parametrize("name", ["Acid Blast", "Windstorm"])
def test_a_sweeping_attack_spell_strikes_a_second_target_of_yours(name):
    from solo.engine import resolve
    b = board_for(name, ym_zone="B1")
    wolf = b.add_creature("Timber Wolf", "ym", "B1")
    fox = b.add_creature("Bitterwood Fox", "ym", "B1")  # less life than the wolf
    d = cast(b, name)
    assert d.data["target"] == "ym" and d.attacks[0].sweep == wolf.id != fox.id
    resolve.resolve_decision(b, d, SeededSource(4))
    assert any(s.target == wolf.id and s.role == "sweep" for r in d.results for s in r.strikes)


def test_the_dummy_mage_summons_into_its_summoning_circle():
    from solo.engine import quickcast_turn
    b = board_for("Summoning Circle")
    d = cast(b, "Summoning Circle")
    circle = d.data["target"]
    b.decks["creature"] = ["Timber Wolf"]
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[5]))
    assert d.action == "summon" and b.get(d.data["id"]).zone == circle != DM_ZONE


def test_essence_drain_makes_your_upkeep_ask_for_two_mana():
    b = board_for("Essence Drain")
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    cast(b, "Essence Drain")
    events = _upkeep(b, "ym")
    assert any(e.kind == "upkeep-cost" and e.piece == p.id and "2 mana" in line(e.text) for e in events)


def test_defense_enchantments_give_their_creature_a_defense():
    b = board_for("Cobra Reflexes")
    wolf = b.add_creature("Timber Wolf", "dm", DM_ZONE)
    cast(b, "Cobra Reflexes")
    bite = [a for a in b.attacks(wolf) if a.is_melee][0]
    foe = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    r = combat.resolve_attack(b, foe, bite, wolf, ScriptedSource(d12=[7], fallback=SeededSource(1)))
    assert r.strikes[0].avoided and r.strikes[0].defense == 7
    # once a round: the next attack is not avoided
    combat.apply(b, r)
    r = combat.resolve_attack(b, foe, bite, wolf, ScriptedSource(d12=[12], fallback=SeededSource(1)))
    assert not r.strikes[0].avoided
    # Force Sword works while Stunned, against melee only
    b = board_for("Force Sword")
    wolf = b.add_creature("Timber Wolf", "dm", DM_ZONE, conditions={"Stun": 1})
    cast(b, "Force Sword")
    foe = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    r = combat.resolve_attack(b, foe, bite, wolf, ScriptedSource(d12=[8], fallback=SeededSource(1)))
    assert r.strikes[0].avoided
    b2 = board_for("Cobra Reflexes")
    stunned = b2.add_creature("Timber Wolf", "dm", DM_ZONE, conditions={"Stun": 1})
    cast(b2, "Cobra Reflexes")
    foe2 = b2.add_creature("Timber Wolf", "ym", DM_ZONE)
    r = combat.resolve_attack(b2, foe2, bite, stunned, ScriptedSource(d12=[12], fallback=SeededSource(1)))
    assert not r.strikes[0].avoided  # an ordinary Defense is lost while Incapacitated


def test_marked_for_death_adds_a_die_to_attacks_against_it():
    b = board_for("Marked for Death")
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    wolf = b.add_creature("Timber Wolf", "dm", DM_ZONE)
    bite = [a for a in b.attacks(wolf) if a.is_melee][0]
    before, _ = combat.attack_dice(b, wolf, bite, p)
    cast(b, "Marked for Death")
    after, parts = combat.attack_dice(b, wolf, bite, p)
    assert after == before + 1 and any("Marked for Death" in x for x in lines(parts))


def test_overextend_stuns_its_creature_after_its_next_action_phase():
    from solo.rules import upkeep
    b = board_for("Overextend")
    p = b.add_creature(creature_for("Overextend"), "dm", DM_ZONE, active=False)
    cast(b, "Overextend")
    assert p.active and p.conditions == {"Overextend": 1}
    upkeep.end_action_phase(b, p, SeededSource(1))
    assert p.conditions == {"Stun": 1}


def test_block_avoids_the_next_attack_and_goes():
    b = board_for("Block")
    wolf = b.add_creature("Timber Wolf", "dm", DM_ZONE)
    cast(b, "Block")
    foe = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    bite = [a for a in b.attacks(foe) if a.is_melee][0]
    r = combat.resolve_attack(b, foe, bite, wolf, SeededSource(1))
    assert r.strikes[0].avoided and r.strikes[0].defense_roll is None
    combat.apply(b, r)
    assert "Block" not in wolf.enchantments and b.discards["enchantment"] == ["Block"]


def test_retaliate_gives_a_counterstrike():
    b = board_for("Retaliate")
    wolf = b.add_creature("Timber Wolf", "dm", DM_ZONE)
    foe = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    bite = [a for a in b.attacks(foe) if a.is_melee][0]
    r = combat.resolve_attack(b, foe, bite, wolf, SeededSource(2), use_defense=False)
    assert not any(s.role == "counterstrike" for s in r.strikes)
    cast(b, "Retaliate")
    r = combat.resolve_attack(b, foe, bite, wolf, SeededSource(2), use_defense=False)
    assert any(s.role == "counterstrike" and s.attacker == wolf.id for s in r.strikes)
    combat.apply(b, r)
    assert "Retaliate" not in wolf.enchantments and b.discards["enchantment"] == ["Retaliate"]


def test_adramelechs_touch_keeps_the_burns_that_roll_blank():
    b = board_for("Adramelech's Touch")
    p = b.add_creature("Timber Wolf", "ym", DM_ZONE, conditions={"Burn": 2})
    cast(b, "Adramelech's Touch")
    _upkeep(b, "ym")  # every attack die rolls a blank (d6 = 1)
    assert p.conditions["Burn"] == 2


def test_sniper_shot_serves_one_ranged_attack():
    b = board_for("Sniper Shot")
    archer = b.add_creature(creature_for("Sniper Shot"), "dm", DM_ZONE)
    cast(b, "Sniper Shot")
    shot = [a for a in b.attacks(archer) if a.is_ranged][0]
    assert "Unavoidable" in combat.attack_traits(b, archer, shot)
    r = combat.resolve_attack(b, archer, shot, b.mages["ym"], SeededSource(2))
    assert r.once_used == ["Sniper Shot"]


def test_dragons_breath_attacks_a_second_target_one_zone_farther():
    b = board_for("Dragon's Breath", ym_zone="B1")
    near = b.add_creature("Timber Wolf", "ym", DM_ZONE)  # next to B1, but not farther from A1
    far = b.add_creature("Bitterwood Fox", "ym", "C1")  # next to B1, one zone farther
    assert b.remaining_life(near) > b.remaining_life(far)
    d = cast(b, "Dragon's Breath")
    assert [a.target for a in d.attacks] == ["ym", far.id]


def test_cascading_force_wave_pushes_the_others_left_behind():
    b = board_for("Cascading Force Wave")
    first = b.add_creature("Timber Wolf", "ym", DM_ZONE)
    other = b.add_creature("Bitterwood Fox", "ym", DM_ZONE)
    mine = b.add_creature("Timber Wolf", "dm", DM_ZONE)
    cast(b, "Cascading Force Wave")  # every compass roll is east
    assert first.zone == "B1" and other.zone == "B1" and mine.zone == DM_ZONE
