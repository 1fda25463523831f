"""Official card rulings (card-rulings.txt, with the complete codex entries they rest on) for
cards that solo claims to model fully, second batch: Force Wave, Ghoul Rot, Gurmash, Invisible
Stalker, Poisoned Blood, Repulse, Rouse the Beast, Sersiryx, Spiked Pit, Steal Enchantment,
Steal Equipment, Summoning Circle and Teleport.  Each test fails on the engine before its fix,
except those marked "passes before and after" (a nearby case the fix must not change)."""

import pytest

from solo.rules import combat
from solo.automaton import spells
from solo.rules import targeting
from solo.engine import turns
from solo.rules import upkeep
from solo.rules import yours
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource
from solo.engine.game import Game, Settings
from solo.core.questions import RulePrompter
from solo.engine.rounds import RoundState
from solo.rules import harm
from solo.text.render import lines as sentences
from worded import worded


def _b(dm_zone="A1", ym_zone="D3", dm_mage="Warlock", **decks):
    return new_board(dm_mage, "Beastmaster", dm_zone=dm_zone, ym_zone=ym_zone, decks=decks)


def _cast(b, deck, d12=(), d6=()):
    src = ScriptedSource(d12=list(d12), d6=list(d6), fallback=SeededSource(1))
    return worded(spells.cast_spell(b, src, deck))


def _strikes(d, role):
    return [s for r in d.results for s in r.strikes if s.role == role]


# -- Force Wave (card-rulings.txt 321-323; 750 on the extra mana; complete codex, Push) --------

def test_force_wave_bashes_what_it_pushes_into_the_arena_edge():
    b = _b(dm_zone="A2", incantation=["Force Wave"])
    wolf = b.add_creature("Timber Wolf", "ym", "A1", active=False)
    d = _cast(b, "incantation", d12=[1], d6=[6] * 3)  # north: the arena's edge
    assert d.data["target"] == "A1" and wolf.zone == "A1"
    bash = _strikes(d, "bash")
    assert len(bash) == 1 and bash[0].target == wolf.id and bash[0].side == "dm"
    assert wolf.damage == 6  # three critical 2s: Unavoidable, criticals ignore armor
    assert "Bashed against the arena's edge" in sentences(d.instructions)[-1]


@pytest.mark.parametrize("card, dm_zone", [("Force Wave", "B1"), ("Repulse", "B2")])
def test_a_push_through_a_passage_attacks_wall_is_attacked_by_the_wall(card, dm_zone):
    # Force Wave: the Dummy Mage pays the 3 mana more that pushes through a Passage Attacks wall
    # (it makes every optional payment); Repulse needs none (card-rulings.txt 574). Either way
    # the creature goes through and the wall attacks it.
    b = _b(dm_zone=dm_zone, incantation=[card])
    b.add_conjuration("Wall of Fire", "ym", "B2", border="C2", id="ym-wall")
    wolf = b.add_creature("Timber Wolf", "ym", "B2", active=False, stats={"life": 99})
    d = _cast(b, "incantation", d12=[5] + [1] * 5, d6=[1] * 20)  # east, through the wall
    assert wolf.zone == "C2"
    passage = _strikes(d, "passage attack")
    assert [(s.attacker, s.target) for s in passage] == [("ym-wall", wolf.id)]


def test_force_wave_pushes_every_creature_the_same_way_one_after_another():
    # passes before and after: one compass roll for all, each push its own
    b = _b(dm_zone="B1", incantation=["Force Wave"])
    wolf = b.add_creature("Timber Wolf", "ym", "B2", active=False)
    fox = b.add_creature("Bitterwood Fox", "ym", "B2", active=False)
    d = _cast(b, "incantation", d12=[5])
    assert (wolf.zone, fox.zone) == ("C2", "C2")
    assert d.data["pushed"] == {wolf.id: "C2", fox.id: "C2"}


def test_cascading_force_wave_never_pushes_through_a_passage_attacks_wall():
    # Its card says so; as for Force Push unpaid (card-rulings.txt 315), no push and no Bash.
    b = _b(dm_zone="B1", incantation=["Cascading Force Wave"])
    b.add_conjuration("Wall of Fire", "ym", "B2", border="C2", id="ym-wall")
    wolf = b.add_creature("Timber Wolf", "ym", "B2", active=False)
    d = _cast(b, "incantation", d12=[5], d6=[6] * 20)  # east, into the wall
    assert d.data.get("target") == wolf.id
    assert wolf.zone == "B2" and wolf.damage == 0 and not d.results


