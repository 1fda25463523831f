"""Official card rulings (card-rulings.txt) for cards solo models only in part: what solo does
apply to them, and what it tells you to apply by hand, must follow the rulings.  Each test
fails on the engine (or the card notes) before its fix, unless marked "passes before and
after"."""

from solo.rules import combat
from solo.rules import odds
from solo.automaton import spells
from solo.engine import turns
from solo.rules import yours
from solo.rules.board import new_board
from solo.cards.catalog import get_catalog
from solo.cards.coverage import coverage
from solo.rules.dice import ScriptedSource, SeededSource
from solo.text.render import lines


def _b(dm_mage="Warlock", dm_zone="A1", ym_zone="D3", **decks):
    return new_board(dm_mage, "Beastmaster", dm_zone=dm_zone, ym_zone=ym_zone, decks=decks)


def _by_hand(name: str) -> str:
    return str(get_catalog().get(name).dm.get("by_hand", ""))


def _wolf_with(b, traits, zone="B1", **fields):
    """A Dummy Mage Timber Wolf whose Bite (4 dice, quick melee) has ``traits``."""
    w = b.add_creature("Timber Wolf", "dm", zone, id="w", **fields)
    a = b.attacks(w)[0].to_dict()
    a["traits"] = list(traits)
    w.stats["attacks"] = [a]
    return w


def _attack_on_you(hidden: str, traits=(), ym_zone="B1", **fields):
    """The Dummy Mage's wolf in B1 about to attack your mage (B1), who hides ``hidden``."""
    b = _b(ym_zone=ym_zone)
    w = _wolf_with(b, traits, **fields)
    yours.hide(b, b.mages["ym"], hidden)
    return b, w


# -- Block (card-rulings.txt 74-75; complete-codex.txt 146-147 Daze, 191-196 Doublestrike) ----

def test_the_dummy_mages_block_works_while_its_creature_is_incapacitated():
    b = _b()
    theirs = b.add_creature("Timber Wolf", "dm", "B2", active=False, conditions={"Stun": 1},
                            enchantments=["Block"])
    mine = b.add_creature("Timber Wolf", "ym", "B2")
    r = combat.resolve_attack(b, mine, "Bite", theirs, ScriptedSource(d6=[6] * 8,
                                                                      fallback=SeededSource(1)))
    assert r.strikes[0].avoided and r.strikes[0].damage == 0
    combat.apply(b, r)
    assert theirs.damage == 0 and "Block" not in theirs.enchantments  # used up
    assert b.discards["enchantment"] == ["Block"]
    # The odds shown before your attack agree.
    fresh = b.add_creature("Timber Wolf", "dm", "B2", active=False, conditions={"Stun": 1},
                           enchantments=["Block"])
    assert odds.attack_odds(b, mine, b.attacks(mine)[0], fresh).expected_damage == 0


def test_an_incapacitated_creature_still_cannot_roll_its_own_defense():  # passes before and after
    b = _b()
    leopard = b.add_creature("Kumanjaran Leopard", "dm", "B2", active=False,
                             conditions={"Stun": 1})  # Defense 7+ (no ranged)
    mine = b.add_creature("Timber Wolf", "ym", "B2")
    r = combat.resolve_attack(b, mine, "Bite", leopard, SeededSource(2))
    assert r.strikes[0].defense is None and not r.strikes[0].avoided


def test_an_attack_that_misses_its_daze_check_does_not_reveal_your_hidden_block():
    b, w = _attack_on_you("Block", conditions={"Daze": 1})
    d = turns.dm_creature_action(b, ScriptedSource(d12=[3], d6=[6] * 8, fallback=SeededSource(3)))
    assert d.results and d.results[0].strikes[0].missed
    assert yours.hidden_on(b.mages["ym"]) == ["Block"]  # still hidden, still there
    assert not d.data.get("revealed")


def test_a_dazed_attack_that_goes_ahead_reveals_your_block():  # passes before and after
    b, w = _attack_on_you("Block", conditions={"Daze": 1})
    d = turns.dm_creature_action(b, ScriptedSource(d12=[9], d6=[6] * 8, fallback=SeededSource(3)))
    assert d.data.get("revealed") == ["Block"] and b.mages["ym"].damage == 0
    assert yours.hidden_on(b.mages["ym"]) == []


def test_your_hidden_block_avoids_only_the_first_attack_of_a_doublestrike():
    b, w = _attack_on_you("Block", traits=["Doublestrike"])
    d = turns.dm_creature_action(b, ScriptedSource(d6=[6] * 8, fallback=SeededSource(3)))
    assert d.data.get("revealed") == ["Block"]
    strikes = d.results[0].strikes
    assert strikes[0].avoided and strikes[1].role == "second strike"
    assert b.mages["ym"].damage == 8  # the second attack: four 2-criticals


