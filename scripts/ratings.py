"""Work out the ratings shipped with solo: every built-in deck set against both simulated
opponents, to the full +/-3 points, written to decks/ratings.json.

Run it after any change to the engine version, the simulated opponents or a built-in set
(tests/engine/test_scale.py fails until then):

    python scripts/ratings.py [--jobs N]

Each entry also records its first games (winner, rounds, damage each way), which the tests
replay: a change to the rules that forgot to change the engine version shows up there.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solo.engine import ratings  # noqa: E402
from solo.engine import simulate
from solo.cards.catalog import get_catalog  # noqa: E402
from solo.decks.sets import resolve  # noqa: E402
from solo.engine.game import ENGINE  # noqa: E402

SETS = ("Easier", "Starter", "Harder")
OPPONENTS = ("beginner", "skilled")
CHECK_GAMES = 6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=simulate.cores())
    args = parser.parse_args()
    catalog = get_catalog()
    out: dict = {}
    for name in SETS:
        ds = resolve(name)
        for opponent in OPPONENTS:
            t = time.perf_counter()
            r, _ = ratings.rate(ds, opponent=opponent, jobs=args.jobs, catalog=catalog,
                                engine=ENGINE)
            check = [[g.winner, g.rounds, g.damage_to_ym, g.damage_to_dm]
                     for g in simulate.play_many(ds, range(1, CHECK_GAMES + 1), opponent)]
            key = ratings.cache_key(ds, catalog, opponent, ENGINE)
            out[key] = {**r.to_dict(), "decks": name, "opponent": opponent, "engine": ENGINE,
                        "check": check}
            lo, hi = r.interval
            print(f"{name:8} {opponent:9} {r.win_rate:6.1%} ({lo:.1%}-{hi:.1%}) "
                  f"{r.games:5} games  {time.perf_counter() - t:5.1f} s", flush=True)
    path = ROOT / "decks" / "ratings.json"
    path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
