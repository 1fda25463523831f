"""Deck sets: the Dummy Mage's four decks, read from and written to TOML (contract section 5).

Pure core: nothing here prints or prompts.  Problems with a file's *shape* (missing, unreadable,
bad TOML, a copy count that is not a whole number of at least 1, an unknown table) raise
:class:`~solo.core.errors.InvalidInput` (exit 2); problems with the *rules* (unknown cards, a card of
the wrong type, a deck of the wrong size) are listed by :func:`validate`, one line each.

Built-in sets are the TOML files shipped next to the catalog (:func:`solo.cards.catalog.data_dir`);
a person's own sets live in ``<user data dir>/decks`` (:func:`user_dir`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from solo.store.files import write_atomic
from solo.store.paths import user_folder, user_folder_text as _user_folder_text
from solo.cards.catalog import DECK_TYPES, SPELL_DECKS, Catalog, UnknownCard, data_dir
from solo.cards.catalog import data_folder, shipped_json
from solo.core.errors import (InvalidInput, SoloError, check_writable, describe_os_error, read_text,
                              unreadable)

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    from solo.cards.catalog import Card
    from solo.cards.coverage import Coverage

#: The four decks and how many cards each must hold.
DECK_SIZES: dict[str, int] = {"creature": 15, "enchantment": 10, "incantation": 10, "attack": 10}

#: Mana-cost buckets of :func:`mana_curve`: (label, lowest, highest or None).
CURVE_BUCKETS: tuple[tuple[str, int, int | None], ...] = (
    ("0-3", 0, 3), ("4-6", 4, 6), ("7-9", 7, 9), ("10-12", 10, 12), ("13-15", 13, 15), ("16+", 16, None))

#: Creature cost limits of the random sets.
HARDER_MIN_COST = 9
EASIER_MAX_COST = 9
#: Most copies of one card in a random set.
RANDOM_MAX_CREATURE_COPIES = 3
RANDOM_MAX_SPELL_COPIES = 2

_TOP_KEYS = ("name", "description")
#: The most card lines a set may list: a valid one lists at most 45 (15 creatures and 10 cards of
#: each spell deck), a set being built a few more for a while.  Past it a file is refused whole.
MAX_CARD_LINES = 200
#: How many unknown cards :func:`validate` finds the nearest names for (a search of the whole
#: catalog each); any more are counted on one line.
MAX_SUGGESTED = 10


def empty_decks() -> dict[str, dict[str, int]]:
    return {deck: {} for deck in SPELL_DECKS}


@dataclass
class DeckSet:
    """A named set of the four decks; ``decks[deck][card name] = copies``, in file order."""

    name: str
    description: str = ""
    decks: dict[str, dict[str, int]] = field(default_factory=empty_decks)
    #: the file it was read from, if any (not part of the set's identity), as text: reading
    #: and checking a set does not import pathlib (see :attr:`path`)
    file: str | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        for deck in SPELL_DECKS:
            self.decks.setdefault(deck, {})

    @property
    def path(self) -> Path | None:
        """The file it was read from, if any."""
        from pathlib import Path

        return None if self.file is None else Path(self.file)

    @path.setter
    def path(self, value: str | os.PathLike | None) -> None:
        self.file = None if value is None else os.fspath(value)

    def size(self, deck: str) -> int:
        return sum(self.decks[deck].values())

    def sizes(self) -> dict[str, int]:
        return {deck: self.size(deck) for deck in SPELL_DECKS}

    def key_of(self, deck: str, name: str) -> str | None:
        """The key under which ``name`` is listed in ``deck`` (matched without regard to case)."""
        low = name.strip().lower()
        for key in self.decks[deck]:
            if key.lower() == low:
                return key
        return None

    def copies(self, deck: str, name: str) -> int:
        key = self.key_of(deck, name)
        return self.decks[deck][key] if key else 0

    def copy(self) -> "DeckSet":
        return DeckSet(self.name, self.description, _deepcopy(self.decks), self.file)

    def canonical(self, catalog: Catalog) -> "DeckSet":
        """A copy with every known card spelled as in the catalog (same-card keys merged)."""
        out = DeckSet(self.name, self.description, empty_decks(), self.file)
        for deck, cards in self.decks.items():
            for name, n in cards.items():
                card = catalog.find(name)
                key = card.name if card else name
                existing = out.key_of(deck, key)
                if existing:
                    out.decks[deck][existing] += n
                else:
                    out.decks[deck][key] = n
        return out


# -- reading ---------------------------------------------------------------------------------

def load(path: str | os.PathLike) -> DeckSet:
    """Read a deck file; a file that cannot be read or has the wrong shape raises InvalidInput."""
    p = os.fspath(path)
    text = read_text(p, "deck file", "check the path, or see 'solo deck list'")
    return loads(text, where=p, default_name=_stem(p), path=p)


PARSED = "parsed.json"
_PARSED: dict[str, dict] | None = None


def _parsed() -> dict[str, dict]:
    """The built-in deck files as shipped, already parsed: their text -> their data.

    ``decks/parsed.json`` (written by ``python scripts/parsed_decks.py``; a test keeps it in
    step) spares the deck commands tomllib, whose import compiles its regular expressions
    (about 3 ms).  Found by the whole text, so a file changed by hand is parsed as any other.
    """
    global _PARSED
    if _PARSED is None:
        try:
            _PARSED = {e["text"]: e["data"] for e in shipped_json(PARSED)["files"]}
        except (KeyError, TypeError):  # missing or damaged: every file is parsed
            _PARSED = {}
    return _PARSED


def parsed_json() -> str:
    """What ``decks/parsed.json`` holds: every built-in ``*.toml``, its text and its data."""
    import json
    import tomllib

    folder = data_folder()
    files = []
    for name in _toml_names(folder):
        with open(os.path.join(folder, name), encoding="utf-8", newline="") as f:
            text = f.read().replace("\r\n", "\n").replace("\r", "\n")  # as read_text gives it
        files.append({"file": name, "text": text, "data": tomllib.loads(text)})
    return json.dumps({"files": files}, ensure_ascii=False, indent=1) + "\n"


def _stem(path: str) -> str:
    """The file name without its last suffix (``Path(path).stem``).

    >>> _stem("/a/b/my-set.toml"), _stem("harder"), _stem("x/.hidden")
    ('my-set', 'harder', '.hidden')
    """
    name = os.path.basename(path.rstrip("/") or path)
    stem, ext = os.path.splitext(name)
    return name if ext in ("", ".") else stem


def loads(text: str, where: str = "deck file", default_name: str = "Unnamed",
          path: str | os.PathLike | None = None) -> DeckSet:
    """Parse deck TOML (see :func:`load`).  A missing ``name`` defaults to ``default_name``."""
    known = _parsed().get(text)
    if known is not None:  # a built-in file as shipped: read already
        return from_dict(known, where, default_name, path)
    import tomllib

    from solo.core import precheck

    too_big = precheck.toml_problem(text)
    if too_big:
        raise InvalidInput(f"{where} cannot be read as a deck set: {too_big}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InvalidInput(f"{where} is not valid TOML: {err}") from None
    except (ValueError, RecursionError) as err:  # huge numbers, absurd nesting
        raise InvalidInput(f"{where} cannot be read as a deck set: {unreadable(err)}") from None
    return from_dict(data, where, default_name, path)


def from_dict(data: dict, where: str = "deck file", default_name: str = "Unnamed",
              path: str | os.PathLike | None = None) -> DeckSet:
    for key, value in data.items():
        if key in SPELL_DECKS or key in _TOP_KEYS:
            continue
        known = list(SPELL_DECKS) + list(_TOP_KEYS)
        import difflib

        near = difflib.get_close_matches(key.lower(), known, n=1, cutoff=0.6)
        hint = f"; did you mean {_as_toml_key(near[0], data)}?" if near else ""
        if isinstance(value, dict):
            raise InvalidInput(f"{where}: unknown table [{key}]{hint} "
                               f"(the decks are [creature], [enchantment], [incantation] and [attack])")
        raise InvalidInput(f"{where}: unknown key {key!r}{hint} "
                           f"(a deck file holds name, description and the four deck tables)")
    name = data.get("name", default_name)
    description = data.get("description", "")
    for key, value in (("name", name), ("description", description)):
        if not isinstance(value, str):
            raise InvalidInput(f"{where}: {key} must be text in quotes, not {value!r}")
    if not name.strip():
        raise InvalidInput(f"{where}: name is empty; give the set a name")
    lines = sum(len(t) for t in (data.get(d) for d in SPELL_DECKS) if isinstance(t, dict))
    if lines > MAX_CARD_LINES:
        raise InvalidInput(f"{where}: {lines:,} card lines, more than the {MAX_CARD_LINES} a deck set "
                           f"may list (a valid set needs at most 45); is it the right file?")
    decks = empty_decks()
    for deck in SPELL_DECKS:
        table = data.get(deck, {})
        if not isinstance(table, dict):
            raise InvalidInput(f"{where}: {deck} must be a table [{deck}] of \"Card name\" = copies, "
                               f"not {table!r}")
        for card, n in table.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise InvalidInput(f"{where}: [{deck}] {card!r} = {n!r}: copies must be a whole number "
                                   f"of at least 1 (remove the line to leave the card out)")
            decks[deck][card] = n
    return DeckSet(name.strip(), description, decks, None if path is None else os.fspath(path))


def _as_toml_key(key: str, data: dict) -> str:
    return f"[{key}]" if key in SPELL_DECKS else repr(key)


# -- the rules -------------------------------------------------------------------------------

def validate(deckset: DeckSet, catalog: Catalog) -> list[str]:
    """Every rule the set breaks, one line each, naming the deck and the card.

    An empty list means the set is valid: every card is in the catalog and of its deck's type,
    and the decks hold 15 creatures and 10 enchantments, incantations and attacks.
    """
    problems: list[str] = []
    unknown: list[str] = []
    for deck in SPELL_DECKS:
        want = DECK_TYPES[deck]
        seen: dict[str, str] = {}
        for name in deckset.decks[deck]:
            card = catalog.find(name)
            if card is None:
                unknown.append(name)
                if len(unknown) <= MAX_SUGGESTED:
                    problems.append(f"{deck} deck: unknown card {name!r}; "
                                    f"{_did_you_mean(catalog, name, want)}")
                continue
            if card.name in seen:
                problems.append(f"{deck} deck: {card.name} is listed twice ({seen[card.name]!r} and "
                                f"{name!r}); keep one line with the total copies")
            seen[card.name] = name
            if card.type != want:
                problems.append(f"{deck} deck: {card.name} is {_a(card.type)}, not {_a(want)}; "
                                + _where_it_goes(card.type))
        n, size = deckset.size(deck), DECK_SIZES[deck]
        if n != size:
            fix = f"add {size - n}" if n < size else f"remove {n - size}"
            problems.append(f"{deck} deck: {n} card{'s' if n != 1 else ''}, needs exactly {size}; {fix}")
    more = unknown[MAX_SUGGESTED:]
    if more:
        named = ", ".join(repr(n) for n in more[:3]) + (", ..." if len(more) > 3 else "")
        problems.append(f"and {len(more):,} more unknown card{'s' if len(more) != 1 else ''} ({named}); "
                        "correct the names above first, or look them up with solo cards search")
    return problems


def notes(deckset: DeckSet, catalog: Catalog) -> list[str]:
    """Things worth knowing that do not make a set invalid (see docs/rulings.md, Decks)."""
    out: list[str] = []
    for deck in SPELL_DECKS:
        for name, n in deckset.decks[deck].items():
            card = catalog.find(name)
            if card is None:
                continue
            if n > 1 and card.has("Legendary"):
                out.append(f"{deck} deck: {n} copies of {card.name}, which is Legendary: "
                           f"only one can be in play at a time")
            only = [t for t in card.traits if t.lower().endswith(" only")]
            if only:
                out.append(f"{deck} deck: {card.name} is marked {', '.join(only)} (a mage restriction; "
                           f"random sets leave such cards out)")
            elif card.dm.get("mage_only"):
                out.append(f"{deck} deck: {card.name} is for the {card.dm['mage_only']} only (a mage "
                           f"restriction; random sets leave such cards out)")
    return out


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _where_it_goes(type_: str) -> str:
    for deck, t in DECK_TYPES.items():
        if t == type_:
            return f"move it to the {deck} deck"
    return f"the Dummy Mage's decks hold no {type_} cards; remove it"


def _did_you_mean(catalog: Catalog, name: str, type_: str) -> str:
    hint = catalog.suggest(name, type_) or catalog.suggest(name)
    if hint:
        return "did you mean " + ", ".join(hint) + "?"
    return f"no similar {type_.lower()} card; try 'solo cards search'"


def deck_name(text: str) -> str:
    """The deck called ``text`` (any case, plural allowed), or InvalidInput listing the four."""
    low = text.strip().lower()
    for deck in SPELL_DECKS:
        if low in (deck, deck + "s"):
            return deck
    raise InvalidInput(f"no deck called {text!r}; the decks are {', '.join(SPELL_DECKS)}")


def card_for(catalog: Catalog, deck: str, name: str) -> "Card":
    """The catalog card ``name`` for ``deck``, or a clear error (unknown, or the wrong type)."""
    want = DECK_TYPES[deck]
    card = catalog.find(name)
    if card is None:
        raise UnknownCard(f"no card named {name!r} in the catalog; {_did_you_mean(catalog, name, want)}")
    if card.type != want:
        raise InvalidInput(f"{card.name} is {_a(card.type)}, not {_a(want)}, so it cannot go in the "
                           f"{deck} deck; " + _where_it_goes(card.type).replace("move it to", "it belongs in"))
    return card


# -- changing a set --------------------------------------------------------------------------

def set_copies(deckset: DeckSet, deck: str, name: str, copies: int) -> int:
    """Put exactly ``copies`` of ``name`` in ``deck`` (0 removes it); returns ``copies``."""
    if copies < 0:
        raise InvalidInput(f"copies cannot be negative ({copies})")
    key = deckset.key_of(deck, name)
    if copies == 0:
        if key:
            del deckset.decks[deck][key]
        return 0
    if key is None and sum(len(cards) for cards in deckset.decks.values()) >= MAX_CARD_LINES:
        raise InvalidInput(f"the set already lists {MAX_CARD_LINES} cards, the most a deck set may "
                           "list; remove some first")
    deckset.decks[deck][key or name] = copies
    return copies


def add_card(deckset: DeckSet, catalog: Catalog, deck: str, name: str, copies: int = 1) -> int:
    """Add ``copies`` of a catalog card to ``deck`` (checked); returns the card's new count."""
    if copies < 1:
        raise InvalidInput(f"--copies must be at least 1, not {copies}")
    card = card_for(catalog, deck, name)
    key = deckset.key_of(deck, card.name)
    if key and key != card.name:  # respell an old key as the catalog does, keeping its place
        deckset.decks[deck] = {(card.name if k == key else k): v for k, v in deckset.decks[deck].items()}
    return set_copies(deckset, deck, card.name, deckset.copies(deck, card.name) + copies)


