"""The board at a glance: a text map of the arena, a legend and a status line.

Pure: every function returns a string and nothing here prints.  The map is drawn with
box-drawing characters, one cell per zone (``A1``, the north-west corner, top left), each zone's
name in the top-left corner of its cell.  Inside a cell there is one line per object:

* the mages first: ``DM Warlock 5/38`` and ``YM Beastmaster 0/36`` (damage / life);
* then creatures, the Dummy Mage's before yours: ``dm-1 Timber Wolf 0/10 zG^ Bu2 +1e``;
* then conjurations that are not walls: ``ym-3 Altar of Skulls 0/8``.

Marks after the numbers (see :func:`legend`): ``z`` inactive (has acted, or was summoned this
round), ``G`` guarding, ``^`` flying now, a condition by its short name with its count when more
than one (``Bu2`` Burn 2, ``Dz`` Daze; never a letter and a digit, which would read as a zone), and
``+Ne`` for N enchantments attached.  Walls stand on borders: ``║`` on the border between two
zones of a row, ``═`` (with the wall's id) on the border between two zones of a column, and
every wall is listed under the map.  A cell grows taller to fit its objects; names are shortened
so that a 4-column map stays within 100 columns.
"""

from __future__ import annotations

from solo.rules.board import Board, Conjuration, Creature, Mage, Piece
from solo.core.kinds import Side

#: Characters inside a cell, between its two borders, when no ``width`` is given.
CELL_WIDTH = 23
#: The narrowest cell ``width`` may ask for.
MIN_CELL_WIDTH = 12
#: Below this cell width the map holds labels only and lists the objects zone by zone.
NAMES_CELL_WIDTH = 16
#: Shortest a shortened card name gets before its marks move to a line of their own.
MIN_NAME = 8

#: Short names of the common conditions; any other condition shows its first three letters.
#: Two letters at least: a letter and a count ("B1") would read as a zone.
CONDITION_ABBREVIATIONS: dict[str, str] = {
    "burn": "Bu", "rot": "Rt", "daze": "Dz", "stun": "St", "weak": "Wk", "cripple": "Cr",
    "sleep": "Sl", "slam": "Sm", "corrode": "Co", "knockdown": "Kd", "banish": "Bn",
}

INACTIVE, GUARD, FLYING = "z", "G", "^"
WALL_V, WALL_H = "║", "═"
ELLIPSIS = "…"

_RED, _GREEN, _YELLOW, _DIM, _RESET = "\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[2m", "\x1b[0m"

_DECK_SHORT = (("creature", "creature"), ("enchantment", "ench"), ("incantation", "inc"),
               ("attack", "atk"))


# -- marks -----------------------------------------------------------------------------------

def condition_mark(name: str, count: int = 1) -> str:
    """A condition's short mark: ``Burn 2`` -> ``Bu2``, ``Daze`` -> ``Dz``, ``Stun 2`` -> ``St2``;
    never a letter and digits, which would read as a zone (a one-letter name keeps a dot).

    >>> [condition_mark(*c) for c in (("Burn", 2), ("Burn", 1), ("Daze", 1), ("Rot", 3), ("Charge", 1))]
    ['Bu2', 'Bu', 'Dz', 'Rt3', 'Cha']
    """
    clean = " ".join(str(name).split())
    short = CONDITION_ABBREVIATIONS.get(clean.lower()) or clean[:3] or "?"
    if len(short) == 1:
        short += "."
    if count > 1:
        short += str(count)
    return short


def piece_marks(board: Board, p: Piece) -> str:
    """The marks of one object: flags (``zG^``), conditions, enchantments, space-separated."""
    flags = ""
    if isinstance(p, Creature):
        if not p.active:
            flags += INACTIVE
        if p.guarding:
            flags += GUARD
    if not isinstance(p, Conjuration) and _safe(lambda: board.flying(p), False):
        flags += FLYING
    parts = [flags] if flags else []
    parts += [condition_mark(n, c) for n, c in p.conditions.items() if isinstance(c, int) and c > 0]
    if p.enchantments:
        parts.append(f"+{len(p.enchantments)}e")
    hidden = p.extra.get("hidden_enchantments")
    if isinstance(hidden, list) and hidden:
        parts.append(f"+{len(hidden)}h")
    return " ".join(parts)


