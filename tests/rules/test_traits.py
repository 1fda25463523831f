"""Traits and conditions of every Arena set, each pinned by what its codex entry says.

Scripted attack dice: d6 1,2 -> "-", 3 -> "1", 4 -> "2", 5 -> "1*", 6 -> "2*".
"""

import pytest

from solo.automaton import attacks as dm_attacks
from solo.automaton import creatures as dm_creatures
from solo.rules import decision as dm_decision
from solo.automaton import movement as dm_movement
from solo.automaton.plan import Plan
from solo.engine import turns
from solo.rules import targeting
from solo.rules import upkeep
from solo.rules.board import new_board
from solo.cards.catalog import Attack, Effect
from solo.rules.combat import apply, condition_block, reset_defenses, resolve_attack, resolve_zone_attack
from solo.rules.harm import heal
from solo.rules.dice import ScriptedSource, SeededSource
from solo.text.render import line
from solo.rules import effects


def script(d12=(), d6=()):
    return ScriptedSource(d12=list(d12), d6=list(d6))


def used_up(source):
    assert source.remaining(12) == [] and source.remaining(6) == [], "unused scripted dice"


def hit(dice=3, effects=(), traits=("Unavoidable",), kind="melee", rng=(0, 0), name="Test Hit",
        damage_type=None):
    """An attack made to measure: Unavoidable by default, so no Defense roll gets in the way."""
    return Attack(name=name, action="quick", kind=kind, range=rng, dice=dice,
                  damage_type=damage_type, effects=tuple(effects), traits=tuple(traits))


def always(*conditions):
    return (Effect(1, None, tuple(conditions)),)


@pytest.fixture
def b():
    return new_board(dm_zone="A1", ym_zone="D3")


# -- Resilient: only critical damage from attacks --------------------------------------------

def test_resilient_target_ignores_normal_damage(b):
    a = b.add_creature("Timber Wolf", "ym", "B2")
    z = b.add_creature("Zombie Minion", "dm", "B2")  # Resilient, armor 0
    src = script(d6=[4, 4, 6])  # 2, 2, 2*: normal 4, critical 2
    r = resolve_attack(b, a, hit(3), z, src, first_strike=False)
    assert r.main.damage == 2
    used_up(src)


def test_resilient_does_not_stop_direct_damage(b):
    z = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Rot": 2}, traits=["Resilient"])
    upkeep.upkeep(b, script(), "dm")
    assert z.damage == 2


def test_without_resilient_the_same_dice_do_full_damage(b):
    a = b.add_creature("Timber Wolf", "ym", "B2")
    t = b.add_creature("Goblin Grunt", "dm", "B2", stats={"life": 20, "cost": 4})
    r = resolve_attack(b, a, hit(3), t, script(d6=[4, 4, 6]), first_strike=False)
    assert r.main.damage == 6


# -- Tainted: 3 damage that never heals --------------------------------------------------------

def test_tainted_counts_three_damage_toward_destruction(b):
    a = b.add_creature("Timber Wolf", "ym", "B2")
    t = b.add_creature("Timber Wolf", "dm", "B2", damage=7)  # life 10
    r = resolve_attack(b, a, hit(1, always("Tainted")), t, script(d6=[1], d12=[5]),
                       first_strike=False)
    assert r.main.damage == 0 and r.main.conditions == ["Tainted"]
    out = apply(b, r)
    assert t.id in out.destroyed and b.find(t.id) is None


def test_tainted_damage_cannot_be_healed(b):
    t = b.add_creature("Timber Wolf", "dm", "B2", damage=2, conditions={"Tainted": 1})
    assert b.remaining_life(t) == 10 - 2 - 3
    assert heal(b, t, 9) == 2
    assert b.remaining_life(t) == 7  # the Tainted 3 stays


def test_tainted_is_a_poison_condition(b):
    z = b.add_creature("Zombie Minion", "dm", "B2")
    assert condition_block(b, z, "Tainted") is not None


# -- Corrode: armor -1 a marker, never below 0, the rest acid damage -----------------------------

