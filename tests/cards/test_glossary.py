"""The glossary: a term for every trait, attack trait and effect condition of the catalog, true
to what the rules code does, and its by-hand line wherever solo does not apply a term fully."""

import pytest

from solo.cards import glossary
from solo.rules.board import new_board
from solo.cards.catalog import Attack, Effect, get_catalog
from solo.rules.combat import resolve_attack, resolve_reported_attack, resolve_zone_attack
from solo.rules.combat.results import Reported
from solo.rules.dice import ScriptedSource, SeededSource
from solo.text.render import lines

def _catalog_terms():
    cat = get_catalog()
    traits, attack_traits, effects = set(), set(), set()
    for card in cat.cards():
        traits.update(card.traits)  # spells' and equipment's too
        for a in card.attacks:
            attack_traits.update(a.traits)
            for e in a.effects:
                effects.update(e.conditions)
    return traits, attack_traits, effects


def test_every_trait_attack_trait_and_effect_of_the_catalog_has_a_term():
    traits, attack_traits, effects = _catalog_terms()
    missing = sorted(t for t in traits | attack_traits | effects if glossary.lookup(t) is None)
    assert not missing, f"no glossary term for {missing}"


def test_the_codex_conditions_of_every_set_have_terms():
    for name in ("Bleed", "Corrode", "Tainted", "Stuck", "Snatch", "Grapple", "Obscured",
                 "Invisible", "Devour", "Trample", "Rage", "Extinguish", "Mana Drain", "Intercept",
                 "Vigilant", "Unstoppable", "Uncontainable", "Disable", "Growth", "Zombie",
                 "Dissipate", "Climbing", "Resilient", "Critical Damage", "No Damage", "Heal"):
        assert glossary.lookup(name) is not None, name


def test_every_term_is_well_formed():
    for t in glossary.TERMS.values():
        assert t.kind in ("trait", "condition", "attack-trait")
        assert t.modelled in ("yes", "partly", "no", "n/a")
        assert t.summary.strip()
        if t.modelled in ("partly", "no"):
            assert t.by_hand and t.by_hand.strip(), f"{t.name} needs a by-hand line"


def test_lookup_finds_terms_as_printed():
    assert glossary.lookup("Regenerate 2").name == "Regenerate"
    assert glossary.lookup("Bloodthirsty+1").name == "Bloodthirsty"
    assert glossary.lookup("Upkeep +X").name == "Upkeep"
    assert glossary.lookup("Frost -2").name == "Frost"
    assert glossary.lookup("+3 vs. Demons").modelled == "yes"


# -- "yes" is true to the code ------------------------------------------------------------------

@pytest.fixture
def b():
    return new_board(dm_zone="A1", ym_zone="D3")


def test_resilient_is_modelled_and_a_resilient_target_ignores_normal_damage(b):
    assert glossary.lookup("Resilient").modelled == "yes"
    a = b.add_creature("Timber Wolf", "ym", "B2")
    z = b.add_creature("Zombie Minion", "dm", "B2")
    att = Attack("Hit", "quick", "melee", (0, 0), 2, traits=("Unavoidable",))
    r = resolve_attack(b, a, att, z, ScriptedSource(d6=[4, 4]), first_strike=False)
    assert r.main.normal == 4 and r.main.damage == 0


def test_corrode_is_modelled_and_never_takes_armor_below_zero(b):
    assert glossary.lookup("Corrode").modelled == "yes"
    a = b.add_creature("Goblin Grunt", "ym", "B2")
    t = b.add_creature("Timber Wolf", "dm", "B2")
    att = Attack("Hit", "quick", "melee", (0, 0), 1, traits=("Unavoidable",),
                 effects=(Effect(1, None, ("Corrode",) * 4),))
    r = resolve_attack(b, a, att, t, ScriptedSource(d6=[1], d12=[3]), first_strike=False)
    assert r.main.conditions.count("Corrode") == 2 and r.main.acid == 2


def test_invisible_is_modelled_and_never_targeted(b):
    from solo.rules import targeting

    assert glossary.lookup("Invisible").modelled == "yes"
    s = b.add_creature("Invisible Stalker", "ym", "B2")
    assert not targeting.can_target(b, "B2", s)


def test_grapple_is_modelled_and_marks_the_grapplers_prey(b):
    from solo.rules import combat
    from solo.rules.abilities.marks import prey

    term = glossary.lookup("Grapple")
    assert term.modelled == "yes"
    crab = b.add_creature("Colossal Crab", "dm", "B2")
    t = b.add_creature("Timber Wolf", "ym", "B2")
    claw = next(a for a in b.attacks(crab) if any("Grapple" in e.conditions for e in a.effects))
    grab = next(e for e in claw.effects if "Grapple" in e.conditions)
    t.stats = {"life": 99, "cost": 9}  # nothing can kill it before the effect die
    r = resolve_attack(b, crab, claw, t, ScriptedSource(d12=[grab.min], d6=[1] * 12))
    assert "Grapple" in r.main.conditions
    combat.apply(b, r)
    assert prey(b, b.get(crab.id)).id == t.id


def test_a_partly_modelled_attack_trait_carries_its_by_hand_line(b):
    a = b.add_creature("Timber Wolf", "dm", "B2")
    t = b.add_creature("Bitterwood Fox", "ym", "B2")
    att = Attack("Sweep", "quick", "melee", (0, 0), 2, traits=("Sweeping", "Unavoidable"))
    # an attack you rolled yourself: the second attack of a Sweeping one is yours to make
    told = Reported(lambda strike, only_ones: (1, 0), lambda strike: [])
    r = resolve_reported_attack(b, a, att, t, told, SeededSource(1))
    assert any(glossary.lookup("Sweeping").by_hand in line for line in lines(r.steps))
    # one solo rolled made the second attack itself, or said there was none: no such line
    r = resolve_attack(b, a, att, t, SeededSource(1))
    assert not any(glossary.lookup("Sweeping").by_hand in line for line in lines(r.steps))
    # a fully modelled trait adds no such line
    att = Attack("Plain", "quick", "melee", (0, 0), 2, traits=("Unavoidable",))
    r = resolve_attack(b, a, att, t, SeededSource(1))
    assert not any(line.startswith("By hand") for line in lines(r.steps))


def test_a_zone_attack_with_an_unmodelled_trait_says_so(b):
    b.add_creature("Timber Wolf", "ym", "B2")
    att = Attack("Once", "quick", "ranged", (0, 2), 2, zone=True,
                 traits=("Counts as an attack spell. May be cast once per round.",))
    r = resolve_zone_attack(b, b.mages["dm"], att, "B2", SeededSource(1))
    assert any(line.startswith("By hand") for line in lines(r.steps))


def test_one_name_is_one_entry_and_none_is_hidden():
    """A term was kept by its name alone, so a condition called like a trait (Rage) or an attack
    trait called like one (Passage Blocked) hid the other; now a second kind under one name is
    refused."""
    from solo.cards import glossary

    assert "enemy creature's attack damages it" in glossary.lookup("Rage +2").summary
    assert "Bashed" in glossary.lookup("Passage Blocked").summary
    with pytest.raises(ValueError, match="both a trait and a condition"):
        glossary._c("Fast", "yes", "a condition of the same name")
    assert glossary.TERMS["fast"].kind == "trait"
