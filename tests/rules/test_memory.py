"""Remembered values (solo.rules.stats): traits, life, armor, flying and the wall geometry are
worked out once and used again until something they are worked out from changes.  Every change
goes through solo.rules.effects.apply, which tells the board whom it reaches (one piece, or
every piece).  A change that reached the board some other way would make a whole game quietly
wrong, so whole games are played with every remembered value worked out again and compared
(``solo.rules.pieces.MEMORY.check``), and each kind of change is tested for what it forgets.
"""

import pytest

from solo.core.errors import StaleMemory
from solo.core.kinds import Stage
from solo.rules import board as board_mod
from solo.rules import effects
from solo.rules.board import new_board
from solo.rules.effects import (AddMarkers, AddPiece, ChangeLife, Disenchant, Enchant, Equip,
                                GainTraits, Move, Note, RemoveMarkers, RemovePiece,
                                SetConditions, SetEnchantments, SetGuard, SetMarkers, SetSide,
                                SetTraits, SetZoneEnchantments, Unequip)
from solo.rules import pieces
from solo.rules.pieces import Creature
from solo.engine.checked_games import check_games, random_sets


@pytest.fixture
def checking(monkeypatch):
    monkeypatch.setattr(pieces.MEMORY, "check", True)


def put(board, *changes):
    for c in changes:
        effects.apply(board, c)


def test_whole_games_never_use_a_stale_remembered_value(checking):
    # Shipped and random sets, three players, walls: the conformance mix, every value rechecked.
    report = check_games(["Starter", "Harder", *random_sets(4)], range(1, 6),
                         ("beginner", "skilled", "random"))
    assert report.games == 90 and report.steps > 5000
    assert not report.violations


def test_the_check_catches_a_change_that_went_around_apply(checking):
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2")
    assert not board.has_trait(wolf, "Flying")
    wolf.traits.append("Flying")  # behind apply's back: nothing is told to forget
    with pytest.raises(StaleMemory):
        board.has_trait(wolf, "Flying")


def _wolf_and_fox():
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2", conditions={"Rot": 1})
    fox = board.add_creature("Bitterwood Fox", "ym", "B2")
    return board, wolf, fox


#: One change of every kind that changes what a piece's statistics are worked out from.
EVERY_CHANGE = [
    lambda b, w, f: AddMarkers(w.id, "Stun"),
    lambda b, w, f: RemoveMarkers(w.id, "Rot"),
    lambda b, w, f: SetMarkers(w.id, "Growth", 2),
    lambda b, w, f: SetConditions(w.id, {"Cripple": 1}),
    lambda b, w, f: Enchant(w.id, "Eagle Wings"),
    lambda b, w, f: SetEnchantments(w.id, ("Bear Strength",)),
    lambda b, w, f: GainTraits(w.id, ("Flying",)),
    lambda b, w, f: SetTraits(w.id, ("Armor +2",)),
    lambda b, w, f: Move(w.id, "A1"),
    lambda b, w, f: SetGuard(w.id, True),
    lambda b, w, f: SetSide(w.id, "ym"),
    lambda b, w, f: Note(w.id, "pet", True),
    lambda b, w, f: Equip("dm", "Leather Boots"),
    lambda b, w, f: ChangeLife("dm", 5),
    lambda b, w, f: SetZoneEnchantments("B2", ("Sacred Ground",)),
    lambda b, w, f: AddPiece(Creature("dm-9", "Timber Wolf", "dm", "B2",
                                      enchantments=["Standard Bearer"])),
]


@pytest.mark.parametrize("change", EVERY_CHANGE)
def test_every_kind_of_change_forgets_what_it_changes(checking, change):
    # Everything remembered of both pieces and both mages, then the change, then everything
    # again: the check works each value out afresh and fails on one that went stale.
    board, wolf, fox = _wolf_and_fox()
    pieces = board.pieces()
    for p in pieces:
        board.traits(p), board.life(p), board.armor(p), board.flying(p)
    before = board_mod.changes()
    put(board, change(board, wolf, fox))
    assert board_mod.changes() > before
    for p in board.pieces():
        board.traits(p), board.life(p), board.armor(p), board.flying(p)


