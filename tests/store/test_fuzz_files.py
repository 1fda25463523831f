"""Fuzzed inputs: board files, deck files and answers files.

The property, for every loader: an input is either accepted or rejected with a
:class:`~solo.core.errors.SoloError` whose message is one line -- never another exception.  The CLI
turns such an error into ``solo: <message>`` and exit status 1 (an invalid deck set) or 2 (usage
errors, unreadable or malformed input), never a traceback.

``SOLO_FUZZ_EXAMPLES`` sets how many inputs each property tries (default 200, so the normal test
run stays quick; a full run uses 5000)::

    SOLO_FUZZ_EXAMPLES=5000 pytest -q tests/store/test_fuzz_files.py

The inputs that once crashed a loader are kept at the end as plain tests.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from hostile import paths

from solo.engine import quickcast_turn
from solo.engine import turns
from solo.text.automaton import decision_json
from solo.store import board_file
from solo.decks import sets as decks
from solo.text import board_map as render
from solo.rules.board import FORMAT
from solo.store.board_file import from_dict
from solo.store.board_file import load as load_board
from solo.cards.catalog import get_catalog
from solo.rules.dice import ScriptedSource, SeededSource
from solo.core.errors import SoloError
from solo.core.questions import Choice, Question, ScriptedPrompter

EXAMPLES = int(os.environ.get("SOLO_FUZZ_EXAMPLES", "200"))
#: The suite's five minutes for the normal run; a long one gets a tenth of a second an input
#: (a whole command on a board takes about 40 ms), or it would fail on the timeout.
pytestmark = pytest.mark.timeout(max(300, EXAMPLES // 10))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])

DATA = Path(__file__).parents[1] / "data"
STARTER = Path(__file__).resolve().parents[2] / "decks" / "starter.toml"

EXAMPLE = json.loads((Path(__file__).parents[1] / "data" / "contract_board.json").read_text())  # contract section 2


def _bases() -> list[dict]:
    """Valid boards to mutate: the contract's example and a crowded one."""
    crowded = json.loads((DATA / "board24.json").read_text(encoding="utf-8"))
    crowded["creatures"] = crowded["creatures"][:8]  # enough variety, quicker to check
    return [EXAMPLE, crowded]


BASES = _bases()


# -- the property ----------------------------------------------------------------------------

def clear_error(err: SoloError) -> str:
    msg = str(err)
    assert msg.strip(), f"{type(err).__name__} with an empty message"
    assert "\n" not in msg and "\r" not in msg, f"message is not one line: {msg!r}"
    return msg


def accepted_or_clear(fn, *args):
    """``fn(*args)``'s value, or the SoloError it raised (checked); anything else propagates."""
    try:
        return fn(*args)
    except SoloError as err:
        clear_error(err)
        return err


# -- values ----------------------------------------------------------------------------------

keys = st.text(max_size=12)
texts = st.text(max_size=30)
huge_ints = st.integers(min_value=1, max_value=300).flatmap(
    lambda k: st.sampled_from([10**k, -(10**k), 10**k - 1]))
scalars = (st.none() | st.booleans() | st.integers() | huge_ints
           | st.floats(allow_nan=True, allow_infinity=True) | texts)


def _containers(inner):
    return st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4)


json_values = st.recursive(scalars, _containers, max_leaves=12)
wrong_zones = st.sampled_from(["", " ", "\nZ1", "A1\r\n", "Z9", "A0", "A4", "E1", "a1", "b3 ",
                               "B 2", "A99", "AA1", "1A", "A-1", "Ａ１", "A１", "A1.", "D", "3",
                               "A1A1", "\tC2", "é1"])
card_names = st.sampled_from(["Timber Wolf", "timber wolf", "  Iron Golem ", "Fireball", "Warlock",
                              "Beastmaster", "Wall of Stone", "Bear Strength", "Agony", "Heal",
                              "Nobody", "", "Darkfenne Bat", "Altar of Skulls", "Mana Leech"])
# Weird but plausible strings: unicode of every kind, controls, very long.
odd_texts = st.one_of(texts, st.sampled_from(["\x00", "💀 Wolf", "ﬁre", "İ", "Ωmega", "‮dlroW",
                                             "Wolf\u0301", "x" * 5000, "\ufeffTimber Wolf"]))


def get_at(value, path):
    for p in path:
        value = value[p]
    return value


