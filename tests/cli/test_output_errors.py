"""Standard output that cannot be written (issue 31): a full disk (``> /dev/full``), an I/O error
(a terminal that hung up), a pipe whose reader is gone (``| head -1``).

Every command says one line and exits 74 (EX_IOERR) for the first two, and ends silently with
141 (128 + SIGPIPE, as the shell reports a program a closed pipe ended) for the third; none
prints a traceback, at start-up, while it works or at exit; a game stopped so keeps every step it
committed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

ROOT = Path(__file__).resolve().parents[2]
BOARD = ROOT / "tests" / "data" / "board24.json"
FULL = "solo: output could not be written: no space left on device"

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full") or not hasattr(os, "openpty"),
                                reason="/dev/full and terminals are Linux's")


def _env(tmp_path: Path) -> dict[str, str]:
    return dict(os.environ, SOLO_DATA_DIR=str(tmp_path / "data"),
                SOLO_CONFIG_DIR=str(tmp_path / "config"), SOLO_CACHE_DIR=str(tmp_path / "cache"),
                HOME=str(tmp_path / "home"), PYTHONHASHSEED="0")


def passive(tmp_path: Path) -> Path:
    path = tmp_path / "passive.json"
    path.write_text(json.dumps({"setup.start": "start", "quickcast.you": ["pass"] * 500,
                                "turn.actor": ["done"] * 500}))
    return path


# -- every command, with standard output on /dev/full ------------------------------------------

def command_args(tmp_path: Path) -> dict[tuple[str, ...], list[list[str]]]:
    """What each command of ``solo --help`` runs with: a few uses that write to standard
    output (``solo tune`` plays for minutes, so only its refusals).  A command missing here fails
    the test: add the ways it writes."""
    answers, deck, game = passive(tmp_path), tmp_path / "mine.toml", tmp_path / "game.json"
    board, md = str(BOARD), str(tmp_path / "log.md")
    return {
        ("roll",): [["roll", "3"], ["roll", "d12", "--json"], ["roll", "compass"],
                    ["roll", "attack", "Timber Wolf", "--vs", "Beastmaster", "--seed", "1"]],
        ("deck", "list"): [["deck", "list"]],
        ("deck", "show"): [["deck", "show", "Starter", "--no-rating"], ["deck", "show", "Harder"]],
        ("deck", "validate"): [["deck", "validate", "Easier"]],
        ("deck", "random"): [["deck", "random", "--seed", "4", "--out", str(deck)],
                             ["deck", "random", "--seed", "5", "--name", "Five"]],
        ("deck", "add"): [["deck", "add", str(deck), "creature", "Timber Wolf"]],
        ("deck", "remove"): [["deck", "remove", str(deck), "creature", "Timber Wolf", "--copies", "1"]],
        ("deck", "compare"): [["deck", "compare", "Starter", "Easier"]],
        ("deck", "new"): [["deck", "new", "--answers", str(answers), "--out", str(tmp_path / "n.toml")]],
        ("deck", "edit"): [["deck", "edit", str(deck), "--answers", str(answers)]],
        ("cards", "search"): [["cards", "search", "wolf"], ["cards", "search", "--type", "mage"]],
        ("cards", "show"): [["cards", "show", "Timber Wolf"]],
        ("dm", "quickcast"): [["dm", "quickcast", "--board", board, "--seed", "1"]],
        ("dm", "creature"): [["dm", "creature", "--board", board, "--seed", "1", "--json"]],
        ("play",): [["play", "--answers", str(answers), "--seed", "3", "--name", "g"],
                    ["play", "--list"], ["play", "--resume", "--name", "g", "--answers", str(answers)],
                    ["play", "--answers", str(answers), "--seed", "4", "--name", "g2"]],
        ("log",): [["log", "g"], ["log", "g", "--markdown", md]],
        ("export",): [["export", "g", str(game)]],
        ("import",): [["import", str(game), "--name", "h"]],
        ("simulate",): [["simulate", "--games", "2", "--jobs", "1"]],
        ("tune",): [["tune", "--target", "140%"]],
        ("config", "show"): [["config", "show"]],
        ("config", "set"): [["config", "set", "dice", "physical"]],
        ("config", "unset"): [["config", "unset", "dice"]],
        ("stats",): [["stats"], ["stats", "--json"]],
        ("rules",): [["rules"], ["rules", "Burn"]],
        ("screen",): [["screen", "--replay", "--name", "g", "--port", "0"]],  # (its link, first)
    }


def every_command() -> list[tuple[str, ...]]:
    """Every command and subcommand ``solo --help`` lists, as paths."""
    from solo.cli.app import cli

    ctx = click.Context(cli)
    out: list[tuple[str, ...]] = []

    def walk(group: click.Group, path: tuple[str, ...]) -> None:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            assert command is not None, name
            if isinstance(command, click.Group):
                walk(command, (*path, name))
            else:
                out.append((*path, name))

    walk(cli, ())
    return out


DRIVER = """
import json, os, sys, traceback
from solo.cli.app import main
full = os.dup(1)
for argv in json.loads(sys.argv[1]):
    quietly = argv[0] == "--quietly"  # set-up (a game to log and export): output to /dev/null
    if quietly:
        argv = argv[1:]
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    else:
        os.write(2, ("=== " + json.dumps(argv) + "\\n").encode())
    sys.stdout = sys.__stdout__  # the process's own, on /dev/full: main watches it anew
    try:
        main(argv)
        code = 0
    except SystemExit as stop:
        code = stop.code
    except BaseException:
        traceback.print_exc()
        code = "traceback"
    sys.stderr.flush()
    if quietly:
        assert code == 0, argv
        os.dup2(full, 1)
    else:
        os.write(2, ("=== exit " + str(code) + "\\n").encode())
