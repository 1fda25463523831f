"""The documentation's examples work as they are written, and what it says of the code, the
shipped data, the tests and CI is true: the README's set-up commands, figures and commands, the
links between pages, the long runs, and the code map of docs/architecture.md."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from solo.store import board_file

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_board_format_example_loads_and_keeps_every_key():
    text = (DOCS / "board-format.md").read_text(encoding="utf-8")
    example = re.search(r"```json\n(.*?)```", text, re.S)
    assert example, "docs/board-format.md has lost its example"
    data = json.loads(example.group(1))
    b = board_file.from_dict(data)
    assert b.stage == "creatures" and b.mages["ym"].zone == "C3"
    again = json.loads(board_file.dumps(b))
    assert again["mages"]["ym"]["equipment"] == ["Leather Boots"]
    assert [w.border for w in b.walls()] == ["C2"]


def test_every_key_of_the_example_is_described():
    text = (DOCS / "board-format.md").read_text(encoding="utf-8")
    data = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
    table = text.split("## The keys", 1)[1]
    for key in data:
        assert re.search(rf"`{key}[`.\[]", table), key
    for key in data["mages"]["ym"]:
        assert f"`{key}`" in table or f"mages.*.{key}" in table, key


# -- the README's facts ----------------------------------------------------------------------

ROOT = DOCS.parent
README = ROOT / "README.md"
PLAY = "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/solo play"
TEST = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/pytest -q -n auto"


def section(text: str, heading: str) -> str:
    """The text under a ``## heading`` up to the next heading of the same level."""
    body = text.split(f"\n## {heading}\n", 1)[1]
    return body.split("\n## ", 1)[0]


def test_the_set_up_commands_are_the_ones_ci_runs():
    """One command installs and plays, one installs the test needs and runs every test: the
    README gives both, and .ci/run runs the second on a fresh clone, then the type checks."""
    setup = section(README.read_text(encoding="utf-8"), "Set up")
    assert f"\n    {PLAY}\n" in setup and f"\n    {TEST}\n" in setup
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert TEST in ci
    assert any(line.split("#")[0].strip().endswith("scripts/typecheck") for line in ci)
    assert ci.index(TEST) < next(i for i, line in enumerate(ci) if "scripts/typecheck" in line)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    extra = re.search(r"^test = \[(.*)\]$", pyproject, re.M)
    assert extra and {"pytest", "hypothesis", "mypy"} <= set(re.findall(r'"([a-z]+)', extra[1]))


def _numbers(row: str) -> list[int]:
    """The first whole number of each cell of a Markdown table row after the first."""
    return [int(re.match(r"[\d,]+", cell.strip().strip("*"))[0].replace(",", ""))
            for cell in row.strip().strip("|").split("|")[1:]]


def test_the_readme_coverage_figures_are_those_of_docs_cards_md():
    """docs/cards.md is checked against the code (tests/cards/test_coverage.py); the README's table
    must say the same."""
    readme = section(README.read_text(encoding="utf-8"), "Card coverage")
    ours = [_numbers(r) for r in readme.splitlines() if re.match(r"\| [a-z]", r)]
    cards = (DOCS / "cards.md").read_text(encoding="utf-8").split("### By card type", 1)[1]
    cards = cards.split("\n#", 1)[0]
    theirs = [_numbers(r) for r in cards.splitlines() if re.match(r"\| [A-Z*]", r)
              and not r.startswith("| Type")]
    assert ours == theirs and len(ours) == 5


def test_the_readme_ratings_are_the_shipped_ones():
    from solo.engine.game import ENGINE
    from solo.engine.luck import coefficients
    from solo.engine.ratings import Rating

    text = section(README.read_text(encoding="utf-8"), "How hard the Dummy Mage is")
    assert f"engine {ENGINE}" in text
    rows = {r.split("|")[1].strip(): [c.strip() for c in r.strip().strip("|").split("|")[1:]]
            for r in text.splitlines() if re.match(r"\| (Easier|Starter|Harder) ", r)}
    shipped = json.loads((ROOT / "decks" / "ratings.json").read_text(encoding="utf-8"))
    seen = set()
    for entry in shipped.values():
        if entry["engine"] != ENGINE or entry.get("dm_life") is not None:
            continue
        r = Rating.from_dict(entry).with_(coefficients(ENGINE))  # as solo shows it
        lo, hi = r.interval
        column = ("beginner", "skilled").index(entry["opponent"])
        assert rows[entry["decks"]][column] == (
            f"{100 * r.win_rate:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%, {r.games:,} games)")
        seen.add((entry["decks"], entry["opponent"]))
    assert len(seen) == 6


