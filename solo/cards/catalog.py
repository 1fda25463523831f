"""The card catalog: Arena cards and mages, loaded once, lazily, from the package data.

The catalog file is built by ``scripts/import_cards.py`` and shipped inside the package as
``solo.data/catalog.json``.  Loading it takes a couple of milliseconds; commands that need no
cards never call :func:`get_catalog`.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, ClassVar, Final

from solo.core.errors import ExitCode, SoloError
from solo.core.plain import Plain
from solo.core.records import FrozenRecord
from solo.cards.traits import LOW, low
from solo.cards.traits import _parsed_lower as _parsed_lower
from solo.cards.traits import names_in as names_in
from solo.cards.traits import parse_trait as parse_trait
from solo.cards.traits import trait_max as trait_max
from solo.cards.traits import trait_value as trait_value

if TYPE_CHECKING:
    from pathlib import Path

    #: A card as the catalog keeps it: (name, type, the record), the record being decoded, or
    #: its JSON text, or where that text starts and ends in the catalog's text.
    Entry = tuple[str, str, dict[str, Any] | str | tuple[int, int]]

SPELL_DECKS: Final = ("creature", "enchantment", "incantation", "attack")
#: Which card type each of the Dummy Mage's decks holds.
DECK_TYPES: Final = {"creature": "Creature", "enchantment": "Enchantment",
                     "incantation": "Incantation", "attack": "Attack"}

#: The Level of every mage (a mage is a Level 6 creature).
MAGE_LEVEL: Final = 6


def data_dir() -> Path:
    """Where the catalog and built-in deck sets live, installed or in a source checkout.

    Installed, the ``decks/`` folder is the package ``solo.data`` (``solo/data/``); in a source
    checkout (or an editable install) it is ``decks/`` beside the package.
    """
    from pathlib import Path

    return Path(data_folder())


def data_folder() -> str:
    """:func:`data_dir` as a string, found without :mod:`pathlib` (which ``solo cards`` need
    not import)."""
    here = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # solo/
    for path in (os.path.join(here, "data"), os.path.join(os.path.dirname(here), "decks")):
        if os.path.exists(os.path.join(path, "catalog.json")):
            return path
    try:  # any other layout a packager might choose
        from importlib.resources import files

        return str(files("solo.data"))
    except (ModuleNotFoundError, TypeError):
        return os.path.join(os.path.dirname(here), "decks")


def shipped_json(name: str) -> Any:
    """A JSON file shipped beside the catalog (``decks/NAME``), decoded; None when it is missing
    or cannot be read (each such file is a short cut or a head start, never the only source)."""
    try:
        with open(os.path.join(data_folder(), name), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


class Effect(FrozenRecord):
    """What an effect-die roll from ``min`` to ``max`` (None: no top) gives."""

    min: int
    max: int | None
    conditions: tuple[str, ...]

    def __init__(self, min: int, max: int | None, conditions: tuple[str, ...]) -> None:
        d = self.__dict__  # (faster than object.__setattr__ a field)
        d["min"] = min
        d["max"] = max
        d["conditions"] = conditions

    def covers(self, roll: int) -> bool:
        return roll >= self.min and (self.max is None or roll <= self.max)


def _trait_names(owner: Attack | Card) -> frozenset[str]:
    """Every lower-case name ``has`` answers yes to for an attack's or a card's traits: each
    trait, and each start of one that ends before a space ("melee" of "Melee +1").  Made once
    an object (outside its fields: neither is ever changed, :func:`replace` makes a new one)."""
    names = owner._trait_names
    if names is None:
        names = owner._trait_names = names_in(owner.traits)
    return names


class Attack(Plain):
    """One attack of a card: how it is made, its range, dice, damage type, effects and traits.

    A plain class with slots (the compiled build makes it a class of its own), which behaves as
    a record of :attr:`_fields` (equality, repr, no hash; ``solo.core.records.replace``)."""

    __slots__ = ("name", "action", "kind", "range", "dice", "damage_type", "zone", "effects",
                 "traits", "is_melee", "is_ranged", "counted", "_trait_names")
    _fields: ClassVar[tuple[str, ...]] = ("name", "action", "kind", "range", "dice",
                                          "damage_type", "zone", "effects", "traits")

    name: str
    action: str | None  # quick | full | None (passive)
    kind: str | None  # melee | ranged | zone | damage-barrier | passage
    range: tuple[int, int]
    dice: int | str | None
    damage_type: str | None
    zone: bool
    effects: tuple[Effect, ...]
    traits: tuple[str, ...]
    # Asked thousands of times a game: plain attributes, not fields (an attack is never
    # changed; replace() makes a new one).
    is_melee: bool
    is_ranged: bool
    #: Whether its dice are a number solo can roll (not "X", which its card's text sets, nor
    #: none).
    counted: bool
    _trait_names: frozenset[str] | None  # see has

    def __init__(self, name: str, action: str | None, kind: str | None, range: tuple[int, int],
                 dice: int | str | None, damage_type: str | None = None, zone: bool = False,
                 effects: tuple[Effect, ...] = (), traits: tuple[str, ...] = ()) -> None:
        self.name = name
        self.action = action
        self.kind = kind
        self.range = range
        self.dice = dice
        self.damage_type = damage_type
        self.zone = zone
        self.effects = effects
        self.traits = traits
        self.is_melee = kind == "melee"
        self.is_ranged = kind == "ranged"
        self.counted = isinstance(dice, int) and not isinstance(dice, bool)
        self._trait_names = None

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Attack":
        return cls(
            name=d["name"], action=d.get("action"), kind=d.get("kind"),
            range=tuple(d.get("range") or (0, 0)), dice=d.get("dice"),
            damage_type=d.get("damage_type"), zone=bool(d.get("zone")),
            effects=tuple(Effect(e["min"], e["max"], tuple(e["conditions"])) for e in d.get("effects", ())),
            traits=tuple(d.get("traits", ())),
        )

    def has(self, trait: str) -> bool:
        """Whether a trait of it is ``trait`` (any case) or starts with it and a space
        (``Piercing`` for ``Piercing +2``)."""
        if not self.traits:  # most attacks have none (asked hundreds of times a game)
            return False
        try:
            want = LOW[trait]  # (see traits.LOW)
        except KeyError:
            want = low(trait)
        names = self._trait_names  # (_trait_names' kept set, read without its call)
        return want in (names if names is not None else _trait_names(self))

    def trait_value(self, name: str) -> int | None:
        return trait_value(list(self.traits), name)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, object] = {"name": self.name, "action": self.action, "kind": self.kind,
                                "range": list(self.range), "dice": self.dice}
        if self.damage_type:
            d["damage_type"] = self.damage_type
        if self.zone:
            d["zone"] = True
        if self.effects:
            d["effects"] = [{"min": e.min, "max": e.max, "conditions": list(e.conditions)}
                            for e in self.effects]
        if self.traits:
            d["traits"] = list(self.traits)
        return d


class Defense(FrozenRecord):
    """A Defense: the roll that succeeds, how often it may be used, and any restriction."""

    roll: int
    uses: int | str  # a number per round, or "unlimited"
    restriction: str | None

    def __init__(self, roll: int, uses: int | str = 1, restriction: str | None = None) -> None:
        d = self.__dict__  # (faster than object.__setattr__ a field)
        d["roll"] = roll
        d["uses"] = uses
        d["restriction"] = restriction


class Card(Plain):
    """One catalog card (or a mage). Missing stats are ``None``.

    A plain class with slots, like :class:`Attack`; ``==`` leaves out its Dummy Mage note."""

    __slots__ = ("name", "type", "cost", "subtypes", "schools", "reveal_cost", "action", "target",
                 "range", "life", "armor", "channeling", "defenses", "traits", "attacks",
                 "type_detail", "set", "dm", "mana", "_trait_names", "_subtypes_low")
    _fields: ClassVar[tuple[str, ...]] = (
        "name", "type", "cost", "subtypes", "schools", "reveal_cost", "action", "target", "range",
        "life", "armor", "channeling", "defenses", "traits", "attacks", "type_detail", "set", "dm")
    _uncompared: ClassVar[tuple[str, ...]] = ("dm",)

    name: str
    type: str
    cost: int | str | None
    subtypes: tuple[str, ...]
    schools: tuple[tuple[str, int], ...]
    reveal_cost: int | str | None  # "X" on a few cards
    action: str | None
    target: str | None
    range: tuple[int, int]
    life: int | None
    armor: int | None
    channeling: int | str | None  # text on one card
    defenses: tuple[Defense, ...]
    traits: tuple[str, ...]
    attacks: tuple[Attack, ...]
    type_detail: str | None
    set: str | None
    dm: dict[str, Any]
    #: Mana cost as a number (X costs count as 0; enchantments add their reveal cost, an X
    #: reveal cost counting as 0): not a field, worked out with the card (never changed).
    mana: int
    _trait_names: frozenset[str] | None  # see has
    _subtypes_low: frozenset[str] | None  # see is_a

    def __init__(self, name: str, type: str, cost: int | str | None = None,
                 subtypes: tuple[str, ...] = (), schools: tuple[tuple[str, int], ...] = (),
                 reveal_cost: int | str | None = None, action: str | None = None,
                 target: str | None = None, range: tuple[int, int] = (0, 0),
                 life: int | None = None, armor: int | None = None,
                 channeling: int | str | None = None,
                 defenses: tuple[Defense, ...] = (), traits: tuple[str, ...] = (),
                 attacks: tuple[Attack, ...] = (), type_detail: str | None = None,
                 set: str | None = None, dm: dict[str, Any] | None = None) -> None:
        self.name = name
        self.type = type
        self.cost = cost
        self.subtypes = subtypes
        self.schools = schools
        self.reveal_cost = reveal_cost
        self.action = action
        self.target = target
        self.range = range
        self.life = life
        self.armor = armor
        self.channeling = channeling
        self.defenses = defenses
        self.traits = traits
        self.attacks = attacks
        self.type_detail = type_detail
        self.set = set
        self.dm = {} if dm is None else dm
        self.mana = (cost if isinstance(cost, int) else 0) + (
            reveal_cost if type == "Enchantment" and isinstance(reveal_cost, int) else 0)
        self._trait_names = None
        self._subtypes_low = None

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Card":
        return cls(
            name=d["name"], type=d["type"], cost=d.get("cost"),
            subtypes=tuple(d.get("subtypes", ())),
            schools=tuple((s, lvl) for s, lvl in d.get("schools", ())),
            reveal_cost=d.get("reveal_cost"), action=d.get("action"), target=d.get("target"),
            range=tuple(d.get("range") or (0, 0)), life=d.get("life"), armor=d.get("armor"),
            channeling=d.get("channeling"),
            defenses=tuple(Defense(x["roll"], x.get("uses", 1), x.get("restriction"))
                           for x in d.get("defenses", ())),
            traits=tuple(d.get("traits", ())),
            attacks=tuple(Attack.from_dict(a) for a in d.get("attacks", ())),
            type_detail=d.get("type_detail"), set=d.get("set"), dm=d.get("dm") or {},
        )

    @property
    def is_wall(self) -> bool:
        return bool(self.type_detail and "Wall" in self.type_detail)

    @property
    def level(self) -> int:
        """The spell's Level: its school levels added up (every multi-school creature of the
        Arena sets needs both schools); a mage counts as Level 6."""
        if self.type == "Mage":
            return MAGE_LEVEL
        return sum(lvl for _, lvl in self.schools)

    def has(self, trait: str) -> bool:
        if not self.traits:  # most cards have none
            return False
        try:
            want = LOW[trait]  # (see traits.LOW)
        except KeyError:
            want = low(trait)
        names = self._trait_names  # (_trait_names' kept set, read without its call)
        return want in (names if names is not None else _trait_names(self))

    def attack(self, name: str) -> Attack | None:
        for a in self.attacks:
            if a.name.lower() == name.lower():
                return a
        return None

    def is_a(self, subtype: str) -> bool:
        """Whether one of its subtypes is ``subtype`` (any case).  The lower-case set is made
        once a card (outside its fields: a card is never changed, :func:`replace` makes a new
        one)."""
        subtypes = self._subtypes_low
        if subtypes is None:
            subtypes = self._subtypes_low = frozenset(s.lower() for s in self.subtypes)
        try:
            want = LOW[subtype]  # (see traits.LOW)
        except KeyError:
            want = low(subtype)
        return want in subtypes


class UnknownCard(SoloError):
    exit_code = ExitCode.USAGE


class Catalog:
    """Cards by name (matched without regard to case)."""

    def __init__(self, records: list[dict[str, Any]]) -> None:
        #: lower-case name -> (name, type, the record), where the record is its JSON text, or
        #: where that text starts and ends in ``_text``, until the card is first asked for
        self._records: dict[str, Entry] = {
            r["name"].lower(): (r["name"], r["type"], r) for r in records}
        self._text = ""  # the catalog's text, when the records point into it
        self._cards: dict[str, Card] = {}
        self._exact: dict[str, Card] = {}
        self._absent: set[str] = set()  # names asked for that no card has (see find)
        self._names: dict[str | None, tuple[str, ...]] = {}
        self._quick: dict[str, tuple[str, ...]] = {}

    @classmethod
    def from_text(cls, text: str, index: Index | None = None) -> Catalog:
        """A catalog from the text of ``catalog.json``.

        ``scripts/import_cards.py`` starts each card on a line of its own, with its name and
        type first: those two are read at once and the rest of a card only when it is first
        asked for, so a command that looks up a few cards does not decode all of them.  With
        the ``index`` it writes beside the catalog (see :class:`Index`), and when that
        index fits the text, not even the lines are read.  Text of any other layout is decoded
        whole.
        """
        indexed = index.read(text) if index is not None else None
        if indexed is not None:
            catalog = cls([])
            catalog._records, catalog._text = indexed, text
            return catalog
        try:
            records = _card_texts(text)
        except ValueError:  # a name with an escape: let the JSON decoder read it
            records = None
        if records is None:
            return cls(json.loads(text)["cards"])
        catalog = cls([])
        catalog._records = records
        return catalog

    def _record(self, key: str) -> dict[str, Any] | None:
        entry = self._records.get(key)
        if entry is None:
            return None
        record = entry[2]
        if isinstance(record, tuple):  # where its text lies in the catalog's
            record = self._text[record[0]:record[1]]
        if isinstance(record, str):
            record = json.loads(record)
            self._records[key] = (entry[0], entry[1], record)
        return record

    def mentioning(self, word: str) -> list[Card]:
        """The cards whose record holds ``word`` anywhere (in a key or a value): a cheap first
        sift that decodes only those cards (the caller checks what it needs)."""
        text, found = self._text, []
        for name, _, record in list(self._records.values()):
            if type(record) is tuple:  # searched where it lies in the text, not copied out
                hit = text.find(word, record[0], record[1]) >= 0
            else:
                hit = word in (record if isinstance(record, str) else json.dumps(record))
            if hit:
                found.append(name)
        return [self.get(name) for name in found]

    def __len__(self) -> int:
        return len(self._records)

    def __contains__(self, name: str) -> bool:
        return name.lower() in self._records

    def find(self, name: str) -> Card | None:
        card = self._exact.get(name)  # the name as asked before (nearly always the card's own)
        if card is not None:
            return card
        if name in self._absent:  # a marker's name asked for its card (Burn, Banish...)
            return None
        key = name.strip().lower()
        card = self._cards.get(key)
        if card is None:
            record = self._record(key)
            if record is None:
                if len(self._absent) < 4096:  # (names people type are not kept forever)
                    self._absent.add(name)
                return None
            card = self._cards[key] = Card.from_dict(record)
        self._exact[name] = card
        return card

    def name_and_type(self, name: str) -> tuple[str, str] | None:
        """A card's own spelling of its name, and its type, as :meth:`find` would give them,
        without decoding the card (checking a deck's cards needs no more)."""
        card = self._exact.get(name)
        if card is not None:
            return card.name, card.type
        entry = self._records.get(name.strip().lower())
        return None if entry is None else (entry[0], entry[1])

    def get(self, name: str) -> Card:
        card = self._exact.get(name)  # (find's first look, written out: no call more)
        if card is None:
            card = self.find(name)
        if card is None:
            hint = self.suggest(name)
            raise UnknownCard(f"no card named {name!r} in the catalog"
                              + (f"; did you mean {', '.join(hint)}?" if hint else ""))
        return card

    def mage(self, name: str) -> Card:
        """The mage card called ``name``; refused with the nearest mages' names (not every
        card's: "Wizzard" is not near "Wizard's Tower" for a mage)."""
        card = self.find(name)
        if card is not None and card.type == "Mage":
            return card
        hint = self.suggest(name, "Mage")
        what = f"no mage named {name!r}" if card is None else f"{card.name} is not a mage"
        raise UnknownCard(what + (f"; did you mean {', '.join(hint)}?" if hint
                                  else "; see solo cards search --type mage"))

    def names(self, type_: str | None = None) -> list[str]:
        kept = self._names.get(type_)
        if kept is None:
            kept = self._names[type_] = tuple(sorted(
                name for name, type_of, _ in self._records.values()
                if type_ is None or type_of == type_))
        return list(kept)

    def cards(self, type_: str | None = None) -> list[Card]:
        return [self.get(n) for n in self.names(type_)]

    def quick_names(self, type_: str) -> list[str]:
        """The names of the quick spells of ``type_`` (their casting line shows the quick action
        icon), worked out once: a quickcast offers only these."""
        kept = self._quick.get(type_)
        if kept is None:
            kept = self._quick[type_] = tuple(
                c.name for c in self.cards(type_) if c.action == "quick")
        return list(kept)

    def suggest(self, name: str, type_: str | None = None, n: int = 3) -> list[str]:
        """The nearest catalog names to ``name`` (for "did you mean").

        Substring matches come first, then close spellings.
        """
        import difflib

        pool = self.names(type_)
        low = name.strip().lower()
        by_low = {p.lower(): p for p in pool}
        subs = [p for p in pool if low and low in p.lower()]
        close = [by_low[m] for m in difflib.get_close_matches(low, list(by_low), n=n, cutoff=0.5)]
        out: list[str] = []
        for p in close + subs:
            if p not in out:
                out.append(p)
        return out[:n]


_CATALOG: Catalog | None = None


def get_catalog() -> Catalog:
    """The shipped catalog, loaded on first use."""
    global _CATALOG
    if _CATALOG is None:
        folder = data_folder()
        path = os.path.join(folder, "catalog.json")
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as err:
            raise SoloError(f"cannot read the card catalog at {path}: {err.strerror}; reinstall solo")
        _CATALOG = Catalog.from_text(text, shipped_index(folder))
    return _CATALOG


#: A card line's start in catalog.json (a card's, or an attack's of the card above).
_LINE_START: Final = '\n{"name":"'


class Index:
    """Where each card's record starts and ends in a catalog's text: what ``catalog_index.py``
    (beside ``catalog.json``, written with it by ``scripts/import_cards.py``) holds.

    Kept as two strings and a flat tuple of numbers, which load several times faster from
    byte code than a dict literal of the same cards."""

    def __init__(self, size: int, lines: int, names: str, types: str, spans: tuple[int, ...]) -> None:
        self.size = size  # the text's length
        self.lines = lines  # how many of its lines start with a name
        self.names, self.types = names, types  # the cards' names and types, a line each
        self.spans = spans  # start, end, start, end... of each card's record, in that order

    def read(self, text: str) -> dict[str, Entry] | None:
        """Lower-case name -> (name, type, (start, end)) of each card, as :class:`Catalog`
        keeps them, when the index fits ``text``: as long, with as many lines that start with
        a name, and each card's name and type where the index puts its start.  None when it
        does not fit (the text was changed without the index)."""
        if len(text) != self.size or text.count(_LINE_START) != self.lines:
            return None
        names, types = self.names.split("\n"), self.types.split("\n")
        heads = [f'{{"name":"{name}","type":"{type_}"' for name, type_ in zip(names, types)]
        if not all(map(text.startswith, heads, self.spans[::2])):
            return None
        spans = iter(self.spans)
        return dict(zip(self.names.lower().split("\n"), zip(names, types, zip(spans, spans))))

    @classmethod
    def of(cls, text: str) -> Index:
        """The index of a catalog text laid out as ``scripts/import_cards.py`` writes it."""
        records = _card_texts(text)
        if records is None or any("\n" in name for name, _, _ in records.values()):
            raise ValueError("the catalog is not laid out a card a line")
        spans: list[int] = []
        at = 0
        for _, _, record in records.values():
            assert isinstance(record, str)
            at = text.index(record, at)
            spans += [at, at + len(record)]
            at += len(record)
        return cls(len(text), text.count(_LINE_START), "\n".join(n for n, _, _ in records.values()),
                   "\n".join(t for _, t, _ in records.values()), tuple(spans))

    def source(self) -> str:
        """The index as the Python module ``catalog_index.py``."""
        spans = ",\n".join(", ".join(map(str, self.spans[i:i + 12])) for i in range(0, len(self.spans), 12))
        return ('"""Where each card starts and ends in catalog.json: written with it by '
                'scripts/import_cards.py\n(do not edit).  solo.cards.catalog reads a card straight '
                'from its place in the text."""\n\n'
                f"SIZE = {self.size}\nLINES = {self.lines}\n"
                f"NAMES = {_lines(self.names)}\nTYPES = {_lines(self.types)}\nSPANS = (\n{spans},\n)\n")


def _lines(text: str) -> str:
    """A string of lines as Python source, a line of the string to a line of the source (the
    compiler joins them back into one constant)."""
    parts = [line + "\n" for line in text.split("\n")]
    parts[-1] = parts[-1][:-1]  # the last line has no line break after it
    return "(\n" + "".join(f"    {part!r}\n" for part in parts) + ")"


def shipped_index(folder: str) -> Index | None:
    """The index written beside the catalog in ``folder``, if there is one: read as Python
    source through its byte-code cache, like a module (in a source checkout, an editable or a
    regular install alike, it is the file beside the catalog actually read)."""
    from importlib.machinery import SourceFileLoader

    path = os.path.join(folder, "catalog_index.py")
    space: dict[str, Any] = {}
    try:
        name = "solo.data.catalog_index"
        code = SourceFileLoader(name, path).get_code(name)
        exec(code, space)  # type: ignore[arg-type]  # (None only for a file it cannot read)
        return Index(space["SIZE"], space["LINES"], space["NAMES"], space["TYPES"], space["SPANS"])
    except Exception:  # missing or damaged: the catalog's lines are read instead
        return None


_CARD_START: Final = '{"name":"'


def _card_texts(text: str) -> dict[str, Entry] | None:
    """Lower-case name -> (name, type, JSON text) of each card of ``catalog.json``'s text, read
    line by line (a card's first line starts with its name and type; the lines after it, up to
    the next card, are the rest of it: its attacks); None when the text is not laid out so;
    ValueError when a card's name or type holds an escape (the JSON decoder reads those).

    One pass with no call per line: it runs at every start-up that needs a card."""
    lines = text.rstrip().split("\n")
    _, sep, lines[0] = lines[0].partition('"cards":[')
    if not sep or not lines[-1].endswith("}]}"):
        return None
    lines[-1] = lines[-1][:-2] + ","  # the last card ends the list
    # import_cards.py breaks the list before every '{"name"' that follows a '},' (cards, and the
    # attacks of a card): any other layout (all on one line, indented...) is not read this way.
    start, skip, after = _CARD_START, len(_CARD_START), '","type":"'
    cards: list[tuple[int, str, str]] = []  # (first line, name, type) of each card
    for i, line in enumerate(lines):
        if not line.startswith(start) or not line.endswith(",") or '},{"name"' in line:
            return None
        name_end = line.find('"', skip)
        if name_end < 0 or not line.startswith(after, name_end):  # an attack of the card above
            if "\\" in line[:name_end if name_end >= 0 else len(line)]:
                raise ValueError("a name with an escape")
            if not cards:
                return None
            continue
        type_end = line.find('"', name_end + len(after))
        name, type_ = line[skip:name_end], line[name_end + len(after):type_end]
        if type_end < 0 or "\\" in name or "\\" in type_:
            raise ValueError("a name with an escape")
        cards.append((i, name, type_))
    if not cards:
        return None
    ends = [first for first, _, _ in cards[1:]] + [len(lines)]
    # a card's text: its lines up to the next card's, less the comma that ends the last
    return {name.lower(): (name, type_, "\n".join(lines[first:end])[:-1])
            for (first, name, type_), end in zip(cards, ends)}