def legend() -> str:
    """One line explaining the marks of :func:`board_map`."""
    return ("dmg/life · z inactive · G guarding · ^ flying · +1e enchanted · +1h hidden (yours) · "
            "Bu2 Burn 2 · Rt Rot · "
            "Dz Daze · St Stun · Wk Weak · Cr Cripple · Sl Sleep · Sm Slam · ║ ═ wall")


def status_line(board: Board) -> str:
    """Round, stage, initiative and the sizes of the Dummy Mage's four draw piles."""
    piles = " · ".join(f"{short} {len(board.decks.get(deck, []))}" for deck, short in _DECK_SHORT)
    return (f"Round {board.round} · {board.stage} · initiative {board.initiative.upper()} · "
            f"DM decks: {piles}")


def status_lines(board: Board, room: int) -> list[str]:
    """:func:`status_line` within ``room`` columns: one line when it fits, else the round on
    one line and the Dummy Mage's piles on the next (never a pile left alone on a line)."""
    line = status_line(board)
    if len(line) <= room:
        return [line]
    head, sep, piles = line.partition(" · DM decks: ")
    return [*_wrap_legend(head, room), *_wrap_legend("DM decks: " + piles, room)]


def compact_status(board: Board, room: int) -> str:
    """The one-line status of the compact layout: round, stage, both mages' life left and the
    sizes of the Dummy Mage's four draw piles (creature/enchantment/incantation/attack), in
    ``room`` columns.

    >>> from solo.rules.board import new_board
    >>> b = new_board("Warlock", "Beastmaster", decks={"creature": ["Timber Wolf"] * 14})
    >>> compact_status(b, 80)
    'Round 1 · quickcast-1 · life: you 36, DM 38 · DM decks 14/0/0/0'
    >>> compact_status(b, 60)
    'R1 quickcast-1 · life: you 36, DM 38 · decks 14/0/0/0'
    >>> compact_status(b, 40)
    'R1 quickcast-1 · life: you 36, DM 38 · …'
    """
    life = {side: _safe(lambda side=side: max(0, board.remaining_life(board.mages[side])), "?")
            for side in (Side.YM, Side.DM)}
    lives = f"life: you {life[Side.YM]}, DM {life[Side.DM]}"
    piles = "/".join(str(len(board.decks.get(deck, []))) for deck, _ in _DECK_SHORT)
    line = f"Round {board.round} · {board.stage} · {lives} · DM decks {piles}"
    if len(line) > room:
        line = f"R{board.round} {board.stage} · {lives} · decks {piles}"
    return _clip(line, room) if len(line) > room else line


# -- one object, one line --------------------------------------------------------------------

def _safe(f, default):
    """Statistics of a hand-made board may be odd; the map is drawn whatever they are."""
    try:
        return f()
    except Exception:  # noqa: BLE001 - drawing must never fail on a strange object
        return default


def _numbers(board: Board, p: Piece) -> str:
    if isinstance(p, Conjuration):
        card = _safe(lambda: board.card_of(p), None)
        has_life = "life" in p.stats or (card is not None and card.life is not None)
        if not has_life and not p.damage:
            return ""
    life = _safe(lambda: board.life(p), "?")
    return f"{p.damage}/{life}"


def _label(p: Piece) -> str:
    if isinstance(p, Mage):
        return p.side.upper()
    if p.id.lower().startswith(p.side + "-"):
        return p.id
    return f"{p.side}:{p.id}"


