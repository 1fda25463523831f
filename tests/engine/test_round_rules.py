"""Rules that span steps of a round: quickcasts, Action Phases and the conditions they end,
passing, Defenses, the log and the summary.  Each test here failed before its fix."""

import json

import pytest

from solo.engine import quickcast_turn
from solo.store import board_file
from solo.engine import turns
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource
from solo.engine.game import Game, Settings, summary
from solo.core.questions import RulePrompter
from solo.core.kinds import Side, Stage, Termination
from solo.rules.upkeep import Outcome


def new_game(seed=1, **kw):
    return Game.new(Settings(seed=seed, name="t", **kw))


def play_until(game, prompter, stop, limit=500):
    """Play steps until ``stop(step)`` is true; returns every step played."""
    game.prompter = prompter
    steps = []
    for _ in range(limit):
        step = game.play_one()
        if step is None:
            break
        steps.append(step)
        if stop(step):
            break
    return steps


def round_steps(game, prompter, rnd):
    """Every step of round ``rnd`` (playing from the start)."""
    steps = play_until(game, prompter, lambda s: s.label == f"round {rnd} ends")
    return [s for s in steps if s.round == rnd]


def dm_quickcasts(steps):
    return [s for s in steps if s.who == "dm" and s.label.startswith("quickcast")]


# -- two quickcasts a round for the Dummy Mage, whoever holds the initiative -------------------

@pytest.mark.parametrize("qc", [["other"], ["pass", "other"], ["pass", "pass"], ["other", "pass"]])
def test_the_dummy_mage_quickcasts_in_both_stages_when_you_hold_the_initiative(qc):
    g = new_game(seed=3)
    p = RulePrompter({"quickcast.you": list(qc) + ["pass"] * 8, "turn.actor": "done"})
    steps = round_steps(g, p, 2)
    assert g.board.initiative == "ym"
    stages = [s.stage for s in dm_quickcasts(steps)]
    assert stages == [Stage.QUICKCAST_1, Stage.QUICKCAST_3]


def test_you_hold_the_initiative_and_pass_first_so_the_dummy_mage_goes_first():
    g = new_game(seed=3)
    p = RulePrompter({"quickcast.you": "pass", "turn.actor": "done"})
    steps = round_steps(g, p, 2)
    qc1 = [(s.who, s.label) for s in steps if s.stage is Stage.QUICKCAST_1 and s.who != "game"]
    assert [w for w, _ in qc1] == ["ym", "dm", "ym"]  # pass first, its quickcast, then yours


def test_you_quickcast_at_most_once_a_round():
    g = new_game(seed=4)
    p = RulePrompter({"quickcast.you": "other", "turn.actor": "done"})
    for rnd in (1, 2):
        steps = round_steps(g, p, rnd)
        assert sum(s.label == "your quickcast" for s in steps) == 1


def test_your_quickcast_may_come_between_your_action_phases():
    """The codex: the quickcast action may be used before or after any friendly Action Phase.
    "Who acts now?" offers it while it is unused; it is no Action Phase, so your turn goes on
    (the Dummy Mage does not act in between), and the final quickcast stage asks no more."""
    g = new_game(seed=2)
    b = g.board
    b.mages["ym"].zone = "B1"  # the Dummy Mage in A1 is in Lightning Bolt's reach
    wolf = b.add_creature("Timber Wolf", "ym", "D3")
    offered = []

    def actor(q):
        values = [v for _, v in q.pairs()]
        offered.append(values)
        if "quickcast" in values:
            return "quickcast"
        return wolf.id if wolf.id in values else "done"

    p = RulePrompter({"quickcast.you": ["pass", "spell"], "turn.actor": actor,
                      "turn.spell.target": "dm", "turn.spell.kind": "attack",
                      "turn.spell.card": "Lightning Bolt", "turn.what": "other"})
    steps = round_steps(g, p, 1)
    labels = [s.label for s in steps]
    i = labels.index("your quickcast")
    assert labels[i + 1] == f"your turn: Timber Wolf ({wolf.id})"
    assert steps[i].results and steps[i].results[0].attack == "Lightning Bolt"
    assert "quickcast" in offered[0] and all("quickcast" not in o for o in offered[1:])
    assert p.asked.count("quickcast.you") == 2  # passed in stage 1, cast in stage 2, none in 3
    assert sum(label == "your quickcast" for label in labels) == 1

    # changing one's mind (Pass in the quickcast menu) keeps it for later, in the same turn
    g = new_game(seed=2)
    wolf = g.board.add_creature("Timber Wolf", "ym", "D3")
    p = RulePrompter({"quickcast.you": "pass",
                      "turn.actor": ["quickcast", wolf.id, "done"], "turn.what": "other"})
    steps = round_steps(g, p, 1)
    assert "your quickcast" not in [s.label for s in steps]
    assert p.asked.count("quickcast.you") == 3  # stage 1, the change of mind, stage 3