def remove_card(deckset: DeckSet, deck: str, name: str, copies: int | None = None) -> int:
    """Take ``copies`` of ``name`` out of ``deck`` (None: every copy); returns the new count."""
    key = deckset.key_of(deck, name)
    if key is None:
        listed = list(deckset.decks[deck])
        import difflib

        near = difflib.get_close_matches(name, listed, n=3, cutoff=0.5)
        hint = (f"; did you mean {', '.join(near)}?" if near
                else f"; it holds {', '.join(listed)}" if listed else "; it is empty")
        raise InvalidInput(f"{name!r} is not in the {deck} deck{hint}")
    have = deckset.decks[deck][key]
    if copies is None:
        copies = have
    if copies < 1:
        raise InvalidInput(f"--copies must be at least 1, not {copies}")
    if copies > have:
        raise InvalidInput(f"the {deck} deck has only {have} {key}; cannot remove {copies}")
    return set_copies(deckset, deck, key, have - copies)


# -- summaries -------------------------------------------------------------------------------

def mana_curve(deck: dict[str, int], catalog: Catalog) -> dict[str, int]:
    """Copies per mana-cost bucket (:data:`CURVE_BUCKETS`), every bucket present, in order.

    Enchantments count their casting and reveal costs together; X costs count as 0; cards the
    catalog does not know are left out.
    """
    curve = {label: 0 for label, _, _ in CURVE_BUCKETS}
    for name, n in deck.items():
        card = catalog.find(name)
        if card is None:
            continue
        curve[cost_bucket(card.mana)] += n
    return curve


