"""Start-up: what the quick commands import, the collector's state while a command runs, and
the catalog read card by card (issue 14).

Not timings (see ``scripts/bench.py``): what makes them, pinned so a change cannot bring a heavy
import back to ``solo roll`` or ``solo deck validate`` unnoticed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solo.cards import catalog
from solo.decks import sets as decks
from solo.store import paths
from solo.cards.catalog import Catalog, data_folder

ROOT = Path(__file__).resolve().parents[2]
BOARD = ROOT / "tests" / "data" / "board24.json"
#: Modules only the interactive commands (questions) or the board commands need.
INTERACTIVE = {"questionary", "prompt_toolkit"}


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("SOLO_DATA_DIR", "SOLO_CONFIG_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["HOME"] = str(tmp_path / "home")  # a plain Linux home: no user deck sets yet
    env.update(extra)
    return env


MODULES_PROBE = """
import atexit, sys
before = set(sys.modules)  # what the interpreter and site (an editable install's finder) import
atexit.register(lambda: print("MODULES", *sorted(set(sys.modules) - before), file=sys.stderr))
sys.argv = ["solo", *sys.argv[1:]]
from solo.__main__ import run
run()
"""


def imported(tmp_path: Path, *args: str, **extra: str) -> set[str]:
    """The modules ``solo *args`` imports, run as the console script does; it must succeed."""
    done = subprocess.run([sys.executable, "-c", MODULES_PROBE, *args], cwd=tmp_path,
                          env=_env(tmp_path, **extra), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    line = [x for x in done.stderr.splitlines() if x.startswith("MODULES ")][-1]
    names = set(line.split()[1:])
    assert "solo.cli.app" in names  # the report was read
    return names


def heavy(names: set[str], unwanted: set[str]) -> set[str]:
    return {n for n in names if n in unwanted or n.split(".")[0] in unwanted}


def test_roll_imports_neither_cards_nor_board_nor_questions(tmp_path):
    names = imported(tmp_path, "roll", "3")
    assert "solo.cli.commands.roll" in names
    assert not heavy(names, INTERACTIVE | {"solo.cards.catalog", "solo.rules.board", "solo.decks.sets", "platformdirs",
                                           "pathlib", "tomllib"})


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG short cut is Linux's")
def test_deck_validate_imports_neither_board_nor_questions_nor_platformdirs(tmp_path):
    names = imported(tmp_path, "deck", "validate", "Starter")
    assert "solo.decks.sets" in names
    assert not heavy(names, INTERACTIVE | {"solo.rules.board", "solo.rules.arena", "solo.engine.simulate", "solo.engine.game",
                                           "platformdirs", "shutil", "pathlib", "solo.engine.ratings",
                                           "tomllib"})


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG short cut is Linux's")
def test_deck_show_without_rating_reads_no_pathlib_and_plays_no_games(tmp_path):
    names = imported(tmp_path, "deck", "show", "Starter", "--no-rating")
    assert "solo.decks.sets" in names
    assert not heavy(names, INTERACTIVE | {"solo.rules.board", "solo.engine.simulate", "solo.cli.commands.ratings",
                                           "solo.engine.ratings", "pathlib", "platformdirs", "tomllib"})


@pytest.mark.parametrize("args", [("deck", "validate", "Starter"),
                                  ("deck", "show", "Harder", "--no-rating")])
def test_a_set_of_modelled_cards_is_checked_without_the_coverage_rules(tmp_path, args):
    """Its warnings come from decks/modelled.json; the coverage rules load only for a card
    not on that list."""
    names = imported(tmp_path, *args)
    assert not heavy(names, {"solo.cards.coverage", "solo.cards.glossary"})


def test_cards_show_reads_no_board_and_no_pathlib(tmp_path):
    names = imported(tmp_path, "cards", "show", "Timber Wolf")
    assert "solo.cards.catalog" in names
    assert not heavy(names, INTERACTIVE | {"solo.rules.board", "solo.decks.sets", "pathlib", "shutil"})


def test_dm_creature_asks_no_questions(tmp_path):
    names = imported(tmp_path, "dm", "creature", "--board", str(BOARD), "--seed", "1")
    assert "solo.automaton.creatures" in names
    assert not heavy(names, INTERACTIVE | {"solo.decks.sets", "solo.engine.simulate", "platformdirs", "pathlib"})
    # nor the spell section (a creature's action casts nothing), nor any dataclass: their
    # classes are Records (solo/core/records.py), which cost nothing to define; nor the glossary,
    # for an attack whose traits and markers solo applies in full (Poison Bow and Weak here)
    assert not heavy(names, {"solo.automaton.spells", "dataclasses", "solo.cards.glossary"})
    # and only the wordings its lines need (solo.text.render looks in the tables in turn)
    assert "solo.text.automaton" in names
    assert not heavy(names, {"solo.text.spells", "solo.text.yours", "solo.text.mages"})


def _catalog_attack_names() -> set[str]:
    """Every attack trait and every marker an attack can give, over the whole catalog."""
    from solo.rules.board import MARKERS
    from solo.cards.catalog import get_catalog

    names = set(MARKERS)
    for card in get_catalog().cards():
        for attack in card.attacks:
            names.update(attack.traits)
            for effect in attack.effects:
                names.update(effect.conditions)
    return names


def test_what_needs_no_by_hand_line_is_what_the_glossary_says():
    """combat.NO_BY_HAND spares the glossary's import: every name it covers, over every attack
    and marker of the catalog, has no by-hand line in the glossary."""
    from solo.cards.catalog import parse_trait
    from solo.rules.combat import NO_BY_HAND
    from solo.cards.glossary import by_hand_notes, lookup

    for base in NO_BY_HAND:
        term = lookup(base)
        assert term is not None and by_hand_notes([base]) == [], base
    covered = [n for n in _catalog_attack_names() if parse_trait(n)[0].lower() in NO_BY_HAND]
    assert len(covered) >= 25  # (29 distinct names when this was written)
    for name in covered:
        assert by_hand_notes([name]) == [], name


DECODED_PROBE = """
import atexit, sys
sys.argv = ["solo", *sys.argv[1:]]
from solo.cards import catalog
def count():
    cat = catalog.get_catalog()
    decoded = sum(isinstance(r[2], dict) for r in cat._records.values())
    indexed = sum(isinstance(r[2], tuple) for r in cat._records.values())
    print("DECODED", decoded, len(cat), indexed, file=sys.stderr)
