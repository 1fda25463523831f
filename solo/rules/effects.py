"""The one way to change a board: typed change records and :func:`apply`.

Every rule says what happens as changes -- ``Damage("dm-3", 4)``, ``Move("ym-1", "B2")``,
``AddMarkers("dm", "Burn")`` -- and :func:`apply` puts each on the board.  Nothing else writes a
field of the board or of a piece (``tests/test_house.py`` scans for it), so:

* what a step did can be read from its changes (:attr:`Board.applied`, when a caller keeps them);
* the values the board remembers (traits, life, armor, flying...) are forgotten exactly when
  something they are worked out from changes: :func:`apply` knows which piece a change reaches
  and whether it can reach every other one (an aura, a wall, an enchantment), and says so to
  the board (:meth:`Board.changed`);
* a board copied for an attack (:meth:`Board.copy` with ``only``) shares the pieces it does not
  change: :func:`apply` makes a piece the copy's own before changing it.

Pieces are named by id (a mage's id is its side), so a change can be put on the board it was
worked out on or on a copy of it.  Changes are plain values: equal when they say the same thing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Final

from solo.core.kinds import Side, Stage, DM, YM
from solo.core.plain import FrozenPlain
from solo.rules.board import INCAPACITATING, Board, Conjuration, Creature, Mage, Piece
from solo.rules.pieces import _count, corroded as _corroded

__all__ = [
    "Change", "Damage", "SetDamage", "AddMarkers", "RemoveMarkers", "SetMarkers",
    "SetConditions", "Move", "SetActive", "SetGuard", "Enchant", "Disenchant", "SetEnchantments",
    "Equip", "Unequip", "GainTraits", "SetTraits", "SetSide", "ChangeLife", "Note", "AddPiece",
    "RemovePiece", "Discard", "Undiscard", "SetZoneEnchantments", "BoardNote", "AddTally", "SetRound",
    "SetStage", "DELETE", "apply", "apply_all", "gain"]


class _Delete:
    """The value of a :class:`Note` that takes its key off."""

    def __repr__(self) -> str:
        return "DELETE"


DELETE: Final[Any] = _Delete()


class Change(FrozenPlain):
    """One change to a board.  ``piece``: the id of the piece it changes, for those that change
    one.  A frozen plain class, as each kind of change is (the compiled build makes them classes
    of its own: ``apply`` reads their fields without a look-up)."""

    __slots__ = ()

    def __init__(self) -> None:
        pass


# -- changes to one piece --------------------------------------------------------------------

class Damage(Change):
    """``amount`` more damage on the piece (less when negative: healing).  Never below 0."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "amount")
    __slots__ = _fields

    def __init__(self, piece: str, amount: int) -> None:
        self.piece: Final = piece
        self.amount: Final = amount


class SetDamage(Change):
    """The piece's damage is ``value`` (an edit; a creature brought back)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "value")
    __slots__ = _fields

    def __init__(self, piece: str, value: int) -> None:
        self.piece: Final = piece
        self.value: Final = value


class AddMarkers(Change):
    """``count`` more ``name`` markers (a condition, a token, a round effect) on the piece."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "name", "count")
    __slots__ = _fields

    def __init__(self, piece: str, name: str, count: int = 1) -> None:
        self.piece: Final = piece
        self.name: Final = name
        self.count: Final = count


class RemoveMarkers(Change):
    """``count`` ``name`` markers fewer on the piece (every one when ``count`` is None)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "name", "count")
    __slots__ = _fields

    def __init__(self, piece: str, name: str, count: int | None = None) -> None:
        self.piece: Final = piece
        self.name: Final = name
        self.count: Final = count


class SetMarkers(Change):
    """Exactly ``count`` ``name`` markers on the piece (none: the entry goes)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "name", "count")
    __slots__ = _fields

    def __init__(self, piece: str, name: str, count: int) -> None:
        self.piece: Final = piece
        self.name: Final = name
        self.count: Final = count


class SetConditions(Change):
    """Every marker of the piece at once (an edit)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "conditions")
    __slots__ = _fields

    def __init__(self, piece: str, conditions: dict[str, int]) -> None:
        self.piece: Final = piece
        self.conditions: Final = conditions


class Move(Change):
    """The piece is now in ``zone`` (a walk, a push, a teleport, an edit)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "zone")
    __slots__ = _fields

    def __init__(self, piece: str, zone: str) -> None:
        self.piece: Final = piece
        self.zone: Final = zone


