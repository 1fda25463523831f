"""Your side in `solo play`: equipment onto your mage, walls and conjurations where you say,
enchantments face up or hidden, and the hidden ones that answer an attack (Block, Reverse
Attack).  Each changes the board the Dummy Mage decides on."""

from __future__ import annotations

import json

import pytest

from solo.text import yours as your_words
from solo.text.render import line, lines
from solo.store import board_file
from solo.rules import combat
from solo.automaton import spells
from solo.engine import turns
from solo.rules import yours
from solo.rules.board import new_board
from solo.store.board_file import from_dict
from solo.rules.dice import ScriptedSource, SeededSource
from solo.engine.game import Game, Settings
from solo.core.questions import RulePrompter
from solo.engine.rounds import RoundState
from solo.text.render import lines as sentences
from worded import worded


def new_game():
    return Game.new(Settings(seed=1, name="t"))


def mage_turn(game, answers):
    game.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                       "ym_done": False, "mage_active": True})
    game.prompter = RulePrompter({"turn.actor": "ym", **answers})
    step = game.play_one()
    assert step is not None and step.label == "your turn: your mage"
    return step


@pytest.fixture
def boots(catalog, monkeypatch):
    monkeypatch.setattr(catalog.get("Leather Boots"), "dm", {"slot": "Boots", "armor": 1})
    monkeypatch.setattr(catalog.get("Reflex Boots"), "dm",
                        {"slot": "Boots", "defenses": [{"roll": 7, "uses": 1}]})


def test_your_mage_puts_on_equipment_and_the_same_slot_comes_off(boots):
    g = new_game()
    armor = g.board.armor(g.board.mages["ym"])
    step = mage_turn(g, {"turn.what": "own", "own.kind": "equipment",
                         "own.equipment": "Leather Boots"})
    assert g.board.mages["ym"].equipment == ["Leather Boots"]
    assert g.board.armor(g.board.mages["ym"]) == armor + 1
    assert any("Leather Boots" in line for line in step.lines)
    mage_turn(g, {"turn.what": "own", "own.kind": "equipment", "own.equipment": "Reflex Boots"})
    assert g.board.mages["ym"].equipment == ["Reflex Boots"]  # one pair of boots at a time
    assert [d.roll for d in g.board.defenses(g.board.mages["ym"])] == [7]


def test_a_wall_of_yours_stands_where_you_say_and_blocks_the_dummy_mages_creature():
    g = new_game()
    b = g.board
    b.mages["ym"].zone = "C2"
    wolf = b.add_creature("Timber Wolf", "dm", "A2", id="w")
    # Without a wall the wolf runs two zones east toward your mage.
    free = b.copy()
    d = turns.creature_action(free, SeededSource(1))
    assert free.get("w").zone == "C2" and d.action == "move"
    mage_turn(g, {"turn.what": "own", "own.kind": "conjuration", "own.conjuration": "Wall of Stone",
                  "own.zone": "B2", "own.border": "C2"})
    wall = [c for c in b.conjurations if c.card == "Wall of Stone"]
    assert len(wall) == 1 and wall[0].zone == "B2" and wall[0].border == "C2" and wall[0].side == "ym"
    turns.creature_action(b, SeededSource(1))
    assert b.get("w").zone != "C2"  # it cannot walk through the wall into your zone
    assert wolf.id == "w"


def test_an_enchantment_face_up_counts_at_once_and_a_hidden_one_waits():
    g = new_game()
    mage_turn(g, {"turn.what": "own", "own.kind": "enchantment", "own.enchantment": "Bear Strength",
                  "own.target": "ym", "own.hidden": "revealed"})
    assert "Bear Strength" in g.board.mages["ym"].enchantments
    mage_turn(g, {"turn.what": "own", "own.kind": "enchantment", "own.enchantment": "Block",
                  "own.target": "ym", "own.hidden": "hidden"})
    ym = g.board.mages["ym"]
    assert "Block" not in ym.enchantments and yours.hidden_on(ym) == ["Block"]
    # Saved with the board and read back.
    again = from_dict(json.loads(board_file.dumps(g.board)))
    assert yours.hidden_on(again.mages["ym"]) == ["Block"]
    # Revealed from the menu.
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": "reveal", "reveal.which": "0"})
    step = g.play_one()
    assert "Block" in ym.enchantments and yours.hidden_on(ym) == []
    assert any("Reveal Block" in line for line in step.lines)


