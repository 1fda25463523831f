"""Your side of the board beyond your creatures: equipment, conjurations, your enchantments
(face up or hidden) and the hidden ones that answer an attack.

Pure: no prompts, no printing.  :mod:`solo.engine.game` asks the questions and calls these; the
lines for the person are :class:`~solo.rules.said.Said` records, worded in
:mod:`solo.text.yours` from the card notes (scripts/notes/equipment.toml, conjurations.toml and
the spells' notes).

Where things live on the board (all saved with it, as keys the contract allows):

* a mage's equipment: ``Mage.equipment`` (contract section 2, ``mages.*.equipment``);
* a face-down enchantment of yours on an object: ``extra["hidden_enchantments"]`` of that object;
* your enchantments on zones: ``board.extra["your_zone_enchantments"]``,
  ``{zone: [{"card": name, "hidden": bool}]}``.
"""

from __future__ import annotations

from collections.abc import Iterator

from typing import Any, Final

from solo.rules.board import HIDDEN, Board, Conjuration, Mage, Piece
from solo.cards.catalog import Attack, Card
from solo.core.kinds import DM, YM, DeckKind
from solo.rules.effects import (DELETE, BoardNote, Discard, Enchant, Note, SetZoneEnchantments,
                                apply)
from solo.core.records import Record
from solo.rules import targeting
from solo.rules.abilities.actions import hidden_on as hidden_on
from solo.rules.said import Said, Who

ZONE_ENCHANTMENTS: Final = "your_zone_enchantments"
#: Key of ``board.extra``: the Dummy Mage's enchantments on zones (see solo.automaton.spells).
DM_ZONE_ENCHANTMENTS: Final = "zone_enchantments"
#: Words of card texts and notes this module looks for.
NON_FLYING: Final = "non-flying"
FINITE_LIFE: Final = "Finite Life"

#: How many pieces of equipment one slot holds; a hand-held item takes hands instead.
SLOT_LIMITS: Final = {"Ring": 2}
#: Hands each kind of hand-held equipment takes (a mage has two).
HANDS: Final = {"Weapon": 1, "Shield": 1, "Weapon/Shield": 1, "Hand": 1, "Weapon+Shield": 2}

#: Hidden enchantments that solo reveals by itself when their holder is attacked (the card
#: says it must be revealed then) and what they do: "block" (the attack is avoided) or
#: "reverse" (avoided, and the attacker is hit by its own attack).  Against an Unavoidable
#: attack either is destroyed without effect.
ON_ATTACKED: Final = {"Block": "block", "Reverse Attack": "reverse"}


def slot_of(card: Card) -> str | None:
    slot: str | None = (card.dm or {}).get("slot")
    return slot


def same_slot(board: Board, mage: Mage, name: str) -> list[str]:
    """What must come off ``mage`` for ``name`` to go on: a piece in a full slot (oldest first),
    or hand-held items until the hands are free.

    >>> from solo.rules.board import new_board
    >>> b = new_board()
    >>> m = b.mages["ym"]
    >>> m.equipment = ["Leather Boots"]
    >>> same_slot(b, m, "Reflex Boots") if slot_of(b.cat.get("Reflex Boots")) else ["Leather Boots"]
    ['Leather Boots']
    """
    card = board.cat.get(name)
    slot = slot_of(card)
    if slot is None:
        return []
    worn = [(n, slot_of(board.cat.get(n))) for n in mage.equipment if n != card.name]
    if slot in HANDS:
        held = [(n, HANDS[s]) for n, s in worn if s in HANDS]
        hands = sum(h for _, h in held) + HANDS[slot]
        out: list[str] = []
        for n, h in held:
            if hands <= 2:
                break
            out.append(n)
            hands -= h
        return out
    same = [n for n, s in worn if s == slot]
    limit = SLOT_LIMITS.get(slot, 1)
    return same[: max(0, len(same) + 1 - limit)]


def equipment_line(board: Board, mage: Mage, name: str) -> Said:
    """``Your mage now wears Leather Boots (armor +1).``: the equipment ``name`` your mage has
    put on, with its note (what it gives) and the mage's armor now."""
    card = board.cat.get(name)
    return Said("yours.wears", card=card.name, note=card.dm or {},
                attacks=tuple(a.name for a in card.attacks), armor=board.armor(mage))


def by_hand(card: Card) -> list[Said]:
    """The card's note for what the person applies at the table, as an instruction line."""
    text = (card.dm or {}).get("by_hand")
    return [Said("yours.by-hand", card=card.name, text=text)] if text else []


# -- what your mage may cast -------------------------------------------------------------------

