"""How the Dummy Mage's creatures move: hindering, the ways they may walk, rule C's pursuit,
and what a walk sets off (walls with Passage Attacks, a Trample attack).

Nothing here changes the board: a walk is planned (:class:`~solo.automaton.plan.Plan`), and
the attacks it sets off are added to the decision for :mod:`solo.engine.resolve` to roll.
"""

from __future__ import annotations

from typing import Final

from collections.abc import Callable
from itertools import pairwise

from solo.automaton.attacks import helps_only
from solo.automaton.plan import Plan
from solo.cards.catalog import Attack
from solo.core.kinds import YM, Side
from solo.rules import combat
from solo.rules.abilities import actions
from solo.rules.arena import Geometry
from solo.rules.board import Board, Conjuration, Creature, Mage, Piece
from solo.rules.decision import Decision, PlannedAttack, enemy_creatures, in_arena
from solo.rules.dice import DiceSource
from solo.rules.effects import Note
from solo.rules.said import Said, Who, said_with
from solo.rules.targeting import can_target, shielded_from

__all__ = ["held", "hinders", "fast", "slow", "paths", "reachable", "passage_attacks",
           "plan_passage", "trample_attack", "trample_target", "plan_trample", "pursuit_target",
           "pursuit_path", "blocking_wall", "TRAMPLED"]

#: The round a creature last made its Trample attack (a piece note).
TRAMPLED: Final = "trampled"
#: How far an unreachable zone counts in a walk's distances.
_FAR: Final = 1000


def held(board: Board, p: Piece, names: frozenset[str] | None = None) -> bool:
    """No move of its own: Restrained (Stuck, Cripple...) or Rooted; a push or a teleport may
    still move it.  ``names``: its :meth:`Board.trait_names`, when the caller has them (as
    for :func:`fast` and :func:`slow`: one look-up for the traits of a move)."""
    # (restrained's own first question asked here: most objects have no marker or enchantment)
    if (p.conditions or p.enchantments) and board.restrained(p):
        return True
    return "rooted" in names if names is not None else board.has_trait(p, "Rooted")


def fast(board: Board, c: Piece, names: frozenset[str] | None = None) -> bool:
    """Fast and not Slow (the Dummy Mage's Blue Gremlin pays to be Fast: its card)."""
    if names is None:
        names = board.trait_names(c)
    return ("fast" in names or actions.pays_fast(c)) and "slow" not in names


def slow(board: Board, c: Piece, names: frozenset[str] | None = None) -> bool:
    if names is None:
        names = board.trait_names(c)
    return "slow" in names and "fast" not in names


def hinders(board: Board, mover: Piece, zone: str) -> bool:
    """Whether an enemy in ``zone`` hinders ``mover`` (Elusive movers are never hindered;
    Incapacitated, Restrained and Pest creatures hinder nobody; Flying creatures hinder only
    Flying ones, and non-Flying creatures only non-Flying ones; Unstoppable and Unhinderable
    movers (Ballad of Courage) are never hindered; a teleport passes every object (the Dummy
    Mage's Blue Gremlin, Grey Wraith), unless Astral Anchor holds the zone; an enemy Victorian
    Griffin flying in the zone hinders every creature there)."""
    there: list[Piece] = []  # (enemy_creatures in the zone, written out: one pass, no copy)
    for e in board.enemies_of(mover.side):
        if e.zone == zone and ("Banish" not in e.conditions or e.conditions["Banish"] <= 0):
            there.append(e)
    if not there:  # (mostly: no enemy there, not even a Griffin, so nobody hinders it)
        return False
    if actions.griffin_hinders(board, mover, zone):
        return True
    if actions.elusive(board, mover) or board.has_trait(mover, "Unstoppable") \
            or board.has_trait(mover, "Unhinderable"):
        return False
    if actions.teleports(board, mover) and not actions.teleport_blocked(board, zone, zone):
        return False
    flying = board.flying_in(mover, zone)  # a Gravikor grounds it by where it stands
    for e in there:
        if board.incapacitated(e) or board.restrained(e) or board.has_trait(e, "Pest"):
            continue
        if board.flying(e) != flying:
            continue
        return True
    return False


