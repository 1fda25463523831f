"""The optional compiled build of solo's engine: ``SOLO_COMPILE=1 pip install .``

Everything else about the package is in pyproject.toml.  By default this file adds nothing:
``pip install .`` and ``pip install -e '.[test]'`` install the pure-Python package, compile
nothing and need no C compiler.  The pure package stays the default and the reference.

With ``SOLO_COMPILE=1`` (any value but 0), a regular install compiles the modules of
:data:`COMPILED` with mypyc, which comes with mypy: the build asks for mypy then, and only then.
Each compiled module is installed beside its .py file and imported in its place (with one
library of them all, ``solo__mypyc``, at the top of site-packages).  When the compiling fails
(no C compiler, no Python headers, mypyc refusing a module), the build says so in one line
(``pip install -v`` shows it) and installs the pure package.  An editable install is never
compiled: a compiled module would shadow the source being edited.

``scripts/compiled_build`` builds it into its own virtual environment and checks that it plays
the 400 games of ``scripts/fingerprint.py``; docs/architecture.md says why these modules.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: The modules mypyc compiles: those of a simulated game's path (cProfile of
#: ``solo.engine.simulate.play_one``) that compile as they are, the engine's among them (not
#: strictly typed: what it leaves untyped is compiled as Any).  The board, its pieces, cards,
#: attacks, strikes, decisions, die rolls and changes are plain classes that mypyc makes classes
#: of its own (fields read without a lookup), and module constants are Final (C statics); the
#: records (``solo.core.records.Record``) in these modules stay Python classes by their
#: metaclass.  A module defining a class that Python classes subclass stays Python;
#: docs/architecture.md says why, and tests/test_build.py holds the list to it.
COMPILED = [
    "solo/automaton/attacks.py",
    "solo/automaton/creatures.py",
    "solo/automaton/movement.py",
    "solo/automaton/quickcast.py",
    "solo/rules/targeting.py",
    "solo/rules/stagger.py",
    "solo/rules/harm.py",
    "solo/rules/abilities/actions.py",
    "solo/rules/abilities/bonuses.py",
    "solo/rules/abilities/marks.py",
    "solo/rules/abilities/restrictions.py",
    "solo/rules/combat/applying.py",
    "solo/rules/combat/attack.py",
    "solo/rules/combat/modifiers.py",
    "solo/rules/combat/sequence.py",
    "solo/rules/combat/strike.py",
    "solo/engine/game.py",
    "solo/engine/luck.py",
    "solo/engine/quickcast_turn.py",
    "solo/engine/resolve.py",
    "solo/engine/shortcuts.py",
    "solo/engine/simulate.py",
    "solo/engine/opponent.py",
    "solo/engine/turns.py",
    "solo/engine/your_attacks.py",
    "solo/engine/your_spells.py",
    "solo/engine/your_turn.py",
    "solo/rules/pieces.py",
    "solo/rules/board.py",
    "solo/rules/stats.py",
    "solo/rules/effects.py",
    "solo/rules/dice.py",
    "solo/rules/said.py",
    "solo/rules/arena.py",
    "solo/rules/decision.py",
    "solo/rules/upkeep.py",
    "solo/rules/combat/results.py",
    "solo/cards/catalog.py",
    "solo/cards/traits.py",
    "solo/core/kinds.py",
    "solo/core/plain.py",
    "solo/rules/abilities/triggers.py",
    "solo/automaton/spells.py",
    "solo/engine/rounds.py",
    "solo/rules/spell_targets.py",
    "solo/text/naming.py",
    "solo/rules/spell_upkeep.py",
    "solo/automaton/reminders.py",
    "solo/rules/mages.py",
    "solo/rules/spells.py",
    "solo/rules/yours.py",
    "solo/automaton/plan.py",
    "solo/rules/abilities/explosions.py",
    "solo/engine/edits.py",
    "solo/rules/combat/conditions.py",
    "solo/rules/markers.py",
    "solo/rules/abilities/printed.py",
]

#: What the compiled build needs besides a C compiler (mypyc is part of mypy): the mypy the
#: test extra pins, asked for only when compiling.
MYPYC = "mypy>=2.4,<2.5"

#: Where a compiled build builds: apart from build/, where a pure one does, so that neither
#: packages what the other left there.
BUILD = "build/compiled"

#: setup.py commands that build the package (the ones that may compile).
_BUILDS = {"bdist_wheel", "build", "build_ext", "install", "bdist"}
_EDITABLE = {"editable_wheel", "develop"}


def wanted(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the compiled build is asked for: ``SOLO_COMPILE`` set to anything but 0."""
    return environ.get("SOLO_COMPILE", "0").strip() not in ("", "0")


