"""The optional compiled build (setup.py, ``SOLO_COMPILE=1``): a default install compiles nothing
and needs neither a C compiler nor mypy; the modules it compiles are ones mypyc compiles as they
are.  ``scripts/compiled_build`` builds it and plays the fingerprint's games with it (.ci/run)."""

from __future__ import annotations

import ast
import importlib.util
import sys
import tomllib
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
REGULAR = ["bdist_wheel", "--dist-dir", "/tmp/x"]  # what pip's build of a wheel runs


@cache
def setup_py() -> ModuleType:
    """setup.py as a module (it calls setup() only when run)."""
    spec = importlib.util.spec_from_file_location("solo_setup_py", ROOT / "setup.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_default_build_compiles_nothing():
    setup = setup_py()
    for environ in ({}, {"SOLO_COMPILE": "0"}, {"SOLO_COMPILE": ""}):
        for argv in (REGULAR, ["egg_info"], ["editable_wheel"], ["build_ext", "--inplace"]):
            assert setup.compiled_modules(environ, argv) == [], (environ, argv)


def test_asked_for_only_a_regular_build_compiles():
    setup = setup_py()
    asked = {"SOLO_COMPILE": "1"}
    assert setup.compiled_modules(asked, REGULAR) == setup.COMPILED
    assert setup.compiled_modules(asked, ["build_ext", "--inplace"]) == setup.COMPILED
    assert setup.compiled_modules(asked, ["editable_wheel", "--dist-dir", "/tmp/x"]) == []
    assert setup.compiled_modules(asked, ["egg_info"]) == []  # reading the metadata


def test_a_default_build_needs_no_compiler_nor_mypy(monkeypatch):
    """The build system asks for setuptools alone; mypy is asked for (through setup_requires,
    which setuptools' backend hands to pip) only with SOLO_COMPILE."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["build-system"]["requires"] == ["setuptools>=64"]
    monkeypatch.delenv("SOLO_COMPILE", raising=False)
    monkeypatch.setattr(sys, "argv", ["setup.py", "egg_info"])
    assert setup_py()._setup_requires() == []


# -- the modules compiled ----------------------------------------------------------------------

def _modules() -> dict[str, ast.Module]:
    return {".".join(p.relative_to(ROOT).with_suffix("").parts): ast.parse(p.read_text("utf-8"))
            for p in sorted((ROOT / "solo").rglob("*.py"))}


@cache
def _classes() -> dict[tuple[str, str], list[tuple[str, str]]]:
    """Every class of solo, (module, name), with its bases that are classes of solo."""
    trees = _modules()
    out: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for module, tree in trees.items():
        names: dict[str, tuple[str, str]] = {}  # a name in the module -> (module, class)
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for a in node.names:
                    names[a.asname or a.name] = (node.module, a.name)
            elif isinstance(node, ast.Import):
                for a in node.names:
                    names[a.asname or a.name] = (a.name, "")
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                names.setdefault(node.name, (module, node.name))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = []
            for b in node.bases:
                if isinstance(b, ast.Name) and b.id in names:
                    bases.append(names[b.id])
                elif isinstance(b, ast.Attribute) and isinstance(b.value, ast.Name) \
                        and b.value.id in names:
                    owner, name = names[b.value.id]
                    bases.append((f"{owner}.{name}".strip("."), b.attr))
            out[(module, node.name)] = [b for b in bases if b[0].startswith("solo")]
    return out


def _compiled() -> set[str]:
    return {p.removesuffix(".py").replace("/", ".") for p in setup_py().COMPILED}


def test_the_compiled_modules_are_modules_of_solo():
    compiled = setup_py().COMPILED
    assert compiled and len(set(compiled)) == len(compiled)
    for path in compiled:
        assert (ROOT / path).is_file() and path.startswith("solo/"), path


def _python_classes() -> set[tuple[str, str]]:
    """The classes that stay Python classes in a compiled module: the records (metaclass
    solo.core.records.PythonClass), and every class derived from them."""
    classes = _classes()
    found = {("solo.core.records", "Record")}
    while True:
        more = {c for c, bases in classes.items() if set(bases) & found} - found
        if not more:
            return found
        found |= more


def test_no_python_class_subclasses_a_compiled_one():
    """A class of a module left as Python cannot subclass a class mypyc compiled as its own
    (its compiled methods refuse the instance): a chain of such classes is compiled whole or
    not at all.  Records may be subclassed anywhere: they stay Python classes."""
    compiled, python = _compiled(), _python_classes()
    wrong = [f"{m}.{c} subclasses {b[0]}.{b[1]}" for (m, c), bases in _classes().items()
             for b in bases if m not in compiled and b[0] in compiled and b not in python]
    assert wrong == []


def test_records_stay_python_classes_where_compiled():
    """mypyc leaves a class with a metaclass of its own to Python, which keeps what
    solo.core.records makes of a record (fields, equality, freezing, its __dict__); it
    creates the classes of a module it compiles without their class keywords, so a compiled
    module's class has none (a frozen record says so by its base, FrozenRecord)."""
    from solo.core.records import FrozenRecord, PythonClass, Record

    assert type(Record) is PythonClass
    assert FrozenRecord._frozen and not Record._frozen
    trees = _modules()
    keyworded = [f"{m}.{node.name}" for m in _compiled() for node in ast.walk(trees[m])
                 if isinstance(node, ast.ClassDef)
                 and any(k.arg != "metaclass" for k in node.keywords)]
    assert keyworded == []
    assert ("solo.rules.upkeep", "Outcome") in _python_classes()
    for own in (("solo.rules.pieces", "Piece"), ("solo.rules.board", "Board"),
                ("solo.rules.effects", "Damage"), ("solo.rules.dice", "Roll")):
        assert own not in _python_classes()  # classes of mypyc's own


# -- the C files compiled two at a time ----------------------------------------------------------

class _Compiler:
    """Setuptools' C compiler as its ``compile`` uses it: each C file compiled by ``_compile``
    (here: noted, with how many ran at once; ``bad`` raises as a failing C compiler does)."""

    def __init__(self, bad: str | None = None) -> None:
        import threading

        self.bad, self.done, self.most, self.now = bad, [], 0, 0
        self.lock = threading.Lock()

    def _setup_compile(self, output_dir, macros, include_dirs, sources, depends, extra_postargs):
        objects = [s.replace(".c", ".o") for s in sources]
        return macros, objects, extra_postargs, [], {o: (s, ".c") for o, s in zip(objects, sources)}

    def _get_cc_args(self, pp_opts, debug, before):
        return ["-c"]

    def _compile(self, obj, src, ext, cc_args, extra_postargs, pp_opts):
        import time

        with self.lock:
            self.now += 1
            self.most = max(self.most, self.now)
        time.sleep(0.05)
        with self.lock:
            self.now -= 1
        if src == self.bad:
            raise RuntimeError(f"error compiling {src}")
        with self.lock:
            self.done.append(obj)


def test_the_c_files_of_an_extension_compile_at_once_and_a_failure_is_raised():
    import pytest

    sources = [f"m{i}.c" for i in range(6)]
    compiler = _Compiler()
    setup_py()._compile_in_parallel(compiler, 2)
    assert compiler.compile(sources) == [s.replace(".c", ".o") for s in sources]
    assert sorted(compiler.done) == sorted(s.replace(".c", ".o") for s in sources)
    assert compiler.most == 2  # two at a time, never more
    failing = _Compiler(bad="m3.c")
    setup_py()._compile_in_parallel(failing, 2)
    with pytest.raises(RuntimeError, match="m3.c"):  # BuildExt then installs the pure package
        failing.compile(sources)
    alone = _Compiler()
    setup_py()._compile_in_parallel(alone, 1)  # one core: setuptools' own compile is kept
    assert "compile" not in vars(alone)
