"""`solo rules TERM`: the rules at hand, in the program's own words.

Three sources, searched together: every trait, condition and attack trait the program knows
(:mod:`solo.cards.glossary`, with how far `solo` applies it), the steps of the solo variant as `solo`
plays them (:data:`STEPS` below), and the project's rulings (``docs/rulings.md``, one entry per
``###`` heading).  A search matches a title exactly, then by its start, then anywhere, then by
a close spelling, so ``solo rules burn``, ``solo rules quick`` and ``solo rules bleeed`` all
find something.  Pure: the caller reads the rulings file and prints.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Entry:
    """One entry ``solo rules`` can explain: its title, kind and text."""

    title: str
    kind: str  # "trait", "condition", "attack trait", "solo step", "ruling"
    text: str


#: The solo variant's steps as solo plays them, in its own words.
STEPS: tuple[Entry, ...] = tuple(Entry(t, "solo step", x) for t, x in (
    ("Round", "Each round: Ready stage (initiative, reset, channel, upkeep, planning, "
     "deployment), then the Action stage: a first quickcast stage, the creature actions, a final "
     "quickcast stage. The Dummy Mage holds the initiative in round 1; it alternates after."),
    ("Quickcast", "In each quickcast stage the Dummy Mage rolls the effect die once: 1-3 it "
     "moves one zone in a direction rolled on the compass, 4-7 it summons the top creature of "
     "its creature deck (inactive until the next Reset), 8-10 it casts an enchantment (second "
     "roll 1-6) or an incantation (7-12), 11-12 it casts an attack spell. You quickcast once a "
     "round: in the first stage, between your own creatures' actions, or in the final stage "
     "if you have not yet."),
    ("Reroll 8+", "While the Dummy Mage is 3 or more zones from every enemy creature (your mage "
     "counts), a quickcast roll of 8 or more is rolled again until it is 1-7: it walks or "
     "summons instead of wasting spells."),
    ("Enemy zone spell", "Criterion i: a zone spell goes on the zone in range holding the most "
     "of your objects it can affect; ties go to your mage's zone, then to the die."),
    ("Enemy creature spell", "Criterion ii: a spell for an enemy creature goes on your creature "
     "(or mage) in range with the highest remaining life that it can affect and where it makes "
     "sense."),
    ("Friendly creature spell", "Criterion iii: a spell for a friendly creature goes on the "
     "Dummy Mage's creature with the lowest remaining life that shares a zone with an enemy; "
     "if none does, the lowest remaining life closest to your mage; ties to the die. A spell "
     "that could change nothing is discarded."),
    ("Attack spell", "An attack spell targets your mage when it is in range, else your "
     "closest creature (ties: the highest remaining life); a zone attack spell hits every other "
     "object in the zone, friend or foe. With nothing in range it is discarded."),
    ("Creature action", "In the creature stage you and the Dummy Mage alternate actions, the "
     "side that holds the initiative first: the Dummy Mage in odd rounds, you in even ones "
     "(the solo sheet lists your mage first; see the ruling \"Who acts first in the creature "
     "stage\"). Its "
     "creatures act from the highest mana cost down (ties to the die). Each one: A, a full "
     "action attack on your mage if it can, else on your creature with the highest remaining "
     "life; B, move one zone and make a quick attack by the same order; C, move two zones "
     "toward your mage, or toward a closer creature of yours with the most life left."),
    ("Pass", "While you have fewer creatures left to act than the Dummy Mage, you may pass "
     "your turn (rule 2a); while you have more, the Dummy Mage passes until you are even."),
    ("Engaged", "A Dummy Mage creature that shares a zone with your objects stays and attacks "
     "what it can attack there (your conjurations too) before it pursues anything else."),
    ("Walls", "The Dummy Mage's creatures walk around a wall that blocks passage when there is "
     "a way; with your mage just behind it and no way round, they attack the wall."),
    ("Incapacitated Dummy Mage", "A Dummy Mage that is Stunned, Asleep, Slammed or Knocked Down "
     "skips its quickcast for that stage and acts again at the next one."),
    ("Deck exhausted", "When the Dummy Mage would draw from an empty deck it loses that "
     "quickcast."),
    ("Game end", "The game ends when a mage's damage reaches its life (both at once: a draw). "
     "The alternate end: when the Dummy Mage's creature deck is empty and none of its creatures "
     "is left, you win if the mana cost of its creatures you destroyed is more than twice that "
     "of yours it destroyed."),
))


def ruling_entries(text: str) -> list[Entry]:
    """One entry per ``### heading`` of the rulings file: the heading and its paragraphs, but
    the ``Test:`` one (paths of test files are for the project's people, and longer than a
    terminal's line)."""
    out = []
    for block in re.split(r"^### ", text, flags=re.M)[1:]:
        title, _, body = block.partition("\n")
        body = re.split(r"^## ", body, flags=re.M)[0].replace("**", "").replace("`", "")
        items = [" ".join(x.split()) for x in re.split(r"^- ", body, flags=re.M)]
        out.append(Entry(title.strip().replace("`", ""), "ruling",
                         "\n".join(x for x in items if x and not x.startswith("Test:"))))
    return out


def glossary_entries() -> list[Entry]:
    from solo.cards.glossary import TERMS

    out = []
    for term in TERMS.values():
        how = {"yes": "solo applies it.", "partly": "solo applies part of it.",
               "no": "solo does not apply it.", "n/a": "nothing for solo to apply."}.get(
            term.modelled, "")
        text = f"{term.summary} ({how}" + (f" By hand: {term.by_hand}" if term.by_hand else "") + ")"
        out.append(Entry(term.name, term.kind, text))
    return out


def all_entries(rulings_text: str = "") -> list[Entry]:
    return [*glossary_entries(), *STEPS, *ruling_entries(rulings_text)]


def search(term: str, entries: list[Entry], limit: int = 5) -> list[Entry]:
    """The entries that fit ``term``: exact title, then titles starting with it, then titles
    holding it, then close spellings, then entries whose text holds it.

    >>> [e.title for e in search("quick", list(STEPS))]
    ['Quickcast']
    >>> [e.title for e in search("qickcast", list(STEPS))]
    ['Quickcast']
    """
    low = " ".join(term.lower().split())
    if not low:
        return []
    tiers: list[list[Entry]] = [
        [e for e in entries if e.title.lower() == low],
        [e for e in entries if e.title.lower().startswith(low)],
        [e for e in entries if low in e.title.lower()],
    ]
    titles = {e.title.lower(): e for e in entries}
    close = difflib.get_close_matches(low, list(titles), n=limit, cutoff=0.75)
    tiers.append([titles[c] for c in close])
    tiers.append([e for e in entries if low in e.text.lower()])
    out: list[Entry] = []
    for tier in tiers:
        for e in tier:
            if e not in out:
                out.append(e)
        if out:
            break
    return out[:limit]


#: An attack trait that is a card's own words (a sentence, or a cost): the index does not list
#: it as a term.
_VS_TITLE = re.compile(r"^\+\d+ vs\. ", re.I)


def index_title(e: Entry) -> str | None:
    """How the index of ``solo rules`` lists an entry: its title; "Cost" for the catalog's
    costs ("Cost = 2", "Cost=X"); None for an ability the catalog keeps in its card's own words
    (a sentence), which the index counts instead of listing.

    >>> [index_title(Entry(t, "attack-trait", "")) for t in ("Reach", "Cost = 2", "Cost=X",
    ...     "+2 vs. Flying", "Add 3 mana to your mana supply.",
    ...     "Piercing +1 per Gold token on Gerard")]
    ['Reach', 'Cost', 'Cost', '+2 vs. Flying', None, None]
    """
    title = re.sub(r"\s*=\s*\S+$", "", e.title)
    if e.kind == "ruling" or _VS_TITLE.match(title):
        return title
    if "." in title or len(title.split()) > 5:
        return None
    return title


def index(entries: list[Entry]) -> list[tuple[str, list[str], int]]:
    """What ``solo rules`` with no term lists: for each kind of entry, its name ("Attack
    traits"), its titles (each once, whatever its case) and how many abilities in a card's own
    words it holds besides."""
    kinds: dict[str, tuple[dict[str, str], list[Entry]]] = {}
    for e in entries:
        titles, worded = kinds.setdefault(e.kind, ({}, []))
        title = index_title(e)
        if title is None:
            worded.append(e)
        else:
            titles.setdefault(title.lower(), title)
    return [((kind[0].upper() + kind[1:]).replace("-", " ") + "s",
             sorted(titles.values(), key=str.lower), len(worded))
            for kind, (titles, worded) in kinds.items()]


def rulings_path() -> Path | None:
    """``docs/rulings.md`` in a source checkout, or the copy installed with the package."""
    package = Path(__file__).resolve().parents[1]  # solo/
    for path in (package.parent / "docs" / "rulings.md", package / "docs" / "rulings.md"):
        if path.exists():
            return path
    return None


def explain(term: str, entries: list[Entry], room: int) -> str:
    """What a look-up prints: the best match in full, the others named, within ``room``
    columns; :class:`~solo.core.errors.InvalidInput` when nothing matches."""
    from solo.core.errors import InvalidInput
    from solo.text.wrap import wrap

    hits = search(term, entries)
    if not hits:
        raise InvalidInput(f"nothing in the rules matches {term!r}; try solo rules (no term) for "
                           "the list")
    best, others = hits[0], hits[1:]
    lines = wrap(f"{best.title} ({best.kind})", room)
    for part in best.text.split("\n"):
        lines += wrap("  " + part, room)
    if others:
        lines += wrap("  See also: " + "; ".join(f"{e.title} ({e.kind})" for e in others), room)
    return "\n".join(lines)
