"""Work out the ratings shipped with solo and the luck coefficients of this engine: every
built-in deck set against both simulated opponents, written to decks/ratings.json, and the
coefficients fitted over those games, written to decks/luck.json.

Run it after any change to the engine version, the simulated opponents or a built-in set
(tests/engine/test_scale.py fails until then); it is the one command to run:

    python scripts/ratings.py [--jobs N] [--games 1024]

First ``--games`` games of each set and opponent are played (seeds 1, 2, 3...), and the luck
coefficients fitted over all of them at once: the least-squares slope of a Dummy Mage win on
each luck part (solo.engine.luck), each set's own win rate taken out first, so the
coefficients hold across sets.  Then each rating goes on, read with them, until it is within
+/-3 points (it usually already is).  A rating's games are kept one by one, so that a set one
or two cards from a built-in one is rated against them, seed for seed.

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
from solo.engine import simulate  # noqa: E402
from solo.engine.estimate import fit  # noqa: E402
from solo.engine.luck import PARTS  # noqa: E402
from solo.cards.catalog import get_catalog  # noqa: E402
from solo.decks.sets import resolve  # noqa: E402
from solo.engine.game import ENGINE  # noqa: E402

SETS = ("Easier", "Starter", "Harder")
OPPONENTS = ("beginner", "skilled")
CHECK_GAMES = 6
FIT_GAMES = 1024


def write_luck(beta: list[float], names: list[str], groups: list[ratings.Rating],
               shares: list[float]) -> None:
    luck = {"coefficients": {ENGINE: [round(b, 7) for b in beta]}, "parts": list(PARTS),
            "fitted_on": {name: {"games": r.games, "explained": round(s, 4)}
                          for name, r, s in zip(names, groups, shares)}}
    (ROOT / "decks" / "luck.json").write_text(json.dumps(luck, indent=1, sort_keys=True) + "\n",
                                              encoding="utf-8")


def refit() -> None:
    data = json.loads((ROOT / "decks" / "ratings.json").read_text(encoding="utf-8"))
    entries = [e for e in data.values() if e["engine"] == ENGINE]
    groups = [ratings.Rating.from_dict(e) for e in entries]
    beta, shares = fit(groups)
    for e, share in zip(entries, shares):
        print(f"{e['decks']:8} {e['opponent']:9} luck explains {share:.1%} of the variance")
    print("luck coefficients:", ", ".join(f"{p} {b:.5f}" for p, b in zip(PARTS, beta)))
    write_luck(beta, [f"{e['decks']} {e['opponent']}" for e in entries], groups, shares)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=simulate.cores())
    parser.add_argument("--games", type=int, default=FIT_GAMES,
                        help="games of each set and opponent the coefficients are fitted on")
    parser.add_argument("--refit", action="store_true",
                        help="only fit the coefficients again, on the games decks/ratings.json "
                             "holds (after a change to the fit, not to the engine)")
    args = parser.parse_args()
    if args.refit:
        return refit()
    catalog = get_catalog()
    store = ratings.Memory()
    plays = [(name, resolve(name), opponent) for name in SETS for opponent in OPPONENTS]
    first: list[ratings.Rating] = []
    with simulate.Workers(args.jobs) as workers:
        for name, ds, opponent in plays:
            t = time.perf_counter()
            r, _ = ratings.rate(ds, opponent=opponent, jobs=args.jobs, catalog=catalog,
                                engine=ENGINE, cache=store, beta=(), most=args.games,
                                workers=workers)
            first.append(r)
            print(f"{name:8} {opponent:9} {r.games:5} games  {time.perf_counter() - t:5.1f} s",
                  flush=True)
        beta, shares = fit(first)
        print("luck coefficients:", ", ".join(f"{p} {b:.5f}" for p, b in zip(PARTS, beta)))
        out: dict = {}
        for (name, ds, opponent), share in zip(plays, shares):
            r, _ = ratings.rate(ds, opponent=opponent, jobs=args.jobs, catalog=catalog,
                                engine=ENGINE, cache=store, beta=tuple(beta), workers=workers)
            check = [[g.winner, g.rounds, g.damage_to_ym, g.damage_to_dm]
                     for g in simulate.play_many(ds, range(1, CHECK_GAMES + 1), opponent)]
            key = ratings.cache_key(ds, catalog, opponent, ENGINE)
            out[key] = {**r.to_dict(), "decks": name, "opponent": opponent, "engine": ENGINE,
                        "check": check}
            lo, hi = r.interval
            print(f"{name:8} {opponent:9} {r.win_rate:6.1%} ({lo:.1%}-{hi:.1%}) "
                  f"{r.games:5} games, luck explains {share:.1%} of the variance", flush=True)
    write_luck(beta, [f"{n} {o}" for n, _, o in plays], first, shares)
    path = ROOT / "decks" / "ratings.json"
    path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {path} and decks/luck.json")


if __name__ == "__main__":
    main()
