"""Who begins the creature stage (issue 32, item 7): the side holding the initiative, as
docs/rulings.md ("Who acts first in the creature stage") and `solo rules` say."""

from __future__ import annotations

import pytest

from solo.core.kinds import Side
from solo.core.questions import RulePrompter
from solo.engine.game import Game, Settings


@pytest.mark.parametrize("rnd,first", [(1, Side.DM), (2, Side.YM), (3, Side.DM)])
def test_the_side_with_the_initiative_takes_the_first_creature_action(rnd, first):
    g = Game.new(Settings(seed=5, name="t"))
    g.prompter = RulePrompter({"quickcast.you": "pass", "turn.actor": "done"})
    begun = None
    for _ in range(300):
        step = g.play_one()
        if step is not None and step.label == "creature actions begin" and step.round == rnd:
            begun = step
            break
    assert begun is not None and g.board.initiative == first
    # a creature ready on each side, whatever the quickcasts brought
    g.board.add_creature("Timber Wolf", Side.DM, "B2")
    g.board.add_creature("Timber Wolf", Side.YM, "C2")
    after = g.play_one()
    assert after is not None and after.who == first
    said = "the Dummy Mage first." if first is Side.DM else "you first."
    assert begun.lines[0].endswith(said) or "no creature ready" in begun.lines[0]


def test_solo_rules_says_who_begins_the_creature_stage(run):
    ruling = run("rules", "who", "acts", "first").output
    assert ruling.startswith("Who acts first in the creature stage (ruling)")
    assert "with your mage first" in " ".join(ruling.split())
    step = " ".join(run("rules", "creature", "action").output.split())
    assert "the side that holds the initiative first: the Dummy Mage in odd rounds" in step
