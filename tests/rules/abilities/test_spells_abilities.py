"""The attack spells that reach past one target, played from their card text (cards.json) and
card rulings: Chain Lightning jumps after each attack that damages, Tsunami rolls on zone after
zone in a compass direction and spares flyers, Sandstorm pushes each object its own way,
V'Tarrian Energy Wave strikes two adjacent zones and the wall between them, Earthquake two
adjacent zones with an attack on their conjurations.  Each test fails without the code that
plays the card (docs/rulings.md, "Card abilities: attack spells and cards the Dummy Mage
cannot use")."""

import json
import re
from pathlib import Path

import pytest

from solo.automaton import spells
from solo.cards.catalog import get_catalog
from solo.rules import combat
from solo.engine.resolve import resolve_decision
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource
from worded import worded


def _b(dm_zone="A2", ym_zone="D3", **decks):
    return new_board("Warlock", "Beastmaster", dm_zone=dm_zone, ym_zone=ym_zone, decks=decks)


def _cast_and_roll(b, deck, d12=(), d6=(), seed=1):
    src = ScriptedSource(d12=list(d12), d6=list(d6), fallback=SeededSource(seed))
    d = spells.cast_spell(b, src, deck)
    resolve_decision(b, d, src)
    return worded(d)


def _strikes(d):
    return [s for r in d.results for s in r.strikes if s.role == "attack"]


# -- Chain Lightning: "Each time Chain Lightning damages a target, it may attack another target
#    ... in LoS of the last target, and may be up to 1 zone away ... 1 fewer attack dice, and
#    subtracts 1 more from the effect die roll ... can't attack the same target twice." --------

def _chain_board():
    b = _b(dm_zone="A2", ym_zone="B2", attack=["Chain Lightning"])
    big = b.add_creature("Timber Wolf", "ym", "C2", id="big", stats={"life": 30})
    small = b.add_creature("Timber Wolf", "ym", "C3", id="small")
    far = b.add_creature("Timber Wolf", "ym", "D3", id="far", stats={"life": 40})
    return b, big, small, far


def test_chain_lightning_jumps_after_each_attack_that_damages():
    b, big, small, far = _chain_board()
    d = _cast_and_roll(b, "attack", d6=[6] * 40)  # every die a critical 2: always damages
    hits = [(s.target, s.dice) for s in _strikes(d)]
    # your mage (B2) first with 5 dice; then the most life left within 1 zone of B2: the big
    # wolf in C2 (4 dice); then within 1 zone of C2: the small wolf in C3 (3 dice); then from
    # C3 the far wolf in D3 (2 dice); nothing is left that it has not attacked
    assert hits == [("ym", 5), ("big", 4), ("small", 3), ("far", 2)]
    assert any("jumps to" in line for line in d.instructions)


def test_chain_lightning_stops_when_an_attack_deals_no_damage():
    b, big, small, far = _chain_board()
    d = _cast_and_roll(b, "attack", d6=[1] * 40)  # blanks: no damage
    assert [s.target for s in _strikes(d)] == ["ym"]


def test_chain_lightning_takes_one_off_the_effect_die_per_jump():
    b, big, small, far = _chain_board()
    # the first jump's effect roll of 8 counts as 7: Daze, not Stun (Stun on 8+)
    d = _cast_and_roll(b, "attack", d12=[1, 8, 1, 1], d6=[6] * 5 + [6] * 4 + [1] * 30)
    jump = _strikes(d)[1]
    assert jump.target == "big" and jump.conditions == ["Daze"]


# -- Tsunami: "choose a direction. After the attack resolves, repeat the attack one zone farther
#    away in the chosen direction ... until there are no farther zones. Flying Creatures are
#    immune to Tsunami" ---------------------------------------------------------------------------

def test_tsunami_rolls_on_in_the_compass_direction_to_the_arenas_edge():
    b = _b(dm_zone="A2", ym_zone="B2", attack=["Tsunami"])
    c2 = b.add_creature("Timber Wolf", "ym", "C2", id="c2", stats={"life": 40})
    d2 = b.add_creature("Timber Wolf", "ym", "D2", id="d2", stats={"life": 40})
    b.add_creature("Timber Wolf", "ym", "B3", id="b3", stats={"life": 40})
    d = _cast_and_roll(b, "attack", d12=[5] + [1] * 10)  # 5: east
    assert d.data["onward"] == ["C2", "D2"]
    assert [r.zone for r in d.results] == ["B2", "C2", "D2"]
    assert {s.target for s in _strikes(d)} == {"ym", "c2", "d2"}  # not the wolf in B3