def test_corrode_lowers_armor_and_excess_becomes_direct_acid_damage(b):
    a = b.add_creature("Goblin Grunt", "ym", "B2")
    t = b.add_creature("Timber Wolf", "dm", "B2")  # armor 2
    r = resolve_attack(b, a, hit(1, always("Corrode", "Corrode", "Corrode")), t,
                       script(d6=[1], d12=[5]), first_strike=False)
    assert r.main.conditions == ["Corrode", "Corrode"] and r.main.acid == 1
    apply(b, r)
    assert t.conditions["Corrode"] == 2 and b.armor(t) == 0 and t.damage == 1


def test_corrode_on_zero_armor_is_all_acid(b):
    a = b.add_creature("Goblin Grunt", "ym", "B2")
    t = b.add_creature("Bitterwood Fox", "dm", "B2")  # armor 0
    r = resolve_attack(b, a, hit(1, always("Corrode", "Corrode")), t, script(d6=[1], d12=[5]),
                       first_strike=False)
    apply(b, r)
    assert "Corrode" not in t.conditions and t.damage == 2


def test_corrode_has_no_effect_on_incorporeal(b):
    t = b.add_creature("Invisible Stalker", "dm", "B2")
    assert condition_block(b, t, "Corrode") is not None


def test_armor_counts_corrode_markers(b):
    t = b.add_creature("Steelclaw Grizzly", "dm", "B2", conditions={"Corrode": 2})
    assert b.armor(t) == 1 and b.base_armor(t) == 3


# -- Stuck: Restrained and Unmovable, 7+ escape per marker ----------------------------------------

def test_stuck_creature_is_restrained_and_unmovable(b):
    t = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Stuck": 1})
    assert b.restrained(t) and b.unmovable(t)


def test_stuck_escape_roll_per_marker_at_end_of_action_phase(b):
    t = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Stuck": 2})
    events = upkeep.end_action_phase(b, t, script(d12=[7, 6]))
    assert t.conditions["Stuck"] == 1
    assert [e.rolls for e in events if e.kind == "escape"] == [[7], [6]]


def test_stuck_holds_neither_conjurations_nor_uncontainable(b):
    jelly = b.add_creature("Devouring Jelly", "dm", "B2")  # Uncontainable
    wall = b.add_conjuration("Wall of Stone", "dm", "B2", border="B1")
    assert condition_block(b, jelly, "Stuck") and condition_block(b, wall, "Stuck")
    jelly.conditions["Stuck"] = 1
    assert not b.restrained(jelly)


def test_a_stuck_dm_creature_does_not_move(b):
    t = b.add_creature("Timber Wolf", "dm", "A1", conditions={"Stuck": 1})
    d = turns.creature_action(b, SeededSource(1))
    assert d.data["creature"] == t.id and not d.data.get("path") and t.zone == "A1"


# -- Snatch: pulled one zone toward the attacker -------------------------------------------------

def test_snatch_pulls_the_target_into_the_attackers_zone(b):
    a = b.add_creature("Merren Harpooner", "ym", "B2")
    t = b.add_creature("Timber Wolf", "dm", "C2")
    r = resolve_attack(b, a, hit(1, always("Snatch"), kind="ranged", rng=(1, 2)), t,
                       script(d6=[1], d12=[5]), first_strike=False)
    apply(b, r)
    assert t.zone == "B2"


def test_snatch_does_not_move_unmovable_or_uncontainable(b):
    a = b.add_creature("Merren Harpooner", "ym", "B2")
    golem = b.add_creature("Iron Golem", "dm", "C2")
    jelly = b.add_creature("Devouring Jelly", "dm", "C2")
    for t in (golem, jelly):
        r = resolve_attack(b, a, hit(1, always("Snatch"), kind="ranged", rng=(1, 2)), t,
                           script(d6=[1], d12=[5]), first_strike=False)
        apply(b, r)
        assert t.zone == "C2"


# -- Bleed: 1 direct damage a marker each upkeep, Living non-Plant only --------------------------

def test_bleed_hurts_each_upkeep(b):
    t = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Bleed": 2})
    events = upkeep.upkeep(b, script(), "dm")
    assert t.damage == 2 and any(e.kind == "bleed" and e.damage == 2 for e in events)
    upkeep.upkeep(b, script(), "dm")
    assert t.damage == 4


