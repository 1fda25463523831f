"""`solo cards`: look up Arena cards in the catalog.

The catalog holds facts only (types, costs, stats, traits, attacks) -- never a card's text.
``solo cards show`` lists them, then says in the program's own words what the card does in play
as solo models it: each trait and condition explained (:mod:`solo.cards.glossary`), how far solo
applies the card (:mod:`solo.cards.coverage`) and what the person applies by hand.  Lines are kept
within :data:`WIDTH` columns.
"""

from __future__ import annotations

import textwrap
from typing import Iterable, Sequence

import click

from solo.cli.term import echo as _echo


def _echo_table(text: str) -> None:
    _echo(text, table=True)

from solo.cards.catalog import Attack, Card, Catalog, get_catalog, parse_trait

#: The widest line `solo cards show` prints.
WIDTH = 80

TYPES = ("creature", "enchantment", "incantation", "attack", "conjuration", "equipment", "mage")


def _complete_cards(ctx, param, incomplete):
    from solo.cli.completion import cards as complete

    return complete(ctx, param, incomplete)


# -- shared rendering ------------------------------------------------------------------------

def format_table(headers: Sequence[str], rows: Iterable[Sequence[object]], right: Iterable[int] = (),
                 indent: str = "") -> str:
    """Plain-text columns; ``right`` holds the indexes of right-aligned (number) columns.

    >>> print(format_table(["Card", "Cost"], [["Fox", 5], ["Timber Wolf", 9]], right=[1]))
    Card         Cost
    Fox             5
    Timber Wolf     9
    """
    text_rows = [[("" if v is None else str(v)) for v in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in text_rows:
        for i, v in enumerate(row):
            widths[i] = max(widths[i], len(v))
    right = set(right)

    def line(cells: Sequence[str]) -> str:
        out = [c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(cells)]
        return (indent + "  ".join(out)).rstrip()

    return "\n".join([line(list(headers))] + [line(r) for r in text_rows])


def cost_text(card: Card) -> str:
    """``9``, ``X``, or ``2+3`` for an enchantment (casting + reveal)."""
    cost = "-" if card.cost is None else str(card.cost)
    if card.reveal_cost is not None:
        return f"{cost}+{card.reveal_cost}"
    return cost


def range_text(r: tuple[int, int]) -> str:
    """``0`` or ``0-2``."""
    lo, hi = r
    return str(lo) if lo == hi else f"{lo}-{hi}"


def schools_text(card: Card) -> str:
    return " + ".join(f"{s} {lvl}" for s, lvl in card.schools) or "-"


def attack_short(a: Attack) -> str:
    """``Bite 4`` or ``Poison Bow 4 (ranged 1-2)``."""
    dice = "" if a.dice is None else f" {a.dice}"
    where = "" if a.kind in (None, "melee") else f" ({a.kind}" + (
        f" {range_text(a.range)})" if a.kind == "ranged" else ")")
    return f"{a.name}{dice}{where}"


# -- search ----------------------------------------------------------------------------------

def search_cards(catalog: Catalog, text: str, type_: str | None = None) -> list[Card]:
    """Cards whose name contains ``text``, or with a trait or subtype called ``text`` (any case).

    A trait matches by its name, so "regenerate" finds "Regenerate 2".
    """
    low = text.strip().lower()
    want = type_.capitalize() if type_ else None
    hits = []
    for card in catalog.cards(want):
        trait_names = {parse_trait(t)[0].lower() for t in card.traits} | {t.lower() for t in card.traits}
        if (low in card.name.lower() or low in trait_names
                or low in {s.lower() for s in card.subtypes}):
            hits.append(card)
    return hits


# -- show ------------------------------------------------------------------------------------

def defense_text(card: Card) -> str:
    parts = []
    for d in card.defenses:
        uses = "unlimited" if d.uses == "unlimited" else f"{d.uses}/round"
        extra = f", {d.restriction}" if d.restriction else ""
        parts.append(f"{d.roll}+ ({uses}{extra})")
    return "; ".join(parts)


def effects_text(a: Attack) -> str:
    parts = []
    for e in a.effects:
        span = f"{e.min}+" if e.max is None else (str(e.min) if e.min == e.max else f"{e.min}-{e.max}")
        parts.append(f"{span}: {', '.join(e.conditions)}")
    return "; ".join(parts)


def card_details(card: Card, room: int = WIDTH) -> str:
    """Every fact the catalog has about ``card``, one per line, for a person at the table
    (within ``room`` columns)."""
    lines = [card.name]
    kind = card.type_detail or card.type
    sub = ", ".join(card.subtypes)
    lines.append(f"  {kind}" + (f" ({sub})" if sub else ""))
    rows: list[tuple[str, str]] = []
    if card.type != "Mage":
        rows.append(("School", schools_text(card)))
        rows.append(("Cost", str(card.cost if card.cost is not None else "-")
                     + (f", reveal {card.reveal_cost}" if card.reveal_cost is not None else "")))
    if card.action:
        rows.append(("Action", card.action))
    if card.target:
        rows.append(("Target", card.target))
    if card.range != (0, 0) or card.target:
        rows.append(("Range", range_text(card.range)))
    if card.life is not None:
        rows.append(("Life", str(card.life)))
    if card.armor is not None:
        rows.append(("Armor", str(card.armor)))
    if card.channeling is not None:
        rows.append(("Channeling", str(card.channeling)))
    if card.defenses:
        rows.append(("Defense", defense_text(card)))
    if card.traits:
        rows.append(("Traits", ", ".join(card.traits)))
    if card.set:
        rows.append(("Set", card.set))
    width = max(len(k) for k, _ in rows) if rows else 0
    lines += [f"  {k.ljust(width)}  {v}" for k, v in rows]
    for a in card.attacks:
        lines.append("")
        head = f"  Attack: {a.name}"
        bits = [a.action + " action" if a.action else "passive",
                a.kind or "",
                f"range {range_text(a.range)}",
                f"{a.dice} dice" if a.dice is not None else "",
                f"{a.damage_type} damage" if a.damage_type else "",
                "zone" if a.zone and a.kind != "zone" else ""]
        lines.append(head + " — " + ", ".join(b for b in bits if b))
        if a.effects:
            lines.append(f"    Effect die  {effects_text(a)}")
        if a.traits:
            lines.append(f"    Traits      {', '.join(a.traits)}")
    return "\n".join(wrap_line(line, room) for line in lines)


def wrap_line(line: str, width: int = WIDTH) -> str:
    """``line`` wrapped to ``width``, its continuation lines indented under its text (after a
    label of two spaces' gap, if it has one)."""
    if len(line) <= width:
        return line
    body = line.lstrip(" ")
    indent = len(line) - len(body)
    gap = body.find("  ")
    hang = indent + gap + 2 if 0 < gap < 20 else indent + 2
    while hang < len(line) and line[hang] == " ":
        hang += 1
    return textwrap.fill(line, width=width, subsequent_indent=" " * hang, break_on_hyphens=False)


#: How far solo applies a glossary term, in words.
APPLIED = {"yes": "solo applies it", "partly": "solo applies part of it", "no": "you apply it",
           "n/a": "nothing to apply in play"}


def in_play(card: Card, width: int = WIDTH) -> str:
    """What the card does in play as solo models it, for a person at the table (within
    ``width`` columns)."""
    from solo.cards.coverage import LEVEL_WORDS, coverage, terms_of

    cov = coverage(card)
    out = ["", "In play, as solo models it"]
    level = LEVEL_WORDS[cov.level] if cov.level != "yours" else "the Dummy Mage never fields it"
    out.append(f"  Coverage  {level}" + (f": {cov.why}" if cov.level in ("partly", "unusable") else ""))
    if cov.does:
        out.append(f"  solo      {cov.does[0].upper()}{cov.does[1:]}.")
    if cov.mage_only:
        out.append(f"  Only for  the {cov.mage_only}")
    uses = terms_of(card)
    if uses:
        out.append("  Traits and conditions:")
    for use in uses:
        where = "" if use.where == "trait" else f" ({use.where})"
        if use.term is None:
            out.append(f"    {use.printed}{where}: not in solo's glossary; you apply it as "
                       "the card says.")
            continue
        out.append(f"    {use.printed}{where}: {use.term.summary.rstrip('.')}. "
                   f"[{APPLIED.get(use.term.modelled, use.term.modelled)}]")
    abilities = card.dm.get("abilities") if card.type == "Creature" else None
    if abilities:
        out.append("  Card text, in short:")
        out += [f"    - {a}" for a in abilities]
    if cov.by_hand:
        out.append("  You apply by hand:" if cov.level != "yours" else "  On your side:")
        out += [f"    - {line}" for line in cov.by_hand]
    return "\n".join(_wrap_item(line, width) for line in out)


def _wrap_item(line: str, width: int = WIDTH) -> str:
    body = line.lstrip(" ")
    indent = len(line) - len(body)
    if body.startswith("- "):
        return textwrap.fill(line, width=width, subsequent_indent=" " * (indent + 2),
                             break_on_hyphens=False)
    if body.startswith(("Coverage  ", "solo      ", "Only for  ")):
        return wrap_line(line, width)
    return textwrap.fill(line, width=width, subsequent_indent=" " * (indent + 2),
                         break_on_hyphens=False)


# -- the commands ----------------------------------------------------------------------------

@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cards() -> None:
    """Look up Arena cards: stats, traits and attacks (facts only, no card text)."""


@cards.command()
@click.argument("text", required=False, default="")
@click.option("--type", "type_", type=click.Choice(TYPES, case_sensitive=False), default=None,
              help="Only cards of this type.")
def search(text: str, type_: str | None) -> None:
    """Find cards by part of the name, a trait (Flying, Regenerate) or a subtype (Canine, Curse);
    with --type and no text, every card of that type.

    \b
    Examples:
      solo cards search wolf
      solo cards search flying --type creature
      solo cards search --type mage
    """
    if not text.strip() and not type_:
        raise click.UsageError("give part of a name, a trait or a subtype, or --type TYPE")
    catalog = get_catalog()
    hits = search_cards(catalog, text, type_)
    if not hits:
        hint = catalog.suggest(text, type_.capitalize() if type_ else None)
        _echo(f"No card matches {text!r}" + (f" (did you mean {', '.join(hint)}?)" if hint else "."))
        return
    rows = []
    for c in hits:
        stats = f"{c.life}/{c.armor}" if c.life is not None else ""
        rows.append([c.name, c.type, cost_text(c), stats, ", ".join(c.subtypes), ", ".join(c.traits)])
    _echo_table(format_table(["Card", "Type", "Cost", "Life/Arm", "Subtypes", "Traits"], rows, right=[2, 3]))
    _echo(f"{len(hits)} card{'s' if len(hits) != 1 else ''}; see one with: solo cards show NAME")


@cards.command()
@click.argument("name", nargs=-1, required=True, shell_complete=_complete_cards)
def show(name: tuple[str, ...]) -> None:
    """Show a card's facts (type, cost, stats, traits, each attack) and what it does in play as
    solo models it: each trait and condition explained, how far solo applies the card, and what
    you apply by hand.

    \b
    Example:
      solo cards show "Timber Wolf"
    """
    card = get_catalog().get(" ".join(name))
    _echo(card_details(card) + "\n" + in_play(card))
