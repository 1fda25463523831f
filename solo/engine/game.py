"""A whole game against the Dummy Mage, one step at a time, with its log.

:class:`Game` holds what a game is: the settings, the board, the random generator's state,
where in the round we are (``phase``, a :class:`~solo.engine.rounds.RoundState`) and the log.
:meth:`Game.play_one` plays one step -- the ready stage, one quickcast, one of your turns, one
Dummy Mage creature action -- asking what it must know through a
:class:`~solo.core.questions.Prompter` and reporting through an ``on_output`` callback.  It never
prints and never saves: every answer given during a step is kept in :attr:`Game.recorded`, and
:mod:`solo.engine.session` commits the step to the journal and does undo and redo by replay.

At every question three extra answers are accepted: ``board`` (show the map), ``edit`` (correct
the board) and ``undo`` (raised as :class:`UndoRequested` for the session to handle).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from solo.automaton import actions as automaton
from solo.rules import combat
from solo.rules import targeting
from solo.engine import turns
from solo.rules import upkeep
from solo.rules import board as board_mod
from solo.rules.board import SUMMONED, Board, Creature, Piece, new_board
from solo.store.board_file import from_dict as board_from_dict
from solo.cards.catalog import SPELL_DECKS, Attack, Card, get_catalog
from solo.rules.dice import DiceSource, SeededSource, TypedSource, face_to_d6
from solo.core.errors import InvalidInput, SoloError, format_problem, read_text
from solo.core.questions import Choice, Prompter, Question
from solo.engine.resolve import mirror_lines, resolve_decision
from solo.rules import yours
from solo.rules.odds import attack_odds, odds_text
from solo.engine.rounds import QuickcastTurn, RoundState, initiative_for_round, quickcast_order, quickcast_queue
from solo.core.kinds import Side, Stage
from solo.text import naming
from solo.text import render
from solo.text import yours as your_words

SAVE_FORMAT = "solo-save/1"  # the JSON save files of earlier versions, imported once
#: The engine's version, stored with each game: change it when the same answers would no longer
#: play the same game.
ENGINE = "solo-engine/7"
SHOW, EDIT, UNDO, RULES, LOG = "board", "edit", "undo", "rules", "log"
#: The label of the step of your quickcast (in a quickcast stage or between your Action Phases).
YOUR_QUICKCAST = "your quickcast"
#: Your actions that are a move and then a quick action (none for a Slow creature).
MOVE_THEN_QUICK = ("move-attack", "move-spell", "move-guard")
ESCAPES = (SHOW, EDIT, UNDO, RULES, LOG)
#: How many of the last steps the ``log`` escape shows.
LOG_STEPS = 6


class UndoRequested(Exception):
    pass


class EditRequested(Exception):
    pass


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
    lines: list[str] = field(default_factory=list)
    data: dict = field(default_factory=dict)
    round: int = 0
    stage: Stage | None = None
    actors: list[str] = field(default_factory=list, repr=False)
    decision: automaton.Decision | None = field(default=None, repr=False)
    results: list = field(default_factory=list, repr=False)
    events: list = field(default_factory=list, repr=False)
    touched: list[str] = field(default_factory=list, repr=False)  # changed by your typed report


class Game:
    def __init__(self, settings: Settings, board: Board, rng: SeededSource, phase: RoundState,
                 log: list[dict] | None = None) -> None:
        self.settings = settings
        self.board = board
        self.rng = rng
        self.phase = phase
        self.log: list[dict] = log or []
        self.prompter: Prompter | None = None
        self.on_output: Callable[[str], None] = lambda text: None
        self.show_board: Callable[[], str] = lambda: ""
        #: the rules at hand for a term (the CLI adds the rulings file; by default the glossary
        #: and the solo rules' steps)
        self.look_up: Callable[[str], str] = _look_up
        #: every answer given during the current step, as [question id, answer]: the record
        #: that replays it
        self.recorded: list[list] = []
        #: a step can be started again (undo within it) or edited; the simulator turns it off
        self.restartable = True
        self._results: list = []  # attack results of your current step
        self._touched: list[str] = []  # objects your reported damage or markers changed
        self._events: list[upkeep.Event] = []  # what your action did beyond attacks (a teleport)

    # -- creation and saving -------------------------------------------------------------------
    @classmethod
    def new(cls, settings: Settings, deckset=None) -> "Game":
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
        board.stage = "ready"
        board.extra["tally"] = {"dm": 0, "ym": 0}
        return cls(settings, board, rng, RoundState())

    def state(self) -> dict:
        """A checkpoint: everything but the log, which is restored by its length."""
        return {"board": self.board.to_dict(), "rng": self.rng.get_state(),
                "phase": self.phase.to_dict(), "log_len": len(self.log)}

    @classmethod
    def from_state(cls, settings: Settings, state: dict, log: list[dict]) -> "Game":
        """A game from a checkpoint (:meth:`state`) and the log written up to it."""
        game = cls(settings, board_from_dict(state["board"]), SeededSource(settings.seed),
                   RoundState(), list(log))
        game.restore(state)
        return game

    def restore(self, state: dict) -> None:
        try:
            board = board_from_dict(state["board"], self.board.catalog)
            _set_rng(self.rng, state["rng"])
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

    def to_dict(self) -> dict:
        """The game as a save file of earlier versions (what :mod:`solo.engine.oldsaves` imports)."""
        return {"format": SAVE_FORMAT, "settings": asdict(self.settings),
                "board": self.board.to_dict(), "rng": self.rng.get_state(),
                "phase": self.phase.to_dict(), "log": self.log, "undo": []}

    @classmethod
    def from_dict(cls, data: dict, where: str = "save file") -> "Game":
        if not isinstance(data, dict):
            raise InvalidInput(f"{where} does not hold a saved game")
        problem = format_problem(data.get("format"), SAVE_FORMAT, "a solo saved game")
        if problem:
            raise InvalidInput(f"{where}: {problem}")
        try:
            settings = _settings(data["settings"])
            board = board_from_dict(data["board"])
            rng = SeededSource(settings.seed)
            _set_rng(rng, data["rng"])
            phase = RoundState.from_dict(data["phase"])
            log = data["log"]
            if not isinstance(log, list) or not all(_log_entry(e) for e in log):
                raise ValueError("log: every entry needs n, round, who, label and lines")
        except SoloError as err:
            raise InvalidInput(f"{where} is damaged: {err}") from None
        except (KeyError, TypeError, ValueError, OverflowError, RecursionError) as err:
            raise InvalidInput(f"{where} is damaged ({type(err).__name__}: {err}); "
                               "start a new game or restore a copy") from None
        return cls(settings, board, rng, phase, log)  # its undo states are not used

    @classmethod
    def load(cls, path: str | Path) -> "Game":
        p = Path(path)
        text = read_text(p, "saved game", "see solo play --list")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise InvalidInput(f"saved game {p} is not valid JSON (line {err.lineno}); "
                               "it may have been cut short") from None
        return cls.from_dict(data, f"saved game {p}")

    # -- dice ----------------------------------------------------------------------------------
    @property
    def dice(self) -> DiceSource:
        if self.settings.dice == "physical":
            src = TypedSource(self._ask_dice, render.line)
            return src
        return self.rng

    def _ask_dice(self, sides: int, count: int, label: str) -> list[int]:
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
                                 (f"{automaton.cap(label)}. Roll them: faces? (- 1 2 1* 2*)"
                                  if "attack dice" in label else
                                  f"Roll {count} attack dice ({label}): faces? (- 1 2 1* 2*)"),
                                 validate=check))
        return [face_to_d6(f) for f in text.replace(",", " ").split()]

    def _ask_card(self, deck: str, pile: list[str]) -> str:
        """You drew the Dummy Mage's card from your shuffled physical deck: which one?"""
        names = tuple(dict.fromkeys(pile))
        return self.ask(Question("draw.card", "autocomplete",
                                 f"Draw the top card of the Dummy Mage's {deck} deck: which card is it?",
                                 names))

    # -- asking ----------------------------------------------------------------------------------
    def ask(self, q: Question):
        """Ask through the prompter; ``board`` shows the map and asks again, ``undo`` and
        ``edit`` interrupt the step."""
        if self.prompter is None:
            raise SoloError(f"no way to ask question '{q.id}'")
        if not getattr(self.prompter, "reads", True):  # a program: never asks for the board,
            # a rule or an undo
            answer = self.prompter.ask(q)
            self.recorded.append([q.id, answer])
            return answer
        if q.kind == "select":
            extra = (Choice("Show the board", SHOW), Choice("Edit the board", EDIT),
                     Choice("Undo the last step", UNDO), Choice("Look up a rule", RULES),
                     Choice("The last steps", LOG))
            q = Question(q.id, q.kind, q.message, q.choices + extra, q.default, q.min, q.max,
                         q.validate, ESCAPES)
        else:
            q = Question(q.id, q.kind, q.message, q.choices, q.default, q.min, q.max, q.validate,
                         ESCAPES)
        while True:
            answer = self.prompter.ask(q)
            if answer == SHOW:
                self.on_output(self.show_board())
                continue
            if answer == RULES:  # the rules at hand; nothing about the game changes
                self.on_output(self._rules())
                continue
            if answer == LOG:  # what happened lately, read again; nothing changes
                self.on_output(self.recent())
                continue
            self.recorded.append([q.id, answer])
            if answer == UNDO:
                raise UndoRequested()
            if answer == EDIT:
                raise EditRequested()
            return answer

    def _reads(self) -> bool:
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

    def play_one(self) -> Step | None:
        """Play one step, with edit handled; returns the step done (None when the step was
        restarted or the game is over).  An ``undo`` answered at the step's first question
        raises :class:`UndoRequested` (going back is the journal's job, see
        :mod:`solo.engine.session`); at a later question it starts the step again."""
        if self.over:
            return None
        before = self.state() if self.restartable else None
        rnd, stage = self.phase.round, self.phase.stage
        self.recorded = []
        try:
            step = self._step()
        except UndoRequested:
            if before is not None:
                self.restore(before)
            within = len(self.recorded) > 1
            self.recorded = []
            if within:  # undo inside a step: start the step again
                self.on_output("Undo: back to the start of this step.")
                return None
            raise
        except EditRequested:
            if before is None:
                raise SoloError("this game cannot be edited") from None
            self.restore(before)
            try:
                edited = self.edit_board()
            except (UndoRequested, EditRequested):  # changed its mind while editing
                edited = None
            if edited is None:
                self.restore(before)
                self.recorded = []
                return None
            step = edited
        for event in turns.corrode_trims(self.board):  # a standing rule, whatever changed
            step.lines.append(render.line(event.text))
            step.events.append(event)
        step.round = step.round or rnd
        step.stage = step.stage or stage
        self.board.stage = self.phase.stage.board_stage  # for the status line
        self._log(step)
        self._check_end()
        return step

    def _log(self, step: Step) -> None:
        step.lines = render.lines(step.lines)  # its sentences, from here on
        entry = {"n": len(self.log) + 1, "round": step.round or self.phase.round,
                 "who": step.who, "label": step.label, "lines": list(step.lines)}
        if step.data:
            entry["data"] = step.data
        self.log.append(entry)

    def _check_end(self) -> None:
        if self.over:
            return
        outcome = upkeep.game_over(self.board, alternate=self.settings.alternate_end)
        if outcome is not None:
            self.phase = self.phase.finished(outcome)
            lines = summary(self)
            self.log.append({"n": len(self.log) + 1, "round": self.phase.round, "who": "game",
                             "label": "game over", "lines": lines})

    # -- steps -----------------------------------------------------------------------------------
    def _step(self) -> Step:
        stage = self.phase.stage
        self.board.stage = stage.board_stage
        self.board.drawer = self._ask_card if self.settings.draw == "you" else None
        if stage is Stage.READY:
            return self._ready()
        if stage in (Stage.QUICKCAST_1, Stage.QUICKCAST_3):
            return self._quickcast_stage(stage)
        return self._creature_stage()

    def _ready(self) -> Step:
        b = self.board
        rnd = self.phase.round
        b.round = rnd
        b.initiative = initiative_for_round(rnd)
        lines = [f"Round {rnd} begins. Initiative: "
                 + ("the Dummy Mage." if b.initiative == "dm" else "you.")]
        for c in b.creatures:
            if automaton.in_arena(b, c):  # a banished creature's action marker cannot change
                c.active = True
        disabled = combat.reset_defenses(b)
        lines.append("Reset: every creature's action marker is active again, defenses are ready.")
        lines += [f"Reset: remove one Disable marker from {self._name(b.get(i))}." for i in disabled]
        lines += [f"Reset: {self._name(b.get(i))} is Invisible again."
                  for i in combat.reset_invisible(b)]
        lines.append("Channel: take your mana (the Dummy Mage has none to manage).")
        events = upkeep.upkeep(b, self.dice, "dm") + upkeep.upkeep(b, self.dice, "ym")
        lines += [f"Upkeep: {_after_colon(render.line(e.text))}" for e in events] \
            or ["Upkeep: nothing to resolve on either side."]
        if upkeep.game_over(b, alternate=self.settings.alternate_end) is None:  # else nothing to plan
            lines.append("Pay your own upkeep costs, then plan your two spells and deploy.")
        self.phase = self.phase.quickcast_1(self._qc_order(b.initiative))
        return Step(f"round {rnd}: ready stage", "game", lines, events=events)

    @staticmethod
    def _qc_order(initiative: str) -> list[QuickcastTurn]:
        """Pending quickcasts of a stage (see :func:`solo.engine.rounds.quickcast_queue`)."""
        return quickcast_queue(initiative)

    def _quickcast_stage(self, stage: Stage) -> Step:
        order = self.phase.queue
        if not order:
            return self._advance_stage(stage)
        token = order[0]
        if token is QuickcastTurn.DM:
            order.pop(0)
            decision = turns.dm_quickcast(self.board, self.dice, ask_defense=self._ask_defense)
            what = decision.data.get("card") or {"lose-turn": "turn lost"}.get(decision.action,
                                                                               decision.action)
            return self._dm_step(f"quickcast: {what}", decision)
        # your quickcast
        if stage is Stage.QUICKCAST_3 and self.phase.your_quickcast_used:
            order.pop(0)
            return self._quickcast_stage(stage)
        allow_pass_first = token is QuickcastTurn.YOURS_OR_PASS_FIRST
        self._results, self._touched = [], []
        lines = self._your_quickcast()
        if isinstance(lines, Free):  # a reveal: the quickcast is asked again
            return Step(YOU_REVEAL, "ym", lines, touched=self._touched)
        order.pop(0)
        if lines is None:  # passed
            if allow_pass_first:
                order[:] = quickcast_order(Side.YM, you_pass=True)
            return Step("you pass your quickcast", "ym", ["You pass."])
        self.phase.your_quickcast_used = True
        return Step(YOUR_QUICKCAST, "ym", lines, results=self._results, touched=self._touched)

    def _advance_stage(self, stage: Stage) -> Step:
        rnd = self.phase.round
        if stage is Stage.QUICKCAST_1:
            self.phase = self.phase.creatures(first=self.board.initiative)
            if not automaton.active_creatures(self.board, "dm"):  # (its mage never acts here)
                line = "Creature actions: the Dummy Mage has no creature ready to act, so only yours act."
            else:
                line = "Creature actions: you and the Dummy Mage take turns, " \
                    + ("the Dummy Mage first." if self.board.initiative == "dm" else "you first.")
            return Step("creature actions begin", "game", [line])
        # end of the round
        events = upkeep.end_round(self.board)
        self.phase = self.phase.next_round()
        return Step(f"round {rnd} ends", "game", [render.line(e.text) for e in events] or [f"Round {rnd} is over."],
                    round=rnd, events=events)

    def _creature_stage(self) -> Step:
        ph = self.phase
        dm_left = automaton.active_creatures(self.board, "dm")
        if ph.you_done and not dm_left:
            self.phase = ph.quickcast_3(self._qc_order(self.board.initiative))
            return Step("creature actions end", "game", ["Every creature has acted: final quickcasts."])
        if ph.you_done:  # you are done: your creatures cannot make it wait any more
            for c in self.board.side_creatures("ym"):
                c.active = False
        if ph.next is Side.DM and dm_left:
            decision = turns.dm_creature_action(self.board, self.dice, ask_defense=self._ask_defense)
            if not ph.you_done:
                ph.next = Side.YM
            label = f"creature action: {decision.action}"
            if "creature" in decision.data:
                label += f" ({decision.data['creature']})"
            return self._dm_step(label, decision)
        if ph.you_done:
            ph.next = Side.DM
            return self._creature_stage()
        step = self._your_turn()
        if step.label != YOUR_QUICKCAST:  # a quickcast is no Action Phase: your turn goes on
            ph.next = Side.DM
        return step

    def _dm_step(self, label: str, decision: automaton.Decision) -> Step:
        lines = [f"{i}. {text}" for i, text in enumerate(render.lines(decision.instructions), 1)]
        if decision.rolls:
            lines.append(f"(effect die: {', '.join(map(str, decision.rolls))})")
        actor = decision.data.get("creature") or decision.data.get("actor")
        return Step(label, "dm", lines, _facts(decision), decision=decision,
                    actors=[actor] if actor and decision.action not in ("pass", "none") else [],
                    results=list(decision.results), events=list(decision.events))

    def _ask_defense(self, target: Piece, defense, modifier: int) -> bool:
        """Your object may try its Defense against the Dummy Mage's attack: your choice."""
        if target.side != "ym":
            return True
        chance = combat.defense_chance(defense, modifier)
        mod = f", {modifier:+d} for Daze/Restrained" if modifier else ""
        return bool(self.ask(Question(
            "defense.use", "confirm",
            f"{automaton.cap(self._name(target))} can try its Defense {defense.roll}+ "
            f"({chance:.0%} to avoid the attack{mod}). Use it?", default=True)))

    # -- your side -------------------------------------------------------------------------------
    def _your_quickcast(self, keep: bool = False) -> list[str] | None:
        """Your quickcast: its lines, or None for a pass (``keep``: asked between your Action
        Phases, where passing keeps it for later this round)."""
        return self._quick_spell("quickcast.you", "Your quickcast:",
                                 Choice("Not now (keep it for later)" if keep else "Pass", "pass"))

    def _quick_spell(self, qid: str, message: str, skip: Choice | None = None) -> list[str] | None:
        """One quick spell of your mage's (a quickcast, or its quick action after a move): its
        lines, or None when ``skip`` (offered first, and the default) is chosen."""
        what = self.ask(Question(
            qid, "select", message,
            ((skip,) if skip is not None else ())
            + (Choice("Cast a spell at its side", "spell"),
               *self._quick_summon_choice(),
               Choice("Cast something on your side (equipment, wall...)", "own"),
               *(self._reveal_choice() if skip is not None else ()),
               Choice("Cast something else (nothing changes on the board)", "other")),
            default=skip.value if skip is not None else "spell"))
        if skip is not None and what == skip.value:
            return None
        if what == "reveal":  # no spell and no action: the quickcast is still to come
            return Free(self._reveal())
        mage = self.board.mages["ym"]
        if what == "spell":
            return self._your_spell(mage, quick=True)
        if what == "summon":
            return self._your_summon(quick=True)
        if what == "own":
            return self._your_own_spell(mage, quick=True)
        return ["You cast a spell that does not change the board."]

    def _your_turn(self) -> Step:
        b = self.board
        active = automaton.active_creatures(b, "ym")
        dm_active = automaton.active_creatures(b, "dm")
        choices = [Choice(f"{c.card} ({c.id}) in {c.zone}", c.id) for c in active]
        if self.phase.mage_active:
            choices.append(Choice(f"Your mage in {b.mages['ym'].zone}", "ym"))
        if choices and not self.phase.your_quickcast_used:
            # The quickcast action may come before or after any of your Action Phases.
            choices.append(Choice("Your quickcast, now (one quick spell)", "quickcast"))
        if choices and len(dm_active) > len(active):  # passing keeps someone of yours waiting
            # Rule 2a: you may pass a turn while the Dummy Mage has more creatures left to act.
            choices.append(Choice("Pass this turn (it has more creatures to act)", "pass"))
        choices.append(Choice("Nothing more this round (done)", "done"))
        choices += self._reveal_choice()  # free: it takes no action
        while True:
            if len(choices) == 1:  # nobody left to act: nothing to ask
                actor_id = "done"
            else:
                actor_id = self.ask(Question("turn.actor", "select", "Who acts now?",
                                             tuple(choices), default=choices[0].value))
            if actor_id == "reveal":
                self._touched = []
                return Step(YOU_REVEAL, "ym", self._reveal(), touched=self._touched)
            if actor_id != "quickcast":
                break
            self._results, self._touched = [], []
            lines = self._your_quickcast(keep=True)
            if isinstance(lines, Free):  # a reveal: your quickcast is still unused
                return Step(YOU_REVEAL, "ym", lines, touched=self._touched)
            if lines is not None:  # not an Action Phase: your turn goes on after it
                self.phase.your_quickcast_used = True
                return Step(YOUR_QUICKCAST, "ym", lines, results=self._results,
                            touched=self._touched)
        if actor_id == "pass":
            return Step("you pass this turn", "ym", ["You pass; the Dummy Mage acts next."])
        if actor_id == "done":
            # Whoever has not acted yet has an Action Phase without an action.
            waiting: list[Piece] = list(active)
            if self.phase.mage_active:
                waiting.append(b.mages["ym"])
            self.phase.you_done = True
            self.phase.mage_active = False
            events = []
            for p in waiting:
                events += turns.pass_phase(b, p, self.dice)
                if isinstance(p, Creature):
                    p.active = False
            return Step("you are done for the round", "ym",
                        ["You are done for this round."] + [render.line(e.text) for e in events],
                        actors=[p.id for p in waiting], events=events)
        actor = b.get(actor_id)
        self._results, self._touched, self._events = [], [], []
        phase = turns.begin(b, actor)
        lines = [render.line(e.text) for e in phase.events]
        if isinstance(actor, Creature):
            actor.active = False
        else:
            self.phase.mage_active = False
        if b.incapacitated(actor):
            why = ", ".join(k for k in board_mod.INCAPACITATING if actor.has_condition(k))
            lines.append(f"{automaton.cap(self._name(actor))} is Incapacitated ({why}) and "
                         "loses this action.")
        else:
            lines += self._your_action(actor)
        end = phase.end(self.dice)
        lines += [render.line(e.text) for e in end]
        name = "your mage" if actor.is_mage else f"{actor.card} ({actor.id})"
        return Step(f"your turn: {name}", "ym", lines, actors=[actor.id], results=self._results,
                    events=phase.events + self._events + end, touched=self._touched)

    def _their_objects(self, near: str | None) -> list[Piece]:
        """The Dummy Mage's objects in a fixed order (its mage, its creatures, its conjurations,
        each as they came into play), so a menu's numbers mean the same object every turn; the
        nearest to ``near`` comes first only as the default (see :meth:`_pick_target`)."""
        b = self.board
        objs = [b.mages["dm"], *b.side_creatures("dm"),
                *[c for c in b.conjurations if c.side == "dm"]]
        return [p for p in objs if automaton.in_arena(b, p)]

    def _your_action(self, actor: Piece) -> list[str]:
        here = [p for p in self._their_objects(actor.zone) if p.zone == actor.zone]
        choices = [Choice("Attacked one of its objects", "attack"), Choice("Moved", "move"),
                   Choice("Moved, then attacked", "move-attack"),
                   Choice("Attacked, and I type the damage", "attack-typed")]
        if actor.is_mage:
            choices += [Choice("Cast a spell at its side", "spell"),
                        Choice("Summoned a creature", "summon"),
                        Choice("Cast something on your side (equipment, wall...)", "own"),
                        Choice("Moved, then cast a quick spell", "move-spell")]
        else:
            choices += [Choice("Guarded", "guard"), Choice("Moved, then guarded", "move-guard")]
        choices.append(Choice("Anything else (its side unchanged)", "other"))
        if self._pace(actor)[1]:  # the codex's Slow: a move ends its Action Phase
            choices = [c for c in choices if c.value not in MOVE_THEN_QUICK]
        what = self.ask(Question("turn.what", "select", f"What did {self._name(actor)} do?",
                                 tuple(choices), default="attack" if here else "move"))
        lines: list[str] = []
        moved = False
        if what == "move" or what in MOVE_THEN_QUICK:
            # a move, or a move action and then a quick action (the codex's Action Phase)
            lines += self._your_move(actor, attacking=what != "move")
            moved = True
            if self.board.find(actor.id) is None:  # a trap destroyed it on the way
                return lines
        if what in ("attack", "move-attack", "attack-typed"):
            lines += self._your_attack(actor, moved, typed=what == "attack-typed")
        elif what == "spell":
            lines += self._your_spell(actor)
        elif what == "move-spell":
            lines += self._your_quick_spell()
        elif what == "summon":
            lines += self._your_summon()
        elif what == "own":
            lines += self._your_own_spell(actor)
        elif what in ("guard", "move-guard"):
            assert isinstance(actor, Creature)  # only a creature is offered "guard"
            actor.guarding = True
            lines.append(f"{automaton.cap(self._name(actor))} is guarding.")
        elif what == "other":
            lines.append(f"{automaton.cap(self._name(actor))} did something that does not touch the Dummy Mage's side.")
        return lines

    def _name(self, p: Piece) -> str:
        return automaton.label(self.board, p)

    def _your_quick_spell(self) -> list[str]:
        """The quick spell your mage cast with its quick action, after its move."""
        lines = self._quick_spell("turn.quick.where", "Then which quick spell?")
        assert lines is not None  # no pass is offered
        return lines

    def _pace(self, actor: Piece) -> tuple[bool, bool]:
        """(Fast, Slow) as they count: the two traits together cancel out."""
        fast, slow = self.board.has_trait(actor, "Fast"), self.board.has_trait(actor, "Slow")
        return fast and not slow, slow and not fast

    def _open_way(self, actor: Piece, zone: str, flying: bool) -> bool:
        """Whether some shortest way to ``zone`` (two away) passes through a zone where no enemy
        hinders ``actor`` (entering one would end its move there)."""
        b = self.board
        return any(not automaton.hinders(b, actor, m)
                   for m in b.geometry().step_toward(actor.zone, zone, flying))

    def _your_move(self, actor: Piece, attacking: bool = False) -> list[str]:
        """Where your creature or mage went: the zones its move reaches past the walls, nearest
        first, and "Elsewhere" for a teleport or a push the board cannot know.  Two zones
        for a move, one before a quick action (two if Fast: the codex's Fast allows two move
        actions, never more); one if Slow (Fast and Slow cancel out), Lumbering, or hindered
        (it starts in a zone with an enemy that hinders it); and never past a zone where an
        enemy hinders it (entering such a zone ends its move)."""
        b = self.board
        flying = b.flying(actor)
        fast, slow = self._pace(actor)
        held = automaton.held(b, actor)  # only a push or a teleport moves it ("Elsewhere")
        one = slow or b.has_trait(actor, "Lumbering") or automaton.hinders(b, actor, actor.zone) \
            or (attacking and not fast)
        steps = 1 if one else 2
        reach = b.geometry().path_distances(actor.zone, flying)
        zones = [] if held else sorted(
            (z for z, d in reach.items()
             if 0 < d <= steps and (d == 1 or self._open_way(actor, z, flying))),
            key=lambda z: (reach[z], z))
        elsewhere = "elsewhere"
        # The default: the next zone toward the Dummy Mage (to attack: one holding its objects).
        theirs = {p.zone for p in self._their_objects(None)}
        near = [z for z in zones if reach[z] == 1] or zones
        toward = min(near, key=lambda z: (not (attacking and z in theirs),
                                          b.distance(z, b.mages["dm"].zone), z)) if near else elsewhere
        choices = [Choice(f"{z} ({reach[z]} away)", z) for z in zones]
        choices.append(Choice("Elsewhere (pushed, teleported)", elsewhere))
        dest = self.ask(Question("turn.move.zone", "select",
                                 f"Where did {self._name(actor)} go, from {actor.zone}?",
                                 tuple(choices), default=toward))
        teleported = dest == elsewhere  # no trample on a teleport or a push
        if dest == elsewhere:
            others = [z for z in b.arena.zones() if z != actor.zone]
            dest = self.ask(Question("turn.move.elsewhere", "select", "Into which zone?",
                                     tuple(Choice(z, z) for z in others), default=others[0]))
        start, actor.zone = actor.zone, dest
        lines = [f"{automaton.cap(self._name(actor))} moved from {start} to {dest}."]
        # Stuck is Unmovable: it went elsewhere by a teleport, which destroys every Stuck marker
        if teleported and (stuck := actor.conditions.pop("Stuck", 0)):
            lines.append(f"Remove its {naming.counted(stuck, 'Stuck marker')}: a teleport frees "
                         "it.")
            self._events.append(upkeep.Event(actor.id, actor.card, "teleport", lines[-1],
                                             removed={"Stuck": stuck}))
        if dest != start and not teleported:
            lines += self._your_trample(actor, start)
        if dest != start and b.find(actor.id) is not None:
            lines += self._their_traps(actor, start, dest, teleported)
        return lines

    def _their_traps(self, actor: Piece, start: str, dest: str, teleported: bool) -> list[str]:
        """The Dummy Mage's traps in the zones your creature entered (its way there, or just the
        zone it landed in) attack it; caught (Stuck) on the way, it stays in the trap's zone."""
        b = self.board
        geo = b.geometry()
        way, here = [], start
        while not teleported and here != dest:
            nxt = geo.step_toward(here, dest, b.flying(actor))
            if not nxt:
                break
            # the way its move may take: not into a zone where an enemy hinders it (see _your_move)
            here = min(nxt, key=lambda z: (z != dest and automaton.hinders(b, actor, z), z))
            way.append(here)
        lines: list[str] = []
        for zone in way or [dest]:
            for name, attack in yours.their_traps(b, actor, zone):
                lines.append(f"The Dummy Mage's {name} in {zone} goes off as "
                             f"{self._name(actor)} enters; then it is destroyed.")
                # the trap attacks, not the Dummy Mage: its Daze does not touch it (barrier)
                lines += self._put(combat.resolve_attack(b, b.mages["dm"], attack, actor, self.dice,
                                                         is_spell=True, reactions=False,
                                                         barrier=True))
                if b.find(actor.id) is None:  # destroyed: the traps after this one wait
                    break
            if b.find(actor.id) is None:
                return lines
            if b.restrained(actor) and zone != dest:
                actor.zone = zone
                lines.append(f"{automaton.cap(self._name(actor))} is caught in {zone} and stops there.")
                return lines
        return lines

    def _your_trample(self, actor: Piece, start: str) -> list[str]:
        """Trample: once a round, your creature that walks out of a zone may attack a non-Flying
        creature of the Dummy Mage's there (its guards first); asked, and you may decline."""
        b = self.board
        attack = automaton.trample_attack(b, actor)
        if attack is None:
            return []
        options = [e for e in automaton.enemy_creatures(b, actor.side) if e.zone == start
                   and not b.flying(e) and targeting.can_target(b, start, e)]
        guards: list[Piece] = [g for g in options if isinstance(g, Creature) and g.guarding]
        if guards and not b.has_trait(actor, "Elusive"):
            options = guards
        if not options:
            return []
        choices = tuple(Choice(f"{self._name(p)} ({p.damage}/{b.life(p)})", p.id) for p in options)
        picked = self.ask(Question("turn.trample", "select",
                                   f"Trample: {self._name(actor)} leaves {start}; trample whom "
                                   f"with {attack.name}?",
                                   choices + (Choice("Nobody", "none"),), default=choices[0].value))
        if picked == "none":
            return []
        actor.extra["trampled"] = b.round
        lines = [f"{automaton.cap(self._name(actor))} tramples {self._name(b.get(picked))} with "
                 f"{attack.name} as it leaves {start}."]
        return lines + self._put(combat.resolve_attack(b, actor, attack, b.get(picked), self.dice,
                                                       first_strike=False))

    def _pick_target(self, actor: Piece, qid: str, message: str,
                     objs: list[Piece] | None = None,
                     odds: Callable[[Piece], str] | None = None) -> Piece | None:
        """One of the Dummy Mage's objects, in a fixed order; the default is the nearest.
        ``odds`` adds the attack's figures to each choice."""
        b = self.board
        objs = self._their_objects(actor.zone) if objs is None else objs
        if not objs:
            return None
        # The question names whose objects these are: a title need not say it again (a
        # shorter line, which fits 80 columns once answered).
        choices = tuple(Choice(("the Dummy Mage" if p.is_mage else f"{p.card} ({p.id})")
                               + f" in {p.zone} ({p.damage}/{b.life(p)})"
                               + (odds(p) if odds else ""), p.id) for p in objs)
        near = min(objs, key=lambda p: b.distance(actor.zone, p.zone))
        return b.get(self.ask(Question(qid, "select", message, choices, default=near.id)))

    def _your_attack(self, actor: Piece, moved: bool, typed: bool = False) -> list[str]:
        """Your attack on one of its objects: rolled from the card through the game's dice
        (solo's, or yours typed in), or -- ``typed`` -- the damage you report."""
        b = self.board
        attacks = [a for a in b.attacks(actor) if a.kind in ("melee", "ranged") and a.action
                   and a.dice is not None  # no dice: an ability of the card, not an attack
                   and (a.action == "quick" or not moved)]
        objs = self._their_objects(actor.zone)
        # Nothing of its side that cannot be targeted at all from here (Invisible; Obscured
        # from afar); walls are left to the attack (Indirect ones ignore them).
        objs = [p for p in objs if targeting.can_target(b, actor.zone, p, indirect=True)]
        if not typed and attacks:  # rolled here: only what its attacks reach from where it is
            # (and past the Dummy Mage's guards: a melee attack in their zone must take one)
            objs = [p for p in objs
                    if any(targeting.can_reach(b, actor, a, actor.zone, p)
                           and not automaton.guard_blocks(b, actor, a, actor.zone, p)
                           for a in attacks)]
            if not objs:
                return [f"Nothing of the Dummy Mage's is in reach of {self._name(actor)}'s attacks "
                        f"from {actor.zone}: nothing changes on its side."]
        def figures(p: Piece) -> str:
            reach = [a for a in attacks if targeting.can_reach(b, actor, a, actor.zone, p)]
            if typed or not reach or not isinstance(reach[0].dice, int) or not self._reads():
                return ""
            return " · " + odds_text(attack_odds(b, actor, reach[0], p, moved=moved))

        target = self._pick_target(actor, "turn.attack.target",
                                   f"Which of its objects did {self._name(actor)} attack?", objs,
                                   odds=figures)
        if target is None:
            return ["It has nothing to attack."]
        if not typed:
            attacks = [a for a in attacks if targeting.can_reach(b, actor, a, actor.zone, target)
                       and not automaton.guard_blocks(b, actor, a, actor.zone, target)]
        if not typed and attacks:
            attack = attacks[0]
            if len(attacks) > 1:
                name = self.ask(Question(
                    "turn.attack.which", "select", "Which attack?",
                    tuple(Choice(f"{a.name} ({a.kind}, {a.dice} dice)"
                                 + (" · " + odds_text(attack_odds(b, actor, a, target, moved=moved))
                                    if isinstance(a.dice, int) and self._reads() else ""), a.name)
                          for a in attacks), default=attacks[0].name))
                attack = next(a for a in attacks if a.name == name)
            guard = automaton.interceptor(b, actor, attack, actor.zone, target)
            intercepted: list[str] = []
            if guard is not None:  # the Dummy Mage's guards always Intercept
                assert isinstance(guard, Creature)
                guard.guarding = False
                intercepted = [f"{automaton.cap(self._name(guard))} Intercepts your ranged attack "
                               f"on {self._name(target)}: it is the target instead; remove its "
                               "guard marker."]
                target = guard
            if not isinstance(attack.dice, int):  # "X" dice: the card says how many
                return [f"{attack.name} rolls as many dice as its card says: roll them and "
                        "report the damage."] + self._typed_attack(actor, target, attack, moved)
            second = self._sweep_target(actor, attack, target)
            turned, reverse, daze = self._their_reverse_attack(actor, attack, target)
            return intercepted + turned + self._put(combat.resolve_attack(
                b, actor, attack, target, self.dice, moved=moved, sweep_target=second,
                daze=daze, reverse=reverse))
        return self._typed_attack(actor, target, attacks[0] if attacks else None)

    def _farther_attack(self, mage: Piece, spell: Card, first_zone: str) -> list[str]:
        """Your Dragon's Breath's second attack, as part of the same action: at another of the
        Dummy Mage's objects in a zone next to the first target's, one zone farther from your
        mage, that the spell reaches (its card ruling); asked, as you may decline it."""
        b = self.board
        step = b.distance(mage.zone, first_zone) + 1
        zones = {z for z in b.arena.neighbours(first_zone) if b.distance(mage.zone, z) == step}
        others = [p for p in self._their_objects(None) if p.zone in zones
                  and yours.can_cast(b, mage, spell, p)]
        if not others:
            return []
        choices = tuple(Choice(f"{self._name(p)} in {p.zone} ({p.damage}/{b.life(p)})", p.id)
                        for p in others)
        picked = self.ask(Question("turn.spell.second", "select",
                                   f"{spell.name}, second attack at?",
                                   choices + (Choice("None (no second attack)", "none"),),
                                   default=choices[0].value))
        if picked == "none":
            return []
        second = b.get(picked)
        turned, reverse, daze = self._their_reverse_attack(mage, spell.attacks[0], second, True)
        return turned + self._put(combat.resolve_attack(b, mage, spell.attacks[0], second,
                                                        self.dice, is_spell=True,
                                                        first_strike=False, daze=daze,
                                                        reverse=reverse))

    def _their_reverse_attack(self, actor: Piece, attack: Attack, target: Piece,
                              is_spell: bool = False) -> tuple[list[str], bool, int | None]:
        """The Dummy Mage's Reverse Attack (face up, as it casts everything) on the target of
        your attack: after your Daze check (rolled here when you are Dazed), the attack turns
        back on your attacker and the card is destroyed; an Unavoidable one only destroys it.
        Returns the lines, whether the first strike is reversed, and the Daze check rolled."""
        b = self.board
        if REVERSE_ATTACK not in target.enchantments:
            return [], False, None
        daze = combat.daze_check(b, actor, attack, target, self.dice, is_spell)
        if daze is not None and daze <= 6:
            return [], False, daze  # it misses: nothing reaches the Avoid Attack step
        target.enchantments = [e for e in target.enchantments if e != REVERSE_ATTACK]
        b.discards.setdefault("enchantment", []).append(REVERSE_ATTACK)
        self._touched.append(target.id)
        who = self._name(target)
        if attack.zone or combat.has_unavoidable(b, actor, attack):
            return [f"{automaton.cap(who)}'s {REVERSE_ATTACK} is destroyed: your attack is "
                    "Unavoidable, so it has no effect."], False, daze
        return [f"{automaton.cap(who)}'s {REVERSE_ATTACK} turns your attack back on "
                f"{self._name(actor)}; then it is destroyed."], True, daze

    def _sweep_target(self, actor: Piece, attack, target: Piece) -> Piece | None:
        """The second, different target of your Sweeping attack: another of its objects in the
        target's zone that the attack reaches (asked when there is one; you may decline)."""
        if not attack.has("Sweeping"):
            return None
        b = self.board
        others = [p for p in self._their_objects(target.zone) if p.zone == target.zone
                  and p.id != target.id and automaton.sweeps_on(b, actor, attack, target, p)]
        if not others:
            return None
        choices = tuple(Choice(f"{self._name(p)} ({p.damage}/{b.life(p)})", p.id) for p in others)
        picked = self.ask(Question("turn.attack.sweep", "select",
                                   "Sweeping: which other object did the second attack target?",
                                   choices + (Choice("None (no second attack)", "none"),),
                                   default=choices[0].value))
        return None if picked == "none" else b.get(picked)

    def _typed_attack(self, attacker: Piece, target: Piece, attack, moved: bool = False) -> list[str]:
        """You rolled the attack dice: the attack goes through :mod:`solo.rules.combat` like a rolled
        one (Daze check, the target's Defense, armor, Piercing, counterstrike... with the game's
        dice) and asks you for the damage and the markers only when a strike gets that far.
        ``attack`` None: an attack solo does not know (no Defense is rolled for it)."""
        result = combat.resolve_reported_attack(self.board, attacker, attack, target,
                                                combat.Reported(self._ask_damage, self._ask_markers),
                                                self.dice, moved=moved)
        for s in result.strikes:  # what your report changed
            if s.reported and s.target not in self._touched:
                self._touched.append(s.target)
        return self._put(result)

    def _put(self, result: combat.AttackResult) -> list[str]:
        """Put an attack of yours on the board and record it for the step; its lines."""
        self._results.append(result)
        applied = combat.apply(self.board, result)
        return result.steps + mirror_lines(self.board, result) + applied.lines

    def _ask_damage(self, strike: combat.Strike, only_ones: bool) -> tuple[int, int]:
        """What your attack dice showed for one strike: normal+critical."""
        def check(text: str) -> str | None:
            try:
                _parse_damage(text)
            except ValueError as err:
                return str(err)
            return None

        message = "Damage rolled: normal+critical (e.g. 5+2, or 4 for normal only)"
        if strike.role != "attack":
            message = f"{automaton.cap(strike.role)}: {message[0].lower()}{message[1:]}"
        if only_ones:
            message += (f"; {self._name(self.board.get(strike.target))} is Incorporeal: count "
                        "only the dice showing 1 (1 normal, 1* critical)")
        return _parse_damage(self.ask(Question("turn.attack.damage", "text", message, default="0",
                                               validate=check)))

    def _ask_markers(self, strike: combat.Strike) -> list[str]:
        """The markers your attack's effect die (or its card) gave one strike."""
        message = "Markers it gets (e.g. Burn, Burn; empty for none)"
        if strike.role != "attack":
            message = f"{automaton.cap(strike.role)}: {message[0].lower()}{message[1:]}"
        text = self.ask(Question("turn.attack.conditions", "text", message, default="",
                                 validate=_check_markers))
        return [_marker_name(m) for m in text.replace(";", ",").split(",") if m.strip()]

    def _your_spell(self, mage: Piece, quick: bool = False) -> list[str]:
        """A spell of yours at one of its objects; ``quick``: a quick spell only (your quickcast,
        or your mage's quick action after a move).  solo rolls only an attack spell that reaches
        the target from your mage (range, Line of Sight, what may target it); "Damage I rolled
        myself" takes any."""
        b = self.board
        target = self._pick_target(mage, "turn.spell.target", "At which of its objects?")
        if target is None:
            return ["It has nothing to target."]
        cat = b.cat
        spells = [n for n in self._castable("Attack", quick)
                  if yours.can_cast(b, mage, cat.get(n), target)]
        which = "quick " if quick else ""
        rolled = (Choice(f"{'A quick' if quick else 'An'} attack spell: roll it for me",
                         "attack"),) if spells else ()
        none = "" if spells else f" (no {which}attack spell reaches it from {mage.zone})"
        kind = self.ask(Question("turn.spell.kind", "select", f"What did the spell do?{none}",
                                 (*rolled,
                                  Choice("Damage I rolled myself", "typed"),
                                  Choice("An enchantment on it", "enchantment"),
                                  Choice("Destroyed or removed it", "destroy"),
                                  Choice("Something else", "other")),
                                 default="attack" if spells else "typed"))
        if kind == "attack":
            card = self.ask(Question("turn.spell.card", "autocomplete",
                                     f"Which {which}attack spell (those that reach it)?",
                                     tuple(spells)))
            spell = cat.get(card)
            attack = spell.attacks[0]
            burns = target.conditions.get("Burn", 0)
            if burns and "not-burning" in (spell.dm.get("needs") or []):
                # Geyser at a burning target (the card rulings): no attack, only the Burns go
                del target.conditions["Burn"]
                self._touched.append(target.id)
                return [f"{card} at a burning target: the attack is cancelled and it only puts "
                        f"out the fire; remove the {naming.counted(burns, 'Burn marker')} of "
                        f"{self._name(target)}."]
            turned: list[str] = []
            if attack.zone or (spell.target or "").lower() == "zone":
                for p in b.in_zone(target.zone):  # Unavoidable: a Reverse Attack just goes
                    if p.side == "dm":
                        turned += self._their_reverse_attack(mage, attack, p, True)[0]
                result = combat.resolve_zone_attack(b, mage, attack, target.zone, self.dice, is_spell=True)
            else:
                second = self._sweep_target(mage, attack, target)
                turned, reverse, daze = self._their_reverse_attack(mage, attack, target, True)
                result = combat.resolve_attack(b, mage, attack, target, self.dice, is_spell=True,
                                               daze=daze, reverse=reverse, sweep_target=second)
            self._results.append(result)
            applied = combat.apply(b, result)
            lines = turned + result.steps + mirror_lines(b, result) + applied.lines
            if (spell.dm or {}).get("second_target") == "farther" and b.find(mage.id):
                lines += self._farther_attack(mage, spell, target.zone)
            return lines
        if kind == "typed":
            return self._typed_attack(mage, target, None)
        if kind == "enchantment":
            card = self.ask(Question("turn.spell.enchantment", "autocomplete", "Which enchantment?",
                                     self._castable("Enchantment", quick)))
            hidden = self.ask(Question("turn.spell.hidden", "select", "Face up or face down?",
                                       (Choice("Revealed now (face up)", "revealed"),
                                        Choice("Hidden (face down): solo counts it once you "
                                               "reveal it", "hidden")),
                                       default="revealed")) == "hidden"
            if hidden:
                yours.hide(b, target, card)
                return [f"{card} goes face down on {self._name(target)}; "
                        + your_words.when_revealed(cat.get(card))]
            target.enchantments.append(card)
            return [f"{self._name(target)} now carries {card}."]
        if kind == "destroy":
            if target.is_mage:
                return ["A mage cannot be removed; use edit to set its damage."]
            b.remove(target.id)
            if target.side == "dm" and isinstance(target, Creature):
                b.discards["creature"].append(target.card)
                b.extra.setdefault("tally", {"dm": 0, "ym": 0})
                b.extra["tally"]["ym"] += b.cost(target)
            return [f"{self._name(target)} is removed from the arena."]
        return ["Noted: nothing changes on the Dummy Mage's side."]

    # -- your side: equipment, conjurations, enchantments -----------------------------------------
    def _your_own_spell(self, mage: Piece, quick: bool = False) -> list[str]:
        kind = self.ask(Question("own.kind", "select", "What did you cast?",
                                 (Choice("Equipment onto your mage", "equipment"),
                                  Choice("A wall or other conjuration", "conjuration"),
                                  Choice("An enchantment on one of yours (or a zone)", "enchantment")),
                                 default="equipment"))
        if kind == "equipment":
            return self._your_equipment(quick)
        if kind == "conjuration":
            return self._your_conjuration(quick)
        return self._your_enchantment(quick)

    def _castable(self, kind: str, quick: bool) -> tuple[str, ...]:
        """The catalog's names of ``kind`` your mage may cast now (``quick``: the quick ones)."""
        cat = self.board.cat
        return tuple(cat.quick_names(kind) if quick else cat.names(kind))

    def _your_equipment(self, quick: bool = False) -> list[str]:
        b = self.board
        mage = b.mages["ym"]
        name = self.ask(Question("own.equipment", "autocomplete", "Which equipment?",
                                 self._castable("Equipment", quick)))
        lines = []
        for old in yours.same_slot(b, mage, name):
            mage.equipment.remove(old)
            lines.append(f"{old} comes off your mage ({name} takes its place); discard it.")
        mage.equipment.append(name)
        lines.append(render.line(yours.equipment_line(b, mage, name)))
        return lines + render.lines(yours.by_hand(b.cat.get(name)))

    def _your_conjuration(self, quick: bool = False) -> list[str]:
        b = self.board
        mage = b.mages["ym"]
        name = self.ask(Question("own.conjuration", "autocomplete",
                                 "Which quick conjuration?" if quick else "Which conjuration?",
                                 self._castable("Conjuration", quick)))
        card = b.cat.get(name)
        zones = sorted(b.arena.zones(), key=lambda z: (b.distance(mage.zone, z), z))
        zone = self.ask(Question("own.zone", "select",
                                 "The wall stands on a border: one of its two zones?"
                                 if card.is_wall else "In which zone?",
                                 tuple(Choice(f"{z} ({b.distance(mage.zone, z)} from your mage)", z)
                                       for z in zones), default=mage.zone))
        border = None
        if card.is_wall:
            sides = b.arena.neighbours(zone)
            dm_zone = b.mages["dm"].zone
            toward = min(sides, key=lambda z: (b.distance(z, dm_zone), z))
            border = self.ask(Question("own.border", "select", f"And the zone on the other side of {zone}?",
                                       tuple(Choice(f"{n} ({yours.direction(b, zone, n)})", n)
                                             for n in sides), default=toward))
        c = b.add_conjuration(card.name, "ym", zone, border=border)
        where = f"on the border of {zone} and {border}" if border else f"in {zone}"
        return [f"Your {card.name} ({c.id}) stands {where}."] + render.lines(yours.by_hand(card))

    def _your_enchantment(self, quick: bool = False) -> list[str]:
        b = self.board
        name = self.ask(Question("own.enchantment", "autocomplete", "Which enchantment?",
                                 self._castable("Enchantment", quick)))
        card = b.cat.get(name)
        mine: list[Piece] = [b.mages["ym"], *b.side_creatures("ym")]
        choices = [Choice(f"{self._name(p)} in {p.zone}", p.id) for p in mine]
        if "zone" in (card.target or "").lower():
            choices += [Choice(f"Zone {z}", f"zone:{z}") for z in b.arena.zones()]
        where = self.ask(Question("own.target", "select", f"{card.name} on what?", tuple(choices),
                                  default=choices[0].value))
        hidden = self.ask(Question("own.hidden", "select", "Face up or face down?",
                                   (Choice("Hidden (face down): solo asks or reveals it when the "
                                           "game lets you", "hidden"),
                                    Choice("Revealed now (face up)", "revealed")),
                                   default="hidden")) == "hidden"
        if where.startswith("zone:"):
            zone = where.split(":", 1)[1]
            yours.enchant_zone(b, zone, card.name, hidden)
            state = "face down" if hidden else "face up"
            return [f"{card.name} goes {state} on zone {zone}."] + ([] if hidden else render.lines(yours.by_hand(card)))
        target = b.get(where)
        if hidden:
            yours.hide(b, target, card.name)
            return [f"{card.name} goes face down on {self._name(target)}; "
                    + your_words.when_revealed(card)]
        target.enchantments.append(card.name)
        return [f"{automaton.cap(self._name(target))} now carries {card.name}, face up."] \
            + render.lines(yours.by_hand(card))

    def _reveal_choice(self) -> list[Choice]:
        if yours.hidden_anywhere(self.board):
            return [Choice("Reveal one of your hidden enchantments", "reveal")]
        return []

    def _reveal(self) -> list[str]:
        b = self.board
        options = your_words.hidden_list(b)
        if not options:
            return ["You have no hidden enchantment to reveal."]
        pick = self.ask(Question("reveal.which", "select", "Which one do you reveal?",
                                 tuple(Choice(f"{name} on {where}", str(i))
                                       for i, (name, where, _) in enumerate(options)),
                                 default="0"))
        name, where, holder = options[int(pick)]
        if not isinstance(holder, str):
            self._touched.append(holder.id)
        return render.lines(yours.reveal(b, holder, name))

    def _quick_summon_choice(self) -> list[Choice]:
        """A quickcast summons only a quick creature: the choice names them (and is not offered
        when the catalog has none)."""
        quick = self._castable("Creature", True)
        return [Choice(f"Summon a quick creature ({', '.join(quick)})", "summon")] if quick else []

    def _your_summon(self, quick: bool = False) -> list[str]:
        b = self.board
        card = self.ask(Question("turn.summon.card", "autocomplete",
                                 "Which quick creature?" if quick else "Which creature?",
                                 self._castable("Creature", quick)))
        zones = b.arena.zones()
        zone = self.ask(Question("turn.summon.zone", "select", "Into which zone?", tuple(zones),
                                 default=b.mages["ym"].zone))
        c = b.add_creature(card, "ym", zone, active=False)
        c.extra[SUMMONED] = b.round
        return [f"Your {c.card} enters {zone} as {c.id} (inactive until the next Reset)."]

    # -- fixing the board ------------------------------------------------------------------------
    def edit_board(self) -> Step | None:
        """Correct any object: the physical board is the truth."""
        b = self.board
        objs = b.pieces()
        choices = [Choice(f"{self._name(p)} in {p.zone}", p.id) for p in objs]
        choices += [Choice("Add a creature", "+creature"), Choice("Cancel", "cancel")]
        pick = self.ask(Question("edit.object", "select", "Which object?", tuple(choices),
                                 default="cancel"))
        if pick == "cancel":
            return None
        if pick == "+creature":
            side = self.ask(Question("edit.side", "select", "Whose creature?",
                                     (Choice("Yours", "ym"), Choice("The Dummy Mage's", "dm")), default="ym"))
            card = self.ask(Question("edit.card", "autocomplete", "Which creature?",
                                     tuple(b.cat.names("Creature"))))
            zone = self.ask(Question("edit.zone", "select", "In which zone?", tuple(b.arena.zones()),
                                     default=b.mages[side].zone))
            c = b.add_creature(card, side, zone)
            return Step(f"edit: added {c.card} ({c.id}) in {zone}", "edit",
                        [f"Added {self._name(c)} in {zone}."])
        p = b.get(pick)
        fields = [Choice("Zone", "zone"), Choice("Damage", "damage"), Choice("Conditions", "conditions"),
                  Choice("Enchantments", "enchantments")]
        if isinstance(p, Creature):
            fields += [Choice("Guarding", "guarding"), Choice("Active", "active"),
                       Choice("Remove it", "remove")]
        what = self.ask(Question("edit.field", "select", f"Change what on {self._name(p)}?",
                                 tuple(fields), default="damage"))
        old: object = None
        new: object
        if what == "zone":
            old, p.zone = p.zone, self.ask(Question("edit.zone", "select", "New zone?",
                                                    tuple(b.arena.zones()), default=p.zone))
            new = p.zone
        elif what == "damage":
            old, p.damage = p.damage, self.ask(Question("edit.damage", "int", "Damage on it now?",
                                                        default=p.damage, min=0, max=999))
            new = p.damage
        elif what == "conditions":
            old = _fmt_conditions(p.conditions)
            text = self.ask(Question("edit.conditions", "text",
                                     "Conditions now (e.g. Burn 2, Daze 1; empty for none)",
                                     default=old, validate=_check_conditions))
            p.conditions = _parse_conditions(text)
            new = _fmt_conditions(p.conditions)
        elif what == "enchantments":
            old = ", ".join(p.enchantments)
            text = self.ask(Question("edit.enchantments", "text",
                                     "Enchantments now (names separated by commas)", default=old))
            p.enchantments = [b.cat.get(n.strip()).name for n in text.split(",") if n.strip()]
            new = ", ".join(p.enchantments)
        elif what in ("guarding", "active"):
            old = getattr(p, what)
            setattr(p, what, self.ask(Question(f"edit.{what}", "confirm", f"{what.title()}?",
                                               default=not old)))
            new = getattr(p, what)
        else:
            b.remove(p.id)
            return Step(f"edit: removed {p.card} ({p.id})", "edit", [f"Removed {self._name(p)}."])
        if old == new:  # nothing changed: no step to record (as if cancelled)
            self.on_output(f"Nothing changed on {self._name(p)}.")
            return None
        # The words of a step are what a resumed game's replay must write again: an edit's stay
        # as games in progress recorded them (an empty field shows as nothing: "conditions  → ").
        return Step(f"edit: {p.card} ({p.id}) {what} {old} → {new}", "edit",
                    [f"{self._name(p)}: {what} {old} → {new}."])


