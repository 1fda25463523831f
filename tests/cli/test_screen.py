"""`solo play`'s screen (issue 32): nothing the Dummy Mage does goes unseen, the compact layout,
a true board after undo and redo, prompts within the width.

Whole games are played in-process at a virtual terminal (``tests/vt.py``, pyte) by the
simulator's skilled opponent, their real output fed to the terminal; every line of the Dummy
Mage's instructions written since an answer must be on the screen at a moment the game waits
(a question, a pause) before the next answer.
"""

from __future__ import annotations

import io
import json

import pytest

import vt
from solo.cli import term
from solo.cli.prompter import QuestionaryPrompter, pause_text
from solo.cli.screen import Block, Screen, ScreenPrompter
from solo.core.questions import Choice, Question, RulePrompter
from solo.store import journal as journal_module


@pytest.fixture
def journal(user_data, monkeypatch):
    """The game database, without waiting for the disk at each step: these tests are about the
    screen (the journal's promises are tests/store's)."""
    opened = journal_module.Journal._open

    def quick(self, new):
        opened(self, new)
        self.db.execute("PRAGMA synchronous=OFF")

    monkeypatch.setattr(journal_module.Journal, "_open", quick)
    with journal_module.Journal(user_data) as j:
        yield j


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


@pytest.mark.parametrize("columns", [80, 60])
def test_a_choice_too_long_for_its_row_is_cut_with_an_ellipsis(columns, monkeypatch):
    """prompt_toolkit cuts a choice at the terminal's edge without a sign (a target's odds at
    60 columns lost their end); solo cuts it first, with an ellipsis."""
    import questionary

    monkeypatch.setenv("COLUMNS", str(columns))
    titles: list[str] = []
    made = questionary.Choice.__init__

    def kept(self, title, *args, **kwargs):
        titles.append(title)
        made(self, title, *args, **kwargs)

    monkeypatch.setattr(questionary.Choice, "__init__", kept)
    q = QUESTIONS[1]
    _drawn_rows(q, columns, "\r", monkeypatch)
    long = q.pairs()[0][0]
    assert len(long) + 6 > columns and titles[0] == long[:columns - 7] + "…"
    assert titles[1] == "Nothing"


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


# -- the layout ---------------------------------------------------------------------------------

def _screen(columns=40, lines=12, compact=False):
    shown: list[str] = []
    screen = Screen(shown.append, live=True, size=lambda: (columns, lines), compact=compact)
    pauses: list[str] = []
    screen.pause = pauses.append
    return screen, shown, pauses


def _step(name, body, dm=True, board=0):
    lines = [f"── {name} ──", *(f"map {i}" for i in range(board)), *body]
    return Block(name, lines, (1, 1 + board) if board else None, "status", dm=dm)


def test_what_fits_is_shown_whole_above_the_question():
    screen, shown, _ = _screen()
    screen.show(_step("a", ["1. one"], board=3))
    screen.show(_step("b", ["1. two"]))
    screen.wait(5)
    assert shown == ["── a ──", "map 0", "map 1", "map 2", "1. one", "── b ──", "1. two"]


def test_the_maps_go_first_when_room_is_short():
    screen, shown, _ = _screen()
    screen.show(_step("a", ["1. one"], board=3))
    screen.show(_step("b", ["1. two"], board=3))
    screen.wait(6)  # 6 rows left: the first map goes, the second is its status
    assert shown == ["── a ──", "1. one", "── b ──", "status", "1. two"]


def test_what_does_not_fit_is_a_numbered_digest_and_l_reads_it_page_by_page():
    screen, shown, pauses = _screen(columns=60, lines=12)
    for name in "abc":
        screen.show(_step(name, [f"{name}{i}" for i in range(4)]))
    screen.wait(4)  # 8 rows above the question: "c" whole, "a" and "b" in a digest
    assert shown[0].startswith("── 2 things since your last answer (l: read them in full)")
    assert shown[1:3] == ["  1. a", "  2. b"] and shown[3:] == ["── c ──", "c0", "c1", "c2", "c3"]
    del shown[:]
    screen.read_again(4)
    assert shown == ["── a ──", "a0", "a1", "a2", "a3", "── b ──", "b0", "b1", "b2", "b3"]
    assert len(pauses) == 1 and "page 1 of 2" in pauses[0]
    screen.answered()
    assert screen.digested == []


