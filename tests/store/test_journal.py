"""Trying to break the journal's promises (README, "Playing a game" and "Saved games survive
crashes"): every step committed whole; one live session per game; undo and redo, also after the
game ended, never undoing a bookkeeping step on its own; names are labels, never paths; every
file-system problem is one ``solo:`` line, exit 2, and nothing committed is lost; old save files
are imported once.

Games are played by ``solo play`` in fresh processes (``python -m solo``) from answers files,
with ``SOLO_DATA_DIR`` pointing into the test's folder; a game is resumed with the answers its
committed steps have not used yet (the technique of ``tests/engine/test_crash.py``), so a game that was
stopped must end with exactly the log of the same game played without a stop.
"""

import datetime
import json
import os
import random
import re
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import zlib
from collections import Counter
from pathlib import Path

import pytest

from solo.store.journal import KEY_SPAN, Journal, name_option
from solo.core.questions import RulePrompter
from solo.engine.session import Session
from solo.engine.oldsaves import save_dict

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
PASSIVE = {"quickcast.you": "pass", "turn.actor": "done"}
SEED = 5


# -- helpers -------------------------------------------------------------------------------------

@pytest.fixture
def env(tmp_path):
    return dict(os.environ, SOLO_DATA_DIR=str(tmp_path / "data"), PYTHONHASHSEED="0")


def solo(args, env, cwd=None, preexec_fn=None, timeout=120):
    """``solo ARGS`` in a fresh process: (exit status, stdout, stderr)."""
    p = subprocess.run([sys.executable, "-m", "solo", *map(str, args)], env=env, cwd=cwd,
                       capture_output=True, preexec_fn=preexec_fn, timeout=timeout)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def ok(args, env, **kw) -> str:
    rc, out, err = solo(args, env, **kw)
    assert rc == 0, err
    return out


def one_line(result, *words) -> str:
    """Refused with exactly one ``solo:`` line on stderr holding ``words``, exit 2."""
    rc, out, err = result
    assert "Traceback" not in err + out, err
    assert rc == 2, (rc, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("solo: "), err
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


def answers_file(path: Path, answers: dict) -> Path:
    path.write_text(json.dumps(answers))
    return path


def passive(n: int = 400) -> dict:
    return {"setup.start": "start", "quickcast.you": ["pass"] * n, "turn.actor": ["done"] * n}


def db_of(env) -> Path:
    return Path(env["SOLO_DATA_DIR"]) / "games.sqlite3"


def game_id(db: Path, name: str) -> int:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT id FROM games WHERE name = ?", (name,)).fetchone()[0]
    finally:
        con.close()


def step_rows(db: Path, name: str) -> list[tuple]:
    """(n, undone, answers, entries) of every step of a game, in order."""
    gid = game_id(db, name)
    con = sqlite3.connect(db)
    try:
        return [(k - gid * KEY_SPAN, u, a, e) for k, u, a, e in con.execute(
            "SELECT key, undone, answers, entries FROM steps WHERE key > ? AND key < ? ORDER BY key",
            (gid * KEY_SPAN, (gid + 1) * KEY_SPAN))]
    finally:
        con.close()


def snapshot(db: Path) -> list:
    """Everything the database holds but the time of the steps."""
    con = sqlite3.connect(db)
    try:
        return [con.execute("SELECT id, name, settings, status, result, pid FROM games ORDER BY id").fetchall(),
                con.execute("SELECT key, who, label, round, answers, entries, undone FROM steps ORDER BY key").fetchall(),
                con.execute("SELECT key, state FROM checkpoints ORDER BY key").fetchall()]
    finally:
        con.close()


def used_answers(db: Path, name: str, upto: int | None = None, undone: bool = False) -> Counter:
    """How many answers of each question the game's live steps (up to step ``upto``; with
    ``undone`` its undone steps too) used."""
    used = Counter()
    for n, u, answers, _ in step_rows(db, name):
        if (u and not undone) or (upto is not None and n > upto):
            continue
        for qid, _ in json.loads(answers or "[]"):
            used[qid] += 1
    return used


def rest_of(answers: dict, used: Counter) -> dict:
    return {q: a[used[q]:] for q, a in answers.items() if q != "setup.start"}


def listing(env, name: str) -> str:
    lines = [line for line in ok(["play", "--list"], env).splitlines()
             if line[:max(20, len(name))].rstrip() == name]  # the name, padded to 20
    assert len(lines) == 1, lines
    return lines[0]


def log_as(env, name: str, as_name: str) -> str:
    """`solo log NAME`, its title line made ``as_name`` (to compare two games' logs)."""
    text = ok(["log", name], env)
    assert text.startswith(name + "\n")
    return as_name + text[len(name):]


def uninterrupted(tmp_path, env, answers: dict, name: str = "whole") -> str:
    ok(["play", "--answers", answers_file(tmp_path / f"{name}.json", answers), "--seed", SEED,
        "--name", name], env)
    return ok(["log", name], env)


def partial_game(tmp_path, env, name: str, n: int = 12) -> None:
    """A game stopped after ``n`` passes: exit 2 at the first question it has no answer for."""
    rc, _, err = solo(["play", "--answers", answers_file(tmp_path / f"{name}.json", passive(n)),
                       "--seed", SEED, "--name", name], env)
    assert rc == 2 and "no answer for question" in err, err


def state_of(game) -> tuple:
    return (json.dumps(game.board.to_dict(), sort_keys=True), game.rng.get_state(),
            json.dumps(game.phase.to_dict(), sort_keys=True), json.dumps(game.log))


def new_session(folder: Path, seed: int = SEED, name: str = "t") -> Session:
    from solo.engine.game import Settings

    return Session.start(Journal(folder), Settings(seed=seed, name=name))


def played(tmp_path, steps: int) -> tuple[Session, list]:
    """A session after ``steps`` steps of a passive player, with the state after each."""
    s = new_session(tmp_path / "j", seed=4)
    s.game.prompter = RulePrompter(PASSIVE)
    states = [state_of(s.game)]
    for _ in range(steps):
        s.play_one()
        states.append(state_of(s.game))
    return s, states


def reopen(session: Session) -> Session:
    folder = session.journal.folder
    session.journal.close()
    j = Journal(folder)
    return Session.open(j, j.find(session.info.name))


# -- one live session per game -------------------------------------------------------------------

HOLDER = """
import sys, time
from solo.store.journal import Journal
from solo.engine.session import Session
j = Journal(sys.argv[1])
s = Session.open(j, j.find(sys.argv[2]))
s.hold()
print("held", flush=True)
time.sleep(120)
"""


def test_a_second_session_of_a_game_is_refused_until_the_first_ends(tmp_path, env):
    partial_game(tmp_path, env, "X")
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, env["SOLO_DATA_DIR"], "X"], env=env,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        db = db_of(env)
        before = snapshot(db)
        more = answers_file(tmp_path / "more.json", rest_of(passive(), used_answers(db, "X")))
        for args in (["--name", "X"], ["--name", "X", "--at-step", "0"], ["--name", "X", "--at-step", "5"],
                     []):  # the last played: X too
            one_line(solo(["play", "--resume", *args, "--answers", more], env),
                     "'X' is being played in another session", f"process {holder.pid}")
            assert snapshot(db) == before  # nothing read into undo, nothing changed
        assert ok(["log", "X"], env).startswith("X\n")  # reading it is fine
    finally:
        holder.send_signal(signal.SIGKILL)  # the hardest way to end: no clean-up runs
        holder.wait()
        holder.stdout.close()
    out = ok(["play", "--resume", "--name", "X", "--answers", more], env)
    assert "Game over after" in out
    assert "over:" in listing(env, "X")


