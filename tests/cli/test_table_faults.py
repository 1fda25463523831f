"""The smaller faults a person met at the table (issue 32, items 3 and 5): each test here failed
before its fix."""

from __future__ import annotations

from solo.core.questions import Choice, Question
from tests.cli.test_table import _plain


def test_a_wrong_key_in_plain_mode_names_only_what_the_menu_shows():
    """Before: "'x' is not one of the choices: start (Start), change (Change the settings)",
    words the plain menu never showed."""
    q = Question("setup.start", "select", "Start the game?",
                 (Choice("Start", "start"), Choice("Change the settings", "change"),
                  Choice("Show the board", "board")), default="start", escapes=("board",))
    p, said = _plain(["x", "2"])
    assert p.ask(q) == "change"
    wrong = [s for s in said if "'x'" in s]
    assert wrong == ["  'x' is not on the menu: type 1 or 2 (or the choice's words); or b for board"]
    assert not any("start (Start)" in s for s in said)


def test_a_question_whose_default_is_empty_shows_no_empty_enter():
    """Before: "Which trait, condition, step or ruling? [Enter: ]:"."""
    p, said = _plain([""])
    assert p.ask(Question("rules.term", "text", "Which trait, condition, step or ruling?",
                          default="")) == ""
    assert said == ["Which trait, condition, step or ruling?: "]
    p, said = _plain([""])
    assert p.ask(Question("n", "int", "How many?", default=3)) == 3
    assert said == ["How many? [Enter: 3]: "]
