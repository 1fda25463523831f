"""Save files of earlier versions (``games/*.json``, format ``solo-save/1``), imported once.

Such a file holds a game's state and log but not the answers that made it, so the imported
game starts its journal where the file stood: its log becomes steps that cannot be replayed
(the game's first checkpoint is the file's state), and undo goes back no further than that.  The files are left where they are; each is imported once (the journal keeps a
list), and a file that cannot be read is reported and skipped, never fatal.
"""

from __future__ import annotations

from pathlib import Path

from solo.core.errors import InvalidInput, SoloError
from solo.store.journal import Journal, StepRow, StorageError, check_name, iter_old_saves


def import_old_saves(journal: Journal, warn=None) -> list[str]:
    """Import every old save not imported yet; returns the names of the games made.

    Each file is imported in one transaction with its mark, so that two solo starting at once
    import it once.  A file that cannot be read as a game is noted once and skipped; a database
    that cannot be written (full, read-only) stops here and the file is tried again next time."""
    made = []
    for path in iter_old_saves(journal.folder):
        key = str(path.resolve())
        if journal.was_imported(key):
            continue
        try:
            with journal.transaction():
                if journal.was_imported(key):  # another solo did it meanwhile
                    continue
                name = import_old_save(journal, path)
                info = journal.find(name)
                journal.mark_imported(key, info.id if info else None)
        except StorageError:
            raise
        except SoloError as err:  # nothing of it was written
            if warn is not None:
                warn(f"old saved game not imported: {err}")
            journal.mark_imported(key, None)
            continue
        made.append(name)
    return made


def import_old_save(journal: Journal, path: Path) -> str:
    from dataclasses import asdict

    from solo.engine.game import ENGINE, Game

    try:
        game = Game.load(path)
    except RecursionError:
        raise InvalidInput(f"saved game {path} is nested too deeply to be a game") from None
    name = path.stem[:60] or "imported"
    try:
        check_name(name)
    except SoloError:
        name = "imported"
    base, n = name, 2
    while journal.find(name) is not None:
        name = f"{base}-{n}"
        n += 1
    game.settings.name = name
    with journal.transaction():  # the file's state is the checkpoint after its last step
        info = journal.create(name, asdict(game.settings), ENGINE + " (imported)", game.state(),
                              origin=str(path), start_at=len(game.log))
        for i, entry in enumerate(game.log, 1):
            rnd = entry.get("round")
            rnd = rnd if isinstance(rnd, int) and 0 < rnd < 1_000_000 else 1
            entry = {**entry, "n": i, "round": rnd}  # as the log of this version writes them
            row = StepRow(i, str(entry.get("who", "game")), str(entry.get("label", "")), rnd,
                          None, [entry])
            # the file's state goes with its last step (a step written clears what stood after it)
            journal.commit_step(info.id, row, game.state() if i == len(game.log) else None)
        if game.over:
            outcome = game.phase.outcome
            journal.set_status(info.id, "over", outcome.result if outcome else None)
    return name