def test_the_lock_of_a_game_is_freed_when_its_session_ends(tmp_path, env):
    partial_game(tmp_path, env, "Y", n=3)
    empty = answers_file(tmp_path / "empty.json", {})
    for _ in range(2):  # each run holds it, then stops at a missing answer and lets go
        rc, _, err = solo(["play", "--resume", "--name", "Y", "--answers", empty], env)
        assert rc == 2 and "no answer for question" in err, err
    with Journal(Path(env["SOLO_DATA_DIR"])) as j:
        assert j.find("Y").pid is None


# -- names -----------------------------------------------------------------------------------------

def test_an_existing_name_without_resume_is_refused_before_any_question(tmp_path, env):
    partial_game(tmp_path, env, "X", n=3)
    before = snapshot(db_of(env))
    for extra in ([], ["--answers", answers_file(tmp_path / "a.json", passive())]):
        rc, out, err = solo(["play", "--name", "X", "--seed", "9", *extra], env)
        one_line((rc, out, err), "a game called 'X' exists", "solo play --resume --name X",
                 "choose another --name")
        assert out == ""  # refused before the settings are shown or asked
        assert snapshot(db_of(env)) == before


@pytest.mark.parametrize("name, words", [
    ("n" * 300, ["at most 64 characters (300 given)"]),
    ("a\nb", ["printable text only", "'a\\nb'"]),
    ("tab\there", ["printable text only"]),
    ("   ", ["cannot be empty"]),
])
def test_a_bad_name_is_one_line_before_any_question(tmp_path, env, name, words):
    rc, out, err = solo(["play", "--name", name, "--seed", "1"], env)  # no answers, no terminal
    one_line((rc, out, err), *words)
    assert out == ""
    with Journal(Path(env["SOLO_DATA_DIR"])) as j:
        assert j.games() == []
    one_line(solo(["play", "--resume", "--name", name], env), "no game called")
    one_line(solo(["log", name], env), "no game called")


