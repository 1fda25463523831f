"""The order of a round: who goes first in each stage, and where a game's round stands.

A round goes through its stages in order (Mage Wars Arena, solo variant)::

    READY -> QUICKCAST_1 -> CREATURES -> QUICKCAST_3 -> READY of the next round
                                   (any step may end the game: OVER)

:class:`RoundState` is where the round stands -- its number, its stage, the quickcasts still
pending in a quickcast stage, whose turn it is in the creature stage -- and its transitions are
its methods.  It is saved in a game as the dict ``solo-save/1`` files have always held (see
:meth:`RoundState.to_dict`).

>>> initiative_for_round(1), initiative_for_round(2), initiative_for_round(3)
(<Side.DM: 'dm'>, <Side.YM: 'ym'>, <Side.DM: 'dm'>)
>>> initiative_for_round(2) == "ym"
True
>>> [t.value for t in quickcast_order(Side.YM, you_pass=False)]
['ym', 'dm']
>>> [t.value for t in quickcast_order(Side.YM, you_pass=True)]
['dm', 'ym']
>>> [t.value for t in quickcast_order(Side.DM, you_pass=False)]
['dm', 'ym']
>>> [t.value for t in quickcast_queue(Side.YM)], [t.value for t in quickcast_queue(Side.DM)]
(['ym?', 'dm'], ['dm', 'ym'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

from solo.core.errors import InvalidInput
from solo.core.kinds import DM, YM, Side, Stage
from solo.rules.upkeep import Outcome
from solo.text import upkeep as upkeep_text

__all__ = ["QuickcastTurn", "RoundState", "initiative_for_round",
           "quickcast_order", "quickcast_queue"]


class QuickcastTurn(Enum):
    """A quickcast still pending in a quickcast stage; the value is the saved token."""

    DM = Side.DM.value  # the Dummy Mage's
    YOURS = Side.YM.value
    YOURS_OR_PASS_FIRST = "ym?"  # yours with the initiative: pass, and the Dummy Mage's goes first


def initiative_for_round(round_number: int) -> Side:
    """The Dummy Mage holds the initiative in round 1; it then alternates every round."""
    return _SIDE_DM if round_number % 2 == 1 else _SIDE_YM


def quickcast_order(initiative: str, you_pass: bool) -> list[QuickcastTurn]:
    """Who quickcasts first in a quickcast stage.

    The side with the initiative goes first.  When you hold it and pass, the Dummy Mage acts
    first and you may still quickcast after it.
    """
    if initiative == YM and not you_pass:
        return [_QC_YOURS, _QC_DM]
    return [_QC_DM, _QC_YOURS]


def quickcast_queue(initiative: str) -> list[QuickcastTurn]:
    """The quickcasts pending when a quickcast stage begins.  The Dummy Mage quickcasts in every
    stage, whoever holds the initiative; when you hold it yours comes first, with the choice to
    pass first (the Dummy Mage's then goes first and yours after it)."""
    if initiative == YM:
        return [_QC_YOURS_FIRST, _QC_DM]
    return [_QC_DM, _QC_YOURS]  # (quickcast_order(DM, you_pass=False), written out)


#: Stage.OVER as a module global (the same member, without a look-up on the enum class).
_OVER: Final = Stage.OVER
#: The other members asked for at every stage, likewise (a look-up on the enum class costs
#: about 900 instructions on Python 3.11, a module global's about 60)
_SIDE_DM: Final = Side.DM
_SIDE_YM: Final = Side.YM
_QC_DM: Final = QuickcastTurn.DM
_QC_YOURS: Final = QuickcastTurn.YOURS
_QC_YOURS_FIRST: Final = QuickcastTurn.YOURS_OR_PASS_FIRST
_QUICKCAST_1: Final = Stage.QUICKCAST_1
_CREATURES: Final = Stage.CREATURES
_QUICKCAST_3: Final = Stage.QUICKCAST_3


@dataclass
class RoundState:
    """Where the round stands.

    ``queue``, ``your_quickcast_used``: the quickcast stages (and the creature stage, which
    keeps them); ``next``, ``you_done``, ``mage_active``: the creature stage only;
    ``outcome``: a finished game only.  Outside their stages these keep their defaults, so
    that ``RoundState.from_dict(s.to_dict()) == s``.
    """

    round: int = 1
    stage: Stage = Stage.READY
    queue: list[QuickcastTurn] = field(default_factory=list)  # pending quickcasts, first first
    your_quickcast_used: bool = False  # you quickcast already this round
    next: Side = Side.DM  # whose turn it is in the creature stage
    you_done: bool = False  # you are done for the round: the Dummy Mage's creatures act on
    mage_active: bool = True  # your mage has not had its Action Phase this round
    outcome: Outcome | None = None

    @property
    def over(self) -> bool:
        return self.stage is _OVER  # (a global: asked every step)

    def copy(self) -> RoundState:
        return RoundState(self.round, self.stage, list(self.queue), self.your_quickcast_used,
                          self.next, self.you_done, self.mage_active, self.outcome)

    # -- transitions -------------------------------------------------------------------------------
    def quickcast_1(self, queue: list[QuickcastTurn]) -> RoundState:
        """After the ready stage: the first quickcast stage, with ``queue`` pending."""
        return RoundState(self.round, _QUICKCAST_1, list(queue))

    def creatures(self, first: str) -> RoundState:
        """After the first quickcast stage: creature actions, ``first`` (a side) to act first."""
        return RoundState(self.round, _CREATURES, list(self.queue), self.your_quickcast_used,
                          first if isinstance(first, Side) else Side(first))

    def quickcast_3(self, queue: list[QuickcastTurn]) -> RoundState:
        """After the creature stage: the final quickcast stage, with ``queue`` pending."""
        return RoundState(self.round, _QUICKCAST_3, list(queue), self.your_quickcast_used)

    def next_round(self) -> RoundState:
        """After the final quickcast stage: the ready stage of the next round."""
        return RoundState(self.round + 1)

    def finished(self, outcome: Outcome) -> RoundState:
        """The game has ended in this round."""
        return RoundState(self.round, Stage.OVER, outcome=outcome)

    # -- saving ------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The saved form, as ``solo-save/1`` files hold it: ``round`` and ``step`` (the stage),
        then the fields of that stage only -- ``order`` (the pending quickcasts: ``dm``, ``ym``,
        ``ym?``) and ``ym_qc_used`` in a stage after the ready one, ``next`` (``dm`` or ``ym``),
        ``ym_done`` and ``mage_active`` in the creature stage, ``outcome`` when the game is over.

        >>> state = RoundState(2, Stage.CREATURES, [], True, Side.YM)
        >>> state.to_dict()  # doctest: +NORMALIZE_WHITESPACE
        {'round': 2, 'step': 'creatures', 'order': [], 'ym_qc_used': True, 'next': 'ym',
         'ym_done': False, 'mage_active': True}
        >>> RoundState(3).to_dict()
        {'round': 3, 'step': 'ready'}
        """
        out: dict[str, Any] = {"round": self.round, "step": self.stage.value}
        if self.stage is Stage.OVER:
            out["outcome"] = _outcome_dict(self.outcome) if self.outcome is not None else None
            return out
        if self.stage is Stage.READY:
            return out
        out["order"] = [t.value for t in self.queue]
        out["ym_qc_used"] = self.your_quickcast_used
        if self.stage is Stage.CREATURES:
            out.update({"next": self.next.value, "ym_done": self.you_done,
                        "mage_active": self.mage_active})
        return out

    @classmethod
    def from_dict(cls, raw: Any) -> RoundState:
        """A checked round state from its saved form; :class:`InvalidInput` names what is wrong.
        Fields a stage does not use are ignored; missing ones take their defaults.

        >>> RoundState.from_dict({"round": 1, "step": "qc1", "order": ["ym?", "dm"]}).queue
        [<QuickcastTurn.YOURS_OR_PASS_FIRST: 'ym?'>, <QuickcastTurn.DM: 'dm'>]
        >>> RoundState.from_dict({"round": 1, "step": "qc2"})
        Traceback (most recent call last):
        ...
        solo.core.errors.InvalidInput: phase.step must be one of ready, qc1, creatures, qc3, over
        """
        if not isinstance(raw, dict):
            raise InvalidInput("phase must be an object")
        rnd = raw.get("round")
        if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= 9999:
            raise InvalidInput("phase.round must be a round number")
        stage = _STAGES.get(raw["step"]) if isinstance(raw.get("step"), str) else None
        if stage is None:
            raise InvalidInput(f"phase.step must be one of {', '.join(_STAGES)}")
        if stage is Stage.OVER:
            return cls(rnd, stage, outcome=_outcome(raw.get("outcome")))
        state = cls(rnd, stage)
        if stage is Stage.READY:
            return state
        order = raw.get("order", [])
        if not (isinstance(order, list) and all(isinstance(t, str) and t in _TURNS for t in order)):
            raise InvalidInput("phase.order must list dm, ym or ym?")
        state.queue = [_TURNS[t] for t in order]
        flags = ("ym_qc_used", "ym_done", "mage_active")
        for flag in flags:
            if flag in raw and not isinstance(raw[flag], bool):
                raise InvalidInput(f"phase.{flag} must be true or false")
        state.your_quickcast_used = raw.get("ym_qc_used", False)
        if stage is Stage.CREATURES:
            nxt = raw.get("next", DM)
            if not isinstance(nxt, str) or nxt not in (DM, YM):
                raise InvalidInput("phase.next must be dm or ym")
            state.next = Side(nxt)
            state.you_done = raw.get("ym_done", False)
            state.mage_active = raw.get("mage_active", True)
        return state


_STAGES: Final = {s.value: s for s in Stage}
_TURNS: Final = {t.value: t for t in QuickcastTurn}
_WINNERS: Final = (DM, YM, "draw")


def _outcome(raw: Any) -> Outcome:
    if not isinstance(raw, dict):
        raise InvalidInput("phase.outcome is missing for a finished game")
    winner, reason, tally = raw.get("winner"), raw.get("reason", ""), raw.get("tally", {})
    if not isinstance(winner, str) or winner not in _WINNERS:
        raise InvalidInput("phase.outcome.winner must be dm, ym or draw")
    if not isinstance(reason, str):
        raise InvalidInput("phase.outcome.reason must be text")
    if not (isinstance(tally, dict) and all(isinstance(v, int) and not isinstance(v, bool)
                                            for v in tally.values())):
        raise InvalidInput("phase.outcome.tally must give whole numbers")
    return upkeep_text.read_outcome(winner, reason, dict(tally))


def _outcome_dict(outcome: Outcome) -> dict[str, Any]:
    """A finished game's outcome as ``solo-save/1`` files hold it: the winner (``dm``, ``ym``
    or ``draw``), the reason in words, the tally."""
    return {"winner": outcome.result, "reason": upkeep_text.reason(outcome),
            "tally": dict(outcome.tally)}
