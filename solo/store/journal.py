"""The game journal: every game in one SQLite database, each step committed whole.

A game is determined by its settings and the answers given step by step (your actions, your
edits, the physical dice you typed, the cards you drew).  The journal keeps exactly that, the
way OpenSpiel keeps a state as its list of actions:

* ``games`` -- one row a game: its name (a label, never a path), settings, the engine that
  played it, when it was started, its status and result;
* ``steps`` -- one row a step: who, label, round, the answers given during it (``NULL`` when
  nobody was asked anything: the Dummy Mage's steps, bookkeeping), the log entries it wrote
  (zlib-compressed JSON) and when.  A step undone stays (``undone = 1``) until a new step
  replaces it, so that it can be redone;
* ``checkpoints`` -- the whole state (board, dice, round) after some steps (zlib-compressed
  JSON): at the start and every :data:`CHECKPOINT_EVERY` steps, so that rebuilding a game
  replays a few steps, never the whole game.

A step is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``), written only when the step is
complete; the database runs in WAL mode with ``synchronous=FULL``, so whatever stops a step
(Ctrl-C, a signal, ``kill -9``, an exception, power loss) the game is exactly as it was after
the last whole step.  Pages are 512 bytes: a step appends one row, so a commit writes a page
or two.

A game in play is held by one session at a time, and the database itself says which:
``holders`` has a row a game, naming the session that holds it (process id, the process's
start, a random token) and a count of the changes made to its steps.  Taking a game
(:meth:`Journal.claim`) is refused while the session named there is alive; every commit, undo
and redo states the session it comes from and the count it last saw, and is refused -- nothing
written -- when another session has taken the game or changed it since.  The lock file per
game (:class:`solo.store.lock.GameLock`) is the fast path in front of it: a second session is
refused with the first one's process id before anything is read; the rows are what holds when
the lock file is removed.

Nothing here knows the rules: states are dicts, answers are JSON values.  :mod:`solo.engine.session`
plays a :class:`~solo.engine.game.Game` through a journal.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from solo.core.errors import SoloError, describe_os_error
from solo.store import seen
from solo.store.db_errors import (READ_FAILED, READS_DAMAGED, JournalError, StorageError,
                                  damaged, db_error, error_name, not_a_file)
from solo.store.holders import LIVE, Lease, alive, holder_name, pid_of

DB_NAME = "games.sqlite3"
#: A checkpoint of the whole state every this many steps (and one at the start).
CHECKPOINT_EVERY = 50
#: Small pages: a step appends one row, and a commit writes the pages it touched.
PAGE_SIZE = 512
#: Steps of a game are keyed ``game * KEY_SPAN + n`` in one integer primary key: a step is then
#: one row in one b-tree (no separate index to update on every commit).
KEY_SPAN = 1 << 32
NAME_MAX = 64

SCHEMA = """
CREATE TABLE IF NOT EXISTS games(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    settings TEXT NOT NULL,
    engine TEXT NOT NULL,
    created REAL NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',
    result TEXT,
    pid INTEGER,
    origin TEXT
);
CREATE TABLE IF NOT EXISTS steps(
    key INTEGER PRIMARY KEY,
    who TEXT NOT NULL,
    label TEXT NOT NULL,
    round INTEGER NOT NULL,
    answers TEXT,
    entries BLOB NOT NULL,
    at REAL NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS checkpoints(
    key INTEGER PRIMARY KEY,
    state BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS holders(
    game INTEGER PRIMARY KEY,
    holder TEXT,
    version INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS imported(
    path TEXT PRIMARY KEY,
    game INTEGER,
    at REAL NOT NULL
);
"""

# What solo left in the database when it last closed it (see solo.store.seen): each game's
# steps, and the file's size and time; and the question a game asks now (solo.store.asking).
SCHEMA += """
CREATE TABLE IF NOT EXISTS seen(
    game INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    steps INTEGER NOT NULL,
    kept INTEGER NOT NULL,
    last REAL NOT NULL,
    playing INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS asking(
    game INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL,
    question TEXT NOT NULL,
    answer TEXT,
    by TEXT,
    error TEXT
);
CREATE TABLE IF NOT EXISTS seen_file(
    id INTEGER PRIMARY KEY CHECK (id = 1),
    size INTEGER NOT NULL,
    at REAL NOT NULL
);
"""


class NotHeld(JournalError):
    """A commit, undo or redo from a session that no longer holds its game, or that read it
    before another session changed it: refused, nothing written."""


class DamagedStep(JournalError):
    """A step whose row no longer reads back (a damaged database); the steps from it on are
    out of reach, the ones before it are not."""

    def __init__(self, n: int, what: str, undone: bool = False) -> None:
        super().__init__(f"step {n} is damaged in the game database ({what})")
        self.n, self.undone = n, undone


@dataclass
class GameInfo:
    """One saved game of the journal: its id, name and settings."""

    id: int
    name: str
    settings: dict
    engine: str
    created: float
    status: str
    result: str | None
    pid: int | None
    origin: str | None
    steps: int = 0  # live steps
    round: int = 0
    last: float = 0.0  # when the last step was played


@dataclass
class StepRow:
    """One step of a saved game: its number, who acted and what was done."""

    n: int
    who: str
    label: str
    round: int
    answers: list | None  # [[question id, answer], ...]; None when nothing was asked
    entries: list[dict]  # the log entries the step wrote
    at: float = 0.0

    @property
    def asked(self) -> bool:
        """Whether a person answered something in this step (undo goes back to such steps)."""
        return bool(self.answers)


def pack(value: Any) -> bytes:
    return zlib.compress(json.dumps(value, separators=(",", ":")).encode("utf-8"), 6)


def unpack(blob: bytes, what: str) -> Any:
    try:
        return json.loads(zlib.decompress(blob).decode("utf-8"))
    except (zlib.error, UnicodeDecodeError, ValueError, TypeError) as err:
        raise JournalError(f"the game database holds a damaged {what} ({err}); "
                           "that game cannot be rebuilt past it") from None


class Journal:
    """The database of every game.  Use as a context manager, or call :meth:`close`."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / DB_NAME
        self.unreadable = 0  # games that did not read back (see games())
        try:
            if self.folder.exists() and not self.folder.is_dir():
                raise StorageError(f"the data folder {self.folder} is a file, not a folder: move "
                                   "it away, or set SOLO_DATA_DIR to another folder")
            self.folder.mkdir(parents=True, exist_ok=True)
            new = not self.path.exists()
            if os.path.exists(self.path) and not self.path.is_file():
                raise StorageError(not_a_file(self.path))
        except OSError as err:
            raise StorageError(describe_os_error(err, self.folder, "the data folder")) from None
        files = seen.before_open(self.path)
        for again in (True, False):  # a read that fails for a moment is tried once more
            try:
                self._open(new)
                break
            except sqlite3.Error as err:
                if not (again and error_name(err) in READ_FAILED | READS_DAMAGED):
                    raise db_error(err, self.path) from None
                time.sleep(0.05)
        # lines naming what was lost behind solo's back since it last closed the database
        self._notices, self._look_again = seen.look_back(self.db, self.path, files, KEY_SPAN)
        self._playing: set[int] = set()
        self._changes = self.db.total_changes
        self._closed = False

    def _open(self, new: bool) -> None:
        self.db = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        try:
            if new:
                self.db.execute(f"PRAGMA page_size={PAGE_SIZE}")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
        except BaseException:
            self.db.close()
            raise

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        wrote = self._look_again or self._playing or self.db.total_changes != self._changes
        if wrote and not self._notices:  # what a person was not told is told again next time
            seen.record(self.db, KEY_SPAN, self._playing)
        self.db.close()

    def tell(self) -> list[str]:
        """The lines naming what was lost behind solo's back since it last closed the database
        (:mod:`solo.store.seen`), for a person: once told, they are not said again."""
        lines, self._notices = self._notices, []
        return lines

    def playing(self, game: int) -> None:
        """A session plays ``game`` from now on (until the journal closes): noted, so that its
        steps lost with the database's log are named at the next open (:mod:`solo.store.seen`)."""
        seen.mark_playing(self.db, game, KEY_SPAN)
        self._playing.add(game)

    def check_writable(self) -> None:
        """Refuse at once, before any question, a database that cannot be written (a
        read-only file or folder): a write that is rolled back."""
        if self.db.in_transaction:
            return
        version = int(self._rows("PRAGMA user_version")[0][0])
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.db.execute(f"PRAGMA user_version = {version}")
            finally:
                self.db.execute("ROLLBACK")
        except sqlite3.Error as err:
            raise db_error(err, self.path) from None

    # -- low level -----------------------------------------------------------------------------
    def _run(self, sql: str, args: tuple = ()) -> sqlite3.Cursor:
        try:
            return self.db.execute(sql, args)
        except sqlite3.Error as err:
            raise db_error(err, self.path) from None
        except (OverflowError, ValueError) as err:  # a value SQLite cannot hold
            raise JournalError(f"a value cannot be stored in the game database ({err})") from None

    def _rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        """Every row of a query: reading them can fail too (a damaged page, text that is
        not UTF-8), so they are read here, where a failure becomes one line.  A read that fails,
        or reads the file as damaged, is tried once more (outside a transaction): a disk or a
        network file system can fail for a moment, and a person must not be told to set a
        sound database aside."""
        for again in (True, False):
            try:
                return self.db.execute(sql, args).fetchall()
            except sqlite3.Error as err:
                if again and not self.db.in_transaction and error_name(err) in READ_FAILED | READS_DAMAGED:
                    time.sleep(0.05)
                    continue
                raise db_error(err, self.path) from None
            except (OverflowError, ValueError) as err:  # a value SQLite cannot hold
                raise JournalError(f"a value cannot be stored in the game database ({err})") from None
        raise AssertionError("unreachable")  # pragma: no cover

    def transaction(self) -> "_Tx":
        return _Tx(self)

    # -- games ---------------------------------------------------------------------------------
    def create(self, name: str, settings: dict, engine: str, state: dict,
               origin: str | None = None, start_at: int = 0) -> GameInfo:
        """A new game whose first checkpoint, ``state``, stands after step ``start_at`` (0 for a
        game that starts from its settings; more for one carried over with its history, whose
        steps before that cannot be replayed)."""
        check_name(name)
        with self.transaction():
            if self._rows("SELECT 1 FROM games WHERE name = ?", (name,)):
                raise JournalError(f"a game called {name!r} exists: resume it with solo play "
                                   f"--resume {name_option(name)}, or choose another --name")
            cur = self._run("INSERT INTO games(name, settings, engine, created, origin) "
                            "VALUES (?, ?, ?, ?, ?)",
                            (name, json.dumps(settings), engine, time.time(), origin))
            game_id = cur.lastrowid
            assert game_id is not None
            self._run("INSERT INTO checkpoints(key, state) VALUES (?, ?)",
                      (game_id * KEY_SPAN + start_at, pack(state)))
        info = self.find(name)
        assert info is not None
        return info

    def _info(self, row: tuple) -> GameInfo:
        """A game's row, checked: a damaged one (text that is not UTF-8, a value of the wrong
        type) is refused with one line naming what is damaged."""
        gid, name, settings, engine, created, status, result, pid, origin = row
        try:
            name, settings, engine, status = (_text(v) for v in (name, settings, engine, status))
            result, origin = (None if v is None else _text(v) for v in (result, origin))
            settings = json.loads(settings)
            if not (isinstance(gid, int) and 0 < gid < KEY_SPAN and isinstance(settings, dict)
                    and _number(created) and (pid is None or isinstance(pid, int))):
                raise ValueError("a value of the wrong type")
        except (ValueError, RecursionError) as err:
            raise JournalError(f"game {gid} is damaged in the game database {self.path} "
                               f"({err})") from None
        info = GameInfo(gid, name, settings, engine, created, status, result, pid, origin)
        lo, hi = gid * KEY_SPAN, (gid + 1) * KEY_SPAN
        live = self._rows("SELECT count(*), max(CASE WHEN typeof(round) = 'integer' THEN round END), "
                          "max(CASE WHEN typeof(at) IN ('real', 'integer') THEN at END) FROM steps "
                          "WHERE key > ? AND key < ? AND undone = 0", (lo, hi))[0]
        info.steps = live[0]
        info.round = live[1] if isinstance(live[1], int) and live[1] > 0 else 1
        info.last = live[2] if _number(live[2]) else created
        return info

    #: text columns are read as bytes and decoded here, so that a damaged one is one game's
    #: problem, not the whole query's
    _COLUMNS = ("id, CAST(name AS BLOB), CAST(settings AS BLOB), CAST(engine AS BLOB), created, "
                "CAST(status AS BLOB), CAST(result AS BLOB), pid, CAST(origin AS BLOB)")

    def find(self, name: str) -> GameInfo | None:
        rows = self._rows(f"SELECT {self._COLUMNS} FROM games WHERE name = ?", (name,))
        return self._info(rows[0]) if rows else None

    def games(self) -> list[GameInfo]:
        """Every game that reads back, the last played first (:attr:`unreadable` counts the
        others)."""
        out = []
        self.unreadable = 0
        for row in self._rows(f"SELECT {self._COLUMNS} FROM games"):
            try:
                out.append(self._info(row))
            except StorageError:
                raise
            except JournalError:
                self.unreadable += 1
        return sorted(out, key=lambda g: -g.last)

    def latest(self) -> GameInfo | None:
        games = self.games()
        return games[0] if games else None

    def set_status(self, game: int, status: str, result: str | None) -> None:
        with self.transaction():
            self._run("UPDATE games SET status = ?, result = ? WHERE id = ?", (status, result, game))

    def set_pid(self, game: int, pid: int | None) -> None:
        with self.transaction():
            self._run("UPDATE games SET pid = ? WHERE id = ?", (pid, game))

    def set_engine(self, game: int, engine: str) -> None:
        with self.transaction():
            self._run("UPDATE games SET engine = ? WHERE id = ?", (engine, game))

    # -- steps ---------------------------------------------------------------------------------
    def steps(self, game: int, undone: bool = False) -> list[StepRow]:
        """The live steps in order (``undone``: the steps that can be redone, in order); a
        damaged step among them raises :class:`DamagedStep`."""
        live, redo, bad = self.read_steps(game)
        if bad is not None and (undone or not bad.undone):
            raise bad
        return redo if undone else live

    def read_steps(self, game: int) -> tuple[list[StepRow], list[StepRow], DamagedStep | None]:
        """The live steps, the undone ones, and the first damaged step: both lists stop before
        it (the steps from a damaged one on cannot be replayed)."""
        base = game * KEY_SPAN
        rows = self._rows("SELECT key, undone, CAST(who AS BLOB), CAST(label AS BLOB), round, "
                          "CAST(answers AS BLOB), entries, at FROM steps WHERE key > ? AND key < ? "
                          "ORDER BY key", (base, base + KEY_SPAN))
        live: list[StepRow] = []
        redo: list[StepRow] = []
        for key, undone, who, label, rnd, answers, entries, at in rows:
            n = len(live) + len(redo) + 1
            if key - base != n:
                return live, redo, DamagedStep(n, "missing", bool(redo))
            if undone not in (0, 1) or (redo and not undone):
                return live, redo, DamagedStep(n, "its undone mark", bool(redo))
            try:
                who, label = _text(who), _text(label)
                ans = json.loads(_text(answers)) if answers is not None else None
                if not (isinstance(rnd, int) and _number(at) and _answers(ans)):
                    raise ValueError("a value of the wrong type")
                try:
                    step = StepRow(n, who, label, rnd, ans, unpack(entries, "entries"), at)
                except JournalError:
                    raise ValueError("its log entries") from None
                if not (isinstance(step.entries, list) and all(_entry(e) for e in step.entries)):
                    raise ValueError("its log entries")
            except (ValueError, RecursionError) as err:
                return live, redo, DamagedStep(n, str(err), bool(undone))
            (redo if undone else live).append(step)
        return live, redo, None

    def commit_step(self, game: int, step: StepRow, checkpoint: dict | None = None,
                    status: tuple[str, str | None] | None = None, lease: Lease | None = None) -> None:
        """Write one whole step (and a checkpoint after it, and the game's new status) in one
        transaction.  Whatever stood at its place and after (the steps undone, steps past a
        damaged one) is gone for good: a new answer replaces it.  With ``lease``: refused
        (:class:`NotHeld`, nothing written) unless that session still holds the game and
        nothing changed its steps since it last read or wrote them (so the step it follows is
        the database's last)."""
        base = game * KEY_SPAN
        with self.transaction():
            self._changing(game, lease)
            self._run("DELETE FROM steps WHERE key >= ? AND key < ?", (base + step.n, base + KEY_SPAN))
            self._run("DELETE FROM checkpoints WHERE key >= ? AND key < ?",
                      (base + step.n, base + KEY_SPAN))
            self._run("INSERT INTO steps(key, who, label, round, answers, entries, at) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (base + step.n, step.who, step.label, step.round,
                       None if step.answers is None else json.dumps(step.answers, separators=(",", ":")),
                       pack(step.entries), step.at or time.time()))
            if checkpoint is not None:
                self._run("INSERT OR REPLACE INTO checkpoints(key, state) VALUES (?, ?)",
                          (base + step.n, pack(checkpoint)))
            if status is not None:
                self._run("UPDATE games SET status = ?, result = ? WHERE id = ?", (*status, game))
        if lease is not None:
            lease.version += 1

    def set_length(self, game: int, n: int, status: tuple[str, str | None] | None = None,
                   lease: Lease | None = None) -> None:
        """Undo or redo: steps after ``n`` are undone, steps up to ``n`` live (with ``lease``:
        refused as :meth:`commit_step` is, when another session has the game or changed it)."""
        base = game * KEY_SPAN
        with self.transaction():
            self._changing(game, lease)
            self._run("UPDATE steps SET undone = 1 WHERE key > ? AND key < ? AND undone = 0",
                      (base + n, base + KEY_SPAN))
            self._run("UPDATE steps SET undone = 0 WHERE key > ? AND key <= ? AND undone = 1",
                      (base, base + n))
            if status is not None:
                self._run("UPDATE games SET status = ?, result = ? WHERE id = ?", (*status, game))
        if lease is not None:
            lease.version += 1

    # -- who holds a game ----------------------------------------------------------------------
    def _holder(self, game: int) -> tuple[str | None, int]:
        rows = self._rows("SELECT holder, version FROM holders WHERE game = ?", (game,))
        if not rows:
            return None, 0
        holder, version = rows[0]
        return (holder if isinstance(holder, str) else None,
                version if isinstance(version, int) else -1)

    def claim(self, info: GameInfo) -> Lease:
        """Take the game for this session: refused while the session named in ``holders`` is
        alive (a lock file removed under it changes nothing); one that ended without letting go
        (killed, crashed) is replaced."""
        with self.transaction():
            holder, version = self._holder(info.id)
            if holder is not None and alive(holder):
                raise JournalError(f"game {info.name!r} is being played in another session "
                                   f"(process {pid_of(holder)}): finish or close that one first")
            lease = Lease(info.id, holder_name(), max(version, 0))
            self._run("INSERT OR REPLACE INTO holders(game, holder, version) VALUES (?, ?, ?)",
                      (info.id, lease.holder, lease.version))
            self._run("UPDATE games SET pid = ? WHERE id = ?", (os.getpid(), info.id))
        LIVE[lease.holder] = lease
        return lease

    def let_go(self, lease: Lease) -> None:
        """The session ends: the game is free (unless another session has it by now)."""
        LIVE.pop(lease.holder, None)
        with self.transaction():
            cur = self._run("UPDATE holders SET holder = NULL WHERE game = ? AND holder = ?",
                            (lease.game, lease.holder))
            if cur.rowcount:
                self._run("UPDATE games SET pid = NULL WHERE id = ?", (lease.game,))

    def _changing(self, game: int, lease: Lease | None) -> None:
        """Inside a write's transaction: with ``lease``, refuse the write unless that session
        still holds the game and has seen every change of it; count the change."""
        if lease is not None:
            holder, version = self._holder(game)
            if holder != lease.holder:
                raise NotHeld(
                    "another session took this game over while this one waited"
                    + (f" (process {pid_of(holder)})" if holder else "")
                    + ": this step was not saved, and nothing that session saved was touched")
            if version != lease.version:
                raise NotHeld("another session changed this game since this one read it: this "
                              "step was not saved, and nothing that session saved was touched")
        self._run("INSERT INTO holders(game, holder, version) VALUES (?, NULL, 1) "
                  "ON CONFLICT(game) DO UPDATE SET version = version + 1", (game,))

    def checkpoint_states(self, game: int, at_most: int) -> Iterator[tuple[int, dict]]:
        """The checkpoints at or before step ``at_most``, the last first: (its step, the state).
        A damaged one is passed over (the one before it replays more steps)."""
        base = game * KEY_SPAN
        for key, blob in self._rows("SELECT key, state FROM checkpoints WHERE key >= ? AND key <= ? "
                                    "ORDER BY key DESC", (base, base + at_most)):
            try:
                state = unpack(blob, "checkpoint")
            except JournalError:
                continue
            if isinstance(key, int) and isinstance(state, dict):
                yield key - base, state

    def checkpoint(self, game: int, at_most: int) -> tuple[int, dict]:
        """The last readable checkpoint at or before step ``at_most``: (its step, the state)."""
        for found in self.checkpoint_states(game, at_most):
            return found
        raise JournalError("this game has no starting point in the database that can be read; "
                           "it cannot be rebuilt (start a new game)")

    def checkpoints(self, game: int) -> list[int]:
        base = game * KEY_SPAN
        return [k - base for (k,) in self._rows("SELECT key FROM checkpoints WHERE key >= ? AND key < ?",
                                               (base, base + KEY_SPAN))]

    # -- old saves -------------------------------------------------------------------------------
    def was_imported(self, path: str) -> bool:
        return bool(self._rows("SELECT 1 FROM imported WHERE path = ?", (path,)))

    def mark_imported(self, path: str, game: int | None) -> None:
        with self.transaction():
            self._run("INSERT OR REPLACE INTO imported(path, game, at) VALUES (?, ?, ?)",
                      (path, game, time.time()))


def _text(value: object) -> str:
    """A text column read as bytes (see :attr:`Journal._COLUMNS`)."""
    if isinstance(value, bytes):
        return value.decode("utf-8")  # UnicodeDecodeError is a ValueError
    raise ValueError("a value of the wrong type")


def _number(value: object) -> bool:
    """A time: a finite number a date can be made of."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e11


def _answers(value: object) -> bool:
    return value is None or isinstance(value, list) and all(
        isinstance(a, list) and len(a) == 2 and isinstance(a[0], str) for a in value)


def _entry(e: object) -> bool:
    return (isinstance(e, dict) and isinstance(e.get("n"), int) and isinstance(e.get("round"), int)
            and isinstance(e.get("who"), str) and isinstance(e.get("label"), str)
            and isinstance(e.get("lines"), list) and all(isinstance(x, str) for x in e["lines"]))


class _Tx:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` when anything (even Ctrl-C) stops it."""

    def __init__(self, journal: Journal) -> None:
        self.j = journal

    def __enter__(self) -> None:
        if self.j.db.in_transaction:  # nested: part of the outer one
            self.nested = True
            return
        self.nested = False
        self.j._run("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, err: object, tb: object) -> None:
        if self.nested:
            return
        if kind is None:
            try:
                self.j.db.execute("COMMIT")
                return
            except sqlite3.Error as e:
                self._rollback()
                raise db_error(e, self.j.path) from None
        self._rollback()

    def _rollback(self) -> None:
        try:
            if self.j.db.in_transaction:
                self.j.db.execute("ROLLBACK")
        except sqlite3.Error:
            pass


def check_name(name: str) -> None:
    """A game's name is a label: any printable text up to :data:`NAME_MAX` characters."""
    if not isinstance(name, str) or not name.strip():
        raise JournalError("a game's name cannot be empty: choose one with --name")
    if len(name) > NAME_MAX:
        raise JournalError(f"a game's name is at most {NAME_MAX} characters ({len(name)} given): "
                           "choose a shorter --name")
    if not name.isprintable():
        raise JournalError(f"a game's name is printable text only ({name!r}): choose another --name")


def quote(name: str) -> str:
    import shlex

    return shlex.quote(name)


def name_option(name: str) -> str:
    """``--name NAME`` as a person types it in a shell: the name quoted, and joined by ``=`` when
    it starts with "-", so that it cannot read as an option.

    >>> name_option("my game"), name_option("-x")
    ("--name 'my game'", '--name=-x')
    """
    return f"--name={quote(name)}" if name.startswith("-") else f"--name {quote(name)}"


def name_argument(name: str) -> str:
    """A game's name as the first argument of a command (``solo log NAME``, ``solo export NAME
    FILE``): quoted, and after ``--`` when it starts with "-", which would read as an option.

    >>> name_argument("-x"), name_argument("a b")
    ('-- -x', "'a b'")
    """
    return f"-- {quote(name)}" if name.startswith("-") else quote(name)


def iter_old_saves(folder: Path) -> Iterator[Path]:
    """``games/*.json`` files of the save format this journal replaces."""
    games = folder / "games"
    try:
        if not games.is_dir():
            return
        yield from sorted(games.glob("*.json"))
    except OSError:
        return
