"""Every trait, condition and attack trait of the Arena sets, in the program's own words, with
what ``solo`` does about it.

``TERMS`` is the one list that ``solo cards show``, ``docs/cards.md`` and the coverage figures
read.  ``modelled`` says how far the rules code applies the term:

* ``"yes"``     -- applied everywhere it matters (movement, targeting, combat, upkeep, decisions);
* ``"partly"``  -- applied, except what ``by_hand`` tells the person to apply at the table;
* ``"no"``      -- not applied; ``by_hand`` says what to do;
* ``"n/a"``     -- changes nothing the Dummy Mage decides or the board holds (deck building,
                   flavour, mana), so there is nothing to apply.
"""

from __future__ import annotations

from dataclasses import dataclass

from solo.catalog import parse_trait


@dataclass(frozen=True)
class Term:
    name: str
    kind: str  # "trait" | "condition" | "attack-trait"
    summary: str  # what it does, in the program's own words
    modelled: str  # "yes" | "partly" | "no" | "n/a"
    by_hand: str | None = None  # what the person applies at the table when not (fully) modelled


TERMS: dict[str, Term] = {}


def _add(*terms: Term) -> None:
    for t in terms:
        TERMS[t.name.lower()] = t


_add(
    Term("Flying", "trait", "Moves over other creatures and walls that do not reach the sky; only "
         "flyers and attacks with Reach hit it in melee.", "yes"),
)


def lookup(name: str) -> Term | None:
    """The term for a trait as printed (``Regenerate 2`` -> Regenerate; ``Flame +2`` -> Flame).

    >>> lookup("Flying").name
    'Flying'
    >>> lookup("No such thing") is None
    True
    """
    key = name.strip().lower()
    if key in TERMS:
        return TERMS[key]
    base = parse_trait(name)[0].lower()
    return TERMS.get(base)