class Free(list):
    """The lines of something of yours that takes no action and no quickcast: revealing a hidden
    enchantment (the codex: it only costs its reveal cost)."""


#: The step of a reveal of yours, which uses up nothing.
YOU_REVEAL = "you reveal an enchantment"

#: The Dummy Mage's enchantment that turns the next attack on its bearer back on the attacker.
REVERSE_ATTACK = "Reverse Attack"


def _after_colon(text: str) -> str:
    """A line that stands alone, put after a label ("Upkeep: ..."): "Your mage" and "The Dummy
    Mage" go lower-case as they do mid-sentence; a card's name keeps its capital."""
    return text[0].lower() + text[1:] if text.startswith(("Your ", "The ")) else text


def _look_up(term: str) -> str:
    from solo.text import lookup as rules

    return rules.explain(term, rules.all_entries(), 80)


def _settings(raw) -> Settings:
    if not isinstance(raw, dict):
        raise ValueError("settings must be an object")
    s = Settings(**raw)
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


def _set_rng(rng: SeededSource, state) -> None:
    if not (isinstance(state, list) and len(state) == 3 and isinstance(state[1], list)
            and len(state[1]) == 625 and all(isinstance(x, int) and not isinstance(x, bool)
                                             and 0 <= x < 2**32 for x in state[1][:624])):
        raise ValueError("rng: not a random generator state")
    rng.set_state(state)


