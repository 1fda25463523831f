"""What moves an attack before any die is rolled: its traits (its own and those its attacker's
markers and enchantments give), how many dice it rolls against a target and why, how many
times it strikes, and the Defense its target tries with the modifier to that roll.

The engine, the Dummy Mage's choices and :mod:`solo.rules.odds` all count with these.
"""

from __future__ import annotations

from typing import Final

import re

from solo.cards.catalog import Attack, Defense, trait_max, trait_value
from solo.core.errors import read_int
from solo.rules import mages
from solo.rules import stagger
from solo.rules.abilities import bonuses, marks
from solo.rules.abilities.bonuses import level as level
from solo.rules.board import Board, Conjuration, Mage, Piece
from solo.rules.combat.conditions import is_creature
from solo.rules.combat.results import DEFENSE_USED
from solo.rules.said import Said, said_with


#: An attack trait (as the card prints it, lower-case start): one die fewer for each zone of
#: range beyond 1.
FEWER_BEYOND_1: Final = "roll 1 fewer attack die for each zone of range beyond 1"
#: An attack trait (as the card prints it): +4 to the effect die against a Restrained target.
RESTRAINED_PLUS_4: Final = "If target is restrained add +4 to the Effect Die"
#: Creatures that, while guarding, gain Melee +X and counterstrike first: right after the
#: Declare Attack Step, before the attack is rolled (Temple High Guard's card and ruling).
FIRST_STRIKE_GUARDS: Final = {"Temple High Guard": 2}

#: An attack trait such as "+2 vs. Undead" (matched through re's cache: compiled when first
#: needed, not at every start-up).
_VS: Final = r"(?i)^\+\s*(\d+)\s+vs\.?\s+(.+)$"
#: An attack trait that makes the number of attacks depend on the target's Level (Wall of
#: Thorns: as many attacks as the Level of the creature passing through, less one).
# (through re's cache, as _VS)
_LEVEL_LESS_ONE: Final = r"(?i)equal to (?:their|its) level\s*-\s*1"


def has_named(traits: list[str], name: str) -> bool:
    """Whether ``traits`` hold ``name`` (``Piercing`` matches ``Piercing +2``)."""
    if not traits:
        return False
    n = name.lower()
    return any(t.lower() == n or t.lower().startswith(n + " ") for t in traits)


# (Hot paths here read ``attack.kind == "melee"``, the same answer as ``attack.is_melee``.)


def attack_traits(board: Board, attacker: Piece | None, attack: Attack,
                  first: bool = True) -> list[str]:
    """The attack's traits (with the Eternal Servant's Piercing +1) plus, for a melee attack,
    those its attacker's enchantments and round effects give to melee attacks (Piercing +3,
    Unavoidable), and for a ranged attack that is not a zone attack, those given to ranged
    attacks (Sniper Shot)."""
    traits = list(attack.traits)
    if attacker is None:
        return traits
    extra = attacker.extra
    if extra and mages.SERVANT in extra:  # the Necromancer's Eternal Servant
        traits += mages.servant_traits(attacker)
    # (all that marks.attack_traits reads: most attackers have neither)
    if marks.PIERCING_ROUND in extra or (attack.traits and marks.GOLD_PIERCING in attack.traits):
        # its Gold tokens, a round's Piercing it chose (abilities.marks)
        traits += marks.attack_traits(board, attacker, attack)
    kind = attack.kind
    if kind == "melee":
        traits += board.grant_totals(attacker, "melee_traits")
        if not first:  # Perfect Strike, Piercing Strike: the next attack, not the whole action
            for name in once_markers(board, attacker):
                for t in (board.cat.get(name).dm.get("grants") or {}).get("melee_traits", []):
                    if t in traits:
                        traits.remove(t)
    elif kind == "ranged" and not attack.zone:
        traits += board.grant_totals(attacker, "ranged_traits")  # Sniper Shot
    return traits


def by_itself(attack: Attack, is_spell: bool) -> bool:
    """Whether a spell makes ``attack`` by itself, not its caster (Explode, a trap): neither a
    melee nor a ranged attack, so what touches the caster's attacks -- its Daze, Marked for
    Death on the target -- does not touch it (Explode's card rulings)."""
    return is_spell and attack.kind is None


