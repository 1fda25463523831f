"""The Dummy Mage's mage abilities applied by the rules code (solo/rules/mages.py): Pet, Veterans,
Voltaric Shield, Plague Master and Eternal Servant, each as its mage card says, and only for that mage."""

from __future__ import annotations

import pytest

from solo.automaton import quickcast as qc_table
from solo.engine import quickcast_turn
from solo.text.render import lines
from solo.rules import combat
from solo.rules import upkeep
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource
from solo.text.render import lines as sentences

from rules.test_odds import check_against_engine  # (tests/rules/test_odds.py)
from solo.rules import effects


def _summon(board, *cards):
    board.decks["creature"] = list(cards)
    return [quickcast_turn.carry_out(board, qc_table.summon(board)) for _ in cards]


def test_the_beastmasters_first_animal_becomes_its_pet():
    b = new_board(dm_mage="Beastmaster", ym_mage="Warlock")
    d1, d2 = _summon(b, "Timber Wolf", "Bitterwood Fox")
    wolf, fox = b.get(d1.data["id"]), b.get(d2.data["id"])
    plain = new_board().add_creature("Timber Wolf", "dm", "A1")
    ref = new_board()
    ref.creatures.append(plain)
    assert any("Pet" in line for line in sentences(d1.instructions))
    assert b.armor(wolf) == ref.armor(plain) + 1 and b.life(wolf) == ref.life(plain) + 3
    # Melee +1, and one more while in the Dummy Mage's zone
    from solo.cards.catalog import trait_value
    assert trait_value(b.traits(wolf), "Melee") == 2
    effects.apply(b, effects.Move(wolf.id, "B2"))
    assert trait_value(b.traits(wolf), "Melee") == 1
    assert not any("Pet" in line for line in sentences(d2.instructions))  # one Pet at a time
    assert b.armor(fox) == 0


@pytest.mark.parametrize("dm_mage,card", [("Warlock", "Timber Wolf"),
                                           ("Beastmaster", "Goblin Grunt"),  # not an Animal
                                           ("Beastmaster", "Cervere, The Forest Shadow")])  # Legendary
def test_no_pet_for_another_mage_a_non_animal_or_a_legendary(dm_mage, card):
    b = new_board(dm_mage=dm_mage, ym_mage="Wizard")
    (d,) = _summon(b, card)
    assert not b.get(d.data["id"]).extra.get("pet")


def _melee_kill(dm_mage: str):
    b = new_board(dm_mage=dm_mage, ym_mage="Wizard")
    wolf = b.add_creature("Timber Wolf", "dm", "B2", id="w")
    fox = b.add_creature("Bitterwood Fox", "ym", "B2", id="f")
    result = combat.resolve_attack(b, wolf, "Bite", fox, ScriptedSource(d6=[6, 6, 6, 6]))
    applied = combat.apply(b, result)
    return b, wolf, applied


def test_a_warlords_creature_that_kills_in_melee_becomes_a_veteran_once():
    b, wolf, applied = _melee_kill("Warlord")
    assert b.find("f") is None
    assert any("veteran badge" in line for line in lines(applied.lines))
    assert b.armor(wolf) == 3 and "Melee +1" in wolf.traits
    fox2 = b.add_creature("Bitterwood Fox", "ym", "B2", id="f2")
    again = combat.apply(b, combat.resolve_attack(b, wolf, "Bite", fox2, ScriptedSource(d6=[6] * 6)))
    assert not any("veteran" in line for line in lines(again.lines)) and b.armor(wolf) == 3


def test_no_badge_for_another_mage():
    b, wolf, applied = _melee_kill("Warlock")
    assert b.armor(wolf) == 2 and not any("veteran" in line for line in lines(applied.lines))


def test_the_wizards_voltaric_shield_takes_3_off_its_first_damage_each_round():
    b = new_board(dm_mage="Wizard", ym_mage="Warlock", dm_zone="B2", ym_zone="B2")
    wolf = b.add_creature("Timber Wolf", "ym", "B2", id="w")
    dm = b.mages["dm"]
    before = b.to_dict()
    first = combat.resolve_attack(b, wolf, "Bite", dm, ScriptedSource(d6=[6, 6, 6, 6]))
    assert b.to_dict() == before  # the shield is used on the attack's copy, not yet here
    combat.apply(b, first)
    assert dm.damage == 5 and any("Voltaric Shield" in x for x in lines(first.steps))  # 8 - 3
    second = combat.resolve_attack(b, wolf, "Bite", dm, ScriptedSource(d6=[6, 6, 6, 6]))
    combat.apply(b, second)
    assert dm.damage == 13  # no shield the second time this round
    b.round += 1
    third = combat.resolve_attack(b, wolf, "Bite", dm, ScriptedSource(d6=[6, 6, 6, 6]))
    combat.apply(b, third)
    assert dm.damage == 18  # on again next round


