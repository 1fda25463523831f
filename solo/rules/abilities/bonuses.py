"""Abilities that move an attack before the dice: conditional dice, effect-die and Piercing
bonuses, armor and Defense that hold only sometimes, auras to friendly creatures in a zone.

Each hook reads the board and answers for one strike; combat (:mod:`solo.rules.combat`) and the
odds (:mod:`solo.rules.odds`) ask the same hooks, so the Dummy Mage's choices, ``solo roll
attack`` and the dice rolled count the same bonuses, whichever side holds the card.  Every bonus
comes with a :class:`Said` record naming the card, worded in :mod:`solo.text.combat`:

* :func:`dice`         -- dice an attacker gains (``dice.ability``), asked by ``attack_dice``;
* :func:`bloodthirsty` -- Bloodthirsty +X added to the printed one (Goran);
* :func:`regenerate`   -- Regenerate X card text gives (Metatron), asked by the Upkeep;
* :func:`gained`       -- traits an attack gains for one strike (Piercing, Ethereal, Vampiric,
                          Counterstrike), asked by the strike and the odds;
* :func:`more_strikes` -- strikes an attack gains (Doublestrike, Triplestrike);
* :func:`effect`       -- what moves the effect die, the attacker's bonuses and the target's Tough;
* :func:`armor`        -- armor that holds only sometimes (guarding, an aura, against some
                          attackers, per Rage token);
* :func:`defense_bonus`, :func:`defense_allowed` -- a Defense roll moved, a Defense restricted;
* :func:`reconstruct`  -- what an attack that damages repairs of its attacker (Devouring Jelly);
* :func:`reroll`       -- attack dice rolled again (Akiro's Favor), with :func:`may_reroll`;
* :func:`attack_now`   -- an attack as a round effect changes it (Flame Strike, Lightning Strike);
* :func:`unmovable`    -- Unmovable, with what holds only sometimes (Cerberus), asked wherever a
                          push or a Slam meets it;
* :func:`whirls`       -- more targets a melee attack strikes (Whirling Strike), asked by whoever
                          plans the attack (the Dummy Mage's creatures, your turn);
* :func:`walked`       -- what a move leaves for a bonus that asks how it moved (Pharaoh's
                          Cheetah), asked by the Dummy Mage's creatures and your turn.

Once-a-round abilities are kept in the attacker's ``extra`` under :data:`ROUND_USES` (ability ->
the round it was used), put there by :func:`solo.rules.combat.apply` from each strike's ``uses``.
"""

from __future__ import annotations

from typing import Final

from solo.cards.catalog import MAGE_LEVEL, Attack, trait_value
from solo.rules.board import Board, Conjuration, Creature, Mage, Piece
from solo.rules.effects import Change, Note
from solo.rules.said import Said

#: In a piece's ``extra``: the once-a-round abilities it used, with the round (ability -> round).
ROUND_USES: Final = "ability_round"
#: In a piece's ``extra``: the soldiers that attacked and damaged it, with the round
#: (attacker id -> [round, side]); what Flank Attack asks.
HURT_BY: Final = "hurt_by"

#: In a piece's ``extra``: the round its last move was two move actions, not back and forth
#: between two zones (what Pharaoh's Cheetah asks); put there by whoever moves it (:func:`walked`).
WALKED: Final = "walked"

# the strike roles this module reads (solo.rules.combat.Role)
COUNTERSTRIKE: Final = "counterstrike"
ATTACK_ROLES: Final = ("attack", "sweep")

