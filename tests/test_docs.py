"""The documentation's examples work as they are written."""

from __future__ import annotations

import json
import re
from pathlib import Path

from solo.store import board_file

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_board_format_example_loads_and_keeps_every_key():
    text = (DOCS / "board-format.md").read_text(encoding="utf-8")
    example = re.search(r"```json\n(.*?)```", text, re.S)
    assert example, "docs/board-format.md has lost its example"
    data = json.loads(example.group(1))
    b = board_file.from_dict(data)
    assert b.stage == "creatures" and b.mages["ym"].zone == "C3"
    again = json.loads(board_file.dumps(b))
    assert again["mages"]["ym"]["equipment"] == ["Leather Boots"]
    assert [w.border for w in b.walls()] == ["C2"]


def test_every_key_of_the_example_is_described():
    text = (DOCS / "board-format.md").read_text(encoding="utf-8")
    data = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
    table = text.split("## The keys", 1)[1]
    for key in data:
        assert re.search(rf"`{key}[`.\[]", table), key
    for key in data["mages"]["ym"]:
        assert f"`{key}`" in table or f"mages.*.{key}" in table, key
