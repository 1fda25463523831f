"""Abilities that act at a moment: when summoned, when destroyed, when it damages or destroys,
at the start of its side's Upkeep, when activated.

Each hook is asked by the rule of its moment (and only there), reads the board, puts its changes
on it through :func:`solo.rules.effects.apply` and returns what it did as ``Said`` lines
(``ability.*``, worded in :mod:`solo.text.upkeep`):

* :func:`upkeep_start` -- :func:`solo.rules.upkeep.upkeep`, first of each object's Upkeep;
* :func:`upkeep_regenerate` -- the Regenerate an ability gives there;
* :func:`on_summoned` -- :func:`solo.engine.quickcast_turn.carry_out`, a creature summoned;
* :func:`on_activated` -- :func:`solo.rules.upkeep.activate`, an Action Phase begins;
* :func:`after_strike` and :func:`on_destroyed` -- :func:`solo.rules.combat.applying.apply`
  (a strike put on the board; an object it destroyed), and the Upkeep's destroyed objects;
* :func:`on_guard` and :func:`on_move_action` -- your creature takes the guard action, or a
  move action (:mod:`solo.engine.your_turn`).

Optional abilities ("may") are used whenever they help the side that owns the card, as the
Dummy Mage uses every optional ability that helps it (docs/rulings.md); an ability that costs
the creature something (Shaggoth-Zora's, Water Elemental's move) is used by the Dummy Mage's
creature only: your creature's choices are yours.
"""

from __future__ import annotations

from typing import Any, Final

from solo.core.kinds import DM, DeckKind, Side
from solo.rules.abilities.marks import (DUE, GOLD, PIERCING_ROUND, PREY, WRATH, due, prey,
                                       subtypes)
from solo.rules.board import Board, Conjuration, Creature, Mage, Piece
from solo.rules.dice import DiceSource, tally
from solo.rules.effects import (DELETE, AddMarkers, AddPiece, BoardNote, Change, Damage, Move, Note,
                                RemoveMarkers, RemovePiece, SetActive, Undiscard)
from solo.rules.effects import apply as put
from solo.rules.harm import can_heal, destroy_if_dead, heal, lose_rage, take_damage
from solo.rules.said import Said, Who

__all__ = ["UpkeepLine", "upkeep_start", "upkeep_regenerate", "on_summoned", "on_activated",
           "after_strike", "on_destroyed", "named", "ability_lines", "end_of_round",
           "ghoul_meal", "on_guard", "on_move_action", "burn_spreads"]

#: What an ability did in an Upkeep: (event kind, line, the event's details; ``piece`` in the
#: details when the event is another object's).
UpkeepLine = tuple[str, Said, dict[str, Any]]

ALFIYA: Final = "Alfiya, Noble Enforcer"
MESSENGER: Final = "Messenger of Bim-Shalla"
#: Creatures that heal a friendly Living creature within 1 zone by 4 attack dice when summoned.
SUMMON_HEALERS: Final = {ALFIYA: 4, MESSENGER: 4}
COLOSSAL_CRAB: Final = "Colossal Crab"
DORSEUS: Final = "Dorseus, Stallion of Westlock"
GERARD: Final = "Gerard Matranga"
MAGMA_GOLEM: Final = "Magma Golem"
MORT: Final = "Mort"
SARDONYX: Final = "Sardonyx, Blight of the Living"
NAIYA: Final = "Naiya"
SKEELAX: Final = "Skeelax, Taunting Imp"
SHAGGOTH: Final = "Shaggoth-Zora"
UNSTABLE_ZOMBIE: Final = "Unstable Zombie"
FORCE_PHOENIX: Final = "Force Phoenix"
PLAGUE_ZOMBIE: Final = "Plague Zombie"
VALSHALLA: Final = "Valshalla, Lightning Angel"
KRALATHOR: Final = "Kralathor, The Devourer"
WATER_ELEMENTAL: Final = "Water Elemental"
GUARDIAN_ANGEL: Final = "Guardian Angel"
CHAINS_OF_AGONY: Final = "Chains of Agony"
ICHTHELLID: Final = "Ichthellid"
RISE_AGAIN: Final = "Rise Again"
#: Ichthellid's egg token; the marker it becomes on a creature.
EGG: Final = "Egg"
LARVA: Final = "Ichthellid Larva"
RAVENOUS_GHOUL: Final = "Ravenous Ghoul"
#: The board note of the Corporeal creatures destroyed this round (Ravenous Ghoul's meals).
FALLEN: Final = "fallen"
#: The board note of the creatures due back at the end of the round (hatched, reanimated).
RETURNING: Final = "returning"
#: Most Growth markers Shaggoth-Zora may have; most Wrath tokens on Valshalla.
MAX_GROWTH: Final = 6
MAX_WRATH: Final = 4
#: Valshalla's note: the round she last gained a Wrath token (once a round).
WRATH_ROUND: Final = "wrath_round"


