"""Remembered settings (`solo config`, flags > environment > file > defaults) and your record
of finished games (`solo stats`)."""

from __future__ import annotations

import json

import pytest

from solo.cli.commands.config import summarize, wilson


def _answers(tmp_path, extra=None):
    """Answers that pass every turn: the Dummy Mage wins in a few rounds."""
    data = {"setup.start": "start", "quickcast.you": ["pass"] * 400, "turn.actor": ["done"] * 400,
            "defense.use": ["yes"] * 400}
    data.update(extra or {})
    path = tmp_path / "answers.json"
    path.write_text(json.dumps(data))
    return path


def _settings_of(run, name):
    out = run("play", "--list")
    return next(line for line in out.output.splitlines() if line.startswith(name))


def test_config_set_show_unset(run, tmp_path):
    assert run("config", "set", "mage", "wizard").exit_code == 0
    assert run("config", "set", "dm-life", "45").exit_code == 0
    shown = run("config").output
    assert "Wizard  (config file)" in shown and "45  (config file)" in shown
    assert "Warlock  (default)" in shown
    assert run("config", "unset", "mage").exit_code == 0
    assert "Beastmaster  (default)" in run("config").output


@pytest.mark.parametrize("args,problem", [
    (("set", "mage", "Timber Wolf"), "not a mage"),
    (("set", "dice", "dragon"), "not one of solo, physical"),
    (("set", "dm_life", "0"), "out of range"),
    (("set", "decks", "No Such Set"), "No Such Set"),
    (("set", "colour", "red"), "unknown setting"),
])
def test_config_refuses_bad_values_with_one_line(run, args, problem):
    out = run("config", *args)
    assert out.exit_code == 2 and problem in out.output and "Traceback" not in out.output


def test_a_broken_config_file_is_one_line(run, user_data, monkeypatch, tmp_path):
    folder = tmp_path / "userconfig"
    folder.mkdir()
    (folder / "config.toml").write_text("mage = [")
    out = run("config")
    assert out.exit_code == 2 and "not valid TOML" in out.output


def test_flags_beat_the_environment_which_beats_the_file(run, tmp_path, monkeypatch):
    run("config", "set", "mage", "Wizard")
    run("config", "set", "dm_mage", "Druid")
    monkeypatch.setenv("SOLO_DM_MAGE", "Priestess")
    out = run("play", "--answers", _answers(tmp_path), "--seed", "2", "--name", "a",
              "--mage", "Forcemaster")
    assert out.exit_code == 0, out.output
    line = _settings_of(run, "a")
    assert "Forcemaster vs Priestess" in line  # flag for your mage, environment for the DM's
    monkeypatch.delenv("SOLO_DM_MAGE")
    run("play", "--answers", _answers(tmp_path), "--seed", "2", "--name", "b")
    assert "Wizard vs Druid" in _settings_of(run, "b")  # both from the file


def test_stats_counts_finished_games_by_deck_set_and_life(run, tmp_path):
    assert "No finished games" in run("stats").output
    for seed, life in ((1, None), (2, "30"), (3, "30")):
        extra = ["--dm-life", life] if life else []
        out = run("play", "--answers", _answers(tmp_path), "--seed", seed, "--name", f"g{seed}", *extra)
        assert out.exit_code == 0, out.output
    data = json.loads(run("stats", "--json").output)
    assert [g["name"] for g in data["games"]] == ["g1", "g2", "g3"]
    assert {g["winner"] for g in data["games"]} == {"dm"}  # passing every turn loses
    by_life = {g["dm_life"]: g for g in data["by_dm_life"]}
    assert by_life["30"]["games"] == 2 and by_life["38"]["games"] == 1
    assert all(g["rounds"] >= 1 for g in data["games"])
    text = run("stats").output
    assert "3 finished games: you won 0" in text


