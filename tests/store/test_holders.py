"""One session per game, held by the database itself (issue 31, item 1).

The lock file per game is the fast path; what holds when it is removed is the game's row in
``holders``: a second session is refused while the one named there is alive, and a session
that has lost its game (taken over after it was judged gone) writes nothing -- its commit,
undo or redo is refused, and the steps the other session committed stay.

The scenario the issue found: a session waits at a question, the lock file is removed, a second
``solo play --resume`` is let in and plays to the end; the first one answers and its commit
deleted the second one's steps.  Tried here with real processes, then as a fuzz of two sessions
with the lock removed (and a live session misjudged as gone) at random moments.
"""
from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from solo.core.errors import SoloError
from solo.engine.checked_games import RandomPlayer
from solo.engine.game import Settings
from solo.engine.session import Session
from solo.store import holders
from solo.store.journal import Journal, NotHeld

from tests.store.test_journal import (answers_file, db_of, env, game_id, one_line, ok, partial_game,  # noqa: F401
                                      passive, rest_of, solo, step_rows, used_answers)

#: A session in its own process: it holds the game, plays to its first question and waits
#: there for a line on stdin, then answers it and every later one passively, commits ``more``
#: steps and ends (printing how many steps the game had then).
WAITER = """
import sys
from solo.store.journal import Journal
from solo.engine.session import Session
from solo.core.questions import Prompter, RulePrompter

class Waiting(Prompter):
    def __init__(self):
        self.first = True
        self.then = RulePrompter({"quickcast.you": "pass", "turn.actor": "done"})
    def ask(self, q):
        if self.first:
            self.first = False
            print("asked", flush=True)
            sys.stdin.readline()
        return self.then.ask(q)

j = Journal(sys.argv[1])
s = Session.open(j, j.find(sys.argv[2]), hold=True)
s.game.prompter = Waiting()
more = int(sys.argv[3])
start = len(s.rows)
while len(s.rows) < start + more and not s.game.over:
    s.play_one()
print("steps", len(s.rows), flush=True)
s.release()
"""