# Cards and round effects, by the catalog's spelling.
ALANDELL: Final = "Alandell, the Blue Knight"
ALANDELL_PAYS: Final = 4  # the most he may pay; the owner pays it all (docs/rulings.md)
BLIGHTHEART: Final = "Blightheart"
CERBERUS: Final = "Cerberus"
BERSERKER: Final = "Deptonne Berserker"
BLOODSHAMAN: Final = "Deptonne Bloodshaman"
JELLY: Final = "Devouring Jelly"
WOLVERINE: Final = "Dragonclaw Wolverine"
PANZERGARDE: Final = "Dwarf Panzergarde"
ELIGOR: Final = "Eligor Larington"
FIRE_ELEMENTAL: Final = "Fire Elemental"
GARGOYLE: Final = "Gargoyle Sentry"
GORAN: Final = "Goran, Werewolf Pet"
JOSEPH: Final = "Joseph Trublood, High Cleric"
RED_HELM: Final = "Knight of the Red Helm"
MAKUNDA: Final = "Makunda"
METATRON: Final = "Metatron, Angelic Templar"
RAM: Final = "Mountain Ram"
REDCLAW: Final = "Redclaw, Alpha Male"
TIDECALLER: Final = "Shoalsdeep Tidecaller"
TAROK: Final = "Tarok, the Skyhunter"
IMP: Final = "Wildfire Imp"
COURAGE: Final = "Knight's Courage"
CHEETAH: Final = "Pharaoh's Cheetah"
CRITICAL: Final = "Critical Strike"
AKIRO: Final = "Akiro's Favor"
FLANK: Final = "Flank Attack"
WHIRL: Final = "Whirling Strike"
GREATBOW: Final = "Bloodwave Greatbow"
#: In a piece's ``extra``: the round a friendly command spell last affected it (the Greatbow).
COMMANDED: Final = "commanded"
#: Round effects that give a melee attack with no damage type and no effect die their attack
#: bar (the catalog's attack of the card of that name).
STRIKE_SPELLS: Final = ("Flame Strike", "Lightning Strike")

#: Every card this module plays (tests/rules/abilities/test_bonuses.py holds the notes to it).
CARDS: Final = frozenset((ALANDELL, BLIGHTHEART, CERBERUS, BERSERKER, BLOODSHAMAN, JELLY,
                          WOLVERINE, PANZERGARDE, ELIGOR, FIRE_ELEMENTAL, GARGOYLE, GORAN, JOSEPH,
                          RED_HELM, MAKUNDA, METATRON, RAM, REDCLAW, TIDECALLER, TAROK, IMP,
                          COURAGE, CRITICAL, FLANK, AKIRO, CHEETAH, WHIRL, GREATBOW,
                          *STRIKE_SPELLS))


# -- what the board says ------------------------------------------------------------------------

def _creature(p: Piece | None) -> bool:
    return isinstance(p, (Creature, Mage))


def _is(board: Board, p: Piece, subtype: str) -> bool:
    """Whether ``p``'s card is a ``subtype`` (in lower case)."""
    cat = board.catalog  # (Stats.card_of's first look, written out: every strike asks)
    card = cat._exact.get(p.card) if cat is not None else None
    if card is None:
        card = board.card_of(p)
        if card is None:
            return False
    subtypes = card._subtypes_low  # (Card.is_a's set, read without its call: every strike asks)
    return subtype in subtypes if subtypes is not None else card.is_a(subtype)


def _school(board: Board, p: Piece, school: str) -> bool:
    card = board.card_of(p)
    return card is not None and any(s.lower() == school.lower() for s, _ in card.schools)


def level(board: Board, p: Piece) -> int:
    """An object's Level: ``stats.level`` of a homemade card (1 to 12; 1 when it gives none),
    else the card's (a mage is 6)."""
    own = p.stats.get("level")
    if isinstance(own, int) and not isinstance(own, bool) and 1 <= own <= 12:
        return own
    card = board.card_of(p)
    if isinstance(p, Mage) or (card is not None and card.type == "Mage"):
        return MAGE_LEVEL
    return card.level if card is not None else 1


def strongest(board: Board, target: Piece) -> bool:
    """Whether ``target`` is the Strongest creature of its side: none of its side's creatures
    (its mage included) has a higher Level (ties are all the Strongest; docs/rulings.md)."""
    if not _creature(target):
        return False
    side = [board.mages[target.side], *board.side_creatures(target.side)] \
        if target.side in board.mages else [target]
    return level(board, target) >= max(level(board, p) for p in side)


def used_this_round(board: Board, p: Piece, ability: str) -> bool:
    return (p.extra.get(ROUND_USES) or {}).get(ability) == board.round


def _others_in_zone(board: Board, p: Piece, card: str) -> bool:
    """Whether another creature of ``p``'s side in its zone is ``card``, a creature's card
    (Redclaw, Makunda: no conjuration or mage is one)."""
    # Asked of every Canine's strike: the card compared first, with no list of the zone made.
    for q in board.creatures:
        if q.card == card and q.zone == p.zone and q.id != p.id and q.side == p.side:
            return True
    return False


def _temples(board: Board, side: str) -> int:
    return sum(1 for q in board.pieces() if isinstance(q, Conjuration) and q.side == side
               and _is(board, q, "temple"))


