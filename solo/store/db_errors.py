"""What a game database that fails means for a person: one line naming the problem and the fix.

SQLite's own words mislead (a named pipe "disk I/O error", a folder "unable to open database
file"), so its extended error name and the file system say what happened: a read that failed
(tried again first, see :meth:`solo.store.journal.Journal._rows`), a write that failed (the disk,
its quota, the file-size limit), a file that reads as damaged, a database that is no file.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from solo.core.errors import ExitCode, SoloError, describe_os_error, what_is

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["JournalError", "StorageError", "READ_FAILED", "READS_DAMAGED", "WRITE_FAILED",
           "error_name", "db_error", "damaged", "not_a_file"]


class JournalError(SoloError):
    exit_code = ExitCode.USAGE


class StorageError(JournalError):
    """The database itself failed (full, read-only, damaged, busy): nothing was written."""


#: SQLite's extended error names (``sqlite3.Error.sqlite_errorname``) of a read that failed,
#: and of a file that reads as damaged: a read can fail for a moment (a disk or a network file
#: system), so these are tried once more before a person is told (see :meth:`solo.store.journal.Journal._rows`).
READ_FAILED = frozenset({"SQLITE_IOERR_READ", "SQLITE_IOERR_SHORT_READ"})
READS_DAMAGED = frozenset({"SQLITE_CORRUPT", "SQLITE_NOTADB"})
#: ... and of a write that failed: the disk, its quota or the file-size limit.
WRITE_FAILED = frozenset({"SQLITE_IOERR_WRITE", "SQLITE_IOERR_FSYNC", "SQLITE_IOERR_DIR_FSYNC",
                          "SQLITE_IOERR_TRUNCATE"})


def error_name(err: BaseException) -> str:
    """SQLite's extended name of the error (``SQLITE_IOERR_READ``...), or "" when it has none."""
    return str(getattr(err, "sqlite_errorname", "") or "")


def db_error(err: Exception, path: Path) -> JournalError:
    """One line for a database problem, with the fix."""
    text = str(err).lower()
    name = error_name(err)
    if isinstance(err, OSError):
        return StorageError(describe_os_error(err, path, "the game database"))
    if "full" in text:
        return StorageError(f"the disk holding {path} is full: free some space and go on "
                            "(every step up to the last whole one is kept)")
    if "readonly" in text or "read-only" in text:
        return StorageError(f"the game database {path} cannot be written (read-only): "
                            "make the folder writable, or set SOLO_DATA_DIR to a folder that is")
    if "unable to open" in text:
        return StorageError(_cannot_open(path))
    if name in READS_DAMAGED or any(w in text for w in ("not a database", "malformed", "corrupt",
                                                        "could not decode")):
        return StorageError(damaged(path, err))
    if "locked" in text or "busy" in text:
        return StorageError(f"the game database {path} is busy (another solo is writing); "
                            "try again in a moment")
    if name in READ_FAILED:
        return StorageError(f"reading the game database {path} failed ({err}), twice: nothing was "
                            "changed; try again, and if it keeps failing, check the disk (a copy "
                            "of the file elsewhere keeps your games safe)")
    if name in WRITE_FAILED:
        return StorageError(f"writing {path} failed ({err}): check the free space, the file-size "
                            "limit (ulimit -f) and the disk (every step up to the last whole one "
                            "is kept)")
    if "disk i/o" in text or "i/o error" in text:
        return StorageError(f"the game database {path} could not be read or written ({err}): "
                            "check the disk, the free space and the file-size limit (ulimit -f) "
                            "(every step up to the last whole one is kept)")
    return StorageError(f"the game database {path} failed: {err}")


def damaged(path: Path, err: object) -> str:
    return (f"the game database {path} is damaged ({err}): keep what solo log still shows of "
            "your games, then move the file aside to start a new one")


def _cannot_open(path: Path) -> str:
    """Why SQLite could not open ``path``, as far as the file system tells."""
    folder = path.parent
    if not folder.is_dir():
        return (f"the game database {path} cannot be opened: its folder {folder} does not exist "
                "or is not a folder; create it, or set SOLO_DATA_DIR to another folder")
    if os.path.lexists(path) and not path.is_file():
        return not_a_file(path)
    return (f"the game database {path} cannot be opened: check that you may read and write "
            f"{folder}, or set SOLO_DATA_DIR to a folder you may")


def not_a_file(path: Path) -> str:
    """The line for a game database that is a folder, a pipe, a device (a link to /dev/null)...
    rather than a file: SQLite would fail on it with a misleading error, or keep nothing."""
    return (f"the game database {path} is {what_is(path)}: move it away (solo then starts a new "
            "database), or set SOLO_DATA_DIR to another folder")
