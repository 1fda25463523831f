"""The solo rules' "Dummy Mage Turn Examples", one test each, on boards with the rolls given."""

from solo.engine import quickcast_turn
from solo.engine import turns
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource
from solo.text.render import lines as sentences


def board_with(dm_zone="A1", ym_zone="D3", stage="quickcast-1", **decks):
    b = new_board("Warlock", "Beastmaster", dm_zone=dm_zone, ym_zone=ym_zone, decks=decks)
    b.stage = stage
    return b


def test_example_1_far_away_reroll_then_move_east():
    # DM in A1; your Timber Wolf 3 zones away (C2), your mage 4 zones away (C3).
    b = board_with("A1", "C3")
    b.add_creature("Timber Wolf", "ym", "C2")
    src = ScriptedSource(d12=[9, 3, 5])
    d = quickcast_turn.quickcast(b, src)
    assert d.rolls == [9, 3, 5]
    assert d.action == "move"
    assert (d.data["from"], d.data["direction"], d.data["to"]) == ("A1", "east", "B1")
    assert b.mages["dm"].zone == "B1"


def test_example_2_creatures_act_highest_mana_cost_first():
    b = board_with("A1", "D3")
    fox = b.add_creature("Bitterwood Fox", "dm", "A1")
    golem = b.add_creature("Iron Golem", "dm", "A1")
    leech = b.add_creature("Mana Leech", "dm", "A1")
    src = SeededSource(1)
    order = [turns.creature_action(b, src).data["creature"] for _ in range(3)]
    assert order == [golem.id, leech.id, fox.id]
    assert turns.creature_action(b, src).action == "none"


def test_example_3_summon_into_the_dm_zone_inactive():
    b = board_with("B1", "D3", creature=["Timber Wolf", "Darkfenne Bat"])
    b.add_creature("Iron Golem", "dm", "B1")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[5]))
    assert d.action == "summon" and d.rolls == [5]
    new = b.get(d.data["id"])
    assert (new.card, new.zone, new.active) == ("Timber Wolf", "B1", False)
    assert d.data["zone"] == "B1" and d.data["card"] == "Timber Wolf"
    assert b.decks["creature"] == ["Darkfenne Bat"]
    assert any("inactive" in line for line in sentences(d.instructions))


def test_example_4a_bear_strength_discarded_when_friends_are_3_zones_away():
    # Your mage 2 zones from the DM, so the 9 stands; the DM's only creature is 3 zones away.
    b = board_with("A1", "B2", enchantment=["Bear Strength"])
    b.add_creature("Timber Wolf", "dm", "D1")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[9, 2]))
    assert d.rolls == [9, 2]
    assert d.action == "enchantment" and d.data["card"] == "Bear Strength"
    assert d.data["discarded"] is True and "target" not in d.data
    assert b.discards["enchantment"] == ["Bear Strength"]
    assert b.get("dm-1").enchantments == []
    # The Dummy Mage itself is in range 0 and Living, but is never a friendly-creature target.
    assert b.mages["dm"].enchantments == []


def test_example_4b_battle_fury_on_the_lowest_remaining_life():
    b = board_with("A1", "B2", incantation=["Battle Fury"])
    b.add_creature("Timber Wolf", "ym", "B2")
    tegu = b.add_creature("Emerald Tegu", "dm", "A1", damage=5)  # 3 life left
    fox = b.add_creature("Bitterwood Fox", "dm", "B1")  # 5 life left, and closer to your mage
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[10, 9]))
    assert d.rolls == [10, 9]
    assert d.action == "incantation" and d.data["card"] == "Battle Fury"
    assert d.data["target"] == tegu.id != fox.id
    assert tegu.conditions == {"Battle Fury": 1}


def test_example_4c_jet_stream_at_the_enemy_creature_next_door():
    # Your mage is out of Jet Stream's range (0-2); your creature is in the adjacent zone.
    b = board_with("A1", "D3", attack=["Jet Stream"])
    wolf = b.add_creature("Timber Wolf", "ym", "B1")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[12]))
    assert d.action == "attack-spell" and d.data["card"] == "Jet Stream"
    assert d.data["target"] == wolf.id
    assert [(a.attack.name, a.target, a.is_spell) for a in d.attacks] == [("Jet Stream", wolf.id, True)]


def test_example_5_tegu_attacks_the_fox_with_4_life_left_not_the_flying_falcon():
    b = board_with("A1", "D3")
    tegu = b.add_creature("Emerald Tegu", "dm", "B2")
    b.add_creature("Bitterwood Fox", "ym", "B2", damage=2, active=False)  # 3 life left
    fox4 = b.add_creature("Bitterwood Fox", "ym", "B2", damage=1, active=False)  # 4 life left
    b.add_creature("Thunderift Falcon", "ym", "B2", active=False)  # 5 life left, Flying
    d = turns.creature_action(b, SeededSource(0))
    assert d.action == "attack"
    assert d.data["creature"] == tegu.id
    assert d.data["target"] == fox4.id
    assert d.data["attack"] == "Venomous Bite"