# -- the Dummy Mage's conditions end with its quickcast (its Action Phase) ---------------------

def test_a_stunned_dummy_mage_loses_one_quickcast_then_acts_again():
    b = new_board(dm_zone="A1", ym_zone="B1", decks={"creature": ["Timber Wolf"] * 3})
    b.mages["dm"].conditions["Stun"] = 1
    src = ScriptedSource(d12=[5, 5])
    first = quickcast_turn.dm_quickcast(b, src)
    assert first.action == "lose-turn"
    assert "Stun" not in b.mages["dm"].conditions
    second = quickcast_turn.dm_quickcast(b, src)
    assert second.action == "summon"


@pytest.mark.parametrize("condition", ["Slam", "Knockdown"])
def test_slam_and_knockdown_end_when_the_dummy_mage_is_activated(condition):
    b = new_board(dm_zone="A1", ym_zone="B1", decks={"creature": ["Timber Wolf"]})
    b.mages["dm"].conditions[condition] = 1
    d = quickcast_turn.dm_quickcast(b, ScriptedSource(d12=[5]))
    assert d.action == "summon"
    assert b.mages["dm"].conditions == {}  # a Slam's Daze ends with the phase too


def test_daze_on_the_dummy_mage_ends_after_its_quickcast():
    b = new_board(dm_zone="A1", ym_zone="D3", decks={"creature": ["Timber Wolf"]})
    b.mages["dm"].conditions["Daze"] = 2
    quickcast_turn.dm_quickcast(b, ScriptedSource(d12=[5]))
    assert "Daze" not in b.mages["dm"].conditions


def test_daze_gained_during_the_phase_stays():
    from solo.rules.upkeep import end_action_phase

    b = new_board()
    w = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Daze": 3})
    end_action_phase(b, w, ScriptedSource(), daze_at_start=1)
    assert w.conditions == {"Daze": 2}


def test_in_a_whole_game_a_stun_on_the_dummy_mage_costs_exactly_one_quickcast():
    g = new_game(seed=5)
    p = RulePrompter({"quickcast.you": "pass", "turn.actor": "done"})
    g.prompter = p
    g.board.mages["dm"].conditions["Stun"] = 1
    steps = round_steps(g, p, 1)
    actions = [s.data.get("action") for s in dm_quickcasts(steps)]
    assert actions[0] == "lose-turn" and actions[1] != "lose-turn"


# -- your side: Action Phases, passing, Defense --------------------------------------------------

def test_your_stunned_mage_loses_its_action_and_the_stun_ends():
    g = new_game(seed=2)
    g.board.mages["ym"].conditions.update({"Stun": 1})
    p = RulePrompter({"quickcast.you": "pass", "turn.actor": ["ym", "done"]})
    steps = play_until(g, p, lambda s: s.label == "your turn: your mage")
    assert "loses this action" in " ".join(steps[-1].lines)
    assert g.board.mages["ym"].conditions == {}


def test_your_creature_turned_to_stone_loses_its_action_and_the_line_names_why():
    """Incapacitated as a trait an enchantment gives (Turn to Stone), not a marker: the line
    names the enchantment (it said "Incapacitated ()" when the reason was only a marker's)."""
    g = new_game(seed=2)
    wolf = g.board.add_creature("Timber Wolf", "ym", "D3", enchantments=["Turn to Stone"])
    g.board.get(wolf.id).active = True
    p = RulePrompter({"quickcast.you": "pass", "turn.actor": [wolf.id, "done"]})
    steps = play_until(g, p, lambda s: s.label.startswith("your turn: Timber Wolf"))
    said = " ".join(steps[-1].lines)
    assert "is Incapacitated (Turn to Stone) and loses this action" in said, said


def test_your_mage_daze_ends_when_you_are_done_for_the_round():
    g = new_game(seed=2)
    g.board.mages["ym"].conditions["Daze"] = 1
    p = RulePrompter({"quickcast.you": "pass", "turn.actor": "done"})
    play_until(g, p, lambda s: s.label == "you are done for the round")
    assert "Daze" not in g.board.mages["ym"].conditions


