"""Your side's turn: who of yours acts and what they did (moves, attacks, guards, spells), your
quickcast, and what the Dummy Mage's side does as your creatures move (its traps go off, a
Trample of yours).

The round machine (:class:`solo.engine.game.Game`) holds one :class:`YourTurn` and asks it for
your quickcast (:meth:`YourTurn.quickcast`) and for your Action Phases in the creature stage
(:meth:`YourTurn.turn`).  It is built in three layers, one job each: :class:`YourAttacks`
(targets and attacks), :class:`YourSpells` (what your mage casts) and this one.
"""

from __future__ import annotations

from typing import Any, Final

from solo.automaton import creatures
from solo.rules import decision as decisions
from solo.automaton import movement
from solo.core.kinds import DM, YM, Side
from solo.core.questions import MORE, NOTHING, Choice, LazyQuestion, Question, Shortcut
from solo.engine import turns
from solo.engine.shortcuts import ACTOR, QUICKCAST
from solo.engine.steps import Lines, YOU_REVEAL, YOUR_QUICKCAST, Free, Step
from solo.engine.your_spells import YourSpells
from solo.rules import combat, stagger, targeting, upkeep, yours
from solo.rules.abilities import actions, restrictions, triggers
from solo.rules.board import INCAPACITATING, Board, Creature, Piece
from solo.rules.abilities import bonuses
from solo.rules.effects import DELETE, Move, Note, RemoveMarkers, SetActive, SetGuard
from solo.rules.effects import apply as put, apply_all
from solo.text import naming
from solo.text.naming import cap

__all__ = ["YourTurn", "MOVE_THEN_QUICK"]

#: The questions of your turn that a shortcut answers.
WHAT: Final = "turn.what"
MOVE_ZONE: Final = "turn.move.zone"
TARGET: Final = "turn.attack.target"
WHICH: Final = "turn.attack.which"
SUMMON_CARD: Final = "turn.summon.card"
SUMMON_ZONE: Final = "turn.summon.zone"
SPELL_TARGET: Final = "turn.spell.target"
SPELL_KIND: Final = "turn.spell.kind"
SPELL_CARD: Final = "turn.spell.card"
#: A quickcast or a turn passed.
PASS: Final = "pass"
#: A shortcut's answers after its first: (question id, answer) pairs.
Answers = tuple[tuple[str, Any], ...]

#: Your actions that are a move and then a quick action (none for a Slow creature).
MOVE_THEN_QUICK: Final = ("move-attack", "move-spell", "move-guard")
#: The answer of a move to a zone the board cannot know (a push, a teleport).
ELSEWHERE: Final = "elsewhere"

#: Side.YM as a module global (the same member, without a look-up on its enum class).
_SIDE_YM: Final = Side.YM


