"""A whole game against the Dummy Mage, one step at a time, with its log: the round machine.

:class:`Game` holds what a game is: the settings, the board, the random generator's state,
where in the round we are (``phase``, a :class:`~solo.engine.rounds.RoundState`) and the log.
:meth:`Game.play_one` plays one step -- the ready stage, one quickcast, one of your turns, one
Dummy Mage creature action -- asking what it must know through a
:class:`~solo.core.questions.Prompter` and reporting through an ``on_output`` callback.  It never
prints and never saves: every answer given during a step is kept in :attr:`Game.recorded`, and
:mod:`solo.engine.session` commits the step to the journal and does undo and redo by replay.

The stages are here.  Your side's actions are in :mod:`solo.engine.your_turn` (``game.yours``),
board edits in :mod:`solo.engine.edits`, the save files of earlier versions in
:mod:`solo.engine.oldsaves`, the escapes and what a step ends with in :mod:`solo.engine.steps`.
At every question ``board``, ``rules`` and ``log`` are answered at once; ``undo`` and ``edit``
end the step: :meth:`Game.play_one` starts it again, returns the :class:`Undo` that reaches back
past it, or plays the edit as the step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Final

from solo.automaton import creatures
from solo.rules import decision as decisions
from solo.rules import combat
from solo.rules.abilities import actions
from solo.engine import quickcast_turn, turns
from solo.rules import upkeep
from solo.rules.pieces import MEMORY
from solo.rules.board import Board, Piece, new_board
from solo.store.board_file import from_dict as board_from_dict
from solo.cards.catalog import SPELL_DECKS, Defense, get_catalog
from solo.rules.dice import DiceSource, Label, SeededSource, TypedSource, face_to_d6
from solo.rules.effects import BoardNote, SetActive, SetRound, SetStage
from solo.rules.effects import apply as put, apply_all
from solo.core.errors import InvalidInput, SoloError, StaleMemory
from solo.core.questions import MORE, NOTHING, Choice, Prompter, Question, Shortcut
from solo.engine.edits import edit_board
from solo.engine.rounds import QuickcastTurn, RoundState, initiative_for_round, quickcast_order, quickcast_queue
from solo.engine.steps import (EDIT, ESCAPES, LOG, RULES, SHOW, UNDO, YOU_REVEAL, YOUR_QUICKCAST,
                               Edit, Escape, Free, Interrupted, Lines, Reach, Step, Undo)
from solo.engine.shortcuts import Spared
from solo.engine.your_turn import YourTurn
from solo.core.kinds import DM, YM, DeckKind, Side, Stage
from solo.text import naming
from solo.text import render
from solo.rules.said import Said
from solo.text.summary import summary as summary_lines

if TYPE_CHECKING:
    from solo.decks.sets import DeckSet

__all__ = ["Game", "Settings", "Step", "Undo", "Edit", "Reach", "ENGINE", "ESCAPES",
           "YOUR_QUICKCAST", "summary", "set_rng"]

#: The engine's version, stored with each game: change it when the same answers would no longer
#: play the same game.
ENGINE: Final = "solo-engine/9"
#: How many of the last steps the ``log`` escape shows.
LOG_STEPS: Final = 6


@dataclass
class Settings:
    ym_mage: str = "Beastmaster"
    dm_mage: str = "Warlock"
    dm_life: int | None = None  # None: the Dummy Mage's mage card's life
    decks: str = "Starter"  # a deck set name or a file
    dm_zone: str = "A1"
    ym_zone: str = "D3"
    seed: int = 0
    dice: str = "solo"  # "solo" rolls, or "physical": you roll and type the results
    draw: str = "solo"  # "solo" picks the Dummy Mage's cards, or "you" draw them and say which
    alternate_end: bool = True
    name: str = "game"

    @classmethod
    def from_dict(cls, raw: Any) -> Settings:
        """Checked settings from their saved form (ValueError or TypeError names what is
        wrong)."""
        if not isinstance(raw, dict):
            raise ValueError("settings must be an object")
        s = cls(**raw)
        for name, kind in (("ym_mage", str), ("dm_mage", str), ("decks", str), ("dm_zone", str),
                           ("ym_zone", str), ("seed", int), ("dice", str), ("draw", str),
                           ("alternate_end", bool), ("name", str)):
            if not isinstance(getattr(s, name), kind):
                raise ValueError(f"settings.{name} must be a {kind.__name__}")
        if s.dm_life is not None and not isinstance(s.dm_life, int):
            raise ValueError("settings.dm_life must be a whole number")
        if s.dice not in ("solo", "physical"):
            raise ValueError("settings.dice must be solo or physical")
        if s.draw not in ("solo", "you"):
            raise ValueError("settings.draw must be solo or you")
        return s


#: The stages each step asks about, as module globals: the same members (compared by identity),
#: found without an attribute look-up on their enum class each time.
_OVER: Final = Stage.OVER
_READY: Final = Stage.READY
_QC1: Final = Stage.QUICKCAST_1
_QC3: Final = Stage.QUICKCAST_3
#: Each stage's ``board_stage`` by the stage's value (asked twice a step: a dictionary read
#: instead of the property's call; keyed by the plain string, as hashing the member is a call)
_ON_BOARD: Final = {s.value: s.board_stage for s in Stage}
#: Likewise the sides a step names as members (its ``who``, the round's next side) and the
#: quickcast turns.
_SIDE_DM: Final = Side.DM
_SIDE_YM: Final = Side.YM
_QC_DM: Final = QuickcastTurn.DM
_QC_YOURS: Final = QuickcastTurn.YOURS
_QC_YOURS_OR_PASS_FIRST: Final = QuickcastTurn.YOURS_OR_PASS_FIRST


class Game:
    """A game being played: settings, board, dice, round and log, and the round machine that
    plays it one step at a time (see the module's text)."""

    #: (what the compiled build lets ``del`` take: a rating game's turn, let go as it ends so
    #: that no cycle is left to collect; see solo.engine.simulate)
    __deletable__ = ["yours"]

    def __init__(self, settings: Settings, board: Board, rng: SeededSource, phase: RoundState,
                 log: list[dict[str, Any]] | None = None) -> None:
        self.settings = settings
        self.board = board
        self.rng = rng
        self.phase = phase
        self.log: list[dict[str, Any]] = log or []
        self.prompter: Prompter | None = None
        self.on_output: Callable[[str], None] = lambda text: None
        #: the board at a glance, for a person: a view of the board it is given (so that a
        #: game rebuilt by an undo can take it over without showing the board undone)
        self.show_board: Callable[[Board], str] = lambda board: ""
        #: the rules at hand for a term (the CLI adds the rulings file; by default the glossary
        #: and the solo rules' steps)
        self.look_up: Callable[[str], str] = _look_up
        #: every answer given during the current step, as [question id, answer]: the record
        #: that replays it
        self.recorded: list[list[Any]] = []
        #: a step can be started again (undo within it) or edited; the simulator turns it off
        self.restartable = True
        #: the steps' lines are worded as they are logged; a headless game that nobody reads
        #: (the simulator's) leaves them as the rules recorded them, and saves the words' cost
        self.words = True
        #: every step is logged (a person reads the log back, a save keeps it); a game whose
        #: log nobody reads (the simulator's ratings) logs none, nor the summary at its end:
        #: it keeps only the data of the steps that have some (what was played): ``step_data``.
        #: Nor does it make the lines only a log reads: a Dummy Mage step's (its instructions
        #: and effect die; its creatures' commonest moves and attacks, and each of its attacks'
        #: own lines, are not made either) and the changes to mirror on the board after an attack.
        self.logs = True
        self.step_data: list[dict[str, Any]] = []
        #: the answers a person is spared, and their last Action Phases
        self.spared = Spared()
        #: your side's quickcasts and Action Phases, asked through this game
        self.yours = YourTurn(self)
        #: what the game's end was last found not to be near for (see :meth:`_check_end`)
        self._goes_on: tuple[Any, ...] | None = None

    # -- creation and checkpoints --------------------------------------------------------------
    @classmethod
    def new(cls, settings: Settings, deckset: DeckSet | None = None) -> "Game":
        """A new game; ``deckset`` (a resolved DeckSet) saves looking ``settings.decks`` up."""
        from solo.decks import sets as deck_mod

        catalog = get_catalog()
        deckset = deckset or deck_mod.resolve(settings.decks)
        problems = deck_mod.validate(deckset, catalog)
        if problems:
            raise InvalidInput(f"deck set {deckset.name} is not valid: {problems[0]} "
                               f"(see solo deck validate)")
        rng = SeededSource(settings.seed)
        piles = {}
        for deck in SPELL_DECKS:
            cards = [catalog.get(name).name for name, n in deckset.decks[deck].items() for _ in range(n)]
            rng.shuffle(cards)
            piles[deck] = cards
        board = new_board(settings.dm_mage, settings.ym_mage, dm_zone=settings.dm_zone,
                          ym_zone=settings.ym_zone, dm_life=settings.dm_life, decks=piles,
                          catalog=catalog)
        put(board, SetStage(Stage.READY))
        put(board, BoardNote("tally", {Side.DM.value: 0, Side.YM.value: 0}))
        return cls(settings, board, rng, RoundState())

    def state(self) -> dict[str, Any]:
        """A checkpoint: everything but the log, which is restored by its length."""
        return {"board": self.board.to_dict(), "rng": self.rng.get_state(),
                "phase": self.phase.to_dict(), "log_len": len(self.log)}

    @classmethod
    def from_state(cls, settings: Settings, state: dict[str, Any],
                   log: list[dict[str, Any]]) -> "Game":
        """A game from a checkpoint (:meth:`state`) and the log written up to it."""
        game = cls(settings, board_from_dict(state["board"]), SeededSource(settings.seed),
                   RoundState(), list(log))
        game.restore(state)
        return game

    def restore(self, state: dict[str, Any]) -> None:
        try:
            board = board_from_dict(state["board"], self.board.catalog)
            set_rng(self.rng, state["rng"])
            phase = RoundState.from_dict(state["phase"])
            log_len = state["log_len"]
            if not isinstance(log_len, int) or not 0 <= log_len <= len(self.log):
                raise ValueError("log_len")
        except (SoloError, KeyError, TypeError, ValueError, OverflowError) as err:
            raise InvalidInput(f"this undo step is damaged in the save ({err}); "
                               "fix the board with edit instead") from None
        self.board = board
        self.phase = phase
        del self.log[log_len:]

    # -- dice ----------------------------------------------------------------------------------
    @property
    def dice(self) -> DiceSource:
        if self.settings.dice != "physical":  # (solo rolls: nearly always)
            return self.rng
        return TypedSource(self._ask_dice, words=render.line)

    def _ask_dice(self, sides: int, count: int, label: Label) -> list[int]:
        label = render.line(label)
        if sides == 12:
            value = self.ask(Question("dice.d12", "int", f"Roll the effect die ({label}): result?",
                                      min=1, max=12))
            return [value] * count if count == 1 else [value] + self._ask_dice(12, count - 1, label)

        def check(text: str) -> str | None:
            parts = text.replace(",", " ").split()
            if len(parts) != count:
                return f"give {count} faces separated by spaces (- 1 2 1* 2*)"
            try:
                [face_to_d6(f) for f in parts]
            except SoloError as err:
                return str(err)
            return None

        text = self.ask(Question("dice.attack", "text",
                                 (f"{naming.cap(label)}. Roll them: faces? (- 1 2 1* 2*)"
                                  if "attack dice" in label else
                                  f"Roll {count} attack dice ({label}): faces? (- 1 2 1* 2*)"),
                                 validate=check))
        return [face_to_d6(f) for f in text.replace(",", " ").split()]

    def _ask_card(self, deck: str, pile: list[str]) -> str:
        """You drew the Dummy Mage's card from your shuffled physical deck: which one?"""
        names = tuple(dict.fromkeys(pile))
        return str(self.ask(Question("draw.card", "autocomplete",
                                 f"Draw the top card of the Dummy Mage's {deck} deck: which card is it?",
                                 names)))

    # -- asking ----------------------------------------------------------------------------------
    def ask(self, q: Question) -> Any:
        """Ask through the prompter (see :meth:`answer`); an ``undo`` or ``edit`` ends the step
        in progress: its :data:`Escape` is handed to :meth:`play_one`."""
        prompter = self.prompter
        if prompter is not None and not getattr(prompter, "reads", True):  # a program (as
            # answer() takes it, written out: every question of a simulated game)
            answer = prompter.ask(q)
            self.recorded.append([q.id, answer])
        else:
            answer = self.answer(q)
        if isinstance(answer, (Undo, Edit)):
            raise Interrupted(answer)
        return answer

    def answer(self, q: Question) -> Any:
        """The answer to ``q``, recorded, or the :data:`Escape` answered: ``board``, ``rules``
        and ``log`` are answered here and the question asked again; an undo answered at the
        step's first question reaches back past the step, at a later one to its start.  A
        person is spared what needs no thought (:mod:`solo.engine.shortcuts`): those answers are
        recorded as typed ones."""
        if self.prompter is None:
            raise SoloError(f"no way to ask question '{q.id}'")
        if not getattr(self.prompter, "reads", True):  # a program: never asks for the board,
            # a rule or an undo
            answer = self.prompter.ask(q)
            self.recorded.append([q.id, answer])
            return answer
        spared = self.shortcuts()
        if spared:
            given = self.spared.given(q, self.phase.round)
            if given is not NOTHING:
                self.recorded.append([q.id, given])
                return given
        shown = _escapable(q, q.shortcuts) if spared and q.shortcuts else _escapable(q)
        while True:
            answer = self.prompter.ask(shown)
            if answer == SHOW:
                self.on_output(self.show_board(self.board))
                continue
            if answer == RULES:  # the rules at hand; nothing about the game changes
                self.on_output(self._rules())
                continue
            if answer == LOG:  # what happened lately, read again; nothing changes
                self.on_output(self.recent())
                continue
            if answer == MORE:  # the shortcuts' menu: every choice of the question
                shown = _escapable(q)
                continue
            first = not self.spared.typed  # the step's first answer the person gave
            self.spared.typed += 1
            if isinstance(answer, Shortcut):
                answer = self.spared.took(answer, self.phase.round)
            self.recorded.append([q.id, answer])
            if answer == UNDO:
                return Undo(Reach.BACK if first else Reach.STEP)
            if answer == EDIT:
                return Edit()
            return answer

    def shortcuts(self) -> bool:
        """Whether a person answers, who is spared what needs no thought and offered shortcuts
        (see :mod:`solo.engine.shortcuts`)."""
        return getattr(self.prompter, "takes_shortcuts", False)

    def reads(self) -> bool:
        """Whether a person reads the questions (text only a person needs is left out else)."""
        return self.prompter is None or getattr(self.prompter, "reads", True)

    def recent(self, n: int = LOG_STEPS) -> str:
        """The last ``n`` steps of the log, for a person who lost track."""
        out = []
        for entry in self.log[-n:]:
            out.append(f"Step {entry['n']} (round {entry['round']}): {entry['label']}")
            out += [f"  {line}" for line in entry["lines"]]
        return "\n".join(out) or "Nothing has happened yet."

    def _rules(self) -> str:
        assert self.prompter is not None
        term = self.prompter.ask(Question("rules.term", "text",
                                          "Which trait, condition, step or ruling?", default=""))
        if not str(term).strip():
            return "(nothing looked up)"
        try:
            return self.look_up(str(term))
        except SoloError as err:
            return str(err)

    # -- the main loop ---------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase.over

    def play_one(self) -> Step | Undo | None:
        """Play one step, with edit handled; returns the step done, None when the step was
        started again (an undo after its first question) or the game is over, or the
        :class:`Undo` answered at the step's first question, which reaches back past it (going
        back is the journal's job, see :mod:`solo.engine.session`)."""
        if self.phase.stage is _OVER:  # (self.over, written out: asked every step)
            return None
        before = self.state() if self.restartable else None
        rnd, stage = self.phase.round, self.phase.stage
        self.recorded = []
        # (what a person is spared is read only where a person answers: a program's step leaves it)
        person = getattr(self.prompter, "reads", True)
        if person:
            self.spared.begin_step()
        board = self.board
        try:  # the step of the stage (written out: no call more a step)
            if board.stage != _ON_BOARD[stage._value_]:  # (stage.board_stage, written out)
                put(board, SetStage(stage))
            board.drawer = self._ask_card if self.settings.draw == "you" else None
            if stage is _READY:
                step = self._ready()
            elif stage is _QC1 or stage is _QC3:
                step = self._quickcast_stage(stage)
            else:
                step = self._creature_stage()
        except Interrupted as stop:
            ended = self._escaped(stop.escape, before)
            if not isinstance(ended, Step):
                return ended
            step = ended
        if step.who == YM and (self.restartable
                               or getattr(self.prompter, "takes_shortcuts", False)):  # for "as last
            # round": a headless game (not restartable) whose player takes no shortcut never
            # reads it (self.shortcuts(), written out)
            self.spared.remember(rnd, self.recorded)
        if person:
            self.spared.plan = []
        board = self.board  # (an escape may have restored another)
        # a standing rule, whatever changed (trim_corrode's first question asked here: no call)
        trimmed = board.trim_corrode() if board._clean != MEMORY.corrodes or MEMORY.check \
            else None
        if trimmed:
            for event in turns.trim_events(board, trimmed):
                step.lines.append(event.text)
                step.events.append(event)
        step.round = step.round or rnd
        step.stage = step.stage or stage
        now = self.phase.stage
        if board.stage != _ON_BOARD[now._value_]:  # (now.board_stage, without the property)
            put(board, SetStage(now))  # for the status line
        if self.words:  # the step's log record (written out: after every step)
            step.lines = [*render.lines(step.lines)]  # its sentences, from here on
        if self.logs:
            log = self.log
            entry = {"n": len(log) + 1, "round": step.round or self.phase.round,
                     "who": step.who, "label": step.label, "lines": list(step.lines)}
            if step.data:
                entry["data"] = step.data
            log.append(entry)
        elif step.data:
            self.step_data.append(step.data)
        if self.phase.stage is not _OVER:  # (see _check_end: its key made here, no call more
            # a step while the game surely goes on)
            mages, pile = board.mages, board.decks.get(_CREATURE_DECK)
            key = (board, MEMORY.changes, mages[DM].damage, mages[YM].damage,
                   len(pile) if pile else 0)
            if key != self._goes_on or MEMORY.check:
                self._check_end(key)
        return step

    def _escaped(self, escape: Escape, before: dict[str, Any] | None) -> Step | Undo | None:
        """The step was left at ``escape``: the board goes back to ``before`` it (the state
        at its start); an undo within it starts it again, one at its first question is handed
        back; an edit is asked for and is the step (None when cancelled)."""
        if isinstance(escape, Undo):
            if before is not None:
                self.restore(before)
            self.recorded = []
            self.spared.begin_step()
            if escape.reach is Reach.STEP:  # undo inside a step: start the step again
                self.on_output("Undo: back to the start of this step.")
                return None
            return escape
        if before is None:
            raise SoloError("this game cannot be edited") from None
        self.restore(before)
        try:
            edited = edit_board(self)
        except Interrupted:  # changed its mind while editing
            edited = None
        if edited is None:
            self.restore(before)
            self.recorded = []
        return edited

    def _check_end(self, key: tuple[Any, ...] | None = None) -> None:
        """The game ends here if a mage fell or the alternate tally says so (:meth:`play_one`
        asks after every step, with ``key``: what the game's end reads that a counted change
        does not tell).

        Most steps count no change: while the board, its count of changes, the mages' damage
        (never counted) and the creature deck's size (a draw is not counted) are as when the
        game last went on, it still goes on, and play_one does not ask.  Every other thing
        game_over reads (a mage's life and Tainted markers, the Dummy Mage's pieces) changes
        only with a counted change; with MEMORY.check it is asked and checked anyway."""
        outcome = upkeep.game_over(self.board, alternate=self.settings.alternate_end)
        if outcome is None:
            self._goes_on = key
            return
        if key is not None and key == self._goes_on:  # (only with MEMORY.check: see play_one)
            raise StaleMemory("game end", None, outcome)
        self._finish(outcome)

    def _finish(self, outcome: upkeep.Outcome) -> None:
        """The game is over: its outcome, and the summary logged (when the game logs)."""
        self.phase = self.phase.finished(outcome)
        if not self.logs:
            return
        lines = summary(self)
        self.log.append({"n": len(self.log) + 1, "round": self.phase.round, "who": GAME,
                         "label": "game over", "lines": lines})

    # -- steps -----------------------------------------------------------------------------------
    def _ready(self) -> Step:
        b = self.board
        rnd = self.phase.round
        logs = self.logs  # (the stage's lines: only a log reads them, see logs)
        put(b, SetRound(rnd, initiative_for_round(rnd)))
        lines: Lines = [f"Round {rnd} begins. Initiative: "
                        + ("the Dummy Mage." if b.initiative == DM else "you.")] if logs else []
        for c in b.creatures:  # a banished creature's action marker cannot change
            conditions = c.conditions  # (decisions.in_arena, written out)
            # (an active one's SetActive would change nothing: no change made; its marker is
            # never remembered, and nothing keeps a headless game's changes)
            if not c.active and ("Banish" not in conditions or conditions["Banish"] <= 0):
                put(b, SetActive(c.id, True))
        disabled = combat.reset_defenses(b)
        if logs:
            lines.append("Reset: every creature's action marker is active again, defenses are ready.")
            lines += [f"Reset: remove one Disable marker from {self._name(b.get(i))}." for i in disabled]
        changes, rearmed = actions.rearm(b)  # Disarm's markers on a mage's equipment
        apply_all(b, changes)
        invisible = combat.reset_invisible(b)
        if logs:
            lines += [f"Reset: remove the Disable marker from {', '.join(names)}, worn by "
                      f"{self._name(b.get(i))}." for i, names in rearmed]
            lines += [f"Reset: {self._name(b.get(i))} is Invisible again." for i in invisible]
            lines.append("Channel: take your mana (the Dummy Mage has none to manage).")
        dice = self.dice
        events = upkeep.upkeep(b, dice, _SIDE_DM) + upkeep.upkeep(b, dice, _SIDE_YM)
        if logs:
            lines += [Said("step.labelled", label="Upkeep", lines=[e.text for e in events])] \
                if events else ["Upkeep: nothing to resolve on either side."]
            if upkeep.game_over(b, alternate=self.settings.alternate_end) is None:  # else nothing to plan
                lines.append("Pay your own upkeep costs, then plan your two spells and deploy.")
        self.phase = self.phase.quickcast_1(self._qc_order(b.initiative))
        return Step(f"round {rnd}: ready stage", GAME, lines, events=events)

    @staticmethod
    def _qc_order(initiative: str) -> list[QuickcastTurn]:
        """Pending quickcasts of a stage (see :func:`solo.engine.rounds.quickcast_queue`)."""
        return quickcast_queue(initiative)

    def _quickcast_stage(self, stage: Stage) -> Step:
        order = self.phase.queue
        if not order:
            return self._advance_stage(stage)
        token = order[0]
        if token is _QC_DM:
            order.pop(0)
            decision = quickcast_turn.dm_quickcast(self.board, self.dice,
                                                   ask_defense=self._ask_defense,
                                                   logs=self.logs)
            return self._dm_step(decision, _QUICKCAST)
        # your quickcast
        if stage is _QC3 and self.phase.your_quickcast_used:
            order.pop(0)
            return self._quickcast_stage(stage)
        allow_pass_first = token is _QC_YOURS_OR_PASS_FIRST
        yours = self.yours
        # asked again after you passed first: the Dummy Mage's quickcast came between
        lines = yours.quickcast(first=allow_pass_first,
                                again=token is _QC_YOURS and self.board.initiative == YM)
        if isinstance(lines, Free):  # a reveal: the quickcast is asked again
            return Step(YOU_REVEAL, _SIDE_YM, lines, touched=yours.touched)
        order.pop(0)
        if lines is None:  # passed
            if allow_pass_first:
                order[:] = quickcast_order(_SIDE_YM, you_pass=True)
            return Step("you pass your quickcast", _SIDE_YM, ["You pass."])
        self.phase.your_quickcast_used = True
        return Step(YOUR_QUICKCAST, _SIDE_YM, lines, results=yours.results, touched=yours.touched)

    def _advance_stage(self, stage: Stage) -> Step:
        rnd = self.phase.round
        if stage is _QC1:
            self.phase = self.phase.creatures(first=self.board.initiative)
            if not self.logs:  # (its line, and the look it takes, only for a log: see logs)
                return Step("creature actions begin", GAME, [])
            if not creatures.active_creatures(self.board, DM):  # (its mage never acts here)
                line = "Creature actions: the Dummy Mage has no creature ready to act, so only yours act."
            else:
                line = "Creature actions: you and the Dummy Mage take turns, " \
                    + ("the Dummy Mage first." if self.board.initiative == DM else "you first.")
            return Step("creature actions begin", GAME, [line])
        # end of the round
        events = upkeep.end_round(self.board)
        self.phase = self.phase.next_round()
        return Step(f"round {rnd} ends", GAME,
                    ([e.text for e in events] or [f"Round {rnd} is over."]) if self.logs else [],
                    round=rnd, events=events)

    def _creature_stage(self) -> Step:
        ph = self.phase
        dm_left = creatures.active_creatures(self.board, DM)
        if ph.you_done and not dm_left:
            self.phase = ph.quickcast_3(self._qc_order(self.board.initiative))
            return Step("creature actions end", GAME, ["Every creature has acted: final quickcasts."])
        if ph.you_done:  # you are done: your creatures cannot make it wait any more
            for c in self.board.kept_side(YM):  # (put changes no list: the kept one read)
                if c.active:  # (else no change: every Dummy Mage step after you are done)
                    put(self.board, SetActive(c.id, False))
        if ph.next == DM and dm_left:
            # (its own creatures are as they were: only yours were made inactive above)
            decision = turns.dm_creature_action(self.board, self.dice, ask_defense=self._ask_defense,
                                                dm_active=dm_left, logs=self.logs)
            if not ph.you_done:
                ph.next = _SIDE_YM
            return self._dm_step(decision, _CREATURE_ACTION)
        if ph.you_done:
            ph.next = _SIDE_DM
            return self._creature_stage()
        step = self.yours.turn(dm_left)  # (the board has not changed since dm_left)
        if step.label != YOUR_QUICKCAST:  # a quickcast is no Action Phase: your turn goes on
            ph.next = _SIDE_DM
        return step

    def _dm_step(self, decision: decisions.Decision, kind: str) -> Step:
        """The step of a Dummy Mage ``decision`` (``kind``: its label's start, a quickcast or a
        creature action).  A game that logs nothing reads only its data (see logs): it is made
        with its label's start, no lines, and none of what the rules checker reads
        (solo.engine.conformance checks a logged game)."""
        data = decision.data
        if not self.logs:
            return Step(kind, _SIDE_DM, [], _facts(decision))
        if kind == _QUICKCAST:
            what = data.get("card") or _QUICKCAST_LOST.get(decision.action, decision.action)
            label = f"{kind}: {what}"
        else:
            label = f"{kind}: {decision.action}"
            if "creature" in data:
                label += f" ({data['creature']})"
        lines: list[str | Said] = [Said("step.numbered", lines=list(decision.instructions))]
        rolls = decision.rolls
        if rolls:  # (one die, nearly always: its line made once, below)
            lines.append(_EFFECT_DIE[rolls[0]] if len(rolls) == 1 and 0 < rolls[0] <= 12
                         else f"(effect die: {', '.join(map(str, rolls))})")
        actor = data.get("creature") or data.get("actor")
        # (the Step's fields by place: a Dummy Mage step after every one of its actions)
        return Step(label, _SIDE_DM, lines, _facts(decision), 0, None,
                    [actor] if actor and decision.action not in ("pass", "none") else [],
                    decision, list(decision.results), list(decision.events))

    def _ask_defense(self, target: Piece, defense: Defense, modifier: int, offer: Said) -> bool:
        """Your object may try its Defense against the Dummy Mage's attack: your choice, asked
        after the attack it is about (who attacks it with what, how many dice) and with the
        Defense's chance."""
        if target.side != YM:
            return True
        return bool(self.ask(Question("defense.use", "confirm",
                                      render.line(offer) if self.reads() else "Use the Defense?",
                                      default=True)))


    def _name(self, p: Piece) -> str:
        return naming.label_of(self.board, p)


#: The start of a Dummy Mage step's label (see Game._dm_step), and a quickcast's label that
#: names no card, by its action.
_QUICKCAST: Final = "quickcast"
_CREATURE_ACTION: Final = "creature action"
_QUICKCAST_LOST: Final = {"lose-turn": "turn lost"}
#: The line of a Dummy Mage step that rolled one effect die, by its value (index 0 unused).
_EFFECT_DIE: Final = tuple(f"(effect die: {v})" for v in range(13))

#: The creature deck's key (the plain string, as upkeep.game_over reads it).
_CREATURE_DECK: Final[str] = DeckKind.CREATURE.value

#: The log's ``who`` of the steps of the game itself (a stage begins or ends, the game ends).
GAME: Final = "game"


def summary(game: Game) -> list[str]:
    """The end-of-game summary: who won and why, rounds, cards played, creatures destroyed."""
    return summary_lines(game.board, game.phase.round, game.phase.outcome, game.log)


def _look_up(term: str) -> str:
    from solo.text import lookup as rules

    return rules.explain(term, rules.all_entries(), 80)


def set_rng(rng: SeededSource, state: Any) -> None:
    """Put a saved random generator state (:meth:`SeededSource.get_state`) back into ``rng``;
    ValueError when ``state`` is not one."""
    if not (isinstance(state, list) and len(state) == 3 and isinstance(state[1], list)
            and len(state[1]) == 625 and all(isinstance(x, int) and not isinstance(x, bool)
                                             and 0 <= x < 2**32 for x in state[1][:624])):
        raise ValueError("rng: not a random generator state")
    rng.set_state(state)


def _escapable(q: Question, shortcuts: tuple[Any, ...] = ()) -> Question:
    """``q`` with the escapes every question takes (in a menu, a choice each), and with its
    menu of ``shortcuts`` instead of its choices when given (whose first is the default unless
    the question's default is one of them)."""
    default, choices = q.default, q.choices
    if shortcuts:
        choices = shortcuts
        values = [c.value if isinstance(c, Choice) else c for c in shortcuts]
        if default not in values:
            default = values[0]
    if q.kind == "select":
        choices = tuple(choices) + (
            Choice("Show the board", SHOW), Choice("Edit the board", EDIT),
            Choice("Undo the last step", UNDO), Choice("Look up a rule", RULES),
            Choice("The last steps", LOG))
    return Question(q.id, q.kind, q.message, choices, default, q.min, q.max, q.validate, ESCAPES)


#: The parts of a Dummy Mage decision's data that statistics need, after its action.
_FACTS: Final = ("card", "discarded", "target", "creature")


def _facts(decision: Any) -> dict[str, Any]:
    """The parts of a Dummy Mage decision that statistics need."""
    data = decision.data  # (its action first, as its data may say it: no merged copy made)
    out = {"action": data["action"] if "action" in data else decision.action}
    for k in _FACTS:
        if k in data:
            out[k] = data[k]
    results = decision.results
    if results:
        damage: dict[str, int] = {}
        for r in results:
            for s in r.strikes:
                if s.damage and s.target:
                    damage[s.target] = damage.get(s.target, 0) + s.damage
        if damage:
            out["damage"] = damage
    return out
