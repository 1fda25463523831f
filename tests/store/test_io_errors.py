"""Files and terminals that misbehave: one line `solo: ...`, exit 2, never a traceback.

Input files are read with a size cap (so /dev/zero fails at once), output the terminal cannot
encode is replaced, and a file solo writes is either the old one or the whole new one: a missing
or read-only folder, a full disk or the file-size limit leaves the target as it was.
"""

import errno
import json
import re
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from solo.store import board_file
from solo.core.errors import MAX_INPUT_BYTES, InvalidInput, describe_os_error

BOARD = Path(__file__).parents[1] / "data" / "board24.json"
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def one_line(r, *words, code=2):
    """The result failed with exactly one `solo:` line on stderr holding ``words``."""
    assert r.exit_code == code, r.output
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("solo: "), r.stderr
    for w in words:
        assert w in lines[0], lines[0]
    assert "Traceback" not in r.output
    return lines[0]


def solo_process(args, tmp_path, env=None, preexec_fn=None, timeout=60):
    """`python -m solo ARGS` in a fresh process: (returncode, stdout bytes, stderr text)."""
    e = dict(os.environ, SOLO_DATA_DIR=str(tmp_path / "data"), PYTHONDONTWRITEBYTECODE="1")
    e.update(env or {})
    p = subprocess.run([sys.executable, "-m", "solo", *map(str, args)], env=e, capture_output=True,
                       preexec_fn=preexec_fn, timeout=timeout, cwd=tmp_path)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def limit_memory():
    """Without the read cap, /dev/zero would fill this (a MemoryError) rather than the machine."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def assert_one_line(rc, err, *words):
    assert rc == 2, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("solo: "), err
    for w in words:
        assert w in lines[0], lines[0]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# -- reads are capped -------------------------------------------------------------------------

needs_dev_zero = pytest.mark.skipif(not os.path.exists("/dev/zero") or sys.platform == "win32",
                                    reason="needs /dev/zero and resource limits")


@needs_dev_zero
def test_dev_zero_as_board_fails_at_once(tmp_path):
    rc, out, err = solo_process(["dm", "creature", "--board", "/dev/zero", "--seed", "1"], tmp_path,
                                preexec_fn=limit_memory)
    assert_one_line(rc, err, "board file /dev/zero is larger than 4 MB", "right file")
    assert out == b""


@needs_dev_zero
def test_dev_zero_as_answers_fails_at_once(tmp_path):
    rc, _, err = solo_process(["deck", "new", "--answers", "/dev/zero"], tmp_path,
                              preexec_fn=limit_memory)
    assert_one_line(rc, err, "answers file /dev/zero is larger than 4 MB")


@needs_dev_zero
def test_dev_zero_as_a_deck_file_is_read_not_looked_up_by_name(run):
    r = run("deck", "validate", "/dev/zero")
    one_line(r, "deck file /dev/zero is larger than 4 MB")


def test_too_big_files_are_refused_whatever_names_them(run, tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_INPUT_BYTES + 1))
    one_line(run("dm", "quickcast", "--board", big), f"board file {big} is larger than 4 MB")
    one_line(run("deck", "validate", big), "deck file", "larger than 4 MB")
    one_line(run("simulate", "--decks", big, "--games", "1"), "deck file", "larger than 4 MB")
    one_line(run("deck", "new", "--answers", big), "answers file", "larger than 4 MB")
    one_line(run("play", "--answers", big), "answers file", "larger than 4 MB")


def test_a_file_at_the_cap_is_still_read(run, tmp_path):
    edge = tmp_path / "edge.json"
    edge.write_bytes(b" " * (MAX_INPUT_BYTES - 2) + b"{}")
    line = one_line(run("dm", "quickcast", "--board", edge))
    assert "larger than" not in line


def test_line_ends_of_any_kind_read_as_before(tmp_path):
    from solo.decks import sets as decks

    text = (Path(decks.builtin_dir()) / "starter.toml").read_text(encoding="utf-8")
    crlf = tmp_path / "crlf.toml"
    crlf.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    assert decks.load(crlf).decks == decks.load(decks.builtin_dir() / "starter.toml").decks


# -- output the terminal cannot encode ----------------------------------------------------------

@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
@pytest.mark.parametrize("args", [
    ["dm", "creature", "--board", BOARD, "--seed", "1"],
    ["cards", "show", "Timber Wolf"],
    ["deck", "show", "Starter", "--no-rating"],
])
def test_unencodable_output_is_replaced(tmp_path, encoding, args):
    rc, out, err = solo_process(args, tmp_path, env={"PYTHONIOENCODING": encoding})
    assert rc == 0, err
    assert "Traceback" not in err and out


def test_a_played_step_with_its_map_prints_in_latin_1(tmp_path):
    answers = tmp_path / "a.json"
    answers.write_text(json.dumps({"setup": {"start": "start"}}))
    rc, out, err = solo_process(["play", "--answers", answers, "--seed", "1", "--name", "enc"],
                                tmp_path, env={"PYTHONIOENCODING": "latin-1"})
    assert_one_line(rc, err, "no answer for question")
    assert b"?? Game: round 1" in out  # the box-drawing rule around a step's title, replaced


def test_cards_show_in_latin_1_replaces_the_dash(tmp_path):
    rc, out, err = solo_process(["cards", "show", "Timber Wolf"], tmp_path,
                                env={"PYTHONIOENCODING": "latin-1"})
    assert rc == 0 and "Traceback" not in err
    assert out.startswith(b"Timber Wolf") and b"?" in out


# -- writing files the person names ----------------------------------------------------------

def dm_out(run, out):
    return run("dm", "creature", "--board", BOARD, "--seed", "1", "--out", out)


def test_out_into_a_missing_folder(run, tmp_path):
    target = tmp_path / "nowhere" / "b.json"
    one_line(dm_out(run, target), f"board file {target}", "folder", "does not exist")
    assert not target.parent.exists()


def test_out_under_a_file(run, tmp_path):
    (tmp_path / "some_file").write_text("x")
    target = tmp_path / "some_file" / "x.json"
    one_line(dm_out(run, target), f"{tmp_path / 'some_file'} is a file, not a folder")
    assert (tmp_path / "some_file").read_text() == "x"


def test_out_with_a_name_too_long(run, tmp_path):
    one_line(dm_out(run, tmp_path / ("b" * 300 + ".json")), "too long")


@pytest.mark.skipif(IS_ROOT or sys.platform == "win32", reason="root ignores folder permissions")
def test_out_into_a_read_only_folder(run, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "b.json").write_text("old")
    folder.chmod(0o555)
    try:
        one_line(dm_out(run, folder / "b.json"), "permission denied")
        assert (folder / "b.json").read_text() == "old"
        assert leftovers(folder) == []
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("code, words", [
    (errno.EACCES, "permission denied"),
    (errno.EROFS, "read-only disk"),
    (errno.ENAMETOOLONG, "too long"),
])
def test_a_folder_that_refuses_new_files(run, tmp_path, monkeypatch, code, words):
    import tempfile

    def refuse(*a, **k):
        raise OSError(code, os.strerror(code), str(tmp_path / ".b.json.x.tmp"))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    line = one_line(dm_out(run, tmp_path / "b.json"), f"cannot write board file {tmp_path / 'b.json'}",
                    words)
    assert ".tmp" not in line  # the person's path, never the temporary file's


def full_disk_after(monkeypatch, n: int, code=errno.ENOSPC):
    """Every os.write that passes byte ``n`` of a file writes up to it, then fails with ``code``."""
    real_write = os.write
    written: dict[int, int] = {}

    def write(fd, data):
        if fd in (0, 1, 2):
            return real_write(fd, data)
        room = n - written.get(fd, 0)
        if room <= 0:
            raise OSError(code, os.strerror(code))
        done = real_write(fd, bytes(data[:room]))
        written[fd] = written.get(fd, 0) + done
        return done

    monkeypatch.setattr(os, "write", write)


@pytest.mark.parametrize("code, words", [
    (errno.ENOSPC, "the disk is full"),
    (errno.EDQUOT, "quota"),
    (errno.EFBIG, "file-size limit"),
    (errno.EIO, "input/output error"),
])
def test_a_failed_write_leaves_the_old_file(run, tmp_path, monkeypatch, code, words):
    target = tmp_path / "b.json"
    target.write_text("the old board")
    full_disk_after(monkeypatch, 100, code)
    r = dm_out(run, target)
    one_line(r, f"cannot write board file {target}", words)
    assert target.read_text() == "the old board"
    assert leftovers(tmp_path) == []
    assert r.stdout == ""  # no decision shown when its board could not be written


def test_a_full_disk_when_saving_a_deck_set(run, tmp_path, monkeypatch, user_data):
    full_disk_after(monkeypatch, 10)
    one_line(run("deck", "random", "--seed", "3"), "cannot write deck file", "the disk is full")
    assert list((user_data / "decks").iterdir()) == []


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX resource limits")
def test_a_real_file_size_limit(tmp_path):
    """RLIMIT_FSIZE below the board's size: a real EFBIG (Python ignores SIGXFSZ)."""
    import resource

    target = tmp_path / "b.json"
    target.write_text("the old board")

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))

    rc, out, err = solo_process(["dm", "creature", "--board", BOARD, "--seed", "1", "--out", target],
                                tmp_path, preexec_fn=small_files)
    assert_one_line(rc, err, f"cannot write board file {target}", "file-size limit")
    assert target.read_text() == "the old board"
    assert leftovers(tmp_path) == []


