"""The `solo` command line: a thin shell over the pure core.

Sub-commands live in their own modules and are imported only when run, so that
``solo roll 3`` does not pay for the catalog, the automaton or questionary.
"""

from __future__ import annotations

import importlib
import io
import sys
from typing import NoReturn

import click

from solo import __version__
from solo.core.errors import ExitCode, SoloError

#: command name -> (module:attribute, one-line help shown by ``solo --help``)
COMMANDS: dict[str, tuple[str, str]] = {
    "roll": ("solo.cli.commands.roll:roll", "Roll attack dice, the effect die or the compass."),
    "deck": ("solo.cli.commands.deck:deck", "List, show, validate, build and edit the Dummy Mage's deck sets."),
    "cards": ("solo.cli.commands.cards:cards", "Look up Arena cards: stats, traits and attacks."),
    "dm": ("solo.cli.commands.dm:dm", "Decide what the Dummy Mage does next on a board file."),
    "play": ("solo.cli.commands.play:play", "Play a whole game against the Dummy Mage, round by round."),
    "log": ("solo.cli.commands.play:log", "Print a saved game's log, or export it as Markdown."),
    "export": ("solo.cli.commands.transfer:export", "Write a saved game to a file, to import it elsewhere."),
    "import": ("solo.cli.commands.transfer:import_", "Add a game from a file written by solo export."),
    "simulate": ("solo.cli.commands.simulate:simulate", "Play many headless games to rate a deck set."),
    "tune": ("solo.cli.commands.ratings:tune", "Find the Dummy Mage life that gives it a chosen win rate."),
    "config": ("solo.cli.commands.config:config", "Show or change the settings solo play starts from."),
    "stats": ("solo.cli.commands.config:stats", "Your record: finished games and win rates."),
    "screen": ("solo.cli.commands.screen:screen", "Show the game on a phone or tablet beside the board, live and playable."),
    "rules": ("solo.cli.commands.rules:rules_cmd", "Explain a trait, a condition, a step of the solo rules or a ruling."),
}


