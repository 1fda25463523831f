"""One Action Phase of any object, whole: activation, the action, the end of the phase.

The solo rules give the Dummy Mage two turns a round, its quickcasts in stages 1 and 3; each is
that mage's Action Phase.  Its creatures get one each in the creature-actions stage, and so do
your mage and your creatures.  Whatever happens in between, every Action Phase has the same
frame, and this module is the one place that frames it:

1. **activation** -- a guard marker comes off, Slam becomes Daze, Knockdown ends;
2. **the action** -- an Incapacitated object (Stun, Sleep) loses it;
3. **the end of the phase** -- Stun and Taunt go, the Daze markers it had when the phase began
   go (Daze gained during the phase stays), each Cripple marker gets an escape roll, and round
   markers used up by its melee attack go.

:func:`dm_creature_action` wraps the automaton's creature decisions in that frame, and
:func:`solo.engine.quickcast_turn.dm_quickcast` its quickcasts, so `solo dm`, `solo play` and
the simulator all end a phase the same way.  The automaton only decides: what a decision does
to the board is put on it here (:func:`carry_out`).  Pure: the board and the dice source given
are the only things touched.  (This module never loads the spell section: ``solo dm creature``
does without it.)
"""

from __future__ import annotations

from solo.automaton import creatures
from solo.core.kinds import DM
from solo.engine.resolve import describe_unresolved, resolve_decision
from solo.rules import upkeep
from solo.rules.abilities import explosions
from solo.rules.abilities.marks import DUE
from solo.rules.board import Board, Creature, Piece
from solo.rules.combat import DefenseChoice
from solo.rules.decision import Decision
from solo.rules.dice import DiceSource
from solo.rules.effects import SetActive, SetGuard, apply_all
from solo.rules.effects import apply as put
from solo.text.naming import cap, label_of


class Phase:
    """An Action Phase in progress: who, and the Daze and Stun it had once activated."""

    def __init__(self, board: Board, piece: Piece, events: list[upkeep.Event]) -> None:
        self.board = board
        self.piece = piece
        self.events = events
        conditions = piece.conditions  # (most have no marker: nothing to look up)
        self.daze_at_start = conditions.get("Daze", 0) if conditions else 0
        self.stun_at_start = conditions.get("Stun", 0) if conditions else 0

    def end(self, source: DiceSource) -> list[upkeep.Event]:
        """The end of this Action Phase (nothing happens to an object no longer on the board)."""
        return upkeep.end_action_phase(self.board, self.piece, source,
                                       daze_at_start=self.daze_at_start,
                                       stun_at_start=self.stun_at_start)


def begin(board: Board, piece: Piece) -> Phase:
    """Activate ``piece``: its Action Phase begins."""
    return Phase(board, piece, upkeep.activate(board, piece))


def carry_out(board: Board, decision: Decision) -> None:
    """Put what ``decision`` does (its :attr:`~solo.rules.decision.Decision.changes`: a walk, a
    creature summoned, a guard marker taken off...) on the board, in order."""
    apply_all(board, decision.changes)


def trim_events(board: Board, trimmed: list[tuple[Piece, int]]) -> list[upkeep.Event]:
    """The Corrode markers that objects' armor no longer covers, which
    :meth:`Board.trim_corrode` took off, each as an event with its line for the person: a
    standing rule, applied after every step (an aura that left can lower a bystander's
    armor)."""
    return [upkeep.Event(piece.id, piece.card, "corrode-trim",
                         f"{cap(label_of(board, piece))}'s armor no longer covers its Corrode "
                         f"markers: remove {n} of them.", removed={"Corrode": n})
            for piece, n in trimmed]


