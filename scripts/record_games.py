"""Record whole games, as `solo export` writes them, for tests/engine/test_recorded.py.

Those tests import each file: every step is replayed with this engine and must write exactly
what it wrote when it was recorded, so a change that alters what a step says or does (a rule,
or only its words) fails there, and a person's game in progress would no longer resume.  When
such a change is meant, bump ``solo.engine.game.ENGINE`` and record the games again:

    python scripts/record_games.py
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solo.engine.game import ENGINE, Settings  # noqa: E402
from solo.store.journal import Journal  # noqa: E402
from solo.engine.session import Session  # noqa: E402
from solo.engine.simulate import Opponent  # noqa: E402
from solo.engine.transfer import export_game  # noqa: E402

OUT = ROOT / "tests" / "data" / "recorded"

#: (file stem, settings, the simulated opponent's skill): mages and decks with much to record
GAMES = [
    ("forcemaster-warlord-harder", dict(seed=5, ym_mage="Forcemaster", dm_mage="Warlord",
                                        decks="Harder"), "skilled"),
    ("beastmaster-necromancer-easier", dict(seed=12, ym_mage="Johktari Beastmaster",
                                            dm_mage="Necromancer", decks="Easier"), "beginner"),
]


class Recorder(Opponent):
    """The simulated opponent, with two edits of the board first (at its first quickcasts):
    conditions on the Dummy Mage, damage on your mage."""

    reads = True  # offered the escapes (edit, undo...) a person is offered
    EDITS = {"quickcast.you": ["edit", "edit"], "edit.object": ["dm", "ym"],
             "edit.field": ["conditions", "damage"], "edit.conditions": ["Burn 1, Weak 1"],
             "edit.damage": [2]}

    def __init__(self, game, skill: str) -> None:
        super().__init__(game, skill)
        self.edits = {k: list(v) for k, v in self.EDITS.items()}

    def _answer(self, q):
        if self.edits.get(q.id):
            return self.edits[q.id].pop(0)
        return super()._answer(q)


def record(stem: str, settings: dict, skill: str) -> Path:
    with tempfile.TemporaryDirectory() as folder, Journal(Path(folder)) as journal:
        session = Session.start(journal, Settings(name=stem, **settings))
        session.game.prompter = Recorder(session.game, skill)
        while not session.game.over:  # its last step writes "game over" too
            session.play_one()
        data = export_game(journal, journal.find(stem))
    path = OUT / f"{stem}.json"
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n",
                    encoding="utf-8")
    return path


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    for stem, settings, skill in GAMES:
        path = record(stem, settings, skill)
        steps = len(json.loads(path.read_text(encoding="utf-8"))["steps"])
        print(f"{path.relative_to(ROOT)}: {steps} steps, {ENGINE}")


if __name__ == "__main__":
    main()
