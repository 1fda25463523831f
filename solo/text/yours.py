"""The sentences of your side beyond your creatures (:mod:`solo.rules.yours`): the equipment your
mage wears, your enchantments face up and face down, what each mage's abilities leave to do by
hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solo.cards.catalog import Card
from solo.core.kinds import Side
from solo.rules import yours
from solo.rules.board import Board, Piece
from solo.rules.said import Said
from solo.text.naming import label_of

__all__ = ["LINES", "paid", "when_revealed", "hidden_list", "mage_reminders"]


def _wears(s: Said) -> str:
    """``Your mage now wears Leather Boots (armor +1). Armor now 3.``"""
    note: dict[str, Any] = s["note"]
    parts = []
    if note.get("armor"):
        parts.append(f"armor +{note['armor']}")
    for d in note.get("defenses", ()):
        uses = d.get("uses", 1)
        parts.append(f"Defense {d['roll']}+" + ("" if uses == 1 else f" {uses} a round"))
    parts += list(note.get("traits", ()))
    for k in ("melee", "ranged"):
        if note.get(k):
            parts.append(f"{k.capitalize()} +{note[k]}")
    if s["attacks"]:
        parts.append("attacks: " + ", ".join(s["attacks"]))
    now = f"Your mage now wears {s['card']}"
    return now + (f" ({'; '.join(parts)})." if parts else ".") + f" Armor now {s['armor']}."


def _on(s: Said) -> str:
    return f"Reveal {s['card']} on {label_of(None, s['holder'])}"


LINES: dict[str, Callable[[Said], str]] = {
    "yours.wears": _wears,
    "yours.by-hand": lambda s: f"Apply by hand ({s['card']}): {s['text']}",
    "yours.reveal-on-zone": lambda s: f"Reveal {s['card']} on zone {s['zone']}.",
    "yours.reveal": lambda s: f"{_on(s)}: it is face up now.",
    "yours.reveal-unavoidable": lambda s: f"{_on(s)} and destroy it: the attack is Unavoidable, so "
                                          "it has no effect.",
    "yours.reveal-block": lambda s: f"{_on(s)}: the attack is avoided. Destroy {s['card']}.",
    "yours.reveal-reverse": lambda s: f"{_on(s)}: the attack is avoided and turned back on the "
                                      "attacker, which rolls it against itself. Destroy "
                                      f"{s['card']}.",
}


def _who(s: Said, key: str = "who") -> str:
    return label_of(None, s[key])


#: The Dummy Mage's cards that restrict or answer your side (solo.rules.abilities.restrictions).
LINES.update({
    "restrict.shock": lambda s: (f"Shock on {_who(s, 'holder')}: {_who(s, 'attacker')} is "
                                 "Staggered (put a Stagger marker on it; it goes at the end of "
                                 "its next activation)."),
    "restrict.stagger": lambda s: (f"{_who(s)} is Staggered and Level 2 or less: it cannot "
                                   "attack or guard until its Stagger goes."),
    "restrict.spent": lambda s: f"The Dummy Mage's {s['card']} on {_who(s, 'holder')} is "
                                "destroyed.",
    "restrict.charm": lambda s: f"{_who(s)} is Charmed: it cannot attack the Dummy Mage.",
    "restrict.song": lambda s: (f"{_who(s)} is under Song of Love: it cannot attack "
                                f"{_who(s, 'target')}, which holds a Love token."),
    "restrict.token": lambda s: f"{s['card']}: a {s['token']} token goes on {_who(s, 'holder')}.",
    "restrict.token-off": lambda s: f"The {s['token']} token on {_who(s, 'holder')} is destroyed.",
    "restrict.stumble": lambda s: (f"The Dummy Mage reveals Stumble on {_who(s)}: it cannot take "
                                   "a move action in this Action Phase. Stumble is destroyed."),
    "restrict.fumble": lambda s: (f"The Dummy Mage reveals Fumble on {_who(s)}: its "
                                  f"{s['attack']} misses. Fumble is destroyed."),
    "restrict.pacify": lambda s: (f"Pacify: you pay 2 mana for the first attack of {_who(s)} "
                                  "this round." if s["paid"] else
                                  f"Pacify: you do not pay 2 mana, so the attack of {_who(s)} "
                                  "is cancelled."),
    "restrict.forcefield": lambda s: (f"The Dummy Mage's Forcefield loses a token ({s['left']} "
                                      "left): your attack on it is cancelled."),
    "restrict.forcefield-up": lambda s: f"The Dummy Mage's Forcefield gains a token ({s['n']}).",
    "restrict.mind-shield": lambda s: (f"Mind Shield on {_who(s, 'holder')} cancels your psychic "
                                       "attack or spell; then it is destroyed."),
    "restrict.mind-shield-reveal": lambda s: (f"Mind Shield on {_who(s, 'holder')} cancels your "
                                              f"{s['card']} as you reveal it: both are "
                                              "destroyed."),
    "restrict.nullify": lambda s: (f"Nullify on {_who(s, 'holder')} counters your spell; then it "
                                   "is destroyed."),
    "restrict.reverse-magic": lambda s: (f"Reverse Magic on {_who(s, 'holder')} turns your spell "
                                         "back on your mage, under the Dummy Mage's control; "
                                         "then it is destroyed."),
    "restrict.retribution": lambda s: ("The Dummy Mage's Retribution Aura: your mage takes 1 "
                                       "direct light damage for that spell."),
    "restrict.jinx": lambda s: ("The Dummy Mage's Jinx cancels your quick spell: it goes back to "
                                "your spellbook and its mana comes back to you. Jinx is "
                                "destroyed."),
    "roll.confusion": lambda s: f"Confusion of {_who(s)}: effect die (7 or more: a random target)",
    "roll.confusion-pick": lambda s: f"Confusion of {_who(s)}: its random target",
    "restrict.dispelled": lambda s: f"{s['card']} comes off {_who(s, 'holder')}.",
    "restrict.control-ends": lambda s: (f"Mind Control is gone: {_who(s, 'holder')} is yours "
                                        "again, with a Stun marker."),
    "restrict.magebane": lambda s: "Magebane: your mage takes 1 direct damage for that spell.",
    "restrict.eye": lambda s: (f"Eye for an Eye on {_who(s, 'holder')}: {_who(s, 'attacker')} "
                               f"takes the same {s['damage']} damage"
                               + (f" and {', '.join(s['conditions'])}" if s["conditions"] else "")
                               + "; then Eye for an Eye is destroyed."),
    "restrict.confused": lambda s: (f"{_who(s)} is Confused: effect die {s['roll']}"
                                    + (f" (7 or more): it attacks {_who(s, 'target')}, picked at "
                                       "random." if s["roll"] >= 7 else
                                       " (6 or less): it attacks the target it chose.")),
})


def paid(card: Card | None) -> str:
    """What revealing it costs you, to add to the line that reveals it."""
    return f" and pay its {card.reveal_cost} mana" if card is not None and card.reveal_cost \
        else ""


_WHEN = {
    "attacked": "solo reveals it by itself when the Dummy Mage attacks that object, as the card "
                "requires.",
    "saved": "solo reveals it by itself when a Dummy Mage attack would destroy that object and "
             "the life it adds saves it; or reveal it from your turn's menu.",
    "healed": "solo reveals it by itself when the Dummy Mage casts a healing spell on that "
              "object, which then heals nothing; or reveal it from your turn's menu.",
    "never": "reveal it from your turn's menu when you want to (or when its card says you must).",
}


def when_revealed(card: Card) -> str:
    """What happens to a face-down enchantment of yours from now on, for the person
    (:func:`solo.rules.yours.reveal_moment`)."""
    return _WHEN[yours.reveal_moment(card)]


def hidden_list(board: Board) -> list[tuple[str, str, Piece | str]]:
    """Every hidden enchantment of yours (:func:`solo.rules.yours.hidden`): (card, where it is
    in words, the object or the zone)."""
    return [(name, f"zone {on}" if isinstance(on, str) else label_of(board, on), on)
            for name, on in yours.hidden(board)]


def mage_reminders(board: Board) -> list[str]:
    """At the start of a game: what each mage's abilities do that solo applies by itself, and
    what the person applies by hand (scripts/notes/mages.toml)."""
    lines = []
    for side, who, key in ((Side.DM, "The Dummy Mage", "by_hand_dm"),
                           (Side.YM, "Your mage", "by_hand_you")):
        card = board.cat.find(board.mages[side].card)
        note = (card.dm if card is not None else None) or {}
        applied = [*note.get("traits", ()), *(f"Defense {d['roll']}+" for d in note.get("defenses", ()))]
        if applied:
            lines.append(f"{who} ({card.name if card else '?'}): solo applies "
                         f"{', '.join(applied)} from its abilities.")
        text = note.get(key)
        if text and text.startswith("Nothing:"):  # only why there is nothing to do
            why = text.removeprefix("Nothing:").strip()
            lines.append(f"{who} ({card.name if card else '?'}): nothing to apply by hand. "
                         f"{why[:1].upper()}{why[1:]}")
        elif text:
            lines.append(f"{who} ({card.name if card else '?'}), by hand: {text}")
    return lines
