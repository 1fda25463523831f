"""Each rule of the Dummy Mage automaton (solo rules, docs/rulings.md)."""

import pytest

from solo.automaton import movement as dm_movement
from solo.engine import quickcast_turn
from solo.engine import turns
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource
from solo.text.render import line as sentence, lines as sentences


def board_with(dm_zone="A1", ym_zone="B2", stage="quickcast-1", **decks):
    b = new_board("Warlock", "Beastmaster", dm_zone=dm_zone, ym_zone=ym_zone, decks=decks)
    b.stage = stage
    return b


FULL = dict(creature=["Timber Wolf"], enchantment=["Bull Endurance"],
            incantation=["Knockdown"], attack=["Fireball"])


# -- quickcast table -------------------------------------------------------------------------

@pytest.mark.parametrize("first,action", [
    (1, "move"), (3, "move"), (4, "summon"), (7, "summon"),
    (11, "attack-spell"), (12, "attack-spell"),
])
def test_quickcast_table_ranges(first, action):
    b = board_with("B2", "C2", **FULL)
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[first, 5]))
    assert d.action == action
    assert d.rolls[0] == first


@pytest.mark.parametrize("second,action", [(1, "enchantment"), (6, "enchantment"),
                                           (7, "incantation"), (12, "incantation")])
@pytest.mark.parametrize("first", [8, 10])
def test_quickcast_8_to_10_rolls_again_for_the_deck(first, second, action):
    b = board_with("B2", "C2", **FULL)
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[first, second]))
    assert d.action == action and d.rolls == [first, second]


def test_no_reroll_when_an_enemy_is_within_2_zones():
    b = board_with("A1", "D3", **FULL)
    b.add_creature("Bitterwood Fox", "ym", "B2")  # 2 zones from A1
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[12]))
    assert d.rolls == [12] and d.action == "attack-spell"


def test_reroll_every_8_plus_while_far_from_every_enemy():
    b = board_with("A1", "D3", **FULL)  # 5 zones
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 12, 11, 6]))
    assert d.rolls == [8, 12, 11, 6] and d.action == "summon"


@pytest.mark.parametrize("zone,roll,expected", [
    ("A1", 2, "A1"),   # north edge
    ("A1", 11, "A1"),  # west edge
    ("A1", 8, "A2"),   # south
    ("D3", 5, "D3"),   # east edge
    ("B2", 1, "B1"),
])
def test_quickcast_move_and_arena_edges(zone, roll, expected):
    b = board_with(zone, "C2" if zone != "C2" else "B2")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[1, roll]))
    assert d.action == "move" and d.data["from"] == zone and d.data["to"] == expected
    assert b.mages["dm"].zone == expected


def test_passage_blocked_wall_stops_the_move():
    b = board_with("A1", "B2")
    b.add_conjuration("Wall of Stone", "ym", "A1", border="B1")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[2, 5]))  # east
    assert d.data["to"] == "A1" and d.data["direction"] == "east"
    assert "wall" in " ".join(sentences(d.instructions))


@pytest.mark.parametrize("first,deck", [(5, "creature"), (9, "enchantment"), (12, "attack")])
def test_exhausted_deck_loses_the_turn(first, deck):
    b = board_with("B2", "C2")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[first, 3]))
    assert d.action == "lose-turn"
    assert deck in sentence(d.reason)


def test_stunned_dm_loses_the_stage_without_rolling():
    b = board_with("B2", "C2", **FULL)
    b.mages["dm"].conditions["Stun"] = 1
    src = ScriptedSource()
    d = quickcast_turn.quickcast(b, src)
    assert d.action == "lose-turn" and d.rolls == [] and "Stun" in sentence(d.reason)


# -- spells ----------------------------------------------------------------------------------

def test_enemy_creature_enchantment_goes_on_the_highest_remaining_life_in_range():
    b = board_with("A1", "D3", enchantment=["Agony"])
    b.add_creature("Timber Wolf", "ym", "B1", damage=6)  # 4 left
    fox = b.add_creature("Bitterwood Fox", "ym", "A2")  # 5 left
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 1]))
    assert d.data["target"] == fox.id and fox.enchantments == ["Agony"]


def test_enemy_creature_spell_prefers_your_mage_when_it_has_the_most_life():
    b = board_with("A1", "B1", enchantment=["Agony"])
    b.add_creature("Timber Wolf", "ym", "A2")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 1]))
    assert d.data["target"] == "ym"


def test_maim_wings_needs_a_flying_enemy_in_range():
    b = board_with("A1", "B1", enchantment=["Maim Wings", "Maim Wings"])
    b.add_creature("Timber Wolf", "ym", "A2")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 1]))
    assert d.data.get("discarded") is True
    bat = b.add_creature("Darkfenne Bat", "ym", "A2")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 1]))
    assert d.data["target"] == bat.id
    assert not b.flying(bat)  # Maim Wings takes the Flying trait away


