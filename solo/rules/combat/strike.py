"""One strike: one roll of attack dice against one object, worked out on the attack's copy of the
board (or on the board itself, which it then leaves as it is), in the game's order.

1. dice: the attack's dice and every modifier (:func:`~solo.rules.combat.modifiers.attack_dice`);
2. a Dazed attacker rolls the effect die: 7 or more hits, 6 or less misses;
3. the target's Defense, unless the attack is Unavoidable or a zone attack, or the target is
   Incapacitated (-2 per Daze marker on it, -2 when Restrained);
4. the attack dice: criticals ignore armor, Piercing lowers armor (never below 0), Incorporeal
   targets count only the 1s of non-Ethereal attacks, Immunity and Indestructible stop damage;
5. the effect die, moved by the target's Tough -X and damage-type modifier, gives conditions
   (those the target is immune to are dropped) and Push (compass roll; into the arena edge or a
   Passage Blocked wall the creature is Bashed).

A person's reported dice (:class:`~solo.rules.combat.results.Reported`) stand in for the rolls
of steps 4 and 5.  Every line is a :class:`Said` (``strike.*``; the labels of the dice asked
for are ``roll.*``), worded in :mod:`solo.text.combat`.
"""

from __future__ import annotations

from typing import Final

import math

from solo.cards.catalog import Attack, Defense, names_in, trait_max, trait_value
from solo.core.kinds import DM, YM, Side
from solo.rules import mages, yours
from solo.rules.abilities import bonuses, restrictions
from solo.rules.board import HIDDEN, Board, Conjuration, Piece
from solo.rules.combat.conditions import (condition_block, immune_to_damage_type, is_creature,
                                          spared_by, taunt_block)
from solo.rules.combat.modifiers import (RESTRAINED_PLUS_4, all_defenses, attack_dice,
                                         attack_traits, by_itself, choose_defense,
                                         damage_type_modifier, defense_chance, defense_modifier,
                                         enchantment_defense)
from solo.rules.combat.push import push_effect, snatch
from solo.rules.combat.results import DefenseChoice, Reported, Strike
from solo.rules.dice import FACE_POINTS, DiceSource, points
from solo.rules.effects import DELETE, Note
from solo.rules.effects import apply as put
from solo.rules.harm import can_heal
from solo.rules.said import Said, Who, said_with



#: The names of no traits (most attacks have none).
_NO_NAMES: Final[frozenset[str]] = frozenset()
#: The trait that adds 4 to the effect die against a held target, as the names have it.
_RESTRAINED_PLUS_4: Final = RESTRAINED_PLUS_4.lower()
#: :func:`names_in` of a strike's traits, by the traits: an attack's traits are the same from
#: strike to strike, so each set is worked out once, not once a strike.
_NAMES: Final[dict[tuple[str, ...], frozenset[str]]] = {}


#: Each piece as lines and dice labels name it (:class:`Who`), by its id: made again only when
#: the card or side under the id is not the one named (a piece that changes sides, an id of
#: another game), so an attack names its attacker and target without making them each time (a
#: Who made costs some 2,000 instructions, one found some 300).  An id names a mage only as its
#: side, so whether it is a mage goes with the id.
_WHOS: Final[dict[str, Who]] = {}


def named(p: Piece) -> Who:
    """``Who.of(p)``, found among the pieces named before when it is the same (see _WHOS)."""
    who = _WHOS.get(p.id)
    if who is None or who.card != p.card or who.side != p.side:
        if len(_WHOS) > 1024:  # (a game names some dozens of pieces)
            _WHOS.clear()
        who = _WHOS[p.id] = Who(p.id, p.card, p.side, p.kind == "mage")
    return who


def _names(traits: list[str]) -> frozenset[str]:
    key = tuple(traits)
    known = _NAMES.get(key)
    if known is None:
        if len(_NAMES) > 1024:  # (a person's own cards could bring any number of traits)
            _NAMES.clear()
        known = _NAMES[key] = names_in(key)
    return known


