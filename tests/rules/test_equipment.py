"""Your mage's equipment on the board (contract section 2, second version): armor, Defenses,
traits and attacks count in every attack on or by the mage."""

from __future__ import annotations

import json

import pytest

from solo.store import board_file
from solo.rules import combat
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource
from solo.text.render import lines
from solo.rules.odds import attack_odds
from solo.text.render import lines as sentences


@pytest.fixture
def notes(catalog, monkeypatch):
    """Give a few equipment cards known notes (the shipped notes are checked elsewhere)."""
    def note(name: str, **fields):
        monkeypatch.setattr(catalog.get(name), "dm", fields)

    note("Leather Boots", slot="Boots", armor=1)
    note("Reflex Boots", slot="Boots", defenses=[{"roll": 7, "uses": 1}])
    note("Dragonscale Hauberk", slot="Chest Piece", armor=2, traits=["Flame -2"])
    note("Regrowth Belt", slot="Belt", traits=["Regenerate 2"])
    return note


def _board(*equipment: str):
    b = new_board(dm_zone="A1", ym_zone="B1")
    b.mages["ym"].equipment = list(equipment)
    return b


def test_equipment_adds_armor_traits_and_defenses(notes):
    bare, dressed = _board(), _board("Leather Boots", "Dragonscale Hauberk", "Reflex Boots",
                                      "Regrowth Belt")
    ym, ym2 = bare.mages["ym"], dressed.mages["ym"]
    assert dressed.armor(ym2) == bare.armor(ym) + 3
    assert dressed.regenerate(ym2) == 2 and bare.regenerate(ym) == 0
    assert "Flame -2" in dressed.traits(ym2)
    assert [d.roll for d in dressed.defenses(ym2)] == [7]
    assert bare.defenses(ym) == []


def test_a_defense_from_boots_is_rolled_and_its_use_counted(notes):
    b = _board("Reflex Boots")
    wolf = b.add_creature("Timber Wolf", "dm", "B1", id="w")
    # Defense roll 7: avoided.
    result = combat.resolve_attack(b, wolf, "Bite", b.mages["ym"], ScriptedSource(d12=[7]))
    assert result.main is not None and result.main.avoided and result.main.defense == 7
    combat.apply(b, result)
    # The boots give one use a round: the next attack is not avoided, and rolls no Defense.
    again = combat.resolve_attack(b, wolf, "Bite", b.mages["ym"],
                                  ScriptedSource(d12=[], d6=[6, 6, 6, 6]))
    assert again.main is not None and not again.main.avoided and again.main.defense_roll is None
    assert again.damage_to("ym") == 8


def test_armor_from_equipment_lowers_damage_from_the_dummy_mages_attacks(notes):
    bare, booted = _board(), _board("Leather Boots", "Dragonscale Hauberk")
    for b in (bare, booted):
        b.add_creature("Timber Wolf", "dm", "B1", id="w")
    # Four normal 2s against armor 0 and against armor 3.
    dice = [4, 4, 4, 4]
    hit_bare = combat.resolve_attack(bare, bare.get("w"), "Bite", bare.mages["ym"], ScriptedSource(d6=dice))
    hit_booted = combat.resolve_attack(booted, booted.get("w"), "Bite", booted.mages["ym"],
                                       ScriptedSource(d6=dice))
    assert hit_bare.damage_to("ym") == 8 and hit_booted.damage_to("ym") == 5
    assert attack_odds(booted, booted.get("w"), booted.attacks(booted.get("w"))[0],
                       booted.mages["ym"]).expected_damage < \
        attack_odds(bare, bare.get("w"), bare.attacks(bare.get("w"))[0], bare.mages["ym"]).expected_damage


def test_a_flame_protection_takes_dice_from_flame_attacks(notes):
    b = _board("Dragonscale Hauberk")
    b.mages["dm"].zone = "B1"
    attack = b.cat.get("Fireball").attacks[0]
    dice, parts = combat.attack_dice(b, b.mages["dm"], attack, b.mages["ym"], is_spell=True)
    assert dice == attack.dice - 2 and any("Flame" in p for p in lines(parts))


def test_a_weapon_gives_the_mage_its_attacks():
    b = _board("Hunting Spear")
    names = [a.name for a in b.attacks(b.mages["ym"])]
    assert "Lunge" in names and "Crippling Throw" in names and "Basic Melee Attack" in names


def test_the_board_file_keeps_equipment_and_refuses_what_is_not_equipment(tmp_path):
    b = _board("Leather Boots")
    data = json.loads(board_file.dumps(b))
    assert data["mages"]["ym"]["equipment"] == ["Leather Boots"]
    assert board_file.from_dict(data).mages["ym"].equipment == ["Leather Boots"]
    data["mages"]["ym"]["equipment"] = ["leather boots"]  # any case, written back as printed
    assert board_file.from_dict(data).mages["ym"].equipment == ["Leather Boots"]
    data["mages"]["ym"]["equipment"] = ["Timber Wolf"]
    with pytest.raises(board_file.BoardError, match=r"mages\.ym\.equipment\[0\].*Creature"):
        board_file.from_dict(data)
    data["mages"]["ym"]["equipment"] = ["Leathr Boots"]
    with pytest.raises(board_file.BoardError, match="did you mean Leather Boots"):
        board_file.from_dict(data)
    data["mages"]["ym"]["equipment"] = "Leather Boots"
    with pytest.raises(board_file.BoardError, match=r"mages\.ym\.equipment"):
        board_file.from_dict(data)