@st.composite
def mutated_boards(draw):
    """A valid board with one to four mutations: a key deleted, a value of a wrong type, a wrong
    zone, a duplicate id, an unknown or misplaced card, a huge number, odd unicode, an extra key."""
    data = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(list(paths(data))))
        if not path:
            continue
        parent, last = get_at(data, path[:-1]), path[-1]
        kind = draw(st.sampled_from(["delete", "value", "zone", "id", "card", "number", "text",
                                     "extra", "list"]))
        if kind == "delete":
            del parent[last]
        elif kind == "value":
            parent[last] = draw(json_values)
        elif kind == "zone":
            parent[last] = draw(wrong_zones)
        elif kind == "id":
            creatures = data.get("creatures")
            ids = ["dm", "ym"] + [c.get("id") for c in (creatures if isinstance(creatures, list) else [])
                                  if isinstance(c, dict)]
            parent[last] = draw(st.sampled_from(ids))
        elif kind == "card":
            parent[last] = draw(card_names)
        elif kind == "number":
            parent[last] = draw(st.integers() | huge_ints | st.sampled_from([0, -1, 1.5, 2**63]))
        elif kind == "text":
            parent[last] = draw(odd_texts)
        elif kind == "extra":
            target = get_at(data, path)
            if isinstance(target, dict):
                target[draw(keys)] = draw(json_values)
        elif kind == "list":
            target = get_at(data, path)
            if isinstance(target, list):
                target.append(copy.deepcopy(draw(st.sampled_from(target))) if target
                              else draw(json_values))
    return data


# -- boards ----------------------------------------------------------------------------------

def check_board(data) -> None:
    result = accepted_or_clear(from_dict, data)
    if isinstance(result, SoloError):
        return
    # An accepted board saves and loads again to the same thing, and can be drawn.
    again = accepted_or_clear(from_dict, json.loads(board_file.dumps(result)))
    assert not isinstance(again, SoloError), f"a saved board does not load again: {again}"
    assert board_file.dumps(again) == board_file.dumps(result)
    render.board_view(result)


@FUZZ
@given(json_values)
def test_board_from_any_json_value(data):
    check_board(data)


@FUZZ
@given(st.fixed_dictionaries(
    {"format": st.just(FORMAT) | json_values, "round": st.just(1) | json_values,
     "initiative": st.sampled_from(["dm", "ym"]) | json_values,
     "arena": st.just({"columns": 4, "rows": 3}) | json_values,
     "mages": st.just(EXAMPLE["mages"]) | json_values,
     "creatures": st.just([]) | json_values, "conjurations": st.just([]) | json_values,
     "decks": st.just(EXAMPLE["decks"]) | json_values},
    optional={"stage": json_values, "discards": json_values, "extra": json_values}))
def test_board_with_every_key_of_any_value(data):
    check_board(copy.deepcopy(data))


@FUZZ
@given(mutated_boards())
def test_board_mutations(data):
    check_board(data)


CAT = get_catalog()
TRAITS = ["Flying", "Fast", "Slow", "Elusive", "Pest", "Nonliving", "Incorporeal", "Living",
          "Bloodthirsty +1", "Regenerate 2", "Uncontainable", "Unmovable", "Reach", "Indirect",
          "Passage Blocked", "Blocks LoS", "Passage Attacks", "Legendary", "Aegis 1", "Tough -2",
          "Melee +1", "Ranged +2", "Charge +2", "Defense 7+"]
CONDITIONS = ["Burn", "Rot", "Daze", "Stun", "Weak", "Cripple", "Sleep", "Slam", "Knockdown",
              "Banish", "Corrode", "Charge", "Bleed", "Tainted"]


@st.composite
def attacks(draw):
    lo = draw(st.integers(0, 3))
    return {"name": draw(st.sampled_from(["Bite", "Claw", "Bolt"]) | texts.filter(str.strip)),
            "action": draw(st.sampled_from(["quick", "full", None, "free"])),
            "kind": draw(st.sampled_from(["melee", "ranged", "zone", "damage-barrier", "passage", None])),
            "range": [lo, draw(st.integers(lo, 6))],
            "dice": draw(st.integers(0, 99) | st.sampled_from([None, "X"])),
            "effects": draw(st.lists(st.fixed_dictionaries(
                {"min": st.integers(1, 12), "max": st.none() | st.integers(1, 12),
                 "conditions": st.lists(st.sampled_from(CONDITIONS), max_size=2)}), max_size=2)),
            "traits": draw(st.lists(st.sampled_from(TRAITS + ["Piercing +2", "Sweeping",
                                                             "Unavoidable", "Ethereal"]), max_size=3))}


