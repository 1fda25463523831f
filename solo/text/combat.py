"""The words of combat: every line an attack records (:mod:`solo.rules.combat`), the labels of
the dice it asks a person to roll, why a condition is not gained, the messages of the attacks
solo cannot resolve, the contract JSON of an attack (contract section 6), and its odds as a
menu or ``solo roll attack`` shows them.

Each code has one function in :data:`LINES`.  A strike's and an attack's lines begin with a
capital letter (a name such as "the Dummy Mage" is written lower-case mid-sentence); the
fragments that go inside another line (a die's modifier, a reason) are left as they are.  The
glossary's by-hand notes (``attack.by-hand``) word into as many lines as there are notes, and
load the glossary only when some attack needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from solo.core.errors import SoloError
from solo.rules.combat.results import AttackResult, Push, Strike
from solo.rules.said import Said, Who
from solo.text.naming import attack_label, cap, counted, label_of, name_of
from solo.text.render import line, lines

if TYPE_CHECKING:
    from solo.rules.odds import Odds

__all__ = ["LINES", "attack_json", "strike_json", "push_json", "odds_json", "odds_text", "pct",
           "signed"]

#: A code -> the function that words it (see :mod:`solo.text.render`).
LINES: dict[str, Callable[[Said], Any]] = {}

Build = Callable[[Said], str]


def _words(code: str) -> Callable[[Build], Build]:
    """Register the decorated function as the wording of ``code``."""
    def register(build: Build) -> Build:
        LINES[code] = build
        return build
    return register


def signed(n: int) -> str:
    """A modifier with its sign (a true minus sign): ``+2``, ``−1``."""
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def _n(who: Who | None) -> str:
    return name_of(None, who)


# -- why a condition is not gained (fragments) --------------------------------------------------

LINES.update({
    "block.uncontainable": lambda s: "it is Uncontainable",
    "block.not-living": lambda s: "only Living creatures bleed",
    "block.plant": lambda s: "Plants do not bleed",
    "block.incorporeal": lambda s: "Corrode has no effect on Incorporeal objects",
    "block.burnproof": lambda s: "it is Burnproof",
    "block.poison-immunity": lambda s: "it has Poison Immunity",
    "block.psychic-immunity": lambda s: "it has Psychic Immunity",
    "block.conjuration": lambda s: f"conjurations cannot gain {s['condition']}",
    "block.taunt-mage": lambda s: f"{_short(s['taunter'])}'s Taunt does not affect mages",
    "block.taunt-psychic": lambda s: (f"it has Psychic Immunity ({_short(s['taunter'])}'s Taunt "
                                      "is psychic)"),
})


def _short(card: str) -> str:
    """A named creature's short name: ``Skeelax`` for ``Skeelax, Taunting Imp``."""
    return card.split(",")[0]


# -- why an attack rolls its dice (fragments) -----------------------------------------------------

#: Why card text gives a bonus (solo.rules.abilities.bonuses), as a fragment.
_WHY = {
    "paid": "pays 4 mana: +1 per mana",
    "strongest": "against the Strongest enemy creature",
    "burning": "against a target with a Burn marker",
    "temples": "one per friendly temple",
    "initiative": "its side has the initiative",
    "pack": "Redclaw in its zone",
    "counterstrike": "its first counterstrike this round",
    "flank": "another soldier damaged the target this round",
    "rage": "3 or more Rage tokens",
    "rage-tokens": "one per Rage token",
    "pride": "Makunda in its zone",
    "first-melee": "its first melee attack this round",
    "bloodshaman": "a Deptonne Bloodshaman in its zone, a Bleeding target",
    "bleeding": "a creature in its zone has a Bleed marker",
    "hydro": "Hydro attacks are Ethereal against it",
    "dark-guard": "guarding with a friendly Dark conjuration in its zone",
    "inactive": "an inactive target",
    "charge": "with its Charge bonus",
    "two-moves": "two move actions just before, not back and forth",
    "guarding": "while guarding",
    "dark": "against a Nonliving or Dark attacker",
    "commanded": "a friendly command spell this round",
}