def test_tsunami_does_not_harm_a_flying_creature():
    b = _b(dm_zone="A2", ym_zone="B2", attack=["Tsunami"])
    bat = b.add_creature("Darkfenne Bat", "ym", "B2", id="bat")
    d = _cast_and_roll(b, "attack", d12=[10] + [1] * 10, d6=[6] * 20)  # west: A2 too
    on_bat = [s for s in _strikes(d) if s.target == "bat"]
    assert on_bat and all(s.immune and s.damage == 0 for s in on_bat)
    assert bat.damage == 0 and b.mages["ym"].damage > 0


def test_tsunami_is_not_cast_where_it_would_touch_only_flyers():
    b = _b(dm_zone="A2", ym_zone="D3", attack=["Tsunami"])
    b.add_creature("Darkfenne Bat", "ym", "B2", id="bat")
    d = _cast_and_roll(b, "attack")
    assert d.data.get("discarded") and not d.results


# -- Sandstorm: "If Pushed, roll for random direction." ----------------------------------------

def test_sandstorm_rolls_a_direction_for_each_object_it_pushes():  # passes before and after
    b = _b(dm_zone="A2", ym_zone="B2", attack=["Sandstorm"])
    wolf = b.add_creature("Timber Wolf", "ym", "B2", id="w", stats={"life": 40})
    # per object: its effect die (4: Push) and then its own compass roll
    d = _cast_and_roll(b, "attack", d12=[4, 1, 4, 7], d6=[1] * 10)
    pushes = {s.target: s.push.direction for s in _strikes(d) if s.push is not None}
    assert pushes == {"ym": "north", "w": "south"}
    assert (b.mages["ym"].zone, wolf.zone) == ("B1", "B3")


# -- V'Tarrian Energy Wave: "2 Adjacent Zones ... It also affects any wall between the 2
#    targeted zones." ------------------------------------------------------------------------------

def test_vtarrian_energy_wave_strikes_two_adjacent_zones_and_the_wall_between():
    b = _b(dm_zone="A2", ym_zone="B2", attack=["V'Tarrian Energy Wave"])
    b.add_creature("Timber Wolf", "ym", "C2", id="c2a", stats={"life": 40})
    b.add_creature("Timber Wolf", "ym", "C2", id="c2b", stats={"life": 40})
    b.add_creature("Timber Wolf", "ym", "B1", id="b1", stats={"life": 40})
    b.add_conjuration("Wall of Pikes", "ym", "B2", border="C2", id="wall")
    d = _cast_and_roll(b, "attack", d6=[6] * 20)
    assert d.data["second_zone"] == "C2"
    assert {s.target for s in _strikes(d)} == {"ym", "c2a", "c2b", "wall"}
    assert b.find("b1").damage == 0


# -- Earthquake: "Target up to 2 adjacent zones ... All Corporeal conjurations in target zones,
#    including a wall between the two zones, receive an Unavoidable attack of 4 attack dice.
#    Roll the effect die for each creature in the zones; on a 5+ it receives the Slam
#    condition." -----------------------------------------------------------------------------------

def test_earthquake_slams_a_second_zone_and_attacks_conjurations_and_the_wall_between():
    b = _b(dm_zone="A2", ym_zone="D3", incantation=["Earthquake"])
    b.add_creature("Timber Wolf", "ym", "B2", id="b2", stats={"life": 40})
    b.add_creature("Timber Wolf", "ym", "B2", id="b2b", stats={"life": 40})
    c2 = b.add_creature("Timber Wolf", "ym", "C2", id="c2", stats={"life": 40})
    b.add_conjuration("Wall of Earth", "ym", "B2", border="C2", id="wall")
    d = _cast_and_roll(b, "incantation", d12=[12] * 10, d6=[6] * 20)
    assert d.data["target"] == "B2" and d.data["second_zone"] == "C2"
    assert c2.has_condition("Slam")
    on_wall = [s for s in _strikes(d) if s.target == "wall"]
    assert len(on_wall) == 1 and on_wall[0].dice == 4 and on_wall[0].damage == 8


