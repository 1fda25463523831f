#!/usr/bin/env python3
"""List the Dummy Mage's cards whose printed text mentions a game term that nothing in solo
handles: a check made from the card text (../shared/reference/cards.json), which a note cannot
talk its way past.

    python scripts/unhandled_terms.py               # every creature and spell with such a term
    python scripts/unhandled_terms.py --modelled    # only those docs/cards.md calls modelled
    python scripts/unhandled_terms.py --check       # exit 1 when a modelled card is listed

A term is a glossary term (solo/cards/glossary.py: traits, conditions, attack traits), a marker
or token, or a phrase of scope or moment ("in the arena", "all creatures", "within N zones",
"when", "each Upkeep", "once per round", "immune to").  A mention counts as handled only by
something that acts:

* the glossary, for a term the card carries as data (a trait, an attack trait, an effect
  condition) and that solo applies to the Dummy Mage's objects (``for_dm`` yes or n/a);
* a note key that code reads (``effect``, ``grants``, ``restrictions``, ``needs``, ``upkeep``
  ...; never the free text of ``plays``, ``by_hand``, ``abilities``);
* a ruling: ``ruled`` in a creature's note counts only when docs/rulings.md names the card;
* a rule in the code that names the card (its name as a string in solo/rules or
  solo/automaton), or a rule of the game that covers the phrase for every card of its kind
  (a zone attack never strikes its maker; the Dummy Mage reveals its enchantments at once).

A card with a ``by_hand`` line is "partly" modelled and says so; one listed without it is a
card the coverage calls modelled although part of its text is played by no one.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solo.cards.catalog import Card, Catalog, get_catalog  # noqa: E402
from solo.cards.coverage import DM_TYPES, coverage, terms_of  # noqa: E402
from solo.cards.glossary import TERMS  # noqa: E402

SOURCE = ROOT.parent / "shared" / "reference" / "cards.json"
RULINGS = ROOT / "docs" / "rulings.md"
CODE = [ROOT / "solo" / "rules", ROOT / "solo" / "automaton"]

#: Note keys that are free text for people, read by no rule.
FREE = {"plays", "by_hand", "abilities", "ruled", "unusable", "mage_only", "criterion"}

#: Phrases of scope and moment, and what handles each: the note keys (or ``criterion`` values,
#: written ``criterion=...``) that the code reads for it.
PHRASES: dict[str, tuple[str, frozenset[str]]] = {
    "each Upkeep": (r"\bUpkeep\b", frozenset({"upkeep", "term:upkeep"})),
    "in the arena": (r"\bin the arena\b|\bany zone in the arena\b",
                     frozenset({"criterion=arena", "teleport", "revive", "heal_friends"})),
    "all creatures": (r"\ball\b(?:\s+[\w-]+){0,3}?\s+(creatures|objects)\b"
                      r"|\beach\b(?:\s+[\w-]+){0,3}?\s+(creature|object)s? (in|within)\b",
                      frozenset({"criterion=arena", "criterion=enemy-zone",
                                 "criterion=friendly-zone", "zone_grants", "attacked_dice",
                                 "zone_damage", "zone_heal", "affects", "zone-attack",
                                 "push_rest", "remove", "reconstruct"})),
    "within N zones": (r"\b(within|up to) \d+ zones?\b",
                       frozenset({"chain", "teleport", "near", "second_target",
                                  "second_zone", "jumps", "zone_grants"})),
    "once per round": (r"\bonce per round\b|\beach round\b|\bfirst attack\b",
                       frozenset({"attacked_dice", "defense", "limit", "ends"})),
    "immune to": (r"\bimmune to\b|\bno effect on\b|\bdoes not affect\b",
                  frozenset({"immune", "restrictions", "needs", "zone-attack"})),
    "when revealed": (r"\bwhen [^.,]* (is|are) revealed\b|\breveal\b",
                      frozenset({"revealed-at-once", "effect"})),
    # (casting itself is the criterion's: "Attach this card to the Paladin when cast")
    "when": (r"\bwhen(ever)?\b(?! cast\b)(?![^.,]* (is|are) (revealed|cast)\b)"
             r"|\beach time\b|\bthe (first|next) time\b",
             frozenset({"effect", "upkeep", "ends", "defense", "then_destroy", "once", "jumps",
                        "second_target", "criterion=trap-zone", "grants", "attacked_dice",
                        "rolls_on"})),
}

#: Words of ``needs`` and ``restrictions`` that speak of a glossary term.
ALIASES = {"movable": {"unmovable"}, "restrainable": {"uncontainable", "unmovable", "restrained"},
           "non-flying": {"flying"}, "not-flying": {"flying"}, "corporeal": {"incorporeal"},
           "healable": {"finite life"}, "burning": {"burn"}, "not-burning": {"burn"},
           "awake": {"incapacitated", "stun", "sleep"}, "done": {"inactive"},
           "inactive": {"inactive"}, "can-act": {"incapacitated"}, "living": {"nonliving"},
           "nonliving": {"living"}, "unhinderable": {"hindered"},
           # an enchantment's Restrained holds an Uncontainable creature too (stats.restrained)
           "restrained": {"uncontainable"}}

#: Note keys whose code handles a glossary term the card text names with them.
KEY_TERMS = {"steady": {"daze", "incapacitated", "restrained"},  # a Defense conditions leave be
             "zone_damage": {"living"}, "zone_heal": {"living"}, "heal_friends": {"living"},
             "push": {"passage attacks"},  # solo.rules.pushes: walls on the way
             "move_damage": {"finite life"},  # moved, not healed: Finite Life does not stop it
             "quake": {"unavoidable"}, "second_target": {"sweeping"},
             "disarm": {"disable"}}  # abilities.actions.disarm: a Disable marker on your gear


@functools.lru_cache(maxsize=2)
def card_texts(path: Path = SOURCE) -> dict[str, str]:
    """Every card's printed text by name, bracket tokens (traits the card gives) left out."""
    cards = json.loads(path.read_text(encoding="utf-8"))["cards"]
    out: dict[str, str] = {}
    for c in cards:
        text = re.sub(r"\[[^\]]*\]", " ", c.get("text") or "")
        if c["name"] not in out or c.get("set_category") == "arena-official":
            out[c["name"]] = text
    return out


