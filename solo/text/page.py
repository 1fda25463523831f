"""The table screen's data: the board, the status, the Dummy Mage's instructions and the question
now asked, as the JSON the page draws -- built from the same records the terminal shows (the map's
contents and marks, the status line's numbers, the steps' lines, the questions as data), so that
the page shows nothing the terminal does not know.

Pure: plain dicts and lists out, nothing printed or served.
"""

from __future__ import annotations

import re
from typing import Any

from solo.core.questions import AnswerError, Question
from solo.rules.board import Board, Conjuration, Creature, Mage, Piece
from solo.core.kinds import Side
from solo.text import board_map

#: The escapes a page offers as buttons of their own (the others -- the board, the rules, the
#: log -- are always in view on the page).
PAGE_ESCAPES = ("undo",)
#: The escapes a page leaves out: what they show is on the page already.
HIDDEN_ESCAPES = ("board", "rules", "log", "edit")

_ATTACK_DIE = re.compile(r"\[(-|[12]\*?)\]")
_EFFECT_DIE = re.compile(r"\((effect die|compass): ([^()]*)\)")


def _safe(f: Any, default: Any) -> Any:
    try:
        return f()
    except Exception:  # noqa: BLE001 - a hand-made board's odd object must not stop the page
        return default


def piece_data(board: Board, p: Piece) -> dict[str, Any]:
    """One object as the page draws it: who, what, where, damage and life, and its marks."""
    kind = "mage" if isinstance(p, Mage) else "creature" if isinstance(p, Creature) else "conjuration"
    numbers = board_map._numbers(board, p)
    data: dict[str, Any] = {
        "id": p.id, "card": " ".join(p.card.split()), "side": str(p.side), "kind": kind,
        "zone": p.zone, "damage": p.damage,
        "life": _safe(lambda: board.life(p), None) if numbers else None,
        "conditions": [{"name": n, "count": c, "mark": board_map.condition_mark(n, c)}
                       for n, c in p.conditions.items() if isinstance(c, int) and c > 0],
        "enchantments": [str(e) for e in p.enchantments],
        "flying": not isinstance(p, Conjuration) and bool(_safe(lambda: board.flying(p), False)),
        "marks": board_map.piece_marks(board, p),
    }
    if isinstance(p, Creature):
        data["active"], data["guarding"] = p.active, p.guarding
    hidden = p.extra.get("hidden_enchantments")
    if isinstance(hidden, list) and hidden:  # yours, face down: marked, named only to you
        data["hidden"] = [str(h.get("card", h)) if isinstance(h, dict) else str(h) for h in hidden]
    if isinstance(p, Conjuration) and p.border is not None:
        data["border"] = p.border
    return data


def board_data(board: Board) -> dict[str, Any]:
    """The arena (columns, rows, zone names), every object zone by zone in the map's order, the
    walls on their borders, and the Dummy Mage's piles: draw decks and discards (their sizes,
    and the discards' cards, which are face up)."""
    arena = board.arena
    zones = [[arena.name(c, r) for c in range(arena.columns)] for r in range(arena.rows)]
    contents = board_map.zone_contents(board)
    _, walls = board_map._walls_by_border(board)
    return {
        "columns": arena.columns, "rows": arena.rows, "zones": zones,
        "pieces": [piece_data(board, p) for z in contents.values() for p in z],
        "walls": [piece_data(board, w) for w in walls],
        "decks": {deck: len(board.decks.get(deck, [])) for deck, _ in board_map._DECK_SHORT},
        "discards": {deck: list(cards) for deck, cards in board.discards.items()},
    }


def status_data(board: Board) -> dict[str, Any]:
    """What the page keeps in view: life left of both mages, round, stage, initiative."""
    life = {str(side): _safe(lambda side=side: max(0, board.remaining_life(board.mages[side])), None)
            for side in (Side.YM, Side.DM)}
    return {"round": board.round, "stage": board.stage, "initiative": str(board.initiative),
            "life": life, "line": board_map.compact_status(board, 200)}


def line_parts(line: str) -> list[dict[str, Any]]:
    """A line of the log cut into text and dice, for the page to draw the dice as dice: an
    attack die ``[2*]`` (``-`` blank, ``*`` critical), the effect die's and the compass's
    numbers ``(effect die: 8, 2)``.

    >>> line_parts("Rolled [1*] [-]: normal 0, critical 1.")  # doctest: +NORMALIZE_WHITESPACE
    [{'text': 'Rolled '}, {'die': 'attack', 'face': '1*'}, {'text': ' '}, {'die': 'attack', 'face': '-'},
     {'text': ': normal 0, critical 1.'}]
    >>> line_parts("(effect die: 8, 11)")
    [{'text': 'effect die: '}, {'die': 'd12', 'face': '8'}, {'die': 'd12', 'face': '11'}]
    """
    effect = _EFFECT_DIE.fullmatch(line.strip())
    if effect:
        kind = "d12" if effect.group(1) == "effect die" else "compass"
        return [{"text": f"{effect.group(1)}: "},
                *({"die": kind, "face": f.strip()} for f in effect.group(2).split(",") if f.strip())]
    parts: list[dict[str, Any]] = []
    at = 0
    for m in _ATTACK_DIE.finditer(line):
        if m.start() > at:
            parts.append({"text": line[at:m.start()]})
        parts.append({"die": "attack", "face": m.group(1)})
        at = m.end()
    if at < len(line):
        parts.append({"text": line[at:]})
    return parts


def step_data(n: int, who: str, label: str, lines: list[str]) -> dict[str, Any]:
    """One step of the log: its number, who, label, and its lines cut into text and dice."""
    return {"n": n, "who": who, "label": label, "lines": [line_parts(x) for x in lines]}


def question_data(q: Question) -> dict[str, Any]:
    """A question as the page asks it: its words and kind, each choice's title by its index
    (the answer names the index: a value need not be JSON), the default's index, a number's
    range; the escapes the page shows (undo) marked, those it does not left out."""
    choices = []
    default = None
    for i, (title, value) in enumerate(q.pairs()):
        escape = value if isinstance(value, str) and value in q.escapes else None
        if escape in HIDDEN_ESCAPES:
            continue
        choices.append({"i": i, "title": title, **({"escape": escape} if escape else {})})
        if default is None and q.default is not None and (value == q.default or title == q.default):
            default = i
    data: dict[str, Any] = {"id": q.id, "kind": q.kind, "message": q.message, "choices": choices,
                            "default": default}
    if q.kind in ("text", "int", "confirm"):
        data["value"] = None if q.default is None else q.default if isinstance(
            q.default, (int, str, bool)) else str(q.default)
    if q.kind == "int":
        data["min"], data["max"] = q.min, q.max
    return data


def answer_value(q: Question, answer: Any) -> Any:
    """The value an answer from the page gives ``q``: ``{"choice": i}`` the value of its ``i``-th
    choice; ``{"text": t}`` what ``t`` typed gives (``AnswerError`` when it does not fit)."""
    if not isinstance(answer, dict):
        raise AnswerError("not an answer")
    if "choice" in answer and q.kind in ("select", "autocomplete") and q.choices:
        pairs = q.pairs()
        i = answer["choice"]
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(pairs):
            raise AnswerError(f"{i!r} is not one of the choices")
        return pairs[i][1]
    if "text" in answer:
        return q.parse(answer["text"])
    raise AnswerError("not an answer")
