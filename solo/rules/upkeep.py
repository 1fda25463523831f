"""Bookkeeping between attacks: the Upkeep phase, the end of an action phase and of a round,
and the end of the game.

Every function here changes the board it is given and returns what it did as a list of
:class:`Event` (with the dice), so the caller can show the person what to mirror on the table;
an event's line is a :class:`~solo.rules.said.Said`, worded in :mod:`solo.text.upkeep`.
Randomness only comes from the :class:`~solo.rules.dice.DiceSource` passed in.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from solo.rules.board import Board, Creature, Mage, Piece
from solo.cards.catalog import trait_max, trait_value
from solo.core.errors import NotASide
from solo.core.kinds import DM, YM, DeckKind, Side, Termination
from solo.rules.combat import ROUND_EFFECTS, condition_block
from solo.rules.harm import can_heal, destroy_if_dead, heal, lose_rage, take_damage
from solo.rules.dice import DiceSource, tally
from solo.core.plain import Plain
from solo.core.records import Record
from solo.rules.effects import (DELETE, AddMarkers, Discard, Note, RemoveMarkers, RemovePiece,
                                SetGuard)
from solo.rules.effects import apply as put, apply_all as put_all
from solo.rules import mages, stagger
from solo.rules.pieces import MEMORY
from solo.rules.abilities import actions, bonuses, explosions, triggers
from solo.rules.abilities.marks import DUE, regenerate_aura
from solo.rules.said import Said, Who
from solo.rules.spell_upkeep import end_of_round, upkeep_effects  # enchantments' Upkeep, round end

#: Keys of ``Piece.extra`` this module reads and clears.
ONCE_USED: Final = "once_used"
DISSIPATE: Final = "dissipate"
#: The kind of an event that takes markers off (a condition or a round effect that ends).
ENDS: Final = "condition-ends"


class Event(Plain):
    """One thing that happened to one object."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "card", "kind", "text", "dice", "rolls",
        "damage", "healed", "removed")
    __slots__ = _fields

    piece: str  # object id ("dm" / "ym" for the mages)
    card: str
    kind: str  # regenerate, burn, rot, bleed, dissipate(d), upkeep-cost, destroyed, defeated,
    #            condition-ends, escape, guard, reminder, plague, spell-damage, spell-heal,
    #            spell-condition (solo.rules.spell_upkeep.upkeep_effects), corrode-trim (solo.engine.turns),
    #            teleport (your creature teleported while Stuck: solo.engine.game)
    text: str | Said  # the line for the person (solo.text.render.line gives its sentence)
    dice: list[str]  # attack-die faces rolled
    rolls: list[int]  # effect-die results
    damage: int
    healed: int
    removed: dict[str, int]  # condition -> markers removed

    def __init__(self, piece: str, card: str, kind: str, text: str | Said,
                 dice: list[str] | None = None, rolls: list[int] | None = None, damage: int = 0,
                 healed: int = 0, removed: dict[str, int] | None = None) -> None:
        self.piece = piece
        self.card = card
        self.kind = kind
        self.text = text
        self.dice = [] if dice is None else dice
        self.rolls = [] if rolls is None else rolls
        self.damage = damage
        self.healed = healed
        self.removed = {} if removed is None else removed


class Outcome(Record):
    """How the game ended: why (``termination``), the winning side (None: a draw), the
    destroyed-mana tally, and the mage whose damage reached its life (``fallen``, when one
    mage's did).  ``worded``: the reason as a saved game words it, when it is not the sentence
    solo builds from these facts (a save from an older solo), kept as it was."""

    termination: Termination
    winner: Side | None
    tally: dict[str, int]
    fallen: Who | None
    worded: str | None

    def __init__(self, termination: Termination, winner: Side | None, tally: dict[str, int],
                 fallen: Who | None = None, worded: str | None = None) -> None:
        self.termination = termination
        self.winner = winner
        self.tally = tally
        self.fallen = fallen
        self.worded = worded

    @property
    def result(self) -> str:
        """The winner as files and the journal name it: ``dm``, ``ym`` or ``draw``."""
        return "draw" if self.winner is None else self.winner.value

    @property
    def reason(self) -> Said:
        """Why the game ended, as a line (solo.text.upkeep words it)."""
        if self.worded is not None:
            return Said("outcome.as-saved", text=self.worded)
        if self.termination is Termination.TALLY:
            return Said("outcome.tally", yours=self.tally[YM], its=self.tally[DM],
                        won=self.winner is Side.YM)
        if self.termination is Termination.MAGE_FELL:
            return Said("outcome.mage-fell", mage=self.fallen)
        return Said("outcome.both-fell")