_PARTS: dict[str, Callable[[Said], str]] = {
    "dice.base": lambda s: f"{s['attack']} {s['dice']}",
    "dice.melee": lambda s: f"Melee {signed(s['n'])}",
    "dice.guarding": lambda s: f"Melee {signed(s['n'])} (guarding)",
    "dice.charge": lambda s: f"Charge {signed(s['n'])}",
    "dice.bloodthirsty": lambda s: f"Bloodthirsty {signed(s['n'])} (damaged Living target)",
    "dice.ranged": lambda s: f"Ranged {signed(s['n'])}",
    "dice.vs": lambda s: str(s["trait"]),
    "dice.damage-type": lambda s: f"target's {s['type']} {signed(s['n'])}",
    "dice.extinguish": lambda s: f"Extinguish: {s['burn']} Burn on the target {signed(s['n'])}",
    "dice.range": lambda s: f"{counted(s['zones'], 'zone')} beyond 1 {signed(s['n'])}",
    "dice.weak": lambda s: f"Weak {signed(s['n'])}",
    "dice.stagger": lambda s: f"Stagger x{s['markers']} {signed(s['n'])}",
    "dice.enchantments": lambda s: f"{' + '.join(s['names']) or 'enchantments'} {signed(s['n'])}",
    "dice.target-enchantment": lambda s: f"target's {s['name']} {signed(s['n'])}",
    "dice.aegis": lambda s: f"target's Aegis {s['aegis']} {signed(s['n'])}",
    "dice.floor": lambda s: f"never below 1 (would be {s['total']})",
    "dice.ability": lambda s: f"{_short(s['card'])} {signed(s['n'])} ({_WHY[s['why']]})",
    "dice.ability-effect": lambda s: f"{_short(s['card'])} {signed(s['n'])} ({_WHY[s['why']]})",
    "dice.prey": lambda s: f"against its prey {signed(s['n'])}",
}
LINES.update(_PARTS)


# -- a Defense offered to your object ------------------------------------------------------------

def _defense_mods(s: Said, word: Callable[[int, str], str]) -> str:
    """What moves a Defense roll, each part worded by ``word``: Daze and Restrained, then what
    card text adds (``bonus``, solo.rules.abilities.bonuses)."""
    bonus = int(s.get("bonus") or 0)
    parts = ((s["mod"] - bonus, "Daze/Restrained"), (bonus, "card text"))
    return "".join(word(v, why) for v, why in parts if v)


@_words("defense.offer")
def _defense_offer(s: Said) -> str:
    """Two lines: the attack as it stands when the Defense is offered (who, where, with what,
    how many dice), then the question with the Defense's chance."""
    by, at = s["by"], s["at"]
    where = f" in {s['zone']}" if s["zone"] else ""
    role = "" if s["role"] == "attack" else f" ({s['role']})"
    who = f"{cap(label_of(None, by))}{where} attacks" if by is not None else f"{s['attack']} attacks"
    parts = f" ({', '.join(line(p) for p in s['parts'])})" if s["parts"] else ""
    mod = _defense_mods(s, lambda v, why: f", {v:+d} for {why}")
    return (f"{who} {label_of(None, at)} with {s['attack']}{role}: "
            f"{counted(s['dice'], 'attack die', 'attack dice')}{parts}.\n"
            f"{cap(name_of(None, at))} can try its Defense {s['need']}+ "
            f"({s['chance']:.0%} to avoid the attack{mod}). Use it?")


# -- the dice a person is asked to roll (labels) ------------------------------------------------

def _for(s: Said) -> str:
    """Who attacks whom with what: ``the Dummy Mage's Timber Wolf (dm-3) Bite at your mage``."""
    return attack_label(None, s["by"], s["attack"], s["at"], s["role"])