def finish(decision: Decision, phase: Phase, source: DiceSource, mark: int,
           roll: bool, ask_defense: DefenseChoice | None, logs: bool = True) -> Decision:
    """The rest of an Action Phase once its decision is on the board: its attacks rolled (or,
    ``roll=False``, said for a person to roll), the end of the phase, the standing Corrode
    rule; the effect-die results used since ``mark`` (``logs``: see resolve_decision; a game
    that logs nothing leaves the decision's ``rolls`` as they are)."""
    board = phase.board
    if roll:  # (its rolls: the phase's, worked out below)
        resolve_decision(board, decision, source, ask_defense, False, logs)
    else:
        describe_unresolved(board, decision)
    if board.extra.get(DUE):  # one its spell destroyed (Goblin Bomber): go_off's own question
        said, results = explosions.go_off(board, source)
        decision.instructions += said
        decision.results += results
    for event in upkeep.end_action_phase(board, phase.piece, source, phase.daze_at_start,
                                         phase.stun_at_start):  # (phase.end, written out)
        decision.instructions.append(event.text)
        decision.events.append(event)
    trimmed = board.trim_corrode()  # (the standing Corrode rule: nearly always nothing)
    if trimmed:
        for event in trim_events(board, trimmed):
            decision.instructions.append(event.text)
            decision.events.append(event)
    if logs:  # (the effect dice since mark, without a call: only a log reads them)
        rolls: list[int] = []
        decision.rolls = rolls
        for r in source.history[mark:]:
            if r.sides == 12:
                rolls.append(r.value)
    return decision


def creature_action(board: Board, source: DiceSource) -> Decision:
    """The next Dummy Mage creature action, decided and put on the board, its attacks not yet
    rolled: whether one acts (:func:`creatures.waiting`), which (:func:`creatures.next_creature`),
    its activation (guard marker off, Slam to Daze, Knockdown over, its action marker flipped),
    then what it does (:func:`creatures.act`)."""
    mark = len(source.history)
    d = _creature_action(board, source)
    d.rolls = [r.value for r in source.used_since(mark) if r.sides == 12]
    return d


def _creature_action(board: Board, source: DiceSource,
                     dm_active: list[Creature] | None = None, logs: bool = True) -> Decision:
    """:func:`creature_action` without its effect-die results (the Action Phase's, worked out
    at its end, take their place); ``dm_active``: the Dummy Mage's active creatures, when the
    caller has just worked them out (asked twice else: who waits, and who acts); ``logs``:
    see :func:`solo.automaton.creatures.act`."""
    if dm_active is None:
        dm_active = creatures.active_creatures(board, DM)
    d = creatures.waiting(board, dm_active, logs)
    if d is None:
        picked = creatures.next_creature(board, source, dm_active)
        assert picked is not None  # it has an active creature (creatures.waiting)
        events = upkeep.activate(board, picked)
        c = board.get(picked.id)
        assert isinstance(c, Creature)
        put(board, SetActive(c.id, False))
        if c.guarding:  # (activation took its guard marker off already, as a rule)
            put(board, SetGuard(c.id, False))
        d = creatures.act(board, source, c, logs)
        if events:  # (most activations say nothing)
            d.instructions[:0] = [e.text for e in events]
            d.events[:0] = events
        if d.changes:  # (carry_out, written out: a walk, a guard marker off...)
            apply_all(board, d.changes)
    return d


def dm_creature_action(board: Board, source: DiceSource, *, roll: bool = True,
                       ask_defense: DefenseChoice | None = None,
                       dm_active: list[Creature] | None = None, logs: bool = True) -> Decision:
    """The next Dummy Mage creature action, its Action Phase from activation to end (a pass or
    ``none`` is no Action Phase at all; ``dm_active``: the Dummy Mage's active creatures, when
    the caller has just worked them out on this board; ``logs``: see resolve_decision)."""
    mark = len(source.history)
    decision = _creature_action(board, source, dm_active, logs)
    ident = decision.data.get("creature")
    piece = board.find(ident) if ident else None
    if piece is None or decision.action in ("pass", "none"):
        if roll:  # (its rolls: the action's, worked out below)
            resolve_decision(board, decision, source, ask_defense=ask_defense, rolls=False,
                             logs=logs)
        if logs:  # (only a log reads them: see finish)
            decision.rolls = [r.value for r in source.used_since(mark) if r.sides == 12]
        return decision
    # creature_action has activated the creature already (it must, to see whether a Slam or
    # Knockdown still stops it); the phase starts with the Daze it has now.
    phase = Phase(board, piece, [])
    return finish(decision, phase, source, mark, roll, ask_defense, logs)


def pass_phase(board: Board, piece: Piece, source: DiceSource) -> list[upkeep.Event]:
    """An Action Phase in which ``piece`` takes no action (you are done for the round, or it is
    Incapacitated): activated, then ended."""
    phase = begin(board, piece)
    return phase.events + phase.end(source)


__all__ = ["Phase", "begin", "carry_out", "creature_action", "dm_creature_action", "finish",
           "pass_phase", "trim_events"]
