"""Official card rulings (card-rulings.txt) for the cards of the shipped deck sets that the
engine had wrong.  Each test fails on the engine before its fix."""

from solo.engine import quickcast_turn
from solo.rules import combat
from solo.automaton import spells
from solo.engine import turns
from solo.rules.board import new_board
from solo.rules.decision import in_arena
from solo.rules.dice import ScriptedSource, SeededSource
from solo.engine.game import Game, Settings
from solo.engine.resolve import resolve_decision


def _b(**decks):
    return new_board("Warlock", "Beastmaster", dm_zone="A1", ym_zone="D3", decks=decks)


# -- Banish (card-rulings.txt 50, 55-62) ------------------------------------------------------

def test_banish_tokens_come_off_each_upkeep_and_the_creature_returns_as_it_left():
    g = Game.new(Settings(seed=3, name="t"))
    b = g.board
    wolf = b.add_creature("Timber Wolf", "ym", "B1", id="w", active=False,
                          conditions={"Banish": 3})
    for left in (2, 1):
        g._ready()
        assert wolf.conditions.get("Banish") == left
        assert not wolf.active  # its action marker cannot change while it is out of the arena
    g._ready()
    assert "Banish" not in wolf.conditions and in_arena(b, wolf) and wolf.zone == "B1"
    assert not wolf.active  # back with its action marker as it was when banished


def test_a_zone_attack_does_not_hit_a_banished_creature():
    b = new_board("Warlock", "Beastmaster", dm_zone="B1", ym_zone="B1",
                  decks={"attack": ["Blinding Flash"]})
    wolf = b.add_creature("Timber Wolf", "ym", "B1", conditions={"Banish": 2})
    src = ScriptedSource(d12=[11], fallback=SeededSource(8))
    d = quickcast_turn.quickcast(b, src)
    resolve_decision(b, d, src)
    assert d.results and wolf.id not in {s.target for s in d.results[0].strikes}


# -- Battle Fury (card-rulings.txt 64-72) -----------------------------------------------------

def test_battle_fury_extra_attack_on_the_same_target_meets_no_second_counterstrike():
    b = _b()
    b.add_creature("Timber Wolf", "dm", "B2", conditions={"Battle Fury": 1})
    b.add_creature("Darkfenne Hydra", "ym", "B2", active=False)  # Snapping Bite: Counterstrike
    d = turns.dm_creature_action(b, SeededSource(3))
    assert len(d.results) == 2 and d.results[0].target == d.results[1].target
    roles = [s.role for r in d.results for s in r.strikes]
    assert roles.count("counterstrike") == 1


def test_battle_fury_extra_attack_meets_no_second_damage_barrier_and_a_stun_stops_it():
    b = _b()
    wolf = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Battle Fury": 1})
    b.add_creature("Timber Wolf", "ym", "B2", active=False, enchantments=["Circle of Lightning"])
    d = turns.dm_creature_action(b, ScriptedSource(d12=[12] * 40, d6=[1] * 60))
    barriers = [s for r in d.results for s in r.strikes if s.role == "damage barrier"]
    assert len(barriers) == 1 and barriers[0].conditions == ["Stun"]
    assert len(d.results) == 1  # Stunned by the barrier: no extra attack
    # a Stun gained from a damage barrier during its Action Phase stays to the next one
    assert wolf.conditions.get("Stun") == 1


def test_a_counterstrike_wastes_battle_fury():
    b = _b()
    hydra = b.add_creature("Darkfenne Hydra", "dm", "B2", conditions={"Battle Fury": 1})
    wolf = b.add_creature("Timber Wolf", "ym", "B2", active=False)
    r = combat.resolve_attack(b, wolf, "Bite", hydra, SeededSource(2))
    assert any(s.role == "counterstrike" for s in r.strikes)
    combat.apply(b, r)
    assert "Battle Fury" not in hydra.conditions
    d = turns.dm_creature_action(b, SeededSource(3))
    assert len(d.attacks) == 1


# -- Perfect Strike, Piercing Strike (card-rulings.txt 548-552) -------------------------------

def test_perfect_strike_makes_only_the_first_strike_unavoidable():
    b = _b()
    hydra = b.add_creature("Darkfenne Hydra", "dm", "B2", conditions={"Perfect Strike": 1})
    mouse = b.add_creature("Eekamouse", "ym", "B2", active=False)  # Defense 5+, unlimited
    bite = next(a for a in b.attacks(hydra) if a.name == "Triple Bite")
    r = combat.resolve_attack(b, hydra, bite, mouse, ScriptedSource(d12=[12] * 20, d6=[1] * 30))
    own = [s for s in r.strikes if s.attacker == hydra.id]
    assert [s.avoided for s in own] == [False, True, True]


