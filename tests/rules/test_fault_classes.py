"""Issue 33's fault classes, fixed everywhere they apply, over every card each applies to (the
card lists come from the catalog's traits, subtypes and attack bars, never from our notes)."""

from __future__ import annotations

import pytest

from solo.automaton import spells
from solo.cards.catalog import Card, get_catalog
from solo.core.errors import SoloError
from solo.rules import targeting
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource

CAT = get_catalog()
DAMAGE_TYPES = ("Acid", "Flame", "Frost", "Hydro", "Lightning", "Wind", "Light", "Poison", "Psychic")
CREATURES = [c for c in CAT.cards() if c.type == "Creature"]
DECK = {"Enchantment": "enchantment", "Incantation": "incantation", "Attack": "attack"}


def _immune(c: Card, kind: str) -> bool:
    return c.has(f"{kind} Immunity") or (kind == "Poison" and c.has("Nonliving"))


def _grounded_immune(kind: str) -> list[str]:
    return [c.name for c in CREATURES if _immune(c, kind) and not c.has("Flying")]


def _types(card: Card) -> set[str]:
    return ({s for s in card.subtypes if s in DAMAGE_TYPES}
            | {a.damage_type for a in card.attacks if a.damage_type in DAMAGE_TYPES})


# -- 1. immunity: the Dummy Mage's spells ----------------------------------------------------

#: (spell, creature): a spell at one enemy creature whose subtype or attack is of a damage type,
#: and a non-Flying creature immune to that type.
SPELL_PAIRS = [(s.name, t) for s in CAT.cards() if s.type in DECK
               and not (s.dm or {}).get("unusable")
               and ((s.dm or {}).get("criterion") in ("enemy-creature", "attack"))
               and not any(a.zone for a in s.attacks) and "zone" not in (s.target or "").lower()
               for kind in sorted(_types(s)) for t in _grounded_immune(kind)[:3]]


def test_the_spell_pairs_come_from_the_catalog():
    assert ("Fireball", "Firebrand Imp") in SPELL_PAIRS
    assert ("Lullaby", "Zombie Brute") in SPELL_PAIRS or ("Lullaby", "Blightheart") in SPELL_PAIRS
    assert len(SPELL_PAIRS) >= 40


@pytest.mark.parametrize("spell,creature", SPELL_PAIRS)
def test_the_dummy_mages_spell_never_targets_an_immune_creature(spell, creature):
    """Codex, Immunity: an object cannot be targeted or affected by spells or attacks of the
    type it is immune to; with only such a creature in range, the spell finds no target."""
    card = CAT.get(spell)
    b = new_board("Warlock", "Beastmaster", dm_zone="A1", ym_zone="D3",
                  decks={DECK[card.type]: [spell]})
    b.stage = "quickcast-1"
    shielded = b.add_creature(creature, "ym", "A1" if card.range[0] == 0 else "B1", damage=1)
    d = spells.cast_spell(b, ScriptedSource(d12=[5] * 40, d6=[6] * 99, fallback=SeededSource(7)),
                          DECK[card.type])
    assert d.data.get("target") != shielded.id
    assert all(p.target != shielded.id for p in d.attacks)


# -- 1. immunity: `solo roll attack` and your attacks ----------------------------------------

ROLL_PAIRS = [(a.name, t) for a in [*CREATURES, *(s for s in CAT.cards() if s.type == "Attack")]
              for kind in DAMAGE_TYPES
              if (rolled := [x for x in a.attacks if x.kind in ("melee", "ranged")
                             and (x.action or a.type == "Attack")
                             and isinstance(x.dice, int)])
              and all(x.damage_type == kind and not x.has("Extinguish") for x in rolled)
              for t in _grounded_immune(kind)[:2]]


def test_the_roll_pairs_come_from_the_catalog():
    assert ("Fireball", "Firebrand Imp") in ROLL_PAIRS and len(ROLL_PAIRS) >= 25