# -- Repulse (card-rulings.txt 573-578; complete codex, Push and Stuck) -----------------------

def test_repulse_bashes_what_it_pushes_into_the_arena_edge():
    b = _b(dm_zone="B1", incantation=["Repulse"])
    wolf = b.add_creature("Timber Wolf", "ym", "B1", active=False)
    d = _cast(b, "incantation", d12=[1], d6=[6] * 3)  # north: the arena's edge
    assert wolf.zone == "B1" and wolf.damage == 6
    assert [s.target for s in _strikes(d, "bash")] == [wolf.id]


def test_repulse_leaves_a_stuck_creature_where_it_is():
    # Stuck is Unmovable: a Push does nothing to it (and no compass is rolled for it).
    b = _b(dm_zone="B2", incantation=["Repulse"])
    wolf = b.add_creature("Timber Wolf", "ym", "B2", active=False, conditions={"Stuck": 1})
    fox = b.add_creature("Bitterwood Fox", "ym", "B2", active=False)
    d = _cast(b, "incantation", d12=[5, 7])  # the first roll is the fox's
    assert wolf.zone == "B2" and fox.zone == "C2"
    assert "Timber Wolf" not in sentences(d.instructions)[-1]  # not a target: nothing to push


def test_repulse_rolls_for_each_creature_and_spares_the_caster():
    # passes before and after
    b = _b(dm_zone="B2", incantation=["Repulse"])
    wolf = b.add_creature("Timber Wolf", "ym", "B2", active=False)
    fox = b.add_creature("Bitterwood Fox", "ym", "B2", active=False)
    _cast(b, "incantation", d12=[5, 7])  # the wolf east, the fox south
    assert (wolf.zone, fox.zone, b.mages["dm"].zone) == ("C2", "B3", "B2")


def test_repulse_pushes_a_flyer_over_a_passage_attacks_wall_unharmed():
    # passes before and after (card-rulings.txt 319: a pushed flyer ignores walls)
    b = _b(dm_zone="B2", incantation=["Repulse"])
    b.add_conjuration("Wall of Fire", "ym", "B2", border="C2", id="ym-wall")
    bat = b.add_creature("Darkfenne Bat", "ym", "B2", active=False)
    d = _cast(b, "incantation", d12=[5], d6=[6] * 20)
    assert bat.zone == "C2" and bat.damage == 0 and not _strikes(d, "passage attack")


def test_an_attack_that_pushes_a_flyer_over_a_passage_attacks_wall_meets_no_wall_attack():
    # The same ruling for an attack's Push (Jet Stream): the flyer is not attacked by the wall.
    b = _b(dm_zone="B1")
    b.add_conjuration("Wall of Fire", "ym", "B2", border="C2", id="ym-wall")
    bat = b.add_creature("Darkfenne Bat", "ym", "B2", active=False, stats={"life": 99})
    src = ScriptedSource(d12=[12, 5] + [1] * 5, d6=[1] * 20, fallback=SeededSource(1))
    r = combat.resolve_attack(b, b.mages["dm"], "Jet Stream", bat, src)
    assert r.main is not None and r.main.push is not None and r.main.push.to == "C2"
    assert [s.role for s in r.strikes] == ["attack"]


# -- Steal Enchantment (card-rulings.txt 656-659; 505) -----------------------------------------

def test_steal_enchantment_takes_no_enchantment_the_dummy_mage_may_not_control():
    # A Warlock may not control the Warlord's Standard Bearer: the spell finds nothing to take.
    b = _b(incantation=["Steal Enchantment"])
    grunt = b.add_creature("Goblin Grunt", "dm", "A1")
    yours_ = b.add_creature("Goblin Grunt", "ym", "B1", enchantments=["Standard Bearer"])
    d = _cast(b, "incantation")
    assert d.data.get("discarded") is True
    assert yours_.enchantments == ["Standard Bearer"] and grunt.enchantments == []


