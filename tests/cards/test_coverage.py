"""solo.cards.coverage: how far each card is modelled, and the generated docs/cards.md."""

import json
import tomllib
from pathlib import Path

import pytest

from solo.cards import coverage as cov
from solo.cards import glossary
from solo.cards.catalog import Attack, Card, Effect
from solo.core.errors import InvalidInput
from solo.cards.glossary import Term
from solo.text.render import line as sentence, lines as sentences

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "reference" / "cards.json"


@pytest.fixture
def fake_terms(monkeypatch):
    """A small glossary of our own, so that these tests do not depend on the real one."""
    terms = {
        "flying": Term("Flying", "trait", "flies", "yes"),
        "fast": Term("Fast", "trait", "moves far", "yes"),
        "legendary": Term("Legendary", "trait", "one in play", "n/a"),
        "rage": Term("Rage", "trait", "gets angry", "partly", "Add a Rage marker when it is damaged."),
        "burn": Term("Burn", "condition", "burns", "yes"),
        "corrode": Term("Corrode", "condition", "eats armor", "no", "Lower its armor by 1."),
    }
    monkeypatch.setattr(glossary, "TERMS", terms)
    return terms


def creature(traits=(), attack_traits=(), conditions=(), dm=None, name="Test Beast"):
    attack = Attack("Bite", "quick", "melee", (0, 0), 3, traits=tuple(attack_traits),
                    effects=(Effect(7, None, tuple(conditions)),) if conditions else ())
    return Card(name, "Creature", cost=5, traits=tuple(traits), attacks=(attack,), dm=dm or {})


def test_a_creature_with_only_modelled_terms_is_modelled(fake_terms):
    c = cov.coverage(creature(["Flying", "Legendary"], conditions=["Burn"]))
    assert c.level == "modelled" and c.by_hand == []


def test_a_partly_or_missing_term_makes_a_creature_partly_with_its_instruction(fake_terms):
    c = cov.coverage(creature(["Fast", "Rage +3"], attack_traits=["Sticky Goo"], conditions=["Corrode"]))
    assert c.level == "partly"
    assert "Rage +3: Add a Rage marker when it is damaged." in c.by_hand
    assert "Corrode (Bite effect): Lower its armor by 1." in c.by_hand
    # a term the glossary does not know counts as not modelled, never as fine
    assert any(line.startswith("Sticky Goo (Bite): ") for line in c.by_hand)
    assert "Rage +3" in c.why and "Sticky Goo" in c.why and "Fast" not in c.why


def test_a_creature_note_adds_its_by_hand_lines_and_can_make_it_unusable(fake_terms):
    c = cov.coverage(creature(["Flying"], dm={"abilities": ["x"], "by_hand": "Heal it 2 each Upkeep."}))
    assert c.level == "partly" and c.by_hand == ["Heal it 2 each Upkeep."]
    c = cov.coverage(creature(dm={"by_hand": ["One.", "Two."]}))
    assert c.by_hand == ["One.", "Two."]
    c = cov.coverage(creature(["Flying"], dm={"unusable": "it needs an altar"}))
    assert c.level == "unusable" and c.why == "it needs an altar"
    # a note with abilities only (its text all covered by the traits) changes nothing
    assert cov.coverage(creature(["Flying"], dm={"abilities": ["flies"]})).level == "modelled"


def test_a_trait_with_an_x_finds_its_term(fake_terms):
    fake_terms["frost"] = Term("Frost", "trait", "cold", "yes")
    assert cov.coverage(creature(["Frost +X", "Rage +3"])).by_hand == ["Rage +3: Add a Rage marker when it is damaged."]


def test_mage_only_comes_from_the_note_or_the_trait(fake_terms):
    assert cov.coverage(creature(["Flying", "Warlock Only"])).mage_only == "Warlock"
    assert cov.coverage(creature(dm={"mage_only": "Holy Mage"})).mage_only == "Holy Mage"
    assert cov.coverage(creature(["Flying"])).mage_only is None


