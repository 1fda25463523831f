"""`solo roll attack`: one catalog attack against one catalog card (contract section 6).

Both cards go on a scratch board (the attacker on the Dummy Mage's side, the target on yours,
in zones the attack can reach) and the attack is resolved by :mod:`solo.rules.combat` with a seeded
source, so ``--seed`` repeats it exactly.  Nothing but the two cards modifies the attack.
"""

from __future__ import annotations

import json

import click

from solo.cli.app import WHOLE
from solo.cli.term import echo
from solo.rules.board import Board, Piece, new_board
from solo.rules.effects import Equip, Move
from solo.rules.effects import apply as put, apply_all as put_all
from solo.cards.catalog import Attack, Card, get_catalog
from solo.rules.combat import AttackResult, resolve_attack, resolve_zone_attack
from solo.rules.dice import SeededSource
from solo.rules import targeting
from solo.rules.odds import attack_odds
from solo.core.errors import SoloError
from solo.text.combat import attack_json, odds_json, pct
from solo.text.render import lines as text_lines

ATTACKER_TYPES = ("Creature", "Mage", "Attack")
TARGET_TYPES = ("Creature", "Conjuration", "Mage")
HOME = "B2"


def _card(name: str, types: tuple[str, ...], role: str) -> Card:
    card = get_catalog().get(name)  # unknown names raise with "did you mean"
    if card.type not in types:
        kinds = [_kind(t) for t in types]
        raise SoloError(f"{card.name} is {_kind(card.type)}; the {role} must be "
                        f"{', '.join(kinds[:-1])} or {kinds[-1]}")
    return card


def _kind(card_type: str) -> str:
    word = "attack spell" if card_type == "Attack" else card_type.lower()
    return ("an " if word[0] in "aeiou" else "a ") + word


def _describe(a: Attack) -> str:
    dice = a.dice if a.dice is not None else "no"
    return f"{a.name} ({a.kind or 'special'}, {dice} dice)"


def _rollable(a: Attack) -> bool:
    return (isinstance(a.dice, int) and not isinstance(a.dice, bool)
            and a.kind not in ("damage-barrier", "passage") and not a.has("Heal"))


def _can_reach(a: Attack, attacker: Card, target: Card) -> bool:
    """A melee attack reaches a Flying target only from a Flying attacker or with Reach."""
    if not a.is_melee or not target.has("Flying"):
        return True
    return attacker.has("Flying") or a.has("Reach")


def _shielded(a: Attack, attacker: Card, target: Card) -> bool:
    """Whether the target is immune to the attack's damage type, so that it cannot target it
    (the codex's Immunity; a zone attack targets no object: it just does the immune one no
    harm)."""
    if not a.damage_type or a.zone or a.kind == "zone" or not _rollable(a):
        return False
    board, _, t = scratch(attacker, target, a)
    return targeting.shielded_from(board, a, t)


def _usable_at(a: Attack, attacker: Card, target: Card) -> bool:
    return _can_reach(a, attacker, target) and not _shielded(a, attacker, target)


def pick_attack(attacker: Card, target: Card, name: str | None) -> Attack:
    """The attack named ``name``, or the default: the first melee attack that can reach the
    target, else the first other attack."""
    listing = ", ".join(_describe(a) for a in attacker.attacks)
    if name is not None:
        for a in attacker.attacks:
            if a.name.lower() == name.strip().lower():
                if not _rollable(a):
                    raise SoloError(f"{attacker.name}'s {_describe(a)} is not an attack solo can "
                                    f"roll; its attacks: {listing}")
                return a
        raise SoloError(f"{attacker.name} has no attack named {name!r}; its attacks: "
                        + (listing or "none"))
    usable = [a for a in attacker.attacks if _rollable(a)]
    if not usable:
        raise SoloError(f"{attacker.name} has no attack to roll"
                        + (f" (its attacks: {listing})" if listing else " (it has no attacks)"))
    melee = [a for a in usable if a.is_melee and _usable_at(a, attacker, target)]
    if melee:
        return melee[0]
    others = [a for a in usable if not a.is_melee]
    return ([a for a in others if _usable_at(a, attacker, target)] or others or usable)[0]


def _others(attacker: Card, target: Card, attack: Attack) -> str:
    """The attacks of ``attacker`` that reach ``target``, as a refusal offers them."""
    others = [a.name for a in attacker.attacks
              if a is not attack and _rollable(a) and _usable_at(a, attacker, target)]
    return f" (its {', '.join(others)} can: --attack NAME)" if others else ""


