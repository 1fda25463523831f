"""At the table: menus whose keys stay put, a plain line-by-line mode, a pause between two
Dummy Mage actions, the map only when it changed, and --resume showing where the game stands."""

from __future__ import annotations

import json

import pytest

from solo.core.questions import ESCAPE_KEYS, Choice, MissingAnswer, Question
from solo.cli.prompter import PlainPrompter, QuestionaryPrompter, shortcut_keys

ESC = ("board", "edit", "undo")


def _menu(*titles: str) -> Question:
    choices = tuple(Choice(t, t.lower()) for t in titles) + (
        Choice("Show the board", "board"), Choice("Edit the board", "edit"),
        Choice("Undo the last step", "undo"))
    return Question("m", "select", "What?", choices, default=titles[0].lower(), escapes=ESC)


def test_escapes_keep_their_letter_and_choices_never_take_it():
    for n in (1, 3, 9, 20):
        q = _menu(*[f"Choice {i}" for i in range(n)])
        keys = shortcut_keys(q.pairs(), q.escapes)
        assert keys[-3:] == ["b", "e", "u"]
        chosen = [k for k in keys[:-3] if k]
        assert not set(chosen) & set(ESCAPE_KEYS.values())
        assert len(set(keys)) == len(keys)  # no two choices share a key
        assert keys[:min(n, 9)] == [str(i) for i in range(1, min(n, 9) + 1)]


def test_a_menu_through_questionary_answers_by_key():
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    def ask(q, keys):
        with create_pipe_input() as inp:
            inp.send_text(keys)
            return QuestionaryPrompter(input=inp, output=DummyOutput()).ask(q)

    q = _menu("Attack", "Move", "Guard")
    assert ask(q, "3") == "guard"  # one key, no Enter
    assert ask(q, "b") == "board"  # "b" is the board, whatever the menu holds
    assert ask(q, "u") == "undo"
    assert ask(q, "\r") == "attack"  # Enter: the default
    assert ask(q, "\x1b\x1b") == "undo"  # Esc goes back
    with pytest.raises(KeyboardInterrupt):
        ask(q, "\x04")  # Ctrl-D stops like Ctrl-C


def _plain(answers):
    said: list[str] = []
    feed = iter(answers)

    def read(prompt: str) -> str:
        said.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return PlainPrompter(read=read, write=said.append), said


def test_the_plain_prompter_reads_numbers_keys_words_and_enter():
    q = _menu("Attack", "Move", "Guard")
    p, said = _plain(["2"])
    assert p.ask(q) == "move"
    assert "  1. Attack (default)" in said and "  also: b board, e edit, u undo" in said
    assert _plain(["b"])[0].ask(q) == "board"
    assert _plain(["undo"])[0].ask(q) == "undo"
    assert _plain([""])[0].ask(q) == "attack"
    assert _plain(["guard"])[0].ask(q) == "guard"
    # a wrong answer says why and asks again
    p, said = _plain(["7", "1"])
    assert p.ask(q) == "attack"
    assert any("not on the menu" in s for s in said)
    # numbers and text
    assert _plain(["", ""])[0].ask(Question("n", "int", "How many?", default=3)) == 3
    assert _plain(["5"])[0].ask(Question("n", "int", "How many?", default=3, min=1, max=9)) == 5
    assert _plain(["y"])[0].ask(Question("c", "confirm", "Sure?", default=False)) is True


def test_ctrl_d_stops_the_plain_prompter_like_ctrl_c():
    p, _ = _plain([])
    with pytest.raises(KeyboardInterrupt):
        p.ask(_menu("Attack"))


def test_the_plain_prompter_never_waits_without_a_terminal():
    class NotATerminal:
        def isatty(self):
            return False

    with pytest.raises(MissingAnswer, match="--answers"):
        PlainPrompter(stdin=NotATerminal()).ask(_menu("Attack"))


class _Pausing:
    """A scripted prompter that records its questions and pauses between what was printed."""

    def __init__(self, inner, capsys):
        self.inner, self.capsys, self.pauses, self.events = inner, capsys, [], []

    def _printed(self):
        self.events.append(("out", self.capsys.readouterr().out))

    def ask(self, q):
        self._printed()
        self.events.append(("ask", q.id))
        return self.inner.ask(q)

    def can_answer(self, qid):
        return self.inner.can_answer(qid)

    def pause(self, text):
        self._printed()
        self.events.append(("pause", text))
        self.pauses.append(text)


def _game(capsys):
    from solo.core.questions import ScriptedPrompter

    answers = ScriptedPrompter({"setup.start": "start", "quickcast.you": ["pass"] * 400,
                                "turn.actor": ["done"] * 400, "defense.use": ["yes"] * 400})
    return _Pausing(answers, capsys)


def test_a_dummy_mage_step_after_another_unread_one_waits_for_a_key_and_the_map_shows_only_changes(
        tmp_path, capsys):
    """Printed as it comes (plain lines, an answers file), the Dummy Mage's step waits for a
    key whenever another of its steps was printed since the last question or pause, even with
    steps that ask nothing between them (round ends, creature actions end: the pause was lost
    there, issue 32)."""
    from solo.cli.commands.play import open_journal, play_session

    prompter = _game(capsys)
    with open_journal() as journal:
        play_session(journal, prompter, resume=False, name="p", seed=3)
    prompter._printed()
    expected, unread, apart = 0, False, 0
    for i, (kind, value) in enumerate(prompter.events):
        if kind == "ask":
            unread = False
        if kind != "out":
            continue
        for line in value.split("\n"):
            if line.startswith("── Dummy Mage"):
                if unread:
                    expected += 1
                    assert line == value.split("\n")[0] and prompter.events[i - 1][0] == "pause"
                unread = True
            elif line.startswith("── ") and unread:
                apart += 1  # a step that asks nothing after an unread one of the Dummy Mage's
    assert apart and expected >= 3 and len(prompter.pauses) == expected
    assert all(p.startswith("Next: the Dummy Mage's") for p in prompter.pauses)
    out = "".join(value for kind, value in prompter.events if kind == "out")
    steps = [line for line in out.split("\n") if line.startswith("── ")]
    # a map after a Dummy Mage step only when the board changed since the last one shown
    maps = [block for block in out.split("── ") if "┌─A1" in block and block.startswith("Dummy Mage")]
    bodies = [m[m.index("┌─A1"):m.index("┘") + 1] for m in maps]
    assert all(a != b for a, b in zip(bodies, bodies[1:]))
    dm_steps = sum(1 for s in steps if s.startswith("── Dummy Mage"))
    assert len(bodies) < dm_steps


