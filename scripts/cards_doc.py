#!/usr/bin/env python3
"""Write docs/cards.md: what solo does with every card (solo.cards.coverage.cards_doc), and
decks/coverage.json, each card's level in short (solo.cards.coverage.summary_json).

    python scripts/cards_doc.py            # write it
    python scripts/cards_doc.py --check    # exit 1 when the committed file is stale
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solo.cards.catalog import get_catalog  # noqa: E402
from solo.cards.coverage import cards_doc, summary_json  # noqa: E402

DOC = ROOT / "docs" / "cards.md"
SUMMARY = ROOT / "decks" / "coverage.json"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    catalog = get_catalog()
    files = {DOC: cards_doc(catalog), SUMMARY: summary_json(catalog)}
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