def _objects(board: Board, side: str) -> list[Piece]:
    out: list[Piece] = [board.mages[side], *board.kept_side(side)]  # (a copy: no generator)
    for c in board.conjurations:
        if c.side == side:
            out.append(c)
    return out


def _remove(board: Board, p: Piece, condition: str, n: int | None = None) -> int:
    """Take ``n`` ``condition`` markers off ``p`` (every one when None); how many came off."""
    have = p.conditions.get(condition, 0)
    k = have if n is None else min(n, have)
    if k <= 0:
        return 0
    put(board, RemoveMarkers(p.id, condition, k))
    return k


#: Each side's enemy, as the board names sides.
_OTHER: Final = {DM: YM, YM: DM}


class _Events:
    """The events of one object's Upkeep, as they are recorded."""

    def __init__(self, events: list[Event], p: Piece) -> None:
        self.events, self.p = events, p

    @property
    def who(self) -> Who:
        """The object, as its lines name it (its id, card and side do not change here)."""
        return Who.of(self.p)

    def __call__(self, kind: str, code: str, **facts: Any) -> None:
        """Record an event of ``kind`` whose line is ``code`` with ``facts`` (see _DETAILS)."""
        details = {k: facts[k] for k in _DETAILS if k in facts}
        self.events.append(Event(self.p.id, self.p.card, kind, Said(code, who=self.who, **facts),
                                 **details))


#: Facts of a line that are also fields of its event.
_DETAILS: Final = ("dice", "rolls", "damage", "healed", "removed")


def upkeep(board: Board, source: DiceSource, side: str = DM) -> list[Event]:
    """The Upkeep phase of one side's objects (the Dummy Mage's by default).

    For each object, in board order: Upkeep +X costs (the Dummy Mage pays nothing, see
    docs/rulings.md; for your side a reminder only), Regenerate X, then Burn (one attack die
    per marker, every number is direct damage, a blank removes one marker), Rot and Bleed (1
    direct damage per marker each), then Dissipate (one token less; the last one destroys it).
    Regenerate comes first, and each point of it removes a Bleed marker before it heals
    damage: see docs/rulings.md.  An object whose wounds (damage, 3 per Tainted marker) reach
    its life is destroyed (credited to the other side's tally).
    """
    if side not in (DM, YM):
        raise NotASide(side)
    events: list[Event] = []
    if side == YM:  # the Dummy Mage Necromancer's Plague Master, on your poisoned objects
        for p, text in mages.plague(board):
            events.append(Event(p.id, p.card, "plague", text, damage=1))
    cards = triggers.UPKEEP_CARDS
    for p in _objects(board, side):
        # (each step asked only when it can do something: most objects bear no enchantment, no
        # marker, no damage, and have neither Upkeep +X nor Dissipate; such a creature or
        # conjuration has nothing at all to do: the wounds asked at its end are none)
        if not p.conditions and not p.enchantments and not p.damage \
                and p.card not in cards and not isinstance(p, Mage):
            hit = p._mt  # (has_trait's own set, read as Board.trait_names reads what the
            # piece keeps: one look-up for both traits, no call)
            names = hit[2][1] if hit[0] == board._serial and hit[1] == MEMORY.world \
                else board.trait_names(p)
            if "upkeep" not in names and "dissipate" not in names:
                continue
        _object_upkeep(board, source, p, side, events)
    # An Upkeep effect may hurt an object already passed (a spell's damage on every creature
    # of a zone, Plague Master): every object that died of it goes now.
    for p in [*board.creatures, *board.conjurations]:
        # (no wounds: not dead, no call; destroy_if_dead's own first check, written out)
        if (p.damage or "Tainted" in p.conditions) and destroy_if_dead(board, p, _OTHER[p.side]):
            events.append(Event(p.id, p.card, "destroyed",
                                Said("upkeep.destroyed", who=Who.of(p))))
            _destroyed_triggers(board, p, events)
    if board.extra.get(DUE):  # a Goblin Bomber's Detonate (go_off's own first question)
        said, _ = explosions.go_off(board, source)
        for text in said:
            events.append(Event(side, board.mages[side].card, "ability", text))
    return events


