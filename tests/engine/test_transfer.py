"""`solo export` and `solo import`: one game moved between data folders as a replayable file.

A game exported from one data folder and imported into another gives the same log and the same
board; a file that was changed in any way that matters is refused with one line and nothing is
imported.  SOLO_FUZZ_EXAMPLES sets how many mutated files the fuzz tries (default 100).
"""

import copy
import json
import os
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from fuzzing import JSON, set_at

from solo.core.errors import MAX_INPUT_BYTES, SoloError
from solo.engine.game import Game, Settings
from solo.engine.oldsaves import save_dict
from solo.store.journal import CHECKPOINT_EVERY, Journal
from solo.core.questions import Prompter
from solo.engine.session import Session, open_saved
from solo.engine.transfer import FORMAT, export_game, import_game


class Player(Prompter):
    """Fits any question: attacks with damage it reports, edits the board now and then, types
    physical dice, says which card it drew, sometimes summons."""

    def __init__(self, seed: int = 7) -> None:
        self.rng = random.Random(seed)

    def ask(self, q):
        return q.parse(self.choose(q))

    def choose(self, q):
        r = self.rng
        values = [v for _, v in q.pairs()]
        picks = {
            "turn.actor": lambda: "edit" if r.random() < 0.08 else ("ym" if "ym" in values else values[0]),
            "turn.what": lambda: "attack-typed" if "attack-typed" in values else values[0],
            "turn.attack.damage": lambda: f"{r.randint(0, 6)}+{r.randint(0, 2)}",
            "turn.attack.conditions": lambda: "",
            "edit.conditions": lambda: "",
            "edit.object": lambda: "dm",
            "edit.field": lambda: "damage",
            "edit.damage": lambda: int(q.default) + 1,
            "dice.d12": lambda: r.randint(1, 12),
            "draw.card": lambda: r.choice(q.titles()),
            "defense.use": lambda: r.random() < 0.5,
            "quickcast.you": lambda: "pass",
        }
        if q.id in picks:
            return picks[q.id]()
        if q.id == "dice.attack":
            for count in range(1, 20):
                faces = " ".join(r.choice(["-", "1", "2", "1*", "2*"]) for _ in range(count))
                if q.check(faces) is True:
                    return faces
        if q.default is not None:
            return q.default
        return values[0] if values else ""


def played(folder: Path, name: str, steps: int, seed: int = 31, player_seed: int = 7, **kw) -> None:
    """A game called ``name`` in the journal of ``folder``, played ``steps`` steps (or to its end)."""
    with Journal(folder) as j:
        s = Session.start(j, Settings(seed=seed, name=name, **kw))
        s.game.prompter = Player(player_seed)
        while len(s.rows) < steps and not s.game.over:
            s.play_one()


def exported(folder: Path, name: str) -> dict:
    with Journal(folder) as j:
        return export_game(j, j.find(name))


def log_text(run, folder: Path, name: str, monkeypatch) -> str:
    monkeypatch.setenv("SOLO_DATA_DIR", str(folder))
    r = run("log", name)
    assert r.exit_code == 0, r.output
    return r.output


def one_line(r) -> str:
    assert r.exit_code == 2, r.output
    assert r.output.startswith("solo: ") and r.output.count("\n") == 1, r.output
    assert "Traceback" not in r.output
    return r.output


def no_games(folder: Path) -> bool:
    if not (folder / "games.sqlite3").exists():
        return True
    with Journal(folder) as j:
        return j.games() == []


@pytest.fixture
def folders(tmp_path, monkeypatch):
    a, b = tmp_path / "here", tmp_path / "there"
    monkeypatch.setenv("SOLO_DATA_DIR", str(a))
    return a, b


def move(run, monkeypatch, a, b, name, *import_args, tmp=None):
    """Export ``name`` from folder ``a`` and import it into folder ``b``."""
    path = Path(tmp or a.parent) / f"{name}.json"
    monkeypatch.setenv("SOLO_DATA_DIR", str(a))
    r = run("export", name, path)
    assert r.exit_code == 0, r.output
    assert r.output.startswith(f"Wrote {path} (") and r.output.count("\n") == 1
    monkeypatch.setenv("SOLO_DATA_DIR", str(b))
    r = run("import", path, *import_args)
    assert r.exit_code == 0, r.output
    assert r.output.startswith("Imported ")
    return path


