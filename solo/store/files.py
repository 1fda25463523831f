"""Writing a file so that a crash leaves the old one or the new one, never half of one.

Kept apart from :mod:`solo.rules.board` so that the commands that only write a deck or a config file
(``solo deck ...``, ``solo config ...``) do not import the board, the arena and the catalog.
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
    try:
        _write_atomic(path, text.encode("utf-8"))
    except OSError as err:
        raise InvalidInput(describe_os_error(err, path, what)) from None


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