def test_heal_needs_a_damaged_living_friend():
    b = board_with("A1", "B1", incantation=["Heal", "Heal"])
    b.add_creature("Skeletal Sentry", "dm", "A1", damage=4)  # Nonliving
    b.add_creature("Timber Wolf", "dm", "A2")  # not damaged
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 8]))
    assert d.data["discarded"] is True
    wolf = b.add_creature("Timber Wolf", "dm", "A2", damage=3)
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 8], fallback=SeededSource(2)))
    assert d.data["target"] == wolf.id
    assert wolf.damage == 3 - d.data["healed"]


def test_purge_magic_ignores_the_dms_own_curses():
    b = board_with("A1", "B1", incantation=["Purge Magic", "Purge Magic"])
    wolf = b.add_creature("Timber Wolf", "ym", "A2", enchantments=["Agony"])
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 8]))
    assert d.data["discarded"] is True and wolf.enchantments == ["Agony"]
    wolf.enchantments.append("Bear Strength")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 8]))
    assert d.data["target"] == wolf.id and wolf.enchantments == []


def test_battle_fury_is_discarded_in_the_last_quickcast_stage():
    b = board_with("A1", "B1", stage="quickcast-3", incantation=["Battle Fury"])
    b.add_creature("Timber Wolf", "dm", "A1")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 8]))
    assert d.data["discarded"] is True


def test_battle_fury_skips_a_creature_that_has_acted():
    b = board_with("A1", "B1", incantation=["Battle Fury"])
    b.add_creature("Timber Wolf", "dm", "A1", active=False)
    fox = b.add_creature("Bitterwood Fox", "dm", "A2")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 8]))
    assert d.data["target"] == fox.id


def test_friendly_spell_prefers_a_creature_sharing_a_zone_with_an_enemy():
    b = board_with("A1", "B2", enchantment=["Bull Endurance"])
    b.add_creature("Bitterwood Fox", "dm", "A1", damage=4)  # 1 left but not engaged
    wolf = b.add_creature("Timber Wolf", "dm", "B2")  # with your mage
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 1]))
    assert d.data["target"] == wolf.id
    assert b.life(wolf) == 14  # Life +4


def test_knockdown_skips_unmovable_targets():
    b = board_with("A1", "D3", incantation=["Knockdown"])
    b.add_creature("Iron Golem", "ym", "A2")  # Unmovable, higher life
    wolf = b.add_creature("Timber Wolf", "ym", "B1")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 8]))
    assert d.data["target"] == wolf.id and wolf.conditions == {"Knockdown": 1}


def test_attack_spell_targets_your_mage_first_when_in_range():
    b = board_with("A1", "C1", attack=["Fireball"])
    b.add_creature("Timber Wolf", "ym", "A1")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[11]))
    assert d.data["target"] == "ym"


def test_attack_spell_else_the_closest_of_your_creatures():
    b = board_with("A1", "D3", attack=["Fireball"])
    b.add_creature("Timber Wolf", "ym", "A3")  # 2 away, more life
    fox = b.add_creature("Bitterwood Fox", "ym", "B1")  # 1 away
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[11]))
    assert d.data["target"] == fox.id


def test_attack_spell_discarded_when_nothing_in_range():
    b = board_with("A1", "D3", attack=["Flameblast"])  # range 0-1
    b.add_creature("Timber Wolf", "ym", "C1")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[11, 11, 11, 2], fallback=SeededSource(1)))
    # far from every enemy: the 11s are rerolled, so make the wolf near instead
    b = board_with("A1", "D3", attack=["Flameblast"])
    b.add_creature("Timber Wolf", "ym", "A3")  # 2 zones: near, but out of range 0-1
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[11]))
    assert d.data["discarded"] is True and "range" in sentence(d.reason)
    assert b.discards["attack"] == ["Flameblast"]


def test_zone_attack_spell_hits_your_mages_zone_and_its_own_creatures():
    b = board_with("B2", "B2", attack=["Blinding Flash"])
    own = b.add_creature("Timber Wolf", "dm", "B2")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[11]))
    assert d.data["target"] == "B2"
    assert d.attacks[0].zone and d.attacks[0].target == "B2"
    assert own.id in " ".join(sentences(d.instructions))


def test_line_of_sight_blocked_by_a_wall_discards_the_spell():
    b = board_with("A1", "B1", attack=["Fireball"])
    b.add_conjuration("Wall of Stone", "ym", "A1", border="B1")  # Blocks LoS
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[11]))
    assert d.data["discarded"] is True


