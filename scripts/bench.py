"""How fast solo starts and decides, next to its targets (not part of the test run).

    .venv/bin/python scripts/bench.py [--runs 21] [--decisions 500] [--json]

Measures, on this machine:

* start-up of ``solo roll 3`` and of ``solo dm creature --board tests/data/board24.json --seed 1``
  (a board with 24 creatures), each against ``python -c "import click"``: the median wall time
  of ``--runs`` fresh processes of the same interpreter (the best run is shown too); target: at
  most 1.5 times click's;
* one Dummy Mage creature decision in-process (``automaton.creature_action`` on a fresh copy of
  the 24-creature board), median of ``--decisions`` runs; target: under 5 ms;
* loading the card catalog (``solo.catalog.get_catalog()``) in a fresh process, median of
  ``--runs``.

Exits 1 when a target is missed, so it can guard a change by hand.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOARD = ROOT / "tests" / "data" / "board24.json"
STARTUP_RATIO = 1.5
DECISION_MS = 5.0


def interpreter() -> str:
    """The project's virtualenv interpreter when there is one, else this one."""
    venv = ROOT / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def _env() -> dict[str, str]:
    """This environment, but byte-code gets cached, as after an install: with
    PYTHONDONTWRITEBYTECODE set (to anything), every run would compile again each module
    changed since its .pyc was written."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(cmd: list[str], runs: int) -> list[float]:
    """Wall times (seconds) of ``runs`` runs of ``cmd``, after one warm-up run."""
    env = _env()
    times = []
    for i in range(runs + 1):
        t = time.perf_counter()
        done = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        elapsed = time.perf_counter() - t
        if done.returncode != 0:
            raise SystemExit(f"bench: {' '.join(cmd)} failed ({done.returncode}): {done.stderr.strip()}")
        if i:  # the first run warms the disk cache and writes .pyc files
            times.append(elapsed)
    return times


CATALOG_SNIPPET = """
import time
from solo import catalog
t = time.perf_counter()
catalog.get_catalog()
print(time.perf_counter() - t)
"""


def catalog_load(python: str, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        done = subprocess.run([python, "-c", CATALOG_SNIPPET], cwd=ROOT, capture_output=True,
                              text=True, check=True, env=_env())
        out.append(float(done.stdout.strip()))
    return out


def decision_times(runs: int) -> list[float]:
    """Seconds per ``creature_action`` on a fresh copy of the 24-creature board."""
    from solo import automaton
    from solo.board import load
    from solo.dice import SeededSource

    base = load(BOARD)
    base.copy()  # load the catalog and warm every cache before timing
    times = []
    for i in range(runs):
        board, source = base.copy(), SeededSource(i)
        t = time.perf_counter()
        automaton.creature_action(board, source)
        times.append(time.perf_counter() - t)
    return times


GAMES_PER_SECOND = 1000


def games_per_second(games: int) -> dict[str, float]:
    """Whole simulated games a second on one core (Starter decks), for each opponent."""
    from solo.decks import resolve
    from solo.simulate import play_one

    deckset = resolve("Starter")
    play_one(deckset, 0)  # warm the catalog
    out = {}
    for skill in ("beginner", "skilled"):
        t = time.perf_counter()
        for seed in range(1, games + 1):
            play_one(deckset, seed, skill)
        out[skill] = games / (time.perf_counter() - t)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=21, help="fresh processes per start-up figure")
    ap.add_argument("--decisions", type=int, default=500, help="in-process decisions to time")
    ap.add_argument("--games", type=int, default=60, help="simulated games per opponent")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = ap.parse_args(argv)

    python = interpreter()
    script = Path(python).with_name("solo")  # the console script people run
    solo = [str(script)] if script.exists() else [python, "-m", "solo"]
    click_t = wall([python, "-c", "import click"], args.runs)
    roll_t = wall(solo + ["roll", "3"], args.runs)
    dm_t = wall(solo + ["dm", "creature", "--board", str(BOARD), "--seed", "1"], args.runs)
    cat_t = catalog_load(python, args.runs)
    dec_t = decision_times(args.decisions)
    sims = games_per_second(args.games)

    med = statistics.median
    base = med(click_t)
    figures = {
        "date": date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "import_click_ms": med(click_t) * 1000, "import_click_best_ms": min(click_t) * 1000,
        "roll_best_ms": min(roll_t) * 1000, "dm_creature_best_ms": min(dm_t) * 1000,
        "roll_ms": med(roll_t) * 1000, "roll_ratio": med(roll_t) / base,
        "dm_creature_ms": med(dm_t) * 1000, "dm_creature_ratio": med(dm_t) / base,
        "catalog_load_ms": med(cat_t) * 1000,
        "decision_ms": med(dec_t) * 1000, "decision_p95_ms": sorted(dec_t)[int(0.95 * len(dec_t))] * 1000,
        "games_per_second_beginner": sims["beginner"], "games_per_second_skilled": sims["skilled"],
    }
    ok = {"roll": figures["roll_ratio"] <= STARTUP_RATIO,
          "dm": figures["dm_creature_ratio"] <= STARTUP_RATIO,
          "decision": figures["decision_ms"] < DECISION_MS,
          "games": min(sims.values()) >= GAMES_PER_SECOND}
    figures["targets_met"] = all(ok.values())

    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        mark = {True: "ok", False: "MISSED"}
        rows = [
            ("python -c 'import click'",
             f"{figures['import_click_ms']:.1f} ms (best {figures['import_click_best_ms']:.1f})",
             "(baseline)", ""),
            ("solo roll 3",
             f"{figures['roll_ms']:.1f} ms (best {figures['roll_best_ms']:.1f}) "
             f"= {figures['roll_ratio']:.2f}x", f"<= {STARTUP_RATIO}x", mark[ok["roll"]]),
            ("solo dm creature (24 creatures)",
             f"{figures['dm_creature_ms']:.1f} ms (best {figures['dm_creature_best_ms']:.1f}) "
             f"= {figures['dm_creature_ratio']:.2f}x", f"<= {STARTUP_RATIO}x", mark[ok["dm"]]),
            ("one creature decision, in-process",
             f"{figures['decision_ms']:.2f} ms (p95 {figures['decision_p95_ms']:.2f})",
             f"< {DECISION_MS:g} ms", mark[ok["decision"]]),
            ("simulated games a second, one core",
             f"{sims['beginner']:.0f} (beginner), {sims['skilled']:.0f} (skilled)",
             f">= {GAMES_PER_SECOND}", mark[ok["games"]]),
            ("catalog load, fresh process", f"{figures['catalog_load_ms']:.1f} ms", "(info)", ""),
        ]
        print(f"solo benchmarks, {figures['date']}, {figures['machine']}")
        print(f"start-up: median of {args.runs} runs (ratio of medians); "
              f"decision: median of {args.decisions}\n")
        widths = [max(len(r[i]) for r in rows) for i in range(4)]
        head = ("measure", "measured", "target", "")
        for row in [head, tuple("-" * w for w in widths), *rows]:
            print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    return 0 if figures["targets_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
