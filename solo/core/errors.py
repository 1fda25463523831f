"""Errors meant for people: one clear line and an exit status, never a traceback.

The pure core raises these; the CLI turns them into ``solo: <message>`` and the exit status
(:class:`ExitCode`).  Errors the rules raise for people have their classes here, so that their
words are built outside the rules.
"""

from __future__ import annotations

import os
import re
from enum import IntEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path


class ExitCode(IntEnum):
    """The exit statuses of the command line."""

    DONE = 0
    INVALID = 1  # the input is well formed but invalid (an invalid deck set)
    USAGE = 2  # usage errors, unreadable or malformed input (a missing file, bad TOML or JSON)
    SOFTWARE = 70  # EX_SOFTWARE: a fault of solo's own (a simulated game that stopped)
    OUTPUT = 74  # EX_IOERR: standard output could not be written (a full disk, an I/O error)
    INTERRUPTED = 130  # Ctrl-C, or SIGTERM/SIGHUP during a game
    BROKEN_PIPE = 141  # 128 + SIGPIPE: what reads standard output stopped reading (| head)


#: What a terminal may act on rather than show: the C0 controls, DEL and the C1 controls (the
#: one-byte CSI ``\x9b`` and NEL among them), the line and paragraph separators, and the marks
#: that embed, override or isolate the direction of text (which can show one text as another).
#: ``{nl}`` is the line break, left out of the class when line breaks are kept.
_CONTROL = "[\x00-\x09{nl}\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
#: The colour codes solo itself writes (``solo.text.board_map`` and the step titles of
#: ``solo play``): reset, bold, dim, red, green, yellow.  Nothing else of an escape sequence
#: passes, whatever the text.
OWN_COLOURS = ("\x1b[0m", "\x1b[1m", "\x1b[2m", "\x1b[31m", "\x1b[32m", "\x1b[33m")
_NAMED = {"\n": "\\n", "\r": "\\r"}
#: The patterns, made on first use: (lines, colours) -> pattern.
_PATTERNS: dict[tuple[bool, bool], re.Pattern[str]] = {}


def _pattern(lines: bool, colours: bool) -> re.Pattern[str]:
    found = _PATTERNS.get((lines, colours))
    if found is None:
        found = re.compile(("|".join(re.escape(c) for c in OWN_COLOURS) + "|" if colours else "")
                           + _CONTROL.format(nl="" if lines else "\n"))
        _PATTERNS[lines, colours] = found
    return found


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    if len(ch) > 1:  # one of solo's own colour codes
        return ch
    code = ord(ch)
    return _NAMED.get(ch) or (f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}")


def printable(text: object, lines: bool = False, colours: bool = False) -> str:
    """``text`` as it may reach a terminal: every control character in it (a line break,
    an escape sequence's ESC, a C1 control such as ``\\x9b``, DEL, a line separator, a
    direction override) written as a visible escape, so that nothing a file, the game database
    or a setting holds can move the cursor, clear the screen, retitle the window or pass for
    other text.  The one function every line solo prints goes through
    (:func:`solo.cli.term.echo`, and the prompters), and every error message (:func:`one_line`).

    ``lines`` leaves line breaks as they are (text of several lines); ``colours`` leaves solo's
    own colour codes (:data:`OWN_COLOURS`) as they are, for text solo coloured after it made
    sure that the rest held no control character (see :func:`solo.cli.term.paint`).

    >>> printable("Evil\\x1b]0;title\\x07 \\x9b2J")
    'Evil\\\\x1b]0;title\\\\x07 \\\\x9b2J'
    >>> printable("two\\nlines\\ttab", lines=True)
    'two\\nlines\\\\x09tab'
    >>> printable("\\x1b[31mred\\x1b[0m \\x1b[8mhidden", colours=True)
    '\\x1b[31mred\\x1b[0m \\\\x1b[8mhidden'
    """
    text = str(text)
    pattern = _pattern(lines, colours)
    if pattern.search(text) is None:
        return text
    return pattern.sub(_escape, text)


def one_line(text: object) -> str:
    """The text with every control character (line breaks, escape sequences, NEL, line and
    paragraph separators) written as an escape, so a message is one plain line whatever a file
    put into it: :func:`printable` with nothing kept.

    >>> one_line("bad\\nname\\x1b[31m")
    'bad\\\\nname\\\\x1b[31m'
    """
    return printable(text)


