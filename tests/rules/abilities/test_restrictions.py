"""The rules' side of the Dummy Mage's cards that restrict or answer yours
(solo.rules.abilities.restrictions), on boards where each card matters, from the printed card
text (../shared/reference/cards.json): Blind in the Roll to Miss step of any attack, Martyr's
Aura moving damage onto the Dummy Mage, the Hate and Love tokens, who must or may not be
attacked, Forcefield's tokens, the spell answers."""

from __future__ import annotations

from solo.rules import combat, upkeep
from solo.rules.abilities import restrictions
from solo.rules.board import new_board
from solo.rules.dice import ScriptedSource, SeededSource


def _b():
    return new_board("Warlock", "Beastmaster", dm_zone="B2", ym_zone="D3", decks={})


def test_a_blinded_creature_misses_on_an_effect_die_of_6_or_less():
    """Blind: "during the Roll to Miss step, roll the effect die. If the roll is a 6 or less,
    the attack misses"."""
    b = _b()
    wolf = b.add_creature("Timber Wolf", "ym", "B2", enchantments=["Blind"])
    missed = combat.resolve_attack(b, wolf, "Bite", b.mages["dm"],
                                   ScriptedSource(d12=[6], d6=[6] * 8, fallback=SeededSource(1)))
    assert missed.strikes[0].missed and missed.damage_to("dm") == 0
    hit = combat.resolve_attack(b, wolf, "Bite", b.mages["dm"],
                                ScriptedSource(d12=[7, 1], d6=[6] * 8, fallback=SeededSource(1)))
    assert not hit.strikes[0].missed and hit.damage_to("dm") > 0


def test_blind_counts_on_a_counterstrike_too():
    """"When this creature attacks": a counterstrike is an attack."""
    b = _b()
    theirs = b.add_creature("Timber Wolf", "dm", "B2", id="t")
    mine = b.add_creature("Timber Wolf", "ym", "B2", enchantments=["Blind"], guarding=False)
    mine.guarding = True
    r = combat.resolve_attack(b, theirs, "Bite", mine,
                              ScriptedSource(d12=[1, 1, 3], d6=[1] * 16, fallback=SeededSource(1)),
                              use_defense=False)
    counter = [s for s in r.strikes if s.role == "counterstrike"]
    assert counter and counter[0].missed


def _bite_near_martyr(zone: str):
    """Your wolf bites the Dummy Mage's grizzly in ``zone``; its mage (B2) has Martyr's Aura."""
    b = _b()
    b.mages["dm"].enchantments.append("Martyr's Aura")
    theirs = b.add_creature("Steelclaw Grizzly", "dm", zone, id="g")
    mine = b.add_creature("Timber Wolf", "ym", zone)
    return b, combat.resolve_attack(b, mine, "Bite", theirs,
                                    ScriptedSource(d12=[1], d6=[6] * 8, fallback=SeededSource(1)),
                                    use_defense=False)


def test_martyrs_aura_moves_up_to_2_damage_onto_the_dummy_mage():
    """Martyr's Aura: "When a friendly creature in the Paladin's zone receives damage from an
    enemy controlled attack ..., you may transfer up to 2 of that damage to the Paladin"."""
    b, r = _bite_near_martyr("B2")
    s = r.strikes[0]
    assert s.martyred == 2
    combat.apply(b, r)
    assert b.mages["dm"].damage == 2 and b.get("g").damage == s.damage
    assert _bite_near_martyr("C2")[1].strikes[0].martyred == 0  # not in its mage's zone


def test_the_hate_and_love_tokens_go_where_the_notes_say_and_leave_with_their_song():
    b = _b()
    mine = b.add_creature("Timber Wolf", "ym", "B2")
    fox = b.add_creature("Bitterwood Fox", "dm", "B2", id="f")
    bear = b.add_creature("Steelclaw Grizzly", "dm", "B2", id="g")
    restrictions.tokens_on_cast(b, b.cat.get("Chant of Rage"), mine)
    restrictions.tokens_on_cast(b, b.cat.get("Song of Love"), mine)
    assert b.get(bear.id).extra[restrictions.HATE] == 1
    assert b.get(fox.id).extra[restrictions.LOVE] == 1
    b.get(mine.id).enchantments.append("Chant of Rage")
    restrictions.dispelled(b, b.get(mine.id), "Chant of Rage")
    assert restrictions.HATE not in b.get(bear.id).extra


def test_skeelax_taunt_does_not_hold_a_psychic_immune_creature():
    """Skeelax's Taunt is psychic (the complete codex): a Psychic Immune creature ignores it."""
    b = _b()
    imp = b.add_creature("Skeelax, Taunting Imp", "dm", "B2", id="s")
    zombie = b.add_creature("Timber Wolf", "ym", "B2", conditions={"Taunt": 1},
                            traits=["Psychic Immunity"])
    wolf = b.add_creature("Timber Wolf", "ym", "B2", conditions={"Taunt": 1})
    assert restrictions.must_attack(b, zombie, imp) is None
    assert restrictions.must_attack(b, wolf, imp) == "Taunt"


