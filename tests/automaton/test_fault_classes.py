"""Issue 33's fault classes in the Dummy Mage's choices, over every card each applies to (the
card lists come from the catalog's traits and attack bars, not from our notes): immunity in a
creature's choice of target, and zone attacks among a creature's legal attacks."""

from __future__ import annotations

import pytest

from solo.automaton import creatures
from solo.cards.catalog import Card, get_catalog
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource
DAMAGE_TYPES = ("Acid", "Flame", "Frost", "Hydro", "Lightning", "Wind", "Light", "Poison", "Psychic")
from solo.text.render import lines as sentences

CAT = get_catalog()
CREATURES = [c for c in CAT.cards() if c.type == "Creature"]


def _offensive(c: Card) -> list:
    return [a for a in c.attacks if a.kind in ("melee", "ranged") and a.action and a.dice is not None
            and not any(t.lower().startswith(("heal", "reconstruct")) for t in a.traits)]


def _immune(c: Card, kind: str) -> bool:
    return c.has(f"{kind} Immunity") or (kind == "Poison" and c.has("Nonliving"))


#: (attacker, target): a creature whose every attack is of one damage type, and a creature
#: immune to that type (its trait, or Nonliving for poison).
IMMUNE_PAIRS = [(a.name, t.name) for kind in DAMAGE_TYPES for a in CREATURES
                if _offensive(a) and all(x.damage_type == kind for x in _offensive(a))
                for t in CREATURES if _immune(t, kind)]


def test_the_immunity_pairs_come_from_the_catalog():
    assert ("Firebrand Imp", "Flaming Hellion") in IMMUNE_PAIRS
    assert ("Psylok", "Zombie Brute") in IMMUNE_PAIRS
    assert len(IMMUNE_PAIRS) >= 60


@pytest.mark.parametrize("attacker,target", IMMUNE_PAIRS)
def test_a_creature_does_not_attack_a_target_immune_to_its_attacks(attacker, target):
    """Codex, Immunity: an immune object cannot be targeted by attacks of that type; the
    creature attacks another legal target (here, one with less life left: without the
    immunity it would attack the immune one, rule A-ii)."""
    b = new_board("Warlock", "Beastmaster", dm_zone="D3", ym_zone="D1")
    b.mages["ym"].conditions["Banish"] = 1  # out of the arena: not a target
    c = b.add_creature(attacker, "dm", "A1")
    shielded = b.add_creature(target, "ym", "A1")
    decoy = b.add_creature("Timber Wolf", "ym", "A1", damage=b.life(b.add_creature(
        "Timber Wolf", "ym", "D1")) - 1)
    d = creatures.act(b, SeededSource(3), c)
    assert d.data.get("target") != shielded.id
    if any(x.is_ranged for x in _offensive(CAT.get(attacker))) or not b.flying(decoy):
        assert d.data.get("target") == decoy.id


@pytest.mark.parametrize("attacker,target", IMMUNE_PAIRS)
def test_a_creature_does_not_chase_a_target_immune_to_its_attacks(attacker, target):
    """With only an immune creature near, it moves on toward your mage instead."""
    b = new_board("Warlock", "Beastmaster", dm_zone="D3", ym_zone="D1")
    c = b.add_creature(attacker, "dm", "A1")
    shielded = b.add_creature(target, "ym", "A2")
    d = creatures.act(b, SeededSource(3), c)
    assert d.data.get("target") != shielded.id
    assert shielded.zone not in d.data.get("path", [])[-1:] or "D1" == shielded.zone


# -- zone attacks ----------------------------------------------------------------------------

ZONE_ATTACKERS = sorted(c.name for c in CREATURES for a in c.attacks
                        if (a.kind == "zone" or a.zone) and a.action and a.dice is not None
                        and c.name != "Goblin Bomber")


def test_the_zone_attackers_come_from_the_catalog():
    assert ZONE_ATTACKERS == ["Earth Elemental", "Ludwig Boltstorm", "Oscuda",
                              "Sardonyx, Blight of the Living"]


def _zone_attack_of(name: str):
    return next(a for a in CAT.get(name).attacks if a.kind == "zone" or a.zone)


@pytest.mark.parametrize("name", ZONE_ATTACKERS)
def test_a_creature_may_choose_its_zone_attack(name):
    """The solo rules: with two types of legal attack, one at random; the zone attack (at your
    mage's zone) is among them, and it hits every object there but its maker."""
    za = _zone_attack_of(name)
    seen = set()
    for seed in range(12):
        b = new_board("Warlock", "Beastmaster", dm_zone="D3", ym_zone="B2")
        here = "B2" if za.range[0] == 0 else "B1"
        c = b.add_creature(name, "dm", here)
        d = creatures.act(b, SeededSource(seed), c)
        zoned = [p for p in d.attacks if p.zone]
        if zoned:
            assert zoned[0].target == "B2" and zoned[0].attack.name == za.name
            assert d.data["target"] == "B2"
            assert "zone attack" in " ".join(sentences(d.instructions))
        seen.add(bool(zoned))
    assert True in seen
    if any(a.action for a in _offensive(CAT.get(name))):
        assert False in seen


