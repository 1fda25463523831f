"""The exact odds of an attack (solo/rules/odds.py) against every outcome the engine itself gives.

Each check plays the attack through ``combat.resolve_attack`` once for every possible sequence
of die results (a tree walk: each run follows one branch, the results it had not been given
before start at 1 and open siblings), weighs each run by its exact chance, and compares the
expected damage, the kill chance and each condition's chance with ``odds.attack_odds``.  A
rule added to the engine and not to the odds (or the other way round) fails here.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from solo.rules import combat
from solo.rules.board import Board, Piece, new_board
from solo.cards.catalog import Attack
from solo.rules.dice import DiceSource
from solo.rules.odds import attack_odds, dice_outcomes


class _Branch(DiceSource):
    """Gives ``prefix`` first, then 1 for every further roll, recording the sides asked."""

    def __init__(self, prefix: list[int]) -> None:
        super().__init__()
        self.prefix = prefix
        self.sides: list[int] = []
        self.values: list[int] = []

    def _next(self, sides: int, label: str) -> int:
        i = len(self.values)
        value = self.prefix[i] if i < len(self.prefix) else 1
        self.sides.append(sides)
        self.values.append(value)
        return value


def enumerate_attack(board: Board, attacker: Piece, attack: Attack, target: Piece):
    """Every outcome of the attack: (chance, damage to the target, destroyed, conditions)."""
    todo: list[list[int]] = [[]]
    while todo:
        prefix = todo.pop()
        src = _Branch(prefix)
        result = combat.resolve_attack(board, attacker, attack, target, src, is_spell=False)
        for j in range(len(prefix), len(src.values)):
            for v in range(2, src.sides[j] + 1):
                todo.append(src.values[:j] + [v])
        chance = Fraction(1)
        for s in src.sides:
            chance /= s
        mine = [s for s in result.strikes if s.target == target.id]
        conditions = {c for s in mine for c in s.conditions}
        yield chance, result.damage_to(target.id), any(s.destroyed for s in mine), conditions


def check_against_engine(board: Board, attacker: Piece, attack: Attack, target: Piece) -> None:
    expected = kill = Fraction(0)
    effects: dict[str, Fraction] = {}
    total = Fraction(0)
    for chance, damage, destroyed, conditions in enumerate_attack(board, attacker, attack, target):
        total += chance
        expected += chance * damage
        kill += chance if destroyed else 0
        for c in conditions:
            effects[c] = effects.get(c, Fraction(0)) + chance
    assert total == 1
    odds = attack_odds(board, attacker, attack, target)
    assert odds.expected_damage == pytest.approx(float(expected), abs=1e-9)
    assert odds.kill == pytest.approx(float(kill), abs=1e-9)
    assert set(odds.effects) == set(effects)
    for c, p in effects.items():
        assert odds.effects[c] == pytest.approx(float(p), abs=1e-9), c


def _duel(attack: dict, target: str = "Asyran Defender", **target_stats) -> tuple[Board, Piece, Attack, Piece]:
    board = new_board(dm_zone="A1", ym_zone="D3")
    a = board.add_creature("Timber Wolf", "dm", "B2", id="a")
    a.stats["attacks"] = [attack]
    t = board.add_creature(target, "ym", "B2", id="t")
    t.stats.update(target_stats)
    return board, a, board.attacks(a)[0], t


def _melee(dice: int, effects=(), traits=()) -> dict:
    out: dict = {"name": "Test", "action": "quick", "kind": "melee", "range": [0, 0], "dice": dice}
    if effects:
        out["effects"] = [{"min": lo, "max": hi, "conditions": list(c)} for lo, hi, c in effects]
    if traits:
        out["traits"] = list(traits)
    return out


def test_dice_outcomes_are_exact():
    # One die: blank 1/3, each other face 1/6 -> mean 1, P(2 critical) 1/6.
    outs = dice_outcomes(1)
    assert sum(p for *_, p in outs) == 1
    assert sum((n + c) * p for n, c, _, _, p in outs) == 1
    assert sum(p for n, c, *_ , p in outs if c == 2) == Fraction(1, 6)


def test_three_dice_against_no_armor_average_three():
    board, a, attack, t = _duel(_melee(3), target="Timber Wolf", armor=0)
    odds = attack_odds(board, a, attack, t)
    assert odds.expected_damage == pytest.approx(3.0)
    assert odds.effects == {}


@pytest.mark.parametrize("case", [
    "defense-and-armor", "effects-and-kill", "dazed", "incorporeal", "doublestrike-defense",
    "piercing", "burnproof", "unavoidable", "critical-damage", "resilient", "corroded",
    "extinguish", "tainted-effect"])
def test_odds_match_every_outcome_of_the_engine(case):
    if case == "defense-and-armor":  # Defense 9+, armor 2
        board, a, attack, t = _duel(_melee(2))
    elif case == "effects-and-kill":  # 8 life with 6 damage: kill chance and an effect table
        board, a, attack, t = _duel(_melee(2, [(5, 8, ["Daze"]), (9, None, ["Stun", "Daze"])]))
        t.damage = 6
    elif case == "dazed":
        board, a, attack, t = _duel(_melee(2, [(7, None, ["Weak"])]))
        a.conditions["Daze"] = 1
    elif case == "incorporeal":  # only the 1s count; no effects from a non-Ethereal attack
        board, a, attack, t = _duel(_melee(3, [(4, None, ["Stun"])]), target="Timber Wolf",
                                    traits=["Incorporeal"])
    elif case == "doublestrike-defense":  # one Defense use for two strikes; 8 life, 5 damage
        board, a, attack, t = _duel(_melee(1, traits=["Doublestrike"]))
        t.damage = 5
    elif case == "piercing":
        board, a, attack, t = _duel(_melee(2, traits=["Piercing +1"]), target="Timber Wolf",
                                    armor=2)
    elif case == "burnproof":  # Burn cannot be placed, Daze can
        board, a, attack, t = _duel(_melee(1, [(6, None, ["Burn", "Daze"])]), target="Timber Wolf",
                                    traits=["Burnproof"])
    elif case == "unavoidable":  # the Defense is never rolled
        board, a, attack, t = _duel(_melee(2, traits=["Unavoidable"]))
    elif case == "critical-damage":  # Critical Damage ignores armor 4
        board, a, attack, t = _duel(_melee(2, traits=["Critical Damage"]), target="Timber Wolf",
                                    armor=4)
    elif case == "resilient":  # only critical damage counts
        board, a, attack, t = _duel(_melee(3), target="Timber Wolf", traits=["Resilient"])
    elif case == "corroded":  # two Corrode markers take 2 armor off
        board, a, attack, t = _duel(_melee(2, [(6, None, ["Corrode"])]), target="Timber Wolf")
        t.conditions["Corrode"] = 2
    elif case == "extinguish":  # one die fewer and -1 on the effect per Burn; Burns removed
        board, a, attack, t = _duel(_melee(3, [(8, None, ["Daze"])], traits=["Extinguish"]),
                                    target="Timber Wolf")
        t.conditions["Burn"] = 1
    else:  # Tainted markers from the effect table
        board, a, attack, t = _duel(_melee(2, [(7, None, ["Tainted"])]), target="Timber Wolf")
    check_against_engine(board, a, attack, t)


def test_a_used_up_defense_is_not_counted():
    board, a, attack, t = _duel(_melee(2))
    fresh = attack_odds(board, a, attack, t)
    t.extra["defense_used"] = {"0": 1}
    spent = attack_odds(board, a, attack, t)
    assert spent.hit == 1.0 and fresh.hit == pytest.approx(1 - 4 / 12)
    assert spent.expected_damage > fresh.expected_damage
    check_against_engine(board, a, attack, t)


def test_roll_attack_json_has_the_odds_of_contract_section_6(run):
    out = run("roll", "attack", "Timber Wolf", "--vs", "Bitterwood Fox", "--json", "--seed", "1")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    odds = data["odds"]
    assert set(odds) == {"expected_damage", "kill", "effects"}
    # Bite 4 against the Fox (armor 0, life 5): a mean of 4, kill = P(4 dice show 5 or more).
    assert odds["expected_damage"] == 4.0
    kill = sum(p for n, c, _, _, p in dice_outcomes(4) if n + c >= 5)
    assert odds["kill"] == round(float(kill), 4)
    text = run("roll", "attack", "Timber Wolf", "--vs", "Bitterwood Fox", "--seed", "1").output
    assert "expected damage 4.0" in text and f"{float(kill):.0%}" in text
