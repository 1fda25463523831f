"""Games a second of the pure package and of the compiled build, side by side (not a test).

    .venv/bin/python scripts/bench_compiled.py [--compiled .venv-compiled/bin/python]
                                               [--runs 7] [--games 100]

Each run is a fresh process playing ``--games`` whole simulated games (Starter decks, the
beginner opponent, seeds 1 to N, one core) after a game that loads the catalog; its figure is
games per CPU second of that process.  The runs alternate between the two sides, so that load
from elsewhere on the machine hits both alike, and each side's median is printed with its runs
and the ratio of the medians.  The pure side is this checkout run by this interpreter; the
compiled side is the solo installed beside ``--compiled`` (``scripts/compiled_build`` makes
``.venv-compiled``), which must have compiled modules.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: One run: prints the games per CPU second and how many of solo's modules are compiled.
RUN = """
import sys, time
from importlib.machinery import EXTENSION_SUFFIXES
from solo.decks.sets import resolve
from solo.engine.simulate import play_one

decks = resolve("Starter")
play_one(decks, 0)
start = time.process_time()
for seed in range(1, {games} + 1):
    play_one(decks, seed)
took = time.process_time() - start
compiled = [n for n, m in list(sys.modules.items()) if n.split(".")[0] == "solo"
            and str(getattr(m, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))]
print({games} / took, len(compiled))
"""


def one_run(python: str, games: int, checkout: bool) -> tuple[float, int]:
    """(games a CPU second, modules compiled) of a fresh process: the checkout's solo first on
    the path, or (``-I``) only what the interpreter has installed."""
    code = RUN.format(games=games)
    cmd = [python, "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r})\n{code}"] if checkout \
        else [python, "-I", "-c", code]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd="/")
    if done.returncode != 0:
        raise SystemExit(f"bench_compiled: {python} failed: {done.stderr.strip()[-2000:]}")
    rate, compiled = done.stdout.split()
    return float(rate), int(compiled)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--compiled", default=str(ROOT / ".venv-compiled" / "bin" / "python"),
                    help="the compiled build's interpreter (default .venv-compiled/bin/python)")
    ap.add_argument("--runs", type=int, default=7, help="runs of each side (default 7)")
    ap.add_argument("--games", type=int, default=100, help="games a run (default 100)")
    args = ap.parse_args(argv)
    sides = {"pure": [], "compiled": []}
    for _ in range(args.runs):
        rate, compiled = one_run(sys.executable, args.games, checkout=True)
        if compiled:
            raise SystemExit(f"bench_compiled: the checkout has {compiled} compiled modules")
        sides["pure"].append(rate)
        rate, compiled = one_run(args.compiled, args.games, checkout=False)
        if not compiled:
            raise SystemExit(f"bench_compiled: {args.compiled} has no compiled module of solo")
        sides["compiled"].append(rate)
    medians = {side: statistics.median(runs) for side, runs in sides.items()}
    for side, runs in sides.items():
        print(f"{side}: {medians[side]:.1f} games a second (median of {len(runs)}: "
              f"{', '.join(f'{r:.1f}' for r in runs)})")
    print(f"compiled / pure: {medians['compiled'] / medians['pure']:.2f}x"
          f" ({compiled} modules compiled)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
