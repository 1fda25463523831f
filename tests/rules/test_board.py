"""The board file (contract section 2) and arena geometry."""

import copy
import json
import re
from pathlib import Path

import pytest

from solo.store import board_file
from solo.rules.arena import Arena, Geometry, Wall
from solo.rules.board import new_board
from solo.store.board_file import BoardError, from_dict
from solo.rules import effects

CONTRACT = Path(__file__).resolve().parents[3] / "shared" / "spec" / "contract.md"

EXAMPLE = json.loads((Path(__file__).parents[1] / "data" / "contract_board.json").read_text())  # contract section 2


def test_contract_example_loads():
    if CONTRACT.exists():  # the shared spec sits beside the project in development and CI
        text = CONTRACT.read_text()
        data = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
        assert data == EXAMPLE
    b = from_dict(copy.deepcopy(EXAMPLE))
    wolf = b.get("dm-1")
    assert b.has_trait(wolf, "Melee")  # Bear Strength gives Melee +2
    assert b.life(wolf) == 10 and b.armor(wolf) == 2
    assert b.walls()[0].passage_blocked and b.walls()[0].blocks_los


def test_round_trip_keeps_unknown_keys(tmp_path):
    data = copy.deepcopy(EXAMPLE)
    data["notes"] = {"table": "kitchen"}
    data["creatures"][0]["painted"] = True
    data["mages"]["dm"]["mood"] = "grim"
    b = from_dict(data)
    path = tmp_path / "b.json"
    board_file.save(b, path)
    again = json.loads(path.read_text())
    assert again["notes"] == {"table": "kitchen"}
    assert again["creatures"][0]["painted"] is True
    assert again["mages"]["dm"]["mood"] == "grim"
    assert from_dict(again).to_dict() == b.to_dict()


def test_optional_keys_have_defaults():
    data = copy.deepcopy(EXAMPLE)
    del data["stage"], data["discards"]
    b = from_dict(data)
    assert b.stage == "quickcast-1" and b.discards["attack"] == []


def broken(path: str, value=None, delete=False):
    data = copy.deepcopy(EXAMPLE)
    keys = path.split(".")
    node = data
    for k in keys[:-1]:
        node = node[int(k)] if isinstance(node, list) else node[k]
    last = keys[-1]
    if isinstance(node, list):
        last = int(last)
    if delete:
        del node[last]
    else:
        node[last] = value
    return data


@pytest.mark.parametrize("data,key,words", [
    (broken("format", "solo-board/9"), "format", "solo-board/1"),
    (broken("round", 0), "round", "1 to 9999"),
    (broken("round", "one"), "round", "whole number"),
    (broken("stage", "lunch"), "stage", "one of"),
    (broken("initiative", "me"), "initiative", "dm, ym"),
    (broken("arena", delete=True), "arena", "missing"),
    (broken("mages.dm.card", "Gandalf"), "mages.dm.card", "no catalog card"),
    (broken("mages.dm.card", "Timber Wolf"), "mages.dm.card", "expected a Mage"),
    (broken("mages.ym.zone", "E1"), "mages.ym.zone", "outside"),
    (broken("mages.ym.zone", "middle"), "mages.ym.zone", "not a zone"),
    (broken("mages.ym.life", -3), "mages.ym.life", "1 to 999"),
    (broken("creatures.0.conditions", {"Cripple": 10**12}), "creatures[0].conditions.Cripple", "0 to 99"),
    (broken("creatures.0.traits", ["Melee +1000"]), "creatures[0].traits[0]", "99 or less"),
    (broken("creatures.0.id", "dm"), "creatures[0].id", "used twice"),
    (broken("creatures.0.card", "Timbr Wolf"), "creatures[0].card", "Timber Wolf"),
    (broken("creatures.0.side", "both"), "creatures[0].side", "one of"),
    (broken("creatures.0.active", "yes"), "creatures[0].active", "true or false"),
    (broken("creatures.0.conditions", {"Burn": "lots"}), "creatures[0].conditions.Burn", "whole number"),
    (broken("creatures.0.enchantments", "Bear Strength"), "creatures[0].enchantments", "list"),
    (broken("conjurations.0.border", "D3"), "conjurations[0].border", "not next to"),
    (broken("decks.creature", ["Fireball"]), "decks.creature[0]", "expected a Creature"),
    (broken("decks.extra", []), "decks", "unknown deck"),
    (broken("creatures", {}), "creatures", "must be a list"),
])
def test_wrong_boards_name_the_key_and_the_problem(data, key, words):
    with pytest.raises(BoardError) as err:
        from_dict(data)
    message = str(err.value)
    assert f"{key}:" in message and words in message
    assert err.value.exit_code == 2