LINES.update({
    "roll.daze": lambda s: f"{_for(s)}: Daze check (7 or more goes ahead)",
    "counter.reverse-attack": lambda s: (f"  {_n(s['of'])}'s Reverse Attack is revealed and "
                                         "destroyed: "
                                         + ("the counterstrike is Unavoidable, so it has no "
                                            "effect." if s["unavoidable"] else
                                            "the counterstrike turns back on its striker.")),
    "roll.blind": lambda s: f"{_for(s)}: Blind check (7 or more goes ahead)",
    "roll.defense": lambda s: f"{_for(s)}: Defense {s['need']}+ of {label_of(None, s['at'])}",
    "roll.attack-dice": lambda s: (f"{_for(s)}: {s['dice']} attack dice"
                                   + (" again (Akiro's Favor)" if s.get("again") else "")),
    "roll.effect": lambda s: f"{_for(s)}: effect die",
    "roll.push": lambda s: (f"{s['attack']} pushes {label_of(None, s['target'])}: direction "
                            "(1-3 north, 4-6 east, 7-9 south, 10-12 west)"),
    "roll.snatch": lambda s: (f"{s['attack']} snatches {label_of(None, s['target'])}: which "
                              "zone closer"),
})


# -- attacks solo cannot resolve (messages) -----------------------------------------------------

@_words("combat.zone-reported")
def _zone_reported(s: Said) -> str:
    return (f"{s['attack']} is a zone attack: report each object's damage separately or let "
            "solo roll it")


@_words("combat.no-such-attack")
def _no_such_attack(s: Said) -> str:
    return (f"{_n(s['by'])} has no attack named {s['attack']!r} "
            f"(its attacks: {', '.join(s['known']) or 'none'})")


@_words("combat.dice-by-hand")
def _dice_by_hand(s: Said) -> str:
    what = "no attack dice" if s["dice"] is None else f"{s['dice']} attack dice"
    return (f"{s['attack']} rolls {what}; solo cannot resolve it, the card's text decides "
            "(resolve it by hand)")


@_words("combat.not-on-board")
def _not_on_board(s: Said) -> str:
    return f"{s['card']} ({s['id']}) is not on the board"


# -- an attack's lines ----------------------------------------------------------------------------

@_words("attack.unknown")
def _unknown(s: Said) -> str:
    return (f"{_n(s['by'])} attacks {_n(s['target'])} with an attack solo does not know "
            "(no Defense is rolled for it).")


@_words("attack.declared")
def _declared(s: Said) -> str:
    kind = "zone attack" if s["zone"] else (s["kind"] or "attack")
    return (f"{_n(s['by'])} attacks {_n(s['target'])} with {s['attack']} "
            f"({kind}{', spell' if s['spell'] else ''}"
            f"{', dice rolled by you' if s['reported'] else ''}).")


def _by_hand(s: Said) -> list[str]:
    """The glossary's by-hand note of every term among the names (none, one or several)."""
    from solo.cards.glossary import by_hand_notes

    return [cap(x) for x in by_hand_notes(s["names"])]


LINES["attack.by-hand"] = _by_hand


@_words("zone.cast")
def _zone_cast(s: Said) -> str:
    hit = ", ".join(_n(p) for p in s["targets"]) if s["targets"] else "nothing there to hit"
    return f"{_n(s['by'])} casts {s['attack']} on zone {s['zone']}: {hit}."


@_words("zone.daze")
def _zone_daze(s: Said) -> str:
    return (f"{_n(s['by'])} is Dazed: effect die {s['roll']} "
            + ("(7 or more): the attack goes ahead." if s["roll"] >= 7
               else "(6 or less): the whole zone attack misses."))


LINES.update({
    "sweep.none": lambda s: "Sweeping: no second, different target, so no second attack.",
    "sweep.second": lambda s: (f"Whirling Strike: the attack goes on, at {_n(s['target'])} "
                               "(one strike)." if s.get("whirl")
                               else f"Sweeping: a second attack, at {_n(s['target'])}."),
    "barrier.hits": lambda s: (f"Damage barrier: {s['barrier']} of {_n(s['of'])} hits "
                               f"{_n(s['target'])}."),
    "passage.attacks": lambda s: (f"Passage attack: {_n(s['wall'])} attacks {_n(s['target'])} "
                                  "as it is pushed through."),
    "counter.out-of-reach": lambda s: (f"{_n(s['by'])} is no longer in the attacker's zone "
                                       "and cannot counterstrike."),
    "counter.incapacitated": lambda s: (f"{_n(s['by'])} is Incapacitated and cannot "
                                        "counterstrike."),
    "strike.destroyed": lambda s: f"{s['card']} ({s['id']}) is destroyed.",
})


