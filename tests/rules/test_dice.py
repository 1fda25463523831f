"""Dice: faces, distributions (fixed seeds, tolerances from the maths), the armor formula,
the three sources, and `solo roll` against contract section 4."""

import json
import math
from collections import Counter

import pytest

from solo.rules.dice import (D6_FACES, DiceExhausted, ScriptedSource, SeededSource, TypedSource,
                       damage_after_armor, direction_of, face_to_d6, parse_rolls, tally, tie_ranges)
from solo.core.errors import SoloError

N = 60_000
# One attack die: damage 0,0,1,2,1,2 -> mean 1, variance 10/6 - 1 = 2/3.
# Critical part: 0,0,0,0,1,2 -> mean 1/2, variance 5/6 - 1/4 = 7/12.
SD_MEAN_DAMAGE = math.sqrt((2 / 3) / N)
SD_MEAN_CRIT = math.sqrt((7 / 12) / N)


def test_attack_die_has_the_six_faces_of_the_contract():
    assert sorted(D6_FACES) == sorted(["-", "-", "1", "2", "1*", "2*"])


def test_mean_damage_per_attack_die_is_one_of_which_half_critical():
    faces = SeededSource(2024).attack_dice(N)
    t = tally(faces)
    assert abs(t.total / N - 1.0) < 4 * SD_MEAN_DAMAGE
    assert abs(t.critical / N - 0.5) < 4 * SD_MEAN_CRIT


def test_each_face_comes_up_one_time_in_six_and_blank_twice_as_often():
    counts = Counter(SeededSource(7).attack_dice(N))
    p = 1 / 6
    sd = math.sqrt(N * p * (1 - p))
    for face in ("1", "2", "1*", "2*"):
        assert abs(counts[face] - N * p) < 4 * sd
    sd_blank = math.sqrt(N * (1 / 3) * (2 / 3))
    assert abs(counts["-"] - N / 3) < 4 * sd_blank


def test_d12_is_uniform_chi_square():
    src = SeededSource(99)
    counts = Counter(src.d12() for _ in range(N))
    expected = N / 12
    chi2 = sum((counts[v] - expected) ** 2 / expected for v in range(1, 13))
    # 11 degrees of freedom: P(chi2 > 31.3) ~ 0.001
    assert chi2 < 31.3
    assert set(counts) == set(range(1, 13))


def test_compass_ranges():
    assert [direction_of(r) for r in range(1, 13)] == (
        ["north"] * 3 + ["east"] * 3 + ["south"] * 3 + ["west"] * 3)
    with pytest.raises(ValueError):
        direction_of(13)


@pytest.mark.parametrize("normal,critical,armor,piercing,expected", [
    (5, 0, 0, 0, 5),
    (5, 0, 2, 0, 3),
    (1, 0, 4, 0, 0),      # armor never makes damage negative
    (3, 4, 10, 0, 4),     # criticals ignore armor
    (5, 0, 3, 1, 3),      # piercing lowers armor
    (5, 0, 3, 9, 5),      # ... but not below 0
    (0, 0, 0, 0, 0),
])
def test_armor_formula(normal, critical, armor, piercing, expected):
    assert damage_after_armor(normal, critical, armor, piercing) == expected


def test_scripted_source_uses_its_queue_then_falls_back_or_fails():
    src = ScriptedSource(d12=[9, 3])
    assert (src.d12("a"), src.d12("b")) == (9, 3)
    with pytest.raises(DiceExhausted, match="--rolls"):
        src.d12("the third roll")
    fb = ScriptedSource(d12=[5], fallback=SeededSource(1))
    assert fb.d12() == 5
    assert 1 <= fb.d12() <= 12
    assert [r.value for r in fb.history][0] == 5 and len(fb.history) == 2


def test_scripted_attack_dice_and_bad_values():
    src = ScriptedSource(d6=[1, 3, 6])
    assert src.attack_dice(3) == ["-", "1", "2*"]
    with pytest.raises(SoloError, match="cannot show 13"):
        ScriptedSource(d12=[13]).d12()


def test_typed_source_takes_what_the_person_read():
    asked = []

    def ask(sides, count, label):
        asked.append((sides, count, label))
        return [face_to_d6(f) for f in ["2*", "-", "1"]] if sides == 6 else [11]

    src = TypedSource(ask)
    assert src.attack_dice(3, "Bite") == ["2*", "-", "1"]
    assert src.d12("defense") == 11
    assert asked == [(6, 3, "Bite"), (12, 1, "defense")]
    assert [r.value for r in src.history] == [6, 1, 3, 11]


def test_typed_source_rejects_a_wrong_count():
    src = TypedSource(lambda sides, count, label: [1])
    with pytest.raises(SoloError, match="expected 3"):
        src.attack_dice(3)


def test_seeded_state_round_trips_through_json():
    a = SeededSource(5)
    a.d12()
    state = json.loads(json.dumps(a.get_state()))
    expected = [a.d12() for _ in range(5)]
    b = SeededSource(0)
    b.set_state(state)
    assert [b.d12() for _ in range(5)] == expected


def test_choose_uses_the_effect_die_ranges():
    assert tie_ranges(3) == [(1, 4), (5, 8), (9, 12)]
    assert ScriptedSource(d12=[5]).choose(["a", "b", "c"]) == "b"
    # 5 options use 1-10; an 11 is rerolled
    src = ScriptedSource(d12=[11, 10])
    assert src.choose(list("abcde")) == "e"
    assert [r.value for r in src.history] == [11, 10]
    # a single option needs no roll
    one = ScriptedSource()
    assert one.choose(["x"]) == "x" and one.history == []