@st.composite
def plausible_boards(draw):
    """Boards the loader accepts, with odd but legal values: big numbers, many conditions, gained
    traits, stat overrides, homemade cards, walls, other arena sizes, empty decks."""
    cols, rows = draw(st.integers(1, 6)), draw(st.integers(1, 5))
    zones = [f"{chr(65 + c)}{r + 1}" for c in range(cols) for r in range(rows)]
    zone = st.sampled_from(zones)
    # Numbers a hand-edited board could hold, well past a real game's, up to the loader's
    # limits (99 markers, 999 points).
    numbers = st.integers(0, 40) | st.integers(0, 999)
    conditions = st.dictionaries(st.sampled_from(CONDITIONS), st.integers(0, 99), max_size=3)
    names = lambda type_: st.sampled_from(CAT.names(type_))  # noqa: E731

    def mage(card):
        return {"card": card, "zone": draw(zone), "life": draw(st.integers(1, 60) | st.integers(1, 999)),
                "damage": draw(numbers), "conditions": draw(conditions),
                "enchantments": draw(st.lists(names("Enchantment"), max_size=2))}

    creatures = []
    for i in range(draw(st.integers(0, 8))):
        stats = {}
        homemade = draw(st.booleans()) and draw(st.booleans())
        if homemade or draw(st.booleans()):
            stats = draw(st.fixed_dictionaries({}, optional={
                "life": numbers, "armor": numbers, "cost": numbers,
                "traits": st.lists(st.sampled_from(TRAITS), max_size=3),
                "attacks": st.lists(attacks(), max_size=2)}))
        if homemade:
            stats.setdefault("life", 5)
            stats.setdefault("cost", 3)
        creatures.append({
            "id": f"c-{i}", "card": "Homemade Beast" if homemade else draw(names("Creature")),
            "side": draw(st.sampled_from(["dm", "ym"])), "zone": draw(zone), "damage": draw(numbers),
            "active": draw(st.booleans()), "guarding": draw(st.booleans()),
            "conditions": draw(conditions),
            "enchantments": draw(st.lists(names("Enchantment"), max_size=3)),
            "traits": draw(st.lists(st.sampled_from(TRAITS), max_size=3)), "stats": stats})
    conjurations = []
    for i in range(draw(st.integers(0, 4))):
        z = draw(zone)
        c, r = ord(z[0]) - 65, int(z[1:]) - 1
        near = [f"{chr(65 + c + dc)}{r + 1 + dr}" for dc, dr in ((1, 0), (0, 1), (-1, 0), (0, -1))
                if 0 <= c + dc < cols and 0 <= r + dr < rows]
        wall = near and draw(st.booleans())
        conj = {"id": f"j-{i}", "card": "Wall of Stone" if wall else draw(names("Conjuration")),
                "side": draw(st.sampled_from(["dm", "ym"])), "zone": z, "damage": draw(numbers),
                "traits": draw(st.lists(st.sampled_from(TRAITS), max_size=2)), "stats": {}}
        if wall:
            conj["border"] = draw(st.sampled_from(near))
        conjurations.append(conj)
    piles = {deck: draw(st.lists(names(type_), max_size=4))
             for deck, type_ in (("creature", "Creature"), ("enchantment", "Enchantment"),
                                 ("incantation", "Incantation"), ("attack", "Attack"))}
    return {"format": FORMAT, "round": draw(st.integers(1, 30)),
            "stage": draw(st.sampled_from(["quickcast-1", "creatures", "quickcast-3", "ready"])),
            "initiative": draw(st.sampled_from(["dm", "ym"])),
            "arena": {"columns": cols, "rows": rows},
            "mages": {"dm": mage(draw(names("Mage"))), "ym": mage(draw(names("Mage")))},
            "creatures": creatures, "conjurations": conjurations, "decks": piles,
            "discards": {k: [] for k in piles}}


@FUZZ
@given(plausible_boards(), st.sampled_from(["quickcast", "creature"]), st.integers(0, 10**6))
def test_dummy_mage_on_odd_accepted_boards(data, kind, seed):
    """Boards with odd but legal values load, draw, and the Dummy Mage decides on them."""
    board = accepted_or_clear(from_dict, data)
    assume(not isinstance(board, SoloError))  # a limit of the loader's; rare
    render.board_view(board)
    run_dm(board, kind, seed)


#: More dice than one Dummy Mage turn could ever need; a sign of a runaway number on the board.
MAX_DICE = 1000


class BoundedSource(SeededSource):
    """A seeded source that fails the test (instead of filling the memory) past MAX_DICE dice."""

    def _next(self, sides: int, label: str) -> int:
        assert len(self.history) < MAX_DICE, f"more than {MAX_DICE} dice rolled ({label})"
        return super()._next(sides, label)


