"""Abilities that restrict what your creatures may do, or answer your attacks and spells: the
Dummy Mage's enchantments Charm, Song of Love, Chant of Rage, Stumble, Blind, Fumble, Pacify,
Confusion, Forcefield, Mind Shield, Eye for an Eye, Martyr's Aura, Jinx, Nullify, Reverse Magic,
Retribution Aura and Magebane, and the Taunt of Skeelax and Sosruko on your creatures.

Asked by your side's turn (:mod:`solo.engine.your_attacks`, :mod:`solo.engine.your_spells`,
:mod:`solo.engine.your_turn`), by a strike (:mod:`solo.rules.combat.strike`: Blind, Martyr's
Aura), by the Upkeep (:mod:`solo.rules.spell_upkeep`: Forcefield) and by the Dummy Mage's
enchantments as they are cast (:mod:`solo.rules.spells`: the Hate and Love tokens).  Pure: what
it changes goes through :func:`solo.rules.effects.apply`; what a person reads is a ``Said``
record (``restrict.*``), worded in :mod:`solo.text.yours`.
"""

from __future__ import annotations

from typing import Final

from solo.cards.catalog import Attack, Card
from solo.core.kinds import DM, YM, DeckKind, Side
from solo.rules import stagger
from solo.rules.board import HIDDEN, Board, Mage, Piece
from solo.rules.effects import (DELETE, AddMarkers, Damage, Discard, Disenchant, Note,
                                SetActive, SetSide)
from solo.rules.effects import apply as put
from solo.rules.said import Said, Who
from solo.rules.yours import hidden_on

__all__ = ["CHARM", "SONG", "CHANT", "HATE", "LOVE", "TAUNTERS", "forbids", "must_attack",
           "theirs", "spend", "charm_broken", "dispelled", "tokens_off", "tokens_on_cast", "hated", "stumble", "fumble", "blind",
           "forcefield", "forcefield_upkeep", "mind_shield", "shield_against_reveal", "pacify_due", "pacified",
           "confused", "eye_for_an_eye", "martyr", "countered", "retribution", "magebane",
           "jinxed"]

CHARM: Final = "Charm"
SONG: Final = "Song of Love"
CHANT: Final = "Chant of Rage"
STUMBLE: Final = "Stumble"
FUMBLE: Final = "Fumble"
BLIND: Final = "Blind"
PACIFY: Final = "Pacify"
CONFUSION: Final = "Confusion"
FORCEFIELD: Final = "Forcefield"
MIND_SHIELD: Final = "Mind Shield"
EYE: Final = "Eye for an Eye"
MARTYR: Final = "Martyr's Aura"
JINX: Final = "Jinx"
NULLIFY: Final = "Nullify"
REVERSE_MAGIC: Final = "Reverse Magic"
RETRIBUTION: Final = "Retribution Aura"
MAGEBANE: Final = "Magebane"
#: Notes kept on the Dummy Mage's creatures: how many Hate (Chant of Rage) or Love (Song of Love)
#: tokens each holds.
HATE: Final = "hate_tokens"
LOVE: Final = "love_tokens"
#: Note on the Dummy Mage's mage: the Forcefield tokens left (none kept: all 3).
FORCEFIELD_TOKENS: Final = "forcefield_tokens"
FORCEFIELD_MAX: Final = 3
#: Note on your creature: the round of its first melee or ranged attack under Pacify.
PACIFIED: Final = "pacified"
#: The creatures whose Taunt makes the taunted creature melee attack them (Thorg's works
#: otherwise: solo.automaton.creatures).
TAUNTERS: Final = ("Skeelax, Taunting Imp", "Sosruko, Ferret Companion")
#: Traits on which Stumble and Fumble have no effect.
UNMOVABLE: Final = ("Unmovable", "Uncontainable")


def _criterion(board: Board, name: str) -> str:
    card = board.cat.find(name)
    return str((card.dm or {}).get("criterion") or "") if card is not None else ""


def theirs(board: Board, p: Piece, name: str) -> bool:
    """Whether the enchantment ``name`` on ``p`` is the Dummy Mage's: those it aims at an enemy
    sit on your objects, the others on its own."""
    if name not in p.enchantments:
        return False
    return (p.side == Side.YM) == _criterion(board, name).startswith("enemy")


def spend(board: Board, p: Piece, name: str) -> Said:
    """The Dummy Mage's ``name`` on ``p`` is destroyed (it has done its work)."""
    put(board, Disenchant(p.id, name))
    put(board, Discard(DeckKind.ENCHANTMENT, name))
    return Said("restrict.spent", card=name, holder=Who.of(p))