def test_choose_is_fair():
    src = SeededSource(11)
    counts = Counter(src.choose("abcde") for _ in range(N))
    p = 1 / 5
    sd = math.sqrt(N * p * (1 - p))
    for k in "abcde":
        assert abs(counts[k] - N * p) < 4 * sd


def test_parse_rolls_errors():
    assert parse_rolls("1,12") == [1, 12]
    for bad in ("0", "13", "x", "3,,a"):
        with pytest.raises(SoloError):
            parse_rolls(bad)


# -- the command ---------------------------------------------------------------------------

def test_roll_json_follows_contract(run):
    r = run("roll", "5", "--seed", "3", "--json")
    data = json.loads(r.output)
    assert set(data) == {"dice", "faces", "normal", "critical", "damage"}
    assert data["dice"] == 5 and len(data["faces"]) == 5
    t = tally(data["faces"])
    assert (data["normal"], data["critical"], data["damage"]) == (t.normal, t.critical, t.total)


def test_roll_json_with_armor_and_piercing(run):
    data = json.loads(run("roll", "8", "--seed", "4", "--armor", "3", "--piercing", "1", "--json").output)
    assert data["damage"] == data["critical"] + max(0, data["normal"] - 2)


def test_roll_seed_repeats(run):
    assert run("roll", "6", "--seed", "9", "--json").output == run("roll", "6", "--seed", "9", "--json").output


def test_roll_d12_and_compass_json(run):
    d = json.loads(run("roll", "d12", "--seed", "1", "--json").output)
    assert set(d) == {"d12"} and 1 <= d["d12"] <= 12
    c = json.loads(run("roll", "compass", "--seed", "1", "--json").output)
    assert set(c) == {"d12", "direction"} and c["direction"] == direction_of(c["d12"])


def test_roll_human_output_shows_faces_totals_and_armor(run):
    r = run("roll", "4", "--seed", "1", "--armor", "2")
    data = json.loads(run("roll", "4", "--seed", "1", "--armor", "2", "--json").output)
    for f in data["faces"]:
        assert f"[{f}]" in r.output
    assert f"{data['damage']} damage" in r.output


@pytest.mark.parametrize("args", [("roll", "0"), ("roll", "31"), ("roll", "abc"), ("roll", "3", "extra")])
def test_roll_bad_input_is_one_line_exit_2(run, args):
    r = run(*args)
    assert r.exit_code == 2
    assert "Traceback" not in r.output


def test_shuffle_keeps_every_card_and_repeats_with_the_seed():
    cards = [f"c{i}" for i in range(15)]
    a, b = list(cards), list(cards)
    SeededSource(4).shuffle(a)
    SeededSource(4).shuffle(b)
    assert a == b and sorted(a) == sorted(cards) and a != cards
    scripted = list("abc")
    ScriptedSource(d12=[12, 1]).shuffle(scripted)  # picks "c" of 3, then "a" of 2
    assert sorted(scripted) == ["a", "b", "c"] and scripted == ["b", "a", "c"]


def test_a_seeded_source_rolls_what_randint_would_from_the_same_state():
    """SeededSource.roll and roll_many take ``_randbelow`` directly, d12 and attack_dice write
    it out: the numbers must be those of ``randint(1, sides)`` from the same seed, so every
    stored game stays the same."""
    import random

    from solo.rules.dice import D6_FACES, SeededSource
    for seed in (0, 1, 12345):
        src, ref = SeededSource(seed), random.Random(seed)
        for sides in (12, 6, 2, 3, 12, 7, 1, 20):
            assert src.roll(sides) == ref.randint(1, sides)
            assert src.roll_many(sides, 5) == [ref.randint(1, sides) for _ in range(5)]
            assert src.attack_dice(sides) == [D6_FACES[ref.randint(1, 6) - 1]
                                              for _ in range(sides)]
            assert src.d12() == ref.randint(1, 12)
        assert [r.sides for r in src.history][:3] == [12, 12, 12, 12, 12, 12][:3]
        assert len(src.history) == 8 * 7 + sum((12, 6, 2, 3, 12, 7, 1, 20))
        assert src.rng.getstate() == ref.getstate()


def test_a_seeded_roll_made_without_its_init_is_the_roll_made_with_it(monkeypatch):
    """SeededSource makes each die's Roll without calling Roll.__init__ where the class allows
    it (the pure package, dice._BARE_ROLLS): the same dice and the same history, roll for roll,
    as the same seed with every Roll made through its __init__."""
    from solo.rules import dice

    def play(bare: bool):
        monkeypatch.setattr(dice, "_BARE_ROLLS", bare)
        src = SeededSource(31)
        faces = [src.attack_dice(3, "bite"), src.d12("effect"), src.attack_dice(2)]
        return faces, [(type(r), r.sides, r.value, r.label) for r in src.history], src.history

    if not dice._BARE_ROLLS:  # the compiled build: its Roll is made only through __init__
        pytest.skip("this build makes every Roll through its __init__")
    bare_faces, bare_rows, bare_history = play(True)
    made_faces, made_rows, made_history = play(False)
    assert bare_faces == made_faces and bare_rows == made_rows and len(bare_rows) == 6
    assert bare_history == made_history and all(type(r) is dice.Roll for r in bare_history)
