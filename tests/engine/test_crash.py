"""Crash safety and determinism across processes, with real answers.

A game is first played in-process by a policy that attacks with damage it reports, edits the
board now and then, types physical dice and says which of the Dummy Mage's cards it drew; its
answers become an answers file.  `solo play` then plays that file through uninterrupted, and
again while being stopped at random moments by SIGKILL, SIGINT, SIGTERM or SIGHUP; each time it
is resumed with the answers it has not used yet (the journal says which were used: exactly the
answers of its committed steps).  The final log must be byte-identical to the uninterrupted
game's: no step lost, none applied twice.  SOLO_CRASH_KILLS sets how many stops to aim for
(default 12; the full run uses 100 or more).
"""

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

import solo as solo_package
from solo.store.journal import KEY_SPAN, Journal
from solo.core.questions import Prompter
from solo.engine.session import Session

KILLS = int(os.environ.get("SOLO_CRASH_KILLS", "12"))
SIGNALS = (signal.SIGKILL, signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
SEED = 31
FLAGS = ["--seed", str(SEED), "--dice", "physical", "--draw", "you"]


class Policy(Prompter):
    """A player that fits any question: reports damage, edits, rolls dice, draws cards."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.answers: dict[str, list] = {}

    def ask(self, q):
        value = self._choose(q)
        self.answers.setdefault(q.id, []).append(value)
        return q.parse(value)

    def _choose(self, q):
        r = self.rng
        values = [v for _, v in q.pairs()]
        if q.id == "turn.actor":
            if r.random() < 0.06:
                return "edit"
            return "ym" if "ym" in values else values[0]
        if q.id == "turn.what":
            return "attack-typed" if "attack-typed" in values else "other"
        if q.id == "turn.attack.damage":
            return f"{r.randint(0, 6)}+{r.randint(0, 2)}"
        if q.id in ("turn.attack.conditions", "edit.conditions"):
            return ""
        if q.id == "edit.object":
            return "dm"
        if q.id == "edit.field":
            return "damage"
        if q.id == "edit.damage":
            return int(q.default) + 1
        if q.id == "dice.d12":
            return r.randint(1, 12)
        if q.id == "dice.attack":
            for count in range(1, 20):
                faces = " ".join(r.choice(["-", "1", "2", "1*", "2*"]) for _ in range(count))
                if q.check(faces) is True:
                    return faces
        if q.id == "draw.card":
            return r.choice(q.titles())
        if q.id == "defense.use":
            return r.random() < 0.5
        if q.id == "quickcast.you":
            return "pass"
        if q.default is not None:
            return q.default
        return values[0] if values else ""


@pytest.fixture
def env(tmp_path):
    e = dict(os.environ)
    e["SOLO_DATA_DIR"] = str(tmp_path / "data")
    e["PYTHONHASHSEED"] = "0"
    return e


def solo(args, env, **kw):
    return subprocess.Popen([sys.executable, "-m", "solo", *args], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kw)


def run(args, env):
    r = subprocess.run([sys.executable, "-m", "solo", *args], env=env, capture_output=True, timeout=120)
    assert r.returncode == 0, r.stderr.decode()
    return r.stdout


def policy_answers(tmp_path) -> dict:
    """The answers of a whole game played by the policy (in-process, in a scratch journal)."""
    from solo.cli.commands.play import setup_settings

    policy = Policy(7)
    with Journal(tmp_path / "scratch") as j:
        settings = setup_settings(policy, lambda t: None, seed=SEED, dice="physical", mage=None,
                                  dm_mage=None, decks=None, dm_life=None, name="policy", draw="you")
        s = Session.start(j, settings)
        s.game.prompter = policy
        for _ in range(3000):
            if s.game.over:
                break
            s.play_one()
        assert s.game.over
    used = Counter(q for q in policy.answers)
    assert used["turn.attack.damage"] and used["dice.attack"] and used["draw.card"] and used["edit.damage"]
    return policy.answers


def used_answers(db: Path, name: str) -> Counter:
    """How many answers of each question the committed steps of game ``name`` used."""
    con = sqlite3.connect(db)
    try:
        row = con.execute("SELECT id FROM games WHERE name = ?", (name,)).fetchone()
        if row is None:
            return Counter()
        lo = row[0] * KEY_SPAN
        used = Counter()
        for (answers,) in con.execute("SELECT answers FROM steps WHERE key > ? AND key < ? AND "
                                      "undone = 0", (lo, lo + KEY_SPAN)):
            for qid, _ in json.loads(answers or "[]"):
                used[qid] += 1
        return used
    finally:
        con.close()


def steps_of(db: Path, name: str) -> int:
    return sum(used_answers(db, name).values()) if db.exists() else 0


def game_over(db: Path, name: str) -> bool | None:
    """None when the game does not exist yet."""
    if not db.exists():
        return None
    con = sqlite3.connect(db)
    try:
        row = con.execute("SELECT status FROM games WHERE name = ?", (name,)).fetchone()
        return None if row is None else row[0] == "over"
    finally:
        con.close()


#: The folder of the solo package these tests run, as its real path: a frame is solo's when
#: its file is in it, whatever the folders above it are called (a clone may be named solo too).
PACKAGE = Path(solo_package.__file__).resolve().parent
#: The line of solo/__main__.py that puts the hooks making a Ctrl-C quiet in place.
HOOKS = next(i for i, line in enumerate((PACKAGE / "__main__.py").read_text().splitlines(), 1)
             if line.startswith("sys.excepthook"))
_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<func>.+)$', re.M)


def started_python(err: bytes) -> bool:
    """A Ctrl-C that came while the interpreter itself was starting, before solo's hooks made it
    quiet (the first lines of solo/__main__.py): its traceback has no frame of solo's but the
    package's ``__init__`` and the lines of ``__main__`` up to the hooks."""
    text = err.decode(errors="replace")
    if not text.rstrip().endswith("KeyboardInterrupt"):
        return False
    for m in _FRAME.finditer(text):
        path = Path(m["file"])
        if not path.is_absolute():  # <frozen runpy>, <string>: Python's own
            continue
        real = path.resolve()
        if PACKAGE not in real.parents:
            continue
        early = m["func"] == "<module>" and (
            real == PACKAGE / "__init__.py" or real == PACKAGE / "__main__.py" and int(m["line"]) <= HOOKS)
        if not early:
            return False
    return True


def _traceback(*frames: tuple[str, int, str]) -> bytes:
    lines = ["Traceback (most recent call last):"]
    lines += [f'  File "{f}", line {n}, in {func}' for f, n, func in frames]
    return ("\n".join(lines) + "\nKeyboardInterrupt\n").encode()


def test_a_start_up_traceback_is_told_by_its_frames_not_by_folder_names(tmp_path):
    """A clone in a folder named solo puts /solo/ in every path, Python's own included."""
    clone = Path("/home/me/solo/.venv")
    script = (str(clone / "bin" / "solo"), 3, "<module>")
    python = (str(clone / "lib" / "python3.11" / "re" / "__init__.py"), 12, "<module>")
    assert started_python(_traceback(script, python))
    assert started_python(_traceback(("<frozen runpy>", 198, "_run_module_as_main"), python))
    assert started_python(_traceback(script, (str(PACKAGE / "__init__.py"), 1, "<module>")))
    assert started_python(_traceback(script, (str(PACKAGE / "__main__.py"), HOOKS, "<module>")))
    # once the hooks are in place, a traceback is solo's fault
    assert not started_python(_traceback(script, (str(PACKAGE / "__main__.py"), HOOKS + 1, "<module>")))
    assert not started_python(_traceback(script, (str(PACKAGE / "__main__.py"), 40, "run"),
                                         (str(PACKAGE / "cli" / "app.py"), 13, "<module>"), python))
    assert not started_python(b"Traceback (most recent call last):\nValueError: no\n")
    # the package reached through a link is still the package
    link = tmp_path / "elsewhere"
    link.symlink_to(PACKAGE)
    assert not started_python(_traceback(script, (str(link / "cli" / "app.py"), 13, "<module>")))


def _after_answers(p: subprocess.Popen, db: Path, name: str, answers: int,
                   most: float = 60) -> None:
    """Waits until the committed steps of game ``name`` have used ``answers`` answers, or ``p``
    has ended."""
    end = time.monotonic() + most
    while p.poll() is None and time.monotonic() < end:
        try:
            if steps_of(db, name) >= answers:
                return
        except sqlite3.Error:  # the journal being made, or locked for a moment
            pass
        time.sleep(0.005)


@pytest.mark.timeout(max(300, 10 * KILLS))  # (a long run: about 0.3 s a stop)
def test_stopped_at_random_moments_by_any_signal_loses_nothing(tmp_path, env):
    answers = policy_answers(tmp_path)
    full = tmp_path / "answers.json"
    full.write_text(json.dumps(answers))
    t0 = time.monotonic()
    run(["play", "--answers", str(full), "--name", "whole", *FLAGS], env)
    whole_time = time.monotonic() - t0
    t0 = time.monotonic()
    run(["play", "--list"], env)
    start_up = time.monotonic() - t0  # most stops land after it, in the middle of the game
    expected = run(["log", "whole"], env)
    assert expected.count(b"edit:") >= 1 and b"damage" in expected

    db = tmp_path / "data" / "games.sqlite3"
    rng = random.Random(2024)
    stops, games, mid_game = Counter(), 0, 0
    while (sum(stops.values()) < KILLS or mid_game < KILLS // 3) and games < KILLS * 6:
        games += 1
        name = f"stopped{games}"
        for _ in range(400):
            state = game_over(db, name)
            if state:
                break
            if state is None:
                args = ["play", "--answers", str(full), "--name", name, *FLAGS]
            else:  # resume with the answers its committed steps have not used
                used = used_answers(db, name)
                rest = {q: a[used[q]:] for q, a in answers.items() if q != "setup.start"}
                left = tmp_path / f"{name}.json"
                left.write_text(json.dumps(rest))
                args = ["play", "--resume", "--name", name, "--answers", str(left)]
            done_before = steps_of(db, name)
            p = solo(args, env)
            if rng.random() < 0.5:  # at a moment drawn from the first game's timings
                time.sleep(rng.uniform(start_up, max(whole_time, start_up * 1.5)))
            else:  # once a number of answers drawn is committed, then a moment more: mid-game
                # however busy the machine
                _after_answers(p, db, name, done_before + rng.randint(1, 40))
                time.sleep(rng.uniform(0, 0.05))
            if p.poll() is None:
                sig = rng.choice(SIGNALS)
                p.send_signal(sig)
                stops[sig.name] += 1
                p.wait()
                if steps_of(db, name) > done_before:
                    mid_game += 1  # it was stopped after playing some steps: in the middle
            _, err = p.communicate(timeout=60)
            assert b"Traceback" not in err or started_python(err), err.decode()
            assert p.returncode in (0, 130, -9, -signal.SIGINT, -signal.SIGTERM, -signal.SIGHUP) \
                or started_python(err), \
                (p.returncode, err.decode())
        got = run(["log", name], env)
        assert got.replace(name.encode(), b"whole", 1) == expected, f"{name} differs after {stops}"
    assert sum(stops.values()) >= KILLS
    assert len(stops) >= 3, stops  # the signals were mixed
    assert mid_game >= KILLS // 3, (mid_game, stops)  # many stopped a game in full flow


def test_same_seed_and_answers_across_processes(tmp_path, env):
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({"setup.start": "start", "quickcast.you": ["pass"] * 500,
                                   "turn.actor": ["done"] * 500}))
    for name in ("one", "two"):
        run(["play", "--answers", str(answers), "--seed", "8", "--name", name], env)
    logs = [run(["log", n], env) for n in ("one", "two")]
    assert logs[0].replace(b"one", b"two", 1) == logs[1] and b"round 1: ready stage" in logs[0]
    assert run(["log", "one"], env) == logs[0]


def test_dm_json_is_identical_across_processes(tmp_path, env):
    board = Path(__file__).parents[1] / "data" / "board24.json"
    runs = [subprocess.run([sys.executable, "-m", "solo", "dm", "creature", "--board", str(board),
                            "--seed", "5", "--json"], env=env, capture_output=True)
            for _ in range(2)]
    assert runs[0].returncode == 0, runs[0].stderr.decode()
    assert runs[0].stdout == runs[1].stdout
    assert json.loads(runs[0].stdout)["action"] in ("attack", "move-attack", "move", "pass", "lose-turn")


def test_a_ctrl_c_as_the_command_ends_is_not_clicks_aborted(tmp_path, env):
    """A Ctrl-C that comes once the command has returned, while click closes its context (the
    window a stopped game's end once fell in: click said "Aborted!", status 1), changes nothing:
    the work is done, the status is the command's."""
    code = ("import os, signal, sys, click\n"
            "real = click.Context.exit\n"
            "def exit(self, code=0):\n"
            "    os.kill(os.getpid(), signal.SIGINT)  # as click ends the command\n"
            "    real(self, code)\n"
            "click.Context.exit = exit\n"
            "sys.argv = ['solo', 'roll', 'd12', '--seed', '3']\n"
            "from solo.__main__ import run\n"
            "run()\n")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, timeout=60)
    assert b"Aborted" not in done.stderr, done.stderr.decode()
    assert done.returncode == 0 and done.stdout.strip(), (done.returncode, done.stderr.decode())
