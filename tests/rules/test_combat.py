"""Combat: one table test per modifier and trait with scripted dice, statistics with fixed
seeds (tolerances from exact enumeration), and scenarios on boards.

Scripted attack dice: d6 1,2 -> "-", 3 -> "1", 4 -> "2", 5 -> "1*", 6 -> "2*".
"""

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo.rules import combat
from solo.rules.board import new_board
from solo.cards.catalog import Attack
from solo.rules.combat import BASH, apply, attack_dice, condition_block, reset_defenses, resolve_attack, resolve_zone_attack, vs_bonus
from solo.rules.harm import heal
from solo.rules.dice import D6_FACES, ScriptedSource, SeededSource
from solo.core.errors import SoloError
from solo.text import naming
from solo.text.render import line, lines
from solo.rules import effects


def script(d12=(), d6=()):
    return ScriptedSource(d12=list(d12), d6=list(d6))


def any_dice():
    """Dice we do not care about: seeded, never exhausted."""
    return ScriptedSource(fallback=SeededSource(0))


def used_up(source):
    assert source.remaining(12) == [] and source.remaining(6) == [], "unused scripted dice"


@pytest.fixture
def b():
    return new_board(dm_zone="A1", ym_zone="D3")


def fight(b, attacker, target, zone="B2", **kw):
    """A DM creature and a YM creature (or given sides) in one zone."""
    a = b.add_creature(attacker, "dm", zone, **kw.pop("a", {}))
    t = b.add_creature(target, "ym", zone, **kw.pop("t", {}))
    return a, t


# -- dice modifiers ---------------------------------------------------------------------------

def dice_of(b, attacker, attack, target, **kw):
    r = resolve_attack(b, attacker, attack, target, any_dice(), **kw)
    assert r.main.dice == len(r.main.faces) or r.main.avoided
    return r.main.dice


def test_plain_attack_rolls_its_dice(b):
    a, t = fight(b, "Timber Wolf", "Bitterwood Fox")
    assert dice_of(b, a, "Bite", t) == 4


def test_melee_plus_x_counts_on_the_first_strike_only(b):
    t = b.add_creature("Bitterwood Fox", "ym", "A1")
    mage = b.mages["dm"]  # Warlock: Melee +1, Basic Melee Attack 3
    assert dice_of(b, mage, "Basic Melee Attack", t) == 4
    assert dice_of(b, mage, "Basic Melee Attack", t, first_strike=False) == 3


def test_melee_bonus_from_bear_strength_and_not_on_ranged(b):
    a, t = fight(b, "Timber Wolf", "Bitterwood Fox", a={"enchantments": ["Bear Strength"]})
    assert dice_of(b, a, "Bite", t) == 6
    archer = b.add_creature("Gorgon Archer", "dm", "B2", enchantments=["Bear Strength"])
    assert dice_of(b, archer, "Poison Bow", t) == 4


def test_charge_needs_a_move_and_a_melee_attack(b):
    a, t = fight(b, "Feral Bobcat", "Bitterwood Fox")  # Claws 2, Charge +2
    assert dice_of(b, a, "Claws", t, moved=True) == 4
    assert dice_of(b, a, "Claws", t) == 2
    wolf = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Charge": 1})  # Charge +1 grant
    assert dice_of(b, wolf, "Bite", t, moved=True) == 5


def test_ranged_plus_x_for_ranged_attacks_only(b):
    a, t = fight(b, "Gorgon Archer", "Bitterwood Fox", a={"traits": ["Ranged +1"]})
    assert dice_of(b, a, "Poison Bow", t) == 5
    assert dice_of(b, a, "Claws", t) == 2


@pytest.mark.parametrize("target,damage,expected", [
    ("Bitterwood Fox", 1, 3),    # damaged Living creature: +1
    ("Bitterwood Fox", 0, 2),    # undamaged
    ("Skeletal Sentry", 3, 2),   # Nonliving
])
def test_bloodthirsty(b, target, damage, expected):
    a, t = fight(b, "Shoalsdeep Thrasher", target, t={"damage": damage})  # 2 dice, Bloodthirsty +1
    assert dice_of(b, a, "Serrated Sword", t) == expected
    assert dice_of(b, a, "Serrated Sword", t, first_strike=False) == 2


@pytest.mark.parametrize("attack,target,expected", [
    ("Jet Stream", "Darkfenne Bat", 4),       # +2 vs. Flying
    ("Jet Stream", "Timber Wolf", 2),
    ("Pillar of Light", "Iron Golem", 4),     # +2 vs. Nonliving Creatures
    ("Pillar of Light", "Timber Wolf", 2),
    ("Fireball", "Bridge Troll", 8),          # target Flame +2
    ("Fireball", "Dark Pact Slayer", 4),      # target Flame -2
    ("Lightning Bolt", "Iron Golem", 7),      # target Lightning +2
])
def test_attack_bonuses_and_damage_type_modifiers(b, attack, target, expected):
    t = b.add_creature(target, "ym", "B2")
    assert dice_of(b, b.mages["dm"], attack, t) == expected


def test_vs_corporeal_conjurations(b):
    wall = b.add_conjuration("Wall of Stone", "ym", "B2", border="B1")
    wolf = b.add_creature("Timber Wolf", "ym", "B2")
    assert dice_of(b, b.mages["dm"], "Force Hammer", wall) == 8
    assert dice_of(b, b.mages["dm"], "Force Hammer", wolf) == 6