def test_knockdown_on_your_creature_ends_when_it_acts_whatever_it_does():
    g = new_game(seed=2)
    fox = g.board.add_creature("Bitterwood Fox", "ym", "D3", conditions={"Knockdown": 1})
    p = RulePrompter({"quickcast.you": "pass", "turn.actor": [fox.id, "done"],
                      "turn.what": "attack-typed", "turn.attack.damage": "0",
                      "turn.attack.conditions": ""})
    play_until(g, p, lambda s: s.label.startswith("your turn"))
    assert "Knockdown" not in fox.conditions


def test_you_may_pass_a_turn_while_the_dummy_mage_has_more_creatures():
    g = new_game(seed=2)
    b = g.board
    for _ in range(3):  # it acts first (round 1), then still has two to your one
        b.add_creature("Timber Wolf", "dm", "A1")
    b.add_creature("Bitterwood Fox", "ym", "D3")
    offered = []

    def actor(q):
        offered.append([v for _, v in q.pairs()])
        return "pass" if len(offered) == 1 else "done"

    p = RulePrompter({"quickcast.you": "pass", "turn.actor": actor})
    steps = play_until(g, p, lambda s: s.label == "creature actions end")
    assert "pass" in offered[0]
    i = next(i for i, s in enumerate(steps) if s.label == "you pass this turn")
    assert steps[i + 1].who == "dm" and steps[i + 1].data.get("action") != "pass"


def test_no_pass_when_you_have_as_many_creatures():
    g = new_game(seed=2)
    g.board.add_creature("Bitterwood Fox", "ym", "D3")
    g.board.add_creature("Timber Wolf", "dm", "A1")
    offered = []
    p = RulePrompter({"quickcast.you": "pass",
                      "turn.actor": lambda q: offered.append([v for _, v in q.pairs()]) or "done"})
    play_until(g, p, lambda s: s.label == "creature actions end")
    assert offered and all("pass" not in o for o in offered)


@pytest.mark.parametrize("use", [True, False])
def test_you_choose_whether_your_creature_uses_its_defense(use):
    g = new_game(seed=2)
    b = g.board
    blue = b.add_creature("Blue Gremlin", "ym", "B2")  # Defense 8+
    b.mages["ym"].zone = "D3"
    b.add_creature("Timber Wolf", "dm", "B2")
    asked = []

    def defense(q):
        asked.append(q.message)
        return use

    p = RulePrompter({"quickcast.you": "pass", "turn.actor": "done", "defense.use": defense})
    steps = play_until(g, p, lambda s: s.label.startswith("creature action: attack"))
    assert asked and "8+" in asked[0] and "42%" in asked[0]
    strike = steps[-1].results[0].strikes[0]
    assert strike.target == blue.id
    assert (strike.defense_roll is not None) == use


# -- solo dm with your own dice still ends the Action Phase ------------------------------------

def test_solo_dm_creature_with_rolls_only_ends_the_action_phase(tmp_path, run):
    b = new_board(dm_zone="A1", ym_zone="B2")
    b.add_creature("Timber Wolf", "dm", "B2", conditions={"Daze": 1, "Cripple": 1})
    path, out = tmp_path / "b.json", tmp_path / "out.json"
    board_file.save(b, path)
    r = run("dm", "creature", "--board", path, "--rolls", "9,8", "--json", "--out", out)
    assert r.exit_code == 0, r.output
    after = json.loads(out.read_text())
    assert after["creatures"][0]["conditions"] == {}  # Daze gone, Cripple escaped on the 8
    assert json.loads(r.output)["resolved"] is False


# -- the log and the summary --------------------------------------------------------------------

def test_the_log_puts_the_end_of_a_round_in_that_round():
    g = new_game(seed=6)
    p = RulePrompter({"quickcast.you": "pass", "turn.actor": "done"})
    play_until(g, p, lambda s: s.label == "round 2 ends")
    ends = [e for e in g.log if e["label"].endswith(" ends")]
    assert [(e["label"], e["round"]) for e in ends] == [("round 1 ends", 1), ("round 2 ends", 2)]


def test_the_summary_counts_enchantments_still_in_play():
    g = new_game(seed=6)
    g.log.append({"n": 1, "round": 1, "who": "dm", "label": "quickcast: Bear Strength",
                  "lines": [], "data": {"action": "enchantment", "card": "Bear Strength"}})
    g.phase.outcome = Outcome(Termination.MAGE_FELL, Side.DM, {}, worded="test")
    assert g.board.discards["enchantment"] == []
    assert any("1 enchantment, " in line for line in summary(g))


