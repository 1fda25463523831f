"""Property: on random legal boards, every Dummy Mage decision is legal."""

import random

import pytest

from solo.engine import quickcast_turn
from solo.engine import turns
from solo.rules.board import new_board
from solo.cards.catalog import get_catalog
from solo.rules.dice import SeededSource

CREATURES = ["Timber Wolf", "Bitterwood Fox", "Darkfenne Bat", "Gorgon Archer", "Iron Golem",
             "Stonegaze Basilisk", "Emerald Tegu", "Darkfenne Hydra", "Thunderift Falcon",
             "Highland Unicorn", "Skeletal Sentry", "Mana Leech"]
SPELLS = {
    "enchantment": ["Agony", "Bear Strength", "Bull Endurance", "Eagle Wings", "Falcon Precision",
                    "Maim Wings", "Rhino Hide"],
    "incantation": ["Battle Fury", "Heal", "Knockdown", "Banish", "Perfect Strike", "Charge",
                    "Purge Magic", "Minor Heal", "Piercing Strike"],
    "attack": ["Blinding Flash", "Electrify", "Fireball", "Flameblast", "Jet Stream",
               "Pillar of Light", "Ring of Fire", "Thunderbolt", "Geyser", "Lightning Bolt"],
}


def random_board(rng: random.Random):
    zones = [f"{c}{r}" for c in "ABCD" for r in "123"]
    b = new_board("Warlock", "Beastmaster", dm_zone=rng.choice(zones), ym_zone=rng.choice(zones),
                  decks={"creature": rng.sample(CREATURES, 3),
                         **{k: [rng.choice(v) for _ in range(3)] for k, v in SPELLS.items()}})
    b.stage = rng.choice(["quickcast-1", "creatures", "quickcast-3"])
    for _ in range(rng.randint(0, 5)):
        b.add_creature(rng.choice(CREATURES), "dm", rng.choice(zones), active=rng.random() < 0.8,
                       damage=rng.randint(0, 3))
    for _ in range(rng.randint(0, 5)):
        b.add_creature(rng.choice(CREATURES), "ym", rng.choice(zones), active=rng.random() < 0.3,
                       damage=rng.randint(0, 3), guarding=rng.random() < 0.2)
    for _ in range(rng.randint(0, 2)):
        z = rng.choice(zones)
        n = rng.choice(b.arena.neighbours(z))
        if not b.geometry().walls_between(z, n):
            b.add_conjuration("Wall of Stone", "ym", z, border=n)
    return b


def check_creature_decision(b, before, d):
    geo = b.geometry()
    if d.action in ("none", "pass"):
        return None
    cid = d.data["creature"]
    start_zone, was_active, slow, flying = before[cid]
    assert was_active, f"{cid} acted while inactive"
    c = b.get(cid)
    assert c.side == "dm" and c.active is False
    path = d.data.get("path", [])
    zone = start_zone
    for z in path:
        assert b.arena.adjacent(zone, z), f"{zone} -> {z} is not a step"
        assert not geo.blocked(zone, z, flying), f"{cid} walked through a wall {zone}->{z}"
        zone = z
    assert len(path) <= (1 if slow else 2)
    assert c.zone == zone
    if d.action in ("attack", "move-attack"):
        if d.action == "move-attack":
            assert path and not slow
        target = b.get(d.data["target"])
        attack = next(a for a in b.attacks(c) if a.name == d.data["attack"])
        if target.kind == "conjuration" and target.border:
            assert zone in (target.zone, target.border)
        elif attack.is_melee:
            assert target.zone == zone
            assert not b.flying(target) or b.flying(c) or attack.has("Reach")
        else:
            lo, hi = attack.range
            dist = b.distance(zone, target.zone)
            assert (lo <= dist <= hi and geo.line_of_sight(zone, target.zone)) or (
                dist == 0 and b.flying(target))
        if d.action == "move-attack":
            assert attack.action == "quick"
        assert target.side == "ym"
    return cid


@pytest.mark.parametrize("seed", range(150))
def test_random_boards_give_legal_decisions(seed):
    rng = random.Random(seed)
    b = random_board(rng)
    src = SeededSource(seed)
    acted = set()
    for _ in range(12):
        before = {c.id: (c.zone, c.active, b.has_trait(c, "Slow") and not b.has_trait(c, "Fast"),
                         b.flying(c)) for c in b.creatures}
        d = turns.creature_action(b, src)
        cid = check_creature_decision(b, before, d)
        if cid is None:
            break
        assert cid not in acted, f"{cid} acted twice"
        acted.add(cid)
    # quickcasts: moves go to an adjacent zone or stay; spell targets are within range
    for _ in range(4):
        dm_zone = b.mages["dm"].zone
        d = quickcast_turn.quickcast(b, src)
        if d.action == "move":
            assert d.data["to"] == dm_zone or b.arena.adjacent(dm_zone, d.data["to"])
        if d.action in ("enchantment", "incantation", "attack-spell") and "target" in d.data:
            card = get_catalog().get(d.data["card"])
            t = d.data["target"]
            zone = t if b.arena.is_zone(t) and b.find(t) is None else b.get(t).zone
            lo, hi = card.range
            assert lo <= b.distance(dm_zone, zone) <= hi
            assert b.geometry().line_of_sight(dm_zone, zone)
            if d.action != "attack-spell" and t not in ("ym",) and b.find(t) is not None:
                p = b.get(t)
                note = card.dm
                if note.get("criterion") == "friendly-creature":
                    assert p.side == "dm" and not p.is_mage
                elif note.get("criterion") == "enemy-creature":
                    assert p.side == "ym"
        assert d.rolls and all(1 <= r <= 12 for r in d.rolls) or d.action == "lose-turn"