def test_flying_bonus_lost_when_restrained(b):
    bat = b.add_creature("Darkfenne Bat", "ym", "B2", conditions={"Cripple": 1})
    assert dice_of(b, b.mages["dm"], "Jet Stream", bat) == 2


def test_vs_bonus_parser(b):
    golem = b.add_creature("Iron Golem", "ym", "B2")
    wolf = b.add_creature("Timber Wolf", "ym", "B2")
    assert vs_bonus(b, "+2 vs. Nonliving Creatures", golem) == 2
    assert vs_bonus(b, "+2 Vs. Nonliving Creatures", wolf) == 0
    assert vs_bonus(b, "+1 vs. Nonliving or Dark Creatures", golem) == 1
    assert vs_bonus(b, "+2 vs. Undead", wolf) == 0
    assert vs_bonus(b, "Piercing +1", wolf) is None


def test_weak_lowers_non_spell_attacks_only(b):
    a, t = fight(b, "Timber Wolf", "Bitterwood Fox", a={"conditions": {"Weak": 2}})
    assert dice_of(b, a, "Bite", t) == 2
    b.mages["dm"].conditions["Weak"] = 2
    assert dice_of(b, b.mages["dm"], "Fireball", t) == 6


def test_agony_lowers_melee_and_ranged_but_not_spells(b):
    a, t = fight(b, "Timber Wolf", "Bitterwood Fox", a={"enchantments": ["Agony"]})
    assert dice_of(b, a, "Bite", t) == 2
    b.mages["dm"].enchantments.append("Agony")
    assert dice_of(b, b.mages["dm"], "Fireball", t) == 6


def test_aegis_takes_dice_off_and_only_the_highest_counts(b):
    a, t = fight(b, "Timber Wolf", "Guardian Angel")  # Aegis 1
    assert "Unavoidable" not in a.traits
    assert attack_dice(b, a, b.attacks(a)[0], t)[0] == 3
    effects.apply(b, effects.GainTraits(t.id, ("Aegis 2",)))
    assert attack_dice(b, a, b.attacks(a)[0], t)[0] == 2


def test_aegis_counts_against_an_attacker_with_agony_too(b):
    # The target's names, read once for the strike, are not the attacker's enchantments'.
    a, t = fight(b, "Timber Wolf", "Guardian Angel", a={"enchantments": ["Agony"]})  # Aegis 1
    names = b.trait_names(t)
    n, parts = attack_dice(b, a, b.attacks(a)[0], t, target_names=names)
    assert n == attack_dice(b, a, b.attacks(a)[0], t)[0] == 1
    assert [p.code for p in parts[-2:]] == ["dice.enchantments", "dice.aegis"]


def test_never_below_one_die(b):
    a, t = fight(b, "Bitterwood Fox", "Timber Wolf",
                 a={"conditions": {"Weak": 2}, "enchantments": ["Agony"]})
    n, parts = attack_dice(b, a, b.attacks(a)[0], t)
    assert n == 1 and line(parts[-1]).startswith("never below 1")


# -- Daze on the attacker ---------------------------------------------------------------------

@pytest.mark.parametrize("roll,hits", [(6, False), (7, True)])
def test_dazed_attacker_needs_seven(b, roll, hits):
    a, t = fight(b, "Timber Wolf", "Bitterwood Fox", a={"conditions": {"Daze": 2}})
    s = script(d12=[roll], d6=[3, 3, 3, 3] if hits else [])
    r = resolve_attack(b, a, "Bite", t, s)
    used_up(s)
    assert r.main.daze_roll == roll
    assert r.main.avoided is (not hits) and r.main.missed is (not hits)
    assert r.main.damage == (4 if hits else 0)
    assert r.main.faces == (["1"] * 4 if hits else [])


def test_zone_attack_checks_daze_once_for_all(b):
    b.mages["dm"].zone = "B2"
    b.mages["dm"].conditions["Daze"] = 1
    b.add_creature("Timber Wolf", "ym", "B2")
    b.add_creature("Bitterwood Fox", "ym", "B2")
    s = script(d12=[3])
    r = resolve_zone_attack(b, b.mages["dm"], "Blinding Flash", "B2", s)
    used_up(s)
    assert r.daze_roll == 3
    assert len(r.strikes) == 2 and all(x.missed and x.faces == [] for x in r.strikes)


# -- Defense ----------------------------------------------------------------------------------

@pytest.mark.parametrize("roll,avoided", [(8, True), (7, False)])
def test_defense_roll(b, roll, avoided):
    a, t = fight(b, "Timber Wolf", "Knight of Westlock")  # Defense 8+, once a round
    s = script(d12=[roll], d6=[] if avoided else [1, 1, 1, 1])
    r = resolve_attack(b, a, "Bite", t, s)
    used_up(s)
    assert (r.main.defense_roll, r.main.defense, r.main.avoided) == (roll, 8, avoided)


def test_defense_uses_are_tracked_and_reset(b):
    a, t = fight(b, "Timber Wolf", "Knight of Westlock")
    apply(b, resolve_attack(b, a, "Bite", t, script(d12=[9])))
    assert t.extra["defense_used"] == {"0": 1}
    s = script(d6=[1, 1, 1, 1])  # no d12: the Defense is spent
    assert resolve_attack(b, a, "Bite", t, s).main.defense_roll is None
    used_up(s)
    reset_defenses(b)
    assert "defense_used" not in t.extra
    assert resolve_attack(b, a, "Bite", t, script(d12=[12])).main.avoided


