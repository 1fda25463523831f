"""Your attacks: the Dummy Mage's objects your side may pick, the attacks of your creatures and
your mage that solo rolls or that you report, and what the Dummy Mage's side does about them
(its guards Intercept, its Reverse Attack turns one back, a Sweeping attack's second target).

:class:`YourAttacks` is the first layer of your side's turn (:class:`~solo.engine.your_turn.YourTurn`
is built on it, through :class:`~solo.engine.your_spells.YourSpells`).  It asks through the game
it is given and keeps, for the step in progress, the attack results, the objects your typed
report changed and the events beyond attacks (see :meth:`YourAttacks.begin`).
"""

from __future__ import annotations

from typing import Any, Callable

from solo.automaton import attacks as attack_rules
from solo.rules.abilities import explosions, triggers
from solo.rules import decision as decisions
from solo.cards.catalog import Attack
from solo.core.kinds import DeckKind, Side
from solo.core.questions import Choice, Question
from solo.engine.answers import check_damage, check_markers, markers, parse_damage
from solo.engine.resolve import mirror_lines
from solo.engine.steps import Lines, GameView
from solo.rules import combat, targeting, upkeep
from solo.rules.board import Board, Piece
from solo.rules.dice import DiceSource
from solo.rules.effects import Discard, SetEnchantments, SetGuard
from solo.rules.effects import apply as put
from solo.rules.odds import attack_odds
from solo.text.combat import odds_text
from solo.text.naming import cap, label_of

__all__ = ["YourAttacks", "REVERSE_ATTACK"]

#: The Dummy Mage's enchantment that turns the next attack on its bearer back on the attacker.
REVERSE_ATTACK = "Reverse Attack"