def test_bleed_does_not_touch_nonliving_or_plants(b):
    assert condition_block(b, b.add_creature("Zombie Minion", "dm", "B2"), "Bleed")
    assert condition_block(b, b.add_creature("Vine Snapper", "dm", "B2"), "Bleed")
    z = b.add_creature("Iron Golem", "dm", "C2", conditions={"Bleed": 1})
    upkeep.upkeep(b, script(), "dm")
    assert z.damage == 0 and "Bleed" not in z.conditions


def test_regeneration_removes_bleed_before_healing(b):
    t = b.add_creature("Timber Wolf", "dm", "B2", damage=4, conditions={"Bleed": 1},
                       traits=["Regenerate 2"])
    upkeep.upkeep(b, script(), "dm")
    # one point of Regenerate 2 removed the Bleed, the other healed 1; no bleeding left
    assert "Bleed" not in t.conditions and t.damage == 3


# -- Extinguish ------------------------------------------------------------------------------

def test_extinguish_takes_dice_and_effect_and_removes_burn(b):
    a = b.add_creature("Water Elemental", "ym", "B2")
    t = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Burn": 2})
    att = hit(5, (Effect(9, None, ("Daze",)),), traits=("Unavoidable", "Extinguish"))
    r = resolve_attack(b, a, att, t, script(d6=[1, 1, 1], d12=[10]), first_strike=False)
    assert r.main.dice == 3 and r.main.effect_total == 8 and r.main.conditions == []
    apply(b, r)
    assert "Burn" not in t.conditions


# -- Devour and Zombie: obliteration ---------------------------------------------------------

def test_devour_kill_is_an_obliteration(b):
    a = b.add_creature("Vine Snapper", "ym", "B2")
    t = b.add_creature("Bitterwood Fox", "dm", "B2", damage=4)
    r = resolve_attack(b, a, hit(1, traits=("Unavoidable", "Devour")), t, script(d6=[6]),
                       first_strike=False)
    out = apply(b, r)
    assert t.id in out.destroyed and "obliterated" in line(out.lines[0])
    assert "Bitterwood Fox" not in b.discards["creature"]
    assert b.extra["tally"]["ym"] == 5  # still destroyed: it counts for the tally


def test_zombie_marker_gives_its_traits_and_obliterates(b):
    t = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Zombie": 1}, damage=9)
    for trait in ("Psychic Immunity", "Slow", "Nonliving", "Bloodthirsty"):
        assert b.has_trait(t, trait)
    assert not b.is_living(t)
    a = b.add_creature("Goblin Grunt", "ym", "B2")
    apply(b, resolve_attack(b, a, hit(1), t, script(d6=[6]), first_strike=False))
    assert b.find(t.id) is None and "Timber Wolf" not in b.discards["creature"]


# -- Rage --------------------------------------------------------------------------------------

def test_rage_token_when_damaged_by_an_enemy_creature_up_to_x(b):
    a = b.add_creature("Goblin Grunt", "ym", "B2")
    g = b.add_creature("Mountain Gorilla", "dm", "B2", stats={"armor": 0})  # Rage +3
    for _ in range(4):
        apply(b, resolve_attack(b, a, hit(1), g, script(d6=[4]), first_strike=False))
    assert g.conditions["Rage"] == 3
    assert b.has_trait(g, "Melee") and "Melee +3" in b.traits(g)


def test_rage_goes_with_healing(b):
    g = b.add_creature("Mountain Gorilla", "dm", "B2", damage=3, conditions={"Rage": 2})
    heal(b, g, 1)
    assert g.conditions["Rage"] == 1
    heal(b, g, 5)
    assert "Rage" not in g.conditions  # no damage left: every token goes


# -- Invisible and Obscured ------------------------------------------------------------------

