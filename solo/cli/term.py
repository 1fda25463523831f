"""The terminal: how wide it is, whether to colour, and lines wrapped to fit it.

Everything a command prints passes through :func:`echo`, the one place solo writes text to
the terminal (``tests/cli/test_hostile_text.py`` holds the commands to it): every control
character in it is shown as an escape (:func:`solo.core.errors.printable`), so that a name or
a line from a file, the game database or a setting cannot act on the terminal; prose passes
through :func:`fit` (or :func:`wrap`), so no line is wider than the terminal and no word is
split: a line breaks between words, and its continuation keeps the line's indent (and a
numbered instruction's hanging indent).  The wrapping itself is :mod:`solo.text.wrap`'s; this
module knows the terminal.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from solo.core.errors import printable

if TYPE_CHECKING:
    from typing import Callable

__all__ = ["MIN_WIDTH", "MIN_HEIGHT", "width", "height", "color_enabled", "at_terminal", "wrap", "hang", "visible", "fit",
           "clip", "echo", "paint", "progress"]

#: The narrowest width solo lays out for; a narrower terminal still gets 40-column lines.
MIN_WIDTH = 40
#: The fewest rows `solo play` lays its screen out for (a shorter terminal is taken as this).
MIN_HEIGHT = 12


def width() -> int:
    """Columns to lay out for: ``$COLUMNS``, else the terminal's width, else 80."""
    return max(MIN_WIDTH, _columns())


def height() -> int:
    """Rows to lay out for: ``$LINES``, else the terminal's height, else 24."""
    return max(MIN_HEIGHT, _size("LINES", 1, 24))


def _columns() -> int:
    return _size("COLUMNS", 0, 80)


def _size(variable: str, index: int, default: int) -> int:
    """What ``shutil.get_terminal_size((80, 24))`` gives (``index`` 0 its columns, 1 its
    lines), without importing :mod:`shutil` (which brings the compression modules with it):
    ``$COLUMNS`` (``$LINES``) when it is a positive number, else the size of the terminal
    standard output is on, else ``default``."""
    try:
        size = int(os.environ[variable])
    except (KeyError, ValueError):
        size = 0
    if size <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())[index]  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            size = 0
    return size if size > 0 else default


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


# The layout is solo.text.wrap's, imported when first needed: a command that prints one line
# as it is (`solo roll`) does not load textwrap.

def wrap(line: str, room: int, indent: str = "") -> list[str]:
    """:func:`solo.text.wrap.wrap`."""
    from solo.text import wrap as _wrap

    return _wrap.wrap(line, room, indent)


def visible(line: str) -> int:
    """:func:`solo.text.wrap.visible`: the columns ``line`` takes on screen."""
    from solo.text import wrap as _wrap

    return _wrap.visible(line)


def hang(line: str, room: int | None = None, indent: int = 2) -> str:
    """:func:`solo.text.wrap.hang` to ``room`` columns (default: the terminal's width)."""
    from solo.text import wrap as _wrap

    return _wrap.hang(line, room or width(), indent)


def fit(text: str, room: int | None = None) -> str:
    """Every line of ``text`` wrapped to ``room`` columns (default: the terminal's width)."""
    from solo.text import wrap as _wrap

    return _wrap.fit(text, room or width())


def clip(text: str, room: int | None = None) -> str:
    """Every line of a table cut to ``room`` columns (default: the terminal's width) with an
    ellipsis (a row cannot wrap and stay a row)."""
    from solo.text import wrap as _wrap

    return _wrap.clip(text, room or width())


def echo(text: object = "", *, table: bool = False, fold: bool = True, err: bool = False,
         nl: bool = True) -> None:
    """Print for a person, the one way solo writes to the terminal: every control character of
    ``text`` shown as an escape (:func:`~solo.core.errors.printable`; line breaks kept, and
    solo's own colour codes in text that :func:`paint` coloured), then prose wrapped between
    words, a table (``table``) clipped, or the lines as they are (``fold=False``: JSON, a log
    piped to a file)."""
    import click

    shown = printable(text, lines=True, colours=isinstance(text, Painted))
    click.echo(clip(shown) if table else fit(shown) if fold else shown, err=err, nl=nl)


class Painted(str):
    """Text :func:`paint` coloured: every escape sequence in it is one of solo's colour codes."""


def paint(draw: Callable[[bool], str], colour: bool) -> str:
    """What ``draw(colour)`` draws (a map, a step), coloured only when ``colour`` is on and
    ``draw(False)`` holds no control character: then every escape sequence in ``draw(True)`` is
    one solo wrote, never one that a name on the board brought, and :func:`echo` keeps them
    (:class:`Painted`).  Otherwise ``draw(False)``, whose control characters :func:`echo` shows
    as escapes."""
    plain = draw(False)
    if not colour or printable(plain, lines=True) != plain:
        return plain
    return Painted(draw(True))


#: How wide the last progress line was (what the next one must cover).
_shown = [0]


def progress(text: str | None) -> None:
    """Show ``text`` on standard error in place of the last progress line (the line is cleared
    when ``text`` is None): solo's own carriage returns around text shown as :func:`echo` does.

    The line is cut to one less than the terminal's width (:func:`width`), with an ellipsis:
    a carriage return goes back to the start of the row it is on, so a line that wrapped
    would leave a row behind at every update."""
    import click

    room = max(10, width() - 1)
    if text is None:
        line = " " * min(room, max(_shown[0], 1)) + "\r"
        _shown[0] = 0
    else:
        shown = printable(text)
        if len(shown) > room:
            shown = shown[:room - 1] + "…"
        line = shown.ljust(min(room, _shown[0]))
        _shown[0] = len(shown)
    click.echo("\r" + line, nl=False, err=True)
