"""A game played through the journal: each step committed whole, undo and redo by replay.

:class:`Session` holds a :class:`~solo.engine.game.Game` and its rows in the
:class:`~solo.store.journal.Journal`.  :meth:`Session.play_one` plays one step; the answers given
during it are recorded by the game (:attr:`Game.recorded`) and written with the step's log
entries in one transaction once the step is complete.  Anything that stops a step before that
(Ctrl-C, a signal, an error, a missing scripted answer) leaves nothing of it in the journal.

Rebuilding a game at step ``n`` (resume, undo, redo) restores the last checkpoint at or before
``n`` and replays the recorded answers of the steps after it through the same engine; every
replayed step must write exactly the log entries it wrote when it was played, or the journal
no longer replays (an engine change) and the game is refused with the step to go back to.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from solo.core.errors import SoloError
from solo.engine.game import ENGINE, Game, Settings, Step, Undo
from solo.core.kinds import Side
from solo.store.holders import Lease
from solo.store.lock import GameLock
from solo.store.journal import (CHECKPOINT_EVERY, GameInfo, Journal, JournalError, StepRow,
                                StorageError, name_option)
from solo.core.questions import AnswerError, Choice, Prompter, Question

#: "Go back to one of my earlier steps" lists this many of your steps at a time (with earlier
#: and later pages, so that every one of them can be reached and each keeps a key).
UNDO_LIST = 15
#: The questions whose answer names the card a step played: the list of steps says it.
_CARD_ANSWERS = ("turn.spell.card", "turn.spell.enchantment", "turn.summon.card",
                 "own.equipment", "own.conjuration", "own.enchantment")


class ReplayMismatch(JournalError):
    """A recorded game that this engine no longer plays the same way."""


class ReplayPrompter(Prompter):
    """Gives a step's recorded answers back, in order, each checked against its question."""

    def __init__(self, answers: list[Any] | None, n: int) -> None:
        self.answers = list(answers or [])
        self.n = n
        self.i = 0

    def ask(self, q: Question) -> Any:
        if self.i >= len(self.answers):
            raise ReplayMismatch(f"step {self.n} now asks {q.id!r}, which was not asked when it "
                                 "was played")
        qid, value = self.answers[self.i]
        self.i += 1
        if qid != q.id:
            raise ReplayMismatch(f"step {self.n} now asks {q.id!r} where it asked {qid!r}")
        try:
            return q.parse(value)
        except AnswerError as err:
            raise ReplayMismatch(f"step {self.n}: the answer to {q.id!r} no longer fits ({err})") from None

    def done(self) -> bool:
        return self.i == len(self.answers)


def _status(game: Game) -> tuple[str, str | None]:
    if not game.over:
        return "playing", None
    outcome = game.phase.outcome
    return "over", outcome.result if outcome is not None else None