"""


@pytest.mark.slow
def test_every_command_with_standard_output_on_dev_full_says_one_line(tmp_path):
    """The commands run one after another in one process (its start-up and exit are the
    next test's), each from ``main`` as the console script calls it."""
    table = command_args(tmp_path)
    missing = [" ".join(c) for c in every_command() if c not in table]
    assert not missing, f"add the ways these write to command_args: {missing}"
    runs = [[*c, "--help"] for c in table] + [["--help"], ["--version"]]
    runs += [args for uses in table.values() for args in uses]
    made = [["--quietly", *table[("play",)][0]], ["--quietly", *table[("export",)][0]]]
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-c", DRIVER, json.dumps(made + runs)], stdout=full,
                              stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                              env=_env(tmp_path), timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-3000:]
    chunks = done.stderr.split("=== [")[1:]
    assert len(chunks) == len(runs), done.stderr[-2000:]
    wrote = 0
    for chunk in chunks:
        argv, *said, status = chunk.rstrip("\n").split("\n")
        assert status.startswith("=== exit "), chunk
        code = status.removeprefix("=== exit ")
        assert "Exception ignored" not in chunk and "Error" not in chunk.replace("Error:", ""), chunk
        if FULL in said:  # it wrote: one line of it, last, and status 74 whatever came before
            wrote += 1
            assert said[-1] == FULL and said.count(FULL) == 1 and code == "74", chunk
        else:  # it refused before writing a thing, in one line (or click's usage lines)
            assert code in ("1", "2") and said and said[-1].startswith(("solo: ", "Error: ")), chunk
    assert wrote >= len(runs) - 2  # all but solo tune's refusal, and one more at most


# -- in a process of its own: start-up, exit, a pipe, a terminal, mid-game --------------------

def solo(tmp_path: Path, args: list[str], stdout, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "solo", *args], stdout=stdout,
                          stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                          env=_env(tmp_path), timeout=120, **kw)


@pytest.mark.parametrize("args", [["roll", "3"], ["--help"], ["cards", "show", "Timber Wolf"]])
def test_a_full_disk_is_one_line_and_74(tmp_path, args):
    with open("/dev/full", "wb") as full:
        done = solo(tmp_path, args, full)
    assert (done.returncode, done.stderr) == (74, FULL + "\n")


def test_a_closed_pipe_ends_silently_with_141(tmp_path):
    """``solo cards search --type creature | head -0``: the reader is gone before a line."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = solo(tmp_path, ["cards", "search", "--type", "creature"], write)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (141, "")


def test_a_terminal_that_hung_up_is_one_line(tmp_path):
    master, slave = os.openpty()
    os.close(master)  # writes to the terminal now fail with EIO
    try:
        done = solo(tmp_path, ["roll", "3"], slave)
    finally:
        os.close(slave)
    assert done.returncode == 74
    assert done.stderr == "solo: output could not be written: input/output error\n"


def play_until_output_fails(tmp_path: Path, after: int, hang_up: bool) -> subprocess.Popen:
    """``solo play`` whose output stops being read after ``after`` bytes: its terminal hangs up
    (EIO), or its pipe closes (EPIPE)."""
    if hang_up:
        reader, writer = os.openpty()
    else:
        reader, writer = os.pipe()
    p = subprocess.Popen([sys.executable, "-m", "solo", "play", "--answers", str(passive(tmp_path)),
                          "--seed", "3", "--name", "g"], stdout=writer, stderr=subprocess.PIPE,
                         stdin=subprocess.DEVNULL, env=_env(tmp_path))
    os.close(writer)
    got = 0
    while got < after:
        chunk = os.read(reader, 4096)
        assert chunk, "the game ended before its output stopped being read"
        got += len(chunk)
    os.close(reader)
    p.wait(timeout=120)
    return p


@pytest.mark.slow
@pytest.mark.parametrize("hang_up", [True, False])
def test_output_lost_mid_game_keeps_the_game(tmp_path, hang_up):
    p = play_until_output_fails(tmp_path, 20_000, hang_up)
    err = p.stderr.read().decode()
    p.stderr.close()
    listed = solo(tmp_path, ["play", "--list"], subprocess.PIPE)
    steps = int(listed.stdout.split(" steps")[0].split()[-1])
    assert steps > 5
    if hang_up:
        assert p.returncode == 74 and err == (
            "solo: output could not be written: input/output error (the game stands as after step "
            f"{steps}; resume with solo play --resume --name g)\n")
    else:
        assert (p.returncode, err) == (141, "")
    again = solo(tmp_path, ["play", "--resume", "--name", "g", "--answers", str(passive(tmp_path))],
                 subprocess.PIPE)
    assert again.returncode == 0 and "Game over" in again.stdout, again.stderr
