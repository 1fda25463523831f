"""What a Dummy Mage turn decides, as data, and the small board questions every decision asks.

The Dummy Mage's choices (:mod:`solo.automaton.quickcast`, :mod:`solo.automaton.creatures`,
:mod:`solo.automaton.spells`) build :class:`Decision` objects; this module holds what they
share so none imports another's internals.  A decision says what happens -- its board changes
(:mod:`solo.rules.effects` records, which the engine puts on the board), the attacks to roll,
the lines for the person (:class:`~solo.rules.said.Said` records, worded in
:mod:`solo.text.automaton`) -- and changes nothing itself.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar, Final

from solo.cards.catalog import Attack
from solo.core.kinds import Side
from solo.core.plain import Plain
from solo.rules.board import Board, Piece
from solo.rules.effects import Change
from solo.rules.said import Said, said_with

__all__ = ["Act", "Decision", "PlannedAttack", "Line", "in_arena", "enemy_creatures", "taken"]

#: A line for the person: a :class:`Said` (or, while the spell section still words its own,
#: a sentence).
Line = Said | str


class Act(StrEnum):
    """What a decision does (``action`` in ``solo dm --json``)."""

    NONE = "none"  # no creature of the Dummy Mage's is left to act this round
    PASS = "pass"  # it waits: you have more active creatures
    LOSE_TURN = "lose-turn"
    MOVE = "move"
    SUMMON = "summon"
    ATTACK = "attack"
    MOVE_ATTACK = "move-attack"
    HEAL = "heal"  # a creature's healing attack on one of its side (solo.rules.abilities.actions)
    HELP = "help"  # a creature's ability that helps one of its side (Vigor of the Grave)
    ABILITY = "ability"  # its card's ability is its action (a Ravenous Ghoul eats)


class Decision(Plain):
    """One Dummy Mage turn, ready to put on the board and to word (its contract JSON is
    :func:`solo.text.automaton.decision_json`)."""

    _fields: ClassVar[tuple[str, ...]] = ("action", "rolls", "instructions", "reason", "data",
        "attacks", "results", "events", "changes")
    __slots__ = _fields

    action: str
    rolls: list[int]
    instructions: list[Line]
    reason: Line | None
    data: dict[str, Any]
    #: attacks this decision makes, for :mod:`solo.engine.resolve` to roll
    attacks: list[PlannedAttack]
    #: what resolving them gave (combat.AttackResult objects), filled in by solo.engine.resolve
    results: list[Any]
    #: activation and end-of-phase events (upkeep.Event objects), filled in by solo.engine.turns
    events: list[Any]
    #: what the decision does to the board, in order: the engine puts these on it
    #: (:func:`solo.engine.turns.carry_out`) before it rolls the attacks
    changes: list[Change]

    def __init__(self, action: str, rolls: list[int] | None = None,
                 instructions: list[Line] | None = None, reason: Line | None = None,
                 data: dict[str, Any] | None = None, attacks: list[PlannedAttack] | None = None,
                 results: list[Any] | None = None, events: list[Any] | None = None,
                 changes: list[Change] | None = None) -> None:
        self.action = action
        self.rolls = [] if rolls is None else rolls
        self.instructions = [] if instructions is None else instructions
        self.reason = reason
        self.data = {} if data is None else data
        self.attacks = [] if attacks is None else attacks
        self.results = [] if results is None else results
        self.events = [] if events is None else events
        self.changes = [] if changes is None else changes


class PlannedAttack(Plain):
    """An attack the Dummy Mage means to make: who attacks, with what, at what."""

    _fields: ClassVar[tuple[str, ...]] = ("attacker", "attack", "target", "moved", "is_spell",
        "zone", "first", "sweep", "chain", "whirl")
    __slots__ = _fields

    attacker: str  # a piece id ("dm" for an attack spell cast by the Dummy Mage)
    attack: Attack
    target: str  # a piece id, or a zone name for a zone attack
    moved: bool
    is_spell: bool
    zone: bool
    first: bool  # the first attack of the action (Melee +X, Charge, ... count)
    sweep: str | None  # a Sweeping attack's second, different target (a piece id)
    chain: tuple[str, ...]  # a chaining spell's targets before this one (Chain Lightning)
    whirl: tuple[str, ...]  # Whirling Strike's other targets, in order (piece ids)

    def __init__(self, attacker: str, attack: Attack, target: str, moved: bool = False,
                 is_spell: bool = False, zone: bool = False, first: bool = True,
                 sweep: str | None = None, chain: tuple[str, ...] = (),
                 whirl: tuple[str, ...] = ()) -> None:
        self.attacker = attacker
        self.attack = attack
        self.target = target
        self.moved = moved
        self.is_spell = is_spell
        self.zone = zone
        self.first = first
        self.sweep = sweep
        self.chain = chain
        self.whirl = whirl


# -- who is where ----------------------------------------------------------------------------

def in_arena(board: Board, p: Piece) -> bool:
    """Banished objects are out of the arena until they return."""
    conditions = p.conditions  # (asked thousands of times a game: no Banish, no call)
    return "Banish" not in conditions or conditions["Banish"] <= 0


def enemy_creatures(board: Board, side: str = Side.DM) -> list[Piece]:
    """The other side's mage and creatures that are in the arena (a mage is a creature)."""
    return [p for p in board.enemies_of(side)  # (in_arena written out: asked very often)
            if "Banish" not in p.conditions or p.conditions["Banish"] <= 0]


def taken(deck: str, card: str, drawn: bool) -> Said:
    """The line for a card the Dummy Mage takes from one of its decks (``drawn``: a person
    drew it from a physical deck)."""
    return said_with("dm.taken", {"deck": deck, "card": card, "drawn": drawn})


_taken: Final = taken  # (the spell section's name for it)