def test_a_written_file_keeps_its_permissions_and_a_new_one_follows_the_umask(tmp_path):
    b = board_file.load(BOARD)
    old = tmp_path / "old.json"
    old.write_text("x")
    old.chmod(0o640)
    board_file.save(b, old)
    assert stat.S_IMODE(old.stat().st_mode) == 0o640
    umask = os.umask(0o022)
    try:
        board_file.save(b, tmp_path / "new.json")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644
    assert board_file.load(tmp_path / "new.json").to_dict() == b.to_dict()


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")
def test_writing_through_a_symbolic_link_keeps_the_link(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    board_file.save(board_file.load(BOARD), link)
    assert link.is_symlink() and board_file.load(real).round == board_file.load(BOARD).round


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_writing_to_a_pipe_writes_into_it(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    try:
        board_file.write_atomic(fifo, "through the pipe\n")
    finally:
        reader.join(10)
        if reader.is_alive():  # the pipe was never opened for writing: release the reader
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            reader.join(10)
    assert got == [b"through the pipe\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_writing_over_a_folder(tmp_path):
    (tmp_path / "d").mkdir()
    with pytest.raises(InvalidInput, match=r"cannot write saved game .*d: it is a folder"):
        board_file.write_atomic(tmp_path / "d", "x", "saved game")


# -- the data folder ---------------------------------------------------------------------------

@pytest.mark.parametrize("args", [["deck", "list"], ["deck", "new"], ["deck", "random", "--seed", "1"],
                                  ["deck", "add", "Starter", "creature", "Timber Wolf"]])
def test_a_data_folder_that_is_a_file(run, user_data, args):
    user_data.write_text("not a folder")
    one_line(run(*args), f"{user_data} is a file, not a folder", "SOLO_DATA_DIR")
    assert user_data.read_text() == "not a folder"


def test_a_decks_folder_that_is_a_file(run, user_data):
    user_data.mkdir()
    (user_data / "decks").write_text("not a folder")
    one_line(run("deck", "list"), f"{user_data / 'decks'} is a file, not a folder")


def test_any_other_file_trouble_is_still_one_line(run, user_data, tmp_path):
    """`solo play` keeps its games in the data folder; the CLI's last resort reports it."""
    user_data.write_text("not a folder")
    answers = tmp_path / "a.json"
    answers.write_text(json.dumps({"setup": {"start": "start"}}))
    one_line(run("play", "--seed", "1", "--answers", answers), f"{user_data} is a file, not a folder")


@pytest.mark.parametrize("read_only, words", [(False, "permission denied"), (True, "read-only disk")])
def test_a_data_folder_that_cannot_be_written_fails_before_any_question(
        run, user_data, monkeypatch, read_only, words):
    user_data.mkdir()
    monkeypatch.setattr(os, "access", lambda *a, **k: False)

    class Vfs:
        f_flag = os.ST_RDONLY if read_only else 0

    monkeypatch.setattr(os, "statvfs", lambda *a: Vfs())
    # No --answers: a question asked here would fail with "pass an answers file" instead.
    one_line(run("deck", "new"), "cannot write to your data folder", words, "SOLO_DATA_DIR")


def test_deck_new_out_under_a_file_fails_before_any_question(run, tmp_path):
    (tmp_path / "f").write_text("x")
    one_line(run("deck", "new", "--out", tmp_path / "f" / "mine.toml"),
             f"cannot write deck file {tmp_path / 'f' / 'mine.toml'}", "is a file, not a folder")


# -- the mapping itself --------------------------------------------------------------------------

@pytest.mark.parametrize("code, words", [
    (errno.EACCES, "permission denied"), (errno.EPERM, "permission denied"),
    (errno.EROFS, "read-only"), (errno.ENOSPC, "disk is full"), (errno.EDQUOT, "quota"),
    (errno.EFBIG, "file-size limit"), (errno.ENOENT, "does not exist"), (errno.EISDIR, "folder"),
    (errno.ENAMETOOLONG, "too long"), (errno.ELOOP, "symbolic links"),
])
def test_describe_os_error_names_the_file_and_the_fix(tmp_path, code, words):
    path = tmp_path / "missing" / "b.json"
    line = describe_os_error(OSError(code, os.strerror(code), "/tmp/.b.json.abc.tmp"), path, "board file")
    assert line.startswith(f"cannot write board file {path}: ") and words in line
    assert ".tmp" not in line and "\n" not in line


def test_describe_os_error_when_reading(tmp_path):
    line = describe_os_error(PermissionError(errno.EACCES, "Permission denied"), tmp_path / "a.json",
                             "answers file", "read")
    assert line == f"cannot read answers file {tmp_path / 'a.json'}: permission denied; check the file's permissions"


# -- the ratings cache on a full disk ---------------------------------------------------------

def test_a_rating_on_a_full_disk_says_its_games_were_not_kept(run, tmp_path, monkeypatch):
    """The cache is only a cache: `solo deck show` still rates the set, exits 0 and says, in one
    line on stderr, that the games were not kept and why; it no longer promises that the
    rating narrows next time.  The cache file already there is untouched."""
    from solo.cli.commands import ratings as cli_ratings

    cache = tmp_path / "usercache" / "ratings.json"
    cache.parent.mkdir(parents=True)
    cache.write_text("{}\n")
    monkeypatch.setattr(cli_ratings, "RATING_SECONDS", 0.05)
    monkeypatch.setattr(cli_ratings, "every_core", lambda jobs: 1)  # no pipes to processes
    run("deck", "random", "--seed", "4", "--name", "Rnd4")
    full_disk_after(monkeypatch, 1)
    r = run("deck", "show", "Rnd4")
    assert r.exit_code == 0 and "Traceback" not in r.output
    note = " ".join(r.stderr.split())
    assert note.startswith("Note: the games of this rating were not kept (cannot write ratings "
                           f"cache {cache}: the disk is full; free some space")
    assert note.endswith("it starts over next time.") and note.count("Note:") == 1
    out = " ".join(r.stdout.split())
    assert "Difficulty:" in out and "see it whole with: solo deck show Rnd4 --whole-rating" in out
    assert "narrows" not in out
    assert cache.read_text() == "{}\n" and leftovers(cache.parent) == []


def test_the_cache_says_why_a_rating_was_not_kept_until_one_is(tmp_path, monkeypatch):
    from solo.engine import ratings
    from solo.engine import ratings_cache

    r = ratings.Rating(games=128, dm_wins=50, rounds=900, damage_to_ym=100, damage_to_dm=90)
    path = tmp_path / "c" / "ratings.json"
    cache = ratings_cache.Cache(path)
    with monkeypatch.context() as m:
        full_disk_after(m, 1)
        cache.put("k", r)
    assert cache.unsaved == describe_os_error(OSError(errno.ENOSPC, "full"), path, "ratings cache")
    cache.put("k", r)  # room again: kept, and nothing to say
    assert cache.unsaved is None and ratings_cache.Cache(path).get("k") == r


# -- what a killed write leaves (issue 31) -----------------------------------------------------

KILLED_AT_SYNC = """
import os, signal, sys
os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)  # killed as the file reaches the disk
sys.argv = ["solo", *sys.argv[1:]]
from solo.__main__ import run
run()
"""


def _age(path: Path, hours: float = 2) -> None:
    then = os.path.getmtime(path) if not path.is_symlink() else path.lstat().st_mtime
    os.utime(path, (then - hours * 3600, then - hours * 3600), follow_symlinks=False)


def test_what_a_write_killed_at_its_sync_leaves_goes_at_a_later_start(run, tmp_path, user_data):
    """A kill at the final sync left `.NAME.XXXXXXXX.tmp` beside an export for good: the next
    command that opens the game database (or writes) removes it once it is an hour old, and
    nothing else: not a younger one (another solo may be writing it), not a file of another
    pattern, not a link."""
    answers = tmp_path / "a.json"
    answers.write_text(json.dumps({"setup.start": "start", "quickcast.you": "pass", "turn.actor": "done"}))
    run("play", "--answers", answers, "--seed", "1", "--name", "g")
    out = tmp_path / "away" / "g.json"
    out.parent.mkdir()
    p = subprocess.run([sys.executable, "-c", KILLED_AT_SYNC, "export", "g", str(out)],
                       env=dict(os.environ), capture_output=True, timeout=60, cwd=tmp_path)
    assert p.returncode == -9, p.stderr
    left = [x for x in out.parent.iterdir()]
    assert len(left) == 1 and re.fullmatch(r"\.g\.json\.[a-z0-9_]{8}\.tmp", left[0].name), left
    notes = list((tmp_path / "usercache" / "writing").iterdir())
    assert len(notes) == 1 and os.readlink(notes[0]) == str(out.resolve())
    decks = user_data / "decks"
    decks.mkdir()
    kept = [decks / ".old.toml.abcdefgh.tm", decks / ".young.toml.abcdefgh.tmp", decks / "x.tmp"]
    gone = [decks / ".mine.toml.a1b2c3d4.tmp"]
    for f in kept + gone:
        f.write_text("")
    (decks / ".link.toml.abcdefgh.tmp").symlink_to(decks / "x.tmp")
    kept.append(decks / ".link.toml.abcdefgh.tmp")
    for f in (kept[0], kept[2], kept[3], *gone):
        _age(f)

    assert run("play", "--list").exit_code == 0
    assert left[0].exists() and notes[0].is_symlink()  # a minute old: it may be a live write
    _age(left[0])
    _age(notes[0])
    assert run("play", "--list").exit_code == 0
    assert not left[0].exists() and not notes[0].is_symlink() and list(out.parent.iterdir()) == []
    assert all(f.is_symlink() or f.exists() for f in kept) and not any(f.exists() for f in gone)


def test_a_write_removes_what_an_earlier_write_of_the_same_file_left(tmp_path):
    target = tmp_path / "b.json"
    old, young, other = (tmp_path / ".b.json.k3y4b0ld.tmp", tmp_path / ".b.json.y0ung123.tmp",
                         tmp_path / ".c.json.k3y4b0ld.tmp")
    for f in (old, young, other):
        f.write_text("half a board")
    _age(old)
    _age(other)
    board_file.write_atomic(target, "a board\n")
    assert target.read_text() == "a board\n"
    assert not old.exists() and young.exists() and other.exists()
