"""Every Record (solo.core.records) behaves as the dataclass its annotations would make: the same
fields in the same order in ``__init__``, the same ``repr``, ``==`` and hashing, fresh
containers for each object, and a frozen one refuses changes."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import inspect
import pickle

import pytest

from solo.core.records import FrozenError, FrozenRecord, Record, replace
from solo.cards import catalog
from solo.rules import board, decision, dice, effects, pieces, said, upkeep
from solo.rules.combat import results

MODULES = ("rules.arena", "rules.board", "cards.catalog", "rules.combat", "rules.decision",
           "rules.dice", "cards.glossary", "core.questions", "rules.upkeep", "rules.yours")


def all_records() -> list[type]:
    for name in MODULES:
        importlib.import_module(f"solo.{name}")
    found, todo = [], list(Record.__subclasses__())
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("solo.") and cls is not FrozenRecord:  # (a base)
            found.append(cls)
        todo.extend(cls.__subclasses__())
    return sorted(found, key=lambda c: (c.__module__, c.__qualname__))


def twin(cls: type) -> type:
    """The dataclass the annotations of ``cls`` make (every field typed ``object``)."""
    uncompared, unshown = getattr(cls, "_uncompared", ()), getattr(cls, "_unshown", ())
    specs = [(n, object, dataclasses.field(compare=n not in uncompared, repr=n not in unshown))
             for n in cls._fields]
    return dataclasses.make_dataclass(cls.__name__, specs, frozen=getattr(cls, "_frozen", False))


def sample(cls: type, bump: str | None = None) -> dict:
    """A value for every field (ints where the class takes them, else one-element lists);
    ``bump`` gives that field a different value."""
    for make in (lambda i: i + 1, lambda i: [i + 1]):
        values = {n: make(i + (100 if n == bump else 0)) for i, n in enumerate(cls._fields)}
        try:
            cls(**values)
            return values
        except (TypeError, AttributeError):
            continue
    raise AssertionError(f"no sample values suit {cls.__name__}")


def problems(cls: type) -> list[str]:
    """How ``cls`` differs from its dataclass twin (empty when it does not)."""
    out = []
    params = [n for n, p in inspect.signature(cls.__init__).parameters.items()
              if n != "self" and not (p.kind is p.KEYWORD_ONLY and n.startswith("_"))]
    if params != list(cls._fields):
        return [f"{cls.__name__}.__init__ takes {params}, its fields are {list(cls._fields)}"]
    ref = twin(cls)
    values = sample(cls)
    ours, theirs = cls(**values), ref(**values)
    if repr(ours) != repr(theirs):
        out.append(f"repr {ours!r} is not {theirs!r}")
    if not ours == cls(**values):
        out.append("an object is not equal to one with the same fields")
    for n in cls._fields:
        other = sample(cls, bump=n)
        if (ours == cls(**other)) != (theirs == ref(**other)):
            out.append(f"== treats field {n} differently")
    hashable = ref.__hash__ is not None
    if hashable != (cls.__hash__ is not None):
        out.append(f"hashable: {cls.__hash__ is not None}, the dataclass's: {hashable}")
    elif hashable and hash(ours) != hash(cls(**values)):
        out.append("equal objects hash differently")
    return out


#: The board, its pieces, cards, their attacks and an attack's results are plain classes with
#: slots (the compiled build makes them classes of its own), held to the same behaviour as the
#: records.
PIECES = [pieces.Piece, pieces.Mage, pieces.Creature, pieces.Conjuration, board.Board,
          catalog.Card, catalog.Attack, results.Push, results.Strike, results.AttackResult,
          results.Applied, dice.Roll, said.Who, decision.Decision, decision.PlannedAttack,
          upkeep.Event]
#: ... and so are the changes ``solo.rules.effects.apply`` puts on a board.
CHANGES = sorted((c for c in vars(effects).values() if isinstance(c, type)
                  and issubclass(c, effects.Change) and c is not effects.Change),
                 key=lambda c: c.__name__)
PIECES += CHANGES
RECORDS = all_records() + PIECES


def test_the_records_are_found():
    names = {c.__name__ for c in RECORDS}
    assert {"Board", "Piece", "Mage", "Creature", "Conjuration", "Card", "Attack", "Strike",
            "Wall", "Arena", "Term", "Decision", "Effect", "Defense", "Roll", "DiceTotal"} <= names


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_a_record_behaves_as_its_dataclass(cls):
    assert problems(cls) == []


@pytest.mark.parametrize("cls", [c for c in PIECES if getattr(c, "_frozen", False)],
                         ids=lambda c: c.__name__)
def test_a_frozen_plain_class_is_hashed_pickled_and_copied_by_its_fields(cls):
    values = sample(cls)
    one = cls(**values)
    assert hash(one) == hash(cls(**values))
    assert pickle.loads(pickle.dumps(one)) == one
    assert copy.deepcopy(one) == one and copy.copy(one) == one
    assert pickle.loads(pickle.dumps(one)) != cls(**sample(cls, bump=cls._fields[0]))


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_defaults_give_each_object_its_own_containers(cls):
    required = {n: p.default for n, p in inspect.signature(cls.__init__).parameters.items()
                if n != "self" and p.default is inspect.Parameter.empty}
    sampled = sample(cls)
    args = {n: sampled[n] for n in required}
    a, b = cls(**args), cls(**args)
    for n in cls._fields:
        if n in required:
            continue
        va, vb = getattr(a, n), getattr(b, n)
        if isinstance(va, (list, dict)):
            assert va == type(va)() and va is not vb, f"{cls.__name__}.{n} is shared"


def test_the_checker_catches_a_field_missing_from_init_or_compared_wrongly():
    class Forgot(Record):
        a: int
        b: int

        def __init__(self, a: int) -> None:
            self.a = a
            self.b = 0

    class Blind(Record):
        a: int
        b: int

        def __init__(self, a: int, b: int) -> None:
            self.a, self.b = a, b

        def __eq__(self, other):  # ignores b
            return isinstance(other, Blind) and self.a == other.a

    assert problems(Forgot) and "takes ['a']" in problems(Forgot)[0]
    assert "== treats field b differently" in problems(Blind)


def test_frozen_records_refuse_changes_and_replace_makes_a_new_one():
    from solo.rules.arena import Wall
    w = Wall("w1", "A1", "east")
    with pytest.raises(FrozenError):
        w.zone = "B1"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del w.zone  # type: ignore[misc]
    moved = replace(w, zone="B1")
    assert (moved.zone, w.zone, moved.border) == ("B1", "A1", "east")
    assert {w, Wall("w1", "A1", "east")} == {w}


def test_a_record_made_as_a_compiled_module_makes_it_keeps_its_fields_and_freezing():
    """mypyc creates the classes of a module it compiles by calling their metaclass with the
    class body: without class keywords, with annotations as types rather than text.  A record
    made that way still reads its fields (a class variable, known by its value, and a private
    name are none), and one on FrozenRecord is frozen."""
    from solo.core.records import PythonClass

    def init(self, a, b):
        vars(self).update(a=a, b=b, _t=a)

    body = {"__annotations__": {"a": int, "b": list, "kept": type, "_t": int},
            "kept": None, "__init__": init, "__module__": __name__, "__qualname__": "Made"}
    made = PythonClass("Made", (FrozenRecord,), dict(body))
    assert made._fields == ("a", "b") and made._frozen
    one = made(1, (2,))
    assert one == made(1, (2,)) and hash(one) == hash(made(1, (2,))) and one != made(2, (2,))
    assert repr(one) == "Made(a=1, b=(2,))"
    with pytest.raises(FrozenError):
        one.a = 3
    loose = PythonClass("Loose", (Record,), dict(body))
    assert loose._fields == ("a", "b") and loose.__hash__ is None
    loose_one = loose(1, [2])
    loose_one.a = 3
    assert loose_one.a == 3


def test_a_copy_of_a_piece_is_equal_has_containers_of_its_own_and_keeps_its_version():
    c = pieces.Creature("c1", "Timber Wolf", "dm", "B2", 2, {"Burn": 1}, ["Rhino Hide"],
                        ["Pest"], {"attacks": [{"name": "Bite", "dice": 3}]}, {"note": [1]},
                        active=False, guarding=True)
    before = pieces.changes()
    copy = pieces._clone_piece(c)
    assert copy == c and copy is not c and type(copy) is pieces.Creature
    assert (copy._v, pieces.changes()) == (c._v, before)  # a copy counts no change
    for n in ("conditions", "enchantments", "traits", "stats", "extra"):
        assert getattr(copy, n) is not getattr(c, n)
    assert copy.stats["attacks"] is not c.stats["attacks"] and copy.extra["note"] is not c.extra["note"]
    copy.conditions["Burn"] = 2
    assert copy != c and pieces.Creature("c2", "Timber Wolf", "dm", "B2")._v > before
    with pytest.raises(AttributeError):  # slots: no field by another name
        c.life = 3  # type: ignore[attr-defined]
    # another class is never equal, whatever the fields (a record's ``==``)
    same_fields = pieces.Conjuration(c.id, c.card, c.side, c.zone)
    assert same_fields != pieces.Creature(c.id, c.card, c.side, c.zone, active=True)
    assert c != "c1" and c != None  # noqa: E711