def test_damage_and_the_stage_forget_nothing_and_nothing_remembered_reads_them():
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2")
    life = board.life(wolf)
    before = board_mod.changes()
    put(board, effects.Damage(wolf.id, 5), effects.SetStage(Stage.CREATURES),
        effects.SetActive(wolf.id, False))
    assert board_mod.changes() == before
    assert board.remaining_life(wolf) == life - 5


def test_a_new_piece_in_the_place_of_an_old_one_is_not_answered_from_its_memory(checking):
    # What a board remembers of a piece is keyed by the object; a new object may take a dead
    # one's place in memory, so every piece is born with a version of its own.
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2", traits=["Flying"])
    assert board.flying(wolf)
    put(board, RemovePiece(wolf.id))
    del wolf
    for n in range(20):
        again = board.add_creature("Timber Wolf", "dm", "B2", id=f"dm-{10 + n}")
        assert not board.flying(again)
        put(board, RemovePiece(again.id))


def test_a_piece_forgets_what_it_keeps_at_its_every_change():
    # The hottest values kept on the piece (Piece._mt...) are read while the board and the
    # world's count are the same: a change to the piece alone moves neither, so the piece
    # forgets them (pieces._touch), and the board works them out again (no check needed).
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2")
    assert not board.has_trait(wolf, "Flying") and not board.flying(wolf)
    life, world = board.life(wolf), pieces.MEMORY.world
    assert pieces.UNKEPT not in (wolf._mt, wolf._ml, wolf._mf)
    put(board, GainTraits(wolf.id, ("Flying", "Innate Life 3")))
    assert pieces.MEMORY.world == world  # a change to the wolf alone
    assert wolf._mt is wolf._ml is wolf._ma is wolf._mf is pieces.UNKEPT
    assert board.has_trait(wolf, "Flying") and board.flying(wolf)
    assert board.life(wolf) == life + 3


def test_a_copy_changes_nothing_and_remembers_what_the_board_did():
    board, wolf, fox = _wolf_and_fox()
    traits, life = board.traits(wolf), board.life(wolf)
    before = board_mod.changes()
    work = board.copy()
    assert board_mod.changes() == before  # the original's memory stays good
    twin = work.find(wolf.id)
    assert twin is not wolf
    assert _remembered(work, twin) and _remembered(work, twin, "life")  # carried to the copy's
    assert not _remembered(work, wolf)  # piece, and not under the original's
    assert work.traits(twin) == traits and work.life(twin) == life
    put(work, GainTraits(twin.id, ("Flying",)))  # a change to the copy alone
    assert work.has_trait(twin, "Flying") and not board.has_trait(wolf, "Flying")


def test_resolving_an_attack_never_changes_the_board_it_reads(monkeypatch):
    # An attack is worked out on a copy that shares the objects it does not expect to change
    # (Board.copy(only=...)); a strike on any other object must own it first. Whole games of
    # the conformance mix, each attack's board compared before and after, and every object
    # of the copy checked to be either its own or left exactly as it was.
    from solo.rules import combat

    seen = {"attacks": 0, "owned": 0}
    real_own = board_mod.Board.own

    def counting_own(self, ident):
        if ident in (self._shared or ()):
            seen["owned"] += 1
        return real_own(self, ident)

    def checked(real):
        def resolve(board, *args, **kwargs):
            before = board.to_dict()
            result = real(board, *args, **kwargs)
            assert board.to_dict() == before, f"{result.attack} changed the board it read"
            seen["attacks"] += 1
            return result
        return resolve

    monkeypatch.setattr(board_mod.Board, "own", counting_own)
    monkeypatch.setattr(combat, "resolve_attack", checked(combat.resolve_attack))
    monkeypatch.setattr(combat, "resolve_zone_attack", checked(combat.resolve_zone_attack))
    report = check_games(["Starter", "Harder", *random_sets(4)], range(1, 4),
                         ("beginner", "skilled", "random"))
    assert report.games == 54 and not report.violations
    assert seen["attacks"] > 1000


def test_every_kind_remembered_of_a_piece_moves_with_its_copy(checking):
    # Board.copy and Board.own carry a piece's entries by the kinds in _PIECE_KINDS; a kind
    # missing there would only be worked out again, so check the list against a whole game
    # (with the check on, which puts what a piece keeps in the board's memory too).
    from solo.decks import sets as decks
    from solo.engine import simulate

    game = simulate.new_game(decks.resolve("Starter"), 3, "skilled")
    kinds = set()
    while not game.over and game.phase.round <= 8:
        game.play_one()
        kinds |= {key[0] for key in game.board._memo if len(key) == 2}
    assert kinds <= set(board_mod._PIECE_KINDS) and len(kinds) >= 3