def has_unavoidable(board: Board, attacker: Piece | None, attack: Attack) -> bool:
    """Whether ``attack`` by ``attacker`` is Unavoidable (its own trait, or one its attacker's
    markers give the first strike: Perfect Strike)."""
    return has_named(attack_traits(board, attacker, attack), "Unavoidable")


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
    n, what = read_int(m.group(1)), m.group(2).strip().rstrip(".")
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
    return n if any(_is_a(board, target, alt) for alt in alternatives) else 0


def _is_a(board: Board, target: Piece, alt: str) -> bool:
    """Whether ``target`` is what one alternative of a "vs." bonus names: Living, Flying, a
    subtype, a school, a trait..."""
    card = board.card_of(target)
    subtypes = {s.lower() for s in (card.subtypes if card else ())}
    subtypes |= {school.lower() for school, _ in (card.schools if card else ())}
    if target.has_condition("Zombie"):  # the marker makes it an undead zombie
        subtypes |= {"undead", "zombie"}
    a = alt.lower()
    if a == "nonliving":
        return not board.is_living(target)
    if a == "living":
        return board.is_living(target)
    if a == "flying":
        return board.flying(target)
    if a == "corporeal":
        return board.is_corporeal(target)
    if a == "incorporeal":
        return not board.is_corporeal(target)
    return a in subtypes or board.has_trait(target, alt)


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


def strike_count(board: Board, attack: Attack, target: Piece, attacker: Piece | None = None,
                 *, guarding: bool = False, more: int | None = None) -> int:
    """How many times ``attack`` strikes ``target``: once, twice with Doublestrike, three times
    with Triplestrike (the card's, or what its attacker's card text gives it:
    :func:`solo.rules.abilities.bonuses.more_strikes`); an attack made "Level -1" times strikes
    that often (none at Level 1).  ``more``: what ``more_strikes`` gives, when the caller
    has asked it already."""
    if attack.traits and _by_level(attack.traits):
        return max(0, level(board, target) - 1)
    if more is None:
        more = bonuses.more_strikes(board, attacker, attack, guarding=guarding)[0] \
            if attacker is not None else 0
    if not attack.traits:  # (most attacks: neither Doublestrike nor Triplestrike, no call)
        return 1 + more
    return 1 + (1 if attack.has("Doublestrike") else 0) + (2 if attack.has("Triplestrike") else 0) \
        + more


#: Whether an attack's traits make its number of attacks the target's Level less one, by the
#: traits (asked of every attack with traits: each attack's searched once, not once an attack).
_LEVEL_LESS: Final[dict[tuple[str, ...], bool]] = {}


def _by_level(traits: tuple[str, ...]) -> bool:
    known = _LEVEL_LESS.get(traits)
    if known is None:
        if len(_LEVEL_LESS) > 1024:  # (a person's own cards could bring any number of traits)
            _LEVEL_LESS.clear()
        known = _LEVEL_LESS[traits] = any(re.search(_LEVEL_LESS_ONE, t) for t in traits)
    return known


