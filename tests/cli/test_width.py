"""Every screen fits the terminal: at COLUMNS=80 (and 60) no line of `solo play` or `solo dm` is
wider, and no word is cut; colour only where it can be shown."""

from __future__ import annotations

import json

import pytest

from solo.text import board_map as render
from solo.cli import term
from solo.store.board_file import load
from solo.cli.term import color_enabled, visible, wrap
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"


def _answers(tmp_path):
    data = {"setup.start": "start", "quickcast.you": ["pass"] * 400, "turn.actor": ["done"] * 400,
            "defense.use": ["yes"] * 400}
    path = tmp_path / "answers.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("columns", [80, 60])
def test_a_whole_game_fits_the_terminal(run, tmp_path, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    out = run("play", "--answers", _answers(tmp_path), "--seed", "3", "--name", "w")
    assert out.exit_code == 0, out.output
    lines = out.output.split("\n")
    assert len(lines) > 200  # a whole game, maps and all
    assert max(visible(x) for x in lines) <= columns
    # the summoned creatures and the maps are there, not cut away
    assert any("Put it in" in x for x in lines) and sum("┌─A1" in x for x in lines) > 5


@pytest.mark.parametrize("columns", [80, 60])
def test_solo_dm_fits_the_terminal(run, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    for kind in ("creature", "quickcast"):
        for seed in range(1, 6):
            out = run("dm", kind, "--board", DATA / "board24.json", "--seed", seed)
            assert out.exit_code == 0
            assert max(len(x) for x in out.output.split("\n")) <= columns


def test_the_map_fits_every_width_down_to_60():
    board = load(DATA / "board24.json")
    for columns in (100, 80, 70, 60):
        view = render.board_view(board, width=columns)
        assert max(len(x) for x in view.split("\n")) <= columns, columns


def test_lines_break_between_words_only_and_keep_their_hanging_indent():
    text = "  3. Cast Flameblast at your Timber Wolf (ym-2) in B2: four attack dice, then the effect die."
    lines = wrap(text, 30)
    assert all(len(x) <= 30 for x in lines)
    assert " ".join(x.strip() for x in lines) == text.strip()  # nothing cut, nothing lost
    assert all(x.startswith("     ") for x in lines[1:])  # under the text, not the number
    long_word = wrap("see docs/a-very-long-file-name-that-cannot-break.md now", 20)
    assert "docs/a-very-long-file-name-that-cannot-break.md" in [x.strip() for x in long_word]


class _Tty:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize("env,tty,flag,expected", [
    ({}, True, None, True),
    ({"NO_COLOR": ""}, True, None, False),  # set at all, even empty
    ({"TERM": "dumb"}, True, None, False),
    ({}, False, None, False),  # a file or a pipe
    ({}, True, False, False),  # --no-color
])
def test_colour_only_where_it_can_be_shown(monkeypatch, env, tty, flag, expected):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert color_enabled(flag, _Tty(tty)) is expected


def test_coloured_map_lines_count_their_visible_width():
    board = load(DATA / "board24.json")
    plain = render.board_map(board, width=80).split("\n")
    coloured = render.board_map(board, width=80, color=True).split("\n")
    assert [visible(x) for x in coloured] == [len(x) for x in plain]
    assert term.fit("\n".join(coloured), 80).split("\n") == coloured  # never re-wrapped


def test_a_narrow_map_lists_each_zones_objects_in_full():
    board = load(DATA / "board24.json")
    narrow = render.board_map(board, width=60)
    rows = narrow.split("\n")
    assert any(r.strip().startswith("B2") and "dm-6 Stonegaze Basilisk 1/10 +1e" in r for r in rows)
    assert any(r.strip().startswith("D3") and "YM Beastmaster 0/36" in r for r in rows)
    # every object of the board is listed once under the map
    listed = [r for r in rows if r.startswith("  ") and r[2:4].strip()[:1].isalpha()]
    assert len(listed) == len(board.mages) + len(board.creatures) + \
        sum(1 for c in board.conjurations if c.border is None)


@pytest.mark.parametrize("columns", [80, 60])
def test_deck_show_and_cards_fit_the_terminal(run, monkeypatch, columns, catalog):
    monkeypatch.setenv("COLUMNS", str(columns))
    commands = [("deck", "show", name, "--no-rating") for name in ("Starter", "Easier", "Harder")]
    commands += [("deck", "list"), ("cards", "search", "wolf"), ("cards", "search", "a")]
    commands += [("cards", "show", name) for name in catalog.names()[::7]]
    for args in commands:
        out = run(*args)
        assert out.exit_code == 0, (args, out.output)
        # a path longer than the screen cannot break, and stands alone on its line
        over = [x for x in out.output.split("\n") if visible(x) > columns and " " in x.strip()]
        assert not over, (args, over)


def _plain_session(keys: list[str], columns: int) -> str:
    """`solo play --plain` at a real terminal (a pseudo-terminal) ``columns`` wide, answering
    each prompt with the next of ``keys``; everything it wrote."""
    import os
    import pty
    import select
    import subprocess
    import sys
    import time

    main, child = pty.openpty()
    env = dict(os.environ, COLUMNS=str(columns), NO_COLOR="1")
    proc = subprocess.Popen([sys.executable, "-m", "solo", "play", "--plain", "--name", "p",
                             "--seed", "9"], stdin=child, stdout=child, stderr=child, env=env)
    os.close(child)
    out = b""
    try:
        for key in keys + [None]:
            deadline = time.monotonic() + 30
            while not out.rstrip().endswith(b":") and time.monotonic() < deadline:
                ready, _, _ = select.select([main], [], [], 0.5)
                if ready:
                    try:
                        out += os.read(main, 65536)
                    except OSError:
                        break
            if key is None:
                break
            os.write(main, key.encode() + b"\r")
            out += b"\n"  # what was typed is echoed; the next prompt comes after it
            time.sleep(0.2)
            ready, _, _ = select.select([main], [], [], 2)
            if ready:
                out += os.read(main, 65536)
    finally:
        proc.kill()
        proc.wait()
        os.close(main)
    return out.decode(errors="replace").replace("\r", "")


@pytest.mark.parametrize("columns", [60])
def test_plain_questions_wrap_between_words_at_a_real_terminal(columns):
    """The plain prompter (for screen readers) writes through the same wrapping as the rest:
    a long line, such as the message refusing an answer with the choices it takes, breaks
    between words and keeps its indent, instead of being cut by the terminal."""
    text = _plain_session(["no such choice at all", "1"], columns)
    lines = text.splitlines()
    refused = next(i for i, line in enumerate(lines) if "is not on the menu" in line)
    assert lines[refused].startswith("  '") and len(lines[refused]) <= columns
    assert lines[refused + 1].startswith("  ") and lines[refused + 1][2] != " "
    assert all(visible(line) <= columns for line in lines), [l for l in lines if visible(l) > columns]


LONG = ("What did the spell do? (no quick attack spell reaches it from D3, and nothing else of "
        "yours can be cast there this round)")
SHORT = "What did your Thunderift Falcon (ym-12) do?"  # short, but not with its longest answer


@pytest.mark.parametrize("columns", [60, 80])
@pytest.mark.parametrize("message,kind,keys,answer", [
    (LONG, "select", "\x1b[B\r", "An enchantment on it"),
    (SHORT, "select", "\r", "Cast something on your side (equipment, wall...)"),
    (SHORT, "select", "\x1b[B\r", "Moved"),
    (LONG, "text", "Wolf den by a river\r", "Wolf den by a river"),  # 20 columns are kept for it
    (LONG, "confirm", "y", "Yes"),
])
def test_an_answered_question_breaks_between_words_within_the_terminal(monkeypatch, columns, message,
                                                                       kind, keys, answer):
    """questionary leaves "? question answer" on screen; a long question is folded between words,
    and an answer that would not fit after it goes on a line of its own, so no line runs past
    the edge, where the terminal would cut a word in two (it did: "An enchantme" / "nt on it")."""
    import io

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.plain_text import PlainTextOutput

    from solo.core.questions import Choice, Question
    from solo.cli.prompter import QuestionaryPrompter

    monkeypatch.setenv("COLUMNS", str(columns))
    choices = (Choice("Cast something on your side (equipment, wall...)", "own"),
               Choice("Moved", "move") if message is SHORT else Choice("An enchantment on it", "ench"))
    q = Question("q", kind, message, choices=choices if kind == "select" else ())
    out = io.StringIO()
    with create_pipe_input() as inp:
        inp.send_text(keys)
        QuestionaryPrompter(input=inp, output=PlainTextOutput(out)).ask(q)
    shown = out.getvalue().replace("\r", "")
    answered = shown[shown.rindex("? What did"):].rstrip("\n").split("\n")
    assert all(len(line) <= columns for line in answered), answered
    assert answered[0].startswith("? ") and all(line.startswith("  ") for line in answered[1:])
    assert " ".join(answered).split() == ["?", *message.split(), *answer.split()]
    if message is SHORT:  # a question that fits is not folded; only its answer moves down
        assert answered[0] == "? " + SHORT


def test_a_log_read_at_a_terminal_is_folded_and_a_piped_one_is_whole(run, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    assert run("play", "--answers", _answers(tmp_path), "--seed", "3", "--name", "w").exit_code == 0
    piped = run("log", "w").output
    assert max(len(x) for x in piped.splitlines()) > 60  # whole lines, for grep and files
    monkeypatch.setattr(term, "at_terminal", lambda stream: True)
    shown = run("log", "w").output
    assert max(len(x) for x in shown.splitlines()) <= 60
    assert shown.split() == piped.split()  # the same words, only folded
    listed = run("play", "--list").output.splitlines()
    assert len(listed) > 1 and all(x.startswith(" " * 21) for x in listed[1:])  # under its details


def test_an_error_is_one_line_for_a_program_and_folded_for_a_person(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    piped = run("play", "--resume", "--name", "no such game at all, not one, not anywhere")
    assert piped.exit_code == 2 and piped.output.count("\n") == 1 and len(piped.output) > 61
    monkeypatch.setattr(term, "at_terminal", lambda stream: True)
    shown = run("play", "--resume", "--name", "no such game at all, not one, not anywhere")
    lines = shown.output.splitlines()
    assert shown.exit_code == 2 and len(lines) > 1 and all(len(x) <= 60 for x in lines)
    assert all(x.startswith("      ") for x in lines[1:]) and shown.output.split() == piped.output.split()


def test_every_help_fits_80_columns(monkeypatch):
    """Each command's and sub-command's --help at 80 columns: no line wider (click rewraps
    prose, but a block kept as written -- examples, the environment's names -- must fit)."""
    import click
    from click.testing import CliRunner

    from solo.cli.app import COMMANDS, cli

    monkeypatch.setenv("COLUMNS", "80")
    runner = CliRunner()
    paths = []
    for name in COMMANDS:
        command = cli.get_command(click.Context(cli), name)
        paths.append([name])
        if isinstance(command, click.Group):
            paths += [[name, sub] for sub in command.list_commands(click.Context(command))]
    assert ["config", "show"] in paths and len(paths) > 20
    for path in paths:
        out = runner.invoke(cli, [*path, "--help"], terminal_width=80)
        assert out.exit_code == 0, path
        assert max(len(line) for line in out.output.splitlines()) <= 80, (path, out.output)


@pytest.mark.parametrize("columns", [80, 40])
def test_a_rating_narrowing_keeps_to_one_row_of_the_terminal(capsys, monkeypatch, columns):
    """The live line of a rating is rewritten in place with a carriage return, which goes back
    only to the start of its row: a line wider than the terminal would wrap and leave a row
    behind at each update (as `solo deck show` of a long-named set did at 80 columns).  Fed to
    a virtual terminal, twenty updates and the clearing leave every row empty but the last
    line's, which ends in an ellipsis when cut."""
    from types import SimpleNamespace

    from solo.cli.commands.ratings import live_line
    from tests.vt import Terminal

    monkeypatch.setenv("COLUMNS", str(columns))
    t = Terminal(columns, 24)
    for games in range(64, 64 * 21, 64):
        r = SimpleNamespace(games=games, win_rate=0.44, half_width=3.0 / games ** 0.5,
                            settled=lambda: None)
        term.progress(live_line("Rating A Rather Long Deck Set Name", r))
        t.feed(capsys.readouterr().err)
    rows = [row for row in t.display() if row]
    assert len(rows) == 1 and rows[0].startswith("Rating A Rather Long") and len(rows[0]) < columns
    assert rows[0].endswith("…") or len(live_line("Rating A Rather Long Deck Set Name", r)) < columns
    term.progress(None)
    t.feed(capsys.readouterr().err)
    assert not any(t.display())
