"""Bookkeeping between attacks: the Upkeep phase, the end of an action phase and of a round,
and the end of the game.

Every function here changes the board it is given and returns what it did as a list of
:class:`Event` (with the dice), so the caller can show the person what to mirror on the table.
Randomness only comes from the :class:`~solo.rules.dice.DiceSource` passed in.
"""

from __future__ import annotations

from solo.rules.board import Board, Creature, Mage, Piece
from solo.cards.catalog import trait_max, trait_value
from solo.rules.combat import ROUND_EFFECTS, condition_block, reset_defenses
from solo.rules.harm import can_heal, destroy_if_dead, heal, lose_rage, take_damage
from solo.text.naming import cap, counted, name_of
from solo.text.render import line
from solo.rules.dice import DiceSource, tally
from solo.core.records import Record
from solo.rules.effects import (DELETE, AddMarkers, Discard, Note, RemoveMarkers, RemovePiece,
                                SetGuard)
from solo.rules.effects import apply as put
from solo.rules import mages
from solo.rules.spell_upkeep import end_of_round, upkeep_effects  # enchantments' Upkeep, round end
from solo.rules.said import Said

__all__ = ["Event", "Outcome", "upkeep", "activate", "end_action_phase", "end_round",
           "reset_defenses", "game_over", "tally_of"]


class Event(Record):
    """One thing that happened to one object."""

    piece: str  # object id ("dm" / "ym" for the mages)
    card: str
    kind: str  # regenerate, burn, rot, bleed, dissipate(d), upkeep-cost, destroyed, defeated,
    #            condition-ends, escape, guard, reminder, plague, spell-damage, spell-heal,
    #            spell-condition (solo.automaton.spells.upkeep_effects), corrode-trim (solo.engine.turns),
    #            teleport (your creature teleported while Stuck: solo.engine.game)
    text: str | Said  # a Said is worded by solo.text.render
    dice: list[str]  # attack-die faces rolled
    rolls: list[int]  # effect-die results
    damage: int
    healed: int
    removed: dict[str, int]  # condition -> markers removed

    def __init__(self, piece: str, card: str, kind: str, text: str | Said, dice: list[str] | None = None,
                 rolls: list[int] | None = None, damage: int = 0, healed: int = 0,
                 removed: dict[str, int] | None = None) -> None:
        self.piece = piece
        self.card = card
        self.kind = kind
        self.text = text
        self.dice = [] if dice is None else dice
        self.rolls = [] if rolls is None else rolls
        self.damage = damage
        self.healed = healed
        self.removed = {} if removed is None else removed

    def to_dict(self) -> dict:
        return {"piece": self.piece, "card": self.card, "kind": self.kind, "text": self.text,
                "dice": list(self.dice), "rolls": list(self.rolls), "damage": self.damage,
                "healed": self.healed, "removed": dict(self.removed)}


class Outcome(Record):
    """How the game ended: the winning side, why, and the destroyed-mana tally."""

    winner: str  # "dm", "ym", or "draw" when both mages fall at once
    reason: str
    tally: dict[str, int]

    def __init__(self, winner: str, reason: str, tally: dict[str, int]) -> None:
        self.winner = winner
        self.reason = reason
        self.tally = tally

    def to_dict(self) -> dict:
        return {"winner": self.winner, "reason": self.reason, "tally": dict(self.tally)}


def _objects(board: Board, side: str) -> list[Piece]:
    return [board.mages[side], *board.side_creatures(side),
            *(c for c in board.conjurations if c.side == side)]


def _remove(board: Board, p: Piece, condition: str, n: int | None = None) -> int:
    """Take ``n`` ``condition`` markers off ``p`` (every one when None); how many came off."""
    have = p.conditions.get(condition, 0)
    k = have if n is None else min(n, have)
    if k <= 0:
        return 0
    put(board, RemoveMarkers(p.id, condition, k))
    return k


def _other(side: str) -> str:
    return "ym" if side == "dm" else "dm"