def _log_entry(e) -> bool:
    return (isinstance(e, dict) and isinstance(e.get("label"), str) and isinstance(e.get("who"), str)
            and isinstance(e.get("lines"), list) and all(isinstance(x, str) for x in e["lines"]))


def _facts(decision) -> dict:
    """The parts of a Dummy Mage decision that statistics need."""
    keys = ("action", "card", "discarded", "target", "creature")
    data = decision.to_json()
    out = {k: data[k] for k in keys if k in data}
    damage: dict[str, int] = {}
    for r in decision.results:
        for s in r.strikes:
            if s.damage and s.target:
                damage[s.target] = damage.get(s.target, 0) + s.damage
    if damage:
        out["damage"] = damage
    return out


def _parse_damage(text: str) -> tuple[int, int]:
    """``"5+2"`` -> (5, 2); ``"4"`` -> (4, 0).

    >>> _parse_damage("5+2"), _parse_damage(" 4 "), _parse_damage("0+3")
    ((5, 2), (4, 0), (0, 3))
    """
    parts = [x.strip() for x in text.strip().split("+")]
    if not 1 <= len(parts) <= 2 or not all(x.isdigit() for x in parts):
        raise ValueError("give normal+critical, for example 5+2, or one number")
    normal = int(parts[0])
    critical = int(parts[1]) if len(parts) == 2 else 0
    return normal, critical