# -- edits ---------------------------------------------------------------------------------------

def test_typing_a_number_over_the_current_value_replaces_it():
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from solo.core.questions import Question
    from solo.cli.prompter import QuestionaryPrompter

    q = Question("edit.damage", "int", "Damage on it now?", default=5, min=0, max=999)
    with create_pipe_input() as inp:
        inp.send_text("7\r")
        assert QuestionaryPrompter(input=inp, output=DummyOutput()).ask(q) == 7
    with create_pipe_input() as inp:
        inp.send_text("\r")
        assert QuestionaryPrompter(input=inp, output=DummyOutput()).ask(q) == 5
    damage = Question("turn.attack.damage", "text", "Damage rolled?", default="0")
    for typed, got in (("5+1\r", "5+1"), ("\r", "0")):  # typed over nothing, not "05+1"
        with create_pipe_input() as inp:
            inp.send_text(typed)
            assert QuestionaryPrompter(input=inp, output=DummyOutput()).ask(damage) == got


@pytest.mark.parametrize("text,ok", [("Burn, burn", True), ("Foo", False), ("Stunn", False),
                                      ("perfect strike", True)])
def test_markers_must_be_known_conditions(text, ok):
    g = new_game(seed=2)
    g.board.add_creature("Timber Wolf", "dm", "D3")
    p = RulePrompter({"quickcast.you": "pass", "turn.actor": ["ym", "done"],
                      "turn.what": "attack-typed", "turn.attack.target": "dm",
                      "turn.attack.damage": "0", "turn.attack.conditions": text})
    if ok:
        play_until(g, p, lambda s: s.label == "your turn: your mage")
    else:
        from solo.core.errors import SoloError

        with pytest.raises((ValueError, SoloError)):
            play_until(g, p, lambda s: s.label == "your turn: your mage")


# -- rulings revisited ------------------------------------------------------------------------------

def test_a_guarding_flying_creature_loses_flying_so_the_wolf_must_bite_it():

    b = new_board(dm_zone="A1", ym_zone="D3")
    falcon = b.add_creature("Thunderift Falcon", "ym", "B2", guarding=True, active=False)
    b.add_creature("Bitterwood Fox", "ym", "B2", active=False)
    b.add_creature("Timber Wolf", "dm", "B2")
    assert not b.flying(falcon)
    d = turns.creature_action(b, SeededSource(1))
    assert d.action == "attack" and d.data["target"] == falcon.id


def test_both_mages_falling_at_once_is_a_draw():
    g = new_game(seed=6)
    b = g.board
    b.mages["dm"].damage = b.life(b.mages["dm"])
    b.mages["ym"].damage = b.life(b.mages["ym"])
    g._check_end()
    assert g.phase.outcome.winner is None and g.phase.outcome.result == "draw"
    assert "a draw" in summary(g)[0]


def test_heal_never_goes_on_the_dummy_mage_itself():
    from solo.engine import quickcast_turn

    b = new_board(dm_zone="A1", ym_zone="B1", decks={"incantation": ["Heal"]})
    b.mages["dm"].damage = 10
    b.add_creature("Timber Wolf", "dm", "A1")  # a friend, but not damaged
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[8, 8]))
    assert d.data["card"] == "Heal" and d.data["discarded"] is True
    assert b.mages["dm"].damage == 10


def test_your_rolled_attack_offers_only_what_its_attacks_reach():
    """A melee attack rolled by solo is offered only the Dummy Mage's objects in its zone; with
    nothing in reach, nothing is rolled (the damage you report is still offered for all)."""
    g = new_game(seed=2)
    b = g.board
    b.mages["ym"].zone = "C2"
    near = b.add_creature("Timber Wolf", "dm", "B2")
    far = b.add_creature("Timber Wolf", "dm", "A3")
    offered = []

    def target(q):
        offered.append({v for _, v in q.pairs()})
        return q.default

    p = RulePrompter({"quickcast.you": "pass", "turn.actor": ["ym", "done"],
                      "turn.what": "move-attack", "turn.move.zone": "B2",
                      "turn.attack.target": target})
    steps = play_until(g, p, lambda s: s.label.startswith("your turn"))
    assert offered and offered[0] & {"dm", near.id, far.id} == {near.id}
    assert steps[-1].results and steps[-1].results[0].strikes[0].target == near.id

    g2 = new_game(seed=2)
    g2.board.mages["ym"].zone = "D3"
    g2.board.add_creature("Timber Wolf", "dm", "A1")
    asked = RulePrompter({"quickcast.you": "pass", "turn.actor": ["ym", "done"],
                          "turn.what": "attack"})
    steps = play_until(g2, asked, lambda s: s.label.startswith("your turn"))
    assert "turn.attack.target" not in asked.asked
    assert "in reach" in " ".join(steps[-1].lines) and not steps[-1].results


