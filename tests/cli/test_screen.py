"""`solo play`'s screen (issue 32): prompts within the width, and how tall each is drawn."""

from __future__ import annotations

import io

import pytest

import vt
from solo.cli.prompter import QuestionaryPrompter, pause_text
from solo.core.questions import Choice, Question


# -- the rows a question takes ------------------------------------------------------------------

def _drawn_rows(q: Question, columns: int, key: str, monkeypatch) -> int:
    """The rows questionary itself draws for ``q`` on a pyte terminal full of text, as it waits
    for the answer (``key``, typed before it is drawn): how far the screen scrolled."""
    import questionary
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    lines = 30
    t = vt.Terminal(columns, lines)
    t.feed("".join(f"line {i}\n" for i in range(lines)))  # "line 1" at the top, the cursor below
    out = io.StringIO()
    output = Vt100_Output(out, lambda: Size(rows=lines, columns=columns), term="xterm",
                          enable_cpr=False)
    drawn: list[str] = []
    ask = questionary.Question.unsafe_ask

    def first_drawing(self, *args, **kwargs):  # what is on the terminal once it is drawn
        self.application.after_render += lambda app: drawn.append(out.getvalue())
        return ask(self, *args, **kwargs)

    monkeypatch.setattr(questionary.Question, "unsafe_ask", first_drawing)
    with create_pipe_input() as pipe:
        pipe.send_text(key)
        QuestionaryPrompter(input=pipe, output=output).ask(q)
    t.stream.feed(drawn[0])
    # a question of n rows drawn from the last row scrolled the screen n - 1 rows more
    return int(t.display()[0].split()[1])


QUESTIONS = [
    Question("turn.actor", "select", "Who acts now?",
             (Choice("Timber Wolf (ym-1) in C2", "ym-1"), Choice("Your mage in D3", "ym"),
              Choice("Nothing more this round (done)", "done"), Choice("Show the board", "board"),
              Choice("Undo", "undo")), escapes=("board", "undo")),
    Question("turn.attack.target", "select", "Which of its objects did your Timber Wolf (ym-12) "
             "attack? Each with the odds of your Bite against it",
             (Choice("Goblin Grunt (dm-3) in B2: ~4.1 damage, 35% to destroy it, 20% Daze, "
                     "more words to run past the edge", "dm-3"), Choice("Nothing", "none"))),
    Question("undo.next", "select", "The game stands after step 57. What now?",
             (Choice("Go on from here", "go"), Choice("Undo one more of my steps", "undo"))),
    Question("defense.use", "confirm", "Your mage can try its Defense 7+ (50% to avoid the "
             "attack, -2 for Daze/Restrained). Use it?", default=True),
    Question("turn.attack.damage", "text", "What damage did your attack do, after armor?",
             default="0"),
    Question("dice.d12", "int", "Roll the effect die (the Dummy Mage's quickcast): result?",
             min=1, max=12),
    Question("turn.summon.card", "autocomplete", "Which creature?",
             ("Timber Wolf", "Bitterwood Fox", "Steelclaw Grizzly")),
    Question("draw.card", "autocomplete", "Draw the top card of the Dummy Mage's enchantment "
             "deck: which card is it?", ("Agony", "Curse of Decay")),
]
#: What answers each question (typed before it is drawn: a wrong answer would wait for ever).
KEYS = {"dice.d12": "5\r", "turn.summon.card": "Timber Wolf\r", "draw.card": "Agony\r"}


@pytest.mark.parametrize("columns", [80, 60, 40])
@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: q.id)
def test_the_rows_a_question_takes_are_the_rows_questionary_draws(q, columns, monkeypatch):
    """The screen's layout counts on :meth:`QuestionaryPrompter.rows`; the virtual terminal of
    the whole-game tests draws each question that tall."""
    monkeypatch.setenv("COLUMNS", str(columns))  # (what the prompter folds its questions to)
    assert QuestionaryPrompter().rows(q, columns) == _drawn_rows(q, columns, KEYS.get(q.id, "\r"),
                                                                 monkeypatch)


def test_a_pause_and_every_prompt_fit_the_width():
    """The pause said "Next: the Dummy Mage's ... Press a key to see it." on 82 columns of an
    80-column terminal (issue 32): folded between words now, after questionary's space."""
    label = "Next: the Dummy Mage's creature action: move-attack (dm-12) toward your mage."
    for columns in (80, 60, 40):
        text = pause_text(label, columns)
        assert all(1 + len(line) <= columns for line in text.split("\n")), text
        assert " ".join(text.split()) == f"{label} Press a key to go on."
        assert QuestionaryPrompter.pause_rows(label, columns) == len(text.split("\n"))


def test_a_long_plain_prompt_is_folded_between_words(monkeypatch):
    from solo.cli.prompter import PlainPrompter

    monkeypatch.setenv("COLUMNS", "40")
    written, prompts = [], []
    p = PlainPrompter(read=lambda prompt: prompts.append(prompt) or "7", write=written.append)
    q = Question("dice.d12", "int", "Roll the effect die (the Dummy Mage's quickcast): result?")
    assert p.ask(q) == 7
    assert all(len(line) < 40 for line in written + prompts), (written, prompts)
    assert " ".join(" ".join(written + prompts).split()) == q.message + ":"