def run_dm(board, kind: str, seed: int) -> None:
    """What ``solo dm quickcast|creature --seed`` does: decide, resolve, print JSON, save."""
    source = BoundedSource(seed)
    decide = quickcast_turn.dm_quickcast if kind == "quickcast" else turns.dm_creature_action
    decision = accepted_or_clear(decide, board, source)
    if not isinstance(decision, SoloError):
        json.dumps(decision_json(decision))
        # The board after the decision (what --out writes) loads again.
        again = accepted_or_clear(from_dict, json.loads(board_file.dumps(board)))
        assert not isinstance(again, SoloError), f"the board after the turn is refused: {again}"


@FUZZ
@given(mutated_boards(), st.sampled_from(["quickcast", "creature"]), st.integers(0, 10**6))
def test_dummy_mage_on_accepted_mutations(data, kind, seed):
    """Whatever board the loader accepts, the Dummy Mage decides without crashing."""
    result = accepted_or_clear(from_dict, data)
    assume(not isinstance(result, SoloError))
    run_dm(result, kind, seed)


# -- deck files ------------------------------------------------------------------------------

toml_scalars = (st.booleans() | st.integers(min_value=-(2**63), max_value=2**63 - 1)
                | st.floats(allow_nan=True, allow_infinity=True) | texts | st.datetimes()
                | st.dates() | st.times())
toml_values = st.recursive(toml_scalars, _containers, max_leaves=10)
DECK_KEYS = ["name", "description", "creature", "enchantment", "incantation", "attack"]
deck_keys = st.sampled_from(DECK_KEYS) | keys


def starter() -> dict:
    return tomllib.loads(STARTER.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def fuzz_dir():
    with tempfile.TemporaryDirectory(prefix="solo-fuzz-") as d:
        yield Path(d)


def write(folder: Path, name: str, text: str | bytes) -> Path:
    p = folder / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def check_deck_file(path: Path) -> None:
    result = accepted_or_clear(decks.load, path)
    if isinstance(result, SoloError):
        return
    for line in decks.validate(result, get_catalog()):
        assert line.strip() and "\n" not in line, line
    for line in decks.notes(result, get_catalog()):
        assert "\n" not in line, line


toml_lines = st.sampled_from([
    'name = "Fuzz"', "name = 3", 'description = """two\nlines"""', "[creature]", "[attack]",
    "[enchantment]", "[incantation]", "[creatures]", '"Timber Wolf" = 15', '"Timber Wolf" = 0',
    '"Fireball" = 10', '"Agony" = -1', '"Heal" = 2.5', '"Nobody" = 3', "Timber Wolf = 1",
    "[[creature]]", 'x = [1, "a"]', '"Iron Golem" = { a = 1 }', "= 2", '"a".b = 1',
    '"Bear Strength" = 99999999999999999999', "[creature.sub]", "name = 1979-05-27"])


@FUZZ
@given(st.lists(toml_lines | texts, max_size=12), st.sampled_from(["\n", "\r\n"]))
def test_deck_from_generated_text(fuzz_dir, lines, newline):
    check_deck_file(write(fuzz_dir, "gen.toml", newline.join(lines)))


@FUZZ
@given(texts)
def test_deck_from_any_text(fuzz_dir, text):
    check_deck_file(write(fuzz_dir, "any.toml", text))


@FUZZ
@given(st.data())
def test_deck_mutations(fuzz_dir, data):
    doc = starter()
    for _ in range(data.draw(st.integers(1, 4))):
        table = data.draw(st.sampled_from(list(doc) or ["name"]))
        kind = data.draw(st.sampled_from(["delete", "value", "card", "copies", "key"]))
        if kind == "delete" and table in doc:
            del doc[table]
        elif kind == "value":
            doc[table] = data.draw(toml_values)
        elif kind == "key":
            doc[data.draw(deck_keys)] = data.draw(toml_values)
        elif isinstance(doc.get(table), dict):
            if kind == "card":
                doc[table][data.draw(card_names | odd_texts.filter(lambda t: "\x00" not in t))] = 1
            elif doc[table]:
                card = data.draw(st.sampled_from(list(doc[table])))
                doc[table][card] = data.draw(toml_scalars | st.integers(-5, 40))
    try:
        text = tomli_w.dumps(doc)
    except (TypeError, ValueError):
        assume(False)
    if data.draw(st.booleans()):  # damage the text too
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 20))
        text = text[:at] + data.draw(st.text(max_size=5)) + text[at + cut:]
    check_deck_file(write(fuzz_dir, "mutated.toml", text))


def test_deck_from_bytes_that_are_not_utf8(fuzz_dir):
    check_deck_file(write(fuzz_dir, "latin.toml", "name = \"Café\"\n".encode("latin-1")))


# -- answers files ---------------------------------------------------------------------------