def _destroyed_triggers(board: Board, p: Piece, events: list[Event]) -> None:
    """What its card does when ``p`` is destroyed in the Upkeep (no attack destroyed it)."""
    for text in triggers.on_destroyed(board, p, None, p.has_condition("Zombie"), attacked=False):
        events.append(Event(p.id, p.card, "ability", text))


def _object_upkeep(board: Board, source: DiceSource, p: Piece, side: str,
                   events: list[Event]) -> None:
    """One object's Upkeep (see :func:`upkeep`), its events added to ``events``."""
    # (each step asked only when it can do something: see upkeep)
    ev = _Events(events, p)
    if p.conditions:  # (most objects carry no marker)
        _banish(board, p, ev)
    if p.enchantments or p.card in triggers.UPKEEP_CARDS:  # (else upkeep_start has nothing)
        for kind, text, details in triggers.upkeep_start(board, source, p):
            ident = details.pop("piece", p.id)
            events.append(Event(ident, board.get(ident).card, kind, text, **details))
    hit = p._mt  # (has_trait, written out as in upkeep: asked for every object that gets here)
    if "upkeep" in (hit[2][1] if hit[0] == board._serial and hit[1] == MEMORY.world
                    else board.trait_names(p)):  # (then no Upkeep +X trait either)
        _upkeep_cost(board, p, side, ev)
    if p.damage > 0 or p.conditions.get("Bleed", 0) > 0:  # (else nothing to regenerate)
        _regenerate(board, p, ev)
    if p.conditions:
        _burn(board, source, p, ev)
        _rot_and_bleed(board, p, ev)
    hit = p._mt  # (has_trait again, written out: what came before may have changed p)
    if "dissipate" in (hit[2][1] if hit[0] == board._serial and hit[1] == MEMORY.world
                       else board.trait_names(p)) and _dissipate(board, p, ev):
        return

    if p.enchantments:  # (else upkeep_effects has nothing: no enchantment, no Forcefield)
        for kind, text, details in upkeep_effects(board, source, p):
            ident = details.pop("piece", p.id)
            events.append(Event(ident, board.get(ident).card, kind, text, **details))

    if isinstance(p, Mage):
        if board.wounds(p) >= board.life(p):
            ev("defeated", "upkeep.defeated", wounds=p.damage, life=board.life(p))
    elif (p.damage or "Tainted" in p.conditions) and destroy_if_dead(board, p, _OTHER[p.side]):
        if p.has_condition("Zombie"):
            ev("destroyed", "upkeep.obliterated")
        else:
            ev("destroyed", "upkeep.destroyed")
        _destroyed_triggers(board, p, events)


def _banish(board: Board, p: Piece, ev: _Events) -> None:
    """Banish: one token off each Upkeep; back in its last zone with the last."""
    banish = p.conditions.get("Banish", 0)
    if banish > 0:
        _remove(board, p, "Banish", 1)
        ev(ENDS, "upkeep.banish", left=banish - 1, zone=p.zone,
           removed={"Banish": 1})


