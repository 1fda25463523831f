"""Fuzzed save files: a mutated save is loaded and played on, or refused with one clear line.

SOLO_FUZZ_EXAMPLES sets the number of inputs per property (default 200; a full run uses 5000).
"""

import copy
import json
from pathlib import Path
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import JSON, set_at

from solo.core.errors import SoloError
from solo.engine.game import Game, Settings
from solo.engine.oldsaves import load_save, read_save, save_dict

EXAMPLES = int(os.environ.get("SOLO_FUZZ_EXAMPLES", "200"))
#: The suite's five minutes for the normal run; a long one a tenth of a second an input.
pytestmark = pytest.mark.timeout(max(300, EXAMPLES // 10))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


class Passive:
    """Answers every question with its default (or the first choice)."""

    def ask(self, q):
        return q.parse(q.default if q.default is not None else q.pairs()[0][1])


def _valid_save() -> dict:
    g = Game.new(Settings(seed=3, name="fuzz"))
    g.prompter = Passive()
    for _ in range(12):
        g.play_one()
    return save_dict(g)


VALID = _valid_save()


def paths(data, prefix=()):
    """Every key path of a JSON value (lists by index), outermost first."""
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            if prefix[:1] == ("undo",) and len(prefix) > 2:
                continue  # undo states repeat the board; a few levels are enough
            yield from paths(v, prefix + (k,))
    elif isinstance(data, list) and prefix[:1] != ("rng",):
        for i, v in enumerate(data[:3]):
            yield from paths(v, prefix + (i,))


PATHS = [p for p in paths(VALID) if p]




def check(data):
    """Accepted and playable for a few steps, or refused with a one-line SoloError; then, as
    an old save file in a data folder, imported into the journal (or skipped with one line),
    played on and undone."""
    try:
        g = read_save(data)
    except SoloError as err:
        assert "\n" not in str(err) and str(err)
        g = None
    if g is not None:
        g.prompter = Passive()
        try:
            for _ in range(6):
                g.play_one()
            json.dumps(save_dict(g))
        except SoloError as err:
            assert "\n" not in str(err)
    import tempfile

    from solo.store.journal import Journal
    from solo.engine.oldsaves import import_old_saves
    from solo.engine.session import Session

    with tempfile.TemporaryDirectory() as folder:
        games = Path(folder) / "games"
        games.mkdir()
        (games / "old.json").write_text(json.dumps(data))
        warnings = []
        with Journal(Path(folder)) as j:
            made = import_old_saves(j, warn=warnings.append)
            assert all("\n" not in w for w in warnings)
            assert bool(made) == (g is not None) or warnings
            assert import_old_saves(j) == []  # once only
            for name in made:
                try:
                    s = Session.open(j, j.find(name))
                    s.game.prompter = Passive()
                    for _ in range(6):
                        s.play_one()
                    while s.undo() is not None:
                        pass
                except SoloError as err:
                    assert "\n" not in str(err)


@FUZZ
@given(st.sampled_from(PATHS), JSON, st.booleans())
def test_mutated_saves(path, value, delete):
    data = copy.deepcopy(VALID)
    set_at(data, path, value, delete)
    check(data)


@FUZZ
@given(JSON)
def test_any_json_as_a_save(value):
    check(value)


def test_a_valid_save_round_trips():
    g = read_save(copy.deepcopy(VALID))
    assert save_dict(g) == VALID


def test_saves_from_disk_that_are_cut_short(tmp_path):
    text = json.dumps(VALID)
    path = tmp_path / "g.json"
    for cut in range(0, len(text), max(1, len(text) // 40)):
        path.write_text(text[:cut])
        try:
            load_save(path)
        except SoloError as err:
            assert "\n" not in str(err)
        else:
            raise AssertionError(f"a save cut at {cut} characters loaded")