def _shorten(name: str, room: int) -> str:
    """A card name in at most ``room`` characters, keeping its last word (the kind of thing it
    is) as long as possible: ``Darkfenne Hydra`` -> ``Darkf. Hydra`` -> ``D. Hydra`` -> ``D. Hy…``.

    >>> [_shorten("Darkfenne Hydra", n) for n in (20, 12, 8, 6)]
    ['Darkfenne Hydra', 'Darkf. Hydra', 'D. Hydra', 'D. Hy…']
    >>> _shorten("Cervere, The Forest Shadow", 12)
    'Cervere'
    """
    name = " ".join(name.split())
    if len(name) <= room:
        return name
    if "," in name:  # "Cervere, The Forest Shadow" -> "Cervere"
        name = name.split(",")[0].strip() or name
        if len(name) <= room:
            return name
    words = name.split(" ")
    if len(words) > 1:
        heads, last = words[:-1], words[-1]
        longest = max(len(h) for h in heads)
        for k in range(longest - 1, 0, -1):
            cand = " ".join([h if len(h) <= k + 1 else h[:k] + "." for h in heads] + [last])
            if len(cand) <= room:
                return cand
        name = " ".join([h[:1] + "." if len(h) > 2 else h for h in heads] + [last])
    return name[:max(room - 1, 1)].rstrip() + ELLIPSIS


def piece_lines(board: Board, p: Piece, room: int) -> list[str]:
    """An object's line (its marks on a second line when they cannot share the first), each
    at most ``room`` characters."""
    head, tail, marks = _label(p), _numbers(board, p), piece_marks(board, p)
    name = " ".join(p.card.split())
    fixed = [x for x in (tail, marks) if x]
    full = " ".join([head, name, *fixed])
    if len(full) <= room:
        return [full]
    rest = " ".join(fixed)
    avail = room - len(head) - 1 - (len(rest) + 1 if rest else 0)
    if avail >= min(MIN_NAME, len(name)):
        return [_clip(" ".join([head, _shorten(name, avail), *fixed]), room)]
    # Not enough room for name and marks: the marks go on a line of their own.
    avail = room - len(head) - 1 - (len(tail) + 1 if tail else 0)
    first = " ".join([head, _shorten(name, max(avail, 1)), *([tail] if tail else [])])
    lines = [_clip(first, room)]
    if marks:
        lines += ["  " + x for x in _wrap(marks, room - 2)]
    return lines


def _clip(text: str, room: int) -> str:
    return text if len(text) <= room else text[:max(room - 1, 0)] + ELLIPSIS


def _wrap(text: str, room: int) -> list[str]:
    """Words of ``text`` in lines of at most ``room`` characters (a too-long word is clipped)."""
    lines, line = [], ""
    for w in text.split():
        cand = f"{line} {w}" if line else w
        if len(cand) <= room or not line:
            line = cand
        else:
            lines.append(line)
            line = w
    if line:
        lines.append(line)
    return [_clip(x, room) for x in lines]


def zone_contents(board: Board) -> dict[str, list[Piece]]:
    """Objects in each zone, in drawing order: DM mage, your mage, the DM's creatures, yours,
    then conjurations that are not walls.  Objects in a zone the arena lacks are left out."""
    out: dict[str, list[Piece]] = {z: [] for z in board.arena.zones()}

    def put(p: Piece) -> None:
        try:
            zone = board.arena.normal(p.zone)
        except Exception:  # noqa: BLE001 - a hand-made board may hold a bad zone
            return
        out[zone].append(p)

    put(board.mages[Side.DM])
    put(board.mages[Side.YM])
    for side in (Side.DM, Side.YM):
        for c in board.creatures:
            if c.side == side:
                put(c)
    for c in board.creatures:
        if c.side not in (Side.DM, Side.YM):
            put(c)
    for cj in board.conjurations:
        if cj.border is None:
            put(cj)
    return out


# -- the map ---------------------------------------------------------------------------------

def _walls_by_border(board: Board) -> tuple[dict[frozenset, list[Conjuration]], list[Conjuration]]:
    by_edge: dict[frozenset, list[Conjuration]] = {}
    walls = [c for c in board.conjurations if c.border is not None]
    for w in walls:
        if w.border is None:
            continue
        try:
            a, b = board.arena.normal(w.zone), board.arena.normal(w.border)
        except Exception:  # noqa: BLE001
            continue
        if board.arena.adjacent(a, b):
            by_edge.setdefault(frozenset((a, b)), []).append(w)
    return by_edge, walls


def _paint(text: str, code: str, color: bool) -> str:
    return f"{code}{text}{_RESET}" if color and text.strip() else text


