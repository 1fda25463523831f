"""Combat: one attack resolved the way the game's attack sequence does it, with every die shown.

The core is pure: :func:`resolve_attack` and :func:`resolve_zone_attack` never change the board
they are given.  They play the attack out on a private copy (so that a second strike sees the
damage of the first, a counterstrike sees whether its creature survived, and so on) and return
an :class:`AttackResult`: every strike, every die, and the lines a person can read.
:func:`apply` then puts that result on the real board.

The steps of one strike, in the game's order:

1. dice: the attack's dice plus Melee +X (first strike of a melee attack), Ranged +X, Charge +X
   (melee right after a move), Bloodthirsty +X (first melee strike against a damaged Living
   creature), "+N vs. ..." bonuses, and the target's damage-type modifier ("Flame +2"); minus
   Weak markers and enchantments such as Agony (non-spell attacks only) and the target's Aegis X;
   never below one die;
2. a Dazed attacker rolls the effect die: 7 or more hits, 6 or less misses;
3. the target's Defense, unless the attack is Unavoidable or a zone attack, or the target is
   Incapacitated (-2 per Daze marker on it, -2 when Restrained);
4. the attack dice: criticals ignore armor, Piercing lowers armor (never below 0), Incorporeal
   targets count only the 1s of non-Ethereal attacks, Immunity and Indestructible stop damage;
5. the effect die, moved by the target's Tough -X and damage-type modifier, gives conditions
   (those the target is immune to are dropped) and Push (compass roll; into the arena edge or a
   Passage Blocked wall the creature is Bashed);
6. Doublestrike / Triplestrike strike again; Vampiric heals the attacker;
7. a melee attack then meets the target's damage barriers and its counterstrike.

An attack whose dice a person rolled at the table goes through the same steps:
:func:`resolve_reported_attack` takes a :class:`Reported` that is asked, when a strike reaches
them, for the normal and critical damage the attack dice showed (instead of step 4's roll) and for
the markers the effect die gave (instead of step 5's roll).  Everything else -- the Daze check,
the Defense, armor, Piercing, immunities, the counterstrike -- is rolled and decided here as for
any attack.

Positions, range, line of sight, guards and who may attack whom are the caller's business.
"""

from __future__ import annotations

import math
import re
from typing import Callable, overload

from solo.rules.board import (GROUNDED, HIDDEN, SPELL_ROUND_MARKERS, VISIBLE, Board,
                        Conjuration, Creature, Mage, Piece)
from solo.cards.catalog import MAGE_LEVEL, Attack, Defense, parse_trait, trait_max, trait_value
from solo.rules.dice import DiceSource, tally
from solo.rules.effects import (DELETE, AddMarkers, AddTally, Discard, Disenchant, Move,
                                Note, RemoveMarkers, SetGuard)
from solo.rules.effects import apply as put
from solo.core.errors import SoloError
from solo.core.kinds import Side
from solo.core.records import Record
from solo.text.naming import name_of, label_of, attack_label, cap, counted
from solo.rules.harm import can_heal, heal, take_damage, destroy_if_dead, gain
from solo.rules.yours import turn_up
from solo.rules import yours
from solo.rules import mages

#: Conditions placed by incantations that last until the end of the round.
ROUND_EFFECTS = ("Battle Fury", "Charge", "Perfect Strike", "Piercing Strike", "Knockdown", *SPELL_ROUND_MARKERS)
#: Poison conditions: objects with Poison Immunity (every Nonliving object) cannot gain them.
POISON_CONDITIONS = ("Rot", "Weak", "Cripple", "Tainted")
#: Psychic conditions: objects with Psychic Immunity (every conjuration) cannot gain them.
PSYCHIC_CONDITIONS = ("Sleep",)
#: Conditions a conjuration never gains (it cannot be Dazed, Incapacitated or Restrained).
NOT_ON_CONJURATIONS = ("Daze", "Stun", "Cripple", "Slam", "Sleep", "Knockdown", "Taunt", "Stuck",
                       "Bleed")
#: The 3-die attack a creature suffers when pushed into the arena edge or a Passage Blocked wall.
BASH = Attack(name="Bashed", action=None, kind=None, range=(0, 0), dice=3, traits=("Unavoidable",))

#: It loses the Invisible trait as soon as it declares an attack (its card ruling), until the
#: next Reset (when the OCTGN module turns its Visible marker back): see :func:`apply`.
INVISIBLE_STALKER = "Invisible Stalker"

#: Asked when a target could use a Defense: (target, the Defense, its roll modifier) -> use it?
DefenseChoice = Callable[[Piece, Defense, int], bool]


class Reported(Record):
    """The dice a person rolled for their own attack, asked for only when a strike gets that far
    (a Daze miss, an avoided attack or an immune target asks nothing).

    ``damage(strike, only_ones)`` gives (normal, critical) as the attack dice showed them; when
    ``only_ones`` is true the target is Incorporeal and only the dice showing 1 count, so the
    person reports those.  ``markers(strike)`` gives the markers the effect die (or the card)
    gave; it is not asked when the strike destroys the target or cannot give effects.
    """

    damage: Callable[["Strike", bool], tuple[int, int]]
    markers: Callable[["Strike"], list[str]]

    def __init__(self, damage: Callable[[Strike, bool], tuple[int, int]],
                 markers: Callable[[Strike], list[str]]) -> None:
        self.damage = damage
        self.markers = markers


#: An attack trait: one die fewer for each zone of range beyond 1 (lower-case start).
FEWER_BEYOND_1 = "roll 1 fewer attack die for each zone of range beyond 1"
#: An attack trait: +4 to the effect die against a Restrained target.
RESTRAINED_PLUS_4 = "If target is restrained add +4 to the Effect Die"

#: An attack trait such as "+2 vs. Undead" (matched through re's cache: compiled when first
#: needed, not at every start-up).
_VS = r"(?i)^\+\s*(\d+)\s+vs\.?\s+(.+)$"


# -- results ---------------------------------------------------------------------------------

class Push(Record):
    """A Push from an effect roll: the compass roll and where the creature ended up."""

    roll: int
    direction: str
    start: str
    to: str  # the zone it ends in (equal to ``start`` when something stopped it)
    blocked_by: str | None  # "the arena edge" or a wall's id; then it is Bashed
    flying: bool  # it flew: over any wall on its way, which neither stops nor attacks it

    def __init__(self, roll: int, direction: str, start: str, to: str,
                 blocked_by: str | None = None, flying: bool = False) -> None:
        self.roll = roll
        self.direction = direction
        self.start = start
        self.to = to
        self.blocked_by = blocked_by
        self.flying = flying

    def to_dict(self) -> dict:
        return {"roll": self.roll, "direction": self.direction, "from": self.start, "to": self.to,
                "blocked_by": self.blocked_by}