def _marker_name(text: str) -> str:
    """The marker named by ``text`` (any case), or ValueError naming the nearest ones.

    >>> _marker_name(" perfect strike "), _marker_name("STUN")
    ('Perfect Strike', 'Stun')
    >>> _marker_name("Foo")
    Traceback (most recent call last):
    ...
    ValueError: 'Foo' is not a marker solo knows (markers: Bleed, Burn, Corrode, Cripple, ...)
    >>> _marker_name("Stunn")
    Traceback (most recent call last):
    ...
    ValueError: 'Stunn' is not a marker solo knows; did you mean Stun or Stuck?
    """
    key = " ".join(text.split()).lower()
    for name in board_mod.MARKERS:
        if name.lower() == key:
            return name
    import difflib

    near = difflib.get_close_matches(key.title(), board_mod.MARKERS, n=3, cutoff=0.6)
    if near:
        raise ValueError(f"{text.strip()!r} is not a marker solo knows; did you mean "
                         f"{' or '.join(near)}?")
    raise ValueError(f"{text.strip()!r} is not a marker solo knows "
                     f"(markers: {', '.join(board_mod.MARKERS[:4])}, ...)")


def _check_markers(text: str) -> str | None:
    try:
        [_marker_name(m) for m in text.replace(";", ",").split(",") if m.strip()]
    except ValueError as err:
        return str(err)
    return None


