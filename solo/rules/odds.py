"""Exact odds of an attack before any die is rolled (contract section 6, ``odds``).

Nothing here is sampled.  The attack dice are counted by kind of face (the multinomial of blank,
1, 2, 1 critical, 2 critical), the d12s by how many of their twelve results pass a threshold,
and the strikes of one attack (Doublestrike, Triplestrike) are chained over the damage the
target has taken so far, so the kill chance knows that a destroyed target takes no more strikes.

The modifiers are the engine's own: :func:`solo.rules.combat.attack_dice` for the dice,
:func:`solo.rules.combat.choose_defense` and :func:`solo.rules.combat.defense_modifier` for the Defense,
armor (after Corrode), Piercing, Critical Damage, Incorporeal, Resilient, Indestructible and No
Damage as :func:`solo.rules.combat._strike` applies them, the effect die moved by Tough, damage-type
modifiers and Extinguish, conditions the target cannot take left out, and a Corrode marker the
armor cannot take counted as acid damage.  (Extinguish's Burns are read before the attack, so a
second strike of the same attack is counted with them too.)  ``tests/test_odds.py`` checks the
figures against every outcome played through :func:`solo.rules.combat.resolve_attack`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import factorial

from solo.rules import combat
from solo.rules.board import Board, Conjuration, Piece
from solo.cards.catalog import Attack, trait_value
from solo.rules import mages

# Faces of the attack die by kind: (normal, critical, is a "1") and their count on the die.
_KINDS = ((0, 0, False, 2), (1, 0, True, 1), (2, 0, False, 1), (0, 1, True, 1), (0, 2, False, 1))


@dataclass
class Odds:
    """Figures for one attack on one target."""

    expected_damage: float
    kill: float
    effects: dict[str, float] = field(default_factory=dict)
    hit: float = 1.0  # the chance the first strike is neither missed (Daze) nor avoided

    def to_json(self) -> dict:
        return {"expected_damage": round(self.expected_damage, 4), "kill": round(self.kill, 4),
                "effects": {k: round(v, 4) for k, v in sorted(self.effects.items())}}


@lru_cache(maxsize=None)
def dice_outcomes(n: int) -> tuple[tuple[int, int, int, int, Fraction], ...]:
    """Every (normal, critical, normal 1s, critical 1s) total of ``n`` attack dice, with its
    exact chance.

    >>> sum(p for *_, p in dice_outcomes(3)) == 1
    True
    >>> float(sum((a + b) * p for a, b, _, _, p in dice_outcomes(3)))
    3.0
    """
    out: dict[tuple[int, int, int, int], Fraction] = {}

    def walk(i: int, left: int, counts: list[int]) -> None:
        if i == len(_KINDS) - 1:
            counts = counts + [left]
            ways = factorial(n)
            p = Fraction(1)
            for c, (_, _, _, weight) in zip(counts, _KINDS):
                ways //= factorial(c)
                p *= Fraction(weight, 6) ** c
            normal = sum(c * k[0] for c, k in zip(counts, _KINDS))
            critical = sum(c * k[1] for c, k in zip(counts, _KINDS))
            key = (normal, critical, counts[1], counts[3])
            out[key] = out.get(key, Fraction(0)) + ways * p
            return
        for c in range(left + 1):
            walk(i + 1, left - c, counts + [c])

    walk(0, n, [])
    return tuple((*k, p) for k, p in sorted(out.items()))


def _d12_at_least(need: int) -> Fraction:
    """The chance that a d12 shows ``need`` or more."""
    return Fraction(max(0, min(12, 13 - need)), 12)


def _has(traits: list[str], name: str) -> bool:
    n = name.lower()
    return any(t.lower() == n or t.lower().startswith(n + " ") for t in traits)


def attack_odds(board: Board, attacker: Piece | None, attack: Attack, target: Piece, *,
                moved: bool = False, is_spell: bool = False, use_defense: bool = True,
                zone: bool | None = None) -> Odds:
    """The exact odds of ``attacker``'s ``attack`` on ``target`` as the board stands.

    ``zone``: the attack is a zone attack (Unavoidable, one Daze check); by default read from
    the attack.  ``use_defense``: the target rolls its Defense when it can.  What a strike
    destroys counts its wounds as the engine does: damage, 3 per Tainted marker, and direct acid
    damage from Corrode markers its armor cannot take.
    """
    if not isinstance(attack.dice, int) or isinstance(attack.dice, bool):
        return Odds(0.0, 0.0, {}, 0.0)
    zone = (attack.zone or attack.kind == "zone") if zone is None else zone
    traits = combat.attack_traits(board, attacker, attack)
    n_strikes = 1 if zone else combat.strike_count(board, attack, target)
    life = board.life(target)
    indestructible = board.has_trait(target, "Indestructible")
    immune = combat.immune_to_damage_type(board, target, attack.damage_type)
    chosen = None
    if use_defense and not zone and not _has(traits, "Unavoidable"):
        # Incapacitated, it keeps only the Defenses conditions leave alone (Block, Force Orb)
        chosen = combat.choose_defense(board, target, attack,
                                       steady_only=board.incapacitated(target))
    used_before = 0
    steady = False
    if chosen is not None:
        used_before = int((target.extra.get("defense_used", {}) or {}).get(str(chosen[0]), 0))
        steady = combat.all_defenses(board, target)[chosen[0]][1]
    dmod = 0 if steady else combat.defense_modifier(board, target)
    dazed = attacker is not None and attacker.has_condition("Daze") \
        and not combat.by_itself(attack, is_spell)
    rows = _effect_rows(board, attack, target, traits)
    armor_now = board.armor(target)

    def dies(wounds: int) -> bool:
        return life > 0 and wounds >= life and not indestructible

    # A state: (wounds on the target, Defense uses spent, conditions placed so far, Corrode
    # markers placed so far).
    # The Dummy Mage Wizard's Voltaric Shield (solo.rules.mages): its first damage a round loses 3.
    shield = target.id == "dm" and board.mages["dm"].card == "Wizard" \
        and board.mages["dm"].extra.get(mages.SHIELD_USED) != board.round
    State = tuple[int, int, frozenset[str], int, bool]
    states: dict[State, Fraction] = {(board.wounds(target), 0, frozenset(), 0, shield): Fraction(1)}
    ended: dict[frozenset[str], Fraction] = {}  # the target destroyed: placed so far
    expected = Fraction(0)
    killed = Fraction(0)
    hit_first = Fraction(0)
    effects_apply = bool(rows) and not (board.has_trait(target, "Incorporeal")
                                        and not _has(traits, "Ethereal"))
    for i in range(n_strikes):
        first = i == 0
        dist = _damage_distribution(board, attacker, attack, target, traits, first=first,
                                    moved=moved and first, is_spell=is_spell)
        nxt: dict[State, Fraction] = {}

        def put(key: State, p: Fraction) -> None:
            if p:
                nxt[key] = nxt.get(key, Fraction(0)) + p

        def end(placed: frozenset[str], p: Fraction) -> None:
            nonlocal killed
            killed += p
            ended[placed] = ended.get(placed, Fraction(0)) + p

        for (wounds, uses, placed, corroded, shielded), p in states.items():
            go = p
            if dazed and (first or not zone):  # a zone attack checks its Daze once
                put((wounds, uses, placed, corroded, shielded), go / 2)
                go -= go / 2
            if immune:
                put((wounds, uses, placed, corroded, shielded), go)
                continue
            if chosen is not None and (chosen[1].uses == "unlimited"
                                       or used_before + uses < int(chosen[1].uses)):
                avoid = go * _d12_at_least(chosen[1].roll - dmod)
                uses += 1
                put((wounds, uses, placed, corroded, shielded), avoid)
                go -= avoid
            if first:
                hit_first += go
            for rolled, q in dist:
                r = go * q
                amount, still = rolled, shielded
                if shielded and rolled > 0:
                    amount, still = max(0, rolled - 3), False
                expected += r * amount
                if amount > 0 and dies(wounds + amount):  # destroyed: no effect roll
                    end(placed, r)
                    continue
                if not effects_apply:
                    put((wounds + amount, uses, placed, corroded, still), r)
                    continue
                for conds, c in rows:
                    got, room, acid, tainted = set(), max(0, armor_now - corroded), 0, 0
                    new_corrode = 0
                    for cond in conds:
                        if cond == "Corrode":
                            if room > 0:
                                room -= 1
                                new_corrode += 1
                            else:
                                acid += 1
                                continue
                        if cond == "Tainted":
                            tainted += 1
                        got.add(cond)
                    after = wounds + amount + acid + 3 * tainted
                    key_placed = placed | frozenset(got)
                    if dies(after) and (amount or acid or tainted):
                        end(key_placed, r * c)
                    else:
                        put((after, uses, key_placed, corroded + new_corrode, still), r * c)
        states = nxt
    chance: dict[str, Fraction] = {}
    finals = [(placed, p) for (_, _, placed, _, _), p in states.items()] + list(ended.items())
    for placed, p in finals:
        for cond in placed:
            chance[cond] = chance.get(cond, Fraction(0)) + p
    return Odds(float(expected), float(killed), {k: float(v) for k, v in chance.items()},
                float(hit_first))


def _damage_distribution(board: Board, attacker: Piece | None, attack: Attack, target: Piece,
                         traits: list[str], *, first: bool, moved: bool,
                         is_spell: bool) -> list[tuple[int, Fraction]]:
    """Each damage amount one strike that is neither missed nor avoided deals, with its chance."""
    dice, _ = combat.attack_dice(board, attacker, attack, target, first=first, moved=moved,
                                 is_spell=is_spell)
    incorporeal = board.has_trait(target, "Incorporeal")
    ethereal = _has(traits, "Ethereal")
    piercing = trait_value(traits, "Piercing") or 0
    base_armor = 0 if incorporeal else board.armor(target)
    armor = 0 if _has(traits, "Critical Damage") else max(0, base_armor - piercing)
    resilient = board.has_trait(target, "Resilient")
    no_damage = _has(traits, "No Damage") or board.has_trait(target, "Indestructible")
    by_amount: dict[int, Fraction] = {}
    for normal, critical, ones_n, ones_c, p in dice_outcomes(dice):
        if incorporeal and not ethereal:
            amount = ones_c + max(0, ones_n - armor)
        else:
            amount = critical + (0 if resilient else max(0, normal - armor))
        if no_damage:
            amount = 0
        by_amount[amount] = by_amount.get(amount, Fraction(0)) + p
    return sorted(by_amount.items())


def _effect_rows(board: Board, attack: Attack, target: Piece,
                 traits: list[str]) -> list[tuple[tuple[str, ...], Fraction]]:
    """What one effect roll places on ``target``: each list of conditions (a marker per entry)
    with its chance.  The roll is moved as the engine moves it (Tough, the damage type,
    Extinguish's Burns, +4 against a Restrained or Incapacitated target for the attack that says
    so); Push and Snatch are moves, not markers; Slam on an Unmovable creature becomes Daze;
    conditions the target cannot have are left out.  Empty when the attack has no effect table."""
    if not attack.effects:
        return []
    tough = trait_value(board.traits(target), "Tough") or 0
    mod = tough + combat.damage_type_modifier(board, target, attack.damage_type)
    if _has(traits, "Extinguish"):
        mod -= max(0, target.conditions.get("Burn", 0))
    if any(t.lower() == combat.RESTRAINED_PLUS_4.lower() for t in traits) \
            and (board.restrained(target) or board.incapacitated(target)):
        mod += 4
    out: dict[tuple[str, ...], Fraction] = {}
    for roll in range(1, 13):
        got: list[str] = []
        for e in attack.effects:
            if e.covers(roll + mod):
                for c in e.conditions:
                    if c in ("Push", "Snatch"):
                        continue
                    if c == "Slam" and board.unmovable(target) and not isinstance(target, Conjuration):
                        c = "Daze"
                    if not combat.condition_block(board, target, c):
                        got.append(c)
                break
        key = tuple(got)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, 12)
    return list(out.items())


def odds_text(odds: Odds) -> str:
    """``~2.5 dmg, kill 31%, Daze 25%`` -- the figures a menu shows beside an attack."""
    parts = [f"~{odds.expected_damage:.1f} dmg"]
    if odds.kill:
        parts.append(f"kill {_pct(odds.kill)}")
    parts += [f"{c} {_pct(p)}" for c, p in sorted(odds.effects.items())]
    return ", ".join(parts)


def _pct(p: float) -> str:
    """A chance as a whole percentage; one that is not 0 or 1 never shows as 0% or 100%.

    >>> _pct(0.004), _pct(0.5), _pct(0.999), _pct(1.0)
    ('<1%', '50%', '>99%', '100%')
    """
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{p:.0%}"
