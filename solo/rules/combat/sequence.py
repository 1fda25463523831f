"""The attack sequence around the strikes: an attack with its additional strikes (Doublestrike,
Triplestrike, a Reverse Attack's first strike turned back), then for a melee attack the
target's damage barriers and its counterstrike (a guarding Temple High Guard's comes first);
a Bash after a blocked Push and the Passage Attacks of walls a pushed creature crosses.

Everything happens on the attack's copy of the board (made when a first strike is recorded,
for an attack worked out on the board itself: ``lazy``); each strike is put on that copy as it
is recorded, so the next one sees it.  The lines are :class:`Said` records worded in
:mod:`solo.text.combat`.
"""

from __future__ import annotations

from typing import Final

from solo.cards.catalog import Attack
from solo.core.kinds import Side
from solo.rules.abilities import bonuses, restrictions
from solo.rules.board import GROUNDED, Board, Creature, Mage, Piece
from solo.rules.combat.applying import apply_strike
from solo.rules.combat.modifiers import (FIRST_STRIKE_GUARDS, attack_traits, has_named,
                                         strike_count)
from solo.rules.combat.push import passage_attack
from solo.rules.combat.results import (BASH, AttackResult, DefenseChoice, Push, Reported, Role,
                                       Strike, nth_strike)
from solo.rules.combat.strike import one_strike
from solo.rules.dice import DiceSource
from solo.rules.effects import Disenchant, Note
from solo.rules.effects import apply as put
from solo.rules.pieces import MEMORY
from solo.rules.said import Said, Who, said_with

#: The Dummy Mage's enchantment that turns an attack on its bearer back on the attacker.
REVERSE_ATTACK: Final = "Reverse Attack"

#: How :func:`attack_sequence` makes the attack's copy of the board when it needs one: the ids
#: of the pieces the copy may change (see :meth:`Board.copy`), and the attacker that is
#: grounded on it, if any (a flyer's melee attack on a non-flyer: its own strike never asks
#: whether it flies; what follows, a counterstrike say, does).
Lazy = tuple[set[str], str | None]
#: The attacker and target as an attack's first line named them (see attack_sequence).
Names = tuple[Who, Who] | None
#: The cards whose text gives an attack more strikes (:func:`bonuses.more_strikes` gives none
#: to any other card's attack: its first test).
_MORE_STRIKES: Final = frozenset((bonuses.CERBERUS, bonuses.BERSERKER))