def _parse_conditions(text: str) -> dict[str, int]:
    """``"Burn 2, Daze"`` -> {"Burn": 2, "Daze": 1}; only known markers.

    >>> _parse_conditions("Burn 2, daze")
    {'Burn': 2, 'Daze': 1}
    """
    out: dict[str, int] = {}
    for part in text.replace(";", ",").split(","):
        words = part.split()
        if not words:
            continue
        count = 1
        if words[-1].isdigit():
            count = int(words.pop())
        if not words:
            raise ValueError(f"{part.strip()!r} has no condition name")
        name = _marker_name(" ".join(words))
        if count:
            out[name] = out.get(name, 0) + count
    return out


def _check_conditions(text: str) -> str | None:
    try:
        _parse_conditions(text)
    except ValueError as err:
        return str(err)
    return None


def _fmt_conditions(conditions: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in conditions.items())


def summary(game: Game) -> list[str]:
    """The end-of-game summary: who won and why, rounds, cards played, creatures destroyed."""
    b = game.board
    outcome = game.phase.outcome
    winner, reason = (outcome.result, render.line(outcome.reason)) if outcome is not None else ("", "")
    lines = [f"Game over after {naming.counted(game.phase.round, 'round')}: "
             + {"ym": "you win!", "draw": "a draw."}.get(winner, "the Dummy Mage wins.")]
    if reason:
        lines.append(automaton.cap(reason) + ".")
    actions = [(e.get("data") or {}).get("action") for e in game.log if e.get("who") == "dm"]
    played = {deck: actions.count(action) for deck, action in
              (("enchantment", "enchantment"), ("incantation", "incantation"),
               ("attack", "attack-spell"))}
    summoned = actions.count("summon")
    counted = naming.counted
    lines.append(f"The Dummy Mage summoned {counted(summoned, 'creature')} and cast or discarded "
                 f"{counted(played['enchantment'], 'enchantment')}, "
                 f"{counted(played['incantation'], 'incantation')} and "
                 f"{counted(played['attack'], 'attack spell')}.")
    lost = len(b.discards["creature"])
    lines.append(f"Dummy Mage creatures destroyed: {lost}.")
    tally = upkeep.tally_of(b)
    lines.append(f"Mana destroyed: you {tally['ym']}, the Dummy Mage {tally['dm']} "
                 f"(the alternate ending, which comes once its creature deck is empty and its "
                 f"creatures are gone, needs yours above twice its: {2 * tally['dm']}).")
    return lines