def test_a_strike_on_a_shared_object_owns_it_first():
    # A copy that shares the wolf: putting a strike on it makes the copy's own wolf; the
    # original keeps its damage, and the copy remembers the wolf's life all the same.
    from solo.rules.combat import Strike, apply_strike

    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "ym", "B2")
    life = board.life(wolf)
    work = board.copy(only={"dm", "ym"})
    assert work.find(wolf.id) is wolf
    apply_strike(work, Strike(role="attack", attack="Bite", kind="melee", attacker="dm",
                               target=wolf.id, side="dm", damage=3))
    mine = work.find(wolf.id)
    assert mine is not wolf and mine.damage == 3 and wolf.damage == 0
    assert work.life(mine) == life and work.find(wolf.id) is mine
    assert board.copy(only={"dm", "ym"}).own(wolf.id) is not wolf


# -- whose change is it: a piece's own, or one that reaches every object ---------------------

def _remembered(board, p, kind="traits"):
    """Whether ``board`` would answer ``kind`` of ``p`` from memory: what the piece keeps (its
    trait names, its life, its state with the armor known of it), for this board and count."""
    kept = {"traits": p._mt, "life": p._ml, "armor": p._ms}[kind]
    if kept[0] != board._serial or kept[1] != pieces.MEMORY.world:
        return False
    return kind != "armor" or "armor" in kept[2][1]


def test_a_change_to_one_creatures_markers_keeps_what_is_remembered_of_the_others():
    board, wolf, fox = _wolf_and_fox()
    board.has_trait(wolf, "Flying"), board.has_trait(fox, "Flying")
    put(board, AddMarkers(wolf.id, "Daze"), Move(wolf.id, "B3"))
    assert _remembered(board, fox) and not _remembered(board, wolf)
    # Nor is the Dummy Mage's move while no Pet follows it, nor an enchantment that is no aura.
    put(board, Move("dm", "C3"), Enchant(wolf.id, "Bear Strength"), Enchant("ym", "Mind Shield"),
        Disenchant("ym", "Mind Shield"))
    assert _remembered(board, fox)
    # A creature with no enchantment coming or going is nobody else's business either.
    board.add_creature("Timber Wolf", "dm", "A1")
    put(board, RemovePiece(wolf.id))
    assert _remembered(board, fox)


@pytest.mark.parametrize("change", [
    lambda b, w, f: [Enchant(w.id, "Standard Bearer")],
    lambda b, w, f: [Note(w.id, "pet", True), Move("dm", "C3")],  # a Pet follows its mage
    lambda b, w, f: [AddPiece(Creature("dm-9", "Timber Wolf", "dm", "A1",
                                       enchantments=["Standard Bearer"]))],
    lambda b, w, f: [Enchant(w.id, "Standard Bearer"), RemovePiece(w.id)],
    lambda b, w, f: [SetZoneEnchantments("B2", ("Sacred Ground",))],
    lambda b, w, f: [Enchant("ym", "Resolute Aura")],
])
def test_a_change_that_can_reach_other_objects_forgets_what_is_remembered_of_all(change):
    board, wolf, fox = _wolf_and_fox()
    put(board, Enchant("ym", "Mind Shield"), Equip("ym", "Leather Boots"))
    board.has_trait(fox, "Flying")
    put(board, *change(board, wolf, fox))
    assert not _remembered(board, fox)


def test_an_aura_coming_off_forgets_what_is_remembered_of_all():
    board, wolf, fox = _wolf_and_fox()
    put(board, Enchant("ym", "Resolute Aura"))
    board.has_trait(fox, "Flying")
    put(board, Disenchant("ym", "Resolute Aura"))
    assert not _remembered(board, fox)


def test_a_move_between_zones_without_an_aura_keeps_what_is_remembered_of_the_mover():
    board, wolf, fox = _wolf_and_fox()
    board.has_trait(wolf, "Flying"), board.has_trait(fox, "Flying")
    put(board, Move(wolf.id, "C3"))
    assert _remembered(board, wolf) and _remembered(board, fox)
    # Into an aura's zone it is worked out again, and so is a move with a Gravikor in play.
    put(board, SetZoneEnchantments("C2", ("Sacred Ground",)))
    board.has_trait(wolf, "Flying")
    put(board, Move(wolf.id, "C2"))
    assert not _remembered(board, wolf)
    board.add_conjuration("Gravikor", "dm", "A1")
    board.has_trait(wolf, "Flying")
    put(board, Move(wolf.id, "C3"))
    assert not _remembered(board, wolf)


