"""`solo deck`: list, show, validate, build, edit and change the Dummy Mage's deck sets.

A thin shell: reading, checking and writing sets is :mod:`solo.decks.sets`, the interactive builder
is :mod:`solo.decks.builder`; this module parses options, picks a prompter and prints.  questionary is
imported only when a question is really asked on a terminal.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Callable

import click

from solo.cli.app import WHOLE
from solo.cli.term import echo as _echo


def _echo_table(text: str) -> None:
    _echo(text, table=True)

from solo.cards.catalog import SPELL_DECKS, Catalog, get_catalog
from solo.cli.commands.cards import attack_short, cost_text, format_table, range_text
from solo.decks.sets import DECK_SIZES, DeckSet, add_card, available, check_user_dir, coverage_warnings, deck_name, is_builtin, mana_curve, notes, partly_modelled, remove_card, resolve, save, slugify, user_dir, validate
from solo.decks.random_sets import random_set
from solo.core.errors import InvalidDeck, InvalidInput, check_writable

if TYPE_CHECKING:
    from pathlib import Path

    from solo.core.questions import Prompter

PATH = click.Path(dir_okay=False)


def _as_path(ctx, param, value: str | None) -> Path | None:
    """A file option's value as a Path (pathlib is imported only when one is given)."""
    if value is None:
        return None
    from pathlib import Path

    return Path(value)

SETS_HELP = ("Only cards of these sets, e.g. Core,FvW (Core, FvW, CoK, FiF, DvN, PvS, BGD, LG, "
             "Promo, or the full names).")


def _sets(text: str | None) -> frozenset[str] | None:
    from solo.cards.coverage import parse_sets

    return None if text is None else parse_sets(text)



def _complete_sets(ctx, param, incomplete):
    from solo.cli.completion import deck_sets

    return deck_sets(ctx, param, incomplete)

class _DeckGroup(click.Group):
    """``deck``'s commands; ``compare`` (which plays games) is imported only when asked for."""

    LAZY = {"compare": ("solo.cli.commands.ratings", "compare")}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.LAZY])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.LAZY:
            import importlib

            module, attr = self.LAZY[name]
            return getattr(importlib.import_module(module), attr)
        return super().get_command(ctx, name)


@click.group(cls=_DeckGroup, context_settings={"help_option_names": ["-h", "--help"]})
def deck() -> None:
    """List, show, validate, build and edit the Dummy Mage's deck sets.

    A set is a TOML file with the four decks: 15 creatures and 10 enchantments, incantations and
    attacks.  Built-in sets ship with solo; your own are saved in your data folder (see
    'solo deck list').  Commands take a set's name or the path of a .toml file.
    """


# -- list / show / validate ------------------------------------------------------------------

def _first_line(text: str, width: int = 60) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= width else line[: width - 1].rstrip() + "…"


@deck.command("list")
def list_() -> None:
    """List the built-in sets and your own."""
    check_user_dir()
    rows = []
    for e in available():
        where = e.where + (" (hidden by yours)" if e.shadowed else "")
        about = f"cannot be read: {e.error}" if e.error else _first_line(e.description)
        rows.append([e.name, where, about])
    if rows:
        _echo_table(format_table(["Set", "Where", "About"], rows))
    _echo(f"\nYour sets are saved in:\n  {user_dir()}")
    _echo("See one with: solo deck show NAME")


def _where(ds: DeckSet) -> str:
    if ds.file is None:
        return ""
    return f"{'built-in' if is_builtin(ds.file) else 'file'}: {ds.file}"


def curve_table(curve: dict[str, int], indent: str = "  ") -> str:
    return format_table(["Mana"] + list(curve), [["Cards"] + [n or "." for n in curve.values()]],
                        right=range(1, len(curve) + 1), indent=indent)


