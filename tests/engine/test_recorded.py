"""Games recorded by this engine still replay, step for step.

A game in progress resumes by replaying its recorded answers, and every replayed step must write
exactly what it wrote then (solo.engine.session).  So a change to what a step says or does -- a rule,
or only its words -- stops a person's saved games from resuming.  These whole games (with edits
of the board) were recorded by ``scripts/record_games.py`` with the engine named in each file;
importing one replays every step the same strict way.  When this fails on purpose (a rule
changed), bump ``solo.engine.game.ENGINE`` and record them again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solo.engine.game import ENGINE
from solo.store.journal import Journal
from solo.engine.session import Session
from solo.engine.transfer import Refused, import_game

RECORDED = sorted((Path(__file__).resolve().parents[1] / "data" / "recorded").glob("*.json"))


def test_there_are_recorded_games_with_edits():
    assert len(RECORDED) >= 2
    steps = [s for path in RECORDED for s in json.loads(path.read_text(encoding="utf-8"))["steps"]]
    assert {s["who"] for s in steps} >= {"dm", "ym", "game", "edit"}
    assert all(json.loads(path.read_text(encoding="utf-8"))["steps"][-1]["entries"][-1]["label"]
               == "game over" for path in RECORDED)  # whole games, to the end


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.stem)
def test_a_recorded_game_replays_step_for_step(tmp_path, path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["engine"] == ENGINE, (
        f"{path.name} was recorded by {data['engine']}: record the games again with "
        "python scripts/record_games.py")
    with Journal(tmp_path) as journal:
        info = import_game(journal, data)
        rows, _, bad = journal.read_steps(info.id)
        # and resumed as `solo play --resume --at-step` does: from a checkpoint, replaying
        resumed = Session.open(journal, info, at=len(rows) - 7)
    assert bad is None and len(rows) == len(data["steps"])
    assert [r.entries for r in rows] == [s["entries"] for s in data["steps"]]
    assert resumed.game.log == [e for s in data["steps"][:-7] for e in s["entries"]]


def test_a_step_that_says_other_words_now_is_caught(tmp_path):
    data = json.loads(RECORDED[0].read_text(encoding="utf-8"))
    edit = next(s for s in data["steps"] if s["who"] == "edit")
    edit["entries"][0]["lines"] = [edit["entries"][0]["lines"][0].replace(" → ", " -> ")]
    with Journal(tmp_path) as journal, pytest.raises(Refused, match="other log entries"):
        import_game(journal, data)