def test_steal_enchantment_looks_past_one_it_may_not_control():
    # Your mage (the most life left) carries only a Holy Mage Only enchantment; your wolf a Bull
    # Endurance, which anyone may control: that is the one taken.
    b = _b(ym_zone="B1", incantation=["Steal Enchantment"])
    b.mages["ym"].enchantments.append("Eye for an Eye")
    wolf = b.add_creature("Timber Wolf", "ym", "B1", enchantments=["Bull Endurance"])
    mine = b.add_creature("Timber Wolf", "dm", "A1")
    d = _cast(b, "incantation")
    assert d.data.get("target") == wolf.id
    assert mine.enchantments == ["Bull Endurance"] and wolf.enchantments == []
    assert b.mages["ym"].enchantments == ["Eye for an Eye"]


def test_steal_enchantment_still_takes_an_enchantment_anyone_may_control():
    # passes before and after
    b = _b(incantation=["Steal Enchantment"])
    mine = b.add_creature("Timber Wolf", "dm", "A1")
    wolf = b.add_creature("Timber Wolf", "ym", "B1", enchantments=["Bull Endurance"])
    d = _cast(b, "incantation")
    assert d.data["moved"] == {"enchantment": "Bull Endurance", "to": mine.id}
    assert wolf.enchantments == [] and mine.enchantments == ["Bull Endurance"]


# -- Invisible Stalker (card-rulings.txt 437-438; 294) -----------------------------------------

def test_the_invisible_stalker_loses_invisible_when_it_attacks_until_the_next_reset():
    g = Game.new(Settings(seed=3, name="t"))
    b = g.board
    stalker = b.add_creature("Invisible Stalker", "dm", "B2")
    b.add_creature("Timber Wolf", "ym", "B2", active=False)
    assert not targeting.can_target(b, "B2", stalker)
    d = turns.dm_creature_action(b, SeededSource(2))
    assert d.action == "attack" and d.data["creature"] == stalker.id
    assert not b.has_trait(stalker, "Invisible") and not b.has_trait(stalker, "Elusive")
    assert targeting.can_target(b, "B2", stalker)  # your creatures may attack it now
    lines = g._ready().lines  # the next round's Reset gives it back
    assert b.has_trait(stalker, "Invisible") and not targeting.can_target(b, "B2", stalker)
    assert any("is Invisible again" in line for line in lines)


def test_the_invisible_stalker_ignores_the_guards_when_it_declares_its_attack():
    # passes before and after: it bypasses your guard (it is Elusive when it declares)
    b = _b(ym_zone="B2")
    b.add_creature("Invisible Stalker", "dm", "B2")
    b.add_creature("Timber Wolf", "ym", "B2", active=False, guarding=True)
    d = turns.dm_creature_action(b, SeededSource(2))
    assert d.action == "attack" and d.data["target"] == "ym"


# -- Spiked Pit (card-rulings.txt 648-651 is the Domination tile of that name, which the solo
# -- arena does not have; the complete codex, Traps and Daze) ---------------------------------

def test_your_spiked_pit_attacks_whatever_daze_is_on_your_mage():
    # A trap attacks the creature that enters; your mage does not make that attack, so its
    # Daze gives the trap no Daze check (it would miss on 6 or less).
    b = new_board(dm_zone="A1", ym_zone="D2")
    b.mages["ym"].conditions["Daze"] = 1
    wolf = b.add_creature("Timber Wolf", "dm", "A2", id="w")
    yours.enchant_zone(b, "B2", "Spiked Pit", hidden=True)
    d = turns.dm_creature_action(b, ScriptedSource(d12=[5, 1, 1, 1], fallback=SeededSource(5)))
    assert d.data.get("revealed") == ["Spiked Pit"]
    spikes = [s for r in d.results if r.attack == "Impaling Spikes" for s in r.strikes]
    assert spikes and spikes[0].daze_roll is None and not spikes[0].missed
    assert wolf.zone == "B2"  # Stuck (1+), so caught where the trap is


def test_the_dummy_mages_spiked_pit_attacks_whatever_daze_is_on_it():
    g = Game.new(Settings(seed=1, name="t"))
    b = g.board
    b.mages["dm"].conditions["Daze"] = 1
    wolf = b.add_creature("Timber Wolf", "ym", "D2", id="ym-5")
    b.extra.setdefault("zone_enchantments", {})["C2"] = ["Spiked Pit"]
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": "ym-5", "turn.what": "move",
                               "turn.move.zone": "B2"})
    step = g.play_one()
    assert step is not None and [r.attack for r in step.results] == ["Impaling Spikes"]
    strike = step.results[0].strikes[0]
    assert strike.daze_roll is None and not strike.missed
    assert wolf.zone == "C2"


