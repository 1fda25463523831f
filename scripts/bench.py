"""How fast solo starts and decides, next to its targets (not part of the test run).

    .venv/bin/python scripts/bench.py [--runs 21] [--python PATH] [--startup-only] [--json]
    .venv/bin/python scripts/bench.py --ratings [--before OTHER_CHECKOUT] [--whole-runs N]

Measures, on this machine:

* start-up of five non-interactive commands -- ``solo roll 3``, ``solo dm creature --board
  tests/data/board24.json --seed 1`` (a board with 24 creatures), ``solo cards show "Timber
  Wolf"``, ``solo deck validate Starter`` and ``solo deck show Starter --no-rating`` -- each
  against ``python -c "import click"``: the median wall time of ``--runs`` fresh processes of the
  same interpreter, the commands taken in turn so a burst of load elsewhere hits them all alike
  (the best run is shown too); target: at most 1.3 times click's.  Measure a regular
  (non-editable) install: ``--python`` names its interpreter, whose ``solo`` script is run;
* one Dummy Mage creature decision in-process (``turns.creature_action`` on a fresh copy of
  the 24-creature board), median of ``--decisions`` runs; target: under 5 ms;
* whole simulated games a second (Starter, beginner on one core and on every core; target
  500 and 1,000), and rating a set no cache knows to +/-3 points (target: 2 seconds);
* loading the card catalog (``solo.cards.catalog.get_catalog()``) in a fresh process, median of
  ``--runs``;
* ``solo deck show`` in fresh processes with empty data and cache folders: a built-in set, whose
  rating ships with solo (target: 2 seconds), and a set no cache knows, a first look whose games
  stop at the command's time budget (target: that budget and 1.5 seconds).

``--ratings`` measures only the ratings commands, in fresh processes with empty folders: a
first look of ``solo deck show`` (target: the 2 seconds its help promises, + 0.5 s), a new set and Starter with one
card swapped rated to +/-3 points, and ``solo tune`` (target: 30 s); ``--before DIR`` measures
another checkout (``git archive`` of an older commit, say) first, in the same run.

``--engine`` measures only the engine's speed: whole simulated games a second (Starter,
beginner, one core, wall and CPU time of ``--games`` games in a fresh process), ``--engine-runs``
times (at least 5), this checkout's next to ``--before DIR``'s and to ``--compiled PYTHON``'s
(an interpreter whose environment holds a compiled build, see the README), the runs taken in
turn so that a burst of load elsewhere hits them all alike; the ratio of medians to the first
named is the figure (target: 4 times on one core, pure Python, and 2 times more compiled).

``--screen`` measures only the table screen's lag: the time from a step's commit in the game
journal to its arrival on the page, over a whole game played at the "terminal" with the page
following in headless Chromium (``tests/cli/test_screen_browser.py``'s
``test_a_game_at_the_terminal_with_the_page_following``, run ``--screen-runs`` times; needs
the test extras and Chromium); target: a median of at most 200 ms.

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
STARTUP_RATIO = 1.3
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


def _run_once(cmd: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - t
    if done.returncode != 0:
        raise SystemExit(f"bench: {' '.join(cmd)} failed ({done.returncode}): {done.stderr.strip()}")
    return elapsed


def wall(cmd: list[str], runs: int) -> list[float]:
    """Wall times (seconds) of ``runs`` runs of ``cmd``, after one warm-up run."""
    return walls({"cmd": cmd}, runs)["cmd"]


def walls(cmds: dict[str, list[str]], runs: int) -> dict[str, list[float]]:
    """Wall times (seconds) of ``runs`` runs of each command, taken in turn (round after round),
    after one warm-up run of each (it warms the disk cache and writes .pyc files)."""
    env = _env()
    for cmd in cmds.values():
        _run_once(cmd, env)
    times: dict[str, list[float]] = {key: [] for key in cmds}
    for _ in range(runs):
        for key, cmd in cmds.items():
            times[key].append(_run_once(cmd, env))
    return times


#: The start-up figures: key -> (label, arguments of solo).
STARTUP = {
    "roll": ("solo roll 3", ["roll", "3"]),
    "dm_creature": ("solo dm creature (24 creatures)",
                    ["dm", "creature", "--board", str(BOARD), "--seed", "1"]),
    "cards_show": ("solo cards show 'Timber Wolf'", ["cards", "show", "Timber Wolf"]),
    "deck_validate": ("solo deck validate Starter", ["deck", "validate", "Starter"]),
    "deck_show": ("solo deck show Starter --no-rating", ["deck", "show", "Starter", "--no-rating"]),
}


def startup_figures(python: str, runs: int) -> dict[str, float]:
    """Median and best start-up of each :data:`STARTUP` command and of ``import click`` (ms),
    each command's ratio to click's median, and the spread of click's runs (noise)."""
    script = Path(python).with_name("solo")  # the console script people run
    solo = [str(script)] if script.exists() else [python, "-m", "solo"]
    cmds = {"import_click": [python, "-c", "import click"]}
    cmds.update({key: solo + args for key, (_, args) in STARTUP.items()})
    times = walls(cmds, runs)
    med = statistics.median
    base = med(times["import_click"])
    out: dict[str, float] = {}
    for key, t in times.items():
        out[f"{key}_ms"] = med(t) * 1000
        out[f"{key}_best_ms"] = min(t) * 1000
        q = statistics.quantiles(t, n=4) if len(t) > 1 else [t[0]] * 3
        out[f"{key}_iqr_ms"] = (q[2] - q[0]) * 1000
        if key != "import_click":
            out[f"{key}_ratio"] = med(t) / base
    return out


