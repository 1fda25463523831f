"""Nothing raw reaches the terminal (issue 31): a deck set, a board, a game's name in the
database, a saved-game file or a setting that holds terminal escapes (a title sequence, a
screen clear, the one-byte CSI ``\\x9b``, a direction override...) is shown with them as
visible escapes, by every command, with colour on as with ``NO_COLOR``; solo's own colour
codes are the only escape sequences it writes.

The commands run in-process (one catalog, no subprocess), with click told to keep escape
sequences (``color=True``), so that nothing is hidden by click's own stripping; colour is on
when the output is taken for a terminal.
"""

from __future__ import annotations

import ast
import json
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.cli import term
from solo.cli.app import cli
from solo.core.errors import OWN_COLOURS, printable

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"

#: What a hostile file puts in a name: a window title, a screen clear (ESC and C1 forms), a
#: colour, a right-to-left override, DEL, NEL, a line separator.
H = "\x1b]0;PWNED\x07\x9b2J\x1b[2J\x1b[31m\u202e\x7f\x85\u2028"
#: Any character a terminal acts on, but for the line break.
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
OWN = re.compile("|".join(re.escape(c) for c in OWN_COLOURS))


def raw_controls(text: str, colour: bool) -> list[str]:
    """The control characters in ``text`` that are not line breaks nor (with ``colour``)
    solo's own colour codes."""
    return RAW.findall(OWN.sub("", text) if colour else text)


def hostile_deck(path: Path, name: str = f"Evil{H}set", card_line: str = "") -> Path:
    text = (ROOT / "decks" / "starter.toml").read_text()
    text = text.replace('name = "Starter"', f"name = {json.dumps(name)}")
    text = re.sub('description = """.*?"""', lambda m: f"description = {json.dumps('Desc' + H)}",
                  text, flags=re.S)
    if card_line:
        text = text.replace("[creature]\n", f"[creature]\n{card_line} = 1\n")
    path.write_text(text)
    return path


def hostile_board(path: Path) -> Path:
    board = json.loads((DATA / "contract_board.json").read_text())
    board["creatures"][0]["id"] = f"dm-{H}1"
    board["creatures"].append({
        "id": f"dm-{H}9", "card": f"Homemade{H}Beast", "side": "dm", "zone": "C2", "damage": 0,
        "active": True, "guarding": False, "conditions": {}, "enchantments": [], "traits": [],
        "stats": {"life": 6, "cost": 5, "armor": 1,
                  "attacks": [{"name": f"Bite{H}", "dice": 3, "range": [0, 0], "kind": "melee"}]}})
    path.write_text(json.dumps(board))
    return path


def rename_game(data: Path, old: str, new: str) -> None:
    """A game's name changed behind solo's back (solo itself takes printable names only)."""
    db = sqlite3.connect(data / "games.sqlite3")
    with db:
        db.execute("UPDATE games SET name = ? WHERE name = ?", (new, old))
    db.close()


@pytest.fixture
def hostile(tmp_path, user_data):
    """Every kind of file and record solo reads, each holding :data:`H`."""
    runner = CliRunner()
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({"setup.start": "start", "quickcast.you": ["pass"] * 400,
                                   "turn.actor": ["done"] * 400}))
    for name, seed in (("g", 4), ("h", 5)):  # g is played to its end; h is cut short
        played = runner.invoke(cli, ["play", "--answers", str(answers), "--seed", str(seed),
                                     "--name", name])
        assert f"Game {name} started" in played.output, played.output
        answers.write_text(json.dumps({"setup.start": "start", "quickcast.you": ["pass"] * 3,
                                       "turn.actor": ["done"] * 3}))
        rename_game(user_data, name, f"{name}{H}")
    (user_data / "decks").mkdir(parents=True, exist_ok=True)
    hostile_deck(user_data / "decks" / "evil.toml")
    game_file = tmp_path / "game.json"
    game_file.write_text(json.dumps({"format": "solo-game/1", "name": f"n{H}", "settings": {},
                                     "steps": []}))
    return {"deck": hostile_deck(tmp_path / "evil.toml"),
            "bad_deck": hostile_deck(tmp_path / "bad.toml", card_line=json.dumps(f"Wolf{H}")),
            "board": hostile_board(tmp_path / "board.json"), "answers": answers,
            "game": f"g{H}", "game_file": game_file, "tmp": tmp_path,
            "config": tmp_path / "userconfig" / "config.toml"}


def commands(h: dict) -> list[list[str]]:
    deck, board, game = str(h["deck"]), str(h["board"]), h["game"]
    return [
        ["deck", "list"], ["deck", "show", deck, "--no-rating"],
        ["deck", "show", f"Evil{H}set", "--no-rating"], ["deck", "validate", deck],
        ["deck", "validate", str(h["bad_deck"])],
        ["deck", "add", deck, "creature", "Timber Wolf"],
        ["deck", "remove", deck, "creature", "Timber Wolf", "--copies", "1"],
        ["dm", "creature", "--board", board, "--seed", "1"],
        ["dm", "creature", "--board", board, "--seed", "2", "--json"],
        ["dm", "quickcast", "--board", board, "--seed", "5"],
        ["simulate", "--decks", deck, "--games", "2", "--jobs", "1"],
        ["play", "--list"], ["log"], ["log", "--", game], ["stats"], ["stats", "--json"],
        ["export", "--", game, str(h["tmp"] / "out.json")], ["import", str(h["game_file"])],
        ["play", "--resume", "--name", game], ["play", "--resume", "--name", f"h{H}", "--answers",
                                                str(h["answers"])],
        ["play", "--decks", f"Evil{H}set", "--answers", str(h["answers"]), "--name", "new"],
        ["deck", "show", "nothing" + H], ["config"],
    ]


