"""Resolving an attack: :func:`resolve_attack` (one attack on one object, with a Sweeping
attack's second target), :func:`resolve_reported_attack` (dice a person rolled),
:func:`resolve_zone_attack` (every object in a zone), :func:`resolve_push` (what a spell's Push
brings), and the Daze check made when the attack is declared.

None of them changes the board it is given: each plays the attack out on a private copy (so
that a second strike sees the damage of the first, a counterstrike sees whether its creature
survived, and so on) and returns an :class:`AttackResult`; :func:`solo.rules.combat.apply` puts
it on the real board.  Most attacks (one strike, nobody answers) need no copy: an attack whose
strikes change nothing while they are worked out is read from the board itself, the copy made
only when a strike must be put on it for what follows (see
:func:`~solo.rules.combat.sequence.attack_sequence`'s ``lazy``).  Positions, range, line of
sight, guards and who may attack whom are the caller's business.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import overload, Final

from solo.cards.catalog import Attack, parse_trait
from solo.rules.abilities import bonuses
from solo.core.kinds import DM, YM
from solo.rules import mages
from solo.rules.board import GROUNDED, HIDDEN, Board, Piece
from solo.rules.combat.modifiers import by_itself, once_markers
from solo.rules.combat.results import (BASH, UNNAMED, AttackResult, CombatError,
                                       DefenseChoice, Push, Reported, Role)
from solo.rules.combat.sequence import Lazy, after_push, attack_sequence
from solo.rules.combat.strike import named
from solo.rules.dice import DiceSource
from solo.rules.effects import Note
from solo.rules.effects import apply as put
from solo.rules.said import Said, Who, said_with


#: Attack traits and markers that solo applies in full (their glossary entries have no by-hand
#: line), by the name before any number: an attack that names only these records no
#: ``attack.by-hand`` line, so its wording loads no glossary.  tests/cli/test_startup.py holds it to
#: the glossary over every card.
NO_BY_HAND: Final = frozenset((
    "bleed", "burn", "corrode", "cripple", "daze", "knockdown", "rot", "slam", "sleep", "stuck",
    "stun", "tainted", "weak", "push", "piercing", "unavoidable", "counterstrike", "doublestrike",
    "triplestrike", "reach", "ethereal", "vampiric", "critical damage", "no damage", "extinguish",
    "defrost", "trample"))
#: Attack traits whose by-hand part the strike itself says, when it applies (``strike.drain``).
SAID_BY_THE_STRIKE: Final = frozenset(("mana drain", "mana transfer"))
#: Whether a trait or marker needs no ``attack.by-hand`` line (its name, before any number, is
#: in NO_BY_HAND or SAID_BY_THE_STRIKE), by the name as written: :func:`_by_hand` asks it of
#: every attack's traits, which are few, so it parses each once.
_QUIET: Final[dict[str, bool]] = {}
#: Role.ATTACK as a module global (the same member, without a look-up on its enum class).
_ATTACK: Final = Role.ATTACK


# resolve_attack passes attack_sequence its arguments up to ``reactions`` by place: a call of
# more than 30 values on Python's stack, as that one would be with them named, is made through
# a dictionary, several times the cost of a plain call (tests/rules/test_combat_calls.py).
def resolve_attack(board: Board, attacker: Piece, attack: Attack | str | None, target: Piece,
                   source: DiceSource, *, moved: bool = False, is_spell: bool | None = None,
                   first_strike: bool = True, sweep_target: Piece | None = None,
                   use_defense: bool | DefenseChoice = True, report: Reported | None = None,
                   reactions: bool = True, daze: int | None = None, reverse: bool = False,
                   blocked_by: str | None = None, barrier: bool = False,
                   reverse_to: Piece | None = None, whirl_targets: Sequence[Piece] = (),
                   quiet: bool = False) -> AttackResult:
    """Resolve one attack of ``attacker`` on ``target``; the board is not changed.

    ``attack`` is an :class:`Attack` or a name (one of the attacker's attacks, or an attack
    spell's card name -- then the attacker is its caster).  ``is_spell`` says the attack is an
    attack spell (Weak and enchantments such as Agony do not touch it); left as None it is a
    spell when it is not one of the attacker's own attacks.  ``moved``: the attacker moved at
    least one zone just before (Charge +X).  ``first_strike``: this is the first attack of the
    action (Melee +X, Bloodthirsty +X, Charge +X and Vampiric count only then).
    ``sweep_target``: the second, different target of a Sweeping attack.  ``use_defense``:
    whether the target tries its Defense (the Dummy Mage's side always does), or a
    :data:`DefenseChoice` asked when it could.  ``report``: the attack dice were rolled by a
    person (see :func:`resolve_reported_attack`).  ``reactions``: False when nobody answers the
    attack with a damage barrier or a counterstrike.  ``daze``: the attacker's Daze check,
    already rolled (:func:`daze_check`).  ``reverse``: the target's Reverse Attack turned the
    attack back: its first strike hits the attacker itself, which rolls no Defense; the rest
    of the action goes on as declared -- a Doublestrike's other strikes at the target, a
    Sweeping attack's second target -- and the target may still counterstrike (the card's
    rulings); ``reverse_to``: whom a reversed strike hits instead of the attacker (a Chain
    Lightning jump's: the last target, its card ruling).  ``blocked_by``: the card (a hidden
    Block, revealed) that avoids the first strike; the rest of the action goes on as declared
    (a Doublestrike's second attack, the codex).  ``barrier``: the attack is not the
    attacker's own but one its side's card makes without targeting, as a damage barrier does
    (a trap's: ``attacker`` is the mage whose trap it is): the attacker's Daze, Weak and
    bonuses do not touch it.  ``whirl_targets``: the other targets card text lets the attack
    strike after the first (Whirling Strike), one strike each, as a Sweeping attack's second
    (:func:`solo.rules.abilities.bonuses.whirls`).  ``quiet``: no lines (AttackResult.quiet)."""
    if report is not None or not isinstance(attack, Attack) or not attack.counted:
        att, spell, use_defense = _attack_of(board, attacker, attack, is_spell, report, use_defense)
    else:  # (most attacks: _attack_of's answer, without its two calls)
        att, spell = attack, attack not in board.attacks(attacker) if is_spell is None else is_spell
    # Only what the attack can change is copied (see apply_strike, which owns what it changes).
    only = {attacker.id, target.id} if sweep_target is None and reverse_to is None \
        else _may_change(attacker, target, sweep_target, reverse_to)  # (the two: most attacks)
    # (_on's look-up written out: it is called only for a piece the board does not have)
    a = board.find(attacker.id) or _on(board, attacker)
    t = board.find(target.id) or _on(board, target)
    # A flyer attacking a non-flyer in melee loses Flying until the end of the attack action
    # (the complete codex): on the attack's copy only (its strike never asks if it flies).
    grounded = att.kind == "melee" and board.flying(a) and not board.flying(t)
    lazy: Lazy | None = None
    # (a strike that may change its board needs the copy from the start: one on itself, the
    # Voltaric Shield noted (mages.shields' first test), your hidden card revealed: strike.py)
    if reverse or whirl_targets or sweep_target is not None or a.id == t.id \
            or (t.id == DM and mages.shields(board, t)) or (t.side == YM and HIDDEN in t.extra) \
            or (att.traits and att.has("Sweeping")):
        work = board.copy(only)
        a, t = _on(work, attacker), _on(work, target)
        if grounded:
            put(work, Note(a.id, GROUNDED, True))
    else:  # (most attacks) played on the board itself: the copy made when needed, if ever
        work, lazy = board, (only, a.id if grounded else None)  # (see attack_sequence)
    back = _on(work, reverse_to) if reverse_to is not None else None
    result = AttackResult(att.name, attacker.id, (reverse_to or attacker).id if reverse else target.id)
    result.quiet = quiet  # (not by name: a class called with one makes a dictionary of it)
    # (the first strike's lines and its dice's labels name them alike)
    names = (named(a), named(t))
    if not quiet:
        result.steps.append(_declared(names, att, spell, report))  # (by place: see above)
    work = attack_sequence(work, a, att, t, source, result, _ATTACK, moved, spell, first_strike,
                           use_defense, reactions, report=report, thirst=first_strike, daze=daze,
                           reverse=reverse, blocked_by=blocked_by, barrier=barrier,
                           reverse_to=back, lazy=lazy, names=None if reverse else names)
    if work is not board and lazy is not None:  # the copy was made: its attacker
        a = work.find(attacker.id) or a
    if whirl_targets or (att.traits and att.has("Sweeping")):
        _more_targets(work, a, att, t, sweep_target, whirl_targets, source, result, spell,
                      use_defense, report, first_strike)
    # (_ended's first tests: round markers only on one with markers, by-hand lines if read)
    if a.conditions or not quiet:
        _ended(work, a, att, result, rolled=report is None)
    return result


def _more_targets(work: Board, a: Piece, att: Attack, t: Piece, sweep_target: Piece | None,
                  whirl_targets: Sequence[Piece], source: DiceSource, result: AttackResult,
                  spell: bool, use_defense: bool | DefenseChoice, report: Reported | None,
                  thirst: bool) -> None:
    """The attack's further targets after ``t``: Whirling Strike's others, or a Sweeping
    attack's second (see :func:`resolve_attack`)."""
    if whirl_targets:
        single = bonuses.one_strike_only(att)
        for other in whirl_targets:
            _sweep(work, a, single, t, other, source, result, spell=spell,
                   use_defense=use_defense, report=report, thirst=thirst, whirl=True)
    else:
        _sweep(work, a, att, t, sweep_target, source, result, spell=spell,
               use_defense=use_defense, report=report, thirst=thirst)


def _ended(work: Board, a: Piece, att: Attack, result: AttackResult, *, rolled: bool) -> None:
    """What the end of the attack leaves in ``result``: the round markers it used up on its
    attacker ``a`` (Perfect Strike...), and the by-hand line (:func:`_by_hand`)."""
    # (round markers, so none on an attacker without markers: most attackers)
    if att.kind == "melee":
        result.once_used = once_markers(work, a) if a.conditions and work.find(a.id) else []
    elif att.kind == "ranged" and not att.zone:  # (kind is not "zone" here)
        result.once_used = once_markers(work, a, "ranged") \
            if a.conditions and work.find(a.id) else []
    strikes = result.strikes
    # (most attacks have no traits, and one strike that gave no marker: no names to look at;
    # nor in a game nobody reads, the line's only reader)
    if not result.quiet and (att.traits or len(strikes) != 1 or strikes[0].conditions):
        _by_hand(result, att, rolled=rolled)


def _attack_of(board: Board, attacker: Piece, attack: Attack | str | None,
               is_spell: bool | None, report: Reported | None,
               use_defense: bool | DefenseChoice
               ) -> tuple[Attack, bool, bool | DefenseChoice]:
    """The attack, whether it is a spell, and whether its target may use a Defense."""
    if attack is None and report is not None:
        # its traits are unknown: it may well be Unavoidable, so no Defense is rolled for it
        return UNNAMED, bool(is_spell), False
    assert attack is not None  # an attack without a name needs its dice reported
    att, spell = _find_attack(board, attacker, attack, is_spell)
    if report is None:
        if not att.counted:  # (_check_dice's test first: every attack asks)
            _check_dice(att)
    elif att.zone or att.kind == "zone":
        raise CombatError(Said("combat.zone-reported", attack=att.name))
    return att, spell, use_defense


def _declared(names: tuple[Who, Who], att: Attack, spell: bool, report: Reported | None) -> Said:
    """The attack's first line: who attacks whom (``names``) with what."""
    if att is UNNAMED:
        return Said("attack.unknown", by=names[0], target=names[1])
    return said_with("attack.declared", {  # (Said(code, **facts): see said_with)
        "by": names[0], "target": names[1], "attack": att.name, "kind": att.kind,
        "zone": bool(att.zone or att.kind == "zone"), "spell": spell,
        "reported": report is not None})


def _sweep(work: Board, a: Piece, att: Attack, t: Piece, sweep_target: Piece | None,
           source: DiceSource, result: AttackResult, *, spell: bool,
           use_defense: bool | DefenseChoice, report: Reported | None, thirst: bool,
           whirl: bool = False) -> None:
    """A Sweeping attack's second attack, at its second, different target (``whirl``: one of
    Whirling Strike's other targets)."""
    second = _on(work, sweep_target) if sweep_target is not None \
        and work.find(sweep_target.id) else None
    if second is None or second.id == t.id:
        result.steps.append(Said("sweep.none"))
    elif work.find(a.id) is not None:
        result.steps.append(Said("sweep.second", target=Who.of(second), whirl=whirl))
        attack_sequence(work, a, att, second, source, result, role=Role.SWEEP, moved=False,
                        is_spell=spell, first=False, use_defense=use_defense, reactions=True,
                        report=report, thirst=thirst)


def _by_hand(result: AttackResult, attack: Attack, *, rolled: bool = False) -> None:
    """Nothing ignored in silence: the attack's traits and the markers it gave that solo may
    not fully apply end its steps with an ``attack.by-hand`` line (worded with the glossary's
    by-hand notes; none when the glossary has none for them).  Mana Drain is left to the
    strike, which says what it takes when its damage takes it (and nothing after no damage).
    Sweeping needs no line after an attack solo ``rolled``: it made the second attack itself,
    or said that no second target was there."""
    names = list(attack.traits)
    for s in result.strikes:  # (a loop, not a generator: every attack asks)
        if s.conditions:
            names += s.conditions
    for n in names:  # (most attacks: none, or only names solo applies or the strike says)
        quiet = _QUIET.get(n)
        if quiet is None:
            if len(_QUIET) > 1024:  # (a person's own cards could bring any number of traits)
                _QUIET.clear()
            quiet = _QUIET[n] = parse_trait(n)[0].lower() in NO_BY_HAND | SAID_BY_THE_STRIKE
        if not quiet:
            break
    else:  # (nothing left after the filters below: no line, no name parsed again)
        return
    names = [n for n in names if parse_trait(n)[0].lower() not in SAID_BY_THE_STRIKE]
    if rolled or any(s.role == Role.SWEEP for s in result.strikes):
        # solo rolled it: it made the second attack or said there was no second target
        names = [n for n in names if n.lower() != "sweeping"]
    if all(parse_trait(n)[0].lower() in NO_BY_HAND for n in names):
        return
    result.steps.append(Said("attack.by-hand", names=names))


def resolve_reported_attack(board: Board, attacker: Piece, attack: Attack | str | None,
                            target: Piece, report: Reported, source: DiceSource, *,
                            moved: bool = False, is_spell: bool | None = None,
                            first_strike: bool = True, sweep_target: Piece | None = None,
                            use_defense: bool | DefenseChoice = True, daze: int | None = None,
                            reverse: bool = False) -> AttackResult:
    """An attack whose attack dice (and effect die) a person rolled at the table; the board is
    not changed.

    Resolved exactly as :func:`resolve_attack` resolves a rolled one -- the Daze check, the
    target's Defense (modified by its Daze and Restrained; none against Unavoidable attacks or
    by an Incapacitated target; its uses counted), armor and Piercing, criticals, Incorporeal,
    immunities, Indestructible, No Damage, Vampiric, more strikes, damage barriers and the
    counterstrike, rolled with ``source`` -- except that each of the attack's own strikes asks
    ``report`` for what the attack dice showed and for the markers, instead of rolling them.
    ``attack`` may roll "X" dice (the card says how many); None is an attack solo does not know:
    no traits, and no Defense is rolled for it.  Zone attacks cannot be reported.  ``daze``
    and ``reverse`` are :func:`resolve_attack`'s.
    """
    return resolve_attack(board, attacker, attack, target, source, moved=moved,
                          is_spell=is_spell, first_strike=first_strike,
                          sweep_target=sweep_target, use_defense=use_defense, report=report,
                          daze=daze, reverse=reverse)


def resolve_zone_attack(board: Board, caster: Piece | None, attack: Attack | str, zone: str,
                        source: DiceSource, *, is_spell: bool | None = None,
                        daze: int | None = None) -> AttackResult:
    """A zone attack: a separate Unavoidable attack on every creature and conjuration in
    ``zone`` (walls on its border are not hit) except the caster; one Daze check for all
    (``daze``: already rolled, :func:`daze_check`)."""
    att, spell = _find_attack(board, caster, attack, is_spell)
    _check_dice(att)
    zone = board.arena.normal(zone)
    work = board.copy(_may_change(caster, *board.in_zone(zone)))
    c = _on(work, caster)
    result = AttackResult(attack=att.name, attacker=caster.id if caster else None, target=zone,
                          zone=zone)
    targets = [p for p in work.in_zone(zone) if (c is None or p.id != c.id)
               and p.conditions.get("Banish", 0) <= 0]  # banished: out of range and LoS
    by = Who.of(c) if c is not None else None
    result.steps.append(Said("zone.cast", by=by, attack=att.name, zone=zone,
                             targets=[Who.of(p) for p in targets]))
    if c is None or not c.has_condition("Daze"):
        daze = None
    elif daze is None:
        daze = daze_check(work, c, att, zone, source)
    if daze is not None:
        result.daze_roll = daze
        result.steps.append(Said("zone.daze", by=by, roll=daze))
    for p in targets:
        if work.find(p.id) is None:
            continue
        attack_sequence(work, c, att, p, source, result, role=Role.ATTACK, moved=False,
                        is_spell=spell, first=True, use_defense=False, reactions=False,
                        zone_daze=daze)
    _by_hand(result, att)
    return result


def resolve_push(board: Board, target: Piece, push: Push, source: DiceSource,
                 credit: str | None) -> AttackResult:
    """What follows a Push that no attack made (a spell's), once ``target`` stands where
    ``push`` took it (:func:`~solo.rules.combat.push.push_to`): the Bash when something stopped
    it, or the attack of each Passage Attacks wall it was pushed through on foot.  ``credit``:
    the pusher's side.  The board is not changed (see :func:`solo.rules.combat.apply`)."""
    work = board.copy({target.id})
    result = AttackResult(attack=BASH.name if push.blocked_by else "Push", attacker=None,
                          target=target.id)
    after_push(work, push, credit, _on(work, target), source, result)
    return result


def daze_check(board: Board, attacker: Piece | None, attack: Attack, target: Piece | str,
               source: DiceSource, is_spell: bool = False) -> int | None:
    """A Dazed attacker's Daze check (the effect die; None when it is not Dazed, or when a spell
    makes the attack by itself, Explode's: :func:`by_itself`), rolled at the end of the Declare
    Attack Step: before its target may answer in the Avoid Attack Step (a hidden Block or
    Reverse Attack is not revealed against an attack that missed)."""
    if attacker is None or not attacker.has_condition("Daze") or by_itself(attack, is_spell):
        return None
    at = target if isinstance(target, str) else Who.of(target)
    return source.d12(Said("roll.daze", by=Who.of(attacker), attack=attack.name, at=at,
                           role=Role.ATTACK))


def _find_attack(board: Board, attacker: Piece | None, attack: Attack | str,
                 is_spell: bool | None) -> tuple[Attack, bool]:
    """The attack object and whether it is a spell (an attack card rather than the object's own)."""
    if isinstance(attack, Attack) and is_spell is not None:  # (said: its attacks not read)
        return attack, is_spell
    own = board.attacks(attacker) if attacker is not None else []
    if isinstance(attack, Attack):
        return attack, attack not in own
    for a in own:
        if a.name.lower() == attack.strip().lower():
            return a, bool(is_spell)
    card = board.cat.find(attack)
    if card is not None and card.type == "Attack" and card.attacks:
        return card.attacks[0], True if is_spell is None else is_spell
    raise CombatError(Said("combat.no-such-attack", by=Who.of(attacker) if attacker else None,
                           attack=attack, known=[a.name for a in own]))


def _check_dice(attack: Attack) -> None:
    if not attack.counted:
        raise CombatError(Said("combat.dice-by-hand", attack=attack.name, dice=attack.dice))


def _may_change(*pieces: Piece | None) -> set[str]:
    """The ids of the objects an attack among ``pieces`` changes for sure.  Any other object it
    changes is owned when it is (:meth:`Board.own`), so this only saves copying the rest of the
    board."""
    out = set()
    for p in pieces:  # (a loop, not a comprehension: every attack asks)
        if p is not None:
            out.add(p.id)
    return out


@overload
def _on(work: Board, p: Piece) -> Piece: ...
@overload
def _on(work: Board, p: Piece | None) -> Piece | None: ...
def _on(work: Board, p: Piece | None) -> Piece | None:
    if p is None:
        return None
    found = work.find(p.id)
    if found is None:
        raise CombatError(Said("combat.not-on-board", card=p.card, id=p.id))
    return found
