"""The shapes a step gives the lines of the rules: numbered instructions, lines indented under
the one they follow, a line after a label.

The engine puts these around the lines the rules recorded (a :class:`Said` or a text) without
wording them; they are worded with the rest when the step is read (:mod:`solo.text.render`).
Each may give several lines, as the line it holds may (a wording that is a list).
"""

from __future__ import annotations

from collections.abc import Callable

from solo.rules.said import Said
from solo.text.render import lines

__all__ = ["LINES", "after_colon"]


def after_colon(text: str) -> str:
    """A line that stands alone, put after a label ("Upkeep: ..."): "Your mage" and "The Dummy
    Mage" go lower-case as they do mid-sentence; a card's name keeps its capital.

    >>> after_colon("The Dummy Mage burns."), after_colon("Timber Wolf (dm-1) rots.")
    ('the Dummy Mage burns.', 'Timber Wolf (dm-1) rots.')
    """
    return text[0].lower() + text[1:] if text.startswith(("Your ", "The ")) else text


LINES: dict[str, Callable[[Said], str | list[str]]] = {
    # every line of the list, numbered from 1 (a Dummy Mage step's instructions)
    "step.numbered": lambda s: [f"{i}. {t}" for i, t in enumerate(lines(s["lines"]), 1)],
    # each line of a list, stripped and indented by two spaces (an attack's steps under it)
    "step.indented": lambda s: ["  " + t.strip() for t in lines(s["lines"])],
    # each line after a label ("Upkeep: ...")
    "step.labelled": lambda s: [f"{s['label']}: {after_colon(t)}" for t in lines(s["lines"])],
}