def _offered(into):
    """A prompter rule that records the values a question offers and answers its default."""
    def answer(q):
        into.append([v for _, v in q.pairs()])
        return q.default if q.default is not None else q.pairs()[0][1]
    return answer


def test_your_quickcast_casts_only_quick_spells():
    """The codex's quickcast action is one quick spell: a quickcast summons only a quick
    creature and rolls only a quick attack spell; your mage's action may cast full ones."""
    from solo.cards.catalog import get_catalog
    from solo.core.questions import AnswerError

    cat = get_catalog()
    quick_creatures = sorted(n for n in cat.names("Creature") if cat.get(n).action == "quick")
    assert quick_creatures  # Force Phoenix, Tataree
    g = new_game(seed=2)
    titles, spells, summons = [], [], []

    def quickcast(q):
        titles.extend(t for t, v in q.pairs() if v == "summon")
        return "pass"
    play_until(g, RulePrompter({"quickcast.you": quickcast}),
               lambda s: s.label == "you pass your quickcast")
    assert titles == [f"Summon a quick creature ({', '.join(quick_creatures)})"]

    g = new_game(seed=2)
    g.board.mages["ym"].zone = "B1"  # 1 zone from the Dummy Mage in A1
    p = RulePrompter({"quickcast.you": "summon", "turn.summon.card": _offered(summons)})
    play_until(g, p, lambda s: s.label == "your quickcast")
    assert sorted(summons[0]) == quick_creatures
    assert g.board.side_creatures("ym")[0].card in quick_creatures

    g = new_game(seed=2)
    g.board.mages["ym"].zone = "B1"
    p = RulePrompter({"quickcast.you": "summon", "turn.summon.card": "Timber Wolf"})
    with pytest.raises(AnswerError, match="not one of the choices"):
        play_until(g, p, lambda s: s.label == "your quickcast")

    g = new_game(seed=2)
    g.board.mages["ym"].zone = "B1"
    p = RulePrompter({"quickcast.you": "spell", "turn.spell.target": "dm",
                      "turn.spell.card": _offered(spells)})
    play_until(g, p, lambda s: s.label == "your quickcast")
    assert spells[0] and all(cat.get(n).action == "quick" for n in spells[0])
    assert "Lightning Bolt" in spells[0] and "Hurl Meteorite" not in spells[0]

    g = new_game(seed=2)
    g.board.mages["ym"].zone = "B1"
    action = []
    p = RulePrompter({"quickcast.you": "pass", "turn.actor": ["ym", "done"], "turn.what": "spell",
                      "turn.spell.target": "dm", "turn.spell.card": _offered(action)})
    steps = play_until(g, p, lambda s: s.label.startswith("your turn"))
    assert {"Hurl Meteorite", "Lightning Bolt"} <= set(action[0])
    assert steps[-1].results and steps[-1].results[0].attacker == "ym"


def test_your_mage_may_move_then_cast_a_quick_spell():
    """An Action Phase is a move action and a quick action (or one full action): "Moved, then
    cast a quick spell" moves your mage one zone, then offers the quick spells that reach
    from where it went."""
    g = new_game(seed=1)  # its first quickcast summons: the Dummy Mage stays in A1
    g.board.mages["ym"].zone = "D1"  # 3 zones from the Dummy Mage in A1: no spell reaches
    zones, spells = [], []
    p = RulePrompter({"quickcast.you": "pass", "turn.actor": ["ym", "done"],
                      "turn.what": "move-spell", "turn.move.zone": _offered(zones),
                      "turn.quick.where": "spell", "turn.spell.target": "dm",
                      "turn.spell.card": lambda q: (spells.append([v for _, v in q.pairs()])
                                                    or "Fireball")})
    steps = play_until(g, p, lambda s: s.label.startswith("your turn"))
    assert set(zones[0]) & set(g.board.arena.zones()) == {"C1", "D2"}  # one zone
    assert g.board.mages["ym"].zone == "C1"  # the default: toward the Dummy Mage
    assert "Fireball" in spells[0] and "Hurl Meteorite" not in spells[0]  # full action
    assert "Arc Lightning" not in spells[0]  # range 0-1, and A1 is 2 from C1
    assert g.board.mages["dm"].zone == "A1"
    assert steps[-1].results and steps[-1].results[0].attack == "Fireball"