def upkeep(board: Board, source: DiceSource, side: str = "dm") -> list[Event]:
    """The Upkeep phase of one side's objects (the Dummy Mage's by default).

    For each object, in board order: Upkeep +X costs (the Dummy Mage pays nothing, see
    docs/rulings.md; for your side a reminder only), Regenerate X, then Burn (one attack die
    per marker, every number is direct damage, a blank removes one marker), Rot and Bleed (1
    direct damage per marker each), then Dissipate (one token less; the last one destroys it).
    Regenerate comes first, and each point of it removes a Bleed marker before it heals
    damage: see docs/rulings.md.  An object whose wounds (damage, 3 per Tainted marker) reach
    its life is destroyed (credited to the other side's tally).
    """
    if side not in ("dm", "ym"):
        raise ValueError(f"side must be 'dm' or 'ym', not {side!r}")
    events: list[Event] = []
    if side == "ym":  # the Dummy Mage Necromancer's Plague Master, on your poisoned objects
        for p, text in mages.plague(board):
            events.append(Event(p.id, p.card, "plague", text, damage=1))
    for p in _objects(board, side):
        name = name_of(board, p)

        def ev(kind: str, text: str, **kw) -> Event:
            e = Event(p.id, p.card, kind, text, **kw)
            events.append(e)
            return e

        banish = p.conditions.get("Banish", 0)
        if banish > 0:  # Banish: one token off each Upkeep; back in its last zone with the last
            _remove(board, p, "Banish", 1)
            back = (f"; it returns to the arena in {p.zone}." if banish == 1
                    else f" ({banish - 1} left).")
            ev("condition-ends", f"{cap(name)}: remove one Banish token{back}",
               removed={"Banish": 1})

        cost = trait_value(board.traits(p), "Upkeep")
        if cost is None and board.has_trait(p, "Upkeep"):
            cost = 0  # "Upkeep +X": the card says what X is
        if cost is not None:
            if side == "dm":
                ev("upkeep-cost", f"{name} has an upkeep cost; the Dummy Mage keeps it without "
                   "paying (it has no mana to track).")
            else:
                what = f"{cost} mana" if cost else "its upkeep cost"
                ev("upkeep-cost", f"{name}: pay {what} or destroy it.")

        regen = board.regenerate(p)
        bleed = p.conditions.get("Bleed", 0)
        if regen and (p.damage > 0 or bleed > 0):
            if can_heal(board, p):
                stop = min(regen, bleed)
                if stop:
                    _remove(board, p, "Bleed", stop)
                    ev("regenerate", f"{name} spends {stop} of its Regenerate {regen} to remove "
                       f"{counted(stop, 'Bleed marker')}.", removed={"Bleed": stop})
                healed = heal(board, p, regen - stop)  # healing takes a Rage token off
                if stop and not healed:
                    lose_rage(board, p)  # it regenerated all the same
                if healed:
                    ev("regenerate", f"{name} regenerates {healed} (Regenerate {regen}).",
                       healed=healed)
            else:
                ev("regenerate", f"{name} cannot regenerate (Finite Life).")

        burn = p.conditions.get("Burn", 0)
        if burn:
            if board.has_trait(p, "Flame Immunity") or board.has_trait(p, "Burnproof") \
                    or board.has_trait(p, "Incorporeal"):
                k = _remove(board, p, "Burn")
                ev("burn", f"{name} cannot burn: remove its {counted(k, 'Burn marker')}.",
                   removed={"Burn": k})
            else:
                faces = source.attack_dice(burn, f"Burn on {name}")
                t = tally(faces)
                dmg = 0 if board.has_trait(p, "Indestructible") else t.normal + t.critical
                blanks = sum(1 for f in faces if f == "-")
                if any(((c := board.cat.find(e)) is not None and (c.dm.get("upkeep") or {}).get("keep_burn"))
                       for e in p.enchantments):
                    blanks = 0  # Adramelech's Touch: the Dummy Mage pays to keep its Burns
                take_damage(board, p, dmg)
                k = _remove(board, p, "Burn", blanks)
                shown = " ".join(f"[{f}]" for f in faces)
                text = f"{name} burns: {counted(burn, 'die', 'dice')} {shown}: {dmg} damage"
                text += f", remove {counted(k, 'Burn marker')} (blanks)." if k else "."
                ev("burn", text, dice=list(faces), damage=dmg, removed={"Burn": k} if k else {})

        # Rot and Bleed: one damage a marker each Upkeep, unless the object cannot have them.
        for cond, kind, hurt in (("Rot", "rot", "rots"), ("Bleed", "bleed", "bleeds")):
            n = p.conditions.get(cond, 0)
            if not n:
                continue
            if cond == "Rot":
                block = "it has Poison Immunity" if (board.has_trait(p, "Poison Immunity")
                                                     or not board.is_living(p)) else None
            else:
                stops = condition_block(board, p, "Bleed")
                block = line(stops) if stops is not None else None
            if block:
                k = _remove(board, p, cond)
                ev(kind, f"{name} cannot have {cond} ({block}): "
                   f"remove its {counted(k, cond + ' marker')}.",
                   removed={cond: k})
            else:
                dmg = 0 if board.has_trait(p, "Indestructible") else n
                take_damage(board, p, dmg)
                ev(kind, f"{name} {hurt}: {dmg} direct damage.", damage=dmg)

        dissipate = trait_max(board.traits(p), "Dissipate")
        if dissipate:
            left = int(p.extra.get("dissipate", dissipate)) - 1
            put(board, Note(p.id, "dissipate", max(0, left)))
            if left <= 0 and not isinstance(p, Mage):
                ev("dissipated", f"{name} loses its last Dissipate token.")
                put(board, RemovePiece(p.id))
                if isinstance(p, Creature) and p.side == "dm":
                    put(board, Discard("creature", p.card))
                ev("destroyed", f"{name} is destroyed: remove it from the arena.")
                continue
            ev("dissipate", f"{name}: remove one Dissipate token ({max(0, left)} left).")

        for kind, said, details in upkeep_effects(board, source, p):
            ident = details.pop("piece", p.id)
            events.append(Event(ident, board.get(ident).card, kind, said, **details))

        if isinstance(p, Mage):
            if board.wounds(p) >= board.life(p):
                ev("defeated", f"{cap(name)} has {p.damage} damage, reaching its life of "
                   f"{board.life(p)}.")
        elif destroy_if_dead(board, p, _other(p.side)):
            if p.has_condition("Zombie"):
                ev("destroyed", f"{name} is destroyed and, a Zombie, obliterated: remove it "
                   "from the game.")
            else:
                ev("destroyed", f"{name} is destroyed: remove it from the arena.")
    # An Upkeep effect may hurt an object already passed (a spell's damage on every creature
    # of a zone, Plague Master): every object that died of it goes now.
    for p in [*board.creatures, *board.conjurations]:
        if destroy_if_dead(board, p, _other(p.side)):  # (not if already gone)
            events.append(Event(p.id, p.card, "destroyed",
                                f"{name_of(board, p)} is destroyed: remove it from the arena."))
    return events