#: The most a file named as input may hold.  Boards, deck sets, answers files and saved games
#: are a few kilobytes; anything this large is the wrong file (or /dev/zero), and reading it
#: whole would only eat memory.
MAX_INPUT_BYTES = 4 * 1024 * 1024


def _size_text(n: int) -> str:
    """
    >>> _size_text(4 * 1024 * 1024), _size_text(1536)
    ('4 MB', '1.5 KB')
    """
    for unit, size in (("MB", 1024 * 1024), ("KB", 1024)):
        if n >= size:
            return f"{n / size:.1f}".removesuffix(".0") + f" {unit}"
    return f"{n} bytes"


def read_text(path: str | os.PathLike[str], what: str, missing_hint: str = "check the path",
              error: type[SoloError] | None = None, regular: bool = False) -> str:
    """The text of a UTF-8 file, or one clear line saying why it cannot be read.

    ``what`` names the file for the person ("deck file", "board file"...); ``error`` is the
    :class:`SoloError` subclass to raise (InvalidInput by default).  At most
    :data:`MAX_INPUT_BYTES` are read, so a huge file, ``/dev/zero`` or an endless pipe is
    refused at once.  Line ends are read as ``\\n`` whatever the file uses.

    With ``regular``, only a regular file is read: the path is opened without waiting (a named
    pipe with no writer, a terminal) and refused unless it is a file of at most
    :data:`MAX_INPUT_BYTES`, before anything is read -- for files nobody named (old saves).
    """
    import os

    error = error or InvalidInput
    p = os.fspath(path)
    try:
        data: bytes | None
        if regular:
            data = _read_regular(p, what, error)
        else:
            with open(p, "rb") as f:
                data = f.read(MAX_INPUT_BYTES + 1)
    except FileNotFoundError:
        raise error(f"{what} {p} not found; {missing_hint}") from None
    except IsADirectoryError:
        raise error(f"{what} {p} is a folder, not a file") from None
    except OSError as err:
        raise error(describe_os_error(err, p, what, "read")) from None
    if data is None or len(data) > MAX_INPUT_BYTES:
        raise error(f"{what} {p} is larger than {_size_text(MAX_INPUT_BYTES)}; is it the right file?")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{what} {p} is not UTF-8 text; save it as UTF-8") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _read_regular(p: str, what: str, error: type[SoloError]) -> bytes | None:
    """The bytes of the regular file ``p`` (see :func:`read_text`); None, unread, when it holds
    more than :data:`MAX_INPUT_BYTES`."""
    import os
    import stat

    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    with open(os.open(p, flags), "rb") as f:
        st = os.fstat(f.fileno())
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(st.st_mode):
            raise error(f"{what} {p} is {kind_of_file(st.st_mode)}, not a file")
        return f.read(MAX_INPUT_BYTES + 1) if st.st_size <= MAX_INPUT_BYTES else None


