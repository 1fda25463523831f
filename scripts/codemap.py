"""The code map of docs/architecture.md: every module of solo/ with its job, from its docstring.

    .venv/bin/python scripts/codemap.py [--write | --check]

Prints the map (Markdown): the package's own docstring over a table of its modules, each with the
first sentence of its docstring, packages in the order of their layers.  ``--write`` puts the map
into docs/architecture.md, between its two markers; ``--check`` exits 1 when the page's map is not
the one the modules give.  ``tests/test_docs.py`` checks it, so the map cannot go stale: after
adding, moving or removing a module, or changing the first sentence of its docstring, run
``--write``.  Reads ``solo/`` without importing it.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from house import LAYERS, ROOT, modules, package_of

PAGE = ROOT / "docs" / "architecture.md"
BEGIN = "<!-- code map: written by `python scripts/codemap.py --write` from the docstrings -->"
END = "<!-- end of the code map -->"
#: A sentence ends at a full stop, a question or an exclamation mark followed by a new sentence.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`(*])")
#: A Sphinx role (``:mod:`a.b` ``, ``:class:`~a.b.C` ``: the last name only), as Markdown code.
_ROLE = re.compile(r":[a-z]+:`(~?)([^`]*)`")


def job(path: Path) -> str:
    """The first sentence of the module's docstring, in Markdown ("" when it has none)."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    first = " ".join(doc.split("\n\n")[0].split())
    first = _SENTENCE_END.split(first, 1)[0]
    first = _ROLE.sub(lambda m: f"`{m[2].rsplit('.', 1)[-1] if m[1] else m[2]}`", first)
    return first.replace("``", "`").replace("|", "\\|")


def entries() -> dict[str | None, list[tuple[str, str, str]]]:
    """Per package (None: the modules in no package), its modules as (path in the package, path
    from docs/, job), the package's own ``__init__.py`` first."""
    out: dict[str | None, list[tuple[str, str, str]]] = {}
    for name, path in modules().items():
        pkg = package_of(name)
        rel = path.relative_to(ROOT / "solo" / pkg) if pkg else path.relative_to(ROOT)
        shown = rel.as_posix() if pkg is None else rel.as_posix().removesuffix("__init__.py") or "__init__.py"
        out.setdefault(pkg, []).append((shown, "../" + path.relative_to(ROOT).as_posix(), job(path)))
    for rows in out.values():
        rows.sort(key=lambda row: (row[0] != "__init__.py", row[0]))
    return out


def _row(shown: str, link: str, what: str) -> str:
    return f"| [`{shown}`]({link}) | {what or '(no docstring)'} |"


def table() -> str:
    """The map, between its markers."""
    found = entries()
    lines = [BEGIN, "", "| module | its job |", "|---|---|"]
    lines += [_row(*row) for row in found.pop(None, [])]
    for pkg in LAYERS:
        rows = found.pop(pkg, [])
        if not rows:
            continue
        _, link, intro = rows[0] if rows[0][0] == "__init__.py" else ("", f"../solo/{pkg}", "")
        lines += ["", f"**[`{pkg}/`]({link})**: {intro or '(no docstring)'}", "",
                  "| module | its job |", "|---|---|"]
        lines += [_row(*row) for row in rows if row[0] != "__init__.py"]
    assert not found, f"packages outside the layers: {sorted(map(str, found))}"
    return "\n".join([*lines, "", END])


def on_page(text: str) -> str | None:
    """The map as it stands on the page, markers included (None when the page has none)."""
    if BEGIN not in text or END not in text:
        return None
    return BEGIN + text.split(BEGIN, 1)[1].split(END, 1)[0] + END


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    what = ap.add_mutually_exclusive_group()
    what.add_argument("--write", action="store_true", help="put the map into " + str(PAGE.relative_to(ROOT)))
    what.add_argument("--check", action="store_true", help="exit 1 when the page's map is stale")
    args = ap.parse_args(argv)
    new = table()
    if not (args.write or args.check):
        print(new)
        return 0
    text = PAGE.read_text(encoding="utf-8")
    old = on_page(text)
    if old is None:
        print(f"{PAGE.relative_to(ROOT)} has no code map between {BEGIN!r} and {END!r}")
        return 1
    if args.check:
        if old != new:
            print(f"the code map of {PAGE.relative_to(ROOT)} is stale: run python scripts/codemap.py --write")
            return 1
        return 0
    PAGE.write_text(text.replace(old, new), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