@pytest.mark.parametrize("attacker,target", ROLL_PAIRS)
def test_roll_attack_refuses_an_attack_at_an_immune_target(attacker, target):
    from solo.cli.commands.combat import roll_attack_result
    with pytest.raises(SoloError, match="immune"):
        roll_attack_result(attacker, target, None, seed=1)


@pytest.mark.parametrize("attacker,target", ROLL_PAIRS)
def test_your_attack_cannot_reach_an_immune_object(attacker, target):
    """What your attacks in play are offered (solo.engine.your_attacks asks can_reach)."""
    card = CAT.get(attacker)
    b = new_board("Warlock", "Beastmaster", dm_zone="D3", ym_zone="A1")
    here = b.mages["ym"] if card.type == "Attack" else b.add_creature(attacker, "ym", "A1")
    there = b.add_creature(target, "dm", "A1")
    rolled = [x for x in card.attacks if x.kind in ("melee", "ranged")]
    assert not any(targeting.can_reach(b, here, x, "A1", there) for x in rolled)


def test_an_extinguishing_hydro_attack_may_target_a_burning_hydro_immune_object():
    """Complete codex, Immunity's exception: only to put its fires out."""
    b = new_board("Warlock", "Beastmaster", dm_zone="D3", ym_zone="D1")
    tide = b.add_creature("Shoalsdeep Tidecaller", "dm", "A1")
    vine = b.add_creature("Thornlasher", "ym", "A1")
    riptide = CAT.get("Shoalsdeep Tidecaller").attacks[0]
    assert not targeting.can_reach(b, tide, riptide, "A1", vine)
    vine.conditions["Burn"] = 1
    assert targeting.can_reach(b, tide, riptide, "A1", vine)


# -- 6. markers that outlive their cause -----------------------------------------------------

import json as _json  # noqa: E402
from pathlib import Path as _Path  # noqa: E402

_REFERENCE = _Path(__file__).resolve().parents[3] / "shared" / "reference" / "cards.json"


def _card_texts() -> dict[str, str]:
    if not _REFERENCE.exists():
        return {}
    return {c["name"]: c.get("text") or "" for c in _json.loads(_REFERENCE.read_text())["cards"]}


RAGERS = sorted(c.name for c in CREATURES if any(t.lower().startswith("rage") for t in c.traits))
GROWERS = sorted(c.name for c in CREATURES if "Growth marker" in (_card_texts().get(c.name) or ""))
GRAPPLERS = sorted(c.name for c in CREATURES for a in c.attacks
                   if any("Grapple" in k for e in a.effects for k in e.conditions))


def test_the_marker_cards_come_from_the_catalog():
    assert "Mountain Gorilla" in RAGERS and "Dragonclaw Wolverine" in RAGERS
    assert GRAPPLERS == ["Colossal Crab", "Drokkar", "Kraken", "Shoalsdeep Crocodile"]
    if _REFERENCE.exists():
        assert GROWERS == ["Kralathor, The Devourer", "Ravenous Ghoul", "Shaggoth-Zora"]


def _melee_bonus(b, p) -> int:
    from solo.cards.catalog import parse_trait
    return sum(v or 0 for n, v in map(parse_trait, b.traits(p)) if n.lower() == "melee")


@pytest.mark.parametrize("name", RAGERS)
def test_rage_tokens_on_an_undamaged_creature_add_nothing(name):
    """Rage: healing all of its damage removes every Rage token; a board that still holds
    them (read from a file, edited) gives no Melee bonus for them, and loading takes them off
    with a line."""
    from solo.store import board_file
    b = new_board("Warlock", "Beastmaster")
    c = b.add_creature(name, "dm", "B2", conditions={"Rage": 2})
    c2 = b.add_creature(name, "dm", "B2", conditions={"Rage": 2}, damage=1)
    loaded = board_file.from_dict(_json.loads(board_file.dumps(b)))
    said = board_file.normalize(loaded)
    assert loaded.get(c.id).conditions.get("Rage", 0) == 0
    assert _melee_bonus(loaded, loaded.get(c.id)) == 0
    assert loaded.get(c2.id).conditions.get("Rage") == 2
    assert _melee_bonus(loaded, loaded.get(c2.id)) == 2
    assert len(said) == 1 and "Rage" in said[0] and "no damage left" in said[0]


