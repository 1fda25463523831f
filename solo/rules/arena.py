"""Arena geometry: zones, orthogonal adjacency and distance, compass steps, walls, line of sight.

Zones are named by column letter (west to east, ``A``..) and row number (north to south, ``1``..):
``A1`` is the north-west corner.  Everything here is pure and cheap.
"""

from __future__ import annotations

from typing import Final

import re
from collections import deque
from collections.abc import Iterable

from solo.core.errors import InvalidInput, NotAdjacent, NotAZone, OutsideArena
from solo.core.records import FrozenRecord

#: A zone name: a column letter, a row number (through re's cache: rarely needed, see parse).
# (not string.ascii_letters: that import costs start-up)
_ZONE: Final = "^([a-zA-Z])([1-9][0-9]?)$"
Point = tuple[int, int]
#: The largest arena a board may have: the Arena board is 4 columns by 3 rows, and two boards
#: side by side (8 by 3, or 4 by 6) or a square variant still fit.  Every pair of zones has its
#: distance worked out once (:class:`_Tables`), so the tables grow with the square of the zones:
#: 26 by 99 took 860 MB (docs/reliability.md).
MAX_COLUMNS: Final = 8
MAX_ROWS: Final = 8
STEPS: Final = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


class Wall(FrozenRecord):
    """A wall on the border between two adjacent zones."""

    id: str
    zone: str
    border: str
    passage_blocked: bool
    passage_attacks: bool
    blocks_los: bool

    def __init__(self, id: str, zone: str, border: str, passage_blocked: bool = False,
                 passage_attacks: bool = False, blocks_los: bool = False) -> None:
        vars(self).update(id=id, zone=zone, border=border, passage_blocked=passage_blocked,
                          passage_attacks=passage_attacks, blocks_los=blocks_los)

    @property
    def edge(self) -> frozenset[str]:
        return frozenset((self.zone, self.border))


class _Tables:
    """Everything about an arena's zones worked out once: where each zone name lies (both
    spellings), the distance between any two, and each zone's neighbours."""

    def __init__(self, columns: int, rows: int) -> None:
        self.where: dict[str, tuple[int, int]] = {}
        #: each zone's canonical name, by both spellings (Arena.normal)
        self.normal: dict[str, str] = {}
        names = []
        for r in range(rows):
            for c in range(columns):
                name = _name(c, r)
                names.append(name)
                self.where[name] = self.where[name.lower()] = (c, r)
                self.normal[name] = self.normal[name.lower()] = name
        #: every zone, in Arena.zones' order (row by row)
        self.zones = tuple(names)
        self.dist: dict[tuple[str, str], int] = {}
        self.near: dict[str, tuple[str, ...]] = {}
        for a in names:
            ca, ra = self.where[a]
            for b in names:
                cb, rb = self.where[b]
                self.dist[a, b] = abs(ca - cb) + abs(ra - rb)
            self.near[a] = tuple(_name(ca + dc, ra + dr) for dc, dr in STEPS.values()
                                 if 0 <= ca + dc < columns and 0 <= ra + dr < rows)


def _name(col: int, row: int) -> str:
    """The name of the zone in column ``col`` and row ``row`` (both from 0): ``A1``, ``C2``."""
    return chr(ord("A") + col) + str(row + 1)


_TABLES: Final[dict[tuple[int, int], _Tables]] = {}


def _tables(columns: int, rows: int) -> _Tables:
    key = (columns, rows)
    t = _TABLES.get(key)
    if t is None:
        fits = 0 < columns <= MAX_COLUMNS and 0 < rows <= MAX_ROWS
        t = _TABLES[key] = _Tables(columns, rows) if fits else _Tables(0, 0)
    return t