def _upkeep_cost(board: Board, p: Piece, side: str, ev: _Events) -> None:
    """Upkeep +X, for an object that has the trait (most have not: asked by the caller)."""
    cost = trait_value(board.traits(p), "Upkeep")
    if cost is None:
        cost = 0  # "Upkeep +X": the card says what X is
    if side == DM:
        ev("upkeep-cost", "upkeep.cost-kept")
    else:
        ev("upkeep-cost", "upkeep.cost", cost=cost)


def _regenerate(board: Board, p: Piece, ev: _Events) -> None:
    """Regenerate X, for an object with damage or Bleed markers (most have none, and then no X
    is worked out: asked by the caller)."""
    bleed = p.conditions.get("Bleed", 0)
    regen = board.regenerate(p)
    card = p.card  # (the card text's Regenerate X asked only of its cards: no call else)
    if card == bonuses.METATRON:  # Regenerate X by card text
        regen = max(regen, bonuses.regenerate(board, p))
    if card == triggers.SKEELAX or card == triggers.NAIYA:
        regen = max(regen, triggers.upkeep_regenerate(board, p))
    regen = max(regen, regenerate_aura(board, p))
    if not regen:
        return
    if not can_heal(board, p):
        ev("regenerate", "upkeep.no-regenerate")
        return
    stop = min(regen, bleed)
    if stop:
        _remove(board, p, "Bleed", stop)
        ev("regenerate", "upkeep.regenerate-bleed", markers=stop, regen=regen,
           removed={"Bleed": stop})
    healed = heal(board, p, regen - stop)  # healing takes a Rage token off
    if stop and not healed:
        lose_rage(board, p)  # it regenerated all the same
    if healed:
        ev("regenerate", "upkeep.regenerate", healed=healed, regen=regen)


def _burn(board: Board, source: DiceSource, p: Piece, ev: _Events) -> None:
    burn = p.conditions.get("Burn", 0)
    if not burn:
        return
    spread = triggers.burn_spreads(board, p)  # Magma Golem's Burns hurt the others in its zone
    if spread is None and (board.has_trait(p, "Flame Immunity") or board.has_trait(p, "Burnproof")
                           or board.has_trait(p, "Incorporeal")):
        k = _remove(board, p, "Burn")
        ev("burn", "upkeep.no-burn", markers=k, removed={"Burn": k})
        return
    faces = source.attack_dice(burn, Said("upkeep.burn-roll", who=ev.who))
    t = tally(faces)
    dmg = 0 if board.has_trait(p, "Indestructible") or spread is not None else t.normal + t.critical
    blanks = sum(1 for f in faces if f == "-")
    if any(((c := board.cat.find(e)) is not None and (c.dm.get("upkeep") or {}).get("keep_burn"))
           for e in p.enchantments):
        blanks = 0  # Adramelech's Touch: the Dummy Mage pays to keep its Burns
    take_damage(board, p, dmg)
    k = _remove(board, p, "Burn", blanks)
    ev("burn", "upkeep.burn", count=burn, dice=list(faces), damage=dmg,
       removed={"Burn": k} if k else {}, markers=k)
    for q in spread or ():
        n = 0 if board.has_trait(q, "Indestructible") or board.has_trait(q, "Flame Immunity") \
            else t.normal + t.critical
        take_damage(board, q, n)
        ev.events.append(Event(q.id, q.card, "burn", Said("upkeep.burn-spread", who=ev.who,
                                                          hit=Who.of(q), damage=n), damage=n))


def _rot_and_bleed(board: Board, p: Piece, ev: _Events) -> None:
    """Rot and Bleed: one damage a marker each Upkeep, unless the object cannot have them."""
    for cond, kind, code in (("Rot", "rot", "upkeep.rot"), ("Bleed", "bleed", "upkeep.bleed")):
        n = p.conditions.get(cond, 0)
        if not n:
            continue
        if cond == "Rot":
            block = None
            immune = board.has_trait(p, "Poison Immunity") or not board.is_living(p)
        else:
            block = condition_block(board, p, "Bleed")
            immune = block is not None
        if immune:
            k = _remove(board, p, cond)
            ev(kind, "upkeep.cannot-have", condition=cond, why=block, markers=k,
               removed={cond: k})
        else:
            dmg = 0 if board.has_trait(p, "Indestructible") else n
            take_damage(board, p, dmg)
            ev(kind, code, damage=dmg)


