"""The terminal: how wide it is, whether to colour, and lines wrapped to fit it.

Everything a command prints for a person passes through :func:`fit` (or :func:`wrap`), so no
line is wider than the terminal and no word is split: a line breaks between words, and its
continuation keeps the line's indent (and a numbered instruction's hanging indent).  The
wrapping itself is :mod:`solo.text.wrap`'s; this module knows the terminal.
"""

from __future__ import annotations

import os
import sys

from solo.text import wrap as _wrap
from solo.text.wrap import visible, wrap

__all__ = ["MIN_WIDTH", "width", "color_enabled", "at_terminal", "wrap", "hang", "visible", "fit",
           "clip", "echo"]

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


def at_terminal(stream) -> bool:
    """Whether ``stream`` is a terminal (a person reading or typing), not a pipe or a file."""
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError):
        return False


def hang(line: str, room: int | None = None, indent: int = 2) -> str:
    """:func:`solo.text.wrap.hang` to ``room`` columns (default: the terminal's width)."""
    return _wrap.hang(line, room or width(), indent)


def fit(text: str, room: int | None = None) -> str:
    """Every line of ``text`` wrapped to ``room`` columns (default: the terminal's width)."""
    return _wrap.fit(text, room or width())


def clip(text: str, room: int | None = None) -> str:
    """Every line of a table cut to ``room`` columns (default: the terminal's width) with an
    ellipsis (a row cannot wrap and stay a row)."""
    return _wrap.clip(text, room or width())


def echo(text: str = "", *, table: bool = False, err: bool = False) -> None:
    """Print for a person: prose wrapped between words, a table clipped, to the terminal."""
    import click

    click.echo(clip(text) if table else fit(text), err=err)
