"""Rules the Dummy Mage used to get wrong: spells that would change nothing, walls with Passage
Attacks, hindering and paths, the running damage of extra strikes, and what a person rolling
physical dice is told."""

import json

import pytest

from solo.automaton import movement as dm_movement
from solo.engine import quickcast_turn
from solo.automaton import spells
from solo.engine import turns
from solo.text.render import line
from solo.store import board_file
from solo.rules import combat
from solo.rules.decision import Decision, PlannedAttack
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource, TypedSource
from solo.engine.resolve import resolve_decision
from solo.text.render import line as sentence, lines as sentences
from solo.rules import effects


def board_with(dm_zone="A1", ym_zone="B2", stage="quickcast-1", **decks):
    b = new_board("Warlock", "Beastmaster", dm_zone=dm_zone, ym_zone=ym_zone, decks=decks)
    b.stage = stage
    return b


# ENCHANTMENT_OR_INCANTATION: first d12 8-10, then 7-12 for the incantation deck, 1-6 for the
# enchantment deck.
INCANTATION = [9, 7]
ENCHANTMENT = [9, 1]


# -- 1. spells that would change nothing are discarded ---------------------------------------

def test_battle_fury_is_not_cast_on_a_creature_that_already_has_it():
    b = board_with("A1", "B1", incantation=["Battle Fury"])
    wolf = b.add_creature("Timber Wolf", "dm", "A1", conditions={"Battle Fury": 1})
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=INCANTATION))
    assert d.data.get("discarded") is True and "target" not in d.data
    assert wolf.conditions == {"Battle Fury": 1}
    assert b.discards["incantation"] == ["Battle Fury"]
    assert "already" in sentence(d.reason)


def test_battle_fury_only_once_a_round_on_the_same_creature():
    b = board_with("A1", "B1", incantation=["Battle Fury", "Battle Fury", "Battle Fury"])
    hurt = b.add_creature("Timber Wolf", "dm", "A1", damage=3)  # lowest remaining life
    other = b.add_creature("Timber Wolf", "dm", "A1")
    first = quickcast_turn.quickcast(b, ScriptedSource(d12=INCANTATION))
    assert first.data["target"] == hurt.id
    # Its Battle Fury is gone before it acted (wasted on a counterstrike, say): the card still
    # allows only one Battle Fury on it this round, so the next goes to the other wolf.
    del hurt.conditions["Battle Fury"]
    second = quickcast_turn.quickcast(b, ScriptedSource(d12=INCANTATION))
    assert second.data["target"] == other.id
    # A new round: the hurt wolf may have one again.
    b.round += 1
    hurt.conditions.clear()
    third = quickcast_turn.quickcast(b, ScriptedSource(d12=INCANTATION))
    assert third.data["target"] == hurt.id


def test_the_once_a_round_record_survives_a_board_file(tmp_path):
    from solo.store.board_file import load

    b = board_with("A1", "B1", incantation=["Battle Fury", "Battle Fury"])
    wolf = b.add_creature("Timber Wolf", "dm", "A1")
    quickcast_turn.quickcast(b, ScriptedSource(d12=INCANTATION))
    wolf.conditions.clear()
    board_file.save(b, tmp_path / "b.json")
    again = load(tmp_path / "b.json")
    d = quickcast_turn.quickcast(again, ScriptedSource(d12=INCANTATION))
    assert d.data.get("discarded") is True


def test_perfect_strike_skips_a_creature_whose_melee_attack_is_already_unavoidable():
    b = board_with("A1", "B1", incantation=["Perfect Strike", "Perfect Strike"])
    brogan = b.add_creature("Brogan Bloodstone", "dm", "A1", damage=8)  # Vorpal Blade: Unavoidable
    wolf = b.add_creature("Timber Wolf", "dm", "A1")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=INCANTATION))
    assert d.data["target"] == wolf.id
    assert "Perfect Strike" not in brogan.conditions
    # The wolf now has it: nothing left that it would help.
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=INCANTATION))
    assert d.data.get("discarded") is True