atexit.register(count)
from solo.__main__ import run
run()
"""


def test_dm_creature_decodes_only_the_cards_it_needs(tmp_path):
    """Finding the cards with zone auras sifts the catalog's text instead of decoding every card,
    and the cards are found through the shipped index, not by reading the catalog's lines."""
    done = subprocess.run([sys.executable, "-c", DECODED_PROBE, "dm", "creature", "--board",
                           str(BOARD), "--seed", "1"], cwd=tmp_path, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    decoded, total, indexed = map(int, done.stderr.split("DECODED")[-1].split()[:3])
    # the board's cards and the five with zone auras; the draw piles' cards (20 more) are only
    # checked by name and type, which needs no decoding
    assert total > 500 and decoded <= 25 and indexed == total - decoded


GC_PROBE = """
import gc, sys
import solo.cli.commands.roll
callback = solo.cli.commands.roll.roll.callback
def probe(*a, **k):
    print("collector on:", gc.isenabled(), file=sys.stderr)
    return callback(*a, **k)
solo.cli.commands.roll.roll.callback = probe
sys.argv = ["solo", "roll", "3"]
from solo.__main__ import run
run()
"""


def test_the_collector_is_back_on_when_the_command_runs(tmp_path):
    """Paused for the imports only: a long game or simulation still has its cycles collected."""
    done = subprocess.run([sys.executable, "-c", GC_PROBE], cwd=tmp_path, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "collector on: True" in done.stderr


def test_a_file_written_by_a_command_is_complete_after_exit(tmp_path):
    """The exit hooks (the collector frozen last) leave what a command wrote whole on disk."""
    env = _env(tmp_path)
    out = tmp_path / "mine.toml"
    done = subprocess.run([sys.executable, "-m", "solo", "deck", "random", "--seed", "5", "--name", "Mine",
                           "--out", str(out)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    again = decks.load(out)
    assert again.name == "Mine" and again.sizes() == decks.DECK_SIZES


# -- the catalog, read card by card -----------------------------------------------------------

def shipped_text() -> str:
    return Path(data_folder(), "catalog.json").read_text(encoding="utf-8")


def test_the_catalog_read_line_by_line_matches_the_whole_decode():
    text = shipped_text()
    lazy, whole = Catalog.from_text(text), Catalog(json.loads(text)["cards"])
    assert all(isinstance(entry[2], str) for entry in lazy._records.values()), "the fast path was not taken"
    assert len(lazy) == len(whole) and lazy.names() == whole.names()
    for type_ in ("Creature", "Mage", "Attack", "Equipment"):
        assert lazy.names(type_) == whole.names(type_)
    for name in whole.names():
        a, b = lazy.get(name), whole.get(name)
        assert a == b and a.dm == b.dm, name


def _catalog_text(cards: list[dict]) -> str:
    """Laid out as scripts/import_cards.py writes it: a card a line, attacks split off too."""
    text = json.dumps({"format": "solo-catalog/1", "cards": cards}, separators=(",", ":"),
                      ensure_ascii=False)
    return text.replace('},{"name"', '},\n{"name"') + "\n"


CARDS = [
    {"name": "Zap Wolf", "type": "Creature", "life": 5,
     "attacks": [{"name": "Bite", "kind": "melee", "dice": 3}, {"name": "Howl", "kind": "ranged", "dice": 1}]},
    {"name": "Étoile", "type": "Incantation", "cost": 2},
    {"name": "Last", "type": "Attack", "attacks": [{"name": "Last", "dice": 2}]},
]


@pytest.mark.parametrize("cards", [
    CARDS,
    CARDS + [{"name": 'Say "when"', "type": "Creature", "life": 1}],  # an escape: decoded whole
    CARDS + [{"name": "Two\\Slashes", "type": "Attack"}],
    [{"name": "Only", "type": "Mage", "life": 30}],
])
def test_a_catalog_text_reads_the_same_either_way(cards):
    text = _catalog_text(cards)
    for got in (Catalog.from_text(text), Catalog.from_text(text.replace("\n", ""))):
        assert got.names() == sorted(c["name"] for c in cards)
        for c in cards:
            card = got.get(c["name"])
            assert card.name == c["name"] and card.type == c["type"]
            assert [a.name for a in card.attacks] == [a["name"] for a in c.get("attacks", ())]


def test_the_shipped_index_is_the_index_of_the_shipped_catalog():
    """catalog_index.py is written with catalog.json: one without the other cannot be committed."""
    shipped, made = catalog.shipped_index(data_folder()), catalog.Index.of(shipped_text())
    assert shipped is not None, "decks/catalog_index.py is missing: run scripts/import_cards.py"
    assert (shipped.size, shipped.lines, shipped.names, shipped.types, shipped.spans) \
        == (made.size, made.lines, made.names, made.types, made.spans)
    assert Path(data_folder(), "catalog_index.py").read_text(encoding="utf-8") == made.source()


@pytest.mark.parametrize("index", [None, "", "SIZE = 1\n", "SIZE = (\n", "raise SystemError\n"])
def test_a_missing_or_damaged_index_leaves_the_catalog_to_its_lines(tmp_path, index):
    if index is not None:
        (tmp_path / "catalog_index.py").write_text(index, encoding="utf-8")
    assert catalog.shipped_index(str(tmp_path)) is None


def test_the_catalog_read_through_its_index_matches_the_whole_decode():
    text = shipped_text()
    indexed, whole = Catalog.from_text(text, catalog.Index.of(text)), Catalog(json.loads(text)["cards"])
    assert all(isinstance(entry[2], tuple) for entry in indexed._records.values()), "the index was not used"
    assert len(indexed) == len(whole) and indexed.names() == whole.names()
    assert indexed.names("Creature") == whole.names("Creature")
    word = '"zone_grants"'
    assert [c.name for c in indexed.mentioning(word)] == [c.name for c in whole.mentioning(word)] != []
    for name in whole.names():
        a, b = indexed.get(name), whole.get(name)
        assert a == b and a.dm == b.dm, name
    assert indexed.find("no such card") is None and "timber wolf" in indexed


@pytest.mark.parametrize("change", [
    lambda text: _catalog_text(CARDS + [{"name": "More", "type": "Creature", "life": 2}]),  # longer
    lambda text: text.replace('"Zap Wolf"', '"Zip Wolf"'),  # as long, a card renamed
    lambda text: text.replace('"type":"Incantation"', '"type":"Enchantment"'),  # its type
    lambda text: text.replace('"Bite"', '"Bit"').replace('"cost":2', '"cost":22'),  # one moved
    lambda text: text.replace('},\n{"name":"Howl"', '},{"name":"Howl"').replace('"life":5', '"life":50'),
])
def test_an_index_out_of_step_with_its_catalog_is_not_used(change):
    text = _catalog_text(CARDS)
    index = catalog.Index.of(text)
    assert index.read(text) is not None
    changed = change(text)
    assert changed != text and index.read(changed) is None
    got, plain = Catalog.from_text(changed, index), Catalog.from_text(changed)
    assert got.names() == plain.names()
    for name in plain.names():
        assert got.get(name) == plain.get(name)


def test_the_index_module_reads_back_as_the_index():
    text = _catalog_text(CARDS + [{"name": "Bolt of V'Tar", "type": "Attack"}])
    index = catalog.Index.of(text)
    space: dict = {}
    exec(index.source(), space)
    assert (space["SIZE"], space["LINES"], space["NAMES"], space["TYPES"], space["SPANS"]) \
        == (index.size, index.lines, index.names, index.types, index.spans)
    assert list(index.read(text) or ()) == ["zap wolf", "étoile", "last", "bolt of v'tar"]


# -- the user folder without platformdirs ------------------------------------------------------

@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG short cut is Linux's")
@pytest.mark.parametrize("env", [
    {}, {"XDG_DATA_HOME": "/srv/data", "XDG_CONFIG_HOME": "/srv/conf/", "XDG_CACHE_HOME": "/srv/c"},
    {"XDG_DATA_HOME": ""}, {"XDG_DATA_HOME": "relative/data", "XDG_CONFIG_HOME": "rel",
                            "XDG_CACHE_HOME": "rel/c"}, {"HOME": "/"},
])
def test_the_user_folder_is_where_platformdirs_puts_it(monkeypatch, tmp_path, env):
    platformdirs = pytest.importorskip("platformdirs")
    monkeypatch.setenv("HOME", str(tmp_path))
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    for var in ("SOLO_DATA_DIR", "SOLO_CONFIG_DIR", "SOLO_CACHE_DIR"):
        monkeypatch.delenv(var)
    assert decks.user_data_dir() == Path(platformdirs.user_data_dir("solo"))
    assert decks.user_folder("SOLO_CONFIG_DIR", "config") == Path(platformdirs.user_config_dir("solo"))
    assert paths.user_folder("SOLO_CACHE_DIR", "cache") == Path(platformdirs.user_cache_dir("solo"))
    if env.get("XDG_DATA_HOME", "/").startswith("/"):
        assert paths._xdg_folder("data") is not None  # the short cut was taken


# -- Ctrl-C while starting ----------------------------------------------------------------------

CTRL_C_PROBE = """
import sys
module = sys.argv[1]
class CtrlC:  # the person presses Ctrl-C just as ``module`` is imported
    def find_spec(self, name, path=None, target=None):
        if name == module:
            raise KeyboardInterrupt
sys.meta_path.insert(0, CtrlC())
sys.argv = ["solo", *sys.argv[2:]]
from solo.__main__ import run
run()
"""


@pytest.mark.parametrize("module, said", [
    ("solo.cli.app", b""),  # still starting: nothing done, so it ends at once, quietly
    ("solo.rules.board", b"solo: interrupted"),  # the command has started: it says so
])
def test_ctrl_c_while_starting_ends_quietly_with_130(tmp_path, module, said):
    done = subprocess.run([sys.executable, "-c", CTRL_C_PROBE, module, "dm", "creature", "--board",
                           str(BOARD), "--seed", "1"], cwd=tmp_path, env=_env(tmp_path),
                          capture_output=True, timeout=120)
    assert done.returncode == 130, done.stderr[-2000:]
    assert b"Traceback" not in done.stderr and done.stderr.strip() == said
    assert done.stdout == b""


#: Ctrl-C at the moments solo's hooks cover outside any code of the command: between the
#: console script's import of solo.__main__ and its call of run() (pip's script compiles a
#: regular expression there), in an exit handler, and while click reads the command line.
CTRL_C_AROUND = {
    "after the import": """
import re, sys
from solo.__main__ import run
sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
raise KeyboardInterrupt  # as the script's own line runs
""",
    "at exit": """
import atexit, sys
from solo.__main__ import run
def stop():
    raise KeyboardInterrupt
atexit.register(stop)
sys.argv = ["solo", "roll", "3", "--seed", "1"]
run()
""",
    "reading the command line": """
import sys
from solo.cli import app
def stop(self, ctx, args):
    raise KeyboardInterrupt
app.LazyGroup.parse_args = stop
sys.argv = ["solo", "roll", "3"]
from solo.__main__ import run
run()
""",
}


@pytest.mark.parametrize("moment, status, said", [
    ("after the import", 130, b""),
    ("at exit", 0, b""),  # the command was done: it keeps its status
    ("reading the command line", 130, b"solo: interrupted"),  # not click's "Aborted!" and 1
])
def test_ctrl_c_around_the_command_prints_no_traceback(tmp_path, moment, status, said):
    done = subprocess.run([sys.executable, "-c", CTRL_C_AROUND[moment]], cwd=tmp_path,
                          env=_env(tmp_path), capture_output=True, timeout=120)
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr, done.stderr
    assert (done.returncode, done.stderr.strip()) == (status, said)
