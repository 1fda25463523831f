"""Upkeep, the end of an action phase and of a round, and the end of the game.

Scripted attack dice: d6 1,2 -> "-", 3 -> "1", 4 -> "2", 5 -> "1*", 6 -> "2*".
"""

import math

import pytest

from solo.text.render import line
from solo.rules.board import new_board
from solo.rules.combat import apply, resolve_attack
from solo.rules.dice import ScriptedSource, SeededSource
from solo.rules.upkeep import activate, end_action_phase, end_round, game_over, tally_of, upkeep


@pytest.fixture
def b():
    return new_board(decks={"creature": ["Timber Wolf"]})


def kinds(events):
    return [e.kind for e in events]


# -- Burn, Rot, Regenerate --------------------------------------------------------------------

@pytest.mark.parametrize("markers,d6,damage,left", [
    (1, [1], 0, 0),              # blank: no damage, the marker goes
    (1, [6], 2, 1),              # a critical 2 is direct damage too (armor does not apply)
    (2, [1, 4], 2, 1),
    (3, [3, 5, 2], 2, 2),
])
def test_burn(b, markers, d6, damage, left):
    w = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Burn": markers})
    s = ScriptedSource(d6=d6)
    events = upkeep(b, s)
    assert s.remaining(6) == []
    burn = [e for e in events if e.kind == "burn"][0]
    assert burn.damage == damage and len(burn.dice) == markers
    assert w.damage == damage and w.conditions.get("Burn", 0) == left


def test_burn_on_a_burnproof_object_just_goes(b):
    g = b.add_creature("Iron Golem", "dm", "B2", conditions={"Burn": 2})
    upkeep(b, ScriptedSource())
    assert g.damage == 0 and "Burn" not in g.conditions


def test_rot_is_one_direct_damage_per_marker(b):
    w = b.add_creature("Emerald Tegu", "dm", "B2", conditions={"Rot": 2})  # armor 3
    events = upkeep(b, ScriptedSource())
    assert w.damage == 2 and w.conditions == {"Rot": 2} and kinds(events) == ["rot"]


def test_rot_does_not_hurt_nonliving(b):
    s = b.add_creature("Skeletal Sentry", "dm", "B2", conditions={"Rot": 1})
    upkeep(b, ScriptedSource())
    assert s.damage == 0 and "Rot" not in s.conditions


@pytest.mark.parametrize("card,damage,after", [
    ("Darkfenne Hydra", 5, 3), ("Darkfenne Hydra", 1, 0), ("Darkfenne Hydra", 0, 0),
    ("Timber Wolf", 5, 5),
])
def test_regenerate(b, card, damage, after):
    p = b.add_creature(card, "dm", "B2", damage=damage)
    upkeep(b, ScriptedSource())
    assert p.damage == after


def test_finite_life_does_not_regenerate(b):
    p = b.add_creature("Darkfenne Hydra", "dm", "B2", damage=5, traits=["Finite Life"])
    events = upkeep(b, ScriptedSource())
    assert p.damage == 5 and "cannot regenerate" in line(events[0].text)


def test_regenerate_comes_before_burn(b):
    hydra = b.add_creature("Darkfenne Hydra", "dm", "B2", damage=14, conditions={"Burn": 1})
    upkeep(b, ScriptedSource(d6=[4]))  # 2 burn damage: 14 - 2 + 2 = 14 < 15
    assert b.find(hydra.id) is not None and hydra.damage == 14
    fresh = b.add_creature("Darkfenne Hydra", "dm", "B2", damage=0, conditions={"Burn": 1})
    b.remove(hydra.id)
    upkeep(b, ScriptedSource(d6=[4]))  # nothing to regenerate yet, then 2 burn damage
    assert fresh.damage == 2