@pytest.mark.parametrize("name", ZONE_ATTACKERS)
def test_a_zone_attack_goes_where_most_of_your_creatures_are(name):
    """Your mage out of reach: the nearest zone in range holding your creatures, the one
    holding the most of them (as a zone attack spell is placed)."""
    za = _zone_attack_of(name)
    b = new_board("Warlock", "Beastmaster", dm_zone="D3", ym_zone="D1")
    here = "B2"
    c = b.add_creature(name, "dm", here)
    if za.range[1] == 0:
        zones = ["B2"]
    else:
        zones = ["B1", "C2"]
    for z in zones:
        b.add_creature("Timber Wolf", "ym", z, active=False)
    b.add_creature("Timber Wolf", "ym", zones[-1], active=False)
    for seed in range(12):
        d = creatures.act(b.copy(), SeededSource(seed), b.copy().get(c.id))
        zoned = [p for p in d.attacks if p.zone]
        if zoned:
            assert zoned[0].target == zones[-1]
            return
    pytest.fail("never chose its zone attack")


# -- conditions gained during a move ---------------------------------------------------------

STOPPING = ("Cripple", "Stun", "Sleep", "Stuck", "Restrained", "Web")
#: Walls whose Passage Attack can leave the mover Restrained or Incapacitated.
STOPPING_WALLS = sorted(c.name for c in CAT.cards() for a in c.attacks if a.kind == "passage"
                        and any(k in STOPPING for e in a.effects for k in e.conditions))


def test_the_stopping_walls_come_from_the_catalog():
    assert STOPPING_WALLS == ["Wall of Poison Gas"]


@pytest.mark.parametrize("wall_card", STOPPING_WALLS)
def test_a_creature_stopped_by_a_walls_passage_attack_stays_where_it_began(wall_card):
    """Lost Grimoire codex, Walls: the wall's attack comes at step 4 of the move action,
    before the move itself; Crippled (so Restrained) there, the creature stays in the zone
    where it began that move, and makes no attack."""
    from solo.engine import turns
    from solo.engine.resolve import resolve_decision
    b = new_board("Warlock", "Beastmaster", dm_zone="D3", ym_zone="B1")
    b.stage = "creatures"
    wolf = b.add_creature("Timber Wolf", "dm", "A1")
    wall = b.add_conjuration(wall_card, "ym", "A1", border="B1")
    src = ScriptedSource(d6=[1] * 20, d12=[12] * 5, fallback=SeededSource(1))
    d = turns.creature_action(b, src)
    assert d.attacks and d.attacks[0].attacker == wall.id
    resolve_decision(b, d, src)
    wolf = b.get(wolf.id)
    assert b.restrained(wolf) or b.incapacitated(wolf)
    assert wolf.zone == "A1" and b.mages["ym"].damage == 0
    assert [r.attack for r in d.results] == [d.attacks[0].attack.name]
    assert "where it began" in " ".join(sentences(d.instructions))


# -- by-hand conjurations of yours: played where simple, else named in the decision ------------

from solo.automaton import reminders  # noqa: E402
from solo.cards.catalog import parse_trait  # noqa: E402
from solo.rules.effects import AddPiece, apply  # noqa: E402
from solo.rules.board import Conjuration  # noqa: E402

FLYERS = sorted(c.name for c in CREATURES if c.has("Flying"))
#: Enchantments whose grant is a Melee +X bonus (read from the catalog's grants).
MELEE_BONUSES = sorted(c.name for c in CAT.cards() if c.type == "Enchantment"
                       and not (c.dm or {}).get("unusable")
                       and any(parse_trait(t)[0] == "Melee" and (parse_trait(t)[1] or 0) > 0
                               for t in ((c.dm or {}).get("grants") or {}).get("traits", [])))


def test_the_conjuration_card_lists_come_from_the_catalog():
    assert len(FLYERS) > 10 and "Tarok, the Skyhunter" in FLYERS
    assert MELEE_BONUSES
    for name in reminders.REACH:  # every one named is a conjuration left to you
        card = CAT.get(name)
        assert card.type == "Conjuration" and card.dm.get("by_hand"), name
    assert not CAT.get("Gravikor").dm.get("by_hand")
    assert not CAT.get("Altar of Infernia").dm.get("by_hand")


@pytest.mark.parametrize("name", FLYERS)
def test_gravikor_grounds_every_flyer_within_2_zones(name):
    """Gravikor: all creatures within 2 zones lose, and cannot gain, the Flying trait."""
    b = new_board("Warlock", "Beastmaster", dm_zone="D3", ym_zone="D1")
    near = b.add_creature(name, "dm", "B2")
    far = b.add_creature(name, "dm", "D3")
    assert b.flying(near) and b.flying(far)
    b.add_conjuration("Gravikor", "ym", "A1")
    assert not b.flying(b.get(near.id)) and b.flying(b.get(far.id))