class YourAttacks:
    """Your side's attacks, asked through ``game``."""

    def __init__(self, game: GameView) -> None:
        self.game = game
        self.results: list[combat.AttackResult] = []  # attack results of your current step
        self.touched: list[str] = []  # objects your reported damage or markers changed
        self.events: list[upkeep.Event] = []  # what your action did beyond attacks (a teleport)

    def begin(self) -> None:
        """A step of yours begins: nothing attacked, reported or done yet (new lists: the last
        step keeps its own)."""
        self.results, self.touched, self.events = [], [], []

    @property
    def board(self) -> Board:
        return self.game.board  # the game's board of the moment (a restore replaces it)

    @property
    def dice(self) -> DiceSource:
        return self.game.dice

    def ask(self, q: Question) -> Any:
        return self.game.ask(q)

    def name(self, p: Piece) -> str:
        return label_of(self.board, p)

    # -- what your side may attack ---------------------------------------------------------
    def their_objects(self, near: str | None) -> list[Piece]:
        """The Dummy Mage's objects in a fixed order (its mage, its creatures, its conjurations,
        each as they came into play), so a menu's numbers mean the same object every turn; the
        nearest to ``near`` comes first only as the default (see :meth:`pick_target`)."""
        b = self.board
        objs = [b.mages[Side.DM], *b.side_creatures(Side.DM),
                *[c for c in b.conjurations if c.side == Side.DM]]
        return [p for p in objs if decisions.in_arena(b, p)]

    def pick_target(self, actor: Piece, qid: str, message: str,
                    objs: list[Piece] | None = None,
                    odds: Callable[[Piece], str] | None = None) -> Piece | None:
        """One of the Dummy Mage's objects, in a fixed order; the default is
        :meth:`default_target`.  ``odds`` adds the attack's figures to each choice."""
        b = self.board
        objs = self.their_objects(actor.zone) if objs is None else objs
        if not objs:
            return None
        # The question names whose objects these are: a title need not say it again (a
        # shorter line, which fits 80 columns once answered).
        choices = tuple(Choice(("the Dummy Mage" if p.is_mage else f"{p.card} ({p.id})")
                               + f" in {p.zone} ({p.damage}/{b.life(p)})"
                               + (odds(p) if odds else ""), p.id) for p in objs)
        default = self.default_target(actor.zone, objs)
        return b.get(self.ask(Question(qid, "select", message, choices, default=default.id)))

    def default_target(self, zone: str, objs: list[Piece]) -> Piece:
        """The target offered first among ``objs``: the nearest to ``zone``; of those, its
        creatures before its mage (they stand in the way), the one with the least life left
        first."""
        b = self.board
        return min(objs, key=lambda p: (b.distance(zone, p.zone), p.is_mage, b.remaining_life(p)))

    # -- an attack of your creature's or your mage's -----------------------------------------
    def rolled_attacks(self, actor: Piece, moved: bool) -> list[Attack]:
        """The attacks of ``actor`` that solo rolls (after a move, only the quick ones)."""
        return [a for a in self.board.attacks(actor) if a.kind in ("melee", "ranged") and a.action
                and a.dice is not None  # no dice: an ability of the card, not an attack
                and (a.action == "quick" or not moved)]

    def reaching(self, actor: Piece, attacks: list[Attack], zone: str, target: Piece) -> list[Attack]:
        """Those of ``attacks`` that reach ``target`` from ``zone``, past the Dummy Mage's guards
        (a melee attack in their zone must take one)."""
        b = self.board
        return [a for a in attacks if targeting.can_reach(b, actor, a, zone, target)
                and not attack_rules.guard_blocks(b, actor, a, zone, target)]

    def targets(self, actor: Piece, zone: str, attacks: list[Attack] | None) -> list[Piece]:
        """The Dummy Mage's objects ``actor`` may attack from ``zone``: those it can target at
        all (Invisible never; Obscured from near; walls are left to the attack, as Indirect
        ones ignore them), and with ``attacks`` (rolled by solo) only those they reach."""
        b = self.board
        objs = [p for p in self.their_objects(zone)
                if targeting.can_target(b, zone, p, indirect=True)]
        if attacks:
            objs = [p for p in objs if self.reaching(actor, attacks, zone, p)]
        return objs

    def attack(self, actor: Piece, moved: bool, typed: bool = False) -> Lines:
        """Your attack on one of its objects: rolled from the card through the game's dice
        (solo's, or yours typed in), or -- ``typed`` -- the damage you report."""
        b = self.board
        attacks = self.rolled_attacks(actor, moved)
        objs = self.targets(actor, actor.zone, None if typed else attacks)
        if not typed and attacks and not objs:
            return [f"Nothing of the Dummy Mage's is in reach of {self.name(actor)}'s attacks "
                    f"from {actor.zone}: nothing changes on its side."]

        def figures(p: Piece) -> str:
            """The odds of its strongest attack that reaches ``p`` (named when it has more)."""
            if typed or not self.game.reads():
                return ""
            reach = [a for a in attacks if isinstance(a.dice, int)
                     and targeting.can_reach(b, actor, a, actor.zone, p)
                     and not attack_rules.guard_blocks(b, actor, a, actor.zone, p)]
            odds = [attack_odds(b, actor, a, p, moved=moved) for a in reach]
            if not odds:
                return ""
            best = max(range(len(odds)), key=lambda i: (odds[i].expected_damage, -i))
            return " · " + (f"{reach[best].name} " if len(reach) > 1 else "") + odds_text(odds[best])

        target = self.pick_target(actor, "turn.attack.target",
                                  f"Which of its objects did {self.name(actor)} attack?", objs,
                                  odds=figures)
        if target is None:
            return ["It has nothing to attack."]
        if not typed:
            attacks = self.reaching(actor, attacks, actor.zone, target)
        if typed or not attacks:
            return self.typed_attack(actor, target, attacks[0] if attacks else None)
        attack = self._which_attack(actor, attacks, target, moved)
        guard = attack_rules.interceptor(b, actor, attack, actor.zone, target)
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
        second = self.sweep_target(actor, attack, target)
        turned, reverse, daze = self.their_reverse_attack(actor, attack, target)
        return intercepted + turned + self.put_attack(combat.resolve_attack(
            b, actor, attack, target, self.dice, moved=moved, sweep_target=second,
            daze=daze, reverse=reverse))

    def _which_attack(self, actor: Piece, attacks: list[Attack], target: Piece,
                      moved: bool) -> Attack:
        """The attack ``actor`` made at ``target``, asked when it has more than one that
        reaches."""
        if len(attacks) == 1:
            return attacks[0]
        b = self.board
        name = self.ask(Question(
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

    def their_reverse_attack(self, actor: Piece, attack: Attack, target: Piece,
                             is_spell: bool = False) -> tuple[Lines, bool, int | None]:
        """The Dummy Mage's Reverse Attack (face up, as it casts everything) on the target of
        your attack: after your Daze check (rolled here when you are Dazed), the attack turns
        back on your attacker and the card is destroyed; an Unavoidable one only destroys it.
        Returns the lines, whether the first strike is reversed, and the Daze check rolled."""
        b = self.board
        if REVERSE_ATTACK not in target.enchantments:
            return [], False, None
        daze = combat.daze_check(b, actor, attack, target, self.dice, is_spell)
        if daze is not None and daze <= 6:
            return [], False, daze  # it misses: nothing reaches the Avoid Attack step
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

    def sweep_target(self, actor: Piece, attack: Attack, target: Piece) -> Piece | None:
        """The second, different target of your Sweeping attack: another of its objects in the
        target's zone that the attack reaches (asked when there is one; you may decline)."""
        if not attack.has("Sweeping"):
            return None
        b = self.board
        others = [p for p in self.their_objects(target.zone) if p.zone == target.zone
                  and p.id != target.id and attack_rules.sweeps_on(b, actor, attack, target, p)]
        if not others:
            return None
        choices = tuple(Choice(f"{self.name(p)} ({p.damage}/{b.life(p)})", p.id) for p in others)
        picked = self.ask(Question("turn.attack.sweep", "select",
                                   "Sweeping: which other object did the second attack target?",
                                   choices + (Choice("None (no second attack)", "none"),),
                                   default=choices[0].value))
        return None if picked == "none" else b.get(picked)

    # -- the attacks you roll yourself -----------------------------------------------------
    def typed_attack(self, attacker: Piece, target: Piece, attack: Attack | None,
                     moved: bool = False) -> Lines:
        """You rolled the attack dice: the attack goes through :mod:`solo.rules.combat` like a
        rolled one (Daze check, the target's Defense, armor, Piercing, counterstrike... with the
        game's dice) and asks you for the damage and the markers only when a strike gets that
        far.  ``attack`` None: an attack solo does not know (no Defense is rolled for it)."""
        result = combat.resolve_reported_attack(self.board, attacker, attack, target,
                                                combat.Reported(self._ask_damage, self._ask_markers),
                                                self.dice, moved=moved)
        for s in result.strikes:  # what your report changed
            if s.reported and s.target not in self.touched:
                self.touched.append(s.target)
        return self.put_attack(result)

    def put_attack(self, result: combat.AttackResult) -> Lines:
        """Put an attack of yours on the board and record it for the step; its lines."""
        self.results.append(result)
        applied = combat.apply(self.board, result)
        said, results = explosions.go_off(self.board, self.dice)  # a Goblin Bomber's Detonate
        self.results += results
        for ident in triggers.named([*applied.lines, *said]):  # what a card's ability changed
            if ident not in self.touched:
                self.touched.append(ident)
        return [*result.steps, *mirror_lines(self.board, result), *applied.lines, *said]

    def _ask_damage(self, strike: combat.Strike, only_ones: bool) -> tuple[int, int]:
        """What your attack dice showed for one strike: normal+critical."""
        message = "Damage rolled: normal+critical (e.g. 5+2, or 4 for normal only)"
        if strike.role != "attack":
            message = f"{cap(strike.role)}: {message[0].lower()}{message[1:]}"
        if only_ones:
            message += (f"; {self.name(self.board.get(strike.target))} is Incorporeal: count "
                        "only the dice showing 1 (1 normal, 1* critical)")
        return parse_damage(self.ask(Question("turn.attack.damage", "text", message, default="0",
                                              validate=check_damage)))

    def _ask_markers(self, strike: combat.Strike) -> list[str]:
        """The markers your attack's effect die (or its card) gave one strike."""
        message = "Markers it gets (e.g. Burn, Burn; empty for none)"
        if strike.role != "attack":
            message = f"{cap(strike.role)}: {message[0].lower()}{message[1:]}"
        return markers(self.ask(Question("turn.attack.conditions", "text", message, default="",
                                         validate=check_markers)))
