"""Official card rulings (card-rulings.txt) for cards solo says it applies in full ("modelled"
in decks/coverage.json) that the engine had wrong: Dispel, Explode, Force Bash and Force Push.
Each test fails on the engine before its fix; the others, marked, pass before and after."""

from solo.rules import combat
from solo.automaton import spells
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource
from solo.text.render import line
from solo.engine.resolve import resolve_decision


def _b(mage="Forcemaster", dm_zone="A1", ym_zone="D3", **decks):
    return new_board(mage, "Beastmaster", dm_zone=dm_zone, ym_zone=ym_zone, decks=decks)


def _east(d6=6):
    """Every effect die 5 (east on the compass), every attack die the same face (6: 2*)."""
    return ScriptedSource(d12=[5] * 20, d6=[d6] * 40, fallback=SeededSource(1))


def _strikes(d, role):
    return [s for r in d.results for s in r.strikes if s.role == role]


# -- Dispel (card-rulings.txt 202-203) and Bull Endurance (94-98) ----------------------------

def test_dispel_destroys_a_creature_whose_damage_reaches_its_life_without_the_enchantment():
    b = _b(incantation=["Dispel"])
    wolf = b.add_creature("Timber Wolf", "ym", "B1", active=False,
                          enchantments=["Bull Endurance"], damage=12)  # life 10 + 4
    d = spells.cast_spell(b, SeededSource(1), "incantation")
    assert d.data.get("target") == wolf.id and d.data["removed"] == ["Bull Endurance"]
    assert b.find(wolf.id) is None


def test_dispel_leaves_a_creature_its_own_life_still_covers():  # passes before and after
    b = _b(incantation=["Dispel"])
    wolf = b.add_creature("Timber Wolf", "ym", "B1", active=False,
                          enchantments=["Bull Endurance"], damage=9)
    spells.cast_spell(b, SeededSource(1), "incantation")
    assert b.find(wolf.id) is wolf and wolf.enchantments == []


# -- Explode (card-rulings.txt 277-282): Explode makes the attack, not the caster -------------

def test_explode_makes_its_own_attack_so_the_casters_daze_cannot_make_it_miss():
    b = _b(mage="Warlock", ym_zone="A1", incantation=["Explode"])
    ym = b.mages["ym"]
    ym.equipment.append("Leather Boots")
    b.mages["dm"].conditions["Daze"] = 1
    src = ScriptedSource(d12=[1] * 10, d6=[6] * 20, fallback=SeededSource(1))
    d = spells.cast_spell(b, src, "incantation")
    resolve_decision(b, d, src)
    strike = d.results[0].strikes[0]
    assert strike.daze_roll is None and not strike.missed
    assert ym.damage == strike.damage > 0


def test_a_dazed_casters_explode_rolls_no_daze_check_so_your_hidden_block_is_revealed():
    # Explode goes ahead whatever the caster's Daze, so the Avoid Attack step comes: the hidden
    # Block is revealed (and, the attack being Unavoidable, destroyed without effect).
    from solo.rules import yours

    b = _b(mage="Warlock", ym_zone="A1", incantation=["Explode"])
    ym = b.mages["ym"]
    ym.equipment.append("Leather Boots")
    yours.hide(b, ym, "Block")
    b.mages["dm"].conditions["Daze"] = 1
    src = ScriptedSource(d12=[1] * 10, d6=[6] * 20, fallback=SeededSource(1))
    d = spells.cast_spell(b, src, "incantation")
    resolve_decision(b, d, src)
    assert d.data.get("revealed") == ["Block"] and ym.damage == 8
    assert not any(line(r.label).endswith("Daze check (7 or more goes ahead)") for r in src.history)


def test_a_dazed_dummy_mage_still_rolls_daze_for_its_own_attack_spell():  # passes before and after
    b = _b(mage="Warlock", ym_zone="B1", attack=["Fireball"])
    b.mages["dm"].conditions["Daze"] = 1
    src = ScriptedSource(d12=[1] * 10, d6=[6] * 20, fallback=SeededSource(1))
    d = spells.cast_spell(b, src, "attack")
    resolve_decision(b, d, src)
    strike = d.results[0].strikes[0]
    assert strike.daze_roll == 1 and strike.missed and b.mages["ym"].damage == 0


# -- Force Push (card-rulings.txt 314-320; the complete codex, Push 486-499 and Bashed 32-35) --

def test_force_push_through_a_passage_attacks_wall_is_attacked_by_the_wall():
    # the Dummy Mage pays the 3 extra mana (every optional payment is made): the wolf goes
    # through, and the wall attacks it
    b = _b(incantation=["Force Push"])
    wall = b.add_conjuration("Wall of Fire", "ym", "B1", border="C1")
    wolf = b.add_creature("Timber Wolf", "ym", "B1", active=False, stats={"life": 99})
    d = spells.cast_spell(b, _east(), "incantation")
    assert d.data.get("target") == wolf.id and wolf.zone == "C1"
    passage = _strikes(d, "passage attack")
    assert [s.attacker for s in passage] == [wall.id]
    assert wolf.damage == passage[0].damage > 0


