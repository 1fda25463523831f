"""Work out :data:`solo.engine.estimate.WORD_SPEND`: how much of the word's error each look of
its sequential test may use so that, over all 255 looks together, the chance of a wrong word is
what :data:`solo.engine.estimate.WORD_ERROR` says (not part of the test run).

    .venv/bin/python scripts/word_boundary.py [--paths 50000] [--seed 1]

The test's statistic at each look is a normal mean over the games so far, so across the looks
it moves as a random walk read every 16 games from 32 to 4,096 (solo.engine.estimate.looks).  A
word is wrong only when the interval lies wholly past the limit nearest the true rate, on the
far side of it: one side.  The script draws ``--paths`` such walks (each look's z value), and
finds by bisection the multiplier of the error shape (``k ** -1/2`` at the k-th look, shared
out to sum 1) whose one-sided crossing chance is WORD_ERROR.  A plain share of WORD_ERROR over
the looks (Bonferroni) would waste most of it: the looks see mostly the same games, so their
crossings come together.  tests/engine/test_ratings_speed.py checks the shipped figure on walks
of its own, and the word's error on games won at a limit's rate.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path
from statistics import NormalDist

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solo.engine import estimate  # noqa: E402


def walks(paths: int, seed: int) -> list[list[float]]:
    """``paths`` random walks of standard normal games, each as its z value at every look."""
    rng = random.Random(seed)
    looks = estimate.looks(estimate.MOST_LOOKED)
    out = []
    for _ in range(paths):
        total, at, zs = 0.0, 0, []
        for n in looks:
            total += rng.gauss(0.0, math.sqrt(n - at))
            at = n
            zs.append(total / math.sqrt(n))
        out.append(zs)
    return out


def crossing(zs: list[list[float]], spend: float) -> float:
    """The share of walks that pass the word's bound at some look, with ``spend``."""
    bounds = [NormalDist().inv_cdf(1 - level) for level in estimate.word_levels(spend)]
    return sum(any(z > b for z, b in zip(walk, bounds)) for walk in zs) / len(zs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--paths", type=int, default=50_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    zs = walks(args.paths, args.seed)
    lo, hi = 1.0, 20.0
    for _ in range(24):
        mid = (lo + hi) / 2
        if crossing(zs, mid) > estimate.WORD_ERROR:
            hi = mid
        else:
            lo = mid
    print(f"WORD_SPEND = {lo:.3f}  (crossing {crossing(zs, lo):.4f} on {args.paths:,} walks; "
          f"the shipped {estimate.WORD_SPEND}: {crossing(zs, estimate.WORD_SPEND):.4f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