def test_forcefield_counts_its_tokens_down_and_stops_at_none():
    b = _b()
    dm = b.mages["dm"]
    dm.enchantments.append("Forcefield")
    for left in (2, 1, 0):
        assert restrictions.forcefield(b, b.mages["dm"]) is not None
        assert b.mages["dm"].extra[restrictions.FORCEFIELD_TOKENS] == left
    assert restrictions.forcefield(b, b.mages["dm"]) is None  # no token: the attack goes on
    upkeep.upkeep(b, SeededSource(1), "dm")
    assert b.mages["dm"].extra[restrictions.FORCEFIELD_TOKENS] == 1


def test_nullify_and_reverse_magic_answer_only_incantations_and_enchantments():
    b = _b()
    wolf = b.add_creature("Timber Wolf", "dm", "B2", id="t", enchantments=["Nullify"])
    assert restrictions.countered(b, wolf, None, "Other") is None
    assert restrictions.countered(b, wolf, None, "Incantation")[0] == "countered"
    assert "Nullify" not in b.get("t").enchantments
    b.get("t").enchantments.append("Reverse Magic")
    assert restrictions.countered(b, b.get("t"), None, "Enchantment")[0] == "reversed"


def test_your_own_charm_on_its_creature_restricts_nothing_of_yours():
    """Only the Dummy Mage's Charm (on your creature) keeps your creature off its mage."""
    b = _b()
    mine = b.add_creature("Timber Wolf", "ym", "B2", enchantments=["Charm"])
    assert restrictions.forbids(b, mine, b.attacks(mine)[0], b.mages["dm"]) is not None
    theirs = b.add_creature("Timber Wolf", "dm", "B2", enchantments=["Charm"])
    assert not restrictions.theirs(b, theirs, "Charm")


def test_the_step_tells_you_to_put_the_martyred_damage_on_the_dummy_mage():
    from solo.engine.resolve import mirror_lines

    b, r = _bite_near_martyr("B2")
    combat.apply(b, r)
    assert any("Martyr's Aura" in t and "Dummy Mage" in t for t in mirror_lines(b, r))


def test_the_dummy_mages_reverse_attack_turns_your_counterstrike_back():
    """Reverse Attack: "When this creature is attacked, you must reveal Reverse Attack": your
    counterstrike is an attack on it, and strikes your own creature instead."""
    b = _b()
    theirs = b.add_creature("Timber Wolf", "dm", "B2", id="t", enchantments=["Reverse Attack"])
    mine = b.add_creature("Timber Wolf", "ym", "B2", id="ym-w")
    mine.guarding = True
    r = combat.resolve_attack(b, theirs, "Bite", mine,
                              ScriptedSource(d12=[1, 1], d6=[1] * 4 + [6] * 8,
                                             fallback=SeededSource(1)), use_defense=False)
    counter = [s for s in r.strikes if s.role == "counterstrike"]
    assert counter and counter[0].target == "ym-w" and counter[0].attacker == "ym-w"
    combat.apply(b, r)
    assert "Reverse Attack" not in b.get("t").enchantments and b.get("t").damage == 0
    assert b.discards["enchantment"][-1] == "Reverse Attack"


def test_forcefield_cancels_your_counterstrike_at_the_dummy_mage():
    """Forcefield: "Whenever you are attacked ... remove a token. If you do, that attack is
    canceled" -- a counterstrike is an attack on it."""
    b = _b()
    b.mages["dm"].enchantments.append("Forcefield")
    mine = b.add_creature("Timber Wolf", "ym", "B2", id="ym-w")
    mine.guarding = True
    staff = [a for a in b.attacks(b.mages["dm"]) if a.is_melee][0]
    r = combat.resolve_attack(b, b.mages["dm"], staff, mine,
                              ScriptedSource(d12=[1], d6=[1] * 8, fallback=SeededSource(1)),
                              use_defense=False)
    assert not [s for s in r.strikes if s.role == "counterstrike"]
    combat.apply(b, r)
    assert b.mages["dm"].damage == 0 and b.mages["dm"].extra[restrictions.FORCEFIELD_TOKENS] == 2


def test_stagger_costs_a_major_creature_two_dice_a_marker_and_stops_a_minor_one():
    """Stagger (its publisher): Level 3 or more rolls 2 fewer attack dice per marker, never
    below one; Level 1-2 cannot attack (the Dummy Mage's Staggered minor creature has no legal
    attack)."""
    from solo.automaton.attacks import legal_attacks
    from solo.rules import combat
    from solo.rules.board import new_board

    b = new_board("Warlock", "Beastmaster", dm_zone="A1", ym_zone="D3")
    bear = b.add_creature("Steelclaw Grizzly", "dm", "B2")  # Level 3
    wolf = b.add_creature("Timber Wolf", "ym", "B2")
    bite = b.attacks(bear)[0]
    plain = combat.attack_dice(b, bear, bite, wolf)[0]
    dazed = b.add_creature("Steelclaw Grizzly", "dm", "B2", conditions={"Stagger": 2})
    assert combat.attack_dice(b, dazed, bite, wolf)[0] == max(1, plain - 4)
    pup = b.add_creature("Timber Wolf", "dm", "B2", conditions={"Stagger": 1})  # Level 2
    assert legal_attacks(b, pup, "B2", wolf, quick_only=False) == []
