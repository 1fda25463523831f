"""Save files of earlier versions (``games/*.json``, format ``solo-save/1``), imported once.

Such a file holds a game's state and log but not the answers that made it, so the imported
game starts its journal where the file stood: its log becomes steps that cannot be replayed
(the game's first checkpoint is the file's state), and undo goes back no further than that.
The files are left where they are; each is imported once (the journal keeps a list), and a file
that cannot be read is reported and skipped, never fatal.

:func:`load_save` and :func:`read_save` read such a file into a
:class:`~solo.engine.game.Game`; :func:`save_dict` writes one (for tests and tools).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from solo.core.errors import (InvalidInput, SoloError, format_problem, kind_of_file, read_text,
                              unreadable)
from solo.store.journal import Journal, StepRow, StorageError, check_name, iter_old_saves

if TYPE_CHECKING:
    from solo.engine.game import Game

SAVE_FORMAT = "solo-save/1"  # the JSON save files of earlier versions, imported once


def import_old_saves(journal: Journal, warn: Callable[[str], None] | None = None) -> list[str]:
    """Import every old save not imported yet; returns the names of the games made.

    Each file is imported in one transaction with its mark, so that two solo starting at once
    import it once.  A file that cannot be read as a game is noted once and skipped; a database
    that cannot be written (full, read-only) stops here and the file is tried again next time."""
    made = []
    for path in iter_old_saves(journal.folder):
        odd = _not_a_file(path)
        # (a file's key is its real path, as it always was; realpath never fails on a loop)
        key = os.path.realpath(path) if odd is None else f"{os.path.abspath(path)} ({odd})"
        if journal.was_imported(key):
            continue
        if odd is not None:  # never opened: a pipe or a device could hang, a link lead anywhere
            if warn is not None:
                warn(f"old saved game not imported: {path} is {odd}, not a file; it is left as it is")
            journal.mark_imported(key, None)
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


def _not_a_file(path: Path) -> str | None:
    """What ``path`` is, in words, when it is not a regular file (a symbolic link, a named
    pipe...); None for a file, or when it cannot be looked at (reading it says why)."""
    import stat

    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    return None if stat.S_ISREG(mode) else kind_of_file(mode)


def import_old_save(journal: Journal, path: Path) -> str:
    from solo.engine.game import ENGINE

    try:
        game = load_save(path)
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


# -- the files -------------------------------------------------------------------------------

def save_dict(game: Game) -> dict[str, Any]:
    """The game as a save file of earlier versions held it."""
    return {"format": SAVE_FORMAT, "settings": asdict(game.settings),
            "board": game.board.to_dict(), "rng": game.rng.get_state(),
            "phase": game.phase.to_dict(), "log": game.log, "undo": []}


def read_save(data: Any, where: str = "save file") -> Game:
    """The game a save file of an earlier version holds (its undo states are not used)."""
    from solo.engine.game import Game, Settings, set_rng
    from solo.engine.rounds import RoundState
    from solo.store.board_file import from_dict as board_from_dict
    from solo.rules.dice import SeededSource

    if not isinstance(data, dict):
        raise InvalidInput(f"{where} does not hold a saved game")
    problem = format_problem(data.get("format"), SAVE_FORMAT, "a solo saved game")
    if problem:
        raise InvalidInput(f"{where}: {problem}")
    try:
        settings = Settings.from_dict(data["settings"])
        board = board_from_dict(data["board"])
        rng = SeededSource(settings.seed)
        set_rng(rng, data["rng"])
        phase = RoundState.from_dict(data["phase"])
        log = data["log"]
        if not isinstance(log, list) or not all(_log_entry(e) for e in log):
            raise ValueError("log: every entry needs n, round, who, label and lines")
    except SoloError as err:
        raise InvalidInput(f"{where} is damaged: {err}") from None
    except (KeyError, TypeError, ValueError, OverflowError, RecursionError) as err:
        raise InvalidInput(f"{where} is damaged ({type(err).__name__}: {err}); "
                           "start a new game or restore a copy") from None
    return Game(settings, board, rng, phase, log)


def load_save(path: str | Path) -> Game:
    """The game in the save file at ``path``."""
    p = Path(path)
    text = read_text(p, "saved game", "see solo play --list", regular=True)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InvalidInput(f"saved game {p} is not valid JSON (line {err.lineno}); "
                           "it may have been cut short") from None
    except ValueError as err:  # a number too long to read (nesting: see import_old_save)
        raise InvalidInput(f"saved game {p} cannot be read: {unreadable(err)}") from None
    return read_save(data, f"saved game {p}")


def _log_entry(e: Any) -> bool:
    return (isinstance(e, dict) and isinstance(e.get("label"), str) and isinstance(e.get("who"), str)
            and isinstance(e.get("lines"), list) and all(isinstance(x, str) for x in e["lines"]))
