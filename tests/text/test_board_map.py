"""The board map: every object in its zone's cell, walls on their borders, marks, width."""

import copy
import json
import re
from pathlib import Path

import pytest

from solo.text import board_map as render
from solo.rules.board import new_board
from solo.store.board_file import from_dict, load

DATA = Path(__file__).parents[1] / "data"
JUNCTIONS = "┌┬┐├┼┤└┴┘"

EXAMPLE = json.loads((Path(__file__).parents[1] / "data" / "contract_board.json").read_text())  # contract section 2


def parse_map(text: str):
    """Read a drawn map back: ``cells[zone]`` = the text lines inside the zone's cell,
    ``tops[zone]`` = the border segment above it, ``lefts[zone]`` = the characters on its
    west border (one per content line), ``heights`` = content lines per grid row."""
    lines = text.splitlines()
    borders = [i for i, line in enumerate(lines) if line[:1] in "┌├└"]
    cells, tops, lefts, heights = {}, {}, {}, []
    for b, nxt in zip(borders, borders[1:]):
        border = lines[b]
        cuts = [j for j, ch in enumerate(border) if ch in JUNCTIONS]
        body = lines[b + 1:nxt]
        heights.append(len(body))
        for left, right in zip(cuts, cuts[1:]):
            seg = border[left + 1:right]
            zone = re.match(r"^[─═]([A-Z][0-9]+)", seg).group(1)
            tops[zone] = seg
            cells[zone] = [row[left + 1:right].strip() for row in body if row[left + 1:right].strip()]
            lefts[zone] = "".join(row[left] for row in body)
    return cells, tops, lefts, heights


def where(cells, prefix):
    """The zones whose cell holds a line starting with ``prefix``."""
    return [z for z, rows in cells.items() if any(r.startswith(prefix) for r in rows)]


@pytest.fixture
def example():
    return from_dict(copy.deepcopy(EXAMPLE))


def test_contract_example_objects_in_their_cells(example):
    text = render.board_map(example)
    cells, tops, lefts, _ = parse_map(text)
    assert sorted(cells) == sorted(example.arena.zones())
    assert cells["A1"] == ["DM Warlock 0/38"]
    assert cells["D3"] == ["YM Beastmaster 0/36"]
    assert where(cells, "dm-1 ") == ["B1"]
    wolf = " ".join(cells["B1"])
    assert "0/10" in wolf  # Bear Strength: life 10
    assert "Bu" in wolf.split() and "+1e" in wolf.split()  # Burn 1, one enchantment
    for zone in ("A2", "B3", "C1", "C2", "C3", "D1", "D2", "A3", "B2"):
        assert cells[zone] == []
    # the wall stands on the B1/B2 border, not inside a cell
    assert "═" in tops["B2"] and "ym-7" in tops["B2"]
    assert "═" not in "".join(v for k, v in tops.items() if k != "B2")
    assert not where(cells, "ym-7")
    assert "ym-7 Wall of Stone B1|B2" in text.splitlines()[-1]


def test_zone_names_run_west_to_east_and_north_to_south(example):
    first_border = render.board_map(example).splitlines()[0]
    assert re.findall(r"[A-Z][0-9]+", first_border) == ["A1", "B1", "C1", "D1"]


def test_every_creature_of_a_crowded_board_in_its_zone():
    board = load(DATA / "board24.json")
    assert len(board.creatures) == 24
    assert len(board.side_creatures("dm")) == len(board.side_creatures("ym")) == 12
    cells, _, _, _ = parse_map(render.board_map(board))
    for c in board.creatures:
        assert where(cells, c.id + " ") == [c.zone], c.id
    assert where(cells, "DM ") == [board.mages["dm"].zone]
    assert where(cells, "YM ") == [board.mages["ym"].zone]


def test_vertical_wall_drawn_between_its_zones():
    board = load(DATA / "board24.json")
    _, tops, lefts, _ = parse_map(render.board_map(board))
    # ym-13 stands between B2 and C2: the west border of C2 is a wall, no other one is
    assert set(lefts["C2"]) == {"║"}
    assert all("║" not in v for k, v in lefts.items() if k != "C2")
    # dm-13 stands between C1 and C2: the top of C2
    assert "dm-13" in tops["C2"]


def test_cell_with_six_creatures_grows():
    board = new_board()
    names = ["Timber Wolf", "Bitterwood Fox", "Darkfenne Bat", "Gorgon Archer", "Iron Golem",
             "Emerald Tegu"]
    ids = [board.add_creature(n, "dm", "C2").id for n in names]
    cells, _, _, heights = parse_map(render.board_map(board))
    assert heights[1] >= 6 and heights[0] == heights[2] == 1
    for i in ids:
        assert where(cells, i + " ") == ["C2"]
    assert all(cells[z] == [] for z in ("A2", "B2", "D2"))


@pytest.mark.parametrize("width", [None, 100, 80])
def test_four_columns_fit(width):
    board = new_board()
    long_names = ["Cervere, The Forest Shadow", "Sardonyx, Blight of the Living",
                  "Galador, Protector of Straywood", "Stonegaze Basilisk", "Thunderift Falcon"]
    for i, name in enumerate(long_names):
        board.add_creature(name, "ym", "B2", id=f"ym-{100 + i}", damage=123, active=False,
                           guarding=True, conditions={"Burn": 12, "Daze": 1, "Stun": 1, "Weak": 2,
                                                      "Corrode": 3},
                           enchantments=["Bear Strength", "Rhino Hide"])
    text = render.board_map(board, width=width)
    limit = width or 100
    assert max(len(line) for line in text.splitlines()) <= limit
    cells, _, _, _ = parse_map(text)
    for i in range(5):
        assert where(cells, f"ym-{100 + i} ") == ["B2"]