def test_names_are_labels_never_paths(tmp_path, env):
    names = [".", "..", "???", "a/b.json", "important.json", "../escape", "-dash", "~", "*"]
    work = tmp_path / "work"
    work.mkdir()
    answers = answers_file(tmp_path / "a.json", passive(3))
    for i, name in enumerate(names):
        rc, out, err = solo(["play", "--name", name, "--answers", answers, "--seed", i], env, cwd=work)
        assert rc == 2 and "no answer for question" in err, err
        assert f"resume with solo play --resume {name_option(name)})" in err
    assert sorted(os.listdir(work)) == []  # nothing written where solo was run
    assert sorted(os.listdir(tmp_path)) == ["a.json", "data", "work"]
    data = Path(env["SOLO_DATA_DIR"])
    assert sorted(p.name for p in data.iterdir()) == ["games.sqlite3", "locks"]
    assert sorted(p.name for p in (data / "locks").iterdir()) == \
        sorted(f"game-{i}.lock" for i in range(1, len(names) + 1))  # locks by number, not name
    listed = ok(["play", "--list"], env, cwd=work).splitlines()
    assert sorted(line.split()[0] for line in listed) == sorted(names)
    for i, name in enumerate(names):  # each a game of its own: its own seed
        log = ok(["log", "--", name], env, cwd=work)  # "--": a name may start with "-"
        assert log.startswith(f"{name}\n") and f"seed {i}\n" in log
    more = answers_file(tmp_path / "more.json", {"quickcast.you": "pass"})
    rc, _, err = solo(["play", "--resume", "--name", "a/b.json", "--answers", more], env, cwd=work)
    assert rc == 2 and "'turn.actor'" in err  # resumed: it answered the pass, then ran out
    assert not (work / "a").exists() and sorted(os.listdir(work)) == []


def test_list_shows_name_mages_state_and_last_played(tmp_path, env):
    ok(["play", "--answers", answers_file(tmp_path / "a.json", passive()), "--seed", SEED,
        "--name", "ended"], env)
    rc, _, _ = solo(["play", "--answers", answers_file(tmp_path / "b.json", passive(5)), "--seed", 3,
                     "--mage", "Wizard", "--dm-mage", "Priestess", "--name", "going"], env)
    assert rc == 2
    when = r"last played (\d{4}-\d\d-\d\d \d\d:\d\d)"
    going = re.fullmatch(r"going +Wizard vs Priestess, round (\d+), (\d+) steps, " + when,
                         listing(env, "going"))
    ended = re.fullmatch(r"ended +Beastmaster vs Warlock, over: the Dummy Mage won, (\d+) steps, " + when,
                         listing(env, "ended"))
    assert going and ended, ok(["play", "--list"], env)
    assert int(going[1]) >= 2 and int(going[2]) > 5
    now = datetime.datetime.now()
    for m in (going, ended):
        played = datetime.datetime.strptime(m[m.lastindex], "%Y-%m-%d %H:%M")
        assert abs((now - played).total_seconds()) < 600
    first = ok(["play", "--list"], env).splitlines()[0]
    assert first.startswith("going ")  # the last played first


# -- undo and redo -----------------------------------------------------------------------------

def test_undo_after_the_game_ended_goes_on(tmp_path, env):
    expected = uninterrupted(tmp_path, env, passive())
    used = used_answers(db_of(env), "whole")  # exactly what the game needs
    answers = {"setup.start": "start", **{q: ["pass" if q == "quickcast.you" else "done"] * n
                                          for q, n in used.items()},
               "end.next": "undo", "undo.next": "go"}
    rc, out, err = solo(["play", "--answers", answers_file(tmp_path / "u.json", answers), "--seed",
                         SEED, "--name", "U"], env)
    # it ended, was undone, and goes on: it asks again the question of the step undone, and
    # the answers file has nothing left for it
    assert "Game over after" in out and "undo: " in out
    assert rc == 2 and "no answer for question" in err, err
    state = listing(env, "U")
    assert "over" not in state and re.search(r", round \d+, ", state), state
    qid = [q for q in used if f"'{q}'" in err]
    assert len(qid) == 1
    again = answers_file(tmp_path / "again.json", {qid[0]: "pass" if qid[0] == "quickcast.you" else "done"})
    out = ok(["play", "--resume", "--name", "U", "--answers", again], env)
    assert "Game over after" in out
    assert "over: the Dummy Mage won" in listing(env, "U")
    assert log_as(env, "U", "whole") == expected


def test_redo_at_the_end_restores_the_end(tmp_path, env):
    expected = uninterrupted(tmp_path, env, passive())
    answers = {**passive(), "end.next": ["undo", "finish"], "undo.next": ["undo", "redo", "redo", "go"]}
    out = ok(["play", "--answers", answers_file(tmp_path / "r.json", answers), "--seed", SEED,
              "--name", "R"], env)
    assert out.count("Game over after") == 2 and out.count("redo: ") == 2
    assert log_as(env, "R", "whole") == expected
    assert all(u == 0 for _, u, _, _ in step_rows(db_of(env), "R"))  # nothing left undone
    assert "over: the Dummy Mage won" in listing(env, "R")


