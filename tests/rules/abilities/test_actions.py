"""Card abilities that change how a creature acts, heals or moves (solo.rules.abilities.actions),
each pinned by its card text and rulings, on a board where the card matters.

Scripted attack dice: d6 1,2 -> "-", 3 -> "1", 4 -> "2", 5 -> "1*", 6 -> "2*".
"""

import pytest

from solo.automaton import attacks as dm_attacks
from solo.automaton import movement as dm_movement
from solo.engine import turns
from solo.rules import effects, targeting, upkeep
from solo.rules.board import new_board
from solo.rules.combat import resolve_attack
from solo.rules.dice import ScriptedSource, SeededSource
from solo.rules.abilities import actions
from solo.text.render import line


def script(d12=(), d6=()):
    return ScriptedSource(d12=list(d12), d6=list(d6))


@pytest.fixture
def b():
    return new_board(dm_zone="A1", ym_zone="D3")


# -- Healing: Asyran Cleric, Gray Angel, the Heal term ---------------------------------------

def test_asyran_cleric_heals_its_most_hurt_friend_in_reach_instead_of_attacking(b):
    """Healing Light: heal target Living creature (range 0-1) the amount rolled."""
    cleric = b.add_creature("Asyran Cleric", "dm", "B2")
    hurt = b.add_creature("Timber Wolf", "dm", "C2", damage=6, active=False)  # 4 left
    b.add_creature("Asyran Cleric", "dm", "B2", damage=1, active=False)  # 5 left
    b.add_creature("Timber Wolf", "ym", "B2", active=False)  # an enemy it could hit with Staff
    d = turns.creature_action(b, script(d6=[4]))  # one die: a 2
    assert d.data["creature"] == cleric.id and d.action == "heal"
    assert d.data["target"] == hurt.id
    assert b.get(hurt.id).damage == 4
    assert not d.attacks
    assert "heals" in line(d.instructions[-1]) and "remove 2 damage" in line(d.instructions[-1])


def test_asyran_cleric_attacks_when_nobody_in_reach_is_hurt(b):
    cleric = b.add_creature("Asyran Cleric", "dm", "B2")
    b.add_creature("Timber Wolf", "dm", "D1", damage=6, active=False)  # hurt, out of range
    foe = b.add_creature("Timber Wolf", "ym", "B2", active=False)
    d = turns.creature_action(b, SeededSource(3))
    assert d.data["creature"] == cleric.id and d.action == "attack"
    assert d.data["target"] == foe.id and d.data["attack"] == "Staff"


def test_a_healer_never_heals_a_nonliving_friend(b):
    b.add_creature("Asyran Cleric", "dm", "B2")
    b.add_creature("Skeletal Minion", "dm", "B2", damage=2, active=False)  # Nonliving
    b.add_creature("Timber Wolf", "ym", "B2", active=False)
    d = turns.creature_action(b, SeededSource(3))
    assert d.action == "attack"


def test_gray_angel_gives_its_life_to_heal_the_dummy_mage_when_it_is_low(b):
    """Redeeming Sacrifice: heal any Living creature in the arena the amount rolled, then
    destroy Gray Angel."""
    angel = b.add_creature("Gray Angel", "dm", "A1")
    dm = b.mages["dm"]
    effects.apply(b, effects.Damage("dm", b.life(dm) - 8))  # 8 life left
    d = turns.creature_action(b, script(d6=[4, 4, 3, 1, 1, 6]))  # 2+2+1+2 = 7
    assert d.action == "heal" and d.data["target"] == "dm"
    assert b.life(dm) - b.mages["dm"].damage == 15
    assert b.find(angel.id) is None and b.discards["creature"][-1] == "Gray Angel"
    assert d.data["sacrificed"] == angel.id
    assert (b.extra.get("tally") or {}).get("ym", 0) == 0  # nobody destroyed it


def test_gray_angel_fights_while_the_dummy_mage_is_healthy(b):
    b.add_creature("Gray Angel", "dm", "C3")
    effects.apply(b, effects.Damage("dm", 5))
    d = turns.creature_action(b, SeededSource(2))
    assert d.action != "heal"
    assert b.creatures[0].card == "Gray Angel"


def test_the_heal_term_is_applied_for_the_dummy_mage():
    from solo.cards.catalog import get_catalog
    from solo.cards.coverage import coverage
    cat = get_catalog()
    for name in ("Asyran Cleric", "Gray Angel", "Heal"):
        assert coverage(cat.get(name)).level == "modelled", name