# -- who your creature may or must attack ----------------------------------------------------

def _tokens(p: Piece, key: str) -> int:
    n = p.extra.get(key)
    return int(n) if isinstance(n, int) else 0


def hated(board: Board) -> list[Piece]:
    """The Dummy Mage's creatures with a Hate token (Chant of Rage)."""
    return [c for c in board.side_creatures(DM) if _tokens(c, HATE) > 0]


def forbids(board: Board, actor: Piece, attack: Attack | None, target: Piece) -> Said | None:
    """Why ``actor`` may not make ``attack`` (None: an attack solo does not know, a melee or a
    ranged one) at ``target``, or None when it may: Charm (not at the Charm's controller) and
    Song of Love (not at a creature with a Love token)."""
    if actor.side != YM or target.side != DM:
        return None
    if stagger.cannot_attack(board, actor):  # Shock's Stagger on a minor creature: no attack
        return Said("restrict.stagger", who=Who.of(actor))
    if attack is not None and not (attack.is_melee or attack.is_ranged):
        return None
    if isinstance(target, Mage) and theirs(board, actor, CHARM):
        return Said("restrict.charm", who=Who.of(actor))
    if _tokens(target, LOVE) > 0 and theirs(board, actor, SONG):
        return Said("restrict.song", who=Who.of(actor), target=Who.of(target))
    return None


def must_attack(board: Board, actor: Piece, target: Piece) -> str | None:
    """The card that makes ``actor`` melee attack ``target`` when it can (Taunt: its taunter in
    its zone; Chant of Rage: a creature with a Hate token), or None."""
    if actor.side != YM or target.side != DM:
        return None
    if actor.has_condition("Taunt") and target.card in TAUNTERS and target.zone == actor.zone \
            and not (target.card == TAUNTERS[0] and (isinstance(actor, Mage)
                                                     or board.has_trait(actor, "Psychic Immunity"))):
        return "Taunt"
    if _tokens(target, HATE) > 0 and theirs(board, actor, CHANT):
        return CHANT
    return None


def tokens_on_cast(board: Board, card: Card, target: Piece) -> list[Said]:
    """The Hate or Love token the Dummy Mage places as its Chant of Rage or Song of Love is cast
    on ``target`` (your creature): Hate on its creature with the most life left, Love on the one
    with the least (the notes' criteria); none when it has no creature."""
    key = {CHANT: HATE, SONG: LOVE}.get(card.name)
    mine = [c for c in board.side_creatures(DM) if c.id != target.id]
    if key is None or not mine:
        return []
    sign = -1 if key == HATE else 1
    pick = min(mine, key=lambda c: (sign * board.remaining_life(c), c.id))
    put(board, Note(pick.id, key, _tokens(pick, key) + 1))
    return [Said("restrict.token", card=card.name, token="Hate" if key == HATE else "Love",
                 holder=Who.of(pick))]


def charm_broken(board: Board, target: Piece, damage: int, side: str | None,
                 barrier: bool) -> Said | None:
    """The Dummy Mage's attack (not a damage barrier) damaged your creature it Charmed: Charm is
    destroyed."""
    if damage <= 0 or side != DM or barrier or not theirs(board, target, CHARM):
        return None
    return spend(board, target, CHARM)


def dispelled(board: Board, p: Piece, name: str) -> list[Said]:
    """Your spell destroys the enchantment ``name`` on ``p``: what goes with it -- Mind Control's
    creature comes back to you with a Stun marker; a Chant of Rage's Hate token, a Song of
    Love's Love token go."""
    lines: list[Said] = []
    if theirs(board, p, name):
        lines.append(spend(board, p, name))
    else:
        put(board, Disenchant(p.id, name))
        lines.append(Said("restrict.dispelled", card=name, holder=Who.of(p)))
    if name == "Mind Control" and p.side == Side.DM and not isinstance(p, Mage):
        put(board, SetSide(p.id, Side.YM))
        put(board, SetActive(p.id, False))
        put(board, AddMarkers(p.id, "Stun"))
        lines.append(Said("restrict.control-ends", holder=Who.of(p)))
    return lines + tokens_off(board, name)


def tokens_off(board: Board, name: str) -> list[Said]:
    """A token of the Dummy Mage's goes as your side destroys its Chant of Rage or Song of Love."""
    key = {CHANT: HATE, SONG: LOVE}.get(name)
    holders = [c for c in board.side_creatures(Side.DM) if key and _tokens(c, key) > 0]
    if key is None or not holders:
        return []
    c = holders[0]
    n = _tokens(c, key) - 1
    put(board, Note(c.id, key, n if n else DELETE))
    return [Said("restrict.token-off", token="Hate" if key == HATE else "Love", holder=Who.of(c))]