def test_earthquake_takes_the_adjacent_zone_with_the_most_of_yours_it_slams():
    b = _b(dm_zone="A2", ym_zone="D3", incantation=["Earthquake"])
    for i in range(3):
        b.add_creature("Timber Wolf", "ym", "B2", id=f"first{i}")
    b.add_creature("Timber Wolf", "ym", "B1", id="b1")
    b.add_creature("Timber Wolf", "ym", "C2", id="c2a")
    b.add_creature("Timber Wolf", "ym", "C2", id="c2b")
    b.add_creature("Timber Wolf", "dm", "C2", id="mine")  # the Dummy Mage's own counts against
    b.add_creature("Timber Wolf", "ym", "B3", id="b3a")
    b.add_creature("Timber Wolf", "ym", "B3", id="b3b")
    d = _cast_and_roll(b, "incantation", d12=[12] * 12)
    assert d.data["target"] == "B2" and d.data["second_zone"] == "B3"
    assert b.find("b3a").has_condition("Slam") and not b.find("b1").has_condition("Slam")


def test_earthquake_takes_no_second_zone_that_gains_the_dummy_mage_nothing():
    b = _b(dm_zone="A2", ym_zone="D3", incantation=["Earthquake"])
    b.add_creature("Timber Wolf", "ym", "B2", id="b2")
    d = _cast_and_roll(b, "incantation", d12=[12] * 10)
    assert d.data["target"] == "B2" and "second_zone" not in d.data and not d.attacks


# -- what the card text says a spell needs, and who is immune: over every spell it applies to,
#    found in the card text (../shared/reference/cards.json), not in our notes ---------------------

SOURCE = Path(__file__).resolve().parents[3].parent / "shared" / "reference" / "cards.json"


def _texts() -> dict[str, str]:
    if not SOURCE.exists():
        return {}
    cards = json.loads(SOURCE.read_text(encoding="utf-8"))["cards"]
    cat = get_catalog()
    return {c["name"]: c.get("text") or "" for c in cards
            if c["type"] in ("Enchantment", "Incantation", "Attack")
            and cat.find(c["name"]) is not None and not cat.get(c["name"]).dm.get("unusable")}


TEXTS = _texts()
PLAIN = sorted(n for n, t in TEXTS.items()
               if re.search(r"if it has no damage type,? and no effect die", t, re.I))
NEXT_MELEE = sorted(n for n, t in TEXTS.items() if re.search(r"next melee attack", t, re.I))
SPARED = sorted((n, m[1].capitalize()) for n, t in TEXTS.items()
                if (m := re.search(r"(\w+) creatures are immune to " + re.escape(n), t, re.I)))


def test_the_card_text_finds_the_spells_these_tests_are_about():
    if not TEXTS:
        pytest.skip("../shared/reference/cards.json is not here (a fresh clone)")
    assert {"Flame Strike", "Lightning Strike"} <= set(PLAIN)
    assert ("Tsunami", "Flying") in SPARED and len(NEXT_MELEE) >= 5


def _melee_creature(b, zone="B2", damage_type=None, effects=(), kind="melee"):
    """A Dummy Mage Timber Wolf whose Bite is ``kind``, with ``damage_type`` and ``effects``."""
    w = b.add_creature("Timber Wolf", "dm", zone, id="w")
    a = b.attacks(w)[0].to_dict()
    a["kind"] = kind
    if damage_type:
        a["damage_type"] = damage_type
    a["effects"] = [dict(e) for e in effects]
    w.stats["attacks"] = [a]
    return w


def _cast(b, deck):
    return worded(spells.cast_spell(b, ScriptedSource(fallback=SeededSource(2)), deck))


@pytest.mark.parametrize("name", PLAIN)
@pytest.mark.parametrize("damage_type, effects", [
    ("Flame", ()), (None, ({"min": 7, "max": None, "conditions": ["Daze"]},))])
def test_a_spell_for_a_plain_attack_is_not_cast_on_one_with_a_damage_type_or_effect_die(
        name, damage_type, effects):
    deck = get_catalog().get(name).type.lower()
    b = _b(dm_zone="A2", ym_zone="B2", **{deck: [name]})
    _melee_creature(b, damage_type=damage_type, effects=effects)
    d = _cast(b, deck)
    assert d.data.get("discarded"), d.instructions


