"""Writing a file so that a crash leaves the old one or the new one, never half of one.

Kept apart from :mod:`solo.rules.board` so that the commands that only write a deck or a config file
(``solo deck ...``, ``solo config ...``) do not import the board, the arena and the catalog.

A write killed between the creation of its temporary file (``.NAME.XXXXXXXX.tmp`` beside the
target) and its rename leaves that file behind.  So each write first notes where it goes (a
symbolic link to the target in the cache folder's ``writing/``, removed once the write is done),
and the next write, or the next command that opens the game database, removes what such a note
points at and solo's temporary files of the data folder: only files of solo's own pattern, and
only those an hour old (no write takes that long: a younger one may be another solo's, writing).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

from solo.core.errors import InvalidInput, describe_os_error


def write_atomic(path: str | os.PathLike, text: str, what: str = "file") -> None:
    """Write ``text`` to ``path`` so that a crash or a failed write leaves the old file or the
    new one, never half of one.

    The text goes to a temporary file in the same folder, reaches the disk (fsync), and takes
    the place of ``path`` in one rename; on POSIX the folder is flushed too, so the rename
    survives a power cut.  A path that is a device or a pipe (``/dev/null``, a FIFO) is written
    directly, and a symbolic link keeps pointing at the file it names.  Any failure (a missing
    or read-only folder, a full disk, the file-size limit...) is one :class:`InvalidInput` line
    naming ``path`` as ``what`` (see :func:`solo.core.errors.describe_os_error`).
    """
    from pathlib import Path  # only when writing: the commands that read stay light

    path = Path(path)
    sweep_leftovers()
    note = _note_writing(path)
    try:
        _write_atomic(path, text.encode("utf-8"))
    except OSError as err:
        raise InvalidInput(describe_os_error(err, path, what)) from None
    finally:
        _forget(note)


#: How old a temporary file of solo's must be to be taken for a leftover (seconds).
LEFTOVER_AGE = 3600.0


def _leftover(name: str, of: str | None = None) -> bool:
    """Whether ``name`` is a temporary file of :func:`write_atomic`'s (of the file ``of``):
    ``.NAME.`` then the 8 characters :func:`tempfile.mkstemp` draws, then ``.tmp``."""
    import re

    if of is not None:
        of = of[:100]
        head, tail = f".{of}.", name[len(of) + 2:]
        return name.startswith(head) and re.fullmatch(r"[a-z0-9_]{8}\.tmp", tail) is not None
    return re.fullmatch(r"\..+\.[a-z0-9_]{8}\.tmp", name, re.S) is not None


def sweep(folder: str | os.PathLike[str], of: str | None = None,
          now: float | None = None) -> list[str]:
    """Remove the temporary files of :func:`write_atomic` left in ``folder`` (of the file called
    ``of`` only, when given) that are :data:`LEFTOVER_AGE` old: regular files of solo's pattern,
    never a link.  Returns the names removed; never fails (a folder that cannot be read or
    written keeps what it holds)."""
    import stat
    import time

    now = time.time() if now is None else now
    gone: list[str] = []
    try:
        entries = list(os.scandir(os.fspath(folder)))
    except OSError:
        return gone
    for e in entries:
        try:
            st = e.stat(follow_symlinks=False)
            if (_leftover(e.name, of) and stat.S_ISREG(st.st_mode)
                    and now - st.st_mtime >= LEFTOVER_AGE):
                os.unlink(e.path)
                gone.append(e.name)
        except OSError:
            continue
    return gone


def _notes() -> str:
    from solo.store.paths import user_folder_text

    return os.path.join(user_folder_text("SOLO_CACHE_DIR", "cache"), "writing")


def _note_writing(path: Path) -> list[str]:
    """A note that a write of ``path`` is under way (see the module's text), then the folders
    made for it, to go when it goes; nothing when it cannot be made (then only the next write
    of the same file finds what this one leaves)."""
    import itertools

    folder = _notes()
    made = []
    up = folder
    while not os.path.lexists(up) and os.path.dirname(up) != up:
        made.append(up)
        up = os.path.dirname(up)
    try:
        os.makedirs(folder, exist_ok=True)
        for n in itertools.count():
            note = os.path.join(folder, f"{os.getpid()}-{n}")
            try:
                os.symlink(os.path.realpath(path), note)
                return [note, *made]
            except FileExistsError:
                continue
    except (OSError, NotImplementedError):
        pass
    _forget(made)
    return []


def _forget(note: list[str]) -> None:
    """Remove a note and the folders made for it (those still empty)."""
    for place in note:
        try:
            (os.rmdir if os.path.isdir(place) and not os.path.islink(place) else os.unlink)(place)
        except OSError:
            return


def sweep_leftovers(data_folder: str | os.PathLike[str] | None = None) -> None:
    """Remove what writes killed at least :data:`LEFTOVER_AGE` ago left behind: the temporary
    file each of their notes points at, the notes, and (with ``data_folder``) solo's temporary
    files in the data folder and its deck sets' folder.  Never fails."""
    import time

    now = time.time()
    folder = _notes()
    try:
        notes = list(os.scandir(folder))
    except OSError:
        notes = []
    for note in notes:
        try:
            if now - note.stat(follow_symlinks=False).st_mtime < LEFTOVER_AGE:
                continue
            target = os.readlink(note.path)
            sweep(os.path.dirname(target), os.path.basename(target), now)
            os.unlink(note.path)
        except OSError:
            continue
    if data_folder is not None:
        for place in (os.fspath(data_folder), os.path.join(data_folder, "decks")):
            sweep(place, now=now)


def _write_atomic(path: Path, data: bytes) -> None:
    import errno
    from pathlib import Path
    import stat
    import tempfile

    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if st is not None and not stat.S_ISREG(st.st_mode):  # /dev/null, a FIFO: no rename
        fd = os.open(path, os.O_WRONLY)
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        return
    target = Path(os.path.realpath(path)) if os.path.islink(path) and st is not None else path
    sweep(target.parent, target.name)  # what an earlier write of this file left
    if st is not None:
        mode = stat.S_IMODE(st.st_mode)
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".tmp", dir=target.parent)
    try:
        _write_all(fd, data)
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp, target)
    except BaseException:
        if fd >= 0:
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_folder(target.parent)


def _write_all(fd: int, data: bytes) -> None:
    """``os.write`` until every byte is written (a write may take only part of them)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _fsync_folder(folder: Path) -> None:
    """Flush a folder's entries (a rename) to the disk; a no-op where that is not possible."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some file systems cannot flush a folder; the rename itself is done
        pass
    finally:
        os.close(fd)
