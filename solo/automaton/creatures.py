"""The Dummy Mage's creature actions (contract section 3, ``solo dm creature``): which creature
acts, and what it does.

Three questions, asked by the engine in this order (:func:`solo.engine.turns.creature_action`),
which activates the creature between the second and the third:

* :func:`waiting` -- whether the Dummy Mage has no creature left to act, or waits for you;
* :func:`next_creature` -- the active creature with the highest mana cost;
* :func:`act` -- what it does: rules A (attack from where it stands), B (move, then a quick
  attack) and C (move toward your mage), Taunt and Thorg's Taunt first.

Each answer is a :class:`~solo.rules.decision.Decision`: its lines (:class:`Said` records,
worded in :mod:`solo.text.automaton`), the attacks to roll and the changes to put on the board
(a walk, a guard marker taken off); nothing here changes the board.  This module never loads
the spell section (:mod:`solo.automaton.spells`): a creature casts nothing.
"""

from __future__ import annotations

from typing import Final

from solo.automaton import movement, reminders
from solo.automaton.attacks import (THORG, candidates, interceptor, legal_among, legal_attacks,
                                    melee_only, pick_attack, pick_zone_attack, sweep_target,
                                    whirl_targets)
from solo.automaton.plan import Plan
from solo.cards.catalog import Attack
from solo.core.kinds import DM, YM, Side
from solo.rules.abilities import actions
from solo.rules.abilities import triggers
from solo.rules.arena import Geometry
from solo.rules.board import Board, Conjuration, Creature, Mage, Piece
from solo.rules.decision import Act, Decision, PlannedAttack, enemy_creatures, in_arena
from solo.rules.dice import DiceSource
from solo.rules.abilities import bonuses
from solo.rules.effects import DELETE, Move, Note, SetGuard
from solo.rules.said import Said, Who, said_with
from solo.rules.targeting import shielded_from

__all__ = ["active_creatures", "waiting", "next_creature", "act", "thorg_taunting"]

#: The actions asked for at every creature action, as module globals (the same members, without
#: a look-up on the enum class: about 900 instructions each on Python 3.11)
_PASS: Final = Act.PASS
_ATTACK: Final = Act.ATTACK
_MOVE: Final = Act.MOVE
_MOVE_ATTACK: Final = Act.MOVE_ATTACK
_NONE: Final = Act.NONE


def active_creatures(board: Board, side: str) -> list[Creature]:
    # (asked several times a step: one pass over the side's kept list, in_arena written out,
    # a loop rather than a comprehension's call for the few creatures a side has)
    kept = board._sides  # (Board.kept_side, written out: no call more)
    if kept is None:
        kept = board._sort_sides()
    out: list[Creature] = []
    for c in kept[0] if side == DM else kept[1] if side == YM else board.kept_side(side):
        if c.active and ("Banish" not in c.conditions or c.conditions["Banish"] <= 0):
            out.append(c)
    return out


def waiting(board: Board, dm_active: list[Creature] | None = None,
            logs: bool = True) -> Decision | None:
    """No creature action this time: the Dummy Mage has no active creature left (``none``),
    or you have more active creatures than it has (``pass``: take your next action); None
    when one of its creatures acts (``dm_active``: its :func:`active_creatures`, when the
    caller has them; ``logs``: see :func:`act`, the reason and line left out without it)."""
    if dm_active is None:
        dm_active = active_creatures(board, DM)
    if not dm_active:
        if not logs:
            return Decision(_NONE)
        return Decision(_NONE, reason=Said("dm.act.none.reason"),
                        instructions=[Said("dm.act.none")])
    ym_active = active_creatures(board, YM)
    if len(ym_active) > len(dm_active):
        if not logs:
            return Decision(_PASS)
        yours, its = len(ym_active), len(dm_active)  # (Said(code, **facts): see said_with)
        return Decision(_PASS,
                        reason=said_with("dm.act.wait.reason", {"yours": yours, "its": its}),
                        instructions=[said_with("dm.act.wait", {"yours": yours, "its": its})])
    return None