QUESTIONS = [
    Question("builder.name", "text", "Name of the set?"),
    Question("builder.copies", "int", "How many copies?", min=1, max=5),
    Question("builder.deck", "select", "Which deck?",
             choices=[Choice("Creatures", "creature"), Choice("Attack spells", "attack")]),
    Question("builder.more", "confirm", "Another card?"),
    Question("builder.card", "autocomplete", "Card?", choices=["Timber Wolf", "Iron Golem"]),
    Question("free", "autocomplete", "Anything?"),
]
answer_keys = st.sampled_from([q.id for q in QUESTIONS]) | keys
answers = st.dictionaries(answer_keys, json_values, max_size=6)


def check_answers_file(path: Path) -> None:
    prompter = accepted_or_clear(ScriptedPrompter.from_file, path)
    if isinstance(prompter, SoloError):
        return
    for q in QUESTIONS * 2:
        accepted_or_clear(prompter.ask, q)
    prompter.unused()


@FUZZ
@given(answers | json_values, st.sampled_from(["a.json", "a.txt", "answers"]))
def test_answers_from_json(fuzz_dir, data, name):
    check_answers_file(write(fuzz_dir, name, json.dumps(data)))


@FUZZ
@given(st.dictionaries(answer_keys, toml_values, max_size=6), st.sampled_from(["a.toml", "a.txt"]))
def test_answers_from_toml(fuzz_dir, data, name):
    try:
        text = tomli_w.dumps(data)
    except (TypeError, ValueError):
        assume(False)
    check_answers_file(write(fuzz_dir, name, text))


@FUZZ
@given(texts, st.sampled_from(["a.json", "a.toml", "a.txt"]))
def test_answers_from_any_text(fuzz_dir, text, name):
    check_answers_file(write(fuzz_dir, name, text))


# -- the command line on bad files -----------------------------------------------------------

def _board_text(**changes) -> str:
    data = copy.deepcopy(EXAMPLE)
    for key, value in changes.items():
        data[key] = value
    return json.dumps(data)


def _creature(**changes) -> list:
    c = copy.deepcopy(EXAMPLE["creatures"][0])
    c.update(changes)
    return [c]


BAD_BOARDS = {
    "empty.json": "",
    "not-json.json": "{format: solo-board/1}",
    "truncated.json": _board_text()[:-40],
    "list.json": "[]",
    "null.json": "null",
    "old-format.json": _board_text(format="solo-board/0"),
    "no-mages.json": json.dumps({k: v for k, v in EXAMPLE.items() if k != "mages"}),
    "round-text.json": _board_text(round="1"),
    "round-zero.json": _board_text(round=0),
    "bad-zone.json": _board_text(creatures=_creature(zone="E9")),
    "zone-list.json": _board_text(creatures=_creature(zone=["B1"])),
    "duplicate-id.json": _board_text(creatures=_creature() + _creature()),
    "mage-id.json": _board_text(creatures=_creature(id="dm")),
    "unknown-card.json": _board_text(creatures=_creature(card="Timber Wolff")),
    "spell-as-creature.json": _board_text(creatures=_creature(card="Fireball")),
    "emoji-card.json": _board_text(creatures=_creature(card="💀 Wolf")),
    "negative-damage.json": _board_text(creatures=_creature(damage=-(10**400))),
    "decimal-damage.json": _board_text(creatures=_creature(damage=1.5)),
    "nan-damage.json": _board_text().replace('"damage": 0', '"damage": NaN', 1),
    "wall-far.json": _board_text(conjurations=[dict(EXAMPLE["conjurations"][0], border="D3")]),
    "unknown-deck.json": _board_text(decks={"creature": [], "spells": []}),
    "bom.json": "\ufeff" + _board_text(),
    "nul.json": "\x00" * 10,
}


def _write_all(folder: Path, files: dict) -> dict[str, Path]:
    out = {}
    for name, text in files.items():
        out[name] = write(folder, name, text)
    return out


def assert_clean_failure(result, statuses=(1, 2)) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in statuses, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    last = result.output.strip().split("\n")[-1]  # lines as a terminal shows them
    assert last.startswith(("solo: ", "Error: ")), result.output


@pytest.mark.parametrize("name", sorted(BAD_BOARDS) + ["latin1.json", "missing.json", "a-folder"])
@pytest.mark.parametrize("command", ["quickcast", "creature"])
def test_dm_commands_reject_bad_boards(run, tmp_path, name, command):
    _write_all(tmp_path, BAD_BOARDS)
    write(tmp_path, "latin1.json", _board_text(creatures=_creature(card="Lóbo")).encode("latin-1"))
    (tmp_path / "a-folder").mkdir()
    result = run("dm", command, "--board", tmp_path / name, "--seed", 1, "--json")
    assert_clean_failure(result, statuses=(2,))
    if name != "a-folder":  # click's own usage error has its usage lines; solo's are one line
        assert result.output.startswith("solo: ") and result.output.strip().count("\n") == 0


