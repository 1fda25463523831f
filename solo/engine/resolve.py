"""Resolve what a Dummy Mage decision sets in motion: its attacks and the end of the acting
creature's Action Phase.

:mod:`solo.automaton.creatures` decides (who, where, what); this module rolls and applies the attacks
through :mod:`solo.rules.combat` and tidies up through :mod:`solo.rules.upkeep`, adding the results to the
decision's instructions and data.  Pure: no printing, dice only from the source given.
"""

from __future__ import annotations

from solo.core.kinds import Side
from solo.rules import combat
from solo.rules import spell_reach, yours
from solo.rules.abilities import explosions
from solo.rules.abilities.marks import DUE
from solo.rules.effects import Move
from solo.rules.effects import apply as put
from solo.rules.combat import DefenseChoice
from solo.automaton.attacks import pick_attack
from solo.rules.decision import Decision, PlannedAttack
from solo.text.naming import label_of as label
from solo.rules.board import Board
from solo.rules.pieces import HIDDEN
from solo.rules.dice import DiceSource
from solo.rules.said import Said, said_with


def _resolve_one(board: Board, plan: PlannedAttack, source: DiceSource, decision: Decision,
                 ask_defense: DefenseChoice | None = None, reactions: bool = True,
                 logs: bool = True):
    attacker = board.find(plan.attacker)
    if attacker is None:
        return None
    if not plan.attack.counted:
        # "X" dice: the card's text says how many; the person works it out.
        decision.instructions.append(f"Roll {plan.attack.name} by hand: its card says how many "
                                     "dice; put the damage and markers on yourself (edit in "
                                     "solo play).")
        decision.data["by_hand"] = [*decision.data.get("by_hand", []), plan.attack.name]
        return None
    # A Dazed attacker's Daze check comes at the end of the Declare Attack Step: an attack it
    # makes miss reaches no Avoid Attack Step, so no hidden Block or Reverse Attack is revealed.
    if plan.zone:
        daze = combat.daze_check(board, attacker, plan.attack, plan.target, source,
                                 plan.is_spell)
        for p in board.in_zone(plan.target) if daze is None or daze >= 7 else ():
            # a zone attack is Unavoidable: Block does nothing
            react = yours.on_attacked(board, attacker, plan.attack, p, zone=True)
            if react is not None:
                decision.instructions.extend(react.lines)
        result = combat.resolve_zone_attack(board, attacker, plan.attack, plan.target, source,
                                            is_spell=plan.is_spell, daze=daze)
    else:
        target = board.find(plan.target)
        if target is None:
            return None
        # (daze_check's and on_attacked's own first questions asked here: no Daze without a
        # marker, no reveal without a face-down enchantment of yours on the target)
        daze = combat.daze_check(board, attacker, plan.attack, target, source, plan.is_spell) \
            if attacker.conditions else None
        react = yours.on_attacked(board, attacker, plan.attack, target) \
            if HIDDEN in target.extra and (daze is None or daze >= 7) else None
        if react is not None:
            decision.instructions.extend(react.lines)
            decision.data.setdefault("revealed", []).append(react.card)
        # Block avoids the first strike, Reverse Attack turns it on the attacker; the rest of
        # the action goes on as declared (a Doublestrike's second attack, a Sweeping one's).
        outcome = react.outcome if react is not None else None
        result = combat.resolve_attack(board, attacker, plan.attack, target, source,
                                       moved=plan.moved, is_spell=plan.is_spell,
                                       first_strike=plan.first, reactions=reactions,
                                       sweep_target=board.find(plan.sweep) if plan.sweep else None,
                                       whirl_targets=[w for w in map(board.find, plan.whirl)
                                                      if w is not None] if plan.whirl else [],
                                       use_defense=ask_defense if ask_defense is not None else True,
                                       daze=daze, reverse=outcome == "reversed",
                                       blocked_by=react.card if react is not None
                                       and outcome == "avoided" else None,
                                       reverse_to=board.find(plan.chain[-1])
                                       if plan.chain else None, quiet=not logs)
    applied = combat.apply(board, result)
    for s in result.strikes:
        if s.revealed is not None:  # Bull Endurance, at the end of the Roll Dice step
            decision.data.setdefault("revealed", []).append(s.revealed)
    if logs:  # (the attack's lines: see resolve_decision)
        for planned in decision.attacks:  # (a loop, not any() over a generator: every attack)
            if planned.attack.kind == "passage":
                # A wall's Passage Attack comes first: say whose attack each set of lines is.
                decision.instructions.append(result.steps[0])
                break
        decision.instructions.append(said_with("step.indented", {"lines": result.steps[1:]}))
        decision.instructions.extend(mirror_lines(board, result))
        decision.instructions.extend(applied.lines)
    decision.results.append(result)
    if board.extra.get(DUE):  # (go_off's own first question: nearly always none due)
        _go_off(board, source, decision)
    if applied.defeated:
        decision.data["defeated"] = sorted(set(decision.data.get("defeated", []) + applied.defeated))
    return result


