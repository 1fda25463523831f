"""Lines for people, from what the rules recorded: :func:`line` turns one :class:`Said` into its
sentence (a line that is already text passes as it is), :func:`lines` a list of them.

Every module of :mod:`solo.text` that words a part of the game has a table ``LINES``: a code
-> the function that builds that code's sentence from the Said's facts (or, for a code that
words into several lines, such as combat's by-hand notes, the list of them: :func:`lines` gives
each its own place).  The tables are read only as far as a line's code is found, so a command
that builds none loads none of them, and one that words a creature's action loads only the
first few.  Whoever reads a line's text (the engine writing a step's log, the command line
printing JSON) calls :func:`line` first; the rules never do.

Once this module is loaded, a Said where text is expected -- a die's label, an error's
message -- reads as its sentence too (``str(said)``, :func:`solo.rules.said.worded_by`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

from solo.rules import said
from solo.rules.said import Said

__all__ = ["line", "lines", "MODULES"]

#: The modules of solo.text that have a ``LINES`` table, in the order they are looked in: those
#: a Dummy Mage's creature action words first (``solo dm creature`` then loads no other).
MODULES: tuple[str, ...] = ("solo.text.automaton", "solo.text.combat", "solo.text.steps",
                          "solo.text.upkeep", "solo.text.dice", "solo.text.mages",
                          "solo.text.yours", "solo.text.spells")

_TABLE: dict[str, Callable[[Said], str | list[str]]] = {}
_loaded = 0  # how many of MODULES are in _TABLE


def _load_next() -> bool:
    """Add the next module's table; False when every one is in."""
    global _loaded
    if _loaded == len(MODULES):
        return False
    name = MODULES[_loaded]
    module = importlib.import_module(name)
    for code, build in module.LINES.items():
        if code in _TABLE:
            raise KeyError(f"line code {code!r} is worded twice ({name})")
        _TABLE[code] = build
    _loaded += 1
    return True


def _table() -> dict[str, Callable[[Said], str | list[str]]]:
    """Every code's wording (every table loaded)."""
    while _load_next():
        pass
    return _TABLE


def _words(x: object) -> str | list[str]:
    assert isinstance(x, Said), f"not a line: {x!r}"
    build = _TABLE.get(x.code)
    while build is None and _load_next():  # the tables are loaded as far as the code is found
        build = _TABLE.get(x.code)
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
