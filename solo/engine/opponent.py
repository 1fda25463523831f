"""The simulator's scripted opponent (:mod:`solo.engine.simulate`): your side, played by a program.

It is a :class:`~solo.core.questions.Prompter` that answers the same questions a person answers
in ``solo play``, so simulated games go through exactly the same engine; the questions asked
most it also answers from their values alone, without the question built (:meth:`Opponent.pick`,
through :meth:`solo.engine.your_attacks.YourAttacks.pick`), the same answer either way.  It plays a fixed
spellbook with a mana budget (its mage's channeling each round):

* ``beginner`` -- its mage summons (a full action) when it can afford to and stands more than a
  zone from the Dummy Mage, walks its creatures and mage straight at the Dummy Mage and hits
  whatever stands in the zone; it passes its quickcast (its creatures are not quick spells);
* ``skilled`` -- also casts a quick attack spell at the Dummy Mage with its quickcast, keeps its
  mage back while it has creatures, and picks off the Dummy Mage's weakest creature before it
  strikes.

Like a person's, its quickcast casts only a quick spell (solo.engine.game offers no other).
"""

from __future__ import annotations

from typing import Any, Final
from collections.abc import Callable

from solo.automaton import attacks as attack_rules, movement
from solo.rules.decision import in_arena
from solo.rules import yours
from solo.rules.board import Piece
from solo.engine.game import Game
from solo.core.questions import NOTHING, Prompter, Question
from solo.rules import targeting
from solo.core.kinds import DM, YM, Side

__all__ = ["Opponent", "CREATURES", "ATTACK_SPELLS"]

#: The opponent's fixed spellbook: (card, mana) in the order it likes them.
CREATURES: Final = [("Timber Wolf", 9), ("Bitterwood Fox", 5), ("Steelclaw Grizzly", 17)]
ATTACK_SPELLS: Final = [("Fireball", 8), ("Jet Stream", 4)]
#: The questions :meth:`Opponent.pick` answers without their Question (the most asked).
_PICKED: Final = frozenset(("turn.actor", "turn.what", "quickcast.you", "turn.attack.target",
                            "turn.move.zone", "turn.summon.card", "turn.summon.zone"))