#: Words a person may try for a command solo has under another name: what to type instead.
ASIDES: dict[str, str] = {
    "list": "solo play --list", "games": "solo play --list", "resume": "solo play --resume",
    "continue": "solo play --resume", "new": "solo play", "start": "solo play",
    "help": "solo --help", "card": "solo cards", "decks": "solo deck", "dice": "solo roll",
    "rating": "solo deck show NAME", "rate": "solo deck show NAME",
    "compare": "solo deck compare A B",
    "build": "solo deck new", "settings": "solo config", "history": "solo stats",
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use."""

    def resolve_command(self, ctx: click.Context, args: list[str]):
        """An unknown command is refused with what to type instead, when a person's likely
        meaning can be told (a word of :data:`ASIDES`, or a command's misspelling)."""
        name = args[0] if args else ""
        if name and name not in COMMANDS and not name.startswith("-") and not ctx.resilient_parsing:
            hint = ASIDES.get(name.lower())
            if hint is None:
                import difflib

                close = difflib.get_close_matches(name.lower(), list(COMMANDS), n=1, cutoff=0.6)
                hint = f"solo {close[0]}" if close else None
            if hint is not None:
                ctx.fail(f"No such command {name!r}; try '{hint}'.")
        return super().resolve_command(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, attr = target[0].split(":")
        command = getattr(importlib.import_module(module_name), attr)
        _collector_on()
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, help_) for name, (_, help_) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def make_context(self, info_name, args, parent=None, **extra):
        """The command line read (and the command's module imported); Ctrl-C meanwhile says
        what it says at any other moment, not click's "Aborted!"."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except KeyboardInterrupt:
            interrupted()

    def invoke(self, ctx: click.Context):
        try:
            try:
                return super().invoke(ctx)
            finally:  # the command is done (or stopped): a Ctrl-C from here to the exit has
                _quiet_from_now()  # nothing left to stop, and must not become click's "Aborted!"
        except SoloError as err:
            raise SoloClickError(str(err), err.exit_code) from None
        except KeyboardInterrupt:  # Ctrl-C (or SIGTERM/SIGHUP in a game): not click's "Aborted!"
            interrupted()
        except ValueError as err:
            # The last resort for a number too long to read that no reader refused itself.
            from solo.core.errors import too_many_digits

            if not too_many_digits(err):
                raise
            raise SoloClickError("a number given to solo is too big to read") from None
        except OSError as err:
            # The last resort for a file or folder no command reported itself: still one line.
            if err.filename is None or isinstance(err, BrokenPipeError):
                raise
            from solo.core.errors import describe_os_error, one_line

            raise SoloClickError(one_line(describe_os_error(err, err.filename, "", "use"))) from None


def _quiet_from_now() -> None:
    """Ctrl-C ignored for the rest of the process (its exit), in the main thread: click catches
    an interrupt that comes after the command's return, while it closes the command's context,
    and says "Aborted!" with status 1 (seen once at the end of a stopped game).  Python's
    exit handlers still run; a SIGTERM still ends the process as the system does.  Only when
    solo is the process (``solo`` or ``python -m solo``), not a call to :func:`main` in a
    process that goes on (the tests').  (``signal`` is imported here, after the command, as
    no start-up pays for it: docs/speed.md, "Start-up".)"""
    import signal
    import threading

    if _whole_process and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def interrupted() -> NoReturn:
    """Ctrl-C (or SIGTERM/SIGHUP in a game) once the command runs: one line, status 130."""
    click.echo("\nsolo: interrupted", err=True)
    sys.exit(ExitCode.INTERRUPTED)


def _collector_on() -> None:
    """Turn the garbage collector back on once the command's modules are imported, if
    :func:`solo.__main__.run` paused it for the start-up; what exists by then (modules, classes,
    functions) lives until the end, so it is frozen out of every later collection."""
    import gc

    if not gc.isenabled():
        gc.freeze()
        gc.enable()


class _Digits(click.ParamType):
    """A whole-number option that refuses more than MAX_DIGITS digits in solo's words (click's
    own "is not a valid integer" repeats all of them, or reads past Python's limit)."""

    def convert(self, value, param, ctx):
        if isinstance(value, str):
            from solo.core.errors import NumberTooBig, read_int

            try:
                read_int(value)
            except NumberTooBig as err:
                self.fail(str(err), param, ctx)
            except ValueError:
                pass  # click says what is wrong with it
        return super().convert(value, param, ctx)


class Whole(_Digits, click.types.IntParamType):
    """``type=int``, with the digits held to MAX_DIGITS: ``type=WHOLE``."""


class WholeRange(_Digits, click.IntRange):
    """``click.IntRange``, with the digits held to MAX_DIGITS."""


WHOLE = Whole()


class SoloClickError(click.ClickException):
    def __init__(self, message: str, exit_code: int = ExitCode.USAGE) -> None:
        super().__init__(message)
        # click reads the status from the instance; its stubs declare it on the class only.
        self.exit_code = exit_code  # type: ignore[misc]

    def show(self, file=None) -> None:
        from solo.cli import term

        line = f"solo: {self.format_message()}"
        if term.at_terminal(sys.stderr):  # one line for a program; folded for a person
            line = term.hang(line, indent=6)
        term.echo(line, err=True, fold=False)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="solo")
def cli() -> None:
    """Play Mage Wars Arena solo against the Dummy Mage, with the board in front of you."""


def tolerant_output() -> None:
    """Let standard output and error replace what the terminal cannot encode (a map's box
    characters, arrows, dashes under ``PYTHONIOENCODING=latin-1`` or an ASCII locale) with ``?``
    instead of failing with UnicodeEncodeError.  A stream already set to tolerate it is kept."""
    for stream in (sys.stdout, sys.stderr):
        if getattr(stream, "errors", None) == "strict":
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is None:  # pragma: no cover - not a TextIOWrapper
                continue
            try:
                reconfigure(errors="replace")
            except ValueError:  # pragma: no cover
                pass


class OutputLost(BaseException):
    """Standard output could not be written: a full disk, an I/O error, or a pipe whose reader
    is gone (``solo ... | head -1``).  Nothing more can be said there, so the command stops
    where it is, the way Ctrl-C stops it (a BaseException: no ``except Exception`` on the way
    takes it for a problem of its own, and a game keeps every step committed); :func:`main`
    says why in one line, or nothing for a pipe.  ``note``: what a command adds (where a game
    stands)."""

    def __init__(self, err: OSError) -> None:
        super().__init__(err.errno, err.strerror)
        self.errno = err.errno
        self.note = ""

    def line(self) -> str:
        """
        >>> import errno
        >>> OutputLost(OSError(errno.ENOSPC, "No space left on device")).line()
        'solo: output could not be written: no space left on device'
        """
        import os

        why = os.strerror(self.errno) if self.errno else str(self)
        return (f"solo: output could not be written: {why[:1].lower()}{why[1:]}"
                + (f" ({self.note})" if self.note else ""))


class _WatchedOutput(io.FileIO):
    """Standard output's file descriptor: the first write that fails raises
    :class:`OutputLost`; every write after it is dropped, so that nothing (the final flush of
    the interpreter's shutdown included) tries again and prints Python's own complaint."""

    lost = False

    def write(self, b) -> int:  # type: ignore[override]
        if self.lost:
            return len(memoryview(b))
        try:
            return super().write(b)  # type: ignore[return-value]
        except (BlockingIOError, InterruptedError):  # pragma: no cover - not a lost output
            raise
        except OSError as err:
            self.lost = True
            raise OutputLost(err) from None


def watch_output() -> None:
    """Put standard output on :class:`_WatchedOutput`, with the text encoding, errors,
    buffering and line ends it had; only the process's own (a test's captured stream, or none
    at all, is left as it is)."""
    out = sys.stdout
    if out is None or out is not sys.__stdout__ or not isinstance(out, io.TextIOWrapper):
        return
    try:
        fd = out.fileno()
        out.flush()
    except (OSError, ValueError):  # pragma: no cover - no descriptor, or already failing
        return
    raw = _WatchedOutput(fd, "w", closefd=False)
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=out.encoding,
                                  errors=out.errors, line_buffering=out.line_buffering,
                                  write_through=out.write_through)


#: Whether :func:`main` runs as the whole process (see :func:`_quiet_from_now`).
_whole_process = False


def main(argv: list[str] | None = None, whole_process: bool = False) -> None:
    global _whole_process
    _whole_process = whole_process
    watch_output()
    try:
        try:
            tolerant_output()
            cli.main(args=argv, prog_name="solo")
        finally:  # what is still buffered goes out now, while a failure can be said
            if sys.stdout is not None:
                sys.stdout.flush()
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        interrupted()
    except OutputLost as lost:
        import errno

        if lost.errno in (errno.EPIPE, errno.ECONNRESET):  # the reader has all it wanted
            sys.exit(ExitCode.BROKEN_PIPE)
        try:
            from solo.cli.term import echo

            echo(lost.line(), err=True, fold=False)
        except OSError:  # pragma: no cover - standard error is lost too
            pass
        sys.exit(ExitCode.OUTPUT)