def test_falcon_precision_is_discarded_when_every_melee_attack_is_already_unavoidable():
    b = board_with("A1", "B1", enchantment=["Falcon Precision"])
    b.add_creature("Timber Wolf", "dm", "A1", enchantments=["Falcon Precision"])
    b.add_creature("Brogan Bloodstone", "dm", "A1")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=ENCHANTMENT))
    assert d.data.get("discarded") is True
    assert b.discards["enchantment"] == ["Falcon Precision"]


def test_perfect_strike_goes_on_a_creature_with_unavoidable_from_falcon_precision_never():
    b = board_with("A1", "B1", incantation=["Perfect Strike"])
    b.add_creature("Timber Wolf", "dm", "A1", enchantments=["Falcon Precision"], damage=5)
    fox = b.add_creature("Bitterwood Fox", "dm", "A1")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=INCANTATION))
    assert d.data["target"] == fox.id


def test_new_effect_need_reads_granted_traits():
    b = board_with("A1", "B1")
    wolf = b.add_creature("Timber Wolf", "dm", "A1")
    eagle = b.cat.get("Eagle Wings")
    bear = b.cat.get("Bear Strength")
    assert spells.adds_something(b, wolf, eagle)
    effects.apply(b, effects.GainTraits(wolf.id, ("Flying",)))
    assert not spells.adds_something(b, wolf, eagle)  # a flag it already has
    effects.apply(b, effects.GainTraits(wolf.id, ("Melee +2",)))
    assert spells.adds_something(b, wolf, bear)  # numbers add up: Melee +2 again
    effects.apply(b, effects.Enchant(wolf.id, "Bear Strength"))
    assert not spells.adds_something(b, wolf, bear)  # but one copy of an enchantment only


# -- 2. walls with Passage Attacks attack what walks through -----------------------------------

def fire_wall_board():
    """The wolf in A1, your mage in B1 beyond a Wall of Fire: the only one-move way in."""
    b = board_with("D3", "B1")
    wolf = b.add_creature("Timber Wolf", "dm", "A1")
    wall = b.add_conjuration("Wall of Fire", "ym", "A1", border="B1")
    return b, wolf, wall


def test_creature_moving_through_a_passage_attacks_wall_is_attacked_first():
    b, wolf, wall = fire_wall_board()
    src = SeededSource(4)
    d = turns.creature_action(b, src)
    resolve_decision(b, d, src)
    assert d.action == "move-attack" and d.data["path"] == ["B1"]
    assert [(p.attacker, p.attack.name, p.target) for p in d.attacks][:1] == \
        [(wall.id, "Searing Flames", wolf.id)]
    assert d.results[0].attack == "Searing Flames" and d.results[0].main.target == wolf.id
    assert d.results[1].attack == "Bite"
    assert wolf.damage == d.results[0].damage_to(wolf.id) + d.results[1].damage_to(wolf.id)
    assert any("Searing Flames" in line for line in sentences(d.instructions))


def test_a_creature_destroyed_by_the_wall_makes_no_attack():
    b, wolf, wall = fire_wall_board()
    wolf.damage = 9
    # Searing Flames: 5 dice, all 2 critical; lethal, so no effect die.
    src = ScriptedSource(d6=[6] * 5, fallback=SeededSource(1))
    d = turns.creature_action(b, src)
    resolve_decision(b, d, src)
    assert [r.attack for r in d.results] == ["Searing Flames"]
    assert b.find(wolf.id) is None and b.mages["ym"].damage == 0
    assert b.discards["creature"] == ["Timber Wolf"]