@_words("counter.strikes")
def _counter(s: Said) -> str:
    first = s["first"]
    return (f"Counterstrike{' first' if first else ''}: {_n(s['by'])} strikes back with "
            f"{s['attack']}" + (", before the attack is rolled." if first else "."))


# -- a strike's lines -----------------------------------------------------------------------------

def _head(s: Said) -> str:
    """How a strike's dice line begins: ``  Attack dice:`` for the attack itself."""
    role = s["role"]
    if role == "attack":
        return f"{_n(s['target'])}: attack dice" if s["zone"] else "  Attack dice:"
    return f"{role[0].upper()}{role[1:]} at {_n(s['target'])}: attack dice"


@_words("strike.dice")
def _dice(s: Said) -> str:
    return f"{_head(s)} {s['dice']} ({', '.join(line(p) for p in s['parts'])})."


@_words("strike.dice-by-card")
def _dice_by_card(s: Said) -> str:
    return f"{_head(s)} {s['dice']}, as its card says."


@_words("strike.daze")
def _daze(s: Said) -> str:
    return (f"  {_n(s['by'])} is Dazed: effect die {s['roll']} "
            + ("(6 or less): the attack misses." if s["roll"] <= 6
               else "(7 or more): the attack goes ahead."))


@_words("strike.blind")
def _blind(s: Said) -> str:
    return (f"  {_n(s['by'])} is Blinded (Blind): effect die {s['roll']} "
            + ("(6 or less): the attack misses." if s["roll"] <= 6
               else "(7 or more): the attack goes ahead."))


@_words("strike.martyr")
def _martyr(s: Said) -> str:
    return (f"  Martyr's Aura: {s['k']} of that damage goes onto the Dummy Mage instead of "
            f"{_n(s['target'])}.")


@_words("strike.defense")
def _defense(s: Said) -> str:
    roll, mod = s["roll"], s["mod"]
    shown = f"{roll}" + (_defense_mods(s, lambda v, why: f" {signed(v)} ({why})")
                         + f" = {roll + mod}" if mod else "")
    return (f"  {_n(s['target'])}'s Defense {s['need']}+: rolled {shown}: "
            + ("the attack is avoided." if s["avoided"] else "it fails."))


@_words("strike.reported-dice")
def _reported_dice(s: Said) -> str:
    return (f"  You rolled {'the 1s ' if s['ones'] else ''}normal {s['normal']}, "
            f"critical {s['critical']}.")


@_words("strike.rolled")
def _rolled(s: Said) -> str:
    faces = " ".join(f"[{f}]" for f in s["faces"])
    return f"  Rolled {faces}: normal {s['normal']}, critical {s['critical']}."


@_words("strike.armor")
def _armor(s: Said) -> str:
    armor, piercing = s["armor"], s["piercing"]
    note = f"armor {armor}"
    if piercing and armor:
        note += f", Piercing {piercing}: counts as {max(0, armor - piercing)}"
    if s["critical_damage"]:
        note = "Critical Damage: armor does not apply"
    return (f"  Against {note}: {s['critical']} critical + {s['normal']} normal = "
            f"{s['damage']} damage.")


@_words("strike.revealed")
def _revealed(s: Said) -> str:
    paid = f" and pay its {s['cost']} mana" if s["cost"] else ""
    return (f"  Reveal your {s['card']} on {_n(s['target'])}{paid}: with +{s['more']} life it "
            f"survives the {s['damage']} damage.")


@_words("strike.drain")
def _drain(s: Said) -> str:
    drain = s["drain"]
    return f"  Mana Drain +{drain}: " + (
        f"your side loses {drain} mana, if it has any." if s["yours"]
        else "the Dummy Mage has no mana to lose.")


def _ability(what: Callable[[Said], str]) -> Callable[[Said], str]:
    """A line of a bonus card text gives (solo.rules.abilities.bonuses): the card, what it
    gives, why."""
    return lambda s: f"  {_short(s['card'])}: {what(s)} ({_WHY[s['why']]})."


