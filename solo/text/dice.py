"""What a roll is for, for a person rolling physical dice: the label of a tie broken with the
effect die (:meth:`solo.rules.dice.DiceSource.choose`)."""

from __future__ import annotations

from collections.abc import Callable

from solo.rules.dice import ranges_label
from solo.rules.said import Said, Who
from solo.text.naming import label_of
from solo.text.render import line


def _name(x: str | Who) -> str:
    return x if isinstance(x, str) else label_of(None, x)


def _choose(s: Said) -> str:
    """``tie: zones for Fireball (1-12)``, or with the ranges that pick each option."""
    label = line(s["label"])
    names = s["names"]
    if names is None:
        return f"{label} (1-{s['top']})"
    return ranges_label(label, [_name(x) for x in names])


LINES: dict[str, Callable[[Said], str]] = {
    "dice.choose": _choose,
}
