"""`solo rules [TERM]`: traits, conditions, the solo rules' steps and the project's rulings, in
the program's own words."""

from __future__ import annotations

import click

from solo.errors import InvalidInput


def explain(term: str, width: int | None = None) -> str:
    """What ``solo rules TERM`` prints: the best match in full, the others named."""
    from solo import rules, term as terminal
    from solo.errors import read_text

    path = rules.rulings_path()
    entries = rules.all_entries(read_text(path, "rulings file") if path else "")
    hits = rules.search(term, entries)
    if not hits:
        raise InvalidInput(f"nothing in the rules matches {term!r}; try solo rules (no term) for "
                           "the list")
    best, others = hits[0], hits[1:]
    room = width or terminal.width()
    lines = [f"{best.title} ({best.kind})"]
    for part in best.text.split("\n"):
        lines += terminal.wrap("  " + part, room)
    if others:
        lines += terminal.wrap("  See also: " + "; ".join(f"{e.title} ({e.kind})" for e in others),
                               room)
    return "\n".join(lines)


@click.command(name="rules")
@click.argument("term", nargs=-1)
def rules_cmd(term: tuple[str, ...]) -> None:
    """Explain TERM: a trait or condition (Burn, Flying, Resilient...), a step of the solo rules
    (quickcast, creature action, game end...) or one of the project's rulings. Close spellings
    are found too. With no TERM, list what can be looked up."""
    from solo import rules, term as terminal
    from solo.errors import read_text

    if term:
        click.echo(explain(" ".join(term)))
        return
    path = rules.rulings_path()
    entries = rules.all_entries(read_text(path, "rulings file") if path else "")
    groups: dict[str, list[str]] = {}
    for e in entries:
        groups.setdefault(e.kind, []).append(e.title)
    for kind, titles in groups.items():
        click.echo(f"{kind.capitalize()}s ({len(titles)}):")
        for line in terminal.wrap("  " + ", ".join(sorted(titles, key=str.lower)), terminal.width()):
            click.echo(line)
