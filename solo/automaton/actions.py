"""The Dummy Mage: every decision of the solo rules, as data.

Two entry points, one per kind of turn:

* :func:`quickcast` -- the Dummy Mage's quickcast action (stages 1 and 3): the d12 table;
* :func:`creature_action` -- the next Dummy Mage creature action in the creature-actions stage.

Both take a :class:`~solo.rules.board.Board` and a :class:`~solo.rules.dice.DiceSource`, change the board the
way the person will change the physical one, and return a :class:`Decision`: what happened, why,
the d12 results used, and numbered instructions.  Nothing here prints or prompts.  Resolving the
attacks a decision makes (dice, damage) is :mod:`solo.engine.resolve`'s job.  Interpretations of the
rules are in docs/rulings.md.
"""

from __future__ import annotations

from typing import Any

from solo.rules import combat
from solo.rules import upkeep
from solo.rules.board import SUMMONED, Board, Conjuration, Creature, Mage, Piece
from solo.cards.catalog import Attack
from solo.rules.decision import Decision, PlannedAttack, _taken, enemy_creatures, in_arena
from solo.rules.dice import DiceSource
from solo.rules.targeting import can_target
from solo.text import naming
from solo.rules.targeting import can_reach

#: The spell section lives in solo.automaton.spells; these names of it stay reachable from here, and the
#: module is imported only when one is first asked for (a creature's action never needs it, and
#: ``solo dm creature`` starts about 1 ms sooner without it).
_SPELL_NAMES = frozenset({
    "ROUND_SPELLS", "adds_something", "cast_spell", "choose_attack_spell_target",
    "choose_enemy_creature", "choose_enemy_zone", "choose_friendly_creature", "had_this_round",
    "in_spell_range", "meets_needs", "meets_restrictions", "spell_attack", "spell_note",
    "summoning_zone",
})