def deck_table(ds: DeckSet, deck: str, catalog: Catalog) -> str:
    rows = []
    for name, copies in ds.decks[deck].items():
        c = catalog.find(name)
        if c is None:
            rows.append([copies, name, "?", "", "", "not in the catalog"])
        elif deck == "creature":
            rows.append([copies, c.name, cost_text(c), c.life, c.armor,
                         "; ".join(attack_short(a) for a in c.attacks)])
        else:
            dice = "; ".join(f"{a.dice}" + (f" {a.damage_type}" if a.damage_type
                                             else " heal" if a.has("Heal") else "")
                             for a in c.attacks if a.dice is not None)
            rows.append([copies, c.name, cost_text(c), c.action or "", range_text(c.range), dice or "-",
                         c.target or ""])
    if deck == "creature":
        headers = ["#", "Card", "Cost", "Life", "Armor", "Attacks"]
        right = [0, 2, 3, 4]
    else:
        headers = ["#", "Card", "Cost", "Action", "Range", "Dice", "Target"]
        right = [0, 2]
    return format_table(headers, rows, right=right, indent="  ")


def rating_line(ds: DeckSet, whole: bool = False) -> str:
    """The set's difficulty, from about a thousand games (kept once played: see solo.engine.ratings)."""
    from solo.cli.commands.ratings import rating_line as line

    return line(ds, whole)


@deck.command()
@click.argument("set_", metavar="NAME|FILE", shell_complete=_complete_sets)
@click.option("--rating/--no-rating", default=True,
              help="Rate the set's difficulty by simulated games (default on; at most about "
                   "2 seconds, going on from there the next time).")
@click.option("--whole-rating", is_flag=True,
              help="Play every game the rating needs now, however long it takes.")
def show(set_: str, rating: bool, whole_rating: bool) -> None:
    """Show a set's four decks: copies, cost, stats and the mana curve of each."""
    catalog = get_catalog()
    ds = resolve(set_)
    _echo(f"{ds.name}    ({_where(ds)})" if ds.file else ds.name)
    if ds.description.strip():
        _echo(" ".join(ds.description.split()))
    for deck_ in SPELL_DECKS:
        n, size = ds.size(deck_), DECK_SIZES[deck_]
        flag = "" if n == size else f"  <- needs {size}"
        _echo(f"\n{deck_.upper()} DECK: {n} cards{flag}")
        if ds.decks[deck_]:
            _echo_table(deck_table(ds, deck_, catalog))
        _echo_table(curve_table(mana_curve(ds.decks[deck_], catalog)))
    problems = validate(ds, catalog)
    if problems:
        _echo("\nNot a valid set yet:")
        for p in problems:
            _echo(f"  {p}")
    for note in notes(ds, catalog):
        _echo(f"note: {note}")
    for warning in coverage_warnings(ds, catalog):
        _echo(f"warning: {warning}")
    if rating and not problems:
        _echo("\n" + rating_line(ds, whole_rating))


@deck.command("validate")
@click.argument("set_", metavar="FILE")
def validate_(set_: str) -> None:
    """Check a deck file: exit 0 when valid, 1 with one line per problem, 2 when unreadable.

    The set must hold 15 creatures and 10 enchantments, incantations and attacks, every card in
    the catalog and of its deck's type.  A set's name works too.  A card solo models only in
    part (you apply some of it by hand), or that the Dummy Mage cannot use, gets a warning
    line; warnings do not change the exit status.
    """
    catalog = get_catalog()
    ds = resolve(set_)
    # a file is named as given, with the name it holds: "Starter is not valid" read as if the
    # built-in set were broken
    named = ds.name if ds.path is None or set_ == ds.name else f"the set in {set_} (named {ds.name!r})"
    problems = validate(ds, catalog)
    warnings = [f"warning: {w}" for w in coverage_warnings(ds, catalog)]
    if problems:
        for p in problems:
            _echo(p, fold=False)
        for w in warnings:
            _echo(w, fold=False)
        raise InvalidDeck(f"{named} is not a valid deck set ({len(problems)} "
                          f"problem{'s' if len(problems) != 1 else ''})")
    sizes = ds.sizes()
    _echo(f"OK: {named} is a valid deck set ({sizes['creature']} creatures, "
          f"{sizes['enchantment']} enchantments, {sizes['incantation']} incantations, "
          f"{sizes['attack']} attacks)", fold=False)
    for note in notes(ds, catalog):
        _echo(f"note: {note}", fold=False)
    for w in warnings:
        _echo(w, fold=False)