class Strike(Record):
    """One roll of attack dice against one object (or one that never got that far)."""

    # attack, second strike, third strike, sweep, counterstrike, damage barrier, bash, passage
    # attack
    role: str
    attack: str
    kind: str | None
    attacker: str | None  # id of the object attacking (None for a bash)
    target: str
    side: str | None  # the side credited if this strike destroys the target
    target_card: str
    dice: int
    dice_parts: list[str]
    daze_roll: int | None
    missed: bool
    immune: bool
    defense: int | None  # the Defense tried (8 for "8+")
    defense_index: int | None
    defense_roll: int | None
    defense_modifier: int
    avoided: bool
    faces: list[str]
    normal: int
    critical: int
    armor: int
    damage: int
    effect_roll: int | None
    effect_modifier: int
    conditions: list[str]
    ignored: list[str]
    push: Push | None
    healed: int
    destroyed: bool
    #: direct acid damage from Corrode markers the target's armor could not take
    acid: int
    #: Burn markers an Extinguish attack removed from the target
    extinguished: int
    #: damage the Dummy Mage Wizard's Voltaric Shield cancelled (solo.rules.mages)
    shielded: int
    #: Rage tokens the target gains (it was damaged by an enemy creature)
    rage: int
    #: a kill by this strike is an obliteration (Devour; a Zombie marker)
    obliterate: bool
    #: the target's damage once this strike is on it (set when the strike is recorded)
    damage_total: int | None
    #: the attack dice (and effect) were rolled by a person and reported (see :class:`Reported`)
    reported: bool
    steps: list[str]
    #: your face-down enchantment revealed to save the target (see :func:`_reveal_to_survive`)
    revealed: str | None

    def __init__(self, role: str, attack: str, kind: str | None, attacker: str | None, target: str,
                 side: str | None, target_card: str = "", dice: int = 0,
                 dice_parts: list[str] | None = None, daze_roll: int | None = None,
                 missed: bool = False, immune: bool = False, defense: int | None = None,
                 defense_index: int | None = None, defense_roll: int | None = None,
                 defense_modifier: int = 0, avoided: bool = False, faces: list[str] | None = None,
                 normal: int = 0, critical: int = 0, armor: int = 0, damage: int = 0,
                 effect_roll: int | None = None, effect_modifier: int = 0,
                 conditions: list[str] | None = None, ignored: list[str] | None = None,
                 push: Push | None = None, healed: int = 0, destroyed: bool = False, acid: int = 0,
                 extinguished: int = 0, shielded: int = 0, rage: int = 0, obliterate: bool = False,
                 damage_total: int | None = None, reported: bool = False,
                 steps: list[str] | None = None, revealed: str | None = None) -> None:
        self.role = role
        self.attack = attack
        self.kind = kind
        self.attacker = attacker
        self.target = target
        self.side = side
        self.target_card = target_card
        self.dice = dice
        self.dice_parts = [] if dice_parts is None else dice_parts
        self.daze_roll = daze_roll
        self.missed = missed
        self.immune = immune
        self.defense = defense
        self.defense_index = defense_index
        self.defense_roll = defense_roll
        self.defense_modifier = defense_modifier
        self.avoided = avoided
        self.faces = [] if faces is None else faces
        self.normal = normal
        self.critical = critical
        self.armor = armor
        self.damage = damage
        self.effect_roll = effect_roll
        self.effect_modifier = effect_modifier
        self.conditions = [] if conditions is None else conditions
        self.ignored = [] if ignored is None else ignored
        self.push = push
        self.healed = healed
        self.destroyed = destroyed
        self.acid = acid
        self.extinguished = extinguished
        self.shielded = shielded
        self.rage = rage
        self.obliterate = obliterate
        self.damage_total = damage_total
        self.reported = reported
        self.steps = [] if steps is None else steps
        self.revealed = revealed

    @property
    def melee(self) -> bool:
        return self.kind == "melee"

    @property
    def effect_total(self) -> int | None:
        return None if self.effect_roll is None else self.effect_roll + self.effect_modifier

    def to_dict(self) -> dict:
        """Contract section 6 keys for this strike, then extra keys."""
        return {"attack": self.attack, "dice": self.dice, "faces": list(self.faces),
                "avoided": self.avoided, "defense_roll": self.defense_roll, "armor": self.armor,
                "normal": self.normal, "critical": self.critical, "damage": self.damage,
                "effect_roll": self.effect_roll, "conditions": list(self.conditions),
                "role": self.role, "attacker": self.attacker, "target": self.target,
                "target_card": self.target_card,
                "dice_modifiers": list(self.dice_parts[1:]), "daze_roll": self.daze_roll,
                "missed": self.missed, "immune": self.immune, "defense": self.defense,
                "defense_modifier": self.defense_modifier, "effect_total": self.effect_total,
                "ignored_conditions": list(self.ignored),
                "push": self.push.to_dict() if self.push else None,
                "healed": self.healed, "destroyed": self.destroyed, "acid": self.acid,
                "extinguished": self.extinguished, "rage": self.rage,
                "obliterated": self.destroyed and self.obliterate}


class AttackResult(Record):
    """Everything one attack did, in order.  Nothing here has touched the board yet."""

    attack: str
    attacker: str | None
    target: str  # an object id, or the zone of a zone attack
    zone: str | None
    strikes: list[Strike]
    daze_roll: int | None
    once_used: list[str]
    steps: list[str]

    def __init__(self, attack: str, attacker: str | None, target: str, zone: str | None = None,
                 strikes: list[Strike] | None = None, daze_roll: int | None = None,
                 once_used: list[str] | None = None, steps: list[str] | None = None) -> None:
        self.attack = attack
        self.attacker = attacker
        self.target = target
        self.zone = zone
        self.strikes = [] if strikes is None else strikes
        self.daze_roll = daze_roll
        self.once_used = [] if once_used is None else once_used
        self.steps = [] if steps is None else steps

    @property
    def main(self) -> Strike | None:
        """The first strike of the attack itself (for a zone attack, the first object hit)."""
        for s in self.strikes:
            if s.role == "attack" and (self.zone is not None or s.target == self.target):
                return s
        return None

    def strikes_at(self, ident: str) -> list[Strike]:
        return [s for s in self.strikes if s.target == ident]

    def damage_to(self, ident: str) -> int:
        return sum(s.damage for s in self.strikes_at(ident))

    @property
    def destroyed(self) -> list[str]:
        return [s.target for s in self.strikes if s.destroyed]

    def to_json(self) -> dict:
        """Contract section 6: the main strike's keys, then every strike under ``strikes``."""
        m = self.main
        if m is None:
            raise SoloError(f"{self.attack} hit nothing")
        out = m.to_dict()
        out["target"] = m.target
        out["total_damage"] = sum(s.damage for s in self.strikes
                                  if s.target == m.target and s.attacker == m.attacker)
        out["strikes"] = [s.to_dict() for s in self.strikes]
        out["steps"] = list(self.steps)
        return out


class Applied(Record):
    """What :func:`apply` changed on the board."""

    destroyed: list[str]  # ids removed from the board
    defeated: list[str]  # sides whose mage reached its life
    lines: list[str]

    def __init__(self, destroyed: list[str] | None = None, defeated: list[str] | None = None,
                 lines: list[str] | None = None) -> None:
        self.destroyed = [] if destroyed is None else destroyed
        self.defeated = [] if defeated is None else defeated
        self.lines = [] if lines is None else lines


# -- small helpers ---------------------------------------------------------------------------


def _finish(result: "AttackResult") -> "AttackResult":
    result.steps = [cap(x) if type(x) is str else x for x in result.steps]
    for s in result.strikes:
        s.steps = [cap(x) if type(x) is str else x for x in s.steps]
    return result


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def is_creature(p: Piece) -> bool:
    """Creatures and mages (a mage is a creature too)."""
    return isinstance(p, (Creature, Mage))


def is_plant(board: Board, p: Piece) -> bool:
    card = board.card_of(p)
    return card is not None and any(x.lower() == "plant" for x in card.subtypes)


def immune_to_damage_type(board: Board, p: Piece, damage_type: str | None) -> bool:
    """Immunity to a damage type: "Flame Immunity"; Nonliving objects have Poison Immunity and
    conjurations Psychic Immunity."""
    if not damage_type:
        return False
    if board.has_trait(p, f"{damage_type} Immunity"):
        return True
    if damage_type.lower() == "poison" and not board.is_living(p):
        return True
    if damage_type.lower() == "psychic" and isinstance(p, Conjuration):
        return True
    return False


#: Taunters whose Taunt is psychic: it holds neither mages nor Psychic Immune creatures (the
#: complete codex; Sosruko's holds both).
PSYCHIC_TAUNTERS = ("Skeelax, Taunting Imp", "Thorg, Chief Bodyguard")


def taunt_block(board: Board, taunter: str, p: Piece) -> str | None:
    """Why the Taunt of ``taunter`` (a card name) cannot hold ``p``, or None when it can."""
    if taunter not in PSYCHIC_TAUNTERS:
        return None
    if p.is_mage:
        return f"{taunter.split(',')[0]}'s Taunt does not affect mages"
    if board.has_trait(p, "Psychic Immunity"):
        return f"it has Psychic Immunity ({taunter.split(',')[0]}'s Taunt is psychic)"
    return None


def condition_block(board: Board, p: Piece, condition: str) -> str | None:
    """Why ``p`` cannot gain ``condition`` (a short reason), or None when it can."""
    c = condition.strip()
    if isinstance(p, Conjuration) and c in NOT_ON_CONJURATIONS:
        return f"conjurations cannot gain {c}"
    if c == "Stuck" and board.has_trait(p, "Uncontainable"):
        return "it is Uncontainable"
    if c == "Bleed" and not board.is_living(p):
        return "only Living creatures bleed"
    if c == "Bleed" and is_plant(board, p):
        return "Plants do not bleed"
    if c == "Corrode" and board.has_trait(p, "Incorporeal"):
        return "Corrode has no effect on Incorporeal objects"
    if c == "Burn" and (board.has_trait(p, "Burnproof") or board.has_trait(p, "Incorporeal")
                        or board.has_trait(p, "Flame Immunity")):
        return "it is Burnproof"
    if c in POISON_CONDITIONS and (board.has_trait(p, "Poison Immunity") or not board.is_living(p)):
        return "it has Poison Immunity"
    if c in PSYCHIC_CONDITIONS and (board.has_trait(p, "Psychic Immunity")
                                    or isinstance(p, Conjuration)):
        return "it has Psychic Immunity"
    return None


def damage_type_modifier(board: Board, p: Piece, damage_type: str | None) -> int:
    """The target's modifier for a damage type: ``Flame +2`` gives 2, ``Lightning -2`` gives -2."""
    if not damage_type:
        return 0
    return trait_value(board.traits(p), damage_type) or 0