def test_unlimited_defense_is_never_spent(b):
    a, t = fight(b, "Timber Wolf", "Moonglow Faerie")  # 6+ unlimited
    for _ in range(3):
        r = resolve_attack(b, a, "Bite", t, script(d12=[6]))
        apply(b, r)
        assert r.main.avoided


def test_no_ranged_defense_does_not_work_against_ranged(b):
    t = b.add_creature("Feral Bobcat", "ym", "B2")  # 8+ No Ranged
    s = script(d6=[1] * 6, d12=[1])  # Fireball: no Defense roll, effect die 1
    r = resolve_attack(b, b.mages["dm"], "Fireball", t, s)
    used_up(s)
    assert r.main.defense_roll is None
    w = b.add_creature("Timber Wolf", "dm", "B2")
    assert resolve_attack(b, w, "Bite", t, script(d12=[8])).main.avoided


@pytest.mark.parametrize("how", ["unavoidable attack", "falcon precision", "perfect strike", "zone"])
def test_unavoidable_skips_defense(b, how):
    t = b.add_creature("Knight of Westlock", "ym", "B2")
    if how == "unavoidable attack":
        s = script(d6=[1, 1, 1], d12=[1])
        r = resolve_attack(b, b.mages["dm"], "Geyser", t, s)
    elif how == "zone":
        b.mages["dm"].zone = "B2"
        s = script(d6=[1, 1], d12=[1])
        r = resolve_zone_attack(b, b.mages["dm"], "Blinding Flash", "B2", s)
    else:
        kw = {"enchantments": ["Falcon Precision"]} if how == "falcon precision" \
            else {"conditions": {"Perfect Strike": 1}}
        w = b.add_creature("Timber Wolf", "dm", "B2", **kw)
        s = script(d6=[1, 1, 1, 1])
        r = resolve_attack(b, w, "Bite", t, s)
    used_up(s)
    assert r.main.defense_roll is None and not r.main.avoided


@pytest.mark.parametrize("conditions,roll,avoided", [
    ({"Daze": 1}, 9, False),        # 9 - 2 = 7 < 8
    ({"Daze": 1}, 10, True),
    ({"Daze": 2}, 11, False),       # 11 - 4
    ({"Cripple": 1}, 9, False),     # Restrained: -2
    ({"Cripple": 1}, 10, True),
])
def test_daze_and_restrained_lower_the_defense_roll(b, conditions, roll, avoided):
    a, t = fight(b, "Timber Wolf", "Knight of Westlock", t={"conditions": conditions})
    r = resolve_attack(b, a, "Bite", t, ScriptedSource(d12=[roll], fallback=SeededSource(1)))
    assert r.main.avoided is avoided
    assert r.main.defense_modifier == -2 * conditions.get("Daze", 0) - 2 * conditions.get("Cripple", 0)


def test_incapacitated_target_cannot_defend(b):
    a, t = fight(b, "Timber Wolf", "Knight of Westlock", t={"conditions": {"Stun": 1}})
    s = script(d6=[3, 3, 3, 3])
    r = resolve_attack(b, a, "Bite", t, s)
    used_up(s)
    assert r.main.defense_roll is None and r.main.damage == 4 - 3 + 0  # armor 3


def test_use_defense_false_skips_it(b):
    a, t = fight(b, "Timber Wolf", "Knight of Westlock")
    s = script(d6=[1, 1, 1, 1])
    assert resolve_attack(b, a, "Bite", t, s, use_defense=False).main.defense_roll is None


# -- dice, armor, damage ----------------------------------------------------------------------

@pytest.mark.parametrize("d6,armor_used,damage", [
    ([4, 4, 4, 6], 5, 3),    # normal 6 crit 2 vs armor 5: 2 + 1
    ([6, 6, 5, 1], 5, 5),    # criticals ignore armor
    ([3, 3, 4, 1], 5, 0),    # normal 4 < armor
])
def test_armor_reduces_normal_damage_only(b, d6, armor_used, damage):
    a, t = fight(b, "Timber Wolf", "Iron Golem")
    r = resolve_attack(b, a, "Bite", t, script(d6=d6))
    assert (r.main.armor, r.main.damage) == (armor_used, damage)


def test_piercing_strike_lowers_armor(b):
    a, t = fight(b, "Timber Wolf", "Iron Golem", a={"conditions": {"Piercing Strike": 1}})
    r = resolve_attack(b, a, "Bite", t, script(d6=[4, 4, 4, 6]))
    assert (r.main.armor, r.main.damage) == (2, 6)
    assert r.once_used == ["Piercing Strike"]


def test_piercing_never_below_zero(b):
    a, t = fight(b, "Brogan Bloodstone", "Bitterwood Fox")  # Piercing +3 vs armor 0
    r = resolve_attack(b, a, "Vorpal Blade", t, script(d6=[3, 3, 3, 3]))
    assert (r.main.armor, r.main.damage) == (0, 4)


def test_incorporeal_counts_only_ones_unless_ethereal(b):
    a, t = fight(b, "Timber Wolf", "Grey Wraith")
    r = resolve_attack(b, a, "Bite", t, script(d6=[3, 4, 5, 6]))  # 1, 2, 1*, 2*
    assert (r.main.normal, r.main.critical, r.main.damage) == (3, 3, 2)
    wraith = b.add_creature("Grey Wraith", "dm", "B2")  # Hand of Death is Ethereal
    r = resolve_attack(b, wraith, "Hand of Death", t, script(d6=[4, 4, 6], d12=[1]))
    assert r.main.damage == 6


