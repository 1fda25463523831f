"""The Dummy Mage only decides: its quickcast and creature decisions leave the board as they
found it, and carry what happens as change records that the engine puts on the board."""

from solo.store import board_file
from solo.automaton import creatures, quickcast
from solo.automaton.plan import Plan
from solo.engine import quickcast_turn, turns
from solo.rules.board import SUMMONED, new_board
from solo.rules.decision import Decision
from solo.rules.dice import ScriptedSource, SeededSource
from solo.rules.effects import AddPiece, CountId, Discard, Move, Note, SetGuard
from solo.rules.said import Said
from solo.text.automaton import decision_json
from solo.text.render import lines


def board_with(dm_zone="A1", ym_zone="B2", **decks):
    b = new_board("Warlock", "Beastmaster", dm_zone=dm_zone, ym_zone=ym_zone, decks=decks)
    b.stage = "quickcast-1"
    return b


def test_a_quickcast_move_is_a_change_the_engine_puts_on_the_board():
    b = board_with("B2", "D3")
    before = board_file.dumps(b)
    d = quickcast.quickcast(b, ScriptedSource(d12=[1, 8]))  # 1: move; 8: south
    assert board_file.dumps(b) == before
    assert d.changes == [Move("dm", "B3")]
    assert isinstance(d.instructions[0], Said)
    assert lines(d.instructions) == ["Move the Dummy Mage one zone south: from B2 to B3."]
    turns.carry_out(b, d)
    assert b.mages["dm"].zone == "B3"


def test_a_summon_adds_the_creature_and_counts_its_id():
    b = board_with("A1", "D3", creature=["Timber Wolf"])
    b.round = 2
    d = quickcast.quickcast(b, ScriptedSource(d12=[5]))
    assert b.creatures == [] and b.decks["creature"] == []  # only the card is drawn
    count, add = d.changes
    assert count == CountId("dm", "dm-1") and "next_id" not in b.extra
    assert isinstance(add, AddPiece) and add.piece.id == "dm-1"
    assert add.piece.extra == {SUMMONED: 2} and add.piece.active is False
    quickcast_turn.carry_out(b, d)
    assert [c.id for c in b.creatures] == ["dm-1"] and b.extra["next_id"] == {"dm": 2}
    assert b.new_id("dm") == "dm-2"


def test_an_unusable_creature_is_a_discard():
    b = board_with("A1", "D3", creature=["Talos"])
    d = quickcast.quickcast(b, ScriptedSource(d12=[5]))
    assert d.changes == [Discard("creature", "Talos")] and b.discards.get("creature", []) == []


def test_a_move_and_attack_leaves_the_board_alone():
    b = board_with("A1", "C2")
    wolf = b.add_creature("Timber Wolf", "dm", "B2", active=False)
    before = board_file.dumps(b)
    d = creatures.act(b, ScriptedSource(), wolf)
    assert board_file.dumps(b) == before and wolf.zone == "B2"
    assert d.action == "move-attack" and d.changes == [Move(wolf.id, "C2")]
    turns.carry_out(b, d)
    assert wolf.zone == "C2"


def test_a_decision_that_nobody_logs_decides_the_same_without_its_lines():
    """logs=False (a rating's game: solo.engine.game.Game.logs) leaves out the lines only a log
    reads, never what the decision does: the same action, data, attacks and changes."""
    def decided(logs, d12, place):
        b = board_with("A1", "D3", creature=["Timber Wolf"])
        wolf = b.add_creature("Timber Wolf", "dm", place, active=False)
        qc = quickcast.quickcast(b, ScriptedSource(d12=d12), logs)
        act = creatures.act(b, SeededSource(3), wolf, logs)
        return qc, act

    # a quickcast's move, then its summon; a move and attack, an attack, a pursuit
    for d12, place in (([1, 8], "C3"), ([5], "D3"), ([5], "A1")):
        logged, bare = decided(True, d12, place), decided(False, d12, place)
        for a, b in zip(logged, bare):
            assert (a.action, a.data, a.attacks, a.changes) == (b.action, b.data, b.attacks,
                                                                   b.changes)
            assert a.instructions and not b.instructions


def test_trample_and_an_intercepting_guard_are_changes_too():
    b = board_with("A1", "D3")
    rhino = b.add_creature("Woolly Rhinoceros", "dm", "B2")
    fox = b.add_creature("Bitterwood Fox", "ym", "B2")
    d = Decision("move")
    plan = Plan(b, d.changes)
    plan.put(Move(rhino.id, "C2"))
    creatures._attack(plan, d, rhino.id, "move-attack", ["C2"], b.attacks(rhino)[0], "ym", "B2")
    assert d.changes == [Move(rhino.id, "C2"), Note(rhino.id, "trampled", b.round)]
    assert "trampled" not in rhino.extra and rhino.zone == "B2"
    assert any(p.target == fox.id and not p.first for p in d.attacks)
    b = board_with("A1", "D3")
    b.mages["ym"].zone = "C2"
    guard = b.add_creature("Noble Vanguard", "ym", "C2", guarding=True)
    harpooner = b.add_creature("Merren Harpooner", "dm", "A2", active=False)
    d = creatures.act(b, SeededSource(1), harpooner)
    assert d.data["intercepted_by"] == guard.id and d.changes == [SetGuard(guard.id, False)]
    assert guard.guarding
    turns.carry_out(b, d)
    assert not guard.guarding