def test_spell_without_a_note_is_inferred_and_flagged(monkeypatch):
    # Every official spell has a note now: strip Cheetah Speed's to see the fallback.
    from solo.core.records import replace
    b = board_with("A1", "B1", enchantment=["Cheetah Speed"])
    real_get = b.cat.get
    bare = replace(real_get("Cheetah Speed"), dm={})
    monkeypatch.setattr(b.cat, "get", lambda name: bare if name == "Cheetah Speed" else real_get(name))
    wolf = b.add_creature("Timber Wolf", "dm", "A1")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 1]))
    assert d.data["inferred"] is True
    assert d.data["target"] == wolf.id


# -- creature actions ------------------------------------------------------------------------

def test_dm_passes_while_you_have_more_active_creatures():
    b = board_with("A1", "D3")
    b.add_creature("Timber Wolf", "dm", "A1")
    b.add_creature("Bitterwood Fox", "ym", "D3")
    b.add_creature("Bitterwood Fox", "ym", "D3")
    d = turns.creature_action(b, ScriptedSource())
    assert d.action == "pass" and "creature" not in d.data
    b.creatures[-1].active = False  # now equal: it acts
    assert turns.creature_action(b, SeededSource(1)).action in ("move", "attack", "move-attack")


def test_equal_mana_cost_is_broken_on_the_effect_die():
    b = board_with("A1", "D3")
    first = b.add_creature("Timber Wolf", "dm", "A1")
    second = b.add_creature("Emerald Tegu", "dm", "A1")  # both cost 9
    d = turns.creature_action(b, ScriptedSource(d12=[7], fallback=SeededSource(1)))
    assert d.data["creature"] == second.id and d.rolls[0] == 7
    d = turns.creature_action(b, ScriptedSource(fallback=SeededSource(1)))
    assert d.data["creature"] == first.id


def test_a_attacks_your_mage_first():
    b = board_with("A1", "B2")
    wolf = b.add_creature("Timber Wolf", "dm", "B2")
    b.add_creature("Iron Golem", "ym", "B2", active=False)
    d = turns.creature_action(b, ScriptedSource())
    assert (d.action, d.data["creature"], d.data["target"]) == ("attack", wolf.id, "ym")


def test_a_guard_must_be_attacked_by_melee():
    b = board_with("A1", "B2")
    b.add_creature("Timber Wolf", "dm", "B2")
    guard = b.add_creature("Bitterwood Fox", "ym", "B2", active=False, guarding=True)
    d = turns.creature_action(b, ScriptedSource())
    assert d.data["target"] == guard.id


def test_ranged_attack_ignores_guards_and_needs_line_of_sight():
    b = board_with("A1", "C1")
    archer = b.add_creature("Gorgon Archer", "dm", "A1")
    d = turns.creature_action(b, ScriptedSource())
    assert (d.action, d.data["attack"], d.data["target"]) == ("attack", "Poison Bow", "ym")
    assert d.data["creature"] == archer.id and archer.zone == "A1"
    b2 = board_with("A1", "C1")
    b2.add_creature("Gorgon Archer", "dm", "A1")
    b2.add_conjuration("Wall of Stone", "ym", "B1", border="C1")
    d2 = turns.creature_action(b2, ScriptedSource(fallback=SeededSource(1)))
    assert d2.action == "move"  # Slow, no line of sight: it moves one zone
    assert len(d2.data["path"]) == 1


def test_two_legal_attacks_are_chosen_on_the_effect_die():
    b = board_with("A1", "B2")
    b.add_creature("Darkfenne Hydra", "dm", "B2")  # Snapping Bite and Triple Bite
    d = turns.creature_action(b, ScriptedSource(d12=[1]))
    assert d.data["attack"] == "Snapping Bite" and d.rolls == [1]
    b.creatures[0].active = True
    d = turns.creature_action(b, ScriptedSource(d12=[12]))
    assert d.data["attack"] == "Triple Bite"


def test_b_moves_one_zone_and_makes_a_quick_attack():
    b = board_with("A1", "C2")
    wolf = b.add_creature("Timber Wolf", "dm", "B2")
    d = turns.creature_action(b, ScriptedSource())
    assert (d.action, d.data["path"], d.data["target"]) == ("move-attack", ["C2"], "ym")
    assert wolf.zone == "C2" and wolf.active is False
    assert d.attacks[0].moved is True


def test_b_cannot_use_a_full_action_attack_after_moving():
    # Stonegaze Basilisk is Slow; Gorgon Archer too. Use the Basilisk's full Paralysis Beam:
    # from 3 zones away nothing is legal, and a Slow creature never moves and attacks.
    b = board_with("A1", "D1")
    bas = b.add_creature("Stonegaze Basilisk", "dm", "A1")
    d = turns.creature_action(b, ScriptedSource())
    assert d.action == "move" and d.data["path"] == ["B1"] and bas.zone == "B1"


