"""The board file (contract section 2, ``format: "solo-board/1"``): reading it, checking every
key, and writing it.

Loading validates every key and names the key and the problem (exit status 2); saving keeps
unknown keys.  The board itself is :class:`solo.rules.board.Board`; ``Board.to_dict`` gives
what the file holds.
"""

from __future__ import annotations

import copy
import json
import os
from typing import Any

from solo.cards.catalog import DECK_TYPES, SPELL_DECKS, Attack, Catalog, get_catalog, parse_trait
from solo.core.errors import InvalidInput, NumberTooBig, read_text, unreadable
from solo.core.kinds import BOARD_STAGES
from solo.rules.arena import MAX_COLUMNS, MAX_ROWS, Arena
from solo.rules.board import FORMAT, Board, Conjuration, Creature, Mage
from solo.rules.effects import apply
from solo.rules.harm import stale_markers
from solo.rules.pieces import MAX_DAMAGE, MAX_LISTED, MAX_MARKERS, MAX_POINTS, MAX_TRAIT
from solo.store.files import write_atomic
from solo.text.render import line

__all__ = ["BoardError", "from_dict", "load", "save", "dumps", "write_atomic"]

#: The stages and sides a board file names.
STAGES = BOARD_STAGES
SIDES = ("dm", "ym")


class BoardError(InvalidInput):
    """A board file that does not follow the contract; names the key and the problem."""


def dumps(board: Board) -> str:
    """The text of the board's file."""
    return json.dumps(board.to_dict(), indent=2, ensure_ascii=False) + "\n"


def save(board: Board, path: str | os.PathLike[str]) -> None:
    """Write the board's file (atomically: the old file stays whole until the new one is)."""
    write_atomic(path, dumps(board), "board file")


# -- loading and validation ------------------------------------------------------------------