def test_a_reveal_takes_no_action_and_no_quickcast():
    # Revealing only costs the reveal cost (the codex): your mage still acts, and your quickcast
    # is still to come.
    g = new_game()
    ym = g.board.mages["ym"]
    yours.hide(g.board, ym, "Bear Strength")
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": "reveal", "reveal.which": "0"})
    step = g.play_one()
    assert step.label == "you reveal an enchantment" and "Bear Strength" in ym.enchantments
    assert g.phase.mage_active and not g.phase.your_quickcast_used
    assert "Reveal one of your hidden enchantments" not in [
        c.label for c in g.yours.reveal_choice()]  # nothing hidden is left to offer
    # At a quickcast: revealing, then the quickcast question again.
    yours.hide(g.board, ym, "Block")
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": ["quickcast", "ym"],
                               "quickcast.you": "reveal", "reveal.which": "0"})
    step = g.play_one()
    assert step.label == "you reveal an enchantment" and "Block" in ym.enchantments
    assert not g.phase.your_quickcast_used and g.phase.mage_active


def test_the_mage_action_menu_no_longer_offers_a_reveal():
    g = new_game()
    yours.hide(g.board, g.board.mages["ym"], "Block")
    seen = []
    step = mage_turn(g, {"turn.what": lambda q: (seen.append(q), "other")[1]})
    assert "reveal" not in [c.value for c in seen[0].choices]
    assert yours.hidden_on(g.board.mages["ym"]) == ["Block"]


def _attack_on_you(hidden: str, attack_traits=()):
    b = new_board(dm_zone="A1", ym_zone="B1")
    w = b.add_creature("Timber Wolf", "dm", "B1", id="w")
    if attack_traits:
        a = b.attacks(w)[0].to_dict()
        a["traits"] = list(attack_traits)
        w.stats["attacks"] = [a]
    yours.hide(b, b.mages["ym"], hidden)
    return b, w


def test_a_hidden_block_avoids_the_dummy_mages_attack_and_is_used_up():
    b, w = _attack_on_you("Block")
    d = turns.dm_creature_action(b, ScriptedSource(d6=[6] * 8, fallback=SeededSource(3)))
    assert d.data.get("revealed") == ["Block"]
    assert b.mages["ym"].damage == 0
    assert yours.hidden_on(b.mages["ym"]) == [] and "Block" not in b.mages["ym"].enchantments
    assert any("Reveal Block" in line and "avoided" in line for line in sentences(d.instructions))
    # The next attack hits.
    w.active = True
    turns.dm_creature_action(b, ScriptedSource(d6=[6] * 8, fallback=SeededSource(3)))
    assert b.mages["ym"].damage > 0


def test_block_against_an_unavoidable_attack_is_destroyed_without_effect():
    b, w = _attack_on_you("Block", attack_traits=["Unavoidable"])
    d = turns.dm_creature_action(b, ScriptedSource(d6=[6] * 8, fallback=SeededSource(3)))
    assert yours.hidden_on(b.mages["ym"]) == []
    assert b.mages["ym"].damage == 8  # four 2-criticals
    assert any("Unavoidable" in line for line in sentences(d.instructions))


def test_reverse_attack_turns_the_attack_on_the_attacker():
    b, w = _attack_on_you("Reverse Attack")
    d = turns.dm_creature_action(b, ScriptedSource(d6=[6] * 8, fallback=SeededSource(3)))
    assert b.mages["ym"].damage == 0
    assert w.damage == 8  # its own Bite: four 2-criticals, armor does not count
    assert d.data.get("revealed") == ["Reverse Attack"]
    assert yours.hidden_on(b.mages["ym"]) == []


def test_a_hidden_trap_attacks_the_dummy_mages_creature_that_enters_its_zone():
    b = new_board(dm_zone="A1", ym_zone="D2")
    b.add_creature("Timber Wolf", "dm", "A2", id="w")
    yours.enchant_zone(b, "B2", "Hellfire Trap", hidden=True)
    d = turns.dm_creature_action(b, SeededSource(5))
    assert d.data["path"][0] == "B2"
    assert d.data.get("revealed") == ["Hellfire Trap"]
    assert any("Hellfire Trap in B2 is revealed" in line for line in sentences(d.instructions))
    trap = [r for r in d.results if r.attack == "Trap Attack"]
    assert len(trap) == 1 and trap[0].target == "w"
    assert not yours.hidden_anywhere(b)  # used up
    # A second creature walking the same way meets no trap.
    b.add_creature("Timber Wolf", "dm", "A2", id="w2")
    b.get("w").active = False
    d2 = turns.dm_creature_action(b, SeededSource(5))
    assert not d2.data.get("revealed")


