"""A cheap look at TOML text before ``tomllib`` parses it: size, keys, dotted-key depth.

``tomllib`` is quadratic in the parts of a dotted key (``a.a.a... = 1``: a 40 KB line took 13 s
and 1.6 GB) and slow on very large files; no deck set, answers file or config file comes near
the bounds here, so text past them is refused with one line before it is parsed.  The check
blanks out strings and comments with one regular-expression pass (linear: every repetition is
possessive, and a string left open runs to the end of its line or of the text), then counts
what is left.  It never refuses text that ``tomllib`` would read within the bounds; it may let
through text that ``tomllib`` then refuses as invalid, which it reports itself.

>>> problem('name = "x"\\n[creature]\\n"Timber Wolf" = 15\\n') is None
True
>>> problem("a" + ".a" * 20 + " = 1")
'line 1: a key of 21 dotted parts, more than the 8 solo reads'
>>> problem('x = "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r"  # s.t.u.v.w.x.y.z.a.b.c.d.e.f.g') is None
True
"""

from __future__ import annotations

import re

__all__ = ["MAX_TOML_BYTES", "MAX_TOML_KEYS", "MAX_KEY_PARTS", "problem"]

#: The most TOML text solo parses: a deck set is about 1 KB, a long game's answers some 20 KB.
MAX_TOML_BYTES = 1024 * 1024
#: The most keys (``key = value`` pairs and ``[table]`` headers): a deck set has about 40.
MAX_TOML_KEYS = 10_000
#: The most parts of one dotted key (``a.b.c`` has 3), and of one table header.
MAX_KEY_PARTS = 8

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


def problem(text: str) -> str | None:
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