def _go_off(board: Board, source: DiceSource, decision: Decision) -> None:
    """The attacks of creatures that go off as they are destroyed (Goblin Bomber, Unstable Fire
    Imp), rolled and put on the board, with the decision's lines and results."""
    said, results = explosions.go_off(board, source)
    decision.instructions.extend(said)
    decision.results.extend(results)


def mirror_lines(board: Board, result) -> list[str]:
    """What to change on the physical board after an attack: damage, markers, pushes, healing."""
    lines = []
    for st in result.strikes:
        if not (st.damage or st.conditions or st.martyred or st.acid or st.extinguished
                or st.rage or st.push is not None or st.healed):
            continue  # (a strike that changed nothing: no line, no name worked out)
        target = board.find(st.target)
        if target is None:
            continue
        who = label(board, target)
        if st.damage:
            # The damage after this strike (an extra strike's line must not show the total).
            now = target.damage if st.damage_total is None else st.damage_total
            lines.append(f"Put {st.damage} damage on {who} (it now has {now} of "
                         f"{board.life(target)}).")
        if st.conditions:
            counts = {c: st.conditions.count(c) for c in dict.fromkeys(st.conditions)}
            marks = ", ".join(f"{n} {c}" if n > 1 else c for c, n in counts.items())
            lines.append(f"Put on {who}: {marks}.")
        if st.martyred:
            lines.append(f"Put {st.martyred} damage on the Dummy Mage (Martyr's Aura: it takes "
                         f"that much of {who}'s).")
        if st.acid:
            lines.append(f"Put {st.acid} direct acid damage on {who} (Corrode on no armor).")
        if st.extinguished:
            lines.append(f"Remove every Burn marker from {who} (Extinguish).")
        if st.rage:
            lines.append(f"Put a Rage token on {who}.")
        if st.push is not None and st.push.to != st.push.start:
            lines.append(f"Push {who} {st.push.direction} from {st.push.start} to {st.push.to}.")
        if st.healed and st.attacker:
            healer = board.find(st.attacker)
            if healer is not None:
                lines.append(f"Remove {st.healed} damage from {label(board, healer)}.")
    return lines