class SetActive(Change):
    """A creature's action marker: active (True) or spent (False)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "active")
    __slots__ = _fields

    def __init__(self, piece: str, active: bool) -> None:
        self.piece: Final = piece
        self.active: Final = active


class SetGuard(Change):
    """A creature's guard marker: on or off."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "guarding")
    __slots__ = _fields

    def __init__(self, piece: str, guarding: bool) -> None:
        self.piece: Final = piece
        self.guarding: Final = guarding


class Enchant(Change):
    """The enchantment ``name`` is attached (face up) to the piece."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "name")
    __slots__ = _fields

    def __init__(self, piece: str, name: str) -> None:
        self.piece: Final = piece
        self.name: Final = name


class Disenchant(Change):
    """One ``name`` enchantment comes off the piece (where it goes is another change)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "name")
    __slots__ = _fields

    def __init__(self, piece: str, name: str) -> None:
        self.piece: Final = piece
        self.name: Final = name


class SetEnchantments(Change):
    """Every face-up enchantment on the piece at once (an edit; all destroyed)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "names")
    __slots__ = _fields

    def __init__(self, piece: str, names: tuple[str, ...]) -> None:
        self.piece: Final = piece
        self.names: Final = names


class Equip(Change):
    """The mage wears ``name``."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "name")
    __slots__ = _fields

    def __init__(self, piece: str, name: str) -> None:
        self.piece: Final = piece
        self.name: Final = name


class Unequip(Change):
    """The mage no longer wears ``name``."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "name")
    __slots__ = _fields

    def __init__(self, piece: str, name: str) -> None:
        self.piece: Final = piece
        self.name: Final = name


class GainTraits(Change):
    """Traits the piece gains for good (a Pet's, a veteran's)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "traits")
    __slots__ = _fields

    def __init__(self, piece: str, traits: tuple[str, ...]) -> None:
        self.piece: Final = piece
        self.traits: Final = traits


class SetTraits(Change):
    """Every gained trait of the piece at once (an edit)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "traits")
    __slots__ = _fields

    def __init__(self, piece: str, traits: tuple[str, ...]) -> None:
        self.piece: Final = piece
        self.traits: Final = traits


class SetSide(Change):
    """The piece now belongs to ``side`` (Mind Control)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "side")
    __slots__ = _fields

    def __init__(self, piece: str, side: Side) -> None:
        self.piece: Final = piece
        self.side: Final = side


class ChangeLife(Change):
    """A mage's own life grows by ``amount`` (shrinks when negative)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "amount")
    __slots__ = _fields

    def __init__(self, piece: str, amount: int) -> None:
        self.piece: Final = piece
        self.amount: Final = amount


class Note(Change):
    """What solo keeps on a piece beyond the card (``extra``): ``key`` is now ``value``
    (:data:`DELETE` takes it off).  A value that holds a list or a dict is the whole new value,
    never changed in place."""

    _fields: ClassVar[tuple[str, ...]] = ("piece", "key", "value")
    __slots__ = _fields

    def __init__(self, piece: str, key: str, value: Any) -> None:
        self.piece: Final = piece
        self.key: Final = key
        self.value: Final = value


class AddPiece(Change):
    """A new piece in play: a creature summoned or brought back, a conjuration, a wall."""

    _fields: ClassVar[tuple[str, ...]] = ("piece",)
    __slots__ = _fields

    def __init__(self, piece: Piece) -> None:
        self.piece: Final = piece


class RemovePiece(Change):
    """The piece leaves play (destroyed, obliterated, banished for good)."""

    _fields: ClassVar[tuple[str, ...]] = ("piece",)
    __slots__ = _fields

    def __init__(self, piece: str) -> None:
        self.piece: Final = piece


class Discard(Change):
    """``card`` goes on top of the Dummy Mage's ``deck`` discard pile."""

    _fields: ClassVar[tuple[str, ...]] = ("deck", "card")
    __slots__ = _fields

    def __init__(self, deck: str, card: str) -> None:
        self.deck: Final = deck
        self.card: Final = card


