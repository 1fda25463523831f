"""Card abilities that move an attack (solo.rules.abilities.bonuses), each tested from its card
text (cards.json) and card rulings, on a board where the card matters.  Every test fails with
the hook it tests taken out.

Scripted attack dice: d6 1,2 -> "-", 3 -> "1", 4 -> "2", 5 -> "1*", 6 -> "2*".
"""

from solo.cards.catalog import get_catalog
from solo.core.kinds import Side
from solo.rules import combat, odds, upkeep
from solo.rules.abilities import bonuses
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource
from solo.text.render import lines

DM, YM = Side.DM, Side.YM


def _b():
    return new_board("Warlock", "Beastmaster", dm_zone="A1", ym_zone="D3")


def _dice(d12=(), d6=()):
    return ScriptedSource(d12=list(d12), d6=list(d6), fallback=SeededSource(0))


def _count(b, attacker, target, attack=None, **kw):
    att = attack or b.attacks(attacker)[0]
    return combat.attack_dice(b, attacker, att, target, **kw)[0]


def _text(result):
    return "\n".join(lines(result.steps))


def _dummy(b, side, zone="B2", card="Timber Wolf", **fields):
    return b.add_creature(card, side, zone, **fields)


# -- dice: Melee +X that holds only sometimes ------------------------------------------------------

def test_alandell_pays_four_mana_for_four_more_dice_and_four_on_the_effect_die():
    b = _b()
    al = b.add_creature("Alandell, the Blue Knight", DM, "B2")
    wolf = _dummy(b, YM)
    assert _count(b, al, wolf) == 4 + 4
    # Stormbringer stuns on 11+: a 7 plus the 4 paid.
    r = combat.resolve_attack(b, al, "Stormbringer", wolf, _dice(d12=[7], d6=[1] * 8),
                              reactions=False)
    assert r.strikes[0].conditions == ["Stun"]
    assert "Alandell" in _text(r)
    # Not in a counterstrike: the mana is paid when he is activated.
    assert _count(b, al, wolf, role="counterstrike") == 4


def test_knight_of_the_red_helm_gains_melee_2_against_the_strongest_enemy_creature():
    b = _b()
    knight = b.add_creature("Knight of the Red Helm", DM, "B2")
    weak = _dummy(b, YM, card="Timber Wolf")  # Level 2, under the mage's 6
    assert _count(b, knight, weak) == 3
    assert _count(b, knight, b.mages[YM]) == 3 + 2  # the mage, Level 6, is the Strongest


def test_knights_courage_gives_melee_2_and_piercing_1_against_the_strongest():
    b = _b()
    knight = b.add_creature("Knight of Westlock", DM, "D3", enchantments=["Knight's Courage"])
    base = b.attacks(knight)[0]
    mage = b.mages[YM]
    assert _count(b, knight, mage) == int(base.dice) + 2
    r = combat.resolve_attack(b, knight, base, mage, _dice(d6=[4] * 12), use_defense=False,
                              reactions=False)
    armor = r.strikes[0]
    assert "Piercing +1" in _text(r) and armor.armor == max(0, b.armor(mage) - 1
                                                            - (base.trait_value("Piercing") or 0))


def test_wildfire_imp_gains_melee_2_against_an_object_with_a_burn_marker():
    b = _b()
    imp = b.add_creature("Wildfire Imp", DM, "B2")
    wolf = _dummy(b, YM)
    assert _count(b, imp, wolf) == 1
    wolf.conditions["Burn"] = 1
    assert _count(b, imp, wolf) == 3


def test_metatron_gains_melee_and_regenerate_per_friendly_temple():
    b = _b()
    met = b.add_creature("Metatron, Angelic Templar", YM, "B2", damage=5)
    wolf = _dummy(b, DM)
    assert _count(b, met, wolf) == 3
    b.add_conjuration("Temple of Light", YM, "C1")
    b.add_conjuration("Temple of the Dawnbreaker", YM, "C2")
    b.add_conjuration("Temple of Asyra", DM, "C3")  # not his side's
    assert _count(b, met, wolf) == 3 + 2
    upkeep.upkeep(b, SeededSource(1), YM)
    assert met.damage == 3


