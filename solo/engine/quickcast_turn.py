"""The Dummy Mage's quickcast (stages 1 and 3) as its Action Phase, whole.

:func:`quickcast` asks the automaton (:func:`solo.automaton.quickcast.quickcast`, the d12
table) and puts what it decided on the board; :func:`dm_quickcast` frames that in the Action
Phase of :mod:`solo.engine.turns` (activation, attacks rolled, the end of the phase).  Apart
from :mod:`solo.engine.turns` because a quickcast may cast a spell, and the spell section is
not loaded for a creature's action.
"""

from __future__ import annotations

from typing import Final

from solo.automaton import quickcast as table
from solo.core.kinds import DM, Side
from solo.engine import turns
from solo.engine.turns import begin, finish
from solo.rules import mages
from solo.rules.abilities import triggers
from solo.rules.board import Board, Creature
from solo.rules.combat import DefenseChoice
from solo.rules.decision import Act, Decision
from solo.rules.dice import DiceSource
from solo.rules.said import Said

__all__ = ["quickcast", "carry_out", "dm_quickcast"]

#: The Dummy Mage as a decision's actor (its side as plain text).
_ACTOR: Final = str(Side.DM)
#: Act.SUMMON as a module global (the same member, without a look-up on the enum class)
_SUMMON: Final = Act.SUMMON
#: The line of a creature the quickcast summoned (the Pet or Eternal Servant line follows it).
SUMMONED_LINE: Final = "dm.qc.summon"


def quickcast(board: Board, source: DiceSource, logs: bool = True) -> Decision:
    """One quickcast of the Dummy Mage, decided and put on the board, its attacks not yet
    rolled (``logs``: see :func:`solo.automaton.quickcast.quickcast`)."""
    return carry_out(board, table.quickcast(board, source, logs), source)


def carry_out(board: Board, decision: Decision, source: DiceSource | None = None) -> Decision:
    """Put what a quickcast decided on the board (:func:`solo.engine.turns.carry_out`).  A
    creature it summoned may become its Pet (Beastmaster) or Eternal Servant (Necromancer), and
    its card may act as it comes into play (:func:`solo.rules.abilities.triggers.on_summoned`,
    with ``source``'s dice): said right after the summon."""
    turns.carry_out(board, decision)
    if decision.action == _SUMMON and "id" in decision.data:
        c = board.get(decision.data["id"])
        assert isinstance(c, Creature)
        at = 0  # (a loop, not next() over a generator: every summon; no summon line in a game
        # that logs nothing, whose lines nobody reads: see solo.automaton.quickcast.quickcast)
        for i, x in enumerate(decision.instructions):
            if isinstance(x, Said) and x.code == SUMMONED_LINE:
                at = i + 1
                break
        said = mages.after_summon(board, c)
        if source is not None:
            said += triggers.on_summoned(board, source, board.get(c.id))
        decision.instructions[at:at] = said
    return decision


def dm_quickcast(board: Board, source: DiceSource, *, roll: bool = True,
                 ask_defense: DefenseChoice | None = None, logs: bool = True) -> Decision:
    """The Dummy Mage's quickcast (stage 1 or 3), its Action Phase from activation to end.

    ``roll=False`` (a person rolling the attack dice) decides without rolling them and says
    what to roll; the end of the phase happens all the same.  ``logs``: see
    :func:`solo.engine.resolve.resolve_decision`.
    """
    mark = len(source.history)
    dm = board.mages[DM]
    phase = begin(board, dm)
    decision = quickcast(board, source, logs)
    if phase.events:  # (most activations say nothing)
        decision.instructions[:0] = [e.text for e in phase.events]
        decision.events += phase.events
    decision.data.setdefault("actor", _ACTOR)
    return finish(decision, phase, source, mark, roll, ask_defense, logs)