class Opponent(Prompter):
    """Answers `solo play`'s questions for your side, legally, by a simple policy."""

    reads = False  # answers by ids and values: no odds text is built for it

    def __init__(self, game: Game, skill: str = "beginner") -> None:
        if skill not in ("beginner", "skilled"):
            raise ValueError(f"skill must be beginner or skilled, not {skill!r}")
        self.game = game
        self.skill = skill
        self.mana = 0
        self.round_paid = 0
        self.plan: dict = {}
        #: what its actor could hit in melee where it stands, as "turn.what" found it (actor id,
        #: targets) when it answered "attack": the target question asked right after it reads
        #: it (the board has not changed in between); any other question forgets it
        self._melee: tuple[str, list[Piece]] | None = None
        #: the way toward its quarry, as "turn.what" found it (actor id, zones), for the move
        #: question asked right after it (likewise forgotten by any other)
        self._way: tuple[str, list[str]] | None = None

    # -- helpers (the board read as ``self.game.board``: a restore replaces it) --------------------
    def _channel(self) -> None:
        rnd = self.game.phase.round
        if rnd != self.round_paid:
            self.round_paid = rnd
            mage = self.game.board.card_of(self.game.board.mages[Side.YM])
            channeling = mage.channeling if mage is not None else 0  # (a mage's is a number)
            self.mana += (channeling if isinstance(channeling, int) else 0) or 9

    def _their(self) -> list[Piece]:
        b = self.game.board
        return [p for p in [b.mages[Side.DM], *b.side_creatures(Side.DM)] if in_arena(b, p)]

    def _quarry(self, actor: Piece) -> Piece:
        """Where the actor is heading: the Dummy Mage, or (skilled) its nearest creature."""
        b = self.game.board
        dm = b.mages[DM]
        if self.skill == "skilled":
            creatures = [c for c in b.side_creatures(Side.DM) if in_arena(b, c)
                         and not b.flying(c)]
            if creatures:
                return min(creatures, key=lambda c: (b.distance(actor.zone, c.zone), b.remaining_life(c), c.id))
        return dm

    def _melee_targets(self, actor: Piece, zone: str | None = None,
                       found: list[Piece] | None = None) -> list[Piece]:
        """What ``actor`` could hit in melee in its zone (or in ``zone``, were it there): by the
        game's own reach (flying, Reach, Invisible, Obscured...) and guards; only the taunter
        when a Taunt holds it (``found``: :meth:`_in_melee`'s, when worked out already)."""
        if found is None:
            found = self._in_melee(actor, zone)
        if found and actor.has_condition("Taunt"):
            taunters = [p for p in found if p.card in attack_rules.TAUNTERS]
            return taunters or found
        return found

    def _has_melee_target(self, actor: Piece, zone: str | None = None) -> bool:
        """Whether :meth:`_melee_targets` holds any (the first found is enough: a Taunt only
        narrows a list that is not empty)."""
        return bool(self._in_melee(actor, zone, first=True))

    def _in_melee(self, actor: Piece, zone: str | None, first: bool = False) -> list[Piece]:
        """The Dummy Mage's mage and creatures ``actor`` could hit in melee in its zone (or in
        ``zone``), in that order (``first``: the first found only, for a caller asking whether
        there is one).  (Loops, not comprehensions or a generator: each is a call of its own,
        dearer than the few items looked at; asked some 170 times a game.)"""
        b = self.game.board
        found: list[Piece] = []
        where = actor.zone if zone is None else zone
        theirs = b.side_creatures(DM)
        here: list[Piece] = []  # (self._their(), in its zone, first: often none, and nothing
        # more to look at)
        dm = b.mages[DM]
        if dm.zone == where:  # (no tuple of them all made: its mage, then its creatures)
            here.append(dm)
        for c in theirs:
            if c.zone == where:
                here.append(c)
        for p in here:  # (in_arena written out: its Banish test, for the few in the zone)
            conditions = p.conditions
            if "Banish" in conditions and conditions["Banish"] > 0:
                here = [q for q in here if "Banish" not in q.conditions
                        or q.conditions["Banish"] <= 0]
                break
        if not here:
            return found
        melee = []
        for a in b.attacks(actor):
            if a.is_melee and a.action and a.dice is not None:
                melee.append(a)
        if not melee:
            return found
        guarded = False
        for c in theirs:
            if c.guarding and c.zone == where:
                guarded = True
                break
        for p in here:
            for a in melee:
                if targeting.can_reach(b, actor, a, where, p) \
                        and not (guarded and attack_rules.guard_blocks(b, actor, a, where, p)):
                    found.append(p)
                    if first:
                        return found
                    break
        return found

    def _best_target(self, options: list[Piece]) -> Piece:
        b = self.game.board
        if self.skill == "skilled":
            return min(options, key=lambda p: (p.kind == "mage", b.remaining_life(p), p.id))
        return options[0]

    def _spell_in_range(self, quick: bool = False):
        """The first attack spell it can afford that reaches the Dummy Mage by the game's rules
        (:func:`solo.rules.yours.can_cast`); ``quick``: only a quick one (a quickcast)."""
        b = self.game.board
        ym, dm = b.mages[Side.YM], b.mages[Side.DM]
        for name, cost in ATTACK_SPELLS:
            if cost > self.mana:
                continue
            card = b.cat.get(name)
            if (not quick or name in b.cat.quick_names("Attack")) \
                    and yours.can_cast(b, ym, card, dm):
                return name, cost
        return None

    def _summon_choice(self):
        for name, cost in CREATURES:
            if cost <= self.mana:
                return name, cost
        return None

    # -- answering -------------------------------------------------------------------------------
    def ask(self, q: Question):
        if self.game.phase.round != self.round_paid:  # (the check of _channel, written out)
            self._channel()
        melee, self._melee = self._melee, None
        way, self._way = self._way, None
        if q.id == "turn.actor":  # (_answer's first answer, written out: asked at every turn;
            # the menu's default is its first choice's value itself, what chosen would find)
            return q.default
        answer = self._answer(q, melee, way)
        if q.kind == "select" and not q.escapes:  # (its answer is a choice's value, mostly:
            # what Question.parse finds first, found here without parse's call)
            value = q.chosen(answer)
            if value is not NOTHING:
                return value
        return q.parse(answer)

    def pick(self, qid: str, values: tuple[Any, ...], default: Any,
             default_of: Callable[[], Any] | None, about: str | None) -> Any:
        """Its answer to the select question ``qid`` of ``values`` (their own choices'), asked
        without the Question (:meth:`YourAttacks.pick`): what :meth:`ask` answers that question, by the
        same helpers; :data:`NOTHING` for a question it answers only as a Question."""
        if qid not in _PICKED:
            return NOTHING
        if self.game.phase.round != self.round_paid:  # (as ask)
            self._channel()
        melee, self._melee = self._melee, None
        way, self._way = self._way, None
        if qid == "turn.actor":  # (as ask: the menu's first choice, its default)
            return default
        if qid == "quickcast.you":
            return self._quickcast()
        if qid == "turn.summon.card":
            return self._summon_card()
        if qid == "turn.summon.zone":
            return self.game.board.mages[YM].zone
        assert about is not None  # (the others are about your creature or mage)
        actor = self.game.board.get(about)
        if qid == "turn.what":
            return self._what(actor, values)
        if qid == "turn.attack.target":
            return self._target(actor, values, melee)
        steps = self._steps(actor, way)  # turn.move.zone
        if steps and steps[0] in values:
            return steps[0]
        return default if default_of is None else default_of()

    def _answer(self, q: Question, melee: tuple[str, list[Piece]] | None = None,
                way: tuple[str, list[str]] | None = None):
        """Its answer to ``q`` (``melee``: what the question before found in melee reach, see
        ``_melee``; ``way``: the way it found toward its quarry, see ``_way``)."""
        qid = q.id
        # (the questions of every turn first: asked most)
        if qid == "turn.actor":  # its first active creature, else its mage, else done: the
            # menu's first choice and default (it lists those in that order)
            return q.default
        b = self.game.board
        if qid == "turn.what":
            return self._what(self._actor(q), q.values())
        if qid == "quickcast.you":  # (asked more often than the two below)
            return self._quickcast()
        if qid == "turn.move.zone":
            steps = self._steps(self._actor(q), way)
            return steps[0] if steps and steps[0] in q.values() else q.default
        if qid == "turn.attack.target":
            return self._target(self._actor(q), q.values(), melee)
        if qid == "turn.summon.card":
            return self._summon_card()
        if qid == "turn.summon.zone":
            return b.mages[YM].zone
        if qid == "turn.spell.target":
            return Side.DM
        if qid == "turn.spell.kind":
            return "attack"
        if qid == "turn.spell.card":
            name, cost = self.plan.pop("spell", None) or ATTACK_SPELLS[-1]
            self.mana -= cost
            return name
        if qid == "turn.attack.which":
            return q.default
        if qid == "turn.attack.pacify":  # the Dummy Mage's Pacify: 2 mana, when it has them
            if self.mana >= 2:
                self.mana -= 2
                return "pay"
            return "no"
        if qid == "undo.next":
            return "go"
        return q.default if q.default is not None else q.pairs()[0][1]

    def _what(self, actor: Piece, offered: tuple[Any, ...]) -> str:
        """"What did it do?" of ``actor``, among ``offered``."""
        b = self.game.board
        if "attack" in offered:  # (none when Staggered)
            found = self._in_melee(actor, None)  # (all of them: the target's question
            # reads them next)
            if found:
                self._melee = (actor.id, found)
                return "attack"
        if actor.kind == "mage" and self.skill == "skilled" and b.side_creatures(YM):
            if self._summon_choice() is not None:
                self.plan = {"summon": self._summon_choice()}
                return "summon"
            return "other"  # keeps back while its creatures fight
        if actor.kind == "mage" and (pick := self._summon_choice()) is not None and \
                b.distance(actor.zone, b.mages[DM].zone) > 1:
            self.plan = {"summon": pick}
            return "summon"
        # (no move-attack for a Slow one)
        if movement.held(b, actor) or "move" not in offered:
            return "other"  # it cannot move (a push or a teleport is not its to make)
        return "move-attack" if "move-attack" in offered and self._next_zone_has_target(actor) \
            else "move"

    def _quickcast(self) -> str:
        """Its quickcast: one quick spell (its creatures take a full action)."""
        if self.skill == "skilled" and (spell := self._spell_in_range(quick=True)):
            self.plan = {"spell": spell}
            return "spell"
        return "pass"

    def _summon_card(self) -> str:
        """The creature its mage summons (as "turn.what" planned it), paid for."""
        name, cost = self.plan.pop("summon", None) or self._summon_choice() or CREATURES[1]
        self.mana -= cost
        return name

    def _steps(self, actor: Piece, way: tuple[str, list[str]] | None) -> list[str]:
        """The way of ``actor``'s move toward its quarry (``way``: as "turn.what" found it)."""
        if way is not None and way[0] == actor.id:
            return way[1]
        b = self.game.board
        goal = self._quarry(actor)
        return b.geometry().step_toward(actor.zone, goal.zone, b.flying(actor))

    def _target(self, actor: Piece, offered: tuple[Any, ...],
                melee: tuple[str, list[Piece]] | None) -> str:
        """Its target among the objects the game ``offered``, and no other (``melee``: as
        "turn.what" found them)."""
        kept = melee[1] if melee is not None and melee[0] == actor.id else None
        options = []
        for p in self._melee_targets(actor, found=kept) or self._their():  # (a loop, not
            # a comprehension's call: a few objects)
            if p.id in offered:
                options.append(p)
        b = self.game.board
        return self._best_target(options or [b.get(v) for v in offered]).id

    def _actor(self, q: Question) -> Piece:
        """The piece the question is about (the engine asks about one actor at a time): named
        by its id, else in its message."""
        b = self.game.board
        about = q.about
        if about is not None:
            return b.get(about)
        message = q.message
        if "(" in message:  # (a creature's name holds its id in brackets, your mage's none)
            for p in b.side_creatures(YM):  # (a list of its own)
                ident = p.id
                if ident in message and f"({ident})" in message:
                    return p
        return b.mages[YM]

    def _next_zone_has_target(self, actor: Piece) -> bool:
        b = self.game.board
        goal = self._quarry(actor)
        steps = b.geometry().step_toward(actor.zone, goal.zone, b.flying(actor))
        self._way = (actor.id, steps)  # (the move question next reads it)
        if not steps:
            return False
        return self._has_melee_target(actor, steps[0])