def test_invisible_cannot_be_targeted_but_counts_as_pest_and_elusive(b):
    s = b.add_creature("Invisible Stalker", "ym", "B2")
    assert not targeting.can_target(b, "B2", s)
    assert b.has_trait(s, "Pest") and b.has_trait(s, "Elusive")
    wolf = b.add_creature("Timber Wolf", "dm", "B2")
    assert dm_attacks.legal_attacks(b, wolf, "B2", s, quick_only=False) == []


def test_zone_attacks_still_hit_the_invisible(b):
    s = b.add_creature("Invisible Stalker", "ym", "B2")
    r = resolve_zone_attack(b, b.mages["dm"], hit(2, traits=("Ethereal",), kind="zone"), "B2",
                            SeededSource(3))
    assert any(x.target == s.id for x in r.strikes)


def test_dm_creature_never_attacks_the_invisible(b):
    b.mages["ym"].zone = "D3"
    s = b.add_creature("Invisible Stalker", "ym", "B2")
    wolf = b.add_creature("Timber Wolf", "dm", "B2")
    d = turns.creature_action(b, SeededSource(2))
    assert d.data["creature"] == wolf.id and d.data.get("target") != s.id


def test_obscured_only_from_one_zone_away(b):
    t = b.add_creature("Timber Wolf", "ym", "B2", traits=["Obscured"])
    assert targeting.can_target(b, "B2", t) and targeting.can_target(b, "C2", t)
    assert not targeting.can_target(b, "D2", t)
    archer = b.add_creature("Merren Harpooner", "dm", "D2")
    harpoon = b.attacks(archer)[0]
    assert not targeting.can_reach(b, archer, harpoon, "D2", t)
    assert targeting.can_reach(b, archer, harpoon, "C2", t)


def test_rolling_fog_obscures_everything(b):
    t = b.add_creature("Timber Wolf", "ym", "B2")
    b.add_conjuration("Rolling Fog", "dm", "A1")
    assert not targeting.can_target(b, "D2", t)


def test_indirect_ignores_walls_but_not_invisibility(b):
    b.add_conjuration("Wall of Stone", "ym", "B2", border="C2")
    t = b.add_creature("Timber Wolf", "ym", "C2")
    assert not targeting.can_target(b, "B2", t)
    assert targeting.can_target(b, "B2", t, indirect=True)
    effects.apply(b, effects.GainTraits(t.id, ("Invisible",)))
    assert not targeting.can_target(b, "B2", t, indirect=True)


# -- Growth, Disable, Dissipate --------------------------------------------------------------

def test_growth_gives_life_and_melee(b):
    # only a creature whose card grows holds Growth (docs/rulings.md, "Markers that outlive
    # their cause")
    t = b.add_creature("Ravenous Ghoul", "dm", "B2", conditions={"Growth": 2})
    assert b.life(t) == 15 and "Melee +2" in b.traits(t)


def test_disable_takes_attacks_and_one_goes_each_reset(b):
    t = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Disable": 2})
    assert b.attacks(t) == []
    assert reset_defenses(b) == [t.id] and t.conditions["Disable"] == 1
    reset_defenses(b)
    assert "Disable" not in t.conditions and b.attacks(t)


def test_dissipate_destroys_after_its_tokens(b):
    p = b.add_creature("Force Phoenix", "dm", "B2")  # Dissipate 5
    for _ in range(4):
        upkeep.upkeep(b, script(), "dm")
        assert b.find(p.id) is not None
    events = upkeep.upkeep(b, script(), "dm")
    assert b.find(p.id) is None and any(e.kind == "dissipated" for e in events)
    assert b.extra.get("tally", {}).get("ym", 0) == 0  # nobody destroyed it


def test_a_dissipating_object_that_dies_of_its_burns_scores(b):
    p = b.add_creature("Force Phoenix", "dm", "B2", damage=6, conditions={"Burn": 1})
    events = upkeep.upkeep(b, script(d6=[6]), "dm")  # 2* on the Burn die: 2 damage, life 7
    assert b.find(p.id) is None
    assert [e.kind for e in events if e.piece == p.id][-2:] == ["dissipate", "destroyed"]
    assert b.extra["tally"]["ym"] == 7


# -- Vigilant, Intercept, Unstoppable, Trample -----------------------------------------------