def next_creature(board: Board, source: DiceSource,
                  active: list[Creature] | None = None) -> Creature | None:
    """The active Dummy Mage creature with the highest mana cost (ties at random; ``active``:
    its :func:`active_creatures`, when the caller has them)."""
    if active is None:
        active = active_creatures(board, DM)
    if not active:
        return None
    if len(active) == 1:  # (often: no cost to compare, no tie to name)
        return active[0]
    top = -1  # (the costs' maximum and its creatures in one loop: every creature action)
    tied: list[Creature] = []
    for c in active:
        cost = board.cost(c)
        if cost > top or not tied:
            top, tied = cost, [c]
        elif cost == top:
            tied.append(c)
    if len(tied) == 1:  # (choose picks a lone option without rolling)
        return tied[0]
    # (the names are read only by a source that announces its rolls: see DiceSource.choose)
    picked: Creature = source.choose(tied, Said("dm.tie.cost"),
                                     [Who.of(c) for c in tied] if source.announces else None)
    return picked


def _one(source: DiceSource, attacks: list[Attack]) -> Attack:
    """One of the legal attacks (a tie is rolled)."""
    if len(attacks) > 1:
        picked: Attack = source.choose(attacks, Said("dm.tie.attacks"))
        return picked
    return attacks[0]


def act(board: Board, source: DiceSource, c: Creature, logs: bool = True) -> Decision:
    """What the activated creature ``c`` does this action (its activation -- action marker
    flipped, guard marker off, Slam to Daze, Knockdown over -- is on ``board`` already), with
    your by-hand conjurations it meets named (:mod:`solo.automaton.reminders`).  ``logs``:
    whether its lines are read (a log); a game that logs nothing (solo.engine.game.Game.logs)
    leaves out the lines of its commonest moves and attacks, which only a log reads (never a
    die's label: the dice and the luck read those)."""
    d = _act(board, source, c, logs)
    if board.conjurations:  # (remind's own first question: else no conjuration to name)
        reminders.remind(board, d, c, c.zone)
    return d


def _act(board: Board, source: DiceSource, c: Creature, logs: bool) -> Decision:
    d = Decision("", data={"creature": c.id})
    # (incapacitated's own first question asked here: most have no marker or enchantment)
    if (c.conditions or c.enchantments) and board.incapacitated(c):
        why = tuple(k for k in ("Stun", "Sleep") if c.has_condition(k))
        d.action = Act.LOSE_TURN
        d.reason = Said("dm.act.incapacitated.reason", card=c.card, why=why)
        d.instructions.append(Said("dm.act.incapacitated", who=Who.of(c), why=why))
        return d
    # (the card checks of ghoul_meal, on_activation and plan_vigor, and thorg_taunting's
    # marker check, asked here first: most creatures are none of those cards, and untaunted)
    meal = triggers.ghoul_meal(board, c) if c.card == triggers.RAVENOUS_GHOUL else None
    if meal is not None:  # a Ravenous Ghoul eats a creature fallen here
        d.action = Act.ABILITY
        d.changes += meal[0]
        d.instructions += meal[1]
        return d
    plan = Plan(board, d.changes, logs)
    if c.card == actions.VAMPIRESS:
        bought, said = actions.on_activation(board, c)
        if bought:  # (Necropian Vampiress takes wing: read the board as it leaves her)
            plan.put(*bought)
            d.instructions += said
            board = plan.board
            found = board.get(c.id)
            assert isinstance(found, Creature)
            c = found
    thorg = thorg_taunting(board, c) if c.conditions else None
    if thorg is not None and _answer_thorg(plan, source, d, c, thorg):
        return d

    # A healer heals its side's most hurt in reach instead of attacking (docs/rulings.md); then
    # A: attack from where it stands (full or quick action); with no one to attack, the
    # Acolyte helps a zombie.  (Its attacks and their candidates read once, for the heal and
    # rules A and B: nothing changes the board before rule B's move.)
    attacks = board.attacks(c)
    among = candidates(board, c, False, attacks)
    if _heals(board, plan, source, d, c, attacks) \
            or _attacks_here(board, plan, source, d, c, attacks, among) \
            or (c.card == actions.ACOLYTE and _helps(board, plan, d, c)):
        return d

    names = board.trait_names(c)  # (read once for Rooted, Slow, Fast and Lumbering)
    rooted = "rooted" in names  # no move actions at all (not Restrained)
    restrained = movement.held(board, c, names)
    slow = movement.slow(board, c, names)
    # Lumbering: always hindered, so one move action at most, even when Fast.
    hindered = movement.hinders(board, c, c.zone) or "lumbering" in names
    geo = board.geometry()
    # a teleport passes walls as a flight does (Blue Gremlin, Grey Wraith: actions.teleports)
    flying = board.flying(c) or actions.teleports(board, c)

    # B: move one zone (two if Fast and not hindered), then a quick attack.
    # (its quick candidates, candidates' quick_only read off, asked first: with none there is
    # nothing to move and attack with, and no zone it may reach to work out)
    quick: list[Attack] = []  # (a loop, not a comprehension: a few attacks)
    if not restrained and not slow:
        for a in among:
            if a.action == "quick":
                quick.append(a)
    if quick and _moves_to_attack(board, plan, source, d, c, quick, geo, flying,
                                  2 if movement.fast(board, c, names) and not hindered else 1):
        return d

    # C: move up to two zones toward your mage, or toward your creature with the highest
    # remaining life when it is closer.
    if restrained:
        d.action = Act.MOVE
        d.data["path"] = []
        d.instructions.append(Said("dm.act.held", who=Who.of(c), rooted=rooted, zone=c.zone))
        return d
    _pursue(plan, source, d, c, geo, flying, steps=1 if (slow or hindered) else 2)
    return d


