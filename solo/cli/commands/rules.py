"""`solo rules [TERM]`: traits, conditions, the solo rules' steps, the project's rulings and the
cards, in the program's own words."""

from __future__ import annotations

import functools

import click

from solo.cli.term import echo


@functools.cache
def _entries():
    """The rules, steps, traits and rulings that can be looked up: read once a process (a
    player may look something up at every question)."""
    from solo.text import lookup as rules
    from solo.core.errors import read_text

    path = rules.rulings_path()
    return rules.all_entries(read_text(path, "rulings file") if path else "")


def explain(term: str, width: int | None = None) -> str:
    """What ``solo rules TERM`` prints (and ``r`` at any question of ``solo play``): a trait,
    condition, step or ruling of that title; else the card of that name, as ``solo cards show``
    explains it in play, with the rulings that name it; else the closest rules."""
    from solo.text import lookup as rules
    from solo.cli import term as terminal
    from solo.cards.catalog import get_catalog

    room = width or terminal.width()
    entries = _entries()
    low = " ".join(term.lower().split())
    card = get_catalog().find(term) if low else None
    if card is not None and not any(e.title.lower() == low for e in entries):
        return card_rules(card, entries, room)
    return rules.explain(term, entries, room)


def card_rules(card, entries, room: int) -> str:
    """A card looked up with ``solo rules``: its facts and what it does in play (as ``solo cards
    show`` says them), then the rulings that name it, within ``room`` columns."""
    from solo.cli.commands.cards import WIDTH, card_details, in_play
    import textwrap

    room = min(room, WIDTH)
    lines = [card_details(card, room), in_play(card, room)]
    named = [e.title for e in entries if e.kind == "ruling" and card.name.lower() in e.text.lower()]
    if named:
        lines += ["", "Rulings that name it (solo rules TITLE):"]
        lines += [part for title in named
                  for part in textwrap.wrap(title, room, initial_indent="  - ", subsequent_indent="    ",
                                            break_long_words=False, break_on_hyphens=False)]
    return "\n".join(lines)


@click.command(name="rules")
@click.argument("term", nargs=-1)
def rules_cmd(term: tuple[str, ...]) -> None:
    """Explain TERM: a trait or condition (Burn, Flying, Resilient...), a step of the solo rules
    (quickcast, creature action, game end...), one of the project's rulings, or a card (what it
    does in play). Close spellings are found too. With no TERM, list what can be looked up."""
    from solo.text import lookup as rules
    from solo.cli import term as terminal

    if term:
        echo(explain(" ".join(term)), fold=False)
        return
    for kind, titles, worded in rules.index(_entries()):
        echo(f"{kind} ({len(titles)}):", fold=False)
        for line in terminal.wrap("  " + ", ".join(titles), terminal.width()):
            echo(line, fold=False)
        if worded:
            for line in terminal.wrap(f"  and {worded} abilities in their cards' own words "
                                      "(solo rules finds them by their first words)",
                                      terminal.width()):
                echo(line, fold=False)
    for line in terminal.wrap("Cards: any card's name (solo rules \"Bear Strength\") says what it "
                              "does in play.", terminal.width()):
        echo(line, fold=False)
