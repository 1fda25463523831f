"""`solo cards search` and `solo cards show`."""

import re



from solo.cli_cards import attack_short, card_details, cost_text, search_cards


def test_search_by_name_trait_and_subtype(catalog):
    by_name = {c.name for c in search_cards(catalog, "wolf")}
    assert {"Timber Wolf", "Dire Wolf"} <= by_name
    # a numbered trait matches by its name
    regen = search_cards(catalog, "regenerate", "creature")
    assert "Gorgon Archer" in {c.name for c in regen} and all(c.type == "Creature" for c in regen)
    canine = {c.name for c in search_cards(catalog, "Canine")}
    assert "Bitterwood Fox" in canine and "Timber Wolf" in canine
    assert search_cards(catalog, "wolf", "attack") == []


def test_search_command_table(run):
    r = run("cards", "search", "flying", "--type", "creature")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert re.match(r"Card\s+Type\s+Cost\s+Life/Arm\s+Subtypes\s+Traits", lines[0])
    assert re.search(r"^Darkfenne Bat\s+Creature\s+5\s+4/0\s+.*Flying", r.output, re.M)
    assert "Timber Wolf" not in r.output
    assert re.search(r"^\d+ cards; see one with: solo cards show NAME$", r.output, re.M)


def test_search_command_no_match_suggests(run):
    r = run("cards", "search", "Timbr Wolf")
    assert r.exit_code == 0 and "No card matches 'Timbr Wolf' (did you mean Timber Wolf" in r.output


def test_search_command_rejects_a_wrong_type(run):
    r = run("cards", "search", "wolf", "--type", "spell")
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_show_creature_has_every_stat(run):
    r = run("cards", "show", "timber", "wolf")
    assert r.exit_code == 0
    out = r.output
    assert out.splitlines()[0] == "Timber Wolf"
    for pattern in [r"Creature \(Animal, Canine\)", r"School\s+Nature 2", r"Cost\s+9", r"Action\s+full",
                    r"Life\s+10", r"Armor\s+2", r"Attack: Bite — quick action, melee, range 0, 4 dice"]:
        assert re.search(pattern, out), pattern


def test_show_attack_spell_effects_and_traits(catalog):
    text = card_details(catalog.get("Fireball"))
    assert "Attack: Fireball — quick action, ranged, range 0-2, 6 dice, Flame damage" in text
    assert "Effect die  4-10: Burn; 11+: Burn, Burn" in text
    assert "Traits      Defrost" in text


def test_show_enchantment_reveal_and_defenses(catalog):
    assert re.search(r"Cost\s+2, reveal 3", card_details(catalog.get("Agony")))
    assert cost_text(catalog.get("Agony")) == "2+3"
    assert re.search(r"Defense\s+8\+ \(1/round\)", card_details(catalog.get("Knight of Westlock")))
    mage = card_details(catalog.get("Beastmaster"))
    assert re.search(r"Channeling\s+9", mage) and re.search(r"Life\s+36", mage) and "Cost" not in mage


def test_attack_short_names_ranged_attacks(catalog):
    archer = catalog.get("Gorgon Archer")
    assert [attack_short(a) for a in archer.attacks] == ["Poison Bow 4 (ranged 1-2)", "Claws 2"]


def test_show_unknown_card_suggests_and_exits_2(run):
    r = run("cards", "show", "Timbr Wolf")
    assert r.exit_code == 2
    assert r.stderr.strip() == "solo: no card named 'Timbr Wolf' in the catalog; did you mean Timber Wolf, Dire Wolf, Iron Golem?"
