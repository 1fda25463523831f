"""`solo rules TERM` and the rules from any prompt."""

from __future__ import annotations

import pytest

from solo.text import lookup as rules
from solo.core.errors import read_text


def _entries():
    path = rules.rulings_path()
    assert path is not None
    return rules.all_entries(read_text(path, "rulings"))


def test_every_ruling_heading_is_an_entry_with_its_rule_and_ruling():
    text = read_text(rules.rulings_path(), "rulings")
    headings = [line[4:].strip().replace("`", "") for line in text.splitlines() if line.startswith("### ")]
    found = [e for e in rules.ruling_entries(text)]
    assert [e.title for e in found] == headings and len(found) > 40
    assert all("Ruling:" in e.text for e in found if "Rule:" in e.text)


@pytest.mark.parametrize("term,title", [
    ("quickcast", "Quickcast"), ("QUICK", "Quickcast"), ("qickcast", "Quickcast"),
    ("game end", "Game end"), ("reroll", "Reroll 8+"), ("flying", "Flying"),
])
def test_lookup_finds_exact_prefix_and_close_spellings(term, title):
    assert rules.search(term, _entries())[0].title == title


def test_the_command_explains_and_refuses_with_one_line(run):
    out = run("rules", "creature", "action")
    assert out.exit_code == 0 and out.output.startswith("Creature action (solo step)")
    assert "highest mana cost" in out.output
    bad = run("rules", "zzzqqq")
    assert bad.exit_code == 2 and "nothing in the rules matches" in bad.output
    listing = run("rules").output
    assert "Rulings (" in listing and "Solo steps (" in listing


def test_the_rules_from_a_prompt_change_nothing_in_the_game():
    from solo.engine.game import Game, Settings
    from solo.core.questions import RulePrompter
    from solo.engine.rounds import RoundState

    g = Game.new(Settings(seed=1, name="t"))
    said: list[str] = []
    g.on_output = said.append
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": ["rules", "done"], "rules.term": "Daze"})
    step = g.play_one()
    assert step is not None and step.label == "you are done for the round"
    assert any(s.startswith("Daze") for s in said)
    assert ["turn.actor", "rules"] not in g.recorded