class _Reader:
    """Small helpers that read one key and name it in any error."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    @staticmethod
    def fail(key: str, problem: str) -> BoardError:
        return BoardError(f"board: {key}: {problem}")

    def obj(self, data: Any, key: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise self.fail(key, f"must be an object, not {_type_name(data)}")
        return data

    def need(self, data: dict[str, Any], name: str, key: str) -> Any:
        if name not in data:
            raise self.fail(f"{key}.{name}" if key else name, "is missing")
        return data[name]

    def int_(self, value: Any, key: str, low: int = 0, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be a whole number, not {_type_name(value)}")
        if value < low or (high is not None and value > high):
            span = f"{low} or more" if high is None else f"{low} to {high}"
            raise self.fail(key, f"must be {span}, not {value}")
        return value

    def str_(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"must be a non-empty string, not {_type_name(value)}")
        return value

    def bool_(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, not {_type_name(value)}")
        return value

    def choice(self, value: Any, key: str, options: tuple[str, ...]) -> str:
        if value not in options:
            raise self.fail(key, f"must be one of {', '.join(options)}, not {value!r}")
        chosen: str = value
        return chosen

    def zone(self, value: Any, key: str, arena: Arena) -> str:
        self.str_(value, key)
        try:
            return arena.normal(value)
        except InvalidInput as err:
            raise self.fail(key, str(err)) from None

    def str_list(self, value: Any, key: str, most: int | None = None) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(x, str) and x.strip() for x in value):
            raise self.fail(key, "must be a list of names")
        if most is not None and len(value) > most:
            raise self.fail(key, f"lists {len(value):,} names; an object carries at most {most}")
        return list(value)

    def on_object(self, value: Any, key: str) -> list[str]:
        """The enchantments or equipment on one object (or zone), or its round markers used."""
        return self.str_list(value, key, MAX_LISTED)

    def conditions(self, value: Any, key: str) -> dict[str, int]:
        self.obj(value, key)
        out = {}
        for name, count in value.items():
            out[name] = self.int_(count, f"{key}.{name}", 0, MAX_MARKERS)
        return out

    def traits(self, value: Any, key: str) -> list[str]:
        out = self.str_list(value, key, MAX_LISTED)
        for i, t in enumerate(out):
            try:
                _, n = parse_trait(t)
            except NumberTooBig as err:
                raise self.fail(f"{key}[{i}]", str(err)) from None
            if n is not None and abs(n) > MAX_TRAIT:
                raise self.fail(f"{key}[{i}]", f"{t!r}: a trait's number must be {MAX_TRAIT} or less")
        return out

    def card(self, value: Any, key: str, types: tuple[str, ...],
             stats: dict[str, Any] | None = None) -> str:
        self.str_(value, key)
        found = self.catalog.name_and_type(value)  # (the card itself is decoded when used)
        if found is None:
            if stats is not None and "life" in stats and "cost" in stats:
                homemade: str = value
                return homemade
            hint = self.catalog.suggest(value)
            extra = " (or give stats.life and stats.cost)" if stats is not None else ""
            raise self.fail(key, f"no catalog card named {value!r}"
                            + (f"; did you mean {', '.join(hint)}?" if hint else "") + extra)
        name, type_ = found
        if type_ not in types:
            article = "an" if type_[:1] in "AEIOU" else "a"
            raise self.fail(key, f"{name} is {article} {type_}, expected a {' or '.join(types)}")
        return name

    def stats(self, value: Any, key: str) -> dict[str, Any]:
        self.obj(value, key)
        for k in ("life", "armor", "cost"):
            if k in value:
                self.int_(value[k], f"{key}.{k}", 0, MAX_POINTS)
        if "traits" in value:
            self.traits(value["traits"], f"{key}.traits")
        if "attacks" in value:
            if not isinstance(value["attacks"], list):
                raise self.fail(f"{key}.attacks", "must be a list of attack objects")
            for i, a in enumerate(value["attacks"]):
                self.obj(a, f"{key}.attacks[{i}]")
                self.str_(a.get("name"), f"{key}.attacks[{i}].name")
                rng = a.get("range", [0, 0])
                if not (isinstance(rng, list) and len(rng) == 2
                        and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in rng)):
                    raise self.fail(f"{key}.attacks[{i}].range", "must be two whole numbers, [min, max]")
                if a.get("kind") not in (None, "melee", "ranged", "zone", "damage-barrier", "passage"):
                    raise self.fail(f"{key}.attacks[{i}].kind", "must be melee, ranged, zone, "
                                    "damage-barrier or passage")
                dice = a.get("dice")
                if dice is not None and not (isinstance(dice, int) and not isinstance(dice, bool)
                                             and 0 <= dice <= 99) and dice != "X":
                    raise self.fail(f"{key}.attacks[{i}].dice", "must be a whole number of dice")
                try:
                    Attack.from_dict(a)
                except (KeyError, TypeError, ValueError) as err:
                    raise self.fail(f"{key}.attacks[{i}]", f"not a valid attack ({err})") from None
        return dict(value)


_KNOWN_TOP = {"format", "round", "stage", "initiative", "arena", "mages", "creatures",
              "conjurations", "decks", "discards"}
_KNOWN_MAGE = {"card", "zone", "life", "damage", "conditions", "enchantments", "traits",
               "equipment"}
_KNOWN_CREATURE = {"id", "card", "side", "zone", "damage", "active", "guarding", "conditions",
                   "enchantments", "traits", "stats"}
_KNOWN_CONJ = {"id", "card", "side", "zone", "border", "damage", "traits", "stats", "conditions",
               "enchantments"}


def from_dict(data: Any, catalog: Catalog | None = None) -> Board:
    """Build a :class:`Board` from contract JSON, or raise :class:`BoardError`."""
    try:
        return _from_dict(data, catalog or get_catalog())
    except RecursionError:
        raise BoardError("board: a value is nested too deeply to keep") from None


def _from_dict(data: Any, catalog: Catalog) -> Board:
    r = _Reader(catalog)
    r.obj(data, "board")
    fmt = r.need(data, "format", "")
    if fmt != FORMAT:
        raise r.fail("format", f"must be {FORMAT!r}, not {fmt!r}")
    rnd = r.int_(r.need(data, "round", ""), "round", 1, 9999)
    stage = r.choice(data.get("stage", "quickcast-1"), "stage", STAGES)
    initiative = r.choice(r.need(data, "initiative", ""), "initiative", SIDES)
    a = r.obj(r.need(data, "arena", ""), "arena")
    arena = Arena(r.int_(r.need(a, "columns", "arena"), "arena.columns", 1, MAX_COLUMNS),
                  r.int_(r.need(a, "rows", "arena"), "arena.rows", 1, MAX_ROWS))
    mages_data = r.obj(r.need(data, "mages", ""), "mages")
    mages = _mages(r, mages_data, arena)
    ids: set[str] = set(SIDES)
    creatures = _creatures(r, _listed(r, data, "creatures"), arena, ids)
    conjurations = _conjurations(r, _listed(r, data, "conjurations"), arena, ids)
    decks = _piles(r, data, "decks", True)
    discards = _piles(r, data, "discards", False)
    _solos_keys(r, data, arena)
    for i, p in enumerate(data["creatures"] + data["conjurations"]):
        where = f"creatures[{i}]" if i < len(data["creatures"]) else \
            f"conjurations[{i - len(data['creatures'])}]"
        _check_piece_extras(r, p, where)
    for side in SIDES:
        _check_piece_extras(r, mages_data[side], f"mages.{side}")
    return Board(round=rnd, stage=stage, initiative=initiative, arena=arena, mages=mages,
                 creatures=creatures, conjurations=conjurations, decks=decks, discards=discards,
                 extra={k: copy.deepcopy(v) for k, v in data.items() if k not in _KNOWN_TOP},
                 catalog=catalog)


def _mages(r: _Reader, mages_data: dict[str, Any], arena: Arena) -> dict[str, Mage]:
    mages = {}
    for side in SIDES:
        key = f"mages.{side}"
        m = r.obj(r.need(mages_data, side, "mages"), key)
        mages[side] = Mage(
            id=side, side=side,
            card=r.card(r.need(m, "card", key), f"{key}.card", ("Mage",)),
            zone=r.zone(r.need(m, "zone", key), f"{key}.zone", arena),
            life=r.int_(r.need(m, "life", key), f"{key}.life", 1, MAX_POINTS),
            damage=r.int_(r.need(m, "damage", key), f"{key}.damage", 0, MAX_DAMAGE),
            conditions=r.conditions(r.need(m, "conditions", key), f"{key}.conditions"),
            enchantments=r.on_object(m.get("enchantments", []), f"{key}.enchantments"),
            traits=r.traits(m.get("traits", []), f"{key}.traits"),
            equipment=[r.card(name, f"{key}.equipment[{j}]", ("Equipment",))
                       for j, name in enumerate(r.on_object(m.get("equipment", []),
                                                            f"{key}.equipment"))],
            extra={k: v for k, v in m.items() if k not in _KNOWN_MAGE})
    unknown_sides = set(mages_data) - set(SIDES)
    if unknown_sides:
        raise r.fail("mages", f"only 'dm' and 'ym' are allowed, not {sorted(unknown_sides)}")
    return mages


def _common(r: _Reader, c: Any, key: str, types: tuple[str, ...], known: set[str], arena: Arena,
            ids: set[str]) -> dict[str, Any]:
    """The fields creatures and conjurations share, checked; ``id`` unique on the board
    (``ids``: those used so far)."""
    r.obj(c, key)
    cid = r.str_(r.need(c, "id", key), f"{key}.id")
    if cid in ids:
        raise r.fail(f"{key}.id", f"{cid!r} is used twice (ids must be unique, and 'dm'/'ym' are the mages)")
    ids.add(cid)
    stats = r.stats(c.get("stats", {}), f"{key}.stats")
    return {"id": cid, "card": r.card(r.need(c, "card", key), f"{key}.card", types, stats),
            "side": r.choice(r.need(c, "side", key), f"{key}.side", SIDES),
            "zone": r.zone(r.need(c, "zone", key), f"{key}.zone", arena),
            "damage": r.int_(r.need(c, "damage", key), f"{key}.damage", 0, MAX_DAMAGE),
            "traits": r.traits(r.need(c, "traits", key), f"{key}.traits"), "stats": stats,
            "extra": {k: v for k, v in c.items() if k not in known}}


def _listed(r: _Reader, data: dict[str, Any], name: str) -> list[Any]:
    items = r.need(data, name, "")
    if not isinstance(items, list):
        raise r.fail(name, "must be a list")
    return items


def _creatures(r: _Reader, items: list[Any], arena: Arena, ids: set[str]) -> list[Creature]:
    creatures = []
    for i, c in enumerate(items):
        key = f"creatures[{i}]"
        fields = _common(r, c, key, ("Creature",), _KNOWN_CREATURE, arena, ids)
        creatures.append(Creature(
            **fields,
            active=r.bool_(r.need(c, "active", key), f"{key}.active"),
            guarding=r.bool_(r.need(c, "guarding", key), f"{key}.guarding"),
            conditions=r.conditions(r.need(c, "conditions", key), f"{key}.conditions"),
            enchantments=r.on_object(r.need(c, "enchantments", key), f"{key}.enchantments")))
    return creatures


def _conjurations(r: _Reader, items: list[Any], arena: Arena,
                  ids: set[str]) -> list[Conjuration]:
    conjurations = []
    for i, c in enumerate(items):
        key = f"conjurations[{i}]"
        fields = _common(r, c, key, ("Conjuration", "Creature"), _KNOWN_CONJ, arena, ids)
        border = None
        if c.get("border") is not None:
            border = r.zone(c["border"], f"{key}.border", arena)
            if not arena.adjacent(fields["zone"], border):
                raise r.fail(f"{key}.border", f"{border} is not next to {fields['zone']}; a wall "
                             "stands on the border between two adjacent zones")
        conjurations.append(Conjuration(
            **fields, border=border,
            conditions=r.conditions(c.get("conditions", {}), f"{key}.conditions"),
            enchantments=r.on_object(c.get("enchantments", []), f"{key}.enchantments")))
    return conjurations


def _piles(r: _Reader, data: dict[str, Any], name: str, required: bool) -> dict[str, list[str]]:
    """The Dummy Mage's draw piles (``decks``, required) or discard piles (``discards``)."""
    raw = r.need(data, name, "") if required else data.get(name, {})
    r.obj(raw, name)
    out = {}
    for deck in SPELL_DECKS:
        items = r.str_list(raw.get(deck, []), f"{name}.{deck}") if (deck in raw or not required) \
            else r.str_list(r.need(raw, deck, name), f"{name}.{deck}")
        # A discard pile may hold a homemade creature (a board card with stats) that was
        # destroyed; draw piles hold catalog cards only.
        homemade = {"life": 0, "cost": 0} if name == "discards" else None
        out[deck] = [r.card(n, f"{name}.{deck}[{j}]", (DECK_TYPES[deck],), homemade)
                     for j, n in enumerate(items)]
    extra = set(raw) - set(SPELL_DECKS)
    if extra:
        raise r.fail(name, f"unknown deck {sorted(extra)[0]!r}; the decks are {', '.join(SPELL_DECKS)}")
    return out


