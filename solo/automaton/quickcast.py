"""The Dummy Mage's quickcast (stages 1 and 3, ``solo dm quickcast``): the d12 table.

1-3 it moves one zone in a rolled direction; 4-7 it summons the top card of its creature deck;
8-10 it casts the top card of its enchantment (second roll 1-6) or incantation deck (7-12);
11-12 the top card of its attack deck.  While every enemy is 3 or more zones away, 8 or more
is rolled again.  The spells are :mod:`solo.automaton.spells`' business.

:func:`quickcast` returns a :class:`~solo.rules.decision.Decision` whose changes (the move, the
summoned creature) the engine puts on the board (:func:`solo.engine.quickcast_turn.quickcast`);
it changes nothing itself.  Its lines are :class:`Said` records, worded in
:mod:`solo.text.automaton`.
"""

from __future__ import annotations

from typing import Any, Final

from solo.automaton import reminders
from solo.automaton.movement import plan_passage
from solo.automaton.plan import Plan
from solo.automaton.spells import cast_spell, summoning_zone
from solo.cards.catalog import Card
from solo.cards.coverage import Coverage, coverage
from solo.core.kinds import DM, DeckKind, Side
from solo.rules.board import SUMMONED, Board, Creature
from solo.rules.decision import Act, Decision, enemy_creatures, taken
from solo.rules.dice import DiceSource
from solo.rules.effects import AddPiece, CountId, Discard, Move
from solo.rules.said import Said, said_with

__all__ = ["FAR", "far_from_enemies", "quickcast", "summon", "fresh_id", "NEXT_ID"]

#: Distance at which the quickcast rerolls every 8+ (the Dummy Mage is this far from all enemies).
FAR: Final = 3
#: The board note that counts the ids given so far, side by side (an id is never used twice).
NEXT_ID: Final = "next_id"
#: What the Dummy Mage's incapacitating conditions are, in the order its lines name them.
_INCAPACITATING: Final = ("Stun", "Sleep", "Slam", "Knockdown")
#: The enum members asked for at every quickcast, as module globals (the same members, without
#: a look-up on the enum class: about 900 instructions each on Python 3.11)
_SIDE_DM: Final = Side.DM
_MOVE: Final = Act.MOVE
_SUMMON: Final = Act.SUMMON
_CREATURES: Final = DeckKind.CREATURE
_ENCHANTMENTS: Final = DeckKind.ENCHANTMENT
_INCANTATIONS: Final = DeckKind.INCANTATION
_ATTACKS: Final = DeckKind.ATTACK


def far_from_enemies(board: Board) -> bool:
    """True when every enemy creature (your mage included) is 3 or more zones from the DM."""
    dm = board.mages[DM]
    for e in enemy_creatures(board):  # (a loop, not all() over a generator)
        if board.distance(dm.zone, e.zone) < FAR:
            return False
    return True


def _d12_values(source: DiceSource, mark: int) -> list[int]:
    out: list[int] = []  # (a loop: no comprehension's call for a few dice)
    for r in source.used_since(mark):
        if r.sides == 12:
            out.append(r.value)
    return out


def quickcast(board: Board, source: DiceSource, logs: bool = True) -> Decision:
    """One quickcast action of the Dummy Mage (stage 1 or 3).  ``logs``: whether its lines are
    read (a log); a game that logs nothing (solo.engine.game.Game.logs) leaves out its move's
    and summon's lines and its effect-die results, which only a log reads (never a die's
    label: the dice and the luck read those)."""
    mark = len(source.history)
    dm = board.mages[DM]
    # (incapacitated's own first question asked here: most have no marker or enchantment)
    if (dm.conditions or dm.enchantments) and board.incapacitated(dm):
        why = tuple(c for c in _INCAPACITATING if dm.has_condition(c))
        return Decision(Act.LOSE_TURN, reason=Said("dm.qc.incapacitated.reason", why=why),
                        instructions=[Said("dm.qc.incapacitated", why=why)])

    first = source.d12("quickcast")
    rerolled = []
    while first >= 8 and far_from_enemies(board):
        rerolled.append(first)
        first = source.d12(Said("dm.qc.reroll-roll"))
    notes: list[Said | str] = []
    if rerolled:
        notes.append(said_with("dm.qc.reroll", {"rerolled": tuple(rerolled), "kept": first}))

    if first <= 3:
        d = _move(board, source, logs)
    elif first <= 7:
        d = summon(board, logs)
    elif first <= 10:
        second = source.d12(Said("dm.qc.second-roll"))
        deck = _ENCHANTMENTS if second <= 6 else _INCANTATIONS
        # (Said(code, **facts): see said_with)
        notes.append(said_with("dm.qc.second", {"second": second, "deck": deck}))
        d = cast_spell(board, source, deck)
    else:
        d = cast_spell(board, source, _ATTACKS)
    if logs:
        d.rolls = _d12_values(source, mark)
    if notes:  # (mostly none: the decision's own list kept)
        d.instructions = notes + d.instructions
    return d