def resolve_decision(board: Board, decision: Decision, source: DiceSource,
                     ask_defense: DefenseChoice | None = None, rolls: bool = True,
                     logs: bool = True) -> None:
    """Roll and apply every attack of ``decision`` (the end of the acting object's Action Phase
    is :mod:`solo.engine.turns`' job).  ``ask_defense`` is asked whenever a target could use a
    Defense.  The effect-die results used are added to ``decision.rolls`` (not with
    ``rolls=False``: for a caller that works out the whole Action Phase's itself).
    ``logs``: whether the decision's lines are read (a log): a game that logs nothing (see
    Game.logs) leaves out the lines only a log reads -- each attack's own lines, and what to
    change on the physical board after it (nobody mirrors such a game)."""
    traps = board.extra.get(yours.ZONE_ENCHANTMENTS)  # (_spring_traps' own first question)
    if not traps and not decision.attacks:  # (a summon, a walk, a spell...: nothing to roll)
        return
    mark = len(source.history)
    if traps:
        _spring_traps(board, decision, source, logs)
    plans = list(decision.attacks)
    for plan in plans:
        for p in decision.attacks:  # (a loop, not any() over a generator: every attack)
            if p is plan:
                break
        else:  # its maker was stopped on the way
            continue
        # (a chaining spell's first target: chain_jump's own first question is is_spell)
        struck = board.find(plan.target) if plan.is_spell and not plan.zone else None
        result = _resolve_one(board, plan, source, decision, ask_defense, logs=logs)
        if struck is not None:
            _jump_on(board, plan, result, struck.zone, source, decision, ask_defense, logs)
        if plan.attack.kind == "passage":
            _stopped_at_the_wall(board, decision, plan)
            start = (decision.data.get("passage_from") or {}).get(plan.attacker)
            if start is not None and board.find(plan.target) is None:  # it fell at the wall
                explosions.destroyed_in(board, plan.target, start)
        if result is None or "Battle Fury" not in result.once_used:
            continue
        # Battle Fury: one more quick melee attack, chosen by the same rules, as part of the action.
        attacker = board.find(plan.attacker)
        if attacker is None:
            continue
        if board.incapacitated(attacker):  # Stunned by the counterstrike, say
            decision.instructions.append(f"Battle Fury: {label(board, attacker)} is "
                                         "Incapacitated and makes no extra attack.")
            continue
        picked = pick_attack(board, source, attacker, attacker.zone, quick_only=True)
        if picked is None:
            decision.instructions.append(f"Battle Fury: {label(board, attacker)} has no one left to attack.")
            continue
        target, attacks = picked
        melee = [a for a in attacks if a.is_melee]
        if not melee:
            continue
        attack = source.choose(melee, "tie: two legal attacks") if len(melee) > 1 else melee[0]
        decision.instructions.append(f"Battle Fury: {label(board, attacker)} makes a second, quick "
                                     f"melee attack at {label(board, target)} with {attack.name}.")
        extra = PlannedAttack(attacker.id, attack, target.id, first=False)
        decision.attacks.append(extra)
        # The same defender: no second damage barrier or counterstrike (the card's ruling).
        _resolve_one(board, extra, source, decision, ask_defense,
                     reactions=target.id != plan.target, logs=logs)
    if rolls:
        decision.rolls += [r.value for r in source.used_since(mark) if r.sides == 12]


def _jump_on(board: Board, plan: PlannedAttack, result, zone: str, source: DiceSource,
             decision: Decision, ask_defense: DefenseChoice | None, logs: bool) -> None:
    """A chaining attack spell's jumps (Chain Lightning: :func:`spell_reach.chain_jump`), each
    rolled as soon as the one before has shown whether it damaged its target."""
    while result is not None:
        jump = spell_reach.chain_jump(board, source, plan, result, zone)
        if jump is None:
            return
        plan, said = jump
        decision.attacks.append(plan)
        decision.instructions.append(said)
        target = board.find(plan.target)
        if target is None:
            return
        zone = target.zone
        result = _resolve_one(board, plan, source, decision, ask_defense, logs=logs)


def _stopped_at_the_wall(board: Board, decision: Decision, plan: PlannedAttack) -> None:
    """A wall's Passage Attack that leaves the mover Restrained (Cripple, Web ...) or
    Incapacitated stops it before it moves: it stays in the zone where it began that move action
    (the Lost Grimoire codex, Walls) and does nothing more this action."""
    mover = board.find(plan.target)
    start = (decision.data.get("passage_from") or {}).get(plan.attacker)
    if mover is None or start is None or not (board.restrained(mover) or board.incapacitated(mover)):
        return
    if mover.zone != start:
        put(board, Move(mover.id, start))
        path = list(decision.data.get("path") or [])
        decision.data["path"] = path[:path.index(start) + 1] if start in path else []
        if "to" in decision.data:  # the Dummy Mage's own move (quickcast)
            decision.data["to"] = start
    decision.attacks = [p for p in decision.attacks if p.attacker != mover.id
                        and not (p.target == mover.id and p.attack.kind == "passage"
                                 and p is not plan)]
    decision.data["stopped_at"] = start
    decision.instructions.append(f"{label(board, mover)} is stopped at the wall: put it back in "
                                 f"{start}, where it began that move; it does nothing more this "
                                 "action.")