def test_piercing_strike_pierces_only_the_first_strike():
    b = _b()
    hydra = b.add_creature("Darkfenne Hydra", "dm", "B2", conditions={"Piercing Strike": 1})
    golem = b.add_creature("Iron Golem", "ym", "B2", active=False)  # armor 5
    bite = next(a for a in b.attacks(hydra) if a.name == "Triple Bite")
    r = combat.resolve_attack(b, hydra, bite, golem, ScriptedSource(d12=[1] * 20, d6=[4] * 30))
    assert [s.armor for s in r.strikes if s.attacker == hydra.id] == [2, 5, 5]


def test_a_counterstrike_uses_up_perfect_strike():
    b = _b()
    hydra = b.add_creature("Darkfenne Hydra", "dm", "B2", conditions={"Perfect Strike": 1})
    wolf = b.add_creature("Timber Wolf", "ym", "B2", active=False)
    r = combat.resolve_attack(b, wolf, "Bite", hydra, SeededSource(2))
    combat.apply(b, r)
    assert "Perfect Strike" not in hydra.conditions


# -- Knockdown (card-rulings.txt 450-455) -----------------------------------------------------

def test_knockdown_removes_the_guard_marker():
    b = _b(incantation=["Knockdown"])
    wolf = b.add_creature("Timber Wolf", "ym", "A1", active=False, guarding=True)
    d = spells.cast_spell(b, ScriptedSource(d12=[5] * 10, fallback=SeededSource(1)), "incantation")
    assert d.data.get("target") == wolf.id and wolf.has_condition("Knockdown")
    assert not wolf.guarding


# -- Bull Endurance (card-rulings.txt 94-98) --------------------------------------------------

def test_losing_bull_endurance_destroys_a_creature_whose_damage_reaches_its_life():
    b = _b(incantation=["Purge Magic"])
    wolf = b.add_creature("Timber Wolf", "ym", "B1", active=False,
                          enchantments=["Bull Endurance"], damage=12)
    d = spells.cast_spell(b, SeededSource(1), "incantation")
    assert d.data.get("target") == wolf.id
    assert b.find(wolf.id) is None


# -- Geyser (card-rulings.txt 363-366) --------------------------------------------------------

def test_geyser_never_damages_a_burning_target():
    b = new_board("Warlock", "Beastmaster", dm_zone="A1", ym_zone="B1",
                  decks={"attack": ["Geyser"]})
    ym = b.mages["ym"]
    ym.conditions["Burn"] = 2
    src = ScriptedSource(d12=[12, 12, 12], d6=[6] * 10, fallback=SeededSource(1))
    d = quickcast_turn.quickcast(b, src)
    resolve_decision(b, d, src)
    assert ym.damage == 0 and "Daze" not in ym.conditions


# -- Iron Golem: Force Bash vs. Unmovable (card-rulings.txt 298-302; Force Bash is not in the
#    shipped decks)

def test_force_bash_dazes_an_unmovable_second_creature_instead_of_slamming_it():
    b = new_board("Forcemaster", "Beastmaster", dm_zone="A1", ym_zone="D3",
                  decks={"incantation": ["Force Bash"]})
    wolf = b.add_creature("Timber Wolf", "ym", "B1", active=False)
    golem = b.add_creature("Iron Golem", "ym", "C1", active=False)
    spells.cast_spell(b, SeededSource(3), "incantation")  # seed 3: pushed east, into C1
    assert wolf.zone == "C1"
    assert golem.conditions == {"Daze": 1}


def test_your_geyser_at_a_burning_creature_only_puts_out_the_fire():
    from solo.core.questions import ScriptedPrompter

    g = Game.new(Settings(seed=3, name="t"))
    b = g.board
    b.mages["ym"].zone = "B1"
    wolf = b.add_creature("Timber Wolf", "dm", "B1", id="dm-w", conditions={"Burn": 2})
    g.prompter = ScriptedPrompter({"turn.spell.target": "dm-w", "turn.spell.kind": "attack",
                                   "turn.spell.card": "Geyser"})
    lines = g.yours.spell(b.mages["ym"])
    assert "Burn" not in wolf.conditions and wolf.damage == 0 and "Daze" not in wolf.conditions
    assert any("cancelled" in line for line in lines)
