"""Hostile inputs for `solo`, many to a process: each built to be slow or big (deep nesting, many
keys, huge numbers, long strings, many unknown names, dotted keys, big arenas, many markers...),
for every kind of file solo reads, every kind of typed answer and the command-line arguments.

Run as a script, this is the driver ``tests/store/test_fuzz_bounds.py`` starts in a process
limited to :data:`MEMORY` of address space: it builds each case, runs the command in the same
process through :func:`solo.cli.app.main` (catching ``SystemExit``) with :data:`CPU_BUDGET`
seconds of processor time (a profiling timer stops it past that), and writes one JSON line a
case: the exit status, standard error, the processor time and the peak memory it took, and
what went wrong (a traceback, a budget passed).  The same seed makes the same cases::

    python tests/hostile.py --kinds board,deck --per-kind 20 --seed 1 --out results.jsonl
    python tests/hostile.py --case board:17 --seed 1 --keep /tmp/case   # one case, its files kept

(Imported by test modules too; ``conftest.py`` puts this folder on the import path.)
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import os
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
#: Processor seconds one case may take (a limit of the driver's, not a benchmark).
CPU_BUDGET = 2.0
#: Wall-clock seconds after which a case counts as hung (not a budget: a game's steps are synced
#: to the disk, which may be slow; a case stuck waiting would otherwise stop the whole batch).
HANG = 120.0
#: The address space of the whole driver process (``RLIMIT_AS``).
MEMORY = 200 * 1024 * 1024
#: Exit statuses solo documents: done, an invalid deck set, unusable input.
DOCUMENTED = (0, 1, 2)


@dataclass
class Case:
    """One command with its files: ``files`` name -> text or bytes, written into the case's
    folder (the working folder while it runs); ``config`` is ``config.toml``'s text."""

    args: list[str]
    files: dict[str, str | bytes] = field(default_factory=dict)
    codes: tuple[int, ...] = DOCUMENTED
    stdin: str | None = None  # lines typed at a (pretended) terminal, then end of input
    config: str | None = None
    user_decks: dict[str, str] = field(default_factory=dict)  # files in the data folder's decks/
    what: str = ""


# -- hostile values --------------------------------------------------------------------------

def huge(rng: random.Random) -> int:
    """A number far past anything a game holds (under the 4,300 digits Python reads)."""
    return rng.choice([10**6, 10**9, 2**31, 2**63, 10**18, 10**40, 10**300, 10**4000,
                       -(10**9), -1])