def _spring_traps(board: Board, decision: Decision, source: DiceSource, logs: bool) -> None:
    """Your hidden traps in the zones the moving object entered attack it as it enters, before
    anything else it does; one that gets Stuck stops in the trap's zone and attacks no more."""
    if not board.extra.get(yours.ZONE_ENCHANTMENTS):  # (mostly: no trap of yours, nothing to read)
        return
    ident = decision.data.get("creature") or (Side.DM if "from" in decision.data else None)
    mover = board.find(ident) if isinstance(ident, str) else None
    if mover is None:
        return
    path = list(decision.data.get("path") or [])
    if not path and decision.data.get("to") not in (None, decision.data.get("from")):
        path = [decision.data["to"]]
    for zone, name, attack in yours.sprung(board, mover, path):
        if board.find(mover.id) is None:
            return
        decision.instructions.append(f"Your hidden {name} in {zone} is revealed as "
                                     f"{label(board, mover)} enters: it attacks with "
                                     f"{attack.name}. Then destroy {name}.")
        decision.data.setdefault("revealed", []).append(name)
        # the trap attacks, not your mage: its Daze does not touch the trap (barrier)
        result = combat.resolve_attack(board, board.mages[Side.YM], attack, mover, source,
                                       is_spell=True, reactions=False, barrier=True)
        applied = combat.apply(board, result)
        decision.instructions.append(said_with("step.indented", {"lines": result.steps[1:]}))
        if logs:  # (see resolve_decision)
            decision.instructions.extend(mirror_lines(board, result))
        decision.instructions.extend(applied.lines)
        decision.results.append(result)
        _go_off(board, source, decision)
        if board.find(mover.id) is not None and board.restrained(mover) and mover.zone != zone:
            put(board, Move(mover.id, zone))
            decision.attacks = [p for p in decision.attacks if p.attacker != mover.id]
            decision.instructions.append(f"{label(board, mover)} is caught: put it back in "
                                         f"{zone}; it does nothing more this action.")


def describe_unresolved(board: Board, decision: Decision) -> None:
    """For a person rolling physical dice: say how many dice each attack rolls and what armor
    applies, instead of rolling them.  Marks the decision ``"resolved": false``."""
    if not decision.attacks:
        return
    decision.data["resolved"] = False
    for plan in decision.attacks:
        attacker = board.find(plan.attacker)
        targets = ([p for p in board.in_zone(plan.target) if p.id != plan.attacker] if plan.zone
                   else [t for t in [board.find(plan.target)] if t is not None])
        for target in targets:
            if plan.attack.counted:
                n, _ = combat.attack_dice(board, attacker, plan.attack, target, first=plan.first,
                                          moved=plan.moved, is_spell=plan.is_spell, barrier=False)
                many = f"{n} attack dice"
            else:  # dice its card sets ("X"): the person counts them
                many = f"the attack dice its card gives ({plan.attack.dice})"
            decision.instructions.append(
                f"Roll it yourself: {many} for {plan.attack.name} against "
                f"{label(board, target)} (armor {board.armor(target)}), then the effect die if "
                f"its card has an effect table; or run again with --seed to let solo roll.")
        if plan.is_spell and spell_reach.jumps(board, plan.attack.name):
            decision.instructions.append(
                f"Each time {plan.attack.name} damages its target it jumps on: to your object "
                "with the most life left within 1 zone of that target and in its Line of Sight, "
                "never one it attacked before, with one attack die fewer (never below 1) and 1 "
                "off the effect die for each jump.")
