"""Your attacks in `solo play`: an attack whose dice you rolled and report ("Attacked, and I
type the damage") goes through solo.rules.combat exactly like one solo rolls -- the Daze
check, the Defense, armor, Piercing, the counterstrike, destruction and the tally -- and the step
records its result.  Each test here failed while the reported attack had its own copy of combat.

Dice are physical (`dice.d12` and `dice.attack` answer them), so every roll is chosen here."""

import pytest

from solo.rules import combat
from solo.engine.conformance import Checker
from solo.rules.dice import ScriptedSource
from solo.engine.game import Game, Settings
from solo.core.questions import RulePrompter
from solo.engine.rounds import RoundState


def new_game():
    return Game.new(Settings(seed=1, name="t", dice="physical"))


def your_turn(game, answers):
    """Play one turn of yours in the creatures stage, answering with ``answers``; the step and
    the prompter (its ``asked`` lists the questions)."""
    game.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                       "ym_done": False, "mage_active": True})
    game.prompter = RulePrompter(answers)
    step = game.play_one()
    assert step is not None and step.label.startswith("your turn")
    return step, game.prompter


def reported(actor, target, damage="0", markers="", d12=(), faces=None):
    """Answers for a reported attack of ``actor`` on ``target``."""
    answers = {"turn.actor": actor.id, "turn.what": "attack-typed", "turn.attack.target": target.id,
               "turn.attack.damage": damage, "turn.attack.conditions": markers}
    if d12:
        answers["dice.d12"] = list(d12)
    if faces:
        answers["dice.attack"] = list(faces)
    return answers


def rolled(actor, target, faces, d12=()):
    """Answers for the same attack rolled by solo (the faces typed in, physical dice)."""
    answers = {"turn.actor": actor.id, "turn.what": "attack", "turn.attack.target": target.id,
               "dice.attack": list(faces), "turn.attack.conditions": ""}
    if d12:
        answers["dice.d12"] = list(d12)
    return answers


# -- the Defense: Daze and Restrained on the target, Daze on the attacker ----------------------

@pytest.mark.parametrize("conditions,roll,modifier,avoided", [
    ({}, 9, 0, True),
    ({"Daze": 1}, 10, -2, False),  # 10 would avoid a Defense 9+; Dazed it is 8
    ({"Daze": 1}, 11, -2, True),
    ({"Cripple": 1}, 10, -2, False),  # Cripple leaves it Restrained
    ({"Daze": 1, "Cripple": 1}, 12, -4, False),
])
def test_a_reported_attack_meets_the_defense_daze_and_restrained_modify(conditions, roll,
                                                                        modifier, avoided):
    g = new_game()
    fox = g.board.add_creature("Bitterwood Fox", "ym", "B2")
    defender = g.board.add_creature("Asyran Defender", "dm", "B2", conditions=dict(conditions))
    step, p = your_turn(g, reported(fox, defender, "3+1", d12=[roll]))  # Defense 9+, armor 2
    strike = step.results[0].main
    assert (strike.defense, strike.defense_roll, strike.defense_modifier) == (9, roll, modifier)
    assert strike.avoided is avoided
    assert defender.extra["defense_used"] == {"0": 1}
    assert ("turn.attack.damage" in p.asked) is not avoided  # avoided: nothing to report
    assert defender.damage == (0 if avoided else 1 + (3 - 2))


def test_an_incapacitated_target_rolls_no_defense_against_a_reported_attack():
    g = new_game()
    fox = g.board.add_creature("Bitterwood Fox", "ym", "B2")
    defender = g.board.add_creature("Asyran Defender", "dm", "B2", conditions={"Stun": 1})
    step, p = your_turn(g, reported(fox, defender, "3+0"))
    assert "dice.d12" not in p.asked
    assert step.results[0].main.defense_roll is None
    assert defender.damage == 1 and "defense_used" not in defender.extra


@pytest.mark.parametrize("check,hits", [(6, False), (7, True)])
def test_your_dazed_attacker_checks_its_daze_before_you_report(check, hits):
    g = new_game()
    fox = g.board.add_creature("Bitterwood Fox", "ym", "B2", conditions={"Daze": 1})
    wolf = g.board.add_creature("Timber Wolf", "dm", "B2")
    step, p = your_turn(g, reported(fox, wolf, "2+0", d12=[check]))
    strike = step.results[0].main
    assert strike.daze_roll == check and strike.missed is not hits
    assert ("turn.attack.damage" in p.asked) is hits
    assert wolf.damage == (2 - g.board.armor(wolf) if hits else 0)


# -- armor, Piercing, counterstrikes: the same as a rolled attack ------------------------------

