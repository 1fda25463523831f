"""A card's traits as text: a trait's name and number ("Melee +1"), the numbers of one trait
summed or at their highest, and every name a list of traits answers to.  Kept apart from the
catalog (which re-exports them) as the words of a card's traits, read thousands of times a
game."""

from __future__ import annotations

from typing import Final

import functools
import re
from collections.abc import Iterable

from solo.core.errors import read_int

_TRAIT_NUM: Final = re.compile(r"^(?P<name>.*?)\s*(?P<num>[+-]\s*\d+|\d+)$")

#: Each trait or subtype name asked for, in lower case (see :func:`low`).  A hot reader takes
#: ``LOW[name]`` and calls :func:`low` on a KeyError: a subscript instead of ``name.lower()``,
#: which makes a new string and hashes it again at every call (thousands of times a game, the
#: names asked being a few dozen constants).
LOW: Final[dict[str, str]] = {}


def low(name: str) -> str:
    """``name.lower()``, kept in :data:`LOW` for the next reader."""
    if len(LOW) > 4096:  # (never in a game: a bound all the same)
        LOW.clear()
    lowered = LOW[name] = name.lower()
    return lowered


@functools.lru_cache(maxsize=4096)  # a game asks the same few dozen traits again and again
def parse_trait(trait: str) -> tuple[str, int | None]:
    """Split a trait into its name and number.

    >>> parse_trait("Regenerate 2"), parse_trait("Flame -2"), parse_trait("Melee +1"), parse_trait("Flying")
    (('Regenerate', 2), ('Flame', -2), ('Melee', 1), ('Flying', None))
    """
    m = _TRAIT_NUM.match(trait.strip())
    if m and m.group("name"):
        return m.group("name").strip(), read_int(m.group("num").replace(" ", ""))
    return trait.strip(), None


def trait_value(traits: list[str], name: str) -> int | None:
    """The summed number of every ``name +X`` trait in ``traits`` (None when absent).

    Traits such as Regenerate and Aegis do not stack; callers that need the highest use
    :func:`trait_max`.

    >>> trait_value(["Melee +1", "Melee +2", "Flying"], "Melee")
    3
    >>> trait_value(["Flying"], "Melee") is None
    True
    """
    total = None
    try:
        want = LOW[name]
    except KeyError:
        want = low(name)
    for t in traits:
        n, v = _parsed_lower(t)
        if v is not None and n == want:
            total = (total or 0) + v
    return total


def trait_max(traits: list[str], name: str) -> int | None:
    """The highest ``name X`` among ``traits`` (for Regenerate, Aegis, which do not stack)."""
    best = None
    try:
        want = LOW[name]
    except KeyError:
        want = low(name)
    for t in traits:
        n, v = _parsed_lower(t)
        if v is not None and n == want:
            best = v if best is None else max(best, v)
    return best


@functools.lru_cache(maxsize=4096)
def _parsed_lower(trait: str) -> tuple[str, int | None]:
    """:func:`parse_trait` with the name in lower case."""
    n, v = parse_trait(trait)
    return n.lower(), v


def names_in(traits: Iterable[str]) -> frozenset[str]:
    """Every lower-case name a trait of ``traits`` answers to: the trait itself, and each start
    of it that ends before a space (``melee`` of ``Melee +1``, ``sweeping`` of ``Sweeping
    attack``).

    >>> sorted(names_in(["Melee +1", "Flying"]))
    ['flying', 'melee', 'melee +1']
    """
    found = set()
    for x in traits:
        low = x.lower()
        found.add(low)
        i = low.find(" ")
        while i >= 0:
            found.add(low[:i])
            i = low.find(" ", i + 1)
    return frozenset(found)
