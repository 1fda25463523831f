"""Count the by-hand lines whole games still print: what the person must apply at the table
because solo does not play a card's text itself (issue 33's measure).

    python scripts/by_hand_lines.py [--games 60] [--first 1] [--show 20]

Each game is a headless one against the skilled opponent, with a deck set made as
``solo deck random --any --seed N`` makes it (partly modelled cards allowed, every set), and
the Dummy Mage's lines worded as at the table.  Prints the lines per game, the cards they
came from, and the first ``--show`` lines.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solo.decks.random_sets import random_set  # noqa: E402
from solo.engine.simulate import MAX_ROUNDS, new_game  # noqa: E402
from solo.rules.dice import SeededSource  # noqa: E402

#: The words by-hand lines are made of (solo.text: automaton, combat, spells, yours, upkeep).
BY_HAND = re.compile(r"(?i)by hand|apply it as the card says|yourself \(edit\)|"
                     r"solo does not apply")
CARD = re.compile(r"(?:all of|by hand \()([^;:)]+)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--show", type=int, default=20)
    args = ap.parse_args()
    lines: list[str] = []
    per_game = []
    for seed in range(args.first, args.first + args.games):
        deck_set = random_set(SeededSource(seed), name=f"Random {seed}", partly=True)
        game = new_game(deck_set, seed, "skilled")
        game.words = True
        while not game.over and game.phase.round <= MAX_ROUNDS:
            game.play_one()
        found = [ln for e in game.log for ln in e.get("lines", []) if BY_HAND.search(ln)]
        per_game.append(len(found))
        lines += found
    cards = Counter(m.group(1).strip() for ln in lines for m in [CARD.search(ln)] if m)
    print(f"{args.games} games: {len(lines)} by-hand lines "
          f"({len(lines) / args.games:.2f} a game; games with none: "
          f"{sum(1 for n in per_game if n == 0)})")
    for card, n in cards.most_common(15):
        print(f"  {n:4d}  {card}")
    for ln in lines[: args.show]:
        print("  |", ln[:150])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