def test_a_spiked_pit_lets_a_flying_creature_pass():
    b = new_board(dm_zone="A1", ym_zone="D2")
    b.add_creature("Darkfenne Bat", "dm", "A2", id="bat")
    yours.enchant_zone(b, "B2", "Spiked Pit", hidden=True)
    yours.enchant_zone(b, "C2", "Spiked Pit", hidden=True)
    d = turns.dm_creature_action(b, SeededSource(5))
    assert set(d.data["path"]) & {"B2", "C2"}
    assert not d.data.get("revealed")
    assert len(yours.hidden(b)) == 2


def test_a_trap_does_not_go_off_for_your_own_creatures_moves():
    b = new_board(dm_zone="A1", ym_zone="D2")
    c = b.add_creature("Timber Wolf", "ym", "C2", id="mine")
    yours.enchant_zone(b, "B2", "Hellfire Trap", hidden=True)
    assert yours.sprung(b, c, ["B2"]) == []


def test_your_move_offers_only_the_zones_its_move_reaches_past_your_wall():
    def walled(b):
        b.add_creature("Timber Wolf", "ym", "C3", id="ym-5")
        b.add_conjuration("Wall of Stone", "ym", "C3", border="B3")
    offered = _offered_moves(walled, "move-attack")
    assert "B3" not in offered  # the wall stands between C3 and B3
    assert offered == {"C2", "D3"}  # one zone before an attack


def _offered_moves(setup, what: str) -> set[str]:
    """The zones `solo` offers for your creature ym-5's move (``what``: move, move-attack...)
    on a board ``setup`` prepared."""
    g = new_game()
    setup(g.board)
    seen = {}

    def where(q):
        seen["q"] = q
        return q.default

    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": "ym-5", "turn.what": what, "turn.move.zone": where,
                               "turn.target": lambda q: q.default, "dice.d12": [5] * 8})
    g.play_one()
    from solo.engine.game import ESCAPES

    return {v for _, v in seen["q"].pairs() if v not in ESCAPES} - {"elsewhere"}


def _alone_in_d3(card: str, *traits: str):
    def setup(b):
        b.mages["dm"].zone, b.mages["ym"].zone = "A1", "D1"
        b.add_creature(card, "ym", "D3", id="ym-5", traits=list(traits))
    return setup


TWO_FROM_D3 = {"C3", "D2", "B3", "C2", "D1"}


@pytest.mark.parametrize("card, traits, move, before_attack", [
    ("Timber Wolf", (), TWO_FROM_D3, {"C3", "D2"}),
    ("Thunderift Falcon", (), TWO_FROM_D3, TWO_FROM_D3),  # Fast: two moves, then the attack
    ("Thunderift Falcon", ("Slow",), TWO_FROM_D3, {"C3", "D2"}),  # Fast and Slow cancel out
    ("Earth Elemental", (), {"C3", "D2"}, None),  # Slow: no quick action after a move
])
def test_your_creatures_move_by_fast_and_slow(card, traits, move, before_attack):
    """The codex: a Fast creature may take two move actions before its quick action, and no
    more than two in its Action Phase (`solo` offered Fast creatures three zones, and one
    before an attack)."""
    assert _offered_moves(_alone_in_d3(card, *traits), "move") == move
    if before_attack is not None:
        assert _offered_moves(_alone_in_d3(card, *traits), "move-attack") == before_attack


def _actions_offered(setup) -> set[str]:
    """What `solo` offers as your creature ym-5's action, on a board ``setup`` prepared."""
    g = new_game()
    setup(g.board)
    seen = {}

    def what(q):
        seen["q"] = q
        return "other"

    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": "ym-5", "turn.what": what})
    g.play_one()
    return {v for _, v in seen["q"].pairs()}


def test_a_slow_creature_of_yours_takes_no_quick_action_after_moving():
    """The codex's Slow: a move ends its Action Phase."""
    slow = _actions_offered(_alone_in_d3("Earth Elemental"))
    assert "move" in slow and "attack" in slow and "guard" in slow
    assert not slow & {"move-attack", "move-guard"}
    both = _actions_offered(_alone_in_d3("Earth Elemental", "Fast"))  # Fast and Slow cancel
    assert {"move-attack", "move-guard"} <= both


