"""Prompts as data: answers checked like a person's, scripted answers, answers files, and one
pass through questionary with prompt_toolkit's pipe input."""

import json

import pytest

from solo.core.errors import SoloError
from solo.core.kinds import Side
from solo.core.questions import Choice, MissingAnswer, Question, ScriptedPrompter
from solo.cli.prompter import QuestionaryPrompter

ACTION = Question("deck.creature.action", "select", "What next?",
                  choices=(Choice("Add a card", "add"), Choice("Done", "done")))
CARD = Question("deck.creature.card", "autocomplete", "Creature to add",
                choices=("Timber Wolf", "Bitterwood Fox"))
COPIES = Question("deck.creature.copies", "int", "Copies", min=0, max=15)
SURE = Question("deck.sure", "confirm", "Sure?")


def test_question_kind_is_checked():
    with pytest.raises(ValueError, match="kind"):
        Question("x", "dropdown", "?")
    with pytest.raises(ValueError, match="choices"):
        Question("x", "select", "?")


def test_the_written_out_init_sets_every_field_of_the_dataclass():
    """Question writes its own __init__ (a frozen dataclass's is slow): it must take every
    field, in order, and set each one, or a field added later would be silently missing;
    dataclasses.replace, which calls it, must keep working."""
    import dataclasses
    import inspect

    names = [f.name for f in dataclasses.fields(Question)]
    # (then ``values``, no field: what values() answers, when the asker has them)
    assert list(inspect.signature(Question.__init__).parameters)[1:] == [*names, "values"]
    q = Question("x", "select", "Which?", ["a", "b"], default="a", min=1, max=2,
                 escapes=("undo",), shortcuts=("a",), about="ym-2")
    assert {n: getattr(q, n) for n in names if n != "validate"} == {
        "id": "x", "kind": "select", "message": "Which?", "choices": ("a", "b"), "default": "a",
        "min": 1, "max": 2, "escapes": ("undo",), "shortcuts": ("a",), "about": "ym-2"}
    assert dataclasses.replace(q, message="Which one?") == Question(
        "x", "select", "Which one?", ("a", "b"), default="a", min=1, max=2, escapes=("undo",))
    assert dataclasses.replace(q, message="Which one?").about == "ym-2"


def test_values_are_the_choices_values_worked_out_once():
    """values() reads each choice's value, once; an asker that has them may give them; the
    value an answer chooses is found the same way either way (chosen, parse)."""
    from solo.core.questions import NOTHING

    choices = (Choice("Attack", "attack"), Choice("Move", "move"), "1", 1)
    q = Question("x", "select", "What?", choices)
    assert q.values() == ("attack", "move", "1", 1) and q.values() is q.values()
    given = Question("x", "select", "What?", choices, values=("attack", "move", "1", 1))
    assert given == q
    for a in (q, given):
        assert a.chosen("move") == "move" and a.chosen("Move") is NOTHING
        assert type(a.chosen(1)) is int and a.chosen("1") == "1" and a.chosen(True) is NOTHING
        assert a.parse("Move") == "move"


def test_a_lazy_default_is_worked_out_once_and_only_when_read():
    """LazyQuestion: a menu's default worked out only if its answerer reads it (the
    simulator's opponent seldom does), once; else the question it would be."""
    import dataclasses

    from solo.core.questions import LazyQuestion

    made = []

    def default() -> str:
        made.append(1)
        return "b"

    q = LazyQuestion("x", "select", "Which?", ("a", "b"), default, about="ym-2")
    assert made == [] and q.parse("a") == "a" and q.about == "ym-2"
    assert q.default == "b" and q.default == "b" and made == [1]
    again = dataclasses.replace(q, message="Which one?")
    assert again.default == "b" and again.message == "Which one?" and made == [1]


def test_validate_callable_does_not_take_part_in_equality():
    a = Question("x", "text", "Name", validate=lambda s: None)
    b = Question("x", "text", "Name", validate=lambda s: "no")
    assert a == b and hash(a) == hash(b)


