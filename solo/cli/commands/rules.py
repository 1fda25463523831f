"""`solo rules [TERM]`: traits, conditions, the solo rules' steps and the project's rulings, in
the program's own words."""

from __future__ import annotations

import click

from solo.cli.term import echo


def explain(term: str, width: int | None = None) -> str:
    """What ``solo rules TERM`` prints: the glossary, the solo rules' steps and the rulings file."""
    from solo.text import lookup as rules
    from solo.cli import term as terminal
    from solo.core.errors import read_text

    path = rules.rulings_path()
    entries = rules.all_entries(read_text(path, "rulings file") if path else "")
    return rules.explain(term, entries, width or terminal.width())


@click.command(name="rules")
@click.argument("term", nargs=-1)
def rules_cmd(term: tuple[str, ...]) -> None:
    """Explain TERM: a trait or condition (Burn, Flying, Resilient...), a step of the solo rules
    (quickcast, creature action, game end...) or one of the project's rulings. Close spellings
    are found too. With no TERM, list what can be looked up."""
    from solo.text import lookup as rules
    from solo.cli import term as terminal
    from solo.core.errors import read_text

    if term:
        echo(explain(" ".join(term)), fold=False)
        return
    path = rules.rulings_path()
    entries = rules.all_entries(read_text(path, "rulings file") if path else "")
    groups: dict[str, list[str]] = {}
    for e in entries:
        groups.setdefault(e.kind, []).append(e.title)
    for kind, titles in groups.items():
        echo(f"{kind.capitalize()}s ({len(titles)}):", fold=False)
        for line in terminal.wrap("  " + ", ".join(sorted(titles, key=str.lower)), terminal.width()):
            echo(line, fold=False)