def _moves_to_attack(board: Board, plan: Plan, source: DiceSource, d: Decision, c: Creature,
                     quick: list[Attack], geo: Geometry, flying: bool, steps: int) -> bool:
    """Rule B: a move of up to ``steps`` zones, then a quick attack (``quick``: its quick
    candidates) from the zone where rule A's target choice is best; whether it moves and
    attacks."""
    options: list[tuple[str, list[str]]] = []  # (a loop, not a comprehension: a few zones)
    for zone, path in movement.reachable(board, c, geo, flying, steps).items():
        if path:
            options.append((zone, path))
    choice = _best_move_attack(board, source, c, options, geo, quick)
    if not choice:
        return False
    zone, path, target, attacks = choice
    attack = _one(source, attacks)
    start = c.zone
    plan.put(Move(c.id, zone))
    _attack(plan, d, c.id, _MOVE_ATTACK, path, attack, target.id, start)
    return True


def _heals(board: Board, plan: Plan, source: DiceSource, d: Decision, c: Creature,
           attacks: list[Attack]) -> bool:
    """A healer's heal, instead of an attack (:func:`actions.plan_heal`); whether it heals
    (``attacks``: its :meth:`Board.attacks`)."""
    if c.card != actions.ACOLYTE:  # (most creatures: no attack with a trait, so no Heal one)
        for a in attacks:
            if a.traits:
                break
        else:
            return False
    heal = actions.plan_heal(board, source, c)
    if heal is None:
        return False
    d.action = Act.HEAL
    d.data.update(attack=heal.attack.name, target=heal.target.id)
    if heal.sacrificed:
        d.data["sacrificed"] = c.id
    plan.put(*heal.changes)
    d.instructions += heal.lines
    return True


def _attacks_here(board: Board, plan: Plan, source: DiceSource, d: Decision, c: Creature,
                  attacks: list[Attack], among: list[Attack]) -> bool:
    """Rule A: an attack from where it stands, a zone attack among its legal attacks (one at
    random when it has both kinds); whether it attacks (``attacks``: its
    :meth:`Board.attacks`; ``among``: their :func:`candidates`)."""
    picked = pick_attack(board, source, c, c.zone, False, among)
    zoned = None
    for a in attacks:  # (most creatures have no zone attack: nothing to pick)
        if a.kind == "zone" or a.zone:
            zoned = pick_zone_attack(board, source, c, c.zone, quick_only=False)
            break
    if zoned is not None and _zone_first(board, picked, zoned[0]):
        picked = None  # only its zone attack reaches your mage: rule A-i
    if picked and zoned is not None:  # two types of legal attack: one at random
        target, attacks = picked
        attack = _one(source, [*attacks, *zoned[1]])
        if any(attack is z for z in zoned[1]):
            _zone_attack(d, c, attack, zoned[0])
        else:
            _attack(plan, d, c.id, _ATTACK, [], attack, target.id)
        return True
    if picked:
        target, attacks = picked
        _attack(plan, d, c.id, _ATTACK, [], _one(source, attacks), target.id)
        return True
    if zoned is not None:
        _zone_attack(d, c, _one(source, zoned[1]), zoned[0])
        return True
    return False


def _helps(board: Board, plan: Plan, d: Decision, c: Creature) -> bool:
    """No one to attack: the Acolyte's Vigor of the Grave on a zombie; whether it helps."""
    vigor = actions.plan_vigor(board, c)
    if vigor is None:
        return False
    d.action = Act.HELP
    d.data.update(attack=vigor.attack.name, target=vigor.target.id)
    plan.put(*vigor.changes)
    d.instructions += vigor.lines
    return True