def _guarding(p: Piece) -> bool:
    return bool(getattr(p, "guarding", False))


def _spent(p: Piece) -> bool:
    """An inactive creature: its action marker is spent this round."""
    return isinstance(p, Creature) and not p.active


# -- the hooks ----------------------------------------------------------------------------------
# (They read ``attack.kind == "melee"`` rather than the ``is_melee`` property: the same answer
# without a call, asked by every strike.)

def dice(board: Board, attacker: Piece, attack: Attack, target: Piece, *, first: bool,
         role: str | None) -> list[Said]:
    """Melee +X that card text gives ``attacker`` against ``target`` (first strike only, as
    every Melee +X): ``dice.ability`` records (card, why, n)."""
    if attack.kind != "melee" or not first:
        return []
    # (lines appended where they are found, not through a nested function: every melee
    # strike asks)
    out: list[Said] = []
    counter = role == COUNTERSTRIKE
    card = attacker.card
    if card == ALANDELL and not counter:
        out.append(Said("dice.ability", card=card, why="paid", n=ALANDELL_PAYS))
    if card == RED_HELM and strongest(board, target) and target.side != attacker.side:
        out.append(Said("dice.ability", card=card, why="strongest", n=2))
    if COURAGE in attacker.enchantments and strongest(board, target) \
            and target.side != attacker.side:
        out.append(Said("dice.ability", card=COURAGE, why="strongest", n=2))
    if card == IMP and target.conditions.get("Burn", 0) > 0:
        out.append(Said("dice.ability", card=card, why="burning", n=2))
    if card == METATRON and (n := _temples(board, attacker.side)):
        out.append(Said("dice.ability", card=card, why="temples", n=n))
    if card == TIDECALLER and board.initiative == attacker.side:
        out.append(Said("dice.ability", card=card, why="initiative", n=2))
    if _is(board, attacker, "canine") and _others_in_zone(board, attacker, REDCLAW):
        out.append(Said("dice.ability", card=REDCLAW, why="pack", n=1))
    if card == ELIGOR and counter and not used_this_round(board, attacker, ELIGOR):
        out.append(Said("dice.ability", card=card, why="counterstrike", n=2))
    if attacker.conditions.get(FLANK, 0) > 0 and _flanking(board, attacker, target):
        out.append(Said("dice.ability", card=FLANK, why="flank", n=2))
    return out


def regenerate(board: Board, p: Piece) -> int:
    """Regenerate X card text gives ``p`` (Metatron: X = its side's temple conjurations)."""
    return _temples(board, p.side) if p.card == METATRON else 0


def bloodthirsty(board: Board, attacker: Piece) -> int:
    """Bloodthirsty +X card text adds to the printed one: Goran's +1 in his mage's zone."""
    if attacker.card == GORAN and attacker.side in board.mages \
            and board.mages[attacker.side].zone == attacker.zone:
        return 1
    return 0