def _most_damaged(board: Board, options: list[Piece]) -> Piece | None:
    """The one with the most damage (ties: the least life left, then the lowest id)."""
    hurt = [p for p in options if p.damage > 0]
    if not hurt:
        return None
    return min(hurt, key=lambda p: (-p.damage, board.remaining_life(p), p.id))


def _friends(board: Board, p: Piece) -> list[Piece]:
    """Its side's mage and creatures."""
    return [board.mages[p.side], *board.side_creatures(p.side)]


def _remove_damage(board: Board, p: Piece, amount: int) -> int:
    """Take up to ``amount`` damage off ``p`` whatever its traits (Reconstruct; a heal that
    bypasses Finite Life); how much came off."""
    k = min(amount, p.damage)
    if k > 0:
        put(board, Damage(p.id, -k))
        lose_rage(board, p, all_of_it=p.damage == k)
    return k


# -- Upkeep ------------------------------------------------------------------------------------

def upkeep_start(board: Board, source: DiceSource, p: Piece) -> list[UpkeepLine]:
    """What ``p``'s card does at the start of its Upkeep."""
    hook = _UPKEEP.get(p.card)
    out = hook(board, p) if hook is not None and isinstance(p, Creature) else []
    return out + _suffocation(board, p)


#: Drown: one Suffocation token a round; the creature has Upkeep +X, X its tokens (its card).
DROWN: Final = "Drown"
SUFFOCATION: Final = "Suffocation"


def _suffocation(board: Board, p: Piece) -> list[UpkeepLine]:
    """Drown gains a Suffocation token at the start of its creature's Upkeep, before the
    creature's upkeep cost (Upkeep +X, ``solo.rules.stats``) is paid."""
    if DROWN not in p.enchantments:
        return []
    put(board, AddMarkers(p.id, SUFFOCATION, 1))  # its note: upkeep = { tokens = "Suffocation" }
    n = board.get(p.id).conditions.get(SUFFOCATION, 0)
    return [("ability", Said("ability.suffocation", who=Who.of(p), n=n), {})]


def _crab(board: Board, p: Piece) -> list[UpkeepLine]:
    """Colossal Crab: its prey takes 2 direct damage."""
    held = prey(board, p)
    if held is None:
        return []
    n = 0 if board.has_trait(held, "Indestructible") else 2
    take_damage(board, held, n)
    return [("ability", Said("ability.prey-damage", who=Who.of(p), prey=Who.of(held), n=n),
             {"damage": n, "piece": held.id})]


def _dorseus(board: Board, p: Piece) -> list[UpkeepLine]:
    """Dorseus: heals another friendly Living creature in his zone 2, even past Finite Life."""
    options = [q for q in _friends(board, p) if q.id != p.id and q.zone == p.zone
               and board.is_living(q)]
    q = _most_damaged(board, options)
    if q is None:
        return []
    k = _remove_damage(board, q, 2)
    return [("ability", Said("ability.upkeep-heal", who=Who.of(p), healed_who=Who.of(q), n=k),
             {"healed": k, "piece": q.id})]


def _mort(board: Board, p: Piece) -> list[UpkeepLine]:
    """Mort: every friendly Skeleton in or bordering his zone (him too) reconstructs up to 2."""
    out: list[UpkeepLine] = []
    for q in [*board.side_creatures(p.side), *board.conjurations]:
        if q.side != p.side or "Skeleton" not in subtypes(board, q) or not q.damage:
            continue
        if board.distance(p.zone, q.zone) > 1:
            continue
        k = _remove_damage(board, q, 2)
        out.append(("ability", Said("ability.reconstruct", who=Who.of(p), mended=Who.of(q), n=k),
                    {"healed": k, "piece": q.id}))
    return out


def _sardonyx(board: Board, p: Piece) -> list[UpkeepLine]:
    """Sardonyx: its controller loses 2 life (put as damage on that mage: nothing prevents it)."""
    mage = board.mages[p.side]
    put(board, Damage(mage.id, 2))
    return [("ability", Said("ability.life-loss", who=Who.of(p), mage=Who.of(mage), n=2),
             {"damage": 2, "piece": mage.id})]


