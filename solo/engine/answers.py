"""What a person types, read: the damage an attack rolled (``5+2``), the markers it gave
(``Burn, Burn``), the conditions on an object (``Burn 2, Daze``).

Each reader raises :class:`ValueError` with the sentence to show; each ``check_`` function is a
question's validator (None when the text reads, else that sentence).
"""

from __future__ import annotations

import difflib

from solo.core.errors import read_int
from solo.rules.board import MARKERS, MAX_MARKERS

__all__ = ["parse_damage", "check_damage", "marker_name", "markers", "check_markers", "parse_conditions",
           "check_conditions", "format_conditions"]


def parse_damage(text: str) -> tuple[int, int]:
    """``"5+2"`` -> (5, 2); ``"4"`` -> (4, 0).

    >>> parse_damage("5+2"), parse_damage(" 4 "), parse_damage("0+3")
    ((5, 2), (4, 0), (0, 3))
    """
    parts = [x.strip() for x in text.strip().split("+")]
    if not 1 <= len(parts) <= 2 or not all(x.isdigit() for x in parts):
        raise ValueError("give normal+critical, for example 5+2, or one number")
    normal = read_int(parts[0], "damage")
    critical = read_int(parts[1], "damage") if len(parts) == 2 else 0
    return normal, critical


def check_damage(text: str) -> str | None:
    try:
        parse_damage(text)
    except ValueError as err:
        return str(err)
    return None


def marker_name(text: str) -> str:
    """The marker named by ``text`` (any case), or ValueError naming the nearest ones.

    >>> marker_name(" perfect strike "), marker_name("STUN")
    ('Perfect Strike', 'Stun')
    >>> marker_name("Foo")
    Traceback (most recent call last):
    ...
    ValueError: 'Foo' is not a marker solo knows (markers: Bleed, Burn, Corrode, Cripple, ...)
    >>> marker_name("Stunn")
    Traceback (most recent call last):
    ...
    ValueError: 'Stunn' is not a marker solo knows; did you mean Stun or Stuck?
    """
    key = " ".join(text.split()).lower()
    for name in MARKERS:
        if name.lower() == key:
            return name
    near = difflib.get_close_matches(key.title(), MARKERS, n=3, cutoff=0.6)
    if near:
        raise ValueError(f"{text.strip()!r} is not a marker solo knows; did you mean "
                         f"{' or '.join(near)}?")
    raise ValueError(f"{text.strip()!r} is not a marker solo knows "
                     f"(markers: {', '.join(MARKERS[:4])}, ...)")


def markers(text: str) -> list[str]:
    """``"burn; Burn"`` -> ["Burn", "Burn"]: the markers listed, by their names; at most
    :data:`~solo.rules.pieces.MAX_MARKERS` of a kind, as on a board file.

    >>> markers("burn; Burn"), markers("")
    (['Burn', 'Burn'], [])
    >>> markers("Burn, " * 100)
    Traceback (most recent call last):
    ...
    ValueError: 100 Burn markers: an object carries at most 99 of a kind
    """
    out = [marker_name(m) for m in text.replace(";", ",").split(",") if m.strip()]
    for name in set(out):
        _at_most(name, out.count(name))
    return out


def _at_most(name: str, count: int) -> None:
    if count > MAX_MARKERS:
        raise ValueError(f"{count:,} {name} markers: an object carries at most {MAX_MARKERS} of a kind")


def check_markers(text: str) -> str | None:
    try:
        markers(text)
    except ValueError as err:
        return str(err)
    return None


def parse_conditions(text: str) -> dict[str, int]:
    """``"Burn 2, Daze"`` -> {"Burn": 2, "Daze": 1}; only known markers, at most
    :data:`~solo.rules.pieces.MAX_MARKERS` of a kind.

    >>> parse_conditions("Burn 2, daze")
    {'Burn': 2, 'Daze': 1}
    >>> parse_conditions("Burn 10000000")
    Traceback (most recent call last):
    ...
    ValueError: 'Burn 10000000': an object carries at most 99 markers of a kind
    """
    out: dict[str, int] = {}
    for part in text.replace(";", ",").split(","):
        words = part.split()
        if not words:
            continue
        count = 1
        if words[-1].isdecimal():
            digits = words.pop().lstrip("0") or "0"
            if len(digits) > len(str(MAX_MARKERS)) or int(digits) > MAX_MARKERS:
                raise ValueError(f"{part.strip()[:40]!r}: an object carries at most {MAX_MARKERS} "
                                 "markers of a kind")
            count = int(digits)
        if not words:
            raise ValueError(f"{part.strip()!r} has no condition name")
        name = marker_name(" ".join(words))
        if count:
            out[name] = out.get(name, 0) + count
            _at_most(name, out[name])
    return out


def check_conditions(text: str) -> str | None:
    try:
        parse_conditions(text)
    except ValueError as err:
        return str(err)
    return None


def format_conditions(conditions: dict[str, int]) -> str:
    """The conditions as :func:`parse_conditions` reads them (``Burn 2, Daze 1``)."""
    return ", ".join(f"{k} {v}" for k, v in conditions.items())
