"""Card abilities that act at a moment (solo.rules.abilities.triggers): each test is read from
the card's printed text (shared/reference/cards.json) and its rulings (card-rulings.txt), on a
board where the card matters, and fails without the ability's hook."""

from solo.automaton.attacks import legal_attacks
from solo.cards.catalog import get_catalog
from solo.cards.coverage import coverage
from solo.engine import quickcast_turn, turns
from solo.rules import combat, harm, upkeep
from solo.rules.board import new_board
from solo.rules.combat.modifiers import attack_dice, attack_traits
from solo.rules.dice import ScriptedSource, SeededSource
from solo.text.render import lines


def _b(dm_zone="A1", ym_zone="D3", **decks):
    return new_board("Warlock", "Beastmaster", dm_zone=dm_zone, ym_zone=ym_zone, decks=decks)


def _src(d6=(), d12=(), seed=1):
    return ScriptedSource(d6=list(d6), d12=list(d12), fallback=SeededSource(seed))


def _attack(b, attacker, name, target, source):
    r = combat.resolve_attack(b, attacker, name, target, source)
    return combat.apply(b, r)


def _modelled(name):
    return coverage(get_catalog().get(name)).level == "modelled"


# -- Upkeep ------------------------------------------------------------------------------------

def test_colossal_crab_prey_takes_2_direct_damage_each_upkeep():
    """"During the Upkeep Phase, Colossal Crab's prey receives 2 direct damage." The prey is the
    creature its Grabbing Claw grappled (effect 7+)."""
    b = _b()
    crab = b.add_creature("Colossal Crab", "dm", "B2", id="crab")
    wolf = b.add_creature("Timber Wolf", "ym", "B2", id="wolf")
    # 2 dice, both blank; effect die 7: Grapple
    _attack(b, crab, "Grabbing Claw", wolf, _src(d6=[1, 1], d12=[7, 12]))
    assert b.get("wolf").has_condition("Grapple")
    before = b.get("wolf").damage
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert b.get("wolf").damage == before + 2
    other = b.add_creature("Timber Wolf", "ym", "B2", id="other")
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert b.get("other").damage == 0  # only its prey


def test_drokkar_tail_spike_rolls_2_more_dice_against_its_prey_only():
    b = _b()
    drok = b.add_creature("Drokkar", "dm", "B2", id="drok")
    wolf = b.add_creature("Timber Wolf", "ym", "B2", id="wolf")
    other = b.add_creature("Timber Wolf", "ym", "B2", id="other")
    spike = next(a for a in b.attacks(drok) if a.name == "Tail Spike")
    assert attack_dice(b, drok, spike, wolf)[0] == 4
    _attack(b, drok, "Wrenching Claws", wolf, _src(d6=[1, 1], d12=[5, 12]))
    assert attack_dice(b, b.get("drok"), spike, b.get("wolf"))[0] == 6
    assert attack_dice(b, b.get("drok"), spike, other)[0] == 4


def test_shoalsdeep_crocodile_death_roll_attacks_only_its_prey():
    b = _b()
    croc = b.add_creature("Shoalsdeep Crocodile", "dm", "B2", id="croc")
    wolf = b.add_creature("Timber Wolf", "ym", "B2", id="wolf")
    names = [a.name for a in legal_attacks(b, croc, "B2", wolf, quick_only=False)]
    assert names == ["Quick Snap"]
    _attack(b, croc, "Quick Snap", wolf, _src(d6=[1] * 4, d12=[5, 12]))
    names = [a.name for a in legal_attacks(b, b.get("croc"), "B2", b.get("wolf"), False)]
    assert "Death Roll" in names


def test_dorseus_heals_another_friendly_living_creature_2_even_with_finite_life():
    b = _b()
    b.add_creature("Dorseus, Stallion of Westlock", "dm", "B2", id="dor")
    b.add_creature("Timber Wolf", "dm", "B2", id="w", damage=3, traits=["Finite Life"])
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert b.get("w").damage == 1