def same_game(run, monkeypatch, a, b, name, other=None):
    other = other or name
    assert log_text(run, a, name, monkeypatch) == log_text(run, b, other, monkeypatch).replace(other, name, 1)
    here, there = open_saved(name, a).game, open_saved(other, b).game
    assert here.board.to_dict() == there.board.to_dict()
    assert here.rng.get_state() == there.rng.get_state()
    assert here.phase.to_dict() == there.phase.to_dict()
    assert here.log == there.log
    points = []
    for folder, game in ((a, name), (b, other)):
        with Journal(folder) as j:
            points.append(sorted(j.checkpoints(j.find(game).id)))
    assert points[0] == points[1]  # a checkpoint at the start, every 24 steps and at the end
    return here, there


# -- round trips -------------------------------------------------------------------------------

def test_a_whole_game_moves_to_another_data_folder(run, folders, monkeypatch, tmp_path):
    a, b = folders
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({"setup.start": "start", "quickcast.you": ["pass"] * 400,
                                   "turn.actor": ["done"] * 400}))
    assert run("play", "--answers", answers, "--seed", "5", "--name", "whole").exit_code == 0
    path = move(run, monkeypatch, a, b, "whole")
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and data["name"] == "whole" and "start" not in data
    assert all(set(s) == {"who", "label", "round", "answers", "entries"} for s in data["steps"])
    same_game(run, monkeypatch, a, b, "whole")
    with Journal(b) as j:
        info = j.find("whole")
        assert (info.status, info.result) == ("over", "dm")
        assert info.settings["name"] == "whole"
    monkeypatch.setenv("SOLO_DATA_DIR", str(b))
    assert "over: the Dummy Mage won" in run("play", "--list").output


def test_edits_typed_damage_and_physical_dice_round_trip(run, folders, monkeypatch):
    a, b = folders
    played(a, "table", 400, dice="physical", draw="you")
    with Journal(a) as j:
        rows = j.steps(j.find("table").id)
    asked = {qid for r in rows for qid, _ in (r.answers or [])}
    assert {"turn.attack.damage", "dice.attack", "dice.d12", "draw.card", "edit.damage"} <= asked
    assert any(r.label.startswith("edit:") for r in rows)
    move(run, monkeypatch, a, b, "table")
    same_game(run, monkeypatch, a, b, "table")
    with Journal(b) as j:
        assert len(j.checkpoints(j.find("table").id)) >= len(rows) // CHECKPOINT_EVERY


def test_an_unfinished_game_imports_and_plays_on_the_same(run, folders, monkeypatch):
    a, b = folders
    played(a, "half", 60, dice="physical", draw="you")
    move(run, monkeypatch, a, b, "half", "--name", "moved")
    same_game(run, monkeypatch, a, b, "half", "moved")
    for folder, name in ((a, "half"), (b, "moved")):
        with Journal(folder) as j:
            s = Session.open(j, j.find(name))
            s.game.prompter = Player(3)
            for _ in range(30):
                s.play_one()
    here, there = open_saved("half", a).game, open_saved("moved", b).game
    assert here.board.to_dict() == there.board.to_dict() and here.log == there.log
    with Journal(b) as j:  # undo goes back into the imported steps
        s = Session.open(j, j.find("moved"))
        assert s.undo() is not None