#: Creatures whose Taunt markers make the taunted creature attack them; a taunt ends when its
#: taunter is activated.
TAUNTERS = ("Skeelax, Taunting Imp", "Sosruko, Ferret Companion", "Thorg, Chief Bodyguard")


def activate(board: Board, piece: Piece) -> list[Event]:
    """A creature starts its Action Phase: its guard marker goes, Slam becomes Daze,
    Knockdown ends, and the Taunt markers of a taunter's enemies go."""
    events: list[Event] = []
    name = name_of(board, piece)
    if isinstance(piece, Creature) and piece.guarding:
        put(board, SetGuard(piece.id, False))
        events.append(Event(piece.id, piece.card, "condition-ends",
                            f"{cap(name)} is activated: remove its guard marker."))
    slam = _remove(board, piece, "Slam")
    if slam:
        put(board, AddMarkers(piece.id, "Daze", slam))
        events.append(Event(piece.id, piece.card, "condition-ends",
                            f"{cap(name)} is activated: replace Slam with Daze.",
                            removed={"Slam": slam}))
    k = _remove(board, piece, "Knockdown")
    if k:
        events.append(Event(piece.id, piece.card, "condition-ends",
                            f"{cap(name)} is activated: Knockdown ends.", removed={"Knockdown": k}))
    if piece.card in TAUNTERS:  # a taunt ends when its taunter is activated
        for e in board.enemies_of(piece.side):
            k = _remove(board, e, "Taunt")
            if k:
                events.append(Event(e.id, e.card, "condition-ends",
                                    f"{cap(name)} is activated: remove the Taunt marker from "
                                    f"{name_of(board, e)}.", removed={"Taunt": k}))
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
    name = name_of(board, piece)
    for cond in ("Daze", "Stun", "Taunt"):
        k = _remove(board, piece, cond, {"Daze": daze_at_start, "Stun": stun_at_start}.get(cond))
        if k:
            events.append(Event(piece.id, piece.card, "condition-ends",
                                f"{cap(name)}: remove {counted(k, cond + ' marker')} "
                                "(end of its Action Phase).",
                                removed={cond: k}))
    for cond, stays in (("Cripple", "Crippled"), ("Stuck", "Stuck")):
        for _ in range(piece.conditions.get(cond, 0)):
            r = source.d12(f"{cond} escape roll for {name}")
            if r >= 7:
                _remove(board, piece, cond, 1)
                events.append(Event(piece.id, piece.card, "escape",
                                    f"{cap(name)} escapes a {cond}: effect die {r} (7 or more): "
                                    f"remove one {cond} marker.", rolls=[r], removed={cond: 1}))
            else:
                events.append(Event(piece.id, piece.card, "escape",
                                    f"{cap(name)} stays {stays}: effect die {r} (6 or less).",
                                    rolls=[r]))
    if isinstance(piece, Creature) and board.has_trait(piece, "Vigilant") and not piece.guarding \
            and board.find(piece.id) is not None and not board.incapacitated(piece):
        if piece.side == "dm":
            put(board, SetGuard(piece.id, True))
            events.append(Event(piece.id, piece.card, "guard",
                                f"{name} is Vigilant: put a guard marker on it."))
        else:
            events.append(Event(piece.id, piece.card, "reminder",
                                f"{name} is Vigilant: you may put a guard marker on it now "
                                "(solo leaves it off unless you edit the board)."))
    if _remove(board, piece, "Overextend"):  # the spell's price: Stunned after this Action Phase
        put(board, AddMarkers(piece.id, "Stun"))
        events.append(Event(piece.id, piece.card, "condition-ends",
                            f"{name}: Overextend is spent; put a Stun marker on it."))
    used = piece.extra.get("once_used") or []
    put(board, Note(piece.id, "once_used", DELETE))
    for cond in used:
        k = _remove(board, piece, cond)
        if k:
            events.append(Event(piece.id, piece.card, "condition-ends",
                                f"{name}: {cond} is used up; remove it.", removed={cond: k}))
    return events


