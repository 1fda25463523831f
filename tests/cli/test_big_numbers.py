"""Numbers too long to read (issue 31): Python refuses to turn more than 4300 digits into an int
(a ValueError about one of its settings), so every place solo reads a number from a person or a
file holds it to ``MAX_DIGITS`` first and says, in one line, that the number is too big.
"""

import json
from pathlib import Path

import pytest

from solo.core.errors import MAX_DIGITS, NumberTooBig, read_int

ROOT = Path(__file__).resolve().parents[2]
BOARD = ROOT / "tests" / "data" / "board24.json"
HUGE = "9" * 5000  # past Python's own limit
LONG = "9" * (MAX_DIGITS + 1)  # readable, but past solo's


def refused(result, *words: str) -> str:
    """One ``solo:`` line, or click's usage error, saying the number is too big; status 2."""
    err = result.stderr
    assert "Traceback" not in err + result.stdout and HUGE not in err, err[:300]
    assert result.exit_code == 2, (result.exit_code, err[:300])
    line = err.splitlines()[-1]
    assert line.startswith(("solo: ", "Error: ")) and "too big" in line, err[:300]
    for w in words:
        assert w in line, line
    return line


@pytest.mark.parametrize("number", [HUGE, LONG])
@pytest.mark.parametrize("args", [
    ["roll", "{}"],
    ["roll", "3", "--seed", "{}"],
    ["roll", "3", "--armor", "{}"],
    ["dm", "creature", "--board", str(BOARD), "--rolls", "3,{}"],
    ["dm", "quickcast", "--board", str(BOARD), "--seed", "{}"],
    ["simulate", "--games", "{}"],
    ["play", "--resume", "--at-step", "{}"],
    ["deck", "random", "--seed", "{}"],
])
def test_an_argument_too_long_is_refused_in_one_line(run, args, number):
    refused(run(*[a.replace("{}", number) for a in args]))


def board_with(tmp_path: Path, change) -> Path:
    data = json.loads(BOARD.read_text())
    change(data)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("change, key", [
    (lambda b: b["creatures"][0].update(traits=[f"Melee +{HUGE}"]), "creatures[0].traits[0]"),
    (lambda b: b["creatures"][0].update(traits=[f"Regenerate {LONG}"]), "creatures[0].traits[0]"),
    (lambda b: b["creatures"][0].update(stats={"traits": [f"Armor +{HUGE}"]}), "creatures[0].stats.traits[0]"),
])
def test_a_board_trait_with_too_many_digits_is_refused_naming_its_key(run, tmp_path, change, key):
    board = board_with(tmp_path, change)
    refused(run("dm", "creature", "--board", board, "--seed", "1"), key)


def test_a_board_number_past_pythons_limit_is_said_in_solo_words(run, tmp_path):
    board = tmp_path / "board.json"
    board.write_text(BOARD.read_text().replace('"round": 4', f'"round": {HUGE}'))
    line = refused(run("dm", "creature", "--board", board), "board file")
    assert "set_int_max_str_digits" not in line


def test_a_config_file_number_past_pythons_limit_is_one_line(run, tmp_path, monkeypatch):
    folder = tmp_path / "conf"
    folder.mkdir()
    (folder / "config.toml").write_text(f"dm_life = {HUGE}\n")
    monkeypatch.setenv("SOLO_CONFIG_DIR", str(folder))
    refused(run("config"), "config.toml")


def test_a_life_setting_too_long_is_refused(run, monkeypatch):
    monkeypatch.setenv("SOLO_DM_LIFE", HUGE)
    refused(run("config"), "SOLO_DM_LIFE")


def test_an_old_save_with_a_number_past_pythons_limit_is_noted_not_fatal(run, user_data):
    games = user_data / "games"
    games.mkdir(parents=True)
    (games / "big.json").write_text(f'{{"format": "solo-save/1", "x": {HUGE}}}')
    r = run("play", "--list")
    assert r.exit_code == 0 and "Traceback" not in r.stderr
    assert r.stderr.startswith("solo: old saved game not imported: ") and "too big" in r.stderr
    assert r.stderr.count("\n") == 1


def test_typed_numbers_too_long_are_a_bad_answer_with_the_reason():
    from solo.core.questions import AnswerError, Question
    from solo.engine.answers import check_conditions, check_damage

    assert "too big" in check_damage(HUGE) and "too big" in check_damage(f"1+{LONG}")
    assert "at most 99 markers" in check_conditions(f"Burn {HUGE}")  # the cap, said first
    with pytest.raises(AnswerError, match="too big"):
        Question("n", "int", "How many?").parse(HUGE)


def test_read_int_counts_digits_not_characters():
    assert read_int(" " * 500 + "42" + " " * 500) == 42
    assert read_int("1_000") == 1000
    with pytest.raises(NumberTooBig):
        read_int("1_" * (MAX_DIGITS + 1) + "1")


def test_an_id_with_too_many_digits_does_not_stop_a_summon(tmp_path):
    from solo.store.board_file import load

    board = load(board_with(tmp_path, lambda b: b["creatures"][0].update(id=f"dm-{HUGE}")))
    made = board.new_id("dm")
    assert made.startswith("dm-") and len(made) < 10 and board.new_id("dm") != made


def test_an_attack_trait_with_too_many_digits_is_refused_as_too_big(tmp_path):
    """A homemade creature's attack traits are read only when it attacks: a bonus such as
    ``+2 vs. Mage`` with a number past Python's limit is a person's error, not a traceback."""
    from solo.rules.combat.modifiers import vs_bonus
    from solo.store.board_file import load

    board = load(BOARD)
    assert vs_bonus(board, "+2 vs. Mage", board.find("ym")) == 2
    with pytest.raises(NumberTooBig):
        vs_bonus(board, f"+{HUGE} vs. Mage", board.find("ym"))
