"""What the game database held when solo last closed it, so that steps lost behind solo's back
are named when it is next opened.

A step is committed to SQLite's write-ahead log (``games.sqlite3-wal``) and reaches the database
file itself at a checkpoint.  Delete or overwrite that log while a game is played, then kill
the player, and the steps it held are gone -- SQLite starts afresh without a word.  So:

* when the journal closes after writing (:func:`record`), it keeps in the tables ``seen`` (one
  row a game: its name, its live steps, its steps kept live or undone, the time of its last
  step, and whether a session is playing it) and ``seen_file`` (the database's size once the
  log is copied in, and when) what it leaves, then copies the log into the database file;
* a session that starts playing a game (:func:`mark_playing`) marks it so, and copies the log in,
  so the mark outlives the log;
* when the journal opens (:func:`before_open`, then :func:`look_back`), the files are compared
  with that: SQLite's index of the log (``-shm``) still counting committed frames that the log
  no longer holds (it was deleted or overwritten before solo closed it), or a database file
  whose size or time is not the one solo left, is a change from outside solo -- or a session
  that was killed.  Only then is ``PRAGMA quick_check`` run, and each game compared with what
  was seen: a game with fewer steps kept and none newer, or gone, or being played when the log
  was lost, is one line naming what was lost.  A killed session that merely undid steps keeps
  them (undone), and one that played on has newer steps: neither is taken for a loss.

One-shot commands that never open the database pay nothing; one that opens it pays a few
``stat`` calls and one small query, and a step's commit nothing at all.  A database replaced
whole by an older copy carries its own older record, and is not noticed.
"""

from __future__ import annotations

import os
import sqlite3
import struct
import time
from typing import TYPE_CHECKING, Callable, NamedTuple

if TYPE_CHECKING:
    from pathlib import Path

#: How far past the time solo closed it the database file's time may be and still be the file
#: solo left (its last copy of the log comes just after; a file system may keep times to the
#: second or two).  A change made within this time of solo's close is not told apart.
SLACK = 2.0
#: The version number SQLite writes at the head of the log's index (``-shm``).
_WAL_INDEX = 3007000


class Files(NamedTuple):
    """The database's files as found before SQLite opened them."""

    size: int | None  # the database file's size in bytes (None: there was none)
    mtime: float
    lost: int  # frames the log's index counts as committed that the log no longer holds
    frames: int = 0  # frames committed to the log, some not copied into the database file yet
    salt: bytes = b""  # the log's salt values, which change when it starts anew


def before_open(path: Path) -> Files:
    """The database's files, read before SQLite opens them (it would rebuild the log's index
    from whatever log it finds, and forget what the index knew)."""
    try:
        st = os.stat(path)
    except OSError:
        return Files(None, 0.0, 0)
    lost, frames, salt = _log(path)
    if lost:  # a live solo may have just started its log anew: look again before saying so
        time.sleep(0.01)
        lost, frames, salt = _log(path)
    return Files(st.st_size, st.st_mtime, lost, frames, salt)


def _log(path: Path) -> tuple[int, int, bytes]:
    """What SQLite's index of the log (``-shm``) says of the log (``-wal``) when some of its
    committed frames are not in the database file yet: those the log no longer holds (it is
    missing, too short, or begun anew: other salt values), the frames it counts, and the log's
    salt values."""
    try:
        with open(f"{path}-shm", "rb") as f:
            head = f.read(136)
    except OSError:
        return 0, 0, b""
    if len(head) < 136 or head[:48] != head[48:96]:  # no index, or one being written
        return 0, 0, b""
    version, _, _, ready, _, page, frames = struct.unpack_from("=IIIBBHI", head)
    copied = struct.unpack_from("=I", head, 96)[0]  # frames already in the database file
    if version != _WAL_INDEX or ready != 1 or frames <= copied:
        return 0, 0, b""
    page = 65536 if page == 1 else page
    salt = _salt(path)
    try:
        size = os.path.getsize(f"{path}-wal")
    except FileNotFoundError:
        return frames - copied, frames, b""
    except OSError:
        return 0, 0, b""
    if size < 32 + frames * (24 + page) or salt != head[32:40]:
        return frames - copied, frames, salt
    return 0, frames, salt


def _salt(path: Path) -> bytes:
    try:
        with open(f"{path}-wal", "rb") as f:
            return f.read(32)[16:24]
    except OSError:
        return b""


def _counts(db: sqlite3.Connection, span: int) -> dict[int, tuple[int, int, float]]:
    """Each game's (live steps, steps kept, time of its last step), by game id."""
    out = {}
    for game, live, kept, last in db.execute(
            "SELECT key / ?, sum(undone = 0), count(*), max(at) FROM steps GROUP BY key / ?",
            (span, span)):
        out[int(game)] = (int(live or 0), int(kept), float(last) if isinstance(last, (int, float)) else 0.0)
    return out