def _zone_at(board: Board, start: str, distance: int) -> str:
    for z in board.arena.zones():
        if board.distance(start, z) == distance:
            return z
    raise SoloError(f"no zone {distance} steps from {start} in this arena")


def equipment_names(names: tuple[str, ...] | list[str], role: str) -> list[str]:
    """Catalog names of equipment cards; anything else is refused with one line (exit 2)."""
    out = []
    for name in names:
        card = get_catalog().get(name)
        if card.type != "Equipment":
            raise SoloError(f"{card.name} is {_kind(card.type)}, not equipment, for --{role}")
        out.append(card.name)
    return out


def scratch(attacker: Card, target: Card, attack: Attack, *, equip: list[str] | None = None,
            wield: list[str] | None = None) -> tuple[Board, Piece, Piece]:
    """A board holding just the attacker (Dummy Mage side) and the target (your side);
    ``equip`` is what the target mage wears, ``wield`` what the attacking mage (or the mage
    casting the attack spell) wears."""
    board = new_board(dm_mage=attacker.name if attacker.type == "Mage" else "Warlock",
                      ym_mage=target.name if target.type == "Mage" else "Beastmaster",
                      dm_zone="A1", ym_zone="D3")
    if attacker.type == "Creature":
        a: Piece = board.add_creature(attacker.name, "dm", HOME, id="attacker")
    else:  # a mage, or the Dummy Mage casting an attack spell
        a = board.mages["dm"]
        put(board, Move("dm", HOME))
        put_all(board, [Equip("dm", name) for name in wield or []])
    lo, hi = attack.range
    zone = HOME if attack.zone or attack.kind == "zone" or attack.is_melee else \
        _zone_at(board, HOME, min(max(lo, 0), 3))
    if target.type == "Mage":
        t: Piece = board.mages["ym"]
        put(board, Move("ym", zone))
        put_all(board, [Equip("ym", name) for name in equip or []])
    elif target.type == "Creature":
        t = board.add_creature(target.name, "ym", zone, id="target")
        if zone == board.mages["ym"].zone:
            put(board, Move("ym", "D1"))
    else:
        border = board.arena.neighbours(zone)[0] if target.is_wall else None
        t = board.add_conjuration(target.name, "ym", zone, border=border, id="target")
    return board, a, t


def roll_attack_result(attacker_name: str, target_name: str, attack_name: str | None,
                       seed: int | None, equip: tuple[str, ...] = (),
                       wield: tuple[str, ...] = ()) -> tuple[AttackResult, dict]:
    """Resolve the attack; returns the result and the JSON object of contract section 6.
    ``equip``: equipment the target mage wears; ``wield``: equipment the attacking mage wears."""
    attacker = _card(attacker_name, ATTACKER_TYPES, "attacker")
    target = _card(target_name, TARGET_TYPES, "target")
    worn = equipment_names(equip, "equip")
    held = equipment_names(wield, "wield")
    if worn and target.type != "Mage":
        raise SoloError(f"--equip dresses a mage, and {target.name} is {_kind(target.type)}")
    if held and attacker.type == "Creature":
        raise SoloError(f"--wield dresses a mage (the attacker, or the one casting an attack "
                        f"spell), and {attacker.name} is {_kind(attacker.type)}")
    if held and attacker.type == "Mage":  # a mage also attacks with what it wields
        attacks = list(attacker.attacks)
        for name in held:
            attacks += get_catalog().get(name).attacks
        attacker = Card(name=attacker.name, type=attacker.type, attacks=tuple(attacks),
                        traits=attacker.traits, life=attacker.life)
    attack = pick_attack(attacker, target, attack_name)
    if not _can_reach(attack, attacker, target):
        raise SoloError(f"{attacker.name} cannot make its {attack.name} at {target.name}: a "
                        f"melee attack reaches a Flying creature only from a flyer or with "
                        f"Reach" + _others(attacker, target, attack))
    if _shielded(attack, attacker, target):
        raise SoloError(f"{attacker.name} cannot make its {attack.name} at {target.name}: it "
                        f"cannot target an object immune to {str(attack.damage_type).lower()} attacks"
                        + _others(attacker, target, attack))
    board, a, t = scratch(attacker, target, attack, equip=worn, wield=held)
    source = SeededSource(seed)
    spell = attacker.type == "Attack"
    odds = attack_odds(board, a, attack, t, is_spell=spell)
    if attack.zone or attack.kind == "zone":
        result = resolve_zone_attack(board, a, attack, t.zone, source, is_spell=spell)
    else:
        result = resolve_attack(board, a, attack, t, source, is_spell=spell)
    out = attack_json(result)
    out.update({"attacker_card": attacker.name, "target_card": target.name,
                "target_life": board.life(t), "target_armor": board.armor(t),
                "seed": source.seed, "odds": odds_json(odds)})
    return result, out