def _dissipate(board: Board, p: Piece, ev: _Events) -> bool:
    """Dissipate: one token less; whether the last one went (the object is gone).  For an
    object with the Dissipate trait (most have not, and then no Dissipate X either, and no
    list is made: asked by the caller)."""
    dissipate = trait_max(board.traits(p), "Dissipate")
    if not dissipate:
        return False
    left = int(p.extra.get(DISSIPATE, dissipate)) - 1
    put(board, Note(p.id, DISSIPATE, max(0, left)))
    if left <= 0 and not isinstance(p, Mage):
        ev("dissipated", "upkeep.dissipated")
        put(board, RemovePiece(p.id))
        zombie = p.has_condition("Zombie")  # obliterated: it leaves the game, no discard pile
        if isinstance(p, Creature) and p.side == DM and not zombie:
            put(board, Discard(DeckKind.CREATURE, p.card))
        ev("destroyed", "upkeep.obliterated" if zombie else "upkeep.destroyed")
        return True
    ev("dissipate", "upkeep.dissipate", left=max(0, left))
    return False


#: Creatures whose Taunt markers make the taunted creature attack them; a taunt ends when its
#: taunter is activated.
TAUNTERS: Final[tuple[str, ...]] = ("Skeelax, Taunting Imp", "Sosruko, Ferret Companion",
                                    "Thorg, Chief Bodyguard")


def activate(board: Board, piece: Piece) -> list[Event]:
    """A creature starts its Action Phase: its guard marker goes, Slam becomes Daze,
    Knockdown ends, and the Taunt markers of a taunter's enemies go."""
    events: list[Event] = []
    if isinstance(piece, Creature) and piece.guarding:
        put(board, SetGuard(piece.id, False))
        _Events(events, piece)(ENDS, "upkeep.activated-guard")
    if piece.conditions:  # (most creatures are activated without a marker)
        ev = _Events(events, piece)
        slam = _remove(board, piece, "Slam")
        if slam:
            put(board, AddMarkers(piece.id, "Daze", slam))
            ev(ENDS, "upkeep.activated-slam", removed={"Slam": slam})
        k = _remove(board, piece, "Knockdown")
        if k:
            ev(ENDS, "upkeep.activated-knockdown", removed={"Knockdown": k})
    if piece.card in triggers.ACTIVATED_CARDS:  # (else on_activated has nothing)
        for text in triggers.on_activated(board, piece):
            events.append(Event(piece.id, piece.card, "ability", text))
    if piece.card in TAUNTERS:  # a taunt ends when its taunter is activated
        for e in board.enemies_of(piece.side):
            k = _remove(board, e, "Taunt")
            if k:
                events.append(Event(e.id, e.card, ENDS,
                                    Said("upkeep.activated-taunt", who=Who.of(piece),
                                         taunted=Who.of(e)),
                                    removed={"Taunt": k}))
    return events