# -- Mana Leech: Mana Drain on your side -----------------------------------------------------

def test_mana_leech_drains_your_mana_when_it_damages_yours(b):
    leech = b.add_creature("Mana Leech", "dm", "B2")
    wolf = b.add_creature("Timber Wolf", "ym", "B2")
    bite = next(a for a in b.attacks(leech) if a.name == "Leeching Bite")
    r = resolve_attack(b, leech, bite, wolf, script(d6=[4, 4]))
    said = [line(s) for s in r.main.steps if getattr(s, "code", "") == "strike.drain"]
    assert said and "your side loses 1 mana" in said[0]


# -- Movement: teleports, flight, hindering, Elusive -----------------------------------------

def test_blue_gremlin_is_fast_and_teleports_over_a_wall(b):
    """It pays 1 mana when activated: Fast until the end of round, each move a teleport."""
    b.mages["ym"].zone = "D2"
    gremlin = b.add_creature("Blue Gremlin", "dm", "B2")
    b.add_conjuration("Wall of Stone", "ym", "B2", border="C2")  # Passage Blocked
    b.add_creature("Timber Wolf", "ym", "C2", active=False)  # would hinder a walker
    d = turns.creature_action(b, SeededSource(1))
    assert d.data["creature"] == gremlin.id
    assert d.action == "move-attack" and d.data["path"] == ["C2", "D2"]
    assert d.data["target"] == "ym"


def test_grey_wraith_teleports_past_a_wall_and_no_passage_attack(b):
    """Instead of a move action, it may pay 1 mana to teleport to an adjacent zone."""
    b.mages["ym"].zone = "C2"
    wraith = b.add_creature("Grey Wraith", "dm", "B2")
    b.add_conjuration("Wall of Thorns", "ym", "B2", border="C2")  # Passage Attacks
    b.add_conjuration("Wall of Stone", "ym", "B2", border="B3")
    b.add_conjuration("Wall of Stone", "ym", "B2", border="B1")
    b.add_conjuration("Wall of Stone", "ym", "A2", border="B2")
    d = turns.creature_action(b, SeededSource(1))
    assert d.data["creature"] == wraith.id and d.data["path"] == ["C2"]
    assert all(p.attacker == wraith.id for p in d.attacks)


def test_astral_anchor_stops_a_teleport_over_a_wall(b):
    """Creatures cannot be Teleported to or from the Anchor's zone."""
    b.mages["ym"].zone = "D2"
    b.add_creature("Blue Gremlin", "dm", "B2")
    b.add_conjuration("Wall of Stone", "ym", "B2", border="C2")
    b.extra["zone_enchantments"] = {"C2": ["Astral Anchor"]}
    d = turns.creature_action(b, SeededSource(1))
    assert d.data.get("path", [])[:1] != ["C2"]


def test_necropian_vampiress_flies_during_her_action_phase_only(b):
    """When activated, she may pay 1 mana to gain Flying until the end of her Action Phase."""
    b.mages["ym"].zone = "C2"
    vamp = b.add_creature("Necropian Vampiress", "dm", "B2")
    b.add_conjuration("Wall of Stone", "ym", "B2", border="C2")
    d = turns.dm_creature_action(b, SeededSource(4))
    assert d.data["creature"] == vamp.id
    assert d.data["path"] == ["C2"]  # over the wall, as a flyer
    assert not b.flying(b.get(vamp.id))  # the phase is over: she walks again
    assert any("flight ends" in line(s) for s in d.instructions if not isinstance(s, str))


def test_victorian_griffin_hinders_every_enemy_in_its_zone_while_it_flies(b):
    griffin = b.add_creature("Victorian Griffin", "ym", "B2", active=False)
    wolf = b.add_creature("Timber Wolf", "dm", "B2")
    assert b.flying(griffin)
    assert dm_movement.hinders(b, wolf, "B2")  # a walker, hindered by a flyer
    elusive = b.add_creature("Timber Wolf", "dm", "B2", traits=["Elusive"])
    assert dm_movement.hinders(b, elusive, "B2")  # Elusive no more
    effects.apply(b, effects.SetGuard(griffin.id, True))  # guarding: it does not fly
    assert not dm_movement.hinders(b, elusive, "B2")


