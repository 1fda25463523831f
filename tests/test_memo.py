"""Remembered values (solo.rules.board): traits, life, armor, flying and the wall geometry are worked
out once and reused until anything on the board changes.  A change that the count misses would
make a whole game quietly wrong, so whole games are played with every remembered value worked
out again and compared (``solo.rules.stats.CHECK_MEMORY``), and the count itself is tested change by change.
"""

import pytest

from solo.rules import board as board_mod
from solo.rules import pieces, stats
from solo.rules.board import new_board
from solo.engine.conformance import check_games, random_sets


@pytest.fixture
def checking(monkeypatch):
    monkeypatch.setattr(stats, "CHECK_MEMORY", True)


def test_whole_games_never_use_a_stale_remembered_value(checking):
    # Shipped and random sets, three players, walls: the conformance mix, every value rechecked.
    report = check_games(["Starter", "Harder", *random_sets(4)], range(1, 6),
                         ("beginner", "skilled", "random"))
    assert report.games == 90 and report.steps > 5000
    assert not report.violations


def test_a_container_put_inside_stays_the_same_object():
    # `x = extra[k] = {}` then `x[...] = ...` must change what the piece keeps.
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2")
    cast = wolf.extra["round_spells"] = {}
    cast["Battle Fury"] = 1
    assert wolf.extra["round_spells"] == {"Battle Fury": 1}
    later = wolf.extra.setdefault("more", [])
    later.append(2)
    assert wolf.extra["more"] == [2]


def test_the_check_catches_a_change_the_count_missed(checking):
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2")
    assert not board.has_trait(wolf, "Flying")
    # A change behind the count's back (a plain dict put in without going through the piece):
    object.__setattr__(wolf, "traits", ["Flying"])
    with pytest.raises(AssertionError, match="went stale"):
        board.has_trait(wolf, "Flying")


@pytest.mark.parametrize("change", [
    lambda b, w: w.conditions.__setitem__("Stun", 1),
    lambda b, w: w.enchantments.append("Eagle Wings"),
    lambda b, w: w.traits.append("Flying"),
    lambda b, w: setattr(w, "zone", "A1"),
    lambda b, w: w.stats.setdefault("traits", []).append("Flying"),
    lambda b, w: board_mod.set_zone_enchantments(b, "B2", ["Mind Shield"]),
    lambda b, w: b.creatures.remove(w),
    lambda b, w: w.extra.setdefault("a", {}).setdefault("b", []).append(1),
    lambda b, w: w.conditions.pop("Rot"),
])
def test_every_kind_of_change_is_counted(change):
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2")
    wolf.conditions["Rot"] = 1
    before = board_mod.changes()
    change(board, wolf)
    assert board_mod.changes() > before


@pytest.mark.parametrize("kind, name, args", [
    ("dict", "__setitem__", ("k", 2)), ("dict", "__delitem__", ("a",)), ("dict", "pop", ("a",)),
    ("dict", "popitem", ()), ("dict", "update", ({"k": 2},)), ("dict", "clear", ()),
    ("dict", "setdefault", ("k", 2)), ("dict", "__ior__", ({"k": 2},)),
    ("list", "__setitem__", (0, 9)), ("list", "__delitem__", (0,)), ("list", "append", (9,)),
    ("list", "extend", ([9],)), ("list", "insert", (0, 9)), ("list", "pop", ()),
    ("list", "remove", (1,)), ("list", "clear", ()), ("list", "sort", ()),
    ("list", "reverse", ()), ("list", "__iadd__", ([9],)), ("list", "__imul__", (2,)),
])
def test_every_change_to_a_counting_container_counts_and_does_what_the_plain_one_does(kind, name, args):
    plain = {"a": 1} if kind == "dict" else [1, 2]
    counting = pieces._tracked(plain.copy())
    assert type(counting) is not type(plain)
    before = board_mod.changes()
    got, want = getattr(counting, name)(*args), getattr(plain, name)(*args)
    assert board_mod.changes() > before
    assert counting == plain and (got is counting if want is plain else got == want)


def test_damage_and_the_stage_are_not_counted_and_nothing_remembered_reads_them():
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2")
    life = board.life(wolf)
    before = board_mod.changes()
    wolf.damage = 5
    board.stage = "creatures"
    assert board_mod.changes() == before
    assert board.remaining_life(wolf) == life - 5


@pytest.mark.parametrize("change", [
    lambda w: w.extra.setdefault("tally", {"dm": 0}).__setitem__("dm", 3),
    lambda w: w.extra.setdefault("once_used", []).append("Bite"),
])
def test_a_value_already_kept_counts_the_changes_made_through_it(change):
    """setdefault on a key already there counts nothing by itself; what is changed through the
    value it returns still counts, however the value was put there first."""
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2")
    change(wolf)  # puts the value in (a change)
    key = next(iter(wolf.extra))
    before = board_mod.changes()
    wolf.extra.setdefault(key, {})
    assert board_mod.changes() == before
    change(wolf)
    assert board_mod.changes() > before
    # a plain dict put in by item (kept as it is, see above) cannot count its own changes,
    # so handing it out counts one
    plain = wolf.extra["plain"] = {}
    before = board_mod.changes()
    wolf.extra.setdefault("plain", {})["x"] = 1
    assert board_mod.changes() > before and plain == {"x": 1}