def end_round(board: Board) -> list[Event]:
    """The end of the round: round effects placed by incantations (Battle Fury, Charge,
    Perfect Strike, Piercing Strike, Knockdown) are removed from every object."""
    events: list[Event] = []
    for ident, text in end_of_round(board):
        events.append(Event(ident, board.get(ident).card, "condition-ends", text))
    for p in board.pieces():
        if "once_used" in p.extra:
            put(board, Note(p.id, "once_used", DELETE))
        if not p.conditions:  # (nearly every object, nearly every round)
            continue
        for cond in ROUND_EFFECTS:
            k = _remove(board, p, cond)
            if k:
                events.append(Event(p.id, p.card, "condition-ends",
                                    f"{cap(name_of(board, p))}: {cond} ends with the round.",
                                    removed={cond: k}))
    return events


def tally_of(board: Board) -> dict[str, int]:
    """Mana cost of enemy creatures each side has destroyed: ``{"dm": n, "ym": n}``."""
    t = board.extra.get("tally") or {}
    return {"dm": int(t.get("dm", 0)), "ym": int(t.get("ym", 0))}


def game_over(board: Board, *, alternate: bool = True) -> Outcome | None:
    """The outcome if the game has ended, else None.

    A mage whose damage reaches its life loses; when both do at once the game is a draw (see
    docs/rulings.md).  The solo variant's alternate ending (``alternate``): once the Dummy
    Mage's creature deck is empty and none of its creatures is left in the arena, you win only
    if your tally is more than twice the Dummy Mage's; otherwise it wins.
    """
    dm, ym = board.mages["dm"], board.mages["ym"]
    dm_down, ym_down = board.wounds(dm) >= board.life(dm), board.wounds(ym) >= board.life(ym)
    alone = alternate and not board.decks.get("creature") and not board.side_creatures("dm")
    if not (dm_down or ym_down or alone):  # asked after every step: the game goes on
        return None
    t = tally_of(board)
    if ym_down and dm_down:
        return Outcome("draw", "both mages reached their life at once: a draw", t)
    if ym_down:
        return Outcome("dm", f"{name_of(board, ym)} reached its life", t)
    if dm_down:
        return Outcome("ym", f"{name_of(board, dm)} reached its life", t)
    if alone:
        if t["ym"] > 2 * t["dm"]:
            return Outcome("ym", f"the Dummy Mage has no creatures left; your tally {t['ym']} "
                           f"is more than twice its {t['dm']}", t)
        return Outcome("dm", f"the Dummy Mage has no creatures left; your tally {t['ym']} is "
                       f"not more than twice its {t['dm']}", t)
    return None