class Undiscard(Change):
    """``card`` is taken out of the Dummy Mage's ``deck`` discard pile (brought back)."""

    _fields: ClassVar[tuple[str, ...]] = ("deck", "card")
    __slots__ = _fields

    def __init__(self, deck: str, card: str) -> None:
        self.deck: Final = deck
        self.card: Final = card


class SetZoneEnchantments(Change):
    """The enchantments the Dummy Mage keeps on ``zone`` (none: the zone's entry goes)."""

    _fields: ClassVar[tuple[str, ...]] = ("zone", "names")
    __slots__ = _fields

    def __init__(self, zone: str, names: tuple[str, ...]) -> None:
        self.zone: Final = zone
        self.names: Final = names


class BoardNote(Change):
    """What solo keeps on the board beyond the pieces (``extra``): ``key`` is now ``value``
    (:data:`DELETE` takes it off); the whole new value, never changed in place."""

    _fields: ClassVar[tuple[str, ...]] = ("key", "value")
    __slots__ = _fields

    def __init__(self, key: str, value: Any) -> None:
        self.key: Final = key
        self.value: Final = value


class AddTally(Change):
    """``side`` has destroyed ``amount`` more mana of the other side's creatures."""

    _fields: ClassVar[tuple[str, ...]] = ("side", "amount")
    __slots__ = _fields

    def __init__(self, side: Side, amount: int) -> None:
        self.side: Final = side
        self.amount: Final = amount


class SetRound(Change):
    """A new round begins: its number and who holds the initiative."""

    _fields: ClassVar[tuple[str, ...]] = ("round", "initiative")
    __slots__ = _fields

    def __init__(self, round: int, initiative: Side) -> None:
        self.round: Final = round
        self.initiative: Final = initiative


class SetStage(Change):
    """The stage of the round the board is in."""

    _fields: ClassVar[tuple[str, ...]] = ("stage",)
    __slots__ = _fields

    def __init__(self, stage: Stage) -> None:
        self.stage: Final = stage


# -- apply -----------------------------------------------------------------------------------

def apply(board: Board, change: Change) -> None:
    """Put one change on ``board`` (and keep it in :attr:`Board.applied` when that is a list)."""
    if type(change) is SetActive:  # (_set_active and _piece's common case, written out: about
        # 40% of the changes a game puts, each two calls fewer; any other case goes through them)
        ident = change.piece
        shared, index = board._shared, board._index
        p = index.get(ident) if index is not None and (not shared or ident not in shared) \
            else None
        if type(p) is Creature:
            p.active = change.active  # never remembered
        else:
            _set_active(board, change)
    elif type(change) is Damage:  # (_damage written out: every strike's damage, no call more)
        ident = change.piece
        shared, index = board._shared, board._index
        p = index.get(ident) if index is not None and (not shared or ident not in shared) \
            else None
        if p is None:
            p = _piece(board, ident)
        damage = p.damage + change.amount  # (never below 0; no max() call)
        p.damage = damage if damage > 0 else 0  # noqa: FURB136 - never remembered
    else:
        _APPLY[type(change)](board, change)
    kept = board.applied
    if kept is not None:
        kept.append(change)


def apply_all(board: Board, changes: Iterable[Change]) -> None:
    for change in changes:
        apply(board, change)


def gain(p: Piece, condition: str) -> list[Change]:
    """The changes of ``p`` gaining one ``condition`` marker: an Incapacitating one also takes
    its guard marker off (an Incapacitated creature cannot guard: Knockdown's card ruling)."""
    out: list[Change] = [AddMarkers(p.id, condition)]
    if condition in INCAPACITATING and isinstance(p, Creature) and p.guarding:
        out.append(SetGuard(p.id, False))
    return out


def _piece(board: Board, ident: str) -> Piece:
    shared = board._shared
    if not shared or ident not in shared:  # (Board.own's common case, written out: no call
        # more for every change; a piece not found, or no index kept, is own's business)
        index = board._index
        if index is not None:  # (never kept here with MEMORY.check: see Board._reindex)
            found = index.get(ident)
            if found is not None:
                return found
    p = board.own(ident)
    if p is None:
        raise KeyError(ident)  # (a change names a piece that is not on the board)
    return p


def _damage(board: Board, c: Damage) -> None:  # (apply writes it out)
    p = _piece(board, c.piece)
    damage = p.damage + c.amount  # (never below 0; no max() call)
    p.damage = damage if damage > 0 else 0  # noqa: FURB136 - never remembered: nothing to forget