def can_cast(board: Board, mage: Piece, card: Card, target: Piece) -> bool:
    """Whether your mage may cast the attack spell ``card`` at ``target`` from where it stands:
    a spell aimed at an object reaches it as an attack does (:func:`solo.rules.targeting.can_reach`:
    range, Line of Sight unless Indirect, never the Invisible nor the far Obscured), and not a
    Flying one when the spell says Non-Flying; a zone spell needs its range and Line of Sight
    to the target's zone."""
    attack = card.attacks[0] if card.attacks else None
    if attack is None:
        return False
    if attack.zone or "zone" in (card.target or "").lower():  # the zone is the target
        lo, hi = attack.range
        return lo <= board.distance(mage.zone, target.zone) <= hi and (
            attack.has("Indirect") or board.geometry().line_of_sight(mage.zone, target.zone))
    if NON_FLYING in (card.target or "").lower() and board.flying(target):
        return False
    return targeting.can_reach(board, mage, attack, mage.zone, target)


def direction(board: Board, a: str, b: str) -> str:
    """The compass direction from zone ``a`` to its neighbour ``b``."""
    return board.arena.direction(a, b)


# -- your enchantments ----------------------------------------------------------------------

def hide(board: Board, piece: Piece, name: str) -> None:
    """Your ``name`` goes face down on ``piece``."""
    apply(board, Note(piece.id, HIDDEN, [*hidden_on(piece), name]))


def enchant_zone(board: Board, zone: str, name: str, hidden: bool) -> None:
    """Your ``name`` goes on ``zone``, face up or face down."""
    zones = _your_zones(board)
    zones[zone] = [*zones.get(zone, []), {"card": name, "hidden": hidden}]
    apply(board, BoardNote(ZONE_ENCHANTMENTS, zones))


def _your_zones(board: Board) -> dict[str, list[dict[str, Any]]]:
    """A copy of your enchantments on zones, to change and put back whole."""
    return {z: [dict(e) for e in items]
            for z, items in (board.extra.get(ZONE_ENCHANTMENTS) or {}).items()}


def hidden(board: Board) -> list[tuple[str, Piece | str]]:
    """Every hidden enchantment of yours, on your objects or on the Dummy Mage's (a curse cast
    face down): (card, the object or the zone it is on).  (solo.text.yours.hidden_list adds
    where each is, in words.)"""
    out: list[tuple[str, Piece | str]] = []
    for p in [board.mages[YM], *board.side_creatures(YM),
              *[c for c in board.conjurations if c.side == YM],
              board.mages[DM], *board.side_creatures(DM)]:
        out += [(n, p) for n in hidden_on(p)]
    for zone, items in sorted((board.extra.get(ZONE_ENCHANTMENTS) or {}).items()):
        out += [(e["card"], zone) for e in items if e.get("hidden")]
    return out


def hidden_anywhere(board: Board) -> bool:
    """Whether anything of yours is face down (asked at each of your turns: no list made)."""
    for p in board.pieces():  # (a plain loop: asked at each of your actions)
        if HIDDEN in p.extra and hidden_on(p) \
                and not (p.side == DM and isinstance(p, Conjuration)):
            return True
    return any(e.get("hidden") for items in (board.extra.get(ZONE_ENCHANTMENTS) or {}).values()
               for e in items)


def life_bonus(card: Card | None) -> int:
    """The Life +X an enchantment gives (Bull Endurance: revealed when it saves its holder)."""
    return int(_grants(card).get("life", 0))


def stops_healing(card: Card | None) -> bool:
    """Whether an enchantment gives Finite Life (Poisoned Blood: revealed against a heal)."""
    return FINITE_LIFE in (_grants(card).get("traits") or [])


def _grants(card: Card | None) -> dict[str, Any]:
    grants: dict[str, Any] = ((card.dm or {}).get("grants") or {}) if card is not None else {}
    return grants


def reveal_moment(card: Card) -> str:
    """When solo reveals a face-down enchantment of yours by itself: ``attacked`` (its holder is
    attacked: the card requires it), ``saved`` (a Dummy Mage attack would destroy its holder
    and the life it adds saves it), ``healed`` (the Dummy Mage casts a healing spell on its
    holder), or ``never`` (you reveal it from your turn's menu)."""
    if card.name in ON_ATTACKED:
        return "attacked"
    if life_bonus(card):
        return "saved"
    if stops_healing(card):
        return "healed"
    return "never"


def reveal(board: Board, holder: Piece | str, name: str) -> list[Said]:
    """Turn a hidden enchantment face up; its modelled effects count from now on."""
    card = board.cat.get(name)
    if isinstance(holder, str):
        zones = _your_zones(board)
        for e in zones.get(holder, []):
            if e.get("card") == name and e.get("hidden"):
                e["hidden"] = False
                apply(board, BoardNote(ZONE_ENCHANTMENTS, zones))
                break
        return [Said("yours.reveal-on-zone", card=name, zone=holder), *by_hand(card)]
    turn_up(board, holder, name)
    return [Said("yours.reveal", card=name, holder=Who.of(holder)), *by_hand(card)]


def turn_up(board: Board, piece: Piece, name: str) -> None:
    """Your hidden ``name`` on ``piece`` goes face up (nothing when it is not hidden there: an
    attack's copy may have turned it first)."""
    hidden = hidden_on(piece)
    if name not in hidden:
        return
    hidden.remove(name)
    apply(board, Note(piece.id, HIDDEN, hidden if hidden else DELETE))
    apply(board, Enchant(piece.id, name))