# -- the ways to walk ------------------------------------------------------------------------

def paths(board: Board, c: Piece, geo: Geometry, flying: bool, steps: int,
          toward: Callable[[str], list[str]] | None = None) -> list[list[str]]:
    """Every way to move up to ``steps`` zones from where ``c`` stands, shortest first
    (entering a zone with an enemy that hinders stops the movement; never back into a zone
    it has been in).  ``toward(zone)``, when given, lists the zones each move may go to."""
    out: list[list[str]] = []
    frontier: list[list[str]] = [[]]
    # (nothing changes while the ways are listed: whether a zone hinders, and whether the
    # creature teleports, are worked out once each)
    hindered: dict[str, bool] = {}
    teleporting = actions.teleports(board, c)
    for _ in range(steps):
        nxt = []
        for path in frontier:
            zone = path[-1] if path else c.zone
            if path:
                stop = hindered.get(zone)
                if stop is None:
                    stop = hindered[zone] = hinders(board, c, zone)
                if stop:
                    continue
            for n in (toward(zone) if toward else geo.moves(zone, flying)):
                if n != c.zone and n not in path \
                        and not (teleporting and _anchored(board, c, geo, zone, n)):
                    nxt.append(path + [n])
        out += nxt
        frontier = nxt
    return out


def _anchored(board: Board, c: Piece, geo: Geometry, a: str, b: str) -> bool:
    """A teleporting creature's move over a wall, where Astral Anchor forbids the teleport."""
    return actions.teleports(board, c) and actions.teleport_blocked(board, a, b) \
        and geo.blocked(a, b, board.flying(c))


def _passage_walls(geo: Geometry) -> bool:
    """Whether a wall with Passage Attacks stands anywhere (else no walk meets one)."""
    for w in geo.walls:  # (a loop, not any() over a generator: no wall, nothing to make)
        if w.passage_attacks:
            return True
    return False


def wall_hits(board: Board, c: Piece, path: list[str], geo: Geometry) -> int:
    """How many Passage Attacks walls would attack ``c`` on ``path``."""
    if not _passage_walls(geo):
        return 0
    return len(passage_attacks(board, c, [c.zone, *path], geo))


def reachable(board: Board, c: Piece, geo: Geometry, flying: bool,
              steps: int) -> dict[str, list[str]]:
    """Zones reachable with up to ``steps`` moves, each with one path: the shortest, and of
    those one that passes the fewest walls with Passage Attacks (entering a zone with an enemy
    that hinders stops the movement)."""
    best: dict[str, tuple[tuple[int, int], list[str]]] = {}
    walled = _passage_walls(geo)  # (wall_hits' own first question, asked once, not every path)
    for path in paths(board, c, geo, flying, steps):
        key = (len(path), wall_hits(board, c, path, geo) if walled else 0)
        kept = best.get(path[-1])
        if kept is None or key < kept[0]:
            best[path[-1]] = (key, path)
    out: dict[str, list[str]] = {c.zone: []}
    for zone, (_, path) in best.items():  # (a loop, not a comprehension's call)
        out[zone] = path
    return out


# -- walls with Passage Attacks -------------------------------------------------------------

def passage_attacks(board: Board, mover: Piece, zones: list[str],
                    geo: Geometry | None = None) -> list[PlannedAttack]:
    """The attacks that walls with Passage Attacks make on ``mover`` walking ``zones`` (its
    start first), border by border.  Flying movers fly over walls; a wall that would not strike
    it at all (Wall of Thorns and a Level 1 creature) makes none; a teleport passes them."""
    if actions.teleports(board, mover):
        return []
    geo = geo or board.geometry()
    out = []
    for a, b in pairwise(zones):
        for w in geo.walls_between(a, b):
            if not w.passage_attacks or board.flying_in(mover, a):  # over it, from zone a
                continue
            attack = combat.passage_attack(board, board.get(w.id), mover)
            if attack is not None:
                out.append(PlannedAttack(w.id, attack, mover.id))
    return out