CASES = {
    # attacker (its own zone B2), its markers, target, the target's setup, faces, report
    "armor": ("Bitterwood Fox", {}, "Asyran Defender", {}, ["2 2* 1"], "3+2"),
    "piercing": ("Dark Pact Slayer", {}, "Dwarf Panzergarde", {}, ["2 2 1* -"], "4+1"),
    "piercing strike": ("Bitterwood Fox", {"Piercing Strike": 1}, "Dwarf Panzergarde", {},
                        ["2 2 1"], "5+0"),
    "enchanted armor": ("Dark Pact Slayer", {}, "Asyran Defender",
                        {"enchantments": ["Rhino Hide"]}, ["2 1 2* -"], "3+2"),
    # a guard counterstrikes (its dice follow yours) and loses its guard marker
    "guard": ("Bitterwood Fox", {}, "Asyran Defender", {"guarding": True},
              ["2 1 1", "1 - 2"], "4+0"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_reported_damage_matches_a_rolled_attack_with_the_same_dice(case):
    attacker, marks, target, setup, faces, report = CASES[case]
    boards, results = [], []
    for how in ("rolled", "reported"):
        g = new_game()
        a = g.board.add_creature(attacker, "ym", "B2", conditions=dict(marks))
        t = g.board.add_creature(target, "dm", "B2", **setup)
        if how == "rolled":
            answers = rolled(a, t, faces, d12=[3])  # the target's Defense 9+ fails
        else:
            answers = reported(a, t, report, d12=[3], faces=faces[1:])
        step, _ = your_turn(g, answers)
        boards.append(g.board.to_dict())
        results.append([(s.role, s.target, s.armor, s.damage, s.defense_roll)
                        for s in step.results[0].strikes])
    assert results[0] == results[1]
    assert boards[0] == boards[1]
    assert results[1][0][3] > 0  # the attack did damage, so the comparison means something


def test_against_an_incorporeal_target_you_report_the_1s_and_no_markers():
    g = new_game()
    fox = g.board.add_creature("Bitterwood Fox", "ym", "B2")
    spirit = g.board.add_creature("Fire Elemental", "dm", "B2")  # Incorporeal, a damage barrier
    messages = []

    def damage(q):
        messages.append(q.message)
        return "1+1"

    answers = reported(fox, spirit, damage, faces=["- -"], d12=[1])  # the barrier misses
    step, p = your_turn(g, answers)
    assert "Incorporeal: count only the dice showing 1" in messages[0]
    assert spirit.damage == 2
    assert "turn.attack.conditions" not in p.asked  # no effects from a non-Ethereal attack
    assert [s.role for s in step.results[0].strikes] == ["attack", "damage barrier"]


# -- destruction and the tally ------------------------------------------------------------------

def test_a_reported_attack_that_destroys_a_creature_counts_it_once():
    g = new_game()
    b = g.board
    fox = b.add_creature("Bitterwood Fox", "ym", "B2")
    wolf = b.add_creature("Timber Wolf", "dm", "B2")
    cost = b.cost(wolf)
    checker = Checker(g)
    checker.before()
    step, p = your_turn(g, reported(fox, wolf, "6+6", markers="Burn"))
    checker.after(step)
    assert b.find(wolf.id) is None
    assert b.extra["tally"] == {"dm": 0, "ym": cost}
    assert b.discards["creature"].count("Timber Wolf") == 1
    assert step.results[0].destroyed == [wolf.id] and step.results[0].main.side == "ym"
    assert "turn.attack.conditions" not in p.asked  # no effect on a destroyed creature
    assert step.touched == [wolf.id]
    assert checker.violations == []


# -- Unavoidable ------------------------------------------------------------------------------

@pytest.mark.parametrize("attacker,marks", [("Brogan Bloodstone", {}),  # Vorpal Blade: Unavoidable
                                            ("Bitterwood Fox", {"Perfect Strike": 1})])
def test_an_unavoidable_reported_attack_skips_the_defense(attacker, marks):
    g = new_game()
    a = g.board.add_creature(attacker, "ym", "B2", conditions=dict(marks))
    defender = g.board.add_creature("Asyran Defender", "dm", "B2")
    step, p = your_turn(g, reported(a, defender, "2+1"))
    assert "dice.d12" not in p.asked
    assert step.results[0].main.defense_roll is None
    assert "defense_used" not in defender.extra
    assert any("Unavoidable: no Defense" in line for line in step.lines)
    if marks:  # Perfect Strike is used up by the attack, as by a rolled one
        assert "Perfect Strike" not in a.conditions
        assert any("Perfect Strike is used up" in line for line in step.lines)


# -- an attack solo cannot name ---------------------------------------------------------------

def test_damage_you_rolled_for_a_spell_gets_no_defense_but_is_recorded():
    g = new_game()
    defender = g.board.add_creature("Asyran Defender", "dm", "B2")
    answers = {"turn.actor": "ym", "turn.what": "spell", "turn.spell.target": defender.id,
               "turn.spell.kind": "typed", "turn.attack.damage": "3+1",
               "turn.attack.conditions": "Daze"}
    step, p = your_turn(g, answers)
    assert "dice.d12" not in p.asked
    strike = step.results[0].main
    assert strike.reported and strike.defense_roll is None
    assert defender.damage == 1 + (3 - 2) and defender.conditions == {"Daze": 1}


# -- combat itself --------------------------------------------------------------------------------

def test_every_strike_of_a_doublestrike_is_reported_and_defended_separately():
    from solo.rules.board import new_board

    b = new_board(dm_zone="A1", ym_zone="D3")
    goran = b.add_creature("Goran, Werewolf Pet", "ym", "B2")
    gremlin = b.add_creature("Blue Gremlin", "dm", "B2")  # Defense 8+ once, armor 1, life 7
    asked = []

    def damage(strike, only_ones):
        asked.append(strike.role)
        return (2, 1)

    report = combat.Reported(damage, lambda strike: [])
    result = combat.resolve_reported_attack(b, goran, "Feral Claws", gremlin, report,
                                            ScriptedSource(d12=[3]))
    assert asked == ["attack", "second strike"]
    assert [s.defense_roll for s in result.strikes] == [3, None]  # one use of its Defense
    assert [s.damage for s in result.strikes] == [2, 2]
    assert b.find(gremlin.id).damage == 0  # the board is not changed until apply
    combat.apply(b, result)
    assert gremlin.damage == 4


# -- the Dummy Mage's face-up Reverse Attack (card-rulings.txt 579-587) ------------------------

def _wolves_and_reverse_attack(game, attacker_conditions=None):
    b = game.board
    mine = b.add_creature("Timber Wolf", "ym", "C2", id="ym-w",
                          conditions=dict(attacker_conditions or {}))
    theirs = b.add_creature("Timber Wolf", "dm", "C2", id="dm-w", enchantments=["Reverse Attack"])
    return mine, theirs


def test_the_dummy_mages_reverse_attack_turns_your_attack_back_and_is_destroyed():
    game = new_game()
    mine, theirs = _wolves_and_reverse_attack(game)
    step, _ = your_turn(game, rolled(mine, theirs, ["2* 2* 2* 2*"], d12=[1, 1, 1]))
    assert theirs.damage == 0 and mine.damage == 8  # its own Bite: four 2-criticals
    assert "Reverse Attack" not in theirs.enchantments
    assert "Reverse Attack" in game.board.discards["enchantment"]
    assert any("Reverse Attack turns your attack back" in line for line in step.lines)


def test_your_attack_that_misses_its_daze_check_leaves_the_reverse_attack():
    # passes before and after
    game = new_game()
    mine, theirs = _wolves_and_reverse_attack(game, {"Daze": 1})
    your_turn(game, rolled(mine, theirs, ["2* 2* 2* 2*"], d12=[3, 1, 1]))  # Daze 3: misses
    assert mine.damage == theirs.damage == 0
    assert theirs.enchantments == ["Reverse Attack"]


# -- your Dragon's Breath (card-rulings.txt 219-220) -------------------------------------------

def _breath(second):
    game = new_game()
    b = game.board
    b.mages["ym"].zone = "D3"
    first = b.add_creature("Timber Wolf", "dm", "C3", id="dm-a")
    farther = b.add_creature("Timber Wolf", "dm", "B3", id="dm-b")
    b.add_creature("Timber Wolf", "dm", "D2", id="dm-c")  # next to it, but no farther
    answers = {"turn.actor": "ym", "turn.what": "spell", "turn.spell.target": "dm-a",
               "turn.spell.kind": "attack", "turn.spell.card": "Dragon's Breath",
               "turn.spell.second": lambda q: (seen.append(q), second)[1],
               "dice.attack": ["2* 2* 2* 2*"] * 2, "dice.d12": [1] * 6}
    seen: list = []
    step, _ = your_turn(game, answers)
    return game, step, seen, first, farther


def test_your_dragons_breath_makes_its_second_attack_one_zone_farther():
    game, step, seen, first, farther = _breath("dm-b")
    offered = [c.value for c in seen[0].choices]
    assert offered[:2] == ["dm-b", "none"] and "dm-c" not in offered  # dm-c is no farther
    assert first.damage == farther.damage == 8  # four 2-criticals each
    assert [r.target for r in step.results] == ["dm-a", "dm-b"]


def test_you_may_decline_your_dragons_breaths_second_attack():  # passes before and after
    game, step, seen, first, farther = _breath("none")
    assert farther.damage == 0 and [r.target for r in step.results] == ["dm-a"]
