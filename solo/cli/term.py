"""The terminal: how wide it is, whether to colour, and lines wrapped to fit.

Everything a command prints for a person passes through :func:`fit` (or :func:`wrap`), so no
line is wider than the terminal and no word is split: a line breaks between words, and its
continuation keeps the line's indent (and a numbered instruction's hanging indent).
"""

from __future__ import annotations

import os
import re
import sys
import textwrap

#: The narrowest width solo lays out for; a narrower terminal still gets 40-column lines.
MIN_WIDTH = 40


def width() -> int:
    """Columns to lay out for: ``$COLUMNS``, else the terminal's width, else 80."""
    return max(MIN_WIDTH, _columns())


def _columns() -> int:
    """``shutil.get_terminal_size((80, 24)).columns``, without importing :mod:`shutil` (which
    brings the compression modules with it): ``$COLUMNS`` when it is a positive number, else
    the width of the terminal standard output is on, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


def color_enabled(flag: bool | None = None, stream=None) -> bool:
    """Colour only on a terminal that can show it: not with ``NO_COLOR`` set (any value), not on
    ``TERM=dumb``, not when the output is a file or a pipe, not with ``--no-color``."""
    if flag is False:
        return False
    if os.environ.get("NO_COLOR") is not None:
        return False
    if os.environ.get("TERM", "") == "dumb":
        return False
    return at_terminal(stream or sys.stdout)


def wrap(line: str, room: int, indent: str = "") -> list[str]:
    """One line of text as lines of at most ``room`` columns, broken between words only; the
    continuation lines keep the line's own leading spaces, plus three more after a numbered
    start (``1. ``).  A word longer than the room stays whole on its own line.

    >>> wrap("  1. Move the Dummy Mage's Timber Wolf to B2.", 24)
    ['  1. Move the Dummy', "     Mage's Timber Wolf", '     to B2.']
    """
    lead = indent + " " * (len(line) - len(line.lstrip()))
    body = line.strip()
    if not body:
        return [""]
    first = body.split(" ", 1)[0]
    hang = lead + (" " * (len(first) + 1) if first[:-1].isdigit() and first.endswith(".") else "")
    return textwrap.wrap(body, max(room, 10), initial_indent=lead, subsequent_indent=hang,
                         break_long_words=False, break_on_hyphens=False) or [lead]


def hang(line: str, room: int | None = None, indent: int = 2) -> str:
    """``line`` folded between words to ``room`` columns (default: the terminal's width), its
    later lines indented by ``indent`` spaces; a no-break space holds two words together
    ("57\xa0steps") and shows as a space.

    >>> print(hang("solo: no game called 'x'; games: a, b, c (see solo play --list)", 40, 6))
    solo: no game called 'x'; games: a, b, c
          (see solo play --list)
    """
    room = room or width()
    if len(line) > room:
        line = "\n".join(textwrap.wrap(line, room, subsequent_indent=" " * indent,
                                       break_long_words=False, break_on_hyphens=False))
    return line.replace("\xa0", " ")


def at_terminal(stream) -> bool:
    """Whether ``stream`` is a terminal (a person reading or typing), not a pipe or a file."""
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError):
        return False


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def visible(line: str) -> int:
    """How many columns ``line`` takes on screen (colour codes take none)."""
    return len(_ANSI.sub("", line))


def fit(text: str, room: int | None = None) -> str:
    """Every line of ``text`` wrapped to ``room`` columns (default: the terminal's width)."""
    room = room or width()
    out: list[str] = []
    for line in text.split("\n"):
        out += [line] if visible(line) <= room else wrap(_ANSI.sub("", line), room)
    return "\n".join(out)


def clip(text: str, room: int | None = None) -> str:
    """Every line of a table cut to ``room`` columns with an ellipsis (a row cannot wrap and
    stay a row)."""
    room = room or width()
    return "\n".join(line if visible(line) <= room else _ANSI.sub("", line)[:room - 1] + "…"
                     for line in text.split("\n"))


def echo(text: str = "", *, table: bool = False, err: bool = False) -> None:
    """Print for a person: prose wrapped between words, a table clipped, to the terminal."""
    import click

    click.echo(clip(text) if table else fit(text), err=err)