@pytest.mark.parametrize("name", PLAIN)
def test_a_spell_for_a_plain_attack_is_cast_on_a_creature_with_one(name):  # passes before too
    deck = get_catalog().get(name).type.lower()
    b = _b(dm_zone="A2", ym_zone="B2", **{deck: [name]})
    _melee_creature(b)
    d = _cast(b, deck)
    assert d.data.get("target") == "w", d.instructions


@pytest.mark.parametrize("name", NEXT_MELEE)
def test_a_spell_for_the_next_melee_attack_is_not_cast_on_a_creature_without_one(name):
    # passes before and after: every such note needs a melee attack
    card = get_catalog().get(name)
    deck = card.type.lower()
    b = _b(dm_zone="A2", ym_zone="B2", **{deck: [name]})
    _melee_creature(b, kind="ranged")
    d = _cast(b, deck)
    assert d.data.get("target") != "w", d.instructions


def _flyer(b, zone, kind):
    assert kind == "Flying"  # the only kind the card text names today
    return b.add_creature("Darkfenne Bat", "ym", zone, id="spared")


@pytest.mark.parametrize("name, kind", SPARED)
def test_an_attack_spell_never_goes_at_what_its_card_makes_immune(name, kind):
    b = _b(dm_zone="A2", ym_zone="D3", attack=[name])
    _flyer(b, "B2", kind)
    d = _cast(b, "attack")
    assert d.data.get("discarded") and not d.attacks


@pytest.mark.parametrize("name, kind", SPARED)
def test_an_attack_spell_does_nothing_to_what_its_card_makes_immune(name, kind):
    b = _b(dm_zone="A2", ym_zone="B2")
    spared = _flyer(b, "B2", kind)
    card = get_catalog().get(name)
    attack = card.attacks[0]
    src = ScriptedSource(d6=[6] * 20, fallback=SeededSource(3))
    if attack.zone or attack.kind == "zone":
        r = combat.resolve_zone_attack(b, b.mages["dm"], attack, "B2", src, is_spell=True)
    else:
        r = combat.resolve_attack(b, b.mages["dm"], attack, spared, src, is_spell=True)
    on_it = [s for s in r.strikes if s.target == spared.id]
    assert on_it and all(s.immune and s.damage == 0 and not s.conditions for s in on_it)


# -- the cards the Dummy Mage cannot use: each for a rule of the solo variant -------------------

SOLO_RULES = ("the solo rules", "the solo variant")


def test_unusable_cards_give_a_rule_of_the_solo_variant():
    cat = get_catalog()
    unusable = {c.name: c.dm["unusable"] for t in ("Creature", "Enchantment", "Incantation",
                                                   "Attack") for c in cat.cards(t)
                if c.dm.get("unusable")}
    assert len(unusable) == 16
    for name, why in unusable.items():
        assert any(r in why for r in SOLO_RULES), (name, why)
        assert "implement" not in why and "not modelled" not in why, (name, why)


@pytest.mark.parametrize("name", ["Smite", "Cleansing Aura", "V'Tar Suppression", "Reinforce"])
def test_an_unusable_card_is_discarded_with_its_reason(name):
    card = get_catalog().get(name)
    deck = card.type.lower()
    b = new_board("Paladin", "Beastmaster", dm_zone="A2", ym_zone="B2", decks={deck: [name]})
    b.add_creature("Timber Wolf", "dm", "B2", id="w")
    d = _cast(b, deck)
    assert d.data.get("discarded") and card.dm["unusable"] in d.reason


# -- the card rulings (card-rulings.txt 122-133, 734-735) ----------------------------------------

def test_chain_lightning_never_runs_out_of_dice_and_carries_no_modifier_on():
    # "Any modifiers that apply to one attack do not affect the number of dice rolled during
    # subsequent attacks" and "an attack cannot be reduced below 1 die"
    b = _b(dm_zone="A2", ym_zone="D3", attack=["Chain Lightning"])
    zones = ["B2", "C2", "C3", "D3", "D2", "D1", "C1"]
    for i, z in enumerate(zones[:-1]):
        b.add_creature("Timber Wolf", "ym", z, id=f"w{i}", stats={"life": 60 - i})
    first = b.find("w0")
    first.stats["traits"] = [*b.card_of(first).traits, "Lightning +2"]
    d = _cast_and_roll(b, "attack", d6=[6] * 80)
    dice = [s.dice for s in _strikes(d) if s.target != "ym"]
    assert dice == [7, 4, 3, 2, 1, 1]  # 5+2 on the first; the rest as the card counts them


