"""A cheap look at a file's text before a parser reads it: TOML's size, keys and dotted-key
depth, and how many lists and objects a JSON text holds.

``tomllib`` is quadratic in the parts of a dotted key (``a.a.a... = 1``: a 40 KB line took 13 s
and 1.6 GB) and slow on very large files; no deck set, answers file or config file comes near
the bounds here, so text past them is refused with one line before it is parsed.  The check
blanks out strings and comments with one regular-expression pass (linear: every repetition is
possessive, and a string left open runs to the end of its line or of the text), then counts
what is left.  It never refuses text that ``tomllib`` would read within the bounds; it may let
through text that ``tomllib`` then refuses as invalid, which it reports itself.

JSON parses fast, but 4 MB of ``[],[],...`` become 1.4 million Python lists (130 MB): a JSON
text may hold at most :data:`MAX_JSON_CONTAINERS` lists and objects.

>>> toml_problem('name = "x"\\n[creature]\\n"Timber Wolf" = 15\\n') is None
True
>>> toml_problem("a" + ".a" * 20 + " = 1")
'line 1: a key of 21 dotted parts, more than the 8 solo reads'
>>> toml_problem('x = "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r"  # s.t.u.v.w.x.y.z.a.b.c.d.e.f.g') is None
True
>>> json_problem("[" + "[]," * 100_000 + "[]]")
'100,002 lists and objects, more than the 100,000 solo reads'
"""

from __future__ import annotations

import re

__all__ = ["MAX_TOML_BYTES", "MAX_TOML_KEYS", "MAX_KEY_PARTS", "MAX_JSON_CONTAINERS", "toml_problem",
           "json_problem"]

#: The most TOML text solo parses: a deck set is about 1 KB, a long game's answers some 20 KB.
MAX_TOML_BYTES = 1024 * 1024
#: The most keys (``key = value`` pairs and ``[table]`` headers): a deck set has about 40.
MAX_TOML_KEYS = 10_000
#: The most parts of one dotted key (``a.b.c`` has 3), and of one table header.
MAX_KEY_PARTS = 8
#: The most lists and objects (``[`` and ``{``, in strings too) of a JSON text: a board holds
#: some hundreds, a long game's file (``solo export``) some thousands.
MAX_JSON_CONTAINERS = 100_000

#: Strings (the four kinds) and comments; each possessive, and one left open ends where its
#: line (or, for a multi-line one, the text) ends, so that no input makes the pass quadratic.
_BLANKS = re.compile(
    r'"""(?:[^"\\]++|\\[\s\S]|"(?!""))*+(?:"{3,5}|\Z)'
    r"|'''(?:[^']++|'(?!''))*+(?:'{3,5}|\Z)"
    r'|"(?:[^"\\\n]++|\\[^\n]?)*+(?:"|(?=\n)|\Z)'
    r"|'[^'\n]*+(?:'|(?=\n)|\Z)"
    r"|#[^\n]*+")
#: A key: what stands before an ``=`` since the last line break, brace, bracket, comma or ``=``.
_KEY = re.compile(r"(?<![^\n{}\[\],=])[^\n{}\[\],=]++=")
#: A table header (``[a.b]`` or ``[[a.b]]``) at the start of a line.
_HEADER = re.compile(r"^[ \t]*+\[\[?+([^\n\],=]*+)", re.MULTILINE)


def _blank(m: re.Match[str]) -> str:
    return "_" + "\n" * m.group().count("\n")  # keeps the line numbers


def toml_problem(text: str) -> str | None:
    """Why ``text`` is too big for solo to parse as TOML (one line, without the file's name),
    or None when it is within the bounds."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_TOML_BYTES:
        return f"{size:,} bytes of TOML, more than the {MAX_TOML_BYTES // 1024 // 1024} MB solo reads"
    bare = _BLANKS.sub(_blank, text)
    keys = bare.count("=")
    headers = _HEADER.findall(bare)
    if keys + len(headers) > MAX_TOML_KEYS:
        return f"{keys + len(headers):,} keys and tables, more than the {MAX_TOML_KEYS:,} solo reads"
    for pattern, what in ((_KEY, "a key"), (_HEADER, "a table header")):
        for m in pattern.finditer(bare):
            parts = m.group().count(".") + 1
            if parts > MAX_KEY_PARTS:
                line = bare.count("\n", 0, m.start()) + 1
                return (f"line {line}: {what} of {parts:,} dotted parts, more than the "
                        f"{MAX_KEY_PARTS} solo reads")
    return None


def json_problem(text: str) -> str | None:
    """Why ``text`` holds too many lists and objects for solo to parse as JSON (one line, without
    the file's name), or None.  Brackets inside strings count too: an upper bound."""
    n = text.count("[") + text.count("{")
    if n > MAX_JSON_CONTAINERS:
        return f"{n:,} lists and objects, more than the {MAX_JSON_CONTAINERS:,} solo reads"
    return None