def _waiter(env: dict, name: str, more: int) -> subprocess.Popen:
    p = subprocess.Popen([sys.executable, "-c", WAITER, env["SOLO_DATA_DIR"], name, str(more)],
                         env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    assert p.stdout is not None
    assert p.stdout.readline().strip() == "asked", p.stderr.read() if p.stderr else ""
    return p


def _live(db: Path, name: str) -> list[tuple]:
    return [r for r in step_rows(db, name) if not r[1]]


def _remove_lock(env: dict, db: Path, name: str) -> None:
    lock = Path(env["SOLO_DATA_DIR"]) / "locks" / f"game-{game_id(db, name)}.lock"
    lock.unlink()


def test_a_removed_lock_file_lets_no_second_session_in(tmp_path, env):
    partial_game(tmp_path, env, "L", n=3)
    db = db_of(env)
    first = _waiter(env, "L", more=6)
    try:
        before = _live(db, "L")
        _remove_lock(env, db, "L")
        rest = answers_file(tmp_path / "rest.json", rest_of(passive(), used_answers(db, "L")))
        for _ in range(3):  # the second session got in 4 times of 5
            one_line(solo(["play", "--resume", "--name", "L", "--answers", rest], env),
                     "'L' is being played in another session", f"process {first.pid}")
            assert _live(db, "L") == before
        out, err = first.communicate("\n", timeout=120)  # the first one answers and goes on
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert first.returncode == 0, err
    n = int(out.split()[-1])
    after = _live(db, "L")
    assert len(after) == n == len(before) + 6
    assert after[:len(before)] == before  # nothing of the game was lost on the way
    # and once it ended, the game is free again, and plays on from there
    rest = answers_file(tmp_path / "rest2.json", rest_of(passive(), used_answers(db, "L")))
    assert "Game over after" in ok(["play", "--resume", "--name", "L", "--answers", rest], env)
    assert _live(db, "L")[:n] == after


def test_a_session_killed_without_letting_go_is_replaced(tmp_path, env):
    partial_game(tmp_path, env, "K", n=3)
    db = db_of(env)
    first = _waiter(env, "K", more=6)
    first.send_signal(signal.SIGKILL)  # no clean-up: its row still names it
    first.wait()
    for f in (first.stdin, first.stdout, first.stderr):
        if f is not None:
            f.close()
    with Journal(Path(env["SOLO_DATA_DIR"])) as j:
        holder = j._holder(j.find("K").id)[0]
    assert holder is not None and holder.startswith(f"{first.pid}:")
    before = _live(db, "K")
    _remove_lock(env, db, "K")  # (the system let go of the lock; removing it changes nothing)
    rest = answers_file(tmp_path / "rest.json", rest_of(passive(), used_answers(db, "K")))
    assert "Game over after" in ok(["play", "--resume", "--name", "K", "--answers", rest], env)
    assert _live(db, "K")[:len(before)] == before


def _session(folder: Path, name: str) -> Session:
    j = Journal(folder)
    info = j.find(name)
    assert info is not None
    try:
        return Session.open(j, info, hold=True)
    except BaseException:
        j.close()
        raise


def _drop(s: Session, *, dead: bool) -> None:
    """A session's process ends without letting go (``dead``), or is misjudged as gone while it
    runs on: either way another session may take its game."""
    assert s.lock is not None and s.lock.lease is not None
    holders.LIVE.pop(s.lock.lease.holder, None)
    if dead:
        s.lock.lock.release()  # what the system does with a dead process's lock
        s.lock = None
        s.journal.close()


def test_a_session_that_lost_its_game_writes_nothing(tmp_path):
    folder = tmp_path / "data"
    start = Session.start(Journal(folder), Settings(seed=5, name="G"))
    start.game.prompter = RandomPlayer(1)
    for _ in range(5):
        start.play_one()
    start.journal.close()
    a = _session(folder, "G")
    a.game.prompter = RandomPlayer(2)
    a.play_one()
    (folder / "locks" / f"game-{a.info.id}.lock").unlink()
    with pytest.raises(SoloError, match="being played in another session"):
        _session(folder, "G")  # a is alive: no way in, lock file or not
    _drop(a, dead=False)  # misjudged as gone (a process id reused, say), a plays on
    b = _session(folder, "G")
    b.game.prompter = RandomPlayer(3)
    for _ in range(8):
        b.play_one()
    kept = [(r.n, r.label, r.answers) for r in b.journal.steps(b.info.id)]
    for act in (a.play_one, a.undo, a.redo):
        with pytest.raises(NotHeld, match="another session"):
            act()
            if act is not a.play_one:  # nothing to undo/redo raises nothing: make it write
                a.go_to(len(a.rows))
        assert [(r.n, r.label, r.answers) for r in b.journal.steps(b.info.id)] == kept
    a.release()  # lets go of nothing that is b's
    with pytest.raises(SoloError, match="being played in another session"):
        _session(folder, "G")
    b.play_one()
    b.release()
    b.journal.close()
    a.journal.close()


@pytest.mark.slow
def test_two_sessions_and_a_removed_lock_at_random_moments_lose_no_step(tmp_path):
    """600 rounds (the issue asks for 200): each round one of two players opens the game, plays a step, undoes,
    redoes, lets go, dies, is misjudged as gone, or the lock file is removed.  After every round
    the database holds exactly the steps of the last session that wrote (a refused write
    changes nothing), and no session writes after another has taken its game."""
    folder = tmp_path / "data"
    first = Session.start(Journal(folder), Settings(seed=11, name="F"))
    first.journal.close()
    gid = first.info.id
    lock = folder / "locks" / f"game-{gid}.lock"
    rng = random.Random(31)

    def db_steps() -> list[tuple]:
        with Journal(folder) as j:
            return [(r.n, r.who, r.label, json.dumps(r.answers), json.dumps(r.entries))
                    for r in j.steps(gid)]

    def view(s: Session) -> list[tuple]:
        return [(r.n, r.who, r.label, json.dumps(r.answers), json.dumps(r.entries)) for r in s.rows]

    players: dict[str, Session | None] = {"a": None, "b": None}
    counts: dict[str, int] = {}
    expected = db_steps()
    rounds = 0
    while rounds < 600:
        rounds += 1
        who = rng.choice("ab")
        s = players[who]
        before = db_steps()
        if rng.random() < 0.08:
            lock.unlink(missing_ok=True)
            counts["lock removed"] = counts.get("lock removed", 0) + 1
            continue
        if s is None:
            try:
                s = players[who] = _session(folder, "F")
                s.game.prompter = RandomPlayer(rng.randrange(10**6))
                counts["opened"] = counts.get("opened", 0) + 1
            except SoloError:
                counts["refused to open"] = counts.get("refused to open", 0) + 1
            assert db_steps() == before
            continue
        action = rng.choices(["play", "undo", "redo", "release", "die", "misjudged"],
                             [60, 8, 4, 4, 3, 3])[0]
        try:
            if action == "play":
                if s.game.over:
                    s.undo()
                else:
                    s.play_one()
            elif action == "undo":
                s.undo()
            elif action == "redo":
                s.redo()
            elif action == "release":
                s.release()
                s.journal.close()
                players[who] = None
            elif action == "die":
                _drop(s, dead=True)
                players[who] = None
            else:
                _drop(s, dead=False)
        except NotHeld:
            counts["refused write"] = counts.get("refused write", 0) + 1
            assert db_steps() == before  # nothing written
            s.release()
            s.journal.close()
            players[who] = None
            continue
        counts[action] = counts.get(action, 0) + 1
        now = db_steps()
        if players[who] is not None and now != before:
            expected = view(s)  # it wrote: the database is its view
        assert now == expected, (rounds, who, action)
    for s in players.values():
        if s is not None:
            s.release()
            s.journal.close()
    assert rounds >= 200
    # every kind of round happened, takeovers and refused writes among them
    assert counts.get("refused write", 0) >= 1 and counts.get("refused to open", 0) >= 1, counts
    assert counts.get("play", 0) >= 200, counts
    print(counts)
    assert len(db_steps()) > 0