@pytest.mark.parametrize("name", MELEE_BONUSES)
def test_altar_of_infernia_takes_every_melee_bonus(name):
    """Altar of Infernia: all creatures lose, and cannot gain, Melee +X traits."""
    b = new_board("Warlock", "Beastmaster")
    c = b.add_creature("Ravenous Ghoul", "dm", "B2", conditions={"Growth": 1},
                       enchantments=[name])
    assert any(parse_trait(t)[0] == "Melee" for t in b.traits(c))
    b.add_conjuration("Altar of Infernia", "ym", "D3")
    assert not any(parse_trait(t)[0] == "Melee" and (parse_trait(t)[1] or 0) > 0
                   for t in b.traits(b.get(c.id)))


def _of_kind(kind: str) -> str:
    if kind == "Living":
        return "Timber Wolf"
    return next(c.name for c in CREATURES if kind in c.subtypes and not c.has("Flying")
                and any(a.is_melee for a in c.attacks) and "Only" not in " ".join(c.traits))


@pytest.mark.parametrize("name", sorted(reminders.REACH))
def test_a_by_hand_conjuration_is_named_in_the_action_it_touches(name):
    """Issue 33: a conjuration solo leaves to you is named in the Dummy Mage's creature action
    it changes (here: the creature walks into its zone, crosses it, or is of the kind it
    changes), and in no other."""
    reach = reminders.REACH[name]
    actor = "Timber Wolf" if reach in ("zone", "wall") else _of_kind(reach)
    b = new_board("Warlock", "Beastmaster", dm_zone="D3", ym_zone="B1")
    c = b.add_creature(actor, "dm", "A1")
    if reach == "wall":
        b.add_conjuration(name, "ym", "A1", border="B1")
    else:
        b.add_conjuration(name, "ym", "B1" if reach == "zone" else "D2")
    d = creatures.act(b, SeededSource(2), b.get(c.id))
    said = [s for s in d.instructions if getattr(s, "code", "") == "dm.by-hand-conjuration"]
    if reach == "wall" and "B1" not in (d.data.get("path") or []):
        pytest.skip("the creature went around the wall")
    assert [s["conj"].card for s in said] == [name]
    assert name in " ".join(sentences(d.instructions))
    # far from it (and not of its kind): nothing said
    b2 = new_board("Warlock", "Beastmaster", dm_zone="D3", ym_zone="B1")
    c2 = b2.add_creature("Skeletal Minion" if reach != "zone" else "Timber Wolf", "dm", "A1")
    b2.add_conjuration(name, "ym", "D2", **({"border": "D3"} if reach == "wall" else {}))
    d2 = creatures.act(b2, SeededSource(2), b2.get(c2.id))
    assert not [s for s in d2.instructions if getattr(s, "code", "") == "dm.by-hand-conjuration"]


@pytest.mark.parametrize("name", sorted(n for n, r in reminders.REACH.items() if r == "zone"))
def test_the_dummy_mages_own_move_names_a_by_hand_conjuration_of_the_zone_it_enters(name):
    from solo.engine import quickcast_turn
    b = new_board("Warlock", "Beastmaster", dm_zone="B2", ym_zone="D3")
    b.stage = "quickcast-1"
    b.add_conjuration(name, "ym", "B3")
    d = quickcast_turn.quickcast(b, ScriptedSource(d12=[1, 8]))  # move, south
    assert d.data["to"] == "B3"
    assert name in " ".join(sentences(d.instructions))


def test_a_flyer_grounded_by_gravikor_where_it_crosses_a_passage_attacks_wall_is_attacked():
    """A Gravikor grounds flyers within 2 zones of it by where they stand: a flyer that walks
    out of its reach crosses a wall on foot while still inside it, and the wall's Passage Attacks
    strike it (found by a conformance run: the walk was judged from where it ended)."""
    from solo.automaton import movement
    from solo.rules.board import new_board

    b = new_board("Warlock", "Beastmaster", dm_zone="A1", ym_zone="A3")
    wall = b.add_conjuration("Wall of Fire", "ym", "C2", border="D2")
    # read on the board as the plan leaves it: the angel already where its walk ends, D3
    angel = b.add_creature("Metatron, Angelic Templar", "dm", "D3")
    assert movement.passage_attacks(b, angel, ["C2", "D2", "D3"]) == []  # it flies over
    b.add_conjuration("Gravikor", "ym", "C1")
    planned = movement.passage_attacks(b, angel, ["C2", "D2", "D3"])
    assert [p.attacker for p in planned] == [wall.id]


def test_a_flyer_entering_a_gravikors_reach_walks_there_and_is_hindered_by_a_walker():
    """Found by a conformance run: a flyer from outside a Gravikor's reach entering a zone
    inside it is on foot there, so an enemy walker in that zone hinders it."""
    from solo.automaton import movement
    from solo.rules.board import new_board

    b = new_board("Warlock", "Beastmaster", dm_zone="A1", ym_zone="A3")
    falcon = b.add_creature("Thunderift Falcon", "dm", "B2")
    b.add_creature("Timber Wolf", "ym", "C2")
    assert not movement.hinders(b, falcon, "C2")  # it flies over the wolf
    b.add_conjuration("Gravikor", "ym", "D3")  # C2 is 2 zones from it, B2 is 3
    assert b.flying(b.get(falcon.id))
    assert movement.hinders(b, b.get(falcon.id), "C2")