def test_unknown_card_allowed_with_stats():
    data = broken("creatures.0.card", "Homebrew Drake")
    with pytest.raises(BoardError):
        from_dict(data)
    data["creatures"][0]["stats"] = {"life": 7, "cost": 6, "armor": 1}
    b = from_dict(data)
    drake = b.get("dm-1")
    assert (b.life(drake), b.cost(drake), b.armor(drake)) == (7, 6, 1)


def test_load_errors_name_the_file(tmp_path):
    with pytest.raises(BoardError, match="not found"):
        board_file.load(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(BoardError, match="not valid JSON .*line 1"):
        board_file.load(bad)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(broken("round", 0)))
    with pytest.raises(BoardError, match=r"wrong.json: board: round"):
        board_file.load(wrong)


def test_cli_reports_a_bad_board_in_one_line(run, tmp_path):
    path = tmp_path / "b.json"
    path.write_text(json.dumps(broken("mages.ym.zone", "Z9")))
    r = run("dm", "quickcast", "--board", path)
    assert r.exit_code == 2
    assert "mages.ym.zone" in r.output and "Traceback" not in r.output


def test_new_ids_never_repeat():
    b = new_board()
    a = b.add_creature("Timber Wolf", "dm", "A1")
    b.remove(a.id)
    c = b.add_creature("Timber Wolf", "dm", "A1")
    assert a.id != c.id


def test_stats_overrides_and_enchantment_grants():
    b = new_board()
    wolf = b.add_creature("Timber Wolf", "dm", "A1", enchantments=["Rhino Hide", "Bull Endurance"])
    assert b.armor(wolf) == 4 and b.life(wolf) == 14
    bat = b.add_creature("Darkfenne Bat", "ym", "A1", enchantments=["Maim Wings"])
    assert not b.flying(bat)
    effects.apply(b, effects.Enchant(wolf.id, "Eagle Wings"))
    assert b.flying(wolf)
    effects.apply(b, effects.AddMarkers(wolf.id, "Cripple"))
    assert not b.flying(wolf)  # Restrained creatures cannot fly


# -- geometry --------------------------------------------------------------------------------

def test_zones_distance_and_steps():
    a = Arena()
    assert len(a.zones()) == 12 and a.zones()[0] == "A1" and a.zones()[-1] == "D3"
    assert a.distance("A1", "B2") == 2 and a.distance("A1", "D3") == 5
    assert a.neighbours("A1") == ["B1", "A2"]
    assert a.neighbours("B2") == ["B1", "C2", "B3", "A2"]
    assert a.step("D3", "east") is None and a.step("D3", "north") == "D2"


def test_walls_block_passage_but_not_flyers():
    g = Geometry(Arena(), [Wall("w", "A1", "B1", passage_blocked=True)])
    assert g.blocked("A1", "B1") and g.blocked("B1", "A1")
    assert not g.blocked("A1", "B1", flying=True)
    assert g.path_distances("A1")["B1"] == 3  # around through A2, B2
    assert g.step_toward("A1", "B1") == ["A2"]


def test_line_of_sight():
    wall = Wall("w", "B1", "B2", blocks_los=True)  # horizontal border under B1
    g = Geometry(Arena(), [wall])
    assert not g.line_of_sight("B1", "B2")
    assert not g.line_of_sight("B1", "B3")
    assert g.line_of_sight("A1", "A3")
    assert g.line_of_sight("B1", "D1")
    # A1 -> C2 runs from (0.5,0.5) to (2.5,1.5): crosses y=1 at x=1.5, inside B1|B2's segment
    assert not g.line_of_sight("A1", "C2")
    # A1 -> B3 runs from (0.5,0.5) to (1.5,2.5): crosses y=1 at x=0.75, under A1, not B1
    assert g.line_of_sight("A1", "B3")
    # A2 -> B1 runs through the corner point (1,1) only: touching a wall's end does not block
    assert g.line_of_sight("A2", "B1")
    assert g.line_of_sight("B1", "B1")
