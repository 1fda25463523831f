"""The deck builder, driven end to end by scripted answers, and `solo deck new/edit`."""

import json

import pytest

from solo import decks
from solo.builder import build

from solo.decks import DECK_SIZES, load, validate
from solo.prompts import MissingAnswer, ScriptedPrompter


def five_pairs(deck: str, cards: list[str]) -> dict:
    """Answers adding two copies of each of five cards, then done."""
    return {f"builder.{deck}.action": ["add"] * 5 + ["done"],
            f"builder.{deck}.card": cards,
            f"builder.{deck}.copies": [2] * 5}


def full_answers() -> dict:
    answers = {
        # creature: add 4 wolves, try to leave at 4 (decline), set wolves to 3, add and remove a
        # Mana Leech, then four more cards of 3 copies, then done at 15
        "builder.creature.action": ["add", "done", "set", "add", "remove", "add", "add", "add", "add", "done"],
        "builder.creature.leave": [False],
        "builder.creature.card": ["timber wolf", "Mana Leech", "Bitterwood Fox", "Darkfenne Bat",
                                  "Feral Bobcat", "Firebrand Imp"],
        "builder.creature.pick": ["Timber Wolf", "Mana Leech"],
        "builder.creature.copies": [4, 3, 1, 3, 3, 3, 3],
        "builder.name": "Table Test",
        "builder.description": "Built by a script.",
    }
    answers.update(five_pairs("enchantment", ["Agony", "Bear Strength", "Bull Endurance", "Rhino Hide", "Maim Wings"]))
    answers.update(five_pairs("incantation", ["Perfect Strike", "Charge", "Minor Heal", "Knockdown", "Battle Fury"]))
    answers.update(five_pairs("attack", ["Jet Stream", "Flameblast", "Pillar of Light", "Geyser", "Blinding Flash"]))
    return answers


def test_builds_a_complete_valid_set_from_scratch(catalog, tmp_path):
    info = []
    prompter = ScriptedPrompter(full_answers())
    ds = build(prompter, catalog, on_info=info.append)
    assert validate(ds, catalog) == []
    assert ds.name == "Table Test" and ds.description == "Built by a script."
    assert ds.decks["creature"] == {"Timber Wolf": 3, "Bitterwood Fox": 3, "Darkfenne Bat": 3,
                                    "Feral Bobcat": 3, "Firebrand Imp": 3}
    assert prompter.unused() == {}
    # the person saw the running count and the curve before each choice
    assert "Creature deck: 4 of 15 cards\n  4 x Timber Wolf  ( 9 mana)\n  mana 0-3: 0  4-6: 0  7-9: 4" in "\n".join(info)
    assert "Removed Mana Leech (1) from the creature deck." in info
    path = decks.save(ds, tmp_path / "t.toml", catalog)
    assert load(path).decks == ds.decks


def test_action_message_shows_the_count_and_the_size(catalog):
    asked = []

    class Recorder(ScriptedPrompter):
        def ask(self, q):
            asked.append((q.id, q.message, [t for t, _ in q.pairs()]))
            return super().ask(q)

    with pytest.raises(MissingAnswer):
        build(Recorder({"builder.creature.action": ["add"], "builder.creature.card": ["Timber Wolf"],
                        "builder.creature.copies": [2]}), catalog)
    assert asked[0] == ("builder.creature.action", "Creature deck: 0 of 15 cards (15 to go). What next?",
                        ["Add a card", "Done with this deck"])
    assert asked[3][1] == "Creature deck: 2 of 15 cards (13 to go). What next?"
    assert "Remove a card" in asked[3][2]


def test_card_question_offers_only_cards_of_the_deck_type(catalog):
    with pytest.raises(Exception, match="builder.creature.card.*not one of the choices"):
        build(ScriptedPrompter({"builder.creature.action": ["add"], "builder.creature.card": ["Fireball"]}), catalog)


def test_leaving_a_deck_early_needs_a_yes_and_is_reported(catalog):
    answers = {f"builder.{d}.action": ["done"] for d in DECK_SIZES}
    answers.update({f"builder.{d}.leave": [True] for d in DECK_SIZES})
    answers.update({"builder.name": "Empty", "builder.description": ""})
    info = []
    ds = build(ScriptedPrompter(answers), catalog, on_info=info.append)
    assert ds.sizes() == {d: 0 for d in DECK_SIZES}
    assert "Left the creature deck at 0 of 15 cards." in info
    assert info[-1].startswith("This set is not valid yet:\n  creature deck: 0 cards, needs exactly 15")


def test_editing_does_not_change_the_start_set(catalog):
    start = decks.resolve("Starter")
    before = start.copy()
    answers = {"builder.creature.action": ["remove", "add", "done"],
               "builder.creature.pick": ["Timber Wolf"], "builder.creature.card": ["Feral Bobcat"],
               "builder.creature.copies": [1],
               "builder.name": "Starter Cats", "builder.description": "Cats, not wolves."}
    answers.update({f"builder.{d}.action": ["done"] for d in ("enchantment", "incantation", "attack")})
    ds = build(ScriptedPrompter(answers), catalog, start)
    assert start == before
    assert "Timber Wolf" not in ds.decks["creature"] and ds.decks["creature"]["Feral Bobcat"] == 1
    assert validate(ds, catalog) == []


