"""The Dummy Mage's decisions in words: the lines of its quickcasts and creature actions
(:mod:`solo.automaton.quickcast`, :mod:`solo.automaton.creatures`,
:mod:`solo.automaton.movement`), and a decision as contract JSON (``solo dm --json``,
contract section 3).

One function per :class:`~solo.rules.said.Said` code, in :data:`LINES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solo.rules.decision import Decision
from solo.rules.said import Said, Who
from solo.text.naming import cap, label_of
from solo.text.render import line, lines
from solo.text.combat import attack_json

__all__ = ["LINES", "decision_json", "taken"]


def decision_json(decision: Decision) -> dict[str, Any]:
    """``decision`` as contract JSON: the effect-die rolls, the action, its data, the reason,
    the attacks' results and the numbered instructions' sentences."""
    out: dict[str, Any] = {"rolls": list(decision.rolls), "action": decision.action}
    out.update(decision.data)
    if decision.reason is not None:
        out["reason"] = line(decision.reason)
    if decision.results:
        out["results"] = [attack_json(r) for r in decision.results if r.main is not None]
    out["instructions"] = lines(decision.instructions)
    return out


def _who(s: Said, key: str = "who") -> str:
    who: Who = s[key]
    return label_of(None, who)


def _path(zones: tuple[str, ...]) -> str:
    return " then ".join(f"to {z}" for z in zones)


# -- a card taken from a deck ----------------------------------------------------------------

def taken(s: Said) -> str:
    """The line for a card the Dummy Mage takes from one of its decks."""
    if s["drawn"]:
        return f"You drew {s['card']} from the {s['deck']} deck."
    return f"Draw the top card of the {s['deck']} deck: {s['card']}."


# -- quickcast -------------------------------------------------------------------------------

def _qc_incapacitated(s: Said) -> str:
    return (f"Flip the Dummy Mage's quickcast marker: it is incapacitated ({', '.join(s['why'])}) "
            "and does nothing this stage.")


def _qc_incapacitated_reason(s: Said) -> str:
    return f"the Dummy Mage is incapacitated ({', '.join(s['why'])}) and loses this quickcast"


def _qc_reroll(s: Said) -> str:
    return (f"Rolled {', '.join(map(str, s['rerolled']))} but the Dummy Mage is 3 or more zones "
            f"from every enemy, so 8+ is rolled again; kept {s['kept']}.")


def _qc_second(s: Said) -> str:
    return f"Second roll {s['second']}: draw from the {s['deck']} deck."


def _qc_move_edge(s: Said) -> str:
    return (f"The Dummy Mage tries to move {s['direction']} from {s['start']}, but the "
            "arena's edge stops it: it stays where it is.")


def _qc_move_restrained(s: Said) -> str:
    return (f"The Dummy Mage would move {s['direction']} but is Restrained: it stays in "
            f"{s['start']}.")


def _qc_move_walled(s: Said) -> str:
    return (f"The Dummy Mage tries to move {s['direction']} from {s['start']}, but a wall "
            f"that blocks passage stands between {s['start']} and {s['dest']}: it stays.")


def _qc_move(s: Said) -> str:
    return f"Move the Dummy Mage one zone {s['direction']}: from {s['start']} to {s['dest']}."


def _qc_deck_empty(s: Said) -> str:
    return f"The Dummy Mage's {s['deck']} deck is empty: it loses this quickcast."


def _qc_deck_empty_reason(s: Said) -> str:
    return f"the {s['deck']} deck is exhausted, so the Dummy Mage loses this turn"


def _qc_summon_unusable(s: Said) -> str:
    return f"{line(s['taken'])} Discard it unused: {s['why']}."


def _qc_summon(s: Said) -> str:
    zone = s["zone"]
    where = f"in {zone}, the Summoning Circle's zone," if s["circle"] else \
        f"in {zone} with the Dummy Mage,"
    return (f"{line(s['taken'])} Put it {where} with an inactive action marker (it becomes "
            f"active at the next Reset). Its id is {s['id']}.")


def _qc_summon_by_hand(s: Said) -> str:
    return (f"solo does not apply all of {s['card']}; while it is in play, apply by hand: "
            + " ".join(x if x.endswith(".") else x + "." for x in s["notes"]))


# -- walking ---------------------------------------------------------------------------------

def _walk_passage(s: Said) -> str:
    return (f"{cap(_who(s, 'wall'))} has Passage Attacks: it attacks {_who(s, 'mover')} with "
            f"{s['attack']} as it passes through, before it moves on; if that destroys it, it "
            "does nothing more.")


def _walk_trample(s: Said) -> str:
    return (f"{cap(_who(s))} tramples {_who(s, 'target')} with {s['attack']} as it leaves "
            f"{s['start']} (Trample, once a round).")


# -- creature actions ------------------------------------------------------------------------

def _act_none(s: Said) -> str:
    return "The Dummy Mage has no creature left to act this round."


def _act_none_reason(s: Said) -> str:
    return "the Dummy Mage has no active creature left this round"


def _act_wait(s: Said) -> str:
    return (f"The Dummy Mage waits: you have more active creatures ({s['yours']} to its "
            f"{s['its']}). Take your next action.")


def _act_wait_reason(s: Said) -> str:
    return f"you have {s['yours']} active creatures to its {s['its']}"


def _act_incapacitated(s: Said) -> str:
    return (f"Flip the action marker of {_who(s)}: it is incapacitated ({', '.join(s['why'])}) "
            "and does nothing.")


def _act_incapacitated_reason(s: Said) -> str:
    return f"{s['card']} is incapacitated ({', '.join(s['why'])})"


def _act_held(s: Said) -> str:
    why = "is Rooted (it cannot move)" if s["rooted"] else "is Restrained"
    return f"{cap(_who(s))} {why} and has no one to attack: it stays in {s['zone']}."


def _act_taunted_shoots(s: Said) -> str:
    return f"{cap(_who(s))} is Taunted by {_who(s, 'thorg')} in the next zone: it shoots at him."


def _act_taunted_goes(s: Said) -> str:
    return f"{cap(_who(s))} is Taunted by {_who(s, 'thorg')} in the next zone: it goes to him."


def _act_move_to(s: Said) -> str:
    return f"Move {_who(s)} to {s['zone']}."


def _act_move(s: Said) -> str:
    return f"Move {_who(s)} {_path(s['path'])}."


def _act_intercept(s: Said) -> str:
    return (f"{cap(_who(s, 'guard'))} Intercepts: the ranged attack on {_who(s, 'target')} goes "
            "to it instead; remove its guard marker (if you would rather not, edit the board "
            "back).")


def _act_attack(s: Said) -> str:
    text = f"{cap(_who(s))} attacks {_who(s, 'target')} with {s['attack']} ({s['kind']})."
    if s["sweep"] is not None:
        text += f" Sweeping: it also attacks {_who(s, 'sweep')}."
    if s.get("whirl"):
        others = " then ".join(label_of(None, w) for w in s["whirl"])
        text += f" Whirling Strike: it goes on to attack {others}, one strike each."
    return text


def _act_pursue(s: Said) -> str:
    aim = _who(s, "aim") if s["aim"] is not None else "nothing"
    return f"Move {_who(s)} {_path(s['path'])}, toward {aim}."


def _act_stay(s: Said) -> str:
    return f"{cap(_who(s))} has nowhere useful to go: it stays in {s['zone']}."


def _act_climb(s: Said) -> str:
    return (f"{cap(_who(s))} climbs over {_who(s, 'wall')} from {s['start']} to {s['dest']} "
            f"(Climbing, its full action), toward {_who(s, 'quarry')}.")


def _act_heal(s: Said) -> str:
    faces = " ".join(s["faces"]) or "no dice"
    took = (f"remove {s['healed']} damage from {_who(s, 'target')}" if s["healed"]
            else f"{_who(s, 'target')} heals nothing")
    return (f"{cap(_who(s))} heals {_who(s, 'target')} with {s['attack']} instead of attacking: "
            f"rolled {faces} = {s['amount']}; {took}.")


# -- why a target cannot be targeted (solo.rules.targeting.why_not) --------------------------

def _target_invisible(s: Said) -> str:
    return "it is Invisible"


def _target_obscured(s: Said) -> str:
    return "it is Obscured (only from 1 zone away or less)"


def _target_walled(s: Said) -> str:
    return "a wall blocks Line of Sight"


def _ways(s: Said) -> str:
    n = s["ways"]
    return "tie: two equally short ways" if n == 2 else f"tie: {n} equally short ways"


LINES: dict[str, Callable[[Said], str]] = {
    # what the Dummy Mage's dice are rolled for
    "dm.tie.life": lambda s: "tie: targets with equal remaining life",
    "dm.tie.cost": lambda s: "tie: equal mana cost",
    "dm.tie.attacks": lambda s: "tie: two legal attacks",
    "dm.tie.zone-attack": lambda s: "tie: zones for its zone attack",
    "dm.tie.move-attack": lambda s: "tie: where to move and attack",
    "dm.tie.move-attack.option": lambda s: f"to {' then '.join(s['path'])}, "
                                           f"at {label_of(None, s['target'])}",
    "dm.tie.ways": _ways,
    "dm.qc.reroll-roll": lambda s: "quickcast reroll (3+ zones from every enemy)",
    "dm.qc.second-roll": lambda s: "enchantment (1-6) or incantation (7-12)",
    "dm.qc.move-direction": lambda s: "direction for the Dummy Mage's move",
    "dm.taken": taken,
    "dm.qc.incapacitated": _qc_incapacitated,
    "dm.qc.incapacitated.reason": _qc_incapacitated_reason,
    "dm.qc.reroll": _qc_reroll,
    "dm.qc.second": _qc_second,
    "dm.qc.move.edge": _qc_move_edge,
    "dm.qc.move.restrained": _qc_move_restrained,
    "dm.qc.move.walled": _qc_move_walled,
    "dm.qc.move": _qc_move,
    "dm.qc.deck.empty": _qc_deck_empty,
    "dm.qc.deck.empty.reason": _qc_deck_empty_reason,
    "dm.qc.summon.unusable": _qc_summon_unusable,
    "dm.qc.summon": _qc_summon,
    "dm.qc.summon.by_hand": _qc_summon_by_hand,
    "dm.walk.passage": _walk_passage,
    "dm.walk.trample": _walk_trample,
    "dm.act.none": _act_none,
    "dm.act.none.reason": _act_none_reason,
    "dm.act.wait": _act_wait,
    "dm.act.wait.reason": _act_wait_reason,
    "dm.act.incapacitated": _act_incapacitated,
    "dm.act.incapacitated.reason": _act_incapacitated_reason,
    "dm.act.held": _act_held,
    "dm.act.taunted.shoots": _act_taunted_shoots,
    "dm.act.taunted.goes": _act_taunted_goes,
    "dm.act.move.to": _act_move_to,
    "dm.act.move": _act_move,
    "dm.act.intercept": _act_intercept,
    "dm.act.attack": _act_attack,
    "dm.by-hand-conjuration": lambda s: (f"{cap(_who(s, 'conj'))} is yours and solo leaves its "
                                         f"text to you; check this action against it: "
                                         f"{s['text']}"),
    "dm.act.attack.zone": lambda s: (f"{cap(_who(s))} makes its zone attack {s['attack']} on "
                                     f"{s['zone']}: every object there but itself is attacked."),
    "dm.act.pursue": _act_pursue,
    "dm.act.stay": _act_stay,
    "dm.act.climb": _act_climb,
    "dm.act.heal": _act_heal,
    "dm.act.repair-bones": lambda s: (f"{cap(_who(s))} uses {s['attack']} on {_who(s, 'target')} "
                                      f"instead of attacking: remove {s['fixed']} damage from it."),
    "dm.act.vigor": lambda s: (f"{cap(_who(s))} has no one to attack: {s['attack']} gives "
                               f"{_who(s, 'target')} Melee +1 until the end of the round (put a "
                               f"{s['attack']} marker on it)."),
    "dm.trap.teleport": lambda s: (f"The Dummy Mage's Teleport Trap in {s['zone']} goes off as "
                                   f"{_who(s)} enters: teleport it to {s['to']} (its move ends "
                                   "there)" + (", removing its Stuck markers" if s["stuck"] else "")
                                   + "; then the trap is destroyed."),
    "dm.act.sacrifice": lambda s: f"{cap(_who(s))} gives up its life for it: it is destroyed "
                                  "(discard it).",
    "dm.act.vampiress-flies": lambda s: f"{cap(_who(s))} takes wing as she is activated (the "
                                        "Dummy Mage pays 1 mana): she flies until the end of "
                                        "her Action Phase.",
    "dm.heal.dice": lambda s: f"{s['attack']}: {label_of(None, s['who'])}'s heal",
    "target.invisible": _target_invisible,
    "target.obscured": _target_obscured,
    "target.walled": _target_walled,
}