class Blow:
    """One strike being worked out: the board, who strikes whom with what and in which role,
    the attack's traits, a person's report of the dice, and the target as lines name it."""

    __slots__ = ("work", "attacker", "attack", "target", "source", "traits", "role", "report",
                 "zone", "who", "by", "only_ones", "first", "names", "target_names", "quiet")

    def __init__(self, work: Board, attacker: Piece | None, attack: Attack, target: Piece,
                 source: DiceSource, traits: list[str], role: str,
                 report: Reported | None, names: tuple[Who, Who] | None = None,
                 quiet: bool = False) -> None:
        self.work = work
        self.attacker = attacker
        self.attack = attack
        self.target = target
        self.source = source
        self.traits = traits
        #: what :func:`has_named` answers yes to among ``traits``, lower-case: asked of a strike
        #: several times (``"unavoidable" in b.names``), worked out once
        self.names = _names(traits) if traits else _NO_NAMES
        self.role = role
        self.report = report
        self.zone = bool(attack.zone or attack.kind == "zone")  # a zone attack
        #: the attacker and the target, as lines name them (as the attack's first line named
        #: them, when ``names`` are given: see one_strike)
        self.by: Who | None = names[0] if names is not None \
            else named(attacker) if attacker is not None else None
        self.who = names[1] if names is not None else named(target)
        #: an Incorporeal target of a non-Ethereal attack: only the 1s count, and no effects
        self.only_ones = False
        self.first = True  # the first strike of the attack action
        #: the target's trait names (:meth:`Board.trait_names`), read once for the traits a
        #: strike asks of it (Aegis, Incorporeal, Resilient, Indestructible, Rage): nothing
        #: changes the target before its damage is known (a reveal to survive that damage, in
        #: _after_damage, is the first change a strike makes to it; the Voltaric Shield's note
        #: is the Dummy Mage's, and no trait reads it)
        self.target_names = work.trait_names(target)
        #: the attack is worked out for a game nobody reads (:attr:`AttackResult.quiet`): the
        #: lines every strike would make (its dice, roll, armor, Defense, effect die, markers)
        #: are not made; its dice's labels are, as the luck reads them
        self.quiet = quiet

    def roll(self, code: str, **facts: object) -> Said:
        """The label of a die this strike asks for (``roll.*``): who attacks whom with what."""
        label: dict[str, object] = {"by": self.by, "attack": self.attack.name, "at": self.who,
                                    "role": self.role}
        if facts:
            label.update(facts)
        return said_with(code, label)  # (the lines made for every strike: see said_with)