@pytest.mark.parametrize("name", ["Timber Wolf", *RAGERS])
def test_rage_tokens_count_only_up_to_the_rage_trait(name):
    b = new_board("Warlock", "Beastmaster")
    c = b.add_creature(name, "dm", "B2", conditions={"Rage": 9}, damage=1)
    cap = max([int(t.split("+")[1]) for t in CAT.get(name).traits if t.startswith("Rage +")] or [0])
    assert _melee_bonus(b, c) == cap


@pytest.mark.parametrize("name", [n for n in ("Timber Wolf", "Zombie Brute", "Mountain Gorilla")])
def test_growth_on_a_creature_that_never_grows_adds_nothing(name):
    b = new_board("Warlock", "Beastmaster")
    c = b.add_creature(name, "dm", "B2", conditions={"Growth": 2})
    assert _melee_bonus(b, c) == 0 and b.life(c) == CAT.get(name).life


@pytest.mark.parametrize("name", GROWERS or ["Kralathor, The Devourer"])
def test_growth_counts_on_a_creature_that_grows(name):
    b = new_board("Warlock", "Beastmaster")
    c = b.add_creature(name, "dm", "B2", conditions={"Growth": 7})
    most = 6 if name == "Shaggoth-Zora" else 7
    assert b.life(c) == CAT.get(name).life + 3 * most


@pytest.mark.parametrize("name", GRAPPLERS)
def test_a_grapple_without_its_grappler_is_taken_off_on_load(name):
    from solo.store import board_file
    b = new_board("Warlock", "Beastmaster")
    prey = b.add_creature("Timber Wolf", "ym", "B2", conditions={"Grapple": 1})
    held = b.add_creature("Timber Wolf", "ym", "C2", conditions={"Grapple": 1})
    b.add_creature(name, "dm", "C2")
    said = board_file.normalize(b)
    assert b.get(prey.id).conditions.get("Grapple", 0) == 0
    assert b.get(held.id).conditions.get("Grapple") == 1
    assert len(said) == 1 and "grappler" in said[0]


@pytest.mark.parametrize("name", RAGERS)
def test_an_edit_that_heals_every_point_takes_the_rage_tokens_off(name):
    """The person edits a raging creature's damage to 0: its Rage tokens go with it (as
    healing all of its damage does), said in the edit's step."""
    from solo.core.questions import ScriptedPrompter
    from solo.engine.game import Game, Settings
    from solo.rules.effects import AddPiece, apply
    from solo.text.render import lines as said_lines
    g = Game.new(Settings(seed=4, name="t"))
    c = g.board.add_creature(name, "dm", "B2", damage=3, conditions={"Rage": 2}, id="rager")
    g.prompter = ScriptedPrompter({"quickcast.you": ["edit", "pass"], "edit.object": "rager",
                                   "edit.field": "damage", "edit.damage": 0})
    for _ in range(6):
        step = g.play_one()
        if step is not None and step.label.startswith("edit"):
            break
    assert g.board.get(c.id).conditions.get("Rage", 0) == 0
    assert any("Rage" in x for x in said_lines(step.lines))


# -- 3. effects on "all ... creatures in the arena" reach both sides -------------------------

def _reaches_both_sides(text: str) -> bool:
    import re
    return bool(re.search(r"\ball\b[^.]*creatures in the arena", text, re.I)) \
        and not re.search(r"friendly|you control|enemy", text, re.I)


ARENA_WIDE = sorted(n for n, t in _card_texts().items() if _reaches_both_sides(t)
                    and CAT.find(n) is not None and CAT.get(n).type in DECK)


