"""A virtual terminal for `solo play`: whole games played in-process by a scripted player, their
real output fed to pyte, and what a person could read at each moment the game waited for them.

:class:`Terminal` is the screen; :class:`TerminalPrompter` draws each question and pause on it
as questionary does (as many rows as :meth:`QuestionaryPrompter.rows` says: tests/cli/
test_screen.py holds those counts to questionary's own drawing), lets the player answer, and
after each answer leaves the question's line, as questionary leaves it.  :class:`Watcher`
checks that every line of the Dummy Mage's instructions written since the last answer was on the
screen at one of those moments before the next answer.
"""

from __future__ import annotations

from typing import Any, Callable

import pyte

from solo.cli import term
from solo.cli.prompter import QuestionaryPrompter, pause_text
from solo.core.questions import Question
from solo.engine import simulate

#: The digest's heading, as a person recognises it.
DIGEST = "since your last answer (l: read"


class Terminal:
    """A terminal of ``columns`` x ``lines``, fed what solo writes (a line break as the tty
    driver makes it: back to the start of the next line)."""

    def __init__(self, columns: int, lines: int) -> None:
        self.columns, self.lines = columns, lines
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.Stream(self.screen)
        #: a digest was written since the last answer
        self.digest = False

    def write(self, line: str) -> None:
        self.feed(line + "\n")
        self.digest = self.digest or DIGEST in line

    def feed(self, text: str) -> None:
        self.stream.feed(text.replace("\n", "\r\n"))

    def display(self) -> list[str]:
        """The rows on screen (pyte's ``display``, without its care for wide characters, which
        solo never writes)."""
        shown = []
        for y in range(self.lines):
            row = [" "] * self.columns
            for x, char in self.screen.buffer[y].items():
                row[x] = char.data
            shown.append("".join(row).rstrip())
        return shown


class TerminalPrompter(QuestionaryPrompter):
    """Questions and pauses drawn on a :class:`Terminal` as questionary draws them, answered by
    ``answer(question, screen rows)``; ``moment(rows)`` is told what the screen shows while
    each waits for a key.  Its player gives every answer the long way (no shortcut menus: what
    is on the screen between answers is the same either way)."""

    takes_shortcuts = False

    def __init__(self, terminal: Terminal, answer: Callable[[Question, Terminal], Any],
                 moment: Callable[[Callable[[], list[str]], bool], None]) -> None:
        super().__init__()
        self.terminal = terminal
        self.answer = answer
        self.moment = moment
        self.asked = 0

    def can_answer(self, qid: str) -> bool:
        return True

    def ask(self, q: Question) -> Any:
        t = self.terminal
        drawn = self.rows(q, t.columns)
        t.feed(f"? {q.id}" + "\n" * (drawn - 1))  # (its rows: what it says is no matter here)
        self.moment(t.display, False)
        value = q.parse(self.answer(q, t))
        if value != "log":
            self.moment(lambda: [], True)
            t.digest = False
        self.asked += 1
        # once answered, questionary leaves one line: the question and its answer
        t.feed((f"\x1b[{drawn - 1}A" if drawn > 1 else "") + "\r\x1b[J")
        t.feed(f"?#{self.asked} {q.id} {value}"[:t.columns] + "\n")
        return value

    def pause(self, text: str, room: int | None = None) -> None:
        t = self.terminal
        t.feed(" " + pause_text(text, t.columns))
        self.moment(t.display, False)
        t.feed("\n")