def test_spells_levels_come_from_their_note(fake_terms):
    base = dict(type="Enchantment", cost=2, target="Creature")
    assert cov.coverage(Card("No Note", **base)).level == "partly"
    assert "guessed" in cov.coverage(Card("No Note", **base)).why
    good = Card("Good", dm={"criterion": "enemy-creature", "grants": {"armor": -1}}, **base)
    assert cov.coverage(good).level == "modelled"
    assert "rule ii" in cov.coverage(good).does
    partly = Card("Half", dm={"criterion": "enemy-creature", "by_hand": "Roll a die."}, **base)
    assert cov.coverage(partly).level == "partly" and cov.coverage(partly).by_hand == ["Roll a die."]
    never = Card("Never", dm={"unusable": "needs a choice"}, **base)
    assert cov.coverage(never).level == "unusable" and cov.coverage(never).why == "needs a choice"
    # a spell's own traits (Epic, Unique...) are about casting it; its attack's terms count
    traits = Card("Odd", traits=("Sticky Goo",), dm={"criterion": "enemy-creature"}, **base)
    assert cov.coverage(traits).level == "modelled"
    bolt = Card("Bolt", type="Attack", cost=5, dm={"criterion": "attack"},
                attacks=(Attack("Bolt", "quick", "ranged", (0, 2), 5, effects=(Effect(5, None, ("Corrode",)),)),))
    assert cov.coverage(bolt).level == "partly" and "Corrode (Bolt effect): Lower its armor by 1." in cov.coverage(bolt).by_hand


def test_equipment_and_conjurations_are_yours(catalog):
    for name in ("Fog Bank", "Wall of Thorns", "Mana Crystal", "Dragonscale Hauberk"):
        assert cov.coverage(catalog.get(name)).level == "yours", name
    # Fully applied by solo: nothing left to do by hand.
    assert cov.coverage(catalog.get("Fog Bank")).by_hand == []
    hauberk = cov.coverage(catalog.get("Dragonscale Hauberk"))
    assert hauberk.by_hand == [] and "Armor +2" in hauberk.does and "Flame -2" in hauberk.does
    # Text solo does not apply is an instruction.
    assert cov.coverage(catalog.get("Wall of Thorns")).by_hand
    assert cov.coverage(catalog.get("Mana Crystal")).by_hand
    assert "Line of Sight" in cov.coverage(catalog.get("Fog Bank")).does
    assert "passage attacks" in cov.coverage(catalog.get("Wall of Thorns")).does


def test_sets_short_and_full_names():
    assert cov.parse_sets("Core,FvW") == {"Core", "Forcemaster vs Warlord"}
    assert cov.parse_sets(" lg , Battlegrounds: Domination ,promo") == {
        "Lost Grimore", "Mage Wars Battlegrounds: Domination", "Promo"}
    assert cov.parse_sets("Paladin vs Siren") == {"Paladin vs Siren"}
    with pytest.raises(InvalidInput, match="no set called 'Cor'.*Core, FvW"):
        cov.parse_sets("Core,Cor")
    with pytest.raises(InvalidInput):
        cov.parse_sets(" , ")
    assert cov.set_short("Forged in Fire") == "FiF"


def test_every_catalog_set_has_a_short_name(catalog):
    sets = {c.set for t in cov.DM_TYPES + cov.YOUR_TYPES for c in catalog.cards(t)}
    assert sets <= set(cov.SETS.values())


def test_every_creature_with_printed_text_has_a_note(catalog):
    """Nothing ignored in silence: a creature's printed text is always read into a note."""
    if not SHARED.exists():
        pytest.skip("the shared card reference is not here")
    source = {c["name"]: c for c in json.loads(SHARED.read_text(encoding="utf-8"))["cards"]}
    notes = tomllib.loads((ROOT / "scripts" / "notes" / "creatures.toml").read_text(encoding="utf-8"))
    missing = [c.name for c in catalog.cards("Creature") if (source[c.name].get("text") or "").strip()
               and c.name not in notes]
    assert missing == []
    for name, note in notes.items():
        assert catalog.get(name).type == "Creature", name
        assert set(note) <= {"abilities", "by_hand", "ruled", "mage_only", "unusable", "plays"}, name
        assert note.get("abilities"), name


