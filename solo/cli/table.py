"""The table screen's side of a game, without the web server: the prompter that puts each
question in the journal for the page (and takes the page's answer), the game played by the
screen itself when nobody plays it at the terminal, and the view of a game -- the JSON the page
draws -- rebuilt from the journal whenever a step is committed.

How the terminal and the page meet: the journal is the truth.  The session holding the game asks
each question through :class:`TablePrompter`, which publishes it (:mod:`solo.store.asking`) once
a table screen follows the game; an answer from the page claims the question in the journal, one
from the terminal too, and the first claim wins.  The terminal's menu is closed at once when the
page answers first (questionary's application is told to exit from a watching thread); a plain
prompter's line is read first, then refused.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from typing import Any, Callable

from solo.core.errors import SoloError
from solo.core.questions import AnswerError, Prompter, Question
from solo.store import asking
from solo.store.journal import GameInfo, Journal, StepRow
from solo.text import page

#: How often a waiting prompter or the screen's watcher looks at the journal (seconds).
POLL = 0.05


class AnsweredOnScreen(Exception):
    """The page answered the question the terminal was asking."""


class Stop(SoloError):
    """The table screen stops: the game it plays stops with it (the step in progress is not kept)."""


class TablePrompter(Prompter):
    """Asks ``inner`` (the person at the terminal; None: only the page answers) and, while a
    table screen follows the game, the page too: whichever answers first is taken."""

    def __init__(self, inner: Prompter | None, journal: Journal, game: int,
                 stop: threading.Event | None = None, say: Callable[[str], None] | None = None) -> None:
        self.inner, self.journal, self.game = inner, journal, game
        self.stop = stop or threading.Event()
        self.say = say or (lambda text: None)
        self.reads = getattr(inner, "reads", True)
        self.takes_shortcuts = getattr(inner, "takes_shortcuts", True)
        self.notes: list[str] = []
        self.asked = 0

    def can_answer(self, qid: str) -> bool:
        return True if self.inner is None else self.inner.can_answer(qid)

    def pause(self, text: str) -> None:
        if self.inner is not None:
            self.inner.pause(text)

    def note(self, text: str) -> None:
        """What the game said since the last question (shown on the page above the next one)."""
        self.notes.append(text)

    def ask(self, q: Question) -> Any:
        if self.inner is not None and not asking.watched(self.journal, self.game):
            return self.inner.ask(q)
        shown = {**page.question_data(q), "said": self.notes[-6:]}
        self.notes = []
        seq = asking.publish(self.journal, self.game, shown)
        self.asked += 1
        if self.inner is None:
            return self._wait(q, seq)
        try:
            answer = self._ask_inner(q, seq)
        except AnsweredOnScreen:
            return self._taken(q, seq)
        if asking.claim(self.journal, self.game, seq, stored(q, answer), asking.TERMINAL):
            return answer
        return self._taken(q, seq)  # the page was first

    def close(self) -> None:
        """The session ends: the page no longer shows its last question as asked."""
        if self.asked:
            try:
                asking.withdraw(self.journal, self.game)
            except SoloError:  # (a journal that fails now: what stopped the game is said)
                pass

    def _taken(self, q: Question, seq: int) -> Any:
        value = self._wait(q, seq)
        title = next((t for t, v in q.pairs() if v == value), value)
        self.say(f"Answered on the table screen: {title}")
        return value

    def _wait(self, q: Question, seq: int) -> Any:
        """The page's answer to question ``seq`` (one that does not fit is refused, with why,
        and waited for again)."""
        while True:
            row = asking.pending(self.journal, self.game)
            if row is not None and row["seq"] == seq and row["answer"] is not None:
                try:
                    return page.answer_value(q, row["answer"])
                except AnswerError as err:
                    asking.refuse(self.journal, self.game, seq, str(err))
            if self.stop.wait(POLL):
                raise Stop("the table screen stopped")

    def _ask_inner(self, q: Question, seq: int) -> Any:
        """The terminal's answer; a watching thread closes its menu when the page answers."""
        assert self.inner is not None
        terminal = _questionary(self.inner)
        if terminal is None:
            return self.inner.ask(q)
        done = threading.Event()
        watcher = threading.Thread(target=_close_when_answered,
                                   args=(str(self.journal.path), self.game, seq, terminal, done),
                                   daemon=True)
        watcher.start()
        try:
            return self.inner.ask(q)
        finally:
            done.set()
            watcher.join()


def stored(q: Question, answer: Any) -> dict[str, Any]:
    """An answer as the journal's ``asking`` row keeps it: the index of the choice it is, else
    its text."""
    for i, (_, value) in enumerate(q.pairs()):
        if value == answer and type(value) is type(answer):
            return {"choice": i}
    return {"text": answer if isinstance(answer, (str, int, bool)) else str(answer)}


def _questionary(prompter: Any) -> Any:
    """The questionary prompter under ``prompter`` (the screen's wraps the person's), if any."""
    from solo.cli.prompter import QuestionaryPrompter

    while prompter is not None and not isinstance(prompter, QuestionaryPrompter):
        prompter = getattr(prompter, "inner", None)
    return prompter


def _close_when_answered(path: str, game: int, seq: int, terminal: Any,
                         done: threading.Event) -> None:
    """In a thread of its own (with its own connection): once the page has answered question
    ``seq``, make the terminal's running menu exit with :class:`AnsweredOnScreen`."""
    db = sqlite3.connect(path, timeout=5.0)
    try:
        while not done.wait(POLL):
            try:
                rows = db.execute("SELECT answer FROM asking WHERE game = ? AND seq = ?",
                                  (game, seq)).fetchall()
            except sqlite3.Error:
                continue
            if not rows or rows[0][0] is None:
                continue
            app = getattr(terminal, "app", None)
            if app is None or not app.is_running:
                continue
            app.loop.call_soon_threadsafe(lambda: app.exit(exception=AnsweredOnScreen()))
            return
    finally:
        db.close()