# -- building and editing --------------------------------------------------------------------

def _prompter(answers: Path | None) -> Prompter:
    from solo.core.questions import ScriptedPrompter
    from solo.cli.prompter import QuestionaryPrompter

    return ScriptedPrompter.from_file(answers) if answers else QuestionaryPrompter()


def _name_check(own: set[Path], keep_builtin: str | None, fixed_dest: bool) -> Callable[[str], str | None]:
    """Refuse a name another set already uses (a user set may keep its built-in original's name)."""
    own = {p.resolve() for p in own}

    def check(name: str) -> str | None:
        low = name.strip().lower()
        for e in available():
            if e.path.resolve() in own or e.name.lower() != low:
                continue
            if e.where == "built-in" and keep_builtin and low == keep_builtin.lower():
                continue
            return f"there is already a set called {e.name} ({e.where}); choose another name"
        if not fixed_dest:
            p = user_dir() / f"{slugify(name)}.toml"
            if p.exists() and p.resolve() not in own:
                return f"{p} already exists; choose another name"
        return None

    return check


def _report_unused(prompter: Prompter) -> None:
    from solo.core.questions import ScriptedPrompter

    unused = prompter.unused() if isinstance(prompter, ScriptedPrompter) else {}
    if unused:
        _echo(f"solo: note: answers never asked for: {', '.join(unused)}", err=True, fold=False)


def _after_save(ds: DeckSet, path: Path, catalog: Catalog) -> None:
    _echo(f"Saved {ds.name} to {path}", fold=False)
    problems = validate(ds, catalog)
    if problems:
        _echo(f"It is not valid yet ({len(problems)} problem{'s' if len(problems) != 1 else ''}); "
              f"finish it with: solo deck edit {path}", fold=False)
    else:  # at a terminal the rating is finished now, narrowing live (Ctrl-C keeps its games)
        _echo(rating_line(ds, whole=sys.stdin.isatty() and sys.stderr.isatty()), fold=False)


@deck.command()
@click.option("--out", type=PATH, default=None, callback=_as_path, help="Save to this file instead of your data folder.")
@click.option("--answers", type=PATH, default=None, callback=_as_path,
              help="Answer the questions from this JSON or TOML file instead of asking.")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@click.option("--sets", "sets_", default=None, help=SETS_HELP)
def new(out: Path | None, answers: Path | None, force: bool, sets_: str | None) -> None:
    """Build a new set by answering questions, deck by deck.

    Saved in your data folder under the set's name, unless --out is given.  Fully modelled
    cards are offered first; the others are marked.
    """
    sets = _sets(sets_)
    catalog = get_catalog()
    if out is not None and out.exists() and not force:
        raise InvalidInput(f"{out} already exists; choose another --out or add --force")
    _check_dest(out)
    prompter = _prompter(answers)
    check = None if (out is not None or force) else _name_check(set(), None, fixed_dest=False)
    ds = _build(prompter, catalog, None, check, sets)
    path = save(ds, out or user_dir() / f"{slugify(ds.name)}.toml", catalog)
    _report_unused(prompter)
    _after_save(ds, path, catalog)


def _check_dest(out: Path | None) -> None:
    """Before any question: refuse a destination no set could be saved to (answers never lost)."""
    if out is None:
        check_user_dir(write=True)
    else:
        check_writable(out.expanduser(), "deck file")


def _build(prompter, catalog: Catalog, start: DeckSet | None, check, sets=None) -> DeckSet:
    from solo.decks.builder import build

    return build(prompter, catalog, start, on_info=lambda text: _echo(text, fold=False),
                 check_name=check, sets=sets)


