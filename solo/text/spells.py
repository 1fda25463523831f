"""The sentences of the Dummy Mage's spells: what it casts where and what that does
(:mod:`solo.rules.spells`, :mod:`solo.rules.pushes`), what its enchantments do in the Upkeep
(:mod:`solo.rules.spell_upkeep`), why it discards a spell unused (the refusals of
:mod:`solo.automaton.spells` and :mod:`solo.rules.spell_targets`) and what it rolls the dice for.

One function per line code, in :data:`LINES`.  A cast's instruction holds ``parts``: the lines
of what the spell did, each worded here and joined with semicolons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solo.core.kinds import Side
from solo.rules.said import Said, Who
from solo.rules.targeting import DAMAGE_TYPES
from solo.text.naming import cap, counted, label_of
from solo.text.render import line


def _who(s: Said, key: str = "who") -> str:
    who: Who = s[key]
    return label_of(None, who)


def _faces(s: Said) -> str:
    return " ".join(s["faces"])


def _joined(parts: Sequence[Said]) -> str:
    return "; ".join(line(p) for p in parts)


def _cast(head: str, parts: Sequence[Said], none: str) -> str:
    """``Cast X on Y: what it did.``, or ``none`` after the head when it did nothing to tell."""
    return head + (": " + _joined(parts) + "." if parts else none)


def _listed(names: Sequence[str], down: int) -> str:
    """The enchantments destroyed, with the face-down ones counted."""
    every = [*names, *([counted(down, "face-down one")] if down else [])]
    return ", ".join(every) or "hidden ones too"


# -- casting -------------------------------------------------------------------------------------

def _revive(s: Said) -> str:
    text = (f"Cast {s['card']}: take {s['name']} from the Dummy Mage's creature discard pile and "
            f"put it in {s['zone']} with the Dummy Mage, with an inactive action marker. Its id "
            f"is {s['id']}.")
    if s["zombie"] is not None:
        text += f" Put {s['zombie']} damage and a Zombie marker on it."
        if s["slow"]:
            text += " It was Slow already, so put a Stun marker on it too."
    return text


def _attack_zone(s: Said) -> str:
    hit = ", ".join(label_of(None, w) for w in s["hit"])
    return (f"Cast {s['card']} on zone {s['zone']}: it attacks every object there except the "
            f"Dummy Mage ({hit or 'nothing'}). {s['dice']} attack dice each.")


def _attack_at(s: Said) -> str:
    text = f"Cast {s['card']} at {_who(s)} in {s['zone']}: {s['dice']} attack dice."
    if s["sweep"] is not None:
        text += f" It sweeps on to {_who(s, 'sweep')}, rolled again."
    return text


def _onward(s: Said) -> str:
    zones = s["zones"]
    if not zones:
        return (f"{s['card']}'s direction is {s['direction']} (compass die): no zone lies beyond, "
                "so it stops after this attack.")
    return (f"{s['card']}'s direction is {s['direction']} (compass die): after this attack it "
            f"rolls on that way and attacks each zone in turn: {', '.join(zones)}.")


_CASTING: dict[str, Callable[[Said], str]] = {
    "spell.deck-empty": lambda s: (f"The Dummy Mage's {s['deck']} deck is empty: it loses this "
                                   "quickcast."),
    "spell.inferred": lambda s: (f"({s['card']} has no Dummy Mage note; its placement follows "
                                 "its target line.)"),
    "spell.by-hand": lambda s: f"By hand ({s['card']}): {s['text']}",
    "spell.discard": lambda s: f"Discard {s['card']} unused: {line(s['reason'])}.",
    "spell.cast.zone-enchantment": lambda s: f"Cast {s['card']} face up on zone {s['zone']}.",
    "spell.cast.zone": lambda s: _cast(f"Cast {s['card']} on zone {s['zone']}"
                                       + (f" and zone {s['also']}" if s.get("also") else ""),
                                       s["parts"], ", then discard it."),
    "spell.cast.enchantment": lambda s: (f"Cast {s['card']} on {_who(s)} and reveal it at once "
                                         "(face up)."),
    "spell.marker": lambda s: f"Put a {s['name']} marker on {_who(s)}.",
    "spell.parts": lambda s: cap(_joined(s["parts"])) + ".",
    "spell.cast.on": lambda s: _cast(f"Cast {s['card']} on {_who(s)}", s["parts"],
                                     ", then discard it."),
    "spell.cast.steal": lambda s: (f"Cast {s['card']}: move {s['name']} from {_who(s)} to "
                                   f"{_who(s, 'to')}; the Dummy Mage controls it now."),
    "spell.cast.arena": lambda s: _cast(f"Cast {s['card']} on the whole arena", s["parts"], "."),
    "spell.cast.revive": _revive,
    "spell.attack.zone": _attack_zone,
    "spell.attack.at": _attack_at,
    "spell.attack.farther": lambda s: (f"{s['card']} goes on to {_who(s)} in {s['zone']}: "
                                       f"{s['dice']} attack dice."),
    "spell.attack.jump": lambda s: (f"{s['card']} damaged its target and jumps to {_who(s)} in "
                                    f"{s['zone']}: {s['dice']} attack dice, {s['less']} off the "
                                    "effect die."),
    "spell.attack.onward": _onward,
    "spell.attack.second-zone": lambda s: (
        f"{s['card']} strikes the adjacent zone {s['zone']} too: it attacks every object there "
        f"except the Dummy Mage ({', '.join(label_of(None, w) for w in s['hit']) or 'nothing'})."),
    "spell.attack.wall": lambda s: (f"{s['card']} also attacks {_who(s)}, the wall between the "
                                    f"two zones: {s['dice']} attack dice."),
    "spell.attack.quake": lambda s: (f"{s['card']} attacks {_who(s)} with {s['dice']} "
                                     "Unavoidable attack dice."),
}


# -- what a spell did (the parts of a cast) ------------------------------------------------------

def _reveal_finite(s: Said) -> str:
    paid = f" and pay its {s['cost']} mana" if s["cost"] else ""
    return f"reveal your {s['name']} on it{paid}: with Finite Life it heals nothing"


def _teleport(s: Said) -> str:
    text = f"teleport {_who(s)} from {s['start']} to {s['to']}"
    if s["stuck"]:
        text += f" and remove its {counted(s['stuck'], 'Stuck marker')} (a teleport frees it)"
    return text


_PARTS: dict[str, Callable[[Said], str]] = {
    "spell.part.remove": lambda s: (f"remove {counted(s['k'], s['cond'] + ' marker')} from "
                                    f"{_who(s)}"),
    "spell.part.marker": lambda s: f"put a {s['name']} marker on {_who(s)}",
    "spell.part.marker-too": lambda s: f"put a {s['name']} marker on {_who(s)} too",
    "spell.part.cannot-gain": lambda s: f"{_who(s)} cannot gain {s['name']} ({line(s['why'])})",
    "spell.part.reveal-finite": _reveal_finite,
    "spell.part.heal": lambda s: (f"{_who(s)} heals: rolled {_faces(s)} = {s['amount']}; "
                                  f"remove {s['healed']} damage (it now has {s['now']})"),
    "spell.part.heal-caster": lambda s: (f"the Dummy Mage heals: rolled {_faces(s)} = "
                                         f"{s['amount']}; remove {s['healed']} damage"),
    "spell.part.damage": lambda s: (f"{_who(s)} takes {s['amount']} direct damage (rolled "
                                    f"{_faces(s)})"),
    "spell.part.dm-heals": lambda s: f"the Dummy Mage heals {s['healed']}",
    "spell.part.heals": lambda s: f"{_who(s)} heals {s['healed']}",
    "spell.part.destroyed": lambda s: f"{_who(s)} is destroyed: remove it",
    "spell.part.move-damage": lambda s: f"move {s['moved']} damage from {_who(s)} to the Dummy Mage",
    "spell.part.banish": lambda s: (f"take {_who(s)} out of the arena and put {s['n']} Banish "
                                    "tokens on it; one comes off each Upkeep, and it returns to "
                                    f"{s['zone']} when the last one does"),
    "spell.part.purge": lambda s: (f"destroy every enchantment on {_who(s)} "
                                   f"({_listed(s['names'], s['down'])})"),
    "spell.part.destroy-magic": lambda s: (f"destroy every enchantment in {s['zone']} "
                                           f"({_listed(s['names'], s['down'])})"),
    "spell.part.unenchanted-dies": lambda s: (f"{_who(s)} now has damage equal to its life: it "
                                              "is destroyed, remove it"),
    "spell.part.dispel": lambda s: f"destroy {s['name']} on {_who(s)}",
    "spell.part.disarm": lambda s: (f"put a Disable marker on {s['name']}, worn by {_who(s)}: "
                                    "it gives nothing (no attack, armor or Defense) until the "
                                    "next Reset"),
    "spell.part.seek": lambda s: (f"destroy your face-down {s['name']} on {_who(s)} (you may "
                                  "not reveal it)"),
    "spell.part.effect-die": lambda s: (f"effect die {s['r']} for {_who(s)}: put a {s['cond']} "
                                        "marker on it"),
    "spell.part.effect-die-none": lambda s: f"effect die {s['r']} for {_who(s)}: no {s['cond']}",
    "spell.part.reconstruct": lambda s: (f"{_who(s)} reconstructs: rolled {_faces(s)} = "
                                         f"{s['amount']}; remove {s['fixed']} damage"),
    "spell.part.mana": lambda s: (f"rolled {_faces(s)} = {s['amount']}: {_who(s)} loses "
                                  f"{s['amount']} mana (as much as it has)"),
    "spell.part.caster-life": lambda s: (f"the Dummy Mage's life goes up by {s['n']} (to "
                                         f"{s['life']})"),
    "spell.part.control": lambda s: (f"the Dummy Mage controls {s['card']} ({s['id']}) now: it "
                                     "acts as one of its creatures, from the next Reset"),
    "spell.part.guard": lambda s: f"put a guard marker on {_who(s)}",
    "spell.part.activate": lambda s: f"flip the action marker of {_who(s)} to its active side",
    "spell.part.teleport": _teleport,
    "spell.part.destroy-equipment": lambda s: (f"destroy {s['name']}, the equipment of {_who(s)} "
                                               "with the highest casting cost (it goes to your "
                                               "discard pile)"),
    "spell.part.attack": lambda s: (f"then {s['card']} attacks {_who(s)} with {s['attack']}: "
                                    f"{s['dice']} attack dice"),
    "spell.part.then-destroy": lambda s: f"then destroy {s['card']}",
}


# -- pushes --------------------------------------------------------------------------------------

def _struck(what: str, s: Said) -> str:
    """A strike on a pushed object: avoided, no harm to an immune one, or the dice and damage."""
    if s["avoided"] or s["immune"]:
        return f"{what}: {'it avoids the attack' if s['avoided'] else 'it is immune'}"
    marks = "".join(f", put a {c} marker on it" for c in s["conditions"])
    return f"{what}: {s['dice']} attack dice, rolled {_faces(s)}: {s['damage']} damage{marks}"


def _pushed(s: Said) -> str:
    start, to = s["start"], s["to"]
    return (f"push {_who(s)} one zone {s['direction']}: "
            + (f"from {start} to {to}" if to != start else f"it stays in {start}"))


def _bashed(s: Said) -> str:
    where = "the arena's edge" if s["wall"] is None else _who(s, "wall")
    return _struck(f"{_who(s)} is Bashed against {where}", s)


_PUSHES: dict[str, Callable[[Said], str]] = {
    "spell.push.unmovable": lambda s: f"{_who(s)} is Unmovable and stays in {s['zone']}",
    "spell.push.pushed": _pushed,
    "spell.push.bashed": _bashed,
    "spell.push.wall-attacks": lambda s: _struck(f"{_who(s, 'attacker')} attacks it with "
                                           f"{s['attack']} as it is pushed through", s),
}


# -- enchantments in the Upkeep and at the end of the round ---------------------------------------

_UPKEEP: dict[str, Callable[[Said], str]] = {
    "spell.upkeep.damage": lambda s: f"{s['name']}: put {s['n']} damage on {_who(s)}.",
    "spell.upkeep.dm-heals": lambda s: f"{s['name']}: the Dummy Mage heals {s['healed']}.",
    "spell.upkeep.transfer": lambda s: (f"{s['name']}: move {s['k']} damage from {_who(s)} to the "
                                       "Dummy Mage."),
    "spell.upkeep.dm-takes": lambda s: f"{s['name']}: the Dummy Mage takes the {s['k']} damage.",
    "spell.upkeep.heals": lambda s: f"{s['name']}: {_who(s)} heals {s['healed']}.",
    "spell.upkeep.marker": lambda s: (f"{s['name']}: effect die {s['r']}: put a {s['cond']} marker "
                                     f"on {_who(s)}."),
    "spell.upkeep.dissipated": lambda s: (f"{s['name']} on {_who(s)} loses its last Dissipate "
                                          "token: destroy it."),
    "spell.upkeep.dissipate": lambda s: (f"{s['name']} on {_who(s)}: remove a Dissipate token "
                                         f"({s['n']} left)."),
    "spell.upkeep.ends": lambda s: f"{cap(_who(s))}: {s['name']} ends with the round; destroy it.",
}


# -- why a spell is discarded unused ---------------------------------------------------------------

#: Whose targets a refusal speaks of.
_WHOSE: dict[str, str] = {"enemy": "enemy", "friendly": "friendly", Side.DM: "the Dummy Mage",
                          Side.YM: "your mage"}


def _whose(s: Said) -> str:
    return _WHOSE[s["whose"]]


def _immune_to(kind: str) -> Callable[[Said], str]:
    return lambda s: f"it has {kind} Immunity"


_REFUSALS: dict[str, Callable[[Said], str]] = {
    "spell.deck-exhausted": lambda s: (f"the {s['deck']} deck is exhausted, so the Dummy Mage "
                                       "loses this turn"),
    "spell.unusable": lambda s: str(s["text"]),
    "spell.mage-only.school": lambda s: (f"only a mage trained in {s['school']} magic can cast "
                                         f"it, and the Dummy Mage is {s['mage']}"),
    "spell.mage-only.mage": lambda s: (f"only the {s['want']} can cast it, and the Dummy Mage is "
                                       f"{s['mage']}"),
    "spell.requires.friendly-creature": lambda s: ("the Dummy Mage has no creature in the arena "
                                                   "for it to work with"),
    "spell.out-of-range": lambda s: "nothing it could target is in range",
    **{f"spell.immune.{kind.lower()}": _immune_to(kind) for kind in DAMAGE_TYPES},
    "spell.all-immune": lambda s: (f"every {_whose(s)} target in range is immune to it "
                                   f"({line(s['why'])})"),
    "spell.all-have-it": lambda s: (f"every {_whose(s)} target in range where it would work "
                                    "already has what it gives"
                                    + (" or had it this round" if s["limit"] else "")),
    "spell.no-target": lambda s: f"no {_whose(s)} target in range where it would work",
    "spell.not-a-target": lambda s: f"{_whose(s)} is not a target in range where it would work",
    "spell.no-enemy-zone": lambda s: "no zone in range holds an enemy it would affect",
    "spell.no-friendly-zone": lambda s: "no zone in range holds a friendly creature it would help",
    "spell.no-trap-zone": lambda s: ("no zone in range without enemies lies next to an enemy it "
                                     "could catch"),
    "spell.arena-helps-yours": lambda s: ("it would help none of the Dummy Mage's objects more "
                                          "than yours"),
    "spell.arena-no-gain": lambda s: ("no Dummy Mage creature in the arena would gain anything "
                                      "from it"),
    "spell.no-free-zone": lambda s: "no zone in range is free of it",
    "spell.no-closer-zone": lambda s: ("no zone in range is closer to your mage than the Dummy "
                                       "Mage's own"),
    "spell.no-revivable": lambda s: ("no creature in the Dummy Mage's discard pile can come back "
                                     "with it"),
    "spell.no-attack": lambda s: "it has no attack",
    "spell.attack-out-of-range": lambda s: ("neither your mage nor any of your creatures is in "
                                            "range"),
    "spell.nothing-to-steal": lambda s: (f"no enchantment of {_who(s)} could go on a Dummy Mage "
                                         "creature where it would work"),
}


# -- what the dice are rolled for ------------------------------------------------------------------

_DICE: dict[str, Callable[[Said], str]] = {
    "spell.tie": lambda s: f"tie: {line(s['why'])}",
    "spell.why.enemies": lambda s: f"enemy creatures for {s['card']}",
    "spell.why.friends": lambda s: f"friendly creatures for {s['card']}",
    "spell.why.zones": lambda s: f"zones for {s['card']}",
    "spell.why.targets": lambda s: f"targets for {s['card']}",
    "spell.why.second": lambda s: f"second target for {s['card']}",
    "spell.why.jump": lambda s: f"{s['card']}: where it jumps",
    "spell.roll.direction": lambda s: f"{s['card']} direction",
    "spell.why.bash-second": lambda s: f"{s['card']}: second target",
    "spell.pick.next": lambda s: f"{s['card']}: next creature",
    "spell.pick.enchantment": lambda s: f"{s['card']}: which enchantment",
    "spell.roll.push": lambda s: f"{s['card']} push direction",
    "spell.roll.push-of": lambda s: f"{s['card']} push of {_who(s)}",
    "spell.roll.effect": lambda s: f"{s['card']}: effect die for {_who(s)}",
    "spell.roll.upkeep": lambda s: f"{s['name']} on {_who(s)}",
    "spell.dice.heal": lambda s: f"{s['card']} healing for {_who(s)}",
    "spell.dice.heal-caster": lambda s: f"{s['card']} healing for the Dummy Mage",
    "spell.dice.damage": lambda s: f"{s['card']} damage to {_who(s)}",
    "spell.dice.reconstruct": lambda s: f"{s['card']} for {_who(s)}",
    "spell.dice.mana": lambda s: f"{s['card']} mana",
}


def _all(*tables: dict[str, Callable[[Said], str]]) -> dict[str, Callable[[Said], str]]:
    out: dict[str, Callable[[Said], str]] = {}
    for table in tables:
        assert not out.keys() & table.keys()
        out.update(table)
    return out


LINES: dict[str, Callable[[Said], str]] = _all(_CASTING, _PARTS, _PUSHES, _UPKEEP, _REFUSALS,
                                               _DICE)

__all__ = ["LINES"]