def test_an_old_save_imported_game_is_not_carried_away(run, folders, monkeypatch, tmp_path):
    """Its first steps are the old file's log, which no answers replay: no other solo could
    check where it starts, so it is not exported, and a file with such a start is refused
    (issue 31: a start is never taken on trust)."""
    a, b = folders
    g = Game.new(Settings(seed=3, name="old"))
    g.prompter = Player(1)
    for _ in range(20):
        g.play_one()
    (a / "games").mkdir(parents=True)
    (a / "games" / "old.json").write_text(json.dumps(save_dict(g)))
    monkeypatch.setenv("SOLO_DATA_DIR", str(a))
    assert run("play", "--list").exit_code == 0  # imports the old save
    with Journal(a) as j:
        s = Session.open(j, j.find("old"))
        s.game.prompter = Player(2)
        for _ in range(30):
            s.play_one()
    line = one_line(run("export", "old", tmp_path / "old.json"))
    assert "began in a save file of an earlier solo" in line and "first 20 steps" in line
    assert not (tmp_path / "old.json").exists()
    with Journal(a) as j:  # the file an earlier version's export wrote
        info = j.find("old")
        rows = j.steps(info.id)
        _, state = j.checkpoint(info.id, 20)
    data = {"format": FORMAT, "name": "old", "settings": info.settings, "start": state,
            "steps": [{"who": r.who, "label": r.label, "round": r.round, "answers": r.answers,
                       "entries": r.entries} for r in rows]}
    assert "follows 20 steps that no answers replay" in refused(run, monkeypatch, tmp_path, data)


def test_a_game_with_your_own_deck_set_needs_no_deck_set_there(run, folders, monkeypatch):
    a, b = folders
    monkeypatch.setenv("SOLO_DATA_DIR", str(a))
    assert run("deck", "random", "--seed", "4", "--name", "Mine").exit_code == 0
    played(a, "mine", 40, decks="Mine")
    data = exported(a, "mine")
    assert data["start"]["log_len"] == 0  # the other machine has no set called Mine
    move(run, monkeypatch, a, b, "mine")
    same_game(run, monkeypatch, a, b, "mine")


def test_a_start_the_settings_do_not_begin_is_refused(run, valid, monkeypatch, tmp_path):
    """Issue 31: a start with the Dummy Mage already destroyed imported as a game of 0 steps,
    a recorded win one step later.  A built-in set's start must be a new game's."""
    data = copy.deepcopy(valid)
    data["steps"] = []
    fresh = Game.new(Settings(**{**valid["settings"]})).state()
    data["start"] = json.loads(json.dumps(fresh))
    monkeypatch.setenv("SOLO_DATA_DIR", str(tmp_path / "there"))
    (tmp_path / "same.json").write_text(json.dumps(data))
    assert run("import", tmp_path / "same.json", "--name", "same").exit_code == 0  # its own start
    data["start"]["board"]["mages"]["dm"]["damage"] = 38
    (tmp_path / "b").mkdir()
    line = refused(run, monkeypatch, tmp_path / "b", data)
    assert "its start is not the one its settings begin: start.board.mages.dm.damage is 38 where " \
           "a new game has 0" in line


def test_your_own_deck_sets_start_is_dealt_again_and_checked(run, folders, monkeypatch, tmp_path):
    """A set the other machine lacks: the start's decks give the set back (each unshuffled with
    the game's seed), and a new game with it must be the start: the rest of it (mages, round,
    the dice's state) is the settings', and its decks must make a valid set."""
    a, b = folders
    monkeypatch.setenv("SOLO_DATA_DIR", str(a))
    assert run("deck", "random", "--seed", "4", "--name", "Mine").exit_code == 0
    played(a, "mine", 12, decks="Mine")
    data = exported(a, "mine")
    (tmp_path / "b").mkdir()
    for change, words in (
            (lambda st: st["board"]["mages"]["ym"].update(damage=30), "start.board.mages.ym.damage is 30"),
            (lambda st: st["board"].update(round=3), "start.board.round is 3 where a new game has 1"),
            (lambda st: st["board"]["decks"]["attack"].pop(), "not valid"),
            (lambda st: st.update(rng=Game.new(Settings(seed=99)).state()["rng"]), "start.rng")):
        bad = copy.deepcopy(data)
        change(bad["start"])
        assert words in refused(run, monkeypatch, tmp_path / "b", bad)


def test_an_empty_game_round_trips(run, folders, monkeypatch):
    a, b = folders
    played(a, "empty", 0)
    path = move(run, monkeypatch, a, b, "empty")
    assert json.loads(path.read_text())["steps"] == []
    same_game(run, monkeypatch, a, b, "empty")


# -- refusals ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def valid(tmp_path_factory):
    folder = tmp_path_factory.mktemp("valid")
    played(folder, "v", 80, dice="physical", draw="you")
    return exported(folder, "v")