def test_your_hindered_creature_moves_one_zone_and_stops_where_an_enemy_hinders_it():
    def hindered_at_start(b):
        _alone_in_d3("Thunderift Falcon")(b)
        b.add_creature("Darkfenne Bat", "dm", "D3")  # a flyer hinders a flyer
    assert _offered_moves(hindered_at_start, "move") == {"C3", "D2"}

    def enemies_on_the_way(b):
        _alone_in_d3("Timber Wolf")(b)
        b.add_creature("Feral Bobcat", "dm", "C3")
        b.add_creature("Feral Bobcat", "dm", "D2", conditions={"Stun": 1})  # hinders nobody
    # B3 lies only past C3, where the bobcat stops it; C2 and D1 have a way through D2
    assert _offered_moves(enemies_on_the_way, "move") == TWO_FROM_D3 - {"B3"}


def test_your_creature_goes_the_way_no_enemy_hinders_and_its_traps_stay_shut():
    """Two zones away by C3 or D2: a bobcat in C3 would stop the wolf there, so it went by D2,
    and the Dummy Mage's trap in C3 does not go off (it went off when the way was C3, the first
    in order)."""
    g = new_game()
    b = g.board
    b.mages["dm"].zone, b.mages["ym"].zone = "A1", "D1"
    wolf = b.add_creature("Timber Wolf", "ym", "D3", id="ym-5")
    b.add_creature("Feral Bobcat", "dm", "C3")
    b.extra.setdefault("zone_enchantments", {})["C3"] = ["Spiked Pit"]
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": "ym-5", "turn.what": "move", "turn.move.zone": "C2",
                               "dice.d12": [5]})
    step = g.play_one()
    assert step is not None and wolf.zone == "C2"
    assert not any("Spiked Pit" in line for line in step.lines)
    assert b.extra["zone_enchantments"]["C3"] == ["Spiked Pit"]


def test_the_dummy_mages_trap_goes_off_when_your_creature_walks_in():
    g = new_game()
    b = g.board
    wolf = b.add_creature("Timber Wolf", "ym", "D2", id="ym-5")
    b.extra.setdefault("zone_enchantments", {})["C2"] = ["Spiked Pit"]
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": "ym-5", "turn.what": "move",
                               "turn.move.zone": "B2", "dice.d12": [5]})
    step = g.play_one()
    assert step is not None
    assert any("Spiked Pit in C2 goes off" in line for line in step.lines)
    assert "Spiked Pit" in b.discards["enchantment"] and not b.extra.get("zone_enchantments")
    assert [r.attack for r in step.results] == ["Impaling Spikes"]
    # Any effect roll leaves it Stuck (4 dice cannot kill a 10-life wolf): it stops in C2 on
    # its way to B2 (and may escape the Stuck at the end of its Action Phase).
    assert b.find("ym-5") is not None and wolf.zone == "C2"
    assert any("caught in C2" in line for line in step.lines)
    assert wolf.conditions.get("Stuck") == 1 or any("escapes a Stuck" in line for line in step.lines)


def test_a_creature_destroyed_by_the_first_of_two_traps_leaves_the_second_in_place():
    """Found by a long checker run: two traps in one zone, the first destroyed your creature,
    and the second then attacked a creature no longer on the board (the game stopped)."""
    g = new_game()
    b = g.board
    b.add_creature("Timber Wolf", "ym", "D2", id="ym-5")
    b.mages["ym"].damage = 0
    b.get("ym-5").damage = 9  # one point of damage more destroys it (as this game's dice do)
    b.extra.setdefault("zone_enchantments", {})["C2"] = ["Hellfire Trap", "Spiked Pit"]
    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": "ym-5", "turn.what": "move", "turn.move.zone": "C2"})
    step = g.play_one()
    assert step is not None and b.find("ym-5") is None
    assert [r.attack for r in step.results] == ["Trap Attack"]
    assert b.extra["zone_enchantments"]["C2"] == ["Spiked Pit"]
    assert b.discards["enchantment"].count("Spiked Pit") == 0
    assert b.discards["enchantment"].count("Hellfire Trap") == 1