# -- your creature's Action Phase ----------------------------------------------------------------

def stumble(board: Board, actor: Piece) -> Said | None:
    """Stumble on ``actor`` as it is activated: revealed (the Dummy Mage always uses it) and
    destroyed; the creature may take no move action in this Action Phase.  No effect (and kept)
    on an Unmovable or Uncontainable creature."""
    if not theirs(board, actor, STUMBLE) or any(board.has_trait(actor, t) for t in UNMOVABLE):
        return None
    spend(board, actor, STUMBLE)
    return Said("restrict.stumble", who=Who.of(actor))


def fumble(board: Board, actor: Piece, attack: Attack, is_spell: bool) -> Said | None:
    """Fumble on ``actor`` as it declares a non-spell, non-zone attack: the attack misses;
    Fumble is destroyed.  No effect on an Unmovable creature."""
    if is_spell or attack.zone or attack.kind == "zone" or not theirs(board, actor, FUMBLE) \
            or board.has_trait(actor, "Unmovable"):
        return None
    spend(board, actor, FUMBLE)
    return Said("restrict.fumble", who=Who.of(actor), attack=attack.name)


def blind(board: Board, attacker: Piece) -> bool:
    """Whether ``attacker`` is Blinded (it rolls the effect die to miss, as a Dazed one)."""
    return BLIND in attacker.enchantments


def pacify_due(board: Board, actor: Piece, attack: Attack) -> bool:
    """Whether ``actor``'s melee or ranged ``attack`` is its first this round under the Dummy
    Mage's Pacify: its controller pays 2 mana or the attack is cancelled."""
    return (attack.is_melee or attack.is_ranged) and theirs(board, actor, PACIFY) \
        and actor.extra.get(PACIFIED) != board.round


def pacified(board: Board, actor: Piece, paid: bool) -> Said:
    """Pacify's cost asked: paid, or the attack is cancelled."""
    put(board, Note(actor.id, PACIFIED, board.round))
    return Said("restrict.pacify", who=Who.of(actor), paid=paid)


def confused(board: Board, actor: Piece, attack: Attack) -> bool:
    """Whether ``actor``'s declared ``attack`` rolls for Confusion (a melee attack)."""
    return attack.is_melee and CONFUSION in actor.enchantments


# -- answers to your attacks ---------------------------------------------------------------------

def forcefield(board: Board, target: Piece) -> Said | None:
    """The Dummy Mage's Forcefield as its mage is attacked: a token comes off and the attack is
    cancelled; None when it has no Forcefield or no token left."""
    if not isinstance(target, Mage) or target.side != Side.DM \
            or not theirs(board, target, FORCEFIELD):
        return None
    left = target.extra.get(FORCEFIELD_TOKENS, FORCEFIELD_MAX)
    n = int(left) if isinstance(left, int) else FORCEFIELD_MAX
    if n <= 0:
        return None
    put(board, Note(target.id, FORCEFIELD_TOKENS, n - 1))
    return Said("restrict.forcefield", left=n - 1)


def forcefield_upkeep(board: Board, p: Piece) -> list[Said]:
    """Forcefield gains a token in the Upkeep, up to 3."""
    left = p.extra.get(FORCEFIELD_TOKENS)
    if not theirs(board, p, FORCEFIELD) or not isinstance(left, int) or left >= FORCEFIELD_MAX:
        return []
    put(board, Note(p.id, FORCEFIELD_TOKENS, left + 1 if left + 1 < FORCEFIELD_MAX else DELETE))
    return [Said("restrict.forcefield-up", n=left + 1)]


def psychic(attack: Attack | None, card: Card | None = None) -> bool:
    """Whether an attack or a spell is psychic (its damage type, or the card's subtype)."""
    if attack is not None and (attack.damage_type or "").lower() == "psychic":
        return True
    return card is not None and any(s.lower() == "psychic" for s in card.subtypes)


def mind_shield(board: Board, target: Piece, attack: Attack | None,
                card: Card | None = None) -> Said | None:
    """The Dummy Mage's Mind Shield on ``target`` cancels your psychic attack or counters your
    psychic spell, and is destroyed; None when it does not."""
    if target.side != Side.DM or not theirs(board, target, MIND_SHIELD) \
            or not psychic(attack, card):
        return None
    spend(board, target, MIND_SHIELD)
    return Said("restrict.mind-shield", holder=Who.of(target))


