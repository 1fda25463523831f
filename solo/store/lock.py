"""One live session per game: the lock file per game in front of the journal's ``holders`` row
(:mod:`solo.store.holders`)."""

from __future__ import annotations

from pathlib import Path

from solo.core.errors import SoloError, describe_os_error
from solo.store.db_errors import JournalError
from solo.store.holders import Lease
from solo.store.journal import GameInfo, Journal


class GameLock:
    """One live session per game: an exclusive lock on ``locks/game-<id>.lock`` (released by the
    system when the process ends, however it ends) in front of the game's row in ``holders``
    (:meth:`Journal.claim`), which holds even when the lock file is removed."""

    def __init__(self, journal: Journal, info: GameInfo) -> None:
        from filelock import FileLock

        folder = journal.folder / "locks"
        try:
            folder.mkdir(exist_ok=True)
        except OSError as err:
            raise JournalError(describe_os_error(err, folder, "the lock folder")) from None
        self.journal, self.info = journal, info
        self.lock = FileLock(str(folder / f"game-{info.id}.lock"), timeout=0)
        self.lease: Lease | None = None

    def acquire(self) -> None:
        from filelock import Timeout

        try:
            self.lock.acquire(timeout=0)
        except Timeout:
            other = self.journal.find(self.info.name)
            pid = f" (process {other.pid})" if other is not None and other.pid else ""
            raise JournalError(f"game {self.info.name!r} is being played in another session"
                               f"{pid}: finish or close that one first") from None
        except OSError as err:
            raise JournalError(describe_os_error(err, Path(self.lock.lock_file), "the game's lock file")) from None
        try:
            self.lease = self.journal.claim(self.info)
        except BaseException:
            self.lock.release()
            raise

    def release(self) -> None:
        if self.lock.is_locked:
            if self.lease is not None:
                try:
                    self.journal.let_go(self.lease)
                except SoloError:
                    pass
                self.lease = None
            self.lock.release()

    def __enter__(self) -> "GameLock":
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