def gained(board: Board, attacker: Piece | None, attack: Attack, target: Piece | None, *,
           role: str | None = None) -> list[Said]:
    """Traits ``attack`` gains for one strike from card text: ``strike.ability`` records (card,
    trait, why); ``target`` None asks for those that do not depend on it (Counterstrike)."""
    # (lines appended where they are found, not through a nested function: every strike asks)
    out: list[Said] = []
    if target is None:
        if attacker is not None and attack.kind == "melee" and attacker.card == WOLVERINE \
                and attacker.conditions.get("Rage", 0) >= 3 and not attack.has("Counterstrike"):
            out.append(Said("strike.ability", card=WOLVERINE, trait="Counterstrike", why="rage"))
        return out
    if attacker is not None and COURAGE in attacker.enchantments \
            and attack.kind in ("melee", "ranged") and strongest(board, target) \
            and target.side != attacker.side:  # its attacks, not only melee ones
        out.append(Said("strike.ability", card=COURAGE, trait="Piercing +1", why="strongest"))
    if attacker is not None and attack.kind == "melee":
        if _is(board, attacker, "cat") and _others_in_zone(board, attacker, MAKUNDA):
            out.append(Said("strike.ability", card=MAKUNDA, trait="Piercing +1", why="pride"))
        if CRITICAL in attacker.enchantments and not used_this_round(board, attacker, CRITICAL):
            out.append(Said("strike.ability", card=CRITICAL, trait="Piercing +3",
                            why="first-melee"))
        if attacker.card == ELIGOR and role == COUNTERSTRIKE \
                and not used_this_round(board, attacker, ELIGOR):
            out.append(Said("strike.ability", card=ELIGOR, trait="Piercing +1",
                            why="counterstrike"))
        if attacker.conditions.get(FLANK, 0) > 0 and _flanking(board, attacker, target):
            out.append(Said("strike.ability", card=FLANK, trait="Piercing +2", why="flank"))
        # (the target's Bleed asked first: most targets have none, and no card is read)
        if target.conditions.get("Bleed", 0) > 0 and _is(board, attacker, "deptonne") \
                and _creature(target) and not used_this_round(board, attacker, BLOODSHAMAN) \
                and any(q.card == BLOODSHAMAN for q in board.in_zone(attacker.zone)):
            out.append(Said("strike.ability", card=BLOODSHAMAN, trait="Vampiric",
                            why="bloodshaman"))
    if attacker is not None and attacker.card == GREATBOW and attack.name == "Greatbow" \
            and attacker.extra.get(COMMANDED) == board.round:
        out.append(Said("strike.ability", card=GREATBOW, trait="Piercing +2", why="commanded"))
    if target.card == FIRE_ELEMENTAL and (attack.damage_type or "").lower() == "hydro":
        out.append(Said("strike.ability", card=FIRE_ELEMENTAL, trait="Ethereal", why="hydro"))
    return out


def uses(lines: list[Said]) -> list[str]:
    """The once-a-round abilities among the bonuses one strike counted (put in
    :data:`ROUND_USES` when the attack is put on the board)."""
    out: list[str] = []
    for s in lines:  # (every strike asks: a plain loop, the card read once)
        card = s.facts.get("card")
        if card in _ONCE and card not in out:
            out.append(str(card))
    return out


#: The once-a-round abilities :func:`uses` looks for.
_ONCE: Final = (CRITICAL, ELIGOR, BLOODSHAMAN, AKIRO)


def _dark_guard(board: Board, p: Piece, guarding: bool = False) -> bool:
    """Cerberus guarding in a zone with a friendly Dark conjuration."""
    return p.card == CERBERUS and (guarding or _guarding(p)) and any(
        isinstance(q, Conjuration) and q.side == p.side and _school(board, q, "Dark")
        for q in board.in_zone(p.zone))


def unmovable(board: Board, p: Piece) -> bool:
    """Whether ``p`` cannot be Pushed or Snatched: :meth:`solo.rules.board.Board.unmovable`, or
    card text that makes it Unmovable now (Cerberus guarding by a Dark conjuration).  The rules
    ask this, not the board's, wherever a push or a Slam meets an Unmovable creature."""
    return board.unmovable(p) or _dark_guard(board, p)


def may_reroll(board: Board, attacker: Piece | None, attack: Attack, *, first: bool) -> bool:
    """Whether Akiro's Favor lets ``attacker`` roll this attack's dice again: its melee or
    ranged attack (the first strike of it), once a round."""
    return attacker is not None and first and AKIRO in attacker.enchantments \
        and (attack.kind == "melee" or (attack.kind == "ranged" and not attack.zone)) \
        and not used_this_round(board, attacker, AKIRO)


def reroll(board: Board, attacker: Piece | None, attack: Attack, *, first: bool, dice: int,
           points: int) -> Said | None:
    """Akiro's Favor used: the attack dice are rolled again when they show fewer damage points
    than dice rolled (docs/rulings.md); the line saying so, or None."""
    if points >= dice or not may_reroll(board, attacker, attack, first=first):
        return None
    return Said("strike.ability-reroll", card=AKIRO, points=points, dice=dice)


def more_strikes(board: Board, attacker: Piece | None, attack: Attack, *,
                 guarding: bool = False) -> tuple[int, list[Said]]:
    """Strikes card text adds to ``attack`` (Doublestrike, Triplestrike), with the lines saying
    why.  ``guarding``: the attacker was guarding when the attack it answers was declared."""
    if attacker is None or attack.kind != "melee":
        return 0, []
    # (the card asked first, and the strikes the attack has counted only for these two: every
    # melee attack asks, and nearly none is made by either)
    if attacker.card == CERBERUS and _dark_guard(board, attacker, guarding):
        return max(0, 3 - _strikes(attack)), [Said("strike.ability", card=CERBERUS,
                                                    trait="Triplestrike", why="dark-guard")]
    if attacker.card == BERSERKER and attack.name == "Razor Claws Strike" and any(
            _creature(q) and q.conditions.get("Bleed", 0) > 0
            for q in board.in_zone(attacker.zone)):
        return max(0, 2 - _strikes(attack)), [Said("strike.ability", card=BERSERKER,
                                                    trait="Doublestrike", why="bleeding")]
    return 0, []


