"""The shape of the code, held to the measures of ``scripts/house.py`` (docs/architecture.md):
layers, cycles, function-level imports, board writes, sentences in the rules, sizes, sides as
strings; and the engine's fingerprint, the games a redesign must not change.

Each measure is asserted package by package.  One that the code does not meet yet is marked
``xfail(strict=True)`` with what is left: the day it is met the test passes, which a strict xfail
turns into a failure, so the mark must come off then and the measure is held from that day on (a
ratchet).  ``python scripts/house.py imports|writes|words|sizes|sides`` lists what is left.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def script(name: str) -> ModuleType:
    """``scripts/<name>.py``, loaded from its path (the scripts are not a package)."""
    key = f"solo_scripts_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, ROOT / "scripts" / f"{name}.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module  # a dataclass looks up its own module while it is made
        spec.loader.exec_module(module)
    return sys.modules[key]


house = script("house")
TOP = "solo"  # the modules in no package: solo/__init__.py and solo/__main__.py


def package(module: str) -> str:
    return house.package_of(module) or TOP


def not_yet(reason: str) -> pytest.MarkDecorator:
    return pytest.mark.xfail(strict=True, reason=f"not met yet: {reason}")


def each(*met: str, **left: str) -> list:
    """The packages as parameters: those in ``met`` meet the measure, each of ``left`` not yet
    (with what is left as its reason)."""
    return [*met, *(pytest.param(p, marks=not_yet(why)) for p, why in left.items())]


# Each measure reads every module once for all the tests.
found = cache(house.imports)
writes = cache(house.writes)
words = cache(house.words)
module_sizes = cache(house.module_sizes)
long_functions = cache(house.long_functions)
side_strings = cache(house.side_strings)


# -- imports ---------------------------------------------------------------------------------

@pytest.mark.parametrize("pkg", each(
    "core", "cards", "rules", "automaton", "text", "store", "decks", "engine", "cli", TOP))
def test_a_package_imports_only_itself_and_the_layers_before_it(pkg):
    wrong = [f"{i.source} -> {i.target} (line {i.line})"
             for i in house.layer_violations(found()) if package(i.source) == pkg]
    assert wrong == []


def test_no_import_cycle():
    assert house.cycles(found()) == []


def test_no_import_cycle_at_module_level():
    assert house.cycles([i for i in found() if not i.inner]) == []


def test_no_import_cycle_among_the_rules_and_the_automaton():
    pure = [i for i in found() if package(i.source) in house.NO_INNER_IMPORTS
            and package(i.target) in house.NO_INNER_IMPORTS]
    assert house.cycles(pure) == []


@pytest.mark.parametrize("pkg", each("rules", "automaton"))
def test_no_function_level_import_in_the_rules_and_the_automaton(pkg):
    inner = [f"{i.source} -> {i.target} (line {i.line})"
             for i in house.inner_imports(found()) if package(i.source) == pkg]
    assert inner == []


# -- the board changes only through its model and effects.apply ------------------------------

@pytest.mark.parametrize("pkg", each(
    "core", "cards", "rules", "automaton", "text", "store", "decks", "engine", "cli", TOP))
def test_no_board_write_outside_the_board_model_and_effects(pkg):
    written = [f"{w.module}:{w.line}: {w.text}" for w in writes() if package(w.module) == pkg]
    assert written == []


# -- words apart from rules ------------------------------------------------------------------

@pytest.mark.parametrize("pkg", each("rules", "automaton"))
def test_no_sentence_in_the_rules_and_the_automaton(pkg):
    said = [f"{w.module}:{w.line}: {w.text!r}" for w in words() if package(w.module) == pkg]
    assert said == []


def test_the_measure_of_sentences_tells_a_sentence_from_a_name_or_a_code():
    known, quoted = house.names(), house._catalog_text()
    for sentence in ("Cast Fireball at your mage.", "{} is destroyed: remove it",
                     "put a Burn marker on it", "no effects"):
        assert house.is_sentence(sentence, known, quoted), sentence
    for name in ("Timber Wolf", "Melee +1", "Finite Life", "strike.defense", "once_used",
                 "{} Immunity", "damage barrier"):
        assert not house.is_sentence(name, known, quoted), name


# -- sizes -----------------------------------------------------------------------------------

@pytest.mark.parametrize("pkg", each(
    "core", "cards", "rules", "automaton", "text", "store", "decks", "engine", "cli", TOP))
def test_no_module_over_700_lines(pkg):
    assert house.MAX_MODULE == 700
    big = [f"{s.name}: {s.lines} lines" for s in module_sizes()
           if s.lines > house.MAX_MODULE and package(s.name) == pkg]
    assert big == []


@pytest.mark.parametrize("pkg", each(
    "automaton", "rules"))
def test_no_function_over_80_lines_in_the_rules_and_the_automaton(pkg):
    assert house.MAX_FUNCTION == 80
    long = [f"{s.name}: {s.lines} lines ({s.where})" for s in long_functions()
            if package(s.name.rsplit(".", 1)[0]) == pkg]
    assert long == []


# -- sides are Side.DM and Side.YM, "dm" and "ym" only at the file boundary --------------------

@pytest.mark.parametrize("pkg", each(
    "rules", "automaton", "text", "decks", "engine", TOP))
def test_no_side_as_a_string_outside_the_file_boundary(pkg):
    # core defines the sides; store and cli are the file boundary; in cards "dm" names a card's
    # note for the Dummy Mage, no side
    assert pkg not in ("core", "store", "cli", "cards")
    sides = [f"{w.module}:{w.line}" for w in side_strings() if package(w.module) == pkg]
    assert sides == []


def test_every_package_of_solo_is_installed():
    """A regular install (`pip install .`) carries the packages pyproject.toml lists, and no
    others: a package missing there imports in a checkout and fails in an install."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    folders = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "solo").rglob("__init__.py")}
    assert folders <= listed, f"add to [tool.setuptools] packages: {sorted(folders - listed)}"


def test_every_package_is_held_to_each_measure():
    """A package added to the layers must be added to the parameters above too."""
    assert set(house.LAYERS) == {"core", "cards", "rules", "automaton", "text", "store", "decks",
                                 "engine", "cli"}
    assert {package(m) for m in house.modules()} == {*house.LAYERS, TOP}


# -- a redesign changes no game ----------------------------------------------------------------

def _fingerprint(games: int) -> None:
    fingerprint = script("fingerprint")
    stored = json.loads(fingerprint.STORED.read_text(encoding="utf-8"))
    whole, digests = fingerprint.fingerprint(games)
    plan = fingerprint.plan(games)
    differ = [(i, plan[i]) for i, (a, b) in enumerate(zip(digests, stored["each"])) if a != b]
    assert not differ, f"{len(differ)} of {games} games differ from the stored ones, first: {differ[0]}"
    assert len(stored["each"]) >= games
    if games == stored["games"]:
        assert whole == stored["fingerprint"]


def test_the_first_ten_games_of_the_fingerprint_are_the_stored_ones():
    _fingerprint(10)

    # All 400: `scripts/fingerprint.py --check`, which .ci/run runs after the tests.