def _gerard(board: Board, p: Piece) -> list[UpkeepLine]:
    """Gerard Matranga: a Gold token."""
    gold = p.conditions.get(GOLD, 0) + 1
    put(board, AddMarkers(p.id, GOLD))
    return [("ability", Said("ability.gold", who=Who.of(p), gold=gold), {})]


def _magma(board: Board, p: Piece) -> list[UpkeepLine]:
    """Magma Golem: a Burn marker on itself, first."""
    burn = p.conditions.get("Burn", 0) + 1
    put(board, AddMarkers(p.id, "Burn"))
    return [("ability", Said("ability.magma-burn", who=Who.of(p), burn=burn), {})]


_UPKEEP: Final = {COLOSSAL_CRAB: _crab, DORSEUS: _dorseus, MORT: _mort, SARDONYX: _sardonyx,
                  GERARD: _gerard, MAGMA_GOLEM: _magma}
#: The cards whose own text acts at the start of their Upkeep: :func:`upkeep_start` does
#: nothing else for an object of another card that bears no enchantment (Drown is one).
UPKEEP_CARDS: Final = frozenset(_UPKEEP)


def burn_spreads(board: Board, p: Piece) -> list[Piece] | None:
    """Where the damage of ``p``'s Burn markers goes when its card sends it elsewhere (Magma
    Golem: every other creature in its zone, either side's, mages too), else None."""
    if p.card != MAGMA_GOLEM:
        return None
    return [q for q in [*board.mages.values(), *board.creatures]
            if q.zone == p.zone and q.id != p.id]


def upkeep_regenerate(board: Board, p: Piece) -> int:
    """Regenerate X its card gives ``p`` in the Upkeep (0: none): Skeelax beside a Burn marker
    (2), Naiya in a zone with Aquatic terrain (1)."""
    if p.card == SKEELAX and any(q.zone == p.zone and q.conditions.get("Burn", 0) > 0
                                 for q in board.pieces()):
        return 2
    if p.card == NAIYA and any(c.zone == p.zone and c.border is None
                               and "Aquatic" in subtypes(board, c) for c in board.conjurations):
        return 1
    return 0


# -- summoned ----------------------------------------------------------------------------------

def on_summoned(board: Board, source: DiceSource, c: Piece) -> list[Said]:
    """What ``c``'s card does as it is summoned: Alfiya and Messenger of Bim-Shalla heal the most
    damaged friendly Living creature within 1 zone (its mage counts) by 4 attack dice."""
    if c.card == ICHTHELLID:
        put(board, AddMarkers(c.id, EGG))
        return [Said("ability.egg", who=Who.of(c))]
    dice = SUMMON_HEALERS.get(c.card)
    if not dice:
        return []
    options = [q for q in _friends(board, c) if q.id != c.id
               and board.distance(q.zone, c.zone) <= 1 and can_heal(board, q)]
    q = _most_damaged(board, options)
    if q is None:
        return [Said("ability.summon-heal-none", who=Who.of(c))]
    faces = source.attack_dice(dice, Said("ability.summon-heal-roll", who=Who.of(c)))
    t = tally(faces)
    healed = heal(board, q, t.normal + t.critical)
    return [Said("ability.summon-heal", who=Who.of(c), healed_who=Who.of(q), dice=tuple(faces),
                 n=healed)]


# -- activated ---------------------------------------------------------------------------------

#: The cards whose text acts as their Action Phase begins (:func:`on_activated` does nothing
#: for another).
ACTIVATED_CARDS: Final = frozenset((SHAGGOTH, UNSTABLE_ZOMBIE))


def on_activated(board: Board, p: Piece) -> list[Said]:
    """What ``p``'s card does as its Action Phase begins."""
    if p.card == SHAGGOTH and p.side == DM:
        return _shaggoth(board, p)
    if p.card == UNSTABLE_ZOMBIE and p.side == DM:
        return _unstable(board, p)
    return []


def _is_zombie(board: Board, p: Piece) -> bool:
    return "Zombie" in subtypes(board, p) or p.has_condition("Zombie")