def vs_bonus(board: Board, trait: str, target: Piece) -> int | None:
    """The dice an attack trait such as ``+2 vs. Flying`` adds against ``target`` (None when the
    trait is not such a bonus; 0 when it does not apply)."""
    m = re.match(_VS, trait.strip())
    if not m:
        return None
    n, what = int(m.group(1)), m.group(2).strip().rstrip(".")
    words = what.split()
    noun = words[-1].lower() if words else ""
    if noun in ("creature", "creatures"):
        if not is_creature(target):
            return 0
        words = words[:-1]
    elif noun in ("conjuration", "conjurations"):
        if not isinstance(target, Conjuration):
            return 0
        words = words[:-1]
    alternatives = [w.strip() for w in " ".join(words).split(" or ") if w.strip()]
    if not alternatives:
        return n
    card = board.card_of(target)
    subtypes = {s.lower() for s in (card.subtypes if card else ())}
    subtypes |= {school.lower() for school, _ in (card.schools if card else ())}
    if target.has_condition("Zombie"):  # the marker makes it an undead zombie
        subtypes |= {"undead", "zombie"}
    for alt in alternatives:
        a = alt.lower()
        if a == "nonliving":
            ok = not board.is_living(target)
        elif a == "living":
            ok = board.is_living(target)
        elif a == "flying":
            ok = board.flying(target)
        elif a == "corporeal":
            ok = board.is_corporeal(target)
        elif a == "incorporeal":
            ok = not board.is_corporeal(target)
        else:
            ok = a in subtypes or board.has_trait(target, alt)
        if ok:
            return n
    return 0


def once_markers(board: Board, p: Piece, kind: str = "melee") -> list[str]:
    """Round markers on ``p`` that end after its next melee attack (Perfect Strike, ...), or,
    with ``kind="ranged"``, after its next ranged attack (Sniper Shot: ``once = "ranged"``)."""
    out = []
    for name, count in p.conditions.items():
        card = board.cat.find(name) if count > 0 else None
        once = (card.dm.get("effect") or {}).get("once") if card is not None else None
        if (once is True and kind == "melee") or once == kind:
            out.append(name)
    return out


def _unveiled(board: Board, result: AttackResult) -> list[str]:
    """An Invisible Stalker that made one of the attack's strikes (an attack or a counterstrike)
    has declared an attack: it loses the Invisible trait at once (its card ruling), until
    :func:`reset_invisible`."""
    lines = []
    for ident in dict.fromkeys(s.attacker for s in result.strikes if s.attacker):
        a = board.find(ident)
        if a is not None and a.card == INVISIBLE_STALKER and not a.extra.get(VISIBLE):
            put(board, Note(a.id, VISIBLE, True))
            lines.append(f"{cap(label_of(board, a))} has attacked: it loses the Invisible trait "
                         "until the next Reset.")
    return lines


def reset_invisible(board: Board) -> list[str]:
    """The Reset phase: every Invisible Stalker that attacked is Invisible again; the ids."""
    out = []
    for p in board.creatures:
        if VISIBLE in p.extra:
            put(board, Note(p.id, VISIBLE, DELETE))
            out.append(p.id)
    return out


def reset_defenses(board: Board) -> list[str]:
    """Ready every Defense again (the Reset phase), and take one Disable marker off every
    object that has some; returns the ids that lost one."""
    out = []
    for p in board.pieces():
        if "defense_used" in p.extra:
            put(board, Note(p.id, "defense_used", DELETE))
        if p.conditions.get("Disable", 0) > 0:
            put(board, RemoveMarkers(p.id, "Disable", 1))
            out.append(p.id)
    return out


def _find_attack(board: Board, attacker: Piece | None, attack: Attack | str,
                 is_spell: bool | None) -> tuple[Attack, bool]:
    """The attack object and whether it is a spell (an attack card rather than the object's own)."""
    own = board.attacks(attacker) if attacker is not None else []
    if isinstance(attack, Attack):
        return attack, (attack not in own) if is_spell is None else is_spell
    for a in own:
        if a.name.lower() == attack.strip().lower():
            return a, bool(is_spell)
    card = board.cat.find(attack)
    if card is not None and card.type == "Attack" and card.attacks:
        return card.attacks[0], True if is_spell is None else is_spell
    names = ", ".join(a.name for a in own) or "none"
    raise SoloError(f"{name_of(board, attacker)} has no attack named {attack!r} "
                    f"(its attacks: {names})")


def _check_dice(attack: Attack) -> None:
    if not isinstance(attack.dice, int) or isinstance(attack.dice, bool):
        what = "no attack dice" if attack.dice is None else f"{attack.dice} attack dice"
        raise SoloError(f"{attack.name} rolls {what}; solo cannot resolve it, the card's text "
                        "decides (resolve it by hand)")


def _may_change(*pieces: Piece | None) -> set[str]:
    """The ids of the objects an attack among ``pieces`` changes for sure.  Any other object it
    changes is owned when it is (:meth:`Board.own`), so this only saves copying the rest of the
    board."""
    return {p.id for p in pieces if p is not None}


@overload
def _on(work: Board, p: Piece) -> Piece: ...
@overload
def _on(work: Board, p: Piece | None) -> Piece | None: ...
def _on(work: Board, p: Piece | None) -> Piece | None:
    if p is None:
        return None
    found = work.find(p.id)
    if found is None:
        raise SoloError(f"{p.card} ({p.id}) is not on the board")
    return found


# -- resolution ------------------------------------------------------------------------------

def resolve_attack(board: Board, attacker: Piece, attack: Attack | str | None, target: Piece,
                   source: DiceSource, *, moved: bool = False, is_spell: bool | None = None,
                   first_strike: bool = True, sweep_target: Piece | None = None,
                   use_defense: bool | DefenseChoice = True,
                   report: Reported | None = None, reactions: bool = True,
                   daze: int | None = None, reverse: bool = False,
                   blocked_by: str | None = None, barrier: bool = False) -> AttackResult:
    """Resolve one attack of ``attacker`` on ``target``; the board is not changed.

    ``attack`` is an :class:`Attack` or a name (one of the attacker's attacks, or an attack
    spell's card name -- then the attacker is its caster).  ``is_spell`` says the attack is an
    attack spell (Weak and enchantments such as Agony do not touch it); left as None it is a
    spell when it is not one of the attacker's own attacks.  ``moved``: the attacker moved at
    least one zone just before (Charge +X).  ``first_strike``: this is the first attack of the
    action (Melee +X, Bloodthirsty +X, Charge +X and Vampiric count only then).
    ``sweep_target``: the second, different target of a Sweeping attack.  ``use_defense``:
    whether the target tries its Defense (the Dummy Mage's side always does), or a
    :data:`DefenseChoice` asked when it could.  ``report``: the attack dice were rolled by a
    person (see :func:`resolve_reported_attack`).  ``reactions``: False when nobody answers the
    attack with a damage barrier or a counterstrike.  ``daze``: the attacker's Daze check,
    already rolled (:func:`daze_check`).  ``reverse``: the target's Reverse Attack turned the
    attack back: its first strike hits the attacker itself, which rolls no Defense; the rest
    of the action goes on as declared -- a Doublestrike's other strikes at the target, a
    Sweeping attack's second target -- and the target may still counterstrike (the card's
    rulings).  ``blocked_by``: the card (a hidden Block, revealed) that avoids the first strike;
    the rest of the action goes on as declared (a Doublestrike's second attack, the codex).
    ``barrier``: the attack is not the attacker's own but one its side's card makes without
    targeting, as a damage barrier does (a trap's: ``attacker`` is the mage whose trap it is):
    the attacker's Daze, Weak and bonuses do not touch it.
    """
    if attack is None and report is not None:
        att, spell = UNNAMED, bool(is_spell)
        use_defense = False  # its traits are unknown: it may well be Unavoidable
    else:
        assert attack is not None, "an attack without a name needs its dice reported"
        att, spell = _find_attack(board, attacker, attack, is_spell)
    if report is None:
        _check_dice(att)
    elif att.zone or att.kind == "zone":
        raise SoloError(f"{att.name} is a zone attack: report each object's damage separately "
                        "or let solo roll it")
    # Only what the attack can change is copied (see _apply_strike, which owns what it changes).
    work = board.copy(_may_change(attacker, target, sweep_target))
    a, t = _on(work, attacker), _on(work, target)
    if att.is_melee and work.flying(a) and not work.flying(t):
        # A flyer attacking a non-flyer in melee loses Flying until the end of the attack
        # action (the complete codex): on the attack's copy only.
        put(work, Note(a.id, GROUNDED, True))
    result = AttackResult(attack=att.name, attacker=attacker.id,
                          target=attacker.id if reverse else target.id)
    if att is UNNAMED:
        result.steps.append(f"{name_of(work, a)} attacks {name_of(work, t)} with an attack solo "
                            "does not know (no Defense is rolled for it).")
    else:
        kind = "zone attack" if att.zone or att.kind == "zone" else (att.kind or "attack")
        result.steps.append(f"{name_of(work, a)} attacks {name_of(work, t)} with {att.name} "
                            f"({kind}{', spell' if spell else ''}"
                            f"{', dice rolled by you' if report is not None else ''}).")
    _sequence(work, a, att, t, source, result, role="attack", moved=moved, is_spell=spell,
              first=first_strike, use_defense=use_defense, reactions=reactions, report=report,
              thirst=first_strike, daze=daze, reverse=reverse, blocked_by=blocked_by,
              barrier=barrier)
    if att.has("Sweeping"):
        second = _on(work, sweep_target) if sweep_target is not None and work.find(sweep_target.id) else None
        if second is None or second.id == t.id:
            result.steps.append("Sweeping: no second, different target, so no second attack.")
        elif work.find(a.id) is not None:
            result.steps.append(f"Sweeping: a second attack, at {name_of(work, second)}.")
            _sequence(work, a, att, second, source, result, role="sweep", moved=False,
                      is_spell=spell, first=False, use_defense=use_defense, reactions=True,
                      report=report, thirst=first_strike)
    if att.is_melee:
        result.once_used = once_markers(work, a) if work.find(a.id) else []
    elif att.is_ranged and not (att.zone or att.kind == "zone"):
        result.once_used = once_markers(work, a, "ranged") if work.find(a.id) else []
    _by_hand(result, att)
    return _finish(result)


