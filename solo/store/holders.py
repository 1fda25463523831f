"""Who holds a game: the names sessions give themselves in the journal's ``holders`` table, and
whether the session a name stands for may still be playing (see
:meth:`solo.store.journal.Journal.claim`, the check every write makes, and
:class:`solo.store.lock.GameLock`)."""

from __future__ import annotations

import os
import secrets
import weakref

#: The leases this process holds now, by holder name: a holder named by this process whose
#: lease is gone (a session dropped without letting go) is not alive.
LIVE: "weakref.WeakValueDictionary[str, Lease]" = weakref.WeakValueDictionary()


class Lease:
    """A session's hold on a game: its name in ``holders`` and the count of changes it has seen
    (each of its own commits adds one)."""

    __slots__ = ("game", "holder", "version", "__weakref__")

    def __init__(self, game: int, holder: str, version: int) -> None:
        self.game, self.holder, self.version = game, holder, version


def _proc(pid: int) -> tuple[str, str]:
    """Process ``pid``'s state letter and start time (clock ticks after boot), from Linux's
    /proc; ("", "") where there is none."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read(4096)
        fields = data[data.rindex(b")") + 2:].split()
        return fields[0].decode("ascii"), fields[19].decode("ascii")
    except (OSError, ValueError, IndexError):
        return "", ""


def holder_name() -> str:
    """This session's name in ``holders``: process id, the process's start, a random token."""
    pid = os.getpid()
    return f"{pid}:{_proc(pid)[1]}:{secrets.token_hex(8)}"


def pid_of(holder: str) -> str:
    return holder.split(":", 1)[0]


def alive(holder: str) -> bool:
    """Whether the session named ``holder`` may still be playing: its process runs (and, where
    the system says when a process started, is the one that took the game, not a later one with
    its id) and, in this process, its lease is still held."""
    parts = holder.split(":")
    if len(parts) != 3 or not parts[0].isdigit() or len(parts[0]) > 10:
        return False
    pid = int(parts[0])
    if pid == os.getpid():
        return holder in LIVE
    try:
        os.kill(pid, 0)
    except PermissionError:  # another user's process: it runs
        pass
    except (OSError, OverflowError):
        return False
    state, started = _proc(pid)
    return state != "Z" and not (parts[1] and started and started != parts[1])