# -- Taunt -----------------------------------------------------------------------------------

def thorg_taunting(board: Board, c: Piece) -> Piece | None:
    """The Thorg of the other side in a zone next to a Taunted creature (Thorg's Taunt holds
    neither mages nor creatures with Psychic Immunity); None otherwise."""
    if not c.has_condition("Taunt") or isinstance(c, Mage) \
            or board.has_trait(c, "Psychic Immunity"):
        return None
    for t in enemy_creatures(board, c.side):
        if t.card == THORG and board.distance(c.zone, t.zone) == 1:
            return t
    return None


def _answer_thorg(plan: Plan, source: DiceSource, d: Decision, c: Creature,
                  thorg: Piece) -> bool:
    """Thorg's Taunt from the next zone: a ranged attack at Thorg if it has one, else a move
    into Thorg's zone (never through a wall with Passage Attacks) and a quick melee attack at
    him if it can; False when it can do neither (then the usual rules apply)."""
    board = plan.board
    ranged = [a for a in legal_attacks(board, c, c.zone, thorg, quick_only=False) if a.is_ranged]
    if ranged:
        attack = _one(source, ranged)
        d.instructions.append(Said("dm.act.taunted.shoots", who=Who.of(c), thorg=Who.of(thorg)))
        _attack(plan, d, c.id, Act.ATTACK, [], attack, thorg.id)
        return True
    geo = board.geometry()
    flying = board.flying(c)
    if movement.held(board, c) or thorg.zone not in geo.moves(c.zone, flying) \
            or (not flying and any(w.passage_attacks for w in geo.walls_between(c.zone, thorg.zone))):
        return False
    d.instructions.append(Said("dm.act.taunted.goes", who=Who.of(c), thorg=Who.of(thorg)))
    start = c.zone
    melee = [] if movement.slow(board, c) else [
        a for a in legal_attacks(board, c, thorg.zone, thorg, quick_only=True) if a.is_melee]
    if melee:
        attack = _one(source, melee)
        plan.put(Move(c.id, thorg.zone))
        _attack(plan, d, c.id, Act.MOVE_ATTACK, [thorg.zone], attack, thorg.id, start)
        return True
    d.action = Act.MOVE
    d.data["path"] = [thorg.zone]
    movement.plan_trample(plan, d, c.id, start)
    plan.put(Move(c.id, thorg.zone))
    d.instructions.append(Said("dm.act.move.to", who=Who.of(c), zone=thorg.zone))
    return True


# -- rule B: where to move and attack --------------------------------------------------------

_Scored = tuple[tuple[int, int], str, list[str], Piece, list[Attack]]


def _best_move_attack(board: Board, source: DiceSource, c: Piece,
                      options: list[tuple[str, list[str]]], geo: Geometry,
                      quick: list[Attack]) -> tuple[str, list[str], Piece, list[Attack]] | None:
    """Among zones it can move to, the one from which rule A's target choice is best
    (``quick``: its quick :func:`candidates`, the same for every zone and target)."""
    ym = board.mages[YM]
    if not quick:  # (no quick attack: nothing to score)
        return None
    # (melee attacks reach only the zone they are made from: legal_among's first test, asked
    # first, so only the zone of your mage, and your creatures in the zones it may move to,
    # are asked about)
    melee = melee_only(quick)
    scored: list[_Scored] = []
    if in_arena(board, ym):
        for zone, path in options:
            if melee and zone != ym.zone:
                continue
            ym_attacks = legal_among(board, c, quick, zone, ym)
            if ym_attacks:
                scored.append(((2, 0), zone, path, ym, ym_attacks))
    if not scored:
        # Your mage first; else your creatures with the most life left: asked from the most
        # life down, stopping at the first level one can be attacked at (the others lose).
        # (a loop, in_arena written out)
        zones: set[str] | None = None
        if melee:
            zones = set()
            for zone, _ in options:
                zones.add(zone)
        yours: list[tuple[Piece, int]] = []
        levels: set[int] = set()
        for y in board.kept_side(YM):
            if zones is not None and y.zone not in zones:
                continue
            if "Banish" not in y.conditions or y.conditions["Banish"] <= 0:
                life = board.remaining_life(y)
                yours.append((y, life))
                levels.add(life)
        for level in sorted(levels, reverse=True):
            for zone, path in options:
                for t, life in yours:
                    if life != level or zones is not None and t.zone != zone:
                        continue
                    attacks = legal_among(board, c, quick, zone, t)
                    if attacks:
                        scored.append(((1, life), zone, path, t, attacks))
            if scored:
                break
    if not scored:
        return None
    if len(scored) == 1:  # (often: one zone, one target; no maximum to find)
        _, zone, path, target, attacks = scored[0]
        return zone, path, target, attacks
    best = max(s[0] for s in scored)
    tied = [s for s in scored if s[0] == best]
    if len(tied) == 1:  # (nothing to break a tie on, nor to name: choose would not roll)
        _, zone, path, target, attacks = tied[0]
        return zone, path, target, attacks
    # Fewer zones moved first (a Fast creature does not run past its quarry), then fewer walls
    # with Passage Attacks on the way.
    fewest = min((len(s[2]), movement.wall_hits(board, c, s[2], geo)) for s in tied)
    tied = [s for s in tied if (len(s[2]), movement.wall_hits(board, c, s[2], geo)) == fewest]
    names = [Said("dm.tie.move-attack.option", path=tuple(s[2]), target=Who.of(s[3]))
             for s in tied]
    picked: _Scored = source.choose(tied, Said("dm.tie.move-attack"), names)
    _, zone, path, target, attacks = picked
    return zone, path, target, attacks


