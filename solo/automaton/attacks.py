"""Which attacks a creature may make, and at whom: rules A-i/ii of the Dummy Mage's creatures.

Legal attacks (range, Line of Sight, guards, Bloodthirsty, Taunt), the target the solo rules
pick (your mage first, else your creature with the most life left), and what follows from the
target (an Intercepting guard, a Sweeping attack's second target).  Your side's rules ask the
same questions (:mod:`solo.engine.game`, :mod:`solo.engine.simulate`).  Nothing here changes
the board.
"""

from __future__ import annotations

from typing import Final

from solo.cards.catalog import Attack
from solo.core.kinds import DM, YM, Side
from solo.rules import combat, stagger, upkeep
from solo.rules.abilities import actions
from solo.rules.abilities import bonuses
from solo.rules.abilities.marks import may_attack
from solo.rules.board import Board, Piece
from solo.rules.decision import enemy_creatures, in_arena
from solo.rules.dice import DiceSource
from solo.rules.targeting import can_reach, can_target, shielded_from
from solo.rules.said import Said, Who

__all__ = ["HELPING", "TAUNTERS", "THORG", "helps_only", "forced_guards", "guard_blocks",
           "legal_attacks", "candidates", "legal_among", "melee_only", "pick_attack", "interceptor",
           "sweep_target", "sweeps_on", "zone_attacks", "pick_zone_attack", "SELF_DESTROYING"]

#: Attack traits (lower-case starts) of attacks that heal or help rather than hurt (catalog
#: text, matched as it is written).
HELPING: Final = ("heal", "reconstruct", "remove 1", "place an armor", "target goblin",
                  "target zombie", "add 3 mana")

#: Creatures whose Taunt markers force the taunted creature to attack them.
TAUNTERS: Final = upkeep.TAUNTERS
THORG: Final = "Thorg, Chief Bodyguard"


#: helps_only's answer by an attack's traits (a card's attacks are asked thousands of times a
#: game; the answer depends on the traits alone)
_HELPS: Final[dict[tuple[str, ...], bool]] = {(): False}


def helps_only(attack: Attack) -> bool:
    """An attack that heals or helps (Heal, or card text such as reconstructing a skeleton):
    never made against an enemy."""
    traits = attack.traits
    known = _HELPS.get(traits)
    if known is None:
        known = _HELPS[traits] = any(t.lower().startswith(HELPING) for t in traits)
    return known


def forced_guards(board: Board, attacker: Piece, zone: str,
                  target: Piece | None = None) -> list[Piece]:
    """The attacker's enemies' guards in ``zone`` that a melee attack must target first; none
    for an Elusive attacker, nor for a flyer attacking a flyer (the complete codex: a flyer
    heeds guards only when it attacks a non-flyer)."""
    enemy = YM if attacker.side == DM else DM
    guards: list[Piece] = []  # (a loop over the kept list: no copy, no comprehension's call)
    for c in board.kept_side(enemy):
        if c.guarding and c.zone == zone:
            guards.append(c)
    if not guards:  # (nearly always)
        return []
    if actions.elusive(board, attacker):
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
    forced = forced_guards(board, attacker, zone, target)
    if not forced:  # (nearly always)
        return False
    guards = [g for g in forced if can_reach(board, attacker, attack, zone, g)]
    return bool(guards) and target not in guards


def legal_attacks(board: Board, attacker: Piece, from_zone: str, target: Piece,
                  quick_only: bool) -> list[Attack]:
    """The attacks ``attacker`` may make from ``from_zone`` at ``target`` (only its quick ones
    when ``quick_only``)."""
    return legal_among(board, attacker, candidates(board, attacker, quick_only), from_zone, target)


def candidates(board: Board, attacker: Piece, quick_only: bool,
               attacks: list[Attack] | None = None) -> list[Attack]:
    """The attacks of ``attacker`` that may be legal at someone at all: melee and ranged
    attacks with dice that hurt (only its quick ones when ``quick_only``); none while it is a
    Staggered minor creature.  Worked out once for the many targets and zones asked about
    (``attacks``: its :meth:`Board.attacks`, when the caller has them)."""
    # a Staggered minor creature attacks no one (a Stagger marker: asked of one with markers)
    if attacker.conditions and stagger.cannot_attack(board, attacker):
        return []
    out: list[Attack] = []  # (a loop: no comprehension's call, every creature action)
    for a in board.attacks(attacker) if attacks is None else attacks:
        if (a.kind == "melee" or a.kind == "ranged") and a.action is not None \
                and a.dice is not None and not (quick_only and a.action != "quick"):
            helps = _HELPS.get(a.traits)  # (helps_only's remembered answer: no call)
            if not (helps if helps is not None else helps_only(a)):
                out.append(a)  # (no dice: an ability of the card, not an attack)
    return out