def attack_sequence(work: Board, attacker: Piece | None, attack: Attack, target: Piece,
                    source: DiceSource, result: AttackResult, role: str, moved: bool,
                    is_spell: bool, first: bool, use_defense: bool | DefenseChoice,
                    reactions: bool, *, barrier: bool = False, zone_daze: int | None = None,
                    credit: str | None = None, report: Reported | None = None,
                    thirst: bool | None = None, daze: int | None = None, reverse: bool = False,
                    blocked_by: str | None = None, reverse_to: Piece | None = None,
                    guarding: bool = False, lazy: Lazy | None = None, names: Names = None) -> Board:
    """One attack with its additional strikes, then (for melee) damage barriers and
    counterstrike; the board it ended on (``work``, or the copy ``lazy`` made).  ``report`` (a
    person's dice) serves the attack's own strikes only, never the answers to it.  ``thirst``:
    the action opened with Bloodthirsty to be had (see :func:`~.modifiers.attack_dice`).
    ``daze``: the first strike's Daze check, already rolled.  ``reverse``, ``blocked_by``: the
    first strike is turned back on the attacker (or ``reverse_to``), or avoided (see
    :func:`solo.rules.combat.resolve_attack`).  ``guarding``: the attacker (a counterstriking
    guard) was guarding when the attack it answers was declared.  ``names``: the first line's
    names of the attacker and target (not reversed).

    ``lazy``: ``work`` is the real board, and nothing before this sequence's first strike is
    recorded changes a board (see :func:`solo.rules.combat.resolve_attack`): the attack's copy
    (:data:`Lazy`) is made only when a strike must be put on it for what comes after (another
    strike, an answer, a Push), and a last strike whose outcome is known without it is
    recorded without any copy (:func:`_settled`).  Until the copy is made nothing may change
    ``work``."""
    more, why = bonuses.more_strikes(work, attacker, attack, guarding=guarding) \
        if attacker is not None and attack.kind == "melee" and attacker.card in _MORE_STRIKES \
        else (0, [])  # (its first tests: see _MORE_STRIKES)
    n = 1 + more if not attack.traits \
        else strike_count(work, attack, target, attacker, guarding=guarding, more=more)  # (1st test)
    result.steps.extend(why)  # (the cards' lines, if any)
    # Known before the strikes: the melee attack removes a guard marker, but the guard still
    # counterstrikes in this attack's Counterstrike step.
    cs = _counterstrike(work, target) if reactions and attack.kind == "melee" else None
    guarded = bool(getattr(target, "guarding", False))
    if cs is not None and attacker is not None and work.find(attacker.id) is not None \
            and getattr(target, "guarding", False) and target.card in FIRST_STRIKE_GUARDS:
        work, attacker, target, lazy = _guard_first(work, attacker, target, cs, source, result,
                                                    lazy)
        cs = None
        if work.find(attacker.id) is None:
            return work
    landed = False  # a strike on the target that was not avoided: a successful attack
    unchanged = MEMORY.changes if lazy is not None else 0  # (changes(), written out: see below)
    for i in range(n):
        at = (reverse_to or attacker) if reverse and i == 0 and attacker is not None else target
        if work.find(at.id) is None:
            break
        if attacker is not None and work.find(attacker.id) is None:
            break
        # (by place: see resolve_attack; the first strike's role and Bloodthirsty need no call)
        s = one_strike(work, attacker, attack, at, source,
                       role if i == 0 else nth_strike(i, role),  # role
                       first and i == 0, moved and i == 0, is_spell,  # first, moved, is_spell
                       False if at is not target else use_defense,  # use_defense
                       result.quiet, barrier=barrier, zone_daze=zone_daze, credit=credit, report=report,
                       thirst=None if thirst is None
                       else thirst and not (result.strikes and _thirst_taken(result, attacker)),
                       daze=daze if i == 0 else None,
                       blocked_by=blocked_by if i == 0 else None, names=names if i == 0 else None)
        if at is not target and not result.quiet:
            s.steps.insert(0, Said("strike.reversed", target=Who.of(at)))
        if lazy is not None:  # (no reverse here: ``at`` is the target)
            assert MEMORY.changes == unchanged  # (a strike on the real board changed nothing)
            if i == n - 1 and cs is None and _settled(
                    work, result, s, target,
                    attacker if reactions and attack.kind == "melee" else None):
                return work  # nothing follows: no answers (see _settled)
            work, attacker, target = _copied(work, lazy, attacker, target)
            at = target
            lazy = None
        record_strike(work, result, s)
        landed = landed or (at is target and not s.avoided)
        if s.push is not None and work.find(at.id) is not None:
            after_push(work, s.push, s.side, at, source, result)
    if reactions and attack.kind == "melee" and attacker is not None:
        if lazy is not None:  # (no strike made: a count of none)
            work, attacker, target = _copied(work, lazy, attacker, target)
            assert attacker is not None
        _answers(work, attacker, target, cs, landed, source, result, guarded)
    return work


def _guard_first(work: Board, attacker: Piece, target: Piece, cs: Attack, source: DiceSource,
                 result: AttackResult, lazy: Lazy | None
                 ) -> tuple[Board, Piece, Piece, Lazy | None]:
    """A guarding Temple High Guard counterstrikes first, right after the Declare Attack Step:
    an attacker it destroys makes no attack (its card ruling).  On the attack's copy, made now
    if it was not yet: the board, attacker, target and ``lazy`` to go on with."""
    if lazy is not None:
        work, copied, target = _copied(work, lazy, attacker, target)
        assert copied is not None
        attacker, lazy = copied, None
    _counterstrike_step(work, target, cs, attacker, source, result, first=True)
    return work, attacker, target, lazy


def _answers(work: Board, attacker: Piece, target: Piece, cs: Attack | None, landed: bool,
             source: DiceSource, result: AttackResult, guarded: bool = False) -> None:
    """The target's answers to a melee attack: the damage barrier step, then the counterstrike
    step (a destroyed object does neither)."""
    if work.find(target.id) is None or work.find(attacker.id) is None:
        return
    # A damage barrier answers only a successful melee attack: one that did not miss (a Daze
    # check, a Defense, a Reverse Attack) -- the complete codex and Reverse Attack's ruling.
    if target.side != attacker.side and landed:
        for b in _damage_barriers(work, target):
            if work.find(attacker.id) is None:
                return
            if not isinstance(b.dice, int):
                continue
            result.steps.append(Said("barrier.hits", barrier=b.name, of=Who.of(target),
                                     target=Who.of(attacker)))
            attack_sequence(work, target, b, attacker, source, result,
                            role=Role.DAMAGE_BARRIER, moved=False, is_spell=False, first=True,
                            use_defense=True, reactions=False, barrier=True)
    if work.find(attacker.id) is None or work.find(target.id) is None:
        return
    if cs is not None:
        _counterstrike_step(work, target, cs, attacker, source, result, guarded=guarded)