# -- an attack, after the walk that leads to it ----------------------------------------------

def _attack(plan: Plan, d: Decision, ident: str, action: str, path: list[str], attack: Attack,
            target_id: str, start: str | None = None) -> None:
    """The creature ``ident`` (already where ``path`` leads on the plan's board) attacks
    ``target_id``: its Trample and the walls it passed first, an Intercepting guard of your
    mage's, a Sweeping attack's second target."""
    d.action = action
    if path:
        assert start is not None  # a walk has a start
        d.data["path"] = list(path)
        zones = [start, *path]
        back = len(zones) >= 3 and zones[-1] == zones[-3]
        if _plain_walk(plan, ident, attack, zones, back):
            # (nothing reads where the walker now stands: the board as given answers who
            # attacks whom, without the copy the board as the plan leaves it is)
            board = plan.given
            if plan.logs:  # (see act)
                d.instructions.append(said_with("dm.act.move", {  # (Said(code, **facts))
                    "who": Who.of(board.get(ident)), "path": tuple(path)}))
        else:
            mark = bonuses.walked(plan.board, plan.board.get(ident), len(path), back)
            if mark is not None:  # card text that asks how it moved (Pharaoh's Cheetah)
                plan.put(Note(ident, bonuses.WALKED, mark or DELETE))
            movement.plan_trample(plan, d, ident, start)
            d.instructions.append(said_with("dm.act.move", {  # (Said(code, **facts))
                "who": Who.of(plan.board.get(ident)), "path": tuple(path)}))
            movement.plan_passage(plan, d, ident, zones, plan.board.geometry())
            board = plan.board
    else:
        board = plan.board
    index = board._index  # (Board.get twice, written out: every attack planned; a piece
    # not found, or no index kept, is get's business)
    c = index.get(ident) if index is not None else None
    target = index.get(target_id) if index is not None else None
    if c is None or target is None:
        c, target = board.get(ident), board.get(target_id)
    # (interceptor, whirl_targets and sweep_target asked only when they can answer: a ranged
    # attack, a marker on the attacker, an attack with traits)
    guard = interceptor(board, c, attack, c.zone, target) if attack.is_ranged else None
    if guard is not None and isinstance(target, Mage):  # your default: guard your mage
        assert isinstance(guard, Creature)
        plan.put(SetGuard(guard.id, False))
        d.instructions.append(Said("dm.act.intercept", guard=Who.of(guard), target=Who.of(target)))
        d.data["intercepted_by"] = guard.id
        board = plan.board
        c, target = board.get(ident), board.get(guard.id)
    d.data["attack"] = attack.name
    d.data["target"] = target.id
    whirl = whirl_targets(board, c, attack, target, bool(path)) if c.conditions else []
    second = None if whirl or not attack.traits else sweep_target(board, c, attack, target)
    d.attacks.append(PlannedAttack(c.id, attack, target.id, moved=bool(path),
                                   sweep=second.id if second is not None else None,
                                   whirl=tuple(w.id for w in whirl) if whirl else ()))
    if second is not None:
        d.data["sweep"] = second.id
    if whirl:
        d.data["whirl"] = [w.id for w in whirl]
    if plan.logs:  # (see act)
        d.instructions.append(said_with("dm.act.attack", {  # (Said(code, **facts))
            "who": Who.of(c), "target": Who.of(target), "attack": attack.name,
            "kind": attack.kind, "sweep": Who.of(second) if second is not None else None,
            "whirl": tuple(Who.of(w) for w in whirl) if whirl else ()}))