@_words("strike.effect")
def _effect(s: Said) -> str:
    roll = s["roll"]
    moved = ((s["tough"], "Tough"), (s["dmod"], s["type"] or ""), (s["ext"], "Extinguish"),
             (s["held"], "Restrained or Incapacitated target"),
             *((int(m["n"]), f"{_short(m['card'])}: {_WHY[m['why']]}")
               for m in s.get("more") or ()))
    mods = "".join(f" {signed(v)} ({why})" for v, why in moved if v)
    total = roll + sum(v for v, _ in moved)
    shown = f"{roll}{mods}" + (f" = {total}" if mods else "")
    return f"  Effect die {shown}: " + (", ".join(s["markers"]) or "no effect") + "."


LINES.update({
    "strike.reversed": lambda s: (f"  Reverse Attack: the attack strikes {_n(s['target'])} "
                                  "itself."),
    "strike.zone-daze-missed": lambda s: "  Missed: the attacker's Daze check failed.",
    "strike.immune": lambda s: (f"  {_n(s['target'])} has {s['type']} Immunity: no damage, "
                                "no effects."),
    "strike.spared": lambda s: (f"  {_n(s['target'])} is {s['kind']}: {s['attack']}'s card makes "
                                "it immune (no damage, no effects)."),
    "strike.avoided-by": lambda s: f"  {_n(s['target'])}'s {s['card']} avoids the attack.",
    "strike.unavoidable": lambda s: (f"  {'Zone attacks are' if s['zone'] else 'The attack is'} "
                                     "Unavoidable: no Defense."),
    "strike.incapacitated": lambda s: (f"  {_n(s['target'])} is Incapacitated and cannot "
                                       "use its Defense."),
    "strike.defense-declined": lambda s: (f"  {_n(s['target'])} does not use its Defense "
                                          f"{s['need']}+."),
    "strike.incorporeal": lambda s: (f"  {_n(s['target'])} is Incorporeal: only the 1s "
                                     f"count, {s['damage']} damage."),
    "strike.resilient": lambda s: (f"  {_n(s['target'])} is Resilient: only critical damage "
                                   f"counts, {s['damage']} damage."),
    "strike.no-damage": lambda s: "  The attack has No Damage: it deals none.",
    "strike.indestructible": lambda s: (f"  {_n(s['target'])} is Indestructible: it takes "
                                        "no damage."),
    "strike.extinguish": lambda s: (f"  Extinguish: remove the {counted(s['burn'], 'Burn marker')}"
                                    f" of {_n(s['target'])}."),
    "strike.rage": lambda s: (f"  {_n(s['target'])} is enraged: it gains a Rage token "
                              f"(Melee +1 each, {s['most']} at most)."),
    "strike.vampiric": lambda s: f"  Vampiric: {_n(s['by'])} heals {s['healed']}.",
    "strike.reconstruct": lambda s: (f"  {_n(s['by'])} Reconstructs {s['healed']} damage "
                                     "(its attack damaged a Corporeal creature)."),
    "strike.ability": _ability(lambda s: f"the attack gains {s['trait']}"),
    "strike.spent-by-unavoidable": lambda s: (f"  {_n(s['target'])}'s {s['card']} is destroyed "
                                              "without effect (the attack is Unavoidable)."),
    "strike.ability-armor": _ability(lambda s: f"armor {signed(s['n'])}"),
    "strike.ability-defense": _ability(lambda s: f"Defense roll {signed(s['n'])}"),
    "strike.ability-reroll": lambda s: (f"  {s['card']}: {counted(s['points'], 'damage point')} "
                                        f"on {s['dice']} dice: the attack dice are rolled again, "
                                        "and the second roll stands."),
    "strike.no-effects": lambda s: (f"  {_n(s['target'])} is Incorporeal: no effects from "
                                    "a non-Ethereal attack."),
    "strike.reported-markers": lambda s: ("  You report " + (", ".join(s["markers"])
                                                            or "no markers") + "."),
    "strike.slam-is-daze": lambda s: f"  {_n(s['target'])} is Unmovable: Daze instead of Slam.",
    "strike.no-condition": lambda s: f"  No {s['condition']}: {line(s['why'])}.",
    "strike.gains": lambda s: f"  {_n(s['target'])} gains " + ", ".join(s["conditions"]) + ".",
    "strike.acid": lambda s: (f"  Its armor is already 0: {s['acid']} Corrode become {s['acid']} "
                              "direct acid damage instead."),
})


