"""Rules the engine had wrong until solo-engine/6, found by checking the glossary against the
complete codex: Flying in melee (guards, Sweeping, a counterstrike's "+X vs. Flying"), the
Zombie marker (a Stun for a creature already Slow; undead for "+X vs. Undead"), the psychic
Taunts of Skeelax and Thorg, a teleport freeing a Stuck creature, and your side's guards and
held creatures.  Each test fails on the engine before the fix."""

from solo.automaton import attacks as dm_attacks
from solo.rules import combat
from solo.automaton import spells
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource
from solo.text.render import lines
from solo.engine.game import Game, Settings
from solo.core.questions import ScriptedPrompter
from solo.text.render import lines as sentences
from worded import worded


def _b(**decks):
    return new_board("Warlock", "Beastmaster", dm_zone="A1", ym_zone="D3", decks=decks)


# -- Flying and melee ------------------------------------------------------------------------

def test_a_flyer_may_melee_a_flyer_past_a_walking_guard():
    b = _b()
    falcon = b.add_creature("Thunderift Falcon", "dm", "B2")
    theirs = b.add_creature("Thunderift Falcon", "ym", "B2", active=False)
    walker = b.add_creature("Timber Wolf", "ym", "B2", active=False)
    b.add_creature("Bitterwood Fox", "ym", "B2", active=False, guarding=True)
    assert dm_attacks.legal_attacks(b, falcon, "B2", theirs, False)
    assert not dm_attacks.legal_attacks(b, falcon, "B2", walker, False)  # the guard first


def test_a_flyers_sweep_on_a_walker_cannot_go_on_to_a_flyer():
    b = _b()
    adra = b.add_creature("Adramelech, Lord of Fire", "dm", "B2")
    fox = b.add_creature("Bitterwood Fox", "ym", "B2", active=False)
    b.add_creature("Thunderift Falcon", "ym", "B2", active=False)
    sweep = next(a for a in b.attacks(adra) if a.has("Sweeping"))
    assert dm_attacks.sweep_target(b, adra, sweep, fox) is None
    wolf = b.add_creature("Timber Wolf", "ym", "B2", active=False)
    assert dm_attacks.sweep_target(b, adra, sweep, fox) is wolf  # a walker it still reaches


def test_a_flyer_that_melee_attacks_a_walker_is_not_flying_for_its_counterstrike():
    b = _b()
    tarok = b.add_creature("Tarok, the Skyhunter", "ym", "B2", active=False, guarding=True)
    falcon = b.add_creature("Thunderift Falcon", "dm", "B2")
    beak = next(a for a in b.attacks(falcon) if a.is_melee)
    r = combat.resolve_attack(b, falcon, beak, tarok, SeededSource(5))
    cs = [s for s in r.strikes if s.role == "counterstrike"]
    assert cs and not any("vs. Flying" in part for part in lines(cs[0].dice_parts))
    assert b.flying(falcon) and not falcon.extra  # flying again after the action


# -- the Zombie marker -----------------------------------------------------------------------

def test_animate_dead_on_a_slow_creature_also_stuns_it():
    b = new_board("Necromancer", "Beastmaster", dm_zone="A1", ym_zone="D3",
                  decks=dict(incantation=["Animate Dead"]))
    b.discards["creature"].append("Gorgon Archer")  # Slow on its card
    d = worded(spells.cast_spell(b, ScriptedSource(), "incantation"))
    c = b.get(d.data["target"])
    assert c.card == "Gorgon Archer" and c.has_condition("Zombie") and c.has_condition("Stun")
    assert any("Stun" in line for line in sentences(d.instructions))


def test_animate_dead_on_a_creature_that_is_not_slow_does_not_stun_it():
    b = new_board("Necromancer", "Beastmaster", decks=dict(incantation=["Animate Dead"]))
    b.discards["creature"].append("Timber Wolf")
    d = spells.cast_spell(b, ScriptedSource(), "incantation")
    assert not b.get(d.data["target"]).has_condition("Stun")


def test_a_zombie_marker_makes_it_undead():
    b = _b()
    z = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Zombie": 1})
    plain = b.add_creature("Timber Wolf", "dm", "B2")
    assert combat.vs_bonus(b, "+2 vs. Undead", z) == 2
    assert combat.vs_bonus(b, "+2 vs. Undead", plain) == 0


# -- Taunt -----------------------------------------------------------------------------------