def test_redo_restores_exactly_the_state_it_had(tmp_path):
    s, states = played(tmp_path, 60)
    marks = []
    for _ in range(5):
        s.undo()
        marks.append(len(s.rows))
        assert state_of(s.game) == states[len(s.rows)]
        assert state_of(reopen(s).game) == states[len(s.rows)]  # as another process sees it
        s = reopen(s)
    for mark in reversed(marks[:-1]):
        assert s.redo() is not None
        assert len(s.rows) == mark and state_of(s.game) == states[mark]
    assert s.redo() is not None and len(s.rows) == 60  # the Dummy Mage's steps at the end too
    assert state_of(s.game) == states[60]
    assert s.redo() is None
    s = reopen(s)
    assert state_of(s.game) == states[60] and s.redo_rows == []


def test_a_new_answer_after_undo_drops_the_redo(tmp_path):
    s, _ = played(tmp_path, 40)
    s.undo()
    s.undo()
    assert len(s.redo_rows) > 2
    n = len(s.rows)
    step = s.play_one()  # undo stopped before one of your steps: this one is answered again
    assert step is not None and len(s.rows) == n + 1 and s.rows[-1].asked
    assert s.redo_rows == [] and s.redo() is None
    again = reopen(s)
    assert again.redo_rows == [] and again.game.log == s.game.log
    assert all(row.n == i for i, row in enumerate(again.rows, 1))


def test_undo_never_stops_at_a_step_without_answers(tmp_path):
    s, states = played(tmp_path, 70)
    asked = [r.n for r in s.rows if r.asked]
    assert 0 < len(asked) < len(s.rows)  # the Dummy Mage's and bookkeeping steps among them
    undone = 0
    while (label := s.undo()) is not None:
        undone += 1
        first = s.redo_rows[0]
        assert first.asked and label == first.label  # the step taken away first is yours
        assert first.n == asked[-undone]
        assert state_of(s.game) == states[len(s.rows)]
    assert undone == len(asked)
    assert all(not r.asked for r in s.rows)  # only what comes before your first answer


