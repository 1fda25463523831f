"""`solo dm quickcast` and `solo dm creature` (contract section 3)."""

from __future__ import annotations

import json

import click

from solo.cli.app import WHOLE
from solo.cli.term import echo


def make_source(rolls: str | None, seed: int | None):
    """``--rolls`` first, then ``--seed``; with neither, a fresh seed."""
    from solo.rules.dice import ScriptedSource, SeededSource, parse_rolls
    from solo.text.render import line

    if rolls is None:
        return SeededSource(seed)
    fallback = SeededSource(seed) if seed is not None else None
    return ScriptedSource(d12=parse_rolls(rolls), fallback=fallback, words=line)


def render(decision: dict, room: int | None = None) -> str:
    """The decision for a person, every line within ``room`` columns (the terminal's width)."""
    from solo.cli.term import fit

    lines = [f"Dummy Mage: {decision['action']}"
             + (f" ({decision['reason']})" if decision.get("reason") else "")]
    for i, text in enumerate(decision["instructions"], 1):
        lines.append(f"  {i}. {text}")
    if decision["rolls"]:
        lines.append(f"  effect die rolls used: {', '.join(map(str, decision['rolls']))}")
    return fit("\n".join(lines), room)


def _run(kind: str, board_path: str, rolls: str | None, seed: int | None, as_json: bool,
         out: str | None) -> None:
    from solo.store import board_file
    from solo.text.automaton import decision_json

    board = board_file.load(board_path)
    notices = board_file.normalize(board)
    source = make_source(rolls, seed)
    # With --rolls and no --seed the person rolls the attack dice: solo only decides.
    roll = not (rolls is not None and seed is None)
    if kind == "quickcast":
        from solo.engine.quickcast_turn import dm_quickcast  # (it loads the spell section)

        decision = dm_quickcast(board, source, roll=roll)
    else:
        from solo.engine.turns import dm_creature_action

        decision = dm_creature_action(board, source, roll=roll)
    result = decision_json(decision)
    if notices:  # markers whose cause is gone, taken off first (docs/rulings.md)
        result["instructions"] = [*notices, *result["instructions"]]
    if out:
        board_file.save(board, out)
    echo(json.dumps(result) if as_json else render(result), fold=False)


def _options(f):
    """The options both commands take (contract section 3)."""
    options = [
        click.option("--board", "board_path", required=True, type=click.Path(dir_okay=False),
                     help="The board file (contract section 2)."),
        click.option("--rolls", default=None, metavar="9,3,5",
                     help="Effect-die results to use, in order, instead of rolling."),
        click.option("--seed", type=WHOLE, default=None, help="Seed for every roll --rolls does not cover."),
        click.option("--json", "as_json", is_flag=True, help="Print one JSON object (contract section 3)."),
        click.option("--out", type=click.Path(dir_okay=False), default=None,
                     help="Write the board after the decision to this file."),
    ]
    for option in reversed(options):
        f = option(f)
    return f


@click.group()
def dm() -> None:
    """Decide what the Dummy Mage does next on a board file."""


@dm.command()
@_options
def quickcast(board_path, rolls, seed, as_json, out) -> None:
    """One quickcast action of the Dummy Mage (stage 1 or 3)."""
    _run("quickcast", board_path, rolls, seed, as_json, out)


@dm.command()
@_options
def creature(board_path, rolls, seed, as_json, out) -> None:
    """The next Dummy Mage creature action in the creature-actions stage."""
    _run("creature", board_path, rolls, seed, as_json, out)
