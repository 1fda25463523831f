"""The deck builder, driven end to end by scripted answers, and `solo deck new/edit`."""

import json

import pytest

from solo.decks import sets as decks
from solo.decks.builder import build

from solo.decks.sets import DECK_SIZES, load, validate
from solo.core.questions import MissingAnswer, ScriptedPrompter


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
    assert asked[0] == ("builder.creature.action", "Creature deck (15 to go): what next?",
                        ["Add a card", "Done with this deck"])
    assert asked[3][1] == "Creature deck (13 to go): what next?"
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
                                            r"\(\"Creature deck \(15 to go\): what next\?\"\)"):
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


# -- coverage and sets --------------------------------------------------------------------------

@pytest.fixture
def levels(monkeypatch):
    """Coverage of our own: cards named A-L fully modelled, M-S partly, T-Z unusable."""
    import solo.decks.builder as builder_mod
    from solo.cards.coverage import Coverage

    def fake(card):
        first = card.name[0].upper()
        if first <= "L":
            return Coverage("modelled")
        if first <= "S":
            return Coverage("partly", ["Heal it by hand."], "card text", mage_only="Warlock" if card.name == "Mana Leech" else None)
        return Coverage("unusable", [], "it needs an altar")

    monkeypatch.setattr(builder_mod, "coverage", fake)
    return fake


def test_the_builder_offers_modelled_cards_first_and_marks_the_others(catalog, levels):
    from solo.decks.builder import card_choices

    choices = card_choices(catalog, "creature")
    ranks = [{"modelled": 0, "partly": 1, "unusable": 2}[levels(catalog.get(c.value)).level] for c in choices]
    assert ranks == sorted(ranks) and set(ranks) == {0, 1, 2}
    titles = {c.value: c.title for c in choices}
    assert titles["Bitterwood Fox"] == "Bitterwood Fox"
    assert titles["Mana Leech"] == "Mana Leech (partly modelled)"
    assert titles["Timber Wolf"] == "Timber Wolf (not usable by the Dummy Mage)"
    assert len(choices) == len(catalog.names("Creature"))


def test_adding_a_partly_modelled_card_says_what_you_apply(catalog, levels):
    info = []
    answers = {"builder.creature.action": ["add", "add", "done"], "builder.creature.card": ["mana leech", "Timber Wolf"],
               "builder.creature.copies": [1, 1], "builder.creature.leave": [True],
               "builder.enchantment.action": "done", "builder.enchantment.leave": True,
               "builder.incantation.action": "done", "builder.incantation.leave": True,
               "builder.attack.action": "done", "builder.attack.leave": True,
               "builder.name": "Marks", "builder.description": ""}
    ds = build(ScriptedPrompter(answers), catalog, on_info=info.append)
    assert ds.decks["creature"] == {"Mana Leech": 1, "Timber Wolf": 1}
    assert "Mana Leech is partly modelled: while it is in play you apply by hand: Heal it by hand." in info
    assert "Mana Leech is for the Warlock only." in info
    assert "Timber Wolf is never used by the Dummy Mage (it needs an altar); drawn, it is discarded." in info
    assert any("1 x Mana Leech  ( 8 mana) (partly modelled)" in i for i in info)


def test_the_builder_keeps_to_the_chosen_sets(catalog):
    from solo.decks.builder import card_choices
    from solo.cards.coverage import parse_sets

    fvw = card_choices(catalog, "creature", parse_sets("FvW"))
    assert fvw and {catalog.get(c.value).set for c in fvw} == {"Forcemaster vs Warlord"}
    answers = {"builder.creature.action": ["add", "done"], "builder.creature.card": ["Timber Wolf"],
               "builder.creature.copies": [1]}
    with pytest.raises(Exception, match="builder.creature.card.*not one of the choices"):
        build(ScriptedPrompter(answers), catalog, sets=parse_sets("FvW"))


def test_new_command_with_sets_refuses_a_bad_set_name_before_asking(run, tmp_path):
    r = run("deck", "new", "--sets", "Core,Moon", "--out", tmp_path / "n.toml")
    assert r.exit_code == 2 and "no set called 'Moon'" in r.stderr and not (tmp_path / "n.toml").exists()
