"""What an attack did, as records: :class:`Strike` (one roll of attack dice against one object),
:class:`Push`, :class:`AttackResult` (every strike of one attack, in order), :class:`Applied`
(what putting a result on the board changed), and :class:`Reported` (dice a person rolled).

Nothing here has touched the board.  The lines a person reads are :class:`~solo.rules.said.Said`
records (``steps``, ``lines``), worded in :mod:`solo.text.combat`; the contract JSON of an attack
(contract section 6) is built there too (:func:`solo.text.combat.attack_json`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Callable, ClassVar, Final

from solo.cards.catalog import Attack, Defense
from solo.core.errors import SoloError, one_line
from solo.core.plain import Plain
from solo.core.records import Record
from solo.rules.board import Piece
from solo.rules.said import Said


#: A line for a person: a Said, or the text a module not yet turned to Said records gives
#: (the Dummy Mage Wizard's Voltaric Shield line, :func:`solo.rules.mages.shield`).
Line = str | Said

#: Asked when a target could use a Defense: (target, the Defense, its roll modifier, the offer
#: as a person reads it -- a ``defense.offer`` line: who attacks it with what, how many dice,
#: the Defense and its chance) -> use it?
DefenseChoice = Callable[[Piece, Defense, int, Said], bool]

#: Where a Push that the arena's edge stopped was blocked (``Push.blocked_by``; otherwise a
#: wall's id): the value the contract's JSON shows.
ARENA_EDGE: Final = "the arena edge"

#: A piece's note of the Defenses it used this round: ``{"0": 1}`` (index -> uses).
DEFENSE_USED: Final = "defense_used"
#: A piece's note of its round markers that ended with its attack (Perfect Strike, ...).
ONCE_USED: Final = "once_used"

#: The 3-die attack a creature suffers when pushed into the arena edge or a Passage Blocked wall.
BASH: Final = Attack(name="Bashed", action=None, kind=None, range=(0, 0), dice=3,
                     traits=("Unavoidable",))
#: The attack of a report that does not name it (damage a person rolled for a spell, say).
UNNAMED: Final = Attack(name="attack", action=None, kind=None, range=(0, 0), dice=None)


class Role(StrEnum):
    """What a strike is within its attack (the first strikes; the later ones of a Doublestrike or
    Triplestrike are "second strike", "third strike"...: :func:`nth_strike`).  Equal to the
    strings the contract's JSON shows."""

    ATTACK = "attack"
    SWEEP = "sweep"
    COUNTERSTRIKE = "counterstrike"
    DAMAGE_BARRIER = "damage barrier"
    BASH = "bash"
    PASSAGE_ATTACK = "passage attack"


_ORDINALS: Final = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def nth_strike(i: int, role: str) -> str:
    """The role of the strike after ``i`` earlier ones: the first keeps ``role``."""
    if i == 0:
        return role
    return f"{_ORDINALS[i - 1]} strike" if i <= len(_ORDINALS) else f"strike {i + 1}"


class CombatError(SoloError):
    """An attack solo cannot resolve as it was asked; its message is worded from ``said``
    (:mod:`solo.text.combat`) when it is read."""

    said: Said

    def __init__(self, said: Said) -> None:
        Exception.__init__(self, said)
        self.said = said

    def __str__(self) -> str:
        return one_line(str(self.said))


class Push(Plain):
    """A Push from an effect roll: the compass roll and where the creature ended up."""

    _fields: ClassVar[tuple[str, ...]] = ("roll", "direction", "start", "to", "blocked_by",
        "flying")
    __slots__ = _fields

    roll: int
    direction: str
    start: str
    to: str  # the zone it ends in (equal to ``start`` when something stopped it)
    blocked_by: str | None  # ARENA_EDGE or a wall's id; then it is Bashed
    flying: bool  # it flew: over any wall on its way, which neither stops nor attacks it

    def __init__(self, roll: int, direction: str, start: str, to: str,
                 blocked_by: str | None = None, flying: bool = False) -> None:
        self.roll = roll
        self.direction = direction
        self.start = start
        self.to = to
        self.blocked_by = blocked_by
        self.flying = flying