# -- Ghoul Rot (card-rulings.txt 368-369) --------------------------------------------------------

def test_ghoul_rot_puts_2_direct_damage_on_its_creature_each_upkeep():
    # passes before and after: direct damage, armor does not count
    b = _b(ym_zone="B1", enchantment=["Ghoul Rot"])
    b.mages["ym"].damage = 5  # not the target: the wolf has the most life left
    wolf = b.add_creature("Timber Wolf", "ym", "A1", stats={"life": 40})
    _cast(b, "enchantment")
    assert wolf.enchantments == ["Ghoul Rot"]
    upkeep.upkeep(b, SeededSource(1), "ym")
    assert wolf.damage == 2


# -- Poisoned Blood (card-rulings.txt 559-560) -------------------------------------------------

def test_poisoned_blood_stops_every_healing_of_its_creature():
    # passes before and after: Finite Life, so no regeneration and no healing at all
    b = _b(enchantment=["Poisoned Blood"])
    wolf = b.add_creature("Timber Wolf", "ym", "A1", damage=3, traits=["Regenerate 2"])
    _cast(b, "enchantment")
    assert wolf.enchantments == ["Poisoned Blood"]
    assert harm.heal(b, wolf, 3) == 0
    upkeep.upkeep(b, SeededSource(1), "ym")
    assert wolf.damage == 3


# -- Rouse the Beast (card-rulings.txt 607-608) ------------------------------------------------

def test_rouse_the_beast_is_discarded_in_the_final_quickcast_stage():
    # passes before and after: flipped then, the creature could not act this round any more
    b = _b(incantation=["Rouse the Beast"])
    b.stage = "quickcast-3"
    wolf = b.add_creature("Timber Wolf", "dm", "A1", active=False)
    d = _cast(b, "incantation")
    assert d.data.get("discarded") is True and not wolf.active


# -- Teleport (card-rulings.txt 697-701) ---------------------------------------------------------

def test_teleport_keeps_creature_and_zone_within_range_2_of_the_dummy_mage():
    # passes before and after
    b = _b(incantation=["Teleport"])
    b.add_creature("Bitterwood Fox", "dm", "D1", damage=4)  # 3 zones away: out of range
    near = b.add_creature("Timber Wolf", "dm", "B1")
    d = _cast(b, "incantation")
    assert d.data["target"] == near.id
    assert near.zone != "B1" and b.distance(near.zone, "A1") <= 2  # toward your mage in D3


# -- Finite Life (complete-codex.txt 247-251): Poisoned Blood then a Life +X -------------------

def test_a_life_bonus_put_on_after_poisoned_blood_gives_no_life():
    b = _b()
    late = b.add_creature("Timber Wolf", "dm", "B2", enchantments=["Poisoned Blood",
                                                                   "Bull Endurance"])
    early = b.add_creature("Timber Wolf", "dm", "B2", enchantments=["Bull Endurance",
                                                                    "Poisoned Blood"])
    assert b.life(late) == 10  # it cannot gain life once it has Finite Life
    assert b.life(early) == 14  # passes before and after: it keeps what it had gained


# -- Rouse the Beast: "Target a creature summoned this round" (its card) -----------------------

def test_rouse_the_beast_never_gives_a_creature_that_has_acted_a_second_action():
    from solo.automaton import quickcast as qc_table
    from solo.engine import quickcast_turn

    b = _b(incantation=["Rouse the Beast"], creature=["Timber Wolf"])
    b.stage = "quickcast-1"
    acted = b.add_creature("Timber Wolf", "dm", "A1", active=False)  # its action is spent
    d = _cast(b, "incantation")
    assert d.data.get("discarded") is True and not acted.active
    # a creature summoned this round may be roused
    b.discards["incantation"].remove("Rouse the Beast")
    b.decks["incantation"].append("Rouse the Beast")
    fresh = b.get(quickcast_turn.carry_out(b, qc_table.summon(b)).data["id"])
    d = _cast(b, "incantation")
    assert d.data.get("target") == fresh.id and fresh.active and not acted.active