def test_vigilant_dm_creature_guards_at_the_end_of_its_action_phase(b):
    v = b.add_creature("Noble Vanguard", "dm", "B2")
    upkeep.end_action_phase(b, v, script())
    assert v.guarding


def test_your_vigilant_creature_gets_a_reminder_only(b):
    v = b.add_creature("Noble Vanguard", "ym", "B2")
    events = upkeep.end_action_phase(b, v, script())
    assert not v.guarding and [e.kind for e in events] == ["reminder"]


def test_your_guarding_interceptor_takes_a_ranged_attack_on_your_mage(b):
    b.mages["ym"].zone = "C2"
    guard = b.add_creature("Noble Vanguard", "ym", "C2", guarding=True)
    b.add_creature("Merren Harpooner", "dm", "A2")
    d = turns.creature_action(b, SeededSource(1))
    assert d.data["target"] == guard.id and d.data["intercepted_by"] == guard.id
    assert not guard.guarding


def test_unstoppable_is_never_hindered(b):
    w = b.add_creature("Water Elemental", "dm", "B2")
    b.add_creature("Timber Wolf", "ym", "B2")
    assert not dm_movement.hinders(b, w, "B2")
    assert b.unmovable(w) and b.has_trait(w, "Uncontainable")


def test_trample_as_it_leaves_a_zone_once_a_round(b):
    rhino = b.add_creature("Woolly Rhinoceros", "dm", "B2")
    fox = b.add_creature("Bitterwood Fox", "ym", "B2")
    d = dm_decision.Decision("move")
    rhino.zone = "C2"
    horn = b.attacks(rhino)[0]
    dm_creatures._attack(Plan(b, d.changes), d, rhino.id, "move-attack", ["C2"], horn, "ym",
                         start="B2")
    turns.carry_out(b, d)
    tramples = [p for p in d.attacks if p.attack.has("Trample")]
    assert len(tramples) == 1 and tramples[0].target == fox.id and not tramples[0].first
    assert d.attacks[0] is tramples[0]  # as it leaves: before the attack at the end of the move
    assert dm_movement.trample_attack(b, rhino) is None  # once a round
    b.round += 1
    assert dm_movement.trample_attack(b, rhino) is not None


def test_trample_never_targets_a_flyer(b):
    rhino = b.add_creature("Woolly Rhinoceros", "dm", "B2")
    b.add_creature("Gargoyle Sentry", "ym", "B2")
    assert dm_movement.trample_target(b, rhino, "B2", b.attacks(rhino)[1]) is None


# -- attacks that help, and card-text attack traits ------------------------------------------

def test_a_heal_attack_is_never_made_against_an_enemy(b):
    cleric = b.add_creature("Asyran Cleric", "dm", "B2")
    t = b.add_creature("Timber Wolf", "ym", "C2")
    assert dm_attacks.legal_attacks(b, cleric, "B2", t, quick_only=False) == []


def test_plus_four_to_the_effect_die_against_a_restrained_target(b):
    spider = b.add_creature("Giant Wolf Spider", "dm", "B2")
    t = b.add_creature("Timber Wolf", "ym", "B2", conditions={"Stuck": 1})
    fangs = b.attacks(spider)[0]
    r = resolve_attack(b, spider, fangs, t, script(d6=[1, 1], d12=[4]))
    assert r.main.effect_modifier == 4


def test_dm_sweeping_attack_takes_a_second_different_target(b):
    from solo.engine.resolve import resolve_decision

    b.mages["ym"].zone = "D3"
    sweeper = b.add_creature("Timber Wolf", "dm", "B2", stats={
        "life": 10, "cost": 30, "attacks": [{"name": "Tail Sweep", "action": "quick", "kind": "melee",
                                             "range": [0, 0], "dice": 3, "traits": ["Sweeping"]}]})
    fox = b.add_creature("Bitterwood Fox", "ym", "B2", active=False)
    wolf = b.add_creature("Timber Wolf", "ym", "B2", active=False)
    d = turns.creature_action(b, SeededSource(5))
    assert d.data["creature"] == sweeper.id
    assert {d.data["target"], d.data["sweep"]} == {fox.id, wolf.id}
    resolve_decision(b, d, SeededSource(5))
    roles = [(s.role, s.target) for s in d.results[0].strikes if s.role in ("attack", "sweep")]
    assert roles == [("attack", d.data["target"]), ("sweep", d.data["sweep"])]


