"""What your mage casts: spells at the Dummy Mage's side (attack spells solo rolls, damage you
rolled, enchantments, a removal), equipment, conjurations and walls, enchantments on your own
objects or zones, face up or hidden, their reveals, and creatures summoned.

:class:`YourSpells` is the second layer of your side's turn, on :class:`YourAttacks` (a spell's
target is picked, and its attack rolled, as an attack's); every change goes on the board through
:func:`solo.rules.effects.apply` or the helpers of :mod:`solo.rules.yours`.
"""

from __future__ import annotations

from solo.cards.catalog import Card
from solo.core.kinds import DeckKind, Side
from solo.core.questions import Choice, Question
from solo.engine.edits import new_conjuration, new_creature
from solo.engine.resolve import mirror_lines
from solo.engine.steps import Lines
from solo.engine.your_attacks import YourAttacks
from solo.rules.abilities import explosions, triggers
from solo.rules import combat, yours
from solo.rules.board import SUMMONED, Creature, Piece
from solo.rules.effects import (AddPiece, AddTally, Discard, Enchant, Equip, RemoveMarkers,
                                RemovePiece, Unequip)
from solo.rules.effects import apply as put
from solo.text import naming
from solo.text import yours as your_words
from solo.text.naming import cap

#: The answer for a zone beyond a card's range (asked then among the others).
ELSEWHERE = "elsewhere"

__all__ = ["YourSpells"]