def test_highland_unicorn_gives_friendly_living_creatures_in_its_zone_regenerate_1():
    b = _b()
    b.add_creature("Highland Unicorn", "dm", "B2", id="u")
    b.add_creature("Timber Wolf", "dm", "B2", id="w", damage=3)
    b.add_creature("Timber Wolf", "ym", "B2", id="yw", damage=3)
    b.add_creature("Timber Wolf", "dm", "C2", id="far", damage=3)
    upkeep.upkeep(b, SeededSource(1), "dm")
    upkeep.upkeep(b, SeededSource(1), "ym")
    assert (b.get("w").damage, b.get("yw").damage, b.get("far").damage) == (2, 3, 3)


def test_skeelax_regenerates_2_beside_a_burning_object():
    b = _b()
    b.add_creature("Skeelax, Taunting Imp", "dm", "B2", id="s", damage=4)
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert b.get("s").damage == 4
    b.add_creature("Timber Wolf", "ym", "B2", id="w", conditions={"Burn": 1})
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert b.get("s").damage == 2


def test_naiya_regenerates_1_in_a_zone_with_aquatic_terrain():
    b = _b()
    b.add_creature("Naiya", "dm", "B2", id="n", damage=3)
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert b.get("n").damage == 3
    b.add_conjuration("Shallow Sea", "ym", "B2")
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert b.get("n").damage == 2


def test_mort_reconstructs_friendly_skeletons_in_or_bordering_his_zone():
    b = _b()
    b.add_creature("Mort", "dm", "B2", id="mort", damage=3)
    b.add_creature("Skeletal Sentry", "dm", "B3", id="near", damage=3)
    b.add_creature("Skeletal Sentry", "dm", "D1", id="far", damage=3)
    b.add_creature("Timber Wolf", "dm", "B2", id="w", damage=3)  # no skeleton
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert [b.get(i).damage for i in ("mort", "near", "far", "w")] == [1, 1, 3, 3]


def test_sardonyx_costs_its_controller_2_life_and_stops_healing_in_its_zone():
    b = _b()
    b.add_creature("Sardonyx, Blight of the Living", "dm", "B2", id="s")
    mine = b.add_creature("Timber Wolf", "ym", "B2", id="w", damage=3)
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert b.mages["dm"].damage == 2
    assert not harm.can_heal(b, mine) and harm.heal(b, mine, 2) == 0
    away = b.add_creature("Timber Wolf", "ym", "C3", id="far", damage=3)
    assert harm.heal(b, away, 2) == 2


def test_gerard_gains_gold_in_upkeep_and_when_he_damages_an_enemy_and_pierces_with_it():
    b = _b()
    g = b.add_creature("Gerard Matranga", "dm", "B2", id="g")
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert b.get("g").conditions.get("Gold") == 1
    wolf = b.add_creature("Timber Wolf", "ym", "B2", id="wolf")
    _attack(b, b.get("g"), "Avaricious Strike", wolf, _src(d6=[6, 6, 1, 1], d12=[1]))
    g = b.get("g")
    assert g.conditions.get("Gold") == 2
    strike = next(a for a in b.attacks(g) if a.name == "Avaricious Strike")
    assert "Piercing +2" in attack_traits(b, g, strike)


def test_magma_golem_burns_the_other_creatures_in_its_zone_not_itself():
    b = _b()
    b.add_creature("Magma Golem", "dm", "B2", id="golem")
    b.add_creature("Timber Wolf", "ym", "B2", id="w")
    # its Upkeep puts a Burn on it first; the Burn's die rolls 2 (a normal 2)
    upkeep.upkeep(b, _src(d6=[5]), "dm")
    assert b.get("golem").damage == 0
    assert b.get("w").damage > 0


# -- summoned ----------------------------------------------------------------------------------

def _summon(b, card, source):
    b.decks["creature"] = [card]
    d = quickcast_turn.carry_out(b, quickcast_turn.table.summon(b), source)
    return d


def test_messenger_of_bim_shalla_heals_a_friendly_living_creature_within_1_zone():
    for card in ("Messenger of Bim-Shalla", "Alfiya, Noble Enforcer"):
        b = _b()
        b.add_creature("Timber Wolf", "dm", "B1", id="w", damage=5)
        d = _summon(b, card, _src(d6=[6, 6, 4, 1]))  # 2+2 (criticals count) + 1 + 0
        assert b.get("w").damage == 0, card
        assert any("heal" in t for t in lines(d.instructions))