def test_incorporeal_takes_no_effects_from_non_ethereal_attacks(b):
    t = b.add_creature("Grey Wraith", "ym", "B2")
    s = script(d6=[5, 1, 1, 1, 1, 1])  # Fireball, no effect die rolled
    r = resolve_attack(b, b.mages["dm"], "Fireball", t, s)
    used_up(s)
    assert r.main.effect_roll is None and r.main.damage == 1


def test_damage_immunity_no_dice_no_damage_no_effects(b):
    t = b.add_creature("Fire Elemental", "ym", "B2")
    s = script()
    r = resolve_attack(b, b.mages["dm"], "Fireball", t, s)
    assert r.main.immune and r.main.damage == 0 and r.main.faces == [] and r.main.conditions == []


def test_poison_damage_cannot_hurt_nonliving(b):
    a, t = fight(b, "Goblin Alchemist", "Skeletal Sentry")
    r = resolve_attack(b, a, "Poison Dagger", t, script())
    assert r.main.immune


def test_indestructible_takes_no_damage(b):
    a, t = fight(b, "Timber Wolf", "Bitterwood Fox", t={"traits": ["Indestructible"]})
    r = resolve_attack(b, a, "Bite", t, script(d6=[6, 6, 6, 6]))
    assert r.main.critical == 8 and r.main.damage == 0


def test_critical_damage_trait_ignores_armor(b):
    t = b.add_creature("Iron Golem", "ym", "B2")
    a = b.add_creature("Timber Wolf", "dm", "B2")
    crit = Attack("Test Bite", "quick", "melee", (0, 0), 2, traits=("Critical Damage",))
    r = resolve_attack(b, a, crit, t, script(d6=[4, 4]))
    assert (r.main.armor, r.main.damage) == (0, 4)


# -- the effect die ---------------------------------------------------------------------------

@pytest.mark.parametrize("target,roll,conditions,total", [
    ("Timber Wolf", 3, [], 3),
    ("Timber Wolf", 4, ["Burn"], 4),
    ("Timber Wolf", 11, ["Burn", "Burn"], 11),
    ("Bloodcrag Minotaur", 11, ["Burn"], 9),        # Tough -2
    ("Bridge Troll", 9, ["Burn", "Burn"], 11),      # Flame +2 moves the effect roll too
    ("Dark Pact Slayer", 5, [], 3),                 # Flame -2
])
def test_effect_die_and_its_modifiers(b, target, roll, conditions, total):
    t = b.add_creature(target, "ym", "B2", stats={"life": 99})
    n = 6 + (2 if target == "Bridge Troll" else -2 if target == "Dark Pact Slayer" else 0)
    s = script(d6=[1] * n, d12=[roll])
    r = resolve_attack(b, b.mages["dm"], "Fireball", t, s)
    used_up(s)
    assert (r.main.effect_roll, r.main.effect_total, r.main.conditions) == (roll, total, conditions)


def test_burnproof_target_ignores_burn(b):
    t = b.add_creature("Iron Golem", "ym", "B2")  # Burnproof
    r = resolve_attack(b, b.mages["dm"], "Fireball", t, script(d6=[1] * 6, d12=[12]))
    assert r.main.conditions == [] and r.main.ignored == ["Burn", "Burn"]


@pytest.mark.parametrize("condition,card,blocked", [
    ("Rot", "Skeletal Sentry", True), ("Weak", "Iron Golem", True),
    ("Cripple", "Timber Wolf", False), ("Rot", "Timber Wolf", False),
    ("Sleep", "Mana Leech", True), ("Sleep", "Timber Wolf", False),
    ("Burn", "Grey Wraith", True), ("Burn", "Firebrand Imp", True),
])
def test_condition_immunities(b, condition, card, blocked):
    t = b.add_creature(card, "ym", "B2")
    assert (condition_block(b, t, condition) is not None) is blocked


@pytest.mark.parametrize("condition", ["Daze", "Stun", "Cripple", "Slam", "Sleep"])
def test_conjurations_cannot_be_dazed_stunned_or_crippled(b, condition):
    wall = b.add_conjuration("Wall of Stone", "ym", "B2", border="C2")
    assert condition_block(b, wall, condition)


def test_lightning_bolt_stun_does_not_stick_to_a_wall(b):
    wall = b.add_conjuration("Wall of Stone", "ym", "B2", border="C2")
    r = resolve_attack(b, b.mages["dm"], "Lightning Bolt", wall, script(d6=[1] * 5, d12=[10]))
    assert r.main.conditions == [] and r.main.ignored == ["Stun"]


def test_slam_on_an_unmovable_creature_is_daze(b):
    t = b.add_creature("Iron Golem", "ym", "B2")
    r = resolve_attack(b, b.mages["dm"], "Force Hammer", t, script(d6=[1] * 6, d12=[8]))
    assert r.main.conditions == ["Daze"]


def test_sweeping_does_nothing_without_a_second_target(b):
    a, t = fight(b, "Dwarf Kriegsbiel", "Bitterwood Fox")
    r = resolve_attack(b, a, "Sweeping Attack", t, script(d6=[1] * 4))
    assert len(r.strikes) == 1 and any("no second" in x for x in lines(r.steps))
    # solo rolled it and said so: no by-hand line about making the second attack yourself
    assert not any("By hand (Sweeping)" in x for x in lines(r.steps)), lines(r.steps)


# -- push and bash ----------------------------------------------------------------------------