def test_a_question_without_the_l_key_gets_pages_instead_of_a_digest():
    screen, shown, pauses = _screen(lines=12)
    for name in "abc":
        screen.show(_step(name, [f"{name}{i}" for i in range(4)]))
    screen.wait(4, digest=False)
    assert not any("since your last answer (l:" in line for line in shown)
    assert [x for x in shown if not x.startswith("──")] == [f"{n}{i}" for n in "abc" for i in range(4)]
    assert pauses and screen.digested == []


def test_a_block_taller_than_the_screen_is_cut_so_that_its_last_lines_stay_together():
    screen, shown, pauses = _screen(lines=12)
    screen.show(_step("a", [f"{i}. line" for i in range(1, 8)], board=9))
    screen.wait(3, digest=False)
    assert shown == ["── a ──", "status", *(f"{i}. line" for i in range(1, 8))]  # (no map)
    screen.show(Block("big", [f"row {i}" for i in range(30)]))
    del shown[:]
    screen.wait(3)  # pages of 11 rows and a pause: the last page full, the first what is left
    assert shown == [f"row {i}" for i in range(30)] and len(pauses) == 3


def test_printed_as_it_comes_a_dummy_mage_step_waits_while_another_is_unread():
    shown: list[str] = []
    screen = Screen(shown.append)
    asker = ScreenPrompter(RulePrompter({"x": "go"}), screen)
    paused = []
    asker.inner.pause = paused.append
    screen.show(_step("Dummy Mage: quickcast: move", ["1. Move."]))
    screen.show(_step("Game: creature actions end", ["Final quickcasts."], dm=False))
    screen.show(_step("Dummy Mage: creature action: attack", ["1. Attack."]))
    assert paused == ["Next: the Dummy Mage's creature action: attack."]
    asker.ask(Question("x", "select", "?", ("go",)))
    screen.show(_step("Dummy Mage: quickcast: move", ["1. Move."]))
    assert len(paused) == 1  # read at the question


# -- whole games at a virtual terminal ----------------------------------------------------------

#: (columns, lines, compact layout, seeds): 100 whole games at each size.
GAMES = [(80, 24, False, range(1, 51)), (80, 24, True, range(51, 101)),
         (60, 20, False, range(101, 151)), (60, 20, True, range(151, 201))]


@pytest.mark.slow
@pytest.mark.parametrize("columns,lines,compact,seeds", GAMES,
                         ids=[f"{c}x{r}-{'compact' if k else 'full'}" for c, r, k, _ in GAMES])
def test_nothing_the_dummy_mage_does_scrolls_away_unread(journal, monkeypatch, columns, lines,
                                                          compact, seeds):
    seen = digests = 0
    for seed in seeds:
        watcher, player, _ = vt.play(journal, seed, columns, lines, compact, monkeypatch)
        assert watcher.unseen == [], (seed, watcher.unseen[:5])
        seen, digests = seen + watcher.seen, digests + player.digests
    assert seen > 20 * len(seeds)  # the Dummy Mage's steps were looked for, and found
    assert digests  # and the screen was too small for all of them at times


def test_the_check_catches_the_pause_lost_between_two_dummy_mage_steps(journal, monkeypatch):
    """The check above can fail: the same games printed as they come, with the "acts twice in
    a row" pause forgotten at every step (solo before issue 32), lose the Dummy Mage's lines off
    the top of a 24-row terminal."""
    from solo.cli import screen as screen_module

    made, shown = screen_module.Screen.__init__, screen_module.Screen.show

    def streamed(self, *args, **kwargs):
        made(self, *args, **{**kwargs, "live": False})

    def forgetful(self, block):
        self._dm_unread = self._dm_unread and block.dm
        shown(self, block)

    monkeypatch.setattr(screen_module.Screen, "__init__", streamed)
    monkeypatch.setattr(screen_module.Screen, "show", forgetful)
    unseen = [vt.play(journal, seed, 80, 24, False, monkeypatch)[0].unseen for seed in (1, 2, 3)]
    assert any(unseen)


