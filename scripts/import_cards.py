#!/usr/bin/env python3
"""Build the project's card catalog (decks/catalog.json, and decks/catalog_index.py, where each
card lies in it) from the shared card reference.

    python scripts/import_cards.py [--source ../shared/reference/cards.json] [--out decks/catalog.json]

Keeps the Arena cards (official and promo sets) and the Arena mages, with only the fields the
program uses, and merges the Dummy Mage notes from scripts/notes/*.toml.  The
output is committed, so the installed program never needs ../shared.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from solo.cards.catalog import Index  # noqa: E402  (the layout that the program reads)
KEEP_SETS = {"arena-official", "arena-promo"}
CARD_TYPES = {"Creature", "Enchantment", "Incantation", "Attack", "Conjuration", "Equipment"}


def slim_attack(a: dict) -> dict:
    out = {
        "name": a["name"],
        "action": a.get("action"),
        "kind": a.get("kind"),
        "range": [a.get("range_min") or 0, a.get("range_max") or 0],
        "dice": a.get("dice"),
    }
    if a.get("zone_attack"):
        out["zone"] = True
    if a.get("damage_type"):
        out["damage_type"] = a["damage_type"]
    effects = [
        {"min": e["min"], "max": e["max"], "conditions": e["conditions"]}
        for e in a.get("effects") or []
    ]
    if effects:
        out["effects"] = effects
    if a.get("traits"):
        out["traits"] = a["traits"]
    return out


def slim_defenses(defs: list) -> list:
    out = []
    for d in defs or []:
        item = {"roll": d["roll"], "uses": d.get("uses_per_round", 1)}
        if d.get("restriction"):
            item["restriction"] = d["restriction"]
        out.append(item)
    return out


def slim_card(c: dict) -> dict:
    out = {
        "name": c["name"],
        "type": c["type"],
        "subtypes": c.get("subtypes") or [],
        "schools": [[s["school"], s["level"]] for s in c.get("schools") or []],
        "cost": c.get("cost"),
    }
    for key in ("reveal_cost", "action", "target", "life", "armor", "channeling"):
        if c.get(key) is not None:
            out[key] = c[key]
    if c["type"] != "Creature" or c.get("range_max"):
        out["range"] = [c.get("range_min") or 0, c.get("range_max") or 0]
    if c.get("type_detail"):
        out["type_detail"] = c["type_detail"]
    if c.get("defenses"):
        out["defenses"] = slim_defenses(c["defenses"])
    if c.get("traits"):
        out["traits"] = c["traits"]
    if c.get("attacks"):
        out["attacks"] = [slim_attack(a) for a in c["attacks"]]
    out["set"] = c.get("set")
    return out


def slim_mage(c: dict) -> dict:
    out = {
        "name": c["name"],
        "type": "Mage",
        "subtypes": c.get("subtypes") or [],
        "cost": 0,
        "life": c["life"],
        "armor": c.get("armor") or 0,
        "channeling": c.get("channeling"),
        "schools": [[s, 0] for s in c.get("trained_schools") or []],
    }
    if c.get("defenses"):
        out["defenses"] = slim_defenses(c["defenses"])
    if c.get("traits"):
        out["traits"] = c["traits"]
    if c.get("attacks"):
        out["attacks"] = [slim_attack(a) for a in c["attacks"]]
    out["set"] = c.get("product") or c.get("set")
    return out


def read_notes(folder: Path) -> dict[str, dict]:
    """Every Dummy Mage note in ``folder/*.toml`` (one table per card name); a card named in two
    files is an error."""
    notes: dict[str, dict] = {}
    where: dict[str, str] = {}
    for path in sorted(folder.glob("*.toml")):
        for name, note in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if name in notes:
                raise SystemExit(f"{path.name}: {name!r} already has a note in {where[name]}")
            notes[name], where[name] = note, path.name
    return notes


def build(source: Path, annotations: Path) -> dict:
    data = json.loads(source.read_text(encoding="utf-8"))
    cards = []
    for c in data["cards"]:
        if c["type"] == "Mage":
            if c.get("variant") == "arena":
                cards.append(slim_mage(c))
        elif c["type"] in CARD_TYPES and c.get("set_category") in KEEP_SETS:
            cards.append(slim_card(c))
    names = [c["name"].lower() for c in cards]
    dupes = {n for n in names if names.count(n) > 1}
    if dupes:
        raise SystemExit(f"duplicate card names in the catalog: {sorted(dupes)}")
    by_name = {c["name"]: c for c in cards}
    for name, note in read_notes(annotations).items():
        if name not in by_name:
            raise SystemExit(f"{annotations.name}: no catalog card named {name!r}")
        by_name[name]["dm"] = note
    cards.sort(key=lambda c: (c["type"], c["name"]))
    return {
        "format": "solo-catalog/1",
        "source": "Mage Wars Arena card facts (official and promo Arena sets, Arena mages)",
        "cards": cards,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--source", type=Path, default=ROOT.parent / "shared" / "reference" / "cards.json")
    p.add_argument("--annotations", type=Path, default=ROOT / "scripts" / "notes")
    p.add_argument("--out", type=Path, default=ROOT / "decks" / "catalog.json")
    args = p.parse_args(argv)
    if not args.source.exists():
        print(f"import_cards: cannot find {args.source}; pass --source", file=sys.stderr)
        return 2
    catalog = build(args.source, args.annotations)
    text = json.dumps(catalog, separators=(",", ":"), ensure_ascii=False, sort_keys=False)
    # One card per line: compact to load, still readable in a diff.
    text = text.replace('},{"name"', '},\n{"name"')
    args.out.write_text(text + "\n", encoding="utf-8")
    # Where each card lies in that text, so that a command that needs a few cards reads only them.
    index = Index.of(text + "\n")
    args.out.with_name("catalog_index.py").write_text(index.source(), encoding="utf-8")
    counts: dict[str, int] = {}
    for c in catalog["cards"]:
        counts[c["type"]] = counts.get(c["type"], 0) + 1
    print(f"wrote {args.out} with {len(catalog['cards'])} cards: "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