CATALOG_SNIPPET = """
import time
from solo.cards import catalog
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
    from solo.engine import turns
    from solo.store.board_file import load
    from solo.rules.dice import SeededSource

    base = load(BOARD)
    base.copy()  # load the catalog and warm every cache before timing
    times = []
    for i in range(runs):
        board, source = base.copy(), SeededSource(i)
        t = time.perf_counter()
        turns.creature_action(board, source)
        times.append(time.perf_counter() - t)
    return times


GAMES_PER_SECOND = 500  # beginner, one core (issue 14)
GAMES_PER_SECOND_ALL_CORES = 1000  # beginner, every core
RATING_SECONDS = 2.0


def games_per_second(games: int) -> dict[str, float]:
    """Whole simulated games a second (Starter decks): against the beginner on one core and on
    every core, against the skilled opponent on one core; and, against the beginner on one
    core, steps a game and microseconds a step (the engine's speed whatever the games' length:
    solo-engine/4's legal opponents play games about twice as long as solo-engine/3's)."""
    from solo.decks.sets import resolve
    from solo.engine.simulate import cores, play_many, play_one

    deckset = resolve("Starter")
    play_one(deckset, 0)  # warm the catalog
    out = {}
    for key, skill, jobs, n in (("beginner", "beginner", 1, games),
                                ("beginner_all_cores", "beginner", cores(), games * cores()),
                                ("skilled", "skilled", 1, games)):
        t = time.perf_counter()
        played = play_many(deckset, range(1, n + 1), skill, jobs=jobs)
        elapsed = time.perf_counter() - t
        out[key] = n / elapsed
        if key == "beginner":
            steps = sum(g.steps for g in played)
            out["steps_per_game"] = steps / n
            out["us_per_step"] = elapsed / steps * 1e6
    return out


def rating_seconds() -> tuple[float, int]:
    """Rating a set no cache knows (Starter with one card swapped) to +/-3 points on every
    core: (seconds, games)."""
    from solo.cards.catalog import get_catalog
    from solo.decks.sets import resolve
    from solo.engine.game import ENGINE
    from solo.engine.ratings import rate
    from solo.engine.simulate import cores

    ds = resolve("Starter")
    ds.decks["creature"]["Timber Wolf"] = ds.decks["creature"].get("Timber Wolf", 0) + 1
    ds.decks["creature"].pop("Mana Leech", None)
    t = time.perf_counter()
    r, _ = rate(ds, jobs=cores(), catalog=get_catalog(), engine=ENGINE)
    return time.perf_counter() - t, r.games


#: `solo deck show` of a built-in set: its rating ships with solo, no game is played.
DECK_SHOW_SHIPPED_SECONDS = 2.0
#: A first look at a new set's rating may take the command's own budget for its games
#: (`solo.cli.commands.ratings.RATING_SECONDS`) and this much besides.
FIRST_LOOK_SLACK_SECONDS = 1.5


def deck_show_seconds(python: str, runs: int) -> dict[str, float]:
    """Median wall times (seconds) of ``solo deck show`` in fresh processes, each with new data,
    config and cache folders: ``shipped`` for Starter, ``first_look`` for a random set no cache
    knows; and ``budget``, the command's time budget for a rating's games."""
    import tempfile

    from solo.cli.commands.ratings import RATING_SECONDS as budget

    script = Path(python).with_name("solo")
    solo = [str(script)] if script.exists() else [python, "-m", "solo"]
    out: dict[str, list[float]] = {"shipped": [], "first_look": []}
    for _ in range(runs):
        with tempfile.TemporaryDirectory(dir=os.environ.get("SOLO_BENCH_DIR")) as tmp:
            env = dict(_env(), SOLO_DATA_DIR=f"{tmp}/data", SOLO_CONFIG_DIR=f"{tmp}/config",
                       SOLO_CACHE_DIR=f"{tmp}/cache")
            _run_once(solo + ["deck", "random", "--seed", "4", "--name", "Bench"], env)
            out["shipped"].append(_run_once(solo + ["deck", "show", "Starter"], env))
            out["first_look"].append(_run_once(solo + ["deck", "show", "Bench"], env))
    return {"budget": budget, **{k: statistics.median(v) for k, v in out.items()}}


#: `solo tune` ends within this (issue 35).
TUNE_SECONDS = 30.0


def _solo(python: str, source: str | None) -> tuple[list[str], dict[str, str]]:
    """How to run solo: the interpreter's ``solo`` script, or ``python -m solo`` from another
    checkout (``source``: its folder, put first on PYTHONPATH)."""
    env = _env()
    if source is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [source, env.get("PYTHONPATH")]))
        return [python, "-m", "solo"], env
    script = Path(python).with_name("solo")
    return ([str(script)] if script.exists() else [python, "-m", "solo"]), env


def tune_games(data: dict) -> int:
    """Every game of a ``solo tune --json`` without ``total_games`` (an older checkout): a
    life's tries and full ratings share their seeds, so each life counts its most."""
    most: dict[int, int] = {}
    for r in data.get("tried", []) + data.get("rated", []):
        most[r["dm_life"]] = max(most.get(r["dm_life"], 0), r["games"])
    return sum(most.values()) or data["games"]