class Session:
    def __init__(self, journal: Journal, info: GameInfo, game: Game, rows: list[StepRow],
                 redo: list[StepRow]) -> None:
        self.journal = journal
        self.info = info
        self.game = game
        self.rows = rows  # the live steps
        self.redo_rows = redo  # steps undone, that redo can bring back
        self.checkpoints = set(journal.checkpoints(info.id))
        self.lock: GameLock | None = None
        self.on_output: Callable[[str], None] = lambda text: None
        #: how many times the game was rebuilt at another step (undo, redo, a step gone back
        #: to): what a person was shown of the board before may no longer be true
        self.moves = 0

    # -- opening -------------------------------------------------------------------------------
    @classmethod
    def start(cls, journal: Journal, settings: Settings, deckset: Any = None) -> "Session":
        game = Game.new(settings, deckset=deckset)
        info = journal.create(settings.name, settings_dict(settings), ENGINE, game.state())
        return cls(journal, info, game, [], [])

    @classmethod
    def open(cls, journal: Journal, info: GameInfo, at: int | None = None,
             hold: bool = False) -> "Session":
        """The game as it stands (or after step ``at``), rebuilt from the journal.  ``hold``:
        take the game's lock first, so that a game played elsewhere is refused before
        anything of it is read or changed."""
        lock = GameLock(journal, info) if hold else None
        if lock is not None:
            lock.acquire()
        try:
            session = cls._open(journal, info, at, lock.lease if lock is not None else None)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        session.lock = lock
        if lock is not None:
            journal.playing(info.id)
        return session

    @classmethod
    def _open(cls, journal: Journal, info: GameInfo, at: int | None,
              lease: Lease | None = None) -> "Session":
        rows, redo, bad = journal.read_steps(info.id)
        settings = load_settings(info.settings)
        n = len(rows) if at is None else at
        if bad is not None and (bad.n <= n or at is None and not bad.undone):
            raise JournalError(f"game {info.name!r}: {bad}; go back to the step before it with: "
                               f"solo play --resume {name_option(info.name)} --at-step {bad.n - 1}"
                               " (the steps from it on are lost)")
        if not 0 <= n <= len(rows):
            raise JournalError(f"game {info.name!r} has {len(rows)} steps; choose a step from 0 "
                               f"to {len(rows)}")
        game = rebuild(journal, info, settings, rows, n)
        if n < len(rows):  # going back: the steps after n can be redone
            redo = rows[n:] + redo
            rows = rows[:n]
            journal.set_length(info.id, n, _status(game), lease)
        if info.engine != ENGINE:
            journal.set_engine(info.id, ENGINE)  # it replayed identically
        return cls(journal, info, game, rows, redo)

    def hold(self) -> "Session":
        """Take the game's lock: no other session may play it until this one ends."""
        self.lock = GameLock(self.journal, self.info)
        self.lock.acquire()
        self.journal.playing(self.info.id)
        return self

    @property
    def lease(self) -> Lease | None:
        """This session's hold on its game (None when it holds none: its writes are not
        checked against another session's)."""
        return self.lock.lease if self.lock is not None else None

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # -- playing -------------------------------------------------------------------------------
    def play_one(self) -> Step | None:
        """One step, committed whole; None after an undo, a restarted step, or at the end."""
        game = self.game
        before = len(game.log)
        step = game.play_one()
        if isinstance(step, Undo):  # answered at the step's first question: back past it
            self.undo_menu()
            return None
        if step is None:
            return None
        self._commit(step, game.log[before:])
        return step

    def _commit(self, step: Step, entries: list[dict[str, Any]]) -> None:
        n = len(self.rows) + 1
        row = StepRow(n, step.who, step.label, step.round or self.game.phase.round,
                      list(self.game.recorded) or None, entries, time.time())
        if (row.answers is None and self.redo_rows and not self.redo_rows[0].asked
                and self.redo_rows[0].entries == entries):
            # nobody was asked and it wrote what the first step to redo wrote: that step,
            # redone (the steps after it can still be redone, until a new answer)
            self.journal.set_length(self.info.id, n, _status(self.game), self.lease)
            self.rows.append(self.redo_rows.pop(0))
            return
        last_cp = max((c for c in self.checkpoints if c < n), default=0)
        checkpoint = self.game.state() if n - last_cp >= CHECKPOINT_EVERY or self.game.over else None
        self.journal.commit_step(self.info.id, row, checkpoint,
                                 status=_status(self.game) if self.game.over else None,
                                 lease=self.lease)
        self.checkpoints = {c for c in self.checkpoints if c < n}  # those after n went with it
        self.redo_rows = []
        self.rows.append(row)
        if checkpoint is not None:
            self.checkpoints.add(n)

    # -- undo and redo ---------------------------------------------------------------------------
    def undo(self) -> str | None:
        """Back to before your last answered step (with the bookkeeping steps after it);
        returns its label, or None when there is nothing to undo."""
        asked = [i for i, r in enumerate(self.rows) if r.asked]
        if not asked:
            return None
        return self.go_to(asked[-1])

    def redo(self) -> str | None:
        """Bring back what the last undo took away; returns the label of your step redone."""
        if not self.redo_rows:
            return None
        upto = len(self.redo_rows)
        for i, r in enumerate(self.redo_rows[1:], 1):
            if r.asked:
                upto = i
                break
        return self.go_to(len(self.rows) + upto)

    def go_to(self, n: int) -> str:
        """The game as it was after step ``n`` (undone steps after it can be redone)."""
        every = self.rows + self.redo_rows
        settings = self.game.settings
        game = rebuild(self.journal, self.info, settings, every, n)
        # the ways of asking and showing go on (none is bound to the game left behind: the
        # board is shown from the game it is asked of)
        game.prompter, game.on_output, game.show_board = (self.game.prompter, self.game.on_output,
                                                           self.game.show_board)
        game.look_up = self.game.look_up
        if n < len(self.rows):  # back: the first step taken away is yours
            label = self.rows[n].label
        elif n > len(self.rows):  # redo: the first step brought back is yours
            label = every[len(self.rows)].label
        else:
            label = "nothing"
        self.journal.set_length(self.info.id, n, _status(game), self.lease)
        self.rows, self.redo_rows = every[:n], every[n:]
        self.game = game
        self.moves += 1
        return label

    def undo_menu(self) -> None:
        """You asked to undo: go back one of your steps, then choose to go on, undo more, redo,
        or go back to one of your earlier steps."""
        try:
            label = self.undo()
        except JournalError as err:  # it does not replay: the game stays as it was
            if isinstance(err, StorageError):
                raise
            self.on_output(f"Cannot undo: {err}")
            return
        if label is None:
            self.on_output("Nothing to undo yet.")
            return
        self.on_output(f"undo: {label}")
        prompter = self.game.prompter
        if prompter is None:
            return
        while True:
            choices = [Choice("Go on from here", "go"), Choice("Undo one more of my steps", "undo")]
            if self.redo_rows:
                choices.append(Choice("Redo what I undid", "redo"))
            mine = [(i, r) for i, r in enumerate(self.rows) if r.asked]
            if len(mine) > 1:
                choices.append(Choice("Go back to one of my earlier steps...", "pick"))
            choices.append(Choice("Show the board", "board"))
            what = prompter.ask(Question("undo.next", "select",
                                         f"The game stands after step {len(self.rows)}. What now?",
                                         tuple(choices), default="go"))
            if what == "go":
                return
            if what == "board":
                self.on_output(self.game.show_board(self.game.board))
                continue
            try:
                if what == "undo":
                    label = self.undo()
                    self.on_output(f"undo: {label}" if label else "Nothing more to undo.")
                elif what == "redo":
                    label = self.redo()
                    self.on_output(f"redo: {label}" if label else "Nothing to redo.")
                elif what == "pick":
                    pick = self._pick_step(prompter, mine)
                    if pick is not None:
                        label = self.go_to(pick)
                        self.on_output(f"back to before: {label}")
            except JournalError as err:  # it does not replay: the game stays as it was
                if isinstance(err, StorageError):
                    raise
                self.on_output(f"Cannot do that: {err}")

    def _pick_step(self, prompter: Prompter, mine: list[tuple[int, StepRow]]) -> int | None:
        """One of your steps to go back to just before (None: cancelled), from a list of
        :data:`UNDO_LIST` at a time, the latest first, with pages of earlier and later ones."""
        newest = list(reversed(mine))
        start = 0
        while True:
            page = newest[start:start + UNDO_LIST]
            choices = [Choice(step_title(r), i) for i, r in page]
            if start + UNDO_LIST < len(newest):
                choices.append(Choice(f"Earlier steps ({len(newest) - start - UNDO_LIST} more)",
                                      "earlier"))
            if start:
                choices.append(Choice("Later steps", "later"))
            choices.append(Choice(f"Cancel (stay after step {len(self.rows)})", "cancel"))
            pick = prompter.ask(Question("undo.to", "select",
                                         "Go back to just before which of your steps?",
                                         tuple(choices), default=page[0][0]))
            if pick == "cancel":
                return None
            if pick in ("earlier", "later"):
                start = max(0, start + (UNDO_LIST if pick == "earlier" else -UNDO_LIST))
                continue
            return int(pick)