@deck.command()
@click.argument("set_", metavar="NAME|FILE", shell_complete=_complete_sets)
@click.option("--out", type=PATH, default=None, callback=_as_path, help="Save to this file instead.")
@click.option("--answers", type=PATH, default=None, callback=_as_path,
              help="Answer the questions from this JSON or TOML file instead of asking.")
@click.option("--sets", "sets_", default=None, help=SETS_HELP)
def edit(set_: str, out: Path | None, answers: Path | None, sets_: str | None) -> None:
    """Change a set by answering questions, deck by deck.

    Your own sets and files are saved in place; a built-in set is saved as your own copy in your
    data folder (the shipped file never changes).
    """
    sets = _sets(sets_)
    catalog = get_catalog()
    start = resolve(set_)
    builtin = start.path is not None and is_builtin(start.path)
    own = {start.path} if start.path else set()
    fixed = out is not None or not builtin
    check = _name_check(own, start.name if builtin else None, fixed_dest=fixed)
    if out is not None or builtin:
        _check_dest(out)
    elif start.path is not None:
        check_writable(start.path, "deck file")
    prompter = _prompter(answers)
    ds = _build(prompter, catalog, start, check, sets)
    if out is not None:
        dest = out
    elif builtin:
        dest = user_dir() / f"{slugify(ds.name)}.toml"
    else:
        assert start.path is not None  # resolve() reads every set from a file
        dest = start.path
    path = save(ds, dest, catalog)
    _report_unused(prompter)
    if builtin and out is None:
        _echo(f"{start.name} is built in, so your version is saved as your own copy.", fold=False)
    _after_save(ds, path, catalog)


# -- non-interactive changes -----------------------------------------------------------------

def _open_for_change(set_: str) -> tuple[DeckSet, Path, str]:
    """The set, where changes go, and a note when that is a copy of a built-in set."""
    ds = resolve(set_)
    if ds.path is not None and not is_builtin(ds.path):
        return ds, ds.path, ""
    dest = check_user_dir(write=True) / f"{slugify(ds.name)}.toml"
    if dest.exists():
        raise InvalidInput(f"{ds.name} is built in and you already have a set at {dest}; "
                           f"change that one (give its path)")
    return ds, dest, f"{ds.name} is built in, so the change is saved as your own copy."


def _count_line(ds: DeckSet, deck_: str) -> str:
    n, size = ds.size(deck_), DECK_SIZES[deck_]
    state = "full" if n == size else (f"{size - n} to go" if n < size else f"{n - size} too many")
    return f"The {deck_} deck now holds {n} of {size} cards ({state})."


@deck.command()
@click.argument("set_", metavar="NAME|FILE", shell_complete=_complete_sets)
@click.argument("deck_", metavar="DECK")
@click.argument("card", nargs=-1, required=True)
@click.option("--copies", type=WHOLE, default=1, show_default=True, help="How many copies to add.")
def add(set_: str, deck_: str, card: tuple[str, ...], copies: int) -> None:
    """Add copies of a card to one deck (creature, enchantment, incantation or attack).

    \b
    Example:
      solo deck add mine.toml creature "Timber Wolf" --copies 2
    """
    catalog = get_catalog()
    which = deck_name(deck_)
    ds, dest, note = _open_for_change(set_)
    before = ds.copies(which, " ".join(card))
    n = add_card(ds, catalog, which, " ".join(card), copies)
    name = catalog.get(" ".join(card)).name
    save(ds, dest, catalog)
    if note:
        _echo(note, fold=False)
    _echo(f"{name}: {before} -> {n} in the {which} deck of {ds.name}. {_count_line(ds, which)}", fold=False)
    _echo(f"Saved to {dest}", fold=False)