# -- activated ---------------------------------------------------------------------------------

def test_shaggoth_zora_obliterates_a_friendly_zombie_in_its_zone_for_growth():
    b = _b()
    s = b.add_creature("Shaggoth-Zora", "dm", "B2", id="s")
    b.add_creature("Zombie Minion", "dm", "B2", id="z")
    upkeep.activate(b, s)
    assert b.find("z") is None and "Zombie Minion" not in b.discards.get("creature", [])
    assert b.get("s").conditions.get("Growth") == 1


def test_unstable_zombie_mends_itself_or_pierces_when_activated():
    b = _b()
    z = b.add_creature("Unstable Zombie", "dm", "B2", id="z", damage=3)
    upkeep.activate(b, z)
    assert b.get("z").damage == 1
    z2 = b.add_creature("Unstable Zombie", "dm", "B2", id="z2")
    upkeep.activate(b, z2)
    talons = b.attacks(z2)[0]
    assert "Piercing +2" in attack_traits(b, b.get("z2"), talons)


def test_guardian_angel_heals_2_when_she_takes_the_guard_action():
    from solo.rules.abilities import triggers
    b = _b()
    a = b.add_creature("Guardian Angel", "ym", "B2", id="a", damage=3)
    triggers.on_guard(b, a)
    assert b.get("a").damage == 1


# -- destroyed, damaged ------------------------------------------------------------------------

def test_plague_zombie_destroyed_puts_rot_on_every_living_creature_in_its_zone():
    b = _b()
    pz = b.add_creature("Plague Zombie", "dm", "B2", id="pz", damage=3)
    mine = b.add_creature("Timber Wolf", "ym", "B2", id="w")
    theirs = b.add_creature("Timber Wolf", "dm", "B2", id="w2")
    _attack(b, mine, "Bite", pz, _src(d6=[5, 5, 5, 5], d12=[1]))  # criticals: Resilient
    assert b.find("pz") is None
    assert b.get("w").has_condition("Rot") and b.get("w2").has_condition("Rot")


def test_force_phoenix_destroyed_makes_an_enemy_creature_in_its_zone_inactive():
    b = _b()
    ph = b.add_creature("Force Phoenix", "dm", "B2", id="ph", damage=6)
    mine = b.add_creature("Timber Wolf", "ym", "B2", id="w")
    _attack(b, mine, "Bite", ph, _src(d6=[5, 5, 5, 5], d12=[1]))
    assert b.find("ph") is None
    assert not b.get("w").active


def test_valshalla_gains_wrath_once_a_round_when_an_enemy_creature_destroys_a_friend():
    b = _b()
    v = b.add_creature("Valshalla, Lightning Angel", "dm", "C2", id="v")
    f1 = b.add_creature("Timber Wolf", "dm", "B2", id="f1", damage=8)
    f2 = b.add_creature("Timber Wolf", "dm", "B2", id="f2", damage=8)
    mine = b.add_creature("Timber Wolf", "ym", "B2", id="w")
    _attack(b, mine, "Bite", f1, _src(d6=[5, 5, 5, 5], d12=[1]))
    assert b.get("v").conditions.get("Wrath") == 1
    assert "Melee +1" in b.traits(b.get("v"))
    _attack(b, mine, "Bite", f2, _src(d6=[5, 5, 5, 5], d12=[1]))
    assert b.get("v").conditions.get("Wrath") == 1  # once per round


def test_kralathor_grows_when_it_devours_a_corporeal_creature():
    b = _b()
    k = b.add_creature("Kralathor, The Devourer", "dm", "B2", id="k")
    mine = b.add_creature("Timber Wolf", "ym", "B2", id="w", damage=8)
    _attack(b, k, "Great Maw", mine, _src(d6=[5, 5, 5, 5], d12=[1]))
    assert b.find("w") is None
    assert b.get("k").conditions.get("Growth") == 1