#: Attack traits and markers that solo applies in full (their glossary entries have no by-hand
#: line), by the name before any number: an attack that names only these is done without
#: loading the glossary.  tests/test_startup.py holds it to the glossary over every card.
NO_BY_HAND = frozenset((
    "bleed", "burn", "corrode", "cripple", "daze", "knockdown", "rot", "slam", "sleep", "stuck",
    "stun", "tainted", "weak", "push", "piercing", "unavoidable", "counterstrike", "doublestrike",
    "triplestrike", "reach", "ethereal", "vampiric", "critical damage", "no damage", "extinguish",
    "defrost", "trample"))


def _by_hand(result: AttackResult, attack: Attack) -> None:
    """Nothing ignored in silence: the glossary's by-hand line of every attack trait and every
    marker given that solo does not fully apply ends the attack's steps."""
    names = list(attack.traits) + [c for s in result.strikes for c in s.conditions]
    if all(parse_trait(n)[0].lower() in NO_BY_HAND for n in names):
        return
    from solo.cards.glossary import by_hand_notes

    if any(s.role == "sweep" for s in result.strikes):
        names = [n for n in names if n.lower() != "sweeping"]
    result.steps.extend(by_hand_notes(names))


#: The attack of a report that does not name it (damage a person rolled for a spell, say).
UNNAMED = Attack(name="attack", action=None, kind=None, range=(0, 0), dice=None)


def resolve_reported_attack(board: Board, attacker: Piece, attack: Attack | str | None,
                            target: Piece, report: Reported, source: DiceSource, *,
                            moved: bool = False, is_spell: bool | None = None,
                            first_strike: bool = True, sweep_target: Piece | None = None,
                            use_defense: bool | DefenseChoice = True) -> AttackResult:
    """An attack whose attack dice (and effect die) a person rolled at the table; the board is
    not changed.

    Resolved exactly as :func:`resolve_attack` resolves a rolled one -- the Daze check, the
    target's Defense (modified by its Daze and Restrained; none against Unavoidable attacks or
    by an Incapacitated target; its uses counted), armor and Piercing, criticals, Incorporeal,
    immunities, Indestructible, No Damage, Vampiric, more strikes, damage barriers and the
    counterstrike, rolled with ``source`` -- except that each of the attack's own strikes asks
    ``report`` for what the attack dice showed and for the markers, instead of rolling them.
    ``attack`` may roll "X" dice (the card says how many); None is an attack solo does not know:
    no traits, and no Defense is rolled for it.  Zone attacks cannot be reported.
    """
    return resolve_attack(board, attacker, attack, target, source, moved=moved,
                          is_spell=is_spell, first_strike=first_strike,
                          sweep_target=sweep_target, use_defense=use_defense, report=report)


def resolve_zone_attack(board: Board, caster: Piece | None, attack: Attack | str, zone: str,
                        source: DiceSource, *, is_spell: bool | None = None,
                        daze: int | None = None) -> AttackResult:
    """A zone attack: a separate Unavoidable attack on every creature and conjuration in
    ``zone`` (walls on its border are not hit) except the caster; one Daze check for all
    (``daze``: already rolled, :func:`daze_check`)."""
    att, spell = _find_attack(board, caster, attack, is_spell)
    _check_dice(att)
    zone = board.arena.normal(zone)
    work = board.copy(_may_change(caster, *board.in_zone(zone)))
    c = _on(work, caster)
    result = AttackResult(attack=att.name, attacker=caster.id if caster else None, target=zone,
                          zone=zone)
    targets = [p for p in work.in_zone(zone) if (c is None or p.id != c.id)
               and p.conditions.get("Banish", 0) <= 0]  # banished: out of range and LoS
    result.steps.append(f"{name_of(work, c)} casts {att.name} on zone {zone}: "
                        + (", ".join(name_of(work, p) for p in targets) if targets
                           else "nothing there to hit") + ".")
    if c is None or not c.has_condition("Daze"):
        daze = None
    elif daze is None:
        daze = daze_check(work, c, att, zone, source)
    if daze is not None:
        result.daze_roll = daze
        result.steps.append(f"{name_of(work, c)} is Dazed: effect die {daze} "
                            + ("(7 or more): the attack goes ahead." if daze >= 7
                               else "(6 or less): the whole zone attack misses."))
    for p in targets:
        if work.find(p.id) is None:
            continue
        _sequence(work, c, att, p, source, result, role="attack", moved=False, is_spell=spell,
                  first=True, use_defense=False, reactions=False, zone_daze=daze)
    _by_hand(result, att)
    return _finish(result)


def has_unavoidable(board: Board, attacker: Piece | None, attack: Attack) -> bool:
    """Whether ``attack`` by ``attacker`` is Unavoidable (its own trait, or one its attacker's
    markers give the first strike: Perfect Strike)."""
    return _has(attack_traits(board, attacker, attack), "Unavoidable")


def daze_check(board: Board, attacker: Piece | None, attack: Attack, target: Piece | str,
               source: DiceSource, is_spell: bool = False) -> int | None:
    """A Dazed attacker's Daze check (the effect die; None when it is not Dazed, or when a spell
    makes the attack by itself, Explode's: :func:`by_itself`), rolled at the end of the Declare
    Attack Step: before its target may answer in the Avoid Attack Step (a hidden Block or
    Reverse Attack is not revealed against an attack that missed)."""
    if attacker is None or not attacker.has_condition("Daze") or by_itself(attack, is_spell):
        return None
    return source.d12(f"{attack_label(board, attacker, attack, target)}: Daze check "
                      "(7 or more goes ahead)")


def _thirst_taken(result: AttackResult, attacker: Piece | None) -> bool:
    """Whether a strike of ``attacker`` in this attack action already had its Bloodthirsty dice."""
    return attacker is not None and any(
        s.attacker == attacker.id and any(p.startswith("Bloodthirsty") for p in s.dice_parts)
        for s in result.strikes)


#: Creatures that, while guarding, gain Melee +X and counterstrike first: right after the
#: Declare Attack Step, before the attack is rolled (Temple High Guard's card and ruling).
FIRST_STRIKE_GUARDS = {"Temple High Guard": 2}


def _sequence(work: Board, attacker: Piece | None, attack: Attack, target: Piece,
              source: DiceSource, result: AttackResult, *, role: str, moved: bool,
              is_spell: bool, first: bool, use_defense: bool | DefenseChoice, reactions: bool,
              barrier: bool = False, zone_daze: int | None = None,
              credit: str | None = None, report: Reported | None = None,
              thirst: bool | None = None, daze: int | None = None,
              reverse: bool = False, blocked_by: str | None = None) -> None:
    """One attack with its additional strikes, then (for melee) damage barriers and counterstrike.
    ``report`` (a person's dice) serves the attack's own strikes only, never the answers to it.
    ``thirst``: the action opened with Bloodthirsty to be had (see :func:`attack_dice`).
    ``daze``: the first strike's Daze check, already rolled.  ``reverse``, ``blocked_by``: the
    first strike is turned back on the attacker, or avoided (see :func:`resolve_attack`)."""
    n = strike_count(work, attack, target)
    # Known before the strikes: the melee attack removes a guard marker, but the guard still
    # counterstrikes in this attack's Counterstrike step.
    cs = _counterstrike(work, target) if reactions and attack.is_melee else None
    if cs is not None and attacker is not None and work.find(attacker.id) is not None \
            and getattr(target, "guarding", False) and target.card in FIRST_STRIKE_GUARDS:
        # It counterstrikes first, right after the Declare Attack Step: an attacker it destroys
        # makes no attack (Temple High Guard's card ruling).
        _counterstrike_step(work, target, cs, attacker, source, result, first=True)
        cs = None
        if work.find(attacker.id) is None:
            return
    landed = False  # a strike on the target that was not avoided: a successful attack
    for i in range(n):
        at = attacker if reverse and i == 0 and attacker is not None else target
        if work.find(at.id) is None:
            break
        if attacker is not None and work.find(attacker.id) is None:
            break
        s = _strike(work, attacker, attack, at, source, role=_nth_strike(i, role),
                    first=first and i == 0,
                    moved=moved and i == 0, is_spell=is_spell,
                    use_defense=False if at is not target else use_defense,
                    barrier=barrier, zone_daze=zone_daze, credit=credit, report=report,
                    thirst=None if thirst is None
                    else thirst and not _thirst_taken(result, attacker),
                    daze=daze if i == 0 else None, blocked_by=blocked_by if i == 0 else None)
        if at is not target:
            s.steps.insert(0, f"  Reverse Attack: the attack strikes {name_of(work, at)} "
                              "itself.")
        _record(work, result, s)
        landed = landed or (at is target and not s.avoided)
        if s.push is not None and work.find(at.id) is not None:
            _after_push(work, s.push, s.side, at, source, result)
    if not reactions or not attack.is_melee or attacker is None:
        return
    # Damage barrier step, then counterstrike step (a destroyed object does neither).
    if work.find(target.id) is None or work.find(attacker.id) is None:
        return
    # A damage barrier answers only a successful melee attack: one that did not miss (a Daze
    # check, a Defense, a Reverse Attack) -- the complete codex and Reverse Attack's ruling.
    if target.side != attacker.side and landed:
        for b in _damage_barriers(work, target):
            if work.find(attacker.id) is None:
                return
            if not isinstance(b.dice, int):
                continue
            result.steps.append(f"Damage barrier: {b.name} of {name_of(work, target)} "
                                f"hits {name_of(work, attacker)}.")
            _sequence(work, target, b, attacker, source, result, role="damage barrier",
                      moved=False, is_spell=False, first=True, use_defense=True,
                      reactions=False, barrier=True)
    if work.find(attacker.id) is None or work.find(target.id) is None:
        return
    if cs is not None:
        _counterstrike_step(work, target, cs, attacker, source, result)


