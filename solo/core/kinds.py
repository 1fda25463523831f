"""The game's small words as types: sides, stages of the round, the Dummy Mage's decks, how a
game ends.

Each is a closed set, so the code says ``Side.DM`` where it used to say ``"dm"``.  ``Side`` and
``DeckKind`` are ``str`` enums: a member equals, hashes and prints as the string the files use
(``Side.DM == "dm"``, ``json.dumps(Side.DM) == '"dm"'``), so boards, decks and the journal
read and write exactly what they did.  ``Stage`` has two spellings at the file boundary only:
a saved round says ``qc1``, a board file says ``quickcast-1``.

>>> Side.DM.other, Side("ym") is Side.YM, f"{Side.DM}"
(<Side.YM: 'ym'>, True, 'dm')
>>> Stage.QUICKCAST_1.label, Stage.from_board("quickcast-3"), Stage.OVER.board_stage
('quickcast-1', <Stage.QUICKCAST_3: 'qc3'>, 'ready')
"""

from __future__ import annotations

from typing import Final

from enum import Enum, StrEnum

__all__ = ["Side", "DM", "YM", "Stage", "DeckKind", "Termination", "BOARD_STAGES"]


class Side(StrEnum):
    """A side of the game.  A ``str``: equal to the ``"dm"``/``"ym"`` files and logs use."""

    DM = "dm"  # the Dummy Mage
    YM = "ym"  # you (your mage)

    @property
    def other(self) -> Side:
        return Side.YM if self is Side.DM else Side.DM


#: The sides as plain strings (``Side.DM.value``, ``Side.YM.value``), for code that reads the
#: board a great many times a game: naming ``Side.DM`` costs an enum attribute lookup, and a
#: dict finds a plain string key three times faster than an enum member.  Equal to the members.
DM: Final[str] = Side.DM.value
YM: Final[str] = Side.YM.value


class Stage(Enum):
    """A stage of the round; the value is the name a saved game uses."""

    READY = "ready"  # Reset, Channel, Upkeep, planning and deployment: one step
    QUICKCAST_1 = "qc1"
    CREATURES = "creatures"
    QUICKCAST_3 = "qc3"
    OVER = "over"  # the game has ended

    @property
    def label(self) -> str:
        """The name people read and board files hold: ``quickcast-1`` for QUICKCAST_1."""
        return _LABELS[self]

    @property
    def board_stage(self) -> str:
        """What a board file's ``stage`` says during this stage (a finished game shows ready)."""
        # (asked twice a step: looked up by the member's value, a plain string, because looking
        # up the member itself hashes it through Enum.__hash__, a Python call)
        return _BOARD_STAGES[self._value_]

    @property
    def on_board(self) -> Stage:
        """The stage a board is in during this one (a finished game's board is at ready)."""
        return Stage.READY if self is Stage.OVER else self

    @classmethod
    def from_board(cls, text: str) -> Stage:
        """The stage a board file names (``quickcast-1``...); ValueError for any other text."""
        for stage, label in _LABELS.items():
            if label == text and stage is not Stage.OVER:
                return stage
        raise ValueError(text)


_LABELS: Final = {Stage.READY: "ready", Stage.QUICKCAST_1: "quickcast-1",
                  Stage.CREATURES: "creatures", Stage.QUICKCAST_3: "quickcast-3",
                  Stage.OVER: "over"}
#: What a board file's ``stage`` says during each stage (see Stage.board_stage).
_BOARD_STAGES: Final = {**{s.value: label for s, label in _LABELS.items()},
                        Stage.OVER.value: "ready"}
#: The stages a board file may name, in the round's order.
BOARD_STAGES: Final = ("quickcast-1", "creatures", "quickcast-3", "ready")


class DeckKind(StrEnum):
    """One of the Dummy Mage's four decks (and its discard pile)."""

    CREATURE = "creature"
    ENCHANTMENT = "enchantment"
    INCANTATION = "incantation"
    ATTACK = "attack"


class Termination(Enum):
    """Why a game ended."""

    MAGE_FELL = "mage-fell"  # one mage's damage reached its life
    BOTH_FELL = "both-fell"  # both at once: a draw
    TALLY = "tally"  # the alternate ending: the Dummy Mage has no creatures left