def end_action_phase(board: Board, piece: Piece, source: DiceSource,
                     daze_at_start: int | None = None,
                     stun_at_start: int | None = None) -> list[Event]:
    """The end of a creature's Action Phase: Taunt goes, and so do Daze and Stun, except the
    markers gained during the phase (a reaction's: ``daze_at_start`` and ``stun_at_start``, how
    many it had when the phase began; None removes them all); each Cripple marker gets an escape
    roll (7 or more removes it); round markers used by its melee attack (Perfect Strike, Piercing
    Strike, Battle Fury) go."""
    events: list[Event] = []
    index = board._index  # (board.find, written out: every Action Phase's end)
    mine = index.get(piece.id) if index is not None else board.find(piece.id)
    if mine is None:  # nothing happens to an object no longer on the board
        return events
    extra = piece.extra
    if mine is piece and not piece.conditions and ONCE_USED not in extra \
            and stagger.KEPT not in extra:
        # (most Action Phases: no marker to end, no Stagger kept, no round marker used up, no
        # Overextend; what is left is Vigilant and the Vampiress' flight, which is her card's;
        # _vigilant's first question asked here, no call for a creature that is not Vigilant)
        if isinstance(piece, Creature):
            hit = piece._mt  # (has_trait, written out as in upkeep: every Action Phase's end)
            if piece.card == actions.GUARD_DOG or "vigilant" in (
                    hit[2][1] if hit[0] == board._serial and hit[1] == MEMORY.world
                    else board.trait_names(piece)):
                _vigilant(board, piece, events)
        if piece.card == actions.VAMPIRESS:
            landed = actions.at_phase_end(board, piece.id)
            if landed:
                put_all(board, landed)
                _Events(events, piece)(ENDS, "upkeep.flight-ends")
        return events
    ev = _Events(events, piece)
    if piece.conditions:  # (most creatures end their Action Phase without a marker)
        _phase_markers(board, piece, source, ev, daze_at_start, stun_at_start)
    if isinstance(piece, Creature):
        _vigilant(board, piece, events)
    gone, k = stagger.end_of_activation(board, piece)  # Stagger lasts to its next activation's end
    put_all(board, gone)
    if k:
        ev(ENDS, "upkeep.phase-ends", condition=stagger.STAGGER, markers=k,
           removed={stagger.STAGGER: k})
    landed = actions.at_phase_end(board, piece.id)  # Necropian Vampiress's bought flight ends
    if landed:
        put_all(board, landed)
        ev(ENDS, "upkeep.flight-ends")
    if _remove(board, piece, "Overextend"):  # the spell's price: Stunned after this Action Phase
        put(board, AddMarkers(piece.id, "Stun"))
        ev(ENDS, "upkeep.overextend")
    used = piece.extra.get(ONCE_USED) or []
    mine = board.find(piece.id)
    if mine is None or ONCE_USED in mine.extra:  # (deleting a note it does not have is no change)
        put(board, Note(piece.id, ONCE_USED, DELETE))
    for cond in used:
        k = _remove(board, piece, cond)
        if k:
            ev(ENDS, "upkeep.used-up", condition=cond, removed={cond: k})
    return events


def _vigilant(board: Board, piece: Creature, events: list[Event]) -> None:
    """:func:`end_action_phase`: a Vigilant creature (on the board) that can guard does."""
    # (actions.vigilant's first question asked here: no call more for most creatures)
    if (board.has_trait(piece, "Vigilant")
            or (piece.card == actions.GUARD_DOG and actions.vigilant(board, piece))) \
            and not piece.guarding \
            and board.find(piece.id) is not None and not board.incapacitated(piece) \
            and not stagger.cannot_attack(board, piece):
        ev = _Events(events, piece)
        if piece.side == DM:
            put(board, SetGuard(piece.id, True))
            ev("guard", "upkeep.vigilant")
        else:
            ev("reminder", "upkeep.vigilant-yours")


def _phase_markers(board: Board, piece: Piece, source: DiceSource, ev: _Events,
                   daze_at_start: int | None, stun_at_start: int | None) -> None:
    """:func:`end_action_phase`'s markers: Taunt, Daze and Stun go (those gained during the
    phase stay), and each Cripple and Stuck marker gets its escape roll."""
    for cond, at_start in (("Daze", daze_at_start), ("Stun", stun_at_start), ("Taunt", None)):
        k = _remove(board, piece, cond, at_start)
        if k:
            ev(ENDS, "upkeep.phase-ends", condition=cond, markers=k,
               removed={cond: k})
    for cond in ("Cripple", "Stuck"):
        for _ in range(piece.conditions.get(cond, 0)):
            r = source.d12(Said("upkeep.escape-roll", who=ev.who, condition=cond))
            if r >= 7:
                _remove(board, piece, cond, 1)
                ev("escape", "upkeep.escapes", condition=cond, rolls=[r], removed={cond: 1})
            else:
                ev("escape", "upkeep.stays", condition=cond, rolls=[r])