def test_push_moves_the_target_by_the_compass(b):
    t = b.add_creature("Timber Wolf", "ym", "B2")
    s = script(d6=[1, 1], d12=[5, 4])  # effect 5 = Push; compass 4 = east
    r = resolve_attack(b, b.mages["dm"], "Jet Stream", t, s)
    used_up(s)
    assert (r.main.push.direction, r.main.push.to) == ("east", "C2")
    apply(b, r)
    assert t.zone == "C2"


def test_push_into_the_arena_edge_bashes(b):
    t = b.add_creature("Timber Wolf", "ym", "A2")
    s = script(d6=[1, 1, 4, 4, 6], d12=[5, 10])  # compass 10 = west: off the arena
    r = resolve_attack(b, b.mages["dm"], "Jet Stream", t, s)
    used_up(s)
    assert r.main.push.blocked_by == "the arena edge" and r.main.push.to == "A2"
    bash = r.strikes[1]
    assert (bash.role, bash.attack, bash.dice, bash.armor) == ("bash", BASH.name, 3, 2)
    assert bash.damage == 2 + (4 - 2)  # 2* ignores armor; 2+2 normal minus armor 2
    assert bash.side == "dm"


def test_push_into_a_passage_blocked_wall_bashes_and_the_bash_is_unavoidable(b):
    b.add_conjuration("Wall of Stone", "ym", "B2", border="C2")
    t = b.add_creature("Knight of Westlock", "ym", "B2")  # Defense 8+: not used against a bash
    s = script(d6=[1, 1, 1, 1, 1], d12=[5, 5])
    r = resolve_attack(b, b.mages["dm"], "Jet Stream", t, s, use_defense=False)
    used_up(s)
    assert r.main.push.blocked_by is not None and r.strikes[1].role == "bash"
    assert r.strikes[1].defense_roll is None


def test_unmovable_and_flying_at_the_edge(b):
    golem = b.add_creature("Iron Golem", "ym", "A2")
    s = script(d6=[1] * 2, d12=[5])  # no compass roll for an Unmovable creature
    r = resolve_attack(b, b.mages["dm"], "Jet Stream", golem, s)
    used_up(s)
    assert r.main.push is None
    bat = b.add_creature("Darkfenne Bat", "ym", "A2")  # Flying: walls a card put there it
    b.add_conjuration("Wall of Stone", "ym", "A2", border="A3")  # flies over (south, below)
    s = script(d6=[1] * 4, d12=[5, 7])
    r = resolve_attack(b, b.mages["dm"], "Jet Stream", bat, s)
    used_up(s)
    assert r.main.push.blocked_by is None and r.main.push.to == "A3" and len(r.strikes) == 1
    bat.zone = "A2"
    s = script(d6=[1] * 4 + [1] * 3, d12=[5, 10])  # west, into the arena's edge: Bashed, flyer or not
    r = resolve_attack(b, b.mages["dm"], "Jet Stream", bat, s)
    used_up(s)
    assert r.main.push.blocked_by == "the arena edge" and r.strikes[1].role == "bash"


def test_pushed_through_a_passage_attacks_wall(b):
    b.add_conjuration("Wall of Fire", "ym", "B2", border="C2", id="ym-wall")
    t = b.add_creature("Timber Wolf", "ym", "B2", stats={"life": 99})
    s = script(d6=[1, 1] + [1] * 5, d12=[5, 5, 1])
    r = resolve_attack(b, b.mages["dm"], "Jet Stream", t, s)
    used_up(s)
    assert [x.role for x in r.strikes] == ["attack", "passage attack"]
    assert r.strikes[1].attacker == "ym-wall" and r.main.push.to == "C2"


# -- additional strikes, vampiric, counterstrike, damage barriers -----------------------------

def test_triplestrike_rolls_three_times(b):
    a, t = fight(b, "Darkfenne Hydra", "Iron Golem")
    s = script(d6=[6, 6, 6, 1, 1, 1, 4, 4, 4])
    r = resolve_attack(b, a, "Triple Bite", t, s)
    used_up(s)
    assert [x.role for x in r.strikes] == ["attack", "second strike", "third strike"]
    assert [x.damage for x in r.strikes] == [6, 0, 1]
    assert r.damage_to(t.id) == 7


def test_doublestrike_each_strike_meets_the_defense_and_melee_bonus_once(b):
    a, t = fight(b, "Kumanjaran Leopard", "Knight of Westlock", a={"traits": ["Melee +1"]})
    s = script(d12=[12], d6=[1, 1, 1])
    r = resolve_attack(b, a, "Wild Slashing", t, s)
    used_up(s)
    first, second = r.strikes
    assert first.avoided and first.dice == 4
    assert second.defense_roll is None and second.dice == 3  # Defense spent; no Melee +1


def test_ranged_bonus_counts_on_the_first_strike_only(b):
    """The complete codex's Ranged +X, like Melee +X: in an action of several attacks, only the
    first gains it (it was on every strike of a Triplestrike)."""
    a, t = fight(b, "Ludwig Boltstorm", "Timber Wolf", a={"traits": ["Ranged +1"]},
                 t={"stats": {"life": 99}})
    r = resolve_attack(b, a, "Repeating Crossbow", t, any_dice())
    assert [x.role for x in r.strikes] == ["attack", "second strike", "third strike"]
    assert [x.dice for x in r.strikes] == [4, 3, 3]