def one_strike(work: Board, attacker: Piece | None, attack: Attack, target: Piece,
               source: DiceSource, role: str, first: bool, moved: bool, is_spell: bool,
               use_defense: bool | DefenseChoice, quiet: bool, *, barrier: bool,
               zone_daze: int | None,
               credit: str | None = None, report: Reported | None = None,
               thirst: bool | None = None, daze: int | None = None,
               blocked_by: str | None = None, names: tuple[Who, Who] | None = None) -> Strike:
    """One strike of ``attack`` on ``target``, worked out on ``work`` (which it may change: a
    reveal, the Voltaric Shield's note); the strike is not put on the board (see
    :func:`solo.rules.combat.applying.apply_strike`).  The arguments are
    :func:`solo.rules.combat.sequence.attack_sequence`'s; ``names``: the attacker and the
    target as the attack's first line named them, when the caller has them (a name is the
    same until the attack is over: nothing in it changes an id, card or side); ``quiet``: no
    lines made for the strikes of a game nobody reads (see :class:`Blow`)."""
    if attacker is not None and attacker.conditions:  # (round effects: markers on it)
        attack = bonuses.attack_now(work, attacker, attack)  # Flame Strike, Lightning Strike
    gained = bonuses.gained(work, attacker, attack, target, role=role)
    own = attack_traits(work, attacker, attack, first=first)
    b = Blow(work, attacker, attack, target, source,
             own + [str(g["trait"]) for g in gained] if gained else own, role, report, names,
             quiet)
    b.first = first
    side = attacker.side if attacker is not None else None
    # (the first fields by place, none by name: a class called with a name makes a dictionary
    # of it, and there are 43 names to match)
    s = Strike(role, attack.name, attack.kind, attacker.id if attacker is not None else None,
               target.id, side if credit is None else credit, target.card)
    if report is not None:
        s.reported = True
    if attack.counted:  # step 1: how many dice (_count_dice's common case, without its call)
        s.dice, s.dice_parts = attack_dice(work, attacker, attack, target, first=first,
                                           moved=moved, is_spell=is_spell, barrier=barrier,
                                           thirst=thirst, role=role,
                                           traits=own if first else None,
                                           target_names=b.target_names)
        if not quiet:  # (a game nobody reads: see Blow)
            s.steps.append(said_with("strike.dice", {"role": role, "zone": b.zone,
                                                     "target": b.who, "dice": s.dice,
                                                     "parts": list(s.dice_parts)}))
    else:
        _count_dice(b, s)
    s.steps += gained
    # (a once-a-round ability is among the gained traits or the dice after the base: most
    # strikes have neither, and ask nothing)
    s.uses = bonuses.uses([*gained, *s.dice_parts]) if gained or len(s.dice_parts) > 1 else []
    # (_misses' tests first: only a zone attack's Daze check or an attacker's marker (Daze) or
    # enchantment (Blind) makes a strike miss)
    if (zone_daze is not None or attacker is not None
            and (attacker.conditions or attacker.enchantments)) \
            and _misses(b, s, zone_daze, daze, barrier=barrier, is_spell=is_spell):
        return s
    if attack.damage_type and immune_to_damage_type(work, target, attack.damage_type):
        s.immune = True
        s.steps.append(Said("strike.immune", target=b.who, type=attack.damage_type))
        _extinguish(b, s)
        return s
    spared = spared_by(work, target, attack.name) if is_spell else None
    if spared is not None:  # Tsunami's card: Flying creatures are immune to it
        s.immune = True
        s.steps.append(Said("strike.spared", target=b.who, kind=spared, attack=attack.name))
        return s
    # (_avoided's first tests written out: most strikes are avoidable, with no Block revealed)
    if blocked_by is not None or b.zone or "unavoidable" in b.names:
        if _avoided(b, s, use_defense, blocked_by):
            return s
    elif use_defense and _defend(b, s, use_defense):
        return s
    damage, critical_ones = _roll_damage(b, s)
    # (no damage, nothing to stop: only No Damage says so all the same)
    s.damage = _stop_damage(b, s, damage, critical_ones) if damage or "no damage" in b.names \
        else 0
    # (_after_damage's first tests: it does nothing without damage, the attack's trait names
    # or the target's markers)
    if s.damage or b.names or target.conditions:
        _after_damage(b, s, first, side)
    # (_effects_apply's first test written out: many attacks have no effect table)
    if (attack.effects or report is not None) and _effects_apply(b, s):
        _place(b, s, _effect_roll(b, s, moved))
    return s


def _count_dice(b: Blow, s: Strike) -> None:
    """Step 1 for an attack without a number of dice (counted ones: :func:`one_strike`): an
    "X" attack, only ever reported, rolls what its card says."""
    attack = b.attack
    if attack.dice is not None:  # "X": only a reported attack gets here
        s.steps.append(Said("strike.dice-by-card", role=b.role, zone=b.zone, target=b.who,
                            dice=attack.dice))


def _misses(b: Blow, s: Strike, zone_daze: int | None, daze: int | None, *, barrier: bool,
            is_spell: bool) -> bool:
    """Step 2: Daze on the attacker (a zone attack checked once, before any target); whether
    the strike missed."""
    if zone_daze is not None:
        s.daze_roll = zone_daze
        if zone_daze <= 6:
            s.missed = s.avoided = True
            s.steps.append(Said("strike.zone-daze-missed"))
            return True
        return False
    attacker = b.attacker
    if attacker is None or barrier or (is_spell and by_itself(b.attack, is_spell)):
        return False
    if attacker.conditions and attacker.has_condition("Daze"):
        s.daze_roll = b.source.d12(b.roll("roll.daze")) if daze is None else daze
        if s.daze_roll <= 6:
            s.missed = s.avoided = True
        s.steps.append(Said("strike.daze", by=Who.of(attacker), roll=s.daze_roll))
    if not s.missed and attacker.enchantments and restrictions.blind(b.work, attacker):
        # Blind: the effect die in the Roll to Miss step, as a Daze check (its card)
        roll = b.source.d12(b.roll("roll.blind"))
        s.missed = s.avoided = roll <= 6
        s.steps.append(Said("strike.blind", by=Who.of(attacker), roll=roll))
    return s.missed