def test_tidecaller_gains_melee_2_and_4_on_the_effect_die_while_its_side_has_the_initiative():
    b = _b()
    tide = b.add_creature("Shoalsdeep Tidecaller", DM, "B2")
    wolf = _dummy(b, YM)
    b.initiative = YM
    assert _count(b, tide, wolf) == 3
    b.initiative = DM
    assert _count(b, tide, wolf) == 5
    # Riptide pushes on 9+: a 5 plus 4.
    o = odds.attack_odds(b, tide, b.attacks(tide)[0], wolf, use_defense=False)
    r = combat.resolve_attack(b, tide, "Riptide", wolf, _dice(d12=[5, 1, 1, 1], d6=[1] * 8),
                              reactions=False)
    assert r.strikes[0].effect_modifier == 4 and r.strikes[0].push is not None
    assert o.hit == 1.0


def test_redclaw_gives_other_friendly_canines_melee_1_and_armor_1():
    b = _b()
    wolf = _dummy(b, DM, zone="B2")
    foe = _dummy(b, YM, zone="B2")
    assert _count(b, wolf, foe) == 4
    b.add_creature("Redclaw, Alpha Male", DM, "B2", id="red")
    assert _count(b, wolf, foe) == 5
    assert _count(b, foe, wolf) == 4  # not your wolf: Redclaw is not its friend
    r = combat.resolve_attack(b, foe, "Bite", wolf, _dice(d6=[4] * 4), reactions=False)
    assert r.strikes[0].armor == b.armor(wolf) + 1
    assert _count(b, b.get("red"), foe) == 5  # "other": Redclaw himself gains nothing


def test_goran_is_bloodthirsty_plus_2_in_his_mages_zone():
    b = _b()
    goran = b.add_creature("Goran, Werewolf Pet", YM, "C3")
    prey = _dummy(b, DM, zone="C3", damage=1)
    assert _count(b, goran, prey) == 4 + 1
    b.mages[YM].zone = "C3"
    assert _count(b, goran, prey) == 4 + 2


def test_eligor_gains_melee_2_and_piercing_1_on_his_first_counterstrike_each_round():
    b = _b()
    eligor = b.add_creature("Eligor Larington", DM, "B2")
    foe = _dummy(b, YM, zone="B2")
    r = combat.resolve_attack(b, foe, "Bite", eligor, _dice(d6=[1] * 4 + [4] * 5))
    cs = [s for s in r.strikes if s.role == "counterstrike"][0]
    assert cs.dice == 5 and "Piercing +1" in _text(r)
    combat.apply(b, r)
    r2 = combat.resolve_attack(b, foe, "Bite", eligor, _dice(d6=[1] * 4 + [4] * 3))
    cs2 = [s for s in r2.strikes if s.role == "counterstrike"][0]
    assert cs2.dice == 3  # once per round
    b.round += 1
    assert _count(b, eligor, foe, role="counterstrike") == 5


def test_flank_attack_needs_another_friendly_soldier_to_have_damaged_the_target_this_round():
    b = _b()
    first = b.add_creature("Knight of the Red Helm", DM, "B2", id="k1")
    flanker = b.add_creature("Goblin Grunt", DM, "B2", id="k2", conditions={"Flank Attack": 1})
    foe = _dummy(b, YM, zone="B2")
    base = b.attacks(flanker)[0]
    assert _count(b, flanker, foe) == int(base.dice)
    r = combat.resolve_attack(b, first, "Warhammer", foe, _dice(d6=[6, 6, 6]), reactions=False)
    combat.apply(b, r)
    assert foe.damage > 0
    assert _count(b, flanker, foe) == int(base.dice) + 2
    r = combat.resolve_attack(b, flanker, base, foe, _dice(d6=[4] * 8), reactions=False)
    assert "Piercing +2" in _text(r)
    b.round += 1
    assert _count(b, flanker, foe) == int(base.dice)  # another round


# -- traits an attack gains ----------------------------------------------------------------------