def _counterstrike_step(work: Board, target: Piece, cs: Attack, attacker: Piece,
                        source: DiceSource, result: AttackResult, first: bool = False) -> None:
    """``target`` counterstrikes ``attacker`` with ``cs``, if it still can (``first``: before
    the attack it answers is rolled)."""
    if target.zone != attacker.zone:  # pushed out of reach (Whirling Spirit's Windstorm)
        result.steps.append(f"{name_of(work, target)} is no longer in the attacker's zone "
                            "and cannot counterstrike.")
        return
    if work.incapacitated(target):
        result.steps.append(f"{name_of(work, target)} is Incapacitated and cannot counterstrike.")
        return
    result.steps.append(f"Counterstrike{' first' if first else ''}: {name_of(work, target)} "
                        f"strikes back with {cs.name}"
                        + (", before the attack is rolled." if first else "."))
    _sequence(work, target, cs, attacker, source, result, role="counterstrike", moved=False,
              is_spell=False, first=True, use_defense=True, reactions=False)


#: An attack trait that makes the number of attacks depend on the target's Level (Wall of
#: Thorns: as many attacks as the Level of the creature passing through, less one).
_LEVEL_LESS_ONE = r"(?i)equal to (?:their|its) level\s*-\s*1"  # (through re's cache, as _VS)


def level(board: Board, p: Piece) -> int:
    """An object's Level: ``stats.level`` of a homemade card (1 to 12; 1 when it gives none),
    else the card's (a mage is 6)."""
    own = p.stats.get("level")
    if isinstance(own, int) and not isinstance(own, bool) and 1 <= own <= 12:
        return own
    card = board.card_of(p)
    if isinstance(p, Mage) or (card is not None and card.type == "Mage"):
        return MAGE_LEVEL
    return card.level if card is not None else 1


def strike_count(board: Board, attack: Attack, target: Piece) -> int:
    """How many times ``attack`` strikes ``target``: once, twice with Doublestrike, three times
    with Triplestrike; an attack made "Level -1" times strikes that often (none at Level 1)."""
    if any(re.search(_LEVEL_LESS_ONE, t) for t in attack.traits):
        return max(0, level(board, target) - 1)
    return 1 + (1 if attack.has("Doublestrike") else 0) + (2 if attack.has("Triplestrike") else 0)


_ORDINALS = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def _nth_strike(i: int, role: str) -> str:
    """The role of the strike after ``i`` earlier ones: the first keeps ``role``."""
    if i == 0:
        return role
    return f"{_ORDINALS[i - 1]} strike" if i <= len(_ORDINALS) else f"strike {i + 1}"


def _record(work: Board, result: AttackResult, s: Strike) -> None:
    result.strikes.append(s)
    result.steps.extend(s.steps)
    target = work.find(s.target)
    gone = _apply_strike(work, s)
    if target is not None:
        s.damage_total = target.damage
    if s.target in gone:
        s.destroyed = True
        line = f"{s.target_card} ({s.target}) is destroyed."
        s.steps.append(line)
        result.steps.append(line)


def _damage_barriers(work: Board, p: Piece) -> list[Attack]:
    out = [a for a in work.attacks(p) if a.kind == "damage-barrier"]
    for name in p.enchantments:
        card = work.cat.find(name)
        if card is not None:
            out += [a for a in card.attacks if a.kind == "damage-barrier"]
    return out


def _counterstrike(work: Board, p: Piece) -> Attack | None:
    """The quick melee attack ``p`` counterstrikes with: one with the Counterstrike trait, or,
    for a guarding creature, its first quick melee attack."""
    quick = [a for a in work.attacks(p) if a.is_melee and a.action == "quick"
             and isinstance(a.dice, int)]
    for a in quick:
        if _has(attack_traits(work, p, a), "Counterstrike"):  # the card's, or Retaliate's
            return a
    if isinstance(p, Creature) and p.guarding and quick:
        return quick[0]
    return None


def attack_traits(board: Board, attacker: Piece | None, attack: Attack,
                  first: bool = True) -> list[str]:
    """The attack's traits (with the Eternal Servant's Piercing +1) plus, for a melee attack,
    those its attacker's enchantments and round effects give to melee attacks (Piercing +3,
    Unavoidable), and for a ranged attack that is not a zone attack, those given to ranged
    attacks (Sniper Shot)."""
    traits = list(attack.traits)
    if attacker is not None and attacker.extra:  # the Necromancer's Eternal Servant
        traits += mages.servant_traits(attacker)
    if attacker is not None and attack.is_melee:
        traits += board.grant_totals(attacker, "melee_traits")
        if not first:  # Perfect Strike, Piercing Strike: the next attack, not the whole action
            for name in once_markers(board, attacker):
                for t in (board.cat.get(name).dm.get("grants") or {}).get("melee_traits", []):
                    if t in traits:
                        traits.remove(t)
    if attacker is not None and attack.is_ranged and not (attack.zone or attack.kind == "zone"):
        traits += board.grant_totals(attacker, "ranged_traits")  # Sniper Shot
    return traits


def _has(traits: list[str], name: str) -> bool:
    if not traits:
        return False
    n = name.lower()
    return any(t.lower() == n or t.lower().startswith(n + " ") for t in traits)


def by_itself(attack: Attack, is_spell: bool) -> bool:
    """Whether a spell makes ``attack`` by itself, not its caster (Explode, a trap): neither a
    melee nor a ranged attack, so what touches the caster's attacks -- its Daze, Marked for
    Death on the target -- does not touch it (Explode's card rulings)."""
    return is_spell and attack.kind is None


def attack_dice(board: Board, attacker: Piece | None, attack: Attack, target: Piece, *,
                first: bool = True, moved: bool = False, is_spell: bool = False,
                barrier: bool = False, thirst: bool | None = None) -> tuple[int, list[str]]:
    """How many dice the attack rolls against ``target``, and why (``["Bite 4", "Melee +1"]``).

    ``thirst``: whether Bloodthirsty +X may still count in this attack action (the codex gives
    it to the first attack that can take it: a Doublestrike's second strike, when the first
    damaged a Living creature that had none); None: on the first strike only, as Melee +X."""
    assert attack.dice is not None, f"{attack.name} rolls no attack dice"
    base = int(attack.dice)
    parts = [f"{attack.name} {base}"]
    total = base

    def add(n: int, label: str) -> None:  # (called only for a nonzero n: labels cost)
        nonlocal total
        total += n
        parts.append(label)

    traits = attack_traits(board, attacker, attack)
    zone = attack.zone or attack.kind == "zone"
    if attacker is not None and not barrier:
        own = board.traits(attacker)
        if attack.is_melee and first:
            if n := trait_value(own, "Melee") or 0:
                add(n, f"Melee {_signed(n)}")
            if getattr(attacker, "guarding", False) \
                    and (n := FIRST_STRIKE_GUARDS.get(attacker.card, 0)):
                add(n, f"Melee {_signed(n)} (guarding)")
            if moved and (n := trait_value(own, "Charge") or 0):
                add(n, f"Charge {_signed(n)}")
        if attack.is_melee and (first if thirst is None else thirst):
            n = trait_value(own, "Bloodthirsty") or 0
            if n and is_creature(target) and board.is_living(target) and target.damage > 0:
                add(n, f"Bloodthirsty {_signed(n)} (damaged Living target)")
        if attack.is_ranged and not zone and first and (n := trait_value(own, "Ranged") or 0):
            add(n, f"Ranged {_signed(n)}")
    for t in traits:
        if n := vs_bonus(board, t, target) or 0:
            add(n, t)
    if n := damage_type_modifier(board, target, attack.damage_type):
        add(n, f"target's {attack.damage_type} {_signed(n)}")
    if _has(traits, "Extinguish") and (burn := target.conditions.get("Burn", 0)):
        add(-burn, f"Extinguish: {burn} Burn on the target {_signed(-burn)}")
    if any(t.lower().startswith(FEWER_BEYOND_1) for t in traits) and attacker is not None:
        if n := max(0, board.distance(attacker.zone, target.zone) - 1):
            add(-n, f"{counted(n, 'zone')} beyond 1 {_signed(-n)}")
    if attacker is not None and not is_spell and not barrier:
        if weak := attacker.conditions.get("Weak", 0):
            add(-weak, f"Weak {_signed(-weak)}")
        if (attack.is_melee or attack.is_ranged) and (n := board.attack_dice_modifier(attacker)):
            names = [e for e in [*attacker.enchantments, *attacker.conditions]
                     if (c := board.cat.find(e)) is not None and c.dm.get("grants", {}).get("attack_dice")]
            add(n, f"{' + '.join(names) or 'enchantments'} {_signed(n)}")
    # Marked for Death (a note's attacked_dice): attacks made by creatures only -- not by
    # conjurations, walls, damage barriers, nor a spell that attacks by itself (Explode).
    if first and attacker is not None and not barrier and is_creature(attacker) \
            and not by_itself(attack, is_spell):
        for name in target.enchantments:
            ench = board.cat.find(name)
            if n := int((ench.dm or {}).get("attacked_dice", 0)) if ench is not None else 0:
                add(n, f"target's {name} {_signed(n)}")
    if aegis := trait_max(board.traits(target), "Aegis") or 0:
        add(-aegis, f"target's Aegis {aegis} {_signed(-aegis)}")
    if total < 1:
        parts.append(f"never below 1 (would be {total})")
        total = 1
    return total, parts