def test_water_elemental_follows_the_creature_it_pushed():
    b = _b()
    we = b.add_creature("Water Elemental", "dm", "B2", id="we")
    mine = b.add_creature("Timber Wolf", "ym", "B2", id="w")
    _attack(b, we, "Crashing Wave", mine, _src(d6=[1] * 5, d12=[12, 12], seed=4))
    w = b.get("w")
    if w.zone != "B2":  # pushed
        assert b.get("we").zone == w.zone


def test_chains_of_agony_hurts_your_creature_for_each_move_action():
    from solo.rules.abilities import triggers
    b = _b()
    w = b.add_creature("Timber Wolf", "ym", "B2", id="w", enchantments=["Chains of Agony"])
    triggers.on_move_action(b, w)
    assert b.get("w").damage == 1


def test_the_trigger_cards_count_as_modelled():
    for name in ("Colossal Crab", "Drokkar", "Shoalsdeep Crocodile", "Kraken",
                 "Dorseus, Stallion of Westlock", "Highland Unicorn",
                 "Mort", "Sardonyx, Blight of the Living", "Shaggoth-Zora", "Unstable Zombie",
                 "Messenger of Bim-Shalla", "Alfiya, Noble Enforcer", "Plague Zombie",
                 "Force Phoenix", "Valshalla, Lightning Angel", "Kralathor, The Devourer",
                 "Water Elemental", "Gerard Matranga", "Guardian Angel", "Naiya",
                 "Chains of Agony", "Death Link"):
        assert _modelled(name), name


def test_goblin_bomber_destroyed_by_damage_detonates_on_a_7_or_more():
    """"If the Goblin Bomber is destroyed by taking damage, roll 1d12: On a 7+ the Detonate
    attack is triggered" (a zone attack on its zone, 4 dice, Unavoidable)."""
    from solo.rules.abilities import explosions
    for roll, goes in ((7, True), (6, False)):
        b = _b()
        bomber = b.add_creature("Goblin Bomber", "dm", "B2", id="bomb", damage=4)
        mine = b.add_creature("Timber Wolf", "ym", "B2", id="w")
        other = b.add_creature("Timber Wolf", "ym", "B2", id="w2")
        src = _src(d6=[5, 5, 5, 5, 1, 1], d12=[roll] * 10, seed=2)
        _attack(b, mine, "Bite", bomber, src)
        assert b.find("bomb") is None
        said, results = explosions.go_off(b, src)
        assert bool(results) == goes, roll
        if goes:
            assert {s.target for s in results[0].strikes} == {"w", "w2"}


def test_goblin_bomber_obliterated_does_not_explode():
    from solo.rules.abilities import explosions
    b = _b()
    k = b.add_creature("Kralathor, The Devourer", "ym", "B2", id="k")
    b.add_creature("Goblin Bomber", "dm", "B2", id="bomb", damage=4)
    src = _src(d6=[5, 5, 5, 5], d12=[1, 12])
    _attack(b, k, "Great Maw", b.get("bomb"), src)
    assert b.find("bomb") is None
    assert explosions.go_off(b, src) == ([], [])


def test_unstable_fire_imp_bursts_only_when_an_attack_destroys_it():
    from solo.rules.abilities import explosions
    b = _b()
    imp = b.add_creature("Unstable Fire Imp", "dm", "B2", id="imp", damage=3)
    mine = b.add_creature("Timber Wolf", "ym", "B2", id="w")
    src = _src(d6=[5, 5, 5, 5], d12=[12] * 10)  # the Burst's effect die 12: Burn
    _attack(b, mine, "Bite", imp, src)
    said, results = explosions.go_off(b, src)
    assert results and b.get("w").has_condition("Burn")
    # Burned to death in the Upkeep: no attack destroyed it, no Burst
    b = _b()
    b.add_creature("Unstable Fire Imp", "dm", "B2", id="imp", damage=3, conditions={"Burn": 1})
    b.add_creature("Timber Wolf", "ym", "B2", id="w")
    upkeep.upkeep(b, _src(d6=[6], d12=[12]), "dm")
    assert b.find("imp") is None and not b.get("w").has_condition("Burn")