def cost_bucket(mana: int) -> str:
    """The :data:`CURVE_BUCKETS` label of a mana cost.

    >>> [cost_bucket(m) for m in (0, 3, 4, 9, 12, 15, 16, 28)]
    ['0-3', '0-3', '4-6', '7-9', '10-12', '13-15', '16+', '16+']
    """
    for label, low, high in CURVE_BUCKETS:
        if mana >= low and (high is None or mana <= high):
            return label
    return CURVE_BUCKETS[0][0]


def curve_text(curve: dict[str, int]) -> str:
    """One line: ``0-3: 2  4-6: 5 ...`` (empty buckets shown as 0).

    >>> curve_text({"0-3": 2, "4-6": 0})
    'mana 0-3: 2  4-6: 0'
    """
    return "mana " + "  ".join(f"{label}: {n}" for label, n in curve.items())


# -- where sets live -------------------------------------------------------------------------

def _deepcopy(decks: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """A copy of a set's decks (names to counts): new dicts, nothing shared."""
    return {deck: dict(cards) for deck, cards in decks.items()}


def builtin_dir() -> Path:
    return data_dir()


def user_data_dir() -> Path:
    """``$SOLO_DATA_DIR`` if set, else the platform's user data dir for solo."""
    return user_folder("SOLO_DATA_DIR", "data")


def user_dir() -> Path:
    """Where a person's own deck sets are saved."""
    return user_data_dir() / "decks"


def check_user_dir(write: bool = False) -> Path:
    """:func:`user_dir`, refused with one line when the data folder (or its ``decks`` folder) is
    a file -- and, with ``write``, when sets could not be saved there (read-only, not yours)."""
    folder = user_dir()
    for p in (user_data_dir(), folder):
        if os.path.lexists(p) and not p.is_dir():
            raise InvalidInput(f"your data folder {p} is a file, not a folder; move the file away, "
                               "or set SOLO_DATA_DIR to a folder")
    if write:
        try:
            check_writable(folder, "your data folder", folder=True)
        except InvalidInput as err:
            raise InvalidInput(f"{err} (or set SOLO_DATA_DIR to another folder)") from None
    return folder


def is_builtin(path: str | os.PathLike) -> bool:
    try:
        return os.path.dirname(os.path.realpath(path)) == os.path.realpath(data_folder())
    except OSError:  # pragma: no cover
        return False


def slugify(name: str) -> str:
    """A file-name stem for a set name.

    >>> slugify("My  Deck: Hard!"), slugify("Élan"), slugify("???")
    ('my-deck-hard', 'élan', 'deck')
    """
    import re

    slug = re.sub(r"[^\w]+", "-", name.strip().lower()).strip("-_")
    return slug or "deck"


@dataclass(frozen=True)
class SetEntry:
    """One set found on disk (``deckset`` is None when the file is broken; ``error`` says why)."""

    name: str
    where: str  # "built-in" | "user"
    path: Path
    description: str = ""
    deckset: DeckSet | None = None
    error: str | None = None
    shadowed: bool = False


def _scan(folder: Path, where: str) -> list[SetEntry]:
    from pathlib import Path

    out = []
    for file, ds, error in _read_folder(os.fspath(folder)):
        p = Path(file)
        if ds is None:
            out.append(SetEntry(p.stem, where, p, error=error))
        else:
            out.append(SetEntry(ds.name, where, p, ds.description, ds))
    return out


def _toml_names(folder: str) -> list[str]:
    """The names of the ``*.toml`` files of ``folder``, in order."""
    return sorted(n for n in os.listdir(folder) if n.endswith(".toml"))


def _read_folder(folder: str) -> list[tuple[str, DeckSet | None, str | None]]:
    """Every ``*.toml`` of ``folder``, in name order: (file, its set or None, why not)."""
    try:
        names = _toml_names(folder)
    except OSError:  # no such folder (or not a folder): no sets there
        return []
    out: list[tuple[str, DeckSet | None, str | None]] = []
    for n in names:
        file = os.path.join(folder, n)
        try:
            out.append((file, load(file), None))
        except SoloError as err:
            out.append((file, None, str(err)))
    return out


def available() -> list[SetEntry]:
    """Built-in sets, then the person's own; a built-in set whose name a user set reuses is
    marked ``shadowed`` (names resolve to the user's copy)."""
    user = _scan(user_dir(), "user")
    user_names = {e.name.lower() for e in user} | {e.path.stem.lower() for e in user}
    builtin = [SetEntry(e.name, e.where, e.path, e.description, e.deckset, e.error,
                        shadowed=e.name.lower() in user_names)
               for e in _scan(builtin_dir(), "built-in")]
    return builtin + user


def _first_named(read: list[tuple[str, DeckSet | None, str | None]], low: str) -> DeckSet | None:
    """Of the files :func:`_read_folder` read, the set of the first named ``low`` (by set name
    or file stem, any case); a file of that stem that cannot be read is refused."""
    for file, ds, error in read:
        stem = _stem(file)
        if low in ((ds.name if ds else stem).lower(), stem.lower()):
            if ds is None:
                raise InvalidInput(error or f"cannot read {file}")
            return ds
    return None


def resolve(name_or_path: str | Path) -> DeckSet:
    """A deck file by path, else a user or built-in set by name or file stem (any case).

    A person's own set wins over a built-in one of the same name.
    """
    text = os.fspath(name_or_path)
    given = os.path.expanduser(text)
    if os.path.isdir(given):
        from pathlib import Path

        raise InvalidInput(f"{Path(given)} is a directory, not a deck file; give a .toml file or "
                           "a set name")
    if os.path.exists(given):  # a file, or a pipe or device: read_text refuses what is too big
        return load(given)
    low = text.strip().lower()
    found = _first_named(_read_folder(os.path.join(_user_folder_text("SOLO_DATA_DIR", "data"),
                                                   "decks")), low)
    if found is not None:
        return found
    # Each built-in set is named as its file is (a test checks), so the file of that name is
    # the only one to read; the others are read only to list them when nothing matches.
    if low and os.sep not in low and "/" not in low and not low.startswith("."):
        own = os.path.join(data_folder(), f"{low}.toml")
        if os.path.isfile(own):
            return load(own)
    found = _first_named(_read_folder(data_folder()), low)
    if found is not None:
        return found
    from pathlib import Path

    p = Path(given)
    entries = available()
    names = sorted({e.name for e in entries if e.deckset is not None}, key=str.lower)
    looks_like_path = p.suffix.lower() == ".toml" or os.sep in text or "/" in text
    first = f"no deck file at {p}" if looks_like_path else f"no deck set named {text!r}"
    raise InvalidInput(f"{first}; the sets are {', '.join(names) or '(none)'} "
                       "(or give the path of a .toml file)")


# -- writing ---------------------------------------------------------------------------------

def to_dict(deckset: DeckSet) -> dict:
    data: dict = {"name": deckset.name, "description": deckset.description}
    for deck in SPELL_DECKS:
        data[deck] = dict(deckset.decks[deck])
    return data


def dumps(deckset: DeckSet, catalog: Catalog | None = None) -> str:
    """The set as deck TOML; with a catalog, card names are spelled as the catalog spells them."""
    import tomli_w

    if catalog is not None:
        deckset = deckset.canonical(catalog)
    return tomli_w.dumps(to_dict(deckset), multiline_strings="\n" in deckset.description)


def save(deckset: DeckSet, path: str | Path, catalog: Catalog | None = None) -> Path:
    """Write the set to ``path`` atomically (a temporary file, then a rename); returns the path."""
    from pathlib import Path

    p = Path(path).expanduser()
    text = dumps(deckset, catalog)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise InvalidInput(describe_os_error(err, p, "deck file")) from None
    write_atomic(p, text, "deck file")
    deckset.path = p
    return p


# -- random sets -----------------------------------------------------------------------------


#: (fully modelled names, {name: (level, why, things by hand)} of the others), from
#: ``decks/coverage.json``; None until first read.
_SHIPPED: tuple[frozenset[str], dict[str, tuple[str, str, int]]] | None = None


def _shipped() -> tuple[frozenset[str], dict[str, tuple[str, str, int]]]:
    """What ``scripts/cards_doc.py`` wrote of each card's coverage (nothing when the file is
    missing or damaged: every card is then worked out by :func:`solo.cards.coverage.coverage`)."""
    global _SHIPPED
    if _SHIPPED is None:
        data = shipped_json("coverage.json")
        try:
            _SHIPPED = (frozenset(data["modelled"]),
                        {k: (str(v[0]), str(v[1]), int(v[2])) for k, v in data["others"].items()})
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            _SHIPPED = (frozenset(), {})
    return _SHIPPED


def partly_modelled(deckset: DeckSet, catalog: Catalog) -> list[tuple[str, str, "Coverage"]]:
    """(deck, card, coverage) of every known card of the set that is not fully modelled."""
    from solo.cards.coverage import coverage

    out = []
    for deck in SPELL_DECKS:
        for name in deckset.decks[deck]:
            card = catalog.find(name)
            if card is not None:
                c = coverage(card)
                if c.level != "modelled":
                    out.append((deck, card.name, c))
    return out


def _levels(deckset: DeckSet, catalog: Catalog) -> list[tuple[str, str, str, str, int]]:
    """(deck, card, level, why, things by hand) of every known card of the set that is not
    fully modelled: from the shipped summary, or worked out for a card it does not know."""
    modelled, others = _shipped()
    out = []
    for deck in SPELL_DECKS:
        for name in deckset.decks[deck]:
            card = catalog.find(name)
            if card is None or card.name in modelled:
                continue
            known = others.get(card.name)
            if known is None:
                from solo.cards.coverage import coverage

                c = coverage(card)
                known = (c.level, c.why, len(c.by_hand))
            if known[0] != "modelled":
                out.append((deck, card.name, *known))
    return out


def coverage_warnings(deckset: DeckSet, catalog: Catalog) -> list[str]:
    """One line per card the Dummy Mage cannot fully play (warnings: the set stays valid)."""
    out = []
    for deck, name, level, why, n in _levels(deckset, catalog):
        if level == "unusable":
            out.append(f"{deck} deck: {name} cannot be used by the Dummy Mage ({why}); drawn, "
                       f"it is discarded")
        else:
            out.append(f"{deck} deck: {name} is partly modelled: you apply {n} thing"
                       f"{'s' if n != 1 else ''} by hand ({why}); see solo cards show {name!r}")
    return out