def test_select_accepts_value_or_title_in_any_case():
    assert ACTION.parse("add") == "add"
    assert ACTION.parse("Add a card") == "add"
    assert ACTION.parse("  done ") == "done"
    with pytest.raises(ValueError, match="not one of the choices: add \\(Add a card\\), done \\(Done\\)"):
        ACTION.parse("quit")


def test_select_keeps_non_text_values():
    q = Question("n", "select", "How many?", choices=(Choice("one", 1), Choice("two", 2)))
    assert q.parse(2) == 2 and q.parse("one") == 1


def test_autocomplete_returns_the_catalog_spelling():
    assert CARD.parse("timber wolf") == "Timber Wolf"
    # Enter on a unique beginning (or part) of a name takes that name
    assert CARD.parse("Timber") == "Timber Wolf" and CARD.parse("wood") == "Bitterwood Fox"
    with pytest.raises(ValueError, match="fits 2 choices"):
        CARD.parse("o")
    with pytest.raises(ValueError, match="did you mean Timber Wolf"):
        CARD.parse("Timbr Wolf")


def test_int_range_and_text():
    assert COPIES.parse("3") == 3 and COPIES.parse(0) == 0
    for bad, why in [("16", "from 0 to 15"), (-1, "from 0 to 15"), ("two", "whole number"),
                     (True, "whole number"), (2.5, "whole number")]:
        with pytest.raises(ValueError, match=why):
            COPIES.parse(bad)


def test_confirm_answers():
    assert SURE.parse(True) is True and SURE.parse("no") is False and SURE.parse("Y") is True
    with pytest.raises(ValueError, match="yes or no"):
        SURE.parse("maybe")


def test_validate_callable_is_applied_after_the_kind():
    q = Question("name", "text", "Name", validate=lambda s: "taken" if s == "Starter" else None)
    assert q.parse("Mine") == "Mine"
    with pytest.raises(ValueError, match="taken"):
        q.parse("Starter")
    assert q.check("Starter") == "taken" and q.check("Mine") is True


# -- scripted ---------------------------------------------------------------------------------

def test_scripted_lists_are_used_in_order_and_once():
    p = ScriptedPrompter({"deck.creature.action": ["add", "Done"], "deck.creature.copies": 2})
    assert [p.ask(ACTION), p.ask(ACTION), p.ask(COPIES)] == ["add", "done", 2]
    assert p.log == [("deck.creature.action", "add"), ("deck.creature.action", "done"),
                     ("deck.creature.copies", 2)]
    with pytest.raises(MissingAnswer, match="used up"):
        p.ask(ACTION)


def test_missing_answer_names_the_question_and_its_message():
    with pytest.raises(MissingAnswer) as err:
        ScriptedPrompter({}).ask(CARD)
    assert str(err.value) == ('no answer for question \'deck.creature.card\' ("Creature to add"); '
                              "add it to the answers file")
    assert err.value.exit_code == 2


def test_a_wrong_scripted_answer_names_the_question_and_the_problem():
    with pytest.raises(SoloError, match=r"deck.creature.copies.*from 0 to 15"):
        ScriptedPrompter({"deck.creature.copies": 99}).ask(COPIES)
    with pytest.raises(SoloError, match=r"deck.creature.card.*not one of"):
        ScriptedPrompter({"deck.creature.card": "Fireball"}).ask(CARD)


def test_unused_answers_are_reported():
    p = ScriptedPrompter({"deck.sure": [True, False], "other": 1})
    p.ask(SURE)
    assert p.unused() == {"deck.sure": [False], "other": [1]}


def test_answers_from_json_and_toml_files(tmp_path):
    j = tmp_path / "a.json"
    j.write_text(json.dumps({"deck.creature.copies": [1, 2]}))
    p = ScriptedPrompter.from_file(j)
    assert (p.ask(COPIES), p.ask(COPIES)) == (1, 2)
    t = tmp_path / "a.toml"
    t.write_text('"deck.sure" = true\n[deck.creature]\naction = ["add"]\n')
    p = ScriptedPrompter.from_file(t)
    assert p.ask(SURE) is True and p.ask(ACTION) == "add"
    with pytest.raises(MissingAnswer, match=str(t).replace("\\", "\\\\")):
        p.ask(COPIES)