def _counterstrike_step(work: Board, target: Piece, cs: Attack, attacker: Piece,
                        source: DiceSource, result: AttackResult, first: bool = False,
                        guarded: bool = False) -> None:
    """``target`` counterstrikes ``attacker`` with ``cs``, if it still can (``first``: before
    the attack it answers is rolled)."""
    who = Who.of(target)
    if target.zone != attacker.zone:  # pushed out of reach (Whirling Spirit's Windstorm)
        result.steps.append(Said("counter.out-of-reach", by=who))
        return
    if work.incapacitated(target):
        result.steps.append(Said("counter.incapacitated", by=who))
        return
    result.steps.append(Said("counter.strikes", by=who, attack=cs.name, first=first))
    if target.side == Side.YM:
        stop = restrictions.forcefield(work, attacker)  # the Dummy Mage is attacked
        if stop is not None:
            result.spent.append((attacker.id, restrictions.FORCEFIELD))
            result.steps.append(stop)
            return
    daze, reverse = _reverse_counterstrike(work, target, cs, attacker, source, result)
    attack_sequence(work, target, cs, attacker, source, result, role=Role.COUNTERSTRIKE,
                    moved=False, is_spell=False, first=True, use_defense=True, reactions=False,
                    daze=daze, reverse=reverse, guarding=guarded)


def _reverse_counterstrike(work: Board, striker: Piece, cs: Attack, attacker: Piece,
                           source: DiceSource, result: AttackResult) -> tuple[int | None, bool]:
    """Your counterstrike at the Dummy Mage's creature that carries Reverse Attack (an attack
    on it: the card must be revealed): after the striker's Daze check, the card is spent and
    the counterstrike turns back on the striker (an Unavoidable one only spends it).  The Daze
    check rolled and whether the first strike is reversed."""
    if striker.side != Side.YM or not restrictions.theirs(work, attacker, REVERSE_ATTACK):
        return None, False
    daze = None
    if striker.has_condition("Daze"):
        daze = source.d12(Said("roll.daze", by=Who.of(striker), attack=cs.name,
                               at=Who.of(attacker), role=Role.COUNTERSTRIKE))
        if daze <= 6:
            return daze, False  # it misses: nothing reaches the Avoid Attack Step
    put(work, Disenchant(attacker.id, REVERSE_ATTACK))
    result.spent.append((attacker.id, REVERSE_ATTACK))
    unavoidable = has_named(attack_traits(work, striker, cs), "Unavoidable")
    result.steps.append(Said("counter.reverse-attack", of=Who.of(attacker),
                             unavoidable=unavoidable))
    return daze, not unavoidable


def _thirst_taken(result: AttackResult, attacker: Piece | None) -> bool:
    """Whether a strike of ``attacker`` in this attack action already had its Bloodthirsty dice."""
    return attacker is not None and bool(result.strikes) and any(  # (none yet: no generator)
        s.attacker == attacker.id and any(p.code == "dice.bloodthirsty" for p in s.dice_parts)
        for s in result.strikes)


def _copied(board: Board, lazy: Lazy, attacker: Piece | None,
            target: Piece) -> tuple[Board, Piece | None, Piece]:
    """The attack's copy of ``board`` (see :func:`attack_sequence`'s ``lazy``), with its
    attacker and target."""
    only, grounded = lazy
    work = board.copy(only)
    if grounded is not None:
        put(work, Note(grounded, GROUNDED, True))
    t = work.find(target.id)
    assert t is not None  # (the target is on the board when its strike is recorded)
    return work, work.find(attacker.id) if attacker is not None else None, t


#: The conditions a strike may give its target and still be recorded without the attack's copy
#: (:func:`_settled`): none changes a life, Indestructible, an attack (Disable) or the wounds
#: (Tainted), and no card of the catalog named after one gives anything (Growth, Zombie do).
_SETTLED_CONDITIONS: Final = frozenset(("Bleed", "Burn", "Corrode", "Cripple", "Daze", "Rot",
                                        "Slam", "Stagger", "Stuck", "Stun", "Taunt", "Weak"))