def test_summoning_a_creature_with_card_text_says_what_to_apply(catalog):
    from solo.automaton import quickcast as qc_table
    from solo.engine import quickcast_turn
    from solo.rules.board import new_board

    # a creature still partly modelled, whichever it is today (issue 33 plays them one by one)
    partly = [c.name for c in catalog.cards("Creature") if cov.coverage(c).level == "partly"]
    name = partly[0] if partly else "Timber Wolf"
    b = new_board()
    b.decks["creature"] = [name, "Timber Wolf"]
    d = quickcast_turn.carry_out(b, qc_table.summon(b))
    text = "\n".join(sentences(d.instructions))
    assert name in text
    for line in cov.coverage(catalog.get(name)).by_hand:
        assert line in text
    assert d.data.get("card_by_hand", []) == cov.coverage(catalog.get(name)).by_hand


def test_figures_add_up_and_count_every_card(catalog):
    text = cov.cards_doc(catalog)
    for t in cov.DM_TYPES:
        n = cov.tally(catalog.cards(t))
        assert sum(n.values()) == len(catalog.cards(t)) and n["yours"] == 0
        assert f"| {t} | {len(catalog.cards(t))} | {n['modelled']} (" in text
    for t in cov.YOUR_TYPES + cov.DM_TYPES:
        for c in catalog.cards(t):
            assert f"- **{c.name}** (" in text, c.name


def test_the_shipped_coverage_summary_is_up_to_date(catalog):
    """Deck checks read the summary instead of working out each card's coverage."""
    committed = (ROOT / "decks" / "coverage.json").read_text(encoding="utf-8")
    assert committed == cov.summary_json(catalog), "decks/coverage.json is stale; run: python scripts/cards_doc.py"


def test_deck_warnings_are_the_same_with_or_without_the_summary(catalog, monkeypatch):
    from solo.decks import sets as decks

    # a creature still partly modelled (else the one that cannot be used): warned of either way
    odd = next((c.name for c in catalog.cards("Creature") if cov.coverage(c).level == "partly"),
               "Talos")
    for name in ("Starter", "Harder", "Easier"):
        ds = decks.resolve(name)
        ds.decks["creature"][odd] = 1
        ds.decks["attack"]["Hurl Boulder"] = 1
        shipped = decks.coverage_warnings(ds, catalog)
        assert any(w.split(": ", 1)[1].startswith(odd + " ") for w in shipped), shipped
        monkeypatch.setattr(decks, "_SHIPPED", (frozenset(), {}))
        assert decks.coverage_warnings(ds, catalog) == shipped
        assert [n for _, n, _ in decks.partly_modelled(ds, catalog)] == \
            [w.split(": ", 1)[1].split(" is partly")[0].split(" cannot")[0] for w in shipped]
        monkeypatch.setattr(decks, "_SHIPPED", None)


def test_docs_cards_md_is_up_to_date(catalog):
    committed = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    assert committed == cov.cards_doc(catalog), "docs/cards.md is stale; run: python scripts/cards_doc.py"


def test_an_unusable_creature_drawn_by_the_dummy_mage_is_discarded(catalog):
    from solo.automaton import quickcast as qc_table
    from solo.engine import quickcast_turn
    from solo.rules.board import new_board

    b = new_board()
    b.decks["creature"] = ["Talos", "Timber Wolf"]
    before = len(b.creatures)
    d = quickcast_turn.carry_out(b, qc_table.summon(b))
    assert d.action == "summon" and d.data["discarded"] is True and "Altar of Domination" in sentence(d.reason)
    assert len(b.creatures) == before and b.discards["creature"] == ["Talos"]
    assert b.decks["creature"] == ["Timber Wolf"]
    assert any(line.startswith("Draw the top card of the creature deck: Talos. Discard it unused")
               for line in sentences(d.instructions))


def test_a_ruled_ability_is_said_and_leaves_nothing_by_hand(catalog):
    """A familiar's spells the Dummy Mage never casts are a ruling, not work for the person."""
    c = cov.coverage(catalog.get("Huginn, Raven Familiar"))
    assert "casts no spells through familiars" in c.does
    assert not any("familiar" in x.lower() for x in c.by_hand)