def test_dm_quickcast_accepts_the_good_board(run, tmp_path):
    result = run("dm", "quickcast", "--board", write(tmp_path, "ok.json", _board_text()),
                 "--seed", 1, "--json")
    assert result.exit_code == 0 and json.loads(result.output)["action"]


@settings(FUZZ, max_examples=max(20, EXAMPLES // 10),  # slower: the whole command each time
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.filter_too_much])
@given(mutated_boards(), st.sampled_from(["quickcast", "creature"]))
def test_dm_commands_on_mutated_boards(run, fuzz_dir, data, command):
    path = write(fuzz_dir, "mutated-board.json", json.dumps(data))
    result = run("dm", command, "--board", path, "--seed", 1, "--json")
    if result.exit_code == 0:
        json.loads(result.output)
    else:
        assert_clean_failure(result, statuses=(2,))


def _deck(**tables) -> str:
    doc = starter()
    doc.update(tables)
    return tomli_w.dumps(doc)


BAD_DECKS = {  # file -> the exit status solo deck validate gives it
    "empty.toml": ("", 1),  # reads fine: four empty decks
    "not-toml.toml": ("[creature\n", 2),
    "unknown-table.toml": ("[creatures]\n\"Timber Wolf\" = 15\n", 2),
    "zero-copies.toml": ('[creature]\n"Timber Wolf" = 0\n', 2),
    "text-copies.toml": ('[creature]\n"Timber Wolf" = "two"\n', 2),
    "name-number.toml": ("name = 7\n", 2),
    "creature-array.toml": ('creature = ["Timber Wolf"]\n', 2),
    "unknown-card.toml": (_deck(creature={"Timber Wolff": 15}), 1),
    "wrong-type.toml": (_deck(attack={"Timber Wolf": 10}), 1),
    "wrong-size.toml": (_deck(attack={"Fireball": 3}), 1),
    "unicode-card.toml": (_deck(creature={"狼 Wolf 💀": 15}), 1),
    "huge-copies.toml": (_deck(creature={"Timber Wolf": 2**62}), 1),
    "nul.toml": ("\x00", 2),
}


@pytest.mark.parametrize("name", sorted(BAD_DECKS) + ["latin1.toml", "missing.toml", "a-folder"])
def test_deck_validate_rejects_bad_files(run, tmp_path, monkeypatch, name):
    monkeypatch.setenv("SOLO_DATA_DIR", str(tmp_path / "data"))
    _write_all(tmp_path, {k: v for k, (v, _) in BAD_DECKS.items()})
    write(tmp_path, "latin1.toml", 'name = "Café"\n'.encode("latin-1"))
    (tmp_path / "a-folder").mkdir()
    status = BAD_DECKS[name][1] if name in BAD_DECKS else 2
    result = run("deck", "validate", tmp_path / name)
    assert_clean_failure(result, statuses=(status,))


def test_deck_validate_accepts_the_starter_set(run):
    assert run("deck", "validate", STARTER).exit_code == 0


# -- crashes this fuzzing found, fixed in 6972aca --------------------------------------------
# Each input below once gave a traceback (or a message on several lines).  They stay as plain
# tests so that they cannot come back.

DEEP = 50_000
BIG_INT = "1" * 5000  # Python refuses to turn more than 4300 digits into an int (ValueError)


def rejected(fn, *args) -> str:
    """The one-line message of the SoloError ``fn(*args)`` must raise."""
    with pytest.raises(SoloError) as info:
        fn(*args)
    return clear_error(info.value)


def test_board_deeply_nested_json(tmp_path):
    # was: RecursionError from json.loads in board.load
    rejected(load_board, write(tmp_path, "deep.json", "[" * DEEP + "]" * DEEP))


def test_board_number_with_5000_digits(tmp_path):
    # was: ValueError (int digits limit) from json.loads in board.load
    rejected(load_board, write(tmp_path, "big.json", '{"format": "solo-board/1", "round": '
                               + BIG_INT + "}"))


def test_board_unknown_key_nested_600_deep(tmp_path):
    # was: RecursionError from copy.deepcopy of the unknown key's value in board.from_dict
    text = json.dumps(EXAMPLE)[:-1] + ', "notes": ' + "[" * 600 + "]" * 600 + "}"
    rejected(load_board, write(tmp_path, "notes.json", text))