def test_makunda_gives_other_friendly_cats_piercing_1_on_melee_attacks():
    b = _b()
    cheetah = b.add_creature("Pharaoh's Cheetah", DM, "B2")
    foe = _dummy(b, YM, zone="B2")  # armor 1
    r = combat.resolve_attack(b, cheetah, "Claws", foe, _dice(d12=[1], d6=[4, 4]),
                              reactions=False)
    before = r.strikes[0].damage
    b.add_creature("Makunda", DM, "C2")
    b.add_creature("Makunda", DM, "B2")
    r = combat.resolve_attack(b, cheetah, "Claws", foe, _dice(d12=[1], d6=[4, 4]),
                              reactions=False)
    assert r.strikes[0].damage == before + 1 and "Makunda" in _text(r)


def test_critical_strike_gives_piercing_3_to_the_first_melee_attack_each_round_only():
    b = _b()
    wolf = _dummy(b, DM, zone="B2", enchantments=["Critical Strike"])
    bear = b.add_creature("Knight of Westlock", YM, "B2")  # armor 1
    r = combat.resolve_attack(b, wolf, "Bite", bear, _dice(d6=[4] * 4), reactions=False)
    assert r.strikes[0].armor == 0
    combat.apply(b, r)
    r = combat.resolve_attack(b, wolf, "Bite", bear, _dice(d6=[4] * 4), reactions=False)
    assert r.strikes[0].armor == 3
    later = odds.attack_odds(b, wolf, b.attacks(wolf)[0], bear).expected_damage
    b.round += 1
    assert odds.attack_odds(b, wolf, b.attacks(wolf)[0], bear).expected_damage > later


def test_deptonne_bloodshaman_gives_a_deptonnes_first_melee_attack_on_a_bleeding_creature_vampiric():
    b = _b()
    berserker = b.add_creature("Deptonne Berserker", DM, "B2", damage=4)
    b.add_creature("Deptonne Bloodshaman", DM, "B2")
    prey = _dummy(b, YM, zone="C2", conditions={"Bleed": 1})
    prey.zone = "B2"
    r = combat.resolve_attack(b, berserker, "Razor Claws Strike", prey,
                              _dice(d12=[1, 1], d6=[6] * 3 + [1] * 5), reactions=False)
    assert r.strikes[0].healed > 0 and "Vampiric" in _text(r)
    combat.apply(b, r)
    again = combat.resolve_attack(b, berserker, "Razor Claws Strike", prey,
                                  _dice(d12=[1, 1], d6=[6] * 8), reactions=False)
    assert all(s.healed == 0 for s in again.strikes)  # the first time each round only


def test_fire_elemental_takes_hydro_attacks_as_ethereal():
    b = _b()
    fe = b.add_creature("Fire Elemental", YM, "B2")
    tide = b.add_creature("Shoalsdeep Tidecaller", DM, "B2")
    b.initiative = YM
    r = combat.resolve_attack(b, tide, "Riptide", fe, _dice(d12=[1], d6=[4, 4, 4]),
                              reactions=False)
    # Only the 1s would count against an Incorporeal target: with Ethereal, all 6 (Hydro +2
    # adds two more dice, blank here).
    assert r.strikes[0].damage >= 6 and "Ethereal" in _text(r)


# -- strikes an attack gains ------------------------------------------------------------------------

def test_deptonne_berserker_doublestrikes_while_a_creature_in_its_zone_bleeds():
    b = _b()
    berserker = b.add_creature("Deptonne Berserker", DM, "B2")
    foe = _dummy(b, YM, zone="B2")
    r = combat.resolve_attack(b, berserker, "Razor Claws Strike", foe, _dice(d6=[1] * 8),
                              reactions=False)
    assert len(r.strikes) == 1
    b.add_creature("Timber Wolf", DM, "B2", conditions={"Bleed": 1})
    r = combat.resolve_attack(b, berserker, "Razor Claws Strike", foe, _dice(d6=[1] * 8),
                              reactions=False)
    assert len(r.strikes) == 2 and "Doublestrike" in _text(r)