def __getattr__(name: str) -> Any:
    if name in _SPELL_NAMES:
        from solo.automaton import spells

        return getattr(spells, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Distance at which the quickcast rerolls every 8+ (the Dummy Mage is this far from all enemies).
FAR = 3


# -- naming things for the person ------------------------------------------------------------

def label(board: Board, p: Piece) -> str:
    """How instructions name an object: ``the Dummy Mage``, ``your Timber Wolf (ym-2)``."""
    return naming.label_of(board, p)


cap = naming.cap  # ``the Dummy Mage's ...`` -> ``The Dummy Mage's ...``


def _d12_values(source: DiceSource, mark: int) -> list[int]:
    return [r.value for r in source.used_since(mark) if r.sides == 12]


def far_from_enemies(board: Board) -> bool:
    """True when every enemy creature (your mage included) is 3 or more zones from the DM."""
    dm = board.mages["dm"]
    return all(board.distance(dm.zone, e.zone) >= FAR for e in enemy_creatures(board))


# =============================================================================================
# Quickcast
# =============================================================================================

def quickcast(board: Board, source: DiceSource) -> Decision:
    """One quickcast action of the Dummy Mage (stage 1 or 3)."""
    from solo.automaton.spells import cast_spell

    mark = len(source.history)
    dm = board.mages["dm"]
    if board.incapacitated(dm):
        why = ", ".join(c for c in ("Stun", "Sleep", "Slam", "Knockdown") if dm.has_condition(c))
        d = Decision("lose-turn", reason=f"the Dummy Mage is incapacitated ({why}) and loses this quickcast")
        d.instructions.append(f"Flip the Dummy Mage's quickcast marker: it is incapacitated ({why}) "
                              "and does nothing this stage.")
        return d

    first = source.d12("quickcast")
    rerolled = []
    while first >= 8 and far_from_enemies(board):
        rerolled.append(first)
        first = source.d12("quickcast reroll (3+ zones from every enemy)")
    notes = []
    if rerolled:
        notes.append(f"Rolled {', '.join(map(str, rerolled))} but the Dummy Mage is 3 or more zones "
                     f"from every enemy, so 8+ is rolled again; kept {first}.")

    if first <= 3:
        d = _quickcast_move(board, source)
    elif first <= 7:
        d = _quickcast_summon(board)
    elif first <= 10:
        second = source.d12("enchantment (1-6) or incantation (7-12)")
        deck = "enchantment" if second <= 6 else "incantation"
        notes.append(f"Second roll {second}: draw from the {deck} deck.")
        d = cast_spell(board, source, deck)
    else:
        d = cast_spell(board, source, "attack")
    d.rolls = _d12_values(source, mark)
    d.instructions = [*notes, *d.instructions]
    return d


def _quickcast_move(board: Board, source: DiceSource) -> Decision:
    dm = board.mages["dm"]
    roll, direction = source.compass("direction for the Dummy Mage's move")
    start = dm.zone
    dest = board.arena.step(start, direction)
    data = {"from": start, "direction": direction}
    if dest is None:
        data["to"] = start
        d = Decision("move", data=data)
        d.instructions.append(f"The Dummy Mage tries to move {direction} from {start}, but the "
                              "arena's edge stops it: it stays where it is.")
        return d
    geo = board.geometry()
    if board.restrained(dm):
        data["to"] = start
        d = Decision("move", data=data)
        d.instructions.append(f"The Dummy Mage would move {direction} but is Restrained: it stays in {start}.")
        return d
    if geo.blocked(start, dest, board.flying(dm)):
        data["to"] = start
        d = Decision("move", data=data)
        d.instructions.append(f"The Dummy Mage tries to move {direction} from {start}, but a wall "
                              f"that blocks passage stands between {start} and {dest}: it stays.")
        return d
    dm.zone = dest
    data["to"] = dest
    d = Decision("move", data=data)
    d.instructions.append(f"Move the Dummy Mage one zone {direction}: from {start} to {dest}.")
    _plan_passage(board, d, dm, [start, dest], geo)
    return d


# -- walls with Passage Attacks -------------------------------------------------------------

def passage_attacks(board: Board, mover: Piece, zones: list[str], geo=None) -> list[PlannedAttack]:
    """The attacks that walls with Passage Attacks make on ``mover`` walking ``zones`` (its
    start first), border by border.  Flying movers fly over walls; a wall that would not strike
    it at all (Wall of Thorns and a Level 1 creature) makes none."""
    if board.flying(mover):
        return []
    geo = geo or board.geometry()
    out = []
    for a, b in zip(zones, zones[1:]):
        for w in geo.walls_between(a, b):
            if not w.passage_attacks:
                continue
            attack = combat.passage_attack(board, board.get(w.id), mover)
            if attack is not None:
                out.append(PlannedAttack(w.id, attack, mover.id))
    return out


def _plan_passage(board: Board, d: Decision, mover: Piece, zones: list[str], geo=None) -> None:
    """Plan the Passage Attacks on ``mover`` walking ``zones``, before anything it does next."""
    planned = passage_attacks(board, mover, zones, geo)
    d.attacks.extend(planned)
    for plan in planned:
        wall = board.get(plan.attacker)
        d.instructions.append(f"{cap(label(board, wall))} has Passage Attacks: it attacks "
                              f"{label(board, mover)} with {plan.attack.name} as it passes "
                              "through, before it moves on; if that destroys it, it does "
                              "nothing more.")


def _quickcast_summon(board: Board) -> Decision:
    deck = board.decks["creature"]
    if not deck:
        d = Decision("lose-turn", reason="the creature deck is exhausted, so the Dummy Mage loses this turn")
        d.instructions.append("The Dummy Mage's creature deck is empty: it loses this quickcast.")
        return d
    card, drawn = board.draw("creature")
    from solo.cards.coverage import coverage

    found = board.cat.find(card)
    cov = coverage(found) if found is not None else None
    if found is not None and cov is not None and cov.level == "unusable":
        board.discards["creature"].append(found.name)
        d = Decision("summon", data={"card": found.name, "discarded": True}, reason=cov.why)
        d.instructions.append(f"{_taken('creature', found.name, drawn)} Discard it unused: {cov.why}.")
        return d
    dm = board.mages["dm"]
    from solo.automaton.spells import summoning_zone

    circle = summoning_zone(board)  # a Summoning Circle of the Dummy Mage's, if any
    c = board.add_creature(card, "dm", circle or dm.zone, active=False)
    c.extra[SUMMONED] = board.round
    d = Decision("summon", data={"card": c.card, "id": c.id, "zone": c.zone})
    where = f"in {c.zone}, the Summoning Circle's zone," if circle else f"in {c.zone} with the Dummy Mage,"
    d.instructions.append(f"{_taken('creature', c.card, drawn)} Put it {where} with an inactive "
                          f"action marker (it becomes active at the next Reset). Its id is {c.id}.")
    from solo.rules import mages

    d.instructions += mages.after_summon(board, c)
    by_hand = cov.by_hand if cov is not None else []
    if by_hand:  # nothing ignored in silence: what solo leaves to the person, said here
        d.data["card_by_hand"] = by_hand
        d.instructions.append(f"solo does not apply all of {c.card}; while it is in play, apply "
                              "by hand: " + " ".join(x if x.endswith(".") else x + "." for x in by_hand))
    return d


# =============================================================================================
# Creature actions
# =============================================================================================

def active_creatures(board: Board, side: str) -> list[Creature]:
    return [c for c in board.side_creatures(side) if c.active and in_arena(board, c)]


def held(board: Board, p: Piece) -> bool:
    """No move of its own: Restrained (Stuck, Cripple...) or Rooted; a push or a teleport may
    still move it."""
    return board.restrained(p) or board.has_trait(p, "Rooted")


def next_creature(board: Board, source: DiceSource) -> Creature | None:
    """The active Dummy Mage creature with the highest mana cost (ties at random)."""
    active = active_creatures(board, "dm")
    if not active:
        return None
    top = max(board.cost(c) for c in active)
    tied = [c for c in active if board.cost(c) == top]
    return source.choose(tied, "tie: equal mana cost", [label(board, c) for c in tied])


#: Attack traits (lower-case starts) of attacks that heal or help rather than hurt.
HELPING = ("heal", "reconstruct", "remove 1", "place an armor", "target goblin", "target zombie",
           "add 3 mana")


def helps_only(attack: Attack) -> bool:
    """An attack that heals or helps (Heal, or card text such as reconstructing a skeleton):
    never made against an enemy."""
    return any(t.lower().startswith(HELPING) for t in attack.traits)


def forced_guards(board: Board, attacker: Piece, zone: str,
                  target: Piece | None = None) -> list[Piece]:
    """The attacker's enemies' guards in ``zone`` that a melee attack must target first; none
    for an Elusive attacker, nor for a flyer attacking a flyer (the complete codex: a flyer
    heeds guards only when it attacks a non-flyer)."""
    enemy = "ym" if attacker.side == "dm" else "dm"
    guards = [c for c in board.side_creatures(enemy) if c.guarding and c.zone == zone]
    if not guards:  # (nearly always)
        return []
    if board.has_trait(attacker, "Elusive"):
        return []
    if target is not None and board.flying(target) and board.flying(attacker):
        return []
    return [c for c in guards if in_arena(board, c) and not board.incapacitated(c)
            and not board.restrained(c) and not board.has_trait(c, "Pest")]


def guard_blocks(board: Board, attacker: Piece, attack: Attack, zone: str, target: Piece) -> bool:
    """Whether a guard stops this melee attack from ``zone`` at ``target``: a guard it could
    attack stands there, and ``target`` is not one."""
    if not attack.is_melee:
        return False
    guards = [g for g in forced_guards(board, attacker, zone, target)
              if can_reach(board, attacker, attack, zone, g)]
    return bool(guards) and target not in guards


def legal_attacks(board: Board, attacker: Piece, from_zone: str, target: Piece,
                  quick_only: bool) -> list[Attack]:
    out = []
    for a in board.attacks(attacker):
        if a.kind not in ("melee", "ranged") or a.action is None or a.dice is None:
            continue  # no dice: an ability of the card, not an attack
        if helps_only(a):
            continue
        if quick_only and a.action != "quick":
            continue
        if not can_reach(board, attacker, a, from_zone, target):
            continue
        if a.is_melee:
            guards = [g for g in forced_guards(board, attacker, from_zone, target)
                      if can_reach(board, attacker, a, from_zone, g)]
            if guards and target not in guards:
                continue
            blood = _bloodthirst_targets(board, attacker, from_zone)
            if blood and target not in blood and not guards:
                continue
        out.append(a)
    return out


def _bloodthirst_targets(board: Board, attacker: Piece, zone: str) -> list[Piece]:
    if not board.has_trait(attacker, "Bloodthirsty"):
        return []
    return [e for e in enemy_creatures(board) if e.zone == zone and e.damage > 0 and board.is_living(e)]


#: Creatures whose Taunt markers force the taunted creature to attack them.
TAUNTERS = upkeep.TAUNTERS


def pick_attack(board: Board, source: DiceSource, attacker: Piece, from_zone: str,
                quick_only: bool) -> tuple[Piece, list[Attack]] | None:
    """Rules A-i/ii: your mage if it can be attacked, else your creature with the highest
    remaining life that can be, else a conjuration of yours in its zone (engaged)."""
    if attacker.has_condition("Taunt"):  # it must attack the creature that taunted it
        for t in enemy_creatures(board, attacker.side):
            if t.card in TAUNTERS and t.zone == from_zone \
                    and combat.taunt_block(board, t.card, attacker) is None:
                # Thorg's: any attack at him (the codex); the others': a melee attack
                at = [a for a in legal_attacks(board, attacker, from_zone, t, quick_only)
                      if a.is_melee or t.card == THORG]
                if at:
                    return t, at
    ym = board.mages["ym"]
    if in_arena(board, ym):
        attacks = legal_attacks(board, attacker, from_zone, ym, quick_only)
        if attacks:
            return ym, attacks
    options: list[tuple[Piece, list[Attack]]] = [
        (c, legal_attacks(board, attacker, from_zone, c, quick_only))
        for c in board.side_creatures("ym") if in_arena(board, c)]
    options = [(c, a) for c, a in options if a]
    if not options:
        conj = [(c, [a for a in board.attacks(attacker) if a.is_melee and a.action
                     and (a.action == "quick" or not quick_only)])
                for c in board.conjurations if c.side == "ym" and c.border is None and c.zone == from_zone
                and can_target(board, from_zone, c)]
        options = [(c, a) for c, a in conj if a]
    if not options:
        return None
    best = max(board.remaining_life(c) for c, _ in options)
    tied = [(c, a) for c, a in options if board.remaining_life(c) == best]
    return source.choose(tied, "tie: targets with equal remaining life",
                         [label(board, c) for c, _ in tied])


def hinders(board: Board, mover: Piece, zone: str) -> bool:
    """Whether an enemy in ``zone`` hinders ``mover`` (Elusive movers are never hindered;
    Incapacitated, Restrained and Pest creatures hinder nobody; Flying creatures hinder only
    Flying ones, and non-Flying creatures only non-Flying ones; Unstoppable and Unhinderable
    movers (Ballad of Courage) are never hindered)."""
    if board.has_trait(mover, "Elusive") or board.has_trait(mover, "Unstoppable") \
            or board.has_trait(mover, "Unhinderable"):
        return False
    flying = board.flying(mover)
    for e in enemy_creatures(board, mover.side):
        if e.zone != zone:
            continue
        if board.incapacitated(e) or board.restrained(e) or board.has_trait(e, "Pest"):
            continue
        if board.flying(e) != flying:
            continue
        return True
    return False


def creature_action(board: Board, source: DiceSource) -> Decision:
    """The next Dummy Mage creature action (contract section 3, ``solo dm creature``)."""
    mark = len(source.history)
    d = _creature_action(board, source)
    d.rolls = _d12_values(source, mark)
    return d


def _creature_action(board: Board, source: DiceSource) -> Decision:
    dm_active = active_creatures(board, "dm")
    if not dm_active:
        d = Decision("none", reason="the Dummy Mage has no active creature left this round")
        d.instructions.append("The Dummy Mage has no creature left to act this round.")
        return d
    ym_active = active_creatures(board, "ym")
    if len(ym_active) > len(dm_active):
        d = Decision("pass", reason=f"you have {len(ym_active)} active creatures to its {len(dm_active)}")
        d.instructions.append(f"The Dummy Mage waits: you have more active creatures "
                              f"({len(ym_active)} to its {len(dm_active)}). Take your next action.")
        return d
    c = next_creature(board, source)
    assert c is not None  # it has an active creature (dm_active)
    d = Decision("", data={"creature": c.id})
    who = label(board, c)
    for event in upkeep.activate(board, c):  # guard marker off, Slam -> Daze, Knockdown ends,
        d.instructions.append(event.text)     # its Taunt markers on your creatures go
        d.events.append(event)
    c.active = False
    c.guarding = False
    if board.incapacitated(c):
        why = ", ".join(k for k in ("Stun", "Sleep") if c.has_condition(k))
        d.action = "lose-turn"
        d.reason = f"{c.card} is incapacitated ({why})"
        d.instructions.append(f"Flip the action marker of {who}: it is incapacitated ({why}) and does nothing.")
        return d

    thorg = _thorg_taunting(board, c)
    if thorg is not None:
        done = _answer_thorg(board, source, d, c, thorg)
        if done is not None:
            return done

    # A: attack from where it stands (full or quick action).
    picked = pick_attack(board, source, c, c.zone, quick_only=False)
    if picked:
        target, attacks = picked
        attack = source.choose(attacks, "tie: two legal attacks") if len(attacks) > 1 else attacks[0]
        return _attack(board, d, c, "attack", [], attack, target)

    rooted = board.has_trait(c, "Rooted")  # no move actions at all (not Restrained)
    restrained = held(board, c)
    slow = board.has_trait(c, "Slow") and not board.has_trait(c, "Fast")
    # Lumbering: always hindered, so one move action at most, even when Fast.
    hindered = hinders(board, c, c.zone) or board.has_trait(c, "Lumbering")
    geo = board.geometry()
    flying = board.flying(c)

    # B: move one zone (two if Fast and not hindered), then a quick attack.
    if not restrained and not slow:
        reach = _reachable(board, c, geo, flying, steps=2 if _fast(board, c) and not hindered else 1)
        options = [(zone, path) for zone, path in reach.items() if path]
        choice = _best_move_attack(board, source, c, options, geo)
        if choice:
            zone, path, target, attacks = choice
            attack = source.choose(attacks, "tie: two legal attacks") if len(attacks) > 1 else attacks[0]
            start, c.zone = c.zone, zone
            return _attack(board, d, c, "move-attack", path, attack, target, start)

    # C: move up to two zones toward your mage, or toward your creature with the highest
    # remaining life when it is closer.
    if restrained:
        d.action = "move"
        d.data["path"] = []
        why = "is Rooted (it cannot move)" if rooted else "is Restrained"
        d.instructions.append(f"{cap(who)} {why} and has no one to attack: it stays in {c.zone}.")
        return d
    return _pursue(board, source, d, c, geo, flying, steps=1 if (slow or hindered) else 2)


THORG = "Thorg, Chief Bodyguard"


def _thorg_taunting(board: Board, c: Piece) -> Piece | None:
    """The Thorg of the other side in a zone next to a Taunted creature (Thorg's Taunt holds
    neither mages nor creatures with Psychic Immunity); None otherwise."""
    if not c.has_condition("Taunt") or isinstance(c, Mage) or board.has_trait(c, "Psychic Immunity"):
        return None
    for t in enemy_creatures(board, c.side):
        if t.card == THORG and board.distance(c.zone, t.zone) == 1:
            return t
    return None


def _answer_thorg(board: Board, source: DiceSource, d: Decision, c: Creature,
                  thorg: Piece) -> Decision | None:
    """Thorg's Taunt from the next zone: a ranged attack at Thorg if it has one, else a move
    into Thorg's zone (never through a wall with Passage Attacks) and a quick melee attack at
    him if it can; None when it can do neither (then the usual rules apply)."""
    ranged = [a for a in legal_attacks(board, c, c.zone, thorg, quick_only=False) if a.is_ranged]
    if ranged:
        attack = source.choose(ranged, "tie: two legal attacks") if len(ranged) > 1 else ranged[0]
        d.instructions.append(f"{cap(label(board, c))} is Taunted by {label(board, thorg)} in the "
                              "next zone: it shoots at him.")
        return _attack(board, d, c, "attack", [], attack, thorg)
    geo = board.geometry()
    flying = board.flying(c)
    if held(board, c) or thorg.zone not in geo.moves(c.zone, flying) \
            or (not flying and any(w.passage_attacks for w in geo.walls_between(c.zone, thorg.zone))):
        return None
    d.instructions.append(f"{cap(label(board, c))} is Taunted by {label(board, thorg)} in the next "
                          "zone: it goes to him.")
    start = c.zone
    slow = board.has_trait(c, "Slow") and not board.has_trait(c, "Fast")
    melee = [] if slow else [a for a in legal_attacks(board, c, thorg.zone, thorg, quick_only=True)
                             if a.is_melee]
    if melee:
        attack = source.choose(melee, "tie: two legal attacks") if len(melee) > 1 else melee[0]
        c.zone = thorg.zone
        return _attack(board, d, c, "move-attack", [thorg.zone], attack, thorg, start)
    d.action = "move"
    d.data["path"] = [thorg.zone]
    _plan_trample(board, d, c, start)
    c.zone = thorg.zone
    d.instructions.append(f"Move {label(board, c)} to {thorg.zone}.")
    return d


def _fast(board: Board, c: Piece) -> bool:
    return board.has_trait(c, "Fast") and not board.has_trait(c, "Slow")


def _paths(board: Board, c: Piece, geo, flying: bool, steps: int, toward=None) -> list[list[str]]:
    """Every way to move up to ``steps`` zones from where ``c`` stands, shortest first
    (entering a zone with an enemy that hinders stops the movement; never back into a zone
    it has been in).  ``toward(zone)``, when given, lists the zones each move may go to."""
    out: list[list[str]] = []
    frontier: list[list[str]] = [[]]
    for _ in range(steps):
        nxt = []
        for path in frontier:
            zone = path[-1] if path else c.zone
            if path and hinders(board, c, zone):
                continue
            for n in (toward(zone) if toward else geo.moves(zone, flying)):
                if n != c.zone and n not in path:
                    nxt.append(path + [n])
        out += nxt
        frontier = nxt
    return out


def _wall_hits(board: Board, c: Piece, path: list[str], geo) -> int:
    """How many Passage Attacks walls would attack ``c`` on ``path``."""
    if not any(w.passage_attacks for w in geo.walls):
        return 0
    return len(passage_attacks(board, c, [c.zone, *path], geo))


def _reachable(board: Board, c: Piece, geo, flying: bool, steps: int) -> dict[str, list[str]]:
    """Zones reachable with up to ``steps`` moves, each with one path: the shortest, and of
    those one that passes the fewest walls with Passage Attacks (entering a zone with an enemy
    that hinders stops the movement)."""
    best: dict[str, tuple[tuple[int, int], list[str]]] = {}
    for path in _paths(board, c, geo, flying, steps):
        key = (len(path), _wall_hits(board, c, path, geo))
        if path[-1] not in best or key < best[path[-1]][0]:
            best[path[-1]] = (key, path)
    out: dict[str, list[str]] = {c.zone: []}
    out.update({zone: path for zone, (_, path) in best.items()})
    return out


def _best_move_attack(board: Board, source: DiceSource, c: Piece, options, geo=None):
    """Among zones it can move to, the one from which rule A's target choice is best."""
    ym = board.mages["ym"]
    scored: list[tuple[tuple[int, int], str, list[str], Piece, list[Attack]]] = []
    for zone, path in options:
        ym_attacks = legal_attacks(board, c, zone, ym, quick_only=True) if in_arena(board, ym) else []
        if ym_attacks:
            scored.append(((2, 0), zone, path, ym, ym_attacks))
            continue
        for t in board.side_creatures("ym"):
            if not in_arena(board, t):
                continue
            attacks = legal_attacks(board, c, zone, t, quick_only=True)
            if attacks:
                scored.append(((1, board.remaining_life(t)), zone, path, t, attacks))
    if not scored:
        return None
    best = max(s[0] for s in scored)
    tied = [s for s in scored if s[0] == best]
    # Fewer zones moved first (a Fast creature does not run past its quarry), then fewer walls
    # with Passage Attacks on the way.
    geo = geo or board.geometry()
    fewest = min((len(s[2]), _wall_hits(board, c, s[2], geo)) for s in tied)
    tied = [s for s in tied if (len(s[2]), _wall_hits(board, c, s[2], geo)) == fewest]
    names = [f"to {' then '.join(s[2])}, at {label(board, s[3])}" for s in tied]
    _, zone, path, target, attacks = source.choose(tied, "tie: where to move and attack", names)
    return zone, path, target, attacks


def _attack(board: Board, d: Decision, c: Creature, action: str, path: list[str], attack: Attack,
            target: Piece, start: str | None = None) -> Decision:
    who = label(board, c)
    d.action = action
    if path:
        d.data["path"] = list(path)
        _plan_trample(board, d, c, start or c.zone)
        d.instructions.append(f"Move {who} " + " then ".join(f"to {z}" for z in path) + ".")
        _plan_passage(board, d, c, [start or c.zone, *path])
    guard = interceptor(board, c, attack, c.zone, target)
    if guard is not None and isinstance(target, Mage):  # your default: guard your mage
        assert isinstance(guard, Creature)
        guard.guarding = False
        d.instructions.append(f"{cap(label(board, guard))} Intercepts: the ranged attack on "
                              f"{label(board, target)} goes to it instead; remove its guard "
                              "marker (if you would rather not, edit the board back).")
        d.data["intercepted_by"] = guard.id
        target = guard
    d.data["attack"] = attack.name
    d.data["target"] = target.id
    second = sweep_target(board, c, attack, target)
    d.attacks.append(PlannedAttack(c.id, attack, target.id, moved=bool(path),
                                   sweep=second.id if second is not None else None))
    if second is not None:
        d.data["sweep"] = second.id
    d.instructions.append(f"{cap(who)} attacks {label(board, target)} with {attack.name} "
                          f"({attack.kind})."
                          + (f" Sweeping: it also attacks {label(board, second)}."
                             if second is not None else ""))
    return d


def interceptor(board: Board, attacker: Piece, attack: Attack, from_zone: str,
                target: Piece) -> Piece | None:
    """A guarding creature with Intercept on the target's side, in its zone, that may take a
    ranged attack on a non-Flying object there on itself (not Restrained or Incapacitated, and
    a legal target of the attack); None when there is none."""
    if not attack.is_ranged or attack.zone or attack.kind == "zone" or board.flying(target):
        return None
    for g in board.side_creatures(target.side):
        if g.id == target.id or g.zone != target.zone or not g.guarding or not in_arena(board, g):
            continue
        if not board.has_trait(g, "Intercept") or board.restrained(g) or board.incapacitated(g):
            continue
        if can_reach(board, attacker, attack, from_zone, g):
            return g
    return None


def sweep_target(board: Board, c: Piece, attack: Attack, first: Piece) -> Piece | None:
    """The second target of a Sweeping attack: another enemy in the first one's zone that the
    attack may target there, the one with the highest remaining life (ties: the lowest id)."""
    if not attack.has("Sweeping"):
        return None
    options = [e for e in enemy_creatures(board, c.side) if e.id != first.id
               and e.zone == first.zone and sweeps_on(board, c, attack, first, e)]
    if not options:
        return None
    return min(options, key=lambda e: (-board.remaining_life(e), e.id))


def sweeps_on(board: Board, c: Piece, attack: Attack, first: Piece, second: Piece) -> bool:
    """Whether a Sweeping attack on ``first`` may go on to ``second``: a flyer that attacks a
    non-flyer in melee loses Flying for the whole attack action (the complete codex), so it
    cannot go on to a flyer without Reach."""
    if not can_reach(board, c, attack, c.zone, second):
        return False
    return not (attack.is_melee and board.flying(c) and not board.flying(first)
                and board.flying(second) and not attack.has("Reach"))


def trample_attack(board: Board, c: Piece) -> Attack | None:
    """Its Trample attack, if it has one it has not made this round."""
    if c.extra.get("trampled") == board.round:
        return None
    return next((a for a in board.attacks(c) if a.has("Trample") and isinstance(a.dice, int)), None)


def trample_target(board: Board, c: Piece, zone: str, attack: Attack) -> Piece | None:
    """Whom a creature leaving ``zone`` tramples: a non-Flying enemy creature there that it may
    target, guards first; of those your mage, else the one with the highest remaining life."""
    options = [e for e in enemy_creatures(board, c.side) if e.zone == zone
               and not board.flying(e) and can_target(board, zone, e)]
    guards: list[Piece] = [g for g in options if isinstance(g, Creature) and g.guarding
              and not board.has_trait(c, "Elusive")]
    options = guards or options
    if not options:
        return None
    mage = [e for e in options if isinstance(e, Mage)]
    if mage:
        return mage[0]
    return max(options, key=lambda e: (board.remaining_life(e), e.id))


def _plan_trample(board: Board, d: Decision, c: Creature, start: str) -> None:
    """Once a round, a creature with a Trample attack that leaves a zone holding a non-Flying
    enemy creature attacks it as it leaves (before moving on); the attack is no melee attack,
    so Melee +X and Charge do not count (``first=False``)."""
    attack = trample_attack(board, c)
    if attack is None:
        return
    target = trample_target(board, c, start, attack)
    if target is None:
        return
    c.extra["trampled"] = board.round
    d.attacks.append(PlannedAttack(c.id, attack, target.id, first=False))
    d.data["trample"] = {"attack": attack.name, "target": target.id}
    d.instructions.append(f"{cap(label(board, c))} tramples {label(board, target)} with "
                          f"{attack.name} as it leaves {start} (Trample, once a round).")


def pursuit_target(board: Board, c: Piece) -> Piece | None:
    """Rule C: your mage, unless one of your creatures is strictly closer; then the closer
    creature with the highest remaining life (ties: the closest)."""
    ym = board.mages["ym"]
    geo = board.geometry()
    flying = board.flying(c)
    dist = geo.path_distances(c.zone, flying)

    def far(p: Piece) -> int:
        return dist.get(p.zone, 1000 + board.distance(c.zone, p.zone))

    def attackable(p: Piece) -> bool:
        if board.has_trait(p, "Invisible"):
            return False  # it can never be targeted: no use chasing it
        return any(a.is_ranged or (a.is_melee and (not board.flying(p) or flying or a.has("Reach")))
                   for a in board.attacks(c) if a.action and not helps_only(a))

    ym_far = far(ym) if in_arena(board, ym) else 10**6
    closer = [p for p in board.side_creatures("ym") if in_arena(board, p) and attackable(p)
              and far(p) < ym_far]
    if not closer:
        return ym if in_arena(board, ym) else None
    best = max(board.remaining_life(p) for p in closer)
    closer = [p for p in closer if board.remaining_life(p) == best]
    return min(closer, key=far)


def _pursue(board: Board, source: DiceSource, d: Decision, c: Creature, geo, flying: bool,
            steps: int) -> Decision:
    who = label(board, c)
    d.action = "move"
    quarry = pursuit_target(board, c)
    start = c.zone
    path: list[str] = []
    if quarry is not None:
        path = _pursuit_path(board, source, c, quarry.zone, geo, flying, steps)
        if not path:
            wall = _blocking_wall(board, c, quarry, geo, flying)
            if wall is not None and board.has_trait(c, "Climbing") and board.is_corporeal(wall):
                return _climb(board, d, c, wall, quarry, geo)
            if wall is not None:
                attack = next((a for a in board.attacks(c) if a.is_melee and a.action), None)
                if attack is not None:
                    return _attack(board, d, c, "attack", [], attack, wall)
    d.data["path"] = path
    if path:
        _plan_trample(board, d, c, start)
        c.zone = path[-1]
        aim = label(board, quarry) if quarry is not None else "nothing"
        d.instructions.append(f"Move {who} " + " then ".join(f"to {z}" for z in path)
                              + f", toward {aim}.")
        _plan_passage(board, d, c, [start, *path], geo)
    else:
        d.instructions.append(f"{cap(who)} has nowhere useful to go: it stays in {c.zone}.")
    return d


def _climb(board: Board, d: Decision, c: Creature, wall: Conjuration, quarry: Piece,
           geo) -> Decision:
    """Climbing: a full action over a Corporeal wall into the zone beyond it (a wall with
    Passage Attacks attacks the climber first)."""
    start = c.zone
    assert wall.border is not None  # a wall stands on a border
    dest = wall.border if wall.zone == start else wall.zone
    d.data["path"] = [dest]
    d.data["climbed"] = wall.id
    _plan_passage(board, d, c, [start, dest], geo)
    c.zone = dest
    d.instructions.append(f"{cap(label(board, c))} climbs over {label(board, wall)} from {start} "
                          f"to {dest} (Climbing, its full action), toward {label(board, quarry)}.")
    return d


def _pursuit_path(board: Board, source: DiceSource, c: Piece, goal: str, geo, flying: bool,
                  steps: int) -> list[str]:
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
        return back.get(zone, 1000 + board.distance(zone, goal))

    ways = _paths(board, c, geo, flying, steps, toward)
    ways = [w for w in ways if not any(len(v) > len(w) and v[:len(w)] == w for v in ways)]
    if not ways:
        return []
    key = {tuple(w): (left(w[-1]), _wall_hits(board, c, w, geo)) for w in ways}
    best = min(key.values())
    tied = [w for w in ways if key[tuple(w)] == best]
    # Ties are rolled move by move, among the next zones of the best ways.
    path: list[str] = []
    while path not in tied:
        nexts = sorted({w[len(path)] for w in tied if w[:len(path)] == path})
        what = "two equally short ways" if len(nexts) == 2 else f"{len(nexts)} equally short ways"
        path.append(source.choose(nexts, f"tie: {what}"))
    return path


def _blocking_wall(board: Board, c: Piece, quarry: Piece, geo, flying: bool) -> Conjuration | None:
    """A wall of yours on a border of the creature's zone that stands between it and its quarry."""
    here = board.distance(c.zone, quarry.zone)
    for n in board.arena.neighbours(c.zone):
        if board.distance(n, quarry.zone) >= here:
            continue
        for w in geo.walls_between(c.zone, n):
            p = board.get(w.id)
            assert isinstance(p, Conjuration)  # a wall is a conjuration on a border
            if p.side == "ym" and w.passage_blocked:
                return p
    return None
