"""Lines of text laid out in a given number of columns: wrapped between words (a continuation
keeps the line's indent, and a numbered instruction's hanging indent), or clipped.

How wide the terminal is, and whether to colour, is :mod:`solo.cli.term`'s.
"""

from __future__ import annotations

import re
import textwrap

__all__ = ["wrap", "hang", "visible", "fit", "clip"]


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


def hang(line: str, room: int, indent: int = 2) -> str:
    """``line`` folded between words to ``room`` columns, its later lines indented by
    ``indent`` spaces; a no-break space holds two words together ("57\xa0steps") and shows as a
    space.

    >>> print(hang("solo: no game called 'x'; games: a, b, c (see solo play --list)", 40, 6))
    solo: no game called 'x'; games: a, b, c
          (see solo play --list)
    """
    if len(line) > room:
        line = "\n".join(textwrap.wrap(line, room, subsequent_indent=" " * indent,
                                       break_long_words=False, break_on_hyphens=False))
    return line.replace("\xa0", " ")


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def visible(line: str) -> int:
    """How many columns ``line`` takes on screen (colour codes take none)."""
    return len(_ANSI.sub("", line))


def fit(text: str, room: int) -> str:
    """Every line of ``text`` wrapped to ``room`` columns."""
    out: list[str] = []
    for line in text.split("\n"):
        out += [line] if visible(line) <= room else wrap(_ANSI.sub("", line), room)
    return "\n".join(out)


def clip(text: str, room: int) -> str:
    """Every line of a table cut to ``room`` columns with an ellipsis (a row cannot wrap and
    stay a row)."""
    return "\n".join(line if visible(line) <= room else _ANSI.sub("", line)[:room - 1] + "…"
                     for line in text.split("\n"))
