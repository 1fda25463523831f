"""The look at a file's text before a parser reads it (issue 31): a key of thousands of dotted
parts made tomllib quadratic (40 KB: 13 s and 1.6 GB), and every reader of TOML went that way --
deck sets, answers files, the config file; 4 MB of JSON lists took 130 MB and more.  Each reader
now refuses such text with one line before parsing, and never refuses what is within the bounds."""

import json
import tomllib

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.core.errors import SoloError
from solo.core.questions import MAX_ANSWER_IDS, MAX_ANSWERS, ScriptedPrompter
from solo.core.precheck import MAX_JSON_CONTAINERS
from solo.engine.transfer import read_game_file
from solo.store import board_file
from solo.core.precheck import MAX_KEY_PARTS, MAX_TOML_BYTES, MAX_TOML_KEYS, toml_problem as problem
from solo.decks import sets as decks
from solo.store import config

DOTS = "a" + ".a" * 2000 + " = 1\n"  # (2,001 parts: quick to parse even without the check)


def test_a_deep_dotted_key_is_refused_by_every_reader_of_toml(tmp_path):
    # was: accepted by tomllib after O(parts^2) work ("unknown table [a]" for a deck, an answer
    # for a question id of 2,001 parts, a config setting); 20,001 parts took 4.6 s and 1.6 GB
    path = tmp_path / "dots.toml"
    path.write_text(DOTS)
    for read in (decks.load, ScriptedPrompter.from_file, config.read_raw):
        with pytest.raises(SoloError) as info:
            read(path)
        assert "line 1: a key of 2,001 dotted parts, more than the 8 solo reads" in str(info.value)
        assert "\n" not in str(info.value)


@pytest.mark.parametrize("text,why", [
    ("[" + ".".join("t" * 9) + "]\n", "line 1: a table header of 9 dotted parts"),
    ("[a]\nx = 1\n[[" + ".".join("t" * 12) + "]]\n", "line 3: a table header of 12 dotted parts"),
    ("x = {" + ".".join("k" * 9) + " = 1}\n", "line 1: a key of 9 dotted parts"),
    ('d = """\n\n"""\n' + ".".join("k" * 9) + " = 1\n", "line 4: a key of 9 dotted parts"),
    ("k = 1\n" * (MAX_TOML_KEYS + 1), f"{MAX_TOML_KEYS + 1:,} keys and tables, more than the"),
    ("[t]\n" * (MAX_TOML_KEYS + 1), "keys and tables"),
    ("#" * MAX_TOML_BYTES + "\n", f"{MAX_TOML_BYTES + 1:,} bytes of TOML, more than the 1 MB"),
])
def test_what_is_refused_and_where(text, why):
    assert why in problem(text)


@pytest.mark.parametrize("text", [
    'a.b.c.d.e.f.g.h = 1\n',  # 8 parts: the most
    'x = "a.b.c.d.e.f.g.h.i.j.k.l = 1"\n',  # dots in strings are not keys
    "x = 'a.b.c.d.e.f.g.h.i.j.k.l = 1'\n",
    'x = """\na.b.c.d.e.f.g.h.i.j.k.l = 1\n"""\n',
    "x = '''\na.b.c.d.e.f.g.h.i.j.k.l = 1\n'''\n",
    'x = """\\"""a.b.c.d.e.f.g.h.i.j = 1"""\n',  # an escaped quote inside a multi-line string
    'x = 1 # a.b.c.d.e.f.g.h.i.j = 1\n',
    '"a.b.c.d.e.f.g.h.i.j" = 1\n',  # a quoted key is one part
    "x = [\n  [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5],\n]\n",  # floats, not a header
    "x = 1979-05-27T07:32:00.999999Z\ny = 1.5e3\n",
    "".join(f"k{i} = 1\n" for i in range(MAX_TOML_KEYS)),
    "#" * (MAX_TOML_BYTES - 1) + "\n",
])
def test_what_is_read_as_before(text):
    assert problem(text) is None
    tomllib.loads(text)


