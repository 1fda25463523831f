"""What a Dummy Mage turn decides, as data, and the small board questions every decision asks.

:mod:`solo.automaton` (quickcast, creature actions) and :mod:`solo.spells` (spell placement) both
build :class:`Decision` objects; this module holds what they share so neither imports the other's
internals.  Nothing here prints or prompts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solo.board import Board, Piece
from solo.catalog import Attack


@dataclass
class Decision:
    """One Dummy Mage turn, ready to render or to print as contract JSON."""

    action: str
    rolls: list[int] = field(default_factory=list)
    instructions: list[str] = field(default_factory=list)
    reason: str | None = None
    data: dict = field(default_factory=dict)
    #: attacks this decision makes, for :mod:`solo.resolve` to roll
    attacks: list["PlannedAttack"] = field(default_factory=list)
    #: what resolving them gave (combat.AttackResult objects), filled in by solo.resolve
    results: list = field(default_factory=list)
    #: activation and end-of-phase events (upkeep.Event objects), filled in by solo.turns
    events: list = field(default_factory=list)

    def to_json(self) -> dict:
        out = {"rolls": list(self.rolls), "action": self.action}
        out.update(self.data)
        if self.reason is not None:
            out["reason"] = self.reason
        if self.results:
            out["results"] = [r.to_json() for r in self.results if r.main is not None]
        out["instructions"] = list(self.instructions)
        return out


@dataclass
class PlannedAttack:
    """An attack the Dummy Mage means to make: who attacks, with what, at what."""

    attacker: str  # a piece id ("dm" for an attack spell cast by the Dummy Mage)
    attack: Attack
    target: str  # a piece id, or a zone name for a zone attack
    moved: bool = False
    is_spell: bool = False
    zone: bool = False
    first: bool = True  # the first attack of the action (Melee +X, Charge, ... count)
    sweep: str | None = None  # a Sweeping attack's second, different target (a piece id)


# -- who is where ----------------------------------------------------------------------------

def in_arena(board: Board, p: Piece) -> bool:
    """Banished objects are out of the arena until they return."""
    return p.conditions.get("Banish", 0) <= 0


def enemy_creatures(board: Board, side: str = "dm") -> list[Piece]:
    """The other side's mage and creatures that are in the arena (a mage is a creature)."""
    return [p for p in board.enemies_of(side) if in_arena(board, p)]


def _taken(deck: str, card: str, drawn: bool) -> str:
    """The instruction line for a card the Dummy Mage takes from one of its decks."""
    if drawn:
        return f"You drew {card} from the {deck} deck."
    return f"Draw the top card of the {deck} deck: {card}."
