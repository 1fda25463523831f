"""Combat: one attack resolved the way the game's attack sequence does it, with every die shown.

The core is pure: :func:`resolve_attack` and :func:`resolve_zone_attack` never change the board
they are given.  They play the attack out on a private copy and return an
:class:`AttackResult`: every strike, every die, and the lines a person can read (as
:class:`~solo.rules.said.Said` records, worded in :mod:`solo.text.combat`).  :func:`apply` then
puts that result on the real board.

The package, in the order an attack goes:

* :mod:`~solo.rules.combat.results`: the records (Strike, Push, AttackResult, Applied, Reported);
* :mod:`~solo.rules.combat.conditions`: who can gain which condition, immunities ("why not");
* :mod:`~solo.rules.combat.modifiers`: the attack's traits, its dice and why, how often it
  strikes, the Defense its target tries;
* :mod:`~solo.rules.combat.attack`: resolving an attack, a zone attack, a spell's Push; the Daze
  check;
* :mod:`~solo.rules.combat.sequence`: the strikes of one attack, damage barriers,
  counterstrikes, the Bash and Passage Attacks after a Push;
* :mod:`~solo.rules.combat.strike`: one strike (dice, Daze, Defense, damage, effects);
* :mod:`~solo.rules.combat.push`: Push, Snatch, where a push ends, a wall's passage attack;
* :mod:`~solo.rules.combat.applying`: a result put on the board; the Reset phase's part.

An attack whose dice a person rolled at the table goes through the same steps:
:func:`resolve_reported_attack` takes a :class:`Reported` that is asked, when a strike reaches
them, for the normal and critical damage the attack dice showed and for the markers the effect
die gave.  Everything else -- the Daze check, the Defense, armor, Piercing, immunities, the
counterstrike -- is rolled and decided here as for any attack.
"""

from __future__ import annotations

# The public names, re-exported (``x as x``) so that ``from solo.rules.combat import x`` and
# ``combat.x`` keep working for every module that used them when combat was one module.
from solo.rules.combat.results import (
    ARENA_EDGE as ARENA_EDGE,
    BASH as BASH,
    DEFENSE_USED as DEFENSE_USED,
    ONCE_USED as ONCE_USED,
    UNNAMED as UNNAMED,
    Applied as Applied,
    AttackResult as AttackResult,
    CombatError as CombatError,
    DefenseChoice as DefenseChoice,
    Line as Line,
    Push as Push,
    Reported as Reported,
    Role as Role,
    Strike as Strike,
)
from solo.rules.combat.conditions import (
    NOT_ON_CONJURATIONS as NOT_ON_CONJURATIONS,
    POISON_CONDITIONS as POISON_CONDITIONS,
    PSYCHIC_CONDITIONS as PSYCHIC_CONDITIONS,
    PSYCHIC_TAUNTERS as PSYCHIC_TAUNTERS,
    ROUND_EFFECTS as ROUND_EFFECTS,
    condition_block as condition_block,
    immune_to_damage_type as immune_to_damage_type,
    is_creature as is_creature,
    is_plant as is_plant,
    spared_by as spared_by,
    taunt_block as taunt_block,
)
from solo.rules.combat.modifiers import (
    FEWER_BEYOND_1 as FEWER_BEYOND_1,
    FIRST_STRIKE_GUARDS as FIRST_STRIKE_GUARDS,
    RESTRAINED_PLUS_4 as RESTRAINED_PLUS_4,
    all_defenses as all_defenses,
    attack_dice as attack_dice,
    attack_traits as attack_traits,
    by_itself as by_itself,
    choose_defense as choose_defense,
    damage_type_modifier as damage_type_modifier,
    defense_chance as defense_chance,
    defense_modifier as defense_modifier,
    enchantment_defense as enchantment_defense,
    has_named as has_named,
    has_unavoidable as has_unavoidable,
    level as level,
    once_markers as once_markers,
    strike_count as strike_count,
    vs_bonus as vs_bonus,
)
from solo.rules.combat.attack import (
    NO_BY_HAND as NO_BY_HAND,
    daze_check as daze_check,
    resolve_attack as resolve_attack,
    resolve_push as resolve_push,
    resolve_reported_attack as resolve_reported_attack,
    resolve_zone_attack as resolve_zone_attack,
)
from solo.rules.combat.push import (
    passage_attack as passage_attack,
    push_to as push_to,
)
from solo.rules.combat.applying import (
    INVISIBLE_STALKER as INVISIBLE_STALKER,
    apply as apply,
    apply_strike as apply_strike,
    reset_defenses as reset_defenses,
    reset_invisible as reset_invisible,
)
