"""The shape of the code, measured: layers, cycles, board writes, words in the rules, sizes.

    .venv/bin/python scripts/house.py [imports|writes|words|sizes|sides|all] [--json]

Reads ``solo/`` without importing it (the syntax tree of each module), so it runs on any
checkout.  ``tests/test_house.py`` holds the code to the same measures:

* **imports**: every ``solo`` import, at module level and inside functions, as a graph of
  modules.  A package may import only itself and the packages before it in :data:`LAYERS`;
  ``rules`` and ``automaton`` import nothing inside a function; the graph has no cycle (a
  function-level import counts: it is a cycle that only hides).
* **writes**: assignments, ``del`` and mutating calls (``append``, ``pop``, ``update``...) on a
  field of the board or of a piece (:data:`BOARD_FIELDS`), outside the board model and its one
  ``apply`` (:data:`MAY_WRITE`).  A record's own constructor (``self.x = ...`` in ``__init__``)
  is not a write to the board.
* **words**: string literals in ``rules`` and ``automaton`` that read as a sentence (two words or
  more, or ending like one), docstrings left out; card names and catalog terms are names.
* **sizes**: lines per module, and functions over :data:`MAX_FUNCTION` lines in ``rules`` and
  ``automaton``.
* **sides**: the literals ``"dm"`` and ``"ym"``, which belong at the file boundary only.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOLO = ROOT / "solo"

#: The packages, most basic first: each may import only itself and those before it.
LAYERS = ("core", "cards", "rules", "automaton", "text", "store", "decks", "engine", "cli")
#: Packages that may not import inside a function (so that no cycle can hide there).
NO_INNER_IMPORTS = ("rules", "automaton")
#: The longest function allowed in the pure packages.
MAX_FUNCTION = 80
#: The longest module allowed anywhere.
MAX_MODULE = 700
#: Fields of the board and of its pieces.
BOARD_FIELDS = frozenset({
    "damage", "conditions", "enchantments", "traits", "stats", "extra", "zone", "side", "card",
    "id", "life", "equipment", "active", "guarding", "border", "round", "initiative", "arena",
    "mages", "creatures", "conjurations", "decks", "discards", "stage", "marks"})
MUTATORS = frozenset({"append", "extend", "remove", "pop", "insert", "clear", "update",
                      "setdefault", "sort", "reverse", "popitem", "__setitem__", "__delitem__",
                      "discard", "add"})
#: Names that hold a record with a field named like a board's, not a board or a piece: (module,
#: the name written through) -> what it is.
NOT_BOARD = {
    ("solo.rules.combat.strike", "s"): "a Strike (one roll of attack dice)",
    ("solo.decks.sets", "deckset"): "a deck set",
    ("solo.decks.sets", "out"): "a deck set",
    ("solo.store.journal", "info"): "a game's row in the journal",
    ("solo.cli.commands.play", "s"): "the settings of a new game",
    ("solo.engine.checked_games", "ds"): "a deck set",
    ("solo.engine.game", "step"): "a Step (what one step of a game did)",
}
#: The modules that may write a board field: the board model and its apply.
MAY_WRITE = ("solo.rules.board", "solo.rules.effects", "solo.rules.pieces")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")


def modules() -> dict[str, Path]:
    out = {}
    for path in sorted(SOLO.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def package_of(module: str) -> str | None:
    """The layer a module belongs to (None for ``solo`` and ``solo.__main__``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS) else None


# -- imports ---------------------------------------------------------------------------------

@dataclass
class Import:
    source: str
    target: str
    line: int
    inner: bool  # inside a function


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports() -> list[Import]:
    known = modules()
    out = []
    for mod, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))

        def visit(node: ast.AST, inner: bool) -> None:
            for ch in ast.iter_child_nodes(node):
                if isinstance(ch, ast.ImportFrom) and ch.module and ch.level == 0 \
                        and ch.module.split(".")[0] == "solo":
                    for a in ch.names:
                        target = _resolve(f"{ch.module}.{a.name}", known)
                        if target and target != "solo":
                            out.append(Import(mod, target, ch.lineno, inner))
                elif isinstance(ch, ast.Import):
                    for a in ch.names:
                        if a.name.split(".")[0] == "solo":
                            target = _resolve(a.name, known)
                            if target and target != "solo":
                                out.append(Import(mod, target, ch.lineno, inner))
                deeper = inner or isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                  ast.Lambda))
                visit(ch, deeper)

        visit(tree, False)
    return out


def layer_violations(found: list[Import]) -> list[Import]:
    out = []
    for imp in found:
        a, b = package_of(imp.source), package_of(imp.target)
        if a is None or b is None:
            continue
        if LAYERS.index(b) > LAYERS.index(a):
            out.append(imp)
    return out


def inner_imports(found: list[Import], packages=NO_INNER_IMPORTS) -> list[Import]:
    return [i for i in found if i.inner and package_of(i.source) in packages]