class Arena(FrozenRecord):
    columns: int
    rows: int
    _t: _Tables  # not a field (a private name): the tables of its zones, shared by every arena of its size

    def __init__(self, columns: int = 4, rows: int = 3) -> None:
        vars(self).update(columns=columns, rows=rows, _t=_tables(columns, rows))

    # -- zones ---------------------------------------------------------------------------------
    def parse(self, zone: str) -> tuple[int, int]:
        """Column and row (0-based) of a zone name.

        >>> Arena().parse("A1"), Arena().parse("d3")
        ((0, 0), (3, 2))
        """
        hit = self._t.where.get(zone) if isinstance(zone, str) else None
        if hit is not None:
            return hit
        m = re.match(_ZONE, zone.strip()) if isinstance(zone, str) else None
        if not m:
            raise NotAZone(zone)
        col, row = ord(m.group(1).upper()) - ord("A"), int(m.group(2)) - 1
        if not (0 <= col < self.columns and 0 <= row < self.rows):
            raise OutsideArena(zone, self.columns, self.rows,
                               self.name(self.columns - 1, self.rows - 1))
        return col, row

    def name(self, col: int, row: int) -> str:
        return chr(ord("A") + col) + str(row + 1)

    def is_zone(self, zone: str) -> bool:
        try:
            self.parse(zone)
            return True
        except InvalidInput:
            return False

    def normal(self, zone: str) -> str:
        """The canonical spelling of a zone name (upper-case letter)."""
        hit = self._t.normal.get(zone) if isinstance(zone, str) else None
        return hit if hit is not None else self.name(*self.parse(zone))

    def zones(self) -> list[str]:
        kept = self._t.zones  # (none kept for an arena past the tables' limits)
        if kept:
            return list(kept)
        return [self.name(c, r) for r in range(self.rows) for c in range(self.columns)]

    def distance(self, a: str, b: str) -> int:
        """Orthogonal steps between two zones.

        >>> Arena().distance("A1", "B2"), Arena().distance("A1", "D3")
        (2, 5)
        """
        hit = self._t.dist.get((a, b))
        if hit is not None:
            return hit
        (ca, ra), (cb, rb) = self.parse(a), self.parse(b)
        return abs(ca - cb) + abs(ra - rb)

    def step(self, zone: str, direction: str) -> str | None:
        """The zone one step in a compass direction, or None off the arena.

        >>> Arena().step("B1", "north") is None, Arena().step("B1", "east")
        (True, 'C1')
        """
        c, r = self.parse(zone)
        dc, dr = STEPS[direction]
        c, r = c + dc, r + dr
        if 0 <= c < self.columns and 0 <= r < self.rows:
            return self.name(c, r)
        return None

    def neighbours(self, zone: str) -> list[str]:
        """Orthogonally adjacent zones, in compass order (north, east, south, west)."""
        return list(self._neighbours(zone))

    def _neighbours(self, zone: str) -> tuple[str, ...]:
        hit = self._t.near.get(zone)
        if hit is not None:
            return hit
        return tuple(z for d in STEPS if (z := self.step(zone, d)) is not None)

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def direction(self, a: str, b: str) -> str:
        """Compass direction of an adjacent zone ``b`` from ``a``."""
        for d in STEPS:
            if self.step(a, d) == b:
                return d
        raise NotAdjacent(a, b)