def test_cerberus_guarding_with_a_friendly_dark_conjuration_counterstrikes_three_times():
    b = _b()
    cerb = b.add_creature("Cerberus", DM, "B2", guarding=True)
    foe = b.add_creature("Knight of Westlock", YM, "B2")
    r = combat.resolve_attack(b, foe, "Longsword", foe_target := cerb, _dice(d6=[1] * 20))
    assert len([s for s in r.strikes if s.attacker == cerb.id]) == 1
    b.add_conjuration("Graveyard", DM, "B2")
    cerb = b.get(foe_target.id)
    r = combat.resolve_attack(b, foe, "Longsword", cerb, _dice(d6=[1] * 20))
    assert len([s for s in r.strikes if s.attacker == cerb.id]) == 3
    assert bonuses.unmovable(b, cerb)  # and he is Unmovable while he guards there
    ram = b.add_creature("Mountain Ram", YM, "B2")  # Battering Horns pushes on 9+
    r = combat.resolve_attack(b, ram, "Battering Horns", cerb, _dice(d12=[12], d6=[1] * 20),
                              reactions=False)
    assert r.strikes[0].push is None and "Unmovable" in _text(r)
    cerb.guarding = False
    assert not bonuses.unmovable(b, cerb)


def test_flame_and_lightning_strike_are_cast_only_on_a_creature_with_a_plain_melee_attack():
    from solo.rules.spell_targets import _meets
    b = _b()
    wolf = _dummy(b, DM, zone="B2")  # Bite: no damage type, no effect die
    tide = b.add_creature("Shoalsdeep Tidecaller", DM, "B2")  # Riptide: Hydro
    for spell in ("Flame Strike", "Lightning Strike"):
        needs = get_catalog().get(spell).dm["needs"]
        assert all(_meets(b, wolf, n, None) for n in needs if n != "can-act")
        assert not all(_meets(b, tide, n, None) for n in needs if n != "can-act")


# -- the effect die ------------------------------------------------------------------------------

def test_blightheart_adds_4_to_the_effect_die_against_inactive_creatures_not_in_counterstrikes():
    b = _b()
    bh = b.add_creature("Blightheart", DM, "B2")
    awake = _dummy(b, YM, zone="B2")
    spent = _dummy(b, YM, zone="B2", active=False)
    # Blighted Cutlass: Bleed on 7-12; a 3 gives nothing, 3 + 4 a Bleed.
    r = combat.resolve_attack(b, bh, "Blighted Cutlass", awake, _dice(d12=[3], d6=[1] * 4),
                              reactions=False)
    assert r.strikes[0].conditions == []
    r = combat.resolve_attack(b, bh, "Blighted Cutlass", spent, _dice(d12=[3], d6=[1] * 4),
                              reactions=False)
    assert r.strikes[0].conditions == ["Bleed"] and "Blightheart" in _text(r)
    assert odds.attack_odds(b, bh, b.attacks(bh)[0], spent).effects["Bleed"] \
        > odds.attack_odds(b, bh, b.attacks(bh)[0], awake).effects["Bleed"]


def test_mountain_ram_adds_3_to_the_effect_die_when_its_charge_bonus_counts():
    b = _b()
    ram = b.add_creature("Mountain Ram", DM, "B2")
    foe = _dummy(b, YM, zone="B2")
    r = combat.resolve_attack(b, ram, "Battering Horns", foe, _dice(d12=[6], d6=[1] * 4),
                              reactions=False)
    assert r.strikes[0].push is None
    r = combat.resolve_attack(b, ram, "Battering Horns", foe,
                              _dice(d12=[6, 1, 1, 1], d6=[1] * 4), moved=True, reactions=False)
    assert r.strikes[0].effect_modifier == 3 and r.strikes[0].push is not None


# -- armor, Tough and Defense ---------------------------------------------------------------------

def test_gargoyle_sentry_gains_armor_3_and_tough_minus_3_while_guarding():
    b = _b()
    garg = b.add_creature("Gargoyle Sentry", DM, "B2", guarding=True)
    foe = b.add_creature("Knight of Westlock", YM, "B2")
    r = combat.resolve_attack(b, foe, "Longsword", garg, _dice(d6=[4] * 6), reactions=False)
    assert r.strikes[0].armor == 1 + 3 and "Gargoyle" in _text(r)
    assert bonuses.effect(b, foe, b.attacks(foe)[0], garg, role=None, moved=False)[0]["n"] == -3
    free = b.add_creature("Gargoyle Sentry", DM, "B2")
    assert odds.attack_odds(b, foe, b.attacks(foe)[0], free).expected_damage \
        > odds.attack_odds(b, foe, b.attacks(foe)[0], garg).expected_damage


