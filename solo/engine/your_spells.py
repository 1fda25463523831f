"""What your mage casts: spells at the Dummy Mage's side (attack spells solo rolls, damage you
rolled, enchantments, a removal), equipment, conjurations and walls, enchantments on your own
objects or zones, face up or hidden, their reveals, and creatures summoned.

:class:`YourSpells` is the second layer of your side's turn, on :class:`YourAttacks` (a spell's
target is picked, and its attack rolled, as an attack's); every change goes on the board through
:func:`solo.rules.effects.apply` or the helpers of :mod:`solo.rules.yours`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from solo.cards.catalog import Card
from solo.core.kinds import DeckKind, Side
from solo.core.questions import NOTHING, Choice, Question
from solo.engine.edits import new_conjuration, new_creature
from solo.engine.steps import Lines
from solo.engine.your_attacks import YourAttacks
from solo.rules.abilities import explosions, triggers
from solo.rules import combat, harm, yours
from solo.rules.abilities import restrictions
from solo.rules.board import SUMMONED, Board, Creature, Piece
from solo.rules.effects import (AddPiece, AddTally, Discard, Enchant, Equip, RemoveMarkers,
                                RemovePiece, Unequip)
from solo.rules.effects import apply as put
from solo.text import naming
from solo.text import yours as your_words
from solo.text.naming import cap

#: The answer for a zone beyond a card's range (asked then among the others).
ELSEWHERE: Final = "elsewhere"

__all__ = ["YourSpells"]


class YourSpells(YourAttacks):
    """Your mage's spells, asked through the game."""

    def castable(self, kind: str, quick: bool) -> tuple[str, ...]:
        """The catalog's names of ``kind`` your mage may cast now (``quick``: the quick ones)."""
        cat = self.game.board.cat
        return tuple(cat.quick_names(kind) if quick else cat.names(kind))

    # -- at the Dummy Mage's side ----------------------------------------------------------
    def spell(self, mage: Piece, quick: bool = False) -> Lines:
        """A spell of yours at one of its objects; ``quick``: a quick spell only (your quickcast,
        or your mage's quick action after a move).  solo rolls only an attack spell that reaches
        the target from your mage (range, Line of Sight, what may target it); "Damage I rolled
        myself" takes any."""
        b = self.game.board
        target = self.pick_target(mage, "turn.spell.target", "At which of its objects?")
        if target is None:
            return ["It has nothing to target."]
        cat = b.cat
        spells = [n for n in self.castable("Attack", quick)
                  if yours.can_cast(b, mage, cat.get(n), target)]
        which = "quick " if quick else ""
        rolled = (Choice(f"{'A quick' if quick else 'An'} attack spell: roll it for me",
                         "attack"),) if spells else ()
        none = "" if spells else f" (no {which}attack spell reaches it from {mage.zone})"
        kind = self.game.ask(Question("turn.spell.kind", "select", f"What did the spell do?{none}",
                                 (*rolled,
                                  Choice("Damage I rolled myself", "typed"),
                                  Choice("An enchantment on it", "enchantment"),
                                  Choice("Destroyed or removed it", "destroy"),
                                  *((Choice("Destroyed one of its enchantments (Dispel...)",
                                            "dispel"),) if target.enchantments else ()),
                                  Choice("Something else", "other")),
                                 default="attack" if spells else "typed"))
        if kind == "attack":
            card = self.game.ask(Question("turn.spell.card", "autocomplete",
                                     f"Which {which}attack spell (those that reach it)?",
                                     tuple(spells)))
            first, goes = self.cast_answers(quick, cat.get(card))
            if not goes:
                return first
            return first + self._attack_spell(mage, cat.get(card), target) + self.resolved()
        if kind == "enchantment":
            return self._their_enchantment(target, quick)
        first, goes = self.cast_answers(quick, None)
        if not goes:
            return first
        if kind == "typed":
            return first + self.typed_attack(mage, target, None) + self.resolved()
        if kind == "destroy":
            return first + self._at_it(target, "Incantation", None, lambda: self._removed(target))
        if kind == "dispel":
            return first + self._at_it(target, "Incantation", None, lambda: self._dispel(target))
        return first + self._at_it(target, self._other_kind(target), None,
                                   lambda: ["Noted: nothing changes on the Dummy Mage's side."])

    # -- the Dummy Mage's answers to your spells -------------------------------------------
    def cast_answers(self, quick: bool, card: Card | None) -> tuple[Lines, bool]:
        """Your spell is cast: the Dummy Mage's Jinx on your mage cancels it when it is a quick
        spell (asked when solo cannot know).  The lines, and whether the spell goes on."""
        b = self.game.board
        if not restrictions.theirs(b, b.mages[Side.YM], restrictions.JINX):
            return [], True
        if not quick and card is not None:
            quick = card.action == "quick"
        elif not quick:
            quick = self.game.ask(Question("turn.spell.quick", "select",
                                      "Jinx: was it a quick spell?",
                                      (Choice("Yes (Jinx cancels it)", "yes"),
                                       Choice("No", "no")), default="no")) == "yes"
        line = restrictions.jinxed(b) if quick else None
        return ([line], False) if line is not None else ([], True)

    def resolved(self) -> Lines:
        """Your spell resolved: the Dummy Mage's Magebane on your mage."""
        line = restrictions.magebane(self.game.board)
        if line is None:
            return []
        self.touched.append(Side.YM.value)
        return [line]

    def _other_kind(self, target: Piece) -> str:
        """What "something else" cast at ``target`` was, asked only when one of the Dummy
        Mage's cards there answers an incantation or an enchantment."""
        b = self.game.board
        answers = [n for n in (restrictions.NULLIFY, restrictions.REVERSE_MAGIC)
                   if restrictions.theirs(b, target, n)]
        dm = b.mages[Side.DM]
        if restrictions.theirs(b, dm, restrictions.RETRIBUTION) and target.zone == dm.zone:
            answers.append(restrictions.RETRIBUTION)
        if not answers:
            return "Other"
        return str(self.game.ask(Question("turn.spell.other", "select",
                                     f"Was it an incantation ({', '.join(answers)} answer one)?",
                                     (Choice("An incantation", "Incantation"),
                                      Choice("Something else", "Other")), default="Incantation")))

    def _at_it(self, target: Piece, kind: str, card: Card | None, go: Callable[[], Lines]) -> Lines:
        """Your incantation or enchantment (``kind``) cast at the Dummy Mage's ``target``: its
        Retribution Aura, then its Nullify, Mind Shield or Reverse Magic; ``go`` does the spell
        when none stops it.  Turned back by Reverse Magic, an enchantment goes face up on your
        mage (under the Dummy Mage's control); an incantation at your mage changes nothing solo
        keeps (a mage cannot be removed)."""
        b = self.game.board
        lines: Lines = []
        hurt = restrictions.retribution(b, target, kind)
        if hurt is not None:
            lines.append(hurt)
            self.touched.append(Side.YM.value)
        answer = restrictions.countered(b, target, card, kind)
        if answer is not None:
            self.touched.append(target.id)
            lines.append(answer[1])
            if answer[0] == "reversed" and card is not None and kind == "Enchantment":
                put(b, Enchant(Side.YM.value, card.name))
                self.touched.append(Side.YM.value)
                lines.append(f"Your mage now carries {card.name}, face up.")
            return lines
        return lines + go() + self.resolved()

    def _attack_spell(self, mage: Piece, spell: Card, target: Piece) -> Lines:
        """Your attack spell at ``target``, rolled."""
        b = self.game.board
        attack = spell.attacks[0]
        burns = target.conditions.get("Burn", 0)
        if burns and "not-burning" in (spell.dm.get("needs") or []):
            # Geyser at a burning target (the card rulings): no attack, only the Burns go
            put(b, RemoveMarkers(target.id, "Burn"))
            self.touched.append(target.id)
            return [f"{spell.name} at a burning target: the attack is cancelled and it only puts "
                    f"out the fire; remove the {naming.counted(burns, 'Burn marker')} of "
                    f"{self.name(target)}."]
        turned: Lines = []
        if attack.zone or (spell.target or "").lower() == "zone":
            spared: list[str] = []  # a Forcefield or a Mind Shield cancels it on its bearer
            for p in b.in_zone(target.zone):  # Unavoidable: a Reverse Attack just goes
                if p.side == Side.DM:
                    said, reverse, _ = self.their_reverse_attack(mage, attack, p, True)
                    turned += said
                    if reverse is None:
                        spared.append(p.id)
            result = combat.resolve_zone_attack(b, mage, attack, target.zone, self.game.dice,
                                                is_spell=True)
            result.strikes = [s for s in result.strikes if s.target not in spared]
        else:
            second = self.sweep_target(mage, attack, target)
            turned, reverse, daze = self.their_reverse_attack(mage, attack, target, True)
            if reverse is None:
                return turned
            eye = restrictions.eye_for_an_eye(b, target)
            result = combat.resolve_attack(b, mage, attack, target, self.game.dice, is_spell=True,
                                           daze=daze, reverse=reverse, sweep_target=second)
            self.results.append(result)
            applied = combat.apply(b, result)
            return [*turned, *result.steps, *self.mirrored(result), *applied.lines,
                    *self._went_off(applied.lines), *self.eye_for_an_eye(mage, target, eye),
                    *self._farther(mage, spell, target)]
        self.results.append(result)
        applied = combat.apply(b, result)
        return [*turned, *result.steps, *self.mirrored(result), *applied.lines,
                *self._went_off(applied.lines), *self._farther(mage, spell, target)]

    def _went_off(self, applied: Lines) -> Lines:
        """What the attack set off on the board (a Goblin Bomber's Detonate), rolled and put on
        it; every object a card's ability changed is counted as touched by the step."""
        said, results = explosions.go_off(self.game.board, self.game.dice)
        self.results += results
        for ident in triggers.named([*applied, *said]):
            if ident not in self.touched:
                self.touched.append(ident)
        return list(said)

    def _farther(self, mage: Piece, spell: Card, target: Piece) -> Lines:
        if (spell.dm or {}).get("second_target") == "farther" and self.game.board.find(mage.id):
            return self._farther_attack(mage, spell, target.zone)
        return []

    def _farther_attack(self, mage: Piece, spell: Card, first_zone: str) -> Lines:
        """Your Dragon's Breath's second attack, as part of the same action: at another of the
        Dummy Mage's objects in a zone next to the first target's, one zone farther from your
        mage, that the spell reaches (its card ruling); asked, as you may decline it."""
        b = self.game.board
        step = b.distance(mage.zone, first_zone) + 1
        zones = {z for z in b.arena.neighbours(first_zone) if b.distance(mage.zone, z) == step}
        others = [p for p in self.their_objects(None) if p.zone in zones
                  and yours.can_cast(b, mage, spell, p)]
        if not others:
            return []
        choices = tuple(Choice(f"{self.name(p)} in {p.zone} ({p.damage}/{b.life(p)})", p.id)
                        for p in others)
        picked = self.game.ask(Question("turn.spell.second", "select",
                                   f"{spell.name}, second attack at?",
                                   choices + (Choice("None (no second attack)", "none"),),
                                   default=choices[0].value))
        if picked == "none":
            return []
        second = b.get(picked)
        turned, reverse, daze = self.their_reverse_attack(mage, spell.attacks[0], second, True)
        if reverse is None:
            return turned
        return turned + self.put_attack(combat.resolve_attack(b, mage, spell.attacks[0], second,
                                                              self.game.dice, is_spell=True,
                                                              first_strike=False, daze=daze,
                                                              reverse=reverse))

    def _their_enchantment(self, target: Piece, quick: bool) -> Lines:
        """Your enchantment on one of the Dummy Mage's objects, face up or hidden."""
        b = self.game.board
        card = self.game.ask(Question("turn.spell.enchantment", "autocomplete", "Which enchantment?",
                                 self.castable("Enchantment", quick)))
        hidden = self.game.ask(Question("turn.spell.hidden", "select", "Face up or face down?",
                                   (Choice("Revealed now (face up)", "revealed"),
                                    Choice("Hidden (face down): solo counts it once you "
                                           "reveal it", "hidden")),
                                   default="revealed")) == "hidden"
        first, goes = self.cast_answers(quick, b.cat.get(card))
        if not goes:
            return first
        spell = b.cat.get(card)
        return first + self._at_it(target, "Enchantment", spell,
                                   lambda: self._enchant_theirs(target, card, hidden))

    def _enchant_theirs(self, target: Piece, card: str, hidden: bool) -> Lines:
        """Your enchantment ``card`` goes on the Dummy Mage's ``target``, or, turned back by its
        Reverse Magic (already destroyed), on your mage, face up under its control."""
        b = self.game.board
        if hidden:
            yours.hide(b, target, card)
            return [f"{card} goes face down on {self.name(target)}; "
                    + your_words.when_revealed(b.cat.get(card))]
        put(b, Enchant(target.id, card))
        return [f"{self.name(target)} now carries {card}."]

    def _dispel(self, target: Piece) -> Lines:
        """Your spell destroyed one of the enchantments on ``target`` (asked which), with what
        goes with it (:func:`solo.rules.abilities.restrictions.dispelled`)."""
        b = self.game.board
        names = list(dict.fromkeys(target.enchantments))
        if not names:
            return ["It carries no enchantment: nothing changes."]
        name = self.game.ask(Question("turn.spell.dispel", "select", "Which enchantment?",
                                 tuple(Choice(n, n) for n in names), default=names[0]))
        self.touched.append(target.id)
        lines: Lines = [*restrictions.dispelled(b, target, str(name))]
        held = b.find(target.id)  # a Life +X gone (Bull Endurance) may leave it dead
        other = Side.YM if target.side == Side.DM else Side.DM
        if held is not None and harm.destroy_if_dead(b, held, other):
            lines.append(f"{cap(self.name(held))} is destroyed: its damage reaches its life now.")
        return lines

    def _removed(self, target: Piece) -> Lines:
        """Your spell destroyed or removed one of its objects (a creature's mana counts for your
        tally)."""
        if target.kind == "mage":
            return ["A mage cannot be removed; use edit to set its damage."]
        b = self.game.board
        put(b, RemovePiece(target.id))
        if target.side == Side.DM and isinstance(target, Creature):
            put(b, Discard(DeckKind.CREATURE, target.card))
            put(b, AddTally(Side.YM, b.cost(target)))
        return [f"{self.name(target)} is removed from the arena."]

    # -- on your side --------------------------------------------------------------------------
    def own_spell(self, mage: Piece, quick: bool = False) -> Lines:
        """A spell of yours on your side (equipment, a conjuration, an enchantment)."""
        lines = self._own_spell(quick)
        return lines if self._cancelled else lines + self.resolved()

    def _jinx(self, quick: bool, name: str) -> Lines:
        """Jinx on your quick spell ``name``: its lines; :attr:`_cancelled` says it was."""
        lines, goes = self.cast_answers(quick, self.game.board.cat.get(name))
        self._cancelled = not goes
        return lines

    _cancelled = False

    def _own_spell(self, quick: bool) -> Lines:
        self._cancelled = False
        kind = self.game.ask(Question("own.kind", "select", "What did you cast?",
                                 (Choice("Equipment onto your mage", "equipment"),
                                  Choice("A wall or other conjuration", "conjuration"),
                                  Choice("An enchantment on one of yours (or a zone)", "enchantment"),
                                  *((Choice("Destroyed an enchantment on one of yours (Dispel...)",
                                            "dispel"),) if self._yours_enchanted() else ())),
                                 default="equipment"))
        if kind == "equipment":
            return self.equipment(quick)
        if kind == "conjuration":
            return self.conjuration(quick)
        if kind == "dispel":
            return self._dispel_yours(quick)
        return self.enchantment(quick)

    def _yours_enchanted(self) -> list[Piece]:
        """Your objects that carry an enchantment face up."""
        b = self.game.board
        return [p for p in [b.mages[Side.YM], *b.side_creatures(Side.YM)] if p.enchantments]

    def _dispel_yours(self, quick: bool) -> Lines:
        """Your spell destroyed an enchantment on one of your objects (the Dummy Mage's curse)."""
        mine = self._yours_enchanted()
        if not mine:
            return ["None of yours carries an enchantment."]
        where = self.game.ask(Question("own.dispel.target", "select", "On which of yours?",
                                  tuple(Choice(f"{self.name(p)} in {p.zone}", p.id) for p in mine),
                                  default=mine[0].id))
        first, goes = self.cast_answers(quick, None)
        self._cancelled = not goes
        if not goes:
            return first
        return first + self._dispel(self.game.board.get(where))

    def equipment(self, quick: bool = False) -> Lines:
        b = self.game.board
        name = self.game.ask(Question("own.equipment", "autocomplete", "Which equipment?",
                                 self.castable("Equipment", quick)))
        if jinxed := self._jinx(quick, name):
            return jinxed
        mage = b.mages[Side.YM]
        lines: Lines = []
        for old in yours.same_slot(b, mage, name):
            put(b, Unequip(mage.id, old))
            lines.append(f"{old} comes off your mage ({name} takes its place); discard it.")
        put(b, Equip(mage.id, name))
        lines.append(yours.equipment_line(b, b.mages[Side.YM], name))
        return lines + yours.by_hand(b.cat.get(name))

    def conjuration(self, quick: bool = False) -> Lines:
        b = self.game.board
        mage = b.mages[Side.YM]
        name = self.game.ask(Question("own.conjuration", "autocomplete",
                                 "Which quick conjuration?" if quick else "Which conjuration?",
                                 self.castable("Conjuration", quick)))
        card = b.cat.get(name)
        if jinxed := self._jinx(quick, name):
            return jinxed
        zone = self.zone_in_range("own.zone", "The wall stands on a border: one of its two zones?"
                                  if card.is_wall else "In which zone?", card, "own.elsewhere")
        border = None
        if card.is_wall:
            sides = b.arena.neighbours(zone)
            dm_zone = b.mages[Side.DM].zone
            toward = min(sides, key=lambda z: (b.distance(z, dm_zone), z))
            border = self.game.ask(Question("own.border", "select",
                                       f"And the zone on the other side of {zone}?",
                                       tuple(Choice(f"{n} ({yours.direction(b, zone, n)})", n)
                                             for n in sides), default=toward))
        c = new_conjuration(b, card.name, Side.YM, zone, border=border)
        put(b, AddPiece(c))
        where = f"on the border of {zone} and {border}" if border else f"in {zone}"
        return [f"Your {card.name} ({c.id}) stands {where}."] + yours.by_hand(card)

    def enchantment(self, quick: bool = False) -> Lines:
        b = self.game.board
        name = self.game.ask(Question("own.enchantment", "autocomplete", "Which enchantment?",
                                 self.castable("Enchantment", quick)))
        card = b.cat.get(name)
        if jinxed := self._jinx(quick, name):
            return jinxed
        mine: list[Piece] = [b.mages[Side.YM], *b.side_creatures(Side.YM)]
        choices = [Choice(f"{self.name(p)} in {p.zone}", p.id) for p in mine]
        if "zone" in (card.target or "").lower():
            choices += [Choice(f"Zone {z}", f"zone:{z}") for z in b.arena.zones()]
        where = self.game.ask(Question("own.target", "select", f"{card.name} on what?", tuple(choices),
                                  default=choices[0].value))
        hidden = self.game.ask(Question("own.hidden", "select", "Face up or face down?",
                                   (Choice("Hidden (face down): solo asks or reveals it when the "
                                           "game lets you", "hidden"),
                                    Choice("Revealed now (face up)", "revealed")),
                                   default="hidden")) == "hidden"
        if where.startswith("zone:"):
            zone = where.split(":", 1)[1]
            yours.enchant_zone(b, zone, card.name, hidden)
            state = "face down" if hidden else "face up"
            return [f"{card.name} goes {state} on zone {zone}."] + ([] if hidden else yours.by_hand(card))
        target = b.get(where)
        if hidden:
            yours.hide(b, target, card.name)
            return [f"{card.name} goes face down on {self.name(target)}; "
                    + your_words.when_revealed(card)]
        put(b, Enchant(target.id, card.name))
        return [f"{cap(self.name(target))} now carries {card.name}, face up."] \
            + yours.by_hand(card)

    def zone_in_range(self, qid: str, message: str, card: Card, elsewhere: str) -> str:
        """The zone your mage put ``card`` in: the zones its range reaches from your mage (the
        nearest first, your mage's the default), and "Elsewhere" for a zone beyond it -- a
        spawnpoint, or a card that let you, which solo cannot know -- asked then among the
        others (question ``elsewhere``, as a move's ``turn.move.elsewhere``)."""
        b = self.game.board
        mage = b.mages[_SIDE_YM]
        lo, hi = card.range
        here = mage.zone
        dist, zones = _ranked(b, here)
        near = [z for z in zones if lo <= dist[z] <= hi] or [here]
        far = [z for z in zones if z not in near]
        # (titles only a person reads: a program is offered the zones)
        reads = self.game.reads()
        choices: list[Any] = [Choice(f"{z} ({dist[z]} from your mage)", z) for z in near] \
            if reads else list(near)
        if far:  # (a title short enough to leave the answer on the question's line)
            choices.append(Choice("Elsewhere (a spawnpoint, or a card that put it there)", ELSEWHERE))
        # (a program's zones are their own values: given as such, with Elsewhere's; one that
        # answers by values is given them without the question built)
        default = mage.zone if mage.zone in near else near[0]
        values = None if reads else (*near, *((ELSEWHERE,) if far else ()))
        zone = NOTHING if values is None else self.pick(qid, values, default)
        if zone is NOTHING:
            zone = self.game.ask(Question(qid, "select", message, tuple(choices), default=default,
                                          values=values))
        if zone != ELSEWHERE:
            return str(zone)
        return str(self.game.ask(Question(elsewhere, "select", "Which zone, then?",
                                     tuple(Choice(f"{z} ({dist[z]} from your mage)", z)
                                           for z in far), default=far[0])))

    # -- your hidden enchantments, revealed ----------------------------------------------------
    def reveal_choice(self) -> list[Choice]:
        if yours.hidden_anywhere(self.game.board):
            return [Choice("Reveal one of your hidden enchantments", "reveal")]
        return []

    def reveal(self) -> Lines:
        b = self.game.board
        options = your_words.hidden_list(b)
        if not options:
            return ["You have no hidden enchantment to reveal."]
        pick = self.game.ask(Question("reveal.which", "select", "Which one do you reveal?",
                                 tuple(Choice(f"{name} on {where}", str(i))
                                       for i, (name, where, _) in enumerate(options)),
                                 default="0"))
        name, where, holder = options[int(pick)]
        if not isinstance(holder, str):
            self.touched.append(holder.id)
            shield = restrictions.shield_against_reveal(b, holder, name)
            if shield is not None:
                return [shield]
        return [*yours.reveal(b, holder, name)]

    # -- creatures summoned --------------------------------------------------------------------
    def quick_summon_choice(self) -> list[Choice]:
        """A quickcast summons only a quick creature: the choice names them (and is not offered
        when the catalog has none)."""
        quick = self.castable("Creature", True)
        if not quick:
            return []
        if not self.game.reads():  # (their names only a person reads)
            return [_QUICK_SUMMON]
        return [Choice(f"Summon a quick creature ({', '.join(quick)})", "summon")]

    def summon(self, quick: bool = False) -> Lines:
        b = self.game.board
        names = self.castable("Creature", quick)
        card = self.pick("turn.summon.card", names, None)  # (a program: no question)
        if card is NOTHING:
            card = self.game.ask(Question("turn.summon.card", "autocomplete",
                                          "Which quick creature?" if quick else "Which creature?",
                                          names))
        self._cancelled = False
        if jinxed := self._jinx(quick, card):
            return jinxed
        zone = self.zone_in_range("turn.summon.zone", "Into which zone?", b.cat.get(card),
                                  "turn.summon.elsewhere")
        # inactive until the next Reset, and summoned this round (no attack at once)
        c = new_creature(b, card, _SIDE_YM, zone, active=False, extra={SUMMONED: b.round})
        put(b, AddPiece(c))
        return [f"Your {c.card} enters {zone} as {c.id} (inactive until the next Reset).",
                *self.resolved()]


#: Each zone's distance from a zone, and the zones nearest it first (ties by name), by the
#: arena's size and that zone: the same on every arena of a size (walls do not count), so
#: worked out once, not at every summoning (read, never changed).
_RANKED: Final[dict[tuple[int, int, str], tuple[dict[str, int], tuple[str, ...]]]] = {}


def _ranked(board: Board, here: str) -> tuple[dict[str, int], tuple[str, ...]]:
    """:data:`_RANKED` for ``here`` on ``board``'s arena."""
    arena = board.arena
    key = (arena.columns, arena.rows, here)
    hit = _RANKED.get(key)
    if hit is None:
        dist = {z: board.distance(here, z) for z in arena.zones()}
        hit = _RANKED[key] = (dist, tuple(sorted(dist, key=lambda z: (dist[z], z))))
    return hit


#: Side.YM as a module global (the same member, without a look-up on its enum class).
_SIDE_YM: Final = Side.YM

#: The quick summoning as a program is offered it (a person reads the quick creatures' names).
_QUICK_SUMMON: Final = Choice("Summon a quick creature", "summon")
