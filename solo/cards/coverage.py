"""How far ``solo`` understands each card: the coverage the deck tools, ``solo cards show`` and
``docs/cards.md`` report.

Pure: :func:`coverage` reads a card (its traits, its attacks and its Dummy Mage note, the
``dm`` key of the catalog) and the glossary (:mod:`solo.cards.glossary`), nothing else.

Levels:

* ``modelled`` -- everything on the card that matters at the table is applied by the program;
* ``partly``   -- the Dummy Mage fields it, but the person applies ``by_hand`` at the table;
* ``unusable`` -- the Dummy Mage can never use it (``why`` says why); drawn, it is discarded;
* ``yours``    -- equipment and conjurations: the Dummy Mage never fields them, so they matter
                  only on your side (``by_hand`` says what solo does for them there).

``python scripts/cards_doc.py`` writes ``docs/cards.md`` from :func:`cards_doc` (``--check``
only compares).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from solo.cards.catalog import Card, Catalog
from solo.core.errors import InvalidInput
from solo.cards.glossary import Term, lookup

LEVELS = ("modelled", "partly", "unusable", "yours")
#: What a level means, in a word or two, for tables and marks.
LEVEL_WORDS = {"modelled": "fully modelled", "partly": "partly modelled",
               "unusable": "not usable by the Dummy Mage", "yours": "yours only"}
#: Card types the Dummy Mage fields (its four decks), then the ones it never does.
DM_TYPES = ("Creature", "Enchantment", "Incantation", "Attack")
YOUR_TYPES = ("Conjuration", "Equipment")

#: The sets' short names, in the order the sets came out, and their names in the catalog.
SETS: dict[str, str] = {
    "Core": "Core",
    "FvW": "Forcemaster vs Warlord",
    "CoK": "Conquest of Kumanjaro",
    "FiF": "Forged in Fire",
    "DvN": "Druid vs Necromancer",
    "PvS": "Paladin vs Siren",
    "BGD": "Mage Wars Battlegrounds: Domination",
    "LG": "Lost Grimore",
    "Promo": "Promo",
}
#: Other spellings a person may type for a set (lower case).
_SET_ALIASES = {"lost grimoire": "LG", "battlegrounds: domination": "BGD",
                "battlegrounds domination": "BGD", "domination": "BGD", "core set": "Core"}


def set_short(set_name: str | None) -> str:
    """The short name of a catalog set (``Forged in Fire`` -> ``FiF``); unknown ones unchanged."""
    for short, full in SETS.items():
        if full == set_name:
            return short
    return set_name or "?"


def parse_sets(text: str) -> frozenset[str]:
    """The catalog set names of a comma-separated list of short or full set names.

    >>> sorted(parse_sets("core, FvW"))
    ['Core', 'Forcemaster vs Warlord']
    >>> sorted(parse_sets("Lost Grimoire"))
    ['Lost Grimore']
    """
    out = set()
    for raw in text.split(","):
        name = raw.strip()
        if not name:
            continue
        low = " ".join(name.lower().split())
        short = next((s for s, full in SETS.items() if low in (s.lower(), full.lower())), None)
        short = short or _SET_ALIASES.get(low)
        if short is None:
            raise InvalidInput(f"--sets: no set called {name!r}; the sets are "
                               f"{', '.join(SETS)} (short names, or the sets' full names)")
        out.add(SETS[short])
    if not out:
        raise InvalidInput(f"--sets: no set named in {text!r}; give e.g. Core,FvW")
    return frozenset(out)


@dataclass(frozen=True)
class TermUse:
    """One trait, attack trait or effect condition printed on a card, and its glossary term."""

    printed: str  # as printed: "Regenerate 2", "Burn"
    where: str  # "trait" | "<attack name>" (an attack trait) | "<attack name> effect"
    term: Term | None

    @property
    def modelled(self) -> str:
        """How far solo applies it on the Dummy Mage's card (its own side of the term)."""
        return self.term.for_dm if self.term else "no"


@dataclass(frozen=True)
class Coverage:
    """How far solo applies one card: its level, what the person applies by hand, and why."""

    level: str  # one of LEVELS
    by_hand: list[str] = field(default_factory=list)  # what the person applies at the table
    why: str = ""  # why the level: what is not modelled, or why it cannot be used
    does: str = ""  # what solo does with the card, in a sentence
    mage_only: str | None = None  # "Warlock" for a "Warlock Only" card


