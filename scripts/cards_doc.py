#!/usr/bin/env python3
"""Write docs/cards.md: what solo does with every card (solo.cards.coverage.cards_doc),
decks/coverage.json, each card's level in short (solo.cards.coverage.summary_json), and the
README's coverage table (its rows from the same figures).

    python scripts/cards_doc.py            # write it
    python scripts/cards_doc.py --check    # exit 1 when the committed file is stale
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solo.cards.catalog import get_catalog  # noqa: E402
from solo.cards.coverage import DM_TYPES, cards_doc, summary_json, tally  # noqa: E402

DOC = ROOT / "docs" / "cards.md"
SUMMARY = ROOT / "decks" / "coverage.json"
README = ROOT / "README.md"
_ROWS = {"Creature": "creatures", "Enchantment": "enchantments", "Incantation": "incantations",
         "Attack": "attack spells"}
_HEAD = "| | cards | fully modelled | partly | not usable |"


def readme_text(catalog) -> str:
    """The README with its coverage table's rows worked out again."""
    text = README.read_text(encoding="utf-8")
    rows = [_HEAD, "|---|---:|---:|---:|---:|"]
    everything = []
    for t in DM_TYPES:
        cs = catalog.cards(t)
        everything += cs
        n = tally(cs)
        rows.append(f"| {_ROWS[t]} | {len(cs)} | {n['modelled']} | {n['partly']} | {n['unusable']} |")
    n, total = tally(everything), len(everything)
    pct = {k: round(100 * v / total) for k, v in n.items()}
    rows.append(f"| all the Dummy Mage can field | {total} | {n['modelled']} ({pct['modelled']}%) | "
                f"{n['partly']} ({pct['partly']}%) | {n['unusable']} ({pct['unusable']}%) |")
    lines = text.split("\n")
    start = lines.index(_HEAD)
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    return "\n".join(lines[:start] + rows + lines[end:])


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    catalog = get_catalog()
    files = {DOC: cards_doc(catalog), SUMMARY: summary_json(catalog), README: readme_text(catalog)}
    if "--check" in args:
        stale = [p for p, text in files.items()
                 if not p.exists() or p.read_text(encoding="utf-8") != text]
        for p in files:
            print(f"{p.relative_to(ROOT)} is " + ("stale; run: python scripts/cards_doc.py"
                                                  if p in stale else "up to date"))
        return 1 if stale else 0
    for p, text in files.items():
        p.write_text(text, encoding="utf-8")
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