def test_fast_creature_moves_two_zones_then_attacks():
    b = board_with("A1", "C1")
    fox = b.add_creature("Bitterwood Fox", "dm", "A1")
    d = turns.creature_action(b, ScriptedSource())
    assert (d.action, d.data["path"], d.data["target"]) == ("move-attack", ["B1", "C1"], "ym")
    assert fox.zone == "C1"


def test_c_moves_two_zones_toward_your_mage():
    b = board_with("A1", "D3")
    wolf = b.add_creature("Timber Wolf", "dm", "A1")
    d = turns.creature_action(b, SeededSource(3))
    assert d.action == "move" and len(d.data["path"]) == 2
    assert b.distance(wolf.zone, "D3") == 3


def test_c_pursues_a_closer_creature_with_the_highest_remaining_life():
    b = board_with("A1", "D3")
    wolf = b.add_creature("Timber Wolf", "dm", "A1")
    b.add_creature("Bitterwood Fox", "ym", "A3", active=False)  # 2 away, 5 life
    big = b.add_creature("Timber Wolf", "ym", "C1", active=False)  # 2 away, 10 life
    d = turns.creature_action(b, ScriptedSource())
    assert d.data["path"] == ["B1", "C1"] and wolf.zone == big.zone


def test_c_goes_for_your_mage_on_equal_distance():
    b = board_with("A1", "C1")
    b.add_creature("Timber Wolf", "dm", "A3")
    b.add_creature("Iron Golem", "ym", "A1", active=False)  # closer to... equal? A3->A1 is 2
    # A3 to C1 is 4, to A1 is 2: the golem is strictly closer, so it is the quarry.
    q = dm_movement.pursuit_target(b, b.creatures[0])
    assert q.card == "Iron Golem"
    b2 = board_with("A1", "C3")
    w = b2.add_creature("Timber Wolf", "dm", "A3")
    b2.add_creature("Iron Golem", "ym", "A1", active=False)  # both 2 away
    assert dm_movement.pursuit_target(b2, w).id == "ym"


def test_hindered_creature_moves_only_one_zone():
    b = board_with("A1", "D3")
    # A wolf with no attack it can make, beside a fox: leaving a zone with an enemy hinders it.
    # (A Flying enemy would not: Flying and non-Flying creatures do not hinder each other.)
    wolf = b.add_creature("Timber Wolf", "dm", "A1", stats={"attacks": []})
    b.add_creature("Bitterwood Fox", "ym", "A1", active=False)
    d = turns.creature_action(b, SeededSource(5))
    assert d.action == "move" and len(d.data["path"]) == 1
    assert wolf.zone == d.data["path"][0] and b.distance("A1", wolf.zone) == 1


def test_restrained_creature_stays():
    b = board_with("A1", "D3")
    wolf = b.add_creature("Timber Wolf", "dm", "A1", conditions={"Cripple": 1})
    d = turns.creature_action(b, ScriptedSource())
    assert d.action == "move" and d.data["path"] == [] and wolf.zone == "A1"


def test_stunned_creature_loses_its_action():
    b = board_with("A1", "A1")
    wolf = b.add_creature("Timber Wolf", "dm", "A1", conditions={"Stun": 1})
    d = turns.creature_action(b, ScriptedSource())
    assert d.action == "lose-turn" and wolf.active is False


def test_flying_creature_flies_over_walls_others_go_around():
    b = board_with("A1", "C1")
    b.add_conjuration("Wall of Stone", "ym", "A1", border="B1")
    bat = b.add_creature("Darkfenne Bat", "dm", "A1")
    d = turns.creature_action(b, ScriptedSource())
    assert d.data["creature"] == bat.id and d.data["path"][0] == "B1"  # straight over the wall
    b2 = board_with("A1", "D1")
    b2.add_conjuration("Wall of Stone", "ym", "A1", border="B1")
    wolf = b2.add_creature("Timber Wolf", "dm", "A1")
    d2 = turns.creature_action(b2, ScriptedSource())
    assert d2.data["path"] == ["A2", "B2"] and wolf.zone == "B2"


def test_walled_in_creature_attacks_the_wall():
    b = board_with("A1", "B1")
    wall = b.add_conjuration("Wall of Stone", "ym", "A1", border="B1")
    b.add_conjuration("Wall of Stone", "ym", "A1", border="A2")
    b.add_creature("Timber Wolf", "dm", "A1")
    d = turns.creature_action(b, ScriptedSource(fallback=SeededSource(1)))
    assert d.action == "attack" and d.data["target"] in (wall.id, b.conjurations[1].id)


def test_no_active_creature_means_none():
    b = board_with("A1", "D3")
    b.add_creature("Timber Wolf", "dm", "A1", active=False)
    assert turns.creature_action(b, ScriptedSource()).action == "none"