def test_slaknir_makes_friendly_goblins_elusive_and_a_griffin_takes_it_away(b):
    """Slaknir: all friendly goblins gain Elusive; Victorian Griffin: enemy creatures in its zone
    lose and cannot gain Elusive."""
    grunt = b.add_creature("Goblin Grunt", "dm", "B2")
    guard = b.add_creature("Timber Wolf", "ym", "B2", guarding=True)
    b.add_creature("Bitterwood Fox", "ym", "B2")
    assert dm_attacks.forced_guards(b, grunt, "B2") == [guard]
    b.add_creature("Slaknir, Goblin Chieftain", "dm", "A1")
    assert actions.elusive(b, grunt)
    assert dm_attacks.forced_guards(b, grunt, "B2") == []
    b.add_creature("Victorian Griffin", "ym", "B2")
    assert not actions.elusive(b, grunt)


def test_artemis_ignores_obscured(b):
    """Artemis' attacks ignore the Obscured trait."""
    artemis = b.add_creature("Artemis, Dawnbreaker's Eye", "dm", "A1")
    wolf = b.add_creature("Timber Wolf", "ym", "C1", traits=["Obscured"])
    spear = next(a for a in b.attacks(artemis) if a.name == "Thrown Spear")
    assert targeting.can_reach(b, artemis, spear, "A1", wolf)
    archer = b.add_creature("Timber Wolf", "dm", "A1")
    assert not targeting.can_reach(b, archer, spear, "A1", wolf)


def test_guard_dog_is_vigilant_beside_a_friendly_unattached_conjuration(b):
    dog = b.add_creature("Guard Dog", "ym", "B2")
    assert not actions.vigilant(b, dog)
    b.add_conjuration("Wall of Stone", "ym", "B2", border="C2")  # on a border: not in the zone
    assert not actions.vigilant(b, dog)
    b.add_conjuration("Mana Flower", "ym", "B2")
    assert actions.vigilant(b, dog)
    events = upkeep.end_action_phase(b, dog, script())
    assert any(e.kind == "reminder" for e in events)


# -- Spells acting on your side's objects: Disarm, Seeking Dispel -----------------------------

def _spell_board(card, deck="incantation"):
    return new_board("Warlock", "Beastmaster", dm_zone="A1", ym_zone="B1", decks={deck: [card]})


def test_disarm_disables_your_mages_costliest_equipment_until_the_reset():
    """Disarm: place a Disable marker on an equipment object attached to target Mage; a
    Disabled piece of equipment no longer affects the mage (armor, Defenses, attack bars)."""
    from solo.automaton import spells

    b = _spell_board("Disarm")
    effects.apply(b, effects.Equip("ym", "Leather Boots"))
    effects.apply(b, effects.Equip("ym", "Dragonscale Hauberk"))
    armor = b.armor(b.mages["ym"])
    d = spells.cast_spell(b, SeededSource(1), "incantation")
    assert not d.data.get("discarded")
    assert b.armor(b.mages["ym"]) == armor - 2  # the Hauberk (6 mana) gives nothing now
    assert "Dragonscale Hauberk" in " ".join(line(s) for s in d.instructions if not isinstance(s, str))
    changes, rearmed = actions.rearm(b)
    assert rearmed == [("ym", ("Dragonscale Hauberk",))]
    effects.apply_all(b, changes)
    assert b.armor(b.mages["ym"]) == armor


def test_disarm_is_not_cast_on_a_mage_who_wears_nothing():
    from solo.automaton import spells

    b = _spell_board("Disarm")
    d = spells.cast_spell(b, SeededSource(1), "incantation")
    assert d.data.get("discarded")


def test_seeking_dispel_destroys_your_hidden_enchantment_unrevealed():
    """Seeking Dispel: destroy target hidden enchantment; its controller cannot reveal it."""
    from solo.automaton import spells
    from solo.rules import yours

    b = _spell_board("Seeking Dispel")
    wolf = b.add_creature("Timber Wolf", "ym", "A1")
    yours.hide(b, wolf, "Bear Strength")
    d = spells.cast_spell(b, SeededSource(1), "incantation")
    assert not d.data.get("discarded")
    assert yours.hidden_on(b.get(wolf.id)) == []
    assert d.data["removed"] == ["Bear Strength"]


def test_seeking_dispel_ignores_face_up_enchantments():
    from solo.automaton import spells

    b = _spell_board("Seeking Dispel")
    wolf = b.add_creature("Timber Wolf", "ym", "A1")
    effects.apply(b, effects.Enchant(wolf.id, "Bear Strength"))
    d = spells.cast_spell(b, SeededSource(1), "incantation")
    assert d.data.get("discarded")
    assert b.get(wolf.id).enchantments == ["Bear Strength"]