def test_dm_quickcast_move_through_a_passage_attacks_wall_is_attacked():
    b = board_with("A1", "C3")
    wall = b.add_conjuration("Wall of Fire", "ym", "A1", border="B1")
    src = ScriptedSource(d12=[1, 5], d6=[4] * 5, fallback=SeededSource(2))
    d = quickcast_turn.quickcast(b, src)
    resolve_decision(b, d, src)
    assert d.action == "move" and d.data["to"] == "B1"
    assert [(r.attack, r.attacker, r.main.target) for r in d.results] == \
        [("Searing Flames", wall.id, "dm")]
    assert b.mages["dm"].damage == 10  # five 2s, no armor


def test_walls_attack_in_solo_dm_json_and_out_board(run, tmp_path):
    b, wolf, wall = fire_wall_board()
    path = tmp_path / "board.json"
    board_file.save(b, path)
    out = tmp_path / "after.json"
    result = run("dm", "creature", "--board", path, "--seed", 5, "--json", "--out", out)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    passage = [r for r in data["results"] if r["attack"] == "Searing Flames"]
    assert len(passage) == 1 and passage[0]["attacker"] == wall.id
    assert passage[0]["target"] == wolf.id
    after = json.loads(out.read_text())
    written = next(c for c in after["creatures"] if c["id"] == wolf.id)
    from_results = sum(s["damage"] for r in data["results"] for s in r["strikes"]
                       if s["target"] == wolf.id)
    assert written["damage"] == from_results
    assert passage[0]["total_damage"] <= from_results


def test_pursuit_prefers_the_way_around_a_passage_attacks_wall():
    b = board_with("D1", "B2")
    wolf = b.add_creature("Timber Wolf", "dm", "A1",
                          stats={"attacks": [{"name": "Maul", "action": "full", "kind": "melee",
                                              "range": [0, 0], "dice": 5}]})
    b.add_conjuration("Wall of Fire", "ym", "A1", border="B1")
    d = turns.creature_action(b, ScriptedSource())  # no roll needed
    assert d.data["path"] == ["A2", "B2"] and wolf.zone == "B2"
    assert d.attacks == []


def test_move_attack_prefers_the_way_around_a_passage_attacks_wall():
    b = board_with("D3", "B2")
    fox = b.add_creature("Bitterwood Fox", "dm", "A1")  # Fast: two zones, then a quick attack
    b.add_conjuration("Wall of Fire", "ym", "A1", border="B1")
    d = turns.creature_action(b, ScriptedSource())
    assert d.data["path"] == ["A2", "B2"] and fox.zone == "B2"
    assert [p.attack.name for p in d.attacks] == ["Bite"]


def test_wall_of_thorns_attacks_level_minus_one_times():
    b = board_with("A1", "B1")
    thorns = b.add_conjuration("Wall of Thorns", "ym", "A1", border="B1")
    fox = b.add_creature("Bitterwood Fox", "dm", "A1")  # Level 1
    wolf = b.add_creature("Timber Wolf", "dm", "A1")  # Level 2
    assert dm_movement.passage_attacks(b, fox, ["A1", "B1"]) == []
    planned = dm_movement.passage_attacks(b, wolf, ["A1", "B1"])
    assert [(p.attacker, p.attack.name) for p in planned] == [(thorns.id, "Sharp Thorns")]
    # A mage is Level 6: five strikes.
    r = combat.resolve_attack(b, thorns, "Sharp Thorns", b.mages["dm"], SeededSource(1))
    assert [s.role for s in r.strikes] == ["attack", "second strike", "third strike",
                                            "fourth strike", "fifth strike"]


def test_flying_mover_is_not_attacked_by_a_passage_wall():
    b = board_with("A1", "B1")
    b.add_conjuration("Wall of Fire", "ym", "A1", border="B1")
    falcon = b.add_creature("Thunderift Falcon", "dm", "A1")
    assert dm_movement.passage_attacks(b, falcon, ["A1", "B1"]) == []


# -- 3. paths: hindering, and flying ---------------------------------------------------------