def test_the_dummy_mages_goblin_bomber_never_declares_detonate():
    b = _b()
    bomber = b.add_creature("Goblin Bomber", "dm", "B2", id="bomb")
    wolf = b.add_creature("Timber Wolf", "ym", "B2", id="w")
    detonate = next(a for a in b.attacks(bomber) if a.name == "Detonate")
    from solo.rules.abilities.marks import may_attack
    assert not may_attack(b, bomber, detonate, wolf)
    assert [a.name for a in legal_attacks(b, bomber, "B2", wolf, False)] == ["Club"]


def test_bomber_and_fire_imp_count_as_modelled():
    assert _modelled("Goblin Bomber") and _modelled("Unstable Fire Imp")


def test_magma_golem_is_immune_to_flame_and_its_burns_lower_its_armor():
    """"Magma Golem is immune to flame damage ... X = the number of Burn conditions on Magma
    Golem" (Armor -X, Frost +X)."""
    b = _b()
    g = b.add_creature("Magma Golem", "dm", "B2", id="g", conditions={"Burn": 2})
    assert b.armor(g) == 2 and b.has_trait(g, "Flame Immunity")
    from solo.rules.combat.modifiers import damage_type_modifier
    assert damage_type_modifier(b, g, "Frost") == 2
    assert _modelled("Magma Golem")


# -- Ichthellid, Rise Again, Ravenous Ghoul ----------------------------------------------------

def test_ichthellid_lays_its_egg_in_a_living_creature_it_damages_and_it_hatches():
    """"Ichthellid comes into play with an egg token on it. When Ichthellid's attack damages,
    but does not destroy, a Living creature, you may pay 1 mana and remove the egg token to an
    Ichthellid Larva marker on that creature." The Larva (complete codex): when the creature is
    destroyed, an Ichthellid of its controller's comes into play there at the end of the
    round."""
    b = _b()
    b.decks["creature"] = ["Ichthellid"]
    _summon(b, "Ichthellid", _src())
    ich = next(c for c in b.creatures if c.card == "Ichthellid")
    assert ich.has_condition("Egg")
    wolf = b.add_creature("Timber Wolf", "ym", ich.zone, id="w")
    _attack(b, ich, "Impregnating Bite", wolf, _src(d6=[5, 1, 1], d12=[1]))
    assert b.get("w").has_condition("Ichthellid Larva")
    assert not b.get(ich.id).has_condition("Egg")
    # the wolf dies; an Ichthellid in the Dummy Mage's discard pile hatches at the round's end
    b.discards["creature"] = ["Ichthellid"]
    mine = b.add_creature("Timber Wolf", "dm", ich.zone, id="killer")
    b.get("w").damage = 9
    _attack(b, mine, "Bite", b.get("w"), _src(d6=[5, 5, 5, 5], d12=[1]))
    assert b.find("w") is None
    upkeep.end_round(b)
    hatched = [c for c in b.creatures if c.card == "Ichthellid" and c.id != ich.id]
    assert len(hatched) == 1 and hatched[0].zone == ich.zone and hatched[0].side == "dm"
    assert b.discards["creature"] == []


def test_rise_again_brings_your_destroyed_creature_back_as_the_dummy_mages_zombie():
    """"When this creature is destroyed, you may pay half its casting cost (rounded up) to
    Reanimate it ... place a Zombie condition marker on it, and place damage on it equal to its
    Level" (Reanimate: face down in its zone, back at the end of the round)."""
    b = _b()
    w = b.add_creature("Timber Wolf", "ym", "B2", id="w", damage=9, enchantments=["Rise Again"])
    k = b.add_creature("Timber Wolf", "dm", "B2", id="k")
    _attack(b, k, "Bite", w, _src(d6=[5, 5, 5, 5], d12=[1]))
    assert b.find("w") is None
    upkeep.end_round(b)
    back = [c for c in b.creatures if c.card == "Timber Wolf" and c.id != "k"]
    assert len(back) == 1 and back[0].side == "dm" and back[0].has_condition("Zombie")
    assert back[0].damage == 2 and back[0].zone == "B2"  # Timber Wolf: Level 2