def _words(value: Any, key: str = "") -> Iterable[str]:
    """Every key and string value a note holds for code to read, lower case."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in FREE:
                continue
            yield str(k).lower()
            yield from KEY_TERMS.get(str(k), ())
            yield from _words(v, k)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _words(v, key)
    elif isinstance(value, str):
        low = value.lower()
        yield low
        yield from (w for w in ALIASES.get(low, ()))
        if low.startswith(("has:", "lacks:", "trait:")):
            yield from low.split(":", 1)[1].split("|")
        if low.startswith("non-"):
            yield low[4:]


def handlers(card: Card, named_in_code: bool, ruled: bool) -> set[str]:
    """What handles mentions on ``card``: note keys and words, features, rules."""
    note = card.dm or {}
    out = set(_words(note))
    out |= {f"criterion={note.get('criterion')}"} if note.get("criterion") else set()
    for use in terms_of(card):
        if use.modelled in ("yes", "n/a") and use.term is not None:
            out.add(use.term.name.lower())
            out.add(re.sub(r"\s*[+-]\s*(x|\d+)$", "", use.term.name.lower()))
            if "upkeep" in use.term.summary.lower():
                out.add("term:upkeep")
    if any(a.zone or a.kind == "zone" for a in card.attacks):
        out.add("zone-attack")  # a zone attack strikes all in the zone except its maker
    if card.type == "Enchantment":
        out.add("revealed-at-once")  # the solo rules reveal the Dummy Mage's enchantments at once
    if any("upkeep" in w for w in out):  # a trait or note key of the Upkeep
        out.add("term:upkeep")
    if named_in_code or ruled:
        out.add("*")
    return out


def glossary_mentions(text: str) -> set[str]:
    """The glossary terms a text names (traits as printed, conditions in any case)."""
    found = set()
    for key, term in TERMS.items():
        name = re.sub(r"\s*[+-]\s*X$", "", term.name)
        if len(name) < 4 or term.for_dm == "n/a":
            continue
        flags = re.I if term.kind == "condition" else 0
        if re.search(rf"\b{re.escape(name)}\b", text, flags):
            found.add(name.lower())
    return found


def mentions(text: str) -> dict[str, set[str]]:
    """What a text mentions: ``{"terms": glossary terms, "markers": named markers and tokens,
    "phrases": phrases of scope and moment}``."""
    markers = {m.lower() for m in re.findall(r"\b([A-Z][\w']+) (?:token|marker|condition)s?\b",
                                             text)}
    phrases = {name for name, (pattern, _) in PHRASES.items() if re.search(pattern, text, re.I)}
    return {"terms": glossary_mentions(text), "markers": markers - {"the", "a", "guard"},
            "phrases": phrases}


def unhandled(card: Card, text: str, named_in_code: bool, ruled: bool) -> list[str]:
    """The terms of ``text`` that nothing handles on ``card``."""
    have = handlers(card, named_in_code, ruled)
    if "*" in have:
        return []
    text = text.replace(card.name, " ")  # Chain Lightning names no Lightning term
    # a sentence about V'Tar Orbs counts none: the solo arena has none (docs/rulings.md)
    orbs = "V'Tar Orb" in text  # and an X counted in them (Bolt of V'Tar) is 0
    text = " ".join(s for s in re.split(r"(?<=[.!?])\s+", text)
                    if "V'Tar Orb" not in s and not (orbs and "+X" in s))
    found = mentions(text)
    out = [t for t in sorted(found["terms"] | found["markers"])
           if t not in have and not any(t in h for h in have)]
    for name in sorted(found["phrases"]):
        if not PHRASES[name][1] & have:
            out.append(name)
    return out


@functools.lru_cache(maxsize=1)
def _code_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for d in CODE for p in sorted(d.rglob("*.py")))


def report(catalog: Catalog, texts: dict[str, str]) -> list[tuple[Card, str, list[str]]]:
    """(card, its coverage level, its unhandled terms) for every Dummy Mage card with any."""
    code = _code_text()
    rulings = RULINGS.read_text(encoding="utf-8")
    out = []
    for kind in DM_TYPES:
        for card in catalog.cards(kind):
            text = texts.get(card.name, "")
            if not text.strip():
                continue
            level = coverage(card).level
            if level == "unusable":
                continue
            named = f'"{card.name}"' in code
            ruled = bool((card.dm or {}).get("ruled")) and card.name in rulings
            terms = unhandled(card, text, named, ruled)
            if terms:
                out.append((card, level, terms))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--modelled", action="store_true", help="only cards called modelled")
    ap.add_argument("--check", action="store_true", help="exit 1 when a modelled card is listed")
    ap.add_argument("--source", type=Path, default=SOURCE, help="the reference cards.json")
    args = ap.parse_args(argv)
    if not args.source.exists():
        print(f"unhandled_terms: {args.source} is not here", file=sys.stderr)
        return 2
    rows = report(get_catalog(), card_texts(args.source))
    modelled = [r for r in rows if r[1] == "modelled"]
    for card, level, terms in (modelled if args.modelled else rows):
        print(f"{card.type[:4]} {card.name} [{level}]: {', '.join(terms)}")
    print(f"{len(rows)} cards with unhandled terms, {len(modelled)} of them called modelled",
          file=sys.stderr)
    return 1 if args.check and modelled else 0


if __name__ == "__main__":
    sys.exit(main())