def ratings_figures(python: str, source: str | None, runs: int, whole_runs: int) -> dict:
    """Wall times (seconds; medians of the runs) of the ratings commands, in fresh processes with
    new data and cache folders: ``first_look``, ``solo deck show`` of a random set no cache
    knows (``runs``); ``new_set``, the same set rated to +/-3 points (``--whole-rating``);
    ``near_set``, Starter with one card swapped, likewise; ``tune``, ``solo tune --decks
    Starter --target 40% --json`` (``whole_runs`` each); with the games each played (tune: every
    game, ``tune_games``, and ``tune_rating_games``, its answer's), and the CPU
    seconds each took (``_cpu``, the command and its workers: on a busy machine, what it would
    take alone is about that over the cores it uses)."""
    import re
    import tempfile

    solo, base = _solo(python, source)
    where = source or ROOT  # python -m puts its folder first on the path: the checkout's own
    starter = (ROOT / "decks" / "starter.toml").read_text(encoding="utf-8")
    near = starter.replace('name = "Starter"', 'name = "Near"').replace(
        '"Mana Leech" = 1\n', "").replace('"Timber Wolf" = 1', '"Timber Wolf" = 2')
    out: dict[str, list[float]] = {"first_look": [], "new_set": [], "near_set": [], "tune": []}
    games: dict[str, int] = {}

    def timed(key: str, args: list[str], env: dict[str, str]) -> None:
        used = _children_cpu
        t, c = time.perf_counter(), used()
        done = subprocess.run(solo + args, cwd=where, env=env, capture_output=True, text=True)
        out[key].append(time.perf_counter() - t)
        out.setdefault(f"{key}_cpu", []).append(used() - c)
        if done.returncode != 0:
            raise SystemExit(f"bench: solo {' '.join(args)} failed: {done.stderr.strip()}")
        if args[0] == "tune":  # --json: every game it played, and its answer's
            data = json.loads(done.stdout)
            games[f"{key}_rating"] = data["games"]
            games[key] = data.get("total_games") or tune_games(data)
            return
        # (the interval's games: "settled after N games)" may come first)
        found = re.search(r"interval [^,]*, ([\d,]+) games\)", done.stdout)
        if found:
            games[key] = int(found.group(1).replace(",", ""))

    for i in range(max(runs, whole_runs)):
        with tempfile.TemporaryDirectory(dir=os.environ.get("SOLO_BENCH_DIR")) as tmp:
            env = dict(base, SOLO_DATA_DIR=f"{tmp}/data", SOLO_CONFIG_DIR=f"{tmp}/config",
                       SOLO_CACHE_DIR=f"{tmp}/cache")
            _run_once(solo + ["deck", "random", "--seed", "4", "--name", "Bench"], env)
            Path(tmp, "near.toml").write_text(near, encoding="utf-8")
            if i < runs:
                timed("first_look", ["deck", "show", "Bench"], env)
            if i < whole_runs:
                for f in Path(tmp, "cache").glob("*"):
                    f.unlink()
                timed("new_set", ["deck", "show", "Bench", "--whole-rating"], env)
                timed("near_set", ["deck", "show", f"{tmp}/near.toml", "--whole-rating"], env)
                timed("tune", ["tune", "--decks", "Starter", "--target", "40%", "--json"], env)
    return {**{k: statistics.median(v) for k, v in out.items() if v},
            **{f"{k}_games": n for k, n in games.items()}}


#: A new set's difficulty word, for a set not near a band's limit, within this (issue 35).
WORD_SECONDS = 1.0
#: "Not near a limit": the set's full rating at least this far from every band's limit.
WORD_MARGIN = 0.05