def step_title(row: StepRow) -> str:
    """A step as the list of steps to go back to names it: its number, round and label, with the
    card it played when its label does not say (``your quickcast (Fireball)``)."""
    cards = [str(a) for q, a in row.answers or () if q in _CARD_ANSWERS and str(a) not in row.label]
    return f"{row.n}. round {row.round} - {row.label}" + (f" ({', '.join(cards)})" if cards else "")


def open_saved(name: str, folder: Any = None) -> Session:
    """The game called ``name`` in the data folder's journal, rebuilt, without taking its lock
    (to read it: tests, export)."""
    from solo.decks.sets import user_data_dir

    with Journal(folder or user_data_dir()) as journal:
        info = journal.find(name)
        if info is None:
            raise JournalError(f"no game called {name!r} (see solo play --list)")
        return Session.open(journal, info)


def settings_dict(settings: Settings) -> dict[str, Any]:
    from dataclasses import asdict

    return asdict(settings)


def load_settings(raw: dict[str, Any]) -> Settings:
    return Settings.from_dict(raw)


def rebuild(journal: Journal, info: GameInfo, settings: Settings, rows: list[StepRow],
            n: int) -> Game:
    """The game after step ``n`` of ``rows``: the last checkpoint at or before it, then the
    recorded answers of the steps after it, replayed; each must write what it wrote."""
    for cp, state in journal.checkpoint_states(info.id, n):
        try:
            game = Game.from_state(settings, state, [e for r in rows[:cp] for e in r.entries])
            break
        except (SoloError, KeyError, TypeError, ValueError):  # damaged: the one before it
            continue
    else:
        raise JournalError(f"game {info.name!r} has no starting point left in the database at or "
                           f"before step {n}; it cannot be rebuilt")
    for row in rows[:cp]:  # the steps of yours it starts after ("as last round")
        if row.who == Side.YM:
            game.spared.remember(row.round, row.answers)
    for row in rows[cp:n]:
        replay_step(game, row, info)
    return game


def replay_step(game: Game, row: StepRow, info: GameInfo | None = None) -> None:
    before = len(game.log)
    prompter = ReplayPrompter(row.answers, row.n)
    game.prompter, saved = prompter, game.prompter
    output, game.on_output = game.on_output, lambda text: None
    try:
        try:
            step = game.play_one()
        except SoloError as err:
            if isinstance(err, ReplayMismatch):
                raise
            raise ReplayMismatch(f"step {row.n} fails now ({err})") from None
        if isinstance(step, Undo):
            raise ReplayMismatch(f"step {row.n} now asks for an undo")
        if step is None or not prompter.done() or game.log[before:] != row.entries:
            raise ReplayMismatch(f"step {row.n} ({row.label}) plays differently now")
    except ReplayMismatch as err:
        if info is None:
            raise
        raise ReplayMismatch(
            f"game {info.name!r} (played with {info.engine}) no longer replays as recorded (another "
            f"version of solo, or a damaged database): {err}. Go back to the last step that "
            f"replays with: solo play --resume {name_option(info.name)} --at-step {row.n - 1}"
            ) from None
    finally:
        game.prompter, game.on_output = saved, output