def _strikes(attack: Attack) -> int:
    """The strikes ``attack`` makes by its own traits: 1, 2 with Doublestrike, 3 with
    Triplestrike (4 with both)."""
    return 1 + (1 if attack.has("Doublestrike") else 0) + (2 if attack.has("Triplestrike") else 0)


def effect(board: Board, attacker: Piece | None, attack: Attack, target: Piece, *,
           role: str | None, moved: bool) -> list[Said]:
    """What card text adds to the effect die: ``dice.ability-effect`` records (card, why, n)."""
    out: list[Said] = []  # (lines appended where they are found: no nested function)
    if target.card == GARGOYLE and _guarding(target):
        out.append(Said("dice.ability-effect", card=GARGOYLE, why="guarding", n=-3))  # Tough -3
    if attacker is None or not attack.effects:
        return out
    counter = role == COUNTERSTRIKE
    card = attacker.card
    if card == ALANDELL and attack.kind == "melee" and not counter:
        out.append(Said("dice.ability-effect", card=card, why="paid", n=ALANDELL_PAYS))
    if card == BLIGHTHEART and not counter and _spent(target):
        out.append(Said("dice.ability-effect", card=card, why="inactive", n=4))
    if card == RAM and attack.name == "Battering Horns" and moved \
            and trait_value(board.traits(attacker), "Charge"):
        out.append(Said("dice.ability-effect", card=card, why="charge", n=3))
    if card == TIDECALLER and attack.name == "Riptide" and board.initiative == attacker.side:
        out.append(Said("dice.ability-effect", card=card, why="initiative", n=4))
    if card == CHEETAH and attack.name == "Claws" and moved and not counter \
            and attacker.extra.get(WALKED) == board.round:
        out.append(Said("dice.ability-effect", card=card, why="two-moves", n=8))
    return out


def armor(board: Board, attacker: Piece | None, target: Piece) -> list[Said]:
    """Armor card text gives ``target`` against this attack: ``strike.ability-armor`` records
    (card, why, n)."""
    out: list[Said] = []  # (lines appended where they are found: no nested function)
    if target.card == GARGOYLE and _guarding(target):
        out.append(Said("strike.ability-armor", card=GARGOYLE, why="guarding", n=3))
    if target.card == WOLVERINE and (n := max(0, target.conditions.get("Rage", 0))):
        out.append(Said("strike.ability-armor", card=WOLVERINE, why="rage-tokens", n=n))
    if _is(board, target, "canine") and _others_in_zone(board, target, REDCLAW):
        out.append(Said("strike.ability-armor", card=REDCLAW, why="pack", n=1))
    if target.card == JOSEPH and _creature(attacker) and attacker is not None \
            and (not board.is_living(attacker) or _school(board, attacker, "Dark")):
        out.append(Said("strike.ability-armor", card=JOSEPH, why="dark", n=2))
    return out


def defense_bonus(board: Board, target: Piece, index: int) -> list[Said]:
    """What card text adds to ``target``'s Defense roll (its Defense number ``index``)."""
    card = board.card_of(target)
    if target.card == PANZERGARDE and _guarding(target) and card is not None \
            and index < len(card.defenses):
        return [Said("strike.ability-defense", card=PANZERGARDE, why="guarding", n=3)]
    return []


def defense_allowed(board: Board, target: Piece, attacker: Piece | None, attack: Attack,
                    index: int) -> bool:
    """Whether card text lets ``target`` use its Defense number ``index`` against this attack:
    Tarok's only against melee attacks from Flying creatures."""
    card = board.card_of(target)
    if target.card == TAROK and card is not None and index < len(card.defenses):
        return attack.kind == "melee" and attacker is not None \
            and board.has_trait(attacker, "Flying")
    return True


