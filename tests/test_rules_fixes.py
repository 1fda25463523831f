"""Rules the Dummy Mage used to get wrong: spells that would change nothing, walls with Passage
Attacks, hindering and paths, the running damage of extra strikes, and what a person rolling
physical dice is told."""

import json

import pytest

from solo import automaton, combat
from solo.automaton import Decision, PlannedAttack
from solo.board import new_board
from solo.dice import ScriptedSource, SeededSource, TypedSource
from solo.resolve import resolve_decision


def board_with(dm_zone="A1", ym_zone="B2", stage="quickcast-1", **decks):
    b = new_board("Warlock", "Beastmaster", dm_zone=dm_zone, ym_zone=ym_zone, decks=decks)
    b.stage = stage
    return b


# ENCHANTMENT_OR_INCANTATION: first d12 8-10, then 7-12 for the incantation deck, 1-6 for the
# enchantment deck.
INCANTATION = [9, 7]
ENCHANTMENT = [9, 1]


# -- 1. spells that would change nothing are discarded ---------------------------------------

# -- 2. walls with Passage Attacks attack what walks through -----------------------------------

def fire_wall_board():
    """The wolf in A1, your mage in B1 beyond a Wall of Fire: the only one-move way in."""
    b = board_with("D3", "B1")
    wolf = b.add_creature("Timber Wolf", "dm", "A1")
    wall = b.add_conjuration("Wall of Fire", "ym", "A1", border="B1")
    return b, wolf, wall


# -- 3. paths: hindering, and flying ---------------------------------------------------------

def full_action_wolf(b, zone):
    """A wolf whose only attack takes a full action: it cannot move and attack."""
    return b.add_creature("Timber Wolf", "dm", zone,
                          stats={"attacks": [{"name": "Maul", "action": "full", "kind": "melee",
                                              "range": [0, 0], "dice": 5}]})


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


# -- 5. a person rolling physical dice is told what for ------------------------------------------

def recording_source(d12=7, faces=(3,)):
    asked = []

    def ask(sides, count, label):
        asked.append(label)
        return [d12] * count if sides == 12 else [faces[0]] * count

    return TypedSource(ask), asked


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


