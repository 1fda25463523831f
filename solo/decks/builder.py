"""The interactive deck builder, as pure steps over a :class:`~solo.core.questions.Prompter`.

:func:`build` walks the four decks in order (creature, enchantment, incantation, attack), then
asks for the set's name and description, and returns the :class:`~solo.decks.sets.DeckSet`; the
caller saves it.  Nothing here prints: what a person should see between questions goes to the
``on_info`` callback.

Question ids (stable; an answers file uses them, see README and docs/rulings.md):

=============================  ===========  ===========================================
id                             kind         asks
=============================  ===========  ===========================================
``builder.<deck>.action``      select       ``add``, ``set``, ``remove`` or ``done``
``builder.<deck>.card``        autocomplete a catalog card of the deck's type to add
``builder.<deck>.pick``        select       a card already in the deck (for set/remove)
``builder.<deck>.copies``      int          how many copies of the card the deck holds
``builder.<deck>.leave``       confirm      leave the deck although its size is wrong
``builder.name``               text         the set's name
``builder.description``        text         the set's description (may be empty)
=============================  ===========  ===========================================

``<deck>`` is one of ``creature``, ``enchantment``, ``incantation``, ``attack``.  ``set`` and
``remove`` are offered only when the deck has cards.  ``copies`` is the card's total in the
deck (0 takes it out); after ``add`` it defaults to one more than the deck already holds.

The cards offered to ``add`` come fully modelled first, then the partly modelled ones marked
``(partly modelled)``, then those the Dummy Mage cannot use (:mod:`solo.cards.coverage`); ``sets``
keeps only the cards of a person's own sets.  Answers name the card, never the mark.
"""

from __future__ import annotations

from typing import Callable, Collection

from solo.cards.catalog import DECK_TYPES, SPELL_DECKS, Card, Catalog
from solo.cards.coverage import coverage
from solo.decks.sets import DECK_SIZES, DeckSet, curve_text, mana_curve, set_copies, validate
from solo.core.questions import Choice, Prompter, Question

ACTIONS = {
    "add": "Add a card",
    "set": "Change the copies of a card",
    "remove": "Remove a card",
    "done": "Done with this deck",
}


def _noop(_: str) -> None:
    pass


#: How each coverage level is marked in the builder's lists (fully modelled cards are not).
MARKS = {"modelled": "", "partly": " (partly modelled)", "unusable": " (not usable by the Dummy Mage)",
         "yours": ""}
_ORDER = {"modelled": 0, "partly": 1, "unusable": 2, "yours": 3}


def card_choices(catalog: Catalog, deck: str, sets: Collection[str] | None = None) -> tuple[Choice, ...]:
    """The cards ``add`` offers for ``deck``: fully modelled first, then the marked others."""
    cards: list[Card] = [c for c in catalog.cards(DECK_TYPES[deck]) if sets is None or c.set in sets]
    levels = {c.name: coverage(c).level for c in cards}
    cards.sort(key=lambda c: (_ORDER[levels[c.name]], c.name))
    return tuple(Choice(c.name + MARKS[levels[c.name]], c.name) for c in cards)


def deck_summary(deckset: DeckSet, deck: str, catalog: Catalog) -> str:
    """What a person sees before each choice: the cards, the count and the mana curve."""
    n, size = deckset.size(deck), DECK_SIZES[deck]
    lines = [f"{deck.capitalize()} deck: {n} of {size} cards"]
    for name, copies in deckset.decks[deck].items():
        card = catalog.find(name)
        cost = f"{card.mana:>2} mana" if card else "not in the catalog"
        mark = MARKS[coverage(card).level] if card else ""
        lines.append(f"  {copies} x {name}  ({cost}){mark}")
    lines.append("  " + curve_text(mana_curve(deckset.decks[deck], catalog)))
    return "\n".join(lines)