def shield_against_reveal(board: Board, holder: Piece, name: str) -> Said | None:
    """Your face-down psychic enchantment ``name`` revealed on the Dummy Mage's ``holder`` that
    carries Mind Shield: the enchantment is cancelled and destroyed, and so is Mind Shield."""
    card = board.cat.find(name)
    if holder.side != Side.DM or card is None or not psychic(None, card) \
            or not theirs(board, holder, MIND_SHIELD):
        return None
    left = [n for n in hidden_on(holder) if n != name]
    put(board, Note(holder.id, HIDDEN, left if left else DELETE))
    spend(board, board.get(holder.id), MIND_SHIELD)
    return Said("restrict.mind-shield-reveal", card=name, holder=Who.of(holder))


def eye_for_an_eye(board: Board, target: Piece) -> bool:
    """Whether your attack on ``target`` is answered by its Eye for an Eye."""
    return target.side == DM and theirs(board, target, EYE)


SHOCK: Final = "Shock"


def shock(board: Board, target: Piece, attack: Attack) -> bool:
    """Whether your melee attack on ``target`` sets off the Dummy Mage's Shock on it."""
    return attack.is_melee and target.side == DM and theirs(board, target, SHOCK)


def shocked(board: Board, target: Piece, attacker: Piece | None) -> list[Said]:
    """After your melee attack on the Shock's creature: your attacker (if still there) is
    Staggered, during its own activation; then Shock is destroyed."""
    out: list[Said] = []
    if attacker is not None:
        for change in stagger.stagger(board, attacker, acting=True):
            put(board, change)
        out.append(Said("restrict.shock", holder=Who.of(target), attacker=Who.of(attacker)))
    held = board.find(target.id)
    if held is not None and SHOCK in held.enchantments:
        out.append(spend(board, held, SHOCK))
    else:  # its creature fell to the attack: the card goes with it
        put(board, Discard(DeckKind.ENCHANTMENT, SHOCK))
    return out


def martyr(board: Board, target: Piece, damage: int, side: str | None) -> int:
    """How much of ``damage`` your side deals ``target`` (one of the Dummy Mage's creatures)
    goes onto the Dummy Mage instead, by its Martyr's Aura: up to 2, while the mage keeps more
    life left than the creature (docs/rulings.md)."""
    dm = board.mages[DM]
    if side != YM or damage <= 0 or target.side != DM or isinstance(target, Mage) \
            or target.zone != dm.zone or not theirs(board, dm, MARTYR):
        return 0
    for k in range(min(2, damage), 0, -1):
        if board.remaining_life(dm) - k > board.remaining_life(target) - (damage - k):
            return k
    return 0


# -- answers to your spells ----------------------------------------------------------------------

def countered(board: Board, target: Piece, card: Card | None, kind: str) -> tuple[str, Said] | None:
    """The Dummy Mage's metamagic on ``target`` that answers your incantation or enchantment
    (``kind``) or psychic spell cast at it: ("countered", line) for Nullify or Mind Shield,
    ("reversed", line) for Reverse Magic (the spell turns on your mage); each is destroyed."""
    if target.side != Side.DM:
        return None
    shield = mind_shield(board, target, None, card) if card is not None else None
    if shield is not None:
        return "countered", shield
    if kind not in ("Incantation", "Enchantment"):
        return None
    if theirs(board, target, NULLIFY):
        spend(board, target, NULLIFY)
        return "countered", Said("restrict.nullify", holder=Who.of(target))
    if theirs(board, target, REVERSE_MAGIC):
        spend(board, target, REVERSE_MAGIC)
        return "reversed", Said("restrict.reverse-magic", holder=Who.of(target))
    return None


def retribution(board: Board, target: Piece, kind: str) -> Said | None:
    """Retribution Aura: your incantation or enchantment at one of the Dummy Mage's creatures in
    its mage's zone puts 1 direct damage on your mage."""
    dm = board.mages[Side.DM]
    if kind not in ("Incantation", "Enchantment") or target.side != Side.DM \
            or target.zone != dm.zone or not theirs(board, dm, RETRIBUTION):
        return None
    put(board, Damage(Side.YM, 1))
    return Said("restrict.retribution")


def jinxed(board: Board) -> Said | None:
    """Jinx on your mage as it casts a quick spell: the spell is cancelled (back to your
    spellbook, its mana refunded) and Jinx destroyed; None without Jinx."""
    mage = board.mages[Side.YM]
    if not theirs(board, mage, JINX):
        return None
    spend(board, mage, JINX)
    return Said("restrict.jinx")


def magebane(board: Board) -> Said | None:
    """Magebane on your mage: 1 direct damage for each spell it casts that resolves."""
    mage = board.mages[YM]
    if not theirs(board, mage, MAGEBANE):
        return None
    put(board, Damage(mage.id, 1))
    return Said("restrict.magebane")