def test_burn_destroys_and_counts_for_the_other_side(b):
    w = b.add_creature("Timber Wolf", "dm", "B2", damage=9, conditions={"Burn": 1})
    events = upkeep(b, ScriptedSource(d6=[3]))
    assert kinds(events) == ["burn", "destroyed"]
    assert b.find(w.id) is None and b.discards["creature"] == ["Timber Wolf"]
    assert tally_of(b) == {"dm": 0, "ym": 9}


def test_burn_wakes_a_sleeping_creature_dazed(b):
    w = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Burn": 1, "Sleep": 1})
    upkeep(b, ScriptedSource(d6=[3]))
    assert w.conditions == {"Burn": 1, "Daze": 1}


def test_upkeep_only_touches_the_given_side(b):
    mine = b.add_creature("Timber Wolf", "ym", "B2", conditions={"Rot": 1})
    upkeep(b, ScriptedSource())
    assert mine.damage == 0
    upkeep(b, ScriptedSource(), side="ym")
    assert mine.damage == 1


def test_dm_keeps_upkeep_creatures_for_free(b):
    e = b.add_creature("Fire Elemental", "dm", "B2")  # Upkeep +1
    events = upkeep(b, ScriptedSource())
    assert kinds(events) == ["upkeep-cost"] and b.find(e.id) is not None
    mine = b.add_creature("Grey Wraith", "ym", "B2")
    events = upkeep(b, ScriptedSource(), side="ym")
    assert "pay 1 mana" in line(events[0].text) and b.find(mine.id) is not None


def test_mage_burning_to_its_life_is_reported_not_removed(b):
    b.mages["dm"].damage = b.mages["dm"].life - 1
    b.mages["dm"].conditions["Burn"] = 1
    events = upkeep(b, ScriptedSource(d6=[4]))
    assert kinds(events) == ["burn", "defeated"] and b.mages["dm"] in b.pieces()


def test_burn_mean_damage_per_marker(b):
    # One attack die: mean 1, variance 2/3 (faces 0, 0, 1, 2, 1, 2).
    n = 3000
    source = SeededSource(4)
    total = 0
    for _ in range(n):
        w = b.add_creature("Timber Wolf", "dm", "B2", stats={"life": 99, "cost": 9},
                           conditions={"Burn": 1})
        upkeep(b, source)
        total += w.damage
        b.remove(w.id)
    assert abs(total / n - 1.0) < 4 * math.sqrt((2 / 3) / n)


# -- action phase and round -------------------------------------------------------------------

def test_end_action_phase_removes_daze_and_stun(b):
    w = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Daze": 2, "Stun": 1, "Burn": 1})
    end_action_phase(b, w, ScriptedSource())
    assert w.conditions == {"Burn": 1}


@pytest.mark.parametrize("rolls,left", [([7], 0), ([6], 1), ([12, 3], 1), ([8, 9], 0)])
def test_cripple_escape_roll(b, rolls, left):
    w = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Cripple": len(rolls)})
    s = ScriptedSource(d12=rolls)
    events = end_action_phase(b, w, s)
    assert s.remaining() == [] and w.conditions.get("Cripple", 0) == left
    assert [e.rolls for e in events] == [[r] for r in rolls]


def test_used_once_markers_go_at_the_end_of_the_action_phase(b):
    w = b.add_creature("Timber Wolf", "dm", "B2",
                       conditions={"Perfect Strike": 1, "Piercing Strike": 1, "Charge": 1})
    fox = b.add_creature("Bitterwood Fox", "ym", "B2")
    end_action_phase(b, w, ScriptedSource())
    assert "Perfect Strike" in w.conditions  # not used yet
    apply(b, resolve_attack(b, w, "Bite", fox, ScriptedSource(d6=[1] * 4)))
    end_action_phase(b, w, ScriptedSource())
    assert w.conditions == {"Charge": 1} and "once_used" not in w.extra


def test_activation_turns_slam_into_daze_and_ends_knockdown_and_guard(b):
    w = b.add_creature("Timber Wolf", "dm", "B2", guarding=True,
                       conditions={"Slam": 1, "Knockdown": 1})
    events = activate(b, w)
    assert w.conditions == {"Daze": 1} and w.guarding is False and len(events) == 3