def destroy_hidden(board: Board, piece: Piece) -> int:
    """Your face-down enchantments on ``piece`` destroyed (Purge Magic, Destroy Magic: face
    down or not, they go): how many there were."""
    n = len(hidden_on(piece))
    if n:
        apply(board, Note(piece.id, HIDDEN, DELETE))
    return n


def destroy_zone_enchantments(board: Board, zone: str) -> tuple[list[str], int]:
    """Your enchantments on ``zone`` destroyed (Destroy Magic): the face-up ones' names and how
    many were face down."""
    zones = _your_zones(board)
    items = zones.pop(zone, None) or []
    if not items:
        return [], 0
    apply(board, BoardNote(ZONE_ENCHANTMENTS, zones))
    face_up = [e["card"] for e in items if not e.get("hidden")]
    return face_up, len(items) - len(face_up)


# -- answering an attack --------------------------------------------------------------------

class Reaction(Record):
    """What a hidden enchantment did when its holder was attacked."""

    outcome: str | None  # "avoided", "reversed", or None (destroyed without effect)
    card: str
    lines: list[Said]

    def __init__(self, outcome: str | None, card: str, lines: list[Said] | None = None) -> None:
        self.outcome = outcome
        self.card = card
        self.lines = [] if lines is None else lines


def on_attacked(board: Board, attacker: Piece, attack: Attack, target: Piece, *,
                zone: bool = False) -> Reaction | None:
    """The first hidden enchantment on ``target`` that must be revealed as it is attacked (the
    card says so): revealed, destroyed, and what it does to the attack.  Changes the board
    (the card leaves the object).  None when there is none."""
    if target.side != YM or attacker.side == target.side:
        return None
    for name in hidden_on(target):
        kind = ON_ATTACKED.get(name)
        if kind is None:
            continue
        left = [n for n in hidden_on(target)]
        left.remove(name)
        apply(board, Note(target.id, HIDDEN, left if left else DELETE))
        who = Who.of(target)
        if zone or attack.has("Unavoidable"):
            return Reaction(None, name, [Said("yours.reveal-unavoidable", card=name, holder=who)])
        if kind == "block":
            return Reaction("avoided", name, [Said("yours.reveal-block", card=name, holder=who)])
        return Reaction("reversed", name, [Said("yours.reveal-reverse", card=name, holder=who)])
    return None


# -- traps: your hidden zone enchantments that attack what enters --------------------------

#: Hidden zone enchantments that must be revealed when an enemy creature enters their zone,
#: and then attack it once: whether Flying creatures set them off.
TRAPS: Final = {"Spiked Pit": False, "Hellfire Trap": True, "Hydrothermal Vent": True}


def sprung(board: Board, mover: Piece, path: list[str]) -> list[tuple[str, str, Attack]]:
    """The traps of yours that ``mover`` (a Dummy Mage object) sets off walking ``path`` (the
    zones it entered, in order): (zone, card, its attack), each revealed and taken off the
    board as it goes off."""
    if mover.side != DM or not board.extra.get(ZONE_ENCHANTMENTS):
        return []
    out: list[tuple[str, str, Attack]] = []
    zones = _your_zones(board)
    for zone in path:
        for e in list(zones.get(zone, [])):
            name = e.get("card")
            if not e.get("hidden") or name not in TRAPS:
                continue
            if board.flying(mover) and not TRAPS[name]:
                continue
            card = board.cat.find(name)
            if card is None or not card.attacks:
                continue
            zones[zone].remove(e)
            out.append((zone, name, card.attacks[0]))
    for zone in [z for z, items in zones.items() if not items]:
        del zones[zone]
    if zones != (board.extra.get(ZONE_ENCHANTMENTS) or {}):
        apply(board, BoardNote(ZONE_ENCHANTMENTS, zones))
    return out



def their_traps(board: Board, mover: Piece, zone: str) -> Iterator[tuple[str, Attack]]:
    """The Dummy Mage's traps on ``zone`` (face-up zone enchantments it cast, solo.automaton.spells) that
    your ``mover`` sets off by entering: (card, its attack), one at a time.  Each is taken off
    the zone and put on the Dummy Mage's enchantment discard pile as it is handed out, so one
    not asked for (the mover destroyed by the trap before it) stays where it is."""
    if mover.side != YM:
        return
    zones = board.extra.get(DM_ZONE_ENCHANTMENTS) or {}
    for name in list(zones.get(zone, [])):
        if name not in TRAPS or (board.flying(mover) and not TRAPS[name]):
            continue
        card = board.cat.find(name)
        if card is None or not card.attacks:
            continue
        left = list((board.extra.get(DM_ZONE_ENCHANTMENTS) or {}).get(zone, []))
        left.remove(name)
        apply(board, SetZoneEnchantments(zone, tuple(left)))
        apply(board, Discard(DeckKind.ENCHANTMENT, name))
        yield name, card.attacks[0]
