"""What a Dummy Mage turn decides, as data, and the small board questions every decision asks.

:mod:`solo.automaton.actions` (quickcast, creature actions) and :mod:`solo.automaton.spells` (spell placement) both
build :class:`Decision` objects; this module holds what they share so neither imports the other's
internals.  Nothing here prints or prompts.
"""

from __future__ import annotations

from solo.rules.board import Board, Piece
from solo.cards.catalog import Attack
from solo.core.records import Record
from solo.rules.said import Said


class Decision(Record):
    """One Dummy Mage turn, ready to render or to print as contract JSON."""

    action: str
    rolls: list[int]
    instructions: list[str | Said]
    reason: str | None
    data: dict
    #: attacks this decision makes, for :mod:`solo.engine.resolve` to roll
    attacks: list["PlannedAttack"]
    #: what resolving them gave (combat.AttackResult objects), filled in by solo.engine.resolve
    results: list
    #: activation and end-of-phase events (upkeep.Event objects), filled in by solo.engine.turns
    events: list

    def __init__(self, action: str, rolls: list[int] | None = None,
                 instructions: list[str | Said] | None = None, reason: str | None = None,
                 data: dict | None = None, attacks: list[PlannedAttack] | None = None,
                 results: list | None = None, events: list | None = None) -> None:
        self.action = action
        self.rolls = [] if rolls is None else rolls
        self.instructions = [] if instructions is None else instructions
        self.reason = reason
        self.data = {} if data is None else data
        self.attacks = [] if attacks is None else attacks
        self.results = [] if results is None else results
        self.events = [] if events is None else events

    def to_json(self) -> dict:
        out = {"rolls": list(self.rolls), "action": self.action}
        out.update(self.data)
        if self.reason is not None:
            out["reason"] = self.reason
        if self.results:
            out["results"] = [r.to_json() for r in self.results if r.main is not None]
        out["instructions"] = list(self.instructions)
        return out


class PlannedAttack(Record):
    """An attack the Dummy Mage means to make: who attacks, with what, at what."""

    attacker: str  # a piece id ("dm" for an attack spell cast by the Dummy Mage)
    attack: Attack
    target: str  # a piece id, or a zone name for a zone attack
    moved: bool
    is_spell: bool
    zone: bool
    first: bool  # the first attack of the action (Melee +X, Charge, ... count)
    sweep: str | None  # a Sweeping attack's second, different target (a piece id)

    def __init__(self, attacker: str, attack: Attack, target: str, moved: bool = False,
                 is_spell: bool = False, zone: bool = False, first: bool = True,
                 sweep: str | None = None) -> None:
        self.attacker = attacker
        self.attack = attack
        self.target = target
        self.moved = moved
        self.is_spell = is_spell
        self.zone = zone
        self.first = first
        self.sweep = sweep


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