# -- a game the screen plays itself -------------------------------------------------------------

def play_here(folder: Any, name: str, settings: Any, stop: threading.Event,
              ready: threading.Event | None = None) -> None:
    """Play game ``name`` (started with ``settings`` when the journal has no game of that name)
    with every question answered on the page, until it is over and finished, or ``stop``."""
    from solo.cli.commands.rules import explain
    from solo.core.questions import Choice
    from solo.engine.session import Session
    from solo.text import board_map

    try:
        _play_here(folder, name, settings, stop, ready)
    except SoloError as err:  # (a game taken by another session meanwhile, a journal failing)
        from solo.cli.term import echo

        echo(f"solo: the table screen stopped playing: {err}", err=True, fold=False)
    finally:
        if ready is not None:
            ready.set()


def _play_here(folder: Any, name: str, settings: Any, stop: threading.Event,
               ready: threading.Event | None) -> None:
    from solo.cli.commands.rules import explain
    from solo.core.questions import Choice
    from solo.engine.session import Session
    from solo.text import board_map

    with Journal(folder) as journal:
        info = journal.find(name)
        if info is None:
            session = Session.start(journal, settings)
            session.hold()
        else:
            session = Session.open(journal, info, hold=True)
        game_id = session.info.id
        asking.watch(journal, game_id)
        table = TablePrompter(None, journal, game_id, stop=stop)
        session.on_output = table.note
        if ready is not None:
            ready.set()
        try:
            while not stop.is_set():
                game = session.game
                game.prompter, game.on_output, game.look_up = table, table.note, explain
                game.show_board = lambda board: board_map.board_view(board, 60)
                if not game.over:
                    session.play_one()
                    continue
                what = table.ask(Question("end.next", "select", "The game is over.",
                                          (Choice("Finish", "finish"),
                                           Choice("Undo my last step", "undo")), default="finish"))
                if what == "finish":
                    break
                session.undo_menu()
        except Stop:
            pass
        finally:
            try:
                asking.withdraw(journal, game_id)
            finally:
                session.release()


# -- the view the page draws ---------------------------------------------------------------------

class View:
    """A game as the page shows it, kept up to date from the journal: :meth:`refresh` (cheap
    when nothing was committed: SQLite's ``data_version``) rebuilds the board of the last step,
    replaying only the steps committed since it last looked."""

    def __init__(self, journal: Journal, name: str | None) -> None:
        self.journal, self.name = journal, name
        self.info: GameInfo | None = None
        self.game: Any = None
        self.rows: list[StepRow] = []
        self.seen: int | None = None
        self.state: dict[str, Any] = {"game": None, "waiting": True}
        self.version = 0

    def find(self) -> GameInfo | None:
        if self.name is not None:
            return self.journal.find(self.name)
        return self.journal.latest()

    def refresh(self, force: bool = False) -> bool:
        """Look at the journal; True when what the page shows changed."""
        seen = asking.data_version(self.journal)
        if seen == self.seen and not force and self.info is not None:
            return False
        info = self.find()
        if info is None:
            return self._set({"game": self.name, "waiting": True})
        if self.info is None or info.id != self.info.id:
            self.info, self.game, self.rows = info, None, []
        rows, _, _ = self.journal.read_steps(info.id)
        self._follow(info, rows)
        self.info = info
        changed = self._set(self.state_of(info, rows, asking.pending(self.journal, info.id),
                                          asking.held(self.journal, info.id)))
        self.seen = seen  # only once read whole: a read that failed is tried again
        return changed

    def _follow(self, info: GameInfo, rows: list[StepRow]) -> None:
        from solo.engine.session import load_settings, rebuild, replay_step

        same = (self.game is not None and len(rows) >= len(self.rows)
                and [(r.n, r.at, r.label) for r in rows[:len(self.rows)]]
                == [(r.n, r.at, r.label) for r in self.rows])
        if same:
            for row in rows[len(self.rows):]:
                replay_step(self.game, row, info)
        else:
            self.game = rebuild(self.journal, info, load_settings(info.settings), rows, len(rows))
        self.rows = list(rows)

    def _set(self, state: dict[str, Any]) -> bool:
        if state == self.state:
            return False
        self.state = state
        self.version += 1
        return True

    def state_of(self, info: GameInfo, rows: list[StepRow], pending: dict[str, Any] | None,
                 played: bool, game: Any = None) -> dict[str, Any]:
        """The page's JSON: the game's name and step, status, board, the steps since your last
        answer, the question asked now (with its number, and whether it was answered)."""
        game = game or self.game
        board = game.board
        mine = [i for i, r in enumerate(rows) if r.asked]
        since = rows[mine[-1] + 1:] if mine else rows[-6:]
        steps = [page.step_data(e["n"], e["who"], e["label"], e["lines"])
                 for r in since[-12:] for e in r.entries]
        outcome = game.phase.outcome if game.over else None
        return {
            "game": info.name, "step": len(rows), "status": page.status_data(board),
            "board": page.board_data(board), "steps": steps,
            "question": pending, "played": played, "over": game.over,
            "result": getattr(outcome, "result", None),
            "end": [*game.log[-1]["lines"]] if game.over and game.log else [],
        }