def _shaggoth(board: Board, p: Piece) -> list[Said]:
    """The Dummy Mage's Shaggoth-Zora obliterates the friendly zombie in its zone with the least
    life left for a Growth marker, while it has fewer than 6."""
    if p.conditions.get("Growth", 0) >= MAX_GROWTH:
        return []
    options = [q for q in board.side_creatures(p.side)
               if q.id != p.id and q.zone == p.zone and _is_zombie(board, q)]
    if not options:
        return []
    eaten = min(options, key=lambda q: (board.remaining_life(q), q.id))
    put(board, RemovePiece(eaten.id))  # obliterated: no discard pile
    put(board, AddMarkers(p.id, "Growth"))
    return [Said("ability.obliterates", who=Who.of(p), eaten=Who.of(eaten))]


def _unstable(board: Board, p: Piece) -> list[Said]:
    """The Dummy Mage's Unstable Zombie: damaged, it removes 2 damage from itself; else its
    attacks have Piercing +2 this round."""
    if p.damage > 0:
        k = _remove_damage(board, p, 2)
        return [Said("ability.self-mend", who=Who.of(p), n=k)]
    put(board, Note(p.id, PIERCING_ROUND, board.round))
    return [Said("ability.piercing-round", who=Who.of(p), n=2)]


def on_move_action(board: Board, p: Piece) -> list[Said]:
    """What the enchantments on ``p`` do when it takes a move action: each Chains of Agony puts
    1 direct damage on it (destroyed, it counts for the enchantment's caster)."""
    n = sum(1 for e in p.enchantments if e == CHAINS_OF_AGONY)
    if not n:
        return []
    take_damage(board, p, n)
    out = [Said("ability.chains", who=Who.of(p), n=n)]
    if destroy_if_dead(board, p, Side.YM if p.side == Side.DM else Side.DM):
        out.append(Said("ability.destroyed", who=Who.of(p)))
    return out


def ghoul_meal(board: Board, c: Piece) -> tuple[list[Change], list[Said]] | None:
    """What the Dummy Mage's Ravenous Ghoul does with its quick action when a Corporeal creature
    was destroyed this round in its zone (docs/rulings.md): the changes (that card out of its
    discard pile and out of the game, a Growth marker on the Ghoul) and the line; None when
    there is no such meal."""
    if c.card != RAVENOUS_GHOUL or c.side != DM:
        return None
    meals = [f for f in board.extra.get(FALLEN) or []
             if f["round"] == board.round and f["zone"] == c.zone]
    if not meals:
        return None
    meal = meals[0]
    rest = [f for f in board.extra.get(FALLEN) or [] if f is not meal]
    changes: list[Change] = [BoardNote(FALLEN, rest or DELETE), AddMarkers(c.id, "Growth")]
    theirs = meal["side"] == Side.DM.value
    undiscarded = theirs and meal["card"] in board.discards.get(DeckKind.CREATURE, [])
    if undiscarded:
        changes.insert(0, Undiscard(DeckKind.CREATURE, meal["card"]))
    gone = Who(meal["id"], meal["card"], meal["side"], False)
    return changes, [Said("ability.ghoul-eats", who=Who.of(c), eaten=gone, yours=not theirs,
                          undiscarded=undiscarded)]


def on_guard(board: Board, p: Piece) -> list[Said]:
    """What ``p``'s card does when it takes the guard action: Guardian Angel heals up to 2 of her
    own damage."""
    if p.card != GUARDIAN_ANGEL or not p.damage:
        return []
    k = heal(board, p, 2)
    return [Said("ability.guard-heal", who=Who.of(p), n=k)] if k else []


# -- attacks -----------------------------------------------------------------------------------

def after_strike(board: Board, attacker_id: str | None, target: Piece, damage: int,
                 conditions: tuple[str, ...], destroyed: bool, obliterated: bool,
                 pushed_to: str | None) -> list[Said]:
    """What the attacker's card does once one of its strikes is on the board: a Grapple marks
    its prey, Gerard gains Gold for damaging an enemy creature, Kralathor grows for devouring a
    Corporeal creature, the Dummy Mage's Water Elemental follows the creature it pushed."""
    a = board.find(attacker_id) if attacker_id else None
    if a is None or isinstance(a, Conjuration) \
            or (a.card not in AFTER_STRIKE and "Grapple" not in conditions):
        return []  # (most strikes: none of the cards below, no Grapple)
    out: list[Said] = []
    if "Grapple" in conditions and not destroyed:
        put(board, Note(a.id, PREY, target.id))
    enemy = target.side != a.side and not isinstance(target, Conjuration)
    if a.card == GERARD and damage > 0 and enemy:
        gold = a.conditions.get(GOLD, 0) + 1
        put(board, AddMarkers(a.id, GOLD))
        out.append(Said("ability.gold", who=Who.of(a), gold=gold))
    if a.card == ICHTHELLID and a.side == DM and a.has_condition(EGG) and damage > 0 \
            and not destroyed and isinstance(target, Creature) and board.is_living(target) \
            and not target.has_condition(LARVA) and board.find(target.id) is not None:
        put(board, RemoveMarkers(a.id, EGG))  # the Dummy Mage pays its 1 mana
        put(board, AddMarkers(target.id, LARVA))
        out.append(Said("ability.larva-placed", who=Who.of(a), host=Who.of(target)))
    if a.card == KRALATHOR and destroyed and obliterated and not _incorporeal(board, target):
        put(board, AddMarkers(a.id, "Growth"))
        out.append(Said("ability.devoured", who=Who.of(a), eaten=Who.of(target)))
    if a.card == WATER_ELEMENTAL and a.side == DM and pushed_to is not None \
            and pushed_to != a.zone and not board.restrained(a):
        put(board, Move(a.id, pushed_to))
        out.append(Said("ability.follows", who=Who.of(a), zone=pushed_to))
    return out