def attack_dice(board: Board, attacker: Piece | None, attack: Attack, target: Piece, *,
                first: bool = True, moved: bool = False, is_spell: bool = False,
                barrier: bool = False, thirst: bool | None = None,
                role: str | None = None, traits: list[str] | None = None,
                target_names: frozenset[str] | None = None) -> tuple[int, list[Said]]:
    """How many dice the attack rolls against ``target``, and why: the attack's own dice then
    each modifier, as ``dice.*`` records (worded ``["Bite 4", "Melee +1"]``).

    ``thirst``: whether Bloodthirsty +X may still count in this attack action (the codex gives
    it to the first attack that can take it: a Doublestrike's second strike, when the first
    damaged a Living creature that had none); None: on the first strike only, as Melee +X.
    ``role``: the strike's (a counterstrike gains some bonuses and not others: card text,
    :func:`solo.rules.abilities.bonuses.dice`).  ``traits``: the attack's
    :func:`attack_traits` (with ``first`` true), when the caller has them already;
    ``target_names``: the target's :meth:`Board.trait_names`, likewise."""
    assert attack.dice is not None  # an attack that rolls no dice has no count
    base = int(attack.dice)
    # (the same line for the same attack and dice, kept: every strike counts its dice, and
    # nothing changes a line once made)
    first_part = _BASE_LINES.get((attack.name, base))
    if first_part is None:
        if len(_BASE_LINES) > 1024:  # (a person's own cards could bring any number)
            _BASE_LINES.clear()
        first_part = _BASE_LINES[attack.name, base] = \
            said_with("dice.base", {"attack": attack.name, "dice": base})
    parts = [first_part]
    if attacker is not None and not barrier:
        parts += _attacker_bonuses(board, attacker, attack, target, first, moved, thirst)
        if first and attack.kind == "melee":  # (bonuses.dice's first test: no call otherwise)
            parts += bonuses.dice(board, attacker, attack, target, first=first, role=role)
    if traits is None:
        traits = attack_traits(board, attacker, attack)
    for t in traits:
        if n := vs_bonus(board, t, target) or 0:
            parts.append(Said("dice.vs", trait=t, n=n))
    # Drokkar's Tail Spike (prey_dice asked only of an attack it lists: nearly none is)
    if attacker is not None and (attacker.card, attack.name) in marks.PREY_DICE \
            and (n := marks.prey_dice(board, attacker, attack, target)):
        parts.append(Said("dice.prey", n=n))
    parts += _target_modifiers(board, attacker, attack, target, traits, first=first,
                               is_spell=is_spell, barrier=barrier, target_names=target_names)
    # (most strikes roll their base dice alone: no sum and no generator)
    total = base + sum(int(p["n"]) for p in parts[1:]) if len(parts) > 1 else base
    if total < 1:
        parts.append(Said("dice.floor", total=total, n=0))
        total = 1
    return total, parts


#: Each attack's ``dice.base`` line, by its name and dice (see :func:`attack_dice`).
_BASE_LINES: Final[dict[tuple[str, int], Said]] = {}


#: The attacker's traits :func:`_attacker_bonuses` counts, as :meth:`Board.trait_names` has them.
_BONUS_NAMES: Final = frozenset(("melee", "charge", "bloodthirsty", "ranged"))


def _attacker_bonuses(board: Board, attacker: Piece, attack: Attack, target: Piece,
                      first: bool, moved: bool, thirst: bool | None) -> list[Said]:
    """Melee +X, a guard's Melee +X, Charge +X, Bloodthirsty +X, Ranged +X."""
    out = []
    # (its traits read only when it has one of these: most attackers have none, and then no
    # trait_value is asked; Bloodthirsty only of a damaged target, which it needs anyway)
    own = [] if _BONUS_NAMES.isdisjoint(board.trait_names(attacker)) else board.traits(attacker)
    kind = attack.kind
    if kind == "melee":
        if first:
            if own and (n := trait_value(own, "Melee") or 0):
                out.append(Said("dice.melee", n=n))
            if getattr(attacker, "guarding", False) \
                    and (n := FIRST_STRIKE_GUARDS.get(attacker.card, 0)):
                out.append(Said("dice.guarding", n=n))
            if moved and own and (n := trait_value(own, "Charge") or 0):
                out.append(Said("dice.charge", n=n))
        if (first if thirst is None else thirst) and target.damage > 0:
            n = ((trait_value(own, "Bloodthirsty") or 0) if own else 0) \
                + (bonuses.bloodthirsty(board, attacker) if attacker.card == bonuses.GORAN
                   else 0)  # (its first test written out: only Goran gives any)
            if n and is_creature(target) and board.is_living(target):
                out.append(Said("dice.bloodthirsty", n=n))
    elif kind == "ranged" and not attack.zone and first and own \
            and (n := trait_value(own, "Ranged") or 0):  # (kind is not "zone" here)
        out.append(Said("dice.ranged", n=n))
    return out


