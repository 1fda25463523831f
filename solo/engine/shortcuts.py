"""What a person at the terminal is spared: the answers a game gives by itself.

Three kinds, all for a prompter that :attr:`~solo.core.questions.Prompter.takes_shortcuts` (a
person; a script or a program is asked every question the long way):

* a question with one possible answer (:func:`~solo.core.questions.only_answer`) is answered
  at once;
* a :class:`~solo.core.questions.Shortcut` chosen in a menu gives the answers it stands for as
  their questions come in the same step (your creature attacks the default target with the
  default attack: the actor, then "attacked", the target, the attack);
* its ``standing`` answers are given whenever their question comes again this round (your
  quickcast passed for the whole round).

Each answer given here is recorded in the step like a typed one, so the journal holds the same
answers however they were given: a game replays, is undone and imported alike, and an older
game (whose person typed what is now answered for them) replays as it always did.  Nothing
here is saved: after a resume or an undo the game asks again until the person takes a
shortcut again; only the answers of your last Action Phases (for "as last round") are read
back from the steps replayed (:meth:`Spared.remember`).
"""

from __future__ import annotations

from typing import Any, Final

from solo.core.questions import NOTHING, AnswerError, Question, Shortcut, only_answer

__all__ = ["Spared", "ACTOR", "QUICKCAST"]

#: The question of your creature stage that names who acts: the first answer of an Action
#: Phase of yours.
ACTOR: Final = "turn.actor"
#: The question of your quickcast, and its answers that cast no spell.
QUICKCAST: Final = "quickcast.you"
_NO_SPELL: Final = ("pass", "reveal")
#: The answers of "Who acts now?" that name nobody who acts.
_NOBODY: Final = ("quickcast", "pass", "done", "reveal")


class Spared:
    """The answers a game gives for a person (see the module's text), and what it remembers
    of their Action Phases."""

    def __init__(self) -> None:
        #: the answers still to give in this step, from the shortcut taken: (question id, answer)
        self.plan: list[tuple[str, Any]] = []
        #: answers given whenever their question comes, in round ``standing_round``
        self.standing: dict[str, Any] = {}
        self.standing_round = 0
        #: the answers the person gave in this step (not those given for them)
        self.typed = 0
        #: the answers of each actor's last Action Phase, by its id: (round, answers)
        self.turns: dict[str, tuple[int, list[list[Any]]]] = {}

    def begin_step(self) -> None:
        """A step (or a step started again) begins: no shortcut is running yet."""
        self.plan = []
        self.typed = 0

    def given(self, q: Question, rnd: int) -> Any:
        """The answer given to ``q`` without asking, or :data:`NOTHING`: the next answer of the
        shortcut taken (when it still fits; else the rest of the shortcut is dropped and ``q``
        is asked), a standing answer of this round, or the one answer ``q`` can have."""
        if self.plan and self.plan[0][0] == q.id:
            value = _fits(q, self.plan.pop(0)[1])
            if value is not NOTHING:
                return value
            self.plan = []  # the board is not what the shortcut said any more: ask
        if q.id in self.standing and self.standing_round == rnd:
            value = _fits(q, self.standing[q.id])
            if value is not NOTHING:
                return value
        return only_answer(q)

    def took(self, shortcut: Shortcut, rnd: int) -> Any:
        """The person chose ``shortcut``: its other answers wait for their questions; returns the
        answer of the question it was chosen at."""
        self.plan = list(shortcut.answers[1:])
        if shortcut.standing:
            self.standing = dict(shortcut.standing)
            self.standing_round = rnd
        return shortcut.answers[0][1]

    def revoke(self, qid: str) -> None:
        """The person asked for ``qid`` themselves (their quickcast after passing it for the
        round): its standing answer goes."""
        self.standing.pop(qid, None)

    def remember(self, rnd: int, answers: list[list[Any]] | None) -> None:
        """A step of yours in round ``rnd`` gave ``answers``: an Action Phase is kept by actor
        (for "as last round"), and a quickcast that cast a spell (for "as last time")."""
        if not answers:
            return
        if answers[0][0] == ACTOR and isinstance(answers[0][1], str) \
                and answers[0][1] not in _NOBODY:
            self.turns[answers[0][1]] = (rnd, [list(a) for a in answers])
        at = next((i for i, a in enumerate(answers) if a[0] == QUICKCAST), None)
        if at is not None and answers[at][1] not in _NO_SPELL:
            self.turns[QUICKCAST] = (rnd, [list(a) for a in answers[at:]])

    def last_round(self, actor: str, rnd: int) -> list[list[Any]] | None:
        """The answers of ``actor``'s Action Phase in the round before ``rnd``, or None."""
        kept = self.turns.get(actor)
        return kept[1] if kept is not None and kept[0] == rnd - 1 else None

    def last_quickcast(self) -> list[list[Any]] | None:
        """The answers of the last quickcast of yours that cast a spell, from its own."""
        kept = self.turns.get(QUICKCAST)
        return kept[1] if kept is not None else None


def _fits(q: Question, value: Any) -> Any:
    """``value`` as an answer of ``q`` (one of its choices), or :data:`NOTHING`."""
    if q.kind == "select" and value not in q.values():
        return NOTHING
    try:
        return q.parse(value)
    except AnswerError:
        return NOTHING
