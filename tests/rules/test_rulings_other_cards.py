"""Official card rulings (card-rulings.txt) for cards outside the shipped deck sets that the
engine had wrong.  Each test fails on the engine before its fix."""

from solo.rules import combat
from solo.automaton import spells
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource
from solo.text.render import lines
from solo.engine.resolve import resolve_decision


def _b(dm_zone="A1", ym_zone="D3", **decks):
    return new_board("Warlock", "Beastmaster", dm_zone=dm_zone, ym_zone=ym_zone, decks=decks)


# -- Giant Wolf Spider (card-rulings.txt 371-372) ---------------------------------------------

def test_giant_wolf_spider_gets_plus_4_against_an_incapacitated_target():
    b = _b()
    spider = b.add_creature("Giant Wolf Spider", "dm", "B2")
    wolf = b.add_creature("Timber Wolf", "ym", "B2", active=False, conditions={"Stun": 1})
    src = ScriptedSource(d12=[5] * 5, d6=[6] * 10, fallback=SeededSource(1))
    s = combat.resolve_attack(b, spider, "Poison Fangs", wolf, src).strikes[0]
    assert s.effect_roll == 5 and s.effect_modifier == 4
    assert s.conditions == ["Tainted"]  # 5 + 4 = 9: Tainted


# -- Drain Life (card-rulings.txt 212-217) ----------------------------------------------------

def test_drain_life_deals_and_heals_no_more_than_the_targets_remaining_life():
    b = _b(incantation=["Drain Life"])
    b.mages["dm"].damage = 10
    wolf = b.add_creature("Timber Wolf", "ym", "A1", active=False, damage=9)  # 1 life left
    d = spells.cast_spell(b, ScriptedSource(d6=[6] * 5, fallback=SeededSource(1)), "incantation")
    assert d.data.get("target") == wolf.id and b.find(wolf.id) is None
    assert d.data["damage"] == 1
    assert b.mages["dm"].damage == 9  # healed 1, not the 10 rolled


# -- Explode (card-rulings.txt 277-282) and Marked for Death (495-500) ------------------------

def test_explode_is_not_made_by_a_creature_so_marked_for_death_adds_no_die():
    b = _b(ym_zone="A1", incantation=["Explode"])
    ym = b.mages["ym"]
    ym.equipment.append("Leather Boots")
    ym.enchantments.append("Marked for Death")
    src = ScriptedSource(d12=[1] * 10, d6=[1] * 20, fallback=SeededSource(1))
    d = spells.cast_spell(b, src, "incantation")
    assert d.data.get("target") == "ym" and len(d.attacks) == 1
    resolve_decision(b, d, src)
    strike = d.results[0].strikes[0]
    assert strike.dice == 4, strike.dice_parts


def test_marked_for_death_still_adds_a_die_to_a_creatures_attack():  # passes before and after
    b = _b()
    wolf = b.add_creature("Timber Wolf", "dm", "B2")
    target = b.add_creature("Timber Wolf", "ym", "B2", active=False,
                            enchantments=["Marked for Death"])
    r = combat.resolve_attack(b, wolf, "Bite", target, SeededSource(1))
    assert "target's Marked for Death +1" in lines(r.strikes[0].dice_parts)  # a guard: still applies


# -- Whirling Spirit (card-rulings.txt 765-766) -----------------------------------------------

def test_a_target_pushed_out_by_whirling_spirit_does_not_counterstrike():
    b = _b()
    spirit = b.add_creature("Whirling Spirit", "dm", "B2")
    hydra = b.add_creature("Darkfenne Hydra", "ym", "B2", active=False)  # Counterstrike bite
    src = ScriptedSource(d12=[8] * 10, d6=[6] * 20, fallback=SeededSource(1))  # Push; south
    r = combat.resolve_attack(b, spirit, "Windstorm", hydra, src)
    assert r.strikes[0].push is not None
    assert not any(s.role == "counterstrike" for s in r.strikes)
    combat.apply(b, r)
    assert hydra.zone == "B3"