def test_board_newline_in_condition_name():
    # was: the condition's name, line break and all, in the message
    data = copy.deepcopy(EXAMPLE)
    data["creatures"][0]["conditions"] = {"Burn\nStun": "x"}
    assert "conditions" in rejected(from_dict, data)


def test_board_newline_around_zone():
    # was: Arena.parse put the unstripped zone in the "outside the arena" message
    data = copy.deepcopy(EXAMPLE)
    data["creatures"][0]["zone"] = "\nZ1"
    assert "zone" in rejected(from_dict, data)


@pytest.mark.parametrize("bad_range", [{"a": 1}, [1], [1, 2, 3], ["a", "b"], "12"])
def test_board_attack_range_not_two_numbers(run, tmp_path, bad_range):
    # was: accepted by the loader, then "lo, hi = attack.range" failed in targeting.can_reach
    data = copy.deepcopy(EXAMPLE)
    data["stage"] = "creatures"
    data["creatures"][0]["stats"] = {"attacks": [{"name": "Zap", "action": "quick",
                                                  "kind": "ranged", "range": bad_range}]}
    path = write(tmp_path, "range.json", json.dumps(data))
    result = run("dm", "creature", "--board", path, "--seed", 1, "--json")
    assert_clean_failure(result, statuses=(2,))
    assert "range" in result.output


@pytest.mark.parametrize("next_id", [{"dm": None}, {"dm": ""}, "x", {"dm": float("inf")}])
def test_board_bad_next_id(next_id):
    # was: accepted, then int(counters.get(side, 1)) failed in Board.new_id on a summon
    data = copy.deepcopy(EXAMPLE)
    data["next_id"] = next_id
    assert "next_id" in rejected(from_dict, data)


def test_board_superscript_digit_in_id():
    # was: "²".isdigit() is true but int("²") fails, in Board.new_id on a summon
    data = copy.deepcopy(EXAMPLE)
    data["creatures"][0]["id"] = "dm-²"
    decision = quickcast_turn.quickcast(from_dict(data), ScriptedSource(d12=[5]))  # 5: summon
    assert decision.action == "summon"


def test_deck_number_with_5000_digits(tmp_path):
    # was: ValueError (int digits limit) from tomllib in decks.loads
    rejected(decks.load, write(tmp_path, "big.toml", "name = " + BIG_INT + "\n"))


def test_deck_deeply_nested_array(tmp_path):
    # was: RecursionError from tomllib in decks.loads
    rejected(decks.load, write(tmp_path, "deep.toml", "x = " + "[" * 5000 + "]" * 5000))


def test_deck_newline_in_table_name():
    # was: the table's name, line break and all, in the message
    rejected(decks.loads, '["Burn\\nStun"]\n"Timber Wolf" = 1\n')


def test_deck_validate_number_with_5000_digits(run, tmp_path):
    path = write(tmp_path, "big.toml", "name = " + BIG_INT + "\n")
    assert_clean_failure(run("deck", "validate", path), statuses=(2,))


@pytest.mark.parametrize("name,text", [
    ("big.json", '{"builder.name": ' + BIG_INT + "}"),
    ("deep.json", "[" * DEEP + "]" * DEEP),
    ("big.toml", "x = " + BIG_INT + "\n"),
    ("deep.toml", "a = " + "{b = " * 1200 + "1" + "}" * 1200 + "\n"),
    ("dots.toml", "a" + ".a" * 1200 + " = 1\n"),  # was: RecursionError in prompts._flatten
])
def test_answers_that_once_crashed(tmp_path, name, text):
    # was: ValueError or RecursionError from json.loads / tomllib.loads in _parse_answers
    rejected(ScriptedPrompter.from_file, write(tmp_path, name, text))


# -- runaway rolls, fixed in 3790297 -----------------------------------------------------------
# The board loader took these boards, and then `solo dm creature` rolled until the memory ran
# out: one Cripple escape roll per marker (solo/rules/upkeep.py), N more attack dice for a gained
# 'Melee +N' (solo/rules/combat.py).  The loader now refuses such numbers.

def _wolf_board(**creature) -> dict:
    data = copy.deepcopy(EXAMPLE)
    data["stage"] = "creatures"
    data["mages"]["ym"]["zone"] = "B1"  # next to the wolf, so that it attacks
    data["creatures"][0].update(creature)
    return data


@pytest.mark.parametrize("creature", [
    {"conditions": {"Cripple": 10**12}},
    {"traits": ["Melee +1000000000000"]},
    {"stats": {"attacks": [{"name": "Bite", "action": "quick", "kind": "melee", "range": [0, 0],
                            "dice": 3, "traits": ["Piercing +1000000000000"]}]}},
])
def test_no_board_makes_the_dice_run_away(creature):
    board = accepted_or_clear(from_dict, _wolf_board(**creature))
    if not isinstance(board, SoloError):
        for seed in range(5):
            run_dm(from_dict(_wolf_board(**creature)), "creature", seed)