def test_missing_answer_names_the_question(catalog):
    with pytest.raises(MissingAnswer, match=r"no answer for question 'builder.creature.action' "
                                            r"\(\"Creature deck: 0 of 15 cards \(15 to go\). What next\?\"\)"):
        build(ScriptedPrompter({}), catalog)


def test_name_check_refuses_a_taken_name(catalog):
    answers = full_answers()
    answers["builder.name"] = ["Starter"]
    with pytest.raises(Exception, match="builder.name.*taken"):
        build(ScriptedPrompter(answers), catalog,
              check_name=lambda n: "taken" if n.lower() == "starter" else None)


# -- the commands -----------------------------------------------------------------------------

def answers_file(tmp_path, answers, suffix=".json"):
    p = tmp_path / f"answers{suffix}"
    if suffix == ".json":
        p.write_text(json.dumps(answers))
    else:
        import tomli_w

        p.write_text(tomli_w.dumps(answers))
    return p


def test_deck_new_from_an_answers_file_saves_in_the_user_dir(run, tmp_path, user_data, catalog):
    r = run("deck", "new", "--answers", answers_file(tmp_path, full_answers()))
    assert r.exit_code == 0, r.output
    saved = user_data / "decks" / "table-test.toml"
    assert f"Saved Table Test to {saved}" in r.output
    assert validate(load(saved), catalog) == []
    assert "Table Test" in run("deck", "list").output
    assert run("deck", "validate", "table test").exit_code == 0


def test_deck_new_with_a_toml_answers_file_and_out(run, tmp_path, catalog):
    out = tmp_path / "mine.toml"
    r = run("deck", "new", "--answers", answers_file(tmp_path, full_answers(), ".toml"), "--out", out)
    assert r.exit_code == 0, r.output
    assert load(out).name == "Table Test"
    again = run("deck", "new", "--answers", answers_file(tmp_path, full_answers()), "--out", out)
    assert again.exit_code == 2 and "already exists" in again.stderr


def test_deck_new_refuses_the_name_of_an_existing_set(run, tmp_path):
    answers = full_answers()
    answers["builder.name"] = "starter"
    r = run("deck", "new", "--answers", answers_file(tmp_path, answers))
    assert r.exit_code == 2
    assert "question 'builder.name'" in r.stderr and "already a set called Starter" in r.stderr


def test_deck_new_without_a_terminal_or_answers_does_not_hang(run):
    r = run("deck", "new")
    assert r.exit_code == 2
    assert "no terminal is available to ask question 'builder.creature.action'" in r.stderr
    assert "--answers" in r.stderr and "Traceback" not in r.output


def test_deck_new_missing_answer_exit_2(run, tmp_path):
    answers = full_answers()
    del answers["builder.description"]
    r = run("deck", "new", "--answers", answers_file(tmp_path, answers))
    assert r.exit_code == 2
    assert r.stderr.startswith("solo: no answer for question 'builder.description'")


def test_deck_edit_builtin_saves_a_user_copy(run, tmp_path, user_data, catalog):
    shipped = (decks.builtin_dir() / "starter.toml").read_text()
    answers = {"builder.creature.action": ["set", "done"], "builder.creature.pick": ["Timber Wolf"],
               "builder.creature.copies": [2],
               "builder.enchantment.action": ["remove", "done"], "builder.enchantment.pick": ["Eagle Wings"],
               "builder.creature.leave": [True], "builder.enchantment.leave": [True],
               "builder.incantation.action": ["done"], "builder.attack.action": ["done"],
               "builder.name": "Starter", "builder.description": "My starter."}
    r = run("deck", "edit", "Starter", "--answers", answers_file(tmp_path, answers))
    assert r.exit_code == 0, r.output
    assert (decks.builtin_dir() / "starter.toml").read_text() == shipped
    mine = load(user_data / "decks" / "starter.toml")
    assert mine.decks["creature"]["Timber Wolf"] == 2 and "Eagle Wings" not in mine.decks["enchantment"]
    assert "not valid yet" in r.output  # 16 creatures, 9 enchantments
    assert decks.resolve("Starter").description == "My starter."


def test_deck_edit_user_file_in_place(run, tmp_path, catalog):
    path = tmp_path / "x.toml"
    path.write_text((decks.builtin_dir() / "easier.toml").read_text())
    answers = {f"builder.{d}.action": ["done"] for d in DECK_SIZES}
    answers.update({"builder.name": "Easy Does It", "builder.description": "Renamed."})
    r = run("deck", "edit", path, "--answers", answers_file(tmp_path, answers))
    assert r.exit_code == 0, r.output
    assert load(path).name == "Easy Does It" and validate(load(path), catalog) == []