def _solos_keys(r: _Reader, data: dict[str, Any], arena: Arena) -> None:
    """The keys solo adds to a board: the next ids, the tally, the Dummy Mage's zone
    enchantments."""
    if "next_id" in data:
        r.obj(data["next_id"], "next_id")
        for side, n in data["next_id"].items():
            r.choice(side, "next_id", SIDES)
            r.int_(n, f"next_id.{side}", 1)
    if "tally" in data:  # mana destroyed by each side (solo's own key)
        r.obj(data["tally"], "tally")
        for side, n in data["tally"].items():
            r.choice(side, "tally", SIDES)
            r.int_(n, f"tally.{side}", 0, 99999)
    if "zone_enchantments" in data:  # enchantments the Dummy Mage cast on zones (solo's own key)
        r.obj(data["zone_enchantments"], "zone_enchantments")
        for z, names in data["zone_enchantments"].items():
            r.zone(z, "zone_enchantments", arena)
            r.on_object(names, f"zone_enchantments.{z}")


def _check_piece_extras(r: _Reader, p: dict[str, Any], key: str) -> None:
    """Keys solo itself adds to an object: Defense uses this round, round markers used up."""
    if "defense_used" in p:
        r.obj(p["defense_used"], f"{key}.defense_used")
        for k, n in p["defense_used"].items():
            if not k.isdigit():
                raise r.fail(f"{key}.defense_used", f"{k!r} is not a defense number")
            r.int_(n, f"{key}.defense_used.{k}", 0, 99)
    if "once_used" in p:
        r.on_object(p["once_used"], f"{key}.once_used")