def cycles(found: list[Import]) -> list[list[str]]:
    """The strongly connected parts of the module graph with more than one module."""
    graph: dict[str, set[str]] = {}
    for imp in found:
        if imp.source != imp.target:
            graph.setdefault(imp.source, set()).add(imp.target)
            graph.setdefault(imp.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


# -- writes to the board ---------------------------------------------------------------------

@dataclass
class Write:
    module: str
    line: int
    field: str
    text: str


def _field_of(node: ast.AST) -> tuple[str, ast.AST] | None:
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute) and node.attr in BOARD_FIELDS:
        return node.attr, node.value
    return None


def writes() -> list[Write]:
    out = []
    for mod, path in modules().items():
        if mod in MAY_WRITE:
            continue
        src = path.read_text(encoding="utf-8")
        tree = ast.parse(src)
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            init = isinstance(fn, ast.FunctionDef) and fn.name in ("__init__", "__post_init__")
            for n in _own_nodes(fn):
                hits: list[tuple[str, ast.AST]] = []
                if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
                    targets = n.targets if isinstance(n, (ast.Assign, ast.Delete)) else [n.target]
                    for t in targets:
                        for tt in (t.elts if isinstance(t, ast.Tuple) else [t]):
                            f = _field_of(tt)
                            if f:
                                hits.append(f)
                elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) \
                        and n.func.attr in MUTATORS:
                    f = _field_of(n.func.value)
                    if f:
                        hits.append(f)
                for name, base in hits:
                    if init and isinstance(base, ast.Name) and base.id == "self":
                        continue  # a record's constructor
                    if isinstance(base, ast.Name) and (mod, base.id) in NOT_BOARD:
                        continue
                    text = (ast.get_source_segment(src, n) or "").split("\n")[0]
                    out.append(Write(mod, n.lineno, name, text[:100]))
    return out


def _own_nodes(fn: ast.AST):
    """The nodes of ``fn``'s body, not those of functions nested in it (walked on their own)."""
    todo = list(ast.iter_child_nodes(fn))
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        yield n
        todo.extend(ast.iter_child_nodes(n))


# -- words in the rules ----------------------------------------------------------------------

@dataclass
class Words:
    module: str
    line: int
    text: str


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = n.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                out.add(id(body[0].value))
    return out


#: Values of the outside contract (docs: ../shared/spec/contract.md, section 6) that read like
#: words: a strike's ``role`` and what a push was ``blocked_by``.  Data, not sentences.
CONTRACT_VALUES = frozenset({"damage barrier", "passage attack", "the arena edge"})


def _catalog_text() -> str:
    return (ROOT / "decks" / "catalog.json").read_text(encoding="utf-8").lower()


def names() -> frozenset[str]:
    """Card names, every other text of the catalog (traits, attack traits, notes), the
    glossary's terms and the contract's values, lower-case: a literal that is one of them is a
    name, not a sentence."""
    out: set[str] = set(CONTRACT_VALUES)

    def take(value) -> None:
        if isinstance(value, str):
            out.add(value.lower())
        elif isinstance(value, list):
            for v in value:
                take(v)
        elif isinstance(value, dict):
            for k, v in value.items():
                out.add(str(k).lower())
                take(v)

    take(json.loads(_catalog_text()))
    glossary = ast.parse((SOLO / "cards" / "glossary.py").read_text(encoding="utf-8"))
    for n in ast.walk(glossary):  # _t("Flying", ...), _c(...), _a(...): the terms it explains
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("_t", "_c", "_a") \
                and n.args and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str):
            out.add(n.args[0].value.lower())
    return frozenset(out)


#: Two words with white space between them: the mark of a sentence (a code such as
#: "strike.defense" or a key such as "once_used" has none).
_TWO_WORDS = re.compile(r"[A-Za-z'’]+[,;:]?\s+[A-Za-z'’(]")
#: How a placeholder of an f-string is written when it is measured: not a word.
HOLE = "{}"


def is_sentence(text: str, known: frozenset[str], quoted: str = "") -> bool:
    """Two words or more with a space between them, or a text ending as a sentence does; not a
    name (a card's, a catalog term, a glossary term, a contract value), a regular expression, or
    a quote of the catalog's card text (``quoted``, lower-case), which the rules match on."""
    stripped = text.strip()
    low = stripped.lower()
    if not stripped or low in known or stripped.startswith("(?"):
        return False
    if re.sub(r"\s*[+-]?\d+$", "", low) in known:  # a trait with its number: "Melee +1"
        return False
    if len(low) >= 8 and HOLE not in low and low in quoted:
        return False
    return bool(_TWO_WORDS.search(stripped)) or (
        " " in stripped and stripped[-1:] in ".!?" and bool(_WORD.search(stripped)))