def look_back(db: sqlite3.Connection, path: Path, files: Files, span: int) -> tuple[list[str], bool]:
    """Lines naming what was lost since solo last closed the database, and whether the record
    must be written again at the close (it changed, or there is none yet)."""
    try:
        row = db.execute("SELECT size, at FROM seen_file WHERE id = 1").fetchone()
        if row is None:
            return [], True
        size, at = row
        if files.frames and not files.lost:
            files = files._replace(lost=_unread_frames(db, path, files))
        if not (files.lost or files.size != size or files.mtime > at + SLACK):
            return [], False
        return _what_was_lost(db, path, files, span), True
    except (sqlite3.Error, TypeError, ValueError):  # the database's own errors come soon enough
        return [], False


def _unread_frames(db: sqlite3.Connection, path: Path, files: Files) -> int:
    """Committed frames the log held that SQLite did not find valid when it opened it (a log
    overwritten in its middle): counted by copying the log into the database file, as SQLite
    would do soon anyway.  None when the log began anew meanwhile (another solo's)."""
    busy, frames, _ = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    if frames < 0 or _salt(path) != files.salt:
        return 0
    return max(0, files.frames - frames)


def _what_was_lost(db: sqlite3.Connection, path: Path, files: Files, span: int) -> list[str]:
    outside = "the database was changed outside solo"
    lines = []
    check = [str(r[0]) for r in db.execute("PRAGMA quick_check").fetchall()]
    if check != ["ok"]:
        lines.append(f"the game database {path} does not pass SQLite's check ({check[0]}): keep "
                     "what solo log still shows of your games, then move the file aside to start "
                     "a new one")
    now = _counts(db, span)
    games = {int(g) for (g,) in db.execute("SELECT id FROM games")}
    named = False
    for game, name, steps, kept, last, playing in db.execute(
            "SELECT game, name, steps, kept, last, playing FROM seen ORDER BY game").fetchall():
        live, kept_now, last_now = now.get(game, (0, 0, 0.0))
        if game not in games:
            lines.append(f"game {name} had {steps} steps when last closed, and it is gone: {outside}")
        elif playing and files.lost:
            lines.append(f"game {name} was being played when the database's log of recent writes "
                         f"({path.name}-wal) was deleted or overwritten: what it played after step "
                         f"{live} is lost: {outside}")
            named = True
        elif kept_now < kept and last_now <= last:
            lines.append(f"game {name} had {steps} steps when last closed, {live} are left: {outside}")
    if files.lost and not named:
        lines.append(f"the database's log of recent writes ({path.name}-wal) was deleted or "
                     f"overwritten before solo closed it: the steps written last are lost: {outside}")
    return lines


def record(db: sqlite3.Connection, span: int, ended: set[int]) -> None:
    """Keep what each game has as the journal closes (the sessions of ``ended`` are over), then
    copy the log into the database file.  Never fails: a database that cannot be written keeps
    its older record (and is checked again at its next open)."""

    def keep() -> None:
        now = _counts(db, span)
        playing = {int(g): int(p) for g, p in db.execute("SELECT game, playing FROM seen")}
        rows = [(gid, name, *now.get(gid, (0, 0, 0.0)), 0 if gid in ended else playing.get(gid, 0))
                for gid, name in db.execute("SELECT id, name FROM games").fetchall()]
        db.execute("DELETE FROM seen")
        db.executemany("INSERT INTO seen(game, name, steps, kept, last, playing) "
                       "VALUES (?, ?, ?, ?, ?, ?)", rows)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        size = db.execute("PRAGMA page_size").fetchone()[0]
        db.execute("INSERT OR REPLACE INTO seen_file(id, size, at) VALUES (1, ?, ?)",
                   (pages * size, time.time()))

    _write_and_copy(db, keep)


def mark_playing(db: sqlite3.Connection, game: int, span: int) -> None:
    """Mark ``game`` as played by a session from now on, and copy the log into the database
    file, so that the mark survives the loss of the log (see the module's text)."""

    def mark() -> None:
        found = db.execute("SELECT name FROM games WHERE id = ?", (game,)).fetchone()
        if found is not None:
            db.execute("INSERT OR REPLACE INTO seen(game, name, steps, kept, last, playing) "
                       "VALUES (?, ?, ?, ?, ?, 1)", (game, found[0], *_counts_of(db, game, span)))

    _write_and_copy(db, mark)


def _write_and_copy(db: sqlite3.Connection, write: Callable[[], None]) -> None:
    """``write`` in one transaction, then the log copied into the database file (as far as no
    reader holds it back); nothing at all when a transaction is open, and never a failure."""
    try:
        if db.in_transaction:
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            write()
            db.execute("COMMIT")
        finally:
            if db.in_transaction:
                db.execute("ROLLBACK")
        db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    except (sqlite3.Error, TypeError, ValueError):
        pass


def _counts_of(db: sqlite3.Connection, game: int, span: int) -> tuple[int, int, float]:
    live, kept, last = db.execute(
        "SELECT sum(undone = 0), count(*), max(at) FROM steps WHERE key > ? AND key < ?",
        (game * span, (game + 1) * span)).fetchone()
    return int(live or 0), int(kept), float(last) if isinstance(last, (int, float)) else 0.0