def load(path: str | os.PathLike[str], catalog: Catalog | None = None) -> Board:
    """Read a board file; any problem is a :class:`BoardError` naming the file and the key."""
    from solo.core.precheck import json_problem

    path = os.fspath(path)
    text = read_text(path, "board file", error=BoardError)
    too_many = json_problem(text)
    if too_many:
        raise BoardError(f"board file {path} cannot be read: {too_many}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise BoardError(f"board file {path} is not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})") from None
    except (ValueError, RecursionError) as err:  # a number too long to read, absurd nesting
        raise BoardError(f"board file {path} cannot be read: {unreadable(err)}") from None
    try:
        return from_dict(data, catalog)
    except BoardError as err:
        raise BoardError(f"{path}: {err}") from None


def normalize(board: Board) -> list[str]:
    """Take off the markers whose cause is gone (Rage tokens on a creature with no damage left,
    Growth on a creature that never grows, a Grapple with no grappler: docs/rulings.md,
    "Markers that outlive their cause"), and say so, one line each."""
    said = []
    for change, why in stale_markers(board):
        apply(board, change)
        said.append(line(why))
    return said


def _type_name(v: Any) -> str:
    if v is None:
        return "null"
    return {bool: "true/false", int: "a number", float: "a decimal number", str: "a string",
            list: "a list", dict: "an object"}.get(type(v), type(v).__name__)
