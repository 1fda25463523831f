"""Exact odds of an attack before any die is rolled (contract section 6, ``odds``).

Nothing here is sampled.  The attack dice are counted by kind of face (the multinomial of blank,
1, 2, 1 critical, 2 critical), the d12s by how many of their twelve results pass a threshold,
and the strikes of one attack (Doublestrike, Triplestrike) are chained over the damage the
target has taken so far, so the kill chance knows that a destroyed target takes no more strikes.

The modifiers are the engine's own: :func:`solo.rules.combat.attack_dice` for the dice,
:func:`solo.rules.combat.choose_defense` and :func:`solo.rules.combat.defense_modifier` for the
Defense, armor (after Corrode), Piercing, Critical Damage, Incorporeal, Resilient, Indestructible
and No Damage as :mod:`solo.rules.combat.strike` applies them, the effect die moved by Tough,
damage-type modifiers and Extinguish, conditions the target cannot take left out, and a Corrode
marker the armor cannot take counted as acid damage.  (Extinguish's Burns are read before the
attack, so a second strike of the same attack is counted with them too.)  ``tests/rules/test_odds.py``
checks the figures against every outcome played through :func:`solo.rules.combat.resolve_attack`.
The figures are worded in :mod:`solo.text.combat` (``odds_text``, ``odds_json``).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import factorial

from solo.cards.catalog import Attack, Defense, trait_value
from solo.core.kinds import Side
from solo.core.records import Record
from solo.rules import combat, mages
from solo.rules.abilities import bonuses
from solo.rules.board import Board, Conjuration, Piece
from solo.rules.combat import DEFENSE_USED, has_named
from solo.rules.said import Said


# Faces of the attack die by kind: (normal, critical, is a "1") and their count on the die.
_KINDS = ((0, 0, False, 2), (1, 0, True, 1), (2, 0, False, 1), (0, 1, True, 1), (0, 2, False, 1))

#: The target as the strikes leave it: (wounds, Defense uses spent, conditions placed so far,
#: Corrode markers placed so far, the Voltaric Shield still up).
State = tuple[int, int, frozenset[str], int, bool]


class Odds(Record):
    """Figures for one attack on one target."""

    expected_damage: float
    kill: float
    effects: dict[str, float]
    hit: float  # the chance the first strike is neither missed (Daze) nor avoided

    def __init__(self, expected_damage: float, kill: float,
                 effects: dict[str, float] | None = None, hit: float = 1.0) -> None:
        self.expected_damage = expected_damage
        self.kill = kill
        self.effects = {} if effects is None else effects
        self.hit = hit


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


def attack_odds(board: Board, attacker: Piece | None, attack: Attack, target: Piece, *,
                moved: bool = False, is_spell: bool = False, use_defense: bool = True,
                zone: bool | None = None) -> Odds:
    """The exact odds of ``attacker``'s ``attack`` on ``target`` as the board stands.

    ``zone``: the attack is a zone attack (Unavoidable, one Daze check); by default read from
    the attack.  ``use_defense``: the target rolls its Defense when it can.  What a strike
    destroys counts its wounds as the engine does: damage, 3 per Tainted marker, and direct acid
    damage from Corrode markers its armor cannot take.
    """
    if not attack.counted:
        return Odds(0.0, 0.0, {}, 0.0)
    zone = (attack.zone or attack.kind == "zone") if zone is None else zone
    attack = bonuses.attack_now(board, attacker, attack)  # Flame Strike, Lightning Strike
    traits = combat.attack_traits(board, attacker, attack) \
        + [str(g["trait"]) for g in bonuses.gained(board, attacker, attack, target)]
    chain = _Chain(board, attacker, attack, target, traits, is_spell=is_spell,
                   use_defense=use_defense, zone=zone, moved=moved)
    for i in range(1 if zone else combat.strike_count(board, attack, target, attacker)):
        first = i == 0
        chain.strike(first, _damage_distribution(board, attacker, attack, target, traits,
                                                 first=first, moved=moved and first,
                                                 is_spell=is_spell))
    return chain.odds()


class _Chain:
    """The strikes of one attack chained over what they may leave of the target (its
    :data:`State`), each with its exact chance, and what they add up to."""

    def __init__(self, board: Board, attacker: Piece | None, attack: Attack, target: Piece,
                 traits: list[str], *, is_spell: bool, use_defense: bool, zone: bool,
                 moved: bool = False) -> None:
        self.zone = zone
        self.life = board.life(target)
        self.indestructible = board.has_trait(target, "Indestructible")
        self.immune = combat.immune_to_damage_type(board, target, attack.damage_type) or (
            is_spell and combat.spared_by(board, target, attack.name) is not None)
        self.chosen: tuple[int, Defense] | None = None
        if use_defense and not zone and not has_named(traits, "Unavoidable"):
            # Incapacitated, it keeps only the Defenses conditions leave alone (Block, Force Orb)
            self.chosen = combat.choose_defense(board, target, attack,
                                                steady_only=board.incapacitated(target),
                                                attacker=attacker)
        self.used_before = 0
        steady = False
        if self.chosen is not None:
            used = target.extra.get(DEFENSE_USED, {}) or {}
            self.used_before = int(used.get(str(self.chosen[0]), 0))
            steady = combat.all_defenses(board, target)[self.chosen[0]][1]
        self.dmod = 0 if steady else combat.defense_modifier(board, target)
        if self.chosen is not None:
            self.dmod += sum(int(m["n"]) for m in bonuses.defense_bonus(board, target,
                                                                           self.chosen[0]))
        self.dazed = attacker is not None and attacker.has_condition("Daze") \
            and not combat.by_itself(attack, is_spell)
        self.rows = _effect_rows(board, attack, target, traits,
                                 bonuses.effect(board, attacker, attack, target, role=None,
                                                moved=moved))
        self.armor_now = board.armor(target)
        self.effects_apply = bool(self.rows) and not (board.has_trait(target, "Incorporeal")
                                                      and not has_named(traits, "Ethereal"))
        # The Dummy Mage Wizard's Voltaric Shield (solo.rules.mages): its first damage a round
        # loses 3.
        dm = board.mages[Side.DM]
        shield = target.id == Side.DM and dm.card == "Wizard" \
            and dm.extra.get(mages.SHIELD_USED) != board.round
        self.states: dict[State, Fraction] = {
            (board.wounds(target), 0, frozenset(), 0, shield): Fraction(1)}
        self.ended: dict[frozenset[str], Fraction] = {}  # the target destroyed: placed so far
        self.expected = Fraction(0)
        self.killed = Fraction(0)
        self.hit_first = Fraction(0)

    def _dies(self, wounds: int) -> bool:
        return self.life > 0 and wounds >= self.life and not self.indestructible

    def _end(self, placed: frozenset[str], p: Fraction) -> None:
        self.killed += p
        self.ended[placed] = self.ended.get(placed, Fraction(0)) + p

    def strike(self, first: bool, dist: list[tuple[int, Fraction]]) -> None:
        """One more strike, ``dist`` the chance of each damage it deals when it hits."""
        nxt: dict[State, Fraction] = {}
        for (wounds, uses, placed, corroded, shielded), p in self.states.items():
            go = p
            if self.dazed and (first or not self.zone):  # a zone attack checks its Daze once
                _add(nxt, (wounds, uses, placed, corroded, shielded), go / 2)
                go -= go / 2
            if self.immune:
                _add(nxt, (wounds, uses, placed, corroded, shielded), go)
                continue
            chosen = self.chosen
            if chosen is not None and (chosen[1].uses == "unlimited"
                                       or self.used_before + uses < int(chosen[1].uses)):
                avoid = go * _d12_at_least(chosen[1].roll - self.dmod)
                uses += 1
                _add(nxt, (wounds, uses, placed, corroded, shielded), avoid)
                go -= avoid
            if first:
                self.hit_first += go
            for rolled, q in dist:
                self._hit(nxt, go * q, rolled, (wounds, uses, placed, corroded, shielded))
        self.states = nxt

    def _hit(self, nxt: dict[State, Fraction], r: Fraction, rolled: int, state: State) -> None:
        """A strike that hits, with chance ``r``, for ``rolled`` damage, then its effect roll."""
        wounds, uses, placed, corroded, shielded = state
        amount, still = rolled, shielded
        if shielded and rolled > 0:
            amount, still = max(0, rolled - 3), False
        self.expected += r * amount
        if amount > 0 and self._dies(wounds + amount):  # destroyed: no effect roll
            self._end(placed, r)
            return
        if not self.effects_apply:
            _add(nxt, (wounds + amount, uses, placed, corroded, still), r)
            return
        for conds, c in self.rows:
            got: set[str] = set()
            room, acid, tainted, new_corrode = max(0, self.armor_now - corroded), 0, 0, 0
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
            if self._dies(after) and (amount or acid or tainted):
                self._end(key_placed, r * c)
            else:
                _add(nxt, (after, uses, key_placed, corroded + new_corrode, still), r * c)

    def odds(self) -> Odds:
        chance: dict[str, Fraction] = {}
        finals = [(placed, p) for (_, _, placed, _, _), p in self.states.items()] \
            + list(self.ended.items())
        for placed, p in finals:
            for cond in placed:
                chance[cond] = chance.get(cond, Fraction(0)) + p
        return Odds(float(self.expected), float(self.killed),
                    {k: float(v) for k, v in chance.items()}, float(self.hit_first))


def _add(states: dict[State, Fraction], key: State, p: Fraction) -> None:
    if p:
        states[key] = states.get(key, Fraction(0)) + p


def _damage_distribution(board: Board, attacker: Piece | None, attack: Attack, target: Piece,
                         traits: list[str], *, first: bool, moved: bool,
                         is_spell: bool) -> list[tuple[int, Fraction]]:
    """Each damage amount one strike that is neither missed nor avoided deals, with its chance."""
    dice, _ = combat.attack_dice(board, attacker, attack, target, first=first, moved=moved,
                                 is_spell=is_spell)
    incorporeal = board.has_trait(target, "Incorporeal")
    ethereal = has_named(traits, "Ethereal")
    piercing = trait_value(traits, "Piercing") or 0
    base_armor = 0 if incorporeal else board.armor(target) + sum(
        int(m["n"]) for m in bonuses.armor(board, attacker, target))
    armor = 0 if has_named(traits, "Critical Damage") else max(0, base_armor - piercing)
    resilient = board.has_trait(target, "Resilient")
    no_damage = has_named(traits, "No Damage") or board.has_trait(target, "Indestructible")
    by_amount: dict[int, Fraction] = {}
    for normal, critical, ones_n, ones_c, p in _rolled(board, attacker, attack, dice, first):
        if incorporeal and not ethereal:
            amount = ones_c + max(0, ones_n - armor)
        else:
            amount = critical + (0 if resilient else max(0, normal - armor))
        if no_damage:
            amount = 0
        by_amount[amount] = by_amount.get(amount, Fraction(0)) + p
    return sorted(by_amount.items())


def _rolled(board: Board, attacker: Piece | None, attack: Attack, dice: int,
            first: bool) -> list[tuple[int, int, int, int, Fraction]]:
    """:func:`dice_outcomes`, or, when Akiro's Favor rolls the dice again after fewer damage
    points than dice (solo.rules.abilities.bonuses.reroll), what that leaves."""
    outcomes = dice_outcomes(dice)
    if not bonuses.may_reroll(board, attacker, attack, first=first):
        return list(outcomes)
    low = sum((p for n, c, _, _, p in outcomes if n + c < dice), Fraction(0))
    return [(n, c, on, oc, (p if n + c >= dice else Fraction(0)) + low * p)
            for n, c, on, oc, p in outcomes]


def _effect_rows(board: Board, attack: Attack, target: Piece, traits: list[str],
                 more: list[Said]) -> list[tuple[tuple[str, ...], Fraction]]:
    """What one effect roll places on ``target``: each list of conditions (a marker per entry)
    with its chance.  The roll is moved as the engine moves it (Tough, the damage type,
    Extinguish's Burns, +4 against a Restrained or Incapacitated target for the attack that says
    so, and card text: ``more``); Push and Snatch are moves, not markers; Slam on an Unmovable creature becomes Daze;
    conditions the target cannot have are left out.  Empty when the attack has no effect table."""
    if not attack.effects:
        return []
    tough = trait_value(board.traits(target), "Tough") or 0
    mod = tough + combat.damage_type_modifier(board, target, attack.damage_type) \
        + sum(int(m["n"]) for m in more)
    if has_named(traits, "Extinguish"):
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
                    if c == "Slam" and bonuses.unmovable(board, target) \
                            and not isinstance(target, Conjuration):
                        c = "Daze"
                    if not combat.condition_block(board, target, c):
                        got.append(c)
                break
        key = tuple(got)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, 12)
    return list(out.items())
