"""Board edits: the person corrects any object, for the physical board is the truth.

:func:`edit_board` asks which object and what to change, puts the change on the board through
:func:`solo.rules.effects.apply` and returns the step that records it (None when nothing
changed or the person cancelled).  The round machine (:meth:`solo.engine.game.Game.play_one`)
calls it when ``edit`` is answered at a question.
"""

from __future__ import annotations

from typing import Any, Final

from solo.core.kinds import Side
from solo.core.questions import Choice, Question
from solo.engine.answers import check_conditions, format_conditions, parse_conditions
from solo.engine.steps import GameView, Lines, Step
from solo.rules.board import Board, Conjuration, Creature, Piece
from solo.rules.effects import (AddPiece, Move, RemovePiece, SetActive, SetConditions, SetDamage,
                                SetEnchantments, SetGuard)
from solo.rules.effects import apply as put
from solo.rules.harm import stale_markers
from solo.text.naming import label_of

__all__ = ["edit_board", "new_creature", "new_conjuration"]

WHO: Final = "edit"  # the log's ``who`` of an edit step


def new_creature(board: Board, card: str, side: str, zone: str, *, active: bool = True,
                 extra: dict[str, Any] | None = None) -> Creature:
    """A creature to put into play (:class:`~solo.rules.effects.AddPiece`), with a new id, named
    and placed as :meth:`Board.add_creature` names and places one."""
    found = board.cat.find(card)
    return Creature(id=board.new_id(side), card=found.name if found else card, side=side,
                    zone=board.arena.normal(zone), active=active, extra=extra)


def new_conjuration(board: Board, card: str, side: str, zone: str,
                    border: str | None = None) -> Conjuration:
    """A conjuration (a wall when ``border`` is given) to put into play, as
    :meth:`Board.add_conjuration` makes one."""
    found = board.cat.find(card)
    return Conjuration(id=board.new_id(side), card=found.name if found else card, side=side,
                       zone=board.arena.normal(zone),
                       border=board.arena.normal(border) if border else None)


def edit_board(game: GameView) -> Step | None:
    """Correct any object: the physical board is the truth."""
    b = game.board
    choices = [Choice(f"{label_of(b, p)} in {p.zone}", p.id) for p in b.pieces()]
    choices += [Choice("Add a creature", "+creature"), Choice("Cancel", "cancel")]
    pick = game.ask(Question("edit.object", "select", "Which object?", tuple(choices),
                             default="cancel"))
    if pick == "cancel":
        return None
    if pick == "+creature":
        return _add_creature(game)
    p = b.get(pick)
    fields = [Choice("Zone", "zone"), Choice("Damage", "damage"), Choice("Conditions", "conditions"),
              Choice("Enchantments", "enchantments")]
    if isinstance(p, Creature):
        fields += [Choice("Guarding", "guarding"), Choice("Active", "active"),
                   Choice("Remove it", "remove")]
    what = game.ask(Question("edit.field", "select", f"Change what on {label_of(b, p)}?",
                             tuple(fields), default="damage"))
    if what == "remove":
        put(b, RemovePiece(p.id))
        return Step(f"edit: removed {p.card} ({p.id})", WHO, [f"Removed {label_of(b, p)}."])
    old, new = _change(game, p, what)
    p = b.get(p.id)
    if old == new:  # nothing changed: no step to record (as if cancelled)
        game.on_output(f"Nothing changed on {label_of(b, p)}.")
        return None
    old, new = _shown(old), _shown(new)  # an empty field is "none", not nothing
    said: Lines = [f"{label_of(b, p)}: {what} {old} → {new}."]
    for change, why in stale_markers(b):  # markers whose cause the edit took away
        put(b, change)
        said.append(why)
    return Step(f"edit: {p.card} ({p.id}) {what} {old} → {new}", WHO, said)


def _shown(value: object) -> object:
    """A field's value as an edit's line shows it: ``none`` for an empty one.

    >>> _shown(""), _shown("Burn 2"), _shown(0)
    ('none', 'Burn 2', 0)
    """
    return "none" if value == "" else value


def _add_creature(game: GameView) -> Step:
    b = game.board
    side = game.ask(Question("edit.side", "select", "Whose creature?",
                             (Choice("Yours", Side.YM.value),
                              Choice("The Dummy Mage's", Side.DM.value)), default=Side.YM.value))
    card = game.ask(Question("edit.card", "autocomplete", "Which creature?",
                             tuple(b.cat.names("Creature"))))
    zone = game.ask(Question("edit.zone", "select", "In which zone?", tuple(b.arena.zones()),
                             default=b.mages[side].zone))
    c = new_creature(b, card, side, zone)
    put(b, AddPiece(c))
    return Step(f"edit: added {c.card} ({c.id}) in {zone}", WHO,
                [f"Added {label_of(b, c)} in {zone}."])


def _change(game: GameView, p: Piece, what: str) -> tuple[object, object]:
    """Ask for the new value of one field of ``p`` and put it on the board: (old, new), as the
    step's label shows them."""
    b = game.board
    if what == "zone":
        zone = game.ask(Question("edit.zone", "select", "New zone?", tuple(b.arena.zones()),
                                 default=p.zone))
        old = p.zone
        put(b, Move(p.id, zone))
        return old, zone
    if what == "damage":
        damage = game.ask(Question("edit.damage", "int", "Damage on it now?", default=p.damage,
                                   min=0, max=999))
        old_damage = p.damage
        put(b, SetDamage(p.id, damage))
        return old_damage, damage
    if what == "conditions":
        was = format_conditions(p.conditions)
        text = game.ask(Question("edit.conditions", "text",
                                 "Conditions now (e.g. Burn 2, Daze 1; empty for none)",
                                 default=was, validate=check_conditions))
        conditions = parse_conditions(text)
        put(b, SetConditions(p.id, conditions))
        return was, format_conditions(conditions)
    if what == "enchantments":
        was = ", ".join(p.enchantments)
        text = game.ask(Question("edit.enchantments", "text",
                                 "Enchantments now (names separated by commas)", default=was))
        names = tuple(b.cat.get(n.strip()).name for n in text.split(",") if n.strip())
        put(b, SetEnchantments(p.id, names))
        return was, ", ".join(names)
    assert isinstance(p, Creature) and what in ("guarding", "active")  # only a creature's
    flag = p.guarding if what == "guarding" else p.active
    now = game.ask(Question(f"edit.{what}", "confirm", f"{what.title()}?", default=not flag))
    put(b, SetGuard(p.id, now) if what == "guarding" else SetActive(p.id, now))
    return flag, now