def reconstruct(board: Board, attacker: Piece | None, target: Piece, damage: int) -> int:
    """Damage the attacker repairs when its attack damages ``target``: Devouring Jelly
    Reconstructs up to 2 when it damages a Corporeal creature."""
    if attacker is None or attacker.card != JELLY or damage <= 0 or not _creature(target) \
            or not board.is_corporeal(target):
        return 0
    return min(2, attacker.damage)


def attack_now(board: Board, attacker: Piece | None, attack: Attack) -> Attack:
    """``attack`` as round effects on its attacker make it: a melee attack with no damage type
    and no effect die gains Flame Strike's or Lightning Strike's attack bar (damage type,
    effects, traits) while the attacker has that round effect."""
    if attacker is None or attack.kind != "melee" or attack.damage_type or attack.effects:
        return attack
    for name in STRIKE_SPELLS:
        if attacker.conditions.get(name, 0) > 0:
            card = board.cat.find(name)
            if card is None or not card.attacks:
                continue
            bar = card.attacks[0]
            return Attack(attack.name, attack.action, attack.kind, attack.range, attack.dice,
                          damage_type=bar.damage_type, zone=attack.zone,
                          effects=bar.effects,
                          traits=(*attack.traits, *bar.traits))
    return attack


def whirls(attacker: Piece | None, attack: Attack) -> int:
    """How many more targets card text lets ``attack`` strike in the attacker's zone, one after
    the other as a Sweeping attack does: Whirling Strike's 2, for a quick melee attack made as
    the creature's full action (the caller knows it did not move first)."""
    if attacker is None or attacker.conditions.get(WHIRL, 0) <= 0:
        return 0
    return 2 if attack.kind == "melee" and attack.action == "quick" else 0


def one_strike_only(attack: Attack) -> Attack:
    """``attack`` without its additional strikes: what Whirling Strike's later targets take
    (its card ruling: a Doublestrike strikes again only the first target)."""
    traits = tuple(t for t in attack.traits if t.lower() not in ("doublestrike", "triplestrike"))
    if traits == attack.traits:
        return attack
    return Attack(attack.name, attack.action, attack.kind, attack.range, attack.dice,
                  damage_type=attack.damage_type, zone=attack.zone, effects=attack.effects,
                  traits=traits)


def walked(board: Board, p: Piece, zones: int, back_and_forth: bool = False) -> int | None:
    """What a move of ``zones`` zones leaves in ``p``'s :data:`WALKED`: the round when they were
    two move actions (or more) not back and forth, 0 (take it off) when not, None when no card
    text of ``p`` asks (nothing to keep)."""
    if p.card != CHEETAH:
        return None
    return board.round if zones >= 2 and not back_and_forth else 0


def _flanking(board: Board, attacker: Piece, target: Piece) -> bool:
    """Flank Attack: the attacker's next melee attack, at an enemy creature another soldier of
    its side attacked and damaged this round."""
    if attacker.conditions.get(FLANK, 0) <= 0 or not _creature(target) \
            or target.side == attacker.side:
        return False
    hurt = target.extra.get(HURT_BY) or {}
    return any(ident != attacker.id and rnd == board.round and side == attacker.side
               for ident, (rnd, side) in hurt.items())


def hurt_note(board: Board, attacker: Piece | None, target: Piece,
              damage: int) -> dict[str, list[object]] | None:
    """The target's new :data:`HURT_BY` when a soldier's strike damages it (None: no change)."""
    # (_creature(target), written out: every damaging strike asks)
    if attacker is None or damage <= 0 or not isinstance(attacker, Creature) \
            or not isinstance(target, (Creature, Mage)) or not _is(board, attacker, "soldier"):
        return None
    hurt = {k: v for k, v in (target.extra.get(HURT_BY) or {}).items() if v[0] == board.round}
    if hurt.get(attacker.id) == [board.round, attacker.side]:
        return None
    hurt[attacker.id] = [board.round, attacker.side]
    return hurt


def commanded(board: Board, spell: str, target: Piece, side: str) -> list[Change]:
    """A command spell of ``side`` cast on its own Bloodwave Greatbow: the round is kept on the
    Greatbow, whose Greatbow attack gains Piercing +2 until the end of the round (its card)."""
    card = board.cat.find(spell)
    if target.card != GREATBOW or target.side != side or card is None \
            or not any(s.lower() == "command" for s in card.subtypes):
        return []
    return [Note(target.id, COMMANDED, board.round)]
