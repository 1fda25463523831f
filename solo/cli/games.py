"""The game database as the commands open it: in your data folder, with the save files of
earlier versions imported once, and a game found by its name or as the last one played."""

from __future__ import annotations

from pathlib import Path

from solo.cli.term import echo

from solo.core.errors import InvalidInput


def data_folder() -> Path:
    from solo.decks.sets import user_data_dir

    return user_data_dir()


def open_journal():
    """The game database, with the save files of earlier versions imported (once)."""
    from solo.core.errors import one_line
    from solo.store.files import sweep_leftovers
    from solo.store.journal import Journal
    from solo.engine.oldsaves import import_old_saves

    folder = data_folder()
    sweep_leftovers(folder)  # what writes killed an hour ago or more left behind
    journal = Journal(folder)
    for line in journal.tell():  # steps lost behind solo's back since it last closed it
        echo(f"solo: {line}", err=True, fold=False)
    try:
        import_old_saves(journal, warn=lambda text: echo(f"solo: {one_line(text)}", err=True,
                                                         fold=False))
    except BaseException:
        journal.close()
        raise
    return journal


def find_game(journal, name: str | None):
    """The game called ``name``, or the last one played."""
    if name:
        info = journal.find(name)
        if info is None:
            names = ", ".join(g.name for g in journal.games()[:8]) or "none yet"
            raise InvalidInput(f"no game called {name!r}; games: {names} (see solo play --list)")
        return info
    info = journal.latest()
    if info is None:
        raise InvalidInput("no game to resume yet; start one with solo play")
    return info