def edit_deck(prompter: Prompter, catalog: Catalog, deckset: DeckSet, deck: str,
              on_info: Callable[[str], None] = _noop, sets: Collection[str] | None = None) -> None:
    """Ask about one deck until the person is done with it (changes ``deckset`` in place)."""
    size = DECK_SIZES[deck]
    type_names = card_choices(catalog, deck, sets)
    if not type_names:
        on_info(f"Your sets hold no {DECK_TYPES[deck].lower()} cards.")
    while True:
        n = deckset.size(deck)
        on_info(deck_summary(deckset, deck, catalog))
        choices = [Choice(ACTIONS["add"], "add")] if type_names else []
        if deckset.decks[deck]:
            choices += [Choice(ACTIONS["set"], "set"), Choice(ACTIONS["remove"], "remove")]
        choices.append(Choice(ACTIONS["done"], "done"))
        status = "full" if n == size else (f"{size - n} to go" if n < size else f"{n - size} too many")
        action = prompter.ask(Question(
            f"builder.{deck}.action", "select",
            f"{deck.capitalize()} deck ({status}): what next?",  # its count is on the line above
            choices=tuple(choices), default="done" if n == size or not type_names else "add"))
        if action == "done":
            if n == size:
                return
            gap = f"needs {size - n} more" if n < size else f"has {n - size} too many"
            if prompter.ask(Question(
                    f"builder.{deck}.leave", "confirm",
                    f"The {deck} deck has {n} cards and {gap}; the set will not be valid until it "
                    f"holds {size}. Leave it anyway?", default=False)):
                on_info(f"Left the {deck} deck at {n} of {size} cards.")
                return
            continue
        if action == "add":
            name = prompter.ask(Question(
                f"builder.{deck}.card", "autocomplete",
                f"{DECK_TYPES[deck]} to add (type part of a name)", choices=type_names))
            have = deckset.copies(deck, name)
            default = have + 1
            card = catalog.find(name)
            cov = coverage(card) if card is not None else None
            if cov is not None and cov.level == "partly":
                on_info(f"{name} is partly modelled: while it is in play you apply by hand: "
                        + " ".join(cov.by_hand))
            elif cov is not None and cov.level == "unusable":
                on_info(f"{name} is never used by the Dummy Mage ({cov.why}); drawn, it is discarded.")
            if cov is not None and cov.mage_only:
                on_info(f"{name} is for the {cov.mage_only} only.")
        else:
            name = prompter.ask(Question(
                f"builder.{deck}.pick", "select",
                f"Which card? ({ACTIONS[action].lower()})", choices=tuple(deckset.decks[deck])))
            have = deckset.copies(deck, name)
            if action == "remove":
                set_copies(deckset, deck, name, 0)
                on_info(f"Removed {name} ({have}) from the {deck} deck.")
                continue
            default = have
        copies = prompter.ask(Question(
            f"builder.{deck}.copies", "int",
            f"Copies of {name} (now {have}; 0 takes it out)",
            default=default, min=0, max=size))
        set_copies(deckset, deck, name, copies)


def build(prompter: Prompter, catalog: Catalog, start: DeckSet | None = None,
          on_info: Callable[[str], None] = _noop,
          check_name: Callable[[str], str | None] | None = None,
          sets: Collection[str] | None = None) -> DeckSet:
    """Build (or, from ``start``, edit) a deck set by asking ``prompter``; returns the new set.

    ``check_name`` may refuse a name (return the reason), e.g. one that is already taken.
    ``sets`` limits the cards offered to those sets.  ``start`` is not changed.
    """
    deckset = start.copy() if start is not None else DeckSet("")
    for deck in SPELL_DECKS:
        edit_deck(prompter, catalog, deckset, deck, on_info, sets)

    def name_problem(text: str) -> str | None:
        if not text.strip():
            return "the set needs a name"
        return check_name(text.strip()) if check_name else None

    deckset.name = prompter.ask(Question("builder.name", "text", "Name of the deck set",
                                         default=deckset.name or None, validate=name_problem)).strip()
    deckset.description = prompter.ask(Question(
        "builder.description", "text", "A line for players: what is this set like? (may be empty)",
        default=deckset.description or None)).strip()
    problems = validate(deckset, catalog)
    if problems:
        on_info("This set is not valid yet:\n" + "\n".join(f"  {p}" for p in problems))
    return deckset