def _avoided(b: Blow, s: Strike, use_defense: bool | DefenseChoice,
             blocked_by: str | None) -> bool:
    """Step 3: a hidden Block revealed, or the target's Defense; whether the strike was
    avoided."""
    unavoidable = b.zone or "unavoidable" in b.names
    if blocked_by is not None and not unavoidable:  # a hidden Block, revealed: no roll
        s.avoided = True
        s.steps.append(Said("strike.avoided-by", target=b.who, card=blocked_by))
        return True
    if unavoidable:
        if all_defenses(b.work, b.target):
            s.steps.append(Said("strike.unavoidable", zone=b.zone))
        s.spent = _sure_defense(b.work, b.target)
        if s.spent is not None:  # Block: destroyed without effect (its card)
            s.steps.append(Said("strike.spent-by-unavoidable", target=b.who, card=s.spent))
        return False
    return bool(use_defense) and _defend(b, s, use_defense)


def _defend(b: Blow, s: Strike, use_defense: bool | DefenseChoice) -> bool:
    """The target tries its best Defense left (the one conditions leave alone, when it is
    Incapacitated); a :data:`DefenseChoice` may decline it."""
    work, target = b.work, b.target
    defenses = all_defenses(work, target)
    if not defenses:  # (many targets: nothing to try, and nothing more asked)
        return False
    incapacitated = work.incapacitated(target)
    chosen = choose_defense(work, target, b.attack, steady_only=incapacitated,
                            attacker=b.attacker, defenses=defenses)
    if chosen is None:  # (none left: nothing to offer or roll)
        if incapacitated:
            s.steps.append(Said("strike.incapacitated", target=b.who))
        return False
    steady = defenses[chosen[0]][1]
    mod = 0 if steady else defense_modifier(work, target)
    more = bonuses.defense_bonus(work, target, chosen[0])
    bonus = sum(int(m["n"]) for m in more) if more else 0
    mod += bonus
    s.steps += more
    idx, d = chosen
    if callable(use_defense) and not use_defense(target, d, mod, _offer(b, s, d, mod, bonus)):
        s.steps.append(Said("strike.defense-declined", target=b.who, need=d.roll))
        return False
    # (only an enchantment gives a Defense that is not the card's own)
    given = enchantment_defense(work, target, idx) if target.enchantments else None
    if given and given[1].get("sure"):  # Block: no roll
        s.defense, s.defense_index = d.roll, idx
        s.avoided = True
        s.steps.append(Said("strike.avoided-by", target=b.who, card=given[0]))
        return True
    # (Blow.roll's label written out, in its order: most strikes roll a Defense)
    roll = b.source.d12(said_with("roll.defense", {"by": b.by, "attack": b.attack.name,
                                                   "at": b.who, "role": b.role, "need": d.roll}))
    s.defense, s.defense_index, s.defense_roll, s.defense_modifier = d.roll, idx, roll, mod
    s.avoided = roll + mod >= d.roll
    if not b.quiet:  # (a game nobody reads: see Blow)
        s.steps.append(Said("strike.defense", target=b.who, need=d.roll, roll=roll, mod=mod,
                            avoided=s.avoided, bonus=bonus))
    return s.avoided


def _offer(b: Blow, s: Strike, d: Defense, mod: int, bonus: int = 0) -> Said:
    """The Defense offered, as a person is asked about it: who attacks the target with what
    (where the attacker stands), the attack dice counted so far, the Defense and its chance
    (``bonus``: the part of ``mod`` card text gives)."""
    where = b.attacker.zone if b.attacker is not None else None
    return b.roll("defense.offer", zone=where, dice=s.dice, parts=list(s.dice_parts),
                  need=d.roll, mod=mod, chance=defense_chance(d, mod), bonus=bonus)