def test_what_a_mage_wears_is_its_own_business():
    board, wolf, fox = _wolf_and_fox()
    put(board, Equip("ym", "Leather Boots"))
    board.has_trait(fox, "Flying"), board.armor(board.mages["ym"])
    put(board, Unequip("ym", "Leather Boots"))
    assert _remembered(board, fox) and not _remembered(board, board.mages["ym"], "armor")


def test_an_aura_moves_with_its_bearer(checking):
    # A creature that bears an enchantment is everybody's business when it moves: Standard
    # Bearer gives Melee +1 to the other friendly creatures in its bearer's zone.
    board = new_board("Warlock", "Beastmaster")
    bearer = board.add_creature("Timber Wolf", "dm", "A1", enchantments=["Standard Bearer"])
    friend = board.add_creature("Timber Wolf", "dm", "B2")
    assert not board.has_trait(friend, "Melee +1")
    put(board, Move(bearer.id, "B2"))
    assert board.has_trait(friend, "Melee +1")
    put(board, Move(bearer.id, "C2"))
    assert not board.has_trait(friend, "Melee +1")


def test_a_pet_gains_its_bonus_when_the_dummy_mage_comes_to_its_zone(checking):
    board = new_board("Beastmaster", "Warlock")
    pet = board.add_creature("Timber Wolf", "dm", "B2")
    put(board, Note(pet.id, "pet", True), Move("dm", "A1"))
    melee = board.has_trait(pet, "Melee +1")
    put(board, Move("dm", "B2"))
    assert board.has_trait(pet, "Melee +1") and not melee


def test_what_a_piece_keeps_is_read_only_on_its_board_and_checked_like_the_rest(monkeypatch):
    # The hottest values are kept on the piece too (Piece._mt, _ml, _ma, _mf), stamped with
    # the board they were worked out on and the counts. A copy made for an attack shares the
    # pieces it may not change, so a value kept on such a piece must never answer for the other
    # board: there a change that reaches every object (an aura coming) changes it.
    board = new_board("Warlock", "Beastmaster")
    bearer = board.add_creature("Timber Wolf", "dm", "A1", enchantments=["Standard Bearer"])
    friend = board.add_creature("Timber Wolf", "dm", "B2")
    assert not board.has_trait(friend, "Melee +1") and friend._mt is not pieces.UNKEPT
    work = board.copy({bearer.id})
    assert work.find(friend.id) is friend  # shared, with what it keeps
    put(work, Move(bearer.id, "B2"))  # on the copy only: the aura reaches the friend there
    assert work.has_trait(friend, "Melee +1")
    assert not board.has_trait(friend, "Melee +1")  # not answered from the copy's value
    assert work.has_trait(friend, "Melee +1")
    # It is read: a value put there by hand, stamped as current, is what the board answers ...
    stamp = (board._serial, pieces.MEMORY.world)
    friend._ml = (*stamp, 99)
    assert board.life(friend) == 99 and work.life(friend) != 99
    # ... and checked: with the memory check on, a piece keeps its values under the negated
    # board number, which no read asks for: each is worked out again and must agree.
    monkeypatch.setattr(pieces.MEMORY, "check", True)
    assert board.life(friend) != 99 and friend._ml[0] == -board._serial
    stamp = (-board._serial, pieces.MEMORY.world)
    friend._ml = (*stamp, 99)
    with pytest.raises(StaleMemory):
        board.life(friend)
    for kind, slot in (("traits", "_mt"), ("attacks", "_ma"), ("flying", "_mf")):
        setattr(friend, slot, (*stamp, ("stale", frozenset()) if kind == "traits" else "stale"))
        with pytest.raises(StaleMemory, match=kind):
            getattr(board, {"traits": "trait_names"}.get(kind, kind))(friend)
        setattr(friend, slot, pieces.UNKEPT)