# -- Reverse Attack (card-rulings.txt 580-591) ------------------------------------------------

def test_reverse_attack_turns_only_the_first_strike_a_doublestrike_goes_on_at_you():
    b, w = _attack_on_you("Reverse Attack", traits=["Doublestrike"])
    turns.dm_creature_action(b, ScriptedSource(d6=[6] * 8, fallback=SeededSource(3)))
    assert w.damage == 8  # its own first attack
    assert b.mages["ym"].damage == 8  # the second attack is made against your mage


def test_your_creature_that_reverses_an_attack_still_counterstrikes():
    b = _b(ym_zone="D3")
    w = _wolf_with(b, [], zone="B2")
    hydra = b.add_creature("Darkfenne Hydra", "ym", "B2", active=False)  # Counterstrike bite
    yours.hide(b, hydra, "Reverse Attack")
    d = turns.dm_creature_action(b, ScriptedSource(d6=[3] * 20, fallback=SeededSource(3)))
    roles = [s.role for s in d.results[0].strikes]
    assert roles[0] == "attack" and d.results[0].strikes[0].target == w.id
    assert "counterstrike" in roles


def test_a_reversed_sweeping_attack_still_sweeps_on_to_its_second_target():
    b, w = _attack_on_you("Reverse Attack", traits=["Sweeping"])
    fox = b.add_creature("Timber Wolf", "ym", "B1", active=False)
    d = turns.dm_creature_action(b, ScriptedSource(d6=[3] * 20, fallback=SeededSource(3)))
    assert any(s.role == "sweep" and s.target == fox.id for s in d.results[0].strikes)


def test_a_reversed_vampiric_attack_hurts_its_maker_first_then_heals_half():
    b, w = _attack_on_you("Reverse Attack", traits=["Vampiric"])
    turns.dm_creature_action(b, ScriptedSource(d6=[6, 6, 6, 1], fallback=SeededSource(3)))
    assert w.damage == 3  # 6 damage, then it heals 3


def test_a_reversed_vampiric_attack_that_destroys_its_maker_heals_nothing():
    b, w = _attack_on_you("Reverse Attack", traits=["Vampiric"], damage=5)  # 5 life left
    turns.dm_creature_action(b, ScriptedSource(d6=[6, 6, 5, 1], fallback=SeededSource(3)))
    assert b.find(w.id) is None  # 5 damage destroys it before the healing


def test_reverse_attack_works_while_its_creature_is_incapacitated():  # passes before and after
    b = _b(ym_zone="D3")
    w = _wolf_with(b, [], zone="B2")
    mine = b.add_creature("Timber Wolf", "ym", "B2", active=False, conditions={"Stun": 1})
    yours.hide(b, mine, "Reverse Attack")
    turns.dm_creature_action(b, ScriptedSource(d6=[6] * 8, fallback=SeededSource(3)))
    assert mine.damage == 0 and w.damage == 8


# -- Damage barriers (complete-codex.txt 127-132; Reverse Attack, card-rulings.txt 587) -------

def test_a_damage_barrier_does_not_answer_an_attack_that_missed():
    b = _b()
    elemental = b.add_creature("Fire Elemental", "dm", "B2")  # Scorching Heat damage barrier
    mine = b.add_creature("Timber Wolf", "ym", "B2", conditions={"Daze": 1})
    r = combat.resolve_attack(b, mine, "Bite", elemental,
                              ScriptedSource(d12=[3], fallback=SeededSource(1)))
    assert r.strikes[0].missed
    assert not any(s.role == "damage barrier" for s in r.strikes)


def test_a_damage_barrier_answers_an_attack_that_hit():  # passes before and after
    b = _b()
    elemental = b.add_creature("Fire Elemental", "dm", "B2")
    mine = b.add_creature("Timber Wolf", "ym", "B2")
    r = combat.resolve_attack(b, mine, "Bite", elemental, SeededSource(1))
    assert any(s.role == "damage barrier" for s in r.strikes)


# -- Temple High Guard (card-rulings.txt 706-707) ---------------------------------------------

def test_a_guarding_temple_high_guard_counterstrikes_first_with_melee_plus_2():
    b = _b()
    guard = b.add_creature("Temple High Guard", "dm", "B2", guarding=True)
    mine = b.add_creature("Timber Wolf", "ym", "B2", damage=9)  # 1 life left
    r = combat.resolve_attack(b, mine, "Bite", guard,
                              ScriptedSource(d6=[6] * 12, fallback=SeededSource(1)))
    first = r.strikes[0]
    assert first.role == "counterstrike" and first.attacker == guard.id
    assert first.dice == 6 and "Melee +2 (guarding)" in lines(first.dice_parts)
    assert first.destroyed  # it destroys the attacker ...
    assert not any(s.role == "attack" for s in r.strikes)  # ... which makes no attack


