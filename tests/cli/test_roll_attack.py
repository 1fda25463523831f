"""`solo roll attack` against contract section 6, and its errors for people."""

import json

import pytest

from solo.cards.catalog import get_catalog
from solo.cli.commands.combat import pick_attack

CONTRACT_KEYS = {"attack", "dice", "faces", "avoided", "defense_roll", "armor", "normal",
                 "critical", "damage", "effect_roll", "conditions"}
FACES = {"-", "1", "2", "1*", "2*"}


def roll(run, *args):
    r = run("roll", "attack", *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_json_has_the_contract_keys_with_the_right_types(run):
    out = roll(run, "Timber Wolf", "--vs", "Bitterwood Fox", "--seed", "3")
    assert CONTRACT_KEYS <= set(out)
    assert out["attack"] == "Bite" and out["dice"] == 4
    assert isinstance(out["faces"], list) and set(out["faces"]) <= FACES
    assert len(out["faces"]) == out["dice"]
    assert out["avoided"] is False and out["defense_roll"] is None and out["effect_roll"] is None
    assert out["armor"] == 0 and out["conditions"] == []
    assert out["damage"] == out["critical"] + max(0, out["normal"] - out["armor"])


def test_seed_repeats_the_attack_exactly(run):
    args = ("Fireball", "--vs", "Timber Wolf", "--seed", "11")
    assert roll(run, *args) == roll(run, *args)


def test_normal_and_critical_match_the_faces(run):
    for seed in range(15):
        out = roll(run, "Iron Golem", "--vs", "Knight of Westlock", "--seed", seed)
        normal = sum(int(f) for f in out["faces"] if f in ("1", "2"))
        crit = sum(int(f[0]) for f in out["faces"] if f.endswith("*"))
        assert (out["normal"], out["critical"]) == (normal, crit)
        assert out["defense_roll"] is not None  # Knight of Westlock: Defense 8+
        if out["avoided"]:
            assert out["faces"] == [] and out["damage"] == 0
        else:
            assert out["armor"] == 3
            assert out["damage"] == crit + max(0, normal - 3)


def test_fireball_effect_roll_and_conditions(run):
    seen = set()
    for seed in range(30):
        out = roll(run, "Fireball", "--vs", "Iron Golem", "--seed", seed)
        assert out["dice"] == 6 and out["armor"] == 5
        if out["effect_roll"] is not None:
            seen.add(out["effect_roll"] >= 4)
            assert out["conditions"] == []  # Iron Golem is Burnproof
    assert seen == {True, False}


def test_zone_attack_spell(run):
    out = roll(run, "Blinding Flash", "--vs", "Iron Golem", "--seed", "1")
    assert out["dice"] == 4 and out["defense_roll"] is None  # +2 vs. Nonliving; Unavoidable


def test_defaults_to_a_melee_attack_that_can_reach(run):
    cat = get_catalog()
    archer, bat, wolf = cat.get("Gorgon Archer"), cat.get("Darkfenne Bat"), cat.get("Timber Wolf")
    assert pick_attack(archer, wolf, None).name == "Claws"
    assert pick_attack(archer, bat, None).name == "Poison Bow"  # cannot reach a Flying bat
    assert roll(run, "Gorgon Archer", "--vs", "Darkfenne Bat", "--seed", "2")["attack"] == "Poison Bow"


def test_attack_option_picks_the_attack(run):
    out = roll(run, "Darkfenne Hydra", "--attack", "triple bite", "--vs", "Iron Golem", "--seed", "4")
    assert out["attack"] == "Triple Bite"
    assert [s["role"] for s in out["strikes"]] == ["attack", "second strike", "third strike"]


def test_human_output_shows_every_step(run):
    r = run("roll", "attack", "Timber Wolf", "--vs", "Knight of Westlock", "--seed", "1")
    assert r.exit_code == 0
    text = r.output
    for part in ("Timber Wolf", "Attack dice: 4", "Defense 8+", "Rolled", "armor 3", "Result:",
                 "--seed 1"):
        assert part in text
    assert not text.lstrip().startswith("{")


def test_human_output_effect_die_and_conditions(run):
    r = run("roll", "attack", "Fireball", "--vs", "Timber Wolf", "--seed", "7")
    assert "Effect die 9: Burn." in r.output and "it gains Burn" in r.output


@pytest.mark.parametrize("args,message", [
    (("Timbr Wolf", "--vs", "Bitterwood Fox"), "did you mean Timber Wolf"),
    (("Timber Wolf", "--vs", "Bitterwod Fox"), "did you mean Bitterwood Fox"),
    (("Timber Wolf", "--attack", "Claw", "--vs", "Bitterwood Fox"),
     "no attack named 'Claw'; its attacks: Bite"),
    (("Agony", "--vs", "Timber Wolf"), "Agony is an enchantment; the attacker must be a creature, a mage or an attack spell"),
    (("Timber Wolf", "--vs", "Fireball"), "Fireball is an attack spell; the target must be"),
    (("Huginn, Raven Familiar", "--attack", "Raven's Eye", "--vs", "Timber Wolf"),
     "its attacks: Beak"),
    (("Acolyte of the Bog Queen", "--attack", "Repair Bones", "--vs", "Timber Wolf"),
     "its attacks: Sacrificial Knife"),
])
def test_bad_input_exits_2_with_one_line(run, args, message):
    r = run("roll", "attack", *args)
    assert r.exit_code == 2
    assert message in r.stderr and "Traceback" not in r.output
    assert r.stderr.startswith("solo: ") and r.stderr.count("\n") == 1


def test_missing_vs_is_a_usage_error(run):
    r = run("roll", "attack", "Timber Wolf")
    assert r.exit_code == 2 and "--vs" in r.output and "Traceback" not in r.output


def test_armor_and_piercing_are_refused_for_attacks(run):
    r = run("roll", "attack", "Timber Wolf", "--vs", "Bitterwood Fox", "--armor", "2")
    assert r.exit_code == 2