def _set_damage(board: Board, c: SetDamage) -> None:
    _piece(board, c.piece).damage = c.value


def _add_markers(board: Board, c: AddMarkers) -> None:
    p = _piece(board, c.piece)
    p.conditions[c.name] = p.conditions.get(c.name, 0) + c.count
    if c.name == "Corrode":  # (see Board.trim_corrode)
        _corroded()
    board.changed(p)


def _remove_markers(board: Board, c: RemoveMarkers) -> None:
    p = _piece(board, c.piece)
    left = 0 if c.count is None else p.conditions.get(c.name, 0) - c.count
    _set_count(board, p, c.name, left)


def _set_markers(board: Board, c: SetMarkers) -> None:
    _set_count(board, _piece(board, c.piece), c.name, c.count)


def _set_count(board: Board, p: Piece, name: str, count: int) -> None:
    if count > 0:
        p.conditions[name] = count
        if name == "Corrode":  # (see Board.trim_corrode)
            _corroded()
    elif name in p.conditions:
        del p.conditions[name]
    else:
        return
    board.changed(p)


def _set_conditions(board: Board, c: SetConditions) -> None:
    p = _piece(board, c.piece)
    p.conditions = dict(c.conditions)
    if "Corrode" in p.conditions:  # (see Board.trim_corrode)
        _corroded()
    board.changed(p)


def _move(board: Board, c: Move) -> None:
    p = _piece(board, c.piece)
    was, p.zone = p.zone, c.zone
    if board.moves_nothing(p, was):
        _count()  # it reaches no remembered value: counted all the same, for what is kept
        # while no change at all is counted (pieces.stamp)
    else:
        _placed(board, p)


def _placed(board: Board, p: Piece) -> None:
    """Where the piece is, or whose it is, changed: its own remembered values while it is
    alone (:meth:`Board.reaches_alone`: it bears no aura, and is not the Dummy Mage while a Pet
    follows it), else every piece's."""
    board.changed(p if board.reaches_alone(p) else None)


def _set_active(board: Board, c: SetActive) -> None:
    p = _piece(board, c.piece)
    assert isinstance(p, Creature)
    p.active = c.active  # never remembered


def _set_guard(board: Board, c: SetGuard) -> None:
    p = _piece(board, c.piece)
    assert isinstance(p, Creature)
    p.guarding = c.guarding
    board.changed(p)


def _enchant(board: Board, c: Enchant) -> None:
    p = _piece(board, c.piece)
    p.enchantments.append(c.name)
    _enchanted(board, p, (c.name,))


def _disenchant(board: Board, c: Disenchant) -> None:
    p = _piece(board, c.piece)
    p.enchantments.remove(c.name)
    _enchanted(board, p, (c.name,))


def _set_enchantments(board: Board, c: SetEnchantments) -> None:
    p = _piece(board, c.piece)
    old, p.enchantments = p.enchantments, list(c.names)
    _enchanted(board, p, (*old, *c.names))


def _enchanted(board: Board, p: Piece, names: tuple[str, ...]) -> None:
    """The enchantments ``names`` came onto or off ``p``: every piece's remembered values for
    an aura (it reaches the pieces in its zone) or an enchanted conjuration (a wall's traits
    make the geometry), else its own (an enchantment gives its bearer alone)."""
    if isinstance(p, Conjuration) or board.any_aura(names):
        board.changed(None)
    else:
        board.changed(p)


def _mage(board: Board, ident: str) -> Mage:
    p = _piece(board, ident)
    assert isinstance(p, Mage)
    return p


def _equip(board: Board, c: Equip) -> None:
    p = _mage(board, c.piece)
    p.equipment.append(c.name)
    board.changed(p)


def _unequip(board: Board, c: Unequip) -> None:
    p = _mage(board, c.piece)
    p.equipment.remove(c.name)
    board.changed(p)


def _gain_traits(board: Board, c: GainTraits) -> None:
    p = _piece(board, c.piece)
    p.traits.extend(c.traits)
    board.changed(p)


def _set_traits(board: Board, c: SetTraits) -> None:
    p = _piece(board, c.piece)
    p.traits = list(c.traits)
    board.changed(p)