def test_a_flyer_passes_over_the_dummy_mages_spiked_pit():
    g = new_game()
    b = g.board
    bat = b.add_creature("Darkfenne Bat", "ym", "D2", id="ym-5")
    b.extra.setdefault("zone_enchantments", {})["C2"] = ["Spiked Pit"]
    assert list(yours.their_traps(b, bat, "C2")) == []
    assert b.extra["zone_enchantments"]["C2"] == ["Spiked Pit"]


# -- Bull Endurance, face down (card-rulings.txt 94-98) ----------------------------------------

def _wolf_with_hidden_bull_endurance(damage):
    b = new_board(dm_zone="A1", ym_zone="D3")
    w = b.add_creature("Timber Wolf", "dm", "B1", id="w")
    mine = b.add_creature("Timber Wolf", "ym", "B1", id="mine", damage=damage)  # life 10, armor 2
    yours.hide(b, mine, "Bull Endurance")
    return b, w, mine


@pytest.mark.parametrize("damage, saved", [(5, True), (6, False), (1, None)])
def test_a_hidden_bull_endurance_is_revealed_only_when_it_saves_its_creature(damage, saved):
    # Four 2-criticals: 8 damage. From 5 it would reach 13 of 10 life, and Bull Endurance's +4
    # saves it; from 6 it reaches 14, which +4 does not save; from 1 it is not destroyed.
    b, w, mine = _wolf_with_hidden_bull_endurance(damage)
    r = combat.resolve_attack(b, w, "Bite", mine, ScriptedSource(d12=[1] * 4, d6=[6] * 4))
    combat.apply(b, r)
    s = r.strikes[0]
    assert s.damage == 8
    if saved:
        assert s.revealed == "Bull Endurance"
        assert any("Reveal your Bull Endurance" in line and "survives" in line for line in lines(s.steps))
        assert any("pay its 3 mana" in line for line in lines(s.steps))
        assert b.find("mine") is not None and b.find("mine").damage == 13
        assert "Bull Endurance" in mine.enchantments and yours.hidden_on(mine) == []
        assert b.life(mine) == 14
    elif saved is False:
        assert s.revealed is None and b.find("mine") is None
    else:
        assert s.revealed is None and mine.damage == 9
        assert yours.hidden_on(mine) == ["Bull Endurance"] and mine.enchantments == []


def test_the_dummy_mages_step_says_it_revealed_your_bull_endurance():
    b, w, mine = _wolf_with_hidden_bull_endurance(5)
    b.mages["ym"].zone = "D3"
    d = turns.dm_creature_action(b, ScriptedSource(d12=[1] * 8, d6=[6] * 8,
                                                   fallback=SeededSource(3)))
    assert d.data.get("revealed") == ["Bull Endurance"]
    assert any("Reveal your Bull Endurance" in line for line in sentences(d.instructions))
    assert b.find("mine") is not None


# -- Poisoned Blood, face down on the Dummy Mage's creature (card-rulings.txt 559-560) ---------

def _dm_heals_its_wolf(hidden_curse):
    b = new_board(dm_zone="A1", ym_zone="D3", decks={"incantation": ["Minor Heal"]})
    w = b.add_creature("Timber Wolf", "dm", "A1", id="w", damage=6)
    if hidden_curse:
        yours.hide(b, w, hidden_curse)
    d = worded(spells.cast_spell(b, ScriptedSource(d6=[6] * 6, fallback=SeededSource(2)),
                                 "incantation"))
    return b, w, d


def test_a_hidden_poisoned_blood_is_revealed_when_the_dummy_mage_heals_and_it_heals_nothing():
    b, w, d = _dm_heals_its_wolf("Poisoned Blood")
    assert d.data.get("target") == "w"  # it cannot see the face-down curse
    assert w.damage == 6 and d.data.get("healed", 0) == 0
    assert d.data.get("revealed") == ["Poisoned Blood"]
    assert "Poisoned Blood" in w.enchantments and yours.hidden_on(w) == []
    assert any("reveal your poisoned blood" in line.lower() for line in sentences(d.instructions)), d.instructions


@pytest.mark.parametrize("hidden", [None, "Agony"])
def test_the_dummy_mages_heal_works_without_a_hidden_curse_that_stops_it(hidden):
    # passes before and after: a face-down curse that does not stop healing stays face down
    b, w, d = _dm_heals_its_wolf(hidden)
    assert w.damage < 6
    assert yours.hidden_on(w) == ([hidden] if hidden else [])