def terms_of(card: Card) -> list[TermUse]:
    """Every trait of ``card``, then each attack's traits and effect conditions, each once."""
    out: list[TermUse] = []
    seen: set[tuple[str, str]] = set()

    def add(printed: str, where: str) -> None:
        key = (printed.strip().lower(), where)
        if key not in seen:
            seen.add(key)
            out.append(TermUse(printed, where, _lookup(printed)))

    if card.type in ("Creature", "Mage"):  # a spell's own traits are about casting it
        for t in card.traits:
            add(t, "trait")
    for a in card.attacks:
        for t in a.traits:
            add(t, a.name)
        for e in a.effects:
            for c in e.conditions:
                add(c, f"{a.name} effect")
    return out


def _lookup(printed: str) -> Term | None:
    """The glossary term of a printed trait; ``Frost +X`` falls back to ``Frost``."""
    term = lookup(printed)
    if term is None:
        base = re.sub(r"\s*[+-]\s*X$", "", printed.strip(), flags=re.I)
        if base != printed.strip():
            term = lookup(base)
    return term


def _lines(value: object) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value.strip() else []
    return [str(v) for v in value if str(v).strip()]  # type: ignore[attr-defined]


def _mage_only(card: Card) -> str | None:
    note = card.dm.get("mage_only")
    if isinstance(note, str) and note:
        return note
    for t in card.traits:
        if t.lower().endswith(" only"):
            return t[: -len(" only")].strip()
    return None


def _term_lines(card: Card) -> tuple[list[str], list[str]]:
    """The by-hand lines of the card's terms that are not fully modelled, and their names."""
    lines, names = [], []
    for use in terms_of(card):
        if use.modelled in ("yes", "n/a"):
            continue
        where = "" if use.where == "trait" else f" ({use.where})"
        how = use.term.by_hand if use.term and use.term.by_hand else (
            "solo does not apply it; apply it as the card says")
        lines.append(f"{use.printed}{where}: {how}")
        names.append(use.printed.rstrip("."))
    return lines, names


_CRITERIA = {
    "enemy-zone": "cast at the zone where it reaches your mage and most of your creatures (rule i)",
    "enemy-creature": "cast on your creature or mage with the most life left in range (rule ii)",
    "friendly-creature": "cast on its own creature with the least life left, beside yours first "
                         "(rule iii)",
    "attack": "aimed at your mage first, else at your closest creature",
}


def _keys(d: dict[str, Any]) -> str:
    return ", ".join(k.replace("_", " ") for k in sorted(d))


def _spell_does(card: Card) -> str:
    note = card.dm
    if not note:
        return "cast where its target line suggests (guessed: no Dummy Mage note)"
    crit = str(note.get("criterion", ""))
    text = _CRITERIA.get(crit, f"placed by the '{crit}' criterion" if crit else "placed")
    bits = []
    grants = note.get("grants") or {}
    if isinstance(grants, dict) and grants:
        bits.append("what it gives or takes is applied (" + _keys(grants) + ")")
    effect = note.get("effect") or {}
    if isinstance(effect, dict) and effect:
        bits.append("its effect is applied (" + _keys(effect) + ")")
    if card.type == "Attack":
        bits.append("its attack is rolled and resolved")
    return text + ("; " + "; ".join(bits) if bits else "")