def test_a_temple_high_guard_that_does_not_guard_does_not_counterstrike():  # passes before and after
    b = _b()
    guard = b.add_creature("Temple High Guard", "dm", "B2")
    mine = b.add_creature("Timber Wolf", "ym", "B2")
    r = combat.resolve_attack(b, mine, "Bite", guard, SeededSource(1))
    assert [s.role for s in r.strikes] == ["attack"]


def test_temple_high_guard_is_fully_modelled():
    cov = coverage(get_catalog().get("Temple High Guard"))
    assert cov.level == "modelled" and not cov.by_hand


# -- Mind Control (card-rulings.txt 502-511) --------------------------------------------------

def test_mind_control_leaves_a_creature_restricted_to_another_mage():
    b = _b("Forcemaster", enchantment=["Mind Control"])
    huginn = b.add_creature("Huginn, Raven Familiar", "ym", "B1")  # Arcane Mage Only
    d = spells.cast_spell(b, SeededSource(1), "enchantment")
    assert d.data.get("discarded") and huginn.side == "ym"


def test_mind_control_takes_a_creature_of_its_own_mages_kind():  # passes before and after
    b = _b("Forcemaster", enchantment=["Mind Control"])
    spore = b.add_creature("Thoughtspore", "ym", "B1")  # Mind Mage Only: a Forcemaster is one
    spells.cast_spell(b, SeededSource(1), "enchantment")
    assert spore.side == "dm"


def test_mind_control_asks_no_leash_after_it_is_cast():
    """The 1-zone limit counts only when Mind Control is cast: the creature stays the Dummy
    Mage's however far its mage goes (solo ends it only when your spell destroys it)."""
    from solo.rules import upkeep

    b = _b()
    b.add_creature("Timber Wolf", "dm", "D3", id="t", enchantments=["Mind Control"])
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert b.get("t").side == "dm" and "Mind Control" in b.get("t").enchantments
    assert not get_catalog().get("Mind Control").dm.get("by_hand")


# -- Armor Ward (card-rulings.txt 44-47) ------------------------------------------------------

def test_armor_ward_protects_only_equipment_so_the_dummy_mage_cannot_use_it():
    card = get_catalog().get("Armor Ward")
    assert coverage(card).level == "unusable" and "equipment" in coverage(card).why
    b = _b(enchantment=["Armor Ward"])
    d = spells.cast_spell(b, SeededSource(1), "enchantment")
    assert d.data.get("discarded") and "Armor Ward" not in b.mages["dm"].enchantments


# -- Sardonyx, Blight of the Living (card-rulings.txt 616-617) --------------------------------

def test_sardonyx_makes_its_controller_lose_life_not_take_damage():
    # played now (tests/rules/abilities/test_triggers.py): the loss is put on the mage as it is
    from solo.rules import upkeep
    b = _b()
    b.add_creature("Sardonyx, Blight of the Living", "dm", "B2")
    b.mages["dm"].conditions["Sleep"] = 1  # damage would wake it; a loss of life does not
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert b.mages["dm"].damage == 2 and b.mages["dm"].has_condition("Sleep")


# Chain Lightning and V'Tarrian Energy Wave are played by solo now: their rulings' tests are in
# tests/rules/abilities/test_spells_abilities.py.


# -- Devouring Jelly (card-rulings.txt 193-197) -----------------------------------------------

def test_devouring_jelly_does_not_reconstruct_from_corrode_damage():
    # Solo plays it now (solo.rules.abilities.bonuses): the ruling's case, a Zombie Minion (no
    # armor) that takes no attack damage and 2 acid damage from Corrode markers.
    b = _b()
    jelly = b.add_creature("Devouring Jelly", "dm", "B2", damage=3)
    zombie = b.add_creature("Zombie Minion", "ym", "B2")
    r = combat.resolve_attack(b, jelly, "Corrosive Juices", zombie,
                              ScriptedSource(d12=[9], d6=[1] * 8, fallback=SeededSource(1)),
                              reactions=False)
    assert r.strikes[0].damage == 0 and r.strikes[0].acid == 2
    assert r.strikes[0].reconstructed == 0


# -- Charm (card-rulings.txt 115-120) ---------------------------------------------------------

