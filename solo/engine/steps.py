"""What a step of a game ends with: the :class:`Step` it played, or an :class:`Undo` that goes
back past it; and the escapes a person may answer at any question.

A step asks its questions through :meth:`solo.engine.game.Game.ask`.  Five extra answers are
accepted at every one: ``board`` (show the map), ``rules`` (look a term up) and ``log`` (the
last steps) change nothing and the question is asked again; ``undo`` and ``edit`` are values,
:class:`Undo` and :class:`Edit` (:meth:`solo.engine.game.Game.answer` returns them), and end
the step.  Which step an undo reaches is decided at the question answered with it: at the
step's first question it reaches back past the step, to your last one (:attr:`Reach.BACK`, the
journal's job: see :mod:`solo.engine.session`); at a later one it starts this step again
(:attr:`Reach.STEP`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, Protocol, Final

from solo.core.kinds import Stage
from solo.core.questions import Prompter, Question
from solo.engine.rounds import RoundState
from solo.engine.shortcuts import Spared
from solo.rules.board import Board
from solo.rules.combat import AttackResult
from solo.rules.decision import Decision
from solo.rules.dice import DiceSource
from solo.rules.upkeep import Event
from solo.rules.said import Said

__all__ = ["GameView", "Step", "Free", "Undo", "Edit", "Escape", "Reach", "Interrupted", "ESCAPES",
           "SHOW", "EDIT", "UNDO", "RULES", "LOG", "YOUR_QUICKCAST", "YOU_REVEAL"]

SHOW: Final = "board"
EDIT: Final = "edit"
UNDO: Final = "undo"
RULES: Final = "rules"
LOG: Final = "log"
ESCAPES: Final = (SHOW, EDIT, UNDO, RULES, LOG)
#: The label of the step of your quickcast (in a quickcast stage or between your Action Phases).
YOUR_QUICKCAST: Final = "your quickcast"
#: The step of a reveal of yours, which uses up nothing.
YOU_REVEAL: Final = "you reveal an enchantment"


#: A step's lines: sentences, or the rules' records of them (:class:`Said`), worded when the
#: step is logged (solo.text.render).
Lines = list[str | Said]


@dataclass
class Step:
    """What one step did: its label (shown by undo) and the lines for the person.

    ``data`` (saved in the log) holds what a Dummy Mage decision did, for statistics.  The
    other fields are for checking a game against the rules while it is played (see
    :mod:`solo.engine.conformance`) and are not saved: the round and stage the step was played in,
    the object whose Action Phase it was, the Dummy Mage's decision, every attack result and
    every upkeep or end-of-phase event.
    """

    label: str
    who: str
    lines: Lines = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    round: int = 0
    stage: Stage | None = None
    actors: list[str] = field(default_factory=list, repr=False)
    decision: Decision | None = field(default=None, repr=False)
    results: list[AttackResult] = field(default_factory=list, repr=False)
    events: list[Event] = field(default_factory=list, repr=False)
    touched: list[str] = field(default_factory=list, repr=False)  # changed by your typed report

    def __init__(self, label: str, who: str, lines: Lines | None = None,
                 data: dict[str, Any] | None = None, round: int = 0, stage: Stage | None = None,
                 actors: list[str] | None = None, decision: Decision | None = None,
                 results: list[AttackResult] | None = None, events: list[Event] | None = None,
                 touched: list[str] | None = None) -> None:
        """The fields, in order (written here, not by the dataclass, whose calls of each list's
        factory cost a step about 1,450 instructions more: every step makes one)."""
        self.label = label
        self.who = who
        self.lines = [] if lines is None else lines
        self.data = {} if data is None else data
        self.round = round
        self.stage = stage
        self.actors = [] if actors is None else actors
        self.decision = decision
        self.results = [] if results is None else results
        self.events = [] if events is None else events
        self.touched = [] if touched is None else touched


class Free(list[str | Said]):
    """The lines of something of yours that takes no action and no quickcast: revealing a hidden
    enchantment (the codex: it only costs its reveal cost)."""


class Reach(Enum):
    """How far an undo goes back."""

    STEP = "step"  # to the start of the step it was answered in: the step is asked again
    BACK = "back"  # to before your last answered step (answered at a step's first question)


@dataclass(frozen=True)
class Undo:
    """The person answered ``undo``."""

    reach: Reach


@dataclass(frozen=True)
class Edit:
    """The person answered ``edit``: the step is left and the board corrected instead."""


Escape = Undo | Edit


class Interrupted(Exception):
    """The step in progress ends at an escape answered deep inside it (a question a rule asked
    while rolling your dice, say): carries the :data:`Escape` from the question back to
    :meth:`solo.engine.game.Game.play_one`, which hands it on as a value.  Nothing outside the
    game sees it."""

    def __init__(self, escape: Escape) -> None:
        super().__init__(escape)
        self.escape = escape


class GameView(Protocol):
    """What your side's turn (:mod:`solo.engine.your_turn`) and the board edits
    (:mod:`solo.engine.edits`) use of the game they are played in
    (:class:`solo.engine.game.Game`): its board and round of the moment, its dice, and its way
    of asking and telling the person."""

    board: Board
    phase: RoundState
    on_output: Callable[[str], None]
    spared: Spared
    #: whether its steps are logged (see Game.logs): the words only a log reads are made then
    logs: bool
    #: who answers, and the answers of the step in progress (see YourAttacks.pick)
    prompter: Prompter | None
    recorded: list[list[Any]]

    @property
    def dice(self) -> DiceSource: ...

    def ask(self, q: Question) -> Any: ...

    def reads(self) -> bool: ...

    def shortcuts(self) -> bool: ...