class YourTurn(YourSpells):
    """Your quickcasts and Action Phases, asked through the game."""

    # -- your quickcast ------------------------------------------------------------------------
    def quickcast(self, keep: bool = False, first: bool = False, again: bool = False) -> Lines | None:
        """Your quickcast: its lines, or None for a pass (``keep``: asked between your Action
        Phases, where passing keeps it for later this round; ``first``: you hold the initiative,
        and a pass lets the Dummy Mage quickcast first; ``again``: asked after it, for you passed
        first); a reveal's lines are :class:`Free` (the quickcast is still to come)."""
        if first:  # (the reason on a line of its own: the answer keeps the question's line)
            message, skip = ("You hold the initiative: cast first, or pass and the Dummy Mage "
                             "quickcasts first.\nYour quickcast:", _PASS_FIRST)
        elif again:
            message, skip = ("You passed first, and the Dummy Mage has quickcast: now you may."
                             "\nYour quickcast:", _PASS)
        else:  # (the usual one: kept choices)
            return self._quick_spell(QUICKCAST, "Your quickcast:", _KEEP if keep else _PASS,
                                     whole_round=not keep, fresh=True)
        return self._quick_spell(QUICKCAST, message, skip, whole_round=not keep, fresh=True)

    def _quick_spell(self, qid: str, message: str, skip: Choice | None = None,
                     whole_round: bool = False, fresh: bool = False) -> Lines | None:
        """One quick spell of your mage's (a quickcast, or its quick action after a move): its
        lines, or None when ``skip`` (offered first, and the default) is chosen.  A person may
        also pass for the ``whole_round``: the quickcasts still to come this round pass by
        themselves (until they ask for theirs from "Who acts now?").  ``fresh``: a step of
        its own (a quickcast), begun (:meth:`begin`) once it is no pass (a pass's step reads
        no result, and most quickcasts are passed)."""
        if self.game.reads() or self.game.shortcuts():
            what = self.game.ask(self._quick_question(qid, message, skip, whole_round))
        else:  # a program: the same question for the same words, built once a game (a record
            # nobody changes; what it offers is the catalog's, the same all game)
            key = (qid, message, None if skip is None else skip.title)
            kept = self.asked.get(key)
            if kept is None:
                kept = self.asked[key] = self._quick_question(qid, message, skip, whole_round)
            what = self.pick(qid, kept.values(), kept.default)  # (not asked it, if it can)
            if what is NOTHING:
                what = self.game.ask(kept)
        if skip is not None and what == skip.value:
            return None
        if fresh:
            self.begin()
        if what == "reveal":  # no spell and no action: the quickcast is still to come
            return Free(self.reveal())
        mage = self.game.board.mages[Side.YM]
        if what == "spell":
            return self.spell(mage, quick=True)
        if what == "summon":
            return self.summon(quick=True)
        if what == "own":
            return self.own_spell(mage, quick=True)
        first, goes = self.cast_answers(True, None)
        if not goes:
            return first
        return ["You cast a spell that does not change the board.", *self.resolved()]

    def _quick_question(self, qid: str, message: str, skip: Choice | None,
                        whole_round: bool) -> Question:
        """:meth:`_quick_spell`'s question."""
        choices = (((skip,) if skip is not None else ())
                   + (_SPELL_AT_THEM,
                      *self.quick_summon_choice(),
                      _OWN_SPELL,
                      # (a reveal: never a program's answer, nor looked for then)
                      *(self.reveal_choice() if skip is not None and self.game.reads() else ()),
                      _OTHER_SPELL))
        shortcuts: tuple[Choice, ...] = ()
        if whole_round and skip is not None and self.game.shortcuts():
            shortcuts = (skip, Choice("Pass for the whole round (not asked again this round)",
                                      Shortcut(((qid, PASS),), standing=((qid, PASS),))),
                         *self._spell_again(), *choices[1:])
        return Question(qid, "select", message, choices,
                        default=skip.value if skip is not None else "spell", shortcuts=shortcuts)

    def _spell_again(self) -> tuple[Choice, ...]:
        """Your last quickcast's attack spell at the same object, as a shortcut, when it still
        reaches it (none else)."""
        last = self.game.spared.last_quickcast()
        if not last:
            return ()
        answers: Answers = tuple((str(a[0]), a[1]) for a in last)
        given = dict(answers)
        if [q for q, _ in answers] != [QUICKCAST, SPELL_TARGET, SPELL_KIND, SPELL_CARD] \
                or given[SPELL_KIND] != "attack":
            return ()
        b = self.game.board
        target = next((p for p in self.their_objects(None) if p.id == given[SPELL_TARGET]), None)
        card = given[SPELL_CARD]
        if target is None or card not in self.castable("Attack", True) \
                or not yours.can_cast(b, b.mages[Side.YM], b.cat.get(card), target):
            return ()
        return (Choice(f"{card} at {self._called(target)} again", Shortcut(answers)),)

    # -- your Action Phases ----------------------------------------------------------------------
    def turn(self, dm_active: list[Creature] | None = None) -> Step:
        """Your turn in the creature stage: who acts (or your quickcast, a pass, a reveal, or
        done for the round), and what they did (``dm_active``: the Dummy Mage's creatures yet
        to act, when the caller has just worked them out)."""
        b = self.game.board
        phase = self.game.phase
        active = creatures.active_creatures(b, YM)
        if dm_active is None:
            dm_active = creatures.active_creatures(b, Side.DM)
        reads = self.game.reads()  # (titles only a person reads: a program is offered ids)
        choices: list[Any] = []
        for c in active:  # (a loop, not a comprehension's call: a few creatures)
            choices.append(Choice(f"{c.card} ({c.id}) in {c.zone}", c.id) if reads else c.id)
        if phase.mage_active:
            choices.append(Choice(f"Your mage in {b.mages[YM].zone}", YM) if reads else YM)
        if choices and not phase.your_quickcast_used:
            # The quickcast action may come before or after any of your Action Phases.
            choices.append(_QUICKCAST_NOW)
        if choices and len(dm_active) > len(active):  # passing keeps someone of yours waiting
            # Rule 2a: you may pass a turn while the Dummy Mage has more creatures left to act.
            choices.append(_PASS_TURN)
        choices.append(_DONE)
        if len(choices) == 1 or reads:  # (a program never reveals: no need to look, unless the
            # choice makes the question: with "done" alone, none is asked)
            choices += self.reveal_choice()  # free: it takes no action
        while True:
            if len(choices) == 1:  # nobody left to act: nothing to ask
                actor_id = "done"
            elif not reads and (actor_id := self.pick(ACTOR, tuple(choices), choices[0])) \
                    is not NOTHING:
                pass  # a program's answer, without the question built (its choices: ids)
            else:
                first = choices[0]
                actor_id = self.game.ask(Question(
                    ACTOR, "select", "Who acts now?", tuple(choices),
                    default=first.value if isinstance(first, Choice) else first,
                    shortcuts=self._actor_menu(
                        [*active, *([b.mages[Side.YM]] if phase.mage_active else [])], choices)
                    if self.game.shortcuts() else ()))
            if actor_id == "quickcast":  # asked for: a pass for the round no longer holds
                self.game.spared.revoke(QUICKCAST)
            if actor_id == "reveal":
                self.begin()
                return Step(YOU_REVEAL, Side.YM, self.reveal(), touched=self.touched)
            if actor_id != "quickcast":
                break
            lines = self.quickcast(keep=True)
            if isinstance(lines, Free):  # a reveal: your quickcast is still unused
                return Step(YOU_REVEAL, Side.YM, lines, touched=self.touched)
            if lines is not None:  # not an Action Phase: your turn goes on after it
                phase.your_quickcast_used = True
                return Step(YOUR_QUICKCAST, Side.YM, lines, results=self.results,
                            touched=self.touched)
        if actor_id == "pass":
            return Step("you pass this turn", _SIDE_YM, ["You pass; the Dummy Mage acts next."])
        if actor_id == "done":
            return self._done(active)
        return self._action_phase(b.get(actor_id), reads)

    # -- a person's shortcuts ----------------------------------------------------------------
    def _actor_menu(self, actors: list[Piece], choices: list[Choice]) -> tuple[Choice, ...]:
        """"Who acts now?" as a person sees it: each of ``actors`` with its usual action in one
        key (:meth:`usual`; one without keeps its own choice), "something else" for the whole
        menu, and the menu's other choices, "done" passing an unused quickcast too.  Empty when
        it holds no shortcut (the whole menu is asked)."""
        out: list[Choice] = []
        for actor, choice in zip(actors, choices):
            usual = self.usual(actor)
            out.append(choice if usual is None else Choice(
                f"{choice.title}: {usual[0]}", Shortcut(((ACTOR, choice.value), *usual[1]))))
        out.append(Choice("Something else (every choice)...", MORE))
        for choice in choices[len(actors):]:
            if choice.value == "done" and not self.game.phase.your_quickcast_used:
                choice = Choice("Done for the round: no more actions, no quickcast",
                                Shortcut(((ACTOR, "done"),), standing=((QUICKCAST, PASS),)))
            out.append(choice)
        return tuple(out) if any(isinstance(c.value, Shortcut) for c in out) else ()

    def usual(self, actor: Piece) -> tuple[str, Answers] | None:
        """``actor``'s usual action, as its words and the answers it gives after who acts (None
        when it has none): an attack on the default target (:meth:`default_target`) with its
        first attack that reaches it; else what it did last round, when it can do it again
        (:meth:`_again`); else, for a creature, a move to the default zone and an attack there,
        or that move alone."""
        b = self.game.board
        if b.incapacitated(actor):
            return None  # it loses its action: one key already
        hit = self._usual_attack(actor, actor.zone, moved=False)
        if hit is not None:
            return f"attack {hit[0]}", ((WHAT, "attack"), *hit[1])
        again = self._again(actor)
        if again is not None or actor.kind == "mage":
            return again
        if restrictions.theirs(b, actor, restrictions.STUMBLE):
            return None  # it may lose its move as it acts: no move in one key
        if not self.pace(actor)[1]:  # (a Slow creature's move ends its Action Phase)
            zone = self.move_options(actor, attacking=True)[1]
            hit = None if zone == ELSEWHERE else self._usual_attack(actor, zone, moved=True)
            if hit is not None:
                return (f"move to {zone}, attack {hit[0]}",
                        ((WHAT, "move-attack"), (MOVE_ZONE, zone), *hit[1]))
        zone = self.move_options(actor, attacking=False)[1]
        return None if zone == ELSEWHERE else (f"move to {zone}", ((WHAT, "move"), (MOVE_ZONE, zone)))

    def _usual_attack(self, actor: Piece, zone: str, moved: bool) -> tuple[str, Answers] | None:
        """The default target and attack of ``actor`` from ``zone``: their words (the attack
        named when another one reaches too) and answers."""
        attacks = self.rolled_attacks(actor, moved)
        objs = self.targets(actor, zone, attacks) if attacks else []
        if not objs:
            return None
        target = self.default_target(zone, objs)
        reach = self.reaching(actor, attacks, zone, target)
        if not isinstance(self.default_attack(reach).dice, int):  # its dice are yours to count
            return None
        answers: Answers = ((TARGET, target.id),)
        if len(reach) == 1:  # its only attack that reaches: no need to name it
            return self._called(target), answers
        attack = self.default_attack(reach)
        return f"{self._called(target)} with {attack.name}", answers + ((WHICH, attack.name),)

    def _called(self, p: Piece) -> str:
        return "the Dummy Mage" if p.kind == "mage" else f"{p.card} ({p.id})"

    def _again(self, actor: Piece) -> tuple[str, Answers] | None:
        """What ``actor`` did in its Action Phase last round, when it can do it again now: an
        attack on the same object with the same attack, a guard, a creature summoned into the
        same zone, or something that leaves the Dummy Mage's side as it is."""
        last = self.game.spared.last_round(actor.id, self.game.phase.round)
        if not last:
            return None
        answers: Answers = tuple((str(a[0]), a[1]) for a in last[1:])
        given = dict(answers)
        what = given.get(WHAT)
        asked = {qid for qid, _ in answers}
        if what == "attack" and asked <= {WHAT, TARGET, WHICH}:
            words = self._attack_again(actor, given.get(TARGET), given.get(WHICH))
            if words is None:
                return None
        elif what == "summon" and asked == {WHAT, SUMMON_CARD, SUMMON_ZONE} and actor.kind == "mage":
            if given[SUMMON_CARD] not in self.castable("Creature", False) \
                    or given[SUMMON_ZONE] not in self.game.board.arena.zones():
                return None
            words = f"summon {given[SUMMON_CARD]} into {given[SUMMON_ZONE]}"
        elif what in ("guard", "other") and asked == {WHAT} and not (what == "guard" and actor.kind == "mage"):
            words = "guard" if what == "guard" else "something that leaves its side as it is"
        else:
            return None
        return f"{words}, as last round", answers

    def _attack_again(self, actor: Piece, target_id: Any, which: Any) -> str | None:
        """The words of ``actor``'s attack on ``target_id`` (with ``which``, or its first attack
        that reaches) when it may make it again from where it stands; else None."""
        attacks = self.rolled_attacks(actor, moved=False)
        target = next((p for p in self.targets(actor, actor.zone, attacks) if p.id == target_id),
                      None) if attacks else None
        if target is None:
            return None
        reach = [a.name for a in self.reaching(actor, attacks, actor.zone, target)]
        if which is not None and which not in reach:
            return None
        named = f" with {which}" if which is not None and len(reach) > 1 else ""
        return f"attack {self._called(target)}{named}"

    def _done(self, active: list[Creature]) -> Step:
        """You are done for the round: whoever has not acted yet has an Action Phase without an
        action."""
        b = self.game.board
        phase = self.game.phase
        waiting: list[Piece] = list(active)
        if phase.mage_active:
            waiting.append(b.mages[YM])
        phase.you_done = True
        phase.mage_active = False
        events = []
        for p in waiting:
            events += turns.pass_phase(b, p, self.game.dice)
            if isinstance(p, Creature):
                put(b, SetActive(p.id, False))
        return Step("you are done for the round", _SIDE_YM,
                    ["You are done for this round.", *(e.text for e in events)],
                    actors=[p.id for p in waiting], events=events)

    def _action_phase(self, actor: Piece, reads: bool) -> Step:
        """Your creature's or mage's Action Phase, activation to end (``reads``: game.reads())."""
        b = self.game.board
        self.results, self.touched, self.events = [], [], []  # (begin(), written out)
        phase = turns.begin(b, actor)
        lines = [e.text for e in phase.events] if phase.events else []  # (mostly none)
        if isinstance(actor, Creature):
            put(b, SetActive(actor.id, False))
        else:
            self.game.phase.mage_active = False
        if (actor.conditions or actor.enchantments) and b.incapacitated(actor):  # (its first test)
            why = ", ".join(k for k in INCAPACITATING if actor.has_condition(k)) \
                or ", ".join(e for e in actor.enchantments if _incapacitates(b, e)) or "its traits"
            lines.append(f"{cap(self.name(actor))} is Incapacitated ({why}) and "
                         "loses this action.")
        else:
            # the Dummy Mage's Stumble, revealed as it acts (an enchantment: none without one)
            stumbled = restrictions.stumble(b, actor) if actor.enchantments else None
            if stumbled is not None:
                lines.append(stumbled)
                self.touched.append(actor.id)
            lines += self._action(b.get(actor.id), stumbled is not None, reads)
        end = phase.end(self.game.dice)
        if end:  # (mostly nothing ends)
            lines += [e.text for e in end]
        name = "your mage" if actor.kind == "mage" else f"{actor.card} ({actor.id})"
        return Step(f"your turn: {name}", _SIDE_YM, lines, None, 0, None, [actor.id], None,
                    self.results, phase.events + self.events + end, self.touched)  # (by place)

    def _action(self, actor: Piece, still: bool, reads: bool) -> Lines:
        """What ``actor`` did in its Action Phase (``still``: no move action; ``reads``: as above)."""
        b = self.game.board
        no_attack = bool(actor.conditions) and stagger.cannot_attack(b, actor)  # Staggered, minor
        names = b.trait_names(actor)  # (Slow as pace() counts it, without its call)
        kind = (actor.kind == "mage", no_attack, "slow" in names and "fast" not in names, still)
        menu = _WHAT_MENUS.get(kind)
        if menu is None:
            menu = _WHAT_MENUS[kind] = _what_menu(*kind)
        choices, values = menu
        here = None if still else self.theirs_in(actor.zone)  # (for an attack from here too)
        default = "attack" if still or (here and (not reads or self._reaches(actor, here))) \
            else "move"  # (a program never reads it: the reach is worked out for a person)
        if default not in values:
            default = "move" if "move" in values else values[-1]
        what = NOTHING if reads else self.pick(WHAT, values, default, None, actor.id)
        if what is NOTHING:  # (its name only for a person: a program reads ``about``)
            what = self.game.ask(Question(WHAT, "select", f"What did {self.name(actor)} do?"
                                          if reads else "What did it do?",
                                          choices, default=default, about=actor.id, values=values))
        lines: Lines = []
        moved = False
        if what == "move" or what in MOVE_THEN_QUICK:
            # a move, or a move action and then a quick action (the codex's Action Phase)
            lines += self.move(actor, attacking=what != "move", reads=reads)
            moved = True
            if self.game.board.find(actor.id) is None:  # a trap destroyed it on the way
                return lines
            actor = self.game.board.get(actor.id)
        if what in ("attack", "move-attack", "attack-typed"):
            # (the board is as it was asked about, unless it moved)
            lines += self.attack(actor, moved, typed=what == "attack-typed",
                                 here=None if moved else here, reads=reads)
        elif what == "spell":
            lines += self.spell(actor)
        elif what == "move-spell":
            lines += self._quick_spell_after_move()
        elif what == "summon":
            lines += self.summon()
        elif what == "own":
            lines += self.own_spell(actor)
        elif what in ("guard", "move-guard"):
            put(self.game.board, SetGuard(actor.id, True))  # only a creature is offered "guard"
            lines.append(f"{cap(self.name(actor))} is guarding.")
            lines += triggers.on_guard(self.game.board, self.game.board.get(actor.id))
        elif what == "other":
            lines.append(f"{cap(self.name(actor))} did something that does not touch the Dummy Mage's side.")
        return lines

    def _reaches(self, actor: Piece, here: list[Piece]) -> bool:
        """Whether one of ``actor``'s attacks reaches one of ``here`` (the Dummy Mage's objects
        in its zone) without a move: a flyer above a creature that cannot reach it, say, is no
        reason to offer an attack first.  An attacker whose dice you count yourself (no attack
        solo rolls) may reach anything."""
        attacks = self.rolled_attacks(actor, moved=False)
        if not attacks:
            return True
        zone = actor.zone
        return any(p.zone == zone for p, _ in self.in_reach(actor, zone, attacks, here))

    def _quick_spell_after_move(self) -> Lines:
        """The quick spell your mage cast with its quick action, after its move."""
        lines = self._quick_spell("turn.quick.where", "Then which quick spell?")
        assert lines is not None  # no pass is offered
        return lines

    # -- moves -----------------------------------------------------------------------------------
    def pace(self, actor: Piece, names: frozenset[str] | None = None) -> tuple[bool, bool]:
        """(Fast, Slow) as they count: the two traits together cancel out (``names``: its
        :meth:`Board.trait_names`, when the caller has them; read once for both)."""
        if names is None:
            names = self.game.board.trait_names(actor)
        fast, slow = "fast" in names, "slow" in names
        return fast and not slow, slow and not fast

    def move_options(self, actor: Piece, attacking: bool) -> tuple[dict[str, int], str]:
        """Where ``actor``'s move may take it: the zones with their distance, nearest first, and
        the default: the next zone toward its :meth:`quarry` (to attack: one holding its objects),
        or :data:`ELSEWHERE` when it can only be pushed or teleported (see :meth:`move`)."""
        zones, near = self._move_zones(actor, attacking)
        return zones, self._toward(actor, attacking, near)

    def _move_zones(self, actor: Piece, attacking: bool) -> tuple[dict[str, int], list[str]]:
        """:meth:`move_options`' zones, and those of them its default is picked from (the ones
        a zone away, else all; none when it can only be pushed or teleported)."""
        b = self.game.board
        names = b.trait_names(actor)  # (read once for Rooted, Fast, Slow and Lumbering)
        if movement.held(b, actor, names):  # only a push or a teleport moves it ("Elsewhere")
            return {}, []
        flying = b.flying(actor)
        fast, slow = "fast" in names, "slow" in names  # (pace(), written out: they cancel out)
        one = (slow and not fast) or (attacking and not (fast and not slow)) or "lumbering" in names
        # (an enemy hinders it only where one stands: movement.hinders finds nobody elsewhere)
        occupied = set() if one else {e.zone for e in decisions.enemy_creatures(b, actor.side)}
        if not one and actor.zone in occupied:
            one = movement.hinders(b, actor, actor.zone)
        steps = 1 if one else 2
        geo = b.geometry()
        hindering: dict[str, bool] = {}  # whether an enemy hinders it in a zone one away
        zones: dict[str, int] = {}
        near = []
        here = actor.zone
        for d, z in geo.within(here, flying, steps):  # (nearest first, then by name)
            if d == 1:
                zones[z] = d
                near.append(z)
                continue
            # a zone two away: when some shortest way to it passes through a zone where no enemy
            # hinders it (entering one ends its move) (written out: no closure, nor a call a zone)
            for m in geo.step_toward(here, z, flying):
                if m not in occupied:
                    zones[z] = d
                    break
                if m not in hindering:
                    hindering[m] = movement.hinders(b, actor, m)
                if not hindering[m]:
                    zones[z] = d
                    break
        return zones, near or list(zones)

    def _toward(self, actor: Piece, attacking: bool, near: list[str]) -> str:
        """:meth:`move_options`' default among ``near``: the next zone toward its quarry (to
        attack: one holding its objects); :data:`ELSEWHERE` when ``near`` is empty."""
        if not near:
            return ELSEWHERE
        b = self.game.board
        geo = b.geometry()
        theirs = {p.zone for p in self.their_objects(None)} if attacking else set()
        goal = self.quarry(actor).zone
        way = geo.step_toward(actor.zone, goal, b.flying(actor))[:1]
        return min(near, key=lambda z: (not (attacking and z in theirs), z not in way,
                                        b.distance(z, goal), z))

    def quarry(self, actor: Piece) -> Piece:
        """What ``actor``'s move heads for by default: for a creature, the nearest of the Dummy
        Mage's creatures on the ground (the one with the least life left first); else (or for
        your mage) the Dummy Mage."""
        b = self.game.board
        hated = [c for c in restrictions.hated(b) if decisions.in_arena(b, c)
                 and restrictions.must_attack(b, actor, c)]
        if hated:  # Chant of Rage: it must go toward a creature with a Hate token
            return min(hated, key=lambda c: (b.distance(actor.zone, c.zone), c.id))
        ground = [] if actor.kind == "mage" else [c for c in b.side_creatures(DM)
                                           if decisions.in_arena(b, c) and not b.flying(c)]
        if not ground:
            return b.mages[Side.DM]
        return min(ground, key=lambda c: (b.distance(actor.zone, c.zone), b.remaining_life(c), c.id))

    def move(self, actor: Piece, attacking: bool = False, reads: bool | None = None) -> Lines:
        """Where your creature or mage went: the zones its move reaches past the walls, nearest
        first, and "Elsewhere" for a teleport or a push the board cannot know.  Two zones
        for a move, one before a quick action (two if Fast: the codex's Fast allows two move
        actions, never more); one if Slow (Fast and Slow cancel out), Lumbering, or hindered
        (it starts in a zone with an enemy that hinders it); and never past a zone where an
        enemy hinders it (entering such a zone ends its move).  ``reads``: the game's
        :meth:`reads`, when the caller has it (asked once for the Action Phase)."""
        b = self.game.board
        zones, near = self._move_zones(actor, attacking)
        if self.game.reads() if reads is None else reads:  # (titles only a person reads)
            choices = [Choice(f"{z} ({d} away)", z) for z, d in zones.items()]
            anchored = actions.anchored_zones(b)  # the Dummy Mage's Astral Anchor: no teleport
            choices.append(Choice("Elsewhere (pushed, teleported" + (
                f"; no teleport into or out of {', '.join(anchored)}: Astral Anchor" if anchored
                else "") + ")", ELSEWHERE))
            dest = self.game.ask(Question(MOVE_ZONE, "select",
                                     f"Where did {self.name(actor)} go, from {actor.zone}?",
                                     tuple(choices), default=self._toward(actor, attacking, near)))
        else:  # a program: the zones, and the default only if it reads it (seldom)
            values = (*zones, ELSEWHERE)  # (the zones are their own choices' values)
            toward = lambda: self._toward(actor, attacking, near)  # noqa: E731
            if (dest := self.pick(MOVE_ZONE, values, None, toward, actor.id)) is NOTHING:
                dest = self.game.ask(LazyQuestion(MOVE_ZONE, "select", "Where did it go?",
                                                  (*zones, _ELSEWHERE), toward, about=actor.id,
                                                  values=values))
        teleported = dest == ELSEWHERE  # no trample on a teleport or a push
        if teleported:
            others = [z for z in b.arena.zones() if z != actor.zone]
            dest = self.game.ask(Question("turn.move.elsewhere", "select", "Into which zone?",
                                     tuple(Choice(z, z) for z in others), default=others[0]))
        start = actor.zone
        put(b, Move(actor.id, dest))
        actor = b.get(actor.id)
        mark = None if teleported or actor.card != bonuses.CHEETAH \
            else bonuses.walked(b, actor, b.distance(start, dest))  # (its first test, no call)
        if mark is not None:  # card text that asks how it moved (Pharaoh's Cheetah)
            put(b, Note(actor.id, bonuses.WALKED, mark or DELETE))
        lines: Lines = [f"{cap(self.name(actor))} moved from {start} to {dest}."] \
            if self.game.logs else []  # (words only a log reads: see Game.logs)
        # Stuck is Unmovable: it went elsewhere by a teleport, which destroys every Stuck marker
        if teleported and "Stuck" in actor.conditions:
            stuck = actor.conditions["Stuck"]
            put(b, RemoveMarkers(actor.id, "Stuck"))
            if stuck:
                lines.append(f"Remove its {naming.counted(stuck, 'Stuck marker')}: a teleport "
                             "frees it.")
                self.events.append(upkeep.Event(actor.id, actor.card, "teleport", lines[-1],
                                                removed={"Stuck": stuck}))
        if not teleported and actor.enchantments:  # a move action (Chains of Agony hurts it)
            lines += triggers.on_move_action(b, actor)
            if b.find(actor.id) is None:
                return lines
            actor = b.get(actor.id)
        if dest != start and not teleported:
            lines += self._trample(actor, start)
        if dest != start and b.find(actor.id) is not None:
            lines += self._their_traps(b.get(actor.id), start, dest, teleported)
        return lines

    def _their_traps(self, actor: Piece, start: str, dest: str, teleported: bool) -> Lines:
        """The Dummy Mage's traps in the zones your creature entered (its way there, or just the
        zone it landed in) attack it; caught (Stuck) on the way, it stays in the trap's zone."""
        b = self.game.board
        for names in (b.extra.get(yours.DM_ZONE_ENCHANTMENTS) or {}).values():
            if names:
                break
        else:  # no trap of its anywhere (nearly always): only a Restrained mover on a way of
            # more than one zone stops (below); nothing else is read or changed on the way
            if teleported or not b.restrained(actor):
                return []
        geo = b.geometry()
        way, here = [], start
        flying = not teleported and here != dest and b.flying(actor)  # (asked only for a way)
        while not teleported and here != dest:
            nxt = geo.step_toward(here, dest, flying)
            if not nxt:
                break
            # the way its move may take: not into a zone where an enemy hinders it (see move)
            here = min(nxt, key=lambda z: (z != dest and movement.hinders(b, actor, z), z))
            way.append(here)
        lines: Lines = []
        for zone in way or [dest]:
            changes, said = actions.teleport_trap(b, actor, zone)
            if said is not None:  # sent elsewhere at once: its move ends there
                apply_all(b, changes)
                return [*lines, said]
            for name, attack in yours.their_traps(b, actor, zone):
                lines.append(f"The Dummy Mage's {name} in {zone} goes off as "
                             f"{self.name(actor)} enters; then it is destroyed.")
                # the trap attacks, not the Dummy Mage: its Daze does not touch it (barrier)
                lines += self.put_attack(combat.resolve_attack(
                    b, b.mages[Side.DM], attack, actor, self.game.dice, is_spell=True,
                    reactions=False, barrier=True))
                if b.find(actor.id) is None:  # destroyed: the traps after this one wait
                    break
                actor = b.get(actor.id)
            if b.find(actor.id) is None:
                return lines
            if b.restrained(actor) and zone != dest:
                put(b, Move(actor.id, zone))
                lines.append(f"{cap(self.name(actor))} is caught in {zone} and stops there.")
                return lines
        return lines

    def _trample(self, actor: Piece, start: str) -> Lines:
        """Trample: once a round, your creature that walks out of a zone may attack a non-Flying
        creature of the Dummy Mage's there (its guards first); asked, and you may decline."""
        b = self.game.board
        attack = movement.trample_attack(b, actor)
        if attack is None:
            return []
        options = [e for e in decisions.enemy_creatures(b, actor.side) if e.zone == start
                   and not b.flying(e) and targeting.can_target(b, start, e)]
        guards: list[Piece] = [g for g in options if isinstance(g, Creature) and g.guarding]
        if guards and not actions.elusive(b, actor):
            options = guards
        if not options:
            return []
        choices = tuple(Choice(f"{self.name(p)} ({p.damage}/{b.life(p)})", p.id) for p in options)
        picked = self.game.ask(Question("turn.trample", "select",
                                   f"Trample: {self.name(actor)} leaves {start}; trample whom "
                                   f"with {attack.name}?",
                                   choices + (Choice("Nobody", "none"),), default=choices[0].value))
        if picked == "none":
            return []
        put(b, Note(actor.id, "trampled", b.round))
        actor = b.get(actor.id)
        lines = [f"{cap(self.name(actor))} tramples {self.name(b.get(picked))} with "
                 f"{attack.name} as it leaves {start}."]
        return lines + self.put_attack(combat.resolve_attack(b, actor, attack, b.get(picked),
                                                             self.game.dice, first_strike=False))