def defense_modifier(board: Board, target: Piece) -> int:
    """What the target's Defense roll is moved by: -2 per Daze marker, -2 when Restrained."""
    return -2 * target.conditions.get("Daze", 0) - (2 if board.restrained(target) else 0)


def defense_chance(defense: Defense, modifier: int = 0) -> float:
    """The chance that a Defense of ``defense.roll``+ works, the d12 moved by ``modifier``.

    >>> from solo.cards.catalog import Defense
    >>> defense_chance(Defense(roll=8)), defense_chance(Defense(roll=8), -2)
    (0.4166666666666667, 0.25)
    """
    need = defense.roll - modifier
    return max(0, min(12, 13 - need)) / 12


def all_defenses(board: Board, p: Piece) -> list[tuple[Defense, bool]]:
    """The object's Defenses: its card's, its mage abilities' and equipment's, then those its
    enchantments give (a note's
    ``defense``, solo.automaton.spells), each with whether conditions leave it alone ("steady": it works
    while Incapacitated, and Daze or Restrained do not move its roll)."""
    out = [(d, False) for d in board.defenses(p)]  # the card's, its mage's and its equipment's
    for name in p.enchantments:
        ench = board.cat.find(name)
        extra = (ench.dm or {}).get("defense") if ench is not None else None
        if extra:
            out.append((Defense(int(extra["roll"]), extra.get("uses", 1), extra.get("restriction")),
                        bool(extra.get("steady"))))
    return out


def enchantment_defense(board: Board, p: Piece, index: int) -> tuple[str, dict] | None:
    """The enchantment that gives ``p`` its Defense number ``index`` (after the card's own),
    with its note's ``defense`` entry; None for the card's own Defenses."""
    i = len(board.defenses(p))
    for name in p.enchantments:
        ench = board.cat.find(name)
        extra = (ench.dm or {}).get("defense") if ench is not None else None
        if extra:
            if i == index:
                return name, extra
            i += 1
    return None


def choose_defense(board: Board, target: Piece, attack: Attack,
                   steady_only: bool = False) -> tuple[int, Defense] | None:
    """The Defense ``target`` uses against ``attack``: an unused one that the attack's kind
    allows, the best (lowest roll) first; None when it has none left.  ``steady_only``: only
    Defenses that conditions leave alone (an Incapacitated target)."""
    defenses = all_defenses(board, target)
    if not defenses:
        return None
    used = target.extra.get("defense_used", {}) or {}
    best = None
    for i, (d, steady) in enumerate(defenses):
        if steady_only and not steady:
            continue
        r = (d.restriction or "").lower()
        if (r == "no ranged" and attack.is_ranged) or (r == "no melee" and attack.is_melee):
            continue
        if d.uses != "unlimited" and int(used.get(str(i), 0)) >= int(d.uses):
            continue
        if best is None or d.roll < best[1].roll:
            best = (i, d)
    return best