def _target_modifiers(board: Board, attacker: Piece | None, attack: Attack, target: Piece,
                      traits: list[str], *, first: bool, is_spell: bool,
                      barrier: bool, target_names: frozenset[str] | None) -> list[Said]:
    """The target's damage-type modifier, Extinguish, range, Weak and the attacker's
    enchantments (Agony), Marked for Death, Aegis."""
    out = []
    # (each asked only when it can give something: no call for most strikes)
    if attack.damage_type and (n := damage_type_modifier(board, target, attack.damage_type)):
        out.append(Said("dice.damage-type", type=attack.damage_type, n=n))
    if traits and has_named(traits, "Extinguish") and (burn := target.conditions.get("Burn", 0)):
        out.append(Said("dice.extinguish", burn=burn, n=-burn))
    if traits and any(t.lower().startswith(FEWER_BEYOND_1) for t in traits) \
            and attacker is not None:
        if n := max(0, board.distance(attacker.zone, target.zone) - 1):
            out.append(Said("dice.range", zones=n, n=-n))
    if attacker is not None and not is_spell and not barrier:
        if weak := attacker.conditions.get("Weak", 0):
            out.append(Said("dice.weak", n=-weak))
        # (a major creature's Stagger markers: asked only of an attacker with markers)
        if attacker.conditions and (staggered := stagger.dice_penalty(board, attacker)):
            out.append(Said("dice.stagger", markers=stagger.markers(attacker), n=-staggered))
        if attack.kind in ("melee", "ranged") and (n := board.attack_dice_modifier(attacker)):
            names = [e for e in [*attacker.enchantments, *attacker.conditions]
                     if (c := board.cat.find(e)) is not None
                     and c.dm.get("grants", {}).get("attack_dice")]
            out.append(Said("dice.enchantments", names=names, n=n))
    # Marked for Death (a note's attacked_dice): attacks made by creatures only -- not by
    # conjurations, walls, damage barriers, nor a spell that attacks by itself (Explode).
    if first and target.enchantments and attacker is not None and not barrier \
            and is_creature(attacker) and not by_itself(attack, is_spell):
        for name in target.enchantments:
            ench = board.cat.find(name)
            if n := int((ench.dm or {}).get("attacked_dice", 0)) if ench is not None else 0:
                out.append(Said("dice.target-enchantment", name=name, n=n))
    # (Aegis X asked of the remembered names first: nearly no target has one)
    if ("aegis" in target_names if target_names is not None
            else board.has_trait(target, "Aegis")) \
            and (aegis := trait_max(board.traits(target), "Aegis") or 0):
        out.append(Said("dice.aegis", aegis=aegis, n=-aegis))
    return out


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
    enchantments give (a note's ``defense``, solo.automaton.spells), each with whether
    conditions leave it alone ("steady": it works while Incapacitated, and Daze or Restrained
    do not move its roll)."""
    own = board.defenses(p)  # the card's, its mage's and its equipment's
    out = [(d, False) for d in own] if own else []  # (many have none: no comprehension)
    for name in p.enchantments:
        ench = board.cat.find(name)
        extra = (ench.dm or {}).get("defense") if ench is not None else None
        if extra:
            out.append((Defense(int(extra["roll"]), extra.get("uses", 1), extra.get("restriction")),
                        bool(extra.get("steady"))))
    return out


def enchantment_defense(board: Board, p: Piece,
                        index: int) -> tuple[str, dict[str, object]] | None:
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
                   steady_only: bool = False, attacker: Piece | None = None,
                   defenses: list[tuple[Defense, bool]] | None = None
                   ) -> tuple[int, Defense] | None:
    """The Defense ``target`` uses against ``attack``: an unused one that the attack's kind
    (and card text: :func:`solo.rules.abilities.bonuses.defense_allowed`) allows, the best
    (lowest roll) first; None when it has none left.  ``steady_only``: only Defenses that
    conditions leave alone (an Incapacitated target).  ``defenses``: its
    :func:`all_defenses`, when the caller has them already."""
    if defenses is None:
        defenses = all_defenses(board, target)
    if not defenses:
        return None
    used = target.extra.get(DEFENSE_USED, {}) or {}
    best = None
    for i, (d, steady) in enumerate(defenses):
        if steady_only and not steady:
            continue
        r = (d.restriction or "").lower()
        if (r == "no ranged" and attack.kind == "ranged") \
                or (r == "no melee" and attack.kind == "melee"):
            continue
        if d.uses != "unlimited" and int(used.get(str(i), 0)) >= int(d.uses):
            continue
        if not bonuses.defense_allowed(board, target, attacker, attack, i):
            continue
        if best is None or d.roll < best[1].roll:
            best = (i, d)
    return best