class Geometry:
    """An arena with its walls: movement, paths and line of sight.  Answers are remembered:
    a geometry never changes (:func:`geometry` shares one per arena and wall layout)."""

    def __init__(self, arena: Arena, walls: Iterable[Wall] = ()) -> None:
        self.arena = arena
        self.walls = list(walls)
        self._by_edge: dict[frozenset[str], list[Wall]] = {}
        for w in self.walls:
            self._by_edge.setdefault(w.edge, []).append(w)
        self._moves: dict[tuple[str, bool], tuple[str, ...]] = {}
        self._paths: dict[tuple[str, bool], dict[str, int]] = {}
        self._sight: dict[tuple[str, str], bool] = {}
        self._steps: dict[tuple[str, str, bool], tuple[str, ...]] = {}
        self._near: dict[tuple[str, bool, int], tuple[tuple[int, str], ...]] = {}

    def walls_between(self, a: str, b: str) -> list[Wall]:
        return self._by_edge.get(frozenset((a, b)), [])

    def blocked(self, a: str, b: str, flying: bool = False) -> bool:
        """Whether a creature cannot cross from ``a`` to adjacent ``b``: a Passage Blocked wall
        stands on the border (Flying creatures fly over walls)."""
        if flying:
            return False
        return any(w.passage_blocked for w in self.walls_between(a, b))

    def moves(self, zone: str, flying: bool = False) -> list[str]:
        key = (zone, flying)
        hit = self._moves.get(key)
        if hit is None:
            hit = self._moves[key] = tuple(z for z in self.arena.neighbours(zone)
                                           if not self.blocked(zone, z, flying))
        return list(hit)

    def path_distances(self, start: str, flying: bool = False) -> dict[str, int]:
        """Moves needed from ``start`` to every reachable zone, honouring Passage Blocked walls
        (a fresh dict: the caller may keep or change it)."""
        key = (start, flying)
        hit = self._paths.get(key)
        if hit is None:
            hit = self._paths[key] = self._path_distances(start, flying)
        return dict(hit)

    def within(self, start: str, flying: bool, moves: int) -> tuple[tuple[int, str], ...]:
        """The zones 1 to ``moves`` moves from ``start`` (as :meth:`path_distances` counts
        them), as (moves, zone), nearest first, then by name (remembered: a move's choices)."""
        key = (start, flying, moves)
        hit = self._near.get(key)
        if hit is None:
            hit = self._near[key] = tuple(sorted(
                (d, z) for z, d in self.path_distances(start, flying).items() if 0 < d <= moves))
        return hit

    def _path_distances(self, start: str, flying: bool) -> dict[str, int]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            z = queue.popleft()
            for n in self.moves(z, flying):
                if n not in dist:
                    dist[n] = dist[z] + 1
                    queue.append(n)
        return dist

    def step_toward(self, start: str, goal: str, flying: bool = False) -> list[str]:
        """Adjacent zones that lie on a shortest path from ``start`` to ``goal`` (may be empty;
        a fresh list, remembered as the other answers are)."""
        hit = self._steps.get((start, goal, flying))
        if hit is None:
            back = self._paths.get((goal, flying)) or self.path_distances(goal, flying)
            here = back.get(start)
            hit = self._steps[start, goal, flying] = () if here is None else tuple(
                n for n in self.moves(start, flying) if back.get(n, 10**9) == here - 1)
        return list(hit)

    # -- line of sight -------------------------------------------------------------------------
    def line_of_sight(self, a: str, b: str) -> bool:
        """A line from zone centre to zone centre is blocked when it crosses a Blocks LoS wall.

        A line that only touches a wall's end (passing exactly through a zone corner) is not
        blocked: see docs/rulings.md.
        """
        if a == b:
            return True
        hit = self._sight.get((a, b))
        if hit is None:
            hit = self._sight[a, b] = self._line_of_sight(a, b)
        return hit

    def _line_of_sight(self, a: str, b: str) -> bool:
        blockers = [w for w in self.walls if w.blocks_los]
        if not blockers:
            return True
        # Doubled coordinates keep every point on whole numbers: zone centres are odd, borders even.
        (ca, ra), (cb, rb) = self.arena.parse(a), self.arena.parse(b)
        p = (2 * ca + 1, 2 * ra + 1)
        q = (2 * cb + 1, 2 * rb + 1)
        for w in blockers:
            s1, s2 = self._segment(w)
            if _crosses(p, q, s1, s2):
                return False
        return True

    def _segment(self, w: Wall) -> tuple[Point, Point]:
        (c1, r1), (c2, r2) = self.arena.parse(w.zone), self.arena.parse(w.border)
        if r1 == r2:  # east-west neighbours: a vertical border
            x = 2 * max(c1, c2)
            return (x, 2 * r1), (x, 2 * r1 + 2)
        y = 2 * max(r1, r2)
        return (2 * c1, y), (2 * c1 + 2, y)


def _orient(a: Point, b: Point, c: Point) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _crosses(p: Point, q: Point, s1: Point, s2: Point) -> bool:
    """True when segment p-q crosses the interior of segment s1-s2."""
    o1, o2 = _orient(p, q, s1), _orient(p, q, s2)
    o3, o4 = _orient(s1, s2, p), _orient(s1, s2, q)
    if o1 == 0 or o2 == 0:
        # The line passes through a wall's end point, or runs along the wall.
        if o1 == 0 and o2 == 0:
            return False  # collinear with the border: never happens between zone centres
        return False  # only touches an end of the wall
    return o1 != o2 and o3 != o4


_GEOMETRIES: Final[dict[tuple[Arena, tuple[Wall, ...]], Geometry]] = {}


def geometry(arena: Arena, walls: Iterable[Wall] = ()) -> Geometry:
    """The one :class:`Geometry` of this arena and wall layout (kept, since its answers never
    change; a game meets only a few layouts)."""
    key = (arena, tuple(walls))
    geo = _GEOMETRIES.get(key)
    if geo is None:
        if len(_GEOMETRIES) > 256:
            _GEOMETRIES.clear()
        geo = _GEOMETRIES[key] = Geometry(arena, key[1])
    return geo