#: The choices of "What did it do?" (records that never change: made once, not per question).
_ACTS: Final = (Choice("Attacked one of its objects", "attack"), Choice("Moved", "move"),
                Choice("Moved, then attacked", "move-attack"),
                Choice("Attacked, and I type the damage", "attack-typed"))
_MAGE_ACTS: Final = (Choice("Cast a spell at its side", "spell"),
                     Choice("Summoned a creature", "summon"),
                     Choice("Cast something on your side (equipment, wall...)", "own"),
                     Choice("Moved, then cast a quick spell", "move-spell"))
_GUARD_ACTS: Final = (Choice("Guarded", "guard"), Choice("Moved, then guarded", "move-guard"))
_OTHER_ACT: Final = Choice("Anything else (its side unchanged)", "other")
_DONE: Final = Choice("Nothing more this round (done)", "done")
_QUICKCAST_NOW: Final = Choice("Your quickcast, now (one quick spell)", "quickcast")
_PASS_TURN: Final = Choice("Pass this turn (it has more creatures to act)", "pass")
#: a quick spell's fixed choices (a record nobody changes: built once, not at each quickcast)
_SPELL_AT_THEM: Final = Choice("Cast a spell at its side", "spell")
_OWN_SPELL: Final = Choice("Cast something on your side (equipment, wall...)", "own")
_OTHER_SPELL: Final = Choice("Cast something else (nothing changes on the board)", "other")
_KEEP: Final = Choice("Not now (keep it for later)", PASS)
_PASS: Final = Choice("Pass", PASS)
_PASS_FIRST: Final = Choice("Pass (it goes first; you are asked again)", PASS)
#: "Elsewhere" as a program is offered it (a person reads where the Astral Anchor holds).
_ELSEWHERE: Final = Choice("Elsewhere (pushed, teleported)", ELSEWHERE)