def test_your_creature_may_move_then_guard():
    """Guarding is a quick action: after a move action of one zone."""
    g = new_game(seed=1)
    wolf = g.board.add_creature("Timber Wolf", "ym", "D3")
    zones = []
    p = RulePrompter({"quickcast.you": "pass", "turn.actor": [wolf.id, "done"],
                      "turn.what": "move-guard", "turn.move.zone": _offered(zones)})
    steps = play_until(g, p, lambda s: s.label.startswith("your turn"))
    assert set(zones[0]) & set(g.board.arena.zones()) == {"C3", "D2"}  # one zone
    assert (wolf.zone, wolf.guarding) in (("C3", True), ("D2", True))
    assert steps[-1].lines[-1].endswith("is guarding.")


def test_your_attack_spell_reaches_only_what_its_card_reaches():
    """solo rolls your attack spell only at a target in its range and Line of Sight that it
    may target; with none that reaches, it is not offered, and the damage you rolled is."""
    from solo.cards.catalog import get_catalog

    cat = get_catalog()

    def spells_offered(ym_zone, dm_zone, setup=lambda b: None):
        g = new_game(seed=2)
        g.board.mages["ym"].zone = ym_zone
        g.board.mages["dm"].zone = dm_zone
        setup(g.board)
        kinds, spells = [], []
        p = RulePrompter({"quickcast.you": "pass", "turn.actor": ["ym", "done"],
                          "turn.what": "spell", "turn.spell.target": "dm",
                          "turn.spell.kind": _offered(kinds),
                          "turn.spell.card": _offered(spells)})
        play_until(g, p, lambda s: s.label.startswith("your turn"))
        return kinds[0], (spells[0] if spells else [])

    kinds, spells = spells_offered("C1", "A1")  # 2 zones: range 0-2 and 0-3 spells
    assert kinds[0] == "attack"
    ranges = {n: cat.get(n).attacks[0].range for n in spells}
    assert "Lightning Bolt" in spells and "Thunderbolt" in spells
    assert all(lo <= 2 <= hi for lo, hi in ranges.values())
    assert "Arc Lightning" not in spells  # 0-1
    kinds, spells = spells_offered("D3", "A1")  # 5 zones: nothing reaches
    assert "attack" not in kinds and "typed" in kinds and spells == []

    def creature_offers(card):  # spells offered at a creature of its in A2, 1 zone away
        g = new_game(seed=2)
        g.board.mages["ym"].zone = "B2"
        c = g.board.add_creature(card, "dm", "A2")
        spells = []
        p = RulePrompter({"quickcast.you": "pass", "turn.actor": ["ym", "done"],
                          "turn.what": "spell", "turn.spell.target": c.id,
                          "turn.spell.card": _offered(spells)})
        play_until(g, p, lambda s: s.label.startswith("your turn"))
        return spells[0] if spells else []
    assert "Surging Wave" in creature_offers("Timber Wolf")
    assert "Surging Wave" not in creature_offers("Darkfenne Bat")  # Non-Flying only
    assert "Lightning Bolt" in creature_offers("Darkfenne Bat")

    def wall(b):  # a wall between B1 and C1 blocks Line of Sight from C1 to A1
        b.add_conjuration("Wall of Stone", "ym", "B1", border="C1")
    kinds, spells = spells_offered("C1", "A1", wall)
    assert "attack" not in kinds


def test_no_pass_offered_once_nothing_of_yours_is_left_to_act():
    """Passing keeps one of yours waiting: with your mage done and no creature left, the Dummy
    Mage's creatures act on and you are not asked again."""
    g = new_game(seed=2)
    b = g.board
    for _ in range(3):
        b.add_creature("Timber Wolf", "dm", "A1")
    offered = []

    def actor(q):
        offered.append([v for _, v in q.pairs()])
        return "ym"

    p = RulePrompter({"quickcast.you": "pass", "turn.actor": actor, "turn.what": "other"})
    steps = play_until(g, p, lambda s: s.label == "creature actions end")
    assert offered and all("pass" not in o for o in offered[1:])
    assert len(offered) == 1 and not any(s.label == "you pass this turn" for s in steps)