def test_skeelax_taunt_holds_neither_psychic_immune_creatures_nor_mages():
    for who in ("Iron Golem", "mage"):
        b = new_board(dm_zone="B2", ym_zone="D3")
        imp = b.add_creature("Skeelax, Taunting Imp", "ym", "B2", active=False)
        t = b.mages["dm"] if who == "mage" else b.add_creature(who, "dm", "B2")
        trident = next(a for a in b.attacks(imp) if a.name == "Trident")
        r = combat.resolve_attack(b, imp, trident, t,
                                  ScriptedSource(d12=[12] * 3, d6=[6, 6], fallback=SeededSource(1)))
        combat.apply(b, r)
        assert not b.find(t.id).has_condition("Taunt"), who
        assert any("Taunt" in line and "No Taunt" in line for line in lines(r.steps)), who


def test_sosrukos_taunt_holds_a_psychic_immune_creature():
    b = new_board("Warlock", "Beastmaster", dm_zone="B2", ym_zone="D3")
    ferret = b.add_creature("Sosruko, Ferret Companion", "ym", "B2", active=False)
    golem = b.add_creature("Iron Golem", "dm", "B2")
    bite = next(a for a in b.attacks(ferret) if a.name == "Bite")
    r = combat.resolve_attack(b, ferret, bite, golem,
                              ScriptedSource(d12=[12] * 3, d6=[6, 6], fallback=SeededSource(1)))
    combat.apply(b, r)
    assert golem.has_condition("Taunt")


# -- Stuck and teleports ---------------------------------------------------------------------

def test_teleport_destroys_every_stuck_marker():
    b = _b(incantation=["Teleport"])
    wolf = b.add_creature("Timber Wolf", "dm", "A2", conditions={"Stuck": 2})
    d = worded(spells.cast_spell(b, ScriptedSource(fallback=SeededSource(1)), "incantation"))
    assert d.data.get("target") == wolf.id and wolf.zone != "A2", d.instructions
    assert not wolf.has_condition("Stuck")
    assert any("Stuck" in line for line in sentences(d.instructions))


# -- your side -------------------------------------------------------------------------------

def _offered(asked, qid):
    """The values a question offered, without the escapes (board, edit, undo...)."""
    q = next(q for q in asked if q.id == qid)
    return [v for _, v in q.pairs() if v not in q.escapes]


def test_your_melee_attack_in_a_guarded_zone_is_offered_only_the_guard():
    g = Game.new(Settings(seed=3, name="t"))
    b = g.board
    wolf = b.add_creature("Timber Wolf", "ym", "B2", id="w")
    guard = b.add_creature("Bitterwood Fox", "dm", "B2", id="g", guarding=True)
    b.add_creature("Timber Wolf", "dm", "B2", id="other")
    asked = []

    class Spy(ScriptedPrompter):
        def ask(self, q):
            asked.append(q)
            return super().ask(q)

    g.prompter = Spy({"turn.attack.target": "g"})
    g.yours.attack(wolf, moved=False)
    assert _offered(asked, "turn.attack.target") == [guard.id]


def test_your_stuck_creature_is_offered_no_zone_to_walk_to_and_a_teleport_frees_it():
    g = Game.new(Settings(seed=3, name="t"))
    b = g.board
    wolf = b.add_creature("Timber Wolf", "ym", "B2", id="w", conditions={"Stuck": 1})
    asked = []

    class Spy(ScriptedPrompter):
        def ask(self, q):
            asked.append(q)
            return super().ask(q)

    g.prompter = Spy({"turn.move.zone": "elsewhere", "turn.move.elsewhere": "C1"})
    lines = g.yours.move(wolf)
    assert _offered(asked, "turn.move.zone") == ["elsewhere"]
    assert wolf.zone == "C1" and not wolf.has_condition("Stuck")
    assert any("Stuck" in line for line in lines)


def test_the_simulated_opponent_keeps_a_held_creature_still_and_heeds_guards_and_taunts():
    from solo.core.questions import Question
    from solo.engine.simulate import new_game

    g = new_game("Starter", 1)
    b = g.board
    opp = g.prompter
    wolf = b.add_creature("Timber Wolf", "ym", "C2", id="ym-w", conditions={"Cripple": 1})
    q = Question("turn.what", "select", f"What did Timber Wolf ({wolf.id}) do?",
                 (("Moved", "move"), ("Anything else", "other")))
    assert opp._answer(q) == "other"
    wolf.conditions.clear()
    wolf.zone = "B2"
    guard = b.add_creature("Bitterwood Fox", "dm", "B2", id="dm-g", guarding=True)
    b.add_creature("Timber Wolf", "dm", "B2", id="dm-w")
    assert opp._melee_targets(wolf) == [guard]
    guard.guarding = False
    imp = b.add_creature("Skeelax, Taunting Imp", "dm", "B2", id="dm-imp")
    wolf.conditions["Taunt"] = 1
    assert opp._melee_targets(wolf) == [imp]