def test_the_readme_names_every_command():
    import click

    from solo.cli.app import COMMANDS, cli

    text = " ".join(section(README.read_text(encoding="utf-8"), "Commands").split())
    ctx = click.Context(cli)
    for name in COMMANDS:
        assert f"`solo {name}" in text, name
        command = cli.get_command(ctx, name)
        for sub in getattr(command, "commands", {}):
            assert f"solo {name} {sub}" in text or f"solo {name} [{sub}]" in text, f"solo {name} {sub}"


def _slug(heading: str) -> str:
    """A heading's anchor, as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("page", ["README.md", *sorted(f"docs/{p.name}" for p in DOCS.glob("*.md"))])
def test_every_link_and_named_page_is_there(page):
    path = ROOT / page
    text = path.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        file, _, anchor = target.partition("#")
        where = (path.parent / file).resolve() if file else path
        assert where.exists(), f"{page}: {target}"
        if anchor:
            headings = re.findall(r"^#+ (.*)$", where.read_text(encoding="utf-8"), re.M)
            assert anchor in {_slug(h) for h in headings}, f"{page}: {target}"
    for named in re.findall(r"`((?:docs|scripts|tests|solo|decks)/[\w./-]+\.(?:md|py|json|toml))`", text):
        assert (ROOT / named).exists(), f"{page}: {named}"


def test_the_long_runs_the_docs_give_set_what_their_tests_read():
    """Each `SOLO_...=N pytest ... tests/x.py [-k word]` in the docs: every variable is read by
    the files it runs, and the -k word picks a test there."""
    pages = [README, *DOCS.glob("*.md")]
    runs = [line.strip() for p in pages for line in p.read_text(encoding="utf-8").splitlines()
            if re.match(r"\s*(SOLO_\w+=\S+ )+pytest ", line)]
    assert len(runs) >= 3
    for run in runs:
        files = [ROOT / f for f in re.findall(r"tests/[\w/]+\.py", run)]
        source = "".join(f.read_text(encoding="utf-8") for f in files)
        for variable in re.findall(r"(SOLO_\w+)=", run):
            assert f'"{variable}"' in source, run
        word = re.search(r"-k (\w+)", run)
        if word:
            assert re.search(rf"def test_\w*{word[1]}", source), run


def test_the_quick_run_leaves_out_the_slow_tests_by_a_registered_marker():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_config = config["tool"]["pytest"]["ini_options"]
    assert any(m.startswith("slow:") for m in pytest_config["markers"])
    assert "--strict-markers" in pytest_config["addopts"]
    assert '-m "not slow"' in section(README.read_text(encoding="utf-8"), "Contributing")


def test_every_test_marked_slow_by_name_is_a_test_of_its_file():
    from conftest import SLOW

    for file, names in SLOW.items():
        source = (ROOT / "tests" / file).read_text(encoding="utf-8")
        for name in names:
            assert f"\ndef {name.split('[')[0]}(" in source, f"{file}: {name}"


# -- the code map ----------------------------------------------------------------------------

def _codemap():
    from scripts_at_hand import script

    return script("codemap")


def test_the_code_map_lists_every_module():
    codemap = _codemap()
    page = codemap.on_page((DOCS / "architecture.md").read_text(encoding="utf-8"))
    assert page is not None, "docs/architecture.md has lost its code map"
    listed = set(re.findall(r"\]\(\.\./(solo/[\w/]+\.py)\)", page))
    every = {p.relative_to(ROOT).as_posix() for p in (ROOT / "solo").rglob("*.py")}
    assert every - listed == set(), "run: python scripts/codemap.py --write"
    assert listed - every == set(), "run: python scripts/codemap.py --write"


def test_the_code_map_says_what_each_module_says_it_does():
    codemap = _codemap()
    page = codemap.on_page((DOCS / "architecture.md").read_text(encoding="utf-8"))
    assert page == codemap.table(), "the code map is stale: run python scripts/codemap.py --write"


def test_every_module_says_what_it_does():
    codemap = _codemap()
    silent = [p.relative_to(ROOT).as_posix() for p in (ROOT / "solo").rglob("*.py")
              if not codemap.job(p)]
    assert silent == [], "a module's docstring says what it does (the code map shows it)"