def test_ravenous_ghoul_eats_a_creature_destroyed_in_its_zone_this_round():
    """"If a Corporeal creature was destroyed this round, and Ravenous Ghoul is in ... the zone
    it was destroyed in, as a quick action it may take that creature from its discard pile and
    remove it from the game to gain a Growth marker.\""""
    from solo.automaton import creatures
    b = _b()
    g = b.add_creature("Ravenous Ghoul", "dm", "B2", id="g")
    w = b.add_creature("Timber Wolf", "ym", "B2", id="w", damage=9)
    k = b.add_creature("Timber Wolf", "dm", "B2", id="k")
    _attack(b, k, "Bite", w, _src(d6=[5, 5, 5, 5], d12=[1]))
    d = creatures.act(b, _src(), b.get("g"))
    turns.carry_out(b, d)
    assert d.action == "ability" and b.get("g").conditions.get("Growth") == 1
    d = creatures.act(b, _src(), b.get("g"))  # that meal is gone
    assert d.action != "ability"


def test_ichthellid_rise_again_and_the_ghoul_count_as_modelled():
    for name in ("Ichthellid", "Rise Again", "Ravenous Ghoul"):
        assert _modelled(name), name


def test_a_creature_the_dummy_mages_spell_destroys_still_triggers():
    """Rise Again's "When this creature is destroyed" does not ask how: Drain Life's damage
    destroying your enchanted creature reanimates it too."""
    from solo.rules import spells
    from solo.rules.decision import Decision
    from solo.rules.said import Who
    b = _b()
    w = b.add_creature("Timber Wolf", "ym", "B2", id="w", damage=8, enchantments=["Rise Again"])
    card = get_catalog().get("Drain Life")
    spells._harm(b, _src(), Decision("cast"), card, {"damage": 5, "drain": True}, w, Who.of(w))
    assert b.find("w") is None
    upkeep.end_round(b)
    assert any(c.card == "Timber Wolf" and c.side == "dm" for c in b.creatures)


def test_drown_gains_a_suffocation_token_each_upkeep_and_its_creature_pays_that_much():
    """Card: during the Upkeep Phase Drown gains 1 Suffocation token; [Upkeep +X], X = its
    tokens -- a trait the enchantment gives its creature (your creature: you pay or lose it)."""
    from solo.rules.board import new_board
    from solo.rules.dice import SeededSource
    from solo.rules import upkeep
    from solo.text.render import lines as worded_lines

    b = new_board("Warlock", "Beastmaster", dm_zone="A1", ym_zone="D3")
    wolf = b.add_creature("Timber Wolf", "ym", "C2", enchantments=["Drown"])
    assert not b.has_trait(wolf, "Upkeep")
    for n in (1, 2, 3):
        events = upkeep.upkeep(b, SeededSource(n), "ym")
        wolf = b.get(wolf.id)
        assert wolf.conditions.get("Suffocation") == n
        assert b.traits(wolf).count(f"Upkeep +{n}") == 1
        text = " ".join(worded_lines([e.text for e in events if e.piece == wolf.id]))
        assert f"pay {n} mana" in text, text
    # without Drown, no token and no cost
    fox = b.add_creature("Bitterwood Fox", "ym", "C2")
    upkeep.upkeep(b, SeededSource(9), "ym")
    assert "Suffocation" not in b.get(fox.id).conditions


def test_a_bomber_destroyed_at_a_wall_goes_off_in_the_zone_it_was_crossing_from():
    """Found by a conformance run: a Goblin Bomber that a wall's passage attack destroyed went
    off where its walk would have ended; it never left the zone it was crossing from."""
    from solo.rules.abilities import explosions
    from solo.rules.abilities.marks import DUE

    b = _b(dm_zone="A3", ym_zone="D3")
    b.extra[DUE] = [{"id": "dm-9", "card": "Goblin Bomber", "side": "dm", "zone": "C1"}]
    explosions.destroyed_in(b, "dm-9", "A1")
    assert [e["zone"] for e in b.extra[DUE]] == ["A1"]
    explosions.destroyed_in(b, "dm-8", "B1")  # not due: nothing changes
    assert [e["zone"] for e in b.extra[DUE]] == ["A1"]