def _count_in(items: list[str], where: str) -> str:
    """What a piece of equipment gives, in one clause: ``its Defense 7+ counts in every attack on
    your mage``, ``Armor +1 and Defense 8+ count in every attack on your mage``."""
    return f"{_listed(items)} {'counts' if len(items) == 1 else 'count'} in every attack {where}"


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _yours(card: Card) -> Coverage:
    """Equipment and conjurations: what solo does with them on your side (from their notes in
    scripts/notes/equipment.toml and conjurations.toml), and what you apply by hand."""
    kind = card.type.lower()
    note = card.dm or {}
    hand = _lines(note.get("by_hand"))
    if card.type == "Equipment":
        on = [f"Armor +{note['armor']}"] if note.get("armor") else []  # attacks on your mage
        on += [f"Defense {d['roll']}+" for d in note.get("defenses", ())]
        if note.get("life"):
            on.append(f"Life +{note['life']}")
        by = [f"{k.capitalize()} +{note[k]}" for k in ("melee", "ranged") if note.get(k)]
        if card.attacks:
            by.append("its attacks (" + ", ".join(a.name for a in card.attacks) + ")")
        gives = [_count_in(items, where) for items, where in (
            (on, "on your mage"), (by, "your mage makes")) if items]
        if note.get("traits"):
            gives.append("it gives your mage " + _listed(list(note["traits"])))
        does = ("worn by your mage (solo play, or mages.ym.equipment in a board file): "
                + ("; ".join(gives) if gives else "nothing in it changes an attack")
                + (f"; it takes the {note['slot']} location" if note.get("slot") else ""))
    else:
        if card.is_wall:
            stops = [w for w, t in (("passage", "Passage Blocked"), ("Line of Sight", "Blocks LOS"))
                     if card.has(t)]
            does = ("placed on the border you name (solo play, or a board file)"
                    + (": it blocks " + " and ".join(stops) if stops else "")
                    + ("; it makes its passage attacks on the Dummy Mage's creatures that cross it"
                       if card.has("Passage Attacks") else "")
                    + "; the Dummy Mage's creatures go round it, or attack it when it stands in "
                      "their way")
        elif note.get("attackable") is False:
            does = "placed in the zone you name (solo play, or a board file); it cannot be attacked"
        else:
            does = ("placed in the zone you name (solo play, or a board file): an object of yours "
                    "that the Dummy Mage's creatures attack when they are engaged in its zone")
        if card.attacks and not card.is_wall:
            hand.append("Its attack (" + ", ".join(a.name for a in card.attacks) + ") is yours to "
                        "roll: report the damage you rolled.")
    return Coverage("yours", hand, f"the Dummy Mage never fields {kind}s", does, _mage_only(card))


def summary_json(catalog: Catalog) -> str:
    """The text of ``decks/coverage.json``: the names of the fully modelled cards, and for
    every other card its level, why, and how many things it leaves to you -- all a deck set's
    warnings need, so checking a set does not load these rules (written by
    ``scripts/cards_doc.py``; a test keeps it in step with :func:`coverage`)."""
    import json

    modelled, others = [], {}
    for c in catalog.cards():
        cov = coverage(c)
        if cov.level == "modelled":
            modelled.append(c.name)
        else:
            others[c.name] = [cov.level, cov.why, len(cov.by_hand)]
    return json.dumps({"modelled": sorted(modelled), "others": others}, indent=0,
                      sort_keys=True) + "\n"


def coverage(card: Card) -> Coverage:
    """How far solo models ``card`` (see the module's docstring for the levels)."""
    if card.type in YOUR_TYPES:
        return _yours(card)
    note = card.dm or {}
    only = _mage_only(card)
    term_lines, term_names = _term_lines(card)
    if card.type in ("Creature", "Mage"):
        does = ("summoned next to the Dummy Mage and acts by the creature action sequence"
                if card.type == "Creature" else "a mage: its traits and attacks as printed")
    else:
        does = _spell_does(card)
    unusable = note.get("unusable")
    if unusable:
        return Coverage("unusable", [], str(unusable), "drawn, it is discarded", only)
    if note.get("ruled"):  # decided for the Dummy Mage's own card by a ruling: nothing to apply
        does += "; " + str(note["ruled"])[0].lower() + str(note["ruled"])[1:].rstrip(".")
    for line in _lines(note.get("plays")):  # card text solo plays itself (solo.rules.abilities)
        does += "; " + line[0].lower() + line[1:].rstrip(".")
    note_lines = _lines(note.get("by_hand"))
    reasons = []
    if term_names:
        reasons.append("solo does not fully apply " + ", ".join(dict.fromkeys(term_names)))
    if card.type in ("Enchantment", "Incantation", "Attack") and not note:
        note_lines = ["solo guessed where it goes from its target line and does not apply its "
                      "effect: apply the card's effect to that target yourself"]
        reasons.append("no Dummy Mage note: placement guessed, effect not applied")
    elif note_lines:
        reasons.append("card text applied by hand")
    by_hand = note_lines + term_lines
    if by_hand:
        return Coverage("partly", by_hand, "; ".join(reasons), does, only)
    return Coverage("modelled", [], "everything on the card is applied", does, only)


