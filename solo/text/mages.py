"""The sentences of the Dummy Mage's mage abilities that solo applies by itself
(:mod:`solo.rules.mages`)."""

from __future__ import annotations

from collections.abc import Callable

from solo.rules.said import Said
from solo.text.naming import label_of

__all__ = ["LINES"]


def _who(s: Said) -> str:
    return label_of(None, s["who"])


LINES: dict[str, Callable[[Said], str]] = {
    "mage.pet": lambda s: f"Pet: the Dummy Mage makes {_who(s)} its Pet. Put the Pet marker on "
                          "it: Melee +1, Armor +1 and 3 more life, and Melee +1 more while it is "
                          "in the Dummy Mage's zone (solo counts them).",
    "mage.servant": lambda s: f"Eternal Servant: put the Eternal Servant marker on {_who(s)}: its "
                              "attacks have Piercing +1 (solo counts it).",
    "mage.veteran": lambda s: f"Veterans: put a veteran badge on {_who(s)}: Melee +1 and Armor +1 "
                              "from now on (solo counts them).",
    "mage.shield": lambda s: f"  Voltaric Shield: the Dummy Mage cancels {s['cancelled']} of the "
                             f"damage ({s['left']} left); its shield is off until the next round.",
    "mage.plague": lambda s: f"Plague Master: 1 direct poison damage on {_who(s)} (it carries a "
                             "poison condition).",
}