def compiled_modules(environ: Mapping[str, str] = os.environ,
                     argv: list[str] | None = None) -> list[str]:
    """The modules this build compiles: none unless asked for, and none for an editable install
    or a command that only reads the metadata."""
    commands = set(sys.argv[1:] if argv is None else argv)
    if not wanted(environ):
        return []
    if commands & _EDITABLE:
        _warn("an editable install is not compiled")
        return []
    return list(COMPILED) if commands & _BUILDS else []


def _warn(why: str) -> None:
    print(f"solo: {why}; installing the pure-Python package", file=sys.stderr)


def missing_compiler() -> str | None:
    """What is missing to compile a C extension here, if anything."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()  # as distutils
    if not cc or shutil.which(cc[0]) is None:
        return f"no C compiler ({cc[0] if cc else 'CC'})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    return None


def _extensions(modules: list[str]) -> list:
    """mypyc's extensions for ``modules`` (it type-checks them and writes their C), or none
    (saying why) when it cannot."""
    if not modules:
        return []
    missing = missing_compiler()
    if missing:
        _warn(f"not compiled: {missing}")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn(f"not compiled: mypyc is missing (pip install '{MYPYC}')")
        return []
    try:
        # Options to mypy: pyproject's overrides name modules not compiled, and the build's
        # environment need not hold solo's dependencies (their types are Any then).
        # One library of them all, named solo__mypyc (a hash otherwise), in a C file a module:
        # smaller files that the C compiler gets through in half the time of one.
        return mypycify(["--no-warn-unused-configs", "--ignore-missing-imports", *modules],
                        opt_level="3", debug_level="0", group_name="solo", multi_file=True,
                        target_dir=f"{BUILD}/c")
    except SystemExit:  # mypyc has printed its errors
        _warn("not compiled: mypyc refused the modules (its errors are above)")
        return []
    except Exception as e:
        _warn(f"not compiled: mypyc failed ({type(e).__name__}: {e})")
        return []


def _compile_in_parallel(compiler: Any, jobs: int) -> None:
    """Makes ``compiler`` (setuptools' C compiler) compile the C files of one extension
    ``jobs`` at a time: mypyc writes a file a module into one extension, which setuptools
    compiles one after the other.  What its ``compile`` does, but each file in a thread of
    its own (each runs the C compiler as a process).  Left as it is when the compiler is not
    built the usual way."""
    if jobs < 2 or not all(hasattr(compiler, name) for name in
                           ("_setup_compile", "_get_cc_args", "_compile")):
        return

    def compile(sources, output_dir=None, macros=None, include_dirs=None, debug=0,
                extra_preargs=None, extra_postargs=None, depends=None):
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj: str) -> None:
            if obj in build:
                src, ext = build[obj]
                compiler._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(one, objects))  # (the first failure is raised here)
        return objects

    compiler.compile = compile


class BuildExt(build_ext):
    """Compiles the extensions, or, when the C compiler fails, removes what it built of them
    and lets the pure package install."""

    def build_extensions(self) -> None:
        _compile_in_parallel(self.compiler, len(os.sched_getaffinity(0))
                             if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
        super().build_extensions()

    def run(self) -> None:
        from importlib.machinery import EXTENSION_SUFFIXES

        ours = {str(Path(p).resolve()) for p in self.get_outputs()}
        for old in Path(self.build_lib).rglob("*"):  # (left by a build of other modules)
            if old.name.endswith(tuple(EXTENSION_SUFFIXES)) and str(old.resolve()) not in ours:
                old.unlink()
        try:
            super().run()
        except Exception as e:  # a CompileError, LinkError, or a compiler that cannot run
            for built in self.get_outputs():
                Path(built).unlink(missing_ok=True)
            self.extensions = []
            self.distribution.ext_modules = []
            said = " ".join(str(e).split())
            _warn(f"not compiled: the C build failed ({type(e).__name__}: "
                  f"{said[:100]}{'...' if len(said) > 100 else ''})")


def _setup_requires() -> list[str]:
    """mypy, when the compiled build is asked for and it is not at hand: setuptools' build
    backend hands it to pip as a build requirement, so a default install never fetches it."""
    if not wanted():
        return []
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return [MYPYC] if "egg_info" in sys.argv[1:] else []
    return []


if __name__ == "__main__":
    extensions = _extensions(compiled_modules())
    setup(ext_modules=extensions, cmdclass={"build_ext": BuildExt},
          options={"build": {"build_base": BUILD}} if extensions else {},
          setup_requires=_setup_requires())
