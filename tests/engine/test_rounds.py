"""Where the round stands (solo.engine.rounds.RoundState): its stages in order, and its saved form,
which is the ``phase`` dict ``solo-save/1`` files have always held."""

import json

import pytest

from solo.core.errors import InvalidInput
from solo.engine.game import Game, Settings
from solo.engine.oldsaves import read_save, save_dict
from solo.core.questions import RulePrompter
from solo.engine.rounds import QuickcastTurn, RoundState
from solo.core.kinds import Side, Stage, Termination
from solo.rules.upkeep import Outcome

# The phase of a save written before RoundState, in each stage (keys in their saved order).
OLD_PHASES = [
    {"round": 1, "step": "ready"},
    {"round": 2, "step": "qc1", "order": ["ym?", "dm"], "ym_qc_used": False},
    {"round": 3, "step": "creatures", "order": [], "ym_qc_used": True, "next": "dm",
     "ym_done": False, "mage_active": True},
    {"round": 3, "step": "qc3", "order": ["dm", "ym"], "ym_qc_used": True},
    {"round": 16, "step": "over",
     "outcome": {"winner": "ym", "reason": "the Dummy Mage reached its life",
                 "tally": {"dm": 63, "ym": 113}}},
]


@pytest.mark.parametrize("raw", OLD_PHASES, ids=lambda raw: raw["step"])
def test_an_old_phase_loads_and_saves_as_it_was(raw):
    state = RoundState.from_dict(json.loads(json.dumps(raw)))
    assert json.dumps(state.to_dict()) == json.dumps(raw)  # same keys, same order
    assert RoundState.from_dict(state.to_dict()) == state


def test_an_old_phase_reads_as_typed_fields():
    state = RoundState.from_dict(OLD_PHASES[2])
    assert (state.round, state.stage, state.next, state.you_done, state.mage_active) == \
        (3, Stage.CREATURES, Side.DM, False, True)
    assert state.your_quickcast_used and state.next == "dm"
    qc = RoundState.from_dict(OLD_PHASES[1])
    assert qc.queue == [QuickcastTurn.YOURS_OR_PASS_FIRST, QuickcastTurn.DM]
    over = RoundState.from_dict(OLD_PHASES[4])
    assert over.over and over.outcome == Outcome(Termination.MAGE_FELL, Side.YM,
                                                 {"dm": 63, "ym": 113},
                                                 worded="the Dummy Mage reached its life")


def test_a_save_with_an_old_phase_loads_and_plays_on():
    g = Game.new(Settings(seed=3, name="t"))
    data = json.loads(json.dumps(save_dict(g)))
    data["phase"] = OLD_PHASES[1] | {"order": ["dm", "ym"]}
    g = read_save(data)
    g.prompter = RulePrompter({"quickcast.you": "pass", "turn.actor": "done"})
    step = g.play_one()
    assert (step.who, step.stage, step.round) == ("dm", Stage.QUICKCAST_1, 2)
    assert g.phase.queue == [QuickcastTurn.YOURS]


@pytest.mark.parametrize("raw, message", [
    ("x", "phase must be an object"),
    ({"step": "ready"}, "phase.round must be a round number"),
    ({"round": True, "step": "ready"}, "phase.round must be a round number"),
    ({"round": 0, "step": "ready"}, "phase.round must be a round number"),
    ({"round": 1, "step": "qc2"}, "phase.step must be one of ready, qc1, creatures, qc3, over"),
    ({"round": 1, "step": ["qc1"]}, "phase.step must be one of"),
    ({"round": 1, "step": "qc1", "order": ["dm", "you"]}, "phase.order must list dm, ym or ym?"),
    ({"round": 1, "step": "qc1", "order": [["dm"]]}, "phase.order must list dm, ym or ym?"),
    ({"round": 1, "step": "qc1", "ym_qc_used": 1}, "phase.ym_qc_used must be true or false"),
    ({"round": 1, "step": "creatures", "next": "both"}, "phase.next must be dm or ym"),
    ({"round": 1, "step": "creatures", "next": {}}, "phase.next must be dm or ym"),
    ({"round": 1, "step": "creatures", "mage_active": "yes"},
     "phase.mage_active must be true or false"),
    ({"round": 1, "step": "over"}, "phase.outcome is missing for a finished game"),
    ({"round": 1, "step": "over", "outcome": {"winner": "nobody"}}, "phase.outcome.winner must be"),
    ({"round": 1, "step": "over", "outcome": {"winner": "dm", "tally": {"dm": "1"}}},
     "phase.outcome.tally must give whole numbers"),
])
def test_a_damaged_phase_is_refused_with_one_clear_line(raw, message):
    with pytest.raises(InvalidInput, match="^" + message.replace("?", r"\?")):
        RoundState.from_dict(raw)


def test_a_damaged_phase_in_a_save_names_the_save():
    g = Game.new(Settings(seed=3, name="t"))
    data = save_dict(g) | {"phase": {"round": 1, "step": "qc9"}}
    with pytest.raises(InvalidInput, match="save file is damaged: phase.step must be one of"):
        read_save(data)


def test_a_whole_game_goes_through_the_stages_in_order_and_every_state_saves_exactly():
    g = Game.new(Settings(seed=7, name="t"))
    g.prompter = RulePrompter({"quickcast.you": ["pass", "other"], "turn.actor": "done"})
    seen = [(g.phase.round, g.phase.stage)]
    while not g.over:
        g.play_one()
        assert RoundState.from_dict(json.loads(json.dumps(g.phase.to_dict()))) == g.phase
        if (g.phase.round, g.phase.stage) != seen[-1]:
            seen.append((g.phase.round, g.phase.stage))
    cycle = [Stage.READY, Stage.QUICKCAST_1, Stage.CREATURES, Stage.QUICKCAST_3]
    stages = [s for _, s in seen]
    assert stages[:-1] == (cycle * len(stages))[:len(stages) - 1] and stages[-1] is Stage.OVER
    ready = [r for r, s in seen if s is Stage.READY]
    assert ready == list(range(1, len(ready) + 1)) and ready[-1] == g.phase.round
    assert g.phase.outcome is not None and g.log[-1]["label"] == "game over"