class Strike(Plain):
    """One roll of attack dice against one object (or one that never got that far)."""

    _fields: ClassVar[tuple[str, ...]] = ("role", "attack", "kind", "attacker", "target", "side",
        "target_card", "dice", "dice_parts", "daze_roll", "missed", "immune", "defense",
        "defense_index", "defense_roll", "defense_modifier", "avoided", "faces", "normal",
        "critical", "armor", "damage", "effect_roll", "effect_modifier", "conditions", "ignored",
        "push", "healed", "destroyed", "acid", "extinguished", "shielded", "rage", "obliterate",
        "damage_total", "reported", "steps", "revealed", "martyred", "uses", "reconstructed",
        "spent")
    __slots__ = _fields

    # attack, second strike, third strike, sweep, counterstrike, damage barrier, bash, passage
    # attack (Role)
    role: str
    attack: str
    kind: str | None
    attacker: str | None  # id of the object attacking (None for a bash)
    target: str
    side: str | None  # the side credited if this strike destroys the target
    target_card: str
    dice: int
    #: why it rolls ``dice``: the attack's own dice, then each modifier (Said records)
    dice_parts: list[Said]
    daze_roll: int | None
    missed: bool
    immune: bool
    defense: int | None  # the Defense tried (8 for "8+")
    defense_index: int | None
    defense_roll: int | None
    defense_modifier: int
    avoided: bool
    faces: list[str]
    normal: int
    critical: int
    armor: int
    damage: int
    effect_roll: int | None
    effect_modifier: int
    conditions: list[str]
    ignored: list[str]
    push: Push | None
    healed: int
    destroyed: bool
    #: direct acid damage from Corrode markers the target's armor could not take
    acid: int
    #: Burn markers an Extinguish attack removed from the target
    extinguished: int
    #: damage the Dummy Mage Wizard's Voltaric Shield cancelled (solo.rules.mages)
    shielded: int
    #: Rage tokens the target gains (it was damaged by an enemy creature)
    rage: int
    #: a kill by this strike is an obliteration (Devour; a Zombie marker)
    obliterate: bool
    #: the target's damage once this strike is on it (set when the strike is recorded)
    damage_total: int | None
    #: the attack dice (and effect) were rolled by a person and reported (see :class:`Reported`)
    reported: bool
    steps: list[Line]
    #: your face-down enchantment revealed to save the target (solo.rules.combat.strike)
    revealed: str | None
    #: damage the Dummy Mage's Martyr's Aura moved from the target onto its mage
    martyred: int
    #: once-a-round abilities of the attacker this strike used (solo.rules.abilities.bonuses)
    uses: list[str]
    #: damage the attacker Reconstructs (Devouring Jelly: solo.rules.abilities.bonuses)
    reconstructed: int
    #: the target's enchantment an Unavoidable strike destroys without effect (Block)
    spent: str | None

    def __init__(self, role: str, attack: str, kind: str | None, attacker: str | None, target: str,
                 side: str | None, target_card: str = "", dice: int = 0,
                 dice_parts: list[Said] | None = None, daze_roll: int | None = None,
                 missed: bool = False, immune: bool = False, defense: int | None = None,
                 defense_index: int | None = None, defense_roll: int | None = None,
                 defense_modifier: int = 0, avoided: bool = False, faces: list[str] | None = None,
                 normal: int = 0, critical: int = 0, armor: int = 0, damage: int = 0,
                 effect_roll: int | None = None, effect_modifier: int = 0,
                 conditions: list[str] | None = None, ignored: list[str] | None = None,
                 push: Push | None = None, healed: int = 0, destroyed: bool = False, acid: int = 0,
                 extinguished: int = 0, shielded: int = 0, rage: int = 0, obliterate: bool = False,
                 damage_total: int | None = None, reported: bool = False,
                 steps: list[Line] | None = None, revealed: str | None = None,
                 martyred: int = 0,
                 uses: list[str] | None = None, reconstructed: int = 0,
                 spent: str | None = None) -> None:
        self.role = role
        self.attack = attack
        self.kind = kind
        self.attacker = attacker
        self.target = target
        self.side = side
        self.target_card = target_card
        self.dice = dice
        self.dice_parts = [] if dice_parts is None else dice_parts
        self.daze_roll = daze_roll
        self.missed = missed
        self.immune = immune
        self.defense = defense
        self.defense_index = defense_index
        self.defense_roll = defense_roll
        self.defense_modifier = defense_modifier
        self.avoided = avoided
        self.faces = [] if faces is None else faces
        self.normal = normal
        self.critical = critical
        self.armor = armor
        self.damage = damage
        self.effect_roll = effect_roll
        self.effect_modifier = effect_modifier
        self.conditions = [] if conditions is None else conditions
        self.ignored = [] if ignored is None else ignored
        self.push = push
        self.healed = healed
        self.destroyed = destroyed
        self.acid = acid
        self.extinguished = extinguished
        self.shielded = shielded
        self.rage = rage
        self.obliterate = obliterate
        self.damage_total = damage_total
        self.reported = reported
        self.steps = [] if steps is None else steps
        self.revealed = revealed
        self.martyred = martyred
        self.uses = [] if uses is None else uses
        self.reconstructed = reconstructed
        self.spent = spent

    @property
    def melee(self) -> bool:
        return self.kind == "melee"

    @property
    def effect_total(self) -> int | None:
        return None if self.effect_roll is None else self.effect_roll + self.effect_modifier


