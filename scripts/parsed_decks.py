"""Write decks/parsed.json: the built-in deck files already parsed, so that the deck commands
need not import tomllib for them (see solo.decks.sets._parsed).  Run after changing a built-in set:

    python scripts/parsed_decks.py
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from solo.decks import sets as decks  # noqa: E402
from solo.cards.catalog import data_folder  # noqa: E402


def main() -> None:
    path = os.path.join(data_folder(), decks.PARSED)
    with open(path, "w", encoding="utf-8") as f:
        f.write(decks.parsed_json())
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