@deck.command()
@click.argument("set_", metavar="NAME|FILE", shell_complete=_complete_sets)
@click.argument("deck_", metavar="DECK")
@click.argument("card", nargs=-1, required=True)
@click.option("--copies", type=WHOLE, default=None, help="How many copies to take out (default: all).")
def remove(set_: str, deck_: str, card: tuple[str, ...], copies: int | None) -> None:
    """Take a card (all copies, or --copies N) out of one deck.

    \b
    Example:
      solo deck remove mine.toml creature "Timber Wolf" --copies 1
    """
    catalog = get_catalog()
    which = deck_name(deck_)
    ds, dest, note = _open_for_change(set_)
    text = " ".join(card)
    key = ds.key_of(which, text)
    before = ds.copies(which, text)
    n = remove_card(ds, which, text, copies)
    save(ds, dest, catalog)
    if note:
        _echo(note, fold=False)
    _echo(f"{key}: {before} -> {n} in the {which} deck of {ds.name}. {_count_line(ds, which)}", fold=False)
    _echo(f"Saved to {dest}", fold=False)


@deck.command("random")
@click.option("--seed", type=WHOLE, default=None, help="Seed, to make the same set again.")
@click.option("--harder", is_flag=True, help="Only creatures costing 9 mana or more.")
@click.option("--easier", is_flag=True, help="Only creatures costing 9 mana or less.")
@click.option("--sets", "sets_", default=None, help=SETS_HELP)
@click.option("--any", "any_", is_flag=True,
              help="Allow partly modelled cards too (you apply part of them by hand).")
@click.option("--out", type=PATH, default=None, callback=_as_path, help="Save to this file instead of your data folder.")
@click.option("--name", default=None, help="The set's name (default: Random <seed>).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def random_(seed: int | None, harder: bool, easier: bool, sets_: str | None, any_: bool,
            out: Path | None, name: str | None, force: bool) -> None:
    """Make a valid set at random and save it.

    Only fully modelled cards are drawn, unless --any is given or too few of them fit (the
    others are then listed).  The same --seed (and options) always makes the same set.
    """
    from solo.rules.dice import SeededSource

    if harder and easier:
        raise click.UsageError("choose --harder or --easier, not both")
    sets = _sets(sets_)
    catalog = get_catalog()
    source = SeededSource(seed)
    flavour = " harder" if harder else " easier" if easier else ""
    name = (name or f"Random {source.seed}{flavour}").strip()
    if not name:
        raise InvalidInput("--name is empty; give the set a name")
    _check_dest(out)
    dest = out or user_dir() / f"{slugify(name)}.toml"
    if not force:
        if dest.exists():
            raise InvalidInput(f"{dest} already exists; choose another --name or --out, or add --force")
        if out is None:
            problem = _name_check(set(), None, fixed_dest=True)(name)
            if problem:
                raise InvalidInput(problem.replace("choose another name", "choose another --name"))
    kind = ("creatures costing 9 mana or more" if harder
            else "creatures costing 9 mana or less" if easier else "creatures of any cost")
    again = f"solo deck random --seed {source.seed}{' --' + flavour.strip() if flavour else ''}"
    if sets_ is not None:
        again += f" --sets {_quote(sets_)}"
    if any_:
        again += " --any"
    description = f"Picked at random with seed {source.seed} ({kind}); make it again with: {again}"
    ds = random_set(source, harder=harder, easier=easier, catalog=catalog, name=name,
                    description=description, sets=sets, partly=any_)
    path = save(ds, dest, catalog)
    _echo(f"Saved {ds.name} (seed {source.seed}) to {path}", fold=False)
    others = partly_modelled(ds, catalog)
    if others:
        why = "" if any_ else " (too few fully modelled cards to fill every deck)"
        _echo(f"Partly modelled cards in it{why}; you apply part of them by hand:", fold=False)
        for deck_, card_, _ in others:
            _echo(f"  {deck_}: {card_}", fold=False)
    _echo(f"See it with: solo deck show {_quote(str(path) if out else ds.name)}", fold=False)


def _quote(text: str) -> str:
    """``text`` quoted for a shell, as :func:`shlex.quote` does (imported only when needed)."""
    import shlex

    return shlex.quote(text)