def melee_only(among: list[Attack]) -> bool:
    """Whether every attack of ``among`` is a melee attack, which :func:`legal_among` allows
    only at a target in the zone it is made from."""
    for a in among:  # (a loop, not all() over a generator)
        if a.kind != "melee":
            return False
    return True


def legal_among(board: Board, attacker: Piece, among: list[Attack], from_zone: str,
                target: Piece) -> list[Attack]:
    """The ones of ``among`` (its :func:`candidates`) ``attacker`` may make from
    ``from_zone`` at ``target``."""
    out: list[Attack] = []
    forced: list[Piece] | None = None  # its enemies' guards there: asked once, if at all
    blood: list[Piece] | None = None
    # A melee attack reaches nothing in another zone (can_reach's own first answer for one,
    # given here before the traits and immunities it asks about first; a zone's name is its
    # canonical spelling, so the same zone is the same name: no distance read).
    near = from_zone == target.zone
    for a in among:
        if a.kind == "melee" and not near:
            continue
        if not can_reach(board, attacker, a, from_zone, target):
            continue
        if not may_attack(board, attacker, a, target):  # Death Roll: only at its prey
            continue
        if a.kind == "melee":
            if forced is None:
                forced = forced_guards(board, attacker, from_zone, target)
            guards = [g for g in forced if can_reach(board, attacker, a, from_zone, g)] \
                if forced else forced
            if guards and target not in guards:
                continue
            if blood is None:
                blood = _bloodthirst_targets(board, attacker, from_zone)
            if blood and target not in blood and not guards:
                continue
        out.append(a)
    return out


#: Creatures whose zone attack destroys them as its cost (their card text): solo never declares
#: it for them (docs/rulings.md, "A creature's zone attack is among its legal attacks").
SELF_DESTROYING: Final = ("Goblin Bomber",)


def zone_attacks(board: Board, attacker: Piece, quick_only: bool) -> list[Attack]:
    """The zone attacks ``attacker`` may declare (only its quick ones when ``quick_only``)."""
    if attacker.card in SELF_DESTROYING or stagger.cannot_attack(board, attacker):
        return []
    return [a for a in board.attacks(attacker)
            if (a.kind == "zone" or a.zone) and a.action is not None and a.dice is not None
            and not helps_only(a) and (a.action == "quick" or not quick_only)]


def pick_zone_attack(board: Board, source: DiceSource, attacker: Piece, from_zone: str,
                     quick_only: bool) -> tuple[str, list[Attack]] | None:
    """The zone a zone attack of ``attacker``'s goes to, as the solo rules place a zone attack
    spell: your mage's zone when in range (and in Line of Sight), else the nearest zones in
    range holding your creatures, the one holding the most of them (ties at random); with the
    zone attacks that reach it.  None when it has no zone attack or nothing of yours is in
    reach of one."""
    attacks = zone_attacks(board, attacker, quick_only)
    if not attacks:  # (nearly always)
        return None
    geo = board.geometry()

    def reaching(zone: str) -> list[Attack]:
        dist = board.distance(from_zone, zone)
        return [a for a in attacks if a.range[0] <= dist <= a.range[1]
                and (dist == 0 or geo.line_of_sight(from_zone, zone))]

    ym = board.mages[Side.YM]
    if in_arena(board, ym) and reaching(ym.zone):
        return ym.zone, reaching(ym.zone)
    crowd: dict[str, int] = {}
    for c in board.side_creatures(Side.YM):
        if in_arena(board, c) and reaching(c.zone):
            crowd[c.zone] = crowd.get(c.zone, 0) + 1
    if not crowd:
        return None
    near = min(board.distance(from_zone, z) for z in crowd)
    zones = sorted(z for z in crowd if board.distance(from_zone, z) == near)
    most = max(crowd[z] for z in zones)
    zones = [z for z in zones if crowd[z] == most]
    zone: str = source.choose(zones, Said("dm.tie.zone-attack")) if len(zones) > 1 else zones[0]
    return zone, reaching(zone)


def _bloodthirst_targets(board: Board, attacker: Piece, zone: str) -> list[Piece]:
    if not board.has_trait(attacker, "Bloodthirsty"):
        return []
    return [e for e in enemy_creatures(board) if e.zone == zone and e.damage > 0
            and board.is_living(e)]