def refused(run, monkeypatch, tmp_path, data=None, text=None, path=None, *args):
    b = tmp_path / "there"
    monkeypatch.setenv("SOLO_DATA_DIR", str(b))
    if path is None:
        path = tmp_path / "game.json"
        path.write_text(text if text is not None else json.dumps(data))
    line = one_line(run("import", path, *args))
    assert no_games(b), "something was imported"
    return line


def mine(data):
    """Indexes of steps you answered, with their answers."""
    return [i for i, s in enumerate(data["steps"]) if s["answers"]]


def test_a_changed_answer_is_refused(run, valid, monkeypatch, tmp_path):
    data = copy.deepcopy(valid)
    i, k = next((i, k) for i in mine(data) for k, (q, _) in enumerate(data["steps"][i]["answers"])
                if q == "turn.attack.damage")
    answer = data["steps"][i]["answers"][k]
    answer[1] = "9+9" if answer[1] != "9+9" else "0+0"
    line = refused(run, monkeypatch, tmp_path, data)
    assert f"step {i + 1} " in line and "nothing was imported" in line
    data = copy.deepcopy(valid)
    i = mine(data)[0]
    data["steps"][i]["answers"][0][1] = "no such choice"
    line = refused(run, monkeypatch, tmp_path, data)
    assert f"step {i + 1}" in line and "does not fit" in line


def test_a_changed_entry_is_refused(run, valid, monkeypatch, tmp_path):
    data = copy.deepcopy(valid)
    data["steps"][5]["entries"][0]["lines"][0] += " (and a little more)"
    line = refused(run, monkeypatch, tmp_path, data)
    assert "step 6 (" in line and "other log entries" in line and "lines" in line
    data = copy.deepcopy(valid)
    data["steps"][3]["label"] = "something else"
    assert "step 4" in refused(run, monkeypatch, tmp_path, data)


def test_an_extra_or_missing_step_is_refused(run, valid, monkeypatch, tmp_path):
    data = copy.deepcopy(valid)
    data["steps"].append(copy.deepcopy(data["steps"][mine(data)[-1]]))
    assert f"step {len(data['steps'])} " in refused(run, monkeypatch, tmp_path, data)
    data = copy.deepcopy(valid)
    del data["steps"][10]
    assert "step 11 " in refused(run, monkeypatch, tmp_path, data)


def test_wrong_files_are_refused_with_one_line(run, valid, monkeypatch, tmp_path):
    assert "not a solo game file" in refused(run, monkeypatch, tmp_path, {**valid, "format": "x"})
    assert "another version" in refused(run, monkeypatch, tmp_path, {**valid, "format": "solo-game/9"})
    assert "not valid JSON" in refused(run, monkeypatch, tmp_path, text=json.dumps(valid)[:-40])
    assert "not valid JSON" in refused(run, monkeypatch, tmp_path, text="")
    assert "JSON object" in refused(run, monkeypatch, tmp_path, [valid])
    assert "settings" in refused(run, monkeypatch, tmp_path,
                                 {**valid, "settings": {**valid["settings"], "seed": "x"}})
    assert "settings" in refused(run, monkeypatch, tmp_path,
                                 {**valid, "settings": {**valid["settings"], "dm_mage": "Timber Wolf"}})
    assert "4 MB" in refused(run, monkeypatch, tmp_path, path="/dev/zero")
    big = tmp_path / "big.json"
    big.write_text(" " * MAX_INPUT_BYTES + json.dumps(valid))
    assert "4 MB" in refused(run, monkeypatch, tmp_path, path=big)
    assert "not found" in refused(run, monkeypatch, tmp_path, path=tmp_path / "nowhere.json")
    assert "folder" in refused(run, monkeypatch, tmp_path, path=tmp_path)
    assert "UTF-8" in refused(run, monkeypatch, tmp_path, path=_write(tmp_path / "bin", b"\xff\xfe{"))
    assert "name" in refused(run, monkeypatch, tmp_path, {k: v for k, v in valid.items() if k != "name"})
    assert "name" in refused(run, monkeypatch, tmp_path, valid, None, None, "--name", "")


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_an_existing_name_is_refused_with_a_hint(run, folders, monkeypatch, tmp_path):
    a, b = folders
    played(a, "twice", 20)
    path = move(run, monkeypatch, a, b, "twice")
    r = run("import", path)
    assert "--name" in one_line(r) and "exists" in r.output
    r = run("import", path, "--name", "twice again")
    assert r.exit_code == 0 and "twice again" in r.output
    with Journal(b) as j:
        assert sorted(g.name for g in j.games()) == ["twice", "twice again"]