def _roll_damage(b: Blow, s: Strike) -> tuple[int, int]:
    """Step 4: the attack dice (rolled, or as a person reported them) against armor, Piercing,
    Critical Damage and Incorporeal; the damage, and the critical 1s among it (what Resilient
    keeps of an Incorporeal target's)."""
    work, target = b.work, b.target
    incorporeal = "incorporeal" in b.target_names  # (has_trait's answer: see Blow)
    b.only_ones = only_ones = incorporeal and not "ethereal" in b.names
    if b.report is not None:
        s.normal, s.critical = b.report.damage(s, only_ones)
        s.steps.append(Said("strike.reported-dice", ones=only_ones, normal=s.normal,
                            critical=s.critical))
    else:
        # (Blow.roll's label written out, in its order: every strike rolls its attack dice)
        s.faces = faces = b.source.attack_dice(s.dice, said_with("roll.attack-dice", {
            "by": b.by, "attack": b.attack.name, "at": b.who, "role": b.role, "dice": s.dice}))
        normal = critical = 0  # (points, written out: every face a source rolls is a die's)
        for f in faces:
            n, c = FACE_POINTS[f]
            normal += n
            critical += c
        s.normal, s.critical = normal, critical
        if not b.quiet:  # (a game nobody reads: see Blow)
            s.steps.append(said_with("strike.rolled", {"faces": list(s.faces),
                                                       "normal": s.normal,
                                                       "critical": s.critical}))
        # (asked only when it may answer: fewer points than dice, and Akiro's Favor is an
        # enchantment on the attacker)
        again = bonuses.reroll(work, b.attacker, b.attack, first=b.first, dice=s.dice,
                               points=s.normal + s.critical) \
            if s.normal + s.critical < s.dice and b.attacker is not None \
            and b.attacker.enchantments else None
        if again is not None:  # Akiro's Favor: the second roll stands
            s.uses.append(str(again["card"]))
            s.steps.append(again)
            s.faces = b.source.attack_dice(s.dice, b.roll("roll.attack-dice", dice=s.dice,
                                                          again=True))
            s.normal, s.critical = points(s.faces)
            s.steps.append(Said("strike.rolled", faces=list(s.faces), normal=s.normal,
                                critical=s.critical))
    piercing = (trait_value(b.traits, "Piercing") or 0) if b.traits else 0
    more = [] if incorporeal else bonuses.armor(work, b.attacker, target)
    s.steps += more
    base_armor = 0 if incorporeal \
        else work.armor(target) + (sum(int(m["n"]) for m in more) if more else 0)
    armor = max(0, base_armor - piercing)
    critical_damage = "critical damage" in b.names
    if critical_damage:
        armor = 0
    s.armor = armor
    if not only_ones:
        damage = s.critical + max(0, s.normal - armor)
        if not b.quiet:  # (a game nobody reads: see Blow)
            s.steps.append(said_with("strike.armor", {
                "armor": base_armor, "piercing": piercing, "critical_damage": critical_damage,
                "critical": s.critical, "normal": max(0, s.normal - armor), "damage": damage}))
        return damage, 0
    if b.report is not None:  # the person counted the 1s: normal 1s and critical 1s
        ones_n, ones_c = s.normal, s.critical
    else:
        ones_n = sum(1 for f in s.faces if f == "1")
        ones_c = sum(1 for f in s.faces if f == "1*")
    damage = ones_c + max(0, ones_n - armor)
    s.steps.append(Said("strike.incorporeal", target=b.who, damage=damage))
    return damage, ones_c


def _stop_damage(b: Blow, s: Strike, damage: int, critical_ones: int) -> int:
    """What is left of ``damage`` after Resilient, No Damage, Indestructible and the Dummy Mage
    Wizard's Voltaric Shield."""
    work, target = b.work, b.target
    if damage and "resilient" in b.target_names:  # (has_trait's answer: see Blow)
        kept = min(damage, critical_ones) if b.only_ones else s.critical
        if kept < damage:
            s.steps.append(Said("strike.resilient", target=b.who, damage=kept))
            damage = kept
    if "no damage" in b.names:
        damage = 0
        s.steps.append(Said("strike.no-damage"))
    if damage and "indestructible" in b.target_names:
        damage = 0
        s.steps.append(Said("strike.indestructible", target=b.who))
    if damage and target.id == DM:  # (mages.shield's first test: only the Dummy Mage's)
        kept, line = mages.shield(work, target, damage)
        if line:
            s.shielded = damage - kept
            damage = kept
            s.steps.append(line)
            put(work, Note(Side.DM, mages.SHIELD_USED, DELETE))  # set when the strike is put on
    # (Martyr's Aura takes only your side's damage: martyr's first tests, without its call)
    moved = restrictions.martyr(work, target, damage, s.side) if damage > 0 and s.side == YM \
        else 0
    if moved:  # Martyr's Aura: the Dummy Mage takes some of it (put on with the strike)
        s.martyred = moved
        damage -= moved
        s.steps.append(Said("strike.martyr", target=b.who, k=moved))
    return damage


