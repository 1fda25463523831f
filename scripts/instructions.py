"""Instructions a simulated game costs, counted by valgrind: a speed measure without noise.

    python scripts/instructions.py [--games 20] [--skill beginner] [TREE ...]

Timing on a shared machine moves by 20% from run to run, which hides a change worth 3%.  The
number of machine instructions a game executes does not move: this plays ``--games`` games of
Starter against the chosen opponent under ``valgrind --tool=callgrind`` and subtracts a run of
no games (start-up and the catalog; ``--decks`` another set), for each source tree given (a checkout or a ``git worktree``
of another commit; default: this one).  Compare a change with its parent:

    git worktree add /tmp/before HEAD~1
    python scripts/instructions.py /tmp/before .

Fewer instructions is not always less time (memory and cache count too), so confirm a real
gain with ``scripts/bench.py``.  Needs valgrind (Debian: ``apt install valgrind``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PLAY = """
import sys
sys.path.insert(0, sys.argv[1])
try:  # the layered packages (the house redesign) ...
    from solo.decks import sets as decks
    from solo.engine import simulate
except ImportError:  # ... or a tree from before it, for comparing the two
    from solo import decks, simulate
ds = decks.resolve(sys.argv[4])
simulate.play_one(ds, 0, sys.argv[3])  # loads everything a game needs, also with no games
for seed in range(1, int(sys.argv[2]) + 1):
    simulate.play_one(ds, seed, sys.argv[3])
"""


def instructions(tree: Path, games: int, skill: str, deckset: str = "Starter") -> int:
    """Instructions one run executes (Python's hash seed fixed, so runs repeat exactly)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         os.path.realpath(sys.executable), "-c", PLAY, str(tree), str(games), skill, deckset],
        capture_output=True, text=True, env=env)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or not found:
        raise SystemExit(f"valgrind failed on {tree}: {done.stderr.strip()[-300:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="*", type=Path, default=[ROOT], help="source trees to measure")
    ap.add_argument("--games", type=int, default=20, help="games played in each count")
    ap.add_argument("--skill", choices=("beginner", "skilled"), default="beginner")
    ap.add_argument("--decks", default="Starter",
                    help="the deck set played: a name, or a file (solo deck random --out FILE)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: install it (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    first = None
    for tree in args.trees:
        if not (tree / "solo" / "__init__.py").exists():
            print(f"{tree} is not a solo source tree (no solo/__init__.py)", file=sys.stderr)
            return 2
        decks = str(Path(args.decks).resolve()) if Path(args.decks).is_file() else args.decks
        per_game = (instructions(tree, args.games, args.skill, decks)
                    - instructions(tree, 0, args.skill, decks)) / args.games
        first = first or per_game
        print(f"{tree}: {per_game / 1e6:.2f} million instructions a game "
              f"({args.decks}, {args.skill}, {args.games} games; {first / per_game:.3f}x the first)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