def _strike(work: Board, attacker: Piece | None, attack: Attack, target: Piece,
            source: DiceSource, *, role: str, first: bool, moved: bool, is_spell: bool,
            use_defense: bool | DefenseChoice, barrier: bool, zone_daze: int | None,
            credit: str | None = None, report: Reported | None = None,
            thirst: bool | None = None, daze: int | None = None,
            blocked_by: str | None = None) -> Strike:
    zone = attack.zone or attack.kind == "zone"
    traits = attack_traits(work, attacker, attack, first=first)
    tname = name_of(work, target)
    side = attacker.side if attacker is not None else None
    s = Strike(role=role, attack=attack.name, kind=attack.kind,
               attacker=attacker.id if attacker is not None else None, target=target.id,
               side=side if credit is None else credit, target_card=target.card,
               reported=report is not None)
    if role == "attack":
        head = f"{tname}: attack dice" if zone else "  Attack dice:"
    else:
        head = f"{role[0].upper()}{role[1:]} at {tname}: attack dice"
    what = attack_label(work, attacker, attack, target, role)  # for a person rolling the dice

    if isinstance(attack.dice, int) and not isinstance(attack.dice, bool):
        s.dice, s.dice_parts = attack_dice(work, attacker, attack, target, first=first,
                                           moved=moved, is_spell=is_spell, barrier=barrier,
                                           thirst=thirst)
        s.steps.append(f"{head} {s.dice} ({', '.join(s.dice_parts)}).")
    elif attack.dice is not None:  # "X": only a reported attack gets here
        s.steps.append(f"{head} {attack.dice}, as its card says.")

    # Daze on the attacker (a zone attack checked once, before any target).
    if zone_daze is not None:
        s.daze_roll = zone_daze
        if zone_daze <= 6:
            s.missed = s.avoided = True
            s.steps.append("  Missed: the attacker's Daze check failed.")
            return s
    elif attacker is not None and not barrier and not by_itself(attack, is_spell) \
            and attacker.has_condition("Daze"):
        s.daze_roll = source.d12(f"{what}: Daze check (7 or more goes ahead)") \
            if daze is None else daze
        if s.daze_roll <= 6:
            s.missed = s.avoided = True
            s.steps.append(f"  {name_of(work, attacker)} is Dazed: effect die {s.daze_roll} "
                           "(6 or less): the attack misses.")
            return s
        s.steps.append(f"  {name_of(work, attacker)} is Dazed: effect die {s.daze_roll} "
                       "(7 or more): the attack goes ahead.")

    if immune_to_damage_type(work, target, attack.damage_type):
        s.immune = True
        s.steps.append(f"  {tname} has {attack.damage_type} Immunity: no damage, no effects.")
        _extinguish(work, s, target, traits)
        return s

    # Defense.
    unavoidable = zone or _has(traits, "Unavoidable")
    if blocked_by is not None and not unavoidable:  # a hidden Block, revealed: no roll
        s.avoided = True
        s.steps.append(f"  {tname}'s {blocked_by} avoids the attack.")
        return s
    if unavoidable:
        pass
    elif not use_defense:
        pass
    else:
        incapacitated = work.incapacitated(target)
        chosen = choose_defense(work, target, attack, steady_only=incapacitated)
        if chosen is None and incapacitated and all_defenses(work, target):
            s.steps.append(f"  {tname} is Incapacitated and cannot use its Defense.")
        steady = chosen is not None and all_defenses(work, target)[chosen[0]][1]
        mod = 0 if steady else defense_modifier(work, target)
        if chosen is not None and callable(use_defense) \
                and not use_defense(target, chosen[1], mod):
            s.steps.append(f"  {tname} does not use its Defense {chosen[1].roll}+.")
            chosen = None
        given = enchantment_defense(work, target, chosen[0]) if chosen is not None else None
        if chosen is not None and given and given[1].get("sure"):  # Block: no roll
            s.defense, s.defense_index = chosen[1].roll, chosen[0]
            s.avoided = True
            s.steps.append(f"  {tname}'s {given[0]} avoids the attack.")
            return s
        if chosen is not None:
            idx, d = chosen
            roll = source.d12(f"{what}: Defense {d.roll}+ of {label_of(work, target)}")
            s.defense, s.defense_index, s.defense_roll, s.defense_modifier = d.roll, idx, roll, mod
            shown = f"{roll}" + (f" {_signed(mod)} (Daze/Restrained) = {roll + mod}" if mod else "")
            if roll + mod >= d.roll:
                s.avoided = True
                s.steps.append(f"  {tname}'s Defense {d.roll}+: rolled {shown}: the attack is avoided.")
                return s
            s.steps.append(f"  {tname}'s Defense {d.roll}+: rolled {shown}: it fails.")
    if unavoidable:
        if all_defenses(work, target):
            s.steps.append(f"  {'Zone attacks are' if zone else 'The attack is'} Unavoidable: "
                           "no Defense.")

    # Attack dice, armor, damage.
    incorporeal = work.has_trait(target, "Incorporeal")
    ethereal = _has(traits, "Ethereal")
    if report is not None:
        s.normal, s.critical = report.damage(s, incorporeal and not ethereal)
        what_counts = "the 1s " if incorporeal and not ethereal else ""
        s.steps.append(f"  You rolled {what_counts}normal {s.normal}, critical {s.critical}.")
    else:
        s.faces = source.attack_dice(s.dice, f"{what}: {s.dice} attack dice")
        t = tally(s.faces)
        s.normal, s.critical = t.normal, t.critical
        faces = " ".join(f"[{f}]" for f in s.faces)
        s.steps.append(f"  Rolled {faces}: normal {s.normal}, critical {s.critical}.")
    piercing = trait_value(traits, "Piercing") or 0
    base_armor = 0 if incorporeal else work.armor(target)
    armor = max(0, base_armor - piercing)
    if _has(traits, "Critical Damage"):
        armor = 0
    if incorporeal and not ethereal:
        if report is not None:  # the person counted the 1s: normal 1s and critical 1s
            ones_n, ones_c = s.normal, s.critical
        else:
            ones_n = sum(1 for f in s.faces if f == "1")
            ones_c = sum(1 for f in s.faces if f == "1*")
        damage = ones_c + max(0, ones_n - armor)
        s.steps.append(f"  {tname} is Incorporeal: only the 1s count, {damage} damage.")
    else:
        damage = s.critical + max(0, s.normal - armor)
        note = f"armor {base_armor}"
        if piercing and base_armor:
            note += f", Piercing {piercing}: counts as {max(0, base_armor - piercing)}"
        if _has(traits, "Critical Damage"):
            note = "Critical Damage: armor does not apply"
        s.steps.append(f"  Against {note}: {s.critical} critical + {max(0, s.normal - armor)} "
                       f"normal = {damage} damage.")
    s.armor = armor
    if damage and work.has_trait(target, "Resilient"):
        kept = s.critical if not (incorporeal and not ethereal) else min(damage, ones_c)
        if kept < damage:
            s.steps.append(f"  {tname} is Resilient: only critical damage counts, {kept} damage.")
            damage = kept
    if _has(traits, "No Damage"):
        damage = 0
        s.steps.append("  The attack has No Damage: it deals none.")
    if damage and work.has_trait(target, "Indestructible"):
        damage = 0
        s.steps.append(f"  {tname} is Indestructible: it takes no damage.")
    if damage:
        kept, line = mages.shield(work, target, damage)
        if line:
            s.shielded = damage - kept
            damage = kept
            s.steps.append(line)  # type: ignore[arg-type]  # (a Said: solo.rules.mages)
            put(work, Note("dm", mages.SHIELD_USED, DELETE))  # set when the strike is put on
    s.damage = damage
    if damage and target.side == "ym" and HIDDEN in target.extra:
        _reveal_to_survive(work, s, target, tname)
    _extinguish(work, s, target, traits)
    if (_has(traits, "Devour") and is_creature(target) and work.is_corporeal(target)) \
            or target.has_condition("Zombie"):
        s.obliterate = True
    rage = trait_max(work.traits(target), "Rage") or 0
    if damage and rage and attacker is not None and is_creature(attacker) \
            and attacker.side != target.side and target.conditions.get("Rage", 0) < rage:
        s.rage = 1
        s.steps.append(f"  {tname} is enraged: it gains a Rage token (Melee +1 each, {rage} at most).")

    # Vampiric: the attacker heals half the damage it caused to a Living creature.
    if first and damage and attacker is not None and _has(traits, "Vampiric") \
            and is_creature(target) and work.is_living(target):
        counted = min(damage, max(0, work.remaining_life(target)))
        hurt = attacker.damage
        if attacker.id == target.id:  # its own attack turned back on it (Reverse Attack): it
            # takes the damage first, and heals only if that leaves it standing (the ruling)
            hurt = 0 if damage >= work.remaining_life(target) else hurt + damage
        s.healed = min(math.ceil(counted / 2), hurt) if can_heal(work, attacker) else 0
        if s.healed:
            s.steps.append(f"  Vampiric: {name_of(work, attacker)} heals {s.healed}.")

    drain = trait_value(traits, "Mana Drain") or trait_value(traits, "Mana Transfer") or 0
    if first and damage and drain and target.side != side:
        s.steps.append(f"  Mana Drain +{drain}: " + (
            f"your side loses {drain} mana, if it has any." if target.side == "ym"
            else "the Dummy Mage has no mana to lose."))

    # Effects: nothing to roll for when the strike destroys the target (or fells a mage).
    lethal = damage > 0 and work.life(target) > 0 \
        and work.wounds(target) + damage >= work.life(target) \
        and not work.has_trait(target, "Indestructible")
    # A reported attack is asked for its markers even without an effect table: its card's
    # text may give some.
    if lethal or (not attack.effects and report is None):
        return s
    if incorporeal and not ethereal:
        s.steps.append(f"  {tname} is Incorporeal: no effects from a non-Ethereal attack.")
        return s
    rolled: list[str] = []
    if report is not None:
        rolled = list(report.markers(s))
        s.steps.append("  You report " + (", ".join(rolled) if rolled else "no markers") + ".")
    else:
        tough = trait_value(work.traits(target), "Tough") or 0
        dmod = damage_type_modifier(work, target, attack.damage_type)
        ext = -s.extinguished
        held = 4 if any(t.lower() == RESTRAINED_PLUS_4.lower() for t in traits) \
            and (work.restrained(target) or work.incapacitated(target)) else 0
        s.effect_roll = source.d12(f"{what}: effect die")
        s.effect_modifier = tough + dmod + ext + held
        total = s.effect_roll + s.effect_modifier
        mods = "".join(f" {_signed(v)} ({why})" for v, why in
                       ((tough, "Tough"), (dmod, attack.damage_type or ""), (ext, "Extinguish"),
                        (held, "Restrained or Incapacitated target")) if v)
        for e in attack.effects:
            if e.covers(total):
                rolled = list(e.conditions)
                break
        shown = f"{s.effect_roll}{mods}" + (f" = {total}" if mods else "")
        s.steps.append(f"  Effect die {shown}: " + (", ".join(rolled) if rolled else "no effect") + ".")
    corrode_room = work.armor(target)
    for c in rolled:
        if c == "Push":
            _push(work, s, target, source)
            continue
        if c == "Snatch":
            _snatch(work, s, attacker, target, source)
            continue
        if c == "Corrode" and condition_block(work, target, c) is None:
            if corrode_room > 0:
                corrode_room -= 1
            else:
                s.acid += 1
                continue
        if c == "Slam" and (work.unmovable(target) and not isinstance(target, Conjuration)):
            s.steps.append(f"  {tname} is Unmovable: Daze instead of Slam.")
            c = "Daze"
        why_not = condition_block(work, target, c)
        if c == "Taunt" and why_not is None and attacker is not None:
            why_not = taunt_block(work, attacker.card, target)
        if why_not:
            s.ignored.append(c)
            s.steps.append(f"  No {c}: {why_not}.")
        else:
            s.conditions.append(c)
    if s.conditions:
        s.steps.append(f"  {tname} gains " + ", ".join(s.conditions) + ".")
    if s.acid:
        s.steps.append(f"  Its armor is already 0: {s.acid} Corrode become {s.acid} direct acid "
                       "damage instead.")
    return s


def _extinguish(work: Board, s: Strike, target: Piece, traits: list[str]) -> None:
    """An Extinguish attack removes every Burn marker from its target."""
    burn = target.conditions.get("Burn", 0)
    if burn > 0 and _has(traits, "Extinguish"):
        s.extinguished = burn
        s.steps.append(f"  Extinguish: remove the {counted(burn, 'Burn marker')} of "
                       f"{name_of(work, target)}.")


def _snatch(work: Board, s: Strike, attacker: Piece | None, target: Piece,
            source: DiceSource) -> None:
    """Snatch: the target is Pushed one zone closer to the attacker (not Unmovable or
    Uncontainable ones); a wall that blocks passage on the way Bashes it, as a Push would."""
    tname = name_of(work, target)
    if attacker is None or work.find(attacker.id) is None or attacker.zone == target.zone:
        s.steps.append(f"  Snatch: {tname} is already in the attacker's zone.")
        return
    if work.unmovable(target) or work.has_trait(target, "Uncontainable"):
        s.steps.append(f"  Snatch: {tname} is Unmovable or Uncontainable and stays put.")
        return
    start = target.zone
    here = work.distance(start, attacker.zone)
    closer = [n for n in work.arena.neighbours(start) if work.distance(n, attacker.zone) < here]
    dest = closer[0] if len(closer) == 1 else source.choose(
        closer, f"{s.attack} snatches {label_of(work, target)}: which zone closer")
    direction = work.arena.direction(start, dest)
    push = Push(roll=0, direction=direction, start=start, to=start, flying=work.flying(target))
    walls = [] if push.flying else work.geometry().walls_between(start, dest)
    blocked = [w for w in walls if w.passage_blocked]
    if blocked:
        push.blocked_by = blocked[0].id
        s.steps.append(f"  Snatch: {tname} is pulled into {name_of(work, work.get(blocked[0].id))} "
                       "(Passage Blocked) and is Bashed.")
    else:
        push.to = dest
        s.steps.append(f"  Snatch: {tname} is pulled from {start} to {dest}, toward the attacker.")
    s.push = push


