"""A decision's board changes, and the board as they leave it.

The Dummy Mage decides on the board it is given and never changes it.  Each change its decision
makes (a creature walks, a guard marker comes off, a Trample is used up) is added to a
:class:`Plan` and carried by the decision (:attr:`~solo.rules.decision.Decision.changes`), for
the engine to put on the board (:func:`solo.engine.turns.carry_out`).  Where the rest of the
decision depends on a change -- a creature that moved attacks from its new zone, with the
traits it has there -- it reads :attr:`Plan.board`: the board with every change so far on it,
worked out on a copy that shares the pieces no change touches, made the first time it is read.
"""

from __future__ import annotations

from solo.rules.board import Board
from solo.rules.effects import Change, apply_all

__all__ = ["Plan"]


class Plan:
    """The changes of one decision (``changes``: the decision's own list) and the board they
    leave (:attr:`board`); ``logs``: whether the decision's lines are read (see
    :func:`solo.automaton.creatures.act`)."""

    def __init__(self, board: Board, changes: list[Change], logs: bool = True) -> None:
        self._given = board
        self._view = board
        self._on = len(changes)  # changes already on the view (the given board has them)
        self.changes = changes
        self.logs = logs

    @property
    def given(self) -> Board:
        """The board the decision is made on, as it was given (never changed)."""
        return self._given

    def put(self, *changes: Change) -> None:
        """What the decision does next (on the view the next time it is read)."""
        self.changes.extend(changes)

    @property
    def board(self) -> Board:
        """The board as the changes so far leave it: the given one until the first change,
        then a copy of it (the given board is never changed)."""
        if self._on < len(self.changes):
            if self._view is self._given:
                self._view = self._given.copy(only=set())
            apply_all(self._view, self.changes[self._on:])
            self._on = len(self.changes)
        return self._view