def test_undo_to_goes_back_to_a_chosen_step(tmp_path):
    s, states = played(tmp_path, 50)
    offered = []

    def pick(q):
        offered.extend(v for _, v in q.pairs() if isinstance(v, int))
        return offered[len(offered) // 2]

    prompter = RulePrompter({"quickcast.you": ["undo", "pass"], "turn.actor": ["undo", "done"],
                             "undo.next": ["pick", "go"], "undo.to": pick})
    s.game.prompter = prompter
    messages = []
    s.on_output = messages.append
    while "undo.next" not in prompter.asked:  # up to your next question: undo there
        mine = [i for i, r in enumerate(s.rows) if r.asked]
        s.play_one()
        if "undo.next" not in prompter.asked:
            states.append(state_of(s.game))
    target = offered[len(offered) // 2]
    assert sorted(offered) == mine[:-1][-30:]  # your steps, but the one undone already
    assert len(s.rows) == target and state_of(s.game) == states[target]
    assert f"back to before: {s.redo_rows[0].label}" in messages
    assert s.redo_rows[0].asked
    assert state_of(reopen(s).game) == states[target]


# -- a replay that does not match -------------------------------------------------------------

def tamper(db: Path, name: str, n: int, entries=None, answers=None) -> None:
    gid = game_id(db, name)
    con = sqlite3.connect(db)
    try:
        if entries is not None:
            con.execute("UPDATE steps SET entries = ? WHERE key = ?",
                        (zlib.compress(json.dumps(entries).encode()), gid * KEY_SPAN + n))
        if answers is not None:
            con.execute("UPDATE steps SET answers = ? WHERE key = ?", (answers, gid * KEY_SPAN + n))
        con.commit()
    finally:
        con.close()


def last_checkpoint(db: Path, name: str) -> int:
    gid = game_id(db, name)
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT max(key) FROM checkpoints WHERE key >= ? AND key < ?",
                           (gid * KEY_SPAN, (gid + 1) * KEY_SPAN)).fetchone()[0] - gid * KEY_SPAN
    finally:
        con.close()


@pytest.mark.parametrize("what", ["entries", "answers"])
def test_a_tampered_step_names_the_game_and_the_step_to_go_back_to(tmp_path, env, what):
    full = passive()
    expected = uninterrupted(tmp_path, env, full)
    partial_game(tmp_path, env, "T", n=14)
    db = db_of(env)
    rows = step_rows(db, "T")
    cp = last_checkpoint(db, "T")
    k = max(n for n, _, answers, _ in rows if answers)  # after the last checkpoint: replayed
    assert k - 1 > cp  # so going back to the checkpoint is not what it suggests
    if what == "entries":
        entries = json.loads(zlib.decompress(rows[k - 1][3]))
        entries[0]["lines"] = ["Put 99 damage on your mage."]
        tamper(db, "T", k, entries=entries)
    else:
        tamper(db, "T", k, answers=rows[k - 1][2].replace('"', '"x', 1))  # another question id
    before = snapshot(db)
    line = one_line(solo(["play", "--resume", "--name", "T"], env), "game 'T'",
                    f"solo play --resume --name T --at-step {k - 1}")
    assert f"step {k}" in line
    one_line(solo(["play", "--resume", "--name", "T", "--at-step", k + 1], env), "game 'T'",
             f"--at-step {k - 1}")
    assert snapshot(db) == before
    # going back to it works; the new steps replace the tampered one and the game ends as the
    # same game played without a stop
    rest = answers_file(tmp_path / "rest.json", rest_of(full, used_answers(db, "T", upto=k - 1)))
    ok(["play", "--resume", "--name", "T", "--at-step", k - 1, "--answers", rest], env)
    assert log_as(env, "T", "whole") == expected
    assert all(u == 0 for _, u, _, _ in step_rows(db, "T"))


def test_steps_after_at_step_can_be_redone(tmp_path, env):
    """``--at-step N`` keeps the steps after N to redo: the Dummy Mage's steps that follow N are
    played again without dropping them, then undo's menu redoes the rest."""
    full = passive()
    expected = uninterrupted(tmp_path, env, full)
    partial_game(tmp_path, env, "T")
    db = db_of(env)
    total = len(step_rows(db, "T"))
    n = 30
    rc, _, err = solo(["play", "--resume", "--name", "T", "--at-step", n, "--answers",
                       answers_file(tmp_path / "none.json", {})], env)
    assert rc == 2 and "no answer for question" in err
    rows = step_rows(db, "T")
    live = [r for r in rows if not r[1]]
    assert len(rows) == total and n <= len(live) < total  # the rest is kept, to redo
    assert live[-1][0] == len(live) and rows[len(live)][2]  # it waits at your step
    # at that step: undo, redo everything (one redo per answered step), go on
    redos = 1 + sum(1 for r in rows if r[1] and r[2])
    first_q = json.loads(rows[len(live)][2])[0][0]
    rest = rest_of(full, used_answers(db, "T", undone=True))
    rest[first_q] = ["undo"] + rest[first_q]
    rest["undo.next"] = ["redo"] * redos + ["go"]
    out = ok(["play", "--resume", "--name", "T", "--answers", answers_file(tmp_path / "r.json", rest)], env)
    assert out.count("redo: ") == redos
    assert log_as(env, "T", "whole") == expected


# -- disk and folder problems --------------------------------------------------------------------

def test_a_full_disk_while_playing_loses_nothing(tmp_path, env):
    """RLIMIT_FSIZE makes every write past the limit fail with EFBIG (Python ignores SIGXFSZ),
    the way a full disk fails: the step in progress is not kept, the ones before are."""
    import resource

    full = passive()
    expected = uninterrupted(tmp_path, env, full)
    db = db_of(env)
    whole_steps = len(step_rows(db, "whole"))
    stopped = []
    for extra in (8_000, 30_000, 60_000):
        name = f"F{extra}"
        limit = os.path.getsize(db) + extra

        def small_files(limit=limit):
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

        rc, out, err = solo(["play", "--answers", answers_file(tmp_path / "f.json", full), "--seed", SEED,
                             "--name", name], env, preexec_fn=small_files)
        if rc == 0:  # the game fitted
            continue
        line = one_line((rc, out, err), "file-size limit")
        with Journal(db.parent) as j:
            created = j.find(name) is not None
        if not created:  # it failed before the game was made: nothing to lose
            ok(["play", "--answers", answers_file(tmp_path / "f.json", full), "--seed", SEED,
                "--name", name], env)
        else:
            done = int(re.search(r"the game stands as after step (\d+)", line)[1])
            assert len(step_rows(db, name)) == done < whole_steps
            stopped.append(done)
            rest = answers_file(tmp_path / "rest.json", rest_of(full, used_answers(db, name)))
            ok(["play", "--resume", "--name", name, "--answers", rest], env)
        assert log_as(env, name, "whole") == expected
    assert any(0 < d for d in stopped), stopped  # at least one stopped in the middle of a game
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    con.close()


@pytest.mark.parametrize("args", [["play", "--list"], ["play", "--resume"], ["log"],
                                  ["play", "--name", "g", "--seed", "1"]])
def test_a_data_folder_that_is_a_file(tmp_path, env, args):
    Path(env["SOLO_DATA_DIR"]).write_text("not a folder")
    rc, out, err = solo(args, env)
    one_line((rc, out, err), "is a file, not a folder", "SOLO_DATA_DIR")
    assert out == ""
    assert Path(env["SOLO_DATA_DIR"]).read_text() == "not a folder"


@pytest.mark.skipif(IS_ROOT or sys.platform == "win32", reason="root ignores permissions")
def test_a_read_only_data_folder(tmp_path, env):
    partial_game(tmp_path, env, "X", n=3)
    data = Path(env["SOLO_DATA_DIR"])
    for p in [data, *data.rglob("*")]:
        p.chmod(0o555 if p.is_dir() else 0o444)
    try:
        for args in (["play", "--resume", "--name", "X"], ["play", "--name", "new", "--seed", "1"]):
            rc, out, err = solo(args, env)
            one_line((rc, out, err))
            assert out == ""
    finally:
        for p in [data, *data.rglob("*")]:
            p.chmod(0o755 if p.is_dir() else 0o644)


@pytest.fixture
def read_only_database(monkeypatch):
    """What SQLite does with a database it may read but not write (the sandbox runs as root,
    which ignores file permissions): the real database, opened read-only."""
    real = sqlite3.connect

    def connect(path, *a, **k):
        return real(f"file:{path}?mode=ro", *a, uri=True, **k)

    return lambda: monkeypatch.setattr(sqlite3, "connect", connect)


def test_a_read_only_database_is_refused_before_any_question(tmp_path, run, user_data, read_only_database):
    answers = answers_file(tmp_path / "a.json", passive(3))
    assert run("play", "--answers", answers, "--seed", 1, "--name", "X").exit_code == 2
    before = snapshot(user_data / "games.sqlite3")
    read_only_database()
    for args in (["play", "--resume", "--name", "X", "--answers", answers],
                 ["play", "--name", "new", "--answers", answers],
                 ["play", "--resume", "--name", "X", "--at-step", "1", "--answers", answers]):
        r = run(*args)
        assert r.exit_code == 2 and r.stdout == "", r.output  # no settings shown, nothing played
        lines = r.stderr.splitlines()
        assert len(lines) == 1 and "cannot be written (read-only)" in lines[0], r.stderr
    assert "X " in run("play", "--list").stdout  # reading still works
    assert run("log", "X").stdout.startswith("X\n")
    assert snapshot(user_data / "games.sqlite3") == before


@pytest.mark.parametrize("message, words", [
    ("attempt to write a readonly database", "cannot be written (read-only)"),
    ("unable to open database file", "cannot be opened"),
    ("database or disk is full", "is full"),
    ("disk I/O error", "file-size limit"),
])
def test_the_database_failing_to_open_is_one_line(run, monkeypatch, message, words):
    def fail(*a, **k):
        raise sqlite3.OperationalError(message)

    monkeypatch.setattr(sqlite3, "connect", fail)
    for args in (["play", "--list"], ["log"], ["play", "--resume"]):
        r = run(*args)
        assert r.exit_code == 2 and r.stdout == ""
        lines = r.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("solo: ") and words in lines[0], r.stderr


def test_log_markdown_into_a_missing_folder(tmp_path, env):
    partial_game(tmp_path, env, "X", n=3)
    target = tmp_path / "missing" / "log.md"
    one_line(solo(["log", "X", "--markdown", target], env), str(target.parent))
    assert not target.parent.exists()
    (tmp_path / "file").write_text("x")
    one_line(solo(["log", "X", "--markdown", tmp_path / "file" / "log.md"], env), "file")


# -- a damaged database ------------------------------------------------------------------------

def test_a_damaged_database_is_one_line_or_works(tmp_path, env, monkeypatch):
    """Random bytes written over the middle of the database (closed): every command either
    works or is refused with one line, exit 2, never a traceback.

    Recovery: a damaged step is named with the step to go back to (``solo play --resume --name
    NAME --at-step N``, the steps from the damaged one on are lost); a damaged game is left out
    of ``--list`` with a note; when the database itself no longer opens, the line says so: keep
    what ``solo log`` still shows, then move ``games.sqlite3`` aside (with any
    ``games.sqlite3-wal`` beside it) and ``solo`` starts a new, empty one."""
    from click.testing import CliRunner

    from solo.cli.app import cli

    answers = answers_file(tmp_path / "a.json", passive())
    ok(["play", "--answers", answers, "--seed", 1, "--name", "ended"], env)
    partial_game(tmp_path, env, "half")
    partial_game(tmp_path, env, "other", n=8)
    clean = tmp_path / "clean"
    shutil.copytree(env["SOLO_DATA_DIR"], clean)
    empty = answers_file(tmp_path / "empty.json", {})
    commands = [["play", "--list"], ["log", "ended"], ["log", "half"],
                ["play", "--resume", "--name", "half", "--answers", empty],
                ["play", "--resume", "--name", "ended", "--answers", empty],
                ["play", "--resume", "--name", "other", "--at-step", "3", "--answers", empty]]
    runner = CliRunner()
    work = tmp_path / "work"
    monkeypatch.setenv("SOLO_DATA_DIR", str(work))
    def outcome(args) -> str:
        r = runner.invoke(cli, args)
        assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
        assert "Traceback" not in r.output
        if r.exit_code == 0:
            return "works"
        assert r.exit_code == 2, (args, r.output)
        assert r.stderr.count("\n") == 1 and r.stderr.startswith("solo: "), (args, r.stderr)
        if "no answer for question" in r.stderr:
            return "opens"  # rebuilt: it asked its next question
        if "--at-step" in r.stderr and "is damaged in the game database" in r.stderr:
            return "damaged step"
        if "no starting point" in r.stderr:
            return "no checkpoint"
        if "move the file aside" in r.stderr or "is damaged" in r.stderr:
            return "damaged"
        return r.stderr

    outcomes, back = Counter(), Counter()
    for seed in range(60):
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(clean, work)
        db = work / "games.sqlite3"
        size = db.stat().st_size
        rng = random.Random(seed)
        with open(db, "r+b") as f:
            for _ in range(rng.randint(1, 3)):
                f.seek(rng.randrange(size // 4, size * 3 // 4))
                f.write(rng.randbytes(rng.choice([1, 16, 300])))
        for args in commands:
            what = outcome(args)
            outcomes[what] += 1
            if what == "damaged step" and args[0] == "play":  # it names the step to go back to
                n = int(re.search(r"--at-step (\d+)", runner.invoke(cli, args).stderr)[1])
                back[outcome(["play", "--resume", "--name", args[3], "--at-step", str(n),
                              "--answers", str(empty)])] += 1
    assert outcomes["opens"] and outcomes["works"], outcomes  # games that still open
    assert outcomes["damaged step"] and outcomes["damaged"], outcomes
    assert set(outcomes) <= {"opens", "works", "damaged step", "damaged", "no checkpoint"}, outcomes
    assert back["opens"] and set(back) <= {"opens", "works", "damaged", "no checkpoint"}, back
    # moving it aside starts again
    db.rename(tmp_path / "aside.sqlite3")
    assert runner.invoke(cli, ["play", "--list"]).stdout == "No games yet.\n"


def test_a_damaged_game_row_is_left_out_of_the_list(tmp_path, env):
    partial_game(tmp_path, env, "good", n=2)
    partial_game(tmp_path, env, "bad", n=2)
    con = sqlite3.connect(db_of(env))
    con.execute("UPDATE games SET settings = CAST(X'FF00FF' AS TEXT) WHERE name = 'bad'")
    con.commit()
    con.close()
    rc, out, err = solo(["play", "--list"], env)
    assert rc == 0 and out.split()[0] == "good" and "bad" not in out
    assert err.startswith("solo: 1 more game cannot be read") and err.count("\n") == 1
    one_line(solo(["log", "bad"], env), "is damaged")
    assert ok(["log", "good"], env).startswith("good\n")


# -- old save files ------------------------------------------------------------------------------

def old_save(steps: int, seed: int = 7):
    from solo.engine.game import Game, Settings

    game = Game.new(Settings(seed=seed, name="old"))
    game.prompter = RulePrompter(PASSIVE)
    for _ in range(steps):
        game.play_one()
    return game


def test_old_save_files_are_imported_once_and_play_on(tmp_path, env):
    games = Path(env["SOLO_DATA_DIR"]) / "games"
    games.mkdir(parents=True)
    old = old_save(15)
    text = json.dumps(save_dict(old))
    (games / "my old game.json").write_text(text)
    (games / "a broken one.json").write_text(text[: len(text) // 2])
    (games / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (games / "not utf-8.json").write_bytes(b"\xff\xfe")
    (games / "a folder.json").mkdir()
    (games / "zz later.json").write_text(json.dumps(save_dict(old_save(20, seed=8))))
    rc, out, err = solo(["play", "--list"], env)
    assert rc == 0 and "Traceback" not in err
    notes = err.splitlines()
    assert len(notes) == 4 and all(n.startswith("solo: old saved game not imported: ") for n in notes), err
    for bad in ("a broken one.json", "deep.json", "not utf-8.json", "a folder.json"):
        assert sum(bad in n for n in notes) == 1, (bad, notes)
    assert [line.split("  ")[0] for line in out.splitlines()] == ["zz later", "my old game"]
    rc, again, err = solo(["play", "--list"], env)
    assert rc == 0 and err == "" and again == out  # once: neither imported nor noted again
    assert (games / "my old game.json").read_text() == text  # the file stays as it was
    # it plays on from where the file stood, as the same game would have without a break
    whole = old_save(0)
    whole.prompter = RulePrompter(PASSIVE)
    while not whole.over:
        whole.play_one()
    more = answers_file(tmp_path / "more.json", {k: v for k, v in passive().items() if k != "setup.start"})
    out = ok(["play", "--resume", "--name", "my old game", "--answers", more], env)
    assert out.startswith("Resuming my old game: round") and "Game over after" in out
    from solo.engine.session import open_saved

    resumed = open_saved("my old game", Path(env["SOLO_DATA_DIR"])).game
    assert json.dumps(resumed.log) == json.dumps(whole.log)
    assert "over:" in listing(env, "my old game")
    assert ok(["log", "my old game"], env).count("\n") > len(whole.log)


def test_an_old_save_is_imported_again_after_the_database_failed(run, user_data, monkeypatch):
    from solo.store import journal as journal_mod

    games = user_data / "games"
    games.mkdir(parents=True)
    (games / "kept.json").write_text(json.dumps(save_dict(old_save(10))))
    real = journal_mod.Journal.commit_step

    def full(self, *a, **k):
        raise journal_mod.db_error(sqlite3.OperationalError("database or disk is full"), self.path)

    monkeypatch.setattr(journal_mod.Journal, "commit_step", full)
    r = run("play", "--list")
    assert r.exit_code == 2 and "is full" in r.stderr and r.stderr.count("\n") == 1
    monkeypatch.setattr(journal_mod.Journal, "commit_step", real)
    r = run("play", "--list")
    assert r.exit_code == 0 and r.stdout.startswith("kept ") and r.stderr == ""
    assert run("play", "--list").stdout.count("kept") == 1


# -- accurate messages (issue 31) --------------------------------------------------------------

@pytest.mark.skipif(sys.platform == "win32", reason="named pipes, devices and links")
@pytest.mark.parametrize("kind, words", [
    ("folder", "is a folder, not a file"), ("pipe", "is a named pipe, not a file"),
    ("null", "is a device (/dev/null), not a file"), ("nowhere", "is a link to /nowhere/x, where no file"),
])
def test_a_database_that_is_no_file_says_what_it_is(run, user_data, kind, words):
    """A folder was told to "check that its folder exists", a pipe or a link to /dev/null to
    check the file-size limit (ulimit -f)."""
    user_data.mkdir()
    db = user_data / "games.sqlite3"
    {"folder": db.mkdir, "pipe": lambda: os.mkfifo(db), "null": lambda: db.symlink_to("/dev/null"),
     "nowhere": lambda: db.symlink_to("/nowhere/x")}[kind]()
    for args in (["play", "--list"], ["log"], ["play", "--name", "g", "--seed", "1"]):
        r = run(*args)
        assert r.exit_code == 2 and r.stdout == "", r.output
        lines = r.stderr.splitlines()
        assert len(lines) == 1 and words in lines[0] and "SOLO_DATA_DIR" in lines[0], r.stderr
        assert "ulimit" not in lines[0] and "folder exists" not in lines[0]


class Flaky:
    """A connection whose reads fail with SQLite error ``name`` while ``left["n"]`` (shared by
    every connection) counts down, then read."""

    def __init__(self, db, name: str, left: dict) -> None:
        self.db, self.name, self.left = db, name, left

    def execute(self, sql, args=()):
        if self.left["n"] and sql.lstrip().upper().startswith(self.left["at"]):
            self.left["n"] -= 1
            err = sqlite3.DatabaseError({"SQLITE_IOERR_READ": "disk I/O error",
                                         "SQLITE_CORRUPT": "database disk image is malformed",
                                         "SQLITE_NOTADB": "file is not a database"}[self.name])
            err.sqlite_errorname = self.name
            raise err
        return self.db.execute(sql, args)

    def __getattr__(self, name):
        return getattr(self.db, name)


@pytest.mark.parametrize("name", ["SQLITE_IOERR_READ", "SQLITE_CORRUPT", "SQLITE_NOTADB"])
def test_a_read_that_fails_for_a_moment_is_read_again(tmp_path, run, monkeypatch, name):
    """A read that failed once said the database was damaged (move it aside!): it is tried
    again, at the open and at each query; one that keeps failing says it could not be read."""
    assert run("play", "--answers", answers_file(tmp_path / "a.json", passive(2)), "--seed", 1,
               "--name", "X").exit_code == 2
    real = sqlite3.connect
    left = {"n": 0, "at": ""}
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: Flaky(real(*a, **k), name, left))
    for left["at"] in ("PRAGMA JOURNAL", "SELECT"):  # once at the open, once at a query
        left["n"] = 1
        r = run("play", "--list")
        assert r.exit_code == 0 and r.stdout.startswith("X "), r.output
    left["n"] = 99
    r = run("play", "--list")
    lines = r.stderr.splitlines()
    assert r.exit_code == 2 and len(lines) == 1, r.output
    if name == "SQLITE_IOERR_READ":
        assert "reading the game database" in lines[0] and "nothing was changed" in lines[0]
        assert "damaged" not in lines[0] and "ulimit" not in lines[0]
    else:
        assert "is damaged" in lines[0]


def test_a_name_that_starts_with_a_dash_is_used_as_the_hints_say(tmp_path, run, user_data):
    """`solo log -x` reads -x as an option: the hints put "--" before such a name, or join it
    to --name with "=", and each hint printed runs."""
    r = run("play", "--answers", answers_file(tmp_path / "a.json", passive()), "--seed", SEED,
            "--name", "-x")
    assert "(solo play --resume --name=-x goes on with it)" in r.stdout
    assert run("log", "--", "-x").stdout.startswith("-x\n")
    r = run("export", "--", "-x", tmp_path / "x.json")
    assert r.exit_code == 0, r.output
    r = run("import", tmp_path / "x.json", "--name=-y")
    hint = re.search(r"(solo log .*) shows it", r.stdout)[1]
    assert hint == "solo log -- -y"
    assert run(*shlex.split(hint)[1:]).stdout.startswith("-y\n")
    r = run("play", "--answers", answers_file(tmp_path / "b.json", passive(1)), "--seed", SEED,
            "--name", "-z")
    hint = re.search(r"resume with (solo play .*)\)", r.stderr)[1]
    assert hint == "solo play --resume --name=-z"
    more = answers_file(tmp_path / "c.json", {"quickcast.you": "pass"})
    r = run(*shlex.split(hint)[1:], "--answers", more)
    assert r.stdout.startswith("Resuming -z:"), r.output