def test_a_game_in_progress_is_not_in_the_record(run, tmp_path):
    short = {"setup.start": "start", "quickcast.you": ["pass"] * 2, "turn.actor": ["done"]}
    path = tmp_path / "short.json"
    path.write_text(json.dumps(short))
    run("play", "--answers", path, "--seed", "5", "--name", "unfinished")  # runs out of answers
    assert "No finished games" in run("stats").output


def test_the_interval_is_wilsons():
    lo, hi = wilson(0, 4)
    assert lo == 0 and 0.45 < hi < 0.5
    rows = [{"decks": "S", "winner": w, "rounds": 3} for w in ("ym", "ym", "dm", "draw")]
    (g,) = summarize(rows, "decks")
    assert (g["games"], g["you_won"], g["dm_won"], g["draws"], g["win_rate"]) == (4, 2, 1, 1, 0.5)


def test_an_unusable_config_folder_is_one_line(run, tmp_path, monkeypatch):
    blocker = tmp_path / "afile"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SOLO_CONFIG_DIR", str(blocker / "solo"))
    out = run("config", "set", "mage", "Wizard")
    assert out.exit_code == 2 and out.output.startswith("solo: ") and "Traceback" not in out.output
    assert len(out.output.strip().splitlines()) == 1


@pytest.mark.parametrize("room", [60, 80])
def test_the_list_of_games_folds_under_its_details_at_a_terminal(room):
    from solo.cli.commands.play import _hanging

    line = ("r11                  Johktari Beastmaster vs Adramelech Warlock, over: the Dummy "
            "Mage won, 102\xa0steps, last\xa0played\xa02026-11-24\xa003:15")
    lines = _hanging(line, room).split("\n")
    assert len(lines) > 1 and all(len(x) <= room for x in lines)
    assert all(x.startswith(" " * 21) and x[21] != " " for x in lines[1:])  # under the details
    assert " ".join(x.strip() for x in lines).split() == line.replace("\xa0", " ").split()
    # a count keeps its unit, and the date its label
    assert not any(x.strip().startswith(("steps", "played", "2026")) for x in lines)
    assert "\xa0" not in _hanging(line, room) and "\xa0" not in _hanging(line)  # piped: whole
    assert _hanging(line) == line.replace("\xa0", " ")


def test_stats_counts_one_game_as_one_game(run, tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"setup.start": "start", "quickcast.you": ["pass"] * 400,
                                "turn.actor": ["done"] * 400}))
    assert run("play", "--answers", path, "--seed", "5", "--name", "one").exit_code == 0
    text = run("stats").output
    assert "1 finished game: you won 0" in text and "1 game,  you won" in text
    assert " 1 games" not in text
    assert any(line.split()[:3] == ["one", "DM", "won"] for line in text.splitlines())  # who won


def test_config_show_is_what_config_alone_shows(run):
    assert run("config", "show").output == run("config").output
    assert "dm_life" in run("config", "show").output


@pytest.mark.parametrize("args", [["config", "set", "mage", "Wizzard"],
                                  ["play", "--mage", "Wizzard", "--name", "m"],
                                  ["play", "--dm-mage", "Wizzard", "--name", "m"]])
def test_a_misspelt_mage_is_answered_with_mages_only(run, args):
    out = run(*args)
    assert out.exit_code == 2 and "no mage named 'Wizzard'; did you mean Wizard" in out.output
    assert "Tower" not in out.output  # Wizard's Tower is a card, not a mage


def test_a_card_that_is_not_a_mage_is_refused_as_a_mage(run):
    out = run("config", "set", "mage", "Timber Wolf")
    assert out.exit_code == 2 and "Timber Wolf is not a mage" in out.output


@pytest.mark.parametrize("hint", [["cards", "search", "--type", "mage"], ["play", "--list"],
                                  ["deck", "list"], ["cards", "show", "Wizard"]])
def test_a_command_an_error_points_to_runs(run, hint):
    """The fix an error names is a command that works (one said 'solo cards search --type mage',
    which wanted a text too)."""
    out = run(*hint)
    assert out.exit_code == 0, out.output