@pytest.mark.parametrize("name,text,message", [
    ("missing.json", None, "not found"),
    ("bad.json", "{oops", "not valid JSON: .* line 1"),
    ("bad.toml", "x = = 1", "not valid TOML"),
    ("list.json", "[1, 2]", "must hold an object"),
])
def test_bad_answers_files_are_one_clear_error(tmp_path, name, text, message):
    path = tmp_path / name
    if text is not None:
        path.write_text(text)
    with pytest.raises(SoloError, match=message) as err:
        ScriptedPrompter.from_file(path)
    assert err.value.exit_code == 2


# -- questionary ------------------------------------------------------------------------------

class NotATerminal:
    def isatty(self):
        return False


def test_no_terminal_never_hangs():
    with pytest.raises(MissingAnswer, match="no terminal is available to ask question 'deck.sure'.*--answers"):
        QuestionaryPrompter(stdin=NotATerminal()).ask(SURE)


def test_questionary_through_a_pipe():
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    def ask(q, keys):
        with create_pipe_input() as inp:
            inp.send_text(keys)
            return QuestionaryPrompter(input=inp, output=DummyOutput()).ask(q)

    down = "\x1b[B"
    assert ask(ACTION, down + "\r") == "done"
    assert ask(Question("s", "select", "?", choices=("a", "b", "c"), default="b"), "\r") == "b"
    # the autocomplete ignores case and returns the catalog's spelling
    assert ask(CARD, "bitterwood fox\r") == "Bitterwood Fox"
    # a wrong card is refused in place; erase it and type a right one
    assert ask(CARD, "Wolfy\r" + "\x7f" * 5 + "Timber Wolf\r") == "Timber Wolf"
    # 99 is out of range and refused; erase and give 3
    assert ask(COPIES, "99\r\x7f\x7f3\r") == 3
    assert ask(SURE, "n") is False
    assert ask(Question("c", "confirm", "?", default=False), "\r") is False
    assert ask(Question("t", "text", "Name", default="Mine"), "\r") == "Mine"


def test_an_autocomplete_answer_completed_from_a_part_says_what_it_became():
    import io

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.plain_text import PlainTextOutput

    def shown(keys):
        out = io.StringIO()
        with create_pipe_input() as inp:
            inp.send_text(keys)
            answer = QuestionaryPrompter(input=inp, output=PlainTextOutput(out)).ask(CARD)
        return answer, out.getvalue()

    answer, screen = shown("bitterwood\r")
    assert answer == "Bitterwood Fox" and "= Bitterwood Fox" in screen
    answer, screen = shown("Timber Wolf\r")  # typed whole: nothing more to say
    assert answer == "Timber Wolf" and "= Timber Wolf" not in screen


def test_values_are_what_each_choice_gives_in_order():
    q = Question("x", "select", "Which?", (Choice("Timber Wolf (ym-1) in B2", "ym-1"), "done",
                                            Choice("Your mage", Side.YM)))
    assert q.values() == tuple(value for _, value in q.pairs()) == ("ym-1", "done", Side.YM)
    assert type(q.values()[2]) is Side  # the value itself, not its text


def test_an_autocomplete_answer_that_is_a_choice_gives_that_choice_itself():
    # A choice's own text is found in one search (long menus of card names); a choice equal to
    # the text but not text itself (a side, an enum of str) is still the one given back.
    names = Question("c", "autocomplete", "Card", tuple(f"Card {i}" for i in range(200)))
    assert names.parse("Card 150") == "Card 150"
    sides = Question("s", "autocomplete", "Side", (Side.YM, "other"))
    assert type(sides.parse("ym")) is Side and sides.parse("other") == "other"