#: The commands whose output has no name from the hostile files: a JSON text (which escapes
#: control characters itself), a quickcast that names nobody, a file written.
QUIET = {("dm", "creature", "--json"), ("dm", "quickcast"), ("stats", "--json"), ("export",)}


def _key(args: list[str]) -> tuple[str, ...]:
    return tuple(a for a in args if a.isalpha() or a in ("--json",))[:3]


@pytest.mark.parametrize("colour", [False, True], ids=["NO_COLOR", "colour"])
def test_no_command_prints_a_raw_control_character(hostile, monkeypatch, colour):
    if colour:
        monkeypatch.delenv("NO_COLOR", raising=False)
        monkeypatch.setenv("TERM", "xterm-256color")
    else:
        monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(term, "at_terminal", lambda stream: True)  # taken for a terminal
    runner = CliRunner()
    quiet, coloured = set(), 0
    for args in commands(hostile):
        if args == ["config"]:  # last: a setting that is not valid stops play too
            hostile["config"].parent.mkdir(exist_ok=True)
            hostile["config"].write_text(f"decks = {json.dumps('x' + H)}\n")
        r = runner.invoke(cli, args, color=True)
        assert "Traceback" not in r.output, (args, r.output)
        assert not raw_controls(r.output, colour), (args, r.output)
        if "\\x1b]0;PWNED\\x07\\x9b2J" not in r.output:  # the hostile text, as escapes
            quiet.add(_key(args))
        coloured += bool(OWN.search(r.output))
    assert quiet == {_key(list(k)) for k in QUIET}
    # solo's own colours (the maps and steps of solo play) are there only when colour is on
    assert bool(coloured) == colour


def test_a_map_with_a_hostile_name_is_shown_without_colour_rather_than_raw(capsys):
    from solo.store.board_file import load
    from solo.text.board_map import board_view

    clean = load(DATA / "board24.json")
    painted = term.paint(lambda c: board_view(clean, 80, color=c), True)
    assert isinstance(painted, term.Painted) and OWN.search(painted)
    board = load(DATA / "contract_board.json")
    board.find("dm-1").id = f"dm-{H}"  # a name the colours would have wrapped
    text = term.paint(lambda c: board_view(board, 80, color=c), True)
    assert not isinstance(text, term.Painted)
    term.echo(text, fold=False)
    out = capsys.readouterr().out
    assert "dm-\\x1b]0;PWNED" in out and not raw_controls(out, colour=False)


def test_completion_leaves_out_hostile_names(hostile):
    from solo.cli import completion

    assert completion.games(None, None, "g") == []
    assert [c.value for c in completion.deck_sets(None, None, "")] == ["Easier", "Harder", "Starter"]


def test_the_prompters_show_hostile_words_as_escapes():
    from solo.cli.prompter import PlainPrompter
    from solo.core.questions import Choice, Question

    said, asked = [], []
    q = Question("setup.decks", "select", f"Which set{H}?", (Choice(f"Evil{H}", "evil"), Choice("Starter")))
    p = PlainPrompter(read=lambda prompt: asked.append(prompt) or "1", write=said.append)
    assert p.ask(q) == "evil"
    assert not raw_controls("\n".join(said + asked), colour=False)
    assert any("Evil\\x1b]0;PWNED" in line for line in said)


# -- the one way out ---------------------------------------------------------------------------

#: Calls that write to the terminal; only solo/cli/term.py makes them with text that is not a
#: constant (or already passed through printable).
WRITERS = {("click", "echo"), ("click", "secho"), ("questionary", "print"), (None, "print"),
           ("sys.stdout", "write"), ("sys.stderr", "write")}


def _writer(call: ast.Call) -> tuple[str | None, str] | None:
    f = call.func
    if isinstance(f, ast.Name):
        return (None, f.id) if (None, f.id) in WRITERS else None
    if isinstance(f, ast.Attribute):
        owner = ast.unparse(f.value)
        return (owner, f.attr) if (owner, f.attr) in WRITERS else None
    return None


def _safe(arg: ast.expr) -> bool:
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return True
    return isinstance(arg, ast.Call) and ast.unparse(arg.func).endswith("printable")


def test_every_line_goes_out_through_term_echo():
    """No module but solo/cli/term.py writes text that could hold a file's words: a command
    that printed around :func:`solo.cli.term.echo` could not forget to show control
    characters as escapes, since this fails."""
    found = []
    for path in sorted((ROOT / "solo").rglob("*.py")):
        if path == ROOT / "solo" / "cli" / "term.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and _writer(node) and not (node.args and _safe(node.args[0])):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}")
            for kw in getattr(node, "keywords", []):  # a writer handed on: write=print
                if isinstance(kw.value, (ast.Name, ast.Attribute)) and kw.arg in ("write", "on_info", "warn") \
                        and ast.unparse(kw.value) in ("print", "click.echo", "sys.stdout.write"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {kw.arg}={ast.unparse(kw.value)}")
    assert not found, "\n".join(found)


def test_printable_escapes_every_control_character_and_keeps_the_rest():
    every = "".join(map(chr, range(0x20))) + "\x7f" + "".join(map(chr, range(0x80, 0xa0)))
    assert not RAW.findall(printable(every)) and "\n" not in printable(every)
    assert printable(every, lines=True).count("\n") == 1
    assert printable("Zoë — ✓ 石\t", lines=True) == "Zoë — ✓ 石\\x09"
    assert printable("\x1b[33mA\x1b[0m\x1b[33;1m", colours=True) == "\x1b[33mA\x1b[0m\\x1b[33;1m"