def walls_on(geo: Geometry, zones: list[str]) -> bool:
    """Whether a wall with Passage Attacks stands on a border that walking ``zones`` crosses
    (whatever the board holds: whether it strikes the walker is :func:`passage_attacks`')."""
    for a, b in pairwise(zones):  # (loops, not any() over a generator: every walk)
        for w in geo.walls_between(a, b):
            if w.passage_attacks:
                return True
    return False


def plan_passage(plan: Plan, d: Decision, mover_id: str, zones: list[str],
                 geo: Geometry) -> None:
    """Plan the Passage Attacks on the piece ``mover_id`` walking ``zones``, before anything it
    does next (read on the board as the plan leaves it so far)."""
    if not walls_on(geo, zones):
        return  # (nearly always: no such wall on the way, whatever the board holds)
    board = plan.board
    mover = board.get(mover_id)
    planned = passage_attacks(board, mover, zones, geo)
    d.attacks.extend(planned)
    # Where each move action that crosses a wall began: a mover the wall's attack Restrains or
    # Incapacitates stays there (the Lost Grimoire codex, Walls: step 4 comes before the move).
    began = d.data.setdefault("passage_from", {})
    for a, b in pairwise(zones):
        for w in geo.walls_between(a, b):
            began.setdefault(w.id, a)
    for p in planned:
        d.instructions.append(Said("dm.walk.passage", wall=Who.of(board.get(p.attacker)),
                                   mover=Who.of(mover), attack=p.attack.name))


# -- Trample ---------------------------------------------------------------------------------

def trample_attack(board: Board, c: Piece) -> Attack | None:
    """Its Trample attack, if it has one it has not made this round (none on a teleport)."""
    # (its attacks looked at first: most have no traits, so no Trample and nothing more to ask)
    a = tramples(board, c)
    if a is None or c.extra.get(TRAMPLED) == board.round or actions.teleports(board, c):
        return None
    return a


def tramples(board: Board, c: Piece) -> Attack | None:
    """Its Trample attack, made this round or not (none for most: an attack with no traits)."""
    for a in board.attacks(c):  # (a loop, not next() over a generator: every walk)
        if a.traits and a.has("Trample") and isinstance(a.dice, int):
            return a
    return None


def trample_target(board: Board, c: Piece, zone: str, attack: Attack) -> Piece | None:
    """Whom a creature leaving ``zone`` tramples: a non-Flying enemy creature there that it may
    target, guards first; of those your mage, else the one with the highest remaining life."""
    options = [e for e in enemy_creatures(board, c.side) if e.zone == zone
               and not board.flying(e) and can_target(board, zone, e)]
    guards: list[Piece] = [g for g in options if isinstance(g, Creature) and g.guarding
                           and not actions.elusive(board, c)]
    options = guards or options
    if not options:
        return None
    mage = [e for e in options if isinstance(e, Mage)]
    if mage:
        return mage[0]
    return max(options, key=lambda e: (board.remaining_life(e), e.id))


def plan_trample(plan: Plan, d: Decision, ident: str, start: str) -> None:
    """Once a round, a creature with a Trample attack that leaves a zone holding a non-Flying
    enemy creature attacks it as it leaves (before moving on); the attack is no melee attack,
    so Melee +X and Charge do not count (``first=False``)."""
    board = plan.board
    c = board.get(ident)
    attack = trample_attack(board, c)
    if attack is None:
        return
    target = trample_target(board, c, start, attack)
    if target is None:
        return
    plan.put(Note(c.id, TRAMPLED, board.round))
    d.attacks.append(PlannedAttack(c.id, attack, target.id, first=False))
    d.data["trample"] = {"attack": attack.name, "target": target.id}
    d.instructions.append(Said("dm.walk.trample", who=Who.of(c), target=Who.of(target),
                               attack=attack.name, start=start))


# -- rule C: pursuit -------------------------------------------------------------------------

