"""Dummy Mage decisions resolved through combat, and `solo dm` end to end."""

import json

from solo.engine import quickcast_turn
from solo.store import board_file
from solo.engine import turns
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource
from solo.engine.resolve import resolve_decision
from solo.text.render import lines as sentences


def test_jet_stream_example_rolls_damage_effect_and_push():
    b = new_board(dm_zone="A1", ym_zone="D3", decks={"attack": ["Jet Stream"]})
    wolf = b.add_creature("Timber Wolf", "ym", "B1")
    # d12: quickcast 12; effect die 7 (Push); compass 5 (east). d6: 2* and 2 -> 2 crit + 2 normal.
    src = ScriptedSource(d12=[12, 7, 5], d6=[6, 4])
    d = quickcast_turn.quickcast(b, src)
    resolve_decision(b, d, src)
    # armor 2 stops the 2 normal; the critical 2 goes through
    assert wolf.damage == 2
    assert wolf.zone == "C1"
    text = " ".join(sentences(d.instructions))
    assert "Push your Timber Wolf (ym-1) east from B1 to C1" in text
    assert d.results[0].main.effect_roll == 7
    assert d.rolls == [12, 7, 5]  # the quickcast, the effect die, the push's compass


def test_battle_fury_gives_a_second_quick_melee_attack():
    b = new_board(dm_zone="A1", ym_zone="B2")
    wolf = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Battle Fury": 1})
    src = SeededSource(3)
    d = turns.dm_creature_action(b, src)
    assert [p.attack.name for p in d.attacks] == ["Bite", "Bite"]
    assert d.attacks[1].first is False
    assert "Battle Fury" not in wolf.conditions  # used up at the end of its Action Phase


def test_end_of_action_phase_removes_daze():
    b = new_board(dm_zone="A1", ym_zone="B2")
    wolf = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Daze": 1})
    src = SeededSource(1)
    d = turns.dm_creature_action(b, src)
    assert "Daze" not in wolf.conditions
    assert d.results[0].main.daze_roll is not None or d.results[0].daze_roll is not None


def test_zone_spell_hits_its_own_creature_but_not_the_dummy_mage():
    b = new_board(dm_zone="B2", ym_zone="B2", decks={"attack": ["Blinding Flash"]})
    own = b.add_creature("Timber Wolf", "dm", "B2")
    src = ScriptedSource(d12=[11], fallback=SeededSource(8))
    d = quickcast_turn.quickcast(b, src)
    resolve_decision(b, d, src)
    hit = {s.target for s in d.results[0].strikes}
    assert hit == {"ym", own.id}


def write_board(tmp_path, b):
    path = tmp_path / "board.json"
    board_file.save(b, path)
    return path


def test_dm_creature_json_and_out(run, tmp_path):
    b = new_board(dm_zone="A1", ym_zone="C2")
    b.add_creature("Timber Wolf", "dm", "B2")
    path = write_board(tmp_path, b)
    out = tmp_path / "after.json"
    r = run("dm", "creature", "--board", path, "--seed", "4", "--json", "--out", out)
    data = json.loads(r.output)
    assert {"rolls", "action", "creature", "path", "attack", "target", "instructions"} <= set(data)
    assert (data["action"], data["path"], data["target"]) == ("move-attack", ["C2"], "ym")
    after = json.loads(out.read_text())
    wolf = after["creatures"][0]
    assert (wolf["zone"], wolf["active"]) == ("C2", False)
    assert after["mages"]["ym"]["damage"] == data["results"][0]["total_damage"]


def test_dm_same_seed_same_output(run, tmp_path):
    b = new_board(dm_zone="A1", ym_zone="C2", decks={"attack": ["Fireball"] * 3})
    b.add_creature("Timber Wolf", "dm", "B2")
    path = write_board(tmp_path, b)
    first = run("dm", "quickcast", "--board", path, "--seed", "9", "--json").output
    assert first == run("dm", "quickcast", "--board", path, "--seed", "9", "--json").output


def test_dm_rolls_only_leaves_the_attack_to_the_person(run, tmp_path):
    b = new_board(dm_zone="A1", ym_zone="B2")
    b.add_creature("Timber Wolf", "dm", "B2")
    path = write_board(tmp_path, b)
    data = json.loads(run("dm", "creature", "--board", path, "--rolls", "5", "--json").output)
    assert data["action"] == "attack" and data["resolved"] is False
    assert any("Roll it yourself: 4 attack dice" in line for line in data["instructions"])


def test_dm_rolls_only_with_an_attack_of_x_dice_says_so(run, tmp_path):
    """An attack whose dice its card sets ("X", a board file may give one) cannot be counted:
    the person is told to count them (it was a ValueError traceback)."""
    b = new_board(dm_zone="A1", ym_zone="B2")
    b.add_creature("Timber Wolf", "dm", "B2")
    path = write_board(tmp_path, b)
    data = json.loads(path.read_text())
    data["creatures"][0]["stats"] = {"attacks": [{"name": "Bite", "action": "quick",
                                                  "kind": "melee", "range": [0, 0], "dice": "X"}]}
    path.write_text(json.dumps(data))
    r = run("dm", "creature", "--board", path, "--rolls", "5", "--json")
    assert r.exit_code == 0, r.output
    lines = json.loads(r.output)["instructions"]
    assert any("Roll it yourself: the attack dice its card gives (X) for Bite" in x for x in lines)


def test_dm_running_out_of_rolls_says_so(run, tmp_path):
    b = new_board(dm_zone="A1", ym_zone="D3")
    path = write_board(tmp_path, b)
    r = run("dm", "quickcast", "--board", path, "--rolls", "9")
    assert r.exit_code == 2 and "ran out of --rolls" in r.output


def test_dm_human_output_numbers_the_instructions(run, tmp_path):
    b = new_board(dm_zone="A1", ym_zone="D3", decks={"creature": ["Timber Wolf"]})
    path = write_board(tmp_path, b)
    r = run("dm", "quickcast", "--board", path, "--rolls", "5")
    assert "1. Draw the top card of the creature deck: Timber Wolf" in r.output
