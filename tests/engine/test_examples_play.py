"""The solo rules' five worked examples, played through `solo play --answers` as a person would:
the board set up with `edit` at the first question, physical dice typed in (`--dice physical`)
and the drawn cards named (`--draw you`).  Each game stops when its answers run out (exit 2,
the game kept), and the saved game is read back to check what the Dummy Mage did."""

import json

import pytest



def play(tmp_path, run, name, answers, *options):
    """Run `solo play --answers` until the answers run out; the saved game."""
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"setup": {"start": "start"}, **answers}))
    r = run("play", "--answers", path, "--name", name, "--seed", "1", *options)
    assert r.exit_code == 2 and "no answer for question" in r.output, r.output
    from solo.engine.session import open_saved

    return open_saved(name).game


def dm_steps(game):
    return [e for e in game.log if e["who"] == "dm"]


def add(side, card, zone):
    """Edit answers that add one creature."""
    return {"edit.object": "+creature", "edit.side": side, "edit.card": card, "edit.zone": zone}


def edits(*parts):
    """Several edits' answers merged into per-question lists, in order."""
    out: dict[str, list] = {}
    for part in parts:
        for k, v in part.items():
            out.setdefault(k, []).append(v)
    return out


def set_zone(ident, zone):
    return {"edit.object": ident, "edit.field": "zone", "edit.zone": zone}


def set_damage(ident, damage):
    return {"edit.object": ident, "edit.field": "damage", "edit.damage": damage}


PHYSICAL = ("--dice", "physical", "--draw", "you")


def test_example_1_far_away_the_9_is_rolled_again_and_a_3_moves_it_east(tmp_path, run):
    # Your mage four zones away (C3), your Timber Wolf three (C2): every enemy 3+ zones away.
    setup = edits(set_zone("ym", "C3"), add("ym", "Timber Wolf", "C2"))
    g = play(tmp_path, run, "ex1", {**setup, "dice": {"d12": ["edit", "edit", 9, 3, 5]}}, *PHYSICAL)
    qc = dm_steps(g)[0]
    assert qc["data"]["action"] == "move"
    assert "(effect die: 9, 3, 5)" in qc["lines"]
    assert any("from A1 to B1" in line for line in qc["lines"])
    assert g.board.mages["dm"].zone == "B1"


def test_example_2_its_creatures_act_from_the_highest_mana_cost_down(tmp_path, run):
    setup = edits(add("dm", "Bitterwood Fox", "A1"), add("dm", "Iron Golem", "A1"),
                  add("dm", "Mana Leech", "A1"))
    answers = {**setup, "quickcast": {"you": ["edit", "edit", "edit", "pass"]},
               "turn": {"actor": ["done"]}}
    g = play(tmp_path, run, "ex2", answers)
    ids = {c.card: c.id for c in g.board.creatures}
    acted = [e["data"]["creature"] for e in dm_steps(g) if e["label"].startswith("creature action")]
    assert acted == [ids["Iron Golem"], ids["Mana Leech"], ids["Bitterwood Fox"]]


def test_example_3_a_5_summons_a_creature_into_its_zone_inactive(tmp_path, run):
    g = play(tmp_path, run, "ex3", {"dice": {"d12": [5]}, "draw": {"card": ["Timber Wolf"]}},
             *PHYSICAL)
    qc = dm_steps(g)[0]
    assert qc["data"]["action"] == "summon" and qc["data"]["card"] == "Timber Wolf"
    wolf = next(c for c in g.board.creatures if c.card == "Timber Wolf")
    assert (wolf.side, wolf.zone, wolf.active) == ("dm", "A1", False)


def test_example_4a_bear_strength_is_discarded_when_its_creature_is_3_zones_away(tmp_path, run):
    setup = edits(set_zone("ym", "B2"), add("dm", "Timber Wolf", "D1"))
    g = play(tmp_path, run, "ex4a", {**setup, "dice": {"d12": ["edit", "edit", 9, 2]},
                                     "draw": {"card": ["Bear Strength"]}}, *PHYSICAL)
    qc = dm_steps(g)[0]
    assert qc["data"]["action"] == "enchantment" and qc["data"]["card"] == "Bear Strength"
    assert qc["data"]["discarded"] is True
    assert g.board.discards["enchantment"] == ["Bear Strength"]


def test_example_4b_battle_fury_goes_on_the_creature_with_the_lowest_remaining_life(tmp_path, run):
    setup = edits(set_zone("ym", "B2"), add("ym", "Timber Wolf", "B2"),
                  add("dm", "Emerald Tegu", "A1"), add("dm", "Bitterwood Fox", "B1"))
    # then 5 damage on the Tegu (dm-1): 3 life left against the Fox's 5
    more = set_damage("dm-1", 5)
    for k, v in more.items():
        setup.setdefault(k, []).append(v)
    g = play(tmp_path, run, "ex4b", {**setup, "dice": {"d12": ["edit"] * 5 + [10, 9]},
                                     "draw": {"card": ["Battle Fury"]}}, *PHYSICAL)
    qc = dm_steps(g)[0]
    assert qc["data"]["action"] == "incantation" and qc["data"]["card"] == "Battle Fury"
    tegu = next(c for c in g.board.creatures if c.card == "Emerald Tegu")
    assert qc["data"]["target"] == tegu.id and tegu.conditions.get("Battle Fury") == 1


def test_example_4c_jet_stream_hits_your_creature_next_door(tmp_path, run):
    setup = edits(add("ym", "Timber Wolf", "B1"))
    # the quickcast 12, then Jet Stream's two dice (2* and 2) and its effect die 7: a Push,
    # with the compass 5 (east)
    g = play(tmp_path, run, "ex4c", {**setup, "dice": {"d12": ["edit", 12, 7, 5],
                                                      "attack": ["2* 2"]},
                                     "draw": {"card": ["Jet Stream"]}}, *PHYSICAL)
    qc = dm_steps(g)[0]
    wolf = next(c for c in g.board.creatures if c.card == "Timber Wolf")
    assert qc["data"]["action"] == "attack-spell" and qc["data"]["target"] == wolf.id
    assert wolf.damage == 2 and wolf.zone == "C1"  # armor 1 stops 1 of the normal 2


@pytest.mark.parametrize("order", ["fox first", "falcon first"])
def test_example_5_the_tegu_bites_the_fox_with_4_life_left_not_the_falcon(tmp_path, run, order):
    creatures = [add("ym", "Bitterwood Fox", "B2"), add("ym", "Bitterwood Fox", "B2"),
                 add("ym", "Thunderift Falcon", "B2")]
    if order == "falcon first":
        creatures.reverse()
    setup = edits(add("dm", "Emerald Tegu", "B2"), *creatures)
    foxes = ["ym-1", "ym-2"] if order == "fox first" else ["ym-2", "ym-3"]
    for ident, damage in zip(foxes, (2, 1)):  # 3 and 4 life left
        for k, v in set_damage(ident, damage).items():
            setup.setdefault(k, []).append(v)
    answers = {**setup, "quickcast": {"you": ["edit"] * 6 + ["pass"]}, "turn": {"actor": ["done"]}}
    g = play(tmp_path, run, "ex5", answers)
    steps = [e for e in dm_steps(g) if e["label"].startswith("creature action")]
    # It waits while your three creatures are ready, and bites once you are done.
    assert steps[0]["data"]["action"] == "pass"
    bite = steps[1]
    assert bite["data"]["action"] == "attack" and bite["data"]["target"] == foxes[1]