#: Run in a fresh process: ``solo deck show --whole-rating``'s rating of a set file (the
#: command's own `rate_set`, with the cache of SOLO_CACHE_DIR), its live line replaced by one
#: JSON line a chunk of games; it stops once the word is settled.
_WORD_CODE = r"""
import json, sys
def say(**what):
    print(json.dumps(what), flush=True)
from solo.cli.commands import ratings as cli
from solo.decks.sets import resolve
ds = resolve(sys.argv[1])
class Settled(Exception):
    pass
def live(r):
    found = r.settled()
    say(games=r.games, settled=found and found[0], word=found and found[1] or r.word)
    if found:
        raise Settled
cli._live = lambda label: live
say(ready=True)
try:
    r, _ = cli.rate_set(ds, jobs=int(sys.argv[2]))
    say(games=r.games, settled=None, word=r.word, whole=True)
except Settled:
    pass
"""


def _children_cpu() -> float:
    """CPU seconds of this process's children that have ended (and theirs)."""
    import resource

    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def word_sets(count: int, margin: float, jobs: int, seeds: int = 40) -> list[dict]:
    """``count`` sets of ``solo deck random --seed N`` (N = 1, 2, 3...) whose full rating, in
    this process, is at least ``margin`` from every band's limit: each as its seed, TOML, win
    rate, distance from the nearest limit and the word; at most ``seeds`` seeds tried."""
    from solo.cards.catalog import get_catalog
    from solo.decks.random_sets import random_set
    from solo.decks.sets import dumps
    from solo.engine.game import ENGINE
    from solo.engine.ratings import Memory, rate
    from solo.engine.simulate import RATINGS, Workers
    from solo.rules.dice import SeededSource

    catalog = get_catalog()
    limits = [limit for limit, _ in RATINGS]
    found: list[dict] = []
    with Workers(jobs) as workers:
        for seed in range(1, seeds + 1):
            ds = random_set(SeededSource(seed), catalog=catalog, name=f"Word {seed}")
            r, _ = rate(ds, jobs=jobs, catalog=catalog, engine=ENGINE, cache=Memory(),
                        workers=workers)
            near = min(abs(r.win_rate - limit) for limit in limits)
            print(f"  set of seed {seed}: {100 * r.win_rate:.1f}% ({r.games:,} games), "
                  f"{100 * near:.1f} points from a limit", file=sys.stderr, flush=True)
            if near >= margin:
                found.append({"seed": seed, "toml": dumps(ds, catalog), "rate": r.win_rate,
                              "distance": near, "word": r.word})
                if len(found) == count:
                    break
    return found


def word_figures(python: str, source: str | None, sets: list[dict], jobs: int) -> dict:
    """The difficulty word of each of ``sets`` (see :func:`word_sets`) in a fresh process with
    new folders: seconds from the process's start until a chunk's games settle it (and until
    it is ready to play, ``startup``), the games at which it settled and after which it was
    seen (a chunk's end), and the seconds of the first chunk.  None when the checkout shows no
    settled word."""
    import tempfile

    _, env = _solo(python, source)
    rows = []
    for s in sets:
        with tempfile.TemporaryDirectory(dir=os.environ.get("SOLO_BENCH_DIR")) as tmp:
            path = Path(tmp, "set.toml")
            path.write_text(s["toml"], encoding="utf-8")
            run_env = dict(env, SOLO_DATA_DIR=f"{tmp}/data", SOLO_CONFIG_DIR=f"{tmp}/config",
                           SOLO_CACHE_DIR=f"{tmp}/cache")
            row: dict = {"seed": s["seed"], "rate": s["rate"], "distance": s["distance"]}
            chunks = []
            cpu = _children_cpu()
            t = time.perf_counter()
            # (python -c puts its folder first on the path: an installed solo is read from a
            # folder without one, another checkout's from that checkout)
            with subprocess.Popen([python, "-c", _WORD_CODE, str(path), str(jobs)],
                                  cwd=source or tmp,
                                  env=run_env, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) as p:
                assert p.stdout is not None
                for line in p.stdout:
                    now = time.perf_counter() - t
                    got = json.loads(line)
                    if got.get("ready"):
                        row["startup"] = now
                        continue
                    chunks.append((got["games"], now))
                    if got["settled"] or got.get("whole"):  # settled, or the rating whole
                        row.update(seconds=now, settled=got["settled"], shown=got["games"],
                                   word=got["word"])
                        break
                why = p.stderr.read().strip() if p.stderr else ""
            if p.returncode and source is not None:
                return {}  # an older checkout, whose ratings show no settled word
            if p.returncode:
                raise SystemExit(f"bench: the word of the set of seed {s['seed']} failed: {why}")
            row["cpu"] = _children_cpu() - cpu  # the process and its workers, to its end
            row["chunks"] = chunks
            row["first_chunk"] = chunks[0][1] - row["startup"]
            row["first_chunk_games"] = chunks[0][0]
            row["games_per_second"] = row["shown"] / (row["seconds"] - row["startup"])
            rows.append(row)
    med = statistics.median
    times = [r["seconds"] for r in rows]
    return {"word": med(times), "word_min": min(times), "word_max": max(times),
            "word_startup": med(r["startup"] for r in rows),
            "word_cpu": med(r["cpu"] for r in rows), "word_sets": rows}