def test_a_resumed_game_shows_the_last_instructions_under_the_map(journal, monkeypatch, tmp_path,
                                                                  run):
    """On --resume at 24 rows the instructions repeated were printed above the map and
    scrolled off; they are the last thing above the first question now."""
    from solo.cli.commands.play import play_session

    path = tmp_path / "answers.json"
    path.write_text(json.dumps({"setup.start": "start", "quickcast.you": ["pass"] * 3,
                                "turn.actor": ["done"] * 2}))
    run("play", "--answers", path, "--seed", "4", "--name", "r")
    journal.db.execute("PRAGMA wal_checkpoint")
    info = journal.find("r")
    rows, _, _ = journal.read_steps(info.id)
    mine = max(i for i, r in enumerate(rows) if r.asked)
    repeated = [line for r in rows[mine + 1:] if r.who == "dm" for e in r.entries
                for line in e["lines"]]
    assert repeated, "pick a game whose last steps are the Dummy Mage's"
    terminal = vt.Terminal(80, 24)
    shown: list[list[str]] = []

    def answer(q, t):
        shown.append(t.display())
        raise KeyboardInterrupt

    prompter = vt.TerminalPrompter(terminal, answer, lambda display, answered: None)
    screen = Screen(terminal.write, live=True, size=lambda: (80, 24))
    with pytest.raises(SystemExit):
        play_session(journal, prompter, resume=True, name="r", color=False, screen=screen)
    assert _within([row for line in repeated for row in term.wrap(f"  {line}", 80)], shown[0])


def _within(rows, shown):
    return any(shown[i:i + len(rows)] == rows for i in range(len(shown)))


# -- the board after undo and redo ---------------------------------------------------------------

class _Undoing(RulePrompter):
    """Plays on passively; at round 2's first "Who acts now?" it undoes, then answers the undo
    menu from ``menu``; after each "Show the board" and after "Go on from here" the last map
    shown must be the board of the game as it stands."""

    def __init__(self, menu, shown, game):
        super().__init__({"quickcast.you": "pass", "undo.to": lambda q: q.pairs()[-1][1]})
        self.menu, self.shown, self.game = list(menu), shown, game
        self.undone = self.expect = False
        self.checked = self.after = 0

    def ask(self, q):
        from solo.text import board_map

        printed, self.shown[:] = list(self.shown), []
        if self.expect:
            maps = [i for i, line in enumerate(printed) if line.startswith("┌─A1")]
            assert maps, printed
            end = next(i for i in range(maps[-1], len(printed)) if printed[i].startswith("└"))
            assert "\n".join(printed[maps[-1]:end + 1]) == board_map.board_map(self.game().board, 80)
            self.checked += 1
        answer = self._answer(q)
        self.expect = q.id == "undo.next" and answer in ("board", "go")
        return q.parse(answer)

    def _answer(self, q):
        if q.id == "undo.next":
            return self.menu.pop(0)
        if q.id == "turn.actor":
            if not self.undone and self.game().phase.round == 2:
                self.undone = True
                return "undo"
            self.after += self.undone
            if self.after > 2:
                raise _Enough
            return "done"
        return super().ask(q)


class _Enough(Exception):
    pass


@pytest.mark.parametrize("menu,shows", [
    (["board", "undo", "board", "redo", "board", "pick", "board", "go"], 5),
    (["redo", "go"], 1),  # back where it was: the board is drawn again all the same
])
def test_after_undo_redo_and_go_back_the_board_shown_is_the_games(journal, monkeypatch, menu,
                                                                  shows):
    """The undo menu's "Show the board" showed the board from before the undo (a view bound
    to the game the undo left behind), and "Go on from here" after a redo drew nothing."""
    from solo.cli.commands.play import play_session
    from solo.engine.session import Session

    sessions = []
    start = Session.start
    monkeypatch.setattr(Session, "start", lambda *a, **k: sessions.append(start(*a, **k))
                        or sessions[-1])
    shown: list[str] = []
    prompter = _Undoing(menu, shown, lambda: sessions[-1].game)
    screen = Screen(shown.append, size=lambda: (80, 24))
    with pytest.raises(_Enough):
        play_session(journal, prompter, resume=False, name="u", seed=3, color=False,
                     screen=screen)
    assert prompter.undone and not prompter.menu and prompter.checked == shows


# -- the layout, remembered -------------------------------------------------------------------------

def test_the_layout_is_a_setting_of_solo_config(run, monkeypatch):
    assert "layout  auto  (default)" in run("config").output.replace("   ", "  ")
    assert run("config", "set", "layout", "compact").exit_code == 0
    assert "compact  (config file)" in run("config").output
    monkeypatch.setenv("SOLO_LAYOUT", "full")
    assert "full  (environment (SOLO_LAYOUT))" in run("config").output
    r = run("config", "set", "layout", "tiny")
    assert r.exit_code == 2 and "'tiny' is not one of auto, full, compact" in r.output