def pursuit_target(board: Board, c: Piece) -> Piece | None:
    """Rule C: your mage, unless one of your creatures is strictly closer; then the closer
    creature with the highest remaining life (ties: the closest)."""
    ym = board.mages[YM]
    if not board.kept_side(YM):  # (no creature of yours to be closer: your mage, no distances)
        return ym if in_arena(board, ym) else None
    geo = board.geometry()
    flying = board.flying(c)
    dist = geo.path_distances(c.zone, flying)

    def far(p: Piece) -> int:
        d = dist.get(p.zone)  # (the straight distance read only for a zone walled off)
        return d if d is not None else _FAR + board.distance(c.zone, p.zone)

    def attackable(p: Piece) -> bool:
        if board.has_trait(p, "Invisible"):
            return False  # it can never be targeted: no use chasing it
        for a in board.attacks(c):  # (a loop, not any() over a generator)
            if a.action and not helps_only(a) \
                    and not shielded_from(board, a, p):  # immune to it: no use chasing it
                if a.is_ranged or (a.is_melee and (not board.flying(p) or flying
                                                   or a.has("Reach"))):
                    return True
        return False

    ym_far = far(ym) if in_arena(board, ym) else 10**6
    closer: list[Piece] = []
    for p in board.kept_side(YM):  # (the nearer test first: the cheaper, and the one that
        # most often fails)
        if in_arena(board, p) and far(p) < ym_far and attackable(p):
            closer.append(p)
    if not closer:
        return ym if in_arena(board, ym) else None
    if len(closer) == 1:  # (no life to compare, no distance to break a tie on)
        return closer[0]
    best = max(board.remaining_life(p) for p in closer)
    closer = [p for p in closer if board.remaining_life(p) == best]
    return min(closer, key=far)


def pursuit_path(board: Board, source: DiceSource, c: Piece, goal: str, geo: Geometry,
                 flying: bool, steps: int) -> list[str]:
    """Rule C's way toward ``goal``: every move on a shortest path to it (when walls cut it
    off, closer by straight distance), as far as ``steps`` and hindering allow.  Of the ways
    that go as far as they can, those that end nearest the goal, then those that pass the
    fewest walls with Passage Attacks; a tie is rolled on the effect die, move by move."""
    back = geo.path_distances(goal, flying)

    def toward(zone: str) -> list[str]:
        if zone == goal:
            return []
        options = geo.step_toward(zone, goal, flying)
        if not options:  # walled off: close in by straight distance if it can
            here = board.distance(zone, goal)
            options = [n for n in geo.moves(zone, flying) if board.distance(n, goal) < here]
        return options

    def left(zone: str) -> int:
        d = back.get(zone)  # (the straight distance read only for a zone walled off)
        return d if d is not None else _FAR + board.distance(zone, goal)

    ways = paths(board, c, geo, flying, steps, toward)
    # The ways no longer way goes on from: every way's start is a way too (paths lists each
    # step of a way), so a way goes on when it is the start of one a zone longer.
    started = {tuple(v[:-1]) for v in ways}
    ways = [w for w in ways if tuple(w) not in started]
    if len(ways) <= 1:  # (often: one way, nothing to compare, no tie to roll)
        return ways[0] if ways else []
    walled = _passage_walls(geo)  # (wall_hits' own first question, asked once)
    key = {tuple(w): (left(w[-1]), wall_hits(board, c, w, geo) if walled else 0) for w in ways}
    best = min(key.values())
    tied = [w for w in ways if key[tuple(w)] == best]
    # Ties are rolled move by move, among the next zones of the best ways.
    path: list[str] = []
    while path not in tied:
        nexts = sorted({w[len(path)] for w in tied if w[:len(path)] == path})
        path.append(nexts[0] if len(nexts) == 1  # (choose would not roll for one)
                    else source.choose(nexts, said_with("dm.tie.ways", {"ways": len(nexts)})))
    return path


def blocking_wall(board: Board, c: Piece, quarry: Piece, geo: Geometry) -> Conjuration | None:
    """A wall of yours on a border of the creature's zone that stands between it and its quarry."""
    here = board.distance(c.zone, quarry.zone)
    for n in board.arena.neighbours(c.zone):
        if board.distance(n, quarry.zone) >= here:
            continue
        for w in geo.walls_between(c.zone, n):
            p = board.get(w.id)
            assert isinstance(p, Conjuration)  # a wall is a conjuration on a border
            if p.side == YM and w.passage_blocked:
                return p
    return None