class Watcher:
    """What the Dummy Mage wrote since the last answer, and whether each line was seen.

    ``log`` gives the game's log as it stands; a line of an entry of the Dummy Mage's is owed
    from the moment the entry is written until it is seen at a moment the game waits (below the
    last answer's line, when that is still on screen), and none may be owed at an answer."""

    def __init__(self, log: Callable[[], list[dict]], columns: int, lines: int) -> None:
        self.log = log
        self.columns, self.lines = columns, lines
        self.read = 0  # entries of the log looked at
        self.owed: list[tuple[list[str], bool]] = []  # rows of each entry not seen yet
        self.seen = 0  # entries seen
        self.moments = 0
        self.unseen: list[str] = []  # what was owed at an answer: the failures

    def _take(self) -> None:
        log = self.log()
        for entry in log[self.read:]:
            if entry["who"] == "dm":
                rows = [row for line in entry["lines"]
                        for row in term.wrap(line, self.columns, indent="  ")]
                # (only a step whose lines are more than a page is read over two pages)
                self.owed.append((rows, len(rows) > self.lines - 2))
        self.read = len(log)

    def moment(self, display: Callable[[], list[str]], answer: bool) -> None:
        """The game waits with ``display()`` on screen, or (``answer``) it was answered."""
        if answer:
            self.unseen += [row for rows, _ in self.owed for row in rows]
            self.owed = []
            return
        self._take()
        self.moments += 1
        if not self.owed:
            return
        shown = display()
        marks = [i for i, row in enumerate(shown) if row.startswith("?#")]
        new = shown[marks[-1] + 1:] if marks else shown
        left = []
        for rows, long in self.owed:
            rows = [r for r in rows if r not in new] if long else [] if _within(rows, new) else rows
            if rows:
                left.append((rows, long))
            else:
                self.seen += 1
        self.owed = left


def _within(rows: list[str], shown: list[str]) -> bool:
    """Whether ``rows`` are on the screen one under the other."""
    n = len(rows)
    return any(shown[i:i + n] == rows for i in range(len(shown) - n + 1))


class Player(simulate.Opponent):
    """The simulator's skilled opponent answering as a person would at the terminal: it reads
    a digest in full (``l``) before answering, and finishes at the end."""

    reads = True

    def __init__(self, game: Callable[[], Any], skill: str = "skilled") -> None:
        self._game = game
        self.skill = skill
        self.mana = 0
        self.round_paid = 0
        self.plan: dict = {}
        self.read_digest = False
        self.digests = 0

    @property  # type: ignore[override]
    def game(self):
        return self._game()

    def answer(self, q: Question, terminal: Terminal) -> Any:
        if "log" in q.escapes and not self.read_digest and terminal.digest:
            self.read_digest = True
            self.digests += 1
            return "log"
        self.read_digest = False
        if q.id == "setup.start":
            return "start"
        if q.id == "end.next":
            return "finish"
        self._channel()
        bare = Question(q.id, q.kind, q.message,
                        tuple(c for c in q.choices if getattr(c, "value", c) not in q.escapes),
                        q.default, q.min, q.max, q.validate) if q.kind == "select" else q
        return self._answer(bare)


def play(journal, seed: int, columns: int, lines: int, compact: bool, monkeypatch,
         layout_check: bool = True) -> tuple[Watcher, Player, Terminal]:
    """One whole game of ``seed`` played at a virtual terminal; returns what watched it."""
    from solo.cli.commands.play import play_session
    from solo.cli.screen import Screen
    from solo.engine.session import Session

    sessions: list[Session] = []
    start = getattr(Session.start, "unwatched", Session.start)

    def started(*args: Any, **kwargs: Any) -> Session:
        session = start(*args, **kwargs)
        sessions.append(session)
        return session

    started.unwatched = start  # type: ignore[attr-defined]
    monkeypatch.setattr(Session, "start", started)
    terminal = Terminal(columns, lines)
    player = Player(lambda: sessions[-1].game)
    watcher = Watcher(lambda: sessions[-1].game.log if sessions else [], columns, lines)
    prompter = TerminalPrompter(terminal, player.answer, watcher.moment)
    screen = Screen(terminal.write, live=True, size=lambda: (columns, lines), compact=compact)
    play_session(journal, prompter, resume=False, name=f"vt-{seed}-{columns}", seed=seed,
                 color=False, screen=screen)
    return watcher, player, terminal