def test_dragonclaw_wolverine_gains_armor_per_rage_token_and_counterstrikes_with_three():
    b = _b()
    wol = b.add_creature("Dragonclaw Wolverine", DM, "B2", conditions={"Rage": 2})
    foe = b.add_creature("Knight of Westlock", YM, "B2")
    r = combat.resolve_attack(b, foe, "Longsword", wol, _dice(d6=[4] * 6))
    assert r.strikes[0].armor == 2 + 2
    assert not [s for s in r.strikes if s.role == "counterstrike"]
    wol.conditions["Rage"] = 3
    r = combat.resolve_attack(b, foe, "Longsword", wol, _dice(d6=[1] * 12))
    assert [s for s in r.strikes if s.role == "counterstrike"]


def test_joseph_trublood_has_armor_2_more_against_nonliving_or_dark_creatures():
    b = _b()
    joe = b.add_creature("Joseph Trublood, High Cleric", YM, "B2")
    skeleton = b.add_creature("Skeletal Minion", DM, "B2")
    wolf = _dummy(b, DM, zone="B2")
    r = combat.resolve_attack(b, skeleton, b.attacks(skeleton)[0], joe, _dice(d6=[4] * 6),
                              reactions=False)
    assert r.strikes[0].armor == 1 + 2
    r = combat.resolve_attack(b, wolf, "Bite", joe, _dice(d6=[4] * 6), reactions=False)
    assert r.strikes[0].armor == 1


def test_dwarf_panzergarde_adds_3_to_his_defense_roll_while_guarding():
    b = _b()
    dwarf = b.add_creature("Dwarf Panzergarde", DM, "B2", guarding=True)  # Defense 9+
    foe = _dummy(b, YM, zone="B2")
    r = combat.resolve_attack(b, foe, "Bite", dwarf, _dice(d12=[6], d6=[1] * 12))
    assert r.strikes[0].avoided
    plain = b.add_creature("Dwarf Panzergarde", DM, "B2")
    r = combat.resolve_attack(b, foe, "Bite", plain, _dice(d12=[6], d6=[1] * 12))
    assert not r.strikes[0].avoided
    assert odds.attack_odds(b, foe, b.attacks(foe)[0], dwarf).hit \
        < odds.attack_odds(b, foe, b.attacks(foe)[0], plain).hit


def test_tarok_uses_his_defense_only_against_melee_attacks_from_flying_creatures():
    b = _b()
    tarok = b.add_creature("Tarok, the Skyhunter", YM, "B2")
    walker = _dummy(b, DM, zone="B2")
    r = combat.resolve_attack(b, walker, "Bite", tarok, _dice(d12=[12], d6=[1] * 12),
                              reactions=False)
    assert r.strikes[0].defense is None
    flyer = b.add_creature("Gargoyle Sentry", DM, "B2")
    r = combat.resolve_attack(b, flyer, "Stone Fists", tarok, _dice(d12=[12], d6=[1] * 12),
                              reactions=False)
    assert r.strikes[0].defense == 7 and r.strikes[0].avoided
    assert odds.attack_odds(b, walker, b.attacks(walker)[0], tarok).hit == 1.0


# -- healing ----------------------------------------------------------------------------------------

def test_devouring_jelly_reconstructs_2_when_its_attack_damages_a_corporeal_creature():
    b = _b()
    jelly = b.add_creature("Devouring Jelly", DM, "B2", damage=3)
    foe = _dummy(b, YM, zone="B2", card="Knight of Westlock")
    r = combat.resolve_attack(b, jelly, "Corrosive Juices", foe,
                              _dice(d12=[1], d6=[6, 1, 1, 1, 1]), reactions=False)
    assert r.strikes[0].damage > 0 and r.strikes[0].reconstructed == 2
    combat.apply(b, r)
    assert jelly.damage == 1