def test_the_arena_wide_cards_come_from_the_card_texts():
    if _REFERENCE.exists():
        assert ARENA_WIDE == ["Zombie Frenzy"]


@pytest.mark.parametrize("name", ARENA_WIDE or ["Zombie Frenzy"])
def test_an_arena_wide_spell_reaches_your_creatures_too(name):
    """Zombie Frenzy: "all zombie creatures in the arena" lose Pest (and Slow, Lumbering) and
    gain Fast and Bloodthirsty +1, yours too, even one that has acted (it guards): then it is a
    guard the Dummy Mage's creature must attack first."""
    from solo.automaton import creatures
    from solo.rules.effects import SetGuard, apply
    card = CAT.get(name)
    b = new_board("Necromancer", "Beastmaster", dm_zone="A1", ym_zone="D3",
                  decks={DECK[card.type]: [name]})
    b.stage = "quickcast-1"
    restriction = card.dm["restrictions"][0]
    kind = {"Zombie": "Zombie Minion"}.get(restriction, restriction)
    mine = b.add_creature(kind, "dm", "B2")
    yours = b.add_creature(kind, "ym", "C2", active=False)
    apply(b, SetGuard(yours.id, True))
    assert b.has_trait(yours, "Pest")
    d = spells.cast_spell(b, SeededSource(2), DECK[card.type])
    assert not d.data.get("discarded") and yours.id in d.data["affected"]
    assert not b.has_trait(b.get(yours.id), "Pest") and b.has_trait(b.get(yours.id), "Fast")
    # a creature of the Dummy Mage's in the guard's zone attacks the guard, not your wolf
    b.add_creature("Timber Wolf", "ym", "C2")  # more life left than the zombie
    brute = b.add_creature("Timber Wolf", "dm", "C2")
    act = creatures.act(b, SeededSource(1), brute)
    assert act.data.get("target") == yours.id



# -- 1. immunity and "cannot be targeted" given by card text ----------------------------------

def _text_immunities() -> list[tuple[str, str]]:
    import re
    out = []
    for name, text in _card_texts().items():
        m = re.search(r"is immune to (\w+) damage", text)
        if m and CAT.find(name) is not None:
            out.append((name, m.group(1).capitalize()))
    return sorted(out)


def _ranged_proof() -> list[str]:
    return sorted(n for n, t in _card_texts().items()
                  if "ranged attacks cannot target" in t.lower() and CAT.find(n) is not None)


def test_the_text_immunities_come_from_the_card_texts():
    if _REFERENCE.exists():
        assert _text_immunities() == [("Magma Golem", "Flame")]
        assert _ranged_proof() == ["Mangler Caltrops", "Stranglevine", "Tanglevine"]


@pytest.mark.parametrize("name,kind", _text_immunities() or [("Magma Golem", "Flame")])
def test_an_immunity_in_card_text_forbids_the_target(name, kind):
    b = new_board("Warlock", "Beastmaster", dm_zone="D3", ym_zone="D1")
    attacker = next(c for c in CREATURES if c.attacks and all(
        a.damage_type == kind for a in c.attacks if a.kind in ("melee", "ranged")) and not c.has("Flying"))
    a = b.add_creature(attacker.name, "dm", "A1")
    t = b.add_creature(name, "ym", "A1")
    assert not any(targeting.can_reach(b, a, x, "A1", t) for x in attacker.attacks)
    assert targeting.immune_to_damage_type(b, t, kind)


@pytest.mark.parametrize("name", _ranged_proof() or ["Tanglevine"])
def test_ranged_attacks_cannot_target_what_its_text_protects(name):
    b = new_board("Warlock", "Beastmaster", dm_zone="D3", ym_zone="D1")
    archer = b.add_creature("Skeletal Archer", "dm", "A1")
    conj = b.add_conjuration(name, "ym", "A2")
    bow = next(x for x in CAT.get("Skeletal Archer").attacks if x.is_ranged)
    assert not targeting.can_reach(b, archer, bow, "A1", conj)