def test_vtarrian_energy_waves_second_zone_is_in_range():
    b = _b(dm_zone="A2", ym_zone="B2", attack=["V'Tarrian Energy Wave"])
    for i in range(3):  # C2 is 2 zones from the Dummy Mage: in range
        b.add_creature("Timber Wolf", "ym", "C2", id=f"c{i}", stats={"life": 40})
    b2 = _b(dm_zone="A1", ym_zone="B2", attack=["V'Tarrian Energy Wave"])
    for i in range(3):  # C2 is 3 zones from A1: out of range; B1 is in range
        b2.add_creature("Timber Wolf", "ym", "C2", id=f"c{i}", stats={"life": 40})
    b2.add_creature("Timber Wolf", "ym", "B1", id="b1", stats={"life": 40})
    assert _cast_and_roll(b, "attack").data["second_zone"] == "C2"
    assert _cast_and_roll(b2, "attack").data["second_zone"] == "B1"


#: (spell, trait) for every spell whose card says it has no effect on creatures with that trait
#: ("has no effect on Unmovable creatures", "does not affect creatures with the Uncontainable
#: trait", "Flying Creatures are immune"), found in the card text.
NO_EFFECT_TRAITS = ("Flying", "Incorporeal", "Unmovable", "Uncontainable", "Psychic Immunity")
NO_EFFECT = sorted({(n, trait) for n, t in TEXTS.items()
                    for sentence in re.split(r"(?<=\.)\s+", t)
                    if re.search(r"no effect on|does not affect|are immune to", sentence, re.I)
                    for trait in NO_EFFECT_TRAITS if trait.lower() in sentence.lower()
                    and (get_catalog().get(n).dm or {}).get("criterion")
                    in ("enemy-creature", "enemy-zone", "attack")})


def _one_of_yours(name, trait=None):
    card = get_catalog().get(name)
    deck = card.type.lower()
    b = _b(dm_zone="A2", ym_zone="D3", **{deck: [name]})
    if trait == "Flying":
        b.add_creature("Darkfenne Bat", "ym", "B2", id="yours")
        return b, deck
    wolf = b.add_creature("Timber Wolf", "ym", "B2", id="yours")
    if trait:
        wolf.stats["traits"] = [*b.card_of(wolf).traits, trait]
    return b, deck


def test_the_card_text_finds_the_spells_with_no_effect_on_a_trait():
    if not TEXTS:
        pytest.skip("../shared/reference/cards.json is not here (a fresh clone)")
    names = {n for n, _ in NO_EFFECT}
    assert {"Earthquake", "Knockdown", "Force Hold", "Sleep", "Tsunami"} <= names


@pytest.mark.parametrize("name, trait", NO_EFFECT)
def test_a_spell_is_not_cast_at_a_creature_its_card_says_it_does_not_affect(name, trait):
    # passes before and after for every card but Tsunami (its note's immune is new)
    b, deck = _one_of_yours(name)
    assert not _cast(b, deck).data.get("discarded"), "the board lets the spell be cast"
    b, deck = _one_of_yours(name, trait)
    d = _cast(b, deck)
    assert d.data.get("discarded"), d.instructions


def test_a_chain_lightning_jump_reversed_strikes_the_last_target_not_the_caster():
    # card-rulings.txt 133: "If Chain Lightning is reversed by a Reverse Attack enchantment, the
    # attack is redirected to the last target of Chain Lightning, not to the caster."
    from solo.rules import yours
    b = _b(dm_zone="A2", ym_zone="B2", attack=["Chain Lightning"])
    wolf = b.add_creature("Timber Wolf", "ym", "C2", id="wolf", stats={"life": 40})
    yours.hide(b, wolf, "Reverse Attack")
    d = _cast_and_roll(b, "attack", d6=[6] * 40)
    hits = [(s.target, s.damage) for s in _strikes(d)]
    assert hits[0][0] == "ym" and hits[1][0] == "ym"  # the jump at the wolf comes back
    assert wolf.damage == 0 and b.mages["dm"].damage == 0