def _after_damage(b: Blow, s: Strike, first: bool, side: str | None) -> None:
    """What the damage brings: your hidden enchantment revealed to survive it, Extinguish,
    Devour, Rage, Vampiric, Mana Drain."""
    work, target, attacker = b.work, b.target, b.attacker
    damage = s.damage
    if damage and target.side == YM and HIDDEN in target.extra:
        _reveal_to_survive(b, s)
    if "extinguish" in b.names:  # (_extinguish's own test first: most attacks have none)
        _extinguish(b, s)
    if ("devour" in b.names and is_creature(target) and work.is_corporeal(target)) \
            or (target.conditions and target.has_condition("Zombie")):
        s.obliterate = True
    # (the target's Rage +X read only when an enemy creature damaged it; its names as the
    # strike read them, unless a reveal changed it just now)
    if damage and attacker is not None and attacker.side != target.side \
            and ("rage" in b.target_names if s.revealed is None
                 else work.has_trait(target, "Rage")) and is_creature(attacker):
        rage = trait_max(work.traits(target), "Rage") or 0
        if rage and target.conditions.get("Rage", 0) < rage:
            s.rage = 1
            s.steps.append(Said("strike.rage", target=b.who, most=rage))
    if first and damage and attacker is not None and "vampiric" in b.names \
            and is_creature(target) and work.is_living(target):
        _vampiric(b, s, attacker)
    # (reconstruct's first test written out: only Devouring Jelly's strikes repair it)
    s.reconstructed = bonuses.reconstruct(work, attacker, target, damage) \
        if damage > 0 and attacker is not None and attacker.card == bonuses.JELLY else 0
    if s.reconstructed and attacker is not None:
        s.steps.append(Said("strike.reconstruct", by=Who.of(attacker), healed=s.reconstructed))
    if first and damage and b.traits and target.side != side:
        drain = trait_value(b.traits, "Mana Drain") or trait_value(b.traits, "Mana Transfer") or 0
        if drain:
            s.steps.append(Said("strike.drain", drain=drain, yours=target.side == Side.YM))


def _vampiric(b: Blow, s: Strike, attacker: Piece) -> None:
    """The attacker heals half the damage it caused to a Living creature."""
    work, target, damage = b.work, b.target, s.damage
    counted = min(damage, max(0, work.remaining_life(target)))
    hurt = attacker.damage
    if attacker.id == target.id:  # its own attack turned back on it (Reverse Attack): it
        # takes the damage first, and heals only if that leaves it standing (the ruling)
        hurt = 0 if damage >= work.remaining_life(target) else hurt + damage
    s.healed = min(math.ceil(counted / 2), hurt) if can_heal(work, attacker) else 0
    if s.healed:
        s.steps.append(Said("strike.vampiric", by=Who.of(attacker), healed=s.healed))


def _effects_apply(b: Blow, s: Strike) -> bool:
    """Whether the effect die is rolled: nothing to roll for when the strike destroys the
    target (or fells a mage), nor for an attack without an effect table (a reported attack is
    asked for its markers all the same: its card's text may give some), nor on an
    Incorporeal target of a non-Ethereal attack."""
    if not b.attack.effects and b.report is None:  # (asked first: no life read for it)
        return False
    work, target, damage = b.work, b.target, s.damage
    if damage > 0 and (life := work.life(target)) > 0 and work.wounds(target) + damage >= life \
            and not work.has_trait(target, "Indestructible"):  # lethal
        return False
    if b.only_ones:
        s.steps.append(Said("strike.no-effects", target=b.who))
        return False
    return True


