"""A Dummy Mage decision as a person reads it: the lines the rules recorded (``Said``), and the
reason of a spell discarded unused (a ``Refusal``), worded by :mod:`solo.text.render`."""

from __future__ import annotations

from solo.rules.decision import Decision
from solo.text.render import line, lines


def worded(d: Decision) -> Decision:
    """``d`` with its instructions and its reason as text (the same decision, changed)."""
    d.instructions = list(lines(d.instructions))
    if d.reason is not None:
        d.reason = line(d.reason)
    return d
