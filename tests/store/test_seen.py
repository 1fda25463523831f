"""Steps lost behind solo's back are told (issue 31): "deleting or overwriting the -wal file
mid-game and then killing the player loses committed steps without a word".

A session is "killed" by ``os._exit`` in a child process (nothing closes the database, as with
``kill -9``); the cases that need one run in a single Python process that forks a child each.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solo.core.questions import RulePrompter
from solo.engine.game import Settings
from solo.engine.session import Session
from solo.store import seen
from solo.store.journal import KEY_SPAN, Journal

PASSIVE = {"quickcast.you": "pass", "turn.actor": "done"}
OUTSIDE = "the database was changed outside solo"

#: Each case in a forked child: resume game G, play ``before`` steps, do ``what`` to the log
#: (or undo), play ``after`` steps, and end without closing anything.
KILLED = """
import json, os, sys
from pathlib import Path
from solo.core.questions import RulePrompter
from solo.engine.session import Session
from solo.store.journal import Journal

for folder, what, before, after in json.loads(sys.argv[1]):
    child = os.fork()
    if child:
        os.waitpid(child, 0)
        continue
    folder = Path(folder)
    j = Journal(folder)
    s = Session.open(j, j.find("G"), hold=True)
    s.game.prompter = RulePrompter({"quickcast.you": "pass", "turn.actor": "done"})
    for _ in range(before):
        s.play_one()
    log = folder / "games.sqlite3-wal"
    if what == "delete":
        os.remove(log)
    elif what == "overwrite":
        with open(log, "r+b") as f:
            f.write(os.urandom(64))
    elif what == "cut":
        os.truncate(log, 100)
    elif what == "undo":
        for _ in range(3):
            s.undo()
    for _ in range(after):
        s.play_one()
    (folder / "rows").write_text(str(len(s.rows)))  # the steps it had when it was killed
    os._exit(0)  # killed: nothing closed, nothing copied out of the log
"""


def game(folder: Path, steps: int) -> None:
    """Game G in ``folder``'s journal, played ``steps`` steps, the journal closed."""
    with Journal(folder) as j:
        s = Session.start(j, Settings(seed=4, name="G"))
        s.game.prompter = RulePrompter(PASSIVE)
        for _ in range(steps):
            s.play_one()


def killed(cases: list[tuple[Path, str, int, int]]) -> None:
    p = subprocess.run([sys.executable, "-c", KILLED, json.dumps([[str(f), *c] for f, *c in cases])],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr


def told(run, monkeypatch, folder: Path) -> tuple[list[str], str]:
    """What ``solo play --list`` says on standard error, and G's line of the list."""
    monkeypatch.setenv("SOLO_DATA_DIR", str(folder))
    r = run("play", "--list")
    assert r.exit_code == 0, r.output
    return r.stderr.splitlines(), r.stdout


def test_a_log_lost_mid_game_then_a_kill_is_told_once(run, monkeypatch, tmp_path):
    cases = {what: tmp_path / what for what in ("delete", "overwrite", "cut", "undo", "on", "none")}
    for folder in cases.values():
        game(folder, 40)
    killed([(cases["delete"], "delete", 10, 17), (cases["overwrite"], "overwrite", 10, 17),
            (cases["cut"], "cut", 10, 17), (cases["undo"], "undo", 10, 0),
            (cases["on"], "undo", 10, 1), (cases["none"], "none", 10, 17)])
    for what in ("delete", "overwrite", "cut"):
        lines, listed = told(run, monkeypatch, cases[what])
        assert lines == [f"solo: game G was being played when the database's log of recent writes "
                         f"(games.sqlite3-wal) was deleted or overwritten: what it played after step "
                         f"40 is lost: {OUTSIDE}"], (what, lines)
        assert " 40 steps" in listed
        assert told(run, monkeypatch, cases[what])[0] == []  # told once
    # a killed session whose log is whole loses nothing, and is not taken for a loss: one that
    # undid steps below what the last close saw (they are kept, undone), one that then played a
    # new step (fewer steps kept, but a newer one), one that played on
    had = {what: int((cases[what] / "rows").read_text()) for what in ("undo", "on", "none")}
    assert had["undo"] < had["on"] < 40 and had["none"] == 67  # fewer kept than at the close
    for what, steps in had.items():
        lines, listed = told(run, monkeypatch, cases[what])
        assert lines == [] and f" {steps} steps" in listed, (what, lines, listed)


def test_steps_taken_out_of_the_database_file_are_told(run, monkeypatch, tmp_path):
    game(tmp_path, 57)
    other = Session.start(Journal(tmp_path), Settings(seed=5, name="H"))
    other.game.prompter = RulePrompter(PASSIVE)
    for _ in range(5):
        other.play_one()
    other.journal.close()
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    with db:  # a minute later, with the sqlite3 tool
        db.execute("DELETE FROM steps WHERE key > ?", (KEY_SPAN + 40,))
        db.execute("DELETE FROM games WHERE name = 'H'")
    db.close()
    later = time.time() + 60
    os.utime(tmp_path / "games.sqlite3", (later, later))
    lines, listed = told(run, monkeypatch, tmp_path)
    assert lines == [f"solo: game G had 57 steps when last closed, 40 are left: {OUTSIDE}",
                     f"solo: game H had 5 steps when last closed, and it is gone: {OUTSIDE}"]
    assert told(run, monkeypatch, tmp_path)[0] == []


def test_a_database_solo_left_as_it_was_is_not_checked(tmp_path, monkeypatch):
    """The cheap path: a few stat calls and one query; no quick_check, no record written by a
    journal that wrote nothing."""
    game(tmp_path, 12)

    def checked(*a, **k):
        raise AssertionError("quick_check ran on a database nobody changed")

    monkeypatch.setattr(seen, "_what_was_lost", checked)
    before = os.stat(tmp_path / "games.sqlite3").st_mtime_ns
    for _ in range(3):
        with Journal(tmp_path) as j:
            assert j.tell() == [] and j.find("G").steps == 12
    assert os.stat(tmp_path / "games.sqlite3").st_mtime_ns == before


def test_what_is_not_told_is_told_at_the_next_open(tmp_path):
    """A journal opened by a program that shows nothing (shell completion) keeps the news for
    the next one."""
    game(tmp_path, 20)
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    with db:
        db.execute("DELETE FROM steps WHERE key > ?", (KEY_SPAN + 10,))
    db.close()
    later = time.time() + 60
    os.utime(tmp_path / "games.sqlite3", (later, later))
    Journal(tmp_path).close()
    with Journal(tmp_path) as j:
        assert j.tell() == [f"game G had 20 steps when last closed, 10 are left: {OUTSIDE}"]
    with Journal(tmp_path) as j:
        assert j.tell() == []


@pytest.mark.parametrize("args", [("roll", "3"), ("deck", "validate", "Starter")])
def test_commands_that_do_not_open_the_database_pay_nothing(tmp_path, args):
    probe = ("import sys; sys.argv = ['solo', *sys.argv[1:]]\n"
             "from solo.__main__ import run\n"
             "try:\n    run()\nfinally:\n    print('SQLITE' if 'sqlite3' in sys.modules or "
             "'solo.store.seen' in sys.modules else 'NONE', file=sys.stderr)")
    p = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True,
                       timeout=60, cwd=tmp_path, env=dict(os.environ, SOLO_DATA_DIR=str(tmp_path)))
    assert p.stderr.strip().endswith("NONE"), p.stderr