def test_a_plain_walk_before_an_attack_is_read_on_the_board_as_given(monkeypatch):
    # A walk that sets nothing off before an attack that asks nothing of where the walker now
    # stands: no copy of the board is made, and the decision is the one read on the copy.
    from solo.rules.board import Board

    def decide(plain):
        b = board_with("A1", "C2")
        wolf = b.add_creature("Timber Wolf", "dm", "B2")
        copies = []
        real = Board.copy
        monkeypatch.setattr(Board, "copy", lambda self, only=None: copies.append(only) or
                            real(self, only))
        if not plain:
            monkeypatch.setattr(creatures, "_plain_walk", lambda *_: False)
        d = creatures.act(b, ScriptedSource(), wolf)
        monkeypatch.undo()
        return d, copies

    (plain, none), (copied, one) = decide(True), decide(False)
    assert none == [] and one == [set()]
    assert plain.action == "move-attack" and plain.changes == [Move("dm-1", "C2")]
    assert (decision_json(plain), plain.changes, plain.attacks, plain.data) \
        == (decision_json(copied), copied.changes, copied.attacks, copied.data)
    # what the walk sets off, or what the attack asks of where the walker stands, is read on
    # the copy: a Trample attack, a ranged attack (an Intercepting guard), a second change
    b = board_with("A1", "D3")
    rhino = b.add_creature("Woolly Rhinoceros", "dm", "B2")
    wolf = b.add_creature("Timber Wolf", "dm", "B1")
    harpooner = b.add_creature("Merren Harpooner", "dm", "A2")
    bite, = [a for a in b.attacks(wolf) if a.is_melee]
    ranged = next(a for a in b.attacks(harpooner) if a.is_ranged)
    trample = b.attacks(rhino)[0]
    for who, attack, more, plain_walk in ((wolf, bite, [], True), (rhino, trample, [], False),
                                          (harpooner, ranged, [], False),
                                          (wolf, bite, [Note("dm-2", "x", 1)], False)):
        plan = Plan(b, [*more])
        plan.put(Move(who.id, "C2" if who is not wolf else "C1"))
        zones = [who.zone, plan.changes[-1].zone]
        assert creatures._plain_walk(plan, who.id, attack, zones, False) is plain_walk


def test_a_plan_reads_its_changes_on_a_copy():
    b = board_with("A1", "C2")
    wolf = b.add_creature("Timber Wolf", "dm", "B2")
    changes = []
    plan = Plan(b, changes)
    assert plan.board is b  # nothing planned: the board itself
    plan.put(Move(wolf.id, "C2"))
    assert plan.board is not b and plan.board.get(wolf.id).zone == "C2"
    assert wolf.zone == "B2" and changes == [Move(wolf.id, "C2")]


def test_a_creature_action_as_contract_json():
    b = board_with("A1", "C2")
    wolf = b.add_creature("Timber Wolf", "dm", "B2")
    d = turns.creature_action(b, ScriptedSource())
    assert decision_json(d) == {
        "rolls": [], "action": "move-attack", "creature": wolf.id, "path": ["C2"],
        "attack": "Bite", "target": "ym",
        "instructions": [f"Move the Dummy Mage's Timber Wolf ({wolf.id}) to C2.",
                         (f"The Dummy Mage's Timber Wolf ({wolf.id}) attacks your mage with "
                          "Bite (melee).")]}


def test_waiting_and_none_say_why():
    b = board_with("A1", "C2")
    d = turns.creature_action(b, SeededSource(1))
    assert decision_json(d)["reason"] == "the Dummy Mage has no active creature left this round"
    b.add_creature("Timber Wolf", "dm", "A1")
    b.add_creature("Timber Wolf", "ym", "C2")
    b.add_creature("Timber Wolf", "ym", "C2")
    d = turns.creature_action(b, SeededSource(1))
    assert d.action == "pass" and lines(d.instructions) == [
        "The Dummy Mage waits: you have more active creatures (2 to its 1). Take your next action."]


def test_a_tie_the_dummy_mage_rolls_names_its_options_as_the_instructions_do():
    # The tie's words are built in solo.text from a code and the creatures' names (the
    # automaton builds no sentence): the same question a person with physical dice always read.
    from solo.automaton import creatures
    from solo.rules.dice import TypedSource
    from solo.text.render import line

    b = new_board(dm_zone="A1", ym_zone="D3")
    b.add_creature("Timber Wolf", "dm", "A1")
    b.add_creature("Timber Wolf", "dm", "B1")
    asked = []
    src = TypedSource(lambda sides, count, label: (asked.append(label), [7] * count)[1], words=line)
    assert creatures.next_creature(b, src).id == "dm-2"
    assert asked == ["tie: equal mana cost: 1-6 the Dummy Mage's Timber Wolf (dm-1), "
                     "7-12 the Dummy Mage's Timber Wolf (dm-2)"]