def word_line(side: str, f: dict) -> str:
    """One side's word figure: median, range, and each set's games (settled / seen)."""
    per = ", ".join(f"{r['settled'] or 'whole'}/{r['shown']}" for r in f["word_sets"])
    return (f"{side} {f['word']:.2f} s ({f['word_min']:.2f}-{f['word_max']:.2f} s, CPU "
            f"{f['word_cpu']:.2f} s, ready to play after {f['word_startup']:.2f} s; games "
            f"settled/seen: {per})")


def ratings_report(args) -> int:
    """``--ratings``: the ratings commands' times, this checkout's next to ``--before``'s."""
    from solo.cli.commands.ratings import PROMISED_SECONDS as promised

    from solo.engine.simulate import cores

    python = args.python or interpreter()
    sources = {"before": args.before, "after": None} if args.before else {"after": None}
    sides = {side: {} if args.word else
             ratings_figures(python, source, args.show_runs, args.whole_runs)
             for side, source in sources.items()}
    jobs = cores()
    print(f"choosing {args.word_sets} random sets at least {100 * args.word_margin:g} points "
          f"from a band's limit (each rated in full, on {jobs} cores):", file=sys.stderr)
    sets = word_sets(args.word_sets, args.word_margin, jobs)
    for side, source in sources.items():
        sides[side].update(word_figures(python, source, sets, jobs))
    labels = {"first_look": f"solo deck show, a new set's first look (median of {args.show_runs})",
              "new_set": "a new set rated to +/-3 points (deck show --whole-rating)",
              "near_set": "Starter with one card swapped, to +/-3 points",
              "tune": "solo tune --decks Starter --target 40%",
              "word": f"a new set's word, live (median of {len(sets)} sets at least "
                      f"{100 * args.word_margin:g} points from a limit, {jobs} cores)"}
    targets = {"first_look": promised + 0.5, "tune": TUNE_SECONDS, "word": WORD_SECONDS}
    if args.json:
        print(json.dumps(sides, indent=2))
    else:
        for key, label in labels.items():
            cells = [word_line(side, f) if key == "word" else
                     f"{side} {f[key]:.2f} s, CPU {f[key + '_cpu']:.2f} s"
                     + (f" ({f[key + '_games']:,} games" if key + "_games" in f else "")
                     + (f", {f[key + '_rating_games']:,} in its answer's rating"
                        if key + "_rating_games" in f else "")
                     + (")" if key + "_games" in f else "")
                     for side, f in sides.items() if key in f]
            target = f"  target <= {targets[key]:g} s" if key in targets else ""
            print(f"{label}: {', '.join(cells)}{target}")
    after = sides["after"]
    return 0 if all(after.get(k, 0) <= t for k, t in targets.items()) else 1


BYTES_PER_STEP = 2048
COMMIT_MS = 2.0
RESUME_MS = 100.0
TEN_ROUNDS_KB = 200


def _wchar() -> int:
    """Bytes this process has handed to write() so far (Linux), or -1."""
    try:
        for line in Path("/proc/self/io").read_text().splitlines():
            if line.startswith("wchar:"):
                return int(line.split()[1])
    except OSError:
        pass
    return -1


def _long_session(folder: Path, seed: int, life: int, skill: str = "beginner"):  # noqa: C901
    """A journalled game played by the scripted opponent, both mages given ``life`` life so it
    lasts; returns the session (its commits timed in ``session.commit_times``)."""
    from solo.engine.game import ENGINE, Game, Settings
    from solo.store.journal import Journal
    from solo.engine.session import Session, settings_dict
    from solo.engine.simulate import Opponent

    j = Journal(folder)
    settings = Settings(seed=seed, name=f"bench-{seed}", dm_life=life, alternate_end=False)
    game = Game.new(settings)
    game.board.mages["ym"].life = life
    info = j.create(settings.name, settings_dict(settings), ENGINE, game.state())
    s = Session(j, info, game, [], [])
    if skill == "passive":  # quickcasts nothing, does nothing: the game lasts
        from solo.core.questions import RulePrompter

        s.game.prompter = RulePrompter({"quickcast.you": "pass", "turn.actor": "done"})
    else:
        s.game.prompter = Opponent(s.game, skill)
    s.commit_times = []
    commit = j.commit_step

    def timed(*a, **k):
        t = time.perf_counter()
        commit(*a, **k)
        s.commit_times.append(time.perf_counter() - t)

    j.commit_step = timed
    return s