def test_solo_dm_refuses_a_board_with_unknown_equipment(run, tmp_path):
    b = _board()
    data = json.loads(board_file.dumps(b))
    data["mages"]["ym"]["equipment"] = ["Cloak of Nothing"]
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data))
    out = run("dm", "creature", "--board", path)
    assert out.exit_code == 2
    assert "mages.ym.equipment[0]" in out.output and "Traceback" not in out.output


def test_roll_attack_vs_a_mage_with_equipment(run, notes):
    plain = json.loads(run("roll", "attack", "Timber Wolf", "--vs", "Beastmaster", "--json",
                           "--seed", "4").output)
    booted = json.loads(run("roll", "attack", "Timber Wolf", "--vs", "Beastmaster", "--equip",
                            "Leather Boots", "--equip", "Dragonscale Hauberk", "--json",
                            "--seed", "4").output)
    assert booted["target_armor"] == plain["target_armor"] + 3
    assert booted["odds"]["expected_damage"] < plain["odds"]["expected_damage"]
    bad = run("roll", "attack", "Timber Wolf", "--vs", "Beastmaster", "--equip", "Fireball")
    assert bad.exit_code == 2 and "not equipment" in bad.output
    bad = run("roll", "attack", "Timber Wolf", "--vs", "Bitterwood Fox", "--equip", "Leather Boots")
    assert bad.exit_code == 2 and "dresses a mage" in bad.output


def test_a_life_ring_raises_the_mages_life_from_its_note():
    bare, ringed = _board(), _board("Elfric's Life Ring")
    assert ringed.life(ringed.mages["ym"]) == bare.life(bare.mages["ym"]) + 4


def test_the_shipped_notes_give_real_armor_and_defenses():
    b = _board("Leather Boots", "Dragonscale Hauberk", "Reflex Boots")
    ym = b.mages["ym"]
    assert b.armor(ym) == 3  # Beastmaster 0, boots +1, hauberk +2
    assert [d.roll for d in b.defenses(ym)] == [7]
    assert "Flame -2" in b.traits(ym)


def test_solo_dm_counts_the_armor_your_mage_wears(run, tmp_path):
    """The same decision and dice, with and without Leather Boots and a Hauberk (armor +3)."""
    b = _board()
    b.mages["ym"].zone = "B1"
    wolf = b.add_creature("Timber Wolf", "dm", "B1", id="w")
    wolf.active = True
    bare = tmp_path / "bare.json"
    bare.write_text(board_file.dumps(b))
    b.mages["ym"].equipment = ["Leather Boots", "Dragonscale Hauberk"]
    dressed = tmp_path / "dressed.json"
    dressed.write_text(board_file.dumps(b))
    outs = []
    for path in (bare, dressed):
        out = run("dm", "creature", "--board", path, "--seed", "3", "--json", "--out", tmp_path / "after.json")
        assert out.exit_code == 0, out.output
        outs.append(json.loads(out.output))
    hit = [r for r in outs[0]["results"] if r["target"] == "ym"]
    hit2 = [r for r in outs[1]["results"] if r["target"] == "ym"]
    assert hit and hit2 and hit[0]["faces"] == hit2[0]["faces"]
    assert hit2[0]["armor"] == hit[0]["armor"] + 3
    assert hit2[0]["damage"] <= hit[0]["damage"]


@pytest.mark.parametrize("spell", ["Dissolve", "Steal Equipment", "Explode"])
def test_the_dummy_mages_equipment_breakers_destroy_your_costliest_piece(spell):
    from solo.automaton import spells
    from solo.rules.dice import SeededSource

    b = _board("Leather Boots", "Dragonscale Hauberk")
    b.mages["dm"].zone = "B1"
    b.decks["incantation"] = [spell]
    d = spells.cast_spell(b, SeededSource(1), "incantation")
    assert not d.data.get("discarded"), d.instructions
    assert b.mages["ym"].equipment == ["Leather Boots"]  # the Hauberk cost more
    assert any("destroy Dragonscale Hauberk" in line for line in sentences(d.instructions))
    assert bool(d.attacks) == (spell == "Explode")
    # With nothing worn, the spell is discarded.
    bare = _board()
    bare.mages["dm"].zone = "B1"
    bare.decks["incantation"] = [spell]
    d2 = spells.cast_spell(bare, SeededSource(1), "incantation")
    assert d2.data.get("discarded")
