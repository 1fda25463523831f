"""Your attacks: the Dummy Mage's objects your side may pick, the attacks of your creatures and
your mage that solo rolls or that you report, and what the Dummy Mage's side does about them
(its guards Intercept, its Reverse Attack turns one back, a Sweeping attack's second target).

:class:`YourAttacks` is the first layer of your side's turn (:class:`~solo.engine.your_turn.YourTurn`
is built on it, through :class:`~solo.engine.your_spells.YourSpells`).  It asks through the game
it is given and keeps, for the step in progress, the attack results, the objects your typed
report changed and the events beyond attacks (see :meth:`YourAttacks.begin`).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Final

from solo.automaton import attacks as attack_rules
from solo.rules.abilities import bonuses, explosions, marks, triggers
from solo.rules import decision as decisions
from solo.cards.catalog import Attack
from solo.core.kinds import DM, DeckKind, Side
from solo.core.questions import NOTHING, AnswerError, Choice, LazyQuestion, Prompter, Question
from solo.engine.answers import check_damage, check_markers, markers, parse_damage
from solo.engine.resolve import mirror_lines
from solo.engine.steps import Lines, GameView
from solo.rules import combat, harm, stagger, targeting, upkeep
from solo.rules.abilities import restrictions
from solo.rules.said import Said, Who
from solo.rules.board import Piece
from solo.rules.effects import Discard, SetEnchantments, SetGuard
from solo.rules.effects import apply as put
from solo.rules.odds import attack_odds
from solo.text.combat import odds_text
from solo.text.naming import cap, label_of

__all__ = ["YourAttacks", "REVERSE_ATTACK"]

#: The Dummy Mage's enchantment that turns the next attack on its bearer back on the attacker.
REVERSE_ATTACK: Final = "Reverse Attack"


class YourAttacks:
    """Your side's attacks, asked through ``game``."""

    def __init__(self, game: GameView) -> None:
        self.game = game
        self.results: list[combat.AttackResult] = []  # attack results of your current step
        self.touched: list[str] = []  # objects your reported damage or markers changed
        self.events: list[upkeep.Event] = []  # what your action did beyond attacks (a teleport)
        #: questions of a program's asked the same way all game, built once (YourTurn's quickcast)
        self.asked: dict[tuple[str, str, str | None], Question] = {}
        #: the game's prompter when :meth:`pick` last looked, and its pick (None: it has none)
        self._prompter: Prompter | None = None
        self._picks: Callable[..., Any] | None = None

    def begin(self) -> None:
        """A step of yours begins: nothing attacked, reported or done yet (new lists: the last
        step keeps its own)."""
        self.results, self.touched, self.events = [], [], []

    def pick(self, qid: str, values: tuple[Any, ...], default: Any,
             default_of: Callable[[], Any] | None = None, about: str | None = None) -> Any:
        """A program's answer to a select question whose choices are their own ``values``
        (``default``, or ``default_of()`` when given, its default; ``about``: the piece it is
        about), given without the :class:`Question` built by a prompter that reads nothing and
        answers so (its ``pick``: :meth:`solo.engine.opponent.Opponent.pick`), recorded as
        :meth:`Game.ask` records it.  :data:`NOTHING` for any other prompter (a person, a
        script, a wrapper that shows the questions): the caller asks the Question then.  (A
        question built and asked costs a program some 15,000 instructions.)"""
        prompter = self.game.prompter
        if prompter is not self._prompter:  # (its pick found once for each prompter)
            self._prompter = prompter
            self._picks = None if prompter is None or prompter.reads \
                else getattr(prompter, "pick", None)  # (one that reads is asked the Question)
        picks = self._picks
        if picks is None:
            return NOTHING
        answer = picks(qid, values, default, default_of, about)
        if answer is NOTHING:  # (a question it answers only as a Question)
            return NOTHING
        if answer not in values:  # (as Question.parse refuses it)
            raise AnswerError(f"question {qid!r}: {answer!r} is not one of the choices {values!r}")
        self.game.recorded.append([qid, answer])
        return answer

    # (the game's board of the moment, which a restore replaces, is read as ``self.game.board``:
    # an attribute, no call, about 1,100 times a game; likewise ``self.game.dice`` and
    # ``self.game.ask``, and ``p.kind == "mage"`` for ``p.is_mage``)

    def name(self, p: Piece) -> str:
        return label_of(self.game.board, p)

    # -- what your side may attack ---------------------------------------------------------
    def their_objects(self, near: str | None) -> list[Piece]:
        """The Dummy Mage's objects in a fixed order (its mage, its creatures, its conjurations,
        each as they came into play), so a menu's numbers mean the same object every turn; the
        nearest to ``near`` comes first only as the default (see :meth:`pick_target`)."""
        b = self.game.board
        objs = [b.mages[DM], *b.side_creatures(DM),
                *[c for c in b.conjurations if c.side == DM]]
        return [p for p in objs  # (in_arena written out: asked very often)
                if "Banish" not in p.conditions or p.conditions["Banish"] <= 0]

    def theirs_in(self, zone: str) -> list[Piece]:
        """Those of :meth:`their_objects` in ``zone``, in their order (each zone looked at
        before the Banish markers: most objects stand elsewhere)."""
        b = self.game.board
        dm = b.mages[DM]
        objs: list[Piece] = [dm] if dm.zone == zone else []
        # (loops, not comprehensions: a comprehension is a call of its own, dearer than the
        # few items these find; asked at every Action Phase of yours)
        for c in b.side_creatures(DM):
            if c.zone == zone:
                objs.append(c)
        for w in b.conjurations:
            if w.side == DM and w.zone == zone:
                objs.append(w)
        for p in objs:
            if "Banish" in p.conditions and p.conditions["Banish"] > 0:  # (in_arena's test)
                return [p for p in objs if "Banish" not in p.conditions
                        or p.conditions["Banish"] <= 0]
        return objs

    def pick_target(self, actor: Piece, qid: str, message: str,
                    objs: list[Piece] | None = None,
                    odds: Callable[[Piece], str] | None = None,
                    reads: bool | None = None) -> Piece | None:
        """One of the Dummy Mage's objects, in a fixed order; the default is
        :meth:`default_target`.  ``odds`` adds the attack's figures to each choice; ``reads``:
        the game's :meth:`reads`, when the caller has it."""
        b = self.game.board
        objs = self.their_objects(actor.zone) if objs is None else objs
        if not objs:
            return None
        if not (self.game.reads() if reads is None else reads):  # a program: offered the
            # ids, and the default only if it reads it
            zone = actor.zone
            ids = []
            for p in objs:  # (a loop, not a comprehension's call: a few objects)
                ids.append(p.id)
            offered = tuple(ids)  # (the choices are their own values: given as such)
            nearest = lambda: self.default_target(zone, objs).id  # noqa: E731
            picked = self.pick(qid, offered, None, nearest, actor.id)  # (a program that
            # answers by values: no question built)
            if picked is NOTHING:
                picked = self.game.ask(LazyQuestion(qid, "select", message, offered, nearest,
                                                    about=actor.id, values=offered))
            return b.get(picked)
        # The question names whose objects these are: a title need not say it again (a
        # shorter line, which fits 80 columns once answered).
        choices = tuple(Choice(("the Dummy Mage" if p.kind == "mage" else f"{p.card} ({p.id})")
                               + f" in {p.zone} ({p.damage}/{b.life(p)})"
                               + (odds(p) if odds else ""), p.id) for p in objs)
        default = self.default_target(actor.zone, objs)
        return b.get(self.game.ask(Question(qid, "select", message, choices, default=default.id)))

    def default_target(self, zone: str, objs: list[Piece]) -> Piece:
        """The target offered first among ``objs``: the nearest to ``zone``; of those, its
        creatures before its mage (they stand in the way), the one with the least life left
        first."""
        b = self.game.board
        return min(objs, key=lambda p: (b.distance(zone, p.zone), p.kind == "mage", b.remaining_life(p)))

    # -- an attack of your creature's or your mage's -----------------------------------------
    def rolled_attacks(self, actor: Piece, moved: bool) -> list[Attack]:
        """The attacks of ``actor`` that solo rolls (after a move, only the quick ones)."""
        out = []
        for a in self.game.board.attacks(actor):  # (a loop, not a comprehension's call)
            if (a.is_melee or a.is_ranged) and a.action \
                    and a.dice is not None \
                    and (a.action == "quick" or not moved):  # no dice: an ability, no attack
                out.append(a)
        return out

    def reaching(self, actor: Piece, attacks: list[Attack], zone: str, target: Piece) -> list[Attack]:
        """Those of ``attacks`` that reach ``target`` from ``zone``, past the Dummy Mage's guards
        (a melee attack in their zone must take one), and that the Dummy Mage's cards allow
        (:meth:`forced`: Charm, Song of Love; a Taunt or a Chant of Rage that holds)."""
        return self._reaching(actor, attacks, zone, target, self.forced(actor, attacks, zone))

    def _reaching(self, actor: Piece, attacks: list[Attack], zone: str, target: Piece,
                  forced: set[str]) -> list[Attack]:
        """:meth:`reaching` given what :meth:`forced` says (the same for every target: worked
        out once for a whole menu)."""
        if forced:
            if target.id not in forced:
                return []
            return [a for a in self._reach(actor, attacks, zone, target) if a.is_melee]
        return self._reach(actor, attacks, zone, target)

    def _reach(self, actor: Piece, attacks: list[Attack], zone: str, target: Piece,
               guarded: bool = True, free: bool = False) -> list[Attack]:
        """Those of ``attacks`` that reach ``target`` from ``zone`` past the guards and the
        Dummy Mage's cards (``guarded`` False: no guard of theirs stands in ``zone``, so none
        blocks; ``free``: nothing of the Dummy Mage's may forbid the attack, see in_reach)."""
        b = self.game.board
        near = target.zone == zone  # a melee attack reaches nothing in another zone (can_reach's
        # own answer, given before the immunities and traits it reads first)
        out = []
        for a in attacks:  # (a loop, not a comprehension's call: mostly one or two attacks)
            if (near or not a.is_melee) and targeting.can_reach(b, actor, a, zone, target) \
                    and not (guarded and attack_rules.guard_blocks(b, actor, a, zone, target)) \
                    and (free or restrictions.forbids(b, actor, a, target) is None):
                out.append(a)
        return out

    def forced(self, actor: Piece, attacks: list[Attack], zone: str,
               theirs: list[Piece] | None = None) -> set[str]:
        """The Dummy Mage's objects ``actor`` must melee attack from ``zone`` when it can (its
        Taunt's taunter, a creature with a Hate token of its Chant of Rage); empty when none
        holds it, or it can reach none of them in melee (``theirs``: its
        :meth:`their_objects`, or those of them in ``zone``, all it reads, when the caller
        has them)."""
        if not actor.conditions and not actor.enchantments:  # no Taunt marker, no Chant of Rage
            return set()
        b = self.game.board
        if theirs is None:
            theirs = self.their_objects(zone)
        return {p.id for p in theirs if p.zone == zone
                and restrictions.must_attack(b, actor, p) is not None
                and any(a.is_melee for a in self._reach(actor, attacks, zone, p))}

    def targets(self, actor: Piece, zone: str, attacks: list[Attack] | None) -> list[Piece]:
        """The Dummy Mage's objects ``actor`` may attack from ``zone``: those it can target at
        all (Invisible never; Obscured from near; walls are left to the attack, as Indirect
        ones ignore them), and with ``attacks`` (rolled by solo) only those they reach."""
        if attacks:
            return [p for p, _ in self.in_reach(actor, zone, attacks)]
        b = self.game.board
        objs = [p for p in self.their_objects(zone)
                if targeting.can_target(b, zone, p, indirect=True)]
        # an attack you report: the Dummy Mage's cards still say whom it may not attack
        objs = [p for p in objs if restrictions.forbids(b, actor, None, p) is None]
        forced = self.forced(actor, b.attacks(actor), zone)
        return [p for p in objs if not forced or p.id in forced]

    def in_reach(self, actor: Piece, zone: str, attacks: list[Attack],
                 here: list[Piece] | None = None) -> list[tuple[Piece, list[Attack]]]:
        """:meth:`targets` with ``attacks``, each with those of ``attacks`` that reach it
        (:meth:`reaching`): worked out once for the menu and the attack picked from it
        (``here``: :meth:`theirs_in` ``zone``, when the caller has them on this board)."""
        b = self.game.board
        if here is None:
            here = self.theirs_in(zone)
        for a in attacks:  # (a loop, not all() over a generator)
            if not a.is_melee:
                near = self.their_objects(zone)
                break
        else:  # its melee attacks reach nothing in another zone (_reach's first test)
            near = here
        objs = []
        for p in near:  # (a loop, not a comprehension's call: a few objects)
            if targeting.can_target(b, zone, p, indirect=True):
                objs.append(p)
        if not objs:
            return []
        # (forced's first test written out: no Taunt marker, no Chant of Rage, nothing forced)
        forced = self.forced(actor, attacks, zone, here) \
            if actor.conditions or actor.enchantments else None
        out = []
        if forced:
            for p in objs:
                reach = self._reaching(actor, attacks, zone, p, forced)
                if reach:
                    out.append((p, reach))
            return out
        # what is the same for every target worked out once: whether a guard of theirs stands
        # in the zone (guard_blocks finds none else) and whether the Dummy Mage's cards may
        # forbid an attack at all (forbids: a Staggered minor creature, or its Charm or Song of
        # Love on the attacker)
        guarded = False
        for c in b.side_creatures(Side.YM if actor.side == DM else DM):
            if c.guarding and c.zone == zone:
                guarded = True
                break
        free = not actor.enchantments and not (actor.conditions and stagger.cannot_attack(b, actor))
        for p in objs:
            reach = self._reach(actor, attacks, zone, p, guarded, free)
            if reach:
                out.append((p, reach))
        return out

    def attack(self, actor: Piece, moved: bool, typed: bool = False,
               here: list[Piece] | None = None, reads: bool | None = None) -> Lines:
        """Your attack on one of its objects: rolled from the card through the game's dice
        (solo's, or yours typed in), or -- ``typed`` -- the damage you report (``here``:
        :meth:`theirs_in` its zone, when the caller has them on this board; ``reads``: the
        game's :meth:`reads`, when the caller has it: asked once for the Action Phase)."""
        b = self.game.board
        if reads is None:
            reads = self.game.reads()
        attacks = self.rolled_attacks(actor, moved)
        reaches = {}  # what reaches each target (worked out once: the board waits for the answer)
        if typed or not attacks:
            objs = self.targets(actor, actor.zone, None)
        else:
            objs = []
            for p, reach in self.in_reach(actor, actor.zone, attacks, here):
                objs.append(p)
                reaches[p.id] = reach
        if not typed and attacks and not objs:
            return [f"Nothing of the Dummy Mage's is in reach of {self.name(actor)}'s attacks "
                    f"from {actor.zone}: nothing changes on its side."]

        target = self.pick_target(actor, "turn.attack.target",
                                  f"Which of its objects did {self.name(actor)} attack?"
                                  if reads else "Which did it attack?", objs,
                                  odds=None if typed or not reads else partial(
                                      self._figures, actor, attacks, moved),
                                  reads=reads)  # (its name only for a person: a program reads ``about``)
        if target is None:
            return ["It has nothing to attack."]
        if not typed:
            attacks = reaches.get(target.id, [])
        if typed or not attacks:
            return self.typed_attack(actor, target, attacks[0] if attacks else None)
        attack = attacks[0] if len(attacks) == 1 else self._which_attack(actor, attacks, target, moved)
        # (each answer of the Dummy Mage's below is one of its enchantments on the attacker or
        # the target, a guard's Intercept of a ranged attack, or card text of the attack or the
        # attacker: asked only when it can hold, as each would find nothing else)
        declared: Lines = []
        if actor.enchantments:  # its Pacify, Fumble or Confusion
            declared, goes = self.declared(actor, attack)
            if not goes:
                return declared
            confused, target = self._confusion(actor, attack, target)
            declared += confused
        guard = attack_rules.interceptor(b, actor, attack, actor.zone, target) \
            if attack.is_ranged else None
        intercepted: Lines = []
        if guard is not None:  # the Dummy Mage's guards always Intercept
            put(b, SetGuard(guard.id, False))
            intercepted = [f"{cap(self.name(guard))} Intercepts your ranged attack "
                           f"on {self.name(target)}: it is the target instead; remove its "
                           "guard marker."]
            target = b.get(guard.id)
        if not isinstance(attack.dice, int):  # "X" dice: the card says how many
            return [f"{attack.name} rolls as many dice as its card says: roll them and "
                    "report the damage."] + self.typed_attack(actor, target, attack, moved)
        whirl = self.whirl_targets(actor, attack, target, moved) \
            if actor.conditions and not moved else []  # (Whirling Strike is a marker)
        second = None if whirl or not attack.traits else self.sweep_target(actor, attack, target)
        if not target.enchantments:  # no Reverse Attack, Forcefield, Mind Shield, Eye or Shock
            # (quiet: no lines made for a game nobody reads, AttackResult.quiet)
            return declared + intercepted + self.put_attack(combat.resolve_attack(
                b, actor, attack, target, self.game.dice, moved=moved, sweep_target=second,
                daze=None, reverse=False, whirl_targets=whirl, quiet=not self.game.logs))
        turned, reverse, daze = self.their_reverse_attack(actor, attack, target)
        if reverse is None:
            return declared + intercepted + turned
        eye = restrictions.eye_for_an_eye(b, target)
        shock = restrictions.shock(b, target, attack)
        return declared + intercepted + turned + self.put_attack(combat.resolve_attack(
            b, actor, attack, target, self.game.dice, moved=moved, sweep_target=second,
            daze=daze, reverse=reverse, whirl_targets=whirl, quiet=not self.game.logs)) \
            + self.eye_for_an_eye(actor, target, eye) \
            + self.shocked(actor, target, shock)

    def _figures(self, actor: Piece, attacks: list[Attack], moved: bool, p: Piece) -> str:
        """The odds of ``actor``'s strongest attack that reaches ``p`` (named when it has more),
        for a person's menu of targets (a method, not a closure: no cells made for a program)."""
        b = self.game.board
        reach = [a for a in attacks if isinstance(a.dice, int)
                 and targeting.can_reach(b, actor, a, actor.zone, p)
                 and not attack_rules.guard_blocks(b, actor, a, actor.zone, p)]
        odds = [attack_odds(b, actor, a, p, moved=moved) for a in reach]
        if not odds:
            return ""
        best = max(range(len(odds)), key=lambda i: (odds[i].expected_damage, -i))
        return " · " + (f"{reach[best].name} " if len(reach) > 1 else "") + odds_text(odds[best])

    def _which_attack(self, actor: Piece, attacks: list[Attack], target: Piece,
                      moved: bool) -> Attack:
        """The attack ``actor`` made at ``target``, asked when it has more than one that
        reaches."""
        if len(attacks) == 1:
            return attacks[0]
        b = self.game.board
        name = self.game.ask(Question(
            "turn.attack.which", "select", "Which attack?",
            tuple(Choice(f"{a.name} ({a.kind}, {a.dice} dice)"
                         + (" · " + odds_text(attack_odds(b, actor, a, target, moved=moved))
                            if isinstance(a.dice, int) and self.game.reads() else ""), a.name)
                  for a in attacks), default=self.default_attack(attacks).name))
        return next(a for a in attacks if a.name == name)

    @staticmethod
    def default_attack(attacks: list[Attack]) -> Attack:
        """The attack offered first among those that reach (the card's first)."""
        return attacks[0]

    def declared(self, actor: Piece, attack: Attack, is_spell: bool = False) -> tuple[Lines, bool]:
        """The Dummy Mage's answers in the Declare Attack Step of your attack: Pacify (you are
        asked whether you pay its 2 mana) and Fumble (the attack misses).  The lines, and
        whether the attack goes on."""
        b = self.game.board
        if not is_spell and restrictions.pacify_due(b, actor, attack):
            paid = self.game.ask(Question(
                "turn.attack.pacify", "select",
                f"Pacify: pay 2 mana for {self.name(actor)}'s first attack this round?",
                (Choice("Pay 2 mana", "pay"), Choice("Do not pay: the attack is cancelled", "no")),
                default="pay")) == "pay"
            line = restrictions.pacified(b, actor, paid)
            if not paid:
                return [line], False
        fumbled = restrictions.fumble(b, actor, attack, is_spell)
        if fumbled is not None:
            return [fumbled], False
        return [], True

    def _confusion(self, actor: Piece, attack: Attack, target: Piece) -> tuple[Lines, Piece]:
        """Confusion on your creature as it declares a melee attack: the effect die; on 7 or more
        its target is picked at random among every object the attack may target from its zone
        (its own side's too)."""
        b = self.game.board
        if not restrictions.confused(b, actor, attack):
            return [], target
        roll = self.game.dice.d12(Said("roll.confusion", who=Who.of(actor)))
        if roll >= 7:
            options = [p for p in b.pieces() if p.id != actor.id and decisions.in_arena(b, p)
                       and targeting.can_reach(b, actor, attack, actor.zone, p)
                       and not attack_rules.guard_blocks(b, actor, attack, actor.zone, p)]
            if options:
                target = self.game.dice.choose(options, Said("roll.confusion-pick", who=Who.of(actor)))
        return [Said("restrict.confused", who=Who.of(actor), roll=roll,
                     target=Who.of(target))], target

    def shocked(self, actor: Piece, target: Piece, shock: bool) -> Lines:
        """The Dummy Mage's Shock on the target of your melee attack: after the attack your
        attacker is Staggered; then the card is destroyed."""
        if not shock:
            return []
        me = self.game.board.find(actor.id)
        if me is not None:
            self.touched.append(me.id)
        return list(restrictions.shocked(self.game.board, target, me))

    def eye_for_an_eye(self, actor: Piece, target: Piece, eye: bool) -> Lines:
        """The Dummy Mage's Eye for an Eye on the target of your attack: your attacker takes the
        same damage and effects as the target took; then the card is destroyed."""
        b = self.game.board
        if not eye or not self.results:
            return []
        result = self.results[-1]
        hits = [s for s in result.strikes if s.target == target.id and s.attacker == actor.id]
        damage = sum(s.damage for s in hits)
        held = b.find(target.id)
        lines: Lines = []
        if held is not None and restrictions.EYE in held.enchantments:
            restrictions.spend(b, held, restrictions.EYE)
        else:
            put(b, Discard(DeckKind.ENCHANTMENT, restrictions.EYE))
        me = b.find(actor.id)
        if me is None:
            return lines
        conditions = [c for s in hits for c in s.conditions
                      if combat.condition_block(b, me, c) is None]
        harm.take_damage(b, me, damage)
        for c in conditions:
            harm.gain(b, b.get(me.id), c)
        self.touched.append(me.id)
        said = Said("restrict.eye", holder=Who.of(target), attacker=Who.of(me), damage=damage,
                    conditions=conditions)
        lines.append(said)
        # the markers it gave, for whoever reads the step (the conformance checker: gained
        # during the Action Phase, they outlast its end as a reaction's do)
        self.events.append(upkeep.Event(me.id, me.card, "eye", said))
        if harm.destroy_if_dead(b, b.get(me.id), Side.DM):
            lines.append(f"{cap(self.name(me))} is destroyed.")
        return lines

    def their_reverse_attack(self, actor: Piece, attack: Attack, target: Piece,
                             is_spell: bool = False) -> tuple[Lines, bool | None, int | None]:
        """The Avoid Attack Step of your attack on the Dummy Mage's object, after your Daze
        check (rolled here when you are Dazed): its Forcefield or Mind Shield cancels the attack
        (reverse None), or its Reverse Attack (face up, as it casts everything) turns the attack
        back on your attacker and the card is destroyed; an Unavoidable one only destroys it.
        Returns the lines, whether the first strike is reversed (None: the attack is
        cancelled), and the Daze check rolled."""
        b = self.game.board
        answers = (REVERSE_ATTACK in target.enchantments
                   or restrictions.theirs(b, target, restrictions.FORCEFIELD)
                   or restrictions.theirs(b, target, restrictions.MIND_SHIELD))
        if not answers:
            return [], False, None
        daze = combat.daze_check(b, actor, attack, target, self.game.dice, is_spell)
        if daze is not None and daze <= 6:
            return [], False, daze  # it misses: nothing reaches the Avoid Attack step
        stop = restrictions.forcefield(b, target) \
            or restrictions.mind_shield(b, target, attack, b.cat.find(attack.name))
        if stop is not None:
            self.touched.append(target.id)
            return [stop], None, daze
        if REVERSE_ATTACK not in target.enchantments:
            return [], False, daze
        put(b, SetEnchantments(target.id, tuple(e for e in target.enchantments
                                                if e != REVERSE_ATTACK)))
        put(b, Discard(DeckKind.ENCHANTMENT, REVERSE_ATTACK))
        self.touched.append(target.id)
        who = self.name(target)
        if attack.zone or combat.has_unavoidable(b, actor, attack):
            return [f"{cap(who)}'s {REVERSE_ATTACK} is destroyed: your attack is "
                    "Unavoidable, so it has no effect."], False, daze
        return [f"{cap(who)}'s {REVERSE_ATTACK} turns your attack back on "
                f"{self.name(actor)}; then it is destroyed."], True, daze

    def _unknown_attack(self, actor: Piece, target: Piece) -> tuple[Lines, bool | None]:
        """The Dummy Mage's answers to an attack solo does not know (damage you rolled for a
        spell): its Forcefield cancels any; its Mind Shield a psychic one and its Reverse
        Attack one that is not Unavoidable (you are asked which it was).  The lines, and
        whether it is turned back (None: cancelled)."""
        b = self.game.board
        if target.side != Side.DM:
            return [], False
        stop = restrictions.forcefield(b, target)
        if stop is None and restrictions.theirs(b, target, restrictions.MIND_SHIELD) \
                and self._yes("turn.attack.psychic", "Mind Shield: was it a psychic attack?"):
            stop = restrictions.mind_shield(b, target, None, b.cat.get(restrictions.MIND_SHIELD))
        if stop is not None:
            self.touched.append(target.id)
            return [stop], None
        if REVERSE_ATTACK not in target.enchantments:
            return [], False
        unavoidable = self._yes("turn.attack.unavoidable",
                                f"{REVERSE_ATTACK}: was it an Unavoidable (or zone) attack?")
        put(b, SetEnchantments(target.id, tuple(e for e in target.enchantments
                                                if e != REVERSE_ATTACK)))
        put(b, Discard(DeckKind.ENCHANTMENT, REVERSE_ATTACK))
        self.touched.append(target.id)
        who = cap(self.name(target))
        if unavoidable:
            return [f"{who}'s {REVERSE_ATTACK} is destroyed: your attack is Unavoidable, so it "
                    "has no effect."], False
        return [f"{who}'s {REVERSE_ATTACK} turns your attack back on {self.name(actor)}; "
                "then it is destroyed."], True

    def _yes(self, qid: str, message: str) -> bool:
        return self.game.ask(Question(qid, "select", message, (Choice("Yes", "yes"), Choice("No", "no")),
                                 default="no")) == "yes"

    def sweep_target(self, actor: Piece, attack: Attack, target: Piece) -> Piece | None:
        """The second, different target of your Sweeping attack: another of its objects in the
        target's zone that the attack reaches (asked when there is one; you may decline)."""
        if not attack.has("Sweeping"):
            return None
        b = self.game.board
        others = [p for p in self.their_objects(target.zone) if p.zone == target.zone
                  and p.id != target.id and attack_rules.sweeps_on(b, actor, attack, target, p)]
        if not others:
            return None
        choices = tuple(Choice(f"{self.name(p)} ({p.damage}/{b.life(p)})", p.id) for p in others)
        picked = self.game.ask(Question("turn.attack.sweep", "select",
                                   "Sweeping: which other object did the second attack target?",
                                   choices + (Choice("None (no second attack)", "none"),),
                                   default=choices[0].value))
        return None if picked == "none" else b.get(picked)

    def whirl_targets(self, actor: Piece, attack: Attack, target: Piece,
                      moved: bool) -> list[Piece]:
        """Whirling Strike's other targets of your attack made as a full action (none after a
        move): other objects of the Dummy Mage's in your creature's zone that the attack may go
        on to, asked one by one (you may stop)."""
        n = 0 if moved else bonuses.whirls(actor, attack)
        b = self.game.board
        picked: list[Piece] = []
        while len(picked) < n:
            others = [p for p in self.their_objects(actor.zone) if p.zone == actor.zone
                      and p.id != target.id and p.id not in {q.id for q in picked}
                      and attack_rules.sweeps_on(b, actor, attack, target, p)]
            if not others:
                break
            choices = tuple(Choice(f"{self.name(p)} ({p.damage}/{b.life(p)})", p.id)
                            for p in others)
            answer = self.game.ask(Question("turn.attack.whirl", "select",
                                       "Whirling Strike: which other object did the attack go "
                                       "on to?", choices + (Choice("None (it stops)", "none"),),
                                       default=choices[0].value))
            if answer == "none":
                break
            picked.append(b.get(answer))
        return picked

    # -- the attacks you roll yourself -----------------------------------------------------
    def typed_attack(self, attacker: Piece, target: Piece, attack: Attack | None,
                     moved: bool = False) -> Lines:
        """You rolled the attack dice: the attack goes through :mod:`solo.rules.combat` like a
        rolled one (Daze check, the target's Defense, armor, Piercing, counterstrike... with the
        game's dice) and asks you for the damage and the markers only when a strike gets that
        far.  ``attack`` None: an attack solo does not know (no Defense is rolled for it)."""
        b = self.game.board
        lines: Lines = []
        reverse, daze = False, None
        if attack is not None:
            lines, goes = self.declared(attacker, attack)
            if not goes:
                return lines
            turned, reversed_, daze = self.their_reverse_attack(attacker, attack, target)
            if reversed_ is None:
                return lines + turned
            lines, reverse = lines + turned, reversed_
        else:  # an attack solo does not know: asked what its answers need (no Daze check)
            lines, reversed_ = self._unknown_attack(attacker, target)
            if reversed_ is None:
                return lines
            reverse = reversed_
        eye = restrictions.eye_for_an_eye(b, target)
        shock = attack is not None and restrictions.shock(b, target, attack)
        result = combat.resolve_reported_attack(b, attacker, attack, target,
                                                combat.Reported(self._ask_damage, self._ask_markers),
                                                self.game.dice, moved=moved, daze=daze,
                                                reverse=reverse)
        for s in result.strikes:  # what your report changed
            if s.reported and s.target not in self.touched:
                self.touched.append(s.target)
        return lines + self.put_attack(result) + self.eye_for_an_eye(attacker, target, eye) \
            + self.shocked(attacker, target, shock)

    def put_attack(self, result: combat.AttackResult) -> Lines:
        """Put an attack of yours on the board and record it for the step; its lines."""
        b = self.game.board
        self.results.append(result)
        applied = combat.apply(b, result)
        said: list[Said] = []
        if b.extra.get(marks.DUE):  # a Goblin Bomber's Detonate (go_off's first test)
            said, results = explosions.go_off(b, self.game.dice)
            self.results += results
        if applied.lines or said:  # (none name nothing: no call)
            for ident in triggers.named([*applied.lines, *said]):  # what a card's ability changed
                if ident not in self.touched:
                    self.touched.append(ident)
        if self.game.logs:  # (self.mirrored, its test written out: words only a log reads)
            return [*result.steps, *mirror_lines(b, result), *applied.lines, *said]
        return [*result.steps, *applied.lines, *said]

    def mirrored(self, result: combat.AttackResult) -> list[str]:
        """What to change on the physical board after ``result`` (:func:`mirror_lines`): words
        only a log reads, so none in a game that logs nothing (see Game.logs)."""
        return mirror_lines(self.game.board, result) if self.game.logs else []

    def _ask_damage(self, strike: combat.Strike, only_ones: bool) -> tuple[int, int]:
        """What your attack dice showed for one strike: normal+critical."""
        message = "Damage rolled: normal+critical (e.g. 5+2, or 4 for normal only)"
        if strike.role != "attack":
            message = f"{cap(strike.role)}: {message[0].lower()}{message[1:]}"
        if only_ones:
            message += (f"; {self.name(self.game.board.get(strike.target))} is Incorporeal: count "
                        "only the dice showing 1 (1 normal, 1* critical)")
        return parse_damage(self.game.ask(Question("turn.attack.damage", "text", message, default="0",
                                              validate=check_damage)))

    def _ask_markers(self, strike: combat.Strike) -> list[str]:
        """The markers your attack's effect die (or its card) gave one strike."""
        message = "Markers it gets (e.g. Burn, Burn; empty for none)"
        if strike.role != "attack":
            message = f"{cap(strike.role)}: {message[0].lower()}{message[1:]}"
        return markers(self.game.ask(Question("turn.attack.conditions", "text", message, default="",
                                         validate=check_markers)))
