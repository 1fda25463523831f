"""Errors meant for people: one clear line and an exit status, never a traceback.

The pure core raises these; the CLI turns them into ``solo: <message>`` and the exit status.
Exit statuses: 1 = the input is well formed but invalid (an invalid deck set), 2 = usage errors
and unreadable or malformed input (a missing file, bad TOML or JSON, a wrong board).
"""

from __future__ import annotations


def one_line(text) -> str:
    """The text with every control character (line breaks, escape sequences, NEL, line and
    paragraph separators) written as an escape, so a message is one plain line whatever a file
    put into it.

    >>> one_line("bad\\nname\\x1b[31m")
    'bad\\\\nname\\\\x1b[31m'
    """
    out = []
    for ch in str(text):
        code = ord(ch)
        if ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif code < 32 or 0x7F <= code <= 0x9F or ch in "\u2028\u2029":
            out.append(f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


def read_text(path, what: str, missing_hint: str = "check the path", error=None) -> str:
    """The text of a UTF-8 file, or one clear line saying why it cannot be read.

    ``what`` names the file for the person ("deck file", "board file"...); ``error`` is the
    :class:`SoloError` subclass to raise (InvalidInput by default).
    """
    from pathlib import Path

    error = error or InvalidInput
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{what} {p} not found; {missing_hint}") from None
    except IsADirectoryError:
        raise error(f"{what} {p} is a folder, not a file") from None
    except UnicodeDecodeError:
        raise error(f"{what} {p} is not UTF-8 text; save it as UTF-8") from None
    except OSError as err:
        raise error(f"cannot read {what} {p}: {err.strerror or err}") from None


class SoloError(Exception):
    """A problem a person can fix; ``str(err)`` says what and how."""

    exit_code = 2

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(one_line(message))
        if exit_code is not None:
            self.exit_code = exit_code


class InvalidInput(SoloError):
    """Unreadable or malformed input (exit status 2)."""

    exit_code = 2


class InvalidDeck(SoloError):
    """A deck set that reads fine but breaks the rules (exit status 1)."""

    exit_code = 1


def describe_os_error(err: OSError, path, what: str) -> str:
    """One line for a file-system problem with ``path`` (``what`` names it for the person),
    with the fix."""
    import errno

    code = err.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return f"the disk is full writing {what} {path}: free some space and try again"
    if code == errno.EFBIG:
        return f"{what} {path} is over the file-size limit (ulimit -f): raise the limit and try again"
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        return (f"{what} {path} cannot be written (read-only or no permission): make it writable, "
                "or set SOLO_DATA_DIR to a folder that is")
    if code == errno.ENOENT:
        return f"the folder for {what} {path} does not exist: create it or choose another path"
    if code == errno.ENOTDIR:
        return f"part of the path of {what} {path} is a file, not a folder: choose another path"
    if code == errno.EISDIR:
        return f"{what} {path} is a folder, not a file: choose a file name"
    if code == errno.ENAMETOOLONG:
        return f"the path of {what} {path} is too long: choose a shorter one"
    return f"cannot use {what} {path}: {err.strerror or err}"