def pick_attack(board: Board, source: DiceSource, attacker: Piece, from_zone: str,
                quick_only: bool,
                among: list[Attack] | None = None) -> tuple[Piece, list[Attack]] | None:
    """Rules A-i/ii: your mage if it can be attacked, else your creature with the highest
    remaining life that can be, else a conjuration of yours in its zone (engaged)
    (``among``: its :func:`candidates`, when the caller has them)."""
    # it must attack the creature that taunted it (a marker: asked of one with markers)
    if attacker.conditions and attacker.has_condition("Taunt"):
        for t in enemy_creatures(board, attacker.side):
            if t.card in TAUNTERS and t.zone == from_zone \
                    and combat.taunt_block(board, t.card, attacker) is None:
                # Thorg's: any attack at him (the codex); the others': a melee attack
                at = [a for a in legal_attacks(board, attacker, from_zone, t, quick_only)
                      if a.is_melee or t.card == THORG]
                if at:
                    return t, at
    if among is None:
        among = candidates(board, attacker, quick_only)
    ym = board.mages[YM]
    # (its melee attacks reach only its zone: legal_among's first test, asked first)
    melee = melee_only(among)
    if (not melee or ym.zone == from_zone) and in_arena(board, ym):
        attacks = legal_among(board, attacker, among, from_zone, ym)
        if attacks:
            return ym, attacks
    tied = _most_life(board, attacker, among, from_zone, melee) if among else []
    if not tied:
        options = _engaged_conjurations(board, attacker, from_zone, quick_only)
        if not options:
            return None
        best = max(board.remaining_life(c) for c, _ in options)
        tied = [(c, a) for c, a in options if board.remaining_life(c) == best]
    if len(tied) == 1:  # (choose picks a lone option without rolling: no names to make)
        return tied[0]
    picked: tuple[Piece, list[Attack]] = source.choose(
        tied, Said("dm.tie.life"),  # (names read only where announced: DiceSource.choose)
        [Who.of(c) for c, _ in tied] if source.announces else None)
    return picked


def _most_life(board: Board, attacker: Piece, among: list[Attack], from_zone: str,
               melee: bool) -> list[tuple[Piece, list[Attack]]]:
    """Your creatures in the arena with the highest remaining life among those ``attacker`` may
    attack from ``from_zone``, each with its legal attacks, in board order (``melee``: whether
    ``among`` are melee attacks only, :func:`melee_only`).  (The legal attacks are worked out
    from the most life down, stopping at the first level someone can be attacked at: the
    creatures with less life left could not be picked.)"""
    # (its melee attacks reach only its zone: legal_among's first test, asked first; one loop,
    # in_arena written out, no comprehension's call)
    found: list[Piece] = []
    for c in board.kept_side(YM):
        if melee and c.zone != from_zone:  # (another zone: see legal_among's near)
            continue
        if "Banish" not in c.conditions or c.conditions["Banish"] <= 0:
            found.append(c)
    if not found:
        return []
    if len(found) == 1:  # (often: one creature of yours in reach, no life to read or sort)
        t = found[0]
        a = legal_among(board, attacker, among, from_zone, t)
        return [(t, a)] if a else []
    lives: list[tuple[Piece, int]] = []  # (a loop: no comprehension's calls)
    levels: set[int] = set()
    for t in found:
        life = board.remaining_life(t)
        lives.append((t, life))
        levels.add(life)
    for level in sorted(levels, reverse=True):
        tied: list[tuple[Piece, list[Attack]]] = []
        for t, life in lives:
            if life == level:
                a = legal_among(board, attacker, among, from_zone, t)
                if a:
                    tied.append((t, a))
        if tied:
            return tied
    return []


def _engaged_conjurations(board: Board, attacker: Piece, from_zone: str,
                          quick_only: bool) -> list[tuple[Piece, list[Attack]]]:
    """Your conjurations in its zone (not walls) and the melee attacks it may make at them."""
    if not board.conjurations:  # (nearly always: none in play, no comprehension to run)
        return []
    conj: list[tuple[Piece, list[Attack]]] = [
        (c, [a for a in board.attacks(attacker) if a.is_melee and a.action
             and (a.action == "quick" or not quick_only) and not shielded_from(board, a, c)])
        for c in board.conjurations if c.side == Side.YM and c.border is None
        and c.zone == from_zone and can_target(board, from_zone, c)]
    return [(c, a) for c, a in conj if a]


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


def whirl_targets(board: Board, c: Piece, attack: Attack, first: Piece,
                  moved: bool) -> list[Piece]:
    """Whirling Strike's other targets for ``c``'s attack on ``first``, made as a full action
    (``moved``: it walked first, so there are none): up to as many as card text gives, other
    enemies in its zone that the attack may go on to, the highest remaining life first (ties:
    the lowest id), as :func:`sweep_target` picks."""
    n = 0 if moved else bonuses.whirls(c, attack)
    if not n:
        return []
    options = [e for e in enemy_creatures(board, c.side) if e.id != first.id
               and e.zone == c.zone and sweeps_on(board, c, attack, first, e)]
    return sorted(options, key=lambda e: (-board.remaining_life(e), e.id))[:n]


def sweeps_on(board: Board, c: Piece, attack: Attack, first: Piece, second: Piece) -> bool:
    """Whether a Sweeping attack on ``first`` may go on to ``second``: a flyer that attacks a
    non-flyer in melee loses Flying for the whole attack action (the complete codex), so it
    cannot go on to a flyer without Reach."""
    if not can_reach(board, c, attack, c.zone, second):
        return False
    return not (attack.is_melee and board.flying(c) and not board.flying(first)
                and board.flying(second) and not attack.has("Reach"))

