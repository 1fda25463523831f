#!/usr/bin/env python3
"""Write docs/cards.md: what solo does with every card (solo.coverage.cards_doc).

    python scripts/cards_doc.py            # write it
    python scripts/cards_doc.py --check    # exit 1 when the committed file is stale
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solo.catalog import get_catalog  # noqa: E402
from solo.coverage import cards_doc  # noqa: E402

DOC = ROOT / "docs" / "cards.md"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    text = cards_doc(get_catalog())
    if "--check" in args:
        same = DOC.exists() and DOC.read_text(encoding="utf-8") == text
        print("docs/cards.md is up to date" if same
              else "docs/cards.md is stale; run: python scripts/cards_doc.py")
        return 0 if same else 1
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
