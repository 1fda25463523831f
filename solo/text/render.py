"""Lines for people, from what the rules recorded: :func:`line` turns one :class:`Said` into its
sentence (a line that is already text passes as it is), :func:`lines` a list of them.

Every module of :mod:`solo.text` that words a part of the game has a table ``LINES``: a code
-> the function that builds that code's sentence from the Said's facts.  The tables are read
the first time a line is built, so a command that builds none loads none of them.  Whoever
reads a line's text (the engine writing a step's log, the command line printing JSON) calls
:func:`line` first; the rules never do.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

from solo.rules.said import Said

__all__ = ["line", "lines", "MODULES"]

#: The modules of solo.text that have a ``LINES`` table.
MODULES: tuple[str, ...] = ("solo.text.upkeep", "solo.text.mages", "solo.text.dice",
                            "solo.text.yours")

_TABLE: dict[str, Callable[[Said], str]] = {}


def _table() -> dict[str, Callable[[Said], str]]:
    if not _TABLE:
        for name in MODULES:
            module = importlib.import_module(name)
            for code, build in module.LINES.items():
                if code in _TABLE:
                    raise KeyError(f"line code {code!r} is worded twice ({name})")
                _TABLE[code] = build
    return _TABLE


def line(x: str | Said) -> str:
    """The sentence of one line."""
    if type(x) is str:
        return x
    assert isinstance(x, Said), f"not a line: {x!r}"
    build = _table().get(x.code)
    if build is None:
        raise KeyError(f"no wording for the line code {x.code!r}")
    return build(x)


def lines(xs: Iterable[str | Said]) -> list[str]:
    """The sentences of several lines, in order."""
    return [line(x) for x in xs]