@_words("push.pushed")
def _pushed(s: Said) -> str:
    head = f"  Push: compass {s['roll']} = {s['direction']}; {_n(s['target'])}"
    if s["edge"]:
        return f"{head} is pushed into the arena edge and is Bashed."
    if s["wall"] is not None:
        return f"{head} is pushed into {_n(s['wall'])} (Passage Blocked) and is Bashed."
    return f"{head} moves from {s['start']} to {s['to']}."


LINES.update({
    "push.unmovable": lambda s: f"  Push: {_n(s['target'])} is Unmovable and stays put.",
    "snatch.here": lambda s: f"  Snatch: {_n(s['target'])} is already in the attacker's zone.",
    "snatch.unmovable": lambda s: (f"  Snatch: {_n(s['target'])} is Unmovable or Uncontainable "
                                   "and stays put."),
    "snatch.blocked": lambda s: (f"  Snatch: {_n(s['target'])} is pulled into {_n(s['wall'])} "
                                 "(Passage Blocked) and is Bashed."),
    "snatch.pulled": lambda s: (f"  Snatch: {_n(s['target'])} is pulled from {s['start']} to "
                                f"{s['to']}, toward the attacker."),
})


# -- what putting an attack on the board changed ----------------------------------------------

@_words("applied.removed")
def _removed(s: Said) -> str:
    if s["obliterated"]:
        return (f"Remove {s['card']} ({s['id']}) from the game: it is obliterated (it goes to "
                "no discard pile).")
    return f"Remove {s['card']} ({s['id']}) from the arena: it is destroyed."


LINES.update({
    "applied.once-used": lambda s: (f"{label_of(None, s['by'])} has counterstruck: "
                                    f"{s['marker']} is used up; remove it."),
    "applied.retaliated": lambda s: (f"{label_of(None, s['by'])} has counterstruck: "
                                     f"destroy {s['card']}."),
    "applied.unveiled": lambda s: (f"{label_of(None, s['by'])} has attacked: it loses the "
                                   "Invisible trait until the next Reset."),
    "applied.defeated": lambda s: (f"{_n(s['mage'])} has {s['damage']} damage, reaching its "
                                   f"life of {s['life']}."),
})


# -- the contract's JSON (section 6) --------------------------------------------------------------

def push_json(p: Push) -> dict[str, Any]:
    return {"roll": p.roll, "direction": p.direction, "from": p.start, "to": p.to,
            "blocked_by": p.blocked_by}


def strike_json(s: Strike) -> dict[str, Any]:
    """Contract section 6 keys for one strike, then extra keys."""
    return {"attack": s.attack, "dice": s.dice, "faces": list(s.faces),
            "avoided": s.avoided, "defense_roll": s.defense_roll, "armor": s.armor,
            "normal": s.normal, "critical": s.critical, "damage": s.damage,
            "effect_roll": s.effect_roll, "conditions": list(s.conditions),
            "role": str(s.role), "attacker": s.attacker, "target": s.target,
            "target_card": s.target_card,
            "dice_modifiers": [line(p) for p in s.dice_parts[1:]], "daze_roll": s.daze_roll,
            "missed": s.missed, "immune": s.immune, "defense": s.defense,
            "defense_modifier": s.defense_modifier, "effect_total": s.effect_total,
            "ignored_conditions": list(s.ignored),
            "push": push_json(s.push) if s.push else None,
            "healed": s.healed, "destroyed": s.destroyed, "acid": s.acid,
            "extinguished": s.extinguished, "rage": s.rage,
            "obliterated": s.destroyed and s.obliterate}