@pytest.mark.parametrize("damaged,dice", [(0, [3, 4]), (1, [4, 3])])
def test_bloodthirsty_goes_to_the_first_strike_that_can_take_it(b, damaged, dice):
    """The complete codex: in an action of several attacks, Bloodthirsty +X counts on the first
    that can take it. Goran's Doublestrike at an undamaged Living creature: the first strike
    wounds it, so the second gains the die; at a damaged one, the first strike takes it."""
    a, t = fight(b, "Goran, Werewolf Pet", "Timber Wolf", t={"stats": {"life": 99}})
    a.extra["pet"] = False  # not the Warlock's Pet here: no Melee +1 beside its mage
    t.damage = damaged
    s = script(d12=[1], d6=[6, 6, 6] + [6] * 4)  # all 2* crits: the first strike wounds it
    r = resolve_attack(b, a, "Feral Claws", t, s, use_defense=False)
    assert [x.dice for x in r.strikes if x.attacker == a.id] == dice


def test_sweeping_second_target(b):
    a, t = fight(b, "Dwarf Kriegsbiel", "Bitterwood Fox")
    other = b.add_creature("Timber Wolf", "ym", "B2")
    r = resolve_attack(b, a, "Sweeping Attack", t, script(d6=[3] * 8), sweep_target=other)
    assert [(x.role, x.target) for x in r.strikes] == [("attack", t.id), ("sweep", other.id)]


@pytest.mark.parametrize("attacker_damage,target,d6,healed", [
    (10, "Bitterwood Fox", [4, 4, 3, 1, 1], 3),    # 5 damage -> heals 3 (rounded up)
    (1, "Bitterwood Fox", [4, 4, 3, 1, 1], 1),     # capped by the attacker's damage
    (10, "Skeletal Sentry", [4, 4, 3, 1, 1], 0),   # Nonliving target
])
def test_vampiric(b, attacker_damage, target, d6, healed):
    a, t = fight(b, "Necropian Vampiress", target, a={"damage": attacker_damage})
    r = resolve_attack(b, a, "Fangs", t, script(d6=d6))
    assert r.main.healed == healed
    apply(b, r)
    assert a.damage == attacker_damage - healed


def test_vampiric_counts_only_damage_up_to_the_targets_life(b):
    a, t = fight(b, "Necropian Vampiress", "Bitterwood Fox", a={"damage": 10},
                 t={"damage": 4})  # 1 life left
    r = resolve_attack(b, a, "Fangs", t, script(d6=[6, 6, 6, 6, 6]))
    assert r.main.damage == 10 and r.main.healed == 1


def test_counterstrike_answers_a_melee_attack(b):
    a, t = fight(b, "Timber Wolf", "Darkfenne Hydra")
    s = script(d6=[1, 1, 1, 1, 6, 6, 1, 1])
    r = resolve_attack(b, a, "Bite", t, s)
    used_up(s)
    cs = r.strikes[1]
    assert (cs.role, cs.attacker, cs.target, cs.attack, cs.damage) == (
        "counterstrike", t.id, a.id, "Snapping Bite", 4)


def test_no_counterstrike_against_ranged_when_incapacitated_or_destroyed(b):
    hydra = b.add_creature("Darkfenne Hydra", "ym", "B2")
    archer = b.add_creature("Gorgon Archer", "dm", "B2")
    assert len(resolve_attack(b, archer, "Poison Bow", hydra,
                              script(d6=[1] * 4, d12=[1])).strikes) == 1
    hydra.conditions["Stun"] = 1
    r = resolve_attack(b, archer, "Claws", hydra, script(d6=[1] * 2))
    assert len(r.strikes) == 1 and any("cannot counterstrike" in x for x in lines(r.steps))
    hydra.conditions.clear()
    hydra.damage = 14
    r = resolve_attack(b, archer, "Claws", hydra, script(d6=[6, 6]))
    assert len(r.strikes) == 1 and r.main.destroyed


def test_a_guarding_creature_counterstrikes(b):
    a, t = fight(b, "Timber Wolf", "Bitterwood Fox", t={"guarding": True})
    r = resolve_attack(b, a, "Bite", t, script(d6=[1] * 4 + [3] * 3))
    assert r.strikes[1].role == "counterstrike" and r.strikes[1].damage == 1
    apply(b, r)
    assert t.guarding is False


def test_damage_barrier_hits_an_enemy_melee_attacker(b):
    a, t = fight(b, "Timber Wolf", "Fire Elemental")
    s = script(d6=[1] * 4 + [6, 6], d12=[9])
    r = resolve_attack(b, a, "Bite", t, s)
    used_up(s)
    barrier = r.strikes[1]
    assert (barrier.role, barrier.target, barrier.damage, barrier.conditions) == (
        "damage barrier", a.id, 4, ["Burn", "Daze"])


def test_damage_barrier_not_against_ranged_or_friends(b):
    elemental = b.add_creature("Fire Elemental", "ym", "B2")
    archer = b.add_creature("Gorgon Archer", "dm", "B2")
    assert len(resolve_attack(b, archer, "Poison Bow", elemental, script(d6=[1] * 4)).strikes) == 1
    friend = b.add_creature("Timber Wolf", "ym", "B2")
    assert len(resolve_attack(b, friend, "Bite", elemental, script(d6=[1] * 4)).strikes) == 1


def test_damage_barrier_from_an_enchantment(b):
    a, t = fight(b, "Timber Wolf", "Bitterwood Fox", t={"enchantments": ["Circle of Fire"]})
    r = resolve_attack(b, a, "Bite", t, script(d6=[1] * 6, d12=[1]))
    assert r.strikes[1].role == "damage barrier" and r.strikes[1].attack == "Searing Heat"


# -- apply, destruction, tally, heal ----------------------------------------------------------