def test_force_push_into_the_arena_edge_bashes_even_a_flyer():
    b = _b(incantation=["Force Push"])
    bat = b.add_creature("Darkfenne Bat", "ym", "A1", active=False, stats={"life": 99})
    d = spells.cast_spell(b, ScriptedSource(d12=[1], d6=[6] * 3), "incantation")  # north
    assert d.data.get("target") == bat.id and bat.zone == "A1"
    bash = _strikes(d, "bash")
    assert len(bash) == 1 and bash[0].dice == 3 and bat.damage == bash[0].damage == 6


def test_a_pushed_flyer_flies_over_a_passage_attacks_wall_unharmed():  # passes before and after
    b = _b(incantation=["Force Push"])
    b.add_conjuration("Wall of Fire", "ym", "B1", border="C1")
    bat = b.add_creature("Darkfenne Bat", "ym", "B1", active=False)
    d = spells.cast_spell(b, _east(), "incantation")
    assert bat.zone == "C1" and bat.damage == 0 and not d.results


def test_an_attack_that_pushes_a_flyer_through_a_passage_attacks_wall_is_not_followed_by_it():
    b = _b()
    b.add_conjuration("Wall of Fire", "ym", "B2", border="C2")
    bat = b.add_creature("Darkfenne Bat", "ym", "B2", stats={"life": 99})
    src = ScriptedSource(d12=[5, 5], d6=[1] * 4, fallback=SeededSource(1))  # Push; east
    r = combat.resolve_attack(b, b.mages["dm"], "Jet Stream", bat, src)
    assert r.main is not None and r.main.push is not None and r.main.push.to == "C2"
    assert [s.role for s in r.strikes] == ["attack"]


def test_force_push_does_not_target_a_stuck_creature():
    # Stuck is Restrained and Unmovable (the complete codex, 816-824): it cannot be Pushed
    b = _b(incantation=["Force Push"])
    wolf = b.add_creature("Timber Wolf", "ym", "B1", active=False, conditions={"Stuck": 1})
    d = spells.cast_spell(b, _east(), "incantation")
    assert d.data.get("discarded") is True and wolf.zone == "B1"


# -- Force Bash (card-rulings.txt 287-302) ----------------------------------------------------

def test_force_bash_into_a_passage_blocked_wall_bashes_and_slams_nobody():
    b = _b(incantation=["Force Bash"])
    b.add_conjuration("Wall of Stone", "ym", "B1", border="C1")
    wolf = b.add_creature("Timber Wolf", "ym", "B1", active=False, stats={"life": 99})
    fox = b.add_creature("Bitterwood Fox", "ym", "C1", active=False)
    d = spells.cast_spell(b, _east(), "incantation")
    assert d.data.get("target") == wolf.id and wolf.zone == "B1"
    bash = _strikes(d, "bash")
    assert len(bash) == 1 and wolf.damage == bash[0].damage == 6
    assert "Slam" not in wolf.conditions and "Slam" not in fox.conditions


def test_force_bash_slams_only_a_second_creature_it_can_target():
    b = _b(incantation=["Force Bash"])
    wolf = b.add_creature("Timber Wolf", "ym", "B1", active=False)
    stalker = b.add_creature("Invisible Stalker", "ym", "C1", active=False)  # life 7
    fox = b.add_creature("Bitterwood Fox", "ym", "C1", active=False)  # life 5
    spells.cast_spell(b, _east(), "incantation")
    assert wolf.zone == "C1" and wolf.conditions == {"Slam": 1}
    assert stalker.conditions == {} and fox.conditions == {"Slam": 1}


def test_force_bash_slams_no_second_creature_out_of_its_range():
    b = _b(incantation=["Force Bash"])
    wolf = b.add_creature("Timber Wolf", "ym", "C1", active=False)  # 2 zones: in range
    fox = b.add_creature("Bitterwood Fox", "ym", "D1", active=False)  # 3 zones: out of range
    spells.cast_spell(b, _east(), "incantation")
    assert wolf.zone == "D1" and wolf.conditions == {"Slam": 1}
    assert fox.conditions == {}


# -- Earth Elemental (card-rulings.txt 232-233) -----------------------------------------------

def test_quake_stomp_hits_another_earth_elemental_but_not_its_maker():  # passes before and after
    b = _b()
    mine = b.add_creature("Earth Elemental", "dm", "B2")
    other = b.add_creature("Earth Elemental", "ym", "B2")
    r = combat.resolve_zone_attack(b, mine, "Quake Stomp", "B2", SeededSource(2))
    hit = {s.target for s in r.strikes}
    assert other.id in hit and mine.id not in hit