def attack_json(result: AttackResult) -> dict[str, Any]:
    """Contract section 6: the main strike's keys, then every strike under ``strikes`` and the
    lines under ``steps``."""
    m = result.main
    if m is None:
        raise SoloError(f"{result.attack} hit nothing")
    out = strike_json(m)
    out["target"] = m.target
    out["total_damage"] = sum(s.damage for s in result.strikes
                              if s.target == m.target and s.attacker == m.attacker)
    out["strikes"] = [strike_json(s) for s in result.strikes]
    out["steps"] = lines(result.steps)
    return out


# -- odds -------------------------------------------------------------------------------------------

def odds_json(odds: Odds) -> dict[str, Any]:
    return {"expected_damage": round(odds.expected_damage, 4), "kill": round(odds.kill, 4),
            "effects": {k: round(v, 4) for k, v in sorted(odds.effects.items())}}


def odds_text(odds: Odds) -> str:
    """``~2.5 dmg, kill 31%, Daze 25%`` -- the figures a menu shows beside an attack."""
    parts = [f"~{odds.expected_damage:.1f} dmg"]
    if odds.kill:
        parts.append(f"kill {pct(odds.kill)}")
    parts += [f"{c} {pct(p)}" for c, p in sorted(odds.effects.items())]
    return ", ".join(parts)


def pct(p: float) -> str:
    """A chance as a whole percentage; one that is not 0 or 1 never shows as 0% or 100%.

    >>> pct(0.004), pct(0.5), pct(0.999), pct(1.0)
    ('<1%', '50%', '>99%', '100%')
    """
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{p:.0%}"


# -- every line of a strike or an attack begins with a capital letter -----------------------------

#: The codes of fragments, labels and messages: worded as they are, not as lines.
_NOT_LINES = ("block.", "dice.", "roll.", "combat.")


def _capped(build: Callable[[Said], str]) -> Callable[[Said], str]:
    return lambda s: cap(build(s))


for _code, _build in list(LINES.items()):
    if not _code.startswith(_NOT_LINES) and _code != "attack.by-hand":
        LINES[_code] = _capped(_build)


# -- card abilities at their moments (solo.rules.abilities.triggers) ---------------------------

def _who(s: Said, key: str = "who") -> str:
    return name_of(None, s[key])


def _plague(s: Said) -> str:
    hit = [name_of(None, w) for w in s["rotted"]]
    what = ", ".join(hit) if hit else "no Living creature"
    return (f"{cap(_who(s))} is destroyed: a Rot marker on every Living creature in its zone "
            f"({what}).")


def _summon_heal(s: Said) -> str:
    shown = " ".join(f"[{f}]" for f in s["dice"])
    return (f"{cap(_who(s))} is summoned: 4 attack dice {shown} heal "
            f"{_who(s, 'healed_who')} {s['n']}.")


def _returns(s: Said) -> str:
    text = f"{cap(_who(s))} comes into play in {s['zone']}, inactive"
    if s["zombie"] is not None:
        text += f", with a Zombie marker and {s['zombie']} damage (its Level)"
    return text + "."


def _explodes(s: Said) -> str:
    hit = ", ".join(name_of(None, w) for w in s["hit"]) or "nothing"
    why = f" (its roll was {s['roll']} or more)" if s["roll"] is not None else ""
    return (f"{cap(_who(s))} goes off as it is destroyed{why}: {s['attack']} attacks every "
            f"object in {s['zone']} ({hit}).")