# -- figures and the generated page ----------------------------------------------------------

def tally(cards: Iterable[Card]) -> dict[str, int]:
    """Cards per level (every level present)."""
    out = {level: 0 for level in LEVELS}
    for c in cards:
        out[coverage(c).level] += 1
    return out


def _share(n: int, total: int) -> str:
    return f"{n} ({round(100 * n / total)}%)" if total else "0"


def _esc(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def cards_doc(catalog: Catalog) -> str:
    """The text of docs/cards.md: figures per type and per set, then every card by type."""
    dm_cards = [c for t in DM_TYPES for c in catalog.cards(t)]
    your_cards = [c for t in YOUR_TYPES for c in catalog.cards(t)]
    out = ["# Card coverage", "",
           "<!-- generated by `python scripts/cards_doc.py`; do not edit by hand -->", "",
           "What `solo` does with every card of the official Arena sets (and the promo cards). "
           "The Dummy Mage fields creatures, enchantments, incantations and attack spells; each "
           "is **modelled** (the program applies everything that matters), **partly** modelled "
           "(the Dummy Mage fields it and the instructions tell you what to apply by hand) or "
           "**unusable** (the Dummy Mage can never use it; drawn, it is discarded). Equipment "
           "and conjurations are **yours**: the Dummy Mage never fields them. A creature's level "
           "comes from its traits, its attacks' traits and effect conditions (see "
           "`solo/cards/glossary.py`) and its note in `scripts/notes/creatures.toml`; a spell's from its "
           "note in `scripts/notes/spells-*.toml`.", "",
           "## Figures", "", "### By card type", "",
           "| Type | Cards | Modelled | Partly | Unusable |", "|---|---:|---:|---:|---:|"]
    for t in DM_TYPES:
        cs = catalog.cards(t)
        n = tally(cs)
        out.append(f"| {t} | {len(cs)} | {_share(n['modelled'], len(cs))} | "
                   f"{_share(n['partly'], len(cs))} | {_share(n['unusable'], len(cs))} |")
    n = tally(dm_cards)
    out.append(f"| **All the Dummy Mage can field** | {len(dm_cards)} | "
               f"{_share(n['modelled'], len(dm_cards))} | {_share(n['partly'], len(dm_cards))} | "
               f"{_share(n['unusable'], len(dm_cards))} |")
    out += ["", f"Yours only: {len(catalog.cards('Conjuration'))} conjurations and "
            f"{len(catalog.cards('Equipment'))} equipment cards.", "",
            "### By set (creatures and spells)", "",
            "| Set | Short | Cards | Modelled | Partly | Unusable |", "|---|---|---:|---:|---:|---:|"]
    for short, full in SETS.items():
        cs = [c for c in dm_cards if c.set == full]
        n = tally(cs)
        out.append(f"| {full} | {short} | {len(cs)} | {_share(n['modelled'], len(cs))} | "
                   f"{_share(n['partly'], len(cs))} | {_share(n['unusable'], len(cs))} |")
    for t in DM_TYPES + YOUR_TYPES:
        out += ["", f"## {t} cards", ""]
        for c in catalog.cards(t):
            cov = coverage(c)
            only = f", {cov.mage_only} only" if cov.mage_only else ""
            out.append(f"- **{_esc(c.name)}** ({set_short(c.set)}{only}): {cov.level}. "
                       f"solo: {_esc(cov.does)}.")
            if cov.level == "unusable":
                out.append(f"  - Not usable: {_esc(cov.why)}")
            elif cov.level == "partly":
                out.append(f"  - Why: {_esc(cov.why)}.")
            abilities = _lines(c.dm.get("abilities")) if c.type == "Creature" else []
            if abilities:
                out.append("  - Card text: " + _esc("; ".join(abilities)))
            for line in cov.by_hand:
                out.append(f"  - {'You apply' if cov.level != 'yours' else 'On your side'}: "
                           f"{_esc(line)}")
    return "\n".join(out) + "\n"