class YourSpells(YourAttacks):
    """Your mage's spells, asked through the game."""

    def castable(self, kind: str, quick: bool) -> tuple[str, ...]:
        """The catalog's names of ``kind`` your mage may cast now (``quick``: the quick ones)."""
        cat = self.board.cat
        return tuple(cat.quick_names(kind) if quick else cat.names(kind))

    # -- at the Dummy Mage's side ----------------------------------------------------------
    def spell(self, mage: Piece, quick: bool = False) -> Lines:
        """A spell of yours at one of its objects; ``quick``: a quick spell only (your quickcast,
        or your mage's quick action after a move).  solo rolls only an attack spell that reaches
        the target from your mage (range, Line of Sight, what may target it); "Damage I rolled
        myself" takes any."""
        b = self.board
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
        kind = self.ask(Question("turn.spell.kind", "select", f"What did the spell do?{none}",
                                 (*rolled,
                                  Choice("Damage I rolled myself", "typed"),
                                  Choice("An enchantment on it", "enchantment"),
                                  Choice("Destroyed or removed it", "destroy"),
                                  Choice("Something else", "other")),
                                 default="attack" if spells else "typed"))
        if kind == "attack":
            card = self.ask(Question("turn.spell.card", "autocomplete",
                                     f"Which {which}attack spell (those that reach it)?",
                                     tuple(spells)))
            return self._attack_spell(mage, cat.get(card), target)
        if kind == "typed":
            return self.typed_attack(mage, target, None)
        if kind == "enchantment":
            return self._their_enchantment(target, quick)
        if kind == "destroy":
            return self._removed(target)
        return ["Noted: nothing changes on the Dummy Mage's side."]

    def _attack_spell(self, mage: Piece, spell: Card, target: Piece) -> Lines:
        """Your attack spell at ``target``, rolled."""
        b = self.board
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
            for p in b.in_zone(target.zone):  # Unavoidable: a Reverse Attack just goes
                if p.side == Side.DM:
                    turned += self.their_reverse_attack(mage, attack, p, True)[0]
            result = combat.resolve_zone_attack(b, mage, attack, target.zone, self.dice,
                                                is_spell=True)
        else:
            second = self.sweep_target(mage, attack, target)
            turned, reverse, daze = self.their_reverse_attack(mage, attack, target, True)
            result = combat.resolve_attack(b, mage, attack, target, self.dice, is_spell=True,
                                           daze=daze, reverse=reverse, sweep_target=second)
        self.results.append(result)
        applied = combat.apply(b, result)
        said, results = explosions.go_off(b, self.dice)  # a Goblin Bomber's Detonate
        self.results += results
        for ident in triggers.named([*applied.lines, *said]):  # what a card's ability changed
            if ident not in self.touched:
                self.touched.append(ident)
        lines = [*turned, *result.steps, *mirror_lines(b, result), *applied.lines, *said]
        if (spell.dm or {}).get("second_target") == "farther" and b.find(mage.id):
            lines += self._farther_attack(mage, spell, target.zone)
        return lines

    def _farther_attack(self, mage: Piece, spell: Card, first_zone: str) -> Lines:
        """Your Dragon's Breath's second attack, as part of the same action: at another of the
        Dummy Mage's objects in a zone next to the first target's, one zone farther from your
        mage, that the spell reaches (its card ruling); asked, as you may decline it."""
        b = self.board
        step = b.distance(mage.zone, first_zone) + 1
        zones = {z for z in b.arena.neighbours(first_zone) if b.distance(mage.zone, z) == step}
        others = [p for p in self.their_objects(None) if p.zone in zones
                  and yours.can_cast(b, mage, spell, p)]
        if not others:
            return []
        choices = tuple(Choice(f"{self.name(p)} in {p.zone} ({p.damage}/{b.life(p)})", p.id)
                        for p in others)
        picked = self.ask(Question("turn.spell.second", "select",
                                   f"{spell.name}, second attack at?",
                                   choices + (Choice("None (no second attack)", "none"),),
                                   default=choices[0].value))
        if picked == "none":
            return []
        second = b.get(picked)
        turned, reverse, daze = self.their_reverse_attack(mage, spell.attacks[0], second, True)
        return turned + self.put_attack(combat.resolve_attack(b, mage, spell.attacks[0], second,
                                                              self.dice, is_spell=True,
                                                              first_strike=False, daze=daze,
                                                              reverse=reverse))

    def _their_enchantment(self, target: Piece, quick: bool) -> Lines:
        """Your enchantment on one of the Dummy Mage's objects, face up or hidden."""
        b = self.board
        card = self.ask(Question("turn.spell.enchantment", "autocomplete", "Which enchantment?",
                                 self.castable("Enchantment", quick)))
        hidden = self.ask(Question("turn.spell.hidden", "select", "Face up or face down?",
                                   (Choice("Revealed now (face up)", "revealed"),
                                    Choice("Hidden (face down): solo counts it once you "
                                           "reveal it", "hidden")),
                                   default="revealed")) == "hidden"
        if hidden:
            yours.hide(b, target, card)
            return [f"{card} goes face down on {self.name(target)}; "
                    + your_words.when_revealed(b.cat.get(card))]
        put(b, Enchant(target.id, card))
        return [f"{self.name(target)} now carries {card}."]

    def _removed(self, target: Piece) -> Lines:
        """Your spell destroyed or removed one of its objects (a creature's mana counts for your
        tally)."""
        if target.is_mage:
            return ["A mage cannot be removed; use edit to set its damage."]
        b = self.board
        put(b, RemovePiece(target.id))
        if target.side == Side.DM and isinstance(target, Creature):
            put(b, Discard(DeckKind.CREATURE, target.card))
            put(b, AddTally(Side.YM, b.cost(target)))
        return [f"{self.name(target)} is removed from the arena."]

    # -- on your side --------------------------------------------------------------------------
    def own_spell(self, mage: Piece, quick: bool = False) -> Lines:
        kind = self.ask(Question("own.kind", "select", "What did you cast?",
                                 (Choice("Equipment onto your mage", "equipment"),
                                  Choice("A wall or other conjuration", "conjuration"),
                                  Choice("An enchantment on one of yours (or a zone)", "enchantment")),
                                 default="equipment"))
        if kind == "equipment":
            return self.equipment(quick)
        if kind == "conjuration":
            return self.conjuration(quick)
        return self.enchantment(quick)

    def equipment(self, quick: bool = False) -> Lines:
        b = self.board
        name = self.ask(Question("own.equipment", "autocomplete", "Which equipment?",
                                 self.castable("Equipment", quick)))
        mage = b.mages[Side.YM]
        lines: Lines = []
        for old in yours.same_slot(b, mage, name):
            put(b, Unequip(mage.id, old))
            lines.append(f"{old} comes off your mage ({name} takes its place); discard it.")
        put(b, Equip(mage.id, name))
        lines.append(yours.equipment_line(b, b.mages[Side.YM], name))
        return lines + yours.by_hand(b.cat.get(name))

    def conjuration(self, quick: bool = False) -> Lines:
        b = self.board
        mage = b.mages[Side.YM]
        name = self.ask(Question("own.conjuration", "autocomplete",
                                 "Which quick conjuration?" if quick else "Which conjuration?",
                                 self.castable("Conjuration", quick)))
        card = b.cat.get(name)
        zone = self.zone_in_range("own.zone", "The wall stands on a border: one of its two zones?"
                                  if card.is_wall else "In which zone?", card, "own.elsewhere")
        border = None
        if card.is_wall:
            sides = b.arena.neighbours(zone)
            dm_zone = b.mages[Side.DM].zone
            toward = min(sides, key=lambda z: (b.distance(z, dm_zone), z))
            border = self.ask(Question("own.border", "select",
                                       f"And the zone on the other side of {zone}?",
                                       tuple(Choice(f"{n} ({yours.direction(b, zone, n)})", n)
                                             for n in sides), default=toward))
        c = new_conjuration(b, card.name, Side.YM, zone, border=border)
        put(b, AddPiece(c))
        where = f"on the border of {zone} and {border}" if border else f"in {zone}"
        return [f"Your {card.name} ({c.id}) stands {where}."] + yours.by_hand(card)

    def enchantment(self, quick: bool = False) -> Lines:
        b = self.board
        name = self.ask(Question("own.enchantment", "autocomplete", "Which enchantment?",
                                 self.castable("Enchantment", quick)))
        card = b.cat.get(name)
        mine: list[Piece] = [b.mages[Side.YM], *b.side_creatures(Side.YM)]
        choices = [Choice(f"{self.name(p)} in {p.zone}", p.id) for p in mine]
        if "zone" in (card.target or "").lower():
            choices += [Choice(f"Zone {z}", f"zone:{z}") for z in b.arena.zones()]
        where = self.ask(Question("own.target", "select", f"{card.name} on what?", tuple(choices),
                                  default=choices[0].value))
        hidden = self.ask(Question("own.hidden", "select", "Face up or face down?",
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
        b = self.board
        mage = b.mages[Side.YM]
        lo, hi = card.range
        zones = sorted(b.arena.zones(), key=lambda z: (b.distance(mage.zone, z), z))
        near = [z for z in zones if lo <= b.distance(mage.zone, z) <= hi] or [mage.zone]
        far = [z for z in zones if z not in near]
        choices = [Choice(f"{z} ({b.distance(mage.zone, z)} from your mage)", z) for z in near]
        if far:  # (a title short enough to leave the answer on the question's line)
            choices.append(Choice("Elsewhere (a spawnpoint, or a card that put it there)", ELSEWHERE))
        zone = self.ask(Question(qid, "select", message, tuple(choices),
                                 default=mage.zone if mage.zone in near else near[0]))
        if zone != ELSEWHERE:
            return str(zone)
        return str(self.ask(Question(elsewhere, "select", "Which zone, then?",
                                     tuple(Choice(f"{z} ({b.distance(mage.zone, z)} from your mage)",
                                                  z) for z in far), default=far[0])))

    # -- your hidden enchantments, revealed ----------------------------------------------------
    def reveal_choice(self) -> list[Choice]:
        if yours.hidden_anywhere(self.board):
            return [Choice("Reveal one of your hidden enchantments", "reveal")]
        return []

    def reveal(self) -> Lines:
        b = self.board
        options = your_words.hidden_list(b)
        if not options:
            return ["You have no hidden enchantment to reveal."]
        pick = self.ask(Question("reveal.which", "select", "Which one do you reveal?",
                                 tuple(Choice(f"{name} on {where}", str(i))
                                       for i, (name, where, _) in enumerate(options)),
                                 default="0"))
        name, where, holder = options[int(pick)]
        if not isinstance(holder, str):
            self.touched.append(holder.id)
        return [*yours.reveal(b, holder, name)]

    # -- creatures summoned --------------------------------------------------------------------
    def quick_summon_choice(self) -> list[Choice]:
        """A quickcast summons only a quick creature: the choice names them (and is not offered
        when the catalog has none)."""
        quick = self.castable("Creature", True)
        return [Choice(f"Summon a quick creature ({', '.join(quick)})", "summon")] if quick else []

    def summon(self, quick: bool = False) -> Lines:
        b = self.board
        card = self.ask(Question("turn.summon.card", "autocomplete",
                                 "Which quick creature?" if quick else "Which creature?",
                                 self.castable("Creature", quick)))
        zone = self.zone_in_range("turn.summon.zone", "Into which zone?", b.cat.get(card),
                                  "turn.summon.elsewhere")
        # inactive until the next Reset, and summoned this round (no attack at once)
        c = new_creature(b, card, Side.YM, zone, active=False, extra={SUMMONED: b.round})
        put(b, AddPiece(c))
        return [f"Your {c.card} enters {zone} as {c.id} (inactive until the next Reset)."]