def kind_of_file(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words ("a named pipe"...).

    >>> import stat
    >>> kind_of_file(stat.S_IFIFO), kind_of_file(stat.S_IFLNK), kind_of_file(stat.S_IFREG)
    ('a named pipe', 'a symbolic link', 'a file')
    """
    import stat

    for test, words in ((stat.S_ISREG, "a file"), (stat.S_ISDIR, "a folder"),
                        (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a named pipe"),
                        (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
                        (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return words
    return "not a regular file"


def _file_in_the_way(path: str | os.PathLike[str]) -> str | None:
    """The first folder on the way to ``path`` (or ``path``) that is really a file, if any."""
    import os
    from pathlib import Path

    p = Path(path)
    for parent in [*reversed(p.parents), p]:
        if os.path.lexists(parent) and not parent.is_dir():
            return str(parent)
    return None


def _nearest_folder(path: Path) -> str:
    """``path`` if it is a folder, else the nearest folder above it that exists."""
    import os

    q = path if os.path.isdir(path) else path.parent
    while not os.path.lexists(q) and q.parent != q:
        q = q.parent
    return str(q)


def describe_os_error(err: OSError, path: str | os.PathLike[str], what: str = "file",
                      action: str = "write") -> str:
    """One line for a person on why ``path`` could not be read or written, and what to do.

    ``what`` names the file ("board file", "deck file", "saved game"..., or "" for none);
    ``action`` is ``"read"``, ``"write"`` or another verb (anything but "read" counts as writing).  The path is the one the person gave, never a temporary file's.

    >>> import errno
    >>> print(describe_os_error(OSError(errno.ENOSPC, "No space left"), "out.json", "board file"))
    cannot write board file out.json: the disk is full; free some space or write somewhere else
    >>> print(describe_os_error(OSError(errno.EACCES, "Permission denied"), "b.json", "board file", "read"))
    cannot read board file b.json: permission denied; check the file's permissions
    """
    import errno
    import os
    from pathlib import Path

    p = Path(path)
    folder = _nearest_folder(p)
    writing = action != "read"
    code = err.errno
    if code in (errno.EACCES, errno.EPERM):
        fix = (f"choose a folder you may write to, or check the permissions of {folder}"
               if writing else "check the file's permissions")
        why = f"permission denied; {fix}"
    elif code == errno.EROFS:
        why = f"{folder} is on a read-only disk; write somewhere else"
    elif code == errno.ENOSPC:
        why = "the disk is full; free some space or write somewhere else"
    elif code == getattr(errno, "EDQUOT", None):
        why = "your disk quota is used up; free some space or write somewhere else"
    elif code == errno.EFBIG:
        why = "the file would pass the file-size limit (see ulimit -f); raise the limit or write less"
    elif code == errno.ENOENT and writing and os.path.isdir(p.parent):
        why = f"{p.parent} does not take new files; choose another folder"
    elif code == errno.ENOENT:
        why = (f"the folder {p.parent} does not exist; create it first or choose another path"
               if writing else "it does not exist; check the path")
    elif code == errno.ENOTDIR or (code == errno.EEXIST and writing and _file_in_the_way(p)):
        # EEXIST: making a folder where a file is
        culprit = _file_in_the_way(p)
        why = (f"{culprit} is a file, not a folder; choose another path" if culprit
               else "part of the path is a file, not a folder; choose another path")
    elif code == errno.EISDIR:
        why = "it is a folder; give the path of a file"
    elif code == errno.ENAMETOOLONG:
        why = "the name is too long; choose a shorter path"
    elif code == errno.ELOOP:
        why = "too many symbolic links; check the path"
    elif code == errno.EIO:
        why = "the disk reported an input/output error; check the disk or use another one"
    else:
        why = err.strerror or (os.strerror(code) if code else str(err))
    return f"cannot {action} {what + ' ' if what else ''}{p}: {why}"


def what_is(path: str | os.PathLike[str]) -> str:
    """What stands at ``path`` where a file should: "a folder, not a file", "a named pipe, not a
    file", "a device (/dev/null), not a file" (a link names what it leads to)...

    >>> what_is("/")
    'a folder, not a file'
    """
    import stat

    try:
        mode = os.stat(path).st_mode
    except OSError:  # a link to nowhere
        return f"a link to {os.readlink(path)}, where no file can be made"
    kinds = ((stat.S_ISREG, "a file"), (stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
             (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
    what = next((w for test, w in kinds if test(mode)), "not a regular file")
    if os.path.islink(path):
        what += f" ({os.path.realpath(path)})"
    return what if what.startswith(("a file", "not")) else f"{what}, not a file"


def check_writable(path: str | os.PathLike[str], what: str = "file", folder: bool = False) -> None:
    """Refuse, with the line :func:`describe_os_error` would give, a file that could not be
    written because of where it goes: a file stands where a folder should be, or the nearest
    existing folder is read-only or not ours.  With ``folder``, ``path`` is a folder to save
    files into.

    Creates nothing (a missing folder passes when it could be made) and writes nothing: used
    before questions are asked, so that answers are never lost to a place that cannot take them.
    """
    import errno
    import os
    from pathlib import Path

    p = Path(path)
    nearest = p if folder else p.parent
    while not os.path.lexists(nearest) and nearest.parent != nearest:
        nearest = nearest.parent
    if not os.path.isdir(nearest):
        code = errno.ENOTDIR
    elif not os.access(nearest, os.W_OK | os.X_OK):
        read_only = False
        try:
            read_only = bool(os.statvfs(nearest).f_flag & os.ST_RDONLY)
        except (AttributeError, OSError):  # pragma: no cover - no statvfs (Windows)
            pass
        code = errno.EROFS if read_only else errno.EACCES
    else:
        return
    raise InvalidInput(describe_os_error(OSError(code, os.strerror(code)), p, what,
                                         "write to" if folder else "write"))


class SoloError(Exception):
    """A problem a person can fix; ``str(err)`` says what and how."""

    exit_code: int = ExitCode.USAGE

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(one_line(message))
        if exit_code is not None:
            self.exit_code = exit_code


class InvalidInput(SoloError):
    """Unreadable or malformed input (exit status 2)."""

    exit_code = ExitCode.USAGE


class InvalidDeck(SoloError):
    """A deck set that reads fine but breaks the rules (exit status 1)."""

    exit_code = ExitCode.INVALID


#: The most digits a whole number read from a person or a file may have (:func:`read_int`).
#: No count of the game comes near it, nor any seed worth typing; and it keeps far below
#: Python's own limit (4300 digits by default), past which ``int()`` fails with words about
#: one of its settings.
MAX_DIGITS = 100


class NumberTooBig(InvalidInput, ValueError):
    """A whole number of more than :data:`MAX_DIGITS` digits, read from a person or a file.

    Also a ValueError, so that a reader that turns a ValueError of ``int()`` into its own
    refusal (an answer that is not a number, a bad ``--rolls``) refuses this one too."""

    def __init__(self, digits: int, what: str = "") -> None:
        where = f"{what}: " if what else ""
        super().__init__(f"{where}a number of {digits} digits is too big (at most {MAX_DIGITS})")


def read_int(text: str, what: str = "") -> int:
    """``int(text)``, refusing with :class:`NumberTooBig` a number of more than
    :data:`MAX_DIGITS` digits (``what`` names where it was read, for the message).

    >>> read_int(" 42 "), read_int("-7")
    (42, -7)
    >>> read_int("9" * 5000, "--rolls")
    Traceback (most recent call last):
    ...
    solo.core.errors.NumberTooBig: --rolls: a number of 5000 digits is too big (at most 100)
    """
    if len(text) > MAX_DIGITS:
        digits = sum(ch.isdigit() for ch in text)
        if digits > MAX_DIGITS:
            raise NumberTooBig(digits, what)
    return int(text)


def too_many_digits(err: BaseException) -> bool:
    """Whether ``err`` is Python's refusal to turn a number of too many digits into text or
    back (in a JSON or TOML reader, or an ``int()`` no check came before).

    >>> too_many_digits(ValueError("Exceeds the limit (4300 digits) for integer string conversion"))
    True
    """
    return isinstance(err, ValueError) and "integer string conversion" in str(err)


def unreadable(err: ValueError | RecursionError) -> str:
    """Why a file's text, past its syntax, could not be read as JSON or TOML: a number of too
    many digits, nesting too deep, or the error's own words.

    >>> unreadable(RecursionError()), unreadable(ValueError("bad"))
    ('it is nested too deeply', 'bad')
    """
    if isinstance(err, RecursionError):
        return "it is nested too deeply"
    if too_many_digits(err):
        import sys

        return f"a number in it is too big (more than {sys.get_int_max_str_digits()} digits)"
    return str(err)


def format_problem(fmt: object, expected: str, what: str) -> str | None:
    """Why a file's ``format`` field is not ``expected`` (``"family/N"``), or None when it is.

    >>> format_problem("solo-game/2", "solo-game/1", "a solo game file")
    'it was written by another version of solo (solo-game/2); this version reads solo-game/1 only'
    >>> format_problem(None, "solo-game/1", "a solo game file")
    "it is not a solo game file (no format 'solo-game/1')"
    """
    if fmt == expected:
        return None
    family = expected.split("/")[0] + "/"
    if isinstance(fmt, str) and fmt.startswith(family):
        return f"it was written by another version of solo ({fmt}); this version reads {expected} only"
    return f"it is not {what} (no format {expected!r})"


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP: stop like Ctrl-C."""


class StopOnSignals:
    """While a game is played or games are simulated, SIGTERM and SIGHUP stop the command like
    Ctrl-C (what is committed stays, the rest is undone or stopped, one line is said); the
    system's handling comes back afterwards (a signal at exit then ends the process quietly).
    Only in the main thread, the one signals reach."""

    NAMES = ("SIGTERM", "SIGHUP")

    def __enter__(self) -> None:
        import signal
        import threading

        def stop(signum: int, frame: object) -> None:  # pragma: no cover - exercised by tests/engine/test_crash.py
            raise Stopped()

        self.saved = {}
        if threading.current_thread() is threading.main_thread():
            self.saved = {n: signal.signal(getattr(signal, n), stop) for n in self.NAMES
                          if hasattr(signal, n)}

    def __exit__(self, *exc: object) -> None:
        import signal

        for n, handler in self.saved.items():
            signal.signal(getattr(signal, n), handler)


class StaleMemory(AssertionError):
    """A value a board remembered differs from the one worked out again while no change was
    counted in between (a change that escaped the count; see solo.rules.pieces.MEMORY.check)."""

    def __init__(self, kind: str, old: object, new: object, by_state: bool = False) -> None:
        if by_state:
            text = f"{kind} remembered for a state went stale: {old!r} then {new!r}"
        else:
            text = (f"remembered {kind} went stale: {old!r} then {new!r} "
                    "with no change counted in between")
        super().__init__(text)


class NoSuchPiece(InvalidInput):
    """No object on the board has the id asked for."""

    def __init__(self, ident: str) -> None:
        super().__init__(f"no object with id {ident!r} on the board")


class NotInDeck(InvalidInput):
    """The card a person says they drew is not in that deck of the Dummy Mage."""

    def __init__(self, card: object, deck: str) -> None:
        super().__init__(f"{card!r} is not in the Dummy Mage's {deck} deck")


class MageNotRemovable(InvalidInput):
    """A mage was asked to leave the board."""

    def __init__(self) -> None:
        super().__init__("a mage cannot be removed from the board")


class NotAMage(InvalidInput):
    """A card that is not a mage was named as a side's mage."""

    def __init__(self, name: str, kind: str, side: str) -> None:
        who = "the Dummy Mage" if side == "dm" else "your mage"
        super().__init__(f"{name} is a {kind}, not a mage, for {who}")


class NotASide(ValueError):
    """A side that is neither the Dummy Mage's nor yours."""

    def __init__(self, side: object) -> None:
        super().__init__(f"side must be 'dm' or 'ym', not {side!r}")


# -- dice (solo.rules.dice) -------------------------------------------------------------------

class DiceExhausted(SoloError):
    """A scripted source ran out of results and has nothing to fall back on."""

    exit_code = ExitCode.USAGE

    def __init__(self, sides: int, label: str | None = None) -> None:
        what = "--rolls" if sides == 12 else f"scripted d{sides} results"
        super().__init__(f"ran out of {what} at the roll for {label or f'a d{sides}'}; "
                         "give more results or add --seed")


class BadDieResult(SoloError):
    """A die result a die cannot show; ``label``: the roll it was for, when said."""

    def __init__(self, sides: int, value: int, label: str | None = None) -> None:
        said = f" ({label})" if label is not None else ""
        super().__init__(f"a d{sides} cannot show {value}{said}; give 1 to {sides}")


class WrongCount(SoloError):
    """A person typed more or fewer dice results than were rolled."""

    def __init__(self, count: int, label: str | None, got: int) -> None:
        super().__init__(f"expected {count} results for {label or 'the dice'}, got {got}")


class NotAFace(SoloError):
    """Text that is not a face of the attack die."""

    def __init__(self, face: str) -> None:
        super().__init__(f"{face!r} is not an attack-die face; use -, 1, 2, 1* or 2*")


class NotARoll(SoloError):
    """A ``--rolls`` entry that is not an effect-die result."""

    def __init__(self, part: str) -> None:
        super().__init__(f"--rolls: {part!r} is not a d12 result; give numbers 1-12 separated by "
                         "commas")


class NotACompassRoll(ValueError):
    """An effect-die result outside 1-12 read as a compass direction."""

    def __init__(self, d12: int) -> None:
        super().__init__(f"compass roll must be 1-12, not {d12}")


class NothingToChoose(ValueError):
    """A random pick among no options."""

    def __init__(self) -> None:
        super().__init__("nothing to choose from")


# -- the arena (solo.rules.arena) ---------------------------------------------------------------

class NotAZone(InvalidInput):
    """Text that is not a zone name."""

    def __init__(self, zone: object) -> None:
        super().__init__(f"{zone!r} is not a zone name (use a column letter and a row number, "
                         "like B2)")


class OutsideArena(InvalidInput):
    """A zone name past the arena's last column or row."""

    def __init__(self, zone: str, columns: int, rows: int, last: str) -> None:
        super().__init__(f"zone {zone} is outside the {columns}x{rows} arena (A1 to {last})")


class NotAdjacent(ValueError):
    """A direction asked between zones that are not next to each other."""

    def __init__(self, a: str, b: str) -> None:
        super().__init__(f"{b} is not adjacent to {a}")