def full_action_wolf(b, zone):
    """A wolf whose only attack takes a full action: it cannot move and attack."""
    return b.add_creature("Timber Wolf", "dm", zone,
                          stats={"attacks": [{"name": "Maul", "action": "full", "kind": "melee",
                                              "range": [0, 0], "dice": 5}]})


@pytest.mark.parametrize("roll", [1, 12])
def test_pursuit_takes_the_equally_short_way_that_arrives(roll):
    b = board_with("D1", "D3")
    wolf = full_action_wolf(b, "A1")
    b.add_creature("Bitterwood Fox", "ym", "B1", active=False)  # closer, less life; hinders
    quarry = b.add_creature("Timber Wolf", "ym", "B2", active=False)  # closer, most life
    d = turns.creature_action(b, ScriptedSource(d12=[roll], fallback=SeededSource(1)))
    assert d.data["path"] == ["A2", "B2"] and wolf.zone == quarry.zone


def test_flying_creatures_do_not_hinder_walkers():
    b = board_with("D3", "C1")
    wolf = full_action_wolf(b, "A1")
    b.add_creature("Thunderift Falcon", "ym", "B1", active=False)  # Flying: cannot hinder it
    d = turns.creature_action(b, ScriptedSource())
    assert d.data["path"] == ["B1", "C1"] and wolf.zone == "C1"


def test_walkers_do_not_hinder_flying_creatures():
    b = board_with("D3", "C1")
    falcon = b.add_creature("Thunderift Falcon", "dm", "A1")
    b.add_creature("Timber Wolf", "ym", "B1")
    assert not dm_movement.hinders(b, falcon, "B1")


def test_a_flying_enemy_still_hinders_a_flying_mover():
    b = board_with("D3", "C1")
    falcon = b.add_creature("Thunderift Falcon", "dm", "A1")
    b.add_creature("Thunderift Falcon", "ym", "B1")
    assert dm_movement.hinders(b, falcon, "B1")


# -- 4. extra strikes show the running damage ------------------------------------------------

# 3 dice a strike: [2 - -] = 2, [1 - -] = 1, [2* - -] = 2; your mage has no armor.
TRIPLE_BITE_D6 = [4, 1, 1, 3, 1, 1, 6, 1, 1]


def test_extra_strikes_record_the_damage_after_each():
    b = board_with("A1", "B2")
    hydra = b.add_creature("Darkfenne Hydra", "dm", "B2")
    r = combat.resolve_attack(b, hydra, "Triple Bite", b.mages["ym"],
                              ScriptedSource(d6=TRIPLE_BITE_D6))
    assert [(s.role, s.damage, s.damage_total) for s in r.strikes] == \
        [("attack", 2, 2), ("second strike", 1, 3), ("third strike", 2, 5)]
    assert b.mages["ym"].damage == 0  # resolving never touches the board


def test_triple_bite_lines_show_the_damage_after_each_strike():
    b = board_with("A1", "B2")
    hydra = b.add_creature("Darkfenne Hydra", "dm", "B2")
    bite = next(a for a in b.attacks(hydra) if a.name == "Triple Bite")
    d = Decision("attack", data={"creature": hydra.id})
    d.attacks.append(PlannedAttack(hydra.id, bite, "ym"))
    resolve_decision(b, d, ScriptedSource(d6=TRIPLE_BITE_D6))
    life = b.life(b.mages["ym"])
    lines = [x for x in sentences(d.instructions) if x.startswith("Put ") and "damage on your mage" in x]
    assert lines == [f"Put 2 damage on your mage (it now has 2 of {life}).",
                     f"Put 1 damage on your mage (it now has 3 of {life}).",
                     f"Put 2 damage on your mage (it now has 5 of {life})."]


# -- 5. a person rolling physical dice is told what for ------------------------------------------

def recording_source(d12=7, faces=(3,)):
    asked = []

    def ask(sides, count, label):
        asked.append(line(label))  # what a person reads
        return [d12] * count if sides == 12 else [faces[0]] * count

    return TypedSource(ask, words=line), asked  # as the engine makes it