def _plain_walk(plan: Plan, ident: str, attack: Attack, zones: list[str], back: bool) -> bool:
    """Whether the walk of ``ident`` (its one change on the plan so far) along ``zones`` before
    ``attack`` sets nothing off -- no card text that asks how it moved, no Trample attack, no
    wall with Passage Attacks on the way -- and whether the attack asks nothing of where the
    walker now stands (a ranged attack asks about an Intercepting guard, a Sweeping one about
    a second target; a walker makes no Whirling Strike): then only who attacks whom is read,
    the same on the board as given.  (Most walks before an attack: the board as the plan
    leaves it, a copy, is not made.)"""
    changes = plan.changes
    if len(changes) != 1 or attack.is_ranged or (attack.traits and attack.has("Sweeping")):
        return False
    walk = changes[0]
    if not isinstance(walk, Move) or walk.piece != ident:
        return False
    board = plan.given
    c = board.get(ident)
    return bonuses.walked(board, c, len(zones) - 1, back) is None \
        and movement.tramples(board, c) is None and not movement.walls_on(board.geometry(), zones)


def _zone_first(board: Board, picked: tuple[Piece, list[Attack]] | None, zone: str) -> bool:
    """Whether only the zone attack reaches your mage (rule A-i: your mage first)."""
    ym = board.mages[YM]
    return zone == ym.zone and in_arena(board, ym) and (picked is None or picked[0].id != ym.id)


def _zone_attack(d: Decision, c: Piece, attack: Attack, zone: str) -> None:
    """The creature ``c`` makes its zone attack on ``zone``: every object there but itself."""
    d.action = _ATTACK
    d.data["attack"] = attack.name
    d.data["target"] = zone
    d.attacks.append(PlannedAttack(c.id, attack, zone, zone=True))
    d.instructions.append(Said("dm.act.attack.zone", who=Who.of(c), attack=attack.name,
                               zone=zone))


# -- rule C: toward your mage ----------------------------------------------------------------

def _pursue(plan: Plan, source: DiceSource, d: Decision, c: Creature, geo: Geometry,
            flying: bool, steps: int) -> None:
    board = plan.board
    d.action = _MOVE
    quarry = movement.pursuit_target(board, c)
    start = c.zone
    path: list[str] = []
    if quarry is not None:
        path = movement.pursuit_path(board, source, c, quarry.zone, geo, flying, steps)
        if not path:
            wall = movement.blocking_wall(board, c, quarry, geo)
            if wall is not None and board.has_trait(c, "Climbing") and board.is_corporeal(wall):
                _climb(plan, d, c, wall, quarry, geo)
                return
            if wall is not None:
                attack = next((a for a in board.attacks(c) if a.is_melee and a.action
                               and not shielded_from(board, a, wall)), None)
                if attack is not None:
                    _attack(plan, d, c.id, Act.ATTACK, [], attack, wall.id)
                    return
    d.data["path"] = path
    if path:
        movement.plan_trample(plan, d, c.id, start)
        plan.put(Move(c.id, path[-1]))
        if plan.logs:  # (see act)
            d.instructions.append(said_with("dm.act.pursue", {  # (Said(code, **facts))
                "who": Who.of(c), "path": tuple(path),
                "aim": Who.of(quarry) if quarry is not None else None}))
        movement.plan_passage(plan, d, c.id, [start, *path], geo)
    elif plan.logs:
        d.instructions.append(said_with("dm.act.stay", {"who": Who.of(c), "zone": c.zone}))


def _climb(plan: Plan, d: Decision, c: Creature, wall: Conjuration, quarry: Piece,
           geo: Geometry) -> None:
    """Climbing: a full action over a Corporeal wall into the zone beyond it (a wall with
    Passage Attacks attacks the climber first)."""
    start = c.zone
    assert wall.border is not None  # a wall stands on a border
    dest = wall.border if wall.zone == start else wall.zone
    d.data["path"] = [dest]
    d.data["climbed"] = wall.id
    movement.plan_passage(plan, d, c.id, [start, dest], geo)
    plan.put(Move(c.id, dest))
    d.instructions.append(Said("dm.act.climb", who=Who.of(c), wall=Who.of(wall), start=start,
                               dest=dest, quarry=Who.of(quarry)))