def test_long_names_keep_their_last_word():
    board = new_board()
    board.add_creature("Darkfenne Hydra", "dm", "B1", id="dm-1", damage=10)
    board.add_creature("Darkfenne Bat", "dm", "B1", id="dm-2", active=False, guarding=True,
                       conditions={"Burn": 3, "Daze": 1, "Weak": 1})
    cells, _, _, _ = parse_map(render.board_map(board))
    text = " ".join(cells["B1"])
    assert "Hydra" in text and "Bat" in text


@pytest.mark.parametrize("name,count,mark", [
    ("Burn", 2, "Bu2"), ("Burn", 1, "Bu"), ("Daze", 1, "Dz"), ("Daze", 2, "Dz2"), ("Stun", 1, "St"),
    ("Weak", 1, "Wk"), ("Rot", 3, "Rt3"), ("Cripple", 1, "Cr"), ("Sleep", 1, "Sl"),
    ("Slam", 1, "Sm"), ("Charge", 1, "Cha"), ("Zap", 4, "Zap4"),
])
def test_condition_marks(name, count, mark):
    assert render.condition_mark(name, count) == mark


def test_marks_in_the_map():
    board = new_board()
    board.add_creature("Darkfenne Bat", "dm", "B1", id="dm-1")  # flies
    board.add_creature("Darkfenne Bat", "dm", "C1", id="dm-2", conditions={"Cripple": 1})
    board.add_creature("Timber Wolf", "ym", "B3", id="ym-1", active=False, guarding=True,
                       conditions={"Rot": 2, "Stun": 1, "Sleep": 0})
    cells, _, _, _ = parse_map(render.board_map(board))
    bat = " ".join(cells["B1"]).split()
    assert "^" in bat
    crippled = " ".join(cells["C1"]).split()
    assert "^" not in crippled and "Cr" in crippled  # restrained: not flying now
    wolf = " ".join(cells["B3"]).split()
    assert "zG" in wolf and "Rt2" in wolf and "St" in wolf
    assert "Sl" not in wolf  # a count of 0 is no condition


def test_conjuration_that_is_not_a_wall_sits_in_its_cell(example):
    example.add_conjuration("Altar of Skulls", "dm", "C3", id="dm-9")
    cells, _, _, _ = parse_map(render.board_map(example))
    assert where(cells, "dm-9 ") == ["C3"]


def test_other_arena_sizes():
    board = new_board(columns=5, rows=2, dm_zone="E1", ym_zone="A2")
    board.add_conjuration("Wall of Stone", "ym", "E1", border="E2", id="ym-3")
    cells, tops, _, heights = parse_map(render.board_map(board))
    assert sorted(cells) == sorted(board.arena.zones()) and len(heights) == 2
    assert where(cells, "DM ") == ["E1"] and where(cells, "YM ") == ["A2"]
    assert "ym-3" in tops["E2"]


def test_color_is_optional(example):
    plain = render.board_map(example)
    assert "\x1b" not in plain
    coloured = render.board_map(example, color=True)
    assert "\x1b[" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain


def test_map_does_not_change_the_board(example):
    before = json.dumps(example.to_dict(), sort_keys=True)
    render.board_view(example)
    assert json.dumps(example.to_dict(), sort_keys=True) == before


def test_status_line():
    board = load(DATA / "board24.json")
    board.decks["creature"] = ["Timber Wolf"] * 12
    board.decks["enchantment"] = ["Agony"] * 9
    board.decks["incantation"] = ["Heal"] * 10
    board.decks["attack"] = ["Fireball"] * 8
    line = render.status_line(board)
    assert "\n" not in line
    assert "Round 4" in line and "creatures" in line and "initiative DM" in line
    assert "creature 12 · ench 9 · inc 10 · atk 8" in line


def test_status_lines_keep_the_piles_together_at_80_columns():
    board = load(DATA / "board24.json")
    board.round = 10
    board.stage = "quickcast-1"
    for deck in board.decks:
        board.decks[deck] = ["Timber Wolf"] * 15
    assert len(render.status_line(board)) > 80
    lines = render.status_lines(board, 80)
    assert lines == [f"Round 10 · quickcast-1 · initiative {board.initiative.upper()}",
                     "DM decks: creature 15 · ench 15 · inc 15 · atk 15"]
    assert render.status_lines(board, 200) == [render.status_line(board)]


def test_legend_explains_every_mark():
    text = render.legend()
    assert "\n" not in text
    for mark in ("z ", "G ", "^ ", "+1e", "Bu2", "Dz", "St", "Wk", "Rt", "Cr", "Sl", "Sm", "║"):
        assert mark in text


def test_board_with_odd_stats_still_draws():
    board = new_board()
    board.add_creature("Homemade Thing", "dm", "A2", id="dm-1", stats={"life": 5, "cost": 2},
                       conditions={"": 1, "very long condition name": 2})
    cells, _, _, _ = parse_map(render.board_map(board))
    assert where(cells, "dm-1 ") == ["A2"]


def test_the_compact_status_never_shows_life_below_zero():
    """A mage can take more damage than its life (the blow that ends the game): what is left
    is none, not a negative number."""
    from solo.core.kinds import Side
    from solo.rules.effects import SetDamage, apply

    board = new_board()
    ym = board.mages[Side.YM]
    apply(board, SetDamage(ym.id, board.remaining_life(ym) + 2 + ym.damage))
    assert board.remaining_life(ym) == -2
    assert "life: you 0," in render.compact_status(board, 80)