def test_you_cast_a_curse_face_down_on_its_creature_and_reveal_it_later():
    g = new_game()
    w = g.board.add_creature("Timber Wolf", "dm", "D3", id="dm-w")
    step = mage_turn(g, {"turn.what": "spell", "turn.spell.target": "dm-w",
                         "turn.spell.kind": "enchantment", "turn.spell.enchantment": "Agony",
                         "turn.spell.hidden": "hidden"})
    assert yours.hidden_on(w) == ["Agony"] and w.enchantments == []
    assert any("face down" in line for line in step.lines)
    options = your_words.hidden_list(g.board)
    assert [(n, where) for n, where, _ in options] == [("Agony", "the Dummy Mage's Timber Wolf "
                                                                 "(dm-w)")]
    assert line(yours.reveal(g.board, options[0][2], "Agony")[0]).startswith("Reveal Agony on the Dummy")
    assert w.enchantments == ["Agony"] and yours.hidden_on(w) == []


# -- Destroy Magic and Purge Magic take face-down enchantments too ----------------------------

def test_destroy_magic_destroys_every_enchantment_in_the_zone_yours_and_face_down_ones_too():
    b = new_board(dm_zone="A1", ym_zone="D3", decks={"incantation": ["Destroy Magic"]})
    wolf = b.add_creature("Timber Wolf", "ym", "B1", id="wolf", damage=11,
                          enchantments=["Bull Endurance"])  # 11 of 14: alive only with it
    fox = b.add_creature("Bitterwood Fox", "ym", "B1", id="fox")
    yours.hide(b, fox, "Block")
    yours.enchant_zone(b, "B1", "Spiked Pit", True)
    yours.enchant_zone(b, "B1", "Sacred Ground", False)
    d = worded(spells.cast_spell(b, ScriptedSource(fallback=SeededSource(4)), "incantation"))
    assert d.data.get("target") == "B1"
    assert b.find("wolf") is None  # its +4 life went with Bull Endurance (as after Dispel)
    assert yours.hidden_on(fox) == [] and fox.enchantments == []
    assert yours.hidden(b) == []  # the face-down trap went too
    assert "Sacred Ground" in d.data["removed"] and "Bull Endurance" in d.data["removed"]
    text = " ".join(sentences(d.instructions))
    assert "2 face-down ones" in text and "Timber Wolf (wolf) now has damage equal" in text


def test_purge_magic_on_your_creature_takes_your_face_down_enchantment_with_the_rest():
    b = new_board(dm_zone="A1", ym_zone="D3", decks={"incantation": ["Purge Magic"]})
    w = b.add_creature("Timber Wolf", "ym", "A1", id="w", enchantments=["Bear Strength"])
    yours.hide(b, w, "Bull Endurance")
    d = worded(spells.cast_spell(b, ScriptedSource(fallback=SeededSource(4)), "incantation"))
    assert d.data.get("target") == "w", d.instructions
    assert w.enchantments == [] and yours.hidden_on(w) == []
    assert "1 face-down one" in " ".join(sentences(d.instructions))


def _offered_first(setup) -> object:
    """The action `solo` offers first (the default) for your creature ym-5 on a board ``setup``
    prepared."""
    g = new_game()
    setup(g.board)
    seen = {}

    def what(q):
        seen["default"] = q.default
        return "other"

    g.phase = RoundState.from_dict({"round": 1, "step": "creatures", "next": "ym",
                                    "ym_done": False, "mage_active": True})
    g.prompter = RulePrompter({"turn.actor": "ym-5", "turn.what": what})
    g.play_one()
    return seen["default"]


@pytest.mark.parametrize("theirs, first", [
    ("Feral Bobcat", "attack"),  # on the ground beside it: an attack comes first
    ("Darkfenne Bat", "move"),  # a flyer the wolf's bite cannot reach: no attack offered first
    (None, "move"),  # nothing of theirs in its zone
])
def test_the_action_offered_first_is_an_attack_only_when_something_there_is_in_reach(
        theirs, first):
    """Played at 80x24: "what did it do?" offered an attack first when the only object of the
    Dummy Mage's in the zone was a flyer out of reach; choosing it said nothing was in reach."""
    def setup(b):
        _alone_in_d3("Timber Wolf")(b)
        if theirs:
            b.add_creature(theirs, "dm", "D3")
    assert _offered_first(setup) == first