#: The cards :func:`after_strike` does something for (besides a Grapple): its first test, which
#: :func:`solo.rules.combat.apply` asks before the call.
AFTER_STRIKE: Final = frozenset((GERARD, ICHTHELLID, KRALATHOR, WATER_ELEMENTAL))


def _incorporeal(board: Board, p: Piece) -> bool:
    """Whether ``p`` (perhaps off the board now) was Incorporeal: its card's traits and those it
    gained."""
    card = board.card_of(p)
    return any(t.lower() == "incorporeal" for t in [*(card.traits if card else ()), *p.traits])


def _ghoul_in_play(board: Board) -> bool:
    """Whether a Ravenous Ghoul is in play (a loop: no generator made for every creature
    destroyed)."""
    for c in board.creatures:
        if c.card == RAVENOUS_GHOUL:
            return True
    return False


def on_destroyed(board: Board, gone: Piece, by: Piece | None, obliterated: bool,
                 attacked: bool) -> list[Said]:
    """What happens when ``gone`` (as it was, now off the board) is destroyed: its own card's
    trigger (unless it was obliterated), and Valshalla's Wrath when an enemy creature's attack
    destroyed one of her side's creatures."""
    out: list[Said] = []
    if not obliterated and (listed := due(board, gone, attacked)):
        put(board, BoardNote(DUE, listed))  # it goes off with the next dice (.explosions)
    if not obliterated and isinstance(gone, Creature):
        out += _returns(board, gone)
        if not _incorporeal(board, gone) and _ghoul_in_play(board):
            fallen = [f for f in board.extra.get(FALLEN) or [] if f["round"] == board.round]
            fallen.append({"round": board.round, "zone": gone.zone, "card": gone.card,
                           "side": gone.side, "id": gone.id})
            put(board, BoardNote(FALLEN, fallen))  # a meal for a Ravenous Ghoul this round
    if not obliterated:
        if gone.card == PLAGUE_ZOMBIE:
            out += _plague(board, gone)
        elif gone.card == FORCE_PHOENIX:
            out += _phoenix(board, gone)
    if attacked and isinstance(gone, Creature) and by is not None \
            and isinstance(by, (Creature, Mage)) and by.side != gone.side:
        out += _wrath(board, gone.side)
    return out


def _returns(board: Board, gone: Creature) -> list[Said]:
    """What comes back at the end of the round where ``gone`` was destroyed: an Ichthellid
    hatched from the Dummy Mage's Larva marker on it; ``gone`` itself, reanimated as the Dummy
    Mage's zombie by its Rise Again (the Dummy Mage pays)."""
    coming: list[dict[str, Any]] = []
    out: list[Said] = []
    if gone.has_condition(LARVA):
        if gone.side != Side.DM:  # the Dummy Mage's marker on your creature
            coming.append({"card": ICHTHELLID, "zone": gone.zone, "hatch": True})
            out.append(Said("ability.larva", who=Who.of(gone), zone=gone.zone))
        else:  # your marker on its creature: your Ichthellid, your choice
            out.append(Said("ability.larva-yours", who=Who.of(gone), zone=gone.zone))
    if RISE_AGAIN in gone.enchantments and gone.side != DM:
        coming.append({"card": gone.card, "zone": gone.zone, "hatch": False})
        out.append(Said("ability.rise-again", who=Who.of(gone), zone=gone.zone))
    if coming:
        put(board, BoardNote(RETURNING, list(board.extra.get(RETURNING) or []) + coming))
    return out