def _move(board: Board, source: DiceSource, logs: bool = True) -> Decision:
    """1-3: one zone in the rolled direction, unless the arena's edge, a Restraint or a wall
    that blocks passage stops it; a wall with Passage Attacks it passes attacks it."""
    dm = board.mages[DM]
    _, direction = source.compass(Said("dm.qc.move-direction"))
    start = dm.zone
    dest = board.arena.step(start, direction)
    data: dict[str, Any] = {"from": start, "direction": direction}
    d = Decision(_MOVE, data=data)
    if dest is None:
        data["to"] = start
        d.instructions.append(said_with("dm.qc.move.edge", {"direction": direction,
                                                             "start": start}))
        return d
    geo = board.geometry()
    if board.restrained(dm):
        data["to"] = start
        d.instructions.append(said_with("dm.qc.move.restrained", {"direction": direction,
                                                                   "start": start}))
        return d
    if geo.blocked(start, dest, board.flying(dm)):
        data["to"] = start
        d.instructions.append(said_with("dm.qc.move.walled", {
            "direction": direction, "start": start, "dest": dest}))
        return d
    plan = Plan(board, d.changes)
    plan.put(Move(dm.id, dest))
    data["to"] = dest
    if logs:  # (see quickcast)
        d.instructions.append(said_with("dm.qc.move", {  # (Said(code, **facts))
            "direction": direction, "start": start, "dest": dest}))
    plan_passage(plan, d, dm.id, [start, dest], geo)
    if board.conjurations:  # (remind's own first question: else no conjuration to name)
        reminders.remind(board, d, dm, start, walk_only=True)
    return d


#: Each piece id fresh_id has read: its side and number, () for an id not ``<side>-<number>``
#: (an id is taken apart once, not at every summon: each reads every piece's id)
_IDS: Final[dict[str, tuple[str, int] | tuple[()]]] = {}


def _split_id(ident: str) -> tuple[str, int] | tuple[()]:
    """``ident``'s side and number (kept in _IDS)."""
    if len(_IDS) > 4096:
        _IDS.clear()
    prefix, _, num = ident.partition("-")
    split = _IDS[ident] = (prefix, int(num)) if num.isascii() and num.isdigit() else ()
    return split


def fresh_id(board: Board, side: str) -> str:
    """The id the next new piece of ``side`` gets (``dm-4``): never one used before, even by a
    destroyed creature (the rule of :meth:`Board.new_id`, which counts it when the piece comes
    into play: :class:`~solo.rules.effects.CountId`)."""
    counters: dict[str, Any] = board.extra.get(NEXT_ID) or {}
    n = int(counters.get(side, 1))
    used: set[str] = set()
    for p in board.pieces():  # (one loop: the ids used, and the highest of the side's)
        ident = p.id
        used.add(ident)
        numbered = _IDS.get(ident)
        if numbered is None:
            numbered = _split_id(ident)
        if numbered and numbered[0] == side and numbered[1] >= n:  # (no max() call)
            n = numbered[1] + 1
    while f"{side}-{n}" in used:
        n += 1
    return f"{side}-{n}"


#: Each card's coverage, worked out the first time it is summoned (the card, kept with it, is
#: what the id names)
_COVERAGE: Final[dict[int, tuple[Card, Coverage]]] = {}


def _coverage(card: Card) -> Coverage:
    """:func:`coverage` of ``card``, worked out once (it reads the card alone)."""
    hit = _COVERAGE.get(id(card))
    if hit is None or hit[0] is not card:
        hit = _COVERAGE[id(card)] = (card, coverage(card))
    return hit[1]


def summon(board: Board, logs: bool = True) -> Decision:
    """4-7: the top card of its creature deck, put in play inactive next to it (or in its
    Summoning Circle's zone); one solo cannot use is discarded unused."""
    deck = _CREATURES
    if not board.decks[deck]:
        return Decision(Act.LOSE_TURN, reason=Said("dm.qc.deck.empty.reason", deck=deck),
                        instructions=[Said("dm.qc.deck.empty", deck=deck)])
    card, drawn = board.draw(deck)
    found = board.cat.find(card)
    cov = _coverage(found) if found is not None else None
    if found is not None and cov is not None and cov.level == "unusable":
        d = Decision(Act.SUMMON, data={"card": found.name, "discarded": True}, reason=cov.why)
        d.changes.append(Discard(deck, found.name))
        d.instructions.append(Said("dm.qc.summon.unusable", taken=taken(deck, found.name, drawn),
                                   why=cov.why))
        return d
    circle = summoning_zone(board)  # a Summoning Circle of the Dummy Mage's, if any
    side = DM  # (the side's plain text, str(Side.DM): a module global, not a look-up on the enum)
    ident = fresh_id(board, side)
    c = Creature(id=ident, card=found.name if found else card, side=side,
                 zone=board.arena.normal(circle or board.mages[DM].zone), active=False,
                 extra={SUMMONED: board.round})
    d = Decision(_SUMMON, data={"card": c.card, "id": c.id, "zone": c.zone})
    d.changes += [CountId(_SIDE_DM, ident), AddPiece(c)]
    if logs:  # (see quickcast)
        d.instructions.append(said_with("dm.qc.summon", {  # (Said(code, **facts))
            "taken": taken(deck, c.card, drawn), "zone": c.zone, "circle": bool(circle),
            "id": c.id}))
    by_hand = list(cov.by_hand) if cov is not None else []  # (the decision's own list)
    if by_hand:  # nothing ignored in silence: what solo leaves to the person, said here
        d.data["card_by_hand"] = by_hand
        d.instructions.append(Said("dm.qc.summon.by_hand", card=c.card, notes=tuple(by_hand)))
    return d
