"""The words of the Dummy Mage's spells (solo.text.spells, solo.text.dice): every line the spell
modules record has a wording, and what a person rolling physical dice reads is what it was when
the spell modules built the sentences themselves."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from solo.automaton import spells
from solo.rules.board import new_board
from solo.rules.dice import DiceExhausted, ScriptedSource, TypedSource
from solo.rules.said import Refusal, Said, Who
from solo.text import render

ROOT = Path(__file__).resolve().parents[2]
#: The modules whose lines solo.text.spells words.
RECORDING = ["solo/rules/spells.py", "solo/rules/spell_targets.py", "solo/rules/pushes.py",
             "solo/rules/spell_upkeep.py", "solo/automaton/spells.py"]


def _codes(path: str) -> set[str]:
    """The codes of every ``Said("...")`` and ``Refusal("...")`` the module writes."""
    out = set()
    for n in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8"))):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) \
                and n.func.id in ("Said", "Refusal") and n.args \
                and isinstance(n.args[0], ast.Constant):
            out.add(n.args[0].value)
    return out


@pytest.mark.parametrize("path", RECORDING)
def test_every_line_the_spell_modules_record_is_worded(path):
    codes = _codes(path)
    assert codes  # (the scan finds them)
    table = render._table()
    assert sorted(c for c in codes if c not in table) == []


def test_a_refusal_is_worded_like_a_line_and_equal_by_its_code_and_facts():
    r = Refusal("spell.no-target", whose="enemy")
    assert render.line(r) == "no enemy target in range where it would work"
    assert r == Refusal("spell.no-target", whose="enemy") and r != Said("spell.no-target",
                                                                         whose="enemy")
    assert render.line(Refusal("spell.not-a-target", whose="ym")) \
        == "your mage is not a target in range where it would work"


def test_a_tie_between_your_creatures_reads_their_names_with_their_owner():
    """A person rolling physical dice reads which result picks which object, named as the
    instructions name it (``your Timber Wolf (ym-1)``, not ``Timber Wolf (ym-1)``)."""
    b = new_board(dm_zone="A1", ym_zone="D3", decks={"attack": ["Hurl Boulder"]})
    b.add_creature("Timber Wolf", "ym", "A2", id="ym-1")
    b.add_creature("Timber Wolf", "ym", "B1", id="ym-2")
    asked = []

    def ask(sides, count, label):
        asked.append(label)
        return [1] * count

    d = spells.cast_spell(b, TypedSource(ask, words=render.line), "attack")
    assert d.data["target"] == "ym-1"
    assert asked[0] == ("tie: targets for Hurl Boulder: 1-6 your Timber Wolf (ym-1), "
                        "7-12 your Timber Wolf (ym-2)")


def test_a_scripted_source_that_runs_out_names_the_roll_in_words():
    src = ScriptedSource(words=render.line)
    label = Said("spell.roll.push", card="Force Push")
    with pytest.raises(DiceExhausted, match="at the roll for Force Push push direction;"):
        src.compass(label)


def test_a_pushed_wolf_that_stays_and_one_that_moves():
    wolf = Who("ym-1", "Timber Wolf", "ym", False)
    assert render.line(Said("spell.push.pushed", who=wolf, direction="east", start="B1", to="C1")) \
        == "push your Timber Wolf (ym-1) one zone east: from B1 to C1"
    assert render.line(Said("spell.push.pushed", who=wolf, direction="north", start="A1", to="A1")) \
        == "push your Timber Wolf (ym-1) one zone north: it stays in A1"
