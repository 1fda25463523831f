"""The words of dice questions (:mod:`solo.rules.dice`): default labels, and the tie questions
that say which effect-die results pick which option."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solo.core.kinds import Side
from solo.rules.dice import tie_ranges
from solo.rules.said import Said, Who
from solo.text.naming import label_of
from solo.text.render import line

__all__ = ["LINES", "describe", "ranges_label"]


def describe(option: object, owned: bool = False) -> str:
    """A short readable name for a tied option: a zone or card name as it is, a mage as "your
    mage" / "the Dummy Mage", an object as ``Timber Wolf (ym-2)`` (``owned``: with its owner, as
    instructions name it), an attack by its name, a path as ``B1 then B2``.

    >>> wolf = Who("ym-2", "Timber Wolf", "ym", False)
    >>> describe("B2"), describe(("B1", "B2")), describe(wolf), describe(wolf, owned=True)
    ('B2', 'B1 then B2', 'Timber Wolf (ym-2)', 'your Timber Wolf (ym-2)')
    """
    if isinstance(option, str):
        return option
    if isinstance(option, Said):
        return line(option)
    if isinstance(option, (list, tuple)):
        return " then ".join(describe(o) for o in option)
    if isinstance(option, Who):
        if owned:
            return label_of(None, option)
        if option.is_mage:
            return "your mage" if option.side == Side.YM else "the Dummy Mage"
        return f"{option.card} ({option.id})"
    return str(option)


def ranges_label(label: str, names: Sequence[str]) -> str:
    """A tie question that says which effect-die results pick which option.

    >>> ranges_label("tie: two equally short ways", ["B2", "C1"])
    'tie: two equally short ways: 1-6 B2, 7-12 C1'
    >>> ranges_label("tie", ["a", "b", "c", "d", "e"])
    'tie: 1-2 a, 3-4 b, 5-6 c, 7-8 d, 9-10 e; 11-12 roll again'
    """
    spans = tie_ranges(len(names))
    text = f"{label}: " + ", ".join(
        f"{lo}-{hi} {name}" if lo != hi else f"{lo} {name}" for (lo, hi), name in zip(spans, names))
    top = spans[-1][1]
    if top < 12:
        text += f"; {top + 1}-12 roll again" if top < 11 else "; 12 roll again"
    return text


LINES: dict[str, Callable[[Said], str]] = {
    "dice.attack-dice": lambda s: "attack dice",
    "dice.random-pick": lambda s: "random pick",
    "dice.pick": lambda s: f"{line(s['label'])} (1-{s['top']})",
    "dice.tie": lambda s: ranges_label(line(s["label"]),
                                       [describe(n, s.get("owned", False)) for n in s["names"]]),
}