def _settled(board: Board, result: AttackResult, s: Strike, target: Piece,
             answered: Piece | None) -> bool:
    """Record ``s``, the last strike of a sequence played on the real ``board`` (no copy made:
    :func:`attack_sequence`'s ``lazy``), without putting it on any board, when nothing after it
    reads the board (no damage barrier would answer ``answered``'s melee attack; no
    counterstrike, the caller knows) and its target's damage and whether it is destroyed are
    plain to tell: damage and the :data:`_SETTLED_CONDITIONS` alone (no Push, reveal, heal,
    Rage, Block spent...).  Whether it was recorded: if not, the caller puts it on a copy
    (:func:`record_strike`).

    It tells what :func:`record_strike` would (the damage on the target, whether
    :func:`solo.rules.harm.destroy_if_dead` removes it) from the board as it is, the strike
    leaving the target's life and traits as they are."""
    if s.push is not None or s.revealed is not None or s.spent is not None or s.acid \
            or s.martyred or s.extinguished or s.rage or s.healed or s.reconstructed \
            or s.shielded or (s.defense_index is not None and target.enchantments):
        return False
    for c in s.conditions:  # (most strikes: none)
        if c not in _SETTLED_CONDITIONS:
            return False
    if answered is not None and not s.avoided and target.side != answered.side:
        for a in board.attacks(target):  # (_damage_barriers' question, without its lists)
            if a.kind == "damage-barrier":
                return False  # (the barrier step: see _answers)
        if target.enchantments and _damage_barriers(board, target):
            return False
    damage = target.damage + s.damage if s.damage > 0 else target.damage
    tainted = target.conditions.get("Tainted", 0)
    wounds = damage + 3 * tainted if tainted > 0 else damage
    result.strikes.append(s)
    s.damage_total = damage
    if wounds and not isinstance(target, Mage) and 0 < board.life(target) <= wounds \
            and not board.has_trait(target, "Indestructible"):  # (destroy_if_dead's test)
        s.destroyed = True
    if not result.quiet:  # (a game nobody reads: see AttackResult.quiet)
        _record_lines(result, s)
    return True


def record_strike(work: Board, result: AttackResult, s: Strike) -> None:
    """Add ``s`` to ``result`` and put it on the attack's copy of the board."""
    result.strikes.append(s)
    target = work.find(s.target)
    gone = apply_strike(work, s)
    if target is not None:
        s.damage_total = target.damage
    if s.target in gone:
        s.destroyed = True
    if not result.quiet:  # (a game nobody reads: see AttackResult.quiet)
        _record_lines(result, s)


def _record_lines(result: AttackResult, s: Strike) -> None:
    """The lines of a strike just recorded, added to the attack's: its own, and the target's
    destruction when it destroyed it."""
    result.steps.extend(s.steps)
    if s.destroyed:
        line = said_with("strike.destroyed", {"card": s.target_card, "id": s.target})
        s.steps.append(line)
        result.steps.append(line)


def _damage_barriers(work: Board, p: Piece) -> list[Attack]:
    out = [a for a in work.attacks(p) if a.kind == "damage-barrier"]
    for name in p.enchantments:
        card = work.cat.find(name)
        if card is not None:
            out += [a for a in card.attacks if a.kind == "damage-barrier"]
    return out


def _counterstrike(work: Board, p: Piece) -> Attack | None:
    """The quick melee attack ``p`` counterstrikes with: one with the Counterstrike trait, or,
    for a guarding creature, its first quick melee attack."""
    quick = []  # (a loop, not a comprehension: every melee attack asks)
    for a in work.attacks(p):
        if a.kind == "melee" and a.action == "quick" and isinstance(a.dice, int):
            quick.append(a)
    if not quick:
        return None
    # Of :func:`attack_traits`, only the card's own traits and the melee traits its
    # enchantments and round effects grant (Retaliate) can be Counterstrike (the rest is
    # Piercing), and the grants are the same for each attack: read once, not an attack_traits
    # a quick attack (every melee attack asks its target; has_named's first test written out).
    grants = work.grant_totals(p, "melee_traits")
    granted = bool(grants) and has_named(grants, "Counterstrike")
    for a in quick:  # the card's, Retaliate's, or card text's (asked in that order)
        if (a.traits and a.has("Counterstrike")) or granted:
            return a
        # (gained asked only of the Wolverine: without a target it gives nothing else)
        gained = bonuses.gained(work, p, a, None) if p.card == bonuses.WOLVERINE else None
        if gained and has_named([str(g["trait"]) for g in gained], "Counterstrike"):
            return a
    if isinstance(p, Creature) and p.guarding and quick:
        return quick[0]
    return None


def after_push(work: Board, push: Push, credit: str | None, target: Piece, source: DiceSource,
               result: AttackResult) -> None:
    """A Bash after a blocked Push (credited to the pusher's side, ``credit``); Passage Attacks
    of walls a pushed creature crosses on foot (a Flying one flies over them: Force Push's
    card rulings)."""
    if push.blocked_by is not None:
        attack_sequence(work, None, BASH, target, source, result, role=Role.BASH, moved=False,
                        is_spell=False, first=True, use_defense=False, reactions=False,
                        credit=credit)
        return
    if push.to == push.start or push.flying:
        return
    for w in work.geometry().walls_between(push.start, push.to):
        wall = work.get(w.id)
        a = passage_attack(work, wall, target) if w.passage_attacks else None
        if a is not None:
            result.steps.append(Said("passage.attacks", wall=Who.of(wall),
                                     target=Who.of(target)))
            attack_sequence(work, wall, a, target, source, result, role=Role.PASSAGE_ATTACK,
                            moved=False, is_spell=False, first=True, use_defense=True,
                            reactions=False, barrier=True)