def test_charm_also_forbids_a_zone_attack_on_the_dummy_mages_zone():
    """Charm forbids any attack on its controller solo cannot name (a reported one may be a
    zone attack), and a damage barrier of the Dummy Mage's that damages the creature does not
    destroy it."""
    from solo.rules.abilities import restrictions

    b = _b(ym_zone="B1")
    mine = b.add_creature("Timber Wolf", "ym", "A1", enchantments=["Charm"])
    assert restrictions.forbids(b, mine, None, b.mages["dm"]) is not None
    assert restrictions.charm_broken(b, mine, 3, "dm", barrier=True) is None
    assert restrictions.charm_broken(b, mine, 3, "dm", barrier=False) is not None


# -- Whirling Strike (card-rulings.txt 768-772) -----------------------------------------------

def test_whirling_strike_strikes_again_only_its_first_target():
    # Solo plays it now: tests/rules/abilities/test_bonuses.py
    # (test_whirling_strike_goes_on_to_two_more_targets_in_its_zone_one_strike_each).
    b = _b()
    w = _wolf_with(b, ["Doublestrike"], zone="B2")
    first = b.add_creature("Timber Wolf", "ym", "B2")
    other = b.add_creature("Timber Wolf", "ym", "B2")
    w.conditions["Whirling Strike"] = 1
    r = combat.resolve_attack(b, w, "Bite", first, SeededSource(4), reactions=False,
                              whirl_targets=[other])
    assert [s.target for s in r.strikes if s.attacker == w.id].count(first.id) == 2
    assert [s.target for s in r.strikes if s.attacker == w.id].count(other.id) == 1


# -- Guardian Angel (card-rulings.txt 409-410) ------------------------------------------------

def test_guardian_angel_heals_only_when_she_takes_the_guard_action():
    # played now: only the guard action heals her (solo.engine.your_turn), never a guard marker
    # a spell or Vigilant gives
    text = str(get_catalog().get("Guardian Angel").dm.get("plays", ""))
    assert "guard action" in text and not _by_hand("Guardian Angel")


# -- Forcefield (card-rulings.txt 325-343) ----------------------------------------------------

def test_forcefield_spends_no_token_on_a_missed_attack_or_a_damage_barrier():
    """An attack that misses its Daze check never reaches the Avoid Attack Step; a damage
    barrier is no attack on the Forcemaster."""
    from solo.rules.abilities import restrictions
    from solo.engine.game import Game, Settings
    from solo.engine.your_attacks import YourAttacks

    g = Game.new(Settings(seed=1, name="t"))
    b = g.board
    b.mages["dm"].zone = b.mages["ym"].zone = "B2"
    b.mages["dm"].enchantments.append("Forcefield")
    wolf = b.add_creature("Timber Wolf", "ym", "B2", conditions={"Daze": 1})
    g.rng = ScriptedSource(d12=[3], fallback=SeededSource(1))
    g.rng.get_state = lambda: []  # (no checkpoint is taken here)
    lines, reverse, daze = YourAttacks(g).their_reverse_attack(wolf, b.attacks(wolf)[0],
                                                                b.mages["dm"])
    assert daze == 3 and reverse is False
    assert restrictions.FORCEFIELD_TOKENS not in b.mages["dm"].extra  # all 3 left


# -- Mind Shield (card-rulings.txt 513-516) ---------------------------------------------------

def test_mind_shield_cancels_only_what_a_zone_attack_does_to_its_creature():
    """A zone attack spell at a zone where the Dummy Mage's card cancels it on one object (a
    Mind Shield against a psychic one, a Forcefield against any) still hits the others."""
    from solo.engine.game import Game, Settings
    from solo.core.questions import RulePrompter

    g = Game.new(Settings(seed=1, name="t"))
    b = g.board
    b.mages["dm"].zone, b.mages["ym"].zone = "B2", "B3"
    b.mages["dm"].enchantments.append("Forcefield")
    b.add_creature("Steelclaw Grizzly", "dm", "B2", id="g")
    g.prompter = RulePrompter({})
    g.yours.begin()
    g.yours._attack_spell(b.mages["ym"], b.cat.get("Firestorm"), b.mages["dm"])
    assert b.mages["dm"].damage == 0 and b.get("g").damage > 0


# -- Valshalla, Lightning Angel (card-rulings.txt 723-726) ------------------------------------

def test_valshalla_counts_only_creatures_attacks():
    # played now: a conjuration's attack gives no Wrath token
    b = _b()
    b.add_creature("Valshalla, Lightning Angel", "dm", "C2", id="v")
    f = b.add_creature("Timber Wolf", "dm", "B2", id="f", damage=8)
    wall = b.add_conjuration("Wall of Thorns", "ym", "B2")
    from solo.rules.abilities import triggers
    triggers.on_destroyed(b, f, wall, False, attacked=True)
    assert not b.get("v").conditions.get("Wrath")