def _effect_roll(b: Blow, s: Strike, moved: bool = False) -> list[str]:
    """Step 5: the markers the effect die gives (moved by Tough, the damage type, Extinguish's
    Burns, +4 against a held target for the attack that says so), or a person reports."""
    rolled: list[str] = []
    if b.report is not None:
        rolled = list(b.report.markers(s))
        s.steps.append(Said("strike.reported-markers", markers=rolled))
        return rolled
    work, target, attack = b.work, b.target, b.attack
    tough = trait_value(work.traits(target), "Tough") or 0
    dmod = damage_type_modifier(work, target, attack.damage_type)
    ext = -s.extinguished
    held = 4 if _RESTRAINED_PLUS_4 in b.names \
        and (work.restrained(target) or work.incapacitated(target)) else 0
    more = bonuses.effect(work, b.attacker, attack, target, role=b.role, moved=moved)
    s.effect_roll = b.source.d12(b.roll("roll.effect"))
    s.effect_modifier = tough + dmod + ext + held + (sum(int(m["n"]) for m in more) if more else 0)
    total = s.effect_roll + s.effect_modifier
    for e in attack.effects:
        if e.covers(total):
            rolled = list(e.conditions)
            break
    if not b.quiet:  # (a game nobody reads: see Blow)
        s.steps.append(said_with("strike.effect", {
            "roll": s.effect_roll, "tough": tough, "dmod": dmod, "type": attack.damage_type,
            "ext": ext, "held": held, "markers": rolled, "more": more}))
    return rolled


def _place(b: Blow, s: Strike, rolled: list[str]) -> None:
    """The markers the target gains of those ``rolled`` (Push and Snatch move it; Corrode on no
    armor is acid damage; Slam on an Unmovable creature is Daze; a condition it cannot have is
    ignored, with the reason)."""
    work, target, attacker = b.work, b.target, b.attacker
    corrode_room = work.armor(target)
    for c in rolled:
        if c == "Push":
            push_effect(work, s, target, b.source)
            continue
        if c == "Snatch":
            snatch(work, s, attacker, target, b.source)
            continue
        if c == "Corrode" and condition_block(work, target, c) is None:
            if corrode_room > 0:
                corrode_room -= 1
            else:
                s.acid += 1
                continue
        if c == "Slam" and bonuses.unmovable(work, target) \
                and not isinstance(target, Conjuration):
            s.steps.append(Said("strike.slam-is-daze", target=b.who))
            c = "Daze"
        why_not = condition_block(work, target, c)
        if c == "Taunt" and why_not is None and attacker is not None:
            why_not = taunt_block(work, attacker.card, target)
        if why_not:
            s.ignored.append(c)
            s.steps.append(Said("strike.no-condition", condition=c, why=why_not))
        else:
            s.conditions.append(c)
    if s.conditions and not b.quiet:  # (a game nobody reads: see Blow)
        s.steps.append(said_with("strike.gains", {"target": b.who,
                                                  "conditions": list(s.conditions)}))
    if s.acid:
        s.steps.append(Said("strike.acid", acid=s.acid))


def _sure_defense(work: Board, target: Piece) -> str | None:
    """The target's enchantment whose Defense avoids for sure and is spent by its use (Block),
    if it has one: an Unavoidable attack destroys it without effect."""
    for i in range(len(work.defenses(target)), len(all_defenses(work, target))):
        given = enchantment_defense(work, target, i)
        if given and given[1].get("sure") and given[1].get("spent"):
            return given[0]
    return None


def _extinguish(b: Blow, s: Strike) -> None:
    """An Extinguish attack removes every Burn marker from its target."""
    burn = b.target.conditions.get("Burn", 0)
    if burn > 0 and "extinguish" in b.names:
        s.extinguished = burn
        s.steps.append(Said("strike.extinguish", burn=burn, target=Who.of(b.target)))


def _reveal_to_survive(b: Blow, s: Strike) -> None:
    """Your face-down enchantment that adds life (Bull Endurance), revealed at the end of the
    Roll Dice step when the strike's damage would destroy its holder and the added life saves
    it (its card ruling): on the attack's copy at once, so the rest of the attack counts it."""
    work, target = b.work, b.target
    wounds, life = work.wounds(target) + s.damage, work.life(target)
    if wounds < life or work.has_trait(target, "Indestructible"):
        return
    for name in yours.hidden_on(target):
        card = work.cat.find(name)
        more = yours.life_bonus(card)
        if more and wounds < life + more:
            yours.turn_up(work, target, name)
            s.revealed = name
            s.steps.append(Said("strike.revealed", card=name, target=b.who,
                                cost=card.reveal_cost if card is not None else None,
                                more=more, damage=s.damage))
            return