def journal_figures(folder: Path) -> dict[str, float]:
    """The game journal: bytes written and commit time per step (a 250-step game), resume and
    undo on a 1,000-step game, the storage of a 10-round game."""
    import shutil

    out: dict[str, float] = {}
    # 250 steps: bytes handed to write() per step, and the commit's time.
    s = _long_session(folder / "a", 1, 400)
    before = _wchar()
    while len(s.rows) < 250 and not s.game.over:
        s.play_one()
    out["steps_measured"] = len(s.rows)
    out["bytes_per_step"] = (_wchar() - before) / len(s.rows) if before >= 0 else -1
    out["commit_ms"] = statistics.median(s.commit_times) * 1000
    out["commit_p95_ms"] = sorted(s.commit_times)[int(0.95 * len(s.commit_times))] * 1000
    s.journal.close()
    # A 10-round game's storage: the database file (and its WAL) once it is closed.
    s = _long_session(folder / "b", 2, 120)
    while s.game.phase.round <= 10 and not s.game.over:
        s.play_one()
    out["ten_round_steps"] = len(s.rows)
    s.journal.close()
    out["ten_rounds_kb"] = sum(p.stat().st_size for p in (folder / "b").glob("games.sqlite3*")) / 1024
    # 1,000 steps: resume (open the database, rebuild the game) and undo one step.
    from solo.store.journal import Journal
    from solo.engine.session import Session

    s = _long_session(folder / "c", 3, 999, "skilled")
    while len(s.rows) < 1000 and not s.game.over:
        s.play_one()
    out["long_steps"] = len(s.rows)
    s.journal.close()
    resume, undo = [], []
    for _ in range(7):
        t = time.perf_counter()
        j = Journal(folder / "c")
        s = Session.open(j, j.find("bench-3"))
        resume.append(time.perf_counter() - t)
        t = time.perf_counter()
        s.undo()
        undo.append(time.perf_counter() - t)
        s.redo()
        j.close()
    out["resume_ms"] = statistics.median(resume) * 1000
    out["undo_ms"] = statistics.median(undo) * 1000
    shutil.rmtree(folder, ignore_errors=True)
    return out


#: Issue 35: the pure-Python engine >= 4x the games a second of before its change, and a
#: compiled build that ships >= 2x more.
ENGINE_SPEEDUP, COMPILED_SPEEDUP = 4.0, 2.0

_ENGINE_CODE = r"""
import json, sys, time
if sys.argv[1]:
    sys.path.insert(0, sys.argv[1])
import solo
from solo.engine.simulate import play_one
games = int(sys.argv[2])
play_one("Starter", 0)  # the catalog loaded, every cache warm
t, c = time.perf_counter(), time.process_time()
for seed in range(1, games + 1):
    play_one("Starter", seed)
wall, cpu = time.perf_counter() - t, time.process_time() - c
print(json.dumps({"wall": games / wall, "cpu": games / cpu, "where": solo.__file__}))
"""


def engine_speed(sides: dict[str, tuple[str, str]], games: int, runs: int) -> dict[str, dict]:
    """Games a second of each side (name -> (interpreter, folder of solo or "" for the
    installed package)), ``runs`` fresh processes each, taken in turn."""
    got: dict[str, list[dict]] = {name: [] for name in sides}
    for _ in range(runs):
        for name, (python, folder) in sides.items():
            done = subprocess.run([python, "-c", _ENGINE_CODE, folder, str(games)],
                                  cwd=folder or "/", env=_env(), capture_output=True, text=True)
            if done.returncode != 0:
                raise SystemExit(f"bench: the games of {name} failed: {done.stderr.strip()[-400:]}")
            got[name].append(json.loads(done.stdout))
    med = statistics.median
    return {name: {"wall": med(r["wall"] for r in rows), "cpu": med(r["cpu"] for r in rows),
                   "runs_cpu": [round(r["cpu"], 1) for r in rows], "where": rows[0]["where"]}
            for name, rows in got.items()}


SCREEN_MEDIAN_MS = 200.0
SCREEN_TEST = ("tests/cli/test_screen_browser.py::"
               "test_a_game_at_the_terminal_with_the_page_following")


def screen_report(args) -> int:
    """``--screen``: a step's commit to the page, milliseconds, over whole games."""
    import tempfile

    python = args.python or interpreter()
    late: list[float] = []
    for run in range(max(1, args.screen_runs)):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "late.json"
            env = {**os.environ, "SOLO_SCREEN_LATENCY_OUT": str(out)}
            done = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                   SCREEN_TEST], cwd=ROOT, env=env, capture_output=True,
                                  text=True)
            if done.returncode != 0 or not out.exists():
                print(f"run {run + 1}: the browser test failed (exit {done.returncode}):\n"
                      f"{done.stdout[-2000:]}{done.stderr[-1000:]}")
                return 1
            these = json.loads(out.read_text(encoding="utf-8"))
            late += these
            print(f"run {run + 1}: median {statistics.median(these):.0f} ms over "
                  f"{len(these)} steps (max {max(these):.0f} ms)")
    median = statistics.median(late)
    ok = median <= SCREEN_MEDIAN_MS
    if args.json:
        print(json.dumps({"screen_median_ms": median, "screen_max_ms": max(late),
                          "screen_steps": len(late)}))
    else:
        print(f"a step's commit to the page: median {median:.0f} ms over {len(late)} steps "
              f"(max {max(late):.0f} ms); target <= {SCREEN_MEDIAN_MS:g} ms: "
              f"{'ok' if ok else 'MISSED'}")
    return 0 if ok else 1