def test_export_failures_are_one_line(run, folders, monkeypatch, tmp_path):
    a, _ = folders
    played(a, "g", 5)
    line = one_line(run("export", "nope", tmp_path / "x.json"))
    assert "no game called 'nope'" in line and "g" in line
    line = one_line(run("export", "g", tmp_path / "no" / "such" / "folder" / "x.json"))
    assert "cannot write game file" in line
    assert not (tmp_path / "x.json").exists()


def test_a_game_that_no_longer_replays_is_not_exported(run, folders, monkeypatch, tmp_path):
    a, _ = folders
    played(a, "g", 12)
    with Journal(a) as j:  # damage a step's entries, as an engine change would show
        info = j.find("g")
        rows = j.steps(info.id)
        rows[8].entries[0]["lines"] = ["something else"]
        j.set_length(info.id, 8)
        j.commit_step(info.id, rows[8])
    line = one_line(run("export", "g", tmp_path / "g.json"))
    assert "no longer replays" in line and "step 9" in line
    assert not (tmp_path / "g.json").exists()


# -- fuzz --------------------------------------------------------------------------------------

EXAMPLES = int(os.environ.get("SOLO_FUZZ_EXAMPLES", "100"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])


def _valid_exports() -> list[dict]:
    """A game of a built-in set (no start) and one of a set of your own (with its start)."""
    from solo.decks.random_sets import random_set
    from solo.decks.sets import save
    from solo.rules.dice import SeededSource

    with tempfile.TemporaryDirectory() as folder:
        f = Path(folder)
        played(f, "fuzz", 36, seed=9, dice="physical", draw="you")
        mine = save(random_set(SeededSource(2), name="Mine"), f / "mine.toml")
        played(f, "mine", 20, seed=4, decks=str(mine))
        return [exported(f, "fuzz"), exported(f, "mine")]


VALID = _valid_exports()


def paths(data, prefix=()):
    """Key paths of a JSON value worth changing (a few of each list), outermost first."""
    yield prefix
    if prefix[-1:] == ("rng",) or len(prefix) > 6:
        return
    if isinstance(data, dict):
        for k, v in data.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(data, list):
        picks = sorted({0, 1, 2, len(data) // 2, len(data) - 1}) if prefix == ("steps",) else range(3)
        for i in picks:
            if 0 <= i < len(data):
                yield from paths(data[i], prefix + (i,))


PATHS = [(n, p) for n, data in enumerate(VALID) for p in paths(data) if p]




def check(data):
    """Refused with one line and nothing imported, or imported, played on and exported again."""
    with tempfile.TemporaryDirectory() as folder, Journal(Path(folder)) as j:
        try:
            info = import_game(j, data, where="game file g.json")
        except SoloError as err:
            assert "\n" not in str(err) and str(err).startswith("game file g.json")
            assert j.games() == []
            return False
        again = export_game(j, info)
        assert [(t["entries"], t["answers"] or None) for t in again["steps"]] == \
            [(t["entries"], t["answers"] or None) for t in data["steps"]]
        s = Session.open(j, info)
        s.game.prompter = Player(5)
        for _ in range(6):
            s.play_one()
        for _ in range(3):
            s.undo()
    return True


@FUZZ
@given(st.sampled_from(PATHS), JSON, st.booleans())
def test_mutated_exports(where, value, delete):
    n, path = where
    data = copy.deepcopy(VALID[n])
    set_at(data, path, value, delete)
    event("imported" if check(data) else "refused")


@FUZZ
@given(JSON)
def test_any_json_as_a_game_file(value):
    check(value)
    if isinstance(value, dict):
        check({**value, "format": FORMAT})


def test_the_valid_exports_import():
    for data in VALID:
        assert check(copy.deepcopy(data))