# -- round effects that change the attack -----------------------------------------------------------

def test_flame_strike_gives_a_plain_melee_attack_the_flame_type_and_its_effect_roll():
    b = _b()
    wolf = _dummy(b, DM, zone="B2", conditions={"Flame Strike": 1})
    foe = b.add_creature("Knight of Westlock", YM, "B2")
    r = combat.resolve_attack(b, wolf, "Bite", foe, _dice(d12=[5], d6=[1] * 4), reactions=False,
                              use_defense=False)
    assert r.strikes[0].conditions == ["Burn"]
    assert r.once_used == ["Flame Strike"]  # the next melee attack only


def test_lightning_strike_gives_a_plain_melee_attack_its_lightning_effect_roll():
    b = _b()
    wolf = _dummy(b, DM, zone="B2", conditions={"Lightning Strike": 1})
    foe = b.add_creature("Knight of Westlock", YM, "B2")
    r = combat.resolve_attack(b, wolf, "Bite", foe, _dice(d12=[6], d6=[1] * 6), reactions=False,
                              use_defense=False)
    assert r.strikes[0].conditions == ["Stun"]  # 6 + 2 (the knight's Lightning +2): Stun on 8+
    o = odds.attack_odds(b, wolf, b.attacks(wolf)[0], foe)
    assert o.effects.get("Stun", 0) > 0


def test_block_is_destroyed_without_effect_by_an_unavoidable_attack():
    b = _b()
    wolf = _dummy(b, DM, zone="B2", enchantments=["Block"])
    foe = b.add_creature("Knight of Westlock", YM, "B2")
    claw = b.attacks(foe)[0].to_dict()
    claw["traits"] = ["Unavoidable"]
    foe.stats["attacks"] = [claw]
    r = combat.resolve_attack(b, foe, b.attacks(foe)[0], wolf, _dice(d6=[4] * 6),
                              reactions=False)
    assert not r.strikes[0].avoided
    combat.apply(b, r)
    assert "Block" not in b.get(wolf.id).enchantments


def test_every_card_played_here_has_no_by_hand_line_left():
    cat = get_catalog()
    for name in bonuses.CARDS:
        assert not cat.get(name).dm.get("by_hand"), name


def test_akiros_favor_rolls_a_poor_attack_again_once_a_round():
    b = _b()
    wolf = _dummy(b, DM, zone="B2", enchantments=["Akiro's Favor"])
    foe = _dummy(b, YM, zone="B2")
    # Bite, 4 dice: all blank (0 points on 4 dice) -> rolled again: four 2s.
    r = combat.resolve_attack(b, wolf, "Bite", foe, _dice(d6=[1] * 4 + [4] * 4),
                              reactions=False)
    assert r.strikes[0].normal == 8 and "Akiro" in _text(r)
    combat.apply(b, r)
    r = combat.resolve_attack(b, wolf, "Bite", foe, _dice(d6=[1] * 4 + [4] * 4),
                              reactions=False)
    assert r.strikes[0].normal == 0  # once a round
    b.round += 1
    plain = _dummy(b, DM, zone="B2")
    assert odds.attack_odds(b, wolf, b.attacks(wolf)[0], foe).expected_damage \
        > odds.attack_odds(b, plain, b.attacks(plain)[0], foe).expected_damage


def test_pharaohs_cheetah_adds_8_to_the_effect_die_after_two_move_actions():
    from solo.engine import turns
    b = _b()
    cheetah = b.add_creature("Pharaoh's Cheetah", DM, "B1", id="cat")
    b.add_creature("Timber Wolf", YM, "B3", id="prey")
    # Claws slams on 12+: a 4 plus 8.
    d = turns.dm_creature_action(b, _dice(d12=[4] + [1] * 6, d6=[1] * 8))
    assert d.data.get("path") == ["B2", "B3"]
    strike = d.results[0].strikes[0]
    assert strike.effect_modifier == 8 and "Cheetah" in _text(d.results[0])
    # Not without the walk: the same attack, from where it stands.
    r = combat.resolve_attack(b, b.get("cat"), "Claws", b.get("prey"),
                              _dice(d12=[4], d6=[1] * 8), reactions=False)
    assert r.strikes[0].effect_modifier == 0
    assert bonuses.walked(b, cheetah, 2, back_and_forth=True) == 0


