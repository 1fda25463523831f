"""Lines for people, from what the rules recorded: :func:`line` turns one :class:`Said` into its
sentence (a line that is already text passes as it is), :func:`lines` a list of them.

Every module of :mod:`solo.text` that words a part of the game has a table ``LINES``: a code
-> the function that builds that code's sentence from the Said's facts (or, for a code that
words into several lines, such as combat's by-hand notes, the list of them: :func:`lines` gives
each its own place).  The tables are read the first time a line is built, so a command that
builds none loads none of them.  Whoever reads a line's text (the engine writing a step's log,
the command line printing JSON) calls :func:`line` first; the rules never do.

Once this module is loaded, a Said where text is expected -- a die's label, an error's
message -- reads as its sentence too (``str(said)``, :func:`solo.rules.said.worded_by`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

from solo.rules import said
from solo.rules.said import Said

__all__ = ["line", "lines", "MODULES"]

#: The modules of solo.text that have a ``LINES`` table.
MODULES: tuple[str, ...] = ("solo.text.combat", "solo.text.spells", "solo.text.dice",
                          "solo.text.automaton", "solo.text.upkeep", "solo.text.mages",
                          "solo.text.yours", "solo.text.steps")

_TABLE: dict[str, Callable[[Said], str | list[str]]] = {}


def _table() -> dict[str, Callable[[Said], str | list[str]]]:
    if not _TABLE:
        for name in MODULES:
            module = importlib.import_module(name)
            for code, build in module.LINES.items():
                if code in _TABLE:
                    raise KeyError(f"line code {code!r} is worded twice ({name})")
                _TABLE[code] = build
    return _TABLE


def _words(x: object) -> str | list[str]:
    assert isinstance(x, Said), f"not a line: {x!r}"
    build = _table().get(x.code)
    if build is None:
        raise KeyError(f"no wording for the line code {x.code!r}")
    return build(x)


def line(x: str | Said) -> str:
    """The sentence of one line (a code that words into several: joined by line breaks)."""
    if type(x) is str:
        return x
    text = _words(x)
    return text if type(text) is str else "\n".join(text)


def lines(xs: Iterable[str | Said]) -> list[str]:
    """The sentences of several lines, in order."""
    out: list[str] = []
    for x in xs:
        if type(x) is str:
            out.append(x)
            continue
        text = _words(x)
        if type(text) is str:
            out.append(text)
        else:
            out.extend(text)
    return out


said.worded_by(line)
