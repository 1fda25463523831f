"""The sentences of the Upkeep phase, of the end of an Action Phase and of a round
(:mod:`solo.rules.upkeep`), and of how a game ended (:class:`solo.rules.upkeep.Outcome`).

:data:`LINES` words each line code; :func:`reason` words an outcome's reason and
:func:`read_outcome` recognises one in a saved game.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from solo.core.kinds import Side, Termination
from solo.text.render import line
from solo.rules.said import Said, Who
from solo.rules.upkeep import Outcome
from solo.text.naming import cap, counted, name_of

__all__ = ["LINES", "reason", "read_outcome"]


def _name(s: Said) -> str:
    return name_of(None, s["who"])


def _banish(s: Said) -> str:
    back = (f"; it returns to the arena in {s['zone']}." if s["left"] == 0
            else f" ({s['left']} left).")
    return f"{cap(_name(s))}: remove one Banish token{back}"


def _cost(s: Said) -> str:
    what = f"{s['cost']} mana" if s["cost"] else "its upkeep cost"
    return f"{_name(s)}: pay {what} or destroy it."


def _burn(s: Said) -> str:
    shown = " ".join(f"[{f}]" for f in s["dice"])
    text = f"{_name(s)} burns: {counted(s['count'], 'die', 'dice')} {shown}: {s['damage']} damage"
    k = s["markers"]
    return text + (f", remove {counted(k, 'Burn marker')} (blanks)." if k else ".")


def _cannot_have(s: Said) -> str:
    cond = s["condition"]
    why = line(s["why"]) if s["why"] is not None else "it has Poison Immunity"
    return f"{_name(s)} cannot have {cond} ({why}): remove its {counted(s['markers'], cond + ' marker')}."


#: What a creature that fails its escape roll stays.
_STAYS = {"Cripple": "Crippled", "Stuck": "Stuck"}

_CAUSES = {"Rage": "it has no damage left, or no Rage trait, or more tokens than its Rage allows",
           "Growth": "its card gives it no Growth markers, or it has more than its card allows",
           "Grapple": "no grappler of the other side is in its zone"}


def _stale(s: Said) -> str:
    noun = "token" if s["marker"] == "Rage" else "marker"
    return (f"Remove {counted(s['n'], s['marker'] + ' ' + noun)} from {_name(s)}: "
            f"{_CAUSES[s['marker']]}, so they no longer hold.")


LINES: dict[str, Callable[[Said], str]] = {
    "marker.stale": _stale,
    "upkeep.banish": _banish,
    "upkeep.cost-kept": lambda s: f"{_name(s)} has an upkeep cost; the Dummy Mage keeps it "
                                  "without paying (it has no mana to track).",
    "upkeep.cost": _cost,
    "upkeep.regenerate-bleed": lambda s: f"{_name(s)} spends {s['markers']} of its Regenerate "
                                         f"{s['regen']} to remove "
                                         f"{counted(s['markers'], 'Bleed marker')}.",
    "upkeep.regenerate": lambda s: f"{_name(s)} regenerates {s['healed']} (Regenerate {s['regen']}).",
    "upkeep.no-regenerate": lambda s: f"{_name(s)} cannot regenerate (Finite Life).",
    "upkeep.no-burn": lambda s: f"{_name(s)} cannot burn: remove its {counted(s['markers'], 'Burn marker')}.",
    "upkeep.burn-roll": lambda s: f"Burn on {_name(s)}",
    "upkeep.burn": _burn,
    "upkeep.cannot-have": _cannot_have,
    "upkeep.rot": lambda s: f"{_name(s)} rots: {s['damage']} direct damage.",
    "upkeep.bleed": lambda s: f"{_name(s)} bleeds: {s['damage']} direct damage.",
    "upkeep.dissipated": lambda s: f"{_name(s)} loses its last Dissipate token.",
    "upkeep.destroyed": lambda s: f"{_name(s)} is destroyed: remove it from the arena.",
    "upkeep.dissipate": lambda s: f"{_name(s)}: remove one Dissipate token ({s['left']} left).",
    "upkeep.defeated": lambda s: f"{cap(_name(s))} has {s['wounds']} damage, reaching its life "
                                 f"of {s['life']}.",
    "upkeep.obliterated": lambda s: f"{_name(s)} is destroyed and, a Zombie, obliterated: remove "
                                    "it from the game.",
    "upkeep.activated-guard": lambda s: f"{cap(_name(s))} is activated: remove its guard marker.",
    "upkeep.activated-slam": lambda s: f"{cap(_name(s))} is activated: replace Slam with Daze.",
    "upkeep.activated-knockdown": lambda s: f"{cap(_name(s))} is activated: Knockdown ends.",
    "upkeep.activated-taunt": lambda s: f"{cap(_name(s))} is activated: remove the Taunt marker "
                                        f"from {name_of(None, s['taunted'])}.",
    "upkeep.phase-ends": lambda s: f"{cap(_name(s))}: remove "
                                   f"{counted(s['markers'], s['condition'] + ' marker')} "
                                   "(end of its Action Phase).",
    "upkeep.escape-roll": lambda s: f"{s['condition']} escape roll for {_name(s)}",
    "upkeep.escapes": lambda s: f"{cap(_name(s))} escapes a {s['condition']}: effect die "
                                f"{s['rolls'][0]} (7 or more): remove one {s['condition']} marker.",
    "upkeep.stays": lambda s: f"{cap(_name(s))} stays {_STAYS[s['condition']]}: effect die "
                              f"{s['rolls'][0]} (6 or less).",
    "upkeep.vigilant": lambda s: f"{_name(s)} is Vigilant: put a guard marker on it.",
    "upkeep.vigilant-yours": lambda s: f"{_name(s)} is Vigilant: you may put a guard marker on it "
                                       "now (solo leaves it off unless you edit the board).",
    "upkeep.flight-ends": lambda s: f"{cap(_name(s))}'s flight ends with her Action Phase: she "
                                    "no longer flies.",
    "upkeep.overextend": lambda s: f"{_name(s)}: Overextend is spent; put a Stun marker on it.",
    "upkeep.used-up": lambda s: f"{_name(s)}: {s['condition']} is used up; remove it.",
    "upkeep.round-ends": lambda s: f"{cap(_name(s))}: {s['condition']} ends with the round.",
    # how a game ended (Outcome.reason)
    "outcome.both-fell": lambda s: "both mages reached their life at once: a draw",
    "outcome.mage-fell": lambda s: f"{name_of(None, s['mage'])} reached its life",
    "outcome.tally": lambda s: f"the Dummy Mage has no creatures left; your tally {s['yours']} is "
                               f"{'more' if s['won'] else 'not more'} than twice its {s['its']}",
    "outcome.as-saved": lambda s: s["text"],
}


def reason(outcome: Outcome) -> str:
    """Why the game ended, as a saved game and the summary say it."""
    return LINES[outcome.reason.code](outcome.reason)


_FELL = re.compile(r"^(?:the Dummy Mage|your mage) \((.*)\) reached its life$")


def read_outcome(winner: str, said: str, tally: dict[str, int]) -> Outcome:
    """The outcome a saved game holds: its winner (``dm``, ``ym`` or ``draw``), the reason as
    it was saved, and the tally.  A reason solo words from facts it can recognise is read as
    those facts; any other (a save from an older solo) is kept as it was worded."""
    won = None if winner == "draw" else Side(winner)
    candidates = [Outcome(Termination.BOTH_FELL, None, tally)] if won is None else \
        [Outcome(Termination.TALLY, won, tally)]
    fell = _FELL.match(said)
    if won is not None and fell:
        loser = won.other.value
        candidates.append(Outcome(Termination.MAGE_FELL, won, tally,
                                  fallen=Who(loser, fell.group(1), loser, True)))
    for outcome in candidates:
        try:
            if reason(outcome) == said:
                return outcome
        except KeyError:  # a tally without both sides: not solo's own
            pass
    kind = Termination.BOTH_FELL if won is None else \
        Termination.TALLY if "tally" in said else Termination.MAGE_FELL
    return Outcome(kind, won, tally, worded=said)