def test_a_copy_changes_nothing_and_remembers_what_the_board_did():
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2")
    board.add_creature("Bitterwood Fox", "ym", "B2")
    traits, life = board.traits(wolf), board.life(wolf)
    before = board_mod.changes()
    work = board.copy()
    assert board_mod.changes() == before  # the original's memory stays good
    twin = work.find(wolf.id)
    assert twin is not wolf
    assert work._recall(("traits", id(twin))) is not None  # carried over to the copy's piece
    assert work._recall(("traits", id(wolf))) is None  # and not under the original's
    assert work.traits(twin) == traits and work.life(twin) == life
    twin.traits.append("Flying")  # a change to the copy: both forget
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
        if ident in (self.__dict__.get("_shared") or ()):
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


def test_every_kind_remembered_of_a_piece_moves_with_its_copy():
    # Board.copy and Board.own carry a piece's entries by the kinds in _PIECE_KINDS; a kind
    # missing there would only be worked out again, so check the list against a whole game.
    from solo.decks import sets as decks
    from solo.engine import simulate

    game = simulate.new_game(decks.resolve("Starter"), 3, "skilled")
    kinds = set()
    while not game.over and game.phase.round <= 8:
        game.play_one()
        kinds |= {key[0] for key in game.board._memo if len(key) == 2}
    assert kinds <= set(board_mod._PIECE_KINDS) and len(kinds) >= 4


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
    """Whether ``board`` would answer ``kind`` of ``p`` from memory."""
    return board._recall((kind, id(p)), p) is not None


def test_a_change_to_one_creatures_markers_keeps_what_is_remembered_of_the_others():
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2")
    fox = board.add_creature("Bitterwood Fox", "ym", "B2")
    board.has_trait(wolf, "Flying"), board.has_trait(fox, "Flying")
    wolf.conditions["Daze"] = 1
    wolf.zone = "B3"
    assert _remembered(board, fox) and not _remembered(board, wolf)
    # A creature with no enchantment coming or going is nobody else's business either.
    board.add_creature("Timber Wolf", "dm", "A1")
    board.creatures.remove(wolf)
    assert _remembered(board, fox)


@pytest.mark.parametrize("change", [
    lambda b, w, f: w.enchantments.append("Standard Bearer"),
    lambda b, w, f: setattr(b.mages["dm"], "zone", "C3"),  # a Pet follows its mage
    lambda b, w, f: b.add_creature("Timber Wolf", "dm", "A1", enchantments=["Standard Bearer"]),
    lambda b, w, f: (w.enchantments.append("Standard Bearer"), b.creatures.remove(w)),
    lambda b, w, f: board_mod.set_zone_enchantments(b, "B2", ["Sacred Ground"]),
])
def test_a_change_that_can_reach_other_objects_forgets_what_is_remembered_of_all(change):
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2")
    fox = board.add_creature("Bitterwood Fox", "ym", "B2")
    board.has_trait(fox, "Flying")
    change(board, wolf, fox)
    assert not _remembered(board, fox)


def test_an_aura_moves_with_its_bearer(checking):
    # A creature that bears an enchantment is everybody's business when it moves: Standard
    # Bearer gives Melee +1 to the other friendly creatures in its bearer's zone.
    board = new_board("Warlock", "Beastmaster")
    bearer = board.add_creature("Timber Wolf", "dm", "A1", enchantments=["Standard Bearer"])
    friend = board.add_creature("Timber Wolf", "dm", "B2")
    assert not board.has_trait(friend, "Melee +1")
    bearer.zone = "B2"
    assert board.has_trait(friend, "Melee +1")
    bearer.zone = "C2"
    assert not board.has_trait(friend, "Melee +1")


def test_a_pet_gains_its_bonus_when_the_dummy_mage_comes_to_its_zone(checking):
    board = new_board("Beastmaster", "Warlock")
    pet = board.add_creature("Timber Wolf", "dm", "B2")
    pet.extra["pet"] = True
    board.mages["dm"].zone = "A1"
    melee = board.has_trait(pet, "Melee +1")
    board.mages["dm"].zone = "B2"
    assert board.has_trait(pet, "Melee +1") and not melee


def test_a_container_given_to_two_objects_counts_for_both(checking):
    board = new_board("Warlock", "Beastmaster")
    wolf = board.add_creature("Timber Wolf", "dm", "B2")
    fox = board.add_creature("Bitterwood Fox", "ym", "B2")
    fox.traits = wolf.traits  # one list, two objects
    assert not board.has_trait(fox, "Flying") and not board.has_trait(wolf, "Flying")
    wolf.traits.append("Flying")
    assert board.has_trait(fox, "Flying") and board.has_trait(wolf, "Flying")