# -- any TOML within the bounds is read ---------------------------------------------------------

names = st.text(max_size=6)
scalars = (st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False)
           | st.text(max_size=20) | st.dates())


def tables(depth):
    if depth == 0:
        return st.dictionaries(names, scalars, max_size=3)
    return st.dictionaries(names, scalars | tables(depth - 1) | st.lists(scalars, max_size=3),
                           max_size=3)


@settings(max_examples=300, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(tables(MAX_KEY_PARTS - 1))
def test_any_toml_within_the_bounds_is_read(doc):
    text = tomli_w.dumps(doc)
    assert problem(text) is None, text
    assert tomllib.loads(text) == doc


@settings(max_examples=200, derandomize=True, deadline=None, database=None)
@given(st.integers(MAX_KEY_PARTS + 1, 60), st.sampled_from(["{k} = 1", "[{k}]", "[[{k}]]",
                                                            "t = {{ {k} = 1 }}"]),
       st.sampled_from([".", " . ", '."q.q".']), st.integers(0, 5))
def test_any_key_past_the_bound_is_refused(parts, shape, dot, before):
    key = dot.join(["k"] * parts)
    text = "x = 1\n" * before + shape.format(k=key) + "\n"
    assert f"line {before + 1}: " in problem(text) and f"{MAX_KEY_PARTS} solo reads" in problem(text)


def test_the_check_is_left_for_tomllib_to_refuse_what_it_cannot_read():
    for text in ['x = "open', "x = '''open", 'x = """open \\"""', "[a", "= 1", "a = 1 = 2"]:
        assert problem(text) is None
        with pytest.raises(tomllib.TOMLDecodeError):
            tomllib.loads(text)


# -- JSON, and how much an answers file holds -----------------------------------------------------

def test_json_of_too_many_lists_is_refused_by_every_reader_of_json(tmp_path):
    # was: 4 MB of "[],[],..." parsed into 1.4 million lists (130 MB; a board's unknown key was
    # then copied, twice that), past the 200 MB a process of the budget may take
    path = tmp_path / "lists.json"
    path.write_text('{"x": [' + "[]," * MAX_JSON_CONTAINERS + "[]]}")
    for read in (board_file.load, ScriptedPrompter.from_file, read_game_file):
        with pytest.raises(SoloError) as info:
            read(path)
        assert f"cannot be read: {MAX_JSON_CONTAINERS + 3:,} lists and objects, more than the " \
               f"{MAX_JSON_CONTAINERS:,} solo reads" in str(info.value)
    path.write_text('{"x": [' + "[]," * (MAX_JSON_CONTAINERS - 3) + "[]]}")  # 100,000: read
    with pytest.raises(SoloError, match="holds 99,998 answers"):
        ScriptedPrompter.from_file(path)


@pytest.mark.parametrize("answers,refused", [
    ({"quickcast.you": ["board"] * MAX_ANSWERS, "turn.actor": "done"},
     f"holds {MAX_ANSWERS + 1:,} answers, more than the {MAX_ANSWERS:,} solo reads"),
    ({f"q{i}": 1 for i in range(MAX_ANSWER_IDS + 1)},
     f"answers {MAX_ANSWER_IDS + 1} question ids, more than the {MAX_ANSWER_IDS} solo reads"),
    ({"a": {f"q{i}": 1 for i in range(MAX_ANSWER_IDS + 1)}}, "question ids, more than the"),
    ({"quickcast.you": ["board"] * (MAX_ANSWERS - 1), "turn.actor": "done"}, None),
])
def test_an_answers_file_holds_at_most_5000_answers(tmp_path, answers, refused):
    # was: any number (a 4 MB file of 'board' answers shows the map some 400,000 times)
    path = tmp_path / "a.json"
    path.write_text(json.dumps(answers))
    if refused is None:
        assert ScriptedPrompter.from_file(path).can_answer("quickcast.you")
        return
    with pytest.raises(SoloError, match=refused):
        ScriptedPrompter.from_file(path)
