"""`solo export` and `solo import`: one game to a portable file and back (see
:mod:`solo.engine.transfer`)."""

from __future__ import annotations

from pathlib import Path

import click

from solo.cli.term import echo



def _complete_games(ctx, param, incomplete):
    from solo.cli.completion import games

    return games(ctx, param, incomplete)

@click.command("export")
@click.argument("game", shell_complete=_complete_games)
@click.argument("file", type=click.Path())
def export(game, file) -> None:
    """Write GAME (its settings and every answer, replayable) to FILE, for solo import."""
    from solo.store.files import write_atomic
    from solo.cli.games import find_game, open_journal
    from solo.core.errors import MAX_INPUT_BYTES, InvalidInput, _size_text
    from solo.engine.transfer import dumps, export_game

    with open_journal() as journal:
        info = find_game(journal, game)
        data = export_game(journal, info)
    text = dumps(data)
    size = len(text.encode("utf-8"))
    if size > MAX_INPUT_BYTES:  # import would refuse it
        raise InvalidInput(f"game {info.name!r} is too large to export ({_size_text(size)}; "
                           f"solo import reads at most {_size_text(MAX_INPUT_BYTES)})")
    write_atomic(Path(file), text, what="game file")
    n = len(data["steps"])
    echo(f"Wrote {file} ({n} step{'s' if n != 1 else ''})", fold=False)


@click.command("import")
@click.argument("file", type=click.Path())
@click.option("--name", default=None, help="The game's name here (default: the name in FILE).")
def import_(file, name) -> None:
    """Replay the game in FILE (written by solo export) and add it to your games."""
    from solo.cli.games import open_journal
    from solo.store.journal import name_argument
    from solo.engine.transfer import import_game, read_game_file, resume_hint

    data = read_game_file(file)
    with open_journal() as journal:
        info = import_game(journal, data, name=name, where=f"game file {file}", origin=str(file))
    state = "over" if info.status == "over" else f"round {info.round}"
    echo(f"Imported {info.name} ({info.steps} steps, {state}); "
         + (f"solo log {name_argument(info.name)} shows it" if info.status == "over"
                  else f"{resume_hint(info)} goes on with it"), fold=False)