def test_end_round_removes_round_effects_only(b):
    w = b.add_creature("Timber Wolf", "dm", "B2", conditions={
        "Battle Fury": 1, "Charge": 1, "Perfect Strike": 1, "Piercing Strike": 1,
        "Knockdown": 1, "Burn": 1, "Daze": 1})
    assert b.has_trait(w, "Fast")
    events = end_round(b)
    assert w.conditions == {"Burn": 1, "Daze": 1} and len(events) == 5
    assert not b.has_trait(w, "Fast")


# -- end of the game --------------------------------------------------------------------------

def test_no_outcome_at_the_start(b):
    assert game_over(b) is None


@pytest.mark.parametrize("dm_down,ym_down,winner", [
    (True, False, "ym"), (False, True, "dm"), (True, True, "draw")])
def test_a_mage_at_its_life_loses(b, dm_down, ym_down, winner):
    if dm_down:
        b.mages["dm"].damage = b.mages["dm"].life
    if ym_down:
        b.mages["ym"].damage = b.mages["ym"].life + 3
    assert game_over(b).result == winner


@pytest.mark.parametrize("ym,dm,winner", [(11, 5, "ym"), (10, 5, "dm"), (0, 0, "dm"), (1, 0, "ym")])
def test_alternate_ending_needs_more_than_twice_the_dm_tally(b, ym, dm, winner):
    b.decks["creature"] = []
    b.extra["tally"] = {"dm": dm, "ym": ym}
    out = game_over(b)
    assert out.winner == winner and out.tally == {"dm": dm, "ym": ym}


def test_alternate_ending_waits_for_the_deck_and_the_arena(b):
    b.extra["tally"] = {"dm": 0, "ym": 30}
    assert game_over(b) is None  # creature deck not empty
    b.decks["creature"] = []
    w = b.add_creature("Timber Wolf", "dm", "B2")
    assert game_over(b) is None  # a DM creature is still in the arena
    b.remove(w.id)
    assert game_over(b).winner == "ym"
    assert game_over(b, alternate=False) is None


def test_an_upkeep_spell_that_kills_an_object_already_passed_destroys_it():
    """Plagued on your creature hurts every creature in its zone in its Upkeep; a creature of
    yours handled earlier in the same Upkeep and left at 0 life goes too (found by the
    3,000-game conformance run)."""
    from solo.rules.board import new_board
    from solo.rules.dice import ScriptedSource
    from solo.rules import upkeep as up

    b = new_board()
    first = b.add_creature("Timber Wolf", "ym", "C2", id="ym-1")
    carrier = b.add_creature("Timber Wolf", "ym", "C2", id="ym-2")
    carrier.enchantments.append("Plagued")
    first.damage = b.life(first) - 1
    events = up.upkeep(b, ScriptedSource(), side="ym")
    assert b.find("ym-1") is None
    assert any(e.kind == "destroyed" and e.piece == "ym-1" for e in events)
    assert b.extra.get("tally", {}).get("dm", 0) == b.cost(first)


def test_a_zombie_whose_last_dissipate_token_goes_is_obliterated_not_discarded():
    """Found by a conformance run: Rise Again brings your Force Phoenix back as the Dummy
    Mage's zombie; when its last Dissipate token goes it is obliterated (a Zombie marker's
    rule), so it goes to no discard pile (it was not even the Dummy Mage's card)."""
    from solo.rules.board import new_board
    from solo.rules.dice import SeededSource
    from solo.rules import upkeep as up

    b = new_board(dm_zone="A1", ym_zone="D3")
    phoenix = b.add_creature("Force Phoenix", "dm", "B2", conditions={"Zombie": 1},
                             extra={"dissipate": 1})
    up.upkeep(b, SeededSource(1), "dm")
    assert b.find(phoenix.id) is None
    assert "Force Phoenix" not in b.discards.get("creature", [])