def _what_menu(mage: bool, no_attack: bool, slow: bool,
               still: bool) -> tuple[tuple[Choice, ...], tuple[str, ...]]:
    """The choices of "What did it do?" and their values, for a mage or a creature, one that
    may not attack (Staggered), a Slow one (a move ends its Action Phase), one that may not
    move (Stumble)."""
    if mage:
        choices = [*_ACTS, *_MAGE_ACTS, _OTHER_ACT]
    elif not no_attack:  # a Staggered minor one cannot guard
        choices = [*_ACTS, *_GUARD_ACTS, _OTHER_ACT]
    else:
        choices = [*_ACTS, _OTHER_ACT]
    if slow:  # the codex's Slow: a move ends its Action Phase
        choices = [c for c in choices if c.value not in MOVE_THEN_QUICK]
    if still:  # Stumble: no move action
        choices = [c for c in choices if c.value != "move" and c.value not in MOVE_THEN_QUICK]
    if no_attack:
        choices = [c for c in choices if c.value not in ("attack", "move-attack", "attack-typed")]
    return tuple(choices), tuple(c.value for c in choices)


#: _what_menu's answers, made once each (the menus never change)
_WHAT_MENUS: Final[dict[tuple[bool, bool, bool, bool],
                        tuple[tuple[Choice, ...], tuple[str, ...]]]] = {}


def _incapacitates(board: Board, enchantment: str) -> bool:
    """Whether ``enchantment`` gives its creature the Incapacitated trait (Turn to Stone)."""
    card = board.cat.find(enchantment)
    return card is not None and "Incapacitated" in (card.dm.get("grants") or {}).get("traits", ())