def words(packages=NO_INNER_IMPORTS) -> list[Words]:
    known = names()
    quoted = _catalog_text()
    out = []
    for mod, path in modules().items():
        if package_of(mod) not in packages:
            continue
        src = path.read_text(encoding="utf-8")
        tree = ast.parse(src)
        docs = _docstrings(tree)
        inside_fstring: set[int] = set()
        for n in ast.walk(tree):
            if isinstance(n, ast.JoinedStr):
                text = "".join(v.value if isinstance(v, ast.Constant) else HOLE
                               for v in n.values)
                for v in n.values:
                    inside_fstring.add(id(v))
                if is_sentence(text, known, quoted):
                    out.append(Words(mod, n.lineno, text[:80]))
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs \
                    and id(n) not in inside_fstring and is_sentence(n.value, known, quoted):
                out.append(Words(mod, n.lineno, n.value[:80]))
    return sorted(out, key=lambda w: (w.module, w.line))


# -- sizes -----------------------------------------------------------------------------------

@dataclass
class Size:
    name: str
    lines: int
    where: str = ""


def module_sizes() -> list[Size]:
    out = [Size(m, len(p.read_text(encoding="utf-8").splitlines())) for m, p in modules().items()]
    return sorted(out, key=lambda s: -s.lines)


def long_functions(packages=NO_INNER_IMPORTS, limit: int = MAX_FUNCTION) -> list[Size]:
    out = []
    for mod, path in modules().items():
        if package_of(mod) not in packages:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for n in ast.walk(tree):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (n.end_lineno or n.lineno) - n.lineno + 1
                if length > limit:
                    out.append(Size(f"{mod}.{n.name}", length, f"{path.relative_to(ROOT)}:{n.lineno}"))
    return sorted(out, key=lambda s: -s.lines)


# -- sides as strings ------------------------------------------------------------------------

#: Where "dm" and "ym" may be written as strings: the definition of the sides, and the file
#: boundary (board, deck and answers files, the journal, the contract's JSON).
SIDE_STRINGS_AT = ("solo.core", "solo.store", "solo.cli",
                   "solo.cards")  # (a card's field ``dm`` is the Dummy Mage's note on it, no side)


def side_strings() -> list[Words]:
    out = []
    for mod, path in modules().items():
        if mod.startswith(SIDE_STRINGS_AT):
            continue
        src = path.read_text(encoding="utf-8")
        tree = ast.parse(src)
        docs = _docstrings(tree)
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and n.value in ("dm", "ym") and id(n) not in docs:
                out.append(Words(mod, n.lineno, n.value))
    return out


# -- the report ------------------------------------------------------------------------------

def report() -> dict:
    found = imports()
    inner = [i for i in found if i.inner]
    by_pkg: dict[str, int] = {}
    for i in inner:
        by_pkg[package_of(i.source) or "solo"] = by_pkg.get(package_of(i.source) or "solo", 0) + 1
    sizes = module_sizes()
    w = writes()
    by_mod: dict[str, int] = {}
    for x in w:
        by_mod[x.module] = by_mod.get(x.module, 0) + 1
    said = words()
    said_by: dict[str, int] = {}
    for x in said:
        said_by[x.module] = said_by.get(x.module, 0) + 1
    sides = side_strings()
    return {
        "modules": len(sizes), "lines": sum(s.lines for s in sizes),
        "largest_module": [sizes[0].name, sizes[0].lines],
        "modules_over_limit": [[s.name, s.lines] for s in sizes if s.lines > MAX_MODULE],
        "imports": len(found), "function_level_imports": len(inner),
        "function_level_imports_by_package": by_pkg,
        "function_level_imports_in_pure": len(inner_imports(found)),
        "layer_violations": [f"{i.source} -> {i.target} (line {i.line}{', inner' if i.inner else ''})"
                             for i in layer_violations(found)],
        "cycles": cycles(found),
        "board_writes": len(w), "board_writes_by_module": by_mod,
        "sentences_in_pure": len(said), "sentences_by_module": said_by,
        "long_functions_in_pure": [[s.name, s.lines] for s in long_functions()],
        "side_strings": len(sides),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", nargs="?", default="all",
                    choices=("imports", "writes", "words", "sizes", "sides", "all"))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.what == "all":
        data = report()
        if args.json:
            print(json.dumps(data, indent=1))
        else:
            for k, v in data.items():
                print(f"{k}: {v}")
        return 0
    if args.what == "imports":
        found = imports()
        for i in layer_violations(found):
            print(f"layer: {i.source} -> {i.target} (line {i.line})")
        for i in inner_imports(found):
            print(f"inner: {i.source} -> {i.target} (line {i.line})")
        for c in cycles(found):
            print("cycle: " + " ".join(c))
    elif args.what == "writes":
        for x in writes():
            print(f"{x.module}:{x.line}: {x.field}: {x.text}")
    elif args.what == "words":
        for x in words():
            print(f"{x.module}:{x.line}: {x.text!r}")
    elif args.what == "sizes":
        for s in module_sizes()[:15]:
            print(f"{s.lines:5} {s.name}")
        for s in long_functions():
            print(f"{s.lines:5} {s.name} ({s.where})")
    elif args.what == "sides":
        for x in side_strings():
            print(f"{x.module}:{x.line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