class AttackResult(Plain):
    """Everything one attack did, in order.  Nothing here has touched the board yet."""

    _fields: ClassVar[tuple[str, ...]] = ("attack", "attacker", "target", "zone", "strikes",
        "daze_roll", "once_used", "steps", "spent", "quiet")
    __slots__ = _fields

    attack: str
    attacker: str | None
    target: str  # an object id, or the zone of a zone attack
    zone: str | None
    strikes: list[Strike]
    daze_roll: int | None
    once_used: list[str]
    steps: list[Line]
    #: the Dummy Mage's enchantments the attack used up: (the bearer's id, the card)
    spent: list[tuple[str, str]]
    #: worked out for a game nobody reads (``Game.logs`` off: the simulator's ratings): the
    #: lines every attack and strike would make are left out of ``steps`` (what is there then
    #: is not to be read); its records and its dice (with their labels) are the same
    quiet: bool

    def __init__(self, attack: str, attacker: str | None, target: str, zone: str | None = None,
                 strikes: list[Strike] | None = None, daze_roll: int | None = None,
                 once_used: list[str] | None = None, steps: list[Line] | None = None,
                 spent: list[tuple[str, str]] | None = None, quiet: bool = False) -> None:
        self.attack = attack
        self.attacker = attacker
        self.target = target
        self.zone = zone
        self.strikes = [] if strikes is None else strikes
        self.daze_roll = daze_roll
        self.once_used = [] if once_used is None else once_used
        self.steps = [] if steps is None else steps
        self.spent = [] if spent is None else spent
        self.quiet = quiet

    @property
    def main(self) -> Strike | None:
        """The first strike of the attack itself (for a zone attack, the first object hit)."""
        for s in self.strikes:
            if s.role == Role.ATTACK and (self.zone is not None or s.target == self.target):
                return s
        return None

    def strikes_at(self, ident: str) -> list[Strike]:
        return [s for s in self.strikes if s.target == ident]

    def damage_to(self, ident: str) -> int:
        return sum(s.damage for s in self.strikes_at(ident))

    @property
    def destroyed(self) -> list[str]:
        return [s.target for s in self.strikes if s.destroyed]


class Applied(Plain):
    """What :func:`solo.rules.combat.apply` changed on the board."""

    _fields: ClassVar[tuple[str, ...]] = ("destroyed", "defeated", "lines")
    __slots__ = _fields

    destroyed: list[str]  # ids removed from the board
    defeated: list[str]  # sides whose mage reached its life
    lines: list[Line]

    def __init__(self, destroyed: list[str] | None = None, defeated: list[str] | None = None,
                 lines: list[Line] | None = None) -> None:
        self.destroyed = [] if destroyed is None else destroyed
        self.defeated = [] if defeated is None else defeated
        self.lines = [] if lines is None else lines


class Reported(Record):
    """The dice a person rolled for their own attack, asked for only when a strike gets that far
    (a Daze miss, an avoided attack or an immune target asks nothing).

    ``damage(strike, only_ones)`` gives (normal, critical) as the attack dice showed them; when
    ``only_ones`` is true the target is Incorporeal and only the dice showing 1 count, so the
    person reports those.  ``markers(strike)`` gives the markers the effect die (or the card)
    gave; it is not asked when the strike destroys the target or cannot give effects.
    """

    damage: Callable[[Strike, bool], tuple[int, int]]
    markers: Callable[[Strike], list[str]]

    def __init__(self, damage: Callable[[Strike, bool], tuple[int, int]],
                 markers: Callable[[Strike], list[str]]) -> None:
        self.damage = damage
        self.markers = markers