def engine_report(args) -> int:
    """``--engine``: games a second, before / after / compiled, in one run."""
    python = args.python or interpreter()
    sides: dict[str, tuple[str, str]] = {}
    if args.before:
        sides["before"] = (python, str(Path(args.before).resolve()))
    sides["after"] = (python, str(ROOT))
    if args.compiled:
        sides["compiled"] = (args.compiled, "")
    runs = max(5, args.engine_runs)
    figures = engine_speed(sides, args.games, runs)
    first = next(iter(figures.values()))["cpu"]
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"games a second, Starter, beginner, one core: median of {runs} runs of "
              f"{args.games} games each, taken in turn ({platform.machine()}, "
              f"Python {platform.python_version()})")
        for name, f in figures.items():
            print(f"  {name:9} {f['cpu']:6.1f} a CPU second ({f['cpu'] / first:.2f}x), "
                  f"{f['wall']:6.1f} a wall second; runs {f['runs_cpu']}; {f['where']}")
    ok = True
    if "before" in figures:
        ok = figures["after"]["cpu"] >= ENGINE_SPEEDUP * figures["before"]["cpu"]
    if "compiled" in figures:
        ok = ok and figures["compiled"]["cpu"] >= COMPILED_SPEEDUP * figures["after"]["cpu"]
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:  # noqa: C901
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=21, help="fresh processes per start-up figure")
    ap.add_argument("--python", help="the interpreter to measure (its venv's solo script is run); "
                                     "default: .venv/bin/python, else this one")
    ap.add_argument("--startup-only", action="store_true", help="measure the start-up figures only")
    ap.add_argument("--decisions", type=int, default=500, help="in-process decisions to time")
    ap.add_argument("--games", type=int, default=60, help="simulated games per opponent")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    ap.add_argument("--ratings", action="store_true",
                    help="measure the ratings commands only (deck show, a whole rating, tune)")
    ap.add_argument("--before", metavar="DIR",
                    help="with --ratings or --engine: another checkout of solo to measure "
                         "first (its folder)")
    ap.add_argument("--engine", action="store_true",
                    help="measure only the engine's games a second (see --before, --compiled)")
    ap.add_argument("--engine-runs", type=int, default=5, help="with --engine: runs (>= 5)")
    ap.add_argument("--compiled", metavar="PYTHON",
                    help="with --engine: an interpreter whose environment has a compiled build")
    ap.add_argument("--word", action="store_true",
                    help="with --ratings: measure only a new set's difficulty word")
    ap.add_argument("--word-sets", type=int, default=5,
                    help="with --ratings: random sets to time the word on")
    ap.add_argument("--word-margin", type=float, default=WORD_MARGIN,
                    help="with --ratings: how far (0-1) from a band's limit a set's rate must be")
    ap.add_argument("--show-runs", type=int, default=5, help="with --ratings: deck show runs")
    ap.add_argument("--whole-runs", type=int, default=1,
                    help="with --ratings: runs of each whole rating and of tune")
    ap.add_argument("--screen", action="store_true",
                    help="measure only the table screen's commit-to-page time (a browser test)")
    ap.add_argument("--screen-runs", type=int, default=3, help="with --screen: whole games")
    args = ap.parse_args(argv)
    if args.screen:
        return screen_report(args)
    if args.ratings:
        return ratings_report(args)
    if args.engine:
        return engine_report(args)

    python = args.python or interpreter()
    st = startup_figures(python, args.runs)
    figures: dict[str, object] = {
        "date": date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "python": python, **st,
    }
    ok = {key: st[f"{key}_ratio"] <= STARTUP_RATIO for key in STARTUP}
    mark = {True: "ok", False: "MISSED"}
    rows = [("python -c 'import click'",
             f"{st['import_click_ms']:.1f} ms (best {st['import_click_best_ms']:.1f}, "
             f"IQR {st['import_click_iqr_ms']:.1f})", "(baseline)", "")]
    for key, (label, _) in STARTUP.items():
        rows.append((label, f"{st[f'{key}_ms']:.1f} ms (best {st[f'{key}_best_ms']:.1f}) "
                            f"= {st[f'{key}_ratio']:.2f}x", f"<= {STARTUP_RATIO}x", mark[ok[key]]))
    if not args.startup_only:
        cat_t = catalog_load(python, args.runs)
        dec_t = decision_times(args.decisions)
        sims = games_per_second(args.games)
        rate_s, rate_games = rating_seconds()
        show = deck_show_seconds(python, 5)
        import tempfile

        with tempfile.TemporaryDirectory(dir=os.environ.get("SOLO_BENCH_DIR")) as tmp:
            jf = journal_figures(Path(tmp))
        med = statistics.median
        figures.update({
            "catalog_load_ms": med(cat_t) * 1000,
            "decision_ms": med(dec_t) * 1000, "decision_p95_ms": sorted(dec_t)[int(0.95 * len(dec_t))] * 1000,
            "games_per_second_beginner": sims["beginner"], "games_per_second_skilled": sims["skilled"],
            "steps_per_game_beginner": sims["steps_per_game"], "us_per_step_beginner": sims["us_per_step"],
            "games_per_second_beginner_all_cores": sims["beginner_all_cores"],
            "rating_seconds": rate_s, "rating_games": rate_games,
            "deck_show_shipped_seconds": show["shipped"],
            "deck_show_first_look_seconds": show["first_look"],
            **{f"journal_{k}": v for k, v in jf.items()},
        })
        ok.update({"decision": med(dec_t) * 1000 < DECISION_MS,
                   "games": sims["beginner"] >= GAMES_PER_SECOND,
                   "games_all": sims["beginner_all_cores"] >= GAMES_PER_SECOND_ALL_CORES,
                   "rating": rate_s <= RATING_SECONDS,
                   "show_shipped": show["shipped"] <= DECK_SHOW_SHIPPED_SECONDS,
                   "first_look": show["first_look"] <= show["budget"] + FIRST_LOOK_SLACK_SECONDS,
                   "bytes": 0 <= jf["bytes_per_step"] <= BYTES_PER_STEP,
                   "commit": jf["commit_ms"] <= COMMIT_MS,
                   "resume": max(jf["resume_ms"], jf["undo_ms"]) <= RESUME_MS,
                   "storage": jf["ten_rounds_kb"] <= TEN_ROUNDS_KB})
        rows += [
            ("one creature decision, in-process",
             f"{figures['decision_ms']:.2f} ms (p95 {figures['decision_p95_ms']:.2f})",
             f"< {DECISION_MS:g} ms", mark[ok["decision"]]),
            ("simulated games a second, beginner, one core", f"{sims['beginner']:.0f}",
             f">= {GAMES_PER_SECOND}", mark[ok["games"]]),
            ("simulated games a second, beginner, every core", f"{sims['beginner_all_cores']:.0f}",
             f">= {GAMES_PER_SECOND_ALL_CORES}", mark[ok["games_all"]]),
            ("simulated games a second, skilled, one core", f"{sims['skilled']:.0f}", "(info)", ""),
            ("engine time a step, beginner, one core",
             f"{sims['us_per_step']:.0f} us ({sims['steps_per_game']:.0f} steps a game)", "(info)", ""),
            ("rating a new set to +/-3 points, every core",
             f"{rate_s:.1f} s ({rate_games} games)", f"<= {RATING_SECONDS:g} s", mark[ok["rating"]]),
            ("solo deck show Starter (shipped rating), fresh process",
             f"{show['shipped']:.2f} s", f"<= {DECK_SHOW_SHIPPED_SECONDS:g} s",
             mark[ok["show_shipped"]]),
            ("solo deck show, a new set's first look, fresh process",
             f"{show['first_look']:.2f} s",
             f"<= {show['budget'] + FIRST_LOOK_SLACK_SECONDS:g} s", mark[ok["first_look"]]),
            ("catalog load, fresh process", f"{figures['catalog_load_ms']:.1f} ms", "(info)", ""),
            (f"journal: bytes written a step ({jf['steps_measured']:.0f} steps)",
             f"{jf['bytes_per_step']:.0f} B", f"<= {BYTES_PER_STEP} B", mark[ok["bytes"]]),
            ("journal: committing one step",
             f"{jf['commit_ms']:.2f} ms (p95 {jf['commit_p95_ms']:.2f})", f"<= {COMMIT_MS:g} ms",
             mark[ok["commit"]]),
            (f"journal: resume / undo one step ({jf['long_steps']:.0f} steps)",
             f"{jf['resume_ms']:.0f} ms / {jf['undo_ms']:.0f} ms", f"<= {RESUME_MS:g} ms",
             mark[ok["resume"]]),
            (f"journal: a 10-round game ({jf['ten_round_steps']:.0f} steps)",
             f"{jf['ten_rounds_kb']:.0f} KB", f"<= {TEN_ROUNDS_KB} KB", mark[ok["storage"]]),
        ]
    figures["targets_met"] = all(ok.values())

    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"solo benchmarks, {figures['date']}, {figures['machine']}, {python}")
        print(f"start-up: median of {args.runs} runs of each, taken in turn (ratio of medians); "
              f"decision: median of {args.decisions}\n")
        widths = [max(len(r[i]) for r in rows) for i in range(4)]
        head = ("measure", "measured", "target", "")
        for row in [head, tuple("-" * w for w in widths), *rows]:
            print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    return 0 if figures["targets_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