def test_resolve_does_not_change_the_board(b):
    a, t = fight(b, "Timber Wolf", "Darkfenne Hydra")
    before = b.to_dict()
    resolve_attack(b, a, "Bite", t, SeededSource(5))
    assert b.to_dict() == before


def test_apply_puts_damage_and_conditions_on_the_board(b):
    t = b.add_creature("Timber Wolf", "ym", "B2")
    r = resolve_attack(b, b.mages["dm"], "Fireball", t, script(d6=[4, 4, 1, 1, 1, 1], d12=[11]))
    done = apply(b, r)
    assert (t.damage, t.conditions) == (2, {"Burn": 2}) and done.destroyed == []


def test_destroyed_dm_creature_goes_to_the_discard_pile_and_counts_for_you(b):
    w = b.add_creature("Timber Wolf", "dm", "B2", damage=8)
    fox = b.add_creature("Bitterwood Fox", "ym", "B2")
    r = resolve_attack(b, fox, "Bite", w, script(d6=[6, 1, 1]))
    done = apply(b, r)
    assert done.destroyed == [w.id] and b.find(w.id) is None
    assert b.discards["creature"] == ["Timber Wolf"]
    assert b.extra["tally"] == {"dm": 0, "ym": 9}


def test_dm_destroying_your_creature_adds_to_its_tally(b):
    fox = b.add_creature("Bitterwood Fox", "ym", "B2")
    r = resolve_attack(b, b.mages["dm"], "Fireball", fox, script(d6=[6, 6, 6, 1, 1, 1]))
    apply(b, r)
    assert b.extra["tally"] == {"dm": 5, "ym": 0} and b.discards["creature"] == []


def test_friendly_fire_counts_for_nobody(b):
    b.mages["dm"].zone = "B2"
    b.add_creature("Bitterwood Fox", "dm", "B2", damage=4)
    r = resolve_zone_attack(b, b.mages["dm"], "Blinding Flash", "B2", script(d6=[6, 6]))
    apply(b, r)
    assert b.extra["tally"] == {"dm": 0, "ym": 0} and b.discards["creature"] == ["Bitterwood Fox"]


def test_mages_are_never_removed(b):
    b.mages["ym"].damage = 35
    r = resolve_attack(b, b.mages["dm"], "Fireball", b.mages["ym"], script(d6=[6] * 6))
    done = apply(b, r)
    assert b.mages["ym"].damage == 47 and done.defeated == ["ym"] and done.destroyed == []


def test_sleeping_creature_wakes_up_dazed_when_damaged(b):
    a, t = fight(b, "Timber Wolf", "Bitterwood Fox", t={"conditions": {"Sleep": 1}})
    apply(b, resolve_attack(b, a, "Bite", t, script(d6=[3, 1, 1, 1])))
    assert t.conditions == {"Daze": 1}


def test_once_markers_are_recorded_when_used(b):
    a, t = fight(b, "Timber Wolf", "Bitterwood Fox", a={"conditions": {"Perfect Strike": 1}})
    apply(b, resolve_attack(b, a, "Bite", t, script(d6=[1] * 4)))
    assert a.extra["once_used"] == ["Perfect Strike"]


@pytest.mark.parametrize("card,damage,amount,healed", [
    ("Timber Wolf", 5, 3, 3), ("Timber Wolf", 2, 8, 2), ("Skeletal Sentry", 5, 3, 0),
])
def test_heal(b, card, damage, amount, healed):
    p = b.add_creature(card, "dm", "B2", damage=damage)
    assert heal(b, p, amount) == healed and p.damage == damage - healed


def test_finite_life_cannot_heal(b):
    p = b.add_creature("Timber Wolf", "dm", "B2", damage=5, traits=["Finite Life"])
    assert heal(b, p, 3) == 0 and p.damage == 5


def test_an_attack_without_dice_is_refused(b):
    p = b.add_creature("Huginn, Raven Familiar", "dm", "B2")
    t = b.add_creature("Timber Wolf", "ym", "B2")
    with pytest.raises(SoloError, match="no attack dice"):
        resolve_attack(b, p, "Raven's Eye", t, script())
    with pytest.raises(SoloError, match="its attacks: Beak"):
        resolve_attack(b, p, "Peck", t, script())


# -- statistics -------------------------------------------------------------------------------

def exact(n_dice: int, armor: int) -> tuple[float, float]:
    """Mean and standard deviation of damage by enumerating all 6^n faces."""
    values = []
    for faces in itertools.product(D6_FACES, repeat=n_dice):
        normal = sum(int(f[0]) for f in faces if f != "-" and not f.endswith("*"))
        crit = sum(int(f[0]) for f in faces if f.endswith("*"))
        values.append(crit + max(0, normal - armor))
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / len(values)
    return mean, math.sqrt(var)


@pytest.mark.parametrize("attacker,attack,target,n_dice,armor,seed", [
    ("Timber Wolf", "Bite", "Timber Wolf", 4, 2, 11),
    ("Iron Golem", "Iron Fists", "Iron Golem", 6, 5, 12),
])
def test_mean_damage_after_armor_matches_the_exact_value(b, attacker, attack, target, n_dice,
                                                         armor, seed):
    a, t = fight(b, attacker, target, t={"stats": {"life": 10_000}})
    mean, sd = exact(n_dice, armor)
    n = 3000
    source = SeededSource(seed)
    total = 0
    for _ in range(n):
        r = resolve_attack(b, a, attack, t, source)
        assert r.main.dice == n_dice and r.main.armor == armor
        total += r.main.damage
    assert abs(total / n - mean) < 4 * sd / math.sqrt(n)