def long_text(rng: random.Random, unit: str = "x") -> str:
    return unit * rng.choice([1_000, 100_000, 1_000_000 // max(1, len(unit))])


def deep_json(rng: random.Random) -> str:
    d = rng.choice([200, 990, 5_000, 100_000])
    if rng.random() < 0.5:
        return "[" * d + "]" * d
    return '{"a": ' * d + "1" + "}" * d


def many_lists(rng: random.Random) -> str:
    """Lists and objects by the hundred thousand: cheap to write, big once parsed."""
    unit, n = rng.choice([("[],", 1_300_000), ("{},", 1_300_000), ("[[]],", 800_000),
                          ('{"":0},', 500_000), ("[],", 99_000)])
    return "[" + unit * n + "0]"


#: Short strings of odd characters: nothing, NUL, terminal escapes, right-to-left, line breaks.
ODD = ["", " ", "\x00", "\x1b[2J\x1b]0;x\x07", "\u202edlroW", "💀" * 1000, "\ufffd" * 3,
       "a\nb\rc\u2028d", "\ufeffTimber Wolf", "Wolf\u0301"]


def odd_text(rng: random.Random) -> str:
    return rng.choice(ODD + ["Timber Wolf" * 5000, long_text(rng)])


def _with(text: str, placeholder: str, value: str) -> str:
    return text.replace(json.dumps(placeholder), value, 1)


# -- boards ----------------------------------------------------------------------------------

CONTRACT = json.loads((DATA / "contract_board.json").read_text(encoding="utf-8"))
CROWDED = json.loads((DATA / "board24.json").read_text(encoding="utf-8"))
ENCHANTMENTS = ["Bear Strength", "Agony", "Rhino Hide", "Nullify", "Regrowth", "Marked for Death"]
GAINED = ["Melee +99", "Ranged +99", "Charge +99", "Bloodthirsty +99", "Piercing +99", "Regenerate 99",
          "Aegis 99", "Tough -99"]
CREATURES = ["Timber Wolf", "Iron Golem", "Goblin Grunt", "Dire Wolf", "Bitterwood Fox"]


def _creature(i: int, side: str, zone: str, card: str = "Timber Wolf") -> dict:
    return {"id": f"{side}-{i}", "card": card, "side": side, "zone": zone, "damage": 0,
            "active": True, "guarding": False, "conditions": {}, "enchantments": [],
            "traits": [], "stats": {}}


def _zones(columns: int, rows: int) -> list[str]:
    return [chr(65 + c) + str(r + 1) for c in range(min(columns, 26)) for r in range(min(rows, 99))]


def board_case(rng: random.Random) -> Case:
    data = copy.deepcopy(rng.choice([CONTRACT, CROWDED]))
    data["stage"] = rng.choice(["quickcast-1", "creatures", "quickcast-3", "creatures"])
    data["mages"]["ym"]["zone"] = "B1" if rng.random() < 0.5 else data["mages"]["ym"]["zone"]
    wolf = data["creatures"][0] if data["creatures"] else _creature(1, "dm", "B1")
    data["creatures"] = data["creatures"] or [wolf]
    raw: str | None = None
    variant = rng.choice(["arena", "markers", "many-conditions", "traits", "enchantments",
                          "creatures", "walls", "deep", "lists", "extra-keys", "long-text",
                          "unknown-cards", "piles", "attacks", "numbers", "extras", "mutation"])
    if variant == "arena":
        columns, rows = rng.choice([(8, 8), (9, 3), (4, 9), (26, 99), (10**6, 3), (0, 3), (8, 1)])
        data["arena"] = {"columns": columns, "rows": rows}
        zones = _zones(columns, rows) or ["A1"]
        data["mages"]["ym"]["zone"] = zones[-1]
        for c in data["creatures"]:
            c["zone"] = rng.choice(zones)
        for j in data["conjurations"]:
            j.pop("border", None)
            j["zone"] = rng.choice(zones)
    elif variant == "markers":
        who = rng.choice([wolf, data["mages"]["dm"], data["mages"]["ym"]])
        who["conditions"] = {rng.choice(["Burn", "Cripple", "Stuck", "Sleep", "Rot", "Daze",
                                         "Bleed", "Corrode"]): rng.choice([99, 100, huge(rng)])}
    elif variant == "many-conditions":
        wolf["conditions"] = {f"Marker{i}": 99 for i in range(rng.choice([100, 10_000, 100_000]))}
    elif variant == "traits":
        n = rng.choice([20, 21, 2_000, 20_000])
        where = wolf if rng.random() < 0.5 else wolf.setdefault("stats", {})
        where["traits"] = [rng.choice(GAINED) for _ in range(n)]
    elif variant == "enchantments":
        who = rng.choice([wolf, data["mages"]["dm"], data["mages"]["ym"]])
        who["enchantments"] = [rng.choice(ENCHANTMENTS) for _ in range(rng.choice([20, 21, 50_000]))]
    elif variant == "creatures":
        zones = _zones(4, 3)
        n = rng.choice([60, 500, 3_000, 15_000])
        data["creatures"] = [_creature(1000 + i, rng.choice(["dm", "ym"]), rng.choice(zones),
                                       rng.choice(CREATURES)) for i in range(n)]
    elif variant == "walls":
        data["conjurations"] = [{"id": f"ym-w{i}", "card": "Wall of Stone", "side": "ym",
                                 "zone": "B1", "border": rng.choice(["A1", "C1", "B2"]),
                                 "damage": 0, "traits": [], "stats": {}}
                                for i in range(rng.choice([100, 5_000]))]
    elif variant == "deep":
        where = rng.choice(["top", "creature", "stats", "conditions"])
        target = {"top": data, "creature": wolf, "stats": wolf.setdefault("stats", {}),
                  "conditions": wolf}[where]
        target["notes" if where != "conditions" else "conditions"] = "@@DEEP@@"
        raw = _with(json.dumps(data), "@@DEEP@@", deep_json(rng))
    elif variant == "lists":
        rng.choice([data, wolf, data["mages"]["dm"]])["notes"] = "@@LISTS@@"
        raw = _with(json.dumps(data), "@@LISTS@@", many_lists(rng))
    elif variant == "extra-keys":
        n = rng.choice([10_000, 100_000])
        rng.choice([data, wolf, data["mages"]["dm"]])["notes"] = {f"k{i}": i for i in range(n)}
    elif variant == "long-text":
        key = rng.choice(["card", "id", "zone", "side"])
        wolf[key] = odd_text(rng)
    elif variant == "unknown-cards":
        data["creatures"] = [_creature(i, "dm", "B2", f"Wolf{i}") for i in range(rng.choice([1, 1_000, 20_000]))]
    elif variant == "piles":
        n = rng.choice([1_000, 100_000])
        data["decks"] = {"creature": ["Timber Wolf"] * n, "enchantment": ["Agony"] * n,
                         "incantation": [], "attack": ["Fireball"] * (n // 10)}
    elif variant == "attacks":
        attack = {"name": "Bite", "action": "quick", "kind": "melee",
                  "range": rng.choice([[0, 0], [0, 10**9], [0, 2**63]]),
                  "dice": rng.choice([99, 100, 10**9, "X"]),
                  "traits": [rng.choice(GAINED + ["Doublestrike", "Sweeping", "Triplestrike"])
                             for _ in range(rng.choice([1, 50, 5_000]))],
                  "effects": [{"min": 1, "max": 12, "conditions": ["Burn"] * rng.choice([1, 99, 10_000])}]}
        n = rng.choice([1, 100, 2_000])
        if len(attack["traits"]) + len(attack["effects"][0]["conditions"]) > 100:
            n = min(n, 20)  # (2,000 of those are a file of 160 MB, which this process cannot
            # even write within its memory limit: a few megabytes at the most)
        wolf["stats"] = {"attacks": [dict(attack, name=f"Bite{i}") for i in range(n)]}
    elif variant == "numbers":
        key = rng.choice(["round", "life", "damage", "next_id", "tally", "cost", "armor"])
        value = huge(rng)
        if key == "round":
            data["round"] = value
        elif key in ("life", "damage"):
            rng.choice([data["mages"]["dm"], data["mages"]["ym"]])[key] = value
        elif key in ("cost", "armor"):
            wolf["stats"] = {key: value, "life": value}
        else:
            data[key] = {"dm": value}
    elif variant == "extras":
        wolf["defense_used"] = {str(i): 99 for i in range(rng.choice([10, 10_000]))}
        wolf["once_used"] = ["Charge"] * rng.choice([20, 21, 100_000])
        data["zone_enchantments"] = {"B2": ["Hellfire Trap"] * rng.choice([1, 21, 100_000])}
    else:  # a hostile value at a random place of the board
        put_somewhere(rng, data, [huge(rng), long_text(rng), "@@DEEP@@", [None] * 100_000,
                                  {str(i): i for i in range(50_000)}, odd_text(rng)])
        raw = _with(json.dumps(data), "@@DEEP@@", deep_json(rng))
    text = raw if raw is not None else json.dumps(data)
    command = rng.choice(["creature", "quickcast"])
    args = ["dm", command, "--board", "board.json"]
    args += rng.choice([["--seed", str(rng.randint(0, 99))], ["--seed", "1", "--json"],
                        ["--seed", "2", "--out", "out.json"], ["--rolls", "3,10,5,7,1,12,6"],
                        ["--rolls", ",".join(["7"] * 100_000), "--seed", "3"]])
    return Case(args, {"board.json": text}, what=variant)


def paths(value, prefix=(), most=None):
    """Every path (a tuple of keys and list indexes) into a JSON value, the root included; of
    a list, only its first ``most`` items (all when None)."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,), most)
    elif isinstance(value, list):
        for i, v in enumerate(value[:most]):
            yield from paths(v, prefix + (i,), most)


def put_somewhere(rng: random.Random, data, values: list) -> None:
    """One of ``values`` in place of what is at a random path of ``data`` (not the root)."""
    path = rng.choice(list(paths(data, most=5))[1:])
    parent = data
    for p in path[:-1]:
        parent = parent[p]
    parent[path[-1]] = rng.choice(values)


# -- deck sets ---------------------------------------------------------------------------------

STARTER = (ROOT / "decks" / "starter.toml").read_text(encoding="utf-8")


#: The deck files that may be valid sets (rated for minutes by solo deck compare and solo tune).
MAYBE_VALID = ("mutation", "description")


def deck_text(rng: random.Random, valid_ok: bool = True) -> tuple[str | bytes, str]:
    """A hostile deck file's text and what it tries."""
    variants = ["dotted-key", "dotted-header", "many-keys", "unknown-cards", "long-names",
                "huge-copies", "deep", "tables", "size", "bytes", "mixed"]
    if valid_ok:
        variants += MAYBE_VALID
    variant = rng.choice(variants)
    if variant == "dotted-key":
        n = rng.choice([7, 8, 9, 100, 2_000, 20_000])
        return "[creature]\n" + "a" + ".a" * n + " = 1\n", variant
    if variant == "dotted-header":
        n = rng.choice([8, 9, 5_000, 40_000])
        return "[" + ".".join(["creature"] * n) + "]\n\"Timber Wolf\" = 15\n", variant
    if variant == "many-keys":
        n = rng.choice([9_999, 10_001, 60_000])
        table = rng.choice(["creature", "attack", "x"])
        return f"[{table}]\n" + "".join(f'"Card {i}" = 1\n' for i in range(n)), variant
    if variant == "unknown-cards":
        n = rng.choice([10, 11, 150, 200, 201, 5_000])
        tables = rng.choice([["creature"], ["creature", "attack", "enchantment", "incantation"]])
        return "".join(f"[{t}]\n" + "".join(f'"{t} {i}" = 1\n' for i in range(n // len(tables)))
                       for t in tables), variant
    if variant == "long-names":
        return f'[creature]\n"{long_text(rng, "Wolf ")}" = 15\n', variant
    if variant == "huge-copies":
        n = rng.choice(["9223372036854775807", "1" * 5000, "0x7fffffffffffffff", "1e400", "-1",
                        "inf", "nan", "99999999999999999999"])
        return STARTER.replace('"Timber Wolf" = 1', f'"Timber Wolf" = {n}', 1), variant
    if variant == "deep":
        d = rng.choice([100, 999, 5_000, 200_000])
        return rng.choice(["x = " + "[" * d + "]" * d, "x = " + "{a = " * d + "1" + "}" * d]) + "\n", variant
    if variant == "tables":
        n = rng.choice([1_000, 9_000, 20_000])
        return "".join(f"[[creature.x{i % 7}]]\n" for i in range(n)), variant
    if variant == "description":
        start = STARTER.index("description")
        end = STARTER.index('"""', STARTER.index('"""', start) + 3) + 3
        return STARTER[:start] + f'description = "{long_text(rng, "ab. ")}"' + STARTER[end:], variant
    if variant == "size":
        return STARTER + "#" * rng.choice([1024 * 1024, 3 * 1024 * 1024]) + "\n", variant
    if variant == "bytes":
        return rng.randbytes(rng.choice([10, 10_000])), variant
    if variant == "mixed":
        options = ['"Timber Wolf" = 1', "[creature]", "[attack]", "a.b.c.d.e.f.g.h.i = 1",
                   'x = """', '"""', "'''", "# x.y.z", f'"{rng.choice(ODD)}" = 2', "[[x]]",
                   "y = [1, [2, [3]]]", f"z = {huge(rng)}"]
        lines = [rng.choice(options) for _ in range(rng.choice([10, 1_000, 20_000]))]
        return "\n".join(lines) + "\n", variant
    text = STARTER  # a valid set with a few cards changed
    for _ in range(rng.randint(1, 4)):
        text = text.replace('"Timber Wolf" = 1', f'"{rng.choice(CREATURES)}" = {rng.randint(1, 3)}', 1)
    return text, variant


def deck_case(rng: random.Random) -> Case:
    text, variant = deck_text(rng)
    args = rng.choice([["deck", "validate", "set.toml"], ["deck", "show", "set.toml", "--no-rating"],
                       ["deck", "add", "set.toml", "creature", "Timber Wolf", "--copies",
                        str(rng.choice([1, 10**18]))],
                       ["deck", "remove", "set.toml", "attack", "Fireball"]])
    return Case(args, {"set.toml": text}, what=variant)


def decks_option_case(rng: random.Random) -> Case:
    """A deck set named by ``--decks`` (a file, or a name among many of your own sets)."""
    files: dict[str, str | bytes] = {}
    user: dict[str, str] = {}
    if rng.random() < 0.2:  # your own folder of sets, full of hostile ones
        for i in range(rng.choice([5, 20])):
            text, _ = deck_text(rng, valid_ok=False)
            user[f"set{i}.toml"] = text if isinstance(text, str) else text.decode("latin-1")
        name, variant = rng.choice(["Starter", "set3", "Nobody", long_text(rng)[:5000]]), "user-folder"
        valid = name == "Starter"
    else:
        text, variant = deck_text(rng, valid_ok=rng.random() < 0.3)
        files["set.toml"] = text
        name, valid = "set.toml", variant in MAYBE_VALID
    commands = [["simulate", "--decks", name, "--games", "1", "--jobs", "1", "--seed", "1"],
                ["play", "--decks", name, "--answers", "a.json", "--seed", "1", "--name", "g"]]
    if not valid:  # these rate a valid set for minutes: only refusals here
        commands += [["deck", "compare", name, "Starter", "--jobs", "1"],
                     ["tune", "--decks", name, "--target", "40%", "--jobs", "1"]]
    files["a.json"] = json.dumps({"setup.start": "start", "quickcast.you": ["pass"] * 3,
                                  "turn.actor": ["done"] * 3})
    return Case(rng.choice(commands), files, user_decks=user, what=variant)


# -- answers files -----------------------------------------------------------------------------

#: Answers that play a few quiet rounds, with the typed questions a game asks along the way.
QUIET = {"setup.start": "start", "quickcast.you": ["pass"] * 6, "turn.actor": ["done"] * 6}
TYPED = {  # question id -> (the answers that lead to it, the hostile values tried)
    "edit.conditions": ({"quickcast.you": ["edit", "pass"], "edit.object": "dm",
                         "edit.field": "conditions"}, "markers"),
    "edit.enchantments": ({"quickcast.you": ["edit", "pass"], "edit.object": "dm",
                           "edit.field": "enchantments"}, "names"),
    "edit.damage": ({"quickcast.you": ["edit", "pass"], "edit.object": "dm", "edit.field": "damage"},
                    "number"),
    "edit.zone": ({"quickcast.you": ["edit", "pass"], "edit.object": "dm", "edit.field": "zone"},
                  "text"),
    "edit.card": ({"quickcast.you": ["edit", "pass"], "edit.object": "+creature", "edit.side": "ym",
                   "edit.zone": "D3"}, "names"),
    "turn.attack.damage": ({"turn.actor": ["ym", "done"] * 3, "turn.what": "attack-typed",
                            "turn.attack.target": "dm", "turn.attack.conditions": ""}, "damage"),
    "turn.attack.conditions": ({"turn.actor": ["ym", "done"] * 3, "turn.what": "attack-typed",
                                "turn.attack.target": "dm", "turn.attack.damage": "2+1"}, "markers"),
    "setup.seed": ({"setup.start": "change", "setup.mage": "Beastmaster", "setup.dm_mage": "Warlock",
                    "setup.dm_life": "Standard (38)", "setup.decks": "Starter",
                    "setup.corners": "A1-D3", "setup.dice": "solo", "setup.draw": "solo"}, "number"),
    "setup.dm_life_value": ({"setup.start": "change", "setup.mage": "Beastmaster",
                             "setup.dm_mage": "Warlock", "setup.dm_life": "other"}, "number"),
    "setup.mage": ({"setup.start": "change"}, "text"),
    "rules.term": ({"quickcast.you": ["rules", "pass"]}, "text"),
    "turn.summon.card": ({"turn.actor": ["ym", "done"] * 3, "turn.what": "summon",
                          "turn.summon.zone": "D3"}, "names"),
    "own.equipment": ({"quickcast.you": ["own", "pass"], "own.kind": "equipment"}, "names"),
    "own.conjuration": ({"quickcast.you": ["own", "pass"], "own.kind": "conjuration"}, "names"),
    "own.enchantment": ({"quickcast.you": ["own", "pass"], "own.kind": "enchantment"}, "names"),
    "turn.spell.enchantment": ({"quickcast.you": ["spell", "pass"], "turn.spell.target": "dm",
                                "turn.spell.kind": "enchantment"}, "names"),
    "dice.d12": ({}, "number"),
    "dice.attack": ({"dice.d12": [6] * 200, "quickcast.you": ["pass"] * 30,
                     "turn.actor": ["done"] * 30, "defense.use": [False] * 30}, "faces"),
    "draw.card": ({}, "names"),
}


def typed_value(rng: random.Random, kind: str):
    if kind == "markers":
        return rng.choice([f"Burn {rng.choice([99, 100, 10**7, 10**18])}",
                           "Burn 0000000000000000000000000000005", "Burn " + "9" * 5000,
                           "Burn, " * rng.choice([99, 100, 200_000]), "Stun 60, stun 40",
                           ", ".join(f"Burn {i}" for i in range(2000)), long_text(rng, "Burn "),
                           "Burn ²", odd_text(rng)])
    if kind == "names":
        return rng.choice([", ".join(["Bear Strength"] * rng.choice([50, 51, 100_000])),
                           long_text(rng, "Timber Wolf, "), "Nobody, " * 50_000, odd_text(rng),
                           "Timber Wolf" + "x" * 100_000])
    if kind == "number":
        return rng.choice([huge(rng), str(huge(rng)), "1" * 5000, -(10**30), 1e308, "1e308",
                           "0x10", long_text(rng, "9"), float("inf") if rng.random() < 0.1 else 0])
    if kind == "damage":
        return rng.choice([f"{huge(rng)}+0", f"0+{huge(rng)}", "99999+99999", "1" * 5000,
                           "+".join(["1"] * 100_000), long_text(rng, "5+"), "5+2"])
    if kind == "faces":
        return rng.choice([" ".join(["2*"] * 100_000), "1" * 5000, long_text(rng, "- ")])
    return rng.choice([odd_text(rng), long_text(rng), str(huge(rng))])


def answers_play_case(rng: random.Random, index: int = 0) -> Case:
    """Every other case answers one typed question (each in turn) with a hostile value."""
    answers: dict = copy.deepcopy(QUIET)
    raw: str | None = None
    flags: list[str] = []
    variant = "typed" if index % 2 == 0 else rng.choice([
        "escapes", "loops", "undo", "deep", "keys", "long-lists", "lists-json", "toml", "random"])
    if variant == "typed":
        qid = sorted(TYPED)[index // 2 % len(TYPED)]
        lead, kind = TYPED[qid]
        answers.update(copy.deepcopy(lead))
        answers[qid] = typed_value(rng, kind)
        if qid.startswith("dice."):
            flags = ["--dice", "physical"]
        elif qid == "draw.card":
            flags = ["--draw", "you"]
        variant = qid
    elif variant == "escapes":  # the words every question takes, over and over
        word = rng.choice(["board", "log", "rules", "edit"])
        # (a rules lookup costs some 3 ms: linear, but 2,500 of them pass the budget)
        n = rng.choice([100, 300] if word == "rules" else [100, 1_000, 2_400])
        answers["quickcast.you"] = [word] * n + ["pass"] * 6
        answers.update({"rules.term": ["Burn"] * n, "edit.object": ["cancel"] * n})
    elif variant == "loops":  # edits that change nothing, undone and done again
        n = rng.choice([100, 1_000])
        answers["quickcast.you"] = ["edit", "edit"] * n + ["pass"] * 6
        answers.update({"edit.object": ["dm"] * 2 * n, "edit.field": ["damage"] * 2 * n,
                        "edit.damage": [1, 0] * n})
    elif variant == "undo":
        n = rng.choice([10, 100])
        answers["quickcast.you"] = ["pass"] * 6 + ["undo"]
        answers["undo.next"] = ["undo", "redo"] * n + ["go"]
    elif variant == "deep":
        answers["quickcast.you"] = "@@DEEP@@"
        raw = _with(json.dumps(answers), "@@DEEP@@", deep_json(rng))
    elif variant == "keys":
        answers.update({f"x{i}": i for i in range(rng.choice([10_000, 200_000]))})
    elif variant == "long-lists":
        answers["quickcast.you"] = ["pass"] * rng.choice([4_900, 10_000, 400_000])
    elif variant == "lists-json":
        answers["x"] = "@@LISTS@@"
        raw = _with(json.dumps(answers), "@@LISTS@@", many_lists(rng))
    elif variant == "toml":
        raw = rng.choice([
            "setup.start = 'start'\n" + "a" + ".a" * rng.choice([9, 30_000]) + " = 1\n",
            "".join(f"k{i}.x = {i}\n" for i in range(rng.choice([9_999, 10_001]))),
            "quickcast.you = [" + "'pass', " * rng.choice([10, 100_000]) + "]\n",
            "setup = {start = 'start'}\n" + "x = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n",
            "[setup]\nstart = 'start'\n[" + ".".join(["q"] * 9) + "]\n"])
    else:  # random answers for every question, the escapes among them
        for qid, values in (("quickcast.you", ["pass", "board", "edit", "undo", "log", "other"]),
                            ("turn.actor", ["done", "ym", "board", "edit", "quickcast"]),
                            ("edit.object", ["dm", "ym", "cancel", "+creature"]),
                            ("edit.field", ["damage", "conditions", "zone", "enchantments"]),
                            ("turn.what", ["attack-typed", "other", "summon"]),
                            ("undo.next", ["go", "undo", "redo", "board"])):
            answers[qid] = [rng.choice(values) for _ in range(rng.choice([5, 50, 500]))]
        for qid, (_, kind) in TYPED.items():
            if not qid.startswith(("setup.", "dice.", "draw.")):
                answers[qid] = [typed_value(rng, kind) if rng.random() < 0.3 else
                                rng.choice(["", "1", "Burn 2", "D3", "Timber Wolf"]) for _ in range(5)]
    name = "a.toml" if variant == "toml" else "a.json"
    text = raw if raw is not None else json.dumps(answers)
    args = ["play", "--answers", name, "--seed", str(rng.randint(1, 50)), *flags]
    return Case(args, {name: text}, what=variant)


def answers_deck_case(rng: random.Random) -> Case:
    """``solo deck new --answers``: the deck builder's questions."""
    answers: dict = {"builder.name": "Hostile", "builder.description": ""}
    for deck in ("creature", "enchantment", "incantation", "attack"):
        answers.update({f"builder.{deck}.action": ["done"], f"builder.{deck}.leave": [True]})
    variant = rng.choice(["name", "description", "copies", "card", "actions", "deep", "toml"])
    deck = rng.choice(["creature", "attack"])
    raw = None
    if variant in ("name", "description"):
        answers[f"builder.{variant}"] = rng.choice([long_text(rng), odd_text(rng), huge(rng)])
    elif variant in ("copies", "card"):
        answers.update({f"builder.{deck}.action": ["add", "add", "done"],
                        f"builder.{deck}.card": ["Timber Wolf" if deck == "creature" else "Fireball"] * 2,
                        f"builder.{deck}.copies": [1] * 2})
        answers[f"builder.{deck}.{variant}"] = (typed_value(rng, "number") if variant == "copies"
                                                else typed_value(rng, "names"))
    elif variant == "actions":
        n = rng.choice([100, 2_000])
        answers.update({f"builder.{deck}.action": ["add", "set", "remove"] * n + ["done"],
                        f"builder.{deck}.card": ["Timber Wolf", "Nobody", "Fireball"] * n,
                        f"builder.{deck}.pick": ["Timber Wolf", "Fireball"] * n,
                        f"builder.{deck}.copies": [15, 0, 99] * n})
    elif variant == "deep":
        answers["builder.name"] = "@@DEEP@@"
        raw = _with(json.dumps(answers), "@@DEEP@@", deep_json(rng))
    else:
        raw = rng.choice(["builder.name = 'x'\n" + "b" + ".b" * 50_000 + " = 1\n",
                          "[builder]\nname = '" + "n" * 900_000 + "'\n",
                          "".join(f"builder.k{i} = 1\n" for i in range(20_000))])
    name = "a.toml" if variant == "toml" else "a.json"
    return Case(["deck", "new", "--answers", name, "--out", "new.toml"],
                {name: raw if raw is not None else json.dumps(answers)}, what=variant)


# -- game files (solo import) ------------------------------------------------------------------

_GAME: dict | None = None


def exported_game(work: Path) -> dict:
    """A short real game, played from answers and exported (made once, before any case)."""
    global _GAME
    if _GAME is None:
        folder = work / "export"
        folder.mkdir(parents=True, exist_ok=True)
        os.environ.update(SOLO_DATA_DIR=str(folder / "data"), SOLO_CONFIG_DIR=str(folder / "config"),
                          SOLO_CACHE_DIR=str(folder / "cache"))
        answers = folder / "a.json"
        answers.write_text(json.dumps({
            "setup.start": "start", "quickcast.you": ["edit", "pass", "pass", "pass"],
            "edit.object": "dm", "edit.field": "conditions", "edit.conditions": "Burn 2",
            "turn.actor": ["done"] * 3}))
        run_in_process(["play", "--answers", str(answers), "--seed", "3", "--name", "g"], folder)
        run_in_process(["export", "g", str(folder / "g.json")], folder)
        _GAME = json.loads((folder / "g.json").read_text(encoding="utf-8"))
    return copy.deepcopy(_GAME)


def import_case(rng: random.Random, work: Path) -> Case:
    game = exported_game(work)
    raw: str | None = None
    variant = rng.choice(["steps", "deep", "numbers", "labels", "markers", "start", "entries",
                          "settings", "mutation"])
    steps = game["steps"]
    if variant == "steps":
        game["steps"] = steps * rng.choice([50, 2_000])
    elif variant == "deep":
        rng.choice(steps)["answers"] = "@@DEEP@@"
        raw = _with(json.dumps(game), "@@DEEP@@", deep_json(rng))
    elif variant == "numbers":
        step = rng.choice(steps)
        step[rng.choice(["round", "n"])] = huge(rng)
        step["entries"][0]["n"] = huge(rng)
    elif variant == "labels":
        rng.choice(steps)["label"] = long_text(rng)
    elif variant == "markers":  # the edit step, answered past the limit
        for step in steps:
            for pair in step.get("answers") or []:
                if pair[0] == "edit.conditions":
                    pair[1] = typed_value(rng, "markers")
    elif variant == "start":
        state = {"board": copy.deepcopy(CONTRACT), "rng": [3, [1] * 625, None],
                 "phase": {}, "log_len": 0}
        state["board"]["arena"] = {"columns": 26, "rows": 99}
        state["board"]["mages"]["dm"]["conditions"] = {"Burn": huge(rng)}
        game["start"] = state
    elif variant == "entries":
        rng.choice(steps)["entries"][0]["lines"] = ["x" * 100] * rng.choice([1_000, 30_000])
    elif variant == "settings":
        key = rng.choice(["seed", "dm_life", "decks", "dm_mage", "dm_zone", "name"])
        game["settings"][key] = rng.choice([huge(rng), long_text(rng), odd_text(rng), None, [1] * 10_000])
    else:
        put_somewhere(rng, game, [huge(rng), long_text(rng), odd_text(rng), [None] * 50_000,
                                  {str(i): i for i in range(20_000)}])
    return Case(["import", "game.json", "--name", "imported"],
                {"game.json": raw if raw is not None else json.dumps(game)}, what=variant)


# -- config.toml -------------------------------------------------------------------------------

def config_case(rng: random.Random) -> Case:
    variant = rng.choice(["dotted", "keys", "numbers", "text", "deep", "size", "types"])
    if variant == "dotted":
        text = "mage = 'Wizard'\n" + "x" + ".x" * rng.choice([9, 20_000]) + " = 1\n"
    elif variant == "keys":
        text = "".join(f"k{i} = {i}\n" for i in range(rng.choice([500, 10_001, 60_000])))
    elif variant == "numbers":
        # (5,000 digits in config.toml, or as solo roll's N, are a traceback: part A of issue 31)
        text = f"dm_life = {rng.choice(['9223372036854775807', '1' * 4000, '1e400', '-5', '0'])}\n"
    elif variant == "text":
        key = rng.choice(["mage", "dm_mage", "decks", "dice", "draw", "dm_life"])
        text = f"{key} = {json.dumps(rng.choice([long_text(rng), 'Nobody', odd_text(rng)[:5000]]))}\n"
    elif variant == "deep":
        d = rng.choice([500, 5_000])
        text = "x = " + "[" * d + "]" * d + "\n"
    elif variant == "size":
        text = "mage = 'Wizard'\n" + "#" * (2 * 1024 * 1024) + "\n"
    else:
        text = rng.choice(["mage = [1, 2]\n", "decks = {a = 1}\n", "dice = 1979-05-27\n",
                           "[mage]\nx = 1\n", "seed = 1\n"])
    args = rng.choice([["config", "show"], ["config"], ["config", "set", "dice", "physical"],
                       ["config", "unset", "mage"], ["play", "--list"],
                       ["play", "--answers", "a.json", "--seed", "1"]])
    files = {"a.json": json.dumps(QUIET)}
    return Case(args, files, config=text, what=variant)


# -- typed at a terminal (the plain prompter, line by line) -------------------------------------

def typed_case(rng: random.Random) -> Case:
    """Lines typed at ``solo play --plain`` (a wrong answer is said and asked again; the end
    of input stops the game like Ctrl-C, status 130)."""
    lines = ["1"]  # start
    variant = rng.choice(["long-line", "markers", "numbers", "many-wrong", "escapes", "garbage"])
    if variant == "long-line":
        lines += [long_text(rng)]
    elif variant == "markers":
        lines += ["e", "1", "3", typed_value(rng, "markers")]  # edit, the Dummy Mage, conditions
    elif variant == "numbers":
        lines += ["e", "1", "2", str(huge(rng))]  # edit, the Dummy Mage, damage
    elif variant == "many-wrong":
        lines += ["nonsense"] * rng.choice([1_000, 5_000])
    elif variant == "escapes":
        key = rng.choice(["b", "r", "l"])
        lines += [key] * rng.choice([100, 300] if key == "r" else [100, 1_000])
    else:
        lines += [rng.choice(ODD) for _ in range(rng.choice([5, 200]))]
    return Case(["play", "--plain", "--seed", "4"], stdin="\n".join(lines) + "\n",
                codes=DOCUMENTED + (130,), what=variant)


# -- the command line --------------------------------------------------------------------------

def args_case(rng: random.Random) -> Case:
    big = str(huge(rng))
    long_ = long_text(rng)[:rng.choice([1_000, 100_000])]
    files = {"board.json": json.dumps(CONTRACT), "a.json": json.dumps(QUIET), "set.toml": STARTER}
    options = [
        ["roll", rng.choice([big, "31", "0", "-1", "d12" * 1000, long_, "1" * 4000])],
        ["roll", "3", "--seed", big], ["roll", "3", "--armor", big, "--piercing", big],
        ["roll", "attack", long_, "--vs", "Timber Wolf"],
        ["roll", "attack", "Timber Wolf", "--vs", "Iron Golem",
         *["--equip", "Leather Boots"] * rng.choice([100, 2_000])],
        ["roll", "attack", "Timber Wolf", "--vs", "Beastmaster",
         *["--equip", "Nobody"] * rng.choice([1, 2_000])],
        ["cards", "show", long_], ["cards", "search", long_],
        ["cards", "search", "--type", "creature", long_],
        ["rules", long_], ["rules", *(["Burn"] * rng.choice([100, 50_000]))],
        ["dm", "creature", "--board", "board.json", "--rolls", ",".join(["5"] * 200_000)],
        ["dm", "quickcast", "--board", "board.json", "--rolls", big],
        ["dm", "creature", "--board", "board.json", "--seed", big],
        ["dm", "creature", "--board", long_],
        ["simulate", "--games", big, "--jobs", "1"], ["simulate", "--jobs", big, "--games", "1"],
        ["simulate", "--games", "1", "--jobs", "1", "--seed", big],
        ["tune", "--target", rng.choice(["40" * 1000 + "%", "1e308%", big, "-5%", long_])],
        ["play", "--answers", "a.json", "--seed", big],
        ["play", "--answers", "a.json", "--dm-life", big],
        ["play", "--answers", "a.json", "--name", long_],
        ["play", "--resume", "--at-step", big, "--name", "nothing"],
        ["play", "--answers", "a.json", "--mage", long_],
        ["log", long_], ["log", "nothing", "--markdown", long_],
        ["export", long_, "out.json"], ["import", long_],
        ["deck", "add", "set.toml", "creature", "Timber Wolf", "--copies", big],
        ["deck", "add", "set.toml", "creature", long_],
        ["deck", "remove", "set.toml", "creature", long_, "--copies", big],
        ["deck", "random", "--seed", big, "--out", "r.toml"],
        ["deck", "random", "--sets", ",".join(["Core"] * 10_000), "--out", "r.toml"],
        ["deck", "show", long_], ["deck", "compare", long_, "Starter", "--jobs", "1"],
        ["config", "set", "dm_life", big], ["config", "set", "mage", long_],
        ["config", "set", long_, "x"], ["stats", "--json"],
        [long_], ["deck", long_], ["--" + long_],
    ]
    return Case(rng.choice(options), files, what="args")


#: Every kind of case, with how to build one.
KINDS = {
    "board": board_case, "deck": deck_case, "decks-option": decks_option_case,
    "answers-play": answers_play_case, "answers-deck": answers_deck_case, "import": import_case,
    "config": config_case, "typed": typed_case, "args": args_case,
}


def build(kind: str, index: int, seed: int, work: Path) -> Case:
    rng = random.Random(f"{seed}:{kind}:{index}")
    if kind == "import":
        return import_case(rng, work)
    if kind == "answers-play":
        return answers_play_case(rng, index)
    return KINDS[kind](rng)


# -- running a case in this process ------------------------------------------------------------

class OverBudget(BaseException):
    """A case's processor-time or wall-clock budget ran out (never caught by solo's handlers)."""


def _stop(signum, frame):
    raise OverBudget("processor-time" if signum == signal.SIGPROF else "hang")


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _reset_peak() -> None:
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")  # resets the peak resident size (VmHWM)
    except OSError:
        pass


def _peak_mb() -> float:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_in_process(args: list[str], folder: Path, stdin: str | None = None) -> dict:
    """``solo ARGS`` in this process, in ``folder``: its exit status, output and costs."""
    from solo.cli import app, prompter

    out_path, err_path = folder / ".stdout", folder / ".stderr"
    saved = sys.stdin, sys.stdout, sys.stderr, prompter.is_terminal
    out = open(out_path, "w", encoding="utf-8", errors="backslashreplace")
    err = open(err_path, "w", encoding="utf-8", errors="backslashreplace")
    sys.stdout, sys.stderr = out, err
    sys.stdin = io.StringIO(stdin or "")
    if stdin is not None:  # typed at a terminal: the plain prompter asks
        prompter.is_terminal = lambda stdin=None: True
    result: dict = {"problem": None}
    os.chdir(folder)
    _reset_peak()
    start, wall = _cpu(), time.monotonic()
    # Past the budget the profiling timer stops the case; should it be stuck where Python cannot
    # be stopped, the system ends the process (SIGXCPU) a few seconds later.
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    stop = int(start + CPU_BUDGET) + 5
    resource.setrlimit(resource.RLIMIT_CPU, (stop if hard < 0 else min(stop, hard), hard))
    signal.setitimer(signal.ITIMER_PROF, CPU_BUDGET)
    signal.setitimer(signal.ITIMER_REAL, HANG)
    try:
        try:
            app.main(args)
            code = 0
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
        if isinstance(exit_.code, str):
            err.write(exit_.code + "\n")
    except OverBudget as why:
        code, result["problem"] = None, f"stopped by the {why} limit"
    except MemoryError:
        code, result["problem"] = None, "out of memory"
    except BaseException:  # what a person would see as a traceback
        code, result["problem"] = None, "traceback: " + "".join(
            traceback.format_exc(limit=6).splitlines(keepends=True)[-8:])
    finally:
        result["cpu"] = round(_cpu() - start, 3)
        result["wall"] = round(time.monotonic() - wall, 3)
        result["peak_mb"] = round(_peak_mb(), 1)
        for stream in (out, err):
            try:
                stream.close()
            except Exception:  # pragma: no cover
                pass
        sys.stdin, sys.stdout, sys.stderr, prompter.is_terminal = saved
        os.chdir(ROOT)
    result["code"] = code
    result["stdout_bytes"] = out_path.stat().st_size
    with open(err_path, encoding="utf-8", errors="replace") as f:
        result["stderr"] = f.read(4000)
    return result


def judge(case: Case, result: dict) -> str | None:
    """What is wrong with how the case ended, or None."""
    if result["problem"]:
        return result["problem"]
    if result["cpu"] > CPU_BUDGET:
        return f"took {result['cpu']} s of processor time"
    if result["code"] not in case.codes:
        return f"exit status {result['code']}"
    err = result["stderr"]
    lines = [line for line in err.splitlines() if line.strip()]
    if "Traceback" in err:
        return "a traceback on standard error"
    if result["code"] == 130 and len(lines) <= 1:  # stopped at the end of input, as by Ctrl-C
        return None
    if result["code"] != 0 and lines and lines[0].startswith("Usage: "):
        if not lines[-1].startswith("Error: "):
            return "a usage error without its Error: line"
    elif len(lines) > 1 or (result["code"] not in (0,) and not lines):
        return f"{len(lines)} lines on standard error"
    elif lines and not lines[0].startswith("solo: "):
        return "standard error does not start with 'solo: '"
    return None


def run_case(kind: str, index: int, seed: int, work: Path, keep: Path | None = None) -> dict:
    case = build(kind, index, seed, work)
    folder = keep or work / f"{kind}-{index}"
    folder.mkdir(parents=True, exist_ok=True)
    env = {"SOLO_DATA_DIR": folder / "data", "SOLO_CONFIG_DIR": folder / "config",
           "SOLO_CACHE_DIR": folder / "cache"}
    for name, value in env.items():
        os.environ[name] = str(value)
    for name, text in case.files.items():
        (folder / name).write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    if case.config is not None:
        (folder / "config").mkdir(exist_ok=True)
        (folder / "config" / "config.toml").write_text(case.config, encoding="utf-8")
    if case.user_decks:
        (folder / "data" / "decks").mkdir(parents=True, exist_ok=True)
        for name, text in case.user_decks.items():
            (folder / "data" / "decks" / name).write_text(text, encoding="utf-8", errors="replace")
    result = run_in_process(case.args, folder, case.stdin)
    result.update(case=f"{kind}:{index}", kind=kind, what=case.what,
                  args=[a if len(a) < 60 else a[:40] + f"...({len(a):,} characters)" for a in case.args[:12]],
                  input_bytes=sum(len(t) for t in case.files.values()) + len(case.config or "")
                  + len(case.stdin or ""))
    result["verdict"] = judge(case, result)
    if keep is None:
        shutil.rmtree(folder, ignore_errors=True)
    return result


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--per-kind", type=int, default=10)
    ap.add_argument("--from", dest="first", type=int, default=0,
                    help="the first case of each kind (cases FROM to PER_KIND - 1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="-")
    ap.add_argument("--case", help="one case, KIND:INDEX")
    ap.add_argument("--keep", help="with --case: keep its files in this folder")
    opts = ap.parse_args(argv)
    for name in ("SOLO_MAGE", "SOLO_DM_MAGE", "SOLO_DECKS", "SOLO_DICE", "SOLO_DRAW", "SOLO_DM_LIFE"):
        os.environ.pop(name, None)
    os.environ.update(NO_COLOR="1", COLUMNS="80", TERM="dumb")
    signal.signal(signal.SIGPROF, _stop)
    signal.signal(signal.SIGALRM, _stop)
    if opts.case:
        kind, index = opts.case.split(":")
        cases = [(kind, int(index))]
    else:
        cases = [(k, i) for k in opts.kinds.split(",") for i in range(opts.first, opts.per_kind)]
    out = sys.stdout if opts.out == "-" else open(opts.out, "a", encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="solo-hostile-") as tmp:
        work = Path(tmp)
        import solo.cli.app  # noqa: F401  (imported before any case's clock starts)

        for kind, index in cases:
            print(json.dumps({"start": f"{kind}:{index}"}), file=out, flush=True)
            keep = Path(opts.keep) if opts.keep else None
            result = run_case(kind, index, opts.seed, work, keep)
            print(json.dumps(result), file=out, flush=True)
            if result["problem"] == "out of memory":  # what follows could not be trusted
                sys.exit(3)


if __name__ == "__main__":
    main()