def test_the_check_catches_a_list_of_pieces_changed_around_the_board(checking):
    # The index of pieces and each side's creatures are kept until the board's own changes to
    # its lists forget them; with the check on they are kept where no read finds them, so
    # every read makes them again and fails on a list changed behind the board's back.
    board, wolf, fox = _wolf_and_fox()
    assert board.find(wolf.id) is wolf and board.side_creatures("ym") == [fox]
    assert board._index is None and board._sides is None  # never read with the check on
    board.creatures.remove(fox)  # behind the board's back: nothing is told to forget
    with pytest.raises(StaleMemory, match="index"):
        board.find(wolf.id)
    with pytest.raises(StaleMemory, match="sides"):
        board.side_creatures("ym")


def test_each_sides_creatures_follow_every_change_of_the_board_s_creatures():
    # Each side's list is kept until the board's creatures change (Board.kept_side): a creature
    # changing sides, one destroyed and another summoned (the same count), a shared piece taken
    # as a copy's own must all show at once; side_creatures gives a list of the caller's own.
    board, wolf, fox = _wolf_and_fox()
    assert board.side_creatures("dm") == [wolf] and board.side_creatures("ym") == [fox]
    put(board, SetSide(wolf.id, "ym"))
    assert board.side_creatures("dm") == [] and [c.id for c in board.side_creatures("ym")] == \
        [wolf.id, fox.id]
    put(board, SetSide(wolf.id, "dm"), RemovePiece(fox.id),
        AddPiece(Creature("ym-7", "Timber Wolf", "ym", "C2")))
    assert [c.id for c in board.side_creatures("ym")] == ["ym-7"]
    mine = board.side_creatures("dm")
    mine.clear()
    assert board.side_creatures("dm") == [board.get(wolf.id)]
    work = board.copy({wolf.id})
    assert work.side_creatures("dm")[0] is not wolf  # the copy's own piece
    theirs = work.side_creatures("ym")[0]
    owned = work.own(theirs.id)
    assert owned is not theirs and work.side_creatures("ym") == [owned]
    assert work.side_creatures("ym")[0] is owned and board.side_creatures("ym")[0] is theirs


def test_altar_of_infernias_kept_answer_follows_the_altar_in_and_out():
    """Whether an Altar of Infernia takes every Melee +X bonus is kept between changes (a board
    of thousands of walls asked it once an object, in a time growing with their square): the
    answer kept must follow an Altar put in play and taken out, and stay while nothing
    changes."""
    from solo.cards.catalog import parse_trait
    from solo.rules.pieces import Conjuration

    def melee_bonus(board, piece) -> bool:
        return any(parse_trait(t)[0] == "Melee" and (parse_trait(t)[1] or 0) > 0
                   for t in board.traits(board.get(piece.id)))

    board = new_board("Warlock", "Beastmaster")
    ghoul = board.add_creature("Ravenous Ghoul", "dm", "B2", conditions={"Growth": 1})
    for i in range(30):
        board.add_conjuration("Wall of Stone", "ym", "B1", border="C1")
    assert melee_bonus(board, ghoul)
    put(board, AddPiece(Conjuration("ym-altar", "Altar of Infernia", "ym", "D3")))
    assert not melee_bonus(board, ghoul) and not melee_bonus(board, ghoul)
    put(board, RemovePiece("ym-altar"))
    assert melee_bonus(board, ghoul)


@pytest.mark.parametrize("put_on", [
    lambda wid: AddMarkers(wid, "Corrode", 5),
    lambda wid: SetMarkers(wid, "Corrode", 5),
    lambda wid: SetConditions(wid, {"Corrode": 5}),
], ids=["add", "set", "conditions"])
def test_corrode_put_on_after_a_trim_that_found_none_is_trimmed_again(put_on):
    """Board.trim_corrode skips its look while no Corrode marker has gone onto any object since
    it last found none: each way an effect puts Corrode on must make it look again."""
    b = new_board(dm_zone="A1", ym_zone="D3")
    wolf = b.add_creature("Timber Wolf", "dm", "B2")  # armor 2
    assert b.trim_corrode() == []  # none on the board: the next trims may skip
    assert b.trim_corrode() == []
    effects.apply(b, put_on(wolf.id))
    trimmed = b.trim_corrode()
    assert [(p.id, n) for p, n in trimmed] == [(wolf.id, 3)]
    assert b.get(wolf.id).conditions["Corrode"] == 2