# -- Teleport Trap: your creature entering its zone ------------------------------------------

def _your_move(zone_enchantments, to, where="D2"):
    from solo.core.questions import RulePrompter
    from solo.engine.game import Game, Settings
    from solo.engine.rounds import RoundState

    g = Game.new(Settings(seed=1, name="t"))
    b = g.board
    b.add_creature("Timber Wolf", "ym", where, id="ym-5")
    b.extra["zone_enchantments"] = zone_enchantments
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": "ym-5", "turn.what": "move", "turn.move.zone": to,
                               "dice.d12": [5]})
    return g, g.play_one()


def test_teleport_trap_sends_your_creature_away_from_the_dummy_mage():
    """Teleport Trap: when an enemy creature enters the zone, it is teleported to a zone of the
    trap's controller's choice up to 2 zones away; then the trap is destroyed."""
    g, step = _your_move({"C2": ["Teleport Trap"]}, "B2")
    b = g.board
    dm = b.mages["dm"].zone
    wolf = b.get("ym-5")
    assert wolf.zone != "B2" and b.distance("C2", wolf.zone) <= 2
    assert b.distance(wolf.zone, dm) == max(b.distance(z, dm) for z in b.arena.zones()
                                            if 0 < b.distance("C2", z) <= 2)
    assert "Teleport Trap" in b.discards["enchantment"]
    assert not (b.extra.get("zone_enchantments") or {}).get("C2")
    assert any("Teleport Trap in C2 goes off" in (s if isinstance(s, str) else line(s))
               for s in step.lines), step.lines


def test_astral_anchor_keeps_the_dummy_mages_own_teleport_spell_from_its_zone(b):
    """Astral Anchor: creatures cannot be Teleported to or from this zone."""
    from solo.rules import spells as rules_spells

    wolf = b.add_creature("Timber Wolf", "dm", "A1")
    card = b.cat.get("Lesser Teleport")
    b.extra["zone_enchantments"] = {"A1": ["Astral Anchor"]}
    rules_spells.teleport(b, card, wolf, "1")
    assert b.get(wolf.id).zone == "A1"
    b.extra["zone_enchantments"] = {"B1": ["Astral Anchor"]}
    rules_spells.teleport(b, card, b.get(wolf.id), "1")
    assert b.get(wolf.id).zone == "A2"  # toward you, not into the anchored B1


# -- Acolyte of the Bog Queen: Repair Bones, Vigor of the Grave ------------------------------

def test_acolyte_rebuilds_two_damage_on_a_friendly_skeleton_instead_of_attacking(b):
    """Repair Bones: reconstruct 2 damage from target skeleton object (range 0-1)."""
    acolyte = b.add_creature("Acolyte of the Bog Queen", "dm", "B2")
    bones = b.add_creature("Skeletal Minion", "dm", "C2", damage=3, active=False)
    b.add_creature("Timber Wolf", "ym", "B2", active=False)
    d = turns.creature_action(b, SeededSource(1))
    assert d.data["creature"] == acolyte.id and d.action == "heal"
    assert d.data["target"] == bones.id and b.get(bones.id).damage == 1
    assert not d.attacks


def test_acolyte_gives_a_zombie_melee_plus_one_when_it_has_no_one_to_attack(b):
    """Vigor of the Grave: target zombie creature gains Melee +1 until end of round."""
    acolyte = b.add_creature("Acolyte of the Bog Queen", "dm", "A1")
    zombie = b.add_creature("Zombie Minion", "dm", "A2", stats={"cost": 1})  # acts later
    melee = next(a for a in b.attacks(zombie) if a.is_melee)
    before = b.has_trait(zombie, "Melee +1")
    d = turns.creature_action(b, SeededSource(1))
    assert d.data["creature"] == acolyte.id and d.action == "help"
    assert d.data["target"] == zombie.id
    assert b.get(zombie.id).conditions.get("Vigor of the Grave") == 1
    assert not before and b.has_trait(b.get(zombie.id), "Melee +1")
    assert melee is not None
    events = upkeep.end_round(b)
    assert not b.get(zombie.id).conditions.get("Vigor of the Grave")
    assert any(e.removed.get("Vigor of the Grave") for e in events)
