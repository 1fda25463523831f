"""`solo cards search` and `solo cards show`."""

import re

import pytest

from solo.cards import glossary
from solo.cli.commands.cards import WIDTH, attack_short, card_details, cost_text, in_play, search_cards, wrap_line
from solo.cards.glossary import Term


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


# -- what a card does in play, as solo models it ----------------------------------------------


@pytest.fixture
def fake_terms(monkeypatch):
    terms = {"regenerate": Term("Regenerate", "trait", "Heals X damage each Upkeep.", "yes"),
             "charge": Term("Charge", "trait", "More dice after a move.", "partly",
                            "Add the Charge dice when it moved first.")}
    monkeypatch.setattr(glossary, "TERMS", terms)


def test_show_explains_traits_and_says_what_you_apply(run, fake_terms):
    r = run("cards", "show", "Highland Unicorn")
    assert r.exit_code == 0
    out = r.output
    assert "In play, as solo models it" in out
    assert "Regenerate 2: Heals X damage each Upkeep. [solo applies it]" in out
    assert "Charge +2: More dice after a move. [solo applies part of it]" in out
    assert re.search(r"Coverage\s+partly modelled: solo does not fully apply Charge \+2\n", out)
    assert "Charge +2: Add the Charge dice when it moved first." in out
    # the creature's card text, from its note: what solo plays of it, said as solo's part
    assert re.search(r"solo gives every friendly Living creature in its zone\s+Regenerate 1", out)
    assert "Regenerate 2: solo does not" not in out


def test_show_a_term_solo_does_not_know_is_said_to_be_yours(catalog, fake_terms):
    text = in_play(catalog.get("Bitterwood Fox"))
    assert "Fast: not in solo's glossary; you apply it as the card says." in text
    assert "partly modelled" in text


def test_show_a_fully_modelled_card_has_nothing_by_hand(catalog, fake_terms):
    text = in_play(catalog.get("Timber Wolf"))
    assert re.search(r"Coverage\s+fully modelled$", text, re.M) and "by hand" not in text


def test_show_equipment_and_unusable_cards(catalog):
    assert "the Dummy Mage never fields it" in in_play(catalog.get("Dragonscale Hauberk"))
    talos = in_play(catalog.get("Talos"))
    assert "not usable by the Dummy Mage: it enters play only through the" in talos
    assert re.search(r"Only for\s+the Warlord", talos)


def test_show_stays_within_80_columns_for_every_card(catalog):
    for name in catalog.names():
        card = catalog.get(name)
        for line in (card_details(card) + "\n" + in_play(card)).splitlines():
            assert len(line) <= WIDTH, (name, line)


def test_wrap_line_hangs_under_the_value():
    line = "  Traits  " + ", ".join(["Psychic Immunity"] * 6)
    lines = wrap_line(line).splitlines()
    assert len(lines) > 1 and all(len(x) <= WIDTH for x in lines)
    assert all(x.startswith(" " * 10) and x[10] != " " for x in lines[1:])