def test_attack_dice_question_says_who_attacks_whom_with_what():
    b = board_with("A1", "B2")
    wolf = b.add_creature("Timber Wolf", "dm", "B2")
    src, asked = recording_source()
    combat.resolve_attack(b, wolf, "Bite", b.mages["ym"], src)
    assert asked[0] == f"the Dummy Mage's Timber Wolf ({wolf.id}) Bite at your mage: 4 attack dice"


def test_defense_daze_and_effect_questions_name_the_attack():
    b = board_with("A1", "B2")
    wolf = b.add_creature("Timber Wolf", "ym", "B2")
    b.mages["dm"].conditions["Daze"] = 1
    src, asked = recording_source(d12=8)
    combat.resolve_attack(b, b.mages["dm"], "Jet Stream", wolf, src)
    what = f"the Dummy Mage's Jet Stream at your Timber Wolf ({wolf.id})"
    assert asked[0] == f"{what}: Daze check (7 or more goes ahead)"
    assert asked[1].startswith(f"{what}: ") and asked[1].endswith("attack dice")
    assert f"{what}: effect die" in asked


def test_tie_question_says_which_results_pick_which_option():
    src, asked = recording_source(d12=8)
    assert src.choose(["B2", "C1"], "tie: two equally short ways") == "C1"
    assert asked == ["tie: two equally short ways: 1-6 B2, 7-12 C1"]


def test_tie_question_names_pieces_and_attacks_and_says_what_is_rolled_again():
    b = board_with("A1", "B2")
    wolves = [b.add_creature("Timber Wolf", "ym", "B2") for _ in range(5)]
    src, asked = recording_source(d12=3)
    assert src.choose(wolves, "tie: targets") is wolves[1]
    ids = [w.id for w in wolves]
    assert asked == ["tie: targets: " + ", ".join(
        f"{lo}-{hi} Timber Wolf ({i})" for (lo, hi), i in
        zip([(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)], ids)) + "; 11-12 roll again"]
    hydra = b.cat.get("Darkfenne Hydra")
    src, asked = recording_source(d12=12)
    assert src.choose(list(hydra.attacks), "tie: two legal attacks").name == "Triple Bite"
    assert asked == ["tie: two legal attacks: 1-6 Snapping Bite, 7-12 Triple Bite"]


def test_pursuit_tie_question_describes_the_ways():
    b = board_with("D1", "B2")
    full_action_wolf(b, "A1")
    src, asked = recording_source(d12=2)
    d = turns.creature_action(b, src)
    assert d.data["path"] == ["A2", "B2"]
    assert asked == ["tie: two equally short ways: 1-6 A2, 7-12 B1"]


def test_corrode_markers_come_off_when_the_armor_drops():
    """Found by the 2,000-game run: a creature that left an aura's zone kept more Corrode
    markers than its armor; the extra ones come off at the end of the step."""
    from solo.rules.board import new_board
    from solo.engine.game import Game, Settings
    from solo.core.questions import RulePrompter

    b = new_board()
    wolf = b.add_creature("Timber Wolf", "dm", "B2", id="w")
    wolf.enchantments.append("Rhino Hide")  # Armor +2: 4 in all
    wolf.conditions["Corrode"] = 3
    assert b.armor(wolf) == 1
    effects.apply(b, effects.SetEnchantments(wolf.id, ()))  # armor 2 now: one marker too many
    assert b.trim_corrode() == [(wolf, 1)] and wolf.conditions["Corrode"] == 2
    assert b.trim_corrode() == []
    # In play the step says so.
    g = Game.new(Settings(seed=2, name="t"))
    g.prompter = RulePrompter({})
    fox = g.board.add_creature("Bitterwood Fox", "ym", "C3", id="ym-9")  # armor 0
    fox.conditions["Corrode"] = 1
    step = g.play_one()
    assert "Corrode" not in fox.conditions
    assert any("no longer covers its Corrode markers" in line for line in step.lines)