def test_whirling_strike_goes_on_to_two_more_targets_in_its_zone_one_strike_each():
    from solo.engine import turns
    b = _b()
    wolf = b.add_creature("Timber Wolf", DM, "B2", id="w", conditions={"Whirling Strike": 1})
    a = b.attacks(wolf)[0].to_dict()
    a["traits"] = ["Doublestrike"]
    wolf.stats["attacks"] = [a]
    for i, life in enumerate((3, 9, 6)):
        b.add_creature("Timber Wolf", YM, "B2", id=f"y{i}", damage=max(0, 11 - life),
                       active=False)
    d = turns.dm_creature_action(b, _dice(d12=[1] * 12, d6=[1] * 40))
    plan = d.attacks[0]
    assert len(plan.whirl) == 2 and plan.target not in plan.whirl
    strikes = [(s.target, s.role) for r in d.results for s in r.strikes if s.attacker == "w"]
    first = [t for t, role in strikes if t == plan.target]
    assert len(first) == 2  # the Doublestrike strikes again only the first target
    for other in plan.whirl:
        assert [role for t, role in strikes if t == other] == ["sweep"]
    assert "Whirling Strike" in " ".join(lines(d.instructions))


def test_whirling_strike_needs_a_full_action():
    from solo.automaton.attacks import whirl_targets
    b = _b()
    wolf = b.add_creature("Timber Wolf", DM, "B2", conditions={"Whirling Strike": 1})
    foes = [b.add_creature("Timber Wolf", YM, "B2") for _ in range(3)]
    bite = b.attacks(wolf)[0]
    assert len(whirl_targets(b, wolf, bite, foes[0], moved=False)) == 2
    assert whirl_targets(b, wolf, bite, foes[0], moved=True) == []


def test_every_reason_a_bonus_gives_is_worded():
    import inspect
    import re
    from solo.text import combat as words
    source = inspect.getsource(bonuses)
    reasons = set(re.findall(r'why="([a-z-]+)"', source))
    reasons |= set(re.findall(r'add\([A-Za-z_]+, "[^"]*", "([a-z-]+)"\)', source))
    reasons |= set(re.findall(r'add\([A-Za-z_]+, "([a-z-]+)", ', source))
    assert len(reasons) > 15 and reasons <= set(words._WHY), reasons - set(words._WHY)


def test_bloodwave_greatbow_gains_piercing_2_after_a_friendly_command_spell_this_round():
    """Card: affected by a friendly command spell, its Greatbow attack gains Piercing +2 until
    the end of the round (a command spell of the other side does nothing; nor does it last)."""
    from solo.automaton import spells as dm_spells

    b = new_board("Warlock", "Beastmaster", dm_zone="A1", ym_zone="D3",
                  decks={"incantation": ["Power Strike"]})
    b.stage = "quickcast-1"
    bow = b.add_creature("Bloodwave Greatbow", DM, "B2")
    wolf = _dummy(b, YM)  # armor 1... whatever the card says: Piercing takes it off
    greatbow = next(a for a in b.attacks(bow) if a.name == "Greatbow")

    def shot():
        return combat.resolve_attack(b, b.get(bow.id), greatbow, b.get(wolf.id),
                                     _dice(d6=[4] * 8), use_defense=False, reactions=False)

    assert "Piercing +2" not in _text(shot())
    d = dm_spells.cast_spell(b, SeededSource(1), "incantation")
    assert d.data.get("target") == bow.id, d.data  # Power Strike (Command) on the Greatbow
    r = shot()
    assert "Piercing +2" in _text(r)
    assert r.strikes[0].armor == max(0, b.armor(b.get(wolf.id)) - 2)
    b.round += 1  # until the end of the round only
    assert "Piercing +2" not in _text(shot())
    # your command spell on the Dummy Mage's Greatbow is not a friendly one
    assert bonuses.commanded(b, "Power Strike", b.get(bow.id), YM) == []