def end_of_round(board: Board) -> list[tuple[str, Said]]:
    """The creatures due back at the end of the round (:func:`_returns`) come into play for
    the Dummy Mage, face up, inactive: (their id, the line) for
    :func:`solo.rules.upkeep.end_round`."""
    out: list[tuple[str, Said]] = []
    coming = list(board.extra.get(RETURNING) or [])
    if not coming:
        return out
    put(board, BoardNote(RETURNING, DELETE))
    for entry in coming:
        card = board.cat.get(entry["card"])
        if entry["hatch"]:  # an Ichthellid of its creature discard pile (docs/rulings.md)
            if card.name not in board.discards.get(DeckKind.CREATURE, []):
                out.append((Side.DM.value, Said("ability.no-hatch", zone=entry["zone"])))
                continue
            put(board, Undiscard(DeckKind.CREATURE, card.name))
        c = Creature(id=board.new_id(Side.DM.value), card=card.name, side=Side.DM.value,
                     zone=entry["zone"], damage=0, active=False)
        put(board, AddPiece(c))
        zombie = None
        if entry["hatch"]:
            put(board, AddMarkers(c.id, EGG))  # it comes into play with its egg
        else:  # Rise Again: a Zombie marker and damage equal to its Level
            zombie = sum(level for _, level in card.schools)
            put(board, Damage(c.id, zombie))
            put(board, AddMarkers(c.id, "Zombie"))
        out.append((c.id, Said("ability.returns", who=Who.of(board.get(c.id)),
                               zone=entry["zone"], zombie=zombie, undiscarded=entry["hatch"])))
    return out


def _plague(board: Board, gone: Piece) -> list[Said]:
    """Plague Zombie: a Rot marker on every Living creature in its zone, either side's."""
    hit = [q for q in [*board.mages.values(), *board.creatures] if q.zone == gone.zone
           and board.is_living(q) and not board.has_trait(q, "Poison Immunity")]
    for q in hit:
        put(board, AddMarkers(q.id, "Rot"))
    return [Said("ability.plague", who=Who.of(gone), rotted=tuple(Who.of(q) for q in hit))]


def _phoenix(board: Board, gone: Piece) -> list[Said]:
    """Force Phoenix: the active non-Mage enemy creature in its zone with the most life left
    becomes inactive."""
    options = [q for q in board.creatures if q.side != gone.side and q.zone == gone.zone
               and q.active]
    if not options:
        return []
    q = min(options, key=lambda x: (-board.remaining_life(x), x.id))
    put(board, SetActive(q.id, False))
    return [Said("ability.inactive", who=Who.of(gone), stopped=Who.of(q))]


def _wrath(board: Board, side: str) -> list[Said]:
    """A Wrath token on each Valshalla of ``side`` (once a round, 4 at most)."""
    out = []
    for v in board.side_creatures(side):
        if v.card != VALSHALLA or v.conditions.get(WRATH, 0) >= MAX_WRATH \
                or v.extra.get(WRATH_ROUND) == board.round:
            continue
        tokens = v.conditions.get(WRATH, 0) + 1
        put(board, AddMarkers(v.id, WRATH))
        put(board, Note(v.id, WRATH_ROUND, board.round))
        out.append(Said("ability.wrath", who=Who.of(v), tokens=tokens))
    return out


def ability_lines(lines: list[Any], code: str = "ability.") -> list[Said]:
    """The ability lines among ``lines`` (lines inside lines too) whose code starts with
    ``code`` (with the default, a Magma Golem's Burn on its neighbours too)."""
    out: list[Said] = []
    todo = list(lines)
    while todo:
        x = todo.pop()
        if not isinstance(x, Said):
            continue
        for v in x.facts.values():  # lines inside lines (numbered, indented, labelled)
            if isinstance(v, (list, tuple)):
                todo += [y for y in v if isinstance(y, Said)]
        if x.code.startswith(code) or (code == "ability." and x.code == "upkeep.burn-spread"):
            out.append(x)
    return out


def named(lines: list[Any], code: str = "ability.", key: str | None = None) -> list[str]:
    """The ids of the objects the ability lines among ``lines`` name (:func:`ability_lines`):
    what those abilities acted on; only their ``key`` fact when given."""
    out: list[str] = []
    for x in ability_lines(lines, code):
        for k, v in x.facts.items():
            if key is None or k == key:
                out += [w.id for w in (v if isinstance(v, tuple) else (v,)) if isinstance(w, Who)]
    return out