def push_to(board: Board, target: Piece, roll: int, direction: str,
            through: bool = True) -> Push:
    """Where a Push ``direction`` takes ``target``: the next zone that way, or (``blocked_by``)
    nowhere when the arena's edge, which stops Flying creatures too, or a Passage Blocked wall,
    which they fly over, is in the way: then it is Bashed.  Not ``through`` (Cascading Force
    Wave's card): a Passage Attacks wall in the way keeps a walker where it is, unharmed."""
    start = target.zone
    dest = board.arena.step(start, direction)
    push = Push(roll=roll, direction=direction, start=start, to=start,
                flying=board.flying(target))
    if dest is None:
        push.blocked_by = "the arena edge"
        return push
    walls = [] if push.flying else board.geometry().walls_between(start, dest)
    blocked = [w for w in walls if w.passage_blocked]
    if blocked:
        push.blocked_by = blocked[0].id
    elif through or not any(w.passage_attacks for w in walls):
        push.to = dest
    return push


def _push(work: Board, s: Strike, target: Piece, source: DiceSource) -> None:
    tname = name_of(work, target)
    if work.unmovable(target):
        s.steps.append(f"  Push: {tname} is Unmovable and stays put.")
        return
    roll, direction = source.compass(f"{s.attack} pushes {label_of(work, target)}: direction "
                                     "(1-3 north, 4-6 east, 7-9 south, 10-12 west)")
    push = s.push = push_to(work, target, roll, direction)
    head = f"  Push: compass {roll} = {direction}; {tname}"
    if push.blocked_by == "the arena edge":
        s.steps.append(f"{head} is pushed into the arena edge and is Bashed.")
    elif push.blocked_by is not None:
        s.steps.append(f"{head} is pushed into {name_of(work, work.get(push.blocked_by))} "
                       "(Passage Blocked) and is Bashed.")
    else:
        s.steps.append(f"{head} moves from {push.start} to {push.to}.")


def _after_push(work: Board, push: Push, credit: str | None, target: Piece, source: DiceSource,
                result: AttackResult) -> None:
    """A Bash after a blocked Push (credited to the pusher's side, ``credit``); Passage Attacks
    of walls a pushed creature crosses on foot (a Flying one flies over them: Force Push's
    card rulings)."""
    if push.blocked_by is not None:
        _sequence(work, None, BASH, target, source, result, role="bash", moved=False,
                  is_spell=False, first=True, use_defense=False, reactions=False, credit=credit)
        return
    if push.to == push.start or push.flying:
        return
    for w in work.geometry().walls_between(push.start, push.to):
        wall = work.get(w.id)
        a = passage_attack(work, wall, target) if w.passage_attacks else None
        if a is not None:
            result.steps.append(f"Passage attack: {name_of(work, wall)} attacks "
                                f"{name_of(work, target)} as it is pushed through.")
            _sequence(work, wall, a, target, source, result, role="passage attack",
                      moved=False, is_spell=False, first=True, use_defense=True,
                      reactions=False, barrier=True)


def resolve_push(board: Board, target: Piece, push: Push, source: DiceSource,
                 credit: str | None) -> AttackResult:
    """What follows a Push that no attack made (a spell's), once ``target`` stands where
    ``push`` took it (:func:`push_to`): the Bash when something stopped it, or the attack of
    each Passage Attacks wall it was pushed through on foot.  ``credit``: the pusher's side.
    The board is not changed (see :func:`apply`)."""
    work = board.copy({target.id})
    result = AttackResult(attack=BASH.name if push.blocked_by else "Push", attacker=None,
                          target=target.id)
    _after_push(work, push, credit, _on(work, target), source, result)
    return _finish(result)


def passage_attack(board: Board, wall: Piece, mover: Piece) -> Attack | None:
    """The attack a Passage Attacks wall makes on ``mover`` passing through it: its first
    passage attack that solo can roll and that strikes ``mover`` at least once (Wall of Thorns
    leaves a Level 1 creature alone); None when there is none."""
    for a in board.attacks(wall):
        if a.kind == "passage" and isinstance(a.dice, int) and not isinstance(a.dice, bool) \
                and strike_count(board, a, mover) > 0:
            return a
    return None


# -- putting results on the board ------------------------------------------------------------


def _reveal_to_survive(work: Board, s: Strike, target: Piece, tname: str) -> None:
    """Your face-down enchantment that adds life (Bull Endurance), revealed at the end of the
    Roll Dice step when the strike's damage would destroy its holder and the added life saves
    it (its card ruling): on the attack's copy at once, so the rest of the attack counts it."""
    wounds, life = work.wounds(target) + s.damage, work.life(target)
    if wounds < life or work.has_trait(target, "Indestructible"):
        return
    for name in yours.hidden_on(target):
        card = work.cat.find(name)
        more = yours.life_bonus(card)
        if more and wounds < life + more:
            yours.turn_up(work, target, name)
            s.revealed = name
            paid = f" and pay its {card.reveal_cost} mana" if card and card.reveal_cost else ""
            s.steps.append(f"  Reveal your {name} on {tname}{paid}: with +{more} "
                           f"life it survives the {s.damage} damage.")
            return


def _apply_strike(board: Board, s: Strike) -> list[str]:
    """Put one strike on ``board``; returns the ids it destroyed."""
    t = board.own(s.target)
    if t is None:
        return []
    if s.shielded:
        put(board, Note("dm", mages.SHIELD_USED, board.round))
    if s.defense_index is not None:
        used = dict(t.extra.get("defense_used") or {})
        key = str(s.defense_index)
        used[key] = int(used.get(key, 0)) + 1
        put(board, Note(t.id, "defense_used", used))
        given = enchantment_defense(board, t, s.defense_index)
        if given and given[1].get("spent"):  # Block goes once it has been used
            put(board, Disenchant(t.id, given[0]))
            if t.side == "dm":  # the Dummy Mage's own card
                put(board, Discard("enchantment", given[0]))
    if s.melee and isinstance(t, Creature) and s.role not in ("damage barrier",) and t.guarding:
        put(board, SetGuard(t.id, False))
    if s.revealed is not None:
        turn_up(board, t, s.revealed)
    take_damage(board, t, s.damage)
    take_damage(board, t, s.acid)
    for c in s.conditions:
        gain(board, t, c)
    if s.extinguished:
        put(board, RemoveMarkers(t.id, "Burn"))
    if s.rage:
        put(board, AddMarkers(t.id, "Rage", s.rage))
    if s.healed and s.attacker is not None:
        a = board.own(s.attacker)
        if a is not None:
            heal(board, a, s.healed)
    if s.push is not None and s.push.to != s.push.start:
        put(board, Move(t.id, s.push.to))
    return [t.id] if destroy_if_dead(board, t, s.side, s.obliterate) else []


def apply(board: Board, result: AttackResult) -> Applied:
    """Put an :class:`AttackResult` on ``board``: damage, conditions, pushes, healing, Defense
    uses, guard markers, destroyed objects (removed; tally kept in ``board.extra["tally"]``)."""
    out = Applied()
    if "tally" not in board.extra:
        put(board, AddTally(Side.DM, 0))
    for s in result.strikes:
        hit = board.find(s.target)
        card = hit.card if hit else None
        for gone in _apply_strike(board, s):
            out.destroyed.append(gone)
            if s.obliterate or (hit is not None and hit.has_condition("Zombie")):
                out.lines.append(f"Remove {card} ({gone}) from the game: it is obliterated "
                                 "(it goes to no discard pile).")
            else:
                out.lines.append(f"Remove {card} ({gone}) from the arena: it is destroyed.")
            if hit is not None:
                out.lines += mages.after_destroy(  # type: ignore[arg-type]  # (Said lines)
                    board, board.find(s.attacker or ""), hit, s.melee)
        striker = board.find(s.attacker) if s.role == "counterstrike" and s.attacker else None
        if striker is None:
            continue
        for name in once_markers(board, striker):  # its next melee attack was this one
            put(board, RemoveMarkers(striker.id, name))
            out.lines.append(f"{cap(label_of(board, striker))} has counterstruck: {name} is "
                             "used up; remove it.")
        for name in list(striker.enchantments):
            ench = board.cat.find(name)
            if ench is not None and ench.dm.get("ends") == "counterstrike":  # Retaliate
                put(board, Disenchant(striker.id, name))
                if striker.side == "dm":
                    put(board, Discard("enchantment", name))
                out.lines.append(f"{cap(label_of(board, striker))} has counterstruck: destroy {name}.")
    out.lines += _unveiled(board, result)
    if result.once_used and result.attacker is not None:
        a = board.find(result.attacker)
        if a is not None:
            used = list(a.extra.get("once_used") or [])
            fresh = [n for n in dict.fromkeys(result.once_used) if n not in used]
            if fresh or "once_used" not in a.extra:
                put(board, Note(a.id, "once_used", used + fresh))
    for side, mage in board.mages.items():
        if board.wounds(mage) >= board.life(mage) and any(s.target == side for s in result.strikes):
            out.defeated.append(side)
            out.lines.append(f"{cap(name_of(board, mage))} has {mage.damage} damage, reaching its "
                             f"life of {board.life(mage)}.")
    return out