LINES.update({
    "ability.prey-damage": lambda s: f"{cap(_who(s))}'s prey {_who(s, 'prey')} takes "
                                     f"{s['n']} direct damage.",
    "ability.suffocation": lambda s: f"Drown on {_who(s)} gains a Suffocation token ({s['n']} "
                                     f"now): {_who(s)} has Upkeep +{s['n']}.",
    "ability.upkeep-heal": lambda s: f"{cap(_who(s))} heals {_who(s, 'healed_who')} {s['n']} "
                                     "(even past Finite Life).",
    "ability.reconstruct": lambda s: f"{cap(_who(s))}: {_who(s, 'mended')} reconstructs "
                                     f"{s['n']} damage.",
    "ability.life-loss": lambda s: f"{cap(_who(s))}: {_who(s, 'mage')} loses {s['n']} life "
                                   "(put it as damage on that mage).",
    "ability.gold": lambda s: f"{cap(_who(s))} gains a Gold token ({s['gold']} now: Piercing "
                              f"+{s['gold']} on Avaricious Strike).",
    "ability.magma-burn": lambda s: f"{cap(_who(s))} gains a Burn marker ({s['burn']} now: its "
                                    "Burns hurt the other creatures in its zone).",
    "ability.summon-heal-roll": lambda s: f"{cap(_who(s))}'s heal as it is summoned",
    "ability.summon-heal": _summon_heal,
    "ability.summon-heal-none": lambda s: f"{cap(_who(s))} is summoned: no damaged friendly "
                                          "Living creature within 1 zone to heal.",
    "ability.obliterates": lambda s: f"{cap(_who(s))} is activated: it obliterates "
                                     f"{_who(s, 'eaten')} (remove it from the game) and gains a "
                                     "Growth marker.",
    "ability.self-mend": lambda s: f"{cap(_who(s))} is activated: it removes {s['n']} damage "
                                   "from itself.",
    "ability.piercing-round": lambda s: f"{cap(_who(s))} is activated: its attacks have "
                                        f"Piercing +{s['n']} this round.",
    "ability.guard-heal": lambda s: f"{cap(_who(s))} guards and heals {s['n']} of her damage.",
    "ability.chains": lambda s: f"Chains of Agony: {_who(s)} takes {s['n']} direct damage for "
                                "its move action.",
    "ability.destroyed": lambda s: f"{cap(_who(s))} is destroyed: remove it from the arena.",
    "ability.devoured": lambda s: f"{cap(_who(s))} devoured {_who(s, 'eaten')}: it gains a "
                                  "Growth marker.",
    "ability.follows": lambda s: f"{cap(_who(s))} follows the creature it pushed into "
                                 f"{s['zone']}.",
    "ability.plague": _plague,
    "ability.inactive": lambda s: f"{cap(_who(s))} is destroyed: {_who(s, 'stopped')} becomes "
                                  "inactive (flip its action marker).",
    "ability.wrath": lambda s: f"{cap(_who(s))} gains a Wrath token ({s['tokens']} now: Melee "
                               f"+{s['tokens']}).",
    "ability.explode-roll": lambda s: f"Does {_who(s)}'s {s['attack']} go off?",
    "ability.no-explosion": lambda s: f"{cap(_who(s))}'s {s['attack']} does not go off: "
                                      f"{s['roll']} (it needs {s['least']} or more).",
    "ability.explodes": _explodes,
    "ability.egg": lambda s: f"{cap(_who(s))} comes into play with an egg token on it.",
    "ability.larva-placed": lambda s: f"{cap(_who(s))} moves its egg onto {_who(s, 'host')} as "
                                      "an Ichthellid Larva marker (the Dummy Mage pays 1 mana).",
    "ability.larva": lambda s: f"The Larva in {_who(s)} hatches: an Ichthellid of the Dummy "
                               f"Mage's comes into {s['zone']} at the end of the round.",
    "ability.larva-yours": lambda s: f"Your Larva in {_who(s)} may hatch: put an Ichthellid of "
                                     f"yours face down in {s['zone']}; it comes into play at the "
                                     "end of the round (add it with edit).",
    "ability.rise-again": lambda s: f"Rise Again: {_who(s)} comes back at the end of the round "
                                    f"in {s['zone']} as the Dummy Mage's zombie (it pays half "
                                    "its cost).",
    "ability.no-hatch": lambda s: f"No Ichthellid in the Dummy Mage's creature discard pile: "
                                  f"nothing hatches in {s['zone']}.",
    "ability.returns": _returns,
    "ability.ghoul-eats": lambda s: f"{cap(_who(s))} eats {_who(s, 'eaten')}, destroyed here this "
                                    "round (its quick action): "
                                    + ("take that card out of your discard pile and out of the "
                                       "game" if s["yours"] else "that card leaves the game")
                                    + "; it gains a Growth marker.",
    "upkeep.burn-spread": lambda s: f"{cap(_who(s))}'s Burn hits {_who(s, 'hit')}: "
                                    f"{s['damage']} damage.",
})
