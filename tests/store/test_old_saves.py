"""Old save files (``$SOLO_DATA_DIR/games/*.json``) that are not files (issue 31): every command
that opens the game database looks at them, so none of them may stop it, hang it or say the same
thing at every start.

Each case runs in a fresh process under a timeout: a command that waits on a pipe or a device
would otherwise hang the test run itself.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solo.store.journal import Journal

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")

#: Every kind of thing a ``games/*.json`` entry can be that is not a file, with what it is said
#: to be; built in ``games`` by :func:`odd_entries`.
ODD = {"loop.json": "a symbolic link", "zero.json": "a symbolic link", "tty.json": "a symbolic link",
       "pipe.json": "a named pipe", "x.json": "a folder"}


def odd_entries(games: Path) -> None:
    games.mkdir(parents=True)
    (games / "loop.json").symlink_to("loop.json")  # a link to itself: a loop
    (games / "zero.json").symlink_to("/dev/zero")  # endless
    (games / "tty.json").symlink_to("/dev/tty")  # would wait for the terminal
    os.mkfifo(games / "pipe.json")  # would wait for a writer
    (games / "x.json").mkdir()
    with open(games / "huge.json", "wb") as f:  # a gigabyte, sparse: refused unread
        f.truncate(1 << 30)


def solo(args, env, timeout=60):
    p = subprocess.run([sys.executable, "-m", "solo", *args], env=env, capture_output=True,
                       text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def test_entries_that_are_not_files_are_skipped_with_one_line_once(tmp_path):
    data = tmp_path / "data"
    odd_entries(data / "games")
    env = dict(os.environ, SOLO_DATA_DIR=str(data))
    rc, out, err = solo(["play", "--list"], env)
    assert rc == 0 and "Traceback" not in err and out == "No games yet.\n", (rc, err)
    notes = err.splitlines()
    assert len(notes) == len(ODD) + 1, err
    assert all(n.startswith("solo: old saved game not imported: ") for n in notes), err
    for name, kind in ODD.items():
        assert sum(f"{name} is {kind}, not a file" in n for n in notes) == 1, (name, notes)
    assert sum("huge.json is larger than 4 MB" in n for n in notes) == 1, notes
    # noted once: the next commands say nothing of them
    assert solo(["play", "--list"], env) == (0, out, "")
    rc, _, err = solo(["stats"], env)
    assert rc == 0 and err == ""


READ = """
import sys
from solo.core.errors import SoloError
from solo.engine.oldsaves import load_save
for path in sys.argv[1:]:
    try:
        load_save(path)
    except SoloError as err:
        print(err)
"""


def test_a_save_turned_into_a_pipe_or_a_device_after_the_look_is_refused_unread(tmp_path):
    """The file is looked at before it is opened; should it change in between, opening it never
    waits and reading it takes only a regular file of at most 4 MB."""
    games = tmp_path / "games"
    odd_entries(games)
    paths = [str(games / n) for n in ("pipe.json", "zero.json", "tty.json", "x.json", "huge.json")]
    done = subprocess.run([sys.executable, "-c", READ, *paths], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    said = done.stdout.splitlines()
    assert len(said) == len(paths), said
    assert "pipe.json is a named pipe, not a file" in said[0]
    assert "zero.json is a device, not a file" in said[1]
    assert "tty.json" in said[2]  # a device, or no terminal to open at all
    assert "x.json is a folder, not a file" in said[3]
    assert "huge.json is larger than 4 MB" in said[4]


def test_a_save_beside_them_is_still_imported(tmp_path):
    from solo.core.questions import RulePrompter
    from solo.engine.game import Game, Settings
    from solo.engine.oldsaves import import_old_saves, save_dict

    game = Game.new(Settings(seed=7, name="old"))
    game.prompter = RulePrompter({"quickcast.you": "pass", "turn.actor": "done"})
    for _ in range(5):
        game.play_one()
    odd_entries(tmp_path / "games")
    (tmp_path / "games" / "kept.json").write_text(json.dumps(save_dict(game)))
    notes: list[str] = []
    with Journal(tmp_path) as j:
        assert import_old_saves(j, warn=notes.append) == ["kept"]
        assert len(notes) == len(ODD) + 1
        assert import_old_saves(j, warn=notes.append) == [] and len(notes) == len(ODD) + 1


def test_a_named_pipe_for_the_settings_or_the_ratings_cache_hangs_nothing(tmp_path):
    """Files solo reads that nobody named: ``config.toml`` and the ratings cache.  A named pipe in
    their place is refused (the settings) or passed over (the cache, only a cache), never waited
    on."""
    config, cache = tmp_path / "config", tmp_path / "cache"
    config.mkdir()
    cache.mkdir()
    os.mkfifo(config / "config.toml")
    os.mkfifo(cache / "ratings.json")
    env = dict(os.environ, SOLO_DATA_DIR=str(tmp_path / "data"), SOLO_CONFIG_DIR=str(config),
               SOLO_CACHE_DIR=str(cache))
    rc, out, err = solo(["config"], env, timeout=30)
    assert rc == 2 and err.count("\n") == 1 and "is a named pipe, not a file" in err, (rc, err)
    (config / "config.toml").unlink()
    rc, out, err = solo(["deck", "show", "Starter"], env, timeout=60)  # its rating: the cache
    assert rc == 0 and "Traceback" not in err, (rc, err)