# Issue 31: small boards with huge costs, now refused by the loader with one line naming the limit.
@pytest.mark.parametrize("change,refused", [
    # the distance of every pair of zones, worked out once: 26x99 took 7.7 s and 860 MB
    ({"arena": {"columns": 26, "rows": 99}}, "board: arena.columns: must be 1 to 8, not 26"),
    ({"arena": {"columns": 4, "rows": 9}}, "board: arena.rows: must be 1 to 8, not 9"),
    # 20,000 gained 'Melee +99' traits: two million attack dice, until the memory ran out
    ({"traits": ["Melee +99"] * 20_000},
     "board: creatures[0].traits: lists 20,000 names; an object carries at most 20"),
    ({"stats": {"traits": ["Charge +99"] * 21}}, "creatures[0].stats.traits: lists 21 names"),
    # 50,000 Bear Strengths: damage past the loader's own limit on the board solo dm --out wrote
    ({"enchantments": ["Bear Strength"] * 50_000}, "creatures[0].enchantments: lists 50,000 names"),
])
def test_no_small_board_costs_much(change, refused):
    data = _wolf_board()
    if "arena" in change:
        data.update(change)
    else:
        data["creatures"][0].update(change)
    assert refused in rejected(from_dict, data)


@pytest.mark.parametrize("zone", ["B1", "H8"])  # attacked at once, or walked to
def test_the_largest_arena_and_lists_a_board_may_have(zone):
    data = _wolf_board(traits=["Melee +20"] * 20, enchantments=["Bear Strength"] * 20)
    data["arena"] = {"columns": 8, "rows": 8}
    data["mages"]["ym"]["zone"] = zone
    for seed in range(3):
        run_dm(from_dict(copy.deepcopy(data)), "creature", seed)


# Was a crash: damage capped at 999 while a turn could add past it, so the board written with
# --out was refused. Damage may now run far past life (the limit is 99999).
def test_known_board_after_a_turn_over_the_limits():
    from solo.engine.resolve import resolve_decision

    data = _wolf_board()
    data["mages"]["ym"].update(life=999, damage=998)
    board, source = from_dict(data), SeededSource(0)
    resolve_decision(board, turns.creature_action(board, source), source)
    assert board.mages["ym"].damage > 999  # the wolf bit your mage: 1006
    from_dict(json.loads(board_file.dumps(board)))


# Was a flaw: SoloError escaped only line breaks; every control character is escaped now.
def test_known_control_characters_from_a_file_reach_the_terminal():
    data = copy.deepcopy(EXAMPLE)
    data["mages"]["ym"]["conditions"] = {"\x1b]0;hello\x07\x1b[2J\x85": None}
    message = rejected(from_dict, data)
    assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in message), repr(message)


# Was: Sleep markers turn into Daze when a sleeper is hit, taking Daze to 100, past the loader's
# limit of 99, so the board solo dm wrote was refused (fixed in 6474ec1).
def test_markers_past_the_limit_after_a_turn():
    from solo.engine.resolve import resolve_decision

    data = _wolf_board()
    data["mages"]["ym"]["conditions"] = {"Daze": 99, "Sleep": 1}
    board, source = from_dict(data), SeededSource(0)
    resolve_decision(board, turns.creature_action(board, source), source)
    again = from_dict(json.loads(board_file.dumps(board)))
    assert 0 < again.mages["ym"].conditions.get("Daze", 0) <= 99


# Was: a destroyed homemade Dummy Mage creature (a card the catalog lacks, with stats) went on
# the discard pile, and the loader refused such a pile (fixed in 024d999).
def test_homemade_creature_on_the_discard_pile():
    from solo.engine.resolve import resolve_decision

    data = _wolf_board(card="Homemade Beast", enchantments=[], conditions={},
                       stats={"life": 1, "cost": 3, "attacks": [
                           {"name": "Bite", "action": "quick", "kind": "melee", "range": [0, 0],
                            "dice": 1}]})
    data["creatures"].append({  # a guard that strikes back
        "id": "ym-1", "card": "Acolyte of the Bog Queen", "side": "ym", "zone": "B1", "damage": 0,
        "active": False, "guarding": True, "conditions": {}, "enchantments": [], "traits": [],
        "stats": {}})
    board, source = from_dict(data), SeededSource(0)
    resolve_decision(board, turns.creature_action(board, source), source)
    assert board.discards["creature"] == ["Homemade Beast"]
    from_dict(json.loads(board_file.dumps(board)))