def _set_side(board: Board, c: SetSide) -> None:
    p = _piece(board, c.piece)
    p.side = str(c.side)
    board.sides_changed()
    _placed(board, p)


def _change_life(board: Board, c: ChangeLife) -> None:
    p = _mage(board, c.piece)
    p.life += c.amount
    board.changed(p)


def _note(board: Board, c: Note) -> None:
    p = _piece(board, c.piece)
    if c.value is DELETE:
        if c.key not in p.extra:
            return
        del p.extra[c.key]
    else:
        p.extra[c.key] = c.value
    board.changed(p)


def _add_piece(board: Board, c: AddPiece) -> None:
    p = c.piece
    if isinstance(p, Creature):
        board.put_creature(p)
    elif isinstance(p, Conjuration):
        board.put_conjuration(p)
    else:
        raise TypeError(type(p).__name__)  # (a mage is never added: there are always two)


def _remove_piece(board: Board, c: RemovePiece) -> None:
    board.remove(c.piece)


def _discard(board: Board, c: Discard) -> None:
    board.discards.setdefault(c.deck, []).append(c.card)


def _undiscard(board: Board, c: Undiscard) -> None:
    board.discards[c.deck].remove(c.card)


def _set_zone_enchantments(board: Board, c: SetZoneEnchantments) -> None:
    kept = {z: list(v) for z, v in (board.extra.get("zone_enchantments") or {}).items()}
    if c.names:
        kept[c.zone] = list(c.names)
    else:
        kept.pop(c.zone, None)
    board.extra["zone_enchantments"] = kept
    board.changed(None)


def _board_note(board: Board, c: BoardNote) -> None:
    if c.value is DELETE:
        if c.key not in board.extra:
            return
        del board.extra[c.key]
    else:
        board.extra[c.key] = c.value
    board.changed(None)


def _add_tally(board: Board, c: AddTally) -> None:
    tally = board.extra.get("tally")
    if tally is None:
        tally = board.extra["tally"] = {DM: 0, YM: 0}
    tally[str(c.side)] = int(tally.get(str(c.side), 0)) + c.amount


def _set_round(board: Board, c: SetRound) -> None:
    board.round = c.round
    board.initiative = str(c.initiative)


#: Each stage's board_stage by the stage's value (Stage.board_stage without its property call,
#: and looked up by a plain string: hashing the member is Enum.__hash__, a Python call).
_BOARD_STAGE: Final = {s.value: s.board_stage for s in Stage}


def _set_stage(board: Board, c: SetStage) -> None:
    board.stage = _BOARD_STAGE[c.stage._value_]


_APPLY: Final[dict[type, Callable[[Board, Any], None]]] = {
    Damage: _damage, SetDamage: _set_damage, AddMarkers: _add_markers,
    RemoveMarkers: _remove_markers, SetMarkers: _set_markers, SetConditions: _set_conditions,
    Move: _move, SetActive: _set_active, SetGuard: _set_guard, Enchant: _enchant,
    Disenchant: _disenchant, SetEnchantments: _set_enchantments, Equip: _equip,
    Unequip: _unequip, GainTraits: _gain_traits, SetTraits: _set_traits, SetSide: _set_side,
    ChangeLife: _change_life, Note: _note, AddPiece: _add_piece, RemovePiece: _remove_piece,
    Discard: _discard, Undiscard: _undiscard, SetZoneEnchantments: _set_zone_enchantments,
    BoardNote: _board_note, AddTally: _add_tally, SetRound: _set_round, SetStage: _set_stage,
}


# -- an id given to a new piece (added after the first set) ----------------------------------

class CountId(Change):
    """The id ``ident`` goes to a new piece of ``side`` (an :class:`AddPiece` follows): the board
    counts it (:meth:`Board.new_id`), so no later piece gets it, even once this one is gone.  A
    decision works the id out beforehand by the same rule, to name the piece before it is in
    play."""

    _fields: ClassVar[tuple[str, ...]] = ("side", "ident")
    __slots__ = _fields

    def __init__(self, side: Side, ident: str) -> None:
        self.side: Final = side
        self.ident: Final = ident


def _count_id(board: Board, c: CountId) -> None:
    given = board.new_id(str(c.side))
    assert given == c.ident, (given, c.ident)


_APPLY[CountId] = _count_id
__all__ += ["CountId"]