def test_a_boxed_in_climbing_creature_climbs_over_a_wall(b):
    b.mages["ym"].zone = "D3"
    ape = b.add_creature("Mountain Gorilla", "dm", "A1")
    w1 = b.add_conjuration("Wall of Stone", "ym", "A1", border="B1")
    w2 = b.add_conjuration("Wall of Stone", "ym", "A1", border="A2")
    d = turns.creature_action(b, SeededSource(1))
    assert d.data["creature"] == ape.id and d.data["climbed"] in (w1.id, w2.id)
    assert d.data["path"] == [ape.zone] and ape.zone in ("B1", "A2")


def test_a_boxed_in_walker_attacks_the_wall_instead(b):
    b.mages["ym"].zone = "D3"
    wolf = b.add_creature("Timber Wolf", "dm", "A1")
    b.add_conjuration("Wall of Stone", "ym", "A1", border="B1")
    b.add_conjuration("Wall of Stone", "ym", "A1", border="A2")
    d = turns.creature_action(b, SeededSource(1))
    assert "climbed" not in d.data and wolf.zone == "A1" and d.action == "attack"


def test_a_taunted_dm_creature_attacks_its_taunter_first(b):
    b.mages["ym"].zone = "B2"  # your mage is right there too
    imp = b.add_creature("Skeelax, Taunting Imp", "ym", "B2", active=False)
    wolf = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Taunt": 1})
    d = turns.creature_action(b, SeededSource(1))
    assert d.data["creature"] == wolf.id and d.data["target"] == imp.id


def test_a_taunt_ends_when_its_taunter_is_activated(b):
    imp = b.add_creature("Skeelax, Taunting Imp", "ym", "B2")
    wolf = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Taunt": 1})
    events = upkeep.activate(b, imp)
    assert "Taunt" not in wolf.conditions and events[-1].removed == {"Taunt": 1}


def test_thorgs_taunt_from_the_next_zone_draws_the_creature_to_him(b):
    b.mages["ym"].zone = "A3"
    thorg = b.add_creature("Thorg, Chief Bodyguard", "ym", "C2", active=False)
    wolf = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Taunt": 1})
    d = turns.creature_action(b, SeededSource(1))
    assert d.action == "move-attack" and d.data["path"] == ["C2"] and d.data["target"] == thorg.id
    assert wolf.zone == "C2"


def test_thorgs_taunt_a_shooter_shoots_at_him(b):
    b.mages["ym"].zone = "A3"
    thorg = b.add_creature("Thorg, Chief Bodyguard", "ym", "C2", active=False)
    archer = b.add_creature("Merren Harpooner", "dm", "B2", conditions={"Taunt": 1})
    d = turns.creature_action(b, SeededSource(1))
    assert d.action == "attack" and d.data["target"] == thorg.id and archer.zone == "B2"


def test_thorgs_taunt_in_his_zone_takes_any_attack_at_him(b):
    """In Thorg's zone the taunted creature must make an attack that targets him: a shooter
    whose only attack is ranged (range 0-1) shoots him, not your mage beside him."""
    b.mages["ym"].zone = "B2"
    thorg = b.add_creature("Thorg, Chief Bodyguard", "ym", "B2", active=False)
    spear = b.add_creature("Gorgon Spearthrower", "dm", "B2", conditions={"Taunt": 1})
    d = turns.creature_action(b, SeededSource(1))
    assert d.data["creature"] == spear.id and d.data["target"] == thorg.id


def test_thorgs_taunt_does_not_hold_psychic_immune_creatures(b):
    b.add_creature("Thorg, Chief Bodyguard", "ym", "C2", active=False)
    z = b.add_creature("Zombie Minion", "dm", "B2", conditions={"Taunt": 1})
    assert dm_creatures.thorg_taunting(b, z) is None