def odds_line(odds: dict, target: str) -> str:
    """``Odds before rolling: expected damage 2.5, destroys Fox 31%, Daze 25%.``"""
    parts = [f"expected damage {odds['expected_damage']:.1f}"]
    if odds["kill"]:
        parts.append(f"destroys {target} {pct(odds['kill'])}")
    parts += [f"{c} {pct(p)}" for c, p in odds["effects"].items()]
    return "Odds before rolling: " + ", ".join(parts) + "."


def render(result: AttackResult, out: dict) -> str:
    lines = [odds_line(out["odds"], out["target_card"]), *text_lines(result.steps)]
    main = result.main
    name, life = out["target_card"], out["target_life"]
    mine = [s for s in result.strikes if s.target == out["target"] and s.attacker == out["attacker"]]
    if main is not None and main.missed:
        summary = f"Result: the attack missed {name}"
    elif main is not None and main.immune:
        summary = f"Result: {name} is immune"
    elif len(mine) > 1:
        summary = f"Result: {out['total_damage']} damage to {name} in {len(mine)} strikes"
    elif out["avoided"]:
        summary = f"Result: {name} avoided the attack"
    else:
        summary = f"Result: {out['damage']} damage to {name}"
    if any(s.destroyed for s in mine):
        summary += f", destroyed (life {life})"
    elif life:
        summary += f" (life {life})"
    placed = [c for s in mine for c in s.conditions]
    if placed:
        summary += "; it gains " + ", ".join(placed)
    lines.append(summary + ".")
    back: dict[str, int] = {}
    for s in result.strikes:
        if s.target != out["target"]:
            back[s.target] = back.get(s.target, 0) + s.damage
    for ident, dmg in back.items():
        who = out["attacker_card"] if ident == out["attacker"] else ident
        lines.append(f"{who} takes {dmg} damage back.")
    lines.append(f"(seed {out['seed']}: add --seed {out['seed']} to roll the same again)")
    return "\n".join(lines)



def _complete_cards(ctx, param, incomplete):
    from solo.cli.completion import cards

    return cards(ctx, param, incomplete)

@click.command(name="attack")
@click.argument("attacker", metavar="ATTACKER", shell_complete=_complete_cards)
@click.option("--attack", "attack_name", metavar="NAME",
              help="Which of the attacker's attacks (default: its first melee attack that can "
                   "reach the target, else its first attack).")
@click.option("--vs", "target", required=True, metavar="TARGET", shell_complete=_complete_cards,
              help="The card attacked: a creature, conjuration or mage.")
@click.option("--equip", multiple=True, metavar="EQUIPMENT",
              help="Equipment the target mage wears (repeat for each): its armor, Defenses and "
                   "traits count.")
@click.option("--wield", multiple=True, metavar="EQUIPMENT",
              help="Equipment the attacking mage wears (repeat for each): its attacks and traits "
                   "count.")
@click.option("--seed", type=WHOLE, default=None, help="Seed, to make the attack repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (contract section 6).")
def roll_attack(attacker: str, attack_name: str | None, target: str, equip: tuple[str, ...],
                wield: tuple[str, ...], seed: int | None, as_json: bool) -> None:
    """Resolve one attack of ATTACKER (a creature, mage or attack spell) against TARGET.

    \b
    Examples:
      solo roll attack "Timber Wolf" --vs "Bitterwood Fox"
      solo roll attack Fireball --vs "Timber Wolf" --seed 7 --json
      solo roll attack "Darkfenne Hydra" --attack "Triple Bite" --vs "Iron Golem"
      solo roll attack "Timber Wolf" --vs Beastmaster --equip "Leather Boots"
    """
    result, out = roll_attack_result(attacker, target, attack_name, seed, equip, wield)
    if as_json:
        echo(json.dumps(out), fold=False)
        return
    from solo.rules.yours import by_hand

    # what the equipment does that solo leaves to you (Fireshaper Ring's die on a flame attack)
    notes = [x for name in dict.fromkeys(equipment_names(equip, "equip") + equipment_names(wield, "wield"))
             for x in text_lines(by_hand(get_catalog().get(name)))]
    echo("\n".join([render(result, out), *notes]), fold=False)