def test_resume_shows_the_last_instructions_and_the_map(run, tmp_path):
    short = {"setup.start": "start", "quickcast.you": ["pass"] * 2, "turn.actor": ["done"]}
    path = tmp_path / "short.json"
    path.write_text(json.dumps(short))
    run("play", "--answers", path, "--seed", "5", "--name", "r")
    again = tmp_path / "again.json"
    again.write_text(json.dumps({"quickcast.you": []}))
    out = run("play", "--resume", "--name", "r", "--answers", again).output
    assert out.startswith("Resuming r: round")
    assert "Step " in out and "┌─A1" in out and "initiative" in out


def test_your_attack_menu_shows_each_targets_odds_and_keeps_its_order():
    from solo.engine.game import Game, Settings
    from solo.rules.odds import attack_odds
    from solo.text.combat import odds_text
    from solo.core.questions import RulePrompter
    from solo.engine.rounds import RoundState

    g = Game.new(Settings(seed=1, name="t"))
    b = g.board
    wolf = b.add_creature("Timber Wolf", "ym", "B2", id="ym-5")
    fox = b.add_creature("Bitterwood Fox", "dm", "B2", id="dm-1")
    other = b.add_creature("Timber Wolf", "dm", "B2", id="dm-2")
    seen = {}

    def pick(q):
        seen["q"] = q
        return "dm-2"

    bite = b.attacks(wolf)[0]
    want = [odds_text(attack_odds(b, wolf, bite, p)) for p in (fox, other)]  # before the attack
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": "ym-5", "turn.what": "attack", "turn.attack.target": pick})
    g.play_one()
    titles = [t for t, v in seen["q"].pairs() if v in ("dm-1", "dm-2")]
    assert want[0] in titles[0] and want[1] in titles[1]  # the Fox first: in play first
    assert "dm-1" in titles[0] and "dm-2" in titles[1]
    assert "kill" in titles[0]



@pytest.mark.parametrize("skill", [None, "beginner", "skilled"])
def test_a_round_with_three_creatures_a_side_takes_at_most_15_answers(skill):
    """Issue 13's measure: every question answered by one key (Enter for the default, or a
    choice's key), at most 15 of them for a whole round with three creatures each."""
    from solo.engine.game import Game, Settings
    from solo.core.questions import RulePrompter
    from solo.engine.simulate import Opponent

    g = Game.new(Settings(seed=7, name="t"))
    b = g.board
    for i, z in enumerate(("B2", "B2", "C2")):
        b.add_creature("Timber Wolf", "dm", z, id=f"dm-{i + 1}")
        b.add_creature("Bitterwood Fox", "ym", z, id=f"ym-{i + 1}")
    b.mages["ym"].zone = "C3"
    questions = []
    inner = RulePrompter({}) if skill is None else Opponent(g, skill)

    class Counting(RulePrompter):
        def ask(self, q):
            questions.append(q)
            return inner.ask(q)

    g.prompter = Counting()
    start = g.phase.round
    while g.phase.round == start and not g.over:
        g.play_one()
    assert 6 <= len(questions) <= 15, [q.id for q in questions]
    menus = [q for q in questions if q.kind == "select"]
    assert all(q.default is not None for q in menus)  # Enter is always an answer
    assert all(len(q.choices) <= 36 for q in menus)  # every choice has a key


def test_the_log_escape_shows_the_last_steps_and_changes_nothing():
    from solo.engine.game import Game, Settings
    from solo.core.questions import RulePrompter
    from solo.cli.prompter import shortcut_keys
    from solo.engine.rounds import RoundState

    g = Game.new(Settings(seed=1, name="t"))
    g.prompter = RulePrompter({})
    for _ in range(3):
        g.play_one()
    said: list[str] = []
    g.on_output = said.append
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": ["log", "done"]})
    g.play_one()
    assert said and said[0].startswith("Step 1 (round 1)")
    assert ["turn.actor", "log"] not in g.recorded
    keys = shortcut_keys([("x", "x"), ("The last steps", "log")], ("log",))
    assert keys == ["1", "l"]


def test_a_command_solo_has_under_another_name_is_refused_with_what_to_type(run):
    from solo.cli.app import ASIDES

    out = run("list")
    assert out.exit_code == 2 and "No such command 'list'; try 'solo play --list'." in out.output
    out = run("simulat")  # a misspelt command: the nearest
    assert out.exit_code == 2 and "try 'solo simulate'" in out.output
    out = run("xyzzy")  # nothing near: click's own refusal
    assert out.exit_code == 2 and "No such command 'xyzzy'." in out.output
    for word, hint in ASIDES.items():  # every hint is a command that exists
        words = [w for w in hint.split()[1:] if not w.isupper() and not w.startswith("-")]
        assert run(*words, "--help").exit_code == 0, (word, hint)