#: The round effects, to ask at once whether an object has one (end_round).
_ROUND_EFFECTS: Final = frozenset(ROUND_EFFECTS)


def end_round(board: Board) -> list[Event]:
    """The end of the round: round effects placed by incantations (Battle Fury, Charge,
    Perfect Strike, Piercing Strike, Knockdown) are removed from every object."""
    events: list[Event] = []
    for ident, text in end_of_round(board):
        events.append(Event(ident, board.get(ident).card, ENDS, text))
    for ident, text in triggers.end_of_round(board):  # hatched, reanimated
        events.append(Event(ident, board.get(ident).card, "ability", text))
    for p in board.pieces():
        if ONCE_USED in p.extra:
            put(board, Note(p.id, ONCE_USED, DELETE))
        if not p.conditions or p.conditions.keys().isdisjoint(_ROUND_EFFECTS):
            continue  # (nearly every object, nearly every round: no round effect to look for)
        for cond in ROUND_EFFECTS:
            k = _remove(board, p, cond) if cond in p.conditions else 0
            if k:
                events.append(Event(p.id, p.card, ENDS,
                                    Said("upkeep.round-ends", who=Who.of(p), condition=cond),
                                    removed={cond: k}))
    return events


def tally_of(board: Board) -> dict[str, int]:
    """Mana cost of enemy creatures each side has destroyed: ``{"dm": n, "ym": n}``."""
    t = board.extra.get("tally") or {}
    return {DM: int(t.get(DM, 0)), YM: int(t.get(YM, 0))}


#: The creature deck's key as a plain string (a dict finds it faster than the enum member).
_CREATURE_DECK: Final[str] = DeckKind.CREATURE.value


def game_over(board: Board, *, alternate: bool = True) -> Outcome | None:
    """The outcome if the game has ended, else None.

    A mage whose damage reaches its life loses; when both do at once the game is a draw (see
    docs/rulings.md).  The solo variant's alternate ending (``alternate``): once the Dummy
    Mage's creature deck is empty and none of its creatures is left in the arena, you win only
    if your tally is more than twice the Dummy Mage's; otherwise it wins.
    """
    dm, ym = board.mages[DM], board.mages[YM]
    # (asked after every step: board.life's read of what each mage keeps written out, and
    # board.wounds asked only of a mage with a Tainted marker)
    serial, world = board._serial, MEMORY.world
    hit = dm._ml
    life = hit[2] if hit[0] == serial and hit[1] == world else board.life(dm)
    dm_down = dm.damage >= life or ("Tainted" in dm.conditions and board.wounds(dm) >= life)
    hit = ym._ml
    life = hit[2] if hit[0] == serial and hit[1] == world else board.life(ym)
    ym_down = ym.damage >= life or ("Tainted" in ym.conditions and board.wounds(ym) >= life)
    alone = alternate and not board.decks.get(_CREATURE_DECK) \
        and not board.kept_side(DM)
    if not (dm_down or ym_down or alone):  # asked after every step: the game goes on
        return None
    t = tally_of(board)
    if ym_down and dm_down:
        return Outcome(Termination.BOTH_FELL, None, t)
    if ym_down:
        return Outcome(Termination.MAGE_FELL, Side.DM, t, fallen=Who.of(ym))
    if dm_down:
        return Outcome(Termination.MAGE_FELL, Side.YM, t, fallen=Who.of(dm))
    won = Side.YM if t[YM] > 2 * t[DM] else Side.DM
    return Outcome(Termination.TALLY, won, t)