def board_map(board: Board, width: int | None = None, color: bool = False) -> str:
    """The arena as a grid of cells, then a line listing the walls (when there are any).

    ``width`` is the most columns the map may take; cells are :data:`CELL_WIDTH` characters
    wide by default, never narrower than :data:`MIN_CELL_WIDTH`.  ``color`` adds ANSI colours
    (red for the Dummy Mage's side, green for yours, yellow walls); the layout is the same.
    """
    arena = board.arena
    cols, rows = arena.columns, arena.rows
    inner = CELL_WIDTH
    if width is not None:
        inner = max(MIN_CELL_WIDTH, min(CELL_WIDTH, (width - 1) // cols - 1))
    room = inner - 1  # one space of padding on the left of every line
    # Too narrow for names (a 60-column terminal): the cells hold the labels, and a list per
    # zone under the map gives each object in full.
    listing = width is not None and inner < NAMES_CELL_WIDTH

    contents = zone_contents(board)
    cell_lines: dict[str, list[tuple[str, str]]] = {}
    below: list[str] = []
    for zone, pieces in contents.items():
        lines = []
        for p in pieces:
            colour = _RED if p.side == Side.DM else _GREEN if p.side == Side.YM else ""
            if listing:
                marks = piece_marks(board, p)
                lines.append((_clip(" ".join([_label(p), *([marks] if marks else [])]), room), colour))
                full = piece_lines(board, p, (width or 80) - 6)
                below += [_paint((f"  {zone:<4}" if i == 0 else " " * 6) + x, colour, color)
                          for i, x in enumerate(full)]
            else:
                lines += [(text, colour) for text in piece_lines(board, p, room)]
        cell_lines[zone] = lines
    by_edge, walls = _walls_by_border(board)

    def wall_on(a: tuple[int, int], b: tuple[int, int]) -> list[Conjuration]:
        return by_edge.get(frozenset((arena.name(*a), arena.name(*b))), [])

    out: list[str] = []
    for r in range(rows + 1):
        # the border above row r (r == rows: the bottom edge)
        left, mid, right = "┌┬┐" if r == 0 else "└┴┘" if r == rows else "├┼┤"
        line = ""
        for c in range(cols):
            line += left if c == 0 else mid
            ws = wall_on((c, r - 1), (c, r)) if 0 < r < rows else []
            fill = WALL_H if ws else "─"
            seg = fill
            if r < rows:
                seg += arena.name(c, r)
            if ws:
                ids = ",".join(w.id for w in ws)
                room_ids = inner - len(seg) - 2
                if room_ids >= 3:
                    ids = _clip(ids, room_ids)
                    seg += fill * (inner - len(seg) - len(ids) - 2) + f" {ids} "
            seg += fill * (inner - len(seg))
            line += _paint(seg, _YELLOW, color) if ws else seg
        out.append(line + right)
        if r == rows:
            break
        height = max([1] + [len(cell_lines[arena.name(c, r)]) for c in range(cols)])
        for i in range(height):
            line = ""
            for c in range(cols):
                edge = "│"
                if c > 0 and wall_on((c - 1, r), (c, r)):
                    edge = _paint(WALL_V, _YELLOW, color)
                items = cell_lines[arena.name(c, r)]
                text, colour = items[i] if i < len(items) else ("", "")
                line += edge + _paint(" " + text.ljust(room), colour, color and bool(colour))
            out.append(line + "│")

    out += below
    if walls:
        listed = []
        for w in walls:
            listed.append(f"{_label(w)} {' '.join(w.card.split())} {w.zone}|{w.border}")
        total = cols * (inner + 1) + 1
        out += _wrap_legend("Walls: " + " · ".join(listed), max(total, 40))
    return "\n".join(out)


def _wrap_legend(text: str, room: int) -> list[str]:
    parts = text.split(" · ")
    lines, line = [], ""
    for part in parts:
        cand = f"{line} · {part}" if line else part
        if len(cand) <= room or not line:
            line = cand
        else:
            lines.append(line)
            line = "       " + part
    lines.append(line)
    return lines


def board_view(board: Board, width: int | None = None, color: bool = False) -> str:
    """Status line, map and legend together, as a command would show them (each line within
    ``width`` columns when given)."""
    room = width or 10**6
    return "\n".join([*status_lines(board, room), board_map(board, width, color),
                      *_wrap_legend(legend(), room)])