def test_exact_mean_is_sane():
    assert exact(1, 0)[0] == pytest.approx(1.0)
    assert exact(4, 2)[0] < 4.0


def test_defense_avoids_five_twelfths_of_attacks(b):
    a, t = fight(b, "Timber Wolf", "Knight of Westlock")  # 8+: 5 of 12 faces
    n, p = 3000, 5 / 12
    source = SeededSource(21)
    avoided = sum(resolve_attack(b, a, "Bite", t, source).main.avoided for _ in range(n))
    assert abs(avoided - n * p) < 4 * math.sqrt(n * p * (1 - p))


# -- scenarios --------------------------------------------------------------------------------

def test_fireball_at_a_timber_wolf(b):
    wolf = b.add_creature("Timber Wolf", "ym", "C1")
    for seed in range(40):
        r = resolve_attack(b, b.mages["dm"], "Fireball", wolf, SeededSource(seed))
        m = r.main
        assert m.dice == 6 and m.armor == 2 and not m.avoided
        assert m.damage == m.critical + max(0, m.normal - 2)
        if m.effect_roll is not None:
            expect = [] if m.effect_roll < 4 else ["Burn"] if m.effect_roll <= 10 else ["Burn"] * 2
            assert m.conditions == expect
        else:
            assert m.destroyed
    r = resolve_attack(b, b.mages["dm"], "Fireball", wolf, script(d6=[6, 6, 4, 3, 1, 1], d12=[7]))
    apply(b, r)
    assert wolf.damage == 4 + 1 and wolf.conditions == {"Burn": 1}


def test_iron_golem_fists_against_armor(b):
    golem = b.add_creature("Iron Golem", "dm", "B2")
    knight = b.add_creature("Knight of Westlock", "ym", "B2")  # armor 3, Defense 8+
    s = script(d12=[2], d6=[4, 4, 4, 3, 5, 1])  # normal 7, critical 1
    r = resolve_attack(b, golem, "Iron Fists", knight, s)
    used_up(s)
    assert (r.main.dice, r.main.armor, r.main.normal, r.main.critical, r.main.damage) == \
        (6, 3, 7, 1, 5)
    apply(b, r)
    assert knight.damage == 5 and knight.extra["defense_used"] == {"0": 1}


def test_blinding_flash_hits_the_dm_creatures_in_its_zone_but_not_the_caster(b):
    dm = b.mages["dm"]
    dm.zone = "B2"
    own = b.add_creature("Timber Wolf", "dm", "B2")
    golem = b.add_creature("Iron Golem", "dm", "B2")
    enemy = b.add_creature("Bitterwood Fox", "ym", "B2")
    b.add_conjuration("Wall of Stone", "ym", "B2", border="B1")  # on the border: not hit
    elsewhere = b.add_creature("Timber Wolf", "ym", "C2")
    s = script(d6=[5, 5] + [3, 3, 3, 3] + [3, 3], d12=[10, 4, 1])
    r = resolve_zone_attack(b, dm, "Blinding Flash", "B2", s)
    used_up(s)
    hit = [x.target for x in r.strikes]
    assert hit == [own.id, golem.id, enemy.id]
    assert dm.id not in hit and elsewhere.id not in hit
    assert [x.dice for x in r.strikes] == [2, 4, 2]  # +2 vs. Nonliving Creatures on the golem
    assert r.strikes[0].conditions == ["Stun"]
    assert r.strikes[1].ignored == [] and r.strikes[1].conditions == ["Daze"]
    apply(b, r)
    assert own.damage == 2 and own.conditions == {"Stun": 1} and dm.damage == 0


@given(st.text(alphabet=" 1.(éaZ-'", max_size=12))
def test_cap_capitalises_the_first_letter_wherever_it_is(line):
    # cap has a fast path for the letter right after the indent; any line gives what the
    # plain definition gives.
    first = next((i for i, ch in enumerate(line) if ch.isalpha()), None)
    expected = line if first is None else line[:first] + line[first].upper() + line[first + 1:]
    assert naming.cap(line) == expected


# -- words apart from rules ------------------------------------------------------------------

def test_an_attack_records_lines_as_said_and_text_words_every_one(b):
    from solo.rules.said import Said

    a, t = fight(b, "Timber Wolf", "Bitterwood Fox")
    r = resolve_attack(b, a, "Bite", t, script(d6=[6, 6, 6, 6], d12=[12]))
    out = apply(b, r)
    assert r.steps and all(isinstance(x, Said) for x in r.steps + out.lines)
    assert lines(r.steps)[0] == f"Timber Wolf ({a.id}) attacks Bitterwood Fox ({t.id}) with Bite (melee)."
    assert lines(out.lines) == [f"Remove Bitterwood Fox ({t.id}) from the arena: it is destroyed."]


def test_a_reason_is_a_code_worded_in_text_and_an_error_reads_as_its_sentence(b):
    wall = b.add_conjuration("Wall of Stone", "ym", "B2", border="B1")
    why = condition_block(b, wall, "Daze")
    assert why is not None and why.code == "block.conjuration"
    assert line(why) == str(why) == "conjurations cannot gain Daze"
    a = b.add_creature("Timber Wolf", "dm", "B2")
    with pytest.raises(SoloError) as err:
        resolve_attack(b, a, "Claws", wall, any_dice())
    assert str(err.value) == f"Timber Wolf ({a.id}) has no attack named 'Claws' (its attacks: Bite)"