def test_the_shield_in_the_odds_matches_the_engine():
    b = new_board(dm_mage="Wizard", ym_mage="Warlock", dm_zone="B2", ym_zone="B2")
    wolf = b.add_creature("Timber Wolf", "ym", "B2", id="w")
    wolf.stats["attacks"] = [{"name": "Test", "action": "quick", "kind": "melee",
                              "range": [0, 0], "dice": 2, "traits": ["Doublestrike"]}]
    check_against_engine(b, wolf, b.attacks(wolf)[0], b.mages["dm"])


def test_the_necromancers_plague_hurts_your_poisoned_objects_in_upkeep():
    b = new_board(dm_mage="Necromancer", ym_mage="Warlock")
    sick = b.add_creature("Timber Wolf", "ym", "C2", id="sick")
    well = b.add_creature("Timber Wolf", "ym", "C2", id="well")
    sick.conditions["Weak"] = 1
    events = upkeep.upkeep(b, ScriptedSource(), side="ym")
    assert [e.piece for e in events if e.kind == "plague"] == ["sick"]
    assert sick.damage == 1 and well.damage == 0
    other = new_board(dm_mage="Warlock", ym_mage="Wizard")
    w = other.add_creature("Timber Wolf", "ym", "C2")
    w.conditions["Weak"] = 1
    assert not [e for e in upkeep.upkeep(other, ScriptedSource(), side="ym") if e.kind == "plague"]


def test_the_necromancers_first_plain_undead_is_its_eternal_servant_with_piercing_1():
    b = new_board(dm_mage="Necromancer", ym_mage="Warlock", dm_zone="B2", ym_zone="D3")
    d1, d2, d3 = _summon(b, "Skeletal Knight", "Mort", "Zombie Crawler")  # Mort is Legendary
    knight, mort, crawler = (b.get(d.data["id"]) for d in (d1, d2, d3))
    assert any("Eternal Servant" in line for line in sentences(d1.instructions))
    assert [x.extra.get("eternal_servant", False) for x in (knight, mort, crawler)] == [True, False, False]
    # Piercing +1 on its attacks: armor 2 counts as 1 (two normal hits: 1 damage without it)
    target = b.add_creature("Bitterwood Fox", "ym", "B2", id="fox")
    target.stats["armor"] = 2
    attack = b.attacks(knight)[0]
    assert "Piercing +1" in combat.attack_traits(b, knight, attack)
    assert "Piercing +1" not in combat.attack_traits(b, crawler, b.attacks(crawler)[0])
    check_against_engine(b, knight, attack, target)
    # destroyed, it stays dead, and the next plain Undead takes the marker
    b.creatures.remove(knight)
    (d4,) = _summon(b, "Skeletal Minion")
    assert b.get(d4.data["id"]).extra.get("eternal_servant")
    other = new_board(dm_mage="Warlock", ym_mage="Necromancer")
    (d5,) = _summon(other, "Skeletal Knight")
    assert not other.get(d5.data["id"]).extra.get("eternal_servant")


@pytest.mark.parametrize("dm_mage", ["Druid", "Warlock", "Paladin", "Necromancer", "Wizard"])
def test_the_reminders_at_the_start_say_plainly_when_nothing_is_done_by_hand(dm_mage):
    """A note that only says why there is nothing to apply does not read as a by-hand step
    ("by hand: Nothing: ..."); the others keep their by-hand label."""
    from solo.text.yours import mage_reminders

    board = new_board(dm_mage=dm_mage, ym_mage="Beastmaster")
    note = board.cat.get(dm_mage).dm["by_hand_dm"]
    line = next(x for x in mage_reminders(board) if x.startswith(f"The Dummy Mage ({dm_mage})"))
    assert "Nothing:" not in line
    if note.startswith("Nothing:"):
        assert line.startswith(f"The Dummy Mage ({dm_mage}): nothing to apply by hand. ")
        assert note.removeprefix("Nothing:").strip()[1:] in line
    else:
        assert line == f"The Dummy Mage ({dm_mage}), by hand: {note}"
